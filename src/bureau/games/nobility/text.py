"""Nobility's events in words: one formatter per event kind, for the log and every
reader's page (``Nobility.describe``), naming players and showing cards as 7♥.

A formatter takes the state and the event's data: the match's end reads the rubbers'
results from the state; deals are worded by ``bureau.engine.deals``.

>>> from bureau.engine import Event, told
>>> from .game import GAME
>>> state = GAME.new(3, seed=1)
>>> describe(state, Event("paid", player=0, to=2, amount=3, why="deal"))
'Ann paid Cat 3 (deal).'
"""

from __future__ import annotations

from collections.abc import Callable

from bureau.cards import SUIT_NAMES, pretty
from bureau.engine import Event, plural, told
from bureau.engine import deals as deal_book

from .results import match_words, rubber_words
from .state import State

Line = Callable[[State, dict], str]


def describe(state: State, e: Event) -> str:
    """One line for ``e``, naming players by name (an unknown kind shows its data)."""
    return told(LINES, e, state)


def _who(s: State, d: dict, key: str = "player") -> str:
    return s.names[d[key]]


def _cards(d: dict, key: str = "cards") -> str:
    return " ".join(pretty(c) for c in d[key]) or "nothing"


def _meld(d: dict, key: str = "meld") -> str:
    return f"the {pretty(d[key])} meld"


def _players(s: State, d: dict) -> str:
    return " and ".join(s.names[seat] for seat in d["players"])


def _rubber(s: State, d: dict) -> str:
    return (
        f"Rubber {d['rubber']}: {s.names[d['dealer']]} deals; {pretty(d['turned'])} starts"
        " the stock discard pile."
    )


def _dealt(s: State, d: dict) -> str:
    return f"{_who(s, d)} was dealt {_cards(d) if 'cards' in d else '3 cards'}."


def _drew(s: State, d: dict) -> str:
    why = "" if d.get("why") == "draw" else f" ({d['why']})"
    if "card" in d:
        return f"{_who(s, d)} drew {pretty(d['card'])} from the {d['source']}{why}."
    return f"{_who(s, d)} drew a card from the stock{why}."


def _added(s: State, d: dict) -> str:
    merged = f", joining {_meld(d, 'merged')}" if d["merged"] >= 0 else ""
    whose = "" if d["owner"] == d["player"] else f" ({s.names[d['owner']]}'s)"
    return f"{_who(s, d)} added {pretty(d['card'])} to {_meld(d)}{whose}{merged}."


def _income(s: State, d: dict) -> str:
    double = " (doubled)" if d["doubled"] else ""
    if d["received"] == d["owed"]:
        return f"{_who(s, d)} received {d['received']}{double}."
    if d["received"] == 0:  # NOB-35
        return f"{_who(s, d)} received 0 of {d['owed']} owed{double}: the Bank is empty."
    return (
        f"{_who(s, d)} received {d['received']} of {d['owed']} owed{double}:"
        f" the Bank held only {d['received']}."
    )


def _no_income(s: State, d: dict) -> str:
    if d["why"] == "no_melds":
        return f"{_who(s, d)} received 0: no melds."
    if d["why"] == "no_suit":
        suit = SUIT_NAMES[d["suit"]]
        return f"{_who(s, d)} received 0: no meld of {suit}, and only {suit} melds pay."
    return f"{_who(s, d)} received 0: every meld that would pay is corrupted by a joker."


def _attack(s: State, d: dict) -> str:
    target = _meld(d) if d["meld"] >= 0 else f"{s.names[d['defender']]}'s hand"
    return f"{_who(s, d)} attacks {target} with {_cards(d, 'nobles')}."


def _battle(s: State, d: dict) -> str:
    result = "wins" if d["won"] else "fails"
    return (
        f"Battle: attack {d['attack']} against defence {d['defence']}, {_who(s, d)} {result};"
        f" lost {_cards(d, 'attackers_lost')} and {_cards(d, 'defenders_lost')}."
    )


def _captured_hand(s: State, d: dict) -> str:
    got = _cards(d) if "cards" in d else plural(d["count"], "card")
    return f"{_who(s, d)} captures {s.names[d['defender']]}'s hand: {got}."


