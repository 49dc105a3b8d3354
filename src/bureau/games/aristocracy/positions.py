"""Saved positions: an Aristocracy game's situation as a JSON document (issue 22).

``save_position`` writes any state the game can reach, mid-step choices and all, and
``load_position`` fills a freshly set-up state from such a document, checking it against
the rules; a round trip is exact. The keys, their defaults and the checks are described
in ``docs/positions/aristocracy.md``; in short::

    {"format": "aristocracy-position/1", "players": ["Ann", "Ben", "Cat"],
     "year": 2, "round": "Queen", "herald": "Ben", "step": "act",
     "seats": {"Ann": {"coins": 4, "hand": ["7H", "QS"], "known": ["QS"], "stall": ["3C"],
                       "buildings": [{"address": "7S", "cards": ["7D", "7C", "3C"],
                                      "exposed": ["3C"], "production": "4H"}]}, ...},
     "market": ["QH", "4S"], "discard": ["2C", "9D"], "draw_pile": ["5S", ...],
     "turn": {"active": "Ann", "actions_left": 1, "acted": ["Ben"]}}

Cards are written as the game's actions write them (``7H``, ``10S``); seats by player
name; piles in order (the draw pile from its top, the discard pile from its oldest card,
whose first four are the face-up ones, ARI-76); a building's exposed cards by card, with
``#2`` for the second copy of a card it holds twice; a building in a visit by its
address card (``7S``, ``7S#2``), as in ``visit Ben 7S``.

Defaults: ``year`` 1, ``round`` King, ``herald`` the first player, ``step`` stall;
a seat's ``coins`` 3 (ARI-07), ``known``, ``stall`` and ``buildings`` none (``hand`` is
required); ``market`` and ``discard`` empty; ``draw_pile`` every play-deck card the
position does not place, shuffled by the game's generator; ``rng`` the generator the
game's seed gave; ``step_started`` none. In a turn, ``actions_left`` defaults to the
active player's stall size (ARI-17), ``acted`` and ``stall_discards`` to none.

Step by step, a seat's pending secret choice is a key of that seat, present once made:
``discards`` (tax), ``ball`` (ball), ``bid`` (bid; every seat at pick), ``pick`` (pick),
``stall`` (stall: the face-down stall), ``glory`` (glory: true or false).

>>> from bureau.games.aristocracy import GAME
>>> game = GAME.new(["Ann", "Ben"], seed=1)
>>> doc = save_position(game)
>>> doc["format"], doc["step"], doc["round"], len(doc["seats"]["Ann"]["hand"])
('aristocracy-position/1', 'stall', 'King', 7)
>>> again = GAME.new(["Ann", "Ben"], seed=2, options={"position": doc})
>>> save_position(again) == doc
True
>>> doc["seats"]["Ben"]["coins"] = -1
>>> GAME.new(["Ann", "Ben"], seed=2, options={"position": doc})
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: position: seats.Ben.coins: must be at least 0, not -1
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bureau.cards import CardError, card_text, parse_card, rank, weight
from bureau.engine.positions import PositionReader, at, format_name, save_rng

from . import flow
from .state import (
    ACT,
    BALL,
    BID,
    EXPOSE,
    FORCE,
    GLORY,
    JACK,
    KING,
    NO_DISCARDS,
    OVER,
    PENALTY,
    PICK,
    QUEEN,
    ROYAL_NAMES,
    STALL,
    TAX,
    Building,
    Discards,
    FaceDownStall,
    GloryVote,
    Picked,
    SealedBid,
    State,
    Visiting,
)

FORMAT = format_name("aristocracy")
STEPS = (TAX, BALL, BID, PICK, STALL, ACT, PENALTY, FORCE, EXPOSE, GLORY, OVER)
TURN_STEPS = (ACT, PENALTY, FORCE, EXPOSE)  # a player's turn, and a visit's follow-ups
VISIT_STEPS = (PENALTY, FORCE, EXPOSE)
# The round each royal event and virtue belongs to (ARI-14, ARI-21, ARI-66).
ROUND_OF = {TAX: KING, BALL: QUEEN, BID: JACK, PICK: JACK, GLORY: KING, OVER: KING}
STEP_RULE = {TAX: "ARI-32", BALL: "ARI-37", BID: "ARI-48", PICK: "ARI-51", GLORY: "ARI-35"}
STEP_RULE[OVER] = "ARI-66"

TOP = (
    "year",
    "round",
    "herald",
    "step",
    "market",
    "draw_pile",
    "discard",
    "turn",
    "visit",
    "ended_by",
    "rng",
    "step_started",
)
SEAT = ("coins", "hand", "known", "stall", "buildings", "discards", "ball", "bid", "pick", "glory")
# A seat's choice keys and the steps they belong to.
CHOICE_STEPS = {
    "discards": (TAX,),
    "ball": (BALL,),
    "bid": (BID, PICK),
    "pick": (PICK,),
    "glory": (GLORY,),
}
TURN = ("active", "actions_left", "acted", "stall_discards", "stall_weights")
VISIT = ("owner", "building", "penalty")
BUILDING = ("address", "cards", "exposed", "production")
START_COINS = flow.START_COINS


# -- saving -------------------------------------------------------------------------------------


def _texts(cards) -> list[str]:
    return [card_text(c) for c in cards]


def copy_ref(cards: list[int], i: int) -> str:
    """``3C`` for the first copy of a card in ``cards``, ``3C#2`` for its second, ...

    >>> copy_ref([parse_card(t) for t in ("3C", "7H", "3C")], 2)
    '3C#2'
    """
    copy = 1 + sum(1 for c in cards[:i] if c == cards[i])
    return card_text(cards[i]) + (f"#{copy}" if copy > 1 else "")


def building_ref(buildings: list[Building], i: int) -> str:
    """A building named by its address card, ``7S#2`` for the second on a 7S."""
    return copy_ref([b.address for b in buildings], i)


