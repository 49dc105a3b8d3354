"""Validating and performing Seabirds' decisions.

Anyone may post, tell and hide at any time in the Air and Land Phases, ready
or not; ``pending`` is who has not yet declared ready (or whose pick it is in
the draft). ``check`` never changes the state.
"""

from __future__ import annotations

import re

from bureau.engine import EVERYONE, Event, IllegalAction, only

from . import clerk, flow
from .actions import Action, Administer, Agree, Hide, Limits, Orders, Pick, Post, Ready, Tell
from .state import (
    ADMINISTRATOR,
    AIR,
    CARDS,
    DISTRIBUTION,
    DRAFT,
    LAND,
    MONEY,
    OVER,
    Message,
    Proposal,
    State,
)
from .transactions import HOUSES, is_transaction, near_miss, text

MIN_HOURS = 1  # SEA-A21
MAX_HOURS = 30 * 24  # 30 days: the longest phase, as the options air_hours and land_hours
# A message that says to use the Loyal Administrator ("administrator Windfall", "I use my
# Loyal Administrator on Windfall"), with or without the Transaction header.
_ADMINISTRATOR = re.compile(
    r"\s*(?:attn\s+bureau\s*:\s*transaction\s*\.\s*)?"
    r"(?:i\s+(?:will\s+|'ll\s+|\u2019ll\s+)?use\s+(?:my\s+|the\s+|a\s+)?)?(?:loyal\s+)?"
    r"administrator\s*:?\s*(?:on\s+|for\s+)?(?P<card>[a-z]+)\s*[.!]?\s*",
    re.IGNORECASE,
)


def pending(state: State) -> tuple[int, ...]:
    if state.phase == DRAFT:
        return state.draft_order[:1]
    if state.phase in (AIR, LAND):
        return tuple(seat for seat in range(state.num_players) if not state.ready[seat])
    return ()


def check(state: State, seat: int, action: Action) -> None:
    phase = state.phase
    if phase == OVER:
        raise IllegalAction("the game is over")
    if phase == DRAFT:
        if not isinstance(action, Pick):
            raise IllegalAction("the Houses are being chosen: 'house NAME'")
        if seat not in pending(state):
            raise IllegalAction("it is not your pick")
        if action.house in state.house_of:
            raise IllegalAction(f"{HOUSES[action.house]} is taken")  # SEA-04
        return
    if isinstance(action, Pick):
        raise IllegalAction("the Houses have been chosen")
    if isinstance(action, (Post, Tell, Hide)) and not action.text.strip():
        raise IllegalAction("write something in the message")
    if isinstance(action, Ready):
        if state.ready[seat]:
            raise IllegalAction("you are ready already")
    elif isinstance(action, Tell):
        if not action.seats or any(
            other == seat or not 0 <= other < state.num_players for other in action.seats
        ):
            raise IllegalAction("tell other players")
    elif isinstance(action, Hide):
        card = administrator_card(action.text)
        if card is not None:  # not a sealed statement that opens at the landing
            raise IllegalAction(
                "the Loyal Administrator cannot be used in a hidden message: its use is "
                "public and immediate, not a Transaction (SEA-A19, SEA-79); type "
                f"'administrator {CARDS[card]}'"
            )
        coming = state.coming_stop()
        if coming > state.stops:
            raise IllegalAction("the Houses have landed at the final Stop: no Stop is left")
        if action.stop is not None and action.stop < coming:
            raise IllegalAction(
                f"Stop {action.stop}'s Resolution has begun: a hidden message for it is"
                f" invalid (SEA-33); mark it for Stop {coming} or later"
            )
    elif isinstance(action, Limits):
        if not state.options["allow_round_vote"]:
            raise IllegalAction("this game keeps the host's time limits (allow_round_vote)")
        if min(action.air, action.land) < MIN_HOURS:
            raise IllegalAction(f"no phase is shorter than {MIN_HOURS} hour")
        if max(action.air, action.land) > MAX_HOURS:
            raise IllegalAction(f"no phase is longer than {MAX_HOURS} hours (30 days)")
    elif isinstance(action, Agree):
        if state.proposal is None:
            raise IllegalAction("there is no proposal of time limits to agree to")
        if seat in state.agreed:
            raise IllegalAction("you have agreed already")
    elif isinstance(action, Administer):
        if not state.upgrades[seat][ADMINISTRATOR]:
            raise IllegalAction("you need a Loyal Administrator")
        if state.holdings[seat][MONEY] < 1:
            raise IllegalAction("the Loyal Administrator costs 1 Money a use")
        if action.card not in state.discard:
            shown = ", ".join(CARDS[c] for c in state.discard) or "nothing"
            raise IllegalAction(f"no {CARDS[action.card]} in the discard pile ({shown})")
    elif isinstance(action, Orders):
        owned = state.upgrades[seat][DISTRIBUTION]
        if len(action.assets) != owned:
            raise IllegalAction(f"give one order for each of your {owned} Distribution Contracts")


