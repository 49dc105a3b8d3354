"""Victory, checked after step 10 of every Night (NSE-01 .. NSE-04, NSE-A03 .. NSE-A05)."""

from __future__ import annotations


def aligned(state, faction: int) -> int:
    """NSE-A05: living players aligned with ``faction`` (their PC's faction, or a free
    Heir's two factions), each counted once."""
    count = 0
    for h in state.houses:
        if not h.alive:
            continue
        factions = {h.faction}
        if h.heir in ("home", "field") and h.spouse >= 0:
            factions.add(state.houses[h.spouse].faction)  # NSE-45: the Heir's two factions
        if faction in factions:
            count += 1
    return count


def conditions(state, faction: int) -> list[str]:
    """The victories ``faction`` meets now."""
    won = []
    squares = [state.square(label) for label in state.scenario.victory]
    mine = sum(1 for sq in squares if state.ctrl.get(sq, (-1,))[0] == faction)
    ally = state.ally_of(faction)
    theirs = sum(1 for sq in squares if ally >= 0 and state.ctrl.get(sq, (-1,))[0] == ally)
    total = len(squares)
    if ally >= 0 and mine >= 2 and theirs >= 2 and mine + theirs == total:
        won.append("alliance")  # NSE-01: two each (2 + 2); 3 + 1 is Military (NSE-03)
    if mine == total or (ally >= 0 and mine == total - 1 and theirs == 1):
        won.append("military")  # NSE-03
    if state.nobles_of(faction) >= dynastic_threshold(state):
        won.append("dynastic")  # NSE-02, NSE-A03
    living = len(state.living())
    if aligned(state, faction) > living - aligned(state, faction):
        won.append("supremacy")  # NSE-04, NSE-A05
    return won


def dynastic_threshold(state) -> int:
    return state.scenario.dynastic_threshold


def winners(state) -> dict[int, list[str]]:
    """Winning factions and how (NSE-A04: shared wins; an ally shares Alliance and the
    3 + 1 Military Victory)."""
    out: dict[int, list[str]] = {}
    met = [conditions(state, f) for f in range(len(state.scenario.factions))]
    for f, won in enumerate(met):
        if won:
            out.setdefault(f, []).extend(won)
            ally = state.ally_of(f)
            for kind in won:
                # an ally who meets the condition himself (both sides of a 2 + 2) wins it
                # in his own right, not a second time as the ally
                if ally >= 0 and kind not in met[ally] and _shared(state, kind, ally):
                    out.setdefault(ally, []).append(f"{kind} (ally)")
    priority = state.options.get("simultaneous_victory", "shared")
    if priority == "priority" and len(out) > 1:
        for kind in ("military", "alliance", "dynastic", "supremacy"):
            best = {f: w for f, w in out.items() if any(x.startswith(kind) for x in w)}
            if best:
                return best
    return out


def _shared(state, kind: str, ally: int) -> bool:
    """NSE-A04: an ally shares the Alliance Victory and the 3 + 1 Military Victory."""
    if kind == "alliance":
        return True
    if kind != "military":
        return False
    squares = [state.square(label) for label in state.scenario.victory]
    return any(state.ctrl.get(sq, (-1,))[0] == ally for sq in squares)
