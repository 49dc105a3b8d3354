"""Noble Houses of the Seabirds: the Round (Air, Resolution, Land), time limits, the landing,
Upgrade income, the Loyal Administrator and Distribution orders, the final Stop
(SEA-02, SEA-14, SEA-25 .. SEA-38, SEA-A02, SEA-A03, SEA-A05, SEA-A06, SEA-A07, SEA-A17,
SEA-A19 .. SEA-A22, SEA-A26).

Seats: Ann 0 (Breeding), Ben 1 (Usury), Cat 2 (Sensation) unless a test says otherwise;
each starts with 3 Money and 3 of its own Resource. ``T0`` is the start time.
"""

from __future__ import annotations

import random

import pytest

from bureau.engine import EVERYONE, OptionError
from bureau.games.seabirds.actions import READY
from bureau.games.seabirds.game import GAME, OPTIONS
from bureau.games.seabirds.state import CARDS

from ..common import kinds, of_kind
from .flight import fly, game, land, own, timeout, top
from .helpers import (
    ANN,
    BEN,
    CAT,
    HOUR,
    T0,
    act,
    everyone_ready,
    hide,
    holdings,
    refused,
    set_holdings,
    tx,
)

OPTION = {o.name: o for o in OPTIONS}


def steps(events) -> list[str]:
    """The kinds of ``events`` without the players' own ``ready`` declarations."""
    return [k for k in kinds(events) if k != "ready"]


def income(events) -> list[tuple]:
    """(player, upgrade, asset, amount) of each Upgrade income event, in order."""
    return [
        (e.data["player"], e.data["upgrade"], e.data["asset"], e.data["amount"])
        for e in of_kind(events, "income")
    ]


EXPANSION, CONTACTS, INFRASTRUCTURE, DISTRIBUTION, ADMINISTRATOR = range(5)
MONEY, FOOD, BEETLES, CORPS, TREATIES, EROS, PLATOONS = range(7)


# -- SEA-25, SEA-A02, SEA-A22: the shape of a Round --------------------------------------------


def test_sea_25_a_round_is_air_then_resolution_then_land():
    state = game(cards=("Bureaucracy", "Bureaucracy"))
    assert (state.round, state.phase) == (1, "air")
    events = land(state, at=T0 + 10)
    assert steps(events) == ["resolution", "complication", "phase"]
    assert of_kind(events, "resolution")[0].data == {"round": 1, "at": T0 + 10, "final": False}
    assert of_kind(events, "phase")[0].data == {"phase": "land", "round": 1, "at": T0 + 10}
    events = fly(state, at=T0 + 20)
    assert steps(events) == ["phase"]
    assert of_kind(events, "phase")[0].data == {"phase": "air", "round": 2, "at": T0 + 20}


def test_sea_a02_round_k_lands_at_stop_k_and_the_game_has_one_round_per_stop():
    state = game(stops=4)
    for k in (1, 2, 3):
        hide(state, ANN, "I give 1 Money to Usury.")  # for the coming Stop: k
        events = land(state)
        assert [e.data["stop"] for e in of_kind(events, "revealed")] == [k]
        assert state.round == k
        fly(state)
    events = land(state)
    assert of_kind(events, "resolution")[0].data["final"] is True
    assert state.phase == "over" and state.round == 4
    assert len(state.discard) == 4


def test_sea_a22_the_resolution_is_one_step_no_one_can_act_inside_it():
    """SEA-A22: the Resolution runs inside the last ``ready``; no state is ever in it."""
    state = game(stops=2, cards=("Hazard", "Windfall"))
    seen = {state.phase}
    for _ in range(3):
        for seat in GAME.pending(state):
            events = act(state, seat, "ready")
            seen.add(state.phase)
            assert GAME.view(state, None)["phase"] in ("air", "land", "over")
    assert seen == {"air", "over"}  # Hazard, then the final Stop: no Land Phase at all
    assert "resolution" in kinds(events) and kinds(events)[-1] == "game_over"
    refused(state, ANN, "post: hello", match="the game is over")
    refused(state, BEN, "ready", match="the game is over")


def test_sea_a26_stops_are_numbered_from_one_and_there_is_no_other_round_choice():
    state = game(stops=3)
    refused(state, ANN, "hide for stop 0: too early", match="Resolution has begun")
    # At a Round's start the only finite choices are being ready (and agreeing limits).
    assert GAME.legal_actions(state, ANN) == [READY]
    land(state)
    assert GAME.legal_actions(state, BEN) == [READY]
    fly(state)
    assert (state.round, GAME.view(state, CAT)["round"]) == (2, 2)