def administrator_card(message: str) -> int | None:
    """The card a message asks the Loyal Administrator to put back on the deck, if the
    whole message is such a request ("administrator Windfall"), else None.

    >>> administrator_card("administrator windfall"), administrator_card("I admire Windfall")
    (2, None)
    """
    m = _ADMINISTRATOR.fullmatch(message)
    if m is None:
        return None
    word = m["card"].lower()
    return next((c for c, name in enumerate(CARDS) if name.lower() == word), None)


def answer(state: State, seat: int, msg: Message, batch: list, ev: list) -> None:
    """The Bureau's private answer to a post or a hidden message of ``seat``: the canonical
    text of each Transaction it read (SEA-A27), so that the sender sees what the Bureau
    understood; or, for a message that is no Transaction but looks meant as one (a near
    miss of the header, SEA-39), that it is not one and what was meant."""
    if batch:
        texts = [text(t.record, t.house) for t in batch]
        stop = msg.to if msg.kind == "hidden" else None
        ev.append(Event("understood", only(seat), player=seat, texts=texts, stop=stop))
    elif not is_transaction(msg.text):
        said = near_miss(msg.text, state.house_of[seat], state.players())
        card = administrator_card(msg.text) if said is None else None
        if card is not None:
            said = (
                "this message does not use the Loyal Administrator: type "
                f"'administrator {CARDS[card]}' (SEA-A19)"
            )
        if said is not None:
            flow.reply(state, seat, said, ev)


def perform(state: State, seat: int, action: Action, ev: list) -> None:
    if isinstance(action, Pick):
        flow.pick(state, seat, action.house, ev)
    elif isinstance(action, Post):
        msg = flow.post(state, seat, "public", -1, action.text, ev)
        batch = flow.transactions(state, seat, msg, ev)
        answer(state, seat, msg, batch, ev)
        if batch:
            clerk.resolve(state, batch, state.now, ev)
    elif isinstance(action, Tell):
        flow.post(
            state, seat, "private", sum(1 << other for other in action.seats), action.text, ev
        )
    elif isinstance(action, Hide):
        stop = min(state.coming_stop() if action.stop is None else action.stop, state.stops)
        msg = flow.post(state, seat, "hidden", stop, action.text, ev)
        batch = flow.transactions(state, seat, msg, ev)
        answer(state, seat, msg, batch, ev)
        state.sealed += batch
    elif isinstance(action, Ready):
        state.ready[seat] = True
        ev.append(Event("ready", EVERYONE, player=seat))
        if all(state.ready):
            flow.end_phase(state, ev)
    elif isinstance(action, Limits):
        state.proposal = Proposal(seat, action.air, action.land)
        state.agreed = (seat,)
        ev.append(Event("limits_proposed", EVERYONE, player=seat, air=action.air, land=action.land))
        _agreed(state, ev)
    elif isinstance(action, Agree):
        state.agreed = (*state.agreed, seat)
        ev.append(Event("limits_agreed", EVERYONE, player=seat))
        _agreed(state, ev)
    elif isinstance(action, Administer):
        state.holdings[seat][MONEY] -= 1
        at = len(state.discard) - 1 - state.discard[::-1].index(action.card)
        del state.discard[at]
        state.deck.append(action.card)
        state.known_top = True
        ev.append(Event("administered", EVERYONE, player=seat, card=action.card))
    elif isinstance(action, Orders):
        state.distribution[seat] = list(action.assets)
        ev.append(Event("orders", EVERYONE, player=seat, assets=list(action.assets)))


def _agreed(state: State, ev: list) -> None:
    if len(state.agreed) == state.num_players:
        assert state.proposal is not None, "everyone agreed to a proposal"
        _, air, land = state.proposal
        state.limits = (air, land)
        state.proposal = None
        state.agreed = ()
        ev.append(Event("limits", EVERYONE, air=air, land=land, round=state.round))
