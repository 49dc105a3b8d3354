"""Final Decrees' heuristic bot and its position evaluator.

Both rest on one estimate: each seat's *expected final blame*, read from the public
table. A player's personal blame counts in full. Her department's blame counts for
most of its size, since Stagnation and Decline (S&D) will hand it to her unless she
moves it on first, and for less where she has departments below to spread it to.
Blame on the departments above hers can be spread onto her. Each decree on her mat
costs her blame every turn. Cards in hand and a strong department (Admiralty
manoeuvres, Human Resources reassignments) are blame she can still shed, and the
head at the top of a nearly enacted decree's chain of control may soon wipe up to
10 x n blame. ``evaluate`` turns these estimates into shares of the win (a softmax
of the lead, sharper as the deck runs down).

The bot plays greedily on that estimate: each decision it tries a short list of
sensible actions on a copy of the position it was handed and takes the one that
most raises its own share, ending its turn when nothing helps. Draws and cards that
draw are valued without peeking at the (re-dealt) deck. Deals are valued with the
same card values for both sides.

>>> import bureau
>>> from bureau.bots import make
>>> game = bureau.load("decrees")
>>> state = game.new(5, seed=3, options={"heads": ["EXE", "HR", "TRE", "SS", "ADM"]})
>>> bot = make("heuristic", game, seat=0, seed=1)
>>> action = bot.act(state)
>>> game.check(state, 0, action) is None
True
>>> shares = evaluate(state)
>>> len(shares), abs(sum(shares) - 1) < 1e-9
(5, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache
from itertools import product

from bureau.engine import IllegalAction
from bureau.engine import deals as deal_book
from bureau.engine.bot import Bot
from bureau.engine.deals import Accept, Deal, Decline, Propose
from bureau.engine.rng import copy_rng

from . import control, effects, moves, rules
from .actions import (
    BUDGET,
    DRAW,
    END,
    MANOEUVRES,
    Action,
    Assign,
    Bid,
    Blame,
    CardItem,
    Forward,
    Keep,
    Move,
    Play,
    Reassign,
    Remove,
    Restructure,
    Spread,
    Stamp,
    slots,
)
from .control import Change
from .data import OPS
from .diplomacy import RULES
from .rules import MAX_BID, pending, spread_scope
from .state import (
    ADM,
    ASSIGN,
    BID,
    CHOOSE,
    EXE,
    HR,
    OVER,
    REF,
    SALVAGE,
    SS,
    TRE,
    TURN,
    BlameMove,
    Removal,
    State,
)

# -- the estimate's weights (blame units) ----------------------------------------------------

A_STUCK = 0.8  # share of a department's blame its head keeps, with nowhere to spread it
A_SPREAD = 0.55  # ... with departments below to spread it to
EXPOSED = 0.2  # share of the blame above a department that may be spread onto it
DECREE = 0.3  # a decree on your mat: blame each turn you keep it, but easily passed on
CARD = 1.0  # a card in hand, early in the game
ENACT = 0.6  # the award of a decree one stamp from enactment, to its chooser to come
HORIZON = 20  # deck size below which cards and departments lose their worth
POWER = {REF: 0.3, EXE: 1.0, HR: 1.5, TRE: 0.8, SS: 1.0, ADM: 2.0}  # per department
TEMPERATURE = (2.5, 0.12)  # softmax temperature: base + per card left in the deck
MIN_GAIN = 1e-9  # a candidate must beat ending the turn by this much (log share)
EXTRA = 1.2  # extra actions are worth this much of the best action they make room for
DEAL_MARGIN = 0.3  # the least a deal must gain a side, in blame
RIVAL_MARGIN = 2.0  # a partner this close behind (or ahead) is a rival


@lru_cache(maxsize=1024)
def _structure(arrows: tuple, depts: tuple) -> tuple[dict, dict, dict]:
    """Per department: whether anything lies below it, the departments above it, and the
    top of its chain of control (DEC-59)."""
    below = {d: bool(control.below(arrows, d)) for d in depts}
    above = {d: tuple(u for u in depts if d in control.below(arrows, u)) for d in depts}
    top = {d: control.top_of(arrows, d) for d in depts}
    return below, above, top


_DECAY = tuple(ENACT * 0.5**r for r in range(16))


def estimates(state: State) -> list[float]:
    """Each seat's expected final blame (lower is better), from public information.

    >>> import bureau
    >>> game = bureau.load("decrees")
    >>> s = game.new(4, seed=1, options={"heads": ["EXE", "HR", "TRE", "SS"]})
    >>> s.blame[2] = 9
    >>> e = estimates(s)
    >>> e[2] > max(e[1], e[3])
    True
    """
    g = min(1.0, len(state.deck) / HORIZON)
    below, above, top = _structure(state.arrows, state.depts)
    head, dept_blame, dept_of, blame = state.head, state.dept_blame, state.dept_of, state.blame
    mats = [0] * 6
    for at in state.decree_at:
        if at >= 0:
            mats[at] += 1
    card = CARD * g
    out = []
    for seat in range(state.num_players):
        e = blame[seat] - card * len(state.hands[seat])
        d = dept_of[seat]
        if d >= 0:
            e += (A_SPREAD if below[d] else A_STUCK) * dept_blame[d]
            e += DECREE * mats[d] - POWER[d] * g
            for u in above[d]:
                if head[u] >= 0 and head[u] != seat:
                    e += EXPOSED * dept_blame[u]
        out.append(e)
    _enactments(state, out, top)
    if state.phase == TURN:  # the decrees on her mat when the turn ends (DEC-38)
        d = dept_of[state.active]
        if d >= 0 and state.leave != d:
            out[state.active] += (A_SPREAD if below[d] else A_STUCK) * mats[d]
    if state.choose is not None:
        c, amount = state.choose
        out[c] -= min(amount, blame[c] + _own_dept_blame(state, c))
    return out


def _own_dept_blame(state: State, seat: int) -> int:
    d = state.dept_of[seat]
    return state.dept_blame[d] if d >= 0 else 0


def _enactments(state: State, out: list[float], top: dict) -> None:
    """The head atop each decree's last department may soon remove 10 x n blame."""
    award = 10 * (state.enacted + 1)
    for i, at in enumerate(state.decree_at):
        if at < 0:
            continue
        steps = state.decrees[i].steps
        chooser = state.head[top[steps[-1]]]
        if chooser >= 0:
            left = len(steps) - state.decree_done[i] - 1
            gain = min(award, state.blame[chooser] + _own_dept_blame(state, chooser))
            out[chooser] -= gain * _DECAY[min(left, 15)]


