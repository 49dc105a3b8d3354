r"""Reading and writing typed Transactions of Noble Houses of the Seabirds (SEA-39, SEA-A27).

A Transaction is a forum Message that begins with ``ATTN Bureau: Transaction.`` (SEA-39).
Each sentence after that header is one Transaction; ``read`` turns a whole Message into
records, ``text`` writes a record back as its one canonical sentence.

>>> is_transaction("attn bureau : transaction .  I give 3 Money to Secrets.")
True
>>> read("ATTN Bureau: Transaction. I give Secrets 3 Money and 1 Food.", issuer=1)
(Gift(to=3, amounts=(3, 1, 0, 0, 0, 0, 0)),)

Houses and assets are indices: ``HOUSES[h]`` and ``ASSETS[a]`` (0 is Money, ``1 + h`` is
House ``h``'s Resource). Amounts are 7-tuples of counts in ``ASSETS`` order.

The canonical texts, one per record type ("I" is the issuer; lists are in ``ASSETS``
order, joined by ", " and a final " and "; Money and Food have no plural):

- ``Gift``: ``I give 2 Money and 1 Food to Usury.``
- ``Conditional``: the sentence of its ``gift`` (a ``Gift``, ``Upgrade`` or ``Reinvest``)
  without the period, then the condition (``Requirement`` giver, taker, amounts; the taker
  is "me" when it is the issuer, several requirements are joined by ", and"):

  - ``same_batch``: ``I give 2 Worker Beetles to Usury if, in the same batch of Messages,
    Usury gives me 2 Money and 1 Corporation.``
  - ``deadline``: ``I give 2 Food to Usury if, before 2009-09-08 03:59 UTC, Usury gives me
    2 Money.`` (always UTC; seconds are written only when they are not zero)
  - ``standing``: ``I give 2 Food to Usury if, in any batch of Messages, Usury gives me
    2 Money.``
  - ``default`` (no window said; the game decides): ``I give 2 Food to Usury if Usury gives
    me 2 Money.``
  - an Upgrade or a Reinvestment: ``I buy an Expansion Contract with 1 Money and 3 Food if
    Usury gives me 2 Money.``, ``I reinvest 3 Money for 2 Worker Beetles if, in the same
    batch of Messages, Usury gives me 1 Money.``

- ``Reinvest``: ``I reinvest 3 Money for 2 Worker Beetles.``
- ``Upgrade``: ``I buy an Expansion Contract with 1 Money and 3 Food.`` (``Business
  Contacts`` and ``Infrastructure`` take no article)
- ``Take``: ``I take 1 Money from Usury.`` (never conditional, SEA-A18)

>>> t = read(HEADER + " I trade 2 Worker Beetles to Usury for 1 Corporation and 2 Money.", 1)
>>> t == read(HEADER + " I, Breeding, give 2 Worker Beetles to Usury if, in the same batch"
...           " of Messages, Usury gives me 1 Corporation and 2 Money.", 1)
True
>>> print(text(t[0], issuer=1))
I give 2 Worker Beetles to Usury if, in the same batch of Messages,
Usury gives me 2 Money and 1 Corporation.

``str(t)`` is the same text with every House named (no "me"), so it reads back to the
same record whoever the issuer is:

>>> print(t[0])
I give 2 Worker Beetles to Usury if, in the same batch of Messages,
Usury gives Breeding 2 Money and 1 Corporation.
>>> (c,) = read(HEADER + " If Usury gives me 1 Corporation and 2 Money before 11:59 PM"
...             " Eastern US time September 7th 2009, I give Usury 2 Worker Beetles.", 1)
>>> c.window, c.deadline
('deadline', 1252382340.0)
>>> print(text(c, 1))
I give 2 Worker Beetles to Usury if, before 2009-09-08 03:59 UTC,
Usury gives me 2 Money and 1 Corporation.
>>> read(HEADER + " I reinvest 5 WB into 4 M. I buy Infrastructure with 1 Corp and 1 Pla.", 1)
(Reinvest(give=(0, 0, 5, 0, 0, 0, 0), get=(4, 0, 0, 0, 0, 0, 0)),
 Upgrade(upgrade=2, pay=(0, 0, 0, 1, 0, 0, 1)))
>>> read(HEADER + " I lend 3 Money to Usury.", 1)
Traceback (most recent call last):
...
bureau.games.seabirds.transactions.TransactionError: cannot read 'I lend 3 Money to Usury.':
expected 'give', 'trade', 'reinvest', 'buy' or 'take' after 'I', not 'lend'

An Upgrade purchase or a Reinvestment may carry a condition too (SEA-49, SEA-A15), in the
same forms as a gift; ``gift`` is then the Transaction made when the condition holds:

>>> (c,) = read(HEADER + " If Usury gives me 2 Money before 2026-12-01 18:00 UTC, I buy"
...             " Infrastructure with 1 Corporation and 1 Platoon.", 1)
>>> c.gift, c.window
(Upgrade(upgrade=2, pay=(0, 0, 0, 1, 0, 0, 1)), 'deadline')
>>> print(text(c, 1))
I buy Infrastructure with 1 Corporation and 1 Platoon if, before 2026-12-01 18:00 UTC,
Usury gives me 2 Money.
>>> read(HEADER + " If Usury gives me 1 M, I take 1 Money from Usury.", 4)
Traceback (most recent call last):
...
bureau.games.seabirds.transactions.TransactionError: cannot read
'If Usury gives me 1 M, I take 1 Money from Usury.': expected 'give', 'trade', 'reinvest'
or 'buy' after '1 M, I', not 'take' (SEA-A18: the special take, 'I take 1 Money from H',
cannot carry a condition)

What the reader accepts besides the canonical texts (SEA-A27); ``docs/games/seabirds.md``
has a table of examples:

- ``I, Breeding, ...`` must name the issuer; ``me`` is the issuer. ``I will``, ``I'll``,
  ``I shall``, ``I hereby``, ``I'd like to``, ``I want to`` may stand for ``I``.
- Houses: a House's name, ``House H``, ``the House of H``, or (with ``players``) a player's
  name for his House ("to Ben"), where that name is no other word of the reader.
- Gifts: ``give A to H``, ``give H A`` or ``give to H A`` (also ``send``, ``transfer``,
  ``pay``, ``hand [over]``, ``gift``, ``donate``). Several in one sentence, ``give A to H and
  B to H2`` or ``give H A and H2 B``, are one gift per House; ``give A to H and H2`` (each,
  or shared?) is refused as ambiguous, with the sentences it may have meant.
- Conditions: ``T if R``, ``T, if R`` or ``If R, [then] T``, where ``T`` is a gift, a
  Reinvestment or an Upgrade purchase (not a trade, which is a conditional already, nor a
  take); ``if`` may be ``only if``, ``provided [that]``, ``on condition that``, ``as long
  as``, ``as soon as`` or ``when``. Requirements: ``H gives me B``, ``H gives H2 B``, ``H
  gives B to me`` (also ``pays``, ``sends``, ``transfers``, ``hands [over]``, ``will give``),
  or ``I receive B from H`` (``get``), joined by commas and/or ``and``; ``at least`` may
  precede any item of ``B``. A window may stand anywhere among the requirements: ``in the
  same batch [of Messages]`` or ``at the same time``, ``in any batch [of Messages]`` or ``as
  a standing offer``, ``before T`` (also ``by``, ``until``, ``no later than``: all mean
  "before", strictly). "If R, T" with several gifts in ``T`` makes each conditional; "T if
  R" with several is refused as ambiguous.
- Trades: ``trade A to H for B`` (or ``trade H A for B``, ``trade A with H for B``, ``trade
  A for B with H``; ``give``, ``sell``, ``exchange`` or ``swap`` for ``trade``; ``in
  exchange for`` or ``in return for`` for ``for``), and ``buy B from H for A``, are a
  same-batch conditional (L88) unless they name another window.
- Reinvestment: ``reinvest``, ``exchange``, ``convert`` or ``swap`` A ``for``, ``into`` or
  ``to`` B; and, with no House named, ``give``, ``trade`` or ``sell`` A ``for`` B, or ``buy``
  B ``for`` or ``with`` A (L77: "Give 3 Money for 2 Resources"), which must swap Money for
  the issuer's own Resource or back (otherwise a House was meant, and the error says so).
- Upgrades: ``buy`` or ``purchase`` [a, an, the, one, 1] Upgrade ``with``, ``for``, ``using``,
  ``paying`` or ``by paying`` the exact assets, or ``pay`` or ``spend`` the assets ``for`` or
  ``on`` an Upgrade. One Upgrade a sentence: "two Expansion Contracts" is refused with the two
  sentences it may have meant.
- The special take: ``take 1 Money from H`` (exactly 1 Money; never with a condition).
- Amounts: ``N name`` items joined by commas, ``and``, ``&``, ``+`` or ``plus`` ("1 WB+1 M"
  too); repeated assets add up, and items of 0 add nothing ("0 Money and 3 WB"), though
  something must be left. N is digits, a number word (``zero`` to ``ninety-nine``) or ``a``/
  ``an`` (1). Names are case-insensitive, singular or plural; aliases M, WB, Beetle(s),
  Corp(s), Tr, Ero, Pla. ``at least`` belongs to what a condition asks for; on what is given,
  paid or taken it is refused, with the exact sentence it may have meant.
- Deadlines: a date (``2026-12-01``, ``September 7th 2009``, ``Sept. 7, 2009``,
  ``1 December 2026``, ``7th of September 2009``, an optional weekday), a clock time
  (``18:00``, ``23:59:30``, ``11:59 PM``, ``11 p.m.``) and a zone (an IANA name such as
  ``America/New_York``, ``Eastern [US] time``, ``Pacific``, ``Central`` or ``Mountain [US]
  time``, ``ET``, ``PT``, ``UTC``, ``GMT``, ``UTC+2``, ``GMT-4``, ``+02:00``, ``-0400``) in any
  order, with ``on``, ``at`` or commas between them; or ``2026-12-01T18:00Z``. Abbreviations
  like ``EST`` or ``Eastern Standard Time`` are refused as ambiguous, and so are local
  times that a daylight-saving change skips or repeats.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache, lru_cache
from itertools import takewhile
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo, available_timezones

from lark import Lark, Token, Transformer
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

HOUSES = ("Harvesting", "Breeding", "Usury", "Secrets", "Sensation", "Suppression")
ASSETS = (
    "Money",
    "Food",
    "Worker Beetles",
    "Corporations",
    "Treaties",
    "Erotroupes",
    "Platoons",
)
UPGRADES = (
    "Expansion Contract",
    "Business Contacts",
    "Infrastructure",
    "Distribution Contract",
    "Loyal Administrator",
)
HEADER = "ATTN Bureau: Transaction."
WINDOWS = ("same_batch", "deadline", "standing", "default")

Amounts = tuple[int, ...]

# Singular names ("1 Treaty"); Money and Food are the same in both numbers.
_SINGULAR = ("Money", "Food", "Worker Beetle", "Corporation", "Treaty", "Erotroupe", "Platoon")
_ARTICLES = ("an ", "", "", "a ", "a ")
# The largest count the reader accepts (and the writer writes).
MAX_AMOUNT = 10**9


class TransactionError(ValueError):
    """A Message that cannot be read; the text quotes the sentence and says what was expected."""


# -- the records ------------------------------------------------------------------------------


class Gift(NamedTuple):
    """A Trade: the issuer gives ``amounts`` to House ``to`` (SEA-48).

    >>> print(Gift(2, (2, 1, 0, 0, 0, 0, 0)))
    I give 2 Money and 1 Food to Usury.
    """

    to: int
    amounts: Amounts

    def __str__(self):
        return _text(self, None)


class Requirement(NamedTuple):
    """Part of a condition: House ``giver`` gives House ``taker`` at least ``amounts``
    in one Transaction (SEA-A13).

    >>> print(Requirement(2, 1, (1, 0, 0, 1, 0, 0, 0)))
    Usury gives Breeding 1 Money and 1 Corporation
    """

    giver: int
    taker: int
    amounts: Amounts

    def __str__(self):
        return _requirement_text(self, None)


class Conditional(NamedTuple):
    """A Transaction made only if every requirement is met within the window (SEA-49,
    SEA-51, SEA-A13, SEA-A14, SEA-A15). ``gift`` is the Transaction made when the condition
    holds: a ``Gift``, an ``Upgrade`` or a ``Reinvest`` (a ``Take`` is always unconditional,
    SEA-A18). ``window`` is one of ``WINDOWS``; ``"default"`` means the text named none
    (the game decides: hidden -> same batch, public -> standing); ``deadline`` is a UTC
    epoch second, set exactly when ``window == "deadline"``.

    >>> print(Conditional(Gift(2, (0, 2, 0, 0, 0, 0, 0)),
    ...                   (Requirement(2, 0, (2, 0, 0, 0, 0, 0, 0)),), "default", None))
    I give 2 Food to Usury if Usury gives Harvesting 2 Money.
    >>> print(Conditional(Upgrade(0, (1, 3, 0, 0, 0, 0, 0)),
    ...                   (Requirement(2, 1, (2, 0, 0, 0, 0, 0, 0)),), "default", None))
    I buy an Expansion Contract with 1 Money and 3 Food if Usury gives Breeding 2 Money.
    """

    gift: Gift | Upgrade | Reinvest
    requires: tuple[Requirement, ...]
    window: str
    deadline: float | None

    def __str__(self):
        return _text(self, None)


class Reinvest(NamedTuple):
    """Give ``give`` to the bank for ``get`` (SEA-46); the game checks X > Y >= 1 and that
    only Money and the issuer's own Resource are involved (SEA-A16).

    >>> print(Reinvest((3, 0, 0, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0, 0)))
    I reinvest 3 Money for 2 Worker Beetles.
    """

    give: Amounts
    get: Amounts

    def __str__(self):
        return _text(self, None)


class Upgrade(NamedTuple):
    """Buy ``UPGRADES[upgrade]`` paying exactly ``pay`` (SEA-59, SEA-A15).

    >>> print(Upgrade(4, (5, 2, 0, 0, 2, 0, 0)))
    I buy a Loyal Administrator with 5 Money, 2 Food and 2 Treaties.
    """

    upgrade: int
    pay: Amounts

    def __str__(self):
        return _text(self, None)


class Take(NamedTuple):
    """The Sensation and Suppression special: take 1 Money from ``target`` (SEA-55).

    >>> print(Take(2))
    I take 1 Money from Usury.
    """

    target: int

    def __str__(self):
        return _text(self, None)


Transaction = Gift | Conditional | Reinvest | Upgrade | Take


# -- writing ----------------------------------------------------------------------------------


def text(t: Transaction, issuer: int) -> str:
    """The canonical sentence of ``t`` as written by House ``issuer`` (who is "I" and "me").

    A Message holding several is ``HEADER + " " + " ".join(texts)``. Raises ``ValueError``
    for a record the reader could never produce (no amounts, a bad index or window, ...).

    >>> print(text(Take(3), issuer=4))
    I take 1 Money from Secrets.
    >>> gift = Gift(2, (0, 0, 0, 0, 0, 0, 1))
    >>> print(text(Conditional(gift, (Requirement(2, 4, (0, 0, 0, 0, 1, 0, 0)),),
    ...                        "standing", None), issuer=4))
    I give 1 Platoon to Usury if, in any batch of Messages, Usury gives me 1 Treaty.
    """
    _check_house(issuer, "issuer", t)
    return _text(t, issuer)


def _text(t, issuer: int | None) -> str:
    if isinstance(t, Conditional):
        return _conditional_text(t, issuer)
    if isinstance(t, Gift | Reinvest | Upgrade):
        return f"{_act_text(t, t)}."
    if isinstance(t, Take):
        return f"I take 1 Money from {_house_text(t.target, t)}."
    raise ValueError(f"cannot write {t!r}: not a Transaction")


def _act_text(t, within) -> str:
    """The sentence of a Transaction that can carry a condition, without its period;
    errors name ``within`` (the Conditional it is part of, or itself)."""
    if isinstance(t, Gift):
        return f"I give {_amounts_text(t.amounts, within)} to {_house_text(t.to, within)}"
    if isinstance(t, Reinvest):
        return f"I reinvest {_amounts_text(t.give, within)} for {_amounts_text(t.get, within)}"
    if isinstance(t, Upgrade):
        if type(t.upgrade) is not int or not 0 <= t.upgrade < len(UPGRADES):
            raise ValueError(f"cannot write {within!r}: no Upgrade {t.upgrade!r}")
        name = _ARTICLES[t.upgrade] + UPGRADES[t.upgrade]
        return f"I buy {name} with {_amounts_text(t.pay, within)}"
    if isinstance(t, Take):
        raise ValueError(f"cannot write {within!r}: a take cannot carry a condition (SEA-A18)")
    raise ValueError(f"cannot write {within!r}: {t!r} is not a Gift, an Upgrade or a Reinvest")


def _conditional_text(t: Conditional, issuer: int | None) -> str:
    gift = _act_text(t.gift, t)
    if not isinstance(t.requires, tuple) or not t.requires:
        raise ValueError(f"cannot write {t!r}: a condition needs at least one requirement")
    for r in t.requires:
        if not isinstance(r, Requirement):
            raise ValueError(f"cannot write {t!r}: {r!r} is not a Requirement")
    reqs = ", and ".join(_requirement_text(r, issuer, t) for r in t.requires)
    if t.window != "deadline" and t.deadline is not None:
        raise ValueError(f"cannot write {t!r}: only a 'deadline' window has a deadline")
    if t.window == "same_batch":
        return f"{gift} if, in the same batch of Messages, {reqs}."
    if t.window == "standing":
        return f"{gift} if, in any batch of Messages, {reqs}."
    if t.window == "default":
        return f"{gift} if {reqs}."
    if t.window == "deadline":
        return f"{gift} if, before {_deadline_text(t.deadline, t)}, {reqs}."
    raise ValueError(f"cannot write {t!r}: the window must be one of {', '.join(WINDOWS)}")


def _requirement_text(r: Requirement, issuer: int | None, within=None) -> str:
    within = within or r
    taker = "me" if r.taker == issuer else _house_text(r.taker, within)
    return f"{_house_text(r.giver, within)} gives {taker} {_amounts_text(r.amounts, within)}"


def _deadline_text(deadline, within) -> str:
    ok = isinstance(deadline, int | float) and not isinstance(deadline, bool)
    if not ok or deadline != deadline or deadline in (float("inf"), float("-inf")):
        raise ValueError(f"cannot write {within!r}: the deadline must be a number of seconds")
    if deadline != int(deadline):
        raise ValueError(f"cannot write {within!r}: the deadline must be a whole second")
    try:
        d = datetime.fromtimestamp(int(deadline), UTC)
    except (OverflowError, OSError, ValueError):
        raise ValueError(f"cannot write {within!r}: the deadline is out of range") from None
    when = f"{d.year:04d}-{d.month:02d}-{d.day:02d} {d.hour:02d}:{d.minute:02d}"
    if d.second:
        when += f":{d.second:02d}"
    return when + " UTC"


def _house_text(h, within) -> str:
    _check_house(h, "House", within)
    return HOUSES[h]


def _check_house(h, what, within) -> None:
    if type(h) is not int or not 0 <= h < len(HOUSES):
        raise ValueError(f"cannot write {within!r}: no {what} {h!r} (0..{len(HOUSES) - 1})")


def _amounts_text(amounts, within) -> str:
    ok = isinstance(amounts, tuple) and len(amounts) == len(ASSETS)
    if not ok or not all(type(n) is int and 0 <= n <= MAX_AMOUNT for n in amounts):
        raise ValueError(
            f"cannot write {within!r}: amounts are {len(ASSETS)} whole numbers "
            f"from 0 to {MAX_AMOUNT}, not {amounts!r}"
        )
    if not any(amounts):
        raise ValueError(f"cannot write {within!r}: no amounts")
    items = [f"{n} {_SINGULAR[i] if n == 1 else ASSETS[i]}" for i, n in enumerate(amounts) if n]
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


# -- the grammar ------------------------------------------------------------------------------

_END = r"(?![A-Za-z0-9_])"
_MONTHS = (
    ("january", "jan"),
    ("february", "feb"),
    ("march", "mar"),
    ("april", "apr"),
    ("may",),
    ("june", "jun"),
    ("july", "jul"),
    ("august", "aug"),
    ("september", "sept", "sep"),
    ("october", "oct"),
    ("november", "nov"),
    ("december", "dec"),
)
_WEEKDAYS = (
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    "|mon|tues|tue|wed|thurs|thu|fri|sat|sun"
)
_US_ZONES = {
    "eastern": "America/New_York",
    "et": "America/New_York",
    "central": "America/Chicago",
    "ct": "America/Chicago",
    "mountain": "America/Denver",
    "mt": "America/Denver",
    "pacific": "America/Los_Angeles",
    "pt": "America/Los_Angeles",
}

# The words of the terminals that stand for one of several things, in the order of the
# things (ZONE: tried in this order, each ending at a word boundary).
_ASSET_NAMES = (
    r"money|m",
    r"foods?",
    r"worker\s+beetles?|beetles?|wbs?",
    r"corporations?|corps?",
    r"treaty|treaties|tr",
    r"erotroupes?|eros?",
    r"platoons?|pla",
    r"resources?",  # not an asset: refused with a hint
)
_UPGRADE_NAMES = (
    r"expansion\s+contracts?",
    r"business\s+contacts?",
    r"infrastructures?",
    r"distribution\s+contracts?",
    r"loyal\s+administrators?",
)
_ZONES = (
    r"(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?",  # offset
    r"[A-Za-z_]+(?:\/[A-Za-z0-9_+\-]+)+",  # IANA
    r"(?:eastern|central|mountain|pacific)\s+(?:standard|daylight)\s+time"
    r"|est|edt|cst|cdt|mst|mdt|pst|pdt|bst|cet|cest|ist",  # ambiguous
    r"(?:us\s+|u\.s\.\s+)?(?:eastern|central|mountain|pacific)(?:\s+us|\s+u\.s\.)?\s+time"
    r"|et|ct|mt|pt",  # United States
    r"(?:utc|gmt)(?:\s+time)?",  # UTC
)
_ZONE_KINDS = ("offset", "iana", "ambiguous", "us", "utc")


def _either(patterns) -> str:
    return "(?:" + "|".join(f"(?:{p}){_END}" for p in patterns) + ")"


@lru_cache(maxsize=1024)
def _which(patterns, word: str) -> int:
    """The index of the first of ``patterns`` that ``word`` is."""
    return next(i for i, p in enumerate(patterns) if re.fullmatch(p, word, re.IGNORECASE))


# Number words, "zero" to "ninety-nine" (SEA-A27: "two" is 2).
_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS: tuple[str, ...] = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
_TEENS += ("seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_NUMBER_WORDS = (
    r"(?:" + "|".join(_TENS) + r")(?:[\s-]+(?:" + "|".join(_UNITS[1:]) + r"))?"
    r"|" + "|".join(sorted(_UNITS + _TEENS, key=len, reverse=True))
)


def _number_word(word: str) -> int:
    """The value of a number word: ``_number_word("Twenty-one")`` is 21."""
    parts = re.split(r"[\s-]+", word.lower())
    value = 0
    for part in parts:
        if part in _TENS:
            value += 20 + 10 * _TENS.index(part)
        elif part in _TEENS:
            value += 10 + _TEENS.index(part)
        else:
            value += _UNITS.index(part)
    return value


# (name, priority, regex): every word terminal ends at a word boundary; longer phrases and
# dates and times come first, the catch-all WORD last (so the lexer never fails and every
# error is a parse error that can say what was expected).
_TERMINALS = (
    ("ISO_DATETIME", 9, r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?" + _END),
    ("ISODATE", 8, r"\d{4}-\d{2}-\d{2}(?![0-9])"),
    ("TIME12", 8, r"\d{1,2}(?::\d{2}){0,2}\s*(?:am|pm|a\.m\.|p\.m\.|a\.m|p\.m)" + _END),
    ("TIME24", 7, r"\d{1,2}:\d{2}(?::\d{2})?(?![0-9])"),
    ("ORDINAL", 7, r"\d{1,2}(?:st|nd|rd|th)" + _END),
    ("ZONE", 7, _either(_ZONES)),
    (
        "_SAME_BATCH",
        6,
        r"(?:in\s+the\s+same\s+batch(?:\s+of\s+messages)?|at\s+the\s+same\s+time"
        r"|simultaneously)" + _END,
    ),
    (
        "_ANY_BATCH",
        6,
        r"(?:in\s+any\s+batch(?:\s+of\s+messages)?|as\s+a\s+standing\s+offer)" + _END,
    ),
    ("AT_LEAST", 6, r"at\s+least" + _END),
    ("_HOUSE_WORD", 6, r"(?:the\s+)?house(?:\s+of)?" + _END),
    ("UPGRADE", 6, _either(_UPGRADE_NAMES)),
    ("ASSET", 5, _either(_ASSET_NAMES)),
    ("HOUSE", 5, r"(?:" + "|".join(h.lower() for h in HOUSES) + ")" + _END),
    ("MONTH", 5, r"(?:" + "|".join(n for names in _MONTHS for n in names) + r")\.?" + _END),
    ("WEEKDAY", 5, r"(?:" + _WEEKDAYS + r")\.?" + _END),
    ("NUMWORD", 5, r"(?:" + _NUMBER_WORDS + r")" + _END),
    # before _BEFORE's "by" (both are words of priority 4 otherwise)
    ("_PAYING", 5, r"(?:using|paying|by\s+paying)" + _END),
    ("_I", 4, r"i" + _END),
    ("_ME", 4, r"me" + _END),
    ("_MY", 4, r"my" + _END),
    # "I will give", "I'll give", "I hereby give", "I'd like to give"
    (
        "_WILL",
        4,
        r"(?:will|shall|hereby|(?:would|'d|\u2019d)\s+like\s+to|want\s+to|wish\s+to"
        r"|'ll|\u2019ll)" + _END,
    ),
    ("_GIVE", 4, r"(?:give|send|transfer|pay|hand(?:\s+over)?|gift|donate)" + _END),
    ("_GIVES", 4, r"(?:gives|pays|sends|transfers|hands(?:\s+over)?|gifts|donates)" + _END),
    ("_RECEIVE", 4, r"(?:receive|get)" + _END),
    ("_TRADE", 4, r"trade" + _END),
    ("_SELL", 4, r"sell" + _END),
    ("_SPEND", 4, r"spend" + _END),
    ("_REINVEST", 4, r"(?:reinvest|exchange|convert|swap)" + _END),
    ("_BUY", 4, r"(?:buy|purchase)" + _END),
    ("_TAKE", 4, r"take" + _END),
    (
        "_IF",
        4,
        r"(?:if|only\s+if|provided(?:\s+that)?|providing(?:\s+that)?"
        r"|on\s+(?:the\s+)?condition\s+that|as\s+long\s+as|as\s+soon\s+as|when)" + _END,
    ),
    ("_THEN", 4, r"then" + _END),
    ("_TO", 4, r"to" + _END),
    ("_FOR", 4, r"(?:for|in\s+(?:exchange|return)\s+for)" + _END),
    ("_INTO", 4, r"into" + _END),
    ("_WITH", 4, r"with" + _END),
    ("_FROM", 4, r"from" + _END),
    ("_AND", 4, r"(?:and|plus|&|\+)" + _END),
    ("A_AN", 4, r"(?:an|a)" + _END),
    ("_THE", 4, r"the" + _END),
    (
        "_BEFORE",
        4,
        r"(?:before|by|until|till|(?:no|not)\s+later\s+than)" + _END,
    ),
    ("_ON", 4, r"on" + _END),
    ("_AT", 4, r"at" + _END),
    ("_OF", 4, r"of" + _END),
    ("SIGNED", 3, r"[+-]\d+(?::\d{2})?(?![0-9])"),
    ("INT", 3, r"\d+"),
    ("WORD", 1, r"[^\s,]+"),
)

# The terminals of both grammars, and the spaces between tokens, which come first of all: no
# other terminal begins with a space, so the tokens are the same, but the lexer tries its
# terminals in turn wherever it stands, and spaces tried last waited for every other to fail.
_TERMINAL_LINES = (
    "\n".join(f"{name}.{prio}: /{rx}/i" for name, prio, rx in _TERMINALS)
    + "\n_WS.10: /\\s+/\n%ignore _WS\n"
)

# The grammar of one sentence (SEA-A27). Several transfers in one sentence ("I give 2 Money
# to Usury and 1 Food to Secrets") are several Transactions; "I give A to H and H2" is read
# and refused as ambiguous, with the sentences it may have meant (``_Reader.gift_split``).
# ``TV`` stands for the verbs of a trade, written out in each rule (a rule of their own would
# need a reduction that the fast parser could not decide with one token of lookahead), and
# ``COUNT`` for the tokens of a count (written out: a rule would cost a reduction an item).
_TRADE_VERBS = "(_GIVE | _TRADE | _SELL | _REINVEST)"
_COUNT = "INT | NUMWORD | A_AN"  # ``COUNT``: a number in digits, in words, or "a"/"an"
GRAMMAR = (
    r"""
