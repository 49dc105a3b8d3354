"""Tournaments and their statistics (bureau.sim), and `bureau sim` end to end."""

from __future__ import annotations

import doctest
import json
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import bureau.cli.play
import bureau.cli.render
import bureau.cli.views
import bureau.cli.views.aristocracy
import bureau.cli.views.decrees
import bureau.cli.views.noblesse
import bureau.sim
import bureau.sim.cluster
import bureau.sim.records
import bureau.sim.stats
import bureau.sim.sweep
import bureau.sim.tournament
from bureau.engine import BureauError, Event, Game, Option, OptionError, Outcome, registry
from bureau.engine.rng import derive
from bureau.sim import GameResult, Summary, play_one, run, wilson
from bureau.sim.games import CAPPED, ERROR, FINISHED
from conftest import bureau_cmd

TIMING_KEYS = {"seconds", "games_per_sec", "decisions_per_sec", "seconds_per_move"}


# -- a toy game whose bot games finish, tie, get capped and crash ------------------------------


class RaceState:
    def __init__(self, names, seed, options):
        self.names = names
        self.num_players = len(names)
        self.options = options
        self.rng = random.Random(seed)
        self.seed = seed
        self.totals = [0] * len(names)
        self.turn = 0
        self.round = 1
        self.outcome = None

    def clone(self):
        new = RaceState.__new__(RaceState)
        new.__dict__.update(self.__dict__)
        new.totals = self.totals[:]
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new


class Race(Game):
    """Each turn a player rolls (1-6) or waits; at the end of a round everyone at or over
    the target shares the win; ``max_rounds`` caps it; ``bug`` crashes odd seeds in round 2."""

    name = "toyrace"
    title = "Toy race"
    min_players = 2
    max_players = 4
    options = (
        Option("target", 12, "points to win", kind="int", minimum=1, maximum=100),
        Option("max_rounds", None, "cap", kind="int?", minimum=1, maximum=1000, bot_default=None),
        Option("bug", False, "crash odd seeds", kind="bool"),
    )

    def setup(self, names, seed, options):
        return RaceState(names, seed, options)

    def pending(self, state):
        return () if state.outcome else (state.turn,)

    def legal_actions(self, state, player):
        return [] if state.outcome or player != state.turn else ["roll", "wait"]

    def parse(self, state, player, text):
        if text.strip() not in self.legal_actions(state, player):
            raise self.illegal(state, player, f"cannot {text!r}")
        return text.strip()

    def apply(self, state, player, action, at=None):
        if action not in self.legal_actions(state, player):
            raise self.illegal(state, player, f"cannot {action!r}")
        if state.options["bug"] and state.round == 2 and state.seed % 2:
            raise RuntimeError("boom")
        roll = state.rng.randint(1, 6) if action == "roll" else 0
        state.totals[player] += roll
        state.turn = (state.turn + 1) % state.num_players
        if state.turn == 0:
            top = max(state.totals)
            n = state.num_players
            ranking = tuple(1 + sum(t > mine for t in state.totals) for mine in state.totals)
            scores = tuple(float(t) for t in state.totals)
            if top >= state.options["target"]:
                winners = tuple(p for p in range(n) if state.totals[p] >= state.options["target"])
                state.outcome = Outcome(scores, ranking, winners, reason="target reached")
            elif state.options["max_rounds"] and state.round >= state.options["max_rounds"]:
                state.outcome = Outcome(scores, ranking, (), capped=True, reason="round cap")
            state.round += 1
        return [Event("rolled", player=player, roll=roll)]

    def view(self, state, player):
        return {"game": self.name, "totals": state.totals[:], "turn": state.turn}

    def outcome(self, state):
        return state.outcome


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(registry._LOADED, "toyrace", Race())
    return "toyrace"


