"""Aristocracy's heuristic bot and its position evaluator.

The bot plays the way a careful human does (``docs/games/aristocracy.md``,
"The heuristic bot"): it collects cards of a few ranks, lays a building
*site* on a rank as soon as it holds three of it (a château-sized building
whose missing cards are filler), then swaps the filler out with Store as
matching cards arrive by draws, trades, the Ball, the auction, purchases and
harvests. Stalls hold its junk, so its actions cost it nothing it needs.
Kings are kept for free builds, Queens spent on visits, Jacks on purchases.
At Glory it ends the game as soon as it qualifies and leads. Aristocracy has
no negotiated deals: its only exchanges are Trades, which the other side
cannot refuse, so the bot weighs each trade by what it gains, what it gives
up, and how much the card it hands over helps the player who receives it.

``evaluate`` scores a position for search bots: each seat's share of the
win, a softmax of its progress (complete buildings, incomplete ones by the
cards they miss, held cards that fit or grow a building or make a set,
Kings, Glory in reach, coins).

>>> from bureau.games.aristocracy import GAME
>>> state = GAME.new(3, seed=1, options={"herald": 0})
>>> bot = HeuristicBot(GAME, seat=0, seed=1)
>>> str(bot.act(state)).startswith("stall")
True
>>> shares = evaluate(state)  # no buildings yet: the hands differ (sets, Kings)
>>> round(sum(shares), 6), all(0 < x < 1 for x in shares)
(1.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import combinations

from bureau.cards import JACK, KING, QUEEN, rank, weight
from bureau.engine import Game
from bureau.engine.bot import Bot

from . import flow, rules
from .actions import (
    DECLINE,
    FORCE_DISCARD,
    FORCE_PAY,
    GLORY,
    PASS,
    STALL,
    Action,
    Ball,
    Bid,
    Build,
    Buy,
    Discard,
    Downgrade,
    Expose,
    Favor,
    Force,
    Harvest,
    Hide,
    Penalty,
    Pick,
    Royal,
    Sell,
    Stall,
    Store,
    Trade,
    Upgrade,
    Visit,
)
from .moves import building_ref, market_picks, visit_choices
from .state import ACT, BALL, BID, EXPOSE, FACE_UP, FORCE, OVER, PENALTY, PICK, TAX, Building, State
from .state import GLORY as GLORY_STEP
from .state import JACK as JACK_ROUND
from .state import KING as KING_ROUND
from .state import QUEEN as QUEEN_ROUND
from .state import STALL as STALL_STEP

RANKS = tuple(rank(c) for c in range(54))  # rank by card code, for the hot loops

# What one more card of a rank is worth, by how many of it the bot then holds
# beyond what its buildings need: singles are junk, pairs and more grow a site.
MARGINAL = (0, 1, 5, 8, 10, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7)
NEEDED = 50  # a card that fills a mismatched slot of one of the bot's buildings
GROW = 15  # a card that can grow a complete farm or estate
# The favors of the first face cards of each rank: a King builds, a Queen visits, a Jack buys.
FAVOR = {KING: (30, 20, 8), QUEEN: (6, 3), JACK: (5, 3)}
JUNK = 1  # worth at or below this: stall fodder, ball fodder, sold for coins
MAX_SITES = 2  # incomplete buildings the bot keeps under construction at once
RICH = 4  # coins from which the bot spends freely on royal actions
P_COMPLETE = 0.35  # the chance that an opponent's unvisited building is complete


class Plan:
    """What the bot knows of its own holdings, computed once per decision."""

    __slots__ = (
        "builds_on",
        "chateau",
        "estate",
        "farm",
        "held",
        "leader",
        "need",
        "seat",
        "state",
    )

    def __init__(self, state: State, seat: int):
        self.state = state
        self.seat = seat
        self.farm, self.estate, self.chateau = flow.sizes(state)
        held = [0] * 14
        for c in state.hands[seat]:
            held[RANKS[c]] += 1
        for c in state.stalls[seat]:
            held[RANKS[c]] += 1
        self.held = held
        need = [0] * 14
        for b in state.buildings[seat]:
            r = RANKS[b.address]
            need[r] += sum(1 for c in b.cards if RANKS[c] != r)
        self.need = need
        self.leader = public_leader(state, seat)
        # The ranks each player builds on (public: address cards lie face up).
        self.builds_on = [{RANKS[b.address] for b in bs} for bs in state.buildings]

    def grow_room(self, r: int) -> int:
        """Cards of rank ``r`` that could grow the bot's complete farms and estates."""
        room = 0
        for b in self.state.buildings[self.seat]:
            if RANKS[b.address] == r and len(b.cards) < self.chateau and complete(b):
                room += self.chateau - len(b.cards)
        return room

    def worth(self, r: int, held: int) -> int:
        """What the ``held``-th card of rank ``r`` is worth to the bot: as building material
        (a slot to fill, a site to grow) or as a face card's favor, whichever is more."""
        extra = held - self.need[r]
        if extra <= 0:
            return NEEDED
        value = MARGINAL[min(extra, 14)]
        if extra <= self.grow_room(r):
            value += GROW
        favors = FAVOR.get(r, ())
        return max(value, favors[held - 1]) if held <= len(favors) else value

    def gain(self, r: int) -> int:
        """What one more card of rank ``r`` is worth to the bot."""
        return self.worth(r, self.held[r] + 1)

    def keep(self, r: int) -> int:
        """What the bot loses by giving up one of its cards of rank ``r``."""
        return self.worth(r, self.held[r])

    def sources(self, exclude: int = -1) -> list[int]:
        """The bot's cards as action sources, stall copies first (they are exposed to trades)."""
        out = [c | STALL for c in self.state.stalls[self.seat]] + self.state.hands[self.seat]
        if exclude >= 0:
            out.remove(exclude)
        return out


