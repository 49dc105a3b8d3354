"""Game-specific terminal layouts of view dicts, chosen by the view's ``game`` key.

A layout is a function ``render(view) -> rich renderable``. It may rely on the
shape of its game's view dict, never on the game's rules. Games without one
are drawn by ``bureau.cli.render.generic_view``.

>>> renderer_for("aristocracy").__module__
'bureau.cli.views.aristocracy'
>>> renderer_for("no-such-game") is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_LAYOUTS = {
    "aristocracy": "bureau.cli.views.aristocracy",
    "decrees": "bureau.cli.views.decrees",
    "noblesse": "bureau.cli.views.noblesse",
    "seabirds": "bureau.cli.views.seabirds",
}


def renderer_for(game: str) -> Callable[[dict], Any] | None:
    """The layout function for ``game``'s views, or None to use the generic one."""
    module = _LAYOUTS.get(game)
    return importlib.import_module(module).render if module else None
