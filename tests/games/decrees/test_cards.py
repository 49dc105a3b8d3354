"""Every card of the default deck (HOUSE CONTENT, rules §3.2) and the card-play framework
(DEC-40, DEC-A01): one action, own turn only, face up to the discard pile, playable when
its effect can only partly apply, no refunds, copies of specials outside their limits."""

from __future__ import annotations

import random

import pytest

from bureau.games.decrees import GAME

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
    EVE,
    EXE,
    HR,
    REF,
    SS,
    TRE,
    blames,
    give,
    hand,
    new_game,
    play,
    put,
    refused,
    set_blame,
    set_deck,
)


def discards(state) -> list[str]:
    return [state.cards[k].key for k in state.discard]


def with_card(key: str, **options):
    """Ann (EXE) on turn 1 with ``key`` in hand, besides her dealt and drawn cards."""
    state = new_game(**options)
    give(state, ANN, key)
    return state


# -- the framework (DEC-40, DEC-A01) ----------------------------------------------------------


def test_dec_a01_a_played_card_costs_an_action_and_goes_face_up_to_the_discard_pile():
    """DEC-40, DEC-A01: playing is one action; the card leaves the hand for the discard
    pile, which everybody sees."""
    state = with_card("good-press")
    set_blame(state, Ann=5)
    cards_before = len(state.hands[ANN])
    ev = play(state, ANN, "play good-press 1")
    assert state.actions_left == 2 and len(state.hands[ANN]) == cards_before - 1
    assert "good-press" not in hand(state, ANN) and discards(state) == ["good-press"]
    assert GAME.view(state, BEN)["discard"] == ["good-press"]
    assert of_kind(ev, "played")[0].data["text"] == "play good-press 1"


def test_dec_a01_cards_are_played_on_your_own_turn_only():
    """DEC-A01: Ben cannot play his card during Ann's turn."""
    state = new_game(hands=(None, "overtime"))
    refused(state, BEN, "play overtime", "not your decision")
    refused(state, ANN, "play cover-up", "you hold no Cover-Up")


def test_dec_a01_a_card_whose_target_is_missing_is_played_to_no_effect():
    """DEC-A01: a Proxy Signature with no decree it could stamp may still be played; it
    does nothing, and neither the card nor the action comes back."""
    state = with_card("proxy-signature")
    for i in range(5):
        state.decree_at[i] = HR  # nothing on Ann's EXE
    ev = play(state, ANN, "play proxy-signature")
    assert kinds(ev) == ["played", "no_effect"]
    assert state.decree_done == [0] * 5 and state.actions_left == 2
    assert discards(state) == ["proxy-signature"] and "proxy-signature" not in hand(state, ANN)


# -- Overtime ---------------------------------------------------------------------------------


def test_overtime_gives_two_more_actions():
    """§3.2 Overtime: gain 2 additional actions this turn (net +1 after its own action)."""
    state = with_card("overtime")
    ev = play(state, ANN, "play overtime")
    assert state.actions_left == 4 and kinds(ev) == ["played", "extra_actions"]
    assert discards(state) == ["overtime"]


def test_dec_a01_overtime_does_not_count_toward_the_treasury_limit():
    """DEC-A01, §3.2: Overtime is not the Treasury special: a TRE head may budget after
    it, and play it after budgeting."""
    state = new_game()
    put(state, ANN, "TRE")
    give(state, ANN, "overtime", "overtime")
    play(state, ANN, "play overtime")
    play(state, ANN, "budget")
    assert state.actions_left == 3 + 1 + 1 and state.budget_used
    play(state, ANN, "play overtime")
    assert state.actions_left == 6
    refused(state, ANN, "budget", "once a turn")


# -- Requisition Form -------------------------------------------------------------------------


def test_requisition_form_draws_two_and_leaves_the_draw_action():
    """§3.2 Requisition Form: draw 2 cards, one at a time; the once-a-turn Draw action is
    still there afterwards (DEC-39)."""
    state = with_card("requisition-form")
    set_deck(state, "cover-up", "whitewash", "good-press", "overtime")
    before = hand(state, ANN)
    ev = play(state, ANN, "play requisition-form")
    mine = [e.data["card"] for e in of_kind(ev, "drew") if e.visible_to(ANN) and "card" in e.data]
    assert [state.cards[k].key for k in mine] == ["cover-up", "whitewash"]
    before.remove("requisition-form")
    assert hand(state, ANN) == sorted([*before, "cover-up", "whitewash"])
    assert not state.drew and state.actions_left == 2 and len(state.deck) == 2
    play(state, ANN, "draw")
    assert "good-press" in hand(state, ANN)
    refused(state, ANN, "draw", "once a turn")


