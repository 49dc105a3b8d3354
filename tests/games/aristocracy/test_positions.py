"""Aristocracy positions (issue 22, docs/positions/aristocracy.md): every position a game
reaches saves and loads exactly, and plays on identically; hand-written positions take
their defaults; malformed ones are refused naming the key and the rule they break."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from bureau.cards import parse_card
from bureau.engine import Match
from bureau.engine.positions import PositionError
from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.heuristic import decide
from bureau.games.aristocracy.positions import save_position

from .. import common
from .helpers import ANN, BEN, CAT, play

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]

# The example of docs/positions/aristocracy.md: year 2, Queen round, Ann's turn. Ben (the
# Herald) has acted; Ben's estate on 7S shows the exposed 3 of the rules' own picture.
EXAMPLE = {
    "format": "aristocracy-position/1",
    "players": ["Ann", "Ben", "Cat"],
    "year": 2,
    "round": "Queen",
    "herald": "Ben",
    "step": "act",
    "seats": {
        "Ann": {
            "coins": 2,
            "hand": ["8D", "8C", "AS", "JH"],
            "known": ["JH"],
            "stall": ["QS", "5H", "2C"],
            "buildings": [{"address": "9H", "cards": ["9S", "9D", "9C"], "production": "4H"}],
        },
        "Ben": {
            "coins": 4,
            "hand": ["2H", "KH", "6S", "6H", "3D", "10D"],
            "stall": ["4D"],
            "buildings": [
                {"address": "7S", "cards": ["7H", "7D", "3C", "7D"], "exposed": ["3C"]},
            ],
        },
        "Cat": {
            "coins": 3,
            "hand": ["JD", "QC", "AH", "8H", "2D"],
            "stall": ["KC", "10S"],
            "buildings": [{"address": "5D", "cards": ["5S", "5S", "5C"]}],
        },
    },
    "market": ["QH", "8S"],
    "discard": ["2S", "JC", "6D", "9C", "4S"],
    "turn": {"active": "Ann", "acted": ["Ben"]},
}


def words(text: str) -> list[str]:
    return text.split()


def example(**changes) -> dict:
    """The example, with top-level keys replaced (None: removed)."""
    doc = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        if value is None:
            doc.pop(key, None)
        else:
            doc[key] = value
    return doc


def start(doc, seed: int = 3, **options):
    return GAME.new(doc["players"], seed=seed, options={**options, "position": doc})


def refused(doc, *fragments, **options) -> str:
    return common.refusal(PositionError, lambda: start(doc, **options), *fragments)


def views(state) -> list:
    return [GAME.view(state, r) for r in [None, *range(state.num_players)]]


# -- every reachable position round-trips and plays on --------------------------------------------

CONFIGS = [
    (3, {}),
    (2, {"variant": "shorter"}),
    (4, {"recompute_stall_order": False, "decision_seconds": 60}),
    (
        5,
        {
            "revisit_choice": "owner",
            "production_on_upgrade": "keep",
            "show_stall_counts_before_reveal": False,
        },
    ),
    (3, {"variant": "shorter", "max_years": 2, "ball_reveal_attribution": True}),
    (3, {"variant": "longer", "max_years": 2}),
]


def lockstep(seed: int, n: int, options: dict, steps: int = 1500) -> set[str]:
    """A game played by heuristic and random choices beside a mirror loaded from its saved
    position (JSON and back, another seed), reloaded at random points: after each action
    both gave the same events, views and position; at each reload the same views, pending
    seats, legal actions and heuristic choice. The steps at which it reloaded."""
    names = NAMES[:n]
    state = GAME.new(names, seed=seed, options=options)
    rng = random.Random(seed)
    now = 1_800_000_000.0
    GAME.begin(state, now)
    mirror, seen = None, set()
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        if mirror is None or rng.random() < 0.1:
            doc = json.loads(json.dumps(save_position(state)))
            mirror = GAME.new(names, seed=seed + 1000, options={**options, "position": doc})
            assert save_position(mirror) == doc
            assert views(mirror) == views(state)
            assert GAME.pending(mirror) == GAME.pending(state)
            for seat in GAME.pending(state):
                legal = sorted(map(str, GAME.legal_actions(state, seat)))
                assert sorted(map(str, GAME.legal_actions(mirror, seat))) == legal
                assert str(decide(mirror, seat)) == str(decide(state, seat))
            seen.add(state.step)
        seat = rng.choice(GAME.pending(state))
        action = decide(state, seat) if rng.random() < 0.7 else GAME.sample_action(state, seat, rng)
        now += rng.choice((0, 1, 7, 90))  # now and then past the clock
        events = GAME.apply(state, seat, action, now)
        again = GAME.apply(mirror, seat, GAME.parse(mirror, seat, str(action)), now)
        assert [e.as_tuple() for e in again] == [e.as_tuple() for e in events]
        assert views(mirror) == views(state)
    assert save_position(mirror) == save_position(state)
    if GAME.outcome(state) is not None:  # a finished game saves and loads, outcome and all
        doc = json.loads(json.dumps(save_position(state)))
        over = GAME.new(names, seed=seed + 7, options={**options, "position": doc})
        assert views(over) == views(state) and save_position(over) == doc
        assert GAME.outcome(over) == GAME.outcome(state)
        seen.add("over")
    return seen


@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=[f"{n}p-{o}" for n, o in CONFIGS])
def test_every_position_of_random_games_saves_loads_and_plays_on_identically(n, options):
    seen = set()
    for seed in range(3):
        seen |= lockstep(seed, n, options)
    assert {"stall", "act"} <= seen


def test_the_property_games_reach_every_step():
    """Games like those above save and load in every step (the visit's follow-ups and a
    finished game included; the force step has its own test below)."""
    seen = set()
    for seed in range(5, 9):
        seen |= lockstep(seed, 3, {})
    wanted = {"tax", "ball", "bid", "pick", "stall", "act", "penalty", "expose", "glory", "over"}
    assert wanted <= seen, wanted - seen


def test_a_force_step_saves_and_loads():
    """ARI-A08: the penalty's discard-or-pay choice pending, the penalty card named."""
    state = start(example())
    play(state, ANN, "favor QS@stall visit Ben 7S")
    play(state, ANN, "penalty 3C")
    assert state.step == "force"
    doc = json.loads(json.dumps(save_position(state)))
    assert doc["visit"] == {"owner": "Ben", "building": "7S", "penalty": "3C"}
    assert doc["turn"]["stall_discards"] == ["QS"]
    mirror = start(doc, seed=9)
    assert views(mirror) == views(state) and save_position(mirror) == doc
    for s in (state, mirror):
        play(s, ANN, "force discard")
    assert views(mirror) == views(state) and save_position(mirror) == save_position(state)


