"""Forum-ready texts of the last Night: the public post and each player's private report,
in BBCode or Markdown (the moderator pastes them into the thread and the PMs).

>>> from bureau.games.noblesse.game import Noblesse
>>> g = Noblesse()
>>> st = g.new(8, seed=1, bots_only=True)
>>> public_post(st, "markdown").splitlines()[0]
'## Noblesse: before Night 1'
"""

from __future__ import annotations

from . import combat

FORMATS = ("bbcode", "markdown")


def _heading(text: str, fmt: str) -> str:
    return f"[b][size=150]{text}[/size][/b]" if fmt == "bbcode" else f"## {text}"


def _bold(text: str, fmt: str) -> str:
    return f"[b]{text}[/b]" if fmt == "bbcode" else f"**{text}**"


def _items(lines, fmt: str) -> str:
    if not lines:
        return ""
    if fmt == "bbcode":
        return "[list]\n" + "\n".join(f"[*]{line}" for line in lines) + "\n[/list]"
    return "\n".join(f"- {line}" for line in lines)


def _code(text: str, fmt: str) -> str:
    return f"[code]{text}[/code]" if fmt == "bbcode" else f"```\n{text}\n```"


def _check(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: choose bbcode or markdown")


def public_post(state, fmt: str = "bbcode") -> str:
    """The Night's public post: what the forum learns (battles, estates, deaths)."""
    _check(fmt)
    title = f"Noblesse: Night {state.night}" if state.night else "Noblesse: before Night 1"
    lines = [line for line in state.post if not line.startswith("Night ")]
    held = {}
    for sq, (f, _) in sorted(state.ctrl.items()):
        held.setdefault(state.scenario.factions[f].short, []).append(state.label(sq))
    board = [f"{name}: {', '.join(squares)}" for name, squares in sorted(held.items())]
    parts = [_heading(title, fmt), _items(lines, fmt) or "A quiet Night."]
    if board:
        parts += [_bold("Estates held", fmt), _items(board, fmt)]
    return "\n\n".join(p for p in parts if p) + "\n"


def private_report(state, seat: int, fmt: str = "bbcode") -> str:
    """``seat``'s private report of the Night, with round-by-round battle reports."""
    _check(fmt)
    name = state.names[seat]
    lines = [line for line in state.reports[seat] if "\n" not in line] if state.reports else []
    parts = [_heading(f"Night {state.night}: report for {name}", fmt), _items(lines, fmt)]
    names = {f.key: f.short for f in state.scenario.factions} | {"neutral": "Neutrals"}
    for square, seats, battle in state.battles:
        if seat in seats:
            text = combat.report(battle, names, bbcode=fmt == "bbcode")
            parts += [_bold(f"Battle at {square}", fmt), _code(text, fmt)]
    return "\n\n".join(p for p in parts if p) + "\n"
