"""Audit of Noblesse against ``/work/shared/rules/noblesse.md``: role abilities and cores
(§4.3), the Night pipeline (§3), information leaks, victory, death and hostages.

Every test here pins down a discrepancy found by the audit; each is an expected failure
naming the faulty code. Seats as in ``helpers``: Ann 1 Camerlengo (Pape FL), Ben 2 Papal
Marshal, Cat 4 Le Roi des Fleurs (FL), Dan 5 Maréchal des Lys, Eve 7 Twice Crowned King
(FL), Fay 8 Constable, Gus 10 Speaker (FL), Hal 11 Captain-General.
"""

from __future__ import annotations

import pytest

from bureau.games.noblesse import board, effects, victory
from bureau.games.noblesse.scenario import STATS
from bureau.games.noblesse.state import ALLIED, Control, Marriage, Post

from .helpers import GAME, act, place_unit, refused, report, resolve, sq, started

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
PAPE, FLEURS, CROWNS, ALLIANCE = range(4)
INF, MP, MONEY = range(3)
VICTORY = ("E5", "E6", "F5", "F6")
REGIMENT = "Regiment with O1, C1 x3, F6 x2"
COURTIER_REGIMENT = "Regiment led by courtier with C1 x3, F6 x2"


def hostage(st, owner: int, holder: int) -> None:
    """``owner`` and ``holder`` are married; ``owner``'s Heir is ``holder``'s hostage."""
    st.houses[owner].spouse, st.houses[holder].spouse = holder, owner
    st.houses[owner].heir, st.houses[owner].heir_used = "hostage", True
    st.houses[owner].hostage_of = holder


@pytest.fixture
def st():
    return started()


# -- §3 step 2: Forced March --------------------------------------------------------------------


def test_forced_marches_are_all_judged_on_the_positions_after_first_moves(st):
    """NSE-50, NSE-A27 (step 2 stage 2): every force-marched unit's condition is judged on
    the positions after all first moves, then all extra moves happen at once with no
    re-check. Ann ends her first move on A2 and Cat his on A3, neither facing a battle
    there; both extra moves are therefore allowed, even though Ann's goes into A3."""
    mine = place_unit(st, ANN, "A1")
    theirs = place_unit(st, CAT, "A4")
    st.houses[ANN].res = [0, 2, 0]
    st.houses[CAT].res = [0, 2, 0]
    act(st, ANN, f"move U{mine.id} to A2")
    act(st, ANN, f"march U{mine.id} to A3")
    act(st, CAT, f"move U{theirs.id} to A3")
    act(st, CAT, f"march U{theirs.id} to B3")
    resolve(st)
    assert st.label(mine.square) == "A3"
    assert st.label(theirs.square) == "B3"


# -- §4.3 role abilities ------------------------------------------------------------------------


def test_recruiting_ability_refused_by_stacking_costs_nothing(st):
    """§4.3 (recruiting abilities obey the stacking limit NSE-69), NSE-A19 (recruitment
    that would break it fails with no cost), NSE-A07: Dan's Levée en masse on C8, where
    his faction already fields three units, recruits nothing and must not take 8 MP. The
    three are Cat's, which Dan cannot see, so the Day accepts the order; were they his own,
    the Day would refuse it at once (foresight)."""
    for _ in range(3):
        place_unit(st, CAT, "C8")
    st.houses[DAN].res = [0, 8, 0]
    levy = f"{REGIMENT} at C8"
    act(st, DAN, f"use Levée en masse recruit {levy} and {levy}")
    resolve(st)
    assert len([u for u in st.units.values() if u.owner == DAN]) == 1  # the starting unit
    assert st.houses[DAN].res[MP] == 8
    for u in [u for u in st.units.values() if u.owner == CAT and st.label(u.square) == "C8"]:
        u.owner = DAN
    refused(
        st,
        DAN,
        f"use Levée en masse recruit {levy} and {levy}",
        match=r"would fail at Night because your faction would",
    )


