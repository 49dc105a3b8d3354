"""The server's game service: accounts, tables, seats, and the one path by which an
action enters a game (checked by the engine, made durable, then announced).

Every method is synchronous and thread-safe; the web layer calls it from worker
threads. Actions on one game are serialized by a lock in this process and, across
processes, by the game row's ``version``: an action is stored only if the version it
was computed on is still current, else the game is rebuilt from the log and the
action checked again. An idempotency key makes a retried submission return the first
result instead of applying twice.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import logging
import pickle
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bureau.bots import Bot, kinds, make
from bureau.engine import MODERATOR, BureauError, IllegalAction, Match, fairness, load
from bureau.engine.events import Event
from bureau.engine.match import timed_out
from bureau.engine.registry import names as game_names

from . import auth
from .db import (
    Account,
    ActionRow,
    GameRow,
    MessageRow,
    SeatRow,
    SnapshotRow,
    Store,
    TokenRow,
)
from .mail import KINDS, email_problem
from .notices import Notices
from .writer import Write, Writer

log = logging.getLogger("bureau.server")


class ServiceError(Exception):
    """A request the service refuses: ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def refuse(status: int, message: str) -> ServiceError:
    return ServiceError(status, message)


SNAPSHOT_EVERY = 200  # actions between snapshots of a game
LOGIN_CACHE = 60.0  # seconds a checked login is trusted without asking the database
MAX_INT = 2**31 - 1  # ids and seats fit every database's INTEGER
MAX_SEED = (1 << 8 * fairness.SEED_BYTES) - 1  # the widest seed a commitment carries
# Idempotency keys the server gives its own actions; a client's key may not start so,
# or it could take the key of her own next timeout and stall her deadline.
RESERVED_KEYS = ("timeout:", "bot:", "server:")


def is_timeout(stored_key: str | None) -> bool:
    """Whether a stored key (``SEAT:KEY``) is a timeout's: the server's own, at a deadline.

    >>> is_timeout("2:timeout:14:2"), is_timeout("2:mine"), is_timeout(None)
    (True, False, False)
    """
    return stored_key is not None and stored_key.partition(":")[2].startswith("timeout:")


def client_key(key) -> str | None:
    """A client's idempotency key, checked: text of at most 80 characters that does not
    start with a prefix the server keeps for itself (``RESERVED_KEYS``).

    >>> client_key("retry-1")
    'retry-1'
    >>> client_key("Timeout:4:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bureau.server.service.ServiceError: idempotency keys starting timeout:, bot: or ...
    """
    if key is None:
        return None
    if not isinstance(key, str) or len(key) > 80:
        raise refuse(400, "an idempotency key is text of at most 80 characters")
    if key.lower().startswith(RESERVED_KEYS):
        prefixes = ", ".join(RESERVED_KEYS[:-1]) + " or " + RESERVED_KEYS[-1]
        raise refuse(400, f"idempotency keys starting {prefixes} are the server's own; choose"
                          " another key")  # fmt: skip
    return key


