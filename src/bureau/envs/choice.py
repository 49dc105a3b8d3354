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
    """The decision under way: ``seat`` picks one of ``actions`` (token tuples -> action)
    or of the ``families`` (``bureau.envs.families``), walked without listing them.

    ``codes`` are the listed candidates' token tuples, sorted; ``lo:hi`` is the range of
    those that start with ``prefix``; ``families`` keeps those that ``prefix`` starts."""

    __slots__ = ("actions", "codes", "families", "hi", "lo", "origin", "prefix", "seat")

    def __init__(self, seat: int, actions: dict[tuple[int, ...], Any], families=()):
        self.seat = seat
        self.actions = actions
        self.codes = sorted(actions)
        self.origin = tuple(families)
        self.families = [f for f in families if f.walk(()) is not None]
        self.prefix: tuple[int, ...] = ()
        self.lo, self.hi = 0, len(self.codes)

    def empty(self) -> bool:
        return not self.codes and not self.families

    def complete(self) -> bool:
        if self.lo < self.hi and self.codes[self.lo] == self.prefix:
            return True
        return any(f.walk(self.prefix)[1] for f in self.families)

    def next_tokens(self) -> set[int]:
        k = len(self.prefix)
        out = {c[k] for c in self.codes[self.lo : self.hi] if len(c) > k}
        for f in self.families:
            out |= f.walk(self.prefix)[0]
        return out

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
        if self.families:
            self.families = [f for f in self.families if f.walk(self.prefix) is not None]

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
        if token == 0 or not self.next_tokens():
            if not self.complete():
                raise RuntimeError(f"tokens {self.prefix} lead to no action (a dead end)")
            return True
        return False

    def action(self):
        """The action picked: a listed one, or (from a family) None: parse its text."""
        return self.actions.get(self.prefix)

    def all_codes(self) -> list[tuple[int, ...]]:
        """Every candidate's tokens, families listed out (may be many)."""
        out = set(self.codes)
        for f in self.families:
            if f.enumerable:  # Nobility's free offers are not: far too many
                out.update(f.texts())
        return sorted(out)

    def restart(self) -> Choice:
        """The same decision with nothing picked (and nothing filled in)."""
        return Choice(self.seat, self.actions, self.origin)

    def after(self, token: int) -> Choice:
        """A copy of this decision with ``token`` picked next (and what it forces filled
        in); 0 (``<end>``) picks nothing. This decision is left as it is.

        >>> c = Choice(0, {(5, 7): "a", (5, 8): "b", (5, 8, 9): "c"})
        >>> c.extend_forced(); c.after(8).prefix, c.prefix
        ((5, 8), (5,))
        """
        out = self.restart()
        for t in self.prefix:
            out.push(t)
        if token != 0:
            out.push(token)
            out.extend_forced()
        return out


def decision(
    game,
    state,
    seat: int,
    names,
    enc: Encoding,
    concede: bool = False,
    cache=None,
    deals: bool = False,
) -> Choice:
    """``seat``'s decision now: its legal actions as token tuples (or, where the encoding
    has them, families), with the encoding's extra texts (parsed when chosen). Without
    ``concede``, the moves that concede are left out unless nothing else is legal.
    ``cache`` (a dict kept for one list of seat names) remembers each action's tokens.
    ``deals`` adds the free offers and payments (Nobility) to what is listed."""
    vocab = enc.vocab
    if cache is None:
        cache = {}
    elif len(cache) > 200_000:
        cache.clear()
    found = enc.families(game, state, seat, names, vocab, deals) if enc.families else None
    actions, families = (game.legal_actions(state, seat), []) if found is None else found
    out: dict[tuple[int, ...], Any] = {}
    for action in actions:
        # An action is an immutable tuple whose text is its own: memoized by kind and value.
        key = (type(action), action, seat)
        try:
            codes = cache.get(key, False)
        except TypeError:  # unhashable: by its text
            key = (str(action), seat)
            codes = cache.get(key, False)
        if codes is False:
            text = str(action)
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
    return Choice(seat, out, families)
