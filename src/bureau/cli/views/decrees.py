"""The terminal layout of a Final Decrees view (the shape of ``FinalDecrees.view``).

>>> import bureau
>>> from rich.console import Console
>>> game = bureau.load("decrees")
>>> state = game.new(5, seed=2, options={"heads": "EXE HR TRE SS ADM"})
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as cap:
...     console.print(render(game.view(state, 0)))
>>> "Turn 1: Ann" in cap.get() and "Ann (you)" in cap.get() and "REF->EXE" in cap.get()
True
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bureau.engine import plural

from ..render import outcome_table, seat_name


def decree_text(d: dict) -> Text:
    """``D1 Decree of Coinage Reform: EXE✓ TRE REF TRE (on TRE)``: stamped steps ticked."""
    out = Text.assemble((d["id"], "bold"), f" {d['name']}: ")
    for i, step in enumerate(d["steps"]):
        if i:
            out.append(" ")
        if i < d["stamped"]:
            out.append(f"{step}✓", style="green")
        elif i == d["stamped"]:
            out.append(step, style="bold underline")
        else:
            out.append(step)
    out.append(f"  (on {d['at']})" if d["at"] else "  enacted", style="dim" if d["at"] else "green")
    return out


def _departments(view: dict, names: list[str]) -> Table:
    table = Table(title_justify="left", expand=False)
    for column in ("dept", "head", "blame", "decrees", "controls", "below"):
        table.add_column(column, justify="right" if column == "blame" else "left")
    for d in view["departments"]:
        head = Text(names[d["head"]]) if d["head"] is not None else Text("empty", style="dim")
        table.add_row(
            Text(d["code"], style="bold"),
            head,
            str(d["blame"]),
            " ".join(d["decrees"]) or "—",
            " ".join(d["controls"]) or "—",
            " ".join(d["below"]) or "—",
        )
    return table


def _players(view: dict, names: list[str]) -> Table:
    you = view.get("you")
    table = Table(title_justify="left", expand=False)
    for column in ("seat", "player", "dept", "blame", "hand"):
        table.add_column(column, justify="right" if column in ("seat", "blame") else "left")
    for seat, p in enumerate(view["players"]):
        name = Text(names[seat] + (" (you)" if seat == you else ""), style="bold")
        if seat in view.get("pending", []):
            name.append("\nto play", style="dim")
        hand = ", ".join(p["hand"]) if "hand" in p else plural(p["hand_count"], "card")
        table.add_row(str(seat), name, p["dept"] or "—", str(p["blame"]), hand or "—")
    return table


def render(view: dict) -> RenderableType:
    """Header, departments, decrees, players, the deck and what is being decided."""
    names = [str(p["name"]) for p in view["players"]]
    you = view.get("you")
    who = "a spectator" if you is None else seat_name(you, names)
    phase = view["phase"]
    if phase == "over":
        where = "game over"
    elif view.get("active") is None:
        where = "set-up"
    else:
        active = view["players"][view["active"]]
        where = f"Turn {view['turn']}: {names[view['active']]} ({active['dept']})"
        if phase == "turn":
            where += f", {plural(view['actions_left'], 'action')} left"
    parts: list[RenderableType] = [
        Text.assemble(("Final Decrees", "bold"), f" — {where}", (f" — the view of {who}", "dim"))
    ]
    if view.get("pending"):
        parts.append(Text("Waiting for: " + ", ".join(names[s] for s in view["pending"])))
    parts.append(Text(f"Control: {', '.join(view['arrows']) or 'none'}"))
    parts.append(_departments(view, names))
    parts.append(Text("Decrees", style="bold"))
    parts += [decree_text(d) for d in view["decrees"]]
    parts.append(
        Text(
            f"Enacted: {view['enacted']} (the next removes {view['next_award']}) · Deck:"
            f" {plural(view['deck_count'], 'card')} · Discard pile: "
            + (", ".join(view["discard"][-8:]) or "empty")
            + (" …" if len(view["discard"]) > 8 else "")
        )
    )
    parts.append(_players(view, names))
    if "bid" in view:
        bid = view["bid"]
        line = f"Bid for Human Resources, round {bid['round']}: bidding "
        line += ", ".join(names[q] for q in bid["bidders"])
        line += "; committed: " + (", ".join(names[q] for q in bid["committed"]) or "nobody")
        if "yours" in bid:
            line += f"; your bid: {bid['yours']}"
        parts.append(Text(line))
    if "choose" in view:
        c = view["choose"]
        parts.append(Text(f"{names[c['player']]} removes up to {c['amount']} blame."))
    if "salvage" in view:
        parts.append(Text("Discarded by Stagnation and Decline: " + ", ".join(view["salvage"])))
    for offer in view.get("offers", []):
        text = offer.get("text") or "an offer"
        parts.append(Text(f"Offer from {names[offer['proposer']]}: {text}", style="dim"))
    if view.get("outcome"):
        parts.append(outcome_table(view["outcome"], names))
    return Group(*parts)
