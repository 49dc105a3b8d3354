"""Saved positions (``positions.py``): a game starts from a saved position, scenario plus
state (NSE-A01 scenario data, NSE-118 the game state between Nights), so any battle or Night
can be set up exactly."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path

import pytest

from bureau.cli.moderate import Console
from bureau.engine import MODERATOR, Match, OptionError
from bureau.games.noblesse import diplomacy
from bureau.games.noblesse.positions import (
    DROPPED,
    FORMAT,
    RENAMED,
    load_position,
    save_position,
)
from bureau.games.noblesse.state import House, State, Unit

from .helpers import GAME, HOMES, NAMES, ROLES, act, resolve, started, table

SEATS = (None, MODERATOR, *range(len(NAMES)))


def bot_match(seed: int, nights: int, extra: int = 0) -> tuple[Match, random.Random]:
    """A bot game played through ``nights`` Nights and ``extra`` more actions."""
    m = Match("noblesse", list(NAMES), seed=seed, options={"max_nights": 40}, bots_only=True)
    rng = random.Random(seed)
    while m.outcome() is None and m.state.night < nights:
        bot_step(m, rng)
    for _ in range(extra):
        bot_step(m, rng)
    return m, rng


def bot_step(m: Match, rng: random.Random, twin: Match | None = None):
    """One bot action, played on ``m`` and the same on ``twin``; returns both events."""
    seat = m.pending()[0]
    action = m.game.sample_action(m.state, seat, rng)
    events = m.play(seat, action)
    if twin is None:
        return events, None
    return events, twin.play(seat, action)


def saved(m: Match, tmp_path, name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(save_position(m.state), ensure_ascii=False), "utf-8")
    return str(path)


def same_views(a: Match, b: Match) -> None:
    for seat in SEATS:
        assert a.view(seat) == b.view(seat), f"the view of seat {seat} differs"


def assert_same_state(a: State, b: State) -> None:
    """Every State slot equal (dict order and value types too), battles aside."""
    for name in State.__slots__:
        if name in ("battles", "options", "scenario", "designs", "step_started"):
            continue
        x, y = getattr(a, name), getattr(b, name)
        if name == "rng":
            assert x.getstate() == y.getstate()
        elif name == "houses":
            for h1, h2 in zip(x, y, strict=True):
                for slot in House.__slots__:
                    v1, v2 = getattr(h1, slot), getattr(h2, slot)
                    assert (v1, type(v1)) == (v2, type(v2)), f"House.{slot}"
        elif name == "units":
            assert list(x) == list(y)
            for u1, u2 in zip(x.values(), y.values(), strict=True):
                for slot in Unit.__slots__:
                    v1, v2 = getattr(u1, slot), getattr(u2, slot)
                    assert (v1, type(v1)) == (v2, type(v2)), f"Unit.{slot}"
        elif isinstance(x, dict):
            assert list(x.items()) == list(y.items()), name
        else:
            assert x == y, name


# -- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_nse118_a_saved_bot_game_loads_into_a_new_game_with_identical_views(seed, tmp_path):
    """NSE-118: the whole game state between Nights (and within a Day, orders given so far)
    is saved; a new game started from it (``position=FILE``, another seed) is the same game
    for every seat, the public and the moderator."""
    for nights, extra in ((0, 3), (3, 0), (4, 5)):
        m, _ = bot_match(seed, nights, extra)
        path = saved(m, tmp_path)
        again = Match("noblesse", list(NAMES), seed=seed + 50, options={"position": path})
        same_views(m, again)
        assert_same_state(m.state, again.state)
        assert save_position(again.state) == json.loads(Path(path).read_text("utf-8"))


def test_nse118_the_next_night_resolves_the_same_from_the_saved_position(tmp_path):
    """NSE-118: resolving the next Night with the same orders from the original and the
    loaded game gives the same events, reports, post and views."""
    m, rng = bot_match(3, 3, extra=2)
    again = Match("noblesse", list(NAMES), seed=77, options={"position": saved(m, tmp_path)})
    night = m.state.night
    while m.state.night == night:
        events, twin = bot_step(m, rng, again)
        assert [(e.kind, e.audience, e.data) for e in events] == [
            (e.kind, e.audience, e.data) for e in twin
        ]
        assert [m.game.describe(m.state, e) for e in events] == [
            again.game.describe(again.state, e) for e in twin
        ]
    assert again.state.night == night + 1
    assert m.state.reports == again.state.reports and m.state.post == again.state.post
    same_views(m, again)
    assert_same_state(m.state, again.state)


def fined(f1: str, f2: str) -> str:
    """A treaty: f1 stays out of E5, f2 pays 2 $ a cycle; a breach costs 30 $."""
    return (
        f"Faction 1 promises:\n"
        f'"{f1}" "will not" enter "E5" on the game board, with "any units" "for 3 cycles";\n'
        "Faction 2 promises:\n"
        f'"{f2}\'s" faction leader will pay a "2" of "Money" to the "{f1}\'s" leader '
        '"each cycle for 3 cycles";\n'
        "Penalties:\n"
        "the offending faction's leader pays the offended faction leader the "
        '"30" of "Money" "".\n'
        "Expiration:\n"
        'the treaty is ended "at the start of 5 cycles" from the moment the treaty starts.'
    )


def test_nse118_treaties_proposals_breaches_and_debts_round_trip():
    """NSE-118: signed treaties (running, with accepted breach reports, applied penalties,
    dues and debts) and open proposals are saved as canonical text plus their bookkeeping,
    re-read, and run on the same after loading."""
    st = started()
    diplomacy.propose(st, 0, "fleurs", fined("The Pape", "Le Roi des Fleurs"))
    diplomacy.sign(st, 2, st.proposals[-1]["id"])
    diplomacy.propose(st, 4, "alliance", fined("The Twice Crowned King", "The Alliance of States"))
    resolve(st)  # the treaty starts
    diplomacy.report_breach(st, 2, 1, 2)  # Fleurs reports itself: accepted unchecked
    resolve(st)  # the penalty: 30 $, mostly owed
    assert st.treaties[0]["debts"] and st.owed and st.proposals
    doc = json.loads(json.dumps(save_position(st)))
    again = table()
    load_position(again, doc, "treaties.json")
    assert_same_state(st, again)
    assert again.treaties == st.treaties and again.proposals == st.proposals
    diplomacy.report_breach(st, 0, 1, 1)  # and the Pape itself
    diplomacy.report_breach(again, 0, 1, 1)
    resolve(st)
    resolve(again)
    assert_same_state(st, again)
    for seat in SEATS:
        assert GAME.view(st, seat) == GAME.view(again, seat)


def test_a_position_with_orders_given_mid_day_keeps_them():
    """NSE-118: orders written during the Day are part of the saved state, in their order."""
    st = started()
    act(st, 0, "steward A2")
    act(st, 0, "move U5 to A2")
    doc = save_position(st)
    assert doc["houses"][0]["orders"] == [str(o) for o in st.houses[0].orders]
    again = table()
    load_position(again, doc, "orders.json")
    assert again.houses[0].orders == st.houses[0].orders


def test_nse118_every_slot_of_state_house_and_unit_is_saved():
    """NSE-118: the document covers every State, House and Unit slot but the ones
    ``DROPPED``, so a slot added later cannot be lost silently."""
    m, _ = bot_match(6, 1)
    doc = save_position(m.state)
    kept = {RENAMED.get(slot, slot) for slot in State.__slots__ if slot not in DROPPED}
    assert kept | {"format", "scenario"} == set(doc)  # the scenario option, not its data
    assert set(doc["houses"][0]) == {"player", *House.__slots__}
    assert set(doc["units"][0]) == set(Unit.__slots__)


def test_offers_and_contacts_round_trip():
    """NSE-118: marriage and hostage offers (with their answers) and Faction Leaders'
    contacts are part of the state between Day actions."""
    st = started()
    st.marriage_offers = [(1, 3, "Political Marriage", "offered")]
    st.hostage_offers = [(5, 7, "accepted")]
    st.houses[1].contacted = 0
    doc = json.loads(json.dumps(save_position(st)))
    assert doc["hostage_offers"] == [["Fay", "Hal", "accepted"]]
    again = table()
    load_position(again, doc, "offers.json")
    assert_same_state(st, again)
    doc["hostage_offers"] = [["Fay", "Hal", "maybe"]]
    with pytest.raises(OptionError, match=r"offers\.json: hostage_offers\[0\]\[2\]: unknown"):
        load_position(table(), doc, "offers.json")


# -- a hand-written position -----------------------------------------------------------------


def minimal(**changes) -> dict:
    """A hand-written position: Day 1, two units of hostile factions on E5."""
    doc = {
        "format": FORMAT,
        "scenario": "house_default_v1",
        "players": list(NAMES),
        "night": 1,
        "phase": "day",
        "houses": [
            {"player": n, "role": int(r), "home": h}
            for n, r, h in zip(NAMES, ROLES, HOMES, strict=True)
        ],
        "units": [
            {
                "id": 1,
                "owner": "Ann",
                "kind": "Division",
                "square": "E5",
                "companies": ["O2", "C7", "C7", "C6", "F2", "F2", "R1"],
                "fresh": False,
            },
            {
                "id": 2,
                "owner": "Cat",
                "kind": "Regiment",
                "square": "E5",
                "companies": ["O1", "C2", "F6"],
                "fresh": False,
            },
        ],
    }
    doc.update(changes)
    return doc


def test_nse_a01_a_hand_written_position_sets_up_a_battle_that_resolves(tmp_path):
    """NSE-A01: scenario data plus a hand-written minimal state (two units of different,
    hostile factions on one square): the next Night fights their battle, and the weaker
    unit is destroyed."""
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(minimal()), "utf-8")
    m = Match("noblesse", list(NAMES), options={"position": str(path)})
    st = m.state
    assert [u.id for u in st.units.values()] == [1, 2] and st.next_unit == 3
    assert st.leaders == [0, 2, 4, 6]  # the roles' Faction Leaders
    assert st.houses[2].res == list(st.scenario.defaults.starting_resources)
    for seat in m.pending():
        m.play(seat, "done")
    assert st.night == 2
    assert [(sq, seats) for sq, seats, _ in st.battles] == [("E5", (0, 2))]
    assert st.battles[0][2].winner == "pape"
    assert 1 in st.units and 2 not in st.units
    assert any("Battle at E5" in line for line in st.post)


# -- broken documents ------------------------------------------------------------------------


def broken(edit) -> dict:
    doc = copy.deepcopy(minimal())
    edit(doc)
    return doc


@pytest.mark.parametrize(
    "edit, key, problem",
    [
        (lambda d: d["units"][1].update(square="K11"), "units[1].square", "not a square"),
        (lambda d: d["houses"][2].update(home="A0"), "houses[2].home", "not a square"),
        (lambda d: d["houses"][1].update(spouse="Zed"), "houses[1].spouse", "no player 'Zed'"),
        (lambda d: d["units"][0].update(owner="Zed"), "units[0].owner", "no player 'Zed'"),
        (lambda d: d["units"][0].pop("kind"), "units[0].kind", "missing"),
        (lambda d: d.pop("night"), "night", "missing"),
        (lambda d: d["houses"][3].pop("role"), "houses[3].role", "missing"),
        (lambda d: d.update(night="1"), "night", "must be a whole number, not a string"),
        (lambda d: d["houses"][0].update(res={"Inf": "x"}), "houses[0].res.Inf", "whole number"),
        (lambda d: d["units"][0].update(fresh=1), "units[0].fresh", "true or false"),
        (lambda d: d.update(units={}), "units", "must be an array"),
        (lambda d: d["units"][0].update(colour="red"), "units[0].colour", "unknown key"),
        (lambda d: d["units"][1].update(id=1), "units[1].id", "listed twice"),
        (lambda d: d["units"][1].update(kind="Legion"), "units[1].kind", "'Legion'"),
        (
            lambda d: d["units"][1].update(commander="officer", leader="Bob"),
            "units[1].leader",
            "Unique Officer",
        ),
        (lambda d: d["units"][0].update(companies=["Z9"]), "units[0].companies[0]", "'Z9'"),
        (lambda d: d["houses"][1].update(role=1), "houses[1].role", "role 1 is Ann's"),
        (lambda d: d["houses"][1].update(role=3), "houses[1].role", "not in play"),
        (lambda d: d["houses"][0].update(faction="fleurs"), "houses[0].faction", "pape"),
        (lambda d: d["houses"][0].update(orders=["fly"]), "houses[0].orders[0]", "cannot read"),
        (lambda d: d["houses"][0].update(posts=["tc B3"]), "houses[0].posts[0]", "unknown"),
        (lambda d: d.update(estates={"B3": {"faction": "x"}}), "estates.B3.faction", "faction"),
        (
            lambda d: d.update(status=[{"factions": ["pape", "pape"], "status": "allied"}]),
            "status[0].factions",
            "two different",
        ),
        (lambda d: d.update(noble_field={"A1": 9}), "noble_field.A1", "no unit 9"),
        (lambda d: d.update(next_unit=2), "next_unit", "at least 3"),
        (lambda d: d.update(phase="night"), "phase", "unknown 'night'"),
        (lambda d: d.update(format="noblesse-position/9"), "format", "unknown"),
        (lambda d: d.update(players=list(reversed(NAMES))), "players", "same order"),
        (lambda d: d.update(scenario="other.toml"), "scenario", "scenario=other.toml"),
        (lambda d: d.update(rng=[3, "zz", None]), "rng", "random generator"),
        (
            lambda d: d.update(
                proposals=[{"id": 1, "by": "pape", "to": "fleurs", "text": "nonsense", "night": 1}]
            ),
            "proposals[0].text",
            "cannot read the treaty",
        ),
    ],
)
def test_nse_a01_broken_positions_name_the_file_the_key_and_the_problem(edit, key, problem):
    """NSE-A01: like scenario files, a position is validated and errors say where."""
    st = table()
    with pytest.raises(OptionError) as err:
        load_position(st, broken(edit), "pos.json")
    text = str(err.value)
    assert text.startswith(f"pos.json: {key}: "), text
    assert problem in text, text


def test_unreadable_position_files_are_named(tmp_path):
    missing = tmp_path / "nowhere.json"
    with pytest.raises(OptionError, match=r"cannot read the position .*nowhere\.json"):
        Match("noblesse", list(NAMES), options={"position": str(missing)})
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", "utf-8")
    with pytest.raises(OptionError, match=r"bad\.json: not valid JSON"):
        Match("noblesse", list(NAMES), options={"position": str(bad)})
    top = tmp_path / "list.json"
    top.write_text("[]", "utf-8")
    with pytest.raises(OptionError, match=r"list\.json: \(top\): must be an object"):
        Match("noblesse", list(NAMES), options={"position": str(top)})


def test_the_position_players_must_be_the_seats(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(minimal()), "utf-8")
    other = ["Zoe", *NAMES[1:]]
    with pytest.raises(OptionError, match=r"pos\.json: players: .*Ann.*Zoe"):
        Match("noblesse", other, options={"position": str(path)})


# -- the moderator's console -----------------------------------------------------------------


def test_nse118_console_save_writes_a_position_the_position_option_continues(tmp_path):
    """NSE-118: ``save FILE`` in ``bureau moderate`` writes the position; a game started
    with ``--option position=FILE`` continues from it, Night for Night."""
    m, rng = bot_match(4, 2, extra=4)
    out = io.StringIO()
    path = tmp_path / "saved.json"
    assert Console(m, out).run([f"save {path}", "waiting"]) == 0
    assert f"Saved the position to {path}" in out.getvalue()
    assert json.loads(path.read_text("utf-8"))["format"] == FORMAT
    again = Match("noblesse", list(NAMES), options={"position": str(path)})
    same_views(m, again)
    night = m.state.night
    while m.state.night < night + 1:
        bot_step(m, rng, again)
    same_views(m, again)
    assert Console(m, io.StringIO()).run([f"save {tmp_path}/no/such/dir/x.json"]) == 1


def test_a_game_from_a_position_replays_from_its_record(tmp_path):
    """The record keeps the option ``position`` (the file name); replaying it, with the
    file in place, gives the same game."""
    m, rng = bot_match(5, 1, extra=2)
    again = Match("noblesse", list(NAMES), seed=8, options={"position": saved(m, tmp_path)})
    for _ in range(10):
        bot_step(again, rng)
    replayed = Match.replay(json.loads(json.dumps(again.record())))
    same_views(again, replayed)
    fresh = Match("noblesse", list(NAMES), seed=8)
    assert Match.replay(fresh.record()).view(MODERATOR) == fresh.view(MODERATOR)
