"""The Noblesse scenario data: the HOUSE default (§4, NSE-A01) and its validation."""

from importlib.resources import files

import pytest

from bureau.engine import OptionError
from bureau.games.noblesse.scenario import (
    STATS,
    formula_income,
    formula_mismatches,
    load_scenario,
    parse_scenario,
)

DEFAULT = (files("bureau.games.noblesse") / "house_default_v1.toml").read_text("utf-8")


@pytest.fixture(scope="module")
def sc():
    return load_scenario("house_default_v1")


def stats(**kw):
    return tuple(kw.get(s, 0) for s in STATS)


def test_board_is_10x10_with_central_victory_squares(sc):
    """NSE-A02: rows A-J, columns 1-10; victory squares E5, E6, F5, F6."""
    assert (sc.rows, sc.cols, len(sc.estates)) == (10, 10, 100)
    assert sc.victory == ("E5", "E6", "F5", "F6")
    assert sc.estates[0].square == "A1" and sc.estates[-1].square == "J10"


@pytest.mark.parametrize(
    ("square", "income"),
    [
        ("E5", (2, 2, 2)),
        ("F6", (2, 2, 2)),
        ("C3", (0, 2, 1)),
        ("A1", (1, 0, 0)),
        ("A2", (0, 1, 0)),
        ("B2", (1, 0, 1)),
        ("D4", (2, 1, 1)),
        ("D8", (0, 2, 1)),
        ("E8", (1, 0, 2)),
        ("H5", (1, 0, 2)),
        ("I3", (0, 1, 1)),
        ("J10", (1, 0, 0)),
        ("B10", (0, 1, 0)),
    ],
)
def test_incomes_match_the_table(sc, square, income):
    assert sc.income(square) == income


def test_board_equals_the_ring_split_formula(sc):
    """§4.1: every cell of the table is the ring total split from (r + c) mod 3."""
    assert formula_mismatches(sc) == ()
    for e in sc.estates:
        assert e.income == formula_income(e.row, e.col)
    rings = {6: 4, 4: 12, 3: 20, 2: 28, 1: 36}
    totals = [sum(e.income) for e in sc.estates]
    assert {t: totals.count(t) for t in rings} == rings


def test_formula_mismatch_is_reported():
    text = DEFAULT.replace('"0-1-0 1-0-1 1-1-0', '"0-1-0 1-1-1 1-1-0', 1)
    assert formula_mismatches(parse_scenario(text, "x.toml")) == ("B2",)


def test_factions(sc):
    """§4.2 and NSE-A03: four factions in prestige order; Dynastic threshold 8."""
    assert [f.name for f in sc.factions] == [
        "The Pape",
        "Le Roi des Fleurs",
        "The Twice Crowned King",
        "The Alliance of States",
    ]
    assert [f.prestige for f in sc.factions] == [1, 2, 3, 4]
    assert sc.dynastic_threshold == 8 == 2 * len(sc.factions)
    pape, fleurs, crowns, alliance = sc.factions
    assert pape.home == ((0, 0), (2, 2)) and alliance.home == ((7, 7), (9, 9))
    assert fleurs.home == ((0, 7), (2, 9)) and crowns.home == ((7, 0), (9, 2))
    assert pape.core.name == "Tithe" and pape.core.param("resource") == "Inf"
    assert fleurs.core.param("resource") == "$" and crowns.core.param("resource") == "MP"
    assert alliance.core.name == "Federal Dues" and alliance.core.param("resource") == "choice"
    assert pape.war_council == stats(TGH=1) and fleurs.war_council == stats(RNG=2)
    assert crowns.war_council == stats(CHG=1) and alliance.war_council == stats(PIK=2)


def test_unique_officers(sc):
    """§4.4: two per faction."""
    officers = {o.name: o for f in sc.factions for o in f.officers}
    assert len(officers) == 8
    assert officers["Cardinal Legate"].stats == stats(ATK=3, MOR=2)
    assert officers["Grand Almoner"].stats == stats(ATK=2, MAL=1, MOR=2)
    assert officers["Connétable"].stats == stats(ATK=3, CHG=1)
    assert officers["Herald of Two Crowns"].faction == "crowns"
    assert officers["Admiral of the States"].stats == stats(ATK=2, AMB=2)