# -- statistics --------------------------------------------------------------------------------


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert (round(lo, 4), hi) == (0.7225, 1.0)
    lo, hi = wilson(1, 4)  # a quarter: the interval is not symmetric around it
    assert lo == pytest.approx(0.0456, abs=1e-4)
    assert hi == pytest.approx(0.6994, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(2.5, 5) == pytest.approx(wilson(1, 2), abs=0.2)  # fractional wins are fine
    with pytest.raises(ValueError):
        wilson(3, 2)


@pytest.mark.parametrize(
    "module",
    [
        bureau.sim,
        bureau.sim.stats,
        bureau.sim.tournament,
        bureau.sim.sweep,
        bureau.sim.records,
        bureau.sim.cluster,
        bureau.cli.play,
        bureau.cli.render,
        bureau.cli.views,
        bureau.cli.views.aristocracy,
        bureau.cli.views.decrees,
        bureau.cli.views.noblesse,
    ],
)
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


# -- summaries ---------------------------------------------------------------------------------


def _result(index, status, winners=(), decisions=10):
    return GameResult(index, index, status, decisions, winners=winners)


def test_summary_counts_only_finished_games_as_wins():
    results = [
        _result(0, FINISHED, (0,)),
        _result(1, FINISHED, (1, 2)),  # shared: half a win each
        _result(2, CAPPED, (0,), decisions=99),  # a capped game is never a win, whatever it says
        _result(3, ERROR, (0,), decisions=3),
        _result(4, FINISHED, ()),
    ]
    s = Summary("toyrace", 3, 1, {}, ("random",) * 3, results, seconds=1.0)
    assert (s.games, s.finished, s.capped, s.errors) == (5, 3, 1, 1)
    assert s.wins_by_seat == [1.0, 0.5, 0.5]
    assert s.win_rates == pytest.approx([1 / 3, 1 / 6, 1 / 6])
    assert s.win_intervals[0] == pytest.approx(wilson(1, 3))
    assert s.mean_decisions == pytest.approx((10 + 10 + 99 + 10) / 4)  # errors left out
    assert s.median_decisions == 10
    assert s.decisions == 10 + 10 + 99 + 3 + 10
    data = s.to_json()
    assert data["error_examples"][0]["index"] == 3
    json.dumps(data)  # JSON-ready


def test_summary_without_finished_games_has_no_rates():
    s = Summary("toyrace", 2, 1, {}, ("random",) * 2, [_result(0, CAPPED)], seconds=0.5)
    assert s.win_rates is None
    assert s.win_intervals == [(0.0, 1.0), (0.0, 1.0)]
    assert s.wins_by_seat == [0.0, 0.0]


# -- running tournaments -----------------------------------------------------------------------


def test_toy_tournament_finishes_caps_and_errors(toy):
    s = run(toy, games=40, players=3, seed=3, options={"max_rounds": "3", "bug": "true"})
    assert s.finished + s.capped + s.errors == s.games == 40
    assert s.finished and s.capped and s.errors  # every kind of ending happens here
    finished = [r for r in s.results if r.status == FINISHED]
    assert all(r.winners for r in finished)
    assert all(r.winners == () for r in s.results if r.status != FINISHED)
    expected = [0.0] * 3
    for r in finished:
        for p in r.winners:
            expected[p] += 1 / len(r.winners)
    assert s.wins_by_seat == pytest.approx(expected)
    assert sum(s.wins_by_seat) == pytest.approx(s.finished)
    errors = [r for r in s.results if r.status == ERROR]
    assert all(r.seed % 2 == 1 and "RuntimeError: boom" in r.error for r in errors)
    assert {"target reached", "round cap"} == set(s.reasons)


def test_shared_wins_are_split(toy):
    s = run(toy, games=60, players=4, seed=11, options={"target": 3})
    shared = [r for r in s.results if len(r.winners) > 1]
    assert shared, "with a low target, several players often reach it in the same round"
    assert sum(s.wins_by_seat) == pytest.approx(s.finished)


def test_game_i_uses_derived_seed_and_results_are_reproducible():
    s = run("aristocracy", games=3, players=3, seed=9, options={"max_years": 2})
    assert [r.seed for r in s.results] == [derive(9, "sim", i) for i in range(3)]
    again = play_one("aristocracy", 3, derive(9, "sim", 1), {"max_years": 2}, index=1)
    assert again.decisions == s.results[1].decisions
    assert again.scores == s.results[1].scores


def test_workers_do_not_change_results():
    kwargs = dict(games=12, players=3, seed=5, options={"max_years": 3})
    one = run("aristocracy", workers=1, **kwargs)
    two = run("aristocracy", workers=2, **kwargs)

    def strip(summary):
        return {k: v for k, v in summary.to_json().items() if k not in TIMING_KEYS}

    assert strip(one) == strip(two)
    assert [(r.index, r.seed, r.status, r.decisions, r.scores) for r in one.results] == [
        (r.index, r.seed, r.status, r.decisions, r.scores) for r in two.results
    ]


def test_runaway_game_is_an_error_not_a_hang():
    r = play_one("aristocracy", 2, seed=1, max_decisions=25)
    assert r.status == ERROR
    assert r.decisions == 25
    assert "no result after 25 decisions" in r.error


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 9}, "takes 2-5 players"),
        ({"bots": "random,random"}, "one bot for every seat"),
        ({"bots": "nobody"}, "no bot named 'nobody'"),
        ({"options": {"decks": 3}}, "option decks"),
        ({"options": {"colour": 1}}, "unknown option 'colour'"),
    ],
)
def test_bad_input_is_refused_before_playing(kwargs, message):
    args = {"games": 2, "players": 3, **kwargs}
    with pytest.raises(BureauError, match=message):
        run("aristocracy", **args)
    assert issubclass(OptionError, BureauError)


