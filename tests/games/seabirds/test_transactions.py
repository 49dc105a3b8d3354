"""Noble Houses of the Seabirds: reading typed Transactions (SEA-39, SEA-46, SEA-48, SEA-49,
SEA-51, SEA-52, SEA-55, SEA-59, SEA-65, SEA-A13, SEA-A15, SEA-A16, SEA-A18, SEA-A27).

Houses are indices into ``HOUSES`` (Breeding 1, Usury 2, ...), amounts 7-tuples in ``ASSETS``
order (Money first, then each House's Resource).
"""

from __future__ import annotations

import logging
import random
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark import logger as lark_logger
from lark.exceptions import UnexpectedInput

from bureau.games.seabirds import transactions as reader
from bureau.games.seabirds.transactions import (
    ASSETS,
    HEADER,
    HOUSES,
    MAX_AMOUNT,
    UPGRADES,
    Conditional,
    Gift,
    Reinvest,
    Requirement,
    Take,
    TransactionError,
    Upgrade,
    is_transaction,
    read,
    text,
)

from ..common import refusal

HARVESTING, BREEDING, USURY, SECRETS, SENSATION, SUPPRESSION = range(6)
SEED = Path("/work/shared/seeds/000_153343b7852eae93.txt")

# The rules' examples word for word (L86, L88, L94), with the no-break space after the header.
L86 = (
    "ATTN Bureau: Transaction.\xa0 I, Breeding, give 2 Worker Beetles to Usury if, in the same"
    " batch of Messages, Usury gives me 1 Corporation and 2 Money."
)
L88 = (
    "ATTN Bureau: Transaction.\xa0 I trade 2 Worker Beetles to Usury for 1 Corporation and 2 Money."
)
L94 = (
    "ATTN Bureau: Transaction.\xa0 If Usury gives me 1 Corporation and 2 Money before 11:59 PM"
    " Eastern US time September 7th 2009, I give Usury 2 Worker Beetles."
)


def amounts(money=0, food=0, beetles=0, corps=0, treaties=0, eros=0, platoons=0):
    return (money, food, beetles, corps, treaties, eros, platoons)


def utc(*args) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


def one(sentence: str, issuer: int = BREEDING):
    """The single Transaction of ``sentence`` sent with the header."""
    (t,) = read(f"{HEADER} {sentence}", issuer)
    return t


def refused(sentence: str, issuer: int = BREEDING) -> str:
    """The error message for ``sentence``; it always quotes the sentence."""
    message = refusal(TransactionError, lambda: read(f"{HEADER} {sentence}", issuer))
    quoted = " ".join(sentence.split())
    assert repr(quoted) in message or repr(quoted + ".") in message, message
    return message


L86_RECORD = Conditional(
    Gift(USURY, amounts(beetles=2)),
    (Requirement(USURY, BREEDING, amounts(money=2, corps=1)),),
    "same_batch",
    None,
)


# -- the rules' examples ----------------------------------------------------------------------


def test_rule_examples_are_the_seed_text():
    """SEA-39, SEA-49, SEA-51: the three example sentences are copied exactly from the source."""
    if not SEED.exists():
        pytest.skip("the source text is not here")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for line, example in ((86, L86), (88, L88), (94, L94)):
        assert lines[line - 1] == f"\u201c{example}\u201d"


def test_standard_conditional_l86():
    """SEA-49, SEA-A13, SEA-A27: 'I, Breeding, give A to H if, in the same batch of Messages,
    H gives me B' is a same-batch conditional."""
    assert read(L86, BREEDING) == (L86_RECORD,)


def test_shorthand_trade_l88_is_the_same_record():
    """SEA-49, SEA-A27: 'I trade A to H for B' is the same record as L86."""
    assert read(L88, BREEDING) == (L86_RECORD,)
    assert read(L88, BREEDING) == read(L86, BREEDING)


def test_deadline_conditional_l94():
    """SEA-51, SEA-52, SEA-A27: the L94 deadline is 2009-09-08 03:59 UTC (EDT, UTC-4)."""
    assert read(L94, BREEDING) == (
        Conditional(
            Gift(USURY, amounts(beetles=2)),
            (Requirement(USURY, BREEDING, amounts(money=2, corps=1)),),
            "deadline",
            utc(2009, 9, 8, 3, 59),
        ),
    )


def test_named_speaker_must_be_the_issuer():
    """SEA-A27: 'I, Breeding,' must name the House that sends the Message."""
    message = refused(L86.removeprefix(HEADER), issuer=USURY)
    assert "names Breeding" in message and "from Usury" in message
    assert one("I, usury, give 1 Food to Secrets.", USURY) == Gift(SECRETS, amounts(food=1))


# -- the header -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "ATTN Bureau: Transaction.",
        "attn bureau: transaction.",
        "  ATTN Bureau : Transaction .  I give 1 Food to Usury.",
        "ATTN  Bureau:Transaction.I give 1 Food to Usury.",
        "\nATTN\tBureau:\xa0Transaction.\n",
    ],
)
def test_header_variants(message):
    """SEA-39: a Transaction begins with the header; case and spacing do not matter."""
    assert is_transaction(message)


@pytest.mark.parametrize(
    "message",
    [
        "",
        "I give 1 Food to Usury.",
        "Hello. ATTN Bureau: Transaction. I give 1 Food to Usury.",
        "ATTN Bureau Transaction. I give 1 Food to Usury.",
        "ATTN Bureau: Transactions. I give 1 Food to Usury.",
        "ATTN Bureau: Transaction I give 1 Food to Usury.",
    ],
)
def test_not_a_transaction(message):
    """SEA-39: a Message without the header is an ordinary Message; read refuses it."""
    assert not is_transaction(message)
    with pytest.raises(TransactionError, match=r"must begin with 'ATTN Bureau: Transaction\.'"):
        read(message, BREEDING)


def test_header_alone_is_refused():
    """SEA-A27: a header with nothing after it holds no Transaction."""
    with pytest.raises(TransactionError, match="at least one Transaction"):
        read("ATTN Bureau: Transaction.  ", BREEDING)


def test_bad_issuer_is_a_programming_error():
    with pytest.raises(ValueError, match="no issuer"):
        read(f"{HEADER} I give 1 Food to Usury.", 6)


