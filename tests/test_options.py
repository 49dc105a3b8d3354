"""Bounded options (issue 17): every numeric option of every game has a range that makes
sense for play, shown by ``bureau games``; anything beyond it is refused with the range."""

from __future__ import annotations

import math
import time
from importlib.resources import files
from pathlib import Path

import pytest

from bureau.cli.main import _option_allowed
from bureau.engine import Match, OptionError, all_games
from bureau.engine.options import NUMERIC, Option
from bureau.web.pages import _environment
from bureau.web.tables.seabirds import when
from conftest import bureau_cmd

_clock = _environment().filters["clock"]  # the pages' filter for times
DAYS_30 = 30 * 24 * 3600
CLOCKS = {"decision_seconds": DAYS_30, "day_hours": 30 * 24, "air_hours": 30 * 24,
          "land_hours": 30 * 24}  # fmt: skip
NUMERIC_OPTIONS = [(g, o) for g in all_games() for o in g.options if o.kind in NUMERIC]
IDS = [f"{g.name}.{o.name}" for g, o in NUMERIC_OPTIONS]
WILD = [1e30, float("inf"), float("-inf"), float("nan"), 10**30, -(10**30), 10**5000, True,
        False, "1e30", "inf", "nan", "10" * 40, -1, 2.5, [1], {"n": 1}]  # fmt: skip


def test_every_numeric_option_declares_both_bounds():
    """The audit: each game's numeric options have a minimum and a maximum, their defaults
    lie inside, and clocks stop at 30 days; declaring one without a bound is an error."""
    assert {o.name for _, o in NUMERIC_OPTIONS} >= set(CLOCKS) | {"start_time", "stops"}
    for g, o in NUMERIC_OPTIONS:
        where = f"{g.name}.{o.name}"
        assert isinstance(o.minimum, int) and isinstance(o.maximum, int), where
        assert o.minimum <= o.maximum, where
        for default in (o.default, o.default_for(True)):
            assert default is None or o.minimum <= default <= o.maximum, where
        if o.name in CLOCKS:
            assert o.maximum == CLOCKS[o.name], where
        if o.kind == "seat":
            assert (o.minimum, o.maximum) == (0, g.max_players - 1), where
    for kind in NUMERIC:
        with pytest.raises(ValueError, match="needs a minimum and a maximum"):
            Option("cap", None, "a cap", kind=kind, minimum=1)
        with pytest.raises(ValueError, match="needs a minimum and a maximum"):
            Option("cap", None, "a cap", kind=kind, maximum=9)


@pytest.mark.parametrize(("game", "option"), NUMERIC_OPTIONS, ids=IDS)
def test_values_beyond_the_range_are_refused_with_the_range(game, option):
    """Both bounds are accepted; one past either, huge, non-finite, non-integral, text
    that is no whole number and booleans are refused with a message naming the range."""
    assert option.convert(option.minimum) == option.minimum
    assert option.convert(str(option.maximum)) == option.maximum
    span = f"{option.minimum}-{option.maximum}"
    for value in (option.minimum - 1, option.maximum + 1, *WILD):
        with pytest.raises(OptionError) as caught:
            game.resolve_options({option.name: value})
        message = str(caught.value)
        assert message.startswith(f"option {option.name}: "), message
        assert span in message or (option.choices and "is not one of" in message), message
        assert len(message) < 200, message


def test_the_message_says_what_is_allowed():
    aristocracy = next(g for g in all_games() if g.name == "aristocracy")
    with pytest.raises(OptionError) as caught:
        aristocracy.resolve_options({"decision_seconds": 10**10})
    assert str(caught.value) == (
        "option decision_seconds: 10000000000 is above 2592000; "
        "allowed 1-2592000 seconds (30 days), or off"
    )
    with pytest.raises(OptionError, match=r"1e\+30 is not a whole number; allowed 1-2592000"):
        aristocracy.resolve_options({"decision_seconds": 1e30})
    with pytest.raises(OptionError, match="too large to write is above 2592000; allowed 1-"):
        aristocracy.resolve_options({"decision_seconds": 10**5000})
    with pytest.raises(OptionError, match="seat 5 does not exist; allowed 0-4"):
        aristocracy.resolve_options({"herald": 5})
    assert aristocracy.resolve_options({"decision_seconds": "off"})["decision_seconds"] is None


