"""How a game of Seabirds moves: set-up, messages, the phases of a Round, the landing.

Functions here change the state and append events; ``rules`` decides what is
legal before calling them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from bureau.engine import EVERYONE, Event, IllegalAction, Outcome, only, rank_by
from bureau.engine.rng import make_rng

from . import clerk, economy
from .state import (
    AIR,
    HAZARD,
    LAND,
    MONEY,
    OVER,
    SENSATION,
    SUPPRESSION,
    SURPLUS,
    WINDFALL,
    Message,
    Pending,
    State,
    own_asset,
)
from .transactions import Conditional, Take, Transaction, is_transaction, read

VIRTUAL_STEP = 60.0  # seconds a timeless action moves the clock (sims, tests)


def deck_size(stops: int, rounding: str) -> int:
    """SEA-17, SEA-A04: Stops rounded up to a multiple of 4, plus 4.

    >>> deck_size(6, "ceil"), deck_size(4, "ceil"), deck_size(4, "strict_next")
    (12, 8, 12)
    """
    multiple = 4 * math.ceil(stops / 4)
    if rounding == "strict_next" and stops % 4 == 0:
        multiple += 4
    return multiple + 4


def setup(
    names: Sequence[str],
    seed: int,
    options: dict[str, Any],
    houses: list[int] | None = None,
    rolls: list[int] | None = None,
    cards: list[int] | None = None,
) -> State:
    """A new game; ``houses`` per seat skip the draft, ``rolls`` are the d6 per seat and
    ``cards`` the complication deck from the top."""
    state = State(names, seed, options, make_rng(seed, "seabirds"))
    n = state.num_players
    rng = state.rng
    size = deck_size(state.stops, options["deck_rounding"])
    if cards is None:
        cards = [c for c in range(4) for _ in range(size // 4)]
        rng.shuffle(cards)  # SEA-19
    state.deck = list(reversed(cards))
    state.rolls = list(rolls) if rolls is not None else [rng.randint(1, 6) for _ in range(n)]
    if options["start_time"] is not None:
        start_clock(state, float(options["start_time"]))
    if houses is None and options["house_assignment"] == "random":
        houses = rng.sample(range(6), n)
    if houses is None:
        order = list(range(n))
        rng.shuffle(order)  # SEA-A23: a draft in random order
        state.draft_order = tuple(order)
        return state
    for seat, house in enumerate(houses):
        state.house_of[seat] = house
    begin(state, state.chronicle)  # the rolls and Round 1, for the first forum post
    return state


def start_clock(state: State, at: float) -> None:
    """Phase time limits count from here on (SEA-26)."""
    state.clock = True
    state.now = at
    state.phase_started = at


def pick(state: State, seat: int, house: int, ev: list) -> None:
    state.house_of[seat] = house
    state.draft_order = state.draft_order[1:]
    ev.append(Event("house", EVERYONE, player=seat, house=house))
    if not state.draft_order:
        begin(state, ev)


def begin(state: State, ev: list) -> None:
    """Holdings from the rolls (SEA-12, SEA-13), special uses (SEA-56), Round 1's Air."""
    uses = state.stops // 2
    for seat, house in enumerate(state.house_of):
        roll = state.rolls[seat]
        state.holdings[seat][MONEY] = roll
        state.holdings[seat][own_asset(house)] = 6 - roll
        if house in (SENSATION, SUPPRESSION):
            state.special_left[seat] = uses
        ev.append(Event("rolled", EVERYONE, player=seat, house=house, roll=roll))
    start_phase(state, AIR, ev)


def start_phase(state: State, phase: str, ev: list) -> None:
    state.phase = phase
    state.phase_started = state.now
    state.ready = [False] * state.num_players
    ev.append(Event("phase", EVERYONE, phase=phase, round=state.round, at=state.now))


# -- messages ---------------------------------------------------------------------------------


