"""Aristocracy rule tests: forming stalls, turn order by stall weight, the number of actions."""

from __future__ import annotations

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.state import JACK

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import ANN, BEN, CAT, ann_acts, legal_texts, new_game, parse, play, refuse, stalls


def active_order(events) -> list[int]:
    return [e.data["player"] for e in of_kind(events, "active")]


def pass_all(state) -> list:
    """The active players pass until the stalls are done."""
    events = []
    while state.step == "act":
        events += play(state, state.active, "pass")
    return events


def test_ari_15_ari_a15_stalls_formed_secretly_in_herald_order_then_revealed_at_once():
    """ARI-15, ARI-A15: in Herald order each commits face down; later players see the count,
    not the cards; all stalls turn face up together."""
    state = new_game(3, hands=("5H 9S KC", "8D 2C", "4S"), herald=BEN)
    assert GAME.pending(state) == (BEN,)
    refuse(state, ANN, "stall 5H", "not your turn")
    events = play(state, BEN, "stall 8D 2C")
    (formed,) = of_kind(events, "stall_formed")
    assert formed.visible_to(None) and formed.data["count"] == 2
    assert "stalls" not in kinds(events)
    for reader in (CAT, ANN, None):
        ben = GAME.view(state, reader)["players"][BEN]
        assert ben["stall"] == [] and ben["stall_count"] == 2 and "choice" not in ben
    assert sorted(GAME.view(state, BEN)["players"][BEN]["choice"]) == ["2C", "8D"]
    assert GAME.pending(state) == (CAT,)
    play(state, CAT, "stall none")
    events = play(state, ANN, "stall 9S KC")
    (shown,) = of_kind(events, "stalls")
    assert shown.visible_to(None)
    assert [sorted(texts(s)) for s in shown.data["stalls"]] == [["9S", "KC"], ["2C", "8D"], []]
    assert sorted(GAME.view(state, CAT)["players"][ANN]["stall"]) == ["9S", "KC"]
    assert hand(state, ANN) == ["5H"]


def test_ari_16_ari_a01_lowest_stall_acts_first_ties_by_herald_order():
    """ARI-16, ARI-A01: the lowest stall weight acts first; equal weights go in Herald order."""
    state = new_game(3, hands=("5H", "2S 3S", "4D"), herald=BEN)
    events = stalls(state, {ANN: "5H", BEN: "2S 3S", CAT: "4D"})
    events += pass_all(state)
    assert active_order(events) == [CAT, BEN, ANN]  # 4, then 5 and 5: Ben is Herald
    state = new_game(3, hands=("5H", "2S 3S", "4D"), herald=CAT)
    events = stalls(state, {ANN: "5H", BEN: "2S 3S", CAT: "4D"})
    events += pass_all(state)
    assert active_order(events) == [CAT, ANN, BEN]  # Herald order Cat, Ann, Ben


def test_ari_a01_turn_order_is_recomputed_after_trades():
    """ARI-A01: before each turn the current stall weights decide who acts next."""
    state = new_game(3, hands=("9S", "6H", "2C"), herald=ANN)
    events = stalls(state, {ANN: "9S", BEN: "6H", CAT: "2C"})
    assert active_order(events) == [CAT]
    events = play(state, CAT, "trade 2C for 9S@Ann")  # Ann's stall now weighs 2
    assert active_order(events) == [ANN]
    assert GAME.view(state, None)["active"] == ANN
    events = play(state, ANN, "pass")
    assert active_order(events) == [BEN]


def test_ari_17_ari_a02_one_action_per_stall_card_fixed_at_the_start_of_the_turn():
    """ARI-17, ARI-A02: the active player has as many actions as stall cards when her turn
    starts; Hide and Sell do not reduce the count still left."""
    state = new_game(3, hands=("2S 3S 4S 5S", "KH"), herald=ANN)
    events = stalls(state, {ANN: "2S 3S 4S", BEN: "KH"})
    assert state.active == ANN and of_kind(events, "active")[0].data["actions"] == 3
    assert GAME.view(state, BEN)["actions_left"] == 3
    play(state, ANN, "sell 2S 3S")  # two stall cards gone in one action
    assert state.actions_left == 2 and state.active == ANN
    play(state, ANN, "hide 4S")  # the stall is now empty
    assert state.actions_left == 1 and state.active == ANN and state.stalls[ANN] == []
    assert "pass" in legal_texts(state, ANN)
    refuse(state, ANN, "hide 4S", "no 4S in your stall")
    events = play(state, ANN, "pass")
    assert active_order(events) == [BEN] and state.actions_left == 1


def test_ari_a02_trades_by_others_never_change_the_action_count():
    """ARI-A02: trades swap one card for one, so the victim's action count is unchanged."""
    state = new_game(3, hands=("AS", "9H 9D", "KH"), herald=ANN)
    stalls(state, {ANN: "AS", BEN: "9H 9D", CAT: "KH"})
    play(state, ANN, "trade AS for 9H@Ben")
    assert texts(state.stalls[BEN]) == ["9D", "AS"]
    # Ben's stall weighs 10 (9D + AS), tied with Cat's KH, and Ben comes first in Herald
    # order: he acts now, with 2 actions, as many cards as his stall held at the reveal.
    assert state.active == BEN and state.actions_left == 2


