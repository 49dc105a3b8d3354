"""Replay frames without replaying from the start at every step of the slider.

A finished game's record never changes, so the states along it are kept as
checkpoints every ``EVERY`` actions: a frame copies the nearest checkpoint at or
before its step and plays the few actions left. A few records are kept, the least
recently used dropped first.

>>> from bureau.engine import Match
>>> m = Match("aristocracy", 3, seed=2)
>>> for _ in range(7):
...     seat = m.pending()[0]
...     _ = m.play(seat, m.game.legal_actions(m.state, seat)[0])
>>> frames = Frames(every=3)
>>> frames.at(1, m.record(), 7).state.__class__ is m.state.__class__
True
>>> sorted(frames.checkpoints(1, m.record()))
[0, 3, 6]
>>> len(frames.at(1, m.record(), 5).actions)
5
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from bureau.engine import Match

EVERY = 25  # actions between checkpoints
RECORDS = 4  # records kept


class Frames:
    """Checkpointed replays of finished games, keyed by game id and record length."""

    def __init__(self, every: int = EVERY, records: int = RECORDS):
        self.every = every
        self.records = records
        self._kept: OrderedDict[tuple[int, int], dict[int, Match]] = OrderedDict()
        self._lock = threading.Lock()

    def checkpoints(self, game_id: int, record: dict) -> dict[int, Match]:
        """The record's checkpoints by step (made on first use; step 0 is the start)."""
        key = (game_id, len(record.get("actions", [])))
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                kept = self._kept[key] = {0: Match.replay(record, upto=0)}
                while len(self._kept) > self.records:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return kept

    def at(self, game_id: int, record: dict, step: int) -> Match:
        """A match replayed to ``step`` (a copy: the caller may keep or change it)."""
        kept = self.checkpoints(game_id, record)
        actions = record.get("actions", [])
        with self._lock:
            base = max(s for s in kept if s <= step)
            match = kept[base].copy()
        for start in range(base, step, self.every):
            end = min(step, start + self.every - start % self.every)
            match.follow(actions[start:end], start)
            if end % self.every == 0 and end not in kept:
                with self._lock:
                    kept.setdefault(end, match.copy())
        return match
