"""Noblesse scenarios as TOML data, validated on load (NSE-A01).

The source ships no scenario, so Bureau ships the HOUSE default of
``../shared/rules/noblesse.md`` section 4 (``house_default_v1.toml``) and a
moderator may load her own (section 5). Loading checks every entry and names
the file, the key path (0-based indexes) and the problem:

>>> sc = load_scenario("house_default_v1")
>>> sc.income("E5"), sc.income("C3"), sc.dynastic_threshold
((2, 2, 2), (0, 2, 1), 8)
>>> sc.roles[6].name, sc.roles[6].abilities[2].name, sc.roles[6].abilities[2].cost
('The Twice Crowned King', 'Royal Host', 8)
>>> formula_mismatches(sc)
()
>>> parse_scenario('name = 1', "my.toml")
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: my.toml: board: missing
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Hashable, Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from bureau.engine import OptionError

RESOURCES = ("Inf", "MP", "$")
# NSE-A18: nine numeric stats, in this order in every ``stats`` tuple.
STATS = ("ATK", "MAL", "MEL", "CHG", "PIK", "RNG", "AMB", "MOR", "TGH")
COLOURS = ("bronze", "silver", "gold")
SLOTS = ("Officer", "Centre", "Flank", "Reserve")
# NSE-65: each unit type's companies per slot (Officer, Centre, Flank, Reserve).
UNIT_SHAPES = {
    "Regiment": (1, 3, 2, 0),
    "Brigade": (1, 5, 2, 2),
    "Division": (1, 7, 4, 2),
    "Garrison": (1, 5, 0, 3),
}
ABILITY_COSTS = (2, 5, 8)
NIGHT_STEPS = range(1, 11)
# §4.1: total income by ring d = 0..4, and the split of a total over (primary, next, next).
RING_TOTALS = (6, 4, 3, 2, 1)
SPLITS = {6: (2, 2, 2), 4: (2, 1, 1), 3: (2, 1, 0), 2: (1, 1, 0), 1: (1, 0, 0)}

# The effect vocabulary: each mechanism with its parameters {name: kind}; every parameter
# is required. Kinds: "int" (a whole number >= 0), "bool", "resource", "unit", "stat" or a
# tuple of allowed words.
_WHERE = ("controlled", "unit_present", "adjacent_spy", "adjacent_unit", "any", "spy")
ABILITY_EFFECTS: dict[str, dict[str, object]] = {
    "open_city": {
        "estates": "int",
        "where": ("controlled", "unit_present"),
        "home": "bool",
        "steward": "bool",
    },
    "create_noble": {"nobles": "int", "on_steward": "bool"},
    "political_marriage": {"heir_cost": "int"},
    "forced_march": {"units": "int"},
    "field_surgeon": {"targets": "int", "whom": ("self", "faction"), "to_zero": "bool"},
    "hired_assassin": {"wounds": "int", "heir": "bool"},
    "arson": {"where": ("adjacent_spy", "any")},
    "reveal_alt": {},
    "knife_in_the_back": {"keep_spy": "bool"},
    "bribery": {"resources": "int", "where": ("spy", "near_unit"), "distance": "int"},
    "rent_mercenary": {"free_nights": "int"},
    "recruit": {"unit": "unit", "count": "int"},
    "messenger": {"any_faction": "bool"},
    "poison_the_wells": {"where": ("adjacent_spy",)},
    "incapacitate": {"where": ("adjacent_unit",), "spy": "bool"},
    "ambush_immunity": {"estates": "int"},
}
CORE_EFFECTS: dict[str, dict[str, object]] = {
    "night_income": {"resource": (*RESOURCES, "choice"), "amount": "int"},
    "create_noble_discount": {"amount": "int", "minimum": "int"},
    "courtier_commander_atk": {"atk": "int"},
    "spy_move": {"estates": "int"},
    "lobbyist_bonus": {"amount": "int"},
    "appointed_commander_atk_bonus": {"amount": "int"},
    "steward_bonus": {"resource": "resource", "amount": "int", "faction_wide": "bool"},
    "noble_commander_atk": {"atk": "int"},
    "recruit_first_move": {"estates": "int"},
    "garrison_mor_bonus": {"amount": "int"},
    "tc_bonus": {"amount": "int"},
}
SQUARE = re.compile(r"([A-Z])([1-9][0-9]?)$")
KEY = re.compile(r"[a-z][a-z0-9_]*$")
Param = tuple[str, "int | str | bool"]


class Estate(NamedTuple):
    """A square of the board: its label, 0-based row and column, base income."""

    square: str
    row: int
    col: int
    income: tuple[int, int, int]  # Inf, MP, $


class Core(NamedTuple):
    """A passive core ability (a faction's shared core or a role's special core)."""

    name: str
    text: str
    effect: str
    params: tuple[Param, ...]

    def param(self, key: str):
        return dict(self.params)[key]


class Ability(NamedTuple):
    """A role's 2/5/8-cost ability: price, Night step, text and mechanism."""

    name: str
    cost: int
    resource: str
    step: int
    text: str
    effect: str
    params: tuple[Param, ...]

    def param(self, key: str):
        return dict(self.params)[key]


