"""Noblesse actions, the family, units, the Faction Leader and the rulings, played out
through whole Nights (``/work/shared/rules/noblesse.md``; seats as in ``helpers``)."""

from __future__ import annotations

import pytest

from bureau.engine import MODERATOR, IllegalAction
from bureau.games.noblesse import board
from bureau.games.noblesse.scenario import STATS
from bureau.games.noblesse.state import Building, Control, Post
from bureau.games.noblesse.victory import aligned

from .helpers import (
    GAME,
    act,
    moderate,
    place_unit,
    refused,
    report,
    resolve,
    sneak,
    sq,
    started,
    unit_of,
)

ANN, BEN, CAT, DAN, EVE, FAY, GUS, HAL = range(8)
PAPE, FLEURS, CROWNS, STATES = range(4)
PC_REGIMENT = "Regiment led by pc with C1 x3, F6 x2"
HEIR_REGIMENT = "Regiment led by heir with C1 x3, F6 x2"
DIVISION = "Division with O2, C7 x7, F2 x4, R1 x2"


# -- small set-ups ------------------------------------------------------------------------------


def steward(st, seat: int, label: str) -> None:
    """A Steward of ``seat`` on a faction estate of his faction (NSE-16, NSE-17)."""
    s = sq(st, label)
    st.ctrl[s] = Control(st.houses[seat].faction, -1)
    st.stewards[s] = seat
    st.houses[seat].posts.append(Post("steward", s))
    st.houses[seat].court -= 1


def spy(st, seat: int, label: str) -> None:
    st.houses[seat].posts.append(Post("spy", sq(st, label)))
    st.houses[seat].court -= 1


def units_on(st, label: str):
    return sorted((u for u in st.units.values() if u.square == sq(st, label)), key=lambda u: u.id)


def battles_on(st, label: str):
    return [b for b in st.battles if b[0] == label]


@pytest.fixture
def st():
    return started()


# -- NSE-42 Open City, NSE-A37 ------------------------------------------------------------------


def test_open_city_stops_battles_and_costs_two_inf(st):
    """NSE-42, NSE-A37, NSE-A07: Open City on A2 (Ann's Steward) costs 2 Inf; Cat's regiment
    entering A2 does not fight Ann's regiment there that Night. The next Night it has
    expired (step 1) and they fight."""
    steward(st, ANN, "A2")
    mine = place_unit(st, ANN, "A2")
    theirs = place_unit(st, CAT, "A3")
    st.houses[ANN].res = [2, 0, 0]
    act(st, ANN, "open city A2")
    act(st, CAT, f"move U{theirs.id} to A2")
    resolve(st)
    assert "Open City on A2 this Night (NSE-A37)." in st.reports[ANN]
    # 2 - 2 paid, + 1 Tithe; the Steward on A2 (0-1-0) brings the FL 1 MP.
    assert st.houses[ANN].res == [1, 1, 0]
    assert battles_on(st, "A2") == []
    assert {mine.id, theirs.id} <= {u.id for u in units_on(st, "A2")}
    resolve(st)
    assert len(battles_on(st, "A2")) == 1
    assert any(line.startswith("Battle at A2") for line in st.post)


def day_refused(st, seat: int, text: str, because: str) -> None:
    """The Day refuses ``text`` at once, as an order that can only fail at Night
    (foresight.py), and the list stays as it was."""
    before = list(st.houses[seat].orders)
    message = refused(st, seat, text)
    assert message.startswith(f"this would fail at Night because {because}")
    assert st.houses[seat].orders == before


def test_open_city_needs_a_steward_off_the_home_estate(st):
    """NSE-42: the target must hold one of your Stewards and not be your Home Estate. Ann
    knows both, so the Day refuses the orders at once; should they reach the Night, they
    fail there and cost nothing (NSE-A07)."""
    st.houses[ANN].res = [5, 0, 0]
    day_refused(st, ANN, "open city A1", "A1 is your Home Estate, and the action needs your")
    day_refused(st, ANN, "open city A2", "you have no Steward on A2: Stewards take office")
    sneak(st, ANN, "open city A1")
    sneak(st, ANN, "open city A2")
    resolve(st)
    failed = [line for line in st.reports[ANN] if line.startswith("Open city failed")]
    assert len(failed) == 2 and all("NSE-42" in line for line in failed)
    assert st.houses[ANN].res == [6, 0, 0]  # nothing paid; + 1 Tithe
    assert st.open_cities == {}


# -- NSE-43 Create Noble, NSE-A39 ----------------------------------------------------------------


def test_create_noble_costs_nobles_plus_three(st):
    """NSE-43: X = the faction's Nobles + 3, counted as each resolves: Cat's first Noble
    costs 3 Inf and the second 4 the same Night. The Stewards stay; the FL holds them."""
    steward(st, CAT, "B10")  # 0-1-0
    steward(st, CAT, "C10")  # 0-0-1
    st.houses[CAT].res = [10, 0, 0]
    act(st, CAT, "create noble B10")
    act(st, CAT, "create noble C10")
    resolve(st)
    assert st.houses[CAT].res == [10 - 3 - 4, 1, 2]  # income: 1 MP, 1 $ + 1 $ Royal Purse
    assert st.nobles == {sq(st, "B10"): FLEURS, sq(st, "C10"): FLEURS}
    assert st.nobles_of(FLEURS) == 2
    assert st.stewards[sq(st, "B10")] == CAT and st.stewards[sq(st, "C10")] == CAT
    assert any("created a Noble (2 now)" in line for line in st.post)
    fl = GAME.view(st, CAT)["you"]["faction_leader"]
    assert fl["nobles"] == ["B10", "C10"]


def test_create_noble_camerlengo_discount_and_refusals(st):
    """NSE-43 with the Camerlengo's core (X - 1): Ann pays 2. A Noble needs a Steward off
    the Home Estate, and a Steward backs one Noble (NSE-A39); refusals cost nothing."""
    steward(st, ANN, "A2")
    st.houses[ANN].res = [10, 0, 0]
    act(st, ANN, "create noble A2")
    day_refused(st, ANN, "create noble A2", "you have ordered Create Noble on A2 already")
    day_refused(st, ANN, "create noble A1", "A1 is your Home Estate")
    sneak(st, ANN, "create noble A2")
    sneak(st, ANN, "create noble A1")
    resolve(st)
    assert st.houses[ANN].res == [10 - 2 + 1, 1, 0]
    assert st.nobles == {sq(st, "A2"): PAPE}
    text = report(st, ANN)
    assert "already backs a Noble (NSE-A39)" in text
    assert "not your Home Estate (NSE-43)" in text


def test_noble_is_lost_when_its_estate_is_seized(st):
    """NSE-A39, NSE-A09, NSE-20: the Noble is a token bound to the estate. When a Hostile
    unit takes the estate, the Steward goes home and the faction loses the Noble."""
    steward(st, CAT, "B10")
    st.nobles[sq(st, "B10")] = FLEURS
    court = st.houses[CAT].court
    raider = place_unit(st, GUS, "B10")
    resolve(st)
    assert raider.id in st.units
    assert sq(st, "B10") not in st.nobles and st.nobles_of(FLEURS) == 0
    assert sq(st, "B10") not in st.stewards and sq(st, "B10") not in st.ctrl
    assert st.houses[CAT].court == court + 1
    assert any("lost a Noble at B10" in line for line in st.post)


def test_noble_commands_only_on_his_estate(st):
    """NSE-43, NSE-A39, NSE-A16, NSE-A19: the FL fields the Noble of B10 on a unit recruited
    on B10 (attack 2, the officer's tier not counted: 3 MP); the Steward stays. No Noble
    is bound to A10, and a member may not field Nobles; both fail with no cost."""

    steward(st, CAT, "B10")
    st.nobles[sq(st, "B10")] = FLEURS
    st.houses[CAT].res = [0, 10, 0]
    st.houses[DAN].res = [0, 10, 0]
    act(st, CAT, "recruit Regiment led by noble with C1 x3, F6 x2 at B10")
    act(st, CAT, "recruit Regiment led by noble with C1 x3, F6 x2 at A10")
    act(st, DAN, "recruit Regiment led by noble with C1 x3, F6 x2 at C8")
    resolve(st)
    led = [u for u in unit_of(st, CAT) if u.commander == "noble"]
    assert len(led) == 1 and st.label(led[0].square) == "B10"
    assert board.commander_atk(st, led[0]) == 2
    assert st.stewards[sq(st, "B10")] == CAT and st.nobles[sq(st, "B10")] == FLEURS
    assert st.houses[CAT].res == [0, 10 - 3 + 1, 1]
    assert any("no free Noble of your faction is bound to A10" in x for x in st.reports[CAT])
    assert any("only the Faction Leader fields" in x for x in st.reports[DAN])
    assert st.houses[DAN].res[1] == 10


# -- NSE-44 .. NSE-49 the family: marriage, Heir, hostages; NSE-A32 ------------------------------


