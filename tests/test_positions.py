"""Positions in every game, end to end (``docs/positions.md``): a record's position written
by ``bureau replay --position-out`` starts ``bureau play`` and ``bureau sim``; a record
that starts from a position replays; every game page's example loads. Each game's own
round trips and refusals are in ``tests/games/<game>/test_positions.py``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bureau.cli.main import app
from bureau.engine import Match, OptionError, load
from bureau.engine.positions import PositionError
from bureau.sim.tournament import run

DOCS = Path(__file__).parent.parent / "docs" / "positions"
# game -> (players, rule options that end a game of random bots soon)
QUICK = {
    "aristocracy": (3, {"max_years": 2}),
    "nobility": (3, {"max_turns": 30}),
    "decrees": (4, {"max_turns": 12}),
    "seabirds": (3, {"stops": 2}),
    "noblesse": (8, {"max_nights": 2}),
}
cli = CliRunner()


def bot_record(game: str, seed: int = 11) -> dict:
    players, options = QUICK[game]
    m = Match(game, players, seed=seed, options=options, bots_only=True)
    rng = random.Random(seed)
    while m.outcome() is None and len(m.actions) < 60:
        seat = m.pending()[0]
        m.play(seat, m.game.sample_action(m.state, seat, rng))
    return m.record()


@pytest.mark.parametrize("game", sorted(QUICK))
def test_replay_writes_a_position_that_play_continues_to_the_end(game, tmp_path):
    record, position = tmp_path / "r.json", tmp_path / "p.json"
    record.write_text(json.dumps(bot_record(game)))
    out = cli.invoke(app, ["replay", str(record), "--upto", "40", "--position-out", str(position)])
    assert out.exit_code == 0, out.output
    doc = json.loads(position.read_text())
    assert doc["format"] == f"{game}-position/1"
    players, options = QUICK[game]
    args = ["play", game, "--players", str(players), "--seed", "5", "--quiet"]
    args += ["--option", f"position={position}"]
    args += [word for k, v in options.items() for word in ("--option", f"{k}={v}")]
    args += ["--record", str(tmp_path / "on.json")]
    played = cli.invoke(app, args)
    assert played.exit_code == 0, played.output
    on = json.loads((tmp_path / "on.json").read_text())
    assert on["outcome"] is not None, played.output
    assert on["options"]["position"] == doc  # the record keeps the document itself
    again = Match.replay(on)
    assert again.outcome().to_json() == on["outcome"]


def test_play_without_players_takes_the_positions_own_seats(tmp_path):
    m = Match("nobility", ["Zoe", "Yan", "Xia"], seed=4)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(m.game.save_position(m.state)))
    args = ["play", "nobility", "--option", f"position={path}", "--seed", "5", "--quiet"]
    played = cli.invoke(app, [*args, "--option", "max_turns=3", "--record", str(tmp_path / "r")])
    assert played.exit_code == 0, played.output
    assert json.loads((tmp_path / "r").read_text())["players"] == ["Zoe", "Yan", "Xia"]
    refused = cli.invoke(app, [*args, "--players", "4"])
    assert refused.exit_code == 2 and "the position has 3 players" in refused.output


@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_position_saved_at_action_40_is_that_game(game):
    record = bot_record(game)
    upto = Match.replay(record, upto=40)
    doc = json.loads(json.dumps(upto.game.save_position(upto.state)))
    resumed = Match(
        game, record["players"], seed=999, options={**record["options"], "position": doc}
    )
    for seat in (None, *range(len(upto.names))):
        assert resumed.view(seat) == upto.view(seat)
    assert resumed.pending() == upto.pending()


def test_sim_plays_a_sweep_from_one_position_with_many_futures(tmp_path):
    record = bot_record("nobility")
    upto = Match.replay(record, upto=30)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(upto.game.save_position(upto.state)))
    summary = run("nobility", games=6, players=3, seed=1, options={"position": str(path)})
    assert not [r.error for r in summary.results if r.error]
    assert len({r.decisions for r in summary.results}) > 1  # not one future six times


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda p: p.stem)
def test_each_game_page_example_loads(page):
    block = re.search(r"```json\n(.*?)\n```", page.read_text(encoding="utf-8"), re.S)
    assert block, f"{page} has no ```json example"
    doc = json.loads(block.group(1))
    game = load(page.stem)
    state = game.new(len(doc["players"]), 0, {"position": doc})
    assert game.save_position(state)["players"] == doc["players"]


def test_every_game_has_a_page():
    assert {p.stem for p in DOCS.glob("*.md")} == set(QUICK)


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("/no/such/file.json", "cannot read the position /no/such/file.json"),
        (42, "a number is neither a file name nor a position"),
        ({"format": "chess-position/1", "players": ["Ann"]}, "a chess position, not a"),
        ({"format": "nobility-position/9", "players": ["Ann"]}, "version 9 is unknown"),
        ({"format": "nobility", "players": ["Ann"]}, "'nobility' is not a position format"),
        ({"format": "nobility-position/1", "players": "Ann"}, "players: must be an array"),
    ],
)
def test_what_is_no_position_is_refused_before_any_game(value, problem):
    with pytest.raises(PositionError, match=re.escape(problem)):
        Match("nobility", 3, options={"position": value})


def test_broken_json_is_refused_with_the_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"format": "nobility-position/1",')
    with pytest.raises(OptionError, match=f"{re.escape(str(path))}: not valid JSON"):
        Match("nobility", 3, options={"position": str(path)})
