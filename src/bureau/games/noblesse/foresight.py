"""What the Day can tell of a Night order: refused at once, or accepted with a caution.

Orders are written during a Day that may last 48 hours and resolved at Night
(NSE-118), so an order that can only fail costs its writer a whole Night. When an
order is given, ``foresee`` looks at what its writer knows (his own units, posts,
courtiers, orders and estates, the public board, the Nobles) and answers
``(refusal, caution)``:

- a **refusal** when that knowledge already decides the order: it would fail at Night
  whatever the others do. ``rules.check`` refuses it with "this would fail at Night
  because ..." and the rule's id;
- a **caution** when it fails only if something happens that the order's writer
  decides himself but cannot yet be sure of (an earlier order of his succeeding, an
  Heir arriving): the order is accepted, and its writer alone is told "accepted; it
  fails at Night if ...";
- neither otherwise: what else may stop it depends on the others' orders and hidden
  facts, which the Night alone reveals (NSE-A07).

Nothing here reads what the player may not know, so a refusal or a caution never
tells him more than his view does (``determinize``'s re-dealt worlds answer alike).

Why the knowledge decides, for each order (the Night's steps, NSE-119):

- *Recruiting* (step 5; NSE-A19, NSE-A38, NSE-69, NSE-08): before step 5 nothing gives a
  player a new recruiting site (Stewards and TCs are placed at step 8) and he loses none
  (estates are lost at step 6), so the site is decided. His units are removed before
  step 5 only by his own ``disband``, so the coloured and unique companies of his other
  units are there; units without a move, march or disband order stay on their square.
- *Stewards, TCs and Lobbyists* (step 8; NSE-23, NSE-24, NSE-40, NSE-A10, NSE-A30,
  NSE-A39, NSE-A41): recalls come first, then placements in the order listed. An estate
  lost at step 6 has no unit of its holder's faction left on it, so it cannot become his
  again by a placement that needs his unit there.
- *Open City and Create Noble* (step 4; NSE-42, NSE-43, NSE-A39): Stewards are placed
  only at step 8, and Nobles are lost only at step 6, so the Steward and the Noble seen
  during the Day are those of step 4.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import board
from .actions import (
    CreateHeir,
    CreateNoble,
    Disband,
    Levy,
    Lobbyist,
    March,
    Move,
    OpenCity,
    Order,
    Recall,
    Recruit,
    Setup,
    Steward,
    TaxCollector,
    UnitTo,
    Use,
)
from .board import recruit_site, unique_problem
from .effects import RES_INDEX, _squares, ability_of
from .state import RES_NAMES, House, State

NONE = ("", "")


def foresee(state: State, seat: int, order: Order, caution: bool = True) -> tuple[str, str]:
    """``(refusal, caution)`` for ``seat`` giving ``order`` now, after his other orders
    (module doc); ``("", "")`` when the Day cannot tell. With ``caution=False`` (the
    check of every candidate order, ``rules.check``) only the refusal is looked for."""
    look = FORESIGHT.get(type(order))
    return look(state, seat, order, caution) if look else NONE


# -- recruiting (step 5) -------------------------------------------------------------------------


def _companies(spec) -> tuple[str, ...]:
    return tuple(cid for cid, n in spec[3] for _ in range(n))


def _earlier_recruits(state: State, h: House) -> list[tuple[tuple, int]]:
    """(spec, square) of the recruits already on ``h``'s list, in order (the starting unit
    of Night 1 first), each of which may or may not succeed."""
    out = []
    for o in h.orders:
        kind = type(o)
        if kind is Setup and state.night == 0 and h.home >= 0:
            out.append((o.spec, h.home))
        elif kind is Recruit:
            out.append((o.spec, state.square(o.square)))
        elif kind is Use:
            for t in o.terms:
                if isinstance(t, Levy):
                    out.append((t.spec, state.square(t.square)))
    return out


def _moving(h: House) -> set[int]:
    """Ids of ``h``'s units with an order that may take them off their square."""
    ids = set()
    for o in h.orders:
        kind = type(o)
        if kind is Move or kind is March or kind is Disband:
            ids.add(o.unit)
        elif kind is Use:
            ids.update(t.unit for t in o.terms if isinstance(t, UnitTo))
    return ids


