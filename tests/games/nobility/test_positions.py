"""Saved positions (``positions.py``, issue 22): every position a match reaches saves and
loads exactly and plays on the same; a hand-written position takes its defaults; a
position that breaks the rules is refused with its key and the rule (NOB-01, NOB-02,
NOB-03, NOB-04, NOB-13, NOB-14, NOB-19, NOB-21, NOB-23, NOB-27, NOB-38, NOB-47, NOB-57,
NOB-68, NOB-A04, NOB-A05, NOB-A08, NOB-A09, NOB-A10, NOB-A11, NOB-A12, NOB-A16,
NOB-A17, NOB-A18, NOB-A19)."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import partial
from pathlib import Path

import pytest

from bureau.engine import Match, OptionError
from bureau.engine.positions import PositionError
from bureau.games.nobility import GAME
from bureau.games.nobility.flow import full_deck
from bureau.games.nobility.positions import save_position

from .. import common
from ..common import cards, texts
from .helpers import NAMES

# -- the checks -------------------------------------------------------------------------------


reload = partial(common.reload, GAME)
assert_same = partial(common.assert_same, GAME)


BOLD = ("attack", "income", "add", "merge", "pass", "retrieve", "take", "meld", "disband")


def choose(state, seat: int, rng: random.Random):
    """A random decision that seeks out battles, income, retrievals, merges and deals more
    often than a uniform choice (so that the rarer steps are reached), and seldom concedes."""
    legal = GAME.legal_actions(state, seat)
    keep = [x for x in legal if str(x) != "concede"] or legal
    bold = [x for x in keep if str(x).split()[0] in BOLD]
    roll = rng.random()
    if bold and roll < 0.6:
        return rng.choice(bold)
    if roll < 0.8:
        x = GAME.sample_action(state, seat, rng)
        if str(x) != "concede" or rng.random() < 0.05:
            return x
    return rng.choice(keep)


check_position = partial(common.check_position, GAME, choose=choose)


# -- the property: random points of random matches ----------------------------------------

CONFIGS = [
    (1, {}),
    (2, {"decision_seconds": 60, "max_rubbers": 2, "max_turns": 40}),
    (
        3,
        {
            "hand_defense": "all_nobles_auto",
            "attacks_per_turn": "meld_and_hand",
            "max_elections": 3,
            "income_scope": "noble_suit_only",
        },
    ),
    (4, {"exhaustion_min_cards": 54, "starting_currency_per_player": 40, "max_turns": 150}),
    (
        5,
        {
            "exhaustion_min_cards": 54,
            "merge_requires_acceptance": False,
            "free_retrieval_max": 1,
            "majority_mode": "continuous",
            "capture_meld": "any",
        },
    ),
    (6, {"win_check": "immediate", "rubbers_to_win": 1, "income_table": "diamonds_hearts_shared"}),
    (7, {"stalemate_rule": False, "exhaustion_min_cards": 54, "max_turns": 300}),
]


@pytest.mark.parametrize("again", [0, 10])
@pytest.mark.parametrize(("seed", "opts"), CONFIGS)
def test_every_position_of_a_random_match_saves_loads_and_plays_on_the_same(seed, opts, again):
    seed += again
    state = GAME.new(list(NAMES), seed=seed, options=opts)
    rng = random.Random(seed)
    GAME.begin(state, 1000.0)
    t = 1000.0
    for n in range(1000):
        # every step: the document reads back to itself
        doc = json.loads(json.dumps(save_position(state)))
        again = GAME.new(list(NAMES), seed=seed + 50, options={**opts, "position": doc})
        assert save_position(again) == doc
        if n % 89 == seed:  # a full check every 89 decisions
            check_position(state, opts, k=seed * 1000 + n)
        if GAME.outcome(state) is not None:
            break
        seat = GAME.pending(state)[0]
        t += 7
        GAME.apply(state, seat, choose(state, seat, rng), at=t)
    assert GAME.outcome(state) is not None or n == 999
    check_position(state, opts, k=seed)


def test_the_match_over_saves_its_outcome_and_plays_nothing():
    state = GAME.new(list(NAMES), seed=8, options={"max_rubbers": 1})
    rng = random.Random(8)
    while GAME.outcome(state) is None:
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, choose(state, seat, rng))
    again = reload(state, {"max_rubbers": 1})
    assert GAME.outcome(again) == GAME.outcome(state)
    assert GAME.view(again, None)["outcome"] == GAME.view(state, None)["outcome"]
    assert save_position(again)["turn"]["step"] == "over"


# -- hand-written positions for the rarer steps --------------------------------------------


def complete(doc: dict, into: str = "stock_discard") -> dict:
    """``doc`` with every card it leaves out put on the pile ``into`` (in card order)."""
    named = set()
    for key in ("stock", "stock_discard", "noble_discard"):
        named |= set(cards(" ".join(doc.get(key, []))))
    for hand in doc["hands"].values():
        named |= set(cards(" ".join(hand)))
    for m in doc.get("melds", []):
        named |= set(cards(" ".join([*m["cards"], *m.get("nobles", []), m.get("joker") or ""])))
    battle = doc.get("battle", {})
    named |= set(cards(" ".join([*battle.get("attackers", []), *battle.get("defenders", [])])))
    rest = [c for c in full_deck() if c not in named]
    return {**doc, into: [*doc.get(into, []), *texts(rest)]}


def position(**keys) -> dict:
    return {"format": "nobility-position/1", "players": list(NAMES), "dealer": "Cat", **keys}


HANDS = {"Ann": ["5C", "9D", "3H"], "Ben": ["2D", "6C", "4S"], "Cat": ["10D", "7S", "2C"]}

WRITTEN = {
    # Ben paid for two of his four nobles and must choose which two to drop (NOB-A16).
    "drop": (
        position(
            turn={"player": "Ann", "step": "drop", "meld_operations": 1, "number": 31},
            bank=172,
            money={"Ann": 3, "Ben": 5},
            hands={"Ann": ["5C", "9D"], "Ben": ["2D", "3D", "4S"], "Cat": ["10D", "7D", "2C"]},
            placed=["QH", "JH", "AH", "JC"],
            melds=[
                {"owner": "Ben", "cards": ["2H", "3H", "4H", "5H"], "nobles": ["QH", "JH", "AH"]},
                {"owner": "Ben", "cards": ["6C", "7C", "8C"], "nobles": ["JC"]},
                {"owner": "Ann", "cards": ["6S", "8S", "7S"]},  # any order
            ],
            noble_discard=["KD"],
            maintenance={"player": "Ben", "drop": 2},
            elections=1,
            stock_discard=["9C"],
        ),
        {},
    ),
    # Four nobles against a meld defended by one: Ann chooses three to lose (NOB-A04).
    "lose_attacker": (
        position(
            turn={"player": "Ann", "step": "lose"},
            hands={"Ann": ["5C"], "Ben": ["2D", "6D", "4D"], "Cat": ["10D", "7D", "2S"]},
            melds=[{"owner": "Ben", "cards": ["5H", "6H", "7H"], "nobles": ["KH"]}],
            battle={"meld": "6H", "attackers": ["AS", "JS", "QS", "KS"]},
            placed=["KH"],
        ),
        {},
    ),
    # Two against a hand defended by two: Ben keeps one, his choice (NOB-A04, NOB-A05).
    "lose_defender": (
        position(
            turn={"player": "Ann", "step": "lose", "drew": True},
            hands={"Ann": ["5C", "9C"], "Ben": ["2D"], "Cat": ["10D", "7D", "2S"]},
            battle={
                "defender": "Ben",
                "attackers": ["KS", "QS"],
                "defenders": ["KH", "QH"],
            },
            known={"Ann": ["9C"]},
        ),
        {},
    ),
    # Cat sees three attackers and chooses her defenders (NOB-A05).
    "defend": (
        position(
            turn={"player": "Ann", "step": "defend"},
            hands={"Ann": ["5C"], "Ben": ["2D", "3D", "4D"], "Cat": ["KH", "AH", "2S"]},
            battle={"defender": "Cat", "attackers": ["KS", "QS", "JS"]},
            melds=[{"owner": "Cat", "cards": ["5H", "6H", "7H"]}],
        ),
        {},
    ),
    # The Exhausted state: Ann passed and offered Ben her meld; Ben must answer (NOB-A19).
    "merge": (
        complete(
            position(
                turn={"player": "Ann", "step": "merge", "number": 80, "in_rubber": 44},
                hands=HANDS,
                melds=[
                    {"owner": "Ann", "cards": ["5D", "6D", "7D"], "nobles": ["KD"]},
                    {"owner": "Ben", "cards": ["10S", "2S", "3S"], "joker": "RJ"},
                ],
                elections=2,
                exhausted=True,
                offers=[{"from": "Ann", "offer": "offer Ben: Ann gives meld 5D", "id": 7}],
                next_deal=9,
                rubbers=[
                    {
                        "winner": "Cat",
                        "reason": "controls all 36 provinces",
                        "provinces": {"Cat": 36},
                    }
                ],
                tally={"battles": 4, "deals": 2},
                stock=[],
            )
        ),
        {},
    ),
    # The coalition window: Cat to decide, after Ann's replenish emptied the stock (NOB-A09).
    "window": (
        complete(
            position(
                turn={"player": "Ann", "step": "election", "meld_operations": 2},
                hands=HANDS,
                money={"Ann": 40, "Ben": 20, "Cat": 15},
                melds=[
                    {"owner": "Ann", "cards": ["5D", "6D", "7D", "8D"]},
                    {"owner": "Cat", "cards": ["6H", "7H", "8H", "9H", "10H", "2H"]},
                ],
                elections=1,
                majority=["Cat"],
                window="Cat",
                stock=[],
            )
        ),
        {},
    ),
    # Cat conceded; in the Exhausted state one idle turn has passed; a coalition offer
    # waits for Ann (NOB-A10, NOB-A11).
    "idle": (
        complete(
            position(
                turn={"player": "Ann", "step": "start"},
                hands={"Ann": ["5C", "9D", "3H"], "Ben": ["2D", "6C", "4S"], "Cat": []},
                melds=[{"owner": "Cat", "cards": ["5D", "6D", "7D"]}],
                elections=3,
                exhausted=True,
                conceded=["Cat"],
                idle_turns=1,
                offers=[{"from": "Ben", "offer": "offer Ann: coalition; Ben gives 5"}],
                money={"Ben": 5},
                stock=[],
            )
        ),
        {},
    ),
    # Ben holds five cards from a deal and discards at once; Ann's captured cards and
    # clocks (NOB-21, NOB-A07).
    "surplus": (
        position(
            turn={
                "player": "Ann",
                "step": "meld",
                "attacked": ["hand"],
                "hand_captured": True,
                "foe": "Cat",
                "captured": ["2H", "3H"],
                "offers_made": 1,
            },
            hands={
                "Ann": ["2H", "3H", "4H", "KS"],
                "Ben": ["2D", "6C", "4S", "9S", "9D"],
                "Cat": [],
            },
            known={"Ben": ["9D"]},
            surplus=["Ben"],
            step_started=1700000000,
            money={"Ann": 100, "Ben": 30, "Cat": 50},
        ),
        {"decision_seconds": 3600},
    ),
    # The match is over: Ann has won two rubbers (NOB-68, NOB-A18).
    "over": (
        position(
            turn={"player": "Ben", "step": "over", "number": 200, "in_rubber": 60},
            rubbers=[
                {"winner": "Ann", "reason": "controls all 36 provinces", "provinces": {"Ann": 36}},
                {
                    "winner": None,
                    "first": ["Ben", "Cat"],
                    "reason": "election cap: election 8 counted",
                    "provinces": {"Ann": 3, "Ben": 9, "Cat": 9},
                    "money": {"Ben": 20, "Cat": 20},
                },
                {"winner": "Ann", "reason": "the others conceded", "out": ["Ben", "Cat"]},
            ],
            hands={"Ann": ["5C"], "Ben": [], "Cat": []},
            conceded=["Ben", "Cat"],
        ),
        {},
    ),
    # The turn cap stopped the match (max_turns).
    "capped": (
        position(
            turn={"player": "Cat", "step": "over", "number": 11},
            hands={"Ann": ["5C", "6C", "7C"], "Ben": ["2D", "3D", "4D"], "Cat": ["8S", "9S", "KS"]},
            capped=True,
        ),
        {"max_turns": 10},
    ),
}


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_a_hand_written_position_loads_saves_and_plays_on_the_same(name):
    doc, opts = WRITTEN[name]
    state = GAME.new(list(NAMES), seed=3, options={**opts, "position": copy.deepcopy(doc)})
    saved = save_position(state)
    assert saved["turn"]["step"] == doc["turn"]["step"]
    again = GAME.new(list(NAMES), seed=4, options={**opts, "position": saved})
    assert save_position(again) == saved
    check_position(state, opts, k=len(name))


def test_the_written_steps_are_what_the_rules_leave_open():
    drop = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["drop"][0]})
    view = GAME.view(drop, 1)
    assert view["drop"] == {"player": 1, "count": 2}  # NOB-A16: Ben paid for two of four
    assert str(GAME.timeout_action(drop, 1)) == "drop AH JC"  # the most recently placed
    lose = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["lose_attacker"][0]})
    assert GAME.view(lose, None)["lose"] == {
        "player": 0,
        "count": 3,
        "from": texts(cards("AS JS QS KS")),
    }
    assert GAME.view(lose, None)["battle"]["defenders"] == ["KH"]  # the meld's own noble
    kept = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["lose_defender"][0]})
    assert GAME.view(kept, None)["lose"]["player"] == 1  # NOB-A04: the defender chooses
    window = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["window"][0]})
    assert GAME.pending(window) == (2,)
    assert GAME.view(window, None)["window"] == {"order": [0, 1, 2], "current": 2}
    merge = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["merge"][0]})
    assert GAME.pending(merge) == (1,)
    assert merge.offers[0].tag == "merge" and GAME.view(merge, 1)["offers"][0]["id"] == 7
    over = GAME.new(list(NAMES), seed=1, options={"position": WRITTEN["over"][0]})
    assert GAME.outcome(over).winners == (0,)
    assert GAME.view(over, None)["wins"] == [2, 0, 0]
    capped = GAME.new(
        list(NAMES), seed=1, options={"max_turns": 10, "position": WRITTEN["capped"][0]}
    )
    assert (
        GAME.outcome(capped).capped
        and "turn cap (10 turns in rubber 1)" in GAME.outcome(capped).reason
    )


def test_a_position_names_seats_by_its_own_players_whatever_the_tables_names():
    doc, _ = WRITTEN["merge"]
    state = GAME.new(["Xia", "Yan", "Zoe"], seed=1, options={"position": doc})
    assert state.names == ("Xia", "Yan", "Zoe")
    assert GAME.view(state, 0)["offers"][0]["text"] == "offer Yan: Xia gives meld 5D"
    assert save_position(state)["players"] == ["Xia", "Yan", "Zoe"]


def test_left_out_parts_take_their_defaults():
    doc = position(hands={"Ann": 3, "Ben": ["KS", "QS", "JS"], "Cat": "2H 3H 4H"}, bank=180)
    state = GAME.new(list(NAMES), seed=5, options={"position": doc})
    assert state.active == 0 and state.phase == "start"  # the dealer's left begins (NOB-09)
    assert len(state.hands[0]) == 3 and not set(state.hands[0]) & set(cards("KS QS JS"))
    assert len(state.stock) == 54 - 9 and state.money == [0, 0, 0]
    same = GAME.new(list(NAMES), seed=5, options={"position": doc})
    assert same.stock == state.stock  # the seed deals the rest: reproducible
    other = GAME.new(list(NAMES), seed=6, options={"position": doc})
    assert other.stock != state.stock


def test_rng_carries_the_future_and_without_it_the_seed_draws_it():
    doc = save_position(GAME.new(list(NAMES), seed=2))
    a = GAME.new(list(NAMES), seed=7, options={"position": doc})
    b = GAME.new(list(NAMES), seed=8, options={"position": doc})
    assert a.rng.getstate() == b.rng.getstate()
    del doc["rng"]
    b = GAME.new(list(NAMES), seed=7, options={"position": doc})
    c = GAME.new(list(NAMES), seed=8, options={"position": doc})
    assert b.rng.getstate() != c.rng.getstate()


def test_a_record_that_starts_from_a_position_replays():
    doc, opts = WRITTEN["window"]
    m = Match("nobility", list(NAMES), seed=3, options={**opts, "position": doc})
    rng = random.Random(3)
    while m.outcome() is None and len(m.actions) < 60:
        seat = m.pending()[0]
        m.play(seat, choose(m.state, seat, rng))
    record = json.loads(json.dumps(m.record()))
    assert record["options"]["position"] == doc
    again = Match.replay(record)
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == m.view(seat)
    assert save_position(again.state) == save_position(m.state)


# -- malformed positions ------------------------------------------------------------------

BASE = position(
    turn={"player": "Ann", "step": "meld"},
    bank=20,
    money={"Ann": 10, "Cat": 150},
    hands={"Ann": ["QS", "KS", "4D", "AH"], "Ben": ["5D", "6D", "JC"], "Cat": ["2S", "KD", "BJ"]},
    melds=[
        {"owner": "Cat", "cards": ["9H", "10H", "2H"], "nobles": ["JH"]},
        {"owner": "Cat", "cards": ["5C", "6C", "7C", "8C"]},
        {"owner": "Ben", "cards": ["3S", "4S", "5S"]},
    ],
    stock_discard=["8D", "9S"],
    noble_discard=["QD"],
)


def edit(**changes) -> dict:
    doc = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    return doc


def refusal(doc, **opts) -> str:
    options = {**opts, "position": doc}
    return common.refusal(PositionError, lambda: GAME.new(list(NAMES), seed=1, options=options))


def test_the_base_of_the_refusals_loads():
    state = GAME.new(list(NAMES), seed=1, options={"position": BASE})
    assert state.bank == 20 and state.money == [10, 0, 150]


MELDS = BASE["melds"]
HAND = BASE["hands"]

REFUSED = [
    # (the document, the key path, what the message must say)
    (
        edit(stock_discard=["8D", "9S", "QS"]),
        "stock_discard[2]",
        "QS is also at hands.Ann[0]: every card is in exactly one place (NOB-02)",
    ),
    (edit(stock=["2D"]), "stock", "cards are nowhere"),
    (edit(bank=30), "bank", "the Bank holds 30 but the currency adds up to 190, not 180 (NOB-03)"),
    (edit(bank=None, money={"Ann": 100, "Cat": 150}), "money", "more than the 180 units (NOB-03)"),
    (edit(money={"Ann": -5}), "money.Ann", "must be at least 0"),
    (edit(hands={**HAND, "Ann": ["QS", "KS", "4D", "1H"]}), "hands.Ann[3]", "'1H' is not a card"),
    (
        edit(hands={**HAND, "Dan": []}),
        "hands.Dan",
        "no player 'Dan'; the players are Ann, Ben, Cat",
    ),
    (edit(hands={"Ann": HAND["Ann"], "Ben": HAND["Ben"]}), "hands.Cat", "missing"),
    (edit(hands=None), "hands", "missing"),
    (edit(hands="all"), "hands", "must be an object"),
    (edit(bank="20"), "bank", "must be a whole number, not a string"),
    (edit(colour="red"), "colour", "unknown key"),
    (edit(turn={"player": "Ann", "step": "dance"}), "turn.step", "unknown 'dance'"),
    (edit(turn={"player": "Zed"}), "turn.player", "no player 'Zed'"),
    (
        edit(melds=[*MELDS[:2], {"owner": "Ben", "cards": ["3S", "4S", "6S"]}]),
        "melds[2].cards",
        "(NOB-13, NOB-14)",
    ),
    (
        edit(melds=[{**MELDS[0], "nobles": ["JH", "QD"]}, *MELDS[1:]], noble_discard=[]),
        "melds[0].nobles[1]",
        "(NOB-23, NOB-A12)",
    ),
    (
        edit(melds=[{**MELDS[0], "joker": "KD"}, *MELDS[1:]]),
        "melds[0].joker",
        "(NOB-27, NOB-A12)",
    ),
    (
        edit(melds=[{**MELDS[0], "cards": ["9H", "10H", "JH"]}, *MELDS[1:]]),
        "melds[0].cards[2]",
        "JH is not a province card (2 to 10) (NOB-04, NOB-13)",
    ),
    (
        edit(noble_discard=["QD", "7H"], stock_discard=["8D", "9S"]),
        "noble_discard[1]",
        "(NOB-57, NOB-38)",
    ),
    (
        edit(hands={**HAND, "Ben": ["5D", "6D", "JC", "7H"]}),
        "hands.Ben",
        "Ben holds 4 cards outside her turn",
    ),
    (edit(surplus=["Ben"]), "surplus", "Ben owes no discard"),
    (edit(known={"Ben": ["KS"]}), "known.Ben", "(NOB-A17)"),
    (edit(turn={"player": "Ann", "step": "lose"}), "battle", "missing"),
    (
        edit(
            turn={"player": "Ann", "step": "lose"},
            hands={**HAND, "Ann": ["4D", "AH"]},
            battle={"meld": "9H", "attackers": ["QS", "KS"]},
        ),
        "battle",
        "2 attacking and 1 defending nobles leave no losses to choose (NOB-A04)",
    ),
    (
        edit(
            turn={"player": "Ann", "step": "defend"},
            hands={**HAND, "Ann": ["4D", "AH"], "Ben": ["5D", "6D"]},
            battle={"defender": "Ben", "attackers": ["QS", "KS"], "defenders": ["JC"]},
        ),
        "battle.defenders",
        "has not chosen her defenders yet (NOB-A05)",
    ),
    (
        edit(turn={"player": "Ann", "step": "drop"}, maintenance={"player": "Cat", "drop": 1}),
        "maintenance",
        "(NOB-A16)",
    ),
    (edit(maintenance={"player": "Cat", "drop": 1}), "maintenance", "only in the step drop"),
    (edit(exhausted=True), "exhausted", "(NOB-A10)"),
    (
        edit(elections=1, exhausted=True),
        "stock",
        "in the Exhausted state there is no stock (NOB-A10)",
    ),
    (edit(elections=8), "elections", "(max_elections, NOB-A11)"),
    (edit(coalition=["Ann"]), "coalition", "a coalition is two players"),
    (edit(majority=["Ann", "Ben", "Cat"]), "majority", "(NOB-A09)"),
    (edit(turn={"player": "Ann", "step": "over"}), "turn.step", "(NOB-68, NOB-A18)"),
    (
        edit(rubbers=[{"winner": "Ann", "reason": "x"}, {"winner": "Ann", "reason": "y"}]),
        "rubbers[1]",
        "the match ended with rubber 2",
    ),
    (
        edit(rubbers=[{"winner": None, "reason": "x", "first": ["Ann"]}]),
        "rubbers[0].first",
        "(NOB-A11, NOB-A18)",
    ),
    (edit(conceded=["Ann"]), "turn.player", "Ann has conceded the rubber (NOB-A11)"),
    (
        edit(offers=[{"from": "Ben", "offer": "offer Ann Cat: Ben gives 5"}]),
        "offers[0].offer",
        "between two players",
    ),
    (
        edit(offers=[{"from": "Ben", "offer": "offer Ann: coalition"}]),
        "offers[0].offer",
        "(NOB-A09, NOB-A10)",
    ),
    (
        edit(offers=[{"from": "Ben", "offer": "hello"}]),
        "offers[0].offer",
        "write the offer as made",
    ),
    (edit(step_started="noon"), "step_started", "must be a number"),
    (edit(rng=[3, "zz", None]), "rng", "not a saved random generator state"),
    (edit(players=["Ann", "Ben"]), "players", "the position has 2 players (Ann, Ben), not 3"),
]


@pytest.mark.parametrize(
    ("doc", "path", "says"), REFUSED, ids=[path or "top" for _, path, _ in REFUSED]
)
def test_a_position_that_breaks_the_rules_is_refused_with_its_key_and_rule(doc, path, says):
    message = refusal(doc)
    assert message.startswith(f"position: {path}: " if path else "position: "), message
    assert says in message, message


def test_refusals_name_the_file_and_broken_json_is_refused(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(edit(bank=30)))
    assert refusal(str(path)).startswith(f"{path}: bank: the Bank holds 30")
    path.write_text('{"format": "nobility-position/1", "players": [')
    with pytest.raises(OptionError, match="not valid JSON"):
        GAME.new(list(NAMES), seed=1, options={"position": str(path)})


def test_a_position_of_another_game_is_refused():
    doc = {**BASE, "format": "decrees-position/1"}
    assert "this is a decrees position, not a nobility one" in refusal(doc)


def test_a_refused_position_makes_no_game():
    with pytest.raises(PositionError):
        Match("nobility", list(NAMES), seed=1, options={"position": edit(bank=30)})


def test_a_hand_given_as_a_count_cannot_ask_for_more_cards_than_are_left():
    doc = edit(hands={**HAND, "Ben": 40})
    assert re.search(r"hands: the hands given as numbers want 40 cards but only \d+", refusal(doc))


def test_the_docs_example_is_the_scenarios_example_and_loads():
    root = Path(__file__).parents[3]
    page = (root / "docs" / "positions" / "nobility.md").read_text(encoding="utf-8")
    block = json.loads(re.search(r"```json\n(.*?)\n```", page, re.S).group(1))
    example = root / "tests" / "scenarios" / "nobility" / "example.position.json"
    assert json.loads(example.read_text(encoding="utf-8")) == block
    state = GAME.new(3, seed=0, options={"position": str(example)})
    view = GAME.view(state, None)
    assert view["bank"] == 20 and [pv["money"] for pv in view["players"]] == [10, 0, 150]
    assert [m["owner"] for m in view["melds"]] == [2, 2, 1]  # South (Cat) has two melds
    assert view["stock_count"] == 54 - 9 - 11 - 3 - 1  # hands, melds, discard piles


def spots(obj) -> list[tuple]:
    """Every (container, key) inside a JSON value."""
    out = []
    for key, value in obj.items() if isinstance(obj, dict) else enumerate(obj):
        out.append((obj, key))
        if isinstance(value, dict | list):
            out += spots(value)
    return out


VALUES = [None, 0, -1, 7, 10**9, 1.5, True, "", "x", "Ann", "QS", "9H 10H", [], ["QS"], {}, [{}]]


def test_no_mangled_position_gives_a_traceback():
    """Any key of any example changed to a value of the wrong kind, or dropped: the game
    refuses it with a PositionError, or loads it and plays on without error."""
    rng = random.Random(5)
    docs = [doc for doc, _ in WRITTEN.values()] + [BASE]
    for k in range(400):
        doc = copy.deepcopy(rng.choice(docs))
        obj, key = rng.choice(spots(doc))
        if isinstance(obj, dict) and rng.random() < 0.2:
            del obj[key]
        else:
            obj[key] = copy.deepcopy(rng.choice(VALUES))
        try:
            state = GAME.new(list(NAMES), seed=1, options={"position": doc})
        except OptionError:
            continue
        play = random.Random(k)
        for _ in range(20):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.pending(state)[0]
            GAME.apply(state, seat, GAME.sample_action(state, seat, play))
        save_position(state)
