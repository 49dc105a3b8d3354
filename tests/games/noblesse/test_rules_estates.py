"""Noblesse rules on victory, setup, estates, income, buildings and courtiers
(NSE-01 .. NSE-41 and the rulings that make them testable), played through the real
order grammar and Night pipeline. Each test names the rule ids it checks."""

from __future__ import annotations

import pytest

from bureau.engine import IllegalAction
from bureau.games.noblesse import board, effects, victory
from bureau.games.noblesse.night import Night, courtier_limit, courtiers_total
from bureau.games.noblesse.rules import channels, courtiers_needed
from bureau.games.noblesse.scenario import STATS
from bureau.games.noblesse.state import ALLIED, OVER, Building, Control, Post

from ..common import kinds
from .helpers import (
    GAME,
    HOMES,
    NAMES,
    ROLES,
    STARTER,
    act,
    hold,
    place_unit,
    refused,
    report,
    resolve,
    setup_text,
    sneak,
    sq,
    started,
    table,
    unit_of,
)

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
PAPE, FLEURS, CROWNS, ALLIANCE = range(4)
INF, MP, MONEY = range(3)
TGH, MOR = STATS.index("TGH"), STATS.index("MOR")
VICTORY = ("E5", "E6", "F5", "F6")
W = "this would fail at Night because "  # the Day's refusal of a hopeless order
GARRISON = "Garrison with O1, R7 x3, C1 x5"


# -- small helpers ---------------------------------------------------------------------------


def res(st, seat: int) -> list[int]:
    return list(st.houses[seat].res)


def night(st, orders: dict[int, list[str]] | None = None) -> list[list[int]]:
    """Give ``orders`` then resolve the Night; returns each seat's income (res delta)."""
    for seat, texts in (orders or {}).items():
        for text in texts:
            act(st, seat, text)
    before = [list(h.res) for h in st.houses]
    resolve(st)
    return [[h.res[i] - before[s][i] for i in range(3)] for s, h in enumerate(st.houses)]


def begin(setups: dict[int, str]) -> object:
    """A table where ``setups[seat]`` replaces that seat's default setup text."""
    st = table()
    for seat in range(len(NAMES)):
        act(st, seat, setups.get(seat, setup_text(seat)))
    resolve(st)
    return st


def ben_stewards_c4():
    """Night 2: Ben (Pape, not FL) puts a unit and a Steward on C4 (income 1-0-2)."""
    st = started()
    unit = place_unit(st, BEN, "C4")
    gains = night(st, {BEN: ["steward C4"]})
    return st, unit, gains


# -- 1.1 Victory -------------------------------------------------------------------------------


def test_nse01_alliance_victory_shared_by_both_allies_nse_a04():
    """NSE-01, NSE-A04: two squares each for two Allied factions is an Alliance Victory
    won by both; player-controlled squares count for the player's faction."""
    st = started()
    st.status[(PAPE, FLEURS)] = ALLIED
    hold(st, PAPE, ("E5", "E6"))
    hold(st, FLEURS, ("F5",))
    hold(st, FLEURS, ("F6",), seat=CAT)
    assert victory.winners(st) == {PAPE: ["alliance"], FLEURS: ["alliance"]}


def test_nse01_no_alliance_victory_without_an_ally_nse_a04():
    """NSE-01, NSE-A04: the same split between two factions that are not Allied (at the
    moment of the check) wins nothing; nor does 2 + 1 between allies."""
    st = started()
    hold(st, PAPE, ("E5", "E6"))
    hold(st, FLEURS, ("F5", "F6"))
    assert victory.winners(st) == {}
    st.status[(PAPE, FLEURS)] = ALLIED
    del st.ctrl[sq(st, "F6")]
    assert victory.winners(st) == {}


def test_nse02_dynastic_victory_at_two_nobles_per_starting_faction_nse_a03():
    """NSE-02, NSE-A03: the threshold is 2 x 4 starting factions = 8 Nobles; 7 is not
    enough."""
    st = started()
    assert victory.dynastic_threshold(st) == 2 * len(st.scenario.factions) == 8
    squares = ("B5", "B6", "B7", "D1", "D2", "D3", "G1", "G2")
    for label in squares[:7]:
        st.nobles[sq(st, label)] = CROWNS
    assert victory.winners(st) == {}
    st.nobles[sq(st, squares[7])] = CROWNS
    assert victory.winners(st) == {CROWNS: ["dynastic"]}


def test_nse02_hostage_heir_counts_as_the_holders_noble_nse_a03():
    """NSE-02, NSE-A03 (with NSE-48): 7 Noble tokens plus a hostage Heir held by one of the
    faction's players make 8."""
    st = started()
    for label in ("B5", "B6", "B7", "D1", "D2", "D3", "G1"):
        st.nobles[sq(st, label)] = FLEURS
    ann = st.houses[ANN]
    ann.spouse, st.houses[CAT].spouse = CAT, ANN
    ann.heir, ann.hostage_of = "hostage", CAT
    assert st.nobles_of(FLEURS) == 8
    assert victory.winners(st) == {FLEURS: ["dynastic"]}


def test_nse03_military_victory_all_four_squares_nse_a04():
    """NSE-03, NSE-A04: all of E5, E6, F5, F6 (faction- or player-controlled) wins; three
    without an ally does not."""
    st = started()
    hold(st, CROWNS, VICTORY[:3])
    assert victory.winners(st) == {}
    hold(st, CROWNS, VICTORY[3:], seat=EVE)
    assert victory.winners(st) == {CROWNS: ["military"]}


def test_nse03_military_victory_three_plus_ally_shared_nse_a04():
    """NSE-03, NSE-A04: three squares with the Allied faction holding the fourth is a
    Military Victory shared by both allies."""
    st = started()
    st.status[(CROWNS, ALLIANCE)] = ALLIED
    hold(st, CROWNS, VICTORY[:3])
    hold(st, ALLIANCE, VICTORY[3:])
    assert victory.winners(st) == {CROWNS: ["military"], ALLIANCE: ["military (ally)"]}


@pytest.mark.parametrize("mode", ["shared", "priority"])
def test_nse01_three_plus_one_is_military_not_alliance_nse03_nse_a04(mode):
    """NSE-01 (Alliance Victory is two squares each), NSE-03, NSE-A04: three squares with
    the ally holding the fourth is a Military Victory only, in both ``simultaneous_victory``
    modes, and the public post says so; with a Dynastic Victory at the same check,
    ``priority`` gives the game to the Military one."""
    st = started(simultaneous_victory=mode)
    st.status[(CROWNS, ALLIANCE)] = ALLIED
    hold(st, CROWNS, VICTORY[:3])
    hold(st, ALLIANCE, VICTORY[3:])
    assert victory.conditions(st, CROWNS) == ["military"]
    assert victory.conditions(st, ALLIANCE) == []
    for label in ("B5", "B6", "B7", "D1", "D2", "D3", "G1", "G2"):
        st.nobles[sq(st, label)] = PAPE
    expected = {CROWNS: ["military"], ALLIANCE: ["military (ally)"]}
    if mode == "shared":
        expected[PAPE] = ["dynastic"]
    assert victory.winners(st) == expected
    events = resolve(st)
    over = [GAME.describe(st, e) for e in events if e.kind == "over"]
    reason = "Twice Crowned King: military; Alliance: military (ally)"
    words = (
        "The Twice Crowned King wins a Military Victory: it holds E5, E6 and F5, and its"
        " ally The Alliance of States holds F6. The Alliance of States shares The Twice"
        " Crowned King's Military Victory as its ally."
    )
    if mode == "shared":
        reason = "Pape: dynastic; " + reason
        words = (
            f"The Pape wins a Dynastic Victory: 8 Nobles (8 needed). {words} More than one"
            " faction met a victory condition at the same check, and they share the victory"
            " (simultaneous_victory=shared)."
        )
    else:
        words += (
            " The Pape met a victory condition too, but with simultaneous_victory=priority"
            " the Military Victory comes first (military, alliance, dynastic, supremacy)."
        )
    assert st.outcome.reason == reason  # a statistic's key; the words are for people
    assert st.outcome.details["summary"] == words
    assert over == [f"The game is over: {words}"]
    assert st.post[-1] == over[0]
    pape = {ANN, BEN} if mode == "shared" else set()
    assert set(st.outcome.winners) == {EVE, FAY, GUS, HAL} | pape


def kill(st, *seats: int) -> None:
    for seat in seats:
        st.houses[seat].alive = False