def post(state: State, seat: int, kind: str, to: int, text: str, ev: list) -> Message:
    """Record a message and tell its audience; hidden messages reach their author only."""
    msg = Message(state.next_seq, state.now, seat, kind, to, text)
    state.next_seq += 1
    state.messages.append(msg)
    shown: int | list[int] = to
    if kind == "private":  # ``to`` holds the recipients as bits
        audience = only(seat) | to
        shown = [other for other in range(state.num_players) if to >> other & 1]
    else:
        audience = EVERYONE if kind == "public" else only(seat)
    ev.append(
        Event("message", audience, player=seat, channel=kind, to=shown, text=text, at=msg.time)
    )
    return msg


def reply(state: State, seat: int | None, text: str, ev: list) -> None:
    """The Bureau answers: in public, or privately to ``seat``."""
    audience = EVERYONE if seat is None else only(seat)
    ev.append(Event("bureau", audience, player=seat, text=text))


def transactions(state: State, seat: int, msg: Message, ev: list) -> list[Pending]:
    """The Transactions of a message, read and checked; an unreadable or impossible one
    gets the Bureau's reply and nothing happens (SEA-39, SEA-A27)."""
    if not is_transaction(msg.text):
        return []
    house = state.house_of[seat]
    public = msg.kind == "public"
    try:
        records = read(msg.text, house, state.players())
        for record in records:
            economy.check(state, seat, record, public)
        if sum(isinstance(r, Take) for r in records) > 1:
            raise IllegalAction("the special Transaction is once a Round (SEA-57)")
    except (ValueError, IllegalAction) as exc:  # unreadable, or impossible as written
        reply(state, None if public else seat, f"not carried out: {exc}", ev)
        return []
    return [
        Pending(msg.seq, msg.time, seat, house, record, public, *window(record, public), part)
        for part, record in enumerate(records)
    ]


def window(record: Transaction, public: bool) -> tuple[str, float | None]:
    """A conditional's window (SEA-A13, SEA-A14); other Transactions resolve in their batch."""
    if not isinstance(record, Conditional):
        return "same_batch", None
    if record.window == "default":
        return ("standing" if public else "same_batch"), None
    return record.window, record.deadline


# -- the Resolution and the landing (SEA-29 .. SEA-38, SEA-A03, SEA-A05 .. SEA-A08) -----------


def end_phase(state: State, ev: list) -> None:
    if state.phase == AIR:
        resolution(state, ev)
    elif state.round >= state.stops:
        end_game(state, ev)  # the final Land Phase (final_land_phase, SEA-A03)
    else:
        next_round(state, ev)


def resolution(state: State, ev: list) -> None:
    k = state.round
    final = k >= state.stops
    ev.append(Event("resolution", EVERYONE, round=k, at=state.now, final=final))
    lapse(state, ev)
    card = state.deck.pop()  # SEA-29
    state.discard.append(card)
    state.known_top = False
    ev.append(Event("complication", EVERYONE, card=card, round=k))
    if card == SURPLUS:
        for seat, house in enumerate(state.house_of):
            state.holdings[seat][own_asset(house)] += 1
    elif card == WINDFALL:
        for seat in range(state.num_players):
            state.holdings[seat][MONEY] += 1
    landing = final or card != HAZARD  # SEA-A03, SEA-A06
    if landing or not state.options["hazard_blocks_upgrade_income"]:
        economy.income(state, ev)  # SEA-30
    if landing:
        land(state, k, final, ev)  # SEA-31 .. SEA-34
    if final and state.options["final_land_phase"]:
        start_phase(state, LAND, ev)
    elif final:
        end_game(state, ev)
    elif card == HAZARD:
        ev.append(Event("hazard", EVERYONE, round=k))
        next_round(state, ev)  # SEA-38
    else:
        start_phase(state, LAND, ev)