def test_a_record_that_starts_from_a_position_replays(tmp_path):
    """The record keeps the document itself: it replays without the file."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(EXAMPLE))
    match = Match("aristocracy", ["Ann", "Ben", "Cat"], seed=4, options={"position": str(path)})
    rng = random.Random(4)
    for _ in range(80):
        seat = match.pending()[0]
        match.play(seat, GAME.sample_action(match.state, seat, rng))
    record = json.loads(json.dumps(match.record()))
    assert record["options"]["position"] == EXAMPLE
    path.unlink()
    again = Match.replay(record)
    assert save_position(again.state) == save_position(match.state)
    assert views(again.state) == views(match.state)


# -- hand-written positions and their defaults ----------------------------------------------------


def test_the_example_loads_as_written():
    state = start(example())
    assert (state.year, state.royal, state.herald, state.step) == (2, 1, BEN, "act")
    assert (state.active, state.actions_left, state.acted) == (ANN, 3, [False, True, False])
    view = GAME.view(state, None)
    assert view["discard_face_up"] == ["2S", "JC", "6D", "9C"]  # the four oldest (ARI-76)
    assert view["players"][ANN]["known_hand"] == ["JH"]
    assert view["players"][BEN]["buildings"][0]["cards"] == [None, None, "3C", None]
    assert view["deck_count"] == 101 - 42  # the rest of the play deck is the draw pile
    assert not state.first_king


def test_a_minimal_position_is_the_start_of_a_first_king_round():
    """Defaults: year 1, King round, the first player Herald, the stall step, 3 coins each
    (ARI-07); the rest of the deck shuffled into the draw pile by the game's seed."""
    doc = {
        "format": "aristocracy-position/1",
        "players": ["Ann", "Ben"],
        "seats": {"Ann": {"hand": ["7S", "7H"]}, "Ben": {"hand": []}},
    }
    a, b, c = start(doc, seed=1), start(doc, seed=1), start(doc, seed=2)
    assert (a.year, a.royal, a.herald, a.step, a.first_king) == (1, 0, ANN, "stall", True)
    assert a.coins == [3, 3] and a.market == [] and a.discard == []
    assert GAME.pending(a) == (ANN,)
    assert len(a.deck) == 99 and a.deck == b.deck != c.deck
    assert save_position(a) == save_position(b)


