"""Final Decrees rule tests: the standard actions (DEC-39 .. DEC-45) and the department
specials (DEC-46 .. DEC-53), with rulings DEC-A03, DEC-A11, DEC-A12, DEC-A13, DEC-A15
and DEC-A19.

Default position (``helpers``): Ann EXE, Ben HR, Cat TRE, Dan SS, Eve ADM; REF is the
Empty Department; arrows REF->EXE, EXE->HR, EXE->ADM, ADM->SS; all five decrees on EXE;
turn 1 (Ann) under way with 3 actions.
"""

from __future__ import annotations

import pytest

from bureau.engine import IllegalAction
from bureau.games.decrees import GAME
from bureau.games.decrees.actions import (
    Budget,
    Investigate,
    Manoeuvres,
    Reassign,
    Restructure,
    Spread,
)

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
    NAMES,
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
    set_blame,
    set_deck,
)

SPECIAL_TYPES = (Budget, Investigate, Manoeuvres, Reassign, Restructure)


def heads_of(state) -> dict[str, int]:
    """Each player's department, by name."""
    return {NAMES[q]: state.dept_of[q] for q in range(state.num_players)}


def assert_one_head_each(state) -> None:
    """DEC-A19's invariant: every player heads exactly one department in play, each
    department has at most one head, so exactly one department is empty."""
    n = state.num_players
    depts = [state.dept_of[q] for q in range(n)]
    assert len(set(depts)) == n and all(d in state.depts for d in depts)
    for d in state.depts:
        assert state.head[d] == (depts.index(d) if d in depts else -1)
    assert sum(state.head[d] < 0 for d in state.depts) == 1


# -- Draw (DEC-39) ---------------------------------------------------------------------------


def test_dec_39_draw_action_once_a_turn():
    """DEC-39: the Draw action takes the top card into the hand, costs an action, and may
    be used once a turn. The step-2 draw does not use it up."""
    state = new_game(hands=("scapegoat",), top=("overtime", "good-press", "whitewash"))
    assert hand(state, ANN) == ["overtime", "scapegoat"]  # step 2 drew overtime
    ev = play(state, ANN, "draw")
    assert hand(state, ANN) == ["good-press", "overtime", "scapegoat"]
    assert state.actions_left == 2
    assert [e.data["why"] for e in of_kind(ev, "drew")] == ["draw", "draw"]
    message = refused(state, ANN, "draw", "once a turn")
    assert "Draw action" in message
    assert "draw" not in {str(a) for a in GAME.legal_actions(state, ANN)}
    play(state, ANN, "end")
    assert "draw" in {str(a) for a in GAME.legal_actions(state, BEN)}  # a new turn
    play(state, BEN, "draw")
    assert len(state.hands[BEN]) == 3


def test_dec_39_stagnation_and_decline_from_the_draw_action_is_played_at_once():
    """DEC-39: a Stagnation and Decline taken by the Draw action is played immediately:
    it never reaches the hand, and the departments' blame goes to their heads."""
    state = new_game()
    set_deck(state, "stagnation-and-decline", *["good-press"] * 3, *["whitewash"] * 4)
    set_blame(state, HR=2, ADM=3)
    before = hand(state, ANN)
    ev = play(state, ANN, "draw")
    assert "decline" in kinds(ev)
    assert hand(state, ANN) == before
    assert state.blame[ANN] == 1 and state.blame[BEN] == 2 and state.blame[EVE] == 3
    assert sum(blames(state).values()) == 0
    assert state.actions_left == 2


# -- Play a card (DEC-40) --------------------------------------------------------------------


def test_dec_40_playing_a_card_costs_an_action_and_follows_its_text():
    """DEC-40: playing a card is an action; its text is followed (Overtime: 2 more
    actions) and the card goes to the discard pile."""
    state = new_game(hands=("overtime",))
    ev = play(state, ANN, "play overtime")
    assert state.actions_left == 3 - 1 + 2
    assert "overtime" not in hand(state, ANN)
    assert [state.cards[k].key for k in state.discard] == ["overtime"]
    assert kinds(ev) == ["played", "extra_actions"]
    refused(state, ANN, "play overtime", "you hold no Overtime")


