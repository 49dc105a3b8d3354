"""The game-agnostic core: options, events, registry, records and matches."""

import json

import pytest

import bureau
from bureau.engine import (
    EVERYONE,
    Event,
    Match,
    Option,
    OptionError,
    RecordError,
    all_but,
    load,
    names,
    only,
)
from bureau.engine.options import parse_assignments, resolve
from bureau.engine.record import format_time, parse_time
from bureau.engine.rng import derive, make_rng


def test_audiences():
    private = Event("drew", only(1), card=3)
    rest = Event("drew", all_but(1))
    public = Event("market", EVERYONE)
    assert [private.visible_to(s) for s in (0, 1, 2, None)] == [False, True, False, False]
    assert [rest.visible_to(s) for s in (0, 1, 2, None)] == [True, False, True, True]
    assert [public.visible_to(s) for s in (0, 1, 2, None)] == [True, True, True, True]


def test_options_resolve_convert_and_reject():
    spec = (
        Option("cap", None, "a cap", kind="int?", minimum=1, maximum=99, bot_default=20),
        Option("flag", True, "a flag", kind="bool"),
        Option("mode", "a", "a mode", choices=("a", "b")),
    )
    assert resolve(spec, {}) == {"cap": None, "flag": True, "mode": "a"}
    assert resolve(spec, {}, bots_only=True)["cap"] == 20
    assert resolve(spec, {"cap": "off", "flag": "no", "mode": "b"}) == {
        "cap": None,
        "flag": False,
        "mode": "b",
    }
    with pytest.raises(OptionError, match=r"unknown option 'colour'.*cap, flag, mode"):
        resolve(spec, {"colour": 1})
    with pytest.raises(OptionError, match="cap: 0 is below 1"):
        resolve(spec, {"cap": 0})
    with pytest.raises(OptionError, match="flag: 'maybe' is not true or false"):
        resolve(spec, {"flag": "maybe"})
    with pytest.raises(OptionError, match="NAME=VALUE"):
        parse_assignments(["novalue"])
    assert parse_assignments(["a=1", " b = x "]) == {"a": "1", "b": "x"}


def test_registry():
    assert "aristocracy" in names()
    assert load("Aristocracy") is bureau.load("aristocracy")
    with pytest.raises(OptionError, match="no game named 'chess'; the games are: aristocracy"):
        load("chess")


def test_player_names_are_validated():
    game = load("aristocracy")
    with pytest.raises(OptionError, match="takes 2-5 players, not 6"):
        game.new(6)
    with pytest.raises(OptionError, match="must differ"):
        game.new(["Ann", "ann"])
    with pytest.raises(OptionError, match="one word"):
        game.new(["Ann", "Bob Smith"])
    assert game.new(["Xi", "Yo"]).names == ("Xi", "Yo")


def test_seeds_derive_stably():
    assert derive(7, "a", 1) == derive(7, "a", 1) != derive(7, "a", 2)
    assert make_rng(3).random() == make_rng(3).random()


def test_times():
    assert format_time(1.5) == "1970-01-01T00:00:01.500Z"
    assert parse_time("1970-01-01T00:00:01.500Z") == 1.5
    assert parse_time("1970-01-01T00:01:00") == 60.0  # naive means UTC
    assert parse_time(None) is None and parse_time(12) == 12.0
    with pytest.raises(RecordError, match="ISO 8601"):
        parse_time("yesterday")


def _bot_match(seed, steps):
    import random

    m = Match("aristocracy", 3, seed=seed, options={"herald": 0})
    rng = random.Random(seed)
    for i in range(steps):
        p = m.pending()[0]
        m.play(p, m.game.sample_action(m.state, p, rng), at=1000.0 + i)
    return m


def test_record_round_trip_through_json(tmp_path):
    m = _bot_match(3, 150)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(m.record()))
    again = Match.replay(path)
    assert again.record() == m.record()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in m.events]
    assert again.record()["actions"][0][2] == "1970-01-01T00:16:40Z"


def test_replay_names_the_failing_action():
    record = _bot_match(4, 20).record()
    record["actions"].insert(5, [record["actions"][5][0], "dance a jig", None])
    with pytest.raises(RecordError, match=r"action 6 \(\w+: 'dance a jig'\) failed: cannot read"):
        Match.replay(record)
    record["actions"][5] = ["Nobody", "pass", None]
    with pytest.raises(RecordError, match="no player 'Nobody'"):
        Match.replay(record)


@pytest.mark.parametrize(
    "bad, message",
    [
        ("not json", "cannot read record"),
        ('{"game": "aristocracy"}', "'players' is missing"),
        ('{"game": "aristocracy", "players": 3, "seed": "x"}', "'seed' must be a whole number"),
        ('{"game": "aristocracy", "players": 3, "options": {"max_years": 0}}', "below 1"),
        ('{"game": "aristocracy", "players": 3, "actions": [["Ann"]]}', "not \\[player"),
    ],
)
def test_broken_records_are_reported(bad, message):
    with pytest.raises(RecordError, match=message):
        Match.replay(bad)