def test_ari_18_turns_continue_until_everyone_with_a_stall_has_acted():
    """ARI-18: steps 5 and 6 repeat for those who have not acted; then the cleanup follows."""
    state = new_game(3, hands=("9S", "6H", "2C"), herald=ANN)
    stalls(state, {ANN: "9S", BEN: "6H", CAT: "2C"})
    play(state, CAT, "trade 2C for 6H@Ben")  # Ben's stall is now lighter than Cat's was
    assert state.active == BEN
    events = play(state, BEN, "trade 2C for 6H@Cat")  # Cat, who acted, is lowest again
    assert active_order(events) == [ANN]  # but she does not act twice
    events = play(state, ANN, "pass")
    assert "active" not in kinds(events)
    assert state.step == "glory"  # cleanup done, the King round's virtue
    assert [texts(s) for s in state.stalls] == [[], [], []]


def test_ari_19_ari_74_an_empty_stall_takes_no_turn():
    """ARI-19, ARI-74: an empty stall is allowed and its owner takes no turn."""
    state = new_game(3, hands=("9S", "6H", "2C"), herald=ANN)
    assert "stall none" in legal_texts(state, ANN)
    events = stalls(state, {ANN: "9S", BEN: "none", CAT: "2C"})
    events += pass_all(state)
    assert active_order(events) == [CAT, ANN]
    assert BEN not in [seat for e in of_kind(events, "active") for seat in [e.data["player"]]]
    # Nobody with an empty stall: no turns at all, straight to the cleanup.
    state = new_game(3, herald=ANN)
    events = stalls(state, {})
    assert "active" not in kinds(events) and state.step == "glory"


def test_ari_72_weight_ignores_suits_faces_weigh_ten_aces_one():
    """ARI-72: weight is rank only: A = 1, pips their value, J/Q/K = 10, whatever the suit."""
    state = new_game(3, hands=("KS", "10H", "AC 9D"), herald=CAT)
    events = stalls(state, {ANN: "KS", BEN: "10H", CAT: "AC 9D"})
    events += pass_all(state)
    assert state.reveal_weights == [10, 10, 10]
    assert active_order(events) == [CAT, ANN, BEN]  # all tied: Herald order, not suits
    state = new_game(3, hands=("JH", "QC", "9S"), herald=ANN)
    events = stalls(state, {ANN: "JH", BEN: "QC", CAT: "9S"})
    events += pass_all(state)
    assert active_order(events) == [CAT, ANN, BEN]  # 9 < 10 = 10


def test_ari_73_stalls_and_contributions_are_prepared_in_herald_order():
    """ARI-73: stalls are prepared in Herald order (ARI-37: so is the Ball); bids are sealed."""
    state = new_game(4, herald=CAT)
    order = []
    while state.step == "stall":
        (seat,) = GAME.pending(state)
        order.append(seat)
        play(state, seat, "stall none")
    assert order == [CAT, 3, ANN, BEN]


def test_ari_81_ari_a02_stall_discards_wait_until_all_her_actions_are_done():
    """ARI-81, ARI-A02, ARI-A17: stall cards discarded by an action (Sell, Favor from the
    stall) go to the discard pile only after her last action, in the order chosen."""
    state = new_game(3, hands=("JC 9S 2C 8H", "KH"), herald=ANN)
    state.discard = cards("AS AH AD AC")
    stalls(state, {ANN: "JC 9S 2C 8H", BEN: "KH"})
    play(state, BEN, "pass")  # 10 < 29: Ben first
    assert state.active == ANN and state.actions_left == 4
    play(state, ANN, "sell 9S 2C")
    assert texts(state.discard) == ["AS", "AH", "AD", "AC"] and state.coins[ANN] == 4
    assert GAME.view(state, BEN)["discard_count"] == 4
    play(state, ANN, "favor JC@stall buy AD")
    assert texts(state.discard) == ["AS", "AH", "AC"]  # the Jack is not there yet
    play(state, ANN, "hide 8H")
    assert texts(state.discard) == ["AS", "AH", "AC"]
    events = play(state, ANN, "pass")
    # Then the cleanup discards the market after them.
    assert texts(state.discard[:6]) == ["AS", "AH", "AC", "9S", "2C", "JC"]
    gone = of_kind(events, "discarded")[0]
    assert gone.visible_to(None) and texts(gone.data["cards"]) == ["9S", "2C", "JC"]
    assert gone.data["why"] == "stall"
    assert hand(state, ANN) == ["8H", "AD"]


def test_ari_a17_a_sells_cards_go_on_the_pile_in_the_order_typed():
    """ARI-A17, ARI-A02, ARI-25: a Sell's two stall cards are discarded in the order they
    were chosen, not in suit order: the first typed shows face up on a short pile, and a Buy
    turns up the second."""
    state = ann_acts("2C 9S")
    state.royal = JACK
    state.discard = cards("AS AH AD")
    assert {"sell 2C 9S", "sell 9S 2C"} <= legal_texts(state, ANN)
    action = parse(state, ANN, "sell 2C 9S")
    assert str(action) == "sell 2C 9S"
    assert str(parse(state, ANN, "sell 9s 2c")) == "sell 9S 2C"
    (sold,) = of_kind(GAME.apply(state, ANN, action), "sold")
    assert texts(sold.data["cards"]) == ["2C", "9S"]
    events = play(state, ANN, "pass")
    gone = of_kind(events, "discarded")[0]
    assert texts(gone.data["cards"]) == ["2C", "9S"] and gone.data["why"] == "stall"
    assert texts(state.discard) == ["AS", "AH", "AD", "2C", "9S"]
    assert GAME.view(state, CAT)["discard_face_up"] == ["AS", "AH", "AD", "2C"]
    assert state.active == BEN
    (bought,) = of_kind(play(state, BEN, "royal buy AD"), "bought_discard")
    assert texts([bought.data["turned_up"]]) == ["9S"]
    assert GAME.view(state, CAT)["discard_face_up"] == ["AS", "AH", "2C", "9S"]