def _temperature(state: State) -> float:
    return TEMPERATURE[0] + TEMPERATURE[1] * len(state.deck)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win, in [0, 1], summing to 1: the winners'
    shares once the game is over, else a softmax of each seat's lead in expected blame.

    >>> import bureau
    >>> game = bureau.load("decrees")
    >>> s = game.new(4, seed=1, options={"heads": ["EXE", "HR", "TRE", "SS"]})
    >>> s.blame[:] = [10, 0, 10, 10]
    >>> shares = evaluate(s)
    >>> max(range(4), key=shares.__getitem__)
    1
    """
    n = state.num_players
    if state.phase == OVER:
        out = state.outcome
        if out is None or out.capped or not out.winners:
            return (1 / n,) * n
        share = 1 / len(out.winners)
        return tuple(share if seat in out.winners else 0.0 for seat in range(n))
    t = _temperature(state)
    e = estimates(state)
    best = min(e)
    weights = [math.exp((best - x) / t) for x in e]
    total = sum(weights)
    return tuple(w / total for w in weights)


def log_share(state: State, seat: int) -> float:
    """``seat``'s log share of the win (the bot's objective)."""
    if state.phase == OVER:
        share = evaluate(state)[seat]
        return math.log(share) if share > 0 else -1e6
    t = _temperature(state)
    e = estimates(state)
    best = min(e)
    total = sum(math.exp((best - x) / t) for x in e)
    return (best - e[seat]) / t - math.log(total)


# -- what a card is worth to a seat (deals) ---------------------------------------------------


def card_value(state: State, seat: int, kind: int) -> float:
    """What holding a card of ``kind`` is worth to ``seat``, in blame, from public facts.

    >>> import bureau
    >>> game = bureau.load("decrees")
    >>> s = game.new(4, seed=1, options={"heads": ["EXE", "HR", "TRE", "SS"]})
    >>> press = next(k for k, c in enumerate(s.cards) if c.key == "good-press")
    >>> s.blame[:] = [0, 3, 0, 0]
    >>> card_value(s, 1, press) > card_value(s, 0, press)
    True
    """
    d = state.dept_of[seat]
    own = state.dept_blame[d] if d >= 0 else 0
    mats = sum(1 for at in state.decree_at if at == d and d >= 0)
    value = 0.0
    for step in state.cards[kind].effect:
        value += _step_value(state, seat, step, own, mats)
    return value


def _step_value(state: State, seat: int, step, own: int, mats: int) -> float:
    do = step.do
    if do == "extra_actions":
        return 0.4 * step.n
    if do == "draw":
        return 0.8 * step.n
    if do == "move_dept_blame":
        return 0.3 + 0.7 * min(step.up_to, own)
    if do == "remove_dept_blame":
        return 0.2 + 0.6 * min(step.up_to, own if step.source == "yours" else max(own, 2))
    if do in ("remove_personal_blame", "give_personal_blame"):
        return min(step.up_to, state.blame[seat])
    if do == "skip_decree_blame":
        return float(mats)
    if do == "stamp":
        return 0.9 if mats else 0.3
    return 0.7


# -- the bot ----------------------------------------------------------------------------------


class HeuristicBot(Bot):
    """Greedy on ``estimates``: sheds its blame, loads the leader, enacts decrees only
    where it chooses the award, and trades cards it cannot use for blame."""

    name = "heuristic"

    def choose(self, state: State) -> Action:
        try:
            action = self._decide(state)
            if action is not None:
                self.game.check(state, self.seat, action)
        except Exception:  # never crash a game: any legal action beats none
            action = None
        if action is None:
            return self.game.sample_action(state, self.seat, self.rng)
        return action

    def _decide(self, state: State) -> Action | None:
        seat = self.seat
        offers = deal_book.offers_to(state, seat)
        if offers:
            return answer(state, seat, offers[0])
        if seat not in pending(state):
            return deal_book.WITHDRAW if deal_book.open_offer(state, seat) else None
        phase = state.phase
        if phase == BID:
            return self._bid(state)
        if phase == ASSIGN:
            return best_assignment(state, seat)
        if phase == CHOOSE:
            return removal(state, seat)
        if phase == SALVAGE:
            return salvage(state, seat)
        if phase == TURN:
            return propose(state, seat) or best_turn_action(state, seat)
        return None

    def _bid(self, state: State) -> Bid:
        """A rebid among the tied is won outright at 6, which costs no more than losing it;
        a first bid is 6 (taking Human Resources) or 3 (cheap, rarely the lowest)."""
        if state.rebids:
            return Bid(MAX_BID)
        want_hr = 0.6 if state.num_players == 4 else 0.4
        return Bid(MAX_BID if self.rng.random() < want_hr else 3)


# -- decisions outside the turn ---------------------------------------------------------------


def best_assignment(state: State, seat: int) -> Assign:
    """The start-of-game assignment that leaves me best placed (DEC-28)."""
    return max(
        moves.assignments(state, seat), key=lambda a: _placed_share(state, seat, a.placements)
    )


def _placed_share(state: State, seat: int, placements) -> float:
    trial = state.clone()
    for other, dept in placements:
        trial.place(other, dept)
    return log_share(trial, seat)


def removal(state: State, seat: int) -> Remove:
    """The award of an enactment goes on my own blame, then my department's (DEC-61)."""
    amount = state.choosing().amount
    own = min(amount, state.blame[seat])
    parts = [Removal(seat, -1, own)] if own else []
    d = state.dept_of[seat]
    rest = min(amount - own, state.dept_blame[d]) if d >= 0 else 0
    if rest:
        parts.append(Removal(-1, d, rest))
    return Remove(tuple(parts), state.names)