def test_positions_may_name_seats_in_any_case_and_rename_the_game_seats():
    doc = example(herald="BEN", turn={"active": "ann", "acted": ["ben"]})
    state = GAME.new(["Xia", "Yan", "Zoe"], seed=2, options={"position": doc})
    assert state.names == ("Xia", "Yan", "Zoe") and state.active == ANN
    assert save_position(state)["players"] == ["Xia", "Yan", "Zoe"]


@pytest.mark.parametrize(
    ("step", "seat_keys", "pending"),
    [
        ("tax", {"Ann": {"hand": words("2S 3S 4S 5S 6S 7S 8S 9S")}}, (ANN,)),
        ("ball", {"Ben": {"hand": ["2H"], "ball": ["KH"]}}, (CAT,)),
        ("bid", {"Cat": {"hand": [], "bid": 2}}, (ANN, BEN)),
        ("stall", {"Ben": {"hand": ["2H"], "stall": []}}, (CAT,)),
        ("glory", {"Ann": {"hand": [], "glory": False}}, (BEN, CAT)),
    ],
)
def test_each_steps_secret_choices_are_the_seats_keys(step, seat_keys, pending):
    """A seat's choice is there once made; the others are pending, in Herald order where
    the choices are made in turn (ARI-73)."""
    royal = {"tax": "King", "ball": "Queen", "bid": "Jack", "glory": "King"}.get(step, "King")
    seats = {name: {"hand": []} for name in ("Ann", "Ben", "Cat")}
    for name in seats:
        seats[name]["hand"] = {"Ann": ["8D"], "Ben": ["6S"], "Cat": ["AH"]}[name]
    seats = {name: {**seats[name], **seat_keys.get(name, {})} for name in seats}
    doc = {
        "format": "aristocracy-position/1",
        "players": ["Ann", "Ben", "Cat"],
        "year": 2,
        "round": royal,
        "herald": "Ben",
        "step": step,
        "seats": seats,
    }
    state = start(doc)
    assert GAME.pending(state) == pending
    again = start(json.loads(json.dumps(save_position(state))), seed=8)
    assert views(again) == views(state) and save_position(again) == save_position(state)


def test_a_pick_names_market_copies_and_follows_the_top_bidders():
    """ARI-51: tied top bidders pick in Herald order; ``QH#2`` is the market's second QH."""
    seats = {
        "Ann": {"hand": ["8D"], "bid": 2, "coins": 2},
        "Ben": {"hand": ["6S"], "bid": 2, "pick": "QH#2"},
        "Cat": {"hand": ["AH"], "bid": 0},
    }
    doc = example(round="Jack", step="pick", turn=None, seats=seats, market=["QH", "4S", "QH"])
    state = start(doc)
    assert state.pickers == [BEN, ANN] and state.picks == [(BEN, 2)]
    assert GAME.pending(state) == (ANN,)
    play(state, ANN, "pick QH")  # two different copies: both buy at their bids (ARI-53)
    assert state.coins[:2] == [0, 1] and state.market == [parse_card("4S")]
    assert parse_card("QH") in state.hands[ANN] and parse_card("QH") in state.hands[BEN]


