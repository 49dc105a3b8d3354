"""Drawing views, events and outcomes in the terminal with rich.

``render_view(view)`` draws any game's view dict: the CLI knows the *shape*
of views (a ``players`` list of dicts, card codes such as ``7H``, seat
numbers under keys such as ``you`` and ``pending``), never a game's rules.
A game may have a nicer layout in ``bureau.cli.views``; it is chosen by the
view's ``game`` key, with this generic one as the fallback.

Cards are drawn with their suit symbol (``7♥``), so suits never depend on
colour alone; hearts and diamonds are red where the terminal has colour.

>>> str(card("10S")), str(card("kd")), card("Ann") is None
('10♠', 'K♦', True)
>>> str(value_text(["7H", None, "AS"]))
'7♥ ▒▒ A♠'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from bureau.cards import parse_card, pretty, suit

CARD_RE = re.compile(r"^(?:10|[2-9AJQKT])[SHDC]$|^[RB]J$", re.IGNORECASE)
HIDDEN = "▒▒"  # a card the reader may not see
SUIT_STYLES = ("bold", "bold red", "bold red", "bold")  # spades, hearts, diamonds, clubs
JOKER_STYLE = "bold magenta"

# Keys whose int values are seats, by the convention views share across games.
SEAT_KEYS = frozenset(
    {
        "you",
        "player",
        "seat",
        "herald",
        "active",
        "owner",
        "visitor",
        "dealer",
        "leader",
        "winner",
        "winners",
        "first",
        "coalition",
        "majority",
        "attacker",
        "defender",
        "pending",
        "to_play",
    }
)
# Keys whose lists hold one number per seat, in seat order (a rubber's ranking, money, ...).
PER_SEAT_KEYS = frozenset({"wins", "ranking", "scores", "provinces", "money"})
# Keys whose string values are never cards.
TEXT_KEYS = frozenset({"name", "names", "title", "game", "step", "phase", "reason", "kind"})


def card(text: Any) -> Text | None:
    """A card code as styled text with its suit symbol, or None if ``text`` is no card."""
    if not isinstance(text, str) or not CARD_RE.match(text):
        return None
    code = parse_card(text)
    s = suit(code)
    return Text(pretty(code), style=JOKER_STYLE if s < 0 else SUIT_STYLES[s])


def cards_text(cards: Iterable[Any], empty: str = "—") -> Text:
    """Cards separated by spaces; None is a face-down card."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(value_text(c))
    return out if out.plain else Text(empty, style="dim")


def seat_name(seat: Any, names: Sequence[str]) -> str:
    """``Ann`` for a seat number that names a player; anything else as text."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    if seat is None or seat == -1:
        return "—"
    return str(seat)


def value_text(value: Any, key: str = "", names: Sequence[str] = ()) -> Text:
    """Any JSON value of a view as one compact piece of text."""
    if key in SEAT_KEYS and names:
        if isinstance(value, list):
            return Text(", ".join(seat_name(s, names) for s in value) or "—")
        if isinstance(value, int) and not isinstance(value, bool):
            return Text(seat_name(value, names))
    if (
        key in PER_SEAT_KEYS
        and isinstance(value, list)
        and len(value) == len(names) > 0
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return Text(", ".join(f"{n} {v:g}" for n, v in zip(names, value, strict=True)))
    if value is None:
        return Text(HIDDEN if not key else "—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, float):
        return Text(f"{value:g}")
    if isinstance(value, str):
        styled = None if key in TEXT_KEYS else card(value)
        return styled if styled is not None else Text(value)
    if isinstance(value, list):
        if not value:
            return Text("—", style="dim")
        if all(not isinstance(v, dict | list) for v in value):
            return cards_text(value) if key not in TEXT_KEYS else Text(", ".join(map(str, value)))
        return Text("\n").join(value_text(v, key, names) for v in value)
    if isinstance(value, dict):
        parts = [
            Text.assemble((f"{k}: ", "dim"), value_text(v, k, names)) for k, v in value.items()
        ]
        return Text("; ").join(parts)
    return Text(str(value))


def label(key: str) -> str:
    """``deck_count`` as ``deck count``."""
    return key.replace("_", " ")


def players_table(
    players: list[dict],
    you: int | None = None,
    title: str = "players",
    names: Sequence[str] | None = None,
) -> Table:
    """A table with one row per dict, columns the union of their keys.

    ``names`` are the players' names, by seat, for values that are seats (a meld's
    ``owner``, a rubber's ``winner``); by default the rows' own ``name``s, which is right
    only for the players table itself. Its first column is the row's seat there, and the
    row's number in any other table.
    """
    columns: list[str] = []
    for p in players:
        for k in p:
            if k not in columns:
                columns.append(k)
    if names is None:
        names = [str(p.get("name", i)) for i, p in enumerate(players)]
    seats = title == "players"
    table = Table(title=label(title), title_justify="left", show_lines=False)
    table.add_column("seat" if seats else "#", justify="right")
    for c in columns:
        table.add_column(label(c), overflow="fold")
    for i, p in enumerate(players):
        seat = Text(str(i))
        if seats and i == you:
            seat = Text(f"{i} (you)", style="bold")
        row: list[RenderableType] = [seat]
        row += [value_text(p[c], c, names) if c in p else Text("") for c in columns]
        table.add_row(*row, style="bold" if seats and i == you else None)
    return table


def generic_view(view: dict) -> RenderableType:
    """Any game's view dict: its scalars, then each list of dicts as a table."""
    players = view.get("players")
    names: list[str] = []
    if isinstance(players, list) and all(isinstance(p, dict) for p in players):
        names = [str(p.get("name", i)) for i, p in enumerate(players)]
    you = view.get("you")
    who = seat_name(you, names) if you is not None else "a spectator"
    heading = Text.assemble(
        (str(view.get("game", "game")).capitalize(), "bold"), f" — the view of {who}"
    )
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="dim")
    facts.add_column(overflow="fold")
    tables: list[RenderableType] = []
    for key, value in view.items():
        if key in ("game", "you"):
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append(players_table(value, you, key, names or None))
        elif isinstance(value, dict) and value and key != "outcome":
            facts.add_row(label(key), value_text(value, key, names))
        elif key == "outcome" and isinstance(value, dict):
            facts.add_row("outcome", outcome_text(value, names))
        else:
            facts.add_row(label(key), value_text(value, key, names))
    return Group(heading, facts, *tables)


