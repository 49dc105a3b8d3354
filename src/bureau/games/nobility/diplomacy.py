"""Nobility's binding deals (NOB-64, NOB-A22) on ``bureau.engine.deals``.

A Nobility deal is between two players. Each side may give currency (``30``),
melds (``meld 9H``, with their nobles and joker) and cards from her hand
(``card RJ``); the joint term ``coalition`` forms a coalition, possible only in
an election's coalition window or in the Exhausted state (NOB-49, NOB-A09,
NOB-A10). A deal executes atomically when accepted, or fails if a side can no
longer give what it promised. Promises outside a deal are table talk: the
Bureau enforces nothing else (NOB-A22).
"""

from __future__ import annotations

from bureau.cards import parse_card
from bureau.engine import Event, IllegalAction, all_but, only
from bureau.engine.deals import Deal, DealRules

from . import flow
from .actions import COALITION, CardItem, Coalition, Item, MeldItem, Money, item_key
from .state import DEFEND, DROP, ELECTION, LOSE, MERGE, OVER, State


def coalition_open(state: State) -> bool:
    """Coalitions can form in the election window or in the Exhausted state."""
    return state.phase == ELECTION or state.exhausted


def short_of(state: State, giver: int, proposer: int, amount: int) -> str:
    """Why ``giver`` cannot give ``amount`` units in ``proposer``'s offer, said plainly."""
    held, name = state.money[giver], state.names[giver]
    if giver == proposer:
        if not held:
            return f"you hold no currency, so you cannot give {amount}"
        return f"you hold {held} units of currency, not the {amount} you offer"
    if not held:
        return f"{name} holds no currency, so you cannot ask {name} for {amount}"
    return f"{name} holds {held} units of currency, not the {amount} you ask for"


class NobilityDeals(DealRules):
    def may_deal(self, state: State, seat: int) -> bool:
        return state.phase != OVER and not state.out[seat]

    def parse_item(self, state: State, giver: int, text: str) -> Item:
        words = text.split()
        if len(words) == 1 and words[0].isdigit():
            return Money(int(words[0]))
        if len(words) == 2 and words[0].lower() in ("meld", "card"):
            try:
                c = parse_card(words[1])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if words[0].lower() == "card":
                return CardItem(c)
            i = state.meld_with(c)
            if i < 0:
                raise IllegalAction(f"no meld holds {words[1].upper()}")
            return MeldItem(state.melds[i].name)
        raise IllegalAction(
            f"{text!r} is not something a player can give: write an amount (30),"
            " 'meld 9H' or 'card RJ'"
        )

    def parse_term(self, state: State, text: str) -> Coalition:
        if text.strip().lower() == "coalition":
            return COALITION
        raise IllegalAction(
            f"{text!r} is not a term: the only term is 'coalition'; write 'NAME gives ITEM'"
        )

    def item_key(self, item: Item | Coalition) -> tuple[int, int]:
        return item_key(item)

    def check_offer(self, state: State, deal: Deal) -> None:
        names = state.names
        if state.phase in (DEFEND, LOSE, DROP):
            raise IllegalAction("no offers while a battle or a maintenance choice is open")
        if len(deal.recipients) != 1:
            raise IllegalAction("a Nobility deal is between two players: name one other player")
        for giver, items in deal.gives:
            seen: set[tuple[type, object]] = set()
            for item in items:
                # By kind and value: Money(2) == CardItem(2) as tuples, but 2 and card 3S differ.
                if (type(item), item) in seen or (
                    isinstance(item, Money) and any(kind is Money for kind, _ in seen)
                ):
                    raise IllegalAction(f"list each thing {names[giver]} gives once")
                seen.add((type(item), item))
                if isinstance(item, Money):
                    if item.amount < 1:
                        raise IllegalAction("give at least 1 unit of currency")
                    if item.amount > state.money[giver]:
                        raise IllegalAction(short_of(state, giver, deal.proposer, item.amount))
                elif isinstance(item, MeldItem):
                    i = state.meld_with(item.meld)
                    if i < 0 or state.melds[i].owner != giver:
                        raise IllegalAction(f"{names[giver]} has no {item}")
                elif (
                    isinstance(item, CardItem)
                    and giver == deal.proposer
                    and item.card not in state.hands[giver]
                ):
                    raise IllegalAction(f"you have no {str(item)[5:]} in your hand")
        if COALITION in deal.terms:
            if not coalition_open(state):
                raise IllegalAction(
                    "coalitions form only in an election's coalition window or once the"
                    " stock is exhausted"
                )
            if state.coalition:
                raise IllegalAction("a coalition already stands; it must end first")

    def tag(self, state: State, deal: Deal) -> str:
        if (
            state.phase == ELECTION
            and COALITION in deal.terms
            and deal.proposer == flow.window_player(state)
        ):
            return "window"
        return ""

    def unpayable(self, state: State, deal: Deal) -> str | None:
        names = state.names
        for giver, items in deal.gives:
            if state.out[giver]:
                return f"{names[giver]} has left the rubber"
            for item in items:
                if isinstance(item, Money) and item.amount > state.money[giver]:
                    return f"{names[giver]} no longer holds {item.amount} units"
                if isinstance(item, MeldItem):
                    i = state.meld_with(item.meld)
                    if i < 0 or state.melds[i].owner != giver:
                        return f"{names[giver]} no longer owns the {item}"
                if isinstance(item, CardItem) and item.card not in state.hands[giver]:
                    return f"{names[giver]} no longer holds {str(item)[5:]}"
        if COALITION in deal.terms:
            if not coalition_open(state):
                return "coalitions can no longer be formed"
            if state.coalition:
                return "a coalition already stands"
        return None

    def execute(self, state: State, deal: Deal, ev: list[Event]) -> None:
        seat, other = deal.parties
        state.count("deals")
        for giver, items in deal.gives:
            to = other if giver == seat else seat
            cards = []
            for item in items:
                if isinstance(item, Money):
                    flow.pay(state, giver, to, item.amount, ev, why="deal")
                elif isinstance(item, MeldItem):
                    flow.give_melds(state, giver, to, [item.meld], ev, why="deal")
                else:
                    cards.append(item.card)
            if cards:
                for c in cards:
                    state.hands[giver].remove(c)
                    state.hands[to].append(c)
                    if c in state.captured and giver == state.active:
                        state.captured.remove(c)
                state.known[giver] = []  # which cards left is hidden from the others
                ev.append(Event("cards_given", only(giver, to), player=giver, to=to, cards=cards))
                ev.append(
                    Event("cards_given", all_but(giver, to), player=giver, to=to, count=len(cards))
                )
                flow.owe_surplus(state, to)
        if COALITION in deal.terms:
            flow.form_coalition(state, (seat, other), ev)
        flow.hands_changed(state, ev)

    def closed(self, state: State, deal: Deal, how: str, ev: list[Event]) -> None:
        if deal.tag == "merge" and state.phase == MERGE:
            flow.to_discard(state, ev)
        elif state.phase == ELECTION:
            if state.coalition:
                flow.finish_election(state, ev)
            elif deal.tag == "window":
                flow.advance_window(state, ev)


RULES = NobilityDeals()

__all__ = ["RULES", "NobilityDeals", "coalition_open"]
