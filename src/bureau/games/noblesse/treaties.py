"""Noblesse diplomacy: treaties proposed, signed, reported and ended, and Night step 1
(rules section 1.8, NSE-86 to NSE-110; rulings NSE-A23 and NSE-A24).

A Faction Leader proposes a treaty to another (``propose``, NSE-99); that faction's
leader signs or rejects it (``sign``, ``reject``). A signed treaty starts at step 1 of the
next Night (NSE-A24) and sets the status it names (NSE-109). Either leader may report a
broken promise (``report_breach``, NSE-104, NSE-105); an offended side's report under a
template the record can check is accepted only if ``State.facts`` confirm it (NSE-A23). At
step 1 (``step_one``) accepted reports' penalty clauses take effect, debts are collected,
treaties end (expiration clauses, NSE-107) or start; an ended treaty is void and its
factions go back to Hostile unless another running treaty between them says otherwise
(NSE-93, NSE-98, NSE-108). ``may_fight`` and ``may_conquer`` answer combat's questions
(NSE-87 to NSE-91, NSE-94, NSE-97); ``break_treaties`` is NSE-92.

>>> from bureau.games.noblesse.scenario import load_scenario
>>> from bureau.games.noblesse.state import House, State
>>> st = State([f"p{s}" for s in range(8)], {}, load_scenario("house_default_v1"), 1)
>>> st.houses = [House(r, (r - 1) // 3, 10, (0, 0, 0)) for r in (1, 2, 4, 5, 7, 8, 10, 11)]
>>> st.leaders, st.successors = [0, 2, 4, 6], [-1] * 4
>>> text = '''Faction 1 promises:
... "The Pape" "will not" enter "row E" on the game board, with "any units" "for 3 cycles";
... Faction 2 promises:
... "Le Roi des Fleurs" "will not" enter "E5" on the game board, with "Regiments" "";
... Penalties:
... the offending faction's leader pays the offended faction leader the "3" of "Inf" "".
... Expiration:
... the treaty is ended "at the start of 3 cycles" from the moment the treaty starts.
... Status: Neutral'''
>>> [e.kind for e in propose(st, 0, "fleurs", text)] + [e.kind for e in sign(st, 2, 1)]
['treaty proposed', 'treaty signed']
>>> st.night = 1  # the Night pipeline starts Night 1, then calls step_one
>>> [e.kind for e in step_one(st)], st.relation(0, 1)
(['treaty started', 'status changed'], 'neutral')
>>> st.facts.append((1, "enter", 0, "E7", "Brigade"))  # the Pape broke promise 1
>>> [e.kind for e in report_breach(st, 2, 1, 1)]
['breach reported']
>>> st.night, st.houses[0].res = 2, [2, 0, 0]
>>> [e.kind for e in step_one(st)], st.houses[0].res, st.houses[2].res, st.owed
(['treaty penalty', 'penalty paid'], [0, 0, 0], [2, 0, 0], {0: [1, 0, 0]})
>>> st.night, st.houses[0].res = 4, [5, 0, 0]  # the rest is collected, and it expires
>>> [e.kind for e in step_one(st)], st.owed, st.relation(0, 1)
(['penalty paid', 'treaty ended', 'status changed'], {}, 'hostile')

Readings (NSE-A23 leaves the details to the engine):

- Promise windows count from the treaty's first cycle: "within N cycles" / "for N cycles"
  cover cycles start .. start+N-1; "each cycle" checks every cycle; no duration means the
  whole treaty ("will not") or no deadline ("will", never broken). A positive promise is
  broken when its window is over without the deed; "will X for N cycles" is read as
  "within".
- A report under a checked template needs a breach newer than the last accepted report of
  the same promise, so one breach cannot be reported twice.
- "cycle N" in a clause is an absolute cycle; "N cycles" counts from the clause's moment
  (the treaty's start, or the Day of the report); "the end of N cycles" is one cycle later.
- Penalties that took effect outlive the treaty (debts, bans); a ban (penalty vii, "will
  not") lasts the game unless its clause says "for N cycles".
- A pair's status is the strongest status among the running treaties between them, so one
  treaty ending leaves another's status in place (L249, "for as long as it runs").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bureau.engine import EVERYONE, Event, IllegalAction, only

from .actions import ACTION_NAMES, fold
from .clauses import Treaty, TreatyError, read_treaty, treaty_text
from .state import (
    ALLIED,
    BUILDINGS,
    HOSTILE,
    NEUTRAL_STATUS,
    RES_NAMES,
    BreachReport,
    Proposal,
    SignedTreaty,
    State,
)

RANK = {HOSTILE: 0, NEUTRAL_STATUS: 1, ALLIED: 2}
CHECKED = frozenset({1, 2, 3, 8, 9, 10})  # promise templates the record can confirm (NSE-A23)
UNIT_KINDS = ("Regiment", "Brigade", "Division", "Garrison")
NUMERALS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
BROKEN, KEPT, OPEN, UNKNOWN = "broken", "kept", "open", "unknown"

_NUMBER_WORDS = {
    w: str(n)
    for n, w in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    )
}
_RES = {"inf": 0, "influence": 0, "mp": 1, "manpower": 1, "$": 2, "money": 2}
_WHAT = {"spies": "spy", "tax collector": "tc", "tax collectors": "tc"} | {
    w + plural: "build" if w in ("structure", "building") else w
    for w in (
        "unit",
        "spy",
        "tc",
        "steward",
        "lobbyist",
        "commander",
        "staff",
        "structure",
        "building",
    )
    for plural in ("", "s")
}
_ACTION_ALIASES = {
    "assassinate": "assassin",
    "assassination": "assassin",
    "knife in the back": "knife",
    "bribe": "bribery",
    "political marriage": "marry",
    "marriage": "marry",
    "exchange of hostages": "hostages",
    "hostage": "hostages",
    "forced march": "march",
    "incapacitation": "incapacitate",
    "open cities": "open city",
}
_FILLER = frozenset(
    re.split(
        r"\s+",
        "a an and or the of on at in to any all its their s with game board estate estates"
        " square squares within type types specific kind kinds",
    )
)


class _Unread(Exception):
    """A filled-in value the engine cannot interpret; the message says why."""


# -- small helpers --------------------------------------------------------------------------


def _fold(text: str) -> str:
    return " ".join(fold(text).casefold().split())


def _words(text: str) -> list[str]:
    """Lower-case words, squares ("e5"), numbers and ``$`` of ``text``; number words become
    digits."""
    raw = re.findall(r"[a-z]\d{1,2}(?![a-z\d])|\d+|\$|[a-z]+", _fold(text).replace("(s)", "s"))
    return [_NUMBER_WORDS.get(w, w) for w in raw]


def _take(words: list[str], phrases: Mapping[str, object]) -> tuple[set, list[str]]:
    """The values of the phrases found in ``words`` (longest first) and the words left."""
    text, found = " " + " ".join(words) + " ", set()
    for phrase in sorted(phrases, key=len, reverse=True):
        key = " " + " ".join(_words(phrase)) + " "
        if key.strip() and key in text:
            found.add(phrases[phrase])
            text = text.replace(key, " ")
    return found, text.split()


def _name(state: State, f: int) -> str:
    return state.scenario.factions[f].name


def _leader(state: State, f: int) -> int:
    """The living Faction Leader's seat of faction ``f``, or -1."""
    seat = state.leaders[f] if 0 <= f < len(state.leaders) else -1
    return seat if seat >= 0 and state.houses[seat].alive else -1


