"""A finished game of Noblesse in numbers, for designers (``Game.statistics``).

Everything is read from the final state, so it costs next to nothing.
"""

from __future__ import annotations

from .state import MONEY, NEUTRAL, State


def statistics(state: State) -> dict[str, float]:
    """A finished game's telling numbers: its length, how it ended, and per faction the
    estates, victory squares and Nobles it held at the end; battles fought, units
    raised, players lost, treaties proposed and signed, marriages.

    >>> import bureau
    >>> stats = statistics(bureau.load("noblesse").new(8, seed=1))
    >>> stats["nights"], stats["battles"], stats["estates_pape"]
    (0.0, 0.0, 0.0)
    """
    facs = state.scenario.factions
    victory = [state.square(v) for v in state.scenario.victory]
    out: dict[str, float] = {"nights": float(state.night)}
    outcome = state.outcome
    reason = outcome.reason if outcome is not None else ""
    out["capped"] = float(bool(outcome is not None and outcome.capped))
    for kind in ("military", "alliance", "dynastic", "supremacy"):
        out[f"won_{kind}"] = float(f": {kind}" in reason or f", {kind}" in reason)
    for f, fac in enumerate(facs):
        out[f"estates_{fac.key}"] = float(sum(1 for g, _ in state.ctrl.values() if g == f))
        out[f"victory_squares_{fac.key}"] = float(
            sum(1 for sq in victory if state.ctrl.get(sq, (-1,))[0] == f)
        )
        out[f"nobles_{fac.key}"] = float(state.nobles_of(f))
    kinds = [f[1] for f in state.facts]
    out["battles"] = float(kinds.count("battle"))
    out["units_raised"] = float(sum(1 for f in state.facts if f[1] == "place" and f[-1] == "unit"))
    out["units_at_end"] = float(sum(1 for u in state.units.values() if u.owner != NEUTRAL))
    out["neutral_garrisons_left"] = float(
        sum(1 for u in state.units.values() if u.owner == NEUTRAL)
    )
    out["players_out"] = float(sum(1 for h in state.houses if not h.alive))
    out["treaties_proposed"] = float(state.next_treaty - 1)
    out["treaties_signed"] = float(len(state.treaties))
    out["marriages"] = float(sum(1 for h in state.houses if h.spouse >= 0) // 2)
    out["money_held"] = float(sum(h.res[MONEY] for h in state.houses))
    return out
