"""Simulation for designers: tournaments of bot games and their statistics.

``games`` plays one game of bots (``play_one``) and chunks of them, ``tournament``
plays many and sums them up (``run``, ``run_sweep`` for rule variants on the same
seeds), ``sweep`` makes the variants, ``records`` turns games into JSON lines
and back, ``report`` writes the HTML report with plots, ``cluster`` plays on Ray.

>>> from bureau.sim import run
>>> summary = run("aristocracy", games=2, players=4, seed=1)
>>> summary.games, summary.finished + summary.capped + summary.errors
(2, 2)
"""

from .games import GameResult, Setup, action_kind, game_seed, play_one, seat_bots
from .stats import mean, median, stdev, wilson
from .sweep import parse_sweeps, variants
from .tournament import Summary, prepare, run, run_sweep

__all__ = [
    "GameResult",
    "Setup",
    "Summary",
    "action_kind",
    "game_seed",
    "mean",
    "median",
    "parse_sweeps",
    "play_one",
    "prepare",
    "run",
    "run_sweep",
    "seat_bots",
    "stdev",
    "variants",
    "wilson",
]