start: act_s | if_first | trade_s | take_s

act_s: act (","? _IF condition)?
if_first: _IF condition ","? _THEN? act
?act: gift | reinvest | buy
gift: subject _GIVE _MY? amounts _TO house (_gsep amounts _TO house)*      -> gift_to
    | subject _GIVE _TO? house _MY? amounts (_gsep _TO? house amounts)*    -> gift_io
    | subject _GIVE _MY? amounts _TO house (_gsep _TO? house)+             -> gift_split
_gsep: "," | _AND | "," _AND
reinvest: subject _REINVEST _MY? amounts (_FOR | _INTO | _TO) amounts      -> reinvest
        | subject (_GIVE | _TRADE | _SELL) _MY? amounts _FOR amounts       -> reinvest_bank
        | subject _BUY amounts (_FOR | _WITH | _PAYING) _MY? amounts       -> reinvest_buy
buy: subject _BUY (_THE | COUNT)? upgrade (_WITH | _PAYING | _FOR) _MY? amounts  -> buy
   | subject (_GIVE | _SPEND) _MY? amounts (_FOR | _ON) (_THE | COUNT)? upgrade -> buy_spend
trade_s: subject TV _MY? amounts (_TO | _WITH) house _FOR amounts (","? window)*  -> trade_to
       | subject TV _TO? house _MY? amounts _FOR amounts (","? window)*       -> trade_io
       | subject TV _MY? amounts _FOR amounts _WITH house (","? window)*       -> trade_late
       | subject _BUY amounts _FROM house (_FOR|_WITH|_PAYING) amounts (","? window)* -> trade_buy