def test_dec_40_rules_on_cards_supersede_other_rules():
    """DEC-40: "Rules on cards supercede other rules": only the head of EXE may restructure,
    but Ben (HR) may with a Reorganisation card."""
    state = new_game()
    play(state, ANN, "end")
    give(state, BEN, "reorganisation")
    refused(state, BEN, "restructure remove ADM->SS", "only the head of EXE may restructure")
    play(state, BEN, "play reorganisation remove ADM->SS")
    assert (ADM, SS) not in state.arrows and state.actions_left == 2


# -- Spread the blame (DEC-41, DEC-42, DEC-A03) ----------------------------------------------


def test_dec_41_dec_a03_spread_split_across_departments_in_one_action():
    """DEC-41, DEC-A03: one action moves any amounts from your department and the ones
    below it, split as you like; the canonical text lists the parts in department
    order."""
    state = new_game()
    set_blame(state, EXE=1, HR=3, SS=2)
    action = GAME.parse(state, ANN, "spread 3 HR to SS, 1 EXE to ADM")
    assert action == Spread(((1, EXE, ADM), (3, HR, SS)))
    assert str(action) == "spread 1 EXE to ADM, 3 HR to SS"
    assert str(Spread(((3, HR, SS), (1, EXE, ADM)))) == "spread 3 HR to SS, 1 EXE to ADM"
    # Other spellings read as the same action; parts between the same departments merge.
    assert GAME.parse(state, ANN, "spread 3 from hr to ss 1 exe to adm") == action
    merged = GAME.parse(state, ANN, "spread 1 HR to SS, 2 HR to SS")
    assert str(merged) == "spread 3 HR to SS"
    ev = play(state, ANN, "spread 3 HR to SS, 1 EXE to ADM")
    assert blames(state) == {"REF": 0, "EXE": 0, "HR": 0, "TRE": 0, "SS": 5, "ADM": 1}
    assert state.actions_left == 2
    (moved,) = of_kind(ev, "blame_moved")
    assert moved.data == {"player": ANN, "moves": [[1, EXE, ADM], [3, HR, SS]]}


def test_dec_a03_spread_onto_your_own_department_by_default():
    """DEC-A03: the destinations include your own department (spread_to_self = true), as
    in the source's examples: blame can be pulled up onto EXE from below."""
    state = new_game()
    set_blame(state, EXE=0, HR=2, SS=3)
    play(state, ANN, "spread 2 HR to EXE, 3 SS to EXE")
    assert blames(state)["EXE"] == 5 and blames(state)["HR"] == blames(state)["SS"] == 0


def test_dec_a03_spread_to_self_false_keeps_blame_strictly_below():
    """DEC-A03 option spread_to_self=false: the destinations are strictly below your
    department (the rule sentence read alone); the sources still include yours."""
    state = new_game(spread_to_self=False)
    set_blame(state, EXE=2, HR=2)
    message = refused(state, ANN, "spread 1 HR to EXE", "you may put blame only on")
    assert "HR, SS, ADM, not EXE" in message
    play(state, ANN, "spread 2 EXE to HR")
    assert blames(state)["EXE"] == 0 and blames(state)["HR"] == 4
    legal = [a for a in GAME.legal_actions(state, ANN) if isinstance(a, Spread)]
    assert legal and all(b != EXE for a in legal for _, _, b in a.moves)


def test_dec_41_dec_a03_the_admiralty_example():
    """DEC-41, DEC-A03: the source's example: the head of ADM (which controls SS) may
    shuffle blame freely between ADM and SS, both ways, but not touch EXE above her."""
    state = new_game()
    advance_to(state, EVE)
    set_blame(state, EXE=4, ADM=3, SS=2)
    play(state, EVE, "spread 2 SS to ADM")
    assert blames(state)["ADM"] == 5 and blames(state)["SS"] == 0
    play(state, EVE, "spread 4 ADM to SS")
    assert blames(state)["ADM"] == 1 and blames(state)["SS"] == 4
    refused(state, EVE, "spread 1 EXE to SS", "you may take blame only from SS, ADM, not EXE")
    refused(state, EVE, "spread 1 SS to EXE", "you may put blame only on SS, ADM, not EXE")
    refused(state, EVE, "spread 1 ADM to TRE", "not TRE")