def test_nse04_supremacy_counts_living_players_nse_a05():
    """NSE-04, NSE-A05: 2 living Pape players against 1 other is Supremacy; 2 against 2 is
    not; the others all dead (Elimination) counts as Supremacy."""
    st = started()
    kill(st, DAN, EVE, FAY, GUS, HAL)
    assert victory.winners(st) == {PAPE: ["supremacy"]}
    st.houses[DAN].alive = True
    assert victory.winners(st) == {}
    kill(st, CAT, DAN)
    assert victory.winners(st) == {PAPE: ["supremacy"]}


def test_nse04_free_heir_aligns_his_player_with_both_factions_nse_a05():
    """NSE-04, NSE-A05: Cat (Fleurs) with a free Heir by Ann (Pape) counts once for each
    faction: Pape has Ann, Ben, Cat = 3 against Dan; Fleurs 2 against 2. A hostage Heir
    counts only for his owner's faction."""
    st = started()
    kill(st, EVE, FAY, GUS, HAL)
    st.houses[ANN].spouse, st.houses[CAT].spouse = CAT, ANN
    st.houses[CAT].heir = "home"
    assert victory.aligned(st, PAPE) == 3
    assert victory.aligned(st, FLEURS) == 2
    assert victory.winners(st) == {PAPE: ["supremacy"]}
    st.houses[CAT].heir, st.houses[CAT].hostage_of = "hostage", ANN
    assert victory.aligned(st, PAPE) == 2
    assert victory.winners(st) == {}


def test_simultaneous_victories_shared_or_by_priority_nse_a04():
    """NSE-A04: victories of different factions at one check are shared by default; with
    ``simultaneous_victory=priority`` Military comes before Dynastic."""
    for options, expected in (({}, {PAPE, FLEURS}), ({"simultaneous_victory": "priority"}, {PAPE})):
        st = started(**options)
        hold(st, PAPE, VICTORY)
        for label in ("B5", "B6", "B7", "D1", "D2", "D3", "G1", "G2"):
            st.nobles[sq(st, label)] = FLEURS
        assert set(victory.winners(st)) == expected


def test_victory_is_checked_after_the_night_nse_a04_nse02():
    """NSE-A04, NSE-02: the check after step 10 ends the game with the faction's players as
    winners; before the Night nothing happens."""
    st = started()
    for label in ("B5", "B6", "B7", "D1", "D2", "D3", "G1", "G2"):
        st.nobles[sq(st, label)] = CROWNS
    assert st.outcome is None
    resolve(st)
    assert st.outcome is not None and st.phase == OVER
    assert set(st.outcome.winners) == {EVE, FAY}
    assert GAME.pending(st) == ()


# -- 1.2 Roles and setup -----------------------------------------------------------------------


def test_nse05_nse06_each_player_sees_his_role_pm():
    """NSE-05, NSE-06: each player's view holds his role: name, faction, core ability (a
    shared and a role part), three abilities costing 2, 5 and 8 of one resource, and the
    unique companies (the fourth option)."""
    st = table()
    for seat, number in enumerate(ROLES):
        you = GAME.view(st, seat)["you"]
        role = st.scenario.roles[int(number) - 1]
        assert you["role"] == role.name
        assert you["faction"] == st.scenario.factions[st.houses[seat].faction].key
        assert len(you["core"]) == 2
        assert [a.cost for a in role.abilities] == [2, 5, 8]
        assert len({a.resource for a in role.abilities}) == 1
        assert len(you["abilities"]) == 3 and you["uniques"]
    assert GAME.view(st, ANN)["you"]["role"] == "Cardinal-Camerlengo"
    assert GAME.view(st, ANN)["you"]["leader"] is True


def test_nse07_home_must_lie_in_the_roles_range():
    """NSE-07: Ann (Pape, A1-C3) may not set up on D1 or C4; B2 is fine."""
    st = table()
    refused(st, ANN, setup_text(ANN).replace("A1", "D1", 1), "your home must lie in your range")
    refused(st, ANN, setup_text(ANN).replace("A1", "C4", 1), "NSE-07")
    act(st, ANN, setup_text(ANN).replace("A1", "B2", 1))
    assert st.houses[ANN].home == sq(st, "B2")


def test_nse07_two_players_may_not_share_a_home_tile():
    """NSE-07 (§4.2): Ben's home C3 cannot be Ann's as well."""
    st = table()
    act(st, BEN, setup_text(BEN))
    refused(st, ANN, setup_text(ANN).replace("A1", "C3", 1), "C3 is taken")


def test_nse08_skipped_ability_can_never_be_used():
    """NSE-08: Ann skips her 2-cost option (Sanctuary); ordering it is refused, and her
    view lists only the two abilities she kept (the unique companies included)."""
    st = begin({ANN: setup_text(ANN, skip="2")})
    you = GAME.view(st, ANN)["you"]
    assert [a["name"] for a in you["abilities"]] == ["Consistory", "Holy League"]
    assert you["uniques"]
    st.houses[ANN].res = [10, 10, 10]
    refused(st, ANN, "use Sanctuary A1", "you did not choose Sanctuary at setup")


def test_nse08_skipped_unique_companies_can_never_be_fielded():
    """NSE-08: skipping the unique companies refuses them in the starting unit, and a later
    recruit with them is refused at once; at Night it would fail at no cost."""
    st = table()
    refused(
        st,
        ANN,
        setup_text(ANN, unit="Regiment with O1, X1 x3, F6 x2"),
        "you left out your unique companies",
    )
    st = started()
    st.houses[ANN].res = [0, 10, 0]
    recruit = "recruit Regiment with O1, X1, C1 x2, F6 x2 at A1"
    refused(st, ANN, recruit, f"{W}you did not choose Swiss Guard at setup (NSE-08)")
    sneak(st, ANN, recruit)
    night(st)
    assert "you did not choose Swiss Guard at setup" in report(st, ANN)
    assert st.houses[ANN].res[MP] == 10
    assert len(unit_of(st, ANN)) == 1


def test_nse08_chosen_unique_companies_may_be_fielded():
    """NSE-08: a player who skipped an ability instead keeps his unique companies."""
    st = begin({ANN: setup_text(ANN, skip="8", unit="Regiment with O1, X1, C1 x2, F6 x2")})
    (unit,) = unit_of(st, ANN)
    assert "X1" in unit.companies


def test_nse09_starting_unit_budget_is_5_mp():
    """NSE-09: unit and companies cost at most 5 MP, 10 tiers = 1 MP: a Regiment of 25 tiers
    (2 + 3) and a courtier-led Brigade of 18 tiers (3 + 2) are fine; 31 tiers (2 + 4 = 6)
    or any Division (4 + 2) are not."""
    st = table()
    refused(
        st,
        ANN,
        setup_text(ANN, unit="Regiment with O1, C6 x3, F2 x2"),
        "the starting unit costs 6 MP with its tiers; the budget is 5",
    )
    refused(
        st,
        ANN,
        setup_text(ANN, unit="Division with O1, R7 x2, F6 x4, C1 x7"),
        "the budget is 5 (NSE-09)",
    )
    act(st, ANN, setup_text(ANN, unit="Regiment with O1, C3 x3, F2 x2"))
    act(st, BEN, setup_text(BEN, unit="Brigade led by courtier with R7 x2, F6 x2, C1 x5"))
    assert board.recruit_cost(st, st.houses[ANN].orders[0].spec) == 5
    assert board.recruit_cost(st, st.houses[BEN].orders[0].spec) == 5


def test_starting_state_and_free_starting_unit_nse_a08_nse31():
    """NSE-A08, NSE-31, NSE-11: 0/0/0, 10 courtiers at court, no wounds; the starting unit is
    placed free on the Home Estate at Night 1, which is the only estate each player holds."""
    st = table()
    for h in st.houses:
        assert (h.res, h.court, h.wounds) == ([0, 0, 0], 10, 0)
    for seat in range(len(NAMES)):
        act(st, seat, setup_text(seat))
    resolve(st)
    for seat, h in enumerate(st.houses):
        (unit,) = unit_of(st, seat)
        assert st.label(unit.square) == HOMES[seat]
        assert h.res[MP] == (1 if h.faction == CROWNS else 0)  # Levy only: the unit was free
        assert h.court == 10
        assert board.player_estates(st, seat) == [sq(st, HOMES[seat])]


def test_night1_placements_give_night1_income_nse_a08_nse12():
    """NSE-A08, NSE-12: TCs placed with the setup collect at Night 1: the design 2-2-1 plus
    the Pape's Tithe (+1 Inf)."""
    st = started({ANN: ["tc A1 Inf", "tc A1 MP", "tc A1 $"]})
    assert res(st, ANN) == [3, 2, 1]
    assert res(st, BEN) == [1, 0, 0]


