"""Aristocracy's events in words: one formatter per event kind, for the log and every
reader's page (``Aristocracy.describe``), naming players and showing cards as 7♥.

>>> from bureau.engine import Event, told
>>> from .game import GAME
>>> state = GAME.new(3, seed=1)
>>> describe(state, Event("bought", player=1, card=0, price=2))
'Ben took A♠ for 2 coins.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bureau.cards import pretty
from bureau.engine import Event, plural, told

from .state import ROYAL_NAMES, State

Line = Callable[[Sequence[str], dict], str]


def describe(state: State, e: Event) -> str:
    """One line for ``e``, naming players by name (an unknown kind shows its data)."""
    return told(LINES, e, state.names)


def _who(names: Sequence[str], d: dict, key: str = "player") -> str:
    seat: int | None = d.get(key, -1)
    return names[seat] if seat is not None and seat >= 0 else "the Bureau"


def _cards(d: dict, key: str = "cards") -> str:
    return " ".join(pretty(c) for c in d[key]) or "nothing"


def _building(names: Sequence[str], d: dict) -> str:
    owner = d["owner"] if "owner" in d else d["player"]
    return f"{names[owner]}'s building #{d['building'] + 1}"


def _round(names: Sequence[str], d: dict) -> str:
    return f"Year {d['year']}, {ROYAL_NAMES[d['royal']]} round; {names[d['herald']]} is Herald."


def _drew(names: Sequence[str], d: dict) -> str:
    if "card" in d:
        return f"{_who(names, d)} drew {pretty(d['card'])}."
    return f"{_who(names, d)} drew a card."


def _discarded(names: Sequence[str], d: dict) -> str:
    why = f" ({d['why']})" if d.get("why") else ""
    if "cards" in d:
        return f"{_who(names, d)} discarded {_cards(d)}{why}."
    up = f"; face up: {_cards(d, 'face_up')}" if d.get("face_up") else ""
    return f"{_who(names, d)} discarded {plural(d['count'], 'card')} face down{why}{up}."


def _ball_revealed(names: Sequence[str], d: dict) -> str:
    if d["cards"] and isinstance(d["cards"][0], list):  # ARI-A12: who gave which
        return "Ball: " + "; ".join(
            f"{names[seat]} {' '.join(pretty(c) for c in given)}"
            for seat, given in enumerate(d["cards"])
        )
    return f"Ball cards: {_cards(d)}."


def _ball_returned(names: Sequence[str], d: dict) -> str:
    if "cards" in d:
        return f"{_who(names, d)} got back {_cards(d)} from the ball."
    return f"{_who(names, d)} got back {plural(d['count'], 'card')} from the ball."


def _collided(names: Sequence[str], d: dict) -> str:
    both = " and ".join(names[seat] for seat in d["players"])
    return f"{both} both picked {pretty(d['card'])}: it is discarded."


def _stall_formed(names: Sequence[str], d: dict) -> str:
    count = "" if d.get("count") is None else f" ({plural(d['count'], 'card')})"
    return f"{_who(names, d)} formed a stall{count}."


def _stalls(names: Sequence[str], d: dict) -> str:
    shown = [" ".join(pretty(c) for c in s) or "-" for s in d["stalls"]]
    return "Stalls: " + "; ".join(f"{names[seat]} {s}" for seat, s in enumerate(shown))


def _traded(names: Sequence[str], d: dict) -> str:
    where = "the market" if d["owner"] < 0 else f"{names[d['owner']]}'s stall"
    return f"{_who(names, d)} traded {pretty(d['give'])} for {pretty(d['take'])} from {where}."


def _harvested(names: Sequence[str], d: dict) -> str:
    got = f": {pretty(d['card'])}" if "card" in d else ""
    return f"{_who(names, d)} harvested building #{d['building'] + 1}{got}."


def _built(names: Sequence[str], d: dict) -> str:
    size = {"farm": "a farm", "estate": "an estate", "chateau": "a château"}[d["size"]]
    return f"{_who(names, d)} built {size} on {pretty(d['address'])}."


def _game_over(names: Sequence[str], d: dict) -> str:
    if d["capped"]:
        return f"The game stopped at the year cap: {d['reason']}; no winner."
    return f"Game over ({d['reason']}): {', '.join(names[seat] for seat in d['winners'])} wins."


LINES: dict[str, Line] = {
    "round": _round,
    "market": lambda n, d: f"Market: {_cards(d)}.",
    "drew": _drew,
    "reshuffled": lambda n, d: (
        f"The discard pile ({d['cards']} cards) was shuffled into a new draw pile."
    ),
    "discarded": _discarded,
    "tax": lambda n, d: "Tax: " + ", ".join(n[seat] for seat in d["players"]) + " must discard.",
    "committed": lambda n, d: f"{_who(n, d)} has decided.",
    "contributed": lambda n, d: f"{_who(n, d)} gave {plural(d['count'], 'card')} to the ball.",
    "ball_revealed": _ball_revealed,
    "ball_returned": _ball_returned,
    "bids": lambda n, d: (
        "Bids: " + ", ".join(f"{n[seat]} {b}" for seat, b in enumerate(d["bids"])) + "."
    ),
    "picked": lambda n, d: f"{_who(n, d)} picked {pretty(d['card'])}.",
    "bought": lambda n, d: (
        f"{_who(n, d)} took {pretty(d['card'])} for {plural(d['price'], 'coin')}."
    ),
    "collided": _collided,
    "stall_formed": _stall_formed,
    "stalls": _stalls,
    "active": lambda n, d: f"{_who(n, d)} acts ({plural(d['actions'], 'action')}).",
    "traded": _traded,
    "stored": lambda n, d: f"{_who(n, d)} stored a card in their building #{d['building'] + 1}.",
    "hid": lambda n, d: f"{_who(n, d)} took {pretty(d['card'])} back into their hand.",
    "sold": lambda n, d: f"{_who(n, d)} sold {_cards(d)} for 1 coin.",
    "harvested": _harvested,
    "downgraded": lambda n, d: (
        f"{_who(n, d)} picked up {plural(d['count'], 'card')} from building #{d['building'] + 1}."
    ),
    "dismantled": lambda n, d: (
        f"{_who(n, d)}'s building on {pretty(d['address'])} went back to their hand."
    ),
    "favor": lambda n, d: f"{_who(n, d)} called on the favor of {pretty(d['card'])}.",
    "royal": lambda n, d: f"{_who(n, d)} paid 1 coin for a royal action.",
    "built": _built,
    "upgraded": lambda n, d: (
        f"{_who(n, d)} added {plural(d['count'], 'card')} to building #{d['building'] + 1}."
    ),
    "bought_discard": lambda n, d: (
        f"{_who(n, d)} bought {pretty(d['card'])} from the discard pile."
    ),
    "visit": lambda n, d: f"{_who(n, d)} visits {_building(n, d)}.",
    "inspected": lambda n, d: f"You see {_cards(d)} in {_building(n, d)}.",
    "visit_clean": lambda n, d: f"Every card of {_building(n, d)} matches.",
    "visit_paid": lambda n, d: f"{_who(n, d)} paid {n[d['to']]} {d['coins']} coin.",
    "visit_unpaid": lambda n, d: f"{_who(n, d)} has no coin to pay {n[d['to']]}.",
    "penalty": lambda n, d: f"{_who(n, d)} invokes the penalty on the exposed {pretty(d['card'])}.",
    "exposed": lambda n, d: f"{_who(n, d)} exposed {pretty(d['card'])} in {_building(n, d)}.",
    "passed": lambda n, d: f"{_who(n, d)} passed.",
    "honor": lambda n, d: (
        "Honor: " + ", ".join(f"{n[seat]} +{g}" for seat, g in enumerate(d["coins"])) + "."
    ),
    "produced": lambda n, d: f"{_who(n, d)}'s farm #{d['building'] + 1} gained a production card.",
    "revealed": lambda n, d: "All buildings are revealed.",
    "game_over": _game_over,
}

__all__ = ["LINES", "describe"]