def test_roles(sc):
    """§4.3: 12 roles, three per faction, one FL each, abilities 2/5/8 in one resource."""
    assert len(sc.roles) == 12
    assert [r.number for r in sc.roles] == list(range(1, 13))
    assert [r.number for r in sc.roles if r.leader] == [1, 4, 7, 10]
    for r in sc.roles:
        assert [a.cost for a in r.abilities] == [2, 5, 8]
        assert len({a.resource for a in r.abilities}) == 1
    king = sc.roles[6]
    assert (king.number, king.name, king.faction, king.leader) == (
        7,
        "The Twice Crowned King",
        "crowns",
        True,
    )
    host = king.abilities[2]
    assert (host.name, host.cost, host.resource, host.step, host.effect) == (
        "Royal Host",
        8,
        "Inf",
        5,
        "recruit",
    )
    assert host.param("unit") == "Division" and host.param("count") == 1
    assert king.uniques[0].name == "Household Knights" and king.uniques[0].tier == 9


def test_role_details(sc):
    r = {role.name: role for role in sc.roles}
    assert r["Papal Marshal"].abilities[0].step == 2  # movement, NSE-A27
    assert r["Papal Marshal"].abilities[2].param("wounds") == 2
    assert r["Master of Whispers"].abilities[2].param("heir") is True  # NSE-A42
    assert r["Chancellor of Roses"].abilities[2].param("estates") == 5
    assert r["Le Roi des Fleurs"].abilities[2].effect == "rent_mercenary"
    assert r["Maréchal des Lys"].abilities[2].params == (("unit", "Regiment"), ("count", 2))
    assert r["Treasurer of the States"].abilities[1].param("distance") == 2
    assert r["Grand Inquisitor"].core.param("estates") == 3
    assert r["Captain-General"].core.param("amount") == 5
    names = [a.effect for a in r["Cardinal-Camerlengo"].abilities]
    assert names == ["open_city", "create_noble", "political_marriage"]


def test_swiss_guard_and_uniques(sc):
    swiss = sc.roles[0].uniques[0]
    assert (swiss.name, swiss.slot, swiss.limit, swiss.tier) == ("Swiss Guard", "Centre", 3, 8)
    assert swiss.stats == stats(PIK=3, TGH=1, MOR=4) and swiss.colour == ""
    levies = sc.roles[2].uniques[0]
    assert (levies.colour, levies.limit, levies.tier) == ("silver", 4, 3)
    assert [u.limit for r in sc.roles for u in r.uniques] == [3, 2, 4, 3, 2, 3, 2, 3, 3, 4, 3, 3]


@pytest.mark.parametrize(
    ("players", "roles"),
    [
        (8, (1, 2, 4, 5, 7, 8, 10, 11)),
        (9, (1, 2, 4, 5, 7, 8, 10, 11, 3)),
        (11, (1, 2, 4, 5, 7, 8, 10, 11, 3, 6, 9)),
        (12, (1, 2, 4, 5, 7, 8, 10, 11, 3, 6, 9, 12)),
    ],
)
def test_roles_for_player_counts(sc, players, roles):
    assert sc.roles_for(players) == roles


@pytest.mark.parametrize("players", [7, 13])
def test_roles_for_bad_count(sc, players):
    with pytest.raises(OptionError, match="needs 8 to 12 players"):
        sc.roles_for(players)


def test_catalogue(sc):
    """§4.5 and NSE-A18: 24 designs; tier = stats + colour."""
    assert len(sc.companies) == 24
    c3 = sc.company("C3")
    assert (c3.name, c3.slot, c3.stats, c3.tier) == (
        "Line Infantry",
        "Centre",
        stats(MEL=2, MOR=2),
        4,
    )
    assert sc.company("C2").colour == "bronze" and sc.company("R2").colour == "gold"
    assert sc.company("C7").stats == stats(MEL=3, TGH=1, MOR=4)
    assert sc.company("O4").stat("MAL") == 1
    for c in sc.companies:
        assert c.tier == sum(c.stats) + (1 if c.colour else 0)


