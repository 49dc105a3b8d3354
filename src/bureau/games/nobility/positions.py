"""Saved positions: any situation of a Nobility match as a JSON document (issue 22).

``save_position(state)`` writes a match as plain JSON and ``load_position(state, doc,
reader)`` fills a freshly set-up state from such a document, checking it against the
rules; a round trip is exact. The keys are described, with an example written by hand,
in ``docs/positions/nobility.md``. In brief:

- cards are written as the game's actions write them (``7H``, ``10S``, ``KD``, ``RJ``), a
  list of cards as a JSON array or one string (``"5H 6H 7H"``); seats by player name;
- piles (``stock``, ``stock_discard``, ``noble_discard``) are listed bottom first, top
  last, as the view shows the discard piles: the next card drawn is the last one;
- ``hands`` gives each seat's cards, or just how many cards she holds (a number): those
  are dealt at random, with the game's generator, from the cards named nowhere else;
  ``stock`` left out is the rest of the cards, shuffled likewise;
- left out, ``money`` is 0 a seat and ``bank`` what the players do not hold; ``melds``,
  ``known``, ``stock_discard``, ``noble_discard``, ``rubbers``, ``conceded``,
  ``coalition``, ``majority``, ``surplus`` and ``offers`` are empty; ``elections`` is 0;
  ``exhausted`` false; ``dealer`` the set-up's; ``turn.player`` the dealer's left,
  ``turn.step`` ``start``, and the rest of ``turn`` what the step implies (``drew`` is
  true in the steps after a draw, ``began_exhausted`` follows ``exhausted``, counts 0);
  ``placed`` (the order defending nobles were placed, for maintenance) follows the melds;
  ``rng`` is the generator the game's seed gave at set-up.

What follows from the rest is not written: rubbers won and the rubber's number (from
``rubbers``), each rubber's ranking, who chooses battle losses and how many (from
``battle``, NOB-A04), the claimants still to come after a maintenance choice, the
coalition window's order and what the election interrupted, which offers are a merge
or a coalition window's proposal, and the outcome of a finished match (``capped`` says
whether the turn cap stopped it).

Loading refuses, naming the key and the rule: a card twice or missing (NOB-02), currency
other than 180 in all (NOB-03, NOB-A08), a meld that is not a run of one suit (NOB-13,
NOB-14), a noble of another suit or a second joker on a meld (NOB-23, NOB-A12), a
non-noble in the noble discard pile (NOB-57), a hand above three cards outside its turn
and not owing a discard (NOB-19, NOB-21), a battle or maintenance choice the rules could
not have left open (NOB-A04, NOB-A05, NOB-A16), a stock that should have been exhausted
(NOB-47, NOB-A10), more rubbers or elections than the match allows (NOB-68, NOB-A11,
NOB-A18).

>>> from bureau.games.nobility import GAME
>>> names = ["Ann", "Ben", "Cat"]
>>> doc = save_position(GAME.new(names, seed=1))
>>> doc["format"], doc["turn"]["step"], doc["bank"]
('nobility-position/1', 'start', 180)
>>> again = GAME.new(names, seed=2, options={"position": doc})
>>> save_position(again) == doc
True
>>> GAME.new(names, seed=2, options={"position": {**doc, "bank": 20}})
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: position: bank: the Bank holds 20 but the currency \
adds up to 20, not 180 (NOB-03)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from bureau.cards import SUIT_NAMES, CardError, card_text, parse_card, suit
from bureau.engine import deals as deal_book
from bureau.engine.deals import Deal, DealRules, Propose
from bureau.engine.errors import IllegalAction
from bureau.engine.positions import PositionReader, at, format_name, save_rng

from . import flow
from .actions import CardItem, Coalition, Item, MeldItem, Money
from .diplomacy import RULES
from .state import (
    CURRENCY,
    DEFEND,
    DISCARD,
    DROP,
    ELECTION,
    FEE,
    FREE,
    HAND,
    LOSE,
    MELD,
    MERGE,
    OVER,
    PROVINCES,
    RETRIEVE,
    RING,
    START,
    TALLY,
    Battle,
    Drops,
    Losses,
    Meld,
    RubberResult,
    State,
    Window,
    index_of,
    is_noble,
    is_province,
)

FORMAT = format_name("nobility")
STEPS = (START, MELD, RETRIEVE, FREE, DISCARD, DEFEND, LOSE, DROP, ELECTION, MERGE, OVER)
# Steps that come after the turn's draw (unless the Exhausted state skipped it).
AFTER_DRAW = (MELD, DEFEND, LOSE, DROP, ELECTION)
TOP = (
    "format",
    "players",
    "rubbers",
    "dealer",
    "turn",
    "bank",
    "money",
    "hands",
    "known",
    "melds",
    "placed",
    "stock",
    "stock_discard",
    "noble_discard",
    "elections",
    "exhausted",
    "majority",
    "coalition",
    "conceded",
    "battle",
    "maintenance",
    "window",
    "surplus",
    "offers",
    "next_deal",
    "idle_turns",
    "tally",
    "step_started",
    "capped",
    "rng",
)
TURN = (
    "player",
    "step",
    "number",
    "in_rubber",
    "drew",
    "meld_operations",
    "attacked",
    "hand_captured",
    "foe",
    "captured",
    "taken_back",
    "activity",
    "began_exhausted",
    "offers_made",
)
RUBBER = ("winner", "reason", "first", "provinces", "money", "out")
MELD_KEYS = ("owner", "cards", "nobles", "joker")
BATTLE = ("meld", "defender", "attackers", "defenders")
OFFER = ("from", "offer", "id")
ATTACKED = {"meld": flow.MELD_ATTACKED, "hand": flow.HAND_ATTACKED}


# -- saving -----------------------------------------------------------------------------------


def _texts(cards) -> list[str]:
    return [card_text(c) for c in cards]


def save_position(state: State) -> dict:
    """``state`` as a position document (JSON-ready); keys at their defaults are left out."""
    names = list(state.names)
    n = state.num_players
    over = state.phase == OVER
    doc: dict[str, Any] = {"format": FORMAT, "players": names}
    if state.rubber_results:
        doc["rubbers"] = [_save_rubber(names, r) for r in state.rubber_results]
    doc["dealer"] = names[state.dealer]
    doc["turn"] = _save_turn(state)
    doc["bank"] = state.bank
    doc["money"] = {names[seat]: state.money[seat] for seat in range(n)}
    doc["hands"] = {names[seat]: _texts(state.hands[seat]) for seat in range(n)}
    known = {names[seat]: _texts(state.known[seat]) for seat in range(n) if state.known[seat]}
    if known:
        doc["known"] = known
    doc["melds"] = [_save_meld(names, m) for m in state.melds]
    if state.noble_order != default_placed(state.melds):
        doc["placed"] = _texts(state.noble_order)
    doc["stock"] = _texts(state.stock)
    doc["stock_discard"] = _texts(state.sdiscard)
    doc["noble_discard"] = _texts(state.ndiscard)
    if state.elections:
        doc["elections"] = state.elections
    if state.exhausted:
        doc["exhausted"] = True
    if state.majority:
        doc["majority"] = [names[seat] for seat in state.majority]
    if state.coalition:
        doc["coalition"] = [names[seat] for seat in state.coalition]
    if any(state.out):
        doc["conceded"] = [names[seat] for seat in range(n) if state.out[seat]]
    if state.battle is not None:
        _, target, defender, attackers, defenders = state.battle
        battle: dict[str, Any] = {}
        if target >= 0:
            battle["meld"] = card_text(state.melds[target].name)
        else:
            battle["defender"] = names[defender]
        battle["attackers"] = _texts(attackers)
        if target < 0:
            battle["defenders"] = _texts(defenders)
        doc["battle"] = battle
    if state.income is not None:
        seat, count, _rest, _suit = state.income
        doc["maintenance"] = {"player": names[seat], "drop": count}
    if state.window is not None:
        doc["window"] = names[flow.window_player(state)]
    if state.surplus:
        doc["surplus"] = [names[seat] for seat in state.surplus]
    if state.offers:
        doc["offers"] = [
            {"from": names[d.proposer], "offer": d.text(names), "id": d.id} for d in state.offers
        ]
    if state.next_deal != 1 + max((d.id for d in state.offers), default=0):
        doc["next_deal"] = state.next_deal
    if state.idle:
        doc["idle_turns"] = state.idle
    tally = {name: k for name, k in zip(TALLY, state.tally, strict=True) if k}
    if tally:
        doc["tally"] = tally
    if state.step_started is not None:
        doc["step_started"] = state.step_started
    if over and state.outcome is not None and state.outcome.capped:
        doc["capped"] = True
    doc["rng"] = save_rng(state.rng)
    return doc


def _save_rubber(names: Sequence[str], r: RubberResult) -> dict:
    out: dict[str, Any] = {
        "winner": None if r["winner"] is None else names[r["winner"]],
        "reason": r["reason"],
    }
    if r["winner"] is None or r["first"] != [r["winner"]]:
        out["first"] = [names[seat] for seat in r["first"]]
    out["provinces"] = {names[seat]: k for seat, k in enumerate(r["provinces"])}
    out["money"] = {names[seat]: k for seat, k in enumerate(r["money"])}
    if r["out"]:
        out["out"] = [names[seat] for seat in r["out"]]
    return out


def _save_meld(names, m: Meld) -> dict:
    out: dict[str, Any] = {"owner": names[m.owner], "cards": _texts(m.cards())}
    if m.nobles:
        out["nobles"] = _texts(m.nobles)
    if m.joker >= 0:
        out["joker"] = card_text(m.joker)
    return out


def _save_turn(state: State) -> dict:
    names = state.names
    step = state.phase
    turn: dict[str, Any] = {"player": names[state.active], "step": step}
    if state.turns:
        turn["number"] = state.turns + 1
    if state.rubber_turns != state.turns:
        turn["in_rubber"] = state.rubber_turns + 1
    if state.drew != (step in AFTER_DRAW):
        turn["drew"] = state.drew
    if state.acted:
        turn["meld_operations"] = state.acted
    attacked = [word for word, bit in ATTACKED.items() if state.attacks & bit]
    if attacked != _default_attacked(state.battle):
        turn["attacked"] = attacked
    if state.attacks & flow.HAND_CAPTURED:
        turn["hand_captured"] = True
    default_foe = state.battle.defender if state.battle is not None else -1
    if state.foe != default_foe:
        turn["foe"] = names[state.foe] if state.foe >= 0 else None
    if state.captured:
        turn["captured"] = _texts(state.captured)
    if state.freed:
        turn["taken_back"] = state.freed
    if state.activity != _default_activity(step, state.acted, state.attacks, state.freed):
        turn["activity"] = state.activity
    if state.turn_exhausted != state.exhausted:
        turn["began_exhausted"] = state.turn_exhausted
    if state.offers_made:
        turn["offers_made"] = state.offers_made
    return turn


def _default_attacked(battle: Battle | None) -> list[str]:
    if battle is None:
        return []
    return ["meld"] if battle.target >= 0 else ["hand"]


def _default_activity(step: str, acted: int, attacks: int, freed: int) -> bool:
    return bool(acted or attacks or freed or step in (RETRIEVE, FREE))


def default_placed(melds: Iterable[Meld]) -> list[int]:
    """The defending nobles in the order of the melds, then of each meld's nobles."""
    return [c for m in melds for c in m.nobles]