def salvage(state: State, seat: int) -> Keep:
    kind = max(set(state.salvaging()), key=lambda k: card_value(state, seat, k))
    return Keep(kind, state.cards[kind].key)


# -- deals ------------------------------------------------------------------------------------


def deal_gain(state: State, seat: int, deal: Deal) -> float:
    """What ``deal`` is worth to ``seat`` (a party), in blame: blame it sheds, less blame
    it takes, plus the worth of cards it gets, less the worth of cards it gives."""
    gain = 0.0
    for giver, items in deal.gives:
        sign = 1 if giver == seat else -1
        for item in items:
            if isinstance(item, Blame):
                gain += sign * item.amount
            elif isinstance(item, CardItem):
                gain -= sign * card_value(state, seat, item.kind)
    return gain


def acceptable(state: State, seat: int, partner: int, mine: float, theirs: float) -> bool:
    """A deal ``seat`` takes: it gains enough, and never helps a rival more than itself."""
    if mine < DEAL_MARGIN:
        return False
    e = estimates(state)
    rival = e[partner] <= e[seat] + RIVAL_MARGIN or e[partner] == min(e)
    return not (rival and theirs > mine)


def answer(state: State, seat: int, deal: Deal) -> Accept | Decline:
    """Accept an offer that helps me and does not help a rival more; decline the rest."""
    name = state.names[deal.proposer]
    decline = deal_book.Decline(deal.proposer, name)
    if RULES.unpayable(state, deal) is not None:
        return decline
    mine, theirs = deal_gain(state, seat, deal), deal_gain(state, deal.proposer, deal)
    if acceptable(state, seat, deal.proposer, mine, theirs):
        return deal_book.Accept(deal.proposer, name)
    return decline


