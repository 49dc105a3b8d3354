"""Nobility rule tests: components, the deal, and the turn (draw, meld, replenish, discard)."""

from __future__ import annotations

from collections import Counter

import pytest

from bureau.cards import is_joker, rank
from bureau.engine import OptionError
from bureau.games.nobility import GAME
from bureau.games.nobility.flow import full_deck
from bureau.games.nobility.state import DISCARD, MELD, START, is_noble, is_province

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    NAMES,
    check_invariants,
    exhaust,
    meld_texts,
    new_game,
    play,
    put_meld,
    refused,
    set_hand,
    set_pile,
)


def test_nob_01_exactly_three_players():
    """NOB-01: Nobility seats exactly three players."""
    state = GAME.new(3, seed=1)
    assert state.num_players == 3 and len(GAME.view(state, None)["players"]) == 3
    for n in (2, 4):
        with pytest.raises(OptionError, match="3-3 players"):
            GAME.new(n, seed=1)


def test_nob_02_nob_04_nob_05_nob_06_the_deck():
    """NOB-02: 54 cards, a standard deck and two jokers. NOB-04: 36 province cards 2-10
    of each suit. NOB-05: 16 nobles, the aces and picture cards. NOB-06: 2 jokers."""
    deck = full_deck()
    assert len(deck) == 54 == len(set(deck))
    provinces = [c for c in deck if is_province(c)]
    assert len(provinces) == 36
    assert Counter(rank(c) for c in provinces) == {r: 4 for r in range(2, 11)}
    nobles = [c for c in deck if is_noble(c)]
    assert len(nobles) == 16 and {rank(c) for c in nobles} == {1, 11, 12, 13}
    assert [c for c in deck if is_joker(c)] == cards("RJ BJ")
    state = GAME.new(3, seed=5)
    check_invariants(state)  # every one of the 54 cards is somewhere, once


def test_nob_03_nob_a08_currency_starts_in_the_bank():
    """NOB-03, NOB-A08: 180 units, all in circulation (the Bank) at the start; players
    hold 0; whole units; never more than 180 in all."""
    state = new_game()
    view = GAME.view(state, None)
    assert view["bank"] == 180 and [pv["money"] for pv in view["players"]] == [0, 0, 0]
    richer = new_game(starting_currency_per_player=20)
    assert richer.bank == 120 and richer.money == [20, 20, 20]
    with pytest.raises(OptionError, match="above 60"):
        new_game(starting_currency_per_player=61)
    # Whole units only: an amount with a fraction is not an action.
    state.money[ANN], state.bank = 10, 170
    refused(state, ANN, "pay Ben 1.5", "a payment takes a player and a whole number")


def test_nob_07_nob_08_the_deal():
    """NOB-07: three cards to each player. NOB-08: the rest is the face-down stock; its
    top card is turned up to start the stock discard pile."""
    state = new_game(hands=("4H 5H KS", "2S 3S 4S", "AC QD RJ"), up="9C", stock="6H 7H")
    assert hand(state, ANN) == ["4H", "5H", "KS"]
    assert hand(state, BEN) == ["2S", "3S", "4S"]
    assert hand(state, CAT) == ["AC", "QD", "RJ"]
    assert texts(state.sdiscard) == ["9C"]
    assert len(state.stock) == 54 - 10
    assert texts(state.stock[-2:]) == ["7H", "6H"]  # 6H is the top
    view = GAME.view(state, BEN)
    assert view["stock_count"] == 44 and view["stock_discard"] == ["9C"]
    assert "hand" not in view["players"][ANN] and view["players"][BEN]["hand"] == hand(state, BEN)


