"""Stamping and enacting decrees, and the extra blame an enactment removes (DEC-54 to
DEC-61, DEC-A16, DEC-A22, DEC-A25)."""

from __future__ import annotations

from bureau.games.decrees import GAME
from bureau.games.decrees.actions import Remove, Stamp

from ..common import kinds, of_kind
from .helpers import (
    ADM,
    ANN,
    BEN,
    CAT,
    D1,
    D2,
    D3,
    D4,
    D5,
    DAN,
    EVE,
    EXE,
    HR,
    REF,
    SS,
    TRE,
    blames,
    dept,
    give,
    new_game,
    play,
    put,
    refused,
    set_blame,
)


def ready(state, i: int, code: str, done: int) -> None:
    """Decree ``i`` lies on ``code`` with its first ``done`` steps stamped."""
    state.decree_at[i] = dept(code)
    state.decree_done[i] = done


def enacting_at_tre(**options):
    """Ann heads the Treasury (uncontrolled) holding D1 with only its final TRE step left;
    Cat heads EXE."""
    state = new_game(**options)
    put(state, ANN, "TRE")
    ready(state, D1, "TRE", 3)
    return state


# -- stamping (DEC-54 .. DEC-56) -------------------------------------------------------------


def test_dec_54_a_decree_is_stamped_only_on_your_department():
    """DEC-54: Ann (EXE) cannot stamp D3 once it lies on HR, though she could forward it
    there; Ben, HR's head, is not even the one playing."""
    state = new_game()
    play(state, ANN, "forward D1 to HR")  # D1's next step is EXE, so this is no reward
    refused(state, ANN, "stamp D1", "D1 is on HR, not on your department \\(EXE\\)")
    refused(state, BEN, "stamp D1", "not your decision")
    assert state.decree_done[D1] == 0


def test_dec_55_your_department_must_be_the_decrees_next_step():
    """DEC-55: every decree starts on EXE; only D1, whose first step is EXE, can be stamped
    there; the others name another department first."""
    state = new_game()
    refused(state, ANN, "stamp D2", "the next step of D2 is for ADM, not EXE")
    refused(state, ANN, "stamp D5", "the next step of D5 is for REF, not EXE")
    stamps = [str(a) for a in GAME.legal_actions(state, ANN) if isinstance(a, Stamp)]
    assert stamps == ["stamp D1"]
    play(state, ANN, "stamp D1")
    # D1's next step is TRE now: stamping it again at EXE is refused.
    refused(state, ANN, "stamp D1", "the next step of D1 is for TRE, not EXE")
    assert state.decree_done == [1, 0, 0, 0, 0]


def test_dec_56_the_stamper_loses_one_personal_blame_never_below_zero():
    """DEC-56 (floor: DEC-A12): a stamp costs an action and removes 1 of the stamper's
    personal blame; at 0 blame she stays at 0."""
    state = new_game()
    set_blame(state, Ann=4)
    ev = play(state, ANN, "stamp D1")
    assert kinds(ev) == ["stamped", "blame_lost"]
    assert state.blame[ANN] == 3 and state.actions_left == 2
    assert of_kind(ev, "stamped")[0].data == {
        "player": ANN,
        "decree": D1,
        "dept": EXE,
        "step": 1,
        "why": "stamp",
    }
    state = new_game()
    ev = play(state, ANN, "stamp D1")
    assert state.blame[ANN] == 0 and of_kind(ev, "blame_lost")[0].data["amount"] == 0
    assert state.decree_done[D1] == 1


# -- enactment (DEC-57, DEC-A16) --------------------------------------------------------------


