"""Saved positions (``positions.py``, issue 22): every position a game reaches saves and
loads exactly, and a position that breaks the rules is refused with its key and the rule
(DEC-01, DEC-07, DEC-13, DEC-14, DEC-17, DEC-19, DEC-20, DEC-21, DEC-26, DEC-29, DEC-30,
DEC-32, DEC-33, DEC-37, DEC-59, DEC-A04, DEC-A13, DEC-A14, DEC-A19)."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from functools import partial
from pathlib import Path

import pytest

from bureau.bots import make
from bureau.engine import Match, OptionError
from bureau.engine.positions import PositionError, PositionReader, save_rng
from bureau.games.decrees import GAME
from bureau.games.decrees.positions import load_position, save_position

from .. import common
from .helpers import ANN, BEN, HEADS4, NAMES, kind_of, new_game, play, set_blame

reload = partial(common.reload, GAME)
assert_same = partial(common.assert_same, GAME)
check_position = partial(common.check_position, GAME)


def options_of(state) -> dict:
    """The options ``state`` was set up with (fixtures too), less the position."""
    return {k: v for k, v in state.options.items() if k != "position"}


CONFIGS = [
    (5, 1, {}, "random"),
    (4, 2, {"decision_seconds": 60}, "random"),
    (5, 3, {"sd_choose_one_variant": True}, "heuristic"),
    (4, 4, {"sd_choose_one_variant": True, "tiebreak": "least_dept_blame"}, "heuristic"),
    (5, 5, {"final_audit": True, "max_controllers": 2, "max_turns": 12}, "random"),
    (5, 6, {"sd_discard_count": 2, "max_rebids": 0}, "heuristic"),
    (5, 7, {"spread_to_self": False, "chooser_timeout_action": "own"}, "heuristic"),
    (4, 8, {"allow_blame_trades": False}, "random"),
]


def bot_game(players: int, seed: int, opts: dict, driver: str):
    """A game and a function playing one decision of it (bots or random)."""
    state = GAME.new(list(NAMES[:players]), seed=seed, options=opts)
    rng = random.Random(seed)
    bots = [make("heuristic", GAME, seat=q, seed=seed + q) for q in range(players)]

    def step(t: float) -> None:
        seat = GAME.pending(state)[0]
        if driver == "heuristic":
            action = bots[seat].act(state)
        else:
            action = GAME.sample_action(state, seat, rng)
        GAME.apply(state, seat, action, at=t)

    return state, step


@pytest.mark.parametrize(("players", "seed", "opts", "driver"), CONFIGS)
def test_positions_at_random_points_save_load_and_play_on_alike(players, seed, opts, driver):
    state, step = bot_game(players, seed, opts, driver)
    rng = random.Random(seed * 7)
    points = sorted(rng.sample(range(1, 120), 5))
    done, t = 0, 100.0
    for point in points:
        while done < point and GAME.outcome(state) is None:
            t += 13
            step(t)
            done += 1
        check_position(state, opts, k=point, steps=60)
    while GAME.outcome(state) is None:
        t += 13
        step(t)
    check_position(state, opts, k=0)


def test_every_phase_and_open_offers_save_and_load():
    """Heuristic games with the S&D variant reach the bid, the assignment, turns, the
    chooser's decision (DEC-58), the salvage (DEC-19), open offers and the end; each such
    position, first met, saves and loads alike."""
    opts = {"sd_choose_one_variant": True, "decision_seconds": 30}
    wanted = {"bid", "assign", "turn", "choose", "salvage", "over", "offers", "rebid"}
    seen: set[str] = set()
    for seed in range(20):
        state, step = bot_game(4 + seed % 2, seed, opts, "heuristic")
        t = 50.0
        while True:
            here = {state.phase}
            if state.offers:
                here.add("offers")
            if state.phase == "bid" and state.rebids:
                here.add("rebid")
            if here - seen:
                seen |= here
                check_position(state, opts, k=seed, steps=40)
            if GAME.outcome(state) is not None:
                break
            t += 3
            step(t)
        if wanted <= seen:
            break
    assert wanted <= seen


def test_a_saved_position_loads_back_to_the_same_document():
    state = new_game(hands=["overtime"], top=["scapegoat"])
    set_blame(state, Ben=4)
    play(state, ANN, "offer Ben: Ann gives card overtime; Ben gives 2 blame")
    doc = save_position(state)
    assert doc["offers"] == [
        {"id": 1, "from": "Ann", "text": "offer Ben: Ann gives card overtime; Ben gives 2 blame"}
    ]
    again = reload(state, options_of(state))
    assert save_position(again) == doc
    assert GAME.pending(again) == (BEN,)


def test_a_fixture_deck_is_the_game_s_cards():
    """With ``deck_order`` only its cards are in the game, so a position holds exactly them
    (DEC-07)."""
    state = new_game()
    opts = options_of(state)
    again = reload(state, opts)
    assert_same(state, again)
    doc = save_position(state)
    doc["deck"].append("overtime")
    with pytest.raises(
        PositionError,
        match=r"position: .*: one overtime too many: the game has 4 .*DEC-07",
    ):
        GAME.new(list(NAMES), options={**opts, "position": doc})


def test_a_record_from_a_position_replays():
    """The record keeps the position itself, so it replays without the file."""
    state = new_game(players=4, heads=HEADS4)
    doc = save_position(state)
    opts = {**options_of(state), "position": doc}
    m = Match("decrees", list(NAMES[:4]), seed=8, options=opts)
    rng = random.Random(3)
    for _ in range(40):
        if m.outcome() is not None:
            break
        seat = m.pending()[0]
        m.play(seat, GAME.sample_action(m.state, seat, rng))
    record = json.loads(json.dumps(m.record()))
    assert record["options"]["position"] == doc
    replayed = Match.replay(record)
    for seat in (None, *range(4)):
        assert replayed.view(seat) == m.view(seat)


def test_a_file_position_and_renamed_seats(tmp_path):
    """A file works like the document; the game's names may differ from the position's
    (seat i is seat i)."""
    state = new_game()
    path = tmp_path / "p.json"
    path.write_text(json.dumps(save_position(state)), "utf-8")
    names = ["Al", "Bo", "Cy", "Di", "Ed"]
    again = GAME.new(names, seed=4, options={**options_of(state), "position": str(path)})
    assert again.names == tuple(names)
    assert again.hands == state.hands and again.deck == state.deck
    assert GAME.pending(again) == GAME.pending(state)


# -- short positions: the defaults ---------------------------------------------------------------

HEADS = {"Ann": "EXE", "Ben": "HR", "Cat": "TRE", "Dan": "SS", "Eve": "ADM"}


def short(**parts) -> dict:
    return {"format": "decrees-position/1", "players": list(NAMES), **parts}


def test_a_short_position_takes_the_defaults():
    """Decrees on EXE unstamped (DEC-30), the starting arrows (DEC-20), no blame, three
    actions; the deck is every card not in a hand, with deck_top on top (DEC-07)."""
    doc = short(
        heads=HEADS,
        turn={"player": "Cat"},
        hands={"Cat": ["overtime", "Scapegoat"]},
        deck_top=["whitewash", "good-press"],
        discard=["cover-up"],
    )
    state = GAME.new(list(NAMES), seed=5, options={"position": doc})
    view = GAME.view(state, 2)
    assert view["phase"] == "turn" and view["active"] == 2 and view["actions_left"] == 3
    assert view["arrows"] == ["REF->EXE", "EXE->HR", "EXE->ADM", "ADM->SS"]
    assert [d["at"] for d in view["decrees"]] == ["EXE"] * 5
    assert view["players"][2]["hand"] == ["overtime", "scapegoat"]
    assert view["deck_count"] == 60 - 3
    assert [state.cards[k].key for k in state.deck[-2:]] == ["good-press", "whitewash"]
    assert view["empty"] == "REF" and all(p["blame"] == 0 for p in view["players"])
    assert state.sd in state.deck and state.sd_range is None
    every = Counter(state.deck + state.discard + [k for h in state.hands for k in h])
    assert every == Counter({k: c.copies for k, c in enumerate(state.cards)})
    play(state, 2, "draw")
    assert GAME.view(state, 2)["players"][2]["hand"] == ["overtime", "scapegoat", "whitewash"]


def test_a_bid_in_progress():
    doc = short(
        phase="bid",
        blame={"Ann": 2, "Ben": 2, "Cat": 4, "Dan": 9, "Eve": 2},
        bid={"round": 1, "bidders": ["Ann", "Ben", "Eve"], "bids": {"Ann": 3}},
    )
    state = GAME.new(list(NAMES), seed=1, options={"position": doc})
    assert GAME.pending(state) == (1, 4)
    view = GAME.view(state, ANN)
    assert view["bid"] == {"round": 1, "bidders": [0, 1, 4], "committed": [0], "yours": 3}
    play(state, BEN, "bid 5")
    events = play(state, 4, "bid 1")
    (reveal,) = [e for e in events if e.kind == "bids"]
    assert reveal.data["winner"] == BEN and reveal.data["gains"] == {"0": 3, "1": 5, "4": 6}
    assert state.phase == "assign" and state.dept_of[BEN] == 2


# -- malformed positions -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base() -> dict:
    """A real position: turn 1, Ann's, after her draw."""
    return save_position(new_game())


