"""Noblesse's orders beyond those ``legal_actions`` lists, walked token by token: set-ups,
moves, recruits and levies of any unit design, Stewards, abilities, payments."""

from __future__ import annotations

from itertools import permutations

from bureau.engine import IllegalAction
from bureau.games.noblesse import actions as a
from bureau.games.noblesse import board
from bureau.games.noblesse.actions import Disband, March, Move, Steward, UnitTo, Use
from bureau.games.noblesse.board import BASE_COST, STACK_LIMIT, stacked
from bureau.games.noblesse.rules import LEGAL_SPLITS, SKIPS, check, courtiers_needed, has_setup
from bureau.games.noblesse.scenario import UNIT_SHAPES
from bureau.games.noblesse.state import RES_NAMES, SETUP

from . import Family, Steps

SLOTS = ("Officer", "Centre", "Flank", "Reserve")  # a unit's slots (``UNIT_SHAPES`` order)
MANY = 9  # the cap of a plain company: more than any slot holds
INF = float("inf")
_FILL_COSTS: dict[tuple, dict] = {}  # a catalogue's (slot, tier, coloured) -> its cost memo


def _next_slot(want: tuple[int, ...], s: int, j: int, r: int) -> tuple[int, int, int]:
    """The place to fill after slot ``s``'s company ``j`` with ``r`` left there: the next
    slot that ``want`` fills, from its first company, once ``r`` is 0; slot 4 when done."""
    while r == 0:
        s += 1
        if s == len(want):
            return s, 0, 0
        j, r = 0, want[s]
    return s, j, r


