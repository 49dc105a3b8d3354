"""The Noblesse combat engine: exact round-by-round numbers worked out by hand."""

import random

import pytest

from bureau.games.noblesse.combat import (
    Hit,
    Side,
    Unit,
    battle_order,
    fight,
    fight_many,
    report,
    totals,
)
from bureau.games.noblesse.scenario import STATS, load_scenario

SC = load_scenario("house_default_v1")


def unit(*spec, name="u", commander_atk=0):
    """A unit from ``"ID"`` or ``"IDxN"`` strings, using the catalogue companies."""
    comps = []
    for s in spec:
        cid, _, n = s.partition("x")
        comps.extend([SC.company(cid)] * int(n or 1))
    return Unit(name, tuple(comps), commander_atk)


def side(owner, *spec, **kw):
    return Side(owner, (unit(*spec),), **kw)


def summary(battle):
    """(number, inc, total, attacked, morale) per round."""
    return [(r.number, r.inc, r.total, r.attacked, r.morale) for r in battle.rounds]


def test_melee_only():
    """NSE-71, NSE-74, NSE-80, NSE-A12: ATK 2 / MEL 4 against ATK 1 / MOR 6. Red attacks on
    rounds 3 and 6 (6 - 4 = 2, then 2 - 4 floored to 0); Blue attacks on round 6 with no
    melee, so Red takes nothing."""
    red = side("red", "O2", "C3x2")
    blue = side("blue", "O1", "C1x3")
    b = fight((red, blue))
    assert summary(b) == [
        (1, (2, 1), (2, 1), (False, False), (4, 6)),
        (2, (2, 1), (4, 2), (False, False), (4, 6)),
        (3, (2, 1), (6, 3), (True, False), (4, 2)),
        (4, (2, 1), (2, 4), (False, False), (4, 2)),
        (5, (2, 1), (4, 5), (False, False), (4, 2)),
        (6, (2, 1), (6, 6), (True, True), (4, 0)),
    ]
    assert b.rounds[2].hits == (Hit(0, "melee", 4, 0, 4),)
    assert b.rounds[5].hits == (Hit(0, "melee", 4, 0, 4),)
    assert (b.winner, b.end) == ("red", "morale")
    assert b.final[0][1:] == (4, 4, 0, False, 0)
    assert b.final[1][1:] == (6, 0, 6, True, 1)


def test_attack_rhythm_and_malus():
    """NSE-72, NSE-73, NSE-A12: ATK 4 attacks every 2 rounds; a net attack below 1 (ATK 1
    against MAL 2) counts as 1, so every 6 rounds; MAL never slows its own side."""
    slow = side("slow", "O1", "C1")  # ATK 1, MOR 2
    fast = Side("fast", (unit("O4", "C1"), unit("O4", "C1")))  # ATK 4, MAL 2, MOR 4
    b = fight((slow, fast), max_rounds=6)
    assert [r.inc for r in b.rounds] == [(1, 4)] * 6
    assert [r.attacked for r in b.rounds] == [
        (False, False),
        (False, True),
        (False, False),
        (False, True),
        (False, False),
        (True, True),
    ]
    assert all(r.hits == () for r in b.rounds)
    # Net attack 2: every 3 rounds.
    two = fight((side("a", "O2", "C1"), side("b", "O2", "C1")), max_rounds=6)
    assert [r.attacked[0] for r in two.rounds] == [False, False, True] * 2


def test_charge_from_excess_attack():
    """NSE-75, NSE-A12: ATK 4 reaches 8 on even rounds, so CHG 2 deals 2 x (8 - 6) = 4."""
    lancers = side("lancers", "O2", "F1x2")  # ATK 4, CHG 2, MOR 4
    militia = side("militia", "O1", "C1x3")  # ATK 1, MOR 6
    b = fight((lancers, militia))
    assert summary(b) == [
        (1, (4, 1), (4, 1), (False, False), (4, 6)),
        (2, (4, 1), (8, 2), (True, False), (4, 2)),
        (3, (4, 1), (4, 3), (False, False), (4, 2)),
        (4, (4, 1), (8, 4), (True, False), (4, 0)),
    ]
    assert b.rounds[1].hits == (Hit(0, "charge", 4, 0, 4),)
    assert b.rounds[3].hits == (Hit(0, "charge", 4, 0, 4),)
    assert b.winner == "lancers"
    # Overkill is lost: 2 MOR left, 4 dealt, MOR 0 and 6 lost in all.
    assert (b.final[1].morale, b.final[1].lost) == (0, 6)


