"""Noble Houses of the Seabirds: Transactions in forum English (SEA-A27; issue 19).

A table of phrasings per kind of Transaction, each read to its canonical text; ambiguous
phrasings refused with the canonical text they may have meant; the Bureau's private echo of
what it read; its private answer to a near miss of the header (SEA-39); and properties:
every canonical Transaction the game can print reads back to itself.

Seats as in ``helpers``: Ann Breeding, Ben Usury, Cat Sensation, Dan Secrets. The table is
read as Ann (Breeding), or as Cat (Sensation) for the take, with the players' names known.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bureau.engine import EVERYONE
from bureau.games.seabirds import economy
from bureau.games.seabirds import transactions as reader
from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.heuristic import HeuristicBot
from bureau.games.seabirds.state import MONEY, own_asset
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
    near_miss,
    read,
    text,
)

from ..common import kinds, of_kind, refusal
from .helpers import ANN, BEN, CAT, DAN, act, holdings, new_game, tx
from .test_transactions import same_as_earley

HARVESTING, BREEDING, USURY, SECRETS, SENSATION, SUPPRESSION = range(6)
PLAYERS = {"Ann": BREEDING, "Ben": USURY, "Cat": SENSATION, "Dan": SECRETS}
GAME_HOUSES = ("Breeding", "Usury", "Sensation", "Secrets")

BEETLES_FOR_TRADE = (
    "I give 2 Worker Beetles to Usury if, in the same batch of Messages, Usury gives me"
    " 2 Money and 1 Corporation."
)
BEETLES_IF = "I give 2 Worker Beetles to Usury if Usury gives me 2 Money."

# (what a player writes, what the Bureau reads), by kind of Transaction. The issue's own
# examples come first in each kind.
GIFTS = [  # SEA-48
    ("I will give 2 Worker Beetles to Usury.", "I give 2 Worker Beetles to Usury."),
    ("I'll give 2 Worker Beetles to Usury.", "I give 2 Worker Beetles to Usury."),
    ("I\u2019ll give 2 Worker Beetles to Usury.", "I give 2 Worker Beetles to Usury."),
    ("I give Usury 1 WB + 1 M.", "I give 1 Money and 1 Worker Beetle to Usury."),
    ("I give Usury 1 WB & 1 M.", "I give 1 Money and 1 Worker Beetle to Usury."),
    ("I give two Worker Beetles to Ben.", "I give 2 Worker Beetles to Usury."),
    ("I shall give 2 beetles to Usury", "I give 2 Worker Beetles to Usury."),
    ("I hereby give Usury 2 WB.", "I give 2 Worker Beetles to Usury."),
    ("I'd like to give 2 WB to ben.", "I give 2 Worker Beetles to Usury."),
    ("I give 1 WB plus 1 M to Usury.", "I give 1 Money and 1 Worker Beetle to Usury."),
    ("I give 1WB+1M to Usury.", "I give 1 Money and 1 Worker Beetle to Usury."),
    ("I pay Ben 3 Money.", "I give 3 Money to Usury."),
    ("I send twenty-one M to the House of Usury.", "I give 21 Money to Usury."),
    ("I hand over a Worker Beetle to Cat.", "I give 1 Worker Beetle to Sensation."),
    ("I gift 0 Money and 3 WB to Dan.", "I give 3 Worker Beetles to Secrets."),
    ("I give to Usury 2 WB.", "I give 2 Worker Beetles to Usury."),
    ("I donate one Food to House Secrets", "I give 1 Food to Secrets."),
    ("I, Breeding, will transfer 2 M to Usury.", "I give 2 Money to Usury."),
    ("I, Ann, give 2 M to Usury.", "I give 2 Money to Usury."),
]
SEVERAL = [  # SEA-48, SEA-A27: several transfers in one sentence, one Transaction each
    (
        "I give 2 M to Usury and 1 WB to Cat.",
        "I give 2 Money to Usury. I give 1 Worker Beetle to Sensation.",
    ),
    ("I give Ben 2 M, Cat 1 WB.", "I give 2 Money to Usury. I give 1 Worker Beetle to Sensation."),
    (
        "I'll give 2 M to Usury, 1 WB to Sensation and 1 M to Ben.",
        "I give 3 Money to Usury. I give 1 Worker Beetle to Sensation.",
    ),
    (
        "If Usury gives me 1 Corporation, I give 2 M to Usury and 1 WB to Cat.",
        "I give 2 Money"
        " to Usury if Usury gives me 1 Corporation. I give 1 Worker Beetle to Sensation if Usury"
        " gives me 1 Corporation.",
    ),
]
CONDITIONALS = [  # SEA-49, SEA-A13, SEA-A14
    (
        "I give 2 Worker Beetles to Usury, if Usury gives me 1 Corporation and 2 Money.",
        "I give 2 Worker Beetles to Usury if Usury gives me 2 Money and 1 Corporation.",
    ),
    ("I give 2 WB to Ben provided that Ben pays me at least 2 M.", BEETLES_IF),
    ("I give 2 WB to Usury as long as I receive 2 M from Usury.", BEETLES_IF),
    ("I give 2 WB to Usury if I get at least two Money from Ben.", BEETLES_IF),
    ("I will give 2 WB to Usury when Usury sends me 2 M.", BEETLES_IF),
    ("I give 2 WB to Usury only if Usury will give me 2 M.", BEETLES_IF),
    ("If Usury hands over 2 M to me, then I'll give Usury 2 WB.", BEETLES_IF),
    (
        "If Ben gives me at least 1 Corporation and at least 2 Money, I give Ben 2 WB.",
        "I give 2 Worker Beetles to Usury if Usury gives me 2 Money and 1 Corporation.",
    ),
    (
        "I give 2 WB to Usury if Usury gives me 2 M at the same time.",
        "I give 2 Worker Beetles to Usury if, in the same batch of Messages, Usury gives me"
        " 2 Money.",
    ),
    (
        "I give 2 WB to Usury, if Usury gives me 2 M, as a standing offer.",
        "I give 2 Worker Beetles to Usury if, in any batch of Messages, Usury gives me 2 Money.",
    ),
    (
        "If Usury gives me 2 Money and Cat gives Ben 1 Erotroupe, I give 2 WB to Usury.",
        "I give 2 Worker Beetles to Usury if Usury gives me 2 Money, and Sensation gives Usury"
        " 1 Erotroupe.",
    ),
]
DEADLINES = [  # SEA-51, SEA-52, SEA-A27: "by", "until", "no later than" mean "before"
    (
        "If Usury gives me at least 1 Corporation and 2 Money by 10:00 UTC on 1 March 2026, I"
        " give 2 Worker Beetles to Usury.",
        "I give 2 Worker Beetles to Usury if, before 2026-03-01 10:00 UTC, Usury gives me"
        " 2 Money and 1 Corporation.",
    ),
    (
        "I give 2 WB to Usury if Usury gives me 2 M until 10:00 UTC on 1 March 2026.",
        "I give 2 Worker Beetles to Usury if, before 2026-03-01 10:00 UTC, Usury gives me 2 Money.",
    ),
    (
        "I'll give 2 WB to Ben if Ben pays me 2 M no later than 2026-03-01 10:00 UTC.",
        "I give 2 Worker Beetles to Usury if, before 2026-03-01 10:00 UTC, Usury gives me 2 Money.",
    ),
    (
        "I give 2 WB to Ben, if Ben gives me 2 M before 11:59 PM Eastern US time September 7th"
        " 2009.",
        "I give 2 Worker Beetles to Usury if, before 2009-09-08 03:59 UTC, Usury gives me 2 Money.",
    ),
]
TRADES = [  # SEA-49 (L88): a trade is a same-batch conditional
    (
        "I give 2 Worker Beetles to Usury in exchange for 1 Corporation and 2 Money.",
        BEETLES_FOR_TRADE,
    ),
    ("I trade 2 WB to Usury for 1 Corp and 2 M.", BEETLES_FOR_TRADE),
    ("I trade 2 WB with Ben for 1 Corp + 2 M.", BEETLES_FOR_TRADE),
    ("I'll trade Usury 2 WB for at least 1 Corp and 2 M.", BEETLES_FOR_TRADE),
    ("I swap 2 WB with Usury for 1 Corp & 2 M.", BEETLES_FOR_TRADE),
    ("I trade 2 WB for 1 Corp and 2 M with Usury.", BEETLES_FOR_TRADE),
    ("I sell 2 WB to Ben in return for one Corp and two M.", BEETLES_FOR_TRADE),
    ("I buy 1 Corp and 2 M from Usury for 2 WB.", BEETLES_FOR_TRADE),
    (
        "I give 2 WB to Usury for 2 M by 10:00 UTC on 1 March 2026.",
        "I give 2 Worker Beetles to Usury if, before 2026-03-01 10:00 UTC, Usury gives me 2 Money.",
    ),
]
REINVESTMENTS = [  # SEA-46 (L77: "Give 3 Money for 2 Resources")
    ("I give 3 Worker Beetles for 2 Money.", "I reinvest 3 Worker Beetles for 2 Money."),
    ("I give 3 Money for 2 WB.", "I reinvest 3 Money for 2 Worker Beetles."),
    (
        "I'll reinvest three Money into two Worker Beetles.",
        "I reinvest 3 Money for 2 Worker Beetles.",
    ),
    ("I sell 5 WB for 4 M.", "I reinvest 5 Worker Beetles for 4 Money."),
    ("I trade 3 M for 2 WB.", "I reinvest 3 Money for 2 Worker Beetles."),
    ("I buy 2 WB for 3 M.", "I reinvest 3 Money for 2 Worker Beetles."),
    ("I buy 2 WB with 3 M.", "I reinvest 3 Money for 2 Worker Beetles."),
    ("I convert 10 Money to a Worker Beetle.", "I reinvest 10 Money for 1 Worker Beetle."),
    ("I swap 5 beetles in exchange for 4 M.", "I reinvest 5 Worker Beetles for 4 Money."),
]
UPGRADE_BUYS = [  # SEA-59, SEA-A15
    (
        "I buy an Expansion Contract paying 0 Money and 3 WB.",
        "I buy an Expansion Contract with 3 Worker Beetles.",
    ),
    (
        "I'll purchase one Expansion Contract using 3 Food.",
        "I buy an Expansion Contract with 3 Food.",
    ),
    (
        "I buy 1 Infrastructure by paying 1 Corp & 1 Ero.",
        "I buy Infrastructure with 1 Corporation and 1 Erotroupe.",
    ),
    (
        "I pay 2 Money and 4 Corp for a Distribution Contract.",
        "I buy a Distribution Contract with 2 Money and 4 Corporations.",
    ),
    (
        "I spend 2 Corporations on Business Contacts.",
        "I buy Business Contacts with 2 Corporations.",
    ),
    (
        "I buy a Loyal Administrator for 4 M and four WB.",
        "I buy a Loyal Administrator with 4 Money and 4 Worker Beetles.",
    ),
    (
        "If Usury gives me 1 M, I buy the Expansion Contract with 3 WB.",
        "I buy an Expansion Contract with 3 Worker Beetles if Usury gives me 1 Money.",
    ),
]
TAKES = [  # SEA-55, as Sensation
    ("I take 1 Money from Ben.", "I take 1 Money from Usury."),
    ("I'll take one M from the House of Usury.", "I take 1 Money from Usury."),
    ("I, Cat, take a Money from Dan", "I take 1 Money from Secrets."),
]
TABLE = [
    *[(BREEDING, *row) for row in GIFTS + SEVERAL + CONDITIONALS + DEADLINES + TRADES],
    *[(BREEDING, *row) for row in REINVESTMENTS + UPGRADE_BUYS],
    *[(SENSATION, *row) for row in TAKES],
]


def reading(sentence: str, issuer: int = BREEDING) -> str:
    """What the Bureau reads ``sentence`` as, in canonical text."""
    records = read(f"{HEADER} {sentence}", issuer, PLAYERS)
    return " ".join(text(r, issuer) for r in records)


def refused(sentence: str, issuer: int = BREEDING) -> str:
    message = refusal(TransactionError, lambda: read(f"{HEADER} {sentence}", issuer, PLAYERS))
    assert message.startswith(f"cannot read {' '.join(sentence.split())!r}: "), message
    return message


@pytest.mark.parametrize(("issuer", "sentence", "canonical"), TABLE)
def test_sea_a27_forum_english_reads_to_the_canonical_text(issuer, sentence, canonical):
    """SEA-A27 (with SEA-46, SEA-48, SEA-49, SEA-51, SEA-55, SEA-59, SEA-A13, SEA-A15): what a
    forum player naturally writes is read to its canonical text, which reads back to the
    same records; the fast parser reads it, with no fall-back to Earley."""
    assert reading(sentence, issuer) == canonical
    again = read(f"{HEADER} {canonical}", issuer)
    assert again == read(f"{HEADER} {sentence}", issuer, PLAYERS)
    names = reader._names(tuple(PLAYERS.items()))
    body = reader._with_houses(sentence.removesuffix("."), sentence, names)
    assert same_as_earley(body, issuer) == "fast"


@pytest.mark.parametrize(
    ("sentence", "meant"),
    [
        (  # each, or shared out?
            "I give 2 M to Usury and Cat.",
            "Did you mean 'I give 2 Money to Usury. I give 2 Money to Sensation.'?",
        ),
        (
            "I give 2 M to Ben and to Dan",
            "Did you mean 'I give 2 Money to Usury. I give 2 Money to Secrets.'?",
        ),
        (  # does the condition hold for both?
            "I give 2 M to Usury and 1 WB to Cat if Usury gives me 1 Corp.",
            "did you mean 'I give 2 Money to Usury if Usury gives me 1 Corporation. I give 1"
            " Worker Beetle to Sensation if Usury gives me 1 Corporation.'?",
        ),
        (  # a gift is exact
            "I give at least 2 M to Usury.",
            "what you give, pay or take is exact: did you mean 'I give 2 Money to Usury.'?",
        ),
        (
            "I give at least 2 WB to Usury in exchange for 2 M.",
            "did you mean 'I give 2 Worker Beetles to Usury if, in the same batch of Messages,"
            " Usury gives me 2 Money.'?",
        ),
        (  # one Upgrade a sentence
            "I buy two Expansion Contracts with 6 WB.",
            "did you mean 'I buy an Expansion Contract with 3 Worker Beetles. I buy an"
            " Expansion Contract with 3 Worker Beetles.'?",
        ),
        (  # no House named, but not a Reinvestment: a trade with whom?
            "I give 2 WB for 2 Corp.",
            "did you mean 'I give 2 Worker Beetles to H if, in the same batch of Messages, H"
            " gives me 2 Corporations.' (H a House)?",
        ),
    ],
)
def test_sea_a27_an_ambiguous_sentence_is_refused_with_what_it_may_have_meant(sentence, meant):
    """SEA-A27, SEA-A25: what could mean two things is refused, whole, and the answer gives
    the canonical text it may have meant (the same from either parser)."""
    assert meant in refused(sentence)
    names = reader._names(tuple(PLAYERS.items()))
    same_as_earley(reader._with_houses(sentence.removesuffix("."), sentence, names))


@pytest.mark.parametrize(
    ("sentence", "says"),
    [
        ("I give 0 M to Usury.", "'0 Money' is nothing"),
        ("I give 2 M -1 WB to Usury.", "not '-1 Worker Beetles'"),
        ("I lend 3 Money to Usury.", "not 'lend'"),
        ("I give 2 M to May.", "expected a House"),  # "May" is a month, no player here
        ("I give 2 M to Eve.", "expected a House"),  # nobody called Eve
    ],
)
def test_sea_a27_what_still_cannot_be_read(sentence, says):
    assert says in refused(sentence)


def test_sea_a27_a_players_name_stands_for_his_house_where_it_is_no_other_word():
    """SEA-A27: "to Ben" is Ben's House; a name the reader knows as another word (a month,
    a House) is that word, and a player named like another House is ambiguous."""
    assert read(f"{HEADER} I give 1 M to BEN.", BREEDING, {"Ben": USURY}) == (
        Gift(USURY, (1, 0, 0, 0, 0, 0, 0)),
    )
    with pytest.raises(TransactionError, match="expected a House"):
        read(f"{HEADER} I give 1 M to May.", BREEDING, {"May": USURY})
    with pytest.raises(TransactionError, match="'Secrets' is ambiguous"):
        read(f"{HEADER} I give 1 M to Secrets.", BREEDING, {"Secrets": USURY})
    assert read(f"{HEADER} I give 1 M to Usury.", BREEDING, {"Usury": USURY}) == (
        Gift(USURY, (1, 0, 0, 0, 0, 0, 0)),
    )


# -- the documentation's tables -----------------------------------------------------------

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games" / "seabirds.md"


def doc_table(heading: str, header: str) -> list[list[str]]:
    """The code cells of each row of the table headed ``header`` under ``heading`` in
    docs/games/seabirds.md."""
    section = DOCS.read_text(encoding="utf-8").split(f"### {heading}\n", 1)[1]
    section = section.split("\n### ", 1)[0]
    lines = section.splitlines()
    start = lines.index(header)
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(re.findall(r"`([^`]+)`", line))
    return rows


def test_sea_a27_the_docs_table_of_what_you_may_write_is_what_the_bureau_reads():
    """docs/games/seabirds.md, "What you may write": every row reads as it says (as Ann,
    Breeding; the take as Cat, Sensation)."""
    rows = doc_table("What you may write", "| Kind | You may write | The Bureau reads |")
    assert len(rows) >= 40
    for sentence, canonical in rows:
        issuer = SENSATION if " take " in sentence else BREEDING
        assert reading(sentence, issuer) == canonical, sentence


def test_sea_a27_the_docs_table_of_ambiguous_sentences_is_what_the_bureau_answers():
    rows = doc_table("What you may write", "| You write | The Bureau answers |")
    assert len(rows) == 5
    for sentence, answer in rows:
        assert refused(sentence).endswith(f": {answer}"), sentence


# -- in a game: the echo, and the answer to a near miss ---------------------------------------


def game():
    return new_game(houses=GAME_HOUSES)


def only_to(event) -> list:
    return [s for s in (ANN, BEN, CAT, DAN, None) if event.visible_to(s)]


ISSUE_PHRASINGS = [
    (
        "I give 2 Worker Beetles to Usury in exchange for 1 Corporation and 2 Money.",
        BEETLES_FOR_TRADE,
    ),
    ("I will give 2 Worker Beetles to Usury.", "I give 2 Worker Beetles to Usury."),
    ("I'll give 2 Worker Beetles to Usury.", "I give 2 Worker Beetles to Usury."),
    ("I give 3 Worker Beetles for 2 Money.", "I reinvest 3 Worker Beetles for 2 Money."),
    ("I give Usury 1 WB + 1 M.", "I give 1 Money and 1 Worker Beetle to Usury."),
    ("I give Usury 1 WB & 1 M.", "I give 1 Money and 1 Worker Beetle to Usury."),
    (
        "If Usury gives me at least 1 Corporation and 2 Money by 10:00 UTC on 1 March 2026, I"
        " give 2 Worker Beetles to Usury.",
        "I give 2 Worker Beetles to Usury if, before 2026-03-01 10:00 UTC, Usury gives me"
        " 2 Money and 1 Corporation.",
    ),
    (
        "I give 2 Worker Beetles to Usury, if Usury gives me 1 Corporation and 2 Money.",
        "I give 2 Worker Beetles to Usury if Usury gives me 2 Money and 1 Corporation.",
    ),
    ("I give two Worker Beetles to Ben.", "I give 2 Worker Beetles to Usury."),
]


@pytest.mark.parametrize(("sentence", "canonical"), ISSUE_PHRASINGS)
@pytest.mark.parametrize("channel", ["post", "hide"])
def test_sea_a27_the_bureau_echoes_what_it_read_to_the_sender_alone(sentence, canonical, channel):
    """SEA-A27, SEA-16: each accepted Transaction is answered, to its sender alone, with the
    canonical text the Bureau read; in a post and in a hidden message alike."""
    state = game()
    events = act(state, ANN, f"{channel}: {HEADER} {sentence}")
    (echo,) = of_kind(events, "understood")
    assert only_to(echo) == [ANN]
    assert echo.data["texts"] == [canonical]
    said = GAME.describe(state, echo)
    if channel == "post":
        assert said == f"The Bureau reads your post as: {canonical}"
    else:
        assert said == f"The Bureau reads your sealed message for Stop 1 as: {canonical}"
    assert not of_kind(events, "bureau")  # nothing refused


def test_sea_a27_the_echo_comes_before_the_result_and_lists_every_transaction():
    state = game()
    events = tx(state, ANN, "I give 1 M to Ben and 1 WB to Cat. I'll reinvest 2 M into 1 WB.")
    assert kinds(events)[:5] == ["message", "understood", "executed", "executed", "executed"]
    assert events[1].data["texts"] == [
        "I give 1 Money to Usury.",
        "I give 1 Worker Beetle to Sensation.",
        "I reinvest 2 Money for 1 Worker Beetle.",
    ]
    assert holdings(state, ANN) == {"Worker Beetles": 3}
    assert holdings(state, BEN)["Money"] == 3 + 1 + 1  # the gift, and Usury's ability (SEA-62)


def test_sea_a27_a_players_name_names_his_house_in_a_game():
    state = game()
    events = tx(state, ANN, "I give 1 Money to Ben.")
    assert [e.data["text"] for e in of_kind(events, "executed")] == [
        "Breeding: I give 1 Money to Usury."
    ]
    assert holdings(state, BEN) == {"Money": 4, "Corporations": 3}


def test_sea_a27_the_private_report_holds_the_echo():
    """SEA-A27: in play by forum, the moderator's private report carries the echo."""
    state = game()
    act(state, ANN, f"hide: {HEADER} I'll give Ben two WB.")
    report = GAME.forum_post(state, ANN, "markdown")
    assert (
        "- The Bureau reads your sealed message for Stop 1 as: I give 2 Worker Beetles to"
        " Usury." in report
    )
    assert "Worker Beetles to Usury" not in GAME.forum_post(state, BEN, "markdown")


