"""Noble Houses of the Seabirds: what Transactions do (SEA-39 .. SEA-64, SEA-A10 .. SEA-A14,
SEA-A16, SEA-A18, SEA-A25, SEA-A27).

Every position is exact: the helpers' games start in Round 1's Air Phase with Ann Breeding,
Ben Usury and Cat Sensation, each holding 3 Money and 3 of their own Resource, unless a test
says otherwise. Times are epoch seconds; the game starts at ``T0`` = 2023-11-14 22:13:20 UTC.
"""

from __future__ import annotations

import random

import pytest

from bureau.engine import EVERYONE, IllegalAction
from bureau.games.seabirds.actions import READY
from bureau.games.seabirds.game import GAME

from ..common import kinds, of_kind
from .flight import timeout
from .helpers import (
    ANN,
    BEN,
    CAT,
    HOUR,
    T0,
    act,
    everyone_ready,
    hide,
    holdings,
    new_game,
    refused,
    set_holdings,
    tx,
)

# 2023-11-15 00:00 UTC, 6400 seconds after the start.
DEADLINE = 1_700_006_400
DEADLINE_TEXT = "2023-11-15 00:00 UTC"
SECRETS_GAME = ("Breeding", "Secrets", "Sensation")
L94_TEXT = (
    f"If Usury gives me 1 Corporation and 2 Money before {DEADLINE_TEXT},"
    " I give Usury 2 Worker Beetles."
)


def texts(events, kind: str) -> list[str]:
    return [e.data["text"] for e in of_kind(events, kind)]


def land(state, at=None) -> list:
    """End the Air Phase: the Resolution runs and the Houses land."""
    assert state.phase == "air"
    return everyone_ready(state, at)


def next_round(state, at=None) -> list:
    """From the Air Phase to the next Round's Air Phase (a landing and a Land Phase)."""
    events = land(state, at)
    assert state.phase == "land"
    return events + everyone_ready(state, at)


def paid(events) -> list[tuple[int, int]]:
    """(seat, amount) of each ability payment."""
    return [(e.data["player"], e.data["amount"]) for e in of_kind(events, "ability_paid")]


# -- the header (SEA-39, SEA-A27) ------------------------------------------------------------


NOT_A_TRANSACTION = "this is not a Transaction; did you mean 'ATTN Bureau: Transaction.'?"


def test_sea39_a_message_without_the_header_moves_nothing():
    """SEA-39, SEA-A27: an ordinary message that reads like a gift is never a Transaction;
    the Bureau tells its sender so, privately, with what the header would have made of it."""
    g = new_game()
    ev = act(g, ANN, "post: I give 3 Money to Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert [s for s in (ANN, BEN, CAT, None) if ev[1].visible_to(s)] == [ANN]
    assert ev[1].data["text"].startswith(NOT_A_TRANSACTION)
    assert ev[1].data["text"].endswith("With it, the Bureau would read: I give 3 Money to Usury.")
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea39_the_header_must_begin_the_message():
    """SEA-39: the header in the middle of a message does not make a Transaction (the
    sender is told so, privately)."""
    g = new_game()
    ev = act(g, ANN, "post: Dear Bureau, ATTN Bureau: Transaction. I give 3 Money to Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert ev[1].data["text"].startswith(NOT_A_TRANSACTION) and ev[1].visible_to(ANN)
    assert not ev[1].visible_to(BEN) and not ev[1].visible_to(None)
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a27_the_header_ignores_case_and_spaces():
    """SEA-A27: case and the spaces around the header's words do not matter."""
    g = new_game()
    ev = act(g, ANN, "post: attn  bureau : transaction . I give 1 Money to Usury.")
    assert texts(ev, "executed") == ["Breeding: I give 1 Money to Usury."]
    assert holdings(g, ANN) == {"Money": 2, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 4, "Corporations": 3}


def test_sea40_a_transaction_told_privately_to_a_player_is_no_transaction():
    """SEA-40: a Transaction is posted in public or sent hidden to the Bureau; a private
    message to another player moves nothing, now or at the landing."""
    g = new_game()
    ev = act(g, ANN, "tell Ben: ATTN Bureau: Transaction. I give 3 Money to Usury.")
    assert kinds(ev) == ["message"]
    ev = land(g)
    assert not of_kind(ev, "executed")
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}


# -- public at once, hidden at the landing (SEA-40 .. SEA-43, SEA-54) ------------------------


def test_sea42_a_public_transaction_resolves_at_once():
    """SEA-42, SEA-48: a public unconditional Trade is carried out when posted."""
    g = new_game()
    ev = tx(g, ANN, "I give 2 Money and 1 Worker Beetle to Usury.")
    assert kinds(ev) == ["message", "understood", "executed"]
    assert texts(ev, "executed") == ["Breeding: I give 2 Money and 1 Worker Beetle to Usury."]
    assert holdings(g, ANN) == {"Money": 1, "Worker Beetles": 2}
    assert holdings(g, BEN) == {"Money": 5, "Worker Beetles": 1, "Corporations": 3}


def test_sea41_sea43_a_hidden_transaction_has_no_effect_until_the_landing():
    """SEA-41, SEA-43, SEA-54: a hidden Trade changes nothing when sent; the landing
    reveals it and resolves it then. A Transaction that must resolve before the landing has
    to be public."""
    g = new_game()
    ev = hide(g, ANN, "I give 2 Money to Usury.")
    assert kinds(ev) == ["message", "understood"]  # the Bureau's reading, to Ann alone
    assert all(e.visible_to(ANN) and not e.visible_to(BEN) for e in ev)
    assert ev[0].audience != EVERYONE
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}
    # Public Transactions meanwhile resolve at once.
    tx(g, CAT, "I give 1 Money to Usury.")
    assert holdings(g, BEN) == {"Money": 4, "Corporations": 3}
    ev = land(g)
    assert kinds(ev).index("revealed") < kinds(ev).index("executed")
    assert texts(ev, "executed") == ["Breeding: I give 2 Money to Usury."]
    assert holdings(g, ANN) == {"Money": 1, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 6, "Corporations": 3}


def test_sea41_a_hidden_transaction_is_affordable_only_at_its_landing():
    """SEA-41: the hidden gift is checked against the holdings at the landing, not when
    it was sent: Money received meanwhile pays for it."""
    g = new_game()
    hide(g, ANN, "I give 5 Money to Usury.")
    tx(g, CAT, "I give 2 Money to Breeding.")
    land(g)
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 8, "Corporations": 3}


# -- the Bureau's replies (SEA-A27, SEA-A25) --------------------------------------------------


