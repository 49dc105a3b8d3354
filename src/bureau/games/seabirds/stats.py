"""A finished Seabirds game's telling numbers, for designers comparing rule variants.

Every figure is read off the final state, so it costs a few loops over small lists. The
names are the same in every game (a House not in play counts 0), so a balance lab can
average them over many games.

>>> from bureau.games.seabirds.actions import READY
>>> from bureau.games.seabirds.game import GAME
>>> state = GAME.new(3, seed=4, options={"houses": ["Breeding", "Usury", "Sensation"]})
>>> while GAME.outcome(state) is None:  # everyone idles to the final Stop
...     _ = GAME.apply(state, GAME.pending(state)[0], READY)
>>> figures = statistics(state)
>>> figures["rounds"], figures["upgrades"], figures["trades"], figures["points_winner"]
(6.0, 0.0, 0.0, 0.0)
"""

from __future__ import annotations

from .economy import SPECS
from .state import HAZARD, MONEY, SENSATION, SUPPRESSION, State
from .transactions import HOUSES, UPGRADES

TAKERS = (SENSATION, SUPPRESSION)
KEYS = tuple(u.lower().replace(" ", "_") for u in UPGRADES)


def statistics(state: State) -> dict[str, float]:
    """Rounds and Hazards, Upgrades bought (by type and in all), trades between Houses and
    the units they moved, special takes, final Money and holdings, the Victory Points of
    the winner and the margin over the runner-up, whether the tie-break decided, and each
    House's share of the win."""
    n = state.num_players
    points = [sum(k * SPECS[u].points for u, k in enumerate(ups)) for ups in state.upgrades]
    ranked = sorted(points, reverse=True)
    out: dict[str, float] = {
        "rounds": float(state.round),
        "hazards": float(state.discard.count(HAZARD)),
        "upgrades": float(sum(map(sum, state.upgrades))),
    }
    for u, key in enumerate(KEYS):
        out[f"upgrades_{key}"] = float(sum(ups[u] for ups in state.upgrades))
    out["trades"] = float(len(state.resolved))
    out["traded_units"] = float(sum(sum(t.amounts) for t in state.resolved))
    uses = state.stops // 2
    out["takes"] = float(
        sum(uses - state.special_left[seat] for seat, h in enumerate(state.house_of) if h in TAKERS)
    )
    out["messages"] = float(len(state.messages))
    out["money_mean"] = sum(h[MONEY] for h in state.holdings) / n
    out["holdings_mean"] = sum(map(sum, state.holdings)) / n
    out["points_mean"] = sum(points) / n
    out["points_winner"] = float(ranked[0])
    out["points_margin"] = float(ranked[0] - ranked[1]) if n > 1 else 0.0
    out["tie_broken"] = float(ranked[0] == ranked[1]) if n > 1 else 0.0
    winners = state.outcome.winners if state.outcome is not None else ()
    for h, name in enumerate(HOUSES):
        seat = state.seat_of(h)
        out[f"won_{name.lower()}"] = 1 / len(winners) if seat in winners else 0.0
    return out
