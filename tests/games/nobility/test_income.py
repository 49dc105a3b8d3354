"""Nobility rule tests: nobles and jokers on melds, income events, maintenance."""

from __future__ import annotations

import pytest

from bureau.engine import OptionError
from bureau.games.nobility import GAME
from bureau.games.nobility.income import TABLES, load
from bureau.games.nobility.state import DROP, MELD

from ..common import cards, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    check_invariants,
    new_game,
    play,
    put_meld,
    refused,
    set_hand,
    set_money,
)

CLUBS, DIAMONDS, HEARTS, SPADES = 3, 2, 1, 0


def incomes(events) -> list[tuple[int, int, int]]:
    """(player, owed, received) of each income event, in order."""
    return [
        (e.data["player"], e.data["owed"], e.data["received"]) for e in of_kind(events, "income")
    ]


def table_game(**options):
    """Ann to play with QS and JH in hand after her draw; three players' melds:
    Ann 4H-8H (5 hearts), Ben 2S-4S (3 spades) and 6D-9D (4 diamonds), Cat 5C-7C
    (3 clubs) and 9C-2C with a joker."""
    state = new_game(hands=("QS JH 3D",), stock="KC", **options)
    put_meld(state, ANN, "4H 5H 6H 7H 8H")
    put_meld(state, BEN, "2S 3S 4S")
    put_meld(state, BEN, "6D 7D 8D 9D")
    put_meld(state, CAT, "5C 6C 7C")
    put_meld(state, CAT, "9C 10C 2C", joker="RJ")
    play(state, ANN, "draw stock")
    return state


def test_nob_a01_nob_31_the_reconstructed_income_table():
    """NOB-A01, NOB-31: lengths 3..9 pay 1,3,6,10,15,21,28 (first column), +1 (second),
    +2 (third); by default clubs and diamonds share the first column, hearts the second,
    spades the third; the alternative puts diamonds with hearts."""
    t = TABLES["minors_shared"]
    assert [t[n][CLUBS] for n in range(3, 10)] == [1, 3, 6, 10, 15, 21, 28]
    assert [t[n][DIAMONDS] for n in range(3, 10)] == [1, 3, 6, 10, 15, 21, 28]
    assert [t[n][HEARTS] for n in range(3, 10)] == [2, 4, 7, 11, 16, 22, 29]
    assert [t[n][SPADES] for n in range(3, 10)] == [3, 5, 8, 12, 17, 23, 30]
    alt = TABLES["diamonds_hearts_shared"]
    assert [alt[n][DIAMONDS] for n in range(3, 10)] == [2, 4, 7, 11, 16, 22, 29]
    assert all(alt[n][s] == t[n][s] for n in range(3, 10) for s in (CLUBS, HEARTS, SPADES))
    # The option picks the grouping: Ben's 4-card diamond meld pays 3 or 4.
    for grouping, diamonds in (("minors_shared", 3), ("diamonds_hearts_shared", 4)):
        state = table_game(income_table=grouping)
        ev = play(state, ANN, "income QS")
        assert (BEN, 3 + diamonds, 3 + diamonds) in incomes(ev)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[columns]\n3 = [1, 2]\n", "columns.3: expected 3 whole numbers, got [1, 2]"),
        ("[columns]\n10 = [1, 2, 3]\n", "columns.10: a meld length must be a whole number"),
        ("[columns]\n3 = [1, 2, 3]\n", "columns: no row for meld length 4, 5, 6, 7, 8, 9"),
        ("columns = 3", "columns: missing"),
        ("[columns\n", "not valid TOML"),
    ],
)
def test_nob_a01_income_table_is_validated_data(text, problem):
    """NOB-A01: the table is TOML data, validated on load; errors name file, key, problem."""
    with pytest.raises(OptionError, match=r"bad\.toml: ") as info:
        load(text, "bad.toml")
    assert problem in str(info.value)


