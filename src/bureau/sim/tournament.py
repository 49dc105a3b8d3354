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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from bureau.bots import make
from bureau.engine import Game, OptionError, load, positions
from bureau.engine.rng import derive

from .stats import mean, median, wilson
from .sweep import lay_over, variants

FINISHED, CAPPED, ERROR = "finished", "capped", "error"
DEFAULT_MAX_DECISIONS = 200_000
EXAMPLES = 5  # error examples kept in a summary


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


@contextmanager
def executor(workers: int, games: int, ray: str | None = None) -> Iterator[tuple[Chunks, int]]:
    """Where chunks of games are played: this process (one worker), a pool of ``workers``
    processes, or the Ray cluster at ``ray``. Yields the function that plays a list of
    chunks, yielding each chunk's results as it finishes, and how many play at once."""
    if ray is not None:
        from .cluster import connect

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
