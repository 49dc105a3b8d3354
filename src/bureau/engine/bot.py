"""What every bot offers: ``act(state)`` returns a legal action for its seat.

``Bot`` lives with the rules contract because the games build on it (each game's
heuristic bot); ``bureau.bots`` holds the game-agnostic bots and makes bots by name.

A bot never reads what its seat may not know. ``act`` hands ``choose`` a copy of the
game in which everything hidden from the seat has been re-dealt (``Game.determinize``),
so a bot that looks at other hands sees guesses, never the real cards. Only a bot that
asks for nothing but its own legal actions (``reads_state = False``, the random bot)
is handed the state itself, which saves the copy.
"""

from __future__ import annotations

import random

from .game import Game


class Bot:
    """A player that the Bureau seats. Subclasses override ``choose``."""

    name = "bot"
    reads_state = True  # False: ``choose`` only asks for this seat's legal actions

    def __init__(self, game: Game, seat: int, seed: int = 0):
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, state):
        """The bot's action in the real game ``state``, chosen from its seat's knowledge."""
        if self.reads_state:
            state = self.game.determinize(state, self.seat, self.rng)
        return self.choose(state)

    def choose(self, state):
        """A legal action for ``self.seat`` in ``state``, which ``act`` has already made
        safe to read (re-dealt where the seat cannot see)."""
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what the bot remembers between decisions (a plan for the rest of a turn).
        A search calls it when it hands the bot another world; most bots keep nothing."""