def test_night1_envoy_action_fails_for_lack_of_resources_nse_a08_nse41():
    """NSE-A08, NSE-41: an Envoy may be sent on Night 1, but a costing action fails; the
    Envoy is back at court for Day 1."""
    st = started({BEN: ["field surgeon"]})
    assert "Field surgeon failed: it costs 3 MP" in report(st, BEN)
    assert st.houses[BEN].court == 10


# -- 1.3 Income designs --------------------------------------------------------------------------


@pytest.mark.parametrize("design", ["5-0-0", "0-0-5", "1-4-0", "0-2-3", "1-3-1", "2-1-2"])
def test_nse12_legal_splits_in_any_assignment(design):
    """NSE-12: 5-0-0, 4-1-0, 3-2-0, 3-1-1, 2-2-1 in any order; income follows the design."""
    st = begin({ANN: setup_text(ANN, design=design)})
    expected = [int(x) for x in design.split("-")]
    assert list(st.houses[ANN].design) == expected
    assert board.income_of(st, sq(st, "A1")) == tuple(expected)
    texts = [f"tc A1 {r}" for r, v in zip(("Inf", "MP", "$"), expected, strict=True) if v]
    gains = night(st, {ANN: texts})
    assert gains[ANN] == [expected[0] + 1, expected[1], expected[2]]


@pytest.mark.parametrize(
    ("design", "match"),
    [
        ("2-2-2", "divide 5 points"),
        ("4-0-0", "divide 5 points"),
        ("2-1-1", "divide 5 points"),
        ("1-1-1", "divide 5 points"),
        ("6-0-0", "cannot read"),
    ],
)
def test_nse12_illegal_splits_refused(design, match):
    """NSE-12: any other division of points is refused."""
    st = table()
    refused(st, ANN, setup_text(ANN, design=design), match)


def test_nse13_design_can_never_change():
    """NSE-13: once the game has started a new setup (and so a new design) is refused."""
    st = started()
    refused(st, ANN, setup_text(ANN, design="5-0-0"), "setup is over")
    assert st.houses[ANN].design == (2, 2, 1)


# -- 1.3 Control of estates ----------------------------------------------------------------------


def test_nse14_home_estate_always_its_players():
    """NSE-14: an enemy unit alone on Ann's Home Estate does not take it, nor send her TC
    home."""
    st = started({ANN: ["tc A1 Inf"]})
    for u in unit_of(st, ANN):
        del st.units[u.id]
    place_unit(st, EVE, "A1")
    gains = night(st)
    assert st.ctrl[sq(st, "A1")] == (PAPE, ANN)
    assert st.tcs[(sq(st, "A1"), INF)] == ANN
    assert gains[ANN] == [3, 0, 0]


def test_nse15_no_second_player_estate_without_an_heir():
    """NSE-15: without an Heir a TC cannot make a second estate Ann's; with one it can
    (NSE-46, NSE-A30)."""
    st = started()
    place_unit(st, ANN, "A2")
    refused(st, ANN, "tc A2 MP", f"{W}you may control no more estates until you have an Heir")
    sneak(st, ANN, "tc A2 MP")
    night(st)
    assert "you may control no more estates (NSE-15)" in report(st, ANN)
    assert sq(st, "A2") not in st.ctrl
    assert st.houses[ANN].court == 10
    st.houses[ANN].heir = "home"
    gains = night(st, {ANN: ["tc A2 MP"]})
    assert st.ctrl[sq(st, "A2")] == (PAPE, ANN)
    assert st.houses[ANN].extra_estate == sq(st, "A2")
    assert gains[ANN] == [1, 1, 0]


def test_nse16_steward_needs_a_unit_of_the_player():
    """NSE-16 condition 1: no unit of Ann's on A2, so her Steward cannot take it."""
    st = started()
    night(st, {ANN: ["steward A2"]})
    assert "you need a unit of yours on A2 to take it (NSE-16)" in report(st, ANN)
    assert sq(st, "A2") not in st.ctrl and sq(st, "A2") not in st.stewards
    assert st.houses[ANN].court == 10


def test_nse16_steward_needs_no_units_of_other_factions():
    """NSE-16 condition 2: an Allied faction's unit (no battle) on A2 still blocks it."""
    st = started()
    st.status[(PAPE, FLEURS)] = ALLIED
    place_unit(st, ANN, "A2")
    place_unit(st, CAT, "A2")
    night(st, {ANN: ["steward A2"]})
    assert "A2 holds neutral or other factions' units (NSE-16)" in report(st, ANN)
    assert sq(st, "A2") not in st.ctrl
    assert len(st.units_at(sq(st, "A2"))) == 2


def test_nse16_neutral_units_block_control_nse_a43():
    """NSE-16 condition 2, NSE-A43: while E5's neutral Garrison stands beside Ann's unit her
    Steward cannot take E5; once her unit has destroyed it in battle, it can."""
    st = started()
    strong = place_unit(st, ANN, "E5", "Division led by pc with R1 x2, F2 x4, C7 x7")
    n = Night(st)
    effects.place(n, ANN, GAME.read(st, ANN, "steward E5"))
    assert "E5 holds neutral or other factions' units (NSE-16)" in report(st, ANN)
    assert sq(st, "E5") not in st.ctrl and st.houses[ANN].court == 10
    night(st, {ANN: ["steward E5"]})
    assert [u.id for u in st.units_at(sq(st, "E5"))] == [strong.id]
    assert st.ctrl[sq(st, "E5")] == (PAPE, -1)


def test_nse16_nse17_steward_makes_faction_estate_and_fl_collects_nse_a10():
    """NSE-16, NSE-17, NSE-22, NSE-A10: Ben's unit and Steward make C4 (1-0-2) a Pape
    faction estate; its 1 Inf and 1 $ go to the FL Ann, not to Ben."""
    st, _unit, gains = ben_stewards_c4()
    assert st.ctrl[sq(st, "C4")] == (PAPE, -1)
    assert st.stewards[sq(st, "C4")] == BEN
    assert st.houses[BEN].court == 9
    assert gains[ANN] == [2, 0, 1]  # Tithe + Steward's 1 Inf and 1 $
    assert gains[BEN] == [1, 0, 0]  # Tithe only
    assert board.player_estates(st, BEN) == [sq(st, "C3")]
    gains = night(st)
    assert gains[ANN] == [2, 0, 1]


def test_nse18_nse21_tc_instead_of_steward_when_allowed():
    """NSE-18, NSE-21: Ben with an Heir makes C4 his own with a TC, which collects all 2 $
    there for him; the FL gets nothing from it."""
    st = started()
    st.houses[BEN].heir = "home"
    place_unit(st, BEN, "C4")
    gains = night(st, {BEN: ["tc C4 $"]})
    assert st.ctrl[sq(st, "C4")] == (PAPE, BEN)
    assert gains[BEN] == [1, 0, 2]
    assert gains[ANN] == [1, 0, 0]


def test_nse21_tc_only_on_player_controlled_estate_nse_a10():
    """NSE-21, NSE-A10: a TC on a faction-controlled estate fails, even the FL's: refused
    at once (the faction keeps C4 unless none of its units is left there, and then no unit
    of Ann's is there to take it), and failing at Night."""
    st, _unit, _ = ben_stewards_c4()
    refused(st, ANN, "tc C4 $", f"{W}Tax Collectors work only on estates you control")
    sneak(st, ANN, "tc C4 $")
    night(st)
    assert "Tax Collectors work only on estates you control (NSE-21, NSE-A10)" in report(st, ANN)
    assert (sq(st, "C4"), MONEY) not in st.tcs
    assert st.houses[ANN].court == 10


def test_nse21_tc_on_zero_income_collects_nothing():
    """NSE-21: a TC collects what is available of his resource: 0 on a 5-0-0 home's MP."""
    st = begin({ANN: setup_text(ANN, design="5-0-0")})
    gains = night(st, {ANN: ["tc A1 Inf", "tc A1 MP"]})
    assert gains[ANN] == [6, 0, 0]


def test_nse22_steward_on_home_collects_one_of_each_available_nse_a10():
    """NSE-22, NSE-A10: a Steward on the 3-2-0 Home collects 1 Inf and 1 MP (not $), for
    the player himself."""
    st = begin({BEN: setup_text(BEN, design="3-2-0")})
    gains = night(st, {BEN: ["steward C3"]})
    assert gains[BEN] == [2, 1, 0]
    assert gains[ANN] == [1, 0, 0]