NOT_A_TRANSACTION = "this is not a Transaction; did you mean 'ATTN Bureau: Transaction.'?"
NEAR_MISSES = [
    "ATTN Bureau: Transaction: I give 1 Money to Usury.",
    "ATTN Bureau - Transaction. I give 1 Money to Usury.",
    "ATTN Bureau Transaction. I give 1 Money to Usury.",
    "ATTN Bureau: Transaction I give 1 Money to Usury.",
    "Attn: Bureau: Transactions. I give 1 Money to Usury.",
    "ATTENTION BUREAU -- TRANSACTION -- I give 1 Money to Usury.",
    "Bureau: Transaction. I give 1 Money to Usury.",
    "Transaction: I give 1 Money to Usury.",
    "ATTN Bureau: I give 1 Money to Usury.",
    "Hello. ATTN Bureau: Transaction. I give 1 Money to Usury.",
    "I give 1 Money to Usury.",
]


@pytest.mark.parametrize("message", NEAR_MISSES)
@pytest.mark.parametrize("channel", ["post", "hide"])
def test_sea39_sea_a27_a_near_miss_of_the_header_is_answered_privately(message, channel):
    """SEA-39, SEA-A27: a near miss of the header stays an ordinary message that moves
    nothing, and the Bureau tells its sender alone that it is not a Transaction, what was
    meant, and what it would have read."""
    state = game()
    events = act(state, ANN, f"{channel}: {message}")
    assert kinds(events) == ["message", "bureau"]
    answer = events[1]
    assert only_to(answer) == [ANN]
    assert answer.data["text"].startswith(NOT_A_TRANSACTION)
    assert answer.data["text"].endswith("With it, the Bureau would read: I give 1 Money to Usury.")
    assert GAME.describe(state, answer).startswith(f"The Bureau: {NOT_A_TRANSACTION}")
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert state.sealed == []
    assert len(state.messages) == 1  # the message itself stands, as an ordinary one


