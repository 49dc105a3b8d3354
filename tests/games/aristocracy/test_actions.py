"""Aristocracy rule tests: the nine actions of step 6 (Trade .. Pass), Buy, coins."""

from __future__ import annotations

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.state import JACK, QUEEN

from ..common import cards, hand, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    ann_acts,
    build,
    legal_texts,
    new_game,
    play,
    refuse,
    sorted_texts,
    stalls,
)

# -- Trade -------------------------------------------------------------------------------


def test_ari_22_ari_a03_trade_with_any_opponent_stall_or_the_market():
    """ARI-22, ARI-A03: swap a stall card with an opponent's stall card (acted or not, no
    refusal) or a market card; the card given to the market joins its end."""
    state = new_game(3, hands=("2S 9H 7D", "KH", "5D"), market="QC 4S", herald=ANN)
    stalls(state, {ANN: "2S 9H", BEN: "KH", CAT: "5D"})
    play(state, CAT, "pass")
    play(state, BEN, "pass")
    assert state.active == ANN
    refuse(state, ANN, "trade 2S for KH@Ann", "trade with the market or another player's stall")
    refuse(state, ANN, "trade 7D for KH@Ben", "no 7D in your stall")  # a hand card
    refuse(state, ANN, "trade 2S for 7C@Ben", "Ben's stall has no 7C")
    refuse(state, ANN, "trade 2S for 7C@market", "the market has no 7C")
    refuse(state, ANN, "trade 2S for KH@Zed", "no player named 'Zed'")
    events = play(state, ANN, "trade 2S for KH@Ben")  # Ben has acted already
    assert texts(state.stalls[BEN]) == ["2S"] and sorted(texts(state.stalls[ANN])) == ["9H", "KH"]
    (traded,) = of_kind(events, "traded")
    assert traded.visible_to(None) and traded.data["owner"] == BEN
    play(state, ANN, "trade 9H for QC@market")  # her last action: then the cleanup
    assert texts(state.discard) == ["4S", "9H"]  # the market's order: 9H joined at its end
    assert hand(state, ANN) == ["7D", "KH", "QC"] and hand(state, BEN) == ["2S"]


# -- Store ---------------------------------------------------------------------------------


def test_ari_23_ari_a04_store_swaps_a_hand_or_stall_card_with_a_building_card():
    """ARI-23, ARI-A04: the incoming card takes the building card's place face down; the
    outgoing card goes where the incoming came from (hand, or face up into the stall)."""
    state = ann_acts("7C 9D", ann_hand="7D")
    build(state, ANN, "7S", "7H 3C 2C")
    play(state, ANN, "store 7D for 2C in 7S")  # from hand: 2C to hand
    b = state.buildings[ANN][0]
    assert texts(b.cards) == ["7H", "3C", "7D"] and b.exposed == [False] * 3
    assert hand(state, ANN) == ["2C"] and sorted(texts(state.stalls[ANN])) == ["7C", "9D"]
    assert GAME.view(state, BEN)["players"][ANN]["known_hand"] == []  # 2C left face down
    events = play(state, ANN, "store 7C@stall for 3C in 7S")  # from the stall: 3C to the stall
    assert texts(b.cards) == ["7H", "7C", "7D"]
    assert sorted(texts(state.stalls[ANN])) == ["3C", "9D"]
    stored = [e for e in of_kind(events, "stored") if e.visible_to(BEN)]
    assert texts([stored[0].data["card"], stored[0].data["out"]]) == ["7C", "3C"]
    assert GAME.view(state, ANN)["players"][ANN]["buildings"][0]["cards"] == ["7H", "7C", "7D"]
    assert GAME.view(state, BEN)["players"][ANN]["buildings"][0]["cards"] == [None] * 3


def test_ari_a04_address_and_production_cards_cannot_be_stored():
    """ARI-A04, ARI-61: Store swaps building cards only, never the address or production card."""
    state = ann_acts("9D", ann_hand="9H")
    build(state, ANN, "7S", "7H 3C 2C", production="4D")
    build(state, BEN, "8S", "8H 8D 8C")
    refuse(state, ANN, "store 9H for 7S in 7S", "holds no 7S building card")
    refuse(state, ANN, "store 9H for 4D in 7S", "holds no 4D building card")
    refuse(state, ANN, "store 9H for 8H in 8S", "you have no building on 8S")
    refuse(state, ANN, "store 5S for 3C in 7S", "no 5S left in your hand or stall")


