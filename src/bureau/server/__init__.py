"""Bureau's game server: ``bureau serve`` (see ``docs/server.md``).

Layers: ``db`` (SQLAlchemy tables, Alembic ``migrations``), ``auth`` (argon2, tokens),
``service`` (the games, one part per concern: ``accounts``, ``tables``, ``play``,
``records``, ``messages``, ``turns``; ``memory`` keeps a game in memory),
``live`` (WebSocket wake-ups, Redis fan-out, background workers) and ``app`` (the
HTTP/WebSocket API).
"""

from __future__ import annotations

import gc
import logging
import socket
import sys

from .app import create_app
from .db import database_url, open_store
from .migrations import upgrade


def build(db: str | None = None, redis: str | None = None, workers: bool = True,
          secure_cookies: bool = False, allow_fixtures: bool = False,
          public_url: str | None = None, smtp: str | None = None,
          mail_from: str | None = None):  # fmt: skip
    """The app on the database ``db`` (a SQLite file by default), migrated to the newest
    schema (``create_app`` says what the rest means)."""
    store = open_store(database_url(db), create=False)
    upgrade(store.engine)
    return create_app(store, redis_url=redis, workers=workers, secure_cookies=secure_cookies,
                      allow_fixtures=allow_fixtures, public_url=public_url, smtp=smtp,
                      mail_from=mail_from)  # fmt: skip


def serve(db: str | None = None, redis: str | None = None, host: str = "127.0.0.1",
          port: int = 8000, access_log: bool = False, secure_cookies: bool = False,
          allow_fixtures: bool = False, public_url: str | None = None,
          smtp: str | None = None, mail_from: str | None = None) -> None:  # fmt: skip
    if smtp and not public_url:  # links in mails need an address; this one is ours
        public_url = f"http://{socket.getfqdn() if host in ('0.0.0.0', '::') else host}:{port}"
    app = build(db, redis, secure_cookies=secure_cookies, allow_fixtures=allow_fixtures,
                public_url=public_url, smtp=smtp, mail_from=mail_from)  # fmt: skip
    run(app, host, port, access_log)


def run(app, host: str = "127.0.0.1", port: int = 8000, access_log: bool = False) -> None:
    """Serve ``app`` with uvicorn as ``bureau serve`` does (the access log off unless
    asked for: it costs a share of every request)."""
    import uvicorn

    tune()
    _log_beside_uvicorn()
    uvicorn.run(app, host=host, port=port, log_level="info", access_log=access_log)


def _log_beside_uvicorn() -> None:
    """Bureau's own log lines (``bureau.*``, INFO and up) on stderr, shaped as uvicorn's."""
    logger = logging.getLogger("bureau")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


SWITCH_INTERVAL = 0.0005  # seconds a busy thread keeps the GIL while another waits for it


def tune() -> None:
    """The interpreter's settings for a long-running, busy server process.

    Garbage collection: Python's automatic collector is turned off, and the app's
    ``Collector`` (``bureau.server.collector``) collects when the server is idle or
    when new objects pass a ceiling. Each accepted action replaces a game's state by a
    new copy, so under load every loaded game's state is young, and each automatic
    collection of the young generation walked them all (tens of milliseconds with 200
    games, the longest waits an action saw), while the request path makes no cycles
    for it to find. Everything loaded at start (libraries, the games' grammars) is
    frozen out of the collections.

    The GIL: the group-commit writer thread needs the GIL back after each call into
    the database; while the event loop is busy, Python's default switch interval
    (5 ms) kept it waiting that long each time, so a commit took about 7 ms instead
    of under 2."""
    gc.collect()
    gc.freeze()
    gc.disable()
    sys.setswitchinterval(SWITCH_INTERVAL)


__all__ = ["build", "create_app", "run", "serve", "tune"]