def test_dec_41_refusals_name_what_is_wrong():
    """DEC-41: the sources are your department and those below it; a source must hold
    what is taken from it (in all its parts); each part moves at least 1 blame between two
    different departments."""
    state = new_game()
    set_blame(state, HR=3, TRE=4, REF=2)
    refused(state, ANN, "spread 1 TRE to HR", "you may take blame only from EXE, HR, SS, ADM")
    refused(state, ANN, "spread 1 REF to HR", "not REF")  # above EXE
    refused(state, ANN, "spread 1 HR to TRE", "you may put blame only on EXE, HR, SS, ADM")
    refused(state, ANN, "spread 1 HR to REF", "not REF")
    refused(state, ANN, "spread 4 HR to SS", "HR holds only 3 blame, not 4")
    refused(state, ANN, "spread 2 HR to SS, 2 HR to ADM", "HR holds only 3 blame, not 4")
    refused(state, ANN, "spread 0 HR to SS", "at least 1")
    refused(state, ANN, "spread 1 HR to HR", "two different departments")


def test_dec_42_a_department_with_nothing_below_cannot_spread():
    """DEC-42: a department that controls none cannot spread the blame, even onto itself;
    it is not offered among the legal actions."""
    state = new_game()
    play(state, ANN, "end")
    set_blame(state, HR=3, EXE=2)
    message = refused(state, BEN, "spread 1 HR to EXE", "HR controls no department")
    assert "cannot spread the blame" in message
    assert not [a for a in GAME.legal_actions(state, BEN) if isinstance(a, Spread)]
    play(state, BEN, "end")
    set_blame(state, TRE=2)
    refused(state, CAT, "spread 1 TRE to SS", "TRE controls no department")


# -- Forward a decree (DEC-43, DEC-A13) ------------------------------------------------------


def test_dec_43_forward_to_the_next_steps_department_loses_1_blame():
    """DEC-43: a decree moves from your department to any other. Sending it to the
    department of its next unstamped step costs you 1 personal blame; elsewhere, no
    reward."""
    state = new_game()
    set_blame(state, Ann=3)
    ev = play(state, ANN, "forward D2 to ADM")  # D2: ADM -> HR -> TRE -> ADM
    assert state.decree_at[1] == ADM and state.blame[ANN] == 2
    assert kinds(ev) == ["decree_moved", "blame_lost"]
    assert of_kind(ev, "blame_lost")[0].data["amount"] == 1
    ev = play(state, ANN, "forward D3 to TRE")  # D3's next step is HR
    assert state.decree_at[2] == TRE and state.blame[ANN] == 2
    assert kinds(ev) == ["decree_moved"]
    ev = play(state, ANN, "forward D1 to REF")  # the Empty Department is a destination too
    assert state.decree_at[0] == REF and state.blame[ANN] == 2


def test_dec_43_dec_a13_forwarding_reward_stops_at_zero():
    """DEC-43, DEC-A13: with no personal blame the reward leaves you at 0, never below."""
    state = new_game()
    assert state.blame[ANN] == 0
    ev = play(state, ANN, "forward D4 to SS")  # D4's first step is SS
    assert state.blame[ANN] == 0 and state.decree_at[3] == SS
    assert of_kind(ev, "blame_lost")[0].data["amount"] == 0


def test_dec_43_forward_only_from_your_department_to_another():
    """DEC-43: only decrees on your own department can be forwarded, and not onto it."""
    state = new_game()
    play(state, ANN, "forward D2 to HR")
    refused(state, ANN, "forward D2 to TRE", "D2 is on HR; forward decrees on your department")
    refused(state, ANN, "forward D1 to EXE", "another department")
    play(state, ANN, "end")
    refused(state, BEN, "forward D1 to HR", "D1 is on EXE")
    play(state, BEN, "forward D2 to TRE")
    assert state.decree_at[1] == TRE
    four = new_game(players=4)
    refused(four, ANN, "forward D1 to REF", "REF is not in play")


# -- Move a player (DEC-44) ------------------------------------------------------------------


