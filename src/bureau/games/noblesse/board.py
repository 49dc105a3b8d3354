"""The board: adjacency, who controls what, who may stand where, and units as the
combat engine sees them (NSE-65 .. NSE-85, NSE-A16, NSE-A36)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import combat
from .scenario import STATS, UNIT_SHAPES
from .state import BUILDINGS, NEUTRAL, State, Unit

_ATK, _MOR = STATS.index("ATK"), STATS.index("MOR")
STACK_LIMIT = 3  # NSE-69
FREE_GARRISONS = 2


def neighbours(state: State, square: int) -> list[int]:
    """Orthogonal neighbours (NSE-A02)."""
    cols, rows = state.scenario.cols, state.scenario.rows
    r, c = divmod(square, cols)
    out = []
    if r > 0:
        out.append(square - cols)
    if r < rows - 1:
        out.append(square + cols)
    if c > 0:
        out.append(square - 1)
    if c < cols - 1:
        out.append(square + 1)
    return out


def distance(state: State, a: int, b: int) -> int:
    cols = state.scenario.cols
    return abs(a // cols - b // cols) + abs(a % cols - b % cols)


def adjacent(state: State, a: int, b: int) -> bool:
    return distance(state, a, b) == 1


def controller(state: State, square: int) -> int:
    """The controlling faction of ``square``, or -1."""
    held = state.ctrl.get(square)
    return -1 if held is None else held.faction


def income_of(state: State, square: int) -> tuple[int, ...]:
    """Base income: the tile's, or the Home design (NSE-12)."""
    for h in state.houses:
        if h.home == square:
            return h.design
    return state.scenario.estates[square].income


def player_estates(state: State, seat: int) -> list[int]:
    return [sq for sq, (_, s) in state.ctrl.items() if s == seat]


def may_hold_more(state: State, seat: int) -> bool:
    """NSE-15 / NSE-46: the Home Estate, plus one more with an Heir (NSE-A30). The Home
    counts from the set-up that chooses it, before Night 1 makes it his (NSE-14)."""
    h = state.houses[seat]
    held = set(player_estates(state, seat)) | ({h.home} if h.home >= 0 else set())
    allowed = 1 + (1 if h.heir in ("home", "field") else 0)
    return len(held) < allowed


def stacked(kinds: Sequence[str]) -> int:
    """NSE-69's count of units of these kinds: the first two Garrisons are free."""
    garrisons = sum(1 for k in kinds if k == "Garrison")
    return len(kinds) - garrisons + max(0, garrisons - FREE_GARRISONS)


def stack_count(state: State, square: int, faction: int, extra: Sequence[Unit] = ()) -> int:
    """Units of ``faction`` on ``square`` that count for NSE-69 (the first two Garrisons
    do not)."""
    garrisons = others = 0
    for u in [*state.units_at(square), *extra]:
        if u.owner != NEUTRAL and state.faction_of(u.owner) == faction:
            if u.kind == "Garrison":
                garrisons += 1
            else:
                others += 1
    return others + max(0, garrisons - FREE_GARRISONS)


def tiers(state: State, spec: tuple) -> int:
    """Company tiers of a design, the Officer company not counted under a character
    commander (NSE-85)."""
    designs = state.designs
    return sum(designs[cid].tier * n for cid, n in spec[3])


BASE_COST = {"Regiment": 2, "Brigade": 3, "Division": 4, "Garrison": 2}  # NSE-82, in MP


