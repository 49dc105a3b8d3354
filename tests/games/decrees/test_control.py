"""Final Decrees rule tests: the control structure and the Executive Branch's restructure
(DEC-51, DEC-A04, DEC-A05), and how control limits spreading (DEC-41, DEC-42).

Start arrows (DEC-20): REF->EXE, EXE->HR, EXE->ADM, ADM->SS; TRE is independent. Ann
heads EXE and takes turn 1.
"""

from __future__ import annotations

from itertools import product

import pytest

from bureau.engine import IllegalAction
from bureau.games.decrees import GAME
from bureau.games.decrees.actions import Restructure, Spread

from ..common import of_kind
from .helpers import (
    ADM,
    ANN,
    BEN,
    CAT,
    EVE,
    EXE,
    HR,
    REF,
    SS,
    TRE,
    advance_to,
    blames,
    new_game,
    play,
    refused,
    set_blame,
)

START = [(REF, EXE), (EXE, HR), (EXE, ADM), (ADM, SS)]


def arrows(state) -> list[str]:
    return GAME.view(state, None)["arrows"]


def below_of(state, code: str) -> list[str]:
    (d,) = [d for d in GAME.view(state, None)["departments"] if d["code"] == code]
    return d["below"]


# An independent statement of DEC-51 / DEC-A04, to check the game's every decision.


def has_loop(arrow_list) -> bool:
    nodes = {x for a in arrow_list for x in a}
    for start in nodes:
        seen, todo = set(), [start]
        while todo:
            d = todo.pop()
            for a, b in arrow_list:
                if a == d:
                    if b == start:
                        return True
                    if b not in seen:
                        seen.add(b)
                        todo.append(b)
    return False


def oracle(arrow_list, change, depts, max_controllers: int) -> bool:
    """Is ``change`` a legal restructure (DEC-51, DEC-A04)?"""
    op, old, new = change
    for a in (old, new):
        if a is not None and (a[0] not in depts or a[1] not in depts or a[0] == a[1]):
            return False
    if op == "add":
        if old in arrow_list:
            return False
        after = [*arrow_list, old]
    else:
        if old not in arrow_list:
            return False
        rest = [a for a in arrow_list if a != old]
        if op == "remove":
            return True
        if op == "reverse":
            after = [*rest, (old[1], old[0])]
        else:  # move exactly one end
            if (new[0] == old[0]) == (new[1] == old[1]):
                return False
            after = [*rest, new]
    if len(set(after)) != len(after):
        return False
    if any(sum(b == d for _, b in after) > max_controllers for d in depts):
        return False
    return not has_loop(after)


def candidates(depts, arrow_list):
    pairs = [(a, b) for a, b in product(depts, repeat=2)]
    out = [("add", p, None) for p in pairs]
    out += [("remove", p, None) for p in pairs]
    out += [("reverse", p, None) for p in pairs]
    out += [("move", a, p) for a in arrow_list for p in pairs]
    return out


def accepted(state, seat, action) -> bool:
    try:
        GAME.check(state, seat, action)
    except IllegalAction:
        return False
    return True


# -- the four operations (DEC-51) ------------------------------------------------------------


def test_dec_51_restructure_add_an_arrow():
    """DEC-51: the head of EXE spends an action to add a control arrow."""
    state = new_game()
    ev = play(state, ANN, "restructure add HR->TRE")
    assert arrows(state) == ["REF->EXE", "EXE->HR", "EXE->ADM", "ADM->SS", "HR->TRE"]
    assert state.actions_left == 2
    (r,) = of_kind(ev, "restructured")
    assert r.data == {"player": ANN, "op": "add", "arrow": [HR, TRE], "to": None}
    assert below_of(state, "EXE") == ["HR", "TRE", "SS", "ADM"]


def test_dec_51_restructure_remove_an_arrow():
    """DEC-51: removing an arrow frees the controlled department."""
    state = new_game()
    play(state, ANN, "restructure remove ADM->SS")
    assert arrows(state) == ["REF->EXE", "EXE->HR", "EXE->ADM"]
    assert below_of(state, "EXE") == ["HR", "ADM"]
    message = refused(state, ANN, "restructure remove HR->TRE", "there is no arrow HR->TRE")
    assert "the arrows are REF->EXE, EXE->HR, EXE->ADM" in message


