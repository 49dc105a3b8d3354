"""Aristocracy rule tests: the royal events, Tax (King), Ball (Queen) and Auction (Jack)."""

from __future__ import annotations

from collections import Counter

from bureau.cards import card_text
from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.state import JACK, KING, QUEEN

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import (
    ANN,
    BEN,
    CAT,
    DAN,
    build,
    finish_round,
    legal_texts,
    new_game,
    play,
    refuse,
    set_hand,
    sorted_texts,
    to_round,
)

# -- Tax ---------------------------------------------------------------------------------------


def year_two_king(hands: dict[int, str], pile_top: str = "", **buildings):
    """A 3-player game at the start of year 2's King round (Tax, after the draw).

    Hands are set during year 1's Jack round; each player then draws one more
    card (from ``pile_top``, Ben first: Ben is Herald in year 2).
    """
    # Pile: Queen market 2, Queen draws 3, Jack market 2, Jack draws 3, Jack's third card,
    # King market 2, King draws 3 (Ben, Cat, Ann).
    filler = "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S"
    draws = pile_top or "10S 10H 10D"
    state = new_game(3, pile=f"{filler} {draws} 5S 5H 5D 5C", herald=ANN)
    to_round(state, 1, JACK)
    for seat, text in hands.items():
        set_hand(state, seat, text)
    for seat, blds in buildings.items():
        for address, bcards in blds:
            build(state, {"ann": ANN, "ben": BEN, "cat": CAT}[seat], address, bcards)
    return state, finish_round(state)


def test_ari_31_ari_32_tax_discards_down_to_seven_plus_chateaux():
    """ARI-31, ARI-32: at Tax a player over 7 + her châteaux discards down to exactly that."""
    state, events = year_two_king(
        {ANN: "2S 3S 4S 5S 6S 7S 8S", BEN: "2H 3H 4H 5H 6H 7H", CAT: "2C 3C 4C 5C 6C 7C 8C"},
        cat=[("9S", "9H 9D 9C 9S 9H")],  # a château: Cat may keep 8
    )
    assert (state.year, state.royal, state.herald) == (2, KING, BEN)
    assert [len(h) for h in state.hands] == [8, 7, 8]
    assert state.step == "tax" and GAME.pending(state) == (ANN,)
    assert of_kind(events, "tax")[0].data["players"] == [ANN]
    refuse(state, ANN, "discard 2S 3S", "discard exactly 1")
    refuse(state, ANN, "discard 9C", "no 9C in your hand")
    refuse(state, CAT, "discard 2C", "not your turn")
    assert legal_texts(state, ANN) == {f"discard {c}" for c in hand(state, ANN)}
    play(state, ANN, "discard 10D")
    assert len(state.hands[ANN]) == 7 and "10D" not in hand(state, ANN)
    assert state.step == "stall" and state.discard[-1] == cards("10D")[0]


def test_ari_a13_ari_a25_chateaux_counted_at_tax_complete_or_not():
    """ARI-A13, ARI-A25: every 5-card building counts, complete or not, as it stands at Tax."""
    state, events = year_two_king(
        {ANN: "2S 3S 4S 5S 6S 7S 8S 9S", BEN: "2H 3H 4H 5H 6H 7H 8H", CAT: "2C 3C 4C 5C 6C 7C 8C"},
        ann=[("JS", "2D 3D 4D 5D 6D"), ("QS", "QH QC QS QH QC")],  # one mismatched, one complete
        ben=[("KS", "KH KC KS KH")],  # an estate does not count
    )
    assert [len(h) for h in state.hands] == [9, 8, 8]
    assert state.step == "tax" and set(GAME.pending(state)) == {BEN, CAT}  # Ann may keep 9
    assert of_kind(events, "tax")[0].data["players"] == [BEN, CAT]
    refuse(state, ANN, "discard 2S", "not your turn")


