"""Saved positions: a Final Decrees game as a JSON document (issue 22, docs/positions/decrees.md).

``save_position`` writes every part of the state that play needs, mid-turn choices
and all; ``load_position`` fills a freshly set-up game from such a document, checking
it against the rules as it goes. Seats are named by player, departments by code
(``"HR"``), decrees as ``"D2"``, arrows as ``"EXE->HR"`` and cards by their key
(``"pass-the-buck"``): the words of the game's own actions.

Every key but ``format`` and ``players`` may be left out; the defaults:

- ``phase``: ``"turn"`` (``bid``, ``assign``, ``turn``, ``choose``, ``salvage``, ``over``);
- ``blame`` (personal, by player) and ``dept_blame`` (by department): 0;
- ``heads`` (player -> department): nobody heads anything (right only in the bid);
- ``arrows``: the starting arrows (DEC-20), oldest first;
- ``decrees``: a decree left out is on EXE with nothing stamped (DEC-30);
- ``hands`` and ``discard``: empty; ``deck``: in the bid and the assignment, as the
  set-up left it (built and shuffled when play begins, DEC-29); later, every card of
  the game in no hand and not discarded, shuffled by the game's generator, under the
  cards of ``deck_top`` if given; ``sd_range``: null (S&D may lie anywhere);
- ``turn``: number 1, 3 actions left, nothing used yet (its ``player`` is required
  once play has begun); ``bid``: round 0, everybody bidding, no bid made;
- ``offers``: none; ``next_deal``: one past the highest open offer's id;
- ``step_started``: null; ``rng``: the generator the game's seed gave at set-up.

A turn in a position is in its step 3 (DEC-37): its department has gained the blame
for incompetence and its player has drawn. ``enacted`` is not written: it is the
number of decrees whose ``at`` is ``"enacted"``, and an enactment's award is 10 times
it (DEC-60).

>>> from bureau.games.decrees.game import GAME
>>> names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
>>> state = GAME.new(names, seed=1, options={"heads": ["EXE", "HR", "TRE", "SS", "ADM"]})
>>> doc = save_position(state)
>>> doc["phase"], doc["turn"]["player"], doc["decrees"]["D2"]
('turn', 'Ann', {'at': 'EXE', 'stamped': 0})
>>> again = GAME.new(names, seed=2, options={"position": doc})
>>> save_position(again) == doc
True
>>> GAME.new(names, options={"position": {**doc, "heads": {"Ann": "EXE", "Ben": "EXE"}}})
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: position: heads.Ben: EXE already has a head, Ann; \
a department has one head (DEC-A19)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

from bureau.engine import IllegalAction, Outcome, rank_by
from bureau.engine import deals as deal_book
from bureau.engine.deals import Deal, Propose
from bureau.engine.positions import PositionReader, at, format_name, save_rng
from bureau.engine.rng import copy_rng

from . import control, game
from .actions import Blame, decree_text
from .control import Change, arrow_text
from .diplomacy import RULES
from .rules import MAX_BID
from .state import (
    ASSIGN,
    BASE_ACTIONS,
    BID,
    CHOOSE,
    DEPT_CODES,
    EXE,
    HR,
    OVER,
    SALVAGE,
    START_ARROWS,
    TURN,
    Arrow,
    Choosing,
    SdRange,
    State,
)

FORMAT = format_name("decrees")
PHASES = (BID, ASSIGN, TURN, CHOOSE, SALVAGE, OVER)
PLAYING = (TURN, CHOOSE, SALVAGE, OVER)  # phases once the cards are dealt
ENACTED = "enacted"
_TOP = (
    "phase",
    "blame",
    "heads",
    "dept_blame",
    "arrows",
    "decrees",
    "hands",
    "deck",
    "deck_top",
    "discard",
    "sd_range",
    "bid",
    "turn",
    "chooser",
    "salvage",
    "offers",
    "next_deal",
    "outcome",
    "step_started",
    "rng",
)
_TURN = (
    "number",
    "player",
    "actions_left",
    "drew",
    "budget_used",
    "manoeuvres_used",
    "leave",
    "offers_made",
)


# -- saving -----------------------------------------------------------------------------------


def save_position(state: State) -> dict:
    """The state as a JSON-ready document; ``load_position`` reads it back exactly."""
    names = state.names
    n = state.num_players

    def keys(kinds: Iterable[int]) -> list[str]:
        return [state.cards[k].key for k in kinds]

    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": list(names),
        "phase": state.phase,
        "blame": {names[seat]: state.blame[seat] for seat in range(n)},
        "heads": {names[seat]: DEPT_CODES[d] for seat, d in enumerate(state.dept_of) if d >= 0},
        "dept_blame": {DEPT_CODES[d]: state.dept_blame[d] for d in state.depts},
        "arrows": [arrow_text(a) for a in state.arrows],
        "decrees": {
            decree_text(i): {
                "at": DEPT_CODES[d] if d >= 0 else ENACTED,
                "stamped": state.decree_done[i],
            }
            for i, d in enumerate(state.decree_at)
        },
        "hands": {names[seat]: keys(state.hands[seat]) for seat in range(n)},
        "deck": keys(reversed(state.deck)),  # top first
        "discard": keys(state.discard),  # oldest first, as the view lists it
        "sd_range": list(state.sd_range) if state.sd_range is not None else None,
    }
    if state.phase == BID:
        doc["bid"] = {
            "round": state.rebids,
            "bidders": [names[seat] for seat in state.bidders],
            "bids": {names[seat]: state.bids[seat] for seat in state.bidders if state.bids[seat]},
        }
    if state.turns:
        doc["turn"] = {
            "number": state.turns,
            "player": names[state.active],
            "actions_left": state.actions_left,
            "drew": state.drew,
            "budget_used": state.budget_used,
            "manoeuvres_used": state.manoeuvres_used,
            "leave": DEPT_CODES[state.leave] if state.leave >= 0 else None,
            "offers_made": state.offers_made,
        }
    if state.choose is not None:
        doc["chooser"] = names[state.choose.chooser]
    if state.salvage is not None:
        doc["salvage"] = {"cards": keys(state.salvage), "draws_owed": state.draws_owed}
    doc["offers"] = [
        {"id": d.id, "from": names[d.proposer], "text": d.text(names)} for d in state.offers
    ]
    doc["next_deal"] = state.next_deal
    if state.outcome is not None:
        doc["outcome"] = {"reason": state.outcome.reason, "capped": state.outcome.capped}
    doc["step_started"] = state.step_started
    doc["rng"] = save_rng(state.rng)
    return doc


# -- loading ----------------------------------------------------------------------------------


def load_position(state: State, doc: dict, reader: PositionReader) -> None:
    """Fill the freshly set-up ``state`` from ``doc``; a ``PositionError`` (naming the key
    and the rule) for anything the rules forbid. Nothing is changed until all is read."""
    new = _Loader(state, doc, reader).read()
    for name, value in new.items():
        setattr(state, name, value)


class _Loader:
    """Reads one document into a dict of State slots, checking as it goes."""

    def __init__(self, state: State, doc: dict, reader: PositionReader):
        self.state = state
        self.doc = reader.obj(doc, "", ("format", "players"), _TOP)
        self.r = reader
        self.n = state.num_players
        self.names = reader.players

    # -- small readers --------------------------------------------------------------------------

    def dept(self, value: Any, path: str, empty: tuple = ()) -> int:
        """A department in play (by code, any case); a value in ``empty`` gives -1."""
        if value in empty:
            return -1
        code = self.r.str_(value, path).upper()
        if code not in DEPT_CODES:
            self.r.fail(path, f"no department {value!r}; write {', '.join(DEPT_CODES)}")
        d = DEPT_CODES.index(code)
        if d not in self.state.depts:
            self.r.fail(path, f"there is no {code} at {self.n} players (DEC-01)")
        return d

    def card(self, value: Any, path: str) -> int:
        key = self.r.str_(value, path).lower()
        for kind, c in enumerate(self.state.cards):
            if c.key == key:
                return kind
        keys = ", ".join(c.key for c in self.state.cards)
        self.r.fail(path, f"no card is called {value!r}; the cards are {keys}")

    def cards(self, value: Any, path: str) -> list[int]:
        return [self.card(v, at(path, i)) for i, v in enumerate(self.r.list_(value, path))]

    def arrow(self, value: Any, path: str) -> Arrow:
        text = self.r.str_(value, path)
        for sep in ("->", "→", ">"):
            if sep in text:
                a, _, b = text.partition(sep)
                return Arrow(self.dept(a.strip(), path), self.dept(b.strip(), path))
        self.r.fail(
            path, f"write an arrow as CONTROLLER->CONTROLLED, as in 'EXE->HR', not {text!r}"
        )

    # -- the whole document ---------------------------------------------------------------------

    def read(self) -> dict:
        doc, r, state = self.doc, self.r, self.state
        phase = r.str_(doc.get("phase", TURN), "phase", PHASES)
        out: dict[str, Any] = {"phase": phase}
        out["blame"] = r.per_seat(doc.get("blame", {}), "blame", self.blame, 0)
        out["dept_blame"] = self.dept_blame(doc.get("dept_blame", {}))
        out["head"], out["dept_of"] = self.heads(doc.get("heads", {}), phase)
        arrows = self.arrows(doc.get("arrows"))
        out["arrows"] = arrows
        if phase in (BID, ASSIGN):
            self.before_play(out)
        out["decree_at"], out["decree_done"] = self.decrees(doc.get("decrees", {}), phase)
        enacted = sum(1 for d in out["decree_at"] if d < 0)
        out["enacted"] = enacted
        if phase not in (OVER, CHOOSE) and enacted == len(state.decrees):
            r.fail("decrees", "every decree is enacted, so the game is over (DEC-33)")
        out["rng"] = self.rng = copy_rng(state.rng)
        if "rng" in doc:
            r.rng(doc["rng"], "rng", self.rng)  # before the deck: a default deck shuffles
        out.update(self.bid(doc.get("bid"), phase))
        out.update(self.turn(doc.get("turn"), phase, out["dept_of"]))
        out["choose"] = self.chooser(doc.get("chooser"), phase, out, enacted)
        out.update(self.salvage(doc.get("salvage"), phase))
        out.update(self.piles(doc, phase, out.get("salvage")))
        out["offers"], out["next_deal"] = self.offers(doc.get("offers", []), doc, phase)
        out["outcome"] = self.outcome(doc.get("outcome"), phase, out)
        out["step_started"] = r.number(doc.get("step_started"), "step_started", none=True)
        return out

    def before_play(self, out: dict) -> None:
        """The bid and the assignment change no department's blame nor any arrow."""
        for d in self.state.depts:
            if out["dept_blame"][d]:
                self.r.fail(
                    at("dept_blame", DEPT_CODES[d]),
                    "departments gain blame only in turns, once play begins (DEC-35)",
                )
        start = tuple(a for a in START_ARROWS if a[0] in self.state.depts)
        if out["arrows"] != start:
            listed = ", ".join(arrow_text(a) for a in start)
            self.r.fail("arrows", f"before play begins the arrows are {listed} (DEC-20)")

    def blame(self, value: Any, path: str) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            self.r.fail(path, f"blame is never below 0, not {value} (DEC-A13)")
        return self.r.int_(value, path)

    def dept_blame(self, value: Any) -> list[int]:
        out = [0] * len(DEPT_CODES)
        given = self.r.table(value, "dept_blame", self.dept, self.blame)
        for d, amount in given.items():
            out[d] = amount
        return out

    def heads(self, value: Any, phase: str) -> tuple[list[int], list[int]]:
        r, names = self.r, self.names
        head, dept_of = [-1] * len(DEPT_CODES), [-1] * self.n
        for seat, d in r.table(value, "heads", r.seat, self.dept).items():
            path = at("heads", names[seat])
            if head[d] >= 0:
                r.fail(
                    path,
                    f"{DEPT_CODES[d]} already has a head, {names[head[d]]}; a department has"
                    " one head (DEC-A19)",
                )
            head[d], dept_of[seat] = seat, d
        headed = [other for other in range(self.n) if dept_of[other] >= 0]
        if phase == BID and headed:
            r.fail(
                at("heads", names[headed[0]]),
                "nobody heads a department during the bid for Human Resources (DEC-21, DEC-28)",
            )
        if phase == ASSIGN and (len(headed) != 1 or head[HR] < 0):
            r.fail(
                "heads",
                "during the assignment only the winner of the bid heads a department, Human"
                " Resources (DEC-25, DEC-28)",
            )
        if phase in PLAYING:
            for other in range(self.n):
                if dept_of[other] < 0:
                    r.fail(
                        at("heads", names[other]),
                        "missing: once play has begun every player heads one department"
                        " (DEC-03, DEC-A19)",
                    )
        return head, dept_of

    def arrows(self, value: Any) -> tuple:
        state, r = self.state, self.r
        if value is None:
            return tuple(a for a in START_ARROWS if a[0] in state.depts)
        out: tuple[Arrow, ...] = ()
        for i, item in enumerate(r.list_(value, "arrows")):
            path = at("arrows", i)
            arrow = self.arrow(item, path)
            change = Change("add", arrow, None)
            problem = control.problem(out, change, state.depts, state.options["max_controllers"])
            if problem:
                r.fail(path, f"{problem} (DEC-51, DEC-A04)")
            out = (*out, arrow)
        return out

    def decrees(self, value: Any, phase: str) -> tuple[list[int], list[int]]:
        state, r = self.state, self.r
        count = len(state.decrees)
        where = [EXE] * count
        done = [0] * count
        ids = [decree_text(i) for i in range(count)]
        for key, entry in r.obj(value, "decrees").items():
            path = at("decrees", key)
            if key.upper() not in ids:
                r.fail(path, f"no decree {key!r}; the decrees are {', '.join(ids)}")
            i = ids.index(key.upper())
            r.obj(entry, path, optional=("at", "stamped"))
            steps = state.decrees[i].steps
            spot = self.dept(entry.get("at", "EXE"), at(path, "at"), (ENACTED,))
            if spot < 0:
                stamped = r.int_(entry.get("stamped", len(steps)), at(path, "stamped"))
                if stamped != len(steps):
                    r.fail(
                        at(path, "stamped"),
                        f"an enacted decree has all its {len(steps)} steps stamped, not"
                        f" {stamped} (DEC-13)",
                    )
            else:
                stamped = r.int_(entry.get("stamped", 0), at(path, "stamped"), 0, len(steps) - 1)
            where[i], done[i] = spot, stamped
        if phase in (BID, ASSIGN):
            for i in range(count):
                if (where[i], done[i]) != (EXE, 0):
                    r.fail(
                        at("decrees", ids[i]),
                        "before play begins every decree is on EXE, unstamped (DEC-30)",
                    )
        return where, done

    def bid(self, value: Any, phase: str) -> dict:
        r, n, names = self.r, self.n, self.names
        bids = [0] * n
        if value is None:
            bidders = tuple(range(n)) if phase == BID else ()
            return {"bids": bids, "bidders": bidders, "rebids": 0}
        if phase != BID:
            r.fail("bid", f"there is no bid for Human Resources in the {phase} phase")
        r.obj(value, "bid", optional=("round", "bidders", "bids"))
        rounds = self.state.options["max_rebids"]
        rebids = r.int_(value.get("round", 0), "bid.round", 0, rounds)
        if "bidders" in value:
            seats = [
                r.seat(s, at("bid.bidders", i))
                for i, s in enumerate(r.list_(value["bidders"], "bid.bidders"))
            ]
        else:
            seats = list(range(n))
        bidders = tuple(sorted(set(seats)))
        if rebids == 0 and len(bidders) != n:
            r.fail("bid.bidders", "everybody bids in the first round (DEC-21)")
        if rebids > 0 and len(bidders) < 2:
            r.fail(
                "bid.bidders", "a rebid is between the tied highest bidders, two or more (DEC-26)"
            )
        for seat, amount in r.table(
            value.get("bids", {}), "bid.bids", r.seat, self.bid_amount
        ).items():
            if seat not in bidders:
                r.fail(
                    at("bid.bids", names[seat]),
                    f"{names[seat]} is not bidding in this round (DEC-26)",
                )
            bids[seat] = amount
        if all(bids[other] for other in bidders):
            r.fail(
                "bid.bids",
                "every bidder has bid, so the bids are revealed: leave out a bid still to"
                " come (DEC-21)",
            )
        return {"bids": bids, "bidders": bidders, "rebids": rebids}

    def bid_amount(self, value: Any, path: str) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and not 1 <= value <= MAX_BID:
            self.r.fail(path, f"a bid is 1 to {MAX_BID} blame, not {value} (DEC-21)")
        return self.r.int_(value, path, 1, MAX_BID)

    def turn(self, value: Any, phase: str, dept_of: list[int]) -> dict:
        r = self.r
        out = {
            "turns": 0,
            "active": 0,
            "actions_left": 0,
            "drew": False,
            "budget_used": False,
            "manoeuvres_used": False,
            "leave": -1,
            "offers_made": 0,
        }
        if phase not in PLAYING:
            if value is not None:
                r.fail(
                    "turn",
                    "no turn is under way before the head of HR has assigned the others"
                    " (DEC-28, DEC-31)",
                )
            return out
        if value is None:
            r.fail("turn", f"missing: say whose turn it is in the {phase} phase")
        r.obj(value, "turn", ("player",), _TURN)
        cap = self.state.options["max_turns"]
        out["turns"] = r.int_(value.get("number", 1), "turn.number", 1, cap)
        out["active"] = r.seat(value["player"], "turn.player")
        left = r.int_(value.get("actions_left", BASE_ACTIONS), "turn.actions_left", 0)
        if phase == TURN and left == 0:
            r.fail(
                "turn.actions_left",
                "a turn with no action left is over (DEC-37, DEC-A21): give at least 1",
            )
        out["actions_left"] = left
        for key in ("drew", "budget_used", "manoeuvres_used"):
            out[key] = r.bool_(value.get(key, False), at("turn", key))
        out["leave"] = self.dept(value.get("leave"), "turn.leave", (None,))
        out["offers_made"] = r.int_(value.get("offers_made", 0), "turn.offers_made")
        return out

    def chooser(self, value: Any, phase: str, out: dict, enacted: int) -> Choosing | None:
        r = self.r
        if phase != CHOOSE:
            if value is not None:
                r.fail(
                    "chooser",
                    "a chooser removes blame only in the choose phase, after an enactment (DEC-58)",
                )
            return None
        if value is None:
            r.fail("chooser", "missing: the choose phase waits for the chooser (DEC-58, DEC-A22)")
        seat = r.seat(value, "chooser")
        dept = out["dept_of"][seat]
        if control.controllers(out["arrows"], dept):
            r.fail(
                "chooser",
                f"{self.names[seat]} heads {DEPT_CODES[dept]}, which is controlled; the chooser"
                " heads the uncontrolled department at the top of the chain (DEC-58, DEC-59)",
            )
        if enacted == 0:
            r.fail(
                "chooser", "no decree is enacted, so there is no blame to remove (DEC-57, DEC-60)"
            )
        return Choosing(seat, 10 * enacted)  # DEC-60

    def salvage(self, value: Any, phase: str) -> dict:
        r = self.r
        if phase != SALVAGE:
            if value is not None:
                r.fail(
                    "salvage",
                    "cards are kept from a Stagnation and Decline only in the salvage phase"
                    " (DEC-19)",
                )
            return {"salvage": None, "draws_owed": 0}
        if not self.state.options["sd_choose_one_variant"]:
            r.fail("phase", "the salvage phase needs the option sd_choose_one_variant (DEC-19)")
        if value is None:
            r.fail("salvage", "missing: the cards Stagnation and Decline discarded (DEC-19)")
        r.obj(value, "salvage", ("cards",), ("draws_owed",))
        cards = self.cards(value["cards"], "salvage.cards")
        if not 1 <= len(cards) <= self.state.options["sd_discard_count"]:
            r.fail(
                "salvage.cards",
                f"Stagnation and Decline discarded 1 to {self.state.options['sd_discard_count']}"
                f" cards, not {len(cards)} (DEC-15, DEC-A06)",
            )
        owed = r.int_(value.get("draws_owed", 0), "salvage.draws_owed")
        return {"salvage": cards, "draws_owed": owed}

    def piles(self, doc: dict, phase: str, salvage: list[int] | None) -> dict:
        """Hands, deck and discard pile, every card of the game exactly once (DEC-07)."""
        r, state, names = self.r, self.state, self.names
        hands = [list(h) for h in r.per_seat(doc.get("hands", {}), "hands", self.cards, [])]
        discard = self.cards(doc.get("discard", []), "discard")
        top = self.cards(doc.get("deck_top", []), "deck_top")
        if "deck" in doc and "deck_top" in doc:
            r.fail("deck_top", "give the whole deck or the cards on its top, not both")
        sd_range = None
        whole = self.game_cards()
        if "deck" in doc:
            deck = self.cards(doc["deck"], "deck")[::-1]  # the state keeps the top last
            if doc.get("sd_range") is not None:
                sd_range = self.sd_range(doc["sd_range"], deck)
        elif phase in PLAYING:
            rest = whole - Counter(top) - Counter(discard) - sum(map(Counter, hands), Counter())
            below = [k for k in sorted(rest.elements())]
            self.rng.shuffle(below)
            deck = list(reversed(top + below))
        else:
            deck = state.deck[:]  # as the set-up left it
        if "sd_range" in doc and doc["sd_range"] is not None and "deck" not in doc:
            r.fail("sd_range", "give sd_range with the whole deck")
        sd = state.sd
        for seat, hand in enumerate(hands):
            if sd in hand:
                r.fail(
                    at("hands", names[seat]),
                    "Stagnation and Decline is played when drawn, never held (DEC-14)",
                )
        if phase in PLAYING:
            if not deck and phase != OVER:
                r.fail("deck", "the deck is empty, so the game is over (DEC-18, DEC-32)")
            self.conserved(hands, deck, discard, whole, "deck" if "deck" in doc else "hands")
            if sd in discard and phase != OVER:
                r.fail(
                    "discard",
                    "Stagnation and Decline goes back into the deck unless it emptied it and"
                    " ended the game (DEC-17, DEC-A06)",
                )
            if salvage is not None and discard[len(discard) - len(salvage) :] != salvage:
                r.fail(
                    "salvage.cards",
                    "the cards to keep one of are the top of the discard pile, the last"
                    " Stagnation and Decline discarded, in order (DEC-15, DEC-19)",
                )
        else:
            for seat, hand in enumerate(hands):
                if hand:
                    r.fail(
                        at("hands", names[seat]),
                        "the cards are dealt once Human Resources has assigned the others (DEC-29)",
                    )
            if discard:
                r.fail("discard", "nothing is discarded before play begins (DEC-29)")
            if top:
                r.fail("deck_top", "give the whole deck before play begins, or none (DEC-29)")
            if deck:
                self.conserved(hands, deck, discard, whole, "deck")
                if sd in deck[len(deck) - self.n :]:
                    r.fail("deck", "Stagnation and Decline is never dealt to a player (DEC-29)")
        return {"hands": hands, "deck": deck, "discard": discard, "sd_range": sd_range}

    def game_cards(self) -> Counter:
        """Every card of the game: the deck's copies, or the ``deck_order`` fixture's."""
        state = self.state
        if state.options.get("deck_order"):
            return Counter(game._order(state.options["deck_order"], state.cards, self.n))
        return Counter({k: c.copies for k, c in enumerate(state.cards)})

    def conserved(
        self,
        hands: list[list[int]],
        deck: list[int],
        discard: list[int],
        whole: Counter,
        path: str,
    ) -> None:
        """Each card exactly as often as the game has it; a card too many is named where
        its extra copy lies (the deck from the top, the discard pile, hands in seat order)."""
        cards, names = self.state.cards, self.names
        places = [
            *((at("deck", i), k) for i, k in enumerate(reversed(deck))),
            *((at("discard", i), k) for i, k in enumerate(discard)),
            *(
                (at(at("hands", names[seat]), i), k)
                for seat, h in enumerate(hands)
                for i, k in enumerate(h)
            ),
        ]
        held: Counter = Counter()
        for where, kind in places:
            held[kind] += 1
            if held[kind] > whole[kind]:
                self.r.fail(
                    where if path == "deck" or not where.startswith("deck") else path,
                    f"one {cards[kind].key} too many: the game has {whole[kind]}"
                    " (each card exactly once among the hands, the deck and the discard pile,"
                    " DEC-07)",
                )
        for kind in sorted(whole):
            if held[kind] < whole[kind]:
                self.r.fail(
                    path,
                    f"{cards[kind].key} is {held[kind]} times among the hands, the deck and the"
                    f" discard pile; the game has {whole[kind]} (each card exactly once, DEC-07)",
                )

    def sd_range(self, value: Any, deck: list[int]) -> SdRange:
        r = self.r
        r.list_(value, "sd_range", 2)
        lo = r.int_(value[0], "sd_range[0]")
        hi = r.int_(value[1], "sd_range[1]", lo + 1)
        sd = self.state.sd
        if sd not in deck or not lo <= deck.index(sd) < hi:
            r.fail(
                "sd_range",
                f"Stagnation and Decline is not among cards {lo} to {hi - 1} counted from the"
                " bottom of the deck (DEC-29)",
            )
        return SdRange(lo, hi)

    def offers(self, value: Any, doc: dict, phase: str) -> tuple[tuple[Deal, ...], int]:
        r, state, names = self.r, self.state, self.names
        seen: dict[int, int] = {}
        out: list[Deal] = []
        ids: set[int] = set()
        table = SimpleNamespace(
            names=tuple(names), num_players=self.n, cards=state.cards, sd=state.sd
        )
        for i, entry in enumerate(r.list_(value, "offers")):
            path = at("offers", i)
            r.obj(entry, path, ("from", "text"), ("id",))
            proposer = r.seat(entry["from"], at(path, "from"))
            if phase == OVER:
                r.fail(path, "open offers expire when the game ends (DEC-A14)")
            if proposer in seen:
                r.fail(
                    at(path, "from"), f"{names[proposer]} already has an open offer; one at a time"
                )
            seen[proposer] = i
            text = r.str_(entry["text"], at(path, "text"))
            try:
                action = deal_book.parse(table, proposer, text, RULES)
            except IllegalAction as exc:
                r.fail(at(path, "text"), str(exc))
            if not isinstance(action, Propose):
                r.fail(at(path, "text"), "write the offer as 'offer NAME: NAME gives ITEM; ...'")
            self.check_offer(action, proposer, at(path, "text"))
            deal_id = r.int_(entry.get("id", len(out) + 1), at(path, "id"), 1)
            if deal_id in ids:
                r.fail(at(path, "id"), f"two open offers have the id {deal_id}")
            ids.add(deal_id)
            out.append(Deal(deal_id, proposer, action.recipients, action.terms, action.gives))
        next_deal = max(ids, default=0) + 1
        if "next_deal" in doc:
            next_deal = r.int_(doc["next_deal"], "next_deal", next_deal)
        return tuple(out), next_deal

    def check_offer(self, action: Propose, proposer: int, path: str) -> None:
        r, names = self.r, self.names
        if len(action.recipients) != 1:
            r.fail(path, "a deal is between two players: name one other player (DEC-A14)")
        parties = {proposer, *action.recipients}
        for giver, items in action.gives:
            if giver not in parties:
                r.fail(path, f"{names[giver]} is not a party to this offer")
            amounts = [i.amount for i in items if isinstance(i, Blame)]
            if amounts and not self.state.options["allow_blame_trades"]:
                r.fail(path, "blame cannot be traded in this game (allow_blame_trades, DEC-A14)")
            if len(amounts) > 1:
                r.fail(path, f"write the blame {names[giver]} gives as one amount (DEC-A14)")
            if amounts and amounts[0] < 1:
                r.fail(path, "give at least 1 blame (DEC-A14)")
        if not action.gives:
            r.fail(path, "an offer must say what someone gives (DEC-62, DEC-63)")

    def outcome(self, value: Any, phase: str, out: dict) -> Outcome | None:
        r = self.r
        if phase != OVER:
            if value is not None:
                r.fail("outcome", f"the game is not over in the {phase} phase")
            return None
        if value is None:
            r.fail(
                "outcome",
                'missing: say why the game ended, as in {"reason": "the last card was drawn"}',
            )
        r.obj(value, "outcome", ("reason",), ("capped",))
        reason = r.str_(value["reason"], "outcome.reason", empty=False)
        capped = r.bool_(value.get("capped", False), "outcome.capped")
        return final_outcome(self.state, out, reason, capped)


def final_outcome(state: State, slots: dict, reason: str, capped: bool) -> Outcome:
    """The outcome ``flow.end_game`` gave, from the final blame (DEC-34, DEC-A08)."""
    n = state.num_players
    blame, dept_blame, dept_of = slots["blame"], slots["dept_blame"], slots["dept_of"]
    keys: list[tuple[int, ...]]
    if state.options["tiebreak"] == "least_dept_blame":
        keys = [(-blame[seat], -dept_blame[dept_of[seat]]) for seat in range(n)]
    else:
        keys = [(-blame[seat],) for seat in range(n)]
    ranking = rank_by(keys)
    winners = () if capped else tuple(seat for seat in range(n) if ranking[seat] == 1)
    return Outcome(
        scores=tuple(float(b) for b in blame),
        ranking=ranking,
        winners=winners,
        capped=capped,
        reason=reason,
        details={"enacted": slots["enacted"], "turns": slots["turns"]},
    )
