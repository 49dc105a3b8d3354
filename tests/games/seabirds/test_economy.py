"""Noble Houses of the Seabirds: Upgrades, their prices, discounts, income and Victory Points
(SEA-59 .. SEA-61, SEA-65 .. SEA-80, SEA-A09, SEA-A15).

Games start in Round 1's Air Phase; the House under test sits at seat 0 (Ann). Upgrade
Transactions are written with the game's own canonical sentences.
"""

from __future__ import annotations

import pytest

from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.state import CARDS
from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES, Upgrade, text

from ..common import kinds, of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    act,
    everyone_ready,
    hide,
    holdings,
    new_game,
    refused,
    set_holdings,
    tx,
)

EXPANSION, CONTACTS, INFRASTRUCTURE, DISTRIBUTION, ADMINISTRATOR = range(5)
MONEY = 0

# SEA-A09's table: (Money, Resources) per Upgrade for an ordinary House, Harvesting, Breeding.
NORMAL = {
    EXPANSION: (1, 3),
    CONTACTS: (1, 2),
    INFRASTRUCTURE: (0, 2),
    DISTRIBUTION: (3, 4),
    ADMINISTRATOR: (5, 4),
}
HARVESTING_PRICE = {
    EXPANSION: (1, 2),
    CONTACTS: (1, 1),
    INFRASTRUCTURE: (0, 2),
    DISTRIBUTION: (3, 3),
    ADMINISTRATOR: (5, 3),
}
BREEDING_PRICE = {
    EXPANSION: (0, 3),
    CONTACTS: (0, 2),
    INFRASTRUCTURE: (0, 2),
    DISTRIBUTION: (2, 4),
    ADMINISTRATOR: (4, 4),
}
PRICES = {
    "Harvesting": HARVESTING_PRICE,
    "Breeding": BREEDING_PRICE,
    "Usury": NORMAL,
    "Secrets": NORMAL,
    "Sensation": NORMAL,
    "Suppression": NORMAL,
}
# SEA-A17: the Resource types of the Group each House considers opposed.
OPPOSED = {
    "Harvesting": ("Corporations", "Treaties"),
    "Breeding": ("Corporations", "Treaties"),
    "Usury": ("Erotroupes", "Platoons"),
    "Secrets": ("Erotroupes", "Platoons"),
    "Sensation": ("Food", "Worker Beetles"),
    "Suppression": ("Food", "Worker Beetles"),
}
OWN = dict(zip(HOUSES, ASSETS[1:], strict=True))
POINTS = {EXPANSION: 1, CONTACTS: 1, INFRASTRUCTURE: 0, DISTRIBUTION: 2, ADMINISTRATOR: 0}


def game_with(house: str, **options):
    """A game with ``house`` at seat 0 and two other Houses."""
    others = [h for h in ("Usury", "Sensation", "Breeding") if h != house][:2]
    return new_game(houses=(house, *others), **options)


def payment(house: str, upgrade: int, money: int, resources: int) -> tuple[int, ...]:
    """Amounts paying ``money`` and ``resources`` of a type allowed for ``upgrade``."""
    if upgrade == CONTACTS:
        kind = OPPOSED[house][0]
    elif upgrade in (INFRASTRUCTURE, DISTRIBUTION):
        kind = "Food" if OWN[house] != "Food" else "Corporations"
    else:
        kind = OWN[house]
    pay = [0] * len(ASSETS)
    pay[MONEY] = money
    pay[ASSETS.index(kind)] = resources
    return tuple(pay)


def buy(state, seat: int, upgrade: int, pay, hidden: bool = False) -> list:
    sentence = text(Upgrade(upgrade, tuple(pay)), state.house_of[seat])
    return (hide if hidden else tx)(state, seat, sentence)


def upgrades(state, seat: int) -> dict[str, int]:
    return GAME.view(state, None)["houses"][seat]["upgrades"]


def points(state, seat: int) -> int:
    return GAME.view(state, None)["houses"][seat]["points"]


