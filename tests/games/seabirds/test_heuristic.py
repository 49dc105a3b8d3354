"""The heuristic bot, the position evaluator and the statistics of Seabirds.

Seabirds has no cap option: a game lasts ``stops`` Rounds (SEA-02, SEA-A02) and ends at the
final Stop (SEA-81..83, SEA-A03), so bot games are never capped and nothing is lifted here.
"""

from __future__ import annotations

import random
import time

import pytest

from bureau.bots import kinds, make
from bureau.games.seabirds.actions import READY, Hide, Post
from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.heuristic import HeuristicBot, evaluate
from bureau.games.seabirds.state import EXPANSION, State
from bureau.sim import tournament

from .. import common
from .flight import own
from .helpers import ANN, BEN, CAT, everyone_ready, new_game, set_holdings, tx


def bots_play(state: State, bots, limit: int = 2000) -> int:
    """Let ``bots`` (one per seat) play ``state`` to its end; the decisions made."""
    return common.play_out(GAME, state, bots, limit)


def heuristics(n: int, seed: int = 0) -> list[HeuristicBot]:
    return [HeuristicBot(GAME, s, seed + s) for s in range(n)]


def until_ready(state: State, seat: int, bot: HeuristicBot) -> list:
    """The bot acts until it declares ready; the actions it took."""
    done = []
    while seat in GAME.pending(state):
        action = bot.act(state)
        done.append(action)
        GAME.apply(state, seat, action)
        assert len(done) < 20
    return done


# -- games end by the rules ------------------------------------------------------------------


def test_the_heuristic_is_a_bot_kind_of_seabirds():
    assert kinds(GAME)["heuristic"] is HeuristicBot
    assert isinstance(make("heuristic", GAME, 1, seed=3), HeuristicBot)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_games_end_at_the_final_stop(players):
    """SEA-81..83: every game ends by the rules, for several seeds; none is capped."""
    summary = tournament.run("seabirds", games=4, players=players, seed=players, bots="heuristic")
    assert (summary.finished, summary.capped, summary.errors) == (4, 0, 0)
    assert summary.reasons == {"the Houses landed at the final Stop (6)": 4}
    assert all(r.winners for r in summary.results)


@pytest.mark.parametrize(
    "options",
    [
        {"stops": 1},
        {"stops": 9, "final_land_phase": True},
        {"batch_mode": "sequential", "land_phase_blocks_special_take": True},
        {"discount_applies_to_infrastructure": True, "income_ability_mode": "per_transaction"},
    ],
)
def test_heuristic_games_end_under_rule_variants(options):
    summary = tournament.run(
        "seabirds",
        games=3,
        players=4,
        seed=2,
        options=options,
        bots="heuristic,random,heuristic,random",
    )
    assert (summary.finished, summary.errors) == (3, 0)


def test_heuristic_beats_random_by_far():
    """One heuristic seat against two random seats: a random seat's fair share is 1/3; the
    heuristic must win at least twice that. Measured: 98.0% of 200 such games (bureau sim
    seabirds --games 200 --players 3 --bots heuristic,random,random --seed 1)."""
    summary = tournament.run(
        "seabirds", games=60, players=3, seed=1, bots="heuristic,random,random"
    )
    assert summary.finished == 60
    assert summary.win_rates[0] >= 2 / 3


def test_from_random_positions_it_plays_on_legally_and_fast():
    """From positions random play reaches, under several variants, each seat's choice is
    legal (ready or not) and heuristic bots finish the game without a Transaction refused;
    a decision takes well under 5 ms on average."""
    rng = random.Random(5)
    spent, count = 0.0, 0
    for i in range(30):
        options = {"stops": rng.choice((2, 4, 6)), "batch_mode": rng.choice(("net", "sequential"))}
        state = GAME.new(rng.choice((3, 4, 6)), seed=i, options=options, bots_only=True)
        randoms = [make("random", GAME, s, i) for s in range(state.num_players)]
        for _ in range(rng.randrange(60)):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.pending(state)[0]
            GAME.apply(state, seat, randoms[seat].act(state))
        if state.phase in ("air", "land"):
            for seat in range(state.num_players):  # ready seats may still act
                GAME.apply(GAME.clone(state), seat, HeuristicBot(GAME, seat, i).act(state))
        bots = heuristics(state.num_players, seed=i)
        while GAME.outcome(state) is None:
            seat = GAME.pending(state)[0]
            started = time.perf_counter()
            action = bots[seat].act(state)
            spent += time.perf_counter() - started
            count += 1
            events = GAME.apply(state, seat, action)
            assert not [e for e in events if e.kind == "bureau"], action  # never refused
    assert count > 300
    assert spent / count < 0.005