def test_nse23_one_steward_per_estate():
    """NSE-23: a second Steward on C4 fails."""
    st, _unit, _ = ben_stewards_c4()
    night(st, {ANN: ["steward C4"]})
    assert "the estate already has a Steward (NSE-23)" in report(st, ANN)
    assert st.stewards[sq(st, "C4")] == BEN
    assert st.houses[ANN].court == 10


def test_nse23_one_tc_per_resource():
    """NSE-23: a second TC on A1's Inf is refused at once (in the same list, or beside the
    one there) and fails at Night; the first collects once."""
    st = started()
    act(st, ANN, "tc A1 Inf")
    twice = f"{W}A1 has your Tax Collector on Inf already; one per resource (NSE-23)"
    refused(st, ANN, "tc A1 Inf", twice)
    sneak(st, ANN, "tc A1 Inf")
    gains = night(st)
    assert "A1 already has a Tax Collector on Inf (NSE-23)" in report(st, ANN)
    assert gains[ANN] == [3, 0, 0]
    assert st.houses[ANN].court == 9
    refused(st, ANN, "tc A1 Inf", twice)
    act(st, ANN, "recall tc A1 Inf")
    act(st, ANN, "tc A1 Inf")  # recalled first at step 8, then placed again


def test_nse23_steward_and_tc_never_share_an_estate():
    """NSE-23: a Steward cannot join TCs on an estate (a Steward is a courtier on an estate
    "that does not contain one or more Tax Collectors")."""
    st = started({ANN: ["tc A1 Inf"]})
    sneak(st, ANN, "steward A1")
    resolve(st)
    assert "a Steward and Tax Collectors cannot share an estate (NSE-23)" in report(st, ANN)
    assert sq(st, "A1") not in st.stewards
    assert st.tcs == {(sq(st, "A1"), INF): ANN}


def test_nse23_the_day_judges_stewards_and_tcs_it_can_nse40_nse_a39_nse_a30():
    """NSE-23, NSE-40, NSE-A39, NSE-A30, NSE-A25: what Ann knows decides these orders, so
    the Day says so at once: a Steward beside her TCs on A1 is refused (unless she recalls
    them first), a second Steward too; after a TC earlier in her list a Steward is
    accepted with a caution to her alone. Ben's TC beside his Steward behind a Noble is
    refused; on a faction estate without an Heir it is refused, and with Create Heir on
    his list it is accepted with a caution."""
    st = started({ANN: ["tc A1 Inf"]})
    refused(st, ANN, "steward A1", f"{W}your Tax Collectors are on A1, and a Steward never")
    act(st, ANN, "recall tc A1 Inf")
    assert kinds(act(st, ANN, "steward A1")) == ["order"]
    refused(st, ANN, "steward A1", f"{W}your Steward is on A1 already; one per estate (NSE-23)")
    st = started()
    act(st, ANN, "tc A1 MP")
    events = act(st, ANN, "steward A1")
    assert [(e.kind, e.visible_to(ANN), e.visible_to(BEN)) for e in events] == [
        ("order", True, False),
        ("caution", True, False),
    ]
    st, _unit, _ = ben_stewards_c4()
    refused(st, BEN, "tc C4 $", f"{W}a Steward becomes Tax Collectors only for an Heir's")
    st.houses[BEN].spouse, st.houses[CAT].spouse = CAT, BEN
    st.houses[BEN].res = [3, 1, 1]
    act(st, BEN, "create heir")
    (caution,) = [e for e in act(st, BEN, "tc C4 $") if e.kind == "caution"]
    assert GAME.describe(st, caution) == (
        "'tc C4 $' is accepted; it fails at Night if you have no Heir by step 8: only an"
        " Heir's estate takes Tax Collectors (NSE-A30)."
    )
    night(st)
    assert st.ctrl[sq(st, "C4")] == (PAPE, BEN)  # the Heir came at step 4
    st.nobles[sq(st, "C4")] = PAPE
    act(st, BEN, "recall tc C4 $")
    night(st)
    st.stewards[sq(st, "C4")] = BEN
    st.houses[BEN].posts.append(Post("steward", sq(st, "C4")))
    st.houses[BEN].court -= 1
    refused(st, BEN, "tc C4 Inf", f"{W}the Steward on C4 backs a Noble and stays (NSE-A39)")


def test_nse40_tc_appointed_on_the_home_releases_the_steward_nse_a25_nse23():
    """NSE-40, NSE-A25, NSE-23: a Steward stays only "until one or more Tax Collectors
    have been appointed in the estate". Ann's Steward on her Home A1 (2-2-1) is released
    when her TC takes MP there at step 8: he is back at court, told so, and the estate pays
    the TC's 2 MP instead of the Steward's 1 of each. The order is accepted at Day."""
    st = started({ANN: ["steward A1"]})
    assert st.stewards == {sq(st, "A1"): ANN} and st.houses[ANN].court == 9
    events = act(st, ANN, "tc A1 MP")
    assert kinds(events) == ["order"]
    gains = night(st)
    assert sq(st, "A1") not in st.stewards
    assert ("steward", sq(st, "A1"), "") not in st.houses[ANN].posts
    assert st.tcs == {(sq(st, "A1"), MP): ANN}
    assert st.houses[ANN].court == 9  # the Steward came home, the TC went out
    assert gains[ANN] == [1, 2, 0]  # TC 2 MP; Tithe 1 Inf
    text = report(st, ANN)
    assert "Your Steward on A1 is released and back at court" in text
    assert text.index("Steward on A1 is released") < text.index("Tax Collector collects MP")
    assert (st.night, "remove", PAPE, "A1", "steward") in st.facts
    assert courtiers_total(st, ANN) == 10


def test_nse40_tc_on_the_heirs_estate_releases_its_steward_nse_a25():
    """NSE-40, NSE-A25, NSE-A10: on C4, Ben's own (Heir's) player estate, a Steward sits
    again; a TC appointed there releases him too, and C4 stays Ben's."""
    st, _unit, _ = ben_stewards_c4()
    st.houses[BEN].heir = "home"
    night(st, {BEN: ["tc C4 $"]})
    assert st.ctrl[sq(st, "C4")] == (PAPE, BEN)
    night(st, {BEN: ["recall tc C4 $", "steward C4"]})
    assert st.stewards[sq(st, "C4")] == BEN and st.tcs == {}
    gains = night(st, {BEN: ["tc C4 $", "tc C4 Inf"]})
    assert sq(st, "C4") not in st.stewards
    assert st.tcs == {(sq(st, "C4"), MONEY): BEN, (sq(st, "C4"), INF): BEN}
    assert st.ctrl[sq(st, "C4")] == (PAPE, BEN)
    assert gains[BEN] == [2, 0, 2]  # TCs 1 Inf and 2 $; Tithe 1 Inf
    assert report(st, BEN).count("is released and back at court") == 1
    assert courtiers_total(st, BEN) == 10


def test_nse40_a_nobles_steward_is_never_released_nse_a39():
    """NSE-40, NSE-A39: the Steward behind a Noble "cannot be removed", so no TC is
    appointed beside him, even on his owner's own (Heir's) estate."""
    st, _unit, _ = ben_stewards_c4()
    st.houses[BEN].heir = "home"
    st.ctrl[sq(st, "C4")] = Control(PAPE, BEN)
    st.houses[BEN].extra_estate = sq(st, "C4")
    st.nobles[sq(st, "C4")] = PAPE
    sneak(st, BEN, "tc C4 $")
    resolve(st)
    assert "the Steward on C4 backs a Noble and stays (NSE-A39)" in report(st, BEN)
    assert st.stewards[sq(st, "C4")] == BEN and st.tcs == {}


def test_nse24_lobbyist_adds_two_to_a_collected_resource():
    """NSE-24: TC (2 Inf) + Lobbyist (+2) + Tithe (1) = 5 Inf."""
    st = started({ANN: ["tc A1 Inf", "lobbyist A1 Inf"]})
    assert res(st, ANN) == [5, 0, 0]
    assert st.lobbyists[(sq(st, "A1"), INF)] == ANN
    assert st.houses[ANN].court == 8


