"""What each reader may know (NSE-111, NSE-A21, NSE-A22).

The public sees the board as the forum does: who controls each estate (by faction),
the Nobles each faction has, the statuses, the last public post, who is still in and
who is done for the Day. A player sees besides his role, resources, family,
courtiers, units, orders and private report; a Faction Leader his faction's players
and roles, Nobles and Unique Officers. The moderator sees everything.
"""

from __future__ import annotations

from bureau.engine import MODERATOR

from . import board
from .moderator import decisions
from .rules import channels, negotiators
from .scenario import STATS, UNIT_SHAPES
from .state import NEUTRAL, RES_NAMES, State


def view(state: State, seat: int | None) -> dict:
    out = public(state)
    if seat == MODERATOR:
        out["players"] = [own(state, s) for s in range(state.num_players)]
        out["log"] = [list(entry) for entry in state.log]
        out["decisions"] = decisions(state)
        out["units"] = [_unit(state, u) for u in sorted(state.units.values(), key=lambda u: u.id)]
    elif seat is not None:
        out["you"] = own(state, seat)
    return out


def public(state: State) -> dict:
    sc = state.scenario
    facs = sc.factions
    return {
        "game": "noblesse",
        "players": list(state.names),
        "night": state.night,
        "phase": state.phase,
        "deadline": state.clock,
        "board": {"rows": sc.rows, "cols": sc.cols, "victory": list(sc.victory)},
        "estates": {state.label(sq): facs[f].key for sq, (f, _) in sorted(state.ctrl.items())},
        "factions": [
            {"key": f.key, "name": f.name, "prestige": f.prestige, "nobles": state.nobles_of(i)}
            for i, f in enumerate(facs)
        ],
        "statuses": [
            {"factions": [facs[a].key, facs[b].key], "status": s}
            for (a, b), s in sorted(state.status.items())
        ],
        "alive": [h.alive for h in state.houses],
        "done": [h.ready for h in state.houses],
        "post": list(state.post),
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "catalogue": catalogue(state),
    }


def catalogue(state: State) -> dict:
    """The scenario's public facts a table explains units with (NSE-65, NSE-70, NSE-82,
    NSE-A18): every company design by id (name, slot, stats that are not 0, colour, tier,
    and for a role's unique design how many may be fielded), the unit types' slots
    (Officer, Centre, Flank, Reserve), their base costs in MP, the starting budget."""
    return {
        "stats": list(STATS),
        "units": {kind: list(shape) for kind, shape in UNIT_SHAPES.items()},
        "base_cost": dict(board.BASE_COST),
        "starting_budget": state.scenario.defaults.starting_unit_budget_mp,
        "companies": [
            {
                "id": c.id,
                "name": c.name,
                "slot": c.slot,
                "stats": {s: v for s, v in zip(STATS, c.stats, strict=True) if v},
                "colour": c.colour,
                "tier": c.tier,
                "limit": c.limit,
            }
            for c in state.designs.values()
        ],
    }


def _unit(state: State, u) -> dict:
    return {
        "id": u.label,
        "owner": "neutral" if u.owner == NEUTRAL else state.names[u.owner],
        "kind": u.kind,
        "square": state.label(u.square),
        "commander": u.commander or "officer company",
        "leader": u.leader,
        "companies": list(u.companies),
        "mercenary": u.merc,
    }


def own(state: State, seat: int) -> dict:
    h = state.houses[seat]
    sc = state.scenario
    role = sc.roles[h.role - 1]
    fac = sc.factions[h.faction]
    out = {
        "name": state.names[seat],
        "role": role.name,
        "faction": fac.key,
        "leader": state.leaders[h.faction] == seat,
        "core": [fac.core.text, role.core.text],
        "abilities": [
            {"name": a.name, "cost": f"{a.cost} {a.resource}", "text": a.text}
            for i, a in enumerate(role.abilities, 1)
            if i != h.skipped
        ],
        "uniques": [] if h.skipped == 4 else [f"{c.id} {c.name} x{c.limit}" for c in role.uniques],
        "home": state.label(h.home) if h.home >= 0 else None,
        "design": "-".join(map(str, h.design)),
        "resources": dict(zip(RES_NAMES, h.res, strict=True)),
        "court": h.court,
        "posts": [_post(state, p) for p in h.posts],
        "wounds": h.wounds,
        "alive": h.alive,
        "heir": h.heir,
        "heir_wounds": h.heir_wounds,
        "spouse": state.names[h.spouse] if h.spouse >= 0 else None,
        "units": [
            _unit(state, u)
            for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.owner == seat
        ],
        "estates": [state.label(sq) for sq in board.player_estates(state, seat)],
        "orders": [str(o) for o in h.orders],
        "report": list(state.reports[seat]) if state.reports else [],
        "may_write_to": sorted(state.names[s] for s in _channels(state, seat)),
    }
    if state.leaders[h.faction] == seat:
        out["faction_leader"] = leader_view(state, h.faction)
        out["faction_leader"]["negotiate_with"] = list(negotiators(state, seat))
    return out


def _channels(state: State, seat: int):
    return channels(state, seat)


def _post(state: State, post) -> str:
    kind, sq, detail = post
    extra = f" {RES_NAMES[detail]}" if isinstance(detail, int) else ""
    return f"{kind} {state.label(sq)}{extra}"


def leader_view(state: State, faction: int) -> dict:
    """NSE-111, NSE-113, NSE-114: the FL's team, Nobles, officers, faction estates."""
    sc = state.scenario
    return {
        "members": [
            {"name": state.names[s], "role": sc.roles[h.role - 1].name, "alive": h.alive}
            for s, h in enumerate(state.houses)
            if h.faction == faction
        ],
        "successor": (
            state.names[state.successors[faction]] if state.successors[faction] >= 0 else None
        ),
        "nobles": sorted(state.label(sq) for sq, f in state.nobles.items() if f == faction),
        "officers": sorted(n for n, s in state.officers.items() if s == state.leaders[faction]),
        "faction_estates": sorted(
            state.label(sq) for sq, (f, s) in state.ctrl.items() if f == faction and s < 0
        ),
        **treaties_of(state, faction),
    }


def treaties_of(state: State, faction: int) -> dict:
    """NSE-99, NSE-A24: the open proposals from or to the faction and its signed treaties,
    which its Faction Leader negotiated (an heir inherits them with the faction)."""
    keys = [f.key for f in state.scenario.factions]
    return {
        "proposals": [
            {"id": p.id, "by": keys[p.by], "to": keys[p.to], "text": p.text}
            for p in state.proposals
            if faction in (p.by, p.to)
        ],
        "treaties": [
            {
                "id": t.id,
                "with": keys[t.f2 if t.f1 == faction else t.f1],
                "text": t.text,
                "start": t.start,
                "active": t.active,
                "ended": t.ended,
            }
            for t in state.treaties
            if faction in (t.f1, t.f2)
        ],
    }
