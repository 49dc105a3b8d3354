"""Noble Houses of the Seabirds (John Evans, 2009): Houses fly from Stop to Stop and deal
through the Bureau's Transactions.

The rules as Bureau plays them are in ``docs/games/seabirds.md``; every rule and ruling
has an id in ``../shared/rules/seabirds.md`` (``SEA-nn``, ``SEA-Ann``).
"""

from .game import GAME, Seabirds

__all__ = ["GAME", "Seabirds"]
