"""Saved positions, like FEN for chess: any situation of any game as a JSON document.

A game with positions names its module in ``Game.positions``; that module holds
``save_position(state) -> dict`` and ``load_position(state, doc, reader)``, which fills
a freshly set-up state from the document, checking it against the rules as it goes.
Everything game-agnostic lives here: the option every such game declares
(``POSITION``), reading a document from a file or a record (``document``), the seats a
position names (``seat_names``), the random generator's state (``save_rng``), and
``PositionReader``, whose checks name the file, the key path and the problem.

A document is ``{"format": "GAME-position/1", "players": [names, in seat order], ...}``;
see ``docs/positions.md`` for each game's keys.

>>> r = PositionReader("p.json", ["Ann", "Ben"])
>>> r.seat("ben", "melds[0].owner")
1
>>> r.int_(-3, "bank", 0)
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: p.json: bank: must be at least 0, not -3
>>> r.seat("Cy", "hands.Cy")
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: p.json: hands.Cy: no player 'Cy'; the players are Ann, Ben
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .errors import OptionError
from .options import Option

VERSION = 1
POSITION = Option(
    "position",
    None,
    "start from a saved position: a JSON file (docs/positions.md), written by 'save FILE'"
    " or 'bureau replay --position-out'",
    kind="any",
    fixture=True,
)


class PositionError(OptionError):
    """A position document that cannot be read, or that breaks the rules."""


def format_name(game: str) -> str:
    """The ``format`` a position of ``game`` carries.

    >>> format_name("nobility")
    'nobility-position/1'
    """
    return f"{game}-position/{VERSION}"


def document(value: Any, game: str) -> tuple[dict, str]:
    """The position an option names (a file path, or the document itself, as records
    keep it) and the name messages give it; refuses what is not a position of ``game``.

    >>> document({"format": "nobility-position/1", "players": ["Ann", "Ben"]}, "nobility")[1]
    'position'
    >>> document({"format": "decrees-position/1", "players": []}, "nobility")
    Traceback (most recent call last):
    ...
    bureau.engine.positions.PositionError: position: format: this is a decrees position, not a \
nobility one
    """
    if isinstance(value, str):
        where, doc = value, _read_file(value)
    elif isinstance(value, Mapping):
        where, doc = "position", dict(value)
    else:
        problem = f"{_kind(value)} is neither a file name nor a position"
        raise PositionError(f"option position: {problem}")
    if not isinstance(doc, dict):
        raise PositionError(f"{where}: a position is a JSON object, not {_kind(doc)}")
    reader = PositionReader(where, ())
    fmt = reader.str_(doc.get("format"), "format")
    kind, _, version = fmt.partition("-position/")
    if not version:
        reader.fail("format", f"{fmt!r} is not a position format; write {format_name(game)!r}")
    if kind != game:
        reader.fail("format", f"this is a {kind} position, not a {game} one")
    if version != str(VERSION):
        reader.fail("format", f"version {version} is unknown; this Bureau reads version {VERSION}")
    reader.strings(doc.get("players"), "players")
    return doc, where


def seat_names(doc: dict, players: int | Sequence[str] | None) -> Sequence[str]:
    """The seats of a game started from ``doc``: its own names when ``players`` is a
    count (or None), else ``players`` (seat ``i`` of the position is seat ``i`` of the game).

    >>> seat_names({"players": ["Ann", "Ben"]}, 2)
    ['Ann', 'Ben']
    >>> seat_names({"players": ["Ann", "Ben"]}, 3)
    Traceback (most recent call last):
    ...
    bureau.engine.positions.PositionError: position: players: the position has 2 players \
(Ann, Ben), not 3
    """
    names = doc["players"]
    count = players if isinstance(players, int) or players is None else len(players)
    if count is not None and count != len(names):
        raise PositionError(
            f"position: players: the position has {len(names)} players ({', '.join(names)}),"
            f" not {count}"
        )
    return list(names) if players is None or isinstance(players, int) else players


def save_rng(rng: random.Random) -> list:
    """A generator's state as ``[version, "hex words", gauss]``: one short JSON line.

    >>> rng = random.Random(5)
    >>> again = random.Random(0)
    >>> PositionReader("p", ()).rng(save_rng(rng), "rng", again)
    >>> again.random() == rng.random()
    True
    """
    version, words, gauss = rng.getstate()
    return [version, " ".join(f"{w:x}" for w in words), gauss]


def write(doc: dict, path: str | Path) -> None:
    """Write the position ``doc`` to the file ``path`` as JSON, one key a line at the top.

    Everything hidden in the game is in it: a deck in order, every hand.
    """
    try:
        Path(path).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
    except OSError as exc:
        raise PositionError(f"cannot write {path}: {exc.strerror or exc}") from None


def _read_file(path: str) -> Any:
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path, a file not UTF-8
        reason = getattr(exc, "strerror", None) or exc
        raise PositionError(f"cannot read the position {path}: {reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{path}: not valid JSON: {exc}") from None


def _kind(obj: Any) -> str:
    """What ``obj`` is, in JSON's words."""
    if obj is None:
        return "null"
    names = {dict: "an object", list: "an array", bool: "true/false", str: "a string"}
    return names.get(type(obj), "a number" if isinstance(obj, int | float) else type(obj).__name__)