def test_dec_57_dec_a16_the_final_stamp_enacts_and_the_decree_leaves_the_mats():
    """DEC-57, DEC-A16: stamping the last step enacts the decree: it leaves the mats, can no
    longer be forwarded or stamped, and adds no step-4 blame to the department it was on."""
    state = enacting_at_tre()
    give(state, ANN, "urgent-courier")
    set_blame(state, Ann=3)
    ev = play(state, ANN, "stamp D1")
    assert kinds(ev) == ["stamped", "blame_lost", "enacted"]
    assert state.blame[ANN] == 2  # the normal stamp loss comes first
    assert state.decree_at[D1] == -1 and state.enacted == 1
    view = GAME.view(state, None)
    assert view["decrees"][D1]["at"] is None and view["decrees"][D1]["stamped"] == 4
    assert all("D1" not in d["decrees"] for d in view["departments"])
    play(state, ANN, "remove nothing")
    refused(state, ANN, "forward D1 to EXE", "D1 has been enacted")
    refused(state, ANN, "stamp D1", "D1 has been enacted")
    refused(state, ANN, "play urgent-courier D1 to HR", "D1 has been enacted")
    before = state.dept_blame[TRE]
    ev = play(state, ANN, "end")
    assert not [e for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert state.dept_blame[TRE] == before  # D1 no longer counts in step 4 (DEC-38)


def test_dec_a16_a_decree_on_the_mat_still_adds_step_4_blame_until_enacted():
    """DEC-A16 (the contrast): with D1 one stamp short on TRE, Ann's TRE gains 1 for it."""
    state = enacting_at_tre()
    before = state.dept_blame[TRE]
    ev = play(state, ANN, "end")
    gained = [e.data for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert gained == [{"dept": TRE, "amount": 1, "why": "decrees"}]
    assert state.dept_blame[TRE] == before + 1


# -- who chooses (DEC-58, DEC-59) -------------------------------------------------------------


def test_dec_58_an_uncontrolled_enacting_departments_head_chooses():
    """DEC-58: TRE is independent, so Ann, its head, removes the extra blame."""
    state = enacting_at_tre()
    ev = play(state, ANN, "stamp D1")
    assert of_kind(ev, "enacted")[0].data == {
        "decree": D1,
        "dept": TRE,
        "top": TRE,
        "chooser": ANN,
        "amount": 10,
    }
    assert GAME.pending(state) == (ANN,) and state.phase == "choose"
    assert GAME.view(state, CAT)["choose"] == {"player": ANN, "amount": 10}


def test_dec_59_the_head_at_the_top_of_the_chain_of_control_chooses():
    """DEC-59: Ann enacts D2 at ADM; ADM is controlled by EXE, which REF controls. EXE is
    empty now, but the chain goes on to REF, whose head Eve chooses, not Ann."""
    state = new_game(heads=("EXE", "HR", "TRE", "SS", "REF"))
    put(state, ANN, "ADM")  # EXE becomes the Empty Department
    ready(state, D2, "ADM", 3)
    ev = play(state, ANN, "stamp D2")
    enacted = of_kind(ev, "enacted")[0].data
    assert (enacted["top"], enacted["chooser"]) == (REF, EVE)
    assert GAME.pending(state) == (EVE,)


def test_dec_59_a_chain_headed_by_another_department():
    """DEC-59: with REF->EXE removed, EXE is the top of ADM's chain: Cat, EXE's head,
    chooses after Ann enacts at ADM."""
    state = new_game()
    put(state, ANN, "ADM")
    put(state, CAT, "EXE")
    state.arrows = ((EXE, HR), (EXE, ADM), (ADM, SS))
    ready(state, D2, "ADM", 3)
    ev = play(state, ANN, "stamp D2")
    assert of_kind(ev, "enacted")[0].data["chooser"] == CAT
    assert GAME.pending(state) == (CAT,)


def test_dec_59_no_head_at_the_top_no_extra_blame_and_no_choice():
    """DEC-59: REF, at the top of ADM's chain, is the Empty Department: no extra blame is
    removed, nobody is asked (not even Eve, who heads EXE in between), and Ann's turn
    simply goes on."""
    state = new_game()
    put(state, ANN, "ADM")  # Eve takes EXE; REF stays empty
    ready(state, D2, "ADM", 3)
    set_blame(state, Ann=5, Eve=5, ADM=4, REF=6)
    ev = play(state, ANN, "stamp D2")
    enacted = of_kind(ev, "enacted")[0]
    assert (enacted.data["top"], enacted.data["chooser"]) == (REF, -1)
    assert "no extra blame is removed" in GAME.describe(state, enacted)
    assert state.enacted == 1 and state.choose is None and state.phase == "turn"
    assert GAME.pending(state) == (ANN,) and state.actions_left == 2
    assert state.blame == [4, 0, 0, 0, 5] and blames(state)["REF"] == 6
    assert "choose" not in GAME.view(state, None)
    assert GAME.view(state, None)["next_award"] == 20  # it was still the first enactment


def test_dec_59_dec_a04_with_two_controllers_the_oldest_chain_is_followed():
    """DEC-59 with max_controllers=2 (DEC-A04): ADM is controlled by EXE (the older arrow,
    up to REF, headed by Eve) and by TRE (added later, headed by Cat): Eve chooses."""
    state = new_game(heads=("EXE", "HR", "TRE", "SS", "REF"), max_controllers=2)
    put(state, ANN, "ADM")
    state.arrows = (*state.arrows, (TRE, ADM))
    ready(state, D2, "ADM", 3)
    ev = play(state, ANN, "stamp D2")
    assert of_kind(ev, "enacted")[0].data["chooser"] == EVE


# -- how much (DEC-60) ------------------------------------------------------------------------


def test_dec_60_extra_blame_is_ten_times_the_enactment_number():
    """DEC-60: the first decree enacted allows 10, the second 20."""
    state = enacting_at_tre()
    ready(state, D4, "TRE", 4)  # D4: SS ADM EXE SS TRE
    assert GAME.view(state, None)["next_award"] == 10
    ev = play(state, ANN, "stamp D4")
    assert of_kind(ev, "enacted")[0].data["amount"] == 10 and state.choose == (ANN, 10)
    play(state, ANN, "remove nothing")
    assert GAME.view(state, None)["next_award"] == 20
    ev = play(state, ANN, "stamp D1")
    assert of_kind(ev, "enacted")[0].data["amount"] == 20 and state.choose == (ANN, 20)


def test_dec_60_the_fifth_enactment_allows_fifty_and_ends_the_game():
    """DEC-60 (and DEC-33): after four enactments the fifth allows 50; once it is removed
    the game is over."""
    state = enacting_at_tre()
    for i in (D2, D3, D4, D5):
        state.decree_at[i] = -1
        state.decree_done[i] = len(state.decrees[i].steps)
    state.enacted = 4
    set_blame(state, Ann=30, Ben=30, EXE=30)
    ev = play(state, ANN, "stamp D1")
    assert state.choose == (ANN, 50) and of_kind(ev, "enacted")[0].data["amount"] == 50
    refused(state, ANN, "remove 29 Ann, 22 Ben", "at most 50 blame in all, not 51")
    ev = play(state, ANN, "remove 29 Ann, 21 Ben")
    assert state.blame[:2] == [0, 9] and state.phase == "over"
    assert kinds(ev)[-1] == "game_over" and state.outcome.winners == (ANN, CAT, DAN, EVE)


# -- the removal (DEC-61, DEC-A22) ------------------------------------------------------------


def test_dec_61_remove_from_any_personal_pools_and_any_departments():
    """DEC-61: the chooser takes the extra blame from any players' pools (others' too) and
    any departments (the Empty Department too), in one decision."""
    state = enacting_at_tre()
    set_blame(state, Ann=6, Ben=4, Dan=2, EXE=5, REF=3)  # Ann 6 -> 5 after the stamp
    play(state, ANN, "stamp D1")
    ev = play(state, ANN, "remove 5 Ann, 3 EXE, 1 from Ben, 1 REF")
    assert state.blame == [0, 3, 0, 2, 0]
    assert blames(state)["EXE"] == 2 and blames(state)["REF"] == 2
    assert of_kind(ev, "extra_removed")[0].data["removals"] == [
        [ANN, -1, 5],
        [BEN, -1, 1],
        [-1, REF, 1],
        [-1, EXE, 3],
    ]
    assert state.choose is None and state.phase == "turn"


def test_dec_61_the_chooser_may_remove_less_but_not_more():
    """DEC-61: less than the amount is fine; more in all, more than a pool holds, or an
    empty part is refused."""
    state = enacting_at_tre()
    set_blame(state, Ben=4, HR=20)
    play(state, ANN, "stamp D1")
    refused(state, ANN, "remove 11 HR", "at most 10 blame in all, not 11")
    refused(state, ANN, "remove 6 HR, 5 Ben", "at most 10 blame in all, not 11")
    refused(state, ANN, "remove 5 Ben", "Ben's personal pool holds only 4 blame, not 5")
    refused(state, ANN, "remove 1 SS", "SS holds only 0 blame, not 1")
    refused(state, ANN, "remove 0 Ben", "at least 1 blame")
    refused(state, ANN, "draw", "remove the extra blame first")
    play(state, ANN, "remove 3 Ben")
    assert state.blame[BEN] == 1 and blames(state)["HR"] == 20


def test_dec_61_the_chooser_may_remove_nothing():
    """DEC-61: 'remove nothing' is a choice: no pool changes."""
    state = enacting_at_tre()
    set_blame(state, Ben=4, HR=20)
    play(state, ANN, "stamp D1")
    assert Remove((), state.names) in GAME.legal_actions(state, ANN)
    before = list(state.blame), list(state.dept_blame)
    ev = play(state, ANN, "remove nothing")
    assert (state.blame, state.dept_blame) == before
    assert GAME.describe(state, ev[0]) == "Ann removes nothing."


def test_dec_61_no_removal_from_a_department_not_in_play():
    """DEC-61 at four players: there is no REF to take blame from."""
    state = new_game(players=4)
    put(state, ANN, "TRE")
    ready(state, D1, "TRE", 2)  # at four players D1 is EXE TRE TRE
    set_blame(state, EXE=3)
    play(state, ANN, "stamp D1")
    assert state.choose == (ANN, 10)
    refused(state, ANN, "remove 1 REF", "REF is not in play")
    play(state, ANN, "remove 3 EXE")
    assert state.dept_blame[EXE] == 0


def test_dec_a22_the_chooser_may_be_another_player_and_the_turn_goes_on():
    """DEC-A22: Eve is prompted while Ann, whose turn it is, waits; after Eve's removal
    Ann's turn continues with the actions she had left."""
    state = new_game(heads=("EXE", "HR", "TRE", "SS", "REF"))
    put(state, ANN, "ADM")
    ready(state, D2, "ADM", 3)
    set_blame(state, Ann=8, Eve=3, ADM=5)
    play(state, ANN, "stamp D2")
    assert GAME.pending(state) == (EVE,) and state.active == ANN
    assert "remove up to 10 blame" in GAME.help_text(state, EVE).lower()
    refused(state, ANN, "end", "not your decision. The game is waiting for Eve")
    refused(state, ANN, "remove 7 Ann", "not your decision")
    assert GAME.legal_actions(state, ANN) == []
    play(state, EVE, "remove 3 Eve, 5 ADM, 2 Ann")
    assert state.blame[EVE] == 0 and state.blame[ANN] == 5 and state.dept_blame[ADM] == 0
    assert GAME.pending(state) == (ANN,) and state.actions_left == 2 and state.turns == 1
    play(state, ANN, "draw")
    assert state.actions_left == 1


def test_dec_a22_an_enactment_with_the_last_action_ends_the_turn_after_the_removal():
    """DEC-A22: when the enacting stamp was the last action, the turn ends (with step 4)
    only once the chooser has decided."""
    state = enacting_at_tre()
    state.actions_left = 1
    play(state, ANN, "stamp D1")
    assert state.turns == 1 and GAME.pending(state) == (ANN,) and state.phase == "choose"
    ev = play(state, ANN, "remove nothing")
    assert kinds(ev)[:2] == ["extra_removed", "turn_over"]
    assert state.turns == 2 and state.active == BEN


def test_dec_a22_a_chooser_who_times_out_removes_nothing():
    """DEC-A22: by default (chooser_timeout_action=none) the timeout removes nothing."""
    state = new_game(heads=("EXE", "HR", "TRE", "SS", "REF"))
    put(state, ANN, "ADM")
    ready(state, D2, "ADM", 3)
    set_blame(state, Ann=5, Eve=5, REF=4)
    play(state, ANN, "stamp D2")
    action = GAME.timeout_action(state, EVE)
    assert str(action) == "remove nothing"
    GAME.apply(state, EVE, action)
    assert state.blame == [4, 0, 0, 0, 5] and state.dept_blame[REF] == 4
    assert GAME.pending(state) == (ANN,)


def test_dec_a22_chooser_timeout_action_own_removes_the_choosers_blame():
    """DEC-A22 option chooser_timeout_action=own: the timeout removes the chooser's own
    personal blame, up to the amount."""
    state = new_game(heads=("EXE", "HR", "TRE", "SS", "REF"), chooser_timeout_action="own")
    put(state, ANN, "ADM")
    ready(state, D2, "ADM", 3)
    set_blame(state, Ann=5, Eve=14)
    play(state, ANN, "stamp D2")
    action = GAME.timeout_action(state, EVE)
    assert str(action) == "remove 10 Eve"
    GAME.apply(state, EVE, action)
    assert state.blame == [4, 0, 0, 0, 4]
    # With less than the amount, she loses all of hers.
    state = enacting_at_tre(chooser_timeout_action="own")
    set_blame(state, Ann=4)
    play(state, ANN, "stamp D1")
    assert str(GAME.timeout_action(state, ANN)) == "remove 3 Ann"


# -- forwarding and stamping rights (DEC-A25) -------------------------------------------------


def test_dec_a25_a_decree_may_be_forwarded_to_the_empty_department():
    """DEC-A25: REF, the Empty Department, can receive a decree; D5's next step is REF, so
    Ann loses 1 blame for it (DEC-43)."""
    state = new_game()
    set_blame(state, Ann=2)
    play(state, ANN, "forward D5 to REF")
    assert state.decree_at[D5] == REF and state.blame[ANN] == 1


def test_dec_a25_only_the_holding_departments_head_forwards_or_stamps():
    """DEC-A25: once D4 lies on SS, Ann (EXE) can neither forward nor stamp it, though
    Dan, SS's head, could stamp it on his turn."""
    state = new_game()
    play(state, ANN, "forward D4 to SS")
    refused(state, ANN, "forward D4 to ADM", "D4 is on SS; forward decrees on your department")
    refused(state, ANN, "stamp D4", "D4 is on SS, not on your department")
    refused(state, DAN, "stamp D4", "not your decision")
    for _ in range(3):
        play(state, state.active, "end")
    assert state.active == DAN
    play(state, DAN, "stamp D4")
    assert state.decree_done[D4] == 1
    refused(state, DAN, "forward D1 to SS", "D1 is on EXE; forward decrees on your department")


def test_dec_a25_a_card_may_move_another_departments_decree():
    """DEC-A25 ("except through cards"): an Urgent Courier moves D4 from SS, which Ann
    does not head."""
    state = new_game(hands=("urgent-courier",))
    play(state, ANN, "forward D4 to SS")
    play(state, ANN, "play urgent-courier D4 to ADM")  # D4's next step is SS: no reward
    assert state.decree_at[D4] == ADM
    assert state.decree_at.count(EXE) == 4 and SS not in state.decree_at
