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

AFTER_HEAD = object()  # ``within_head``'s answer once the head is read


def within_head(head: tuple[int, ...], prefix: tuple[int, ...]):
    """A walk's answer while ``prefix`` is within the family's ``head`` (the head's next
    token; None where ``prefix`` leaves it), or ``AFTER_HEAD`` once the head is read."""
    if len(prefix) < len(head):
        return ({head[len(prefix)]}, False) if head[: len(prefix)] == prefix else None
    return AFTER_HEAD if prefix[: len(head)] == head else None


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
        before = within_head(self.head, prefix)
        if before is not AFTER_HEAD:
            return before
        h = len(self.head)
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
        before = within_head(self.head, prefix)
        if before is not AFTER_HEAD:
            return before
        h = len(self.head)
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
        before = within_head(self.head, prefix)
        if before is not AFTER_HEAD:
            return before
        h = len(self.head)
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


# -- Noblesse's orders -----------------------------------------------------------------------


class Steps:
    """Every action an automaton reads token by token: ``head`` (tokens), then from node
    ``start`` the tokens ``moves(node)`` gives as ``{token: next node}``, with whether
    ``node`` ends a whole action. ``moves`` offers only tokens that lead on to a whole
    action, so a walk never runs into a dead end; each node's answer is worked out when a
    walk first reaches it and remembered (nodes are hashable).

    >>> s = Steps((9,), 0, lambda n: ({n + 1: n + 1}, n > 0) if n < 2 else ({}, True))
    >>> s.walk(()), s.walk((9,)), s.walk((9, 1)), s.walk((9, 1, 2)), s.walk((9, 2))
    (({9}, False), ({1}, False), ({2}, True), (set(), True), None)
    """

    __slots__ = ("_known", "_seen", "head", "moves", "start")
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

    def walk(self, prefix: tuple[int, ...]) -> tuple[set[int], bool] | None:
        before = within_head(self.head, prefix)
        if before is not AFTER_HEAD:
            return before
        h = len(self.head)
        node = self.start
        for t in prefix[h:]:
            node = self._at(node)[0].get(t)
            if node is None:
                return None
        following, complete = self._at(node)
        return set(following), complete

    def texts(self):
        return iter(())


SLOTS = ("Officer", "Centre", "Flank", "Reserve")  # a unit's slots (``UNIT_SHAPES`` order)
MANY = 9  # the cap of a plain company: more than any slot holds
INF = float("inf")
_FILL_COSTS: dict[tuple, dict] = {}  # a catalogue's (slot, tier, coloured) -> its cost memo


def _next_slot(want: tuple[int, ...], s: int, j: int, r: int) -> tuple[int, int, int]:
    """The place to fill after slot ``s``'s company ``j`` with ``r`` left there: the next
    slot that ``want`` fills, from its first company, once ``r`` is 0; slot 4 when done."""
    while r == 0:
        s += 1
        if s == len(want):
            return s, 0, 0
        j, r = 0, want[s]
    return s, j, r


