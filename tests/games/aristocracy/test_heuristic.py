"""Aristocracy's heuristic bot, its position evaluator and a finished game's statistics.

Whole games lift the year cap that bot games get by default (ARI-A23: ``max_years``'s
``bot_default`` is 20): they pass ``max_years="none"``, so only Glory can end them.
"""

from __future__ import annotations

import random

import pytest

from bureau import sim
from bureau.bots import kinds, make
from bureau.games.aristocracy import GAME, flow
from bureau.games.aristocracy.heuristic import HeuristicBot, evaluate, progress

from .. import common
from ..common import texts
from .helpers import ANN, BEN, CAT, build, new_game, stalls

CHATEAU = "7H 7D 7C 7S 7H"  # five 7s on a 7S address: a complete château
ESTATE = "9H 9D 9C 9S"  # four 9s on a 9 address: a complete estate


def play_out(bots: list[str], seed: int, **options):
    """A whole game of ``bots`` without a year cap; the final state and the bots."""
    state = GAME.new(len(bots), seed, {"max_years": "none", **options}, bots_only=True)
    seated = [make(name, GAME, s, seed) for s, name in enumerate(bots)]
    common.play_out(GAME, state, seated)
    return state, seated


def fallbacks(seated) -> int:
    return sum(b.fallbacks for b in seated if isinstance(b, HeuristicBot))


def test_the_game_seats_its_heuristic_bot():
    assert kinds(GAME)["heuristic"] is HeuristicBot
    assert GAME.own_bots() == {"heuristic": HeuristicBot}


@pytest.mark.parametrize(
    ("bots", "seed", "options"),
    [
        (["heuristic"] * 3, 1, {}),
        (["heuristic"] * 3, 2, {}),
        (["heuristic"] * 4, 3, {"revisit_choice": "owner"}),
        (["heuristic", "random"], 4, {}),
        (["random", "heuristic", "random"], 5, {"variant": "longer"}),
        (["heuristic", "heuristic", "random"], 6, {"production_on_upgrade": "keep"}),
    ],
)
def test_ari_66_heuristic_games_end_by_glory(bots, seed, options):
    """ARI-66, ARI-35: with the year cap lifted, the bots end the game by Glory, and the
    player who ends it qualifies; the bot's own plan never needed the random fallback."""
    state, seated = play_out(bots, seed, **options)
    out = state.outcome
    assert not out.capped and out.winners
    assert out.reason == f"{state.names[state.ended_by]} claimed glory"
    assert bots[state.ended_by] == "heuristic"
    assert flow.can_glory(state, state.ended_by)
    assert fallbacks(seated) == 0


def test_heuristic_seat_beats_random_seats():
    """One heuristic seat against two random ones, 30 seeded games with the default bot
    cap (20 years). A random seat's fair share is 1/3; the heuristic seat must win at least
    twice that. Measured: it finishes all 30 and wins all 30 (share 1.0)."""
    summary = sim.run("aristocracy", games=30, players=3, seed=11, bots="heuristic,random,random")
    assert summary.errors == 0
    assert summary.finished >= 27
    assert summary.win_rates[0] >= 2 / 3


# -- trades: Aristocracy's only exchanges between players -----------------------------------------
# The rules have no negotiated deals: a Trade swaps a stall card for a market card or another
# player's stall card, and the other player cannot refuse. "Accepting" an exchange is the bot
# taking a trade; "declining" is leaving one alone; "offering" is forming a stall to trade with.


def ann_to_act(market: str, ann_stall: str, ann_hand: str, ben_stall: str = "10C 10D 10H"):
    """Ann (heuristic) acts first in the first King round; Ben's heavy stall acts after her."""
    state = new_game(3, hands=(f"{ann_stall} {ann_hand}", f"{ben_stall} 4C", "8H"), market=market)
    stalls(state, {ANN: ann_stall, BEN: ben_stall})
    assert state.active == ANN
    return state


def ann_choice(state) -> str:
    return str(HeuristicBot(GAME, ANN, seed=1).act(state))


