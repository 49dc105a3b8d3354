"""Re-dealing what a seat cannot know (``Noblesse.determinize``, for bots and search).

A player knows his own house, the public board (who holds each estate by faction, the
Nobles, the statuses, who is alive and done, the public post) and what his view and his
last private report tell him. Everything else is re-dealt, consistently:

1. **Identities.** A seat's role, and so its faction, is secret (NSE-111) unless the
   player knows it (``known_seats``): his own; his whole faction if he is its Faction
   Leader; the Faction Leader who opened a channel to him; his spouse; the seats his
   Messengers reached or whose Messengers reached him; the owners of the units his Spies
   reported; a Holy Office revelation; the target of his successful Knife in the Back.
   The other seats' *houses* are shuffled among those seats, each whole (role, faction,
   home, resources, court, posts, family, wounds, units, buildings, orders given at
   set-up), living with living and dead with dead (and, before Night 1, done with done:
   "done" means a set-up was sent). Every seat reference in the state (controllers,
   Stewards, Tax Collectors, unit owners, leaders, spouses, offers, ...) follows its
   house, so the world is a game that could be, with each faction's members, estates,
   Nobles and treaties unchanged. What belongs to the *seat* stays: its name, its
   alive and done flags, its lynch vote, and the offers made to or by the player.
2. **Resources** of every other living house are drawn afresh, uniformly from 0 to
   ``2 + 2 * nights`` (at most 20) of each: an uninformed prior.
3. **Units.** The player sees his own units, the neutral garrisons, the squares his
   Spies stand on or reported on last Night, and the squares where last Night's public
   post reports a battle: units there stay as they are. Every other unit keeps its id,
   owner house, kind and commander (the houses' family and courtier counts depend on
   them) but is put on a random square out of the player's sight: a Garrison on one of
   its faction's estates, another unit there or on an uncontrolled square next to one
   (its faction's home region if it holds no estate out of sight), within the stacking
   limit (NSE-69) and never beside another faction's unit (after a Night's battles
   enemies do not share a square). Its companies are re-drawn from plain catalogue
   designs; a mercenary keeps its public make-up.

Other seats' private reports, and the reports of battles the player did not fight, are
dropped. The moderator's record of what each faction did (``State.facts``, against
which breach reports and expiration clauses are checked, NSE-A23) keeps only the
player's faction's entries and those the public post announced (battles, estates
taken, Nobles created). Other seats' orders for this Day are dropped: they are sealed.

Not re-dealt: how many units each house fields, its court, posts, family and wounds
(they move with the house, so the player cannot tell whose they are); what earlier
Nights' reports told (the state keeps only the last Night's); others' set-ups before
Night 1. The result depends on the real state only through what the player knows, the
houses as a set and their unit counts: pools are sorted before they are shuffled, and
hidden units are drawn in id order. It costs 0.1 to 0.25 ms beyond the copy of the
state (8 to 12 players at Night 5).

>>> import random
>>> from bureau.games.noblesse.game import GAME
>>> state = GAME.new(8, seed=4, bots_only=True)
>>> world = determinize(state, 0, random.Random(1))
>>> GAME.view(world, 0) == GAME.view(state, 0)
True
>>> sorted(h.role for h in world.houses) == sorted(h.role for h in state.houses)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .actions import Setup
from .board import FREE_GARRISONS, STACK_LIMIT, neighbours
from .scenario import UNIT_SHAPES
from .state import NEUTRAL, SETUP, Control, State

SLOTS = ("Officer", "Centre", "Flank", "Reserve")  # UNIT_SHAPES order
TEMPLATES = 8  # plain make-ups drawn per unit kind
MAX_RES = 20
PUBLIC_FACTS = ("battle", "control")  # record kinds the public post announces
NOBLE = "create noble"  # an "action" fact the public post announces too
_CACHE: dict[int, tuple] = {}  # id(scenario) -> (scenario, templates, neighbours)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` that ``seat`` cannot tell from it, the rest re-dealt (module
    doc). Same state, seat and ``rng`` state give the same world."""
    world = state.clone()
    for other, h in enumerate(world.houses):
        if other != seat:
            h.orders = [o for o in h.orders if type(o) is Setup]
    if state.outcome is not None or not 0 <= seat < state.num_players:
        return world
    known = known_seats(state, seat)
    perm = deal_identities(state, known, rng)
    relabel(world, perm, seat)
    world.reports = [r if s == seat else [] for s, r in enumerate(world.reports)]
    world.battles = [b for b in world.battles if seat in b.seats]  # the others' reports
    fac = world.houses[seat].faction
    world.facts = [
        f
        for f in world.facts
        if f[2] == fac or f[1] in PUBLIC_FACTS or (f[1] == "action" and f[3] == NOBLE)
    ]
    _deal_resources(world, seat, rng)
    _deal_units(world, seat, rng)
    world.rng = random.Random(rng.getrandbits(64))  # chance to come is not foreseen
    return world