class Designs:
    """Noblesse's unit designs, ``KIND [led by LEADER] with COMPANIES``, as nodes of a
    ``Steps`` walk. The companies fill the kind's slots exactly (NSE-84) in the canonical
    order: slot by slot (Officer, Centre, Flank, Reserve; an Officer company only where
    no ``led by``), in id order within a slot, each company once with its count (``C5
    x3``); a unit's stats are sums over its companies, so another order is the same unit.
    A design holds at most ``k`` coloured companies (NSE-A38), each unique one at most its
    cap (NSE-A18), and where its kind bounds the tiers (a starting unit's budget), no
    more; a company or a count is offered only where the rest can still be filled so.

    ``kinds`` are (token, shape, tier bound or None), ``leaders`` the token tuples after
    ``led`` (``by pc``, ``by Cardinal Legate``). A node is ``("d", ctx, caps, k, stage,
    ...)``, ``ctx`` the outer walk's; ``then(ctx, kind's index, k left, caps left)`` gives
    what may follow a whole design, as ``Steps``' ``moves`` does."""

    __slots__ = (
        "by_slot", "cids", "col", "comma", "kinds", "leaders", "led", "memo", "then",
        "tier", "tok", "with_", "xs",
    )  # fmt: skip

    def __init__(self, state, vocab, kinds, leaders, then):
        designs = state.designs
        self.cids = sorted(
            (c for c in designs if _word(vocab, c) is not None),
            key=lambda c: (SLOTS.index(designs[c].slot), len(c), c),
        )
        self.tok = [vocab.index(c) for c in self.cids]
        self.tier = [designs[c].tier for c in self.cids]
        self.col = [1 if designs[c].colour else 0 for c in self.cids]
        self.by_slot = [[i for i, c in enumerate(self.cids) if designs[c].slot == s] for s in SLOTS]
        catalogue = tuple((designs[c].slot, designs[c].tier, designs[c].colour) for c in self.cids)
        if len(_FILL_COSTS) > 64 or len(_FILL_COSTS.get(catalogue, ())) > 200_000:
            _FILL_COSTS.clear()
        self.memo = _FILL_COSTS.setdefault(catalogue, {})  # shared by every decision
        self.kinds = kinds
        self.leaders = leaders
        self.then = then
        self.comma, self.led, self.with_ = vocab.index(","), vocab.index("led"), vocab.index("with")
        xs = {n: _word(vocab, f"x{n}") for n in range(2, MANY + 1)}
        self.xs = {n: t for n, t in xs.items() if t is not None}

    def caps(self, state, seat: int, units, uniques: bool) -> tuple[int, ...]:
        """How many of each company a design may hold: a plain one any number; a unique one,
        with ``uniques``, what its count leaves after ``units`` if it is the seat's role's
        (NSE-08, NSE-A18); none otherwise."""
        role = state.scenario.roles[state.houses[seat].role - 1]
        out = []
        for c in self.cids:
            d = state.designs[c]
            if not d.limit:
                out.append(MANY)
            elif uniques and d in role.uniques:
                out.append(max(0, d.limit - sum(list(u.companies).count(c) for u in units)))
            else:
                out.append(0)
        return tuple(out)

    def start(self, ctx, k: int, caps: tuple[int, ...]) -> tuple:
        return ("d", ctx, caps, k, "kind")

    def cost(self, caps, want, s: int, j: int, r: int, k: int) -> float:
        """The fewest tiers that fill the rest of a design from slot ``s``'s company ``j``
        (``r`` left there), with at most ``k`` coloured companies; INF where none can."""
        if s == len(SLOTS):
            return 0
        key = (caps, want, s, j, r, k)
        found = self.memo.get(key)
        if found is not None:
            return found
        slot = self.by_slot[s]
        best = INF
        if j < len(slot):
            c = slot[j]
            best = self.cost(caps, want, s, j + 1, r, k)  # none of company c
            for n in range(1, min(r, caps[c]) + 1):
                if n * self.col[c] > k:
                    break
                after = (*_next_slot(want, s, j + 1, r - n), k - n * self.col[c])
                best = min(best, n * self.tier[c] + self.cost(caps, want, *after))
        self.memo[key] = best
        return best

    def _want(self, i: int, led: bool) -> tuple[int, ...]:
        shape = self.kinds[i][1]
        return (0, *shape[1:]) if led else tuple(shape)  # a leader replaces the Officer (NSE-A16)

    def _fillable(self, caps, k: int, i: int, led: bool) -> bool:
        if led and not self.leaders:
            return False
        want = self._want(i, led)
        return _within(self.cost(caps, want, *_next_slot(want, -1, 0, 0), k), self.kinds[i][2])

    def fillable(self, caps, k: int, i: int) -> bool:
        """Can some design of kind ``i`` be filled with at most ``k`` coloured companies?"""
        return self._fillable(caps, k, i, False) or self._fillable(caps, k, i, True)

    def _fits(self, caps, k: int, want, s: int, j: int, r: int, t, n: int) -> bool:
        """May ``n`` of slot ``s``'s company ``j`` come next, the rest still fillable?"""
        c = self.by_slot[s][j]
        if n > caps[c] or n * self.col[c] > k:
            return False
        rest = self.cost(caps, want, *_next_slot(want, s, j + 1, r - n), k - n * self.col[c])
        return _within(n * self.tier[c] + rest, t)

    def _companies(self, ctx, caps, k: int, i: int, led: bool) -> tuple:
        want = self._want(i, led)
        return ("d", ctx, caps, k, "c", i, want, *_next_slot(want, -1, 0, 0), self.kinds[i][2])

    def _placed(self, node: tuple, n: int) -> tuple:
        _, ctx, caps, k, _, i, want, s, j, r, t = node
        c = self.by_slot[s][j]
        if caps[c] < MANY:
            caps = (*caps[:c], caps[c] - n, *caps[c + 1 :])
        t = None if t is None else t - n * self.tier[c]
        after = _next_slot(want, s, j + 1, r - n)
        return ("d", ctx, caps, k - n * self.col[c], "p", i, want, *after, t)

    def moves(self, node: tuple) -> tuple[dict, bool]:
        _, ctx, caps, k, stage, *rest = node
        out: dict = {}
        if stage == "kind":
            for i, (tok, _shape, _t) in enumerate(self.kinds):
                if self.fillable(caps, k, i):
                    out[tok] = ("d", ctx, caps, k, "lead", i)
        elif stage == "lead":
            (i,) = rest
            if self._fillable(caps, k, i, False):
                out[self.with_] = self._companies(ctx, caps, k, i, False)
            if self._fillable(caps, k, i, True):
                out[self.led] = ("d", ctx, caps, k, "leader", i, ())
        elif stage == "leader":  # "by pc", "by Cardinal Legate": read token by token
            i, read = rest
            n = len(read)
            for option in self.leaders:
                if len(option) > n and option[:n] == read:
                    out[option[n]] = ("d", ctx, caps, k, "leader", i, option[: n + 1])
            if read in self.leaders:
                out[self.with_] = self._companies(ctx, caps, k, i, True)
        elif stage == "c":  # a company of the slot under way
            i, want, s, j0, r, t = rest
            for j in range(j0, len(self.by_slot[s])):
                if any(self._fits(caps, k, want, s, j, r, t, n) for n in range(1, r + 1)):
                    company = self.tok[self.by_slot[s][j]]
                    out[company] = ("d", ctx, caps, k, "n", i, want, s, j, r, t)
        elif stage == "n":  # its count: "x3", or none for one (then what follows one)
            i, want, s, j, r, t = rest
            for n in range(2, r + 1):
                if n in self.xs and self._fits(caps, k, want, s, j, r, t, n):
                    out[self.xs[n]] = self._placed(node, n)
            if self._fits(caps, k, want, s, j, r, t, 1):
                following, complete = self.moves(self._placed(node, 1))
                out.update(following)
                return out, complete
        else:  # "p": companies placed; a comma and the next, or the design is whole
            i, want, s, j, r, t = rest
            if s == len(SLOTS):
                return self.then(ctx, i, k, caps)
            out[self.comma] = ("d", ctx, caps, k, "c", i, want, s, j, r, t)
        return out, False