def test_nob_a01_income_table_groupings_are_validated():
    """NOB-A01: a grouping must map each suit to a column 1..3."""
    rows = "".join(f"{n} = [1, 2, 3]\n" for n in range(3, 10))
    good = "clubs = 1\ndiamonds = 1\nhearts = 2\nspades = 3\n"
    text = f"[columns]\n{rows}[groupings.minors_shared]\n{good}[groupings.diamonds_hearts_shared]\n"
    with pytest.raises(OptionError, match=r"groupings.diamonds_hearts_shared.spades: expected"):
        load(text + "clubs = 1\ndiamonds = 2\nhearts = 2\n", "x.toml")
    with pytest.raises(OptionError, match=r"groupings.minors_shared.clovers: not a suit"):
        load(text.replace("clubs = 1\ndiamonds = 1", "clovers = 1\ndiamonds = 1"), "x.toml")
    assert load(text + good, "x.toml")["minors_shared"][5] == (3, 2, 1, 1)  # S H D C


def test_nob_22_nob_30_nob_a02_nob_a03_an_income_event_pays_every_active_meld():
    """NOB-22, NOB-30: melding a noble into the noble discard pile is an income event.
    NOB-A02: every active meld of every player pays by its own suit, whatever the noble.
    NOB-A03: the melder claims first, then clockwise."""
    state = table_game()
    ev = play(state, ANN, "income QS")
    assert texts(state.ndiscard) == ["QS"] and "QS" not in texts(state.hands[ANN])
    assert incomes(ev) == [(ANN, 7, 7), (BEN, 3 + 3, 6), (CAT, 1, 1)]
    assert state.money == [7, 6, 1] and state.bank == 180 - 14
    assert state.phase == MELD and state.acted == 1
    check_invariants(state)


def test_nob_a02_option_noble_suit_only():
    """NOB-A02: with income_scope=noble_suit_only only melds of the noble's suit pay."""
    state = table_game(income_scope="noble_suit_only")
    ev = play(state, ANN, "income QS")
    assert incomes(ev) == [(BEN, 3, 3)]


def test_nob_16_longer_melds_pay_more():
    """NOB-16: the longer the chain, the more income."""
    t = TABLES["minors_shared"]
    for s in range(4):
        assert all(t[n][s] < t[n + 1][s] for n in range(3, 9))
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2S 3S 4S 5S 6S 7S 8S 9S 10S")
    play(state, ANN, "draw stock")
    assert incomes(play(state, ANN, "income QS")) == [(BEN, 2, 2), (CAT, 30, 30)]


def test_nob_a20_several_income_melds_even_without_melds_of_her_own():
    """NOB-A20: any number of nobles may be melded for income in one turn, each a
    separate event, even by a player with no melds; the noble is out of play."""
    state = new_game(hands=("QS JH AD",), stock="KC")
    put_meld(state, BEN, "2S 3S 4S")
    play(state, ANN, "draw stock")
    first = play(state, ANN, "income QS")
    second = play(state, ANN, "income JH")
    assert incomes(first) == incomes(second) == [(BEN, 3, 3)]
    assert texts(state.ndiscard) == ["QS", "JH"] and state.money[BEN] == 6