def test_a_levy_naming_no_company_design_is_refused_by_the_day(st):
    """NSE-84 (a unit is made of the catalogue's company designs), §4.3: a recruiting
    ability's levy that names no design (MP) is refused at once with the catalogue, as a
    recruit order is; judging it at the Day (foresight) once failed with a KeyError."""
    st.houses[DAN].res = [0, 8, 0]
    refused(
        st,
        DAN,
        "use Levée en masse recruit Regiment with O1, MP x3, F6 x2 at C8",
        match=r"MP is no company design \(the catalogue: C1",
    )


def test_ambuscade_may_not_target_the_hostage_owner(st):
    """NSE-48, NSE-A31, §4.3 (an ability that names an action keeps its other
    requirements): while Fay holds Ann's Heir she may not target Ann's units with actions;
    Ambuscade (Incapacitate) on Ann's courtier-led unit must fail and cost nothing."""
    hostage(st, ANN, FAY)
    target = place_unit(st, ANN, "D4", COURTIER_REGIMENT)
    st.houses[ANN].court -= 1
    place_unit(st, FAY, "D5")
    st.houses[FAY].res = [0, 8, 0]
    act(st, FAY, f"use Ambuscade U{target.id}")
    resolve(st)
    assert target.commander == "courtier"
    assert st.houses[FAY].res[MP] == 8 + 1  # unpaid; +1 MP is the Crowns' Levy at step 9
    assert "hostage" in report(st, FAY)


def test_courtly_bribe_may_not_target_the_hostage_owners_estate(st):
    """NSE-48 (the holder may not target the owner's estates with actions), §4.3: Cat
    holds Ann's Heir; Courtly Bribe (Bribery) on Ann's Home Estate must fail like the
    standard Bribery does, and Ann's estate still produces."""
    hostage(st, ANN, CAT)
    st.houses[CAT].posts.append(Post("spy", sq(st, "A1")))
    st.houses[CAT].court -= 1
    st.houses[CAT].res = [0, 0, 2]
    act(st, CAT, "use Courtly Bribe A1 Inf")
    resolve(st)
    assert sq(st, "A1") not in st.bribed
    assert st.houses[CAT].res[MONEY] == 2 + 1  # refused, plus Royal Purse


def test_holy_league_waives_only_the_step_one_heirs(st):
    """§4.3 role 1 (Holy League: each spouse Create Heir at the next step 1 at no further
    cost), NSE-45: a spouse who could not create his Heir then (no courtier at court) pays
    the standard 3 Inf, 1 MP, 1 $ for a later Create Heir."""
    st.houses[ANN].spouse, st.houses[CAT].spouse = CAT, ANN
    st.marriage_offers = [Marriage(ANN, CAT, "Holy League", "married")]
    assert effects.heir_price(st, CAT) == (3, 1, 1)


def test_star_walls_protects_only_the_captain_generals_units(st):
    """§4.3 role 11 (Star Walls: *your* units on one estate your faction controls are
    immune to Ambush): Hal's units on his Home Estate are immune; his Faction Leader's
    unit on the same estate is not."""
    st.houses[HAL].res = [0, 8, 0]
    act(st, HAL, "use Star Walls H8")
    resolve(st)
    hals = place_unit(st, HAL, "H8")
    gus = place_unit(st, GUS, "H8")
    assert board.ambush_immune(st, hals)
    assert not board.ambush_immune(st, gus)


# -- §4.3 special cores -------------------------------------------------------------------------


def test_marechal_core_adds_one_attack_to_his_unique_officer(st):
    """§4.3 role 5 (character commanders you appoint have +1 ATK), §4.4 (a Unique Officer
    is a character commander), NSE-113: a Connétable-led unit of Dan attacks 1 more than
    the same unit of Cat, who has no such core."""
    spec = "Regiment led by Connétable with C1 x3, F6 x2"
    dans = place_unit(st, DAN, "C8", spec)
    cats = place_unit(st, CAT, "A10", spec)
    atk = STATS.index("ATK")
    dan_atk = board.battle_unit(st, dans).stats()[atk]
    cat_atk = board.battle_unit(st, cats).stats()[atk]
    assert dan_atk == cat_atk + 1


