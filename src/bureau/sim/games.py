"""One game of bots, and chunks of them: what a worker process or a Ray task plays.

``play_one`` plays a game to its end and reports how it went (``GameResult``), never
raising; ``play_chunk`` plays some games of one variant of a tournament (``Setup``).
``tournament`` sums their results up, ``cluster`` runs chunks on Ray.

>>> r = play_one("aristocracy", 3, seed=5, options={"max_years": 2})
>>> r.status, r.decisions > 0
('capped', True)
"""

from __future__ import annotations

import os
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bureau.bots import make
from bureau.engine import Game, OptionError, load, positions
from bureau.engine.rng import derive

FINISHED, CAPPED, ERROR = "finished", "capped", "error"
DEFAULT_MAX_DECISIONS = 200_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one bot game went.

    ``status`` is ``finished`` (the rules ended it), ``capped`` (a cap option
    stopped it: no winner) or ``error`` (it raised, or ran past the decision
    cap; ``error`` says why). ``decisions`` counts the actions applied,
    ``actions`` counts them by kind (``action_kind``), and ``statistics`` is
    the game's own telling numbers about its final state (``Game.statistics``;
    empty for an error, and for a game that names none). ``moves`` and
    ``thinking`` are each seat's decisions and the seconds its bot took over them.
    """

    index: int
    seed: int
    status: str
    decisions: int
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    reason: str = ""
    error: str = ""
    seconds: float = 0.0
    actions: dict[str, int] = field(default_factory=dict)
    statistics: dict[str, float] = field(default_factory=dict)
    moves: tuple[int, ...] = ()
    thinking: tuple[float, ...] = ()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return derive(seed, "sim", index)


def seat_bots(bots: Sequence[str] | str, players: int) -> tuple[str, ...]:
    """One bot name per seat: a single name is used for every seat.

    >>> seat_bots("random", 3)
    ('random', 'random', 'random')
    >>> seat_bots(["random", "random"], 3)
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: give one bot for every seat or one for all: 2 bots for 3 seats
    """
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise OptionError(
            f"give one bot for every seat or one for all: {len(names)} bots for {players} seats"
        )
    return tuple(names)


def action_kind(action: object) -> str:
    """The kind of an action, counted by the balance lab: the first word of its canonical
    text, without a trailing colon (Seabirds writes ``post: TEXT`` and ``hide: TEXT``).

    >>> action_kind("stall 7H 9S"), action_kind("post: hello"), action_kind("  ")
    ('stall', 'post', '?')
    """
    words = str(action).split(None, 1)
    return (words[0].rstrip(":") or "?") if words else "?"


def play_one(
    game_name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | str = ("random",),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    *,
    index: int = 0,
) -> GameResult:
    """Play one game of bots to its end and report how it went.

    The first pending seat acts at each decision, as ``bureau play`` does,
    so a game here and ``bureau play GAME --seed SEED`` with the same bots
    play the same moves. Errors are reported in the result, not raised.

    >>> r = play_one("aristocracy", 3, seed=5, options={"max_years": 2})
    >>> r.status, r.decisions > 0, r.winners, sum(r.actions.values()) == r.decisions
    ('capped', True, (), True)
    >>> play_one("aristocracy", 3, seed=5, max_decisions=10).error
    'no result after 10 decisions (a runaway game?)'
    """
    started = time.perf_counter()
    game = load(game_name)
    names = seat_bots(bots, players)
    decisions = 0
    kinds: Counter[str] = Counter()
    moves, thinking = [0] * players, [0.0] * players
    clock = time.perf_counter
    out = None
    try:
        state = game.new(players, seed, own_future(game, options), bots_only=True)
        seated = [make(name, game, s, seed) for s, name in enumerate(names)]
        while (out := game.outcome(state)) is None:
            if decisions >= max_decisions:
                raise _Runaway(f"no result after {max_decisions} decisions (a runaway game?)")
            waiting = game.pending(state)
            if not waiting:
                raise _Runaway("the game is not over but waits for nobody")
            seat = waiting[0]
            thought = clock()
            action = seated[seat].act(state)
            thinking[seat] += clock() - thought
            moves[seat] += 1
            game.apply(state, seat, action)
            kinds[action_kind(action)] += 1
            decisions += 1
        statistics = _numbers(game.statistics(state))
    except _Runaway as exc:
        return _error(index, seed, decisions, str(exc), started)
    except Exception as exc:  # a bug in a game or a bot: report it, keep the tournament going
        where = traceback.extract_tb(exc.__traceback__)[-1]
        at = "in its statistics" if out is not None else f"at decision {decisions + 1}"
        detail = f"{type(exc).__name__}: {exc} ({at}, "
        detail += f"{os.path.basename(where.filename)}:{where.lineno})"
        return _error(index, seed, decisions, detail, started)
    return GameResult(
        index=index,
        seed=seed,
        status=CAPPED if out.capped else FINISHED,
        decisions=decisions,
        winners=() if out.capped else tuple(out.winners),
        scores=tuple(out.scores),
        reason=out.reason,
        seconds=time.perf_counter() - started,
        actions=dict(kinds.most_common()),
        statistics=statistics,
        moves=tuple(moves),
        thinking=tuple(thinking),
    )


class _Runaway(Exception):
    pass


def _numbers(statistics: Mapping[str, float]) -> dict[str, float]:
    """A game's statistics checked to be numbers by name, so that they can be averaged."""
    out = {}
    for name, value in statistics.items():
        if not isinstance(value, int | float):
            raise TypeError(f"statistic {name!r} is {value!r}, not a number")
        out[str(name)] = value
    return out