class Designs:
    """Noblesse's unit designs, ``KIND [led by LEADER] with COMPANIES``, as nodes of a
    ``Steps`` walk. The companies fill the kind's slots exactly (NSE-84) in the canonical
    order: slot by slot (Officer, Centre, Flank, Reserve; an Officer company only where
    no ``led by``), in id order within a slot, each company once with its count (``C5
    x3``); a unit's stats are sums over its companies, so another order is the same unit.
    A design holds at most ``k`` coloured companies (NSE-A38), each unique one at most its
    cap (NSE-A18), and where its kind bounds the tiers (a starting unit's budget), no
    more; a company or a count is offered only where the rest can still be filled so.

    ``kinds`` are (token, shape, tier bound or None), ``leaders`` the token tuples after
    ``led`` (``by pc``, ``by Cardinal Legate``). A node is ``("d", ctx, caps, k, stage,
    ...)``, ``ctx`` the outer walk's; ``then(ctx, kind's index, k left, caps left)`` gives
    what may follow a whole design, as ``Steps``' ``moves`` does."""

    __slots__ = (
        "by_slot", "cids", "col", "comma", "kinds", "leaders", "led", "memo", "then",
        "tier", "tok", "with_", "xs",
    )  # fmt: skip

    def __init__(self, state, vocab, kinds, leaders, then):
        designs = state.designs
        self.cids = sorted(
            (c for c in designs if _word(vocab, c) is not None),
            key=lambda c: (SLOTS.index(designs[c].slot), len(c), c),
        )
        self.tok = [vocab.index(c) for c in self.cids]
        self.tier = [designs[c].tier for c in self.cids]
        self.col = [1 if designs[c].colour else 0 for c in self.cids]
        self.by_slot = [[i for i, c in enumerate(self.cids) if designs[c].slot == s] for s in SLOTS]
        catalogue = tuple((designs[c].slot, designs[c].tier, designs[c].colour) for c in self.cids)
        if len(_FILL_COSTS) > 64 or len(_FILL_COSTS.get(catalogue, ())) > 200_000:
            _FILL_COSTS.clear()
        self.memo = _FILL_COSTS.setdefault(catalogue, {})  # shared by every decision
        self.kinds = kinds
        self.leaders = leaders
        self.then = then
        self.comma, self.led, self.with_ = vocab.index(","), vocab.index("led"), vocab.index("with")
        xs = {n: _word(vocab, f"x{n}") for n in range(2, MANY + 1)}
        self.xs = {n: t for n, t in xs.items() if t is not None}

    def caps(self, state, seat: int, units, uniques: bool) -> tuple[int, ...]:
        """How many of each company a design may hold: a plain one any number; a unique one,
        with ``uniques``, what its count leaves after ``units`` if it is the seat's role's
        (NSE-08, NSE-A18); none otherwise."""
        role = state.scenario.roles[state.houses[seat].role - 1]
        out = []
        for c in self.cids:
            d = state.designs[c]
            if not d.limit:
                out.append(MANY)
            elif uniques and d in role.uniques:
                out.append(max(0, d.limit - sum(list(u.companies).count(c) for u in units)))
            else:
                out.append(0)
        return tuple(out)

    def start(self, ctx, k: int, caps: tuple[int, ...]) -> tuple:
        return ("d", ctx, caps, k, "kind")

    def cost(self, caps, want, s: int, j: int, r: int, k: int) -> float:
        """The fewest tiers that fill the rest of a design from slot ``s``'s company ``j``
        (``r`` left there), with at most ``k`` coloured companies; INF where none can."""
        if s == len(SLOTS):
            return 0
        key = (caps, want, s, j, r, k)
        found = self.memo.get(key)
        if found is not None:
            return found
        slot = self.by_slot[s]
        best = INF
        if j < len(slot):
            c = slot[j]
            best = self.cost(caps, want, s, j + 1, r, k)  # none of company c
            for n in range(1, min(r, caps[c]) + 1):
                if n * self.col[c] > k:
                    break
                after = (*_next_slot(want, s, j + 1, r - n), k - n * self.col[c])
                best = min(best, n * self.tier[c] + self.cost(caps, want, *after))
        self.memo[key] = best
        return best

    def _want(self, i: int, led: bool) -> tuple[int, ...]:
        shape = self.kinds[i][1]
        return (0, *shape[1:]) if led else tuple(shape)  # a leader replaces the Officer (NSE-A16)

    def _fillable(self, caps, k: int, i: int, led: bool) -> bool:
        if led and not self.leaders:
            return False
        want = self._want(i, led)
        return _within(self.cost(caps, want, *_next_slot(want, -1, 0, 0), k), self.kinds[i][2])

    def fillable(self, caps, k: int, i: int) -> bool:
        """Can some design of kind ``i`` be filled with at most ``k`` coloured companies?"""
        return self._fillable(caps, k, i, False) or self._fillable(caps, k, i, True)

    def _fits(self, caps, k: int, want, s: int, j: int, r: int, t, n: int) -> bool:
        """May ``n`` of slot ``s``'s company ``j`` come next, the rest still fillable?"""
        c = self.by_slot[s][j]
        if n > caps[c] or n * self.col[c] > k:
            return False
        rest = self.cost(caps, want, *_next_slot(want, s, j + 1, r - n), k - n * self.col[c])
        return _within(n * self.tier[c] + rest, t)

    def _companies(self, ctx, caps, k: int, i: int, led: bool) -> tuple:
        want = self._want(i, led)
        return ("d", ctx, caps, k, "c", i, want, *_next_slot(want, -1, 0, 0), self.kinds[i][2])

    def _placed(self, node: tuple, n: int) -> tuple:
        _, ctx, caps, k, _, i, want, s, j, r, t = node
        c = self.by_slot[s][j]
        if caps[c] < MANY:
            caps = (*caps[:c], caps[c] - n, *caps[c + 1 :])
        t = None if t is None else t - n * self.tier[c]
        after = _next_slot(want, s, j + 1, r - n)
        return ("d", ctx, caps, k - n * self.col[c], "p", i, want, *after, t)

    def moves(self, node: tuple) -> tuple[dict, bool]:
        _, ctx, caps, k, stage, *rest = node
        out: dict = {}
        if stage == "kind":
            for i, (tok, _shape, _t) in enumerate(self.kinds):
                if self.fillable(caps, k, i):
                    out[tok] = ("d", ctx, caps, k, "lead", i)
        elif stage == "lead":
            (i,) = rest
            if self._fillable(caps, k, i, False):
                out[self.with_] = self._companies(ctx, caps, k, i, False)
            if self._fillable(caps, k, i, True):
                out[self.led] = ("d", ctx, caps, k, "leader", i, ())
        elif stage == "leader":  # "by pc", "by Cardinal Legate": read token by token
            i, read = rest
            n = len(read)
            for option in self.leaders:
                if len(option) > n and option[:n] == read:
                    out[option[n]] = ("d", ctx, caps, k, "leader", i, option[: n + 1])
            if read in self.leaders:
                out[self.with_] = self._companies(ctx, caps, k, i, True)
        elif stage == "c":  # a company of the slot under way
            i, want, s, j0, r, t = rest
            for j in range(j0, len(self.by_slot[s])):
                if any(self._fits(caps, k, want, s, j, r, t, n) for n in range(1, r + 1)):
                    company = self.tok[self.by_slot[s][j]]
                    out[company] = ("d", ctx, caps, k, "n", i, want, s, j, r, t)
        elif stage == "n":  # its count: "x3", or none for one (then what follows one)
            i, want, s, j, r, t = rest
            for n in range(2, r + 1):
                if n in self.xs and self._fits(caps, k, want, s, j, r, t, n):
                    out[self.xs[n]] = self._placed(node, n)
            if self._fits(caps, k, want, s, j, r, t, 1):
                following, complete = self.moves(self._placed(node, 1))
                out.update(following)
                return out, complete
        else:  # "p": companies placed; a comma and the next, or the design is whole
            i, want, s, j, r, t = rest
            if s == len(SLOTS):
                return self.then(ctx, i, k, caps)
            out[self.comma] = ("d", ctx, caps, k, "c", i, want, s, j, r, t)
        return out, False


