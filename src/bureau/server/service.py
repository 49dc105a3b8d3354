"""The server's game service: the one object the app and the pages call, composed of one
part per concern, each in its own module:

- ``accounts``: registering, logging in and out, settings, invitations (``Accounts``);
- ``tables``: creating tables, the lobby, seats and bots at them, starting (``Tables``);
- ``play``: games caught up from the log, what a reader sees, and the one path by which
  an action enters a game, checked, made durable, then adopted (``Play``);
- ``records``: the record with its fairness block, receipts, forum posts (``Records``);
- ``messages``: public and private messages, and a live reader's push (``Messages``);
- ``turns``: the moves the server makes itself, bots' and timeouts (``Turns``).

They share the state that ``Service`` sets up here; ``memory`` holds a game in memory
(``Loaded``) and ``checks`` what every part refuses with (``ServiceError``). Every method
is synchronous and thread-safe (``submit_async`` aside); the web layer calls them from
worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from . import auth
from .accounts import Account, Accounts, Reader
from .checks import MAX_INT, ServiceError, refuse, whole
from .db import Store, TokenRow
from .memory import Loaded, code_fingerprint
from .messages import Messages
from .notices import Notices
from .play import RESERVED_KEYS, Play, client_key, is_timeout
from .records import Records
from .tables import Tables
from .turns import Turns
from .writer import Writer

__all__ = [
    "MAX_INT",
    "RESERVED_KEYS",
    "Account",
    "Loaded",
    "Reader",
    "Service",
    "ServiceError",
    "client_key",
    "code_fingerprint",
    "is_timeout",
    "refuse",
    "whole",
]


class Service(Accounts, Tables, Play, Records, Messages, Turns):
    """``allow_fixtures``: tables may be arranged (a chosen seed, fixture options), for
    teaching and testing; every such table says so (``docs/server.md`` "Fairness")."""

    def __init__(self, store: Store, publish: Callable[[int], None] | None = None,
                 allow_fixtures: bool = False):  # fmt: skip
        self.store = store
        self.allow_fixtures = allow_fixtures
        self.writer = Writer(store)
        self.passwords = auth.Passwords()
        self.loaded: dict[int, Loaded] = {}
        # Logins seen lately (token hash -> (account, token row, when)), and the readers of
        # running games, whose seats never change: most requests need no database read.
        self.logins: dict[str, tuple[Account, TokenRow, float]] = {}
        self.readers: dict[tuple[int, int], Reader] = {}
        self.submitting: set[int] = set()  # games with a submission awaiting its commit
        self.locks: dict[int, threading.RLock] = {}
        self.guard = threading.Lock()
        self.publish = publish or (lambda game_id: None)
        self.notices = Notices(self)  # mails, once a mailer is configured
