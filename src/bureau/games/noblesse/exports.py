"""Forum-ready texts of the last Night: the public post and each player's private report,
in BBCode or Markdown (the moderator pastes them into the thread and the PMs).

>>> from bureau.games.noblesse.game import Noblesse
>>> g = Noblesse()
>>> st = g.new(8, seed=1, bots_only=True)
>>> public_post(st, "markdown").splitlines()[0]
'## Noblesse: before Night 1'
"""

from __future__ import annotations

from bureau.engine.forum import bold, check_format, code, heading, items, join

from . import combat
from .state import State


def public_post(state: State, fmt: str = "bbcode") -> str:
    """The Night's public post: what the forum learns (battles, estates, deaths)."""
    check_format(fmt)
    title = f"Noblesse: Night {state.night}" if state.night else "Noblesse: before Night 1"
    lines = [line for line in state.post if not line.startswith("Night ")]
    held: dict[str, list[str]] = {}
    for sq, (f, _) in sorted(state.ctrl.items()):
        held.setdefault(state.scenario.factions[f].short, []).append(state.label(sq))
    board = [f"{name}: {', '.join(squares)}" for name, squares in sorted(held.items())]
    parts = [heading(title, fmt), items(lines, fmt) or "A quiet Night."]
    if board:
        parts += [bold("Estates held", fmt), items(board, fmt)]
    return join(parts)


def private_report(state: State, seat: int, fmt: str = "bbcode") -> str:
    """``seat``'s private report of the Night, with round-by-round battle reports."""
    check_format(fmt)
    name = state.names[seat]
    lines = [line for line in state.reports[seat] if "\n" not in line] if state.reports else []
    parts = [heading(f"Night {state.night}: report for {name}", fmt), items(lines, fmt)]
    names = {f.key: f.short for f in state.scenario.factions} | {"neutral": "Neutrals"}
    for square, seats, battle in state.battles:
        if seat in seats:
            text = combat.report(battle, names, bbcode=fmt == "bbcode")
            parts += [bold(f"Battle at {square}", fmt), code(text, fmt)]
    return join(parts)