def _within(cost: float, bound) -> bool:
    return cost < INF and (bound is None or cost <= bound)


def _word(vocab, word: str) -> int | None:
    """The index of ``word``, or None where the vocabulary lacks it."""
    try:
        return vocab.index(word)
    except KeyError:
        return None


def _labels(state, vocab) -> list[int]:
    """Each square's token, by square number (the board's squares are all words)."""
    return [vocab.index(state.label(sq)) for sq in range(len(state.scenario.estates))]


def noblesse(game, state, seat: int, names, vocab, deals: bool = False):
    """Noblesse's orders beyond the few of each kind ``legal_actions`` lists: set-ups (any
    free home of the range, income split, option left out, and starting unit within the
    budget), moves of one square or, on a recruit's first move, as many as it may go,
    recruits of every unit design on every site, recruiting abilities' levies and Create
    Noble abilities on any of one's Stewards (``Steps``, ``Designs``, ``Family``); listed:
    a Steward on any estate, a marriage, Messenger or Hired Assassin to anyone, the
    Federal Dues' choice, answers to marriages and hostages, and signatures and
    rejections of treaties. With ``deals``, the Faction Leader's payments (``pay Ben 2 Inf
    1 $``, up to what he holds) to his players and to other factions."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.rules import has_setup
    from bureau.games.noblesse.state import SETUP

    listed = game.legal_actions(state, seat)
    h = state.houses[seat]
    if not listed or (h.home < 0 and state.phase != SETUP):
        return listed, []
    if state.phase == SETUP and not has_setup(h):
        found = [_nb_setups(state, seat, vocab)]
    else:
        listed += _nb_listed(state, seat)
        found = [_nb_moves(state, seat, vocab), _nb_recruits(state, seat, vocab)]
        found.append(_nb_stewards(state, seat, vocab))
        found += _nb_abilities(state, seat, vocab, names)
        if deals:
            found.append(_nb_payments(state, seat, vocab, names))
    return listed, [f for f in found if f is not None and f.possible()]


def _nb_listed(state, seat: int) -> list:
    """The orders of a few kinds whose every instance is listed, where the rules accept it."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse import actions as a
    from bureau.games.noblesse.state import RES_NAMES

    others = [name for s, name in enumerate(state.names) if s != seat]
    orders: list = [kind(name) for kind in (a.Marry, a.Messenger, a.Assassin) for name in others]
    orders += [a.Choose(r) for r in RES_NAMES]
    orders += [a.Answer(yes, what) for yes in (True, False) for what in ("marriage", "hostages")]
    orders += [kind(p.id) for p in state.proposals for kind in (a.Sign, a.Reject)]
    return [o for o in orders if _nb_accepted(state, seat, o)]


