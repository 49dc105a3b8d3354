"""Deals and trading (DEC-62 to DEC-64, DEC-A14): personal blame and cards change hands
when both sides agree, at any time, outside the action economy; nothing else can be dealt,
and nothing promised is enforced."""

from __future__ import annotations

from bureau.engine import IllegalAction
from bureau.games.decrees import GAME
from bureau.games.decrees.flow import end_turn

from ..common import kinds, of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    DAN,
    EVE,
    EXE,
    TRE,
    blames,
    hand,
    new_game,
    play,
    refused,
    set_blame,
)


def test_dec_62_dec_63_an_accepted_trade_of_blame_and_cards_executes_at_once():
    """DEC-62, DEC-63, DEC-A14: 'offer Ben: Ann gives 3 blame; Ben gives card overtime'
    waits for Ben; his acceptance moves both at once; it costs no action."""
    state = new_game(hands=("whitewash", "overtime"))
    set_blame(state, Ann=5, Ben=1)
    ev = play(state, ANN, "offer Ben: Ann gives 3 blame; Ben gives card overtime")
    assert kinds(ev) == ["deal_offered", "deal_offered"]
    assert GAME.pending(state) == (BEN,)
    assert state.blame[:2] == [5, 1] and hand(state, BEN) == ["overtime"]  # not yet
    ev = play(state, BEN, "accept Ann")
    assert kinds(ev) == [
        "deal_answered",
        "deal_done",
        "deal_done",
        "blame_given",
        "cards_given",
        "cards_given",
    ]
    assert state.blame[:2] == [2, 4]
    assert "overtime" in hand(state, ANN) and hand(state, BEN) == []
    assert state.actions_left == 3 and GAME.pending(state) == (ANN,) and state.offers == ()


def test_dec_62_a_declined_offer_changes_nothing():
    """DEC-62: both must agree: Ben declines, nothing moves."""
    state = new_game(hands=(None, "overtime"))
    set_blame(state, Ann=5)
    play(state, ANN, "offer Ben: Ann gives 2 blame; Ben gives card overtime")
    ev = play(state, BEN, "decline Ann")
    assert kinds(ev) == ["deal_answered"] and ev[0].data["accept"] is False
    assert state.blame[:2] == [5, 0] and hand(state, BEN) == ["overtime"]
    assert state.offers == () and GAME.pending(state) == (ANN,)


def test_dec_62_an_offer_may_be_withdrawn_before_the_answer():
    """DEC-62: Ann withdraws her open offer; Ben can no longer accept it."""
    state = new_game()
    set_blame(state, Ann=5)
    play(state, ANN, "offer Ben: Ann gives 2 blame")
    play(state, ANN, "withdraw")
    assert state.offers == () and GAME.pending(state) == (ANN,)
    refused(state, BEN, "accept Ann", "Ann has no open offer to you")
    assert state.blame[:2] == [5, 0]


def test_dec_62_a_deal_fails_whole_if_a_side_can_no_longer_pay():
    """DEC-62: both Ben and Cat ask for Ann's only Overtime; Ann accepts Cat's first, so
    Ben's acceptance of the other fails and nothing of it moves (not even Ben's blame)."""
    state = new_game(hands=("overtime",))
    set_blame(state, Ben=4, Cat=4)
    play(state, BEN, "offer Ann: Ann gives card overtime; Ben gives 2 blame")
    play(state, CAT, "offer Ann: Ann gives card overtime; Cat gives 1 blame")
    play(state, ANN, "accept Cat")
    assert "overtime" in hand(state, CAT) and state.blame == [1, 4, 3, 0, 0]
    ev = play(state, ANN, "accept Ben")
    failed = of_kind(ev, "deal_failed")
    assert failed[0].data["reason"] == "Ann does not hold 1 Overtime"
    assert failed[0].visible_to(BEN) and not failed[1].visible_to(BEN)
    assert "reason" not in failed[1].data and failed[1].visible_to(DAN)
    assert state.blame == [1, 4, 3, 0, 0] and "overtime" not in hand(state, ANN)
    assert state.offers == ()


def test_dec_a14_trades_happen_outside_ones_own_turn_and_are_not_actions():
    """DEC-A14: during Ann's turn Cat offers Dan a trade and Dan accepts; Ann's turn goes
    on with all her actions."""
    state = new_game(hands=(None, None, "good-press", "cover-up"))
    set_blame(state, Cat=3)
    play(state, CAT, "offer Dan: Cat gives 3 blame, card good-press; Dan gives card cover-up")
    assert GAME.pending(state) == (DAN,)
    play(state, DAN, "accept Cat")
    assert state.blame[CAT] == 0 and state.blame[DAN] == 3
    assert hand(state, CAT) == ["cover-up"] and hand(state, DAN) == ["good-press"]
    assert GAME.pending(state) == (ANN,) and state.actions_left == 3 and state.turns == 1


def test_dec_a14_trades_during_an_enactment_choice():
    """DEC-A14 ('at any time'): while Ann chooses the extra blame, Ben and Eve trade."""
    state = new_game()
    state.head[EXE], state.dept_of[CAT] = CAT, EXE  # Ann and Cat swap: Ann heads TRE,
    state.head[TRE], state.dept_of[ANN] = ANN, TRE  # which is uncontrolled
    state.decree_at[0], state.decree_done[0] = TRE, 3  # D1: only its final TRE step left
    set_blame(state, Eve=2)
    play(state, ANN, "stamp D1")
    assert GAME.pending(state) == (ANN,) and state.phase == "choose"
    play(state, EVE, "offer Ben: Eve gives 2 blame")
    play(state, BEN, "accept Eve")
    assert state.blame[BEN] == 2 and state.blame[EVE] == 0
    play(state, ANN, "remove 2 Ben")
    assert state.blame[BEN] == 0