def test_sea39_a_near_miss_with_nothing_readable_after_it_is_still_answered():
    state = game()
    events = act(state, ANN, "post: ATTN Bureau: Transaction: I lend 3 Money to Usury.")
    (answer,) = of_kind(events, "bureau")
    assert only_to(answer) == [ANN]
    assert answer.data["text"] == (
        f"{NOT_A_TRANSACTION} Only a message that begins with that sentence is one (SEA-39,"
        " SEA-A27), so nothing in this one is carried out."
    )


@pytest.mark.parametrize(
    "message",
    [
        "Transactions are slow today.",
        "ATTN Bureau: when does the Air Phase end?",
        "I give up.",
        "I think Ben gives too little.",
        "Fair winds.",
    ],
)
def test_sea39_talk_gets_no_answer(message):
    state = game()
    assert kinds(act(state, ANN, f"post: {message}")) == ["message"]


def test_sea40_a_near_miss_told_to_a_player_gets_no_answer():
    """SEA-40: a tell is only talk between players; the Bureau does not read it."""
    state = game()
    assert kinds(act(state, ANN, "tell Ben: ATTN Bureau: Transaction: I give 1 M to Usury.")) == [
        "message"
    ]


def test_near_miss_is_none_for_a_transaction():
    assert near_miss(f"{HEADER} I give 1 M to Usury.", BREEDING) is None


