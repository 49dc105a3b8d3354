"""Combinatorial families of actions, walked token by token without listing them.

A ``Family`` is every action whose text is ``head`` followed by a selection of ``items``
(each item a token tuple, such as ``7C`` or ``7C @ stall``): a sub-multiset in the
items' canonical order (``ordered=False``: a stall, a build's cards) or a sequence in any
order (``ordered=True``: Aristocracy's Tax discards, whose order is the order they go on
the pile), of ``size`` items or, with ``size=None``, of one or more. The environment asks
a family which tokens may follow a prefix (``walk``), so an Aristocracy stall of 12 cards
(4,096 choices) or a King's builds (tens of thousands) cost nothing until a token is
picked, and a selection never runs into a dead end: an item is offered only where enough
items remain after it to reach the size.

This package holds the walkers, which know nothing of any game: ``Family`` (selections),
``Offer`` (two-party offers), ``Parts`` (amounts from several pools), ``Seq`` (a slot's
options one after another) and ``Steps`` (any automaton read token by token). Each game's
module (``families.aristocracy``, ...) builds them for a seat's decision in its
``families(game, state, seat, names, vocab, deals)``.

>>> f = Family((9,), [((1,), 2), ((2,), 1), ((3,), 1)], size=2)
>>> f.walk((9,)), f.walk((9, 1)), f.walk((9, 3))
(({1, 2}, False), ({1, 2, 3}, False), None)
>>> f.walk((9, 1, 1)), f.walk((9, 2, 1))  # canonical order: no 1 after a 2
((set(), True), None)
>>> sorted(Family((9,), [((1,), 1), ((2,), 1)], size=2, ordered=True).texts())
[(9, 1, 2), (9, 2, 1)]
>>> g = Family((9,), [((1,), 1), ((1, 4), 1)], size=2)  # 1 then "1 4" (a card @stall)
>>> g.walk((9, 1)), g.walk((9, 1, 4))
(({1}, False), None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product


class Headed:
    """Actions that all begin with the tokens ``head``: ``walk`` reads the head, and each
    kind of family reads what follows it in ``after_head``."""

    __slots__ = ("head",)

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        """The tokens that may follow ``prefix`` and whether ``prefix`` is a whole action
        of the family; None when no action of the family starts with ``prefix``."""
        head = self.head
        if len(prefix) < len(head):
            return ({head[len(prefix)]}, False) if head[: len(prefix)] == prefix else None
        if prefix[: len(head)] != head:
            return None
        return self.after_head(prefix[len(head) :])

    def after_head(self, rest: tuple[int, ...]) -> tuple[set[int], bool] | None:
        raise NotImplementedError


class Family(Headed):
    """``head`` then a selection of ``items`` ((token tuple, copies) in canonical order)."""

    __slots__ = ("items", "meta", "ordered", "size", "total")
    enumerable = True  # ``texts`` lists them (``Choice.all_codes``)

    def __init__(
        self,
        head: tuple[int, ...],
        items: list[tuple[tuple[int, ...], int]],
        size: int | None = None,
        ordered: bool = False,
        meta=None,
    ):
        self.meta = meta  # what a reward may read of it (``features.aristocracy_reach``)
        self.head = head
        self.items = items
        self.size = size
        self.ordered = ordered
        self.total = sum(n for _, n in items)

    def possible(self) -> bool:
        """True when some selection exists."""
        return self.total >= (self.size or 1)

    def _states(self, rest: tuple[int, ...]):
        """Ways to read ``rest`` as a selection: (chosen item indices, partial item or None),
        where partial is (item index, its tokens read so far)."""
        out = []
        items = self.items
        limit = self.size if self.size is not None else self.total

        def go(j: int, chosen: tuple[int, ...], used: Counter) -> None:
            if j == len(rest):
                out.append((chosen, None))
                return
            if len(chosen) >= limit:
                return
            start = 0 if self.ordered or not chosen else chosen[-1]
            left = len(rest) - j
            for i in range(start, len(items)):
                tokens, copies = items[i]
                if used[i] >= copies or tokens[0] != rest[j]:
                    continue
                if left < len(tokens):
                    if tokens[:left] == rest[j:]:
                        out.append((chosen, (i, left)))
                    continue
                if tokens == rest[j : j + len(tokens)]:
                    used[i] += 1
                    go(j + len(tokens), (*chosen, i), used)
                    used[i] -= 1

        go(0, (), Counter())
        return out

    def _room(self, chosen: tuple[int, ...], i: int) -> int:
        """How many items could still follow item ``i`` picked after ``chosen``."""
        used = Counter(chosen)
        used[i] += 1
        if self.ordered:
            return sum(n - used[k] for k, (_, n) in enumerate(self.items))
        return sum(n - used[k] for k, (_, n) in enumerate(self.items) if k >= i)

    def after_head(self, rest: tuple[int, ...]) -> tuple[set[int], bool] | None:
        states = self._states(rest)
        if not states:
            return None
        following: set[int] = set()
        complete = False
        size = self.size
        for chosen, partial in states:
            n = len(chosen)
            if partial is not None:  # an item begun: only where enough can follow it
                i, k = partial
                if size is None or self._room(chosen, i) >= size - n - 1:
                    following.add(self.items[i][0][k])
                continue
            if (size is None and n >= 1) or n == size:
                complete = True
            if size is not None and n >= size:
                continue
            need = 0 if size is None else size - n - 1
            used = Counter(chosen)
            start = 0 if self.ordered or not chosen else chosen[-1]
            for i in range(start, len(self.items)):
                tokens, copies = self.items[i]
                if used[i] < copies and self._room(chosen, i) >= need:
                    following.add(tokens[0])
        if not following and not complete:
            return None  # a dead end: too few items left to reach the size
        return following, complete

    def texts(self) -> Iterator[tuple[int, ...]]:
        """Every action of the family as tokens (for tests and listings: may be many)."""
        items = self.items
        sizes = [self.size] if self.size is not None else range(1, self.total + 1)

        def go(chosen: tuple[int, ...], used: Counter, k: int):
            if len(chosen) == k:
                tokens = self.head
                for i in chosen:
                    tokens += items[i][0]
                yield tokens
                return
            start = 0 if self.ordered or not chosen else chosen[-1]
            for i in range(start, len(items)):
                if used[i] < items[i][1]:
                    used[i] += 1
                    yield from go((*chosen, i), used, k)
                    used[i] -= 1

        for k in sizes:
            yield from go((), Counter(), k)


class Offer(Headed):
    """Every two-player offer ``offer NAME: [coalition;] NAME gives ITEMS[; NAME gives
    ITEMS]`` to one recipient, walked token by token (items in canonical order, each
    once, one amount at most). ``givers`` are (giver token, items) in seat order, each
    item (token tuple, is an amount)."""

    __slots__ = ("colon", "comma", "givers", "gives", "semi", "term")
    enumerable = False  # far too many to list: ``Choice.all_codes`` leaves them out

    def __init__(self, head, term, givers, colon, comma, semi, gives):
        self.head = (*head, colon)
        self.term = term  # the coalition token, or None where no coalition can form
        self.givers = [(g, items) for g, items in givers if items]
        self.colon, self.comma, self.semi, self.gives = colon, comma, semi, gives

    def possible(self) -> bool:
        return self.term is not None or bool(self.givers)

    def _items_after(self, j: int, last: int) -> list[int]:
        """Indices of giver ``j``'s items that may follow item ``last`` (-1: none yet)."""
        items = self.givers[j][1]
        start = last + 1
        if last >= 0 and items[last][1]:  # one amount at most: skip the other amounts
            while start < len(items) and items[start][1]:
                start += 1
        return list(range(start, len(items)))

    def after_head(self, rest: tuple[int, ...]) -> tuple[set[int], bool] | None:
        givers = self.givers
        tokens = [g for g, _ in givers]
        st, j, last, partial = "start", -1, -1, None  # partial: (item indices, tokens read)
        for t in rest:
            if st == "start" and t == self.term and t is not None:
                st = "part"
            elif st in ("start", "giver") and t in tokens[j + 1 :]:
                j, st = tokens.index(t), "gives"
            elif st == "part" and t == self.semi:
                st = "giver"
            elif st == "gives" and t == self.gives:
                st, last = "item", -1
            elif st in ("item", "partial"):  # items may share first tokens ("card 7H")
                items = givers[j][1]
                if st == "item":
                    cands, read = self._items_after(j, last), 0
                else:
                    cands, read = partial
                cands = [k for k in cands if len(items[k][0]) > read and items[k][0][read] == t]
                if not cands:
                    return None
                read += 1
                whole = [k for k in cands if len(items[k][0]) == read]  # items are prefix-free
                if whole:
                    st, last = "done", whole[0]
                else:
                    st, partial = "partial", (cands, read)
            elif st == "done" and t == self.comma and self._items_after(j, last):
                st = "item"
            elif st == "done" and t == self.semi and j + 1 < len(givers):
                st = "giver"
            else:
                return None
        if st == "start":
            return {*([self.term] if self.term is not None else []), *tokens}, False
        if st == "part":
            return ({self.semi} if givers else set()), True
        if st == "giver":
            return set(tokens[j + 1 :]), False
        if st == "gives":
            return {self.gives}, False
        if st == "item":
            return {givers[j][1][k][0][0] for k in self._items_after(j, last)}, False
        if st == "partial":
            cands, read = partial
            return {givers[j][1][k][0][read] for k in cands}, False
        following = set()
        if self._items_after(j, last):
            following.add(self.comma)
        if j + 1 < len(givers):
            following.add(self.semi)
        return following, True

    def texts(self):
        return iter(())


