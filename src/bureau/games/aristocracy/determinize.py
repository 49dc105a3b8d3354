"""Re-dealing what a seat cannot know (``Aristocracy.determinize``, for bots and search)."""

from __future__ import annotations

import random

from bureau.engine.rng import seeded_later

from . import flow
from .state import (
    BID,
    EXPOSE,
    FACE_UP,
    FORCE,
    GLORY,
    PENALTY,
    STALL,
    TAX,
    Building,
    Discards,
    FaceDownStall,
    GloryVote,
    SealedBid,
    State,
)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal every card ``seat`` cannot see; keep what everybody knows.

    Hidden from her: other hands (less their publicly known cards), other
    players' face-down building cards and secret commitments, every
    production card (her own too, ARI-57), the draw pile, and the
    face-down part of the discard pile. Others' sealed bids are redrawn.
    """
    new = state.clone(rng=state.rng)  # for now: its own comes at the end
    slots: list[tuple[list[int], int]] = []  # (list, first hidden position)
    # (seat, the choice's type, cards): re-dealt discards, stalls
    face_down: list[tuple[int, type[Discards | FaceDownStall], list[int]]] = []
    for other in range(new.num_players):
        if other == seat:
            continue
        hand, known = new.hands[other], new.known[other]
        committed = new.committed[other] if new.step in (TAX, STALL) else None
        if committed is not None:
            assert isinstance(committed, (Discards, FaceDownStall))  # the choices of TAX, STALL
            # Face-down discards or a stall may hold some of her publicly known cards:
            # which ones is secret, so the known cards are spread afresh over both.
            cards = list(committed.cards)
            size = len(hand)
            spots = rng.sample(range(size + len(cards)), len(known))
            in_hand = [c for c, spot in zip(known, spots, strict=True) if spot < size]
            kept = [c for c, spot in zip(known, spots, strict=True) if spot >= size]
            rest = _without(hand + cards, known)
            cards = kept + rest[: len(cards) - len(kept)]
            face_down.append((other, type(committed), cards))
            slots.append((cards, len(kept)))
            hand = rest[len(committed.cards) - len(kept) :]
        else:
            in_hand = known
            hand = _without(hand, in_hand)
        new.hands[other] = in_hand + hand
        slots.append((new.hands[other], len(in_hand)))
        if new.ball[other]:
            slots.append((new.ball[other], 0))
    productions: list[Building] = []
    hidden_building_cards: list[tuple[Building, int]] = []
    for other in range(new.num_players):
        for b in new.buildings[other]:
            if b.production is not None:
                productions.append(b)
            if other != seat:
                hidden_building_cards += [(b, i) for i, e in enumerate(b.exposed) if not e]
    if new.step in (PENALTY, FORCE, EXPOSE) and seat in (new.active, new.visiting().owner):
        owner, i, _ = new.visiting()
        if i >= 0:  # the visitor has seen these cards
            seen = new.buildings[owner][i]
            hidden_building_cards = [(b, j) for b, j in hidden_building_cards if b is not seen]
    slots.append((new.deck, 0))
    slots.append((new.discard, FACE_UP))
    pool = [c for lst, start in slots for c in lst[start:]]
    pool += [b.production for b in productions if b.production is not None]  # all of them
    pool += [b.cards[i] for b, i in hidden_building_cards]
    pool.sort()  # the re-deal depends on what she knows, not on where the cards are
    draw = rng.random
    pool.sort(key=lambda _: draw())  # a uniform shuffle, twice as fast as rng.shuffle
    k = 0
    for lst, start in slots:
        if len(lst) > start:  # a short discard pile may be face up all through
            end = k + len(lst) - start
            lst[start:] = pool[k:end]
            k = end
    for b in productions:
        b.production = pool[k]
        k += 1
    for b, i in hidden_building_cards:
        b.cards[i] = pool[k]
        k += 1
    for other, kind, cards in face_down:
        new.committed[other] = kind(tuple(cards))
    if new.step == BID:
        for other in range(new.num_players):
            if other != seat and new.committed[other] is not None:
                new.committed[other] = SealedBid(rng.randint(0, new.coins[other]))
    if new.step == GLORY:
        for other in range(new.num_players):
            if (
                other != seat
                and new.committed[other] is not None
                and new.chosen(other, GloryVote).end
            ):
                new.committed[other] = GloryVote(flow.can_glory(new, other))
    new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
    return new


def _without(cards: list[int], some: list[int]) -> list[int]:
    """``cards`` less the multiset ``some`` (which it contains)."""
    rest = cards[:]
    for c in some:
        rest.remove(c)
    return rest
