"""Noble Houses of the Seabirds: public, private and hidden messages, who sees what, and the
opening of hidden messages at the landing (SEA-15, SEA-16, SEA-27, SEA-31 .. SEA-34,
SEA-A03, SEA-A05, SEA-A07, SEA-A08, SEA-A24).

Seats: Ann 0 (Breeding), Ben 1 (Usury), Cat 2 (Sensation); each starts with 3 Money and
3 of its own Resource. ``T0`` is the start time.
"""

from __future__ import annotations

import random

import pytest

from bureau.engine import EVERYONE, IllegalAction, only
from bureau.games.seabirds.game import GAME

from ..common import kinds, of_kind
from .flight import fly, game, land
from .helpers import ANN, BEN, CAT, HOUR, T0, act, hide, holdings, new_game, refused

VIEWERS = (ANN, BEN, CAT, None)


def texts(state, viewer) -> list[str]:
    """The texts of the messages ``viewer`` (None: a spectator) can read, in order."""
    return [m["text"] for m in GAME.view(state, viewer)["messages"]]


def who_sees(event) -> list:
    return [v for v in VIEWERS if event.visible_to(v)]


def revealed(events) -> list[tuple]:
    """(author, stop, text, original time) of each message opened, in order."""
    return [
        (e.data["player"], e.data["stop"], e.data["text"], e.data["at"])
        for e in of_kind(events, "revealed")
    ]


# -- SEA-16, SEA-27: public, private and Bureau-only messages ---------------------------------


def test_sea_16_a_public_message_reaches_everyone_with_its_time():
    state = game()
    (event,) = act(state, ANN, "post: Fair winds to all Houses.", at=T0 + 60)
    assert (event.kind, event.audience) == ("message", EVERYONE)
    assert event.data == {
        "player": ANN,
        "channel": "public",
        "to": -1,
        "text": "Fair winds to all Houses.",
        "at": T0 + 60,
    }
    for viewer in VIEWERS:
        assert GAME.view(state, viewer)["messages"] == [
            {
                "time": T0 + 60,
                "from": ANN,
                "kind": "public",
                "to": -1,
                "text": "Fair winds to all Houses.",
                "revealed": False,
            }
        ]


def test_sea_16_a_private_message_is_seen_only_by_its_two_parties():
    state = game()
    (event,) = act(state, ANN, "tell Ben: Corporations for Beetles?", at=T0 + 60)
    assert event.audience == only(ANN, BEN)
    assert who_sees(event) == [ANN, BEN]
    assert event.data["channel"] == "private" and event.data["to"] == [BEN]
    assert texts(state, ANN) == texts(state, BEN) == ["Corporations for Beetles?"]
    assert texts(state, CAT) == texts(state, None) == []
    act(state, BEN, "tell ann: Two for one.", at=T0 + 120)  # names in any case
    assert texts(state, ANN) == ["Corporations for Beetles?", "Two for one."]
    assert texts(state, CAT) == []


def test_sea_16_tell_another_player_who_exists():
    state = game()
    refused(state, ANN, "tell Ann: note to self", match="tell other players")
    refused(state, ANN, "tell Zed: hello", match="no player called 'Zed'")
    assert GAME.channels(state, ANN) == frozenset({BEN, CAT})


def test_sea_16_a_hidden_message_is_seen_only_by_its_author_until_revealed():
    state = game()
    (event,) = act(state, CAT, "hide: The Beetles will be ours.", at=T0 + 60)
    assert event.audience == only(CAT)
    assert who_sees(event) == [CAT]  # not even spectators
    assert event.data == {
        "player": CAT,
        "channel": "hidden",
        "to": 1,
        "text": "The Beetles will be ours.",
        "at": T0 + 60,
    }
    assert GAME.view(state, CAT)["messages"] == [
        {
            "time": T0 + 60,
            "from": CAT,
            "kind": "hidden",
            "to": 1,
            "text": "The Beetles will be ours.",
            "revealed": False,
        }
    ]
    for viewer in (ANN, BEN, None):
        assert GAME.view(state, viewer)["messages"] == []


