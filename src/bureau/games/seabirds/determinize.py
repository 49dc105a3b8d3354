"""Re-dealing what a seat cannot know (``Seabirds.determinize``, for search bots)."""

from __future__ import annotations

import random

from bureau.engine.rng import seeded_later

from .state import DRAFT, OVER, State


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Reshuffle the complication deck (keeping a top card a Loyal Administrator put
    there) and drop the sealed messages of others, which could say anything, and the
    events kept for the forum posts that the player did not see."""
    if state.phase == OVER:
        return state.clone()
    new = state.clone(rng=state.rng)  # for now: its own comes at the end
    if new.phase == DRAFT and not state.options["rolls"]:
        new.rolls = [rng.randint(1, 6) for _ in range(new.num_players)]
    top = [new.deck.pop()] if new.known_top and new.deck else []
    rng.shuffle(new.deck)
    new.deck += top
    secret = {
        m.seq for m in new.messages if m.kind == "hidden" and not m.revealed and m.author != seat
    }
    new.messages = [m for m in new.messages if m.seq not in secret]
    new.sealed = [p for p in new.sealed if p.seq not in secret]
    new.chronicle = [e for e in new.chronicle if e.visible_to(seat) or e.visible_to(None)]
    new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
    return new