def test_charge_is_worthless_at_attack_six():
    """NSE-75: at attack 6 there is no excess, so Charge deals nothing although the side
    attacks every round."""
    a = side("a", "O2", "R6x2", "F1x2")  # ATK 6, CHG 2, MOR 8
    b = fight((a, side("b", "O1", "C1x3")), max_rounds=3)
    assert [r.attacked for r in b.rounds] == [(True, False)] * 3
    assert [r.total[0] for r in b.rounds] == [6, 6, 6]
    assert all(r.hits == () for r in b.rounds)


def test_pike_against_charge():
    """NSE-76, NSE-75, NSE-A12: when the lancers attack on round 2, the pikemen answer with
    PIK 4 at the same time; the lancers (MOR 4) break, the pikemen keep 6 - 4 = 2."""
    lancers = side("lancers", "O2", "F1x2")
    pikes = side("pikes", "O1", "C4x2", "C1")  # ATK 1, PIK 4, MOR 6
    b = fight((lancers, pikes))
    assert summary(b) == [
        (1, (4, 1), (4, 1), (False, False), (4, 6)),
        (2, (4, 1), (8, 2), (True, False), (0, 2)),
    ]
    assert b.rounds[1].hits == (Hit(0, "charge", 4, 0, 4), Hit(1, "pike", 4, 0, 4))
    assert (b.winner, b.final[0].destroyed, b.final[1].morale) == ("pikes", True, 2)


def test_simultaneous_damage_destroys_both():
    """NSE-A12 steps 4 and 6: damage is simultaneous; if both reach 0 both are destroyed."""
    b = fight((side("lancers", "O2", "F1x2"), side("pikes", "O1", "C4x2")))
    assert b.rounds[-1].morale == (0, 0)
    assert (b.winner, b.end) == (None, "both")
    assert b.final[0].destroyed and b.final[1].destroyed


def test_ranged_on_rounds_without_attack():
    """NSE-77, NSE-73, NSE-A12: archers (ATK 1, RNG 4) against a Staff Officer's line
    (ATK 2, MAL 1, MEL 2, MOR 10). The archers' net attack 1 - 1 = 0 counts as 1, so they
    shoot every round: 10, 6, 2, then 0 on round 3, when the line attacks for 2."""
    archers = side("archers", "O1", "C5x2")
    line = side("line", "O4", "C3", "C1x4")
    b = fight((archers, line))
    assert summary(b) == [
        (1, (1, 2), (1, 2), (False, False), (4, 6)),
        (2, (1, 2), (2, 4), (False, False), (4, 2)),
        (3, (1, 2), (3, 6), (False, True), (2, 0)),
    ]
    assert b.rounds[0].hits == (Hit(0, "ranged", 4, 0, 4),)
    assert b.rounds[2].hits == (Hit(0, "ranged", 4, 0, 4), Hit(1, "melee", 2, 0, 2))
    assert (b.winner, b.final[0].morale) == ("archers", 2)


def test_no_ranged_on_the_attack_round():
    """NSE-77, NSE-A14: ATK 2 / RNG 2 shoots on rounds 1, 2 and 4 but not on round 3,
    when it attacks (MEL 0). At the 4-round cap it has MOR 2 against 4 and is destroyed."""
    a = side("a", "O2", "C5")  # ATK 2, RNG 2, MOR 2
    b = fight((a, side("b", "O1", "C1x5")), max_rounds=4)  # MOR 10
    assert [r.morale for r in b.rounds] == [(2, 8), (2, 6), (2, 6), (2, 4)]
    assert b.rounds[2].attacked == (True, False) and b.rounds[2].hits == ()
    assert (b.end, b.winner, b.final[0].destroyed) == ("stalemate", "b", True)


