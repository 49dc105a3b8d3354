"""Nobility rule tests: retrieving nobles, paid and free."""

from __future__ import annotations

from bureau.games.nobility import GAME
from bureau.games.nobility.state import FREE, RETRIEVE

from ..common import hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    check_invariants,
    new_game,
    play,
    put_meld,
    refused,
    set_money,
    set_pile,
)


def retrieval_game(**options):
    """Ann (45 units) to play, holding 2C 3C 4S, with her meld 5H 6H 7H defended by QH;
    the noble discard pile holds KS AH; the stock discard pile has JD on top."""
    state = new_game(hands=("2C 3C 4S",), up="JD", **options)
    put_meld(state, ANN, "5H 6H 7H", nobles="QH")
    put_meld(state, BEN, "5S 6S 7S")
    set_pile(state, "n", "KS AH")
    set_money(state, ANN, 45)
    return state


def test_nob_57_nob_58_nob_60_paid_retrieval_to_hand_or_meld():
    """NOB-57: nobles in the noble discard pile are out of play unless retrieved.
    NOB-58, NOB-A15: instead of drawing, a player takes nobles of her choice from it, 15
    each, to her hand or to her own meld of their suit. NOB-60: the payment returns to
    circulation."""
    state = retrieval_game()
    ev = play(state, ANN, "retrieve KS")
    assert state.phase == RETRIEVE and "KS" in hand(state, ANN)
    assert of_kind(ev, "retrieved")[0].data["paid"] == 15
    play(state, ANN, "retrieve AH to 6H")  # any card of the meld names it
    assert texts(state.melds[0].nobles) == ["QH", "AH"]
    assert state.money[ANN] == 15 and state.bank == 180 - 15
    assert state.ndiscard == []
    check_invariants(state)


def test_nob_a15_retrieval_must_be_paid_for_each_noble():
    """NOB-A15: she must be able to pay 15 for each noble; a retrieved noble goes to her
    own meld of its suit only."""
    state = retrieval_game()
    set_money(state, ANN, 20)
    refused(state, ANN, "retrieve KS to 5S", "your own meld of its suit")
    refused(state, ANN, "retrieve KS to 5H", "your own meld of its suit")
    play(state, ANN, "retrieve KS")
    refused(state, ANN, "retrieve AH", "costs 15 and you hold 5")


def test_nob_59_the_stock_discard_pile_is_not_retrievable():
    """NOB-59: nobles on the stock discard pile cannot be retrieved this way."""
    state = retrieval_game()
    refused(state, ANN, "retrieve JD", "not in the noble discard pile")


def test_nob_61_nob_62_after_a_paid_retrieval_no_draw_income_or_battle():
    """NOB-61: surplus cards are then discarded as normal. NOB-62: a turn with a paid
    retrieval cannot draw, meld, claim income or battle."""
    state = retrieval_game()
    stock = len(state.stock)
    play(state, ANN, "retrieve KS")
    for text in ("draw stock", "income KS", "attack 5S with KS", "meld 2C 3C 4C", "take QH"):
        refused(state, ANN, text, "not allowed now")
    play(state, ANN, "retrieve AH")
    assert len(state.hands[ANN]) == 5
    play(state, ANN, "discard 2C")
    ev = play(state, ANN, "discard 3C")
    assert "turn" in kinds(ev) and hand(state, ANN) == ["4S", "AH", "KS"]
    assert GAME.pending(state) == (BEN,) and len(state.stock) == stock  # no replenish


def test_nob_63_nob_a15_free_retrieval_from_her_own_melds():
    """NOB-63, NOB-A15: using the draw-and-meld phase, a player takes nobles back from
    her own melds to her hand at no cost, then discards down to three; not from an
    opponent's meld, and not in the same turn as a paid retrieval."""
    state = retrieval_game()
    put_meld(state, BEN, "8D 9D 10D", nobles="QD")
    refused(state, ANN, "take QD", "not a noble on one of your melds")
    ev = play(state, ANN, "take QH")
    assert state.phase == FREE and state.melds[0].nobles == [] and state.money[ANN] == 45
    assert of_kind(ev, "took_back")[0].data["player"] == ANN
    refused(state, ANN, "retrieve KS", "not allowed now")
    refused(state, ANN, "draw stock", "not allowed now")
    play(state, ANN, "discard QH")
    assert GAME.pending(state) == (BEN,) and texts(state.sdiscard)[-1] == "QH"


def test_nob_a15_option_free_retrieval_max():
    """NOB-A15: free_retrieval_max limits how many nobles one free retrieval takes."""
    state = new_game(hands=("2C 3C 4S",), free_retrieval_max=1)
    put_meld(state, ANN, "5H 6H 7H", nobles="QH JH")
    play(state, ANN, "take QH")
    refused(state, ANN, "take JH", "at most 1 free retrieval")
    state = new_game(hands=("2C 3C 4S",))
    put_meld(state, ANN, "5H 6H 7H", nobles="QH JH")
    play(state, ANN, "take QH")
    play(state, ANN, "take JH")
    assert len(state.hands[ANN]) == 5