def test_requisition_form_after_the_draw_action():
    """§3.2 Requisition Form: usable after the turn's Draw action too."""
    state = with_card("requisition-form")
    set_deck(state, "cover-up", "whitewash", "good-press", "overtime")
    play(state, ANN, "draw")
    play(state, ANN, "play requisition-form")
    assert {"cover-up", "whitewash", "good-press"} <= set(hand(state, ANN))
    assert len(state.deck) == 1


class Bottom(random.Random):
    """An rng that shuffles Stagnation and Decline back to the bottom of the deck."""

    def randrange(self, *args, **kwargs):
        return 0


def test_requisition_form_resolves_stagnation_and_decline_at_once():
    """§3.2 Requisition Form: an S&D drawn this way is played at once (five cards to the
    discard pile, departmental blame to the heads, S&D back into the deck, not onto the
    discard pile); then the second draw follows."""
    state = with_card("requisition-form")
    state.rng = Bottom()
    rest = ["overtime", "whitewash", "scapegoat", "good-press", "cover-up"]
    set_deck(state, "stagnation-and-decline", *rest, "leave-of-absence", "naval-review")
    set_blame(state, EXE=3, SS=2, REF=4)
    ev = play(state, ANN, "play requisition-form")
    assert kinds(ev)[:5] == ["played", "drew", "drew", "decline", "blame_to_head"]
    assert discards(state) == [*rest, "requisition-form"]  # discarded once resolved
    assert state.blame == [3, 0, 0, 2, 0] and blames(state)["REF"] == 4
    assert "leave-of-absence" in hand(state, ANN)
    assert "stagnation-and-decline" not in hand(state, ANN)
    assert [state.cards[k].key for k in state.deck] == ["stagnation-and-decline", "naval-review"]
    assert state.actions_left == 2 and state.phase == "turn"


def test_requisition_form_with_the_salvage_variant_draws_its_second_card_after_the_choice():
    """§3.2 Requisition Form with sd_choose_one_variant (DEC-19): the drawer keeps one of
    the five discards, then the card's second draw happens."""
    state = with_card("requisition-form", sd_choose_one_variant=True)
    state.rng = Bottom()
    rest = ["overtime", "whitewash", "scapegoat", "good-press", "cover-up"]
    set_deck(state, "stagnation-and-decline", *rest, "leave-of-absence", "naval-review")
    play(state, ANN, "play requisition-form")
    assert state.phase == "salvage" and GAME.pending(state) == (ANN,)
    held = len(state.hands[ANN])
    play(state, ANN, "keep cover-up")
    assert len(state.hands[ANN]) == held + 2 and "cover-up" in hand(state, ANN)
    assert "leave-of-absence" in hand(state, ANN)
    assert len(state.deck) == 2 and state.phase == "turn" and state.actions_left == 2


def test_requisition_form_drawing_the_last_card_ends_the_game_at_once():
    """§3.2 Requisition Form (DEC-A06): if the deck empties, the game ends immediately:
    no second draw, no step 4."""
    state = with_card("requisition-form")
    set_deck(state, "cover-up")
    ev = play(state, ANN, "play requisition-form")
    assert kinds(ev)[-1] == "game_over" and state.phase == "over"
    assert "turn_over" not in kinds(ev) and "cover-up" in hand(state, ANN)
    assert state.outcome.reason == "the last card was drawn"


# -- Pass the Buck ----------------------------------------------------------------------------


def test_pass_the_buck_moves_up_to_three_from_your_department_ignoring_control():
    """§3.2 Pass the Buck: up to 3 of your department's blame to any one other department;
    TRE is not below EXE, yet it may receive it."""
    state = with_card("pass-the-buck")
    set_blame(state, EXE=5)
    refused(state, ANN, "play pass-the-buck 4 to TRE", "at most 3")
    refused(state, ANN, "play pass-the-buck 2 to EXE", "different department")
    play(state, ANN, "play pass-the-buck 2 to TRE")
    assert blames(state)["EXE"] == 3 and blames(state)["TRE"] == 2
    assert discards(state) == ["pass-the-buck"]