# -- `bureau sim` ------------------------------------------------------------------------------


def test_sim_command_json():
    proc = subprocess.run(
        [
            *(sys.executable, "-m", "bureau", "sim", "aristocracy", "--games", "8"),
            *("--players", "3", "--seed", "4", "--option", "max_years=2", "--workers", "2"),
            "--json",
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar with --json
    data = json.loads(proc.stdout)  # exactly one JSON object
    for key in (
        "game",
        "games",
        "finished",
        "capped",
        "errors",
        "wins_by_seat",
        "mean_decisions",
        "games_per_sec",
        "win_rates",
        "win_intervals",
        "decisions_per_sec",
        "seed",
        "players",
        "options",
        "error_examples",
    ):
        assert key in data, key
    assert data["game"] == "aristocracy"
    assert data["games"] == 8 == data["finished"] + data["capped"] + data["errors"]
    assert data["options"] == {"max_years": "2"}
    assert data["players"] == 3 and data["seed"] == 4
    assert data["bots"] == ["heuristic"] * 3  # without --bots: the game's own heuristic bot
    same = run("aristocracy", games=8, players=3, seed=4, options={"max_years": "2"},
               bots="heuristic")  # fmt: skip
    assert data["mean_decisions"] == same.mean_decisions


def test_sim_command_text_reports_errors_with_a_seed():
    proc = subprocess.run(
        [
            *(sys.executable, "-m", "bureau", "sim", "aristocracy", "-n", "5", "-p", "2"),
            *("-w", "1", "--max-decisions", "20"),
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "errors 5" in out
    assert f"seed {derive(0, 'sim', 0)}" in out
    assert "no result after 20 decisions" in out
    assert "--max-decisions 20" in out  # the reproduce command plays the same game


ROOT = Path(__file__).resolve().parents[1]


def documented_sims(page: str) -> list[str]:
    """The ``bureau sim GAME ...`` commands of a page's code blocks, continued lines joined
    and comments dropped (``--from`` ones play nothing)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M)
    lines = [x for b in blocks for x in b.replace("\\\n", " ").splitlines()]
    return [
        re.sub(r"\s+", " ", x.split(" #")[0]).strip()
        for x in lines
        if x.startswith("bureau sim ") and "--from" not in x
    ]


def few_games(command: str) -> list[str]:
    """A documented command's arguments for a quick run: 3 games on one worker, --json; its
    [optional] parts taken, and --ray, --out and --report left out (they change where games
    are played or written, not how they go)."""
    words = shlex.split(command.replace("[", "").replace("]", ""))[1:]
    args, skip = [], {"--ray", "--out", "--report", "--games", "-n", "--workers", "-w"}
    while words:
        word = words.pop(0)
        if word in skip:
            words.pop(0)
        elif word != "--json":
            args.append(word)
    return [*args, "--games", "3", "--workers", "1", "--json"]


DOCUMENTED_SIMS = documented_sims("README.md") + documented_sims("docs/simulation.md")


def test_the_documented_sim_commands_are_found():
    assert len(documented_sims("README.md")) == 4
    assert len(documented_sims("docs/simulation.md")) == 6
    assert "--sweep recompute_stall_order=true,false" in DOCUMENTED_SIMS[5]


@pytest.mark.parametrize("command", DOCUMENTED_SIMS)
def test_documented_sim_commands_finish_their_games_with_win_rates(command):
    """A designer's first try shows something: most games of every variant end by the
    rules rather than at a cap (which has no winner; random bots cap every Aristocracy and
    Noblesse game), so the win rates are there."""
    proc = bureau_cmd(*few_games(command), timeout=240, cwd=ROOT)  # the docs' paths
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for summary in data.get("variants", [data]):
        assert summary["games"] == 3 and summary["errors"] == 0, command
        assert summary["finished"] > summary["capped"], command
        assert summary["win_rates"] is not None and sum(summary["win_rates"]) == pytest.approx(1)


def test_sim_without_bots_plays_the_games_heuristic_bot_and_shows_win_rates():
    proc = bureau_cmd("sim", "aristocracy", "--games", "3", "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "bots heuristic × all" in out and "finished 3 · capped 0 · errors 0" in out
    assert "Seat win rates over 3 finished games" in out
    assert "No game finished" not in out
    rates = re.findall(r"│\s+\d │ heuristic │\s+\d+ │\s+([\d.]+)%", out)
    assert len(rates) == 4 and sum(map(float, rates)) == pytest.approx(100, abs=0.2)
    # Given, random bots still play: their games mostly reach the year cap.
    proc = bureau_cmd("sim", "aristocracy", "--games", "3", "--workers", "1", "--bots", "random")
    assert proc.returncode == 0, proc.stderr
    assert "bots random × all" in proc.stdout