def outcome_text(outcome: dict, names: Sequence[str]) -> Text:
    """One line for an outcome dict: the winners, or that the game was capped."""
    reason = outcome.get("reason") or ""
    if outcome.get("capped"):
        return Text(f"stopped by a cap ({reason}): no winner" if reason else "capped: no winner")
    winners = [seat_name(s, names) for s in outcome.get("winners", [])]
    if not winners:
        text = "no winner"
    elif len(winners) == 1:
        text = f"{winners[0]} wins"
    else:
        text = f"{', '.join(winners[:-1])} and {winners[-1]} share the win"
    return Text(f"{text} ({reason})" if reason else text)


def outcome_table(outcome: dict, names: Sequence[str]) -> RenderableType:
    """The result in a line, then each seat's score and rank, winners marked."""
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("rank", justify="right")
    scores = outcome.get("scores", [])
    ranking = outcome.get("ranking", [])
    winners = set(outcome.get("winners", []))
    for i, name in enumerate(names):
        mark = " ★ winner" if i in winners else ""
        score = scores[i] if i < len(scores) else ""
        table.add_row(
            str(i),
            Text(f"{name}{mark}", style="bold" if mark else ""),
            f"{score:g}" if isinstance(score, float | int) else str(score),
            str(ranking[i]) if i < len(ranking) else "",
        )
    headline = Text.assemble(("Result: ", "bold"), outcome_text(outcome, names))
    return Group(headline, table)


def render_view(view: dict) -> RenderableType:
    """The nicest available drawing of ``view``: its game's own layout, else the generic one."""
    from .views import renderer_for  # here: each game's layout imports this module's helpers

    special = renderer_for(str(view.get("game", "")))
    if special is not None:
        try:
            return special(view)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            pass  # a view of an unexpected shape: the generic drawing still works
    return generic_view(view)


# The width of text output that goes to a file or a pipe: wide enough for any table, so a
# cell is never cut short ("finis…") to fit a terminal that is not there.
PIPED_WIDTH = 10_000


def stdout_console() -> Console:
    """A console on stdout: a terminal's width on a terminal; piped to a file or another
    program, as wide as the output needs (rich would cut tables to 80 columns, or to
    ``COLUMNS``)."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=PIPED_WIDTH)
    return console


def print_lines(console: Console, lines: Iterable[str], style: str = "") -> None:
    """Plain lines (event descriptions), never read as markup and never wrapped."""
    for line in lines:
        console.print(Text(line, style=style), soft_wrap=True)