def _nb_accepted(state, seat: int, order) -> bool:
    """Does the Day accept ``order`` from ``seat`` now (``rules.check``)?"""
    # This game's names (as for Aristocracy's families above)
    from bureau.engine import IllegalAction
    from bureau.games.noblesse.rules import check

    try:
        check(state, seat, order)
    except (IllegalAction, ValueError):
        return False
    return True


def _nb_stewards(state, seat: int, vocab) -> Steps | None:
    """``steward SQUARE`` on any estate the rules accept, each checked only once a walk
    picks ``steward`` (a hundred checks). A free courtier is all it takes for some estate:
    the Day refuses only those his Stewards and Tax Collectors hold (NSE-23), far fewer."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.actions import Steward

    def moves(node):
        if node == "end":
            return {}, True
        labels = _labels(state, vocab)
        squares = range(len(state.scenario.estates))
        ok = [sq for sq in squares if _nb_accepted(state, seat, Steward(state.label(sq)))]
        return dict.fromkeys((labels[sq] for sq in ok), "end"), False

    free = _nb_free_courtiers(state, seat) >= 1
    return Steps((vocab.index("steward"),), "square", moves, known=free)


def _nb_free_courtiers(state, seat: int) -> int:
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.rules import courtiers_needed

    h = state.houses[seat]
    return h.court - courtiers_needed(state, h.orders)


def _nb_moves(state, seat: int, vocab) -> Steps | None:
    """``move U7 to B3 [C3]``: each unit of the seat that may move and has no move order
    yet, one square, or on its first move as many as a recruit may go (NSE-66, NSE-67),
    each square next to the one before."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse import board
    from bureau.games.noblesse.actions import Move

    ordered = {o.unit for o in state.houses[seat].orders if type(o) is Move}
    first = board.has_core(state, seat, "recruit_first_move")
    reach = {}
    for u in state.units.values():
        if u.owner != seat or u.kind == "Garrison" or u.id in ordered:
            continue
        tok = _word(vocab, f"U{u.id}")  # U1 .. U299: a later unit is left out
        if tok is not None:
            steps = (first.param("estates") if first else 2) if u.fresh else 1
            reach[tok] = ("to", u.square, steps)
    if not reach:
        return None
    to = vocab.index("to")
    labels = _labels(state, vocab)

    def moves(node):
        if node == "unit":
            return reach, False
        stage, here, left = node
        if stage == "to":
            return {to: ("path", here, left)}, False
        steps = board.neighbours(state, here) if left else []
        return {labels[sq]: ("at", sq, left - 1) for sq in steps}, stage == "at"

    return Steps((vocab.index("move"),), "unit", moves)