# -- SEA-26, SEA-A21: time limits -----------------------------------------------------------


def test_sea_a21_default_limits_are_48_hours_air_and_24_hours_land():
    assert (OPTION["air_hours"].default, OPTION["land_hours"].default) == (48, 24)
    state = game()
    view = GAME.view(state, None)
    assert view["limits"] == {"air_hours": 48, "land_hours": 24}
    assert GAME.deadline(state) == view["deadline"] == T0 + 48 * HOUR
    land(state, at=T0 + 5 * HOUR)
    assert GAME.deadline(state) == T0 + 5 * HOUR + 24 * HOUR


def test_sea_a21_the_host_sets_other_default_limits():
    state = game(air_hours=10, land_hours=3)
    assert GAME.deadline(state) == T0 + 10 * HOUR
    land(state, at=T0 + HOUR)
    assert GAME.deadline(state) == T0 + HOUR + 3 * HOUR


@pytest.mark.parametrize("name", ["air_hours", "land_hours"])
def test_sea_a21_no_default_limit_under_one_hour(name):
    with pytest.raises(OptionError, match="below 1"):
        game(**{name: 0})


def test_sea_26_sea_a21_a_unanimous_vote_sets_this_rounds_limits():
    state = game()
    events = act(state, ANN, "propose limits 12 6", at=T0 + HOUR)
    assert [(e.kind, e.audience, e.data) for e in events] == [
        ("limits_proposed", EVERYONE, {"player": ANN, "air": 12, "land": 6})
    ]
    assert GAME.view(state, CAT)["proposal"] == {
        "by": ANN,
        "air_hours": 12,
        "land_hours": 6,
        "agreed": [ANN],
    }
    act(state, BEN, "agree limits", at=T0 + 2 * HOUR)
    # Not unanimous yet: the limits stand.
    assert GAME.deadline(state) == T0 + 48 * HOUR
    assert GAME.view(state, None)["limits"] == {"air_hours": 48, "land_hours": 24}
    events = act(state, CAT, "accept limits", at=T0 + 3 * HOUR)
    assert kinds(events) == ["limits_agreed", "limits"]
    assert of_kind(events, "limits")[0].data == {"air": 12, "land": 6, "round": 1}
    assert GAME.view(state, None)["limits"] == {"air_hours": 12, "land_hours": 6}
    assert GAME.view(state, None)["proposal"] is None
    assert GAME.deadline(state) == T0 + 12 * HOUR  # from the Air Phase's start
    land(state, at=T0 + 4 * HOUR)
    assert GAME.deadline(state) == T0 + 4 * HOUR + 6 * HOUR
    # The next Round is back on the defaults.
    fly(state, at=T0 + 5 * HOUR)
    assert GAME.view(state, None)["limits"] == {"air_hours": 48, "land_hours": 24}
    assert GAME.deadline(state) == T0 + 5 * HOUR + 48 * HOUR


def test_sea_a21_an_unfinished_vote_is_dropped_at_the_next_round():
    state = game()
    act(state, ANN, "propose limits 2 2")
    act(state, BEN, "agree limits")
    land(state)
    fly(state)
    assert GAME.view(state, None)["proposal"] is None
    refused(state, CAT, "agree limits", match="no proposal")


def test_sea_a21_a_new_proposal_replaces_the_old_one_and_its_agreements():
    state = game()
    act(state, ANN, "propose limits 12 6")
    act(state, BEN, "agree limits")
    act(state, CAT, "propose limits 20 10")
    assert GAME.view(state, None)["proposal"]["agreed"] == [CAT]
    act(state, ANN, "agree limits")
    assert GAME.view(state, None)["limits"]["air_hours"] == 48
    act(state, BEN, "agree limits")
    assert GAME.view(state, None)["limits"] == {"air_hours": 20, "land_hours": 10}


def test_sea_a21_agreeing_needs_a_proposal_and_counts_once():
    state = game()
    refused(state, BEN, "agree limits", match="no proposal")
    act(state, ANN, "propose limits 5 5")
    refused(state, ANN, "agree limits", match="agreed already")


@pytest.mark.parametrize("text", ["propose limits 0 24", "propose limits 24 0"])
def test_sea_a21_no_phase_shorter_than_one_hour(text):
    state = game()
    refused(state, ANN, text, match="shorter than 1 hour")