def test_a_finished_game_keeps_its_outcome():
    """ARI-35, ARI-67..71: the outcome is computed from the position, as at the end."""
    chateau = {"address": "8S", "cards": ["8H", "8D", "8C", "8S", "8H"]}
    estate = {"address": "4S", "cards": ["4H", "4D", "4C", "4S"]}
    estate2 = {"address": "JS", "cards": ["JH", "JC", "JS", "JH"]}
    seats = {
        "Ann": {"hand": ["KS"], "buildings": [chateau, estate, estate2]},
        "Ben": {"hand": []},
        "Cat": {"hand": []},
    }
    doc = example(round="King", step="over", turn=None, seats=seats, market=[], discard=[])
    doc["ended_by"] = "Ann"
    state = start(doc)
    outcome = GAME.outcome(state)
    assert outcome.winners == (ANN,) and outcome.scores == (7.0, 0.0, 0.0)
    assert "Ann claimed glory" in outcome.reason
    assert save_position(start(save_position(state)))["ended_by"] == "Ann"


# -- malformed positions -------------------------------------------------------------------------


def seat_edit(name: str, **keys) -> dict:
    doc = example()
    doc["seats"][name].update(keys)
    return doc


@pytest.mark.parametrize(
    ("doc", "fragments"),
    [
        # counts: a card twice, a card missing, a third copy of a card, a second K♦
        (
            example(market=["QH", "8S", "JH", "JH"]),
            ["market[3]: JH appears 3 times in the position, but the play deck holds 2", "ARI-02"],
        ),
        (
            seat_edit("Cat", hand=["JD", "QC", "AH", "8H", "2D", "KD", "KD"]),
            ["seats.Cat.hand[6]: KD appears 2 times", "holds 1 (ARI-02, ARI-04)"],
        ),
        (
            example(draw_pile=["2C"]),
            ["draw_pile: 58 card(s) of the play deck are nowhere in the position", "ARI-02"],
        ),
        # unknown cards
        (seat_edit("Ann", hand=["8D", "ZZ"]), ["seats.Ann.hand[1]: 'ZZ' is not a card"]),
        (example(market=["RJ"]), ["market[0]: RJ is not in the play deck", "ARI-02"]),
        # unknown seats
        (example(herald="Zed"), ["herald: no player 'Zed'; the players are Ann, Ben, Cat"]),
        (
            example(seats={**EXAMPLE["seats"], "Zed": {"hand": []}}),
            ["seats.Zed: no player 'Zed'"],
        ),
        (example(turn={"active": "Zed"}), ["turn.active: no player 'Zed'"]),
        # wrong types, missing and unknown keys
        (seat_edit("Ben", coins="4"), ["seats.Ben.coins: must be a whole number, not a string"]),
        (seat_edit("Ben", coins=-1), ["seats.Ben.coins: must be at least 0, not -1"]),
        (seat_edit("Ben", hand="2H"), ["seats.Ben.hand: must be an array, not a string"]),
        (example(year=0), ["year: must be at least 1, not 0"]),
        (example(step="dance"), ["step: unknown 'dance'"]),
        (example(round="Ace"), ["round: unknown 'Ace'", "ARI-09"]),
        (example(seats={"Ann": EXAMPLE["seats"]["Ann"]}), ["seats.Ben: missing"]),
        (example(seats=None), ["seats: missing"]),
        (example(coins=3), ["coins: unknown key"]),
        (example(turn=None), ["turn: missing: the act step needs it"]),
        (example(visit={"owner": "Ben"}), ["visit: only in the penalty, force and expose steps"]),
        (example(rng=[3, "zz", None]), ["rng: not a saved random generator state"]),
    ],
)
def test_malformed_positions_are_refused_with_the_key(doc, fragments):
    refused(doc, *fragments)


def building_edit(**keys) -> dict:
    doc = example()
    doc["seats"]["Ben"]["buildings"][0].update(keys)
    return doc


