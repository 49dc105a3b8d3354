"""Saved positions (``positions.py``): a game starts from a saved position, scenario plus
state (NSE-A01 scenario data, NSE-118 the game state between Nights and within a Day), so
any battle or Night can be set up exactly; the position is checked against the rules."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path

import pytest

from bureau.bots import make
from bureau.cli.moderate import Console
from bureau.engine import MODERATOR, IllegalAction, Match, OptionError
from bureau.engine.positions import PositionError, PositionReader
from bureau.games.noblesse import treaties
from bureau.games.noblesse.actions import Marry
from bureau.games.noblesse.positions import (
    DROPPED,
    FORMAT,
    RENAMED,
    load_position,
    save_position,
)
from bureau.games.noblesse.state import HostageOffer, House, Marriage, State, Unit

from .helpers import (
    GAME,
    HOMES,
    NAMES,
    ROLES,
    STARTER,
    act,
    moderate,
    place_unit,
    resolve,
    started,
    table,
)

SEATS = (None, MODERATOR, *range(len(NAMES)))
MORE_NAMES = (*NAMES, "Ian", "Jo", "Kit", "Lu")


def reader(where: str = "pos.json", names=NAMES) -> PositionReader:
    """The reader ``Game.new`` gives ``load_position``: the file, the position's names."""
    return PositionReader(where, list(names))


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


# -- the property: any reachable position saves, loads and plays on the same -----------------

HOUR = 3600.0
OVERRIDES = (
    "resolve",
    "override resources {name} 3 2 1 because a gift",
    "override courtiers {name} 4 because a plague",
    "override wounds {name} 2 because a duel",
    "override status pape fleurs neutral because a truce",
    "override control E5 alliance because the thread says so",
    "override remove U{unit} because a desertion",
    "override note The roads are closed because winter",
)


class Play:
    """A random game played with times: bots' sampled actions at random moments (some past
    the Day's deadline, so the Night resolves first), now and then a moderator's command."""

    def __init__(self, state, seed: int):
        self.state, self.rng, self.now = state, random.Random(seed), 1_000_000.0

    def step(self):
        st, rng = self.state, self.rng
        self.now += (49 if rng.random() < 0.02 else rng.choice((0.1, 0.5, 2))) * HOUR
        if rng.random() < 0.04:
            name = rng.choice(st.names)
            unit = rng.choice(sorted(st.units) or [1])
            text = rng.choice(OVERRIDES).format(name=name, unit=unit)
            try:
                return GAME.apply(st, MODERATOR, GAME.read(st, MODERATOR, text), at=self.now)
            except IllegalAction:
                return []
        seat = rng.choice(GAME.pending(st))
        try:  # past the deadline the Night comes first, and the action may be too late
            return GAME.apply(st, seat, GAME.sample_action(st, seat, rng), at=self.now)
        except IllegalAction:
            return []

    def over(self) -> bool:
        return GAME.outcome(self.state) is not None or not GAME.pending(self.state)


def assert_same_game(a: State, b: State) -> None:
    """What anyone can see or do is the same in ``a`` and ``b``."""
    for seat in (None, MODERATOR, *range(len(a.names))):
        assert GAME.view(a, seat) == GAME.view(b, seat), f"the view of seat {seat} differs"
    assert GAME.pending(a) == GAME.pending(b)
    for seat in GAME.pending(a):
        assert GAME.legal_actions(a, seat) == GAME.legal_actions(b, seat)
        assert GAME.help_text(a, seat) == GAME.help_text(b, seat)
    assert (GAME.deadline(a), GAME.outcome(a)) == (GAME.deadline(b), GAME.outcome(b))


def assert_loads_and_plays_on_the_same(original: Play, names, options, seed: int) -> None:
    """The position of ``original``, saved, written as JSON and read back, starts a game
    (with another seed) that is the same for everyone and plays on the same."""
    doc = json.loads(json.dumps(save_position(original.state)))
    loaded = GAME.new(names, seed=seed + 100, options={**options, "position": doc})
    assert save_position(loaded) == doc
    assert_same_state(original.state, loaded)
    assert_same_game(original.state, loaded)
    a, b = Play(original.state.clone(), seed), Play(loaded, seed)
    a.now = b.now = original.now
    for _ in range(150):
        if a.over():
            break
        events, twin = a.step(), b.step()
        assert [(e.kind, e.audience, e.data) for e in events] == [
            (e.kind, e.audience, e.data) for e in twin
        ]
        assert [GAME.describe(a.state, e) for e in events] == [
            GAME.describe(b.state, e) for e in twin
        ]
    assert b.over() == a.over()
    assert_same_game(a.state, b.state)
    assert save_position(a.state) == save_position(b.state)


