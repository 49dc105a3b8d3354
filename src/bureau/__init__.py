"""Bureau: an impartial, automated game master for games of noble intrigue.

>>> import bureau
>>> game = bureau.load("aristocracy")
>>> state = game.new(4, seed=1, options={"herald": 2})
>>> game.pending(state)  # the Herald forms her stall first
(2,)
"""

from .engine import Match, load, names

__version__ = "0.1.0"
__all__ = ["Match", "__version__", "load", "names"]