@pytest.mark.parametrize(
    ("doc", "options", "fragments"),
    [
        (
            building_edit(cards=["7H", "3C"], exposed=[]),
            {},
            ["seats.Ben.buildings[0].cards: a farm, estate or château holds 3, 4 or 5", "ARI-33"],
        ),
        (
            building_edit(exposed=["7H"]),
            {},
            ["buildings[0].exposed[0]: only a mismatched card is exposed (ARI-43)"],
        ),
        (
            building_edit(exposed=["3C#2"]),
            {},
            ["exposed[0]: the building has no 3C#2 (its cards: 7H 7D 3C 7D)"],
        ),
        (
            building_edit(production="2C"),
            {},
            ["buildings[0].production: only a farm holds a production card (ARI-58, ARI-A05"],
        ),
        (
            seat_edit("Ann", known=["QS"]),
            {},
            ["seats.Ann.known[0]: QS is not in Ann's hand"],
        ),
        (
            example(step="tax"),
            {},
            ["step: the tax step belongs to the King round, not the Queen round (ARI-32)"],
        ),
        (example(), {"max_years": 1}, ["year: with max_years 1 the game stops", "ARI-A23"]),
        (
            example(step="glory", round="King", turn=None, market=[]),
            {},
            ["seats.Ann.stall: no stalls lie out in the glory step", "ARI-15, ARI-20"],
        ),
        (
            example(turn={"active": "Ann", "acted": ["Ann"]}),
            {},
            ["turn.acted: Ann is acting now"],
        ),
        (
            example(turn={"active": "Ann", "actions_left": 0}),
            {},
            ["turn.actions_left: must be at least 1, not 0"],
        ),
        (
            example(step="penalty", visit={"owner": "Ann", "building": "9H"}),
            {},
            ["visit.owner: a player may not visit her own building (ARI-A20)"],
        ),
        (
            example(step="penalty", visit={"owner": "Cat", "building": "5D"}),
            {},
            ["visit.building: every building card matches", "ARI-41"],
        ),
        (
            example(step="expose", visit={"owner": "Ben", "building": "7S"}),
            {},
            ["visit.building: the expose step needs a mismatched card not yet exposed (ARI-43)"],
        ),
        (
            example(step="penalty", visit={"owner": "Ben", "building": "7S#2"}),
            {},
            ["visit.building: Ben has no building on 7S#2 (buildings: 7S)"],
        ),
    ],
)
def test_positions_that_break_the_rules_are_refused_with_the_rule(doc, options, fragments):
    refused(doc, *fragments, **options)


def chooser_doc(step: str, round_: str, seats: dict, **top) -> dict:
    base = {"Ann": {"hand": ["8D"]}, "Ben": {"hand": ["6S"]}, "Cat": {"hand": ["AH"]}}
    for name, keys in seats.items():
        base[name] = {**base[name], **keys}
    return {
        "format": "aristocracy-position/1",
        "players": ["Ann", "Ben", "Cat"],
        "year": 2,
        "round": round_,
        "herald": "Ben",
        "step": step,
        "seats": base,
        **top,
    }