def test_ambush_before_round_one():
    """NSE-78, NSE-A12 round 0: AMB 4 breaks a MOR 4 side before round 1."""
    raiders = side("raiders", "O1", "F4x2")  # ATK 1, AMB 4, MOR 4
    b = fight((raiders, side("b", "O1", "C1x2")))
    assert summary(b) == [(0, (0, 0), (0, 0), (False, False), (4, 0))]
    assert b.rounds[0].hits == (Hit(0, "ambush", 4, 0, 4),)
    assert (b.winner, b.end) == ("raiders", "ambush")


def test_ambush_against_toughness_and_immunity():
    """NSE-78, NSE-79, NSE-A12, NSE-A13: ambush is one packet, less TGH 2; an immune side
    (Star Fortress) takes nothing; the battle goes on to round 1."""
    raiders = side("raiders", "O1", "F4x2")
    tough = side("tough", "O1", "C1x2", "R5")  # TGH 2, MOR 5
    b = fight((raiders, tough), max_rounds=1)
    assert b.rounds[0].hits == (Hit(0, "ambush", 4, 2, 2),)
    assert b.rounds[0].morale == (4, 3)
    assert [r.number for r in b.rounds] == [0, 1]
    immune = fight((raiders, tough._replace(ambush_immune=True)), max_rounds=1)
    assert immune.rounds[0].hits == () and immune.rounds[0].morale == (4, 5)


def test_toughness_per_damage_packet():
    """NSE-79, NSE-A13, NSE-A12: TGH 2 comes off melee 2 (absorbed) and off charge 4
    separately, so each attack deals 2 (not 6 - 2 = 4). MOR 7 falls 5, 3, 1, 0 on rounds
    2, 4, 6, 8; on round 6 both attack and neither has PIK."""
    a = side("a", "O2", "F1x2", "C3")  # ATK 4, CHG 2, MEL 2, MOR 6
    d = side("d", "O1", "R5", "C1x3")  # ATK 1, TGH 2, MOR 7
    b = fight((a, d))
    assert b.rounds[1].hits == (Hit(0, "melee", 2, 2, 0), Hit(0, "charge", 4, 2, 2))
    assert [r.morale[1] for r in b.rounds] == [7, 5, 5, 3, 3, 1, 1, 0]
    assert b.rounds[5].attacked == (True, True)
    assert (b.winner, b.final[0].morale) == ("a", 6)
    assert "a melee 2 - TGH 2 = 0 to d (absorbed)" in report(b)


def test_toughness_per_round_total_nse_a13():
    """NSE-A13's other setting, ``toughness_per=round_total``: the same battle as above,
    but TGH 2 comes off once from the round's melee 2 + charge 4, so each attack deals 4
    (2 per packet above): MOR 7 falls to 3 on round 2 and to 0 on round 4, not round 8.
    The melee packet uses up the TGH and the charge packet meets none; the ambush is one
    packet in both modes; an unknown setting is refused."""
    a = side("a", "O2", "F1x2", "C3")
    d = side("d", "O1", "R5", "C1x3")
    b = fight((a, d), toughness_per="round_total")
    assert b.rounds[1].hits == (Hit(0, "melee", 2, 2, 0), Hit(0, "charge", 4, 0, 4))
    assert [r.morale[1] for r in b.rounds] == [7, 3, 3, 0]
    assert (b.winner, b.final[0].morale) == ("a", 6)
    assert "a charge 4 to d\n" in report(b)
    assert len(fight((a, d)).rounds) == 8  # damage_type_packet, the ruling's default
    raiders = side("raiders", "O1", "F4x2")
    tough = side("tough", "O1", "C1x2", "R5")
    for mode in ("damage_type_packet", "round_total"):
        ambush = fight((raiders, tough), max_rounds=1, toughness_per=mode)
        assert ambush.rounds[0].hits == (Hit(0, "ambush", 4, 2, 2),)
    with pytest.raises(ValueError, match="toughness_per"):
        fight((a, d), toughness_per="per_unit")