def _within(cost: float, bound) -> bool:
    return cost < INF and (bound is None or cost <= bound)


def _word(vocab, word: str) -> int | None:
    """The index of ``word``, or None where the vocabulary lacks it."""
    try:
        return vocab.index(word)
    except KeyError:
        return None


def _labels(state, vocab) -> list[int]:
    """Each square's token, by square number (the board's squares are all words)."""
    return [vocab.index(state.label(sq)) for sq in range(len(state.scenario.estates))]


def families(game, state, seat: int, names, vocab, deals: bool = False):
    """Noblesse's orders beyond the few of each kind ``legal_actions`` lists: set-ups (any
    free home of the range, income split, option left out, and starting unit within the
    budget), moves of one square or, on a recruit's first move, as many as it may go,
    recruits of every unit design on every site, recruiting abilities' levies and Create
    Noble abilities on any of one's Stewards (``Steps``, ``Designs``, ``Family``); listed:
    a Steward on any estate, a marriage, Messenger or Hired Assassin to anyone, the
    Federal Dues' choice, answers to marriages and hostages, and signatures and
    rejections of treaties. With ``deals``, the Faction Leader's payments (``pay Ben 2 Inf
    1 $``, up to what he holds) to his players and to other factions."""

    listed = game.legal_actions(state, seat)
    h = state.houses[seat]
    if not listed or (h.home < 0 and state.phase != SETUP):
        return listed, []
    if state.phase == SETUP and not has_setup(h):
        found = [_nb_setups(state, seat, vocab)]
    else:
        listed += _nb_listed(state, seat)
        found = [_nb_moves(state, seat, vocab), _nb_recruits(state, seat, vocab)]
        found.append(_nb_stewards(state, seat, vocab))
        found += _nb_abilities(state, seat, vocab, names)
        if deals:
            found.append(_nb_payments(state, seat, vocab, names))
    return listed, [f for f in found if f is not None and f.possible()]


def _nb_listed(state, seat: int) -> list:
    """The orders of a few kinds whose every instance is listed, where the rules accept it."""

    others = [name for s, name in enumerate(state.names) if s != seat]
    orders: list = [kind(name) for kind in (a.Marry, a.Messenger, a.Assassin) for name in others]
    orders += [a.Choose(r) for r in RES_NAMES]
    orders += [a.Answer(yes, what) for yes in (True, False) for what in ("marriage", "hostages")]
    orders += [kind(p.id) for p in state.proposals for kind in (a.Sign, a.Reject)]
    return [o for o in orders if _nb_accepted(state, seat, o)]


def _nb_accepted(state, seat: int, order) -> bool:
    """Does the Day accept ``order`` from ``seat`` now (``rules.check``)?"""

    try:
        check(state, seat, order)
    except (IllegalAction, ValueError):
        return False
    return True


def _nb_stewards(state, seat: int, vocab) -> Steps | None:
    """``steward SQUARE`` on any estate the rules accept, each checked only once a walk
    picks ``steward`` (a hundred checks). A free courtier is all it takes for some estate:
    the Day refuses only those his Stewards and Tax Collectors hold (NSE-23), far fewer."""

    def moves(node):
        if node == "end":
            return {}, True
        labels = _labels(state, vocab)
        squares = range(len(state.scenario.estates))
        ok = [sq for sq in squares if _nb_accepted(state, seat, Steward(state.label(sq)))]
        return dict.fromkeys((labels[sq] for sq in ok), "end"), False

    free = _nb_free_courtiers(state, seat) >= 1
    return Steps((vocab.index("steward"),), "square", moves, known=free)


