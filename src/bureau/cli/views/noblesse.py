"""The terminal layout of a Noblesse view (the shape of ``Noblesse.view``).

Each board cell shows the controlling faction's initial (``.`` if none), ``*`` on
a victory square, ``H`` on a Home Estate and the number of units there, so
nothing depends on colour alone.

>>> from rich.console import Console
>>> import bureau
>>> from bureau.engine import MODERATOR
>>> game = bureau.load("noblesse")
>>> state = game.new(8, seed=1, bots_only=True)
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as cap:
...     console.print(render(game.view(state, 0)))
>>> "Night 0, setup" in cap.get() and "Ann (you)" in cap.get() and "no deadline" in cap.get()
True
>>> with console.capture() as cap:
...     console.print(render(game.view(state, MODERATOR)))
>>> "the moderator" in cap.get() and "Hal" in cap.get()
True
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import outcome_table

SHOWN_LOG = 8


def when(seconds: float | None) -> str:
    if seconds is None:
        return "no deadline"
    return datetime.fromtimestamp(seconds, UTC).strftime("deadline %Y-%m-%d %H:%M UTC")


def _names(view: dict) -> list[str]:
    return [p if isinstance(p, str) else str(p["name"]) for p in view["players"]]


def _initial(key: str) -> str:
    return key[:1].upper()


def _or_none(items: list | None) -> str:
    return ", ".join(map(str, items)) if items else "none"


def _header(view: dict, names: list[str], who: str) -> Text:
    done = [n for n, d in zip(names, view["done"], strict=False) if d]
    out = Text.assemble(("Noblesse", "bold"), f" — Night {view['night']}, {view['phase']}")
    out.append(f" — {when(view.get('deadline'))}")
    out.append(f" — the view of {who}", style="dim")
    out.append(f"\nDone for the Day: {_or_none(done)}")
    return out


def _cell(square: str, view: dict, homes: set[str], units: Counter) -> Text:
    owner = view["estates"].get(square)
    text = _initial(owner) if owner else "."
    if square in view["board"]["victory"]:
        text += "*"
    if square in homes:
        text += "H"
    if units[square]:
        text += str(units[square])
    return Text(text, style="bold reverse" if square in homes or units[square] else "")


def _board(view: dict, homes: set[str], units: Counter) -> Table:
    rows, cols = view["board"]["rows"], view["board"]["cols"]
    table = Table(show_lines=False, padding=(0, 1), title="Board", title_justify="left")
    table.add_column("")
    for c in range(1, cols + 1):
        table.add_column(str(c), justify="center")
    for r in range(rows):
        letter = chr(ord("A") + r)
        cells = [_cell(f"{letter}{c}", view, homes, units) for c in range(1, cols + 1)]
        table.add_row(Text(letter, style="bold"), *cells)
    return table


def _legend(view: dict, mine: str) -> Text:
    keys = ", ".join(f"{_initial(f['key'])} {f['name']}" for f in view["factions"])
    return Text(f"{keys}; . uncontrolled; * victory square; H {mine}", style="dim")


def _factions(view: dict) -> Table:
    table = Table(title="Factions", title_justify="left")
    for column in ("", "faction", "prestige", "Nobles", "estates", "statuses"):
        table.add_column(
            column, justify="right" if column in ("prestige", "Nobles", "estates") else "left"
        )
    held = Counter(view["estates"].values())
    for f in view["factions"]:
        statuses = [
            f"{s['status']} with {' '.join(k for k in s['factions'] if k != f['key'])}"
            for s in view["statuses"]
            if f["key"] in s["factions"]
        ]
        table.add_row(
            _initial(f["key"]),
            f"{f['name']} ({f['key']})",
            str(f["prestige"]),
            str(f["nobles"]),
            str(held[f["key"]]),
            _or_none(statuses),
        )
    return table


def _units(units: list[dict], title: str = "Your units") -> Table:
    table = Table(title=title, title_justify="left")
    for column in ("unit", "owner", "kind", "square", "commander", "companies"):
        table.add_column(column)
    for u in units:
        commander = u["commander"] + (f" ({u['leader']})" if u.get("leader") else "")
        kind = u["kind"] + (f", {u['mercenary']}" if u.get("mercenary") else "")
        table.add_row(u["id"], u["owner"], kind, u["square"], commander, " ".join(u["companies"]))
    return table


def _resources(you: dict) -> str:
    res = " · ".join(f"{n} {name}" for name, n in you["resources"].items())
    return f"{res} · court {you['court']}"


def _family(you: dict) -> str:
    heir = you["heir"] or "none"
    if you["heir"] and you.get("heir_wounds"):
        heir += f" ({you['heir_wounds']} wounds)"
    dead = "" if you.get("alive", True) else "dead · "
    return f"{dead}wounds {you['wounds']} · heir {heir} · spouse {you['spouse'] or 'none'}"


def _you(you: dict) -> list[RenderableType]:
    fl = " — Faction Leader (FL)" if you["leader"] else ""
    lines = [
        Text.assemble(("You: ", "bold"), f"{you['name']}, {you['role']} of {you['faction']}{fl}"),
        Text(f"Home Estate {you['home'] or 'none'} · design {you['design']}"),
        Text(f"Estates: {_or_none(you['estates'])}"),
        Text(f"Resources: {_resources(you)}"),
        Text(f"Posts: {_or_none(you['posts'])}"),
        Text(f"Family: {_family(you)}"),
        Text(f"Core: {'; '.join(you['core'])}"),
        Text("Abilities: " + _or_none([f"{a['name']} ({a['cost']})" for a in you["abilities"]])),
        Text(f"Unique Officers: {_or_none(you['uniques'])}"),
        Text(f"May write to: {_or_none(you['may_write_to'])}"),
    ]
    if you["units"]:
        lines.append(_units(you["units"]))
    return lines + _orders(you) + _report(you)


def _orders(you: dict) -> list[RenderableType]:
    if not you["orders"]:
        return [Text("Orders: none")]
    out: list[RenderableType] = [Text("Orders (cancel N removes order N):", style="bold")]
    out += [Text(f"  {i}. {o}") for i, o in enumerate(you["orders"], 1)]
    return out


def _report(you: dict) -> list[RenderableType]:
    if not you["report"]:
        return []
    return [Text("Your last report:", style="bold")] + [Text(f"  {r}") for r in you["report"]]


def _leader(fl: dict) -> Text:
    members = [f"{m['name']} ({m['role']}{'' if m['alive'] else ', dead'})" for m in fl["members"]]
    out = Text("Your faction (FL)\n", style="bold")
    out.append(f"  Members: {_or_none(members)}\n  Successor: {fl['successor'] or 'none'}\n")
    out.append(f"  Nobles: {_or_none(fl['nobles'])}\n  Officers: {_or_none(fl['officers'])}\n")
    out.append(f"  Faction estates: {_or_none(fl['faction_estates'])}")
    return out


def _players(view: dict) -> Table:
    table = Table(title="Players", title_justify="left")
    for column in ("player", "role", "faction", "home", "resources", "wounds", "units", "orders"):
        table.add_column(column)
    for p, done in zip(view["players"], view["done"], strict=False):
        name = p["name"] + (" (dead)" if not p.get("alive", True) else "")
        name += " done" if done else ""
        faction = p["faction"] + (" FL" if p["leader"] else "")
        table.add_row(
            name,
            p["role"],
            faction,
            p["home"] or "—",
            _resources(p),
            str(p["wounds"]),
            str(len(p["units"])),
            str(len(p["orders"])),
        )
    return table


def _post(view: dict) -> list[RenderableType]:
    if not view["post"]:
        return [Text("Public post: nothing yet", style="dim")]
    return [Text("Public post:", style="bold")] + [Text(f"  {line}") for line in view["post"]]


def _moderator(view: dict) -> list[RenderableType]:
    parts: list[RenderableType] = [_players(view), _units(view["units"], "All units")]
    if view.get("log"):
        parts.append(Text("Moderator log (latest):", style="bold"))
        parts += [Text("  " + " · ".join(map(str, e))) for e in view["log"][-SHOWN_LOG:]]
    return parts


def _marks(view: dict) -> tuple[set[str], Counter, str, str]:
    """Home Estates, unit counts by square, the legend's wording and whose view this is."""
    if isinstance(view["players"][0], dict):
        homes = {p["home"] for p in view["players"] if p["home"]}
        units = Counter(u["square"] for u in view["units"])
        return homes, units, "a Home Estate; digits: units there", "the moderator"
    you = view.get("you")
    if you is None:
        return set(), Counter(), "(none shown)", "a spectator"
    homes = {you["home"]} if you["home"] else set()
    units = Counter(u["square"] for u in you["units"])
    return homes, units, "your Home Estate; digits: your units there", f"{you['name']} (you)"


def render(view: dict) -> RenderableType:
    """Header, board, factions, the reader's own panels, the public post and the outcome."""
    names = _names(view)
    homes, units, mine, who = _marks(view)
    parts: list[RenderableType] = [
        _header(view, names, who),
        _board(view, homes, units),
        _legend(view, mine),
        _factions(view),
    ]
    you = view.get("you")
    if you:
        parts += _you(you)
        if you.get("faction_leader"):
            parts.append(_leader(you["faction_leader"]))
    elif isinstance(view["players"][0], dict):
        parts += _moderator(view)
    parts += _post(view)
    if view.get("outcome"):
        parts.append(outcome_table(view["outcome"], names))
    return Group(*parts)