# -- victory (NSE-A04) --------------------------------------------------------------------------


def test_solo_military_victory_is_not_shared_with_the_ally():
    """NSE-03, NSE-A04: a faction holding all four victory squares wins alone; its ally,
    which holds none of them and meets no condition, does not win."""
    st = started()
    st.status[(CROWNS, ALLIANCE)] = ALLIED
    for label in VICTORY:
        st.ctrl[sq(st, label)] = Control(CROWNS, -1)
    assert victory.winners(st) == {CROWNS: ["military"]}


# -- leaks (NSE-111, NSE-A22) -------------------------------------------------------------------


def test_receiving_a_unique_officer_does_not_unmask_the_fl(st):
    """NSE-111 (members do not know their FL), NSE-A22 (the FL opens the channel),
    NSE-113: before Ann contacts Ben, nothing Ben may see from handing him an officer
    names Ann."""
    events = act(st, ANN, "give officer Cardinal Legate to Ben")
    seen = [e for e in events if e.visible_to(BEN)]
    assert seen, "Ben is told he holds the officer"
    for e in seen:
        assert e.data.get("player") != ANN
        assert "Ann" not in GAME.describe(st, e)


def test_paying_a_player_does_not_reveal_whether_he_leads_a_faction(st):
    """NSE-111, NSE-117, NSE-A22 (FLs deal with each other through their second alts,
    addressed by faction, never by seat): Ann names Cat (the Fleurs FL) and Dan (a Fleurs
    member) alike; what she learns must not tell them apart."""
    st.houses[ANN].res = [0, 0, 5]
    refusals = []
    for name in ("Cat", "Dan"):
        refusals.append(refused(st, ANN, f"pay {name} 1 $").replace(name, "X"))
    assert refusals[0] == refusals[1]


# -- hostages (NSE-47, NSE-48) -------------------------------------------------------------------


def test_accepted_exchange_takes_a_commanding_heir_or_is_refused(st):
    """NSE-47 (once accepted, the spouse's faction gains control of your Heir), NSE-48,
    NSE-A32: Ann's Heir leads a unit; her accepted Exchange of Hostages either makes him
    Cat's hostage or is refused at no cost; it may not take 3 Inf and do nothing."""
    st.houses[ANN].spouse, st.houses[CAT].spouse = CAT, ANN
    st.houses[ANN].heir, st.houses[ANN].heir_used = "field", True
    led = place_unit(st, ANN, "B1", "Regiment led by heir with C1 x3, F6 x2")
    st.houses[ANN].res = [3, 0, 0]
    act(st, ANN, "exchange hostages")
    resolve(st)
    paid = st.houses[ANN].res[INF] == 0 + 1  # 3 Inf spent, Tithe +1
    if paid:
        act(st, CAT, "accept hostages")
        resolve(st)
    ann = st.houses[ANN]
    assert not paid or (ann.heir, ann.hostage_of) == ("hostage", CAT)
    assert not paid or led.commander != "heir"


# -- Star Walls duration ------------------------------------------------------------------------


def test_star_walls_ends_when_the_faction_loses_the_estate(st):
    """§4.3 role 11 (Star Walls lasts "for as long as your faction controls it"),
    NSE-A09: once the Alliance loses G9 the protection is over; retaking G9 later does not
    revive it."""
    g9 = sq(st, "G9")
    st.ctrl[g9] = Control(ALLIANCE, -1)
    place_unit(st, HAL, "G9")
    st.houses[HAL].res = [0, 8, 0]
    act(st, HAL, "use Star Walls G9")
    resolve(st)
    del st.ctrl[g9]  # lost (seized) ...
    resolve(st)
    st.ctrl[g9] = Control(ALLIANCE, -1)  # ... and retaken later
    unit = place_unit(st, HAL, "G9")
    assert not board.ambush_immune(st, unit)