def refused_with(doc: dict, *words: str, options: dict | None = None) -> str:
    opts = {"deck_order": None, **(options or {}), "position": doc}
    players = list(doc.get("players", NAMES))
    message = common.refusal(PositionError, lambda: GAME.new(players, seed=1, options=opts), *words)
    assert "Traceback" not in message
    return message


def full(base) -> dict:
    """``base`` with the whole house deck: the fixture deck's cards plus the rest, on the
    bottom."""
    doc = copy.deepcopy(base)
    held = Counter(doc["deck"] + doc["discard"] + [c for h in doc["hands"].values() for c in h])
    state = new_game()
    rest = Counter({c.key: c.copies for c in state.cards}) - held
    doc["deck"] += sorted(rest.elements())
    doc["sd_range"] = None
    return doc


def test_the_base_position_loads(base):
    state = GAME.new(list(NAMES), seed=1, options={"position": full(base)})
    assert len(state.deck) + sum(map(len, state.hands)) + len(state.discard) == 60


@pytest.mark.parametrize(
    ("change", "words"),
    [
        # cards conserved (DEC-07)
        (
            lambda d: d["hands"]["Ben"].append("overtime"),
            ["hands.Ben[1]: one overtime too many", "DEC-07"],
        ),
        (lambda d: d["deck"].remove("overtime"), ["deck: overtime is 4 times", "has 5", "DEC-07"]),
        (lambda d: d["hands"]["Ann"].append("magic"), ["hands.Ann[2]: no card is called 'magic'"]),
        (lambda d: d["deck"].__setitem__(3, 7), ["deck[3]: must be a string, not a number"]),
        (
            lambda d: d["hands"]["Cat"].append("stagnation-and-decline"),
            ["hands.Cat", "never held", "DEC-14"],
        ),
        (
            lambda d: d.update(
                discard=["stagnation-and-decline"],
                deck=[c for c in d["deck"] if c != "stagnation-and-decline"],
            ),
            ["position: discard:", "DEC-17"],
        ),
        (lambda d: d.update(sd_range=[0, 1]), ["sd_range:", "DEC-29"]),
        (lambda d: d.update(deck_top=["overtime"]), ["deck_top:", "not both"]),
        # seats and heads (DEC-01, DEC-03, DEC-A19)
        (lambda d: d["blame"].update(Zed=3), ["blame.Zed: no player 'Zed'; the players are Ann"]),
        (lambda d: d["heads"].update(Ben="EXE"), ["heads.Ben: EXE already has a head, Ann", "A19"]),
        (lambda d: d["heads"].pop("Cat"), ["heads.Cat: missing", "DEC-03"]),
        (lambda d: d["heads"].update(Cat="XYZ"), ["heads.Cat: no department 'XYZ'"]),
        # blame (DEC-A13)
        (lambda d: d["blame"].update(Ann=-2), ["blame.Ann: blame is never below 0", "DEC-A13"]),
        (lambda d: d["blame"].update(Ann="3"), ["blame.Ann: must be a whole number, not a string"]),
        (lambda d: d["dept_blame"].update(HR=-1), ["dept_blame.HR:", "DEC-A13"]),
        # arrows (DEC-51, DEC-A04)
        (lambda d: d["arrows"].append("SS->REF"), ["arrows[4]: SS->REF would make control loop"]),
        (lambda d: d["arrows"].append("TRE->HR"), ["arrows[4]: HR is already controlled", "A04"]),
        (lambda d: d["arrows"].append("EXE-HR"), ["arrows[4]: write an arrow as"]),
        # decrees (DEC-13, DEC-33)
        (lambda d: d["decrees"].update(D9={}), ["decrees.D9: no decree 'D9'"]),
        (lambda d: d["decrees"]["D2"].update(stamped=4), ["decrees.D2.stamped: must be at most 3"]),
        (
            lambda d: d["decrees"].update(D2={"at": "enacted", "stamped": 2}),
            ["decrees.D2.stamped: an enacted decree has all its 4 steps stamped", "DEC-13"],
        ),
        (
            lambda d: d["decrees"].update({k: {"at": "enacted"} for k in d["decrees"]}),
            ["position: decrees: every decree is enacted", "DEC-33"],
        ),
        (lambda d: d["decrees"]["D1"].update(where="HR"), ["decrees.D1.where: unknown key"]),
        # the turn (DEC-37)
        (lambda d: d["turn"].pop("player"), ["turn.player: missing"]),
        (lambda d: d["turn"].update(actions_left=0), ["turn.actions_left", "DEC-37"]),
        (lambda d: d["turn"].update(drew="yes"), ["turn.drew: must be true or false"]),
        (lambda d: d.pop("turn"), ["turn: missing"]),
        (
            lambda d: d.update(discard=d["discard"] + d["deck"], deck=[]),
            ["position: deck: the deck is empty, so the game is over", "DEC-32"],
        ),
        # phases and their parts
        (lambda d: d.update(phase="lunch"), ["phase: unknown 'lunch'"]),
        (lambda d: d.update(phase="choose"), ["chooser: missing", "DEC-58"]),
        (lambda d: d.update(chooser="Ann"), ["chooser: a chooser removes blame only"]),
        (
            lambda d: d.update(phase="salvage", salvage={"cards": ["overtime"]}),
            ["phase: the salvage phase needs the option sd_choose_one_variant", "DEC-19"],
        ),
        (lambda d: d.update(bid={"round": 0}), ["bid: there is no bid for Human Resources"]),
        (lambda d: d.update(phase="over"), ["outcome: missing"]),
        (lambda d: d.update(mood="tense"), ["mood: unknown key; the keys are format, players"]),
        (lambda d: d.update(rng=[3, "zz", None]), ["rng: not a saved random generator state"]),
        # offers (DEC-A14)
        (
            lambda d: d.update(
                offers=[{"from": "Ann", "text": "offer Ben Cat: Ann gives 1 blame"}]
            ),
            ["offers[0].text: a deal is between two players", "DEC-A14"],
        ),
        (
            lambda d: d.update(offers=[{"from": "Ann", "text": "offer Ben: Ann gives card fly"}]),
            ["offers[0].text: no card is called 'fly'"],
        ),
        (
            lambda d: d.update(
                offers=[
                    {"from": "Ann", "text": "offer Ben: Ann gives 1 blame"},
                    {"from": "ann", "text": "offer Cat: Cat gives 1 blame"},
                ]
            ),
            ["offers[1].from: Ann already has an open offer"],
        ),
        (lambda d: d.update(offers=[{"text": "offer Ben: Ben gives 1 blame"}]), ["offers[0].from"]),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused(base, change, words):
    doc = full(base)
    change(doc)
    refused_with(doc, *words)


def test_blame_trades_off_refuses_an_offer_of_blame(base):
    doc = full(base)
    doc["offers"] = [{"from": "Ann", "text": "offer Ben: Ben gives 2 blame"}]
    refused_with(doc, "offers[0].text", "DEC-A14", options={"allow_blame_trades": False})


def test_four_players_have_no_reform(base):
    doc = save_position(new_game(players=4, heads=HEADS4))
    refused = copy.deepcopy(doc)
    refused["heads"]["Dan"] = "REF"
    refused_with(refused, "heads.Dan: there is no REF at 4 players (DEC-01)")
    refused = copy.deepcopy(doc)
    refused["decrees"]["D3"] = {"at": "REF"}
    refused_with(refused, "decrees.D3.at: there is no REF at 4 players (DEC-01)")


def test_choose_salvage_and_bid_rules(base):
    doc = full(base)
    doc.update(phase="choose", chooser="Ben")
    doc["decrees"]["D1"] = {"at": "enacted"}
    refused_with(doc, "chooser: Ben heads HR, which is controlled", "DEC-59")
    doc["chooser"] = "Cat"  # TRE is independent
    state = GAME.new(list(NAMES), seed=1, options={"deck_order": None, "position": doc})
    assert GAME.pending(state) == (2,) and GAME.view(state, None)["choose"]["amount"] == 10
    doc["decrees"]["D1"] = {"at": "EXE"}
    refused_with(doc, "chooser: no decree is enacted", "DEC-57")

    bid = short(phase="bid", bid={"round": 0, "bidders": ["Ann", "Ben"]})
    refused_with(bid, "bid.bidders: everybody bids in the first round (DEC-21)")
    bid["bid"] = {"round": 1, "bidders": ["Ann"]}
    refused_with(bid, "bid.bidders", "DEC-26")
    bid["bid"] = {"round": 0, "bids": {"Ann": 7}}
    refused_with(bid, "bid.bids.Ann: a bid is 1 to 6 blame, not 7 (DEC-21)")
    bid["bid"] = {"round": 0, "bids": {n: 2 for n in NAMES}}
    refused_with(bid, "bid.bids: every bidder has bid", "DEC-21")
    bid["bid"] = {"round": 4, "bidders": ["Ann", "Ben"]}
    refused_with(bid, "bid.round: must be at most 3")
    refused_with(short(phase="bid", heads={"Ann": "HR"}), "heads.Ann", "DEC-21")
    refused_with(short(phase="bid", hands={"Ann": ["overtime"]}), "hands.Ann", "DEC-29")
    refused_with(short(phase="assign", heads={"Ann": "EXE"}), "heads:", "DEC-25")
    refused_with(short(phase="bid", dept_blame={"HR": 2}), "dept_blame.HR", "DEC-35")
    refused_with(short(phase="assign", heads={"Ann": "HR"}, arrows=[]), "arrows:", "DEC-20")
    refused_with(
        short(phase="bid", decrees={"D2": {"at": "HR"}}), "decrees.D2: before play", "DEC-30"
    )


def test_salvage_cards_are_the_top_of_the_discard_pile(base):
    doc = full(base)
    doc["deck"].remove("naval-review")
    doc["deck"].remove("cover-up")
    doc.update(
        phase="salvage",
        discard=["naval-review", "cover-up"],
        salvage={"cards": ["cover-up", "naval-review"]},
    )
    opts = {"sd_choose_one_variant": True}
    refused_with(doc, "salvage.cards: the cards to keep one of", "DEC-19", options=opts)
    doc["salvage"]["cards"] = ["naval-review", "cover-up"]
    state = GAME.new(list(NAMES), seed=1, options={**opts, "deck_order": None, "position": doc})
    assert GAME.view(state, None)["salvage"] == ["naval-review", "cover-up"]
    play(state, ANN, "keep cover-up")
    assert kind_of(state, "cover-up") in state.hands[ANN]
    assert GAME.view(state, None)["discard"] == ["naval-review"]


def test_broken_json_another_game_and_wrong_shapes(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"format": "decrees-position/1", "players": [', "utf-8")
    with pytest.raises(PositionError, match=r"p\.json: not valid JSON"):
        GAME.new(5, options={"position": str(path)})
    with pytest.raises(PositionError, match="cannot read the position"):
        GAME.new(5, options={"position": str(tmp_path / "none.json")})
    other = {"format": "nobility-position/1", "players": list(NAMES)}
    with pytest.raises(PositionError, match="format: this is a nobility position, not a decrees"):
        GAME.new(5, options={"position": other})
    refused_with(short(heads=[]), "heads: must be an object, not an array")
    playing = {"heads": HEADS, "turn": {"player": "Ann"}}
    refused_with(short(hands={"Ann": "overtime"}, **playing), "hands.Ann: must be an array")
    refused_with(short(decrees={"D1": "HR"}, **playing), "decrees.D1: must be an object")
    with pytest.raises(PositionError, match="the position has 5 players"):
        GAME.new(4, options={"position": short(heads=HEADS)})
    assert issubclass(PositionError, OptionError)


# -- the hand-written example (docs/positions/decrees.md) ----------------------------------------

ROOT = Path(__file__).parents[3]
EXAMPLE = ROOT / "tests" / "scenarios" / "decrees" / "example.position.json"


def test_the_docs_example_is_the_scenarios_example():
    page = (ROOT / "docs" / "positions" / "decrees.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)\n```", page, re.S)
    assert json.loads(block.group(1)) == json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_the_example_is_the_situation_it_describes():
    """Personal blame Ann 14, Ben 9; D2 sits on HR with one stamp; Ben to act."""
    state = GAME.new(5, seed=0, options={"position": str(EXAMPLE)})
    view = GAME.view(state, BEN)
    assert [p["blame"] for p in view["players"]] == [14, 9, 6, 11, 8]
    assert view["decrees"][1] == {
        "id": "D2",
        "name": "Decree of the Fleet Muster",
        "steps": ["ADM", "HR", "TRE", "ADM"],
        "stamped": 1,
        "at": "HR",
    }
    assert view["pending"] == [BEN] and view["empty"] == "REF" and view["turn"] == 7
    assert view["deck_count"] == 60 - 8 - 3
    play(state, BEN, "stamp D2")  # DEC-56
    play(state, BEN, "forward D2 to TRE")  # DEC-43
    assert state.blame[BEN] == 7
    play(state, BEN, "draw")
    assert GAME.view(state, BEN)["players"][BEN]["hand"] == [
        "good-press",
        "leave-of-absence",
        "urgent-courier",
    ]


def test_a_refused_position_leaves_the_state_as_it_was(base):
    """load_position reads everything before it changes anything (the generator too)."""
    state = new_game()
    before = save_position(state)
    doc = full(base)
    doc["rng"] = save_rng(random.Random(123))
    doc["turn"]["actions_left"] = 0  # read after the generator
    with pytest.raises(PositionError, match=r"turn\.actions_left"):
        load_position(state, doc, PositionReader("p.json", NAMES))
    assert save_position(state) == before