def _nb_free_courtiers(state, seat: int) -> int:

    h = state.houses[seat]
    return h.court - courtiers_needed(state, h.orders)


def _nb_moves(state, seat: int, vocab) -> Steps | None:
    """``move U7 to B3 [C3]``: each unit of the seat that may move and has no move order
    yet, one square, or on its first move as many as a recruit may go (NSE-66, NSE-67),
    each square next to the one before."""

    ordered = {o.unit for o in state.houses[seat].orders if type(o) is Move}
    first = board.has_core(state, seat, "recruit_first_move")
    reach = {}
    for u in state.units.values():
        if u.owner != seat or u.kind == "Garrison" or u.id in ordered:
            continue
        tok = _word(vocab, f"U{u.id}")  # U1 .. U299: a later unit is left out
        if tok is not None:
            steps = (first.param("estates") if first else 2) if u.fresh else 1
            reach[tok] = ("to", u.square, steps)
    if not reach:
        return None
    to = vocab.index("to")
    labels = _labels(state, vocab)

    def moves(node):
        if node == "unit":
            return reach, False
        stage, here, left = node
        if stage == "to":
            return {to: ("path", here, left)}, False
        steps = board.neighbours(state, here) if left else []
        return {labels[sq]: ("at", sq, left - 1) for sq in steps}, stage == "at"

    return Steps((vocab.index("move"),), "unit", moves)


def _nb_staying(state, seat: int) -> dict[int, list[str]]:
    """The kinds of the seat's units on each square that none of his orders may take off it
    or disband before recruitment (step 5), as the Day's recruit check counts them."""

    going = set()
    for o in state.houses[seat].orders:
        if type(o) in (Move, March, Disband):
            going.add(o.unit)
        elif type(o) is Use:
            going.update(t.unit for t in o.terms if isinstance(t, UnitTo))
    out: dict[int, list[str]] = {}
    for u in state.units.values():
        if u.owner == seat and u.id not in going:
            out.setdefault(u.square, []).append(u.kind)
    return out


def _nb_recruiting(state, seat: int, vocab, courtier: bool):
    """What every recruit of the seat shares: its recruiting sites (NSE-A19) with the kinds
    already staying on each, the coloured companies its units may still take (NSE-A38:
    None where they hold too many already), the leaders it may name (NSE-A16; a courtier
    only where one is free, with ``courtier``) and the units that count for the unique
    companies' caps (those not disbanded)."""

    h = state.houses[seat]
    gone = {o.unit for o in h.orders if type(o) is Disband}
    kept = [u for u in state.units.values() if u.owner == seat and u.id not in gone]
    held = board.coloured(state, [c for u in kept for c in u.companies])
    left = state.options.get("max_coloured_per_player", 4) - held
    staying = _nb_staying(state, seat)
    sites = {
        sq: staying.get(sq, [])
        for sq in sorted({h.home, *state.ctrl})
        if board.recruit_site(state, seat, sq)
    }
    words = ["pc", "heir", "noble"] + (["courtier"] if courtier else [])
    words += sorted(name for name, holder in state.officers.items() if holder == seat)
    by = vocab.index("by")
    leaders = [(by, *codes) for w in words if (codes := vocab.encode(w, (), seat))]
    return sites, (left if left >= 0 else None), leaders, kept


def _nb_room(staying: list[str], kind: str, most: int) -> int:
    """How many more units of ``kind`` (up to ``most``) a square with ``staying`` takes
    before the faction's stacking limit (NSE-69: the first two Garrisons are free)."""

    m = 0
    while m < most and stacked([*staying, *[kind] * (m + 1)]) <= STACK_LIMIT:
        m += 1
    return m