def test_pass_the_buck_without_an_amount_moves_the_most():
    """§3.2 Pass the Buck, the amount left out: min(3, your department's blame); the
    Empty Department may receive it."""
    state = with_card("pass-the-buck")
    set_blame(state, EXE=2)
    action = GAME.parse(state, ANN, "play pass-the-buck to REF")
    assert str(action) == "play pass-the-buck 2 to REF"
    GAME.apply(state, ANN, action)
    assert blames(state)["EXE"] == 0 and blames(state)["REF"] == 2


# -- Scapegoat --------------------------------------------------------------------------------


def test_scapegoat_moves_up_to_two_personal_blame_without_consent():
    """§3.2 Scapegoat: up to 2 of your personal blame to another player; Ben is not asked."""
    state = with_card("scapegoat")
    set_blame(state, Ann=5)
    refused(state, ANN, "play scapegoat 3 to Ben", "at most 2")
    refused(state, ANN, "play scapegoat 1 to Ann", "another player")
    play(state, ANN, "play scapegoat to Ben")  # the most: 2
    assert state.blame[:2] == [3, 2] and GAME.pending(state) == (ANN,)


def test_scapegoat_with_little_blame_moves_what_there_is():
    """§3.2 Scapegoat, partly applied: with 1 personal blame, 1 moves; no more is asked."""
    state = with_card("scapegoat")
    set_blame(state, Ann=1)
    refused(state, ANN, "play scapegoat 2 to Cat", "holds only 1 blame")
    play(state, ANN, "play scapegoat Cat")
    assert state.blame[ANN] == 0 and state.blame[CAT] == 1


# -- Urgent Courier ---------------------------------------------------------------------------


def test_urgent_courier_moves_any_decree_and_rewards_its_next_step():
    """§3.2 Urgent Courier: a decree from any department to any other; arriving at its next
    step's department, the player loses 1."""
    state = with_card("urgent-courier")
    set_blame(state, Ann=3)
    play(state, ANN, "play urgent-courier D2 to ADM")  # D2's first step is ADM
    assert state.decree_at[D2] == ADM and state.blame[ANN] == 2


def test_urgent_courier_from_another_department_without_reward():
    """§3.2 Urgent Courier: D3 lies on SS (not Ann's); sent to TRE, which is not its next
    step (HR), Ann loses nothing."""
    state = with_card("urgent-courier")
    state.decree_at[D3] = SS
    set_blame(state, Ann=3)
    refused(state, ANN, "play urgent-courier D3 to SS", "already on SS")
    play(state, ANN, "play urgent-courier D3 to TRE")
    assert state.decree_at[D3] == TRE and state.blame[ANN] == 3


# -- Reorganisation ---------------------------------------------------------------------------


def test_reorganisation_restructures_without_heading_exe():
    """§3.2 Reorganisation: one restructure (DEC-51, DEC-A04) by the head of TRE."""
    state = new_game()
    put(state, ANN, "TRE")
    give(state, ANN, "reorganisation")
    refused(state, ANN, "restructure add TRE->SS", "only the head of EXE")
    refused(state, ANN, "play reorganisation add TRE->SS", "SS is already controlled by ADM")
    refused(state, ANN, "play reorganisation add HR->REF", "would make control loop")
    play(state, ANN, "play reorganisation move ADM->SS to TRE->SS")
    assert (TRE, SS) in state.arrows and (ADM, SS) not in state.arrows


# -- Internal Audit ---------------------------------------------------------------------------


def test_internal_audit_investigates_without_heading_ss():
    """§3.2 Internal Audit: all blame of a headed department other than yours goes to its
    head; Ann heads EXE, not SS."""
    state = with_card("internal-audit")
    set_blame(state, ADM=4, REF=3)
    refused(state, ANN, "play internal-audit EXE", "other than yours")
    refused(state, ANN, "play internal-audit REF", "headed department")
    play(state, ANN, "play internal-audit ADM")
    assert state.blame[EVE] == 4 and blames(state)["ADM"] == 0
    assert blames(state)["REF"] == 3