# -- gifts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "record"),
    [
        ("I give 3 Money to Secrets.", Gift(SECRETS, amounts(money=3))),
        ("I give Secrets 3 Money and 1 Food.", Gift(SECRETS, amounts(money=3, food=1))),
        (
            "I give 1 Food, 2 Treaties and 3 Money to Usury.",
            Gift(USURY, amounts(money=3, food=1, treaties=2)),
        ),
        ("I give Usury 2 Worker Beetles", Gift(USURY, amounts(beetles=2))),
        ("i GIVE 1 food TO usury", Gift(USURY, amounts(food=1))),
        ("I give 1 Food, and 1 Food to the House of Usury.", Gift(USURY, amounts(food=2))),
        (
            "I send House Sensation 2 Erotroupes, 1 Platoon.",
            Gift(SENSATION, amounts(eros=2, platoons=1)),
        ),
        ("I transfer my 4 M to Harvesting.", Gift(HARVESTING, amounts(money=4))),
        ("I give\n  2 WB\n  to Suppression", Gift(SUPPRESSION, amounts(beetles=2))),
    ],
)
def test_gifts(sentence, record):
    """SEA-48, SEA-A27: 'I give A to H' and 'I give H A' are unconditional Trades."""
    assert one(sentence) == record


@pytest.mark.parametrize(
    ("name", "index"),
    [
        ("Money", 0),
        ("money", 0),
        ("M", 0),
        ("Food", 1),
        ("Foods", 1),
        ("Worker Beetle", 2),
        ("worker beetles", 2),
        ("WB", 2),
        ("Beetle", 2),
        ("Beetles", 2),
        ("Corporation", 3),
        ("Corporations", 3),
        ("Corp", 3),
        ("Corps", 3),
        ("Treaty", 4),
        ("Treaties", 4),
        ("Tr", 4),
        ("Erotroupe", 5),
        ("EROTROUPES", 5),
        ("Ero", 5),
        ("Platoon", 6),
        ("Platoons", 6),
        ("Pla", 6),
    ],
)
def test_asset_names_and_aliases(name, index):
    """SEA-A27: asset names are case-insensitive, singular or plural, with aliases."""
    expected = [0] * len(ASSETS)
    expected[index] = 2
    assert one(f"I give 2 {name} to Usury.") == Gift(USURY, tuple(expected))


def test_repeated_assets_add_up():
    """SEA-A27: repeated items of one asset add up."""
    assert one("I give 1 Money, 2 M and 3 money to Usury") == Gift(USURY, amounts(money=6))


@pytest.mark.parametrize("house", HOUSES)
def test_house_names(house):
    """SEA-A27: House names are case-insensitive."""
    assert one(f"I give 1 Money to {house.upper()}.") == Gift(HOUSES.index(house), amounts(1))


# -- conditions -------------------------------------------------------------------------------

GIVE_2_FOOD = Gift(USURY, amounts(food=2))
USURY_2_MONEY = Requirement(USURY, BREEDING, amounts(money=2))


@pytest.mark.parametrize(
    ("sentence", "window"),
    [
        ("I give 2 Food to Usury if Usury gives me 2 Money.", "default"),
        ("If Usury gives me 2 Money, I give Usury 2 Food.", "default"),
        ("If Usury gives me 2 Money then I give Usury 2 Food", "default"),
        ("I give 2 Food to Usury if Usury gives 2 Money to me.", "default"),
        ("I give 2 Food to Usury if Usury gives me at least 2 Money.", "default"),
        ("I give 2 Food to Usury if Usury pays me 2 Money.", "default"),
        ("I give 2 Food to Usury if Usury gives me 2 Money in the same batch.", "same_batch"),
        (
            "I give 2 Food to Usury if, in the same batch of Messages, Usury gives me 2 Money.",
            "same_batch",
        ),
        ("If, in the same batch, Usury gives me 2 Money, I give 2 Food to Usury.", "same_batch"),
        ("I trade 2 Food to Usury for 2 Money.", "same_batch"),
        ("I trade Usury 2 Food for 2 Money.", "same_batch"),
        ("I give 2 Food to Usury if, in any batch of Messages, Usury gives me 2 Money", "standing"),
        ("I give 2 Food to Usury if Usury gives me 2 Money in any batch", "standing"),
        ("I give 2 Food to Usury if Usury gives me 2 Money, as a standing offer", "standing"),
        ("I trade 2 Food to Usury for 2 Money in any batch of Messages.", "standing"),
    ],
)
def test_condition_windows(sentence, window):
    """SEA-49, SEA-A13, SEA-A14, SEA-A27: 'in the same batch' anywhere in the condition sets
    same_batch, 'in any batch' sets standing; with neither the window is 'default'."""
    assert one(sentence) == Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), window, None)


def test_several_requirements():
    """SEA-A13: a condition may list requirements from several Houses."""
    t = one("I give 2 Food to Usury if Usury gives me 1 Corporation and Secrets gives me 1 Treaty")
    assert t.requires == (
        Requirement(USURY, BREEDING, amounts(corps=1)),
        Requirement(SECRETS, BREEDING, amounts(treaties=1)),
    )
    t = one(
        "If, in the same batch of Messages, Usury gives me 1 Corp, 2 Money, and Secrets gives "
        "Usury 1 Tr, then I give Usury 2 WB"
    )
    assert t == Conditional(
        Gift(USURY, amounts(beetles=2)),
        (
            Requirement(USURY, BREEDING, amounts(money=2, corps=1)),
            Requirement(SECRETS, USURY, amounts(treaties=1)),
        ),
        "same_batch",
        None,
    )


def test_requirement_between_two_other_houses():
    """SEA-A13: a requirement may name a transfer between two other Houses."""
    t = one("I give 2 Food to Usury if Usury gives Secrets 2 Money.")
    assert t.requires == (Requirement(USURY, SECRETS, amounts(money=2)),)
    t = one("I give 2 Food to Usury if Secrets gives 2 Money to Usury.")
    assert t.requires == (Requirement(SECRETS, USURY, amounts(money=2)),)


def test_two_windows_are_refused():
    """SEA-A13: a condition has one window."""
    assert "more than one window" in refused(
        "I give 2 Food to Usury if Usury gives me 2 Money in the same batch before "
        "2026-12-01 18:00 UTC."
    )


