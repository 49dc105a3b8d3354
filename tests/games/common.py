"""What the tests of every game share: an action played by its text, a refusal checked
(the message, and the state untouched), events picked by kind, cards written as typed,
bots playing a game out, and a saved position reloaded and played on beside the original.
Helpers that build an exact position of one game stay in that game's ``helpers.py``.

The helpers that drive a game take it first; each game's ``helpers.py`` binds them to
its ``GAME`` (``play = partial(common.play, GAME)``), so a test reads
``play(state, ANN, "pass")``.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from bureau.cards import card_text, parse_cards
from bureau.engine import MODERATOR, IllegalAction
from conftest import dump


def parse(game, state, seat: int, text: str):
    """The action ``text`` means for ``seat``; its canonical text reads back as the same
    action."""
    action = game.parse(state, seat, text)
    assert game.parse(state, seat, str(action)) == action
    return action


def play(game, state, seat: int, text: str, at: float | None = None) -> list:
    """Parse ``text`` for ``seat`` (its canonical text reading back) and apply it at time
    ``at`` through the public contract. Returns the events."""
    return game.apply(state, seat, parse(game, state, seat, text), at=at)


def moderate(game, state, text: str, at: float | None = None) -> list:
    """The moderator's command, read and applied as the console and the server do (its
    canonical text reads back as the same command). Returns the events."""
    action = game.read(state, MODERATOR, text)
    assert game.read(state, MODERATOR, str(action)) == action  # the canonical text reads back
    return game.apply(state, MODERATOR, action, at=at)


def picture(state):
    """A comparable picture of every part of ``state``, taken apart from it (so that later
    changes to the state do not reach it)."""
    return dump(copy.deepcopy(state))


def refusal(error, call, *fragments: str, match: str | None = None) -> str:
    """``call()`` raises ``error`` with a message that the regular expression ``match``
    finds and that holds every one of ``fragments``; returns the message."""
    with pytest.raises(error, match=match) as info:
        call()
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def refused(game, state, seat: int, text: str, *fragments: str, match: str | None = None) -> str:
    """``text`` is refused for ``seat`` (by parse or by apply; the moderator's command by
    read or by apply) with an ``IllegalAction`` whose message matches the regular
    expression ``match`` and holds every one of ``fragments``; the state is untouched.
    Returns the message."""
    take = game.read if seat == MODERATOR else game.parse

    def attempt():
        action = take(state, seat, text)
        assert take(state, seat, str(action)) == action  # the canonical text reads back
        game.apply(state, seat, action)

    before = picture(state)
    message = refusal(IllegalAction, attempt, *fragments, match=match)
    assert picture(state) == before, "a refused action changed the state"
    return message


def kinds(events) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e.kind for e in events]


def of_kind(events, kind: str) -> list:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]


def cards(text: str) -> list[int]:
    """Card codes of ``"7H 9S"`` (empty text: no cards)."""
    return parse_cards(text) if text else []


def texts(codes) -> list[str]:
    """Typed forms of card codes, in order."""
    return [card_text(c) for c in codes]


def hand(state, seat: int) -> list[str]:
    """``seat``'s hand of playing cards as sorted card texts (order in hand does not
    matter)."""
    return sorted(texts(state.hands[seat]))


# -- saved positions: a game loaded from its saved position plays on as the original --------


def reload(game, state, opts: dict, seed: int = 99):
    """A new game (another seed) from ``state``'s position, through JSON text."""
    doc = json.loads(json.dumps(game.save_position(state)))
    return game.new(list(state.names), seed=seed, options={**opts, "position": doc})


def assert_same(game, a, b) -> None:
    """What every reader sees, who is pending, what they may do and what a timeout does
    for them, the deadline; the same document."""
    for seat in (None, *range(a.num_players)):
        assert game.view(a, seat) == game.view(b, seat), f"the view of seat {seat} differs"
    assert game.pending(a) == game.pending(b)
    for seat in game.pending(a):
        assert [str(x) for x in game.legal_actions(a, seat)] == [
            str(x) for x in game.legal_actions(b, seat)
        ]
        assert str(game.timeout_action(a, seat)) == str(game.timeout_action(b, seat))
    assert game.deadline(a) == game.deadline(b)
    assert game.save_position(a) == game.save_position(b)


def play_on(game, a, b, k: int, steps: int = 150, choose=None) -> None:
    """Both games play on with the same random choices (``choose(state, seat, rng)``, by
    default ``game.sample_action``), each from its own state: the same actions, events and
    views to the end (or ``steps`` decisions)."""
    choose = choose or game.sample_action
    ra, rb = random.Random(k), random.Random(k)
    t = 5000.0
    for _ in range(steps):
        if game.outcome(a) is not None:
            break
        seat = game.pending(a)[0]
        x, y = choose(a, seat, ra), choose(b, seat, rb)
        assert str(x) == str(y)
        t += 11
        ea, eb = game.apply(a, seat, x, at=t), game.apply(b, seat, y, at=t)
        assert [e.as_tuple() for e in ea] == [e.as_tuple() for e in eb]
    assert_same(game, a, b)
    assert game.outcome(a) == game.outcome(b)


def check_position(game, state, opts: dict, k: int, steps: int = 150, choose=None) -> None:
    """Save, load into a game of another seed, compare, play on (``play_on``); and the
    knowledge a bot re-deals from (determinize) is the same from both."""
    again = reload(game, state, opts, seed=1000 + k)
    assert_same(game, state, again)
    for seat in range(state.num_players):
        x = game.determinize(state, seat, random.Random(k))
        y = game.determinize(again, seat, random.Random(k))
        assert game.save_position(x) == game.save_position(y)
    play_on(game, state.clone(), again, k, steps, choose)


def play_out(game, state, bots, limit: int = 20_000, watch=None) -> int:
    """Let ``bots`` (one a seat) play ``state`` to its end, ``watch(state)`` (if given)
    seeing the state before every decision; the decisions made. A game still going after
    ``limit`` decisions fails the test."""
    decisions = 0
    while game.outcome(state) is None:
        assert decisions < limit, f"a runaway game: no end after {limit} decisions"
        if watch:
            watch(state)
        seat = game.pending(state)[0]
        game.apply(state, seat, bots[seat].act(state))
        decisions += 1
    return decisions


def kinds_told(game, setups, actions: int) -> set[str]:
    """The event kinds of random games, one per ``(players, options)`` of ``setups`` (game
    ``i`` seeded ``i``), each event's line checked as it comes: never the raw data that
    ``describe`` shows for a kind without a line."""
    seen: set[str] = set()
    for seed, (players, options) in enumerate(setups):
        state = game.new(players, seed=seed, options=options, bots_only=True)
        rng = random.Random(seed)
        for _ in range(actions):
            if not game.pending(state):
                break
            seat = rng.choice(game.pending(state))
            for e in game.apply(state, seat, game.sample_action(state, seat, rng)):
                line = game.describe(state, e)
                assert line and not line.startswith(f"{e.kind}:"), line
                seen.add(e.kind)
    return seen