def test_hand_written_record_with_fixtures():
    """A position written by hand: a fixed deck and herald, then actions by name."""
    deck = [
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "9C",
        "10C",
    ]
    record = {
        "game": "aristocracy",
        "players": ["Ann", "Ben"],
        "seed": 1,
        "options": {"herald": 1, "deck": deck},
        "actions": [["Ben", "stall 2H 3H", None], ["Ann", "stall none", None]],
    }
    m = Match.replay(record)
    view = m.view(None)
    assert view["market"] == ["9C", "10C"]  # the draw pile, top first, after the deal
    assert view["players"][1]["stall"] == ["2H", "3H"]
    assert view["active"] == 1 and view["actions_left"] == 2


def test_decision_clock_starts_with_each_new_decision():
    """A clock (``decision_seconds``) runs from the moment each decision begins; secret
    simultaneous commitments do not restart it; without the option nothing is timed."""
    m = Match("aristocracy", 3, seed=2, options={"herald": 0, "decision_seconds": 30})
    game = m.game
    assert game.deadline(m.state) is None  # no decision has been timed yet
    m.play(0, "stall none", at=100.0)
    assert m.pending() == (1,) and game.deadline(m.state) == 130.0
    m.play(1, "stall none", at=110.0)
    assert game.deadline(m.state) == 140.0
    m.play(2, "stall none", at=125.0)  # all stalls empty: on to Glory, everyone answers
    assert m.state.step == "glory" and m.pending() == (0, 1, 2)
    assert game.deadline(m.state) == 155.0
    m.play(1, "decline", at=150.0)  # a commitment, not a new decision
    assert m.pending() == (0, 2) and game.deadline(m.state) == 155.0

    untimed = Match("aristocracy", 3, seed=2, options={"herald": 0})
    untimed.play(0, "stall none", at=100.0)
    assert game.deadline(untimed.state) is None
    assert game.action_help(untimed.state, 0) == "The game is waiting for Ben."


def test_copy_rng_never_touches_its_source():
    import pickle
    import random

    from bureau.engine.rng import copy_rng, seeded_later

    for source in (random.Random(5), seeded_later(5), copy_rng(random.Random(5))):
        kind = type(source)
        copies = [copy_rng(source)]
        copies.append(copy_rng(copies[0]))  # a copy of a copy not yet drawn from
        assert type(source) is kind  # not even started by the copying
        assert source.getstate() == random.Random(5).getstate()
        first = [source.random() for _ in range(3)]  # the source moves on; no copy does
        for c in copies:
            assert [c.random() for _ in range(3)] == first
        later = copy_rng(copies[0])  # a copy of a copy drawn from: its state now
        assert later.random() == copies[0].random()
        assert type(pickle.loads(pickle.dumps(copy_rng(source)))) is random.Random


@pytest.mark.parametrize("name", names())
def test_cloning_leaves_the_original_as_it_was(name):
    """A clone, and draws from it and from a reference to the original's generator taken
    before, leave the original's future draws and play exactly as an uncloned twin's."""
    import random

    game = load(name)
    n = max(game.min_players, min(3, game.max_players))

    def played(decisions):
        state, rng = game.new(n, seed=11, bots_only=True), random.Random(3)
        for _ in range(decisions):
            if game.outcome(state) is not None or not game.pending(state):
                break
            p = game.pending(state)[0]
            game.apply(state, p, game.sample_action(state, p, rng), at=1000.0)
        return state

    for decisions in (0, 40, 200):
        state, twin = played(decisions), played(decisions)
        held = state.rng
        clones = [game.clone(state), game.clone(state)]
        clones.append(game.clone(clones[0]))
        assert state.rng is held and type(held) is type(twin.rng)
        expected = [twin.rng.random() for _ in range(3)]
        for c in clones:  # each clone draws from its own generator
            assert [c.rng.random() for _ in range(3)] == expected
        twin = played(decisions)
        assert held.getstate() == twin.rng.getstate()
        assert [held.random() for _ in range(5)] == [twin.rng.random() for _ in range(5)]
        rng = random.Random(4)
        for _ in range(30):  # the original plays on as its twin does
            if game.outcome(state) is not None or not game.pending(state):
                break
            p = game.pending(state)[0]
            action = game.sample_action(state, p, rng)
            assert game.apply(state, p, action, at=2000.0) == game.apply(twin, p, action, at=2000.0)


SHARED_LISTS = {("seabirds", "rolls")}  # lists only ever replaced whole: clones share them


@pytest.mark.parametrize("name", ["aristocracy", "nobility", "decrees", "seabirds", "noblesse"])
def test_clone_sets_every_slot_and_copies_the_lists(name):
    """The hand-written clones assign each slot: a slot added and forgotten fails here."""
    import random

    game = load(name)
    n = max(game.min_players, 3)
    state, rng = game.new(n, seed=5, bots_only=True), random.Random(5)
    for _ in range(150):
        if game.outcome(state) is not None or not game.pending(state):
            break
        p = game.pending(state)[0]
        game.apply(state, p, game.sample_action(state, p, rng), at=1000.0)
    given = random.Random(1)
    assert state.clone(rng=given).rng is given
    copy = state.clone()
    for slot in type(state).__slots__:
        value = getattr(copy, slot)  # an unset slot raises AttributeError
        if isinstance(value, list) and (name, slot) not in SHARED_LISTS:
            assert value is not getattr(state, slot), slot
            assert all(
                not isinstance(v, list) or v is not w
                for v, w in zip(value, getattr(state, slot), strict=True)
            ), slot
