"""Rule options: each game's documented variants and fixtures.

A game declares its options as ``Option`` objects. ``resolve`` fills in
defaults, converts typed text (``k=v`` on the command line) to values, and
rejects unknown names and bad values with a message listing what is allowed.
Every numeric option (``int``, ``int?``, ``seat``) declares both a ``minimum`` and a
``maximum`` that make sense for play; a value beyond them is refused with the range.

>>> spec = (Option("max_years", None, "year cap", kind="int?", minimum=1, maximum=100,
...                bot_default=20),
...         Option("mode", "a", "which mode", choices=("a", "b")))
>>> resolve(spec, {"mode": "b"})
{'max_years': None, 'mode': 'b'}
>>> resolve(spec, {"max_years": "12"}, bots_only=True)
{'max_years': 12, 'mode': 'a'}
>>> resolve(spec, {"mode": "c"})
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: option mode: 'c' is not one of a, b
>>> resolve(spec, {"max_years": 10**30})
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: option max_years: 100...000 is above 100; allowed 1-100, or off
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

_MISSING: Any = object()
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_OFF = {"off", "none", "null", ""}
NUMERIC = ("int", "int?", "seat")  # kinds whose values are whole numbers, bounded
_UNITS = {"_seconds": ("seconds", 1), "_hours": ("hours", 3600)}  # clock options by name
_DAY = 86400


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option.

    ``kind`` is ``int``, ``int?`` (an int or off/None), ``bool``, ``str``,
    ``cards`` (a list of card texts), ``words`` (a list of other words, such as
    card keys), ``seat`` (an int or None) or ``any``. A numeric kind (``int``,
    ``int?``, ``seat``) must declare ``minimum`` and ``maximum``: the range that
    makes sense for play, shown by ``bureau games`` and in every refusal.
    ``fixture`` marks options that set up an exact situation (deck order,
    first player) rather than change a rule. ``builtins`` names the built-in
    values of an option that also takes a file path (a deck, a scenario): a
    hosted table takes only those, since a path would be read from the server's
    disk. ``bot_default`` replaces ``default`` in games every seat of which is a
    bot.
    """

    name: str
    default: Any
    help: str
    kind: str = "str"
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    fixture: bool = False
    bot_default: Any = _MISSING
    builtins: tuple[str, ...] = ()

    def __post_init__(self):
        if self.kind not in _CONVERTERS:
            raise ValueError(f"option {self.name}: no kind {self.kind!r}")
        if self.kind in NUMERIC and (self.minimum is None or self.maximum is None):
            raise ValueError(
                f"option {self.name}: a numeric option ({self.kind}) needs a minimum and a maximum"
            )

    def default_for(self, bots_only: bool) -> Any:
        if bots_only and self.bot_default is not _MISSING:
            return self.bot_default
        return self.default

    def allowed(self) -> str:
        """The values a numeric option takes, in words: ``1-2592000 seconds (30 days), or
        off``; ``""`` for other kinds. A clock option is named by its unit (``_seconds``,
        ``_hours``)."""
        if self.kind not in NUMERIC or self.maximum is None:  # numeric kinds have both
            return ""
        text = f"{self.minimum}-{self.maximum}"
        for suffix, (unit, seconds) in _UNITS.items():
            if self.name.endswith(suffix):
                text += f" {unit}"
                longest = self.maximum * seconds
                if longest >= _DAY and longest % _DAY == 0:
                    text += f" ({longest // _DAY} days)"
        return text + (", or off" if self.kind == "int?" else "")

    def convert(self, value: Any) -> Any:
        """``value`` (typed text or a JSON value) as this option's type, validated."""
        try:
            value = _CONVERTERS[self.kind](value)
        except (TypeError, ValueError) as exc:
            raise self._refused(str(exc)) from None
        if self.choices is not None and value not in self.choices:
            choices = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name}: {_shown(value)} is not one of {choices}")
        if self.kind in NUMERIC and value is not None:
            if not self.minimum <= value <= self.maximum and self.kind == "seat":
                raise self._refused(f"seat {_shown(value)} does not exist")
            if value < self.minimum:
                raise self._refused(f"{_shown(value)} is below {self.minimum}")
            if value > self.maximum:
                raise self._refused(f"{_shown(value)} is above {self.maximum}")
        return value

    def _refused(self, problem: str) -> OptionError:
        """The refusal of a value, with the range where the option has one."""
        allowed = self.allowed()
        return OptionError(
            f"option {self.name}: {problem}" + (f"; allowed {allowed}" if allowed else "")
        )


def _shown(value: Any) -> str:
    """``value`` for a message: short, and never an error itself (a huge int has no str)."""
    try:
        text = str(value) if isinstance(value, int) else repr(value)
    except ValueError:  # an int past Python's digit limit for str()
        return "a number too large to write"
    return text if len(text) <= 40 else text[:30] + "…" + text[-5:]


def _to_int(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{_shown(value)} is not a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-")
        if digits.isdecimal():
            if len(digits) > 40:  # far past any option's range, and past what int() reads
                raise ValueError(f"{_shown(value)} is far too large")
            return int(text)
    raise ValueError(f"{_shown(value)} is not a whole number")


def _to_optional_int(value: Any) -> int | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in _OFF):
        return None
    try:
        return _to_int(value)
    except ValueError:
        raise ValueError(f"{_shown(value)} is not a whole number") from None


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = (value if isinstance(value, str) else _shown(value)).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"{_shown(value)} is not true or false")


def _to_str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{_shown(value)} is not text")
    return value.strip()


def _to_words(value: Any) -> list[str] | None:
    """A list of words, typed as ``a,b c`` or given as a JSON list."""
    if value is None:
        return None
    if isinstance(value, str):
        return value.replace(",", " ").split() or None
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"{_shown(value)} is not a list of words")


_CONVERTERS = {
    "int": _to_int,
    "int?": _to_optional_int,
    "bool": _to_bool,
    "str": _to_str,
    "cards": _to_words,
    "words": _to_words,
    "seat": _to_optional_int,
    "any": lambda v: v,
}


def resolve(
    spec: tuple[Option, ...], given: Mapping[str, Any] | None = None, bots_only: bool = False
) -> dict[str, Any]:
    """Every option of ``spec`` with its value: ``given`` where set, else its default."""
    given = dict(given or {})
    by_name = {o.name: o for o in spec}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r}; this game's options are: {known}")
    return {
        o.name: o.convert(given[o.name]) if o.name in given else o.default_for(bots_only)
        for o in spec
    }


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """``["k=v", ...]`` as a dict, with a clear error for a pair without ``=``."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"{pair!r} is not an option setting: write NAME=VALUE")
        out[key.strip()] = value.strip()
    return out