@pytest.mark.parametrize(
    "text",
    [
        "hide: Nobody needs to know.",
        "hide for stop 3: ATTN Bureau: Transaction. I give 1 Erotroupe to Usury.",
        "hide: ATTN Bureau: Transaction. I give 9 Money to Usury.",  # cannot pay: no matter
    ],
)
def test_sea_16_a_hidden_message_leaves_no_trace_in_anyone_elses_view(text):
    """No count leaks: apart from the clock of the last action (see the next test),
    others' views are exactly what they were."""
    state = game()
    act(state, ANN, "post: Hello.", at=T0 + 60)
    before = {v: GAME.view(state, v) for v in (ANN, BEN, None)}
    events = act(state, CAT, text, at=T0 + 120)
    assert all(who_sees(e) == [CAT] for e in events)
    for viewer in (ANN, BEN, None):
        after = GAME.view(state, viewer)
        assert {**after, "now": None} == {**before[viewer], "now": None}


def test_sea_16_others_views_do_not_change_at_all_when_a_message_is_sealed():
    state = game()
    act(state, ANN, "post: Hello.", at=T0 + 60)
    before = {v: GAME.view(state, v) for v in (ANN, BEN, None)}
    act(state, CAT, "hide: Nobody needs to know.", at=T0 + 120)
    for viewer in (ANN, BEN, None):
        assert GAME.view(state, viewer) == before[viewer]


def test_sea_16_the_bureaus_answer_to_a_bad_hidden_transaction_is_private():
    state = game()
    events = act(state, ANN, "hide: ATTN Bureau: Transaction. I lend 3 Money to Usury.")
    (answer,) = of_kind(events, "bureau")
    assert who_sees(answer) == [ANN]
    assert answer.data["text"].startswith("not carried out: cannot read")
    assert state.sealed == []  # nothing waits for the landing
    events = land(state)
    assert revealed(events)[0][2].endswith("I lend 3 Money to Usury.")
    assert "executed" not in kinds(events)


def test_sea_16_the_bureaus_answer_to_a_bad_public_transaction_is_public():
    state = game()
    events = act(state, ANN, "post: ATTN Bureau: Transaction. I give 1 Money to Secrets.")
    (answer,) = of_kind(events, "bureau")
    assert answer.audience == EVERYONE
    assert "Secrets is not in this game" in answer.data["text"]


def test_sea_16_determinize_drops_only_others_sealed_messages():
    state = game()
    hide(state, ANN, "I give 1 Money to Usury.")
    act(state, BEN, "hide: Ben's secret")
    act(state, CAT, "tell Ann: psst")
    world = GAME.determinize(state, BEN, random.Random(1))
    assert [m.text for m in world.messages] == ["Ben's secret", "psst"]
    assert world.sealed == []
    mine = GAME.determinize(state, ANN, random.Random(1))
    assert len(mine.sealed) == 1 and mine.sealed[0].seat == ANN


def test_sea_27_messages_may_be_sent_in_the_land_phase_too():
    state = game()
    land(state)
    act(state, ANN, "post: On land at last.")
    act(state, BEN, "tell Cat: Meet me by the ship.")
    act(state, CAT, "hide for stop 2: For the next landing.")
    assert [(m.kind, m.to) for m in state.messages] == [
        ("public", -1),
        ("private", 1 << CAT),  # recipients as bits
        ("hidden", 2),
    ]
    fly(state)
    events = land(state)
    assert [r[:3] for r in revealed(events)] == [(CAT, 2, "For the next landing.")]


# -- SEA-31, SEA-A05, SEA-A24: the landing opens this Stop's hidden messages ----------------


def test_sea_31_sea_a24_hidden_messages_open_at_their_stops_landing_with_their_own_time():
    state = game()
    act(state, ANN, "hide: I always loved the sea.", at=T0 + 100)
    act(state, BEN, "hide for stop 1: Usury remembers.", at=T0 + 200)
    events = land(state, at=T0 + 300)
    assert revealed(events) == [
        (ANN, 1, "I always loved the sea.", T0 + 100),
        (BEN, 1, "Usury remembers.", T0 + 200),
    ]
    assert all(e.audience == EVERYONE for e in of_kind(events, "revealed"))
    for viewer in VIEWERS:
        assert GAME.view(state, viewer)["messages"] == [
            {
                "time": T0 + 100,
                "from": ANN,
                "kind": "hidden",
                "to": 1,
                "text": "I always loved the sea.",
                "revealed": True,
            },
            {
                "time": T0 + 200,
                "from": BEN,
                "kind": "hidden",
                "to": 1,
                "text": "Usury remembers.",
                "revealed": True,
            },
        ]


