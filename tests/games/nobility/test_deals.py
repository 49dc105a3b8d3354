"""Binding deals: the game-agnostic mechanism (``bureau.engine.deals``) and Nobility's
diplomacy (NOB-64, NOB-A08, NOB-A22)."""

from __future__ import annotations

import pytest

from bureau.engine import IllegalAction
from bureau.engine import deals as deal_book
from bureau.engine.deals import Deal, DealRules
from bureau.games.nobility import GAME
from bureau.games.nobility.flow import end_turn

from ..common import hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    check_invariants,
    meld_texts,
    new_game,
    play,
    put_meld,
    refused,
    set_money,
)

# -- the mechanism, on a toy game of coins ------------------------------------------------------


class Coins(DealRules):
    """Players give coins; the term ``truce`` is joint."""

    def __init__(self):
        self.log = []

    def parse_item(self, state, giver, text):
        if not text.isdigit():
            raise IllegalAction(f"{text!r} is not a number of coins")
        return int(text)

    def parse_term(self, state, text):
        if text != "truce":
            raise IllegalAction("the only term is truce")
        return "truce"

    def item_key(self, item):
        return item

    def unpayable(self, state, deal):
        for giver, items in deal.gives:
            if sum(items) > state.coins[giver]:
                return f"{state.names[giver]} cannot pay"
        return None

    def execute(self, state, deal, ev):
        for giver, items in deal.gives:
            state.coins[giver] -= sum(items)
            state.coins[deal.proposer if giver != deal.proposer else deal.recipients[0]] += sum(
                items
            )

    def closed(self, state, deal, how, ev):
        self.log.append((deal.id, how))


class Toy:
    def __init__(self):
        self.names = ("Ann", "Ben", "Cat")
        self.num_players = 3
        self.offers = ()
        self.next_deal = 1
        self.coins = [5, 5, 5]


def toy_play(state, rules, seat, text):
    action = deal_book.parse(state, seat, text, rules)
    deal_book.check(state, seat, action, rules)
    ev = []
    deal_book.perform(state, seat, action, rules, ev)
    return ev


def test_deals_parse_to_one_canonical_text():
    """Deal texts read in any order and case and print canonically (NOB-64)."""
    state, rules = Toy(), Coins()
    text = "Offer cat, ben: ben gives 2, 1; truce; Ann gives 3"
    action = deal_book.parse(state, ANN, text, rules)
    assert str(action) == "offer Ben Cat: truce; Ann gives 3; Ben gives 1, 2"
    assert deal_book.parse(state, ANN, str(action), rules) == action
    assert str(deal_book.parse(state, BEN, "accept ann", rules)) == "accept Ann"
    assert str(deal_book.parse(state, BEN, "DECLINE Ann", rules)) == "decline Ann"
    assert deal_book.parse(state, BEN, "withdraw", rules) is deal_book.WITHDRAW
    assert deal_book.parse(state, BEN, "meld 2H 3H 4H", rules) is None
    for bad, why in (
        ("offer Ben", "write 'offer NAME:"),
        ("offer Ann: Ann gives 1", "to yourself"),
        ("offer Dan: Ann gives 1", "no player named 'Dan'"),
        ("offer Ben: Ann gives x", "not a number"),
        ("offer Ben: peace", "only term"),
        ("accept", "write 'accept NAME'"),
    ):
        with pytest.raises(IllegalAction, match=why):
            deal_book.check(state, ANN, deal_book.parse(state, ANN, bad, rules), rules)


def test_deals_every_recipient_accepts_then_it_executes_atomically():
    """A deal to several players executes when the last accepts; until then they are
    awaited; a party's events carry the text, the others' only who offers to whom."""
    state, rules = Toy(), Coins()
    ev = toy_play(state, rules, ANN, "offer Ben Cat: Ben gives 2; Cat gives 1")
    assert deal_book.awaiting(state) == (BEN, CAT)
    assert [e.data.get("text") for e in ev] == ["offer Ben Cat: Ben gives 2; Cat gives 1", None]
    with pytest.raises(IllegalAction, match="already have an open offer"):
        deal_book.check(state, ANN, deal_book.parse(state, ANN, "offer Ben: truce", rules), rules)
    toy_play(state, rules, CAT, "accept Ann")
    assert deal_book.awaiting(state) == (BEN,) and state.coins == [5, 5, 5]
    with pytest.raises(IllegalAction, match="already accepted"):
        deal_book.check(state, CAT, deal_book.parse(state, CAT, "accept Ann", rules), rules)
    ev = toy_play(state, rules, BEN, "accept Ann")
    assert state.coins == [8, 3, 4] and state.offers == () and rules.log == [(1, "done")]
    assert "deal_done" in kinds(ev)