def test_nse24_lobbyist_needs_a_tc_and_base_income():
    """NSE-24: no Lobbyist without a TC on that resource (ordered before it), nor on a 0
    base resource: Ann knows both of her Home, so the Day refuses them at once; should they
    reach the Night, they fail there."""
    st = begin({ANN: setup_text(ANN, design="5-0-0")})
    refused(
        st,
        ANN,
        "lobbyist A1 Inf",
        f"{W}no Tax Collector of yours collects Inf on A1, and you have ordered none before"
        " this Lobbyist (NSE-24)",
    )
    act(st, ANN, "tc A1 MP")
    refused(st, ANN, "lobbyist A1 MP", f"{W}A1 has no base MP income (NSE-24)")
    act(st, ANN, "tc A1 Inf")
    act(st, ANN, "lobbyist A1 Inf")  # the TC ordered before it: accepted
    act(st, ANN, "cancel 3")
    act(st, ANN, "cancel 2")
    st.houses[ANN].orders.insert(0, GAME.read(st, ANN, "lobbyist A1 Inf"))  # before its TC
    sneak(st, ANN, "lobbyist A1 MP")
    gains = night(st)
    text = report(st, ANN)
    assert "no Tax Collector of yours collects Inf on A1 (NSE-24)" in text
    assert "A1 has no base MP income (NSE-24)" in text
    assert st.lobbyists == {}
    assert gains[ANN] == [1, 0, 0]
    assert st.houses[ANN].court == 9


def test_one_lobbyist_per_collected_resource_nse_a41():
    """NSE-A41: a second Lobbyist on A1's Inf is refused at once, in the same list or
    beside the one there, and fails at Night; one on MP beside it works, and a recalled
    Lobbyist (or his recalled TC) leaves room for a new one."""
    once = f"{W}you have ordered a Lobbyist on A1 Inf already; one per resource (NSE-A41)"
    there = f"{W}your Lobbyist works the Inf of A1 already; one per resource (NSE-A41)"
    st = table()
    for seat in range(len(NAMES)):
        act(st, seat, setup_text(seat))
    for text in ("tc A1 Inf", "tc A1 MP", "lobbyist A1 Inf"):
        act(st, ANN, text)
    refused(st, ANN, "lobbyist A1 Inf", once)
    sneak(st, ANN, "lobbyist A1 Inf")
    resolve(st)
    assert "one Lobbyist per collected resource (NSE-A41)" in report(st, ANN)
    assert res(st, ANN) == [5, 2, 0]
    refused(st, ANN, "lobbyist A1 Inf", there)
    act(st, ANN, "recall lobbyist A1 Inf")
    act(st, ANN, "lobbyist A1 Inf")
    act(st, ANN, "cancel 2")
    act(st, ANN, "cancel 1")
    gains = night(st, {ANN: ["lobbyist A1 MP"]})
    assert gains[ANN] == [5, 4, 0]
    assert st.houses[ANN].court == 6


# -- seizure -------------------------------------------------------------------------------------


def test_nse19_nse20_enemy_alone_seizes_and_courtiers_go_home_nse_a09():
    """NSE-19, NSE-20, NSE-A09: Ben's unit leaves C4, Cat's unit is there: the Pape lose
    C4, Ben's Steward returns to court, and C4 is neutral (not yet the Fleurs')."""
    st, unit, _ = ben_stewards_c4()
    place_unit(st, CAT, "C4")
    gains = night(st, {BEN: [f"move {unit.label} to C3"]})
    assert sq(st, "C4") not in st.ctrl
    assert sq(st, "C4") not in st.stewards
    assert st.houses[BEN].court == 10
    assert st.houses[BEN].posts == []
    assert "C4 was seized" in " ".join(st.post)
    assert gains[ANN] == [1, 0, 0]  # no more Steward income
    night(st, {CAT: ["steward C4"]})
    assert st.ctrl[sq(st, "C4")] == (FLEURS, -1)


def test_seizure_sends_tc_and_lobbyist_home_and_loses_the_noble_nse20_nse_a09():
    """NSE-20, NSE-A09: on Ben's Heir estate C4 his TC and Lobbyist go home when Eve's
    unit seizes it; a Noble bound there is lost, and the estate is no longer Ben's."""
    st = started()
    st.houses[BEN].heir = "home"
    unit = place_unit(st, BEN, "C4")
    night(st, {BEN: ["tc C4 $", "lobbyist C4 $"]})
    assert st.houses[BEN].court == 8
    st.nobles[sq(st, "C4")] = PAPE
    place_unit(st, EVE, "C4")
    night(st, {BEN: [f"move {unit.label} to C3"]})
    assert sq(st, "C4") not in st.ctrl
    assert st.tcs == {} and st.lobbyists == {}
    assert st.houses[BEN].court == 10
    assert st.houses[BEN].extra_estate == -1
    assert st.nobles_of(PAPE) == 0


def test_control_persists_with_no_units_and_no_invader_nse_a09():
    """NSE-A09 persistence: Ben's unit leaves C4 and nobody comes: the faction keeps it and
    the Steward keeps paying the FL."""
    st, unit, _ = ben_stewards_c4()
    gains = night(st, {BEN: [f"move {unit.label} to C3"]})
    assert st.ctrl[sq(st, "C4")] == (PAPE, -1)
    assert gains[ANN] == [2, 0, 1]


def test_defended_estate_is_not_seized_nse19():
    """NSE-19: an enemy unit on C4 while Ben's unit is still there seizes nothing: Ben's
    Regiment wins the battle and the Pape keep C4 and its Steward."""
    st, unit, _ = ben_stewards_c4()
    # A Fleurs unit much weaker than Ben's Regiment.
    place_unit(st, CAT, "C4", "Regiment with O1, C2 x3, F6 x2")
    night(st)
    assert unit.id in st.units
    assert [u.id for u in st.units_at(sq(st, "C4"))] == [unit.id]
    assert st.ctrl[sq(st, "C4")] == (PAPE, -1)
    assert st.stewards[sq(st, "C4")] == BEN


# -- buildings -----------------------------------------------------------------------------------

BUILDING_RULES = {  # name: (cost Inf/MP/$, overseers, courtiers to activate), per NSE-26..30
    "war council": ((1, 3, 0), 2, 1),
    "university": ((3, 3, 3), 2, 2),
    "spymaster": ((3, 0, 1), 1, 1),
    "arsenal": ((1, 0, 3), 2, 1),
    "star fortress": ((3, 3, 3), 2, 1),
}


def test_nse25_buildings_only_on_player_controlled_estates():
    """NSE-25: not on a neutral estate, nor on a faction estate (Ben's Steward on C4)."""
    st, _unit, _ = ben_stewards_c4()
    for h in st.houses:
        h.res = [10, 10, 10]
    refused(st, ANN, "build war council at A2", "buildings go only on estates you control")
    refused(st, BEN, "build war council at C4", "buildings go only on estates you control")
    refused(st, ANN, "build arsenal at C4", "C4 is not")
    refused(st, ANN, "build arsenal at C3", "NSE-25")


@pytest.mark.parametrize("name", sorted(BUILDING_RULES))
def test_nse25_to_nse30_building_costs_and_overseers_nse_a26(name):
    """NSE-25 .. NSE-30, NSE-A26: each building's one-time cost is paid at step 4, its
    overseers are counted for the Night and are back by Day, and it finishes that Night."""
    cost, overseers, _ = BUILDING_RULES[name]
    st = started()
    st.houses[ANN].res = [10, 10, 10]
    act(st, ANN, f"build {name} at A1")
    assert courtiers_needed(st, st.houses[ANN].orders) == overseers
    gains = night(st)
    assert gains[ANN] == [1 - cost[0], -cost[1], -cost[2]]
    assert st.buildings[(sq(st, "A1"), name)] == Building(ANN, True, 0)
    assert st.houses[ANN].court == 10


@pytest.mark.parametrize("name", sorted(BUILDING_RULES))
def test_nse25_overseers_must_be_at_court(name):
    """NSE-25, NSE-32: a build order needs its overseers among the courtiers at court."""
    _, overseers, _ = BUILDING_RULES[name]
    st = started()
    st.houses[ANN].res = [10, 10, 10]
    st.houses[ANN].court = overseers - 1
    refused(st, ANN, f"build {name} at A1", f"would need {overseers} courtiers")


def test_nse25_unaffordable_building_fails_at_night():
    """NSE-25: a build order whose cost cannot be paid at step 4 fails and builds nothing."""
    st = started()
    gains = night(st, {ANN: ["build war council at A1"]})
    assert "Building a war council failed" in report(st, ANN)
    assert st.buildings == {}
    assert gains[ANN] == [1, 0, 0]


def test_each_building_type_once_per_estate_nse_a26():
    """NSE-A26: a second War Council on A1 is refused."""
    st = started()
    st.houses[ANN].res = [10, 10, 10]
    night(st, {ANN: ["build war council at A1"]})
    refused(st, ANN, "build war council at A1", "A1 already has a war council")