# -- loading ----------------------------------------------------------------------------------


def load_position(state: State, doc: dict, reader: PositionReader) -> None:
    """Fill ``state`` (freshly set up for the position's seats) from ``doc``; a
    ``PositionError`` names the file, the key path, the problem and the rule."""
    _Loader(state, doc, reader).load()


class _Loader:
    def __init__(self, state: State, doc: dict, reader: PositionReader):
        self.st = state
        self.doc = doc
        self.r = reader
        self.n = state.num_players
        self.options = state.options

    # -- small readers ----------------------------------------------------------------------

    def card(self, obj: Any, path: str) -> int:
        text = self.r.str_(obj, path)
        try:
            return parse_card(text)
        except (CardError, ValueError) as exc:
            self.r.fail(path, str(exc))

    def cards(self, obj: Any, path: str) -> list[int]:
        """A list of cards: a JSON array of card texts, or one string of them."""
        if isinstance(obj, str):
            return [self.card(t, path) for t in obj.split()]
        return [self.card(x, at(path, i)) for i, x in enumerate(self.r.list_(obj, path))]

    def seats(self, obj: Any, path: str) -> list[int]:
        out = [self.r.seat(x, at(path, i)) for i, x in enumerate(self.r.list_(obj, path))]
        if len(set(out)) != len(out):
            self.r.fail(path, "names a player twice")
        return out

    def per_seat_int(self, obj: Any, path: str, hi: int) -> list[int]:
        return self.r.per_seat(obj, path, lambda v, where: self.r.int_(v, where, 0, hi), 0)

    # -- the whole document ----------------------------------------------------------------

    def load(self) -> None:
        r, doc, st, n = self.r, self.doc, self.st, self.n
        r.obj(doc, "", ("format", "players", "hands"), TOP[2:])
        if len(r.players) != n:
            r.fail("players", f"Nobility is for {n} players, not {len(r.players)} (NOB-01)")
        if "rng" in doc:
            r.rng(doc["rng"], "rng", st.rng)

        # Rubbers played, and the match's place in them.
        rubbers = [
            self.rubber(x, at("rubbers", i), i + 1)
            for i, x in enumerate(r.list_(doc.get("rubbers", []), "rubbers"))
        ]
        wins = [sum(1 for x in rubbers if x["winner"] == seat) for seat in range(n)]
        dealer = r.seat(doc["dealer"], "dealer") if "dealer" in doc else st.dealer
        out = [False] * n
        for seat in self.seats(doc.get("conceded", []), "conceded"):
            out[seat] = True
        if all(out):
            r.fail("conceded", "someone must still be in the rubber (NOB-A11)")
        live = [seat for seat in range(n) if not out[seat]]

        turn = r.obj(doc.get("turn", {}), "turn", (), TURN)
        if "player" in turn:
            active = r.seat(turn["player"], "turn.player")
        else:
            active = next(seat for k in range(1, n + 1) if not out[(seat := (dealer + k) % n)])
        step = r.str_(turn.get("step", START), "turn.step", STEPS)
        over = step == OVER
        capped = r.bool_(doc.get("capped", False), "capped")
        if capped and not over:
            r.fail("capped", "only a finished match can have been stopped by the cap")
        if capped and self.options["max_turns"] is None:
            r.fail("capped", "a match is capped only by the turn cap: set the option max_turns")
        if out[active] and not over:
            r.fail("turn.player", f"{r.players[active]} has conceded the rubber (NOB-A11)")
        self.check_rubbers(rubbers, wins, over, capped)

        # Currency (NOB-03, NOB-A08).
        money = self.per_seat_int(doc.get("money", {}), "money", CURRENCY)
        held = sum(money)
        if "bank" in doc:
            bank = r.int_(doc["bank"], "bank", 0, CURRENCY)
            if bank + held != CURRENCY:
                r.fail(
                    "bank",
                    f"the Bank holds {bank} but the currency adds up to {bank + held},"
                    f" not {CURRENCY} (NOB-03)",
                )
        else:
            if held > CURRENCY:
                r.fail("money", f"the players hold {held}, more than the {CURRENCY} units (NOB-03)")
            bank = CURRENCY - held

        # Cards: hands (or their sizes), melds, the battle's nobles, the three piles.
        hand_spec = r.per_seat(doc["hands"], "hands", self.hand_spec)
        melds = [
            self.meld(x, at("melds", i))
            for i, x in enumerate(r.list_(doc.get("melds", []), "melds"))
        ]
        battle_doc = doc.get("battle")
        stock = self.cards(doc["stock"], "stock") if "stock" in doc else None
        sdiscard = self.cards(doc.get("stock_discard", []), "stock_discard")
        ndiscard = self.cards(doc.get("noble_discard", []), "noble_discard")
        for i, c in enumerate(ndiscard):
            if not is_noble(c):
                r.fail(
                    at("noble_discard", i),
                    f"{card_text(c)} is not a noble: only nobles go to the noble discard pile"
                    " (NOB-57, NOB-38)",
                )

        # Where each card is: every one of the 54 exactly once (NOB-02).
        places: dict[int, str] = {}

        def put_one(c: int, where: str) -> None:
            if c in places:
                r.fail(
                    where,
                    f"{card_text(c)} is also at {places[c]}: every card is in exactly one"
                    " place (NOB-02)",
                )
            places[c] = where

        def put(cards: Iterable[int], path: str) -> None:
            for i, c in enumerate(cards):
                put_one(c, at(path, i))

        for seat, spec in enumerate(hand_spec):
            if isinstance(spec, list):
                put(spec, at("hands", r.players[seat]))
        for i, m in enumerate(melds):
            put(m.cards(), at(at("melds", i), "cards"))
            put(m.nobles, at(at("melds", i), "nobles"))
            if m.joker >= 0:
                put_one(m.joker, at(at("melds", i), "joker"))
        battle_cards: tuple[list[int], list[int]] = ([], [])
        if battle_doc is not None:
            b = r.obj(battle_doc, "battle", ("attackers",), BATTLE[:2] + BATTLE[3:])
            battle_cards = (
                self.cards(b["attackers"], "battle.attackers"),
                self.cards(b["defenders"], "battle.defenders")
                if "defenders" in b and b.get("meld") is None
                else [],
            )
            put(battle_cards[0], "battle.attackers")
            put(battle_cards[1], "battle.defenders")
        if stock is not None:
            put(stock, "stock")
        put(sdiscard, "stock_discard")
        put(ndiscard, "noble_discard")
        rest = [c for c in flow.full_deck() if c not in places]
        wanted = sum(spec for spec in hand_spec if isinstance(spec, int))
        if wanted > len(rest):
            r.fail(
                "hands",
                f"the hands given as numbers want {wanted} cards but only {len(rest)} are left"
                " (NOB-02)",
            )
        if stock is not None and len(rest) > wanted:
            nowhere = " ".join(card_text(c) for c in rest[:5]) + (" ..." if len(rest) > 5 else "")
            r.fail(
                "stock",
                f"{len(rest) - wanted} cards are nowhere ({nowhere}): every one of the 54"
                " cards must be in one place (NOB-02)",
            )
        st.rng.shuffle(rest)
        hands = []
        for spec in hand_spec:
            if isinstance(spec, int):
                hands.append(rest[:spec])
                rest = rest[spec:]
            else:
                hands.append(spec)
        if stock is None:
            stock = rest

        # What everybody knows of each hand (NOB-A17).
        known = [list(k) for k in r.per_seat(doc.get("known", {}), "known", self.cards, [])]
        for seat in range(n):
            left = Counter(hands[seat])
            left.subtract(known[seat])
            if any(k < 0 for k in left.values()):
                r.fail(
                    at("known", r.players[seat]),
                    f"a card known to be in {r.players[seat]}'s hand is not in it (NOB-A17)",
                )
            if out[seat] and hands[seat]:
                r.fail(
                    at("hands", r.players[seat]),
                    f"{r.players[seat]} has conceded: her hand went to the stock discard pile"
                    " (NOB-A11)",
                )

        placed = self.cards(doc["placed"], "placed") if "placed" in doc else default_placed(melds)
        if sorted(placed) != sorted(default_placed(melds)):
            r.fail("placed", "must list every defending noble on the melds once")

        # Elections, the Exhausted state, majority and coalition (NOB-47..53, NOB-A09..A11).
        elections = r.int_(doc.get("elections", 0), "elections", 0)
        cap = self.options["max_elections"]
        if cap is not None and (elections > cap or (elections == cap and not over)):
            r.fail(
                "elections",
                f"the rubber ends when election {cap} is counted (max_elections, NOB-A11)",
            )
        exhausted = r.bool_(doc.get("exhausted", False), "exhausted")
        if exhausted and not elections:
            r.fail("exhausted", "the stock is exhausted only at an election (NOB-A10)")
        if exhausted and stock:
            r.fail("stock", "in the Exhausted state there is no stock (NOB-A10)")
        if not exhausted and not stock and step not in (ELECTION, OVER):
            r.fail(
                "stock",
                "an empty stock means an election (NOB-47) or the Exhausted state (NOB-A10)",
            )
        if step == ELECTION and stock:
            r.fail("stock", "an election is held when the stock runs out (NOB-47)")
        if step == ELECTION and exhausted:
            r.fail("turn.step", "no more elections in the Exhausted state (NOB-A10)")
        majority = sorted(self.seats(doc.get("majority", []), "majority"))
        if len(majority) > 2:
            r.fail("majority", "a majority is one player or a coalition of two (NOB-A09)")
        coalition = sorted(self.seats(doc.get("coalition", []), "coalition"))
        if coalition and (len(coalition) != 2 or any(out[seat] for seat in coalition)):
            r.fail("coalition", "a coalition is two players still in the rubber (NOB-A09)")
        if coalition and step == ELECTION:
            r.fail("coalition", "every coalition ends when an election is counted (NOB-A09)")

        # The state, bar the turn and what is under way.
        st.wins = wins
        st.rubber_results = rubbers
        st.rubber = len(rubbers) + (0 if over and not capped else 1)
        st.dealer = dealer
        st.out = out
        st.active = active
        st.phase = step
        st.money = money
        st.bank = bank
        st.hands = hands
        st.known = known
        st.melds = melds
        st.noble_order = placed
        st.stock = stock
        st.sdiscard = sdiscard
        st.ndiscard = ndiscard
        st.elections = elections
        st.exhausted = exhausted
        st.majority = tuple(majority)
        st.coalition = tuple(coalition)
        self.turn(turn, battle_cards)
        self.under_way()
        self.hand_sizes()
        st.tally = self.tally(doc.get("tally", {}))
        most = len(live) - 1 if self.options["stalemate_rule"] and not over else None
        st.idle = r.int_(doc.get("idle_turns", 0), "idle_turns", 0, most)
        if st.idle and not (exhausted and st.turn_exhausted):
            r.fail("idle_turns", "idle turns are counted only in the Exhausted state (NOB-A11)")
        st.step_started = r.number(doc.get("step_started"), "step_started", none=True)
        self.offers()
        if over:
            if st.offers:
                r.fail("offers", "open offers expire when the match ends")
            if capped:
                flow.cap_match(st, [])
            else:
                flow.end_match(st, [])

    # -- parts ------------------------------------------------------------------------------

    def hand_spec(self, obj: Any, path: str) -> list[int] | int:
        if isinstance(obj, int) and not isinstance(obj, bool):
            return self.r.int_(obj, path, 0, 54)
        return self.cards(obj, path)

    def rubber(self, obj: Any, path: str, number: int) -> RubberResult:
        r, n = self.r, self.n
        r.obj(obj, path, ("winner", "reason"), RUBBER[2:])
        winner = r.seat(obj["winner"], at(path, "winner"), none=True)
        reason = r.str_(obj["reason"], at(path, "reason"), empty=False)
        if "first" in obj:
            first = self.seats(obj["first"], at(path, "first"))
        elif winner >= 0:
            first = [winner]
        else:
            r.fail(at(path, "first"), "a rubber without a winner names who shared first place")
        if winner >= 0 and first != [winner]:
            r.fail(at(path, "first"), "a rubber's winner is alone in first place (NOB-A11)")
        if winner < 0 and len(first) < 2:
            r.fail(
                at(path, "first"),
                "a rubber with no winner was shared: name two players or more (NOB-A11, NOB-A18)",
            )
        provinces = self.per_seat_int(obj.get("provinces", {}), at(path, "provinces"), PROVINCES)
        money = self.per_seat_int(obj.get("money", {}), at(path, "money"), CURRENCY)
        gone = sorted(self.seats(obj.get("out", []), at(path, "out")))
        if set(gone) & set(first):
            r.fail(at(path, "out"), "a player who conceded is not first (NOB-A11)")
        keys = [
            (0, 0, 0) if seat in gone else (1 if seat in first else 0, provinces[seat], money[seat])
            for seat in range(n)
        ]
        return {
            "rubber": number,
            "winner": None if winner < 0 else winner,
            "first": first,
            "ranking": [1 + sum(1 for o in keys if o > mine) for mine in keys],
            "reason": reason,
            "provinces": provinces,
            "money": money,
            "out": gone,
        }

    def check_rubbers(self, rubbers, wins, over: bool, capped: bool) -> None:
        r, o = self.r, self.options
        to_win, most = o["rubbers_to_win"], o["max_rubbers"]
        for k in range(len(rubbers)):
            done = rubbers[: k + 1]
            best = max(sum(1 for x in done if x["winner"] == seat) for seat in range(self.n))
            last = k == len(rubbers) - 1
            if (best >= to_win or k + 1 >= most) and not (last and over and not capped):
                r.fail(
                    at("rubbers", k),
                    f"the match ended with rubber {k + 1}: first to {to_win} rubbers, at most"
                    f" {most} (NOB-68, NOB-A18)",
                )
        if over and not capped and (not rubbers or (max(wins) < to_win and len(rubbers) < most)):
            r.fail(
                "turn.step",
                f"the match is over only when a player has won {to_win} rubbers or"
                f" {most} are played (NOB-68, NOB-A18); a match stopped by the turn cap"
                ' says "capped": true',
            )

    def meld(self, obj: Any, path: str) -> Meld:
        r = self.r
        r.obj(obj, path, ("owner", "cards"), MELD_KEYS[2:])
        owner = r.seat(obj["owner"], at(path, "owner"))
        cards = self.cards(obj["cards"], at(path, "cards"))
        for i, c in enumerate(cards):
            if not is_province(c):
                r.fail(
                    at(at(path, "cards"), i),
                    f"{card_text(c)} is not a province card (2 to 10) (NOB-04, NOB-13)",
                )
        run = flow.run_of(cards) if len({suit(c) for c in cards}) == 1 else None
        if len(cards) < 3 or run is None:
            r.fail(
                at(path, "cards"),
                "a meld is three or more province cards of one suit in sequence, the 2"
                " following the 10 (NOB-13, NOB-14)",
            )
        start, length = run
        if length == RING:
            start = index_of(cards[0])  # a whole suit keeps the first card listed
        s = suit(cards[0])
        nobles = self.cards(obj.get("nobles", []), at(path, "nobles"))
        for i, c in enumerate(nobles):
            if not is_noble(c) or suit(c) != s:
                r.fail(
                    at(at(path, "nobles"), i),
                    f"{card_text(c)} cannot defend a meld of {SUIT_NAMES[s]}: a"
                    " defending noble is of the meld's suit (NOB-23, NOB-A12)",
                )
        joker = -1
        if obj.get("joker") is not None:
            joker = self.card(obj["joker"], at(path, "joker"))
            if joker < 52:
                r.fail(
                    at(path, "joker"),
                    f"{card_text(joker)} is not a joker (RJ, BJ); a meld holds at most one"
                    " (NOB-27, NOB-A12)",
                )
        return Meld(owner, s, start, length, nobles, joker)

    def turn(self, turn: dict, battle_cards) -> None:
        """The turn in progress: its counts, its battle, maintenance, election window."""
        r, st = self.r, self.st
        step = st.phase
        number = r.int_(turn.get("number", 1), "turn.number", 1)
        in_rubber = r.int_(turn.get("in_rubber", number), "turn.in_rubber", 1, number)
        st.turns, st.rubber_turns = number - 1, in_rubber - 1
        cap = self.options["max_turns"]
        if cap is not None and st.rubber_turns >= cap and step != OVER:
            r.fail("turn.in_rubber", f"the turn cap ({cap} turns a rubber, max_turns) is past")
        st.drew = r.bool_(turn.get("drew", step in AFTER_DRAW), "turn.drew")
        st.acted = r.int_(turn.get("meld_operations", 0), "turn.meld_operations", 0)
        battle = self.battle(battle_cards)
        attacked = turn.get("attacked")
        words = (
            _default_attacked(battle)
            if attacked is None
            else [
                r.str_(w, at("turn.attacked", i), tuple(ATTACKED))
                for i, w in enumerate(r.list_(attacked, "turn.attacked"))
            ]
        )
        st.attacks = 0
        for w in words:
            st.attacks |= ATTACKED[w]
        if r.bool_(turn.get("hand_captured", False), "turn.hand_captured"):
            if not st.attacks & flow.HAND_ATTACKED:
                r.fail("turn.hand_captured", "a hand is captured by a hand attack (NOB-40)")
            st.attacks |= flow.HAND_CAPTURED
        if battle is not None:
            kind = flow.MELD_ATTACKED if battle.target >= 0 else flow.HAND_ATTACKED
            if not st.attacks & kind:
                r.fail("turn.attacked", "the battle under way is one of this turn's attacks")
        if st.attacks and st.acted and not st.attacks & flow.HAND_CAPTURED:
            r.fail(
                "turn.meld_operations",
                "a turn is melding or a battle, not both, unless a hand was captured (NOB-17,"
                " NOB-44)",
            )
        default_foe = battle.defender if battle is not None else None
        foe = turn.get("foe", None if default_foe is None else r.players[default_foe])
        st.foe = r.seat(foe, "turn.foe", none=True)
        if bool(st.attacks) != (st.foe >= 0) or st.foe == st.active:
            r.fail("turn.foe", "the player attacked this turn: another player, after an attack")
        if battle is not None and st.foe != battle.defender:
            r.fail("turn.foe", "the player attacked is the battle's defender")
        st.captured = self.cards(turn.get("captured", []), "turn.captured")
        if st.captured and not st.attacks & flow.HAND_CAPTURED:
            r.fail("turn.captured", "captured cards come from a hand captured this turn (NOB-44)")
        if not set(st.captured) <= set(st.hands[st.active]):
            r.fail("turn.captured", "captured cards still count only while in the hand (NOB-A07)")
        st.freed = r.int_(turn.get("taken_back", 0), "turn.taken_back", 0)
        st.activity = r.bool_(
            turn.get("activity", _default_activity(step, st.acted, st.attacks, st.freed)),
            "turn.activity",
        )
        st.turn_exhausted = r.bool_(
            turn.get("began_exhausted", st.exhausted), "turn.began_exhausted"
        )
        if st.turn_exhausted and not st.exhausted:
            r.fail("turn.began_exhausted", "the Exhausted state lasts (NOB-A10)")
        st.offers_made = r.int_(turn.get("offers_made", 0), "turn.offers_made", 0)
        if step == START and (st.drew or st.acted or st.attacks or st.freed):
            r.fail("turn.step", "the start of a turn comes before its draw (NOB-11)")
        st.battle = battle
        st.lose = None
        if step == LOSE:
            assert battle is not None  # self.battle refuses a step lose without one
            attacker, _, defender, attackers, defenders = battle
            a, d = len(attackers), len(defenders)
            if a >= d + 2:
                st.lose = Losses(attacker, d + 2, attackers)
            else:
                st.lose = Losses(defender, a - 1, defenders)

    def battle(self, battle_cards) -> Battle | None:
        """The battle under way (steps defend and lose), as ``flow.attack`` leaves it."""
        r, st = self.r, self.st
        step = st.phase
        b = self.doc.get("battle")
        if b is None:
            if step in (DEFEND, LOSE):
                r.fail("battle", f"missing: the step {step} is part of a battle")
            return None
        if step not in (DEFEND, LOSE):
            r.fail("battle", "a battle is under way only in the steps defend and lose")
        attackers, defenders = battle_cards
        if not attackers:
            r.fail("battle.attackers", "an attack commits at least one noble (NOB-37)")
        for key, cards in (("attackers", attackers), ("defenders", defenders)):
            for i, c in enumerate(cards):
                if not is_noble(c):
                    r.fail(at(at("battle", key), i), f"{card_text(c)} is not a noble (NOB-39)")
        seat = st.active
        if b.get("meld") is not None:
            name = self.card(b["meld"], "battle.meld")
            target = st.meld_with(name)
            if target < 0:
                r.fail("battle.meld", f"no meld holds {card_text(name)}")
            other = st.melds[target].owner
            if "defender" in b and r.seat(b["defender"], "battle.defender") != other:
                r.fail("battle.defender", "the defender of a meld is its owner")
            if "defenders" in b and self.cards(b["defenders"], "battle.defenders") != list(
                st.melds[target].nobles
            ):
                r.fail("battle.defenders", "a meld is defended by its own nobles (NOB-39)")
            defenders = list(st.melds[target].nobles)
            if step == DEFEND:
                r.fail("turn.step", "only an attacked hand chooses its defenders (NOB-A05)")
        else:
            target = -1
            if "defender" not in b:
                r.fail("battle.defender", "missing: whose hand is attacked")
            other = r.seat(b["defender"], "battle.defender")
            if step == DEFEND and (defenders or self.options["hand_defense"] != "defender_chooses"):
                r.fail(
                    "battle.defenders",
                    "the attacked player has not chosen her defenders yet (NOB-A05)",
                )
        if other == seat or st.out[other]:
            r.fail("battle", "the defender is another player still in the rubber (NOB-37)")
        a, d = len(attackers), len(defenders)
        if step == LOSE and not (a > d + 2 or 0 < a - 1 < d):
            r.fail(
                "battle",
                f"{a} attacking and {d} defending nobles leave no losses to choose (NOB-A04)",
            )
        return Battle(seat, target, other, tuple(attackers), tuple(defenders))

    def under_way(self) -> None:
        """Maintenance choices, the coalition window, a merge waiting, surplus discards."""
        r, st, doc = self.r, self.st, self.doc
        step = st.phase
        st.income = None
        if "maintenance" in doc or step == DROP:
            if step != DROP:
                r.fail("maintenance", "a maintenance choice is open only in the step drop")
            if "maintenance" not in doc:
                r.fail("maintenance", "missing: the step drop is a choice of nobles to drop")
            m = r.obj(doc["maintenance"], "maintenance", ("player", "drop"))
            seat = r.seat(m["player"], "maintenance.player")
            paying = flow.upkeep(st, seat)
            count = r.int_(m["drop"], "maintenance.drop", 1)
            if count >= len(paying) or st.money[seat] >= FEE or not st.ndiscard:
                r.fail(
                    "maintenance",
                    f"{r.players[seat]} chooses which nobles to drop only after paying for some"
                    f" and with under {FEE} left: drop fewer than her {len(paying)} paying"
                    " nobles (NOB-A16)",
                )
            order = st.clockwise(st.active)
            if seat not in order:
                r.fail("maintenance.player", "she conceded: no income and no maintenance")
            rest = tuple(order[order.index(seat) + 1 :])
            st.income = Drops(seat, count, rest, suit(st.ndiscard[-1]))
        st.window, st.resume = None, ""
        if "window" in doc or step == ELECTION:
            if step != ELECTION:
                r.fail("window", "the coalition window is open only in the step election")
            clockwise = tuple(st.clockwise(st.active))
            seat = r.seat(doc.get("window", st.names[st.active]), "window")
            if seat not in clockwise:
                r.fail("window", "the window passes only players still in the rubber")
            st.window = Window(clockwise, clockwise.index(seat))
            st.resume = "replenish" if st.acted or st.attacks else "draw"
        if step == MERGE and not self.options["merge_requires_acceptance"]:
            r.fail("turn.step", "a merge waits for an answer only with merge_requires_acceptance")
        if step in (MERGE,) and not st.exhausted:
            r.fail("turn.step", "pass and merge only once the stock is exhausted (NOB-65, NOB-A19)")
        st.surplus = tuple(self.seats(doc.get("surplus", []), "surplus"))

    def hand_sizes(self) -> None:
        """Above three cards only the player whose turn it is, or one owing a discard."""
        r, st = self.r, self.st
        if st.phase == OVER:
            return
        for seat in range(self.n):
            big = len(st.hands[seat]) > HAND
            if seat in st.surplus and (not big or seat == st.active):
                r.fail(
                    "surplus",
                    f"{r.players[seat]} owes no discard: only a player holding more than"
                    f" {HAND} cards outside her turn does (NOB-21)",
                )
            if big and seat != st.active and seat not in st.surplus:
                r.fail(
                    at("hands", r.players[seat]),
                    f"{r.players[seat]} holds {len(st.hands[seat])} cards outside her turn: a hand"
                    f" holds {HAND} between turns (NOB-19), or she is listed in surplus (NOB-21)",
                )
        if st.phase == DISCARD and len(st.hands[st.active]) <= HAND:
            r.fail(
                "turn.step",
                f"{r.players[st.active]} holds {HAND} cards or fewer: nothing to discard (NOB-19)",
            )

    def tally(self, obj: Any) -> tuple[int, ...]:
        given = self.r.table(
            obj, "tally", self.tally_key, lambda v, where: self.r.int_(v, where, 0)
        )
        return tuple(given.get(name, 0) for name in TALLY)

    def tally_key(self, key: str, path: str) -> str:
        return self.r.str_(key, path, TALLY)

    def offers(self) -> None:
        """Open offers, by their canonical text (``offer Ben: Ann gives 30``)."""
        r, st = self.r, self.st
        given = r.list_(self.doc.get("offers", []), "offers")
        reading = _Reading(st)
        names = _Names(tuple(r.players))
        deals, proposers = [], set()
        for k, entry in enumerate(given):
            path = at("offers", k)
            r.obj(entry, path, ("from", "offer"), ("id",))
            seat = r.seat(entry["from"], at(path, "from"))
            text = r.str_(entry["offer"], at(path, "offer"))
            try:
                action = deal_book.parse(names, seat, text, reading)
            except (IllegalAction, ValueError) as exc:
                r.fail(at(path, "offer"), str(exc))
            if not isinstance(action, Propose):
                r.fail(at(path, "offer"), "write the offer as made: 'offer NAME: NAME gives ...'")
            deal_id = r.int_(entry.get("id", k + 1), at(path, "id"), 1)
            deal = Deal(deal_id, seat, action.recipients, action.terms, action.gives)
            if seat in proposers:
                r.fail(at(path, "from"), "a player has one open offer at a time")
            proposers.add(seat)
            if len(deal.recipients) != 1:
                r.fail(at(path, "offer"), "a Nobility deal is between two players (NOB-64)")
            if any(st.out[other] for other in deal.parties):
                r.fail(at(path, "offer"), "a player who conceded makes and takes no offers")
            if st.phase == OVER:
                r.fail(path, "open offers expire when the match ends")
            for _giver, items in deal.gives:
                for item in items:
                    if isinstance(item, Money) and not 1 <= item.amount <= CURRENCY:
                        r.fail(at(path, "offer"), f"{item.amount} units cannot change hands")
            if deal.terms and not (st.phase == ELECTION or st.exhausted):
                r.fail(
                    at(path, "offer"),
                    "coalitions are offered only in an election's window or once the stock is"
                    " exhausted (NOB-A09, NOB-A10)",
                )
            deals.append(deal)
        ids = [d.id for d in deals]
        if len(set(ids)) != len(ids):
            r.fail("offers", "two offers have the same id")
        next_deal = r.int_(
            self.doc.get("next_deal", 1 + max(ids, default=0)), "next_deal", 1 + max(ids, default=0)
        )
        tagged = []
        merge = None
        for d in deals:
            if st.phase == MERGE and d.proposer == st.active:
                merge = d
                tag = "merge"
            else:
                tag = RULES.tag(st, d)
            tagged.append(d._replace(tag=tag))
        if st.phase == MERGE and (
            merge is None
            or merge.terms
            or len(merge.gives) != 1
            or not all(isinstance(i, MeldItem) for i in merge.gives[0][1])
        ):
            r.fail(
                "offers",
                "the step merge waits for the answer to the passing player's merge: an offer"
                " from her of her melds alone (NOB-66, NOB-A19)",
            )
        st.offers = tuple(tagged)
        st.next_deal = next_deal


class _Names:
    """What ``deals.parse`` reads of a state: the position's seat names."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.num_players = len(names)


class _Reading(DealRules):
    """Reads an offer's items as written: a meld by the card that named it then."""

    def __init__(self, state: State):
        self.state = state

    def parse_item(self, state: Any, giver: int, text: str) -> Item:
        words = text.split()
        if len(words) == 2 and words[0].lower() == "meld":
            try:
                c = parse_card(words[1])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if self.state.meld_with(c) < 0:
                raise IllegalAction(f"no meld holds {words[1].upper()}")
            return MeldItem(c)
        item = RULES.parse_item(self.state, giver, text)
        assert isinstance(item, Money | CardItem)
        return item

    def parse_term(self, state: Any, text: str) -> Coalition:
        return RULES.parse_term(self.state, text)

    def item_key(self, item: Item | Coalition) -> tuple[int, int]:
        return RULES.item_key(item)


__all__ = ["FORMAT", "load_position", "save_position"]
