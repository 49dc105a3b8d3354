"""Nobility's heuristic bot and position evaluator (``games/nobility/heuristic``), and statistics
(``games/nobility/stats``).

Bot games lift the turn cap for bot-only games (``max_turns``, 600 there by default)
with ``max_turns=None``; the election cap (``max_elections=8``) stays: it is a rule
(NOB-A11), and a rubber it ends is scored and won, not capped.
"""

from __future__ import annotations

import time

import pytest

from bureau.bots import make
from bureau.engine.deals import Accept, Decline, Propose
from bureau.games.nobility import GAME
from bureau.games.nobility.heuristic import HeuristicBot, evaluate
from bureau.games.nobility.state import ELECTION, OVER, TALLY
from bureau.games.nobility.stats import statistics
from bureau.sim import play_one, tournament

from ..common import cards
from .helpers import (
    ANN,
    BEN,
    CAT,
    check_invariants,
    meld_texts,
    new_game,
    play,
    put_meld,
    set_hand,
    set_money,
    set_stock,
)

UNCAPPED = {"max_turns": None}
RULE_ENDS = ("election cap", "stalemate", "controls all 36 provinces", "the others conceded")


def bot(seat: int) -> HeuristicBot:
    return make("heuristic", GAME, seat, seed=seat)


def act(state, seat: int) -> str:
    """The heuristic's action for ``seat``, applied; returns its text."""
    action = bot(seat).act(state)
    GAME.apply(state, seat, action)
    return str(action)


def heuristic_game(seed: int, **options):
    """A whole game of three heuristic bots, checking ``evaluate`` at every decision."""
    state = GAME.new(3, seed, {**UNCAPPED, **options}, bots_only=True)
    bots = [bot(s) for s in range(3)]
    decisions, spent = 0, 0.0
    while GAME.outcome(state) is None:
        shares = evaluate(state)
        assert all(0.0 <= s <= 1.0 for s in shares) and sum(shares) == pytest.approx(1.0)
        seat = GAME.pending(state)[0]
        started = time.perf_counter()
        action = bots[seat].act(state)
        spent += time.perf_counter() - started
        GAME.apply(state, seat, action)
        decisions += 1
    return state, spent / decisions


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 9))
def test_heuristic_games_end_by_the_rules_without_the_turn_cap(seed):
    """NOB-A11: the rubber ends by the election cap, an idle round or 36 provinces, with a
    winner scored by the rules; every decision is fast (measured: about 0.2 ms)."""
    state, per_decision = heuristic_game(seed)
    out = state.outcome
    assert not out.capped and out.winners
    assert out.reason.startswith(RULE_ENDS), out.reason
    assert per_decision < 0.005
    check_invariants(state)
    assert evaluate(state) == tuple(
        1 / len(out.winners) if seat in out.winners else 0.0 for seat in range(3)
    )


@pytest.mark.parametrize(
    "options",
    [
        {"attacks_per_turn": "meld_and_hand", "hand_defense": "all_nobles_auto"},
        {"income_scope": "noble_suit_only", "starting_currency_per_player": 60},
        {"majority_mode": "continuous", "coalition_doubles_without_majority": True},
        {"max_rubbers": 4, "capture_meld": "any"},
    ],
)
def test_heuristic_plays_rule_variants_to_their_end(options):
    r = play_one("nobility", 3, 11, {**UNCAPPED, **options}, "heuristic,random,heuristic")
    assert r.status == tournament.FINISHED, r.error


def test_one_heuristic_seat_beats_two_random_seats():
    """A random seat would win a third; the heuristic must win at least twice that. Measured
    over 200 games (``bureau sim nobility --games 200 --bots heuristic,random,random --seed 1
    --option max_turns=none``): 99.0% (95% interval 96.4%-99.7%)."""
    s = tournament.run("nobility", 30, 3, seed=1, options=UNCAPPED, bots="heuristic,random,random")
    assert s.finished == 30 and s.errors == 0
    assert s.win_rates[0] >= 2 / 3, s.win_rates


# -- the bot's play -----------------------------------------------------------------------------


