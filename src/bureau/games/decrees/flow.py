"""How a game of Final Decrees moves: set-up, the bid, turns, draws, enactment, the end.

Functions here change the state and append events; ``rules`` decides what is
legal before calling them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bureau.engine import EVERYONE, Event, Outcome, all_but, only, rank_by
from bureau.engine import deals as deal_book
from bureau.engine.rng import make_rng

from . import control
from .data import Card, Decree
from .state import (
    ASSIGN,
    BASE_ACTIONS,
    CHOOSE,
    EXE,
    HAND_PILE,
    HR,
    OVER,
    SALVAGE,
    TOP_PILE,
    TURN,
    Choosing,
    Removal,
    SdRange,
    State,
)


def setup(
    names: Sequence[str],
    seed: int,
    options: dict[str, Any],
    cards: tuple[Card, ...],
    decrees: tuple[Decree, ...],
    heads: list[int] | None = None,
    order: list[int] | None = None,
) -> State:
    """A new game: bidding for HR, or with ``heads`` (seat -> department) placed already.

    ``order`` fixes the cards: the first one per seat dealt to seats 0, 1, ..., the
    rest the deck, top first.
    """
    state = State(names, seed, options, make_rng(seed, "decrees"), cards, decrees)
    state.deck = list(reversed(order)) if order is not None else []
    if heads is None:
        return state
    for seat, dept in enumerate(heads):
        state.place(seat, dept)
    begin_play(state, [])
    return state


# -- the bid for Human Resources (DEC-21 .. DEC-27, DEC-A09) ---------------------------------


def bid(state: State, seat: int, amount: int, ev: list) -> None:
    state.bids[seat] = amount
    ev.append(Event("bid_made", EVERYONE, player=seat))
    if all(state.bids[other] for other in state.bidders):
        settle_bids(state, ev)


def settle_bids(state: State, ev: list) -> None:
    """Reveal a round of bids together and charge them."""
    bids = {seat: state.bids[seat] for seat in state.bidders}
    high, low = max(bids.values()), min(bids.values())
    top = [seat for seat, b in bids.items() if b == high]
    gains = {}
    for seat, b in bids.items():
        if b == high:
            gains[seat] = b if len(top) == 1 else 2  # DEC-25 / DEC-26
        elif b == low:
            gains[seat] = b + 5  # DEC-24, DEC-27 (never when all bid the same: DEC-23)
        else:
            gains[seat] = b  # DEC-22
    winner = top[0] if len(top) == 1 else -1
    drawn = False
    if winner < 0 and state.rebids >= state.options["max_rebids"]:
        winner = state.rng.choice(top)  # DEC-A09: HR by lot after the last rebid
        gains[winner] = high
        drawn = True
    for seat, g in gains.items():
        state.blame[seat] += g
    ev.append(
        Event(
            "bids",
            EVERYONE,
            round=state.rebids,
            bids={str(seat): b for seat, b in bids.items()},
            gains={str(seat): g for seat, g in gains.items()},
            winner=winner,
            by_lot=drawn,
        )
    )
    state.bids = [0] * state.num_players
    if winner < 0:
        state.rebids += 1
        state.bidders = tuple(top)
        return
    state.bidders = ()
    state.place(winner, HR)
    state.phase = ASSIGN
    ev.append(Event("head", EVERYONE, player=winner, dept=HR))


def assign(state: State, placements: Iterable[tuple[int, int]], ev: list) -> None:
    """The head of HR places the others (DEC-28); then the deck is built and play begins."""
    for seat, dept in placements:
        state.place(seat, dept)
        ev.append(Event("head", EVERYONE, player=seat, dept=dept))
    begin_play(state, ev)


def begin_play(state: State, ev: list) -> None:
    deal_book.expire(state, ev)
    if not state.deck:
        build_deck(state)
    for seat in range(state.num_players):  # DEC-29: one card each
        card = state.deck.pop()
        state.hands[seat].append(card)
        ev.append(Event("dealt", only(seat), player=seat, card=card))
    ev.append(Event("deck_ready", EVERYONE, cards=len(state.deck)))
    start_turn(state, state.head[EXE], ev)  # DEC-31


def build_deck(state: State) -> None:
    """DEC-29: shuffle without S&D; one card a player, a pile of 20, a pile of 5, S&D
    shuffled into the rest, the rest on the 20 and the 5 on top."""
    rng = state.rng
    cards = [k for k, c in enumerate(state.cards) for _ in range(c.copies) if k != state.sd]
    rng.shuffle(cards)
    n = state.num_players
    hands, bottom, top = cards[:n], cards[n : n + HAND_PILE], cards[n + HAND_PILE :][:TOP_PILE]
    rest = [*cards[n + HAND_PILE + TOP_PILE :], state.sd]
    rng.shuffle(rest)
    # Top first: hands, then the 5, the rest, the 20. The state keeps the top last.
    state.deck = list(reversed(hands + top + rest + bottom))
    state.sd_range = SdRange(len(bottom), len(bottom) + len(rest))


# -- turns (DEC-35 .. DEC-38) ----------------------------------------------------------------


def start_turn(state: State, seat: int, ev: list) -> None:
    cap = state.options["max_turns"]
    if cap is not None and state.turns >= cap:
        end_game(state, ev, f"the turn cap of {cap} was reached", capped=True)
        return
    state.phase = TURN
    state.active = seat
    state.turns += 1
    state.actions_left = BASE_ACTIONS
    state.drew = state.budget_used = state.manoeuvres_used = False
    state.leave = -1
    state.offers_made = 0
    ev.append(Event("turn", EVERYONE, player=seat, turn=state.turns))
    gain(state, state.dept_of[seat], 1, ev, "incompetence")  # DEC-35
    draw(state, seat, 1, ev, "turn")  # DEC-36


def gain(state: State, dept: int, amount: int, ev: list, why: str) -> None:
    if amount:
        state.dept_blame[dept] += amount
        ev.append(Event("dept_blame", EVERYONE, dept=dept, amount=amount, why=why))


def after_action(state: State, ev: list) -> None:
    """End the turn once its actions are spent and nothing is left to decide."""
    if state.phase == TURN and state.actions_left <= 0:
        end_turn(state, ev)


def end_turn(state: State, ev: list) -> None:
    seat = state.active
    dept = state.dept_of[seat]
    if state.leave == dept:
        ev.append(Event("leave", EVERYONE, player=seat, dept=dept))
    else:
        gain(state, dept, len(state.decrees_at(dept)), ev, "decrees")  # DEC-38, DEC-A20
    ev.append(Event("turn_over", EVERYONE, player=seat))
    deal_book.expire(state, ev)
    start_turn(state, (seat + 1) % state.num_players, ev)  # DEC-A18


# -- drawing and Stagnation and Decline (DEC-14 .. DEC-19, DEC-A06) --------------------------


def draw(state: State, seat: int, count: int, ev: list, why: str) -> None:
    """``seat`` draws ``count`` cards one at a time; S&D is played at once."""
    for k in range(count):
        if state.phase == OVER:
            return
        card = state.deck.pop()
        ev.append(Event("drew", only(seat), player=seat, card=card, why=why))
        if card == state.sd:  # played at once, face up
            ev.append(Event("drew", all_but(seat), player=seat, card=card, why=why))
            decline(state, seat, ev)
            if state.salvage is not None:
                state.draws_owed = count - k - 1
                return
            continue
        state.hands[seat].append(card)
        ev.append(Event("drew", all_but(seat), player=seat, why=why))
        if not state.deck:
            end_game(state, ev, "the last card was drawn")  # DEC-32


def decline(state: State, seat: int, ev: list) -> None:
    discarded = [
        state.deck.pop() for _ in range(min(state.options["sd_discard_count"], len(state.deck)))
    ]
    state.discard += discarded
    ev.append(Event("decline", EVERYONE, player=seat, discarded=discarded))  # DEC-15
    for d in state.depts:  # DEC-16, DEC-A06: the Empty Department keeps its blame
        head = state.head[d]
        if head >= 0 and state.dept_blame[d]:
            to_head(state, d, ev, "decline")
    if not state.deck:
        state.discard.append(state.sd)
        end_game(state, ev, "Stagnation and Decline emptied the deck")
        return
    # DEC-17: shuffled back into the deck, not with the discard pile. One card shuffled
    # into a deck nobody has seen lands anywhere with equal chance: insert it at random.
    state.deck.insert(state.rng.randrange(len(state.deck) + 1), state.sd)
    state.sd_range = None
    ev.append(Event("reshuffled", EVERYONE, cards=len(state.deck)))
    if state.options["sd_choose_one_variant"] and discarded:  # DEC-19
        state.salvage = discarded[:]
        state.phase = SALVAGE


def keep(state: State, seat: int, kind: int, ev: list) -> None:
    if kind >= 0:
        pos = len(state.discard) - 1 - state.discard[::-1].index(kind)
        del state.discard[pos]
        state.hands[seat].append(kind)
    ev.append(Event("kept", EVERYONE, player=seat, card=kind))
    state.salvage = None
    state.phase = TURN
    owed, state.draws_owed = state.draws_owed, 0
    draw(state, seat, owed, ev, "card")
    after_action(state, ev)


def to_head(state: State, dept: int, ev: list, why: str) -> None:
    """All of ``dept``'s blame to its head's personal pool (S&D, investigation)."""
    head = state.head[dept]
    amount = state.dept_blame[dept]
    state.dept_blame[dept] = 0
    state.blame[head] += amount
    ev.append(Event("blame_to_head", EVERYONE, dept=dept, player=head, amount=amount, why=why))


def lose(state: State, seat: int, amount: int, ev: list, why: str) -> None:
    """``seat`` loses up to ``amount`` personal blame (never below 0: DEC-A13)."""
    amount = min(amount, state.blame[seat])
    state.blame[seat] -= amount
    ev.append(Event("blame_lost", EVERYONE, player=seat, amount=amount, why=why))


# -- decrees (DEC-54 .. DEC-61) --------------------------------------------------------------


def move_decree(
    state: State, seat: int, i: int, dept: int, reward: bool, ev: list, why: str
) -> None:
    state.decree_at[i] = dept
    ev.append(Event("decree_moved", EVERYONE, player=seat, decree=i, dept=dept, why=why))
    if reward and state.next_step(i) == dept:  # DEC-43
        lose(state, seat, 1, ev, "forward")


def stamp(state: State, seat: int, i: int, ev: list, why: str = "stamp") -> None:
    dept = state.decree_at[i]
    state.decree_done[i] += 1
    ev.append(
        Event(
            "stamped",
            EVERYONE,
            player=seat,
            decree=i,
            dept=dept,
            step=state.decree_done[i],
            why=why,
        )
    )
    lose(state, seat, 1, ev, "stamp")  # DEC-56
    if state.next_step(i) < 0:
        enact(state, i, dept, ev)


def enact(state: State, i: int, dept: int, ev: list) -> None:
    state.decree_at[i] = -1  # DEC-A16
    state.enacted += 1
    amount = 10 * state.enacted  # DEC-60
    top = control.top_of(state.arrows, dept)  # DEC-58, DEC-59
    chooser = state.head[top]
    ev.append(
        Event("enacted", EVERYONE, decree=i, dept=dept, top=top, chooser=chooser, amount=amount)
    )
    if chooser >= 0:
        state.choose = Choosing(chooser, amount)
        state.phase = CHOOSE
    elif state.enacted == len(state.decrees):
        end_game(state, ev, "every decree was enacted")  # DEC-33


def remove_extra(state: State, seat: int, removals: tuple[Removal, ...], ev: list) -> None:
    """The chooser's ``Removal``s after an enactment (DEC-61)."""
    for target, dept, amount in removals:
        if target >= 0:
            state.blame[target] -= amount
        else:
            state.dept_blame[dept] -= amount
    ev.append(Event("extra_removed", EVERYONE, player=seat, removals=[list(r) for r in removals]))
    state.choose = None
    state.phase = TURN
    if state.enacted == len(state.decrees):
        end_game(state, ev, "every decree was enacted")
        return
    after_action(state, ev)


