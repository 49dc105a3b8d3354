"""Storage: accounts, sessions, games with their seats, the append-only action log,
snapshots and messages, as SQLAlchemy 2 tables on SQLite or PostgreSQL.

A game *is* its action log (the game record of ``docs/record.md``): the state is
rebuilt by replaying it, from the latest snapshot when there is one. Schema
changes go through Alembic (``migrate``), which runs when the server starts.

>>> store = open_store("sqlite://")
>>> with store.session() as s:
...     s.add(AccountRow(name="ann", display="Ann", password_hash="x"))
...     s.commit()
...     s.scalar(select(AccountRow.display))
'Ann'
"""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    event,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

__all__ = [
    "AccountRow",
    "ActionRow",
    "Base",
    "GameRow",
    "MessageRow",
    "OutboxRow",
    "SeatRow",
    "SettingRow",
    "SnapshotRow",
    "Store",
    "TokenRow",
    "open_store",
    "select",
]


def now() -> float:
    return time.time()


class Base(DeclarativeBase):
    pass


class WholeNumber(TypeDecorator):
    """A whole number of any width, kept as its decimal digits: a hosted game's 128-bit
    seed fits no database's INTEGER, and every database keeps text whole."""

    impl = String(80)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return None if value is None else str(int(value))

    def process_result_value(self, value, dialect):
        return None if value is None else int(value)


class AccountRow(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)  # lower case: unique ignoring case
    display: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float, default=now)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    # notification kind -> wanted; a kind not listed is wanted (``mail.KINDS``)
    notify: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class TokenRow(Base):
    """A login: a browser session (with its CSRF token) or a bearer token for scripts."""

    __tablename__ = "tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))  # session | bearer
    csrf: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[float] = mapped_column(Float, default=now)
    expires_at: Mapped[float] = mapped_column(Float)


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(120), default="")
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(WholeNumber)
    # the commitment's salt (hex): the seed and salt are revealed when the game is over
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # what the host chose on a server that allows it ("seed", fixture options), else None
    arranged: Mapped[list | None] = mapped_column(JSON, nullable=True)
    players: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10), default="open")  # open | running | over
    creator_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    invite: Mapped[str] = mapped_column(String(40), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=0)  # actions applied
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[float] = mapped_column(Float, default=now)


class SeatRow(Base):
    __tablename__ = "seats"
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(20), nullable=True)
    name: Mapped[str] = mapped_column(String(40), default="")


class ActionRow(Base):
    """One accepted action: the log is append-only and ``seq`` counts from 1."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_actions_key"),)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)  # -2: the moderator
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    key: Mapped[str | None] = mapped_column(String(80), nullable=True)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    nonce: Mapped[str | None] = mapped_column(String(32), nullable=True)  # of its receipt


class SnapshotRow(Base):
    """The pickled state after ``seq`` actions, so a restart need not replay everything."""

    __tablename__ = "snapshots"
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[bytes] = mapped_column(LargeBinary)


class MessageRow(Base):
    __tablename__ = "messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    author: Mapped[int] = mapped_column(Integer)  # seat; -2 the moderator
    kind: Mapped[str] = mapped_column(String(10))  # public | private | bureau
    to_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float, default=now)


class OutboxRow(Base):
    """A mail to send, written in the same transaction as what caused it; a sender
    claims it (``claimed_by``, ``claimed_at``), sends it and marks it ``sent_at``.
    ``cause`` is unique: one mail per cause, however many processes saw it."""

    __tablename__ = "outbox"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    cause: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float, default=now)
    not_before: Mapped[float] = mapped_column(Float, default=0.0, index=True)
    claimed_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    claimed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[str | None] = mapped_column(String(200), nullable=True)  # sent, skipped: why


class SettingRow(Base):
    """The server's own settings shared by its processes (the mail signing key)."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Store:
    """An engine and its session factory."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.session = sessionmaker(engine, expire_on_commit=False)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"


def sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets readers run beside the writer; FULL sync makes a commit durable (power loss
    # included) before the server acknowledges an action.
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def database_url(db: str | None, folder: Path | None = None) -> str:
    """``--db`` as a SQLAlchemy URL: a PostgreSQL URL as given, else a SQLite file
    (default ``bureau.sqlite3`` in the working folder)."""
    if db and "://" in db:
        if db.startswith("postgresql://"):
            return "postgresql+psycopg://" + db[len("postgresql://") :]
        return db
    path = Path(db) if db else (folder or Path.cwd()) / "bureau.sqlite3"
    return f"sqlite:///{path}"


def open_store(url: str, create: bool = True) -> Store:
    """Connect; ``create`` makes the tables directly (tests, doctests). The server
    migrates with Alembic instead (``migrations.upgrade``)."""
    if url == "sqlite://":
        engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    elif url.startswith("sqlite"):
        # As many connections as request threads (anyio's 40), so none waits for one.
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=40
        )
    else:
        engine = create_engine(url, pool_size=20, max_overflow=30, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", sqlite_pragmas)
    if create:
        Base.metadata.create_all(engine)
    return Store(engine)
