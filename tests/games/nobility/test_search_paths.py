"""The paths search bots run hot: cloning, re-dealing, checking and sampling.

They are written for speed (straight-line clones, short cuts for the common cases); these
tests hold them to what the plain versions did.
"""

from __future__ import annotations

import random

import pytest

from bureau.engine import IllegalAction
from bureau.games.nobility import GAME
from bureau.games.nobility.moves import by_kind, meld_ops
from bureau.games.nobility.state import MELD, State


def played(seed: int, decisions: int) -> State:
    """A state after ``decisions`` random decisions (or the end of the match)."""
    state = GAME.new(3, seed=seed, bots_only=True)
    rng = random.Random(seed)
    for _ in range(decisions):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.pending(state)[0]
        GAME.apply(state, seat, GAME.sample_action(state, seat, rng))
    return state


def test_clone_sets_every_slot_and_copies_the_lists():
    state = played(3, 400)
    copy = state.clone()
    for name in State.__slots__:
        value = getattr(copy, name)  # an unset slot raises AttributeError
        if name != "rng":  # melds compare by their repr: they have no __eq__
            assert repr(value) == repr(getattr(state, name)), name
        if isinstance(value, list):
            assert value is not getattr(state, name), name
    assert all(a is not b for a, b in zip(copy.hands, state.hands, strict=True))
    assert all(a is not b for a, b in zip(copy.melds, state.melds, strict=True))
    assert copy.rng.random() == state.rng.random()  # a copy: the same draws, apart


def test_clone_takes_the_generator_it_is_given():
    state = played(4, 50)
    rng = random.Random(9)
    assert state.clone(rng=rng).rng is rng


def test_by_kind_groups_in_order_of_first_appearance():
    class A(tuple):
        pass

    class B(tuple):
        pass

    a1, b1, a2 = A((1,)), B((2,)), A((3,))
    assert by_kind([b1, a1, a2]) == [[b1], [a1, a2]]
    assert by_kind([]) == []


@pytest.mark.parametrize("seed", range(6))
def test_sampled_and_listed_actions_pass_the_check(seed):
    state = GAME.new(3, seed=seed, bots_only=True)
    rng = random.Random(seed)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.pending(state)[0]
        if state.phase == MELD and seat == state.active:
            for action in meld_ops(state, seat):
                GAME.check(state, seat, action)
        action = GAME.sample_action(state, seat, rng)
        GAME.check(state, seat, action)
        GAME.apply(state, seat, action)


def test_check_refuses_as_before_for_a_seat_not_asked():
    state = GAME.new(3, seed=1, bots_only=True)
    seat = GAME.pending(state)[0]
    other = (seat + 1) % 3
    action = GAME.legal_actions(state, seat)[0]
    with pytest.raises(IllegalAction, match="not your turn to decide"):
        GAME.check(state, other, action)


def test_no_step_action_is_optional():
    """``rules.check`` takes a step action's class straight to the turn checks: that is
    right only while no class a step allows is also open out of turn (``OPTIONAL``)."""
    from bureau.games.nobility import rules

    assert not [k for k in rules.STEP_KINDS if issubclass(k, rules.OPTIONAL)]
    assert set(rules.FRESH_MELD_ACTIONS) >= set(rules.STEP_ACTIONS[rules.MELD])
