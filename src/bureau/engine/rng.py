"""Seeded randomness.

Every random choice a game makes comes from a ``random.Random`` held in its
state and seeded from the game's seed, so a game record replays bit for bit.
``derive`` turns a seed and labels into independent sub-seeds (one per game
of a tournament, one per bot), stable across machines and Python runs. A seed
of up to 63 bits (local play, ``sim``, old records) derives 63-bit seeds, as it
always has; a wider one (a hosted game's 128-bit seed) derives 256-bit seeds,
so its whole width reaches every generator and no smaller space can be searched.

>>> derive(1, "game", 3) == derive(1, "game", 3)
True
>>> derive(1, "game", 3) != derive(1, "game", 4)
True
>>> derive(1, "game").bit_length() <= 63 < derive(1 << 127, "game").bit_length()
True
"""

from __future__ import annotations

import hashlib
import random

NARROW = 1 << 63  # seeds below this derive 63-bit seeds (every record before wide seeds)


def derive(seed: int, *labels: object) -> int:
    """A seed derived from ``seed`` and ``labels``: 63 bits for a seed below 2^63,
    else 256 bits."""
    text = repr((seed, *labels)).encode()
    if -NARROW <= seed < NARROW:
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
    return int.from_bytes(hashlib.blake2b(text, digest_size=32).digest(), "big")


def make_rng(seed: int, *labels: object) -> random.Random:
    """A generator seeded with ``derive(seed, *labels)``."""
    return random.Random(derive(seed, *labels))


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    new = random.Random(0)  # a fixed seed: seeding from the OS would be wasted work
    new.setstate(rng.getstate())
    return new


class _Deferred(random.Random):
    """A generator that takes its state (a generator's, or a seed's) only when first used.

    Cloning a game state for a search copies its generator, and most clones never
    draw from it: the copy (tens of microseconds) is deferred to the first draw, when
    the object turns into a plain ``random.Random``.
    """

    def _start(self) -> None:
        """Take the state now (a no-op if taken: bound methods may outlive the switch)."""
        source = self.__dict__.pop("_source", None)
        if source is None:
            return
        self.__class__ = random.Random
        if isinstance(source, int):
            random.Random.seed(self, source)
        else:
            random.Random.setstate(self, source.getstate())

    def random(self):
        _Deferred._start(self)
        return random.Random.random(self)

    def getrandbits(self, k):
        _Deferred._start(self)
        return random.Random.getrandbits(self, k)

    def seed(self, *args, **kwargs):
        _Deferred._start(self)
        return random.Random.seed(self, *args, **kwargs)

    def setstate(self, state):
        _Deferred._start(self)
        return random.Random.setstate(self, state)

    def randbytes(self, n):
        _Deferred._start(self)
        return random.Random.randbytes(self, n)

    def getstate(self):
        source = self.__dict__["_source"]
        if isinstance(source, int):
            self._start()
            return self.getstate()
        return source.getstate()

    def __reduce__(self):
        return random.Random, (), self.getstate()


def _deferred(source) -> random.Random:
    new = random.Random.__new__(_Deferred)  # no seeding: _start sets the state
    new._source = source
    return new


def fork_rng(rng: random.Random) -> tuple[random.Random, random.Random]:
    """Two independent generators in ``rng``'s state, each copied only when first used.

    The caller replaces ``rng`` with the first and must not draw from ``rng`` again
    (it stays the frozen source of both).

    >>> b, c = fork_rng(random.Random(7))
    >>> drawn = (b.random(), b.random())
    >>> drawn == (c.random(), c.random())  # the same sequence; b's draws do not move c
    True
    >>> import pickle; type(pickle.loads(pickle.dumps(c))) is random.Random
    True
    """
    source = rng.__dict__.get("_source", rng) if type(rng) is _Deferred else rng
    return _deferred(source), _deferred(source)


def seeded_later(seed: int) -> random.Random:
    """``random.Random(seed)``, seeded only when first used (seeding costs microseconds).

    >>> seeded_later(3).random() == random.Random(3).random()
    True
    """
    return _deferred(seed)
