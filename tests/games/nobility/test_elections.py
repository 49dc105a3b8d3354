"""Nobility rule tests: elections, majorities, coalitions, the Exhausted state, passing,
merging and the end of a rubber."""

from __future__ import annotations

from bureau.games.nobility import GAME
from bureau.games.nobility.state import DISCARD, ELECTION, MELD, MERGE, OVER, START

from ..common import hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    check_invariants,
    exhaust,
    meld_texts,
    new_game,
    play,
    put_meld,
    refused,
    set_hand,
    set_money,
    set_pile,
    set_stock,
)

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H"
ALL_SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S"
ALL_CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C"
ALL_DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D"


def election_game(stock: str = "KC", **options):
    """Ann to play; the stock holds only ``stock``; the rest lies in the stock discard
    pile under its top card 9D."""
    state = new_game(hands=("QS JS AC", "QH JH AH", "QD JD AD"), up="9D", **options)
    set_stock(state, stock)
    set_pile(state, "s", " ".join(texts(state.sdiscard)))
    return state


def no_coalitions(state, order=(ANN, BEN, CAT)) -> list:
    ev = []
    for seat in order:
        assert GAME.pending(state) == (seat,)
        ev += play(state, seat, "no coalition")
    return ev


def test_nob_47_nob_a09_the_last_stock_card_calls_an_election_at_once():
    """NOB-47, NOB-A09: an election is held the moment the last stock card is taken; the
    coalition window opens clockwise from the player whose turn it is; the turn goes on."""
    state = election_game()
    ev = play(state, ANN, "draw stock")
    assert kinds(ev)[-1] == "election" and state.phase == ELECTION
    assert of_kind(ev, "election")[0].data == {"number": 1, "provinces": [0, 0, 0]}
    refused(state, ANN, "income QS", "not allowed now")
    ev = no_coalitions(state)
    assert kinds(ev)[-2:] == ["majority", "reshuffled"]
    assert state.phase == MELD and GAME.pending(state) == (ANN,) and state.elections == 1


def test_nob_48_nob_a09_a_majority_is_nineteen_province_cards():
    """NOB-48, NOB-A09: holding 19 province cards in melds is the majority; nobles and
    jokers do not count; it is a snapshot until the next election."""
    state = election_game()
    put_meld(state, BEN, ALL_HEARTS, nobles="KH")
    put_meld(state, BEN, ALL_SPADES, joker="RJ")
    put_meld(state, CAT, "2C 3C 4C")
    play(state, ANN, "draw stock")
    no_coalitions(state)
    assert state.majority == ()  # 18 is not 19
    state = election_game()
    put_meld(state, BEN, ALL_HEARTS)
    put_meld(state, BEN, ALL_SPADES)
    put_meld(state, BEN, "2C 3C 4C")
    play(state, ANN, "draw stock")
    no_coalitions(state)
    assert state.majority == (BEN,) and GAME.view(state, None)["majority"] == [BEN]
    state.melds.pop()  # losing provinces later does not end the snapshot
    assert GAME.view(state, None)["majority"] == [BEN]


def test_nob_49_nob_a09_two_players_form_a_coalition_in_the_window():
    """NOB-49, NOB-A09: a coalition is two players who both accept, in the election's
    coalition window; with 19 together it holds the majority and both pay double."""
    state = election_game(stock="KC")
    put_meld(state, ANN, ALL_HEARTS)
    put_meld(state, BEN, ALL_SPADES)
    put_meld(state, BEN, "2C 3C 4C")
    put_meld(state, CAT, "2D 3D 4D")
    set_hand(state, ANN, "QS JS AC")
    play(state, ANN, "draw stock")
    refused(state, ANN, "offer Ben Cat: coalition", "between two players")
    ev = play(state, ANN, "offer Ben: coalition")
    assert GAME.pending(state) == (BEN,)
    offer = of_kind(ev, "deal_offered")
    assert offer[0].visible_to(BEN) and offer[0].data["text"] == "offer Ben: coalition"
    assert offer[1].visible_to(CAT) and "text" not in offer[1].data
    ev = play(state, BEN, "accept Ann")
    assert "coalition_formed" in kinds(ev) and state.coalition == (ANN, BEN)
    assert state.majority == (ANN, BEN) and state.phase == MELD  # the window closed
    ev = play(state, ANN, "income QS")
    doubled = {e.data["player"]: e.data["doubled"] for e in of_kind(ev, "income")}
    assert doubled == {ANN: True, BEN: True, CAT: False}


