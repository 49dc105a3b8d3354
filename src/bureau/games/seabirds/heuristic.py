"""A Seabirds player with a plain strategy, and a cheap judge of who is winning.

The strategy, as a forum player would put it:

- **Draft** the Houses whose Upgrades come cheapest (Harvesting, Breeding), then the
  takers (Suppression, Sensation), then Information.
- **Build engines first.** Victory Points come only from Upgrades, so buy one the moment
  it is affordable, in public (it resolves at once, and an Air Phase purchase pays at this
  Round's landing). Early on prefer what pays income (Business Contacts, Expansion
  Contract); at the last Stop, plain Victory Points per asset spent.
- **Unblock a purchase** that lacks one thing: Infrastructure or a Reinvestment turns
  Resources into Money (or Money into Resources) when that lets an Upgrade be bought now.
- **Spend the last income**: at the final Stop sealed Transactions resolve after the
  income, so it seals the purchases that income pays for.
- **Trade own Resources for others'**: a House's own type is its least useful (it pays only
  for Expansion Contracts), another House's is worth more to it (Infrastructure,
  Distribution, Business Contacts). So it offers 1-for-1 swaps as a standing public
  conditional, opposed Houses first, and takes others' offers that are good for it.
- **Deals**: it accepts an offer when what it gets is worth more to it than what it gives,
  unless the offer comes from the leader and helps the leader more. It accepts with a
  same-batch conditional, so it never pays if the other side cannot.
- **Takes** (Sensation, Suppression): 1 Money from the strongest rival each Round.

``evaluate`` turns each House's Victory Points, holdings and income engines into shares of
the win (a softmax of the lead that sharpens as the final Stop nears).

>>> from bureau.games.seabirds.game import GAME
>>> houses = {"houses": ["Breeding", "Usury", "Sensation"], "rolls": ["3", "3", "3"]}
>>> state = GAME.new(3, seed=1, options=houses)
>>> str(HeuristicBot(GAME, 0).act(state))
'post: ATTN Bureau: Transaction. I buy an Expansion Contract with 3 Worker Beetles.'
>>> round(sum(evaluate(state)), 9)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache

from bureau.engine.bot import Bot

from . import economy
from .actions import AGREE, READY, Action, Hide, Orders, Pick, Post
from .state import (
    AIR,
    BREEDING,
    CONTACTS,
    DISTRIBUTION,
    DRAFT,
    EXPANSION,
    HARVESTING,
    INFRASTRUCTURE,
    LAND,
    MONEY,
    NUM_ASSETS,
    OVER,
    SECRETS,
    SENSATION,
    SUPPRESSION,
    USURY,
    Pending,
    State,
    opposed_assets,
    own_asset,
)
from .transactions import (
    HEADER,
    Conditional,
    Gift,
    Reinvest,
    Requirement,
    Take,
    Transaction,
    Upgrade,
    text,
)

DRAFT_ORDER = (HARVESTING, BREEDING, SUPPRESSION, SENSATION, USURY, SECRETS)
VP_UPGRADES = (CONTACTS, EXPANSION, DISTRIBUTION)  # the ones worth Victory Points
ASSETS_PER_POINT = 4.0  # an Expansion Contract: 4 assets for 1 Victory Point
LANDING_ODDS = 0.75  # a quarter of the Complication cards are Hazards
MAX_POSTS = 10  # per phase: a bot whose posts keep failing still gets ready
IDLE = Post("Fair winds.")
SWAP = 2  # units of a 1-for-1 swap of own Resources
MIN_GAIN = 0.05  # a deal must be worth at least this much to take it


# -- judging a position ----------------------------------------------------------------------


def useful_landings(state: State) -> int:
    """Landings still to come whose income can still buy something (the final one's cannot):
    in Round k's Air Phase, k .. N-1; in its Land Phase, k+1 .. N-1."""
    return max(0, state.stops - state.round - (state.phase != AIR and state.phase != DRAFT))


def strength(state: State, seat: int, landings: int) -> float:
    """A House's standing in Victory Points: its points, its holdings at the going rate of
    an Expansion Contract, and the income its engines will still bring."""
    ups = state.upgrades[seat]
    vp = ups[EXPANSION] + ups[CONTACTS] + 2 * ups[DISTRIBUTION]
    engines = ups[EXPANSION] + ups[CONTACTS]
    return vp + (sum(state.holdings[seat]) + engines * landings * LANDING_ODDS) / ASSETS_PER_POINT


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's share of the win, in [0, 1], summing to 1, from public information only.

    A softmax of ``strength``: one Victory Point ahead is worth more as the end nears.
    Over, the winners share the win; during the draft every seat is alike.

    >>> from bureau.games.seabirds.game import GAME
    >>> s = GAME.new(3, seed=2, options={"houses": ["Usury", "Secrets", "Sensation"]})
    >>> s.upgrades[1][3] = 2  # Secrets holds two Distribution Contracts: 4 points
    >>> [round(x, 2) for x in evaluate(s)]
    [0.08, 0.83, 0.08]
    """
    n = state.num_players
    if state.phase == OVER:
        assert state.outcome is not None, "a game over has its outcome"
        won = state.outcome.winners
        if not won:  # a capped game
            return (1 / n,) * n
        return tuple(1 / len(won) if seat in won else 0.0 for seat in range(n))
    if state.phase == DRAFT:
        return (1 / n,) * n
    landings = useful_landings(state)
    temperature = 0.5 + 0.25 * landings
    scores = [strength(state, seat, landings) / temperature for seat in range(n)]
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


def leader(state: State) -> int:
    """The seat with the greatest ``strength`` (the lowest seat among equals)."""
    landings = useful_landings(state)
    scores = [strength(state, seat, landings) for seat in range(state.num_players)]
    return scores.index(max(scores))


def values(state: State, seat: int) -> tuple[float, ...]:
    """What one unit of each asset is worth to ``seat`` now, Money being 1.

    Its own Resource buys only Expansion Contracts, so it is worth least; opposed Resources
    buy Business Contacts. At the final Stop only the count matters (the tie-break)."""
    if state.round >= state.stops:
        return (1.0,) * NUM_ASSETS
    house = state.house_of[seat]
    held = state.holdings[seat]
    opposed = opposed_assets(house)
    short = held[opposed[0]] + held[opposed[1]] < 2
    out = [1.0] * NUM_ASSETS
    out[MONEY] = 1.2 if held[MONEY] < 2 else 1.0
    out[own_asset(house)] = 0.8
    for a in opposed:
        out[a] = 1.2 if short else 1.0
    return tuple(out)


def covers(held: Sequence[int], amounts: Sequence[int]) -> bool:
    return all(h >= n for h, n in zip(held, amounts, strict=True))


def worth(vals: tuple[float, ...], amounts: Sequence[int]) -> float:
    return sum(v * n for v, n in zip(vals, amounts, strict=True))


# -- paying for Upgrades ---------------------------------------------------------------------


@cache
def spend_order(house: int, kinds: str) -> tuple[int, ...]:
    """The Resource types ``house`` pays with for ``kinds``, the least useful first:
    its own, then others', then the opposed ones it keeps for Business Contacts."""
    own, opposed = own_asset(house), opposed_assets(house)
    allowed = economy.allowed_kinds(house, kinds)
    return tuple(sorted(allowed, key=lambda a: 0 if a == own else 2 if a in opposed else 1))


def payment(state: State, house: int, held: list[int], upgrade: int) -> tuple[int, ...] | None:
    """The exact price of ``upgrade`` out of ``held``, or None if it cannot be paid."""
    money, need, kinds = economy.cost(
        house, upgrade, state.options["discount_applies_to_infrastructure"]
    )
    if held[MONEY] < money:
        return None
    pay = [0] * NUM_ASSETS
    pay[MONEY] = money
    for a in spend_order(house, kinds):
        take = min(need, held[a])
        pay[a] = take
        need -= take
        if not need:
            return tuple(pay)
    return None


def upgrade_score(upgrade: int, landings: int) -> float:
    """Victory Points (and income, counted in points) per asset spent, roughly."""
    income = landings * LANDING_ODDS / ASSETS_PER_POINT
    if upgrade == DISTRIBUTION:
        return 2 / 7
    if upgrade == CONTACTS:
        return (1 + 1.25 * income) / 3  # Money is scarcer than Resources
    return (1 + income) / 4


def best_upgrade(state: State, house: int, held: list[int]) -> Upgrade | None:
    """The Victory Point Upgrade ``held`` pays for that scores best, if any."""
    landings = useful_landings(state)
    best, top = None, 0.0
    for u in VP_UPGRADES:
        pay = payment(state, house, held, u)
        if pay is not None and (score := upgrade_score(u, landings)) > top:
            best, top = Upgrade(u, pay), score
    return best


def unblock(state: State, house: int, held: list[int]) -> Upgrade | Reinvest | None:
    """One step that lets a Victory Point Upgrade be bought next: Infrastructure for Money,
    or a 2-for-1 Reinvestment either way."""
    own = own_asset(house)
    infra = payment(state, house, held, INFRASTRUCTURE)
    if infra is not None:
        after = [h - p for h, p in zip(held, infra, strict=True)]
        after[MONEY] += economy.UPGRADE_GAIN[INFRASTRUCTURE]
        late = state.round >= state.stops
        if best_upgrade(state, house, after) or (held[MONEY] == 0 and not late):
            return Upgrade(INFRASTRUCTURE, infra)
    for give, get in ((own, MONEY), (MONEY, own)):
        if held[give] >= 2:
            after = list(held)
            after[give] -= 2
            after[get] += 1
            if best_upgrade(state, house, after):
                return Reinvest(_one(give, 2), _one(get, 1))
    return None


def _one(asset: int, n: int) -> tuple[int, ...]:
    out = [0] * NUM_ASSETS
    out[asset] = n
    return tuple(out)


# -- deals -----------------------------------------------------------------------------------


def offers_to(state: State, seat: int) -> Iterator[Pending]:
    """Standing offers that ``seat``'s House could meet: a gift to it, asked for in return
    in one requirement from it to the offering House."""
    house = state.house_of[seat]
    for t in state.standing:
        r = t.record
        if (
            t.seat != seat
            and isinstance(r, Conditional)  # standing offers are conditionals
            and isinstance(r.gift, Gift)
            and r.gift.to == house
            and len(r.requires) == 1
            and r.requires[0].giver == house
            and r.requires[0].taker == t.house
        ):
            yield t


def deal_gain(state: State, seat: int, get: Sequence[int], give: Sequence[int]) -> float:
    """What a deal is worth to ``seat``: what it gets less what it gives, by ``values``."""
    vals = values(state, seat)
    return worth(vals, get) - worth(vals, give)


def good_offer(state: State, seat: int, t: Pending) -> bool:
    """Take the offer if both sides can pay, its time has not run out and ``seat`` gains,
    unless it helps the leader more."""
    offer = t.record
    assert isinstance(offer, Conditional) and isinstance(offer.gift, Gift), "a gift offered"
    get, give = offer.gift.amounts, offer.requires[0].amounts
    if not covers(state.holdings[seat], give) or not covers(state.holdings[t.seat], get):
        return False
    if t.deadline is not None and state.now >= t.deadline:
        return False
    mine = deal_gain(state, seat, get, give)
    if mine < MIN_GAIN:
        return False
    theirs = deal_gain(state, t.seat, give, get)
    return not (leader(state) == t.seat and theirs > mine)


def acceptance(state: State, seat: int, t: Pending) -> Conditional:
    """Meet offer ``t``, paying only if, in the same batch, it pays too."""
    house = state.house_of[seat]
    offer = t.record
    assert isinstance(offer, Conditional) and isinstance(offer.gift, Gift), "a gift offered"
    want = Requirement(t.house, house, offer.gift.amounts)
    return Conditional(Gift(t.house, offer.requires[0].amounts), (want,), "same_batch", None)


def swap_offer(state: State, seat: int) -> Conditional | None:
    """A standing 1-for-1 swap of own Resources with a House that has its own to give:
    opposed Houses first, then others; not with a leader well ahead."""
    house = state.house_of[seat]
    own = own_asset(house)
    if state.holdings[seat][own] < SWAP or state.round >= state.stops:
        return None
    if any(t.seat == seat for t in state.standing):
        return None  # one offer at a time
    opposed = opposed_assets(house)
    landings = useful_landings(state)
    mine = strength(state, seat, landings)
    best = None
    for other, h in enumerate(state.house_of):
        theirs = own_asset(h)
        if other == seat or state.holdings[other][theirs] < SWAP:
            continue
        if strength(state, other, landings) > mine + 1:
            continue
        rank = (theirs in opposed, -state.holdings[other][theirs])
        if best is None or rank > best[0]:
            best = (rank, h, theirs)
    if best is None:
        return None
    _, partner, theirs = best
    requirement = Requirement(partner, house, _one(theirs, SWAP))
    return Conditional(Gift(partner, _one(own, SWAP)), (requirement,), "default", None)


# -- the bot ---------------------------------------------------------------------------------


def posts_this_phase(state: State, seat: int) -> int:
    n = 0
    for m in reversed(state.messages):
        if m.time < state.phase_started:
            break
        n += m.author == seat
    return n


def take_target(state: State, seat: int) -> int | None:
    """The House to take 1 Money from: the strongest rival with Money, if a take is left."""
    house = state.house_of[seat]
    if house not in (SENSATION, SUPPRESSION) or not state.special_left[seat]:
        return None
    if state.special_round[seat] == state.round:
        return None
    if state.phase == LAND and state.options["land_phase_blocks_special_take"]:
        return None
    landings = useful_landings(state)
    rivals = [
        (strength(state, other, landings), state.house_of[other])
        for other in range(state.num_players)
        if other != seat and state.holdings[other][MONEY] >= 1
    ]
    return max(rivals)[1] if rivals else None


def wanted_orders(state: State, seat: int) -> tuple[int, ...] | None:
    """Distribution orders: Money into the opposed Resource held least while Money is
    plentiful (at least 2), none otherwise; None if the standing orders are those."""
    current = state.distribution[seat]
    if not current:
        return None
    held = state.holdings[seat]
    opposed = opposed_assets(state.house_of[seat])
    asset = min(opposed, key=lambda a: held[a]) if held[MONEY] >= 2 else -1
    wanted = (asset,) * len(current)
    return None if tuple(current) == wanted else wanted


def sealed_changes(state: State, seat: int, held: list[int]) -> list[int]:
    """``held`` after the Transactions ``seat`` has sealed, as if they all resolved."""
    out = list(held)
    for p in state.sealed:
        if p.seat == seat:
            apply_changes(out, p.record)
    return out


def apply_changes(held: list[int], record: Transaction) -> None:
    """Apply ``seat``'s own ``record`` (an Upgrade, a Reinvestment or a Gift) to ``held``."""
    if isinstance(record, Conditional):
        record = record.gift
    if isinstance(record, Upgrade):
        for a, n in enumerate(record.pay):
            held[a] -= n
        held[MONEY] += economy.UPGRADE_GAIN[record.upgrade]
    elif isinstance(record, Reinvest):
        for a in range(NUM_ASSETS):
            held[a] += record.get[a] - record.give[a]
    elif isinstance(record, Gift):
        for a, n in enumerate(record.amounts):
            held[a] -= n


def landing_income(state: State, seat: int, held: list[int]) -> list[int]:
    """``held`` after the coming landing's Upgrade income (SEA-A06), Distribution aside."""
    out = list(held)
    ups = state.upgrades[seat]
    out[own_asset(state.house_of[seat])] += ups[EXPANSION]
    out[MONEY] += ups[CONTACTS]
    return out


def final_sealed(state: State, seat: int, house: int) -> Upgrade | Reinvest | None:
    """At the final Stop the sealed Transactions resolve after the income, which nothing
    else can spend: seal the purchases it will pay for, and one more that a Windfall or a
    Surplus would pay for (a failed Transaction costs nothing)."""
    if state.round < state.stops or state.phase != AIR:
        return None
    held = sealed_changes(state, seat, landing_income(state, seat, state.holdings[seat]))
    if min(held) < 0:  # a hopeful purchase is sealed already
        return None
    move = best_upgrade(state, house, held) or unblock(state, house, held)
    if move is not None:
        return move
    for card in (MONEY, own_asset(house)):  # Windfall, Surplus
        hoped = held[:]
        hoped[card] += 1
        move = best_upgrade(state, house, hoped)
        if move is not None:
            return move
    return None


def plan(state: State, seat: int, house: int) -> Action | Transaction:
    """The next move in an Air or Land Phase, READY when there is nothing left to do."""
    if state.proposal is not None and seat not in state.agreed:
        return AGREE  # the Bureau's clock does not matter to a bot
    if posts_this_phase(state, seat) >= MAX_POSTS:
        return READY
    held = state.holdings[seat]
    for t in offers_to(state, seat):
        if good_offer(state, seat, t):
            return acceptance(state, seat, t)
    target = take_target(state, seat)
    if target is not None:
        return Take(target)
    move = best_upgrade(state, house, held) or unblock(state, house, held)
    if move is not None:
        return move
    orders = wanted_orders(state, seat)
    if orders is not None:
        return Orders(orders)
    sealed = final_sealed(state, seat, house)
    if sealed is not None:
        return Hide(None, f"{HEADER} {text(sealed, house)}")
    return swap_offer(state, seat) or READY


class HeuristicBot(Bot):
    """Plays Seabirds by the strategy above: Transactions in public, but for the purchases
    sealed at the final Stop."""

    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = self.seat
        if state.phase == DRAFT:
            free = [h for h in DRAFT_ORDER if h not in state.house_of]
            if seat in state.draft_order[:1] and free:
                return Pick(free[0])
        elif state.phase in (AIR, LAND):
            move = plan(state, seat, state.house_of[seat])
            if isinstance(move, (Conditional, Gift, Reinvest, Take, Upgrade)):
                return Post(f"{HEADER} {text(move, state.house_of[seat])}")
            if move is not READY or not state.ready[seat]:
                return move
            return IDLE  # asked again once ready, with nothing to do: a word, no Transaction
        return self.game.sample_action(state, seat, self.rng)