def test_sea_a27_an_unreadable_public_transaction_gets_a_public_reply_quoting_it():
    """SEA-A27: text the Bureau cannot read is answered in public with what is wrong,
    quoting it, and nothing else happens."""
    g = new_game()
    ev = tx(g, ANN, "I lend 3 Money to Usury.")
    assert kinds(ev) == ["message", "bureau"]
    reply = ev[1]
    assert reply.audience == EVERYONE
    assert "'I lend 3 Money to Usury.'" in reply.data["text"]
    assert "expected 'give'" in reply.data["text"]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a27_an_unreadable_hidden_transaction_gets_a_private_reply():
    """SEA-A27: the reply to a hidden Transaction reaches its author only, and the message
    moves nothing at the landing either."""
    g = new_game()
    ev = hide(g, ANN, "I lend 3 Money to Usury.")
    assert kinds(ev) == ["message", "bureau"]
    reply = ev[1]
    assert reply.visible_to(ANN)
    assert not reply.visible_to(BEN) and not reply.visible_to(CAT) and not reply.visible_to(None)
    assert "'I lend 3 Money to Usury.'" in reply.data["text"]
    ev = land(g)
    assert not of_kind(ev, "executed") and not of_kind(ev, "failed")
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("I give 1 Money to Suppression.", "Suppression is not in this game"),
        ("I give 1 Money to Breeding.", "give to another House"),
        ("I give 1 Money to Usury if Secrets gives me 1 Treaty.", "Secrets is not in this game"),
    ],
)
def test_sea_a27_an_impossible_transaction_gets_a_reply_and_does_nothing(body, says):
    """SEA-A27, SEA-A25: a Transaction that can never be carried out as written is
    rejected with what is wrong; nothing moves and nothing stands."""
    g = new_game()
    ev = tx(g, ANN, body)
    assert kinds(ev) == ["message", "bureau"]
    assert says in ev[1].data["text"]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert g.standing == []


def test_sea_a25_a_message_with_one_bad_sentence_executes_none_of_it():
    """SEA-A25, SEA-A27: a Message is never carried out in part: one unreadable sentence
    stops the readable ones too."""
    g = new_game()
    ev = tx(g, ANN, "I give 1 Money to Usury. I lend 1 Money to Sensation.")
    assert kinds(ev) == ["message", "bureau"]
    assert "'I lend 1 Money to Sensation.'" in ev[1].data["text"]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


# -- failure is all or nothing (SEA-44, SEA-45, SEA-A25) -------------------------------------


def test_sea44_a_failed_transaction_has_no_partial_effect():
    """SEA-44, SEA-45, SEA-A25: Ann holds 3 Money and 3 Worker Beetles; a gift of 3 Money
    and 4 Worker Beetles fails whole: not even the Money moves."""
    g = new_game()
    ev = tx(g, ANN, "I give 3 Money and 4 Worker Beetles to Usury.")
    (failed,) = of_kind(ev, "failed")
    assert failed.data["reason"] == (
        "Breeding would have ended with -1 Worker Beetles;"
        " the latest Transaction paying that out fails"
    )
    assert failed.data["text"] == "Breeding: I give 3 Money and 4 Worker Beetles to Usury."
    assert not of_kind(ev, "executed")
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea45_holdings_never_go_negative_in_random_play():
    """SEA-45, SEA-A25: whatever random Houses post, hide and trade, no count is ever below
    0 and no special use count either."""
    for seed in range(6):
        g = GAME.new(
            ["Ann", "Ben", "Cat", "Dan"],
            seed=seed,
            options={"stops": 4, "house_assignment": "random"},
        )
        rng = random.Random(seed)
        steps = 0
        while g.phase != "over" and steps < 400:
            pending = GAME.pending(g)
            seat = rng.choice(pending) if pending else rng.randrange(4)
            action = GAME.sample_action(g, seat, rng)
            try:
                GAME.check(g, seat, action)
            except IllegalAction:  # not this test's concern: play on
                action = READY if seat in pending else None
            if action is not None:
                GAME.apply(g, seat, action)
            steps += 1
            assert all(n >= 0 for held in g.holdings for n in held), (seed, steps)
            assert all(n >= 0 for n in g.special_left)
        assert g.phase == "over"


# -- Reinvestment (SEA-46, SEA-47, SEA-A16) ---------------------------------------------------


def test_sea46_reinvest_money_for_own_resource():
    """SEA-46: give 3 Money for 2 of one's own Resource."""
    g = new_game()
    ev = tx(g, ANN, "I reinvest 3 Money for 2 Worker Beetles.")
    assert texts(ev, "executed") == ["Breeding: I reinvest 3 Money for 2 Worker Beetles."]
    assert holdings(g, ANN) == {"Worker Beetles": 5}


def test_sea46_reinvest_own_resource_for_money():
    """SEA-46: the rules' other example, 5 Resources for 4 Money."""
    g = new_game()
    set_holdings(g, ANN, Money=1, Worker_Beetles=5)
    tx(g, ANN, "I reinvest 5 Worker Beetles into 4 Money.")
    assert holdings(g, ANN) == {"Money": 5}


def test_sea_a16_any_ratio_below_one_for_one():
    """SEA-A16: 10 -> 1 is allowed; integers X > Y >= 1."""
    g = new_game()
    set_holdings(g, ANN, Money=10)
    tx(g, ANN, "I reinvest 10 Money for 1 Worker Beetle.")
    assert holdings(g, ANN) == {"Worker Beetles": 1}


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("I reinvest 1 Money for 1 Worker Beetle.", "less than 1 for 1"),
        ("I reinvest 3 Worker Beetles for 3 Money.", "less than 1 for 1"),
        ("I reinvest 2 Money for 3 Worker Beetles.", "less than 1 for 1"),
        ("I reinvest 3 Money for 2 Corporations.", "swaps Money for Worker Beetles"),
        ("I reinvest 3 Corporations for 2 Money.", "swaps Money for Worker Beetles"),
        ("I reinvest 3 Worker Beetles for 2 Food.", "swaps Money for Worker Beetles"),
        ("I reinvest 3 Money for 1 Worker Beetle and 1 Food.", "swaps Money for Worker Beetles"),
    ],
)
def test_sea_a16_reinvestments_that_are_refused(body, says):
    """SEA-46, SEA-A16: only Money and one's own Resource, strictly less than 1 for 1;
    anything else is refused by the Bureau and changes nothing."""
    g = new_game()
    set_holdings(g, ANN, Money=3, Worker_Beetles=3, Corporations=3)
    ev = tx(g, ANN, body)
    assert kinds(ev) == ["message", "bureau"]
    assert says in ev[1].data["text"]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3, "Corporations": 3}
    assert not paid(ev)


def test_sea47_a_reinvestment_fails_without_what_it_gives():
    """SEA-47: it succeeds as long as the House holds what it gives, and only then."""
    g = new_game()
    ev = tx(g, ANN, "I reinvest 4 Money for 3 Worker Beetles.")
    assert texts(ev, "failed") == ["Breeding: I reinvest 4 Money for 3 Worker Beetles."]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert not paid(ev)  # a failed Reinvestment pays Usury nothing (SEA-62)


# -- Usury (SEA-62, SEA-A10) -----------------------------------------------------------------