def _nb_staying(state, seat: int) -> dict[int, list[str]]:
    """The kinds of the seat's units on each square that none of his orders may take off it
    or disband before recruitment (step 5), as the Day's recruit check counts them."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.actions import Disband, March, Move, UnitTo, Use

    going = set()
    for o in state.houses[seat].orders:
        if type(o) in (Move, March, Disband):
            going.add(o.unit)
        elif type(o) is Use:
            going.update(t.unit for t in o.terms if isinstance(t, UnitTo))
    out: dict[int, list[str]] = {}
    for u in state.units.values():
        if u.owner == seat and u.id not in going:
            out.setdefault(u.square, []).append(u.kind)
    return out


def _nb_recruiting(state, seat: int, vocab, courtier: bool):
    """What every recruit of the seat shares: its recruiting sites (NSE-A19) with the kinds
    already staying on each, the coloured companies its units may still take (NSE-A38:
    None where they hold too many already), the leaders it may name (NSE-A16; a courtier
    only where one is free, with ``courtier``) and the units that count for the unique
    companies' caps (those not disbanded)."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse import board
    from bureau.games.noblesse.actions import Disband

    h = state.houses[seat]
    gone = {o.unit for o in h.orders if type(o) is Disband}
    kept = [u for u in state.units.values() if u.owner == seat and u.id not in gone]
    held = board.coloured(state, [c for u in kept for c in u.companies])
    left = state.options.get("max_coloured_per_player", 4) - held
    staying = _nb_staying(state, seat)
    sites = {
        sq: staying.get(sq, [])
        for sq in sorted({h.home, *state.ctrl})
        if board.recruit_site(state, seat, sq)
    }
    words = ["pc", "heir", "noble"] + (["courtier"] if courtier else [])
    words += sorted(name for name, holder in state.officers.items() if holder == seat)
    by = vocab.index("by")
    leaders = [(by, *codes) for w in words if (codes := vocab.encode(w, (), seat))]
    return sites, (left if left >= 0 else None), leaders, kept


def _nb_room(staying: list[str], kind: str, most: int) -> int:
    """How many more units of ``kind`` (up to ``most``) a square with ``staying`` takes
    before the faction's stacking limit (NSE-69: the first two Garrisons are free)."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.board import STACK_LIMIT, stacked

    m = 0
    while m < most and stacked([*staying, *[kind] * (m + 1)]) <= STACK_LIMIT:
        m += 1
    return m


def _nb_recruits(state, seat: int, vocab) -> Steps | None:
    """``recruit DESIGN at SQUARE``: every unit design (``Designs``) the rules accept, of a
    kind that some site still has room for, on each such site."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.scenario import UNIT_SHAPES

    free = _nb_free_courtiers(state, seat) >= 1
    sites, left, leaders, kept = _nb_recruiting(state, seat, vocab, free)
    if left is None:
        return None
    labels = _labels(state, vocab)
    kinds, where = [], []
    for kind, shape in UNIT_SHAPES.items():
        room = [labels[sq] for sq, staying in sites.items() if _nb_room(staying, kind, 1)]
        if room:
            kinds.append((vocab.index(kind), shape, None))
            where.append(room)
    at = vocab.index("at")
    designs = Designs(state, vocab, kinds, leaders, lambda ctx, i, k, caps: ({at: i}, False))

    def moves(node):
        if isinstance(node, int):  # "at": the sites with room for kind ``node``
            return dict.fromkeys(where[node], "end"), False
        if node == "end":
            return {}, True
        return designs.moves(node)

    k = min(state.options.get("max_coloured_per_unit", 2), left)
    start = designs.start(None, k, designs.caps(state, seat, kept, _nb_uniques(state, seat)))
    return Steps((vocab.index("recruit"),), start, moves)


def _nb_uniques(state, seat: int) -> bool:
    """Did the seat keep its unique companies at set-up (NSE-08)?"""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.rules import SKIPS

    return state.houses[seat].skipped != SKIPS["uniques"]


