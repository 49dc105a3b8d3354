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
>>> read(HEADER + " I gift 3 Money to Usury.", 1)
Traceback (most recent call last):
...
bureau.games.seabirds.transactions.TransactionError: cannot read 'I gift 3 Money to Usury.':
expected 'give', 'trade', 'reinvest', 'buy' or 'take' after 'I', not 'gift'

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
'If Usury gives me 1 M, I take 1 Money from Usury.': expected 'give', 'reinvest' or 'buy'
after '1 M, I', not 'take' (SEA-A18: the special take, 'I take 1 Money from H', cannot
carry a condition)

What the reader accepts besides the canonical texts (SEA-A27):

- ``I, Breeding, ...`` must name the issuer; ``me`` is the issuer.
- Gifts: ``give A to H`` or ``give H A`` (also ``send``, ``transfer``).
- Conditions: ``T if R`` or ``If R, [then] T``, where ``T`` is a gift, a Reinvestment or an
  Upgrade purchase (not a trade, which is a conditional already, nor a take); requirements
  ``H gives me B``, ``H gives H2 B``, ``H gives B to me`` (also ``pays``, ``sends``,
  ``transfers``; ``at least`` may precede ``B``), joined by commas and/or ``and``. A window
  may stand anywhere among the requirements: ``in the same batch [of Messages]``,
  ``in any batch [of Messages]`` or ``as a standing offer``, ``before T``.
- ``I trade A to H for B`` (or ``trade H A for B``) is a same-batch conditional (L88) unless it
  names another window.
- Reinvestment: ``reinvest``, ``exchange``, ``convert`` or ``swap`` A ``for``, ``into`` or
  ``to`` B.
- Upgrades: ``buy`` or ``purchase`` [a, an, the, one] Upgrade ``with``, ``for``, ``using`` or
  ``paying`` the exact assets.
- The special take: ``take 1 Money from H`` (exactly 1 Money; never with a condition).
- Amounts: ``N name`` items joined by commas and/or ``and``; repeated assets add up. Names are
  case-insensitive, singular or plural; aliases M, WB, Beetle(s), Corp(s), Tr, Ero, Pla.
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
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache, lru_cache
from itertools import takewhile
from typing import NamedTuple
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
    ("_SAME_BATCH", 6, r"in\s+the\s+same\s+batch(?:\s+of\s+messages)?" + _END),
    (
        "_ANY_BATCH",
        6,
        r"(?:in\s+any\s+batch(?:\s+of\s+messages)?|as\s+a\s+standing\s+offer)" + _END,
    ),
    ("_AT_LEAST", 6, r"at\s+least" + _END),
    ("_HOUSE_WORD", 6, r"(?:the\s+)?house(?:\s+of)?" + _END),
    ("UPGRADE", 6, _either(_UPGRADE_NAMES)),
    ("ASSET", 5, _either(_ASSET_NAMES)),
    ("HOUSE", 5, r"(?:" + "|".join(h.lower() for h in HOUSES) + ")" + _END),
    ("MONTH", 5, r"(?:" + "|".join(n for names in _MONTHS for n in names) + r")\.?" + _END),
    ("WEEKDAY", 5, r"(?:" + _WEEKDAYS + r")\.?" + _END),
    ("_I", 4, r"i" + _END),
    ("_ME", 4, r"me" + _END),
    ("_MY", 4, r"my" + _END),
    ("_GIVE", 4, r"(?:give|send|transfer)" + _END),
    ("_GIVES", 4, r"(?:gives|pays|sends|transfers)" + _END),
    ("_TRADE", 4, r"trade" + _END),
    ("_REINVEST", 4, r"(?:reinvest|exchange|convert|swap)" + _END),
    ("_BUY", 4, r"(?:buy|purchase)" + _END),
    ("_TAKE", 4, r"take" + _END),
    ("_IF", 4, r"if" + _END),
    ("_THEN", 4, r"then" + _END),
    ("_TO", 4, r"to" + _END),
    ("_FOR", 4, r"for" + _END),
    ("_INTO", 4, r"into" + _END),
    ("_WITH", 4, r"(?:with|using|paying)" + _END),
    ("_FROM", 4, r"from" + _END),
    ("_AND", 4, r"and" + _END),
    ("_ARTICLE", 4, r"(?:an|a|the|one)" + _END),
    ("_BEFORE", 4, r"before" + _END),
    ("_ON", 4, r"on" + _END),
    ("_AT", 4, r"at" + _END),
    ("_OF", 4, r"of" + _END),
    ("SIGNED", 3, r"[+-]\d+(?::\d{2})?(?![0-9])"),
    ("INT", 3, r"\d+"),
    ("WORD", 1, r"[^\s,]+"),
)