def build_and_staff(st, seat: int, name: str, home: str, staff: int | None = None):
    st.houses[seat].res = [20, 20, 20]
    need = BUILDING_RULES[name][2] if staff is None else staff
    night(st, {seat: [f"build {name} at {home}"] + [f"staff {name} at {home}"] * need})


def test_nse26_war_council_gives_the_faction_bonus_to_all_own_units_nse_a36_a26():
    """NSE-26, NSE-A36, NSE-A26: built and staffed in one Night, Ann's War Council gives
    every unit of hers (Pape: +1 TGH), on A1 and elsewhere; not Ben's."""
    st = started()
    far = place_unit(st, ANN, "B5")
    (home_unit,) = [u for u in unit_of(st, ANN) if u.id != far.id]
    assert board.battle_unit(st, home_unit).extra[TGH] == 0
    build_and_staff(st, ANN, "war council", "A1")
    assert st.buildings[(sq(st, "A1"), "war council")] == Building(ANN, True, 1)
    assert st.houses[ANN].court == 9
    assert board.battle_unit(st, home_unit).extra[TGH] == 1
    assert board.battle_unit(st, far).extra[TGH] == 1
    (ben_unit,) = unit_of(st, BEN)
    assert board.battle_unit(st, ben_unit).extra[TGH] == 0


def test_nse26_unstaffed_war_council_does_nothing():
    """NSE-26: a War Council with no courtier on it gives no bonus."""
    st = started()
    build_and_staff(st, ANN, "war council", "A1", staff=0)
    (unit,) = unit_of(st, ANN)
    assert board.battle_unit(st, unit).extra[TGH] == 0


def test_nse27_university_trains_a_courtier_each_cycle_nse_a26_a25():
    """NSE-27, NSE-A26, NSE-A25: with 2 courtiers on it a University produces a courtier at
    step 9 of the Night it is built and every Night after (Ann had lost two courtiers, so
    she is below her 10)."""
    st = started()
    st.houses[ANN].court = 8  # two courtiers lost earlier
    build_and_staff(st, ANN, "university", "A1")
    assert st.buildings[(sq(st, "A1"), "university")].staff == 2
    assert st.houses[ANN].court == 7  # 8 - 2 staff + 1 trained
    night(st)
    assert st.houses[ANN].court == 8
    assert courtiers_total(st, ANN) == 10


def test_nse_a25_recall_staff_brings_a_courtier_home():
    """NSE-A25: ``recall staff BUILDING at SQUARE`` takes one of the seat's courtiers off
    the building at the Night; a building she does not staff is refused by name."""
    st = started()
    build_and_staff(st, ANN, "war council", "A1")
    staff, court = st.buildings[(sq(st, "A1"), "war council")].staff, st.houses[ANN].court
    with pytest.raises(IllegalAction, match="no courtier of yours staffs a spymaster on A1"):
        act(st, ANN, "recall staff spymaster at A1")
    night(st, {ANN: ["recall staff war council at A1"]})
    assert st.buildings[(sq(st, "A1"), "war council")].staff == staff - 1
    assert st.houses[ANN].court == court + 1


def test_nse27_university_with_one_courtier_produces_nothing():
    """NSE-27: one courtier does not activate a University."""
    st = started()
    st.houses[ANN].court = 8
    build_and_staff(st, ANN, "university", "A1", staff=1)
    assert st.houses[ANN].court == 7
    night(st)
    assert st.houses[ANN].court == 7


def test_nse28_spymaster_gives_spies_unlimited_range():
    """NSE-28, NSE-35: without a Spymaster a 4-estate Spy move fails; with an active one
    (staffed earlier in the same step 8) it succeeds."""
    st = started()
    night(st, {ANN: ["spy to A2 A3 A4 A5"]})
    assert "a Spy moves at most 2 estates a Night (NSE-35)" in report(st, ANN)
    st.houses[ANN].res = [20, 20, 20]
    night(
        st,
        {ANN: ["build spymaster at A1", "staff spymaster at A1", "spy to A2 A3 A4 A5 A6 A7"]},
    )
    assert ("spy", sq(st, "A7"), "") in st.houses[ANN].posts
    assert "Spy at A6" in report(st, ANN)


def garrison_at(st, seat: int, label: str):
    return place_unit(st, seat, label, GARRISON)


def test_nse29_arsenal_gives_garrisons_on_controlled_estates_15_morale_nse_a36():
    """NSE-29, NSE-A36: Ann's active Arsenal gives her Garrisons +15 MOR on her Home and on
    a Pape faction estate (C4), not on a neutral estate, and not to a Regiment."""
    st, _unit, _ = ben_stewards_c4()
    at_home = garrison_at(st, ANN, "A1")
    on_faction = garrison_at(st, ANN, "C4")
    outside = garrison_at(st, ANN, "A2")
    assert board.battle_unit(st, at_home).extra[MOR] == 0
    build_and_staff(st, ANN, "arsenal", "A1")
    assert board.battle_unit(st, at_home).extra[MOR] == 15
    assert board.battle_unit(st, on_faction).extra[MOR] == 15
    assert board.battle_unit(st, outside).extra[MOR] == 0
    regiment = next(u for u in unit_of(st, ANN) if u.kind == "Regiment")
    assert board.battle_unit(st, regiment).extra[MOR] == 0


def test_nse30_star_fortress_makes_home_units_ambush_immune():
    """NSE-30: with a staffed Star Fortress Ann's units on her Home are immune to Ambush;
    elsewhere, or before it is staffed, they are not."""
    st = started()
    away = place_unit(st, ANN, "A2")
    (home_unit,) = [u for u in unit_of(st, ANN) if u.id != away.id]
    assert not board.ambush_immune(st, home_unit)
    build_and_staff(st, ANN, "star fortress", "A1")
    assert board.ambush_immune(st, home_unit)
    assert not board.ambush_immune(st, away)


# -- 1.4 Courtiers -------------------------------------------------------------------------------


def test_nse31_ten_courtiers_and_no_more_orders_than_courtiers_nse32():
    """NSE-31, NSE-32: 10 courtiers, each with one post a Night: the 11th post is refused."""
    st = started()
    assert courtier_limit(st.houses[ANN]) == 10
    texts = ["tc A1 Inf", "tc A1 MP", "tc A1 $"] + ["spy to A2"] * 6 + ["field surgeon"]
    for text in texts:
        act(st, ANN, text)
    refused(st, ANN, "spy to B1", "your orders would need 11 courtiers and 10 are at court")


def test_nse32_posted_courtiers_are_not_at_court_the_next_day():
    """NSE-32: after 3 TCs Ann has 7 at court; 8 new posts are refused."""
    st = started({ANN: ["tc A1 Inf", "tc A1 MP", "tc A1 $"]})
    assert st.houses[ANN].court == 7
    for _ in range(7):
        act(st, ANN, "spy to A2")
    refused(st, ANN, "field surgeon", "your orders would need 8 courtiers and 7 are at court")


def test_nse33_tc_recalled_at_step_8_nse_a25():
    """NSE-33, NSE-A25: a recalled TC is back at court and collects nothing that Night;
    recalling a TC one does not have is refused."""
    st = started({ANN: ["tc A1 Inf", "tc A1 MP"]})
    gains = night(st, {ANN: ["recall tc A1 Inf"]})
    assert (sq(st, "A1"), INF) not in st.tcs
    assert st.houses[ANN].court == 9
    assert gains[ANN] == [1, 2, 0]
    refused(st, ANN, "recall tc A1 $", "you have no tc on A1 $")


def test_nse33_recalled_tc_may_take_a_new_post_the_same_night_nse_a25():
    """NSE-A25, NSE-33: recalls come before placements at step 8, so the courtier recalled
    from Inf can collect MP that Night."""
    st = begin({ANN: setup_text(ANN, design="3-2-0")})
    night(st, {ANN: ["tc A1 Inf"]})
    gains = night(st, {ANN: ["recall tc A1 Inf", "tc A1 MP"]})
    assert gains[ANN] == [1, 2, 0]
    assert st.tcs == {(sq(st, "A1"), MP): ANN}


