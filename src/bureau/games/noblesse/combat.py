"""The Noblesse combat engine (rules section 1.7, NSE-65 to NSE-80; rulings NSE-A11 to
NSE-A18 and NSE-A43). Pure: plain data in, plain data out, no game state.

A battle is **deterministic**: the rules use no dice. ``fight`` and ``fight_many`` accept an
``rng`` argument only so that callers can pass one uniformly; it is never used, and the
result depends only on the sides.

The procedure is NSE-A12 verbatim. Round 0 is the ambush (NSE-78): each side takes the
opponent's AMB less its own TGH, unless it is immune. In each round r >= 1 a side adds
``max(1, ATK - opponent's MAL)`` to its running total (NSE-71, NSE-73) and attacks if the
total reaches 6. An attacking side sends MEL (NSE-74) and CHG x (total - 6) (NSE-75); a
side that does not attack sends RNG (NSE-77); a side whose opponent attacks also sends PIK
(NSE-76). Each packet loses the receiving side's TGH (NSE-79, NSE-A13); both sides take
their damage at once; attackers reset their total. With ``toughness_per="round_total"``
(NSE-A13's other setting) TGH comes off once from all a side takes in a round instead:
the round's packets use it up in the order they are listed, so each ``Hit`` still shows
the TGH it lost and the dealt damage adds up to max(0, sum - TGH). The ambush is one
packet either way. A side at MOR <= 0 has lost and all its
units are destroyed (NSE-80). After ``max_rounds`` (30, NSE-A14) the side with less MOR is
destroyed, the attacker on a tie.

Sides (NSE-A11): all units of one faction (or of allies) form one side; ATK, MAL, MEL,
CHG, PIK, RNG, AMB and MOR are summed over every company, but the side's TGH is that of
its toughest single unit.

Readings Bureau chose where the rules and rulings leave a detail open:

- Bureau reads "a commander's attack" (NSE-A16) as ``Unit.commander_atk``, added to the
  unit's ATK; a unit with a character commander lists no Officer company (its Officer is
  replaced), and a unit with ``commander_atk = 0`` relies on its Officer company's ATK.
  Any other bonus (faction, War Council, Arsenal, a Unique Officer's non-ATK stats) goes in
  ``Unit.extra``, one number per ``STATS``.
- Bureau reads "Morale reaches zero" (NSE-80) as MOR <= 0, and overkill as lost: a side's
  MOR never goes below 0, so its losses are at most the MOR it had.
- Bureau reads the ambush round as a battle round: if it takes a side to 0 the battle ends
  before round 1 (L164, "the battle can be over before it even starts"). A battle records
  a round 0 only when some side has AMB.
- Bureau reads a packet that TGH reduces to 0 as absorbed: it is recorded (with
  ``dealt = 0``) so the report can say so; a packet that is 0 before TGH is not recorded.
- Bureau reads pike and ranged as independent: a side that does not attack while its
  opponent attacks sends both its RNG and its PIK packets; when both sides attack in the
  same round both send PIK.
- Bureau reads a stalemate loser (NSE-A14) as destroyed with the MOR it had; the winner
  keeps its MOR.
- Bureau reads "the winner carries its MOR" (NSE-A15) as: only MOR carries; its running
  attack total starts again at 0 in the next battle and it may be ambushed again.
- Bureau reads the battle order (NSE-A15) as a stable sort on (fights last, Nobles,
  prestige), where a controller or neutral side fights last; pairs that would not fight
  (Open City, neutral with no request) depend on game state, so the caller leaves the
  skipped side out of ``fight_many``.
- Bureau reads the combat engine as not checking unit shapes or tiers (NSE-65, NSE-84):
  that is recruitment's job.

A tiny battle: Line Infantry under a Veteran Officer against a Militia regiment.

>>> from bureau.games.noblesse.scenario import load_scenario
>>> sc = load_scenario("house_default_v1")
>>> red = Side("red", (unit_of(sc, "1st Foot", [("O2", 1), ("C3", 2)]),))
>>> blue = Side("blue", (unit_of(sc, "Militia", [("O1", 1), ("C1", 3)]),))
>>> b = fight((red, blue))
>>> b.winner, b.final[0].morale, b.final[1].destroyed, len(b.rounds)
('red', 4, True, 6)
>>> print(report(b, {"red": "House Red", "blue": "House Blue"}))
Battle: House Red (attacker) against House Blue
House Red: ATK 2, MEL 4, MOR 4
House Blue: ATK 1, MOR 6
Round 1: House Red +2 = 2; House Blue +1 = 1.
Round 2: House Red +2 = 4; House Blue +1 = 2.
Round 3: House Red +2 = 6, attacks; House Blue +1 = 3.
  House Red melee 4 to House Blue
  Morale: House Red 4, House Blue 2
Round 4: House Red +2 = 2; House Blue +1 = 4.
Round 5: House Red +2 = 4; House Blue +1 = 5.
Round 6: House Red +2 = 6, attacks; House Blue +1 = 6, attacks.
  House Red melee 4 to House Blue
  Morale: House Red 4, House Blue 0
House Blue is destroyed (1 unit lost).
House Red wins with morale 4.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bureau.games.noblesse.scenario import STATS, Company, Scenario

__all__ = [
    "Battle",
    "Chain",
    "Hit",
    "Outcome",
    "Round",
    "Side",
    "Totals",
    "Unit",
    "battle_order",
    "fight",
    "fight_many",
    "report",
    "totals",
    "unit_of",
]

THRESHOLD = 6  # NSE-71: the running total at which a side attacks
MAX_ROUNDS = 30  # NSE-A14
# NSE-A13: TGH comes off each damage type's packet (the ruling), or once off a round's total
TOUGHNESS_PER = ("damage_type_packet", "round_total")
KINDS = ("ambush", "melee", "charge", "pike", "ranged")
_ATK, _MAL, _MEL, _CHG, _PIK, _RNG, _AMB, _MOR, _TGH = range(len(STATS))


class Unit(NamedTuple):
    """One unit: its companies, its character commander's ATK (0 when it has an Officer
    company instead, NSE-A16/A17) and any extra stats, one per ``STATS``."""

    name: str
    companies: tuple[Company, ...]
    commander_atk: int = 0
    extra: tuple[int, ...] = ()

    def stats(self) -> tuple[int, ...]:
        """The unit's summed stats, in ``STATS`` order (remembered: search bots fight the
        same units over and over, and a unit is an immutable value)."""
        return _summed_stats(self)


@functools.lru_cache(maxsize=20_000)
def _summed_stats(unit: Unit) -> tuple[int, ...]:
    acc = [0] * len(STATS)
    for comp in unit.companies:
        for i, v in enumerate(comp.stats):
            acc[i] += v
    for i, v in enumerate(unit.extra):
        acc[i] += v
    acc[_ATK] += unit.commander_atk
    return tuple(acc)


class Side(NamedTuple):
    """One side of a battle (NSE-A11). ``morale`` is its current MOR (None: full, the sum
    of its units'). ``nobles``, ``prestige`` (rank, 1 = most prestigious), ``last``
    (controller or neutral) order a
    multi-side battle (NSE-A15, NSE-A43); ``ambush_immune`` is Star Fortress / Star Walls."""

    owner: str
    units: tuple[Unit, ...]
    morale: int | None = None
    nobles: int = 0
    prestige: int = 0
    last: bool = False
    ambush_immune: bool = False


class Totals(NamedTuple):
    """A side's battle numbers: sums over its companies, except TGH (toughest unit)."""

    atk: int
    mal: int
    mel: int
    chg: int
    pik: int
    rng: int
    amb: int
    mor: int
    tgh: int


class Hit(NamedTuple):
    """One packet of damage: ``source`` side index hits the other side."""

    source: int
    kind: str
    raw: int
    tgh: int
    dealt: int


class Round(NamedTuple):
    """One round. ``number`` 0 is the ambush. ``inc`` is what each side added, ``total``
    its running total before any reset, ``attacked`` who attacked, ``hits`` the packets,
    ``morale`` each side's MOR after the round."""

    number: int
    inc: tuple[int, int]
    total: tuple[int, int]
    attacked: tuple[bool, bool]
    hits: tuple[Hit, ...]
    morale: tuple[int, int]


class Outcome(NamedTuple):
    """A side's final state: MOR at the start and the end, MOR lost, destroyed or not."""

    owner: str
    start: int
    morale: int
    lost: int
    destroyed: bool
    units_lost: int


class Battle(NamedTuple):
    """A resolved battle. ``winner`` is an owner or None if both sides were destroyed;
    ``end`` is ``"ambush"``, ``"morale"``, ``"both"`` or ``"stalemate"``."""

    sides: tuple[Side, Side]
    totals: tuple[Totals, Totals]
    rounds: tuple[Round, ...]
    final: tuple[Outcome, Outcome]
    winner: str | None
    end: str


class Chain(NamedTuple):
    """A multi-side battle (NSE-A15): the order, the battles, the last side standing (None
    if none) and its MOR, and the owners destroyed, in order."""

    order: tuple[str, ...]
    battles: tuple[Battle, ...]
    survivor: str | None
    morale: int
    destroyed: tuple[str, ...]


def unit_of(
    scenario: Scenario,
    name: str,
    companies: Iterable[tuple[str, int]],
    commander_atk: int = 0,
    extra: tuple[int, ...] = (),
) -> Unit:
    """A unit from catalogue ids and counts, e.g. ``[("O1", 1), ("C4", 5)]``."""
    comps = tuple(scenario.company(cid) for cid, n in companies for _ in range(n))
    return Unit(name, comps, commander_atk, extra)


def totals(side: Side) -> Totals:
    """A side's battle numbers (NSE-A11): summed stats, toughest unit's TGH."""
    if not side.units:
        raise ValueError(f"{side.owner}: a side needs at least one unit")
    acc = [0] * len(STATS)
    tgh = 0
    for unit in side.units:
        if unit.commander_atk and any(c.slot == "Officer" for c in unit.companies):
            raise ValueError(f"{unit.name}: a character commander replaces the Officer")
        st = unit.stats()
        for i, v in enumerate(st):
            acc[i] += v
        tgh = max(tgh, st[_TGH])
    mor = acc[_MOR] if side.morale is None else side.morale
    return Totals(
        acc[_ATK], acc[_MAL], acc[_MEL], acc[_CHG], acc[_PIK], acc[_RNG], acc[_AMB], mor, tgh
    )


def fight(
    sides: Sequence[Side],
    rng: random.Random | None = None,
    max_rounds: int = MAX_ROUNDS,
    toughness_per: str = TOUGHNESS_PER[0],
) -> Battle:
    """Resolve one battle between ``sides[0]`` (the attacker) and ``sides[1]`` (NSE-A12).

    ``rng`` is ignored: combat is deterministic. ``toughness_per`` is NSE-A13's setting
    (``TOUGHNESS_PER``).
    """
    del rng
    if len(sides) != 2:
        raise ValueError("a battle has exactly two sides")
    if toughness_per not in TOUGHNESS_PER:
        raise ValueError(f"toughness_per is one of {', '.join(TOUGHNESS_PER)}")
    per_round = toughness_per == "round_total"
    a, b = sides[0], sides[1]
    ta, tb = totals(a), totals(b)
    ma, mb = ta.mor, tb.mor
    rounds: list[Round] = []
    end = "morale"

    # Round 0: ambush (NSE-78), simultaneous, one packet each (NSE-A13).
    if ta.amb or tb.amb:
        hits: list[Hit] = []
        if ta.amb and not b.ambush_immune:
            hits.append(_hit(0, "ambush", ta.amb, tb.tgh))
        if tb.amb and not a.ambush_immune:
            hits.append(_hit(1, "ambush", tb.amb, ta.tgh))
        ma, mb = _apply(hits, ma, mb)
        rounds.append(Round(0, (0, 0), (0, 0), (False, False), tuple(hits), (ma, mb)))
        end = "ambush"

    inc_a = max(1, ta.atk - tb.mal)  # NSE-71, NSE-73
    inc_b = max(1, tb.atk - ta.mal)
    acc_a = acc_b = 0
    r = 0
    while ma > 0 and mb > 0:
        if r == max_rounds:
            end = "stalemate"
            break
        r += 1
        end = "morale"
        acc_a += inc_a
        acc_b += inc_b
        att_a, att_b = acc_a >= THRESHOLD, acc_b >= THRESHOLD
        hits = []
        _send(hits, 0, ta, tb.tgh, att_a, att_b, acc_a)
        if per_round:
            _once(hits, 0, tb.tgh)
        start = len(hits)
        _send(hits, 1, tb, ta.tgh, att_b, att_a, acc_b)
        if per_round:
            _once(hits, start, ta.tgh)
        ma, mb = _apply(hits, ma, mb)
        rounds.append(
            Round(r, (inc_a, inc_b), (acc_a, acc_b), (att_a, att_b), tuple(hits), (ma, mb))
        )
        if att_a:
            acc_a = 0
        if att_b:
            acc_b = 0

    if end == "stalemate":
        dead = (ma <= mb, mb < ma)  # NSE-A14: less MOR loses; the attacker on a tie
    else:
        dead = (ma <= 0, mb <= 0)
        if dead[0] and dead[1]:
            end = "both"
    final = (
        Outcome(a.owner, ta.mor, ma, ta.mor - ma, dead[0], len(a.units) if dead[0] else 0),
        Outcome(b.owner, tb.mor, mb, tb.mor - mb, dead[1], len(b.units) if dead[1] else 0),
    )
    winner = None if dead[0] and dead[1] else (b.owner if dead[0] else a.owner)
    return Battle((a, b), (ta, tb), tuple(rounds), final, winner, end)


def _hit(source: int, kind: str, raw: int, tgh: int) -> Hit:
    return Hit(source, kind, raw, tgh, raw - tgh if raw > tgh else 0)


def _send(
    hits: list[Hit], src: int, t: Totals, tgh: int, attacks: bool, attacked: bool, acc: int
) -> None:
    if attacks:
        if t.mel:
            hits.append(_hit(src, "melee", t.mel, tgh))
        excess = acc - THRESHOLD
        if t.chg and excess > 0:
            hits.append(_hit(src, "charge", t.chg * excess, tgh))
    elif t.rng:
        hits.append(_hit(src, "ranged", t.rng, tgh))
    if attacked and t.pik:
        hits.append(_hit(src, "pike", t.pik, tgh))


def _once(hits: list[Hit], start: int, tgh: int) -> None:
    """NSE-A13 ``round_total``: the packets from ``start`` on (one side's, this round)
    share one TGH, used up in order."""
    left = tgh
    for i in range(start, len(hits)):
        h = hits[i]
        used = h.raw if h.raw < left else left
        left -= used
        hits[i] = Hit(h.source, h.kind, h.raw, used, h.raw - used)


def _apply(hits: list[Hit], ma: int, mb: int) -> tuple[int, int]:
    da = db = 0
    for h in hits:
        if h.source:
            da += h.dealt
        else:
            db += h.dealt
    return max(0, ma - da), max(0, mb - db)


def battle_order(sides: Iterable[Side]) -> tuple[Side, ...]:
    """NSE-A15, NSE-123: Nobles ascending, ties lowest prestige first (``prestige`` is the
    scenario's rank, 1 the most prestigious, so the highest number goes first); a
    controller or neutral side (``last``) fights last. Stable: equal sides keep the order
    given."""
    return tuple(sorted(sides, key=lambda s: (s.last, s.nobles, -s.prestige)))


def fight_many(
    sides: Iterable[Side],
    rng: random.Random | None = None,
    max_rounds: int = MAX_ROUNDS,
    toughness_per: str = TOUGHNESS_PER[0],
) -> Chain:
    """A battle with several sides (NSE-A15): the first two in ``battle_order`` fight
    (the first attacks); the winner, with its remaining MOR, attacks the next side. If both
    are destroyed, the next side has no battle and faces the side after it."""
    order = battle_order(sides)
    owners = tuple(s.owner for s in order)
    if len(set(owners)) != len(owners):
        raise ValueError("each owner may appear once; merge allies into one side")
    battles: list[Battle] = []
    destroyed: list[str] = []
    champ: Side | None = None
    for side in order:
        if champ is None:
            champ = side
            continue
        battle = fight((champ, side), rng, max_rounds, toughness_per)
        battles.append(battle)
        destroyed.extend(o.owner for o in battle.final if o.destroyed)
        if battle.winner is None:
            champ = None
        else:
            won = 0 if battle.winner == champ.owner else 1
            champ = battle.sides[won]._replace(morale=battle.final[won].morale)
    morale = 0 if champ is None else totals(champ).mor
    return Chain(
        owners, tuple(battles), None if champ is None else champ.owner, morale, tuple(destroyed)
    )


def _stat_line(t: Totals) -> str:
    # Totals follows STATS order.
    return ", ".join(f"{s} {v}" for s, v in zip(STATS, t, strict=True) if v) or "nothing"


def report(battle: Battle, names: dict[str, str] | None = None, bbcode: bool = False) -> str:
    """The round-by-round report a moderator posts (plain text, or BBCode)."""
    names = names or {}
    nm = tuple(names.get(s.owner, s.owner) for s in battle.sides)

    def b(text: str) -> str:
        return f"[b]{text}[/b]" if bbcode else text

    lines = [b(f"Battle: {nm[0]} (attacker) against {nm[1]}")]
    for i in (0, 1):
        lines.append(f"{nm[i]}: {_stat_line(battle.totals[i])}")
    for rd in battle.rounds:
        if rd.number == 0:
            head = "Ambush:"
        else:
            bits = []
            for i in (0, 1):
                act = f", {b('attacks')}" if rd.attacked[i] else ""
                bits.append(f"{nm[i]} +{rd.inc[i]} = {rd.total[i]}{act}")
            head = f"Round {rd.number}: " + "; ".join(bits) + "."
        lines.append(head)
        for h in rd.hits:
            tgh = f" - TGH {h.tgh} = {h.dealt}" if h.tgh else ""
            note = " (absorbed)" if h.raw and not h.dealt else ""
            lines.append(f"  {nm[h.source]} {h.kind} {h.raw}{tgh} to {nm[1 - h.source]}{note}")
        if rd.hits:
            lines.append(f"  Morale: {nm[0]} {rd.morale[0]}, {nm[1]} {rd.morale[1]}")
    if battle.end == "stalemate":
        lines.append(f"Stalemate after {battle.rounds[-1].number} rounds (NSE-A14).")
    for i, o in enumerate(battle.final):
        if o.destroyed:
            units = "unit" if o.units_lost == 1 else "units"
            lines.append(f"{nm[i]} is destroyed ({o.units_lost} {units} lost).")
    if battle.winner is None:
        lines.append(b("No winner: both sides are destroyed."))
    else:
        w = 0 if battle.winner == battle.sides[0].owner else 1
        lines.append(b(f"{nm[w]} wins with morale {battle.final[w].morale}."))
    return "\n".join(lines)