def test_nob_a09_a_coalition_short_of_nineteen_gets_nothing_unless_the_option():
    """NOB-A09 (contradiction ruling): a coalition below 19 provinces does not double;
    coalition_doubles_without_majority=true follows the text literally."""
    for literal in (False, True):
        state = election_game(coalition_doubles_without_majority=literal)
        put_meld(state, ANN, "2H 3H 4H")
        put_meld(state, BEN, "2S 3S 4S")
        play(state, ANN, "draw stock")
        play(state, ANN, "offer Ben: coalition")
        play(state, BEN, "accept Ann")
        assert state.majority == ()
        ev = play(state, ANN, "income QS")
        assert [e.data["doubled"] for e in of_kind(ev, "income")] == [literal, literal]


def test_nob_a09_window_offers_declined_move_the_window_on():
    """NOB-A09: each player in turn may propose one coalition or none; a declined offer
    passes the window on; a coalition with compensation is one binding deal."""
    state = election_game()
    set_money(state, CAT, 20)
    play(state, ANN, "draw stock")
    play(state, ANN, "offer Cat: coalition")
    play(state, CAT, "decline Ann")
    assert GAME.pending(state) == (BEN,)
    play(state, BEN, "no coalition")
    play(state, CAT, "offer Ben: coalition; Cat gives 20")
    ev = play(state, BEN, "accept Cat")
    assert state.coalition == (BEN, CAT) and state.money[BEN] == 20
    assert kinds(ev).index("paid") < kinds(ev).index("coalition_formed")


def test_nob_50_nob_a09_a_coalition_ends_at_a_partners_battle_or_the_next_election():
    """NOB-50, NOB-A09: a battle between the partners ends the coalition at once (a former
    partner keeps the majority only if she alone holds 19); so does the next election,
    before its window opens."""
    state = election_game()
    put_meld(state, ANN, ALL_HEARTS)
    put_meld(state, ANN, ALL_CLUBS)
    put_meld(state, ANN, "2D 3D 4D")
    put_meld(state, BEN, "2S 3S 4S")
    play(state, ANN, "draw stock")
    play(state, ANN, "offer Ben: coalition")
    play(state, BEN, "accept Ann")
    assert state.majority == (ANN, BEN)
    set_hand(state, ANN, "QS JS AC KC")
    ev = play(state, ANN, "attack 2S with QS JS")
    assert "coalition_ended" in kinds(ev) and state.coalition == ()
    assert state.majority == (ANN,)  # she alone holds 21
    # The next election ends any coalition before the window.
    state = election_game(stock="KC 5C")
    state.coalition = (BEN, CAT)
    play(state, ANN, "draw stock")
    set_stock(state, "6C")
    play(state, ANN, "discard KC")
    ev = play(state, BEN, "draw stock")
    assert kinds(ev)[-2:] == ["election", "coalition_ended"]
    assert state.coalition == () and state.phase == ELECTION


def test_nob_52_the_stock_discard_pile_becomes_the_new_stock():
    """NOB-52, NOB-A09: after the election the stock discard pile is shuffled into the new
    stock; no card is turned up."""
    state = election_game()
    pile = sorted(state.sdiscard)
    play(state, ANN, "draw stock")
    ev = no_coalitions(state)
    assert sorted(state.stock) == pile and state.sdiscard == []
    assert of_kind(ev, "reshuffled")[0].data["cards"] == len(pile)
    check_invariants(state)


def test_nob_a23_an_election_in_the_replenish_then_the_replenish_goes_on():
    """NOB-A23: the stock running out during a replenish holds the election at once, then
    the replenish finishes from the new stock."""
    state = election_game()
    set_hand(state, ANN, "2H 3H QS")
    set_stock(state, "4H 5H")
    play(state, ANN, "draw stock")  # 4H; the stock still holds 5H
    play(state, ANN, "meld 2H 3H 4H")
    play(state, ANN, "done")  # replenish: 5H is the last card
    assert state.phase == ELECTION and hand(state, ANN) == ["5H", "QS"]
    no_coalitions(state)
    assert len(state.hands[ANN]) == 4 and state.phase == DISCARD


def test_nob_a11_the_election_cap_ends_the_rubber():
    """NOB-A11: the rubber ends when the max_elections-th election is counted: no window,
    no reshuffle, the turn not finished; stalemate scoring (provinces, then currency)."""
    state = election_game(max_elections=2, max_rubbers=1)
    state.elections = 1
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2S 3S 4S")
    set_money(state, CAT, 5)
    ev = play(state, ANN, "draw stock")
    assert kinds(ev)[-3:] == ["election", "rubber_over", "game_over"]
    out = GAME.outcome(state)
    assert state.phase == OVER and out.winners == (CAT,) and out.ranking == (3, 2, 1)
    assert not out.capped and "election cap" in out.reason


