"""What each reader may know of an Aristocracy game (``Aristocracy.view``).

Everybody sees the market, the face-up part of the discard pile, the coins, the stalls,
each hand's size and the cards known to be in it (``known_in_hand``), and every
building's address and exposed cards. A player sees besides her own hand, her own
buildings' face-down cards (not their production cards, ARI-57) and her own secret
choice while it is secret; the visitor and the owner see the cards of the building a
visit found mismatched. Once the game is over, everything is shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from bureau.cards import card_text

from . import flow, rules
from .state import (
    BALL,
    BID,
    EXPOSE,
    FACE_UP,
    FORCE,
    GLORY,
    OVER,
    PENALTY,
    PICK,
    ROYAL_NAMES,
    STALL,
    TAX,
    Building,
    Committed,
    Discards,
    FaceDownStall,
    State,
    Visiting,
)

SIZE_WORDS = ("farm", "estate", "château")


def view(state: State, seat: int | None) -> dict:
    """What ``seat`` may know (``None``: the public's view)."""
    over = state.step == OVER
    secret = state.step in (TAX, BID, GLORY, STALL)
    out: dict[str, Any] = {
        "game": "aristocracy",
        "you": seat,
        "year": state.year,
        "royal": ROYAL_NAMES[state.royal],
        "herald": state.herald,
        "step": state.step,
        "pending": list(rules.pending(state)),
        "active": state.active,
        "actions_left": state.actions_left if state.step != OVER else 0,
        "market": _cards(state.market),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "discard_face_up": _cards(state.discard[:FACE_UP]),
        "players": [
            _player_view(state, other, seat, over, secret) for other in range(state.num_players)
        ],
    }
    if state.step == PICK:
        out["bids"] = state.bids[:]
        out["picks"] = [[picker, i] for picker, i in state.picks]
    if state.visit is not None and state.step in (PENALTY, FORCE, EXPOSE):
        out["visit"] = _visit_view(state, state.visit, seat)
    if over:
        assert state.outcome is not None  # the game's end sets it
        out["outcome"] = state.outcome.to_json()
    return out


def _player_view(state: State, seat: int, reader: int | None, over: bool, secret: bool) -> dict:
    mine = seat == reader
    pv: dict[str, Any] = {
        "name": state.names[seat],
        "coins": state.coins[seat],
        "hand_count": len(state.hands[seat]),
        "known_hand": _cards(known_in_hand(state, seat)),
        "stall": _cards(state.stalls[seat]),
        "buildings": [_building_view(state, b, mine, over) for b in state.buildings[seat]],
    }
    if mine or over:
        pv["hand"] = _cards(state.hands[seat])
    if secret:
        committed = state.committed[seat]
        pv["committed"] = committed is not None
        if mine and committed is not None:
            pv["choice"] = _choice_view(committed)
        elif state.step == STALL and committed is not None:
            size = len(state.chosen(seat, FaceDownStall).cards)
            if state.options["show_stall_counts_before_reveal"]:
                pv["stall_count"] = size
            else:  # ARI-A15: the hand size would tell the count
                pv["hand_count"] += size
    if state.step == BALL:
        pv["ball_count"] = len(state.ball[seat])
        if mine:
            pv["ball"] = _cards(state.ball[seat])
    return pv


def _visit_view(state: State, visit: Visiting, reader: int | None) -> dict:
    owner, i, card_index = visit
    out: dict[str, Any] = {"visitor": state.active, "owner": owner, "building": i}
    if i >= 0 and reader in (state.active, owner):
        out["cards"] = _cards(state.buildings[owner][i].cards)
    if card_index >= 0:
        out["penalty_card"] = card_text(state.buildings[owner][i].cards[card_index])
    return out


def known_in_hand(state: State, seat: int) -> list[int]:
    """The cards everybody knows to be in ``seat``'s hand now.

    ``state.known[seat]`` is what went into her hand face up and has not been seen to
    leave. While her stall lies face down, those cards are in her hand or in that stall,
    and which is her secret: a known card is certainly still in hand only where she holds
    more copies of it than the stall could take. The stall's size is public when
    ``show_stall_counts_before_reveal`` is on (so, of five known cards and a stall of two,
    three are still certain only if alike), else her whole hand may have gone into it, and
    no known card is certain. At the reveal everybody sees which cards left, and
    ``flow.reveal_stalls`` updates ``state.known`` itself.
    """
    known = state.known[seat]
    if not known or state.step != STALL or state.committed[seat] is None:
        return known
    if not state.options["show_stall_counts_before_reveal"]:
        return []
    room = len(state.chosen(seat, FaceDownStall).cards)
    counts = Counter(known)
    return [c for c in sorted(counts) for _ in range(max(0, counts[c] - room))]


def _cards(cards: Iterable[int]) -> list[str]:
    return [card_text(c) for c in cards]


def _choice_view(choice: Committed) -> Any:
    if isinstance(choice, Discards | FaceDownStall):
        return _cards(choice.cards)
    return choice[0]  # coins or the glory answer


def _building_view(state: State, b: Building, mine: bool, over: bool) -> dict:
    show = mine or over
    return {
        "address": card_text(b.address),
        "kind": SIZE_WORDS[flow.kind_of(state, b)],
        "size": len(b.cards),
        "cards": [
            card_text(c) if (show or e) else None for c, e in zip(b.cards, b.exposed, strict=True)
        ],
        "exposed": b.exposed[:],
        "production": b.production is not None,
        **({"complete": flow.is_complete(b)} if show else {}),
        **(
            {"production_card": card_text(b.production)}
            if over and b.production is not None
            else {}
        ),
    }