# -- deadlines --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deadline", "instant"),
    [
        ("11:59 PM Eastern US time September 7th 2009", utc(2009, 9, 8, 3, 59)),
        ("11:59 p.m. Eastern U.S. time Sept. 7th, 2009", utc(2009, 9, 8, 3, 59)),
        ("2026-12-01 18:00 UTC", utc(2026, 12, 1, 18, 0)),
        ("18:00 UTC+2 on 1 December 2026", utc(2026, 12, 1, 16, 0)),
        ("18:00 GMT + 02:00 on the 1st of December 2026", utc(2026, 12, 1, 16, 0)),
        ("September 7, 2009 23:59 America/New_York", utc(2009, 9, 8, 3, 59)),
        ("September 7, 2009 23:59 america/new_york", utc(2009, 9, 8, 3, 59)),
        ("September 7, 2009 23:59 UTC-4", utc(2009, 9, 8, 3, 59)),
        ("2026-12-01 18:00 +02:00", utc(2026, 12, 1, 16, 0)),
        ("2026-12-01 18:00 -0430", utc(2026, 12, 1, 22, 30)),
        ("2026-12-01T18:00Z", utc(2026, 12, 1, 18, 0)),
        ("2026-12-01T18:00:30+01:00", utc(2026, 12, 1, 17, 0, 30)),
        ("Monday, September 7th, 2009, at 11:59 PM, Eastern time", utc(2009, 9, 8, 3, 59)),
        ("7th of September 2009 11 PM ET", utc(2009, 9, 8, 3, 0)),
        ("12:30 AM UTC on 1 Jan 2026", utc(2026, 1, 1, 0, 30)),
        ("12 pm GMT 1 January 2026", utc(2026, 1, 1, 12, 0)),
        ("9:00 AM Pacific US time July 4, 2026", utc(2026, 7, 4, 16, 0)),
        ("9:00 AM Pacific time January 4, 2026", utc(2026, 1, 4, 17, 0)),
        ("9:00 AM Europe/Paris on 1 July 2026", utc(2026, 7, 1, 7, 0)),
    ],
)
def test_deadline_forms(deadline, instant):
    """SEA-51, SEA-52, SEA-A27: a deadline is a date, a clock time and a zone, in many forms."""
    t = one(f"I give 2 Food to Usury if Usury gives me 2 Money before {deadline}.")
    assert t == Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "deadline", instant)
    assert one(f"If, before {deadline}, Usury gives me 2 Money, I give 2 Food to Usury") == t


def test_eastern_time_follows_daylight_saving():
    """SEA-A27: 'Eastern US time' is America/New_York: UTC-4 in summer, UTC-5 in winter."""
    summer = one(
        "If Usury gives me 2 Money before 6:00 PM Eastern time July 1 2026, I give Usury 2 Food"
    )
    winter = one(
        "If Usury gives me 2 Money before 6:00 PM Eastern time Dec 1 2026, I give Usury 2 Food"
    )
    assert summer.deadline == utc(2026, 7, 1, 22, 0)
    assert winter.deadline == utc(2026, 12, 1, 23, 0)


@pytest.mark.parametrize(
    ("deadline", "complaint"),
    [
        ("September 7, 2009 23:59", "needs a time zone"),
        ("11:59 PM September 7th 2009", "needs a time zone"),
        ("September 7, 2009 23:59 EST", "ambiguous"),
        ("11:59 PM Eastern Standard Time September 7th 2009", "ambiguous"),
        ("March 8, 2026 2:30 AM Eastern time", "does not exist"),
        ("November 1, 2026 1:30 AM Eastern time", "happens twice"),
        ("18:00 Mars/Olympus on 1 December 2026", "unknown time zone 'Mars/Olympus'"),
        ("September 7 23:59 UTC", "needs a year"),
        ("September 7th 2009 UTC", "clock time"),
        ("23:59 UTC", "date"),
        ("2026-02-30 18:00 UTC", "not a real date"),
        ("13:00 PM UTC on 1 Jan 2026", "not a clock time"),
        ("24:00 UTC on 1 Jan 2026", "not a clock time"),
        ("18:00 UTC+19 on 1 Jan 2026", "not a UTC offset"),
        ("18:00 UTC UTC+1 on 1 Jan 2026", "more than one time zone"),
        ("9999-12-31 23:59 UTC-5", "out of range"),
    ],
)
def test_bad_deadlines(deadline, complaint):
    """SEA-A27: a deadline without a zone, with an ambiguous zone or a local time a daylight
    saving change skips or repeats, or that is not a real time, is refused with a reason."""
    message = refused(f"I give 2 Food to Usury if Usury gives me 2 Money before {deadline}.")
    assert complaint in message


# -- reinvestment, upgrades, the special take -------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "record"),
    [
        ("I reinvest 3 Money for 2 Worker Beetles.", Reinvest(amounts(3), amounts(beetles=2))),
        ("I reinvest 5 Worker Beetles into 4 Money.", Reinvest(amounts(beetles=5), amounts(4))),
        ("I exchange 5 WB for 4 M", Reinvest(amounts(beetles=5), amounts(4))),
        ("I convert 3 money into 2 beetles.", Reinvest(amounts(3), amounts(beetles=2))),
        ("I convert 3 money to 2 beetles.", Reinvest(amounts(3), amounts(beetles=2))),
        # the reader does not check the ratio or the own-Resource rule: the game does (SEA-A16)
        ("I reinvest 1 Money for 1 Food.", Reinvest(amounts(1), amounts(food=1))),
    ],
)
def test_reinvestment(sentence, record):
    """SEA-46, SEA-A16, SEA-A27: Reinvestment with 'reinvest', 'exchange' or 'convert'."""
    assert one(sentence) == record


@pytest.mark.parametrize(
    ("sentence", "record"),
    [
        (
            "I buy an Expansion Contract with 1 Money and 3 Food.",
            Upgrade(0, amounts(money=1, food=3)),
        ),
        (
            "I buy Infrastructure with 1 Corporation and 1 Platoon.",
            Upgrade(2, amounts(corps=1, platoons=1)),
        ),
        (
            "I buy a Loyal Administrator with 5 Money, 2 Food and 2 Treaties.",
            Upgrade(4, amounts(money=5, food=2, treaties=2)),
        ),
        ("I buy business contacts with 1 M, 2 Tr", Upgrade(1, amounts(money=1, treaties=2))),
        ("I buy a Business Contact with 1 M, 2 Tr", Upgrade(1, amounts(money=1, treaties=2))),
        (
            "I purchase the DISTRIBUTION CONTRACT for 3 Money and 4 Platoons.",
            Upgrade(3, amounts(money=3, platoons=4)),
        ),
        ("I buy one expansion contracts using 1 M, 3 WB", Upgrade(0, amounts(1, beetles=3))),
    ],
)
def test_upgrades(sentence, record):
    """SEA-59, SEA-65, SEA-A15: an Upgrade purchase names the exact assets paid."""
    assert one(sentence) == record


def test_special_take():
    """SEA-55: Sensation or Suppression takes 1 Money from another House."""
    assert one("I take 1 Money from Usury.", SENSATION) == Take(USURY)
    assert one("i take 1 m from suppression", SENSATION) == Take(SUPPRESSION)
    for sentence in ("I take 2 Money from Usury.", "I take 1 Food from Usury."):
        assert "exactly 1 Money" in refused(sentence, SENSATION)


# -- conditional Upgrades and Reinvestments (SEA-49, SEA-A15) ---------------------------------

EXPANSION = Upgrade(0, amounts(money=1, food=3))
INFRASTRUCTURE = Upgrade(2, amounts(corps=1, platoons=1))
REINVEST = Reinvest(amounts(money=3), amounts(beetles=2))