# -- Proxy Signature --------------------------------------------------------------------------


def test_proxy_signature_stamps_a_step_naming_another_department():
    """§3.2 Proxy Signature: Ann (EXE) stamps D2's first step, which names ADM, and loses
    1 personal blame as for a normal stamp."""
    state = with_card("proxy-signature")
    set_blame(state, Ann=2)
    refused(state, ANN, "stamp D2", "for ADM, not EXE")
    ev = play(state, ANN, "play proxy-signature D2")
    assert state.decree_done[D2] == 1 and state.blame[ANN] == 1
    assert of_kind(ev, "stamped")[0].data["why"] == "card"
    assert state.decree_at[D2] == EXE  # the decree stays where it is


def test_proxy_signature_cannot_stamp_a_final_step():
    """§3.2 Proxy Signature: not a decree's final step, even one naming your department."""
    state = with_card("proxy-signature")
    state.decree_done[D1] = 3  # D1's last step is TRE
    refused(state, ANN, "play proxy-signature D1", "cannot stamp the final step of D1")
    put(state, ANN, "TRE")
    state.decree_at[D1] = state.decree_at[D4] = TRE  # D4's next step is its first, SS
    refused(state, ANN, "play proxy-signature D1", "cannot stamp the final step of D1")
    assert state.enacted == 0


def test_proxy_signature_needs_the_decree_on_your_department():
    """§3.2 Proxy Signature: 'a decree on your department' (DEC-54 still holds)."""
    state = with_card("proxy-signature")
    state.decree_at[D3] = HR
    refused(state, ANN, "play proxy-signature D3", "D3 is on HR, not on your department")


# -- Staff Rotation ---------------------------------------------------------------------------


def test_staff_rotation_swaps_two_players_and_you_continue_in_your_new_department():
    """§3.2 Staff Rotation: Ann and Cat swap; Ann goes on as head of TRE (her special is
    budget now) and step 4 charges TRE."""
    state = with_card("staff-rotation")
    give(state, ANN, "staff-rotation")
    play(state, ANN, "play staff-rotation Ann and Cat")
    assert state.dept_of[ANN] == TRE and state.dept_of[CAT] == EXE
    assert GAME.pending(state) == (ANN,)
    play(state, ANN, "budget")
    assert state.actions_left == 3
    refused(state, ANN, "play staff-rotation Ben Ben", "two different players")


def test_staff_rotation_of_two_other_players():
    """§3.2 Staff Rotation: any two players, Ann not among them."""
    state = with_card("staff-rotation")
    play(state, ANN, "play staff-rotation Ben and Eve")
    assert state.dept_of == [EXE, ADM, TRE, SS, HR]
    assert state.head[HR] == EVE and state.head[ADM] == BEN


# -- Personnel Review -------------------------------------------------------------------------


def test_personnel_review_reassigns_without_heading_hr():
    """§3.2 Personnel Review: an HR reassignment (DEC-50, DEC-A19) by Ann, who moves to HR
    and carries on there."""
    state = with_card("personnel-review")
    refused(state, ANN, "play personnel-review Ann HR", "HR would have two heads")
    refused(state, ANN, "reassign Ann HR, Ben EXE", "only the head of HR")
    play(state, ANN, "play personnel-review Ann HR, Ben REF, Eve EXE")
    assert state.dept_of == [HR, REF, TRE, SS, EXE]
    assert state.empty_department() == ADM
    play(state, ANN, "reassign Ann HR, Ben ADM")  # Ann now heads HR: its special
    assert state.dept_of[BEN] == ADM


# -- Whitewash --------------------------------------------------------------------------------


def test_whitewash_returns_up_to_three_from_any_one_department():
    """§3.2 Whitewash: up to 3 departmental blame from any one department (the Empty
    Department too) back to the bank."""
    state = with_card("whitewash")
    give(state, ANN, "whitewash")
    set_blame(state, SS=5, REF=2)
    refused(state, ANN, "play whitewash 4 from SS", "at most 3")
    play(state, ANN, "play whitewash 3 from SS")
    assert blames(state)["SS"] == 2 and state.blame == [0] * 5
    play(state, ANN, "play whitewash REF")  # the most: 2
    assert blames(state)["REF"] == 0


