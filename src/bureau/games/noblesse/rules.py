"""Checking and performing a player's Day actions.

Night orders are checked when given for what their writer can know (his own
units, courtiers, the board); what depends on others is decided when the
Night resolves them, and a failure goes to his private report (NSE-A07). An
order that his knowledge already dooms is refused at once, and one that fails
only if his own earlier orders succeed is accepted with a caution to him alone
(``foresight.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from bureau.engine import EVERYONE, Event, IllegalAction
from bureau.engine.events import only

from . import board, treaties
from .actions import (
    ACTIONS,
    NIGHT_ORDERS,
    Answer,
    Arson,
    Assassin,
    Attack,
    Breach,
    Bribery,
    Build,
    Cancel,
    Choose,
    Contact,
    CreateHeir,
    CreateNoble,
    Disband,
    Done,
    FieldSurgeon,
    GiveOfficer,
    Hostages,
    Incapacitate,
    Knife,
    Lobbyist,
    March,
    Marry,
    Messenger,
    Move,
    OpenCity,
    Override,
    Pay,
    Poison,
    Propose,
    Recall,
    Recruit,
    Reject,
    Rent,
    Resolve,
    Setup,
    Sign,
    Spy,
    Staff,
    Steward,
    Successor,
    TaxCollector,
    Unstaff,
    Use,
    Vote,
    read,
)
from .effects import ability_heir_problem, ability_of, heir_immunity
from .foresight import foresee
from .scenario import UNIT_SHAPES
from .state import BUILDINGS, DAY, SETUP, House, State, Unit

LEGAL_SPLITS = {(5, 0, 0), (4, 1, 0), (3, 2, 0), (3, 1, 1), (2, 2, 1)}  # NSE-12
SKIPS = {"2": 1, "5": 2, "8": 3, "uniques": 4}


def check(state: State, seat: int, order: Any) -> None:
    if state.phase not in (SETUP, DAY):
        raise IllegalAction("the game is over")
    if seat is None or not 0 <= seat < state.num_players:
        raise IllegalAction("only a player may act")
    h = state.houses[seat]
    if not h.alive:
        raise IllegalAction("you are out of the game")
    kind = type(order)
    if kind is Resolve or kind is Override:
        raise IllegalAction("only the moderator may do that")
    if state.phase == SETUP:
        if kind is Setup:
            return check_setup(state, seat, order)
        if not has_setup(h):
            raise IllegalAction("submit your setup first (NSE-07 .. NSE-09)")
    elif kind is Setup:
        raise IllegalAction("setup is over")
    checker = CHECKS.get(kind)
    if checker is None:
        raise IllegalAction(f"'{order}' is not an order")
    checker(state, seat, order)
    if kind in NIGHT_ORDERS:
        need = courtiers_needed(state, [*h.orders, order])
        if need > h.court:
            raise IllegalAction(
                f"your orders would need {need} courtiers and {h.court} are at court (NSE-32)"
            )
        refusal, _ = foresee(state, seat, order, caution=False)
        if refusal:
            raise IllegalAction(f"this would fail at Night because {refusal}")


def has_setup(h: House) -> bool:
    """Has the house submitted its set-up (it stays first on its list)?"""
    return any(type(o) is Setup for o in h.orders)


def perform(state: State, seat: int, order: Any, ev: list[Event]) -> None:
    PERFORM[type(order)](state, seat, order, ev)


def _perform_setup(state: State, seat: int, order: Setup, ev: list[Event]) -> None:
    h = state.houses[seat]
    h.orders = [o for o in h.orders if type(o) is not Setup]
    h.orders.insert(0, order)
    h.home = state.square(order.home)
    h.design = order.design
    h.skipped = SKIPS[order.skip]
    h.ready = False
    ev.append(Event("order", only(seat), player=seat, order=str(order)))


def _perform_night_order(state: State, seat: int, order: Any, ev: list[Event]) -> None:
    """A Night order joins the seat's list, with a caution to him alone when his own
    earlier orders may stop it (foresight.py)."""
    h = state.houses[seat]
    _refusal, caution = foresee(state, seat, order)
    h.orders.append(order)
    h.ready = False
    ev.append(Event("order", only(seat), player=seat, order=str(order)))
    if caution:
        text = f"'{order}' is accepted; it fails at Night if {caution}."
        ev.append(Event("caution", only(seat), player=seat, text=text))


# -- setup -------------------------------------------------------------------------------------


def check_setup(state: State, seat: int, order: Setup) -> None:
    """NSE-07 .. NSE-09, NSE-12: home in range, a legal split, one option left out, a
    starting unit within the budget."""
    h = state.houses[seat]
    label, design, skip, spec = order
    sq = _square(state, label)
    fac = state.scenario.factions[h.faction]
    (r0, c0), (r1, c1) = fac.home
    r, c = divmod(sq, state.scenario.cols)
    if not (r0 <= r <= r1 and c0 <= c <= c1):
        first, last = (
            state.label(r0 * state.scenario.cols + c0),
            state.label(r1 * state.scenario.cols + c1),
        )
        raise IllegalAction(f"your home must lie in your range {first}-{last} (NSE-07)")
    if sq in state.scenario.victory or any(
        o.home == sq for s, o in enumerate(state.houses) if s != seat
    ):
        raise IllegalAction(f"{label} is taken; two players may not share a home tile")
    if tuple(sorted(design, reverse=True)) not in LEGAL_SPLITS:
        raise IllegalAction(
            "divide 5 points as 5-0-0, 4-1-0, 3-2-0, 3-1-1 or 2-2-1 in any order (NSE-12)"
        )
    problem = board.shape_problem(state, spec)
    if problem:
        raise IllegalAction(problem)
    # a Garrison may start: it stays on the Home Estate (NSE-68)
    budget = state.scenario.defaults.starting_unit_budget_mp
    cost = board.recruit_cost(state, spec)
    if cost > budget:
        raise IllegalAction(
            f"the starting unit costs {cost} MP with its tiers; the budget is {budget} (NSE-09)"
        )
    if spec.leader in ("heir", "noble"):
        raise IllegalAction("a starting unit is led by an Officer company, your PC, a courtier"
                            " or a Unique Officer you hold")  # fmt: skip
    if spec.leader == "officer" and state.officers.get(spec.officer) != seat:
        raise IllegalAction(f"you do not hold {spec.officer}")
    companies = [cid for cid, n in spec.companies for _ in range(n)]
    if SKIPS[skip] == 4 and any(state.designs[c].limit for c in companies):
        raise IllegalAction("you left out your unique companies (NSE-08)")
    problem = board.unique_problem(state, seat, companies)
    if problem and "did not choose" not in problem:
        raise IllegalAction(problem)
    if board.coloured(state, companies) > state.options.get("max_coloured_per_unit", 2):
        raise IllegalAction("too many coloured companies in one unit (NSE-A38)")


# The Bureau's set-up for a player who sends none before Night 1 (NSE-07 .. NSE-09,
# NSE-A08): the first free square of his range in board order, an even income, every
# ability kept, and the set-up example's starting unit (or, in a scenario without those
# companies, the cheapest unit its catalogue fills within the budget).
DEFAULT_DESIGN = "2-2-1"
DEFAULT_SKIP = "uniques"
DEFAULT_UNITS = (
    "Brigade led by courtier with R7 x2, F6 x2, C1 x5",
    "Regiment with O1, C1 x3, F6 x2",
)


def default_setups(state: State) -> dict[int, tuple[int, Setup | None]]:
    """For each living seat with no set-up yet, the home square and the set-up order the
    Bureau gives it when the Night comes: at the deadline (its timeout action) or at the
    moderator's ``resolve``. Seats are served in seat order, each avoiding the homes
    submitted or given before it. The order is None only where no starting unit fits the
    scenario: the seat then gets its home alone."""
    out: dict[int, tuple[int, Setup | None]] = {}
    taken = {h.home for h in state.houses if h.home >= 0}
    victory = {state.square(v) for v in state.scenario.victory}
    for seat, h in enumerate(state.houses):
        if not h.alive or has_setup(h):
            continue
        free = [sq for sq in _range_squares(state, seat) if sq not in taken | victory]
        if not free:  # a scenario whose range is full: any free square but a victory one
            free = [sq for sq in range(len(state.scenario.estates)) if sq not in taken | victory]
        if not free:
            continue
        home = free[0]
        taken.add(home)
        head = f"setup {state.label(home)} income {DEFAULT_DESIGN} skip {DEFAULT_SKIP} unit"
        order: Setup | None = None
        for unit in (*DEFAULT_UNITS, *_cheapest_units(state)):
            try:
                candidate = read(state.scenario, state.names, f"{head} {unit}")
                assert isinstance(candidate, Setup)  # the text is a set-up's
                check_setup(state, seat, candidate)
            except (IllegalAction, ValueError):
                continue
            order = candidate
            break
        out[seat] = (home, order)
    return out


def _range_squares(state: State, seat: int) -> list[int]:
    """The squares of the seat's home range (NSE-07), in board order."""
    (r0, c0), (r1, c1) = state.scenario.factions[state.houses[seat].faction].home
    cols = state.scenario.cols
    return [r * cols + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def _cheapest_units(state: State) -> Iterator[str]:
    """Units led by a courtier, filled with the catalogue's cheapest plain company of
    each kind (for scenarios without the default's companies)."""
    cheapest: dict[str, str] = {}
    for cid, design in sorted(state.designs.items()):
        if design.limit == 0 and not design.colour:
            best = cheapest.get(design.slot)
            if best is None or design.tier < state.designs[best].tier:
                cheapest[design.slot] = cid
    slots = ("Centre", "Flank", "Reserve")
    for kind in ("Regiment", "Garrison", "Brigade", "Division"):
        want = dict(zip(slots, UNIT_SHAPES[kind][1:], strict=True))
        if all(slot in cheapest for slot, n in want.items() if n):
            comps = [f"{cheapest[s]} x{n}" if n > 1 else cheapest[s] for s, n in want.items() if n]
            yield f"{kind} led by courtier with {', '.join(comps)}"


# -- night orders --------------------------------------------------------------------------------


def _square(state: State, label: str) -> int:
    try:
        return state.square(label)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _my_unit(state: State, seat: int, uid: int) -> Unit:
    unit = state.units.get(uid)
    if unit is None or unit.owner != seat:
        mine = sorted(u.label for u in state.units.values() if u.owner == seat)
        raise IllegalAction(f"U{uid} is not your unit (yours: {', '.join(mine) or 'none'})")
    return unit


def _check_move(state: State, seat: int, order: Move) -> None:
    """NSE-66 .. NSE-68: orthogonal steps; one a Night, or 2 on the first move."""
    unit = _my_unit(state, seat, order.unit)
    if unit.kind == "Garrison":
        raise IllegalAction("a Garrison never moves (NSE-68)")
    if any(type(o) is Move and o.unit == unit.id for o in state.houses[seat].orders):
        raise IllegalAction(f"{unit.label} already has a move order; cancel it first")
    steps = 1
    if unit.fresh:
        core = board.has_core(state, seat, "recruit_first_move")
        steps = core.param("estates") if core else 2
    path = [_square(state, sq) for sq in order.path]
    if len(path) > steps:
        raise IllegalAction(f"{unit.label} may move {steps} estate(s) this Night (NSE-66, NSE-67)")
    here = unit.square
    for sq in path:
        if not board.adjacent(state, here, sq):
            raise IllegalAction(
                f"{state.label(sq)} is not next to {state.label(here)}: units move orthogonally"
            )
        here = sq


def _check_disband(state: State, seat: int, order: Disband) -> None:
    _my_unit(state, seat, order.unit)


def _check_march(state: State, seat: int, order: March) -> None:
    unit = _my_unit(state, seat, order.unit)
    if unit.kind == "Garrison":
        raise IllegalAction("a Garrison never moves (NSE-68)")
    _square(state, order.square)


def _check_recruit(state: State, seat: int, order: Recruit) -> None:
    spec = order.spec
    problem = board.shape_problem(state, spec)
    if problem:
        raise IllegalAction(problem)
    _square(state, order.square)
    if spec.leader == "officer" and state.officers.get(spec.officer) != seat:
        raise IllegalAction(f"you do not hold {spec.officer}")


def _check_square(state: State, seat: int, order: Any) -> None:
    """An order on a square (its ``square`` field): the square is on the board."""
    _square(state, order.square)


def _check_spy(state: State, seat: int, order: Spy) -> None:
    origin = order.origin
    if origin and ("spy", _square(state, origin), "") not in state.houses[seat].posts:
        raise IllegalAction(f"you have no Spy on {origin}")
    for sq in order.path:
        _square(state, sq)


def _check_recall(state: State, seat: int, order: Recall) -> None:
    kind, label, detail = order
    sq = _square(state, label)
    h = state.houses[seat]
    if kind == "spy":
        if ("spy", sq, "") not in h.posts:
            raise IllegalAction(f"you have no Spy on {label}")
        return
    res = ("Inf", "MP", "$").index(detail) if detail else -1
    if (kind, sq, res) not in h.posts:
        raise IllegalAction(f"you have no {kind} on {label} {detail}".rstrip())


def _check_unstaff(state: State, seat: int, order: Unstaff) -> None:
    """NSE-A25: a courtier of the seat's staffs that building on that square."""
    sq = _square(state, order.square)
    b = state.buildings.get((sq, order.building))
    if b is None or b.owner != seat or b.staff == 0:
        raise IllegalAction(f"no courtier of yours staffs a {order.building} on {order.square}")


def _check_build(state: State, seat: int, order: Build) -> None:
    name, label = order
    sq = _square(state, label)
    held = state.ctrl.get(sq)
    if held is None or held.seat != seat:
        raise IllegalAction(f"buildings go only on estates you control (NSE-25); {label} is not")
    if (sq, name) in state.buildings:
        raise IllegalAction(f"{label} already has a {name} (NSE-A26)")


def _check_other(state: State, seat: int, order: Messenger | Marry) -> None:
    if state.names.index(order.name) == seat:
        raise IllegalAction("name another player")


def _check_none(state: State, seat: int, order: Any) -> None:
    return None


def _check_assassin(state: State, seat: int, order: Assassin) -> None:
    """NSE-62, NSE-A42: Hired Assassin may not name an Heir (``assassin Eve heir``):
    refused by the rule, not by the grammar."""
    if order.heir:
        raise IllegalAction(
            f"Hired Assassin cannot target {order.name}'s Heir: {heir_immunity(state)}"
        )


def _check_knife(state: State, seat: int, order: Knife) -> None:
    """NSE-62, NSE-A42: nor Knife in the Back (``knife D4 Eve heir``)."""
    if order.heir:
        raise IllegalAction(
            f"Knife in the Back cannot target {order.name}'s Heir: {heir_immunity(state)}"
        )
    _square(state, order.square)


def _check_use(state: State, seat: int, order: Use) -> None:
    number, ability = ability_of(state, seat, order.ability)
    if ability is None:
        role = state.scenario.roles[state.houses[seat].role - 1]
        names = ", ".join(a.name for a in role.abilities)
        raise IllegalAction(f"{order.ability} is not one of your abilities ({names})")
    if number == state.houses[seat].skipped:
        raise IllegalAction(f"you did not choose {ability.name} at setup (NSE-08)")
    problem = ability_heir_problem(state, ability, order.terms)
    if problem:
        raise IllegalAction(problem)


def _check_pay(state: State, seat: int, order: Pay) -> None:
    """NSE-115: the FL pays his own players by name; another faction by its key, which
    reaches that faction's leader (NSE-117: FLs never address each other by seat)."""
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        raise IllegalAction("only the Faction Leader redistributes income (NSE-115)")
    if not any(order.amounts):
        raise IllegalAction("pay something")
    to = order.to
    keys = [f.key for f in state.scenario.factions]
    if to in keys:
        if keys.index(to) == h.faction:
            raise IllegalAction("name one of your players, or another faction")
        return
    if state.houses[state.names.index(to)].faction != h.faction:
        raise IllegalAction(
            f"pay your faction's players by name, another faction by its key"
            f" ({', '.join(keys)}); its leader receives it"
        )


def _check_choose(state: State, seat: int, order: Choose) -> None:
    core = state.scenario.factions[state.houses[seat].faction].core
    if core.effect != "night_income" or core.param("resource") != "choice":
        raise IllegalAction("only a faction whose core lets it choose a resource may choose")


def _check_rent(state: State, seat: int, order: Rent) -> None:
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        raise IllegalAction("only the Faction Leader rents mercenaries (NSE-116)")
    _square(state, order.square)


# Night orders that take a courtier from court for the Night or longer (NSE-32): the
# posts, the Messenger, and the Envoy of every action and ability (NSE-A07).
_ONE_COURTIER = frozenset({Steward, TaxCollector, Lobbyist, Staff, Messenger, Use, *ACTIONS})


def courtiers_needed(state: State, orders: list) -> int:
    """NSE-32: one post per courtier per Night; Envoys (NSE-A07), overseers (NSE-25)."""
    need = 0
    for o in orders:
        kind = type(o)
        if kind in _ONE_COURTIER or (kind is Spy and not o.origin):
            need += 1
        elif kind is Build:
            need += BUILDINGS[o.building][1]
        elif (kind is Recruit or kind is Setup) and o.spec.leader == "courtier":
            need += 1
    return need


# -- immediate Day actions -------------------------------------------------------------------------


def _done(state: State, seat: int, order: Done, ev: list[Event]) -> None:
    state.houses[seat].ready = True
    ev.append(Event("done", EVERYONE, player=seat))


def _cancel(state: State, seat: int, order: Cancel, ev: list[Event]) -> None:
    h = state.houses[seat]
    removed = h.orders.pop(order.number - 1)
    h.ready = False
    ev.append(Event("cancelled", only(seat), player=seat, order=str(removed)))


def _successor(state: State, seat: int, order: Successor, ev: list[Event]) -> None:
    h = state.houses[seat]
    state.successors[h.faction] = state.names.index(order.name)
    text = f"{state.names[seat]} named {order.name} as successor (NSE-112)."
    ev.append(Event("successor", only(seat), player=seat, text=text))


def _give_officer(state: State, seat: int, order: GiveOfficer, ev: list[Event]) -> None:
    name, to = order
    target = state.names.index(to)
    state.officers[name] = target
    ev += [  # the recipient is not told who gave it (NSE-111: he may not know his FL)
        Event("officer", only(seat), player=seat, text=f"{name} now serves {to}."),
        Event("officer", only(target), text=f"The Unique Officer {name} now serves you."),
    ]


def _answer(state: State, seat: int, order: Answer, ev: list[Event]) -> None:
    """NSE-A32: the earliest open proposal to ``seat`` is accepted or refused; accepting
    a marriage refuses the others (one Political Marriage each, NSE-44)."""
    accept = order.accept
    offers: list = state.marriage_offers if order.offer == "marriage" else state.hostage_offers
    what = "Political Marriage" if offers is state.marriage_offers else "Exchange of Hostages"
    i = next(i for i, o in enumerate(offers) if o.to == seat and o.status == "offered")
    offers[i] = offers[i]._replace(status="accepted" if accept else "refused")
    proposer = offers[i].by
    if accept and offers is state.marriage_offers:
        for j, o in enumerate(offers):
            if j != i and o.status == "offered" and seat in (o.by, o.to):
                offers[j] = o._replace(status="refused")
    text = f"{state.names[seat]} {'accepted' if accept else 'refused'} the {what}."
    ev.append(Event("answer", only(proposer, seat), player=seat, text=text))


def _contact(state: State, seat: int, order: Contact, ev: list[Event]) -> None:
    """NSE-111 / NSE-A22: the FL opens the channel to a member, who then knows him."""
    target = state.names.index(order.name)
    state.houses[target].contacted = seat
    text = f"Your Faction Leader {state.names[seat]} opened a channel to you."
    ev.append(Event("contact", only(seat, target), player=seat, text=text))


def _vote(state: State, seat: int, order: Vote, ev: list[Event]) -> None:
    state.houses[seat].vote = state.names.index(order.name)
    text = f"{state.names[seat]} votes for {order.name}."
    ev.append(Event("vote", EVERYONE, player=seat, text=text))


def _propose(state: State, seat: int, order: Propose, ev: list[Event]) -> None:
    ev += treaties.propose(state, seat, order.to, order.text)


def _sign(state: State, seat: int, order: Sign, ev: list[Event]) -> None:
    ev += treaties.sign(state, seat, order.treaty)


def _reject(state: State, seat: int, order: Reject, ev: list[Event]) -> None:
    ev += treaties.reject(state, seat, order.treaty)


def _breach(state: State, seat: int, order: Breach, ev: list[Event]) -> None:
    ev += treaties.report_breach(state, seat, order.treaty, order.promise)


def _check_cancel(state: State, seat: int, order: Cancel) -> None:
    count = len(state.houses[seat].orders)
    if not 1 <= order.number <= count:
        raise IllegalAction(f"you have {count} orders; cancel 1 to {count}")
    if type(state.houses[seat].orders[order.number - 1]) is Setup:
        raise IllegalAction("replace your setup by submitting another one")


def _check_fl(state: State, seat: int, order: Successor | Contact | GiveOfficer) -> None:
    if state.leaders[state.houses[seat].faction] != seat:
        raise IllegalAction("only the Faction Leader may do that (NSE-112, NSE-113)")
    target = state.houses[state.names.index(order.name)]
    if target.faction != state.houses[seat].faction or not target.alive:
        raise IllegalAction(f"{order.name} is not a living player of your faction")


def _check_give_officer(state: State, seat: int, order: GiveOfficer) -> None:
    _check_fl(state, seat, order)
    if state.officers.get(order.officer) != seat:
        raise IllegalAction(f"you do not hold {order.officer}")


def _check_answer(state: State, seat: int, order: Answer) -> None:
    if order.offer == "marriage":
        if any(o.to == seat and o.status == "accepted" for o in state.marriage_offers):
            raise IllegalAction("you have accepted a Political Marriage already (NSE-44)")
        if not any(o.to == seat and o.status == "offered" for o in state.marriage_offers):
            raise IllegalAction("nobody has proposed a Political Marriage to you")
    elif not any(o.to == seat and o.status == "offered" for o in state.hostage_offers):
        raise IllegalAction("nobody has proposed an Exchange of Hostages to you")


def _check_vote(state: State, seat: int, order: Vote) -> None:
    if not state.options.get("lynch"):
        raise IllegalAction("the lynch module is off in this game (NSE-A06)")
    if not state.houses[state.names.index(order.name)].alive:
        raise IllegalAction(f"{order.name} is out of the game")


def _negotiator(state: State, seat: int) -> None:
    """A treaty order is a Faction Leader's (NSE-99)."""
    if state.leaders[state.houses[seat].faction] != seat:
        raise IllegalAction("only a Faction Leader negotiates treaties (NSE-99)")


def _check_propose(state: State, seat: int, order: Propose) -> None:
    """The proposal's text is read whole."""
    _negotiator(state, seat)
    treaties.read_proposal(state, seat, order.to, order.text)


def _check_sign(state: State, seat: int, order: Sign) -> None:
    """A signature's bans and alliances."""
    _negotiator(state, seat)
    treaties.signable(state, seat, order.treaty)


def _check_reject(state: State, seat: int, order: Reject) -> None:
    _negotiator(state, seat)
    treaties.rejectable(state, seat, order.treaty)


def _check_breach(state: State, seat: int, order: Breach) -> None:
    """A breach report's evidence."""
    _negotiator(state, seat)
    treaties.reportable(state, seat, order.treaty, order.promise)


CHECKS: dict[type, Callable[[State, int, Any], None]] = {
    # Night orders
    Move: _check_move,
    Disband: _check_disband,
    March: _check_march,
    Recruit: _check_recruit,
    Rent: _check_rent,
    Steward: _check_square,
    TaxCollector: _check_square,
    Lobbyist: _check_square,
    Spy: _check_spy,
    Recall: _check_recall,
    Unstaff: _check_unstaff,
    Build: _check_build,
    Staff: _check_square,
    Messenger: _check_other,
    Marry: _check_other,
    Assassin: _check_assassin,
    Use: _check_use,
    Pay: _check_pay,
    Choose: _check_choose,
    Attack: _check_square,
    OpenCity: _check_square,
    CreateNoble: _check_square,
    CreateHeir: _check_none,
    Hostages: _check_none,
    FieldSurgeon: _check_none,
    Arson: _check_square,
    Bribery: _check_square,
    Poison: _check_square,
    Incapacitate: _check_none,
    Knife: _check_knife,
    # the Day's immediate orders
    Done: _check_none,
    Cancel: _check_cancel,
    Successor: _check_fl,
    GiveOfficer: _check_give_officer,
    Contact: _check_fl,
    Answer: _check_answer,
    Vote: _check_vote,
    Propose: _check_propose,
    Sign: _check_sign,
    Reject: _check_reject,
    Breach: _check_breach,
}
PERFORM: dict[type, Callable[[State, int, Any, list[Event]], None]] = {
    Setup: _perform_setup,
    **{kind: _perform_night_order for kind in NIGHT_ORDERS},
    Done: _done,
    Cancel: _cancel,
    Successor: _successor,
    GiveOfficer: _give_officer,
    Answer: _answer,
    Vote: _vote,
    Contact: _contact,
    Propose: _propose,
    Sign: _sign,
    Reject: _reject,
    Breach: _breach,
}


def help_text(state: State, seat: int) -> str:
    if state.phase == SETUP and not has_setup(state.houses[seat]):
        return (
            "Submit your setup, e.g. 'setup B2 income 3-1-1 skip uniques unit Regiment with"
            " O1, C1 x3, F6 x2'"
        )
    return (
        "Write orders (move, recruit, steward, tc, lobbyist, spy, build, staff, an action,"
        " use ABILITY ...), 'cancel N', or 'done'"
    )


def negotiators(state: State, seat: int) -> tuple[str, ...]:
    """The factions a Faction Leader may negotiate with through his second alt (NSE-117);
    the server routes a message to a faction to its current FL."""
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        return ()
    facs = state.scenario.factions
    return tuple(f.key for i, f in enumerate(facs) if i != h.faction and state.leaders[i] >= 0)


def channels(state: State, seat: int) -> frozenset[int]:
    """NSE-A22: the FL with his members (once he has opened the channel), spouses,
    Messengers. FLs talk to each other through their second alts (NSE-117), addressed by
    faction, never by seat: naming the seat would unmask the other FL (``negotiators``)."""
    if state.options.get("open_comms"):
        return frozenset(range(state.num_players)) - {seat}
    h = state.houses[seat]
    out = set()
    fl = state.leaders[h.faction]
    if fl == seat:
        out |= {s for s, o in enumerate(state.houses) if o.faction == h.faction}
    elif fl >= 0 and h.contacted == fl:
        out.add(fl)  # opened by the FL (NSE-A22); members do not know him before (NSE-111)
    if h.spouse >= 0:
        out.add(h.spouse)
    out |= set(h.messengers)
    out.discard(seat)
    return frozenset(s for s in out if state.houses[s].alive)