def complete(b: Building) -> bool:
    want = RANKS[b.address]
    return all(RANKS[c] == want for c in b.cards)


def public_vp(state: State, seat: int) -> float:
    """``seat``'s victory points as anyone may guess them: a building with an exposed
    mismatched card scores nothing, any other counts with ``P_COMPLETE``."""
    farm = state.options["farm_size"]
    total = 0.0
    for b in state.buildings[seat]:
        want = RANKS[b.address]
        if not any(e and RANKS[c] != want for c, e in zip(b.cards, b.exposed, strict=True)):
            total += (len(b.cards) - farm + 1) * P_COMPLETE
    return total


def rivals(state: State, seat: int) -> list[int]:
    """``seat``'s opponents clockwise from her left, so that ties between them favor no seat."""
    n = state.num_players
    return [(seat + k) % n for k in range(1, n)]


def public_leader(state: State, seat: int) -> int:
    """The opponent of ``seat`` who looks furthest ahead from public information."""
    best, best_score = -1, -1.0
    for other in rivals(state, seat):
        score = (
            public_vp(state, other) + 0.1 * len(state.buildings[other]) + 0.01 * state.coins[other]
        )
        if score > best_score:
            best, best_score = other, score
    return best


# -- the bot ----------------------------------------------------------------------------------


class HeuristicBot(Bot):
    """Builds sites on the ranks it collects and fills them, trades junk for what it needs,
    visits and buys with spare face cards, and claims Glory as soon as it qualifies and leads.

    ``fallbacks`` counts decisions where its own plan failed and it played a random legal
    action instead (never, in the tests' games).
    """

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int = 0):
        super().__init__(game, seat, seed)
        self.fallbacks = 0

    def choose(self, state: State) -> Action:
        seat = self.seat
        try:
            action = decide(state, seat)
            rules.check(state, seat, action)
            return action
        except Exception:  # never stop a game: a legal random action instead
            self.fallbacks += 1
            return self.game.sample_action(state, seat, self.rng)


