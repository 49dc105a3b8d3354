"""One seat's decision, picked a token at a time (shared by every research environment).

``candidates`` lists the token tuples of a seat's legal actions (and the encoding's extra
texts, such as Seabirds' Transactions); ``Choice`` walks them as a sorted trie: the
tokens allowed next are those that continue some candidate, tokens that every candidate
left agrees on are filled in, and a candidate is complete when the tokens picked name it.

>>> c = Choice(0, {(5, 7): "a", (5, 8): "b", (5, 8, 9): "c"})
>>> c.extend_forced(); c.prefix, sorted(c.next_tokens())
((5,), [7, 8])
>>> c.push(8); c.complete(), sorted(c.next_tokens())
(True, [9])
"""

from __future__ import annotations

import bisect
from typing import Any

from .encodings import Encoding

CONCEDE = "concede"  # the word of the moves that end one's own game (Nobility)


class Choice:
    """The decision under way: ``seat`` picks one of ``actions`` (token tuples -> action).

    ``codes`` are the candidates' token tuples, sorted; ``lo:hi`` is the range of those
    that start with ``prefix``."""

    __slots__ = ("actions", "codes", "hi", "lo", "prefix", "seat")

    def __init__(self, seat: int, actions: dict[tuple[int, ...], Any]):
        self.seat = seat
        self.actions = actions
        self.codes = sorted(actions)
        self.prefix: tuple[int, ...] = ()
        self.lo, self.hi = 0, len(self.codes)

    def complete(self) -> bool:
        return self.lo < self.hi and self.codes[self.lo] == self.prefix

    def next_tokens(self) -> set[int]:
        k = len(self.prefix)
        return {c[k] for c in self.codes[self.lo : self.hi] if len(c) > k}

    def legal(self) -> set[int]:
        """The tokens that may be picked now; 0 (``<end>``) where the prefix names one."""
        tokens = self.next_tokens()
        if self.complete():
            tokens.add(0)
        return tokens

    def push(self, token: int) -> None:
        self.prefix += (token,)
        self.lo = bisect.bisect_left(self.codes, self.prefix, self.lo, self.hi)
        self.hi = bisect.bisect_left(self.codes, (*self.prefix[:-1], token + 1), self.lo, self.hi)

    def extend_forced(self) -> None:
        """Fill in tokens while exactly one can follow and the prefix names no action."""
        while not self.complete():
            following = self.next_tokens()
            if len(following) != 1:
                return
            self.push(following.pop())

    def pick(self, token: int) -> bool:
        """Pick ``token`` (0 ends the choice); True when the prefix is now the action."""
        if token != 0:
            self.push(token)
            self.extend_forced()
        return token == 0 or not self.next_tokens()

    def action(self):
        return self.actions[self.prefix]


def candidates(
    game, state, seat: int, names, enc: Encoding, concede: bool = False, cache=None
) -> dict[tuple[int, ...], Any]:
    """Token tuples of ``seat``'s legal actions, with the encoding's extra texts (parsed
    when chosen) and more orderings (``enc.expand``). Without ``concede``, the moves that
    concede are left out unless nothing else is legal. ``cache`` (a dict kept for one list
    of seat names) remembers each text's tokens."""
    vocab = enc.vocab
    if cache is None:
        cache = {}
    elif len(cache) > 200_000:
        cache.clear()
    out: dict[tuple[int, ...], Any] = {}
    actions = game.legal_actions(state, seat)
    if enc.expand is not None:
        actions = enc.expand(game, state, seat, actions)
    for action in actions:
        text = str(action)
        key = (text, seat)
        codes = cache.get(key, False)
        if codes is False:
            codes = vocab.encode(text, names, seat)
            if codes is not None and vocab.decode(codes, names, seat) != text:
                codes = None  # not the canonical spelling: not in the index
            cache[key] = codes
        if codes and codes not in out:
            out[codes] = action
    if enc.extras is not None:
        view = game.view(state, seat)
        for text in enc.extras(view, names, seat):
            codes = vocab.encode(text, names, seat)
            if codes and codes not in out:
                out[codes] = text
    if not concede and CONCEDE in vocab.tokens:
        word = vocab.index(CONCEDE)
        lasting = {c: a for c, a in out.items() if c[0] != word}
        out = lasting or out  # a seat whose only move is to concede still may
    return out