def stack(state, *top_first: str) -> None:
    """Put the complication deck in place, top card first (then Bureaucracies)."""
    cards = [*top_first, *["Bureaucracy"] * (state.stops + 4)]
    state.deck = [CARDS.index(c) for c in reversed(cards)]


def rich(state, seat: int) -> None:
    """Give ``seat`` 10 Money and 10 of every Resource."""
    set_holdings(state, seat, **{a.replace(" ", "_"): 10 for a in ASSETS})


# -- exact prices (SEA-59, SEA-60, SEA-61, SEA-67, SEA-70, SEA-73, SEA-75, SEA-78, SEA-A09) --


@pytest.mark.parametrize("upgrade", range(5), ids=UPGRADES)
@pytest.mark.parametrize("house", HOUSES)
def test_sea_a09_every_upgrade_at_its_exact_price(house, upgrade):
    """SEA-59, SEA-67, SEA-70, SEA-73, SEA-75, SEA-78, SEA-A09: each House buys each
    Upgrade at the price of SEA-A09's table; it pays exactly that (Infrastructure also
    gives 2 Money) and owns one copy."""
    money, resources = PRICES[house][upgrade]
    g = game_with(house)
    rich(g, ANN)
    pay = payment(house, upgrade, money, resources)
    ev = buy(g, ANN, upgrade, pay)
    assert len(of_kind(ev, "executed")) == 1
    assert upgrades(g, ANN) == {UPGRADES[upgrade]: 1}
    expected = [10 - n for n in pay]
    if upgrade == INFRASTRUCTURE:
        expected[MONEY] += 2
    assert g.holdings[ANN] == expected


@pytest.mark.parametrize("upgrade", range(5), ids=UPGRADES)
@pytest.mark.parametrize("house", HOUSES)
def test_sea_a09_any_other_price_is_refused_naming_the_price(house, upgrade):
    """SEA-59, SEA-A09, SEA-A15: one Money or one Resource too many or too few is refused
    by the Bureau with a message naming the right price; nothing is bought or paid."""
    money, resources = PRICES[house][upgrade]
    wrong = [(money + 1, resources), (money, resources + 1)]
    if money:
        wrong.append((money - 1, resources))
    if resources > 1 or money:
        wrong.append((money, resources - 1))
    for m, r in wrong:
        g = game_with(house)
        rich(g, ANN)
        ev = buy(g, ANN, upgrade, payment(house, upgrade, m, r))
        assert kinds(ev) == ["message", "bureau"], (m, r)
        assert (
            f"{UPGRADES[upgrade]} costs {house} {money} Money and {resources} Resources"
            in (ev[1].data["text"])
        )
        assert upgrades(g, ANN) == {}
        assert g.holdings[ANN] == [10] * len(ASSETS)


def test_sea60_harvesting_pays_one_resource_less():
    """SEA-60, SEA-A09: Harvesting's Expansion Contract is 1 Money + 2 Resources."""
    g = new_game(houses=("Harvesting", "Usury", "Sensation"))
    ev = tx(g, ANN, "I buy an Expansion Contract with 1 Money and 2 Food.")
    assert len(of_kind(ev, "executed")) == 1
    assert holdings(g, ANN) == {"Money": 2, "Food": 1}
    ev = tx(g, BEN, "I buy an Expansion Contract with 1 Money and 2 Corporations.")
    assert "Expansion Contract costs Usury 1 Money and 3 Resources" in ev[1].data["text"]


def test_sea61_breeding_pays_one_money_less():
    """SEA-61, SEA-A09: Breeding's Expansion Contract is 3 Resources and no Money."""
    g = new_game()
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    assert holdings(g, ANN) == {"Money": 3}
    assert upgrades(g, ANN) == {"Expansion Contract": 1}


def test_sea_a09_no_discount_on_infrastructure_by_default():
    """SEA-A09: Harvesting's Infrastructure still costs 2 non-own Resources."""
    g = new_game(houses=("Harvesting", "Usury", "Sensation"))
    set_holdings(g, ANN, Corporations=2)
    ev = tx(g, ANN, "I buy Infrastructure with 1 Corporation.")
    assert (
        "Infrastructure costs Harvesting 0 Money and 2 Resources not your own"
        in (ev[1].data["text"])
    )
    tx(g, ANN, "I buy Infrastructure with 2 Corporations.")
    assert holdings(g, ANN) == {"Money": 2}


