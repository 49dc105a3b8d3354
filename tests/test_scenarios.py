"""Scenario files (``tests/scenarios/<game>/*.toml``) and their runner, ``bureau check``.

Every scenario under ``tests/scenarios`` runs here and must pass; each names rule ids
that the game's page documents. The runner itself is checked on small scenarios
written here: each kind of expectation passes when the rules hold and fails, saying
what Bureau did, when they do not.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bureau.cli.main import app
from bureau.engine import Match
from bureau.engine.scenarios import ScenarioError, run, run_text
from test_rule_coverage import documented

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.toml"))
GAMES = ("aristocracy", "decrees", "nobility", "noblesse", "seabirds")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_passes(path):
    report = run(path)
    assert report.passed, report.text()
    assert report.results, f"{path} checks nothing"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_names_documented_rules_of_its_game(path):
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    assert path.parent.name == spec["game"], f"{path} is a {spec['game']} scenario"
    unknown = set(spec["rules"]) - documented(spec["game"])
    assert not unknown, f"{path} names rule ids its game does not have: {sorted(unknown)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_dozen_scenarios(game):
    assert len(list((SCENARIOS / game).glob("*.toml"))) >= 12


# -- the runner ---------------------------------------------------------------------------------

HEAD = """
title = "Two players, the Herald with Ann"
rules = ["ARI-09"]
game = "aristocracy"
players = 2
options = { herald = 0 }
"""


def scenario(steps: str) -> list[tuple[bool, str]]:
    report = run_text(HEAD + steps, "t.toml")
    return [(r.passed, r.text) for r in report.results] + [(False, report.stopped)] * bool(
        report.stopped
    )


def test_each_expectation_passes_when_it_holds():
    results = scenario(
        """
[[step]]
expect = "pending"
seats = ["Ann"]
[[step]]
expect = "view"
as = "Ann"
path = "year"
equals = 1
[[step]]
play = "Ann: stall none"
[[step]]
expect = "event"
kind = "stall_formed"
[[step]]
expect = "legal"
as = "Ben"
includes = ["stall none"]
[[step]]
expect = "outcome"
over = false
"""
    )
    assert [ok for ok, _ in results] == [True] * 5, results


def test_each_expectation_fails_saying_what_bureau_did():
    results = scenario(
        """
[[step]]
expect = "pending"
seats = ["Ben"]
[[step]]
expect = "view"
path = "year"
equals = 2
[[step]]
expect = "legal"
as = "Ann"
excludes = ["stall none"]
[[step]]
expect = "outcome"
winners = ["Ann"]
[[step]]
play = "Ann: stall none"
refused = true
"""
    )
    assert [ok for ok, _ in results] == [False] * 5
    said = [text for _, text in results]
    assert "Bureau waits for Ann" in said[0]
    assert "Bureau shows 1" in said[1]
    assert "'stall none' is legal" in said[2]
    assert "it goes on" in said[3]
    assert "expected to be refused; accepted" in said[4]


def test_a_refused_play_ends_the_scenario_unless_expected():
    results = scenario(
        """
[[step]]
play = "Ben: stall none"
[[step]]
expect = "pending"
seats = ["Ann"]
"""
    )
    assert results[0][0] is False and "not your turn" in results[0][1]
    assert results[-1] == (False, "the scenario stopped at step 1")


def test_an_expected_refusal_must_say_what_is_asked():
    results = scenario(
        """
[[step]]
play = "Ben: stall none"
refused = true
says = "not your turn"
[[step]]
play = "Ben: stall none"
refused = true
says = "no such words"
"""
    )
    assert [ok for ok, _ in results] == [True, False]
    assert "expected it to say 'no such words'" in results[1][1]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("title = 'x'\ngame = 'aristocracy'", "rules: missing"),
        ("title = 'x'\nrules = ['NOPE']\ngame = 'aristocracy'", "is not a rule id"),
        (HEAD + "colour = 1", "colour: unknown key"),
        (HEAD + "[[step]]\nexpect = 'smell'", "one of view, event"),
        (HEAD + "[[step]]\nplay = 'x'\nexpect = 'view'", "exactly one of play"),
        (HEAD + "[[step]]\nplay = 'Zed: stall none'", "no player 'Zed'"),
        (HEAD + "[[step]]\nplay = 'stall none'", "write 'NAME: ACTION'"),
        ("title = = 1", "not valid TOML"),
    ],
)
def test_a_broken_scenario_is_refused_with_the_key(text, problem):
    with pytest.raises(ScenarioError, match=problem):
        run_text(text, "t.toml")


def test_a_scenario_whose_start_fails_says_why():
    report = run_text(HEAD.replace("players = 2", "players = 9"), "t.toml")
    assert not report.passed and "takes 2-5 players, not 9" in report.stopped


def test_bureau_check_prints_pass_and_fail_and_exits_by_them(tmp_path):
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(HEAD + "[[step]]\nexpect = 'pending'\nseats = ['Ann']\n")
    bad.write_text(HEAD + "[[step]]\nexpect = 'pending'\nseats = ['Ben']\n")
    runner = CliRunner()
    ok = runner.invoke(app, ["check", str(good)])
    assert ok.exit_code == 0 and "PASS step 1: pending Ann" in ok.output
    both = runner.invoke(app, ["check", str(good), str(bad)])
    assert both.exit_code == 1
    assert "FAIL step 1: pending Ben: Bureau waits for Ann" in both.output
    assert "1 of 2 scenarios pass" in both.output


def test_a_scenario_can_start_from_a_record_prefix(tmp_path):
    m = Match("aristocracy", 2, seed=3, options={"herald": 0})
    m.play(0, "stall none")
    (tmp_path / "r.json").write_text(json.dumps(m.record()))
    text = HEAD.replace("players = 2\noptions = { herald = 0 }\n", 'record = "r.json"\n')
    report = run_text(text + "[[step]]\nexpect = 'pending'\nseats = ['Ben']\n", "t", tmp_path)
    assert report.passed, report.text()