def propose(state: State, seat: int) -> Propose | None:
    """Once a turn, offer a card I can hardly use, with some of my blame, to a player who
    can use it: a trade both sides gain from, and that helps no rival more than me."""
    if (
        state.active != seat
        or state.offers_made
        or deal_book.open_offer(state, seat) is not None
        or not state.blame[seat]
        or not state.options["allow_blame_trades"]
    ):
        return None
    e = estimates(state)
    best, choice = None, None
    for kind in set(state.hands[seat]):
        keep = card_value(state, seat, kind)
        for other in range(state.num_players):
            if other == seat:
                continue
            use = card_value(state, other, kind)
            for amount in range(1, min(2, state.blame[seat]) + 1):
                mine, theirs = amount - keep, use - amount
                if not (
                    acceptable(state, seat, other, mine, theirs)
                    and acceptable(state, other, seat, theirs, mine)
                ):
                    continue
                key = (mine, e[other])
                if best is None or key > best:
                    best, choice = key, (other, kind, amount)
    if choice is None:
        return None
    other, kind, amount = choice
    items = (Blame(amount), CardItem(kind, state.cards[kind].key))
    return deal_book.Propose((other,), (), ((seat, items),), state.names)


# -- the turn ---------------------------------------------------------------------------------


def best_turn_action(state: State, seat: int) -> Action:
    """The action that most raises my share of the win; ``end`` when none does.

    Before an action that takes me out of my department, I clear my desk: a decree I
    can stamp or forward for a reward, or blame I can spread, goes first while an
    action is left for leaving afterwards. A decree I would forward and may stamp, I
    stamp first.
    """
    e = estimates(state)
    t = _temperature(state)
    base = _log_share(e, t, seat)
    scratch = _Scratch(state)
    tried = []
    for action in candidates(state, seat, e):
        value = scratch.value_after(seat, action)
        if value is not None:
            tried.append((value, action))
    best = max((v for v, _ in tried), default=base)
    tried += [(v, a) for a, v in _valued(state, seat, e, t, base, best)]
    tried = [x for x in tried if x[0] > base + MIN_GAIN]
    if not tried:
        return END
    value, action = max(tried, key=_first_value)
    if state.actions_left > 1 and _leaves(state, seat, action):
        desk = [x for x in tried if isinstance(x[1], DESK)]
        if desk:
            action = max(desk, key=_first_value)[1]
    if isinstance(action, Forward) and state.actions_left > 1:
        for _, other in tried:  # stamp it first, then send it on its way
            if type(other) is Stamp and other.decree == action.decree:
                return other
    return action


DESK = (Forward, Stamp, Spread)


def _first_value(pair: tuple) -> float:
    return pair[0]


def _leaves(state: State, seat: int, action) -> bool:
    """Whether ``action`` may take me out of my department."""
    if isinstance(action, Move):
        return action.seat == seat
    if isinstance(action, Reassign):
        return action.placements[seat][1] != state.dept_of[seat]
    return isinstance(action, Play) and any(
        s.do in ("swap_heads", "reassign", "move_head") for s in action.card.effect
    )