def test_sea_a21_allow_round_vote_false_keeps_the_hosts_limits():
    state = game(allow_round_vote=False)
    refused(state, ANN, "propose limits 12 6", match="allow_round_vote")
    refused(state, BEN, "agree limits", match="no proposal")
    assert GAME.deadline(state) == T0 + 48 * HOUR


def test_sea_26_limits_may_also_be_agreed_in_the_land_phase_for_its_remainder():
    state = game()
    land(state, at=T0 + HOUR)
    act(state, ANN, "propose limits 30 2")
    act(state, BEN, "agree limits")
    act(state, CAT, "agree limits")
    assert GAME.deadline(state) == T0 + HOUR + 2 * HOUR


# -- SEA-27, SEA-28, SEA-37: the timed phases ----------------------------------------------------


def test_sea_27_players_post_messages_during_the_air_phase():
    state = game()
    act(state, ANN, "post: Fair winds, Houses.", at=T0 + 60)
    act(state, BEN, "tell Cat: A word in private.", at=T0 + 120)
    act(state, CAT, "hide: Sealed for the Bureau.", at=T0 + 180)
    assert [(m.kind, m.author, m.time) for m in state.messages] == [
        ("public", ANN, T0 + 60),
        ("private", BEN, T0 + 120),
        ("hidden", CAT, T0 + 180),
    ]
    assert state.phase == "air"


def test_sea_28_when_the_air_limit_runs_out_the_resolution_begins():
    """The first action dated at or after the Air deadline finds the Air Phase closed at
    the deadline and the Resolution run then."""
    state = game()
    act(state, ANN, "ready", at=T0 + HOUR)
    events = act(state, BEN, "post: Are we there yet?", at=T0 + 50 * HOUR)
    assert steps(events) == ["deadline", "resolution", "complication", "phase", "message"]
    assert of_kind(events, "deadline")[0].data == {"phase": "air", "round": 1}
    assert of_kind(events, "resolution")[0].data["at"] == T0 + 48 * HOUR
    assert of_kind(events, "phase")[0].data == {"phase": "land", "round": 1, "at": T0 + 48 * HOUR}
    assert of_kind(events, "message")[0].data["at"] == T0 + 50 * HOUR
    assert state.phase == "land" and GAME.pending(state) == (ANN, BEN, CAT)
    assert GAME.deadline(state) == T0 + 48 * HOUR + 24 * HOUR


def test_sea_28_the_bureau_declares_ready_for_whoever_is_late():
    state = game()
    assert GAME.timeout_action(state, ANN) == READY
    land(state)
    assert GAME.timeout_action(state, BEN) == READY


def test_sea_28_timeouts_at_the_air_deadline_end_the_air_phase_only():
    state = game()
    events = timeout(state)
    assert of_kind(events, "resolution")[0].data["at"] == T0 + 48 * HOUR
    assert (state.round, state.phase) == (1, "land")
    assert GAME.pending(state) == (ANN, BEN, CAT)  # nobody is ready on land yet


def test_sea_28_sea_a03_the_final_air_deadline_ends_the_game():
    state = game(stops=1)
    events = timeout(state)
    assert of_kind(events, "resolution")[0].data["final"] is True
    assert state.phase == "over"


def test_sea_28_a_phase_ends_early_when_everyone_is_ready():
    state = game()
    act(state, ANN, "ready", at=T0 + 60)
    act(state, BEN, "ready", at=T0 + 120)
    assert state.phase == "air" and GAME.pending(state) == (CAT,)
    # A ready player may still talk, but not declare again.
    act(state, ANN, "post: still here", at=T0 + 150)
    refused(state, ANN, "ready", match="ready already")
    events = act(state, CAT, "ready", at=T0 + 180)
    assert of_kind(events, "resolution")[0].data["at"] == T0 + 180
    assert state.phase == "land" and GAME.pending(state) == (ANN, BEN, CAT)


def test_sea_37_when_the_land_limit_ends_a_new_round_starts():
    state = game()
    land(state, at=T0 + HOUR)
    events = act(state, CAT, "post: Take flight!", at=T0 + 30 * HOUR)
    assert steps(events) == ["deadline", "phase", "message"]
    assert of_kind(events, "deadline")[0].data == {"phase": "land", "round": 1}
    assert of_kind(events, "phase")[0].data == {
        "phase": "air",
        "round": 2,
        "at": T0 + HOUR + 24 * HOUR,
    }
    assert GAME.deadline(state) == T0 + 25 * HOUR + 48 * HOUR