def _arriving(state: State, h: House, square: int) -> list[str]:
    """Kinds of ``h``'s units ordered onto ``square`` (they may get there or not)."""
    kinds = []
    for o in h.orders:
        kind = type(o)
        ends: tuple[tuple[int, str], ...] = ()
        if kind is Move:
            ends = ((o.unit, o.path[-1]),)
        elif kind is March:
            ends = ((o.unit, o.square),)
        elif kind is Use:
            ends = tuple((t.unit, t.square) for t in o.terms if isinstance(t, UnitTo))
        for uid, label in ends:
            unit = state.units.get(uid)
            if unit is not None and isinstance(label, str) and state.square(label) == square:
                kinds.append(unit.kind)
    return kinds


def _levies(state: State, seat: int, levies, caution: bool) -> tuple[str, str]:
    """Recruiting ``levies`` ((spec, label), ...: one recruit order, or a recruiting
    ability's units, all or none) after the player's other orders."""
    h = state.houses[seat]
    per_unit = state.options.get("max_coloured_per_unit", 2)
    per_player = state.options.get("max_coloured_per_player", 4)
    disbanded = {o.unit for o in h.orders if type(o) is Disband}
    moving = _moving(h)
    mine = [u for u in state.units.values() if u.owner == seat]
    kept = [u for u in mine if u.id not in disbanded]  # still his at step 5
    held = board.coloured(state, [c for u in kept for c in u.companies])
    new: list[tuple[str, int]] = []  # (kind, square) of this order's units
    new_companies: list[str] = []
    for spec, label in levies:
        sq = state.square(label)
        if not recruit_site(state, seat, sq):
            return (
                f"{label} is neither your Home Estate, an estate you control, nor a faction"
                " estate with your Steward (NSE-A19)",
                "",
            )
        companies = _companies(spec)
        unknown = next((cid for cid in companies if cid not in state.designs), None)
        if unknown is not None:  # an ability's levy: the Day's recruit check never saw it
            return board.shape_problem(state, spec), ""
        if board.coloured(state, companies) > per_unit:
            return f"a unit may hold {per_unit} coloured companies at most (NSE-A38)", ""
        new_companies.extend(companies)
        new.append((spec[0], sq))
        held_then = held + board.coloured(state, new_companies)
        if held_then > per_player:
            return (
                f"your units would hold {held_then} coloured companies, and you may hold"
                f" {per_player} at most (NSE-A38)",
                "",
            )
        problem = unique_problem(state, seat, new_companies, kept)
        if problem:
            return _with_id(problem, "NSE-A18"), ""
        here = [u.kind for u in mine if u.square == sq and u.id not in moving]
        here += [k for k, s in new if s == sq]
        if board.stacked(here) > board.STACK_LIMIT:
            return (
                f"your faction would have more than {board.STACK_LIMIT} units on {label} (NSE-69)",
                "",
            )
    if not caution:
        return NONE
    # What the player's earlier orders would change, if they succeed.
    earlier = _earlier_recruits(state, h)
    earlier_companies = [c for spec, _ in earlier for c in _companies(spec)]
    maybe = held + board.coloured(state, earlier_companies + new_companies)
    if maybe > per_player:
        return "", (
            f"your earlier recruits succeed: your units would then hold {maybe} coloured"
            f" companies, and you may hold {per_player} at most (NSE-A38)"
        )
    problem = unique_problem(state, seat, earlier_companies + new_companies, kept)
    if problem:
        return "", f"your earlier recruits succeed: {_with_id(problem, 'NSE-A18')}"
    for sq in sorted({s for _, s in new}):
        here = [u.kind for u in mine if u.square == sq and u.id not in moving]
        here += _arriving(state, h, sq) + [spec[0] for spec, s in earlier if s == sq]
        here += [k for k, s in new if s == sq]
        if board.stacked(here) > board.STACK_LIMIT:
            return "", (
                f"your earlier orders bring their units to {state.label(sq)} first: your"
                f" faction would have more than {board.STACK_LIMIT} units there (NSE-69)"
            )
    return NONE