# -- properties: what the game prints reads back to itself ------------------------------------

counts = st.one_of(st.integers(0, 3), st.integers(0, MAX_AMOUNT))


def _some(draw, kinds_: tuple[int, ...]) -> tuple[int, ...]:
    """Amounts of the assets ``kinds_`` (at least one above 0)."""
    out = [0] * len(ASSETS)
    for a in kinds_:
        out[a] = draw(counts)
    if not any(out):
        out[draw(st.sampled_from(kinds_))] = draw(st.integers(1, 3))
    return tuple(out)


@st.composite
def legal_transactions(draw):
    """(Houses in play, the seat, its House, a Transaction it may send, posted or hidden),
    built from the game's own forms: gifts to a House in play, Reinvestments of Money and
    the House's own Resource at less than 1 for 1, Upgrades at their exact price in allowed
    types, takes for Sensation and Suppression, and conditionals on any of the first three
    with requirements between Houses in play, in every window."""
    houses = draw(st.permutations(range(len(HOUSES))))[: draw(st.integers(3, 6))]
    seat = draw(st.integers(0, len(houses) - 1))
    house = houses[seat]
    others = [h for h in houses if h != house]
    every = tuple(range(len(ASSETS)))
    kind = draw(st.sampled_from(["gift", "reinvest", "upgrade", "take", "conditional"]))
    if kind == "take" and house not in (SENSATION, SUPPRESSION):
        kind = "gift"

    def act_(kind_):
        if kind_ == "gift":
            to = draw(st.sampled_from(others))
            assets = tuple(sorted(draw(st.sets(st.sampled_from(every), min_size=1))))
            return Gift(to, _some(draw, assets))
        if kind_ == "reinvest":
            give, get = draw(st.permutations((MONEY, own_asset(house))))
            x = draw(st.integers(2, MAX_AMOUNT))
            y = draw(st.integers(1, x - 1))
            return Reinvest(_one(give, x), _one(get, y))
        upgrade = draw(st.integers(0, len(UPGRADES) - 1))
        money, resources, allowed = economy.cost(house, upgrade, False)
        pay = [0] * len(ASSETS)
        pay[MONEY] = money
        types = economy.allowed_kinds(house, allowed)
        for _ in range(resources):
            pay[draw(st.sampled_from(types))] += 1
        return Upgrade(upgrade, tuple(pay))

    if kind == "take":
        record = Take(draw(st.sampled_from(others)))
    elif kind == "conditional":
        made = act_(draw(st.sampled_from(["gift", "reinvest", "upgrade"])))
        requirements = []
        for _ in range(draw(st.integers(1, 2))):
            giver, taker = draw(st.permutations(houses))[:2]
            requirements.append(Requirement(giver, taker, _some(draw, every)))
        window = draw(st.sampled_from(["default", "same_batch", "standing", "deadline"]))
        deadline = None
        if window == "deadline":
            deadline = float(draw(st.integers(946684800, 4102444800)))  # 2000 to 2100
        record = Conditional(made, tuple(requirements), window, deadline)
    else:
        record = act_(kind)
    hidden = kind != "take" and draw(st.booleans())
    return houses, seat, house, record, hidden


