"""Sweeps of rule options: ``--sweep OPTION=a,b,c`` and the variants they make.

Several sweeps make the cartesian product of their values, the first sweep
varying slowest; every variant is the tournament's options with the swept
values laid over them.

>>> sweeps = parse_sweeps(["max_years=10,20", "variant=standard,shorter"])
>>> sweeps
{'max_years': ['10', '20'], 'variant': ['standard', 'shorter']}
>>> [label(v) for v in variants(sweeps)]
['max_years=10 variant=standard', 'max_years=10 variant=shorter', \
'max_years=20 variant=standard', 'max_years=20 variant=shorter']
>>> variants({}), label({})
([{}], 'as given')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bureau.engine import OptionError


def parse_sweeps(texts: Iterable[str]) -> dict[str, list[str]]:
    """``["NAME=a,b,c", ...]`` as ``{NAME: [a, b, c]}``, refusing what cannot be meant.

    >>> parse_sweeps(["decks=1, 2"])
    {'decks': ['1', '2']}
    >>> parse_sweeps(["decks"])
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: 'decks' is not a sweep: write OPTION=a,b,c
    >>> parse_sweeps(["decks=1,2", "decks=2"])
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: option 'decks' is swept twice: one --sweep per option
    """
    sweeps: dict[str, list[str]] = {}
    for text in texts:
        name, sep, values = text.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"{text!r} is not a sweep: write OPTION=a,b,c")
        if name in sweeps:
            raise OptionError(f"option {name!r} is swept twice: one --sweep per option")
        parts = [v.strip() for v in values.split(",")]
        if not all(parts):
            raise OptionError(f"the sweep {text!r} has an empty value: write OPTION=a,b,c")
        if len(set(parts)) != len(parts):
            raise OptionError(f"the sweep {text!r} gives a value twice")
        sweeps[name] = parts
    return sweeps


def variants(sweeps: Mapping[str, Sequence[Any]] | None) -> list[dict[str, Any]]:
    """Every combination of the swept values, the first sweep varying slowest.

    >>> variants({"a": [1, 2], "b": ["x"]})
    [{'a': 1, 'b': 'x'}, {'a': 2, 'b': 'x'}]
    """
    sweeps = dict(sweeps or {})
    names = list(sweeps)
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*sweeps.values())]


def label(variant: Mapping[str, Any]) -> str:
    """A variant's short name in tables and plots."""
    return " ".join(f"{k}={v}" for k, v in variant.items()) or "as given"


def lay_over(options: Mapping[str, Any] | None, variant: Mapping[str, Any]) -> dict[str, Any]:
    """A variant's options: the tournament's options with the swept values laid over them.

    An option both set and swept is refused, as its set value would never be played.

    >>> lay_over({"decks": "1"}, {"max_years": "5"})
    {'decks': '1', 'max_years': '5'}
    >>> lay_over({"decks": "1"}, {"decks": "2"})
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: option 'decks' is both set and swept: drop one of them
    """
    options = dict(options or {})
    for name in variant:
        if name in options:
            raise OptionError(f"option {name!r} is both set and swept: drop one of them")
    return {**options, **variant}
