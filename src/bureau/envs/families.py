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

from .features import worth


class Family:
    """``head`` then a selection of ``items`` ((token tuple, copies) in canonical order)."""

    __slots__ = ("head", "items", "meta", "ordered", "size", "total")
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

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        """The tokens that may follow ``prefix`` and whether ``prefix`` is a whole action
        of the family; None when no action of the family starts with ``prefix``."""
        h = len(self.head)
        if len(prefix) < h:
            if self.head[: len(prefix)] != prefix:
                return None
            return {self.head[len(prefix)]}, False
        if prefix[:h] != self.head:
            return None
        states = self._states(prefix[h:])
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


# -- Aristocracy ---------------------------------------------------------------------------


def aristocracy(game, state, seat: int, names, vocab, deals: bool = False):
    """Aristocracy's combinatorial choices as families: stalls and balls (any sub-multiset
    of the hand, or ``none``), Tax discards (exactly the excess, in any order) and the
    King's builds and upgrades (Favor or Royal); everything else is listed. None where
    ``legal_actions`` lists the choice cheaply (bids, picks, Glory, ...)."""
    # This game's names, imported where its families are walked: the games share names
    # (pending, RULES, ...), and each game loads only with its own environment.
    from bureau.cards import card_text, is_face, rank
    from bureau.games.aristocracy import moves
    from bureau.games.aristocracy.actions import SIZE_NAMES, Ball, Favor, Royal, Stall, src_text
    from bureau.games.aristocracy.rules import SPECIAL_OF_RANK, excess, pending
    from bureau.games.aristocracy.state import ACT, BALL, KING, STALL, TAX


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
    # ACT: the nine actions as ``act_actions`` lists them, the King's specials as families
    listed = _act_plain(state, seat, moves)
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


def _act_plain(state, seat: int, moves) -> list:
    """``act_actions`` without the Favors and Royal Actions (listed or families apart)."""
    from bureau.games.aristocracy.actions import PASS, Harvest, Hide, Sell, Store, Trade  # as above

    stall = state.stalls[seat]
    out: list = [PASS]
    names = state.names
    for give in sorted(set(stall)):
        out += [Trade(give, t, -1, "market") for t in sorted(set(state.market))]
        for q in range(state.num_players):
            if q != seat:
                out += [Trade(give, t, q, names[q]) for t in sorted(set(state.stalls[q]))]
    srcs = sorted(set(moves.source_list(state, seat)))
    for i, b in enumerate(state.buildings[seat]):
        ref = moves.building_ref(state, seat, i)
        out += [Store(s, i, ref, o) for s in srcs for o in sorted(set(b.cards))]
        if b.production is not None:
            out.append(Harvest(i, ref))
        out += sorted(
            {moves.downgrade_action(state, seat, i, c) for c in moves.sub_multisets(b.cards) if c}
        )
    out += [Hide(c) for c in sorted(set(stall))]
    out += [Sell(a, b) for a, b in moves.sell_pairs(stall)]
    return out


# -- Nobility's offers -----------------------------------------------------------------------


class Offer:
    """Every two-player offer ``offer NAME: [coalition;] NAME gives ITEMS[; NAME gives
    ITEMS]`` to one recipient, walked token by token (items in canonical order, each
    once, one amount at most). ``givers`` are (giver token, items) in seat order, each
    item (token tuple, is an amount)."""

    __slots__ = ("colon", "comma", "givers", "gives", "head", "semi", "term")
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

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        h = len(self.head)
        if len(prefix) < h:
            if self.head[: len(prefix)] != prefix:
                return None
            return {self.head[len(prefix)]}, False
        if prefix[:h] != self.head:
            return None
        givers = self.givers
        tokens = [g for g, _ in givers]
        st, j, last, partial = "start", -1, -1, None  # partial: (item indices, tokens read)
        for t in prefix[h:]:
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


def nobility(game, state, seat: int, names, vocab, deals: bool = False):
    """With ``deals``, Nobility's free offers (``Offer``: amounts, melds and cards each
    way, a coalition where one can form) and payments (``pay NAME N``) beside what
    ``legal_actions`` lists; without, None (the listed actions only)."""
    if not deals:
        return None
    # This game's names (as for Aristocracy's families above)
    from bureau.cards import NUM_CODES, card_text
    from bureau.engine import deals as deal_book
    from bureau.games.nobility.actions import Pay
    from bureau.games.nobility.diplomacy import RULES, coalition_open
    from bureau.games.nobility.state import DEFEND, DROP, LOSE

    listed = game.legal_actions(state, seat)
    if deal_book.offers_to(state, seat) or not RULES.may_deal(state, seat):
        return listed, []
    n = len(names)
    index = vocab.index
    listed += [
        Pay(q, names[q], k)
        for q in range(n)
        if q != seat and RULES.may_deal(state, q)
        for k in range(1, min(state.money[seat], vocab.max_number) + 1)
    ]
    if deal_book.open_offer(state, seat) is not None or state.phase in (DEFEND, LOSE, DROP):
        return listed, []

    def seat_tok(q: int) -> int:
        return vocab.encode(names[q], names, seat)[0]

    def items(g: int, cards) -> list[tuple[tuple[int, ...], bool]]:
        out = [
            ((index(str(k)),), True) for k in range(1, min(state.money[g], vocab.max_number) + 1)
        ]
        out += [
            ((index("meld"), index(card_text(m.name))), False)
            for m in sorted(state.melds_of(g), key=lambda m: m.name)
        ]
        out += [((index("card"), index(card_text(c))), False) for c in sorted(set(cards))]
        return out

    term = index("coalition") if coalition_open(state) and not state.coalition else None

    def gives(g: int) -> list[tuple[tuple[int, ...], bool]]:
        return items(g, state.hands[seat] if g == seat else range(NUM_CODES))

    return listed, two_party_offers(state, seat, RULES, index, seat_tok, gives, term)


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