def test_sea_a09_discount_applies_to_infrastructure_option():
    """SEA-A09 (discount_applies_to_infrastructure=true): Harvesting pays 1 Resource, and
    2 is then refused."""
    g = new_game(
        houses=("Harvesting", "Usury", "Sensation"), discount_applies_to_infrastructure=True
    )
    set_holdings(g, ANN, Corporations=3)
    ev = tx(g, ANN, "I buy Infrastructure with 2 Corporations.")
    assert "Infrastructure costs Harvesting 0 Money and 1 Resources" in ev[1].data["text"]
    tx(g, ANN, "I buy Infrastructure with 1 Corporation.")
    assert holdings(g, ANN) == {"Money": 2, "Corporations": 2}
    assert upgrades(g, ANN) == {"Infrastructure": 1}


# -- Resource types (SEA-65, SEA-70, SEA-73, SEA-75, SEA-A17) ---------------------------------


def test_sea65_resources_may_be_any_mix_of_types():
    """SEA-65: "Resources" with no restriction: Usury's Expansion Contract paid with one
    Food, one Corporation and one Erotroupe."""
    g = new_game()
    set_holdings(g, BEN, Money=1, Food=1, Corporations=1, Erotroupes=1)
    tx(g, BEN, "I buy an Expansion Contract with 1 Money, 1 Food, 1 Corporation and 1 Ero.")
    assert holdings(g, BEN) == {}
    assert upgrades(g, BEN) == {"Expansion Contract": 1}


@pytest.mark.parametrize("house", HOUSES)
def test_sea70_business_contacts_take_opposed_resources(house):
    """SEA-70, SEA-A17: Business Contacts are paid in the opposed Group's types (a mix of
    both is fine); the House's own type or a neutral one is refused, naming the types."""
    g = game_with(house)
    rich(g, ANN)
    money, resources = PRICES[house][CONTACTS]
    first, second = OPPOSED[house]
    pay = [0] * len(ASSETS)
    pay[MONEY] = money
    pay[ASSETS.index(first)] = 1
    pay[ASSETS.index(second)] = resources - 1
    buy(g, ANN, CONTACTS, pay)
    assert upgrades(g, ANN) == {"Business Contacts": 1}
    for wrong in [a for a in ASSETS[1:] if a not in OPPOSED[house]]:
        pay = [0] * len(ASSETS)
        pay[MONEY] = money
        pay[ASSETS.index(wrong)] = resources
        ev = buy(g, ANN, CONTACTS, pay)
        assert kinds(ev) == ["message", "bureau"]
        assert (
            f"Business Contacts is paid in {first}, {second}, not {wrong}" in (ev[1].data["text"])
        )
    assert upgrades(g, ANN) == {"Business Contacts": 1}


@pytest.mark.parametrize("upgrade", [INFRASTRUCTURE, DISTRIBUTION], ids=UPGRADES[2:4])
@pytest.mark.parametrize("house", HOUSES)
def test_sea73_sea75_not_your_own_resources(house, upgrade):
    """SEA-73, SEA-75: Infrastructure and Distribution Contract take any type but one's own;
    paying one unit of one's own type is refused."""
    g = game_with(house)
    rich(g, ANN)
    money, resources = PRICES[house][upgrade]
    pay = list(payment(house, upgrade, money, resources))
    other = next(i for i, n in enumerate(pay) if i and n)
    pay[other] -= 1
    pay[ASSETS.index(OWN[house])] += 1
    ev = buy(g, ANN, upgrade, pay)
    assert kinds(ev) == ["message", "bureau"]
    assert f"{UPGRADES[upgrade]} is paid in" in ev[1].data["text"]
    assert f"not {OWN[house]}" in ev[1].data["text"]
    assert upgrades(g, ANN) == {}