def two_party_offers(state, seat: int, rules, index, seat_tok, gives, term=None) -> list:
    """An ``Offer`` family from ``seat`` to each other seat ``rules`` lets deal: both give
    what ``gives(giver)`` lists (token tuples, each with whether it is an amount), under
    the joint ``term`` token if any (Nobility's coalition)."""
    families = []
    for other in range(state.num_players):
        if other == seat or not rules.may_deal(state, other):
            continue
        givers = [(seat_tok(g), gives(g)) for g in sorted((seat, other))]
        offer = Offer(
            (index("offer"), seat_tok(other)),
            term,
            givers,
            index(":"),
            index(","),
            index(";"),
            index("gives"),
        )
        if offer.possible():
            families.append(offer)
    return families


class Parts(Headed):
    """``head`` then one or more parts ``N KEY`` separated by ``,`` (Final Decrees'
    ``spread 4 HR to ADM, 5 SS to ADM`` and ``remove 7 Ben, 1 ADM``): ``keys`` are
    (tokens, pool) in canonical order, each used at most once and in that order; the
    amounts N >= 1 taken from a pool add up to at most ``caps[pool]``, and all of them to
    at most ``total`` (None: no bound). ``numbers[k]`` is the token of the number k."""

    __slots__ = ("caps", "comma", "keys", "numbers", "total")
    enumerable = False  # every split of every amount: far too many to list

    def __init__(self, head, keys, caps, total, comma, numbers):
        self.head = tuple(head)
        self.keys = [(tuple(t), pool) for t, pool in keys if caps.get(pool, 0) >= 1]
        self.caps = caps
        self.total = total
        self.comma = comma
        self.numbers = numbers  # list: numbers[k] is k's token

    def possible(self) -> bool:
        return bool(self.keys) and (self.total is None or self.total >= 1)

    def _left(self, used: dict, spent: int, k: int) -> int:
        """The most the part of key ``k`` may take now."""
        left = self.caps[self.keys[k][1]] - used.get(self.keys[k][1], 0)
        if self.total is not None:
            left = min(left, self.total - spent)
        return min(left, len(self.numbers) - 1)

    def after_head(self, rest: tuple[int, ...]) -> tuple[set[int], bool] | None:
        value = {t: k for k, t in enumerate(self.numbers)}
        used: dict = {}
        spent, last = 0, -1
        st, n, cands, read = "amount", 0, [], 0
        for t in rest:
            if st == "amount":
                n = value.get(t, 0)
                cands = [
                    k for k in range(last + 1, len(self.keys)) if self._left(used, spent, k) >= n
                ]
                if n < 1 or not cands:
                    return None
                st, read = "key", 0
            elif st == "key":
                cands = [k for k in cands if self.keys[k][0][read] == t]
                if not cands:
                    return None
                read += 1
                whole = [k for k in cands if len(self.keys[k][0]) == read]  # prefix-free keys
                if whole:
                    last = whole[0]
                    pool = self.keys[last][1]
                    used[pool] = used.get(pool, 0) + n
                    spent += n
                    st = "done"
            elif st == "done" and t == self.comma and self._more(used, spent, last):
                st = "amount"
            else:
                return None
        if st == "amount":
            top = max(
                (self._left(used, spent, k) for k in range(last + 1, len(self.keys))), default=0
            )
            return {self.numbers[k] for k in range(1, top + 1)}, False
        if st == "key":
            return {self.keys[k][0][read] for k in cands}, False
        return ({self.comma} if self._more(used, spent, last) else set()), True

    def _more(self, used: dict, spent: int, last: int) -> bool:
        return any(self._left(used, spent, k) >= 1 for k in range(last + 1, len(self.keys)))

    def texts(self):
        return iter(())