def test_deals_fail_without_effect_if_a_party_can_no_longer_pay():
    """At acceptance the game checks every side; if one cannot pay, nothing changes."""
    state, rules = Toy(), Coins()
    toy_play(state, rules, ANN, "offer Ben: Ann gives 5; Ben gives 1")
    state.coins[ANN] = 4
    ev = toy_play(state, rules, BEN, "accept Ann")
    failed = of_kind(ev, "deal_failed")
    assert failed[0].data["reason"] == "Ann cannot pay" and "reason" not in failed[1].data
    assert state.coins == [4, 5, 5] and rules.log == [(1, "failed")]


def test_deals_decline_withdraw_expire():
    """Offers end by a decline, by withdrawal, or by expiry; each is reported."""
    state, rules = Toy(), Coins()
    toy_play(state, rules, ANN, "offer Ben: truce")
    toy_play(state, rules, BEN, "decline Ann")
    toy_play(state, rules, CAT, "offer Ann: truce")
    with pytest.raises(IllegalAction, match="no open offer to you; answer Cat"):
        deal_book.check(state, ANN, deal_book.parse(state, ANN, "accept Ben", rules), rules)
    toy_play(state, rules, CAT, "withdraw")
    toy_play(state, rules, BEN, "offer Ann Cat: truce")
    ev = []
    deal_book.expire(state, ev)
    assert kinds(ev) == ["deal_expired"] and state.offers == ()
    assert rules.log == [(1, "declined"), (2, "withdrawn")]  # nothing follows an expiry
    assert deal_book.view(state, None) == []


# -- Nobility's diplomacy --------------------------------------------------------------------


def test_nob_a08_players_pay_each_other_at_any_time():
    """NOB-A08: a player may give currency to another at any time, in whole units, never
    more than she holds; it needs no acceptance."""
    state = new_game()
    set_money(state, CAT, 30)
    play(state, CAT, "pay Ann 12")  # Cat is not pending
    assert state.money == [12, 0, 18] and state.bank == 150
    refused(state, CAT, "pay Ann 19", "you hold 18 units of currency: pay from 1 to 18")
    refused(state, CAT, "pay Cat 1", "another player")
    assert GAME.pending(state) == (ANN,)


def test_nob_64_nob_a22_a_ransom_is_a_binding_exchange():
    """NOB-64, NOB-A22: a ransom (currency for the threatened joker) is an offer the other
    side accepts or declines; on acceptance both sides give at once."""
    state = new_game(hands=("RJ QS 4C", "5D 6D 7D"))
    put_meld(state, BEN, "2H 3H 4H 5H 6H")
    set_money(state, BEN, 40)
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "offer Ben: Ann gives card RJ; Ben gives 30")
    assert GAME.pending(state) == (BEN,)
    view_b, view_c = GAME.view(state, BEN), GAME.view(state, CAT)
    assert view_b["offers"][0]["text"] == "offer Ben: Ann gives card RJ; Ben gives 30"
    assert "text" not in view_c["offers"][0] and view_c["offers"][0]["proposer"] == ANN
    refused(state, ANN, "done", "not your turn")
    ev = play(state, BEN, "accept Ann")
    assert state.money[ANN] == 30 and state.money[BEN] == 10
    assert "RJ" in hand(state, BEN) and "RJ" not in hand(state, ANN)
    given = of_kind(ev, "cards_given")
    assert given[0].visible_to(BEN) and given[0].data["cards"] == [52]
    assert given[1].visible_to(CAT) and given[1].data["count"] == 1
    # Ben now holds four cards outside his turn: he sheds one at once (NOB-21).
    assert GAME.pending(state) == (BEN,) and state.surplus == (BEN,)
    refused(state, BEN, "discard RJ to nobles", "discard down to 3")
    play(state, BEN, "discard RJ")
    assert GAME.pending(state) == (ANN,) and len(state.hands[BEN]) == 3
    check_invariants(state)


