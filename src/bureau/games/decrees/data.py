"""Final Decrees' deck and decrees as TOML data, validated on load.

The source's card sheet and decree slips are lost (DEC-A01, DEC-A02), so
Bureau ships its own (``deck.toml``, ``decrees.toml``: the house content of
``../shared/rules/decrees.md`` section 3), and a group may load its own with
``--option deck=PATH`` / ``--option decrees=PATH``.

A card's ``effect`` is a list of steps, each a table whose ``do`` names one
of the game's own mechanisms (``EFFECTS``) with its parameters. Loading
checks every card and names the file, the card and the problem:

>>> deck = load_deck("house_v1")
>>> sum(c.copies for c in deck), deck[0].key, deck[0].effect[0].do
(60, 'overtime', 'extra_actions')
>>> bad = '[[card]]\\nkey = "x"\\ncopies = 1\\neffect = [{do = "fly"}]'
>>> parse_deck(bad, "my.toml")
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: my.toml: card 1 ('x'): unknown effect 'fly'; the effects are ...
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from bureau.engine import OptionError

from .state import DEPT_CODES, REF


class Param(NamedTuple):
    """A parameter of an effect step, as a deck file writes it."""

    # "count" (a whole number >= 0), "bool", a tuple of allowed words, or "ops" (a list of
    # restructure operations)
    kind: str | tuple[str, ...]
    default: Any  # None makes the parameter required


# The effect vocabulary: each mechanism with its parameters by name.
OPS = ("add", "remove", "move", "reverse")
EFFECTS: dict[str, dict[str, Param]] = {
    "extra_actions": {"n": Param("count", None)},
    "draw": {"n": Param("count", None)},
    "move_dept_blame": {
        "up_to": Param("count", None),
        "from": Param(("yours", "any"), "yours"),
        "to": Param(("other", "empty"), "other"),
    },
    "remove_dept_blame": {"up_to": Param("count", None), "from": Param(("yours", "any"), "yours")},
    "remove_personal_blame": {"up_to": Param("count", None)},
    "give_personal_blame": {"up_to": Param("count", None)},
    "move_decree": {
        "from": Param(("yours", "any"), "any"),
        "to": Param(("other", "empty"), "other"),
        "reward": Param("bool", True),
    },
    "stamp": {"any_step": Param("bool", False), "final": Param("bool", True)},
    "restructure": {"ops": Param("ops", OPS)},
    "investigate": {},
    "audit_all": {},
    "swap_heads": {},
    "reassign": {},
    "move_head": {},
    "skip_decree_blame": {},
    "decline": {},
}
KEY = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Step(NamedTuple):
    """One step of a card's effect: a mechanism and its parameters."""

    do: str
    n: int = 0
    up_to: int = 0
    source: str = "yours"  # the TOML key "from"
    to: str = "other"
    reward: bool = True
    any_step: bool = False
    final: bool = True
    ops: tuple[str, ...] = OPS


class Card(NamedTuple):
    """A kind of card: its key (typed in actions), name, copies, text and effect."""

    key: str
    name: str
    copies: int
    text: str
    effect: tuple[Step, ...]

    @property
    def is_decline(self) -> bool:
        return any(s.do == "decline" for s in self.effect)


class Decree(NamedTuple):
    """A decree: its name and the departments of its steps, in order."""

    name: str
    steps: tuple[int, ...]


# -- the deck -------------------------------------------------------------------------------


def _source(spec: str, package_file: str) -> tuple[str, str]:
    """The TOML text and the name to report for ``spec``: ``house_v1`` or a path."""
    if spec == "house_v1":
        return (files(__package__) / package_file).read_text(encoding="utf-8"), package_file
    path = Path(spec).expanduser()
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path, a file not UTF-8
        reason = getattr(exc, "strerror", None) or exc
        raise OptionError(f"cannot read {spec}: {reason}") from None