def decide(state: State, seat: int) -> Action:
    """The heuristic bot's choice for ``seat`` in ``state``."""
    step = state.step
    if step == ACT:
        return act(Plan(state, seat))
    if step == STALL_STEP:
        return choose_stall(Plan(state, seat))
    if step == TAX:
        return choose_tax(Plan(state, seat))
    if step == BALL:
        plan = Plan(state, seat)
        return Ball(tuple(sorted(c for c in state.hands[seat] if plan.keep(RANKS[c]) <= JUNK)))
    if step == BID:
        return choose_bid(Plan(state, seat))
    if step == PICK:
        return choose_pick(Plan(state, seat))
    if step == PENALTY:
        choices = visit_choices(state, Penalty, exposed=True)
        return choices[0] if choices else DECLINE
    if step == FORCE:
        return choose_force(state, seat)
    if step == EXPOSE:
        choices = visit_choices(state, Expose, exposed=False)
        return choices[0] if choices else DECLINE
    if step == GLORY_STEP:
        return GLORY if wants_glory(state, seat) else DECLINE
    raise ValueError(f"no decision at step {step}")


# -- royal events ----------------------------------------------------------------------------


def by_keep(plan: Plan, cards: Iterable[int]) -> list[int]:
    """``cards`` from least to most worth keeping; lighter first among equals."""
    return sorted(cards, key=lambda c: (plan.keep(RANKS[c]), weight(c), c))


def choose_tax(plan: Plan) -> Discard:
    k = rules.excess(plan.state, plan.seat)
    return Discard(tuple(by_keep(plan, plan.state.hands[plan.seat])[:k]))


def choose_bid(plan: Plan) -> Bid:
    coins = plan.state.coins[plan.seat]
    best = max((plan.gain(RANKS[c]) for c in plan.state.market), default=0)
    if best >= NEEDED:
        return Bid(min(coins, 3))
    target = 2 if best >= 14 else 1 if best >= 6 else 0
    if coins >= RICH and target:
        target += 1
    return Bid(min(target, max(0, coins - 1)))  # keep a coin for a royal build


def choose_pick(plan: Plan) -> Pick:
    taken = {i for _, i in plan.state.picks}  # a card two players pick is discarded
    return max(
        market_picks(plan.state),
        key=lambda a: plan.gain(RANKS[a.card]) - (20 if a.at in taken else 0),
    )


# -- the stall ----------------------------------------------------------------------------------


def wanted_actions(plan: Plan) -> int:
    """How many actions the bot expects to use this round."""
    state, seat = plan.state, plan.seat
    hand = state.hands[seat]
    n = sum(min(plan.held[r], plan.need[r]) for r in range(1, 14))
    n += sum(1 for b in state.buildings[seat] if b.production is not None)
    n += sum(1 for c in state.market if plan.gain(RANKS[c]) >= 6) * 2
    n += state.num_players - 1  # opponents' stalls usually offer a useful trade
    kings = sum(1 for c in hand if RANKS[c] == KING)
    if kings or (state.royal == KING_ROUND and state.coins[seat] >= 1):
        n += 1 + kings
    if state.royal == QUEEN_ROUND or any(RANKS[c] in (QUEEN, JACK) for c in hand):
        n += 1
    return n


def choose_stall(plan: Plan) -> Stall:
    """Junk first, light cards first (the lightest stall acts first); never a King."""
    hand = plan.state.hands[plan.seat]
    want = wanted_actions(plan)
    junk = sorted((c for c in hand if plan.keep(RANKS[c]) <= JUNK), key=weight)
    stall = junk[: want + 2]  # a spare pair of junk can be sold
    if len(stall) < want:
        rest = [c for c in by_keep(plan, hand) if RANKS[c] < JACK and plan.keep(RANKS[c]) > JUNK]
        stall += [c for c in rest if plan.keep(RANKS[c]) < NEEDED][: want - len(stall)]
    return Stall(tuple(sorted(stall)))


# -- the active player's actions -------------------------------------------------------------------


def act(plan: Plan) -> Action:
    """The first useful action, most valuable first; pass when nothing helps."""
    for option in (
        take_harvest,
        glory_downgrade,
        take_store,
        needed_trade,
        take_build,
        useful_trade,
        take_buy,
        take_visit,
        take_hide,
        take_sell,
    ):
        action = option(plan)
        if action is not None:
            return action
    return PASS