def test_sea_a24_a_hidden_message_that_is_no_transaction_has_no_effect():
    state = game()
    act(state, ANN, "hide: I give 3 Money to Usury.")  # no header: only words
    before = [h[:] for h in state.holdings]
    events = land(state)
    assert len(revealed(events)) == 1
    assert "executed" not in kinds(events) and "failed" not in kinds(events)
    assert state.holdings == before


def test_sea_a05_a_hidden_transaction_has_no_effect_until_its_landing():
    state = game()
    hide(state, ANN, "I give 2 Money to Usury.", at=T0 + 10)
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 3}
    for viewer in (BEN, CAT, None):
        assert GAME.view(state, viewer)["houses"][ANN]["money"] == 3
    events = land(state, at=T0 + 20)
    assert kinds(events).index("revealed") < kinds(events).index("executed")
    assert holdings(state, ANN) == {"Money": 1, "Worker Beetles": 3}
    assert holdings(state, BEN) == {"Money": 5, "Corporations": 3}


def test_sea_31_revealed_messages_stay_public_afterwards():
    state = game()
    act(state, CAT, "hide: Remember this.")
    land(state)
    fly(state)
    act(state, ANN, "post: Round two.")
    for viewer in VIEWERS:
        assert texts(state, viewer) == ["Remember this.", "Round two."]


# -- SEA-32 .. SEA-34, SEA-A07, SEA-A08: which hidden messages a landing opens ----------------


def test_sea_34_sea_a08_a_landing_opens_targets_up_to_its_stop_and_keeps_later_ones_sealed():
    state = game(stops=4)
    act(state, ANN, "hide for stop 2: for two", at=T0 + 10)
    act(state, BEN, "hide: for one", at=T0 + 20)
    act(state, CAT, "hide for stop 3: for three", at=T0 + 30)
    events = land(state, at=T0 + 40)
    assert revealed(events) == [(BEN, 1, "for one", T0 + 20)]
    assert texts(state, BEN) == ["for one"]
    assert texts(state, ANN) == ["for two", "for one"]  # her own, still sealed
    fly(state, at=T0 + 50)
    events = land(state, at=T0 + 60)
    assert revealed(events) == [(ANN, 2, "for two", T0 + 10)]
    fly(state, at=T0 + 70)
    events = land(state, at=T0 + 80)
    assert revealed(events) == [(CAT, 3, "for three", T0 + 30)]
    assert texts(state, None) == ["for two", "for one", "for three"]  # in order of sending


def test_sea_a08_the_default_target_is_the_coming_stop():
    state = game(stops=4)
    land(state)
    fly(state)
    (event,) = act(state, ANN, "hide: where to?")
    assert event.data["to"] == 2
    assert str(GAME.parse(state, ANN, "hide: where to?")) == "hide: where to?"
    assert state.messages[-1].to == 2


def test_sea_a08_a_target_beyond_the_last_stop_is_the_last_stop():
    state = game(stops=2)
    (event,) = act(state, ANN, "hide for stop 7: at the very end")
    assert event.data["to"] == 2
    events = land(state)
    assert revealed(events) == []
    fly(state)
    events = land(state)
    assert [r[:3] for r in revealed(events)] == [(ANN, 2, "at the very end")]


def test_sea_33_a_hidden_message_for_a_stop_whose_resolution_began_is_refused():
    state = game(stops=4)
    land(state)
    fly(state)
    message = refused(state, ANN, "hide for stop 1: too late", match="Resolution has begun")
    assert "SEA-33" in message and "Stop 2 or later" in message
    refused(state, BEN, "hide for stop 0: far too late", match="Stop 0")
    act(state, CAT, "hide for stop 2: in time")
    assert [(m.author, m.to) for m in state.messages] == [(CAT, 2)]


def test_sea_33_sea_a08_in_the_land_phase_the_landed_stop_takes_no_more_hidden_messages():
    state = game(stops=4)
    land(state)
    assert (state.round, state.phase) == (1, "land")
    refused(state, ANN, "hide for stop 1: after the landing", match="Resolution has begun")


