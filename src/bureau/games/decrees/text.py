"""Final Decrees' events in words: one formatter per event kind, for the log and every
reader's page (``FinalDecrees.describe``), naming players, departments, decrees and cards.

>>> from bureau.engine import Event, told
>>> from .game import GAME
>>> state = GAME.new(4, seed=1)
>>> describe(state, Event("bid_made", player=1))
'Ben has bid.'
"""

from __future__ import annotations

from collections.abc import Callable

from bureau.engine import Event, plural, told
from bureau.engine import deals as deal_book

from .actions import decree_text
from .control import arrow_text
from .state import DEPT_CODES, DEPT_TITLES, State

Line = Callable[[State, dict], str]


def describe(state: State, e: Event) -> str:
    """One line for ``e`` (an unknown kind shows its data)."""
    return told(LINES, e, state)


def _who(s: State, d: dict, key: str = "player") -> str:
    return s.names[d[key]]


def _dept(d: dict, key: str = "dept") -> str:
    return DEPT_CODES[d[key]]


def _card(s: State, kind: int) -> str:
    return s.cards[kind].name


def _bids(s: State, d: dict) -> str:
    shown = ", ".join(f"{s.names[int(seat)]} {b}" for seat, b in d["bids"].items())
    gains = ", ".join(f"{s.names[int(seat)]} +{g}" for seat, g in d["gains"].items())
    label = "Bids" if d["round"] == 0 else f"Rebid {d['round']}"
    if d["winner"] < 0:
        result = "tied for highest: they bid again"
    else:
        by_lot = " (by lot)" if d["by_lot"] else ""
        result = f"{s.names[d['winner']]} heads Human Resources{by_lot}"
    return f"{label}: {shown}; blame {gains}; {result}."


def _head(s: State, d: dict) -> str:
    by = f" ({s.names[d['by']]}'s move)" if "by" in d else ""
    return f"{_who(s, d)} heads {DEPT_TITLES[d['dept']]}{by}."


def _dept_blame(s: State, d: dict) -> str:
    why = {"incompetence": "general incompetence", "decrees": "decrees on its mat"}[d["why"]]
    return f"{_dept(d)} gains {d['amount']} blame for {why}."


def _drew(s: State, d: dict) -> str:
    if d.get("card") == s.sd:
        return f"{_who(s, d)} drew Stagnation and Decline!"
    if "card" in d:
        return f"{_who(s, d)} drew {_card(s, d['card'])}."
    return f"{_who(s, d)} drew a card."


def _decline(s: State, d: dict) -> str:
    gone = ", ".join(_card(s, k) for k in d["discarded"]) or "nothing"
    return f"Stagnation and Decline: discarded {gone}."


def _kept(s: State, d: dict) -> str:
    if d["card"] >= 0:
        return f"{_who(s, d)} keeps {_card(s, d['card'])}."
    return f"{_who(s, d)} keeps nothing."


def _enacted(s: State, d: dict) -> str:
    if d["chooser"] >= 0:
        extra = f"{s.names[d['chooser']]} may remove {d['amount']} blame"
    else:
        extra = f"{DEPT_CODES[d['top']]} has no head: no extra blame is removed"
    return f"{decree_text(d['decree'])} is enacted! {extra}."


def _extra_removed(s: State, d: dict) -> str:
    parts = [
        f"{r[2]} from {s.names[r[0]] if r[0] >= 0 else DEPT_CODES[r[1]]}" for r in d["removals"]
    ]
    return f"{_who(s, d)} removes {', '.join(parts) or 'nothing'}."


def _blame_moved(s: State, d: dict) -> str:
    parts = ", ".join(f"{n} {DEPT_CODES[a]} to {DEPT_CODES[b]}" for n, a, b in d["moves"])
    return f"{_who(s, d)} moves blame: {parts}."


def _cards_given(s: State, d: dict) -> str:
    cards = d.get("cards")
    got = ", ".join(_card(s, k) for k in cards) if cards is not None else plural(d["count"], "card")
    return f"{_who(s, d)} gives {s.names[d['to']]} {got}."


