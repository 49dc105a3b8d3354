"""The web front end: server-rendered pages over the API, with small hand-written JS
modules for live updates (see docs/playing.md).

Pages only read; every change (sign up, log in, create, join, act, write) goes through
the JSON API from ``static/bureau.js``, so the API's checks are the only ones. A table is
drawn from the reader's own view (``Game.view``), never from the state, so a page can
show nothing its reader may not know.
"""

from __future__ import annotations

from pathlib import Path

from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .pages import Pages
from .rules import RulesPages

STATIC = Path(__file__).parent / "static"


def routes(api) -> list:
    """The pages and static files, bound to ``api`` (``bureau.server.app.Api``)."""
    pages = Pages(api)
    rules = RulesPages(pages)
    g = "/games/{game_id:int}"
    return [
        Route("/", pages.lobby, methods=["GET"], include_in_schema=False),
        Route(g, pages.table, methods=["GET"], include_in_schema=False),
        Route(g + "/fragment", pages.fragment, methods=["GET"], include_in_schema=False),
        Route(g + "/talk", pages.talk, methods=["GET"], include_in_schema=False),
        Route(g + "/replay", pages.replay, methods=["GET"], include_in_schema=False),
        Route(g + "/replay/frame", pages.frame, methods=["GET"], include_in_schema=False),
        Route(g + "/history", pages.history, methods=["GET"], include_in_schema=False),
        Route(
            g + "/history/frame", pages.history_frame, methods=["GET"], include_in_schema=False
        ),
        Route(g + "/log", pages.log, methods=["GET"], include_in_schema=False),
        Route("/unsubscribe", pages.unsubscribe, methods=["GET", "POST"], include_in_schema=False),
        Route("/rules", rules.index, methods=["GET"], include_in_schema=False),
        Route("/rules/{game}", rules.game, methods=["GET"], include_in_schema=False),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
