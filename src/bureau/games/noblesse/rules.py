"""Checking and performing a player's Day actions.

Night orders are checked when given for what their writer can know (his own
units, courtiers, the board); what depends on others is decided when the
Night resolves them, and a failure goes to his private report (NSE-A07). An
order that his knowledge already dooms is refused at once, and one that fails
only if his own earlier orders succeed is accepted with a caution to him alone
(``foresight.py``).
"""

from __future__ import annotations

from bureau.engine import EVERYONE, Event, IllegalAction
from bureau.engine.events import only

from . import board, diplomacy
from .actions import ability_heir_problem, ability_of, heir_immunity
from .foresight import foresee
from .orders import ACTIONS, NIGHT_VERBS, Order, read
from .scenario import UNIT_SHAPES
from .state import BUILDINGS, DAY, SETUP

LEGAL_SPLITS = {(5, 0, 0), (4, 1, 0), (3, 2, 0), (3, 1, 1), (2, 2, 1)}  # NSE-12
SKIPS = {"2": 1, "5": 2, "8": 3, "uniques": 4}


def check(state, player: int, order: Order) -> None:
    if state.phase not in (SETUP, DAY):
        raise IllegalAction("the game is over")
    if player is None or not 0 <= player < state.num_players:
        raise IllegalAction("only a player may act")
    h = state.houses[player]
    if not h.alive:
        raise IllegalAction("you are out of the game")
    if order.verb in ("resolve", "override"):
        raise IllegalAction("only the moderator may do that")
    if state.phase == SETUP:
        if order.verb == "setup":
            return check_setup(state, player, order)
        if not any(o.verb == "setup" for o in h.orders):
            raise IllegalAction("submit your setup first (NSE-07 .. NSE-09)")
    elif order.verb == "setup":
        raise IllegalAction("setup is over")
    checker = CHECKS.get(order.verb)
    if checker is None:
        raise IllegalAction(f"'{order.verb}' is not an order")
    checker(state, player, order)
    if order.verb in NIGHT_VERBS:
        need = courtiers_needed(state, [*h.orders, order])
        if need > h.court:
            raise IllegalAction(
                f"your orders would need {need} courtiers and {h.court} are at court (NSE-32)"
            )
        refusal, _ = foresee(state, player, order, caution=False)
        if refusal:
            raise IllegalAction(f"this would fail at Night because {refusal}")


def perform(state, player: int, order: Order) -> list[Event]:
    h = state.houses[player]
    verb = order.verb
    if verb == "setup":
        h.orders = [o for o in h.orders if o.verb != "setup"]
        h.orders.insert(0, order)
        h.home = state.square(order.args[0])
        h.design = order.args[1]
        h.skipped = SKIPS[order.args[2]]
        h.ready = False
        return [Event("order", only(player), player=player, order=str(order))]
    if verb in NIGHT_VERBS:
        _refusal, caution = foresee(state, player, order)
        h.orders.append(order)
        h.ready = False
        events = [Event("order", only(player), player=player, order=str(order))]
        if caution:  # what may still stop it, from what he knows (foresight.py)
            text = f"'{order}' is accepted; it fails at Night if {caution}."
            events.append(Event("caution", only(player), player=player, text=text))
        return events
    return IMMEDIATE[verb](state, player, order)


# -- setup -------------------------------------------------------------------------------------


def check_setup(state, player: int, order: Order) -> None:
    """NSE-07 .. NSE-09, NSE-12: home in range, a legal split, one option left out, a
    starting unit within the budget."""
    h = state.houses[player]
    label, design, skip, spec = order.args
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
        o.home == sq for s, o in enumerate(state.houses) if s != player
    ):
        raise IllegalAction(f"{label} is taken; two players may not share a home tile")
    if tuple(sorted(design, reverse=True)) not in LEGAL_SPLITS:
        raise IllegalAction(
            "divide 5 points as 5-0-0, 4-1-0, 3-2-0, 3-1-1 or 2-2-1 in any order (NSE-12)"
        )
    problem = board.shape_problem(state, spec)
    if problem:
        raise IllegalAction(problem)
    if spec[0] == "Garrison":
        pass  # a Garrison may start: it stays on the Home Estate (NSE-68)
    budget = state.scenario.defaults.starting_unit_budget_mp
    cost = board.recruit_cost(state, spec)
    if cost > budget:
        raise IllegalAction(
            f"the starting unit costs {cost} MP with its tiers; the budget is {budget} (NSE-09)"
        )
    leader = spec[1]
    if leader in ("heir", "noble"):
        raise IllegalAction("a starting unit is led by an Officer company, your PC, a courtier"
                            " or a Unique Officer you hold")  # fmt: skip
    if leader == "officer" and state.officers.get(spec[2]) != player:
        raise IllegalAction(f"you do not hold {spec[2]}")
    companies = [cid for cid, n in spec[3] for _ in range(n)]
    if SKIPS[skip] == 4 and any(state.designs[c].limit for c in companies):
        raise IllegalAction("you left out your unique companies (NSE-08)")
    problem = board.unique_problem(state, player, companies)
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