def test_nob_a11_a_shared_first_place_counts_for_no_one():
    """NOB-A11, NOB-A18: a rubber whose stalemate first place is shared has no winner;
    a single-rubber match is then shared by those who tied."""
    state = election_game(max_elections=1, max_rubbers=1)
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2S 3S 4S")
    play(state, ANN, "draw stock")
    out = GAME.outcome(state)
    assert out.details["rubbers"][0]["winner"] is None
    assert out.winners == (BEN, CAT) and out.ranking == (3, 1, 1) and state.wins == [0, 0, 0]


def exhausted_game(top: str = "9D", **options):
    """The Exhausted state: Ann to play; the stock is empty; the stock discard pile holds
    the rest with ``top`` on top."""
    state = new_game(hands=("QS JS AC", "QH JH AH", "QD JD AD"), **options)
    exhaust(state, top=top)
    return state


def test_nob_53_nob_a10_the_stock_discard_pile_exhausted_is_the_exhausted_state():
    """NOB-53, NOB-A10: with the stock discard pile too small to form a new stock at an
    election, the Exhausted state begins for good: no more elections."""
    state = election_game(exhaustion_min_cards=54)
    play(state, ANN, "draw stock")
    ev = no_coalitions(state)
    assert "exhausted" in kinds(ev) and state.exhausted and state.stock == []
    assert GAME.view(state, None)["exhausted"]
    refused(state, BEN, "draw stock", "not your turn")
    play(state, ANN, "discard KC")
    refused(state, BEN, "draw stock", "the stock is empty")
    play(state, BEN, "draw discard")  # draws only from the stock discard pile
    assert state.elections == 1


def test_nob_a10_no_replenish_and_a_skipped_draw():
    """NOB-A10: in the Exhausted state there is no replenishing, and the draw is skipped
    when the stock discard pile is empty."""
    state = exhausted_game(top="4H")
    set_hand(state, ANN, "2H 3H QS")
    play(state, ANN, "draw discard")
    play(state, ANN, "meld 2H 3H 4H")
    play(state, ANN, "done")
    assert hand(state, ANN) == ["QS"] and GAME.pending(state) == (BEN,)
    state.ndiscard += state.sdiscard  # out of play, for the test
    state.sdiscard = []
    play(state, BEN, "pass")
    assert state.phase == MELD and not state.drew  # Cat has nothing to draw
    assert GAME.pending(state) == (CAT,)


def test_nob_a10_continuous_majority_and_coalitions_at_any_time():
    """NOB-A10: in the Exhausted state the majority is whoever holds 19 now (alone or in a
    standing coalition), and coalitions form by consent and are disbanded by either
    partner at any time."""
    state = exhausted_game()
    put_meld(state, BEN, ALL_HEARTS)
    put_meld(state, CAT, ALL_SPADES)
    put_meld(state, CAT, "2C 3C 4C")
    assert GAME.view(state, None)["majority"] == []
    play(state, CAT, "offer Ben: coalition")  # Cat is not pending: an optional action
    play(state, BEN, "accept Cat")
    assert state.coalition == (BEN, CAT) and GAME.view(state, None)["majority"] == [BEN, CAT]
    play(state, BEN, "disband")
    assert state.coalition == () and GAME.view(state, None)["majority"] == []
    refused(state, BEN, "disband", "in no coalition")


def test_nob_65_nob_a19_pass_once_the_stock_is_exhausted():
    """NOB-65, NOB-A19: a player may pass her turn only in the Exhausted state."""
    state = new_game()
    refused(state, ANN, "pass", "only once the stock is exhausted")
    state = exhausted_game()
    ev = play(state, ANN, "pass")
    assert "passed" in kinds(ev) and GAME.pending(state) == (BEN,)
    assert len(state.hands[ANN]) == 3


def test_nob_66_nob_a19_merge_melds_into_another_players():
    """NOB-66, NOB-A19: a passing player may move melds (with nobles and jokers) to a
    chosen player, who must accept; she keeps her hand and stays in the game."""
    state = exhausted_game()
    put_meld(state, ANN, "2H 3H 4H", nobles="KH")
    put_meld(state, ANN, "2S 3S 4S", joker="RJ")
    put_meld(state, ANN, "2C 3C 4C")
    ev = play(state, ANN, "merge 3S 2H to Ben")
    assert state.phase == MERGE and GAME.pending(state) == (BEN,)
    assert of_kind(ev, "deal_offered")[0].data["text"] == "offer Ben: Ann gives meld 2S, meld 2H"
    play(state, BEN, "accept Ann")
    assert meld_texts(state, BEN) == [["2H", "3H", "4H"], ["2S", "3S", "4S"]]
    assert meld_texts(state, ANN) == [["2C", "3C", "4C"]] and texts(state.melds[0].nobles) == ["KH"]
    assert GAME.pending(state) == (BEN,) and state.phase == START and len(state.hands[ANN]) == 3
    # Declined: the melds stay, the turn is over anyway.
    state = exhausted_game()
    put_meld(state, ANN, "2H 3H 4H")
    play(state, ANN, "merge 2H to Cat")
    play(state, CAT, "decline Ann")
    assert state.melds[0].owner == ANN and GAME.pending(state) == (BEN,)