def married(st, a: int = ANN, b: int = CAT):
    """``a`` proposes, ``b`` accepts; the marriage takes effect the Night after."""
    st.houses[a].res[0] += 3
    act(st, a, f"marry {st.names[b]}")
    resolve(st)
    act(st, b, "accept marriage")
    resolve(st)
    assert st.houses[a].spouse == b and st.houses[b].spouse == a
    return st


def test_political_marriage_proposed_accepted_and_effective_next_night(st):
    """NSE-44, NSE-A32: the proposal (3 Inf) resolves at step 4; Dan answers the next Day;
    the marriage takes effect at step 1 of the following Night, and the spouses may then
    write to each other without Messengers (NSE-A22)."""
    st.houses[BEN].res = [3, 0, 0]
    act(st, BEN, "marry Dan")
    resolve(st)
    assert st.houses[BEN].res == [1, 0, 0]  # 3 - 3 + 1 Tithe
    assert "You proposed a Political Marriage to Dan." in st.reports[BEN]
    assert any("Ben proposes a Political Marriage" in line for line in st.reports[DAN])
    assert DAN not in GAME.channels(st, BEN)
    act(st, DAN, "accept marriage")
    assert st.houses[BEN].spouse == -1  # not before the next Night's step 1
    resolve(st)
    assert (st.houses[BEN].spouse, st.houses[DAN].spouse) == (DAN, BEN)
    assert "You are married to Dan (NSE-44)." in st.reports[BEN]
    assert DAN in GAME.channels(st, BEN) and BEN in GAME.channels(st, DAN)


def test_unanswered_or_refused_marriage_lapses(st):
    """NSE-A32: no answer by the Day's end means refusal; a refusal is final too."""
    st.houses[ANN].res = [3, 0, 0]
    st.houses[EVE].res = [3, 0, 0]
    act(st, ANN, "marry Cat")
    act(st, EVE, "marry Gus")
    resolve(st)
    act(st, CAT, "refuse marriage")
    resolve(st)
    assert [h.spouse for h in st.houses] == [-1] * 8
    assert st.marriage_offers == []
    refused(st, GUS, "accept marriage", match="nobody has proposed")


def test_two_proposals_to_one_target_make_one_marriage(st):
    """NSE-44, NSE-A32: Ann and Eve both propose to Cat; Cat may end up with one spouse
    only, and nobody may be married to a Cat who is married to someone else."""
    st.houses[ANN].res = [3, 0, 0]
    st.houses[EVE].res = [3, 0, 0]
    act(st, ANN, "marry Cat")
    act(st, EVE, "marry Cat")
    resolve(st)
    act(st, CAT, "accept marriage")
    refused(st, CAT, "accept marriage", match="accepted a Political Marriage already")
    resolve(st)
    spouses = [s for s in (ANN, EVE) if st.houses[s].spouse == CAT]
    assert spouses == [st.houses[CAT].spouse]


def test_one_political_marriage_each(st):
    """NSE-44: the target must have no Political Marriage yet; the refused proposal costs
    nothing."""
    married(st)
    st.houses[EVE].res = [3, 0, 0]
    act(st, EVE, "marry Cat")
    resolve(st)
    assert any("one Political Marriage (NSE-44)" in line for line in st.reports[EVE])
    assert st.houses[EVE].res == [3, 1, 0]  # nothing paid; + 1 MP Levy


def test_create_heir_costs_a_courtier_and_brings_five(st):
    """NSE-45, NSE-46, NSE-A25: Create Heir (3 Inf, 1 MP, 1 $) needs a marriage; a
    courtier becomes the Heir and the household's 5 courtiers join at step 9. Once per
    game."""
    married(st)
    st.houses[ANN].res = [3, 1, 1]
    court = st.houses[ANN].court
    act(st, ANN, "create heir")
    resolve(st)
    h = st.houses[ANN]
    assert (h.heir, h.heir_used) == ("home", True)
    assert h.res == [1, 0, 0]
    assert h.court == court - 1 + 5
    assert "An Heir is born to your house (NSE-45)." in st.reports[ANN]
    h.res = [3, 1, 1]
    act(st, ANN, "create heir")
    resolve(st)
    assert any("once per game (NSE-45)" in line for line in st.reports[ANN])
    assert h.res == [4, 1, 1]


def test_create_heir_needs_a_marriage(st):
    """NSE-45: without a spouse the action fails and costs nothing."""
    st.houses[ANN].res = [3, 1, 1]
    act(st, ANN, "create heir")
    resolve(st)
    assert any("need a Political Marriage first" in line for line in st.reports[ANN])
    assert st.houses[ANN].heir == "" and st.houses[ANN].res == [4, 1, 1]


def test_heir_is_of_both_factions_for_supremacy(st):
    """NSE-45, NSE-A05: a free Heir makes his player count for his spouse's faction too."""

    married(st)
    assert aligned(st, FLEURS) == 2
    st.houses[ANN].heir = "home"
    st.houses[ANN].heir_used = True
    assert aligned(st, FLEURS) == 3 and aligned(st, PAPE) == 2


def test_heir_allows_one_more_estate(st):
    """NSE-15, NSE-46, NSE-A30: a Tax Collector on a second estate needs an Heir. Ann has
    none and orders no Create Heir, so the Day refuses it; at Night it fails too."""
    place_unit(st, ANN, "B1")
    day_refused(st, ANN, "tc B1 MP", "you may control no more estates until you have an Heir")
    sneak(st, ANN, "tc B1 MP")
    resolve(st)
    assert any("may control no more estates (NSE-15)" in line for line in st.reports[ANN])
    assert sq(st, "B1") not in st.ctrl
    st.houses[ANN].heir = "home"
    st.houses[ANN].heir_used = True
    act(st, ANN, "tc B1 MP")
    resolve(st)
    assert st.ctrl[sq(st, "B1")] == (PAPE, ANN)
    assert "Your Tax Collector collects MP on B1." in st.reports[ANN]
    resolve(st)
    assert st.houses[ANN].res[1] >= 1  # B1 is 0-1-0


def test_exchange_of_hostages(st):
    """NSE-47, NSE-48, NSE-A31, NSE-A32: Ann (Pape) and Cat (Fleurs) are married and both
    have Heirs. Ann proposes (3 Inf), Cat accepts; at the next step 1 each holds the
    other's Heir. A hostage Heir counts as a Noble of the holder's faction, and for
    Supremacy only for his owner's faction."""

    married(st)
    for seat in (ANN, CAT):
        st.houses[seat].heir = "home"
        st.houses[seat].heir_used = True
    st.houses[ANN].res = [3, 0, 0]
    act(st, ANN, "exchange hostages")
    resolve(st)
    assert st.houses[ANN].res == [1, 0, 0]
    assert any("proposes an Exchange of Hostages" in line for line in st.reports[CAT])
    act(st, CAT, "accept hostages")
    resolve(st)
    a, c = st.houses[ANN], st.houses[CAT]
    assert (a.heir, a.hostage_of, c.heir, c.hostage_of) == ("hostage", CAT, "hostage", ANN)
    assert st.nobles_of(PAPE) == 1 and st.nobles_of(FLEURS) == 1
    assert aligned(st, PAPE) == 2 and aligned(st, FLEURS) == 2


def test_unanswered_exchange_of_hostages_lapses(st):
    """NSE-47, NSE-A32: Ben proposes an Exchange of Hostages to Dan, who never answers;
    nothing is exchanged and the offer lapses."""
    married(st, BEN, DAN)
    for seat in (BEN, DAN):
        st.houses[seat].heir = "home"
        st.houses[seat].heir_used = True
    st.houses[BEN].res = [3, 0, 0]
    act(st, BEN, "exchange hostages")
    resolve(st)
    resolve(st)
    assert (st.houses[BEN].heir, st.houses[DAN].heir) == ("home", "home")
    assert st.hostage_offers == [] and st.nobles_of(FLEURS) == 0


def test_hostage_heir_cannot_command_and_bars_the_holder(st):
    """NSE-48: a hostage Heir is no Family Member for his owner (he cannot command); the
    holder may not target the owner or his estates, nor start battles against him."""
    married(st)
    st.houses[ANN].heir, st.houses[ANN].heir_used = "hostage", True
    st.houses[ANN].hostage_of = CAT
    st.houses[ANN].res = [0, 10, 0]
    st.houses[CAT].res = [0, 0, 16]
    act(st, ANN, "recruit Regiment led by heir with C1 x3, F6 x2 at A1")
    act(st, CAT, "assassin Ann")
    spy(st, CAT, "A1")
    act(st, CAT, "poison A1")
    theirs = place_unit(st, CAT, "B1")
    mine = place_unit(st, ANN, "B1")
    resolve(st)
    assert any("no Heir at home to command" in line for line in st.reports[ANN])
    assert st.houses[ANN].wounds == 0
    assert report(st, CAT).count("you hold that player's Heir as hostage (NSE-48)") == 2
    assert st.houses[CAT].res[2] == 16 + 1
    assert battles_on(st, "B1") == [] and {theirs.id, mine.id} <= set(st.units)


