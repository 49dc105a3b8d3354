"""Noblesse's events in words: one formatter per event kind, for the log and every reader's
page (``Noblesse.describe``). Players go by name, and in diplomacy factions by name
(Faction Leaders negotiate as their faction, never by seat: NSE-117). Most of the Night's
events carry their own text (a report, a post, a ruling) and are told as written.

>>> from bureau.engine import Event
>>> from .game import GAME
>>> state = GAME.new(8, seed=1)
>>> describe(state, Event("done", player=1))
'Ben is done for the Day.'
>>> describe(state, Event("report", player=0, text="Battle: Ann against Gus\\n...\\nAnn wins."))
'Battle: Ann against Gus; Ann wins.'
"""

from __future__ import annotations

from collections.abc import Callable

from bureau.engine import Event

from .state import State

Line = Callable[[State, dict], str]

# Night step 1's treaty events (their text says what happened): the words after "Treaty N"
TREATY_NEWS = {
    "treaty started": " starts",
    "treaty ended": " ended",
    "treaty penalty": ", penalty",
    "treaty decision": ", for the moderator",
    "penalty paid": ", penalty payment",
}
# the events that carry their own line as ``text``
TOLD = (
    "report",
    "post",
    "over",
    "moderator",
    "override",
    "caution",
    "successor",
    "officer",
    "answer",
    "contact",
    "vote",
)


def describe(state: State, e: Event) -> str:
    """One line for ``e`` (a kind without a line: its text, if it has one, else its data)."""
    line = LINES.get(e.kind)
    if line is not None:
        return line(state, e.data)
    return _told(state, e.data) if "text" in e.data else f"{e.kind} {e.data}"


def _fac(s: State, f: int) -> str:
    return s.scenario.factions[f].name


def _told(s: State, d: dict) -> str:
    lines = d["text"].splitlines() or [""]
    # a battle report (NSE-A14) is told whole in the report: here its first and last
    # lines, who fought and who won
    return lines[0] if len(lines) == 1 else f"{lines[0]}; {lines[-1]}"


def _news(kind: str) -> Line:
    return lambda s, d: f"Treaty {d['treaty']}{TREATY_NEWS[kind]}: {d['text'].rstrip('.')}."


def _signed(s: State, d: dict) -> str:
    return (
        f"{_fac(s, d['f2'])} signed treaty {d['treaty']} with {_fac(s, d['f1'])}; it starts"
        f" at Night {d['start']}."
    )


def _breach(s: State, d: dict) -> str:
    own = " its own" if d["by"] == d["offender"] else ""
    return (
        f"{_fac(s, d['by'])} reported{own} breach of promise {d['promise']} of treaty"
        f" {d['treaty']} by {_fac(s, d['offender'])}; the penalties take effect at step 1"
        f" of Night {d['effect']}."
    )


def _status(s: State, d: dict) -> str:
    a, b = (_fac(s, f) if isinstance(f, int) else str(f) for f in d["factions"])
    return f"{a} and {b} are now {d['new']} (they were {d['old']})."


LINES: dict[str, Line] = {
    "night": lambda s, d: f"Night {d['night']} is resolved.",
    "order": lambda s, d: f"{s.names[d['player']]} ordered: {d['order']}",
    "done": lambda s, d: f"{s.names[d['player']]} is done for the Day.",
    "cancelled": lambda s, d: f"{s.names[d['player']]} cancelled the order: {d['order']}",
    "treaty proposed": lambda s, d: (
        f"{_fac(s, d['by'])} proposed treaty {d['treaty']} to {_fac(s, d['to'])}."
    ),
    "treaty signed": _signed,
    "treaty rejected": lambda s, d: f"{_fac(s, d['by'])} rejected treaty {d['treaty']}.",
    "breach reported": _breach,
    "status changed": _status,
    **{kind: _news(kind) for kind in TREATY_NEWS},
    **dict.fromkeys(TOLD, _told),
}

__all__ = ["LINES", "TREATY_NEWS", "describe"]
