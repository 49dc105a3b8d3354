"""The `bureau` command end to end: the real console entry point in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bureau
from bureau.engine import IllegalAction, Match, RecordError
from bureau.sim import play_one
from conftest import CLI_ENV, bureau_cmd

SEED = 5  # with these options Ann (seat 0) is the first to decide, and once must decline glory
OPTIONS = ["--option", "herald=0"]


def assert_clean_failure(proc, code: int, *fragments: str) -> None:
    """Exit ``code``, one line on stderr naming every fragment, no traceback."""
    assert proc.returncode == code, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# -- bureau games ------------------------------------------------------------------------------


def test_games_lists_aristocracy_with_its_options():
    proc = bureau_cmd("games")
    assert proc.returncode == 0, proc.stderr
    game = bureau.load("aristocracy")
    assert "Aristocracy" in proc.stdout and "2-5 players" in proc.stdout
    for option in game.options:
        assert option.name in proc.stdout
    assert "(fixture)" in proc.stdout
    assert "discard | keep" in proc.stdout and "visitor | owner" in proc.stdout  # allowed values
    assert "bot games: 20" in proc.stdout  # max_years has its own default in bot games

    data = json.loads(bureau_cmd("games", "--json").stdout)
    (entry,) = [g for g in data if g["name"] == "aristocracy"]
    assert [o["name"] for o in entry["options"]] == [o.name for o in game.options]
    assert {o["name"] for o in entry["options"] if o["fixture"]} == {"herald", "deck", "position"}


# -- bureau play with bots only, and bureau replay ---------------------------------------------


@pytest.fixture(scope="module")
def bot_game(tmp_path_factory):
    """An all-bot game played by the CLI with --record: (process, record path)."""
    path = tmp_path_factory.mktemp("records") / "game.json"
    proc = bureau_cmd("play", "aristocracy", "--players", "3", "--seed", "7", "--record", str(path))
    return proc, path


def test_all_bot_play_prints_the_public_log_and_the_result(bot_game):
    proc, path = bot_game
    assert proc.returncode == 0, proc.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    match = Match.replay(record)
    # The log is the spectator's: every public event, described, and no secret one.
    public = [match.game.describe(match.state, e) for e in match.events if e.visible_to(None)]
    secret = [match.game.describe(match.state, e) for e in match.events if not e.visible_to(None)]
    lines = proc.stdout.splitlines()
    for line in public[:20] + public[-5:]:
        assert line in lines
    assert not set(secret) - set(public) & set(lines)
    outcome = match.outcome()
    assert outcome is not None and outcome.capped  # random bots never claim glory in 20 years
    assert "no winner" in proc.stdout
    assert f"Record written to {path} ({len(record['actions'])} actions)" in proc.stdout


def test_record_replays_to_the_same_outcome(bot_game):
    _, path = bot_game
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["options"]["max_years"] == 20  # all bots: the bot-game cap applies
    assert all(isinstance(at, str) for _, _, at in record["actions"])  # stamped with times

    replayed = bureau_cmd("replay", str(path), "--json")
    assert replayed.returncode == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["outcome"] == record["outcome"]
    assert data["over"] is True
    assert data["actions"] == len(record["actions"])
    assert data["viewer"] is None
    assert data["view"] == json.loads(json.dumps(Match.replay(record).view(None)))

    # The same game as `bureau sim` plays it: same seed, same bots, same moves.
    sim = play_one("aristocracy", 3, 7)
    assert sim.decisions == len(record["actions"])
    assert list(sim.scores) == record["outcome"]["scores"]


def test_replay_views_as_a_player_all_and_upto(bot_game):
    _, path = bot_game
    match = Match.replay(path)
    as_ben = json.loads(bureau_cmd("replay", str(path), "--as", "ben", "--json").stdout)
    assert as_ben["viewer"] == "Ben"
    assert as_ben["view"] == json.loads(json.dumps(match.view(1)))

    everyone = json.loads(bureau_cmd("replay", str(path), "--all", "--json").stdout)
    assert [v["viewer"] for v in everyone["views"]] == [None, "Ann", "Ben", "Cat"]

    early = bureau_cmd("replay", str(path), "--upto", "10", "--as", "2")
    assert early.returncode == 0, early.stderr
    assert "Replayed 10 actions" in early.stdout
    assert "the view of Cat" in early.stdout
    assert "The game is not over; it waits for" in early.stdout

    text = bureau_cmd("replay", str(path))
    assert text.returncode == 0
    assert "game over" in text.stdout and "no winner" in text.stdout


def test_replay_of_a_tampered_record_names_the_action(bot_game, tmp_path):
    _, path = bot_game
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"].insert(3, ["Ben", "bid 99", None])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(RecordError) as expected:
        Match.replay(record)

    proc = bureau_cmd("replay", str(bad), "--json")
    assert_clean_failure(proc, 1, "action 4", "Ben", "'bid 99'", str(expected.value))
    data = json.loads(proc.stdout)
    assert data["action"] == 4
    assert data["entry"] == ["Ben", "bid 99", None]

    text = bureau_cmd("replay", str(bad))
    assert_clean_failure(text, 1, "replay failed: action 4 (Ben: 'bid 99') failed:")


def test_replay_of_a_record_whose_outcome_was_edited_fails(bot_game, tmp_path):
    _, path = bot_game
    record = json.loads(path.read_text(encoding="utf-8"))
    record["outcome"]["winners"] = [0]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record), encoding="utf-8")
    proc = bureau_cmd("replay", str(edited))
    assert_clean_failure(proc, 1, "outcome differs", "winners")


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "cannot read record"),
        ("{not json", "not valid JSON"),
        ('{"game": "chess", "players": 2}', "no game named 'chess'"),
    ],
)
def test_replay_of_a_missing_or_invalid_file_exits_2(tmp_path, content, message):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert_clean_failure(bureau_cmd("replay", str(path)), 2, message)


# -- bureau play with a human seat -------------------------------------------------------------


def _first_decision():
    game = bureau.load("aristocracy")
    state = game.new(3, SEED, {"herald": 0})
    assert game.pending(state) == (0,)
    return game, state


def test_human_bad_input_is_refused_then_a_legal_action_is_played(tmp_path):
    game, state = _first_decision()
    with pytest.raises(IllegalAction) as refused:
        game.parse(state, 0, "frobnicate 7")
    legal = [str(a) for a in game.legal_actions(state, 0)]
    mine = legal[0]  # an empty stall: Ann then has no action this round, only glory to decline
    path = tmp_path / "human.json"
    script = f"frobnicate 7\nbid 99\nhelp\nlegal stall\nview\nlog\n{mine}\nquit\n"
    proc = bureau_cmd(
        "play", "aristocracy", "-p", "3", "-s", str(SEED), *OPTIONS, "--seat", "ann=human",
        "--record", str(path), stdin=script,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert str(refused.value) in out  # the engine's own message
    assert out.count("✗") == 2
    assert game.action_help(state, 0) in out
    assert "legal actions" in out  # more than 40: counted, with the hint
    assert mine in out  # listed by 'legal stall'
    assert "Ann formed a stall (0 cards)." in out  # the events since Ann's last prompt
    assert "Stopped (Ann quit)" in out
    assert "Traceback" not in proc.stderr

    record = json.loads(path.read_text(encoding="utf-8"))
    ann = [text for who, text, _ in record["actions"] if who == "Ann"]
    assert ann[0] == mine  # the bad lines changed nothing
    assert "outcome" not in record  # not over
    # Every other action of Ann's was played for her because it was her only legal one.
    for index, (who, text, _) in enumerate(record["actions"]):
        if who == "Ann" and index > 0:
            before = Match.replay(record, upto=index)
            assert [str(a) for a in before.game.legal_actions(before.state, 0)] == [text]
    assert len(ann) > 1, "seed 5 should give Ann a forced 'decline' before her next choice"
    assert f"your only legal action is '{ann[1]}'; played it for you" in out
    assert bureau_cmd("replay", str(path)).returncode == 0


def test_end_of_input_stops_cleanly_and_writes_the_record(tmp_path):
    path = tmp_path / "eof.json"
    proc = bureau_cmd(
        "play", "aristocracy", "-p", "3", "-s", str(SEED), *OPTIONS, "--seat", "0",
        "--record", str(path), stdin="",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Stopped (input ended) after 0 actions" in proc.stdout
    assert "Traceback" not in proc.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["actions"] == [] and record["seed"] == SEED


# -- input errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["play", "chess"], ["no game named 'chess'"]),
        (["play", "aristocracy", "--players", "7"], ["Aristocracy takes 2-5 players, not 7"]),
        (["sim", "aristocracy", "--players", "1", "--json"], ["takes 2-5 players, not 1"]),
        (["play", "aristocracy", "--option", "decks=3"], ["option decks", "not one of 1, 2"]),
        (["play", "aristocracy", "-o", "wombat=1"], ["unknown option 'wombat'"]),
        (["sim", "aristocracy", "-o", "max_years"], ["write NAME=VALUE"]),
        (["play", "aristocracy", "--seat", "9=human"], ["--seat '9=human'", "no seat 9"]),
        (["play", "aristocracy", "--seat", "0=genius"], ["'genius' is not one of human"]),
        (["sim", "aristocracy", "--bots", "random,random"], ["one bot for every seat"]),
        (["replay", "x.json", "--as", "0", "--all"], ["not both"]),
    ],
)
def test_input_errors_exit_2_with_one_line(args, fragments):
    assert_clean_failure(bureau_cmd(*args), 2, *fragments)


def test_console_script_is_the_same_command():
    script = Path(sys.executable).with_name("bureau")
    if not script.exists():
        pytest.skip("the console script is not installed next to this Python")
    proc = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, env=CLI_ENV, timeout=60
    )
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"bureau {bureau.__version__}"
    assert bureau_cmd("--version").stdout == proc.stdout


# -- the terminal session in-process: whole games with scripted humans -------------------------


@pytest.mark.parametrize("humans", [{"Ann": 0, "Cat": 2}, {"Ben": 1}])
def test_humans_typing_noise_play_a_whole_game(humans):
    """Humans type commands, garbage and random legal actions until the game ends."""
    import io
    import random

    from rich.console import Console

    from bureau.bots import make
    from bureau.cli.play import OVER, TerminalGame

    match = Match("aristocracy", 3, seed=11, options={"max_years": 2})
    rng = random.Random(3)
    prompts = []

    def read(prompt: str) -> str:
        seat = humans[prompt.split(">")[0]]
        prompts.append(seat)
        assert seat in match.pending()
        if len(prompts) == 1:
            return "xyzzy"  # garbage at least once, whatever the draws below
        roll = rng.random()
        if roll < 0.05:
            return rng.choice(["help", "legal", "legal st", "view", "log", "log all", ""])
        if roll < 0.1:
            return rng.choice(["xyzzy", "stall ZZ", "bid -1", "pick", "trade"])
        legal = match.game.legal_actions(match.state, seat)
        return str(rng.choice(legal))

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    bots = {s: make("random", match.game, s, 11) for s in range(3) if s not in humans.values()}
    session = TerminalGame(match, list(humans.values()), bots, console, read=read)
    assert session.run() == OVER
    text = out.getvalue()
    assert set(prompts) == set(humans.values())
    assert "✗" in text  # the garbage was refused...
    again = Match.replay(match.record())  # ...and never reached the game
    assert again.outcome() == match.outcome() is not None
    assert "Result: stopped by a cap (year cap reached): no winner" in text
    final = text.rsplit("> ", 1)[-1]  # after the last prompt
    if len(humans) > 1:  # several humans at one screen: each turn is announced, the end is public
        assert "Ann to play (seat 0)" in text and "Cat to play (seat 2)" in text
        assert "game over — the view of a spectator" in final
    else:
        assert "game over — the view of Ben" in final
        assert "to play (seat" not in text


# -- the generic renderer draws any view ------------------------------------------------------


def _draw(renderable) -> str:
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=90, color_system=None).print(renderable)
    return out.getvalue()


def test_generic_view_shows_cards_with_suit_symbols_and_seats_by_name():
    from bureau.cli.render import generic_view, render_view

    view = {
        "game": "somegame",
        "you": 1,
        "pending": [0, 1],
        "trick": ["10H", "QS", None],
        "players": [{"name": "Ann", "hand": None, "tricks": 2}, {"name": "Ben", "hand": ["AD"]}],
    }
    text = _draw(render_view(view))
    assert text == _draw(generic_view(view))  # no layout of its own: the generic one
    assert "the view of Ben" in text
    assert "10♥ Q♠ ▒▒" in text  # cards with symbols, a hidden card as ▒▒
    assert "Ann, Ben" in text  # seats by name
    assert "A♦" in text and "1 (you)" in text
    # An Aristocracy view of an unexpected shape falls back to the generic drawing.
    odd = {"game": "aristocracy", "players": [{"name": "Ann"}], "year": 3}
    assert "year" in _draw(render_view(odd))


def _rows(text: str, title: str) -> list[list[str]]:
    """The cells of each one-line row of the table titled ``title`` in rich's drawing."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    rows = []
    for line in lines[start + 4 :]:
        if line.startswith("└"):
            return rows
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0]:  # a row's first line (a folded cell continues on lines with no number)
            rows.append(cells)
    raise AssertionError(f"no end of the {title} table")


