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
    """An independent generator in ``rng``'s state; ``rng`` itself is left as it was.

    The copy takes its state only when first drawn from (most clones a search makes never
    draw): from a generator not yet started (``seeded_later``, or a copy not yet drawn
    from) it shares the seed or state that one waits on, for free; from a running one it
    takes a snapshot of its state now (``getstate``) and sets it on the first draw.

    >>> a = random.Random(7)
    >>> b = copy_rng(a)
    >>> first = a.random()  # a's draws do not move b
    >>> b.random() == first
    True
    >>> c = copy_rng(b)  # a copy of a copy that has drawn: in its state now
    >>> c.random() == b.random()
    True
    >>> import pickle; type(pickle.loads(pickle.dumps(copy_rng(a)))) is random.Random
    True
    """
    if type(rng) is _Deferred:
        source = rng.__dict__.get("_source")
        if source is not None:  # an int or a state tuple: immutable, so shared
            return _deferred(source)
    return _deferred(rng.getstate())


class _Deferred(random.Random):
    """A generator that takes its state (a seed, or a ``getstate`` snapshot) only when
    first used, and then turns into a plain ``random.Random``.

    Seeding or setting the state costs microseconds and most copies never draw. The
    switch of ``__class__`` on the first draw is what keeps the draws after it at full
    speed: a subclass that checked on every draw instead makes a 52-card shuffle about
    60% slower (``Random.shuffle`` calls ``getrandbits`` once a card).
    """

    _source: int | tuple  # the state to take, until it is taken

    def _start(self) -> None:
        """Take the state now (a no-op if taken: bound methods may outlive the switch)."""
        source = self.__dict__.pop("_source", None)
        if source is None:
            return
        object.__setattr__(self, "__class__", random.Random)  # the switch (class docstring)
        if isinstance(source, int):
            random.Random.seed(self, source)
        else:
            random.Random.setstate(self, source)

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
        source = self.__dict__.get("_source")
        if source is None:  # started: a bound method that outlived the switch
            return random.Random.getstate(self)
        if isinstance(source, int):
            self._start()
            return self.getstate()
        return source

    def __reduce__(self):
        return random.Random, (), self.getstate()


def _deferred(source: int | tuple) -> random.Random:
    new = random.Random.__new__(_Deferred)  # no seeding: _start sets the state
    new._source = source
    return new


def seeded_later(seed: int) -> random.Random:
    """``random.Random(seed)``, seeded only when first used (seeding costs microseconds).

    >>> seeded_later(3).random() == random.Random(3).random()
    True
    """
    return _deferred(seed)
