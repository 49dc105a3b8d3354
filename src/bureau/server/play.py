"""Playing: a game caught up from its log, what a reader sees of it, and the one path by
which an action enters it (checked by the engine, made durable, then adopted).

Actions on one game are serialized by a lock in this process and, across processes, by
the game row's ``version``: an action is stored only if the version it was computed on
is still current, else the game is rebuilt from the log and the action checked again.
An idempotency key makes a retried submission return the first result instead of
applying twice. ``submit`` (worker threads) and ``submit_async`` (the event loop) make
the same ``_attempt``; they differ only in how they wait for its write.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator

from anyio import to_thread
from sqlalchemy import select

from bureau.engine import MODERATOR, BureauError, IllegalAction, Match, fairness, load

from .accounts import Account, Reader
from .checks import game_row, refuse
from .db import ActionRow, GameRow, SeatRow, SnapshotRow, Store
from .memory import Loaded, Prepared
from .notices import Notices
from .writer import Write, Writer

ATTEMPTS = 5  # tries of a submission that other processes keep overtaking
# Idempotency keys the server gives its own actions; a client's key may not start so,
# or it could take the key of her own next timeout and stall her deadline.
RESERVED_KEYS = ("timeout:", "bot:", "server:")

# One try at a submission: it yields the write to make, is sent whether that committed,
# and returns the answer (None: another process went first).
Attempt = Generator[Write, bool, "dict | None"]


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
    bureau.server.checks.ServiceError: idempotency keys starting timeout:, bot: or ...
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


class Play:
    """The ``Service``'s games in play (``service.py`` composes it with the rest)."""

    store: Store
    writer: Writer
    notices: Notices
    loaded: dict[int, Loaded]
    readers: dict[tuple[int, int], Reader]
    submitting: set[int]
    locks: dict[int, threading.RLock]
    guard: threading.Lock
    after_change: Callable[[int], None]

    def lock(self, game_id: int) -> threading.RLock:
        """The game's lock in this process: one change or catch-up at a time."""
        with self.guard:
            return self.locks.setdefault(game_id, threading.RLock())

    def reader(self, account: Account | None, game_id: int) -> Reader:
        """The seat ``account`` holds in the game, the moderator, or a spectator."""
        if account is None:
            return Reader(None, None)
        cached = self.readers.get((account.id, game_id))
        if cached is not None:
            return cached
        found = self._reader(account, game_id)
        if game_id in self.loaded:  # running: seats are fixed
            self.readers[(account.id, game_id)] = found
        return found

    def _reader(self, account: Account, game_id: int) -> Reader:
        with self.store.session() as s:
            row = game_row(s, game_id)
            seat = s.scalar(
                select(SeatRow.seat).where(
                    SeatRow.game_id == game_id, SeatRow.account_id == account.id
                )
            )
            if seat is not None:
                return Reader(account.id, seat)
            if row.creator_id == account.id and getattr(load(row.game), "moderated", False):
                return Reader(account.id, MODERATOR)
        return Reader(account.id, None)

    # -- the game in memory ----------------------------------------------------------------

    def game(self, game_id: int) -> Loaded:
        """The game in memory, rebuilt from the log if this process is behind."""
        with self.lock(game_id):
            return self._catch_up(game_id)

    def _catch_up(self, game_id: int) -> Loaded:
        if game_id in self.submitting:
            # This thread holds the game for a submission awaiting its commit (the lock is
            # reentrant, and the event loop runs other work meanwhile): the log may hold
            # that action already, and the submission adopts it itself. Replaying it here
            # too would apply it twice.
            return self.loaded[game_id]
        with self.store.session() as s:
            row = game_row(s, game_id)
            if row.status == "open":
                raise refuse(409, "the game has not started")
            loaded = self.loaded.get(game_id)
            if loaded is not None and loaded.version == row.version:
                return loaded
            if loaded is None:
                snap = s.get(SnapshotRow, game_id)
                if snap is not None:
                    loaded = Loaded.restored(game_id, snap.state, snap.seq)
            start = 0 if loaded is None else loaded.version
            if loaded is None:
                loaded = self._fresh(s, row)
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

    @staticmethod
    def _fresh(s, row: GameRow) -> Loaded:
        """The game as it started, before its first action."""
        seats = s.scalars(
            select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)
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
        return loaded

    # -- what a reader sees ----------------------------------------------------------------

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

    # -- submitting ------------------------------------------------------------------------

    def submit(
        self, game_id: int, reader: Reader, text: str, key: str | None = None, at=None
    ) -> dict:
        """Apply ``text`` for the reader's seat; durable before it returns. A ``key`` the
        same seat used before returns that first result instead (keys are per seat)."""
        stored = self._checked(reader, text, key)
        with self.lock(game_id):
            for _ in range(ATTEMPTS):
                # The game as this process knows it; if another process went first, the
                # version check of the write fails and the game is rebuilt from the log.
                loaded = self.loaded.get(game_id) or self.game(game_id)
                attempt = self._attempt(game_id, loaded, reader, text, stored, at)
                try:
                    attempt.send(self.writer.write(next(attempt)))
                except StopIteration as done:
                    result = done.value
                if result is not None:
                    break
            else:
                raise refuse(503, "the game is busy; try again")
        return self._answered(game_id, result)

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
            attempt = self._attempt(game_id, loaded, reader, text, stored)
            try:
                attempt.send(await self.writer.write_async(next(attempt)))
            except StopIteration as done:
                result = done.value
        finally:
            self.submitting.discard(game_id)
            lock.release()
        if result is None:  # another process went first
            return await to_thread.run_sync(self.submit, game_id, reader, text, key)
        return self._answered(game_id, result)

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

    def _attempt(
        self, game_id: int, loaded: Loaded, reader: Reader, text: str, key, at=None
    ) -> Attempt:
        """One try at a submission (an ``Attempt``), the same for both paths: a retried
        key's first answer; else the action checked and applied to a copy of the game,
        its write yielded for the caller to make, and, once committed, the action
        adopted by the game. If another process went first (the write's version check
        failed), the game leaves memory, to be rebuilt from the log, and the answer is
        None."""
        if key is not None and key in loaded.keys:
            return {"accepted": True, "repeated": True, "action": loaded.keys[key]}
        prepared = self._prepare(game_id, loaded, reader, text, key, at)
        if not (yield prepared.job):
            self.loaded.pop(game_id, None)
            return None
        return self._finish(game_id, loaded, reader, prepared)

    def _answered(self, game_id: int, result: dict) -> dict:
        """A submission's answer, announced unless it repeats an earlier one."""
        if not result.get("repeated"):
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
        return Prepared(job, trial, canonical, at, events, is_timeout(key))

    def _finish(self, game_id: int, loaded: Loaded, reader: Reader, p: Prepared) -> dict:
        """The committed action becomes the game's state."""
        m = loaded.match
        key, canonical, nonce = p.job.action["key"], p.canonical, p.job.action["nonce"]
        if key is not None:
            loaded.keys[key] = canonical
        events = m.adopt(p.trial, reader.seat, canonical, p.at, p.events, timeout=p.timeout)
        loaded.played(reader.seat, nonce)
        loaded.version = p.job.action["seq"]
        if loaded.snapshot_due(game_id):  # written with the next batch, not waited for
            self.writer.snapshot(game_id, loaded.version, loaded.pickled())
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