# -- how it plays ----------------------------------------------------------------------------


def test_it_buys_an_expansion_contract_at_once():
    state = new_game()  # Ann is Breeding: 3 Money and 3 Worker Beetles
    action = HeuristicBot(GAME, ANN).act(state)
    assert str(action) == (
        "post: ATTN Bureau: Transaction. I buy an Expansion Contract with 3 Worker Beetles."
    )


def test_at_the_final_stop_it_seals_what_the_last_income_pays_for():
    """SEA-A03: sealed Transactions resolve after the final income, which nothing else can
    spend; the bot seals a purchase that this income makes affordable."""
    state = new_game(stops=1)
    own(state, ANN, "Expansion Contract")
    set_holdings(state, ANN, Worker_Beetles=2)  # the Contract's income makes it 3
    actions = until_ready(state, ANN, HeuristicBot(GAME, ANN))
    assert isinstance(actions[0], Hide)
    assert "I buy an Expansion Contract with 3 Worker Beetles." in actions[0].text
    everyone_ready(state)
    assert GAME.outcome(state) is not None
    assert state.upgrades[ANN][EXPANSION] == 2


# -- deals -----------------------------------------------------------------------------------


def test_it_accepts_a_clearly_good_offer():
    state = new_game()
    tx(state, BEN, "I give 2 Corporations to Breeding if Breeding gives me 1 Worker Beetle.")
    assert len(state.standing) == 1
    GAME.apply(state, ANN, HeuristicBot(GAME, ANN).act(state))
    assert not state.standing
    assert state.holdings[ANN][:4] == [3, 0, 2, 2]  # Money, Food, Beetles, Corporations
    assert state.holdings[BEN][2] == 1


def test_it_declines_a_clearly_bad_offer():
    state = new_game()
    set_holdings(state, ANN, Money=3)
    tx(state, BEN, "I give 1 Corporation to Breeding if Breeding gives me 3 Money.")
    until_ready(state, ANN, HeuristicBot(GAME, ANN))
    assert len(state.standing) == 1
    assert state.holdings[ANN][0] == 3


@pytest.mark.parametrize("ben_leads", [False, True])
def test_it_declines_what_helps_the_leader_more(ben_leads):
    """2 Corporations for 2 Money helps Ann (Corporations buy her Business Contacts) but
    helps a Money-poor Ben more: Ann trades unless Ben leads."""
    state = new_game()
    set_holdings(state, ANN, Money=3)
    set_holdings(state, BEN, Corporations=3)
    if ben_leads:
        own(state, BEN, "Distribution Contract", 2)
    tx(state, BEN, "I give 2 Corporations to Breeding if Breeding gives me 2 Money.")
    GAME.apply(state, ANN, HeuristicBot(GAME, ANN).act(state))
    traded = state.holdings[ANN][3] == 2
    assert traded is not ben_leads


def test_it_offers_a_swap_and_another_heuristic_takes_it():
    """With own Resources it cannot use, Breeding offers Usury (an opposed House) a
    1-for-1 swap; Usury's bot gains by it and accepts."""
    state = new_game()
    set_holdings(state, ANN, Worker_Beetles=2)
    offer = HeuristicBot(GAME, ANN).act(state)
    assert str(offer) == (
        "post: ATTN Bureau: Transaction. I give 2 Worker Beetles to Usury"
        " if Usury gives me 2 Corporations."
    )
    GAME.apply(state, ANN, offer)
    assert len(state.standing) == 1  # a standing offer until the next Resolution
    GAME.apply(state, ANN, READY)
    GAME.apply(state, BEN, HeuristicBot(GAME, BEN).act(state))
    assert state.holdings[ANN][2:4] == [0, 2]
    assert state.holdings[BEN][2:4] == [2, 1]


