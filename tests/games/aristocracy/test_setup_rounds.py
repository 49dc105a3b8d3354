"""Aristocracy rule tests: components, setup, years and rounds, the steps of a round."""

from __future__ import annotations

from collections import Counter

import pytest

from bureau.cards import card_text, is_joker
from bureau.engine import OptionError
from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.flow import play_deck
from bureau.games.aristocracy.state import JACK, KING, QUEEN

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    build,
    finish_round,
    fixture_deck,
    new_game,
    play,
    set_hand,
    stalls,
    to_round,
)


def test_ari_01_two_to_five_players():
    """ARI-01: Aristocracy seats 2 to 5 players, no fewer and no more."""
    for n in (2, 3, 4, 5):
        state = GAME.new(n, seed=1)
        assert state.num_players == n
        assert len(GAME.view(state, None)["players"]) == n
    for n in (1, 6):
        with pytest.raises(OptionError, match="2-5 players"):
            GAME.new(n, seed=1)


def test_ari_02_ari_04_play_deck_is_two_decks_less_one_diamond_royal_set():
    """ARI-02, ARI-04: two 52-card decks without jokers, less one K♦ Q♦ J♦: 101 cards."""
    deck = play_deck(2)
    assert len(deck) == 101
    assert not any(is_joker(c) for c in deck)
    count = Counter(card_text(c) for c in deck)
    assert count["KD"] == count["QD"] == count["JD"] == 1
    assert all(k == 2 for t, k in count.items() if t not in ("KD", "QD", "JD"))
    assert len(count) == 52
    # A shuffled game deals from exactly that deck.
    state = GAME.new(4, seed=3)
    everywhere = [c for h in state.hands for c in h] + state.market + state.deck
    assert Counter(everywhere) == Counter(deck)
    # The indicators are not in play: a fixture cannot hold a second K♦.
    deck_text = fixture_deck(3, hands=("KD",))
    deck_text[7] = "KD"
    with pytest.raises(OptionError, match="KD appears 2 times; the play deck holds 1"):
        GAME.new(3, seed=1, options={"deck": deck_text})


def test_ari_03_ari_a26_coin_supply_is_unlimited():
    """ARI-03, ARI-A26: coins come from and go back to an unlimited supply, not other players."""
    state = new_game(3, hands=("7H 8H",))
    state.coins[ANN] = 10_000
    stalls(state, {ANN: "7H 8H"})
    play(state, ANN, "sell 7H 8H")
    assert state.coins == [10_001, 3, 3]  # the supply still had a coin to give
    state = new_game(3, hands=("KS 7H 7S 7D 7C",))
    stalls(state, {ANN: "KS"})
    play(state, ANN, "royal build farm 7H 7S 7D 7C")
    assert state.coins == [2, 3, 3]  # the coin went to the supply, to nobody


def test_ari_05_seven_cards_dealt_in_seat_order_each_sees_only_her_own():
    """ARI-05: 7 cards face down to each player, seat 0 first; players look at their own."""
    deck = fixture_deck(3)
    state = GAME.new(3, seed=1, options={"deck": deck, "herald": 0})
    for seat in range(3):
        assert texts(state.hands[seat]) == deck[7 * seat : 7 * seat + 7]
    mine = GAME.view(state, BEN)
    assert sorted(mine["players"][BEN]["hand"]) == sorted(deck[7:14])
    assert "hand" not in mine["players"][ANN] and "hand" not in mine["players"][CAT]
    assert mine["players"][ANN]["hand_count"] == 7 and mine["players"][ANN]["known_hand"] == []
    assert all("hand" not in pv for pv in GAME.view(state, None)["players"])


def test_ari_06_rest_of_the_deck_is_the_face_down_draw_pile():
    """ARI-06: what is not dealt (nor drawn for the market) is the draw pile, in deck order."""
    state = GAME.new(3, seed=5)
    assert GAME.view(state, None)["deck_count"] == 101 - 21 - 2
    state = new_game(3, market="2S 2H", pile="9C 8C 7C 6C 5C 4C")
    assert GAME.view(state, ANN)["deck_count"] == 6
    assert "deck" not in GAME.view(state, ANN)  # face down: only its size is known
    events = finish_round(state)  # the King round; the Queen round starts
    assert state.royal == QUEEN
    assert texts(state.market) == ["9C", "8C"]  # drawn from the top of the pile
    drew = [(e.data["player"], card_text(e.data["card"])) for e in events if "card" in e.data]
    assert [d for d in drew if True] == [(ANN, "7C"), (BEN, "6C"), (CAT, "5C")]
    assert texts(state.deck) == ["4C"]