def test_ari_a17_tax_discards_in_chosen_order_players_in_herald_order():
    """ARI-A17, ARI-75: Tax discards go face down in each player's chosen order, Herald order."""
    state, _ = year_two_king(
        {ANN: "2S 3S 4S 5S 6S 7S 8S 9S", BEN: "2H 3H 4H 5H 6H 7H 8H 9H", CAT: "2C 3C 4C 5C 6C"},
    )
    state.discard = cards("AS AH AD AC AS")  # four face up already: tax discards are unseen
    assert set(GAME.pending(state)) == {ANN, BEN}
    play(state, ANN, "discard 9S 2S")  # Ann decides first, but Ben is Herald
    events = play(state, BEN, "discard 8H 2H")
    assert texts(state.discard[5:]) == ["8H", "2H", "9S", "2S"]
    public = [e for e in of_kind(events, "discarded") if e.visible_to(CAT)]
    assert [(e.data["player"], e.data["count"]) for e in public] == [(BEN, 2), (ANN, 2)]
    assert all("cards" not in e.data for e in public)
    own = [e for e in of_kind(events, "discarded") if "cards" in e.data]
    assert [(e.data["player"], texts(e.data["cards"])) for e in own] == [
        (BEN, ["8H", "2H"]),
        (ANN, ["9S", "2S"]),
    ]
    assert own[0].visible_to(BEN) and not own[0].visible_to(ANN)


# -- Ball --------------------------------------------------------------------------------------


def queen_ball(herald: int = ANN):
    """A 3-player game at the Queen round's Ball; the market is 9C 9D."""
    pile = "9C 9D 2S 2H 2D " + " ".join(["5S 5H 5D 5C"] * 2)
    state = new_game(3, pile=pile, herald=herald)
    to_round(state, 1, QUEEN)
    set_hand(state, ANN, "KS 7H 8H")
    set_hand(state, BEN, "4C 6C")
    set_hand(state, CAT, "JD")
    return state


def test_ari_37_ari_a12_ball_contributions_in_herald_order_face_down_counts_public():
    """ARI-37, ARI-A12: in Herald order, face down; only each contribution's size is public."""
    state = queen_ball(herald=BEN)
    assert state.step == "ball" and GAME.pending(state) == (BEN,)
    refuse(state, ANN, "ball KS", "not your turn")
    events = play(state, BEN, "ball 4C 6C")
    (e,) = of_kind(events, "contributed")
    assert e.visible_to(None) and e.data == {"player": BEN, "count": 2}
    assert GAME.pending(state) == (CAT,)
    seen_by_cat = GAME.view(state, CAT)["players"][BEN]
    assert seen_by_cat["ball_count"] == 2 and "ball" not in seen_by_cat
    assert GAME.view(state, BEN)["players"][BEN]["ball"] == ["4C", "6C"]
    refuse(state, CAT, "ball KS", "no KS in your hand")
    play(state, CAT, "ball none")
    assert GAME.pending(state) == (ANN,)


def test_ari_38_ball_cards_shown_to_all_then_shuffled_with_the_market():
    """ARI-38, ARI-A12: every contributed card is shown publicly, unattributed, then pooled."""
    state = queen_ball()
    play(state, ANN, "ball KS 8H")
    play(state, BEN, "ball 4C")
    events = play(state, CAT, "ball JD")
    (shown,) = of_kind(events, "ball_revealed")
    assert shown.visible_to(None)
    assert sorted(texts(shown.data["cards"])) == sorted_texts("KS 8H 4C JD")  # one flat list
    got = Counter(state.market + [c for h in state.hands for c in h])
    assert got == Counter(cards("KS 8H 4C JD 9C 9D 7H 6C"))  # nothing lost, nothing added


def test_ari_39_ari_a12_each_gets_back_as_many_as_given_the_rest_is_the_market():
    """ARI-39, ARI-A12: random cards back, as many as contributed; 0 gives 0; rest is market."""
    for seed in range(6):  # different shuffles, same counts
        state = queen_ball()
        state.rng.seed(seed)
        play(state, ANN, "ball KS 8H")
        play(state, BEN, "ball none")
        events = play(state, CAT, "ball JD")
        assert [len(h) for h in state.hands] == [3, 2, 1]
        assert hand(state, BEN) == ["4C", "6C"]
        assert len(state.market) == 2 + 3 - 2 - 1
        pool = Counter(cards("KS 8H JD 9C 9D"))
        back = Counter(state.hands[ANN]) - Counter(cards("7H"))
        back += Counter(state.hands[CAT])
        assert back + Counter(state.market) == pool
        returned = of_kind(events, "ball_returned")
        private = [e for e in returned if "cards" in e.data]
        assert [e.data["player"] for e in private] == [ANN, CAT]  # Herald order
        for e in private:
            seat = e.data["player"]
            assert e.visible_to(seat) and not e.visible_to(BEN) and len(e.data["cards"]) in (1, 2)
        assert all(e.data["player"] != BEN for e in returned)
        assert state.step == "stall"


