"""Bots, made by name: ``make("random", game, seat, seed)``.

``BOTS`` are the game-agnostic kinds; a game adds its own (its heuristic bot) through
``Game.own_bots``, and ``kinds(game)`` lists every kind a game can seat.

>>> import bureau
>>> sorted(kinds(bureau.load("aristocracy"))) >= sorted(BOTS)
True
"""

from __future__ import annotations

from bureau.engine.errors import OptionError
from bureau.engine.game import Game
from bureau.engine.rng import derive

from .base import Bot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def kinds(game: Game) -> dict[str, type[Bot]]:
    """Every bot kind ``game`` can seat, by name: the game-agnostic ones and its own."""
    return {**BOTS, **game.own_bots()}


def make(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot of kind ``name`` for ``seat``; its randomness derives from ``seed`` and the seat."""
    available = kinds(game)
    cls = available.get(name.strip().lower())
    if cls is None:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(available)}")
    return cls(game, seat, derive(seed, "bot", name, seat))


__all__ = ["BOTS", "Bot", "RandomBot", "kinds", "make"]
