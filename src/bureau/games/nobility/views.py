"""What each reader may know of a Nobility game (``Nobility.view``).

Everybody sees the melds, the discard piles, the bank, the money, each hand's size and
the cards known to be in it (taken face up), the battle under way and the open offers
the reader may see (``deals.view``); a player sees besides her own hand, and, while
active, the cards she captured this turn. Once the match is over, every hand is shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bureau.cards import card_text
from bureau.engine import deals as deal_book

from . import flow, rules
from .state import OVER, State


def view(state: State, seat: int | None) -> dict:
    """What ``seat`` may know (``None``: the public's view)."""
    over = state.phase == OVER
    out: dict[str, Any] = {
        "game": "nobility",
        "you": seat,
        "rubber": state.rubber,
        "wins": state.wins[:],
        "dealer": state.dealer,
        "turn": state.turns + 1,
        "active": state.active,
        "phase": state.phase,
        "pending": list(rules.pending(state)),
        "stock_count": len(state.stock),
        "stock_discard": _cards(state.sdiscard),
        "noble_discard": _cards(state.ndiscard),
        "bank": state.bank,
        "coalition": list(state.coalition),
        "majority": list(flow.majority_holders(state)),
        "elections": state.elections,
        "exhausted": state.exhausted,
        "melds": [
            {
                "name": card_text(m.name),
                "owner": m.owner,
                "cards": _cards(m.cards()),
                "nobles": _cards(m.nobles),
                "joker": card_text(m.joker) if m.joker >= 0 else None,
                "income": flow.meld_income(state, m),
            }
            for m in state.melds
        ],
        "players": [_player_view(state, other, seat, over) for other in range(state.num_players)],
        "offers": deal_book.view(state, seat),
        "turn_state": {
            "drew": state.drew,
            "meld_operations": state.acted,
            "battle": bool(state.attacks),
            "captured_count": len(state.captured),
        },
    }
    if seat == state.active and state.captured:
        out["turn_state"]["captured"] = _cards(state.captured)
    if state.battle is not None:
        attacker, target, defender, attackers, defenders = state.battle
        out["battle"] = {
            "attacker": attacker,
            "defender": defender,
            "meld": card_text(state.melds[target].name) if target >= 0 else None,
            "attackers": _cards(attackers),
            "defenders": _cards(defenders),
        }
    if state.lose is not None:
        chooser, count, candidates = state.lose
        out["lose"] = {"player": chooser, "count": count, "from": _cards(candidates)}
    if state.income is not None:
        dropper, count, _, _ = state.income
        out["drop"] = {"player": dropper, "count": count}
    if state.window is not None:
        order, pos = state.window
        out["window"] = {"order": list(order), "current": order[pos]}
    if state.surplus:
        out["surplus"] = list(state.surplus)
    if state.rubber_results:
        out["rubbers"] = [dict(r) for r in state.rubber_results]
    if over:
        assert state.outcome is not None  # the match's end sets it
        out["outcome"] = state.outcome.to_json()
    return out


def _player_view(state: State, seat: int, reader: int | None, over: bool) -> dict:
    pv: dict[str, Any] = {
        "name": state.names[seat],
        "money": state.money[seat],
        "hand_count": len(state.hands[seat]),
        "known_hand": _cards(state.known[seat]),
        "provinces": state.provinces(seat),
        "out": state.out[seat],
    }
    if seat == reader or over:
        pv["hand"] = _cards(state.hands[seat])
    return pv


def _cards(cards: Iterable[int]) -> list[str]:
    return [card_text(c) for c in cards]
