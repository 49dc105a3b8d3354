"""Final Decrees rule tests: Stagnation and Decline, and the end of the game
(DEC-08, DEC-11 .. DEC-19, DEC-32 .. DEC-34, DEC-A06 .. DEC-A08)."""

from __future__ import annotations

from collections import Counter

from bureau.games.decrees import GAME

from ..common import kinds, of_kind
from .helpers import (
    ADM,
    ANN,
    BEN,
    CAT,
    DAN,
    EVE,
    EXE,
    HEADS5,
    NAMES,
    TRE,
    blames,
    deck,
    give,
    hand,
    kind_of,
    new_game,
    play,
    refused,
    set_blame,
    set_deck,
)

SD = "stagnation-and-decline"
FIVE = ("overtime", "overtime", "whitewash", "whitewash", "scapegoat")
RESOLVED = ["drew", "drew", "decline", *["blame_to_head"] * 5]


def keys(state, pile) -> list[str]:
    """Card keys of a pile, in the pile's order."""
    return [state.cards[k].key for k in pile]


def spread_blame(state) -> None:
    """Blame on every department, REF (the Empty Department) included, and on Ann."""
    set_blame(state, Ann=1, REF=7, EXE=3, HR=2, TRE=1, SS=4, ADM=5)


def four_enacted(state, last: int, at: int, done: int) -> None:
    """Decrees other than ``last`` enacted; ``last`` on ``at`` with ``done`` steps stamped."""
    for i, decree in enumerate(state.decrees):
        state.decree_at[i] = -1
        state.decree_done[i] = len(decree.steps)
    state.decree_at[last] = at
    state.decree_done[last] = done
    state.enacted = 4


def ends_on_the_next_draw(state) -> list:
    """Ann, who has not drawn this turn, draws the deck's last card."""
    set_deck(state, "overtime")
    return play(state, ANN, "draw")


# -- Stagnation and Decline (DEC-14 .. DEC-17, DEC-A06) --------------------------------------


def test_dec_14_stagnation_is_played_at_once_when_drawn():
    """DEC-14: S&D is played the moment it is drawn, face up: it never stays in a hand,
    and a copy in a hand cannot be played as an action."""
    state = new_game()
    set_deck(state, SD, *FIVE, "good-press")
    before = hand(state, ANN)
    ev = play(state, ANN, "draw")
    assert hand(state, ANN) == before
    first, second = of_kind(ev, "drew")
    assert first.data["card"] == second.data["card"] == state.sd
    assert all(first.visible_to(q) or second.visible_to(q) for q in range(5))
    assert "decline" in kinds(ev)
    give(state, ANN, SD)
    refused(state, ANN, f"play {SD}", "Stagnation and Decline is played when it is drawn")


def test_dec_15_dec_16_dec_17_dec_a06_stagnation_resolves():
    """DEC-15: the five top cards of the deck go straight to the discard pile. DEC-16,
    DEC-A06: every headed department's blame goes to its head; the Empty Department
    keeps its blame. DEC-17: S&D goes back into the deck; the discard pile does not."""
    state = new_game()
    set_deck(state, SD, *FIVE, "good-press", "requisition-form")
    spread_blame(state)
    ev = play(state, ANN, "draw")
    assert kinds(ev) == [*RESOLVED, "reshuffled"]
    assert of_kind(ev, "decline")[0].data["discarded"] == [kind_of(state, k) for k in FIVE]
    assert keys(state, state.discard) == list(FIVE)
    assert state.blame == [1 + 3, 2, 1, 4, 5]
    assert blames(state) == {"REF": 7, "EXE": 0, "HR": 0, "TRE": 0, "SS": 0, "ADM": 0}
    assert Counter(keys(state, state.deck)) == Counter([SD, "good-press", "requisition-form"])
    assert of_kind(ev, "reshuffled")[0].data == {"cards": 3}
    assert state.phase == "turn" and state.actions_left == 2 and GAME.outcome(state) is None


