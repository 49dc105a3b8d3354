"""Aristocracy rule tests: building and upgrading, buildings, production cards, Visits."""

from __future__ import annotations

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.flow import is_complete
from bureau.games.aristocracy.state import JACK, QUEEN

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    ann_acts,
    build,
    finish_round,
    legal_texts,
    new_game,
    play,
    refuse,
    sorted_texts,
    to_round,
)

# -- Build and upgrade ------------------------------------------------------------------------


def test_ari_33_build_a_farm_an_estate_or_a_chateau():
    """ARI-33, ARI-58, ARI-59, ARI-60: an address card plus 3, 4 or 5 building cards."""
    state = ann_acts("KS KC KH", ann_hand="8S 8H 8D 8C 6S 6H 6D 6C 6S 5S 5H 5D 5C 5S 5H")
    refuse(state, ANN, "favor KS build farm 8S 8H 8D", "a farm is 1 address card and 3 building")
    refuse(state, ANN, "favor KS build estate 8S 8H 8D 8C", "an estate is 1 address card and 4")
    refuse(state, ANN, "favor KS build chateau 6S 6H 6D 6C 6S", "a chateau is 1 address card")
    play(state, ANN, "favor KS@stall build farm 8S 8H 8D 8C")
    play(state, ANN, "favor KC@stall build estate 6S 6H 6D 6C 6S")
    play(state, ANN, "favor KH@stall build chateau 5S 5H 5D 5C 5S 5H")
    built = GAME.view(state, BEN)["players"][ANN]["buildings"]
    assert [(b["address"], b["kind"], b["size"]) for b in built] == [
        ("8S", "farm", 3),
        ("6S", "estate", 4),
        ("5S", "château", 5),
    ]
    assert hand(state, ANN) == []


def test_ari_34_upgrade_farm_to_estate_or_chateau_and_estate_to_chateau():
    """ARI-34, ARI-A07: a farm grows by exactly 1 (estate) or 2 (château), an estate by 1."""
    state = ann_acts("KS KC KH", ann_hand="8S 8H 8D 2C 2D 2H 2S")
    build(state, ANN, "7S", "7H 7D 7C")
    build(state, ANN, "9S", "9H 9D 9C")
    build(state, ANN, "10S", "10H 10D 10C 10S 10H")
    message = "upgrade a farm by 1 or 2 cards, or an estate by 1"
    refuse(state, ANN, "favor KS upgrade 7S with 8S 8H 8D", message)
    refuse(state, ANN, "favor KS upgrade 10S with 8S", message)  # a château is the largest
    play(state, ANN, "favor KS@stall upgrade 7S with 8S")
    play(state, ANN, "favor KC@stall upgrade 9S with 8H 8D")
    assert [len(b.cards) for b in state.buildings[ANN]] == [4, 5, 5]
    refuse(state, ANN, "favor KH upgrade 7S with 2C 2D", message)  # estate + 2
    play(state, ANN, "favor KH@stall upgrade 7S with 2C")
    assert [len(b.cards) for b in state.buildings[ANN]] == [5, 5, 5]
    assert texts([b.address for b in state.buildings[ANN]]) == ["7S", "9S", "10S"]
    kinds_seen = [b["kind"] for b in GAME.view(state, CAT)["players"][ANN]["buildings"]]
    assert kinds_seen == ["château"] * 3