def _fls(state: State, *factions: int) -> int:
    """The audience of these factions' leaders."""
    return only(*(s for s in (_leader(state, f) for f in factions) if s >= 0))


def _span(lo: int, hi: int) -> str:
    return "no cycle yet" if hi < lo else f"cycle {lo}" if lo == hi else f"cycles {lo}-{hi}"


def _res_text(amounts) -> str:
    return ", ".join(f"{n} {RES_NAMES[r]}" for r, n in enumerate(amounts) if n) or "nothing"


def _treaty(state: State, tid: int) -> SignedTreaty:
    for t in state.treaties:
        if t.id == tid:
            return t
    ids = ", ".join(str(t.id) for t in state.treaties if not t.ended) or "none"
    raise IllegalAction(f"there is no signed treaty {tid}; running or pending treaties: {ids}")


def _other(t: SignedTreaty, f: int) -> int:
    return t.f2 if f == t.f1 else t.f1


def _pair(t: SignedTreaty) -> tuple[int, int]:
    return min(t.f1, t.f2), max(t.f1, t.f2)


def _running(state: State, a: int, b: int) -> list[SignedTreaty]:
    """Active treaties between factions a and b."""
    return [t for t in state.treaties if t.active and _pair(t) == (min(a, b), max(a, b))]


def _leader_faction(state: State, seat: int, what: str) -> int:
    """The faction whose living Faction Leader is ``seat`` (NSE-99)."""
    for f in range(len(state.leaders)):
        if _leader(state, f) == seat >= 0:
            return f
    raise IllegalAction(f"only a living Faction Leader may {what} (NSE-99)")


def faction_named(state: State, word: str) -> int:
    """The faction named by its key, name or short name, in any case (NSE-99)."""
    key = _fold(word)
    for f, fac in enumerate(state.scenario.factions):
        if key in (_fold(fac.key), _fold(fac.name), _fold(fac.short)):
            return f
    names = "; ".join(f"{fac.name} ({fac.key})" for fac in state.scenario.factions)
    raise IllegalAction(f"no faction is called {word!r}: name one of {names}")


# -- reading filled-in values ---------------------------------------------------------------


def _duration(text: str) -> tuple[str, int | None]:
    """``(mode, n)``: mode "within", "for", "each" or "" (no duration); n None if open."""
    w = " ".join(x for x in _words(text) if x not in ("the", "next"))
    if not w:
        return "", None
    for pattern, mode in (
        (r"(?:each|every|per) cycle(?: for (\d+) cycles?)?", "each"),
        (r"within (\d+) cycles?", "within"),
        (r"for (\d+) cycles?", "for"),
    ):
        m = re.fullmatch(pattern, w)
        if m:
            return mode, int(m.group(1)) if m.group(1) else None
    raise _Unread(
        f"cannot read the duration {text!r}: expected 'within N cycles', 'for N cycles', "
        "'each cycle for N cycles' or nothing"
    )


def _cycle(text: str, base: int) -> int:
    """The cycle at whose start a clause ends: "cycle N" is absolute, "N cycles" counts
    from ``base``, "the end of" adds one (NSE-A24: cycle N is Night N)."""
    w = " ".join(_words(text))
    end = 1 if re.search(r"\bend\b", w) else 0
    if end and re.search(r"\bstart\b", w):
        raise _Unread(f"cannot read {text!r}: it says both 'start' and 'end'")
    if m := re.search(r"\bcycle (\d+)\b", w):
        return int(m.group(1)) + end
    if m := re.search(r"\b(\d+) cycles?\b", w):
        return base + int(m.group(1)) + end
    if re.search(r"\bnext cycle\b", w):
        return base + 1 + end
    raise _Unread(f"cannot read {text!r}: expected 'cycle N' or 'N cycles'")


def _places(state: State, text: str) -> set[str]:
    """Square labels named by squares ("E5"), rows ("row E") or columns ("column 5");
    "rows E-G", "columns 5 to 7" and "E5-E7" are ranges."""
    labels = {e.square.lower(): e for e in state.scenario.estates}
    rows = {lab[0] for lab in labels}
    cols = {lab[1:] for lab in labels}
    items: list[tuple[str, str]] = []
    mode, span = "square", False
    for tok in re.findall(r"[a-z]+\d+|[a-z]+|\d+|-", _fold(text).replace("(s)", "s")):
        if tok in ("row", "rows", "letter", "letters"):
            mode = "row"
        elif tok in ("column", "columns", "number", "numbers"):
            mode = "col"
        elif tok in ("-", "to", "through"):
            span = bool(items)
        elif tok in labels or (mode == "row" and tok in rows) or (mode == "col" and tok in cols):
            item = ("square" if tok in labels else mode, tok)
            if span and items[-1][0] == item[0]:
                items += _range(labels, items[-1], item)
            items.append(item)
            span = False
        elif tok not in _FILLER:
            raise _Unread(
                f"cannot read the place {text!r} ({tok!r}): expected squares like E5, "
                "'row E' or 'column 5'"
            )
    out = set()
    for kind, tok in items:
        out |= {
            lab.upper()
            for lab in labels
            if (kind, tok) in (("square", lab), ("row", lab[0]), ("col", lab[1:]))
        }
    if not out:
        raise _Unread(f"the place {text!r} names no square of the board")
    return out


def _range(labels: dict, a: tuple[str, str], b: tuple[str, str]) -> list[tuple[str, str]]:
    """The items strictly between two items of one kind (rows, columns or squares in a line)."""
    if a[0] == "row":
        lo, hi = sorted((ord(a[1]), ord(b[1])))
        return [("row", chr(c)) for c in range(lo + 1, hi)]
    if a[0] == "col":
        lo, hi = sorted((int(a[1]), int(b[1])))
        return [("col", str(c)) for c in range(lo + 1, hi)]
    ea, eb = labels[a[1]], labels[b[1]]
    if ea.row != eb.row and ea.col != eb.col:
        raise _Unread(f"{a[1].upper()}-{b[1].upper()} is not a row or column of squares")
    return [
        ("square", lab)
        for lab, e in labels.items()
        if min(ea.row, eb.row) <= e.row <= max(ea.row, eb.row)
        and min(ea.col, eb.col) <= e.col <= max(ea.col, eb.col)
    ]