@pytest.mark.parametrize(
    "seed, players, options",
    [
        (1, 8, {}),
        (2, 9, {"lynch": True, "lynch_min_votes": 2}),
        (3, 10, {"open_comms": True, "spy_detail": "full"}),
        (4, 12, {"toughness_per": "round_total", "simultaneous_victory": "priority"}),
        (5, 8, {"max_nights": 3}),
    ],
)
def test_nse118_any_position_saves_loads_and_plays_on_the_same(seed, players, options):
    """NSE-118: at random points of random games (with deadlines, moderator commands and
    rule options), the position saved, written as JSON and read back, starts a game (with
    another seed) that every seat, the public and the moderator see the same, with the
    same pending seats and legal actions, and that plays on with the same random choices
    to the same events and views, Night after Night, to the end or 150 actions."""
    names = list(MORE_NAMES[:players])
    options = {"max_nights": 12, **options}
    original = Play(GAME.new(names, seed=seed, options=options, bots_only=True), seed)
    for point in range(3):
        for _ in range(original.rng.randrange(5, 60 + 40 * point)):
            if original.over():
                break
            original.step()
        assert_loads_and_plays_on_the_same(original, names, options, 1000 + point)


def test_nse118_a_heuristic_midgame_saves_loads_and_plays_on_the_same():
    """NSE-118: the same in the richer positions the heuristic bots reach (Nobles by the
    dozen, an Heir, treaties, marriage offers), at three points from Night 5 to Night 7."""
    names, options = list(NAMES), {"max_nights": 20}
    state = GAME.new(names, seed=7, options=options, bots_only=True)
    bots = [make("heuristic", GAME, seat, 7) for seat in range(len(names))]
    original = Play(state, 7)
    for night in (5, 6, 7):
        while state.night < night and GAME.pending(state):
            seat = GAME.pending(state)[0]
            GAME.apply(state, seat, bots[seat].act(state))
        for _ in range(night * 3):  # and part of the next Day
            seat = GAME.pending(state)[0]
            GAME.apply(state, seat, bots[seat].act(state))
        assert_loads_and_plays_on_the_same(original, names, options, night)


def test_nse118_a_saved_file_starts_a_match_with_identical_views(tmp_path):
    """NSE-118: the option ``position=FILE`` (another seed) is the same game for every
    seat, the public and the moderator."""
    for nights, extra in ((0, 3), (4, 5)):
        m, _ = bot_match(2, nights, extra)
        path = saved(m, tmp_path)
        again = Match("noblesse", list(NAMES), seed=52, options={"position": path})
        same_views(m, again)
        assert_same_state(m.state, again.state)
        assert save_position(again.state) == json.loads(Path(path).read_text("utf-8"))


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
    treaties.propose(st, 0, "fleurs", fined("The Pape", "Le Roi des Fleurs"))
    treaties.sign(st, 2, st.proposals[-1].id)
    treaties.propose(st, 4, "alliance", fined("The Twice Crowned King", "The Alliance of States"))
    resolve(st)  # the treaty starts
    treaties.report_breach(st, 2, 1, 2)  # Fleurs reports itself: accepted unchecked
    resolve(st)  # the penalty: 30 $, mostly owed
    assert st.treaties[0].debts and st.owed and st.proposals
    doc = json.loads(json.dumps(save_position(st)))
    again = table()
    load_position(again, doc, reader("treaties.json"))
    assert_same_state(st, again)
    assert again.treaties == st.treaties and again.proposals == st.proposals
    treaties.report_breach(st, 0, 1, 1)  # and the Pape itself
    treaties.report_breach(again, 0, 1, 1)
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
    load_position(again, doc, reader("orders.json"))
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
    st.marriage_offers = [Marriage(1, 3, "Political Marriage", "offered")]
    st.hostage_offers = [HostageOffer(5, 7, "accepted")]
    st.houses[1].contacted = 0
    doc = json.loads(json.dumps(save_position(st)))
    assert doc["hostage_offers"] == [["Fay", "Hal", "accepted"]]
    again = table()
    load_position(again, doc, reader("offers.json"))
    assert_same_state(st, again)
    doc["hostage_offers"] = [["Fay", "Hal", "maybe"]]
    with pytest.raises(OptionError, match=r"offers\.json: hostage_offers\[0\]\[2\]: unknown"):
        load_position(table(), doc, reader("offers.json"))