def test_melds_a_run_and_lays_off_on_her_own_meld_only():
    state = new_game(hands=("6C 7C 8C",), stock="5H")
    put_meld(state, ANN, "2H 3H 4H")
    put_meld(state, BEN, "6H 7H 8H")  # 5H extends Ben's meld too
    assert act(state, ANN) == "draw stock"
    done = []
    while GAME.pending(state) == (ANN,) and state.active == ANN:
        done.append(act(state, ANN))
    assert done[:2] == ["add 5H to 2H", "meld 6C 7C 8C"]
    assert meld_texts(state, ANN) == [["2H", "3H", "4H", "5H"], ["6C", "7C", "8C"]]
    assert meld_texts(state, BEN) == [["6H", "7H", "8H"]]


def test_attacks_a_bigger_meld_than_she_could_meld():
    """NOB-46: two nobles take an undefended meld, worth more than her lone card."""
    state = new_game(hands=("QS KD 9C",), stock="4D")
    put_meld(state, BEN, "2H 3H 4H 5H 6H")
    act(state, ANN)
    assert act(state, ANN) == "attack 2H with QS KD"
    assert meld_texts(state, ANN) == [["2H", "3H", "4H", "5H", "6H"]]


def test_defends_her_hand_with_just_enough_nobles_or_all_of_them():
    """NOB-A04, NOB-A05: three attackers are repelled by two defenders (she keeps her King);
    against four, two defenders cannot win, so she commits both: the attacker loses four
    nobles instead of two and captures neither of hers."""
    cases = (("JD QD KC", "QS KS KH"), ("JD QD 4C", "QS KS KH QC"))
    for held, attackers in cases:
        state = new_game(hands=(held, "2C"), dealer=ANN, stock="9C")
        set_hand(state, BEN, attackers)
        play(state, BEN, "draw stock")
        play(state, BEN, f"attack Ann hand with {attackers}")
        assert act(state, ANN) == "defend JD QD"
    assert set(cards("JD QD QS KS KH QC")) <= set(state.ndiscard)
    assert state.hands[ANN] == [] and cards("4C")[0] in state.hands[BEN]


def test_drops_the_noble_on_her_shortest_meld_when_short_of_upkeep():
    """NOB-A16: income 14 on top of 15 pays one of two upkeeps; she keeps the six-card
    meld's defender."""
    state = new_game(hands=("JD 9C 5D",), stock="8D")
    put_meld(state, ANN, "2H 3H 4H 5H 6H 7H", nobles="QH")
    put_meld(state, ANN, "2S 3S 4S", nobles="QS")
    set_money(state, ANN, 15)
    play(state, ANN, "draw stock")
    play(state, ANN, "income JD")
    assert GAME.pending(state) == (ANN,) and state.income is not None
    assert act(state, ANN) == "drop QS"
    assert [len(m.nobles) for m in state.melds] == [1, 0] and state.money[ANN] == 14
    check_invariants(state)


# -- deals --------------------------------------------------------------------------------------


def offer(state, seat: int, text: str):
    play(state, seat, text)
    return bot(ANN).act(state)


def test_accepts_free_currency_and_declines_giving_a_meld_away_cheaply():
    state = new_game()
    set_money(state, BEN, 40)
    put_meld(state, ANN, "2H 3H 4H 5H")
    assert isinstance(offer(state, BEN, "offer Ann: Ben gives 30"), Accept)
    state = new_game()
    set_money(state, BEN, 40)
    put_meld(state, ANN, "2H 3H 4H 5H")
    assert isinstance(offer(state, BEN, "offer Ann: Ann gives meld 2H; Ben gives 10"), Decline)


def test_declines_a_deal_that_helps_the_leader_more_than_her():
    """Selling 7H for 8 helps her a little and the buyer a province: she sells it to the
    trailing Cat, not to the leading Ben."""
    answers = {}
    for buyer in (BEN, CAT):
        state = new_game(hands=("7H 2C 5D",))
        put_meld(state, BEN, "2S 3S 4S 5S 6S 7S 8S 9S 10S")  # Ben leads
        put_meld(state, buyer, "4H 5H 6H")
        set_money(state, buyer, 20)
        name = state.names[buyer]
        answers[buyer] = offer(state, buyer, f"offer Ann: Ann gives card 7H; {name} gives 8")
    assert isinstance(answers[BEN], Decline) and isinstance(answers[CAT], Accept)


