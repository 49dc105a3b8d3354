"""Aristocracy (Felix Leeb, 2018): stalls, buildings, the ball and the auction.

>>> from bureau.games.aristocracy import GAME
>>> state = GAME.new(3, seed=2, options={"herald": 0})
>>> GAME.pending(state), state.step
((0,), 'stall')
"""

from .game import GAME, Aristocracy

__all__ = ["GAME", "Aristocracy"]