def test_nob_34_nob_a03_a_melder_without_provinces_claims_nothing():
    """NOB-34, NOB-A03: if the melder controls no meld, the player to her left claims
    first, and the melder has nothing to claim and no maintenance."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2S 3S 4S")
    put_meld(state, CAT, "2H 3H 4H")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert [e.data["player"] for e in of_kind(ev, "income")] == [BEN, CAT]


def test_nob_33_nob_a03_claim_then_maintenance_in_clockwise_order():
    """NOB-33, NOB-A03: each player claims and then pays maintenance, the melder first
    and then clockwise; maintenance is due even with nothing received."""
    state = new_game(hands=("QS",), stock="KC", dealer=ANN)  # Ben plays first
    put_meld(state, BEN, "2H 3H 4H 5H 6H 7H", nobles="QH")  # owed 11
    put_meld(state, CAT, "2S 3S 4S 5S 6S 7S 8S", nobles="KS")  # owed 17, a King: free
    put_meld(state, ANN, "2C 3C 4C", joker="RJ", nobles="JC")  # owed 0, 15 maintenance
    set_hand(state, BEN, "AD")
    set_money(state, ANN, 15)
    set_money(state, BEN, 4)
    play(state, BEN, "draw stock")
    ev = play(state, BEN, "income AD")
    order = [(e.kind, e.data["player"]) for e in ev if e.kind in ("income", "maintenance")]
    assert order == [("income", BEN), ("maintenance", BEN), ("income", CAT), ("maintenance", ANN)]
    assert state.money == [0, 4 + 11 - 15, 17]


def test_nob_a03_option_no_maintenance_without_income():
    """NOB-A03: with maintenance_when_zero_income=false, a player who received nothing
    pays no maintenance."""
    state = new_game(hands=("QS",), stock="KC", maintenance_when_zero_income=False)
    put_meld(state, BEN, "2C 3C 4C", joker="RJ", nobles="JC")
    set_money(state, BEN, 15)
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert "maintenance" not in kinds(ev) and state.money[BEN] == 15


def test_nob_32_nob_51_majority_melds_pay_double():
    """NOB-32, NOB-51: income from the melds of the majority holder is doubled."""
    state = table_game()
    state.majority = (BEN,)
    ev = play(state, ANN, "income QS")
    assert incomes(ev) == [(ANN, 7, 7), (BEN, 12, 12), (CAT, 1, 1)]
    assert of_kind(ev, "income")[1].data["doubled"]


def test_nob_35_the_bank_pays_what_it_holds_and_the_rest_is_forfeited():
    """NOB-35: if the Bank cannot cover the income, the claimant gets what it still holds
    and the rest is forfeited."""
    state = table_game()
    set_money(state, CAT, 175)  # the Bank holds 5
    ev = play(state, ANN, "income QS")
    assert incomes(ev) == [(ANN, 7, 5), (BEN, 6, 0), (CAT, 1, 0)]
    assert state.bank == 0 and sum(state.money) == 180


def test_nob_36_nob_55_payments_return_to_circulation_within_the_event():
    """NOB-36, NOB-55: maintenance goes back to the Bank and can be claimed again, even
    later in the same income event."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2D 3D 4D", nobles="QD")
    put_meld(state, CAT, "2S 3S 4S 5S 6S")  # owed 8
    set_money(state, BEN, 15)
    set_money(state, CAT, 165)  # the Bank is empty
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert incomes(ev) == [(BEN, 1, 0), (CAT, 8, 8)]
    assert state.money == [0, 0, 173] and state.bank == 7


def test_nob_23_nob_a12_defending_nobles_on_own_melds_of_their_suit():
    """NOB-23, NOB-A12: a noble may be added only to the player's own meld of the same
    suit, raising its defence."""
    state = new_game(hands=("QH KS AH",), stock="JH")
    put_meld(state, ANN, "2H 3H 4H")
    put_meld(state, BEN, "5H 6H 7H")
    play(state, ANN, "draw stock")
    refused(state, ANN, "add KS to 2H", "of the meld's suit")
    refused(state, ANN, "add QH to 5H", "your own melds only")
    for c in ("QH", "AH", "JH"):
        play(state, ANN, f"add {c} to 3H")
    assert texts(state.melds[0].nobles) == ["QH", "AH", "JH"]
    assert state.noble_order == cards("QH AH JH")


