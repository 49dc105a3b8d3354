r"""Reading and writing Noblesse treaties, clause by clause (NSE-99 to NSE-110).

A treaty (NSE-100, NSE-101) holds 1-3 promises from each faction, 1-3 penalty clauses,
1-3 expiration clauses, an optional status change and an optional intent. Every clause is
one of the source's templates (``PROMISES`` i-x, ``PENALTIES`` i-vii, ``EXPIRATIONS``
i-vii; NSE-102, NSE-106, NSE-107), copied word for word: only the quoted parts may be
changed. A filled-in part keeps its quotes (``"E5"``); a removed part is written as two
quotes (``""``). Case, whitespace, curly quotes and the clause's final ``;`` or ``.`` do
not matter.

The layout ``read_treaty`` reads (headings are case-insensitive and may come in any order;
a faction may be named by its number or its name; one clause per line, blank lines and
``-``/``*``/``1.`` bullets are ignored)::

    Faction 1 promises:
    <promise clause>            (1 to 3 lines)
    Faction 2 promises:
    <promise clause>            (1 to 3 lines)
    Penalties:
    <penalty clause>            (1 to 3 lines)
    Expiration:
    <expiration clause>         (1 to 3 lines)
    Status: Hostile to Neutral  (optional; "Neutral", "Allied", "Hostile to Allied" too)
    Intent:
    <any text, up to the end or the next heading>   (optional)

>>> t = read_treaty('''
... Faction 1 promises:
... "Red" "will not" enter "E5" on the game board, with "any units" "for 3 cycles";
... Faction 2 promises:
... "Blue's" faction leader will pay a "2" of "Money" to the "Red's" leader "each cycle";
... Penalties:
... the treaty is ended "at the start of cycle 9" from the moment the breach was reported.
... Expiration:
... The treaty is ended when all promises have been fulfilled.
... the treaty is ended when one of the factions has less than 2 members left.
... Status: Neutral
... Intent: Peace in the East.
... ''', "Red", "Blue")
>>> t.promises_1
(Promise(template=1, by=1, values=('will not', 'E5', 'any units', 'for 3 cycles')),)
>>> t.expirations
(Expiration(template=2, values=()), Expiration(template=4, values=(2,)))
>>> t.status, t.intent
('neutral', 'Peace in the East.')
>>> print(treaty_text(t, "Red", "Blue"))
Faction 1 promises:
"Red" "will not" enter "E5" on the game board, with "any units" "for 3 cycles";
Faction 2 promises:
"Blue's" faction leader will pay a "2" of "Money" to the "Red's" leader "each cycle";
Penalties:
the treaty is ended "at the start of cycle 9" from the moment the breach was reported.
Expiration:
The treaty is ended when all promises have been fulfilled.
the treaty is ended when one of the factions has less than 2 members left.
Status: Hostile to Neutral
Intent:
Peace in the East.
>>> read_treaty(treaty_text(t, "Red", "Blue"), "Red", "Blue") == t
True

Errors quote the clause and say which template it could be meant as and what was expected:

>>> read_clause("promise", '"Red" "will" enter "E5" on the board, with "all" "";', "Red", "Blue")
Traceback (most recent call last):
...
bureau.games.noblesse.clauses.TreatyError: cannot read promise
'"Red" "will" enter "E5" on the board, with "all" "";' as promise template i: expected
'game' after '"Red" "will" enter "E5" on the', not 'board'

Values: the promising faction of a promise is ``by`` (1 or 2), checked against the
heading; a ``"will (not)"`` part is ``"will"`` or ``"will not"``; the unquoted ``X`` of
expiration iv is an ``int``; every other part is its text with whitespace collapsed
(``""`` when removed). Templates that mention votes (promise vi, penalty vi) are refused
when the lynch module is off (``votes=False``, NSE-A06).
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

STATUSES = ("hostile", "neutral", "allied")
KINDS = ("promise", "penalty", "expiration")
MAX_CLAUSES = 3  # NSE-100


class TreatyError(ValueError):
    """A treaty text that cannot be read; the text quotes the clause and says what was expected."""


# -- the template table ---------------------------------------------------------------------


class Slot(NamedTuple):
    """A quoted, fillable part of a template; ``name`` is the source's quoted text.

    ``kind``: ``"faction"`` (the promising faction's name), ``"faction's"`` (its possessive),
    ``"will"`` (``will`` or ``will not``), ``"number"`` (an unquoted count) or ``"text"``.
    """

    name: str
    kind: str


class Template(NamedTuple):
    """One clause template: ``parts`` are fixed words (str) and ``Slot``s in order, ``end``
    the source's final punctuation and ``source`` the source's line (L214-L247)."""

    kind: str
    number: int
    numeral: str
    parts: tuple[str | Slot, ...]
    end: str
    source: str

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple(p for p in self.parts if isinstance(p, Slot))

    @property
    def values_slots(self) -> tuple[Slot, ...]:
        """The slots whose fillings are a record's ``values`` (the promising faction is ``by``)."""
        return tuple(s for s in self.slots if s.kind not in ("faction", "faction's"))

    def pattern(self) -> str:
        """The template with its slots in quotes, as the docs list it."""
        return _join(
            [
                p if isinstance(p, str) else p.name if p.kind == "number" else f'"{p.name}"'
                for p in self.parts
            ],
            self.end,
        )


_NUMERALS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_T = "within amount of cycles/for an amount of cycles"
_INFO = (
    "any specific information such as role name, role abilities, controlled estates, "
    "faction alignment, known units"
)
_SPECIAL = {
    "the promising faction": "faction",
    "promising faction": "faction",
    "the promising faction's": "faction's",
    "will (not)": "will",
    "will": "will",
}

# The source's templates (seed lines 214-247), in a compact form: {...} is a quoted part,
# <X> an unquoted count; everything else is fixed. Where the source's quotes are unbalanced
# (promise i and ix) the reading chosen is documented in ``AMBIGUITIES``.
_SOURCE = {
    "promise": (
        (
            "{the promising faction} {will (not)} enter {specific estate(s), row(s) within the "
            "letter(s) or column(s) within the number(s) #} on the game board, with "
            "{any or all game units of specific type(s)} {" + _T + "};",
            'i. "the promising faction" "will (not)" enter "specific estate(s), row(s) within the'
            ' "letter(s)" or column(s) within the number(s) "#" on the game board, with "any or'
            ' all game units of specific type(s)" "within amount of cycles/for an amount of'
            ' cycles";',
        ),
        (
            "{the promising faction's} faction leader will pay a {specific amount of resources} "
            "of {specific type(s)} to the {other faction's} leader "
            "{within amount of cycles/ each cycle for an amount of cycles};",
            'ii. "the promising faction\'s" faction leader will pay a "specific amount of'
            ' resources" of "specific type(s)" to the "other faction\'s" leader "within amount of'
            ' cycles/ each cycle for an amount of cycles";',
        ),
        (
            "{the promising faction} {will (not)} {(re)move} "
            "{any or all game units of specific type(s)} {from or to} {one or more} "
            "{specific estate(s)} {" + _T + "};",
            'iii."the promising faction" "will (not)" "(re)move" "any or all game units of'
            ' specific type(s)" "from or to" "one or more" "specific estate(s)" "within amount'
            ' of cycles/for an amount of cycles";',
        ),
        (
            "{the promising faction} {will (not)} reveal {any or all parameter(s) of any or all "
            "game units of specific type(s)/controller(s)} {and/or of specific estate(s)} "
            "{and/or present on specific estate(s)};",
            'iv. "the promising faction" "will (not)" reveal "any or all parameter(s) of any or'
            ' all game units of specific type(s)/controller(s)" "and/or of specific estate(s)"'
            ' "and/or present on specific estate(s)";',
        ),
        (
            "{the promising faction} {will (not)} reveal {" + _INFO + "} about {player(s)} "
            "{alt name(s)} {" + _T + "};",
            'v. "the promising faction" "will (not)" reveal "' + _INFO + '" about "player(s)"'
            ' "alt name(s)" "within amount of cycles/for an amount of cycles";',
        ),
        (
            "the {promising faction} {will (not)} place {X} votes on "
            "{a certain (number of) specified alt(s)} {" + _T + "};",
            'vi. the "promising faction" "will (not)" place "X" votes on "a certain (number of)'
            ' specified alt(s)" "within amount of cycles/for an amount of cycles";',
        ),
        (
            "the {promising faction} {will (not)} seek battle with {player or faction X} until "
            "{a number of estates, players or both are removed from the game/ control of that "
            "player or faction} {" + _T + "}.",
            'vii. the "promising faction" "will (not)" seek battle with "player or faction X"'
            ' until "a number of estates, players or both are removed from the game/ control of'
            ' that player or faction" "within amount of cycles/for an amount of cycles".',
        ),
        (
            "the {promising faction} {will (not)} seek control of {estate} {and/or} "
            "{place/remove X units/spies/tax collectors/commanders/structures on the estate} "
            "{" + _T + "}.",
            'viii. the "promising faction" "will (not)" seek control of "estate" "and/or"'
            ' "place/remove X units/spies/tax collectors/commanders/structures on the estate"'
            ' "within amount of cycles/for an amount of cycles".',
        ),
        (
            "the {promising faction} {will (not)} {remove} its "
            "{units/spies/tax collectors/commanders} from {estate(s)} {and/or} "
            "{build structure(s) of type X} {" + _T + "}.",
            'ix. the "promising faction" "will (not)" "remove its "units/spies/tax'
            ' collectors/commanders" from "estate(s)" "and/or" "build structure(s) of type X"'
            ' "within amount of cycles/for an amount of cycles".',
        ),
        (
            "the {promising faction} {will (not)} use {action(s) X on alt(s) Y.} {" + _T + "}",
            'x. the "promising faction" "will (not)" use "action(s) X on alt(s) Y." "within'
            ' amount of cycles/for an amount of cycles"',
        ),
    ),
    "penalty": (
        (
            "the treaty is ended {at the start of cycle X} from the moment the breach was "
            "reported.",
            'i. the treaty is ended "at the start of cycle X" from the moment the breach was'
            " reported.",
        ),
        (
            "the offending faction's leader pays the offended faction leader the "
            "{specific amount of resources} of {specific type(s)} "
            "{within amount of cycles/ each cycle for an amount of cycles}.",
            "ii. the offending faction's leader pays the offended faction leader the \"specific"
            ' amount of resources" of "specific type(s)" "within amount of cycles/ each cycle for'
            ' an amount of cycles".',
        ),
        (
            "the offending faction's leader performs {action(s) X} on {a player within his own "
            "faction of his own choice/ a player of the offended faction leader's choice}, "
            "{as specified at the start of the treaty/report of the breach of the treaty}.",
            'iii. the offending faction\'s leader performs "action(s) X" on "a player within'
            " his own faction of his own choice/ a player of the offended faction leader's"
            ' choice", "as specified at the start of the treaty/report of the breach of the'
            ' treaty".',
        ),
        (
            "the treaty continues until {the start of X cycles} from the moment the breach was "
            "reported.",
            'iv. the treaty continues until "the start of X cycles" from the moment the breach'
            " was reported.",
        ),
        (
            "{the offending faction} {will} reveal {" + _INFO + "} from "
            "{any or all of the faction's player(s)} upon the breach of the treaty to the "
            "offended faction's leader;",
            'v. "the offending faction" "will" reveal "' + _INFO + '" from "any or all of the'
            " faction's player(s)\" upon the breach of the treaty to the offended faction's"
            " leadder;",
        ),
        (
            "the {offending faction} {will (not)} place {X} votes on "
            "{a certain (number of) specified alt(s)} {who are specified at the start of the "
            "treaty/report of the breach of the treaty} {" + _T + "};",
            'vi. the "offending faction" "will (not)" place "X" votes on "a certain (number of)'
            ' specified alt(s)" "who are specified at the start of the treaty/report of the'
            ' breach of the treaty" "within amount of cycles/for an amount of cycles";',
        ),
        (
            "the {offending faction} {will (not)} enter {a treaty/treaties} with "
            "{faction(s) X} containing {promises of type X}.",
            'vii. the "offending faction" "will (not)" enter "a treaty/treaties" with'
            ' "faction(s) X" containing "promises of type X".',
        ),
    ),
    "expiration": (
        (
            "the treaty is ended {at the start of X cycles} from the moment the treaty starts.",
            'i. the treaty is ended "at the start of X cycles" from the moment the treaty starts.',
        ),
        (
            "The treaty is ended when all promises have been fulfilled.",
            "ii. The treaty is ended when all promises have been fulfilled.",
        ),
        (
            "the treaty is ended when one of the factions has fulfilled its promise(s) and "
            "unilaterally declares the treaty ended.",
            "iii. the treaty is ended when one of the factions has fulfilled its promise(s) and"
            " unilaterally declares the treaty ended.",
        ),
        (
            "the treaty is ended when one of the factions has less than <X> members left.",
            "iv. the treaty is ended when one of the factions has less than X members left.",
        ),
        (
            "the treaty is ended after {action X} has been successfully performed by one of the "
            "factions towards the other faction.",
            'v. the treaty is ended after "action X" has been succesfully performed by one of'
            " the factions towards the other faction.",
        ),
        (
            "the treaty is ended when one of the parties occupies {X victory locations and/or "
            "controls Y Nobles and/or has eliminated X players of faction Y}.",
            'vi. the treaty is ended when one of the parties occupies "X victory locations'
            ' and/or controls Y Nobles and/or has eliminated X players of faction Y".',
        ),
        (
            "the treaty is ended {at the start/end of X cycles} from the moment a breach of "
            "agreed promises was reported.",
            'vii. the treaty is ended "at the start/end of X cycles" from the moment a breach'
            " of agreed promises was reported.",
        ),
    ),
}

# Source misspellings read as well as the corrected word the table writes.
_SPELLINGS = {"leader": ("leader", "leadder"), "successfully": ("successfully", "succesfully")}

AMBIGUITIES = (
    'promise i: the quotes are unbalanced ("specific estate(s), row(s) within the "letter(s)"'
    ' or column(s) within the number(s) "#"); read as ONE quoted part naming the place.',
    'promise ix: the quotes are unbalanced ("remove its "units/..." from "estate(s)"); read as'
    ' "remove" its "units/spies/tax collectors/commanders" from "estate(s)".',
    "expiration iv: X is not quoted, yet is plainly meant to be filled: read as a bare count.",
    'penalty v ("leadder") and expiration v ("succesfully"): misspellings, both spellings read.',
    "promise x has no final punctuation; the quoted part ends in a period. Any clause's final"
    " ';' or '.' is optional.",
    'penalty vi and vii quote "offending faction" (it applies to both parties, NSE-106): it is'
    " free text, not checked against the faction names.",
)


def _template(kind: str, number: int, compact: str, source: str) -> Template:
    end = compact[-1] if compact[-1] in ";." and not compact.endswith(".}") else ""
    body = compact[: len(compact) - len(end)]
    parts: list[str | Slot] = []
    for fixed, slot, count in re.findall(r"([^{<]+)|\{([^}]*)\}|<([^>]*)>", body):
        if fixed.strip():
            parts.append(" ".join(fixed.split()))
        elif slot or count:
            parts.append(Slot(count, "number") if count else Slot(slot, _SPECIAL.get(slot, "text")))
    return Template(kind, number, _NUMERALS[number - 1], tuple(parts), end, source)


PROMISES, PENALTIES, EXPIRATIONS = (
    tuple(_template(kind, n, *pair) for n, pair in enumerate(_SOURCE[kind], 1)) for kind in KINDS
)
TEMPLATES = {"promise": PROMISES, "penalty": PENALTIES, "expiration": EXPIRATIONS}
_VOTES = {("promise", 6), ("penalty", 6)}  # templates that mention votes (NSE-A06)


# -- the records ----------------------------------------------------------------------------


class Promise(NamedTuple):
    """Promise template ``PROMISES[template - 1]`` made by faction ``by`` (1 or 2) (NSE-102)."""

    template: int
    by: int
    values: tuple


class Penalty(NamedTuple):
    """Penalty clause template ``PENALTIES[template - 1]`` (NSE-106)."""

    template: int
    values: tuple


class Expiration(NamedTuple):
    """Expiration clause template ``EXPIRATIONS[template - 1]`` (NSE-107)."""

    template: int
    values: tuple


class Treaty(NamedTuple):
    """A whole treaty (NSE-100, NSE-101); ``status`` is the status it sets (NSE-109)."""

    promises_1: tuple[Promise, ...]
    promises_2: tuple[Promise, ...]
    penalties: tuple[Penalty, ...]
    expirations: tuple[Expiration, ...]
    status: str = "hostile"
    intent: str = ""


# -- the clause grammars --------------------------------------------------------------------

_QUOTED = r'/["\u201c\u201d][^"\u201c\u201d\n]*["\u201c\u201d]/'
_WORDS = re.compile(r"[^\s,;.]+|[,;.]")


def _elements(t: Template) -> list[str | Slot]:
    """The template as a sequence of single fixed words and slots."""
    out: list[str | Slot] = []
    for p in t.parts:
        out.extend(_WORDS.findall(p) if isinstance(p, str) else [p])
    return out


def _word_regex(word: str) -> str:
    spellings = _SPELLINGS.get(word.lower(), (word,))
    alts = "|".join(re.escape(w).replace("/", r"\/") for w in spellings)
    return f"/(?:{alts})" + r"(?![\w'\u2019])/i"


@cache
def _parser(kind: str, number: int) -> Lark:
    """A grammar for one template: terminal ``E<k>`` is its k-th word or slot."""
    elements = _elements(TEMPLATES[kind][number - 1])
    lines = ["start: " + " ".join(f"E{k}" for k in range(len(elements))) + " END?"]
    for k, e in enumerate(elements):
        if isinstance(e, str):
            lines.append(f"E{k}: {_word_regex(e)}")
        else:
            lines.append(f"E{k}: " + (r"/\d+/" if e.kind == "number" else _QUOTED))
    lines += ["END: /[;.]/", r"%ignore /\s+/"]
    return Lark("\n".join(lines), parser="lalr", lexer="contextual")


def _expected(kind: str, number: int, names) -> str:
    elements = _elements(TEMPLATES[kind][number - 1])
    said = []
    for name in sorted(names, key=lambda n: (n == "$END", n == "END", n)):
        if name.startswith("E") and name[1:].isdigit():
            e = elements[int(name[1:])]
            said.append(
                repr(e)
                if isinstance(e, str)
                else f"a count ({e.name})"
                if e.kind == "number"
                else f'a quoted part ("{e.name}")'
            )
        elif name == "END":
            said.append("';' or '.'")
        elif name == "$END":
            said.append("the end of the clause")
    return " or ".join(dict.fromkeys(said)) or "the end of the clause"


def _attempt(kind: str, number: int, clause: str):
    """The tokens of ``clause`` read as the template, or (position, expected, found)."""
    try:
        tree = _parser(kind, number).parse(clause)
    except UnexpectedToken as e:
        found = "the end of the clause" if e.token.type == "$END" else repr(str(e.token))
        return e.token.start_pos if e.token.type != "$END" else len(clause), e.expected, found
    except UnexpectedCharacters as e:
        return e.pos_in_stream, e.allowed, repr(clause[e.pos_in_stream :].split()[0])
    except UnexpectedEOF as e:
        return len(clause), e.expected, "the end of the clause"
    except UnexpectedInput as e:  # pragma: no cover - other lark errors
        return 0, set(), repr(str(e))
    return [tok for tok in tree.children if isinstance(tok, Token) and tok.type != "END"]


def _value(slot: Slot, token: str) -> str | int:
    if slot.kind == "number":
        return int(token)
    return " ".join(token[1:-1].split())


def read_clause(
    kind: str, clause: str, faction_1: str, faction_2: str, by: int = 1, *, votes: bool = True
) -> Promise | Penalty | Expiration:
    """Read one clause of ``kind`` ("promise", "penalty" or "expiration"); a promise is made
    by faction ``by``.

    >>> read_clause("expiration", 'THE treaty is ended "at the start of 4 cycles" from the'
    ...             ' moment the treaty starts', "Red", "Blue")
    Expiration(template=1, values=('at the start of 4 cycles',))
    >>> read_clause("penalty", 'the treaty ends "at cycle 3".', "Red", "Blue")
    Traceback (most recent call last):
    ...
    bureau.games.noblesse.clauses.TreatyError: cannot read penalty 'the treaty ends "at cycle
    3".' as penalty template i or iv (penalty templates are i-vii): as i: expected 'is' after
    'the treaty', not 'ends'; as iv: expected 'continues' after 'the treaty', not 'ends'
    """
    quoted = " ".join(clause.split())
    best: list[tuple[int, int, str]] = []
    for t in TEMPLATES[kind]:
        got = _attempt(kind, t.number, quoted)
        if isinstance(got, list):
            return _record(t, got, quoted, (faction_1, faction_2), by, votes)
        pos, names, found = got
        best.append(
            (
                pos,
                t.number,
                f"expected {_expected(kind, t.number, names)}"
                + (f" after {quoted[:pos].rstrip()!r}" if pos else " at the start")
                + f", not {found}",
            )
        )
    top = max(pos for pos, _, _ in best)
    closest = [(n, why) for pos, n, why in best if pos == top]
    if len(closest) == 1:
        n, why = closest[0]
        raise TreatyError(
            f"cannot read {kind} {quoted!r} as {kind} template {_NUMERALS[n - 1]}: {why}"
        )
    detail = "; ".join(f"as {_NUMERALS[n - 1]}: {why}" for n, why in closest)
    raise TreatyError(
        f"cannot read {kind} {quoted!r} as {kind} template "
        + " or ".join(_NUMERALS[n - 1] for n, _ in closest)
        + f" ({kind} templates are {_NUMERALS[0]}-{_NUMERALS[len(TEMPLATES[kind]) - 1]}): "
        + detail
    )


def _record(t: Template, tokens, clause: str, factions, by: int, votes: bool):
    where = f"{t.kind} template {t.numeral}"
    if not votes and (t.kind, t.number) in _VOTES:
        raise TreatyError(
            f"{where} mentions votes, and the lynch module is off (NSE-A06): {clause!r}"
        )
    values = []
    for slot, token in zip(
        (e for e in _elements(t) if isinstance(e, Slot)),
        (tok for tok in tokens if not _is_word(t, tok)),
        strict=True,
    ):
        value = _value(slot, str(token))
        if slot.kind in ("faction", "faction's"):
            want = factions[by - 1] + ("'s" if slot.kind == "faction's" else "")
            if str(value).casefold() != want.casefold():
                raise TreatyError(
                    f"cannot read promise {clause!r} as {where}: expected the promising faction "
                    f'"{want}" (faction {by}) for "{slot.name}", not "{value}"'
                )
            continue
        if slot.kind == "will":
            value = str(value).lower()
            if value not in ("will", "will not"):
                raise TreatyError(
                    f'cannot read {t.kind} {clause!r} as {where}: expected "will" or'
                    f' "will not" for "{slot.name}", not "{value}"'
                )
        values.append(value)
    if t.kind == "promise":
        return Promise(t.number, by, tuple(values))
    return (Penalty if t.kind == "penalty" else Expiration)(t.number, tuple(values))


def _is_word(t: Template, token: Token) -> bool:
    return isinstance(_elements(t)[int(token.type[1:])], str)


# -- writing --------------------------------------------------------------------------------


def _join(words: list[str], end: str) -> str:
    """Words joined by spaces; a fixed word that is punctuation sticks to the one before."""
    text = ""
    for w in words:
        text += w if not text or w in (",", ";", ".") else " " + w
    return text + end


def clause_text(record: Promise | Penalty | Expiration, faction_1: str, faction_2: str) -> str:
    """The canonical text of one clause.

    >>> clause_text(Promise(6, 2, ("will", "1", "Bob", "")), "Red", "Blue")
    'the "Blue" "will" place "1" votes on "Bob" "";'
    """
    if isinstance(record, Promise):
        t = PROMISES[record.template - 1]
    else:
        t = (PENALTIES if isinstance(record, Penalty) else EXPIRATIONS)[record.template - 1]
    values = iter(record.values)
    words = []
    for p in t.parts:
        if isinstance(p, str):
            words.append(p)
        elif p.kind in ("faction", "faction's"):
            assert isinstance(record, Promise)  # only a promise's template names a faction
            name = (faction_1, faction_2)[record.by - 1]
            words.append(f'"{name}' + ("'s" if p.kind == "faction's" else "") + '"')
        else:
            value = next(values)
            words.append(str(value) if p.kind == "number" else f'"{value}"')
    return _join(words, t.end)


def _section_heads(faction_1: str, faction_2: str) -> dict[str, str]:
    heads = {
        "penalties": "penalties",
        "penalty clauses": "penalties",
        "expiration": "expirations",
        "expirations": "expirations",
        "expiration clauses": "expirations",
        "status": "status",
        "intent": "intent",
    }
    for n, name in ((1, faction_1), (2, faction_2)):
        for who in (f"faction {n}", f"faction{n}", name.casefold()):
            heads[f"{who} promises"] = f"promises_{n}"
    return heads


_HEADINGS = (
    ("promises_1", "Faction 1 promises:"),
    ("promises_2", "Faction 2 promises:"),
    ("penalties", "Penalties:"),
    ("expirations", "Expiration:"),
)


def treaty_text(t: Treaty, faction_1: str, faction_2: str) -> str:
    """The canonical text of a treaty; ``read_treaty`` reads it back to ``t``."""
    lines = []
    for field, head in _HEADINGS:
        lines.append(head)
        lines += [clause_text(c, faction_1, faction_2) for c in getattr(t, field)]
    if t.status != "hostile":
        lines.append(f"Status: Hostile to {t.status.capitalize()}")
    if t.intent:
        lines += ["Intent:", t.intent]
    return "\n".join(lines)


# -- reading a whole treaty -----------------------------------------------------------------

_BULLET = re.compile(r"^(?:[-*\u2022]|\d+[.)])\s+")
_STATUS = re.compile(
    r"^(?:(?:from\s+)?hostile\s*(?:to|->|\u2192)\s*)?(hostile|neutral|allied)\.?$", re.IGNORECASE
)


def _status(text: str) -> str:
    """The status a "Status:" line sets (NSE-109)."""
    m = _STATUS.match(" ".join(text.split()))
    if not m:
        raise TreatyError(
            f"cannot read status {text.strip()!r}: expected 'Neutral', 'Allied', 'Hostile to "
            "Neutral' or 'Hostile to Allied' (NSE-109: a status change can only go from Hostile"
            " to Neutral or from Hostile to Allied)"
        )
    return m.group(1).lower()


def read_treaty(text: str, faction_1: str, faction_2: str, *, votes: bool = True) -> Treaty:
    """Read a filled-in treaty between ``faction_1`` and ``faction_2`` (layout: module doc).

    >>> read_treaty("Faction 1 promises:\\nFaction 2 promises:", "Red", "Blue")
    Traceback (most recent call last):
    ...
    bureau.games.noblesse.clauses.TreatyError: a treaty needs 1 to 3 promises from faction 1
    (Red), not 0 (NSE-100)
    """
    for name in (faction_1, faction_2):
        if not name.strip() or re.search(r'["\u201c\u201d\n]', name):
            raise TreatyError(f"{name!r} cannot name a faction")
    if faction_1.casefold() == faction_2.casefold():
        raise TreatyError(
            f"a treaty is between two factions, not {faction_1!r} with itself (NSE-99)"
        )
    heads = _section_heads(faction_1, faction_2)
    sections: dict[str, list[str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        head, colon, rest = line.partition(":")
        key = heads.get(" ".join(head.split()).casefold()) if colon else None
        if key:
            if key in sections:
                raise TreatyError(f"heading {line!r} appears twice")
            current, sections[key] = key, []
            line = rest.strip()
        elif current != "intent":
            line = _BULLET.sub("", line)
        if not line:
            if current == "intent":
                sections[current].append("")
            continue
        if current is None:
            raise TreatyError(
                f"cannot read {line!r}: expected a heading first ('Faction 1 promises:', "
                "'Faction 2 promises:', 'Penalties:', 'Expiration:', 'Status:' or 'Intent:')"
            )
        sections[current].append(line)
    status = "hostile"
    if "status" in sections:
        if len(sections["status"]) != 1:
            raise TreatyError("expected one status line after 'Status:' (NSE-109)")
        status = _status(sections["status"][0])
    clauses: dict[str, tuple] = {}
    for field, kind, by, label in (
        ("promises_1", "promise", 1, f"promises from faction 1 ({faction_1})"),
        ("promises_2", "promise", 2, f"promises from faction 2 ({faction_2})"),
        ("penalties", "penalty", 1, "penalty clauses"),
        ("expirations", "expiration", 1, "expiration clauses"),
    ):
        lines = sections.get(field, [])
        if not 1 <= len(lines) <= MAX_CLAUSES:
            raise TreatyError(
                f"a treaty needs 1 to {MAX_CLAUSES} {label}, not {len(lines)} (NSE-100)"
            )
        clauses[field] = tuple(
            read_clause(kind, line, faction_1, faction_2, by, votes=votes) for line in lines
        )
    intent = "\n".join(sections.get("intent", [])).strip("\n")
    return Treaty(**clauses, status=status, intent=intent)