# -- Auction -------------------------------------------------------------------------------------


def jack_auction(n: int = 3, market: str = "QS 7H 4D", coins=None):
    """A game at the Jack round's sealed bids, with a 3-card market of our choosing."""
    state = new_game(n, herald=ANN)
    if coins is not None:
        state.coins = list(coins)  # nobody earns coins before the Jack round here
    to_round(state, 1, JACK)
    for seat in range(n):
        set_hand(state, seat, "5C")  # one card each: the stalls will wait for us
    state.market = cards(market)
    return state


def bid_all(state, bids: dict[int, int]) -> list:
    events = []
    for seat, amount in bids.items():
        events += play(state, seat, f"bid {amount}")
    return events


def test_ari_48_jack_round_adds_a_third_market_card():
    """ARI-48: in the Jack round a third card joins the market, after the draws."""
    pile = "AS AH 2S 2H 2D QS 7H 4H 4D 4C 4S 9S 9H"
    state = new_game(3, pile=pile, herald=ANN)
    events = to_round(state, 1, JACK)
    markets = of_kind(events, "market")
    assert texts(markets[-2].data["cards"]) == ["QS", "7H"]  # step 1
    assert [card_text(e.data["card"]) for e in of_kind(events, "drew") if "card" in e.data][
        -3:
    ] == ["4H", "4D", "4C"]
    assert texts(markets[-1].data["cards"]) == ["QS", "7H", "4S"]  # step 3: one more
    assert texts(state.market) == ["QS", "7H", "4S"] and state.step == "bid"


def test_ari_49_ari_a16_bids_are_sealed_until_all_are_in():
    """ARI-49, ARI-A16: bids are secret integers from 0 to one's coins, revealed together."""
    state = jack_auction(coins=[3, 2, 0])
    assert set(GAME.pending(state)) == {ANN, BEN}  # Cat can only bid 0: she is not asked
    refuse(state, BEN, "bid 3", "bid from 0 to your 2 coins")
    events = play(state, BEN, "bid 2")
    assert kinds(events) == ["committed"] and "amount" not in str(events[0].data)
    assert "choice" not in GAME.view(state, ANN)["players"][BEN]
    assert GAME.view(state, ANN)["players"][BEN]["committed"] is True
    assert GAME.view(state, BEN)["players"][BEN]["choice"] == 2
    events = play(state, ANN, "bid 1")
    (reveal,) = of_kind(events, "bids")
    assert reveal.visible_to(None) and reveal.data["bids"] == [1, 2, 0]


def test_ari_50_single_highest_bidder_pays_the_second_highest_bid():
    """ARI-50, ARI-A10: the top bidder alone picks one card and pays the next-highest bid."""
    state = jack_auction(coins=[3, 3, 3])
    bid_all(state, {ANN: 1, BEN: 3, CAT: 2})
    assert state.step == "pick" and GAME.pending(state) == (BEN,)
    refuse(state, ANN, "pick QS", "not your turn")
    refuse(state, BEN, "pick 9S", "the market has no 9S")
    events = play(state, BEN, "pick 7H")
    assert of_kind(events, "bought")[0].data["price"] == 2
    assert state.coins == [3, 1, 3]
    assert hand(state, BEN) == ["5C", "7H"] and texts(state.market) == ["QS", "4D"]
    # With every other bid at 0, the second-highest bid is 0: the card is free.
    state = jack_auction(coins=[3, 3, 3])
    bid_all(state, {ANN: 0, BEN: 3, CAT: 0})
    play(state, BEN, "pick QS")
    assert state.coins == [3, 3, 3] and hand(state, BEN) == ["5C", "QS"]


