"""Playing cards as small integers, shared by the card games.

A card is an ``int``: ``suit * 13 + rank - 1`` for the 52 standard cards
(rank 1 is the ace, 11-13 are jack, queen, king; suits are spades, hearts,
diamonds, clubs in that order), 52 for the red joker and 53 for the black one.
Two decks hold two copies of each code; copies are interchangeable.

People type cards as ``7H``, ``10S``, ``KD``, ``AS``, ``RJ`` (red joker) and
``BJ`` (black joker); ``T`` is accepted for ten and the suit symbols
``♠♥♦♣`` for the suit letters. The pretty form uses the symbols:

>>> from bureau.cards import parse_card, card_text, pretty, rank, suit, weight
>>> c = parse_card("7h")
>>> card_text(c), pretty(c), rank(c), suit(c), weight(c)
('7H', '7♥', 7, 1, 7)
>>> [card_text(c) for c in parse_cards("10S kd AS bj")]
['10S', 'KD', 'AS', 'BJ']
"""

from __future__ import annotations

from collections.abc import Iterable

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

RED_JOKER = 52
BLACK_JOKER = 53
NUM_CODES = 54


class CardError(ValueError):
    """A card text that names no card."""


def card(rank: int, suit: int) -> int:
    """The code of the card of ``rank`` (1 = ace .. 13 = king) and ``suit`` (0..3).

    >>> card_text(card(12, HEARTS))
    'QH'
    """
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise CardError(f"no card has rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


def _table(fn) -> tuple:
    return tuple(fn(c) for c in range(NUM_CODES))


_RANK = _table(lambda c: 0 if c >= 52 else c % 13 + 1)
_SUIT = _table(lambda c: -1 if c >= 52 else c // 13)
_TEXT = _table(
    lambda c: ("RJ", "BJ")[c - 52] if c >= 52 else RANK_TEXT[c % 13] + SUIT_LETTERS[c // 13]
)
_PRETTY = _table(
    lambda c: ("★R", "★B")[c - 52] if c >= 52 else RANK_TEXT[c % 13] + SUIT_SYMBOLS[c // 13]
)
# Weight as Aristocracy counts it: ace 1, pips their value, faces 10, jokers 0.
_WEIGHT = _table(lambda c: 0 if c >= 52 else min(c % 13 + 1, 10))

_BY_TEXT: dict[str, int] = {}
for _c in range(NUM_CODES):
    _BY_TEXT[_TEXT[_c]] = _c
    _BY_TEXT[_PRETTY[_c].upper()] = _c
for _s in range(4):
    _BY_TEXT["T" + SUIT_LETTERS[_s]] = card(10, _s)
    _BY_TEXT["T" + SUIT_SYMBOLS[_s]] = card(10, _s)


def rank(c: int) -> int:
    """1 (ace) .. 13 (king); 0 for a joker."""
    return _RANK[c]


def suit(c: int) -> int:
    """0..3 (spades, hearts, diamonds, clubs); -1 for a joker."""
    return _SUIT[c]


def is_joker(c: int) -> bool:
    return c >= 52


def is_face(c: int) -> bool:
    """Jack, queen or king."""
    return _RANK[c] >= JACK


def weight(c: int) -> int:
    """Ace 1, 2-10 face value, jack/queen/king 10, joker 0."""
    return _WEIGHT[c]


def card_text(c: int) -> str:
    """The typed form: ``7H``, ``10S``, ``RJ``."""
    return _TEXT[c]


def pretty(c: int) -> str:
    """The printed form: ``7♥``, ``10♠``, ``★R``."""
    return _PRETTY[c]


def parse_card(text: str) -> int:
    """The code of a card typed as ``7H``, ``10s``, ``TS``, ``K♦`` or ``RJ``.

    >>> parse_card("qs") == card(QUEEN, SPADES)
    True
    >>> parse_card("1H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bureau.cards.CardError: '1H' is not a card: write rank then suit, like 7H, 10S, KD, AS, ...
    """
    code = _BY_TEXT.get(text.strip().upper())
    if code is None:
        raise CardError(
            f"{text.strip()!r} is not a card: write rank then suit, like 7H, 10S, KD, AS,"
            " or RJ/BJ for a joker"
        )
    return code


def parse_cards(text: str) -> list[int]:
    """Cards separated by spaces or commas."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def cards_text(cards: Iterable[int]) -> str:
    """Typed forms joined by spaces."""
    return " ".join(_TEXT[c] for c in cards)


def standard_deck(copies: int = 1, jokers: bool = False) -> list[int]:
    """``copies`` standard decks in code order, with two jokers each if asked.

    >>> len(standard_deck()), len(standard_deck(2)), len(standard_deck(jokers=True))
    (52, 104, 54)
    """
    one = list(range(52)) + ([RED_JOKER, BLACK_JOKER] if jokers else [])
    return one * copies