# -- a hand-written position -----------------------------------------------------------------


# Full units (NSE-65, NSE-84): an Officer company, then Centre, Flank and Reserve companies.
DIVISION = ["O2", *["C7"] * 3, *["C6"] * 4, *["F2"] * 4, "R1", "R1"]
REGIMENT = ["O1", "C2", "C1", "C1", "F6", "F6"]


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
                "companies": DIVISION,
                "fresh": False,
            },
            {
                "id": 2,
                "owner": "Cat",
                "kind": "Regiment",
                "square": "E5",
                "companies": REGIMENT,
                "fresh": False,
            },
        ],
    }
    doc.update(changes)
    return doc


def test_companies_are_read_as_a_list_or_as_a_recruit_order_writes_them():
    """A unit's companies are saved as a recruit order writes them (``"O2, C7 x3, ..."``);
    the list of ids that earlier saves wrote reads the same."""
    doc = save_position(started())
    assert doc["units"][-1]["companies"] == "O1, C1 x3, F6 x2"  # Hal's starting Regiment
    as_lists = copy.deepcopy(doc)
    for unit in as_lists["units"]:
        unit["companies"] = company_ids(unit["companies"])
    assert as_lists["units"][-1]["companies"] == ["O1", "C1", "C1", "C1", "F6", "F6"]
    again = table()
    load_position(again, as_lists, reader())
    assert save_position(again) == doc


def company_ids(text: str) -> list[str]:
    out = []
    for part in text.split(", "):
        cid, _, count = part.partition(" x")
        out += [cid] * int(count or 1)
    return out


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


OUTCOME = {
    "scores": [1.0] * 8,
    "ranking": [1] * 8,
    "winners": [0],
    "capped": False,
    "reason": "test",
}


