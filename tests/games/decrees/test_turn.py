"""Final Decrees rule tests: a player's turn (DEC-35 .. DEC-38, DEC-A20, DEC-A21).

Positions come from the ``heads`` and ``deck_order`` fixtures (see ``helpers``):
Ann EXE, Ben HR, Cat TRE, Dan SS, Eve ADM; REF is the Empty Department; Ann has
taken turn 1's incompetence blame and drawn the deck's top card.
"""

from __future__ import annotations

from bureau.games.decrees import GAME

from ..common import kinds, of_kind
from .helpers import (
    ADM,
    ANN,
    BEN,
    CAT,
    DAN,
    EVE,
    EXE,
    HR,
    REF,
    SS,
    TRE,
    advance_to,
    blames,
    give,
    hand,
    new_game,
    play,
    refused,
)

# -- step 1: general incompetence (DEC-35) ---------------------------------------------------


def test_dec_35_step_1_the_department_you_head_gains_1_blame():
    """DEC-35: at the start of a turn the department its player heads gains 1 blame for
    general incompetence, before the step-2 draw."""
    state = new_game()
    # Turn 1 (Ann, EXE) has begun: EXE has its incompetence blame and nothing else has.
    assert blames(state) == {"REF": 0, "EXE": 1, "HR": 0, "TRE": 0, "SS": 0, "ADM": 0}
    ev = play(state, ANN, "end")
    start = kinds(ev)[kinds(ev).index("turn") :]
    assert start[:3] == ["turn", "dept_blame", "drew"]  # step 1 comes before step 2
    (gain,) = [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "incompetence"]
    assert gain.data == {"dept": HR, "amount": 1, "why": "incompetence"}
    assert blames(state)["HR"] == 1
    ev = play(state, BEN, "end")
    assert [e.data["dept"] for e in of_kind(ev, "dept_blame")] == [TRE]
    assert blames(state)["TRE"] == 1 and blames(state)["HR"] == 1


def test_dec_35_dec_a20_step_1_charges_the_department_headed_at_turn_start():
    """DEC-35, DEC-A20: step 1 charges the department the player heads when her turn
    starts. Cat (TRE) is moved to the Empty Department REF during Ann's turn, so her
    turn charges REF, not TRE."""
    state = new_game()
    play(state, ANN, "move Cat")
    assert state.dept_of[CAT] == REF and state.head[TRE] == -1
    play(state, ANN, "end")
    before = blames(state)
    ev = play(state, BEN, "end")
    assert GAME.pending(state) == (CAT,)
    incompetence = [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "incompetence"]
    assert [e.data["dept"] for e in incompetence] == [REF]
    after = blames(state)
    assert after["REF"] == before["REF"] + 1
    assert after["TRE"] == before["TRE"] == 0


# -- step 2: the draw (DEC-36) ---------------------------------------------------------------


def test_dec_36_step_2_draw_a_card_into_your_hand():
    """DEC-36: step 2, the player draws the deck's top card into her hand. Only she sees
    which card it is."""
    state = new_game(hands=("scapegoat", "scapegoat"), top=("overtime", "good-press"))
    assert hand(state, ANN) == ["overtime", "scapegoat"]  # turn 1's draw: the top card
    deck = len(state.deck)
    ev = play(state, ANN, "end")
    assert hand(state, BEN) == ["good-press", "scapegoat"]
    assert len(state.deck) == deck - 1
    drew = of_kind(ev, "drew")
    assert {e.data["why"] for e in drew} == {"turn"}
    mine = [e for e in drew if e.visible_to(BEN)]
    assert mine and all(e.data.get("card") == state.hands[BEN][-1] for e in mine)
    theirs = [e for e in drew if e.visible_to(CAT)]
    assert theirs and all("card" not in e.data for e in theirs)


def test_dec_36_step_2_stagnation_and_decline_is_played_at_once():
    """DEC-36: a Stagnation and Decline drawn in step 2 is played immediately, not kept:
    the departments' blame goes to their heads."""
    state = new_game(top=("overtime", "stagnation-and-decline"))
    play(state, ANN, "end")  # EXE: 1 + 5 decrees = 6
    assert GAME.pending(state) == (BEN,)
    assert "stagnation-and-decline" not in hand(state, BEN)
    assert len(state.hands[BEN]) == 1  # only the card he was dealt
    assert state.blame[ANN] == 6 and state.blame[BEN] == 1  # EXE's 6, HR's incompetence 1
    assert blames(state)["EXE"] == 0 and blames(state)["HR"] == 0
    assert state.sd in state.deck  # shuffled back in, not in any hand
    assert state.actions_left == 3


# -- step 3: up to 3 actions (DEC-37) --------------------------------------------------------