take_s: subject _TAKE amounts _FROM house
subject: _I _WILL? | _I "," house "," _WILL?

condition: ","? _citem (_csep? _citem | _AND rreq)* | rreq (_csep? _citem | _AND rreq)*
_csep: "," | _AND | "," _AND
_citem: req | window
req: house _WILL? (_GIVES | _GIVE) amounts _TO taker   -> req_to
   | house _WILL? (_GIVES | _GIVE) taker amounts       -> req_io
rreq: _I _WILL? _RECEIVE amounts _FROM house          -> req_from
taker: _ME | house
window: _SAME_BATCH             -> same_batch
      | _ANY_BATCH              -> standing
      | _BEFORE deadline        -> before

amounts: item (_asep item | sitem)*
_asep: "," | _AND | "," _AND
item: AT_LEAST? (COUNT | SIGNED) asset
sitem: SIGNED asset
asset: ASSET
upgrade: UPGRADE
house: _HOUSE_WORD? HOUSE

deadline: _dpart (_dsep? _dpart)*
_dsep: "," | _ON | _AT | "," _ON | "," _AT
_dpart: clock | zone | date | iso
iso: ISO_DATETIME
clock: TIME12 | TIME24
zone: ZONE | SIGNED
date: _weekday? (MONTH day _year? | _the_day MONTH _year? | ISODATE)
_weekday: WEEKDAY ","?
_the_day: _THE? day _OF?
_year: ","? year
day: INT | ORDINAL
year: INT