class Company(NamedTuple):
    """A company design. ``stats`` follows ``STATS``; ``limit`` is 0 for catalogue designs,
    else how many of a role's unique design may be fielded."""

    id: str
    name: str
    slot: str
    stats: tuple[int, ...]
    colour: str
    tier: int
    limit: int = 0

    def stat(self, name: str) -> int:
        return self.stats[STATS.index(name)]


class Officer(NamedTuple):
    """A Unique Officer (§4.4): a character commander held by the faction's FL."""

    name: str
    faction: str
    stats: tuple[int, ...]


class Faction(NamedTuple):
    """A starting faction: prestige, home region (inclusive corners), core, bonus."""

    key: str
    name: str
    short: str
    prestige: int
    home: tuple[tuple[int, int], tuple[int, int]]
    core: Core
    war_council: tuple[int, ...]  # per STATS
    officers: tuple[Officer, ...]


class Role(NamedTuple):
    """A role PM: number, faction, whether it is the FL, core, abilities, uniques."""

    number: int
    faction: str
    name: str
    leader: bool
    core: Core
    abilities: tuple[Ability, Ability, Ability]
    uniques: tuple[Company, ...]


class Mercenary(NamedTuple):
    """A unit of the mercenary pool (NSE-A34): its companies (id, count) and rent in $."""

    name: str
    unit: str
    companies: tuple[tuple[str, int], ...]
    rent: int


class Neutral(NamedTuple):
    """A neutral unit seeded on each of ``squares`` at the start (NSE-A43)."""

    name: str
    unit: str
    companies: tuple[tuple[str, int], ...]
    squares: tuple[str, ...]
    totals: tuple[int, ...]  # per STATS
    tiers: int


class Defaults(NamedTuple):
    """Other settings (§4.7, §5 items 8 and 9)."""

    day_deadline_hours: int
    night_automatic: bool
    lynch: bool
    starting_resources: tuple[int, int, int]
    max_rounds: int
    courtiers: int
    starting_unit_budget_mp: int
    custom_companies: bool