def test_replay_names_meld_owners_and_the_rubber_winner(tmp_path):
    """Nobility in the terminal and in ``bureau replay``: a meld's owner and a rubber's
    winner are seats, shown by the players' names (the generic drawing looked seats up
    among the table's own rows: meld 5D owned by Ben showed the owner 10D)."""
    record = tmp_path / "nobility.json"
    proc = bureau_cmd("play", "nobility", "--players", "3", "--seed", "7", "--record", str(record))
    assert proc.returncode == 0, proc.stderr
    names = ["Ann", "Ben", "Cat"]
    view = json.loads(bureau_cmd("replay", str(record), "--as", "Ben", "--json").stdout)["view"]
    assert len(view["melds"]) >= 2 and view["rubbers"]
    assert any(m["owner"] != i for i, m in enumerate(view["melds"]))  # a row is not a seat
    proc = bureau_cmd("replay", str(record), "--as", "Ben")
    assert proc.returncode == 0, proc.stderr
    melds = _rows(proc.stdout, "melds")
    assert [row[1] for row in melds] == [m["name"] for m in view["melds"]]
    assert [row[2] for row in melds] == [names[m["owner"]] for m in view["melds"]]
    rubber = view["rubbers"][0]
    winner, first = _rows(proc.stdout, "rubbers")[0][2:4]
    assert winner == names[rubber["winner"]]
    assert first == ", ".join(names[s] for s in rubber["first"])
    text = _draw(bureau.cli.render.render_view(view))  # the terminal draws with the same code
    assert [row[2] for row in _rows(text, "melds")] == [row[2] for row in melds]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.floats(allow_nan=False)
    | st.sampled_from(["7H", "10S", "RJ", "Ann", "[bold]x[/]", "", "pass"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.text(max_size=8), json_values, max_size=6),
    st.lists(
        st.dictionaries(st.sampled_from(["name", "coins", "hand", "x"]), json_values), max_size=4
    ),
    st.sampled_from([None, 0, 1, 7]),
)
def test_any_view_dict_renders(extra, players, you):
    from bureau.cli.render import render_view

    view = {**extra, "game": "aristocracy", "you": you, "players": players}
    assert _draw(render_view(view))
    view["game"] = "unknown"
    assert _draw(render_view(view))