@pytest.mark.parametrize(
    ("sentence", "record"),
    [
        (
            "I buy an Expansion Contract with 1 Money and 3 Food if Usury gives me 2 Money.",
            Conditional(EXPANSION, (USURY_2_MONEY,), "default", None),
        ),
        (
            "If Usury gives me 2 Money before 2026-12-01 18:00 UTC, I buy Infrastructure with 1"
            " Corporation and 1 Platoon.",
            Conditional(INFRASTRUCTURE, (USURY_2_MONEY,), "deadline", utc(2026, 12, 1, 18)),
        ),
        (
            "I reinvest 3 Money for 2 Worker Beetles if, in the same batch of Messages, Usury"
            " gives me 1 Money.",
            Conditional(
                REINVEST, (Requirement(USURY, BREEDING, amounts(money=1)),), "same_batch", None
            ),
        ),
        (
            "I buy Infrastructure with 1 Corp, 1 Pla if Usury gives me 2 M in any batch",
            Conditional(INFRASTRUCTURE, (USURY_2_MONEY,), "standing", None),
        ),
        (
            "If, in the same batch, Usury gives me 2 Money, then I, Breeding, purchase the"
            " expansion contract using 1 M and 3 Food",
            Conditional(EXPANSION, (USURY_2_MONEY,), "same_batch", None),
        ),
        (
            "If Usury gives me 2 Money, 1 Food, I exchange 3 M into 2 WB",
            Conditional(
                REINVEST, (Requirement(USURY, BREEDING, amounts(money=2, food=1)),), "default", None
            ),
        ),
        (
            "I convert my 3 Money to 2 Beetles if Usury gives me at least 2 Money, and Secrets"
            " gives Usury 1 Tr, before 11:59 PM Eastern US time September 7th 2009",
            Conditional(
                REINVEST,
                (USURY_2_MONEY, Requirement(SECRETS, USURY, amounts(treaties=1))),
                "deadline",
                utc(2009, 9, 8, 3, 59),
            ),
        ),
    ],
)
def test_conditional_upgrades_and_reinvestments(sentence, record):
    """SEA-49, SEA-A15, SEA-A27: an Upgrade purchase or a Reinvestment carries a condition in
    the forms and windows of a conditional gift; ``gift`` is the Transaction it makes."""
    assert one(sentence) == record
    assert same_as_earley(sentence.removesuffix(".")) == "fast"


@pytest.mark.parametrize(
    "sentence",
    [
        "I take 1 Money from Usury if Usury gives me 1 Money.",
        "I take 1 Money from Usury if, in the same batch of Messages, Usury gives me 1 Money.",
        "If Usury gives me 1 M, I take 1 Money from Usury.",
        "If Usury gives me 1 M before 2026-12-01 18:00 UTC, then I take 1 Money from Usury.",
        "If Usury gives me 1 M, I, Sensation, take 1 Money from Usury.",
        "I take 1 Money if Usury gives me 1 M.",
    ],
)
def test_a_take_cannot_carry_a_condition(sentence):
    """SEA-A18: the special take is unconditional; a conditional take is refused and the
    error says why."""
    message = refused(sentence, SENSATION)
    assert "SEA-A18: the special take, 'I take 1 Money from H', cannot carry a condition" in message


# -- messages ---------------------------------------------------------------------------------


def test_several_sentences():
    """SEA-A27: one Transaction per sentence; the final period and line breaks are free."""
    message = (
        "ATTN Bureau: Transaction.\n\nI give 3 Money to Secrets.\n"
        "I buy an Expansion Contract with\n 1 Money and 3 Food.   I take 1 Money from Usury"
    )
    assert read(message, SUPPRESSION) == (
        Gift(SECRETS, amounts(money=3)),
        Upgrade(0, amounts(money=1, food=3)),
        Take(USURY),
    )


def test_abbreviations_do_not_end_a_sentence():
    """SEA-A27: the dots of 'p.m.', 'U.S.' and 'Sept.' do not split a sentence."""
    message = (
        f"{HEADER} I give 2 Food to Usury if Usury gives me 2 Money before 11:59 p.m. "
        "Eastern U.S. time Sept. 7, 2009. I take 1 Money from Secrets."
    )
    first, second = read(message, SENSATION)
    assert first.deadline == utc(2009, 9, 8, 3, 59) and second == Take(SECRETS)


def test_no_partial_result():
    """SEA-A27: one unreadable sentence rejects the whole Message."""
    message = f"{HEADER} I give 3 Money to Secrets. Thanks, Usury!"
    with pytest.raises(TransactionError, match="cannot read 'Thanks, Usury!'"):
        read(message, BREEDING)


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "says"),
    [
        (
            "I lend 3 Money to Usury.",
            "expected 'give', 'trade', 'reinvest', 'buy' or 'take' after 'I', not 'lend'",
        ),
        ("Hello there.", "expected 'I' or 'if' at the start, not 'Hello'"),
        ("I give 3 Money to Usuri.", "expected a House (Harvesting, Breeding,"),
        (
            "I give 3 Money.",
            "expected 'to', 'with', 'for' or 'and' after 'give 3 Money', but the sentence ends",
        ),
        ("I give 3 Money to Usury please.", "expected 'if', 'for', 'and' or the end of the"),
        ("I give 3 Gold to Usury.", "expected an asset (Money, Food, Worker Beetles,"),
        ("I give 0 Money to Usury.", "'0 Money' is nothing: name at least one amount above 0"),
        ("I give 0 Money and 0 WB to Usury.", "'0 Money and 0 Worker Beetles' is nothing"),
        ("I give -3 Money to Usury.", "a whole number, 0 or more, not '-3 Money'"),
        ("I give 1 Food -3 Money to Usury.", "a whole number, 0 or more, not '-3 Money'"),
        ("I give 2.5 Money to Usury.", "expected an asset"),
        ("I give 3 Resources to Usury.", "say which Resource"),
        (f"I give {MAX_AMOUNT + 1} Money to Usury.", "at most"),
        ("I give 2 Money and 1 Food to Usury and Secrets.", "is ambiguous"),
        ("I buy 2 Expansion Contracts with 2 M and 6 Food.", "one Upgrade a sentence, not '2'"),
        ("I buy an Expansion Contract.", "expected 'with' or 'for'"),
        ("I give 2 Food to Usury if.", "expected 'I', a House"),
        ("I give 2 Food to Usury if Usury gives me 2 Money before.", "expected a number"),
        ("I, Usury gives 2 Food to Secrets.", "expected ','"),
        ("I buy Infrastructure if Usury gives me 1 M.", "expected 'with' or 'for'"),
        ("I buy Infrastructure with 2 Tr please.", "expected 'if', 'and' or the end"),
        (
            "If Usury gives me 1 M, I take 1 Money from Usury.",
            "expected 'give', 'trade', 'reinvest' or 'buy' after '1 M, I', not 'take' (SEA-A18",
        ),
        (
            "I take 1 Money from Usury if Usury gives me 1 M.",
            "expected the end of the sentence after 'Money from Usury', not 'if' (SEA-A18",
        ),
        (
            "I trade 2 Food to Usury for 1 M if Usury gives me 1 M.",
            "not 'if' ('I trade A to H for B' is a conditional already",
        ),
        (
            "If Usury gives me 1 M, I trade 2 Food to Usury for 1 M.",
            "not 'to' ('I trade A to H for B' is a conditional already",
        ),
    ],
)
def test_error_messages_quote_the_sentence(sentence, says):
    """SEA-A27: an unreadable sentence is quoted and the error says what was expected."""
    assert says in refused(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "I give 2 Food to Usury if Usury gives me 2 Money if Secrets gives me 1 M.",
        "I buy Infrastructure with 2 Tr if Usury gives me 1 M if Secrets gives me 1 M.",
        "If Usury gives me 1 M, I give 2 Food to Usury take.",
        "If Usury gives me 1 M, I reinvest 3 M for 2 WB trade.",
    ],
)
def test_no_condition_hint_where_a_condition_may_stand(sentence):
    """SEA-A15, SEA-A27: gifts, purchases and Reinvestments carry conditions, so an error in
    one of them says nothing about which Transactions may be conditional."""
    message = refused(sentence)
    assert "condition" not in message and "SEA-A18" not in message