def test_ari_46_storing_over_an_exposed_card_leaves_nothing_exposed():
    """ARI-46: a card stored in place of an exposed card is face down and not exposed."""
    state = ann_acts("9D", ann_hand="7D")
    build(state, ANN, "7S", "7H 3C 7C", exposed="3C")
    assert GAME.view(state, BEN)["players"][ANN]["buildings"][0]["cards"] == [None, "3C", None]
    events = play(state, ANN, "store 7D for 3C in 7S")
    b = state.buildings[ANN][0]
    assert texts(b.cards) == ["7H", "7D", "7C"] and b.exposed == [False, False, False]
    assert GAME.view(state, BEN)["players"][ANN]["buildings"][0]["cards"] == [None] * 3
    # The exposed 3C was public: it is known to be back in Ann's hand.
    assert GAME.view(state, BEN)["players"][ANN]["known_hand"] == ["3C"]
    public = [e for e in of_kind(events, "stored") if e.visible_to(None)]
    assert public[0].data["card"] is None and texts([public[0].data["out"]]) == ["3C"]


# -- Hide, Sell, Pass ----------------------------------------------------------------------------


def test_ari_24_ari_a22_hide_takes_a_stall_card_back_into_hand():
    """ARI-24, ARI-A22: Hide moves one stall card to the hand; it needs a stall card."""
    state = ann_acts("9D 5C", ann_hand="6S")
    refuse(state, ANN, "hide 6S", "no 6S in your stall")
    events = play(state, ANN, "hide 9D")
    assert texts(state.stalls[ANN]) == ["5C"] and hand(state, ANN) == ["6S", "9D"]
    assert of_kind(events, "hid")[0].visible_to(None)
    assert GAME.view(state, CAT)["players"][ANN]["known_hand"] == ["9D"]
    play(state, ANN, "hide 5C")
    assert not [t for t in legal_texts(state, ANN) if t.startswith("hide")]


def test_ari_25_ari_a22_sell_discards_two_stall_cards_for_one_coin():
    """ARI-25, ARI-A22: Sell needs two cards still in the stall and gains 1 coin."""
    state = ann_acts("9D 5C 2S", ann_hand="6S")
    refuse(state, ANN, "sell 9D 6S", "no 6S in your stall")
    refuse(state, ANN, "sell 9D 9D", "you have only 1 9D in your stall")
    play(state, ANN, "sell 9D 5C")
    assert state.coins == [4, 3, 3] and texts(state.stalls[ANN]) == ["2S"]
    refuse(state, ANN, "sell 2S 9D", "no 9D in your stall")
    assert not [t for t in legal_texts(state, ANN) if t.startswith("sell")]


def test_ari_30_pass_does_nothing_but_use_an_action():
    """ARI-30: Pass takes no action; only the action count moves."""
    state = ann_acts("9D 5C")
    hands, stalls_before, coins = [h[:] for h in state.hands], state.stalls[ANN][:], state.coins[:]
    events = play(state, ANN, "pass")
    assert [e.kind for e in events] == ["passed"]
    assert state.actions_left == 1 and state.hands == hands and state.stalls[ANN] == stalls_before
    assert state.coins == coins


# -- Harvest, Downgrade ---------------------------------------------------------------------------


def test_ari_26_harvest_takes_the_production_card_into_hand_unseen_by_others():
    """ARI-26, ARI-A05: Harvest takes a farm's production card into the owner's hand."""
    state = ann_acts("9D")
    build(state, ANN, "7S", "7H 7D 7C", production="KC")
    build(state, ANN, "8S", "8H 8D 8C")
    refuse(state, ANN, "harvest 8S", "no production card to harvest")
    events = play(state, ANN, "harvest 7S")
    assert hand(state, ANN) == ["KC"] and state.buildings[ANN][0].production is None
    mine = [e for e in of_kind(events, "harvested") if e.visible_to(ANN)]
    theirs = [e for e in of_kind(events, "harvested") if e.visible_to(BEN)]
    assert texts([mine[0].data["card"]]) == ["KC"] and "card" not in theirs[0].data
    assert GAME.view(state, BEN)["players"][ANN]["known_hand"] == []