# -- Good Press -------------------------------------------------------------------------------


@pytest.mark.parametrize(("blame", "left"), [(5, 2), (2, 0), (0, 0)])
def test_good_press_returns_up_to_three_personal_blame(blame, left):
    """§3.2 Good Press: 'play good-press' returns the most it can, min(3, your blame)."""
    state = with_card("good-press")
    set_blame(state, Ann=blame)
    play(state, ANN, "play good-press")
    assert state.blame[ANN] == left and discards(state) == ["good-press"]


def test_good_press_with_a_chosen_amount():
    """§3.2 Good Press: 'up to' 3: the player may return fewer; not more than 3."""
    state = with_card("good-press")
    set_blame(state, Ann=6)
    refused(state, ANN, "play good-press 4", "at most 3")
    play(state, ANN, "play good-press 1")
    assert state.blame[ANN] == 5


# -- Naval Review -----------------------------------------------------------------------------


def test_naval_review_returns_two_personal_and_four_of_your_departments_blame():
    """§3.2 Naval Review: up to 2 personal and up to 4 from your department (EXE here)."""
    state = with_card("naval-review")
    set_blame(state, Ann=5, EXE=7, ADM=9)
    action = GAME.parse(state, ANN, "play naval-review")
    assert str(action) == "play naval-review 2; 4"
    GAME.apply(state, ANN, action)
    assert state.blame[ANN] == 3 and blames(state)["EXE"] == 3 and blames(state)["ADM"] == 9


def test_dec_a01_naval_review_does_not_count_toward_the_manoeuvres_limit():
    """DEC-A01, §3.2: the ADM head may go on manoeuvres and still play Naval Review (and
    the other way round); the once-a-turn limit binds manoeuvres only."""
    state = new_game()
    put(state, ANN, "ADM")
    give(state, ANN, "naval-review", "naval-review")
    set_blame(state, Ann=10, ADM=20)
    play(state, ANN, "play naval-review 1; 3")
    play(state, ANN, "manoeuvres")
    assert state.blame[ANN] == 7 and state.dept_blame[ADM] == 13 and state.manoeuvres_used
    play(state, ANN, "play naval-review")
    assert state.blame[ANN] == 5 and state.dept_blame[ADM] == 9


# -- Lost in the Mail -------------------------------------------------------------------------


def test_lost_in_the_mail_sends_any_decree_to_the_empty_department_without_reward():
    """§3.2 Lost in the Mail: D5's next step is REF, the Empty Department, yet the card has
    no forwarding reward: Ann's blame stays."""
    state = with_card("lost-in-the-mail")
    give(state, ANN, "lost-in-the-mail")
    set_blame(state, Ann=3)
    play(state, ANN, "play lost-in-the-mail D5")
    assert state.decree_at[D5] == REF and state.blame[ANN] == 3
    refused(state, ANN, "play lost-in-the-mail D5", "already on REF")
    state.decree_at[D4] = SS  # not Ann's department: still fine
    play(state, ANN, "play lost-in-the-mail D4")
    assert state.decree_at[D4] == REF


# -- Cover-Up ---------------------------------------------------------------------------------


def test_cover_up_moves_up_to_five_from_your_department_to_the_empty_one():
    """§3.2 Cover-Up: at most 5 of your department's blame to the Empty Department."""
    state = with_card("cover-up")
    set_blame(state, EXE=8)
    refused(state, ANN, "play cover-up 6", "at most 5")
    play(state, ANN, "play cover-up")
    assert blames(state)["EXE"] == 3 and blames(state)["REF"] == 5


# -- Leave of Absence -------------------------------------------------------------------------


def test_leave_of_absence_skips_the_step_4_decree_blame():
    """§3.2 Leave of Absence: at step 4 Ann's EXE, holding all five decrees, gains nothing
    for them."""
    state = with_card("leave-of-absence")
    before = state.dept_blame[EXE]
    ev = play(state, ANN, "play leave-of-absence")
    assert kinds(ev) == ["played", "leave_taken"]
    ev = play(state, ANN, "end")
    assert not [e for e in of_kind(ev, "dept_blame") if e.data["dept"] == EXE]
    assert of_kind(ev, "leave")[0].data == {"player": ANN, "dept": EXE}
    assert state.dept_blame[EXE] == before