def test_dec_51_dec_a04_restructure_reverse_an_arrow():
    """DEC-51, DEC-A04: reversing X->Y puts Y->X in its place, legal only if X has no
    controller."""
    state = new_game()
    message = refused(state, ANN, "restructure reverse EXE->HR", "EXE is already controlled")
    assert "EXE is already controlled by REF; a department has at most 1 controller" in message
    play(state, ANN, "restructure reverse REF->EXE")
    assert arrows(state) == ["EXE->HR", "EXE->ADM", "ADM->SS", "EXE->REF"]
    assert below_of(state, "EXE") == ["REF", "HR", "SS", "ADM"]
    assert below_of(state, "REF") == []


def test_dec_51_dec_a04_restructure_move_one_end_only():
    """DEC-51, DEC-A04: moving an arrow changes exactly one of its ends: its controller
    or its controlled department."""
    state = new_game()
    play(state, ANN, "restructure move EXE->HR to TRE->HR")  # new controller
    assert arrows(state) == ["REF->EXE", "EXE->ADM", "ADM->SS", "TRE->HR"]
    play(state, ANN, "restructure move ADM->SS to ADM->TRE")  # new controlled
    assert arrows(state) == ["REF->EXE", "EXE->ADM", "TRE->HR", "ADM->TRE"]
    assert below_of(state, "EXE") == ["HR", "TRE", "ADM"]
    refused(state, ANN, "restructure move EXE->ADM to SS->HR", "move one end of an arrow")
    refused(state, ANN, "restructure move EXE->ADM to EXE->ADM", "must change one of its ends")


def test_dec_51_restructure_text_forms():
    """DEC-51: the canonical texts 'restructure add|remove|reverse A->B' and 'restructure
    move A->B to C->D'; a move needs its new arrow, the others take none."""
    state = new_game()
    action = GAME.parse(state, ANN, "Restructure MOVE exe>hr to tre->hr")
    assert action == Restructure(("move", (EXE, HR), (TRE, HR)))
    assert str(action) == "restructure move EXE->HR to TRE->HR"
    assert str(GAME.parse(state, ANN, "restructure add hr→tre")) == "restructure add HR->TRE"
    form = "write 'restructure add|remove|reverse A->B' or 'restructure move A->B to C->D'"
    assert form in refused(state, ANN, "restructure move EXE->HR", "write")
    assert form in refused(state, ANN, "restructure add EXE->HR to EXE->SS", "write")


# -- what a restructure may not do (DEC-51, DEC-A04) -----------------------------------------


def test_dec_51_no_control_loops_and_the_message_names_the_loop():
    """DEC-51: no arrow may be added or moved so that control loops; the refusal shows the
    loop."""
    state = new_game()
    message = refused(state, ANN, "restructure add SS->REF", "would make control loop")
    assert message.startswith("SS->REF would make control loop: REF->EXE->ADM->SS->REF")
    message = refused(state, ANN, "restructure move REF->EXE to SS->EXE", "control loop")
    assert message.startswith("SS->EXE would make control loop: EXE->ADM->SS->EXE")
    message = refused(state, ANN, "restructure move ADM->SS to ADM->REF", "control loop")
    assert message.startswith("ADM->REF would make control loop: REF->EXE->ADM->REF")
    assert arrows(state) == ["REF->EXE", "EXE->HR", "EXE->ADM", "ADM->SS"]


def test_dec_a04_at_most_one_controller():
    """DEC-A04: a department has at most one controller (by default), so adding or moving
    an arrow onto a controlled department is refused."""
    state = new_game()
    message = refused(state, ANN, "restructure add TRE->HR", "HR is already controlled by EXE")
    assert "a department has at most 1 controller" in message
    refused(state, ANN, "restructure move ADM->SS to ADM->HR", "HR is already controlled by EXE")
    refused(state, ANN, "restructure add EXE->HR", "EXE->HR is already there")