def test_mercenaries_and_neutrals(sc):
    """NSE-A34 and NSE-A43."""
    assert [(m.name, m.unit, m.rent) for m in sc.mercenaries] == [
        ("Landsknechte", "Regiment", 3),
        ("Genoese Crossbows", "Regiment", 3),
        ("Black Band", "Brigade", 5),
        ("Stradiots", "Regiment", 2),
    ]
    assert sc.mercenaries[2].companies == (("O2", 1), ("F2", 2), ("C6", 5), ("R1", 2))
    (g,) = sc.neutrals
    assert g.squares == sc.victory and g.tiers == 33
    assert g.totals == stats(ATK=1, PIK=10, MOR=22)


def test_defaults(sc):
    d = sc.defaults
    assert (d.day_deadline_hours, d.night_automatic, d.lynch) == (48, True, False)
    assert (d.starting_resources, d.max_rounds, d.courtiers) == ((0, 0, 0), 30, 10)
    assert (d.starting_unit_budget_mp, d.custom_companies) == (5, False)


def test_custom_file_loads(tmp_path):
    text = DEFAULT.replace('name = "Noblesse house default v1"', 'name = "Mine"')
    text = text.replace("max_rounds = 30", "max_rounds = 12")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    sc = load_scenario(str(path))
    assert (sc.name, sc.defaults.max_rounds) == ("Mine", 12)


def test_missing_file(tmp_path):
    with pytest.raises(OptionError, match="cannot read"):
        load_scenario(str(tmp_path / "nope.toml"))