def test_each_games_docs_give_each_range():
    """docs/games/<game>.md: the options table's row of each numeric option states its
    range (``1-100``, or the choices ``1 or 2``)."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "games"
    for g, o in NUMERIC_OPTIONS:
        text = (docs / f"{g.name}.md").read_text(encoding="utf-8")
        section = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
        rows = [r for r in section.splitlines() if r.startswith("| `") and f"`{o.name}`" in r]
        assert rows, f"{g.name}.md has no options row for {o.name}"
        spans = (f"{o.minimum}-{o.maximum}", f"{o.minimum} to {o.maximum}")
        if o.choices:
            spans += (" or ".join(map(str, o.choices)),)
        assert any(span in rows[0] for span in spans), (g.name, o.name, rows[0])


def test_bureau_games_shows_each_range():
    by_name = {o.name: o for _, o in NUMERIC_OPTIONS}
    assert _option_allowed(by_name["decision_seconds"]) == (
        "whole number 1-2592000 seconds (30 days), or off"
    )
    assert _option_allowed(by_name["air_hours"]) == "whole number 1-720 hours (30 days)"
    assert _option_allowed(by_name["max_years"]) == "whole number 1-100, or off"
    assert _option_allowed(by_name["dealer"]) == "seat number 0-2"
    for _, o in NUMERIC_OPTIONS:
        if o.choices is None:
            assert f"{o.minimum}-{o.maximum}" in _option_allowed(o)


def test_the_command_line_refuses_a_clock_past_its_range_cleanly():
    proc = bureau_cmd("play", "aristocracy", "-p", "2", "-o", "decision_seconds=99999999999")
    assert proc.returncode != 0 and "Traceback" not in proc.stdout + proc.stderr
    assert "allowed 1-2592000 seconds" in proc.stderr


TIMED = [(g, o) for g, o in NUMERIC_OPTIONS if o.name in CLOCKS]


@pytest.mark.parametrize(("game", "option"), TIMED, ids=[f"{g.name}.{o.name}" for g, o in TIMED])
def test_a_clock_at_its_maximum_gives_a_deadline_a_page_can_show(game, option):
    """A clock at its maximum runs to a deadline 30 days away, which pages can show.
    (Seabirds starts in the Air Phase with fixed Houses; everyone ready, the Land Phase.)"""
    houses = {"houses": "Breeding,Usury,Sensation"} if game.name == "seabirds" else {}
    match = Match(game, game.min_players, 3, {option.name: option.maximum, **houses})
    now = time.time()
    match.begin(now)
    if option.name == "land_hours":
        for seat in range(3):
            match.play(seat, "ready", now)
    deadline = match.game.deadline(match.state)
    assert deadline is not None and now < deadline <= now + DAYS_30 + 1
    assert _clock(deadline) != "—" and "UTC" in when(deadline)


def test_clocks_on_pages_never_fail():
    """The table's ``clock`` filter and the Seabirds table's times show a dash for what no
    clock shows, rather than failing the page."""
    assert _clock(0) == "01 Jan 00:00"
    for odd in (1e30, 10**30, 10**400, math.inf, -math.inf, math.nan, None, "soon", True):
        assert _clock(odd) == "—"
    for odd in (1e30, math.inf, -math.inf, math.nan, "soon"):
        assert when(odd) == "—"


@pytest.mark.parametrize(
    ("game", "option", "players"),
    [("decrees", "deck", 4), ("decrees", "decrees", 4), ("noblesse", "scenario", 8),
     ("noblesse", "position", 8)],
)  # fmt: skip
def test_a_file_option_that_cannot_be_read_is_refused(tmp_path, game, option, players):
    """A path with a NUL in it, or a file that is not text, is an option error (a 400 on a
    server), not a crash."""
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00\x81" * 64)
    for value in ("a\x00b", str(binary)):
        with pytest.raises(OptionError, match="cannot read"):
            Match(game, players, 1, {option: value})


def test_a_scenarios_clock_and_round_cap_are_bounded_as_the_options(tmp_path):
    """A moderator's Noblesse scenario sets the defaults of day_hours and max_rounds: the
    same ranges hold there."""
    text = (files("bureau.games.noblesse") / "house_default_v1.toml").read_text("utf-8")
    for old, new, problem in (
        ("day_deadline_hours = 48", "day_deadline_hours = 100000000000", "at most 720"),
        ("max_rounds = 30", "max_rounds = 101", "at most 100"),
    ):
        path = tmp_path / "mine.toml"
        path.write_text(text.replace(old, new), encoding="utf-8")
        with pytest.raises(OptionError, match=problem):
            Match("noblesse", 8, 1, {"scenario": str(path)})