def test_sea_28_sea_37_each_deadline_closes_its_phase():
    state = game(stops=3, cards=("Bureaucracy", "Hazard", "Windfall"))
    deadlines = []
    while state.round < 3:
        deadlines.append((state.round, state.phase, GAME.deadline(state)))
        act(state, ANN, "post: on time", at=GAME.deadline(state) + 1)
    assert deadlines == [
        (1, "air", T0 + 48 * HOUR),
        (1, "land", T0 + 72 * HOUR),
        (2, "air", T0 + 120 * HOUR),  # Hazard: no Land Phase
    ]
    assert (state.round, state.phase) == (3, "air")
    assert GAME.deadline(state) == T0 + 168 * HOUR


def test_sea_28_an_action_dated_past_several_deadlines_closes_them_all():
    state = game(stops=3)
    hide(state, BEN, "I give 1 Corporation to Breeding.", at=T0 + 60)
    events = act(state, ANN, "post: Late.", at=T0 + 100 * HOUR)
    assert [e.data for e in of_kind(events, "deadline")] == [
        {"phase": "air", "round": 1},
        {"phase": "land", "round": 1},
    ]
    assert len(of_kind(events, "revealed")) == 1
    assert (state.round, state.phase) == (2, "air")
    assert GAME.deadline(state) == T0 + 72 * HOUR + 48 * HOUR


# -- SEA-29 .. SEA-31, SEA-35, SEA-A05, SEA-A06: the Resolution's steps -----------------------


def test_sea_29_sea_30_the_card_resolves_before_upgrade_income():
    """Windfall's Money pays for a Distribution order in the same Resolution."""
    state = game(cards=("Windfall",))
    own(state, ANN, "Distribution Contract")
    set_holdings(state, ANN, Worker_Beetles=3)
    act(state, ANN, "distribution Food")
    events = land(state)
    assert steps(events) == ["resolution", "complication", "income", "phase"]
    assert income(events) == [(ANN, DISTRIBUTION, FOOD, 1)]
    assert holdings(state, ANN) == {"Food": 1, "Worker Beetles": 3}


def test_sea_30_sea_a06_surplus_and_expansion_both_add_to_the_own_resource():
    """SEA-30: after the card (SEA-29), Upgrades pay: Surplus and Expansion both count."""
    state = game(cards=("Surplus",))
    own(state, BEN, "Expansion Contract", 2)
    events = land(state)
    assert income(events) == [(BEN, EXPANSION, CORPS, 2)]
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 6}


def test_sea_a06_income_order_expansion_then_contacts_then_distribution():
    """Ben has no Money: his Business Contacts' Money buys his Distribution order."""
    state = game()
    own(state, BEN, "Expansion Contract")
    own(state, BEN, "Business Contacts")
    own(state, BEN, "Distribution Contract")
    own(state, ANN, "Business Contacts")
    set_holdings(state, BEN, Corporations=1)
    act(state, BEN, "distribution Platoons")
    events = land(state)
    assert income(events) == [
        (BEN, EXPANSION, CORPS, 1),
        (ANN, CONTACTS, MONEY, 1),
        (BEN, CONTACTS, MONEY, 1),
        (BEN, DISTRIBUTION, PLATOONS, 1),
    ]
    assert holdings(state, BEN) == {"Corporations": 2, "Platoons": 1}
    assert holdings(state, ANN) == {"Money": 4, "Worker Beetles": 3}
    assert all(e.audience == EVERYONE for e in of_kind(events, "income"))


def test_sea_a06_a_public_purchase_in_the_air_phase_pays_this_round():
    state = game()
    tx(state, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    assert holdings(state, ANN) == {"Money": 3}
    events = land(state)
    assert income(events) == [(ANN, EXPANSION, BEETLES, 1)]
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 1}