def test_ari_51_ari_52_ari_53_ari_54_tied_bidders_pick_in_herald_order():
    """ARI-51, ARI-52, ARI-53, ARI-54: tied top bidders pick in Herald order; a shared pick is
    discarded unpaid, a lone pick is paid in full, an unpicked card stays in the market."""
    state = jack_auction(n=4, market="QS 7H 4D", coins=[3, 3, 3, 3])
    state.herald = BEN  # Herald order: Ben, Cat, Dan, Ann
    bid_all(state, {ANN: 2, BEN: 2, CAT: 2, DAN: 1})
    assert GAME.pending(state) == (BEN,)
    play(state, BEN, "pick QS")
    assert GAME.pending(state) == (CAT,)
    play(state, CAT, "pick 7H")
    assert GAME.pending(state) == (ANN,)  # Dan bid less: he picks nothing
    view = GAME.view(state, DAN)
    assert view["picks"] == [[BEN, 0], [CAT, 1]]  # picks are made openly
    events = play(state, ANN, "pick QS")
    assert texts(e.data["card"] for e in of_kind(events, "collided")) == ["QS"]
    assert state.coins == [3, 3, 1, 3]  # Ann and Ben shared QS: unpaid; Cat paid her bid
    assert hand(state, CAT) == ["5C", "7H"] and hand(state, ANN) == hand(state, BEN) == ["5C"]
    assert texts(state.discard[-1:]) == ["QS"]
    assert texts(state.market) == ["4D"]  # ARI-54: nobody chose it
    assert state.step == "stall"


def test_ari_a10_everyone_bids_zero_so_everyone_picks_for_free():
    """ARI-A10: all bids 0 is a tie for the top: each picks in Herald order, lone picks are free."""
    state = jack_auction(coins=[3, 0, 3])
    bid_all(state, {ANN: 0, CAT: 0})
    assert state.step == "pick" and GAME.pending(state) == (ANN,)
    play(state, ANN, "pick QS")
    play(state, BEN, "pick 4D")  # Ben had no coin, bid 0, and is tied too
    play(state, CAT, "pick 7H")
    assert state.coins == [3, 0, 3]
    assert [hand(state, seat) for seat in range(3)] == [["5C", "QS"], ["4D", "5C"], ["5C", "7H"]]


def test_ari_a11_colliding_auction_cards_are_discarded_in_market_order():
    """ARI-A11: cards picked by several players go to the discard pile in market order."""
    state = jack_auction(n=4, market="QS 7H 4D", coins=[1, 1, 1, 1])
    bid_all(state, {ANN: 1, BEN: 1, CAT: 1, DAN: 1})
    play(state, ANN, "pick 4D")
    play(state, BEN, "pick QS")
    play(state, CAT, "pick 4D")
    events = play(state, DAN, "pick QS")
    assert texts(state.discard[-2:]) == ["QS", "4D"]  # QS lies before 4D in the market
    assert [e.data["players"] for e in of_kind(events, "collided")] == [[BEN, DAN], [ANN, CAT]]
    assert state.coins == [1, 1, 1, 1] and texts(state.market) == ["7H"]
    assert all(len(h) == 1 for h in state.hands)


def test_ari_a16_bid_cannot_exceed_coins_and_stays_hidden_from_others():
    """ARI-A16: a bid is 0..coins; until all bids are in, nobody else can see it."""
    state = jack_auction(coins=[1, 3, 3])
    assert {str(a) for a in GAME.legal_actions(state, ANN)} == {"bid 0", "bid 1"}
    refuse(state, ANN, "bid 2", "bid from 0 to your 1 coins")
    play(state, CAT, "bid 3")
    for reader in (ANN, BEN, None):
        assert "choice" not in GAME.view(state, reader)["players"][CAT]
        assert "bids" not in GAME.view(state, reader)
    assert not [e for e in play(state, BEN, "bid 0") if e.kind == "bids"]
    assert "choice" not in GAME.view(state, BEN)["players"][CAT]