def regiments(count: int, owner: str, square: str, first: int = 3) -> list[dict]:
    return [
        {"id": i, "owner": owner, "kind": "Regiment", "square": square, "companies": REGIMENT}
        for i in range(first, first + count)
    ]


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
        (lambda d: d.update(players=list(reversed(NAMES))), "houses[0].player", "Hal's"),
        (lambda d: d.update(players=[*NAMES, "Zed"]), "players", "9 players"),
        (lambda d: d.update(players=["Ann", "ann", *NAMES[2:]]), "players[1]", "already"),
        (lambda d: d.update(clock="soon"), "clock", "must be a number, not a string"),
        (lambda d: d.update(facts=[[1, {}]]), "facts[0][1]", "not an object"),
        (lambda d: d.update(officers={"Pope": "Ann"}), "officers.Pope", "unknown 'Pope'"),
        # the rules a position keeps, each named
        (lambda d: d.update(phase="setup"), "night", "(NSE-118)"),
        (lambda d: d.update(outcome=OUTCOME), "outcome", "phase 'over'"),
        (
            lambda d: d["houses"][0].update(home="J10"),
            "houses[0].home",
            "range of The Pape (NSE-07)",
        ),
        (lambda d: d["houses"][1].update(home="A1"), "houses[1].home", "A1 is Ann's home"),
        (lambda d: d["houses"][2].update(design={"$": 5, "MP": 1}), "houses[2].design", "NSE-12"),
        (lambda d: d["houses"][2].update(skipped=0), "houses[2].skipped", "NSE-08"),
        (lambda d: d["houses"][3].update(wounds=3), "houses[3].wounds", "(NSE-58)"),
        (
            lambda d: d["houses"][3].update(heir="home", heir_wounds=3),
            "houses[3].heir_wounds",
            "(NSE-A42)",
        ),
        (
            lambda d: d.update(leaders={"pape": "Cat"}),
            "leaders.pape",
            "Cat is not of faction pape (NSE-111)",
        ),
        (lambda d: d.update(successors={"fleurs": "Ann"}), "successors.fleurs", "(NSE-112)"),
        (
            lambda d: d.update(estates={"B3": {"faction": "fleurs", "player": "Ben"}}),
            "estates.B3.player",
            "Ben is not of faction fleurs (NSE-17)",
        ),
        (lambda d: d["units"][0]["companies"].pop(), "units[0].companies", "Reserve 1 (NSE-84)"),
        (
            lambda d: d["units"][1].update(commander="pc"),
            "units[1].companies",
            "a Regiment needs Centre 3, Flank 2",
        ),
        (
            lambda d: d["units"][1].update(companies=["O1", "C2", "C2", "C2", "F6", "F6"]),
            "units[1].companies",
            "2 coloured companies at most (NSE-A38)",
        ),
        (
            lambda d: d["units"][1].update(companies=["O1", "X1", "C1", "C1", "F6", "F6"]),
            "units[1].companies",
            "not a unique company of Cat's (NSE-08, NSE-A18)",
        ),
        (lambda d: d["houses"][0].update(alive=False), "units[0].owner", "(NSE-A29)"),
        (lambda d: d["units"].extend(regiments(3, "Ann", "E5")), "units[4].square", "(NSE-69)"),
        (
            lambda d: d.update(stewards={"B2": "Ann"}, tcs={"B2 Inf": "Ann"}),
            "tcs.B2 Inf",
            "(NSE-23)",
        ),
        (lambda d: d.update(lobbyists={"A1 Inf": "Ann"}), "lobbyists.A1 Inf", "(NSE-24)"),
        (
            lambda d: d["units"][1].update(merc="Stradiots"),
            "units[1].merc",
            "mercs does not rent Stradiots as unit 2 (NSE-A34)",
        ),
        (lambda d: d.update(noble_field={"B2": 1}), "noble_field.B2", "(NSE-A39)"),
        (lambda d: d["houses"][0].update(posts=["steward B2"]), "houses[0].posts", "(NSE-32)"),
        (
            lambda d: d.update(
                buildings=[{"square": "A1", "building": "university", "owner": "Ann", "staff": 3}]
            ),
            "buildings[0].staff",
            "a university is run by 2 courtier(s), not 3 (NSE-27)",
        ),
        (
            lambda d: d.update(
                buildings=[{"square": "A1", "building": "arsenal", "owner": "Ann"}] * 2
            ),
            "buildings[1]",
            "one of each type (NSE-A26)",
        ),
        (
            lambda d: d.update(stewards={"B2": "Ann"}) or d["houses"][0].update(posts=[]),
            "houses[0].posts",
            "give Ann (steward B2) (NSE-32)",
        ),
        (
            lambda d: d["units"][1].update(companies="O1, C2, C1 x2, F6 x"),
            "units[1].companies",
            "write the companies as 'O1, C1 x3, F6 x2', not ' F6 x'",
        ),
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
        load_position(st, broken(edit), reader())
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
    with pytest.raises(PositionError, match=r"list\.json: a position is a JSON object, not an"):
        Match("noblesse", list(NAMES), options={"position": str(top)})
    other = tmp_path / "nobility.json"
    other.write_text(json.dumps({**minimal(), "format": "nobility-position/1"}), "utf-8")
    with pytest.raises(PositionError, match=r"format: this is a nobility position, not a no"):
        Match("noblesse", list(NAMES), options={"position": str(other)})
    with pytest.raises(PositionError, match=r"^position: players: the position has 8 players"):
        Match("noblesse", 9, options={"position": minimal()})
    with pytest.raises(PositionError, match=r"^position: deck: unknown key; the keys are format"):
        GAME.new(list(NAMES), seed=1, options={"position": {**minimal(), "deck": []}})


def test_a_refused_position_changes_nothing():
    """A position that does not load leaves the state as it was (random generator too)."""
    st = started()
    before = save_position(st)
    doc = {**save_position(table()), "rng": [*before["rng"][:1], "1 2 3", None]}
    doc["houses"][5]["wounds"] = 3
    with pytest.raises(PositionError, match=r"houses\[5\]\.wounds"):
        load_position(st, doc, reader())
    assert save_position(st) == before


