"""The Bureau's clerks: resolving a batch of Transactions (SEA-A12, SEA-A13, SEA-A14).

A batch is the Transactions that resolve together (one public posting, or every
hidden Transaction a landing reveals) plus every standing conditional. The
clerks

1. drop, until nothing changes, each conditional whose condition the rest
   (or, where its window allows, transfers resolved earlier) do not meet;
2. net-settle what is left against the holdings before the batch;
3. if a House would end below 0 in an asset, fail the latest Transaction
   whose issuer pays out that asset, and start again from 1;
4. commit the rest at once.

The result does not depend on the order conditions are checked in, and the
procedure always ends: each round trip fails one Transaction of a finite set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bureau.engine import EVERYONE, Event

from . import economy
from .state import MONEY, NUM_ASSETS, SECRETS, USURY, Pending, State, Transfer
from .transactions import (
    ASSETS,
    HOUSES,
    Conditional,
    Gift,
    Reinvest,
    Requirement,
    Take,
    Transaction,
    Upgrade,
)


def made(record: Transaction) -> Gift | Reinvest | Upgrade | Take:
    """What a Transaction does when it executes: a conditional's inner Transaction."""
    return record.gift if isinstance(record, Conditional) else record


class Given(NamedTuple):
    """What a Transaction that gives to a House gives."""

    giver: int  # house
    taker: int  # house
    amounts: tuple[int, ...]  # by asset


class Delta(NamedTuple):
    """One change a Transaction makes to one holding."""

    seat: int
    asset: int
    amount: int  # negative on the paying side


def transfer(p: Pending) -> Given | None:
    """What a Transaction that gives to a House gives; None for the other kinds."""
    record = made(p.record)
    if isinstance(record, Gift):
        return Given(p.house, record.to, record.amounts)
    return None


def covers(have: Sequence[int], need: Sequence[int]) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


def met(state: State, t: Pending, batch: list[Pending], now: float) -> bool:
    """Is every requirement of conditional ``t`` met, each by one Transaction (SEA-A13)?"""
    record = t.record
    assert isinstance(record, Conditional), "only a conditional has requirements"
    return all(meeting(state, t, req, batch, now) for req in record.requires)


def meeting(
    state: State, t: Pending, req: Requirement, batch: list[Pending], now: float
) -> str | None:
    """What meets requirement ``req`` of ``t``: a Transaction of the batch, or a transfer
    resolved since ``t`` was posted where its window allows (None: nothing does)."""
    if t.deadline is None or now < t.deadline:
        for u in batch:
            x = transfer(u)
            if u is not t and x and x[:2] == (req.giver, req.taker) and covers(x[2], req.amounts):
                return economy.text(u)
    if t.window in ("standing", "deadline"):
        for stamp, when, giver, taker, amounts in state.resolved:
            if (
                (giver, taker) == (req.giver, req.taker)
                and stamp > t.seq
                and (t.deadline is None or when < t.deadline)
                and covers(amounts, req.amounts)
            ):
                return f"an earlier transfer from {HOUSES[giver]} to {HOUSES[taker]}"
    return None


def changes(state: State, p: Pending) -> list[Delta]:
    """The changes a Transaction makes to the holdings."""
    seat, record = p.seat, made(p.record)
    if isinstance(record, Gift):
        to = state.seat_of(record.to)
        return [
            change
            for a, n in enumerate(record.amounts)
            if n
            for change in (Delta(seat, a, -n), Delta(to, a, n))
        ]
    if isinstance(record, Reinvest):
        return [Delta(seat, a, -n) for a, n in enumerate(record.give) if n] + [
            Delta(seat, a, n) for a, n in enumerate(record.get) if n
        ]
    if isinstance(record, Upgrade):
        out = [Delta(seat, a, -n) for a, n in enumerate(record.pay) if n]
        gain = economy.UPGRADE_GAIN[record.upgrade]
        return out + ([Delta(seat, MONEY, gain)] if gain else [])
    if isinstance(record, Take):
        return [Delta(state.seat_of(record.target), MONEY, -1), Delta(seat, MONEY, 1)]
    raise TypeError(record)


class Settlement(NamedTuple):
    """What became of a batch (``settle``), each list in submission order."""

    executed: list[Pending]
    failed: list[tuple[Pending, str]]  # with the reason
    unmet: list[Pending]  # conditionals whose condition nobody met