def _nb_abilities(state, seat: int, vocab, names) -> list:
    """The seat's recruiting abilities (``use Fortify recruit DESIGN at SQUARE [and ...]``:
    exactly its count of units of its kind, each design as a recruit's, together within
    the coloured, unique and stacking limits) and Create Noble abilities (``use Charter
    of Nobility E8 E7``: its number of his Stewards' estates, not his Home Estate, with
    no Noble yet, in any order), where a courtier is free to go as its Envoy (NSE-A07)."""
    h = state.houses[seat]
    if _nb_free_courtiers(state, seat) < 1:
        return []
    role = state.scenario.roles[h.role - 1]
    out: list = []
    for number, ability in enumerate(role.abilities, 1):
        head = vocab.encode(f"use {ability.name}", names, seat)
        if number == h.skipped or head is None:
            continue
        if ability.effect == "recruit":
            out.append(_nb_levies(state, seat, vocab, head, ability))
        elif ability.effect == "create_noble":
            sites = [
                sq
                for sq, s in state.stewards.items()
                if s == seat and sq != h.home and sq not in state.nobles
            ]
            labels = _labels(state, vocab)
            items: list[tuple[tuple[int, ...], int]] = [((labels[sq],), 1) for sq in sorted(sites)]
            out.append(Family(head, items, ability.param("nobles"), ordered=True))
    return out


def _nb_levies(state, seat: int, vocab, head, ability) -> Steps | None:
    """A recruiting ability's levies (``_nb_abilities``). Each levy's choices leave the
    next ones room: a site only where enough room stays for them, and coloured or unique
    companies only where the catalogue fills the kind without either (else None)."""
    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.scenario import UNIT_SHAPES

    kind, count = ability.param("unit"), ability.param("count")
    sites, left, leaders, kept = _nb_recruiting(state, seat, vocab, True)
    if left is None or kind not in UNIT_SHAPES:
        return None
    labels = _labels(state, vocab)
    per_unit = state.options.get("max_coloured_per_unit", 2)
    at, also = vocab.index("at"), vocab.index("and")

    def room(placed: tuple[int, ...]) -> int:
        """Room for how many more levies (up to ``count``) after those ``placed``."""
        return sum(
            _nb_room([*staying, *[kind] * placed.count(sq)], kind, count)
            for sq, staying in sites.items()
        )

    def then(ctx, i, k, caps):
        n, left, placed = ctx
        return {at: ("site", n, left - (min(per_unit, left) - k), caps, placed)}, False

    def moves(node):
        if node[0] == "d":
            return designs.moves(node)
        if node[0] == "end":
            return {}, True
        _, n, left, caps, placed = node
        if node[0] == "and":
            return {also: designs.start((n, left, placed), min(per_unit, left), caps)}, False
        out = {}
        for sq, staying in sites.items():  # "site": where the levy goes
            here = (*placed, sq)
            if _nb_room([*staying, *[kind] * placed.count(sq)], kind, 1) and (
                room(here) >= count - len(here)
            ):
                done = len(here) == count
                out[labels[sq]] = ("end",) if done else ("and", n + 1, left, caps, here)
        return out, False

    designs = Designs(state, vocab, [(vocab.index(kind), UNIT_SHAPES[kind], None)], leaders, then)
    caps = designs.caps(state, seat, kept, _nb_uniques(state, seat))
    plain = tuple(c if c == MANY else 0 for c in caps)
    if room(()) < count or not designs.fillable(plain, 0, 0):
        return None
    start = designs.start((0, left, ()), min(per_unit, left), caps)
    return Steps((*head, vocab.index("recruit")), start, moves)


