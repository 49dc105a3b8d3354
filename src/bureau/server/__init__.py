"""Bureau's game server: ``bureau serve`` (see ``docs/server.md``).

Layers: ``db`` (SQLAlchemy tables, Alembic ``migrations``), ``auth`` (argon2, tokens),
``service`` (the games: seats, the action log, views, messages, bots, deadlines),
``live`` (WebSocket wake-ups, Redis fan-out, background workers) and ``app`` (the
HTTP/WebSocket API).
"""

from __future__ import annotations

from .app import create_app
from .db import database_url, open_store
from .migrations import upgrade


def build(db: str | None = None, redis: str | None = None, workers: bool = True,
          secure_cookies: bool = False):  # fmt: skip
    """The app on the database ``db`` (a SQLite file by default), migrated to the newest
    schema."""
    store = open_store(database_url(db), create=False)
    upgrade(store.engine)
    return create_app(store, redis_url=redis, workers=workers, secure_cookies=secure_cookies)


def serve(db: str | None = None, redis: str | None = None, host: str = "127.0.0.1",
          port: int = 8000, access_log: bool = False,
          secure_cookies: bool = False) -> None:  # fmt: skip
    import uvicorn

    app = build(db, redis, secure_cookies=secure_cookies)
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=access_log)


__all__ = ["build", "create_app", "serve"]