class Scenario(NamedTuple):
    """A whole scenario. ``estates`` is row-major (A1, A2, ..., J10)."""

    name: str
    rows: int
    cols: int
    estates: tuple[Estate, ...]
    victory: tuple[str, ...]
    factions: tuple[Faction, ...]
    roles: tuple[Role, ...]
    base_roles: tuple[int, ...]
    add_order: tuple[int, ...]
    min_players: int
    max_players: int
    companies: tuple[Company, ...]
    mercenaries: tuple[Mercenary, ...]
    neutrals: tuple[Neutral, ...]
    defaults: Defaults
    dynastic_threshold: int

    def estate(self, square: str) -> Estate:
        r, c = square_index(square, self.rows, self.cols)
        return self.estates[r * self.cols + c]

    def income(self, square: str) -> tuple[int, int, int]:
        return self.estate(square).income

    def company(self, cid: str) -> Company:
        """A catalogue design or a role's unique design by id (``C4``, ``X1``)."""
        for comp in self.companies:
            if comp.id == cid:
                return comp
        for role in self.roles:
            for comp in role.uniques:
                if comp.id == cid:
                    return comp
        raise KeyError(cid)

    def designs(self) -> dict[str, Company]:
        """Every company design by id: the catalogue and the roles' unique designs."""
        out = {c.id: c for c in self.companies}
        out.update((c.id, c) for r in self.roles for c in r.uniques)
        return out

    def roles_for(self, players: int) -> tuple[int, ...]:
        """The role numbers in play with ``players`` players (§4.3).

        >>> load_scenario("house_default_v1").roles_for(9)
        (1, 2, 4, 5, 7, 8, 10, 11, 3)
        """
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name}: needs {self.min_players} to {self.max_players} players,"
                f" not {players}"
            )
        return self.base_roles + self.add_order[: players - self.min_players]


# -- squares and the income formula ---------------------------------------------------------


def unique_id(role: int, index: int) -> str:
    """The id orders use for a role's unique company: ``X1`` (role 1), ``X1b`` (its second).

    >>> unique_id(4, 0), unique_id(4, 1)
    ('X4', 'X4b')
    """
    return f"X{role}" + ("" if index == 0 else "abcdefghij"[index])


def square_label(row: int, col: int) -> str:
    """The label of a 0-based square: ``square_label(4, 4) == 'E5'``.

    >>> square_label(0, 0), square_label(9, 9)
    ('A1', 'J10')
    """
    return f"{chr(ord('A') + row)}{col + 1}"


def square_index(label: str, rows: int, cols: int) -> tuple[int, int]:
    """The 0-based (row, column) of ``label``; ValueError if it is not on the board.

    >>> square_index("F6", 10, 10)
    (5, 5)
    """
    m = SQUARE.match(label) if isinstance(label, str) else None
    if not m:
        raise ValueError(f"{label!r} is not a square such as 'E5'")
    r, c = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        last = square_label(rows - 1, cols - 1)
        raise ValueError(f"{label!r} is outside the board (A1 to {last})")
    return r, c


def formula_income(row: int, col: int, rows: int = 10, cols: int = 10) -> tuple[int, int, int]:
    """The §4.1 income of a square: ring total split from resource (r + c) mod 3.

    >>> formula_income(4, 4), formula_income(2, 2), formula_income(0, 9)
    ((2, 2, 2), (0, 2, 1), (1, 0, 0))
    """
    d = max(abs(2 * row - (rows - 1)), abs(2 * col - (cols - 1))) // 2
    total = RING_TOTALS[min(d, len(RING_TOTALS) - 1)]
    k = (row + col) % 3
    out = [0, 0, 0]
    for i, amount in enumerate(SPLITS[total]):
        out[(k + i) % 3] = amount
    return (out[0], out[1], out[2])


def formula_mismatches(scenario: Scenario) -> tuple[str, ...]:
    """The squares whose income differs from the §4.1 formula (none for the default)."""
    return tuple(
        e.square
        for e in scenario.estates
        if e.income != formula_income(e.row, e.col, scenario.rows, scenario.cols)
    )


# -- loading --------------------------------------------------------------------------------


def load_scenario(spec: str) -> Scenario:
    """The scenario ``house_default_v1`` or the one in the TOML file at path ``spec``."""
    if spec == "house_default_v1":
        return _builtin()
    path = Path(spec).expanduser()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path, a file not UTF-8
        reason = getattr(exc, "strerror", None) or exc
        raise OptionError(f"cannot read {spec}: {reason}") from None
    return parse_scenario(text, str(path))


@cache
def _builtin() -> Scenario:
    name = "house_default_v1.toml"
    return parse_scenario((files(__package__) / name).read_text(encoding="utf-8"), name)


