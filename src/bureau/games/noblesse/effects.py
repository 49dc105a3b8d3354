"""Actions, role abilities, courtier posts and the family, as the Night performs them
(NSE-31 .. NSE-64, NSE-A07, NSE-A17, NSE-A25 .. NSE-A30, NSE-A42, §4.3).

Every function takes the running ``night.Night`` (``n``): its state, its ``tell``
and ``announce``. Costs are paid when the action resolves; an action its player
cannot afford then fails and says so (NSE-A07).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import board
from .actions import (
    ACTION_NAMES,
    ACTIONS,
    Arson,
    Assassin,
    At,
    Bribery,
    Build,
    CreateHeir,
    CreateNoble,
    FieldSurgeon,
    For,
    Hostages,
    Incapacitate,
    Knife,
    Levy,
    Lobbyist,
    March,
    Marry,
    Messenger,
    OpenCity,
    Order,
    Pay,
    Poison,
    Recall,
    Spy,
    Staff,
    Steward,
    TaxCollector,
    UnitTo,
    Unstaff,
    Use,
)
from .scenario import Ability
from .state import (
    BUILDINGS,
    NEUTRAL,
    RES_NAMES,
    Building,
    Control,
    HostageOffer,
    Marriage,
    Post,
    State,
    Unit,
)

if TYPE_CHECKING:  # the Night runs these effects, and night.py imports this module
    from .night import Night

RES_INDEX = {name: i for i, name in enumerate(RES_NAMES)}
MOVEMENT_EFFECTS = ("forced_march",)


def ability_of(state: State, seat: int, name: str):
    """(option number 1..3, Ability) of ``seat``'s role named ``name``, or (0, None)."""
    role = state.scenario.roles[state.houses[seat].role - 1]
    for i, a in enumerate(role.abilities, 1):
        if a.name == name:
            return i, a
    return 0, None


def pay(n: Night, seat: int, order: Pay) -> None:
    """FL redistribution to his players (NSE-115), or a payment to another faction, which
    its current leader receives (a treaty's payment, NSE-117)."""
    st = n.state
    h = st.houses[seat]
    amounts = order.amounts
    keys = [f.key for f in st.scenario.factions]
    if order.to in keys:
        to = st.leaders[keys.index(order.to)]
        whom = f"the {st.scenario.factions[keys.index(order.to)].short}"
    else:
        to = st.names.index(order.to)
        whom = order.to
    if st.leaders[h.faction] != seat:
        n.tell(seat, "Paying failed: only the Faction Leader redistributes income (NSE-115).")
        return
    if to < 0 or not st.houses[to].alive:
        n.tell(seat, f"Paying {whom} failed: nobody is there to receive it.")
        return
    if any(h.res[i] < amounts[i] for i in range(3)):
        n.tell(seat, f"Paying {whom} failed: you hold {_text(h.res)}.")
        return
    target = st.houses[to]
    for i in range(3):
        h.res[i] -= amounts[i]
        target.res[i] += amounts[i]
        if amounts[i]:
            n.fact("pay", h.faction, target.faction, i, amounts[i])
    n.tell(seat, f"Paid {whom} {_text(amounts)}.")
    source = (
        "your Faction Leader"
        if target.faction == h.faction
        else f"the {st.scenario.factions[h.faction].short}"
    )
    n.tell(to, f"Received {_text(amounts)} from {source}.")


def _text(values) -> str:
    return ", ".join(f"{v} {RES_NAMES[i]}" for i, v in enumerate(values) if v) or "nothing"


def spend(n: Night, seat: int, cost: tuple[int, ...], what: str) -> bool:
    """Pay ``cost`` (Inf, MP, $) or report that ``what`` failed (NSE-A07)."""
    h = n.state.houses[seat]
    if any(h.res[i] < cost[i] for i in range(3)):
        n.tell(seat, f"{what} failed: it costs {_text(cost)} and you hold {_text(h.res)}.")
        return False
    for i in range(3):
        h.res[i] -= cost[i]
    return True


def ability_cost(ability: Ability) -> tuple[int, ...]:
    cost = [0, 0, 0]
    cost[RES_INDEX[ability.resource]] = ability.cost
    return tuple(cost)


# -- steps 3 and 4 ------------------------------------------------------------------------------


def run_step(n: Night, step: int) -> None:
    """Step 3: role abilities; step 4: standard actions and build payments."""
    st = n.state
    for seat in n.order:
        h = st.houses[seat]
        for o in list(h.orders):
            if not h.alive:
                break
            kind = type(o)
            if kind is Use:
                use_at(n, seat, o, step)
            elif step == 4 and kind in STANDARD:
                standard(n, seat, o)
            elif step == 4 and kind is Build:
                build(n, seat, o)
            elif step == 4 and kind is Messenger:
                messenger(n, seat, st.names.index(o.name), any_faction=False)


def use_at(n: Night, seat: int, order: Use, step: int) -> None:
    """Perform a role ability if it resolves at ``step`` (§4.3)."""
    st = n.state
    number, ability = ability_of(st, seat, order.ability)
    if ability is None or ability.step != step or ability.effect in MOVEMENT_EFFECTS:
        return
    h = st.houses[seat]
    if number == h.skipped:
        n.tell(seat, f"{ability.name} failed: you did not choose it at setup (NSE-08).")
        return
    what = f"{ability.name}"
    problem = ability_problem(n, seat, ability, order.terms)
    if problem:
        n.tell(seat, f"{what} failed: {problem}.")
        return
    if not spend(n, seat, ability_cost(ability), what):
        return
    ABILITIES[ability.effect](n, seat, ability, order.terms)


