"""Simulation for designers: tournaments of bot games and their statistics.

>>> from bureau.sim import run
>>> summary = run("aristocracy", games=2, players=4, seed=1)
>>> summary.games, summary.finished + summary.capped + summary.errors
(2, 2)
"""

from .stats import mean, median, wilson
from .tournament import GameResult, Summary, game_seed, play_one, prepare, run, seat_bots

__all__ = [
    "GameResult",
    "Summary",
    "game_seed",
    "mean",
    "median",
    "play_one",
    "prepare",
    "run",
    "seat_bots",
    "wilson",
]