GRAMMAR = (
    r"""
start: act_s | if_first | trade_s | take_s

act_s: act (_IF condition)?
if_first: _IF condition ","? _THEN? act
?act: gift | reinvest | buy
gift: subject _GIVE _MY? amounts _TO house        -> gift_to
    | subject _GIVE house _MY? amounts            -> gift_io
reinvest: subject _REINVEST _MY? amounts (_FOR | _INTO | _TO) amounts
buy: subject _BUY _ARTICLE? upgrade (_WITH | _FOR) _MY? amounts
trade_s: subject _TRADE _MY? amounts _TO house _FOR amounts (","? window)*   -> trade_to
       | subject _TRADE house _MY? amounts _FOR amounts (","? window)*       -> trade_io
take_s: subject _TAKE amounts _FROM house
subject: _I | _I "," house ","

condition: ","? _citem (_csep? _citem)*
_csep: "," | _AND | "," _AND
_citem: req | window
req: house _GIVES _AT_LEAST? amounts _TO taker   -> req_to
   | house _GIVES taker _AT_LEAST? amounts       -> req_io
taker: _ME | house
window: _SAME_BATCH             -> same_batch
      | _ANY_BATCH              -> standing
      | _BEFORE deadline        -> before

amounts: item (_asep item)*
_asep: "," | _AND | "," _AND
item: (INT | SIGNED) asset
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
_the_day: _ARTICLE? day _OF?
_year: ","? year
day: INT | ORDINAL
year: INT

%ignore /\s+/
"""
    + "\n".join(f"{name}.{prio}: /{rx}/i" for name, prio, rx in _TERMINALS)
    + "\n"
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
# is I (a number), S (a signed number), D (another part of a deadline), G ("I" or "then": the
# Transaction of "If ..., I ...") or O (anything else); a comma's "and" is skipped ("2 Money, and
# 1 Food" is _C_I _A_I). Each separator of ``GRAMMAR`` may be any label that can follow it.
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

act_s: act (_IF condition)?
if_first: _IF condition _C_G? _THEN? act
?act: gift | reinvest | buy
gift: subject _GIVE _MY? amounts _TO house        -> gift_to
    | subject _GIVE house _MY? amounts            -> gift_io
reinvest: subject _REINVEST _MY? amounts (_FOR | _INTO | _TO) amounts
buy: subject _BUY _ARTICLE? upgrade (_WITH | _FOR) _MY? amounts
trade_s: subject _TRADE _MY? amounts _TO house _FOR amounts (_C_O? window)*   -> trade_to
       | subject _TRADE house _MY? amounts _FOR amounts (_C_O? window)*       -> trade_io
take_s: subject _TAKE amounts _FROM house
subject: _I | _I _C_O house _C_O

condition: _C_O? _citem (_csep? _citem)*
_csep: _C_O | _A_O | _C_O _A_O
_citem: req | window
req: house _GIVES _AT_LEAST? amounts _TO taker   -> req_to
   | house _GIVES taker _AT_LEAST? amounts       -> req_io
taker: _ME | house
window: _SAME_BATCH             -> same_batch
      | _ANY_BATCH              -> standing
      | _BEFORE deadline        -> before

amounts: item (_asep item)*
_asep: _C_I | _A_I | _C_I _A_I | _C_S | _A_S | _C_S _A_S
item: (INT | SIGNED) asset
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
_the_day: _ARTICLE? day _OF?
_year: _C_I? year
iso: ISO_DATETIME
clock: TIME12 | TIME24
zone: ZONE | SIGNED
day: INT | ORDINAL
year: INT

COMMA: ","
%declare _C_I _C_S _C_D _C_G _C_O _A_I _A_S _A_O
%ignore /\s+/
"""
    + "\n".join(f"{name}.{prio}: /{rx}/i" for name, prio, rx in _TERMINALS)
    + "\n"
)
# The label of a separator: what kind of token follows it.
_IN_DEADLINES = ("TIME12", "TIME24", "ZONE", "MONTH", "WEEKDAY", "_ARTICLE", "ORDINAL")
_IN_DEADLINES += ("ISODATE", "ISO_DATETIME", "_ON", "_AT")
_FOLLOWER = {"INT": "I", "SIGNED": "S", "_I": "G", "_THEN": "G"} | dict.fromkeys(_IN_DEADLINES, "D")
_COMMAS = {k: "_C_" + k for k in "ISDGO"}
_ANDS = {k: "_A_" + (k if k in "IS" else "O") for k in "ISDGO"}


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


def read(text: str, issuer: int) -> tuple[Transaction, ...]:
    """The Transactions of a Message from House ``issuer``: one per sentence after the
    header. Raises ``TransactionError`` (quoting the sentence, saying what was expected)
    if the header is missing or any sentence cannot be read; never a partial result.

    >>> read("ATTN Bureau: Transaction. I give 1 Food, 2 Treaties and 3 Money to Usury. "
    ...      "I take 1 Money from usury", issuer=4)
    (Gift(to=2, amounts=(3, 1, 0, 0, 2, 0, 0)), Take(target=2))
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
    return tuple(_read_cached(body, shown, issuer) for body, shown in sentences)


@lru_cache(maxsize=8192)
def _read_cached(body: str, shown: str, issuer: int) -> Transaction:
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


class _Problem(Exception):
    """A sentence that parses but says something the reader refuses."""


def _read_sentence(body: str, shown: str, issuer: int) -> Transaction:
    try:
        return _Reader(issuer).transform(_parse(body))
    except UnexpectedInput as exc:
        raise TransactionError(f"cannot read {shown!r}: {_explain(exc, body)}") from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Problem):
            raise TransactionError(f"cannot read {shown!r}: {exc.orig_exc}") from None
        raise exc.orig_exc from None


