"""What every bot offers: ``choose(state)`` returns a legal action for its seat."""

from __future__ import annotations

import random

from bureau.engine.game import Game


class Bot:
    """A player that the Bureau seats. Subclasses override ``choose``."""

    name = "bot"

    def __init__(self, game: Game, seat: int, seed: int = 0):
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, state):
        """A legal action for ``self.seat``, which must be pending or have options."""
        raise NotImplementedError
