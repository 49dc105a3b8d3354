"""Final Decrees (Carl de Visser): five executives, six departments, blame and decrees.

The rules as Bureau plays them are in ``docs/games/decrees.md``; every rule and
ruling has an id in ``../shared/rules/decrees.md`` (``DEC-nn``, ``DEC-Ann``).
"""

from .game import GAME, FinalDecrees

__all__ = ["GAME", "FinalDecrees"]
