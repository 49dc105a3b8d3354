"""Aristocracy rule tests: the variants of the rules text and the options of the rulings."""

from __future__ import annotations

import pytest

from bureau.engine import OptionError
from bureau.games.aristocracy import GAME

from ..common import cards, hand, of_kind, texts
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
    set_hand,
    stalls,
    to_round,
)


def test_ari_82_ari_a24_longer_game_needs_bigger_buildings_and_hand():
    """ARI-82, ARI-A24: the longer game needs 4 / 5 / 6 building cards; hand size
    2 x (4 + 1) - 1 = 9."""
    state = ann_acts("KS KC", ann_hand="8S 8H 8D 8C 8S 6S 6H 6D 6C 6S 6H", variant="longer")
    o = state.options
    assert (o["farm_size"], o["estate_size"], o["chateau_size"], o["base_hand_size"]) == (
        4,
        5,
        6,
        9,
    )
    refuse(state, ANN, "favor KS build farm 8S 8H 8D 8C", "a farm is 1 address card and 4")
    play(state, ANN, "favor KS@stall build farm 8S 8H 8D 8C 8S")
    play(state, ANN, "favor KC@stall build estate 6S 6H 6D 6C 6S 6H")
    kinds_seen = [b["kind"] for b in GAME.view(state, BEN)["players"][ANN]["buildings"]]
    assert kinds_seen == ["farm", "estate"]


def test_ari_82_ari_a24_shorter_game_one_deck_smaller_buildings_and_hand():
    """ARI-82, ARI-A24: the shorter game uses one deck (49 cards without the indicators),
    1 / 2 / 3 building cards (a château is then all four cards of a rank), and a hand
    size of 2 x (1 + 1) - 1 = 3."""
    state = GAME.new(3, seed=4, options={"variant": "shorter", "herald": ANN})
    everywhere = [c for h in state.hands for c in h] + state.market + state.deck
    assert len(everywhere) == 49 and len(set(everywhere)) == 49
    assert not set(cards("KD QD JD")) & set(everywhere)
    # Dealt the variant's hand size, so the first King round's Tax takes nothing.
    assert [len(h) for h in state.hands] == [3, 3, 3] and state.step == "stall"
    state = new_game(3, hands=("KS 8S 8H 8D",), variant="shorter", decks=1, base_hand_size=7)
    stalls(state, {ANN: "KS"})
    refuse(state, ANN, "favor KS build farm 8S", "a farm is 1 address card and 1")
    play(state, ANN, "favor KS@stall build estate 8S 8H 8D")
    assert GAME.view(state, None)["players"][ANN]["buildings"][0]["kind"] == "estate"


def test_ari_82_the_shorter_game_ends_by_glory_and_sooner():
    """ARI-82, ARI-35: heuristic bots finish the shorter game by Glory, in fewer
    decisions than the standard game on the same seeds."""
    from bureau.sim import play_one

    length = {}
    for variant in ("shorter", "standard"):
        games = [
            play_one("aristocracy", 4, seed, {"variant": variant}, "heuristic") for seed in range(8)
        ]
        assert all(g.status == "finished" for g in games), variant
        assert all("claimed glory" in g.reason for g in games), variant
        length[variant] = sum(g.decisions for g in games) / len(games)
    assert length["shorter"] < length["standard"], length


def test_ari_82_a_chateau_the_decks_cannot_complete_is_refused():
    """ARI-35, ARI-63: with one deck (four cards of a rank) a château of 4 building cards
    and its address could never be complete, so Glory could never come."""
    with pytest.raises(OptionError, match=r"5 cards of one rank .* 1 deck\(s\) hold 4"):
        GAME.new(3, seed=1, options={"variant": "shorter", "farm_size": 2, "estate_size": 3,
                                     "chateau_size": 4})  # fmt: skip
    with pytest.raises(OptionError, match="use chateau_size 3 or less"):
        GAME.new(3, seed=1, options={"decks": 1, "chateau_size": 5})


def test_ari_82_one_deck_alone_is_the_shorter_game():
    """ARI-82: "one deck and fewer building cards". ``decks=1`` with no building size set
    takes the largest sizes one deck can complete (1/2/3) and their hand (ARI-A24: 3), the
    shorter variant; sizes or a hand that are set are kept (and checked)."""
    sizes = ("decks", "farm_size", "estate_size", "chateau_size", "base_hand_size")
    one = GAME.new(3, seed=1, options={"decks": 1}).options
    shorter = GAME.new(3, seed=1, options={"variant": "shorter"}).options
    assert [one[k] for k in sizes] == [shorter[k] for k in sizes] == [1, 1, 2, 3, 3]
    assert [GAME.new(3, seed=1, options={"decks": "2"}).options[k] for k in sizes] == [
        2,
        3,
        4,
        5,
        7,
    ]
    held = GAME.new(3, seed=1, options={"decks": 1, "base_hand_size": 5}).options
    assert [held[k] for k in sizes] == [1, 1, 2, 3, 5]
    longer = GAME.new(3, seed=1, options={"variant": "longer", "decks": 1}).options
    assert [longer[k] for k in sizes] == [1, 1, 2, 3, 3]
    from bureau.sim import play_one

    games = [play_one("aristocracy", 3, seed, {"decks": 1}, "heuristic") for seed in (1, 2)]
    assert all(g.status == "finished" and "claimed glory" in g.reason for g in games)