def test_dec_17_stagnation_is_shuffled_back_at_random():
    """DEC-17: S&D is shuffled into the remaining deck, so it may land anywhere in it."""
    places = set()
    for seed in range(60):
        options = {"heads": list(HEADS5), "deck_order": deck()}
        state = GAME.new(list(NAMES), seed=seed, options=options)
        set_deck(state, SD, *FIVE, *["good-press"] * 3, *["overtime"] * 3)
        play(state, ANN, "draw")
        assert len(state.deck) == 7 and state.deck.count(state.sd) == 1
        assert state.sd not in state.discard
        places.add(state.deck.index(state.sd))
    assert places == set(range(7))


def test_dec_11_dec_16_stagnation_charges_the_heads_of_the_moment():
    """DEC-11, DEC-16: the blame goes to each department's *current* head: after Ann
    moves from EXE to REF, REF's blame is hers and EXE, now empty, keeps its own."""
    state = new_game()
    play(state, ANN, "move Ann")
    set_deck(state, SD, *FIVE, "good-press")
    set_blame(state, Ann=0, EXE=5, REF=2, TRE=3)
    play(state, ANN, "draw")
    assert state.blame == [2, 0, 3, 0, 0]
    assert blames(state)["EXE"] == 5 and blames(state)["REF"] == 0


def test_dec_a06_option_sd_discard_count():
    """DEC-A06: ``sd_discard_count`` sets how many cards S&D discards (0 is allowed; the
    blame still moves)."""
    state = new_game(sd_discard_count=2)
    set_deck(state, SD, "overtime", "whitewash", "scapegoat", "good-press")
    spread_blame(state)
    play(state, ANN, "draw")
    assert keys(state, state.discard) == ["overtime", "whitewash"]
    assert Counter(keys(state, state.deck)) == Counter([SD, "scapegoat", "good-press"])
    state = new_game(sd_discard_count=0)
    set_deck(state, SD, "overtime")
    spread_blame(state)
    ev = play(state, ANN, "draw")
    assert of_kind(ev, "decline")[0].data["discarded"] == [] and state.discard == []
    assert Counter(keys(state, state.deck)) == Counter([SD, "overtime"])
    assert state.blame == [4, 2, 1, 4, 5] and GAME.outcome(state) is None


def test_dec_19_variant_the_drawer_keeps_one_discarded_card():
    """DEC-19: with ``sd_choose_one_variant`` the player who drew S&D chooses one of the
    discarded cards for her hand ('keep KEY'), before anything else; only those cards."""
    state = new_game(sd_choose_one_variant=True)
    set_deck(state, SD, *FIVE, "good-press", "requisition-form")
    spread_blame(state)
    before = hand(state, ANN)
    ev = play(state, ANN, "draw")
    assert kinds(ev) == [*RESOLVED, "reshuffled"]
    assert state.blame == [4, 2, 1, 4, 5]  # S&D resolved in full first
    assert state.phase == "salvage" and GAME.pending(state) == (ANN,)
    assert GAME.view(state, BEN)["salvage"] == list(FIVE)
    refused(state, ANN, "draw", "keep one of the discarded cards first")
    refused(state, ANN, "keep good-press", "good-press is not among the discarded cards")
    refused(state, ANN, f"keep {SD}", "is not among the discarded cards")
    refused(state, BEN, "keep overtime", "not your decision. The game is waiting for Ann")
    ev = play(state, ANN, "keep whitewash")
    assert [e.data for e in ev] == [{"player": ANN, "card": kind_of(state, "whitewash")}]
    assert hand(state, ANN) == sorted([*before, "whitewash"])
    assert keys(state, state.discard) == ["overtime", "overtime", "whitewash", "scapegoat"]
    assert (
        state.phase == "turn" and state.actions_left == 2 and "salvage" not in GAME.view(state, ANN)
    )


def test_dec_19_variant_keep_nothing_and_off_by_default():
    """DEC-19: the drawer may keep nothing; without the option nobody keeps anything."""
    state = new_game(sd_choose_one_variant=True)
    set_deck(state, SD, *FIVE, "good-press")
    before = hand(state, ANN)
    play(state, ANN, "draw")
    play(state, ANN, "keep nothing")
    assert hand(state, ANN) == before and keys(state, state.discard) == list(FIVE)
    assert state.phase == "turn" and state.actions_left == 2
    state = new_game()
    set_deck(state, SD, *FIVE, "good-press")
    play(state, ANN, "draw")
    assert state.phase == "turn" and state.salvage is None
    refused(state, ANN, "keep overtime", "'keep overtime' is not an action of a turn")