def test_sea62_usury_gains_when_another_house_reinvests():
    """SEA-62, SEA-A10: Ann reinvests; Ben (Usury) gets 1 Money from the bank."""
    g = new_game()
    ev = tx(g, ANN, "I reinvest 3 Money for 2 Worker Beetles.")
    assert paid(ev) == [(BEN, 1)]
    assert holdings(g, BEN) == {"Money": 4, "Corporations": 3}


def test_sea62_usurys_own_reinvestment_pays_it_nothing():
    """SEA-A10: the ability owner's Transactions never count."""
    g = new_game()
    ev = tx(g, BEN, "I reinvest 3 Corporations for 2 Money.")
    assert not paid(ev)
    assert holdings(g, BEN) == {"Money": 5}


def test_sea_a10_usury_is_paid_once_a_round_by_default():
    """SEA-A10 (per_round): two Houses reinvest three times in Round 1: 1 Money. Round 2
    pays again."""
    g = new_game()
    ev = tx(g, ANN, "I reinvest 2 Money for 1 Worker Beetle.")
    ev += tx(g, ANN, "I reinvest 2 Worker Beetles for 1 Money.")
    ev += tx(g, CAT, "I reinvest 2 Erotroupes for 1 Money.")
    assert paid(ev) == [(BEN, 1)]
    assert holdings(g, BEN)["Money"] == 4
    next_round(g)
    assert g.round == 2
    ev = tx(g, CAT, "I reinvest 2 Money for 1 Erotroupe.")
    assert paid(ev) == [(BEN, 1)]
    assert holdings(g, BEN)["Money"] == 5


def test_sea_a10_usury_per_other_house():
    """SEA-A10 (income_ability_mode=per_other_house): 1 Money for each other House that
    reinvests in the Round, however often."""
    g = new_game(income_ability_mode="per_other_house")
    ev = tx(g, ANN, "I reinvest 2 Money for 1 Worker Beetle.")
    ev += tx(g, ANN, "I reinvest 2 Worker Beetles for 1 Money.")
    ev += tx(g, CAT, "I reinvest 2 Erotroupes for 1 Money.")
    assert paid(ev) == [(BEN, 1), (BEN, 1)]
    assert holdings(g, BEN)["Money"] == 5


def test_sea_a10_usury_per_transaction():
    """SEA-A10 (income_ability_mode=per_transaction): 1 Money for every qualifying
    Reinvestment of another House."""
    g = new_game(income_ability_mode="per_transaction")
    ev = tx(g, ANN, "I reinvest 2 Money for 1 Worker Beetle.")
    ev += tx(g, ANN, "I reinvest 2 Worker Beetles for 1 Money.")
    ev += tx(g, CAT, "I reinvest 2 Erotroupes for 1 Money.")
    ev += tx(g, BEN, "I reinvest 2 Corporations for 1 Money.")  # its own: never counts
    assert paid(ev) == [(BEN, 1), (BEN, 1), (BEN, 1)]
    assert holdings(g, BEN) == {"Money": 7, "Corporations": 1}


# -- Secrets (SEA-63, SEA-A10, SEA-A11) ------------------------------------------------------


def test_sea63_secrets_gains_when_another_house_trades():
    """SEA-63: Ann (Breeding) gives Cat (Sensation) 1 Money; Ben (Secrets) gets 1 Money."""
    g = new_game(houses=SECRETS_GAME)
    ev = tx(g, ANN, "I give 1 Money to Sensation.")
    assert paid(ev) == [(BEN, 1)]
    assert holdings(g, BEN) == {"Money": 4, "Treaties": 3}


def test_sea_a11_a_conditional_trade_counts():
    """SEA-A11: a conditional gift that executes is a Trade (here a standing one that a
    Reinvestment could not have triggered)."""
    g = new_game(houses=SECRETS_GAME, income_ability_mode="per_transaction")
    ev = tx(g, ANN, "I give 1 Worker Beetle to Sensation if Sensation gives me 1 Money.")
    assert kinds(ev) == ["message", "understood", "standing"]
    ev = tx(g, CAT, "I give 1 Money to Breeding.")
    assert len(of_kind(ev, "executed")) == 2
    assert paid(ev) == [(BEN, 2)]  # Cat's gift and Ann's conditional gift
    assert holdings(g, BEN) == {"Money": 5, "Treaties": 3}


@pytest.mark.parametrize(
    ("seat", "body"),
    [
        (CAT, "I take 1 Money from Breeding."),
        (ANN, "I reinvest 2 Money for 1 Worker Beetle."),
        (ANN, "I buy an Expansion Contract with 3 Worker Beetles."),
        (BEN, "I give 1 Treaty to Breeding."),  # Secrets' own Trade
    ],
)
def test_sea_a11_not_trades(seat, body):
    """SEA-A11, SEA-A18: a take, a Reinvestment, an Upgrade purchase and Secrets' own
    gift pay Secrets nothing."""
    g = new_game(houses=SECRETS_GAME)
    ev = tx(g, seat, body)
    assert of_kind(ev, "executed")
    assert not paid(ev)


def test_sea_a11_each_side_of_a_swap_is_its_own_trade():
    """SEA-A11: in a two-sided swap each side is a Trade by its own issuer: with
    per_other_house Secrets gets 1 Money for each."""
    g = new_game(houses=SECRETS_GAME, income_ability_mode="per_other_house")
    hide(g, ANN, "I give 1 Worker Beetle to Sensation if Sensation gives me 1 Erotroupe.")
    hide(g, CAT, "I give 1 Erotroupe to Breeding if Breeding gives me 1 Worker Beetle.")
    ev = land(g)
    assert len(of_kind(ev, "executed")) == 2
    assert paid(ev) == [(BEN, 2)]
    assert holdings(g, BEN) == {"Money": 5, "Treaties": 3}


def test_sea_a10_ability_money_cannot_fund_the_same_batch():
    """SEA-A10, SEA-A12: the ability is paid after the batch is applied: Secrets, with no
    Money, cannot spend the Money that Ann's gift in the same landing earns it."""
    g = new_game(houses=SECRETS_GAME)
    set_holdings(g, BEN, Treaties=3)
    hide(g, ANN, "I give 1 Worker Beetle to Sensation.")
    hide(g, BEN, "I give 1 Money to Breeding.")
    ev = land(g)
    assert texts(ev, "executed") == ["Breeding: I give 1 Worker Beetle to Sensation."]
    assert texts(ev, "failed") == ["Secrets: I give 1 Money to Breeding."]
    assert paid(ev) == [(BEN, 1)]
    assert holdings(g, BEN) == {"Money": 1, "Treaties": 3}
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 2}


# -- conditionals: the rules' example (SEA-49, SEA-50, SEA-A12, SEA-A13) ---------------------

L86 = (
    "I, Breeding, give 2 Worker Beetles to Usury if, in the same batch of Messages, Usury"
    " gives me 1 Corporation and 2 Money."
)
USURY_SIDE = (
    "I give 1 Corporation and 2 Money to Breeding if, in the same batch of Messages,"
    " Breeding gives me 2 Worker Beetles."
)
AFTER_SWAP = (
    {"Money": 5, "Worker Beetles": 1, "Corporations": 1},
    {"Money": 1, "Worker Beetles": 2, "Corporations": 2},
)