def test_dec_44_move_any_player_to_the_empty_department():
    """DEC-44: any player's pawn moves to the Empty Department; the department she left
    becomes the Empty Department."""
    state = new_game()
    ev = play(state, ANN, "move Dan")
    assert heads_of(state) == {"Ann": EXE, "Ben": HR, "Cat": TRE, "Dan": REF, "Eve": ADM}
    assert state.empty_department() == SS
    (head,) = of_kind(ev, "head")
    assert head.data == {"player": DAN, "dept": REF, "by": ANN}
    assert state.actions_left == 2
    play(state, ANN, "move Eve")  # now to SS
    assert heads_of(state)["Eve"] == SS and state.empty_department() == ADM
    assert_one_head_each(state)
    refused(state, ANN, "move Zed", "no player named 'Zed'")


def test_dec_44_move_yourself_and_continue_as_the_new_head():
    """DEC-44: moving yourself, you continue your turn as head of the new department, with
    its special action (and without your old one)."""
    state = new_game()
    play(state, ANN, "move Ben")  # Ben to REF; HR is empty
    play(state, ANN, "move Ann")  # Ann to HR; EXE is empty
    assert heads_of(state)["Ann"] == HR and state.empty_department() == EXE
    assert GAME.pending(state) == (ANN,) and state.actions_left == 1
    refused(state, ANN, "restructure remove ADM->SS", "only the head of EXE")
    play(state, ANN, "reassign Ben EXE")  # HR's special
    assert heads_of(state) == {"Ann": HR, "Ben": EXE, "Cat": TRE, "Dan": SS, "Eve": ADM}
    assert GAME.pending(state) == (BEN,)


# -- Stamp a decree (DEC-45) -----------------------------------------------------------------


def test_dec_45_stamping_a_decree_is_an_action():
    """DEC-45: stamping is one of the actions: Ann stamps D1's first step (EXE), which
    costs an action and 1 personal blame; D2's next step is not EXE's."""
    state = new_game()
    set_blame(state, Ann=2)
    ev = play(state, ANN, "stamp D1")
    assert state.decree_done[0] == 1 and state.actions_left == 2
    assert state.blame[ANN] == 1
    assert "stamped" in kinds(ev)
    refused(state, ANN, "stamp D2", "the next step of D2 is for ADM, not EXE")


# -- Department specials: who may use them (DEC-46, DEC-52) ----------------------------------


@pytest.mark.parametrize(
    ("seat", "text", "dept"),
    [
        (ANN, "budget", "TRE"),
        (ANN, "investigate HR", "SS"),
        (ANN, "manoeuvres", "ADM"),
        (ANN, "reassign Ben TRE, Cat HR", "HR"),
        (BEN, "restructure remove ADM->SS", "EXE"),
    ],
)
def test_dec_46_only_the_current_head_may_use_a_special(seat, text, dept):
    """DEC-46: a special can be used only by the current head of its department; the
    refusal names the department and the one you head."""
    state = new_game()
    advance_to(state, seat)
    mine = "EXE" if seat == ANN else "HR"
    verb = text.split()[0]
    message = refused(state, seat, text, f"only the head of {dept}")
    assert message.startswith(f"only the head of {dept} may {verb}; you head {mine}")


def test_dec_46_a_special_costs_one_action():
    """DEC-46: a special action is one action like any other."""
    state = new_game()
    play(state, ANN, "restructure add HR->TRE")
    assert state.actions_left == 2
    play(state, ANN, "end")
    play(state, BEN, "reassign Cat SS, Dan TRE")
    assert state.actions_left == 2


def test_dec_52_reform_has_no_special():
    """DEC-52: the head of REF has no special action: none is legal for her, and each
    special is refused."""
    state = new_game()
    play(state, ANN, "move Ann")  # Ann heads REF; EXE is empty
    assert heads_of(state)["Ann"] == REF
    assert not [a for a in GAME.legal_actions(state, ANN) if isinstance(a, SPECIAL_TYPES)]
    for text in (
        "budget",
        "investigate HR",
        "manoeuvres",
        "reassign Ann EXE",
        "restructure add HR->TRE",
    ):
        assert refused(state, ANN, text, "only the head of").startswith("only the head of")


# -- Treasury (DEC-47, DEC-A15) --------------------------------------------------------------