def test_sea_a06_a_purchase_in_the_land_phase_pays_from_the_next_round():
    state = game()
    land(state)
    tx(state, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    fly(state)
    assert holdings(state, ANN) == {"Money": 3}
    events = land(state)
    assert income(events) == [(ANN, EXPANSION, BEETLES, 1)]


def test_sea_a06_a_hidden_purchase_pays_from_the_next_round():
    state = game()
    hide(state, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    events = land(state)
    assert income(events) == []
    assert "executed" in kinds(events)
    assert holdings(state, ANN) == {"Money": 3}
    fly(state)
    events = land(state)
    assert income(events) == [(ANN, EXPANSION, BEETLES, 1)]
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 1}


def test_sea_a06_no_upgrade_income_when_a_hazard_skips_the_landing():
    state = game(cards=("Hazard",))
    own(state, ANN, "Expansion Contract")
    own(state, BEN, "Business Contacts")
    events = land(state)
    assert income(events) == []
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a06_hazard_blocks_upgrade_income_false_pays_it_without_a_landing():
    assert OPTION["hazard_blocks_upgrade_income"].default is True
    state = game(cards=("Hazard",), hazard_blocks_upgrade_income=False)
    own(state, ANN, "Expansion Contract")
    own(state, BEN, "Business Contacts")
    hide(state, CAT, "I give 1 Money to Usury.")
    events = land(state)
    assert income(events) == [(ANN, EXPANSION, BEETLES, 1), (BEN, CONTACTS, MONEY, 1)]
    # Still no landing: the hidden gift stays sealed and there is no Land Phase.
    assert "revealed" not in kinds(events)
    assert holdings(state, BEN) == {"Money": 4, "Corporations": 3}
    assert (state.round, state.phase) == (2, "air")


def test_sea_31_sea_a05_hidden_transactions_resolve_at_the_landing_after_the_income():
    """Ann's hidden gift of 1 Money is paid for by her Business Contacts' income (step 2)
    because the landing (step 3) comes after it."""
    state = game()
    own(state, ANN, "Business Contacts")
    set_holdings(state, ANN, Worker_Beetles=3)
    hide(state, ANN, "I give 1 Money to Usury.", at=T0 + 60)
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 3}  # no effect yet
    events = land(state, at=T0 + 120)
    assert steps(events) == [
        "resolution",
        "complication",
        "income",
        "revealed",
        "executed",
        "phase",
    ]
    assert holdings(state, ANN) == {"Worker Beetles": 3}
    assert holdings(state, BEN) == {"Money": 4, "Corporations": 3}


def test_sea_35_the_land_phase_begins_after_the_landings_batch():
    state = game(houses=("Breeding", "Secrets", "Sensation"))
    hide(state, ANN, "I give 1 Worker Beetle to Sensation.")
    hide(state, CAT, "I give 2 Erotroupes to Breeding if Breeding gives me 1 Worker Beetle.")
    events = land(state)
    tail = steps(events)[steps(events).index("revealed") :]
    # Both open, both execute as one batch, Secrets is paid for the Trades, then Land.
    assert tail == ["revealed", "revealed", "executed", "executed", "ability_paid", "phase"]
    assert of_kind(events, "phase")[0].data["phase"] == "land"
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 2, "Erotroupes": 2}


def test_sea_36_the_land_phase_takes_no_mechanical_violence_rule_by_default():
    """SEA-36, SEA-A18: "violence is prohibited" has no effect by default."""
    state = game()
    land(state)
    events = tx(state, CAT, "I take 1 Money from Breeding.")
    assert "executed" in kinds(events)
    assert holdings(state, ANN)["Money"] == 2 and holdings(state, CAT)["Money"] == 4


def test_sea_36_land_phase_blocks_special_take_true_forbids_it_on_land():
    """SEA-36: the option makes the Guards stop the special take on land."""
    state = game(land_phase_blocks_special_take=True)
    land(state)
    events = tx(state, CAT, "I take 1 Money from Breeding.")
    assert "violence is prohibited" in of_kind(events, "bureau")[0].data["text"]
    assert holdings(state, ANN)["Money"] == 3 and state.special_left[CAT] == 2
    fly(state)
    tx(state, CAT, "I take 1 Money from Breeding.")  # in the air it is allowed
    assert holdings(state, ANN)["Money"] == 2


# -- SEA-38, SEA-A07: a skipped Land Phase -----------------------------------------------------


def test_sea_38_a_skipped_land_phase_moves_straight_on_to_a_new_round():
    state = game(cards=("Hazard",))
    events = land(state, at=T0 + 7)
    assert steps(events) == ["resolution", "complication", "hazard", "phase"]
    assert (state.round, state.phase) == (2, "air")
    assert GAME.pending(state) == (ANN, BEN, CAT)
    assert GAME.deadline(state) == T0 + 7 + 48 * HOUR