def _error(index: int, seed: int, decisions: int, message: str, started: float) -> GameResult:
    return GameResult(
        index=index,
        seed=seed,
        status=ERROR,
        decisions=decisions,
        error=message,
        seconds=time.perf_counter() - started,
    )


def own_future(game: Game, options: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """``options`` for one game of a tournament: one that starts from a saved position plays
    on from its own seed, not from the generator the position saved, so that a sweep from one
    situation sees its many futures.

    >>> own_future(load("noblesse"), {"position": {"format": "noblesse-position/1",
    ...     "players": ["Ann", "Ben"], "rng": [3, "1 2", None]}})["position"]
    {'format': 'noblesse-position/1', 'players': ['Ann', 'Ben']}
    """
    if not options or options.get("position") is None or game.positions is None:
        return options
    position, _ = positions.document(options["position"], game.name)
    position.pop("rng", None)
    return {**options, "position": position}


@dataclass(frozen=True, slots=True)
class Setup:
    """What every game of one variant of a tournament is played with.

    ``options`` holds every option given (the variant's included), ``variant``
    the swept options' values alone.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    bots: tuple[str, ...]
    max_decisions: int = DEFAULT_MAX_DECISIONS
    variant: dict[str, Any] = field(default_factory=dict)


def play_chunk(job: tuple[int, Setup, range]) -> tuple[int, list[GameResult]]:
    """Play games ``indices`` of a variant: the unit of work of a worker or a Ray task.

    Returns the variant's number with the results, so that chunks may finish in any order.

    >>> setup = Setup("aristocracy", 2, 1, {"max_years": 1}, ("random", "random"))
    >>> number, results = play_chunk((3, setup, range(2, 4)))
    >>> number, [r.index for r in results], results[0].seed == game_seed(1, 2)
    (3, [2, 3], True)
    """
    number, setup, indices = job
    return number, [
        play_one(
            setup.game,
            setup.players,
            game_seed(setup.seed, i),
            setup.options,
            setup.bots,
            setup.max_decisions,
            index=i,
        )
        for i in indices
    ]


Chunks = Callable[[list[tuple[int, Setup, range]]], Iterator[tuple[int, list[GameResult]]]]