def test_bot_trades_junk_for_a_card_its_building_needs():
    state = ann_to_act(market="7H 4D", ann_stall="2C", ann_hand="5S 9D")
    build(state, ANN, "7S", "7D 7C 2H")  # a farm site that needs one more 7
    assert ann_choice(state) == "trade 2C for 7H@market"


def test_bot_takes_a_needed_card_from_an_opponents_stall():
    state = ann_to_act(market="4D 5H", ann_stall="2C", ann_hand="5S 9D", ben_stall="10C 10D 7H")
    build(state, ANN, "7S", "7D 7C 2H")
    assert ann_choice(state) == "trade 2C for 7H@Ben"


def test_bot_leaves_a_trade_that_gains_nothing():
    """Nothing on offer pairs with its cards: no trade (it sells its junk pair instead)."""
    state = ann_to_act(market="9D 4H", ann_stall="2C 3D", ann_hand="5S 6D KS")
    assert ann_choice(state) == "sell 3D 2C"


def test_bot_declines_a_trade_that_helps_the_leader_more_than_it():
    """A 6 to pair its 6S is worth a junk card, but not when the junk card is a 5 and goes to
    Ben, whose buildings stand on 5s; the same 6 from the market, it takes."""
    for where, expected in (("Ben", "pass"), ("market", "trade 5C for 6H@market")):
        market = "6H 4D" if where == "market" else "4D 10S"
        ben_stall = "10C 10D 6H" if where == "Ben" else "10C 10D 10H"
        state = ann_to_act(market=market, ann_stall="5C", ann_hand="6S 9D KS", ben_stall=ben_stall)
        build(state, BEN, "5S", "5H 5D 5C 5S")
        build(state, BEN, "5H", "5D 5H 5S 5C 5D")
        assert ann_choice(state) == expected, where


def test_bot_stalls_to_trade_for_what_the_market_offers():
    """Forming its stall, the bot puts down its junk and, for enough actions to trade for
    the market's 7 and with both opponents' stalls, more cards; never its King, which
    builds from the hand."""
    state = new_game(3, hands=("2C 3D 7S 7D KS 9H 9C",), market="7H 4D", herald=ANN)
    action = HeuristicBot(GAME, ANN, seed=1).act(state)
    stall = texts(action.cards)
    assert {"2C", "3D"} <= set(stall) and "KS" not in stall
    assert len(stall) >= 4


def test_bot_completes_glory_by_dropping_a_mismatched_card():
    """In the King round a château whose only flaw is a 2 becomes a complete estate, which
    with a complete château and estate is Glory; at Glory it claims it."""
    state = ann_to_act(market="4D 5H", ann_stall="2C", ann_hand="5S 9D")
    build(state, ANN, "7S", CHATEAU)
    build(state, ANN, "9S", ESTATE)
    build(state, ANN, "8S", "8H 8D 8C 8S 2H")
    bot = HeuristicBot(GAME, ANN, seed=1)
    assert str(bot.act(state)) == "downgrade 8S 2H"
    GAME.apply(state, ANN, bot.act(state))
    while state.step != "glory":
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, GAME.timeout_action(state, seat))
    assert str(bot.act(state)) == "glory"


def test_bot_declines_glory_when_it_does_not_qualify():
    state = new_game(3, herald=ANN)
    build(state, ANN, "7S", CHATEAU)
    stalls(state, {})
    assert state.step == "glory"
    assert str(HeuristicBot(GAME, ANN, seed=1).act(state)) == "decline"


def test_bot_never_needs_its_fallback_in_random_positions():
    """In positions random play reaches, every decision at every step is the bot's own and
    legal (``choose`` checks it; ``fallbacks`` counts the rare random replacement)."""
    rng = random.Random(3)
    steps = set()
    for seed in range(3):
        state = GAME.new(4, seed, {"max_years": 4}, bots_only=True)
        while state.outcome is None:
            seat = GAME.pending(state)[0]
            bot = HeuristicBot(GAME, seat, seed=seed)
            action = bot.act(state)
            assert bot.fallbacks == 0, (state.step, str(action))
            GAME.check(state, seat, action)
            steps.add(state.step)
            if rng.random() < 0.5:  # random play drives the game to varied positions
                action = GAME.sample_action(state, seat, rng)
            GAME.apply(state, seat, action)
    assert {"tax", "ball", "bid", "pick", "stall", "act", "expose", "glory"} <= steps