def test_toughness_round_total_covers_pike_and_ranged_together_nse_a13():
    """NSE-A13 ``round_total``: a side that does not attack while its opponent does sends
    RNG and PIK in the same round; the attacker's TGH 3 comes off their sum once
    (6 + 6 - 3 = 9), not off each packet (3 + 3 = 6)."""
    tough = side("tough", "O4", "F6x2", "C6x3")  # ATK 4, MAL 1, MEL 6, TGH 3, MOR 11
    shooters = side("s", "O1", "F5x2", "C4x3")  # RNG 6, PIK 6, MOR 10
    per_packet = fight((tough, shooters), max_rounds=2)
    per_round = fight((tough, shooters), max_rounds=2, toughness_per="round_total")
    assert per_round.rounds[1].attacked == (True, False)
    hits = [h for h in per_round.rounds[1].hits if h.source == 1]
    assert [(h.kind, h.raw, h.tgh, h.dealt) for h in hits] == [
        ("ranged", 6, 3, 3),
        ("pike", 6, 0, 6),
    ]
    packet_hits = [h for h in per_packet.rounds[1].hits if h.source == 1]
    assert [(h.kind, h.dealt) for h in packet_hits] == [("ranged", 3), ("pike", 3)]
    assert per_packet.rounds[1].morale == (2, 4)
    assert per_round.rounds[1].morale == (0, 4) and per_round.winner == "s"


def test_side_toughness_is_the_toughest_unit():
    """NSE-A11: stats are summed over all units, but TGH is the toughest single unit's."""
    d = Side("d", (unit("O1", "R5", "C1"), unit("R5", "C1x2")))
    t = totals(d)
    assert (t.atk, t.tgh, t.mor) == (1, 2, 8)
    b = fight((side("a", "O2", "F1x2"), d))
    assert b.rounds[1].hits == (Hit(0, "charge", 4, 2, 2),)


def test_morale_break_at_exactly_zero_destroys_every_unit():
    """NSE-80, NSE-A11: MOR reaching exactly 0 loses; every unit of the side is destroyed."""
    foot = side("foot", "O2", "C3")  # ATK 2, MEL 2
    pair = Side("pair", (unit("O1"), unit("C1")))  # MOR 2 over two units
    b = fight((foot, pair))
    assert b.rounds[-1].number == 3 and b.rounds[-1].morale == (2, 0)
    assert b.final[1][1:] == (2, 0, 2, True, 2)
    assert report(b).endswith("pair is destroyed (2 units lost).\nfoot wins with morale 2.")


def test_stalemate_after_thirty_rounds():
    """NSE-A14: nobody deals damage; after 30 rounds the side with less MOR is destroyed,
    and the attacker on a tie."""
    b = fight((side("a", "O1", "C1"), side("b", "O1", "C1x2")))
    assert len(b.rounds) == 30 and b.rounds[-1].morale == (2, 4)
    assert (b.end, b.winner, b.final[0].destroyed, b.final[1].destroyed) == (
        "stalemate",
        "b",
        True,
        False,
    )
    tie = fight((side("a", "O1", "C1"), side("b", "O1", "C1")))
    assert (tie.winner, tie.final[0].morale, tie.final[0].destroyed) == ("b", 2, True)
    assert "Stalemate after 30 rounds (NSE-A14)." in report(tie)


def test_three_factions_in_order_with_morale_carried():
    """NSE-A15, NSE-A14: Y (prestige rank 2) attacks X (rank 1) first, the controller Z
    last. Y beats X on round 3 with 8 - 2 - 2 - 2 = 2 MOR, carries 2 into the fight with Z
    and breaks on round 3 to Z's PIK 2 (Z keeps 6 - 4 = 2). At full MOR Y would have won."""
    x = side("X", "O1", "C5", "C1", prestige=1)  # ATK 1, RNG 2, MOR 4
    y = side("Y", "O2", "C3x2", "C1x2", prestige=2)  # ATK 2, MEL 4, MOR 8
    z = side("Z", "O1", "C4", "C1x2", last=True)  # ATK 1, PIK 2, MOR 6
    chain = fight_many([z, x, y], random.Random(7))
    assert chain.order == ("Y", "X", "Z")
    first, second = chain.battles
    assert [r.morale for r in first.rounds] == [(6, 4), (4, 4), (2, 0)]
    assert first.rounds[2].hits == (Hit(0, "melee", 4, 0, 4), Hit(1, "ranged", 2, 0, 2))
    assert first.winner == "Y"
    assert second.totals[0].mor == 2
    assert [r.morale for r in second.rounds] == [(2, 6), (2, 6), (0, 2)]
    assert second.rounds[2].hits == (Hit(0, "melee", 4, 0, 4), Hit(1, "pike", 2, 0, 2))
    assert (chain.survivor, chain.morale, chain.destroyed) == ("Z", 2, ("X", "Y"))
    fresh = fight((y, z))
    assert (fresh.winner, fresh.final[0].morale) == ("Y", 4)