def _building(b: Building) -> dict:
    out: dict[str, Any] = {"address": card_text(b.address), "cards": _texts(b.cards)}
    exposed = [copy_ref(b.cards, i) for i, e in enumerate(b.exposed) if e]
    if exposed:
        out["exposed"] = exposed
    if b.production is not None:
        out["production"] = card_text(b.production)
    return out


def save_position(state: State) -> dict:
    """``state`` as a position document (JSON-ready); see the module's docstring."""
    names = state.names
    step = state.step
    n = state.num_players
    seats = {}
    for seat in range(n):
        entry: dict[str, Any] = {"coins": state.coins[seat], "hand": _texts(state.hands[seat])}
        if state.known[seat]:
            entry["known"] = _texts(state.known[seat])
        committed = state.committed[seat]  # of the step's type, or None
        if step == STALL:
            if isinstance(committed, FaceDownStall):
                entry["stall"] = _texts(committed.cards)
        elif state.stalls[seat]:
            entry["stall"] = _texts(state.stalls[seat])
        if state.buildings[seat]:
            entry["buildings"] = [_building(b) for b in state.buildings[seat]]
        if step == TAX and isinstance(committed, Discards) and committed.cards:
            entry["discards"] = _texts(committed.cards)
        elif step == BALL and state.herald_order().index(seat) < state.turn:
            entry["ball"] = _texts(state.ball[seat])
        elif step == BID and isinstance(committed, SealedBid):
            entry["bid"] = committed.coins
        elif step == PICK:
            entry["bid"] = state.bids[seat]
            for picker, i in state.picks:
                if picker == seat:
                    entry["pick"] = copy_ref(state.market, i)
        elif step == GLORY and isinstance(committed, GloryVote):
            entry["glory"] = committed.end
        seats[names[seat]] = entry
    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": list(names),
        "year": state.year,
        "round": ROYAL_NAMES[state.royal],
        "herald": names[state.herald],
        "step": step,
        "seats": seats,
        "market": _texts(state.market),
        "discard": _texts(state.discard),
        "draw_pile": _texts(reversed(state.deck)),
    }
    if step in TURN_STEPS:
        turn: dict[str, Any] = {
            "active": names[state.active],
            "actions_left": state.actions_left,
        }
        acted = [names[seat] for seat in range(n) if state.acted[seat]]
        if acted:
            turn["acted"] = acted
        if state.doomed:
            turn["stall_discards"] = _texts(state.doomed)
        if not state.options["recompute_stall_order"]:
            turn["stall_weights"] = {names[seat]: state.reveal_weights[seat] for seat in range(n)}
        doc["turn"] = turn
    if step in VISIT_STEPS:
        owner, i, j = state.visiting()
        b = state.buildings[owner][i]
        visit = {"owner": names[owner], "building": building_ref(state.buildings[owner], i)}
        if j >= 0:
            visit["penalty"] = copy_ref(b.cards, j)
        doc["visit"] = visit
    if step == OVER:
        doc["ended_by"] = names[state.ended_by] if state.ended_by >= 0 else None
    doc["rng"] = save_rng(state.rng)
    if state.step_started is not None:
        doc["step_started"] = state.step_started
    return doc