# -- identities ---------------------------------------------------------------------------------


def known_seats(state: State, seat: int) -> set[int]:
    """The seats whose identity ``seat`` knows (module doc, point 1).

    >>> from bureau.games.noblesse.game import GAME
    >>> state = GAME.new(8, seed=1, options={"roles": "1 2 4 5 7 8 10 11".split()})
    >>> sorted(known_seats(state, 0)), sorted(known_seats(state, 1))
    ([0, 1], [1])
    """
    h = state.houses[seat]
    known = {seat}
    if state.leaders[h.faction] == seat:  # NSE-111: the FL knows his players
        known |= {s for s, o in enumerate(state.houses) if o.faction == h.faction}
    known |= {s for s in (h.contacted, h.spouse, h.hostage_of) if s >= 0}
    known |= set(h.messengers)
    known |= {s for s, o in enumerate(state.houses) if seat in o.messengers}
    known |= {s for s, o in enumerate(state.houses) if o.hostage_of == seat}
    report = state.reports[seat] if state.reports else []
    for square in spied_squares(state, report):
        known |= {u.owner for u in state.units.values() if u.square == square}
    for other, name in enumerate(state.names):
        for line in report:
            if line.startswith((f"Holy Office: {name} is ", f"Knife in the Back on {name} at ")):
                known.add(other)
    known.discard(NEUTRAL)
    return known


def spied_squares(state: State, report: Iterable[str]) -> set[int]:
    """The squares the report's Spy lines describe (``night.spy_line``)."""
    out = set()
    for line in report:
        if line.startswith("Spy at ") and ":" in line:
            out.add(state.square(line[len("Spy at ") : line.index(":")]))
    return out


def deal_identities(state: State, known: set[int], rng: random.Random) -> list[int]:
    """``perm[seat]``: the seat the house now at ``seat`` goes to. Unknown seats are
    grouped by their public flags; each group's houses, in role order, are shuffled onto
    its seats in seat order."""
    groups: dict[tuple, list[int]] = {}
    setup = state.phase == SETUP
    for seat, h in enumerate(state.houses):
        if seat not in known:
            groups.setdefault((h.alive, setup and h.ready), []).append(seat)
    perm = list(range(state.num_players))
    for _, seats in sorted(groups.items()):
        houses = sorted(seats, key=lambda s: (state.houses[s].role, state.houses[s].faction))
        rng.shuffle(houses)
        for to, seat in zip(seats, houses, strict=True):
            perm[seat] = to
    return perm