def test_sea50_the_rules_example_as_two_hidden_messages_resolves_together():
    """SEA-49, SEA-50, SEA-A12: L86 and Usury's mirror, each depending on the other, both
    hidden: revealed at one landing, they succeed together."""
    g = new_game()
    hide(g, ANN, L86)
    hide(g, BEN, USURY_SIDE)
    ev = land(g)
    assert len(of_kind(ev, "revealed")) == 2
    assert len(of_kind(ev, "executed")) == 2
    assert not of_kind(ev, "failed")
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea49_the_shorthand_trade_meets_a_plain_gift_in_its_batch():
    """SEA-49, SEA-A27: "I trade A to H for B" (L88) hidden, with Usury's unconditional
    hidden gift at the same landing."""
    g = new_game()
    hide(g, ANN, "I trade 2 Worker Beetles to Usury for 1 Corporation and 2 Money.")
    hide(g, BEN, "I give 2 Money and 1 Corporation to Breeding.")
    land(g)
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea_a12_a_hidden_conditional_unmet_at_its_landing_fails():
    """SEA-A12, SEA-A13: a hidden conditional's window is its landing's batch; unmet there
    it fails, and a later gift does not revive it."""
    g = new_game()
    hide(g, ANN, L86)
    ev = land(g)
    (failed,) = of_kind(ev, "failed")
    assert failed.data["reason"] == "its condition was not met"
    assert g.standing == []
    tx(g, BEN, "I give 1 Corporation and 2 Money to Breeding.")
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}
    assert holdings(g, BEN) == {"Money": 1, "Corporations": 2}


def test_sea_a13_a_hidden_conditional_is_not_met_by_a_public_gift_before_its_landing():
    """SEA-A13: same_batch counts only the landing's batch, not a public gift resolved
    earlier in the Round."""
    g = new_game()
    hide(g, ANN, L86)
    tx(g, BEN, "I give 1 Corporation and 2 Money to Breeding.")
    ev = land(g)
    assert texts(ev, "failed") == [
        "Breeding: I give 2 Worker Beetles to Usury if, in the same batch of Messages,"
        " Usury gives me 2 Money and 1 Corporation."
    ]
    assert holdings(g, ANN)["Worker Beetles"] == 3


# -- public conditionals (SEA-A14) ------------------------------------------------------------


def test_sea_a14_a_public_trade_is_same_batch_and_fails_alone():
    """SEA-A14, SEA-A27: a public "I trade ..." is resolved only in the batch its posting
    forms; without the counter-gift it fails, and the counter-gift later is only a gift."""
    g = new_game()
    ev = tx(g, ANN, "I trade 2 Worker Beetles to Usury for 1 Corporation and 2 Money.")
    (failed,) = of_kind(ev, "failed")
    assert failed.data["reason"] == "its condition was not met"
    assert g.standing == []
    tx(g, BEN, "I give 1 Corporation and 2 Money to Breeding.")
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}


def test_sea_a14_a_public_conditional_in_the_same_batch_fails_alone():
    """SEA-A12, SEA-A14: a public conditional that says "in the same batch" is resolved
    only in the batch its posting forms; unmet there, it fails and does not stand."""
    g = new_game()
    ev = tx(g, ANN, L86)
    assert [e.data["reason"] for e in of_kind(ev, "failed")] == ["its condition was not met"]
    assert g.standing == []
    tx(g, BEN, "I give 1 Corporation and 2 Money to Breeding.")
    assert holdings(g, ANN)["Worker Beetles"] == 3


def test_sea_a14_a_public_trade_meets_a_standing_offer():
    """SEA-A12, SEA-A14: Usury's standing public offer is a candidate in the batch of
    Breeding's public trade: they depend on each other and both execute."""
    g = new_game()
    ev = tx(g, BEN, "I give 1 Corporation and 2 Money to Breeding if Breeding gives me 2 WB.")
    assert kinds(ev) == ["message", "understood", "standing"]
    ev = tx(g, ANN, "I trade 2 Worker Beetles to Usury for 1 Corporation and 2 Money.")
    assert len(of_kind(ev, "executed")) == 2
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP
    assert g.standing == []


def test_sea_a14_a_public_conditional_stands_and_executes_when_met():
    """SEA-A14: "I give A to H if H gives me B." in public, with no window, stands as a
    pending offer and executes inside the batch of H's later gift."""
    g = new_game()
    ev = tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 1 Corporation and 2 M.")
    assert kinds(ev) == ["message", "understood", "standing"]
    assert GAME.view(g, None)["standing"] == [
        "Breeding: I give 2 Worker Beetles to Usury if Usury gives me 2 Money and 1 Corporation."
    ]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    tx(g, CAT, "I give 1 Money to Breeding.")  # unrelated: it stays
    assert len(g.standing) == 1
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.")
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Money": 6, "Worker Beetles": 1, "Corporations": 1}
    assert holdings(g, BEN) == {"Money": 1, "Worker Beetles": 2, "Corporations": 2}
    assert g.standing == []


def test_sea_a14_a_standing_conditional_lapses_at_the_next_resolution():
    """SEA-A14: with no deadline it lapses when the next Resolution starts: a hidden
    counter-gift revealed at that landing, or a gift in the Land Phase, does not meet it."""
    g = new_game()
    tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 2 Money.")
    hide(g, BEN, "I give 2 Money to Breeding.")
    ev = land(g)
    kind_list = kinds(ev)
    assert kind_list.index("lapsed") < kind_list.index("revealed")
    assert texts(ev, "lapsed") == [
        "Breeding: I give 2 Worker Beetles to Usury if Usury gives me 2 Money."
    ]
    assert texts(ev, "executed") == ["Usury: I give 2 Money to Breeding."]
    assert g.standing == []
    tx(g, CAT, "I give 1 Money to Usury.")
    ev = tx(g, BEN, "I give 2 Money to Breeding.")
    assert len(of_kind(ev, "executed")) == 1
    assert holdings(g, ANN) == {"Money": 7, "Worker Beetles": 3}


def test_sea_a14_a_standing_conditional_its_issuer_cannot_pay_fails_and_closes():
    """SEA-A12 step 5, SEA-A14: met but unaffordable, the standing conditional fails and is
    closed; a second gift later does not trigger it."""
    g = new_game()
    tx(g, ANN, "I give 3 Money to Usury if Usury gives me 1 Corporation.")
    tx(g, ANN, "I give 3 Money to Sensation.")
    ev = tx(g, BEN, "I give 1 Corporation to Breeding.")
    (failed,) = of_kind(ev, "failed")
    assert (
        failed.data["reason"]
        == "Breeding would have ended with -3 Money; the latest Transaction paying that out fails"
    )
    assert texts(ev, "executed") == ["Usury: I give 1 Corporation to Breeding."]
    assert g.standing == []
    tx(g, CAT, "I give 3 Money to Breeding.")
    tx(g, BEN, "I give 1 Corporation to Breeding.")
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3, "Corporations": 2}