def _toml(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{where}: not valid TOML: {exc}") from None


def load_deck(spec: str) -> tuple[Card, ...]:
    """The deck named ``house_v1`` or stored in the TOML file at path ``spec``."""
    return parse_deck(*_source(spec, "deck.toml"))


def parse_deck(text: str, where: str) -> tuple[Card, ...]:
    """The cards of a deck file's text; ``where`` names it in errors."""
    data = _toml(text, where)
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise OptionError(f"{where}: no cards; list them as [[card]] tables")
    cards = tuple(_card(entry, i, where) for i, entry in enumerate(entries, 1))
    keys = [c.key for c in cards]
    for key in keys:
        if keys.count(key) > 1:
            raise OptionError(f"{where}: two cards have the key {key!r}")
    declines = [c for c in cards if c.is_decline]
    if len(declines) != 1 or declines[0].copies != 1:
        raise OptionError(
            f"{where}: the deck needs exactly one Stagnation and Decline card"
            ' (one copy of a card whose effect is {do = "decline"})'
        )
    return cards


def _card(entry, i: int, where: str) -> Card:
    label = f"card {i}"
    if not isinstance(entry, dict):
        raise OptionError(f"{where}: {label} is not a table")
    key = entry.get("key")
    if isinstance(key, str):
        label = f"card {i} ({key!r})"

    def fail(problem: str) -> OptionError:
        return OptionError(f"{where}: {label}: {problem}")

    unknown = sorted(set(entry) - {"key", "name", "copies", "text", "effect"})
    if unknown:
        raise fail(f"unknown field {unknown[0]!r}; a card has key, name, copies, text, effect")
    if not isinstance(key, str) or not KEY.match(key):
        raise fail("key must be lower-case words joined by hyphens, as in 'pass-the-buck'")
    name = entry.get("name", key)
    text = entry.get("text", "")
    if not isinstance(name, str) or not isinstance(text, str):
        raise fail("name and text must be text")
    copies = entry.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
        raise fail(f"copies must be a whole number of at least 1, not {copies!r}")
    effect = entry.get("effect")
    if not isinstance(effect, list) or not effect:
        raise fail('effect must be a list of steps, as in effect = [{do = "draw", n = 2}]')
    steps = tuple(_step(s, fail) for s in effect)
    if any(s.do == "decline" for s in steps) and len(steps) > 1:
        raise fail("the decline effect stands alone")
    return Card(key, name, copies, text, steps)


def _step(spec: Any, fail: Callable[[str], OptionError]) -> Step:
    if not isinstance(spec, dict) or "do" not in spec:
        raise fail("each step of an effect is a table with 'do', as in {do = \"draw\", n = 2}")
    do = spec["do"]
    if do not in EFFECTS:
        raise fail(f"unknown effect {do!r}; the effects are {', '.join(EFFECTS)}")
    params = EFFECTS[do]
    unknown = sorted(set(spec) - {"do", *params})
    if unknown:
        allowed = ", ".join(params) or "none"
        raise fail(f"{do}: unknown parameter {unknown[0]!r}; its parameters are {allowed}")
    values: dict[str, Any] = {}
    for name, (kind, default) in params.items():
        if name not in spec:
            if default is None:
                raise fail(f"{do}: missing parameter {name!r}")
            values[name] = default
            continue
        values[name] = _value(do, name, kind, spec[name], fail)
    renamed = {("source" if k == "from" else k): v for k, v in values.items()}
    return Step(do, **renamed)


def _value(
    do: str, name: str, kind: str | tuple[str, ...], value: Any, fail: Callable[[str], OptionError]
) -> Any:
    if kind == "count":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise fail(f"{do}: {name} must be a whole number of at least 0, not {value!r}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise fail(f"{do}: {name} must be true or false, not {value!r}")
        return value
    if kind == "ops":
        if not isinstance(value, list) or not value or not set(value) <= set(OPS):
            raise fail(f"{do}: {name} must be a list drawn from {', '.join(OPS)}")
        return tuple(o for o in OPS if o in value)
    if value not in kind:
        raise fail(f"{do}: {name} must be one of {', '.join(kind)}, not {value!r}")
    return value


def explain(card: Card) -> str:
    """What a card does, in words: its own ``text``, or its effect's steps said plainly
    when the deck file gives none (a group's deck explains itself either way).

    >>> explain(Card("x", "X", 1, "", (Step("extra_actions", n=2), Step("draw", n=1))))
    'Gain 2 actions this turn. Then: draw 1 card, one at a time (not your Draw action).'
    """
    if card.text.strip():
        return card.text.strip()
    said = [_said(s) for s in card.effect]
    return (said[0] + "".join(f" Then: {s[:1].lower()}{s[1:]}" for s in said[1:])).strip()


def _said(s: Step) -> str:
    dept = "your department" if s.source == "yours" else "any department"
    to = "any other department" if s.to == "other" else "the Empty Department"
    words = {
        "extra_actions": f"Gain {s.n} action{'s' if s.n != 1 else ''} this turn.",
        "draw": f"Draw {s.n} card{'s' if s.n != 1 else ''}, one at a time (not your Draw action).",
        "move_dept_blame": f"Move up to {s.up_to} departmental blame from {dept} to {to},"
        " ignoring control.",
        "remove_dept_blame": f"Remove up to {s.up_to} blame from {dept}.",
        "remove_personal_blame": f"Remove up to {s.up_to} of your personal blame.",
        "give_personal_blame": f"Move up to {s.up_to} of your personal blame to another player.",
        "move_decree": f"Move a decree from {dept} to {to}"
        + (
            "; you lose 1 personal blame if it lands on its next step's department."
            if s.reward
            else "."
        ),
        "stamp": "Stamp the next step of a decree on your department"
        + (", even one that names another department" if s.any_step else "")
        + ("" if s.final else ", not its final step")
        + "; you lose 1 personal blame.",
        "restructure": f"Restructure one control arrow ({', '.join(s.ops)}).",
        "investigate": "All blame of one headed department other than yours goes to its head.",
        "audit_all": "Every headed department's blame goes to its head.",
        "swap_heads": "Two players swap departments (you may be one of them).",
        "reassign": "Reassign players to departments, as Human Resources does.",
        "move_head": "Move any player to the Empty Department.",
        "skip_decree_blame": "Your department gains no blame for decrees this turn.",
        "decline": "Stagnation and Decline: discards cards from the deck when drawn.",
    }
    return words.get(s.do, s.do.replace("_", " "))


# -- the decrees ----------------------------------------------------------------------------


def load_decrees(spec: str) -> tuple[Decree, ...]:
    """The decrees named ``house_v1`` or stored in the TOML file at path ``spec``."""
    return parse_decrees(*_source(spec, "decrees.toml"))


def parse_decrees(text: str, where: str) -> tuple[Decree, ...]:
    """The decrees of a decrees file's text; ``where`` names it in errors."""
    data = _toml(text, where)
    entries = data.get("decree")
    if not isinstance(entries, list) or not 1 <= len(entries) <= 9:
        raise OptionError(f"{where}: list 1 to 9 decrees as [[decree]] tables")
    return tuple(_decree(entry, i, where) for i, entry in enumerate(entries, 1))


def _decree(entry, i: int, where: str) -> Decree:
    label = f"decree {i}"
    if isinstance(entry, dict) and isinstance(entry.get("name"), str):
        label = f"decree {i} ({entry['name']!r})"

    def fail(problem: str) -> OptionError:
        return OptionError(f"{where}: {label}: {problem}")

    if not isinstance(entry, dict):
        raise fail("is not a table")
    unknown = sorted(set(entry) - {"name", "steps", "text"})
    if unknown:
        raise fail(f"unknown field {unknown[0]!r}; a decree has name, steps, text")
    name = entry.get("name", f"Decree {i}")
    steps = entry.get("steps")
    if not isinstance(steps, list) or not steps:
        raise fail('steps must be a list of departments, as in steps = ["EXE", "TRE"]')
    codes = []
    for s in steps:
        if not isinstance(s, str) or s.upper() not in DEPT_CODES:
            raise fail(f"{s!r} is not a department; write {', '.join(DEPT_CODES)}")
        codes.append(DEPT_CODES.index(s.upper()))
    if all(d == REF for d in codes):
        raise fail("a decree needs a step outside the Department of Reform")
    return Decree(name, tuple(codes))


def for_table(decrees: tuple[Decree, ...], players: int) -> tuple[Decree, ...]:
    """The decrees as played: at four players the Reform steps are deleted (DEC-A10)."""
    if players == 5:
        return decrees
    return tuple(Decree(d.name, tuple(s for s in d.steps if s != REF)) for d in decrees)