def relabel(world: State, perm: list[int], seat: int) -> None:
    """Move every house from seat ``s`` to ``perm[s]`` and every seat reference with it;
    the seat's own public flags (ready, vote) and the player's offers stay."""
    if all(s == to for s, to in enumerate(perm)):
        return

    def m(other: int) -> int:
        return perm[other] if other >= 0 else other

    old = world.houses
    flags = [(h.ready, h.vote) for h in old]
    houses = old[:]
    for other, h in enumerate(old):
        h.spouse, h.hostage_of, h.contacted = m(h.spouse), m(h.hostage_of), m(h.contacted)
        if h.messengers:
            h.messengers = tuple(sorted(m(s) for s in h.messengers))
        houses[perm[other]] = h
    for other, h in enumerate(houses):
        h.ready, h.vote = flags[other]
    world.houses = houses
    world.leaders = [m(s) for s in world.leaders]
    world.successors = [m(s) for s in world.successors]
    world.officers = {name: m(s) for name, s in world.officers.items()}
    for u in world.units.values():
        if u.owner != NEUTRAL:
            u.owner = perm[u.owner]
    world.ctrl = {sq: Control(f, m(s)) for sq, (f, s) in world.ctrl.items()}
    world.stewards = {sq: perm[s] for sq, s in world.stewards.items()}
    world.tcs = {k: perm[s] for k, s in world.tcs.items()}
    world.lobbyists = {k: perm[s] for k, s in world.lobbyists.items()}
    for b in world.buildings.values():
        b.owner = perm[b.owner]
    world.ambush_immune = {sq: perm[s] for sq, s in world.ambush_immune.items()}
    world.owed = {perm[s]: v for s, v in world.owed.items()}
    world.marriage_offers = [
        o if seat in (o.by, o.to) else o._replace(by=m(o.by), to=m(o.to))
        for o in world.marriage_offers
    ]
    world.hostage_offers = [
        o if seat in (o.by, o.to) else o._replace(by=m(o.by), to=m(o.to))
        for o in world.hostage_offers
    ]
    world.battles = [b._replace(seats=tuple(sorted(m(s) for s in b.seats))) for b in world.battles]


# -- resources and units ------------------------------------------------------------------------


def _deal_resources(world: State, seat: int, rng: random.Random) -> None:
    top = min(MAX_RES, 2 + 2 * world.night) + 1
    for other, h in enumerate(world.houses):
        if other != seat and h.alive:
            h.res = [int(rng.random() * top) for _ in range(3)]


def _deal_units(world: State, seat: int, rng: random.Random) -> None:
    """Units out of the player's sight go to random squares of their faction (module doc,
    point 3), in id order; their companies are re-drawn. Every unit that stays is on a
    blocked square, so only the placed ones count for the stacking limit here."""
    seen = sight(world, seat)
    blocked = set(seen)
    hidden = []
    for u in world.units.values():
        if u.owner == NEUTRAL or u.owner == seat:
            blocked.add(u.square)
        elif u.square not in seen:
            hidden.append(u)
    if not hidden:
        return
    blocked |= {sq for sq, (_, s) in world.ctrl.items() if s == seat}
    blocked |= {sq for _, sq, _ in world.houses[seat].posts}
    hidden.sort(key=lambda u: u.id)
    templates, adjacent = _scenario_data(world)
    targets = _targets(world, blocked, adjacent)
    stacks: dict[int, list[int]] = {}  # square -> [faction, field units, Garrisons]
    for u in hidden:
        fac = world.houses[u.owner].faction
        spots = targets.get(fac) or _fallback(world, fac, blocked)
        garrison = u.kind == "Garrison"
        squares = spots[0] if garrison else spots[1]  # Garrisons never move
        u.square = u.origin = _place(stacks, fac, garrison, squares, rng)
        stack = stacks.setdefault(u.square, [fac, 0, 0])
        stack[1 + garrison] += 1
        makeups = templates.get((u.kind, 0 if u.commander else 1))
        if makeups and not u.merc:
            u.companies = makeups[int(rng.random() * len(makeups))]


def sight(world: State, seat: int) -> set[int]:
    """Squares whose units the player knows: his Spies', those his report describes, and
    the squares of last Night's battles (the public post names them)."""
    report = world.reports[seat] if world.reports else []
    seen = spied_squares(world, report)
    seen |= {sq for kind, sq, _ in world.houses[seat].posts if kind == "spy"}
    for line in world.post:
        if line.startswith("Battle at ") and ":" in line:
            seen.add(world.square(line[len("Battle at ") : line.index(":")]))
    return seen