def test_hostage_heir_returns_when_the_pc_dies(st):
    """NSE-48, NSE-A29: if the owner's PC dies, his hostage Heir returns at once and
    becomes his PC."""
    married(st)
    st.houses[ANN].heir, st.houses[ANN].heir_used = "hostage", True
    st.houses[ANN].hostage_of = CAT
    st.houses[ANN].wounds = 2
    st.houses[EVE].res = [0, 0, 8]
    act(st, EVE, "assassin Ann")
    resolve(st)
    a = st.houses[ANN]
    assert a.alive and (a.heir, a.hostage_of, a.wounds) == ("", -1, 0)
    assert st.nobles_of(FLEURS) == 0
    assert any("the Heir succeeds" in line for line in st.post)


def test_no_hostages_with_a_spouse_of_your_own_faction(st):
    """NSE-49: Exchange of Hostages fails when the spouse is in your faction."""
    married(st, ANN, BEN)
    st.houses[ANN].heir, st.houses[ANN].heir_used = "home", True
    st.houses[ANN].res = [3, 0, 0]
    act(st, ANN, "exchange hostages")
    resolve(st)
    assert any("own faction (NSE-49)" in line for line in st.reports[ANN])
    assert st.houses[ANN].res == [4, 0, 0] and st.hostage_offers == []


# -- NSE-50 .. NSE-58: MP and Money actions -------------------------------------------------------


def test_forced_march_moves_again_when_no_battle_starts(st):
    """NSE-50, NSE-A27: Forced March (2 MP, paid at step 2) gives a second move when the
    first square is free of battle."""
    u = place_unit(st, ANN, "A1")
    st.houses[ANN].res = [0, 2, 0]
    act(st, ANN, f"move U{u.id} to A2")
    act(st, ANN, f"march U{u.id} to A3")
    resolve(st)
    assert st.label(u.square) == "A3"
    assert st.houses[ANN].res == [1, 0, 0]


def test_forced_march_stops_where_a_battle_starts(st):
    """NSE-50, NSE-A27: judged after all first moves: Cat's unit on A2 would fight, so Ann's
    unit stays on A2 and the battle follows there."""
    u = place_unit(st, ANN, "A1")
    place_unit(st, CAT, "A2")
    st.houses[ANN].res = [0, 2, 0]
    act(st, ANN, f"move U{u.id} to A2")
    act(st, ANN, f"march U{u.id} to A3")
    resolve(st)
    assert not any(x.square == sq(st, "A3") for x in st.units.values())
    assert len(battles_on(st, "A2")) == 1


def test_forced_march_refused_for_a_garrison(st):
    """NSE-50, NSE-68: a Garrison never moves, not even by Forced March."""
    g = place_unit(st, ANN, "A1", "Garrison with O1, C1 x5, R7 x3")
    refused(st, ANN, f"march U{g.id} to A2", match="Garrison never moves")
    assert st.houses[ANN].orders == []


def test_field_surgeon_reduces_wounds_to_one(st):
    """NSE-51, NSE-A28: Field Surgeon (3 MP) sets the PC's wounds to min(current, 1); on
    a PC with no wounds it is legal, changes nothing and is still paid."""
    st.houses[ANN].wounds = 2
    st.houses[ANN].res = [0, 3, 0]
    st.houses[BEN].res = [0, 3, 0]
    act(st, ANN, "field surgeon")
    act(st, BEN, "field surgeon")
    resolve(st)
    assert (st.houses[ANN].wounds, st.houses[ANN].res[1]) == (1, 0)
    assert (st.houses[BEN].wounds, st.houses[BEN].res[1]) == (0, 0)
    assert "A surgeon tends your Player Character: 1 Wound Tokens." in st.reports[ANN]


def university(st, seat: int, label: str) -> None:
    """A finished, staffed University of ``seat`` (two courtiers on it, one lost)."""
    st.buildings[(sq(st, label), "university")] = Building(seat, True, 2)
    st.houses[seat].court -= 3


def test_arson_cancels_a_building_for_the_night(st):
    """NSE-52, NSE-A26: Arson (2 $) with a Spy on C3 names Ben's University: it trains no
    courtier that Night. Next Night it works again."""
    university(st, BEN, "C3")
    court = st.houses[BEN].court
    spy(st, CAT, "C3")
    st.houses[CAT].res = [0, 0, 2]
    act(st, CAT, "arson C3 university")
    resolve(st)
    assert "Arson: any university on C3 has no effect this Night (NSE-52)." in st.reports[CAT]
    assert st.houses[CAT].res == [0, 0, 1]
    assert st.houses[BEN].court == court
    resolve(st)
    assert st.houses[BEN].court == court + 1


def test_arson_needs_a_spy_or_commander(st):
    """NSE-52: without a Spy or Commander on the estate Arson fails and costs nothing."""
    university(st, BEN, "C3")
    court = st.houses[BEN].court
    st.houses[CAT].res = [0, 0, 2]
    act(st, CAT, "arson C3 university")
    resolve(st)
    assert any("Spy or a Commander on C3 (NSE-52)" in line for line in st.reports[CAT])
    assert st.houses[CAT].res == [0, 0, 3]
    assert st.houses[BEN].court == court + 1


def test_arson_with_a_commander_present(st):
    """NSE-52: a Commander (character-led unit) on the estate also allows Arson."""
    university(st, BEN, "C3")
    court = st.houses[BEN].court
    place_unit(st, CAT, "C3", "Regiment led by courtier with C1 x3, F6 x2")
    st.houses[CAT].court -= 1
    st.houses[CAT].res = [0, 0, 2]
    act(st, CAT, "arson C3 university")
    resolve(st)
    assert st.houses[CAT].res[2] == 1
    assert st.houses[BEN].court == court


def test_bribery_stops_one_resource(st):
    """NSE-53: Bribery (3 $) with a Spy on A2, naming MP: Ann's Steward there (0-1-0)
    brings nothing that Night."""
    steward(st, ANN, "A2")
    st.houses[ANN].res = [0, 0, 0]
    spy(st, CAT, "A2")
    st.houses[CAT].res = [0, 0, 3]
    act(st, CAT, "bribery A2 MP")
    resolve(st)
    assert "Bribery: A2 produces no MP this Night (NSE-53)." in st.reports[CAT]
    assert st.houses[CAT].res == [0, 0, 1]
    assert st.houses[ANN].res == [1, 0, 0]  # Tithe only
    resolve(st)
    assert st.houses[ANN].res == [2, 1, 0]


def test_bribery_needs_a_spy(st):
    """NSE-53: no Spy on the estate, no Bribery, no cost."""
    steward(st, ANN, "A2")
    st.houses[CAT].res = [0, 0, 3]
    act(st, CAT, "bribery A2 MP")
    resolve(st)
    assert any("you need a Spy on A2" in line for line in st.reports[CAT])
    assert st.houses[CAT].res == [0, 0, 4] and st.houses[ANN].res[1] == 1


def test_poison_the_wells_wounds_pcs_there(st):
    """NSE-54, NSE-59: Poison the Wells (5 $) with a Spy on C3 wounds Ben's PC, who is at
    his Home Estate; Ann's PC at A1 is untouched."""
    spy(st, CAT, "C3")
    st.houses[CAT].res = [0, 0, 5]
    act(st, CAT, "poison C3")
    resolve(st)
    assert (st.houses[BEN].wounds, st.houses[ANN].wounds) == (1, 0)
    assert st.houses[CAT].res == [0, 0, 1]
    assert "Your Player Character took 1 Wound Token(s) (poisoned wells): 1." in st.reports[BEN]


def test_hired_assassin_wounds_the_named_pc(st):
    """NSE-55: Hired Assassin (8 $) gives the target's PC 1 Wound Token; with 7 $ it
    fails and costs nothing (NSE-A07)."""
    st.houses[EVE].res = [0, 0, 8]
    st.houses[GUS].res = [0, 0, 7]
    act(st, EVE, "assassin Ben")
    act(st, GUS, "assassin Cat")
    resolve(st)
    assert (st.houses[BEN].wounds, st.houses[CAT].wounds) == (1, 0)
    assert st.houses[EVE].res[2] == 0 and st.houses[GUS].res[2] == 7
    assert "Your assassin struck at Ben." in st.reports[EVE]
    assert any("Assassin failed: it costs 8 $" in line for line in st.reports[GUS])


def test_incapacitate_sends_the_commander_home(st):
    """NSE-56: Incapacitate (8 $) with a Spy on C3: the courtier commanding Ben's unit goes
    home and a basic Officer (ATK 1) replaces him."""

    u = place_unit(st, BEN, "C3", "Regiment led by courtier with C1 x3, F6 x2")
    st.houses[BEN].court -= 1
    court = st.houses[BEN].court
    spy(st, CAT, "C3")
    st.houses[CAT].res = [0, 0, 8]
    act(st, CAT, f"incapacitate U{u.id}")
    resolve(st)
    assert u.commander == "basic" and board.commander_atk(st, u) == 1
    assert st.houses[BEN].court == court + 1
    assert st.houses[CAT].res == [0, 0, 1]
    assert any("commander was incapacitated" in line for line in st.reports[BEN])