def test_dec_19_variant_then_a_card_draw_goes_on():
    """DEC-19: S&D drawn as the first card of a Requisition Form: the drawer keeps a card,
    then the form's second draw happens."""
    state = new_game(sd_choose_one_variant=True)
    give(state, ANN, "requisition-form")
    set_deck(state, SD, *FIVE, "good-press", "leave-of-absence")
    before = Counter(hand(state, ANN)) - Counter(["requisition-form"])
    play(state, ANN, "play requisition-form")
    assert state.phase == "salvage" and state.hands[ANN].count(kind_of(state, SD)) == 0
    set_deck(state, "leave-of-absence", "good-press")  # where S&D went back does not matter
    ev = play(state, ANN, "keep scapegoat")
    assert kinds(ev) == ["kept", "drew", "drew"]
    assert Counter(hand(state, ANN)) == before + Counter(["scapegoat", "leave-of-absence"])
    assert keys(state, state.deck) == ["good-press"]
    assert state.phase == "turn" and state.actions_left == 2


# -- the end when the deck runs out (DEC-18, DEC-32, DEC-A06) -------------------------------


def test_dec_18_dec_32_dec_a06_drawing_the_last_card_ends_the_game_at_once():
    """DEC-18, DEC-32, DEC-A06: the game ends the moment a draw takes the last card: the
    turn stops with no step 4 (EXE gains nothing for its five decrees), no turn follows,
    and nothing more may be done."""
    state = new_game()
    set_blame(state, Ann=3, Ben=1, Cat=1, Dan=2, Eve=9, EXE=4)
    assert GAME.outcome(state) is None
    ev = ends_on_the_next_draw(state)
    assert kinds(ev) == ["drew", "drew", "game_over"]
    assert ev[-1].data["reason"] == "the last card was drawn"
    assert blames(state)["EXE"] == 4 and state.deck == []
    assert state.phase == "over" and GAME.pending(state) == ()
    outcome = GAME.outcome(state)
    assert outcome is state.outcome and outcome.winners == (BEN, CAT)
    assert outcome.ranking == (4, 1, 1, 3, 5) and outcome.scores == (3.0, 1.0, 1.0, 2.0, 9.0)
    assert not outcome.capped
    refused(state, ANN, "end", "the game is over")
    refused(state, BEN, "draw", "the game is over")


def test_dec_32_dec_a06_the_turn_draw_of_the_last_card_ends_the_game():
    """DEC-32, DEC-A06: the step-2 draw of a turn may take the last card: Ann's turn ends
    in full (step 4), Ben's begins, he draws the last card and the game is over."""
    state = new_game()
    set_deck(state, "overtime")
    ev = play(state, ANN, "end")
    assert kinds(ev) == [
        "dept_blame",
        "turn_over",
        "turn",
        "dept_blame",
        "drew",
        "drew",
        "game_over",
    ]
    assert blames(state)["EXE"] == 1 + 5 and blames(state)["HR"] == 1
    assert state.phase == "over" and len(state.hands[BEN]) == 2
    assert GAME.outcome(state).reason == "the last card was drawn"


def test_dec_32_dec_a06_a_cards_draw_of_the_last_card_ends_the_game():
    """DEC-32, DEC-A06: a card's draw (Requisition Form) that takes the last card ends
    the game at once; its second draw does not happen."""
    state = new_game()
    give(state, ANN, "requisition-form")
    set_deck(state, "good-press")
    ev = play(state, ANN, "play requisition-form")
    assert kinds(ev)[-1] == "game_over" and len(of_kind(ev, "drew")) == 2  # one card
    assert "good-press" in hand(state, ANN) and state.phase == "over"


def test_dec_18_dec_a06_stagnation_that_empties_the_deck_ends_the_game():
    """DEC-18, DEC-A06: S&D discards min(5, what is left); if that empties the deck, the
    blame still goes to the heads, then the game ends at once."""
    state = new_game()
    set_deck(state, SD, "overtime", "whitewash")
    spread_blame(state)
    ev = play(state, ANN, "draw")
    assert kinds(ev) == [*RESOLVED, "game_over"]
    assert of_kind(ev, "decline")[0].data["discarded"] == [
        kind_of(state, "overtime"),
        kind_of(state, "whitewash"),
    ]
    assert state.deck == [] and state.phase == "over"
    assert state.blame == [4, 2, 1, 4, 5]
    outcome = GAME.outcome(state)
    assert outcome.reason == "Stagnation and Decline emptied the deck"
    assert outcome.winners == (CAT,) and outcome.ranking == (3, 2, 1, 3, 5)


