"""The registry of games: ``load("aristocracy")`` returns its ``Game``.

>>> from bureau.engine.registry import load, names
>>> "aristocracy" in names()
True
>>> load("aristocracy").title
'Aristocracy'
"""

from __future__ import annotations

import importlib

from .errors import OptionError
from .game import Game

# Package name -> module holding a module-level ``GAME``.
_MODULES = {
    "aristocracy": "bureau.games.aristocracy",
    "nobility": "bureau.games.nobility",
    "decrees": "bureau.games.decrees",
    "seabirds": "bureau.games.seabirds",
    "noblesse": "bureau.games.noblesse",
}
_LOADED: dict[str, Game] = {}


def names() -> list[str]:
    """The names of every registered game."""
    return list(_MODULES)


def load(name: str | Game) -> Game:
    """The ``Game`` registered as ``name`` (a ``Game`` is returned as is)."""
    if isinstance(name, Game):
        return name
    key = name.strip().lower()
    if key not in _LOADED:  # registered games not yet imported
        if key not in _MODULES:
            raise OptionError(f"no game named {name!r}; the games are: {', '.join(_MODULES)}")
        _LOADED[key] = importlib.import_module(_MODULES[key]).GAME
    return _LOADED[key]


def register(game: Game, module: str | None = None) -> None:
    """Make ``game`` loadable by its name (a rule-variant game, a test game).

    ``module`` is where a fresh process finds it again (for worker processes);
    without one, the game is known to this process only.
    """
    key = game.name.lower()
    _LOADED[key] = game
    if module is not None:
        _MODULES[key] = module


def all_games() -> list[Game]:
    """Every registered game, loaded."""
    return [load(n) for n in _MODULES]