def test_dec_47_treasury_budget_gains_2_actions_once_a_turn():
    """DEC-47: the head of TRE spends an action to gain 2 extra actions, once per turn."""
    state = new_game()
    advance_to(state, CAT)
    ev = play(state, CAT, "budget")
    assert state.actions_left == 3 - 1 + 2
    (extra,) = of_kind(ev, "extra_actions")
    assert extra.data == {"player": CAT, "amount": 2, "dept": TRE}
    refused(state, CAT, "budget", "Treasury's extra actions are once a turn")
    assert "budget" not in {str(a) for a in GAME.legal_actions(state, CAT)}
    play(state, CAT, "end")
    advance_to(state, CAT)  # her next turn: allowed again
    play(state, CAT, "budget")
    assert state.actions_left == 4


def test_dec_47_dec_a15_once_per_player_turn_even_after_leaving_and_returning():
    """DEC-47, DEC-A15: "once a turn" is per player-turn: Cat cannot budget again after
    leaving TRE and coming back in the same turn."""
    state = new_game()
    advance_to(state, CAT)
    play(state, CAT, "budget")
    play(state, CAT, "move Cat")  # to REF; TRE is empty
    play(state, CAT, "move Cat")  # back to TRE
    assert heads_of(state)["Cat"] == TRE and state.actions_left == 2
    refused(state, CAT, "budget", "once a turn")


def test_dec_47_dec_a15_another_player_may_budget_in_her_own_turn():
    """DEC-47, DEC-A15: the limit is per player's turn: after Cat's budget, Dan takes over
    TRE in his turn and may budget once."""
    state = new_game()
    advance_to(state, CAT)
    play(state, CAT, "budget")
    play(state, CAT, "end")
    play(state, DAN, "move Cat")  # Cat to REF; TRE is empty
    play(state, DAN, "move Dan")  # Dan heads TRE
    play(state, DAN, "budget")
    assert state.actions_left == 2 and GAME.pending(state) == (DAN,)


# -- Secret Service (DEC-48, DEC-A11) --------------------------------------------------------


def test_dec_48_investigate_moves_all_its_blame_to_its_head():
    """DEC-48: the head of SS investigates another department: all its blame goes to its
    head's personal pool."""
    state = new_game()
    advance_to(state, DAN)
    set_blame(state, EXE=4, Ann=1, SS=2)
    ev = play(state, DAN, "investigate EXE")
    assert state.blame[ANN] == 5 and blames(state)["EXE"] == 0
    assert blames(state)["SS"] == 2 and state.blame[DAN] == 0
    (moved,) = of_kind(ev, "blame_to_head")
    assert moved.data == {
        "dept": EXE,
        "player": ANN,
        "amount": 4,
        "why": "investigation",
    }
    assert state.actions_left == 2


def test_dec_a11_investigate_headed_departments_other_than_yours():
    """DEC-A11: legal targets are the headed departments other than yours: not your own,
    not the Empty Department. A department with 0 blame may be investigated, to no
    effect."""
    state = new_game()
    advance_to(state, DAN)
    set_blame(state, REF=3, SS=2)
    targets = [a.dept for a in GAME.legal_actions(state, DAN) if isinstance(a, Investigate)]
    assert targets == [EXE, HR, TRE, ADM]
    message = refused(state, DAN, "investigate REF", "investigate a headed department")
    assert "other than yours: EXE, HR, TRE, ADM" in message
    refused(state, DAN, "investigate SS", "other than yours")
    set_blame(state, TRE=0, Cat=2)
    play(state, DAN, "investigate TRE")
    assert state.blame[CAT] == 2 and state.actions_left == 2
    assert blames(state)["REF"] == 3 and blames(state)["SS"] == 2


def test_dec_a11_four_players_no_reform_and_the_empty_department():
    """DEC-A11 at four players: REF is not in play and the Empty Department (ADM) has no
    head, so neither can be investigated."""
    state = new_game(players=4)
    advance_to(state, DAN)
    set_blame(state, ADM=3)
    targets = [a.dept for a in GAME.legal_actions(state, DAN) if isinstance(a, Investigate)]
    assert targets == [EXE, HR, TRE]
    refused(state, DAN, "investigate ADM", "investigate a headed department")
    refused(state, DAN, "investigate REF", "investigate a headed department")


