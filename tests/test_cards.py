"""bureau.cards: compact codes, typed and pretty forms."""

import pytest

from bureau.cards import (
    BLACK_JOKER,
    RED_JOKER,
    CardError,
    card,
    card_text,
    is_face,
    parse_card,
    parse_cards,
    pretty,
    rank,
    standard_deck,
    suit,
    weight,
)


def test_every_code_round_trips_through_its_texts():
    for c in range(54):
        assert parse_card(card_text(c)) == c
        assert parse_card(pretty(c)) == c
        assert parse_card(card_text(c).lower()) == c


def test_typed_forms():
    assert card_text(card(10, 0)) == "10S"
    assert parse_card("TS") == parse_card("10s") == card(10, 0)
    assert pretty(parse_card("7H")) == "7♥"
    assert pretty(parse_card("QD")) == "Q♦"
    assert parse_card("A♣") == card(1, 3)
    assert card_text(RED_JOKER) == "RJ" and card_text(BLACK_JOKER) == "BJ"
    assert parse_cards("7H, 10S KD") == [card(7, 1), card(10, 0), card(13, 2)]


def test_rank_suit_weight():
    ks = parse_card("KS")
    assert (rank(ks), suit(ks), weight(ks), is_face(ks)) == (13, 0, 10, True)
    ace = parse_card("AD")
    assert (rank(ace), weight(ace), is_face(ace)) == (1, 1, False)
    assert weight(parse_card("9C")) == 9
    assert rank(RED_JOKER) == 0 and suit(RED_JOKER) == -1 and weight(RED_JOKER) == 0


@pytest.mark.parametrize("bad", ["1H", "11S", "7X", "", "joker", "10"])
def test_bad_card_text_says_what_is_allowed(bad):
    with pytest.raises(CardError, match="write rank then suit"):
        parse_card(bad)


def test_decks():
    assert sorted(standard_deck()) == list(range(52))
    assert len(standard_deck(2)) == 104
    assert standard_deck(jokers=True)[-2:] == [RED_JOKER, BLACK_JOKER]