def ability_problem(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    check = ABILITY_CHECKS.get(ability.effect)
    return check(n, seat, ability, args) if check else ""


def standard(n: Night, seat: int, order: Order) -> None:
    """A standard action with its Envoy (NSE-42 .. NSE-57)."""
    st = n.state
    kind = type(order)
    what = ACTION_NAMES[kind].capitalize()
    cost = ACTIONS[kind]
    if kind is CreateNoble:
        cost = (noble_price(st, seat), 0, 0)
    if kind is CreateHeir:
        cost = heir_price(st, seat)
    problem = STANDARD_CHECKS[kind](n, seat, order)
    if problem:
        n.tell(seat, f"{what} failed: {problem}.")
        return
    if not spend(n, seat, cost, what):
        return
    STANDARD[kind](n, seat, order)


def noble_price(state: State, seat: int) -> int:
    """NSE-43: X = the faction's Nobles + 3, with the Camerlengo's discount."""
    price = state.nobles_of(state.houses[seat].faction) + 3
    core = board.has_core(state, seat, "create_noble_discount")
    if core:
        price = max(core.param("minimum"), price - core.param("amount"))
    return price


def heir_price(state: State, seat: int) -> tuple[int, ...]:
    spouse = state.houses[seat].spouse
    for a, b, ability, status in state.marriage_offers:
        if status == "married" and {a, b} == {seat, spouse} and ability:
            _, abl = ability_of(state, a, ability)
            if abl is not None and abl.effect == "political_marriage" and abl.param("heir_cost"):
                return (abl.param("heir_cost"), 0, 0)  # Federal Marriage; Holy League's
                # free Heirs come at step 1 only (effects.unions)
    return ACTIONS[CreateHeir]


# -- the standard actions: checks ----------------------------------------------------------------


def _spy_on(st: State, seat: int, square: int) -> bool:
    return Post("spy", square) in st.houses[seat].posts


def _commander_on(st: State, seat: int, square: int) -> bool:
    return any(
        u.owner == seat and u.square == square and u.commander not in ("", "basic")
        for u in st.units.values()
    )


def _is_hostage_holder(st: State, seat: int, target: int) -> bool:
    """NSE-48: the holder of ``target``'s Heir may not target him or his estates."""
    h = st.houses[target]
    return h.heir == "hostage" and h.hostage_of == seat


def _pc_square(st: State, seat: int) -> int:
    h = st.houses[seat]
    if h.pc_field:
        for u in st.units.values():
            if u.owner == seat and u.commander == "pc":
                return u.square
    return h.home


def _check_open_city(n: Night, seat: int, order: OpenCity) -> str:
    st = n.state
    sq = st.square(order.square)
    if sq == st.houses[seat].home or st.stewards.get(sq) != seat:
        return f"you need your Steward on {order.square}, not your Home Estate (NSE-42)"
    return ""


def _check_create_noble(n: Night, seat: int, order: CreateNoble) -> str:
    st = n.state
    sq = st.square(order.square)
    if sq == st.houses[seat].home or st.stewards.get(sq) != seat:
        return f"you need your Steward on {order.square}, not your Home Estate (NSE-43)"
    if sq in st.nobles:
        return f"the Steward on {order.square} already backs a Noble (NSE-A39)"
    return ""


def _check_marry(n: Night, seat: int, order: Marry) -> str:
    st = n.state
    target = st.names.index(order.name)
    if target == seat or not st.houses[target].alive:
        return "choose another living player"
    if st.houses[seat].spouse >= 0 or st.houses[target].spouse >= 0:
        return "a player may have one Political Marriage (NSE-44)"
    return ""


def _check_heir(n: Night, seat: int, order: CreateHeir) -> str:
    h = n.state.houses[seat]
    if h.spouse < 0:
        return "you need a Political Marriage first (NSE-44)"
    if h.heir_used:
        return "Create Heir is once per game (NSE-45)"
    if h.court < 1:
        return "no courtier at court to become the Heir"
    return ""


def _check_hostages(n: Night, seat: int, order: Hostages) -> str:
    st = n.state
    h = st.houses[seat]
    if h.spouse < 0:
        return "you need a spouse (NSE-47)"
    if st.houses[h.spouse].faction == h.faction:
        return "not with a spouse of your own faction (NSE-49)"
    if h.heir != "home" and st.houses[h.spouse].heir != "home":
        return "neither of you has an Heir at home to exchange (one commanding a unit stays)"
    return ""


def _check_surgeon(n: Night, seat: int, order: FieldSurgeon) -> str:
    return ""


def _check_arson(n: Night, seat: int, order: Arson) -> str:
    st = n.state
    sq = st.square(order.square)
    if not (_spy_on(st, seat, sq) or _commander_on(st, seat, sq)):
        return f"you need a Spy or a Commander on {order.square} (NSE-52)"
    return _not_hostage_estate(st, seat, sq)


def _not_hostage_estate(st: State, seat: int, sq: int) -> str:
    held = st.ctrl.get(sq)
    if held and held.seat >= 0 and _is_hostage_holder(st, seat, held.seat):
        return "you hold that player's Heir as hostage (NSE-48)"
    return ""


def _check_spy_action(n: Night, seat: int, order: Bribery | Poison | Knife) -> str:
    st = n.state
    sq = st.square(order.square)
    if not _spy_on(st, seat, sq):
        return f"you need a Spy on {order.square}"
    return _not_hostage_estate(st, seat, sq)


def heir_immunity(state: State) -> str:
    """NSE-62 / NSE-A42: why a Money action may not name an Heir, and what may."""
    names = [
        a.name
        for r in state.scenario.roles
        for a in r.abilities
        if a.effect == "hired_assassin" and a.param("heir")
    ]
    may = f"; only an ability that says so may ({', '.join(sorted(set(names)))})" if names else ""
    return f"an Heir is immune to the Money actions until he succeeds (NSE-A42){may}"


def _check_assassin(n: Night, seat: int, order: Assassin) -> str:
    st = n.state
    if order.heir:
        return heir_immunity(st)
    target = st.names.index(order.name)
    if not st.houses[target].alive:
        return f"{order.name} is out of the game"
    if _is_hostage_holder(st, seat, target):
        return "you hold that player's Heir as hostage (NSE-48)"
    return ""


def _check_incapacitate(n: Night, seat: int, order: Incapacitate) -> str:
    st = n.state
    unit = st.units.get(order.unit)
    if unit is None or not _spy_on(st, seat, unit.square):
        return f"you need a Spy where U{order.unit} stands (NSE-56)"
    if unit.owner != NEUTRAL and _is_hostage_holder(st, seat, unit.owner):
        return "you hold that player's Heir as hostage (NSE-48)"
    return ""


def _check_knife(n: Night, seat: int, order: Knife) -> str:
    problem = _check_spy_action(n, seat, order)
    if problem:
        return problem
    return _check_assassin(n, seat, Assassin(order.name, order.heir))


STANDARD_CHECKS: dict[type, Callable[[Any, int, Any], str]] = {
    OpenCity: _check_open_city,
    CreateNoble: _check_create_noble,
    Marry: _check_marry,
    CreateHeir: _check_heir,
    Hostages: _check_hostages,
    FieldSurgeon: _check_surgeon,
    Arson: _check_arson,
    Bribery: _check_spy_action,
    Poison: _check_spy_action,
    Assassin: _check_assassin,
    Incapacitate: _check_incapacitate,
    Knife: _check_knife,
}


# -- the standard actions: effects ---------------------------------------------------------------


def open_city(n: Night, seat: int, squares: Sequence[str]) -> None:
    st = n.state
    fac = st.houses[seat].faction
    for label in squares:
        st.open_cities[st.square(label)] = fac
        n.fact("action", fac, "open city", -1, label)
    n.tell(seat, f"Open City on {', '.join(squares)} this Night (NSE-A37).")


def create_noble(n: Night, seat: int, squares: Sequence[str]) -> None:
    st = n.state
    fac = st.houses[seat].faction
    for label in squares:
        st.nobles[st.square(label)] = fac
        n.fact("action", fac, "create noble", -1, label)
    n.announce(f"The {st.scenario.factions[fac].short} created a Noble ({st.nobles_of(fac)} now).")
    n.tell(seat, f"Created a Noble on {', '.join(squares)}.")


def marry(n: Night, seat: int, target: int, ability: str = "") -> None:
    st = n.state
    st.marriage_offers.append(Marriage(seat, target, ability, "offered"))
    n.tell(seat, f"You proposed a Political Marriage to {st.names[target]}.")
    n.tell(
        target,
        f"{st.names[seat]} proposes a Political Marriage: answer 'accept marriage' or"
        " 'refuse marriage' this Day (NSE-A32).",
    )


def create_heir(n: Night, seat: int) -> None:
    st = n.state
    h = st.houses[seat]
    h.court -= 1  # NSE-45: one of your courtiers becomes the Heir
    h.heir = "home"
    h.heir_used = True
    h.heir_wounds = 0
    n.new_heirs.append(seat)
    n.tell(seat, "An Heir is born to your house (NSE-45).")


def hostages(n: Night, seat: int) -> None:
    st = n.state
    spouse = st.houses[seat].spouse
    st.hostage_offers.append(HostageOffer(seat, spouse, "offered"))
    n.tell(seat, f"You proposed an Exchange of Hostages to {st.names[spouse]}.")
    n.tell(
        spouse,
        f"{st.names[seat]} proposes an Exchange of Hostages: answer 'accept hostages' or"
        " 'refuse hostages' this Day.",
    )


def field_surgeon(n: Night, seat: int, targets: Sequence[int] = (), to_zero: bool = False) -> None:
    """NSE-51 / NSE-A28: wounds become min(current, 1) (0 with Battlefield Surgeon)."""
    st = n.state
    for t in targets or (seat,):
        h = st.houses[t]
        h.wounds = 0 if to_zero else min(h.wounds, 1)
        n.tell(t, f"A surgeon tends your Player Character: {h.wounds} Wound Tokens.")


def arson(n: Night, seat: int, label: str, building: str) -> None:
    st = n.state
    sq = st.square(label)
    st.arsoned.add((sq, building))
    n.fact("action", st.houses[seat].faction, "arson", board.controller(st, sq), label)
    n.tell(seat, f"Arson: any {building} on {label} has no effect this Night (NSE-52).")


def bribery(n: Night, seat: int, label: str, resources: Sequence[int]) -> None:
    st = n.state
    sq = st.square(label)
    st.bribed[sq] = tuple(sorted(set(st.bribed.get(sq, ())) | set(resources)))
    n.fact("action", st.houses[seat].faction, "bribery", board.controller(st, sq), label)
    names = ", ".join(RES_NAMES[r] for r in resources)
    n.tell(seat, f"Bribery: {label} produces no {names} this Night (NSE-53).")


def wound(n: Night, target: int, count: int, why: str) -> None:
    """Wound a PC; three Wound Tokens remove him (NSE-58)."""
    h = n.state.houses[target]
    if not h.alive:
        return
    h.wounds += count
    n.tell(target, f"Your Player Character took {count} Wound Token(s) ({why}): {h.wounds}.")
    if h.wounds >= 3:
        kill_pc(n, target, "died of his wounds")


def wound_heir(n: Night, target: int, count: int, why: str) -> None:
    """NSE-A42: only an ability that says so wounds an Heir; 3 tokens remove him."""
    h = n.state.houses[target]
    if h.heir in ("", None):
        return
    h.heir_wounds += count
    n.tell(target, f"Your Heir took {count} Wound Token(s) ({why}): {h.heir_wounds}.")
    if h.heir_wounds >= 3:
        lose_heir(n, target)


def lose_heir(n: Night, seat: int) -> None:
    st = n.state
    h = st.houses[seat]
    if h.heir == "field":
        for u in st.units.values():
            if u.owner == seat and u.commander == "heir":
                u.commander = "basic"
    h.heir = ""
    h.hostage_of = -1
    h.heir_wounds = 0
    n.tell(seat, "Your Heir is dead.")


def poison(n: Night, seat: int, label: str) -> None:
    st = n.state
    sq = st.square(label)
    n.fact("action", st.houses[seat].faction, "poison", board.controller(st, sq), label)
    for t in st.living():
        if _pc_square(st, t) == sq and not _is_hostage_holder(st, seat, t):
            wound(n, t, 1, "poisoned wells")
    n.tell(seat, f"The wells of {label} are poisoned (NSE-54).")


def assassin(n: Night, seat: int, target: int, wounds: int = 1, heir: bool = False) -> None:
    st = n.state
    n.fact("action", st.houses[seat].faction, "assassin", st.houses[target].faction, "")
    n.tell(seat, f"Your assassin struck at {st.names[target]}.")
    if heir:
        wound_heir(n, target, wounds, "an assassin")
    else:
        wound(n, target, wounds, "an assassin")


def incapacitate(n: Night, seat: int, uid: int) -> None:
    """NSE-56, NSE-A17, NSE-A42: the commander goes home, a basic Officer replaces him."""
    st = n.state
    unit = st.units[uid]
    n.fact(
        "action",
        st.houses[seat].faction,
        "incapacitate",
        -1 if unit.owner == NEUTRAL else st.faction_of(unit.owner),
        st.label(unit.square),
    )
    if unit.commander in ("", "basic", "heir"):
        n.tell(seat, f"Incapacitate on {unit.label} had no effect (NSE-A17, NSE-A42).")
        return
    n.release_commander(unit)
    n.tell(seat, f"{unit.label}'s commander was sent home (NSE-56).")
    if unit.owner != NEUTRAL:
        n.tell(unit.owner, f"{unit.label}'s commander was incapacitated and sent home.")


def knife(n: Night, seat: int, label: str, target: int, keep_spy: bool = False) -> None:
    st = n.state
    sq = st.square(label)
    if not keep_spy:
        h = st.houses[seat]
        h.posts.remove(Post("spy", sq))
    n.fact("action", st.houses[seat].faction, "knife", st.houses[target].faction, label)
    if _pc_square(st, target) == sq:
        wound(n, target, 2, "a knife in the back")
        n.tell(seat, f"Knife in the Back on {st.names[target]} at {label}.")
    else:
        n.tell(seat, f"Knife in the Back: {st.names[target]}'s PC is not at {label}.")


def messenger(n: Night, seat: int, target: int, any_faction: bool) -> None:
    """NSE-39 / NSE-A22: the target may write to the sender this Day."""
    st = n.state
    if not any_faction and st.houses[target].faction != st.houses[seat].faction:
        n.tell(seat, "Messenger failed: target a player of your own faction (NSE-39).")
        return
    h = st.houses[target]
    h.messengers = tuple(sorted({*h.messengers, seat}))
    n.tell(seat, f"Your Messenger reached {st.names[target]}; they may write to you this Day.")
    n.tell(target, f"A Messenger from {st.names[seat]} waits for your reply this Day.")


# The standard actions' effects at step 4 (Forced March moves at step 2: forced_marches).
STANDARD: dict[type, Callable[[Any, int, Any], None]] = {
    OpenCity: lambda n, s, o: open_city(n, s, (o.square,)),
    CreateNoble: lambda n, s, o: create_noble(n, s, (o.square,)),
    Marry: lambda n, s, o: marry(n, s, n.state.names.index(o.name)),
    CreateHeir: lambda n, s, o: create_heir(n, s),
    Hostages: lambda n, s, o: hostages(n, s),
    FieldSurgeon: lambda n, s, o: field_surgeon(n, s),
    Arson: lambda n, s, o: arson(n, s, o.square, o.building),
    Bribery: lambda n, s, o: bribery(n, s, o.square, (RES_INDEX[o.res],)),
    Poison: lambda n, s, o: poison(n, s, o.square),
    Assassin: lambda n, s, o: assassin(n, s, n.state.names.index(o.name)),
    Incapacitate: lambda n, s, o: incapacitate(n, s, o.unit),
    Knife: lambda n, s, o: knife(n, s, o.square, n.state.names.index(o.name)),
}


def build(n: Night, seat: int, order: Build) -> None:
    """NSE-25: on a player-controlled estate, paid at step 4 (NSE-A26)."""
    st = n.state
    name, label = order
    sq = st.square(label)
    held = st.ctrl.get(sq)
    if held is None or held.seat != seat:
        n.tell(seat, f"Building a {name} failed: {label} is not an estate you control (NSE-25).")
        return
    if (sq, name) in st.buildings:
        n.tell(seat, f"Building a {name} failed: {label} already has one (NSE-A26).")
        return
    if not spend(n, seat, BUILDINGS[name][0], f"Building a {name}"):
        return
    st.buildings[(sq, name)] = Building(seat)
    n.fact("build", st.houses[seat].faction, label, name)
    n.tell(seat, f"Building a {name} on {label}; it finishes at step 7 (NSE-A26).")


# -- role abilities ------------------------------------------------------------------------------


def _squares(args: tuple) -> list[str]:
    return [a for a in args if isinstance(a, str) and a[:1].isalpha() and a[1:].isdigit()]


def _players(n: Night, args: tuple) -> list[int]:
    return [n.state.names.index(a) for a in args if isinstance(a, str) and a in n.state.names]


def _check_ab_open_city(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    st = n.state
    squares = _squares(args)
    if not 1 <= len(squares) <= ability.param("estates"):
        return f"name 1 to {ability.param('estates')} estates"
    fac = st.houses[seat].faction
    for label in squares:
        sq = st.square(label)
        if ability.param("where") == "controlled":
            if board.controller(st, sq) != fac:
                return f"{label} is not an estate your faction controls"
            if sq == st.houses[seat].home and not ability.param("home"):
                return "not your Home Estate"
        elif not any(u.owner == seat and u.square == sq for u in st.units.values()):
            return f"none of your units is on {label}"
    return ""


def _check_ab_noble(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    squares = _squares(args)
    if len(squares) != ability.param("nobles"):
        return f"name {ability.param('nobles')} estate(s) with your Steward"
    for label in squares:
        problem = _check_create_noble(n, seat, CreateNoble(label))
        if problem:
            return problem
    return ""


def _check_ab_marriage(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    players = _players(n, args)
    if len(players) != 1:
        return "name the player you propose to"
    return _check_marry(n, seat, Marry(n.state.names[players[0]]))


def _check_ab_surgeon(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    st = n.state
    targets = _players(n, args) or [seat]
    if len(targets) > ability.param("targets"):
        return f"at most {ability.param('targets')} PCs"
    if ability.param("whom") == "self" and targets != [seat]:
        return "only your own PC"
    for t in targets:
        if st.houses[t].faction != st.houses[seat].faction or not st.houses[t].alive:
            return f"{st.names[t]} is not a living player of your faction"
    return ""


def ability_heir_problem(state: State, ability: Ability, args: tuple) -> str:
    """NSE-A42: only an ability that says so (``heir``) may name an Heir; a player can
    tell from the ability alone, so the Day refuses it (``rules._check_use``)."""
    if "heir" not in args or ability.effect not in ("hired_assassin", "knife_in_the_back"):
        return ""
    if ability.effect == "hired_assassin" and ability.param("heir"):
        return ""
    return f"{ability.name} cannot target an Heir: {heir_immunity(state)}"


def _check_ab_assassin(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    players = _players(n, args)
    if len(players) != 1:
        return "name one player"
    if "heir" in args:
        if not ability.param("heir"):
            return ability_heir_problem(n.state, ability, args)
        if n.state.houses[players[0]].heir not in ("home", "field", "hostage"):
            return f"{n.state.names[players[0]]} has no Heir"
    return _check_assassin(n, seat, Assassin(n.state.names[players[0]]))


def _near_spy(st: State, seat: int, sq: int, adjacent_only: bool = True) -> bool:
    for kind, where, _ in st.houses[seat].posts:
        if kind == "spy" and (board.adjacent(st, where, sq) or where == sq):
            return True
    return False


def _check_ab_arson(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    squares = _squares(args)
    buildings = [a for a in args if a in _building_names()]
    if len(squares) != 1 or len(buildings) != 1:
        return "name an estate and a building"
    if ability.param("where") == "adjacent_spy" and not _near_spy(
        n.state, seat, n.state.square(squares[0])
    ):
        return f"none of your Spies is on or next to {squares[0]}"
    return _not_hostage_estate(n.state, seat, n.state.square(squares[0]))


def _building_names():
    return tuple(BUILDINGS)


def _check_ab_reveal(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    return "" if len(_players(n, args)) == 1 else "name one alt"


def _check_ab_knife(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    squares, players = _squares(args), _players(n, args)
    if len(squares) != 1 or len(players) != 1:
        return "name an estate and a player"
    if "heir" in args:
        return ability_heir_problem(n.state, ability, args)
    return _check_knife(n, seat, Knife(squares[0], n.state.names[players[0]]))


def _bribe_resources(ability: Ability, args: tuple) -> list[int]:
    named = [RES_INDEX[a] for a in args if a in RES_INDEX]
    if ability.param("resources") >= 3:
        return [0, 1, 2]
    return named


def _check_ab_bribery(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    st = n.state
    squares = _squares(args)
    res = _bribe_resources(ability, args)
    want = ability.param("resources")
    if len(squares) != 1 or len(res) != min(want, 3) or len(set(res)) != len(res):
        return f"name an estate and {want} resource(s)"
    sq = st.square(squares[0])
    if _not_hostage_estate(st, seat, sq):
        return _not_hostage_estate(st, seat, sq)
    if ability.param("where") == "spy":
        return "" if _spy_on(st, seat, sq) else f"you need a Spy on {squares[0]}"
    dist = ability.param("distance")
    if not any(
        u.owner == seat and board.distance(st, u.square, sq) <= dist for u in st.units.values()
    ):
        return f"none of your units is within {dist} steps of {squares[0]}"
    return ""


def _check_ab_messenger(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    return "" if len(_players(n, args)) == 1 else "name one player"


def _check_ab_poison(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    squares = _squares(args)
    if len(squares) != 1:
        return "name one estate"
    if not _near_spy(n.state, seat, n.state.square(squares[0])):
        return f"none of your Spies is on or next to {squares[0]}"
    return ""


def _check_ab_incapacitate(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    st = n.state
    units = [a for a in args if isinstance(a, int)]
    if len(units) != 1 or units[0] not in st.units:
        return "name one unit on the board"
    target = st.units[units[0]]
    if target.owner != NEUTRAL and _is_hostage_holder(st, seat, target.owner):
        return "you hold that player's Heir as hostage (NSE-48)"
    if not any(
        u.owner == seat and board.distance(st, u.square, target.square) <= 1
        for u in st.units.values()
    ):
        return f"none of your units is next to U{units[0]}"
    return ""


def _check_ab_walls(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    st = n.state
    squares = _squares(args)
    if len(squares) != 1:
        return "name one estate your faction controls"
    if board.controller(st, st.square(squares[0])) != st.houses[seat].faction:
        return f"{squares[0]} is not an estate your faction controls"
    return ""


def _ab_reveal(n: Night, seat: int, ability: Ability, args: tuple) -> None:
    target = _players(n, args)[0]
    n.revealed.append((seat, target))


def _ab_walls(n: Night, seat: int, ability: Ability, args: tuple) -> None:
    st = n.state
    sq = st.square(_squares(args)[0])
    st.ambush_immune[sq] = seat
    n.tell(seat, f"Star Walls: your units on {st.label(sq)} are immune to Ambush.")


ABILITIES = {
    "open_city": lambda n, s, a, args: open_city(n, s, _squares(args)),
    "create_noble": lambda n, s, a, args: create_noble(n, s, _squares(args)),
    "political_marriage": lambda n, s, a, args: marry(n, s, _players(n, args)[0], a.name),
    "field_surgeon": lambda n, s, a, args: field_surgeon(
        n, s, _players(n, args), a.param("to_zero")
    ),
    "hired_assassin": lambda n, s, a, args: assassin(
        n, s, _players(n, args)[0], a.param("wounds"), "heir" in args
    ),
    "arson": lambda n, s, a, args: arson(
        n, s, _squares(args)[0], next(x for x in args if x in _building_names())
    ),
    "reveal_alt": _ab_reveal,
    "knife_in_the_back": lambda n, s, a, args: knife(
        n, s, _squares(args)[0], _players(n, args)[0], a.param("keep_spy")
    ),
    "bribery": lambda n, s, a, args: bribery(n, s, _squares(args)[0], _bribe_resources(a, args)),
    "messenger": lambda n, s, a, args: messenger(
        n, s, _players(n, args)[0], a.param("any_faction")
    ),
    "poison_the_wells": lambda n, s, a, args: poison(n, s, _squares(args)[0]),
    "incapacitate": lambda n, s, a, args: incapacitate(
        n, s, next(x for x in args if isinstance(x, int))
    ),
    "ambush_immunity": _ab_walls,
    "recruit": lambda n, s, a, args: _ab_recruit(n, s, a, args),
    "rent_mercenary": lambda n, s, a, args: _ab_rent(n, s, a, args),
}


def _ab_recruit(n: Night, seat: int, ability: Ability, args: tuple) -> None:
    for levy in args:
        n.recruit(seat, levy.spec, n.state.square(levy.square), free=True, why=f" ({ability.name})")


def _check_ab_recruit(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    levies = [a for a in args if isinstance(a, Levy)]
    want, kind = ability.param("count"), ability.param("unit")
    if len(levies) != want or any(levy.spec.kind != kind for levy in levies):
        return f"recruit {want} {kind}(s)"
    return _levies_problem(n, seat, levies)


def _levies_problem(n: Night, seat: int, levies) -> str:
    """Why the levies could not all be recruited (checked before the ability is paid):
    each as a recruit order, and together against stacking and coloured limits."""
    st = n.state
    fac = st.houses[seat].faction
    placed: list[Unit] = []
    for spec, label in levies:
        sq = st.square(label)
        problem = n.recruit_problem(seat, spec, sq)
        if problem:
            return problem
        companies = tuple(cid for cid, k in spec[3] for _ in range(k))
        placed.append(Unit(0, seat, spec[0], companies, spec[1], sq))
        here = [u for u in placed if u.square == sq]
        if board.stack_count(st, sq, fac, here) > board.STACK_LIMIT:
            return f"your faction would have more than {board.STACK_LIMIT} units on {label}"
    limit = st.options.get("max_coloured_per_player", 4)
    mine = sum(board.coloured(st, u.companies) for u in st.units.values() if u.owner == seat)
    if mine + sum(board.coloured(st, u.companies) for u in placed) > limit:
        return f"you may hold {limit} coloured companies at most (NSE-A38)"
    return ""


def _rent_terms(args: tuple) -> tuple[str, At, For] | None:
    """The mercenary, ``at SQUARE`` and ``for PLAYER`` of a renting ability."""
    if len(args) == 3:
        merc, at, for_ = args
        if isinstance(at, At) and isinstance(for_, For):
            return merc, at, for_
    return None


def _check_ab_rent(n: Night, seat: int, ability: Ability, args: tuple) -> str:
    terms = _rent_terms(args)
    if terms is None:
        return "write the mercenary, 'at SQUARE' and 'for PLAYER'"
    merc, at, for_ = terms
    return rent_problem(n.state, seat, merc, n.state.square(at.square), for_.name)


def _ab_rent(n: Night, seat: int, ability: Ability, args: tuple) -> None:
    merc, at, for_ = args
    rent(n, seat, merc, n.state.square(at.square), for_.name, ability.param("free_nights"))


# What makes an ability fail at Night, by its effect (none: it cannot fail).
ABILITY_CHECKS: dict[str, Callable[[Any, int, Any, tuple], str]] = {
    "open_city": _check_ab_open_city,
    "create_noble": _check_ab_noble,
    "political_marriage": _check_ab_marriage,
    "field_surgeon": _check_ab_surgeon,
    "hired_assassin": _check_ab_assassin,
    "arson": _check_ab_arson,
    "reveal_alt": _check_ab_reveal,
    "knife_in_the_back": _check_ab_knife,
    "bribery": _check_ab_bribery,
    "messenger": _check_ab_messenger,
    "poison_the_wells": _check_ab_poison,
    "incapacitate": _check_ab_incapacitate,
    "ambush_immunity": _check_ab_walls,
    "recruit": _check_ab_recruit,
    "rent_mercenary": _check_ab_rent,
}


# -- forced marches (step 2) ---------------------------------------------------------------------


def forced_marches(n: Night) -> list[tuple[Unit, int]]:
    """NSE-50 / NSE-A27: Forced March orders and movement abilities, paid at step 2."""
    st = n.state
    out = []
    for seat in n.order:
        h = st.houses[seat]
        for o in h.orders:
            if type(o) is March:
                pairs = [(o.unit, o.square)]
                cost, what = ACTIONS[March], "Forced March"
            elif type(o) is Use:
                number, ability = ability_of(st, seat, o.ability)
                if ability is None or ability.effect != "forced_march":
                    continue
                if number == h.skipped:
                    n.tell(seat, f"{ability.name} failed: you did not choose it (NSE-08).")
                    continue
                pairs = [(t.unit, t.square) for t in o.terms if isinstance(t, UnitTo)]
                if len(pairs) > ability.param("units"):
                    n.tell(seat, f"{ability.name} failed: at most {ability.param('units')} units.")
                    continue
                cost, what = ability_cost(ability), ability.name
            else:
                continue
            legal = []
            for uid, label in pairs:
                unit = st.units.get(uid)
                if unit is None or unit.owner != seat or unit.kind == "Garrison":
                    n.tell(seat, f"{what} failed: U{uid} is not a unit of yours that moves.")
                    break
                if not board.adjacent(st, unit.square, st.square(label)):
                    n.tell(seat, f"{what} failed: {label} is not next to U{uid}.")
                    break
                legal.append((unit, st.square(label)))
            else:
                if legal and spend(n, seat, cost, what):
                    out.extend(legal)
    return out


# -- step 5: mercenaries -------------------------------------------------------------------------


def rent_problem(state: State, seat: int, name: str, square: int, for_name: str) -> str:
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        return "only the Faction Leader rents mercenaries (NSE-116)"
    if name in state.mercs:
        return f"the {name} are already rented"
    if board.controller(state, square) != h.faction:
        return f"{state.label(square)} is not an estate your faction controls (NSE-A19)"
    to = state.names.index(for_name)
    if state.houses[to].faction != h.faction or not state.houses[to].alive:
        return f"{for_name} is not a living for_name of your faction"
    return ""


def rent(n: Night, seat: int, name: str, square: int, for_name: str, free_nights: int) -> None:
    """NSE-116 / NSE-A34: the FL rents a mercenary unit for one of his players."""
    st = n.state
    problem = rent_problem(st, seat, name, square, for_name)
    merc = next(m for m in st.scenario.mercenaries if m.name == name)
    to = st.names.index(for_name)
    fac = st.houses[seat].faction
    if not problem:
        dummy = Unit(0, to, merc.unit, (), "", square)
        if board.stack_count(st, square, fac, [dummy]) > board.STACK_LIMIT:
            problem = f"your faction would have more than {board.STACK_LIMIT} units there"
    if problem:
        n.tell(seat, f"Renting the {name} failed: {problem}.")
        return
    companies = tuple(cid for cid, k in merc.companies for _ in range(k))
    unit = Unit(st.next_unit, to, merc.unit, companies, "", square)
    st.next_unit += 1
    unit.merc = name
    unit.rent_free = free_nights
    st.units[unit.id] = unit
    st.mercs[name] = unit.id
    n.entered.add(unit.id)
    n.fact("enter", fac, st.label(square), merc.unit)
    n.tell(seat, f"Rented the {name} ({unit.label}) at {st.label(square)} for {for_name}.")
    if to != seat:
        n.tell(to, f"Your Faction Leader gave you the {name} ({unit.label}) at {st.label(square)}.")


# -- step 8: courtiers ---------------------------------------------------------------------------


def unstaff(n: Night, seat: int, order: Unstaff) -> None:
    """NSE-A25: a courtier leaves a building and comes home."""
    st = n.state
    h = st.houses[seat]
    name, label = order
    b = st.buildings.get((st.square(label), name))
    if b and b.owner == seat and b.staff > 0:
        b.staff -= 1
        h.court += 1
        n.fact("remove", h.faction, label, "staff")
        n.tell(seat, f"A courtier left the {name} on {label}.")


def recall(n: Night, seat: int, order: Recall) -> None:
    """NSE-33, NSE-36, NSE-38, NSE-A25: TCs, Lobbyists and Spies come home; Stewards only
    under NSE-40."""
    st = n.state
    h = st.houses[seat]
    kind, label, detail = order
    sq = st.square(label)
    if kind == "spy":
        if Post("spy", sq) in h.posts:
            h.posts.remove(Post("spy", sq))
            h.court += 1
            n.fact("remove", h.faction, label, kind)
            n.tell(seat, f"Your Spy on {label} came home (NSE-36).")
        return
    res = RES_INDEX.get(detail, -1)
    table = st.tcs if kind == "tc" else st.lobbyists
    if table.get((sq, res)) == seat:
        del table[(sq, res)]
        h.posts.remove(Post(kind, sq, res))
        h.court += 1
        n.fact("remove", h.faction, label, kind)
        n.tell(seat, f"Your {kind.upper() if kind == 'tc' else 'Lobbyist'} on {label} came home.")
        if kind == "tc" and (sq, res) in st.lobbyists:
            lob = st.lobbyists.pop((sq, res))
            st.houses[lob].posts.remove(Post("lobbyist", sq, res))
            st.houses[lob].court += 1


def place(n: Night, seat: int, order: Steward | TaxCollector | Lobbyist | Spy | Staff) -> None:
    st = n.state
    h = st.houses[seat]
    if h.court < 1:
        n.tell(seat, f"'{order}' failed: no courtier left at court.")
        return
    problem = PLACE[type(order)](n, seat, order)
    if problem:
        n.tell(seat, f"'{order}' failed: {problem}.")


def _free_of_strangers(st: State, seat: int, sq: int) -> str:
    """NSE-16 conditions 1 and 2."""
    here = st.units_at(sq)
    if not any(u.owner == seat for u in here):
        return f"you need a unit of yours on {st.label(sq)} to take it (NSE-16)"
    fac = st.houses[seat].faction
    if any(u.owner == NEUTRAL or st.faction_of(u.owner) != fac for u in here):
        return f"{st.label(sq)} holds neutral or other factions' units (NSE-16)"
    return ""


def _steward(n: Night, seat: int, order: Steward) -> str:
    st = n.state
    h = st.houses[seat]
    label = order.square
    sq = st.square(label)
    if sq in st.stewards:
        return "the estate already has a Steward (NSE-23)"
    if any(k[0] == sq for k in st.tcs):
        return "a Steward and Tax Collectors cannot share an estate (NSE-23)"
    held = st.ctrl.get(sq)
    if held is None:
        problem = _free_of_strangers(st, seat, sq)
        if problem:
            return problem
        st.ctrl[sq] = Control(h.faction, -1)
        n.fact("control", h.faction, label)
        n.announce(f"The {st.scenario.factions[h.faction].short} took {label}.")
    elif held.faction != h.faction or (held.seat >= 0 and held.seat != seat):
        return f"{label} is not yours or your faction's to steward"
    st.stewards[sq] = seat
    return _take_post(n, seat, Post("steward", sq), f"Your Steward took office on {label}.")


def _take_post(n: Night, seat: int, post: Post, text: str) -> str:
    """A courtier leaves court for ``post``; recorded and told."""
    h = n.state.houses[seat]
    h.court -= 1
    h.posts.append(post)
    n.fact("place", h.faction, n.state.label(post.square), post.kind)
    n.tell(seat, text)
    return ""


def _tc(n: Night, seat: int, order: TaxCollector) -> str:
    """NSE-18, NSE-21, NSE-23, NSE-40, NSE-A10, NSE-A25, NSE-A30, NSE-A39: a TC on an
    estate you control as a player, or on a neutral one you take with it (NSE-15). A
    Steward stays on an estate only until TCs are appointed there (NSE-40): on your own
    estate the TC releases your Steward, who comes back to court; on a faction estate
    with your Steward the TC makes it your Heir's estate (NSE-A30). A Steward backing a
    Noble is never released (NSE-A39)."""
    st = n.state
    h = st.houses[seat]
    label, name = order
    sq, res = st.square(label), RES_INDEX[name]
    if (sq, res) in st.tcs:
        return f"{label} already has a Tax Collector on {name} (NSE-23)"
    held = st.ctrl.get(sq)
    steward = st.stewards.get(sq)
    if steward == seat and sq in st.nobles:
        return f"the Steward on {label} backs a Noble and stays (NSE-A39)"
    if held is None:
        if not board.may_hold_more(st, seat):
            return "you may control no more estates (NSE-15)"
        problem = _free_of_strangers(st, seat, sq)
        if problem:
            return problem
        st.ctrl[sq] = Control(h.faction, seat)
        h.extra_estate = sq
        n.fact("control", h.faction, label)
        n.announce(f"The {st.scenario.factions[h.faction].short} took {label}.")
    elif held == (h.faction, -1) and steward == seat:
        if not board.may_hold_more(st, seat):
            return "a Steward becomes Tax Collectors only for an Heir's estate (NSE-A30)"
        st.ctrl[sq] = Control(h.faction, seat)
        h.extra_estate = sq
    elif held != (h.faction, seat):
        return "Tax Collectors work only on estates you control (NSE-21, NSE-A10)"
    if steward is not None:
        release_steward(n, sq)
    st.tcs[(sq, res)] = seat
    text = f"Your Tax Collector collects {name} on {label}."
    return _take_post(n, seat, Post("tc", sq, res), text)


def release_steward(n: Night, sq: int) -> None:
    """NSE-40, NSE-A25: Tax Collectors were appointed on ``sq``, so its Steward leaves his
    post and is back at his owner's court (a Steward and TCs never share an estate,
    NSE-23)."""
    st = n.state
    seat = st.stewards.pop(sq)
    h = st.houses[seat]
    h.posts.remove(Post("steward", sq))
    h.court += 1
    label = st.label(sq)
    n.fact("remove", h.faction, label, "steward")
    n.tell(seat, f"Your Steward on {label} is released and back at court: Tax Collectors"
                 " now collect there (NSE-40).")  # fmt: skip


def _lobbyist(n: Night, seat: int, order: Lobbyist) -> str:
    """NSE-24 / NSE-A41."""
    st = n.state
    label, name = order
    sq, res = st.square(label), RES_INDEX[name]
    if st.tcs.get((sq, res)) != seat:
        return f"no Tax Collector of yours collects {name} on {label} (NSE-24)"
    if board.income_of(st, sq)[res] < 1:
        return f"{label} has no base {name} income (NSE-24)"
    if (sq, res) in st.lobbyists:
        return "one Lobbyist per collected resource (NSE-A41)"
    st.lobbyists[(sq, res)] = seat
    text = f"Your Lobbyist works the {name} of {label}."
    return _take_post(n, seat, Post("lobbyist", sq, res), text)


def spy_range(st: State, seat: int) -> int:
    """NSE-35 (2), the Inquisitor's and Master of Whispers' cores, Spymaster (NSE-28)."""
    if board.active_building(st, seat, "spymaster"):
        return 10**6
    core = board.has_core(st, seat, "spy_move")
    return core.param("estates") if core else 2


def _spy(n: Night, seat: int, order: Spy) -> str:
    st = n.state
    h = st.houses[seat]
    origin, path = order
    start = h.home if not origin else st.square(origin)
    if origin and Post("spy", start) not in h.posts:
        return f"you have no Spy on {origin}"
    squares = [st.square(sq) for sq in path]
    if len(squares) > spy_range(st, seat):
        return f"a Spy moves at most {spy_range(st, seat)} estates a Night (NSE-35)"
    here = start
    for sq in squares:
        if not board.adjacent(st, here, sq):
            return f"{st.label(sq)} is not next to {st.label(here)}"
        here = sq
    if origin:
        h.posts.remove(Post("spy", start))
    else:
        h.court -= 1
    h.posts.append(Post("spy", here))
    n.spy_paths.setdefault(seat, []).extend(squares)
    n.fact("place", h.faction, st.label(here), "spy")
    return ""


def _staff(n: Night, seat: int, order: Staff) -> str:
    st = n.state
    name, label = order
    b = st.buildings.get((st.square(label), name))
    if b is None or b.owner != seat or not b.finished:
        return f"you have no finished {name} on {label}"
    if b.staff >= BUILDINGS[name][2]:
        return f"the {name} is fully staffed"
    b.staff += 1
    st.houses[seat].court -= 1
    n.fact("place", st.houses[seat].faction, label, "staff")
    n.tell(seat, f"A courtier staffs your {name} on {label} ({b.staff}/{BUILDINGS[name][2]}).")
    return ""


# Step 8: recalls first, then placements, each in the player's order (NSE-A25).
RECALL: dict[type, Callable[[Any, int, Any], None]] = {Recall: recall, Unstaff: unstaff}
PLACE: dict[type, Callable[[Any, int, Any], str]] = {
    Steward: _steward,
    TaxCollector: _tc,
    Lobbyist: _lobbyist,
    Spy: _spy,
    Staff: _staff,
}


# -- step 1: marriages and hostages; step 9: Heir courtiers; step 10: Holy Office ----------------


def unions(n: Night) -> None:
    """NSE-A32: accepted proposals take effect at step 1 of the following Night."""
    st = n.state
    for i, (a, b, ability, status) in enumerate(st.marriage_offers):
        if status != "accepted" or st.houses[a].spouse >= 0 or st.houses[b].spouse >= 0:
            continue
        st.marriage_offers[i] = Marriage(a, b, ability, "married")
        st.houses[a].spouse, st.houses[b].spouse = b, a
        n.tell(a, f"You are married to {st.names[b]} (NSE-44).")
        n.tell(b, f"You are married to {st.names[a]} (NSE-44).")
        _, abl = ability_of(st, a, ability) if ability else (0, None)
        if abl is not None and abl.effect == "political_marriage" and abl.param("heir_cost") == 0:
            for seat in (a, b):  # Holy League: both Create Heir at no further cost
                if not st.houses[seat].heir_used and st.houses[seat].court >= 1:
                    create_heir(n, seat)
    # No answer by the Day's end means refusal (NSE-A32).
    st.marriage_offers = [m for m in st.marriage_offers if m.status == "married"]
    for a, b, status in st.hostage_offers:
        if status == "accepted":
            exchange(n, a, b)
    st.hostage_offers = []


def exchange(n: Night, a: int, b: int) -> None:
    """NSE-47: each spouse's faction gains control of the other's Heir."""
    st = n.state
    for owner, holder in ((a, b), (b, a)):
        h = st.houses[owner]
        if h.heir == "home":
            h.heir = "hostage"
            h.hostage_of = holder
            n.tell(owner, f"Your Heir is now {st.names[holder]}'s hostage (NSE-47).")
            n.tell(holder, f"You hold {st.names[owner]}'s Heir as hostage (NSE-48).")


def heir_courtiers(n: Night) -> None:
    """NSE-46 / NSE-A25: a new Heir brings 5 courtiers at step 9."""
    for seat in n.new_heirs:
        n.add_courtiers(seat, 5, "Your Heir's household joins your court")


def revelations(n: Night):
    st = n.state
    for seat, target in n.revealed:
        h = st.houses[target]
        role = st.scenario.roles[h.role - 1]
        yield seat, (st.names[target], f"{role.name} of {st.scenario.factions[h.faction].short}")


# -- death ---------------------------------------------------------------------------------------


def kill_pc(n: Night, seat: int, why: str) -> None:
    """NSE-58, NSE-64, NSE-A29: the Heir succeeds, or the player is out."""
    st = n.state
    h = st.houses[seat]
    if not h.alive:
        return
    for u in st.units.values():
        if u.owner == seat and u.commander == "pc":
            u.commander = "basic"
    h.pc_field = False
    if h.heir:
        was_field = h.heir == "field"
        h.heir = ""
        h.hostage_of = -1
        h.wounds = h.heir_wounds
        h.heir_wounds = 0
        if was_field:
            for u in st.units.values():
                if u.owner == seat and u.commander == "heir":
                    u.commander = "pc"
                    h.pc_field = True
        n.announce(f"{st.names[seat]}'s Player Character {why}; the Heir succeeds.")
        return
    eliminate(n, seat, why)


def eliminate(n: Night, seat: int, why: str) -> None:
    st = n.state
    h = st.houses[seat]
    h.alive = False
    for u in [u for u in st.units.values() if u.owner == seat]:
        if u.commander == "officer":
            st.officers[u.leader] = -1
        st.units.pop(u.id)
        if u.merc:
            st.mercs.pop(u.merc, None)
    for sq in [sq for sq, s in st.stewards.items() if s == seat and sq not in st.nobles]:
        del st.stewards[sq]
    for posts in (st.tcs, st.lobbyists):
        for key in [k for k, s in posts.items() if s == seat]:
            del posts[key]
    for b in st.buildings.values():
        if b.owner == seat:
            b.staff = 0
    h.posts = []
    h.court = 0
    for sq in [sq for sq, (_, s) in st.ctrl.items() if s == seat]:
        del st.ctrl[sq]
    n.announce(f"{st.names[seat]}'s Player Character {why}; {st.names[seat]} is out of the game.")
    succession(n, h.faction)


def succession(n: Night, faction: int) -> None:
    """NSE-A29: the designated successor, else the living member with the lowest role."""
    st = n.state
    fl = st.leaders[faction]
    if fl >= 0 and st.houses[fl].alive:
        return
    heir = st.successors[faction]
    if heir < 0 or not st.houses[heir].alive or st.houses[heir].faction != faction:
        members = sorted(
            (s for s in st.living() if st.houses[s].faction == faction),
            key=lambda s: st.houses[s].role,
        )
        heir = members[0] if members else -1
    st.leaders[faction] = heir
    st.successors[faction] = -1
    for name, holder in list(st.officers.items()):
        if holder == fl:
            st.officers[name] = heir
    if heir >= 0:
        n.tell(heir, "You are now your faction's Faction Leader (NSE-112).")