def test_dec_37_three_actions_then_the_turn_passes_by_itself():
    """DEC-37: a player takes up to 3 actions; after the third her turn ends (with step 4)
    and the next player's begins without any 'end'."""
    state = new_game()
    assert state.actions_left == 3 and GAME.pending(state) == (ANN,)
    play(state, ANN, "forward D2 to ADM")
    assert state.actions_left == 2 and GAME.pending(state) == (ANN,)
    play(state, ANN, "forward D3 to HR")
    assert state.actions_left == 1 and GAME.pending(state) == (ANN,)
    ev = play(state, ANN, "forward D4 to SS")
    assert "turn_over" in kinds(ev)
    assert GAME.pending(state) == (BEN,) and state.active == BEN
    assert state.actions_left == 3
    # Ann's step 4: EXE kept D1 and D5.
    (decrees,) = [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert decrees.data["dept"] == EXE and decrees.data["amount"] == 2


def test_dec_37_end_ends_the_turn_early():
    """DEC-37 ("up to 3"): 'end' ends the turn early without spending an action; the
    unused actions are lost and the next player starts with 3."""
    state = new_game()
    play(state, ANN, "draw")
    assert state.actions_left == 2
    ev = play(state, ANN, "end")
    assert kinds(ev)[:2] == ["dept_blame", "turn_over"]  # step 4, then the turn passes
    assert GAME.pending(state) == (BEN,) and state.actions_left == 3
    ev = play(state, BEN, "end")  # ending with all 3 actions unused is allowed
    assert GAME.pending(state) == (CAT,) and state.actions_left == 3


def test_dec_37_only_the_active_player_takes_actions():
    """DEC-37: the actions are the active player's; the others must wait."""
    state = new_game()
    message = refused(state, BEN, "draw", "not your decision")
    assert "waiting for Ann" in message
    refused(state, CAT, "end", "waiting for Ann")


# -- step 4: blame for decrees (DEC-38, DEC-A20) ---------------------------------------------


def test_dec_38_step_4_one_blame_per_decree_on_the_mat():
    """DEC-38: at the end of the turn the player's department gains 1 blame per decree on
    it. A department with no decrees gains nothing."""
    state = new_game()
    ev = play(state, ANN, "end")
    (gain,) = [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert gain.data == {"dept": EXE, "amount": 5, "why": "decrees"}
    assert blames(state)["EXE"] == 1 + 5
    ev = play(state, BEN, "end")  # HR holds no decree
    assert not [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert blames(state)["HR"] == 1


def test_dec_38_step_4_counts_decrees_forwarded_in_to_you():
    """DEC-38: the blame counts the decrees on the mat when the turn ends, including one
    forwarded there during the turn by someone else."""
    state = new_game()
    play(state, ANN, "forward D2 to HR")
    play(state, ANN, "forward D3 to HR")
    play(state, ANN, "end")  # EXE: 1 + 3 decrees
    assert blames(state)["EXE"] == 4
    play(state, BEN, "end")
    assert blames(state)["HR"] == 1 + 2


def test_dec_38_dec_a20_step_4_charges_the_department_headed_at_the_end():
    """DEC-38, DEC-A20: a player who moved departments during her turn is charged in step 4
    through her new department. Ann forwards D1 to the Empty Department REF and moves
    there: REF gains 1, and EXE (still holding 4 decrees) gains nothing."""
    state = new_game()
    play(state, ANN, "forward D1 to REF")
    play(state, ANN, "move Ann")
    assert state.dept_of[ANN] == REF and state.head[EXE] == -1
    ev = play(state, ANN, "end")
    decrees = [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert [(e.data["dept"], e.data["amount"]) for e in decrees] == [(REF, 1)]
    assert blames(state)["REF"] == 1
    assert blames(state)["EXE"] == 1  # turn 1's incompetence only


# -- counting actions (DEC-A21) --------------------------------------------------------------


def test_dec_a21_base_3_plus_2_per_treasury_special_or_overtime():
    """DEC-A21: 3 actions a turn, plus 2 for each Treasury special and each Overtime card.
    Cat (TRE) budgets and plays two Overtimes: 3 - 1 + 2 - 1 + 2 - 1 + 2 = 6 left."""
    state = new_game()
    advance_to(state, CAT)
    give(state, CAT, "overtime", "overtime")
    assert state.actions_left == 3
    play(state, CAT, "budget")
    assert state.actions_left == 4
    play(state, CAT, "play overtime")
    assert state.actions_left == 5
    play(state, CAT, "play overtime")
    assert state.actions_left == 6
    # She can keep acting well past 3 actions.
    for _ in range(5):
        play(state, CAT, "move Cat")
    assert state.actions_left == 1 and GAME.pending(state) == (CAT,)
    play(state, CAT, "move Cat")
    assert GAME.pending(state) == (DAN,) and state.actions_left == 3


def test_dec_a21_unused_extra_actions_are_lost():
    """DEC-A21: extra actions must be used in the same turn; unused ones are lost, and
    neither the next player nor Cat's next turn gets more than 3."""
    state = new_game()
    advance_to(state, CAT)
    play(state, CAT, "budget")
    assert state.actions_left == 4
    play(state, CAT, "end")
    assert GAME.pending(state) == (DAN,) and state.actions_left == 3
    advance_to(state, CAT)
    assert state.turns == 8 and state.actions_left == 3


def test_dec_a21_the_turn_passes_after_the_extra_actions_are_spent():
    """DEC-A21: with 2 extra actions a turn lasts 5 actions, then passes by itself."""
    state = new_game()
    advance_to(state, CAT)
    play(state, CAT, "budget")  # 1
    play(state, CAT, "draw")  # 2
    play(state, CAT, "move Eve")  # 3: Eve to REF, ADM empty
    play(state, CAT, "move Dan")  # 4: Dan to ADM, SS empty
    assert GAME.pending(state) == (CAT,) and state.actions_left == 1
    play(state, CAT, "move Ben")  # 5: Ben to SS
    assert GAME.pending(state) == (DAN,)
    assert [state.dept_of[q] for q in (ANN, BEN, CAT, DAN, EVE)] == [EXE, SS, TRE, ADM, REF]
    assert state.head[HR] == -1