def test_incapacitate_sends_a_pc_home(st):
    """NSE-56, NSE-59: Incapacitate on Ben's PC-led unit sends the PC to his Home Estate."""
    u = place_unit(st, BEN, "B3", PC_REGIMENT)
    st.houses[BEN].pc_field = True
    spy(st, CAT, "B3")
    st.houses[CAT].res = [0, 0, 8]
    act(st, CAT, f"incapacitate U{u.id}")
    resolve(st)
    assert u.commander == "basic" and not st.houses[BEN].pc_field
    assert u.id in st.units


def test_incapacitate_without_a_character_commander_is_paid_for_nothing(st):
    """NSE-A17, NSE-56: on a unit led by its Officer company the action is legal, has no
    effect, and its cost is still paid."""
    u = unit_of(st, BEN)[0]
    spy(st, CAT, "C3")
    st.houses[CAT].res = [0, 0, 8]
    act(st, CAT, f"incapacitate U{u.id}")
    resolve(st)
    assert f"Incapacitate on U{u.id} had no effect (NSE-A17, NSE-A42)." in st.reports[CAT]
    assert st.houses[CAT].res == [0, 0, 1]
    assert u.commander == "" and "O1" in u.companies


def test_incapacitate_needs_a_spy(st):
    """NSE-56: no Spy where the unit stands: refused at Night, nothing paid."""
    u = place_unit(st, BEN, "C3", "Regiment led by courtier with C1 x3, F6 x2")
    st.houses[CAT].res = [0, 0, 8]
    act(st, CAT, f"incapacitate U{u.id}")
    resolve(st)
    assert any("need a Spy where" in line for line in st.reports[CAT])
    assert u.commander == "courtier" and st.houses[CAT].res[2] == 9


def test_knife_in_the_back_costs_the_spy(st):
    """NSE-57: Knife in the Back (8 $) with a Spy on C3: the Spy is destroyed (it does not
    come home) and Ben's PC takes 2 Wound Tokens."""
    spy(st, CAT, "C3")
    court = st.houses[CAT].court
    st.houses[CAT].res = [0, 0, 8]
    act(st, CAT, "knife C3 Ben")
    resolve(st)
    assert st.houses[BEN].wounds == 2
    assert ("spy", sq(st, "C3"), "") not in st.houses[CAT].posts
    assert st.houses[CAT].court == court
    assert st.houses[CAT].res == [0, 0, 1]


def test_three_wounds_remove_a_pc(st):
    """NSE-58, NSE-64, NSE-A29: Ben (2 wounds, no Heir) takes a Hired Assassin's token and
    is out: his units are disbanded, his courtiers removed, his Home no longer his."""
    st.houses[BEN].wounds = 2
    steward(st, BEN, "B2")
    st.houses[EVE].res = [0, 0, 8]
    act(st, EVE, "assassin Ben")
    resolve(st)
    b = st.houses[BEN]
    assert not b.alive and b.wounds == 3
    assert unit_of(st, BEN) == [] and b.court == 0 and b.posts == []
    assert sq(st, "C3") not in st.ctrl
    assert st.ctrl[sq(st, "B2")] == (PAPE, -1) and sq(st, "B2") not in st.stewards
    assert "Ben's Player Character died of his wounds; Ben is out of the game." in st.post
    assert BEN not in GAME.pending(st)
    refused(st, BEN, "done", match="out of the game")


# -- NSE-59 .. NSE-64, NSE-125: the PC and the Heir; NSE-A06, NSE-A29, NSE-A40 -------------------


def test_pc_is_where_his_army_is(st):
    """NSE-59, NSE-60, NSE-54: Ben's PC commands a unit on B3, so Poison the Wells on his
    Home Estate C3 misses him, and on B3 wounds him."""
    place_unit(st, BEN, "B3", PC_REGIMENT)
    st.houses[BEN].pc_field = True
    spy(st, CAT, "C3")
    spy(st, CAT, "B3")
    st.houses[CAT].res = [0, 0, 10]
    act(st, CAT, "poison C3")
    act(st, CAT, "poison B3")
    resolve(st)
    assert st.houses[BEN].wounds == 1
    assert st.houses[CAT].res == [0, 0, 1]


def test_pc_commander_costs_nothing_and_attacks_three(st):
    """NSE-60, NSE-82, NSE-85, NSE-A16: a PC-led Regiment of C1 x3, F6 x2 costs 2 + ceil(10
    / 10) = 3 MP; the same with an O1 company costs 2 + ceil(11 / 10) = 4. The PC has
    attack 3 and the PC is then in the field."""

    st.houses[BEN].res = [0, 10, 0]
    act(st, BEN, f"recruit {PC_REGIMENT} at C3")
    act(st, BEN, "recruit Regiment with O1, C1 x3, F6 x2 at C3")
    resolve(st)
    assert st.houses[BEN].res == [1, 3, 0]
    led = [u for u in unit_of(st, BEN) if u.commander == "pc"]
    assert len(led) == 1 and board.commander_atk(st, led[0]) == 3
    assert st.houses[BEN].pc_field
    assert any("for 3 MP" in line for line in st.reports[BEN])
    assert any("for 4 MP" in line for line in st.reports[BEN])
    refused(st, BEN, f"move U{led[0].id} to B2", match="not next to")


def test_pc_dies_when_his_unit_is_destroyed(st):
    """NSE-61, NSE-64, NSE-A14: Ben's PC-led unit is destroyed on B3 by a Division; with no
    Heir Ben is out of the game."""
    place_unit(st, BEN, "B3", PC_REGIMENT)
    st.houses[BEN].pc_field = True
    place_unit(st, EVE, "B3", DIVISION)
    resolve(st)
    assert unit_of(st, BEN) == []
    assert not st.houses[BEN].alive
    assert "Your Player Character fell in battle (NSE-61)." in st.reports[BEN]
    assert "Ben's Player Character fell in battle; Ben is out of the game." in st.post


def test_heir_succeeds_a_fallen_pc_and_keeps_his_faction(st):
    """NSE-46, NSE-125, NSE-A29, NSE-A40, NSE-A42: Ann (married to Cat) has an Heir with 1
    Wound Token. Her PC (2 wounds) falls to a Hired Assassin; the Heir becomes PC with his
    own token, and stays in the Pape (no ability converts him)."""

    married(st)
    a = st.houses[ANN]
    a.heir, a.heir_used, a.heir_wounds, a.wounds = "home", True, 1, 2
    assert aligned(st, FLEURS) == 3
    st.houses[EVE].res = [0, 0, 8]
    act(st, EVE, "assassin Ann")
    resolve(st)
    assert a.alive and (a.heir, a.wounds, a.heir_wounds) == ("", 1, 0)
    assert a.faction == PAPE and st.leaders[PAPE] == ANN
    assert aligned(st, FLEURS) == 2
    assert "Ann's Player Character died of his wounds; the Heir succeeds." in st.post


def test_heir_commands_at_attack_three_and_dies_with_his_unit(st):
    """NSE-46, NSE-62, NSE-63: an Heir may command (attack 3); he is not immune to battle:
    his unit destroyed, he is dead and the PC lives on."""

    b = st.houses[BEN]
    b.heir, b.heir_used = "home", True
    b.res = [0, 10, 0]
    act(st, BEN, f"recruit {HEIR_REGIMENT} at C3")
    resolve(st)
    u = next(u for u in unit_of(st, BEN) if u.commander == "heir")
    assert b.heir == "field" and board.commander_atk(st, u) == 3
    u.square = sq(st, "B3")
    place_unit(st, EVE, "B3", DIVISION)
    resolve(st)
    assert u.id not in st.units
    assert b.heir == "" and b.alive
    assert "Your Heir fell in battle (NSE-63)." in st.reports[BEN]


def test_heir_is_immune_to_money_actions(st):
    """NSE-62, NSE-A42: Poison the Wells wounds the PC at C3 but not the Heir there, and
    Incapacitate on the Heir's unit has no effect (cost paid)."""
    b = st.houses[BEN]
    b.heir, b.heir_used = "field", True
    u = place_unit(st, BEN, "C3", HEIR_REGIMENT)
    spy(st, CAT, "C3")
    st.houses[CAT].res = [0, 0, 13]
    act(st, CAT, "poison C3")
    act(st, CAT, f"incapacitate U{u.id}")
    resolve(st)
    assert (b.wounds, b.heir_wounds) == (1, 0)
    assert u.commander == "heir" and b.heir == "field"
    assert st.houses[CAT].res == [0, 0, 1]