def test_seats_are_the_positions_own_names_seat_for_seat(tmp_path):
    """A game whose seats are named otherwise loads the position seat for seat: seat i of
    the position is seat i of the game, orders naming a player name the game's seat."""
    path = tmp_path / "pos.json"
    doc = minimal()
    doc["houses"][1]["orders"] = ["marry ann", "rent Stradiots at C3 for Ben"]
    path.write_text(json.dumps(doc), "utf-8")
    other = ["Zoe", "Yan", *NAMES[2:]]
    m = Match("noblesse", other, options={"position": str(path)})
    assert m.state.names == tuple(other)
    assert m.state.houses[1].orders == [
        Marry("Zoe"),
        GAME.read(m.state, 1, "rent Stradiots at C3 for Yan"),
    ]
    saved_again = save_position(m.state)
    assert saved_again["players"] == other
    assert saved_again["houses"][1]["orders"] == ["marry Zoe", "rent Stradiots at C3 for Yan"]
    assert [u["owner"] for u in saved_again["units"]] == ["Zoe", "Cat"]
    counted = Match("noblesse", 8, options={"position": doc})  # a count: the position's names
    assert counted.state.names == NAMES


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
    """The record keeps the position itself (the option ``position`` holds the document,
    not the file name): it replays to the same game with the file gone."""
    m, rng = bot_match(5, 1, extra=2)
    path = saved(m, tmp_path)
    again = Match("noblesse", list(NAMES), seed=8, options={"position": path})
    for _ in range(10):
        bot_step(again, rng)
    Path(path).unlink()
    record = json.loads(json.dumps(again.record()))
    assert record["options"]["position"]["format"] == FORMAT
    replayed = Match.replay(record)
    same_views(again, replayed)
    assert save_position(replayed.state) == save_position(again.state)
    fresh = Match("noblesse", list(NAMES), seed=8)
    assert Match.replay(fresh.record()).view(MODERATOR) == fresh.view(MODERATOR)


# -- rules bugs a reachable position showed ----------------------------------------------------


def test_nse_a29_a_player_killed_in_the_night_recruits_nothing_after():
    """NSE-A29: a player whose PC dies during a Night (here lynched, before step 1) is out
    of the game: his units are disbanded, and the recruit orders he gave that Day are not
    carried out at step 5 (they were, leaving a dead player's unit on the board)."""
    for lynched in (False, True):
        st = started(lynch=True)
        st.houses[1].res = [0, 10, 0]
        act(st, 1, f"recruit {STARTER} at C3")
        if lynched:
            for voter in ("Ann", "Cat", "Dan"):
                act(st, NAMES.index(voter), "vote Ben")
        before = {u.id for u in st.units.values() if u.owner == 1}
        resolve(st)
        after = {u.id for u in st.units.values() if u.owner == 1}
        assert st.houses[1].alive is not lynched
        assert (after, len(after - before)) == ((set(), 0) if lynched else (after, 1))
        load_position(table(), save_position(st), reader())


def test_nse59_a_unit_the_moderator_removes_sends_its_commander_home():
    """NSE-59, NSE-A39: ``override remove`` takes a unit off the board as a disband does
    (NSE-A35): the PC who led it is at home again and may lead another, and a Noble who
    led one is back on his estate (he stayed 'in the field' with no unit, and a position
    saved then did not load)."""
    st = started()
    pc_led = place_unit(st, 0, "B2", "Regiment led by pc with C1 x3, F6 x2")
    st.houses[0].pc_field = True
    noble = Unit(
        st.next_unit, 0, "Regiment", ("C1",) * 3 + ("F6",) * 2, "noble", st.square("B2"), "B2"
    )
    st.units[noble.id] = noble
    st.next_unit += 1
    st.nobles[st.square("B2")] = 0
    st.noble_field[st.square("B2")] = noble.id
    moderate(st, f"override remove U{pc_led.id} because a desertion")
    moderate(st, f"override remove U{noble.id} because a desertion")
    assert not st.houses[0].pc_field and st.noble_field == {}
    again = table()
    load_position(again, save_position(st), reader())
    assert_same_state(st, again)
