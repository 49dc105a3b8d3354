"""Nobility (Matthew Shields, 2005): three players, melds, nobles, battles, elections.

The rules as Bureau plays them are in ``docs/games/nobility.md``; every rule and
ruling has an id in ``../shared/rules/nobility.md`` (``NOB-nn``, ``NOB-Ann``).
"""

from .game import GAME, Nobility

__all__ = ["GAME", "Nobility"]