def test_ari_07_everyone_starts_with_three_coins():
    """ARI-07: each player starts with 3 coins."""
    for n in (2, 5):
        state = GAME.new(n, seed=2)
        assert state.coins == [3] * n
        assert [pv["coins"] for pv in GAME.view(state, None)["players"]] == [3] * n


def test_ari_08_random_herald_unless_fixed_and_the_king_comes_first():
    """ARI-08: a random player is Herald (the fixture fixes her); the King round opens."""
    heralds = {GAME.new(4, seed=s).herald for s in range(40)}
    assert heralds == {0, 1, 2, 3}
    assert GAME.new(4, seed=11).herald == GAME.new(4, seed=11).herald  # seeded, replayable
    state = GAME.new(4, seed=11, options={"herald": 2})
    assert state.herald == 2
    view = GAME.view(state, None)
    assert view["herald"] == 2 and view["royal"] == "King" and view["year"] == 1
    assert GAME.pending(state) == (2,)  # the Herald forms her stall first
    with pytest.raises(OptionError, match="herald"):
        GAME.new(3, seed=1, options={"herald": 3})


def test_ari_09_ari_10_each_year_is_a_king_then_queen_then_jack_round():
    """ARI-09, ARI-10: King, Queen, Jack; each round opens with a public event naming its royal."""
    state = new_game(3, herald=0)
    events = to_round(state, 2, QUEEN)
    rounds = [(e.data["year"], e.data["royal"]) for e in of_kind(events, "round")]
    assert rounds == [(1, QUEEN), (1, JACK), (2, KING), (2, QUEEN)]
    assert all(e.visible_to(None) for e in of_kind(events, "round"))
    assert GAME.view(state, None)["royal"] == "Queen"


def test_ari_11_herald_passes_left_after_the_jack_round():
    """ARI-11: after the Jack round the next player clockwise becomes Herald."""
    state = new_game(3, herald=2)
    finish_round(state)
    assert (state.royal, state.herald) == (QUEEN, 2)
    finish_round(state)
    assert (state.royal, state.herald) == (JACK, 2)
    events = finish_round(state)
    assert (state.year, state.royal, state.herald) == (2, KING, 0)
    assert of_kind(events, "round")[-1].data["herald"] == 0
    assert GAME.pending(state)[0] == 0  # herald order now starts with seat 0


def test_ari_12_market_is_two_public_cards_from_the_draw_pile():
    """ARI-12: at each round start the Herald draws 2 cards face up as the market."""
    state = new_game(3, market="QC 4S", pile="10H 9H 8H 7H 6H 5H")
    assert texts(state.market) == ["QC", "4S"]
    assert GAME.view(state, None)["market"] == ["QC", "4S"]
    events = finish_round(state)
    market = of_kind(events, "market")[-1]
    assert texts(market.data["cards"]) == ["10H", "9H"] == texts(state.market)
    assert market.visible_to(None)


def test_ari_13_draw_step_skipped_in_the_first_king_round_then_in_herald_order():
    """ARI-13: no draw in the first King round; afterwards 1 card each in Herald order."""
    state = new_game(3, herald=BEN, pile="10H 9H 8H 7H 6H 5H 4H 3H 2H")
    assert [len(h) for h in state.hands] == [7, 7, 7]  # no draw in the first King round
    before = [hand(state, seat) for seat in range(3)]
    events = finish_round(state)
    drew = [e for e in of_kind(events, "drew") if "card" in e.data]
    assert [(e.data["player"], card_text(e.data["card"])) for e in drew] == [
        (BEN, "8H"),
        (CAT, "7H"),
        (ANN, "6H"),
    ]
    for e in drew:  # the card is seen by its drawer only
        seat = e.data["player"]
        assert e.visible_to(seat) and not e.visible_to((seat + 1) % 3) and not e.visible_to(None)
    blind = [e for e in of_kind(events, "drew") if "card" not in e.data]
    assert len(blind) == 3
    for e in blind:  # the others learn that a card was drawn, not which
        seat = e.data["player"]
        assert (
            not e.visible_to(seat) and e.visible_to((seat + 1) % 3) and e.visible_to((seat + 2) % 3)
        )
    assert hand(state, ANN) == sorted([*before[ANN], "6H"])


