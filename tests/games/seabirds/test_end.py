"""Noble Houses of the Seabirds: the final Stop and the ranking (SEA-81 .. SEA-83, SEA-A01,
SEA-A03).

Games here have 2 Stops unless a test says otherwise: Round 1 lands at Stop 1, Round 2's
Resolution is the final Stop. Ann is Breeding, Ben Usury, Cat Sensation; each starts with
3 Money and 3 of their own Resource.
"""

from __future__ import annotations

import pytest

from bureau.games.seabirds.game import GAME
from bureau.games.seabirds.state import CARDS

from ..common import kinds, of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    everyone_ready,
    hide,
    holdings,
    new_game,
    refused,
    set_holdings,
    tx,
)

EXPANSION, CONTACTS, INFRASTRUCTURE, DISTRIBUTION, ADMINISTRATOR = range(5)


def game(*top_first: str, stops: int = 2, **options):
    """A game whose complication deck is ``top_first`` and then Bureaucracies."""
    g = new_game(stops=stops, **options)
    cards = [*top_first, *["Bureaucracy"] * (stops + 4)]
    g.deck = [CARDS.index(c) for c in reversed(cards)]
    return g


def to_final_air(g) -> None:
    """Play empty Rounds up to the final Round's Air Phase."""
    while g.round < g.stops:
        assert g.phase == "air"
        everyone_ready(g)
        if g.phase == "land":
            everyone_ready(g)
    assert g.phase == "air" and g.round == g.stops


def finish(g) -> list:
    """End the final Air Phase: the final Stop's Resolution."""
    to_final_air(g)
    return everyone_ready(g)


# -- the final Stop (SEA-81, SEA-82, SEA-A03) ------------------------------------------------


def test_sea81_sea82_the_final_stop_reveals_and_resolves_every_hidden_message():
    """SEA-81, SEA-82, SEA-A03: a message sealed in Round 1 for the final Stop stays sealed
    at Stop 1 and opens at Stop 2 with Round 2's; both resolve, and the game ends with no
    Land Phase."""
    g = game()
    hide(g, ANN, "I give 1 Money to Usury.", stop=2)
    ev = everyone_ready(g)
    assert not of_kind(ev, "revealed")
    assert holdings(g, BEN) == {"Money": 3, "Corporations": 3}
    everyone_ready(g)
    hide(g, CAT, "I give 2 Erotroupes to Usury.")
    ev = everyone_ready(g)
    assert len(of_kind(ev, "revealed")) == 2
    assert sorted(e.data["text"] for e in of_kind(ev, "executed")) == [
        "Breeding: I give 1 Money to Usury.",
        "Sensation: I give 2 Erotroupes to Usury.",
    ]
    assert holdings(g, BEN) == {"Money": 4, "Corporations": 3, "Erotroupes": 2}
    assert g.phase == "over"
    assert kinds(ev)[-1] == "game_over"
    assert not [e for e in of_kind(ev, "phase") if e.data["phase"] == "land"]


def test_sea81_the_houses_land_at_the_final_stop_even_on_a_hazard():
    """SEA-81, SEA-A03: a Hazard at the final Stop has no effect: Upgrade income is paid and
    the hidden messages are revealed and resolved."""
    g = game("Bureaucracy", "Hazard")
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    to_final_air(g)
    hide(g, BEN, "I give 1 Corporation to Breeding.")
    ev = everyone_ready(g)
    assert [CARDS[e.data["card"]] for e in of_kind(ev, "complication")] == ["Hazard"]
    assert not of_kind(ev, "hazard")
    assert len(of_kind(ev, "income")) == 1
    assert len(of_kind(ev, "executed")) == 1
    assert holdings(g, ANN) == {"Money": 3, "Worker Beetles": 2, "Corporations": 1}
    assert g.phase == "over"


def test_sea82_the_final_batch_resolves_together():
    """SEA-82, SEA-A12: all hidden Transactions at the final Stop are one batch: the rules'
    mutual example succeeds there as at any landing."""
    g = game()
    to_final_air(g)
    hide(
        g,
        ANN,
        "I give 2 Worker Beetles to Usury if, in the same batch of Messages, Usury gives me"
        " 1 Corporation and 2 Money.",
    )
    hide(g, BEN, "I trade 1 Corporation and 2 Money to Breeding for 2 Worker Beetles.")
    ev = everyone_ready(g)
    assert len(of_kind(ev, "executed")) == 2
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 1, "Corporations": 1}
    assert holdings(g, BEN) == {"Money": 1, "Worker Beetles": 2, "Corporations": 2}
    assert g.phase == "over"


def test_sea82_a_standing_public_offer_lapses_before_the_final_reveal():
    """SEA-82, SEA-A14: a public conditional without deadline lapses when the final
    Resolution starts, before the hidden counter-gift is revealed."""
    g = game()
    to_final_air(g)
    tx(g, ANN, "I give 2 Worker Beetles to Usury if Usury gives me 2 Money.")
    hide(g, BEN, "I give 2 Money to Breeding.")
    ev = everyone_ready(g)
    assert kinds(ev).index("lapsed") < kinds(ev).index("revealed")
    assert holdings(g, ANN) == {"Money": 5, "Worker Beetles": 3}


def test_sea83_nothing_is_accepted_after_the_end():
    """SEA-83: the game is over: no message, Transaction or ready is accepted."""
    g = game()
    finish(g)
    for text in (
        "ready",
        "post: Fair winds.",
        "hide: ATTN Bureau: Transaction. I give 1 M to Usury.",
    ):
        refused(g, ANN, text, "over")
    assert GAME.pending(g) == ()