# -- loading ------------------------------------------------------------------------------------


def load_position(state: State, doc: dict, reader: PositionReader) -> None:
    """Fill ``state`` (freshly set up for the position's players) from ``doc``; a
    ``PositionError`` names the key path, the problem and the rule it breaks."""
    _Loader(state, reader).load(doc)


class _Loader:
    def __init__(self, state: State, reader: PositionReader):
        self.state = state
        self.r = reader
        self.o = state.options
        self.n = state.num_players
        self.placed: list[tuple[int, str]] = []  # every card the position places, with its path

    # -- values ----------------------------------------------------------------------------

    def card(self, obj: Any, path: str, place: bool = True) -> int:
        text = self.r.str_(obj, path)
        try:
            code = parse_card(text)
        except CardError as exc:
            self.r.fail(path, str(exc))
        if place:
            self.placed.append((code, path))
        return code

    def cards(self, obj: Any, path: str, place: bool = True) -> list[int]:
        return [self.card(x, at(path, i), place) for i, x in enumerate(self.r.list_(obj, path))]

    def copy_index(self, obj: Any, path: str, cards: list[int], lacking: str, listing: str) -> int:
        """The index in ``cards`` of ``7H`` (its first copy) or ``7H#2`` (its second); else
        fails saying "{lacking} 7H#2 ({listing}: the cards)"."""
        text = self.r.str_(obj, path)
        code_text, _, copy_text = text.partition("#")
        code = self.card(code_text, path, place=False)
        copy = 1
        if copy_text:
            if not copy_text.isdigit() or int(copy_text) < 1:
                self.r.fail(path, f"write {code_text}#2 for the second copy, not {text!r}")
            copy = int(copy_text)
        where = [i for i, c in enumerate(cards) if c == code]
        if len(where) < copy:
            held = " ".join(_texts(cards)) or "none"
            self.r.fail(path, f"{lacking} {text} ({listing}: {held})")
        return where[copy - 1]

    def seat_obj(self, obj: Any, path: str) -> dict:
        return self.r.obj(obj, path, ("hand",), [k for k in SEAT if k != "hand"])

    # -- the document --------------------------------------------------------------------------

    def load(self, doc: dict) -> None:
        r, st, n = self.r, self.state, self.n
        r.obj(doc, "", ("format", "players", "seats"), TOP)
        year = r.int_(doc.get("year", 1), "year", 1)
        royal = self.round(doc.get("round", "King"))
        herald = r.seat(doc.get("herald", r.players[0]), "herald")
        step = r.str_(doc.get("step", STALL), "step", STEPS)
        self.check_step(step, year, royal, doc)
        seats = r.per_seat(doc["seats"], "seats", self.seat_obj)
        sp = [at("seats", name) for name in r.players]  # each seat's path
        coins = [
            r.int_(s.get("coins", START_COINS), at(sp[seat], "coins"))
            for seat, s in enumerate(seats)
        ]
        hands = [self.cards(s["hand"], at(sp[seat], "hand")) for seat, s in enumerate(seats)]
        stalls = [
            self.cards(s.get("stall", []), at(sp[seat], "stall")) for seat, s in enumerate(seats)
        ]
        buildings = [
            [
                self.building(b, at(at(sp[seat], "buildings"), i))
                for i, b in enumerate(r.list_(s.get("buildings", []), at(sp[seat], "buildings")))
            ]
            for seat, s in enumerate(seats)
        ]
        for seat, s in enumerate(seats):
            for key, steps in CHOICE_STEPS.items():
                if key in s and step not in steps:
                    listed = " and ".join(steps)
                    r.fail(at(sp[seat], key), f"a {key} belongs to the {listed} step, not {step}")
        market = self.cards(doc.get("market", []), "market")
        discard = self.cards(doc.get("discard", []), "discard")
        extra: list[list[int]] = [[] for _ in range(n)]  # tax discards or ball cards, by seat
        for seat, s in enumerate(seats):
            for key in ("discards", "ball"):
                if key in s:
                    extra[seat] = self.cards(s[key], at(sp[seat], key))
        turn = self.turn_obj(doc.get("turn"), step)
        doomed = self.cards(turn.get("stall_discards", []), "turn.stall_discards") if turn else []
        draw_given = "draw_pile" in doc
        draw_pile = self.cards(doc["draw_pile"], "draw_pile") if draw_given else []
        self.conserve(draw_given)

        # Everything parsed: the state as the game keeps it, then the rules' checks.
        st.year, st.royal, st.herald, st.step = year, royal, herald, step
        st.first_king = year == 1 and royal == KING  # ARI-13: no draw in the first King round
        st.coins, st.hands, st.buildings, st.market, st.discard = (
            coins,
            hands,
            buildings,
            market,
            discard,
        )
        st.known = [
            self.known(s.get("known", []), at(sp[seat], "known"), seat, hands, stalls, step)
            for seat, s in enumerate(seats)
        ]
        order = st.herald_order()
        st.stalls = [[] for _ in range(n)] if step == STALL else stalls
        st.committed = [None] * n
        st.ball = [[] for _ in range(n)]
        st.bids = [0] * n
        st.pickers, st.picks = [], []
        st.turn = n
        st.stall_size = [len(s) for s in st.stalls]
        st.acted = [False] * n
        st.active, st.actions_left, st.doomed, st.visit = -1, 0, [], None
        st.ended_by, st.outcome = -1, None
        if step not in (STALL, *TURN_STEPS):
            for seat in range(n):
                if stalls[seat]:
                    r.fail(
                        at(sp[seat], "stall"),
                        f"no stalls lie out in the {step} step: they are formed at step 4 and"
                        " taken back at cleanup (ARI-15, ARI-20)",
                    )
        if step in (GLORY, OVER) and market:
            r.fail("market", "the market is discarded at cleanup, before Glory (ARI-20)")
        if step == TAX:
            self.tax(seats, sp, extra)
        elif step == BALL:
            st.turn = self.in_order(seats, sp, "ball", order, "contributed to the Ball", "ARI-37")
            for seat in order[: st.turn]:
                st.ball[seat] = extra[seat]
        elif step == STALL:
            st.turn = self.in_order(seats, sp, "stall", order, "formed a stall", "ARI-73")
            for seat in order[: st.turn]:
                st.committed[seat] = FaceDownStall(tuple(stalls[seat]))
        elif step in (BID, PICK):
            self.auction(seats, sp, step, order)
        elif step in TURN_STEPS:
            assert turn is not None  # turn_obj read it for a turn step
            self.load_turn(turn, doomed, step, doc.get("visit"))
        elif step == GLORY:
            self.glory(seats, sp)
        if step == OVER:
            self.over(doc)
        if draw_given:
            st.deck = draw_pile[::-1]
        else:  # the rest of the play deck, shuffled
            rest = Counter(flow.play_deck(self.o["decks"]))
            rest.subtract(c for c, _ in self.placed)
            st.deck = [c for c in sorted(rest) for _ in range(rest[c])]
        if "rng" in doc:
            r.rng(doc["rng"], "rng", st.rng)
        if not draw_given:
            st.rng.shuffle(st.deck)
        st.step_started = r.number(doc.get("step_started"), "step_started", none=True)

    def round(self, obj: Any) -> int:
        text = self.r.str_(obj, "round")
        lowered = [n.lower() for n in ROYAL_NAMES]
        if text.lower() not in lowered:
            self.r.fail("round", f"unknown {text!r}; the rounds are King, Queen, Jack (ARI-09)")
        return lowered.index(text.lower())

    def check_step(self, step: str, year: int, royal: int, doc: dict) -> None:
        r = self.r
        if step in ROUND_OF and ROUND_OF[step] != royal:
            r.fail(
                "step",
                f"the {step} step belongs to the {ROYAL_NAMES[ROUND_OF[step]]} round, not the"
                f" {ROYAL_NAMES[royal]} round ({STEP_RULE[step]})",
            )
        cap = self.o["max_years"]
        if cap is not None and (year > cap or (year == cap and royal != KING)):
            r.fail(
                "year",
                f"with max_years {cap} the game stops after year {cap}'s King round (ARI-A23);"
                f" year {year}'s {ROYAL_NAMES[royal]} round never comes",
            )
        for key, steps, words in (
            ("turn", TURN_STEPS, "the act, penalty, force and expose steps"),
            ("visit", VISIT_STEPS, "the penalty, force and expose steps"),
            ("ended_by", (OVER,), "the over step"),
        ):
            if key in doc and step not in steps:
                r.fail(key, f"only in {words}, not in the {step} step")
            if key not in doc and step in steps:
                r.fail(key, f"missing: the {step} step needs it")

    def building(self, obj: Any, path: str) -> Building:
        r = self.r
        r.obj(obj, path, ("address", "cards"), ("exposed", "production"))
        address = self.card(obj["address"], at(path, "address"))
        cards = self.cards(obj["cards"], at(path, "cards"))
        farm, estate, chateau = flow.sizes(self.state)
        if len(cards) not in (farm, estate, chateau):
            r.fail(
                at(path, "cards"),
                f"a farm, estate or château holds {farm}, {estate} or {chateau} building cards,"
                f" not {len(cards)} (ARI-33)",
            )
        exposed = [False] * len(cards)
        for i, x in enumerate(r.list_(obj.get("exposed", []), at(path, "exposed"))):
            where = at(at(path, "exposed"), i)
            j = self.copy_index(x, where, cards, "the building has no", "its cards")
            if exposed[j]:
                r.fail(where, f"{x} is listed twice")
            if rank(cards[j]) == rank(address):
                r.fail(
                    where,
                    f"only a mismatched card is exposed (ARI-43), and {card_text(cards[j])}"
                    f" matches the address card {card_text(address)}",
                )
            exposed[j] = True
        production = None
        if obj.get("production") is not None:
            production = self.card(obj["production"], at(path, "production"))
            if len(cards) != farm and self.o["production_on_upgrade"] != "keep":
                r.fail(
                    at(path, "production"),
                    "only a farm holds a production card (ARI-58, ARI-A05; with"
                    " production_on_upgrade=keep an upgraded farm keeps it)",
                )
        return Building(address, cards, exposed, production)

    def conserve(self, draw_given: bool) -> None:
        """Every card of the play deck once, and nothing else (ARI-02, ARI-04)."""
        r = self.r
        deck = Counter(flow.play_deck(self.o["decks"]))
        seen: Counter = Counter()
        for code, path in self.placed:
            seen[code] += 1
            if seen[code] > deck[code]:
                text = card_text(code)
                if not deck[code]:
                    r.fail(
                        path,
                        f"{text} is not in the play deck: {self.o['decks']} deck(s) less one"
                        " K♦ Q♦ J♦, no jokers (ARI-02, ARI-04)",
                    )
                r.fail(
                    path,
                    f"{text} appears {seen[code]} times in the position, but the play deck"
                    f" holds {deck[code]} (ARI-02, ARI-04)",
                )
        if draw_given:
            missing = deck - seen
            if missing:
                shown = " ".join(_texts(sorted(missing.elements())[:12]))
                more = "" if missing.total() <= 12 else " ..."
                r.fail(
                    "draw_pile",
                    f"{missing.total()} card(s) of the play deck are nowhere in the position:"
                    f" {shown}{more} (ARI-02, ARI-04); add them to a pile, or leave draw_pile"
                    " out to shuffle the rest of the deck into it",
                )

    def known(self, obj, path, seat, hands, stalls, step) -> list[int]:
        known = self.cards(obj, path, place=False)
        held = Counter(hands[seat]) + (Counter(stalls[seat]) if step == STALL else Counter())
        for i, c in enumerate(known):
            held[c] -= 1
            if held[c] < 0:
                where = "hand or face-down stall" if step == STALL else "hand"
                self.r.fail(
                    at(path, i),
                    f"{card_text(c)} is not in {self.r.players[seat]}'s {where}: the cards"
                    " everybody knows to be in a hand are some of its cards",
                )
        return known

    def in_order(self, seats, sp, key, order, did: str, rule: str) -> int:
        """How many seats of ``order`` (Herald order) have made their choice (``key``)."""
        r, st = self.r, self.state
        done = [seat for seat in order if key in seats[seat]]
        k = len(done)
        if done != order[:k]:
            first = next(seat for seat in order[:k] if key not in seats[seat])
            who = ", ".join(r.players[seat] for seat in done)
            r.fail(
                at(sp[first], key),
                f"missing: choices are made in Herald order ({rule}, ARI-73), and"
                f" {who} {'have' if k > 1 else 'has'} {did}",
            )
        if k == len(order):
            r.fail("step", f"every player has {did}, so the {st.step} step is over ({rule})")
        waiting = order[k]
        if key != "pick" and not st.hands[waiting]:
            r.fail(
                at(sp[waiting], "hand"),
                f"{r.players[waiting]} holds no cards, so she is passed over: give her"
                f" {key} [] ({rule})",
            )
        return k

    def tax(self, seats, sp, extra) -> None:
        """Over-limit players discard down to their limit (ARI-31, ARI-32, ARI-A13)."""
        r, st = self.r, self.state
        for seat, s in enumerate(seats):
            limit = flow.hand_limit(st, seat)
            held = len(st.hands[seat])
            if "discards" not in s:
                st.committed[seat] = None if held > limit else NO_DISCARDS
            elif extra[seat] and held != limit:
                r.fail(
                    at(sp[seat], "discards"),
                    f"{r.players[seat]} discarded down to her limit of {limit} cards"
                    f" ({self.o['base_hand_size']} and one per château, ARI-31, ARI-32),"
                    f" but her hand holds {held}",
                )
            elif not extra[seat] and held > limit:
                r.fail(
                    at(sp[seat], "discards"),
                    f"{r.players[seat]} holds {held} cards, over her limit of {limit}: she"
                    f" discards {held - limit} (ARI-32)",
                )
            else:
                st.committed[seat] = Discards(tuple(extra[seat]))
        if all(c is not None for c in st.committed):
            r.fail("step", "every player has made her Tax discard, so the tax is over (ARI-32)")

    def auction(self, seats, sp, step, order) -> None:
        """Sealed bids (ARI-49, ARI-A16); at pick, the top bidders in Herald order (ARI-51)."""
        r, st = self.r, self.state
        bids: list = [None] * self.n
        for seat, s in enumerate(seats):
            if "bid" in s:
                bids[seat] = r.int_(s["bid"], at(sp[seat], "bid"), 0)
                if bids[seat] > st.coins[seat]:
                    r.fail(
                        at(sp[seat], "bid"),
                        f"a bid is at most the bidder's coins, {st.coins[seat]}, not {bids[seat]}"
                        " (ARI-A16)",
                    )
            elif st.coins[seat] == 0:
                bids[seat] = 0  # without coins, the only bid is 0 (ARI-49)
            elif step == PICK:
                r.fail(at(sp[seat], "bid"), "missing: at the pick every bid is revealed (ARI-49)")
        if step == BID:
            st.committed = [None if b is None else SealedBid(b) for b in bids]
            if all(b is not None for b in bids):
                r.fail("step", "every player has bid, so the bid step is over (ARI-49)")
            return
        st.bids = bids
        if not st.market:
            r.fail("market", "the pick needs market cards: with none the auction is over (ARI-54)")
        top = max(bids)
        st.pickers = [seat for seat in order if bids[seat] == top]
        for seat, s in enumerate(seats):
            if "pick" in s and seat not in st.pickers:
                r.fail(
                    at(sp[seat], "pick"),
                    f"only the top bidders pick, and {r.players[seat]} bid {bids[seat]} of {top}"
                    " (ARI-50, ARI-51, ARI-A10)",
                )
        k = self.in_order(seats, sp, "pick", st.pickers, "picked", "ARI-51")
        for seat in st.pickers[:k]:
            i = self.copy_index(
                seats[seat]["pick"], at(sp[seat], "pick"), st.market, "the market has no", "market"
            )
            st.picks.append(Picked(seat, i))

    def turn_obj(self, obj: Any, step: str) -> dict | None:
        if step not in TURN_STEPS:
            return None
        r = self.r
        r.obj(obj, "turn", ("active",), [k for k in TURN if k != "active"])
        return obj

    def load_turn(self, turn: dict, doomed: list[int], step: str, visit: Any) -> None:
        """A player's turn (ARI-16..19) and a visit's follow-ups (ARI-40..46, ARI-A08)."""
        r, st, n = self.r, self.state, self.n
        active = r.seat(turn["active"], "turn.active")
        acted = [False] * n
        for i, name in enumerate(r.list_(turn.get("acted", []), "turn.acted")):
            other = r.seat(name, at("turn.acted", i))
            if acted[other]:
                r.fail(at("turn.acted", i), f"{r.players[other]} is listed twice")
            acted[other] = True
        if acted[active]:
            r.fail("turn.acted", f"{r.players[active]} is acting now, so she has not acted yet")
        if "actions_left" in turn:
            left = r.int_(turn["actions_left"], "turn.actions_left", 1)
        elif st.stalls[active]:
            left = len(st.stalls[active])  # ARI-17: one action per stall card
        else:
            r.fail(
                "turn.actions_left",
                f"missing, and {r.players[active]}'s stall is empty: say how many actions she"
                " has left (ARI-17, ARI-A02)",
            )
        weights = [sum(weight(c) for c in s) for s in st.stalls]
        if "stall_weights" in turn:
            weights = r.per_seat(
                turn["stall_weights"],
                "turn.stall_weights",
                lambda v, seat: r.int_(v, seat, 0),
                default=-1,
            )
            current = [sum(weight(c) for c in s) for s in st.stalls]
            weights = [current[seat] if w < 0 else w for seat, w in enumerate(weights)]
        st.active, st.actions_left, st.acted, st.doomed = active, left, acted, doomed
        st.reveal_weights = weights
        if step in VISIT_STEPS:
            self.load_visit(visit, step)

    def load_visit(self, obj: Any, step: str) -> None:
        r, st = self.r, self.state
        r.obj(obj, "visit", ("owner", "building"), ("penalty",))
        owner = r.seat(obj["owner"], "visit.owner")
        if owner == st.active:
            r.fail("visit.owner", "a player may not visit her own building (ARI-A20)")
        refs = [b.address for b in st.buildings[owner]]
        i = self.copy_index(
            obj["building"],
            "visit.building",
            refs,
            f"{r.players[owner]} has no building on",
            "buildings",
        )
        b = st.buildings[owner][i]
        wrong = b.mismatched(rank)
        if not wrong:
            r.fail(
                "visit.building",
                "every building card matches, so the visit ended at once (ARI-41)",
            )
        j = -1
        if step == FORCE:
            if "penalty" not in obj:
                r.fail("visit.penalty", "missing: the force step settles a penalty card")
            j = self.copy_index(
                obj["penalty"], "visit.penalty", b.cards, "the building has no", "its cards"
            )
            first = next((k for k in wrong if b.exposed[k] and b.cards[k] == b.cards[j]), None)
            if first is None:
                r.fail(
                    "visit.penalty",
                    "the penalty falls on an exposed mismatched card (ARI-44, ARI-A08)",
                )
            j = first
            if st.coins[owner] == 0:
                r.fail(
                    "visit.penalty",
                    f"{r.players[owner]} has no coins, so she discards without a choice (ARI-A08)",
                )
        elif "penalty" in obj:
            r.fail("visit.penalty", f"only in the force step, not in the {step} step")
        if step == PENALTY and not any(b.exposed[k] for k in wrong):
            r.fail(
                "visit.building",
                "the penalty step needs an exposed mismatched card in the building (ARI-44,"
                " ARI-A08)",
            )
        if step == EXPOSE and all(b.exposed[k] for k in wrong):
            r.fail(
                "visit.building",
                "the expose step needs a mismatched card not yet exposed (ARI-43)",
            )
        st.visit = Visiting(owner, i, j)

    def glory(self, seats, sp) -> None:
        """Every player answers secretly; only a qualifier may say glory (ARI-35, ARI-A09)."""
        r, st = self.r, self.state
        for seat, s in enumerate(seats):
            if "glory" in s:
                st.committed[seat] = vote = GloryVote(r.bool_(s["glory"], at(sp[seat], "glory")))
                if vote.end and not flow.can_glory(st, seat):
                    r.fail(at(sp[seat], "glory"), _no_glory(r.players[seat]))
        if all(c is not None for c in st.committed):
            r.fail("step", "every player has answered, so the glory step is over (ARI-A09)")

    def over(self, doc: dict) -> None:
        """A finished game: who claimed glory, or the year cap (ARI-35, ARI-66..71, ARI-A23)."""
        r, st = self.r, self.state
        ender = r.seat(doc["ended_by"], "ended_by", none=True)
        if ender >= 0 and not flow.can_glory(st, ender):
            r.fail("ended_by", _no_glory(r.players[ender]))
        if ender < 0 and self.o["max_years"] != st.year:
            r.fail(
                "ended_by",
                "null means the game stopped at the year cap, which needs max_years set to"
                f" this year, {st.year} (ARI-66, ARI-A23)",
            )
        flow.end_game(st, [], ender)


def _no_glory(name: str) -> str:
    return (
        f"{name} cannot claim glory: it needs a complete château and a second one, two"
        " complete estates or three complete farms (ARI-35)"
    )


__all__ = ["FORMAT", "load_position", "save_position"]
