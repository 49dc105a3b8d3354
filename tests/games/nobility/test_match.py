"""Nobility: matches of rubbers, caps, clocks, text, secrecy and random play."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bureau.engine import IllegalAction, Match
from bureau.engine.rng import derive
from bureau.games.nobility import GAME
from bureau.games.nobility.actions import TAKES
from bureau.games.nobility.state import OVER
from conftest import dump

from ..common import cards, kinds, texts
from .helpers import ANN, BEN, CAT, NAMES, check_invariants, new_game, play, put_meld, refused


def concede_rubber(state, winner: int) -> list:
    """The two others concede in turn order, so ``winner`` takes the rubber."""
    ev = []
    while state.rubber_results == [] or state.rubber_results[-1]["rubber"] != state.rubber:
        seat = GAME.pending(state)[0]
        if seat == winner:
            ev += play(state, seat, "draw stock")
            ev += play(state, seat, f"discard {texts(state.hands[seat])[-1]}")
        else:
            ev += play(state, seat, "concede")
        if state.phase == OVER or kinds(ev).count("rubber_over"):
            break
    return ev


def test_nob_68_nob_a18_a_match_is_first_to_two_rubbers():
    """NOB-68, NOB-A18: with max_rubbers=4 and rubbers_to_win=2 a match is best of four,
    first to two; the deal passes to the left at each new rubber."""
    state = new_game(max_rubbers=4, rubbers_to_win=2)
    assert state.dealer == CAT and GAME.pending(state) == (ANN,)
    ev = concede_rubber(state, CAT)
    assert state.wins == [0, 0, 1] and state.rubber == 2 and "rubber" in kinds(ev)
    assert state.dealer == ANN and GAME.pending(state) == (BEN,)  # Ben is left of Ann
    assert state.money == [0, 0, 0] and state.melds == [] and not any(state.out)
    check_invariants(state)
    concede_rubber(state, CAT)
    out = GAME.outcome(state)
    assert out.winners == (CAT,) and out.scores == (0.0, 0.0, 2.0) and state.rubber == 2
    assert [r["winner"] for r in out.details["rubbers"]] == [CAT, CAT]


def test_nob_a18_after_the_last_rubber_most_rubbers_wins_or_shares():
    """NOB-A18: after max_rubbers the player with most rubbers wins; a tie shares it."""
    state = new_game(max_rubbers=2, rubbers_to_win=2)
    concede_rubber(state, CAT)
    concede_rubber(state, BEN)
    out = GAME.outcome(state)
    assert out.winners == (BEN, CAT) and out.ranking == (3, 1, 1)


def test_nob_68_nob_a18_the_default_match_is_best_of_four_first_to_two():
    """NOB-68, NOB-A18: a hosted or terminal game is, by default, the rules' match: best of
    four rubbers, first to two. A rubber won is not the end of it."""
    assert GAME.new(3).options["rubbers_to_win"] == 2
    assert GAME.new(3).options["max_rubbers"] == 4
    state = new_game()
    ev = concede_rubber(state, BEN)
    assert "game_over" not in kinds(ev) and GAME.outcome(state) is None
    assert state.wins == [0, 1, 0] and state.rubber == 2 and state.phase != OVER
    concede_rubber(state, BEN)
    out = GAME.outcome(state)
    assert out.winners == (BEN,) and out.scores == (0.0, 2.0, 0.0) and state.phase == OVER


def test_one_rubber_is_an_option_and_the_default_of_bot_only_games():
    """``max_rubbers=1`` plays a single rubber; bot-only games (sims) default to it."""
    assert GAME.new(3, bots_only=True).options["max_rubbers"] == 1
    state = new_game(max_rubbers=1)
    concede_rubber(state, BEN)
    out = GAME.outcome(state)
    assert out.winners == (BEN,) and not out.capped and state.phase == OVER


def test_bot_games_are_capped_by_max_turns():
    """``max_turns`` stops a rubber, reported as capped with no winner; bot-only games
    default to 600."""
    assert GAME.new(3, bots_only=True).options["max_turns"] == 600
    assert GAME.new(3).options["max_turns"] is None
    state = new_game(max_turns=2)
    for seat in (ANN, BEN):
        play(state, seat, "draw stock")
        ev = play(state, seat, f"discard {GAME.view(state, seat)['players'][seat]['hand'][0]}")
    out = GAME.outcome(state)
    assert out.capped and out.winners == () and min(out.ranking) == 1
    assert kinds(ev)[-1] == "game_over" and "turn cap" in out.reason


def test_decision_clock_and_timeouts_are_legal():
    """With decision_seconds, each decision has a deadline; the timeout action is always a
    legal action of the pending player."""
    state = GAME.new(3, seed=3, options={"decision_seconds": 60})
    match_time = 1_000.0
    rng = random.Random(3)
    for step in range(400):
        if state.phase == OVER:
            break
        seat = rng.choice(GAME.pending(state))
        if step % 2:
            action = GAME.timeout_action(state, seat)
        else:
            action = GAME.sample_action(state, seat, rng)
        assert action in GAME.legal_actions(state, seat) or type(action).__name__ == "Propose"
        before, deadline = GAME.decision_key(state), GAME.deadline(state)
        GAME.apply(state, seat, action, at=match_time + step)
        if state.phase == OVER:
            assert GAME.deadline(state) is None
        elif GAME.decision_key(state) != before:  # a new decision: a fresh minute from now
            assert GAME.deadline(state) == match_time + step + 60
        else:  # the same decision goes on: its clock does not restart
            assert GAME.deadline(state) == deadline
    assert GAME.deadline(GAME.new(3)) is None


def test_every_event_has_a_description_and_views_are_json():
    """``describe`` has a line for every event kind; views are JSON-ready."""
    for seed in range(6):
        state = GAME.new(3, seed=seed, bots_only=True)
        rng = random.Random(seed)
        while state.phase != OVER:
            seat = rng.choice(GAME.pending(state))
            for e in GAME.apply(state, seat, GAME.sample_action(state, seat, rng)):
                line = GAME.describe(state, e)
                assert not line.startswith(f"{e.kind}:"), line
        for reader in (None, ANN, BEN, CAT):
            json.dumps(GAME.view(state, reader))


def test_parse_errors_say_what_is_wrong_and_what_is_legal():
    """Illegal or unreadable input is refused with the reason and what is legal now."""
    state = new_game()
    with pytest.raises(Exception, match=r"a draw takes where from: 'draw stock' or 'draw discard'"):
        GAME.parse(state, ANN, "draw pile")
    with pytest.raises(Exception, match=r"not your turn.*waiting for Ann"):
        GAME.parse(state, BEN, "draw stock")


def test_determinize_keeps_what_she_knows():
    """``determinize`` keeps her hand, public knowledge (cards taken face up), cards a
    party offers her, and a hand just captured from her; it re-deals the rest."""
    state = new_game(hands=("KS QS JS", "2H 3H 4H", "RJ 5C 6C"), up="AD")
    play(state, ANN, "draw discard")  # everybody saw AD go to Ann
    play(state, CAT, "offer Ben: Cat gives card RJ")  # Ben (and Cat) know Cat holds RJ
    world = GAME.determinize(state, BEN, random.Random(1))
    assert cards("AD")[0] in world.hands[ANN] and cards("RJ")[0] in world.hands[CAT]
    assert world.hands[BEN] == state.hands[BEN]
    assert sorted(world.stock + world.hands[ANN] + world.hands[CAT]) == sorted(
        state.stock + state.hands[ANN] + state.hands[CAT]
    )
    assert GAME.view(world, BEN) == GAME.view(state, BEN)
    other = GAME.determinize(state, ANN, random.Random(1))  # Ann is not a party
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
    play(state, BEN, "decline Cat")
    play(state, ANN, "attack Ben hand with KS QS")
    play(state, BEN, "defend none")
    world = GAME.determinize(state, BEN, random.Random(2))
    assert sorted(world.captured) == sorted(state.captured) == cards("2H 3H 4H")
    world = GAME.determinize(state, CAT, random.Random(2))
    assert all(c in world.hands[ANN] for c in world.captured) and len(world.captured) == 3


# -- the shared properties, on Nobility before it is registered --------------------------------


def advance(state, rng, steps):
    for _ in range(steps):
        if state.phase == OVER:
            return
        seat = rng.choice(GAME.pending(state))
        GAME.apply(state, seat, GAME.sample_action(state, seat, rng))


def shape(events, seat):
    return [(e.kind, e.audience) for e in events if e.visible_to(seat)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 900), who=st.integers(0, 2))
def test_no_leak(seed, steps, who):
    """No leaks: re-dealing what a player cannot know changes nothing she can see."""
    state = GAME.new(3, seed=seed, bots_only=True)
    advance(state, random.Random(seed), steps)
    world = GAME.determinize(state, who, random.Random(seed + 1))
    assert GAME.view(world, who) == GAME.view(state, who)
    assert GAME.view(world, None) == GAME.view(state, None)
    assert GAME.pending(world) == GAME.pending(state)
    if who not in GAME.pending(state):
        return
    assert GAME.legal_actions(world, who) == GAME.legal_actions(state, who)
    action = GAME.sample_action(state, who, random.Random(seed + 2))
    assert GAME.sample_action(world, who, random.Random(seed + 2)) == action
    assert shape(GAME.apply(world, who, action), who) == shape(GAME.apply(state, who, action), who)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 900))
def test_record_replays_bit_for_bit(seed, steps):
    """Determinism: the same players, seed, options and action texts give the same state."""
    match = Match(GAME, list(NAMES), seed=seed, bots_only=True)
    rng = random.Random(seed)
    for i in range(steps):
        if match.outcome() is not None:
            break
        seat = rng.choice(match.pending())
        match.play(seat, GAME.sample_action(match.state, seat, rng), at=1.7e9 + i)
    record = json.loads(json.dumps(match.record()))
    again = Match(GAME, record["players"], record["seed"], record["options"])
    for name, text, _ in record["actions"]:
        again.play(again.seat(name), text)
    assert dump(again.state)["rng"] == dump(match.state)["rng"]
    a, b = dump(again.state), dump(match.state)
    a.pop("step_started"), b.pop("step_started")
    assert a == b


VARIANT = {
    "max_rubbers": 4,
    "attacks_per_turn": "meld_and_hand",
    "capture_meld": "any",
    "hand_defense": "all_nobles_auto",
    "starting_currency_per_player": 30,
    "majority_mode": "continuous",
    "coalition_doubles_without_majority": True,
    "exhaustion_min_cards": 6,
    "win_check": "immediate",
    "max_elections": None,
    "free_retrieval_max": 1,
    "merge_requires_acceptance": False,
    "income_scope": "noble_suit_only",
    "maintenance_when_zero_income": False,
    "income_table": "diamonds_hearts_shared",
}


@pytest.mark.parametrize(
    ("options", "games"), [({}, 40), (VARIANT, 10)], ids=["defaults", "every-alternative"]
)
def test_random_games_end_and_keep_every_invariant(options, games):
    """Seeded random games end (finished or capped) in a bounded number of decisions,
    with all 54 cards and 180 units accounted for after every action."""
    for i in range(games):
        seed = derive(3, "nobility", i)
        state = GAME.new(3, seed=seed, options=options, bots_only=True)
        rng = random.Random(seed)
        for _ in range(20_000):
            if state.phase == OVER:
                break
            seat = rng.choice(GAME.pending(state))
            action = GAME.sample_action(state, seat, rng)
            assert GAME.parse(state, seat, str(action)) == action
            GAME.apply(state, seat, action)
            check_invariants(state)
        out = GAME.outcome(state)
        assert out is not None and min(out.ranking) == 1
        assert out.capped == (out.winners == ())


def test_meld_names_follow_the_first_card():
    """A meld is named by its first card in sequence order; any of its cards names it
    when typed, and the name follows when a card is laid off before it."""
    state = new_game(hands=("10H 7H KS",), stock="2C")
    put_meld(state, BEN, "2H 3H 4H")
    play(state, ANN, "draw stock")
    assert str(GAME.parse(state, ANN, "attack 4H with KS")) == "attack 2H with KS"
    assert str(GAME.parse(state, ANN, "add 10H to 3H")) == "add 10H to 2H"
    play(state, ANN, "add 10H to 3H")
    assert GAME.view(state, None)["melds"][0]["name"] == "10H"
    refused(state, ANN, "add 7H to 2H", r"does not extend that meld \(it takes 5H or 9H\)")


@pytest.mark.parametrize("verb", sorted(TAKES))
def test_an_order_with_a_part_missing_or_too_many_says_what_it_takes(verb):
    """Not 'cannot read ... at column N': what the order takes, then what is legal now."""
    text = f"{verb} 9H" if TAKES[verb].endswith("takes nothing more") else verb
    with pytest.raises(IllegalAction) as info:
        GAME.parse(new_game(), ANN, text)
    message = str(info.value)
    assert message.startswith(f"{TAKES[verb]}, not '{text}'") and "cannot read" not in message
