"""The moderator's override of an amount says how to write it (SEA-45): an override sets
the new amount, so '+2' is answered with the override that adds 2, from what the House
holds, never with "'+2' is not a whole number"."""

from __future__ import annotations

import pytest

from bureau.engine import MODERATOR

from .helpers import new_game, refused


@pytest.mark.parametrize(
    ("what", "answer"),
    [
        ("money Ann +2", "Breeding holds 3 Money, so for +2 write"
         " 'override money Breeding 5 because REASON'"),
        ("money Ben -1", "Usury holds 3 Money, so for -1 write"
         " 'override money Usury 2 because REASON'"),
        ("resources Ann +1 Worker Beetle", "Breeding holds 3 Worker Beetles, so for +1 write"
         " 'override resources Breeding 4 Worker Beetles because REASON'"),
    ],
)  # fmt: skip
def test_sea_45_a_change_is_answered_with_the_override_that_makes_it(what, answer):
    """SEA-45: an override writes the new amount; a signed change is answered with the
    override that makes it, counted from what the House holds now."""
    state = new_game()
    message = refused(state, MODERATOR, f"override {what} because a lost payment")
    assert message == f"an override writes the new amount, not a change: {answer}"
    assert "is not a whole number" not in message


def test_sea_45_below_zero_and_words_say_how_to_write_the_amount():
    """SEA-45: holdings never go below 0; an amount that is no number is shown written."""
    state = new_game()
    assert refused(state, MODERATOR, "override money Cat -5 because x") == (
        "an override writes the new amount, not a change, and holdings never go below 0"
        " (SEA-45): Sensation holds 3 Money, so the least is"
        " 'override money Sensation 0 because REASON'"
    )
    assert refused(state, MODERATOR, "override money Ann five because x") == (
        "write the new amount as a whole number, 0 or more (SEA-45), not 'five', as in"
        " 'override money Breeding 3 because REASON' (Breeding holds 3 Money now)"
    )
