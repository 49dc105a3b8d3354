"""Refusals that lead with the answer: every card that is missing, hints that name only
cards the player holds, and an order with a part too few or too many says what it takes."""

from __future__ import annotations

import re

import pytest

from bureau.games.aristocracy.actions import TAKES

from ..common import hand
from .helpers import ANN, BEN, CAT, ann_acts, new_game, refuse
from .test_royal_events import queen_ball, year_two_king

CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def hint_cards(message: str) -> list[str]:
    """The cards named in what a refusal says may be typed now (after its first sentence)."""
    return CARD.findall(message.split(". ", 1)[1])


def test_ari_73_a_stall_names_every_card_not_held_and_its_hint_only_cards_held():
    """ARI-73: a stall is formed from the hand. A stall of cards not held names every one
    of them, and the hint's example is made of the player's own cards."""
    state = new_game(3, hands=("2S 3S 4S 8D 5H 6H 7S",))
    message = refuse(state, ANN, "stall 7H 9S", "you have no 7H or 9S in your hand.")
    assert hint_cards(message) and set(hint_cards(message)) <= set(hand(state, ANN)), message
    refuse(state, ANN, "stall 9S 8D 8D QC", "you have no 9S or QC and only 1 8D in your hand.")
    refuse(state, ANN, "stall 2S 9S", "you have no 9S in your hand.")


def test_ari_37_ari_31_ball_and_tax_hints_name_only_cards_held():
    """ARI-37 (Ball) and ARI-31 (Tax): their hints' examples are the player's own cards."""
    state = queen_ball()
    message = refuse(state, ANN, "ball 2C 9S", "you have no 2C or 9S in your hand")
    assert hint_cards(message) and set(hint_cards(message)) <= set(hand(state, ANN)), message
    state, _ = year_two_king(
        {ANN: "2S 3S 4S 5S 6S 7S 8S", BEN: "2H 3H 4H 5H 6H 7H", CAT: "2C 3C 4C 5C 6C 7C"}
    )
    message = refuse(state, ANN, "discard 9C", "no 9C in your hand")
    assert hint_cards(message) and set(hint_cards(message)) <= set(hand(state, ANN)), message


def test_ari_25_a_sell_of_one_card_says_a_sell_takes_two():
    """ARI-25: a Sell discards two stall cards; 'sell 4S' says so, not where reading
    stopped; a word that is no card is pointed at."""
    state = ann_acts("9D 5C")
    message = refuse(state, ANN, "sell 9D", "a Sell takes two cards of your stall: 'sell CARD")
    assert "cannot read" not in message and "column" not in message
    refuse(state, ANN, "sell 9D 5X", "a Sell takes two cards", "stops making sense at '5X'")
    refuse(state, ANN, "sell 9D 5C 4S", "a Sell takes two cards", "stops making sense at '4S'")


@pytest.mark.parametrize("verb", sorted(TAKES))
def test_an_order_with_a_part_missing_or_too_many_says_what_it_takes(verb):
    state = ann_acts("9D 5C")
    takes_nothing = TAKES[verb].endswith("takes nothing more")
    text = f"{verb} 9D" if takes_nothing else verb
    message = refuse(state, ANN, text, f"{TAKES[verb]}, not '{text}'")
    assert "cannot read" not in message