def test_ari_a07_one_build_does_one_thing_complete_in_size_no_limit_on_buildings():
    """ARI-A07: a Build makes one whole building or one upgrade; any number of buildings;
    upgrading a building with exposed or mismatched cards is allowed."""
    state = ann_acts("KS KC", ann_hand="8S 8H 8D 8C 2C 2D 2H 2S 3C")
    for address in ("4S", "4H", "4D", "4C"):
        build(state, ANN, address, "2S 3S 5S", exposed="2S")  # mismatched and exposed
    refuse(state, ANN, "favor KS build estate 8S 8H 8D 8C", "an estate is 1 address card and 4")
    refuse(state, ANN, "favor KS build farm 8S 8H 8D 8C 2C 2D 2H 2S", "a farm is 1 address")
    refuse(
        state, ANN, "favor KS build farm 8S 8H 8D 8C build farm 2C 2D 2H 2S",
        "a Favor takes a face card and one special action",
    )  # fmt: skip
    play(state, ANN, "favor KS@stall build farm 8S 8H 8D 8C")  # a fifth building
    assert len(state.buildings[ANN]) == 5 and len(hand(state, ANN)) == 5
    play(state, ANN, "favor KC@stall upgrade 4S with 2C")  # exposed, mismatched: allowed
    b = state.buildings[ANN][0]
    assert len(b.cards) == 4 and b.exposed == [True, False, False, False]


# -- Buildings ----------------------------------------------------------------------------------


def test_ari_61_ari_62_address_face_up_building_cards_face_down():
    """ARI-61, ARI-62: everybody sees the address card; building cards are face down (the
    builder's hand cards are not shown); the address stays until the building is gone."""
    state = ann_acts("KS 9D", ann_hand="7S 7H 7D 2C")
    events = play(state, ANN, "favor KS@stall build farm 7S 7H 7D 2C")
    (built,) = of_kind(events, "built")
    assert built.visible_to(None) and texts([built.data["address"]]) == ["7S"]
    assert "cards" not in built.data and built.data["stall_cards"] == []
    for reader in (BEN, None):
        b = GAME.view(state, reader)["players"][ANN]["buildings"][0]
        assert b["address"] == "7S" and b["cards"] == [None, None, None] and "complete" not in b
    assert GAME.view(state, ANN)["players"][ANN]["buildings"][0]["cards"] == ["7H", "7D", "2C"]
    refuse(state, ANN, "downgrade 7S 7S", "no 7S in your 7S building")
    refuse(state, ANN, "store 9D@stall for 7S in 7S", "holds no 7S building card")
    assert texts([state.buildings[ANN][0].address]) == ["7S"]


def test_ari_63_complete_means_every_building_card_matches_the_address_rank():
    """ARI-63, ARI-72: complete iff every building card has the address card's rank (any suit)."""
    state = new_game(3)
    good = build(state, ANN, "7S", "7H 7D 7S 7C")
    bad = build(state, ANN, "8S", "8H 8D 9C")
    assert is_complete(good) and not is_complete(bad)
    mine = GAME.view(state, ANN)["players"][ANN]["buildings"]
    assert [b["complete"] for b in mine] == [True, False]


def test_ari_59_ari_60_ari_47_honor_pays_estates_and_chateaux_even_exposed():
    """ARI-47, ARI-59, ARI-60, ARI-A20: Honor pays 1 per estate or château, complete or not,
    exposed cards included (they still count towards the size); farms earn nothing."""
    state = new_game(3, herald=ANN)
    to_round(state, 1, QUEEN)
    build(state, ANN, "7S", "7H 3C 7D 7C", exposed="3C")  # an exposed estate
    build(state, ANN, "8S", "8H 8D 8C 8S 8H")  # a château
    build(state, BEN, "9S", "9H 9D 9C")  # a farm
    build(state, CAT, "5S", "2H 2D 2C 2S 3H")  # an incomplete château
    events = finish_round(state)
    assert of_kind(events, "honor")[0].data["coins"] == [2, 0, 1]
    assert state.coins == [5, 3, 4] and state.royal == JACK