def test_sea_a14_a_conditional_is_not_met_by_a_transfer_before_it_was_posted():
    """SEA-A14: Usury's gift resolved a minute before Breeding's conditional was posted
    does not meet it; the conditional stands."""
    g = new_game()
    tx(g, BEN, "I give 2 Money to Breeding.", at=T0 + 60)
    ev = tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 2 Money.", at=T0 + 120)
    assert kinds(ev) == ["message", "understood", "standing"]
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3}


def test_sea_a14_a_transfer_resolved_just_before_posting_in_the_same_second_does_not_count():
    """SEA-A13, SEA-A14: "It cannot be satisfied by transfers that resolved before it was
    posted." Usury's gift resolves first; Breeding's conditional is posted in the same
    second (the server clock did not move). It must stand, not execute."""
    g = new_game()
    tx(g, BEN, "I give 2 Money to Breeding.", at=T0 + 60)
    ev = tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 2 Money.", at=T0 + 60)
    assert kinds(ev) == ["message", "understood", "standing"]
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3}


def test_sea_a13_a_hidden_deadline_conditional_ignores_a_gift_resolved_before_it_was_sent():
    """SEA-A13: a deadline window counts "Transactions resolved after the conditional was
    submitted". Ben's public gift resolves; then Ann seals a deadline conditional asking for
    it. At the landing (before the deadline) the earlier gift must not meet it: Ann keeps
    her Worker Beetles and the conditional stands."""
    g = new_game()
    tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.")
    hide(g, ANN, L94_TEXT)
    ev = land(g)
    assert not [e for e in of_kind(ev, "executed") if e.data["player"] == ANN]
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}


# -- deadlines (SEA-51 .. SEA-53, SEA-A13, SEA-A14) -------------------------------------------

L94 = L94_TEXT  # the rules' L94 example, with a UTC deadline


def test_sea51_a_deadline_conditional_is_met_by_a_gift_before_the_deadline():
    """SEA-51, SEA-52, SEA-A13: the L94 form; Usury's public gift one second before the
    deadline meets it."""
    g = new_game()
    ev = tx(g, ANN, L94, at=T0 + 60)
    assert kinds(ev) == ["message", "understood", "standing"]
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=DEADLINE - 1)
    assert len(of_kind(ev, "executed")) == 2
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea51_a_deadline_conditional_is_not_met_by_a_gift_before_it_was_posted():
    """SEA-A13: the deadline window counts Transactions resolved after the conditional was
    submitted: Usury's earlier gift does not meet it, a later one does."""
    g = new_game()
    set_holdings(g, BEN, Money=4, Corporations=2)
    tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 60)
    ev = tx(g, ANN, L94, at=T0 + 120)
    assert kinds(ev) == ["message", "understood", "standing"]
    assert holdings(g, ANN)["Worker Beetles"] == 3
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 180)
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Money": 7, "Worker Beetles": 1, "Corporations": 2}


def test_sea52_a_gift_resolved_exactly_at_the_deadline_is_too_late():
    """SEA-52, SEA-A27, SEA-A14: "before T" is strictly earlier; a gift resolved at T does not
    meet it: the conditional has lapsed at T, before the gift."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=DEADLINE)
    assert kinds(ev) == ["lapsed", "message", "understood", "executed"]
    assert texts(ev, "executed") == ["Usury: I give 2 Money and 1 Corporation to Breeding."]
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}
    assert g.standing == []


def test_sea_a14_a_deadline_conditional_lapses_at_its_deadline():
    """SEA-A14, SEA-51: a public conditional lapses at its deadline, with its own public
    event dated then: the first public action after the deadline (a post, here) finds it
    lapsed before anything else, it is no longer listed as standing, and the next batch
    does not close it as failed."""
    g = new_game()
    offer = texts(tx(g, ANN, L94, at=T0 + 60), "standing")
    assert GAME.view(g, CAT)["standing"] == offer
    ev = act(g, CAT, "post: the offer has run out", at=DEADLINE + 60)
    assert kinds(ev) == ["lapsed", "message"]
    (lapsed,) = of_kind(ev, "lapsed")
    assert lapsed.data["at"] == DEADLINE and lapsed.data["player"] == ANN
    assert [lapsed.data["text"]] == offer and "before 2023-11-15 00:00 UTC" in offer[0]
    assert all(lapsed.visible_to(seat) for seat in (None, ANN, BEN, CAT))
    assert g.standing == [] and GAME.view(g, None)["standing"] == []
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=DEADLINE + 120)
    assert kinds(ev) == ["message", "understood", "executed"]
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}


@pytest.mark.parametrize("secret", ["tell Ben: the offer has run out", "hide: Not a word."])
def test_sea_a14_sea_16_a_secret_after_the_deadline_leaves_no_trace(secret):
    """SEA-16, SEA-A14: a tell or a hidden message changes nothing the others see, even
    after a conditional's deadline; the next public action lapses it, dated at its
    deadline, before anything else."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    before = {v: GAME.view(g, v) for v in (ANN, None)}
    ev = act(g, CAT, secret, at=DEADLINE + 60)
    assert kinds(ev) == ["message"] and not ev[0].visible_to(ANN)
    assert all(GAME.view(g, v) == before[v] for v in (ANN, None))
    ev = act(g, BEN, "post: hello", at=DEADLINE + 120)
    assert kinds(ev) == ["lapsed", "message"]
    assert of_kind(ev, "lapsed")[0].data["at"] == DEADLINE and g.standing == []