def _kinds(text: str) -> set[str]:
    """Unit kinds named ("Regiments", "any units"; nothing named: all kinds)."""
    words = _words(text)
    found = {k for k in UNIT_KINDS for w in words if w.rstrip("s") == k.lower()}
    rest = [w for w in words if w.rstrip("s") not in {k.lower() for k in UNIT_KINDS}]
    if any(w not in _FILLER | {"unit", "units", "or", "and"} for w in rest):
        raise _Unread(
            f"cannot read the units {text!r}: expected 'any units' or unit kinds "
            f"({', '.join(UNIT_KINDS)})"
        )
    return found or set(UNIT_KINDS)


def _count(text: str) -> int:
    """A count of units ("one or more", "2"; nothing: 1)."""
    nums = [int(w) for w in _words(text) if w.isdigit()]
    rest = [w for w in _words(text) if not w.isdigit() and w not in ("or", "more", "a", "any")]
    if rest or len(set(nums)) > 1:
        raise _Unread(f"cannot read the count {text!r}: expected a number or 'one or more'")
    return nums[0] if nums else 1


def _amounts(amount: str, types: str) -> list[int]:
    """Resources named by an amount ("2", "2 Inf and 1 $") and types ("Money")."""
    out, bare, pending = [0, 0, 0], [], None
    for w in _words(re.sub(r"\$\s*(\d+)", r"\1 $", amount)):
        if w.isdigit():
            if pending is not None:
                bare.append(pending)
            pending = int(w)
        elif w in _RES and pending is not None:
            out[_RES[w]] += pending
            pending = None
        elif w not in ("and", "of", "plus"):
            raise _Unread(f"cannot read the amount {amount!r}: expected '2' or '2 Inf and 1 $'")
    bare += [] if pending is None else [pending]
    named = [_RES[w] for w in _words(types) if w in _RES]
    if "or" in _words(types) or any(w not in _RES and w != "and" for w in _words(types)):
        raise _Unread(
            f"cannot read the resource type {types!r}: expected Influence/Inf, Manpower/MP, "
            "Money/$ (joined by 'and')"
        )
    if len(bare) == 1 and not any(out) and named:
        return [bare[0] if r in named else 0 for r in range(3)]
    if not bare and any(out) and all(out[r] for r in named):
        return out
    raise _Unread(f"cannot read the payment {amount!r} of {types!r}: expected an amount and types")


def _factions_in(state: State, text: str, offended: int = -1) -> set[int] | None:
    """Factions named in ``text``; None for "any"/"all"/nothing."""
    names = {
        n: f
        for f, fac in enumerate(state.scenario.factions)
        for n in (fac.key, fac.name, fac.short)
    }
    found, rest = _take(_words(text), names)
    if "offended" in rest and offended >= 0:
        found.add(offended)
        rest.remove("offended")
    if any(w not in _FILLER | {"faction", "factions", "other", "every"} for w in rest):
        raise _Unread(f"cannot read the factions {text!r}: name factions, or write 'any faction'")
    return found or None


def _action_names(state: State) -> dict[str, str]:
    """Action and ability names (and aliases) as the record writes them."""
    names = {a: a for a in ACTION_NAMES.values()} | _ACTION_ALIASES
    for role in state.scenario.roles:
        names |= {a.name: _fold(a.name) for a in role.abilities}
    return names


def _actions(state: State, text: str) -> set[str] | None:
    """Actions named in ``text``; None for "any action"."""
    found, rest = _take(_words(text), _action_names(state))
    if not found and not rest:
        raise _Unread(f"{text!r} names no action")
    extra = {"use", "action", "actions", "ability", "abilities", "standard", "x", "successfully"}
    if any(w not in _FILLER | extra for w in rest) or (not found and "x" in rest):
        raise _Unread(f"cannot read the action {text!r}: name actions such as Assassin or Arson")
    return found or None


def _buildings(text: str) -> set[str] | None:
    """Buildings named in ``text``; None for "any structure"."""
    found, rest = _take(_words(text), {b: b for b in BUILDINGS} | {f"{b}s": b for b in BUILDINGS})
    extra = {"build", "builds", "structure", "structures", "building", "buildings"}
    if any(w not in _FILLER | extra for w in rest):
        names = ", ".join(BUILDINGS)
        raise _Unread(f"cannot read the structure {text!r}: name one of {names}, or 'any'")
    return found or None


def _what(text: str) -> set[str]:
    """Kinds of placed things named in ``text`` (units, spies, tax collectors, ...)."""
    found, rest = _take(_words(text), _WHAT)
    if not found or any(w not in _FILLER for w in rest):
        raise _Unread(f"cannot read {text!r}: expected units, spies, tax collectors or commanders")
    return found


# -- checking promises against the record (NSE-A23) -----------------------------------------


def _parts(state: State, p) -> tuple[bool, list, str, tuple]:
    """A promise as ``(will, parts, conj, duration)``; each part is ``(desc, test, count)``
    where ``test(fact)`` says whether a fact of the promising faction is the promised deed."""
    v = p.values
    if p.template == 1:
        return v[0] == "will", [_enter_part(state, v)], "or", _duration(v[3])
    if p.template == 3:
        return v[0] == "will", [_move_part(state, v)], "or", _duration(v[6])
    if p.template == 8:
        return v[0] == "will", _control_parts(state, v), _conj(v[2]), _duration(v[4])
    if p.template == 9:
        return v[0] == "will", _removal_parts(state, v), _conj(v[4]), _duration(v[6])
    if p.template == 10:
        return v[0] == "will", [_action_part(state, v[1])], "or", _duration(v[2])
    raise _Unread(
        f"the record holds no reveals, votes or intentions (template {NUMERALS[p.template - 1]})"
    )


def _enter_part(state: State, v) -> tuple:
    """Promise i: entering squares, rows or columns with units of some kinds."""
    squares, kinds = _places(state, v[1]), _kinds(v[2])

    def test(f) -> bool:
        return f[1] == "enter" and f[3] in squares and f[4] in kinds

    return f'entering "{v[1]}" with "{v[2]}"', test, 1


def _conj(text: str) -> str:
    return "and" if _fold(text) == "and" else "or"


def _move_part(state: State, v) -> tuple:
    """Promise iii: (re)moving units from or to estates."""
    verb, kinds, squares, count = _fold(v[1]), _kinds(v[2]), _places(state, v[5]), _count(v[4])
    ways = set(_words(v[3])) & {"from", "to"} or {"from", "to"}
    if "move" not in verb:
        raise _Unread(f"cannot read {v[1]!r}: expected 'move' or 'remove'")

    def test(f) -> bool:
        if f[1] == "move" and f[5] in kinds:
            return ("from" in ways and f[3] in squares) or ("to" in ways and f[4] in squares)
        return (
            f[1] == "remove"
            and "remove" in verb
            and "from" in ways
            and f[4] == "unit"
            and f[3] in squares
            and kinds == set(UNIT_KINDS)
        )

    return f'doing "{v[1]}" {count} of "{v[2]}" "{v[3]}" "{v[5]}"', test, count


