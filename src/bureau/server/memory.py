"""A game in memory (``Loaded``): its match rebuilt from the log, the idempotency keys
and receipts of its actions, its bots, and its snapshots."""

from __future__ import annotations

import copy
import functools
import hashlib
import logging
import pickle
from dataclasses import dataclass, field
from pathlib import Path

from bureau.bots import Bot
from bureau.engine import Match, fairness
from bureau.engine.events import Event

from .writer import Write

log = logging.getLogger("bureau.server")

SNAPSHOT_EVERY = 200  # actions between snapshots of a game


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
        name = self.match.who(seat)
        return {
            "scheme": fairness.SCHEME, "commitment": self.commitment, "player": name,
            "number": number, "text": text, "nonce": nonce,
            "receipt": fairness.receipt(self.commitment, number, name, text, nonce),
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

    def snapshot_due(self, game_id: int) -> bool:
        """Whether the game is kept now (every ``SNAPSHOT_EVERY`` actions), so a restart
        replays only what came after. Each game takes its snapshots at its own offset:
        games started together and played at one pace (a tournament, a benchmark) would
        otherwise all pickle at once, holding every request up for the whole burst."""
        return (self.version + game_id) % SNAPSHOT_EVERY == 0

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

    @classmethod
    def restored(cls, game_id: int, blob: bytes, seq: int) -> Loaded | None:
        """The game from its snapshot ``blob`` taken at action ``seq``; None when the
        snapshot cannot be trusted (unreadable, or pickled by other code)."""
        try:
            code, loaded = cls.unpickled(blob)
        except Exception:  # a snapshot from an older Bureau: replay the whole log
            log.warning("game %s: unreadable snapshot, replaying its log", game_id)
            return None
        if code != code_fingerprint():  # pickled by other code: its objects may differ
            log.info("game %s: snapshot from other code, replaying its log", game_id)
            return None
        return loaded if isinstance(loaded, cls) and loaded.version == seq else None


@dataclass
class Prepared:
    """An action applied to a copy of the game, waiting for its commit."""

    job: Write
    trial: object
    canonical: str
    at: float
    events: list  # the game's own events (a timeout's are added when it is adopted)
    timeout: bool  # made by the Bureau at a deadline
