"""Saved positions (``positions.py``, docs/positions/seabirds.md): any situation of a game
of Seabirds as a JSON document; a game started from one plays on exactly as the saved one.

The property test plays random games (drafts, posts, tells, sealed messages, standing
offers, time limits, deadlines, the Loyal Administrator, Distribution orders and the
moderator's resolves and overrides), saves at random points, starts a new game from the
document with another seed, and plays both on with the same random choices.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from bureau.engine import MODERATOR, IllegalAction, Match, OptionError
from bureau.engine.positions import PositionError
from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.positions import FORMAT, save_position
from bureau.games.seabirds.state import ADMINISTRATOR, AIR, DISTRIBUTION, LAND, OVER
from bureau.games.seabirds.transactions import ASSETS, HEADER, HOUSES, UPGRADES

from .. import common
from .helpers import NAMES, T0, act, hide, new_game, tx

HOUR = 3600
EXAMPLE = Path(__file__).parents[2] / "scenarios" / "seabirds" / "example.position.json"


# -- random play --------------------------------------------------------------------------------
# A 4-Stop game's whole deck: two of each card (SEA-17, SEA-18)
EIGHT_CARDS = ["Bureaucracy", "Hazard", "Hazard", "Surplus", "Surplus", "Windfall", "Windfall",
               "Bureaucracy"]  # fmt: skip


def random_text(state, seat: int, rng: random.Random) -> tuple[int, str]:
    """Who acts and what he types: mostly the game's own random action for a random
    seat, sometimes a tell, limits, orders, the Loyal Administrator or the moderator."""
    n = state.num_players
    if state.phase == "draft":
        p = state.draft_order[0]
        return p, str(GAME.sample_action(state, p, rng))
    roll = rng.random()
    names = state.names
    if roll < 0.04:
        return MODERATOR, "resolve"
    if roll < 0.10:
        target = rng.choice(names)
        kind = rng.randrange(5)
        if kind == 0:
            what = f"money {target} {rng.randint(0, 6)}"
        elif kind == 1:
            what = f"resources {target} {rng.randint(0, 4)} {rng.choice(ASSETS[1:])}"
        elif kind == 2:
            what = f"grant {target} {rng.choice(UPGRADES)}"
        elif kind == 3:
            what = f"remove {target} {rng.choice(UPGRADES)}"
        else:
            what = "note fog at the Stop"
        return MODERATOR, f"override {what} because a ruling"
    p = rng.randrange(n)
    if roll < 0.16:
        others = [names[s] for s in range(n) if s != p]
        to = ", ".join(rng.sample(others, rng.randint(1, len(others))))
        return p, f"tell {to}: {rng.choice(['psst', HEADER + ' I give 1 Money to Usury.'])}"
    if roll < 0.20:
        return p, f"propose limits {rng.randint(1, 60)} {rng.randint(1, 30)}"
    if roll < 0.25 and state.proposal is not None:
        return p, "agree limits"
    if roll < 0.29 and state.upgrades[p][DISTRIBUTION]:
        words = [
            rng.choice(["none", "Food", "Platoons", "WB"])
            for _ in range(state.upgrades[p][DISTRIBUTION])
        ]
        return p, "distribution " + ", ".join(words)
    if roll < 0.33 and state.upgrades[p][ADMINISTRATOR] and state.discard:
        return p, f"administrator {rng.choice(['Hazard', 'Surplus', 'Windfall', 'Bureaucracy'])}"
    if roll < 0.36:
        target = rng.choice(["Harvesting", "Breeding", "Usury", "Secrets"])
        body = f"If {target} gives me 1 Money before 2023-11-16 12:00 UTC, I give {target} 1 Money."
        return p, f"{rng.choice(['post', 'hide'])}: {HEADER} {body}"
    return p, str(GAME.sample_action(state, p, rng))


def step(state, rng: random.Random, clock: list) -> list | None:
    """One random action, or None when it was refused (nothing changed)."""
    seat, text = random_text(state, 0, rng)
    at = None
    if clock:
        clock[0] += rng.choice((60, 60, 600, 600, 3600, 3600, 6 * HOUR, 30 * HOUR))
        at = clock[0]
    try:
        action = GAME.parse(state, seat, text)
        return GAME.apply(state, seat, action, at=at)
    except IllegalAction:
        return None


GAMES = [
    # (players, seed, options, with a clock)
    (3, 1, {"stops": 4}, False),
    (4, 2, {"stops": 3, "start_time": T0}, True),
    (5, 3, {"stops": 4, "final_land_phase": True, "income_ability_mode": "per_other_house"}, True),
    (6, 4, {"stops": 5, "house_assignment": "random", "batch_mode": "sequential"}, False),
    (3, 5, {"stops": 2, "complications": "Hazard,Windfall,Surplus", "start_time": T0}, True),
    (4, 6, {"stops": 4, "deck_rounding": "strict_next", "tiebreak": "shared"}, True),
    (3, 7, {"stops": 6, "income_ability_mode": "per_transaction"}, True),
    (5, 8, {"stops": 6, "hazard_blocks_upgrade_income": False, "allow_round_vote": False}, False),
    (6, 9, {"stops": 3, "land_phase_blocks_special_take": True, "start_time": T0}, True),
    (4, 10, {"stops": 5, "discount_applies_to_infrastructure": True}, False),
    (3, 11, {"stops": 8, "final_land_phase": True, "house_assignment": "random"}, True),
    (
        5,
        12,
        {"stops": 6, "batch_mode": "sequential", "income_ability_mode": "per_other_house"},
        False,
    ),
]


def views(state) -> list:
    seats = [None, MODERATOR, *range(state.num_players)]
    out = [GAME.view(state, s) for s in seats]
    out.append(GAME.pending(state))
    out += [GAME.legal_actions(state, s) for s in range(state.num_players)]
    out.append(GAME.forum_post(state, None, "markdown"))
    out += [GAME.forum_post(state, s, "markdown") for s in range(state.num_players)]
    out.append(GAME.outcome(state))
    return out


def length(players, seed, options, timed) -> int:
    """How many random steps the game of these settings lasts (at most 400)."""
    state = GAME.new(list(NAMES[:players]), seed=seed, options=options)
    rng, clock = random.Random(seed), [T0] if timed else []
    for i in range(400):
        if state.phase == OVER:
            return i
        step(state, rng, clock)
    return 400


@pytest.mark.parametrize("players,seed,options,timed", GAMES)
def test_saved_positions_play_on_exactly(players, seed, options, timed):
    """Saved at eight points of a random game, loaded with another seed: the views (every
    seat's, the spectator's, the moderator's), the forum posts, the pending seats and the
    legal actions are the same, and so are the events and views of 60 more random steps."""
    names = list(NAMES[:players])
    points = {length(players, seed, options, timed) * k // 8 for k in range(8)}
    state = GAME.new(names, seed=seed, options=options)
    rng = random.Random(seed)
    clock = [T0] if timed else []
    for i in range(max(points) + 1):
        if i in points:
            doc = json.loads(json.dumps(save_position(state)))
            again = GAME.new(names, seed=seed + 100, options={**options, "position": doc})
            assert views(again) == views(state), f"views differ at step {i}"
            assert save_position(again) == doc
            twin, a, b = copy.deepcopy(state), random.Random(i), random.Random(i)
            ca, cb = list(clock), list(clock)
            for k in range(60):
                if twin.phase == OVER:
                    break
                ea, eb = step(twin, a, ca), step(again, b, cb)
                assert ea == eb, f"events differ {k + 1} steps after the position of step {i}"
                if k % 8 == 7:
                    assert views(again) == views(twin)
            assert views(again) == views(twin)
            assert twin.rng.getstate() == again.rng.getstate()
        if state.phase != OVER:
            step(state, rng, clock)


def test_a_finished_game_keeps_its_outcome():
    state = GAME.new(list(NAMES[:3]), seed=9, options={"stops": 2})
    rng = random.Random(9)
    while state.phase != OVER:
        step(state, rng, [])
    doc = json.loads(json.dumps(save_position(state)))
    again = GAME.new(list(NAMES[:3]), seed=1, options={"stops": 2, "position": doc})
    assert GAME.outcome(again) == GAME.outcome(state)
    assert views(again) == views(state)


def test_a_record_from_a_position_replays(tmp_path):
    doc = json.loads(EXAMPLE.read_text("utf-8"))
    m = Match("seabirds", doc["players"], seed=3, options={"position": doc})
    m.play(0, f"post: {HEADER} I give 1 Money to Usury.", at=1_252_325_000)
    m.play(1, "ready", at=1_252_325_060)
    again = Match.replay(json.loads(json.dumps(m.record())))
    assert again.view(None) == m.view(None)
    assert again.view(MODERATOR) == m.view(MODERATOR)


def test_the_example_position_loads_from_its_file():
    state = GAME.new(3, options={"position": str(EXAMPLE)})
    assert state.names == ("Ann", "Ben", "Cat")
    assert save_position(state)["format"] == FORMAT


# -- hand-written positions and their defaults ------------------------------------------------


def position(**keys) -> dict:
    doc = {
        "format": "seabirds-position/1",
        "players": ["Ann", "Ben", "Cat"],
        "stops": 4,
        "houses": {
            "Ann": {"house": "Breeding"},
            "Ben": {"house": "Usury"},
            "Cat": {"house": "Sensation", "roll": 2},
        },
    }
    doc.update(keys)
    return doc


def start(doc, **options):
    return GAME.new(["Ann", "Ben", "Cat"], seed=1, options={**options, "position": doc})


def test_left_out_parts_take_the_rules_defaults():
    """SEA-12, SEA-13 holdings from the roll; SEA-56 special uses; SEA-17 a full deck."""
    state = start(position())
    cat = GAME.view(state, None)["houses"][2]
    assert (cat["money"], cat["resources"], cat["special_left"]) == (2, {"Erotroupes": 4}, 2)
    assert (state.round, state.phase, len(state.deck), state.discard) == (1, AIR, 8, [])
    assert sorted(state.deck) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_standing_offer_in_a_hand_written_position():
    """SEA-A14: 'Stop 4, these holdings, this standing offer' (issue 22); a later gift in
    any batch meets it."""
    offer = (
        f"{HEADER} I give 2 Worker Beetles to Usury if, in any batch of Messages,"
        " Usury gives me 2 Money."
    )
    doc = position(
        round=4,
        discard=["Surplus", "Bureaucracy", "Windfall"],
        messages=[{"from": "Ann", "text": offer}],
        standing=[{"message": 1}],
    )
    doc["houses"]["Ann"]["resources"] = {"WB": 3}
    state = start(doc)
    assert GAME.view(state, None)["standing"] == [
        "Breeding: I give 2 Worker Beetles to Usury if, in any batch of Messages,"
        " Usury gives me 2 Money."
    ]
    events = tx(state, 1, "I give 2 Money to Breeding.")
    assert [e.kind for e in events if e.kind == "executed"] == ["executed", "executed"]
    assert state.holdings[0][2] == 1 and state.holdings[1][2] == 2  # Ben got 2 WB


def test_a_sealed_message_opens_at_its_landing():
    """SEA-31, SEA-43: a sealed Transaction of the position resolves at the landing."""
    doc = position(
        messages=[
            {
                "from": "Ben",
                "kind": "hidden",
                "to": 1,
                "text": f"{HEADER} I give 1 Corporation to Breeding.",
            }
        ],
        deck=EIGHT_CARDS,
    )
    state = start(doc)
    assert (
        GAME.view(state, MODERATOR)["sealed"][0]["text"]
        == "Usury: I give 1 Corporation to Breeding."
    )
    assert GAME.view(state, 0)["messages"] == []  # sealed: only Ben and the moderator
    for seat in range(3):
        act(state, seat, "ready")
    assert state.holdings[0][3] == 1


# -- malformed positions ----------------------------------------------------------------------


def refused(doc, match: str, **options):
    return common.refusal(PositionError, lambda: start(doc, **options), match=match)


def test_a_card_too_many_in_the_deck():
    deck = ["Hazard"] * 3 + ["Surplus", "Windfall"] * 2 + ["Bureaucracy"] * 2
    message = refused(position(deck=deck), r"deck: .*3 Hazard.*SEA-17")
    assert "8 cards, 2 of each" in message


def test_a_card_missing():
    refused(position(deck=["Hazard"] * 2 + ["Surplus"] * 2), r"deck: .*0 Windfall.*SEA-18")


def test_more_discards_than_resolutions():
    refused(position(round=2, discard=["Hazard", "Surplus"]), r"discard: 2 cards.*SEA-24")


def test_an_unknown_card():
    refused(position(discard=["Storm"]), r"discard\[0\]: no card 'Storm'")


def test_an_unknown_seat():
    doc = position()
    doc["houses"]["Dan"] = {"house": "Secrets"}
    refused(doc, r"houses.Dan: no player 'Dan'")


def test_two_players_with_one_house():
    doc = position()
    doc["houses"]["Cat"]["house"] = "Usury"
    refused(doc, r"houses.Cat.house: Ben has Usury already.*SEA-04")


def test_an_unknown_house_or_asset():
    doc = position()
    doc["houses"]["Cat"]["house"] = "Piracy"
    refused(doc, r"houses.Cat.house: no House 'Piracy'")
    doc = position()
    doc["houses"]["Ann"]["resources"] = {"Gold": 2}
    refused(doc, r"houses.Ann.resources.Gold: no Resource 'Gold'")


def test_negative_holdings():
    doc = position()
    doc["houses"]["Ann"]["money"] = -1
    refused(doc, r"houses.Ann.money: must be at least 0, not -1")


def test_too_many_special_takes():
    doc = position()
    doc["houses"]["Cat"]["special_left"] = 3
    refused(doc, r"houses.Cat.special_left: a 4-Stop game gives 2 special takes.*SEA-56")
    doc["houses"]["Cat"]["special_left"] = 0
    doc["houses"]["Ann"]["special_left"] = 1
    refused(doc, r"houses.Ann.special_left: only Sensation and Suppression.*SEA-55")


def test_distribution_orders_one_per_contract():
    doc = position()
    doc["houses"]["Ann"]["upgrades"] = {"Distribution Contract": 2}
    doc["houses"]["Ann"]["distribution"] = ["Food"]
    refused(doc, r"houses.Ann.distribution: one standing order for each of the 2.*SEA-A20")


def test_everyone_ready_is_no_position():
    refused(position(ready=["Ann", "Ben", "Cat"]), r"ready: everyone is ready.*SEA-28")


def test_a_round_past_the_last_stop_and_a_final_land_phase():
    refused(position(round=5), r"round: a 4-Stop game has Rounds 1 to 4.*SEA-A02")
    refused(
        position(round=4, phase="land", discard=["Hazard"] * 2 + ["Surplus"] * 2),
        r"phase: .*final_land_phase.*SEA-A03",
    )


def test_a_standing_offer_that_does_not_stand():
    msgs = [{"from": "Ann", "text": f"{HEADER} I give 1 Money to Usury."}]
    refused(
        position(messages=msgs, standing=[{"message": 1}]),
        r"standing\[0\].message: .*does not stand.*SEA-A14",
    )
    refused(
        position(messages=msgs, standing=[{"message": 2}]),
        r"standing\[0\].message: must be at most 1",
    )


def test_a_standing_offer_whose_text_differs():
    offer = f"{HEADER} I give 2 Worker Beetles to Usury if Usury gives me 2 Money."
    doc = position(
        messages=[{"from": "Ann", "text": offer}],
        standing=[{"message": 1, "text": "I give 1 Food to Usury if Usury gives me 2 Money."}],
    )
    refused(doc, r"standing\[0\].text: the message says 'Breeding: I give 2 Worker Beetles")


def test_a_sealed_message_the_landing_opened():
    doc = position(
        phase="land",
        discard=["Windfall"],
        messages=[{"from": "Ben", "kind": "hidden", "to": 1, "text": "hello"}],
    )
    refused(doc, r"messages\[0\].to: Stop 1's landing opened.*SEA-31")


def test_wrong_types_and_missing_keys():
    refused(position(round="two"), r"round: must be a whole number, not a string")
    refused(position(messages=[{"from": "Ann"}]), r"messages\[0\].text: missing")
    refused(position(houses=[]), r"houses: must be an object, not an array")
    refused(position(weather="fog"), r"weather: unknown key")
    doc = position()
    del doc["houses"]["Ann"]
    refused(doc, r"houses.Ann.house: missing")


def test_a_position_of_another_game_or_broken_json(tmp_path):
    with pytest.raises(PositionError, match="this is a nobility position, not a seabirds one"):
        start({"format": "nobility-position/1", "players": ["Ann", "Ben", "Cat"]})
    broken = tmp_path / "p.json"
    broken.write_text('{"format": "seabirds-position/1", "players": [', "utf-8")
    with pytest.raises(OptionError, match=r"p.json: not valid JSON"):
        GAME.new(3, options={"position": str(broken)})


def test_a_refused_position_changes_nothing_it_makes_no_game():
    doc = position(discard=["Storm"])
    with pytest.raises(PositionError):
        start(doc)
    assert doc["discard"] == ["Storm"]  # the document itself is left as it was


def test_positions_in_the_draft():
    """SEA-A23: the draft order holds the seats without a House, each once."""
    doc = {
        "format": "seabirds-position/1",
        "players": ["Ann", "Ben", "Cat"],
        "phase": "draft",
        "houses": {"Ben": {"house": "Secrets"}},
        "draft_order": ["Cat", "Ann"],
    }
    state = start(doc)
    assert GAME.pending(state) == (2,)
    act(state, 2, "house Usury")
    act(state, 0, "house Breeding")
    assert state.phase == AIR and [HOUSES[h] for h in state.house_of] == [
        "Breeding",
        "Secrets",
        "Usury",
    ]
    doc["draft_order"] = ["Cat"]
    refused(doc, r"draft_order: the players still to pick are Ann, Cat.*SEA-A23")


def test_a_phase_deadline_from_the_position_clock():
    """SEA-28: the position's clock and limits give the deadline."""
    doc = position(
        clock={"running": True, "now": T0 + 100, "phase_started": T0},
        limits={"air_hours": 2},
        deck=EIGHT_CARDS,
    )
    state = start(doc)
    assert GAME.deadline(state) == T0 + 2 * HOUR
    events = act(state, 0, "ready", at=T0 + 3 * HOUR)
    assert any(e.kind == "deadline" for e in events)
    assert (state.phase, state.phase_started, state.ready) == (LAND, T0 + 2 * HOUR, [1, 0, 0])


def test_hidden_then_saved_keeps_the_sealed_transactions():
    state = new_game()
    hide(state, 1, "I give 1 Corporation to Breeding.")
    doc = json.loads(json.dumps(save_position(state)))
    again = GAME.new(list(NAMES[:3]), seed=2, options={**state.options, "position": doc})
    assert again.sealed == state.sealed


def test_a_chronicle_event_the_game_cannot_read():
    doc = position(chronicle=[{"kind": "income", "data": {"player": 0}}])
    refused(doc, r"chronicle\[0\]: the game's 'income' events hold other data")


def test_the_positions_players_renamed_by_the_game():
    """Seat i of the position is seat i of the game; its texts keep the position's names."""
    state = GAME.new(["Zoe", "Yan", "Xia"], seed=4, options={"position": str(EXAMPLE)})
    assert state.names == ("Zoe", "Yan", "Xia")
    assert GAME.view(state, None)["houses"][1]["house"] == "Usury"
    assert save_position(state)["players"] == ["Zoe", "Yan", "Xia"]