def _control_parts(state: State, v) -> list:
    """Promise viii: seeking control of an estate and/or placing or removing things on it."""
    parts, squares = [], None
    if v[1].strip():
        squares = _places(state, v[1])
        parts.append(
            (
                f'seeking control of "{v[1]}" (gaining it, or placing a Steward or TC there)',
                lambda f: (
                    (f[1] == "control" or (f[1] == "place" and f[4] in ("steward", "tc")))
                    and f[3] in squares
                ),
                1,
            )
        )
    if v[3].strip():
        words = _words(v[3])
        verbs = {w for w in words if w in ("place", "remove")}
        if "x" in words or not verbs:
            raise _Unread(f"cannot read {v[3]!r}: expected 'place/remove N <things>'")
        labels = {e.square.lower() for e in state.scenario.estates}
        named = {w.upper() for w in words if w in labels}
        where = named or squares
        if not where:
            raise _Unread(f"{v[3]!r} names no estate, and the clause names none either")
        rest = [w for w in words if w.upper() not in named and w not in verbs and not w.isdigit()]
        what = _what(" ".join(rest))
        count = _count(" ".join(w for w in words if w.isdigit()))
        parts.append((f'doing "{v[3]}"', _placing(verbs, what, where), count))
    if not parts:
        raise _Unread("the promise names neither an estate nor a placement")
    return parts


def _placing(verbs: set[str], what: set[str], where: set[str]):
    def test(f) -> bool:
        if f[1] == "build":
            return "build" in what and "place" in verbs and f[3] in where
        return f[1] in verbs and f[4] in what and f[3] in where

    return test


def _removal_parts(state: State, v) -> list:
    """Promise ix: removing things from estates and/or building structures."""
    parts = []
    if v[1].strip():
        verbs = {w for w in _words(v[1]) if w in ("remove", "place")}
        if not verbs:
            raise _Unread(f"cannot read {v[1]!r}: expected 'remove'")
        what, squares = _what(v[2]), _places(state, v[3])

        def test(f) -> bool:
            if f[1] == "move" and "remove" in verbs and "unit" in what:
                return f[3] in squares
            return f[1] in verbs and f[4] in what and f[3] in squares

        parts.append((f'doing "{v[1]}" "{v[2]}" from "{v[3]}"', test, 1))
    if v[5].strip():
        built = _buildings(v[5])
        parts.append(
            (
                f'doing "{v[5]}"',
                lambda f: f[1] == "build" and (built is None or f[4] in built),
                1,
            )
        )
    if not parts:
        raise _Unread("the promise names neither a removal nor a building")
    return parts


def _action_part(state: State, text: str) -> tuple:
    """Promise x: actions X on alts Y; the record names target factions, not alts."""
    head, _, target = _fold(text).partition(" on ")
    names, targets, squares = _actions(state, head), None, None
    if target.strip():
        labels = {e.square.lower() for e in state.scenario.estates}
        squares = {w.upper() for w in _words(target) if w in labels} or None
        alts = {"alt", "alts", "player", "players", "anyone", "anybody", "everyone"}
        rest = " ".join(w for w in _words(target) if w not in labels and w not in alts)
        try:
            targets = _factions_in(state, rest)
        except _Unread:
            raise _Unread(
                f"cannot read the target in {text!r}: the record names the target faction or "
                "estate of an action, not its alt; name a faction, an estate or 'anyone'"
            ) from None
    return _action_test(names, targets, squares, text)


def _action_test(names, targets, squares, text: str) -> tuple:
    def test(f) -> bool:
        return (
            f[1] == "action"
            and (names is None or _fold(f[3]) in names)
            and (targets is None or f[4] in targets)
            and (squares is None or f[5] in squares)
        )

    return f'using "{text}"', test, 1


def _verdict(state: State, t: SignedTreaty, p, upto: int, since: int) -> tuple[str, str]:
    """Whether promise ``p`` of treaty ``t`` is BROKEN, KEPT, OPEN or UNKNOWN by the record
    through cycle ``upto``; a breach counts only if it happened after cycle ``since``."""
    offender = t.f1 if p.by == 1 else t.f2
    try:
        if p.template == 2:
            return _pay_verdict(state, t, p, offender, upto, since)
        will, parts, conj, (_, n) = _parts(state, p)
    except _Unread as e:
        return UNKNOWN, str(e)
    s = t.start
    last = s + n - 1 if n else None
    hi = min(upto, last) if last else upto
    facts = [f for f in state.facts if f[2] == offender and s <= f[0] <= hi]
    who, desc = _name(state, offender), " and/or ".join(d for d, _, _ in parts)
    if not will:
        span = _span(s, hi) + (f" after the breach reported on Day {since}" if since >= s else "")
        return _not_verdict(facts, parts, since, who, desc, span, last, upto)
    done = [sum(1 for f in facts if test(f)) >= count for _, test, count in parts]
    if all(done) if conj == "and" else any(done):
        return KEPT, f"the record shows {who} {desc} during {_span(s, hi)}, as promised"
    if last is None:
        return OPEN, "the promise names no deadline, so it is not broken yet"
    if upto < last:
        return OPEN, f"the promise runs to the end of cycle {last}, so it is not broken yet"
    if last <= since:
        return OPEN, f"this breach was already reported (Day {since})"
    return BROKEN, f"the record does not show {who} {desc} during {_span(s, last)}"


def _not_verdict(facts, parts, since, who, desc, span, last, upto) -> tuple[str, str]:
    """A "will not" promise: broken by the first deed after ``since``."""
    moments = []
    for d, test, count in parts:
        nights = [f[0] for f in facts if f[0] > since and test(f)]
        if len(nights) >= count:
            moments.append((nights[count - 1], d))
    if moments:
        night, d = min(moments)
        return BROKEN, f"the record shows {who} {d} at Night {night}"
    why = f"the record does not show {who} {desc} during {span}"
    return (KEPT if last is not None and upto >= last else OPEN), why