# -- Admiralty (DEC-49, DEC-A12) -------------------------------------------------------------


def test_dec_49_manoeuvres_remove_2_personal_and_4_admiralty_blame_once_a_turn():
    """DEC-49: manoeuvres remove 2 of the head's personal blame and 4 of ADM's, once a
    turn; the blame returns to the bank."""
    state = new_game()
    advance_to(state, EVE)
    set_blame(state, Eve=5, ADM=6, SS=3)
    ev = play(state, EVE, "manoeuvres")
    assert state.blame[EVE] == 3 and blames(state)["ADM"] == 2 and blames(state)["SS"] == 3
    (m,) = of_kind(ev, "manoeuvres")
    assert m.data == {"player": EVE, "personal": 2, "dept": 4}
    assert state.actions_left == 2
    refused(state, EVE, "manoeuvres", "manoeuvres are once a turn")
    assert "manoeuvres" not in {str(a) for a in GAME.legal_actions(state, EVE)}


def test_dec_a12_dec_a13_manoeuvres_with_little_blame():
    """DEC-A12, DEC-A13: manoeuvres remove min(2, personal) and min(4, ADM's blame); counts
    never go below 0."""
    state = new_game()
    advance_to(state, EVE)
    set_blame(state, Eve=1, ADM=3)
    ev = play(state, EVE, "manoeuvres")
    assert state.blame[EVE] == 0 and blames(state)["ADM"] == 0
    assert of_kind(ev, "manoeuvres")[0].data == {"player": EVE, "personal": 1, "dept": 3}


def test_dec_a12_manoeuvres_are_legal_with_no_blame_at_all():
    """DEC-A12: manoeuvres are legal even if both amounts are 0; they still cost an
    action."""
    state = new_game()
    advance_to(state, EVE)
    set_blame(state, Eve=0, ADM=0)
    assert "manoeuvres" in {str(a) for a in GAME.legal_actions(state, EVE)}
    ev = play(state, EVE, "manoeuvres")
    assert of_kind(ev, "manoeuvres")[0].data == {"player": EVE, "personal": 0, "dept": 0}
    assert state.blame[EVE] == 0 and blames(state)["ADM"] == 0
    assert state.actions_left == 2


def test_dec_a03_dec_a15_pull_blame_onto_adm_then_manoeuvre_not_twice_after_returning():
    """DEC-A03 / DEC-A15: the ADM head pulls SS's blame onto ADM and manoeuvres it away;
    after leaving ADM and returning in the same turn she cannot manoeuvre again."""
    state = new_game()
    advance_to(state, EVE)
    set_blame(state, SS=4, ADM=0)
    give(state, EVE, "overtime", "overtime")
    play(state, EVE, "spread 4 SS to ADM")
    play(state, EVE, "manoeuvres")
    assert blames(state)["ADM"] == 0 and blames(state)["SS"] == 0
    play(state, EVE, "play overtime")
    play(state, EVE, "play overtime")
    assert state.actions_left == 3
    play(state, EVE, "move Eve")  # to REF; ADM is empty
    play(state, EVE, "move Eve")  # back to ADM
    assert heads_of(state)["Eve"] == ADM and state.actions_left == 1
    refused(state, EVE, "manoeuvres", "manoeuvres are once a turn")


# -- Human Resources (DEC-50, DEC-A19) -------------------------------------------------------


def test_dec_50_dec_a19_reassign_any_or_all_players():
    """DEC-50, DEC-A19: the head of HR reassigns players (any or all); afterwards every
    player heads exactly one department and exactly one is empty."""
    state = new_game()
    advance_to(state, BEN)
    ev = play(state, BEN, "reassign Ann TRE, Cat SS, Dan EXE")
    assert heads_of(state) == {"Ann": TRE, "Ben": HR, "Cat": SS, "Dan": EXE, "Eve": ADM}
    assert_one_head_each(state)
    (r,) = of_kind(ev, "reassigned")
    assert sorted(map(tuple, r.data["placements"])) == [(ANN, TRE), (CAT, SS), (DAN, EXE)]
    assert state.actions_left == 2