def test_sea_a14_a_phase_deadline_after_it_lapses_it_before_the_resolution():
    """SEA-A14, SEA-28: with nobody acting after the conditional's deadline, the Air Phase's
    own deadline (the Bureau's timeouts, dated then) is the first the game learns of it: the
    conditional lapses, dated at its deadline, before the phase closes."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    ev = timeout(g)
    assert kinds(ev)[:2] == ["lapsed", "ready"] and "resolution" in kinds(ev)
    assert of_kind(ev, "lapsed")[0].data["at"] == DEADLINE and len(of_kind(ev, "lapsed")) == 1
    assert not of_kind(ev, "failed") and g.standing == []
    # An action dated past several deadlines closes them in time order.
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    ev = act(g, CAT, "post: hello", at=T0 + 49 * HOUR)
    assert kinds(ev)[:3] == ["lapsed", "deadline", "resolution"]


def test_sea53_a_hidden_counter_gift_revealed_before_the_deadline_meets_it():
    """SEA-53: a hidden Transaction resolves when its landing reveals it: before the
    deadline, the exchange occurs."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    hide(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 120)
    ev = land(g, at=DEADLINE - 60)
    assert len(of_kind(ev, "executed")) == 2
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea53_a_hidden_counter_gift_revealed_after_the_deadline_does_not_meet_it():
    """SEA-53, SEA-54: sent well before the deadline, but revealed after it: the condition
    is not met (the gift itself still executes)."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    hide(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 120)
    ev = land(g, at=DEADLINE + 60)
    assert texts(ev, "executed") == ["Usury: I give 2 Money and 1 Corporation to Breeding."]
    assert len(of_kind(ev, "lapsed")) == 1
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}


def test_sea_a14_a_deadline_conditional_outlives_the_next_resolution():
    """SEA-A14: a conditional with a deadline lapses at its deadline, not at the next
    Resolution: a gift in the Land Phase, before the deadline, still meets it."""
    g = new_game()
    tx(g, ANN, L94, at=T0 + 60)
    ev = land(g, at=T0 + HOUR)
    assert not of_kind(ev, "lapsed")
    assert g.phase == "land" and len(g.standing) == 1
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + HOUR + 60)
    assert len(of_kind(ev, "executed")) == 2
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea_a14_a_revealed_hidden_deadline_conditional_stands_until_its_deadline():
    """SEA-A14: a hidden conditional with a deadline, unmet at its landing while the
    deadline is ahead, stands from then on as a public offer."""
    g = new_game()
    hide(g, ANN, L94, at=T0 + 60)
    ev = land(g, at=T0 + HOUR)
    assert kinds(ev).count("standing") == 1
    ev = tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + HOUR + 60)
    assert len(of_kind(ev, "executed")) == 2
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea_a14_a_hidden_deadline_conditional_past_its_deadline_gets_one_check():
    """SEA-A14: revealed after its deadline, it is checked once against Transactions
    resolved after it was sent and before the deadline: Usury's public gift in between
    meets it, so it executes at the landing."""
    g = new_game()
    hide(g, ANN, L94, at=T0 + 60)
    tx(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 120)
    ev = land(g, at=DEADLINE + 60)
    assert len(of_kind(ev, "executed")) == 1
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


def test_sea_a14_a_hidden_deadline_conditional_past_its_deadline_and_unmet_fails():
    """SEA-A14: with no qualifying transfer before the deadline it fails at the landing;
    a counter-gift in the same (late) landing does not count."""
    g = new_game()
    hide(g, ANN, L94, at=T0 + 60)
    hide(g, BEN, "I give 2 Money and 1 Corporation to Breeding.", at=T0 + 120)
    ev = land(g, at=DEADLINE + 60)
    (failed,) = of_kind(ev, "failed")
    assert failed.data["reason"] == "its condition was not met"
    assert g.standing == []
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3, "Corporations": 1}


# -- what meets a requirement (SEA-A13) -------------------------------------------------------


def test_sea_a13_two_smaller_gifts_do_not_add_up():
    """SEA-A13: each requirement needs one Transaction giving at least the amounts: two
    gifts of 1 Money, even in one message, do not meet "2 Money"; one gift of 3 does."""
    g = new_game()
    tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 2 Money.")
    tx(g, BEN, "I give 1 Money to Breeding.")
    tx(g, BEN, "I give 1 Money to Breeding. I give 1 Money to Breeding.")
    assert holdings(g, ANN) == {"Money": 6, "Worker Beetles": 3}
    assert len(g.standing) == 1
    set_holdings(g, BEN, Money=3)
    ev = tx(g, BEN, "I give 3 Money to Breeding.")  # "at least"
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Money": 9, "Worker Beetles": 1}


def test_sea_a13_different_requirements_may_be_met_by_different_transactions():
    """SEA-A13: a condition with two requirements, met by two Houses' gifts in two batches
    while it stands."""
    g = new_game()
    ev = tx(
        g,
        ANN,
        "I give 2 Worker Beetles to Usury if Usury gives me 1 Corporation,"
        " and Sensation gives me 1 Erotroupe.",
    )
    assert kinds(ev) == ["message", "understood", "standing"]
    tx(g, BEN, "I give 1 Corporation to Breeding.")
    assert len(g.standing) == 1
    ev = tx(g, CAT, "I give 1 Erotroupe to Breeding.")
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {
        "Money": 3,
        "Worker Beetles": 1,
        "Corporations": 1,
        "Erotroupes": 1,
    }


def test_sea_a13_one_transfer_meets_several_conditionals():
    """SEA-A13: a transfer is not used up: Usury's one gift meets Breeding's conditional and
    Sensation's (which names Breeding as the taker), and Breeding's second conditional too,
    so Breeding pays twice."""
    g = new_game()
    tx(g, ANN, "I give 1 Worker Beetle to Usury if Usury gives me 2 Money.")
    tx(g, ANN, "I give 1 Money to Usury if Usury gives me 2 Money.")
    tx(g, CAT, "I give 1 Erotroupe to Usury if Usury gives Breeding 2 Money.")
    assert len(g.standing) == 3
    ev = tx(g, BEN, "I give 2 Money to Breeding.")
    assert len(of_kind(ev, "executed")) == 4
    assert holdings(g, ANN) == {"Money": 4, "Worker Beetles": 2}
    assert holdings(g, BEN) == {
        "Money": 2,
        "Worker Beetles": 1,
        "Corporations": 3,
        "Erotroupes": 1,
    }
    assert g.standing == []


# -- net settlement and failures (SEA-A12) ----------------------------------------------------


def test_sea_a12_mutually_funded_swaps_succeed_net():
    """SEA-A12 step 3: Ann holds no Money; Ann gives Ben 3 Money and Ben gives Ann 3 Money
    at one landing: settled net, both succeed."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=3)
    hide(g, ANN, "I give 3 Money to Usury.")
    hide(g, BEN, "I give 3 Money to Breeding.")
    ev = land(g)
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a12_a_public_batch_settles_net_with_a_standing_conditional():
    """SEA-A12: Ann (no Money) stands "3 Money to Usury if Usury gives me 3 Money"; Ben's
    gift forms a batch with it: Ann pays with what she receives."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=3)
    tx(g, ANN, "I give 3 Money to Usury if Usury gives me 3 Money.")
    ev = tx(g, BEN, "I give 3 Money to Breeding.")
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a12_the_latest_payer_fails_and_the_rest_is_rechecked():
    """SEA-A12 step 5: Ben (3 Money) sends 2 Money to Cat, Ann (no Money) sends 2 Money to
    Cat, Ben sends 2 Money to Ann. Ben is short: his latest (to Ann) fails; then Ann is
    short: hers fails. Only Ben's first gift executes."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=3)
    hide(g, BEN, "I give 2 Money to Sensation.")
    hide(g, ANN, "I give 2 Money to Sensation.")
    hide(g, BEN, "I give 2 Money to Breeding.")
    ev = land(g)
    assert texts(ev, "executed") == ["Usury: I give 2 Money to Sensation."]
    assert texts(ev, "failed") == [
        "Breeding: I give 2 Money to Sensation.",
        "Usury: I give 2 Money to Breeding.",
    ]
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 1, "Corporations": 3}
    assert holdings(g, CAT) == {"Money": 5, "Erotroupes": 3}