def _pay_verdict(state: State, t: SignedTreaty, p, offender: int, upto: int, since: int):
    """Promise ii: payments from the promising faction to the other."""
    want, (mode, n) = _amounts(p.values[0], p.values[1]), _duration(p.values[3])
    s, other = t.start, _other(t, offender)
    last = s + n - 1 if n else None
    hi = min(upto, last) if last else upto
    who, them = _name(state, offender), _name(state, other)

    def paid(lo: int, top: int) -> list[int]:
        got = [0, 0, 0]
        for f in state.facts:
            if f[1] == "pay" and f[2] == offender and f[3] == other and lo <= f[0] <= top:
                got[f[4]] += f[5]
        return got

    if mode in ("each", "for"):
        for c in range(max(s, since + 1), hi + 1):
            got = paid(c, c)
            if any(g < w for g, w in zip(got, want, strict=True)):
                return BROKEN, (
                    f"the record shows {who} paying {_res_text(got)} to {them} at Night {c},"
                    f" not {_res_text(want)}"
                )
        done = last is not None and upto >= last
        return (KEPT if done else OPEN), (
            f"the record shows {who} paying {_res_text(want)} to {them} in each of {_span(s, hi)}"
        )
    got = paid(s, hi)
    if all(g >= w for g, w in zip(got, want, strict=True)):
        return KEPT, f"the record shows {who} paying {_res_text(got)} to {them}, as promised"
    if last is None or upto < last:
        return OPEN, "the payment is not due yet"
    if last <= since:
        return OPEN, f"this breach was already reported (Day {since})"
    return BROKEN, (
        f"the record shows {who} paying {_res_text(got)} to {them} during {_span(s, last)},"
        f" not {_res_text(want)}"
    )


# -- proposing, signing, rejecting ----------------------------------------------------------


def _one_ally(state: State, f: int, other: int) -> int:
    """A third faction ``f`` is allied with, or has signed an alliance with (NSE-95)."""
    ally = state.ally_of(f)
    if ally not in (-1, other):
        return ally
    for t in state.treaties:
        live = not t.ended and t.treaty.status == ALLIED
        if live and f in (t.f1, t.f2) and _other(t, f) != other:
            return _other(t, f)
    return -1


def _bans(state: State):
    """Bans in effect (penalty vii "will not", NSE-106): ``(treaty, offender, reported,
    clause)`` for every report whose penalties took effect at a step 1 (NSE-A23)."""
    for t in state.treaties:
        for offender, night in t.applied or ():
            for pen in t.treaty.penalties:
                if pen.template == 7 and pen.values[1] == "will not":
                    yield t, offender, night, pen


def _ban_reading(state: State, t: SignedTreaty, offender: int, night: int, pen):
    """``(factions, promise templates, last cycle or None)`` of a ban clause."""
    factions = _factions_in(state, pen.values[3], _other(t, offender))
    types = _types(pen.values[4])
    mode, n = _duration(
        " ".join(w for w in _words(pen.values[2]) if w not in ("a", "treaty", "treaties", "any"))
    )
    return factions, types, (night + n if mode and n else None)


def _types(text: str) -> set[int] | None:
    """Promise templates named ("promises of type i and iii"); None for any."""
    found = set()
    for w in _words(text):
        if w in NUMERALS or (w.isdigit() and 1 <= int(w) <= 10):
            found.add(NUMERALS.index(w) + 1 if w in NUMERALS else int(w))
        elif w not in _FILLER | {"promise", "promises"}:
            raise _Unread(f"cannot read {text!r}: expected promise types i-x, or 'any'")
    return found or None


def _check_bans(state: State, f1: int, f2: int, treaty: Treaty) -> None:
    """Refuse a treaty a ban forbids (penalty vii, NSE-106)."""
    kinds = {p.template for p in treaty.promises_1 + treaty.promises_2}
    for f, other in ((f1, f2), (f2, f1)):
        for t, offender, night, pen in _bans(state):
            if offender != f:
                continue
            try:
                factions, types, until = _ban_reading(state, t, offender, night, pen)
            except _Unread:
                continue  # a moderator decision was logged when it took effect
            hit = kinds if types is None else kinds & types
            if (
                (factions is None or other in factions)
                and hit
                and (until is None or state.night <= until)
            ):
                listed = ", ".join(NUMERALS[k - 1] for k in sorted(hit))
                raise IllegalAction(
                    f"{_name(state, f)} may not enter a treaty with {_name(state, other)} "
                    f"containing promises of type {listed}: penalty vii of treaty {t.id} "
                    f"forbids it{'' if until is None else f' through cycle {until}'} "
                    "(NSE-106); leave those promise types out"
                )


def propose(state: State, seat: int, faction_word: str, text: str) -> list[Event]:
    """The Faction Leader at ``seat`` proposes treaty ``text`` to a faction (NSE-99)."""
    f1, f2, treaty = read_proposal(state, seat, faction_word, text)
    tid, canon = state.next_treaty, treaty_text(treaty, _name(state, f1), _name(state, f2))
    state.next_treaty += 1
    state.proposals.append(Proposal(tid, f1, f2, treaty, canon, state.night))
    return [Event("treaty proposed", _fls(state, f1, f2), treaty=tid, by=f1, to=f2, text=canon)]


def read_proposal(state: State, seat: int, faction_word: str, text: str) -> tuple:
    """The proposing faction, the addressed one and the treaty ``text`` reads as, checked
    (NSE-99, NSE-100): ``IllegalAction`` says what is wrong. Changes nothing."""
    f1 = _leader_faction(state, seat, "propose a treaty")
    f2 = faction_named(state, faction_word)
    if f2 == f1:
        raise IllegalAction("a treaty is between two factions: propose it to another (NSE-99)")
    if _leader(state, f2) < 0:
        raise IllegalAction(f"{_name(state, f2)} has no Faction Leader to propose to (NSE-99)")
    n1, n2 = _name(state, f1), _name(state, f2)
    try:
        treaty = read_treaty(text, n1, n2, votes=bool(state.options.get("lynch", False)))
    except TreatyError as e:
        raise IllegalAction(str(e)) from None
    _check_bans(state, f1, f2, treaty)
    return f1, f2, treaty


def rejectable(state: State, seat: int, tid: int) -> tuple[int, Proposal]:
    """The faction answering and open proposal ``tid``, which the Faction Leader at ``seat``
    may reject (or, its proposer, withdraw). Changes nothing."""
    return _proposal(state, seat, tid, "reject")


def _proposal(state: State, seat: int, tid: int, what: str) -> tuple[int, Proposal]:
    f = _leader_faction(state, seat, f"{what} a treaty")
    for p in state.proposals:
        if p.id == tid:
            if f == p.to or (what == "reject" and f == p.by):
                return f, p
            raise IllegalAction(
                f"treaty {tid} was proposed to {_name(state, p.to)}: only its Faction Leader"
                f" may {what} it"
            )
    mine = ", ".join(str(p.id) for p in state.proposals if p.to == f) or "none"
    raise IllegalAction(f"there is no open proposal {tid}; proposals to you: {mine}")


def sign(state: State, seat: int, tid: int) -> list[Event]:
    """The addressed Faction Leader signs proposal ``tid``; it starts at step 1 of the
    next Night (NSE-A24)."""
    p = signable(state, seat, tid)
    f1, f2 = p.by, p.to
    state.proposals = [q for q in state.proposals if q.id != tid]
    start = state.night + 1
    state.treaties.append(
        SignedTreaty(tid, f1, f2, p.treaty, p.text, signed=state.night, start=start)
    )
    return [Event("treaty signed", _fls(state, f1, f2), treaty=tid, f1=f1, f2=f2, start=start)]