def default_setups(state) -> dict[int, tuple[int, Order | None]]:
    """For each living seat with no set-up yet, the home square and the set-up order the
    Bureau gives it when the Night comes: at the deadline (its timeout action) or at the
    moderator's ``resolve``. Seats are served in seat order, each avoiding the homes
    submitted or given before it. The order is None only where no starting unit fits the
    scenario: the seat then gets its home alone."""
    out: dict[int, tuple[int, Order | None]] = {}
    taken = {h.home for h in state.houses if h.home >= 0}
    victory = {state.square(v) for v in state.scenario.victory}
    for seat, h in enumerate(state.houses):
        if not h.alive or any(o.verb == "setup" for o in h.orders):
            continue
        free = [sq for sq in _range_squares(state, seat) if sq not in taken | victory]
        if not free:  # a scenario whose range is full: any free square but a victory one
            free = [sq for sq in range(len(state.scenario.estates)) if sq not in taken | victory]
        if not free:
            continue
        home = free[0]
        taken.add(home)
        head = f"setup {state.label(home)} income {DEFAULT_DESIGN} skip {DEFAULT_SKIP} unit"
        order = None
        for unit in (*DEFAULT_UNITS, *_cheapest_units(state)):
            try:
                order = read(state.scenario, state.names, f"{head} {unit}")
                check_setup(state, seat, order)
            except (IllegalAction, ValueError):
                order = None
                continue
            break
        out[seat] = (home, order)
    return out