@pytest.mark.parametrize(
    ("doc", "fragments"),
    [
        (
            chooser_doc("tax", "King", {"Ann": {"hand": words("2S 3S 4S 5S 6S 7S 8S")}}),
            ["step: every player has made her Tax discard, so the tax is over (ARI-32)"],
        ),
        (
            chooser_doc(
                "tax",
                "King",
                {"Ann": {"hand": words("2S 3S 4S 5S 6S 7S 8S 9S"), "discards": []}},
            ),
            ["seats.Ann.discards: Ann holds 8 cards, over her limit of 7: she discards 1"],
        ),
        (
            chooser_doc("tax", "King", {"Ann": {"hand": ["2S"], "discards": ["3S"]}}),
            ["seats.Ann.discards: Ann discarded down to her limit of 7 cards", "ARI-31"],
        ),
        (
            chooser_doc("ball", "Queen", {"Cat": {"ball": []}}),
            ["seats.Ben.ball: missing: choices are made in Herald order (ARI-37, ARI-73)"],
        ),
        (
            chooser_doc("stall", "Queen", {"Ben": {"stall": []}, "Cat": {"hand": []}}),
            ["seats.Cat.hand: Cat holds no cards, so she is passed over"],
        ),
        (
            chooser_doc("stall", "Queen", {n: {"stall": []} for n in ("Ann", "Ben", "Cat")}),
            ["step: every player has formed a stall, so the stall step is over"],
        ),
        (
            chooser_doc("bid", "Jack", {"Ann": {"bid": 4}}),
            ["seats.Ann.bid: a bid is at most the bidder's coins, 3, not 4 (ARI-A16)"],
        ),
        (
            chooser_doc("bid", "Queen", {}),
            ["step: the bid step belongs to the Jack round, not the Queen round (ARI-48)"],
        ),
        (
            chooser_doc("pick", "Jack", {"Ann": {"bid": 1}, "Ben": {"bid": 1}}, market=["QH"]),
            ["seats.Cat.bid: missing: at the pick every bid is revealed (ARI-49)"],
        ),
        (
            chooser_doc(
                "pick",
                "Jack",
                {"Ann": {"bid": 1, "pick": "QH"}, "Ben": {"bid": 2}, "Cat": {"bid": 0}},
                market=["QH"],
            ),
            ["seats.Ann.pick: only the top bidders pick, and Ann bid 1 of 2 (ARI-50, ARI-51"],
        ),
        (
            chooser_doc("glory", "King", {"Ann": {"glory": True}}),
            ["seats.Ann.glory: Ann cannot claim glory", "(ARI-35)"],
        ),
        (
            chooser_doc("glory", "King", {}, market=["QH"]),
            ["market: the market is discarded at cleanup, before Glory (ARI-20)"],
        ),
        (
            chooser_doc("over", "King", {}, ended_by="Ben"),
            ["ended_by: Ben cannot claim glory", "(ARI-35)"],
        ),
        (
            chooser_doc("over", "King", {}, ended_by=None),
            ["ended_by: null means the game stopped at the year cap", "ARI-A23"],
        ),
        (
            chooser_doc("stall", "King", {"Ann": {"bid": 1}}),
            ["seats.Ann.bid: a bid belongs to the bid and pick step, not stall"],
        ),
    ],
)
def test_pending_choices_that_break_the_rules_are_refused(doc, fragments):
    refused(doc, *fragments)


def test_unreadable_files_and_other_games_positions_are_refused(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "aristocracy-position/1", "players": [')
    with pytest.raises(PositionError, match=r"broken\.json: not valid JSON"):
        GAME.new(3, seed=1, options={"position": str(broken)})
    with pytest.raises(PositionError, match="cannot read the position"):
        GAME.new(3, seed=1, options={"position": str(tmp_path / "none.json")})
    other = example(format="nobility-position/1")
    with pytest.raises(PositionError, match="this is a nobility position, not a aristocracy"):
        GAME.new(3, seed=1, options={"position": other})
    with pytest.raises(PositionError, match="the position has 3 players"):
        GAME.new(4, seed=1, options={"position": example()})
    path = tmp_path / "p.json"
    path.write_text(json.dumps(example(herald="Zed")))
    with pytest.raises(PositionError, match=r"p\.json: herald: no player 'Zed'"):
        GAME.new(3, seed=1, options={"position": str(path)})


def test_the_docs_example_is_the_scenarios_example_and_plays_as_the_docs_say():
    """docs/positions/aristocracy.md's first json block is example.position.json; the
    re-visit it describes goes as ARI-42, ARI-44 and ARI-A08 say."""
    root = Path(__file__).parents[3]
    page = (root / "docs" / "positions" / "aristocracy.md").read_text(encoding="utf-8")
    block = json.loads(re.search(r"```json\n(.*?)\n```", page, re.S).group(1))
    path = root / "tests" / "scenarios" / "aristocracy" / "example.position.json"
    assert block == json.loads(path.read_text(encoding="utf-8")) == EXAMPLE
    state = start(block)
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert state.coins[:2] == [3, 3] and state.step == "penalty"
    play(state, ANN, "penalty 3C")
    play(state, ANN, "force discard")
    ben = GAME.view(state, None)["players"][BEN]["buildings"][0]
    assert ben["kind"] == "farm" and state.actions_left == 2 and state.doomed == [parse_card("QS")]