def test_nse34_spy_reports_each_estate_it_passed_nse_a21():
    """NSE-34, NSE-A21: the Spy reports base income, controller and the units on each estate
    it moved through or landed on, at the end of the Night, without companies."""
    st = started()
    place_unit(st, EVE, "A3")
    night(st, {ANN: ["spy to A2 A3"]})
    text = report(st, ANN)
    assert "Spy at A2: income 0-1-0, held by nobody; no units." in text
    line = next(x for x in st.reports[ANN] if x.startswith("Spy at A3"))
    assert "income 0-0-1" in line and "Regiment of Eve (Twice Crowned King)" in line
    assert "basic officer" in line and "O1" not in line
    assert ("spy", sq(st, "A3"), "") in st.houses[ANN].posts
    assert st.houses[ANN].court == 9


def test_spy_detail_full_reports_companies_nse_a21():
    """NSE-A21: with ``spy_detail=full`` the companies are listed too."""
    st = started(spy_detail="full")
    place_unit(st, EVE, "A2")
    night(st, {ANN: ["spy to A2"]})
    line = next(x for x in st.reports[ANN] if x.startswith("Spy at A2"))
    assert "[O1 C1 C1 C1 F6 F6]" in line


def test_nse35_spy_moves_at_most_two_orthogonal_estates():
    """NSE-35: 3 estates, or a jump, fail and leave the courtier at court."""
    st = started()
    night(st, {ANN: ["spy to A2 A3 A4", "spy to B2"]})
    text = report(st, ANN)
    assert "a Spy moves at most 2 estates a Night (NSE-35)" in text
    assert "B2 is not next to A1" in text
    assert st.houses[ANN].posts == [] and st.houses[ANN].court == 10


def test_nse35_placed_spy_moves_on_two_more():
    """NSE-35: a Spy already out moves up to 2 more estates the next Night."""
    st = started({ANN: ["spy to A2 A3"]})
    night(st, {ANN: ["spy A3 to A4 A5"]})
    assert st.houses[ANN].posts == [("spy", sq(st, "A5"), "")]
    assert "Spy at A5" in report(st, ANN)


def test_nse36_recalled_spy_goes_straight_home():
    """NSE-36: a recalled Spy is back at court; recalling a Spy one lacks is refused."""
    st = started({ANN: ["spy to A2 A3"]})
    night(st, {ANN: ["recall spy A3"]})
    assert st.houses[ANN].posts == [] and st.houses[ANN].court == 10
    refused(st, ANN, "recall spy A3", "you have no Spy on A3")


def test_nse37_courtier_commander_free_attack_2_until_disbanded():
    """NSE-37: a courtier commander replaces the Officer company (its tier and cost not
    counted: 2 + 1 = 3 MP), has ATK 2, cannot be recalled, and returns when the unit is
    disbanded."""
    st = started()
    st.houses[ANN].res = [0, 10, 0]
    night(st, {ANN: ["recruit Regiment led by courtier with C1 x3, F6 x2 at A1"]})
    unit = next(u for u in unit_of(st, ANN) if u.commander == "courtier")
    assert st.houses[ANN].res[MP] == 7
    assert st.houses[ANN].court == 9
    assert board.commander_atk(st, unit) == 2
    (plain,) = [u for u in unit_of(st, ANN) if u.id != unit.id]
    assert board.commander_atk(st, plain) == 0  # its O1 company gives ATK 1
    refused(st, ANN, "recall courtier A1", "cannot read")
    night(st, {ANN: [f"disband {unit.label}"]})
    assert unit.id not in st.units
    assert st.houses[ANN].court == 10


def test_nse38_lobbyist_recalled_after_a_cycle():
    """NSE-38: a recalled Lobbyist is back at court and adds nothing that Night."""
    st = started({ANN: ["tc A1 Inf", "lobbyist A1 Inf"]})
    gains = night(st, {ANN: ["recall lobbyist A1 Inf"]})
    assert st.lobbyists == {}
    assert st.houses[ANN].court == 9
    assert gains[ANN] == [3, 0, 0]


NINE = (*NAMES, "Ivy")


def nine_players():
    """A 9-player game: Ivy plays role 3 (Grand Inquisitor, Pape) from B2."""
    st = GAME.new(list(NINE), seed=1, options={"roles": [*ROLES, "3"]})
    for seat in range(8):
        act(st, seat, setup_text(seat))
    act(st, 8, f"setup B2 income 2-2-1 skip uniques unit {STARTER}")
    resolve(st)
    return st


def test_nse39_messenger_opens_one_way_channel_for_a_day_nse_a22():
    """NSE-39, NSE-A22: Ben's Messenger to Ivy (both Pape, neither FL) lets Ivy write to
    Ben for that Day only, not Ben to Ivy; the Messenger is back at court by Day."""
    st = nine_players()
    ivy = 8
    assert BEN not in channels(st, ivy)
    night(st, {BEN: ["messenger Ivy"]})
    assert BEN in channels(st, ivy)
    assert ivy not in channels(st, BEN)
    assert "Ben" in GAME.view(st, ivy)["you"]["may_write_to"]
    assert st.houses[BEN].court == 10
    night(st)
    assert BEN not in channels(st, ivy)


def test_nse39_messenger_only_to_own_faction_nse_a22():
    """NSE-39, NSE-A22: a Messenger to another faction's player fails."""
    st = started()
    night(st, {BEN: ["messenger Cat"]})
    assert "Messenger failed: target a player of your own faction (NSE-39)" in report(st, BEN)
    assert BEN not in channels(st, CAT)
    refused(st, BEN, "messenger Ben", "name another player")


def test_nse40_steward_cannot_be_recalled():
    """NSE-40: there is no order recalling a Steward; it stays."""
    st, _unit, _ = ben_stewards_c4()
    refused(st, BEN, "recall steward C4", "cannot read")
    night(st)
    assert st.stewards[sq(st, "C4")] == BEN


def test_nse40_steward_released_when_tcs_take_over_for_an_heir_nse_a30():
    """NSE-40, NSE-A30: with an Heir, Ben replaces his Steward on C4 with a TC: C4 becomes
    his player estate and the Steward is released. Without an Heir it fails."""
    st, _unit, _ = ben_stewards_c4()
    refused(st, BEN, "tc C4 $", f"{W}a Steward becomes Tax Collectors only for an Heir's")
    sneak(st, BEN, "tc C4 $")
    night(st)
    assert "a Steward becomes Tax Collectors only for an Heir's estate (NSE-A30)" in report(st, BEN)
    assert st.stewards[sq(st, "C4")] == BEN
    st.houses[BEN].heir = "home"
    gains = night(st, {BEN: ["tc C4 $"]})
    assert sq(st, "C4") not in st.stewards
    assert st.ctrl[sq(st, "C4")] == (PAPE, BEN)
    assert st.houses[BEN].extra_estate == sq(st, "C4")
    assert st.houses[BEN].court == 9
    assert gains[BEN] == [1, 0, 2]
    assert gains[ANN] == [1, 0, 0]


def test_heir_holds_only_one_extra_estate_nse_a30_nse15():
    """NSE-A30, NSE-15: with an Heir's one extra estate taken, a third fails."""
    st = started()
    st.houses[ANN].heir = "home"
    place_unit(st, ANN, "A2")
    place_unit(st, ANN, "B1")
    night(st, {ANN: ["tc A2 MP", "tc B1 MP"]})
    assert st.ctrl[sq(st, "A2")] == (PAPE, ANN)
    assert sq(st, "B1") not in st.ctrl
    assert "you may control no more estates (NSE-15)" in report(st, ANN)


def test_nse41_envoy_performs_an_action_and_returns_by_day():
    """NSE-41: an Envoy needs a courtier at court and pays the cost at Night; it is back at
    court for the Day."""
    st = started()
    st.houses[BEN].res = [0, 3, 0]
    st.houses[BEN].wounds = 2
    night(st, {BEN: ["field surgeon"]})
    assert st.houses[BEN].wounds == 1
    assert st.houses[BEN].res[MP] == 0
    assert st.houses[BEN].court == 10
    st.houses[BEN].court = 0
    refused(st, BEN, "field surgeon", "your orders would need 1 courtiers and 0 are at court")


# -- rulings on recruitment and coloured companies -----------------------------------------------


