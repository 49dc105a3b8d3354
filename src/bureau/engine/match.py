"""A game in progress together with its record.

``Match`` is what the terminal, the replayer and the server drive: it parses
typed actions, applies them with their times, keeps every event, and writes
and replays the game record (``docs/record.md``).

>>> m = Match("aristocracy", 3, seed=4, options={"herald": 0})
>>> seat = m.pending()[0]
>>> events = m.play(seat, "stall none")
>>> m.actions[-1][1]
'stall none'
>>> again = Match.replay(m.record())
>>> again.view(None) == m.view(None)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import BureauError, RecordError
from .events import MODERATOR, MODERATOR_NAME, Event, all_but, only
from .game import Game, Outcome
from .record import FORMAT, format_time, load_record, parse_time
from .registry import load

TIMED_OUT = "timed out"  # the event of a move the Bureau made for a seat at a deadline
TIMEOUT_MARK = "timeout"  # a record entry's fourth element for such a move


def timed_out(seat: int, text: str) -> list[Event]:
    """The events of the move ``text`` the Bureau made for ``seat`` when its time ran
    out: the seat (and a moderator) read what was played, everyone else that the Bureau
    acted (the move itself may be secret: a sealed bid, a stall)."""
    return [
        Event(TIMED_OUT, only(seat), player=seat, action=text),
        Event(TIMED_OUT, all_but(seat), player=seat),
    ]


def describe_timed_out(names, event: Event) -> str:
    """The line of a ``timed_out`` event.

    >>> for e in timed_out(0, "stall none"):
    ...     print(describe_timed_out(("Ann", "Ben"), e))
    Time ran out for Ann: the Bureau played 'stall none' for them.
    Time ran out for Ann: the Bureau acted for them.
    """
    who = names[event.data["player"]]
    if "action" in event.data:
        return f"Time ran out for {who}: the Bureau played '{event.data['action']}' for them."
    return f"Time ran out for {who}: the Bureau acted for them."


class Match:
    """One game: its rules, its state, its action log and its events."""

    def __init__(
        self,
        game: str | Game,
        players: int | Sequence[str] | None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        bots_only: bool = False,
    ):
        self.game = load(game)
        self.seed = seed
        self.state = self.game.new(players, seed, options, bots_only=bots_only)
        self.actions: list[tuple[int, str, float | None]] = []
        self.events: list[Event] = []
        self.started: float | None = None
        self.timeouts: set[int] = set()  # indices of the actions made by the Bureau at deadlines
        self.ends: list[int] = []  # how many events there were after each action

    def begin(self, at: float) -> None:
        """The game goes live at ``at`` (a server starting a table): its clocks start."""
        self.started = at
        self.game.begin(self.state, at)

    # -- playing ------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def pending(self) -> tuple[int, ...]:
        return self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, seat: int | None) -> dict:
        return self.game.view(self.state, seat)

    def seat(self, who: int | str) -> int:
        """A seat from its number or its player's name (any case); ``moderator`` is the
        moderator of a forum game (``MODERATOR``)."""
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < len(self.names) or who == MODERATOR:
                return who
        elif isinstance(who, str):
            lowered = [n.lower() for n in self.names]
            if who.lower() == MODERATOR_NAME and getattr(self.game, "moderated", False):
                return MODERATOR
            if who.lower() in lowered:
                return lowered.index(who.lower())
        raise RecordError(f"no player {who!r}; the players are {', '.join(self.names)}")

    def who(self, seat: int) -> str:
        """The name a record gives ``seat``."""
        return MODERATOR_NAME if seat == MODERATOR else self.names[seat]

    def play(
        self, seat: int, action: Any, at: float | None = None, *, timeout: bool = False
    ) -> list[Event]:
        """Apply ``action`` (an action or its text) for ``seat`` and log it; ``timeout``:
        the Bureau made it for ``seat`` at a deadline (said so in the events first)."""
        if isinstance(action, str):
            action = self.game.parse(self.state, seat, action)
        text = str(action)
        events = self.game.apply(self.state, seat, action, at)
        return self.adopt(self.state, seat, text, at, events, timeout=timeout)

    def adopt(
        self,
        state: Any,
        seat: int,
        text: str,
        at: float | None,
        events: list[Event],
        *,
        timeout: bool = False,
    ) -> list[Event]:
        """Take ``state`` as the match's state and log it as ``play`` does: ``seat``'s
        action ``text`` applied at ``at`` (with ``events``) to a clone of the match's
        state, by a caller that checked and stored it before taking it (the server).
        Returns the events logged, a timeout's first.

        >>> m = Match("aristocracy", 2, seed=1, options={"herald": 0})
        >>> trial = m.game.clone(m.state)
        >>> action = m.game.parse(trial, 0, "stall none")
        >>> events = m.game.apply(trial, 0, action, None)
        >>> logged = m.adopt(trial, 0, str(action), None, events)
        >>> m.actions, m.state is trial, m.ends == [len(logged)]
        ([(0, 'stall none', None)], True, True)
        """
        if timeout:
            self.timeouts.add(len(self.actions))
            events = [*timed_out(seat, text), *events]
        self.state = state
        self.actions.append((seat, text, at))
        self.events.extend(events)
        self.ends.append(len(self.events))
        return events

    def describe(self, event: Event) -> str:
        """One line of text for ``event`` (the game's own words, or the Bureau's)."""
        if event.kind == TIMED_OUT:
            return describe_timed_out(self.names, event)
        return self.game.describe(self.state, event)

    # -- the record -----------------------------------------------------------

    def record(self) -> dict:
        """The game record: everything needed to replay this game exactly."""
        out = self.outcome()
        record = {
            "format": FORMAT,
            "game": self.game.name,
            "version": self.game.version,
            "players": list(self.names),
            "seed": self.seed,
            "options": dict(self.state.options),
            "actions": [
                [self.who(p), text, format_time(at), *([TIMEOUT_MARK] * (i in self.timeouts))]
                for i, (p, text, at) in enumerate(self.actions)
            ],
        }
        if self.started is not None:
            record["started"] = format_time(self.started)
        if out is not None:
            record["outcome"] = out.to_json()
        return record

    @classmethod
    def replay(cls, source: str | Path | dict, *, upto: int | None = None) -> Match:
        """Replay a record (dict, JSON text or file path) to its final state.

        Raises ``RecordError`` naming the failing action's position, its text
        and the reason.
        """
        record = load_record(source)
        try:
            match = cls(
                record["game"], record["players"], record.get("seed", 0), record.get("options")
            )
        except BureauError as exc:
            raise RecordError(f"cannot set up the game: {exc}") from None
        try:
            started = parse_time(record.get("started"))
            if started is not None:
                match.begin(started)
        except BureauError as exc:
            raise RecordError(f"started: {exc}") from None
        match.follow(record.get("actions", [])[:upto])
        return match

    def follow(self, entries: Sequence, first: int = 0) -> None:
        """Play a record's ``[player, action, time]`` entries, the first being action number
        ``first + 1`` of the record (for the messages); raises ``RecordError`` like
        ``replay``."""
        for index, entry in enumerate(entries, first):
            if not (
                isinstance(entry, list)
                and 2 <= len(entry) <= 4
                and entry[3:] in ([], [TIMEOUT_MARK])
            ):
                raise RecordError(
                    f"action {index + 1}: {entry!r} is not [player, action, time] (with"
                    f" {TIMEOUT_MARK!r} fourth for a move the Bureau made at a deadline)",
                    index,
                    entry,
                )
            who, text = entry[0], entry[1]
            try:
                at = parse_time(entry[2] if len(entry) >= 3 else None)
                seat = self.seat(who)
                if not isinstance(text, str):
                    raise RecordError(f"{text!r} is not an action text")
                self.play(seat, text, at, timeout=len(entry) == 4)
            except BureauError as exc:
                raise RecordError(
                    f"action {index + 1} ({who}: {text!r}) failed: {exc}", index, entry
                ) from None

    def copy(self) -> Match:
        """An independent copy: the state cloned, the logs copied (a replay's checkpoint).

        >>> m = Match("aristocracy", 3, seed=1)
        >>> c = m.copy()
        >>> _ = c.play(0, c.game.legal_actions(c.state, 0)[0])
        >>> len(c.actions), len(m.actions)
        (1, 0)
        """
        new = object.__new__(Match)
        new.game, new.seed, new.started = self.game, self.seed, self.started
        new.state = self.game.clone(self.state)
        new.actions, new.events = list(self.actions), list(self.events)
        new.timeouts, new.ends = set(self.timeouts), list(self.ends)
        return new

    def seen_after(self, seat: int | None) -> list[int]:
        """The numbers of the actions after which ``seat`` saw an event: the steps at
        which its view of the game can have changed (never a count of what it did not see).

        >>> m = Match("aristocracy", 2, seed=1, options={"herald": 0})
        >>> _ = m.play(0, "stall none")
        >>> m.seen_after(0)
        [1]
        """
        out, start = [], 0
        for number, end in enumerate(self.ends, 1):
            if any(e.visible_to(seat) for e in self.events[start:end]):
                out.append(number)
            start = end
        return out