def _log_share(e: list[float], t: float, seat: int) -> float:
    low = min(e)
    total = sum(math.exp((low - x) / t) for x in e)
    return (low - e[seat]) / t - math.log(total)


class _Scratch:
    """Copies of one position to try actions on: ``State.clone``s sharing one generator
    copied here (no tried action draws a card, so none uses it)."""

    __slots__ = ("rng", "state")

    def __init__(self, state: State):
        self.state = state
        self.rng = copy_rng(state.rng)

    def copy(self) -> State:
        return self.state.clone(self.rng)

    def value_after(self, seat: int, action: Action) -> float | None:
        """My log share after ``action``; the turn is kept open (its end, which would
        deal the next player a card, is in the estimate already)."""
        trial = self.copy()
        trial.actions_left += 1
        try:
            rules.check(trial, seat, action)
            rules.perform(trial, seat, action, [])
        except IllegalAction:
            return None
        return log_share(trial, seat)


def _valued(state: State, seat: int, e: list[float], t: float, base: float, best: float):
    """Actions whose worth is chance or room to act, valued without playing them: a draw
    is a card in hand, extra actions a share of the best action they make room for."""
    card = CARD * min(1.0, len(state.deck) / HORIZON)
    room = max(0.0, best - base) * EXTRA

    def shifted(delta: float) -> float:
        mine = e[:]
        mine[seat] += delta
        return _log_share(mine, t, seat)

    if not state.drew:
        yield DRAW, shifted(-card)
    if state.dept_of[seat] == TRE and not state.budget_used and room > 0:
        yield BUDGET, base + room
    mine = state.dept_of[seat]
    below = _structure(state.arrows, state.depts)[0]
    charge = (A_SPREAD if below[mine] else A_STUCK) * len(state.decrees_at(mine))  # DEC-38
    for kind in set(state.hands[seat]):
        effect = state.cards[kind].effect
        if any(slots(step) for step in effect):
            continue  # cards with targets are tried on a copy instead
        steps = [step.do for step in effect]
        if "draw" in steps:
            drawn = sum(s.n for s in state.cards[kind].effect if s.do == "draw")
            yield _play_plain(state, kind), shifted(-card * (drawn - 1))
        elif steps == ["extra_actions"] and room > 0:
            yield _play_plain(state, kind), shifted(card) + room
        elif steps == ["skip_decree_blame"] and state.leave < 0 and charge:
            yield _play_plain(state, kind), shifted(card - charge)


def _play_plain(state: State, kind: int):
    """A play of a card whose steps take no arguments."""
    return moves.make_play(state, kind, tuple(() for _ in state.cards[kind].effect))


SIMULATED = frozenset(
    {
        "move_dept_blame",
        "remove_dept_blame",
        "remove_personal_blame",
        "give_personal_blame",
        "move_decree",
        "stamp",
        "restructure",
        "investigate",
        "audit_all",
        "swap_heads",
        "reassign",
        "move_head",
    }
)
AMOUNTS = frozenset(
    {"move_dept_blame", "remove_dept_blame", "remove_personal_blame", "give_personal_blame"}
)


def candidates(state: State, seat: int, e: list[float]) -> Iterator[Action]:
    """The sensible actions to try now (ending, drawing and extra actions aside), given
    the seats' estimates ``e``."""
    mine = state.dept_of[seat]
    rival = min((other for other in range(state.num_players) if other != seat), key=e.__getitem__)
    yield from spreads(state, seat)
    for i in state.decrees_at(mine):
        for d in destinations(state, rival, i):
            if d != mine:
                yield Forward(i, d)
        if effects.stamp_problem(state, seat, i) is None:
            yield Stamp(i)
    for other in range(state.num_players):
        yield Move(other, state.names[other])
    yield from specials(state, seat)
    for kind in set(state.hands[seat]):
        if kind != state.sd and all(s.do in SIMULATED for s in state.cards[kind].effect):
            yield from plays(state, seat, kind, rival)


def destinations(state: State, rival: int, i: int) -> set[int]:
    """Where to send decree ``i``: its next step (a reward), the strongest rival's
    department, or the Empty Department."""
    out = {state.next_step(i), state.dept_of[rival], state.empty_department()}
    out.discard(-1)
    return out