def test_dec_a04_max_controllers_2_allows_a_second_controller():
    """DEC-A04 option max_controllers=2: a second controller is allowed, a third is not;
    loops stay illegal."""
    state = new_game(max_controllers=2)
    play(state, ANN, "restructure add TRE->HR")
    assert arrows(state)[-1] == "TRE->HR"
    message = refused(state, ANN, "restructure add SS->HR", "HR is already controlled by")
    assert "EXE, TRE; a department has at most 2 controllers" in message
    refused(state, ANN, "restructure add HR->EXE", "would make control loop")


def test_dec_a04_no_arrow_from_a_department_to_itself():
    """DEC-A04: an arrow cannot point from a department to itself."""
    state = new_game()
    refused(state, ANN, "restructure add TRE->TRE", "an arrow cannot point from TRE to itself")
    refused(state, ANN, "restructure move EXE->HR to HR->HR", "cannot point from HR to itself")


def test_dec_a04_no_reform_at_four_players():
    """DEC-A04: a restructure may not involve REF in a four-player game."""
    state = new_game(players=4)
    assert arrows(state) == ["EXE->HR", "EXE->ADM", "ADM->SS"]
    refused(state, ANN, "restructure add REF->TRE", "REF is not in play in this game")
    refused(state, ANN, "restructure add TRE->REF", "REF is not in play in this game")
    refused(state, ANN, "restructure move EXE->HR to REF->HR", "REF is not in play")
    assert not [
        a
        for a in GAME.legal_actions(state, ANN)
        if isinstance(a, Restructure) and REF in (*a.change[1], *(a.change[2] or ()))
    ]


@pytest.mark.parametrize(
    ("players", "max_controllers", "setup"),
    [
        (5, 1, ()),
        (5, 1, ("restructure remove REF->EXE", "restructure add SS->TRE")),
        (5, 2, ()),
        (5, 2, ("restructure add TRE->HR", "restructure add HR->SS")),
        (4, 1, ()),
        (4, 1, ("restructure reverse EXE->ADM", "restructure add TRE->ADM")),
    ],
)
def test_dec_51_dec_a04_every_restructure_judged_as_the_rulings_say(
    players, max_controllers, setup
):
    """DEC-51, DEC-A04: every possible add, remove, reverse and move is accepted exactly
    when the rulings allow it (checked against an independent statement of them), the
    legal actions list exactly those, and the structure stays loop-free with at most
    ``max_controllers`` controllers each."""
    state = new_game(players=players, max_controllers=max_controllers)
    for text in setup:
        play(state, ANN, text)
    depts = list(state.depts)
    current = list(state.arrows)
    expected = set()
    for change in candidates(range(6), current):
        legal = oracle(current, change, depts, max_controllers)
        assert accepted(state, ANN, Restructure(change)) == legal, change
        if legal:
            expected.add(change)
    offered = {a.change for a in GAME.legal_actions(state, ANN) if isinstance(a, Restructure)}
    assert offered == expected
    for change in sorted(expected, key=str):
        trial = state.clone()
        GAME.apply(trial, ANN, Restructure(change))
        assert not has_loop(trial.arrows)
        assert all(sum(b == d for _, b in trial.arrows) <= max_controllers for d in depts)


def test_dec_a04_enactment_follows_the_oldest_controller_chain():
    """DEC-A04: with max_controllers=2, enactment follows the controller chain created
    first. ADM is controlled by EXE (from the start) and then by TRE: the EXE chain
    decides (Ann chooses). Had TRE's arrow been older, Cat would choose."""
    state = new_game(max_controllers=2)
    state.decree_done[1] = 3  # D2: ADM HR TRE ADM, the last step to stamp
    play(state, ANN, "restructure remove REF->EXE")  # EXE is now at the top of its chain
    play(state, ANN, "restructure add TRE->ADM")
    play(state, ANN, "forward D2 to ADM")
    advance_to(state, EVE)
    ev = play(state, EVE, "stamp D2")
    (enacted,) = of_kind(ev, "enacted")
    assert enacted.data["top"] == EXE and enacted.data["chooser"] == ANN
    assert GAME.pending(state) == (ANN,)

    state = new_game(max_controllers=2)
    state.decree_done[1] = 3
    play(state, ANN, "restructure remove EXE->ADM")
    play(state, ANN, "restructure add TRE->ADM")
    play(state, ANN, "forward D2 to ADM")
    advance_to(state, EVE)
    play(state, EVE, "end")
    play(state, ANN, "restructure add EXE->ADM")  # newer than TRE->ADM
    play(state, ANN, "restructure remove REF->EXE")
    advance_to(state, EVE)
    ev = play(state, EVE, "stamp D2")
    (enacted,) = of_kind(ev, "enacted")
    assert enacted.data["top"] == TRE and enacted.data["chooser"] == CAT