def test_hired_assassin_on_the_heir_is_read_and_refused_by_the_rule_nse_a42(st):
    """NSE-55, NSE-57, NSE-62, NSE-A42: "assassin Ann heir" (Hired Assassin on the Heir)
    is read, not refused as text the Bureau cannot read, and then refused by the rule
    with its reason; so are Knife in the Back on an Heir and Ben's Anathema (an ability
    without ``heir``). Regicide, which says so, reads the same way. The refusal is the same
    whether or not Ann has an Heir, so it tells Eve nothing."""
    assert str(GAME.read(st, EVE, "ASSASSIN ann HEIR")) == "assassin Ann heir"
    assert str(GAME.read(st, EVE, "knife d4 Ann heir")) == "knife D4 Ann heir"
    assert str(GAME.read(st, BEN, "use Regicide Eve heir")) == "use Regicide Eve heir"
    immune = "an Heir is immune to the Money actions until he succeeds (NSE-A42)"
    messages = []
    for heir in ("", "home"):
        st.houses[ANN].heir = heir
        messages.append(refused(st, EVE, "assassin Ann heir"))
    assert messages[0] == messages[1]
    assert messages[0].startswith(f"Hired Assassin cannot target Ann's Heir: {immune}")
    assert "only an ability that says so may (Regicide)" in messages[0]
    assert "cannot read" not in messages[0]
    spy(st, EVE, "A1")
    refused(st, EVE, "knife A1 Ann heir", match=r"Knife in the Back cannot target Ann's Heir")
    refused(st, BEN, "use Anathema Eve heir", match=r"Anathema cannot target an Heir: an Heir is")
    assert st.houses[EVE].orders == [] and st.houses[BEN].orders == []
    # The Night refuses it too, should such an order reach it: no cost, no wound.
    st.houses[EVE].res = [0, 0, 8]
    st.houses[EVE].orders.append(GAME.read(st, EVE, "assassin Ann heir"))
    resolve(st)
    assert f"Assassin failed: {immune}; only an ability that says so may (Regicide)." in (
        report(st, EVE)
    )
    assert st.houses[EVE].res[2] >= 8
    assert (st.houses[ANN].wounds, st.houses[ANN].heir_wounds) == (0, 0)


def test_lynch_kills_the_pc_with_the_most_votes():
    """NSE-64, NSE-A06: with the lynch module on, three votes on Ben kill his PC before
    step 1; with no Heir he is out."""
    st = started(lynch=True)
    for voter in (ANN, CAT, DAN):
        act(st, voter, "vote Ben")
    assert [GAME.describe(st, e) for e in act(st, EVE, "vote Ann")] == ["Eve votes for Ann."]
    resolve(st)
    assert not st.houses[BEN].alive and st.houses[ANN].alive
    assert "Ben's Player Character was lynched with 3 votes; Ben is out of the game." in st.post


def test_lynch_needs_a_strict_majority_of_at_least_three():
    """NSE-A06: a tie, or fewer than 3 votes, lynches nobody."""
    st = started(lynch=True)
    for voter, target in ((ANN, "Ben"), (CAT, "Ben"), (DAN, "Eve"), (FAY, "Eve")):
        act(st, voter, f"vote {target}")
    resolve(st)
    assert all(h.alive for h in st.houses)


def test_lynch_off_refuses_votes(st):
    """NSE-A06: the lynch module is off by default: a vote is refused."""
    refused(st, ANN, "vote Ben", match=r"lynch module is off.*NSE-A06")
    assert st.houses[ANN].vote == -1


NAMES12 = ("Ann", "Ben", "Cal", "Cat", "Dan", "Dot", "Eve", "Fay", "Fox", "Gus", "Hal", "Hub")
HOMES12 = ("A1", "C3", "B2", "A10", "C8", "B9", "J1", "H3", "I2", "J10", "H8", "I9")


def twelve():
    """A 12-seat game, seat i playing role i + 1 (three players per faction)."""
    st = GAME.new(list(NAMES12), seed=1, options={"roles": [str(r) for r in range(1, 13)]})
    for seat, home in enumerate(HOMES12):
        act(st, seat, f"setup {home} income 2-2-1 skip uniques unit Regiment with O1, C1 x3, F6 x2")
    resolve(st)
    return st


def test_fl_succession_to_the_designated_successor():
    """NSE-112, NSE-113, NSE-A29: Ann names Cal (role 3) her successor; when she is out,
    Cal leads the Pape and holds her Unique Officers."""
    st = twelve()
    act(st, 0, "successor Cal")
    assert GAME.view(st, 0)["you"]["faction_leader"]["successor"] == "Cal"
    st.houses[0].wounds = 2
    st.houses[9].res = [0, 0, 8]
    act(st, 9, "assassin Ann")
    resolve(st)
    assert not st.houses[0].alive
    assert st.leaders[PAPE] == 2
    assert st.officers["Cardinal Legate"] == 2 and st.officers["Grand Almoner"] == 2
    assert "You are now your faction's Faction Leader (NSE-112)." in st.reports[2]
    assert "faction_leader" in GAME.view(st, 2)["you"]


def test_fl_succession_defaults_to_the_lowest_role():
    """NSE-A29: with no successor named, the living member with the lowest role (Ben, 2)
    leads."""
    st = twelve()
    st.houses[0].wounds = 2
    st.houses[9].res = [0, 0, 8]
    act(st, 9, "assassin Ann")
    resolve(st)
    assert st.leaders[PAPE] == 1


def test_only_the_fl_names_a_successor(st):
    """NSE-112: a member may not name the successor; the state is unchanged."""
    refused(st, BEN, "successor Ben", match="only the Faction Leader")
    assert st.successors[PAPE] == -1
    refused(st, ANN, "successor Cat", match="Cat is not a living player of your faction")
    assert st.successors[PAPE] == -1


# -- NSE-65 .. NSE-70, NSE-81 .. NSE-84: units; NSE-A19, NSE-A20, NSE-A35 -------------------------

BRIGADE = "Brigade with O1, C1 x5, F6 x2, R7 x2"  # 19 tiers: 3 + 2
DIVISION_CHEAP = "Division with O1, C1 x7, F6 x4, R7 x2"  # 27 tiers: 4 + 3
GARRISON = "Garrison with O1, C1 x5, R7 x3"  # 17 tiers: 2 + 2


def test_unit_types_and_recruit_costs(st):
    """NSE-65, NSE-82, NSE-A07: a Brigade (3 MP + ceil(19/10)), a Division (4 + ceil(27/10))
    and a Garrison (2 + ceil(17/10)) cost 5 + 7 + 4 MP; recruiting needs no Envoy."""
    h = st.houses[ANN]
    h.res = [0, 16, 0]
    h.court = 0
    for spec in (BRIGADE, DIVISION_CHEAP, GARRISON):
        act(st, ANN, f"recruit {spec} at A1")
    resolve(st)
    assert h.res == [1, 0, 0]
    kinds = sorted(u.kind for u in unit_of(st, ANN))
    assert kinds == ["Brigade", "Division", "Garrison", "Regiment"]
    div = next(u for u in unit_of(st, ANN) if u.kind == "Division")
    assert len(div.companies) == 14


@pytest.mark.parametrize(
    ("spec", "need"),
    [
        ("Regiment with O1, C1 x2, F6 x2", "Officer 1, Centre 3, Flank 2"),
        ("Brigade with O1, C1 x5, F6 x2", "Officer 1, Centre 5, Flank 2, Reserve 2"),
        ("Division with O1, C1 x7, F6 x4, R7", "Officer 1, Centre 7, Flank 4, Reserve 2"),
        ("Garrison with O1, C1 x5, R7 x2, F6", "Officer 1, Centre 5, Reserve 3"),
        ("Regiment with O1, R7 x3, F6 x2", "Officer 1, Centre 3, Flank 2"),
    ],
)
def test_units_must_be_full(st, spec, need):
    """NSE-65, NSE-70, NSE-84: every slot filled with companies of its type, or the
    recruit order is refused."""
    refused(st, ANN, f"recruit {spec} at A1", match=rf"needs {need};.*NSE-84")
    assert st.houses[ANN].orders == []


def test_company_stats_types_and_tiers(st):
    """NSE-70, NSE-83, NSE-A18: each company has nine stats, a type, and tier = the sum of
    its stats + 1 for a colour, 1 to 10."""

    assert STATS == ("ATK", "MAL", "MEL", "CHG", "PIK", "RNG", "AMB", "MOR", "TGH")
    for c in st.designs.values():
        assert c.slot in ("Officer", "Centre", "Flank", "Reserve")
        assert c.tier == sum(c.stats) + (1 if c.colour else 0)
        assert 1 <= c.tier <= 10
    assert st.designs["C2"].colour == "bronze" and st.designs["C2"].tier == 2


def test_move_one_square_orthogonally(st):
    """NSE-66, NSE-A20: a unit moves one estate a Night, orthogonally only."""
    u = place_unit(st, ANN, "B2")
    refused(st, ANN, f"move U{u.id} to C3", match="not next to B2: units move orthogonally")
    refused(st, ANN, f"move U{u.id} to B3 B4", match=r"1 estate\(s\) this Night")
    act(st, ANN, f"move U{u.id} to B3")
    resolve(st)
    assert st.label(u.square) == "B3"
    assert f"U{u.id} moved to B3." in st.reports[ANN]


def test_first_move_after_recruitment_covers_two(st):
    """NSE-67: the starting unit (recruited Night 1) may move 2 estates on its first move;
    afterwards only one."""
    u = unit_of(st, ANN)[0]
    act(st, ANN, f"move U{u.id} to A2 A3")
    resolve(st)
    assert st.label(u.square) == "A3"
    refused(st, ANN, f"move U{u.id} to A4 A5", match=r"may move 1 estate")