def test_nob_24_nob_25_nob_54_maintenance_fifteen_per_noble_kings_free():
    """NOB-24, NOB-54: each defending noble except a King costs 15 every income event.
    NOB-25: a King defends free."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2H 3H 4H", nobles="KH QH")
    put_meld(state, BEN, "2D 3D 4D", nobles="JD")
    set_money(state, BEN, 40)
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    m = of_kind(ev, "maintenance")[0].data
    assert (m["player"], m["nobles"], m["paid"]) == (BEN, 2, 30)
    assert state.money[BEN] == 40 + 3 - 30 and state.bank == 180 - 13


def test_nob_56_nob_a16_unpaid_nobles_go_face_up_to_the_stock_discard_pile():
    """NOB-56, NOB-A16: nobles whose maintenance cannot be paid go face up on the stock
    discard pile; with nothing to pay, all of them, most recently placed first."""
    state = new_game(hands=("QS",), stock="KC", up="9C")
    put_meld(state, BEN, "2H 3H 4H", nobles="QH KH JH")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert of_kind(ev, "unpaid")[0].data["cards"] == cards("JH QH")
    assert texts(state.sdiscard) == ["9C", "JH", "QH"]  # QH, placed first, is on top
    assert texts(state.melds[0].nobles) == ["KH"]


def test_nob_a16_partial_maintenance_she_chooses_what_to_drop():
    """NOB-A16: maintenance is paid one noble at a time while she has 15; she chooses
    which of the others to drop (the default drops the most recently placed)."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, BEN, "2H 3H 4H", nobles="QH JH")
    put_meld(state, BEN, "2D 3D 4D", nobles="AD")
    put_meld(state, CAT, "2S 3S 4S")
    set_money(state, BEN, 27)  # +3 income: 30, two of three nobles
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "income QS")
    assert state.phase == DROP and GAME.pending(state) == (BEN,)
    assert "income" in kinds(ev) and (CAT, 3, 3) not in incomes(ev)  # the round waits
    assert str(GAME.timeout_action(state, BEN)) == "drop AD"  # the newest goes by default
    refused(state, ANN, "drop QH", "not your turn")
    refused(state, BEN, "drop QH JH", "drop exactly 1")
    ev = play(state, BEN, "drop QH")
    assert texts(state.sdiscard)[-1] == "QH" and state.money[BEN] == 0
    assert incomes(ev) == [(CAT, 3, 3)]  # the round goes on
    assert state.phase == MELD and GAME.pending(state) == (ANN,)


def test_nob_27_nob_28_nob_a12_a_joker_corrupts_any_meld_for_good():
    """NOB-27: a joker may be added to any province meld. NOB-28: that meld never pays
    again. NOB-A12: a meld holds at most one joker."""
    state = new_game(hands=("RJ BJ QS",), stock="AD")
    put_meld(state, BEN, "2S 3S 4S 5S")
    play(state, ANN, "draw stock")
    play(state, ANN, "add RJ to 2S")
    refused(state, ANN, "add BJ to 2S", "already holds a joker")
    ev = play(state, ANN, "income QS")
    assert incomes(ev) == []
    assert GAME.view(state, None)["melds"][0]["joker"] == "RJ"
    # It stays corrupted when it grows or changes hands.
    state.melds[0].owner = CAT
    state.melds[0].length = 6
    ev = play(state, ANN, "income AD")
    assert incomes(ev) == []


def test_nob_29_a_joker_once_played_cannot_be_retrieved():
    """NOB-29: a played joker cannot be retrieved."""
    state = new_game(hands=("QS",), stock="KC")
    put_meld(state, ANN, "2S 3S 4S", joker="RJ", nobles="KS")
    set_money(state, ANN, 30)
    refused(state, ANN, "take RJ", "not a noble on one of your melds")
    refused(state, ANN, "retrieve RJ", "not in the noble discard pile")
    play(state, ANN, "take KS")
    assert state.melds[0].joker == cards("RJ")[0]


def test_nob_30_a_discarded_noble_pays_nothing():
    """NOB-30: only a noble *melded* into the noble discard pile is an income event."""
    state = new_game(hands=("QS 2C 3C",), stock="KC")
    put_meld(state, BEN, "2S 3S 4S")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "discard QS")
    assert "income" not in kinds(ev) and state.money == [0, 0, 0]