# -- Final Decrees from the command line -------------------------------------------------------

DECK_FILE = """
[[card]]
key = "memo"
name = "Memo"
copies = 40
text = "Draw a card."
effect = [{ do = "draw", n = 1 }]

[[card]]
key = "decline"
name = "Stagnation and Decline"
copies = 1
effect = [{ do = "decline" }]
"""


def test_decrees_plays_with_a_deck_file_and_the_record_replays(tmp_path):
    """DEC-A01: a group's own deck file is loaded with --option deck=PATH and used in play."""
    deck = tmp_path / "memos.toml"
    deck.write_text(DECK_FILE, encoding="utf-8")
    record = tmp_path / "game.json"
    args = ["--players", "4", "--seed", "3", "--option", f"deck={deck}", "--record", str(record)]
    proc = bureau_cmd("play", "decrees", *args)
    assert proc.returncode == 0, proc.stderr
    assert "Memo" in proc.stdout and "Result:" in proc.stdout
    again = bureau_cmd("replay", str(record), "--json")
    assert again.returncode == 0, again.stderr
    view = json.loads(again.stdout)["view"]
    assert view["phase"] == "over" and view["discard"]
    assert set(view["discard"]) <= {"memo", "decline"}


def test_decrees_rejects_a_malformed_deck_file_naming_file_card_and_problem(tmp_path):
    deck = tmp_path / "broken.toml"
    deck.write_text(DECK_FILE.replace('do = "draw", n = 1', 'do = "draw"'), encoding="utf-8")
    proc = bureau_cmd("play", "decrees", "--players", "5", "--option", f"deck={deck}")
    assert_clean_failure(proc, 2, str(deck), "card 1 ('memo')", "missing parameter 'n'")