def test_ari_58_ari_56_duty_gives_each_farm_without_one_a_production_card():
    """ARI-56, ARI-58, ARI-A05: at Duty each farm without a production card gains one, face
    down from the draw pile, in Herald order; estates, châteaux and stocked farms do not."""
    state = new_game(3, herald=BEN)
    to_round(state, 1, JACK)
    build(state, ANN, "7S", "7H 7D 7C")
    build(state, ANN, "8S", "8H 8D 8C 8S")  # an estate
    build(state, BEN, "9S", "9H 9D 9C", production="KC")  # already stocked
    build(state, CAT, "6S", "6H 6D 6C")
    build(state, CAT, "5S", "5H 5D 5C 5S 5H")  # a château
    state.deck = state.deck[:-3] + cards("QD 4C 3D")[::-1]  # the next draws: QD, 4C, 3D
    events = finish_round(state)
    produced = of_kind(events, "produced")
    assert [(e.data["player"], e.data["building"]) for e in produced] == [(CAT, 0), (ANN, 0)]
    assert texts([state.buildings[CAT][0].production, state.buildings[ANN][0].production]) == [
        "QD",
        "4C",
    ]
    assert state.buildings[ANN][1].production is None
    assert texts([state.buildings[BEN][0].production]) == ["KC"]
    assert state.buildings[CAT][1].production is None
    assert all("card" not in e.data for e in produced)


def test_ari_57_nobody_sees_a_production_card_until_it_is_harvested():
    """ARI-57: a production card is hidden from everybody, its owner included."""
    state = ann_acts("9D 9S")
    build(state, ANN, "7S", "7H 7D 7C", production="KD")
    for reader in (ANN, BEN, None):
        b = GAME.view(state, reader)["players"][ANN]["buildings"][0]
        assert b["production"] is True and "production_card" not in b
        assert "KD" not in str(GAME.view(state, reader))
    events = play(state, ANN, "harvest 7S")
    assert "KD" in GAME.view(state, ANN)["players"][ANN]["hand"]
    assert "KD" not in str(GAME.view(state, BEN)) and "KD" not in str(GAME.view(state, None))
    assert [e.visible_to(ANN) for e in events if "card" in e.data] == [True]


def test_ari_a05_a_farm_production_card_is_discarded_unseen_when_upgraded():
    """ARI-A05: upgrading a farm discards its production card face down, unshown; it is
    never harvested."""
    state = ann_acts("KS 9D", ann_hand="7S")
    state.discard = cards("AS AH AD AC")
    build(state, ANN, "7H", "7D 7C 7H", production="QD")
    events = play(state, ANN, "favor KS@stall upgrade 7H with 7S")
    assert state.buildings[ANN][0].production is None
    assert texts(state.discard) == ["AS", "AH", "AD", "AC", "QD"]
    gone = [e for e in of_kind(events, "discarded") if e.data.get("why") == "production"]
    assert len(gone) == 1 and gone[0].data["count"] == 1 and gone[0].data["face_up"] == []
    qd = cards("QD")[0]
    assert all(qd not in (e.data.get("cards") or []) and e.data.get("card") != qd for e in events)
    assert "QD" not in str(GAME.view(state, ANN))
    assert not [t for t in legal_texts(state, ANN) if t.startswith("harvest")]


def test_ari_a05_a_dismantled_building_returns_its_production_card_to_hand():
    """ARI-A05, ARI-45: dismantling a farm (here by a Visit's penalty discard) puts its
    production card in the owner's hand with the rest."""
    state = ann_acts("QS QC")
    build(state, BEN, "7S", "7H 3C 7D", exposed="3C", production="KD")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    play(state, ANN, "penalty 3C")
    events = play(state, ANN, "force discard")
    assert state.buildings[BEN] == []
    assert hand(state, BEN) == sorted_texts("7S 7H 7D KD")  # his stall is still out
    assert texts(state.discard[-1:]) == ["3C"]
    assert "dismantled" in kinds(events)


# -- Visits --------------------------------------------------------------------------------------


def visit_position(ben_building: str, exposed: str = "", ann_stall: str = "QS QC QH", **kw):
    """Ann acts with three Queens in her stall; Ben owns a building on 7S."""
    state = ann_acts(ann_stall, **kw)
    build(state, BEN, "7S", ben_building, exposed=exposed)
    return state