def _range_squares(state, seat: int) -> list[int]:
    """The squares of the seat's home range (NSE-07), in board order."""
    (r0, c0), (r1, c1) = state.scenario.factions[state.houses[seat].faction].home
    cols = state.scenario.cols
    return [r * cols + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def _cheapest_units(state):
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


def _square(state, label: str) -> int:
    try:
        return state.square(label)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _my_unit(state, player: int, uid: int):
    unit = state.units.get(uid)
    if unit is None or unit.owner != player:
        mine = sorted(u.label for u in state.units.values() if u.owner == player)
        raise IllegalAction(f"U{uid} is not your unit (yours: {', '.join(mine) or 'none'})")
    return unit


def _check_move(state, player: int, order: Order) -> None:
    """NSE-66 .. NSE-68: orthogonal steps; one a Night, or 2 on the first move."""
    unit = _my_unit(state, player, order.args[0])
    if unit.kind == "Garrison":
        raise IllegalAction("a Garrison never moves (NSE-68)")
    if unit.merc and state.night == 0:
        pass
    if any(o.verb == "move" and o.args[0] == unit.id for o in state.houses[player].orders):
        raise IllegalAction(f"{unit.label} already has a move order; cancel it first")
    steps = 1
    if unit.fresh:
        core = board.has_core(state, player, "recruit_first_move")
        steps = core.param("estates") if core else 2
    path = [_square(state, sq) for sq in order.args[1]]
    if len(path) > steps:
        raise IllegalAction(f"{unit.label} may move {steps} estate(s) this Night (NSE-66, NSE-67)")
    here = unit.square
    for sq in path:
        if not board.adjacent(state, here, sq):
            raise IllegalAction(
                f"{state.label(sq)} is not next to {state.label(here)}: units move orthogonally"
            )
        here = sq


def _check_unit_order(state, player: int, order: Order) -> None:
    _my_unit(state, player, order.args[0])


def _check_march(state, player: int, order: Order) -> None:
    unit = _my_unit(state, player, order.args[0])
    if unit.kind == "Garrison":
        raise IllegalAction("a Garrison never moves (NSE-68)")
    _square(state, order.args[1])


def _check_recruit(state, player: int, order: Order) -> None:
    spec, label = order.args
    problem = board.shape_problem(state, spec)
    if problem:
        raise IllegalAction(problem)
    _square(state, label)
    if spec[1] == "officer" and state.officers.get(spec[2]) != player:
        raise IllegalAction(f"you do not hold {spec[2]}")


def _check_square(state, player: int, order: Order) -> None:
    _square(state, order.args[0])


def _check_spy(state, player: int, order: Order) -> None:
    origin, path = order.args
    if origin and ("spy", _square(state, origin), "") not in state.houses[player].posts:
        raise IllegalAction(f"you have no Spy on {origin}")
    for sq in path:
        _square(state, sq)


def _check_recall(state, player: int, order: Order) -> None:
    kind, label, detail = order.args
    sq = _square(state, label)
    h = state.houses[player]
    if kind == "staff":
        b = state.buildings.get((sq, detail))
        if b is None or b[0] != player or b[2] == 0:
            raise IllegalAction(f"no courtier of yours staffs a {detail} on {label}")
        return
    if kind == "spy":
        if ("spy", sq, "") not in h.posts:
            raise IllegalAction(f"you have no Spy on {label}")
        return
    res = ("Inf", "MP", "$").index(detail) if detail else -1
    if (kind, sq, res) not in h.posts:
        raise IllegalAction(f"you have no {kind} on {label} {detail}".rstrip())


def _check_build(state, player: int, order: Order) -> None:
    name, label = order.args
    sq = _square(state, label)
    held = state.ctrl.get(sq)
    if held is None or held[1] != player:
        raise IllegalAction(f"buildings go only on estates you control (NSE-25); {label} is not")
    if (sq, name) in state.buildings:
        raise IllegalAction(f"{label} already has a {name} (NSE-A26)")


def _check_staff(state, player: int, order: Order) -> None:
    _name, label = order.args
    _square(state, label)


def _check_player(state, player: int, order: Order) -> None:
    target = state.names.index(order.args[0])
    if target == player:
        raise IllegalAction("name another player")


def _check_none(state, player: int, order: Order) -> None:
    return None


def _check_heir_target(state, player: int, order: Order) -> None:
    """NSE-62, NSE-A42: Hired Assassin and Knife in the Back may not name an Heir (``assassin
    Eve heir``, ``knife D4 Eve heir``): refused by the rule, not by the grammar."""
    if order.args[-1] == "heir":
        action = "Hired Assassin" if order.verb == "assassin" else "Knife in the Back"
        name = order.args[0] if order.verb == "assassin" else order.args[1]
        raise IllegalAction(f"{action} cannot target {name}'s Heir: {heir_immunity(state)}")
    if order.verb == "knife":
        _square(state, order.args[0])


def _check_use(state, player: int, order: Order) -> None:
    number, ability = ability_of(state, player, order.args[0])
    if ability is None:
        role = state.scenario.roles[state.houses[player].role - 1]
        names = ", ".join(a.name for a in role.abilities)
        raise IllegalAction(f"{order.args[0]} is not one of your abilities ({names})")
    if number == state.houses[player].skipped:
        raise IllegalAction(f"you did not choose {ability.name} at setup (NSE-08)")
    problem = ability_heir_problem(state, ability, order.args[1])
    if problem:
        raise IllegalAction(problem)


def _check_pay(state, player: int, order: Order) -> None:
    """NSE-115: the FL pays his own players by name; another faction by its key, which
    reaches that faction's leader (NSE-117: FLs never address each other by seat)."""
    h = state.houses[player]
    if state.leaders[h.faction] != player:
        raise IllegalAction("only the Faction Leader redistributes income (NSE-115)")
    if not any(order.args[1]):
        raise IllegalAction("pay something")
    to = order.args[0]
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


def _check_choose(state, player: int, order: Order) -> None:
    core = state.scenario.factions[state.houses[player].faction].core
    if core.effect != "night_income" or core.param("resource") != "choice":
        raise IllegalAction("only a faction whose core lets it choose a resource may choose")


def _check_rent(state, player: int, order: Order) -> None:
    h = state.houses[player]
    if state.leaders[h.faction] != player:
        raise IllegalAction("only the Faction Leader rents mercenaries (NSE-116)")
    _square(state, order.args[1])


CHECKS = {
    "move": _check_move,
    "disband": _check_unit_order,
    "march": _check_march,
    "recruit": _check_recruit,
    "rent": _check_rent,
    "steward": _check_square,
    "tc": _check_square,
    "lobbyist": _check_square,
    "spy": _check_spy,
    "recall": _check_recall,
    "build": _check_build,
    "staff": _check_staff,
    "messenger": _check_player,
    "marry": _check_player,
    "assassin": _check_heir_target,
    "use": _check_use,
    "pay": _check_pay,
    "choose": _check_choose,
    "attack": _check_square,
    "open city": _check_square,
    "create noble": _check_square,
    "create heir": _check_none,
    "hostages": _check_none,
    "field surgeon": _check_none,
    "arson": _check_square,
    "bribery": _check_square,
    "poison": _check_square,
    "incapacitate": _check_none,
    "knife": _check_heir_target,
}


def courtiers_needed(state, orders) -> int:
    """NSE-32: one post per courtier per Night; Envoys (NSE-A07), overseers (NSE-25)."""
    need = 0
    for o in orders:
        if (
            o.verb in ("steward", "tc", "lobbyist", "staff", "messenger")
            or (o.verb == "spy" and not o.args[0])
            or o.verb in ACTIONS
            or o.verb == "use"
        ):
            need += 1
        elif o.verb == "build":
            need += BUILDINGS[o.args[0]][1]
        elif (o.verb == "recruit" and o.args[0][1] == "courtier") or (
            o.verb == "setup" and o.args[3][1] == "courtier"
        ):
            need += 1
    return need


# -- immediate Day actions -------------------------------------------------------------------------


def _done(state, player, order):
    state.houses[player].ready = True
    return [Event("done", EVERYONE, player=player)]


def _cancel(state, player, order):
    h = state.houses[player]
    removed = h.orders.pop(order.args[0] - 1)
    h.ready = False
    return [Event("cancelled", only(player), player=player, order=str(removed))]


def _successor(state, player, order):
    h = state.houses[player]
    state.successors[h.faction] = state.names.index(order.args[0])
    text = f"{state.names[player]} named {order.args[0]} as successor (NSE-112)."
    return [Event("successor", only(player), player=player, text=text)]


def _give_officer(state, player, order):
    name, to = order.args
    seat = state.names.index(to)
    state.officers[name] = seat
    return [  # the recipient is not told who gave it (NSE-111: he may not know his FL)
        Event("officer", only(player), player=player, text=f"{name} now serves {to}."),
        Event("officer", only(seat), text=f"The Unique Officer {name} now serves you."),
    ]


def _answer(state, player, order):
    """NSE-A32: the earliest open proposal to ``player`` is accepted or refused; accepting
    a marriage refuses the others (one Political Marriage each, NSE-44)."""
    accept = order.verb.startswith("accept")
    offers = state.marriage_offers if order.verb.endswith("marriage") else state.hostage_offers
    what = "Political Marriage" if offers is state.marriage_offers else "Exchange of Hostages"
    i = next(i for i, o in enumerate(offers) if o[1] == player and o[-1] == "offered")
    offers[i] = (*offers[i][:-1], "accepted" if accept else "refused")
    proposer = offers[i][0]
    if accept and offers is state.marriage_offers:
        for j, o in enumerate(offers):
            if j != i and o[-1] == "offered" and player in o[:2]:
                offers[j] = (*o[:-1], "refused")
    text = f"{state.names[player]} {'accepted' if accept else 'refused'} the {what}."
    return [Event("answer", only(proposer, player), player=player, text=text)]


def _contact(state, player, order):
    """NSE-111 / NSE-A22: the FL opens the channel to a member, who then knows him."""
    seat = state.names.index(order.args[0])
    state.houses[seat].contacted = player
    text = f"Your Faction Leader {state.names[player]} opened a channel to you."
    return [Event("contact", only(player, seat), player=player, text=text)]


def _vote(state, player, order):
    state.houses[player].vote = state.names.index(order.args[0])
    text = f"{state.names[player]} votes for {order.args[0]}."
    return [Event("vote", EVERYONE, player=player, text=text)]


IMMEDIATE = {
    "done": _done,
    "cancel": _cancel,
    "successor": _successor,
    "give officer": _give_officer,
    "accept marriage": _answer,
    "refuse marriage": _answer,
    "accept hostages": _answer,
    "refuse hostages": _answer,
    "vote": _vote,
    "contact": _contact,
    "propose": lambda st, p, o: diplomacy.propose(st, p, o.args[0], o.args[1]),
    "sign": lambda st, p, o: diplomacy.sign(st, p, o.args[0]),
    "reject": lambda st, p, o: diplomacy.reject(st, p, o.args[0]),
    "breach": lambda st, p, o: diplomacy.report_breach(st, p, o.args[0], o.args[1]),
}


def _check_cancel(state, player, order):
    count = len(state.houses[player].orders)
    if not 1 <= order.args[0] <= count:
        raise IllegalAction(f"you have {count} orders; cancel 1 to {count}")
    if state.houses[player].orders[order.args[0] - 1].verb == "setup":
        raise IllegalAction("replace your setup by submitting another one")


def _check_fl(state, player, order):
    if state.leaders[state.houses[player].faction] != player:
        raise IllegalAction("only the Faction Leader may do that (NSE-112, NSE-113)")
    target = state.houses[state.names.index(order.args[-1])]
    if target.faction != state.houses[player].faction or not target.alive:
        raise IllegalAction(f"{order.args[-1]} is not a living player of your faction")
    if order.verb == "give officer" and state.officers.get(order.args[0]) != player:
        raise IllegalAction(f"you do not hold {order.args[0]}")


def _check_answer(state, player, order):
    if order.verb.endswith("marriage"):
        if any(o[1] == player and o[-1] == "accepted" for o in state.marriage_offers):
            raise IllegalAction("you have accepted a Political Marriage already (NSE-44)")
        if not any(o[1] == player and o[-1] == "offered" for o in state.marriage_offers):
            raise IllegalAction("nobody has proposed a Political Marriage to you")
    elif not any(o[1] == player and o[-1] == "offered" for o in state.hostage_offers):
        raise IllegalAction("nobody has proposed an Exchange of Hostages to you")


def _check_vote(state, player, order):
    if not state.options.get("lynch"):
        raise IllegalAction("the lynch module is off in this game (NSE-A06)")
    if not state.houses[state.names.index(order.args[0])].alive:
        raise IllegalAction(f"{order.args[0]} is out of the game")


def _check_diplomacy(state, player, order):
    """A Faction Leader's treaty order, checked whole: a proposal's text, a signature's
    bans and alliances, the proposal answered, a breach report's evidence."""
    if state.leaders[state.houses[player].faction] != player:
        raise IllegalAction("only a Faction Leader negotiates treaties (NSE-99)")
    if order.verb == "propose":
        diplomacy.read_proposal(state, player, order.args[0], order.args[1])
    elif order.verb == "sign":
        diplomacy.signable(state, player, order.args[0])
    elif order.verb == "reject":
        diplomacy.rejectable(state, player, order.args[0])
    elif order.verb == "breach":
        diplomacy.reportable(state, player, order.args[0], order.args[1])


CHECKS.update(
    {
        "done": _check_none,
        "cancel": _check_cancel,
        "successor": _check_fl,
        "give officer": _check_fl,
        "contact": _check_fl,
        "accept marriage": _check_answer,
        "refuse marriage": _check_answer,
        "accept hostages": _check_answer,
        "refuse hostages": _check_answer,
        "vote": _check_vote,
        "propose": _check_diplomacy,
        "sign": _check_diplomacy,
        "reject": _check_diplomacy,
        "breach": _check_diplomacy,
    }
)


def help_text(state, player: int) -> str:
    if state.phase == SETUP and not any(o.verb == "setup" for o in state.houses[player].orders):
        return (
            "Submit your setup, e.g. 'setup B2 income 3-1-1 skip uniques unit Regiment with"
            " O1, C1 x3, F6 x2'"
        )
    return (
        "Write orders (move, recruit, steward, tc, lobbyist, spy, build, staff, an action,"
        " use ABILITY ...), 'cancel N', or 'done'"
    )


def negotiators(state, player: int) -> tuple[str, ...]:
    """The factions a Faction Leader may negotiate with through his second alt (NSE-117);
    the server routes a message to a faction to its current FL."""
    h = state.houses[player]
    if state.leaders[h.faction] != player:
        return ()
    facs = state.scenario.factions
    return tuple(f.key for i, f in enumerate(facs) if i != h.faction and state.leaders[i] >= 0)


def channels(state, player: int) -> frozenset[int]:
    """NSE-A22: the FL with his members (once he has opened the channel), spouses,
    Messengers. FLs talk to each other through their second alts (NSE-117), addressed by
    faction, never by seat: naming the seat would unmask the other FL (``negotiators``)."""
    if state.options.get("open_comms"):
        return frozenset(range(state.num_players)) - {player}
    h = state.houses[player]
    out = set()
    fl = state.leaders[h.faction]
    if fl == player:
        out |= {s for s, o in enumerate(state.houses) if o.faction == h.faction}
    elif fl >= 0 and h.contacted == fl:
        out.add(fl)  # opened by the FL (NSE-A22); members do not know him before (NSE-111)
    if h.spouse >= 0:
        out.add(h.spouse)
    out |= set(h.messengers)
    out.discard(player)
    return frozenset(s for s in out if state.houses[s].alive)
