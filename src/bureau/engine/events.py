"""Events and their audiences.

Every change a game makes is reported as events. An event carries its
*audience*, a bit mask: bit ``p`` set means seat ``p`` may see it, and the
``SPECTATORS`` bit means people watching without a seat may. ``only(...)``
excludes spectators; ``all_but(...)`` and ``EVERYONE`` include them.

>>> e = Event("drew", only(2), player=2, card=5)
>>> e.visible_to(2), e.visible_to(0), e.visible_to(None)
(True, False, False)
>>> Event("drew", all_but(2), player=2).visible_to(None)
True
>>> Event("market", EVERYONE, cards=[1, 2]).visible_to(None)
True
"""

from __future__ import annotations

EVERYONE = -1  # all bits set: every seat and spectators
# The moderator of a forum game acts as this "seat": she reads every event and every view.
MODERATOR = -2
MODERATOR_NAME = "moderator"
SPECTATOR_BIT = 60  # above any seat a game can have
SPECTATORS = 1 << SPECTATOR_BIT


def only(*seats: int) -> int:
    """An audience of exactly these seats."""
    mask = 0
    for s in seats:
        mask |= 1 << s
    return mask


def all_but(*seats: int) -> int:
    """Everyone (spectators included) except these seats."""
    return ~only(*seats)


class Event:
    """One thing that happened, with who may see it.

    ``kind`` names the event, ``data`` holds JSON-ready details (seats as
    ints, cards as ints); games render it to text with ``Game.describe``.
    """

    __slots__ = ("audience", "data", "kind")

    def __init__(self, kind: str, audience: int = EVERYONE, **data):
        self.kind = kind
        self.audience = audience
        self.data = data

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` (a seat, None for a spectator, or ``MODERATOR``) see this event?"""
        if seat == MODERATOR:
            return True
        return bool(self.audience >> (SPECTATOR_BIT if seat is None else seat) & 1)

    def to_json(self) -> dict:
        return {"kind": self.kind, **self.data}

    def as_tuple(self) -> tuple:
        """(kind, audience, data): what ``from_tuple`` takes back; plain values pickle
        far faster than many small objects.

        >>> e = Event("drew", only(1), card=5)
        >>> Event.from_tuple(e.as_tuple()) == e
        True
        """
        return (self.kind, self.audience, self.data)

    @classmethod
    def from_tuple(cls, values: tuple) -> Event:
        new = cls.__new__(cls)
        new.kind, new.audience, new.data = values
        return new

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.audience}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.audience == other.audience
            and self.data == other.data
        )

    __hash__ = None  # type: ignore[assignment]


def plural(count: int, noun: str) -> str:
    """A count with its noun, for event text: ``1 card``, ``2 cards``.

    >>> plural(1, "card"), plural(0, "noble")
    ('1 card', '0 nobles')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def told(lines: dict, event: Event, context) -> str:
    """``event``'s line from a game's table ``lines`` of formatters, each called with
    ``context`` (the state, or the seats' names) and the event's data; a kind without a
    line shows its kind and data.

    >>> lines = {"drew": lambda names, d: f"{names[d['player']]} drew."}
    >>> told(lines, Event("drew", player=1), ("Ann", "Ben")), told(lines, Event("x"), ())
    ('Ben drew.', 'x: {}')
    """
    line = lines.get(event.kind)
    return line(context, event.data) if line else f"{event.kind}: {event.data}"


def visible(events, seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see."""
    return [e for e in events if e.visible_to(seat)]