def test_ari_28_ari_a18_ari_65_downgrade_picks_up_chosen_cards_or_the_whole_building():
    """ARI-28, ARI-A18, ARI-65: the owner picks up building cards of her choice (exposed or
    not) into her hand; leaving fewer than a farm's 3 takes the whole building."""
    state = ann_acts("9D 5C 2S")
    build(state, ANN, "7S", "7H 3C 7D 7C 2C", exposed="3C")  # a château
    play(state, ANN, "downgrade 7S 3C")  # château -> estate, the exposed card
    b = state.buildings[ANN][0]
    assert texts(b.cards) == ["7H", "7D", "7C", "2C"] and b.exposed == [False] * 4
    assert GAME.view(state, None)["players"][ANN]["buildings"][0]["kind"] == "estate"
    assert hand(state, ANN) == ["3C"]
    refuse(state, ANN, "downgrade 7S 9S", "no 9S in your 7S building")
    play(state, ANN, "downgrade 7S 2C")  # estate -> farm
    assert GAME.view(state, None)["players"][ANN]["buildings"][0]["kind"] == "farm"
    b.production = cards("KC")[0]
    assert "downgrade 7S 7H" not in legal_texts(state, ANN)  # would leave 2: it is 'all'
    events = play(state, ANN, "downgrade 7S 7H")
    assert state.buildings[ANN] == []
    assert hand(state, ANN) == sorted_texts("3C 2C 7S 7H 7D 7C KC")
    assert of_kind(events, "dismantled")[0].visible_to(None)


def test_ari_a18_downgrade_all_dismantles_a_farm():
    """ARI-A18: downgrading a farm always dismantles it, address card included."""
    state = ann_acts("9D")
    build(state, ANN, "7S", "7H 7D 7C")
    assert {t for t in legal_texts(state, ANN) if t.startswith("downgrade")} == {"downgrade 7S all"}
    play(state, ANN, "downgrade 7S all")
    assert state.buildings[ANN] == [] and hand(state, ANN) == sorted_texts("7S 7H 7D 7C")
    assert GAME.view(state, BEN)["players"][ANN]["known_hand"] == ["7S"]  # only the address


# -- Favor and Royal Actions ----------------------------------------------------------------------


def test_ari_27_ari_a06_favor_discards_a_face_card_for_its_action_in_any_round():
    """ARI-27, ARI-A06: a King builds, a Queen visits, a Jack buys, whatever the round; the
    face card comes from hand or stall; a Favor costs no coin."""
    state = ann_acts("QH 9D", ann_hand="JC KS 8S 8H 8D 8C")
    state.discard = cards("AS AH")
    build(state, BEN, "5S", "5H 5D 5C")
    assert state.royal == 0  # the King round
    refuse(state, ANN, "favor 9D build farm 8S 8H 8D 8C", "favor needs a face card")
    refuse(state, ANN, "favor QH build farm 8S 8H 8D 8C", "the Queen's action is visit")
    play(state, ANN, "favor QH@stall visit Ben 5S")  # a Queen in the King round
    play(state, ANN, "favor JC buy AH")  # from the hand
    assert hand(state, ANN) == sorted_texts("KS 8S 8H 8D 8C AH")
    # The hand Jack was discarded at once, the stall Queen after Ann's last action.
    assert texts(state.discard) == ["AS", "JC", "QH"]
    assert state.coins[ANN] == 3  # no coin paid
    state2 = ann_acts("KS", ann_hand="8S 8H 8D 8C")
    state2.royal = QUEEN
    play(state2, ANN, "favor KS@stall build farm 8S 8H 8D 8C")  # a King in the Queen round
    assert [b.address for b in state2.buildings[ANN]] == cards("8S") and state2.coins[ANN] == 3


def test_ari_29_ari_a21_royal_action_costs_a_coin_and_follows_the_round():
    """ARI-29, ARI-A21, ARI-79: a Royal Action costs exactly 1 coin: Build in the King round,
    Visit in the Queen round, Buy in the Jack round; it needs a coin."""
    state = ann_acts("9D 9S", ann_hand="8S 8H 8D 8C 6S 6H 6D 6C")
    state.discard = cards("AS")
    build(state, BEN, "5S", "5H 5D 5C")
    refuse(state, ANN, "royal visit Ben 5S", "the King's action is build or upgrade")
    refuse(state, ANN, "royal buy AS", "the King's action is build or upgrade")
    play(state, ANN, "royal build farm 8S 8H 8D 8C")
    assert state.coins == [2, 3, 3] and len(state.buildings[ANN]) == 1
    state.coins[ANN] = 0
    refuse(state, ANN, "royal build farm 6S 6H 6D 6C", "costs 1 coin and you have none")
    assert not [t for t in legal_texts(state, ANN) if t.startswith("royal")]

    state = ann_acts("9D", ann_hand="6S 6H 6D 6C")
    state.royal = QUEEN
    build(state, BEN, "5S", "5H 5D 5C")
    refuse(state, ANN, "royal build farm 6S 6H 6D 6C", "the Queen's action is visit")
    play(state, ANN, "royal visit Ben 5S")
    assert state.coins == [2, 3, 3]

    state = ann_acts("9D")
    state.royal = JACK
    state.discard = cards("AS")
    build(state, BEN, "5S", "5H 5D 5C")
    refuse(state, ANN, "royal visit Ben 5S", "the Jack's action is buy")
    play(state, ANN, "royal buy AS")
    assert state.coins == [2, 3, 3] and hand(state, ANN) == ["AS"]