""".replace(" TV ", f" {_TRADE_VERBS} ").replace("COUNT", _COUNT)
    + _TERMINAL_LINES
)


class _KeepWords:
    """A do-nothing post-lexer whose only job is to keep the catch-all WORD in the lexer
    (lark drops terminals no rule uses), so an unknown word is a parse error that knows
    what was expected there."""

    always_accept = ("WORD",)

    def process(self, stream):
        return stream


_PARSER = Lark(GRAMMAR, parser="earley", lexer="basic", postlex=_KeepWords())

# -- the fast parser --------------------------------------------------------------------------
#
# Earley takes milliseconds a sentence; LALR(1) takes a tenth of that but cannot see that the
# "," of "2 Money, and Secrets gives ..." ends the amounts while the "," of "1 Food, 2 Money"
# does not. ``_FAST_GRAMMAR`` is ``GRAMMAR`` with every separator (COMMA, _AND) replaced by a
# labelled copy that says what kind of token follows it (``_Labels``), so one token of
# lookahead is enough: ``_C_x`` is a comma before an x, ``_A_x`` an "and" before an x, where x
# is I (a count: digits, a number word, "a"/"an" or "at least"), S (a signed number), D
# (another part of a deadline), G ("I" or "then": the Transaction of "If ..., I ...", or "I
# receive" in a condition), F ("if": "T, if R") or O (anything else); an "and" is only ever
# I, S, G or O, and a comma's "and" is skipped ("2 Money, and 1 Food" is _C_I _A_I). Each
# separator of ``GRAMMAR`` may be any label that can follow it.
#
# ``GRAMMAR`` is ambiguous only where a number follows a date that can still take a year:
# "September 7 2009 December ..." may be the year of the first date or the day of a second.
# ``_FAST_GRAMMAR`` allows one date with a month name per deadline (``mdate``), so that a
# number after it is its year. Otherwise it derives exactly the trees of ``GRAMMAR`` (helpers
# starting with "_" are inlined, ``idate`` and ``mdate`` are ``date`` trees), LALR(1) has no
# conflicts in it (so it is unambiguous), and the lexer is the same: a sentence it parses has
# one parse in ``GRAMMAR`` too, the tree Earley gives. Anything it cannot parse (errors, or
# two month-named dates in one deadline) goes to Earley, which also words every error.
_FAST_GRAMMAR = (
    r"""
start: act_s | if_first | trade_s | take_s

act_s: act (_C_F? _IF condition)?
if_first: _IF condition _C_G? _THEN? act
?act: gift | reinvest | buy
gift: subject _GIVE _MY? amounts _TO house (_gsep_i amounts _TO house)*      -> gift_to
    | subject _GIVE _TO? house _MY? amounts (_gsep_o _TO? house amounts)*    -> gift_io
    | subject _GIVE _MY? amounts _TO house (_gsep_o _TO? house)+             -> gift_split
_gsep_i: _C_I | _A_I | _C_I _A_I | _C_S | _A_S | _C_S _A_S
_gsep_o: _C_O | _A_O | _C_O _A_O
reinvest: subject _REINVEST _MY? amounts (_FOR | _INTO | _TO) amounts      -> reinvest
        | subject (_GIVE | _TRADE | _SELL) _MY? amounts _FOR amounts       -> reinvest_bank
        | subject _BUY amounts (_FOR | _WITH | _PAYING) _MY? amounts       -> reinvest_buy