BAD = [
    ("name = ", "name = =", "not valid TOML"),
    ("rows = 10", "rows = 10\nsize = 3", "board.size: unknown key"),
    ("cols = 10\n", "", "board.cols: missing"),
    ("rows = 10", 'rows = "10"', "board.rows: must be a whole number, not str"),
    ('"E5", "E6"', '"E5", "K6"', "board.victory[1]: 'K6' is outside the board"),
    ('"E5", "E6"', '"E5", "E11"', "board.victory[1]: 'E11' is outside the board"),
    ('"E5", "E6"', '"E5", "E5"', "board.victory[1]: duplicate square 'E5'"),
    ("  # A\n", '  # A\n  "1-0-0",\n', "board.income: has 11 rows"),
    ('"1-0-0 0-1-0 0-0-1', '"1-0-0 0-1-0 0-0--1', "board.income[0][2]: A3 is '0-0--1'"),
    ('"1-0-0 0-1-0 0-0-1', '"1-0-0 0-1-0', "board.income[0]: has 9 cells, not 10"),
    ('key = "pape"', 'key = "Pape"', "factions[0].key: 'Pape' must be lower-case"),
    ('key = "fleurs"', 'key = "pape"', "factions[1]: duplicate faction key 'pape'"),
    ("prestige = 2", "prestige = 1", "factions: prestige must be 1 to 4"),
    ('home = ["A1", "C3"]', 'home = ["C3", "A1"]', "factions[0].home: the first corner"),
    ('home = ["H8", "J10"]', 'home = ["H8", "J11"]', "factions[3].home[1]: 'J11' is outside"),
    ("war_council = { TGH = 1 }", "war_council = { XYZ = 1 }", "factions[0].war_council.XYZ"),
    ("war_council = { TGH = 1 }", "war_council = { TGH = -1 }", "must be at least 0, not -1"),
    ('effect = "night_income"', 'effect = "tax"', "factions[0].core.effect: unknown 'tax'"),
    ('resource = "choice"', 'resource = "gold"', "factions[3].core.params.resource"),
    ('{ name = "Dame aux Lys"', '{ name = "Connétable"', "duplicate officer name"),
    ("ATK = 3, TGH = 1", "ATK = 4, TGH = 1", "factions[2].officers[0].stats.ATK: an officer"),
    ('faction = "pape"', 'faction = "papacy"', "roles[0].faction: unknown 'papacy'"),
    ("number = 3", "number = 4", "roles[2].number: roles must be numbered"),
    ("leader = true", "leader = false", "faction 'pape' needs one leader (FL), not 0"),
    ('"Field Hospital"\ncost = 5', '"Field Hospital"\ncost = 4', "roles[1].abilities[1].cost: "),
    ('cost = 5\nresource = "MP"', 'cost = 5\nresource = "$"', "roles[1].abilities[1].resource"),
    ('resource = "Inf"\nstep = 3', 'resource = "Gold"\nstep = 3', "roles[0].abilities[0].resource"),
    ("step = 5\neffect", "step = 11\neffect", "roles[3].abilities[2].step: must be at most 10"),
    ('effect = "forced_march"', 'effect = "teleport"', "roles[1].abilities[0].effect"),
    ("params = { units = 2 }", "params = { units = 2, x = 1 }", "abilities[0].params.x: unknown"),
    ("params = { units = 2 }", "params = {}", "roles[1].abilities[0].params.units: missing"),
    ("params = { units = 2 }", "params = { units = true }", "must be a whole number, not bool"),
    ('unit = "Division"', 'unit = "Army"', "roles[6].abilities[2].params.unit: unknown 'Army'"),
    ('name = "Scouts"', 'name = "Swiss Guard"', "duplicate company name 'Swiss Guard'"),
    ('name = "Chevaliers"', 'name = "Militia"', "duplicate company name 'Militia'"),
    ("stats = { PIK = 3, TGH = 1, MOR = 4 }", "stats = {}", "has tier 8; its stats give 0"),
    ('count = 3\ntype = "Centre"', 'count = 0\ntype = "Centre"', "uniques[0].count"),
    ('count = 3\ntype = "Centre"', 'count = 3\ntype = "Officer"', "roles[0].uniques[0].type"),
    ('colour = "silver"', 'colour = "purple"', "roles[2].uniques[0].colour: unknown"),
    ('id = "C2"', 'id = "C1"', "companies[5]: duplicate company id 'C1'"),
    ('type = "Centre"\nstats = { MOR = 2 }', 'type = "Centre"\nstats = { MOR = 3 }', "NSE-A18"),
    (
        'type = "Officer"\nstats = { ATK = 1 }\ntier = 1',
        'type = "Officer"\nstats = { MOR = 1 }\ntier = 1',
        "companies[0].stats.ATK: an Officer company needs ATK 1 to 3",
    ),
    ("base = [1, 2, 4,", "base = [1, 1, 4,", "players.base+add_order[1]: duplicate role 1"),
    ("add_order = [3, 6, 9, 12]", "add_order = [3, 6, 9]", "players.add_order: lists 3"),
    ("add_order = [3, 6, 9, 12]", "add_order = [3, 6, 9, 13]", "add_order[3]: must be at most"),
    ("dynastic_threshold = 8", "dynastic_threshold = 6", "must be 2 x 4 starting factions"),
    ("max_rounds = 30", "max_rounds = 0", "defaults.max_rounds: must be at least 1"),
    ("lynch = false", 'lynch = "no"', "defaults.lynch: must be true or false"),
    ('"$" = 0 }', '"$" = -1 }', "defaults.starting_resources.$: must be at least 0"),
    ("O2 = 1, F1 = 2, C4 = 3", "O2 = 1, F1 = 2, C4 = 2", "mercenaries[0].companies: a Regiment"),
    ("O1 = 1, F4 = 2, C1 = 3", "O1 = 1, F4 = 2, Z9 = 3", "mercenaries[3].companies.Z9: unknown"),
    ('unit = "Brigade"', 'unit = "Garrison"', "mercenaries[2].unit: unknown 'Garrison'"),
    ("rent = 2", "rent = -2", "mercenaries[3].rent: must be at least 0"),
    ("ATK = 1, PIK = 10, MOR = 22", "ATK = 1, PIK = 10, MOR = 21", "neutrals[0].totals"),
    ("tiers = 33", "tiers = 32", "neutrals[0].tiers: is 32"),
    ('squares = ["E5"', 'squares = ["Q5"', "neutrals[0].squares[0]: 'Q5' is outside"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD, ids=[b[2][:40] for b in BAD])
def test_malformed_scenarios_are_rejected(old, new, message):
    assert old in DEFAULT, old
    with pytest.raises(OptionError) as err:
        parse_scenario(DEFAULT.replace(old, new, 1), "bad.toml")
    text = str(err.value)
    assert text.startswith("bad.toml: ") and message in text, text


def test_role_count_must_fit_the_player_lists():
    """§4.3: dropping role 12 leaves add_order naming a role that does not exist."""
    cut = DEFAULT.index("[[roles]]\nnumber = 12")
    end = DEFAULT.index("# 4.5 Company catalogue")
    with pytest.raises(OptionError, match=r"players\.add_order\[3\]: must be at most 11, not 12"):
        parse_scenario(DEFAULT[:cut] + DEFAULT[end:], "bad.toml")
