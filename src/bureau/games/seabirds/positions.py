"""Saved positions of Noble Houses of the Seabirds (``docs/positions/seabirds.md``).

``save_position`` writes a game's whole situation as a JSON document and
``load_position`` fills a freshly set-up game from one, checking it against the rules;
``Game.new(..., options={"position": FILE_OR_DOC})`` does both ends. A round trip is
exact: the views, the legal actions, the forum posts and everything that follows are
those of the saved game.

The document names things as the game writes them: seats by player name (any case),
Houses, assets, Upgrades and Complication cards by their names (``"Breeding"``,
``"Worker Beetles"`` or an alias such as ``"WB"``, ``"Expansion Contract"``,
``"Hazard"``), Transactions by the messages that hold them. Required: ``format`` and
``players``; every other key may be left out:

- ``stops`` (the option ``stops``), ``round`` (1), ``phase`` (``air``; ``draft``,
  ``land`` or ``over``);
- ``houses``, per player: ``house`` (the set-up's House, if it dealt one), ``roll`` (the
  set-up's d6), ``money`` (the roll) and ``resources`` (6 - roll of the House's own
  type): the starting holdings of SEA-12 and SEA-13; ``upgrades`` (none),
  ``distribution`` (``none`` for each Distribution Contract, SEA-A20), ``special_left``
  (Stops // 2 for Sensation and Suppression, SEA-56) and ``special_round`` (0, the Round
  of the last special take). During the draft a player without a House has nothing;
- ``draft_order`` (the draft only: the seats still to pick, in the set-up's order);
- ``deck`` (top first: the cards the discard pile does not hold, in the order of the
  set-up's shuffle), ``discard`` (empty) and ``top_known`` (false, SEA-A19);
- ``limits`` (the options ``air_hours`` and ``land_hours``), ``proposal`` (none),
  ``ready`` (nobody);
- ``clock``: ``running``, ``now`` and ``phase_started`` (as the set-up starts them: with
  ``start_time`` the clock runs from it, otherwise virtual seconds from 0);
- ``messages`` (none): ``from``, ``text``, ``kind`` (``public``), ``time`` (now), ``to``
  (a private message's players, a hidden one's Stop: the coming Stop) and ``revealed``
  (false). A sealed message's Transactions are read from its text;
- ``standing`` (none): the standing conditionals, each a ``message`` number (1 is the
  first message) and ``part`` (0: its first Transaction), with its ``text`` (checked when
  given);
- ``transfers`` (none): the gifts resolved so far, which later conditions may count;
- ``abilities_paid`` (none this Round), ``log`` (the moderator's, empty), ``chronicle``
  (the events the public post reports, empty) and ``rng`` (the set-up's generator).

What a finished game's outcome is follows from the rest (SEA-A01), as do the sealed
Transactions and the messages' numbers.

>>> from bureau.games.seabirds.game import GAME
>>> names = ["Ann", "Ben", "Cat"]
>>> opts = {"houses": "Breeding,Usury,Sensation", "rolls": "3,4,2", "stops": 4}
>>> doc = save_position(GAME.new(names, seed=1, options=opts))
>>> doc["round"], doc["phase"], doc["houses"]["Ben"]
(1, 'air', {'house': 'Usury', 'roll': 4, 'money': 4, 'resources': {'Corporations': 2}})
>>> again = GAME.new(names, seed=2, options={"stops": 4, "position": doc})
>>> save_position(again) == doc
True
>>> doc["houses"]["Ben"]["house"] = "Breeding"
>>> GAME.new(names, options={"stops": 4, "position": doc})
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: position: houses.Ben.house: Ann has Breeding already;
each player has a different House (SEA-04)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bureau.engine import IllegalAction
from bureau.engine.events import EVERYONE, Event, all_but, only, plural
from bureau.engine.positions import PositionReader, at, format_name, save_rng

from . import economy, flow
from .rules import MAX_HOURS
from .state import (
    AIR,
    CARDS,
    DISTRIBUTION,
    DRAFT,
    LAND,
    MONEY,
    NUM_ASSETS,
    OVER,
    SECRETS,
    SENSATION,
    SUPPRESSION,
    USURY,
    LogEntry,
    Message,
    Pending,
    Proposal,
    State,
    Transfer,
    own_asset,
)
from .text import describe
from .transactions import (
    ASSETS,
    HEADER,
    HOUSES,
    MAX_AMOUNT,
    UPGRADES,
    Conditional,
    Take,
    Transaction,
    asset_index,
    is_transaction,
    read,
)

FORMAT = format_name("seabirds")
PHASES = (DRAFT, AIR, LAND, OVER)
KINDS = ("public", "private", "hidden")
ABILITIES = ((USURY, "Usury"), (SECRETS, "Secrets"))  # ``round_paid``'s order
TOP = (
    "stops",
    "round",
    "phase",
    "houses",
    "draft_order",
    "deck",
    "discard",
    "top_known",
    "limits",
    "proposal",
    "ready",
    "clock",
    "messages",
    "standing",
    "transfers",
    "abilities_paid",
    "log",
    "chronicle",
    "rng",
)
HOUSE_KEYS = (
    "house",
    "roll",
    "money",
    "resources",
    "upgrades",
    "distribution",
    "special_left",
    "special_round",
)


# -- saving -----------------------------------------------------------------------------------


def save_position(state: State) -> dict:
    """The state as a JSON-ready document (module doc); ``load_position`` reads it back."""
    names = state.names
    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": list(names),
        "stops": state.stops,
        "round": state.round,
        "phase": state.phase,
        "houses": {name: _save_house(state, seat) for seat, name in enumerate(names)},
    }
    if state.phase == DRAFT:
        doc["draft_order"] = [names[seat] for seat in state.draft_order]
    doc["deck"] = [CARDS[c] for c in reversed(state.deck)]
    doc["discard"] = [CARDS[c] for c in state.discard]
    if state.known_top:
        doc["top_known"] = True
    doc["limits"] = {"air_hours": state.limits[0], "land_hours": state.limits[1]}
    if state.proposal is not None:
        by, air, land = state.proposal
        doc["proposal"] = {
            "by": names[by],
            "air_hours": air,
            "land_hours": land,
            "agreed": [names[seat] for seat in state.agreed],
        }
    if state.phase in (AIR, LAND):
        doc["ready"] = [names[seat] for seat in range(state.num_players) if state.ready[seat]]
    doc["clock"] = {
        "running": state.clock,
        "now": _time(state.now),
        "phase_started": _time(state.phase_started),
    }
    if state.messages:
        doc["messages"] = [_save_message(state, m) for m in state.messages]
    if state.standing:
        doc["standing"] = [_save_standing(p) for p in state.standing]
    if state.resolved:
        doc["transfers"] = [
            {
                "after": stamp,
                "time": _time(when),
                "from": HOUSES[giver],
                "to": HOUSES[taker],
                "gives": _amounts(amounts),
            }
            for stamp, when, giver, taker, amounts in state.resolved
        ]
    paid = _save_paid(state)
    if paid:
        doc["abilities_paid"] = paid
    if state.log:
        doc["log"] = [
            {"kind": kind, "round": k, "phase": phase, "what": what, "reason": reason}
            for kind, k, phase, what, reason in state.log
        ]
    if state.chronicle:
        doc["chronicle"] = [_save_event(state, e) for e in state.chronicle]
    doc["rng"] = save_rng(state.rng)
    return doc


def _save_house(state: State, seat: int) -> dict:
    house = state.house_of[seat]
    out: dict[str, Any] = {}
    if house >= 0:
        out["house"] = HOUSES[house]
    out["roll"] = state.rolls[seat]
    if state.phase == DRAFT:
        return out
    held = state.holdings[seat]
    out["money"] = held[MONEY]
    out["resources"] = _amounts(held, start=1)
    upgrades = {UPGRADES[u]: n for u, n in enumerate(state.upgrades[seat]) if n}
    if upgrades:
        out["upgrades"] = upgrades
    if state.distribution[seat]:
        out["distribution"] = [ASSETS[a] if a >= 0 else "none" for a in state.distribution[seat]]
    if house in (SENSATION, SUPPRESSION):
        out["special_left"] = state.special_left[seat]
    if state.special_round[seat]:
        out["special_round"] = state.special_round[seat]
    return out


def _save_message(state: State, m: Message) -> dict:
    out: dict[str, Any] = {"from": state.names[m.author]}
    if m.kind != "public":
        out["kind"] = m.kind
    if m.kind == "private":
        out["to"] = [state.names[seat] for seat in range(state.num_players) if m.to >> seat & 1]
    elif m.kind == "hidden":
        out["to"] = m.to
        if m.revealed:
            out["revealed"] = True
    out["time"] = _time(m.time)
    out["text"] = m.text
    return out


def _save_standing(p: Pending) -> dict:
    out: dict[str, Any] = {"message": p.seq}
    if p.part:
        out["part"] = p.part
    out["text"] = economy.text(p)
    return out


def _save_paid(state: State) -> dict:
    mode = state.options["income_ability_mode"]
    out: dict[str, Any] = {}
    for index, (_, name) in enumerate(ABILITIES):
        paid = state.round_paid[index]
        if not paid:
            continue
        out[name] = True if mode == "per_round" else [HOUSES[h] for h in paid]
    return out


def _save_event(state: State, e: Event) -> dict:
    out: dict[str, Any] = {"kind": e.kind}
    if e.audience != EVERYONE:
        seen = [name for seat, name in enumerate(state.names) if e.visible_to(seat)]
        out["seen_by"] = seen + (["spectators"] if e.visible_to(None) else [])
    out["data"] = e.data
    return out


def _amounts(amounts, start: int = 0) -> dict:
    return {ASSETS[a]: amounts[a] for a in range(start, NUM_ASSETS) if amounts[a]}


def _time(t: float) -> int | float:
    """A time as JSON writes it most simply: whole seconds without ``.0``."""
    return int(t) if t == int(t) else t


# -- loading ----------------------------------------------------------------------------------


def load_position(state: State, doc: dict, reader: PositionReader) -> None:
    """Fill the freshly set-up ``state`` from ``doc``, checking it against the rules;
    a ``PositionError`` names the key and the rule it breaks. Nothing is changed in
    ``state`` until the whole document has been read."""
    _Loader(state, doc, reader).load()


class _Loader:
    """One reading of a document: each ``_`` method reads and checks one part into
    attributes of the loader, which ``_commit`` gives the state at the end."""

    def __init__(self, state: State, doc: dict, reader: PositionReader):
        self.state = state
        self.doc = reader.obj(doc, "", ("format", "players"), TOP)
        self.r = reader
        self.n = state.num_players
        self.names = reader.players
        self.options = state.options

    def load(self) -> None:
        r, doc, state = self.r, self.doc, self.state
        self.stops = r.int_(doc.get("stops", state.stops), "stops", 1, 40)
        self.phase = r.str_(doc.get("phase", AIR), "phase", PHASES)
        self.round = r.int_(doc.get("round", 1), "round", 1)
        self._round()
        self._houses()
        self._draft()
        self._cards()
        self._limits()
        self._ready()
        self._clock()
        self._messages()
        self._standing()
        self._transfers()
        self._paid()
        self._log()
        self._chronicle()
        if "rng" in doc:
            trial = random.Random(0)
            r.rng(doc["rng"], "rng", trial)
            self.rng_state = trial.getstate()
        else:
            self.rng_state = state.rng.getstate()
        self._commit()

    # -- the round and phase --

    @property
    def landings(self) -> int:
        """Resolutions run so far: one a Round (SEA-24, SEA-A02)."""
        return self.round - (1 if self.phase in (DRAFT, AIR) else 0)

    def _round(self) -> None:
        r = self.r
        if self.round > self.stops:
            r.fail("round", f"a {self.stops}-Stop game has Rounds 1 to {self.stops} (SEA-A02)")
        if self.phase == DRAFT and self.round != 1:
            r.fail("phase", "the Houses are chosen before Round 1 (SEA-A23)")
        if self.phase == OVER and self.round != self.stops:
            r.fail("phase", f"the game ends at the final Stop, Round {self.stops} (SEA-81)")
        final = self.round == self.stops
        if self.phase == LAND and final and not self.options["final_land_phase"]:
            r.fail(
                "phase",
                "the game ends at the final Stop's Resolution: no Land Phase follows it"
                " without the option final_land_phase (SEA-A03)",
            )

    # -- the houses --

    def _houses(self) -> None:
        r = self.r
        given = r.per_seat(self.doc.get("houses", {}), "houses", lambda v, path: v, default={})
        self.house_of: list[int] = []
        self.rolls: list[int] = []
        self.holdings: list[list[int]] = []
        self.upgrades: list[list[int]] = []
        self.distribution: list[list[int]] = []
        self.special_left: list[int] = []
        self.special_round: list[int] = []
        owner: dict[int, str] = {}
        for seat, (name, obj) in enumerate(zip(self.names, given, strict=True)):
            path = at("houses", name)
            obj = r.obj(obj, path, (), HOUSE_KEYS)
            house = self._house(obj, path, seat)
            if house >= 0 and house in owner:
                r.fail(
                    at(path, "house"),
                    f"{owner[house]} has {HOUSES[house]} already; each player has a different"
                    " House (SEA-04)",
                )
            if house >= 0:
                owner[house] = name
            self.house_of.append(house)
            self._ledger(obj, path, seat, house)

    def _house(self, obj: dict, path: str, seat: int) -> int:
        r = self.r
        if "house" not in obj or obj["house"] is None:
            house = self.state.house_of[seat]
            if house < 0 and self.phase != DRAFT:
                r.fail(at(path, "house"), "missing: every player has a House from Round 1 on")
            return house
        word = r.str_(obj["house"], at(path, "house"))
        lowered = [h.lower() for h in HOUSES]
        if word.lower() not in lowered:
            r.fail(
                at(path, "house"),
                f"no House {word!r}; the Houses are {', '.join(HOUSES)} (SEA-05)",
            )
        return lowered.index(word.lower())

    def _ledger(self, obj: dict, path: str, seat: int, house: int) -> None:
        r = self.r
        roll = r.int_(obj.get("roll", self.state.rolls[seat]), at(path, "roll"), 1, 6)
        self.rolls.append(roll)
        if self.phase == DRAFT:
            for key in ("money", "resources", "upgrades", "distribution", "special_left"):
                if key in obj:
                    r.fail(
                        at(path, key),
                        "the Houses are still being chosen: the holdings come with the rolls"
                        " when the draft ends (SEA-12, SEA-13, SEA-A23)",
                    )
            for key in ("special_round",):
                if obj.get(key):
                    r.fail(at(path, key), "nobody has played yet: the draft is under way")
            self.holdings.append([0] * NUM_ASSETS)
            self.upgrades.append([0] * len(UPGRADES))
            self.distribution.append([])
            self.special_left.append(0)
            self.special_round.append(0)
            return
        held = [0] * NUM_ASSETS
        held[MONEY] = r.int_(obj.get("money", roll), at(path, "money"), 0, MAX_AMOUNT)
        if "resources" in obj:
            for a, n in self._assets(obj["resources"], at(path, "resources"), money=False):
                held[a] = n
        else:
            held[own_asset(house)] = 6 - roll
        self.holdings.append(held)
        owned = [0] * len(UPGRADES)
        upath = at(path, "upgrades")
        for key, n in r.obj(obj.get("upgrades", {}), upath).items():
            u = _upgrade(key)
            if u is None:
                known = ", ".join(UPGRADES)
                r.fail(at(upath, key), f"no Upgrade {key!r}; the Upgrades are {known}")
            if owned[u]:
                r.fail(at(upath, key), f"{UPGRADES[u]} is named twice")
            owned[u] = r.int_(n, at(upath, key), 0, MAX_AMOUNT)
        self.upgrades.append(owned)
        self.distribution.append(self._orders(obj, path, owned[DISTRIBUTION]))
        special = house in (SENSATION, SUPPRESSION)
        most = self.stops // 2
        left = r.int_(obj.get("special_left", most if special else 0), at(path, "special_left"))
        if left and not special:
            r.fail(
                at(path, "special_left"),
                f"only Sensation and Suppression have the special take, not {HOUSES[house]}"
                " (SEA-55, SEA-64)",
            )
        if left > most:
            r.fail(
                at(path, "special_left"),
                f"a {self.stops}-Stop game gives {most} special takes, not {left} (SEA-56)",
            )
        self.special_left.append(left)
        last = r.int_(obj.get("special_round", 0), at(path, "special_round"), 0, self.round)
        if last and not special:
            r.fail(at(path, "special_round"), "only Sensation and Suppression take (SEA-55)")
        if last and left >= most:
            r.fail(
                at(path, "special_round"),
                f"a take in Round {last} used one of the {most} special takes, but"
                f" {left} are left (SEA-56)",
            )
        self.special_round.append(last)

    def _assets(self, obj: Any, path: str, money: bool = True) -> list[tuple[int, int]]:
        """An object of asset name -> count; Money only where ``money``."""
        r = self.r
        out: dict[int, int] = {}
        for key, n in r.obj(obj, path).items():
            a = asset_index(key)
            if a is None or (a == MONEY and not money):
                kinds = ASSETS if money else ASSETS[1:]
                r.fail(
                    at(path, key),
                    f"no {'asset' if money else 'Resource'} {key!r}; the"
                    f" {'assets' if money else 'Resources'} are {', '.join(kinds)}",
                )
            if a in out:
                r.fail(at(path, key), f"{ASSETS[a]} is named twice")
            out[a] = r.int_(n, at(path, key), 0, MAX_AMOUNT)  # never below 0 (SEA-45)
        return sorted(out.items())

    def _orders(self, obj: dict, path: str, contracts: int) -> list[int]:
        r = self.r
        dpath = at(path, "distribution")
        if "distribution" not in obj:
            return [-1] * contracts
        words = r.strings(obj["distribution"], dpath)
        if len(words) != contracts:
            r.fail(
                dpath,
                f"one standing order for each of the {contracts} Distribution Contracts,"
                f" not {len(words)} (SEA-A20)",
            )
        out = []
        for i, w in enumerate(words):
            a = -1 if w.lower() == "none" else asset_index(w)
            if a is None or a == MONEY:
                r.fail(
                    at(dpath, i),
                    f"{w!r} is not a Resource; an order names a Resource or 'none' (SEA-76)",
                )
            out.append(a)
        return out

    # -- the draft --

    def _draft(self) -> None:
        r = self.r
        free = [seat for seat in range(self.n) if self.house_of[seat] < 0]
        if self.phase != DRAFT:
            if "draft_order" in self.doc:
                r.fail("draft_order", "the draft is over: every player has a House")
            self.draft_order: tuple[int, ...] = ()
            return
        if not free:
            r.fail("phase", "every player has a House: the draft is over (SEA-A23)")
        if "draft_order" in self.doc:
            order = [
                r.seat(w, at("draft_order", i))
                for i, w in enumerate(r.list_(self.doc["draft_order"], "draft_order"))
            ]
        else:
            first = [seat for seat in self.state.draft_order if seat in free]
            order = first + [seat for seat in free if seat not in first]
        if sorted(order) != free:
            who = ", ".join(self.names[seat] for seat in free)
            r.fail(
                "draft_order",
                f"the players still to pick are {who}, each once (SEA-A23)",
            )
        self.draft_order = tuple(order)

    # -- the Complication deck --

    def _cards(self) -> None:
        r, doc = self.r, self.doc
        discard = self._card_list(doc.get("discard", []), "discard")
        if self.options["complications"]:
            lowered = [c.lower() for c in CARDS]
            every = [lowered.index(w.lower()) for w in self.options["complications"]]
            why = "the option complications has {want}"
        else:
            size = flow.deck_size(self.stops, self.options["deck_rounding"])
            every = [c for c in range(len(CARDS)) for _ in range(size // len(CARDS))]
            why = (
                f"a {self.stops}-Stop game has {size} cards, {{want}} of each"
                " (SEA-17, SEA-18, SEA-A04)"
            )
        if "deck" in doc:
            deck = self._card_list(doc["deck"], "deck")
        else:  # the set-up's shuffle, top first, without the cards the discard holds
            need = Counter(every) - Counter(discard)
            deck = []
            for c in reversed(self.state.deck):
                if need[c]:
                    need[c] -= 1
                    deck.append(c)
            deck += sorted(need.elements())
        have, want = Counter(deck + discard), Counter(every)
        for c in range(len(CARDS)):
            if have[c] != want[c]:
                where = "deck" if "deck" in doc or have[c] < want[c] else "discard"
                r.fail(
                    where,
                    f"the deck and the discard pile hold {have[c]} {CARDS[c]}, but"
                    f" {why.format(want=want[c])}",
                )
        if len(discard) > self.landings:
            r.fail(
                "discard",
                f"{len(discard)} cards, but {plural(self.landings, 'Resolution')} so far"
                " revealed one card each (SEA-24, SEA-29)",
            )
        if len(deck) < self.stops - self.landings:
            r.fail(
                "deck",
                f"{len(deck)} cards left for the {self.stops - self.landings} Resolutions"
                " still to come (SEA-17)",
            )
        top = r.bool_(doc.get("top_known", False), "top_known")
        if top and (self.phase not in (AIR, LAND) or not deck):
            r.fail(
                "top_known",
                "a Loyal Administrator puts a known card on top in the Air or Land Phase, and"
                " the next Resolution reveals it (SEA-79, SEA-A19)",
            )
        self.deck = list(reversed(deck))
        self.discard = discard
        self.known_top = top

    def _card_list(self, obj: Any, path: str) -> list[int]:
        r = self.r
        lowered = [c.lower() for c in CARDS]
        out = []
        for i, w in enumerate(r.strings(obj, path)):
            if w.lower() not in lowered:
                r.fail(at(path, i), f"no card {w!r}; the cards are {', '.join(CARDS)} (SEA-20..23)")
            out.append(lowered.index(w.lower()))
        return out

    # -- time limits and readiness --

    def _limits(self) -> None:
        r, doc = self.r, self.doc
        obj = r.obj(doc.get("limits", {}), "limits", (), ("air_hours", "land_hours"))
        air, land = (
            r.int_(obj.get(k, self.options[k]), at("limits", k), 1, MAX_HOURS)
            for k in ("air_hours", "land_hours")
        )
        self.limits = (air, land)
        self.proposal = None
        self.agreed: tuple[int, ...] = ()
        if doc.get("proposal") is None:
            return
        keys = ("by", "air_hours", "land_hours")
        obj = r.obj(doc["proposal"], "proposal", keys, ("agreed",))
        if self.phase == DRAFT:
            r.fail("proposal", "time limits are proposed from Round 1 on (SEA-A21)")
        if not self.options["allow_round_vote"]:
            r.fail("proposal", "this game keeps the host's time limits (allow_round_vote, SEA-A21)")
        by = r.seat(obj["by"], "proposal.by")
        hours = [r.int_(obj[k], at("proposal", k), 1, MAX_HOURS) for k in keys[1:]]
        agreed = [by]
        for i, w in enumerate(r.list_(obj.get("agreed", []), "proposal.agreed")):
            seat = r.seat(w, at("proposal.agreed", i))
            if seat in agreed[1:]:
                r.fail(at("proposal.agreed", i), f"{self.names[seat]} is named twice")
            if seat != by:
                agreed.append(seat)
        if len(agreed) == self.n:
            r.fail(
                "proposal.agreed",
                "everyone has agreed, so the limits hold already: write them in 'limits' (SEA-A21)",
            )
        self.proposal = Proposal(by, *hours)
        self.agreed = tuple(agreed)

    def _ready(self) -> None:
        r = self.r
        if self.phase not in (AIR, LAND):
            if self.doc.get("ready"):
                r.fail("ready", "players are ready in the Air or Land Phase only")
            self.ready = [self.phase == OVER] * self.n
            return
        ready = [False] * self.n
        for i, w in enumerate(r.list_(self.doc.get("ready", []), "ready")):
            ready[r.seat(w, at("ready", i))] = True
        if all(ready):
            r.fail(
                "ready",
                "everyone is ready, so the phase has ended (SEA-28, SEA-37): leave someone out",
            )
        self.ready = ready

    def _seconds(self, obj: Any, path: str) -> float:
        """A time in seconds since the epoch (``PositionReader.number``, never null)."""
        value = self.r.number(obj, path)
        assert value is not None, "a number, since null is refused"
        return float(value)

    def _clock(self) -> None:
        r, state = self.r, self.state
        obj = r.obj(self.doc.get("clock", {}), "clock", (), ("running", "now", "phase_started"))
        self.clock = r.bool_(obj.get("running", state.clock), "clock.running")
        self.now = self._seconds(obj.get("now", state.now), "clock.now")
        started = obj.get("phase_started", self.now if "now" in obj else state.phase_started)
        self.phase_started = self._seconds(started, "clock.phase_started")
        if self.now < 0 or self.phase_started < 0:
            r.fail("clock", "times are seconds since the epoch, never below 0")
        if self.phase_started > self.now:
            r.fail("clock.phase_started", f"after now ({_time(self.now)}): the phase has begun")

    # -- messages, sealed and standing Transactions --

    def _messages(self) -> None:
        r = self.r
        items = r.list_(self.doc.get("messages", []), "messages")
        if items and self.phase == DRAFT:
            r.fail("messages", "nobody writes during the draft (SEA-A23)")
        self.messages: list[Message] = []
        self.sealed: list[Pending] = []
        last = 0.0
        for i, obj in enumerate(items):
            path = at("messages", i)
            m = self._message(obj, path, i + 1)
            if m.time < last:
                r.fail(at(path, "time"), "before the message above: messages are kept as sent")
            if m.time > self.now:
                r.fail(at(path, "time"), f"after now ({_time(self.now)}, clock.now)")
            last = m.time
            self.messages.append(m)
            if m.kind == "hidden" and not m.revealed:
                self.sealed += [
                    Pending(m.seq, m.time, m.author, self.house_of[m.author], t, False, *w, part)
                    for part, (t, w) in enumerate(self._sealed(m))
                ]

    def _message(self, obj: Any, path: str, seq: int) -> Message:
        r = self.r
        obj = r.obj(obj, path, ("from", "text"), ("kind", "to", "time", "revealed"))
        author = r.seat(obj["from"], at(path, "from"))
        kind = r.str_(obj.get("kind", "public"), at(path, "kind"), KINDS)
        text = r.str_(obj["text"], at(path, "text"), empty=False)
        time = self._seconds(obj.get("time", self.now), at(path, "time"))
        if time < 0:
            r.fail(at(path, "time"), "times are seconds since the epoch, never below 0")
        revealed = r.bool_(obj.get("revealed", False), at(path, "revealed"))
        if revealed and kind != "hidden":
            r.fail(at(path, "revealed"), "only a hidden message is sealed and opened (SEA-31)")
        to = -1
        if kind == "private":
            seats = []
            for j, w in enumerate(r.list_(obj.get("to"), at(path, "to"))):
                seat = r.seat(w, at(at(path, "to"), j))
                if seat == author or seat in seats:
                    r.fail(at(at(path, "to"), j), "a tell goes to other players, each once")
                seats.append(seat)
            if not seats:
                r.fail(at(path, "to"), "a tell goes to at least one other player (SEA-16)")
            to = sum(1 << other for other in seats)
        elif kind == "hidden":
            coming = min(self.round if self.phase == AIR else self.round + 1, self.stops)
            to = r.int_(obj.get("to", coming), at(path, "to"), 1, self.stops)
            if revealed and to > self.landings:
                r.fail(
                    at(path, "revealed"),
                    f"a message for Stop {to} opens at its landing, and {self.landings}"
                    " Resolutions have run (SEA-31, SEA-A08)",
                )
            if not revealed and self.phase == OVER:
                r.fail(at(path, "revealed"), "the final Stop opened every message (SEA-82)")
            if not revealed and self.phase == LAND and to <= self.round:
                r.fail(
                    at(path, "to"),
                    f"Stop {self.round}'s landing opened every message for Stop {to}"
                    " (SEA-31, SEA-32, SEA-A08); mark it revealed, or for a later Stop",
                )
        elif "to" in obj:
            r.fail(at(path, "to"), "a public post goes to everybody")
        return Message(seq, time, author, kind, to, text, revealed)

    def _players(self) -> dict[str, int]:
        return {name: h for name, h in zip(self.names, self.house_of, strict=True) if h >= 0}

    def _records(self, m: Message) -> tuple:
        """The Transactions of message ``m`` as the Bureau reads them (SEA-39, SEA-A27);
        none if it cannot read them."""
        try:
            return read(m.text, self.house_of[m.author], self._players())
        except ValueError:
            return ()

    def _sealed(self, m: Message) -> list[tuple[Transaction, tuple[str, float | None]]]:
        """What a sealed message's Transactions are, with their windows: as the Bureau
        read them when it was sent (``flow.transactions``); none if it refused them."""
        if not is_transaction(m.text):
            return []
        records = self._records(m)
        view = self.state.clone()
        view.house_of = self.house_of
        view.special_left = self.special_left
        view.special_round = self.special_round
        view.round = self.round
        view.phase = self.phase
        try:
            for record in records:
                economy.check(view, m.author, record, False)
        except IllegalAction:  # refused when it was sent: the message moves nothing
            return []
        if sum(isinstance(t, Take) for t in records) > 1:
            return []
        return [(t, flow.window(t, False)) for t in records]

    def _standing(self) -> None:
        r = self.r
        out: list[Pending] = []
        for i, obj in enumerate(r.list_(self.doc.get("standing", []), "standing")):
            path = at("standing", i)
            obj = r.obj(obj, path, ("message",), ("part", "text"))
            seq = r.int_(obj["message"], at(path, "message"), 1, len(self.messages) or 1)
            if seq > len(self.messages):
                r.fail(at(path, "message"), "no such message: 'messages' is empty")
            m = self.messages[seq - 1]
            part = r.int_(obj.get("part", 0), at(path, "part"))
            if m.kind == "private" or (m.kind == "hidden" and not m.revealed):
                r.fail(
                    at(path, "message"),
                    f"message {seq} is {'a tell' if m.kind == 'private' else 'still sealed'}:"
                    " a standing offer is a public post or an opened hidden message (SEA-A14)",
                )
            records = self._records(m)
            if part >= len(records):
                r.fail(
                    at(path, "part"),
                    f"message {seq} holds {len(records)} Transactions (SEA-39, SEA-A27)",
                )
            record = records[part]
            public = m.kind == "public"
            window = flow.window(record, public)
            house = self.house_of[m.author]
            p = Pending(m.seq, m.time, m.author, house, record, public, *window, part)
            if not isinstance(record, Conditional) or window[0] not in ("standing", "deadline"):
                r.fail(
                    at(path, "message"),
                    f"'{economy.text(p)}' does not stand: only a conditional in any batch or"
                    " with a deadline waits for its condition (SEA-A13, SEA-A14)",
                )
            if any(q.order == p.order for q in out):
                r.fail(path, f"message {seq}'s Transaction {part} is named twice")
            if "text" in obj:
                self._same(r.str_(obj["text"], at(path, "text")), p, at(path, "text"))
            out.append(p)
        self.standing = sorted(out, key=lambda p: p.order)

    def _same(self, text: str, p: Pending, path: str) -> None:
        """``text`` must read as ``p``'s Transaction (the House's name before it optional)."""
        body = text.split(":", 1)[1] if text.startswith(HOUSES[p.house] + ":") else text
        try:
            again = read(f"{HEADER} {body.strip()}", p.house, self._players())
        except ValueError as exc:
            self.r.fail(path, f"cannot read it: {exc}")
        if again != (p.record,):
            self.r.fail(path, f"the message says '{economy.text(p)}'")

    def _transfers(self) -> None:
        r = self.r
        self.resolved = []
        for i, obj in enumerate(r.list_(self.doc.get("transfers", []), "transfers")):
            path = at("transfers", i)
            obj = r.obj(obj, path, ("from", "to", "gives"), ("after", "time"))
            stamp = r.int_(obj.get("after", len(self.messages)), at(path, "after"), 0)
            if stamp > len(self.messages):
                r.fail(at(path, "after"), f"there are {len(self.messages)} messages")
            when = self._seconds(obj.get("time", self.now), at(path, "time"))
            giver = self._in_play(obj["from"], at(path, "from"))
            taker = self._in_play(obj["to"], at(path, "to"))
            if giver == taker:
                r.fail(at(path, "to"), "a gift goes to another House (SEA-48)")
            amounts = [0] * NUM_ASSETS
            for a, n in self._assets(obj["gives"], at(path, "gives")):
                amounts[a] = n
            if not any(amounts):
                r.fail(at(path, "gives"), "a gift gives something (SEA-48)")
            self.resolved.append(Transfer(stamp, when, giver, taker, tuple(amounts)))

    def _in_play(self, word: Any, path: str) -> int:
        """A House in play, by its name or its player's."""
        r = self.r
        r.str_(word, path)
        for h in self.house_of:
            if h >= 0 and HOUSES[h].lower() == word.lower():
                return h
        if word.lower() in (n.lower() for n in self.names):
            house = self.house_of[r.seat(word, path)]
            if house >= 0:
                return house
        playing = ", ".join(HOUSES[h] for h in self.house_of if h >= 0)
        r.fail(path, f"no House {word!r} in this game; the Houses are {playing}")

    def _paid(self) -> None:
        r = self.r
        mode = self.options["income_ability_mode"]
        obj = r.obj(self.doc.get("abilities_paid", {}), "abilities_paid", (), ("Usury", "Secrets"))
        self.round_paid: list[list[int]] = [[], []]
        if obj and self.phase == DRAFT:
            r.fail("abilities_paid", "nobody has made a Transaction during the draft")
        for index, (house, name) in enumerate(ABILITIES):
            if name not in obj:
                continue
            path = at("abilities_paid", name)
            if house not in self.house_of:
                r.fail(path, f"{name} is not in this game (SEA-62, SEA-63)")
            if mode == "per_transaction":
                r.fail(path, "with income_ability_mode=per_transaction nothing is kept (SEA-A10)")
            if mode == "per_round":
                if r.bool_(obj[name], path):
                    self.round_paid[index] = [-1]
                continue
            paid = []
            for i, w in enumerate(r.list_(obj[name], path)):
                h = self._in_play(w, at(path, i))
                if h == house or h in paid:
                    r.fail(at(path, i), f"{name} is paid once for each other House (SEA-A10)")
                paid.append(h)
            self.round_paid[index] = paid

    def _log(self) -> None:
        r = self.r
        self.log = []
        for i, obj in enumerate(r.list_(self.doc.get("log", []), "log")):
            path = at("log", i)
            obj = r.obj(obj, path, ("kind", "round", "phase"), ("what", "reason"))
            kind = r.str_(obj["kind"], at(path, "kind"), ("resolve", "override"))
            k = r.int_(obj["round"], at(path, "round"), 1, self.round)
            phase = r.str_(obj["phase"], at(path, "phase"), PHASES)
            what = r.str_(obj.get("what", ""), at(path, "what"))
            reason = r.str_(obj.get("reason", ""), at(path, "reason"))
            if kind == "override" and not reason.strip():
                r.fail(at(path, "reason"), "every override has a reason")
            self.log.append(LogEntry(kind, k, phase, what, reason))

    def _chronicle(self) -> None:
        r = self.r
        self.chronicle = []
        for i, obj in enumerate(r.list_(self.doc.get("chronicle", []), "chronicle")):
            path = at("chronicle", i)
            obj = r.obj(obj, path, ("kind", "data"), ("seen_by",))
            kind = r.str_(obj["kind"], at(path, "kind"), empty=False)
            data = r.obj(obj["data"], at(path, "data"))
            audience = EVERYONE
            if "seen_by" in obj:
                seen = set()
                spectators = False
                for j, w in enumerate(r.strings(obj["seen_by"], at(path, "seen_by"))):
                    if w.lower() == "spectators":
                        spectators = True
                    else:
                        seen.add(r.seat(w, at(at(path, "seen_by"), j)))
                others = [seat for seat in range(self.n) if seat not in seen]
                audience = only(*seen)
                if spectators:
                    audience = all_but(*others) if others else EVERYONE
            self.chronicle.append(Event(kind, audience, **data))

    # -- the state --

    def _commit(self) -> None:
        s = self.state
        s.stops = self.stops
        s.options["stops"] = self.stops
        s.round = self.round
        s.phase = self.phase
        s.house_of = self.house_of
        s.rolls = self.rolls
        s.draft_order = self.draft_order
        s.holdings = self.holdings
        s.upgrades = self.upgrades
        s.distribution = self.distribution
        s.special_left = self.special_left
        s.special_round = self.special_round
        s.deck = self.deck
        s.discard = self.discard
        s.known_top = self.known_top
        s.clock = self.clock
        s.now = self.now
        s.phase_started = self.phase_started
        s.limits = self.limits
        s.proposal = self.proposal
        s.agreed = self.agreed
        s.ready = self.ready
        s.messages = self.messages
        s.next_seq = len(self.messages) + 1
        s.sealed = self.sealed
        s.standing = self.standing
        s.resolved = self.resolved
        s.round_paid = self.round_paid
        s.log = self.log
        s.chronicle = self.chronicle
        s.outcome = None
        s.step_started = None
        s.rng.setstate(self.rng_state)
        if self.phase == OVER:
            flow.end_game(s, [])  # the outcome follows from the holdings (SEA-A01)
        self._readable()

    def _readable(self) -> None:
        """Every event of the chronicle reads as a line of the game's forum posts (the
        state is whole by now: a failure here still makes no game)."""
        for i, e in enumerate(self.state.chronicle):
            try:
                describe(self.state, e)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                self.r.fail(
                    at("chronicle", i),
                    f"the game's {e.kind!r} events hold other data (missing or wrong: {exc})",
                )


def _upgrade(word: str) -> int | None:
    lowered = [u.lower() for u in UPGRADES]
    key = " ".join(word.split()).lower()
    return lowered.index(key) if key in lowered else None


__all__ = ["FORMAT", "load_position", "save_position"]
