"""A finished game of Aristocracy in numbers, for designers (``Game.statistics``).

Everything comes from the final state, so it is cheap: years played, how the
game ended, buildings standing by type and how many of them were complete,
exposed cards, points, coins and the piles.

>>> from bureau.games.aristocracy import GAME
>>> state = GAME.new(3, seed=1, options={"herald": 0})
>>> stats = statistics(state)
>>> stats["years"], stats["buildings_chateau"], stats["coins_mean"]
(1.0, 0.0, 3.0)
"""

from __future__ import annotations

from bureau.cards import rank

from . import flow
from .state import OVER, State

KINDS = ("farm", "estate", "chateau")


def statistics(state: State) -> dict[str, float]:
    """Flat named figures of ``state`` (meant for a finished game, defined for any)."""
    n = state.num_players
    out: dict[str, float] = {"years": float(state.year)}
    out["glory"] = float(state.step == OVER and state.ended_by >= 0)
    out["capped"] = float(state.step == OVER and state.ended_by < 0)
    built = [0, 0, 0]
    done = [0, 0, 0]
    exposed = mismatched = production = 0
    for seat in range(n):
        for b in state.buildings[seat]:
            kind = flow.kind_of(state, b)
            built[kind] += 1
            done[kind] += flow.is_complete(b)
            exposed += sum(b.exposed)
            want = rank(b.address)
            mismatched += sum(1 for c in b.cards if rank(c) != want)
            production += b.production is not None
    for k, name in enumerate(KINDS):
        out[f"buildings_{name}"] = float(built[k])
        out[f"complete_{name}"] = float(done[k])
    out["building_cards_mismatched"] = float(mismatched)
    out["exposed_cards"] = float(exposed)
    out["production_unharvested"] = float(production)
    vp = sorted((flow.victory_points(state, seat) for seat in range(n)), reverse=True)
    out["vp_mean"] = sum(vp) / n
    out["vp_top"] = float(vp[0])
    out["vp_margin"] = float(vp[0] - vp[1])
    out["coins_mean"] = sum(state.coins) / n
    out["coins_max"] = float(max(state.coins))
    out["hand_mean"] = sum(len(h) for h in state.hands) / n
    out["draw_pile"] = float(len(state.deck))
    out["discard_pile"] = float(len(state.discard))
    return out


__all__ = ["statistics"]