def test_ari_40_ari_a20_visit_an_opponent_building_and_inspect_its_cards_privately():
    """ARI-40, ARI-A20, ARI-A08: the visitor alone sees the building cards; not her own."""
    state = visit_position("7H 3C 2D")
    build(state, ANN, "9S", "9H 9D 9C")
    refuse(state, ANN, "favor QS visit Ann 9S", "visit another player's building")
    refuse(state, ANN, "favor QS visit Ben 9S", "Ben has no building on 9S")
    events = play(state, ANN, "favor QS@stall visit Ben 7S")
    (seen,) = of_kind(events, "inspected")
    assert texts(seen.data["cards"]) == ["7H", "3C", "2D"]
    assert seen.visible_to(ANN) and not seen.visible_to(BEN) and not seen.visible_to(CAT)
    assert GAME.view(state, ANN)["visit"]["cards"] == ["7H", "3C", "2D"]
    assert "cards" not in GAME.view(state, CAT)["visit"]
    assert "cards" not in GAME.view(state, None)["visit"]
    assert of_kind(events, "visit")[0].visible_to(None)


def test_ari_41_a_matching_building_is_returned_without_penalty():
    """ARI-41: if every building card matches, nothing happens."""
    state = visit_position("7H 7D 7C")
    events = play(state, ANN, "favor QS@stall visit Ben 7S")
    assert "visit_clean" in kinds(events) and "visit_paid" not in kinds(events)
    assert state.coins == [3, 3, 3] and state.step == "act" and state.actions_left == 2
    assert state.buildings[BEN][0].exposed == [False, False, False]


def test_ari_a20_production_and_address_cards_are_not_inspected():
    """ARI-A20: a mismatched production card does not make a building mismatched."""
    state = visit_position("7H 7D 7C")
    state.buildings[BEN][0].production = cards("2S")[0]
    events = play(state, ANN, "favor QS@stall visit Ben 7S")
    assert "visit_clean" in kinds(events) and state.coins == [3, 3, 3]
    assert texts(of_kind(events, "inspected")[0].data["cards"]) == ["7H", "7D", "7C"]


def test_ari_42_a_mismatch_makes_the_owner_pay_one_coin_if_able():
    """ARI-42, ARI-A08: with a mismatch the owner pays the visitor 1 coin, if she has one."""
    state = visit_position("7H 3C 7D")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert state.coins == [4, 2, 3]
    play(state, ANN, "decline")
    state.coins[BEN] = 0
    events = play(state, ANN, "favor QC@stall visit Ben 7S")
    assert state.coins == [4, 0, 3] and "visit_unpaid" in kinds(events)


def test_ari_43_the_visitor_may_expose_one_mismatched_card():
    """ARI-43, ARI-A08: after paying, the visitor may expose one unexposed mismatched card."""
    state = visit_position("7H 3C 2D")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert state.step == "expose" and GAME.pending(state) == (ANN,)
    assert legal_texts(state, ANN) == {"expose 3C", "expose 2D", "decline"}
    refuse(state, ANN, "expose 7H", "7H is not an unexposed mismatched card")
    events = play(state, ANN, "expose 2D")
    assert state.buildings[BEN][0].exposed == [False, False, True]
    assert of_kind(events, "exposed")[0].visible_to(None)
    assert GAME.view(state, CAT)["players"][BEN]["buildings"][0]["cards"] == [None, None, "2D"]
    assert state.step == "act" and state.actions_left == 2
    # Declining leaves the building as it is.
    play(state, ANN, "favor QC@stall visit Ben 7S")
    play(state, ANN, "penalty 2D")
    play(state, ANN, "force pay")
    play(state, ANN, "decline")
    assert state.buildings[BEN][0].exposed == [False, False, True]