def test_sea_a12_only_a_transaction_paying_out_the_short_asset_fails():
    """SEA-A12 step 5: Ann is short of Worker Beetles, not Money: her earlier Beetle gift
    fails, her later Money gift stands."""
    g = new_game()
    hide(g, ANN, "I give 4 Worker Beetles to Usury.")
    hide(g, ANN, "I give 2 Money to Usury.")
    ev = land(g)
    assert texts(ev, "failed") == ["Breeding: I give 4 Worker Beetles to Usury."]
    assert texts(ev, "executed") == ["Breeding: I give 2 Money to Usury."]
    assert holdings(g, ANN) == {"Money": 1, "Worker Beetles": 3}


def test_sea_a12_a_failure_unmeets_a_dependent_conditional():
    """SEA-A12 steps 2 and 5: Ann's second gift fails for want of Money, so Cat's
    conditional that needed it is dropped too and fails."""
    g = new_game()
    set_holdings(g, ANN, Money=2, Worker_Beetles=3)
    hide(g, ANN, "I give 2 Money to Usury.")
    hide(g, ANN, "I give 1 Money to Sensation.")
    hide(g, CAT, "I give 1 Erotroupe to Breeding if Breeding gives me 1 Money.")
    ev = land(g)
    assert texts(ev, "executed") == ["Breeding: I give 2 Money to Usury."]
    failed = {e.data["text"]: e.data["reason"] for e in of_kind(ev, "failed")}
    assert failed == {
        "Breeding: I give 1 Money to Sensation.": (
            "Breeding would have ended with -1 Money; the latest Transaction paying that out fails"
        ),
        "Sensation: I give 1 Erotroupe to Breeding if Breeding gives me 1 Money.": (
            "its condition was not met"
        ),
    }
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, CAT) == {"Money": 3, "Erotroupes": 3}


def test_sea_a12_a_chain_of_conditionals_resolves_together_or_not_at_all():
    """SEA-A12 step 2: Ann's conditional needs Ben's, Ben's needs Cat's gift; all three
    execute at one landing. Without Cat's gift (Cat cannot pay), both conditionals drop."""
    for cat_has, executed in ((1, 3), (0, 0)):
        g = new_game()
        set_holdings(g, CAT, Money=3, Erotroupes=cat_has)
        hide(g, ANN, "I give 1 Worker Beetle to Sensation if Usury gives me 1 Corporation.")
        hide(g, BEN, "I give 1 Corporation to Breeding if Sensation gives me 1 Erotroupe.")
        hide(g, CAT, "I give 1 Erotroupe to Usury.")
        ev = land(g)
        assert len(of_kind(ev, "executed")) == executed
        assert len(of_kind(ev, "failed")) == 3 - executed
        if executed:
            assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 2, "Corporations": 1}
            assert holdings(g, BEN) == {"Money": 3, "Corporations": 2, "Erotroupes": 1}
            assert holdings(g, CAT) == {"Money": 3, "Worker Beetles": 1}
        else:
            assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
            assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a12_a_cycle_of_three_conditionals_succeeds():
    """SEA-50, SEA-A12: Ann -> Ben -> Cat -> Ann, each gift conditional on the next one's:
    the largest consistent set is all three."""
    g = new_game()
    hide(g, ANN, "I give 1 Worker Beetle to Usury if Sensation gives me 1 Erotroupe.")
    hide(g, BEN, "I give 1 Corporation to Sensation if Breeding gives me 1 Worker Beetle.")
    hide(g, CAT, "I give 1 Erotroupe to Breeding if Usury gives me 1 Corporation.")
    ev = land(g)
    assert len(of_kind(ev, "executed")) == 3
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 2, "Erotroupes": 1}
    assert holdings(g, BEN) == {"Money": 3, "Worker Beetles": 1, "Corporations": 2}
    assert holdings(g, CAT) == {"Money": 3, "Corporations": 1, "Erotroupes": 2}


def test_sea_a12_the_later_of_two_met_standing_conditionals_fails_for_want_of_means():
    """SEA-A12 step 5: one gift meets two of Ann's standing conditionals but she can pay
    only one: the later-posted fails and is closed, the earlier executes."""
    g = new_game()
    set_holdings(g, ANN, Worker_Beetles=3)
    tx(g, ANN, "I give 3 Worker Beetles to Usury if Usury gives me 1 Corporation.")
    tx(g, ANN, "I give 2 Worker Beetles to Sensation if Usury gives me 1 Corporation.")
    ev = tx(g, BEN, "I give 1 Corporation to Breeding.")
    assert texts(ev, "failed") == [
        "Breeding: I give 2 Worker Beetles to Sensation if Usury gives me 1 Corporation."
    ]
    assert holdings(g, ANN) == {"Corporations": 1}
    assert holdings(g, BEN) == {"Money": 3, "Worker Beetles": 3, "Corporations": 2}
    assert g.standing == []


def test_sea_a12_sequential_mode_applies_in_submission_order():
    """SEA-A12 (batch_mode=sequential): each Transaction must be affordable when its turn
    comes: Ann's gift, sent first, fails; sent after Ben's, it succeeds."""
    g = new_game(batch_mode="sequential")
    set_holdings(g, ANN, Worker_Beetles=3)
    hide(g, ANN, "I give 3 Money to Usury.")
    hide(g, BEN, "I give 3 Money to Breeding.")
    ev = land(g)
    assert texts(ev, "failed") == ["Breeding: I give 3 Money to Usury."]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(g, BEN) == {"Corporations": 3}

    g = new_game(batch_mode="sequential")
    set_holdings(g, ANN, Worker_Beetles=3)
    hide(g, BEN, "I give 3 Money to Breeding.")
    hide(g, ANN, "I give 3 Money to Usury.")
    ev = land(g)
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Worker Beetles": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a12_sequential_mode_keeps_mutual_conditionals():
    """SEA-A12 (sequential): conditionals use the same fixed-point check, so the rules'
    example still succeeds when each side can pay."""
    g = new_game(batch_mode="sequential")
    hide(g, ANN, L86)
    hide(g, BEN, USURY_SIDE)
    land(g)
    assert (holdings(g, ANN), holdings(g, BEN)) == AFTER_SWAP


# -- the special take (SEA-55 .. SEA-58, SEA-64, SEA-A18) -------------------------------------


def test_sea55_sensation_takes_1_money_from_another_house():
    """SEA-55, SEA-64: Sensation takes 1 Money from Usury; one use is spent."""
    g = new_game()
    assert g.special_left == [0, 0, 2]
    ev = tx(g, CAT, "I take 1 Money from Usury.")
    assert texts(ev, "executed") == ["Sensation: I take 1 Money from Usury."]
    assert holdings(g, BEN) == {"Money": 2, "Corporations": 3}
    assert holdings(g, CAT) == {"Money": 4, "Erotroupes": 3}
    assert GAME.view(g, None)["houses"][CAT]["special_left"] == 1


def test_sea64_suppression_has_the_take_too():
    """SEA-64: Suppression's special Transaction is the same."""
    g = new_game(houses=("Breeding", "Usury", "Suppression"))
    tx(g, CAT, "I take 1 Money from Breeding.")
    assert holdings(g, ANN) == {"Money": 2, "Worker Beetles": 3}
    assert holdings(g, CAT) == {"Money": 4, "Platoons": 3}