def test_nob_a19_option_merge_without_acceptance():
    """NOB-A19: with merge_requires_acceptance=false the melds move at once."""
    state = exhausted_game(merge_requires_acceptance=False)
    put_meld(state, ANN, "2H 3H 4H")
    play(state, ANN, "merge 2H to Cat")
    assert state.melds[0].owner == CAT and GAME.pending(state) == (BEN,)


def test_nob_a11_an_idle_round_in_the_exhausted_state_ends_the_rubber():
    """NOB-A11: in the Exhausted state, a full round of turns with no meld operation,
    battle or retrieval ends the rubber, scored as a stalemate."""
    state = exhausted_game(max_rubbers=1)
    put_meld(state, CAT, "2H 3H 4H")
    play(state, ANN, "pass")
    play(state, BEN, "draw discard")
    play(state, BEN, "discard 9D")  # drawing and discarding is not activity
    assert state.phase != OVER
    ev = play(state, CAT, "pass")
    assert "rubber_over" in kinds(ev) and "stalemate" in GAME.outcome(state).reason
    assert GAME.outcome(state).winners == (CAT,)
    state = exhausted_game(stalemate_rule=False)  # the option turns it off
    for seat in (ANN, BEN, CAT, ANN):
        play(state, seat, "pass")
    assert state.phase != OVER
    # The turn in which the Exhausted state began does not count.
    state = election_game(exhaustion_min_cards=54)
    play(state, ANN, "draw stock")
    no_coalitions(state)
    play(state, ANN, "discard KC")
    for seat in (BEN, CAT):
        play(state, seat, "pass")
    assert state.phase != OVER
    ev = play(state, ANN, "pass")
    assert "rubber_over" in kinds(ev)


def test_nob_67_nob_10_nob_a11_all_36_provinces_at_the_start_of_her_turn_win():
    """NOB-10, NOB-67, NOB-A11: a player who controls all 36 provinces at the start of
    her own turn (her opponents having failed to recapture) wins the rubber."""
    state = new_game(hands=("KS QS JS",), stock="AS 2C", dealer=BEN, max_rubbers=1)  # Cat first
    for run in (ALL_HEARTS, ALL_SPADES, ALL_CLUBS, ALL_DIAMONDS):
        put_meld(state, BEN, run)
    for seat in (CAT, ANN):  # each opponent has a turn to recapture
        assert GAME.outcome(state) is None and state.phase == START
        play(state, seat, "draw stock")
        ev = play(state, seat, f"discard {texts(state.hands[seat])[-1]}")
    assert kinds(ev)[-3:] == ["turn", "rubber_over", "game_over"]
    assert GAME.outcome(state).winners == (BEN,) and "36" in GAME.outcome(state).reason


def test_nob_a11_option_immediate_win():
    """NOB-A11: with win_check=immediate, all 36 provinces win at once."""
    state = new_game(hands=("10D",), stock="AS", win_check="immediate", max_rubbers=1)
    for run in (ALL_HEARTS, ALL_SPADES, ALL_CLUBS, "2D 3D 4D 5D 6D 7D 8D 9D"):
        put_meld(state, ANN, run)
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "add 10D to 2D")
    assert "rubber_over" in kinds(ev) and GAME.outcome(state).winners == (ANN,)


def test_nob_a11_concede_leaves_the_rubber():
    """NOB-A11: a player may concede (at the start of her turn); when only one player
    remains she wins."""
    state = new_game(hands=("KS QS JS",), max_rubbers=1)
    refused(state, BEN, "concede", "not your turn")
    ev = play(state, ANN, "concede")
    assert state.out[ANN] and hand(state, ANN) == [] and "conceded" in kinds(ev)
    assert sorted(texts(state.sdiscard)[-3:]) == ["JS", "KS", "QS"]  # face up
    assert GAME.pending(state) == (BEN,)
    play(state, BEN, "draw stock")
    play(state, BEN, f"discard {texts(state.hands[BEN])[-1]}")
    assert GAME.pending(state) == (CAT,)  # Ann is skipped from now on
    play(state, CAT, "concede")
    out = GAME.outcome(state)
    assert out.winners == (BEN,) and out.ranking[BEN] == 1
    check_invariants(state)