def test_ari_14_royal_event_tax_ball_auction():
    """ARI-14: step 3 is Tax in the King round, the Ball in the Queen's, the Auction in the
    Jack's."""
    state = new_game(3, herald=ANN)
    events = to_round(state, 1, QUEEN)
    assert state.step == "ball" and GAME.pending(state) == (ANN,)
    assert "tax" not in kinds(events)  # nobody held more than 7 in the first King round
    to_round(state, 1, JACK)
    assert state.step == "bid" and len(state.market) == 3
    assert set(GAME.pending(state)) == {ANN, BEN, CAT}
    events = to_round(state, 2, KING)  # two more draws: everyone holds 8 or more
    assert state.step == "tax" and of_kind(events, "tax")[0].data["players"] == [ANN, BEN, CAT]


def test_ari_20_cleanup_discards_market_in_order_and_returns_stalls_to_hands():
    """ARI-20, ARI-A17: leftover market cards are discarded in market order; stalls go home."""
    state = new_game(3, hands=("5H 9S", "8D 2C"), market="QC 4S", pile="10H 9H")
    set_hand(state, CAT, "")
    stalls(state, {ANN: "5H 9S", BEN: "8D"})
    assert state.active == BEN  # 8 < 14
    play(state, BEN, "pass")
    play(state, ANN, "trade 5H for QC@market")  # 5H enters the market at its end
    play(state, ANN, "pass")
    assert state.discard == cards("4S 5H")  # 4S was drawn second, 5H arrived after
    assert hand(state, ANN) == ["9S", "QC"] and hand(state, BEN) == ["2C", "8D"]
    assert state.stalls == [[], [], []] and state.market == []
    assert GAME.view(state, None)["players"][ANN]["known_hand"] == ["9S", "QC"]


def test_ari_21_virtue_glory_honor_duty():
    """ARI-21: step 9 is Glory after the King round, Honor after the Queen's, Duty after the
    Jack's."""
    state = new_game(3, herald=ANN)
    build(state, ANN, "7S", "7H 7D 7C 7S")  # an estate: Honor pays for it
    build(state, BEN, "9S", "9H 9D 9C")  # a farm: Duty gives it a production card
    stalls(state, {})
    assert state.step == "glory" and set(GAME.pending(state)) == {ANN, BEN, CAT}
    for seat in range(3):
        play(state, seat, "decline")
    events = finish_round(state)
    assert of_kind(events, "honor")[0].data["coins"] == [1, 0, 0]
    assert state.coins == [4, 3, 3]
    events = finish_round(state)
    produced = of_kind(events, "produced")
    assert [(e.data["player"], e.data["building"]) for e in produced] == [(BEN, 0)]
    assert state.buildings[BEN][0].production is not None
    assert state.buildings[ANN][0].production is None


def test_ari_77_empty_draw_pile_reshuffles_the_whole_discard_pile():
    """ARI-77: when the draw pile runs out, the whole discard pile becomes the draw pile."""
    state = new_game(3, market="QC 4S", pile="")
    state.discard = cards("2S 3S 4H 5H 6H 7H")  # four face up, two face down
    before = [c for h in state.hands for c in h]
    events = finish_round(state)  # cleanup adds QC 4S; the Queen round must reshuffle
    assert [e.data["cards"] for e in of_kind(events, "reshuffled")] == [8]
    assert state.discard == []  # the whole pile, face-up cards included, was taken
    drawn = [c for h in state.hands for c in h]
    for c in before:
        drawn.remove(c)
    assert len(drawn) == 3 and len(state.market) == 2 and len(state.deck) == 3
    assert Counter(drawn + state.market + state.deck) == Counter(cards("2S 3S 4H 5H 6H 7H QC 4S"))


def test_ari_a19_both_piles_empty_draws_what_exists():
    """ARI-A19: with both piles empty a draw is skipped; a market takes as many as exist."""
    state = new_game(3, market="QC 4S", pile="")
    state.market = cards("QC")  # the only card outside the hands
    events = finish_round(state)
    assert state.royal == QUEEN and state.step == "ball"
    assert texts(state.market) == ["QC"]  # reshuffled back, alone
    assert [len(h) for h in state.hands] == [7, 7, 7]  # nothing left to draw
    assert not [e for e in of_kind(events, "drew") if e.data.get("card") is not None]