def test_sea_a15_an_upgrade_the_house_cannot_pay_fails_whole():
    """SEA-A15, SEA-A25: the exact price in types the House does not hold: the purchase
    fails and nothing is paid."""
    g = new_game()
    ev = tx(g, BEN, "I buy an Expansion Contract with 1 Money and 3 Food.")
    (failed,) = of_kind(ev, "failed")
    assert (
        failed.data["reason"]
        == "Usury would have ended with -3 Food; the latest Transaction paying that out fails"
    )
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}
    assert upgrades(g, BEN) == {}


# -- copies, hidden purchases, no trading (SEA-66, SEA-A15) ------------------------------------


def test_sea66_any_number_of_copies():
    """SEA-66: the same Upgrade bought three times: three copies, three Victory Points."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=9)
    for _ in range(3):
        tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    assert upgrades(g, ANN) == {"Expansion Contract": 3}
    assert points(g, ANN) == 3
    assert holdings(g, ANN) == {}


def test_sea_a15_a_hidden_upgrade_resolves_and_shows_at_the_landing():
    """SEA-59, SEA-A15: bought hidden, the Upgrade is nobody's until the landing; then it is
    public."""
    g = new_game()
    hide(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    assert upgrades(g, ANN) == {}
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert all(m["kind"] != "hidden" for m in GAME.view(g, BEN)["messages"])
    everyone_ready(g)
    assert upgrades(g, ANN) == {"Expansion Contract": 1}
    assert GAME.view(g, BEN)["houses"][ANN]["points"] == 1
    assert holdings(g, ANN) == {"Money": 3}


def test_sea_a15_upgrades_cannot_be_traded():
    """SEA-A15: only Money and Resources are tradable; a gift of an Upgrade is not read."""
    g = new_game()
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    ev = tx(g, ANN, "I give 1 Expansion Contract to Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert upgrades(g, ANN) == {"Expansion Contract": 1}
    assert upgrades(g, BEN) == {}


def test_sea_a15_an_upgrade_purchase_may_carry_a_condition():
    """SEA-A15, SEA-49: "It may carry conditions": Breeding buys an Expansion Contract
    only if, in the same batch, Usury gives it 1 Corporation; both hidden, they resolve
    together at the landing."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=2)
    ev = hide(
        g,
        ANN,
        "I buy an Expansion Contract with 2 Worker Beetles and 1 Corporation if, in the same"
        " batch of Messages, Usury gives me 1 Corporation.",
    )
    assert kinds(ev) == ["message", "understood"]
    hide(g, BEN, "I give 1 Corporation to Breeding.")
    everyone_ready(g)
    assert upgrades(g, ANN) == {"Expansion Contract": 1}
    assert holdings(g, ANN) == {}


# -- what Upgrades give (SEA-68, SEA-69, SEA-71, SEA-72, SEA-74, SEA-76, SEA-77, SEA-79) ------


@pytest.mark.parametrize("upgrade", range(5), ids=UPGRADES)
def test_sea69_sea72_sea77_victory_points(upgrade):
    """SEA-69, SEA-72, SEA-74, SEA-77, SEA-80, SEA-A01: Expansion Contract 1, Business
    Contacts 1, Distribution Contract 2, Infrastructure and Loyal Administrator 0; two
    copies count twice."""
    g = new_game()
    rich(g, BEN)
    money, resources = NORMAL[upgrade]
    for _ in range(2):
        buy(g, BEN, upgrade, payment("Usury", upgrade, money, resources))
    assert upgrades(g, BEN) == {UPGRADES[upgrade]: 2}
    assert points(g, BEN) == 2 * POINTS[upgrade]


def test_sea74_infrastructure_gives_2_money_once():
    """SEA-74: 2 Money when it resolves, and nothing at later landings; no Victory Point."""
    g = new_game()
    set_holdings(g, BEN, Food=2)
    ev = tx(g, BEN, "I buy Infrastructure with 2 Food.")
    assert len(of_kind(ev, "executed")) == 1
    assert holdings(g, BEN) == {"Money": 2}
    ev = everyone_ready(g)
    assert not of_kind(ev, "income")
    everyone_ready(g)
    everyone_ready(g)
    assert holdings(g, BEN) == {"Money": 2}
    assert points(g, BEN) == 0