def test_first_move_stops_at_a_square_held_by_others(st):
    """NSE-67, NSE-A20: if the first estate holds another faction's units the move stops
    there (and a battle follows)."""
    u = unit_of(st, ANN)[0]
    place_unit(st, CAT, "A2")
    act(st, ANN, f"move U{u.id} to A2 A3")
    resolve(st)
    assert f"U{u.id} was stopped at A2 by units there." in st.reports[ANN]
    assert len(battles_on(st, "A2")) == 1
    assert not any(x.square == sq(st, "A3") for x in st.units.values())


def test_garrison_never_moves(st):
    """NSE-68: a Garrison stays where it was recruited: its move is refused."""
    g = place_unit(st, ANN, "A1", GARRISON)
    refused(st, ANN, f"move U{g.id} to A2", match=r"Garrison never moves \(NSE-68\)")
    assert st.houses[ANN].orders == []


def test_stacking_three_units_plus_two_garrisons(st):
    """NSE-69, NSE-A19: with 3 units and 2 Garrisons on A1, the first two Garrisons do not
    count; a third Garrison or a fourth unit is refused at recruitment with no cost."""
    place_unit(st, ANN, "A1")
    place_unit(st, ANN, "A1")
    st.houses[ANN].res = [0, 16, 0]
    act(st, ANN, f"recruit {GARRISON} at A1")
    act(st, ANN, f"recruit {GARRISON} at A1")
    # the third Garrison fails only if the first two are recruited: accepted, with a caution
    events = act(st, ANN, f"recruit {GARRISON} at A1")
    (caution,) = [GAME.describe(st, e) for e in events if e.kind == "caution"]
    assert caution.endswith(
        "it fails at Night if your earlier orders bring their units to A1 first: your"
        " faction would have more than 3 units there (NSE-69)."
    )
    assert all(e.visible_to(ANN) and not e.visible_to(BEN) for e in events)
    # a fourth Regiment beside Ann's three, which stay: refused at once
    day_refused(
        st, ANN, "recruit Regiment with O1, C1 x3, F6 x2 at A1", "your faction would have more"
    )
    sneak(st, ANN, "recruit Regiment with O1, C1 x3, F6 x2 at A1")
    resolve(st)
    kinds = sorted(u.kind for u in units_on(st, "A1"))
    assert kinds == ["Garrison", "Garrison", "Regiment", "Regiment", "Regiment"]
    assert st.houses[ANN].res[1] == 16 - 4 - 4
    refusals = [line for line in st.reports[ANN] if "more than 3 units there (NSE-69)" in line]
    assert len(refusals) == 2


def test_stacking_counts_the_whole_faction_and_blocks_moves(st):
    """NSE-69, NSE-A20: Ben's unit may not join three Pape units on B2; it stays."""
    for seat in (ANN, ANN, BEN):
        place_unit(st, seat, "B2")
    u = place_unit(st, BEN, "B3")
    act(st, BEN, f"move U{u.id} to B2")
    resolve(st)
    assert st.label(u.square) == "B3"
    assert any("could not enter B2" in line for line in st.reports[BEN])


def test_latest_listed_move_is_rejected_first(st):
    """NSE-A20: two Pape units move into B2 where two already stand: the move resolved
    first is kept, the later one fails."""
    place_unit(st, ANN, "B2")
    place_unit(st, ANN, "B2")
    first = place_unit(st, ANN, "B1")
    second = place_unit(st, BEN, "B3")
    act(st, ANN, f"move U{first.id} to B2")
    act(st, BEN, f"move U{second.id} to B2")
    resolve(st)
    assert (st.label(first.square), st.label(second.square)) == ("B2", "B3")


def test_a_rejected_move_does_not_overfill_its_origin(st):
    """NSE-69, NSE-A20: Ann's unit leaves full B2 for full B3 while Ben's enters B2. Ann's
    move fails; it must not leave the Pape with 4 units on B2."""

    place_unit(st, ANN, "B2")
    place_unit(st, ANN, "B2")
    leaving = place_unit(st, ANN, "B2")
    for _ in range(3):
        place_unit(st, BEN, "B3")
    entering = place_unit(st, BEN, "C2")
    act(st, ANN, f"move U{leaving.id} to B3")
    act(st, BEN, f"move U{entering.id} to B2")
    resolve(st)
    assert board.stack_count(st, sq(st, "B3"), PAPE) <= 3
    assert board.stack_count(st, sq(st, "B2"), PAPE) <= 3


def test_units_swapping_places_do_not_fight(st):
    """NSE-A20: moves resolve at once from the start positions; units swapping places pass
    each other without a battle."""
    a = place_unit(st, ANN, "B2")
    c = place_unit(st, CAT, "B3")
    act(st, ANN, f"move U{a.id} to B3")
    act(st, CAT, f"move U{c.id} to B2")
    resolve(st)
    assert (st.label(a.square), st.label(c.square)) == ("B3", "B2")
    assert st.battles == []


def test_coloured_companies_pay_income(st):
    """NSE-81: a bronze company +1 MP, silver +1 Inf, gold +1 $ each Night."""
    place_unit(st, ANN, "A1", "Regiment with O1, C2 x2, C1, F6 x2")  # 2 bronze
    place_unit(st, ANN, "A1", "Brigade with O1, C1 x5, F6 x2, R4, R2")  # silver, gold
    st.houses[ANN].res = [0, 0, 0]
    resolve(st)
    assert st.houses[ANN].res == [1 + 1, 2, 1]


def test_coloured_company_limits(st):
    """NSE-81, NSE-A38: at most 2 coloured companies per unit and 4 per player; a recruit
    that breaks either is refused at once (the player knows his units), and fails at Night
    at no cost should it get there."""
    place_unit(st, ANN, "B1", "Regiment with O1, C2 x2, C1, F6 x2")
    place_unit(st, ANN, "B1", "Regiment with O1, C2 x2, C1, F6 x2")
    st.houses[ANN].res = [0, 10, 0]
    st.houses[BEN].res = [0, 10, 0]
    day_refused(
        st,
        ANN,
        "recruit Regiment with O1, C2, C1 x2, F6 x2 at A1",
        "your units would hold 5 coloured companies, and you may hold 4 at most (NSE-A38)",
    )
    day_refused(
        st,
        BEN,
        "recruit Regiment with O1, C2 x3, F6 x2 at C3",
        "a unit may hold 2 coloured companies at most (NSE-A38)",
    )
    sneak(st, ANN, "recruit Regiment with O1, C2, C1 x2, F6 x2 at A1")
    sneak(st, BEN, "recruit Regiment with O1, C2 x3, F6 x2 at C3")
    resolve(st)
    assert any("4 coloured companies at most (NSE-A38)" in x for x in st.reports[ANN])
    assert any("2 coloured companies at most (NSE-A38)" in x for x in st.reports[BEN])
    assert st.houses[ANN].res[1] == 10 + 4 and st.houses[BEN].res[1] == 10
    assert len(unit_of(st, ANN)) == 3 and len(unit_of(st, BEN)) == 1


def test_recruit_sites(st):
    """NSE-A19: a player recruits on his Home, on an estate he controls, or on a faction
    estate with his own Steward; elsewhere the order fails with no cost."""
    steward(st, BEN, "B2")
    steward(st, ANN, "A2")
    st.houses[BEN].res = [0, 12, 0]
    act(st, BEN, "recruit Regiment with O1, C1 x3, F6 x2 at B2")
    for label in ("A2", "D4"):
        day_refused(
            st,
            BEN,
            f"recruit Regiment with O1, C1 x3, F6 x2 at {label}",
            f"{label} is neither your Home Estate, an estate you control, nor a faction estate"
            " with your Steward (NSE-A19)",
        )
        sneak(st, BEN, f"recruit Regiment with O1, C1 x3, F6 x2 at {label}")
    resolve(st)
    assert [st.label(u.square) for u in unit_of(st, BEN)] == ["C3", "B2"]
    assert report(st, BEN).count("(NSE-A19)") == 2
    assert st.houses[BEN].res[1] == 12 - 4


def test_disband_returns_the_commander(st):
    """NSE-A35: a disbanded unit leaves at step 2; its courtier commander returns to court
    and a PC commander goes home."""
    c = place_unit(st, BEN, "C3", "Regiment led by courtier with C1 x3, F6 x2")
    st.houses[BEN].court -= 1
    p = place_unit(st, BEN, "B3", PC_REGIMENT)
    st.houses[BEN].pc_field = True
    court = st.houses[BEN].court
    act(st, BEN, f"disband U{c.id}")
    act(st, BEN, f"disband U{p.id}")
    resolve(st)
    assert c.id not in st.units and p.id not in st.units
    assert st.houses[BEN].court == court + 1
    assert not st.houses[BEN].pc_field
    assert f"U{c.id} was disbanded at C3." in st.reports[BEN]
    refused(st, BEN, f"disband U{unit_of(st, ANN)[0].id}", match="not your unit")


# -- NSE-111 .. NSE-124: the Faction Leader, channels, resolution order; NSE-A33 ----------------