def take_harvest(plan: Plan) -> Harvest | None:
    """A production card is a free card."""
    for i, b in enumerate(plan.state.buildings[plan.seat]):
        if b.production is not None:
            return Harvest(i, building_ref(plan.state, plan.seat, i))
    return None


def take_store(plan: Plan) -> Store | None:
    """Swap a matching card into a building for one of its mismatched cards, exposed first."""
    state, seat = plan.state, plan.seat
    srcs = plan.sources()
    order = sorted(
        range(len(state.buildings[seat])), key=lambda i: -len(state.buildings[seat][i].cards)
    )
    for i in order:
        b = state.buildings[seat][i]
        want = RANKS[b.address]
        src = next((s for s in srcs if RANKS[s & 63] == want), None)
        if src is None:
            continue
        wrong = [j for j, c in enumerate(b.cards) if RANKS[c] != want]
        if wrong:
            j = max(wrong, key=lambda j: b.exposed[j])
            return Store(src, i, building_ref(state, seat, i), b.cards[j])
    return None


def trades(plan: Plan, threshold: int) -> Trade | None:
    """The best trade of a stall card for a market or opponent's stall card, if its net worth
    (gain, less what is given up and how much it helps whoever receives it) reaches
    ``threshold``."""
    state, seat = plan.state, plan.seat
    mine = state.stalls[seat]
    if not mine:
        return None
    targets = [(-1, c) for c in state.market]
    for other in rivals(state, seat):
        targets += [(other, c) for c in state.stalls[other]]
    best, best_net, give = None, threshold - 1, -1
    for owner, take in targets:
        r = RANKS[take]
        g = min(
            (c for c in mine if RANKS[c] != r),
            key=lambda c: (plan.keep(RANKS[c]) + helps(plan, c, owner), weight(c)),
            default=None,
        )
        if g is None:
            continue
        net = plan.gain(r) - plan.keep(RANKS[g]) - helps(plan, g, owner)
        if owner >= 0 and r in plan.builds_on[owner]:
            net += 3  # it also denies the owner a card she builds on
        if net > best_net:
            best, best_net, give = (owner, take), net, g
    if best is None:
        return None
    owner, take = best
    return Trade(give, take, owner, state.names[owner] if owner >= 0 else "market")


def helps(plan: Plan, card: int, owner: int) -> int:
    """How much handing ``card`` to ``owner`` (or the market, -1) helps an opponent."""
    r = RANKS[card]
    if owner < 0:  # somebody who builds on it may take it from the market
        return (
            1 if any(r in plan.builds_on[other] for other in rivals(plan.state, plan.seat)) else 0
        )
    if r in plan.builds_on[owner]:
        return 12 if owner == plan.leader else 6
    return 0


def needed_trade(plan: Plan) -> Trade | None:
    return trades(plan, NEEDED - 10)


def useful_trade(plan: Plan) -> Trade | None:
    return trades(plan, 3)


def build_means(plan: Plan) -> list[tuple[int, int]]:
    """How the bot can build now: ``(favor source or -1, value it needs)``, cheapest first."""
    state, seat = plan.state, plan.seat
    means = []
    if state.royal == KING_ROUND and state.coins[seat] >= 1:
        means.append((-1, 4 if state.coins[seat] >= RICH else 8))
    king = next((s for s in plan.sources() if RANKS[s & 63] == KING), None)
    if king is not None:
        means.append((king, 14))
    return means


def take_build(plan: Plan) -> Royal | Favor | None:
    """Build or upgrade, by a royal action in the King round or a King's favor."""
    for favor, worth_it in build_means(plan):
        value, special = best_build(plan, plan.sources(favor))
        if special is not None and value >= worth_it:
            return Royal(special) if favor < 0 else Favor(favor, special)
    return None