class Seq:
    """Every action whose tokens are one option of each slot in turn: ``slots`` is a list
    of lists of token tuples (an option may be a prefix of another: the walk keeps every
    reading). Seabirds' Transactions are such products: a wrapper (``post:``, ``hide:``,
    ``hide for stop 4:``), the header, then the parts of one kind of sentence.

    >>> s = Seq([[(1,), (1, 2)], [(3,)]])
    >>> s.walk(()), s.walk((1,)), s.walk((1, 2)), s.walk((1, 3)), s.walk((2,))
    (({1}, False), ({2, 3}, False), ({3}, False), (set(), True), None)
    """

    __slots__ = ("slots",)
    enumerable = False  # products of many slots: listed only by ``texts`` on request

    def __init__(self, slots):
        self.slots = [list(dict.fromkeys(tuple(o) for o in slot if o)) for slot in slots]

    def possible(self) -> bool:
        return all(self.slots)

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        slots = self.slots
        frontier = {(0, -1, 0)}  # (slot, option or -1 at the slot's start, tokens read)
        for t in prefix:
            new = set()
            for s, o, r in frontier:
                if s == len(slots):
                    continue
                options = range(len(slots[s])) if o < 0 else (o,)
                for k in options:
                    opt = slots[s][k]
                    if opt[r] == t:
                        new.add((s + 1, -1, 0) if r + 1 == len(opt) else (s, k, r + 1))
            if not new:
                return None
            frontier = new
        following: set[int] = set()
        complete = False
        for s, o, r in frontier:
            if s == len(slots):
                complete = True
            elif o < 0:
                following.update(opt[0] for opt in slots[s])
            else:
                following.add(slots[s][o][r])
        return following, complete

    def texts(self):

        for parts in product(*self.slots):
            yield tuple(t for part in parts for t in part)