buy: subject _BUY (_THE | COUNT)? upgrade (_WITH | _PAYING | _FOR) _MY? amounts  -> buy
   | subject (_GIVE | _SPEND) _MY? amounts (_FOR | _ON) (_THE | COUNT)? upgrade -> buy_spend
trade_s: subject TV _MY? amounts (_TO | _WITH) house _FOR amounts (_C_O? window)*  -> trade_to
       | subject TV _TO? house _MY? amounts _FOR amounts (_C_O? window)*       -> trade_io
       | subject TV _MY? amounts _FOR amounts _WITH house (_C_O? window)*       -> trade_late
       | subject _BUY amounts _FROM house (_FOR|_WITH|_PAYING) amounts (_C_O? window)* -> trade_buy
take_s: subject _TAKE amounts _FROM house
subject: _I _WILL? | _I _C_O house _C_O _WILL?

condition: _C_O? _citem (_csep? _citem | _A_G rreq)* | rreq (_csep? _citem | _A_G rreq)*
_csep: _C_O | _A_O | _C_O _A_O
_citem: req | window
req: house _WILL? (_GIVES | _GIVE) amounts _TO taker   -> req_to
   | house _WILL? (_GIVES | _GIVE) taker amounts       -> req_io
rreq: _I _WILL? _RECEIVE amounts _FROM house          -> req_from
taker: _ME | house
window: _SAME_BATCH             -> same_batch
      | _ANY_BATCH              -> standing
      | _BEFORE deadline        -> before

amounts: item (_asep item | sitem)*
_asep: _C_I | _A_I | _C_I _A_I | _C_S | _A_S | _C_S _A_S
item: AT_LEAST? (COUNT | SIGNED) asset
sitem: SIGNED asset
asset: ASSET
upgrade: UPGRADE
house: _HOUSE_WORD? HOUSE

deadline: _npart _ntail? | mdate _mtail?
_ntail: (_dsep | _C_S)? _npart _ntail? | (_dsep | _C_I)? mdate _mtail?
_mtail: (_dsep | _C_S)? _npart _mtail?
_dsep: _C_D | _ON | _AT | _C_D _ON | _C_D _AT
_npart: clock | zone | idate | iso
idate: _weekday? ISODATE                 -> date
mdate: _weekday? MONTH day _year?        -> date
     | _weekday? _the_day MONTH _year?   -> date
_weekday: WEEKDAY (_C_D | _C_I)?
_the_day: _THE? day _OF?
_year: _C_I? year
iso: ISO_DATETIME
clock: TIME12 | TIME24
zone: ZONE | SIGNED
day: INT | ORDINAL
year: INT

COMMA: ","
%declare _C_I _C_S _C_D _C_G _C_F _C_O _A_I _A_S _A_G _A_O
""".replace(" TV ", f" {_TRADE_VERBS} ").replace("COUNT", _COUNT)
    + _TERMINAL_LINES
)
# The label of a separator: what kind of token follows it.
_IN_DEADLINES: tuple[str, ...] = ("TIME12", "TIME24", "ZONE", "MONTH", "WEEKDAY", "_THE", "ORDINAL")
_IN_DEADLINES += ("ISODATE", "ISO_DATETIME", "_ON", "_AT")
_FOLLOWER = dict.fromkeys(("INT", "NUMWORD", "A_AN", "AT_LEAST"), "I")
_FOLLOWER |= {"SIGNED": "S", "_I": "G", "_THEN": "G", "_IF": "F"}
_FOLLOWER |= dict.fromkeys(_IN_DEADLINES, "D")
_COMMAS = {k: "_C_" + k for k in "ISDGFO"}
_ANDS = {k: "_A_" + (k if k in "ISG" else "O") for k in "ISDGFO"}


class _Labels:
    """The post-lexer of the fast parser: labels each COMMA and _AND with what follows it
    (and keeps WORD, COMMA and _AND in the lexer, which is then the same as ``_PARSER``'s)."""

    always_accept = ("WORD", "COMMA", "_AND")

    def process(self, stream):
        tokens = list(stream)
        types = [t.type for t in tokens] + ["$END", "$END"]
        for i, tok in enumerate(tokens):
            kind = types[i]
            if kind == "COMMA":
                after = types[i + 2] if types[i + 1] == "_AND" else types[i + 1]
                tok = Token.new_borrow_pos(_COMMAS[_FOLLOWER.get(after, "O")], tok, tok)
            elif kind == "_AND":
                tok = Token.new_borrow_pos(_ANDS[_FOLLOWER.get(types[i + 1], "O")], tok, tok)
            yield tok


_FAST = Lark(_FAST_GRAMMAR, parser="lalr", lexer="basic", postlex=_Labels())


def _parse(body: str):
    """The parse tree of ``body``: the fast parser's if it can, else Earley's (the same tree
    whenever both parse; only Earley raises, so errors are always Earley's)."""
    try:
        return _FAST.parse(body)
    except UnexpectedInput:
        return _PARSER.parse(body)


# -- reading ----------------------------------------------------------------------------------

_HEADER_RE = re.compile(r"\s*attn\s+bureau\s*:\s*transaction\s*\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\.(?=\s|$)")
# A dot that ends an abbreviation ("p.m.", "U.S.", "Sept.") does not end a sentence.
_ABBREVIATION = re.compile(
    r"(?<![A-Za-z])(?:[ap]\.m|u\.s|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
    r"|mon|tues?|wed|thu|thurs|fri|sat|sun)$",
    re.IGNORECASE,
)


def is_transaction(text: str) -> bool:
    """True iff ``text`` begins with the header ``ATTN Bureau: Transaction.`` (SEA-39);
    case and spaces around its words do not matter.

    >>> is_transaction("  ATTN  Bureau : Transaction . I take 1 Money from Usury.")
    True
    >>> is_transaction("Dear Bureau, ATTN Bureau: Transaction.")
    False
    """
    return _HEADER_RE.match(text) is not None


def read(
    text: str, issuer: int, players: Mapping[str, int] | None = None
) -> tuple[Transaction, ...]:
    """The Transactions of a Message from House ``issuer``: one per sentence after the
    header, or several where a sentence plainly makes several ("I give 2 Money to Usury and
    1 Food to Secrets"). ``players`` maps each player's name to his House, so that "to Ben"
    is Ben's House. Raises ``TransactionError`` (quoting the sentence, saying what was
    expected, and for an ambiguous sentence what it may have meant) if the header is missing
    or any sentence cannot be read; never a partial result.

    >>> read("ATTN Bureau: Transaction. I give 1 Food, 2 Treaties and 3 Money to Usury. "
    ...      "I take 1 Money from usury", issuer=4)
    (Gift(to=2, amounts=(3, 1, 0, 0, 2, 0, 0)), Take(target=2))
    >>> read("ATTN Bureau: Transaction. I'll give Ben two WB + 1 M, and Cat 1 Food.",
    ...      issuer=1, players={"Ann": 1, "Ben": 2, "Cat": 4})
    (Gift(to=2, amounts=(1, 0, 2, 0, 0, 0, 0)), Gift(to=4, amounts=(0, 1, 0, 0, 0, 0, 0)))
    >>> read("ATTN Bureau: Transaction. I, Usury, take 1 Money from Secrets.", issuer=4)
    Traceback (most recent call last):
    ...
    bureau.games.seabirds.transactions.TransactionError: cannot read
    'I, Usury, take 1 Money from Secrets.': 'I, Usury,' names Usury,
    but this Message is from Sensation
    """
    if type(issuer) is not int or not 0 <= issuer < len(HOUSES):
        raise ValueError(f"no issuer {issuer!r} (0..{len(HOUSES) - 1})")
    header = _HEADER_RE.match(text)
    if header is None:
        start = " ".join(text.split())
        start = start if len(start) <= 60 else start[:57] + "..."
        raise TransactionError(f"cannot read {start!r}: a Transaction must begin with {HEADER!r}")
    sentences = _sentences(text[header.end() :])
    if not sentences:
        raise TransactionError(
            f"cannot read {' '.join(text.split())!r}: expected at least one Transaction "
            "after the header"
        )
    names = _names(tuple(players.items())) if players else {}
    out: list[Transaction] = []
    for body, shown in sentences:
        out += _read_cached(_with_houses(body, shown, names), shown, issuer)
    return tuple(out)


# Near misses of the header: "ATTN Bureau: Transaction:", "ATTN Bureau - Transaction.",
# "Bureau: Transactions.", "Transaction: ..." (a bare "Transaction" only before a stop or a
# colon, so that "Transactions are slow" is talk).
_NEAR_HEADER = re.compile(
    r"[\W_]*(?:(?:attn|attention|att|atn)\b[\W_]*(?:(?:the|to)\s+)?(?:bureau\b[\W_]*)?"
    r"|(?:the\s+)?bureau\b[\W_]*)transactions?\b[\W_]*"
    r"|[\W_]*transactions?\s*[:.!\-\u2013\u2014][\W_]*",
    re.IGNORECASE,
)
# "ATTN Bureau:" with no "Transaction": a near miss only if the rest reads as Transactions.
_ATTN_BUREAU = re.compile(
    r"[\W_]*(?:attn|attention|att|atn)\b[\W_]*(?:(?:the|to)\s+)?bureau\b[\W_]*", re.IGNORECASE
)
_LIKE_A_SENTENCE = re.compile(r"\s*(?:i|if)\b", re.IGNORECASE)


def near_miss(message: str, issuer: int, players: Mapping[str, int] | None = None) -> str | None:
    """The Bureau's private answer to a Message that is not a Transaction but looks meant
    as one (SEA-39, SEA-A27): a near miss of the header ("ATTN Bureau: Transaction:"), the
    header after other words, or Transactions with no header at all. None for talk.

    The Message stays an ordinary one, which moves nothing; the answer says so, and what
    the Bureau would read with the header.

    >>> print(near_miss("ATTN Bureau - Transaction. I'll give 2 WB to Usury.", issuer=1))
    this is not a Transaction; did you mean 'ATTN Bureau: Transaction.'? Only a message that
    begins with that sentence is one (SEA-39, SEA-A27), so nothing in this one is carried
    out. With it, the Bureau would read: I give 2 Worker Beetles to Usury.
    >>> near_miss("Transactions are slow today.", 1) is None
    True
    """
    if is_transaction(message):
        return None
    sure = True
    m = _NEAR_HEADER.match(message) or _HEADER_RE.search(message)  # or the header later on
    if m is None:
        sure = False
        m = _ATTN_BUREAU.match(message)
        if m is None and not _LIKE_A_SENTENCE.match(message):
            return None
    rest = message[m.end() :] if m is not None else message
    reading = None
    if rest.strip():
        try:
            records = read(f"{HEADER} {rest}", issuer, players)
            reading = " ".join(text(r, issuer) for r in records)
        except TransactionError:
            pass
    if reading is None and not sure:
        return None
    answer = (
        f"this is not a Transaction; did you mean {HEADER!r}? Only a message that begins "
        "with that sentence is one (SEA-39, SEA-A27), so nothing in this one is carried out."
    )
    return answer + (f" With it, the Bureau would read: {reading}" if reading else "")


@lru_cache(maxsize=8192)
def _read_cached(body: str, shown: str, issuer: int) -> tuple[Transaction, ...]:
    """Reading is pure and players repeat themselves: remember recent sentences."""
    return _read_sentence(body, shown, issuer)


def _sentences(body: str) -> list[tuple[str, str]]:
    """(text to parse, text to quote) of each sentence: split at a dot before a space or
    the end, except after an abbreviation; the last sentence's dot is optional."""
    out, start = [], 0
    for m in _SENTENCE_END.finditer(body):
        if _ABBREVIATION.search(body[start : m.start()]):
            continue
        out.append((body[start : m.start()], True))
        start = m.end()
    out.append((body[start:], False))
    return [(s, " ".join(s.split()) + ("." if dot else "")) for s, dot in out if s.strip()]


@lru_cache(maxsize=256)
def _names(players: tuple[tuple[str, int], ...]) -> dict[str, tuple[str, int]]:
    """Each player's name in lower case -> (the name, his House); the dict is shared, so it
    must not be changed."""
    out = {}
    for name, house in players:
        if type(house) is not int or not 0 <= house < len(HOUSES):
            raise ValueError(f"no House {house!r} for the player {name!r}")
        out[name.lower()] = (name, house)
    return out


def _with_houses(body: str, shown: str, names: dict[str, tuple[str, int]]) -> str:
    """``body`` with each player's name written as his House (SEA-A27: "to Ben" is Ben's
    House). A name is read only where it is no other word of the reader (a player named
    "May" is a month there); a House's name always names that House, so a player named like
    another House is refused as ambiguous."""
    if not names:
        return body
    lowered = body.lower()
    if not any(name in lowered for name in names):
        return body
    parts: list[str] = []
    last: int | None = 0  # a lexed token's positions are known
    for token in _PARSER.lex(body):
        found = names.get(str(token).lower())
        if found is None:
            continue
        name, house = found
        if token.type == "WORD":
            parts += [body[last : token.start_pos], HOUSES[house]]
            last = token.end_pos
        elif token.type == "HOUSE" and str(token).lower() != HOUSES[house].lower():
            raise TransactionError(
                f"cannot read {shown!r}: '{token}' is ambiguous: the House {token} or "
                f"{name}'s House, {HOUSES[house]}; write the House"
            )
    return "".join(parts) + body[last:]


class _Problem(Exception):
    """A sentence that parses but says something the reader refuses."""


def _read_sentence(body: str, shown: str, issuer: int) -> tuple[Transaction, ...]:
    try:
        found = _Reader(issuer).transform(_parse(body))
    except UnexpectedInput as exc:
        raise TransactionError(f"cannot read {shown!r}: {_explain(exc, body)}") from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Problem):
            raise TransactionError(f"cannot read {shown!r}: {exc.orig_exc}") from None
        raise exc.orig_exc from None
    return tuple(found) if isinstance(found, list) else (found,)