def best_build(plan: Plan, srcs: list[int]) -> tuple[int, Build | Upgrade | None]:
    """The most valuable build or upgrade from ``srcs``: ``(value, special)``."""
    options: list[tuple[int, Build | Upgrade | None]] = [
        *complete_builds(plan, srcs),
        *site_builds(plan, srcs),
        *upgrades(plan, srcs),
    ]
    return max(options, key=lambda o: o[0], default=(0, None))


def of_rank(srcs: list[int], r: int) -> list[int]:
    return [s for s in srcs if RANKS[s & 63] == r]


def complete_builds(plan: Plan, srcs: list[int]) -> Iterator[tuple[int, Build]]:
    """New complete buildings: a rank held ``farm + 1`` times or more."""
    names = ("farm", "estate", "chateau")
    for r in range(1, 14):
        same = of_rank(srcs, r)
        if len(same) > plan.farm:
            size = min(len(same) - 1, plan.chateau)
            points = size - plan.farm + 1
            cards = tuple(sorted(same[1 : size + 1]))
            yield 12 * points, Build(names[points - 1], same[0], cards)


def site_builds(plan: Plan, srcs: list[int]) -> Iterator[tuple[int, Build]]:
    """New incomplete buildings on a rank held three times, the rest filler junk."""
    state, seat = plan.state, plan.seat
    sites = sum(1 for b in state.buildings[seat] if not complete(b))
    if sites >= MAX_SITES:
        return
    names = ("farm", "estate", "chateau")
    for r in range(1, 14):
        same = of_rank(srcs, r)
        if not 3 <= len(same) <= plan.chateau or plan.need[r]:
            continue
        filler = [s for s in srcs if RANKS[s & 63] != r and plan.keep(RANKS[s & 63]) <= JUNK]
        filler.sort(key=lambda s: weight(s & 63))
        for size in (plan.chateau, plan.estate, plan.farm):
            short = size - (len(same) - 1)
            if 0 < short <= len(filler):
                cards = tuple(sorted(same[1:] + filler[:short]))
                points = size - plan.farm + 1
                value = 3 * (len(same) - 1) + (3 if size >= plan.estate else 0) + points - 1
                yield value, Build(names[points - 1], same[0], cards)
                break


def upgrades(plan: Plan, srcs: list[int]) -> Iterator[tuple[int, Upgrade]]:
    """Farms and estates grown: complete ones with matching cards only; incomplete ones to
    a château with filler too, for its Honor coin, hand size and slots to fill."""
    state, seat = plan.state, plan.seat
    for i, b in enumerate(state.buildings[seat]):
        size = len(b.cards)
        if size >= plan.chateau:
            continue
        r = RANKS[b.address]
        same = of_rank(srcs, r)
        ref = building_ref(state, seat, i)
        if complete(b):
            add = min(len(same), plan.chateau - size)
            if add > 0:
                yield 12 * add, Upgrade(i, ref, tuple(sorted(same[:add])))
            continue
        add = plan.chateau - size
        filler = [s for s in srcs if RANKS[s & 63] != r and plan.keep(RANKS[s & 63]) <= JUNK]
        cards = (same + sorted(filler, key=lambda s: weight(s & 63)))[:add]
        if len(cards) == add:
            value = 3 * min(len(same), add) + (3 if size < plan.estate else 0) + 1
            yield value, Upgrade(i, ref, tuple(sorted(cards)))


def glory_downgrade(plan: Plan) -> Downgrade | None:
    """In the King round, drop mismatched cards if that is all Glory still needs."""
    state, seat = plan.state, plan.seat
    if state.royal != KING_ROUND or flow.can_glory(state, seat):
        return None
    fixable = []
    for i, b in enumerate(state.buildings[seat]):
        want = RANKS[b.address]
        wrong = tuple(sorted(c for c in b.cards if RANKS[c] != want))
        if wrong and len(b.cards) - len(wrong) >= plan.farm:
            fixable.append((i, wrong))
    for k in range(1, min(len(fixable), state.actions_left) + 1):
        for chosen in combinations(fixable, k):
            if qualifies_after(plan, chosen):
                i, wrong = chosen[0]
                return Downgrade(i, building_ref(state, seat, i), wrong)
    return None


