"""Seabirds' Transactions, walked token by token (with ``deals``)."""

from __future__ import annotations

from bureau.games.seabirds import economy
from bureau.games.seabirds.rules import pending
from bureau.games.seabirds.state import AIR, LAND, MONEY, SENSATION, SUPPRESSION, own_asset
from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES, Upgrade, text

from ..encodings import _amount
from . import Seq


def families(game, state, seat: int, names, vocab, deals: bool = False):
    """With ``deals``, the Transactions Bureau's bots write (``Seq``), public or hidden
    (``post:``, ``hide:``, ``hide for stop N:`` for the coming Stop or the next): gifts
    of 1 or 2 of any asset to another House; reinvestments of X (up to 10) for fewer,
    between Money and the House's own Resource; the Sensation/Suppression take (public);
    gifts on the condition that the receiver gives 1 or 2 of any asset back (in the
    default window, the same batch or any batch); and every Upgrade at its exact price
    in assets the House holds, outright or on such a condition. Without, None (the listed
    commands and ``encodings.seabirds_extras``)."""
    if not deals:
        return None

    listed = game.legal_actions(state, seat)
    if state.phase not in (AIR, LAND) or seat not in pending(state):
        return listed, []
    house = state.house_of[seat]

    def enc(words: str) -> tuple[int, ...]:
        codes = vocab.encode(words, names, seat)
        if codes is None:
            raise KeyError(f"{words!r} is not in the {vocab.game} vocabulary")
        return codes

    def amount(asset: int, n: int) -> tuple[int, ...]:
        return enc(_amount(asset, n))  # "1 Worker Beetle", "2 Worker Beetles"

    others = [h for h in state.house_of if h != house]
    other_tokens = [enc(HOUSES[h]) for h in others]
    small = [amount(a, n) for a in range(len(ASSETS)) for n in (1, 2)]
    coming = state.coming_stop()
    wrap = [enc("post:")]
    public = list(wrap)
    if coming <= state.stops:
        wrap.append(enc("hide:"))
        wrap += [enc(f"hide for stop {c}:") for c in (coming, coming + 1)]  # as the bots do
    head = enc("ATTN Bureau: Transaction. I")
    dot = [enc(".")]
    windows = [
        enc("if"),
        enc("if, in the same batch of Messages,"),
        enc("if, in any batch of Messages,"),
    ]
    out = [Seq([wrap, [head], [enc("give")], small, [enc("to")], other_tokens, dot])]
    own = own_asset(house)
    for give, get in ((MONEY, own), (own, MONEY)):
        for x in range(2, vocab.max_number + 1):
            gets = [amount(get, y) for y in range(1, x)]
            out.append(
                Seq([wrap, [head], [enc("reinvest")], [amount(give, x)], [enc("for")], gets, dot])
            )
    if (
        house in (SENSATION, SUPPRESSION)
        and state.special_left[seat]
        and state.special_round[seat] != state.round
    ):
        out.append(Seq([public, [head], [enc("take 1 Money from")], other_tokens, dot]))
    buys = []
    for u in range(len(UPGRADES)):
        money, resources, kinds = economy.cost(
            house, u, state.options["discount_applies_to_infrastructure"]
        )
        for pay in _payments(resources, economy.allowed_kinds(house, kinds)):
            pay[MONEY] = money
            if any(pay):
                buys.append(enc(text(Upgrade(u, tuple(pay)), house)[2:-1]))  # less "I ", "."
    for tok in other_tokens:
        gives_me = [(*w, *tok, *enc("gives me")) for w in windows]
        cond = [gives_me, small, dot]
        out.append(Seq([wrap, [head], [enc("give")], small, [(*enc("to"), *tok)], *cond]))
        if buys:
            out.append(Seq([wrap, [head], buys, *cond]))
    if buys:
        out.append(Seq([wrap, [head], buys, dot]))
    return listed, [s for s in out if s.possible()]


def _payments(need: int, kinds, assets: int = 7) -> list[list[int]]:
    """Every way to pay ``need`` Resources of ``kinds`` (lists of ``assets`` amounts)."""
    out: list[list[int]] = []

    def go(i: int, left: int, pay: list[int]) -> None:
        if left == 0:
            out.append(pay[:])
            return
        if i == len(kinds):
            return
        a = kinds[i]
        for n in range(left, -1, -1):
            pay[a] = n
            go(i + 1, left - n, pay)
        pay[a] = 0

    go(0, need, [0] * assets)
    return out