def test_chain_moves_on_when_both_are_destroyed():
    """NSE-A15: if both sides of a pairing are destroyed, the next side has no battle in
    that pairing and faces the side after it (here there is none: it survives at full MOR)."""
    w = side("W", "O2", "F1x2")
    v = side("V", "O1", "C4x2", nobles=1)
    u = side("U", "O1", "C1x3", nobles=2)
    chain = fight_many([u, v, w])
    assert chain.order == ("W", "V", "U")
    assert len(chain.battles) == 1 and chain.battles[0].winner is None
    assert (chain.survivor, chain.morale, chain.destroyed) == ("U", 6, ("W", "V"))


def test_battle_order():
    """NSE-A15, NSE-123, NSE-A43: Nobles ascending, ties lowest prestige first (rank 3
    before rank 1), the controller or neutral side last; otherwise the given order is
    kept."""
    s = [
        side("ctl", "O1", nobles=0, last=True),
        side("n2", "O1", nobles=2),
        side("p3", "O1", nobles=1, prestige=3),
        side("p1", "O1", nobles=1, prestige=1),
        side("a", "O1"),
        side("b", "O1"),
    ]
    assert [x.owner for x in battle_order(s)] == ["a", "b", "p3", "p1", "n2", "ctl"]


def test_neutral_garrison_defends_last():
    """NSE-A43, NSE-A15, NSE-76: the §4.8 Neutral Garrison totals ATK 1, PIK 10, MOR 22;
    it fights last as the defender. A Heavy Horse regiment (ATK 4, CHG 4, MOR 6) charges
    for 4 x 2 = 8 on round 2 and breaks on PIK 10."""
    neutral = SC.neutrals[0]
    garrison = Side("neutral", (unit(*(f"{c}x{n}" for c, n in neutral.companies)),), last=True)
    t = totals(garrison)
    assert tuple(t) == tuple(neutral.totals)
    assert dict(zip(STATS, t, strict=True))["PIK"] == 10
    horse = side("horse", "O2", "F2x2")  # ATK 4, CHG 4, MOR 6
    chain = fight_many([garrison, horse])
    (b,) = chain.battles
    assert b.sides[0].owner == "horse"
    assert b.rounds[-1].hits == (Hit(0, "charge", 8, 0, 8), Hit(1, "pike", 10, 0, 10))
    assert (chain.survivor, chain.morale) == ("neutral", 14)


def test_character_commander_replaces_officer():
    """NSE-A16, NSE-85: a Courtier (ATK 2) commanding Line Infantry fights exactly like the
    O2 regiment; an Officer company beside a character commander is refused."""
    courtier = Side("red", (unit("C3x2", commander_atk=2),))
    b = fight((courtier, side("blue", "O1", "C1x3")))
    assert totals(courtier).atk == 2
    assert [r.morale for r in b.rounds][-1] == (4, 0) and len(b.rounds) == 6
    with pytest.raises(ValueError, match="replaces the Officer"):
        totals(Side("x", (unit("O1", "C1", commander_atk=3),)))


def test_deterministic_rng_is_ignored_and_report_bbcode():
    """NSE-A12: no dice; the same sides give the same battle whatever the rng."""
    sides = (side("a", "O2", "F1x2", "C5"), side("b", "O1", "C4", "C1x3"))
    assert fight(sides, random.Random(1)) == fight(sides, random.Random(2)) == fight(sides)
    text = report(fight(sides), {"a": "Alba"}, bbcode=True)
    assert text.startswith("[b]Battle: Alba (attacker) against b[/b]")
    assert "[b]attacks[/b]" in text
