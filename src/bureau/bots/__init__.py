"""Game-agnostic bots, made by name: ``make("random", game, seat, seed)``."""

from __future__ import annotations

from bureau.engine.errors import OptionError
from bureau.engine.game import Game
from bureau.engine.rng import derive

from .base import Bot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot of kind ``name`` for ``seat``; its randomness derives from ``seed`` and the seat."""
    cls = BOTS.get(name.strip().lower())
    if cls is None:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(BOTS)}")
    return cls(game, seat, derive(seed, "bot", name, seat))


__all__ = ["BOTS", "Bot", "RandomBot", "make"]
