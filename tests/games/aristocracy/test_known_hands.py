"""Aristocracy: what everybody knows of a hand never outlives the cards in it.

Cards that go into a hand face up are known to be there until they are seen to leave
(ARI-A15 and "Who sees what" in docs/games/aristocracy.md). A stall formed face down
takes cards from the hand before anybody sees which: until the reveal, a known card is
shown as still in hand only where that is certain.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bureau.cards import card_text
from bureau.games.aristocracy import GAME

from ..common import cards
from .helpers import ANN, BEN, CAT, new_game, play, stalls


def known_of(state, reader, seat) -> list[str]:
    return GAME.view(state, reader)["players"][seat]["known_hand"]


def test_known_cards_put_in_a_face_down_stall_are_no_longer_shown_in_hand():
    """The audit's case: five known cards, some put in the stall. With the stall's size
    shown (the default), only what the stall cannot have taken stays known; at the reveal
    the cards that stayed are known again."""
    state = new_game(3, hands=("5H 9S 9S 4C 7D", "8D 2C", "8H"), herald=ANN)
    state.known[ANN] = cards("5H 9S 9S 4C 7D")  # all five came into her hand face up
    play(state, ANN, "stall 5H")
    assert state.step == "stall" and tuple(GAME.pending(state)) == (BEN,)
    for reader in (BEN, CAT, None):
        ann = GAME.view(state, reader)["players"][ANN]
        assert ann["hand_count"] == 4 and ann["stall_count"] == 1
        # one card went down: of the two 9S at least one is still in her hand
        assert ann["known_hand"] == ["9S"]
    stalls(state, {BEN: "8D", CAT: "8H"})
    assert state.step != "stall"  # revealed: everybody saw the 5H leave
    assert known_of(state, BEN, ANN) == ["9S", "9S", "4C", "7D"]
    assert sorted(card_text(c) for c in state.hands[ANN]) == ["4C", "7D", "9S", "9S"]


def test_with_stall_sizes_hidden_no_known_card_is_certain_until_the_reveal():
    """ARI-A15 with ``show_stall_counts_before_reveal=false``: the hand size shown counts
    the stall too, and since the whole hand may lie in it, no known card is certain."""
    state = new_game(
        3, hands=("5H 9S 9S 4C 7D", "8D 2C", "8H"), herald=ANN,
        show_stall_counts_before_reveal=False,
    )  # fmt: skip
    state.known[ANN] = cards("5H 9S 9S 4C 7D")
    play(state, ANN, "stall none")
    ann = GAME.view(state, BEN)["players"][ANN]
    assert ann["hand_count"] == 5 and "stall_count" not in ann
    assert ann["known_hand"] == []  # "stall none" looks like any other stall
    stalls(state, {BEN: "8D", CAT: "8H"})
    assert known_of(state, BEN, ANN) == ["5H", "9S", "9S", "4C", "7D"]


def check_knowledge(state) -> None:
    """Every reader's view of every other hand lists only cards that hand holds; the
    state's own record is in the hand or, before the reveal, the face-down stall."""
    n = state.num_players
    for seat in range(n):
        hand = Counter(card_text(c) for c in state.hands[seat])
        committed = state.committed[seat] if state.step in ("tax", "stall") else None
        held = Counter(state.hands[seat]) + Counter(committed.cards if committed else [])
        assert not Counter(state.known[seat]) - held, (seat, state.known[seat], held)
        for reader in (None, *range(n)):
            if reader == seat:
                continue
            known = Counter(known_of(state, reader, seat))
            assert not known - hand, (
                f"{reader} is shown {sorted(known - hand)} in seat {seat}'s hand"
                f" ({sorted(hand.elements())}) at {state.step}"
            )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(GAME.min_players, GAME.max_players),
    counts_shown=st.booleans(),
)
def test_known_cards_are_always_a_sub_multiset_of_the_hand(seed, players, counts_shown):
    """Through random games, after every action: for every seat about every other seat
    (and the public), the cards shown as known in a hand are in that hand."""
    options = {"show_stall_counts_before_reveal": counts_shown}
    state = GAME.new(players, seed=seed, options=options, bots_only=True)
    rng = random.Random(seed)
    check_knowledge(state)
    for _ in range(1500):
        pending = GAME.pending(state)
        if not pending:
            break
        seat = rng.choice(pending)
        GAME.apply(state, seat, GAME.sample_action(state, seat, rng))
        check_knowledge(state)
