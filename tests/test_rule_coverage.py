"""Every rule id documented in ``docs/games/<game>.md`` is named by at least one test
(in its name, docstring or strings; a comment does not count) or scenario file.

Each game's page gives the ids of the rules (``ARI-01``) and of Bureau's rulings
(``ARI-A01``) where they apply: one by one, or as ranges (``ARI-12..21``,
``NOB-A04..A06``). A game's ids run without a gap from 01 to its last rule and from A01
to its last ruling, and ``RULES`` pins how many there are, so a page that loses an id,
or names one that does not exist, fails here too.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from bureau.engine import all_games

TESTS = Path(__file__).parent
DOCS = TESTS.parent / "docs" / "games"
# game -> (id prefix, rules, rulings): the ids are PREFIX-01..rules and PREFIX-A01..rulings
RULES = {
    "aristocracy": ("ARI", 82, 26),
    "decrees": ("DEC", 64, 25),
    "nobility": ("NOB", 68, 23),
    "noblesse": ("NSE", 125, 43),
    "seabirds": ("SEA", 83, 27),
}


def ids_in(text: str, prefix: str) -> set[str]:
    """The ids ``text`` names, ranges spelled out.

    >>> sorted(ids_in("ARI-01..03, ARI-A10 and ARI-07 .. ARI-08; ARI-A03..A04", "ARI"))
    ['ARI-01', 'ARI-02', 'ARI-03', 'ARI-07', 'ARI-08', 'ARI-A03', 'ARI-A04', 'ARI-A10']
    """
    ref = re.compile(rf"\b{prefix}-(A?)(\d+)\b(?:\s*\.\.\s*(?:{prefix}-)?(A?)(\d+)\b)?")
    found = set()
    for ruling, first, ruling_end, last in ref.findall(text):
        if last and ruling != ruling_end:
            raise ValueError(f"a range from a rule to a ruling: {ruling}{first}..{last}")
        for n in range(int(first), int(last or first) + 1):
            found.add(f"{prefix}-{ruling}{n:02d}")
    return found


def documented(game: str) -> set[str]:
    prefix = RULES[game][0]
    return ids_in((DOCS / f"{game}.md").read_text(encoding="utf-8"), prefix)


def test_every_game_has_its_rules_here():
    assert set(RULES) == {g.name for g in all_games()}


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_game_page_documents_every_rule_id(game):
    prefix, rules, rulings = RULES[game]
    expected = {f"{prefix}-{n:02d}" for n in range(1, rules + 1)}
    expected |= {f"{prefix}-A{n:02d}" for n in range(1, rulings + 1)}
    found = documented(game)
    missing, unknown = sorted(expected - found), sorted(found - expected)
    assert not missing, f"docs/games/{game}.md gives no place to {', '.join(missing)}"
    assert not unknown, f"docs/games/{game}.md names ids that do not exist: {unknown}"


RULE_ID = re.compile(r"\b[A-Z]{3}-A?\d+\b")
# a test's name spells an id in lower case: test_nob_31_..., test_nse104_..., test_sea_a04_...
NAMED_ID = re.compile(r"(?<![a-z])(ari|nob|dec|nse|sea)_?(a)?_?(\d+)")


def named_in_code(source: str) -> set[str]:
    """The rule ids a test file names in its tests' names, docstrings and strings: what
    runs or explains a check, not a comment beside it.

    >>> sorted(named_in_code('def test_sea_a04_x():\\n    "SEA-18 too"  # NOB-01'))
    ['SEA-18', 'SEA-A04']
    """
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found |= set(RULE_ID.findall(node.value))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for prefix, ruling, number in NAMED_ID.findall(node.name):
                found.add(f"{prefix.upper()}-{ruling.upper()}{int(number):02d}")
    return found


@cache
def named_by_tests() -> frozenset[str]:
    """Every rule id that some test (this file's aside) names in its name, docstring or
    strings, or that a scenario file (``tests/scenarios``) lists among the rules it covers."""
    in_code = (
        rid
        for p in TESTS.rglob("test_*.py")
        if p.name != Path(__file__).name
        for rid in named_in_code(p.read_text(encoding="utf-8"))
    )
    in_scenarios = (
        rid
        for p in (TESTS / "scenarios").rglob("*.toml")
        for rid in tomllib.loads(p.read_text(encoding="utf-8"))["rules"]
    )
    return frozenset((*in_code, *in_scenarios))


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_rule_has_a_test(game):
    named = documented(game)
    assert len(named) == RULES[game][1] + RULES[game][2]
    missing = sorted(named - named_by_tests())
    assert not missing, f"{len(missing)} rule ids of {game} have no test: {', '.join(missing)}"