@pytest.mark.parametrize("house", ["Breeding", "Usury"])
def test_sea64_other_houses_cannot_take(house):
    """SEA-64, SEA-A18: only Sensation and Suppression have the take."""
    g = new_game()
    seat = ANN if house == "Breeding" else BEN
    ev = tx(g, seat, "I take 1 Money from Sensation.")
    assert kinds(ev) == ["message", "bureau"]
    assert "only Sensation and Suppression" in ev[1].data["text"]
    assert holdings(g, CAT) == {"Money": 3, "Erotroupes": 3}


@pytest.mark.parametrize(("stops", "uses"), [(1, 0), (3, 1), (4, 2), (5, 2), (7, 3)])
def test_sea56_uses_per_game_are_half_the_stops_rounded_down(stops, uses):
    """SEA-56: floor(Stops / 2) uses."""
    g = new_game(stops=stops, cards=("Bureaucracy",) * 12)
    assert g.special_left[CAT] == uses


def test_sea56_no_use_beyond_the_allowance():
    """SEA-56: with 5 Stops, two uses (Rounds 1 and 2); the third Round's take is refused."""
    g = new_game(stops=5)
    tx(g, CAT, "I take 1 Money from Usury.")
    next_round(g)
    tx(g, CAT, "I take 1 Money from Usury.")
    next_round(g)
    ev = tx(g, CAT, "I take 1 Money from Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert "as often as the game allows" in ev[1].data["text"]
    assert holdings(g, BEN) == {"Money": 1, "Corporations": 3}
    assert g.special_left[CAT] == 0


def test_sea57_at_most_one_take_a_round():
    """SEA-57: a second take in the same Round, in the Air or the Land Phase, is refused;
    the next Round allows one again."""
    g = new_game()
    tx(g, CAT, "I take 1 Money from Usury.")
    ev = tx(g, CAT, "I take 1 Money from Breeding.")
    assert kinds(ev) == ["message", "bureau"]
    assert "once a Round" in ev[1].data["text"]
    land(g)
    ev = tx(g, CAT, "I take 1 Money from Breeding.")
    assert "once a Round" in ev[1].data["text"]
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 3}
    everyone_ready(g)
    assert g.round == 2
    tx(g, CAT, "I take 1 Money from Breeding.")
    assert holdings(g, ANN) == {"Money": 2, "Worker Beetles": 3}
    assert g.special_left[CAT] == 0


def test_sea57_two_takes_in_one_message_are_not_two_uses_in_a_round():
    """SEA-57, SEA-56: "not more than once per Round": a message with two takes must not
    take twice (it is refused, or at most one take executes)."""
    g = new_game()
    tx(g, CAT, "I take 1 Money from Breeding. I take 1 Money from Usury.")
    taken = 6 - holdings(g, ANN)["Money"] - holdings(g, BEN)["Money"]
    assert taken <= 1
    assert g.special_left[CAT] >= 1


def test_sea56_two_takes_in_one_message_cannot_exceed_the_uses_left():
    """SEA-56: with 3 Stops there is 1 use; a message with two takes cannot use 2."""
    g = new_game(stops=3)
    tx(g, CAT, "I take 1 Money from Breeding. I take 1 Money from Usury.")
    assert g.special_left[CAT] >= 0
    assert holdings(g, CAT)["Money"] <= 4


def test_sea58_a_hidden_take_is_invalid():
    """SEA-58, SEA-A18: the take must be public: sent hidden, the Bureau answers Sensation
    privately, no use is spent and nothing happens at the landing."""
    g = new_game()
    ev = hide(g, CAT, "I take 1 Money from Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert "must be public" in ev[1].data["text"]
    assert ev[1].visible_to(CAT) and not ev[1].visible_to(BEN)
    ev = land(g)
    assert not of_kind(ev, "executed")
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}
    assert g.special_left[CAT] == 2


def test_sea_a18_the_target_must_have_money_and_no_use_is_spent():
    """SEA-A18: a take from a House with no Money is refused and costs no use; the use is
    still there once the target has Money again."""
    g = new_game()
    set_holdings(g, BEN, Corporations=3)
    ev = tx(g, CAT, "I take 1 Money from Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert "Usury has no Money to take" in ev[1].data["text"]
    assert g.special_left[CAT] == 2
    assert holdings(g, CAT) == {"Money": 3, "Erotroupes": 3}
    tx(g, ANN, "I give 1 Money to Usury.")
    tx(g, CAT, "I take 1 Money from Usury.")  # the same Round: the refusal used nothing
    assert holdings(g, BEN) == {"Corporations": 3}
    assert g.special_left[CAT] == 1


def test_sea_a18_the_take_is_allowed_in_the_land_phase_by_default():
    """SEA-A18, SEA-36: "violence is prohibited" has no mechanical effect by default."""
    g = new_game()
    land(g)
    assert g.phase == "land"
    tx(g, CAT, "I take 1 Money from Usury.")
    assert holdings(g, CAT)["Money"] == 4


def test_sea_a18_land_phase_blocks_special_take_option():
    """SEA-A18 (land_phase_blocks_special_take=true): refused in the Land Phase, without
    spending a use; allowed in the Air Phase."""
    g = new_game(land_phase_blocks_special_take=True)
    land(g)
    ev = tx(g, CAT, "I take 1 Money from Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert "violence is prohibited" in ev[1].data["text"]
    assert g.special_left[CAT] == 2
    everyone_ready(g)
    tx(g, CAT, "I take 1 Money from Usury.")
    assert holdings(g, BEN)["Money"] == 2


def test_sea_a18_a_take_never_meets_a_condition():
    """SEA-A13, SEA-A18: Usury offers a Corporation to Sensation if Breeding gives
    Sensation 1 Money; Sensation taking 1 Money from Breeding is no such gift."""
    g = new_game()
    tx(g, BEN, "I give 1 Corporation to Sensation if Breeding gives Sensation 1 Money.")
    ev = tx(g, CAT, "I take 1 Money from Breeding.")
    assert texts(ev, "executed") == ["Sensation: I take 1 Money from Breeding."]
    assert len(g.standing) == 1
    assert holdings(g, CAT) == {"Money": 4, "Erotroupes": 3}
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_a18_the_take_is_unconditional():
    """SEA-A18: the take is unconditional: "If ..., I take ..." is not read."""
    g = new_game()
    ev = tx(g, CAT, "If Usury gives me 1 Money, I take 1 Money from Usury.")
    assert kinds(ev) == ["message", "bureau"]
    assert g.special_left[CAT] == 2


def test_sea_a27_a_transaction_after_the_game_is_refused():
    """SEA-A27: the Bureau accepts no Transactions once the game is over."""
    g = new_game(stops=1)
    land(g)
    assert g.phase == "over"
    refused(g, ANN, "post: ATTN Bureau: Transaction. I give 1 Money to Usury.", "over")
