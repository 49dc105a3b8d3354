"""Tournaments of bot games: play many seeded games and summarize them.

Game ``i`` of a tournament with seed ``S`` is played with the game seed
``derive(S, "sim", i)``, so a tournament's results do not depend on how many
worker processes play it, and any single game can be replayed on its own
(``bureau play GAME --seed SEED`` with the same options and bots).

Every game is created with ``bots_only=True``, so a game's cap option for bot
games (Aristocracy's year cap) applies: a capped game ends without a winner.
A game that raises, or has not ended after ``max_decisions`` decisions, is an
*error*, never a hang.

>>> summary = run("aristocracy", games=4, players=3, seed=7, workers=1)
>>> summary.finished + summary.capped + summary.errors
4
>>> again = run("aristocracy", games=4, players=3, seed=7, workers=1)
>>> [r.decisions for r in again.results] == [r.decisions for r in summary.results]
True
"""

from __future__ import annotations

import math
import os
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from bureau.bots import make
from bureau.engine import Game, OptionError, load
from bureau.engine.rng import derive

from .stats import mean, median, wilson

FINISHED, CAPPED, ERROR = "finished", "capped", "error"
DEFAULT_MAX_DECISIONS = 200_000
EXAMPLES = 5  # error examples kept in a summary


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one bot game went.

    ``status`` is ``finished`` (the rules ended it), ``capped`` (a cap option
    stopped it: no winner) or ``error`` (it raised, or ran past the decision
    cap; ``error`` says why). ``decisions`` counts the actions applied.
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
    >>> r.status, r.decisions > 0, r.winners
    ('capped', True, ())
    >>> play_one("aristocracy", 3, seed=5, max_decisions=10).error
    'no result after 10 decisions (a runaway game?)'
    """
    started = time.perf_counter()
    game = load(game_name)
    names = seat_bots(bots, players)
    decisions = 0
    try:
        state = game.new(players, seed, options, bots_only=True)
        seated = [make(name, game, s, seed) for s, name in enumerate(names)]
        while (out := game.outcome(state)) is None:
            if decisions >= max_decisions:
                raise _Runaway(f"no result after {max_decisions} decisions (a runaway game?)")
            waiting = game.pending(state)
            if not waiting:
                raise _Runaway("the game is not over but waits for nobody")
            seat = waiting[0]
            game.apply(state, seat, seated[seat].act(state))
            decisions += 1
    except _Runaway as exc:
        return _error(index, seed, decisions, str(exc), started)
    except Exception as exc:  # a bug in a game or a bot: report it, keep the tournament going
        where = traceback.extract_tb(exc.__traceback__)[-1]
        detail = f"{type(exc).__name__}: {exc} (at decision {decisions + 1}, "
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
    )


class _Runaway(Exception):
    pass


def _error(index: int, seed: int, decisions: int, message: str, started: float) -> GameResult:
    return GameResult(
        index=index,
        seed=seed,
        status=ERROR,
        decisions=decisions,
        error=message,
        seconds=time.perf_counter() - started,
    )


@dataclass(slots=True)
class Summary:
    """A tournament's results and their statistics.

    Win rates are over *finished* games only: a capped game or an error is
    never a win. A win shared by ``k`` seats counts ``1/k`` for each.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    bots: tuple[str, ...]
    results: list[GameResult]
    seconds: float
    resolved_options: dict[str, Any] = field(default_factory=dict)
    max_decisions: int = DEFAULT_MAX_DECISIONS

    @property
    def games(self) -> int:
        return len(self.results)

    def _count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def finished(self) -> int:
        return self._count(FINISHED)

    @property
    def capped(self) -> int:
        return self._count(CAPPED)

    @property
    def errors(self) -> int:
        return self._count(ERROR)

    @property
    def wins_by_seat(self) -> list[float]:
        """Wins per seat over finished games, a shared win split evenly."""
        wins = [0.0] * self.players
        for r in self.results:
            if r.status == FINISHED and r.winners:
                for s in r.winners:
                    wins[s] += 1 / len(r.winners)
        return [round(w, 9) for w in wins]

    @property
    def win_rates(self) -> list[float] | None:
        """Each seat's share of the finished games' wins (None if no game finished)."""
        n = self.finished
        return [w / n for w in self.wins_by_seat] if n else None

    @property
    def win_intervals(self) -> list[tuple[float, float]]:
        """95% Wilson score intervals of the win rates ((0, 1) if no game finished)."""
        n = self.finished
        return [wilson(min(w, n), n) for w in self.wins_by_seat]

    def _lengths(self) -> list[int]:
        return [r.decisions for r in self.results if r.status != ERROR]

    @property
    def mean_decisions(self) -> float | None:
        """Mean decisions per game, over the games that ended (finished or capped)."""
        return mean(self._lengths())

    @property
    def median_decisions(self) -> float | None:
        return median(self._lengths())

    @property
    def decisions(self) -> int:
        """Every decision played, errors' games included."""
        return sum(r.decisions for r in self.results)

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_sec(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def reasons(self) -> dict[str, int]:
        """How many games ended for each reason the game gave (errors excluded)."""
        counts = Counter(r.reason for r in self.results if r.status != ERROR)
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    @property
    def error_examples(self) -> list[GameResult]:
        """The first few errored games, in game order."""
        return [r for r in self.results if r.status == ERROR][:EXAMPLES]

    @property
    def mean_scores(self) -> list[float] | None:
        """Each seat's mean score over finished games (None if none finished)."""
        done = [r.scores for r in self.results if r.status == FINISHED and r.scores]
        if not done:
            return None
        return [sum(s[i] for s in done) / len(done) for i in range(self.players)]

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-ready dict (per-game results left out)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "resolved_options": dict(self.resolved_options),
            "bots": list(self.bots),
            "max_decisions": self.max_decisions,
            "games": self.games,
            "finished": self.finished,
            "capped": self.capped,
            "errors": self.errors,
            "wins_by_seat": self.wins_by_seat,
            "win_rates": self.win_rates,
            "win_intervals": [list(i) for i in self.win_intervals],
            "mean_scores": self.mean_scores,
            "mean_decisions": self.mean_decisions,
            "median_decisions": self.median_decisions,
            "decisions": self.decisions,
            "reasons": self.reasons,
            "error_examples": [
                {"index": r.index, "seed": r.seed, "error": r.error, "decisions": r.decisions}
                for r in self.error_examples
            ],
            "seconds": round(self.seconds, 3),
            "games_per_sec": round(self.games_per_sec, 2),
            "decisions_per_sec": round(self.decisions_per_sec, 1),
        }