def specials(state: State, seat: int) -> Iterator[Action]:
    mine = state.dept_of[seat]
    if mine == ADM and not state.manoeuvres_used:
        yield MANOEUVRES
    elif mine == SS:
        yield from moves.specials(state, seat)
    elif mine == HR:
        for placements in reassignments(state, seat):
            yield Reassign(placements, state.names)
    elif mine == EXE:
        for change in restructures(state, seat):
            yield Restructure(change)


def spreads(state: State, seat: int) -> Iterator[Spread]:
    """For each department I may load: all my department's blame onto it, and all the
    blame I can reach onto it."""
    sources, dests = spread_scope(state, seat)
    if len(sources) < 2:
        return
    mine = state.dept_of[seat]
    blame = state.dept_blame
    for to in sorted(dests - {mine}):
        if blame[mine]:
            yield Spread((BlameMove(blame[mine], mine, to),))
        every = tuple(BlameMove(blame[s], s, to) for s in sorted(sources) if s != to and blame[s])
        if len(every) > 1 or (every and every[0].src != mine):
            yield Spread(every)


def restructures(state: State, seat: int, ops: tuple[str, ...] = OPS) -> list[Change]:
    """Restructures that touch my own department: what I control, and who controls me."""
    mine = state.dept_of[seat]
    changes = control.legal_changes(
        state.arrows, state.depts, state.options["max_controllers"], ops
    )
    return [c for c in changes if mine in c.arrow or (c.new is not None and mine in c.new)]


def _dept_costs(state: State) -> list[float]:
    """What heading each department costs its head (lower is better), roughly."""
    g = min(1.0, len(state.deck) / HORIZON)
    below, _, _ = _structure(state.arrows, state.depts)
    costs = [math.inf] * 6
    for d in state.depts:
        a = A_SPREAD if below[d] else A_STUCK
        mats = len(state.decrees_at(d))
        costs[d] = a * state.dept_blame[d] + DECREE * mats - POWER[d] * g
    return costs


def reassignments(state: State, seat: int) -> list[tuple]:
    """A few reassignments (DEC-50): me to the cheapest department, the strongest rival to
    the dearest, and everybody sorted so (strongest rivals to the dearest departments)."""
    costs = _dept_costs(state)
    e = estimates(state)
    order = sorted(state.depts, key=costs.__getitem__)
    rivals = sorted(
        (other for other in range(state.num_players) if other != seat), key=e.__getitem__
    )
    out = []
    out.append(_swapped(state, seat, order[0]))
    out.append(_swapped(state, rivals[0], order[-1]))
    sorted_all = [-1] * state.num_players
    sorted_all[seat] = order[0]
    for other, d in zip(rivals, reversed(order[1:]), strict=False):
        sorted_all[other] = d
    if -1 not in sorted_all:
        out.append(tuple(enumerate(sorted_all)))
    current = tuple(enumerate(state.dept_of))
    return [r for r in dict.fromkeys(out) if r != current]


def _swapped(state: State, seat: int, dept: int) -> tuple:
    """Every seat's department after ``seat`` takes ``dept`` and its head takes hers."""
    where = list(state.dept_of)
    holder = state.head[dept]
    if holder >= 0:
        where[holder] = where[seat]
    where[seat] = dept
    return tuple(enumerate(where))


def plays(state: State, seat: int, kind: int, rival: int) -> Iterator[Play]:
    """Plays of a card with its sensible arguments: the most blame each time, and only
    restructures and reassignments of the kinds tried as specials."""
    options = []
    for step in state.cards[kind].effect:
        options.append(_step_args(state, seat, step, rival) or [None])
    for args in product(*options):
        if any(a is not None for a in args):
            yield moves.make_play(state, kind, args)


def _step_args(state: State, seat: int, step, rival: int) -> list:
    do = step.do
    if do == "restructure":
        return [(c,) for c in restructures(state, seat, step.ops)]
    if do == "reassign":
        return [(r,) for r in reassignments(state, seat)]
    choices = effects.choices(state, seat, step)
    if do == "move_decree":
        return [a for a in choices if a[1] < 0 or a[1] in destinations(state, rival, a[0])]
    if do == "swap_heads":
        return [a for a in choices if seat in a or rival in a]
    if do not in AMOUNTS:
        return choices
    most: dict = {}
    for args in choices:
        if args[0] > most.get(args[1:], (0,))[0]:
            most[args[1:]] = args
    return list(most.values())
