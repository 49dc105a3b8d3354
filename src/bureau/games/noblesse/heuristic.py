"""Noblesse's heuristic bot, its position evaluator and its end-of-game statistics.

The bot plays the way a forum player who knows the house scenario would:

- **Set-up.** Home on the square of its range nearest the centre, an income split
  Inf 2, MP 3 that Tax Collectors and Lobbyists on the Home Estate turn into 4 Inf
  and 5 MP a Night from Night 1, and a starting Regiment of archers and crossbowmen
  (ranged fire every round it does not charge), the one unit in the 5 MP budget
  that beats a victory square's neutral Garrison without loss.
- **The centre.** Units march on the nearest victory square its faction and its ally
  do not hold, a Steward follows each unit onto the square it takes, a ranged
  Garrison is raised on every victory square held (so the field units move on), and
  more MP buys the biggest ranged unit it can pay for, raised as near the centre as
  the rules allow (NSE-A19).
- **Nobles.** Influence goes to Create Noble (or a cheaper Noble-making ability) on
  its Stewards' estates: the Dynastic Victory is the other road.
- **Deals.** A Faction Leader offers an alliance to the strongest faction that is not
  running away with the game, signs an offered treaty when what it gains (an ally, a
  truce, payments) outweighs what it gives and the other side is not the leader, and
  accepts marriages and hostage exchanges except from the leading faction.

It plans a whole Day at once, from what its seat knows (its own units, the public
control of the board and the neutral garrisons), and then hands the orders out one per
decision, each checked against the rules first.

>>> import bureau
>>> from bureau.bots import make
>>> game = bureau.load("noblesse")
>>> state = game.new(8, seed=3, bots_only=True)
>>> bot = make("heuristic", game, seat=0, seed=3)
>>> str(bot.act(state)).startswith("setup ")
True
>>> shares = evaluate(state)
>>> len(shares), round(sum(shares), 9)
(8, 1.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence

from bureau.engine import IllegalAction, OptionError
from bureau.engine.bot import Bot

from . import board, combat, effects, rules, treaties
from .actions import (
    NIGHT_ORDERS,
    Answer,
    Choose,
    CreateHeir,
    CreateNoble,
    Done,
    Levy,
    Lobbyist,
    Marry,
    Move,
    Order,
    Pay,
    Propose,
    Recall,
    Recruit,
    Reject,
    Setup,
    Sign,
    Spec,
    Steward,
    TaxCollector,
    Use,
)
from .moves import STARTERS
from .scenario import STATS, UNIT_SHAPES
from .state import (
    INF,
    MONEY,
    MP,
    NEUTRAL,
    RES_NAMES,
    SETUP,
    HostageOffer,
    Marriage,
    Proposal,
    State,
    Unit,
)

HOME_SPLIT = (2, 3, 0)  # Inf, MP, $: TC + Lobbyist on each gives 4 Inf and 5 MP a Night
# A style is how many of a seat's field units march on the centre (the others claim
# estates for Stewards and Nobles); "default" is the bot's own play. A search bot picks
# one per Day (ISMCTS ``styles=on``); ``heuristic:style=NAME`` plays one throughout.
STYLES = {"default": 3, "estates": 1, "dynastic": 0, "centre": 99}
LEAD_RATIO = 1.5  # a faction this many times our share is "the leader" in deals
TEMPERATURE = 3.0  # softmax sharpness of ``evaluate``
SLOTS = ("Officer", "Centre", "Flank", "Reserve")  # UNIT_SHAPES order
_RNG, _TGH, _MOR = STATS.index("RNG"), STATS.index("TGH"), STATS.index("MOR")
_CACHE: dict[int, tuple] = {}  # id(scenario) -> (scenario, its designs and victory squares)


class HeuristicBot(Bot):
    """Takes and holds the centre with ranged units, makes Nobles, allies sensibly.

    ``strict`` re-raises a failure of its own planning instead of falling back to a
    legal action (the tests set it, so a bug cannot hide behind the fallback).
    """

    name = "heuristic"
    strict = False
    styles = tuple(STYLES)

    def __init__(self, game, seat: int, seed: int = 0, style: str = "default"):
        super().__init__(game, seat, seed)
        self.style = _checked_style(style)
        self._key: tuple = ()
        self._plan: list[Order] = []
        self._next = 0
        self._expect = -1  # the length of our order list the plan expects next

    @classmethod
    def configure(cls, params: dict[str, str]) -> dict:
        """Keyword arguments from a spec's parameters: ``heuristic:style=estates``.

        >>> HeuristicBot.configure({"style": "dynastic"})
        {'style': 'dynastic'}
        """
        unknown = set(params) - {"style"}
        if unknown:
            raise OptionError(f"heuristic has no parameter {min(unknown)!r}; it takes style")
        return {"style": _checked_style(params["style"])}

    def forget(self) -> None:
        """Plan the next decision afresh: the Day's plan was made in another world."""
        self._key, self._plan, self._next, self._expect = (), [], 0, -1

    def choose(self, state: State):
        try:
            return self._choose(state)
        except Exception:
            if self.strict:
                raise
            return self._fallback(state)

    def _fallback(self, state: State):
        legal = self.game.legal_actions(state, self.seat)
        done = Done()
        if done in legal:
            return done
        return legal[0] if legal else self.game.sample_action(state, self.seat, self.rng)

    def _choose(self, state: State):
        seat = self.seat
        h = state.houses[seat]
        if state.phase == SETUP and not rules.has_setup(h):
            return setup_order(state, seat)
        key = (state.night, state.phase)
        if key != self._key or len(h.orders) != self._expect:
            self._key, self._next = key, 0
            self._plan = plan_day(state, seat, STYLES[self.style])
        while self._next < len(self._plan):
            order = self._plan[self._next]
            self._next += 1
            if type(order) in NIGHT_ORDERS and order in h.orders:
                continue
            if allowed(state, seat, order):
                self._expect = len(h.orders) + (type(order) in NIGHT_ORDERS)
                return order
        self._expect = len(h.orders)
        return Done()