# -- canonical texts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "canonical"),
    [
        (Gift(USURY, amounts(beetles=2)), "I give 2 Worker Beetles to Usury."),
        (Gift(USURY, amounts(3, 1, 0, 0, 2)), "I give 3 Money, 1 Food and 2 Treaties to Usury."),
        (
            L86_RECORD,
            "I give 2 Worker Beetles to Usury if, in the same batch of Messages, Usury gives me"
            " 2 Money and 1 Corporation.",
        ),
        (
            L86_RECORD._replace(window="deadline", deadline=utc(2009, 9, 8, 3, 59)),
            "I give 2 Worker Beetles to Usury if, before 2009-09-08 03:59 UTC, Usury gives me"
            " 2 Money and 1 Corporation.",
        ),
        (
            L86_RECORD._replace(window="deadline", deadline=utc(2009, 9, 8, 3, 59, 7)),
            "I give 2 Worker Beetles to Usury if, before 2009-09-08 03:59:07 UTC, Usury gives me"
            " 2 Money and 1 Corporation.",
        ),
        (
            Conditional(
                GIVE_2_FOOD,
                (USURY_2_MONEY, Requirement(SECRETS, USURY, amounts(treaties=1))),
                "standing",
                None,
            ),
            "I give 2 Food to Usury if, in any batch of Messages, Usury gives me 2 Money, and"
            " Secrets gives Usury 1 Treaty.",
        ),
        (
            Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "default", None),
            "I give 2 Food to Usury if Usury gives me 2 Money.",
        ),
        (Reinvest(amounts(3), amounts(beetles=2)), "I reinvest 3 Money for 2 Worker Beetles."),
        (Upgrade(0, amounts(1, 3)), "I buy an Expansion Contract with 1 Money and 3 Food."),
        (
            Conditional(EXPANSION, (USURY_2_MONEY,), "default", None),
            "I buy an Expansion Contract with 1 Money and 3 Food if Usury gives me 2 Money.",
        ),
        (
            Conditional(INFRASTRUCTURE, (USURY_2_MONEY,), "deadline", utc(2026, 12, 1, 18)),
            "I buy Infrastructure with 1 Corporation and 1 Platoon if, before 2026-12-01 18:00"
            " UTC, Usury gives me 2 Money.",
        ),
        (
            Conditional(REINVEST, (Requirement(USURY, BREEDING, amounts(1)),), "same_batch", None),
            "I reinvest 3 Money for 2 Worker Beetles if, in the same batch of Messages, Usury"
            " gives me 1 Money.",
        ),
        (
            Conditional(
                Upgrade(4, amounts(5, 2, treaties=2)),
                (USURY_2_MONEY, Requirement(SECRETS, USURY, amounts(treaties=1))),
                "standing",
                None,
            ),
            "I buy a Loyal Administrator with 5 Money, 2 Food and 2 Treaties if, in any batch of"
            " Messages, Usury gives me 2 Money, and Secrets gives Usury 1 Treaty.",
        ),
        (
            Upgrade(1, amounts(1, 0, 0, 1, 1)),
            "I buy Business Contacts with 1 Money, 1 Corporation and 1 Treaty.",
        ),
        (Upgrade(2, amounts(platoons=2)), "I buy Infrastructure with 2 Platoons."),
        (
            Upgrade(3, amounts(3, eros=4)),
            "I buy a Distribution Contract with 3 Money and 4 Erotroupes.",
        ),
        (Take(USURY), "I take 1 Money from Usury."),
    ],
)
def test_canonical_texts(record, canonical):
    """SEA-A27: each record has one canonical text, which reads back to it."""
    assert text(record, BREEDING) == canonical
    assert read(f"{HEADER} {canonical}", BREEDING) == (record,)
    assert str(record) == canonical.replace(" me ", " Breeding ")
    assert read(f"{HEADER} {record}", SECRETS) == (record,)


@pytest.mark.parametrize(
    "record",
    [
        Gift(USURY, amounts()),
        Gift(USURY, (1, 2)),
        Gift(USURY, amounts(money=-1)),
        Gift(USURY, amounts(money=MAX_AMOUNT + 1)),
        Gift(6, amounts(1)),
        Conditional(GIVE_2_FOOD, (), "default", None),
        Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "later", None),
        Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "deadline", None),
        Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "deadline", 0.5),
        Conditional(GIVE_2_FOOD, (USURY_2_MONEY,), "same_batch", 1.0),
        Conditional(Take(USURY), (USURY_2_MONEY,), "default", None),
        Conditional(L86_RECORD, (USURY_2_MONEY,), "default", None),
        Conditional(Upgrade(5, amounts(1)), (USURY_2_MONEY,), "default", None),
        Conditional(Reinvest(amounts(), amounts(1)), (USURY_2_MONEY,), "default", None),
        Conditional(Gift(USURY, amounts()), (USURY_2_MONEY,), "default", None),
        Reinvest(amounts(), amounts(1)),
        Upgrade(5, amounts(1)),
        Take(-1),
        (1, 2),
    ],
)
def test_text_refuses_records_the_reader_never_makes(record):
    with pytest.raises(ValueError, match="cannot write") as info:
        text(record, BREEDING)
    if isinstance(record, Conditional):  # the error names the whole record
        assert str(info.value).startswith(f"cannot write {record!r}: ")


def test_text_refuses_a_conditional_take():
    """SEA-A18: a take never carries a condition, so no text has one."""
    with pytest.raises(ValueError, match=r"a take cannot carry a condition \(SEA-A18\)"):
        text(Conditional(Take(USURY), (USURY_2_MONEY,), "default", None), SENSATION)


# -- properties -------------------------------------------------------------------------------