class Parts:
    """``head`` then one or more parts ``N KEY`` separated by ``,`` (Final Decrees'
    ``spread 4 HR to ADM, 5 SS to ADM`` and ``remove 7 Ben, 1 ADM``): ``keys`` are
    (tokens, pool) in canonical order, each used at most once and in that order; the
    amounts N >= 1 taken from a pool add up to at most ``caps[pool]``, and all of them to
    at most ``total`` (None: no bound). ``numbers[k]`` is the token of the number k."""

    __slots__ = ("caps", "comma", "head", "keys", "numbers", "total")
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

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        h = len(self.head)
        if len(prefix) < h:
            if self.head[: len(prefix)] != prefix:
                return None
            return {self.head[len(prefix)]}, False
        if prefix[:h] != self.head:
            return None
        value = {t: k for k, t in enumerate(self.numbers)}
        used: dict = {}
        spent, last = 0, -1
        st, n, cands, read = "amount", 0, [], 0
        for t in prefix[h:]:
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


# -- Final Decrees' offers -------------------------------------------------------------------


def decrees(game, state, seat: int, names, vocab, deals: bool = False):
    """Final Decrees' blame splits (``Parts``: spreads of several parts from the
    departments one controls, ``legal_actions`` listing only whole departments' blame
    moved to one; the extra blame removed from several pools), and, with ``deals``, its
    two-player offers (``Offer``: ``offer Ben: Ann gives
    2 blame, card cover-up; Ben gives card overtime``: an amount of one's blame and each
    card at most once a side, one's own cards from one's hand, the other's of any kind,
    as the rules let an offer ask without seeing her hand) beside what ``legal_actions``
    lists; without, None (the listed actions only)."""
    # This game's names (as for Aristocracy's families above)
    from bureau.engine import deals as deal_book
    from bureau.games.decrees.diplomacy import RULES
    from bureau.games.decrees.rules import pending, spread_scope
    from bureau.games.decrees.state import CHOOSE, DEPT_CODES, TURN

    listed = game.legal_actions(state, seat)
    index = vocab.index
    numbers = [index(str(k)) for k in range(vocab.max_number + 1)]
    splits: list = []
    if seat in pending(state) and not deal_book.awaiting(state):
        if state.phase == TURN and len(spread_scope(state, seat)[0]) > 1:
            sources, dests = spread_scope(state, seat)
            keys = [
                ((index(DEPT_CODES[a]), index("to"), index(DEPT_CODES[b])), a)
                for a in sorted(sources)
                for b in sorted(dests)
                if a != b
            ]
            caps = {a: state.dept_blame[a] for a in sources}
            splits.append(Parts((index("spread"),), keys, caps, None, index(","), numbers))
        elif state.phase == CHOOSE:
            keys = [
                ((vocab.encode(names[q], names, seat)[0],), ("p", q)) for q in range(len(names))
            ]
            keys += [((index(DEPT_CODES[d]),), ("d", d)) for d in sorted(state.depts)]
            caps = {("p", q): state.blame[q] for q in range(len(names))}
            caps |= {("d", d): state.dept_blame[d] for d in state.depts}
            total = state.choose.amount
            splits.append(Parts((index("remove"),), keys, caps, total, index(","), numbers))
    splits = [f for f in splits if f.possible()]
    if not deals:
        return listed, splits
    if (
        deal_book.offers_to(state, seat)
        or deal_book.open_offer(state, seat) is not None
        or not RULES.may_deal(state, seat)
    ):
        return listed, splits
    blame_ok = state.options["allow_blame_trades"]
    everything = sorted({c.key for k, c in enumerate(state.cards) if k != state.sd})

    def items(g: int) -> list[tuple[tuple[int, ...], bool]]:
        top = min(state.blame[g], vocab.max_number) if blame_ok else 0
        out = [((index(str(k)), index("blame")), True) for k in range(1, top + 1)]
        keys = (
            everything
            if g != seat
            else sorted({state.cards[k].key for k in state.hands[seat] if k != state.sd})
        )
        out += [((index("card"), index(key)), False) for key in keys]
        return out

    def seat_tok(q: int) -> int:
        return vocab.encode(names[q], names, seat)[0]

    return listed, splits + two_party_offers(state, seat, RULES, index, seat_tok, items)


# -- Seabirds' Transactions ------------------------------------------------------------------


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
        from itertools import product

        for parts in product(*self.slots):
            yield tuple(t for part in parts for t in part)


def seabirds(game, state, seat: int, names, vocab, deals: bool = False):
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
    # This game's names (as for Aristocracy's families above)
    from bureau.games.seabirds import economy
    from bureau.games.seabirds.rules import pending
    from bureau.games.seabirds.state import AIR, LAND, MONEY, SENSATION, SUPPRESSION, own_asset
    from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES, Upgrade, text

    listed = game.legal_actions(state, seat)
    if state.phase not in (AIR, LAND) or seat not in pending(state):
        return listed, []
    house = state.house_of[seat]

    def enc(words: str) -> tuple[int, ...]:
        codes = vocab.encode(words, names, seat)
        if codes is None:
            raise KeyError(f"{words!r} is not in the {vocab.game} vocabulary")
        return codes

    from .encodings import _amount  # encodings imports this module

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