def _checked_style(name: str) -> str:
    """``name``, if it is a style; else an ``OptionError`` that names the styles."""
    if name not in STYLES:
        raise OptionError(f"heuristic style={name!r}: one of {', '.join(STYLES)}")
    return name


def allowed(state: State, seat: int, order: Order) -> bool:
    """Would ``order`` be accepted?"""
    try:
        rules.check(state, seat, order)
    except (IllegalAction, ValueError):
        return False
    return True


# -- the scenario's designs -------------------------------------------------------------------


def scenario_facts(state: State) -> dict:
    """Unit designs and victory squares, worked out once per scenario."""
    scenario = state.scenario
    entry = _CACHE.get(id(scenario))
    if entry is None or entry[0] is not scenario:
        facts = {
            "victory": tuple(state.square(v) for v in state.scenario.victory),
            "victory_set": frozenset(state.square(v) for v in state.scenario.victory),
            "designs": {kind: _ranged_design(state, kind) for kind in UNIT_SHAPES},
        }
        entry = _CACHE[id(scenario)] = (scenario, facts)
    return entry[1]


def _ranged_design(state: State, kind: str):
    """The unit ``kind`` filled with the catalogue's best shooting, toughest company of
    each slot (archers, crossbowmen, engineers in the house scenario) under the
    cheapest Officer company: it fires every round it does not charge, and a low ATK
    keeps it from charging into pikes."""
    best: dict[str, tuple] = {}
    for cid, c in sorted(state.designs.items()):
        if c.limit or c.colour:
            continue
        score: tuple[int, ...]
        if c.slot == "Officer":
            score = (-c.tier,)
        else:
            s = c.stats
            score = (3 * s[_RNG] + 3 * s[_TGH] + s[_MOR], -c.tier)
        if c.slot not in best or score > best[c.slot][0]:
            best[c.slot] = (score, cid)
    comps = []
    for slot, count in zip(SLOTS, UNIT_SHAPES[kind], strict=True):
        if count:
            if slot not in best:
                return None
            comps.append((best[slot][1], count))
    return Spec(kind, "", "", tuple(comps))


# -- set-up -----------------------------------------------------------------------------------