def _parses(body: str) -> bool:
    try:
        _parse(body)
    except UnexpectedInput:
        return False
    return True


_ASSET_WORDS = "an asset (" + ", ".join(ASSETS[:-1]) + " or " + ASSETS[-1] + ")"
_DATE_WORDS = "a date (such as 2026-12-01 or September 7th 2009)"
_ZONE_WORDS = "a time zone (such as UTC, UTC-4, America/New_York or Eastern US time)"
# What each terminal means to a player, in the order an error lists them.
_EXPECTED = {
    "_I": "'I'",
    "_IF": "'if'",
    "_GIVE": "'give'",
    "_TRADE": "'trade'",
    "_REINVEST": "'reinvest'",
    "_BUY": "'buy'",
    "_TAKE": "'take'",
    "INT": "a number",
    "ASSET": _ASSET_WORDS,
    "HOUSE": "a House (" + ", ".join(HOUSES[:-1]) + " or " + HOUSES[-1] + ")",
    "_ME": "'me'",
    "UPGRADE": "an Upgrade (" + ", ".join(UPGRADES[:-1]) + " or " + UPGRADES[-1] + ")",
    "_GIVES": "'gives'",
    "_TO": "'to'",
    "_WITH": "'with'",
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
_VERBS = ("_GIVE", "_TRADE", "_REINVEST", "_BUY", "_TAKE")
# Why a sentence of this kind (its verb) cannot carry a condition.
_NO_CONDITION = {
    "_TAKE": "SEA-A18: the special take, 'I take 1 Money from H', cannot carry a condition",
    "_TRADE": "'I trade A to H for B' is a conditional already; to name other requirements "
    "write 'I give A to H if ...'",
}
_OPTIONAL = {"COMMA"}  # listed only when nothing else would do


def _explain(exc: UnexpectedInput, body: str) -> str:
    """Say what the parser expected where ``body`` stopped making sense."""
    found = None
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        pos, found, expected = exc.token.start_pos, str(exc.token), exc.expected
    elif isinstance(exc, UnexpectedCharacters):  # not expected: WORD matches anything
        pos, found, expected = exc.pos_in_stream, body[exc.pos_in_stream], exc.allowed or ()
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
    """Why a condition cannot stand here, if that is what went wrong: an "if" in a take or
    a trade, or a take or a trade as the Transaction of "If ..., I ..."."""
    if found != "_IF" and found not in _NO_CONDITION:
        return ""  # (only these need the tokens; lexing again is not free)
    before = list(takewhile(lambda t: t.start_pos < pos, _PARSER.lex(body)))
    verbs = [t.type for t in before if t.type in _VERBS]
    if found == "_IF" and verbs and verbs[0] in _NO_CONDITION:
        return f" ({_NO_CONDITION[verbs[0]]})"
    if found in _NO_CONDITION and not verbs and before and before[0].type == "_IF":
        return f" ({_NO_CONDITION[found]})"
    return ""


def _or(phrases) -> str:
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


class _Reader(Transformer):
    """The records of a parse tree of one sentence from House ``issuer``."""

    __visit_tokens__ = False  # no method is named after a terminal

    def __init__(self, issuer: int):
        super().__init__()
        self.issuer = issuer

    # -- sentences --
    def start(self, c):
        return c[0]

    def act_s(self, c):
        act = c[0]
        return act if len(c) == 1 else self._conditional(act, c[1])

    def if_first(self, c):
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

    def gift_to(self, c):
        return Gift(c[2], c[1])

    def gift_io(self, c):
        return Gift(c[1], c[2])

    def trade_to(self, c):
        return self._conditional(Gift(c[2], c[1]), self._trade_parts(c), ("same_batch", None))

    def trade_io(self, c):
        return self._conditional(Gift(c[1], c[2]), self._trade_parts(c), ("same_batch", None))

    def _trade_parts(self, c):
        return [Requirement(c[2] if isinstance(c[2], int) else c[1], self.issuer, c[3]), *c[4:]]

    def reinvest(self, c):
        return Reinvest(c[1], c[2])

    def buy(self, c):
        return Upgrade(c[1], c[2])

    def take_s(self, c):
        if c[1] != (1, 0, 0, 0, 0, 0, 0):
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
        return Requirement(c[0], c[2], c[1])

    def req_io(self, c):
        return Requirement(c[0], c[1], c[2])

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
        for asset, n in c:
            total[asset] += n
        if any(n > MAX_AMOUNT for n in total):
            raise _Problem(f"amounts must be at most {MAX_AMOUNT}")
        return tuple(total)

    def item(self, c):
        number, asset = c
        if number.type == "SIGNED" or not number.strip("0"):
            raise _Problem(
                f"an amount must be a whole number of at least 1, not '{number} {ASSETS[asset]}'"
            )
        if len(number.lstrip("0")) > 10 or int(number) > MAX_AMOUNT:
            raise _Problem(f"amounts must be at most {MAX_AMOUNT}, not {number}")
        return asset, int(number)

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

    def iso(self, c):
        m = re.fullmatch(
            r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?",
            str(c[0]),
            re.IGNORECASE,
        )
        y, mo, d, h, mi, s, z = m.groups()
        parts = [("date", (int(y), int(mo), int(d))), ("clock", (int(h), int(mi), int(s or 0)))]
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
        key = _zone_names().get(str(tok).lower())
        if key is None:
            raise _Problem(
                f"unknown time zone '{tok}' (expected an IANA name such as Europe/Paris)"
            )
        return ("zone", ZoneInfo(key))

    def date(self, c):
        kinds = {t.type: str(t) for t in c}
        if "ISODATE" in kinds:
            y, mo, d = (int(x) for x in kinds["ISODATE"].split("-"))
            return ("date", (y, mo, d))
        month, day = kinds["MONTH"], kinds["DAY"]
        if "YEAR" not in kinds:
            raise _Problem(f"the deadline's date needs a year, as in '{month} {day} 2026'")
        year = kinds["YEAR"].lstrip("0")
        digits = re.match(r"\d+", day)[0].lstrip("0")
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
