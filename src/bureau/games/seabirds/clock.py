"""Actions in time (``Seabirds.check`` and ``Seabirds.apply``): who may do what, the
clock, the phases a late action closes first, and the events the forum posts keep."""

from __future__ import annotations

from typing import cast

from bureau.engine import EVERYONE, MODERATOR, Event, IllegalAction

from . import flow, moderator, moves, rules
from .actions import Action, Hide, Tell
from .moderator import Command
from .state import AIR, DRAFT, State


def check(state: State, seat: int, action: Action | Command) -> None:
    if seat == MODERATOR:
        return moderator.check(state, action)
    if isinstance(action, (moderator.Resolve, moderator.Override)):
        raise IllegalAction("only the moderator may resolve or override")
    rules.check(state, seat, action)


def apply(
    state: State, seat: int, action: Action | Command, at: float | None = None
) -> list[Event]:
    """Messages carry the time they were sent (SEA-52): the action's ``at``, or one
    virtual minute after the last public action in games without a clock. Without a
    ``start_time`` the clock starts with the first action that carries a time.

    An action dated after its phase's deadline comes after that phase: the
    phase closes at the deadline first (SEA-28, SEA-37), as if everyone had been
    ready then, and the action is checked against what follows. The moderator's
    actions (``MODERATOR``) are timed the same way.

    Standing conditionals whose deadline the action's time (or a phase deadline passed
    on the way) has reached lapse first, each dated at its deadline (SEA-A14): this is
    the first the game learns that the deadline passed. A tell or a hidden message
    lapses nothing: the others would see their views change at a secret (SEA-16), so
    the next public action or phase deadline does it, dated the same. ``deadline``
    stays the phase's: a server times out pending players at it, and nobody is made
    ready at a conditional's deadline.
    """
    ev: list[Event] = []
    if at is not None and not state.clock:
        check(state, seat, action)
        flow.start_clock(state, at)
    elif at is not None and _overdue(state, at):
        trial = state.clone()
        _close_overdue(trial, at, [])
        check(trial, seat, action)  # refused: nothing changes
        _close_overdue(state, at, ev)
    else:
        check(state, seat, action)
    secret = isinstance(action, (Hide, Tell))  # no trace in others' views (SEA-16)
    if at is not None:
        state.now = max(state.now, at)
    elif not secret:  # a secret's time must not show
        state.now += flow.VIRTUAL_STEP
    if not secret:  # SEA-A14: before the action, at their deadlines
        flow.lapse_due(state, state.now, ev)
    if seat == MODERATOR:
        _moderate(state, action, ev)
    else:  # a player's: ``check`` refused the moderator's commands
        rules.perform(state, seat, cast(Action, action), ev)
    _chronicle(state, ev)
    return ev


def _moderate(state: State, action: Action | Command, ev: list) -> None:
    """The moderator's checked action; ``resolve`` takes the deadline's path."""
    if not isinstance(action, moderator.Resolve):
        assert isinstance(action, moderator.Override), "moderator.check let only hers through"
        moderator.perform(state, action, ev)
        return
    moderator.resolving(state, ev)
    if state.phase == DRAFT:
        picker = state.draft_order[0]
        rules.perform(state, picker, moves.timeout(state, picker), ev)
    else:
        _close_phase(state, ev)


def _overdue(state: State, at: float) -> bool:
    deadline = flow.phase_deadline(state)
    return deadline is not None and at > deadline


def _close_overdue(state: State, at: float, ev: list) -> None:
    deadline = flow.phase_deadline(state)
    while deadline is not None and at > deadline:
        flow.lapse_due(state, deadline, ev)  # those due first (SEA-A14)
        state.now = max(state.now, deadline)
        ev.append(Event("deadline", EVERYONE, phase=state.phase, round=state.round))
        _close_phase(state, ev)
        deadline = flow.phase_deadline(state)


def _close_phase(state: State, ev: list) -> None:
    """The phase under way ends as at its deadline: everyone is ready (SEA-28, SEA-37)."""
    state.ready = [True] * state.num_players
    flow.end_phase(state, ev)


def _chronicle(state: State, ev: list) -> None:
    """Keep the events the forum posts report: from the Air Phase before the last
    Resolution on (``exports``)."""
    for e in ev:
        if e.kind == "resolution":
            starts = [i for i, old in enumerate(state.chronicle) if _air_begins(old)]
            del state.chronicle[: starts[-1] if starts else 0]
        state.chronicle.append(e)


def _air_begins(e: Event) -> bool:
    return e.kind == "phase" and e.data["phase"] == AIR
