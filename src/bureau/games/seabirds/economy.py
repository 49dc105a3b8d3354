"""Houses' holdings: what Upgrades cost and pay, and which Transactions are well formed.

>>> cost(HARVESTING, EXPANSION, discount_infrastructure=False)
Cost(money=1, resources=2, kinds='any')
>>> cost(BREEDING, DISTRIBUTION, discount_infrastructure=False)
Cost(money=2, resources=4, kinds='not_own')
"""

from __future__ import annotations

from typing import NamedTuple

from bureau.engine import EVERYONE, Event, IllegalAction

from .state import (
    BREEDING,
    CONTACTS,
    DISTRIBUTION,
    EXPANSION,
    HARVESTING,
    INFRASTRUCTURE,
    MONEY,
    SENSATION,
    SUPPRESSION,
    Pending,
    State,
    opposed_assets,
    own_asset,
)
from .transactions import (
    ASSETS,
    HOUSES,
    UPGRADES,
    Conditional,
    Gift,
    Reinvest,
    Take,
    Transaction,
    Upgrade,
)
from .transactions import text as sentence


class Cost(NamedTuple):
    """What a House pays for an Upgrade (SEA-A09)."""

    money: int
    resources: int
    kinds: str  # which Resource types may pay, as in ``UpgradeSpec.kinds``


class UpgradeSpec(NamedTuple):
    money: int
    resources: int
    kinds: str  # any, opposed or not_own (SEA-65, SEA-70, SEA-73, SEA-75)
    points: int  # victory points (SEA-69, SEA-72, SEA-77)


SPECS = (
    UpgradeSpec(1, 3, "any", 1),  # Expansion Contract (SEA-67)
    UpgradeSpec(1, 2, "opposed", 1),  # Business Contacts (SEA-70)
    UpgradeSpec(0, 2, "not_own", 0),  # Infrastructure (SEA-73)
    UpgradeSpec(3, 4, "not_own", 2),  # Distribution Contract (SEA-75)
    UpgradeSpec(5, 4, "any", 0),  # Loyal Administrator (SEA-78)
)
UPGRADE_GAIN = (0, 0, 2, 0, 0)  # Infrastructure pays 2 Money once (SEA-74)
KIND_WORDS = {"any": "of any type", "opposed": "of opposed types", "not_own": "not your own"}


def cost(house: int, upgrade: int, discount_infrastructure: bool) -> Cost:
    """What ``house`` pays for ``upgrade`` (SEA-A09)."""
    spec = SPECS[upgrade]
    money, resources = spec.money, spec.resources
    if upgrade != INFRASTRUCTURE or discount_infrastructure:
        if house == HARVESTING:
            resources = max(0, resources - 1)
        if house == BREEDING:
            money = max(0, money - 1)
    return Cost(money, resources, spec.kinds)


def allowed_kinds(house: int, kinds: str) -> tuple[int, ...]:
    if kinds == "opposed":
        return opposed_assets(house)
    if kinds == "not_own":
        return tuple(a for a in range(1, len(ASSETS)) if a != own_asset(house))
    return tuple(range(1, len(ASSETS)))


def points(state: State, seat: int) -> int:
    return sum(n * SPECS[u].points for u, n in enumerate(state.upgrades[seat]))


# -- well-formed Transactions ------------------------------------------------------------------


def check(state: State, seat: int, record: Transaction, public: bool) -> None:
    """Raise ``IllegalAction`` if ``record`` can never be carried out as written."""
    house = state.house_of[seat]
    if isinstance(record, Conditional):
        for req in record.requires:
            for h in (req.giver, req.taker):
                in_play(state, h)
            if req.giver == req.taker:
                raise IllegalAction("a requirement needs two different Houses")
        record = record.gift
    if isinstance(record, Gift):
        in_play(state, record.to)
        if record.to == house:
            raise IllegalAction("give to another House")
        if not any(record.amounts):
            raise IllegalAction("a gift gives something")
    elif isinstance(record, Reinvest):
        check_reinvest(house, record)
    elif isinstance(record, Upgrade):
        check_upgrade(state, house, record)
    elif isinstance(record, Take):
        check_take(state, seat, record, public)


def in_play(state: State, house: int) -> None:
    if house not in state.house_of:
        playing = ", ".join(HOUSES[h] for h in sorted(state.house_of))
        raise IllegalAction(f"{HOUSES[house]} is not in this game; the Houses are {playing}")


