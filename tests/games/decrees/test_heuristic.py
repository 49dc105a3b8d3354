"""Final Decrees' heuristic bot, its position evaluator and the game's statistics.

Games of bots are played through the public contract (``GAME.apply`` checks every action),
so an illegal choice fails the test rather than being fixed up.
"""

from __future__ import annotations

import random

import pytest

import bureau.sim
from bureau.bots import make
from bureau.engine.deals import Accept, Decline, Propose
from bureau.games.decrees import GAME
from bureau.games.decrees.actions import Remove, Stamp
from bureau.games.decrees.heuristic import HeuristicBot, evaluate

from .. import common
from .helpers import ADM, ANN, BEN, CAT, D1, D2, DAN, EVE, NAMES, REF, SS, TRE, new_game, play, put

# Final Decrees' only cap is ``max_turns``; it has no bot default, so bot games are
# uncapped already. The tests set it to none anyway, so that a game here can only end
# by the rules: the deck runs out (DEC-32, DEC-A06) or every decree is enacted (DEC-33).
UNCAPPED = {"max_turns": "none"}


def play_out(state, bots, limit: int = 5000):
    """Play ``state`` to its end with one bot a seat; returns the decisions taken."""
    return common.play_out(GAME, state, bots, limit)


def heuristic_game(players: int, seed: int):
    state = GAME.new(players, seed=seed, options=UNCAPPED, bots_only=True)
    bots = [make("heuristic", GAME, s, seed) for s in range(players)]
    play_out(state, bots)
    return state


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (5, 2), (4, 3), (4, 4)])
def test_heuristic_games_end_by_the_rules(players, seed):
    state = heuristic_game(players, seed)
    out = GAME.outcome(state)
    assert not out.capped and out.winners
    assert out.reason in ("Stagnation and Decline emptied the deck", "the last card was drawn") or (
        out.reason == "every decree was enacted" and state.enacted == len(state.decrees)
    )
    assert min(out.scores) == min(state.blame)  # DEC-34: the least personal blame wins


def test_heuristic_bots_enact_decrees():
    enacted = [heuristic_game(5, seed).enacted for seed in (1, 2, 5, 6)]
    assert sum(enacted) >= 1, enacted


def test_the_bot_is_a_game_kind_of_bot():
    assert GAME.own_bots() == {"heuristic": HeuristicBot}
    assert isinstance(make("heuristic", GAME, 2, 0), HeuristicBot)


def test_heuristic_beats_random_seats():
    # One heuristic seat among four random ones: a random seat's fair share is 1/5. In
    # 200 games (seed 1, docs/games/decrees.md) the heuristic seat won 96.4%; here 30 games
    # must give it at least twice the fair share.
    summary = bureau.sim.run(
        "decrees",
        games=30,
        players=5,
        seed=11,
        options=UNCAPPED,
        bots="heuristic,random,random,random,random",
        workers=1,
    )
    assert summary.finished == 30 and summary.errors == 0
    assert summary.win_rates[0] >= 2 * (1 / 5)


# -- decisions in exact positions ------------------------------------------------------------


def test_it_enacts_a_decree_whose_award_it_chooses_and_takes_its_own_blame():
    # Ann heads Treasury, which nothing controls: she stamps D1's last step (EXE TRE REF
    # TRE), so she chooses where its 10 blame go (DEC-57..61), and takes them off herself.
    state = new_game()
    put(state, ANN, "TRE")
    state.decree_done[D1], state.decree_at[D1] = 3, TRE
    state.blame[ANN] = 8
    bot = make("heuristic", GAME, ANN, 0)
    first = bot.act(state)
    if str(first) == "budget":  # Treasury's two extra actions first (DEC-47) is fine too
        GAME.apply(state, ANN, first)
        first = bot.act(state)
    assert first == Stamp(D1)
    GAME.apply(state, ANN, first)
    assert state.phase == "choose" and state.choose == (ANN, 10)
    removal = bot.act(state)
    # the stamp itself took 1 (DEC-56); the other 7 go now, all of Ann's blame
    assert isinstance(removal, Remove) and removal.removals[0] == (ANN, -1, 7)
    GAME.apply(state, ANN, removal)
    assert state.blame[ANN] == 0 and state.enacted == 1


def test_it_does_not_enact_a_decree_whose_award_the_leader_would_choose():
    # Ann (ADM) could stamp D2's last step (ADM HR TRE ADM), but the chain of control
    # above ADM tops out at REF, which Eve heads: she, far ahead, would choose where the
    # 10 blame go (DEC-59). Ann's turn passes without Eve ever choosing.
    state = new_game()
    put(state, ANN, "ADM")
    state.place(EVE, REF)
    state.decree_done[D2], state.decree_at[D2] = 3, ADM
    state.blame[:] = [14, 14, 14, 14, 10]
    bot = make("heuristic", GAME, ANN, 0)
    while state.active == ANN and GAME.pending(state) == (ANN,):
        GAME.apply(state, ANN, bot.act(state))
        assert state.choose is None or state.choose[0] != EVE
    assert state.blame[EVE] >= 10


def test_it_loads_its_blame_onto_the_leader_below_it():
    # Ann (EXE) controls HR, ADM and SS (DEC-20); Dan (SS) is clearly ahead.
    state = new_game()
    state.dept_blame[1] = 6  # EXE
    state.blame[:] = [5, 5, 5, 0, 5]
    action = make("heuristic", GAME, ANN, 0).act(state)
    assert str(action) == "spread 6 EXE to SS"


def test_it_accepts_a_clearly_good_offer():
    state = new_game(hands=["overtime", "good-press"])
    state.blame[:] = [5, 5, 5, 5, 5]
    play(state, BEN, "offer Ann: Ben gives card good-press")  # a free card for Ann
    assert make("heuristic", GAME, ANN, 0).act(state) == Accept(BEN, "Ben")