def signable(state: State, seat: int, tid: int) -> Proposal:
    """Open proposal ``tid``, which the Faction Leader at ``seat`` may sign now (NSE-95,
    NSE-A24): ``IllegalAction`` says why not. Changes nothing."""
    _, p = _proposal(state, seat, tid, "sign")
    f1, f2, treaty = p.by, p.to, p.treaty
    _check_bans(state, f1, f2, treaty)
    if treaty.status == ALLIED:
        for f, other in ((f1, f2), (f2, f1)):
            ally = _one_ally(state, f, other)
            if ally >= 0:
                raise IllegalAction(
                    f"{_name(state, f)} is already allied with {_name(state, ally)} (or has "
                    "signed an alliance with it), and a faction can have only one ally at a "
                    "time (NSE-95, NSE-A24); make the treaty Neutral, or wait until that "
                    "alliance ends"
                )
    return p


def reject(state: State, seat: int, tid: int) -> list[Event]:
    """The addressed Faction Leader rejects proposal ``tid`` (its proposer may withdraw it)."""
    f, p = rejectable(state, seat, tid)
    state.proposals = [q for q in state.proposals if q.id != tid]
    return [Event("treaty rejected", _fls(state, p.by, p.to), treaty=tid, by=f)]


# -- breach reports -------------------------------------------------------------------------


def reportable(state: State, seat: int, tid: int, promise_no: int) -> tuple[int, SignedTreaty, int]:
    """The reporting faction, treaty ``tid`` and the offending faction, if the Faction
    Leader at ``seat`` may report promise ``promise_no`` broken now (NSE-104, NSE-A23):
    ``IllegalAction`` says why not. Changes nothing."""
    f = _leader_faction(state, seat, "report a breach")
    t = _treaty(state, tid)
    if f not in (t.f1, t.f2):
        raise IllegalAction(f"only the two Faction Leaders of treaty {tid} may report its breaches")
    if t.ended:
        raise IllegalAction(f"treaty {tid} has ended, and all its clauses are void (NSE-107)")
    if not t.active:
        raise IllegalAction(f"treaty {tid} starts at cycle {t.start}; nothing binds yet")
    promises = t.treaty.promises_1 + t.treaty.promises_2
    if not 1 <= promise_no <= len(promises):
        raise IllegalAction(
            f"treaty {tid} has promises 1 to {len(promises)} (faction 1's, then faction 2's)"
        )
    p = promises[promise_no - 1]
    offender = t.f1 if p.by == 1 else t.f2
    if any(n == promise_no and (tid, o, d) in state.breaches for n, o, d in t.reported):
        raise IllegalAction(
            f"promise {promise_no} of treaty {tid} is already reported; its penalties take "
            f"effect at step 1 of Night {state.night + 1} (NSE-A23)"
        )
    if f != offender and p.template in CHECKED and state.options.get("verify_breach_reports", True):
        since = max((d for n, _, d in t.reported if n == promise_no), default=t.start - 1)
        verdict, why = _verdict(state, t, p, state.night, since)
        if verdict != BROKEN:
            raise IllegalAction(
                f"the breach of promise {promise_no} (template {NUMERALS[p.template - 1]}) of "
                f"treaty {tid} is not confirmed: {why} (NSE-A23); nothing happens"
            )
    return f, t, offender


def report_breach(state: State, seat: int, tid: int, promise_no: int) -> list[Event]:
    """A Faction Leader of treaty ``tid`` reports promise ``promise_no`` broken (NSE-104,
    NSE-105, NSE-A23); promises count 1.. over faction 1's, then faction 2's."""
    f, t, offender = reportable(state, seat, tid, promise_no)
    state.breaches.append(BreachReport(tid, offender, state.night))
    t.reported = [*t.reported, (promise_no, offender, state.night)]
    return [
        Event(
            "breach reported",
            _fls(state, t.f1, t.f2),
            treaty=tid,
            promise=promise_no,
            offender=offender,
            by=f,
            effect=state.night + 1,
        )
    ]


# -- Night step 1 ---------------------------------------------------------------------------


def _event(state: State, t: SignedTreaty, kind: str, text: str, **data) -> Event:
    return Event(kind, _fls(state, t.f1, t.f2), treaty=t.id, text=text, **data)


def _decide(state: State, t: SignedTreaty, text: str, key=None) -> list[Event]:
    """Log a moderator decision (once per ``key`` and treaty, if a key is given)."""
    if key is not None:
        if key in (t.decided or ()):
            return []
        t.decided = (*(t.decided or ()), key)
    state.log.append(("decision", state.night, f"treaty {t.id}: {text}"))
    return [_event(state, t, "treaty decision", text)]


def _apply_penalties(state: State, t: SignedTreaty, offender: int, night: int) -> list[Event]:
    """An accepted report's penalty clauses take effect (NSE-104, NSE-106, NSE-A23)."""
    if t.ended:
        return [_event(state, t, "treaty penalty", "the treaty ended first; its clauses are void")]
    t.applied = [*(t.applied or []), (offender, night)]
    events = []
    for k, pen in enumerate(t.treaty.penalties, 1):
        try:
            text = _PENALTY[pen.template](state, t, offender, night, pen)
        except _Unread as e:
            events += _decide(
                state,
                t,
                f"penalty {NUMERALS[pen.template - 1]}: {e}; the moderator decides how it applies",
            )
            continue
        if text.startswith("decision: "):
            events += _decide(state, t, text.removeprefix("decision: "))
        else:
            events.append(_event(state, t, "treaty penalty", text, clause=k, offender=offender))
    return events


def _end_at(t: SignedTreaty, cycle: int, now: int) -> str:
    """End the treaty at the start of ``cycle`` (now, if that is past), or earlier if set."""
    at = max(cycle, now)
    t.end_at = min(t.end_at, at) if t.end_at else at
    return f"the treaty ends at the start of cycle {t.end_at}"


