"""The terminal layout of a Seabirds view (the shape of ``Seabirds.view``).

>>> from rich.console import Console
>>> import bureau
>>> game = bureau.load("seabirds")
>>> state = game.new(3, seed=2, options={"houses": "Breeding Usury Sensation"})
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as cap:
...     console.print(render(game.view(state, 0)))
>>> "Round 1 of 6, Air Phase" in cap.get() and "Ann (you)" in cap.get()
True
"""

from __future__ import annotations

from datetime import UTC, datetime

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import outcome_table

SHOWN_MESSAGES = 12


def when(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _houses(view: dict, names: list[str]) -> Table:
    you = view.get("you")
    table = Table(title_justify="left", expand=False)
    for column in ("player", "house", "group", "opposes", "money", "resources", "upgrades", "VP"):
        table.add_column(column, justify="right" if column in ("money", "VP") else "left")
    for seat, h in enumerate(view["houses"]):
        name = Text(names[seat] + (" (you)" if seat == you else ""), style="bold")
        if view["ready"][seat]:
            name.append(" ready", style="dim")
        table.add_row(
            name,
            h["house"] or "—",
            h["group"] or "—",
            h["opposes"] or "—",
            str(h["money"]),
            ", ".join(f"{n} {a}" for a, n in h["resources"].items()) or "—",
            ", ".join(f"{n} {u}" for u, n in h["upgrades"].items()) or "—",
            str(h["points"]),
        )
    return table


def _message(m: dict, names: list[str]) -> Text:
    who = names[m["from"]]
    if m["kind"] == "private":
        head = f"{who} to {', '.join(names[s] for s in m['to'])} (private)"
    elif m["kind"] == "hidden":
        state = "opened" if m["revealed"] else "sealed"
        head = f"{who} to the Bureau for Stop {m['to']} ({state})"
    else:
        head = who
    out = Text(f"[{when(m['time'])}] ", style="dim")
    out.append(head, style="bold")
    out.append(f": {m['text']}")
    return out


def render(view: dict) -> RenderableType:
    """Round and phase, the Houses, the deck, standing offers and the latest messages."""
    names = [h["name"] for h in view["houses"]]
    phase = view["phase"]
    if phase == "draft":
        where = "choosing Houses"
    elif phase == "over":
        where = "the game is over"
    else:
        where = f"Round {view['round']} of {view['stops']}, {phase.title()} Phase"
    parts: list[RenderableType] = [
        Text.assemble(("Noble Houses of the Seabirds", "bold"), f" — {where}")
    ]
    if view.get("deadline"):
        parts.append(Text(f"The phase ends at {when(view['deadline'])} or when everyone is ready."))
    parts.append(_houses(view, names))
    deck = f"Complication deck: {view['deck_count']} cards"
    if view.get("top"):
        deck += f" (top: {view['top']})"
    deck += "; revealed: " + (", ".join(view["discard"]) or "none")
    parts.append(Text(deck))
    if view["standing"]:
        parts.append(Text("Standing offers:", style="bold"))
        parts += [Text(f"  {t}") for t in view["standing"]]
    messages = view["messages"][-SHOWN_MESSAGES:]
    if messages:
        parts.append(Text("Messages (latest):", style="bold"))
        parts += [_message(m, names) for m in messages]
    if view.get("outcome"):
        parts.append(outcome_table(view["outcome"], names))
    return Group(*parts)
