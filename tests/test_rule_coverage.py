"""Every rule id of ``../shared/rules/<game>.md`` is named by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bureau.engine import all_games

TESTS = Path(__file__).parent
RULES = TESTS.parent.parent / "shared" / "rules"
RULE_ID = re.compile(r"^(?:- \*\*|### )([A-Z]{3}-A?\d+)\b", re.MULTILINE)


def rule_ids(game: str) -> list[str]:
    return RULE_ID.findall((RULES / f"{game}.md").read_text(encoding="utf-8"))


def test_rule_ids_are_read():
    ids = rule_ids("aristocracy")
    assert ids[0] == "ARI-01" and "ARI-82" in ids and "ARI-A26" in ids
    assert len(ids) == 82 + 26


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_rule_has_a_test(game):
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in TESTS.rglob("test_*.py")
        if p.name != Path(__file__).name
    )
    missing = [rid for rid in rule_ids(game) if not re.search(rf"\b{rid}\b", text)]
    assert not missing, f"{len(missing)} rule ids of {game} have no test: {', '.join(missing)}"