def _restructured(s: State, d: dict) -> str:
    to = f" to {arrow_text(d['to'])}" if d["to"] else ""
    return f"{_who(s, d)} restructures: {d['op']} {arrow_text(d['arrow'])}{to}."


def _reassigned(s: State, d: dict) -> str:
    moved = (
        ", ".join(f"{s.names[seat]} to {DEPT_CODES[x]}" for seat, x in d["placements"])
        or "nobody moves"
    )
    return f"{_who(s, d)} reassigns: {moved}."


def _game_over(s: State, d: dict) -> str:
    if d["capped"]:
        return f"The game stopped at the cap: {d['reason']}; no winner."
    won = [s.names[seat] for seat in d["winners"]]
    if len(won) == 1:
        return f"Game over ({d['reason']}): {won[0]} wins with the least blame."
    tied = f"{', '.join(won[:-1])} and {won[-1]}"
    return f"Game over ({d['reason']}): {tied} share the win with the least blame."


def _deal(what: str) -> Line:
    """The shared deal book's line for ``deal_WHAT`` (``bureau.engine.deals.describe``)."""
    return lambda s, d: deal_book.describe(s.names, what, d)


DEALS = ("offered", "answered", "done", "failed", "withdrawn", "expired")

LINES: dict[str, Line] = {
    "bid_made": lambda s, d: f"{_who(s, d)} has bid.",
    "bids": _bids,
    "head": _head,
    "dealt": lambda s, d: f"{_who(s, d)} was dealt {_card(s, d['card'])}.",
    "deck_ready": lambda s, d: f"The deck is ready: {plural(d['cards'], 'card')}.",
    "turn": lambda s, d: f"Turn {d['turn']}: {_who(s, d)} ({DEPT_CODES[s.dept_of[d['player']]]}).",
    "dept_blame": _dept_blame,
    "drew": _drew,
    "decline": _decline,
    "reshuffled": lambda s, d: (
        f"Stagnation and Decline is shuffled back into the deck ({plural(d['cards'], 'card')})."
    ),
    "kept": _kept,
    "blame_to_head": lambda s, d: (
        f"{_dept(d)}'s {d['amount']} blame goes to {_who(s, d)} ({d['why']})."
    ),
    "blame_lost": lambda s, d: f"{_who(s, d)} loses {d['amount']} personal blame ({d['why']}).",
    "decree_moved": lambda s, d: f"{_who(s, d)} sends {decree_text(d['decree'])} to {_dept(d)}.",
    "stamped": lambda s, d: (
        f"{_who(s, d)} stamps step {d['step']} of {decree_text(d['decree'])} at {_dept(d)}."
    ),
    "enacted": _enacted,
    "extra_removed": _extra_removed,
    "played": lambda s, d: f"{_who(s, d)}: {d['text']} ({_card(s, d['card'])}).",
    "no_effect": lambda s, d: f"The card's {d['do'].replace('_', ' ')} has no target: no effect.",
    "extra_actions": lambda s, d: f"{_who(s, d)} gains {plural(d['amount'], 'action')}.",
    "blame_moved": _blame_moved,
    "dept_blame_removed": lambda s, d: f"{_who(s, d)} removes {d['amount']} blame from {_dept(d)}.",
    "blame_given": lambda s, d: f"{_who(s, d)} gives {s.names[d['to']]} {d['amount']} blame.",
    "cards_given": _cards_given,
    "restructured": _restructured,
    "reassigned": _reassigned,
    "manoeuvres": lambda s, d: (
        f"{_who(s, d)} goes on manoeuvres: -{d['personal']} personal, -{d['dept']} Admiralty blame."
    ),
    "leave_taken": lambda s, d: f"{_who(s, d)} takes a leave of absence.",
    "leave": lambda s, d: f"{_dept(d)} gains no blame for decrees this turn (leave of absence).",
    "turn_over": lambda s, d: f"{_who(s, d)}'s turn is over.",
    "game_over": _game_over,
    **{f"deal_{what}": _deal(what) for what in DEALS},
}

__all__ = ["LINES", "describe"]