def test_sea74_infrastructure_money_can_fund_its_own_batch():
    """SEA-74, SEA-A12: the 2 Money are part of the net settlement: Usury with no Money
    buys Infrastructure and gives 2 Money to Breeding at one landing."""
    g = new_game()
    set_holdings(g, BEN, Food=2)
    hide(g, BEN, "I buy Infrastructure with 2 Food.")
    hide(g, BEN, "I give 2 Money to Breeding.")
    ev = everyone_ready(g)
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, BEN) == {}
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3}


def test_sea68_expansion_contract_yields_own_resource_at_each_landing():
    """SEA-68, SEA-A06: 1 own Resource per copy at each landing; bought in public during
    the Air Phase it already pays this Round."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=6)
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    ev = everyone_ready(g)
    (income,) = of_kind(ev, "income")
    assert income.data == {"player": ANN, "asset": 2, "amount": 2, "upgrade": EXPANSION}
    assert holdings(g, ANN) == {"Worker Beetles": 2}
    everyone_ready(g)
    everyone_ready(g)
    assert holdings(g, ANN) == {"Worker Beetles": 4}


def test_sea71_business_contacts_yield_1_money_at_each_landing():
    """SEA-71: Usury's Business Contacts (1 Money + 2 Erotroupes) pay 1 Money a landing."""
    g = new_game()
    set_holdings(g, BEN, Money=1, Erotroupes=2)
    tx(g, BEN, "I buy Business Contacts with 1 Money and 2 Erotroupes.")
    assert holdings(g, BEN) == {}
    everyone_ready(g)
    assert holdings(g, BEN) == {"Money": 1}
    assert points(g, BEN) == 1


def test_sea76_distribution_contract_buys_a_resource_by_standing_order():
    """SEA-76, SEA-A20: a new Distribution Contract's order is "none" (nothing happens);
    with an order, each landing turns 1 Money into 1 Resource of the chosen type."""
    g = new_game()
    set_holdings(g, ANN, Money=4, Food=4)
    tx(g, ANN, "I buy a Distribution Contract with 2 Money and 4 Food.")
    assert points(g, ANN) == 2
    assert GAME.view(g, None)["houses"][ANN]["distribution"] == ["none"]
    ev = everyone_ready(g)
    assert not of_kind(ev, "income")
    assert holdings(g, ANN) == {"Money": 2}
    act(g, ANN, "distribution Platoons")
    everyone_ready(g)
    ev = everyone_ready(g)
    (income,) = of_kind(ev, "income")
    assert income.data == {"player": ANN, "asset": 6, "amount": 1, "upgrade": DISTRIBUTION}
    assert holdings(g, ANN) == {"Money": 1, "Platoons": 1}


def test_sea79_loyal_administrator_returns_a_discarded_card_to_the_top():
    """SEA-78, SEA-79, SEA-80: Breeding buys a Loyal Administrator (4 Money + 4 Resources;
    no Victory Point); in the Land Phase it pays 1 Money to put a discarded card on top of
    the deck, which everyone then knows."""
    g = new_game()
    stack(g, "Windfall")
    refused(g, ANN, "administrator Windfall", "Loyal Administrator")
    set_holdings(g, ANN, Money=5, Worker_Beetles=4)
    tx(g, ANN, "I buy a Loyal Administrator with 4 Money and 4 Worker Beetles.")
    assert points(g, ANN) == 0
    everyone_ready(g)  # Windfall: everyone +1 Money, then the Land Phase
    assert g.phase == "land"
    assert holdings(g, ANN) == {"Money": 2}
    ev = act(g, ANN, "administrator Windfall")
    assert kinds(ev) == ["administered"]
    assert holdings(g, ANN) == {"Money": 1}
    view = GAME.view(g, BEN)
    assert view["top"] == "Windfall" and view["discard"] == []
    everyone_ready(g)
    ev = everyone_ready(g)  # Round 2 draws the Windfall again
    assert [e.data["card"] for e in of_kind(ev, "complication")] == [2]
    assert holdings(g, ANN) == {"Money": 2}
    assert holdings(g, CAT) == {"Money": 5, "Erotroupes": 3}
