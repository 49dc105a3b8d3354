"""Final Decrees' deals (DEC-62 .. DEC-64, DEC-A14) on ``bureau.engine.deals``.

Two players may trade personal blame (``3 blame``: the giver's blame moves to
the other player) and cards from their hands (``card overtime``), at any time,
outside the action economy. A deal the other side accepts is carried out at
once, or fails if a side can no longer give what it offered. Anything else
players promise each other stays words: "no deals are binding" (DEC-64).
"""

from __future__ import annotations

from collections import Counter

from bureau.engine import EVERYONE, Event, IllegalAction, all_but, only
from bureau.engine.deals import Deal, DealRules

from .actions import Blame, CardItem, item_key
from .state import OVER, State


class DecreesDeals(DealRules):
    def may_deal(self, state: State, seat: int) -> bool:
        return state.phase != OVER

    def parse_item(self, state: State, giver: int, text: str) -> Blame | CardItem:
        words = text.lower().split()
        if len(words) == 2 and words[0].isdigit() and words[1] == "blame":
            return Blame(int(words[0]))
        if len(words) == 2 and words[0] == "card":
            for kind, card in enumerate(state.cards):
                if card.key == words[1] and kind != state.sd:
                    return CardItem(kind, card.key)
            raise IllegalAction(f"no card is called {words[1]!r}")
        raise IllegalAction(
            f"{text!r} is not something a player can give: write '3 blame' or 'card KEY'"
        )

    def item_key(self, item: Blame | CardItem) -> tuple:
        return item_key(item)

    def check_offer(self, state: State, deal: Deal) -> None:
        if len(deal.recipients) != 1:
            raise IllegalAction("a deal is between two players: name one other player")
        for giver, items in deal.gives:
            amounts = [i.amount for i in items if isinstance(i, Blame)]
            if amounts and not state.options["allow_blame_trades"]:
                raise IllegalAction("blame cannot be traded in this game (allow_blame_trades)")
            if len(amounts) > 1:
                raise IllegalAction(f"write the blame {state.names[giver]} gives as one amount")
            if amounts and amounts[0] < 1:
                raise IllegalAction("give at least 1 blame")
        # Blame is public; the proposer's own cards are hers to know. The other side's
        # hand is checked only at acceptance, so an offer never probes it (DEC-A24).
        reason = self.unpayable(state, deal, only=deal.proposer)
        if reason:
            raise IllegalAction(reason)

    def unpayable(self, state: State, deal: Deal, only: int | None = None) -> str | None:
        """Why a side cannot give what it offers (cards of ``only``'s side, if given)."""
        names = state.names
        for giver, items in deal.gives:
            blame = sum(i.amount for i in items if isinstance(i, Blame))
            if blame > state.blame[giver]:
                return f"{names[giver]} has only {state.blame[giver]} personal blame"
            if only is not None and giver != only:
                continue
            wanted = Counter(i.kind for i in items if isinstance(i, CardItem))
            held = Counter(state.hands[giver])
            for kind, n in wanted.items():
                if held[kind] < n:
                    return f"{names[giver]} does not hold {n} {state.cards[kind].name}"
        return None

    def execute(self, state: State, deal: Deal, ev: list) -> None:
        for giver, items in deal.gives:
            taker = deal.recipients[0] if giver == deal.proposer else deal.proposer
            blame = sum(i.amount for i in items if isinstance(i, Blame))
            if blame:
                state.blame[giver] -= blame
                state.blame[taker] += blame
                ev.append(Event("blame_given", EVERYONE, player=giver, to=taker, amount=blame))
            cards = [i.kind for i in items if isinstance(i, CardItem)]
            for kind in cards:
                state.hands[giver].remove(kind)
                state.hands[taker].append(kind)
            if cards:
                ev.append(
                    Event("cards_given", only(giver, taker), player=giver, to=taker, cards=cards)
                )
                ev.append(
                    Event(
                        "cards_given",
                        all_but(giver, taker),
                        player=giver,
                        to=taker,
                        count=len(cards),
                    )
                )


RULES = DecreesDeals()