def test_ari_44_ari_a08_revisit_penalty_visitor_chooses_discard_or_pay():
    """ARI-44, ARI-A08: on a re-visit to an exposed mismatch the visitor may invoke the
    penalty and she chooses: the owner discards that card or pays 1 more coin."""
    state = visit_position("7H 3C 7D 7C 7S", exposed="3C")
    state.coins[BEN] = 5
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert state.coins == [4, 4, 3] and state.step == "penalty"
    assert legal_texts(state, ANN) == {"penalty 3C", "decline"}
    play(state, ANN, "penalty 3C")
    assert state.step == "force" and GAME.pending(state) == (ANN,)  # the visitor chooses
    refuse(state, BEN, "force discard", "not your turn")
    play(state, ANN, "force pay")
    assert state.coins == [5, 3, 3] and len(state.buildings[BEN][0].cards) == 5
    assert state.step == "act"  # nothing unexposed left to expose
    play(state, ANN, "favor QC@stall visit Ben 7S")
    play(state, ANN, "penalty 3C")
    events = play(state, ANN, "force discard")
    b = state.buildings[BEN][0]
    assert texts(b.cards) == ["7H", "7D", "7C", "7S"] and state.coins == [6, 2, 3]
    assert texts(state.discard[-1:]) == ["3C"] and "discarded" in kinds(events)
    # The type follows the count: the château is now a complete estate.
    assert GAME.view(state, CAT)["players"][BEN]["buildings"][0]["kind"] == "estate"


def test_ari_a08_an_owner_without_coins_discards_whatever_the_visitor_chose():
    """ARI-A08: an owner with 0 coins discards the penalised card."""
    state = visit_position("7H 3C 7D 7C", exposed="3C")
    state.coins[BEN] = 1  # paid for the mismatch, then broke
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert state.coins[BEN] == 0
    play(state, ANN, "penalty 3C")  # no choice to make: she discards
    assert state.step == "act" and texts(state.buildings[BEN][0].cards) == ["7H", "7D", "7C"]
    assert texts(state.discard[-1:]) == ["3C"]


def test_ari_a08_penalty_is_checked_before_the_new_exposure():
    """ARI-A08: only a card exposed before this Visit can be penalised; the exposure comes
    after; a first visit goes straight to the exposure."""
    state = visit_position("7H 3C 2D 7C", exposed="3C")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    assert legal_texts(state, ANN) == {"penalty 3C", "decline"}  # not 2D: not yet exposed
    refuse(state, ANN, "penalty 2D", "2D is not an exposed mismatched card")
    play(state, ANN, "decline")
    assert state.step == "expose" and legal_texts(state, ANN) == {"expose 2D", "decline"}
    play(state, ANN, "expose 2D")
    assert state.step == "act" and state.buildings[BEN][0].exposed == [False, True, True, False]
    fresh = visit_position("7H 3C 2D")
    play(fresh, ANN, "favor QS@stall visit Ben 7S")
    assert fresh.step == "expose"  # nothing was exposed before: no penalty step
    refuse(fresh, ANN, "penalty 3C", "3C is not an exposed mismatched card")


def test_ari_45_a_penalty_discard_below_a_farm_returns_the_building_to_hand():
    """ARI-45, ARI-A08: if the discard leaves fewer than 3 building cards, the owner takes
    the address and remaining building cards into her hand."""
    state = visit_position("7H 3C 2D", exposed="3C 2D")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    play(state, ANN, "penalty 2D")
    events = play(state, ANN, "force discard")
    assert state.buildings[BEN] == [] and "dismantled" in kinds(events)
    assert hand(state, BEN) == sorted_texts("7S 7H 3C")
    assert texts(state.discard[-1:]) == ["2D"]
    assert state.step == "act"  # nothing left to expose
    assert sorted(GAME.view(state, CAT)["players"][BEN]["known_hand"]) == ["3C", "7S"]


def test_ari_a20_several_visits_to_one_building_in_a_turn():
    """ARI-A20: several Visits to the same building in one turn are allowed, one action each."""
    state = visit_position("7H 3C 7D")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    play(state, ANN, "expose 3C")
    play(state, ANN, "favor QC@stall visit Ben 7S")
    play(state, ANN, "penalty 3C")
    play(state, ANN, "force pay")
    assert state.coins == [6, 0, 3] and state.actions_left == 1
