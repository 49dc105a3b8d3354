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
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from bureau.bots import make
from bureau.engine import Game, OptionError, load

from .cluster import connect
from .games import (
    CAPPED,
    DEFAULT_MAX_DECISIONS,
    ERROR,
    FINISHED,
    Chunks,
    GameResult,
    Setup,
    play_chunk,
    seat_bots,
)
from .stats import mean, median, wilson
from .sweep import lay_over, variants

EXAMPLES = 5  # error examples kept in a summary


@dataclass(slots=True)
class Summary:
    """A tournament's results and their statistics.

    Win rates are over *finished* games only: a capped game or an error is
    never a win. A win shared by ``k`` seats counts ``1/k`` for each. Game
    length, action counts and the game's statistics are over the games that
    ended (finished or capped). ``variant`` holds the swept options' values
    of this variant of a sweep (``{}`` when nothing was swept); ``options``
    holds every option given, the variant's included.
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
    variant: dict[str, Any] = field(default_factory=dict)

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

    def _ended(self) -> list[GameResult]:
        return [r for r in self.results if r.status != ERROR]

    @property
    def lengths(self) -> list[int]:
        """Each game's length in decisions, over the games that ended."""
        return [r.decisions for r in self._ended()]

    @property
    def action_means(self) -> dict[str, float]:
        """How many times per game each kind of action was taken, most frequent first."""
        ended = self._ended()
        totals: Counter[str] = Counter()
        for r in ended:
            totals.update(r.actions)
        return {kind: n / len(ended) for kind, n in totals.most_common()}

    @property
    def statistic_names(self) -> list[str]:
        """The names of the game's statistics, in the order the games first gave them."""
        return list(dict.fromkeys(name for r in self._ended() for name in r.statistics))

    def statistic_values(self, name: str) -> list[float]:
        """One statistic's value in each game that ended and gave it."""
        return [r.statistics[name] for r in self._ended() if name in r.statistics]

    @property
    def statistic_means(self) -> dict[str, float]:
        """Each statistic's mean over the games that gave it."""
        return {name: mean(self.statistic_values(name)) for name in self.statistic_names}

    @property
    def mean_decisions(self) -> float | None:
        """Mean decisions per game, over the games that ended (finished or capped)."""
        return mean(self.lengths)

    @property
    def median_decisions(self) -> float | None:
        return median(self.lengths)

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

    @property
    def seconds_per_move(self) -> list[float | None]:
        """Each seat's mean seconds per decision over the games that ended (its bot's
        thinking, not the game's own work); None for a seat that never decided."""
        ended = [r for r in self.results if r.status != ERROR and r.moves]
        out = []
        for s in range(self.players):
            moves = sum(r.moves[s] for r in ended)
            out.append(sum(r.thinking[s] for r in ended) / moves if moves else None)
        return out

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-ready dict (per-game results left out)."""
        return {
            "game": self.game,
            "variant": dict(self.variant),
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
            "actions": {k: round(v, 4) for k, v in self.action_means.items()},
            "statistics": {k: round(v, 4) for k, v in self.statistic_means.items()},
            "error_examples": [
                {"index": r.index, "seed": r.seed, "error": r.error, "decisions": r.decisions}
                for r in self.error_examples
            ],
            "seconds_per_move": [None if t is None else round(t, 6) for t in self.seconds_per_move],
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


@contextmanager
def executor(workers: int, games: int, ray: str | None = None) -> Iterator[tuple[Chunks, int]]:
    """Where chunks of games are played: this process (one worker), a pool of ``workers``
    processes, or the Ray cluster at ``ray``. Yields the function that plays a list of
    chunks, yielding each chunk's results as it finishes, and how many play at once."""
    if ray is not None:
        with connect(ray, workers) as found:
            yield found
    elif workers == 1 or games <= 1:
        yield (lambda jobs: map(play_chunk, jobs)), 1
    else:
        with get_context().Pool(min(workers, games)) as pool:
            yield (lambda jobs: pool.imap_unordered(play_chunk, jobs)), workers


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
    on_result: Callable[[Setup, GameResult], None] | None = None,
    ray: str | None = None,
) -> Summary:
    """Play ``games`` bot games and summarize them.

    ``workers`` processes play them (1: in this process; None: one per CPU),
    or the Ray cluster at ``ray`` (an address, or ``"local"``; see
    ``bureau.sim.cluster``). ``progress(k)`` is called each time ``k`` more
    games are done, and ``on_result(setup, result)`` for each game as it
    finishes. Bad input (unknown game, bot or option, wrong player count)
    raises ``BureauError`` before any game is played.

    >>> s = run("aristocracy", games=3, players=2, seed=1, options={"max_years": 1})
    >>> s.games, s.capped, s.wins_by_seat
    (3, 3, [0.0, 0.0])
    """
    return run_sweep(
        game_name,
        games,
        players,
        seed,
        options,
        bots,
        workers=workers,
        max_decisions=max_decisions,
        progress=progress,
        on_result=on_result,
        ray=ray,
    )[0]


