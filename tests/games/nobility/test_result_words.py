"""Nobility's events and results in words: why an income claim paid nothing (NOB-28,
NOB-34, NOB-35, NOB-A02), how a rubber ended and which tie-break decided it (NOB-A11),
and who won the match (NOB-A18)."""

from __future__ import annotations

from bureau.games.nobility import GAME

from .helpers import ANN, BEN, CAT, new_game, play, put_meld, set_money
from .test_elections import election_game


def said(state, events, kind: str) -> list[str]:
    return [GAME.describe(state, e) for e in events if e.kind == kind]


def test_nob_28_nob_34_an_income_claim_of_nothing_says_why():
    """NOB-34: the melder with no melds claims nothing; NOB-28: a meld with a joker pays
    nothing; both are said, as is a claim that pays."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2S 3S 4S")
    put_meld(state, CAT, "2H 3H 4H", joker="RJ")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert said(state, ev, "income") == ["Ben received 3."]
    assert said(state, ev, "no_income") == [
        "Ann received 0: no melds.",
        "Cat received 0: every meld that would pay is corrupted by a joker.",
    ]


def test_nob_a02_with_noble_suit_only_a_meld_of_another_suit_pays_nothing():
    """NOB-A02, ``income_scope=noble_suit_only``: Ben's hearts pay nothing for a spade."""
    state = new_game(hands=("QS",), stock="KC", income_scope="noble_suit_only")
    put_meld(state, ANN, "2S 3S 4S")
    put_meld(state, BEN, "2H 3H 4H")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert said(state, ev, "no_income") == [
        "Ben received 0: no meld of spades, and only spades melds pay.",
        "Cat received 0: no melds.",
    ]


def test_nob_35_a_claim_the_bank_cannot_pay_says_so():
    """NOB-35: the Bank pays what it holds; an empty Bank pays 0 and the page says why."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, ANN, "2S 3S 4S")
    put_meld(state, BEN, "2H 3H 4H")
    state.money[CAT] += state.bank - 2  # the Bank keeps 2 (currency is never made)
    state.bank = 2
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert said(state, ev, "income") == [
        "Ann received 2 of 3 owed: the Bank held only 2.",
        "Ben received 0 of 2 owed: the Bank is empty.",
    ]


def test_nob_a11_a_rubber_won_on_currency_says_the_tie_break():
    """NOB-A11: at the election cap Ben and Cat hold 3 provinces each; Cat's currency
    breaks the tie, and the result says so in words, as does the match."""
    state = election_game(max_elections=2, max_rubbers=1)
    state.elections = 1
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2S 3S 4S")
    set_money(state, CAT, 5)
    ev = play(state, ANN, "draw stock")
    out = GAME.outcome(state)
    rubber = (
        "Rubber 1 to Cat (election cap: election 2 counted): Cat and Ben tied on 3"
        " provinces, and Cat has more currency (5 to 0)."
    )
    assert said(state, ev, "rubber_over") == [rubber]
    assert out.details["rubber_words"] == [rubber]
    assert out.details["summary"] == "Cat wins the match with 1 rubber won (Ann 0, Ben 0)."
    assert said(state, ev, "game_over") == ["Match over: " + out.details["summary"]]
    assert GAME.view(state, None)["outcome"]["details"]["summary"] == out.details["summary"]


def test_nob_a11_nob_a18_a_shared_first_place_and_a_shared_match_say_why():
    """NOB-A11: level on provinces and currency, the rubber counts for no one; NOB-A18:
    with no rubber won outright, those who shared first place most share the match."""
    state = election_game(max_elections=1, max_rubbers=1)
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2S 3S 4S")
    play(state, ANN, "draw stock")
    out = GAME.outcome(state)
    assert out.details["rubber_words"] == [
        "Rubber 1 shared by Ben and Cat (election cap: election 1 counted): level on"
        " provinces (3) and currency (0), so it counts for no one."
    ]
    assert out.details["summary"] == (
        "No rubber had a single winner; first place was shared most often by Ben and Cat"
        " (1 time each), who share the match."
    )
    assert out.reason.startswith("election cap")  # the reason stays a statistic's key


def test_nob_a11_a_rubber_won_on_provinces_lists_them():
    state = election_game(max_elections=1, max_rubbers=1)
    put_meld(state, BEN, "2H 3H 4H 5H")
    put_meld(state, CAT, "2S 3S 4S")
    play(state, ANN, "draw stock")
    assert GAME.outcome(state).details["rubber_words"] == [
        "Rubber 1 to Ben (election cap: election 1 counted): most provinces (Ben 4, Cat 3, Ann 0)."
    ]
