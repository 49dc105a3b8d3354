"""What each reader may know of a game of Final Decrees (DEC-A24, ``FinalDecrees.view``).

Everyone sees the table: the departments, their heads, blame, decrees and control
arrows, the decrees' progress, the discard pile, the count of the deck and of each
hand, the turn's budget and the open offers they may see. A player sees besides her
own hand and her own sealed bid; once the game is over every hand is shown.
"""

from __future__ import annotations

from typing import Any

from bureau.engine import deals as deal_book

from . import control, rules
from .actions import decree_text
from .control import arrow_text
from .data import explain
from .state import ASSIGN, BID, DEPT_CODES, DEPT_TITLES, OVER, State


def view(state: State, seat: int | None) -> dict:
    over = state.phase == OVER
    cards = state.cards
    out: dict[str, Any] = {
        "game": "decrees",
        "you": seat,
        "phase": state.phase,
        "turn": state.turns,
        "active": state.active if state.turns else None,
        "pending": list(rules.pending(state)),
        "actions_left": state.actions_left,
        "departments": [
            {
                "code": DEPT_CODES[d],
                "title": DEPT_TITLES[d],
                "head": state.head[d] if state.head[d] >= 0 else None,
                "blame": state.dept_blame[d],
                "decrees": [decree_text(i) for i in state.decrees_at(d)],
                "controls": [DEPT_CODES[b] for a, b in state.arrows if a == d],
                "below": [DEPT_CODES[b] for b in sorted(control.below(state.arrows, d))],
            }
            for d in state.depts
        ],
        "arrows": [arrow_text(a) for a in state.arrows],
        "empty": DEPT_CODES[state.empty_department()] if state.phase not in (BID, ASSIGN) else None,
        "decrees": [
            {
                "id": decree_text(i),
                "name": dec.name,
                "steps": [DEPT_CODES[s] for s in dec.steps],
                "stamped": state.decree_done[i],
                "at": DEPT_CODES[state.decree_at[i]] if state.decree_at[i] >= 0 else None,
            }
            for i, dec in enumerate(state.decrees)
        ],
        "enacted": state.enacted,
        "next_award": 10 * (state.enacted + 1),
        "deck_count": len(state.deck),
        # the deck's kinds are public; an offer may ask for any of them (DEC-A14)
        "card_kinds": [c.key for k, c in enumerate(cards) if k != state.sd],
        # and what each does, from the deck the game loaded (a group's own explains itself)
        "card_texts": {c.key: {"name": c.name, "text": explain(c)} for c in cards},
        "discard": [cards[k].key for k in state.discard],
        "players": [_player_view(state, other, seat, over) for other in range(state.num_players)],
        "turn_state": {
            "drew": state.drew,
            "budget_used": state.budget_used,
            "manoeuvres_used": state.manoeuvres_used,
            "leave": DEPT_CODES[state.leave] if state.leave >= 0 else None,
        },
        "offers": deal_book.view(state, seat),
    }
    if state.phase == BID:
        out["bid"] = {
            "round": state.rebids,
            "bidders": list(state.bidders),
            "committed": [other for other in state.bidders if state.bids[other]],
        }
        if seat is not None and state.bids[seat]:
            out["bid"]["yours"] = state.bids[seat]
    if state.choose is not None:
        out["choose"] = {"player": state.choose.chooser, "amount": state.choose.amount}
    if state.salvage is not None:
        out["salvage"] = [cards[k].key for k in state.salvage]
    if over:
        assert state.outcome is not None, "a game over has its outcome"
        out["outcome"] = state.outcome.to_json()
    return out


def _player_view(state: State, seat: int, reader: int | None, over: bool) -> dict:
    dept = state.dept_of[seat]
    pv: dict[str, Any] = {
        "name": state.names[seat],
        "dept": DEPT_CODES[dept] if dept >= 0 else None,
        "blame": state.blame[seat],
        "hand_count": len(state.hands[seat]),
    }
    if seat == reader or over:
        pv["hand"] = sorted(state.cards[k].key for k in state.hands[seat])
    return pv
