"""The terminal layout of an Aristocracy view (the shape of ``Aristocracy.view``).

>>> import bureau
>>> from rich.console import Console
>>> game = bureau.load("aristocracy")
>>> state = game.new(3, seed=2, options={"herald": 0})
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as cap:
...     console.print(render(game.view(state, 0)))
>>> "Year 1, King round" in cap.get() and "Ann (you)" in cap.get()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bureau.engine import plural

from ..render import HIDDEN, cards_text, outcome_table, seat_name, value_text

LEGEND = f"{HIDDEN} face down · ↑ exposed · +P production card · ✓ complete"


def building_text(b: dict) -> Text:
    """``farm 7♠: 7♠ ▒▒ 9♥↑ +P ✓``."""
    out = Text.assemble((str(b.get("kind", "building")), "italic"), " ")
    out.append_text(value_text(b.get("address")))
    out.append(": ")
    exposed = b.get("exposed") or []
    for i, c in enumerate(b.get("cards", [])):
        if i:
            out.append(" ")
        out.append_text(value_text(c))
        if i < len(exposed) and exposed[i]:
            out.append("↑", style="bold")
    if b.get("production"):
        out.append(" +P")
        if b.get("production_card"):
            out.append(" (")
            out.append_text(value_text(b["production_card"]))
            out.append(")")
    if b.get("complete"):
        out.append(" ✓", style="bold green")
    return out


def _tags(view: dict, seat: int, p: dict) -> list[str]:
    tags = []
    if seat == view.get("herald"):
        tags.append("herald")
    if seat == view.get("active"):
        tags.append("acting")
    if seat in view.get("pending", []):
        tags.append("to play")
    if p.get("committed"):
        tags.append("decided")
    return tags


def _hand_cell(p: dict) -> Text:
    if "hand" in p:
        out = cards_text(p["hand"])
        out.append(f" ({len(p['hand'])})", style="dim")
        return out
    count = p.get("hand_count", 0)
    out = Text(f"{count} card{'' if count == 1 else 's'}")
    if p.get("known_hand"):
        out.append("; known: ", style="dim")
        out.append_text(cards_text(p["known_hand"]))
    return out


def _stall_cell(p: dict) -> Text:
    out = cards_text(p.get("stall", []))
    if "stall_count" in p:
        out.append(f" (sealed: {p['stall_count']} cards)", style="dim")
    if "ball_count" in p:
        out.append("\nball: " + plural(p["ball_count"], "card"), style="dim")
        if p.get("ball"):
            out.append(" ")
            out.append_text(cards_text(p["ball"]))
    return out


def _players(view: dict, names: Sequence[str]) -> Table:
    you = view.get("you")
    table = Table(title_justify="left", expand=False)
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("coins", justify="right")
    table.add_column("hand", overflow="fold")
    table.add_column("stall", overflow="fold")
    table.add_column("buildings", overflow="fold")
    for seat, p in enumerate(view["players"]):
        name = Text(names[seat] + (" (you)" if seat == you else ""), style="bold")
        tags = _tags(view, seat, p)
        if tags:
            name.append("\n" + ", ".join(tags), style="dim")
        buildings = [building_text(b) for b in p.get("buildings", [])]
        table.add_row(
            str(seat),
            name,
            str(p.get("coins", "")),
            _hand_cell(p),
            _stall_cell(p),
            Text("\n").join(buildings) if buildings else Text("—", style="dim"),
        )
    return table


def render(view: dict) -> RenderableType:
    """Header, market and piles, the players table, your hand, the visit and the outcome."""
    names = [str(p["name"]) for p in view["players"]]
    you = view.get("you")
    over = view.get("step") == "over"
    who = "a spectator" if you is None else seat_name(you, names)
    parts: list[RenderableType] = []
    parts.append(
        Text.assemble(
            ("Aristocracy", "bold"),
            f" — Year {view['year']}, {view['royal']} round — ",
            ("game over" if over else f"step: {view['step']}", "bold"),
            (f" — the view of {who}", "dim"),
        )
    )
    status = Text(f"Herald: {seat_name(view.get('herald'), names)}")
    if view.get("active", -1) >= 0 and not over:
        status.append(f" · Acting: {seat_name(view['active'], names)}")
        status.append(f" ({plural(view.get('actions_left', 0), 'action')} left)")
    if view.get("pending"):
        status.append(" · Waiting for: " + ", ".join(seat_name(s, names) for s in view["pending"]))
    parts.append(status)
    piles = Text("Market: ")
    piles.append_text(cards_text(view.get("market", [])))
    piles.append(f" · Draw pile: {view.get('deck_count', 0)} · Discard pile: ")
    piles.append(f"{view.get('discard_count', 0)}")
    if view.get("discard_face_up"):
        piles.append(", face up: ")
        piles.append_text(cards_text(view["discard_face_up"]))
    parts.append(piles)
    if "bids" in view:
        bids = Text("Bids: " + ", ".join(f"{names[i]} {b}" for i, b in enumerate(view["bids"])))
        if view.get("picks"):
            bids.append(" · Picked: ")
            bids.append(", ".join(f"{names[q]} market #{i + 1}" for q, i in view["picks"]))
        parts.append(bids)
    parts.append(_players(view, names))
    if any(p.get("buildings") for p in view["players"]):
        parts.append(Text(LEGEND, style="dim"))
    if you is not None and 0 <= you < len(names):
        mine = view["players"][you]
        if "hand" in mine:
            parts.append(Text.assemble(("Your hand: ", "bold"), cards_text(mine["hand"])))
        if "choice" in mine:
            parts.append(
                Text.assemble(("Your sealed choice: ", "bold"), value_text(mine["choice"]))
            )
    visit = view.get("visit")
    if visit:
        line = Text(
            f"Visit: {seat_name(visit['visitor'], names)} visits "
            f"{seat_name(visit['owner'], names)}'s building #{visit['building'] + 1}"
        )
        if visit.get("cards"):
            line.append(" holding ")
            line.append_text(cards_text(visit["cards"]))
        if visit.get("penalty_card"):
            line.append("; penalty on ")
            line.append_text(value_text(visit["penalty_card"]))
        parts.append(line)
    if view.get("outcome"):
        parts.append(outcome_table(view["outcome"], names))
        details = view["outcome"].get("details")
        if details:
            parts.append(Text.assemble(("details: ", "dim"), value_text(details, "details", names)))
    return Group(*parts)
