"""Aristocracy rule tests: what each player may see (views, event audiences, re-deals)."""

from __future__ import annotations

import random

from bureau.games.aristocracy import GAME, flow

from ..common import cards, of_kind, texts
from .helpers import ANN, BEN, CAT, ann_acts, build, legal_texts, new_game, play


def test_ari_75_ari_a17_discards_lie_face_down_but_the_four_oldest_are_face_up():
    """ARI-75, ARI-76, ARI-A17: a discard is face down unless it lands among the four oldest
    cards of the pile, which everybody sees."""
    hands = ("2S 3S 4S 5S 6S 7S 8S", "2D 3D 4D 5D 6D 7D 8D", "2C 3C 4C 5C 6C 7C 8C")
    state = new_game(3, hands=hands, base_hand_size=5, herald=ANN)
    state.discard = cards("AS AH AD")
    flow.begin_tax(state, [])  # the King round's Tax, with these 7-card hands
    assert state.step == "tax"
    play(state, ANN, "discard 8S 7S")
    assert texts(state.discard) == ["AS", "AH", "AD"]  # committed, not yet laid down
    play(state, BEN, "discard " + " ".join(texts(state.hands[BEN][:2])))
    events = play(state, CAT, "discard " + " ".join(texts(state.hands[CAT][:2])))
    assert texts(state.discard[:5]) == ["AS", "AH", "AD", "8S", "7S"]
    ann_seen_by_ben = [e for e in of_kind(events, "discarded") if e.data["player"] == ANN]
    (public,) = [e for e in ann_seen_by_ben if e.visible_to(BEN)]
    assert public.data["count"] == 2 and texts(public.data["face_up"]) == ["8S"]
    assert "cards" not in public.data and public.visible_to(CAT)
    (private,) = [e for e in ann_seen_by_ben if e.visible_to(ANN)]
    assert texts(private.data["cards"]) == ["8S", "7S"] and not private.visible_to(BEN)
    for reader in (ANN, BEN, None):
        view = GAME.view(state, reader)
        assert view["discard_face_up"] == ["AS", "AH", "AD", "8S"] and view["discard_count"] == 9


def test_ari_a17_a_short_discard_pile_is_all_face_up():
    """ARI-A17: with four or fewer cards, the whole discard pile is face up."""
    state = ann_acts("JC")
    state.discard = cards("AS AH")
    assert GAME.view(state, CAT)["discard_face_up"] == ["AS", "AH"]
    assert {"favor JC@stall buy AS", "favor JC@stall buy AH"} <= legal_texts(state, ANN)
    play(state, ANN, "favor JC@stall buy AH")  # her only action: then the Jack is discarded
    assert texts(state.discard) == ["AS", "JC"]
    assert GAME.view(state, None)["discard_face_up"] == ["AS", "JC"]


def test_ari_a04_owners_see_their_building_cards_others_only_exposed_ones():
    """ARI-A04, ARI-62: an owner may always look at her own building cards; others see only
    the exposed ones; completeness is the owner's secret until the end."""
    state = new_game(3)
    build(state, ANN, "7S", "7H 3C 7D 7C", exposed="3C")
    build(state, ANN, "9S", "9H 9D 9C")
    mine = GAME.view(state, ANN)["players"][ANN]["buildings"]
    assert [b["cards"] for b in mine] == [["7H", "3C", "7D", "7C"], ["9H", "9D", "9C"]]
    assert [b["complete"] for b in mine] == [False, True]
    for reader in (BEN, CAT, None):
        theirs = GAME.view(state, reader)["players"][ANN]["buildings"]
        assert [b["cards"] for b in theirs] == [[None, "3C", None, None], [None] * 3]
        assert all("complete" not in b for b in theirs)
        assert [b["exposed"] for b in theirs] == [[False, True, False, False], [False] * 3]


def mid_game():
    """Ann acts; everybody has buildings, hands, stall cards and production cards."""
    state = ann_acts("9D 5C QS", ann_hand="2H 3H")
    build(state, ANN, "7S", "7H 3C 7D", exposed="3C", production="KD")
    build(state, BEN, "6S", "6H 6D 2C 6C", production=None)
    build(state, CAT, "4S", "4H 4D 4C", production="JH")
    state.discard = cards("AS AH AD AC 5S 5H 5D")
    return state