def test_recruit_sites_nse_a19():
    """NSE-A19: Ben may recruit on his Home and on the faction estate C4 with his Steward;
    Ann may not recruit on C4 (not her Steward) nor on neutral A2. Nothing gives her a
    site before step 5, so the Day refuses those orders; at Night they cost nothing."""
    st, _unit, _ = ben_stewards_c4()
    st.houses[ANN].res = [0, 20, 0]
    st.houses[BEN].res = [0, 20, 0]
    for label in ("C4", "A2"):
        refused(
            st,
            ANN,
            f"recruit {STARTER} at {label}",
            f"{W}{label} is neither your Home Estate, an estate you control, nor a faction"
            " estate with your Steward (NSE-A19)",
        )
        sneak(st, ANN, f"recruit {STARTER} at {label}")
    night(st, {BEN: [f"recruit {STARTER} at C3", f"recruit {STARTER} at C4"]})
    assert st.houses[BEN].res[MP] == 20 - 8
    assert sorted(st.label(u.square) for u in unit_of(st, BEN)) == ["C3", "C3", "C4", "C4"]
    assert st.houses[ANN].res[MP] == 20
    assert len(unit_of(st, ANN)) == 1
    assert report(st, ANN).count("(NSE-A19)") == 2


def test_stacking_limit_at_recruitment_nse_a19():
    """NSE-A19 (NSE-69): a fourth non-Garrison unit of the faction on A1 is not recruited
    and costs nothing; Garrisons beyond are fine up to two."""
    st = started()
    place_unit(st, ANN, "A1")
    place_unit(st, BEN, "A1")
    st.houses[ANN].res = [0, 20, 0]
    night(st, {ANN: [f"recruit {STARTER} at A1", f"recruit {GARRISON} at A1"]})
    assert "more than 3 units there (NSE-69)" in report(st, ANN)
    assert st.houses[ANN].res[MP] == 20 - 4
    assert sorted(u.kind for u in st.units_at(sq(st, "A1"))) == [
        "Garrison",
        "Regiment",
        "Regiment",
        "Regiment",
    ]


def test_coloured_companies_limit_per_unit_nse_a38():
    """NSE-A38: 3 coloured companies in a starting unit are refused; 2 are fine and yield
    2 MP each Night (bronze, NSE-81)."""
    st = table()
    refused(
        st,
        ANN,
        setup_text(ANN, unit="Regiment with O1, C2 x3, F6 x2"),
        "too many coloured companies in one unit (NSE-A38)",
    )
    st = begin({ANN: setup_text(ANN, unit="Regiment with O1, C2 x2, C1, F6 x2")})
    assert res(st, ANN) == [1, 2, 0]


def test_coloured_companies_limit_per_player_nse_a38():
    """NSE-A38: a player holds at most 4 coloured companies. With 2, Ann's second recruit
    of 2 fails only if the first succeeds: it is accepted, and she alone is told it fails
    then; at Night it fails at no cost. Beyond what her units hold, or with 3 in a unit,
    the Day refuses a recruit at once."""
    two = "Regiment with O1, C2 x2, C1, F6 x2"
    st = begin({ANN: setup_text(ANN, unit=two)})
    st.houses[ANN].res = [0, 30, 0]
    assert kinds(act(st, ANN, f"recruit {two} at A1")) == ["order"]
    events = act(st, ANN, f"recruit {two} at A1")
    assert [(e.kind, e.visible_to(ANN), e.visible_to(BEN)) for e in events] == [
        ("order", True, False),
        ("caution", True, False),
    ]
    assert GAME.describe(st, events[1]) == (
        f"'recruit {two} at A1' is accepted; it fails at Night if your earlier recruits"
        " succeed: your units would then hold 6 coloured companies, and you may hold 4 at"
        " most (NSE-A38)."
    )
    night(st)
    assert "you may hold 4 coloured companies at most (NSE-A38)" in report(st, ANN)
    assert len(unit_of(st, ANN)) == 2
    assert st.houses[ANN].res[MP] == 30 - 4 + 4  # one recruit paid, four bronze earned
    refused(
        st,
        ANN,
        "recruit Regiment with O1, C2, C1 x2, F6 x2 at A1",
        f"{W}your units would hold 5 coloured companies, and you may hold 4 at most (NSE-A38)",
    )
    refused(
        st,
        ANN,
        "recruit Regiment with O1, C2 x3, F6 x2 at A1",
        f"{W}a unit may hold 2 coloured companies at most (NSE-A38)",
    )
    act(st, ANN, f"disband U{unit_of(st, ANN)[0].id}")  # its 2 are gone before step 5
    act(st, ANN, "recruit Regiment with O1, C2, C1 x2, F6 x2 at A1")


def test_resources_manpower_recruits_nse10():
    """NSE-10: three resources; Manpower pays for units (a Regiment of 11 tiers: 4 MP)."""
    st = started()
    assert len(st.houses[ANN].res) == 3
    st.houses[ANN].res = [5, 5, 5]
    gains = night(st, {ANN: [f"recruit {STARTER} at A1"]})
    assert gains[ANN] == [1, -4, 0]


def test_universities_stack_unlike_other_buildings_nse_a26_nse27():
    """NSE-A26, NSE-27: same-type effects do not stack, except University production: Ann
    (with an Heir, so 15 courtiers, NSE-46) runs a University on her Home and one on her
    Heir's estate A2, and both train a courtier at step 9."""
    st = started()
    ann = st.houses[ANN]
    ann.heir, ann.heir_used = "home", True
    place_unit(st, ANN, "A2")
    night(st, {ANN: ["tc A2 MP"]})
    assert courtier_limit(ann) == 15 and courtiers_total(st, ANN) == 10
    ann.res = [20, 20, 20]
    orders = ["build university at A1", "build university at A2"]
    orders += ["staff university at A1"] * 2 + ["staff university at A2"] * 2
    night(st, {ANN: orders})
    assert st.buildings[(sq(st, "A1"), "university")] == Building(ANN, True, 2)
    assert st.buildings[(sq(st, "A2"), "university")] == Building(ANN, True, 2)
    assert courtiers_total(st, ANN) == 12


def test_seizure_sends_building_staff_home_nse20():
    """NSE-20: the courtier staffing Ben's War Council on his Heir's estate C4 returns to
    court when the estate is seized."""
    st = started()
    st.houses[BEN].heir = "home"
    unit = place_unit(st, BEN, "C4")
    night(st, {BEN: ["tc C4 $"]})
    st.houses[BEN].res = [10, 10, 10]
    night(st, {BEN: ["build war council at C4", "staff war council at C4"]})
    assert st.buildings[(sq(st, "C4"), "war council")] == Building(BEN, True, 1)
    assert st.houses[BEN].court == 8
    place_unit(st, EVE, "C4")
    night(st, {BEN: [f"move {unit.label} to C3"]})
    assert sq(st, "C4") not in st.ctrl
    assert st.buildings[(sq(st, "C4"), "war council")].staff == 0
    assert st.houses[BEN].court == 10


def test_seizure_sends_the_controllers_spy_home_too_nse20_nse_a09():
    """NSE-20, NSE-A09: Ben's Spy on C4 is a courtier on the seized estate and returns to
    court with his Steward."""
    st, unit, _ = ben_stewards_c4()
    night(st, {BEN: ["spy to C4"]})
    assert ("spy", sq(st, "C4"), "") in st.houses[BEN].posts
    assert st.houses[BEN].court == 8
    place_unit(st, CAT, "C4")
    night(st, {BEN: [f"move {unit.label} to C3"]})
    assert sq(st, "C4") not in st.ctrl
    assert st.houses[BEN].posts == []
    assert st.houses[BEN].court == 10


def test_spy_reports_the_controller_nse34_nse_a21():
    """NSE-34, NSE-A21: a Spy on the Pape faction estate C4 reports it held by the Pape,
    with Ben's unit under a basic officer."""
    st, unit, _ = ben_stewards_c4()
    night(st, {CAT: ["spy to A9 B9"]})
    night(st, {CAT: ["spy B9 to B8 B7"]})
    night(st, {CAT: ["spy B7 to B6 B5"]})
    night(st, {CAT: ["spy B5 to B4 C4"]})
    line = next(x for x in st.reports[CAT] if x.startswith("Spy at C4"))
    assert line == (
        f"Spy at C4: income 1-0-2, held by Pape; {unit.label} Regiment of Ben (Pape),"
        " basic officer."
    )


def test_allied_unit_keeps_the_estate_from_seizure_nse19_nse_a09():
    """NSE-19, NSE-A09: with Ben's unit gone, an Allied Fleurs unit on C4 seizes nothing:
    allies never take each other's estates."""
    st, unit, _ = ben_stewards_c4()
    st.status[(PAPE, FLEURS)] = ALLIED
    place_unit(st, CAT, "C4")
    gains = night(st, {BEN: [f"move {unit.label} to C3"]})
    assert st.ctrl[sq(st, "C4")] == (PAPE, -1)
    assert st.stewards[sq(st, "C4")] == BEN
    assert gains[ANN] == [2, 0, 1]