def _with_id(text: str, rule: str) -> str:
    return text if "(NSE-" in text else f"{text} ({rule})"


def _recruit(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    return _levies(state, seat, [(order.spec, order.square)], caution)


# -- courtiers (step 8) --------------------------------------------------------------------------


def _given(h: House, order) -> bool:
    """Is ``order`` on ``h``'s list already (an order equals only one of its type)?"""
    return order in h.orders


def _kept_post(state: State, seat: int, kind: str, label: str, res: str) -> bool:
    """``seat`` has a TC or Lobbyist on ``label`` ``res`` that his list does not recall
    (a recalled TC takes its Lobbyist home with it)."""
    h = state.houses[seat]
    table = state.tcs if kind == "tc" else state.lobbyists
    sq, r = state.square(label), RES_INDEX[res]
    if table.get((sq, r)) != seat:
        return False
    recalled = _given(h, Recall("tc", label, res)) or (
        kind == "lobbyist" and _given(h, Recall("lobbyist", label, res))
    )
    return not recalled


def _lobbyist(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    """NSE-24, NSE-A41: on a resource his TC collects, with a base income, one per
    resource. The base income of his own estates is his to know; other estates' never
    matter, since no TC of his is there."""
    h = state.houses[seat]
    label, res = order
    sq, r = state.square(label), RES_INDEX[res]
    if _given(h, Lobbyist(label, res)):
        return (
            f"you have ordered a Lobbyist on {label} {res} already; one per resource (NSE-A41)",
            "",
        )
    if _kept_post(state, seat, "lobbyist", label, res):
        return f"your Lobbyist works the {res} of {label} already; one per resource (NSE-A41)", ""
    if sq == h.home or state.ctrl.get(sq) == (h.faction, seat):
        base = h.design[r] if sq == h.home else board.income_of(state, sq)[r]
        if base < 1:
            return f"{label} has no base {res} income (NSE-24)", ""
    if not _kept_post(state, seat, "tc", label, res) and not _given(h, TaxCollector(label, res)):
        return (
            f"no Tax Collector of yours collects {res} on {label}, and you have ordered none"
            " before this Lobbyist (NSE-24)",
            "",
        )
    return NONE


def _tcs_kept(state: State, h: House, seat: int, label: str) -> bool:
    sq = state.square(label)
    return any(
        s == seat and key[0] == sq and not _given(h, Recall("tc", label, RES_NAMES[key[1]]))
        for key, s in state.tcs.items()
    )


def _steward(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    """NSE-23: one Steward per estate, and never beside TCs."""
    h = state.houses[seat]
    label = order.square
    sq = state.square(label)
    if state.stewards.get(sq) == seat or _given(h, Steward(label)):
        return f"your Steward is on {label} already; one per estate (NSE-23)", ""
    if _tcs_kept(state, h, seat, label):
        return f"your Tax Collectors are on {label}, and a Steward never joins them (NSE-23)", ""
    if any(type(o) is TaxCollector and o.square == label for o in h.orders):
        return "", (
            f"your Tax Collector takes office on {label} first (it comes earlier in your"
            " list), since a Steward never joins Tax Collectors (NSE-23)"
        )
    return NONE


def _heir_possible(state: State, h: House, seat: int) -> bool:
    """Could ``h`` have an Heir by step 8: one now, or one made this Night (Create Heir at
    step 4, or a marriage accepted during the Day whose ability gives one at step 1)?"""
    if h.heir in ("home", "field"):
        return True
    if h.heir_used:
        return False
    return any(type(o) is CreateHeir for o in h.orders) or any(
        seat in (m.by, m.to) and m.status == "accepted" for m in state.marriage_offers
    )


def _tc(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    """NSE-15, NSE-21, NSE-23, NSE-40, NSE-A10, NSE-A30, NSE-A39 (``effects._tc``)."""
    h = state.houses[seat]
    label, res = order
    sq = state.square(label)
    if _given(h, TaxCollector(label, res)) or _kept_post(state, seat, "tc", label, res):
        return f"{label} has your Tax Collector on {res} already; one per resource (NSE-23)", ""
    steward = state.stewards.get(sq) == seat
    if steward and sq in state.nobles:
        return f"the Steward on {label} backs a Noble and stays (NSE-A39)", ""
    held = state.ctrl.get(sq)
    if held == (h.faction, seat) or (held is None and sq == h.home):
        return NONE  # his own estate: a Steward of his there is released (NSE-40)
    converts = held == (h.faction, -1) and steward
    if held is not None and held.faction == h.faction and not converts:
        # his faction keeps it through step 6 unless none of its units is there, and then
        # no unit of his is there to take it at step 8 (NSE-16)
        return "Tax Collectors work only on estates you control (NSE-21, NSE-A10)", ""
    # His faction's estate with his Steward (NSE-A30), or one he may take: neutral, or
    # another faction's that may be seized at step 6 (NSE-88).
    if board.may_hold_more(state, seat):
        return NONE
    if not _heir_possible(state, h, seat):
        why = (
            "a Steward becomes Tax Collectors only for an Heir's estate (NSE-A30)"
            if converts
            else "you may control no more estates until you have an Heir (NSE-15, NSE-46)"
        )
        return why, ""
    if h.heir in ("home", "field"):
        extra = [state.label(s) for s in board.player_estates(state, seat) if s != h.home]
        return "", (
            f"you still hold {', '.join(extra)} then: with an Heir you control one estate"
            " beyond your Home (NSE-15, NSE-A30)"
        )
    return "", "you have no Heir by step 8: only an Heir's estate takes Tax Collectors (NSE-A30)"


# -- Open City and Create Noble (step 4) ---------------------------------------------------------


def _stewarded(state: State, seat: int, label: str, rule: str) -> str:
    h = state.houses[seat]
    sq = state.square(label)
    if sq == h.home:
        return f"{label} is your Home Estate, and the action needs your Steward on another ({rule})"
    if state.stewards.get(sq) != seat:
        return (
            f"you have no Steward on {label}: Stewards take office at step 8, after the"
            f" actions of step 4 ({rule})"
        )
    return ""


def _open_city(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    return _stewarded(state, seat, order.square, "NSE-42"), ""


def _create_noble(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    """NSE-43, NSE-A39: a Steward of yours, not on your Home Estate, backing no Noble."""
    h = state.houses[seat]
    label = order.square
    problem = _stewarded(state, seat, label, "NSE-43")
    if problem:
        return problem, ""
    if state.square(label) in state.nobles:
        return f"the Steward on {label} already backs a Noble (NSE-A39)", ""
    if _given(h, CreateNoble(label)):
        return (
            f"you have ordered Create Noble on {label} already, and a Steward backs one"
            " Noble (NSE-A39)",
            "",
        )
    return NONE


def _use(state: State, seat: int, order, caution: bool) -> tuple[str, str]:
    """Recruiting abilities (§4.3: they obey the recruiting rules) and those that Create a
    Noble on named Stewards."""
    _, ability = ability_of(state, seat, order.ability)
    args = order.terms
    if ability is None:
        return NONE
    if ability.effect == "recruit":
        levies = [(t.spec, t.square) for t in args if isinstance(t, Levy)]
        return _levies(state, seat, levies, caution) if levies else NONE
    if ability.effect == "create_noble":
        for label in _squares(args):
            problem = _stewarded(state, seat, label, "NSE-43")
            if not problem and state.square(label) in state.nobles:
                problem = f"the Steward on {label} already backs a Noble (NSE-A39)"
            if problem:
                return problem, ""
    return NONE


FORESIGHT: dict[type, Callable[[State, int, Any, bool], tuple[str, str]]] = {
    Recruit: _recruit,
    Lobbyist: _lobbyist,
    Steward: _steward,
    TaxCollector: _tc,
    OpenCity: _open_city,
    CreateNoble: _create_noble,
    Use: _use,
}