def test_ari_55_ari_76_buy_takes_a_face_up_discard_and_turns_the_next_one_up():
    """ARI-55, ARI-76, ARI-A17: Buy takes one of the four oldest (face-up) discards; the oldest
    face-down card then turns face up."""
    state = ann_acts("JC JS")
    state.discard = cards("AS AH AD AC 6S 7S")
    assert GAME.view(state, BEN)["discard_face_up"] == ["AS", "AH", "AD", "AC"]
    refuse(state, ANN, "favor JC@stall buy 6S", "face-up cards at the bottom of the discard pile")
    events = play(state, ANN, "favor JC@stall buy AD")
    assert texts(state.discard) == ["AS", "AH", "AC", "6S", "7S"]
    assert GAME.view(state, BEN)["discard_face_up"] == ["AS", "AH", "AC", "6S"]
    (bought,) = of_kind(events, "bought_discard")
    assert bought.visible_to(None) and texts([bought.data["turned_up"]]) == ["6S"]
    play(state, ANN, "favor JS@stall buy 6S")  # it is face up now
    assert hand(state, ANN) == ["6S", "AD"]


def test_ari_80_your_cards_are_hand_and_stall_cards():
    """ARI-80, ARI-A07: an action spending 'your cards' may take them from hand and stall."""
    state = ann_acts("8S 8H 2C", ann_hand="KS 8D 8C")
    play(state, ANN, "favor KS build farm 8S@stall 8H@stall 8D 8C")
    b = state.buildings[ANN][0]
    assert texts([b.address]) == ["8S"] and sorted(texts(b.cards)) == sorted_texts("8H 8D 8C")
    assert texts(state.stalls[ANN]) == ["2C"] and hand(state, ANN) == []
    assert state.actions_left == 2  # stall cards used by the action do not cost actions


def test_ari_78_coins_are_gained_by_honor_sell_and_visits():
    """ARI-78: coins come from Honor, Sell and successful Visits."""
    state = ann_acts("9D 5C QH")
    state.royal = QUEEN  # so that Honor follows this round
    build(state, ANN, "7S", "7H 7D 7C 7S")  # an estate, for Honor
    build(state, BEN, "6S", "6H 2D 6C")  # mismatched: a Visit pays
    play(state, ANN, "sell 9D 5C")
    assert state.coins == [4, 3, 3]
    play(state, ANN, "favor QH@stall visit Ben 6S")
    assert state.coins == [5, 2, 3]
    play(state, ANN, "decline")  # no exposure
    play(state, ANN, "pass")
    for _ in range(3):
        events = play(state, BEN, "pass")  # the last action: cleanup, then Honor
    assert of_kind(events, "honor")[0].data["coins"] == [1, 0, 0]
    assert state.coins == [6, 2, 3] and state.royal == JACK


def test_ari_79_coins_are_spent_on_auctions_royal_actions_and_visit_penalties():
    """ARI-79: coins go to Royal Actions and visit penalties (auctions: ARI-50, ARI-53)."""
    state = ann_acts("9D", ann_hand="8S 8H 8D 8C")
    build(state, BEN, "6S", "6H 2D 6C", exposed="2D")
    state.royal = QUEEN
    play(state, ANN, "royal visit Ben 6S")  # Ann pays 1; Ben pays her 1 for the mismatch
    assert state.coins == [3, 2, 3]
    play(state, ANN, "penalty 2D")
    play(state, ANN, "force pay")  # the re-visit penalty: Ben pays 1 more
    assert state.coins == [4, 1, 3]
