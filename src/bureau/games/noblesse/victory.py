"""Victory, checked after step 10 of every Night (NSE-01 .. NSE-04, NSE-A03 .. NSE-A05)."""

from __future__ import annotations

from .state import State


def aligned(state: State, faction: int) -> int:
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


def conditions(state: State, faction: int) -> list[str]:
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


def dynastic_threshold(state: State) -> int:
    return state.scenario.dynastic_threshold


def winners(state: State, mode: str | None = None) -> dict[int, list[str]]:
    """Winning factions and how (NSE-A04: shared wins; an ally shares Alliance and the
    3 + 1 Military Victory). ``mode`` overrides the ``simultaneous_victory`` option."""
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
    priority = mode or state.options.get("simultaneous_victory", "shared")
    if priority == "priority" and len(out) > 1:
        for kind in ("military", "alliance", "dynastic", "supremacy"):
            best = {f: w for f, w in out.items() if any(x.startswith(kind) for x in w)}
            if best:
                return best
    return out


def _shared(state: State, kind: str, ally: int) -> bool:
    """NSE-A04: an ally shares the Alliance Victory and the 3 + 1 Military Victory."""
    if kind == "alliance":
        return True
    if kind != "military":
        return False
    squares = [state.square(label) for label in state.scenario.victory]
    return any(state.ctrl.get(sq, (-1,))[0] == ally for sq in squares)


# -- in words -------------------------------------------------------------------------------

KINDS = ("military", "alliance", "dynastic", "supremacy")  # the order ``priority`` ranks them
TITLES = {
    "military": "a Military Victory",
    "alliance": "an Alliance Victory",
    "dynastic": "a Dynastic Victory",
    "supremacy": "a Supremacy Victory",
}


def _listed(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _held(state: State, faction: int) -> list[str]:
    return [
        label
        for label in state.scenario.victory
        if state.ctrl.get(state.square(label), (-1,))[0] == faction
    ]


def why(state: State, faction: int, kind: str) -> str:
    """What met ``kind`` for ``faction`` at this check, in words (public facts only)."""
    facs = state.scenario.factions
    ally = state.ally_of(faction)
    base = kind.split(" ")[0]
    if base == "military":
        mine = _held(state, faction)
        if len(mine) == len(state.scenario.victory):
            return f"it holds every victory square ({_listed(mine)})"
        theirs = _listed(_held(state, ally))
        return f"it holds {_listed(mine)}, and its ally {facs[ally].name} holds {theirs}"
    if base == "alliance":
        return (
            f"with its ally {facs[ally].name}, two victory squares each"
            f" ({_listed(_held(state, faction))}; {_listed(_held(state, ally))})"
        )
    if base == "dynastic":
        return f"{state.nobles_of(faction)} Nobles ({dynastic_threshold(state)} needed)"
    count, living = aligned(state, faction), len(state.living())
    return f"{count} of the {living} living players are aligned with it"


def summary(state: State, won: dict[int, list[str]]) -> str:
    """The victory check's result in words: who wins what and why, and, when several
    factions meet a condition at once, how NSE-A04 settles it (``simultaneous_victory``).

    "The Alliance of States wins a Dynastic Victory: 8 Nobles (8 needed)."
    """
    facs = state.scenario.factions
    said = []
    for f, kinds in sorted(won.items()):
        own = [f"{TITLES[k]}: {why(state, f, k)}" for k in kinds if not k.endswith("(ally)")]
        if own:
            said.append(f"{facs[f].name} wins {'; and '.join(own)}.")
        for k in kinds:
            if k.endswith("(ally)"):  # NSE-A04: the ally shares it
                ally = facs[state.ally_of(f)].name
                title = k.split(" ")[0].title()
                said.append(f"{facs[f].name} shares {ally}'s {title} Victory as its ally.")
    if state.options.get("simultaneous_victory", "shared") == "priority":
        beaten = sorted(set(winners(state, "shared")) - set(won))
        if beaten:
            first = next(k for k in KINDS if any(x.startswith(k) for w in won.values() for x in w))
            names = _listed(facs[f].name for f in beaten)
            said.append(
                f"{names} met a victory condition too, but with simultaneous_victory=priority"
                f" the {first.title()} Victory comes first (military, alliance, dynastic,"
                " supremacy)."
            )
    elif sum(1 for kinds in won.values() if any(not k.endswith("(ally)") for k in kinds)) > 1:
        said.append(
            "More than one faction met a victory condition at the same check, and they share"
            " the victory (simultaneous_victory=shared)."
        )
    return " ".join(said)


def stopped(state: State) -> str:
    """A game the Night cap (or an empty board) stopped: no victory; the ranking by the
    estates each faction holds, ties sharing a place."""
    facs = state.scenario.factions
    held = [sum(1 for f, _ in state.ctrl.values() if f == i) for i in range(len(facs))]
    order = sorted(range(len(facs)), key=lambda i: (-held[i], i))
    counts = ", ".join(f"{facs[i].name} {held[i]}" for i in order)
    head = (
        f"Nobody is left alive after Night {state.night}"
        if not state.living()
        else f"No faction won by Night {state.night}, the last this game plays (max_nights)"
    )
    tied = [i for i in order if held.count(held[i]) > 1]
    tie = ""
    if tied:
        groups = sorted({held[i] for i in tied}, reverse=True)
        tie = " " + " ".join(
            f"{_listed(facs[i].name for i in order if held[i] == n)} tie on {n} estates"
            " and share a place."
            for n in groups
        )
    return f"{head}: ranked by estates held, {counts}.{tie}"