def test_offers_to_buy_a_known_card_that_extends_her_meld():
    state = new_game(hands=("9C 2D 5S", "5H 8C 10D"), stock="3C")
    put_meld(state, ANN, "2H 3H 4H")
    state.known[BEN].append(cards("5H")[0])  # Ben took it face up
    set_money(state, ANN, 20)
    act(state, ANN)
    action = bot(ANN).act(state)
    assert str(action) == "offer Ben: Ann gives 13; Ben gives card 5H"
    GAME.apply(state, ANN, action)
    assert act(state, BEN) == "accept Ann"  # 13 for a card Ben cannot use
    assert act(state, ANN) == "add 5H to 2H"
    assert state.money[ANN] == 7 and state.money[BEN] == 13


def test_proposes_a_majority_coalition_to_the_weaker_partner_who_accepts():
    """NOB-49, NOB-A09: Ann's 9 and Cat's 12 make 21; Ben (14) is the stronger partner."""
    state = new_game()
    put_meld(state, ANN, "2H 3H 4H 5H 6H 7H 8H 9H 10H")
    put_meld(state, CAT, "2S 3S 4S 5S 6S 7S 8S 9S 10S")
    put_meld(state, CAT, "2C 3C 4C")
    put_meld(state, BEN, "2D 3D 4D 5D 6D 7D 8D 9D 10D")
    put_meld(state, BEN, "5C 6C 7C 8C 9C")
    set_hand(state, ANN, "AS KH QD")
    set_stock(state, "10C")
    play(state, ANN, "draw stock")
    assert state.phase == ELECTION
    action = bot(ANN).act(state)
    assert isinstance(action, Propose) and str(action) == "offer Cat: coalition"
    GAME.apply(state, ANN, action)
    assert act(state, CAT) == "accept Ann"
    assert state.coalition == (ANN, CAT) and state.majority == (ANN, CAT)


# -- evaluate and statistics --------------------------------------------------------------------


def test_evaluate_prefers_the_seat_clearly_ahead_more_surely_late():
    state = new_game()
    assert evaluate(state) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    put_meld(state, BEN, "2S 3S 4S 5S 6S 7S 8S")
    put_meld(state, CAT, "2H 3H 4H")
    early = evaluate(state)
    assert early[BEN] > early[CAT] > early[ANN] and sum(early) == pytest.approx(1.0)
    assert GAME.evaluate(state) == early
    state.elections = 7
    late = evaluate(state)
    assert late[BEN] > 0.9 > early[BEN] and sum(late) == pytest.approx(1.0)


def test_evaluate_shares_equally_when_capped():
    state = GAME.new(3, 4, {"max_turns": 2}, bots_only=True)
    while GAME.outcome(state) is None:
        act(state, GAME.pending(state)[0])
    assert state.outcome.capped and evaluate(state) == (1 / 3, 1 / 3, 1 / 3)


def test_statistics_count_a_captured_meld():
    state = new_game(hands=("QS KD 9C",), stock="4D")
    put_meld(state, BEN, "2H 3H 4H 5H")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack 2H with QS KD")
    s = statistics(state)
    assert (s["battles"], s["battles_won"], s["melds_captured"]) == (1, 1, 1)
    assert s["provinces_captured"] == 4 and s["hand_battles"] == 0
    assert s["melds_hearts"] == 1 and s["melds_length_4"] == 1


def test_statistics_of_a_finished_game_are_plausible():
    state, _ = heuristic_game(6)
    assert state.phase == OVER
    s = statistics(state)
    assert set(TALLY) <= set(s) and GAME.statistics(state) == s
    assert all(isinstance(v, float) for v in s.values())
    assert 1 <= s["elections"] <= 8 and s["turns"] == state.turns > 30
    assert s["battles_won"] <= s["battles"] and s["melds_captured"] <= s["battles_won"]
    suits = ("spades", "hearts", "diamonds", "clubs")
    assert s["melds"] == sum(s[f"melds_{x}"] for x in suits) > 0
    assert s["provinces_top"] == max(state.provinces(seat) for seat in range(3))
    assert sum(s[f"provinces_{x}"] for x in suits) <= 36
    ends = ("ended_all_provinces", "ended_election_cap", "ended_stalemate", "ended_concession")
    assert sum(s[k] for k in ends) == 1 and s["capped"] == 0