def _nb_recruits(state, seat: int, vocab) -> Steps | None:
    """``recruit DESIGN at SQUARE``: every unit design (``Designs``) the rules accept, of a
    kind that some site still has room for, on each such site."""

    free = _nb_free_courtiers(state, seat) >= 1
    sites, left, leaders, kept = _nb_recruiting(state, seat, vocab, free)
    if left is None:
        return None
    labels = _labels(state, vocab)
    kinds, where = [], []
    for kind, shape in UNIT_SHAPES.items():
        room = [labels[sq] for sq, staying in sites.items() if _nb_room(staying, kind, 1)]
        if room:
            kinds.append((vocab.index(kind), shape, None))
            where.append(room)
    at = vocab.index("at")
    designs = Designs(state, vocab, kinds, leaders, lambda ctx, i, k, caps: ({at: i}, False))

    def moves(node):
        if isinstance(node, int):  # "at": the sites with room for kind ``node``
            return dict.fromkeys(where[node], "end"), False
        if node == "end":
            return {}, True
        return designs.moves(node)

    k = min(state.options.get("max_coloured_per_unit", 2), left)
    start = designs.start(None, k, designs.caps(state, seat, kept, _nb_uniques(state, seat)))
    return Steps((vocab.index("recruit"),), start, moves)


def _nb_uniques(state, seat: int) -> bool:
    """Did the seat keep its unique companies at set-up (NSE-08)?"""

    return state.houses[seat].skipped != SKIPS["uniques"]


def _nb_abilities(state, seat: int, vocab, names) -> list:
    """The seat's recruiting abilities (``use Fortify recruit DESIGN at SQUARE [and ...]``:
    exactly its count of units of its kind, each design as a recruit's, together within
    the coloured, unique and stacking limits) and Create Noble abilities (``use Charter
    of Nobility E8 E7``: its number of his Stewards' estates, not his Home Estate, with
    no Noble yet, in any order), where a courtier is free to go as its Envoy (NSE-A07)."""
    h = state.houses[seat]
    if _nb_free_courtiers(state, seat) < 1:
        return []
    role = state.scenario.roles[h.role - 1]
    out: list = []
    for number, ability in enumerate(role.abilities, 1):
        head = vocab.encode(f"use {ability.name}", names, seat)
        if number == h.skipped or head is None:
            continue
        if ability.effect == "recruit":
            out.append(_nb_levies(state, seat, vocab, head, ability))
        elif ability.effect == "create_noble":
            sites = [
                sq
                for sq, s in state.stewards.items()
                if s == seat and sq != h.home and sq not in state.nobles
            ]
            labels = _labels(state, vocab)
            items: list[tuple[tuple[int, ...], int]] = [((labels[sq],), 1) for sq in sorted(sites)]
            out.append(Family(head, items, ability.param("nobles"), ordered=True))
    return out


def _nb_levies(state, seat: int, vocab, head, ability) -> Steps | None:
    """A recruiting ability's levies (``_nb_abilities``). Each levy's choices leave the
    next ones room: a site only where enough room stays for them, and coloured or unique
    companies only where the catalogue fills the kind without either (else None)."""

    kind, count = ability.param("unit"), ability.param("count")
    sites, left, leaders, kept = _nb_recruiting(state, seat, vocab, True)
    if left is None or kind not in UNIT_SHAPES:
        return None
    labels = _labels(state, vocab)
    per_unit = state.options.get("max_coloured_per_unit", 2)
    at, also = vocab.index("at"), vocab.index("and")

    def room(placed: tuple[int, ...]) -> int:
        """Room for how many more levies (up to ``count``) after those ``placed``."""
        return sum(
            _nb_room([*staying, *[kind] * placed.count(sq)], kind, count)
            for sq, staying in sites.items()
        )

    def then(ctx, i, k, caps):
        n, left, placed = ctx
        return {at: ("site", n, left - (min(per_unit, left) - k), caps, placed)}, False

    def moves(node):
        if node[0] == "d":
            return designs.moves(node)
        if node[0] == "end":
            return {}, True
        _, n, left, caps, placed = node
        if node[0] == "and":
            return {also: designs.start((n, left, placed), min(per_unit, left), caps)}, False
        out = {}
        for sq, staying in sites.items():  # "site": where the levy goes
            here = (*placed, sq)
            if _nb_room([*staying, *[kind] * placed.count(sq)], kind, 1) and (
                room(here) >= count - len(here)
            ):
                done = len(here) == count
                out[labels[sq]] = ("end",) if done else ("and", n + 1, left, caps, here)
        return out, False

    designs = Designs(state, vocab, [(vocab.index(kind), UNIT_SHAPES[kind], None)], leaders, then)
    caps = designs.caps(state, seat, kept, _nb_uniques(state, seat))
    plain = tuple(c if c == MANY else 0 for c in caps)
    if room(()) < count or not designs.fillable(plain, 0, 0):
        return None
    start = designs.start((0, left, ()), min(per_unit, left), caps)
    return Steps((*head, vocab.index("recruit")), start, moves)