def test_leave_of_absence_lasts_one_turn():
    """§3.2 Leave of Absence ('this turn'): without it, EXE gains 5 at step 4; the next
    player's turn is charged normally."""
    state = with_card("leave-of-absence")
    before = state.dept_blame[EXE]
    play(state, ANN, "end")
    assert state.dept_blame[EXE] == before + 5
    state = with_card("leave-of-absence")
    play(state, ANN, "play leave-of-absence")
    play(state, ANN, "end")
    assert state.leave == -1
    state.decree_at[D1] = HR
    ev = play(state, BEN, "end")
    gained = [e.data for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert gained == [{"dept": HR, "amount": 1, "why": "decrees"}]


def test_leave_of_absence_protects_the_department_you_headed_when_you_played_it():
    """§3.2 Leave of Absence: '"your department" is the one you head when you play it'.
    Ann plays it at EXE, then moves herself to REF, which holds D5: at step 4 REF, her
    department then (DEC-A20), gains 1 for D5; the leave covered EXE, not REF."""
    state = with_card("leave-of-absence")
    play(state, ANN, "forward D5 to REF")
    play(state, ANN, "play leave-of-absence")
    ev = play(state, ANN, "move Ann")  # the third action: the turn ends
    assert state.active == BEN
    gained = [e.data for e in of_kind(ev, "dept_blame") if e.data["why"] == "decrees"]
    assert gained == [{"dept": REF, "amount": 1, "why": "decrees"}]


# -- Commission of Inquiry --------------------------------------------------------------------


def test_commission_of_inquiry_sends_every_headed_departments_blame_to_its_head():
    """§3.2 Commission of Inquiry: each headed department's blame goes to its head; the
    Empty Department (REF) keeps its blame."""
    state = with_card("commission-of-inquiry")
    set_blame(state, Ann=1, EXE=2, HR=3, TRE=0, SS=5, ADM=6, REF=7)
    play(state, ANN, "play commission-of-inquiry")
    assert state.blame == [3, 3, 0, 5, 6]
    assert blames(state) == {"REF": 7, "EXE": 0, "HR": 0, "TRE": 0, "SS": 0, "ADM": 0}


# -- Stagnation and Decline -------------------------------------------------------------------


def test_stagnation_and_decline_is_never_held_or_offered():
    """§3.2 S&D is played when drawn, so it cannot be played from a hand or traded."""
    state = new_game()
    give(state, ANN, "stagnation-and-decline")  # impossible in play; forced here
    refused(state, ANN, "play stagnation-and-decline", "played when it is drawn")
    refused(state, ANN, "offer Ben: Ann gives card stagnation-and-decline", "no card")


def test_every_default_card_can_be_played_from_a_fresh_position():
    """§3.2: each of the 17 playable kinds has a legal play for Ann on turn 1, and each
    played card ends on the discard pile."""
    state = new_game()
    keys = [c.key for c in state.cards if not c.is_decline]
    assert len(keys) == 17
    for key in keys:
        trial = state.clone()
        trial.hands[ANN] = []
        give(trial, ANN, key)
        set_blame(trial, Ann=4, EXE=4)
        plays = [a for a in GAME.legal_actions(trial, ANN) if str(a).startswith(f"play {key}")]
        assert plays, key
        GAME.apply(trial, ANN, plays[-1])
        assert discards(trial) == [key]


def test_cards_touch_only_what_they_say():
    """§3.2: Good Press moves nobody else's blame and no departmental blame; Cover-Up moves
    no personal blame."""
    state = with_card("good-press")
    give(state, ANN, "cover-up")
    set_blame(state, Ann=3, Ben=3, EXE=6, HR=2)
    play(state, ANN, "play good-press 2")
    assert state.blame == [1, 3, 0, 0, 0] and blames(state)["EXE"] == 6
    play(state, ANN, "play cover-up 1")
    assert state.blame == [1, 3, 0, 0, 0]
    assert blames(state) == {"REF": 1, "EXE": 5, "HR": 2, "TRE": 0, "SS": 0, "ADM": 0}