def _nb_setups(state, seat: int, vocab) -> Steps | None:
    """``setup SQUARE income I-M-$ skip OPTION unit DESIGN`` (NSE-07 .. NSE-09, NSE-12):
    any free square of the range but a victory square, any split of 5 points, any option
    left out, and any starting unit (``Designs``) within the budget (base cost plus a
    tenth of its tiers), led by an Officer company, the PC, a courtier or a Unique
    Officer held; unique companies only where they are not left out."""
    from itertools import permutations

    # This game's names (as for Aristocracy's families above)
    from bureau.games.noblesse.board import BASE_COST
    from bureau.games.noblesse.rules import LEGAL_SPLITS, SKIPS
    from bureau.games.noblesse.scenario import UNIT_SHAPES

    h = state.houses[seat]
    (r0, c0), (r1, c1) = state.scenario.factions[h.faction].home
    cols = state.scenario.cols
    taken = {o.home for s, o in enumerate(state.houses) if s != seat}
    taken |= {state.square(v) for v in state.scenario.victory}
    labels = _labels(state, vocab)
    homes = [
        labels[r * cols + c]
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
        if r * cols + c not in taken
    ]
    texts = {"-".join(map(str, p)) for split in LEGAL_SPLITS for p in permutations(split)}
    splits = [t for t in (_word(vocab, w) for w in sorted(texts)) if t is not None]
    budget = state.scenario.defaults.starting_unit_budget_mp
    kinds = [
        (vocab.index(kind), shape, 10 * (budget - BASE_COST[kind]))
        for kind, shape in UNIT_SHAPES.items()
        if budget >= BASE_COST[kind]
    ]
    words = ["pc", "courtier", *sorted(n for n, holder in state.officers.items() if holder == seat)]
    by = vocab.index("by")
    leaders = [(by, *codes) for w in words if (codes := vocab.encode(w, (), seat))]
    designs = Designs(state, vocab, kinds, leaders, lambda ctx, i, k, caps: ({}, True))
    mine = [u for u in state.units.values() if u.owner == seat]
    k = state.options.get("max_coloured_per_unit", 2)
    units = {}  # the option left out -> the starting unit's first node
    for skip in SKIPS:
        start = designs.start(None, k, designs.caps(state, seat, mine, skip != "uniques"))
        word = _word(vocab, skip)
        if word is not None and designs.moves(start)[0]:
            units[word] = start
    if not homes or not splits or not units:
        return None
    unit = vocab.index("unit")
    stages = {
        "home": (dict.fromkeys(homes, "income"), False),
        "income": ({vocab.index("income"): "split"}, False),
        "split": (dict.fromkeys(splits, "skip"), False),
        "skip": ({vocab.index("skip"): "option"}, False),
        "option": ({t: ("unit", t) for t in units}, False),
    }

    def moves(node):
        if node in stages:
            return stages[node]
        if node[0] == "unit":
            return {unit: units[node[1]]}, False
        return designs.moves(node)

    return Steps((vocab.index("setup"),), "home", moves)


def _nb_payments(state, seat: int, vocab, names) -> Steps | None:
    """The Faction Leader's ``pay Ben 2 Inf 1 $`` (NSE-115, NSE-117): to a living player of
    his faction by name, or to another faction by its key; each resource at most once, in
    the order Inf, MP, $, up to what he holds now (and the largest number token)."""
    h = state.houses[seat]
    if state.leaders[h.faction] != seat:
        return None
    tops = [min(n, vocab.max_number) for n in h.res]
    to = [
        vocab.encode(name, names, seat)[0]
        for s, (name, o) in enumerate(zip(state.names, state.houses, strict=True))
        if s != seat and o.alive and o.faction == h.faction
    ]
    keys = [f.key for i, f in enumerate(state.scenario.factions) if i != h.faction]
    to += [t for t in (_word(vocab, key) for key in keys) if t is not None]
    if not to or not any(tops):
        return None
    res = [vocab.index(r) for r in ("Inf", "MP", "$")]
    number = [vocab.index(str(n)) for n in range(vocab.max_number + 1)]

    def moves(node):
        if node == "to":
            return dict.fromkeys(to, -1), False
        if isinstance(node, int):  # the last resource paid, or -1: an amount may follow
            most = max(tops[node + 1 :], default=0)
            return {number[n]: (node, n) for n in range(1, most + 1)}, node >= 0
        last, n = node  # an amount: the resource it is of
        return {res[r]: r for r in range(last + 1, 3) if tops[r] >= n}, False

    return Steps((vocab.index("pay"),), "to", moves)