houses = st.integers(0, len(HOUSES) - 1)
counts = st.one_of(st.sampled_from((0, 0, 0, 1, 2, 3)), st.integers(0, MAX_AMOUNT))
some_amounts = st.tuples(*[counts] * len(ASSETS)).filter(any)
requirements = st.builds(Requirement, houses, houses, some_amounts)
deadlines = st.integers(utc(1900, 1, 1), utc(2200, 1, 1)).map(float)
gifts = st.builds(Gift, houses, some_amounts)
reinvestments = st.builds(Reinvest, some_amounts, some_amounts)
upgrades = st.builds(Upgrade, st.integers(0, len(UPGRADES) - 1), some_amounts)
# what a conditional makes when its condition holds (SEA-49, SEA-A15; never a take, SEA-A18)
conditioned = st.one_of(gifts, reinvestments, upgrades)
conditionals = st.one_of(
    st.builds(
        Conditional,
        conditioned,
        st.lists(requirements, min_size=1, max_size=2).map(tuple),
        st.sampled_from(["same_batch", "standing", "default"]),
        st.none(),
    ),
    st.builds(
        Conditional,
        conditioned,
        st.lists(requirements, min_size=1, max_size=2).map(tuple),
        st.just("deadline"),
        deadlines,
    ),
)
transactions = st.one_of(gifts, conditionals, reinvestments, upgrades, st.builds(Take, houses))


@settings(max_examples=200, deadline=None)
@given(transactions, houses, houses, st.booleans(), st.sampled_from([str, str.upper, str.lower]))
def test_round_trip(record, issuer, other, named, case):
    """SEA-A27: the canonical text of any record reads back to an equal record, whether
    written with "me" (``text``, read from the issuer) or with every House named (``str``,
    read from any House), in any case and with line breaks for spaces."""
    if named:
        sentence, reader = str(record), other
    else:
        sentence, reader = text(record, issuer), issuer
    message = case(f"{HEADER} {sentence}")
    if case is not str:
        message = message.replace(" ", "\n  ")
    assert read(message, reader) == (record,)


@settings(max_examples=20, deadline=None)
@given(st.lists(transactions, min_size=2, max_size=3), houses)
def test_round_trip_messages(records, issuer):
    """SEA-A27: a Message of several canonical texts reads back to the same records, in order."""
    message = HEADER + " " + " ".join(text(t, issuer) for t in records)
    assert read(message, issuer) == tuple(records)


WORDS = (
    "I , . give gives trade reinvest buy take if then to for into with from and me my at least "
    "before on at of the a an in same batch any Messages Money Food Worker Beetles WB Corp Tr "
    "Ero Pla Resources Usury Breeding Secrets House Expansion Contract Infrastructure 0 1 2 -3 "
    "+02:00 2009 7th September 11:59 PM Eastern US time UTC UTC-4 America/New_York Mars/Olympus "
    "2026-12-01 18:00 EST 2026-12-01T18:00Z 99999999999 \xa0 \n "
    "will I'll hereby pay hand over gift sell spend receive get exchange swap provided when "
    "until by & + plus two twenty-one +1 -1 a an the at least same time in exchange return "
    "with paying using on Loyal Administrator Distribution"
)
VOCABULARY = WORDS.split(" ")


def only_transaction_errors(message: str, issuer: int) -> None:
    try:
        records = read(message, issuer)
    except TransactionError as exc:
        assert str(exc).startswith("cannot read ")
    else:
        assert records and all(
            type(t) in (Gift, Conditional, Reinvest, Upgrade, Take) for t in records
        )
        for t in records:  # whatever reads also writes, and reads back the same
            assert read(f"{HEADER} {text(t, issuer)}", issuer) == (t,)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), houses)
def test_fuzz_any_text(message, issuer):
    """SEA-39, SEA-A27: any text is read or refused with a TransactionError, nothing else."""
    only_transaction_errors(message, issuer)
    only_transaction_errors(f"{HEADER} {message}", issuer)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=30), houses)
def test_fuzz_words(words, issuer):
    """SEA-A27: sentences made of the reader's own words are read or refused, nothing else."""
    only_transaction_errors(f"{HEADER} {' '.join(words)}", issuer)


@settings(max_examples=50, deadline=None)
@given(transactions, houses, st.sampled_from(VOCABULARY), st.integers(0, 40))
def test_fuzz_canonical_text_with_a_word_inserted(record, issuer, word, where):
    """SEA-A27: a canonical text with one stray word is read or refused, nothing else."""
    words = text(record, issuer).split(" ")
    words.insert(where % (len(words) + 1), word)
    only_transaction_errors(f"{HEADER} {' '.join(words)}", issuer)


# -- the fast parser reads exactly like Earley -------------------------------------------------
#
# ``read`` parses with an LALR(1) parser (``_FAST``) and falls back to the Earley parser of
# ``GRAMMAR`` (``_PARSER``) only when that fails. These tests check that whenever the fast
# parser parses, its tree is Earley's, that every reading (record or error message) is the
# one Earley alone gives, and that the fast parser refuses nothing Earley reads except two
# month-named dates in one deadline (the one ambiguity of ``GRAMMAR``).


def earley_read(body: str, issuer: int):
    """What reading ``body`` gave when Earley parsed every sentence: the record or the error."""
    with mock.patch.object(reader, "_parse", reader._PARSER.parse):
        return outcome(body, issuer)


def outcome(body: str, issuer: int):
    try:
        return ("read", reader._read_sentence(body, body, issuer))
    except Exception as exc:
        return ("refused", type(exc), str(exc))


def parse_tree(parser, body: str):
    try:
        return parser.parse(body)
    except UnexpectedInput:
        return None


def months_in_a_deadline(body: str) -> int:
    """The most month names in one deadline (in the text after one 'before')."""
    counts = [0]
    for token in reader._PARSER.lex(body):
        if token.type == "_BEFORE":
            counts.append(0)
        counts[-1] += token.type == "MONTH"
    return max(counts)


def same_as_earley(body: str, issuer: int = BREEDING) -> str:
    """Check ``body`` both ways; say which parser read it ("fast", "earley" or "neither")."""
    fast, slow = parse_tree(reader._FAST, body), parse_tree(reader._PARSER, body)
    if fast is not None:
        assert fast == slow, body
    elif slow is not None:
        assert months_in_a_deadline(body) >= 2, f"the fast parser refuses {body!r}"
    assert outcome(body, issuer) == earley_read(body, issuer), body
    return "fast" if fast is not None else "earley" if slow is not None else "neither"


def lark_conflicts(grammar: str) -> list[str]:
    """The LALR conflicts lark logs (and resolves as shift) while building ``grammar``."""
    messages = []

    class Collect(logging.Handler):
        def emit(self, record):
            messages.append(record.getMessage())

    handler, level = Collect(), lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar, parser="lalr", lexer="basic", postlex=reader._Labels())
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(level)
    return [m for m in messages if "conflict" in m.lower() or "collision" in m.lower()]