def _one(asset: int, n: int) -> tuple[int, ...]:
    out = [0] * len(ASSETS)
    out[asset] = n
    return tuple(out)


@settings(max_examples=150, deadline=None)
@given(legal_transactions())
def test_sea_a27_every_canonical_transaction_the_game_accepts_is_echoed_and_reads_back(case):
    """SEA-A27: a Transaction built from the game's own legal forms, sent in its canonical
    text, is accepted, echoed to its sender alone in that same text, and the echo reads back
    to the same record."""
    houses, seat, house, record, hidden = case
    state = new_game(houses=tuple(HOUSES[h] for h in houses))
    sentence = text(record, house)
    channel = "hide" if hidden else "post"
    events = act(state, seat, f"{channel}: {HEADER} {sentence}")
    assert not of_kind(events, "bureau"), [e.data for e in of_kind(events, "bureau")]
    (echo,) = of_kind(events, "understood")
    assert echo.data["texts"] == [sentence]
    assert echo.audience != EVERYONE and echo.visible_to(seat)
    assert not any(echo.visible_to(s) for s in range(len(houses)) if s != seat)
    assert read(f"{HEADER} {echo.data['texts'][0]}", house, state.players()) == (record,)


PRINTED = ("understood", "executed", "failed", "standing", "lapsed")