def test_sea_a07_messages_of_a_skipped_stop_open_with_the_next_stops():
    state = game(cards=("Hazard", "Bureaucracy"))
    hide(state, ANN, "I give 1 Money to Usury.", at=T0 + 10)  # for Stop 1
    hide(state, BEN, "I give 1 Corporation to Breeding.", stop=2, at=T0 + 20)
    hide(state, CAT, "I give 1 Erotroupe to Breeding.", stop=3, at=T0 + 30)
    events = land(state, at=T0 + 40)
    assert "revealed" not in kinds(events) and "executed" not in kinds(events)
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 3}
    # Validity is still judged against Stop 1's Resolution, which has begun.
    refused(state, ANN, "hide for stop 1: late", match="Resolution has begun")
    events = land(state, at=T0 + 50)
    assert [
        (e.data["player"], e.data["stop"], e.data["at"]) for e in of_kind(events, "revealed")
    ] == [
        (ANN, 1, T0 + 10),
        (BEN, 2, T0 + 20),
    ]
    assert len(of_kind(events, "executed")) == 2
    assert holdings(state, ANN) == {"Money": 2, "Worker Beetles": 3, "Corporations": 1}
    assert holdings(state, BEN) == {"Money": 4, "Corporations": 2}
    assert holdings(state, CAT) == {"Money": 3, "Erotroupes": 3}  # Stop 3's is still sealed


# -- SEA-A03: the final Stop ---------------------------------------------------------------------


def test_sea_a03_the_final_stop_opens_every_hidden_message_and_ends_the_game():
    state = game(stops=2, cards=("Bureaucracy", "Hazard"))
    own(state, ANN, "Expansion Contract")
    hide(state, BEN, "I give 1 Corporation to Breeding.", stop=9)  # beyond N: Stop 2
    land(state)
    fly(state)
    hide(state, CAT, "Sealed for the end.")
    events = land(state)
    assert of_kind(events, "resolution")[0].data["final"] is True
    # Hazard has no effect at the final Stop: income is paid and the Houses land.
    assert "hazard" not in kinds(events)
    assert income(events) == [(ANN, EXPANSION, BEETLES, 1)]
    assert [(e.data["player"], e.data["stop"]) for e in of_kind(events, "revealed")] == [
        (BEN, 2),
        (CAT, 2),
    ]
    assert steps(events)[-1] == "game_over"
    assert "phase" not in kinds(events)  # no final Land Phase
    assert state.phase == "over"
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 5, "Corporations": 1}
    assert all(m.revealed for m in state.messages if m.kind == "hidden")
    assert GAME.view(state, None)["outcome"]["winners"] == [ANN]


def test_sea_a03_final_land_phase_true_adds_a_timed_land_phase_before_the_end():
    assert OPTION["final_land_phase"].default is False
    state = game(stops=1, final_land_phase=True)
    events = land(state, at=T0 + HOUR)
    assert steps(events)[-1] == "phase" and state.phase == "land"
    assert GAME.deadline(state) == T0 + HOUR + 24 * HOUR
    tx(state, ANN, "I give 1 Money to Usury.")  # the Land Phase is played as usual
    events = fly(state)
    assert steps(events) == ["game_over"]
    assert state.phase == "over" and state.round == 1


# -- SEA-14, SEA-A19: the Loyal Administrator ---------------------------------------------------


def test_sea_a19_the_administrator_puts_a_discarded_card_on_top_for_one_money():
    state = game(cards=("Hazard", "Windfall", "Surplus"))
    own(state, ANN, "Loyal Administrator")
    land(state)  # Hazard: straight on to Round 2
    assert GAME.view(state, None)["discard"] == ["Hazard"]
    count = len(state.deck)
    events = act(state, ANN, "administrator Hazard", at=T0 + 100)
    assert [(e.kind, e.audience, e.data) for e in events] == [
        ("administered", EVERYONE, {"player": ANN, "card": CARDS.index("Hazard")})
    ]
    assert holdings(state, ANN) == {"Money": 2, "Worker Beetles": 3}
    for viewer in (ANN, BEN, CAT, None):
        view = GAME.view(state, viewer)
        assert view["top"] == "Hazard"  # everyone knows the top card now
        assert view["discard"] == []
        assert view["deck_count"] == count + 1
    events = land(state)
    assert [CARDS[e.data["card"]] for e in of_kind(events, "complication")] == ["Hazard"]
    assert (state.round, state.phase) == (3, "air")
    assert GAME.view(state, BEN)["top"] is None  # the rest of the deck stays hidden
    assert top(state) == "Windfall"