def qualifies_after(plan: Plan, chosen: Iterable[tuple[int, tuple[int, ...]]]) -> bool:
    """Whether the bot meets Glory once the ``chosen`` buildings drop their mismatched cards,
    with enough points to lead."""
    counts = [0, 0, 0]
    dropped = dict(chosen)
    for i, b in enumerate(plan.state.buildings[plan.seat]):
        size = len(b.cards) - len(dropped.get(i, ()))
        if i in dropped or complete(b):
            counts[size - plan.farm] += 1
    farms, estates, chateaux = counts
    ok = chateaux >= 1 and (chateaux >= 2 or estates >= 2 or farms >= 3)
    return ok and farms + 2 * estates + 3 * chateaux > best_rival(plan.state, plan.seat)


def take_buy(plan: Plan) -> Royal | Favor | None:
    """Buy a face-up discard the bot wants, with a Jack's favor or a royal action."""
    state, seat = plan.state, plan.seat
    face_up = state.discard[:FACE_UP]
    if not face_up:
        return None
    card = max(face_up, key=lambda c: plan.gain(RANKS[c]))
    value = plan.gain(RANKS[card])
    jack = next((s for s in plan.sources() if RANKS[s & 63] == JACK), None)
    if jack is not None and value >= 6 and RANKS[card] != JACK:
        return Favor(jack, Buy(card))
    enough = 6 if state.coins[seat] >= RICH else 14
    if state.royal == JACK_ROUND and state.coins[seat] >= 2 and value >= enough:
        return Royal(Buy(card))
    return None


def take_visit(plan: Plan) -> Royal | Favor | None:
    """Visit an opponent's building: with a Queen's favor anywhere, with a royal action where
    an exposed mismatched card promises a coin and the re-visit penalty."""
    state, seat = plan.state, plan.seat
    best, best_score = None, 0
    for other in rivals(state, seat):
        for i, b in enumerate(state.buildings[other]):
            want = RANKS[b.address]
            exposed = any(e and RANKS[c] != want for c, e in zip(b.cards, b.exposed, strict=True))
            score = (3 if exposed else 1) + (other == plan.leader) + (state.coins[other] > 0)
            if score > best_score:
                best, best_score = (
                    Visit(other, state.names[other], i, building_ref(state, other, i)),
                    score,
                )
    if best is None:
        return None
    queen = next((s for s in plan.sources() if RANKS[s & 63] == QUEEN), None)
    if queen is not None:
        return Favor(queen, best)
    enough = 2 if state.coins[seat] >= RICH else 4  # a coin spent for a coin back, or more
    if state.royal == QUEEN_ROUND and state.coins[seat] >= 2 and best_score >= enough:
        return Royal(best)
    return None


def take_hide(plan: Plan) -> Hide | None:
    """Take a valuable stall card back before a player still to act can trade it away."""
    state, seat = plan.state, plan.seat
    if not any(not state.acted[other] and state.stall_size[other] for other in rivals(state, seat)):
        return None
    card = max(state.stalls[seat], key=lambda c: plan.keep(RANKS[c]), default=None)
    if card is not None and plan.keep(RANKS[card]) >= 8:
        return Hide(card)
    return None


def take_sell(plan: Plan) -> Sell | None:
    """Sell two junk stall cards for a coin while coins are short."""
    state, seat = plan.state, plan.seat
    if state.coins[seat] >= 5:
        return None
    junk = sorted(c for c in state.stalls[seat] if plan.keep(RANKS[c]) <= JUNK)
    return Sell(junk[0], junk[1]) if len(junk) >= 2 else None


# -- visits and Glory -------------------------------------------------------------------------


def choose_force(state: State, seat: int) -> Force:
    """As visitor, discard the exposed card unless that completes the building; as owner
    (``revisit_choice=owner``), discard only if it completes it."""
    owner, i, j = state.visiting()
    b = state.buildings[owner][i]
    want = RANKS[b.address]
    rest_complete = all(RANKS[c] == want for k, c in enumerate(b.cards) if k != j)
    repairs = rest_complete and len(b.cards) - 1 >= state.options["farm_size"]
    if seat == owner:
        return FORCE_DISCARD if repairs or state.coins[seat] == 0 else FORCE_PAY
    return FORCE_PAY if repairs else FORCE_DISCARD