def test_fl_knows_his_faction(st):
    """NSE-111, NSE-113, NSE-114: the FL's view lists his players and roles, his Unique
    Officers and the faction estates; a member's view has no such section."""
    steward(st, BEN, "B2")
    fl = GAME.view(st, ANN)["you"]["faction_leader"]
    assert fl["members"] == [
        {"name": "Ann", "role": "Cardinal-Camerlengo", "alive": True},
        {"name": "Ben", "role": "Papal Marshal", "alive": True},
    ]
    assert fl["officers"] == ["Cardinal Legate", "Grand Almoner"]
    assert fl["faction_estates"] == ["B2"] and fl["successor"] is None
    ben = GAME.view(st, BEN)["you"]
    assert "faction_leader" not in ben and ben["leader"] is False


def test_members_do_not_know_each_other():
    """NSE-111: in a 12-seat game Ben's view never names Cal, the third Pape player."""
    st = twelve()
    assert "Cal" not in str(GAME.view(st, 1)["you"])
    assert CAT not in GAME.channels(st, 1) and 2 not in GAME.channels(st, 1)


def test_members_do_not_know_their_fl(st):
    """NSE-111, NSE-A22: before the FL opens the channel, a member's view does not name
    him."""
    assert "Ann" not in GAME.view(st, BEN)["you"]["may_write_to"]


def test_channels(st):
    """NSE-A22, NSE-117: the FL writes to his members, and negotiates with the other
    factions through his second alt, addressed by faction so that no seat unmasks another
    FL; a member writes only to his FL (NSE-111); others not at all."""
    assert GAME.channels(st, ANN) == frozenset({BEN})
    leader = GAME.view(st, ANN)["you"]["faction_leader"]
    assert leader["negotiate_with"] == ["fleurs", "crowns", "alliance"]
    assert "faction_leader" not in GAME.view(st, BEN)["you"]
    assert GAME.channels(st, BEN) <= frozenset({ANN})
    assert DAN not in GAME.channels(st, BEN) and CAT not in GAME.channels(st, BEN)
    assert ANN not in GAME.channels(st, DAN)


def test_messenger_opens_a_one_way_channel_for_one_day():
    """NSE-39, NSE-A22: Ben's Messenger to Cal lets Cal write to Ben during the next Day,
    not Ben to Cal; it is gone the Day after. A Messenger to another faction fails."""
    st = twelve()
    act(st, 1, "messenger Cal")
    act(st, 1, "messenger Cat")
    resolve(st)
    assert 1 in GAME.channels(st, 2) and 2 not in GAME.channels(st, 1)
    assert 1 not in GAME.channels(st, 3)
    assert any("own faction (NSE-39)" in line for line in st.reports[1])
    resolve(st)
    assert 1 not in GAME.channels(st, 2)


def test_give_officer(st):
    """NSE-113: the FL hands a Unique Officer to a member, who may lead a unit with him;
    only the FL may, and only an officer he holds."""
    refused(st, BEN, "give officer Cardinal Legate to Ben", match="only the Faction Leader")
    act(st, ANN, "give officer Cardinal Legate to Ben")
    assert st.officers["Cardinal Legate"] == BEN
    refused(st, ANN, "give officer Cardinal Legate to Ann", match="you do not hold Cardinal Legate")
    refused(
        st, ANN, "give officer Grand Almoner to Cat", match="not a living player of your faction"
    )
    st.houses[BEN].res = [0, 10, 0]
    act(st, BEN, "recruit Regiment led by Cardinal Legate with C1 x3, F6 x2 at C3")
    resolve(st)
    led = [u for u in unit_of(st, BEN) if u.commander == "officer"]
    assert len(led) == 1 and led[0].leader == "Cardinal Legate"
    assert st.officers["Cardinal Legate"] == -1
    assert st.houses[BEN].res[1] == 10 - 3  # the officer's tier is not counted (NSE-85)


def test_fl_collects_faction_estate_income(st):
    """NSE-114, NSE-22, NSE-A10: Ben's Steward on the faction estate B2 (1-0-1) pays the
    FL, not Ben."""
    steward(st, BEN, "B2")
    st.houses[ANN].res = [0, 0, 0]
    st.houses[BEN].res = [0, 0, 0]
    resolve(st)
    assert st.houses[ANN].res == [2, 0, 1]
    assert st.houses[BEN].res == [1, 0, 0]


def test_fl_redistributes_income(st):
    """NSE-115, NSE-117: the FL pays a member after income (step 9); a member may not
    pay; another faction is paid by its key (its leader receives it), never a seat by name."""
    st.houses[ANN].res = [5, 0, 5]
    st.houses[BEN].res = [0, 0, 0]
    act(st, ANN, "pay Ben 2 Inf 1 $")
    refused(st, ANN, "pay Dan 1 Inf", match=r"another faction by its key")
    act(st, ANN, "pay fleurs 1 Inf")
    refused(st, BEN, "pay Ann 1 Inf", match=r"only the Faction Leader redistributes")
    resolve(st)
    assert st.houses[ANN].res == [5 + 1 - 2 - 1, 0, 4]
    assert st.houses[BEN].res == [1 + 2, 0, 1]
    assert st.houses[CAT].res[0] == 1  # the Fleurs' FL
    assert "Received 2 Inf, 1 $ from your Faction Leader." in st.reports[BEN]
    assert "Received 1 Inf from the Pape." in st.reports[CAT]


def test_only_the_fl_rents_mercenaries(st):
    """NSE-116, NSE-A34, NSE-A07: Ann rents the Stradiots (2 $ rent, paid at step 5) for
    Ben on her Home; they are Ben's. A member may not rent. Unpaid next Night, they go."""
    refused(
        st, BEN, "rent Stradiots at C3 for Ben", match=r"only the Faction Leader rents mercenaries"
    )
    st.houses[ANN].res = [0, 0, 2]
    st.houses[ANN].court = 0  # renting is an order, not an action: no Envoy
    act(st, ANN, "rent Stradiots at A1 for Ben")
    resolve(st)
    merc = st.units[st.mercs["Stradiots"]]
    assert (merc.owner, st.label(merc.square), merc.kind) == (BEN, "A1", "Regiment")
    assert st.houses[ANN].res == [1, 0, 0]
    resolve(st)
    assert "Stradiots" not in st.mercs and merc.id not in st.units
    assert "The Stradiots left: their 2 $ rent went unpaid." in st.reports[ANN]


def test_mercenaries_only_on_faction_estates(st):
    """NSE-116, NSE-A19: the FL places mercenaries only on an estate his faction
    controls."""
    st.houses[ANN].res = [0, 0, 5]
    act(st, ANN, "rent Stradiots at D4 for Ann")
    resolve(st)
    assert st.mercs == {}
    assert any("D4 is not an estate your faction controls (NSE-A19)" in x for x in st.reports[ANN])
    assert st.houses[ANN].res[2] == 5


def test_faction_and_seat_order(st):
    """NSE-120, NSE-A33: factions by Nobles descending, ties by prestige; within a faction
    by role number."""
    assert st.faction_order() == [PAPE, FLEURS, CROWNS, STATES]
    assert st.seat_order() == list(range(8))
    st.nobles[sq(st, "I9")] = STATES
    assert st.faction_order() == [STATES, PAPE, FLEURS, CROWNS]
    assert st.seat_order() == [GUS, HAL, ANN, BEN, CAT, DAN, EVE, FAY]


@pytest.mark.parametrize("alliance_noble", [False, True])
def test_faction_order_decides_who_gets_the_mercenary(st, alliance_noble):
    """NSE-120, NSE-119 step 5: Ann and Gus both rent the Stradiots; the faction first in
    order gets them: the Pape by prestige, or the Alliance once it has more Nobles."""
    if alliance_noble:
        st.nobles[sq(st, "I9")] = STATES
    st.houses[ANN].res = [0, 0, 2]
    st.houses[GUS].res = [0, 0, 2]
    act(st, ANN, "rent Stradiots at A1 for Ann")
    act(st, GUS, "rent Stradiots at J10 for Gus")
    resolve(st)
    winner, loser = (GUS, ANN) if alliance_noble else (ANN, GUS)
    assert st.units[st.mercs["Stradiots"]].owner == winner
    assert any("the Stradiots are already rented" in x for x in st.reports[loser])


def test_role_order_within_a_faction(st):
    """NSE-A33: Ann (role 1) and Ben (role 2) both place a Steward on B2; Ann's resolves
    first and Ben's fails."""
    place_unit(st, ANN, "B2")
    place_unit(st, BEN, "B2")
    act(st, BEN, "steward B2")
    act(st, ANN, "steward B2")
    resolve(st)
    assert st.stewards[sq(st, "B2")] == ANN
    assert any("already has a Steward (NSE-23)" in x for x in st.reports[BEN])


def test_a_players_orders_resolve_in_listed_order(st):
    """NSE-A33, NSE-A07: Eve's 8 $ pays for the first listed Hired Assassin only."""
    st.houses[EVE].res = [0, 0, 8]
    act(st, EVE, "assassin Cat")
    act(st, EVE, "assassin Ben")
    resolve(st)
    assert (st.houses[CAT].wounds, st.houses[BEN].wounds) == (1, 0)