def test_ari_57_ari_62_redealing_unknowns_never_changes_a_players_view():
    """ARI-57, ARI-62, ARI-05: everything a player cannot see (others' hands, face-down
    building cards, every production card, her own included, the draw pile, face-down
    discards) can be re-dealt without changing her view."""
    state = mid_game()
    own_production = set()
    for seat in (ANN, BEN, CAT):
        view = GAME.view(state, seat)
        for s in range(8):
            det = GAME.determinize(state, seat, random.Random(s))
            assert GAME.view(det, seat) == view
            if seat == ANN:
                own_production.add(det.buildings[ANN][0].production)
                assert det.buildings[ANN][0].cards == state.buildings[ANN][0].cards
                assert det.hands[ANN] == state.hands[ANN]
    assert len(own_production) > 1  # Ann does not know her own production card


def every_card(state) -> list[int]:
    """Every card of the game wherever it lies, sorted (a re-deal must keep them all)."""
    places = [*state.hands, *state.stalls, state.deck, state.discard, state.market]
    places += [c.cards for c in state.committed if hasattr(c, "cards")]
    found = [c for place in places for c in place]
    for buildings in state.buildings:
        for b in buildings:
            found += [b.address, *b.cards]
            found += [] if b.production is None else [b.production]
    return sorted(found)


def test_ari_a17_a_redeal_keeps_a_short_face_up_discard_pile_and_every_card():
    """ARI-A17, ARI-57: with the draw pile gone and four or fewer discards (all face up,
    as in a one-deck game), a re-deal moves only hidden cards: the discard pile, each
    view and the set of cards in the game stay as they are."""
    state = mid_game()
    state.discard, state.deck = cards("AS AH"), []
    for seat in (ANN, BEN, CAT):
        for s in range(8):
            det = GAME.determinize(state, seat, random.Random(s))
            assert det.discard == state.discard and det.deck == []
            assert every_card(det) == every_card(state)
            assert GAME.view(det, seat) == GAME.view(state, seat)


def test_ari_15_which_known_cards_went_into_a_face_down_stall_is_re_dealt():
    """ARI-15, ARI-57: Ben's 5C and 6C are known to all; he stalls 5C 7C face down. Cat
    cannot tell which of them is in the stall, so her re-dealt worlds put each known card
    in the hand in some and in the stall in others, always keeping her view."""
    state = new_game(3, hands=("2H 3H", "5C 6C 7C 8C", "9H"))
    state.known[BEN] = cards("5C 6C")
    play(state, ANN, "stall 2H")
    play(state, BEN, "stall 5C 7C")
    assert GAME.pending(state) == (CAT,)
    view = GAME.view(state, CAT)
    stalled = {"5C": set(), "6C": set()}
    for s in range(24):
        det = GAME.determinize(state, CAT, random.Random(s))
        assert GAME.view(det, CAT) == view and every_card(det) == every_card(state)
        assert len(det.committed[BEN].cards) == 2 and len(det.hands[BEN]) == 2
        for card in stalled:
            stalled[card].add(card in texts(det.committed[BEN].cards))
    assert stalled == {"5C": {True, False}, "6C": {True, False}}


def test_ari_40_visit_results_are_seen_by_the_visitor_alone():
    """ARI-40, ARI-A08: the inspected cards reach the visitor only; re-dealing the building
    for another player changes nothing she sees of the Visit."""
    state = mid_game()
    events = play(state, ANN, "favor QS@stall visit Ben 6S")
    assert state.step == "expose"
    for seat, sees in ((ANN, True), (BEN, True), (CAT, False)):
        assert ("cards" in GAME.view(state, seat)["visit"]) is sees
    inspected = of_kind(events, "inspected")[0]
    assert [inspected.visible_to(s) for s in (ANN, BEN, CAT, None)] == [True, False, False, False]
    for seat in (ANN, CAT):
        det = GAME.determinize(state, seat, random.Random(1))
        assert GAME.view(det, seat) == GAME.view(state, seat)
    det = GAME.determinize(state, ANN, random.Random(2))
    assert det.buildings[BEN][0].cards == state.buildings[BEN][0].cards  # Ann has seen them