def test_sea_a19_the_administrator_works_in_the_land_phase_any_number_of_times():
    state = game(cards=("Windfall", "Surplus", "Bureaucracy"))
    own(state, ANN, "Loyal Administrator")
    land(state)
    fly(state)
    land(state)
    assert state.phase == "land" and state.discard == [
        CARDS.index(c) for c in ("Windfall", "Surplus")
    ]
    assert [str(a) for a in GAME.legal_actions(state, ANN)] == [
        "ready",
        "administrator Surplus",
        "administrator Windfall",
    ]
    act(state, ANN, "administrator Windfall")
    act(state, ANN, "administrator Surplus")
    assert holdings(state, ANN)["Money"] == 3 + 1 - 2  # Windfall, then two uses
    assert GAME.view(state, CAT)["top"] == "Surplus"
    assert [top(state)] + [CARDS[c] for c in state.deck[-2:-1]] == ["Surplus", "Windfall"]
    fly(state)
    events = land(state)
    assert [CARDS[e.data["card"]] for e in of_kind(events, "complication")] == ["Surplus"]


def test_sea_a19_a_second_administrator_gives_no_extra_effect():
    state = game(cards=("Windfall",))
    own(state, ANN, "Loyal Administrator", 2)
    land(state)
    act(state, ANN, "administrator Windfall")
    assert holdings(state, ANN)["Money"] == 3  # 3 + Windfall - 1: one Money, one card
    refused(state, ANN, "administrator Windfall", match="no Windfall in the discard pile")


def test_sea_a19_refused_without_the_upgrade_money_or_card():
    state = game(cards=("Windfall",))
    own(state, ANN, "Loyal Administrator")
    refused(state, ANN, "administrator Hazard", match=r"no Hazard in the discard pile \(nothing\)")
    land(state)
    refused(state, BEN, "administrator Windfall", match="you need a Loyal Administrator")
    refused(state, ANN, "administrator Hazard", match=r"no Hazard in the discard pile \(Windfall\)")
    set_holdings(state, ANN, Worker_Beetles=3)
    refused(state, ANN, "administrator Windfall", match="costs 1 Money")
    assert GAME.legal_actions(state, ANN) == [READY]


@pytest.mark.parametrize(
    "text",
    [
        "hide: administrator Windfall",
        "hide for stop 3: Administrator windfall.",
        "hide: ATTN Bureau: Transaction. administrator Windfall",
        "hide: I use my Loyal Administrator on Windfall.",
    ],
)
def test_sea_a19_it_cannot_be_hidden(text):
    """SEA-A19, SEA-79: using the Loyal Administrator is public and immediate, not a
    Transaction, so it cannot be hidden: a hidden use is refused with that reason, and
    nothing is sealed that would open at the landing and show the intent."""
    state = game(cards=("Windfall",))
    own(state, ANN, "Loyal Administrator")
    land(state)
    message = refused(state, ANN, text, match="SEA-A19")
    assert "cannot be used in a hidden message" in message
    assert "type 'administrator Windfall'" in message
    assert state.messages == [] and state.sealed == []
    assert GAME.view(state, None)["discard"] == ["Windfall"]
    assert holdings(state, ANN)["Money"] == 4
    fly(state)
    assert not of_kind(land(state), "revealed")  # nothing opens at the next landing


def test_sea_a19_a_hidden_message_that_only_mentions_the_administrator_is_sealed():
    """SEA-A24: a sealed statement about the Administrator is only words."""
    state = game(cards=("Windfall",))
    act(state, ANN, "hide: administrator Windfall is what Ben will do")
    assert len(state.messages) == 1


def test_sea_a19_a_posted_use_is_answered_privately():
    """SEA-A19: 'post: administrator Windfall' is only a public message (the command is
    'administrator Windfall'); the Bureau tells its sender so, privately."""
    state = game(cards=("Windfall",))
    own(state, ANN, "Loyal Administrator")
    land(state)
    events = act(state, ANN, "post: administrator Windfall")
    (answer,) = of_kind(events, "bureau")
    assert [s for s in (ANN, BEN, CAT, None) if answer.visible_to(s)] == [ANN]
    assert answer.data["text"] == (
        "this message does not use the Loyal Administrator: type 'administrator Windfall' (SEA-A19)"
    )
    assert GAME.view(state, None)["discard"] == ["Windfall"]