def test_it_declines_a_clearly_bad_offer():
    state = new_game(hands=["overtime", "good-press"])
    state.blame[:] = [5, 5, 5, 5, 5]
    play(state, BEN, "offer Ann: Ben gives 3 blame")  # Ann would take Ben's blame
    assert make("heuristic", GAME, ANN, 0).act(state) == Decline(BEN, "Ben")


@pytest.mark.parametrize(("ben", "answer"), [(3, Decline), (20, Accept)])
def test_it_declines_a_trade_that_helps_a_leader_more(ben, answer):
    # Ann holds all five decrees (on EXE), so Leave of Absence is worth 5 to her and
    # nothing to Ben. For it Ben would give her 3 blame: good for Ann (+2), better for
    # Ben (+3). From Ben the leader she declines; from Ben far behind she accepts.
    state = new_game(hands=["overtime", "leave-of-absence"])
    state.blame[:] = [8, ben, 9, 9, 9]
    play(state, BEN, "offer Ann: Ben gives 3 blame, card leave-of-absence")
    assert type(make("heuristic", GAME, ANN, 0).act(state)) is answer


def test_it_offers_a_card_it_cannot_use_to_a_player_who_can():
    # Every decree is on Dan's mat: Ann's Leave of Absence is worth nothing to her and 5
    # to Dan, who is far behind. She offers it with some of her blame, and Dan takes it.
    state = new_game(hands=["leave-of-absence"])
    state.decree_at[:] = [SS] * 5
    state.blame[:] = [4, 5, 5, 12, 5]
    offer = make("heuristic", GAME, ANN, 0).act(state)
    assert isinstance(offer, Propose) and offer.recipients == (DAN,)
    assert str(offer) == "offer Dan: Ann gives 2 blame, card leave-of-absence"
    GAME.apply(state, ANN, offer)
    assert make("heuristic", GAME, DAN, 0).act(state) == Accept(ANN, "Ann")


def test_it_makes_no_offer_when_no_trade_helps_both():
    state = new_game(hands=["good-press"])
    state.blame[:] = [4, 4, 4, 4, 4]
    assert not isinstance(make("heuristic", GAME, ANN, 0).act(state), Propose)


def test_it_bids_and_assigns_legally_at_the_start():
    state = GAME.new(list(NAMES), seed=9, options=UNCAPPED)
    bots = [make("heuristic", GAME, s, 9) for s in range(5)]
    while state.phase in ("bid", "assign"):
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, bots[seat].act(state))
    assert state.phase == "turn" and sorted(d for d in state.dept_of) == sorted({1, 2, 3, 4, 5})


def test_it_falls_back_to_a_legal_action_when_its_judgment_fails(monkeypatch):
    state = new_game()
    bot = make("heuristic", GAME, ANN, 0)

    def broken(_state):
        raise RuntimeError("a bug in the judgment")

    monkeypatch.setattr(bot, "_decide", broken)
    action = bot.act(state)
    GAME.check(state, ANN, action)


# -- evaluate ---------------------------------------------------------------------------------


def shares_ok(shares, players: int) -> bool:
    return (
        len(shares) == players
        and all(0 <= x <= 1 for x in shares)
        and (abs(sum(shares) - 1) < 1e-9)
    )


def test_evaluate_is_a_share_of_the_win_all_game_long_and_the_winners_at_the_end():
    rng = random.Random(4)
    state = GAME.new(5, seed=4, options=UNCAPPED, bots_only=True)
    while GAME.outcome(state) is None:
        assert shares_ok(evaluate(state), 5)
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, GAME.sample_action(state, seat, rng))
    out = GAME.outcome(state)
    shares = GAME.evaluate(state)
    assert shares_ok(shares, 5)
    assert all(shares[q] == (1 / len(out.winners) if q in out.winners else 0) for q in range(5))


def test_evaluate_prefers_the_seat_clearly_ahead():
    state = new_game()
    state.blame[:] = [12, 10, 2, 11, 12]
    shares = GAME.evaluate(state)
    assert max(range(5), key=shares.__getitem__) == CAT
    assert shares[CAT] > 0.5 and shares_ok(shares, 5)
    state.blame[CAT] = 30  # and follows the lead when it changes
    assert GAME.evaluate(state)[CAT] < min(GAME.evaluate(state)[q] for q in (BEN, DAN))


def test_evaluate_counts_departmental_blame_against_its_head():
    state = new_game()
    state.blame[:] = [5, 5, 5, 5, 5]
    state.dept_blame[5] = 12  # ADM, Eve's
    shares = GAME.evaluate(state)
    assert shares[EVE] == min(shares)


# -- statistics -------------------------------------------------------------------------------


def test_statistics_of_a_finished_game():
    state = heuristic_game(5, 2)
    numbers = GAME.statistics(state)
    assert all(isinstance(v, float) for v in numbers.values())
    assert numbers["turns"] == state.turns > 10
    enacted = [numbers[f"enacted_D{i}"] for i in range(1, 6)]
    assert numbers["decrees_enacted"] == sum(enacted) == state.enacted
    assert 0 <= numbers["steps_stamped"] <= 24
    assert [numbers[f"blame_seat_{q}"] for q in range(5)] == list(GAME.outcome(state).scores)
    assert numbers["blame_least"] <= numbers["blame_mean"] <= numbers["blame_most"]
    assert numbers["blame_margin"] >= 0
    assert numbers["ended_by_deck"] + numbers["ended_by_decrees"] == 1
    assert numbers["capped"] == 0 and numbers["arrows_changed"] >= 0
    assert numbers["dept_blame_left"] >= 0 and numbers["cards_left"] == len(state.deck)
