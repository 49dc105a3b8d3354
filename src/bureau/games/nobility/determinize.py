"""Re-dealing what a seat cannot know (``Nobility.determinize``, for bots and search)."""

from __future__ import annotations

import random

from bureau.engine.rng import seeded_later

from . import flow
from .actions import CardItem
from .state import OVER, State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal every card ``seat`` cannot see; keep what she knows.

    Hidden from her: the stock and the other hands, less the cards everybody
    knows to be there (taken face up), the cards a party to one of her open
    offers offers to give, and, if her hand was captured this turn, the
    captured cards. It does not remember cards she saw privately otherwise
    (a deal's cards once executed, a hand she captured).
    """
    if state.phase == OVER:
        return state.clone()  # every hand is shown once the match is over
    new = state.clone(rng=state.rng)  # for now: its own comes once the cards are dealt
    # What she knows of each hand, as a multiset: a list, as most are empty or tiny.
    keep_for: list[list[int]] = [known[:] for known in new.known]
    for d in new.offers:
        if seat in d.parties:
            for giver, items in d.gives:
                keep_for[giver] += [i.card for i in items if isinstance(i, CardItem)]
    if new.foe == seat and new.attacks & flow.HAND_CAPTURED:
        keep_for[new.active] += new.captured
    slots: list[tuple[int, int]] = []  # (seat, position)
    pool = new.stock[:]
    for other in range(new.num_players):
        if other == seat:
            continue
        keep = keep_for[other]
        for i, c in enumerate(new.hands[other]):
            if c in keep:
                keep.remove(c)
            else:
                slots.append((other, i))
                pool.append(c)
    pool.sort()  # the re-deal depends on what she knows, not on where the cards are
    draw = rng.random
    pool.sort(key=lambda _: draw())  # a uniform shuffle, twice as fast as rng.shuffle
    captured = new.captured  # the clone's own copy: re-dealt in place
    where = {c: k for k, c in enumerate(captured)}  # cards are unique
    # The hidden hand cards take the pool's first cards; the stock is the rest.
    for (other, i), c in zip(slots, pool, strict=False):
        old = new.hands[other][i]
        new.hands[other][i] = c
        if other == new.active and old in where:
            captured[where[old]] = c
    new.stock = pool[len(slots) :]
    new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
    return new