def test_dec_a06_stagnation_as_the_last_card_still_moves_the_blame():
    """DEC-A06: S&D as the very last card resolves fully (it discards nothing; the
    blame moves to the heads) and only then does the game end: Eve, who held the least
    blame before, loses to Ben once ADM's blame is hers."""
    state = new_game()
    set_deck(state, SD)
    set_blame(state, Ann=6, Ben=4, Cat=7, Dan=8, Eve=0, EXE=0, ADM=9, REF=1)
    ev = play(state, ANN, "draw")
    assert kinds(ev) == ["drew", "drew", "decline", "blame_to_head", "game_over"]
    assert of_kind(ev, "decline")[0].data["discarded"] == []
    assert state.blame == [6, 4, 7, 8, 9] and blames(state)["REF"] == 1
    assert GAME.outcome(state).winners == (BEN,)


def test_dec_a06_the_choose_one_variant_does_not_outlive_the_deck():
    """DEC-A06, DEC-19: with the variant on, S&D that empties the deck still ends the game
    at once: nobody keeps a card."""
    state = new_game(sd_choose_one_variant=True)
    set_deck(state, SD, "overtime", "whitewash")
    play(state, ANN, "draw")
    assert state.phase == "over" and GAME.pending(state) == ()
    refused(state, ANN, "keep overtime", "the game is over")


# -- the end by decrees (DEC-13, DEC-33, DEC-A06) --------------------------------------------


def test_dec_13_steps_are_stamped_in_order_by_their_department():
    """DEC-13: a decree's steps are performed in order, each by the department it names:
    Ann (EXE) stamps D1's first step (EXE) but not its second (TRE), nor D2 (ADM first)."""
    state = new_game()
    ev = play(state, ANN, "stamp D1")
    assert of_kind(ev, "stamped")[0].data["step"] == 1 and state.decree_done[0] == 1
    refused(state, ANN, "stamp D1", "the next step of D1 is for TRE, not EXE")
    refused(state, ANN, "stamp D2", "the next step of D2 is for ADM, not EXE")


def test_dec_13_dec_33_dec_a06_the_fifth_enactment_ends_after_its_extra_blame():
    """DEC-13: stamping the last step enacts the decree. DEC-33, DEC-A06: the fifth
    enactment ends the game, once its chooser has removed the extra blame (here Cat, head
    of the independent TRE, removes 19 of her own and wins)."""
    state = new_game()
    four_enacted(state, last=0, at=TRE, done=3)  # D1: EXE TRE REF [TRE]
    play(state, ANN, "end")
    play(state, BEN, "end")
    assert GAME.pending(state) == (CAT,)
    set_blame(state, Ann=5, Ben=3, Cat=20, Dan=4, Eve=6, TRE=2)
    ev = play(state, CAT, "stamp D1")
    assert kinds(ev) == ["stamped", "blame_lost", "enacted"]
    assert of_kind(ev, "enacted")[0].data["amount"] == 50
    assert state.decree_at[0] == -1 and state.enacted == 5
    assert state.phase == "choose" and GAME.pending(state) == (CAT,)
    assert GAME.outcome(state) is None
    ev = play(state, CAT, "remove 19 Cat")
    assert kinds(ev) == ["extra_removed", "game_over"]  # no step 4, no further turn
    assert GAME.pending(state) == () and state.turns == 3
    outcome = GAME.outcome(state)
    assert outcome.reason == "every decree was enacted"
    assert outcome.winners == (CAT,) and outcome.scores == (5.0, 3.0, 0.0, 4.0, 6.0)
    assert outcome.ranking == (4, 2, 1, 3, 5)
    assert sum(state.blame) == 5 + 3 + 0 + 4 + 6  # the 19 went back to the bank (DEC-05)


