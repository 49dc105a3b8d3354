"""Saved positions: a Noblesse game's state as a JSON document, ``noblesse-position/1``
(NSE-A01, NSE-118; the keys, defaults and checks are in ``docs/positions/noblesse.md``).

A game starts from a saved position with the option ``position`` (a file, or the document
itself: ``Game.new`` reads it and calls ``load_position`` with a ``PositionReader``), so
any battle or Night can be set up exactly. ``save_position`` writes the whole state before
Night 1, between Nights, during a Day (orders, offers, votes and the deadline) or after the
end, as plain JSON; a round trip is exact, random generator included.

The document names things as a moderator writes them: squares by label (``"B3"``), seats
by the position's own player names (any case; seat i of the position is seat i of the
game, whatever the game calls it), factions by key (``"pape"``), resources as ``{"Inf": 1,
"MP": 2, "$": 3}`` (a missing resource is 0), units by id number, posts and orders by
their text (``"tc B3 Inf"``, ``"move U7 to B3"``), treaties and proposals by their
canonical text. Required at the top: ``format``, ``scenario`` (the game's scenario
option), ``players``, ``night``, ``phase``, ``houses`` (one per seat, in seat order:
``player``, ``role`` and ``home`` required) and ``units`` (every unit on the board, the
neutral ones too: ``id``, ``owner``, ``kind``, ``square`` and ``companies`` required).
Every other key may be left out: ``estates`` defaults to each living house's Home Estate
(NSE-14), other maps and lists to empty, ``leaders`` and ``officers`` to the roles'
Faction Leaders, a house's ``posts`` to the Stewards, TCs and Lobbyists the estates give
it, its ``design`` and ``skipped`` after set-up to the Bureau's own set-up (2-2-1, unique
companies left out: NSE-A08), its resources and courtiers to the scenario's start,
``rng`` to the generator the game's seed gave, ``next_unit``/``next_treaty`` to one past
the highest id. A unit's companies are a list of ids or a recruit order's text (``"O1,
C1 x3, F6 x2"``, as saved). The last Night's battles are not kept (their reports are).

Loading checks each value's shape and then the rules every reachable state keeps, naming
the rule: homes in range and unshared (NSE-07), legal income splits (NSE-12), full units
(NSE-65, NSE-84), coloured and unique companies (NSE-A38, NSE-A18), the stacking limit
(NSE-69), no Steward beside TCs (NSE-23), Lobbyists on collected resources (NSE-24),
living PCs under 3 wounds (NSE-58), no units of a player who is out (NSE-A29), leaders of
their own faction (NSE-111, NSE-112), and more. Nothing changes unless all of it reads.

>>> from bureau.engine.positions import PositionReader
>>> from bureau.games.noblesse.game import GAME
>>> names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
>>> doc = save_position(GAME.new(names, seed=1))
>>> doc["format"], doc["night"], doc["phase"], doc["houses"][0]["player"]
('noblesse-position/1', 0, 'setup', 'Ann')
>>> again = GAME.new(names, seed=2, options={"position": doc})
>>> save_position(again) == doc
True
>>> doc["units"][0]["square"] = "Z99"
>>> load_position(again, doc, PositionReader("game.json", names))
Traceback (most recent call last):
...
bureau.engine.positions.PositionError: game.json: units[0].square: Z99 is not a square of \
the board (A1 to J10)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bureau.engine.game import Outcome
from bureau.engine.positions import PositionReader, at, save_rng

from .actions import read
from .board import FREE_GARRISONS, STACK_LIMIT, shape_problem
from .clauses import TreatyError, read_treaty
from .rules import DEFAULT_DESIGN, DEFAULT_SKIP, LEGAL_SPLITS, SKIPS
from .scenario import UNIT_SHAPES
from .state import (
    BUILDINGS,
    DAY,
    NEUTRAL,
    OVER,
    RES_NAMES,
    SETUP,
    BreachReport,
    Building,
    Control,
    HostageOffer,
    House,
    Marriage,
    Post,
    Proposal,
    SignedTreaty,
    State,
    Unit,
)

FORMAT = "noblesse-position/1"
PHASES = (SETUP, DAY, OVER)
COMMANDERS = ("", "basic", "courtier", "pc", "heir", "noble", "officer")
HEIRS = ("", "home", "field", "hostage")
# State slots a position does not keep: the last Night's battles (their reports are kept),
# what the game's set-up gives (options, scenario, designs, num_players) and step_started
# (unused). ``ctrl`` is kept as ``estates``, ``names`` as ``players``.
DROPPED = ("battles", "designs", "index", "num_players", "options", "scenario", "step_started")
RENAMED = {"ctrl": "estates", "names": "players"}
OFFERS = ("offered", "accepted", "refused", "married")
POSTS = ("steward", "tc", "lobbyist", "spy", "staff")
STATUSES = ("neutral", "allied")  # hostile is the absence of a status (NSE-87)

_TOP = ("format", "scenario", "players", "night", "phase", "houses", "units")
_TOP_OPTIONAL = (
    "estates",
    "stewards",
    "tcs",
    "lobbyists",
    "buildings",
    "nobles",
    "noble_field",
    "status",
    "treaties",
    "proposals",
    "breaches",
    "leaders",
    "successors",
    "officers",
    "mercs",
    "ambush_immune",
    "owed",
    "marriage_offers",
    "hostage_offers",
    "open_cities",
    "bribed",
    "arsoned",
    "facts",
    "log",
    "reports",
    "post",
    "next_unit",
    "next_treaty",
    "rng",
    "clock",
    "outcome",
)
_HOUSE = ("player", "role", "home")
_HOUSE_OPTIONAL = (
    "faction",
    "design",
    "skipped",
    "res",
    "court",
    "posts",
    "wounds",
    "alive",
    "pc_field",
    "heir",
    "heir_wounds",
    "heir_used",
    "spouse",
    "hostage_of",
    "ready",
    "orders",
    "messengers",
    "extra_estate",
    "vote",
    "contacted",
)
_UNIT = ("id", "owner", "kind", "square", "companies")
_UNIT_OPTIONAL = ("commander", "leader", "origin", "fresh", "merc", "rent_free")
_TREATY = ("id", "f1", "f2", "text", "signed", "start", "active", "ended", "reported")
_TREATY_OPTIONAL = ("decided", "applied", "end_at", "dues", "debts", "end", "why")
_PROPOSAL = ("id", "by", "to", "text", "night")
_BUILDING_RULES = dict(
    zip(BUILDINGS, ("NSE-26", "NSE-27", "NSE-28", "NSE-29", "NSE-30"), strict=True)
)
_COMPANY = re.compile(r"([A-Za-z][A-Za-z0-9]*)(?:\s*[xX]\s*([1-9][0-9]?))?")


# -- saving -----------------------------------------------------------------------------------


def save_position(state: State) -> dict:
    """The state as a JSON-ready document (module doc); ``load_position`` reads it back."""
    names, label = state.names, state.label
    facs = [f.key for f in state.scenario.factions]

    def who(seat: int) -> str | None:
        return names[seat] if seat >= 0 else None

    def where(square: int) -> str | None:
        return label(square) if square >= 0 else None

    doc: dict[str, Any] = {
        "format": FORMAT,
        "scenario": state.options.get("scenario", "house_default_v1"),
        "players": list(names),
        "night": state.night,
        "phase": state.phase,
        "houses": [_save_house(state, s, h, who, where) for s, h in enumerate(state.houses)],
        "units": [_save_unit(state, u) for u in state.units.values()],
        "estates": {
            label(sq): {"faction": facs[f], "player": who(s)} for sq, (f, s) in state.ctrl.items()
        },
        "stewards": {label(sq): names[s] for sq, s in state.stewards.items()},
        "tcs": {f"{label(sq)} {RES_NAMES[r]}": names[s] for (sq, r), s in state.tcs.items()},
        "lobbyists": {
            f"{label(sq)} {RES_NAMES[r]}": names[s] for (sq, r), s in state.lobbyists.items()
        },
        "buildings": [
            {
                "square": label(sq),
                "building": name,
                "owner": names[b.owner],
                "finished": b.finished,
                "staff": b.staff,
            }
            for (sq, name), b in state.buildings.items()
        ],
        "nobles": {label(sq): facs[f] for sq, f in state.nobles.items()},
        "noble_field": {label(sq): uid for sq, uid in state.noble_field.items()},
        "status": [
            {"factions": [facs[a], facs[b]], "status": st} for (a, b), st in state.status.items()
        ],
        "treaties": [_save_treaty(t, facs) for t in state.treaties],
        "proposals": [
            {
                "id": p.id,
                "by": facs[p.by],
                "to": facs[p.to],
                "text": p.text,
                "night": p.night,
            }
            for p in state.proposals
        ],
        "breaches": [[tid, facs[f], night] for tid, f, night in state.breaches],
        "leaders": {facs[f]: who(s) for f, s in enumerate(state.leaders)},
        "successors": {facs[f]: who(s) for f, s in enumerate(state.successors)},
        "officers": {name: who(s) for name, s in state.officers.items()},
        "mercs": dict(state.mercs),
        "ambush_immune": {label(sq): names[s] for sq, s in state.ambush_immune.items()},
        "owed": {names[s]: _res(amounts) for s, amounts in state.owed.items()},
        "marriage_offers": [[names[a], names[b], *rest] for a, b, *rest in state.marriage_offers],
        "hostage_offers": [[names[a], names[b], *rest] for a, b, *rest in state.hostage_offers],
        "open_cities": {label(sq): facs[f] for sq, f in state.open_cities.items()},
        "bribed": {label(sq): [RES_NAMES[r] for r in rs] for sq, rs in state.bribed.items()},
        "arsoned": sorted([label(sq), b] for sq, b in state.arsoned),
        "facts": [list(f) for f in state.facts],
        "log": [list(e) for e in state.log],
        "reports": {names[s]: list(lines) for s, lines in enumerate(state.reports)},
        "post": list(state.post),
        "next_unit": state.next_unit,
        "next_treaty": state.next_treaty,
        "rng": save_rng(state.rng),
        "clock": state.clock,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }
    return doc


def _res(amounts) -> dict:
    return dict(zip(RES_NAMES, amounts, strict=True))


def _jsonable(value):
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def companies_text(companies: Sequence[str]) -> str:
    """Companies as a recruit order writes them, in order (a run of one id as ``C1 x3``).

    >>> companies_text(("O1", "C1", "C1", "C1", "F6", "F6"))
    'O1, C1 x3, F6 x2'
    """
    runs: list[list] = []
    for c in companies:
        if runs and runs[-1][0] == c:
            runs[-1][1] += 1
        else:
            runs.append([c, 1])
    return ", ".join(f"{c} x{n}" if n > 1 else c for c, n in runs)


def _post_text(state: State, p) -> str:
    kind, sq, detail = p
    extra = f" {RES_NAMES[detail]}" if isinstance(detail, int) else f" {detail}" * bool(detail)
    return f"{kind} {state.label(sq)}{extra}"


def _save_house(state: State, seat: int, h: House, who, where) -> dict:
    def post(p: tuple) -> str:
        return _post_text(state, p)

    return {
        "player": state.names[seat],
        "role": h.role,
        "faction": state.scenario.factions[h.faction].key,
        "home": where(h.home),
        "design": _res(h.design),
        "skipped": h.skipped,
        "res": _res(h.res),
        "court": h.court,
        "posts": [post(p) for p in h.posts],
        "wounds": h.wounds,
        "alive": h.alive,
        "pc_field": h.pc_field,
        "heir": h.heir,
        "heir_wounds": h.heir_wounds,
        "heir_used": h.heir_used,
        "spouse": who(h.spouse),
        "hostage_of": who(h.hostage_of),
        "ready": h.ready,
        "orders": [str(o) for o in h.orders],
        "messengers": [state.names[s] for s in h.messengers],
        "extra_estate": where(h.extra_estate),
        "vote": who(h.vote),
        "contacted": who(h.contacted),
    }


def _save_unit(state: State, u: Unit) -> dict:
    return {
        "id": u.id,
        "owner": "neutral" if u.owner == NEUTRAL else state.names[u.owner],
        "kind": u.kind,
        "square": state.label(u.square),
        "companies": companies_text(u.companies),
        "commander": u.commander,
        "leader": u.leader,
        "origin": state.label(u.origin),
        "fresh": u.fresh,
        "merc": u.merc,
        "rent_free": u.rent_free,
    }


def _save_treaty(t: SignedTreaty, facs: list[str]) -> dict:
    out: dict[str, Any] = {}
    for key, value in t.fields():
        if key in ("f1", "f2"):
            value = facs[value]
        elif key == "reported":
            value = [[n, facs[o], d] for n, o, d in value]
        elif key == "applied":
            value = [[facs[o], d] for o, d in value]
        elif key == "dues":
            value = [
                {
                    "debtor": facs[a],
                    "creditor": facs[b],
                    "amounts": _res(am),
                    "first": first,
                    "last": last,
                }
                for a, b, am, first, last in value
            ]
        elif key == "debts":
            value = [
                {"debtor": facs[a], "creditor": facs[b], "owed": _res(am)}
                for (a, b), am in value.items()
            ]
        elif key == "decided":
            value = _jsonable(value)
        out[key] = value
    return out


# -- loading ----------------------------------------------------------------------------------


def load_position(state: State, doc: dict, reader: PositionReader) -> None:
    """Fill ``state`` (freshly set up for as many players, with the same scenario) from the
    position ``doc``; a ``PositionError`` names the reader's file, the key path and the
    problem (and the rule it breaks). Nothing of ``state`` changes unless all of ``doc``
    reads."""
    _Loader(state, reader).load(doc)


class _Loader(PositionReader):
    """The shared checks (``PositionReader``: shapes, seats by the position's own player
    names, the random generator) plus Noblesse's own: squares, factions, resources, units,
    posts, orders and treaties, and the rules a position must keep."""

    def __init__(self, state: State, reader: PositionReader):
        super().__init__(reader.where, reader.players)
        self.st = state
        self.facs = [f.key for f in state.scenario.factions]
        self.derive_posts: list[bool] = []  # houses whose posts are left out
        self.given: list[set] = []  # each house's keys

    def scalars(self, obj: Any, path: str) -> tuple:
        """A list of plain values (facts, log entries) as a tuple, nested lists as tuples."""
        out = []
        for i, x in enumerate(self.list_(obj, path)):
            if isinstance(x, list):
                out.append(self.scalars(x, at(path, i)))
            elif isinstance(x, dict):
                self.fail(at(path, i), "must be a number, a string or an array, not an object")
            else:
                out.append(x)
        return tuple(out)

    # -- values ---------------------------------------------------------------------------

    def square(self, obj: Any, path: str, none: bool = False) -> int:
        if obj is None and none:
            return -1
        self.str_(obj, path)
        try:
            return self.st.square(obj)
        except ValueError as exc:
            self.fail(path, str(exc))

    def faction(self, obj: Any, path: str) -> int:
        self.str_(obj, path)
        if obj not in self.facs:
            self.fail(path, f"no faction {obj!r}; the factions are {', '.join(self.facs)}")
        return self.facs.index(obj)

    def resource(self, obj: Any, path: str) -> int:
        return RES_NAMES.index(self.str_(obj, path, RES_NAMES))

    def score(self, obj: Any, path: str) -> float:
        """A seat's score in a finished game's outcome."""
        value = self.number(obj, path)
        assert value is not None  # a number is required here (none=False)
        return float(value)

    def res(self, obj: Any, path: str) -> list[int]:
        self.obj(obj, path, (), RES_NAMES)
        return [self.int_(obj.get(r, 0), at(path, r)) for r in RES_NAMES]

    def unit_id(self, obj: Any, path: str, units: dict) -> int:
        self.int_(obj, path, 1)
        if obj not in units:
            self.fail(path, f"no unit {obj} in units")
        return obj

    def square_res(self, key: str, path: str) -> tuple[int, int]:
        """``"B3 Inf"`` as ``(square, resource)``."""
        sq, _, r = key.partition(" ")
        if not r:
            self.fail(path, "write a square and a resource, e.g. 'B3 Inf'")
        return self.square(sq, path), self.resource(r.strip(), path)

    # -- the document ---------------------------------------------------------------------

    def load(self, data: Any) -> None:
        st = self.st
        d = self.obj(data, "", _TOP, _TOP_OPTIONAL)
        self.str_(d["format"], "format", (FORMAT,))
        scenario = st.options.get("scenario", "house_default_v1")
        if self.str_(d["scenario"], "scenario") != scenario:
            self.fail(
                "scenario",
                f"the position is for scenario {d['scenario']!r}, the game is set up with "
                f"{scenario!r}; give the option scenario={d['scenario']}",
            )
        players = self.strings(d["players"], "players")
        if len(players) != len(st.names):
            self.fail(
                "players",
                f"the position has {len(players)} players ({', '.join(players)}), the game"
                f" {len(st.names)}",
            )
        lowered = [n.lower() for n in players]
        for i, name in enumerate(lowered):
            if lowered.index(name) < i:
                self.fail(at("players", i), f"{players[i]!r} is a player already")
        # Seats are named by the position's players (seat i of the position is seat i of
        # the game, whatever it is called there); orders name them by the game's names.
        self.players = players
        self.rename = dict(zip(players, st.names, strict=True))
        night = self.int_(d["night"], "night")
        phase = self.str_(d["phase"], "phase", PHASES)
        houses = self.houses(d["houses"], phase)
        for i, house in enumerate(houses):
            if phase != SETUP and house.alive and house.home < 0:
                self.fail(
                    f"houses[{i}].home", "a living house has its Home Estate after set-up (NSE-11)"
                )
        units = self.units(d["units"])
        get = d.get
        new: dict[str, Any] = {"night": night, "phase": phase, "houses": houses, "units": units}
        if "estates" in d:
            new["ctrl"] = self.table(d["estates"], "estates", self.square, self.ctrl)
        else:  # each living house holds its Home Estate (NSE-14)
            new["ctrl"] = {
                h.home: Control(h.faction, seat)
                for seat, h in enumerate(houses)
                if h.alive and h.home >= 0
            }
        new["stewards"] = self.table(get("stewards", {}), "stewards", self.square, self.seat)
        for name in ("tcs", "lobbyists"):
            new[name] = self.table(get(name, {}), name, self.square_res, self.seat)
        self.posts(houses, new)
        self.family(houses, units)
        new["buildings"] = self.buildings(get("buildings", []))
        new["nobles"] = self.table(get("nobles", {}), "nobles", self.square, self.faction)
        new["noble_field"] = self.table(
            get("noble_field", {}),
            "noble_field",
            self.square,
            lambda v, p: self.unit_id(v, p, units),
        )
        new["status"] = self.status(get("status", []))
        new["proposals"] = self.proposals(get("proposals", []))
        new["treaties"] = self.treaties(get("treaties", []))
        tids = {t.id for t in new["treaties"]}
        new["breaches"] = []
        for i, b in enumerate(self.list_(get("breaches", []), "breaches")):
            p = f"breaches[{i}]"
            self.list_(b, p, 3)
            if self.int_(b[0], f"{p}[0]", 1) not in tids:
                self.fail(f"{p}[0]", f"no treaty {b[0]} in treaties")
            new["breaches"].append(
                BreachReport(b[0], self.faction(b[1], f"{p}[1]"), self.int_(b[2], f"{p}[2]"))
            )
        new["leaders"] = self.by_faction(get("leaders"), "leaders", _leaders(st, houses))
        new["successors"] = self.by_faction(get("successors"), "successors", [-1] * len(self.facs))
        new["officers"] = self.officers(get("officers"), new["leaders"])
        merc_names = tuple(m.name for m in st.scenario.mercenaries)
        new["mercs"] = self.table(
            get("mercs", {}),
            "mercs",
            lambda k, p: self.str_(k, p, merc_names),
            lambda v, p: self.unit_id(v, p, units),
        )
        new["ambush_immune"] = self.table(
            get("ambush_immune", {}), "ambush_immune", self.square, self.seat
        )
        new["owed"] = self.table(get("owed", {}), "owed", self.seat, self.res)
        marriages = self.offers(get("marriage_offers", []), "marriage_offers", 2)
        new["marriage_offers"] = [Marriage(*m) for m in marriages]
        hostages = self.offers(get("hostage_offers", []), "hostage_offers", 1)
        new["hostage_offers"] = [HostageOffer(*h) for h in hostages]
        new["open_cities"] = self.table(
            get("open_cities", {}), "open_cities", self.square, self.faction
        )
        new["bribed"] = self.table(
            get("bribed", {}),
            "bribed",
            self.square,
            lambda v, p: tuple(
                self.resource(r, f"{p}[{i}]") for i, r in enumerate(self.list_(v, p))
            ),
        )
        new["arsoned"] = {
            (
                self.square(a[0], f"arsoned[{i}][0]"),
                self.str_(a[1], f"arsoned[{i}][1]", tuple(BUILDINGS)),
            )
            for i, a in enumerate(self.list_(get("arsoned", []), "arsoned"))
            if self.list_(a, f"arsoned[{i}]", 2)
        }
        new["facts"] = [
            self.scalars(f, f"facts[{i}]")
            for i, f in enumerate(self.list_(get("facts", []), "facts"))
        ]
        new["log"] = [
            self.scalars(e, f"log[{i}]") for i, e in enumerate(self.list_(get("log", []), "log"))
        ]
        reports = self.table(get("reports", {}), "reports", self.seat, self.strings)
        new["reports"] = [reports.get(s, []) for s in range(len(st.names))]
        new["post"] = self.strings(get("post", []), "post")
        top = max(units, default=0) + 1
        new["next_unit"] = self.int_(get("next_unit", top), "next_unit", top)
        ids = [t.id for t in new["treaties"] + new["proposals"]]
        if len(set(ids)) < len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            self.fail("treaties", f"treaty id {twice} is used twice (treaties and proposals)")
        top = max(ids, default=0) + 1
        new["next_treaty"] = self.int_(get("next_treaty", top), "next_treaty", top)
        new["clock"] = self.number(get("clock"), "clock", none=True)
        new["outcome"] = self.outcome(get("outcome"), phase)
        self.keeps_the_rules(new)
        if "rng" in d:
            self.rng(d["rng"], "rng", st.rng)
        for name, value in new.items():
            setattr(st, name, value)

    def keeps_the_rules(self, new: dict) -> None:
        """What the rules keep true of every reachable state (the rule in each message);
        the moderator's overrides (``moderator.py``) can change none of it."""
        st, sc = self.st, self.st.scenario
        houses, units, phase = new["houses"], new["units"], new["phase"]
        if (phase == SETUP) != (new["night"] == 0):
            self.fail(
                "night",
                f"Night {new['night']} in phase {phase!r}: the game starts with"
                " a Night, ended by the set-up phase (NSE-118)",
            )
        if new["outcome"] is not None and phase != OVER:
            self.fail("outcome", "a game with an outcome is in phase 'over' (NSE-A04)")
        homes: dict[int, int] = {}
        for seat, h in enumerate(houses):
            p = f"houses[{seat}]"
            if h.home >= 0:
                (r0, c0), (r1, c1) = sc.factions[h.faction].home
                r, c = divmod(h.home, sc.cols)
                if not (r0 <= r <= r1 and c0 <= c <= c1):
                    self.fail(
                        f"{p}.home",
                        f"{st.label(h.home)} is outside the range of"
                        f" {sc.factions[h.faction].name} (NSE-07)",
                    )
                if h.home in sc.victory:
                    self.fail(f"{p}.home", f"{st.label(h.home)} is a victory square (NSE-07)")
                if h.home in homes:
                    self.fail(
                        f"{p}.home",
                        f"{st.label(h.home)} is {self.players[homes[h.home]]}'s home; two"
                        " players may not share a home tile (NSE-07)",
                    )
                homes[h.home] = seat
            split = tuple(sorted(h.design, reverse=True))
            chosen = phase != SETUP and (h.alive or any(split))
            if chosen and split not in LEGAL_SPLITS:
                self.fail(
                    f"{p}.design",
                    "divide 5 points as 5-0-0, 4-1-0, 3-2-0, 3-1-1 or 2-2-1 in any order (NSE-12)",
                )
            if chosen and not 1 <= h.skipped <= 4:
                self.fail(f"{p}.skipped", "one of the four options is left out at set-up (NSE-08)")
            if h.alive and h.wounds >= 3:
                self.fail(f"{p}.wounds", "a PC with 3 Wound Tokens is out of the game (NSE-58)")
            if h.heir and h.heir_wounds >= 3:
                self.fail(f"{p}.heir_wounds", "an Heir with 3 Wound Tokens is dead (NSE-A42)")
        for f, (kind, seats) in enumerate(
            (("leaders", new["leaders"]), ("successors", new["successors"]))
        ):
            for fac, seat in enumerate(seats):
                if seat >= 0 and houses[seat].faction != fac:
                    rule = ("NSE-111", "NSE-112")[f]
                    self.fail(
                        at(kind, self.facs[fac]),
                        f"{self.players[seat]} is not of faction {self.facs[fac]} ({rule})",
                    )
        for sq, (fac, seat) in new["ctrl"].items():
            if seat >= 0 and houses[seat].faction != fac:
                self.fail(
                    at(at("estates", st.label(sq)), "player"),
                    f"{self.players[seat]} is not of faction {self.facs[fac]} (NSE-17)",
                )
        self.keeps_units(new, houses, units)
        for (sq, r), _seat in new["tcs"].items():
            if sq in new["stewards"]:
                self.fail(
                    at("tcs", f"{st.label(sq)} {RES_NAMES[r]}"),
                    "a Steward and TCs cannot share an estate (NSE-23)",
                )
        for sq, r in new["lobbyists"]:
            if (sq, r) not in new["tcs"]:
                self.fail(
                    at("lobbyists", f"{st.label(sq)} {RES_NAMES[r]}"),
                    "a Lobbyist is placed on a resource a TC collects (NSE-24)",
                )

    def keeps_units(self, new: dict, houses: list[House], units: dict[int, Unit]) -> None:
        st = self.st
        designs = st.designs
        per_unit = st.options.get("max_coloured_per_unit", 2)
        per_player = st.options.get("max_coloured_per_player", 4)
        coloured = [0] * len(houses)
        fielded: dict[tuple[int, str], int] = {}
        stacks: dict[tuple[int, int], list[Unit]] = {}
        for i, u in enumerate(units.values()):
            p = f"units[{i}]"
            problem = shape_problem(st, (u.kind, u.commander, "", [(c, 1) for c in u.companies]))
            if problem:
                self.fail(f"{p}.companies", problem)
            if u.merc and new["mercs"].get(u.merc) != u.id:
                self.fail(f"{p}.merc", f"mercs does not rent {u.merc} as unit {u.id} (NSE-A34)")
            if u.commander == "noble" and new["noble_field"].get(st.square(u.leader)) != u.id:
                self.fail(
                    f"{p}.leader",
                    f"noble_field does not put the Noble of {u.leader} at"
                    f" the head of unit {u.id} (NSE-A39)",
                )
            if u.owner == NEUTRAL:
                continue
            h = houses[u.owner]
            if not h.alive:
                self.fail(
                    f"{p}.owner",
                    f"{self.players[u.owner]} is out of the game; his units"
                    " are disbanded (NSE-A29)",
                )
            colours = sum(1 for c in u.companies if designs[c].colour)
            coloured[u.owner] += colours
            if colours > per_unit:
                self.fail(
                    f"{p}.companies",
                    f"a unit may hold {per_unit} coloured companies at most (NSE-A38)",
                )
            if coloured[u.owner] > per_player:
                self.fail(
                    f"{p}.companies",
                    f"{self.players[u.owner]} may hold {per_player}"
                    " coloured companies at most (NSE-A38)",
                )
            uniques = st.scenario.roles[h.role - 1].uniques
            for c in u.companies:
                if designs[c].limit:
                    if designs[c] not in uniques or h.skipped == 4:
                        self.fail(
                            f"{p}.companies",
                            f"{c} ({designs[c].name}) is not a unique"
                            f" company of {self.players[u.owner]}'s (NSE-08, NSE-A18)",
                        )
                    fielded[u.owner, c] = fielded.get((u.owner, c), 0) + 1
                    if fielded[u.owner, c] > designs[c].limit:
                        self.fail(
                            f"{p}.companies",
                            f"{designs[c].name} may be fielded"
                            f" {designs[c].limit} times in all (NSE-A18)",
                        )
            stacks.setdefault((u.square, h.faction), []).append(u)
            side = stacks[u.square, h.faction]
            garrisons = sum(1 for x in side if x.kind == "Garrison")
            if len(side) - garrisons + max(0, garrisons - FREE_GARRISONS) > STACK_LIMIT:
                self.fail(
                    f"{p}.square",
                    f"more than {STACK_LIMIT} units of faction"
                    f" {self.facs[h.faction]} on {st.label(u.square)}, its first"
                    f" {FREE_GARRISONS} Garrisons aside (NSE-69)",
                )
        for sq, uid in new["noble_field"].items():
            u = units[uid]
            if u.commander != "noble" or u.leader != st.label(sq):
                self.fail(
                    at("noble_field", st.label(sq)),
                    f"unit {uid} is not led by the Noble of {st.label(sq)} (NSE-A39)",
                )
        for name, uid in new["mercs"].items():
            if units[uid].merc != name:
                self.fail(at("mercs", name), f"unit {uid} is not {name} (NSE-A34)")

    def posts(self, houses: list[House], new: dict) -> None:
        """Each house's Stewards, TCs and Lobbyists are those the estates list (NSE-32: a
        courtier has one post); a house's ``posts`` left out are those (and no Spies). A
        player out of the game has none, though a Steward of his backing a Noble stays
        (NSE-A29, NSE-A39)."""
        placed: list[list[Post]] = [[] for _ in houses]
        for sq, seat in new["stewards"].items():
            placed[seat].append(Post("steward", sq))
        for kind in ("tc", "lobbyist"):
            for (sq, r), seat in new[f"{kind}s"].items():
                placed[seat].append(Post(kind, sq, r))
        for seat, h in enumerate(houses):
            if not h.alive:
                placed[seat] = []
            if self.derive_posts[seat]:
                h.posts = placed[seat]
                continue
            listed = sorted(p for p in h.posts if p[0] in ("steward", "tc", "lobbyist"))
            if listed != sorted(placed[seat]):
                shown = ", ".join(_post_text(self.st, p) for p in placed[seat]) or "none"
                self.fail(
                    f"houses[{seat}].posts",
                    f"its Stewards, TCs and Lobbyists are not those stewards, tcs and"
                    f" lobbyists give {self.players[seat]} ({shown}) (NSE-32)",
                )

    def family(self, houses: list[House], units: dict[int, Unit]) -> None:
        """A PC or Heir leads one unit at most, and is in the field exactly when he leads
        one (NSE-59, NSE-60, NSE-63); ``pc_field`` and ``heir`` left out say so."""
        leading: dict[tuple[int, str], int] = {}
        for i, u in enumerate(units.values()):
            if u.commander in ("pc", "heir") and u.owner != NEUTRAL:
                if (u.owner, u.commander) in leading:
                    who = "PC" if u.commander == "pc" else "Heir"
                    self.fail(
                        f"units[{i}].commander",
                        f"{self.players[u.owner]}'s {who} leads unit"
                        f" {leading[u.owner, u.commander]} already (NSE-59, NSE-63)",
                    )
                leading[u.owner, u.commander] = u.id
        for seat, h in enumerate(houses):
            p, given = f"houses[{seat}]", self.given[seat]
            pc = (seat, "pc") in leading
            if "pc_field" not in given:
                h.pc_field = pc
            elif h.pc_field != pc:
                where = f"leads unit {leading[seat, 'pc']}" if pc else "leads no unit"
                self.fail(f"{p}.pc_field", f"the PC {where} (NSE-59, NSE-60)")
            heir = (seat, "heir") in leading
            if heir and "heir" not in given:
                h.heir = "field"
            elif heir != (h.heir == "field"):
                where = f"leads unit {leading[seat, 'heir']}" if heir else "leads no unit"
                self.fail(f"{p}.heir", f"the Heir {where} (NSE-63)")

    def companies(self, obj: Any, path: str) -> tuple[str, ...]:
        """A unit's companies: a list of ids, or as a recruit order writes them."""
        if not isinstance(obj, str):
            return tuple(self.strings(obj, path))
        out: list[str] = []
        for part in obj.split(","):
            m = _COMPANY.fullmatch(part.strip())
            if m is None:
                self.fail(path, f"write the companies as 'O1, C1 x3, F6 x2', not {part!r}")
            out += [m[1].upper()] * int(m[2] or 1)
        return tuple(out)

    def offers(self, obj: Any, path: str, texts: int) -> list[tuple]:
        """Marriage offers ``[from, to, ability, status]``, hostage offers ``[from, to,
        status]`` (status ``offered``, ``accepted``, ``refused`` or ``married``)."""
        out = []
        for i, m in enumerate(self.list_(obj, path)):
            p = f"{path}[{i}]"
            self.list_(m, p, 2 + texts)
            seats = (self.seat(m[0], f"{p}[0]"), self.seat(m[1], f"{p}[1]"))
            rest = tuple(self.str_(x, f"{p}[{j}]") for j, x in enumerate(m[2:], 2))
            if rest[-1] not in OFFERS:
                self.fail(
                    f"{p}[{1 + texts}]",
                    f"unknown {rest[-1]!r}; the choices are {', '.join(OFFERS)}",
                )
            out.append(seats + rest)
        return out

    def houses(self, obj: Any, phase: str) -> list[House]:
        st = self.st
        sc = st.scenario
        n = len(st.names)
        allowed = sc.roles_for(n)
        out: list[House] = []
        seen: dict[int, int] = {}
        for seat, h in enumerate(self.list_(obj, "houses", n)):
            p = f"houses[{seat}]"
            self.obj(h, p, _HOUSE, _HOUSE_OPTIONAL)
            if self.seat(h["player"], f"{p}.player") != seat:
                self.fail(f"{p}.player", f"house {seat + 1} is {self.players[seat]}'s (seat order)")
            role = self.int_(h["role"], f"{p}.role", 1)
            if role not in allowed:
                self.fail(
                    f"{p}.role",
                    f"role {role} is not in play with {n} players; the roles are "
                    f"{', '.join(map(str, allowed))} (NSE-A01)",
                )
            if role in seen:
                self.fail(
                    f"{p}.role", f"role {role} is {self.players[seen[role]]}'s already (NSE-05)"
                )
            seen[role] = seat
            faction = self.facs.index(sc.roles[role - 1].faction)
            if "faction" in h and self.faction(h["faction"], f"{p}.faction") != faction:
                self.fail(
                    f"{p}.faction", f"role {role} is of faction {self.facs[faction]} (NSE-A01)"
                )
            house = House(role, faction, sc.defaults.courtiers, sc.defaults.starting_resources)
            house.home = self.square(h["home"], f"{p}.home", none=True)
            g = h.get
            if phase != SETUP:  # the Bureau's set-up for a house that sent none (NSE-A08)
                house.design = tuple(int(x) for x in DEFAULT_DESIGN.split("-"))
                house.skipped = SKIPS[DEFAULT_SKIP]
            house.design = tuple(self.res(g("design", _res(house.design)), f"{p}.design"))
            house.skipped = self.int_(g("skipped", house.skipped), f"{p}.skipped", 0, 4)
            house.res = self.res(g("res", _res(house.res)), f"{p}.res")
            house.court = self.int_(g("court", house.court), f"{p}.court")
            house.posts = [
                self.post(x, f"{p}.posts[{i}]")
                for i, x in enumerate(self.list_(g("posts", []), f"{p}.posts"))
            ]
            self.derive_posts.append("posts" not in h)
            self.given.append(set(h))
            for name in ("wounds", "heir_wounds"):
                setattr(house, name, self.int_(g(name, 0), f"{p}.{name}"))
            for name, default in (
                ("alive", True),
                ("pc_field", False),
                ("heir_used", False),
                ("ready", False),
            ):
                setattr(house, name, self.bool_(g(name, default), f"{p}.{name}"))
            house.heir = self.str_(g("heir", ""), f"{p}.heir", HEIRS)
            for name in ("spouse", "hostage_of", "vote", "contacted"):
                setattr(house, name, self.seat(g(name), f"{p}.{name}", none=True))
            house.orders = [
                self.order(x, f"{p}.orders[{i}]")
                for i, x in enumerate(self.list_(g("orders", []), f"{p}.orders"))
            ]
            house.messengers = tuple(
                self.seat(x, f"{p}.messengers[{i}]")
                for i, x in enumerate(self.list_(g("messengers", []), f"{p}.messengers"))
            )
            house.extra_estate = self.square(g("extra_estate"), f"{p}.extra_estate", none=True)
            out.append(house)
        return out

    def post(self, obj: Any, path: str) -> Post:
        words = self.str_(obj, path).split(maxsplit=2)
        if len(words) < 2 or words[0] not in POSTS:
            self.fail(path, f"write a post as KIND SQUARE [DETAIL], KIND one of {', '.join(POSTS)}")
        kind, sq, rest = words[0], self.square(words[1], path), words[2] if len(words) > 2 else ""
        if kind in ("tc", "lobbyist"):
            return Post(kind, sq, self.resource(rest, path))
        if kind == "staff":
            return Post(kind, sq, self.str_(rest, path, tuple(BUILDINGS)))
        if rest:
            self.fail(path, f"a {kind} post is written as '{kind} SQUARE'")
        return Post(kind, sq)

    def order(self, obj: Any, path: str):
        try:
            order = read(self.st.scenario, tuple(self.players), self.str_(obj, path))
        except ValueError as exc:  # the reader's errors are ValueErrors (IllegalAction too)
            self.fail(path, f"cannot read the order: {exc}")
        if any(a != b for a, b in self.rename.items()):
            order = _renamed(order, self.rename)
        return order

    def units(self, obj: Any) -> dict[int, Unit]:
        st = self.st
        designs = st.designs
        officers = [o.name for f in st.scenario.factions for o in f.officers]
        mercs = [m.name for m in st.scenario.mercenaries]
        out: dict[int, Unit] = {}
        for i, u in enumerate(self.list_(obj, "units")):
            p = f"units[{i}]"
            self.obj(u, p, _UNIT, _UNIT_OPTIONAL)
            uid = self.int_(u["id"], f"{p}.id", 1)
            if uid in out:
                self.fail(f"{p}.id", f"unit {uid} is listed twice")
            owner = NEUTRAL if u["owner"] == "neutral" else self.seat(u["owner"], f"{p}.owner")
            kind = self.str_(u["kind"], f"{p}.kind", tuple(UNIT_SHAPES))
            companies = self.companies(u["companies"], f"{p}.companies")
            for j, c in enumerate(companies):
                if c not in designs:
                    self.fail(f"{p}.companies[{j}]", f"no company design {c!r} in the scenario")
            square = self.square(u["square"], f"{p}.square")
            commander = self.str_(u.get("commander", ""), f"{p}.commander", COMMANDERS)
            leader = self.str_(u.get("leader", ""), f"{p}.leader")
            if commander == "officer" and leader not in officers:
                self.fail(f"{p}.leader", f"name the Unique Officer: one of {', '.join(officers)}")
            if commander == "noble":
                self.square(leader, f"{p}.leader")  # the Noble's square
            unit = Unit(uid, owner, kind, companies, commander, square, leader)
            unit.origin = self.square(u.get("origin", u["square"]), f"{p}.origin")
            unit.fresh = self.bool_(u.get("fresh", True), f"{p}.fresh")
            unit.merc = self.str_(u.get("merc", ""), f"{p}.merc", ("", *mercs))
            unit.rent_free = self.int_(u.get("rent_free", 0), f"{p}.rent_free")
            out[uid] = unit
        return out

    def ctrl(self, obj: Any, path: str) -> Control:
        self.obj(obj, path, ("faction",), ("player",))
        f = self.faction(obj["faction"], f"{path}.faction")
        seat = self.seat(obj.get("player"), f"{path}.player", none=True)
        return Control(f, seat)

    def buildings(self, obj: Any) -> dict[tuple[int, str], Building]:
        out = {}
        for i, b in enumerate(self.list_(obj, "buildings")):
            p = f"buildings[{i}]"
            self.obj(b, p, ("square", "building", "owner"), ("finished", "staff"))
            name = self.str_(b["building"], f"{p}.building", tuple(BUILDINGS))
            key = (self.square(b["square"], f"{p}.square"), name)
            if key in out:
                self.fail(p, f"a second {name} on {b['square']}: one of each type (NSE-A26)")
            staff = self.int_(b.get("staff", 0), f"{p}.staff", 0)
            if staff > BUILDINGS[name][2]:
                self.fail(
                    f"{p}.staff",
                    f"a {name} is run by {BUILDINGS[name][2]} courtier(s), not {staff}"
                    f" ({_BUILDING_RULES[name]})",
                )
            out[key] = Building(
                self.seat(b["owner"], f"{p}.owner"),
                self.bool_(b.get("finished", True), f"{p}.finished"),
                staff,
            )
        return out

    def status(self, obj: Any) -> dict:
        out = {}
        for i, s in enumerate(self.list_(obj, "status")):
            p = f"status[{i}]"
            self.obj(s, p, ("factions", "status"))
            pair = self.list_(s["factions"], f"{p}.factions", 2)
            a, b = (self.faction(x, f"{p}.factions[{j}]") for j, x in enumerate(pair))
            if a == b:
                self.fail(f"{p}.factions", "name two different factions")
            status = self.str_(s["status"], f"{p}.status", ("hostile", *STATUSES))
            if status != "hostile":  # hostile is the default, not stored (NSE-87)
                out[(min(a, b), max(a, b))] = status
        return out

    def treaty(self, text: str, path: str, f1: int, f2: int):
        facs = self.st.scenario.factions
        votes = bool(self.st.options.get("lynch", False))
        try:
            return read_treaty(self.str_(text, path), facs[f1].name, facs[f2].name, votes=votes)
        except TreatyError as exc:
            self.fail(path, f"cannot read the treaty: {exc}")

    def proposals(self, obj: Any) -> list[Proposal]:
        out = []
        for i, t in enumerate(self.list_(obj, "proposals")):
            p = f"proposals[{i}]"
            self.obj(t, p, _PROPOSAL)
            by, to = self.faction(t["by"], f"{p}.by"), self.faction(t["to"], f"{p}.to")
            treaty = self.treaty(t["text"], f"{p}.text", by, to)
            tid, night = self.int_(t["id"], f"{p}.id", 1), self.int_(t["night"], f"{p}.night")
            out.append(Proposal(tid, by, to, treaty, t["text"], night))
        return out

    def treaties(self, obj: Any) -> list[SignedTreaty]:
        out = []
        for i, t in enumerate(self.list_(obj, "treaties")):
            p = f"treaties[{i}]"
            self.obj(t, p, _TREATY, _TREATY_OPTIONAL)
            f1, f2 = self.faction(t["f1"], f"{p}.f1"), self.faction(t["f2"], f"{p}.f2")
            new: dict[str, Any] = {}
            for key, v in t.items():
                q = f"{p}.{key}"
                if key in ("f1", "f2"):
                    v = f1 if key == "f1" else f2
                elif key == "text":
                    new["treaty"] = self.treaty(v, q, f1, f2)
                elif key in ("id",):
                    self.int_(v, q, 1)
                elif key in ("signed", "start", "end_at", "end"):
                    self.int_(v, q)
                elif key in ("active", "ended"):
                    self.bool_(v, q)
                elif key == "why":
                    self.str_(v, q)
                elif key == "reported":
                    v = [
                        (
                            self.int_(r[0], f"{q}[{j}][0]", 1),
                            self.faction(r[1], f"{q}[{j}][1]"),
                            self.int_(r[2], f"{q}[{j}][2]"),
                        )
                        for j, r in enumerate(self.list_(v, q))
                        if self.list_(r, f"{q}[{j}]", 3)
                    ]
                elif key == "applied":
                    v = [
                        (self.faction(r[0], f"{q}[{j}][0]"), self.int_(r[1], f"{q}[{j}][1]"))
                        for j, r in enumerate(self.list_(v, q))
                        if self.list_(r, f"{q}[{j}]", 2)
                    ]
                elif key == "dues":
                    v = [self.due(r, f"{q}[{j}]") for j, r in enumerate(self.list_(v, q))]
                elif key == "debts":
                    v = dict(self.debt(r, f"{q}[{j}]") for j, r in enumerate(self.list_(v, q)))
                elif key == "decided":
                    v = self.scalars(v, q)
                new[key] = v
            signed = SignedTreaty(
                new["id"], f1, f2, new["treaty"], new["text"], new["signed"], new["start"],
                new["active"], new["ended"], new["reported"],
            )  # fmt: skip
            for key in SignedTreaty.OPTIONAL:
                if key in new:
                    setattr(signed, key, new[key])
            signed.order = tuple(key for key in t if key != "treaty")  # as the document has them
            out.append(signed)
        return out

    def due(self, obj: Any, path: str) -> tuple:
        self.obj(obj, path, ("debtor", "creditor", "amounts", "first", "last"))
        last = obj["last"]
        return (
            self.faction(obj["debtor"], f"{path}.debtor"),
            self.faction(obj["creditor"], f"{path}.creditor"),
            tuple(self.res(obj["amounts"], f"{path}.amounts")),
            self.int_(obj["first"], f"{path}.first"),
            None if last is None else self.int_(last, f"{path}.last"),
        )

    def debt(self, obj: Any, path: str) -> tuple:
        self.obj(obj, path, ("debtor", "creditor", "owed"))
        pair = (
            self.faction(obj["debtor"], f"{path}.debtor"),
            self.faction(obj["creditor"], f"{path}.creditor"),
        )
        return pair, tuple(self.res(obj["owed"], f"{path}.owed"))

    def by_faction(self, obj: Any, path: str, default: list[int]) -> list[int]:
        """``{faction key: player or null}``; factions left out keep ``default``."""
        out = default[:]
        if obj is None:
            return out
        for f, seat in self.table(
            obj, path, self.faction, lambda v, p: self.seat(v, p, True)
        ).items():
            out[f] = seat
        return out

    def officers(self, obj: Any, leaders: list[int]) -> dict[str, int]:
        """``{officer: holder or null}`` (null: commanding a unit); left out, every Unique
        Officer is with his Faction Leader (NSE-113), and when given, an officer it leaves
        out is lost (NSE-A14)."""
        names = tuple(o.name for fac in self.st.scenario.factions for o in fac.officers)
        if obj is None:
            return {
                o.name: leaders[f]
                for f, fac in enumerate(self.st.scenario.factions)
                for o in fac.officers
            }
        return self.table(
            obj,
            "officers",
            lambda k, p: self.str_(k, p, names),
            lambda v, p: self.seat(v, p, none=True),
        )

    def outcome(self, obj: Any, phase: str) -> Outcome | None:
        if obj is None:
            if phase == OVER:
                self.fail("outcome", "a game in phase 'over' has its outcome (NSE-A04)")
            return None
        self.obj(obj, "outcome", ("scores", "ranking", "winners", "capped", "reason"), ("details",))
        n = len(self.st.names)
        scores = self.list_(obj["scores"], "outcome.scores", n)
        return Outcome(
            tuple(self.score(x, f"outcome.scores[{i}]") for i, x in enumerate(scores)),
            tuple(
                self.int_(x, f"outcome.ranking[{i}]", 1)
                for i, x in enumerate(self.list_(obj["ranking"], "outcome.ranking", n))
            ),
            tuple(
                self.int_(x, f"outcome.winners[{i}]", 0, n - 1)
                for i, x in enumerate(self.list_(obj["winners"], "outcome.winners"))
            ),
            self.bool_(obj["capped"], "outcome.capped"),
            self.str_(obj["reason"], "outcome.reason"),
            self.obj(obj.get("details", {}), "outcome.details"),
        )


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An order (or one of its fields) with the position's player names as the game's."""
    if isinstance(value, tuple):
        fields = [_renamed(v, names) for v in value]
        return type(value)(*fields) if hasattr(value, "_fields") else tuple(fields)
    return names.get(value, value) if isinstance(value, str) else value


def _leaders(state: State, houses: list[House]) -> list[int]:
    """Each faction's Faction Leader by role (as ``Noblesse.setup`` deals them)."""
    roles = state.scenario.roles
    out = []
    for f in range(len(state.scenario.factions)):
        seats = [s for s, h in enumerate(houses) if h.faction == f and roles[h.role - 1].leader]
        out.append(seats[0] if seats else -1)
    return out