def test_sensation_takes_from_the_strongest_rival():
    state = new_game()
    own(state, ANN, "Distribution Contract")
    action = HeuristicBot(GAME, CAT).act(state)
    assert str(action) == "post: ATTN Bureau: Transaction. I take 1 Money from Breeding."


# -- evaluate --------------------------------------------------------------------------------


def test_evaluate_is_a_share_of_the_win_all_game_long():
    state = GAME.new(4, seed=11, options={}, bots_only=True)
    bots = heuristics(4)
    seen = 0
    while GAME.outcome(state) is None:
        shares = GAME.evaluate(state)
        assert len(shares) == 4 and all(0 <= x <= 1 for x in shares)
        assert sum(shares) == pytest.approx(1)
        seen += 1
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, bots[seat].act(state))
    assert seen > 20
    winners = GAME.outcome(state).winners
    assert GAME.evaluate(state) == tuple(
        1 / len(winners) if s in winners else 0.0 for s in range(4)
    )


def test_evaluate_prefers_the_house_clearly_ahead():
    state = new_game()
    assert evaluate(state)[ANN] == pytest.approx(1 / 3)
    own(state, CAT, "Expansion Contract", 2)
    own(state, CAT, "Business Contacts")
    shares = evaluate(state)
    assert shares[CAT] > 0.8 and shares[ANN] == pytest.approx(shares[BEN])
    for _ in range(2):  # late in the game the same lead counts for more
        everyone_ready(state)
        if state.phase == "land":
            everyone_ready(state)
    assert evaluate(state)[CAT] > shares[CAT]


def test_evaluate_reads_only_what_everyone_knows():
    state = new_game()
    hidden = GAME.clone(state)
    GAME.apply(hidden, BEN, Hide(None, "ATTN Bureau: Transaction. I give 3 Money to Breeding."))
    assert evaluate(hidden) == evaluate(state)


# -- statistics ------------------------------------------------------------------------------


def test_statistics_of_a_finished_game():
    state = GAME.new(4, seed=3, options={}, bots_only=True)
    bots_play(state, heuristics(4))
    figures = GAME.statistics(state)
    out = GAME.outcome(state)
    assert figures["rounds"] == 6
    assert figures["upgrades"] == sum(map(sum, state.upgrades)) >= 4
    by_type = [figures[k] for k in figures if k.startswith("upgrades_")]
    assert len(by_type) == 5 and sum(by_type) == figures["upgrades"]
    assert figures["points_winner"] == max(out.scores)
    assert figures["points_winner"] >= figures["points_mean"] > 0
    assert figures["trades"] == len(state.resolved) and figures["traded_units"] >= figures["trades"]
    assert 0 <= figures["hazards"] <= 3 and 0 <= figures["takes"] <= 6
    assert figures["money_mean"] == sum(h[0] for h in state.holdings) / 4
    assert sum(v for k, v in figures.items() if k.startswith("won_")) == pytest.approx(1)
    assert all(isinstance(v, float) for v in figures.values())


def test_statistics_count_the_deals_made():
    state = new_game()
    tx(state, BEN, "I give 2 Corporations to Breeding if Breeding gives me 1 Worker Beetle.")
    GAME.apply(state, ANN, HeuristicBot(GAME, ANN).act(state))
    figures = GAME.statistics(state)
    assert (figures["trades"], figures["traded_units"]) == (2, 3)


def test_what_it_posts_is_canonical_and_carried_out():
    """Every Transaction the bot writes reads back as itself (the canonical text)."""
    state = GAME.new(3, seed=9, options={}, bots_only=True)
    bots = heuristics(3, seed=9)
    while GAME.outcome(state) is None:
        seat = GAME.pending(state)[0]
        action = bots[seat].act(state)
        if isinstance(action, Post):
            assert GAME.parse(state, seat, str(action)) == action
            events = GAME.apply(state, seat, action)
            assert not [e for e in events if e.kind == "bureau"]  # never refused
            assert not [e for e in events if e.kind == "failed" and e.data["player"] == seat]
        else:
            GAME.apply(state, seat, action)