def printed_sentences(state, events) -> list[tuple[int, str]]:
    """(House, sentence) of every Transaction the events print in canonical text."""
    out = []
    for e in events:
        if e.kind == "understood":
            house = state.house_of[e.data["player"]]
            out += [(house, t) for t in e.data["texts"]]
        elif e.kind in PRINTED:
            name, sentence = e.data["text"].split(": ", 1)
            out.append((HOUSES.index(name), sentence))
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["random", "heuristic"]))
def test_sea_a27_every_transaction_printed_in_play_reads_back_to_itself(seed, bots):
    """SEA-A27: in whole games of random or heuristic bots, every Transaction the game
    prints (the echo, and Carried out, Failed, Standing and Lapsed) reads back to a record
    whose canonical text is the printed sentence itself."""
    rng = random.Random(seed)
    state = GAME.new(["Ann", "Ben", "Cat", "Dan"], seed=seed, options={"stops": 3})
    players = {s: HeuristicBot(GAME, s, seed + s) for s in range(4)} if bots == "heuristic" else {}
    for _ in range(600):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.pending(state))
        bot = players.get(seat)
        action = bot.act(state) if bot is not None else GAME.sample_action(state, seat, rng)
        events = GAME.apply(state, seat, action)
        for house, sentence in printed_sentences(state, events):
            (record,) = read(f"{HEADER} {sentence}", house)
            assert text(record, house) == sentence
    assert GAME.outcome(state) is not None