def test_dec_33_dec_a06_fifth_enactment_without_a_chooser_ends_at_once():
    """DEC-33, DEC-A06: when the top of the enacting department's chain has no head (ADM
    under EXE under the empty REF), no blame is removed and the game ends at once."""
    state = new_game()
    four_enacted(state, last=1, at=ADM, done=3)  # D2: ADM HR TRE [ADM]
    for seat in (ANN, BEN, CAT, DAN):
        play(state, seat, "end")
    set_blame(state, Ann=5, Ben=3, Cat=4, Dan=4, Eve=3, ADM=8)
    ev = play(state, EVE, "stamp D2")
    assert kinds(ev) == ["stamped", "blame_lost", "enacted", "game_over"]
    assert of_kind(ev, "enacted")[0].data["chooser"] == -1
    assert state.phase == "over" and blames(state)["ADM"] == 8
    assert GAME.outcome(state).winners == (EVE,)  # 3 - 1 for the stamp


# -- who wins (DEC-08, DEC-34, DEC-A07, DEC-A08) ---------------------------------------------


def test_dec_08_dec_34_dec_a08_least_personal_blame_wins_ties_share():
    """DEC-08, DEC-34: the least personal blame wins. DEC-A08: tied players share the
    win; the ranking gives tied players the same rank."""
    state = new_game()
    set_blame(state, Ann=2, Ben=5, Cat=2, Dan=7, Eve=9, EXE=4, TRE=1)
    ev = ends_on_the_next_draw(state)
    outcome = GAME.outcome(state)
    assert outcome.winners == (ANN, CAT) and outcome.ranking == (1, 3, 1, 4, 5)
    view = GAME.view(state, DAN)["outcome"]
    assert view["winners"] == [ANN, CAT] and view["scores"] == [2.0, 5.0, 2.0, 7.0, 9.0]
    assert "Ann and Cat share the win with the least blame" in GAME.describe(state, ev[-1])


def test_dec_a07_departmental_blame_is_ignored_at_the_end():
    """DEC-A07: by default only personal blame counts: Ann wins although her EXE holds
    40 blame, and it stays on EXE."""
    state = new_game()
    set_blame(state, Ann=1, Ben=2, Cat=3, Dan=4, Eve=5, EXE=40)
    ev = ends_on_the_next_draw(state)
    assert "blame_to_head" not in kinds(ev)
    assert GAME.outcome(state).winners == (ANN,) and blames(state)["EXE"] == 40
    assert state.blame == [1, 2, 3, 4, 5]


def test_dec_a07_option_final_audit():
    """DEC-A07: with ``final_audit`` every head takes her department's blame before the
    count (the Empty Department keeps its own): Ann's 1 + 5 loses to Ben's 3."""
    state = new_game(final_audit=True)
    set_blame(state, Ann=1, Ben=3, Cat=4, Dan=5, Eve=6, EXE=5, REF=9, SS=1)
    ev = ends_on_the_next_draw(state)
    audits = of_kind(ev, "blame_to_head")
    assert [(e.data["dept"], e.data["amount"], e.data["why"]) for e in audits] == [
        (EXE, 5, "final audit"),
        (4, 1, "final audit"),
    ]
    assert kinds(ev)[-1] == "game_over"
    assert state.blame == [6, 3, 4, 6, 6] and blames(state)["REF"] == 9
    outcome = GAME.outcome(state)
    assert outcome.winners == (BEN,) and outcome.ranking == (3, 1, 2, 3, 3)


def test_dec_a08_option_tiebreak_least_dept_blame():
    """DEC-A08: with ``tiebreak=least_dept_blame`` tied players are split by the blame on
    the department each heads: Cat's TRE (1) beats Ann's EXE (4); equal department
    blame still shares the win."""
    state = new_game(tiebreak="least_dept_blame")
    set_blame(state, Ann=2, Ben=5, Cat=2, Dan=7, Eve=9, EXE=4, TRE=1)
    ends_on_the_next_draw(state)
    outcome = GAME.outcome(state)
    assert outcome.winners == (CAT,) and outcome.ranking == (2, 3, 1, 4, 5)
    state = new_game(tiebreak="least_dept_blame")
    set_blame(state, Ann=2, Ben=5, Cat=2, Dan=7, Eve=9, EXE=3, TRE=3)
    ends_on_the_next_draw(state)
    assert GAME.outcome(state).winners == (ANN, CAT)