def test_ari_a24_standard_hand_size_is_seven_and_options_override_variants():
    """ARI-A24: the base game's 7 = 2 x (3 + 1) - 1; explicit options beat a variant's."""
    assert GAME.new(3, seed=1).options["base_hand_size"] == 7
    state = GAME.new(3, seed=1, options={"variant": "longer", "base_hand_size": 7})
    assert state.options["base_hand_size"] == 7 and state.options["farm_size"] == 4
    with pytest.raises(OptionError, match="building sizes must be consecutive"):
        GAME.new(3, seed=1, options={"farm_size": 4, "estate_size": 4})
    with pytest.raises(OptionError, match="got 3, 5, 6"):  # a 4-card building would be no type
        GAME.new(3, seed=1, options={"estate_size": 5, "chateau_size": 6})


def test_ari_a01_option_fixed_order_ignores_trades():
    """ARI-A01: with recompute_stall_order = false the order is fixed at the reveal."""
    state = new_game(3, hands=("9S", "6H", "2C"), herald=ANN, recompute_stall_order=False)
    stalls(state, {ANN: "9S", BEN: "6H", CAT: "2C"})
    events = play(state, CAT, "trade 2C for 9S@Ann")  # Ann's stall now weighs 2
    assert [e.data["player"] for e in of_kind(events, "active")] == [BEN]  # 6 < 9 at reveal


def test_ari_a05_option_keep_leaves_the_production_card_on_the_upgraded_building():
    """ARI-A05: with production_on_upgrade = keep the card stays and can still be harvested."""
    state = ann_acts("KS 9D", ann_hand="7S", production_on_upgrade="keep")
    state.discard = cards("AS AH AD AC")
    build(state, ANN, "7H", "7D 7C 7H", production="QD")
    play(state, ANN, "favor KS@stall upgrade 7H with 7S")
    assert texts([state.buildings[ANN][0].production]) == ["QD"]
    assert texts(state.discard) == ["AS", "AH", "AD", "AC"]
    assert "harvest 7H" in legal_texts(state, ANN)
    play(state, ANN, "harvest 7H")
    assert "QD" in hand(state, ANN)


def test_ari_a08_option_owner_chooses_discard_or_pay():
    """ARI-A08: with revisit_choice = owner the owner picks discard-or-pay."""
    state = ann_acts("QS QC", revisit_choice="owner")
    build(state, BEN, "7S", "7H 3C 7D 7C 7S", exposed="3C")
    play(state, ANN, "favor QS@stall visit Ben 7S")
    play(state, ANN, "penalty 3C")
    assert state.step == "force" and GAME.pending(state) == (BEN,)
    refuse(state, ANN, "force pay", "not your turn")
    play(state, BEN, "force discard")  # the free fix the default ruling prevents
    assert texts(state.buildings[BEN][0].cards) == ["7H", "7D", "7C", "7S"]
    assert state.coins == [4, 2, 3] and state.active == ANN


def test_ari_a12_option_ball_reveal_attribution():
    """ARI-A12: by default the ball cards are shown as one list; the option attributes them."""
    for attributed in (False, True):
        state = new_game(3, herald=ANN, ball_reveal_attribution=attributed)
        to_round(state, 1, 1)
        set_hand(state, ANN, "KS 7H")
        set_hand(state, BEN, "4C")
        set_hand(state, CAT, "")
        play(state, ANN, "ball KS 7H")
        events = play(state, BEN, "ball 4C")
        (shown,) = of_kind(events, "ball_revealed")
        if attributed:
            assert [sorted(texts(c)) for c in shown.data["cards"]] == [["7H", "KS"], ["4C"], []]
        else:
            assert sorted(texts(shown.data["cards"])) == ["4C", "7H", "KS"]


def test_ari_a15_option_hides_stall_counts_before_the_reveal():
    """ARI-A15: with show_stall_counts_before_reveal = false, later players cannot tell how
    many cards an earlier player committed, not even from her hand size."""
    state = new_game(3, hands=("5H 9S KC", "8D 2C", "4S"), show_stall_counts_before_reveal=False)
    events = play(state, ANN, "stall 5H 9S")
    assert of_kind(events, "stall_formed")[0].data["count"] is None
    for reader in (BEN, CAT, None):
        ann = GAME.view(state, reader)["players"][ANN]
        assert "stall_count" not in ann and ann["stall"] == []
        assert ann["hand_count"] == 3
    assert GAME.view(state, ANN)["players"][ANN]["hand_count"] == 1
    play(state, BEN, "stall none")
    play(state, CAT, "stall 4S")
    assert GAME.view(state, BEN)["players"][ANN]["hand_count"] == 1  # revealed now


def test_ari_a23_option_max_years_is_validated():
    """ARI-A23: max_years is a whole number of years from 1, or off."""
    assert GAME.new(3, seed=1, options={"max_years": "off"}).options["max_years"] is None
    with pytest.raises(OptionError, match="max_years"):
        GAME.new(3, seed=1, options={"max_years": 0})
    state = new_game(3, max_years=1)
    finish_round(state)
    assert GAME.outcome(state).capped and state.year == 1