def _pen_end(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    """Penalty i (ended at a cycle) and iv (continues X cycles from the report)."""
    return _end_at(t, _cycle(pen.values[0], night), state.night)


def _pen_pay(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    """Penalty ii: the offending leader pays; installments each cycle if so written."""
    amounts = _amounts(pen.values[0], pen.values[1])
    mode, n = _duration(pen.values[2])
    once = mode in ("", "within")
    last = state.night if once else None if n is None else state.night + n - 1
    due = (offender, _other(t, offender), tuple(amounts), state.night, last)
    t.dues = [*(t.dues or []), due]
    if last == state.night:
        often = "once"
    else:
        often = f"each cycle through cycle {last}" if last else "each cycle while the treaty runs"
    return f"{_name(state, offender)} pays {_res_text(amounts)} to {_name(state, due[1])}, {often}"


def _pen_action(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    who = _name(state, offender)
    v = pen.values
    return (
        f"decision: penalty iii: the Faction Leader of {who} performs {v[0]!r} on {v[1]!r}, "
        f"{v[2]!r}; queue this forced action (NSE-A23)"
    )


def _pen_reveal(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    if pen.values[1] != "will":
        return "penalty v: nothing to reveal ('will not')"
    them = _name(state, _other(t, offender))
    return (
        f"decision: penalty v: send the Faction Leader of {them} {pen.values[2]!r} about "
        f"{pen.values[3]!r} of {_name(state, offender)} (NSE-A23)"
    )


def _pen_votes(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    v = pen.values
    return (
        f"decision: penalty vi: {_name(state, offender)} {v[1]} place {v[2]!r} votes on "
        f"{v[3]!r} ({v[4]!r}) {v[5]!r}"
    )


def _pen_ban(state: State, t: SignedTreaty, offender: int, night: int, pen) -> str:
    """Penalty vii: "will not" is a ban enforced by propose and sign."""
    if pen.values[1] == "will not":
        factions, types, until = _ban_reading(state, t, offender, night, pen)
        whom = "any faction" if factions is None else ", ".join(_name(state, f) for f in factions)
        kinds = "any" if types is None else ", ".join(NUMERALS[k - 1] for k in sorted(types))
        end = "" if until is None else f" through cycle {until}"
        return (
            f"{_name(state, offender)} may not enter treaties with {whom} containing promises"
            f" of type {kinds}{end}"
        )
    return (
        f"decision: penalty vii: {_name(state, offender)} must enter {pen.values[2]!r} with "
        f"{pen.values[3]!r} containing {pen.values[4]!r}"
    )


_PENALTY = {
    1: _pen_end,
    2: _pen_pay,
    3: _pen_action,
    4: _pen_end,
    5: _pen_reveal,
    6: _pen_votes,
    7: _pen_ban,
}


def _due_now(state: State, t: SignedTreaty, first: int, last: int | None) -> bool:
    """Is an installment due at this step 1 (``last`` None: while the treaty runs)?"""
    if last is None:
        return first <= state.night and not t.ended
    return first <= state.night <= last


def _collect(state: State) -> list[Event]:
    """Penalty payments due now, taken from the offending leader's stock as far as it goes;
    the rest stays owed and is collected at later step 1s (NSE-A23)."""
    events = []
    for t in state.treaties:
        debts, new = dict(t.debts or {}), set()
        for debtor, creditor, amounts, first, last in t.dues or []:
            if _due_now(state, t, first, last):
                old = debts.get((debtor, creditor), (0, 0, 0))
                debts[(debtor, creditor)] = tuple(a + b for a, b in zip(old, amounts, strict=True))
                new.add((debtor, creditor))
        for (debtor, creditor), owed in debts.items():
            paid = _pay(state, debtor, creditor, owed)
            debts[(debtor, creditor)] = tuple(o - p for o, p in zip(owed, paid, strict=True))
            if any(paid) or (debtor, creditor) in new:
                text = (
                    f"{_name(state, debtor)} paid {_res_text(paid)} to "
                    f"{_name(state, creditor)}; still owed: "
                    f"{_res_text(debts[(debtor, creditor)])}"
                )
                owes = list(debts[(debtor, creditor)])
                events.append(_event(state, t, "penalty paid", text, paid=paid, owed=owes))
        t.debts = {k: v for k, v in debts.items() if any(v)}
    _sync_owed(state)
    return events


def _pay(state: State, debtor: int, creditor: int, owed) -> list[int]:
    """Move what the debtor's leader can pay of ``owed`` to the creditor's leader."""
    payer, payee = _leader(state, debtor), _leader(state, creditor)
    if payer < 0 or payee < 0:
        return [0, 0, 0]
    res = state.houses[payer].res
    paid = [min(res[r], owed[r]) for r in range(3)]
    for r in range(3):
        res[r] -= paid[r]
        state.houses[payee].res[r] += paid[r]
    return paid


def _sync_owed(state: State) -> None:
    """``state.owed``: what each offending leader still owes, summed over treaties."""
    owed: dict[int, list[int]] = {}
    for t in state.treaties:
        for (debtor, _), amounts in (t.debts or {}).items():
            seat = _leader(state, debtor)
            if seat >= 0:
                total = owed.setdefault(seat, [0, 0, 0])
                for r in range(3):
                    total[r] += amounts[r]
    state.owed = owed


def _restatus(state: State, a: int, b: int) -> list[Event]:
    """Set the pair's status from its running treaties (NSE-86, NSE-109); Hostile if none
    (NSE-87, NSE-93, NSE-98, NSE-108). Status changes are public."""
    best = max(
        (t.treaty.status for t in _running(state, a, b)), key=RANK.__getitem__, default=HOSTILE
    )
    if best == ALLIED and (_one_ally(state, a, b) >= 0 or _one_ally(state, b, a) >= 0):
        best = (
            NEUTRAL_STATUS
            if any(t.treaty.status == NEUTRAL_STATUS for t in _running(state, a, b))
            else HOSTILE
        )
    old, key = state.relation(a, b), (min(a, b), max(a, b))
    if best == HOSTILE:
        state.status.pop(key, None)
    else:
        state.status[key] = best
    if old == best:
        return []
    return [Event("status changed", EVERYONE, factions=list(key), old=old, new=best)]


def end_treaty(state: State, tid: int, why: str) -> list[Event]:
    """End treaty ``tid`` (also for the moderator's decisions): all its clauses are void
    and the factions go back to Hostile (NSE-107, NSE-108)."""
    t = _treaty(state, tid)
    if t.ended:
        return []
    t.ended, t.active, t.end, t.why = True, False, state.night, why
    return [_event(state, t, "treaty ended", why), *_restatus(state, t.f1, t.f2)]


def _start(state: State, t: SignedTreaty) -> list[Event]:
    """A signed treaty starts and sets its status (NSE-109, NSE-A24)."""
    t.active = True
    text = f"the treaty runs from cycle {state.night}; status {t.treaty.status}"
    return [_event(state, t, "treaty started", text), *_restatus(state, t.f1, t.f2)]


def _expiry(state: State, t: SignedTreaty) -> tuple[str, list[Event]]:
    """Why treaty ``t`` ends now ("" if it runs on), and moderator decisions (NSE-107)."""
    if t.end_at is not None and state.night >= t.end_at:
        return f"a penalty clause ended it at the start of cycle {t.end_at} (NSE-106)", []
    events = []
    for e in t.treaty.expirations:
        try:
            why = _EXPIRY[e.template](state, t, e)
        except _Unread as err:
            why = f"decision: expiration {NUMERALS[e.template - 1]}: {err}"
        if why.startswith("decision: "):
            text = why.removeprefix("decision: ") + "; the moderator ends the treaty when it holds"
            events += _decide(state, t, text, key=("expiration", e.template, e.values))
        elif why:
            return f"expiration {NUMERALS[e.template - 1]}: {why} (NSE-107)", events
    return "", events


def _exp_cycles(state: State, t: SignedTreaty, e) -> str:
    """Expiration i: X cycles from the treaty's start."""
    cycle = _cycle(e.values[0], t.start)
    return f"it ended at the start of cycle {cycle}" if state.night >= cycle else ""


def _exp_fulfilled(state: State, t: SignedTreaty, e) -> str:
    """Expiration ii: every promise fulfilled, by the record through the last cycle."""
    promises = t.treaty.promises_1 + t.treaty.promises_2
    verdicts = [_verdict(state, t, p, state.night - 1, t.start - 1) for p in promises]
    unknown = [str(k) for k, (v, _) in enumerate(verdicts, 1) if v == UNKNOWN]
    if all(v == KEPT for v, _ in verdicts):
        return "all promises have been fulfilled"
    if unknown and all(v in (KEPT, UNKNOWN) for v, _ in verdicts):
        return (
            f"decision: expiration ii: the record cannot tell whether promise(s) "
            f"{', '.join(unknown)} are fulfilled"
        )
    return ""


def _exp_declared(state: State, t: SignedTreaty, e) -> str:
    return (
        "decision: expiration iii: a faction that has fulfilled its promises may declare "
        "the treaty ended"
    )


def _exp_members(state: State, t: SignedTreaty, e) -> str:
    """Expiration iv: a faction with fewer than X living members."""
    for f in (t.f1, t.f2):
        alive = sum(1 for h in state.houses if h.alive and h.faction == f)
        if alive < e.values[0]:
            return f"{_name(state, f)} has {alive} members left, fewer than {e.values[0]}"
    return ""


def _exp_action(state: State, t: SignedTreaty, e) -> str:
    """Expiration v: an action performed by one party on the other since the start."""
    names, a, b = _actions(state, e.values[0]), t.f1, t.f2
    for f in state.facts:
        between = f[1] == "action" and (f[2], f[4]) in ((a, b), (b, a))
        if between and f[0] >= t.start and (names is None or _fold(f[3]) in names):
            return f"{_name(state, f[2])} used {f[3]} on {_name(state, f[4])} at Night {f[0]}"
    return ""


def _exp_holdings(state: State, t: SignedTreaty, e) -> str:
    """Expiration vi: victory locations controlled and/or Nobles held; eliminations are
    the moderator's."""
    w = " ".join(_words(e.values[0]))
    wants = re.findall(r"(\d+) (victory locations?|nobles?)", w)
    rest = re.sub(r"\d+ (victory locations?|nobles?)|\b(occupies|controls|and|or|has)\b", "", w)
    if not wants or rest.strip():
        raise _Unread(f"the record cannot judge {e.values[0]!r}")
    for f in (t.f1, t.f2):
        held = [
            state.nobles_of(f)
            if what.startswith("noble")
            else sum(
                1
                for sq in state.scenario.victory
                if state.ctrl.get(state.square(sq), (-1,))[0] == f
            )
            for _, what in wants
        ]
        met = [h >= int(n) for h, (n, _) in zip(held, wants, strict=True)]
        if all(met) if " and " in f" {w} " and " or " not in f" {w} " else any(met):
            return f"{_name(state, f)} holds {e.values[0]!r}"
    return ""


def _exp_report(state: State, t: SignedTreaty, e) -> str:
    """Expiration vii: X cycles from the first accepted breach report."""
    if not t.reported:
        return ""
    night = min(d for _, _, d in t.reported)
    cycle = max(_cycle(e.values[0], night), night + 1)
    return f"it ended at the start of cycle {cycle}" if state.night >= cycle else ""


_EXPIRY = {
    1: _exp_cycles,
    2: _exp_fulfilled,
    3: _exp_declared,
    4: _exp_members,
    5: _exp_action,
    6: _exp_holdings,
    7: _exp_report,
}


def _expire(state: State, treaties: list[SignedTreaty]) -> list[Event]:
    events = []
    for t in treaties:
        why, decided = _expiry(state, t)
        events += decided
        if why:
            events += end_treaty(state, t.id, why)
    return events


def step_one(state: State) -> list[Event]:
    """Night step 1 (NSE-119, NSE-A23, NSE-A24), with ``state.night`` already the new Night:
    queued penalties take effect, debts are collected, treaties end, then treaties start."""
    events = []
    for tid, offender, night in state.breaches:
        events += _apply_penalties(state, _treaty(state, tid), offender, night)
    state.breaches = []
    events += _collect(state)
    events += _expire(state, [t for t in state.treaties if t.active])
    starting = [
        t for t in state.treaties if not t.active and not t.ended and t.start <= state.night
    ]
    for t in starting:
        events += _start(state, t)
    return events + _expire(state, starting)


def break_treaties(state: State, f1: int, f2: int) -> list[Event]:
    """NSE-92: asking for battle or conquest under Neutral status ends every treaty between
    the two factions (running or signed to start) and sets them Hostile."""
    events = []
    for t in state.treaties:
        if not t.ended and _pair(t) == (min(f1, f2), max(f1, f2)):
            events += end_treaty(state, t.id, "battle or conquest was asked for (NSE-92)")
    return events + _restatus(state, f1, f2)


# -- combat's questions ---------------------------------------------------------------------


def may_fight(state: State, f1: int, f2: int, controller: int, asked: bool = False) -> bool:
    """Do units of factions f1 and f2 that meet on an estate held by ``controller`` (-1:
    uncontrolled) fight? ``asked``: the invader (the one not controlling) asked for battle.

    Hostile: always (NSE-87). Allied: never (NSE-94). Neutral: on an uncontrolled or third
    faction's estate (NSE-89); on one party's estate only if the invader asked (NSE-90),
    and then the caller must call ``break_treaties`` (NSE-92).
    """
    status = state.relation(f1, f2)
    if status == HOSTILE:
        return f1 != f2
    if status == ALLIED:
        return False
    return asked if controller in (f1, f2) else True


def may_conquer(state: State, invader: int, controller: int, asked: bool) -> bool:
    """May ``invader``, with no defender left, take the estate ``controller`` holds (-1:
    none)? Hostile: yes (NSE-88). Neutral: only if asked (NSE-91; then the caller calls
    ``break_treaties``, NSE-92). Allied: never, even if asked (NSE-94, NSE-97)."""
    if controller < 0:
        return True
    if controller == invader:
        return False
    status = state.relation(invader, controller)
    return status == HOSTILE or (status == NEUTRAL_STATUS and asked)