def _retrieved(s: State, d: dict) -> str:
    where = f" to {_meld(d)}" if d["meld"] >= 0 else ""
    return f"{_who(s, d)} paid {d['paid']} to retrieve {pretty(d['card'])}{where}."


def _cards_given(s: State, d: dict) -> str:
    got = _cards(d) if "cards" in d else plural(d["count"], "card")
    return f"{_who(s, d)} gave {s.names[d['to']]} {got}."


def _election(s: State, d: dict) -> str:
    counts = ", ".join(f"{s.names[seat]} {n}" for seat, n in enumerate(d["provinces"]))
    return f"Election {d['number']}: provinces {counts}."


def _majority(s: State, d: dict) -> str:
    return f"Majority: {_players(s, d)}." if d["players"] else "Nobody holds the majority."


def _game_over(s: State, d: dict) -> str:
    if d["capped"]:
        return f"The match stopped at the cap: {d['reason']}; no winner."
    words = match_words(s.names, d["wins"], s.rubber_results, d["winners"], False, "")
    return f"Match over: {words}"


def _deal(what: str) -> Line:
    """The line of a ``deal_WHAT`` event, worded by the shared deal book."""
    return lambda s, d: deal_book.describe(s.names, what, d)


LINES: dict[str, Line] = {
    "rubber": _rubber,
    "dealt": _dealt,
    "turn": lambda s, d: f"Turn {d['turn']}: {_who(s, d)}.",
    "turn_over": lambda s, d: f"{_who(s, d)}'s turn is over.",
    "draw_skipped": lambda s, d: f"{_who(s, d)} has nothing to draw.",
    "drew": _drew,
    "melded": lambda s, d: f"{_who(s, d)} melded {_cards(d)}.",
    "added": _added,
    "income_claimed": lambda s, d: (
        f"{_who(s, d)} melded {pretty(d['card'])} into the noble discard pile: income."
    ),
    "income": _income,
    "no_income": _no_income,
    "maintenance": lambda s, d: (
        f"{_who(s, d)} paid {d['paid']} maintenance for {plural(d['nobles'], 'noble')}."
    ),
    "unpaid": lambda s, d: (
        f"{_who(s, d)} could not maintain {_cards(d)}: to the stock discard pile."
    ),
    "attack": _attack,
    "defended": lambda s, d: f"{_who(s, d)} defends with {_cards(d, 'nobles')}.",
    "battle": _battle,
    "captured_meld": lambda s, d: f"{_who(s, d)} takes over {_meld(d)}.",
    "captured_hand": _captured_hand,
    "discarded": lambda s, d: f"{_who(s, d)} discarded {pretty(d['card'])} to the {d['to']} pile.",
    "retrieved": _retrieved,
    "took_back": lambda s, d: f"{_who(s, d)} took {pretty(d['card'])} back from {_meld(d)}.",
    "passed": lambda s, d: f"{_who(s, d)} passes.",
    "meld_given": lambda s, d: f"{_who(s, d)} gave {_meld(d)} to {s.names[d['to']]} ({d['why']}).",
    "paid": lambda s, d: f"{_who(s, d)} paid {s.names[d['to']]} {d['amount']} ({d['why']}).",
    "cards_given": _cards_given,
    "conceded": lambda s, d: f"{_who(s, d)} concedes the rubber.",
    "coalition_formed": lambda s, d: f"Coalition: {_players(s, d)}.",
    "coalition_ended": lambda s, d: f"The coalition of {_players(s, d)} ends ({d['why']}).",
    "no_coalition": lambda s, d: f"{_who(s, d)} proposes no coalition.",
    "election": _election,
    "majority": _majority,
    "reshuffled": lambda s, d: (
        f"The stock discard pile ({plural(d['cards'], 'card')}) becomes the new stock."
    ),
    "exhausted": lambda s, d: "The stock is exhausted: free-for-all.",
    "rubber_over": lambda s, d: rubber_words(s.names, d),
    "game_over": _game_over,
    **{
        f"deal_{what}": _deal(what)
        for what in ("offered", "answered", "done", "failed", "withdrawn", "expired")
    },
}

__all__ = ["LINES", "describe"]