# -- the end (DEC-08, DEC-34, DEC-A07, DEC-A08) ----------------------------------------------


def end_game(state: State, ev: list, reason: str, capped: bool = False) -> None:
    if state.options["final_audit"] and not capped:
        for d in state.depts:
            if state.head[d] >= 0 and state.dept_blame[d]:
                to_head(state, d, ev, "final audit")
    blame = state.blame
    keys: list[tuple[int, ...]]
    if state.options["tiebreak"] == "least_dept_blame":
        keys = [
            (-blame[seat], -state.dept_blame[state.dept_of[seat]])
            for seat in range(state.num_players)
        ]
    else:
        keys = [(-blame[seat],) for seat in range(state.num_players)]
    ranking = rank_by(keys)
    winners = (
        () if capped else tuple(seat for seat in range(state.num_players) if ranking[seat] == 1)
    )
    state.outcome = Outcome(
        scores=tuple(float(b) for b in blame),
        ranking=ranking,
        winners=winners,
        capped=capped,
        reason=reason,
        details={"enacted": state.enacted, "turns": state.turns},
    )
    state.phase = OVER
    state.choose = None
    state.salvage = None
    deal_book.expire(state, ev)
    ev.append(
        Event(
            "game_over",
            EVERYONE,
            reason=reason,
            capped=capped,
            winners=list(winners),
            blame=list(blame),
        )
    )