def run_sweep(
    game_name: str,
    games: int,
    players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | str = ("random",),
    sweeps: Mapping[str, Sequence[Any]] | None = None,
    *,
    workers: int | None = 1,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    progress: Callable[[int], None] | None = None,
    on_result: Callable[[Setup, GameResult], None] | None = None,
    ray: str | None = None,
) -> list[Summary]:
    """Play the same ``games`` game seeds under every variant of ``sweeps``; one summary each.

    ``sweeps`` maps options to the values to try (``bureau.sim.sweep``);
    the variants are played one after another, in the order of
    ``variants(sweeps)``, so each summary's time is its own. Every variant is
    checked before any game is played. The other arguments are ``run``'s.

    >>> a, b = run_sweep("aristocracy", 3, 2, seed=1, sweeps={"max_years": [1, 2]})
    >>> a.variant, b.variant, [r.seed for r in a.results] == [r.seed for r in b.results]
    ({'max_years': 1}, {'max_years': 2}, True)
    >>> a.mean_decisions < b.mean_decisions
    True
    """
    if games < 0:
        raise OptionError(f"the number of games must not be negative, not {games}")
    if max_decisions < 1:
        raise OptionError(f"the decision cap must be at least 1, not {max_decisions}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    prepared = []
    for variant in variants(sweeps):
        given = lay_over(options, variant)
        game, names, resolved = prepare(game_name, players, given, bots)
        setup = Setup(game.name, players, seed, given, names, max_decisions, variant)
        prepared.append((setup, resolved))
    with executor(workers, games, ray) as (play, parallel):
        return [
            _play_variant(number, setup, resolved, games, play, parallel, progress, on_result)
            for number, (setup, resolved) in enumerate(prepared)
        ]


def _play_variant(
    number: int,
    setup: Setup,
    resolved: dict[str, Any],
    games: int,
    play: Chunks,
    parallel: int,
    progress: Callable[[int], None] | None,
    on_result: Callable[[Setup, GameResult], None] | None,
) -> Summary:
    started = time.perf_counter()
    # Several chunks per process balance uneven game lengths; one game a chunk in-process.
    size = 1 if parallel == 1 else max(1, min(50, math.ceil(games / (parallel * 8))))
    jobs = [(number, setup, range(i, min(games, i + size))) for i in range(0, games, size)]
    results: list[GameResult] = []
    for _, chunk in play(jobs):
        results.extend(chunk)
        if on_result:
            for result in chunk:
                on_result(setup, result)
        if progress:
            progress(len(chunk))
    results.sort(key=lambda r: r.index)
    return Summary(
        game=setup.game,
        players=setup.players,
        seed=setup.seed,
        options=dict(setup.options),
        bots=setup.bots,
        results=results,
        seconds=time.perf_counter() - started,
        resolved_options=resolved,
        max_decisions=setup.max_decisions,
        variant=dict(setup.variant),
    )
