"""The income table (NOB-31, NOB-A01), read from ``income.toml`` and validated.

``TABLES[grouping][length][suit]`` is the income of one joker-free meld of
``length`` province cards of ``suit`` (``bureau.cards`` suit numbers), for
each column grouping of the garbled source table.

>>> TABLES["minors_shared"][3][CLUBS], TABLES["minors_shared"][9][SPADES]
(1, 30)
>>> TABLES["diamonds_hearts_shared"][4][DIAMONDS]
4
>>> load("[columns]\\n3 = [1, 2]\\n", "bad.toml")
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: bad.toml: columns.3: expected 3 whole numbers, got [1, 2]
"""

from __future__ import annotations

import tomllib
from importlib.resources import files

from bureau.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_NAMES
from bureau.engine import OptionError

GROUPINGS = ("minors_shared", "diamonds_hearts_shared")
LENGTHS = range(3, 10)
COLUMNS = 3

__all__ = ["CLUBS", "DIAMONDS", "GROUPINGS", "HEARTS", "SPADES", "TABLES", "load"]


def load(text: str, source: str) -> dict[str, tuple[tuple[int, ...], ...]]:
    """Parse and validate the table; errors name the file, the key and the problem."""

    def bad(key: str, problem: str) -> OptionError:
        return OptionError(f"{source}: {key}: {problem}")

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{source}: not valid TOML: {exc}") from None
    columns = data.get("columns")
    if not isinstance(columns, dict):
        raise bad("columns", "missing: a table of meld length = [three values]")
    rows: dict[int, list[int]] = {}
    for key, values in columns.items():
        if not key.isdigit() or int(key) not in LENGTHS:
            raise bad(f"columns.{key}", "a meld length must be a whole number from 3 to 9")
        if not (
            isinstance(values, list)
            and len(values) == COLUMNS
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)
        ):
            raise bad(f"columns.{key}", f"expected {COLUMNS} whole numbers, got {values!r}")
        rows[int(key)] = values
    missing = [str(n) for n in LENGTHS if n not in rows]
    if missing:
        raise bad("columns", f"no row for meld length {', '.join(missing)}")
    groupings = data.get("groupings")
    if not isinstance(groupings, dict):
        raise bad("groupings", "missing: a table per column grouping")
    unknown = sorted(set(groupings) - set(GROUPINGS))
    if unknown:
        raise bad(f"groupings.{unknown[0]}", f"not a grouping; expected {', '.join(GROUPINGS)}")
    out = {}
    for name in GROUPINGS:
        grouping = groupings.get(name)
        if not isinstance(grouping, dict):
            raise bad(f"groupings.{name}", "missing: map each suit to its column 1..3")
        extra = sorted(set(grouping) - set(SUIT_NAMES))
        if extra:
            raise bad(f"groupings.{name}.{extra[0]}", f"not a suit; use {', '.join(SUIT_NAMES)}")
        column_of = []
        for s in SUIT_NAMES:
            col = grouping.get(s)
            if not isinstance(col, int) or isinstance(col, bool) or not 1 <= col <= COLUMNS:
                raise bad(f"groupings.{name}.{s}", f"expected a column 1..{COLUMNS}, got {col!r}")
            column_of.append(col - 1)
        table: list[tuple[int, ...]] = [(0, 0, 0, 0)] * 3
        table += [tuple(rows[n][column_of[s]] for s in range(4)) for n in LENGTHS]
        out[name] = tuple(table)
    return out


_PATH = files(__package__) / "income.toml"
TABLES = load(_PATH.read_text(encoding="utf-8"), str(_PATH))