def best_rival(state: State, seat: int) -> float:
    return max(
        (public_vp(state, other) for other in range(state.num_players) if other != seat),
        default=0.0,
    )


def wants_glory(state: State, seat: int) -> bool:
    """Claim Glory when qualified and ahead of every rival's public estimate."""
    return flow.can_glory(state, seat) and flow.victory_points(state, seat) > best_rival(
        state, seat
    )


# -- the evaluator ------------------------------------------------------------------------------

TEMPERATURE = 1.5  # progress points per e-fold of win odds
COIN = 0.1  # a coin: a royal action, a bid, the first tie-break
SHORT = 0.55  # an incomplete building is worth its points times this per missing card
STORABLE = 0.8  # a held card that fits a mismatched slot: this much of a stored one
UPGRADE = 0.35  # a held card that can grow a complete farm or estate, per point it adds
SETS = (0, 0, 0.1, 0.3, 0.5, 0.9, 1.3, 1.6, 1.8)  # cards held of a rank nobody builds on
KINGS = (0.4, 0.2)  # the first and second King held: free builds
KINGS_HELD = tuple(sum(KINGS[:k]) for k in range(len(KINGS) + 1))  # by Kings held


def progress(state: State, seat: int) -> float:
    """``seat``'s progress, in victory points within reach: complete buildings in full, an
    incomplete one by its points discounted per missing card (a held card that fits counts
    as most of one stored), held cards that can grow a building or make a new one, Kings
    to build with, a bonus for Glory in reach, and a little for coins.

    Held cards count, so that a search does not trade, sell or discard away the material
    its buildings need for a coin or a half-built site."""
    farm = state.options["farm_size"]
    chateau = state.options["chateau_size"]
    held = [0] * 14
    for c in state.hands[seat]:
        held[RANKS[c]] += 1
    for c in state.stalls[seat]:
        held[RANKS[c]] += 1
    total = COIN * state.coins[seat]
    counts = [0, 0, 0]
    used = set()
    for b in state.buildings[seat]:
        want = RANKS[b.address]
        used.add(want)
        size = len(b.cards)
        kind = size - farm
        matched = 0
        for c in b.cards:
            if RANKS[c] == want:
                matched += 1
        if matched == size:
            counts[kind] += 1
            total += kind + 1
            grow = min(held[want], chateau - size)
            held[want] -= grow
            total += UPGRADE * grow
        else:
            fit = min(held[want], size - matched)
            held[want] -= fit
            total += (kind + 1) * SHORT ** (size - matched - STORABLE * fit)
    farms, estates, chateaux = counts
    if chateaux and (chateaux >= 2 or estates >= 2 or farms >= 3):
        total += 3.0
    for r in range(1, 14):
        k = held[r]
        if k > 1 or (k and r == KING):  # the others add 0: SETS is 0 below a pair
            if r == KING:
                total += KINGS_HELD[min(k, len(KINGS))]
            elif r not in used:
                total += SETS[min(k, len(SETS) - 1)]
    return total


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's estimated share of the win, in [0, 1], summing to 1.

    While the game runs: a softmax of each seat's ``progress``. Once it is over,
    the winners share 1; a capped game (no winner) leaves every seat alike.
    """
    n = state.num_players
    if state.step == OVER:
        assert state.outcome is not None  # the game's end sets it
        winners = state.outcome.winners
        if not winners:
            return (1 / n,) * n
        return tuple(1 / len(winners) if s in winners else 0.0 for s in range(n))
    scores = [progress(state, seat) for seat in range(n)]
    top = max(scores)
    odds = [math.exp((s - top) / TEMPERATURE) for s in scores]
    total = sum(odds)
    return tuple(o / total for o in odds)


__all__ = ["HeuristicBot", "decide", "evaluate", "progress"]