def check_reinvest(house: int, record: Reinvest) -> None:
    """SEA-46, SEA-A16: Money for your own Resource or back, X > Y >= 1."""
    mine = (MONEY, own_asset(house))
    gives = [(a, n) for a, n in enumerate(record.give) if n]
    gets = [(a, n) for a, n in enumerate(record.get) if n]
    own = ASSETS[own_asset(house)]
    if len(gives) != 1 or len(gets) != 1 or {gives[0][0], gets[0][0]} != set(mine):
        raise IllegalAction(f"a Reinvestment swaps Money for {own}, or {own} for Money")
    if not gives[0][1] > gets[0][1] >= 1:
        raise IllegalAction("a Reinvestment is less than 1 for 1: give more than you get")


def check_upgrade(state: State, house: int, record: Upgrade) -> None:
    """SEA-59, SEA-65, SEA-A09, SEA-A15: the exact price, in allowed Resource types."""
    money, resources, kinds = cost(
        house, record.upgrade, state.options["discount_applies_to_infrastructure"]
    )
    name = UPGRADES[record.upgrade]
    paid_resources = sum(record.pay[1:])
    if record.pay[MONEY] != money or paid_resources != resources:
        raise IllegalAction(
            f"{name} costs {HOUSES[house]} {money} Money and {resources} Resources"
            f" {KIND_WORDS[kinds]}"
        )
    allowed = allowed_kinds(house, kinds)
    for a in range(1, len(ASSETS)):
        if record.pay[a] and a not in allowed:
            names = ", ".join(ASSETS[k] for k in allowed)
            raise IllegalAction(f"{name} is paid in {names}, not {ASSETS[a]}")


def check_take(state: State, seat: int, record: Take, public: bool) -> None:
    """SEA-55 .. SEA-58, SEA-A18."""
    house = state.house_of[seat]
    if house not in (SENSATION, SUPPRESSION):
        raise IllegalAction("only Sensation and Suppression may take Money")
    if not public:
        raise IllegalAction("the special Transaction must be public")
    if state.special_left[seat] <= 0:
        raise IllegalAction("you have used the special Transaction as often as the game allows")
    if state.special_round[seat] == state.round:
        raise IllegalAction("the special Transaction is once a Round")
    if state.phase == "land" and state.options["land_phase_blocks_special_take"]:
        raise IllegalAction("violence is prohibited in the Land Phase (SEA-A18)")
    in_play(state, record.target)
    target = state.seat_of(record.target)
    if target == seat:
        raise IllegalAction("take from another House")
    if state.holdings[target][MONEY] < 1:
        raise IllegalAction(f"{HOUSES[record.target]} has no Money to take")


# -- upgrades at work --------------------------------------------------------------------------


def bought(state: State, seat: int, upgrade: int) -> None:
    """A new Distribution Contract comes with a standing order of none (SEA-A20)."""
    if upgrade == DISTRIBUTION:
        state.distribution[seat].append(-1)


def income(state: State, ev: list) -> None:
    """Upgrade income at a landing (SEA-68, SEA-71, SEA-76, SEA-A06, SEA-A20)."""
    for seat in range(state.num_players):
        own = own_asset(state.house_of[seat])
        n = state.upgrades[seat][EXPANSION]
        if n:
            state.holdings[seat][own] += n
            ev.append(
                Event("income", EVERYONE, player=seat, asset=own, amount=n, upgrade=EXPANSION)
            )
    for seat in range(state.num_players):
        n = state.upgrades[seat][CONTACTS]
        if n:
            state.holdings[seat][MONEY] += n
            ev.append(
                Event("income", EVERYONE, player=seat, asset=MONEY, amount=n, upgrade=CONTACTS)
            )
    for seat in range(state.num_players):
        for asset in state.distribution[seat]:
            if asset >= 0 and state.holdings[seat][MONEY] >= 1:
                state.holdings[seat][MONEY] -= 1
                state.holdings[seat][asset] += 1
                ev.append(
                    Event(
                        "income", EVERYONE, player=seat, asset=asset, amount=1, upgrade=DISTRIBUTION
                    )
                )


def text(p: Pending) -> str:
    """The canonical sentence of a pending Transaction, naming its issuer."""
    return f"{HOUSES[p.house]}: {sentence(p.record, p.house)}"