# -- "below" is transitive (DEC-A05), and spreading follows control (DEC-41, DEC-42) ---------


def test_dec_a05_below_is_transitive():
    """DEC-A05: "below" means every descendant: SS is below EXE through ADM, and after
    SS->TRE, TRE is three arrows below EXE; Ann may spread between all of them."""
    state = new_game()
    assert below_of(state, "EXE") == ["HR", "SS", "ADM"]
    assert below_of(state, "REF") == ["EXE", "HR", "SS", "ADM"]
    set_blame(state, SS=3, TRE=2)
    play(state, ANN, "spread 3 SS to HR")
    assert blames(state)["HR"] == 3 and blames(state)["SS"] == 0
    refused(state, ANN, "spread 1 TRE to HR", "you may take blame only from EXE, HR, SS, ADM")
    play(state, ANN, "restructure add SS->TRE")
    assert below_of(state, "EXE") == ["HR", "TRE", "SS", "ADM"]
    ev = play(state, ANN, "spread 2 TRE to HR, 1 HR to TRE")  # her third action
    assert of_kind(ev, "blame_moved")[0].data["moves"] == [[1, HR, TRE], [2, TRE, HR]]
    assert blames(state)["TRE"] == 1
    assert blames(state)["HR"] == 3 + 2 - 1 + 1  # +1: Ben's turn began (incompetence)


def test_dec_a05_reform_head_spreads_through_the_whole_chain():
    """DEC-A05 / DEC-41: the head of REF controls EXE and, through it, HR, ADM and SS:
    she may shuffle blame freely between all of them (the source's Reform example)."""
    state = new_game()
    play(state, ANN, "move Ann")  # Ann heads REF
    set_blame(state, SS=2, HR=1, TRE=5)
    play(state, ANN, "spread 2 SS to EXE, 1 HR to REF")
    assert blames(state)["EXE"] == 1 + 2 and blames(state)["REF"] == 1
    assert blames(state)["SS"] == 0 and blames(state)["HR"] == 0
    refused(state, ANN, "spread 1 TRE to SS", "not TRE")


def test_dec_41_restructuring_changes_what_you_may_spread():
    """DEC-41 with DEC-51: the scope of a spread is the structure at that moment: after
    EXE->ADM is removed, Ann can no longer reach ADM or SS."""
    state = new_game()
    set_blame(state, SS=2, ADM=2)
    play(state, ANN, "restructure remove EXE->ADM")
    refused(state, ANN, "spread 1 SS to HR", "you may take blame only from EXE, HR, not SS")
    refused(state, ANN, "spread 1 EXE to ADM", "you may put blame only on EXE, HR, not ADM")
    spreads = [a for a in GAME.legal_actions(state, ANN) if isinstance(a, Spread)]
    assert spreads and all({a, b} <= {EXE, HR} for s in spreads for _, a, b in s.moves)


def test_dec_42_a_department_left_with_nothing_below_cannot_spread():
    """DEC-42 with DEC-51: once ADM->SS is removed, ADM controls nothing and its head can
    no longer spread; a new arrow gives a department something to spread to."""
    state = new_game()
    play(state, ANN, "restructure remove ADM->SS")
    play(state, ANN, "restructure add HR->TRE")
    advance_to(state, BEN)
    set_blame(state, HR=2)
    play(state, BEN, "spread 2 HR to TRE")
    assert blames(state)["TRE"] == 2
    advance_to(state, EVE)
    set_blame(state, ADM=3)
    refused(state, EVE, "spread 1 ADM to SS", "ADM controls no department")
    assert not [a for a in GAME.legal_actions(state, EVE) if isinstance(a, Spread)]
