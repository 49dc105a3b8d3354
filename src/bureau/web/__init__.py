"""The web front end: server-rendered pages over the API (see docs/playing.md)."""

from __future__ import annotations


def routes(api) -> list:
    """The pages and static files, bound to ``api`` (``bureau.server.app.Api``)."""
    return []