def setup_order(state: State, seat: int) -> Order:
    """The Home Estate nearest the centre that is free, the ``HOME_SPLIT`` income, every
    ability kept, and the ranged Regiment if the budget allows (else the Bureau's own
    starting unit)."""
    facts = scenario_facts(state)
    h = state.houses[seat]
    (r0, c0), (r1, c1) = state.scenario.factions[h.faction].home
    cols = state.scenario.cols
    squares = [r * cols + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
    squares.sort(key=lambda sq: (_to_centre(state, facts, sq), sq))
    units = [d for d in (facts["designs"]["Regiment"],) if d] + list(STARTERS)
    for sq in squares:
        for spec in units:
            order = Setup(state.label(sq), HOME_SPLIT, "uniques", spec)
            if allowed(state, seat, order):
                return order
    return rules.default_setups(state)[seat][1] or Done()


def _to_centre(state: State, facts, sq: int) -> int:
    return min(board.distance(state, sq, v) for v in facts["victory"])


# -- the Day's plan ---------------------------------------------------------------------------


class Planner:
    """One seat's orders for one Day, with the courtiers and resources they use up."""

    __slots__ = (
        "_reserve",
        "_targets",
        "ally",
        "attackers",
        "court",
        "fac",
        "facts",
        "h",
        "orders",
        "res",
        "seat",
        "st",
        "victory",
    )

    def __init__(self, state: State, seat: int, attackers: int = STYLES["default"]):
        self.st = state
        self.seat = seat
        self.attackers = attackers
        self.h = state.houses[seat]
        self.fac = self.h.faction
        self.ally = state.ally_of(self.fac)
        self.facts = scenario_facts(state)
        self.victory = self.facts["victory"]
        self.court = self.h.court - rules.courtiers_needed(state, self.h.orders)
        self.res = list(self.h.res)
        self.orders: list[Order] = []
        self._reserve = -1
        self._targets: list[int] | None = None

    def add(self, order: Order, courtiers: int = 0) -> bool:
        """Plan ``order`` if ``courtiers`` are left for it (one already given counts as
        planned, and its courtiers are already counted)."""
        if type(order) in NIGHT_ORDERS and order in self.h.orders:
            return True
        if courtiers > self.court:
            return False
        self.court -= courtiers
        self.orders.append(order)
        return True

    def reserve(self) -> int:
        """Courtiers to keep for an Envoy and for Stewards on the victory squares still
        to take that all our field units together could win now: where they could not,
        the courtiers go to estates and Nobles instead (the Dynastic road)."""
        if self._reserve < 0:
            field = [u for u in _mine(self.st, self.seat) if u.kind != "Garrison"]
            takeable = [sq for sq in self.targets() if wins(self.st, field, sq, self.friendly)]
            self._reserve = len(takeable) + 1
        return self._reserve

    def holder(self, sq: int) -> int:
        return self.st.ctrl.get(sq, (-1,))[0]

    def friendly(self, f: int) -> bool:
        return f >= 0 and f in (self.fac, self.ally)

    def targets(self) -> list[int]:
        """Victory squares neither we nor our ally hold; with an ally, only those nearer
        our home region than its (both sides work out the same split, so allied units
        never share a square, where neither could place a Steward: NSE-16)."""
        if self._targets is None:
            free = [sq for sq in self.victory if not self.friendly(self.holder(sq))]
            if self.ally >= 0:
                free = [sq for sq in free if _nearer(self.st, sq, self.fac, self.ally)]
            self._targets = free
        return list(self._targets)


def _nearer(st: State, sq: int, mine: int, other: int) -> bool:
    """Is ``sq`` nearer faction ``mine``'s home region than ``other``'s (ties: the
    lower faction number)?"""
    r, c = divmod(sq, st.scenario.cols)
    dist = []
    for f in (mine, other):
        (r0, c0), (r1, c1) = st.scenario.factions[f].home
        dist.append(abs(2 * r - r0 - r1) + abs(2 * c - c0 - c1))
    return (dist[0], mine) < (dist[1], other)


def plan_day(state: State, seat: int, attackers: int = STYLES["default"]) -> list[Order]:
    """Every order ``seat`` means to give this Day, in the order to give them, with up to
    ``attackers`` field units marching on the centre."""
    p = Planner(state, seat, attackers)
    answer_offers(p)
    if state.leaders[p.fac] == seat:
        diplomacy_orders(p)
    if state.phase == SETUP:
        home_posts(p)
        return p.orders
    ends = move_units(p)
    stewards(p, [sq for sq in ends if sq in p.victory])
    recruit_units(p)
    home_posts(p)
    stewards(p, [sq for sq in ends if sq not in p.victory])
    make_nobles(p)
    family(p)
    if state.leaders[p.fac] == seat:
        share_money(p)
    core_choice(p)
    return p.orders


def _mine(st: State, seat: int) -> list:
    return sorted((u for u in st.units.values() if u.owner == seat), key=lambda u: u.id)


def move_units(p: Planner) -> set[int]:
    """Hold each victory square we have with one unit, march up to ``p.attackers`` units on
    the nearest square still to take, and send the rest to claim estates for Stewards
    and Nobles. Attackers gather next to their square and go in together once the
    battle engine says they win. Returns the squares our units end the move on."""
    st = p.st
    targets = p.targets()
    held = {sq for sq in p.victory if p.holder(sq) == p.fac}
    guarded: set[int] = set()
    ends: set[int] = set()
    occupied: dict[int, int] = {}
    units = _mine(st, p.seat)
    for u in units:
        if u.kind != "Garrison":
            occupied[u.square] = occupied.get(u.square, 0) + 1
    units.sort(key=lambda u: (u.kind != "Garrison", -len(u.companies), u.id))
    groups: dict[int, list] = {}
    claimed: set[int] = set()
    limit = p.attackers if p.court > p.reserve() else len(units)
    for u in units:
        if u.kind == "Garrison" or (u.square in held and u.square not in guarded):
            guarded.add(u.square)
            ends.add(u.square)
        elif targets and sum(map(len, groups.values())) < limit:
            groups.setdefault(_goal(st, u.square, targets), []).append(u)
        else:
            goal = _claim(p, u.square, claimed)
            claimed.add(goal)
            ends.add(_march(p, u, goal, occupied))
    for goal, group in groups.items():
        near = [u for u in group if board.distance(st, u.square, goal) <= 1]
        go = bool(near) and wins(st, near, goal, p.friendly)
        for u in group:
            ends.add(_march(p, u, goal, occupied, 0 if go and u in near else 1))
    return ends


def wins(st: State, units: Sequence[Unit], square: int, friendly: Callable[[int], bool]) -> bool:
    """Would ``units`` together beat what stands on ``square`` against them (its neutral
    garrison, or what battle reports there have shown)? Asked of the battle engine,
    which has no dice; the holder fights last, as defender (NSE-A15)."""
    theirs = [
        u
        for u in st.units_at(square)
        if u.owner == NEUTRAL or not friendly(st.houses[u.owner].faction)
    ]
    if not theirs:
        return True
    if not units:
        return False
    ours = tuple(board.battle_unit(st, u) for u in units)
    them = tuple(board.battle_unit(st, u) for u in theirs)
    toughness = st.options.get("toughness_per", combat.TOUGHNESS_PER[0])
    return _won(ours, them, st.setting("max_rounds"), toughness)


@functools.lru_cache(maxsize=20_000)
def _won(ours: tuple, them: tuple, max_rounds: int, toughness_per: str) -> bool:
    """Does side "us" win this battle? Remembered: the battle engine has no dice."""
    sides = (combat.Side("us", ours), combat.Side("them", them, last=True))
    return combat.fight(sides, max_rounds=max_rounds, toughness_per=toughness_per).winner == "us"


def _goal(st: State, here: int, squares) -> int:
    return min(squares, key=lambda sq: (board.distance(st, here, sq), sq))


def _claim(p: Planner, here: int, claimed: set[int]) -> int:
    """The nearest estate worth a Steward: not ours or our ally's, no Home Estate, not a
    victory square, not claimed by another unit this Day, and near our Home Estate
    (safe for a Noble)."""
    st = p.st
    homes = {h.home for h in st.houses if h.alive}
    best, score = here, None
    for sq in range(len(st.scenario.estates)):
        if sq in homes or sq in claimed or sq in p.victory or p.friendly(p.holder(sq)):
            continue
        s = (board.distance(st, here, sq) + board.distance(st, p.h.home, sq), sq)
        if score is None or s < score:
            best, score = sq, s
    return best


def _march(p: Planner, unit, goal: int, occupied: dict[int, int], stop: int = 0) -> int:
    """Order ``unit`` toward ``goal``, to ``stop`` squares from it; returns where it
    ends."""
    path = _path(p, unit, goal, occupied, stop)
    if not path:
        return unit.square
    occupied[unit.square] -= 1
    occupied[path[-1]] = occupied.get(path[-1], 0) + 1
    p.add(Move(unit.id, tuple(p.st.label(sq) for sq in path)))
    return path[-1]


def _path(p: Planner, unit, goal: int, occupied: dict[int, int], stop: int = 0) -> list[int]:
    """One step toward ``goal`` (two for a recruit's first move), no nearer than
    ``stop``, avoiding others' Home Estates, which cannot be taken, and squares our
    units already fill (NSE-69)."""
    st = p.st
    homes = {h.home for h in st.houses if h.alive and h.faction != p.fac}
    steps = 2 if unit.fresh else 1
    path, here = [], unit.square
    for _ in range(steps):
        if board.distance(st, here, goal) <= stop:
            break
        options = [
            sq
            for sq in board.neighbours(st, here)
            if board.distance(st, sq, goal) < board.distance(st, here, goal)
            and occupied.get(sq, 0) < board.STACK_LIMIT
        ]
        options.sort(key=lambda sq: (sq in homes and sq != goal, sq))
        if not options:
            break
        here = options[0]
        path.append(here)
    return path


def recruit_units(p: Planner) -> None:
    """A Garrison for every victory square we hold with our Steward and no Garrison of
    ours, then the biggest ranged units MP buys (a Regiment only while no unit is out,
    a Brigade while fewer than two are: it saves for a bigger one), raised where they
    are nearest the squares to take. A recruiting ability goes first: it waives the
    unit's cost."""
    st, designs = p.st, p.facts["designs"]
    mine = _mine(st, p.seat)
    garrisoned = {u.square for u in mine if u.kind == "Garrison"}
    posts = [
        sq
        for sq in p.victory
        if p.holder(sq) == p.fac and st.stewards.get(sq) == p.seat and sq not in garrisoned
    ]
    targets = p.targets() or list(p.victory)
    sites = _sites(p)
    sites.sort(key=lambda sq: (min(board.distance(st, sq, t) for t in targets), sq))
    posts = ability_recruits(p, posts, sites)
    for sq in posts:
        if designs["Garrison"]:
            _recruit(p, designs["Garrison"], sq)
    mobile = sum(1 for u in mine if u.kind != "Garrison")
    for kind, most in (("Division", 99), ("Brigade", 2), ("Regiment", 1)):
        spec = designs[kind]
        if spec is None or mobile >= most:
            continue
        while any(_recruit(p, spec, sq) for sq in sites):
            mobile += 1


def ability_recruits(p: Planner, posts: list[int], sites: list[int]) -> list[int]:
    """Recruiting abilities (Royal Host, Levée en masse, Fortify, Militia Call) raise
    ranged units free of their own cost whenever the price is in hand: Garrisons on the
    victory squares in ``posts``, field units on the first site of ``sites`` with room.
    Returns the posts still without a Garrison."""
    st = p.st
    posts = list(posts)
    for ability in _abilities(p, "recruit"):
        kind, count = ability.param("unit"), ability.param("count")
        spec = p.facts["designs"].get(kind)
        r = effects.RES_INDEX[ability.resource]
        if spec is None or p.res[r] < ability.cost or not p.court:
            continue
        if kind == "Garrison":
            where = posts[:count]
        else:
            room = [sq for sq in sites if _stack(p, sq, kind) + count - 1 <= board.STACK_LIMIT]
            where = room[:1] * count
        if len(where) != count:
            continue
        levies = tuple(Levy(spec, st.label(sq)) for sq in where)
        if p.add(Use(ability.name, levies), 1):
            p.res[r] -= ability.cost
            posts = [sq for sq in posts if sq not in where]
    return posts


def _sites(p: Planner) -> list[int]:
    """Where we may raise units (NSE-A19): home, and our faction's estates with our
    Steward."""
    st = p.st
    out = [p.h.home]
    for sq, s in st.stewards.items():
        if s == p.seat and st.ctrl.get(sq) == (p.fac, -1):
            out.append(sq)
    return out


def _recruit(p: Planner, spec, sq: int) -> bool:
    st = p.st
    cost = board.recruit_cost(st, spec)
    if p.res[MP] < cost or _stack(p, sq, spec[0]) > board.STACK_LIMIT:
        return False
    p.res[MP] -= cost
    return p.add(Recruit(spec, st.label(sq)))


def _stack(p: Planner, sq: int, kind: str) -> int:
    """Our units that would count for stacking on ``sq`` with one more ``kind``
    (recruits already ordered included)."""
    st = p.st
    kinds = [u.kind for u in st.units.values() if u.owner == p.seat and u.square == sq]
    label = st.label(sq)
    kinds += [o.spec.kind for o in (*p.h.orders, *p.orders)
              if type(o) is Recruit and o.square == label]  # fmt: skip
    kinds.append(kind)
    return board.stacked(kinds)


def _abilities(p: Planner, effect: str) -> list:
    role = p.st.scenario.roles[p.h.role - 1]
    return [a for i, a in enumerate(role.abilities, 1) if a.effect == effect and i != p.h.skipped]


def home_posts(p: Planner) -> None:
    """Tax Collectors, then Lobbyists, on the Home Estate's resources, richest first."""
    st, h = p.st, p.h
    income = board.income_of(st, h.home)
    label = st.label(h.home)
    order = sorted((r for r in range(3) if income[r]), key=lambda r: (-income[r], r))
    for r in order:
        if st.tcs.get((h.home, r)) is None:
            p.add(TaxCollector(label, RES_NAMES[r]), 1)
    for r in order:
        if st.lobbyists.get((h.home, r)) is None:
            p.add(Lobbyist(label, RES_NAMES[r]), 1)


def stewards(p: Planner, ends: Iterable[int]) -> None:
    """A Steward onto every square in ``ends`` (where our units end the move) that
    neither we nor our ally hold: victory squares always, other estates while courtiers
    are left over for the victory squares still to take and an Envoy. With no courtier
    left for a victory square, a Lobbyist comes home for the next Day."""
    st = p.st
    homes = {h.home for h in st.houses if h.alive}
    reserve = p.reserve()
    short = False
    for sq in sorted(ends):
        if sq in homes or p.friendly(p.holder(sq)):
            continue
        if sq in p.victory or p.court > reserve:
            placed = p.add(Steward(st.label(sq)), 1)
            short = short or (sq in p.victory and not placed)
    if short:
        free_a_courtier(p)


def free_a_courtier(p: Planner) -> None:
    """Recall the Home Estate's Lobbyist on the resource we hold most of."""
    st, h = p.st, p.h
    lobbied = [r for kind, sq, r in h.posts if kind == "lobbyist" and sq == h.home]
    if lobbied:
        r = max(lobbied, key=lambda r: (p.res[r], r))
        p.add(Recall("lobbyist", st.label(h.home), RES_NAMES[r]))


def make_nobles(p: Planner) -> None:
    """Create Noble on our Stewards' estates (nearest home first, the safest), paying with a
    Noble-making ability when it is cheaper than X Influence (NSE-43)."""
    st = p.st
    sites = sorted(
        (sq for sq, s in st.stewards.items() if s == p.seat and sq not in st.nobles),
        key=lambda sq: (board.distance(st, p.h.home, sq), sq),
    )
    price = effects.noble_price(st, p.seat)
    for ability in _abilities(p, "create_noble"):
        count, r = ability.param("nobles"), effects.RES_INDEX[ability.resource]
        if len(sites) >= count and p.res[r] >= ability.cost and ability.cost < price * count:
            names = tuple(st.label(sq) for sq in sites[:count])
            if p.add(Use(ability.name, names), 1):
                p.res[r] -= ability.cost
                sites = sites[count:]
                price += count
    for sq in sites:
        if p.res[INF] < price or not p.add(CreateNoble(st.label(sq)), 1):
            break
        p.res[INF] -= price
        price += 1


def family(p: Planner) -> None:
    """When Influence piles up for want of courtiers (more than twice a Noble's price),
    marry (NSE-44) and Create Heir (NSE-45): the Heir's household is 5 more courtiers.
    A Faction Leader proposes to his own players; others try one player a Night."""
    st, h = p.st, p.h
    if h.spouse >= 0:
        price = effects.heir_price(st, p.seat)
        affordable = all(p.res[r] >= price[r] for r in range(3))
        if not h.heir_used and affordable and p.add(CreateHeir(), 2):
            p.res = [p.res[r] - price[r] for r in range(3)]
        return
    if p.res[INF] < 3 + 2 * effects.noble_price(st, p.seat) or p.court <= p.reserve():
        return
    if any(o.by == p.seat and o.status == "offered" for o in st.marriage_offers):
        return
    free = [s for s, o in enumerate(st.houses) if s != p.seat and o.alive and o.spouse < 0]
    if st.leaders[p.fac] == p.seat:
        free = [s for s in free if st.houses[s].faction == p.fac] or free
    if free:
        target = free[(st.night + p.seat) % len(free)]
        if p.add(Marry(st.names[target]), 1):
            p.res[INF] -= 3


def share_money(p: Planner) -> None:
    """The Faction Leader shares the faction's Money out (NSE-115): 1 $ a Night to each
    of his players while he holds 10 or more (they have no $ income of their own, and an
    Heir costs 1 $)."""
    st = p.st
    for s, o in enumerate(st.houses):
        if s != p.seat and o.alive and o.faction == p.fac and p.res[MONEY] >= 10:
            p.res[MONEY] -= 1
            p.add(Pay(st.names[s], (0, 0, 1)))


def core_choice(p: Planner) -> None:
    """Federal Dues: take MP, the resource that buys units."""
    core = p.st.scenario.factions[p.fac].core
    if core.effect == "night_income" and core.param("resource") == "choice":
        p.add(Choose("MP"))


# -- deals ------------------------------------------------------------------------------------


def answer_offers(p: Planner) -> None:
    """Marriage and hostage offers: yes, unless the proposer's faction leads the game
    (an Heir is 5 courtiers, a hostage a Noble for the holder: good for both sides)."""
    st = p.st
    shares = faction_shares(st)
    offers: list[Marriage] | list[HostageOffer]
    for offers, what in ((st.marriage_offers, "marriage"), (st.hostage_offers, "hostages")):
        first = next((o for o in offers if o.to == p.seat and o.status == "offered"), None)
        if first is None:
            continue
        other = st.houses[first.by].faction
        p.add(Answer(not _leads(shares, other, p.fac), what))


def _leads(shares, other: int, mine: int) -> bool:
    """Is ``other`` a faction running away with the game, compared with ``mine``?"""
    return (
        other != mine
        and shares[other] == max(shares)
        and shares[other] > (LEAD_RATIO * shares[mine])
    )


def diplomacy_orders(p: Planner) -> None:
    """The Faction Leader answers the treaties offered to him (one alliance at most),
    withdraws his own offers of alliance once he has an ally, or else offers one."""
    st = p.st
    shares = faction_shares(st)
    allied = treaties._one_ally(st, p.fac, -2) >= 0
    for prop in [q for q in st.proposals if q.to == p.fac]:
        alliance = prop.treaty.status == "allied"
        good = not (alliance and allied) and treaty_value(st, p.fac, prop, shares) > 0
        p.add((Sign if good else Reject)(prop.id))
        allied = allied or (good and alliance)
    for prop in [q for q in st.proposals if q.by == p.fac]:
        if allied and prop.treaty.status == "allied":
            p.add(Reject(prop.id))
    partner = -1 if allied else alliance_partner(st, p.fac, shares)
    if partner >= 0:
        text = alliance_text(st, p.fac, partner)
        p.add(Propose(st.scenario.factions[partner].key, text))


def treaty_value(
    state: State, mine: int, prop: Proposal, shares: Sequence[float] | None = None
) -> float:
    """What signing ``prop`` is worth to faction ``mine``, in resources: an ally 6, a
    truce 2, what it is paid less what it pays; a treaty that would lift a runaway
    leader, or a second ally the rules refuse, is worth nothing.

    >>> from bureau.games.noblesse.clauses import Treaty
    >>> import bureau
    >>> st = bureau.load("noblesse").new(8, seed=1)
    >>> treaty_value(st, 1, Proposal(1, 0, 1, Treaty((), (), (), (), "allied"), "", 1))
    6.0
    """
    shares = faction_shares(state) if shares is None else shares
    other, t = prop.by, prop.treaty
    if _leads(shares, other, mine):
        return 0.0
    value = {"allied": 6.0, "neutral": 2.0}.get(t.status, 0.0)
    if t.status == "allied" and (
        treaties._one_ally(state, mine, -2) >= 0 or treaties._one_ally(state, other, -2) >= 0
    ):
        return 0.0  # one ally each (NSE-95): a second treaty of alliance adds nothing
    mine_is_1 = prop.by == mine
    for promise in t.promises_1 + t.promises_2:
        if promise.template != 2:
            continue
        amount = _payment(promise.values)
        ours = (promise.by == 1) == mine_is_1
        value += -amount if ours else amount
    return value


def _payment(values) -> float:
    """The total a payment promise (template ii) moves; an unreadable one counts as a
    large payment, so nobody signs what he cannot read."""
    try:
        per = sum(treaties._amounts(values[0], values[1]))
        mode, n = treaties._duration(values[3])
    except Exception:
        return 100.0
    return per * ((n or 10) if mode == "each" else 1)


def alliance_partner(state: State, mine: int, shares: Sequence[float]) -> int:
    """The faction to offer an alliance: none while we have (or have signed for) an ally
    or an offer of ours waits for an answer; else the strongest faction with a living
    leader that is not running away with the game."""
    if treaties._one_ally(state, mine, -2) >= 0:
        return -1
    if any(q.by == mine for q in state.proposals):
        return -1
    facs = [
        f
        for f in range(len(state.scenario.factions))
        if f != mine and state.leaders[f] >= 0 and state.houses[state.leaders[f]].alive
        and not _leads(shares, f, mine) and treaties._one_ally(state, f, mine) < 0
    ]  # fmt: skip
    if not facs:
        return -1
    return max(facs, key=lambda f: (shares[f], -f))


def alliance_text(state: State, mine: int, other: int) -> str:
    """An alliance (NSE-95) in the source's templates: neither seeks battle with the
    other; a breach ends it; it lasts while both factions have members."""
    a, b = (state.scenario.factions[f].name for f in (mine, other))
    return "\n".join(
        (
            "Faction 1 promises:",
            f'the "{a}" "will not" seek battle with "{b}" until "" "".',
            "Faction 2 promises:",
            f'the "{b}" "will not" seek battle with "{a}" until "" "".',
            "Penalties:",
            f'the treaty is ended "at the start of cycle {state.night + 2}" from the moment'
            " the breach was reported.",
            "Expiration:",
            "the treaty is ended when one of the factions has less than 1 members left.",
            "Status: Hostile to Allied",
            "Intent:",
            "Together we take the centre.",
        )
    )


# -- evaluation -------------------------------------------------------------------------------


def faction_progress(state: State) -> list[float]:
    """Each faction's progress toward a victory, from public facts only: the victory
    squares it (and half its ally's) holds, its Nobles against the Dynastic threshold,
    and a little for its other estates."""
    facs = len(state.scenario.factions)
    facts = scenario_facts(state)
    victory, weight = facts["victory_set"], 2.5 / len(facts["victory"])
    noble = 2.0 / max(1, state.scenario.dynastic_threshold)
    held, score = [0.0] * facs, [0.0] * facs
    for sq, (f, _) in state.ctrl.items():
        score[f] += 0.05
        if sq in victory:
            held[f] += weight
    for f in state.nobles.values():
        score[f] += noble
    for (a, b), status in state.status.items():
        if status == "allied":
            score[a] += 0.5 * held[b]
            score[b] += 0.5 * held[a]
    return [score[f] + held[f] for f in range(facs)]


def faction_shares(state: State) -> list[float]:
    """A softmax of the factions' progress: each faction's estimated share of the win."""
    prog = faction_progress(state)
    top = max(prog)
    weights = [math.exp(TEMPERATURE * (x - top)) for x in prog]
    total = sum(weights)
    return [w / total for w in weights]


# The win model behind ``evaluate``: a conditional logit, one weight per public fact of a
# faction, fitted on the positions after every Night of eight heuristic bots' games: the
# chance that the faction goes on to win. On the positions of 278 such games (300 played,
# 22 capped) its log-loss is 1.110, against 1.150 for ``faction_shares`` and 1.386 for
# even odds. Resources and units are left out: a determinized world re-deals them, and
# resources spent (Influence on a Noble) would count against the move that spends them.
WIN_VICTORY = 1.5  # for holding every victory square (per square: this / their number)
WIN_NOBLE = 2.9  # for Nobles at the Dynastic threshold, linearly ...
WIN_NOBLE2 = 3.5  # ... and again squared: the last Nobles count the most
WIN_ESTATE = 0.26  # per estate held: a Steward's income, a place for a Noble
WIN_COURT = 0.04  # per courtier (an Heir brings five)


def win_chances(state: State) -> list[float]:
    """Each faction's chance to win (the win model above), from public facts: the victory
    squares, Nobles and estates it holds and its courtiers (which determinized worlds
    keep; their resources and hidden units they re-deal, so those are left out)."""
    facs = len(state.scenario.factions)
    facts = scenario_facts(state)
    victory = facts["victory_set"]
    per_square = WIN_VICTORY / len(facts["victory"])
    threshold = max(1, state.scenario.dynastic_threshold)
    score = [0.0] * facs
    for sq, (f, _) in state.ctrl.items():
        score[f] += per_square + WIN_ESTATE if sq in victory else WIN_ESTATE
    nobles = [0] * facs
    for f in state.nobles.values():
        nobles[f] += 1
    for h in state.houses:
        if h.alive:
            score[h.faction] += WIN_COURT * h.court
            if h.heir == "hostage" and (f := state.faction_of(h.hostage_of)) >= 0:
                nobles[f] += 1  # NSE-48: a hostage Heir is a Noble of the holder's faction
    for f in range(facs):
        x = nobles[f] / threshold
        score[f] += WIN_NOBLE * x + WIN_NOBLE2 * x * x
    top = max(score)
    weights = [math.exp(x - top) for x in score]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win: its faction's chance (``win_chances``)
    split among the faction's seats, since a faction wins as a whole; the winners'
    shares once the game is over, every seat alike when it was capped.

    >>> import bureau
    >>> from bureau.games.noblesse.state import Control
    >>> st = bureau.load("noblesse").new(8, seed=1)
    >>> st.ctrl[st.square("E5")] = Control(0, -1)
    >>> shares = evaluate(st)
    >>> max(range(8), key=shares.__getitem__) == min(
    ...     s for s, h in enumerate(st.houses) if h.faction == 0)
    True
    """
    n = state.num_players
    out = state.outcome
    if out is not None:
        if out.winners and not out.capped:
            share = 1 / len(out.winners)
            return tuple(share if s in out.winners else 0.0 for s in range(n))
        return (1 / n,) * n
    factions = [h.faction for h in state.houses]
    shares = win_chances(state)
    split = [share / k if (k := factions.count(f)) else 0.0 for f, share in enumerate(shares)]
    total = sum(split[f] for f in factions)
    return tuple(split[f] / total for f in factions)
