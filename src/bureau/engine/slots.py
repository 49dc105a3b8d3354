"""Cloning slotted game states: share what never changes, copy the rest by hand.

A state lists the slots its ``clone`` copies itself; every other slot (names,
options, ints, tuples) is shared, and the random generator is copied.

>>> import random
>>> class S:
...     __slots__ = ("hand", "names", "rng")
>>> SHARED = shared_slots(S, "hand")
>>> s = S(); s.names, s.hand, s.rng = ("Ann",), [1, 2], random.Random(3)
>>> t = start_clone(s, SHARED); t.hand = s.hand[:]
>>> t.names is s.names, t.hand == s.hand, t.rng.random() == s.rng.random()
(True, True, True)
"""

from __future__ import annotations

from .rng import copy_rng


def shared_slots(cls, *copied: str) -> tuple[str, ...]:
    """The slots of ``cls`` a clone shares: all but ``rng`` and the ``copied`` ones."""
    unknown = set(copied) - set(cls.__slots__)
    if unknown:
        raise ValueError(f"{cls.__name__} has no slots {sorted(unknown)}")
    return tuple(s for s in cls.__slots__ if s != "rng" and s not in copied)


def start_clone(obj, shared: tuple[str, ...]):
    """A new object of ``obj``'s class with the ``shared`` slots and a copy of its ``rng``;
    the caller copies the remaining slots."""
    new = object.__new__(type(obj))
    for name in shared:
        setattr(new, name, getattr(obj, name))
    new.rng = copy_rng(obj.rng)
    return new