def test_fast_grammar_is_lalr_and_lexes_like_earley():
    """The fast grammar has no LALR(1) conflicts (so it is unambiguous), where GRAMMAR has
    many; both parsers have the same lexer, so they see the same tokens."""
    assert lark_conflicts(reader._FAST_GRAMMAR) == []
    assert lark_conflicts(reader.GRAMMAR)  # the check can see conflicts

    def terminals(parser):
        return {(t.name, repr(t.pattern), t.priority) for t in parser.terminals}

    assert terminals(reader._FAST) == terminals(reader._PARSER)
    assert reader._FAST.options.lexer == reader._PARSER.options.lexer == "basic"


HAND_WRITTEN = [
    L86.removeprefix(HEADER).strip(" .\xa0"),
    L88.removeprefix(HEADER).strip(" .\xa0"),
    L94.removeprefix(HEADER).strip(" .\xa0"),
    "I give 2 Money, and 1 Food to Usury",
    "I give 2 Money , and 1 Food, 3 Tr and 2 WB to Usury if Usury gives me 1 M, and 2 Food",
    "I give 2 Food to Usury if Usury gives me 2 Money, and Secrets gives Usury 1 Tr",
    "I give 2 Food to Usury if Usury gives me 2 Money and Secrets gives me 1 Tr, 2 M",
    "I give 2 Food to Usury if Usury gives me 2 Money Secrets gives me 1 Tr",
    "I give 2 Food to Usury if, Usury gives me 2 Money, in the same batch",
    "I give 2 Food to Usury if Usury gives me 2 Money and in the same batch",
    "I give 2 Food to Usury if Usury gives me 2 Money, and, Secrets gives me 1 Tr",
    "I give 2 Food to Usury if Usury gives me 2 Money,, Secrets gives me 1 Tr",
    "If Usury gives me 2 Money, then I give Usury 2 Food",
    "If Usury gives me 2 Money, 1 Food, I give Usury 2 Food",
    "If Usury gives me 2 Money I give Usury 2 Food",
    "If Usury gives me 2 Money, and I give Usury 2 Food",
    "If, in any batch, Usury gives me 2 Money, and Secrets gives me 1 Food then I give 2 M to"
    " Usury",
    "If Usury gives me 2 Money before 18:00 UTC on 1 Dec 2026, I, Breeding, give Usury 2 Food",
    "If Usury gives me 2 Money before 18:00 UTC on 1 Dec 2026, Secrets gives me 1 M, I give 1 M"
    " to Usury",
    "I trade 2 Food to Usury for 2 Money, 1 Corp, in any batch",
    "I trade 2 Food to Usury for 2 Money, before 18:00 UTC, 1 Dec 2026, in any batch",
    "I trade Usury 2 Food for 2 Money before 2026-12-01 18:00 UTC, in the same batch",
    "I reinvest 3 Money, and 1 M for 2 WB, 1 WB",
    "I buy a Loyal Administrator with my 5 Money, 2 Food and 2 Treaties",
    # conditional Upgrades and Reinvestments (SEA-A15)
    "I buy an Expansion Contract with 1 Money and 3 Food if Usury gives me 2 Money",
    "If Usury gives me 2 Money before 2026-12-01 18:00 UTC, I buy Infrastructure with 1"
    " Corporation and 1 Platoon",
    "I reinvest 3 Money for 2 Worker Beetles if, in the same batch of Messages, Usury gives me"
    " 1 Money",
    "I reinvest 3 Money, and 1 M for 2 WB, 1 WB if Usury gives me 1 M, and 2 Food",
    "I buy a Loyal Administrator with my 5 Money, 2 Food, and 2 Tr if, in any batch, Usury"
    " gives me 1 M, 2 Food, and Secrets gives Usury 1 Tr",
    "If Usury gives me 2 Money, 1 Food, I buy the Business Contacts for 1 M, 2 Tr",
    "If Usury gives me 2 Money, and Secrets gives me 1 Food then I swap 3 M into 2 WB",
    "If Usury gives me 2 Money before 18:00 UTC on 1 Dec 2026, I, Breeding, reinvest 3 M to 2 WB",
    "I buy Infrastructure with 2 Tr if Usury gives me 1 M before September 7, 2009, 23:59, UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7 2009 23:59 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, 2009, 23:59, UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, 23:59 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, -04:00 23:59 2009",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7 -0400, 23:59",
    "I give 2 Food to Usury if Usury gives me 2 Money before Monday, 7 September 2009 UTC 11 PM",
    "I give 2 Food to Usury if Usury gives me 2 Money before Monday 2009-09-07, at 23:00, UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before the 7th of Sept., 2009 at 11 pm ET",
    "I give 2 Food to Usury if Usury gives me 2 Money before 2009-09-07 2009-09-08 18:00 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before 18:00, 2009-09-07, on, UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before 23:59 UTC September 7 2009,"
    " and Secrets gives me 1 M, as a standing offer",
    "I give 2 Food to Usury if Usury gives me 2 Money before 23:59 UTC September 7 2009 in the"
    " same batch",
    "I give 2 Food to Usury if Usury gives me 2 M before 2026-12-01T18:00Z, before 1 Dec 2026",
    # two month names in one deadline: the fast parser leaves these to Earley
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7 2009 December 2026 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, 2009 December 18:00",
    "I give 2 Food to Usury if Usury gives me 2 Money before Sept 7 2009 1 December 2026 18:00",
    "I give 2 Food to Usury if Usury gives me 2 Money before Sept 7, 1 Dec, 2026 18:00 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before 7 Sept 8 Sept 2009 18:00 UTC",
    # errors
    "I give 2 Money, and Usury",
    "I give 2 Money and 1 Food to Usury,",
    "I give 2 Money and to Usury",
    "If Usury gives me 2 Money, , I give Usury 2 Food",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, , 2009 23:59 UTC",
    "I give 2 Food to Usury if Usury gives me 2 Money before September 7, and 2009 23:59 UTC",
    "I, Usury, give 2 Food to Secrets",
    "Thanks, Usury!",
    "I buy Infrastructure with 2 Tr if",
    "I buy Infrastructure with 2 Tr, if Usury gives me 1 M",
    "I reinvest 3 M for 2 WB, and if Usury gives me 1 M",
    "If Usury gives me 1 M, I take 1 Money from Usury",
    "I take 1 Money from Usury if Usury gives me 1 M",
    "I trade 2 Food to Usury for 1 M if Usury gives me 1 M",
    "If Usury gives me 1 M, I trade 2 Food to Usury for 1 M",
    "If Usury gives me 1 M, I buy Infrastructure with 2 Tr if Secrets gives me 1 M",
]


@pytest.mark.parametrize("body", HAND_WRITTEN)
def test_fast_parser_hand_written(body):
    same_as_earley(body)