def test_sea_a03_final_land_phase_option():
    """SEA-A03 (final_land_phase=true): a timed Land Phase follows the final Resolution;
    Transactions still resolve in it, and the game ends when it ends."""
    g = game(final_land_phase=True)
    finish(g)
    assert g.phase == "land" and g.outcome is None
    tx(g, BEN, "I buy an Expansion Contract with 1 Money and 3 Corporations.")
    ev = everyone_ready(g)
    assert kinds(ev)[-1] == "game_over"
    assert g.outcome.winners == (BEN,)


# -- the ranking (SEA-83, SEA-A01) -----------------------------------------------------------


def test_sea83_houses_are_ranked_by_victory_points():
    """SEA-83, SEA-A01: Ben's Distribution Contract (2) beats Ann's Expansion Contract (1);
    Cat, with no Upgrade but the most holdings, is last."""
    g = game()
    set_holdings(g, ANN, Money=1, Worker_Beetles=3)
    set_holdings(g, BEN, Money=3, Food=4)
    set_holdings(g, CAT, Money=20)
    tx(g, ANN, "I buy an Expansion Contract with 3 Worker Beetles.")
    tx(g, BEN, "I buy a Distribution Contract with 3 Money and 4 Food.")
    ev = finish(g)
    (over,) = of_kind(ev, "game_over")
    assert over.data["winners"] == [BEN]
    assert over.data["points"] == [1, 2, 0]
    outcome = g.outcome
    assert outcome.scores == (1.0, 2.0, 0.0)
    assert outcome.ranking == (2, 1, 3)
    assert outcome.winners == (BEN,)
    assert not outcome.capped
    view = GAME.view(g, None)
    assert view["phase"] == "over"
    assert view["outcome"]["winners"] == [BEN]
    assert view["outcome"]["ranking"] == [2, 1, 3]


def test_sea_a01_infrastructure_and_loyal_administrator_score_nothing():
    """SEA-A01, SEA-74, SEA-80: Ann's Infrastructure and Loyal Administrator give 0 points;
    Cat's single Business Contacts (1 point) wins."""
    g = game()
    g.upgrades[ANN][INFRASTRUCTURE] = 3
    g.upgrades[ANN][ADMINISTRATOR] = 2
    g.upgrades[CAT][CONTACTS] = 1
    finish(g)
    assert g.outcome.scores == (0.0, 0.0, 1.0)
    assert g.outcome.winners == (CAT,)


def test_sea_a01_equal_points_are_broken_by_holdings():
    """SEA-A01 tie-break 1: equal Victory Points, the higher total holdings (Money and every
    Resource counted one for one) ranks first, even with less Money."""
    g = game()
    for seat in (ANN, BEN):
        g.upgrades[seat][DISTRIBUTION] = 1  # 2 points each; no income with no order
    set_holdings(g, ANN, Money=1, Food=4, Treaties=4)  # 9
    set_holdings(g, BEN, Money=5, Corporations=3)  # 8
    set_holdings(g, CAT, Money=30)  # 0 points
    finish(g)
    assert g.outcome.ranking == (1, 2, 3)
    assert g.outcome.winners == (ANN,)
    assert g.outcome.details["holdings"] == [9, 8, 30]


def test_sea_a01_equal_points_and_holdings_are_broken_by_money():
    """SEA-A01 tie-break 2: equal points and holdings, more Money ranks first."""
    g = game()
    for seat in (ANN, BEN, CAT):
        g.upgrades[seat][DISTRIBUTION] = 1
    set_holdings(g, ANN, Money=2, Food=4)
    set_holdings(g, BEN, Money=4, Food=2)
    set_holdings(g, CAT, Money=3, Food=3)
    finish(g)
    assert g.outcome.ranking == (3, 1, 2)
    assert g.outcome.winners == (BEN,)
    assert g.outcome.details["money"] == [2, 4, 3]


def test_sea_a01_a_full_tie_is_a_shared_placing():
    """SEA-A01 tie-break 3: equal points, holdings and Money share the placing (and the
    win)."""
    g = game()
    set_holdings(g, ANN, Money=2, Food=4)
    set_holdings(g, BEN, Money=2, Platoons=4)
    set_holdings(g, CAT, Money=1, Food=5)
    finish(g)
    assert g.outcome.ranking == (1, 1, 3)
    assert g.outcome.winners == (ANN, BEN)
    assert g.outcome.scores == (0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("tiebreak", "ranking", "winners"),
    [
        ("holdings_money", (1, 2, 3), (ANN,)),
        ("shared", (1, 1, 3), (ANN, BEN)),
    ],
)
def test_sea_a01_tiebreak_option(tiebreak, ranking, winners):
    """SEA-A01 (tiebreak=shared): equal Victory Points share the placing whatever the
    holdings; by default holdings decide."""
    g = game(tiebreak=tiebreak)
    g.upgrades[ANN][EXPANSION] = 1
    g.upgrades[BEN][CONTACTS] = 1
    set_holdings(g, ANN, Money=9)
    set_holdings(g, BEN, Money=1)
    set_holdings(g, CAT, Money=50)
    finish(g)
    assert g.outcome.ranking == ranking
    assert g.outcome.winners == winners
    assert g.outcome.scores == (1.0, 1.0, 0.0)


def test_sea_a01_the_final_stops_resolution_counts_for_the_ranking():
    """SEA-A01, SEA-A03: the ranking is taken after the final landing: a Distribution
    Contract bought by a hidden Transaction revealed at the final Stop counts."""
    g = game()
    set_holdings(g, ANN, Money=2, Food=4)
    g.upgrades[BEN][EXPANSION] = 1
    to_final_air(g)
    hide(g, ANN, "I buy a Distribution Contract with 2 Money and 4 Food.")
    finish(g)
    assert g.outcome.scores == (2.0, 1.0, 0.0)
    assert g.outcome.winners == (ANN,)
    assert g.outcome.details["rounds"] == 2