def at(path: str, key: Any) -> str:
    """The path of ``key`` inside ``path`` (``""`` is the top).

    >>> at("", "hands"), at("hands", "Ann"), at("melds", 0)
    ('hands', 'hands.Ann', 'melds[0]')
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


class PositionReader:
    """Checks a position's values one key at a time; a failure is a ``PositionError``
    that names the document (``where``), the key path and what is wrong.

    ``players`` are the position's seat names in seat order: the document names seats
    by them (any case), whatever the game's own seats are called.
    """

    def __init__(self, where: str, players: Sequence[str]):
        self.where = where
        self.players = list(players)

    def fail(self, path: str, problem: str) -> NoReturn:
        raise PositionError(f"{self.where}: {path or '(top)'}: {problem}")

    # -- shapes -------------------------------------------------------------------------------

    def obj(self, obj: Any, path: str, required: Sequence = (), optional: Sequence = ()) -> dict:
        """A JSON object; with key lists, one holding every ``required`` key and nothing
        beyond ``optional``."""
        if not isinstance(obj, dict):
            self.fail(path, f"must be an object, not {_kind(obj)}")
        if required or optional:
            keys = [*required, *optional]
            for key in obj:
                if key not in keys:
                    self.fail(at(path, key), f"unknown key; the keys are {', '.join(keys)}")
            for key in required:
                if key not in obj:
                    self.fail(at(path, key), "missing")
        return obj

    def list_(self, obj: Any, path: str, length: int | None = None) -> list:
        if not isinstance(obj, list):
            self.fail(path, f"must be an array, not {_kind(obj)}")
        if length is not None and len(obj) != length:
            self.fail(path, f"must have {length} entries, not {len(obj)}")
        return obj

    def str_(self, obj: Any, path: str, choices: Sequence = (), empty: bool = True) -> str:
        if not isinstance(obj, str):
            self.fail(path, f"must be a string, not {_kind(obj)}")
        if not empty and not obj.strip():
            self.fail(path, "must not be empty")
        if choices and obj not in choices:
            self.fail(path, f"unknown {obj!r}; the choices are {', '.join(map(repr, choices))}")
        return obj

    def strings(self, obj: Any, path: str) -> list[str]:
        return [self.str_(x, at(path, i)) for i, x in enumerate(self.list_(obj, path))]

    def int_(self, obj: Any, path: str, lo: int | None = 0, hi: int | None = None) -> int:
        if not isinstance(obj, int) or isinstance(obj, bool):
            self.fail(path, f"must be a whole number, not {_kind(obj)}")
        if lo is not None and obj < lo:
            self.fail(path, f"must be at least {lo}, not {obj}")
        if hi is not None and obj > hi:
            self.fail(path, f"must be at most {hi}, not {obj}")
        return obj

    def bool_(self, obj: Any, path: str) -> bool:
        if not isinstance(obj, bool):
            self.fail(path, f"must be true or false, not {_kind(obj)}")
        return obj

    def number(self, obj: Any, path: str, none: bool = False) -> float | None:
        """A number (a time, a clock), or null where ``none``."""
        if obj is None and none:
            return None
        if not isinstance(obj, int | float) or isinstance(obj, bool):
            self.fail(path, f"must be a number, not {_kind(obj)}")
        return obj

    def table(self, obj: Any, path: str, key, value) -> dict:
        """A JSON object as a dict, each key and value converted by ``key(k, path)`` and
        ``value(v, path)`` (errors name the key)."""
        out = {}
        for k, v in self.obj(obj, path).items():
            p = at(path, k)
            out[key(k, p)] = value(v, p)
        return out

    # -- values -------------------------------------------------------------------------------

    def seat(self, obj: Any, path: str, none: bool = False) -> int:
        """A seat named by its player (any case); -1 for null where ``none``."""
        if obj is None and none:
            return -1
        self.str_(obj, path)
        lowered = [n.lower() for n in self.players]
        if obj.lower() not in lowered:
            self.fail(path, f"no player {obj!r}; the players are {', '.join(self.players)}")
        return lowered.index(obj.lower())

    def per_seat(self, obj: Any, path: str, value, default: Any = None) -> list:
        """An object keyed by player name as a list in seat order; a seat left out gets
        ``default`` (refused when ``default`` is None)."""
        given = self.table(obj, path, self.seat, value)
        out = []
        for seat, name in enumerate(self.players):
            if seat not in given and default is None:
                self.fail(at(path, name), "missing")
            out.append(given.get(seat, default))
        return out

    def rng(self, obj: Any, path: str, rng: random.Random) -> None:
        """Set ``rng`` to the state ``save_rng`` wrote."""
        self.list_(obj, path, 3)
        version, words, gauss = obj
        self.str_(words, at(path, 1))
        try:
            rng.setstate((version, tuple(int(w, 16) for w in words.split()), gauss))
        except (TypeError, ValueError, OverflowError) as exc:
            self.fail(path, f"not a saved random generator state ({exc})")