def test_fast_parser_reads_the_usual_sentences_itself():
    """Every valid sentence of these tests is parsed by the fast parser (no Earley)."""
    said = {body: same_as_earley(body) for body in HAND_WRITTEN}
    assert said[HAND_WRITTEN[0]] == said[HAND_WRITTEN[2]] == "fast"
    assert sum(way == "earley" for way in said.values()) == 5  # the two-month deadlines
    for body in HAND_WRITTEN:
        if " buy " in body or " reinvest " in body or " swap " in body:
            assert said[body] == "fast" or parse_tree(reader._PARSER, body) is None, body


# Sample texts of each terminal, to write random sentences of GRAMMAR.
TERMINAL_TEXTS = {
    "ASSET": ["Money", "M", "Food", "Worker Beetles", "WB", "Corp", "Tr", "Platoons", "Resources"],
    "COMMA": [","],
    "HOUSE": ["Usury", "Breeding", "secrets", "HARVESTING"],
    "INT": ["1", "2", "7", "12", "2009", "2026", "0", "31", "007"],
    "ISODATE": ["2026-12-01", "2009-09-07", "2026-02-30"],
    "ISO_DATETIME": ["2026-12-01T18:00Z", "2026-12-01T18:00:30+01:00"],
    "MONTH": ["September", "Sept.", "Dec", "may"],
    "ORDINAL": ["7th", "1st", "22nd"],
    "SIGNED": ["-3", "+02:00", "-0430", "+2"],
    "TIME12": ["11:59 PM", "11 p.m.", "9:00 AM", "13:00 PM"],
    "TIME24": ["18:00", "23:59:30", "24:00"],
    "UPGRADE": ["Expansion Contract", "Infrastructure", "business contacts"],
    "WEEKDAY": ["Monday", "Tue.", "sun"],
    "WORD": ["gold", "please"],
    "ZONE": ["UTC", "GMT - 4", "America/New_York", "Eastern US time", "ET", "EST", "Mars/Olympus"],
    "_AND": ["and", "&", "+", "plus"],
    "_ANY_BATCH": ["in any batch of Messages", "as a standing offer"],
    "A_AN": ["a", "an"],
    "NUMWORD": ["one", "two", "Twelve", "twenty-one", "zero"],
    "_THE": ["the"],
    "_AT": ["at"],
    "AT_LEAST": ["at least"],
    "_BEFORE": ["before", "by", "until"],
    "_BUY": ["buy", "purchase"],
    "_FOR": ["for", "in exchange for"],
    "_FROM": ["from"],
    "_GIVE": ["give", "send", "pay", "hand over"],
    "_GIVES": ["gives", "pays", "hands"],
    "_WILL": ["will", "'ll", "hereby", "would like to"],
    "_RECEIVE": ["receive", "get"],
    "_SELL": ["sell"],
    "_SPEND": ["spend"],
    "_PAYING": ["paying", "using", "by paying"],
    "_HOUSE_WORD": ["House", "the House of"],
    "_I": ["I"],
    "_IF": ["if", "If", "provided that", "when"],
    "_INTO": ["into"],
    "_ME": ["me"],
    "_MY": ["my"],
    "_OF": ["of"],
    "_ON": ["on"],
    "_REINVEST": ["reinvest", "swap"],
    "_SAME_BATCH": ["in the same batch of Messages", "in the same batch", "at the same time"],
    "_TAKE": ["take"],
    "_THEN": ["then"],
    "_TO": ["to"],
    "_TRADE": ["trade"],
    "_WITH": ["with"],
}
TEXTS = sorted({word for words in TERMINAL_TEXTS.values() for word in words})


def grammar_sentence(rng: random.Random, depth: int) -> list[str]:
    """The words of a random derivation of GRAMMAR; below ``depth`` the shortest ones."""
    rules: dict[str, list[list]] = {}
    for rule in reader._PARSER.rules:
        rules.setdefault(rule.origin.name, []).append(rule.expansion)
    height: dict[str, int] = {}  # the fewest levels down to terminals
    while len(height) < len(rules):
        for name, expansions in rules.items():
            for expansion in expansions:
                below = [height.get(s.name) for s in expansion if not s.is_term]
                if None not in below:
                    height[name] = min(height.get(name, 99), 1 + max(below, default=0))

    def tall(expansion):
        return 1 + max((height[s.name] for s in expansion if not s.is_term), default=0)

    def derive(name, level):
        expansions = rules[name]
        if level > depth:
            least = min(map(tall, expansions))
            expansions = [e for e in expansions if tall(e) == least]
        words = []
        for symbol in rng.choice(expansions):
            if symbol.is_term:
                words.append(rng.choice(TERMINAL_TEXTS[symbol.name]))
            else:
                words += derive(symbol.name, level + 1)
        return words

    return derive("start", 0)


def spoil(rng: random.Random, words: list[str]) -> list[str]:
    """``words`` with one or two words dropped, added, doubled or swapped."""
    words = list(words)
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(len(words))
        change = rng.randrange(4)
        if change == 0 and len(words) > 1:
            del words[i]
        elif change == 1:
            words.insert(i, rng.choice(TEXTS))
        elif change == 2:
            words.insert(i, words[i])
        elif i + 1 < len(words):
            words[i], words[i + 1] = words[i + 1], words[i]
    return words


def spaced(rng: random.Random, words: list[str]) -> str:
    return "".join(
        w if i == 0 or (w == "," and rng.random() < 0.7) else rng.choice(" \n") + w
        for i, w in enumerate(words)
    )


@pytest.mark.parametrize("seed", range(3))
def test_fast_parser_on_random_sentences_of_the_grammar(seed):
    """Random derivations of GRAMMAR, some spoiled: the fast parser reads them as Earley does,
    and reads itself nearly all that Earley can parse."""
    rng = random.Random(seed)
    ways = []
    for _ in range(150):
        words = grammar_sentence(rng, rng.choice((8, 12, 16)))
        if rng.random() < 0.4:
            words = spoil(rng, words)
        ways.append(same_as_earley(spaced(rng, words), rng.randrange(len(HOUSES))))
    assert ways.count("fast") > 60


@settings(max_examples=100, deadline=None)
@given(transactions, houses, st.booleans(), st.sampled_from(VOCABULARY), st.integers(0, 40))
def test_fast_parser_on_canonical_texts(record, issuer, named, word, where):
    """Canonical texts, and the same with one stray word, read as Earley reads them."""
    sentence = (str(record) if named else text(record, issuer)).removesuffix(".")
    assert same_as_earley(sentence, issuer) == "fast"
    words = sentence.split(" ")
    words.insert(where % (len(words) + 1), word)
    same_as_earley(" ".join(words), issuer)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=30), houses)
def test_fast_parser_on_words(words, issuer):
    same_as_earley(" ".join(words), issuer)