# -- the evaluator ---------------------------------------------------------------------------------


def test_evaluate_is_a_share_of_the_win_along_a_game():
    state = GAME.new(3, 4, {"max_years": "none"}, bots_only=True)
    seated = [make("heuristic", GAME, s, 4) for s in range(3)]
    seen = 0
    while state.outcome is None:
        shares = GAME.evaluate(state)
        assert len(shares) == 3 and all(0 <= x <= 1 for x in shares)
        assert sum(shares) == pytest.approx(1)
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, seated[seat].act(state))
        seen += 1
    assert seen > 50
    shares = GAME.evaluate(state)
    winners = state.outcome.winners
    assert shares == tuple(1 / len(winners) if s in winners else 0.0 for s in range(3))


def test_evaluate_prefers_the_seat_clearly_ahead():
    state = new_game(3, hands=("2C 4D 6H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    build(state, BEN, "7S", CHATEAU)
    build(state, BEN, "9S", ESTATE)
    build(state, CAT, "5S", "5H 5D 2C")  # a site with a mismatch
    shares = evaluate(state)
    assert shares[BEN] > 0.8
    assert shares[CAT] > shares[ANN] > 0


def test_evaluate_counts_the_cards_held_toward_buildings():
    """A held card that fits a site's mismatched slot is most of the way to stored; three
    of a rank beat three singles; a King is a build to come. So a search that sells or
    trades away its material sees the loss, not just a coin."""
    fits = new_game(3, hands=("5C 8D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    junk = new_game(3, hands=("3C 8D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    for state in (fits, junk):
        build(state, ANN, "5S", "5H 5D 2C")
    assert progress(fits, ANN) > progress(junk, ANN)
    stored = new_game(3, hands=("2C 8D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    build(stored, ANN, "5S", "5H 5D 5C")
    assert progress(stored, ANN) > progress(fits, ANN)  # complete beats about to be
    triple = new_game(3, hands=("8C 8D 8H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    singles = new_game(3, hands=("8C 9D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    king = new_game(3, hands=("KC 9D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    assert progress(triple, ANN) > progress(singles, ANN)
    assert progress(king, ANN) > progress(singles, ANN)
    rich = new_game(3, hands=("8C 9D 10H", "2D 4H 6S", "2H 4S 6C"), herald=ANN)
    rich.coins[ANN] += 1
    assert progress(triple, ANN) - progress(singles, ANN) > progress(rich, ANN) - progress(
        singles, ANN
    )  # a coin for two of a set's cards is a loss


def test_evaluate_of_a_capped_game_favors_nobody():
    state = GAME.new(3, 2, {"max_years": 1}, bots_only=True)
    while state.outcome is None:
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, GAME.timeout_action(state, seat))
    assert state.outcome.capped
    assert evaluate(state) == (1 / 3, 1 / 3, 1 / 3)


# -- statistics ----------------------------------------------------------------------------------


def test_statistics_of_a_finished_game():
    state, _ = play_out(["heuristic"] * 3, seed=8)
    stats = GAME.statistics(state)
    assert all(isinstance(v, float) for v in stats.values())
    assert stats["glory"] == 1.0 and stats["capped"] == 0.0
    assert stats["years"] == state.year >= 2
    assert stats["complete_chateau"] >= 1  # Glory needs one
    assert stats["vp_top"] >= 6  # the least that qualifies for Glory: two châteaux, 3 + 3
    assert stats["vp_margin"] >= 0 and stats["vp_mean"] <= stats["vp_top"]
    for kind in ("farm", "estate", "chateau"):
        assert 0 <= stats[f"complete_{kind}"] <= stats[f"buildings_{kind}"]
    built = sum(stats[f"buildings_{k}"] for k in ("farm", "estate", "chateau"))
    assert built == sum(len(bs) for bs in state.buildings)
    assert stats["coins_mean"] <= stats["coins_max"]
    assert stats["draw_pile"] + stats["discard_pile"] < 101