def _parses(body: str) -> bool:
    try:
        _parse(body)
    except UnexpectedInput:
        return False
    return True


def _sentence_kind(body: str) -> str | None:
    """What ``body`` parses as on its own ("gift_to", "take_s", ...), or None."""
    try:
        tree = _parse(body)
    except UnexpectedInput:
        return None
    child = tree.children[0]
    return getattr(child, "data", None)


_ASSET_WORDS = "an asset (" + ", ".join(ASSETS[:-1]) + " or " + ASSETS[-1] + ")"
_DATE_WORDS = "a date (such as 2026-12-01 or September 7th 2009)"
_ZONE_WORDS = "a time zone (such as UTC, UTC-4, America/New_York or Eastern US time)"
# What each terminal means to a player, in the order an error lists them (the synonyms, such
# as 'sell' or 'will', are not listed).
_EXPECTED = {
    "_I": "'I'",
    "_IF": "'if'",
    "_GIVE": "'give'",
    "_TRADE": "'trade'",
    "_REINVEST": "'reinvest'",
    "_BUY": "'buy'",
    "_TAKE": "'take'",
    "INT": "a number",
    "NUMWORD": "a number",
    "A_AN": "a number",
    "ASSET": _ASSET_WORDS,
    "HOUSE": "a House (" + ", ".join(HOUSES[:-1]) + " or " + HOUSES[-1] + ")",
    "_ME": "'me'",
    "UPGRADE": "an Upgrade (" + ", ".join(UPGRADES[:-1]) + " or " + UPGRADES[-1] + ")",
    "_GIVES": "'gives'",
    "_TO": "'to'",
    "_WITH": "'with'",
    "_PAYING": "'with'",
    "_FOR": "'for'",
    "_INTO": "'into'",
    "_FROM": "'from'",
    "_AND": "'and'",
    "_SAME_BATCH": "'in the same batch of Messages'",
    "_ANY_BATCH": "'in any batch of Messages'",
    "_BEFORE": "'before' and a deadline",
    "TIME12": "a clock time (such as 18:00 or 11:59 PM)",
    "TIME24": "a clock time (such as 18:00 or 11:59 PM)",
    "MONTH": _DATE_WORDS,
    "ISODATE": _DATE_WORDS,
    "ISO_DATETIME": _DATE_WORDS,
    "ORDINAL": _DATE_WORDS,
    "ZONE": _ZONE_WORDS,
    "COMMA": "','",
}
_ORDER = {phrase: i for i, phrase in enumerate(dict.fromkeys(_EXPECTED.values()))}
# Why a sentence of this kind cannot carry a condition.
_TRADE_HINT = (
    "'I trade A to H for B' is a conditional already; to name other requirements "
    "write 'I give A to H if ...'"
)
_NO_CONDITION = {
    "take_s": "SEA-A18: the special take, 'I take 1 Money from H', cannot carry a condition",
    "trade_to": _TRADE_HINT,
    "trade_io": _TRADE_HINT,
    "trade_late": _TRADE_HINT,
    "trade_buy": _TRADE_HINT,
}
_OPTIONAL = {"COMMA"}  # listed only when nothing else would do


def _explain(exc: UnexpectedInput, body: str) -> str:
    """Say what the parser expected where ``body`` stopped making sense."""
    found: str | None = None
    expected: Iterable[str]
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        start = exc.token.start_pos
        assert start is not None, "a lexed token has its place"
        pos, found, expected = start, str(exc.token), exc.expected
    elif isinstance(exc, UnexpectedCharacters):  # not expected: WORD matches anything
        start = exc.pos_in_stream
        assert start is not None, "the reader stopped at a place"
        pos, found, expected = start, body[start], exc.allowed or ()
    else:  # UnexpectedEOF
        pos, expected = len(body), getattr(exc, "expected", ()) or ()
    names = set(expected)
    if names - _OPTIONAL:
        names -= _OPTIONAL
    phrases = sorted({_EXPECTED[n] for n in names if n in _EXPECTED}, key=_ORDER.__getitem__)
    if found is not None and body[:pos].strip() and _parses(body[:pos]):
        phrases.append("the end of the sentence")
    words = body[:pos].split()
    where = f"after {' '.join(words[-3:])!r}" if words else "at the start"
    what = "expected " + _or(phrases) if phrases else "unexpected text"
    said = f"{what} {where}" + (f", not {found!r}" if found else ", but the sentence ends there")
    if isinstance(exc, UnexpectedToken) and found is not None:
        said += _condition_hint(body, exc.token.type, pos)
    return said