def test_actions_need_an_envoy(st):
    """NSE-A07, NSE-32: every action needs a courtier at court as Envoy; with none, the
    order is refused and the state unchanged."""
    st.houses[EVE].court = 0
    refused(st, EVE, "assassin Ben", match=r"need 1 courtiers and 0 are at court")
    assert st.houses[EVE].orders == []


def test_night_order_spies_arrive_after_actions(st):
    """NSE-119: courtiers are placed at step 8, after the standard actions of step 4: a
    Spy sent this Night cannot yet support Bribery."""
    steward(st, ANN, "A2")
    st.houses[CAT].res = [0, 0, 3]
    act(st, CAT, "spy to A9 A8")
    act(st, CAT, "bribery A8 $")
    resolve(st)
    assert ("spy", sq(st, "A8"), "") in st.houses[CAT].posts
    assert any("Bribery failed: you need a Spy on A8" in x for x in st.reports[CAT])


def test_night_order_income_after_actions(st):
    """NSE-119: income (step 9) comes after the actions (step 4): this Night's income
    cannot pay for this Night's action."""
    st.houses[CAT].res = [0, 0, 7]
    act(st, CAT, "assassin Ben")
    resolve(st)
    assert st.houses[BEN].wounds == 0 and st.houses[CAT].res == [0, 0, 8]


def test_night_order_recruits_after_actions(st):
    """NSE-119: recruitment (step 5) follows the actions (step 4) and moves (step 2): a
    unit recruited this Night is on the board only afterwards."""
    st.houses[ANN].res = [0, 4, 0]
    act(st, ANN, "recruit Regiment with O1, C1 x3, F6 x2 at A1")
    refused(st, ANN, f"move U{st.next_unit} to A2", match="is not your unit")
    resolve(st)
    assert len(unit_of(st, ANN)) == 2


def three_sides(st, strong: int):
    """Pape (controller, Ann's Steward), Fleurs and Crowns units on B2; ``strong`` has a
    Division."""
    steward(st, ANN, "B2")
    for seat in (ANN, CAT, EVE):
        place_unit(st, seat, "B2", DIVISION if seat == strong else "Regiment with O1, C1 x3, F6 x2")


def test_battle_order_controller_last_lowest_prestige_first(st):
    """NSE-121, NSE-123, NSE-124, NSE-A15: three Hostile factions on the Pape's B2. The
    controller defends last; of the others (no Nobles) the lowest prestige (Crowns)
    attacks first; the winner (Fleurs) attacks the Pape with the MOR it kept."""
    three_sides(st, CAT)
    resolve(st)
    lines = [x for x in st.post if x.startswith("Battle at B2")]
    assert lines == [
        "Battle at B2: Twice Crowned King attacked Roi des Fleurs; Roi des Fleurs won.",
        "Battle at B2: Roi des Fleurs attacked Pape; Roi des Fleurs won.",
    ]
    first, second = (b[2] for b in battles_on(st, "B2"))
    assert second.totals[0].mor == first.final[1].morale
    assert [u.owner for u in units_on(st, "B2")] == [CAT]


def test_battle_order_most_nobles_fights_second_to_last(st):
    """NSE-122, NSE-123, NSE-A15: with a Noble the Crowns fight second to last, so the
    Fleurs (fewest Nobles) attack first."""
    st.nobles[sq(st, "I2")] = CROWNS
    three_sides(st, EVE)
    resolve(st)
    lines = [x for x in st.post if x.startswith("Battle at B2")]
    assert lines == [
        "Battle at B2: Roi des Fleurs attacked Twice Crowned King; Twice Crowned King won.",
        "Battle at B2: Twice Crowned King attacked Pape; Twice Crowned King won.",
    ]
    assert sq(st, "B2") not in st.ctrl  # seized from the Pape (NSE-A09)


def test_battle_winner_carries_its_morale(st):
    """NSE-124: a winner damaged in the first battle starts the second with the MOR it
    ended with, not its full MOR."""
    steward(st, ANN, "B2")
    place_unit(st, ANN, "B2", "Regiment with O1, C1 x3, F6 x2")
    place_unit(st, CAT, "B2", "Regiment with O2, C3 x3, F1 x2")
    place_unit(st, EVE, "B2", "Regiment with O1, C5 x3, F6 x2")  # RNG 6
    resolve(st)
    first, second = (b[2] for b in battles_on(st, "B2"))
    won = 0 if first.winner == first.sides[0].owner else 1
    assert 0 < first.final[won].morale < first.totals[won].mor
    assert second.sides[0].owner == first.winner
    assert second.totals[0].mor == first.final[won].morale


def test_open_city_also_spares_entering_units_from_each_other(st):
    """NSE-42, NSE-A37: units of two other factions entering Ann's Open City fight neither
    her units nor each other that Night."""
    steward(st, ANN, "A2")
    place_unit(st, ANN, "A2")
    c = place_unit(st, CAT, "A3")
    e = place_unit(st, EVE, "B2")
    st.houses[ANN].res = [2, 0, 0]
    act(st, ANN, "open city A2")
    act(st, CAT, f"move U{c.id} to A2")
    act(st, EVE, f"move U{e.id} to A2")
    resolve(st)
    assert st.battles == []
    assert {u.owner for u in units_on(st, "A2")} == {ANN, CAT, EVE}


# -- the moderator's console ---------------------------------------------------------------------


def test_override_changes_state_and_is_logged(st):
    """Moderator console: an override with a reason changes the state and is recorded in
    the log."""
    events = moderate(st, "override wounds Ann 2 because test")
    assert st.houses[ANN].wounds == 2
    assert st.log[-1] == ("override", 1, "wounds Ann 2", "test")
    assert any("because test" in GAME.describe(st, e) for e in events)
    moderate(st, "override resources Ben 1 2 3 because a lost payment")
    assert st.houses[BEN].res == [1, 2, 3] and len(st.log) == 2


def test_override_without_reason_is_refused(st):
    """Moderator console: every override needs a reason; without one nothing changes."""
    with pytest.raises(ValueError, match="every override needs a reason"):
        moderate(st, "override wounds Ann 2")
    refused(st, MODERATOR, "override luck Ann 2 because why not", match="override one of")
    assert st.houses[ANN].wounds == 0 and st.log == []


def test_players_may_not_override_or_resolve(st):
    """Moderator console: overrides and resolving are the moderator's alone."""
    refused(st, ANN, "override wounds Ann 0 because mine", match="only the moderator")
    refused(st, ANN, "resolve", match="only the moderator")
    assert st.log == [] and st.night == 1


def test_override_three_wounds_removes_the_pc(st):
    """Moderator console, NSE-58, NSE-A29: setting 3 wounds removes Ann (no Heir); Ben
    succeeds her as Faction Leader."""
    events = moderate(st, "override wounds Ann 3 because a ruling")
    assert not st.houses[ANN].alive and unit_of(st, ANN) == []
    assert st.leaders[PAPE] == BEN
    # Everyone learns that Ann is out, as a death in the Night is told; Ben learns his rank.
    told = [(e.kind, GAME.describe(st, e)) for e in events if e.visible_to(None)]
    assert any("Ann is out of the game" in text for kind, text in told if kind == "post")
    assert any(
        "Faction Leader" in GAME.describe(st, e) and e.visible_to(BEN) and not e.visible_to(CAT)
        for e in events
    )


def test_moderator_resolve_runs_the_night(st):
    """Moderator console, NSE-118: the game started with a Night; an order does nothing
    during the Day; 'resolve' runs the Night although players are still writing orders,
    and their orders so far count."""
    assert st.night == 1 and unit_of(st, ANN)  # Night 1 placed the starting units
    st.houses[EVE].res = [0, 0, 8]
    act(st, EVE, "assassin Ben")
    assert st.houses[BEN].wounds == 0 and st.houses[EVE].res == [0, 0, 8]
    assert GAME.pending(st)
    moderate(st, "resolve")
    assert st.night == 2 and st.houses[BEN].wounds == 1
    assert ("resolve", 2, "") in st.log
    assert st.post[0] == "Night 2"


def test_nse_99_nse_100_a_treaty_is_checked_whole_before_it_is_made(st):
    """NSE-99, NSE-100: checking a proposal reads its whole text, so a treaty whose promise
    names the wrong faction is refused by the check itself (bots and the order box learn
    it without playing it), and nothing changes."""
    leader = st.leaders[st.houses[ANN].faction]
    mine = st.scenario.factions[st.houses[ANN].faction].name
    other = next(f.name for f in st.scenario.factions if f.name != mine)
    wrong = next(f.name for f in st.scenario.factions if f.name not in (mine, other))
    text = (
        f"propose treaty to {other}\nFaction 1 promises:\n"
        f'"{wrong}" "will not" enter "E5" on the game board, with "any units" "for 3 cycles";'
    )
    order = GAME.read(st, leader, text)
    before = (list(st.proposals), st.next_treaty)
    with pytest.raises(IllegalAction, match="promising faction"):
        GAME.check(st, leader, order)
    assert (list(st.proposals), st.next_treaty) == before