def test_sea_33_a_hidden_message_dated_after_its_stops_resolution_began_is_invalid():
    state = game(stops=4)
    action = GAME.parse(
        state, ANN, "hide for stop 1: ATTN Bureau: Transaction. I give 1 Money to Usury."
    )
    with pytest.raises(IllegalAction, match="Resolution has begun"):
        GAME.apply(state, ANN, action, at=T0 + 49 * HOUR)
    assert holdings(state, BEN)["Money"] == 3
    assert [m.to for m in state.messages if m.kind == "hidden"] == []


def test_sea_a08_in_the_land_phase_the_default_target_is_the_next_stop():
    state = game(stops=4)
    land(state)
    (event,) = act(state, ANN, "hide: after the landing")
    assert event.data["to"] == 2


def test_sea_33_sea_a03_no_hidden_message_after_the_final_resolution_began():
    state = game(stops=1, final_land_phase=True)
    land(state)
    assert state.phase == "land"
    refused(state, ANN, "hide: too late for anything", match="no Stop is left")


def test_sea_a08_a_late_hidden_message_without_a_stop_is_for_the_coming_stop():
    state = game(stops=4)
    action = GAME.parse(state, ANN, "hide: sent after two deadlines")
    GAME.apply(state, ANN, action, at=T0 + 73 * HOUR)  # Round 2's Air Phase by then
    assert state.round == 2
    assert [(m.author, m.to) for m in state.messages] == [(ANN, 2)]


def test_sea_32_sea_a07_a_skipped_stops_messages_open_with_the_next_stop():
    state = game(stops=4, cards=("Hazard", "Hazard", "Bureaucracy"))
    act(state, ANN, "hide: one", at=T0 + 10)
    act(state, BEN, "hide for stop 2: two", at=T0 + 20)
    act(state, CAT, "hide for stop 4: four", at=T0 + 30)
    events = land(state, at=T0 + 40)  # Hazard: no landing at Stop 1
    assert revealed(events) == []
    assert texts(state, CAT) == ["four"]
    events = land(state, at=T0 + 50)  # Hazard again at Stop 2
    assert revealed(events) == []
    act(state, ANN, "hide for stop 3: three", at=T0 + 60)
    events = land(state, at=T0 + 70)  # the Houses land at Stop 3
    assert revealed(events) == [
        (ANN, 1, "one", T0 + 10),
        (BEN, 2, "two", T0 + 20),
        (ANN, 3, "three", T0 + 60),
    ]
    assert texts(state, BEN) == ["one", "two", "three"]


def test_sea_32_sea_a07_skipped_hidden_transactions_resolve_in_the_next_landings_batch():
    """Ann's gift sealed for Stop 1 (skipped) and Ben's for Stop 2 depend on each other:
    they are one batch at Stop 2's landing."""
    state = game(cards=("Hazard", "Bureaucracy"))
    hide(state, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 1 Corporation.")
    events = land(state)
    assert "failed" not in kinds(events) and state.round == 2
    hide(state, BEN, "I give 1 Corporation to Breeding.")
    events = land(state)
    assert len(of_kind(events, "executed")) == 2
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 1, "Corporations": 1}
    assert holdings(state, BEN) == {"Money": 3, "Worker Beetles": 2, "Corporations": 2}


def test_sea_a03_the_final_landing_opens_every_sealed_message():
    state = game(stops=2, cards=("Hazard",))
    act(state, ANN, "hide: one")
    act(state, BEN, "hide for stop 2: two")
    land(state)  # Hazard at Stop 1
    act(state, CAT, "hide for stop 5: five")  # beyond the end: Stop 2
    events = land(state)
    assert [r[:3] for r in revealed(events)] == [(ANN, 1, "one"), (BEN, 2, "two"), (CAT, 2, "five")]
    assert state.phase == "over"
    assert texts(state, None) == ["one", "two", "five"]


def test_sea_16_tell_reaches_a_player_whose_name_has_digits():
    """Seat names may hold digits after the first letter (account names online)."""
    state = GAME.new(["Ann", "Bot2", "Cat_3"], seed=7, options=new_game().options)
    act(state, ANN, "tell Bot2, cat_3: Meet at the harbour.", at=T0 + 60)
    assert texts(state, 1) == texts(state, 2) == ["Meet at the harbour."]
