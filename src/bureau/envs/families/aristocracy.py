"""Aristocracy's combinatorial choices, walked token by token: stalls and balls, Tax
discards in any order, the King's builds and upgrades."""

from __future__ import annotations

from collections import Counter

from bureau.cards import card_text, is_face, rank
from bureau.games.aristocracy import moves
from bureau.games.aristocracy.actions import (
    SIZE_NAMES,
    Ball,
    Favor,
    Royal,
    Stall,
    src_text,
)
from bureau.games.aristocracy.rules import SPECIAL_OF_RANK, excess, pending
from bureau.games.aristocracy.state import ACT, BALL, KING, STALL, TAX

from ..features import worth
from . import Family


def families(game, state, seat: int, names, vocab, deals: bool = False):
    """Aristocracy's combinatorial choices as families: stalls and balls (any sub-multiset
    of the hand, or ``none``), Tax discards (exactly the excess, in any order) and the
    King's builds and upgrades (Favor or Royal); everything else is listed. None where
    ``legal_actions`` lists the choice cheaply (bids, picks, Glory, ...)."""

    step = state.step
    if seat not in pending(state) or step not in (TAX, BALL, STALL, ACT):
        return None

    def enc(text: str) -> tuple[int, ...]:
        codes = vocab.encode(text, names, seat)
        if codes is None:
            raise KeyError(f"{text!r} is not in the {vocab.game} vocabulary")
        return codes

    def items(cards, text) -> list[tuple[tuple[int, ...], int]]:
        counts = Counter(cards)
        return [(enc(text(c)), counts[c]) for c in sorted(counts)]

    hand = state.hands[seat]
    if step == TAX:
        fam = Family(enc("discard"), items(hand, card_text), excess(state, seat), True)
        return [], [fam] if fam.possible() else []
    if step in (BALL, STALL):
        cls = Ball if step == BALL else Stall
        word = "ball" if step == BALL else "stall"
        fam = Family(enc(word), items(hand, card_text))
        return [cls(())], [fam] if fam.possible() else []
    # ACT: the plain actions listed, the Favors and Royal Actions apart (the King's: families)
    listed = moves.plain_actions(state, seat)
    families: list[Family] = []

    def ranks(cards) -> list[int]:  # the ranks of ``items(cards, ...)``, in their order
        return [rank(c & 63) for c in sorted(set(cards))]

    def king(head: str, srcs: list[int]) -> None:
        farm, estate, chateau = moves.flow.sizes(state)
        for name, size in zip(SIZE_NAMES, (farm, estate, chateau), strict=True):
            for address in sorted(set(srcs)):
                rest = srcs[:]
                rest.remove(address)
                # meta: (rank wanted, item ranks, points, cards, progress before, matched)
                meta = (rank(address & 63), ranks(rest), size - farm + 1, size, 0.0, 0)
                fam = Family(
                    enc(f"{head} build {name} {src_text(address)}"),
                    items(rest, src_text),
                    size,
                    meta=meta,
                )
                if fam.possible():
                    families.append(fam)
        for i, b in enumerate(state.buildings[seat]):
            n = len(b.cards)
            ref = moves.building_ref(state, seat, i)
            want = rank(b.address)
            matched = sum(1 for c in b.cards if rank(c) == want)
            before = worth(n - farm + 1, matched, n)
            for t in (estate, chateau):
                if n in (farm, estate) and t > n:
                    meta = (want, ranks(srcs), t - farm + 1, t, before, matched)
                    fam = Family(
                        enc(f"{head} upgrade {ref} with"), items(srcs, src_text), t - n, meta=meta
                    )
                    if fam.possible():
                        families.append(fam)

    srcs = moves.source_list(state, seat)
    for s in sorted(set(srcs)):
        if is_face(s & 63):
            rest = srcs[:]
            rest.remove(s)
            royal = SPECIAL_OF_RANK[rank(s & 63)]
            if royal == KING:
                king(f"favor {src_text(s)}", rest)
            else:
                listed += [Favor(s, sp) for sp in moves.specials(state, seat, royal, rest)]
    if state.coins[seat] >= 1:
        if state.royal == KING:
            king("royal", srcs)
        else:
            listed += [Royal(sp) for sp in moves.specials(state, seat, state.royal, srcs)]
    return listed, families
