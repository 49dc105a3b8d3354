"""From typed text to actions, the legal actions, random play and help.

``resolve`` turns a raw parse into an action (resolving names and cards);
``legal`` lists every legal action except the open-ended numeric splits,
where it lists whole amounts: a spread moves one department's whole blame to
another, an extra-blame removal empties whole pools (or removes nothing).
Any other split is typed. ``sample`` picks a random legal action cheaply.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from itertools import permutations, product

from bureau.engine import IllegalAction, plural
from bureau.engine import deals as deal_book

from . import control, effects
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
    Investigate,
    Keep,
    Move,
    Play,
    Reassign,
    Remove,
    Restructure,
    Spread,
    Stamp,
    usage,
)
from .control import Change
from .rules import MAX_BID, check, pending, spread_scope
from .state import (
    ADM,
    ASSIGN,
    BID,
    CHOOSE,
    DEPT_CODES,
    EXE,
    HR,
    OVER,
    REF,
    SALVAGE,
    SS,
    TRE,
    TURN,
    BlameMove,
    Placement,
    Removal,
    State,
)

# -- resolving typed text ---------------------------------------------------------------------


def resolve(state: State, seat: int, raw: tuple) -> Action:
    word = raw[0]
    names = state.names
    if word == "bid":
        return Bid(raw[1])
    if word == "assign":
        pairs = [Placement(effects.seat_named(state, n), d) for n, d in raw[1]]
        return Assign(tuple(sorted(pairs)), names)
    if word == "reassign":
        pairs = [Placement(effects.seat_named(state, n), d) for n, d in raw[1]]
        return Reassign(effects.full_placements(state, pairs), names)
    if word == "play":
        return _play(state, seat, raw[1], raw[2])
    if word == "spread":
        merged: dict[tuple[int, int], int] = {}
        for n, a, b in raw[1]:
            merged[(a, b)] = merged.get((a, b), 0) + n
        return Spread(tuple(BlameMove(n, a, b) for (a, b), n in sorted(merged.items())))
    if word == "forward":
        return Forward(raw[1], raw[2])
    if word == "move":
        target = effects.seat_named(state, raw[1])
        return Move(target, names[target])
    if word == "stamp":
        return Stamp(raw[1])
    if word == "restructure":
        op, old, *new = raw[1:]
        if (op == "move") != bool(new):
            raise IllegalAction(
                "write 'restructure add|remove|reverse A->B' or 'restructure move A->B to C->D'"
            )
        return Restructure(Change(op, old, new[0] if new else None))
    if word == "investigate":
        return Investigate(raw[1])
    if word == "remove":
        return _remove(state, raw[1])
    if word == "keep":
        if raw[1] is None:
            return Keep(-1, "")
        return Keep(kind_named(state, raw[1]), raw[1])
    return _BARE[word]


# The actions of one word.
_BARE: dict[str, Action] = {"draw": DRAW, "budget": BUDGET, "manoeuvres": MANOEUVRES, "end": END}


def kind_named(state: State, key: str) -> int:
    for kind, card in enumerate(state.cards):
        if card.key == key:
            return kind
    keys = ", ".join(c.key for c in state.cards)
    raise IllegalAction(f"no card is called {key!r}; the cards are {keys}")


def _play(state: State, seat: int, key: str, tokens) -> Play:
    kind = kind_named(state, key)
    if kind not in state.hands[seat]:
        held = ", ".join(sorted({state.cards[k].key for k in state.hands[seat]})) or "no cards"
        raise IllegalAction(f"you hold no {state.cards[kind].name}; you hold {held}")
    args = effects.read_args(state, seat, state.cards[kind], tokens)
    return make_play(state, kind, args)


def make_play(state: State, kind: int, args: Sequence[tuple | None]) -> Play:
    return Play(kind, tuple(args), state.cards[kind], state.names)


def _remove(state: State, items) -> Remove:
    merged: dict[tuple[int, int], int] = {}
    for n, kind, target in items:
        key = (-1, target) if kind == "dept" else (effects.seat_named(state, target), -1)
        merged[key] = merged.get(key, 0) + n
    players = sorted((k, n) for k, n in merged.items() if k[0] >= 0)
    depts = sorted(((k, n) for k, n in merged.items() if k[0] < 0), key=lambda x: x[0][1])
    return Remove(tuple(Removal(s, d, n) for (s, d), n in players + depts), state.names)


# -- the legal actions ------------------------------------------------------------------------


def legal(state: State, seat: int) -> list[Action]:
    out: list = []
    for d in deal_book.offers_to(state, seat):
        name = state.names[d.proposer]
        out += [deal_book.Accept(d.proposer, name), deal_book.Decline(d.proposer, name)]
    if deal_book.open_offer(state, seat) is not None:
        out.append(deal_book.WITHDRAW)
    if seat not in pending(state) or (out and deal_book.awaiting(state)):
        return out
    phase = state.phase
    if phase == BID:
        return out + [Bid(n) for n in range(1, MAX_BID + 1)]
    if phase == ASSIGN:
        return out + assignments(state, seat)
    if phase == CHOOSE:
        return out + removals(state)
    if phase == SALVAGE:
        kinds = sorted(set(state.salvaging()))
        return out + [Keep(-1, "")] + [Keep(k, state.cards[k].key) for k in kinds]
    if phase == TURN:
        return out + turn_actions(state, seat)
    return out


def assignments(state: State, seat: int) -> list[Assign]:
    others = [other for other in range(state.num_players) if other != seat]
    open_depts = [d for d in state.depts if d not in (HR, REF)]
    return [
        Assign(tuple(map(Placement, others, perm)), state.names)
        for perm in permutations(open_depts, len(others))
        if EXE in perm
    ]


def removals(state: State) -> list[Remove]:
    amount = state.choosing().amount
    out = [Remove((), state.names)]
    for seat in range(state.num_players):
        n = min(amount, state.blame[seat])
        if n:
            out.append(Remove((Removal(seat, -1, n),), state.names))
    for d in state.depts:
        n = min(amount, state.dept_blame[d])
        if n:
            out.append(Remove((Removal(-1, d, n),), state.names))
    return out


def turn_actions(state: State, seat: int) -> list:
    return [a for family in families(state, seat) for a in family()]


def families(state: State, seat: int) -> list:
    """The turn's actions in families (each a function listing its actions), so that a
    random player can pick a kind of action before listing the big ones."""
    out: list[Callable[[], Sequence[Action]]] = [lambda: [END]]
    if not state.drew:
        out.append(lambda: [DRAW])
    for kind in sorted(set(state.hands[seat])):
        if kind != state.sd:
            out.append(partial(plays, state, seat, kind))
    if len(spread_scope(state, seat)[0]) > 1:
        out.append(partial(spreads, state, seat))
    if state.decrees_at(state.dept_of[seat]):
        out.append(partial(decree_actions, state, seat))
    out.append(lambda: [Move(other, state.names[other]) for other in range(state.num_players)])
    out.append(partial(specials, state, seat))
    return out


def spreads(state: State, seat: int) -> list[Spread]:
    sources, dests = spread_scope(state, seat)
    return [
        Spread((BlameMove(state.dept_blame[a], a, b),))
        for a in sorted(sources)
        if state.dept_blame[a]
        for b in sorted(dests)
        if b != a
    ]


def decree_actions(state: State, seat: int) -> list:
    mine = state.dept_of[seat]
    out: list = []
    for i in state.decrees_at(mine):
        out += [Forward(i, d) for d in state.depts if d != mine]
        if effects.stamp_problem(state, seat, i) is None:
            out.append(Stamp(i))
    return out


def specials(state: State, seat: int) -> list:
    """The special action of the department ``seat`` heads (DEC-46 .. DEC-52)."""
    mine = state.dept_of[seat]
    if mine == TRE:
        return [] if state.budget_used else [BUDGET]
    if mine == SS:
        return [Investigate(d) for d in effects.investigable(state, seat)]
    if mine == ADM:
        return [] if state.manoeuvres_used else [MANOEUVRES]
    if mine == HR:
        return [Reassign(pl, state.names) for pl in effects.all_placements(state)]
    if mine == EXE:
        ops = control.legal_changes(state.arrows, state.depts, state.options["max_controllers"])
        return [Restructure(c) for c in ops]
    return []


def plays(state: State, seat: int, kind: int) -> list[Play]:
    card = state.cards[kind]
    if kind == state.sd:
        return []
    options: list[Sequence[tuple | None]] = []
    for step in card.effect:
        found = effects.choices(state, seat, step)
        options.append(found if found else [None])  # a step played to no effect
    out = []
    for args in product(*options):
        action = make_play(state, kind, args)
        if len(card.effect) > 1:
            try:
                check(state, seat, action)
            except IllegalAction:
                continue
        out.append(action)
    return out


# -- random play ------------------------------------------------------------------------------


def sample(state: State, seat: int, rng: random.Random) -> Action:
    offers = deal_book.offers_to(state, seat)
    if offers:
        d = offers[0]
        name = state.names[d.proposer]
        if rng.random() < 0.5:
            return deal_book.Accept(d.proposer, name)
        return deal_book.Decline(d.proposer, name)
    if seat not in pending(state):
        return deal_book.WITHDRAW
    phase = state.phase
    if phase == BID:
        return Bid(rng.randint(1, MAX_BID))
    if phase == ASSIGN:
        return rng.choice(assignments(state, seat))
    if phase == TURN:
        if state.offers_made == 0 and rng.random() < 0.03:
            offer = sample_offer(state, seat, rng)
            if offer is not None:
                return offer
        return sample_turn(state, seat, rng)
    return rng.choice(legal(state, seat))


def sample_turn(state: State, seat: int, rng: random.Random) -> Action:
    """A random action, picking its family first so that big families (reassignments,
    restructures) do not crowd out the rest."""
    options = families(state, seat)
    while True:
        actions = options.pop(rng.randrange(len(options)))()
        if actions:
            return rng.choice(actions)


def sample_offer(state: State, seat: int, rng: random.Random) -> deal_book.Propose | None:
    """A random two-player trade: some blame or a card for a card the other may hold.

    It asks for a card of any kind (never looking at the other hand), so it depends only
    on what ``seat`` knows."""
    if not state.hands[seat] and not state.blame[seat]:
        return None
    other = rng.choice([x for x in range(state.num_players) if x != seat])
    mine: Blame | CardItem
    if state.blame[seat] and state.options["allow_blame_trades"]:
        mine = Blame(rng.randint(1, min(3, state.blame[seat])))
    elif state.hands[seat]:
        k = rng.choice(state.hands[seat])
        mine = CardItem(k, state.cards[k].key)
    else:
        return None
    k = rng.choice([k for k in range(len(state.cards)) if k != state.sd])
    gives = sorted([(seat, (mine,)), (other, (CardItem(k, state.cards[k].key),))])
    return deal_book.Propose((other,), (), tuple(gives), state.names)


# -- the deadline (DEC-A22) -------------------------------------------------------------------


def timeout(state: State, seat: int) -> Action:
    """Decline offers; bid 1; the first assignment in department order; remove per
    ``chooser_timeout_action``; keep nothing; end the turn."""
    offers = deal_book.offers_to(state, seat)
    if offers:
        d = offers[0]
        return deal_book.Decline(d.proposer, state.names[d.proposer])
    phase = state.phase
    if phase == BID:
        return Bid(1)
    if phase == ASSIGN:
        return assignments(state, seat)[0]
    if phase == CHOOSE:
        own = min(state.choosing().amount, state.blame[seat])
        if state.options["chooser_timeout_action"] == "own" and own:
            return Remove((Removal(seat, -1, own),), state.names)
        return Remove((), state.names)
    if phase == SALVAGE:
        return Keep(-1, "")
    if phase == OVER:
        raise IllegalAction("the game is over")
    return END


# -- help -------------------------------------------------------------------------------------


def help_text(state: State, seat: int) -> str:
    offers = deal_book.offers_to(state, seat)
    if offers:
        who = state.names[offers[0].proposer]
        return f"Answer {who}'s offer: 'accept {who}' or 'decline {who}'."
    deals = " Any time: 'offer PLAYER: NAME gives 3 blame, card KEY; NAME gives ...'."
    phase = state.phase
    if phase == BID:
        return f"Bid for Human Resources: 'bid N' (1-{MAX_BID})." + deals
    if phase == ASSIGN:
        open_depts = "/".join(DEPT_CODES[d] for d in state.depts if d not in (HR, REF))
        return (
            "Assign the others: 'assign PLAYER DEPT, PLAYER DEPT, ...'"
            f" ({open_depts}; EXE must be filled)."
        )
    if phase == CHOOSE:
        return (
            f"Remove up to {state.choosing().amount} blame from any pools: 'remove 5 Ann, 5 EXE'"
            " or 'remove nothing'."
        )
    if phase == SALVAGE:
        keys = ", ".join(sorted({state.cards[k].key for k in state.salvaging()}))
        return f"Keep one discarded card: 'keep KEY' ({keys}) or 'keep nothing'."
    mine = DEPT_CODES[state.dept_of[seat]]
    special = {
        "TRE": " 'budget';",
        "SS": " 'investigate DEPT';",
        "ADM": " 'manoeuvres';",
        "HR": " 'reassign PLAYER DEPT, ...';",
        "EXE": " 'restructure add|remove|reverse A->B' or 'restructure move A->B to C->D';",
    }.get(mine, "")
    plays = "; ".join(
        usage(state.cards[k]) for k in sorted(set(state.hands[seat])) if k != state.sd
    )
    return (
        f"{plural(state.actions_left, 'action')} left as head of {mine}: 'draw';"
        " 'spread N DEPT to DEPT, ...';"
        f" 'forward D# to DEPT'; 'stamp D#'; 'move PLAYER';{special} 'end'."
        + (f" Cards: {plays}." if plays else "")
        + deals
    )