def _nb_setups(state, seat: int, vocab) -> Steps | None:
    """``setup SQUARE income I-M-$ skip OPTION unit DESIGN`` (NSE-07 .. NSE-09, NSE-12):
    any free square of the range but a victory square, any split of 5 points, any option
    left out, and any starting unit (``Designs``) within the budget (base cost plus a
    tenth of its tiers), led by an Officer company, the PC, a courtier or a Unique
    Officer held; unique companies only where they are not left out."""

    h = state.houses[seat]
    (r0, c0), (r1, c1) = state.scenario.factions[h.faction].home
    cols = state.scenario.cols
    taken = {o.home for s, o in enumerate(state.houses) if s != seat}
    taken |= {state.square(v) for v in state.scenario.victory}
    labels = _labels(state, vocab)
    homes = [
        labels[r * cols + c]
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
        if r * cols + c not in taken
    ]
    texts = {"-".join(map(str, p)) for split in LEGAL_SPLITS for p in permutations(split)}
    splits = [t for t in (_word(vocab, w) for w in sorted(texts)) if t is not None]
    budget = state.scenario.defaults.starting_unit_budget_mp
    kinds = [
        (vocab.index(kind), shape, 10 * (budget - BASE_COST[kind]))
        for kind, shape in UNIT_SHAPES.items()
        if budget >= BASE_COST[kind]
    ]
    words = ["pc", "courtier", *sorted(n for n, holder in state.officers.items() if holder == seat)]
    by = vocab.index("by")
    leaders = [(by, *codes) for w in words if (codes := vocab.encode(w, (), seat))]
    designs = Designs(state, vocab, kinds, leaders, lambda ctx, i, k, caps: ({}, True))
    mine = [u for u in state.units.values() if u.owner == seat]
    k = state.options.get("max_coloured_per_unit", 2)
    units = {}  # the option left out -> the starting unit's first node
    for skip in SKIPS:
        start = designs.start(None, k, designs.caps(state, seat, mine, skip != "uniques"))
        word = _word(vocab, skip)
        if word is not None and designs.moves(start)[0]:
            units[word] = start
    if not homes or not splits or not units:
        return None
    unit = vocab.index("unit")
    stages = {
        "home": (dict.fromkeys(homes, "income"), False),
        "income": ({vocab.index("income"): "split"}, False),
        "split": (dict.fromkeys(splits, "skip"), False),
        "skip": ({vocab.index("skip"): "option"}, False),
        "option": ({t: ("unit", t) for t in units}, False),
    }

    def moves(node):
        if node in stages:
            return stages[node]
        if node[0] == "unit":
            return {unit: units[node[1]]}, False
        return designs.moves(node)

    return Steps((vocab.index("setup"),), "home", moves)


def _nb_payments(state, seat: int, vocab, names) -> Steps | None:
    """The Faction Leader's ``pay Ben 2 Inf 1 $`` (NSE-115, NSE-117): to a living player of
    his faction by name, or to another faction by its key; each resource at most once, in
    the order Inf, MP, $, up to what he holds now (and the largest number token)."""
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        return None
    tops = [min(n, vocab.max_number) for n in h.res]
    to = [
        vocab.encode(name, names, seat)[0]
        for s, (name, o) in enumerate(zip(state.names, state.houses, strict=True))
        if s != seat and o.alive and o.faction == h.faction
    ]
    keys = [f.key for i, f in enumerate(state.scenario.factions) if i != h.faction]
    to += [t for t in (_word(vocab, key) for key in keys) if t is not None]
    if not to or not any(tops):
        return None
    res = [vocab.index(r) for r in ("Inf", "MP", "$")]
    number = [vocab.index(str(n)) for n in range(vocab.max_number + 1)]

    def moves(node):
        if node == "to":
            return dict.fromkeys(to, -1), False
        if isinstance(node, int):  # the last resource paid, or -1: an amount may follow
            most = max(tops[node + 1 :], default=0)
            return {number[n]: (node, n) for n in range(1, most + 1)}, node >= 0
        last, n = node  # an amount: the resource it is of
        return {res[r]: r for r in range(last + 1, 3) if tops[r] >= n}, False

    return Steps((vocab.index("pay"),), "to", moves)