def test_dec_a14_only_personal_blame_and_cards_can_be_dealt():
    """DEC-A14: departmental blame is not traded (it moves by actions only); decrees,
    departments and promises are no deal items; a deal is between two players."""
    state = new_game()
    set_blame(state, Ann=5, EXE=4)
    for text, why in (
        ("offer Ben: Ann gives 2 EXE blame", "not something a player can give"),
        ("offer Ben: Ann gives D1", "not something a player can give"),
        ("offer Ben: Ann gives EXE", "not something a player can give"),
        ("offer Ben: Ben forwards D2 to ADM", "not a term of a deal"),
        ("offer Ben Cat: Ann gives 1 blame", "between two players"),
        ("offer Ben: Ann gives 0 blame", "at least 1 blame"),
        ("offer Ben: Ann gives 6 blame", "Ann has only 5 personal blame"),
        ("offer Ben: Ann gives card cover-up", "Ann does not hold 1 Cover-Up"),
        ("offer Ann: Ann gives 1 blame", "to yourself"),
    ):
        refused(state, ANN, text, why)
    assert blames(state)["EXE"] == 4


def test_dec_64_promises_are_not_enforced():
    """DEC-64: no deal is binding beyond what it hands over. Ben pays Ann to forward D2 to
    him, which the deal cannot say; once paid, Ann is free to send it elsewhere."""
    state = new_game()
    set_blame(state, Ann=1, Ben=5)
    refused(state, BEN, "offer Ann: Ann forwards D2 to HR; Ben gives 2 blame", "not a term")
    play(state, BEN, "offer Ann: Ben gives 2 blame")  # the promise stays words
    play(state, ANN, "accept Ben")
    assert state.blame[:2] == [3, 3] and state.offers == ()
    play(state, ANN, "forward D2 to ADM")  # not to HR, as 'promised'
    assert state.decree_at[1] == 5 and state.blame[:2] == [2, 3]


def test_dec_a14_option_allow_blame_trades_false():
    """DEC-A14 option allow_blame_trades=false: blame cannot be dealt; cards still can."""
    state = new_game(hands=(None, "overtime"), allow_blame_trades=False)
    set_blame(state, Ann=5)
    refused(state, ANN, "offer Ben: Ann gives 1 blame", "blame cannot be traded")
    refused(
        state,
        ANN,
        "offer Ben: Ann gives 2 blame; Ben gives card overtime",
        "allow_blame_trades",
    )
    play(state, ANN, "offer Ben: Ben gives card overtime")
    play(state, BEN, "accept Ann")
    assert "overtime" in hand(state, ANN) and state.blame[ANN] == 5


def test_dec_a14_an_open_offer_expires_when_the_turn_ends():
    """DEC-A14: an offer still open when a turn ends expires, so nobody can stall."""
    state = new_game(hands=(None, None, "good-press"))
    play(state, CAT, "offer Eve: Cat gives card good-press")
    ev = []
    end_turn(state, ev)
    assert "deal_expired" in kinds(ev) and state.offers == ()
    assert hand(state, CAT) == ["good-press"] and state.active == BEN
    refused(state, EVE, "accept Cat", "Cat has no open offer to you")


def test_dec_a14_a_recipient_who_times_out_declines():
    """DEC-A14: the game waits for Eve's answer; at the deadline she declines."""
    state = new_game(hands=(None, None, "good-press"))
    play(state, CAT, "offer Eve: Cat gives card good-press")
    assert GAME.pending(state) == (EVE,)
    assert [str(a) for a in GAME.legal_actions(state, EVE)] == ["accept Cat", "decline Cat"]
    action = GAME.timeout_action(state, EVE)
    assert str(action) == "decline Cat"
    GAME.apply(state, EVE, action)
    assert state.offers == () and hand(state, CAT) == ["good-press"]
    assert GAME.pending(state) == (ANN,)


def test_dec_62_the_terms_are_shown_only_to_the_parties():
    """DEC-62, DEC-A24: everybody sees that Ann made Ben an offer; only they see its text."""
    state = new_game(hands=(None, "overtime"))
    set_blame(state, Ann=2)
    ev = play(state, ANN, "offer Ben: Ann gives 2 blame; Ben gives card overtime")
    text = "offer Ben: Ann gives 2 blame; Ben gives card overtime"
    for seat in (ANN, BEN):
        assert GAME.view(state, seat)["offers"][0]["text"] == text
        assert [e.data.get("text") for e in ev if e.visible_to(seat)] == [text]
    for seat in (CAT, DAN, EVE, None):
        offer = GAME.view(state, seat)["offers"][0]
        assert "text" not in offer and (offer["proposer"], offer["recipients"]) == (ANN, [BEN])
        assert [e.data.get("text") for e in ev if e.visible_to(seat)] == [None]


def test_dec_a24_an_offer_does_not_reveal_the_other_players_hand():
    """DEC-A24 (hands are private): whether Ben may ask Ann for a Cover-Up must not depend
    on whether she holds one, or Ben learns her hand by trying."""
    results = []
    for ann_card in ("cover-up", "overtime"):
        state = new_game(hands=(ann_card,))
        set_blame(state, Ben=3)
        try:
            play(state, BEN, "offer Ann: Ann gives card cover-up; Ben gives 1 blame")
            results.append("open")
        except IllegalAction:  # the refusal itself tells Ben what Ann holds
            results.append("refused")
    assert results[0] == results[1]