def parse_scenario(text: str, where: str) -> Scenario:
    """The scenario in a TOML text; ``where`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{where}: not valid TOML: {exc}") from None
    return _Reader(where).scenario(data)


class _Reader:
    """The scenario file's checks: a failure names the file (``where``), the key path and
    the problem."""

    def __init__(self, where: str):
        self.where = where
        self.rows = self.cols = 0

    def kind(self, obj: Any) -> str:
        """What ``obj`` is, in the file format's words (TOML here)."""
        return _kind(obj)

    def fail(self, path: str, problem: str) -> NoReturn:
        raise OptionError(f"{self.where}: {path}: {problem}")

    def int_(self, obj: Any, path: str, lo: int | None = 0, hi: int | None = None) -> int:
        if not isinstance(obj, int) or isinstance(obj, bool):
            self.fail(path, f"must be a whole number, not {self.kind(obj)}")
        if lo is not None and obj < lo:
            self.fail(path, f"must be at least {lo}, not {obj}")
        if hi is not None and obj > hi:
            self.fail(path, f"must be at most {hi}, not {obj}")
        return obj

    def bool_(self, obj: Any, path: str) -> bool:
        if not isinstance(obj, bool):
            self.fail(path, f"must be true or false, not {self.kind(obj)}")
        return obj

    # generic checks

    def table(self, obj: Any, path: str, required: tuple, optional: tuple = ()) -> dict:
        if not isinstance(obj, dict):
            self.fail(path, f"must be a table, not {_kind(obj)}")
        for key in obj:
            if key not in required and key not in optional:
                allowed = ", ".join(required + optional)
                self.fail(f"{path}.{key}" if path else key, f"unknown key; the keys are {allowed}")
        for key in required:
            if key not in obj:
                self.fail(f"{path}.{key}" if path else key, "missing")
        return obj

    def str_(self, obj: Any, path: str, choices: tuple = ()) -> str:
        if not isinstance(obj, str):
            self.fail(path, f"must be a string, not {_kind(obj)}")
        if not obj.strip():
            self.fail(path, "must not be empty")
        if choices and obj not in choices:
            self.fail(path, f"unknown {obj!r}; the choices are {', '.join(choices)}")
        return obj

    def list_(self, obj: Any, path: str, nonempty: bool = True) -> list:
        if not isinstance(obj, list):
            self.fail(path, f"must be an array, not {_kind(obj)}")
        if nonempty and not obj:
            self.fail(path, "must not be empty")
        return obj

    def square(self, obj: Any, path: str) -> tuple[int, int]:
        self.str_(obj, path)
        try:
            return square_index(obj, self.rows, self.cols)
        except ValueError as exc:
            self.fail(path, str(exc))

    def stats(self, obj: Any, path: str) -> tuple[int, ...]:
        self.table(obj, path, (), STATS)
        return tuple(self.int_(obj.get(s, 0), f"{path}.{s}") for s in STATS)

    def unique(self, names: Sequence[Hashable], path: str, what: str) -> None:
        seen: set[Hashable] = set()
        for i, name in enumerate(names):
            if name in seen:
                self.fail(f"{path}[{i}]", f"duplicate {what} {name!r}")
            seen.add(name)

    def params(self, obj: Any, path: str, effect: str, vocab: dict) -> tuple[Param, ...]:
        kinds = vocab[effect]
        self.table(obj, path, tuple(kinds))
        out = []
        for key, kind in kinds.items():
            p = f"{path}.{key}"
            value = obj[key]
            if kind == "int":
                value = self.int_(value, p)
            elif kind == "bool":
                value = self.bool_(value, p)
            elif kind == "resource":
                value = self.str_(value, p, RESOURCES)
            elif kind == "unit":
                value = self.str_(value, p, tuple(UNIT_SHAPES))
            else:
                value = self.str_(value, p, kind)
            out.append((key, value))
        return tuple(out)

    def core(self, obj: Any, path: str, vocab: dict, named: bool) -> Core:
        req = ("name", "text", "effect", "params") if named else ("text", "effect", "params")
        self.table(obj, path, req)
        effect = self.str_(obj["effect"], f"{path}.effect", tuple(vocab))
        name = self.str_(obj["name"], f"{path}.name") if named else ""
        text = self.str_(obj["text"], f"{path}.text")
        return Core(name, text, effect, self.params(obj["params"], f"{path}.params", effect, vocab))

    def company(self, obj: Any, path: str, unique: bool) -> Company:
        keys: tuple[str, ...] = ("id", "name", "type", "stats", "tier")
        if unique:
            keys = ("name", "count", "type", "stats", "tier")
        self.table(obj, path, keys, ("colour",))
        cid = "" if unique else self.str_(obj["id"], f"{path}.id")
        name = self.str_(obj["name"], f"{path}.name")
        slots = SLOTS[1:] if unique else SLOTS
        slot = self.str_(obj["type"], f"{path}.type", slots)
        stats = self.stats(obj["stats"], f"{path}.stats")
        colour = self.str_(obj["colour"], f"{path}.colour", COLOURS) if "colour" in obj else ""
        tier = self.int_(obj["tier"], f"{path}.tier", 1, 10)
        want = sum(stats) + (1 if colour else 0)
        if tier != want:
            self.fail(f"{path}.tier", f"{name!r} has tier {tier}; its stats give {want} (NSE-A18)")
        if slot == "Officer" and not 1 <= stats[0] <= 3:
            self.fail(f"{path}.stats.ATK", f"an Officer company needs ATK 1 to 3, not {stats[0]}")
        limit = self.int_(obj["count"], f"{path}.count", 1) if unique else 0
        return Company(cid, name, slot, stats, colour, tier, limit)

    def force(self, obj: Any, path: str, unit: str, catalogue: dict) -> tuple:
        self.table(obj, path, (), tuple(catalogue))
        counts = [0, 0, 0, 0]
        out = []
        for cid, n in obj.items():
            n = self.int_(n, f"{path}.{cid}", 1)
            counts[SLOTS.index(catalogue[cid].slot)] += n
            out.append((cid, n))
        shape = UNIT_SHAPES[unit]
        if tuple(counts) != shape:
            want = ", ".join(f"{s} {n}" for s, n in zip(SLOTS, shape, strict=True))
            have = ", ".join(f"{s} {n}" for s, n in zip(SLOTS, counts, strict=True))
            self.fail(path, f"a {unit} needs {want}; these give {have} (NSE-65)")
        return tuple(out)

    # the sections

    def scenario(self, data: dict) -> Scenario:
        top = ("name", "board", "players", "defaults", "factions", "roles", "companies")
        self.table(data, "", top, ("mercenaries", "neutrals"))
        name = self.str_(data["name"], "name")
        estates, victory = self.board(data["board"])
        factions = self.factions(data["factions"])
        companies = self.catalogue(data["companies"])
        catalogue = {c.id: c for c in companies}
        roles = self.roles(data["roles"], factions, companies)
        base, add, lo, hi = self.players(data["players"], len(roles))
        defaults, threshold = self.defaults(data["defaults"], len(factions))
        mercs = self.mercenaries(data.get("mercenaries", []), catalogue)
        neutrals = self.neutrals(data.get("neutrals", []), catalogue)
        return Scenario(
            name, self.rows, self.cols, estates, victory, factions, roles, base, add, lo,
            hi, companies, mercs, neutrals, defaults, threshold,
        )  # fmt: skip

    def board(self, obj: Any) -> tuple[tuple[Estate, ...], tuple[str, ...]]:
        self.table(obj, "board", ("rows", "cols", "victory", "income"))
        self.rows = self.int_(obj["rows"], "board.rows", 1, 26)
        self.cols = self.int_(obj["cols"], "board.cols", 1, 99)
        victory = self.list_(obj["victory"], "board.victory")
        for i, sq in enumerate(victory):
            self.square(sq, f"board.victory[{i}]")
        self.unique(victory, "board.victory", "square")
        lines = self.list_(obj["income"], "board.income")
        if len(lines) != self.rows:
            self.fail("board.income", f"has {len(lines)} rows; the board has {self.rows}")
        estates = []
        for r, line in enumerate(lines):
            cells = self.str_(line, f"board.income[{r}]").split()
            if len(cells) != self.cols:
                self.fail(f"board.income[{r}]", f"has {len(cells)} cells, not {self.cols}")
            for c, cell in enumerate(cells):
                parts = cell.split("-")
                if len(parts) != 3 or not all(p.isdigit() for p in parts):
                    self.fail(
                        f"board.income[{r}][{c}]",
                        f"{square_label(r, c)} is {cell!r}; write Inf-MP-$ such as 1-0-2,"
                        " with whole numbers >= 0",
                    )
                inc = (int(parts[0]), int(parts[1]), int(parts[2]))
                estates.append(Estate(square_label(r, c), r, c, inc))
        return tuple(estates), tuple(victory)

    def factions(self, obj: Any) -> tuple[Faction, ...]:
        out = []
        keys = ("key", "name", "short", "prestige", "home", "core", "war_council", "officers")
        for i, f in enumerate(self.list_(obj, "factions")):
            p = f"factions[{i}]"
            self.table(f, p, keys)
            key = self.str_(f["key"], f"{p}.key")
            if not KEY.match(key):
                self.fail(f"{p}.key", f"{key!r} must be lower-case letters, digits and _")
            prestige = self.int_(f["prestige"], f"{p}.prestige", 1)
            home = self.list_(f["home"], f"{p}.home")
            if len(home) != 2:
                self.fail(f"{p}.home", "must be two corner squares, such as ['A1', 'C3']")
            a, b = (self.square(sq, f"{p}.home[{j}]") for j, sq in enumerate(home))
            if a[0] > b[0] or a[1] > b[1]:
                self.fail(f"{p}.home", "the first corner must be above and left of the second")
            core = self.core(f["core"], f"{p}.core", CORE_EFFECTS, named=True)
            bonus = self.stats(f["war_council"], f"{p}.war_council")
            officers = []
            for j, o in enumerate(self.list_(f["officers"], f"{p}.officers")):
                q = f"{p}.officers[{j}]"
                self.table(o, q, ("name", "stats"))
                stats = self.stats(o["stats"], f"{q}.stats")
                if not 1 <= stats[0] <= 3:
                    self.fail(f"{q}.stats.ATK", f"an officer needs ATK 1 to 3, not {stats[0]}")
                officers.append(Officer(self.str_(o["name"], f"{q}.name"), key, stats))
            if len(officers) != 2:
                self.fail(f"{p}.officers", f"needs two Unique Officers, not {len(officers)}")
            name, short = self.str_(f["name"], f"{p}.name"), self.str_(f["short"], f"{p}.short")
            out.append(Faction(key, name, short, prestige, (a, b), core, bonus, tuple(officers)))
        self.unique([f.key for f in out], "factions", "faction key")
        self.unique([f.name for f in out], "factions", "faction name")
        ranks = sorted(f.prestige for f in out)
        if ranks != list(range(1, len(out) + 1)):
            self.fail("factions", f"prestige must be 1 to {len(out)}, once each")
        self.unique(
            [o.name for f in out for o in f.officers], "factions[*].officers", "officer name"
        )
        return tuple(out)

    def roles(
        self, obj: Any, factions: tuple[Faction, ...], catalogue: tuple[Company, ...]
    ) -> tuple[Role, ...]:
        fkeys = tuple(f.key for f in factions)
        keys = ("number", "faction", "name", "leader", "core", "abilities", "uniques")
        out: list[Role] = []
        for i, r in enumerate(self.list_(obj, "roles")):
            p = f"roles[{i}]"
            self.table(r, p, keys)
            number = self.int_(r["number"], f"{p}.number", 1)
            if number != i + 1:
                self.fail(f"{p}.number", f"roles must be numbered 1, 2, ... in order; got {number}")
            faction = self.str_(r["faction"], f"{p}.faction", fkeys)
            core = self.core(r["core"], f"{p}.core", CORE_EFFECTS, named=False)
            abilities = self.list_(r["abilities"], f"{p}.abilities")
            if len(abilities) != 3:
                self.fail(f"{p}.abilities", f"needs three abilities, not {len(abilities)}")
            first, second, third = (
                self.ability(a, f"{p}.abilities[{j}]", j) for j, a in enumerate(abilities)
            )
            abl = (first, second, third)
            for j, a in enumerate(abl):
                if a.resource != abl[0].resource:
                    self.fail(
                        f"{p}.abilities[{j}].resource",
                        f"{a.name!r} costs {a.resource}; a role's abilities all cost"
                        f" {abl[0].resource} (L13)",
                    )
            uniques = self.list_(r["uniques"], f"{p}.uniques", nonempty=False)
            uq = tuple(
                self.company(u, f"{p}.uniques[{j}]", True)._replace(id=unique_id(number, j))
                for j, u in enumerate(uniques)
            )
            name = self.str_(r["name"], f"{p}.name")
            out.append(Role(number, faction, name, self.bool_(r["leader"], f"{p}.leader"),
                            core, abl, uq))  # fmt: skip
        self.unique([r.name for r in out], "roles", "role name")
        names = [c.name for c in catalogue] + [u.name for r in out for u in r.uniques]
        self.unique(names, "companies+roles[*].uniques", "company name")
        for f in factions:
            leaders = [r.number for r in out if r.faction == f.key and r.leader]
            if len(leaders) != 1:
                self.fail("roles", f"faction {f.key!r} needs one leader (FL), not {len(leaders)}")
        return tuple(out)

    def ability(self, a: Any, p: str, j: int) -> Ability:
        self.table(a, p, ("name", "cost", "resource", "step", "effect", "params", "text"))
        name = self.str_(a["name"], f"{p}.name")
        cost = self.int_(a["cost"], f"{p}.cost")
        if cost != ABILITY_COSTS[j]:
            self.fail(f"{p}.cost", f"{name!r} costs {cost}; the costs are 2, 5, 8 in order")
        resource = self.str_(a["resource"], f"{p}.resource", RESOURCES)
        step = self.int_(a["step"], f"{p}.step", NIGHT_STEPS.start, NIGHT_STEPS.stop - 1)
        effect = self.str_(a["effect"], f"{p}.effect", tuple(ABILITY_EFFECTS))
        params = self.params(a["params"], f"{p}.params", effect, ABILITY_EFFECTS)
        return Ability(name, cost, resource, step, self.str_(a["text"], f"{p}.text"), effect,
                       params)  # fmt: skip

    def catalogue(self, obj: Any) -> tuple[Company, ...]:
        out = tuple(self.company(c, f"companies[{i}]", False) for i, c in enumerate(obj or []))
        self.list_(obj, "companies")
        self.unique([c.id for c in out], "companies", "company id")
        return out

    def players(self, obj: Any, n_roles: int):
        self.table(obj, "players", ("min", "max", "base", "add_order"))
        lo = self.int_(obj["min"], "players.min", 1)
        hi = self.int_(obj["max"], "players.max", lo)
        base = tuple(
            self.int_(x, f"players.base[{i}]", 1, n_roles)
            for i, x in enumerate(self.list_(obj["base"], "players.base"))
        )
        add = tuple(
            self.int_(x, f"players.add_order[{i}]", 1, n_roles)
            for i, x in enumerate(self.list_(obj["add_order"], "players.add_order", False))
        )
        self.unique(list(base + add), "players.base+add_order", "role")
        if len(base) != lo:
            self.fail("players.base", f"lists {len(base)} roles; players.min is {lo}")
        if lo + len(add) != hi:
            self.fail("players.add_order", f"lists {len(add)} roles; max - min is {hi - lo}")
        if hi != n_roles:
            self.fail("players.max", f"is {hi}; there are {n_roles} roles")
        return base, add, lo, hi

    def defaults(self, obj: Any, n_factions: int) -> tuple[Defaults, int]:
        keys = (*Defaults._fields, "dynastic_threshold")
        self.table(obj, "defaults", keys)
        p = "defaults"
        res = self.table(obj["starting_resources"], f"{p}.starting_resources", RESOURCES)
        start = tuple(self.int_(res[r], f"{p}.starting_resources.{r}") for r in RESOURCES)
        threshold = self.int_(obj["dynastic_threshold"], f"{p}.dynastic_threshold", 1)
        if threshold != 2 * n_factions:
            self.fail(
                f"{p}.dynastic_threshold",
                f"is {threshold}; it must be 2 x {n_factions} starting factions (NSE-A03)",
            )
        d = Defaults(
            self.int_(obj["day_deadline_hours"], f"{p}.day_deadline_hours", 1, 30 * 24),
            self.bool_(obj["night_automatic"], f"{p}.night_automatic"),
            self.bool_(obj["lynch"], f"{p}.lynch"),
            (start[0], start[1], start[2]),
            self.int_(obj["max_rounds"], f"{p}.max_rounds", 1, 100),  # as the options
            self.int_(obj["courtiers"], f"{p}.courtiers"),
            self.int_(obj["starting_unit_budget_mp"], f"{p}.starting_unit_budget_mp"),
            self.bool_(obj["custom_companies"], f"{p}.custom_companies"),
        )
        return d, threshold

    def mercenaries(self, obj: Any, catalogue: dict) -> tuple[Mercenary, ...]:
        out = []
        for i, m in enumerate(self.list_(obj, "mercenaries", nonempty=False)):
            p = f"mercenaries[{i}]"
            self.table(m, p, ("name", "unit", "companies", "rent"))
            unit = self.str_(m["unit"], f"{p}.unit", ("Regiment", "Brigade", "Division"))
            comps = self.force(m["companies"], f"{p}.companies", unit, catalogue)
            rent = self.int_(m["rent"], f"{p}.rent")
            out.append(Mercenary(self.str_(m["name"], f"{p}.name"), unit, comps, rent))
        self.unique([m.name for m in out], "mercenaries", "mercenary")
        return tuple(out)

    def neutrals(self, obj: Any, catalogue: dict) -> tuple[Neutral, ...]:
        out = []
        for i, n in enumerate(self.list_(obj, "neutrals", nonempty=False)):
            p = f"neutrals[{i}]"
            self.table(n, p, ("name", "unit", "companies", "squares", "totals", "tiers"))
            unit = self.str_(n["unit"], f"{p}.unit", tuple(UNIT_SHAPES))
            comps = self.force(n["companies"], f"{p}.companies", unit, catalogue)
            squares = self.list_(n["squares"], f"{p}.squares")
            for j, sq in enumerate(squares):
                self.square(sq, f"{p}.squares[{j}]")
            self.unique(squares, f"{p}.squares", "square")
            totals = self.stats(n["totals"], f"{p}.totals")
            sums = tuple(
                sum(catalogue[c].stats[k] * m for c, m in comps) for k in range(len(STATS))
            )
            if totals != sums:
                self.fail(f"{p}.totals", f"do not match the companies: {_stat_text(sums)}")
            tiers = self.int_(n["tiers"], f"{p}.tiers")
            want = sum(catalogue[c].tier * m for c, m in comps)
            if tiers != want:
                self.fail(f"{p}.tiers", f"is {tiers}; the companies' tiers add up to {want}")
            name = self.str_(n["name"], f"{p}.name")
            out.append(Neutral(name, unit, comps, tuple(squares), totals, tiers))
        return tuple(out)


def _kind(obj) -> str:
    return {dict: "table", list: "array", bool: "bool"}.get(type(obj), type(obj).__name__)


def _stat_text(stats: tuple[int, ...]) -> str:
    return ", ".join(f"{s} {v}" for s, v in zip(STATS, stats, strict=True) if v)
