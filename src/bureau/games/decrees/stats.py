"""A finished game of Final Decrees in numbers, for designers (``Game.statistics``).

Everything is read from the final state, so it costs next to nothing:

>>> import bureau
>>> game = bureau.load("decrees")
>>> state = game.new(4, seed=2, options={"heads": ["EXE", "HR", "TRE", "SS"]})
>>> numbers = statistics(state)
>>> numbers["turns"], numbers["decrees_enacted"], numbers["arrows_changed"]
(1.0, 0.0, 0.0)
"""

from __future__ import annotations

from .actions import decree_text
from .state import START_ARROWS, State


def statistics(state: State) -> dict[str, float]:
    """Telling numbers by name: length, decrees (how many and which), blame by seat and in
    sum, what the departments still hold, and how much the control arrows changed."""
    out: dict[str, float] = {"turns": float(state.turns)}
    out.update(_decrees(state))
    out.update(_blame(state))
    start = {a for a in START_ARROWS if a[0] in state.depts}
    out["arrows_changed"] = float(len(start.symmetric_difference(state.arrows)))
    out["cards_left"] = float(len(state.deck))
    outcome = state.outcome
    reason = outcome.reason if outcome is not None else ""
    out["ended_by_deck"] = float("deck" in reason or "last card" in reason)
    out["ended_by_decrees"] = float("every decree" in reason)
    out["capped"] = float(bool(outcome and outcome.capped))
    return out


def _decrees(state: State) -> dict[str, float]:
    out = {
        "decrees_enacted": float(state.enacted),
        "steps_stamped": float(sum(state.decree_done)),
    }
    for i, at in enumerate(state.decree_at):
        out[f"enacted_{decree_text(i)}"] = float(at < 0)
    return out


def _blame(state: State) -> dict[str, float]:
    blame = state.blame
    out = {f"blame_seat_{seat}": float(b) for seat, b in enumerate(blame)}
    out["blame_least"] = float(min(blame))
    out["blame_most"] = float(max(blame))
    out["blame_mean"] = sum(blame) / len(blame)
    ordered = sorted(blame)
    out["blame_margin"] = float(ordered[1] - ordered[0])  # the winner's lead
    out["dept_blame_left"] = float(sum(state.dept_blame[d] for d in state.depts))
    return out