def _condition_hint(body: str, found: str, pos: int) -> str:
    """Why a condition cannot stand here, if that is what went wrong: an "if" after a take
    or a trade ("T if R"), or a take or a trade as the Transaction of "If R, T"."""
    tokens = list(takewhile(lambda t: (t.start_pos or 0) <= pos, _PARSER.lex(body)))
    if found == "_IF":  # "T if R": is T alone a take or a trade, or is it a take at all?
        kind = _sentence_kind(body[:pos])
        if kind is None and any(t.type == "_TAKE" for t in tokens[:3]):
            kind = "take_s"
        hint = _NO_CONDITION.get(kind or "")
        return f" ({hint})" if hint else ""
    if not tokens or tokens[0].type != "_IF":
        return ""
    for token in tokens[1:]:  # "If R, T": T begins at an "I"
        if token.type == "_I":
            hint = _NO_CONDITION.get(_sentence_kind(body[token.start_pos :]) or "")
            if hint:
                return f" ({hint})"
    return ""


def _or(phrases) -> str:
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


class _Num(NamedTuple):
    """A count as written ("2", "two", "a"); ``value`` is None for one too long to be one."""

    value: int | None
    text: str


class _Amounts(NamedTuple):
    """What an ``amounts`` rule read: the counts, and whether any said "at least"."""

    counts: Amounts
    at_least: bool


def _count_of(token: Token) -> _Num:
    """The count a number token says: digits, a number word, or "a"/"an" (1)."""
    word = str(token)
    if token.type == "NUMWORD":
        return _Num(_number_word(word), word)
    if token.type == "A_AN":
        return _Num(1, word)
    return _Num(None if len(word.lstrip("0")) > 10 else int(word), word)