def test_nob_64_tribute_meld_transfers_and_failure_at_acceptance():
    """NOB-64: a demand for tribute, and melds given away with their nobles, are deals;
    a deal fails atomically if a side can no longer give what it promised."""
    state = new_game()
    put_meld(state, ANN, "2H 3H 4H", nobles="QH")
    set_money(state, ANN, 25)
    set_money(state, CAT, 10)
    play(state, ANN, "draw stock")
    play(state, ANN, "offer Cat: Cat gives 10; Ann gives meld 3H")
    play(state, CAT, "accept Ann")
    assert meld_texts(state, CAT) == [["2H", "3H", "4H"]] and state.money[CAT] == 0
    assert texts(state.melds[0].nobles) == ["QH"]  # its noble goes with it
    play(state, ANN, "offer Ben: Ann gives 20")
    play(state, ANN, "pay Cat 20")  # before Ben answers, Ann pays it away
    ev = play(state, BEN, "accept Ann")
    assert of_kind(ev, "deal_failed")[0].data["reason"] == "Ann no longer holds 20 units"
    assert state.money == [15, 0, 20]


def test_nob_64_offers_are_checked_when_made():
    """NOB-64: an offer names what its sides can give now; Nobility deals are between two
    players; a player has one open offer at a time and may withdraw it."""
    state = new_game(hands=("RJ QS 4C",))
    put_meld(state, BEN, "2H 3H 4H")
    set_money(state, BEN, 5)
    play(state, ANN, "draw stock")
    for text, why in (
        ("offer Ben: Ann gives 5", "you hold no currency, so you cannot give 5"),
        ("offer Ben: Ben gives 6", "Ben holds 5 units of currency, not the 6 you ask for"),
        ("offer Ben: Ann gives meld 2H", "Ann has no meld 2H"),
        ("offer Ben: Ann gives card KD", "no KD in your hand"),
        ("offer Ben: Ben gives meld 9C", "no meld holds 9C"),
        ("offer Ben: coalition", "coalitions form only"),
        ("offer Ben Cat: Ben gives 1", "between two players"),
        ("offer Ben: Ann gives a castle", "not something a player can give"),
    ):
        refused(state, ANN, text, why)
    play(state, ANN, "offer Ben: Ben gives meld 3H, 5")
    assert GAME.view(state, ANN)["offers"][0]["text"] == "offer Ben: Ben gives 5, meld 2H"
    play(state, ANN, "withdraw")
    assert GAME.pending(state) == (ANN,) and state.offers == ()


def test_nob_64_open_offers_expire_at_the_end_of_the_turn():
    """NOB-64: offers left open when a turn ends expire, so nobody can stall the game."""
    state = new_game()
    play(state, ANN, "draw stock")
    play(state, CAT, "offer Ben: Cat gives card " + texts(state.hands[CAT])[0])
    ev = []
    end_turn(state, ev)
    assert kinds(ev)[0] == "deal_expired" and state.offers == ()
    assert GAME.pending(state) == (BEN,)


def test_deal_timeouts_decline():
    """A player who misses the deadline for an answer declines."""
    state = new_game()
    play(state, ANN, "draw stock")
    play(state, ANN, "offer Cat: Ann gives card 2C")
    assert str(GAME.timeout_action(state, CAT)) == "decline Ann"
    assert [str(a) for a in GAME.legal_actions(state, CAT)] == ["accept Ann", "decline Ann"]
    assert isinstance(state.offers[0], Deal)


def test_nob_a08_nob_64_currency_that_is_not_there_is_said_plainly():
    """NOB-A08, NOB-64: a payment or an offer of currency its giver does not hold says what
    she holds in words, never 'holds only 0 units' or 'from 1 to your 0 units'."""
    state = new_game()
    set_money(state, BEN, 3)
    assert state.money[ANN] == 0
    play(state, ANN, "draw stock")
    for text, why in (
        ("pay Ben 1", "you hold no currency to pay with"),
        ("offer Ben: Ann gives 5", "you hold no currency, so you cannot give 5"),
        ("offer Cat: Cat gives 2", "Cat holds no currency, so you cannot ask Cat for 2"),
        ("offer Ben: Ben gives 4", "Ben holds 3 units of currency, not the 4 you ask for"),
    ):
        message = refused(state, ANN, text, why)
        assert "only 0" not in message and "your 0" not in message
    refused(state, BEN, "pay Ann 4", "you hold 3 units of currency: pay from 1 to 3")