def _targets(world: State, blocked: set[int], adjacent) -> dict[int, tuple[list, list]]:
    """Where a hidden unit of each faction may stand, out of sight: a Garrison on its
    faction's estates; another unit there or on an uncontrolled square next to one."""
    ctrl = world.ctrl
    estates: dict[int, list[int]] = {}
    near: dict[int, set[int]] = {}
    for sq, (f, _) in ctrl.items():
        if sq not in blocked:
            estates.setdefault(f, []).append(sq)
        room = near.setdefault(f, set())
        room.update(n for n in adjacent[sq] if n not in ctrl and n not in blocked)
    return {f: (sorted(e), sorted(near[f].union(e))) for f, e in estates.items()}


def _fallback(world: State, fac: int, blocked: set[int]) -> tuple[list, list]:
    """For a faction with no estate out of sight: its home region (NSE-07) off the
    victory squares, else any square out of sight."""
    sc = world.scenario
    (r0, c0), (r1, c1) = sc.factions[fac].home
    avoid = blocked | {world.square(v) for v in sc.victory}
    region = (r * sc.cols + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    squares = [sq for sq in region if sq not in avoid]
    squares = squares or [sq for sq in range(len(sc.estates)) if sq not in blocked]
    return squares, squares


def _place(stacks, fac: int, garrison: bool, squares: list[int], rng: random.Random) -> int:
    """A random square of ``squares`` with room under NSE-69 and no other faction's unit
    (at the end of a Night enemies do not share a square: they fought); the drawn one
    if none is."""
    start = int(rng.random() * len(squares))
    for i in range(len(squares)):
        square = squares[(start + i) % len(squares)]
        stack = stacks.get(square)
        if stack is None:
            return square
        if stack[0] == fac:
            garrisons = stack[2] + garrison
            if stack[1] + (not garrison) + max(0, garrisons - FREE_GARRISONS) <= STACK_LIMIT:
                return square
    return squares[start]


def _scenario_data(world: State) -> tuple[dict, tuple]:
    """Per scenario, once: the make-ups (``_templates``) and each square's neighbours."""
    sc = world.scenario
    cached = _CACHE.get(id(sc))
    if cached is None or cached[0] is not sc:
        adjacent = tuple(tuple(neighbours(world, sq)) for sq in range(len(sc.estates)))
        cached = _CACHE[id(sc)] = (sc, _templates(world), adjacent)
    return cached[1], cached[2]


def _templates(world: State) -> dict[tuple[str, int], list[tuple[str, ...]]]:
    """Per (unit kind, has an Officer company): ``TEMPLATES`` make-ups of plain catalogue
    companies (no unique, no colour), drawn from a fixed seed."""
    plain: dict[str, list[str]] = {slot: [] for slot in SLOTS}
    every: dict[str, list[str]] = {slot: [] for slot in SLOTS}
    for cid, design in sorted(world.designs.items()):
        every[design.slot].append(cid)
        if not design.limit and not design.colour:
            plain[design.slot].append(cid)
    plain = {slot: plain[slot] or every[slot] for slot in SLOTS}
    pick = random.Random(0)
    out: dict = {}
    for kind, shape in UNIT_SHAPES.items():
        for officer in (0, 1):
            want = (officer, *shape[1:])
            if any(n and not plain[slot] for slot, n in zip(SLOTS, want, strict=True)):
                out[kind, officer] = []  # the scenario cannot fill it: keep the real one
                continue
            out[kind, officer] = [
                tuple(
                    pick.choice(plain[slot])
                    for slot, n in zip(SLOTS, want, strict=True)
                    for _ in range(n)
                )
                for _ in range(TEMPLATES)
            ]
    return out