def test_sea_a19_determinize_keeps_the_known_top_card():
    state = game(cards=("Hazard",))
    own(state, ANN, "Loyal Administrator")
    land(state)
    act(state, ANN, "administrator Hazard")
    for seed in range(5):
        world = GAME.determinize(state, BEN, random.Random(seed))
        assert CARDS[world.deck[-1]] == "Hazard"
        assert sorted(world.deck) == sorted(state.deck)


# -- SEA-A20, SEA-A17: Distribution Contract orders ------------------------------------------


def test_sea_a20_a_new_distribution_contract_has_the_order_none():
    state = game(houses=("Breeding", "Usury", "Sensation"), rolls=(6, 3, 3))
    set_holdings(state, ANN, Money=6, Corporations=2, Erotroupes=2)
    tx(state, ANN, "I buy a Distribution Contract with 2 Money, 2 Corporations and 2 Erotroupes.")
    assert GAME.view(state, BEN)["houses"][ANN]["distribution"] == ["none"]
    events = land(state)
    assert income(events) == []
    assert holdings(state, ANN) == {"Money": 4}


def test_sea_a20_orders_run_each_landing_one_money_for_one_resource_while_money_lasts():
    state = game()
    own(state, ANN, "Distribution Contract", 2)
    events = act(state, ANN, "distribution Food, Treaties")
    assert [(e.kind, e.audience, e.data) for e in events] == [
        ("orders", EVERYONE, {"player": ANN, "assets": [FOOD, TREATIES]})
    ]
    assert GAME.view(state, CAT)["houses"][ANN]["distribution"] == ["Food", "Treaties"]
    land(state)
    assert holdings(state, ANN) == {"Money": 1, "Food": 1, "Worker Beetles": 3, "Treaties": 1}
    fly(state)
    events = land(state)  # standing orders: again, but only 1 Money is left
    assert income(events) == [(ANN, DISTRIBUTION, FOOD, 1)]
    assert holdings(state, ANN) == {"Food": 2, "Worker Beetles": 3, "Treaties": 1}
    fly(state)
    events = land(state)
    assert income(events) == []


def test_sea_a20_orders_run_in_table_order_and_none_buys_nothing():
    state = game()
    own(state, CAT, "Distribution Contract")
    own(state, ANN, "Distribution Contract", 2)
    act(state, CAT, "distribution Corporations")
    act(state, ANN, "distribution none, Platoons")
    events = land(state)
    assert income(events) == [(ANN, DISTRIBUTION, PLATOONS, 1), (CAT, DISTRIBUTION, CORPS, 1)]


def test_sea_a20_orders_change_any_time_outside_the_resolution():
    state = game()
    own(state, BEN, "Distribution Contract")
    act(state, BEN, "distribution Food")
    land(state)
    act(state, BEN, "distribution Worker Beetles")  # in the Land Phase
    fly(state)
    events = land(state)
    assert income(events)[-1] == (BEN, DISTRIBUTION, BEETLES, 1)


def test_sea_a20_one_order_for_each_contract():
    state = game()
    refused(state, ANN, "distribution Food", match="each of your 0 Distribution")
    own(state, ANN, "Distribution Contract", 2)
    refused(state, ANN, "distribution Food", match="each of your 2 Distribution")
    refused(state, ANN, "distribution Food, Gold", match="not a Resource")


def test_sea_a17_distribution_creates_a_resource_whose_house_is_not_in_play():
    """Harvesting (Food) and Suppression (Platoons) are not in this game."""
    state = game()
    assert 0 not in state.house_of and 5 not in state.house_of
    own(state, BEN, "Distribution Contract", 2)
    act(state, BEN, "distribution Food, Platoons")
    land(state)
    assert holdings(state, BEN) == {"Money": 1, "Food": 1, "Corporations": 3, "Platoons": 1}
    assert GAME.view(state, None)["houses"][BEN]["resources"] == {
        "Food": 1,
        "Corporations": 3,
        "Platoons": 1,
    }


# -- SEA-14: trading at any time outside the Resolution ---------------------------------------


def test_sea_14_a_trade_is_carried_out_at_once_in_either_phase():
    state = game()
    events = tx(state, BEN, "I give 2 Corporations to Breeding.", at=T0 + 10)
    assert "executed" in kinds(events)
    land(state)
    events = tx(state, ANN, "I give 1 Corporation to Sensation.")
    assert "executed" in kinds(events)
    assert holdings(state, CAT) == {"Money": 3, "Corporations": 1, "Erotroupes": 3}
    everyone_ready(state)
    assert state.phase == "air"