class Steps(Headed):
    """Every action an automaton reads token by token: ``head`` (tokens), then from node
    ``start`` the tokens ``moves(node)`` gives as ``{token: next node}``, with whether
    ``node`` ends a whole action. ``moves`` offers only tokens that lead on to a whole
    action, so a walk never runs into a dead end; each node's answer is worked out when a
    walk first reaches it and remembered (nodes are hashable).

    >>> s = Steps((9,), 0, lambda n: ({n + 1: n + 1}, n > 0) if n < 2 else ({}, True))
    >>> s.walk(()), s.walk((9,)), s.walk((9, 1)), s.walk((9, 1, 2)), s.walk((9, 2))
    (({9}, False), ({1}, False), ({2}, True), (set(), True), None)
    """

    __slots__ = ("_known", "_seen", "moves", "start")
    enumerable = False  # products of many choices (a unit's design): not listed

    def __init__(self, head: tuple[int, ...], start, moves, known: bool | None = None):
        self.head = head
        self.start = start
        self.moves = moves
        self._known = known  # whether an action exists, where the caller knows it cheaply
        self._seen: dict = {}

    def _at(self, node) -> tuple[dict, bool]:
        found = self._seen.get(node)
        if found is None:
            found = self._seen[node] = self.moves(node)
        return found

    def possible(self) -> bool:
        if self._known is not None:
            return self._known
        following, complete = self._at(self.start)
        return bool(following) or complete

    def after_head(self, rest: tuple[int, ...]) -> tuple[set[int], bool] | None:
        node = self.start
        for t in rest:
            node = self._at(node)[0].get(t)
            if node is None:
                return None
        following, complete = self._at(node)
        return set(following), complete

    def texts(self):
        return iter(())