def prepare(
    game_name: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | str = ("random",),
) -> tuple[Game, tuple[str, ...], dict[str, Any]]:
    """Check a tournament's input: its game, bots, player count and options.

    Returns the game, one bot name per seat and the options resolved for
    bot games; raises ``BureauError`` with a clear message on bad input.

    >>> game, bots, options = prepare("aristocracy", 2, {"max_years": "5"}, "random")
    >>> game.name, bots, options["max_years"]
    ('aristocracy', ('random', 'random'), 5)
    """
    game = load(game_name)
    names = seat_bots(bots, players)
    game.new(players, 0, options, bots_only=True)  # validates players and options
    for s, name in enumerate(names):
        make(name, game, s, 0)  # validates the bot names
    return game, names, game.resolve_options(options, bots_only=True)


def _play_chunk(job: tuple) -> list[GameResult]:
    game_name, players, seed, options, bots, max_decisions, indices = job
    return [
        play_one(game_name, players, game_seed(seed, i), options, bots, max_decisions, index=i)
        for i in indices
    ]


def run(
    game_name: str,
    games: int,
    players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | str = ("random",),
    *,
    workers: int | None = 1,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` bot games and summarize them.

    ``workers`` processes play them (1: in this process; None: one per CPU).
    ``progress(k)`` is called each time ``k`` more games are done. Bad input
    (unknown game, bot or option, wrong player count) raises ``BureauError``
    before any game is played.

    >>> s = run("aristocracy", games=3, players=2, seed=1, options={"max_years": 1})
    >>> s.games, s.capped, s.wins_by_seat
    (3, 3, [0.0, 0.0])
    """
    if games < 0:
        raise OptionError(f"the number of games must not be negative, not {games}")
    if max_decisions < 1:
        raise OptionError(f"the decision cap must be at least 1, not {max_decisions}")
    options = dict(options or {})
    game, names, resolved = prepare(game_name, players, options, bots)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    started = time.perf_counter()
    results: list[GameResult] = []
    if workers == 1 or games <= 1:
        for i in range(games):
            results.append(
                play_one(
                    game.name, players, game_seed(seed, i), options, names, max_decisions, index=i
                )
            )
            if progress:
                progress(1)
    else:
        size = max(1, min(50, math.ceil(games / (workers * 8))))
        jobs = [
            (
                game.name,
                players,
                seed,
                options,
                names,
                max_decisions,
                range(start, min(games, start + size)),
            )
            for start in range(0, games, size)
        ]
        with get_context().Pool(min(workers, len(jobs))) as pool:
            for chunk in pool.imap_unordered(_play_chunk, jobs):
                results.extend(chunk)
                if progress:
                    progress(len(chunk))
    results.sort(key=lambda r: r.index)
    return Summary(
        game=game.name,
        players=players,
        seed=seed,
        options=options,
        bots=names,
        results=results,
        seconds=time.perf_counter() - started,
        resolved_options=resolved,
        max_decisions=max_decisions,
    )