def test_dec_a19_partial_text_keeps_the_others_where_they_are():
    """DEC-A19: 'reassign Dan REF' names only Dan; everyone else stays, so the result is
    valid (SS becomes the Empty Department). The canonical text names every player."""
    state = new_game()
    advance_to(state, BEN)
    action = GAME.parse(state, BEN, "reassign Dan REF")
    assert str(action) == "reassign Ann EXE, Ben HR, Cat TRE, Dan REF, Eve ADM"
    play(state, BEN, "reassign Dan REF")
    assert heads_of(state) == {"Ann": EXE, "Ben": HR, "Cat": TRE, "Dan": REF, "Eve": ADM}
    assert state.empty_department() == SS
    assert_one_head_each(state)


def test_dec_a19_reassign_refusals():
    """DEC-A19: a reassignment that would give a department two heads is refused (naming
    it), as is naming a player twice, or REF at four players."""
    state = new_game()
    advance_to(state, BEN)
    refused(state, BEN, "reassign Ben TRE", "TRE would have two heads")
    refused(state, BEN, "reassign Ann REF, Cat REF", "REF would have two heads")
    refused(state, BEN, "reassign Ben TRE, Ben REF", "Ben is named twice")
    four = new_game(players=4)
    advance_to(four, BEN)
    refused(four, BEN, "reassign Ann REF", "REF is not in play in this game")
    play(four, BEN, "reassign Ann ADM")  # ADM is the Empty Department at four
    assert heads_of(four)["Ann"] == ADM and four.empty_department() == EXE


def test_dec_a19_reform_may_be_filled_by_reassignment():
    """DEC-A19: at five players REF may be filled by a reassignment; another department
    becomes empty."""
    state = new_game()
    advance_to(state, BEN)
    play(state, BEN, "reassign Ann REF")
    assert heads_of(state)["Ann"] == REF and state.empty_department() == EXE
    assert_one_head_each(state)


def test_dec_50_reassign_yourself_and_continue_as_the_new_head():
    """DEC-50: the head of HR may move herself, and continues as head of the new
    department, with its special (and no longer HR's)."""
    state = new_game()
    advance_to(state, BEN)
    play(state, BEN, "reassign Ben TRE, Cat HR")
    assert heads_of(state)["Ben"] == TRE and heads_of(state)["Cat"] == HR
    assert GAME.pending(state) == (BEN,)
    refused(state, BEN, "reassign Ben HR, Cat TRE", "only the head of HR may reassign")
    play(state, BEN, "budget")
    assert state.actions_left == 3


def test_dec_a19_check_refuses_a_reassign_that_leaves_players_without_a_place():
    """DEC-A19: the game's check refuses a reassignment action that does not give every
    player exactly one department (here it names Ben only, onto Cat's TRE)."""
    state = new_game()
    advance_to(state, BEN)
    partial = Reassign(((BEN, TRE),), state.names)
    with pytest.raises(IllegalAction, match="place every player exactly once"):
        GAME.check(state, BEN, partial)


# -- Several departments in one turn (DEC-53) ------------------------------------------------


def test_dec_53_heading_several_departments_in_one_turn():
    """DEC-53, the source's example: the head of ADM manoeuvres, moves to the empty TRE
    and spends an action there for 2 more. Back at ADM she cannot manoeuvre again
    (DEC-A15), and at TRE she could not have."""
    state = new_game(heads=("EXE", "HR", "REF", "SS", "ADM"))  # TRE is empty
    advance_to(state, EVE)
    set_blame(state, Eve=3, ADM=5)
    play(state, EVE, "manoeuvres")
    assert state.blame[EVE] == 1 and blames(state)["ADM"] == 1
    play(state, EVE, "move Eve")
    assert heads_of(state)["Eve"] == TRE and state.empty_department() == ADM
    refused(state, EVE, "manoeuvres", "only the head of ADM may manoeuvres; you head TRE")
    play(state, EVE, "budget")
    assert state.actions_left == 2 and GAME.pending(state) == (EVE,)
    play(state, EVE, "move Eve")  # back to ADM
    refused(state, EVE, "manoeuvres", "manoeuvres are once a turn")
    refused(state, EVE, "budget", "only the head of TRE may budget; you head ADM")
    play(state, EVE, "end")
    assert GAME.pending(state) == (ANN,)