def recruit_cost(state: State, spec: tuple) -> int:
    """NSE-82: base price plus ceil(tiers / 10) MP."""
    return BASE_COST[spec[0]] + -(-tiers(state, spec) // 10)


def shape_problem(state: State, spec: tuple) -> str:
    """Why a design does not fill its unit (NSE-65, NSE-84), or ``""``."""
    kind, leader, _, comps = spec
    designs = state.designs
    counts = [0, 0, 0, 0]
    slots = ("Officer", "Centre", "Flank", "Reserve")
    for cid, n in comps:
        if cid not in designs:
            return f"{cid} is no company design (the catalogue: {', '.join(sorted(designs))})"
        counts[slots.index(designs[cid].slot)] += n
    want = list(UNIT_SHAPES[kind])
    if leader:
        want[0] = 0  # a character commander replaces the Officer company (NSE-A16)
    if counts != want:
        need = ", ".join(f"{s} {n}" for s, n in zip(slots, want, strict=True) if n)
        have = ", ".join(f"{s} {n}" for s, n in zip(slots, counts, strict=True) if n)
        return f"a {kind} needs {need}; this design has {have or 'nothing'} (NSE-84)"
    return ""


def coloured(state: State, companies: Iterable[str]) -> int:
    designs = state.designs
    return sum(1 for cid in companies if designs[cid].colour)


# -- units in battle ---------------------------------------------------------------------------


def has_core(state: State, seat: int, effect: str):
    """The role's special core of ``seat`` if it is ``effect``, else None."""
    if seat == NEUTRAL:
        return None
    core = state.scenario.roles[state.houses[seat].role - 1].core
    return core if core.effect == effect else None


def active_count(state: State, seat: int, name: str) -> int:
    """How many finished, staffed buildings ``name`` not under Arson ``seat`` owns
    (NSE-A26)."""
    if not state.buildings:  # the common case, and a search asks often
        return 0
    need = BUILDINGS[name][2]
    return sum(
        1
        for (sq, bname), b in state.buildings.items()
        if bname == name and b.owner == seat and b.finished and b.staff >= need
        and (sq, bname) not in state.arsoned
    )  # fmt: skip


def active_building(state: State, seat: int, name: str) -> bool:
    """Does ``seat`` own an active building ``name``? Effects of one type do not stack."""
    return active_count(state, seat, name) > 0


def commander_atk(state: State, unit: Unit) -> int:
    """NSE-A16 with the role cores that change it."""
    kind, seat = unit.commander, unit.owner
    if kind == "":
        return 0
    if kind == "basic":
        return 1
    if kind == "officer":  # its stats are added as extras; the Marechal's bonus applies
        core = has_core(state, seat, "appointed_commander_atk_bonus")
        return core.param("amount") if core else 0
    atk = {"courtier": 2, "pc": 3, "heir": 3, "noble": 2}[kind]
    if kind == "courtier" and (core := has_core(state, seat, "courtier_commander_atk")):
        atk = core.param("atk")
    if kind == "noble":
        fac = state.faction_of(seat)
        for s, h in enumerate(state.houses):
            core = has_core(state, s, "noble_commander_atk")
            if h.alive and h.faction == fac and core:
                atk = max(atk, core.param("atk"))
    if kind != "basic" and (core := has_core(state, seat, "appointed_commander_atk_bonus")):
        atk += core.param("amount")
    return atk


def battle_unit(state: State, unit: Unit) -> combat.Unit:
    """A unit as ``combat`` sees it, with commander and building/role bonuses."""
    designs = state.designs
    comps = tuple(designs[c] for c in unit.companies)
    extra = [0] * len(STATS)
    seat = unit.owner
    if unit.commander == "officer":
        for f in state.scenario.factions:
            for o in f.officers:
                if o.name == unit.leader:
                    extra = list(o.stats)
    if seat != NEUTRAL:
        fac = state.houses[seat].faction
        if active_building(state, seat, "war council"):
            for i, v in enumerate(state.scenario.factions[fac].war_council):
                extra[i] += v
        if unit.kind == "Garrison":
            if core := has_core(state, seat, "garrison_mor_bonus"):
                extra[_MOR] += core.param("amount")
            if active_building(state, seat, "arsenal") and controller(state, unit.square) == fac:
                extra[_MOR] += 15
    return combat.Unit(unit.label, comps, commander_atk(state, unit), tuple(extra))


def ambush_immune(state: State, unit: Unit) -> bool:
    """Star Fortress on the Home Estate (NSE-30), or Star Walls (role 11)."""
    seat = unit.owner
    if seat == NEUTRAL:
        return False
    h = state.houses[seat]
    if unit.square == h.home and active_building(state, seat, "star fortress"):
        return True
    walls = state.ambush_immune.get(unit.square)  # "your units" (§4.3, role 11)
    return walls == seat and controller(state, unit.square) == h.faction


def recruit_site(state: State, seat: int, square: int) -> bool:
    """NSE-A19: Home, a player-controlled estate, or a faction estate with your Steward."""
    h = state.houses[seat]
    held = state.ctrl.get(square)
    if square == h.home:
        return True
    if held is None:
        return False
    if held.seat == seat:
        return True
    return held.faction == h.faction and held.seat == -1 and state.stewards.get(square) == seat


def unique_problem(
    state: State, seat: int, companies: Sequence[str], units: Iterable[Unit] | None = None
) -> str:
    """NSE-08 / NSE-A18: unique designs only for their role, while chosen, within count
    (``units``: those already fielded, by default every unit on the board)."""
    h = state.houses[seat]
    role = state.scenario.roles[h.role - 1]
    for cid in set(companies):
        design = state.designs[cid]
        if not design.limit:
            continue
        if design not in role.uniques:
            return f"{cid} ({design.name}) is another role's unique company"
        if h.skipped == 4:
            return f"you did not choose {design.name} at setup (NSE-08)"
        fielded = sum(
            1
            for u in (state.units.values() if units is None else units)
            if u.owner == seat
            for c in u.companies
            if c == cid
        )
        if fielded + companies.count(cid) > design.limit:
            return f"{design.name} may be fielded {design.limit} times in all"
    return ""
