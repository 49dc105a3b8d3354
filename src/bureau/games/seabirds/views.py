"""What each reader may know of a game of Seabirds (``Seabirds.view``).

Everyone sees the Houses' holdings, upgrades and points, the flight's limits and the
proposal to change them, the public and revealed messages, the standing conditionals
and the complication cards discarded (and the top one, when a Loyal Administrator
showed it). A player sees besides the private messages to or from her and her own
hidden ones; the moderator (``MODERATOR``) sees every message, the sealed
Transactions, the deck's order, the rolls and her log.
"""

from __future__ import annotations

from typing import Any

from bureau.engine import MODERATOR

from . import economy
from .flow import phase_deadline
from .rules import pending
from .state import CARDS, DRAFT, GROUP, GROUP_NAMES, OPPOSES, OVER, State
from .transactions import ASSETS, HOUSES, UPGRADES


def view(state: State, seat: int | None) -> dict:
    out: dict[str, Any] = {
        "game": "seabirds",
        "you": seat,
        "phase": state.phase,
        "round": state.round,
        "stops": state.stops,
        "deadline": phase_deadline(state),
        "limits": {"air_hours": state.limits[0], "land_hours": state.limits[1]},
        "proposal": None
        if state.proposal is None
        else {
            "by": state.proposal.proposer,
            "air_hours": state.proposal.air,
            "land_hours": state.proposal.land,
            "agreed": list(state.agreed),
        },
        "pending": list(pending(state)),
        "ready": state.ready[:],
        "houses": [_house_view(state, other) for other in range(state.num_players)],
        "deck_count": len(state.deck),
        "top": CARDS[state.deck[-1]] if state.known_top and state.deck else None,
        "discard": [CARDS[c] for c in state.discard],
        "messages": [
            {
                "time": m.time,
                "from": m.author,
                "kind": m.kind,
                "to": _recipients(m.to, state.num_players) if m.kind == "private" else m.to,
                "text": m.text,
                "revealed": m.revealed,
            }
            for m in state.messages
            if _reads(m, seat)
        ],
        "standing": [economy.text(t) for t in state.standing],
    }
    if state.phase == DRAFT:
        out["draft_order"] = list(state.draft_order)
    if state.phase == OVER:
        assert state.outcome is not None, "a game over has its outcome"
        out["outcome"] = state.outcome.to_json()
    if seat == MODERATOR:
        out.update(_moderator_view(state))
    return out


def _house_view(state: State, seat: int) -> dict:
    house = state.house_of[seat]
    held = state.holdings[seat]
    return {
        "name": state.names[seat],
        "house": HOUSES[house] if house >= 0 else None,
        "group": GROUP_NAMES[GROUP[house]] if house >= 0 else None,
        "opposes": GROUP_NAMES[OPPOSES[GROUP[house]]] if house >= 0 else None,
        "money": held[0],
        "resources": {ASSETS[a]: held[a] for a in range(1, len(ASSETS)) if held[a]},
        "upgrades": {UPGRADES[u]: n for u, n in enumerate(state.upgrades[seat]) if n},
        "points": economy.points(state, seat),
        "special_left": state.special_left[seat],
        "distribution": [ASSETS[a] if a >= 0 else "none" for a in state.distribution[seat]],
    }


def _reads(m, seat: int | None) -> bool:
    """May the reader ``seat`` (a seat, None or ``MODERATOR``) read message ``m``?"""
    if m.kind == "public" or seat == MODERATOR:
        return True
    if m.kind == "private":
        return seat is not None and (seat == m.author or bool(m.to >> seat & 1))
    return m.revealed or m.author == seat


def _moderator_view(state: State) -> dict:
    """What only the moderator sees besides every message: the sealed Transactions, the
    deck's order, the rolls (secret during the draft) and her log of resolves and overrides."""
    stops = {m.seq: m.to for m in state.messages}
    return {
        "sealed": [
            {"from": p.seat, "stop": stops.get(p.seq), "text": economy.text(p)}
            for p in state.sealed
        ],
        "deck": [CARDS[c] for c in reversed(state.deck)],
        "rolls": list(state.rolls),
        "log": [list(entry) for entry in state.log],
    }


def _recipients(bits: int, n: int) -> list[int]:
    return [seat for seat in range(n) if bits >> seat & 1]
