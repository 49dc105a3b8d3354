"""Bureau's game-agnostic core: the rules contract, events, options, records.

Nothing here knows the rules of any game; see ``docs/architecture.md``.
"""

from . import positions
from .errors import BureauError, IllegalAction, OptionError, RecordError
from .events import (
    EVERYONE,
    MODERATOR,
    SPECTATORS,
    Event,
    all_but,
    only,
    plural,
    told,
    visible,
)
from .game import Game, Outcome, rank_by
from .match import Match
from .options import Option
from .registry import all_games, load, names

__all__ = [
    "EVERYONE",
    "MODERATOR",
    "SPECTATORS",
    "BureauError",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "all_but",
    "all_games",
    "load",
    "names",
    "only",
    "plural",
    "positions",
    "rank_by",
    "told",
    "visible",
]
