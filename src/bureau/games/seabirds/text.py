"""Seabirds' events in words: one formatter per event kind, for the log, the forum post
and every reader's page (``Seabirds.describe``).

>>> from bureau.engine import Event, told
>>> from .game import GAME
>>> state = GAME.new(3, seed=1)
>>> describe(state, Event("ready", player=1))
'Ben is ready.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bureau.engine import Event, told

from .state import CARDS, State
from .transactions import ASSETS, HOUSES, UPGRADES, amounts_text

Line = Callable[[Sequence[str], dict], str]


def describe(state: State, e: Event) -> str:
    """One line for ``e``, naming players by name (an unknown kind shows its data)."""
    return told(LINES, e, state.names)


def _who(names: Sequence[str], d: dict) -> str:
    return names[d["player"]] if d.get("player") is not None else "the Bureau"


def _message(names: Sequence[str], d: dict) -> str:
    if d["channel"] == "private":
        where = "tells " + " and ".join(names[s] for s in d["to"])
    elif d["channel"] == "hidden":
        where = f"seals for Stop {d['to']}"
    else:
        where = "posts"
    return f"{_who(names, d)} {where}: {d['text']}"


def _understood(names: Sequence[str], d: dict) -> str:
    where = "your post" if d["stop"] is None else f"your sealed message for Stop {d['stop']}"
    return f"The Bureau reads {where} as: {' '.join(d['texts'])}"


def _executed(names: Sequence[str], d: dict) -> str:
    because = f" (its condition met by {'; '.join(d['because'])})" if d.get("because") else ""
    return f"Carried out: {d['text']}{because}"


def _income(names: Sequence[str], d: dict) -> str:
    what = amounts_text(tuple(d["amount"] if a == d["asset"] else 0 for a in range(len(ASSETS))))
    return f"{_who(names, d)} gains {what} ({UPGRADES[d['upgrade']]})."


def _game_over(names: Sequence[str], d: dict) -> str:
    won = [names[s] for s in d["winners"]]
    points = ", ".join(f"{names[s]} {v}" for s, v in enumerate(d["points"]))
    if len(won) == 1:
        return f"The game is over: {won[0]} wins (victory points: {points})."
    tied = f"{', '.join(won[:-1])} and {won[-1]}"
    return f"The game is over: {tied} share the win (victory points: {points})."


def _resolution(names: Sequence[str], d: dict) -> str:
    return f"Resolution of Round {d['round']}" + (" (the final Stop)." if d["final"] else ".")


def _as_told(names: Sequence[str], d: dict) -> str:
    return d["text"]


LINES: dict[str, Line] = {
    "house": lambda n, d: f"{_who(n, d)} is House {HOUSES[d['house']]}.",
    "rolled": lambda n, d: f"{_who(n, d)} ({HOUSES[d['house']]}) rolled {d['roll']}.",
    "phase": lambda n, d: f"Round {d['round']}: the {d['phase'].title()} Phase begins.",
    "message": _message,
    "bureau": lambda n, d: f"The Bureau: {d['text']}",
    "understood": _understood,
    "executed": _executed,
    "failed": lambda n, d: f"Failed ({d['reason']}): {d['text']}",
    "standing": lambda n, d: f"Standing until its condition is met: {d['text']}",
    "lapsed": lambda n, d: f"Lapsed: {d['text']}",
    "ability_paid": lambda n, d: (
        f"{_who(n, d)} ({HOUSES[d['house']]}) gains {d['amount']} Money by its ability."
    ),
    "resolution": _resolution,
    "complication": lambda n, d: f"Complication: {CARDS[d['card']]}.",
    "hazard": lambda n, d: "Hazard: the Houses do not land this Round.",
    "income": _income,
    "revealed": lambda n, d: (
        f"Opened, {n[d['player']]}'s sealed message for Stop {d['stop']}: {d['text']}"
    ),
    "ready": lambda n, d: f"{_who(n, d)} is ready.",
    "deadline": lambda n, d: (
        f"The {d['phase'].title()} Phase of Round {d['round']} reaches its time limit."
    ),
    "limits_proposed": lambda n, d: (
        f"{_who(n, d)} proposes {d['air']} h Air and {d['land']} h Land for this Round."
    ),
    "limits_agreed": lambda n, d: f"{_who(n, d)} agrees to the time limits.",
    "limits": lambda n, d: f"This Round's limits: Air {d['air']} h, Land {d['land']} h.",
    "administered": lambda n, d: (
        f"{_who(n, d)}'s Loyal Administrator puts {CARDS[d['card']]} on top of the deck."
    ),
    "orders": lambda n, d: f"{_who(n, d)} sets Distribution orders.",
    "override": _as_told,
    "corrected": _as_told,
    "moderator": _as_told,
    "note": lambda n, d: f"The moderator notes: {d['text']}",
    "game_over": _game_over,
}