def lapse(state: State, ev: list) -> None:
    """At the Resolution: standing conditionals with no deadline lapse (SEA-A14), after
    any whose deadline has passed, which lapse at their deadline."""
    lapse_due(state, state.now, ev)
    for t in state.standing:
        if t.window == "standing":
            ev.append(Event("lapsed", EVERYONE, player=t.seat, text=economy.text(t), at=state.now))
    state.standing = [t for t in state.standing if t.window != "standing"]


def lapse_due(state: State, until: float, ev: list) -> None:
    """Conditionals whose deadline is ``until`` or earlier lapse, each at its deadline, in
    deadline order (SEA-A14): nothing resolved at or after its deadline can meet it.

    They are public offers (posted, or opened at a landing), so everybody sees them go.
    The game learns the time from actions' times and its phases' deadlines, so this runs
    at the first of those at or after the deadline, before anything else happens then; a
    tell or a hidden message does not count, since the others must not see it (SEA-16).
    """
    if not state.standing:
        return
    due = [t for t in state.standing if t.deadline is not None and t.deadline <= until]
    if not due:
        return
    state.standing = [t for t in state.standing if t.deadline is None or t.deadline > until]
    for t in sorted(due, key=lambda t: (t.deadline, t.order)):
        ev.append(Event("lapsed", EVERYONE, player=t.seat, text=economy.text(t), at=t.deadline))


def land(state: State, k: int, final: bool, ev: list) -> None:
    """Open the hidden messages for this Stop and skipped ones (all at the final Stop);
    their Transactions resolve as one batch."""
    opened = [
        m for m in state.messages if m.kind == "hidden" and not m.revealed and (final or m.to <= k)
    ]
    seqs = {m.seq for m in opened}
    for m in opened:
        i = state.messages.index(m)
        state.messages[i] = m._replace(revealed=True)
        ev.append(Event("revealed", EVERYONE, player=m.author, stop=m.to, text=m.text, at=m.time))
    batch = [p for p in state.sealed if p.seq in seqs]
    state.sealed = [p for p in state.sealed if p.seq not in seqs]
    if batch or state.standing:
        clerk.resolve(state, batch, state.now, ev)


def next_round(state: State, ev: list) -> None:
    state.round += 1
    state.round_paid = [[], []]
    state.limits = (state.options["air_hours"], state.options["land_hours"])
    state.proposal = None
    state.agreed = ()
    start_phase(state, AIR, ev)


# -- the end (SEA-81 .. SEA-83, SEA-A01) ------------------------------------------------------


def end_game(state: State, ev: list, capped: bool = False, reason: str = "") -> None:
    n = state.num_players
    vps = [economy.points(state, seat) for seat in range(n)]
    holdings = [sum(state.holdings[seat]) for seat in range(n)]
    money = [state.holdings[seat][MONEY] for seat in range(n)]
    keys: list[tuple[int, ...]]
    if state.options["tiebreak"] == "shared":
        keys = [(vps[seat],) for seat in range(n)]
    else:
        keys = [(vps[seat], holdings[seat], money[seat]) for seat in range(n)]
    ranking = rank_by(keys)
    winners = () if capped else tuple(seat for seat in range(n) if ranking[seat] == 1)
    reason = reason or f"the Houses landed at the final Stop ({state.stops})"
    state.outcome = Outcome(
        scores=tuple(float(v) for v in vps),
        ranking=ranking,
        winners=winners,
        capped=capped,
        reason=reason,
        details={"holdings": holdings, "money": money, "rounds": state.round},
    )
    state.phase = OVER
    ev.append(
        Event(
            "game_over", EVERYONE, winners=list(winners), points=vps, capped=capped, reason=reason
        )
    )


HOUR = 3600.0


def phase_deadline(state: State) -> float | None:
    """When the Air or Land Phase under way ends (SEA-28, SEA-37), once the clock runs."""
    if not state.clock:
        return None
    if state.phase == AIR:
        return state.phase_started + state.limits[0] * HOUR
    if state.phase == LAND:
        return state.phase_started + state.limits[1] * HOUR
    return None