class _Reader(Transformer):
    """The records of a parse tree of one sentence from House ``issuer``: one record, or a
    list of several (several transfers in one sentence)."""

    __visit_tokens__ = False  # no method is named after a terminal

    def __init__(self, issuer: int):
        super().__init__()
        self.issuer = issuer
        self.loose = False  # an "at least" where only exact amounts make sense

    # -- sentences --
    def start(self, c):
        found = c[0]
        if self.loose:
            raise _Problem(
                "'at least' goes with what a condition asks for; what you give, pay or "
                f"take is exact: did you mean {self._canonical(found)}?"
            )
        return found

    def _canonical(self, found) -> str:
        records = found if isinstance(found, list) else [found]
        return repr(" ".join(text(r, self.issuer) for r in records))

    def act_s(self, c):
        act = c[0]
        if len(c) == 1:
            return act
        if isinstance(act, list):
            meant = [self._conditional(a, c[1]) for a in act]
            raise _Problem(
                "a condition after several transfers is ambiguous: each transfer is a "
                "Transaction of its own, so say the condition for each, or put it first "
                f"('If ..., I give ...'): did you mean {self._canonical(meant)}?"
            )
        return self._conditional(act, c[1])

    def if_first(self, c):
        if isinstance(c[1], list):
            return [self._conditional(a, c[0]) for a in c[1]]
        return self._conditional(c[1], c[0])

    def _conditional(self, act, parts, window=None):
        reqs = tuple(p for p in parts if isinstance(p, Requirement))
        windows = {p for p in parts if isinstance(p, tuple) and not isinstance(p, Requirement)}
        if window is not None and not windows:
            windows = {window}
        if len(windows) > 1:
            raise _Problem("the condition names more than one window; name at most one")
        if not reqs:
            raise _Problem("the condition needs at least one requirement such as 'H gives me N X'")
        kind, deadline = windows.pop() if windows else ("default", None)
        return Conditional(act, reqs, kind, deadline)

    def _exact(self, amounts: _Amounts) -> Amounts:
        self.loose |= amounts.at_least
        return amounts.counts

    # -- gifts: "give A to H[ and B to H2 ...]", "give H A[ and H2 B ...]" --
    def gift_to(self, c):
        return self._gifts(zip(c[2::2], c[1::2], strict=True))

    def gift_io(self, c):
        return self._gifts(zip(c[1::2], c[2::2], strict=True))

    def _gifts(self, pairs: Iterable[tuple[int, _Amounts]]) -> Gift | list[Gift]:
        """One Gift per House named (what one House is given adds up)."""
        total: dict[int, list[int]] = {}
        for house, amounts in pairs:
            counts = self._exact(amounts)
            kept = total.setdefault(house, [0] * len(ASSETS))
            for a, n in enumerate(counts):
                kept[a] += n
        if any(n > MAX_AMOUNT for kept in total.values() for n in kept):
            raise _Problem(f"amounts must be at most {MAX_AMOUNT}")
        gifts = [Gift(house, tuple(kept)) for house, kept in total.items()]
        return gifts[0] if len(gifts) == 1 else gifts

    def gift_split(self, c):
        """ "give A to H and H2": A each, or A shared out? Refused as ambiguous."""
        counts, houses = self._exact(c[1]), list(dict.fromkeys(c[2:]))
        if len(houses) == 1:  # "to Usury and to Usury"
            return Gift(houses[0], counts)
        each = [Gift(h, counts) for h in houses]
        named = _or([HOUSES[h] for h in houses]).replace(" or ", " and ")
        raise _Problem(
            f"'{amounts_text(counts)} to {named}' is ambiguous: that much to each, or "
            f"shared out? Did you mean {self._canonical(each)}? To share it out, name each "
            "House's part: 'I give A to H and B to H2'"
        )

    # -- trades: a gift made if, in the same batch, the other House gives B (L88) --
    def trade_to(self, c):
        return self._trade(c[2], c[1], c[3], c[4:])

    def trade_io(self, c):
        return self._trade(c[1], c[2], c[3], c[4:])

    def trade_late(self, c):
        return self._trade(c[3], c[1], c[2], c[4:])

    def trade_buy(self, c):  # "buy B from H for A"
        return self._trade(c[2], c[3], c[1], c[4:])

    def _trade(self, house, give, get, windows):
        gift = Gift(house, self._exact(give))
        requirement = Requirement(house, self.issuer, get.counts)
        return self._conditional(gift, [requirement, *windows], ("same_batch", None))

    # -- Reinvestments, Upgrades, the take --
    def reinvest(self, c):
        return Reinvest(self._exact(c[1]), self._exact(c[2]))

    def reinvest_bank(self, c):  # "give A for B", no House named: with the bank (L77)
        return self._with_bank(self._exact(c[1]), self._exact(c[2]))

    def reinvest_buy(self, c):  # "buy B for A"
        return self._with_bank(self._exact(c[2]), self._exact(c[1]))

    def _with_bank(self, give: Amounts, get: Amounts) -> Reinvest:
        """SEA-46: with no House named, an exchange is a Reinvestment, Money for the
        issuer's own Resource or back; anything else must have meant a trade."""
        own = 1 + self.issuer
        sides = [[a for a, n in enumerate(x) if n] for x in (give, get)]
        if sorted(sides[0] + sides[1]) != [0, own]:
            raise _Problem(
                f"with no House named, this is a Reinvestment with the bank, which swaps "
                f"Money for {ASSETS[own]} or back (SEA-46); to trade with a House, name it: "
                f"did you mean 'I give {amounts_text(give)} to H if, in the same batch of "
                f"Messages, H gives me {amounts_text(get)}.' (H a House)?"
            )
        return Reinvest(give, get)

    def buy(self, c):
        return self._upgrade(c[-2], c[-1], _count_of(c[1]) if len(c) == 4 else None)

    def buy_spend(self, c):
        return self._upgrade(c[-1], c[1], _count_of(c[2]) if len(c) == 4 else None)

    def _upgrade(self, upgrade: int, amounts: _Amounts, count: _Num | None) -> Upgrade:
        pay = self._exact(amounts)
        if count is None or count.value == 1:
            return Upgrade(upgrade, pay)
        n = count.value or 0
        meant = ""
        if 2 <= n <= 9 and all(x % n == 0 for x in pay):
            each = Upgrade(upgrade, tuple(x // n for x in pay))
            meant = f": did you mean {self._canonical([each] * n)}?"
        raise _Problem(
            f"one Upgrade a sentence, not '{count.text}'; write a sentence for each" + meant
        )

    def take_s(self, c):
        if self._exact(c[1]) != (1, 0, 0, 0, 0, 0, 0):
            raise _Problem(
                "the special Transaction takes exactly 1 Money ('I take 1 Money from H')"
            )
        return Take(c[2])

    def subject(self, c):
        if c and c[0] != self.issuer:
            named = HOUSES[c[0]]
            raise _Problem(
                f"'I, {named},' names {named}, but this Message is from {HOUSES[self.issuer]}"
            )
        return None

    # -- conditions --
    def condition(self, c):
        return c

    def req_to(self, c):
        return Requirement(c[0], c[2], c[1].counts)

    def req_io(self, c):
        return Requirement(c[0], c[1], c[2].counts)

    def req_from(self, c):  # "I receive B from H"
        return Requirement(c[1], self.issuer, c[0].counts)

    def taker(self, c):
        return c[0] if c else self.issuer

    def same_batch(self, c):
        return ("same_batch", None)

    def standing(self, c):
        return ("standing", None)

    def before(self, c):
        return ("deadline", c[0])

    # -- amounts and names --
    def amounts(self, c):
        total = [0] * len(ASSETS)
        for asset, n, _, _ in c:
            total[asset] += n
        if any(n > MAX_AMOUNT for n in total):
            raise _Problem(f"amounts must be at most {MAX_AMOUNT}")
        if not any(total):
            said = " and ".join(words for _, _, _, words in c)
            raise _Problem(f"'{said}' is nothing: name at least one amount above 0")
        return _Amounts(tuple(total), any(least for _, _, least, _ in c))

    def item(self, c):
        return self._count(c[-2], c[-1], len(c) == 3)

    def sitem(self, c):
        return self._count(c[0], c[1], False)

    def _count(self, token: Token, asset: int, least: bool):
        if token.type == "SIGNED":  # "+1" is 1; "-1" is refused
            if token.startswith("-") or ":" in token:
                raise _Problem(
                    f"an amount is a whole number, 0 or more, not '{token} {ASSETS[asset]}'"
                )
            number = _count_of(Token("INT", token[1:]))
        else:
            number = _count_of(token)
        if number.value is None or number.value > MAX_AMOUNT:
            raise _Problem(f"amounts must be at most {MAX_AMOUNT}, not {token}")
        return asset, number.value, least, f"{token} {ASSETS[asset]}"

    def asset(self, c):
        (tok,) = c
        asset = _which(_ASSET_NAMES, tok)
        if asset == len(ASSETS):
            raise _Problem(f"say which Resource '{tok}' means: one of " + _or(list(ASSETS[1:])))
        return asset

    def upgrade(self, c):
        return _which(_UPGRADE_NAMES, c[0])

    def house(self, c):
        return [h.lower() for h in HOUSES].index(c[-1].lower())

    # -- deadlines --
    def deadline(self, c):
        c = [p for part in c for p in (part if isinstance(part, list) else [part])]
        dates = [v for k, v in c if k == "date"]
        clocks = [v for k, v in c if k == "clock"]
        zones = [v for k, v in c if k == "zone"]
        if len(dates) != 1:
            raise _Problem(f"the deadline needs exactly one date, not {len(dates)}")
        if len(clocks) != 1:
            raise _Problem(
                f"the deadline needs exactly one clock time (such as 18:00), not {len(clocks)}"
            )
        if not zones:
            raise _Problem(
                "the deadline needs a time zone, such as UTC, UTC-4, America/New_York or "
                "Eastern US time"
            )
        if len(zones) > 1:
            raise _Problem("the deadline names more than one time zone")
        return _instant(dates[0], clocks[0], zones[0])

    def iso(self, c: list[Any]) -> list[tuple[str, object]]:
        m = re.fullmatch(
            r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?",
            str(c[0]),
            re.IGNORECASE,
        )
        assert m is not None, "the grammar read an ISO date and time"
        y, mo, d, h, mi, s, z = m.groups()
        parts: list[tuple[str, object]] = [
            ("date", (int(y), int(mo), int(d))),
            ("clock", (int(h), int(mi), int(s or 0))),
        ]
        if z:
            parts.append(("zone", UTC if z.upper() == "Z" else _offset(z)))
        return parts

    def clock(self, c):
        tok = str(c[0]).lower()
        nums = [int(x) for x in re.findall(r"\d+", tok)] + [0, 0]
        h, m, s = nums[:3]
        if c[0].type == "TIME12":
            if not 1 <= h <= 12:
                raise _Problem(f"'{c[0]}' is not a clock time: the hour must be 1 to 12")
            h = h % 12 + (12 if "p" in tok else 0)
        if not (h <= 23 and m <= 59 and s <= 59):
            raise _Problem(f"'{c[0]}' is not a clock time (00:00 to 23:59)")
        return ("clock", (h, m, s))

    def zone(self, c):
        (tok,) = c
        kind = "offset" if tok.type == "SIGNED" else _ZONE_KINDS[_which(_ZONES, tok)]
        word = " ".join(str(tok).lower().replace("u.s.", "us").split())
        if kind == "utc":
            return ("zone", UTC)
        if kind == "offset":
            return ("zone", _offset(re.sub(r"^(utc|gmt)|\s", "", word)))
        if kind == "us":
            key = next(k for k in _US_ZONES if re.search(rf"\b{k}\b", word))
            return ("zone", ZoneInfo(_US_ZONES[key]))
        if kind == "ambiguous":
            raise _Problem(
                f"the time zone '{tok}' is ambiguous; write 'Eastern US time' (with daylight "
                "saving), an IANA name such as America/New_York, or a UTC offset such as UTC-5"
            )
        iana = _zone_names().get(str(tok).lower())
        if iana is None:
            raise _Problem(
                f"unknown time zone '{tok}' (expected an IANA name such as Europe/Paris)"
            )
        return ("zone", ZoneInfo(iana))

    def date(self, c):
        kinds = {t.type: str(t) for t in c}
        if "ISODATE" in kinds:
            y, mo, d = (int(x) for x in kinds["ISODATE"].split("-"))
            return ("date", (y, mo, d))
        month, day = kinds["MONTH"], kinds["DAY"]
        if "YEAR" not in kinds:
            raise _Problem(f"the deadline's date needs a year, as in '{month} {day} 2026'")
        year = kinds["YEAR"].lstrip("0")
        found = re.match(r"\d+", day)
        assert found is not None, "the grammar read a day of the month"
        digits = found[0].lstrip("0")
        if len(year) > 4 or len(digits) > 2:
            raise _Problem(f"'{month} {day} {kinds['YEAR']}' is not a date")
        word = month.lower().rstrip(".")
        mo = next(i + 1 for i, names in enumerate(_MONTHS) if word in names)
        return ("date", (int(year or 0), mo, int(digits or 0)))

    def day(self, c):
        return Token("DAY", str(c[0]))

    def year(self, c):
        return Token("YEAR", str(c[0]))


def _offset(text: str) -> timezone:
    """A fixed zone from '+2', '-04', '+0530', '+05:30'."""
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    if len(digits) <= 2:
        h, m = int(digits), 0
    elif len(digits) in (3, 4):
        h, m = int(digits[:-2]), int(digits[-2:])
    else:
        raise _Problem(f"'{text}' is not a UTC offset (such as +02:00 or -4)")
    if h > 18 or m > 59:
        raise _Problem(f"'{text}' is not a UTC offset (at most 18 hours)")
    return timezone(sign * timedelta(hours=h, minutes=m))


@cache
def _zone_names() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def _instant(date, clock, zone: tzinfo) -> float:
    """UTC epoch seconds of a local date and time in ``zone`` (daylight saving included)."""
    try:
        local = datetime(*date, *clock)
    except ValueError as exc:
        raise _Problem(f"the deadline is not a real date and time ({exc})") from None
    first, second = local.replace(tzinfo=zone, fold=0), local.replace(tzinfo=zone, fold=1)
    try:
        if first.utcoffset() != second.utcoffset():
            back = first.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
            problem = "does not exist" if back != local else "happens twice"
            raise _Problem(
                f"{local:%Y-%m-%d %H:%M} {problem} in {zone} (a daylight saving change); "
                "give a UTC offset instead"
            )
        instant = first.timestamp()
        datetime.fromtimestamp(instant, UTC)  # in the years 1 to 9999 in UTC too
        return instant
    except (OverflowError, OSError, ValueError):
        raise _Problem("the deadline is out of range") from None


def asset_index(word: str) -> int | None:
    """The ``ASSETS`` index ``word`` names, in any spelling the reader accepts, or None.

    >>> asset_index("treaty"), asset_index("Worker  Beetle"), asset_index("gold")
    (4, 2, None)
    """
    for i, pattern in enumerate(_ASSET_NAMES[: len(ASSETS)]):
        if re.fullmatch(pattern, word.strip(), re.IGNORECASE):
            return i
    return None


def amounts_text(amounts: Amounts) -> str:
    """Amounts as the reader writes them: ``2 Money and 1 Treaty``.

    >>> amounts_text((2, 0, 0, 0, 1, 0, 0))
    '2 Money and 1 Treaty'
    """
    return _amounts_text(tuple(amounts), amounts)


def count_text(n: int, asset: int) -> str:
    """One count of one asset, 0 included: ``0 Food``, ``1 Treaty``, ``2 Treaties``.

    >>> count_text(1, 4), count_text(0, 1)
    ('1 Treaty', '0 Food')
    """
    return f"{n} {_SINGULAR[asset] if n == 1 else ASSETS[asset]}"
