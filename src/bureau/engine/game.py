"""The rules contract every game implements.

A game is one ``Game`` object (registered by name, see ``bureau.load``) whose
methods take a *state* and never keep any themselves: the state is the whole
game, so it can be cloned, determinized and replayed. Seats are ints
``0..n-1``; ``None`` as a player means a spectator.

The flow of one decision::

    action = game.parse(state, seat, "stall 7H 9S")   # or a bot's choice
    events = game.apply(state, seat, action, at=now)  # mutates state
    for e in events: ... e.visible_to(reader) ...

Illegal or malformed input raises ``IllegalAction`` with a message that says
what is wrong and what would be legal, and leaves the state unchanged.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from . import options as _options
from . import positions as _positions
from .errors import IllegalAction, OptionError
from .events import Event


class GameState(Protocol):
    """What the engine reads of every game's state; the rest is the game's own."""

    names: tuple[str, ...]
    num_players: int
    options: dict[str, Any]
    outcome: Outcome | None
    step_started: float | None  # when the decision under way began (decision clocks)

    def clone(self) -> Any: ...


S = TypeVar("S", bound=GameState)  # a game's state
A = TypeVar("A")  # a game's action
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    ``scores`` per seat (the game's own measure), ``ranking`` per seat
    (1 is first; tied seats share a rank), ``winners`` the seats ranked 1.
    A *capped* game was stopped by a cap option before the rules ended it:
    it has no winners, and its scores are for statistics only.
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    capped: bool = False
    reason: str = ""
    details: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "capped": self.capped,
            "reason": self.reason,
            **({"details": self.details} if self.details else {}),
        }


def rank_by(keys: Sequence[tuple]) -> tuple[int, ...]:
    """Competition ranks (1 = best) of seats by descending sort keys.

    >>> rank_by([(3, 1), (5, 0), (3, 1)])
    (2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


class Game(Generic[S, A]):
    """Base class of a game's rules, generic over its state ``S`` and action ``A``.
    Subclasses override the contract methods.

    Class attributes describe the game for the registry and the CLI.
    """

    name: str = ""
    title: str = ""
    version: str = "1"
    min_players: int = 2
    max_players: int = 2
    options: tuple[_options.Option, ...] = ()
    summary: str = ""
    # Event kinds that reveal what their readers could not know (a card drawn from a hidden
    # deck, sealed bids opened): what follows them may differ between re-dealt worlds
    # without anything having leaked.
    reveals: frozenset[str] = frozenset()
    # True where a pending player may do more than ``legal_actions`` lists (free-text
    # messages): interfaces then never play a lone legal action for a human.
    open_ended: bool = False
    # True for forum games with a moderator who acts as ``MODERATOR`` (overrides, resolving).
    moderated: bool = False

    # -- setting up -------------------------------------------------------

    def new(
        self,
        players: int | Sequence[str] | None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        bots_only: bool = False,
    ):
        """A new game for ``players`` (a count, or the seat names in order; None: the
        position's own seats).

        With the option ``position`` (a file, or the document itself) the game starts
        from that saved position: its seats are the position's, renamed by ``players``
        when they are names, and its options keep the document, so the game's record
        replays without the file.
        """
        options = dict(options or {})
        position = None
        if self.positions is not None and options.get("position") is not None:
            position, where = _positions.document(options["position"], self.name)
            options["position"] = position
            players = _positions.seat_names(position, players)
        if players is None:
            raise OptionError("give the players: a count, or their names")
        names = self.player_names(players)
        resolved = self.resolve_options(options, bots_only=bots_only)
        state = self.setup(names, seed, resolved)
        if position is not None:
            reader = _positions.PositionReader(where, position["players"])
            _part(self.positions, "load_position")(state, position, reader)
        return state

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]):
        """Build the initial state from validated names and resolved options."""
        raise NotImplementedError

    def player_names(self, players: int | Sequence[str]) -> tuple[str, ...]:
        """Seat names, validated: unique single words the action texts can name."""
        if isinstance(players, int):
            names = DEFAULT_NAMES[:players]
            if len(names) < players:
                names = tuple(f"P{i + 1}" for i in range(players))
        else:
            names = tuple(players)
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise OptionError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {n}"
            )
        lowered = [s.lower() for s in names]
        if "moderator" in lowered:
            raise OptionError("'moderator' is reserved for the moderator of a forum game")
        for name in names:
            if not name or not set(name) <= NAME_CHARS or name[0].isdigit():
                raise OptionError(
                    f"player name {name!r} must be one word of letters, digits, _ or -,"
                    " not starting with a digit"
                )
        if len(set(lowered)) != n:
            raise OptionError("player names must differ (ignoring case)")
        return names

    def resolve_options(self, given: Mapping[str, Any] | None, bots_only: bool = False):
        return _options.resolve(self.options, given, bots_only)

    # -- saved positions (docs/positions.md) -------------------------------

    # The game's module of saved positions (a dotted path), if it has them: it holds
    # ``save_position(state) -> dict`` and ``load_position(state, doc, reader)``, which
    # fills a freshly set-up state from ``doc`` with a ``PositionReader``'s checks.
    positions: str | None = None

    def save_position(self, state: S) -> dict:
        """``state`` as a position document: start a game from it with the option
        ``position`` and it plays on exactly as this one would."""
        if self.positions is None:
            raise OptionError(f"{self.title} has no saved positions")
        return _part(self.positions, "save_position")(state)

    # -- the contract -----------------------------------------------------

    def pending(self, state: S) -> tuple[int, ...]:
        """The seats the game is waiting for (several when choices are simultaneous)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action of ``seat`` now (empty if it has none)."""
        raise NotImplementedError

    def sample_action(self, state: S, seat: int, rng: random.Random) -> A:
        """A random legal action, cheaply; games with combinatorial choices override."""
        return rng.choice(self.legal_actions(state, seat))

    def parse(self, state: S, seat: int, text: str) -> A:
        """The action ``text`` means for ``seat``, checked; raises ``IllegalAction`` whose
        message ends with what is legal now."""
        try:
            action = self.read(state, seat, text)
            self.check(state, seat, action)
        except (ValueError, IllegalAction) as exc:
            raise self.illegal(state, seat, str(exc)) from None
        return action

    def read(self, state: S, seat: int, text: str) -> A:
        """The action ``text`` means, not yet checked; ``ValueError`` or ``IllegalAction``
        when it means none."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: A, at: float | None = None) -> list[Event]:
        """Validate and perform ``action``; return the events it caused.

        With a ``decision_seconds`` option set, a new decision's clock starts at
        ``at`` whenever ``decision_key`` changes; without one, nothing is timed.
        """
        self.check(state, seat, action)
        if state.options.get("decision_seconds") is None:
            return self.perform(state, seat, action)
        before = self.decision_key(state)
        events = self.perform(state, seat, action)
        if self.decision_key(state) != before:
            state.step_started = at
        return events

    def check(self, state: S, seat: int, action: A) -> None:
        """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
        raise NotImplementedError

    def perform(self, state: S, seat: int, action: A) -> list[Event]:
        """Carry out a checked action; return its events."""
        raise NotImplementedError

    def decision_key(self, state: S) -> tuple:
        """What identifies the decision under way; a new key starts a new clock."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> dict:
        """A JSON-ready dict of exactly what ``seat`` (None: a spectator) may know."""
        raise NotImplementedError

    def timeout_action(self, state: S, seat: int) -> A:
        """What the Bureau does for ``seat`` when a deadline passes."""
        raise NotImplementedError

    def begin(self, state: S, at: float) -> None:
        """The game goes live at ``at``: a game with clocks starts the first one.

        By default the first decision's ``decision_seconds`` clock starts (games whose
        state has ``step_started``); games with their own clocks override this.
        """
        timed = state.options.get("decision_seconds") is not None
        if timed and hasattr(state, "step_started") and state.step_started is None:
            state.step_started = at

    def deadline(self, state: S) -> float | None:
        """When the current decision wants to end (seconds since the epoch), if it has a clock."""
        seconds = state.options.get("decision_seconds")
        started = getattr(state, "step_started", None)
        if seconds is None or started is None or self.outcome(state) is not None:
            return None
        return started + seconds

    def channels(self, state: S, seat: int) -> frozenset[int]:
        """The other seats ``seat`` may talk to privately."""
        return frozenset(range(state.num_players)) - {seat}

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A full state that ``seat`` cannot tell from ``state``, unknowns re-dealt."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs; how it ended afterwards (states keep it as ``outcome``)."""
        return state.outcome

    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""
        return state.clone()

    # -- bots and designers -----------------------------------------------

    # Modules of the game's own (dotted paths), imported on first use so that games stay
    # below the bots layer: ``heuristic`` holds ``HeuristicBot`` and ``evaluate``,
    # ``stats`` holds ``statistics``.
    heuristic: str | None = None
    stats: str | None = None
    # The ISMCTS parameters that play this game best (docs/bots.md, "Strength"): a plain
    # ``ismcts`` bot spec plays with them; a spec with any parameter starts from the
    # search's generic defaults instead.
    ismcts: str | None = None

    def own_bots(self) -> dict[str, type]:
        """The game's own bot kinds by name (its heuristic bot), beside the game-agnostic
        ones of ``bureau.bots``."""
        return (
            {} if self.heuristic is None else {"heuristic": _part(self.heuristic, "HeuristicBot")}
        )

    def evaluate(self, state: S) -> tuple[float, ...]:
        """Each seat's estimated share of the win, in [0, 1], summing to 1.

        Search bots score a position with it where they stop looking ahead. A game with a
        ``heuristic`` module judges with its ``evaluate``; otherwise, when the game is over
        the winners share 1 (a capped game: every seat alike), and while it runs every
        seat is alike.
        """
        if self.heuristic is not None:
            return _part(self.heuristic, "evaluate")(state)
        out = self.outcome(state)
        n = state.num_players
        if out is not None and out.winners and not out.capped:
            share = 1 / len(out.winners)
            return tuple(share if s in out.winners else 0.0 for s in range(n))
        return (1 / n,) * n

    def statistics(self, state: S) -> dict[str, float]:
        """The game's own telling numbers about a finished game, by name (the balance lab
        reports them per variant: buildings by type, decrees enacted, upgrades bought);
        the ``stats`` module's ``statistics``, if the game has one."""
        return {} if self.stats is None else _part(self.stats, "statistics")(state)

    # -- text -------------------------------------------------------------

    def describe(self, state: S, event: Event) -> str:
        """One line of text for ``event``, naming players by name."""
        return f"{event.kind} {event.data}"

    def forum_post(self, state: S, seat: int | None = None, fmt: str = "bbcode") -> str:
        """For a moderated forum game: the public post (``seat`` None) or ``seat``'s private
        report of the last resolution, in ``fmt`` (``bureau.engine.forum.FORMATS``)."""
        raise NotImplementedError(f"{self.title} has no forum posts")

    def action_help(self, state: S, seat: int) -> str:
        """A short reminder of the action texts legal now, for error messages."""
        if self.outcome(state) is not None:
            return "The game is over."
        waiting = self.pending(state)
        if seat not in waiting:
            return f"The game is waiting for {', '.join(state.names[other] for other in waiting)}."
        return self.help_text(state, seat)

    def help_text(self, state: S, seat: int) -> str:
        """What ``seat``, who is pending, may type now."""
        return ""

    def illegal(self, state: S, seat: int, message: str) -> IllegalAction:
        """An ``IllegalAction`` whose message ends with what is legal now."""
        hint = self.action_help(state, seat)
        return IllegalAction(f"{message}. {hint}" if hint else message)


@functools.cache
def _part(module: str, name: str):
    """``name`` from ``module``, imported once (search bots call ``evaluate`` per iteration)."""
    return getattr(importlib.import_module(module), name)