def whole(value, what: str, lo: int = 0, hi: int = MAX_INT) -> int:
    """``value`` as a whole number in range (never a boolean), or a 400 naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        top = hi if hi <= MAX_INT else f"2^{hi.bit_length()} - 1"
        raise refuse(400, f"{what} must be a whole number from {lo} to {top}")
    return value


@dataclass
class Loaded:
    """A game in memory: its match rebuilt from the log (with every event in order)."""

    match: Match
    version: int
    keys: dict[str, str] = field(default_factory=dict)  # idempotency key -> action text
    bots: dict[int, str] = field(default_factory=dict)  # seat -> bot kind (fixed once running)
    # seat -> the bot playing it, kept between its turns so a plan it chose (a Noblesse
    # Day's style) is played through; not in snapshots: a restart makes it anew
    players: dict[int, Bot] = field(default_factory=dict)
    accounts: dict[int, int] = field(default_factory=dict)  # seat -> account (people only)
    commitment: str | None = None  # to the seed (hex); None for tables from before it
    nonces: list[str | None] = field(default_factory=list)  # each action's receipt nonce
    counts: dict[int, int] = field(default_factory=dict)  # seat -> actions made (the next
    # receipt's number, without counting the log again)

    @property
    def events(self) -> list[Event]:
        return self.match.events

    def played(self, seat: int, nonce: str | None) -> None:
        """Count an action of ``seat`` just appended to the match, with its nonce."""
        self.nonces.append(nonce)
        self.counts[seat] = self.counts.get(seat, 0) + 1

    def receipt(self, seat: int, number: int, text: str, nonce: str | None) -> dict | None:
        """The receipt of ``seat``'s ``number``-th action (None before commitments)."""
        if self.commitment is None or nonce is None:
            return None
        player = self.match.who(seat)
        return {
            "scheme": fairness.SCHEME, "commitment": self.commitment, "player": player,
            "number": number, "text": text, "nonce": nonce,
            "receipt": fairness.receipt(self.commitment, number, player, text, nonce),
        }  # fmt: skip

    def receipts(self, seat: int | None = None) -> list[dict | None]:
        """The receipt of every action so far (of ``seat``'s only, when given), first to
        last; None for an action from before commitments."""
        m = self.match
        names = [m.who(p) for p, _, _ in m.actions]
        numbers = fairness.numbered(names)
        return [
            self.receipt(p, number, text, nonce)
            for (p, text, _), number, nonce in zip(m.actions, numbers, self.nonces, strict=True)
            if seat is None or p == seat
        ]

    def pickled(self) -> bytes:
        """The game as a snapshot. Its events go as plain tuples: pickling thousands of
        ``Event`` objects took ten times as long, with every other request waiting."""
        m = self.match
        bare = copy.copy(m)
        bare.events = []
        shell = copy.copy(self)
        shell.match, shell.players = bare, {}
        events = [e.as_tuple() for e in m.events]
        return pickle.dumps((code_fingerprint(), shell, events), protocol=pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def unpickled(blob: bytes) -> tuple[str, Loaded]:
        """(the code fingerprint it was pickled by, the game) from ``pickled``."""
        code, loaded, events = pickle.loads(blob)
        loaded.match.events = [Event.from_tuple(e) for e in events]
        return code, loaded


@dataclass
class Prepared:
    """An action applied to a copy of the game, waiting for its commit."""

    job: Write
    trial: object
    canonical: str
    at: float
    events: list


@functools.cache
def code_fingerprint() -> str:
    """A digest of Bureau's own source: a snapshot pickled by other code (an upgrade, a
    new slot in a game's state) is not trusted; the log is replayed instead.

    >>> len(code_fingerprint())
    16
    """
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Reader:
    """Who is asking about a game: a seat, the moderator, or a spectator (seat None)."""

    account_id: int | None
    seat: int | None


class Service:
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
        self.logins: dict[str, tuple[dict, TokenRow, float]] = {}
        self.readers: dict[tuple[int, int], Reader] = {}
        self.submitting: set[int] = set()  # games with a submission awaiting its commit
        self.locks: dict[int, threading.RLock] = {}
        self.guard = threading.Lock()
        self.publish = publish or (lambda game_id: None)
        self.notices = Notices(self)  # mails, once a mailer is configured

    # -- accounts ------------------------------------------------------------------------------

    def register(self, name: str, password: str, email: str | None = None) -> dict:
        problem = auth.name_problem(name) or auth.password_problem(password)
        if email is not None:
            problem = problem or email_problem(email)
        if problem:
            raise refuse(400, problem)
        with self.store.session() as s:
            hashed = self.passwords.hash(password)
            s.add(Account(name=name.lower(), display=name, password_hash=hashed, email=email))
            try:
                s.commit()
            except IntegrityError:
                raise refuse(409, f"the name {name!r} is taken") from None
            account = s.scalar(select(Account).where(Account.name == name.lower()))
            return {"id": account.id, "name": account.display}

    def login(self, name: str, password: str, kind: str = "session") -> tuple[str, str, dict]:
        """A new token (and its CSRF token) for a right name and password."""
        with self.store.session() as s:
            account = s.scalar(select(Account).where(Account.name == str(name).lower()))
            if account is None or not self.passwords.verify(account.password_hash, str(password)):
                raise refuse(401, "wrong name or password")
            token, csrf = auth.new_token(), auth.new_token()
            s.add(
                TokenRow(
                    token_hash=auth.token_hash(token),
                    account_id=account.id,
                    kind=kind,
                    csrf=csrf,
                    expires_at=time.time() + auth.SESSION_SECONDS,
                )
            )
            s.commit()
            return token, csrf, {"id": account.id, "name": account.display}

    def settings(self, account: dict) -> dict:
        """The account's e-mail address and notification choices (every kind listed)."""
        with self.store.session() as s:
            a = s.get(Account, account["id"])
            return {
                "id": a.id, "name": a.display, "email": a.email,
                "notify": {k: (a.notify or {}).get(k, True) is not False for k in KINDS},
                "kinds": KINDS,
            }  # fmt: skip

    def change_settings(self, account: dict, data: dict) -> dict:
        """Set ``email`` (null: none) and ``notify`` ({kind: true/false}); both optional."""
        unknown = sorted(set(data) - {"email", "notify"})
        if unknown:
            raise refuse(400, f"unknown setting {unknown[0]!r}; the settings are email, notify")
        notify = data.get("notify", {})
        if not isinstance(notify, dict) or any(
            k not in KINDS or not isinstance(v, bool) for k, v in notify.items()
        ):
            raise refuse(400, "notify is an object of KIND: true/false; the kinds are "
                              + ", ".join(KINDS))  # fmt: skip
        email = data.get("email", ...)
        if email not in (None, ...) and email_problem(email):
            raise refuse(400, email_problem(email))
        with self.store.session() as s:
            a = s.get(Account, account["id"])
            if email is not ...:
                a.email = email
            a.notify = {**(a.notify or {}), **notify}
            s.commit()
        self.notices.forget(account["id"])
        return self.settings(account)

    def invite(self, account: dict, game_id: int, name) -> dict:
        """The creator invites an account by name: it gets the invitation by mail (if it
        has an address and takes invitations)."""
        if not isinstance(name, str):
            raise refuse(400, "name the account to invite")
        with self.store.session() as s:
            row = self._row(s, game_id)
            if row.creator_id != account["id"]:
                raise refuse(403, "only the game's creator invites")
            if row.status != "open":
                raise refuse(409, "the game has started")
            guest = s.scalar(select(Account).where(Account.name == name.lower()))
            if guest is None:
                raise refuse(404, f"no account {name!r}")
            mail = self.notices.invitation(
                game_id, load(row.game).title, account["name"], guest.id, row.invite
            )
            if mail is not None:
                s.add(mail)
                try:
                    s.commit()
                except IntegrityError:  # invited already: one mail per guest and game
                    s.rollback()
        return {"invited": guest.display, "mailed": mail is not None}

    def logout(self, token: str) -> None:
        self.logins.pop(auth.token_hash(token), None)
        with self.store.session() as s:
            row = s.scalar(select(TokenRow).where(TokenRow.token_hash == auth.token_hash(token)))
            if row is not None:
                s.delete(row)
                s.commit()

    def who(self, token: str | None) -> tuple[dict, TokenRow] | None:
        """The account a token logs in, with its token row; None if none or expired."""
        if not token:
            return None
        hashed = auth.token_hash(token)
        cached = self.recent_login(hashed)
        if cached is not None:
            return cached
        with self.store.session() as s:
            row = s.scalar(select(TokenRow).where(TokenRow.token_hash == hashed))
            if row is None or row.expires_at < time.time():
                return None
            account = s.get(Account, row.account_id)
            found = {"id": account.id, "name": account.display}, row
        self.logins[hashed] = (*found, time.monotonic())
        return found

    def recent_login(self, hashed: str) -> tuple[dict, TokenRow] | None:
        """A login checked in the last ``LOGIN_CACHE`` seconds (a logout elsewhere takes
        effect here within that time)."""
        hit = self.logins.get(hashed)
        if (
            hit is None
            or time.monotonic() - hit[2] > LOGIN_CACHE
            or hit[1].expires_at < time.time()
        ):
            self.logins.pop(hashed, None)
            return None
        return hit[0], hit[1]

    # -- tables --------------------------------------------------------------------------------

    def create(self, account: dict, game: str, players: int, options: dict, seed=None,
               title: str = "") -> dict:  # fmt: skip
        if game not in game_names():
            raise refuse(400, f"no game {game!r}; the games are {', '.join(game_names())}")
        g = load(game)
        if (
            not isinstance(players, int) or isinstance(players, bool)
            or not g.min_players <= players <= g.max_players
        ):  # fmt: skip
            raise refuse(400, f"{g.title} takes {g.min_players}-{g.max_players} players")
        if not isinstance(options, dict):
            raise refuse(400, "options must be an object of NAME: VALUE")
        try:
            g.resolve_options(options)
        except BureauError as exc:
            raise refuse(400, str(exc)) from None
        arranged = self._arranged(g, options, seed)
        if options.get("position") is not None:
            self._check_position(g, players, options)
        seed = fairness.draw_seed() if seed is None else whole(seed, "seed", hi=MAX_SEED)
        with self.store.session() as s:
            row = GameRow(
                game=game, title=str(title)[:120], options=options, seed=seed, players=players,
                creator_id=account["id"], invite=secrets.token_urlsafe(12), version=0,
                salt=fairness.new_salt(), arranged=arranged or None,
            )  # fmt: skip
            s.add(row)
            s.flush()
            for seat in range(players):
                s.add(SeatRow(game_id=row.id, seat=seat))
            s.commit()
            return self.summary(row.id, account)

    def _arranged(self, g, options: dict, seed) -> list[str]:
        """What the host would choose of the deal (``seed``, fixture options): refused
        with a 400 that says why unless this server allows arranged tables."""
        chosen = (["seed"] if seed is not None else []) + [
            o.name
            for o in g.options
            if options.get(o.name) is not None
            and (o.fixture or (o.builtins and options[o.name] not in o.builtins))
        ]
        if chosen and not self.allow_fixtures:
            raise refuse(
                400,
                f"a hosted table cannot choose {', '.join(chosen)}: the Bureau draws every"
                " deal from the operating system's entropy and commits to it, so no one can"
                " stack, predict or search it, and it reads no file of the server's for a"
                " table. Arranged tables (teaching, testing) need a server started with"
                " --allow-fixtures, and say so to everyone.",
            )
        return chosen

    @staticmethod
    def _check_position(g, players: int, options: dict) -> None:
        """An arranged table's saved position: the document itself (a table reads no file
        of the server's), one that loads for ``players`` seats; else a 400 that says why."""
        if not isinstance(options["position"], dict):
            raise refuse(
                400,
                "option position: give the position document itself (a JSON object,"
                " docs/positions.md), not a file name: a hosted table reads no file of the"
                " server's",
            )
        try:
            g.new(players, 0, options)
        except BureauError as exc:
            raise refuse(400, str(exc)) from None

    @staticmethod
    def fairness_of(row: GameRow) -> dict | None:
        """A table's fairness block: its commitment from the start, what was arranged, and
        the seed and salt once the game is over (None for tables from before commitments)."""
        if row.salt is None:
            return None
        out = {
            "scheme": fairness.SCHEME,
            "commitment": fairness.commitment(row.seed, row.salt),
            "arranged": row.arranged or [],
        }
        if row.status == "over":
            out["seed"], out["salt"] = str(row.seed), row.salt
        return out

    @staticmethod
    def _shown_options(row: GameRow, mine: bool) -> dict:
        """A table's options as its reader may see them: an arranged table's fixtures (a
        deck in order, the roles) only for its host until the game is over."""
        if mine or row.status == "over" or not row.arranged:
            return row.options
        fixtures = {o.name for o in load(row.game).options if o.fixture}
        return {k: ("hidden (arranged)" if k in fixtures else v) for k, v in row.options.items()}

    def summary(self, game_id: int, account: dict | None) -> dict:
        with self.store.session() as s:
            row = self._row(s, game_id)
            seats = s.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            names = {
                a.id: a.display
                for a in s.scalars(
                    select(Account).where(
                        Account.id.in_([x.account_id for x in seats if x.account_id])
                    )
                )
            }
            mine = account is not None and row.creator_id == account["id"]
            out = {
                "id": row.id,
                "game": row.game,
                "title": row.title,
                "status": row.status,
                "players": row.players,
                "options": self._shown_options(row, mine),
                "seats": [
                    {
                        "seat": x.seat,
                        "player": names.get(x.account_id) if x.account_id else None,
                        "bot": x.bot,
                        "name": x.name or None,
                    }
                    for x in seats
                ],
                "deadline": row.deadline,
                "created_by_you": mine,
                "fairness": self.fairness_of(row),
            }
            if mine:
                out["invite"] = row.invite
            return out

    def list_games(self, account: dict | None) -> dict:
        with self.store.session() as s:
            open_ids = s.scalars(
                select(GameRow.id).where(GameRow.status == "open").order_by(GameRow.id)
            ).all()
            mine: list[int] = []
            if account is not None:
                mine = s.scalars(
                    select(SeatRow.game_id)
                    .where(SeatRow.account_id == account["id"])
                    .distinct()
                    .order_by(SeatRow.game_id)
                ).all()
        return {
            "open": [self.summary(i, account) for i in open_ids],
            "mine": [self.summary(i, account) for i in mine],
        }

    def _row(self, s, game_id: int) -> GameRow:
        row = s.get(GameRow, game_id) if 0 <= game_id <= MAX_INT else None
        if row is None:
            raise refuse(404, f"no game {game_id}")
        return row

    def join(self, account: dict, game_id: int, seat: int | None, invite: str | None) -> dict:
        with self.store.session() as s:
            row = self._row(s, game_id)
            if row.status != "open":
                raise refuse(409, "the game has started; spectate it instead")
            if invite != row.invite and row.creator_id != account["id"]:
                raise refuse(403, "joining needs the game's invitation")
            seats = s.scalars(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            if any(x.account_id == account["id"] for x in seats):
                raise refuse(409, "you already have a seat in this game")
            free = [x for x in seats if x.account_id is None and x.bot is None]
            if seat is not None:
                free = [x for x in free if x.seat == whole(seat, "seat")]
            if not free:
                raise refuse(409, "no free seat" if seat is None else f"seat {seat} is taken")
            free[0].account_id = account["id"]
            s.commit()
        return self.summary(game_id, account)

    def leave(self, account: dict, game_id: int) -> dict:
        with self.store.session() as s:
            row = self._row(s, game_id)
            if row.status != "open":
                raise refuse(409, "seats are fixed once the game has started")
            seat = s.scalar(
                select(SeatRow).where(
                    SeatRow.game_id == game_id, SeatRow.account_id == account["id"]
                )
            )
            if seat is None:
                raise refuse(409, "you have no seat in this game")
            seat.account_id = None
            s.commit()
        return self.summary(game_id, account)

    def seat_bot(self, account: dict, game_id: int, seat: int, kind: str) -> dict:
        seat = whole(seat, "seat")
        with self.store.session() as s:
            row = self._row(s, game_id)
            available = kinds(load(row.game))
            if not isinstance(kind, str) or kind not in available:
                raise refuse(400, f"no bot {kind!r}; the bots are {', '.join(available)}")
            if row.creator_id != account["id"]:
                raise refuse(403, "only the game's creator seats bots")
            if row.status != "open":
                raise refuse(409, "seats are fixed once the game has started")
            target = s.get(SeatRow, (game_id, seat))
            if target is None or target.account_id is not None or target.bot is not None:
                raise refuse(409, f"seat {seat} is not free")
            target.bot = kind
            s.commit()
        return self.summary(game_id, account)

    def start(self, account: dict, game_id: int) -> dict:
        with self.lock(game_id), self.store.session() as s:
            row = self._row(s, game_id)
            if row.creator_id != account["id"]:
                raise refuse(403, "only the game's creator starts it")
            if row.status != "open":
                raise refuse(409, "the game has started already")
            seats = s.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            if any(x.account_id is None and x.bot is None for x in seats):
                raise refuse(409, "every seat needs a player or a bot first")
            accounts = {a.id: a.display for a in s.scalars(select(Account))}
            used: set[str] = set()
            for x in seats:
                name = accounts[x.account_id] if x.account_id else f"Bot{x.seat + 1}"
                if name.lower() in used:
                    name = f"{name}{x.seat + 1}"
                used.add(name.lower())
                x.name = name
            names = [x.name for x in seats]
            try:
                match = Match(row.game, names, row.seed, row.options)
            except BureauError as exc:
                raise refuse(400, str(exc)) from None
            row.status = "running"
            row.started_at = time.time()
            match.begin(row.started_at)
            row.deadline = match.game.deadline(match.state)
            accounts = {x.seat: x.account_id for x in seats if x.account_id}
            s.add_all(self.notices.on_start(game_id, match, accounts))  # in the same commit
            s.commit()
        self.loaded.pop(game_id, None)
        self.after_change(game_id)
        return self.summary(game_id, account)

    # -- playing -------------------------------------------------------------------------------

    def lock(self, game_id: int) -> threading.RLock:
        """The game's lock in this process: one change or catch-up at a time."""
        with self.guard:
            return self.locks.setdefault(game_id, threading.RLock())

    def reader(self, account: dict | None, game_id: int) -> Reader:
        """The seat ``account`` holds in the game, the moderator, or a spectator."""
        if account is None:
            return Reader(None, None)
        cached = self.readers.get((account["id"], game_id))
        if cached is not None:
            return cached
        found = self._reader(account, game_id)
        if game_id in self.loaded:  # running: seats are fixed
            self.readers[(account["id"], game_id)] = found
        return found

    def _reader(self, account: dict, game_id: int) -> Reader:
        with self.store.session() as s:
            row = self._row(s, game_id)
            seat = s.scalar(
                select(SeatRow.seat).where(
                    SeatRow.game_id == game_id, SeatRow.account_id == account["id"]
                )
            )
            if seat is not None:
                return Reader(account["id"], seat)
            if row.creator_id == account["id"] and getattr(load(row.game), "moderated", False):
                return Reader(account["id"], MODERATOR)
        return Reader(account["id"], None)

    def game(self, game_id: int) -> Loaded:
        """The game in memory, rebuilt from the log if this process is behind."""
        with self.lock(game_id):
            return self._catch_up(game_id)

    def _catch_up(self, game_id: int) -> Loaded:
        with self.store.session() as s:
            row = self._row(s, game_id)
            if row.status == "open":
                raise refuse(409, "the game has not started")
            loaded = self.loaded.get(game_id)
            if loaded is not None and loaded.version == row.version:
                return loaded
            if loaded is None:
                loaded = self._from_snapshot(s, game_id)
            start = 0 if loaded is None else loaded.version
            if loaded is None:
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
                ).all()
                names = [x.name for x in seats]
                try:
                    match = Match(row.game, names, row.seed, row.options)
                except BureauError as exc:  # stored by an older Bureau that allowed it
                    raise refuse(409, f"this table cannot be loaded: {exc}") from None
                loaded = Loaded(match, 0)
                loaded.bots = {x.seat: x.bot for x in seats if x.bot}
                loaded.accounts = {x.seat: x.account_id for x in seats if x.account_id}
                if row.salt is not None:
                    loaded.commitment = fairness.commitment(row.seed, row.salt)
                if row.started_at is not None:
                    loaded.match.begin(row.started_at)
            actions = s.scalars(
                select(ActionRow)
                .where(ActionRow.game_id == game_id, ActionRow.seq > start)
                .order_by(ActionRow.seq)
            ).all()
        for a in actions:
            loaded.match.play(a.seat, a.text, a.at, timeout=is_timeout(a.key))
            loaded.played(a.seat, a.nonce)
            loaded.version = a.seq
            if a.key is not None:
                loaded.keys[a.key] = a.text
        self.loaded[game_id] = loaded
        return loaded

    def _from_snapshot(self, s, game_id: int) -> Loaded | None:
        """The game as of its latest snapshot (the server's own pickle), if any."""
        snap = s.get(SnapshotRow, game_id)
        if snap is None:
            return None
        try:
            code, loaded = Loaded.unpickled(snap.state)
        except Exception:  # a snapshot from an older Bureau: replay the whole log
            log.warning("game %s: unreadable snapshot, replaying its log", game_id)
            return None
        if code != code_fingerprint():  # pickled by other code: its objects may differ
            log.info("game %s: snapshot from other code, replaying its log", game_id)
            return None
        return loaded if isinstance(loaded, Loaded) and loaded.version == snap.seq else None

    def _snapshot(self, game_id: int, loaded: Loaded) -> None:
        """Every ``SNAPSHOT_EVERY`` actions, keep the game in the database so a restart
        replays only what came after (written with the next batch, not waited for).
        Each game takes its snapshots at its own offset: games started together and
        played at one pace (a tournament, a benchmark) would otherwise all pickle at
        once, holding every request up for the whole burst."""
        if (loaded.version + game_id) % SNAPSHOT_EVERY == 0:
            self.writer.snapshot(game_id, loaded.version, loaded.pickled())

    def view(self, game_id: int, reader: Reader) -> dict:
        return self.view_of(self.game(game_id), reader)

    def legal(self, game_id: int, reader: Reader) -> list[str]:
        if reader.seat is None:
            raise refuse(403, "spectators have no actions")
        return self.legal_of(self.game(game_id), reader)

    def events(self, game_id: int, reader: Reader, since: int = 0) -> list[dict]:
        """The reader's events after the first ``since`` of them, numbered 1.. for this
        reader only (a global count would show how much happened out of sight)."""
        return self.events_of(self.game(game_id), reader, since)

    # The same answers from a game already caught up, for callers that need several.

    @staticmethod
    def view_of(loaded: Loaded, reader: Reader) -> dict:
        m = loaded.match
        out = {"view": m.view(reader.seat), "seat": reader.seat, "pending": list(m.pending())}
        if reader.seat is not None and reader.seat >= 0:
            out["deadline"] = m.game.deadline(m.state)
        out["outcome"] = None if m.outcome() is None else m.outcome().to_json()
        return out

    @staticmethod
    def legal_of(loaded: Loaded, reader: Reader) -> list[str]:
        m = loaded.match
        if reader.seat is None or reader.seat == MODERATOR:
            return []
        return [str(a) for a in m.game.legal_actions(m.state, reader.seat)]

    @staticmethod
    def events_of(loaded: Loaded, reader: Reader, since: int = 0, last=None) -> list[dict]:
        """As ``events``; ``last`` keeps only that many of the newest."""
        m = loaded.match
        seen = [e for e in loaded.events if e.visible_to(reader.seat)]
        if last is not None:
            since = max(since, len(seen) - last)
        return [  # only those asked for are described
            {"n": i, "kind": e.kind, "text": m.describe(e), "data": e.to_json()}
            for i, e in enumerate(seen[since:], since + 1)
        ]

    def submit(
        self, game_id: int, reader: Reader, text: str, key: str | None = None, at=None
    ) -> dict:
        """Apply ``text`` for the reader's seat; durable before it returns. A ``key`` the
        same seat used before returns that first result instead (keys are per seat)."""
        stored = self._checked(reader, text, key)
        with self.lock(game_id):
            for _attempt in range(5):
                # The game as this process knows it; if another process went first, the
                # version check of the write fails and the game is rebuilt from the log.
                loaded = self.loaded.get(game_id) or self.game(game_id)
                if stored is not None and stored in loaded.keys:
                    return {"accepted": True, "repeated": True, "action": loaded.keys[stored]}
                result = self._try(game_id, loaded, reader, text, stored, at)
                if result is not None:
                    break
                self.loaded.pop(game_id, None)  # another process went first: rebuild
            else:
                raise refuse(503, "the game is busy; try again")
        self.after_change(game_id)
        return result

    def _try(self, game_id: int, loaded: Loaded, reader: Reader, text: str, key, at=None):
        prepared = self._prepare(game_id, loaded, reader, text, key, at)
        if not self.writer.write(prepared.job):
            return None
        return self._finish(game_id, loaded, reader, prepared)

    def _checked(self, reader: Reader, text, key) -> str | None:
        """Refuse what no game could accept; the stored form of the key (per seat). The
        server's own keys (``RESERVED_KEYS``) come only from its workers, not over HTTP
        (``client_key``)."""
        if reader.seat is None:
            raise refuse(403, "only a seated player (or the moderator) acts")
        if not isinstance(text, str) or not text.strip():
            raise refuse(400, "send the action's text")
        if key is not None and (not isinstance(key, str) or len(key) > 80):
            raise refuse(400, "an idempotency key is text of at most 80 characters")
        return None if key is None else f"{reader.seat}:{key}"

    async def submit_async(self, game_id: int, reader: Reader, text: str, key=None) -> dict:
        """``submit`` on the event loop: the engine's work here, the wait for the commit
        as an awaited future (no worker thread). Falls back to the threaded ``submit``
        whenever the game is busy, not in memory, or the write conflicts."""
        stored = self._checked(reader, text, key)
        loaded = self.loaded.get(game_id)
        # ``submitting``: the event loop's thread may hold the game's (reentrant) lock for
        # another submission awaiting its commit; then this one waits in a worker thread.
        if loaded is None or game_id in self.submitting:
            return await to_thread.run_sync(self.submit, game_id, reader, text, key)
        lock = self.locks.get(game_id) or self.lock(game_id)
        if not lock.acquire(blocking=False):  # a worker thread has the game
            return await to_thread.run_sync(self.submit, game_id, reader, text, key)
        self.submitting.add(game_id)
        try:
            if stored is not None and stored in loaded.keys:
                return {"accepted": True, "repeated": True, "action": loaded.keys[stored]}
            prepared = self._prepare(game_id, loaded, reader, text, stored)
            if await self.writer.write_async(prepared.job):
                result = self._finish(game_id, loaded, reader, prepared)
            else:
                result = None
        finally:
            self.submitting.discard(game_id)
            lock.release()
        if result is None:  # another process went first
            self.loaded.pop(game_id, None)
            return await to_thread.run_sync(self.submit, game_id, reader, text, key)
        self.after_change(game_id)
        return result

    def _prepare(
        self, game_id: int, loaded: Loaded, reader: Reader, text: str, key, at=None
    ) -> Prepared:
        """The action checked and applied to a copy of the game, and its write."""
        m = loaded.match
        if m.outcome() is not None:
            raise refuse(409, "the game is over")
        trial = m.game.clone(m.state)
        at = time.time() if at is None else at
        try:
            action = (
                m.game.parse(trial, reader.seat, text)
                if reader.seat != MODERATOR
                else (m.game.read(trial, reader.seat, text))
            )
            events = m.game.apply(trial, reader.seat, action, at)
        except (IllegalAction, ValueError, BureauError) as exc:
            raise refuse(422, str(exc)) from None
        canonical = str(action)
        if is_timeout(key):
            events = [*timed_out(reader.seat, canonical), *events]
        seq = loaded.version + 1
        mails = self.notices.on_action(
            game_id, loaded, trial, reader.seat, canonical, is_timeout(key), seq
        )
        nonce = fairness.new_nonce() if loaded.commitment is not None else None
        job = Write(
            game_id,
            loaded.version,
            {
                "version": seq,
                "deadline": m.game.deadline(trial),
                "status": "over" if m.game.outcome(trial) is not None else "running",
            },
            {
                "game_id": game_id,
                "seq": seq,
                "seat": reader.seat,
                "text": canonical,
                "at": at,
                "key": key,
                "account_id": reader.account_id,
                "nonce": nonce,
            },
            mails,
        )
        return Prepared(job, trial, canonical, at, events)

    def _finish(self, game_id: int, loaded: Loaded, reader: Reader, p: Prepared) -> dict:
        """The committed action becomes the game's state."""
        m = loaded.match
        key, canonical, at, events = p.job.action["key"], p.canonical, p.at, p.events
        if key is not None:
            loaded.keys[key] = canonical
        m.state = p.trial
        if is_timeout(key):
            m.timeouts.add(len(m.actions))
        m.actions.append((reader.seat, canonical, at))
        m.events.extend(events)
        m.ends.append(len(m.events))
        nonce = p.job.action["nonce"]
        loaded.played(reader.seat, nonce)
        loaded.version = p.job.action["seq"]
        self._snapshot(game_id, loaded)
        mine = [e for e in events if e.visible_to(reader.seat)]
        out = {
            "accepted": True,
            "action": canonical,
            "events": [m.describe(e) for e in mine],
        }
        receipt = loaded.receipt(reader.seat, loaded.counts[reader.seat], canonical, nonce)
        if receipt is not None:
            out["receipt"] = receipt
        return out

    def check(self, game_id: int, reader: Reader, text) -> dict:
        """Whether the reader's seat could play ``text`` now, without playing it: the
        canonical text, or a 422 with the engine's message (orders as you type)."""
        if reader.seat is None:
            raise refuse(403, "only a seated player (or the moderator) acts")
        if not isinstance(text, str) or not text.strip():
            raise refuse(400, "'action' must be a non-empty string")
        m = self.game(game_id).match
        if m.outcome() is not None:
            raise refuse(409, "the game is over")
        try:
            if reader.seat == MODERATOR:
                action = m.game.read(m.state, reader.seat, text)
            else:
                action = m.game.parse(m.state, reader.seat, text)
        except (IllegalAction, ValueError, BureauError) as exc:
            raise refuse(422, str(exc)) from None
        return {"ok": True, "action": str(action)}

    def record(self, game_id: int, reader: Reader) -> dict:
        """The game record as published: for everyone once the game is over, with the
        seed, salt and receipts revealed; before that for the moderator only, with the
        seed withheld (she would foresee every roll)."""
        loaded = self.game(game_id)
        if loaded.match.outcome() is None and reader.seat != MODERATOR:
            raise refuse(403, "the full record opens when the game is over")
        return self.full_record(game_id, loaded, reveal=loaded.match.outcome() is not None)

    def full_record(self, game_id: int, loaded: Loaded | None = None, reveal=True) -> dict:
        """The record with its fairness block; ``reveal`` keeps the seed, the salt, the
        nonces and receipts in it (the server's own replays; a finished game's readers)."""
        loaded = loaded or self.game(game_id)
        m = loaded.match
        record = m.record()
        with self.store.session() as s:
            row = self._row(s, game_id)
            block, salt = self.fairness_of(row), row.salt
        if block is None:
            return record
        block.pop("seed", None)
        if reveal:
            block["salt"] = salt
            block["nonces"] = list(loaded.nonces)
            block["receipts"] = [r and r["receipt"] for r in loaded.receipts()]
        else:
            block.pop("salt", None)
            del record["seed"]
        record["fairness"] = block
        return record

    def receipts(self, game_id: int, reader: Reader) -> dict:
        """The reader's receipts: one per action of her seat, to keep until the end."""
        if reader.seat is None:
            raise refuse(403, "receipts are for the players (and the moderator) of a game")
        loaded = self.game(game_id)
        return {
            "commitment": loaded.commitment,
            "player": loaded.match.who(reader.seat),
            "receipts": [r for r in loaded.receipts(reader.seat) if r is not None],
        }

    def forum_post(self, game_id: int, reader: Reader, fmt: str, seat: str | None) -> str:
        """A moderated game's public post (``seat`` None) or a private report, in BBCode
        or Markdown: a player reads his own report, the moderator every one."""
        m = self.game(game_id).match
        if not m.game.moderated:
            raise refuse(404, f"{m.game.title} has no forum posts")
        target = None
        if seat is not None:
            try:
                target = m.seat(seat)
            except BureauError as exc:
                raise refuse(400, str(exc)) from None
            if target == MODERATOR:
                raise refuse(400, "the moderator writes the reports; she has none")
            if reader.seat not in (target, MODERATOR):
                raise refuse(403, "a private report is for its player and the moderator")
        try:
            return m.game.forum_post(m.state, target, fmt)
        except ValueError as exc:  # a format other than BBCode or Markdown
            raise refuse(400, str(exc)) from None

    # -- messages ------------------------------------------------------------------------------

    def post(self, game_id: int, reader: Reader, kind: str, text: str, to: int | None) -> dict:
        if reader.seat is None:
            raise refuse(403, "only players (and the moderator) write in a game")
        if not isinstance(text, str) or not text.strip() or len(text) > 20_000:
            raise refuse(400, "a message is 1 to 20000 characters")
        m = self.game(game_id).match
        if kind == "private":
            allowed = (
                set(range(len(m.names)))
                if reader.seat == MODERATOR
                else m.game.channels(m.state, reader.seat)
            )
            if not isinstance(to, int) or isinstance(to, bool) or to not in allowed:
                names = ", ".join(m.names[x] for x in sorted(allowed)) or "nobody"
                raise refuse(403, f"you may write privately to: {names}")
        elif kind not in ("public", "bureau"):
            raise refuse(400, "kind is public, private or bureau")
        with self.store.session() as s:
            row = MessageRow(game_id=game_id, author=reader.seat, kind=kind,
                             to_seat=to if kind == "private" else None, text=text)  # fmt: skip
            s.add(row)
            s.commit()
            out = {"id": self._readable(s, game_id, reader, row.id), "at": row.at}
        self.publish(game_id)
        return out

    def _readable(self, s, game_id: int, reader: Reader, upto: int) -> int:
        """How many messages up to id ``upto`` the reader may read: the number his own
        new message has in his list."""
        rows = s.scalars(
            select(MessageRow).where(MessageRow.game_id == game_id, MessageRow.id <= upto)
        ).all()
        return sum(self._may_read(reader, r) for r in rows)

    def messages(self, game_id: int, reader: Reader, since: int = 0) -> list[dict]:
        """The messages the reader may read after the first ``since`` of them. Their ids
        count only what this reader may read (1, 2, ...): ids counted across the server
        would show, by their gaps, how much was written out of his sight."""
        names = self.game(game_id).match.names
        with self.store.session() as s:
            rows = s.scalars(
                select(MessageRow).where(MessageRow.game_id == game_id).order_by(MessageRow.id)
            ).all()
        seen = [r for r in rows if self._may_read(reader, r)]
        return [
            {
                "id": n,
                "kind": r.kind,
                "from": "moderator" if r.author == MODERATOR else names[r.author],
                "to": names[r.to_seat] if r.to_seat is not None else None,
                "text": r.text,
                "at": r.at,
            }
            for n, r in enumerate(seen[since:], since + 1)
        ]

    @staticmethod
    def _may_read(reader: Reader, r: MessageRow) -> bool:
        mine = reader.seat is not None and reader.seat in (r.author, r.to_seat)
        return (
            r.kind == "public"
            or reader.seat == MODERATOR
            or (r.kind == "private" and mine)
            or (r.kind == "bureau" and r.author == reader.seat)
        )

    def push(self, game_id: int, reader: Reader, since: int, messages_since: int) -> dict:
        """What a live reader is sent, from one catch-up: the view, the events after his
        first ``since`` and the messages after id ``messages_since``."""
        loaded = self.game(game_id)
        return {
            "view": self.view_of(loaded, reader),
            "events": self.events_of(loaded, reader, since),
            "messages": self.messages(game_id, reader, messages_since),
        }

    # -- time and bots -------------------------------------------------------------------------

    def after_change(self, game_id: int) -> None:
        self.publish(game_id)

    def bot_turns(self, game_id: int, limit: int = 200) -> int:
        """Let seated bots act while the game waits for them; returns actions made."""
        loaded = self.loaded.get(game_id)
        if loaded is not None and (not loaded.bots or loaded.match.outcome() is not None):
            return 0  # the common case, without a database read
        with self.store.session() as s:
            row = self._row(s, game_id)
            if row.status != "running":
                return 0
            bots = {
                x.seat: x.bot
                for x in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id))
                if x.bot
            }
            seed = row.seed
        made = 0
        while bots and made < limit:
            loaded = self.game(game_id)
            m = loaded.match
            waiting = [p for p in m.pending() if p in bots]
            if not waiting or m.outcome() is not None:
                break
            seat = waiting[0]
            bot = loaded.players.get(seat)
            if bot is None:
                bot = make(bots[seat], m.game, seat, seed + loaded.version)
                loaded.players[seat] = bot
            action = bot.act(m.state)  # Bot.act re-deals a copy for any bot that reads it
            self.submit(
                game_id, Reader(None, seat), str(action), key=f"bot:{loaded.version}:{seat}"
            )
            made += 1
        return made

    def running(self) -> list[int]:
        """Running games with a bot seated (their bots resume after a restart)."""
        with self.store.session() as s:
            return s.scalars(
                select(GameRow.id)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(GameRow.status == "running", SeatRow.bot.is_not(None))
                .distinct()
                .order_by(GameRow.id)
            ).all()

    def due(self, now: float | None = None) -> list[int]:
        now = time.time() if now is None else now
        with self.store.session() as s:
            return s.scalars(
                select(GameRow.id).where(
                    GameRow.status == "running", GameRow.deadline.is_not(None),
                    GameRow.deadline <= now,
                )
            ).all()  # fmt: skip

    def time_out(self, game_id: int) -> int:
        """At a passed deadline, the game's timeout action for each waiting seat."""
        made = 0
        loaded = self.game(game_id)
        m = loaded.match
        deadline = m.game.deadline(m.state)
        if deadline is None or deadline > time.time():
            return 0
        version = loaded.version
        for seat in list(m.pending()):
            m = self.game(game_id).match
            if m.game.deadline(m.state) != deadline:
                break  # the last timeout ended the decision: the next has its own clock
            if seat not in m.pending():
                continue
            action = m.game.timeout_action(m.state, seat)
            # Dated at the deadline (or the last action, if later): the game applies them
            # as the deadline's own moves, not as late moves of the next phase.
            at = max([deadline] + [a[2] for a in m.actions[-1:] if a[2] is not None])
            try:
                self.submit(
                    game_id, Reader(None, seat), str(action), f"timeout:{version}:{seat}", at
                )
            except ServiceError:
                continue
            made += 1
        return made
