"""Re-dealing what a seat cannot know (``FinalDecrees.determinize``, for search bots)."""

from __future__ import annotations

import random
from collections import Counter

from bureau.engine.rng import seeded_later

from . import rules
from .state import OVER, State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal every card ``seat`` cannot see and re-draw others' sealed bids.

    Hidden from her: the deck and the other hands, less the cards a party to one of
    her open offers offers to give. Stagnation and Decline stays in the deck, where
    she knows it can be: between the pile of 20 and the pile of 5 until it was first
    reshuffled, anywhere after. Cards she saw change hands in a deal are not
    remembered.
    """
    if state.phase == OVER:
        return state.clone()
    new = state.clone(rng=state.rng)  # for now: its own comes at the end
    for other in new.bidders:
        if other != seat and new.bids[other]:
            new.bids[other] = rng.randint(1, rules.MAX_BID)
    keep: list[Counter[int]] = [Counter() for _ in range(new.num_players)]
    for d in new.offers:
        if seat in d.parties:
            for giver, items in d.gives:
                keep[giver].update(i.kind for i in items if hasattr(i, "kind"))
    had_sd = new.sd in new.deck
    if had_sd:
        new.deck.remove(new.sd)
    pool = new.deck[:]
    slots = []
    for other in range(new.num_players):
        if other == seat:
            continue
        for i, k in enumerate(new.hands[other]):
            if keep[other][k] > 0:
                keep[other][k] -= 1
            else:
                slots.append((other, i))
                pool.append(k)
    rng.shuffle(pool)
    it = iter(pool)
    for other, i in slots:
        new.hands[other][i] = next(it)
    new.deck = [next(it) for _ in range(len(new.deck))]
    if had_sd:
        size = len(new.deck) + 1
        lo, hi = new.sd_range if new.sd_range else (0, size)
        new.deck.insert(rng.randrange(min(lo, size - 1), min(hi, size)), new.sd)
    new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
    return new