def settle(state: State, batch: list[Pending], now: float) -> Settlement:
    """Which of ``batch`` execute, fail for want of means, or are left out unmet."""
    live = sorted(batch, key=lambda p: p.order)
    failed: list[tuple[Pending, str]] = []
    while True:
        dropped = True
        while dropped:
            dropped = False
            for t in live:
                if isinstance(t.record, Conditional) and not met(state, t, live, now):
                    live = [u for u in live if u is not t]
                    dropped = True
                    break
        if state.options["batch_mode"] == "sequential":
            victim = first_unaffordable(state, live)
            if victim is None:
                break
            live = [u for u in live if u is not victim]
            failed.append((victim, "its issuer could not pay it when its turn came"))
            continue
        after = [h[:] for h in state.holdings]
        for t in live:
            for seat, a, d in changes(state, t):
                after[seat][a] += d
        short = {
            (other, a)
            for other in range(state.num_players)
            for a in range(NUM_ASSETS)
            if after[other][a] < 0
        }
        if not short:
            break
        culprits = [
            t
            for t in live
            if any(
                d < 0 and (other, a) in short and other == t.seat
                for other, a, d in changes(state, t)
            )
        ] or [
            t
            for t in live
            if any(d < 0 and (other, a) in short for other, a, d in changes(state, t))
        ]
        victim = max(culprits, key=lambda p: p.order)
        live = [u for u in live if u is not victim]
        failed.append((victim, shortfall(state, after, short)))
    gone = {id(t) for t, _ in failed}
    unmet = [t for t in batch if t not in live and id(t) not in gone]
    failed.sort(key=lambda f: f[0].order)
    return Settlement(live, failed, sorted(unmet, key=lambda p: p.order))


def shortfall(state: State, after: list[list[int]], short: set[tuple[int, int]]) -> str:
    """Why a batch could not be settled: who would have ended below 0, in what."""
    parts = [
        f"{HOUSES[state.house_of[seat]]} would have ended with {after[seat][a]} {ASSETS[a]}"
        for seat, a in sorted(short)
    ]
    return "; ".join(parts) + "; the latest Transaction paying that out fails"


def first_unaffordable(state: State, live: list[Pending]) -> Pending | None:
    """``batch_mode=sequential``: the first Transaction, in submission order, that its
    issuer cannot pay when the ones before it have been applied."""
    after = [h[:] for h in state.holdings]
    for t in live:
        delta = changes(state, t)
        for seat, a, d in delta:
            after[seat][a] += d
        if any(after[seat][a] < 0 for seat, a, _ in delta):
            return t
    return None


def resolve(state: State, batch: list[Pending], now: float, ev: list) -> None:
    """Resolve ``batch`` with the standing conditionals; commit, fail, keep or lapse each."""
    standing = [p for p in state.standing if p not in batch]
    executed, failed, unmet = settle(state, batch + standing, now)
    because = {
        id(t): [meeting(state, t, req, executed, now) for req in t.record.requires]
        for t in executed
        if isinstance(t.record, Conditional)
    }
    for t in executed:
        for seat, a, d in changes(state, t):
            state.holdings[seat][a] += d
        record = made(t.record)
        if isinstance(record, Upgrade):
            state.upgrades[t.seat][record.upgrade] += 1
            economy.bought(state, t.seat, record.upgrade)
        if isinstance(record, Take):
            state.special_left[t.seat] -= 1
            state.special_round[t.seat] = state.round
        x = transfer(t)
        if x is not None:
            state.resolved.append(Transfer(state.next_seq - 1, now, *x))
        data = {"because": because[id(t)]} if id(t) in because else {}
        ev.append(Event("executed", EVERYONE, player=t.seat, text=economy.text(t), **data))
    for t, reason in failed:
        ev.append(Event("failed", EVERYONE, player=t.seat, text=economy.text(t), reason=reason))
    keep = []
    for t in unmet:
        deadline = t.deadline  # set where the window is "deadline"
        still_open = t.window == "standing" or (
            t.window == "deadline" and deadline is not None and now < deadline
        )
        if still_open:
            keep.append(t)
            if t not in state.standing:
                ev.append(Event("standing", EVERYONE, player=t.seat, text=economy.text(t)))
        else:
            ev.append(
                Event(
                    "failed",
                    EVERYONE,
                    player=t.seat,
                    text=economy.text(t),
                    reason="its condition was not met",
                )
            )
    state.standing = keep
    pay_abilities(state, executed, ev)


def pay_abilities(state: State, executed: list[Pending], ev: list) -> None:
    """Usury and Secrets: 1 Money in a Round in which another House resolves a
    Reinvestment (Usury) or a Trade (Secrets) (SEA-62, SEA-63, SEA-A10, SEA-A11)."""
    mode = state.options["income_ability_mode"]
    for index, (house, kind) in enumerate(((USURY, Reinvest), (SECRETS, Gift))):
        seat = state.seat_of(house)
        if seat < 0:
            continue
        paid = state.round_paid[index]
        others = [t.house for t in executed if t.seat != seat and _is(t.record, kind)]
        if mode == "per_transaction":
            amount = len(others)
        elif mode == "per_other_house":
            new = sorted(set(others) - set(paid))
            paid += new
            amount = len(new)
        else:
            amount = 1 if others and not paid else 0
            if amount:
                paid.append(-1)
        if amount:
            state.holdings[seat][MONEY] += amount
            ev.append(Event("ability_paid", EVERYONE, player=seat, house=house, amount=amount))


def _is(record, kind) -> bool:
    return isinstance(made(record), kind)
