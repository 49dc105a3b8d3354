"""Seeded randomness.

Every random choice a game makes comes from a ``random.Random`` held in its
state and seeded from the game's seed, so a game record replays bit for bit.
``derive`` turns a seed and labels into independent sub-seeds (one per game
of a tournament, one per bot), stable across machines and Python runs.

>>> derive(1, "game", 3) == derive(1, "game", 3)
True
>>> derive(1, "game", 3) != derive(1, "game", 4)
True
"""

from __future__ import annotations

import hashlib
import random


def derive(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from ``seed`` and ``labels``."""
    text = repr((seed, *labels)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def make_rng(seed: int, *labels: object) -> random.Random:
    """A generator seeded with ``derive(seed, *labels)``."""
    return random.Random(derive(seed, *labels))


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    new = random.Random(0)  # a fixed seed: seeding from the OS would be wasted work
    new.setstate(rng.getstate())
    return new
