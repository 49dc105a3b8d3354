"""Bots, made by name: ``make("random", game, seat, seed)``.

``BOTS`` are the game-agnostic kinds; a game adds its own (its heuristic bot) through
``Game.own_bots``, and ``kinds(game)`` lists every kind a game can seat.

A bot *spec* is a kind, optionally followed by parameters for kinds that take some:
``ismcts:iterations=400,rollout=heuristic`` (``:`` also separates parameters, for
lists that are themselves comma separated: ``ismcts:iterations=400:depth=2``).

>>> import bureau
>>> set(kinds(bureau.load("aristocracy"))) >= set(BOTS)  # its own kinds besides
True
>>> parse_spec("ISMCTS: iterations=400, rollout=heuristic")
('ismcts', {'iterations': '400', 'rollout': 'heuristic'})
>>> make("ismcts:iterations=400:depth=2", bureau.load("nobility"), 0).settings.depth
2
>>> make("random:depth=2", bureau.load("nobility"), 0)
Traceback (most recent call last):
...
bureau.engine.errors.OptionError: bot 'random' takes no parameters (got depth=2)
"""

from __future__ import annotations

import re

from bureau.engine.bot import Bot
from bureau.engine.errors import OptionError
from bureau.engine.game import Game
from bureau.engine.rng import derive

from .ismcts import ISMCTSBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": ISMCTSBot}


def kinds(game: Game) -> dict[str, type[Bot]]:
    """Every bot kind ``game`` can seat, by name: the game-agnostic ones and its own."""
    return {**BOTS, **game.own_bots()}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A bot spec as its kind and its ``name=value`` parameters (texts, not yet checked).

    >>> parse_spec("random")
    ('random', {})
    >>> parse_spec("ismcts:iterations")
    Traceback (most recent call last):
    ...
    bureau.engine.errors.OptionError: bot spec 'ismcts:iterations': write parameters as \
name=value, like ismcts:iterations=400,rollout=heuristic
    """
    kind, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    for part in re.split(r"[,:]", rest) if rest.strip() else ():
        name, eq, value = part.partition("=")
        name, value = name.strip().lower(), value.strip()
        if not eq or not name or not value:
            raise OptionError(
                f"bot spec {spec!r}: write parameters as name=value, "
                "like ismcts:iterations=400,rollout=heuristic"
            )
        if name in params:
            raise OptionError(f"bot spec {spec!r}: {name} is given twice")
        params[name] = value
    return kind.strip().lower(), params


def make(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot of spec ``name`` for ``seat``; its randomness derives from ``seed``, the spec
    and the seat. A plain ``ismcts`` plays with the game's own tuned parameters
    (``Game.ismcts``); given any parameter, the others are the search's defaults.

    >>> import bureau
    >>> make("ismcts", bureau.load("aristocracy"), 0).settings.compare
    'hint'
    >>> make("ismcts:iterations=500", bureau.load("aristocracy"), 0).settings.compare
    'off'
    """
    available = kinds(game)
    kind, params = parse_spec(name)
    if kind == ISMCTSBot.name and not params and game.ismcts:
        params = parse_spec(f"{kind}:{game.ismcts}")[1]
    cls = available.get(kind)
    if cls is None:
        raise OptionError(f"no bot named {kind!r}; the bots are: {', '.join(available)}")
    settings = {}
    if params:
        configure = getattr(cls, "configure", None)
        if configure is None:
            given = ", ".join(f"{k}={v}" for k, v in params.items())
            raise OptionError(f"bot {kind!r} takes no parameters (got {given})")
        settings = configure(params)
    return cls(game, seat, derive(seed, "bot", name, seat), **settings)


__all__ = ["BOTS", "Bot", "ISMCTSBot", "RandomBot", "kinds", "make", "parse_spec"]
