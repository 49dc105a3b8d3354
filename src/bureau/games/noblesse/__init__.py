"""Noblesse (Tapper's play-by-forum game, 2015): factions, estates, courtiers, treaties
and battles, adjudicated by the book with a moderator's console.

The rules as Bureau plays them are in ``docs/games/noblesse.md``; every rule and ruling
has an id in ``../shared/rules/noblesse.md`` (``NSE-nn``, ``NSE-Ann``). The scenario
(board, factions, roles, companies) is data: ``house_default_v1.toml`` or a moderator's
own file (NSE-A01).
"""

from .game import GAME, Noblesse

__all__ = ["GAME", "Noblesse"]