def test_nob_09_nob_a18_dealer_left_plays_first_then_clockwise():
    """NOB-09, NOB-A18: the player to the dealer's left begins, play goes clockwise, and
    the first dealer is random."""
    for dealer, first in ((0, 1), (1, 2), (2, 0)):
        state = new_game(dealer=dealer)
        assert GAME.pending(state) == (first,)
    state = new_game(dealer=CAT)
    for seat in (ANN, BEN, CAT, ANN):
        assert GAME.pending(state) == (seat,)
        play(state, seat, "draw stock")
        play(state, seat, f"discard {texts(state.hands[seat])[-1]}")
    dealers = {GAME.new(3, seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2}


def test_nob_11_nob_18_nob_19_a_full_turn():
    """NOB-11: draw, meld or battle, replenish, discard. NOB-18: after melding she
    replenishes from the stock to four cards. NOB-19: she discards one card face up to
    the stock discard pile, keeping three."""
    state = new_game(hands=("4H 5H KS", "", ""), up="9C", stock="6H 2S 3S 4S")
    ev = play(state, ANN, "draw stock")
    assert hand(state, ANN) == ["4H", "5H", "6H", "KS"] and state.phase == MELD
    ev += play(state, ANN, "meld 4H 5H 6H")
    assert meld_texts(state, ANN) == [["4H", "5H", "6H"]] and hand(state, ANN) == ["KS"]
    ev += play(state, ANN, "done")
    assert hand(state, ANN) == ["2S", "3S", "4S", "KS"] and state.phase == DISCARD
    refused(state, ANN, "meld 2S 3S 4S", "not allowed now")  # NOB-A07: replenished cards
    ev += play(state, ANN, "discard KS")
    assert hand(state, ANN) == ["2S", "3S", "4S"]
    assert texts(state.sdiscard) == ["9C", "KS"]
    assert kinds(ev) == [
        *["drew"] * 2,
        "melded",
        *["drew"] * 6,
        "discarded",
        "turn_over",
        "turn",
    ]
    assert GAME.pending(state) == (BEN,)


def test_nob_12_draw_from_the_stock_or_the_stock_discard_pile():
    """NOB-12: draw one card from the top of the stock or of the stock discard pile,
    so that the hand holds four."""
    state = new_game(hands=("4H 5H KS",), up="9C", stock="6H")
    ev = play(state, ANN, "draw discard")
    assert hand(state, ANN) == ["4H", "5H", "9C", "KS"] and state.sdiscard == []
    assert of_kind(ev, "drew")[0].data["card"] == cards("9C")[0]  # seen by everybody
    assert GAME.view(state, BEN)["players"][ANN]["known_hand"] == ["9C"]
    state = new_game(hands=("4H 5H KS",), up="9C", stock="6H")
    ev = play(state, ANN, "draw stock")
    assert hand(state, ANN) == ["4H", "5H", "6H", "KS"]
    private, public = of_kind(ev, "drew")
    assert private.visible_to(ANN) and not private.visible_to(BEN)
    assert "card" not in public.data and public.visible_to(BEN) and not public.visible_to(ANN)
    refused(state, ANN, "draw stock", "not allowed now")  # one draw


def test_nob_13_nob_14_melds_are_runs_that_wrap():
    """NOB-13: a meld is three or more province cards of one suit in sequence.
    NOB-14: the 2 follows the 10: 9H 10H 2H is a meld."""
    state = new_game(hands=("9H 2H 10H",), stock="3H")
    play(state, ANN, "draw stock")
    for bad, why in (
        ("meld 9H 10H", "a meld takes three cards or more: 'meld CARDS', not 'meld 9H 10H'"),
        ("meld 9H 2H 3H", "in sequence"),
        ("meld 9H 10H 5C", "of one suit|no 5C"),
    ):
        refused(state, ANN, bad, why)
    action = GAME.parse(state, ANN, "meld 2h 10h 9h 3h")
    assert str(action) == "meld 9H 10H 2H 3H"  # canonical: sequence order from its start
    play(state, ANN, "meld 10H 9H 2H 3H")
    assert meld_texts(state, ANN) == [["9H", "10H", "2H", "3H"]]
    state = new_game(hands=("JH QH KH",))
    play(state, ANN, "draw stock")
    refused(state, ANN, "meld JH QH KH", "not a province card")


def test_nob_15_nob_a13_add_to_any_meld_yours_or_an_opponents():
    """NOB-15, NOB-A13: one more province card may be added to any meld, at either end;
    a card laid off on an opponent's meld becomes hers."""
    state = new_game(hands=("7C 10C 3D",), stock="5S")
    put_meld(state, BEN, "4D 5D 6D")
    put_meld(state, CAT, "4C 5C 6C")
    play(state, ANN, "draw stock")
    play(state, ANN, "add 7C to 5C")  # any card of the meld names it
    assert meld_texts(state, CAT) == [["4C", "5C", "6C", "7C"]]
    play(state, ANN, "add 3D to 4D")  # the low end
    assert meld_texts(state, BEN) == [["3D", "4D", "5D", "6D"]]
    assert state.provinces(BEN) == 4 and state.provinces(ANN) == 0
    refused(state, ANN, "add 10C to 4C", "does not extend")


def test_nob_a13_one_card_merges_only_clean_melds_of_one_owner():
    """NOB-A13: a card bridging two melds of one owner, neither with a joker, merges them
    (nobles combined); with a joker or different owners it joins only the chosen one."""
    state = new_game(hands=("5H 5S 5D",), stock="2C")
    put_meld(state, ANN, "2H 3H 4H", nobles="KH")
    put_meld(state, ANN, "6H 7H 8H", nobles="QH")
    put_meld(state, ANN, "2S 3S 4S")
    put_meld(state, ANN, "6S 7S 8S", joker="RJ")
    put_meld(state, ANN, "2D 3D 4D")
    put_meld(state, BEN, "6D 7D 8D")
    play(state, ANN, "draw stock")
    action = GAME.parse(state, ANN, "add 5H to 7H")
    assert str(action) == "add 5H to 2H"  # one merge, one canonical text
    play(state, ANN, "add 5H to 7H")
    hearts = [m for m in state.melds if m.suit == 1]
    assert len(hearts) == 1 and hearts[0].length == 7
    assert sorted(texts(hearts[0].nobles)) == ["KH", "QH"]
    play(state, ANN, "add 5S to 6S")  # a joker: no merge, it joins the meld named
    assert meld_texts(state, ANN)[1:3] == [["2S", "3S", "4S"], ["5S", "6S", "7S", "8S"]]
    play(state, ANN, "add 5D to 2D")  # different owners: joins the one named
    assert meld_texts(state, ANN)[-1] == ["2D", "3D", "4D", "5D"]
    assert meld_texts(state, BEN) == [["6D", "7D", "8D"]]


def test_nob_a13_a_complete_meld_cannot_be_extended():
    """NOB-A13: a 9-card meld is complete."""
    state = new_game(hands=("KS",), stock="5C")
    put_meld(state, BEN, "2H 3H 4H 5H 6H 7H 8H 9H 10H")
    play(state, ANN, "draw stock")
    assert state.melds[0].low_end() == -1 == state.melds[0].high_end()


def test_nob_17_battle_instead_of_melding():
    """NOB-17: a turn melds or battles, not both."""
    state = new_game(hands=("KS QS 4H",), stock="5H 6H")
    put_meld(state, BEN, "2C 3C 4C")
    play(state, ANN, "draw stock")
    set_hand(state, ANN, "KS QS 4H 5H 6H")
    play(state, ANN, "meld 4H 5H 6H")
    refused(state, ANN, "attack 2C with KS QS", "melding or a battle")
    state = new_game(hands=("KS QS JS",), stock="2D")
    put_meld(state, BEN, "2C 3C 4C")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack 2C with KS QS")  # captured: the turn moves on
    assert state.phase == DISCARD and meld_texts(state, ANN) == [["2C", "3C", "4C"]]


def test_nob_18_no_replenish_without_a_meld_or_battle():
    """NOB-18: the replenish follows melding or battling only; a plain turn draws and
    discards."""
    state = new_game(hands=("4H 5H KS",), stock="7C 8C")
    play(state, ANN, "draw stock")
    play(state, ANN, "discard 7C")  # straight to the discard: nothing melded
    assert hand(state, ANN) == ["4H", "5H", "KS"] and GAME.pending(state) == (BEN,)
    assert len(state.stock) == 43


def test_nob_20_any_card_may_be_discarded():
    """NOB-20: province cards, nobles and jokers may all be discarded."""
    for card in ("4H", "KS", "RJ"):
        state = new_game(hands=("4H KS RJ",), stock="7C")
        play(state, ANN, "draw stock")
        play(state, ANN, f"discard {card}")
        assert texts(state.sdiscard)[-1] == card


def test_nob_21_nob_a21_surplus_is_shed_but_melding_it_is_optional():
    """NOB-21, NOB-A21: a hand above three sheds the surplus: melded where possible,
    discarded, or (after a battle) discarded to the noble discard pile; melding is not
    compulsory."""
    state = new_game(hands=("KS QS JS", "4H 5H 6H"), stock="AS 2D 3D 4D")
    play(state, ANN, "draw stock")  # AS
    play(state, ANN, "attack Ben hand with KS QS")
    play(state, BEN, "defend none")
    assert hand(state, ANN) == ["4H", "5H", "6H", "AS", "JS"] and hand(state, BEN) == []
    play(state, ANN, "done")  # she may leave the captured meld unmelded (NOB-A21)
    assert state.phase == DISCARD and len(state.hands[ANN]) == 5  # no replenish above 4
    play(state, ANN, "discard JS to nobles")  # a battle turn: a noble to the noble pile
    play(state, ANN, "discard 6H")
    assert hand(state, ANN) == ["4H", "5H", "AS"]
    assert texts(state.ndiscard)[-1] == "JS" and texts(state.sdiscard)[-1] == "6H"
    assert GAME.pending(state) == (BEN,)


def test_nob_a14_a_short_hand_tops_up_to_four():
    """NOB-A14: with fewer than three cards, she draws one card as usual, then more from
    the stock until she holds four."""
    state = new_game(hands=("KS QS JS", "4H 5H"), up="9C", stock="AS 2D 3D 4D 5D 6D")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack Ben hand with KS QS")
    play(state, BEN, "defend none")
    play(state, ANN, "done")
    while state.phase == DISCARD:
        play(state, ANN, f"discard {texts(state.hands[ANN])[-1]}")
    play(state, BEN, "draw discard")  # one card from the discard pile, then the stock
    assert len(state.hands[BEN]) == 4


def test_nob_a07_turn_sequence_details():
    """NOB-A07: one of a normal turn, a paid or free retrieval, or a pass; replenished
    cards are not melded; a hand of three or fewer does not discard; outside a battle
    turn discards go to the stock discard pile."""
    state = new_game(hands=("4H 5H KS",), stock="6H 7C 8C 9C")
    refused(state, ANN, "meld 4H 5H 6H", "not allowed now")  # draw first
    refused(state, ANN, "pass", "only once the stock is exhausted")
    play(state, ANN, "draw stock")
    play(state, ANN, "meld 4H 5H 6H")
    refused(state, ANN, "discard KS", "say 'done' first")
    play(state, ANN, "done")
    refused(state, ANN, "discard KS to nobles", "only a battle turn")
    play(state, ANN, "discard KS")
    assert texts(state.sdiscard)[-1] == "KS"
    # In the Exhausted state nothing is replenished: a hand of three or fewer after
    # the meld phase ends the turn without a discard.
    state = new_game(hands=("4H 5H 6H",), up="7H")
    exhaust(state, top="7H")
    play(state, ANN, "draw discard")
    play(state, ANN, "meld 4H 5H 6H 7H")
    ev = play(state, ANN, "done")
    assert "discarded" not in kinds(ev) and GAME.pending(state) == (BEN,)


def test_nob_a17_views_hide_hands_and_stock():
    """NOB-A17: melds with nobles and jokers, both discard piles, hand sizes, currency and
    the Bank are public; hands and the stock order are private."""
    state = new_game(hands=("4H 5H KS", "2S 3S 4S", "AC QD RJ"), up="9C")
    put_meld(state, BEN, "6D 7D 8D", nobles="KD", joker="BJ")
    set_pile(state, "n", "AH")
    public = GAME.view(state, None)
    assert public["melds"] == [
        {
            "name": "6D",
            "owner": BEN,
            "cards": ["6D", "7D", "8D"],
            "nobles": ["KD"],
            "joker": "BJ",
            "income": 0,
        }
    ]
    assert public["stock_discard"] == ["9C"] and public["noble_discard"] == ["AH"]
    assert [pv["hand_count"] for pv in public["players"]] == [3, 3, 3]
    assert all("hand" not in pv for pv in public["players"])
    assert "stock" not in public and public["stock_count"] == len(state.stock)
    mine = GAME.view(state, CAT)
    assert mine["players"][CAT]["hand"] == ["AC", "QD", "RJ"]
    assert "hand" not in mine["players"][ANN]


def test_fixture_deck_and_dealer_options():
    """The ``deck`` fixture is top first (3 cards to each seat in seat order, then the
    turned card, then the stock); ``dealer`` must be a seat."""
    state = GAME.new(list(NAMES), options={"deck": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"})
    assert hand(state, ANN) == ["2H", "3H", "4H"]
    assert hand(state, CAT) == sorted(["8H", "9H", "10H"])
    assert texts(state.sdiscard) == ["JH"] and texts(state.stock[-1:]) == ["QH"]
    with pytest.raises(OptionError, match="more than once"):
        GAME.new(3, options={"deck": "2H 2H"})
    with pytest.raises(OptionError, match="not a card"):
        GAME.new(3, options={"deck": "1H"})
    with pytest.raises(OptionError, match="seat 3 does not exist"):
        GAME.new(3, options={"dealer": 3})
    assert state.phase == START