def test_decrees_human_seat_sees_the_table_and_bids(tmp_path):
    path = tmp_path / "human.json"
    script = "bid 9\nview\nbid 6\nquit\n"
    proc = bureau_cmd(
        "play", "decrees", "--players", "5", "--seed", "2", "--seat", "Ann=human",
        "--record", str(path), stdin=script,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "bid 1 to 6 blame, not 9" in proc.stdout
    assert "Final Decrees" in proc.stdout and "REF->EXE, EXE->HR, EXE->ADM, ADM->SS" in proc.stdout
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert ["Ann", "bid 6"] in [a[:2] for a in actions]


# -- positions: save FILE at the prompt and in the moderator's console -------------------------


def test_save_at_the_prompt_writes_a_position_that_play_continues(tmp_path):
    path, record = tmp_path / "p.json", tmp_path / "r.json"
    script = f"save {path}\nsave /no/such/folder/p.json\nquit\n"
    proc = bureau_cmd(
        "play", "aristocracy", "-p", "3", "-s", str(SEED), *OPTIONS, "--seat", "ann=human",
        "--record", str(record), stdin=script,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert f"Saved the position to {path}" in proc.stdout
    assert "✗ cannot write /no/such/folder/p.json" in proc.stdout
    saved = json.loads(path.read_text(encoding="utf-8"))
    now = Match.replay(json.loads(record.read_text(encoding="utf-8")))
    assert saved == now.game.save_position(now.state)
    again = Match("aristocracy", 3, seed=99, options={"position": str(path)})
    assert again.view(0) == now.view(0)


@pytest.mark.parametrize("game, players", [("seabirds", 3), ("noblesse", 8)])
def test_the_moderators_console_saves_any_moderated_game(game, players, tmp_path):
    from bureau.cli.moderate import Console

    m = Match(game, players, seed=3)
    path = tmp_path / "p.json"
    out = io.StringIO()
    assert Console(m, out).run([f"save {path}"]) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == m.game.save_position(m.state)
    assert f"--option position={path}" in out.getvalue()
