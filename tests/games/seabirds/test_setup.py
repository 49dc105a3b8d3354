"""Noble Houses of the Seabirds: parameters, Houses and set-up, the complication deck and its
cards (SEA-01 .. SEA-24, SEA-A02, SEA-A04, SEA-A17, SEA-A23).

Seats: Ann 0, Ben 1, Cat 2, ...; Houses are indices into ``HOUSES`` (Harvesting 0,
Breeding 1, Usury 2, Secrets 3, Sensation 4, Suppression 5).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bureau.engine import EVERYONE, OptionError
from bureau.games.seabirds.economy import cost
from bureau.games.seabirds.flow import deck_size
from bureau.games.seabirds.game import GAME, OPTIONS
from bureau.games.seabirds.state import (
    CARDS,
    EXPANSION,
    INFRASTRUCTURE,
    opposed_assets,
    own_asset,
    relation,
)
from bureau.games.seabirds.transactions import ASSETS, HOUSES

from ..common import kinds, of_kind
from .flight import game, land
from .helpers import ANN, BEN, CAT, FAY, NAMES, T0, act, holdings, new_game
from .helpers import refused as refused_action

HARVESTING, BREEDING, USURY, SECRETS, SENSATION, SUPPRESSION = range(6)
ALL_SIX = ("Harvesting", "Breeding", "Usury", "Secrets", "Sensation", "Suppression")
OPTION = {o.name: o for o in OPTIONS}


def drafting(players: int = 3, seed: int = 7, **options):
    """A game whose Houses are drafted (no ``houses`` fixture)."""
    return GAME.new(list(NAMES[:players]), seed=seed, options={"rolls": ["3"] * players, **options})


# -- SEA-01 .. SEA-03: players and Stops -------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sea_01_three_to_six_players_may_play(players):
    state = new_game(houses=ALL_SIX[:players])
    assert state.num_players == players
    assert state.phase == "air"


@pytest.mark.parametrize("players", [1, 2, 7, 8])
def test_sea_01_fewer_than_three_or_more_than_six_players_are_refused(players):
    with pytest.raises(OptionError, match="3-6 players"):
        GAME.new(players)


@pytest.mark.parametrize("stops", [4, 5, 9])
def test_sea_02_the_stops_option_sets_the_number_of_rounds(stops):
    """SEA-02, SEA-A02: one Round per Stop; the view says how many Stops there are."""
    state = game(stops=stops)
    assert state.stops == stops
    assert GAME.view(state, None)["stops"] == stops
    for k in range(1, stops + 1):
        assert (state.round, state.phase) == (k, "air")
        events = land(state)
        assert of_kind(events, "resolution")[0].data["round"] == k
        if k < stops:
            act(state, ANN, "ready")
            act(state, BEN, "ready")
            act(state, CAT, "ready")
    assert state.phase == "over"
    assert len(state.discard) == stops  # exactly N cards revealed


def test_sea_02_six_stops_by_default():
    assert OPTION["stops"].default == 6
    assert GAME.new(3, options={"houses": list(ALL_SIX[:3])}).stops == 6


@pytest.mark.parametrize("stops", [1, 2, 3])
def test_sea_03_fewer_than_four_stops_is_advised_against_but_allowed(stops):
    """SEA-03: at least 4 Stops is advice, not a rule: 1 to 3 Stops still make a game."""
    assert "4 or more recommended" in OPTION["stops"].help
    state = GAME.new(3, options={"houses": list(ALL_SIX[:3]), "stops": stops})
    assert state.stops == stops and state.phase == "air"
    assert len(state.deck) == 8  # 4 * ceil(stops / 4) + 4


# -- SEA-04, SEA-A23: each player a different House --------------------------------------------


def test_sea_04_two_players_may_not_share_a_house():
    with pytest.raises(OptionError, match="different House"):
        new_game(houses=("Usury", "Breeding", "Usury"))


def test_sea_a23_the_draft_runs_in_a_random_order_of_all_players():
    orders = set()
    for seed in range(12):
        state = drafting(4, seed=seed)
        assert state.phase == "draft"
        assert sorted(state.draft_order) == [0, 1, 2, 3]
        assert GAME.pending(state) == state.draft_order[:1]
        assert GAME.view(state, None)["draft_order"] == list(state.draft_order)
        orders.add(state.draft_order)
    assert len(orders) > 1  # the order depends on the seed: it is drawn at random


def test_sea_a23_sea_04_each_pick_removes_that_house():
    state = drafting(3)
    first, second, third = state.draft_order
    events = act(state, first, "house Secrets")
    assert [(e.kind, e.audience, e.data) for e in events] == [
        ("house", EVERYONE, {"player": first, "house": SECRETS})
    ]
    assert GAME.pending(state) == (second,)
    assert "Secrets" not in GAME.help_text(state, second)
    refused_action(state, second, "house Secrets", match="Secrets is taken")
    refused_action(state, third, "house Usury", match="not your pick")
    assert [str(a) for a in GAME.legal_actions(state, second)] == [
        "house Harvesting",
        "house Breeding",
        "house Usury",
        "house Sensation",
        "house Suppression",
    ]
    act(state, second, "house usury")  # any case
    assert state.phase == "draft"
    events = act(state, third, "house Suppression")
    assert state.house_of[first] == SECRETS
    assert state.house_of[second] == USURY
    assert state.house_of[third] == SUPPRESSION
    # The last pick starts the game: holdings from the rolls, then Round 1's Air Phase.
    assert kinds(events) == ["house", "rolled", "rolled", "rolled", "phase"]
    assert (state.round, state.phase) == (1, "air")


def test_sea_a23_only_picks_are_accepted_during_the_draft():
    state = drafting(3)
    first = state.draft_order[0]
    refused_action(state, first, "ready", match="being chosen")
    refused_action(state, first, "post: hello", match="being chosen")


def test_sea_a23_a_late_drafter_gets_the_first_free_house():
    state = drafting(3)
    first = state.draft_order[0]
    act(state, first, "house Harvesting")
    second = state.draft_order[0]
    assert str(GAME.timeout_action(state, second)) == "house Breeding"


def test_sea_a23_no_house_may_be_picked_once_the_draft_is_over():
    state = new_game()
    refused_action(state, ANN, "house Secrets", match="have been chosen")


def test_sea_a23_random_assignment_deals_different_houses_without_a_draft():
    deals = set()
    for seed in range(12):
        state = GAME.new(5, seed=seed, options={"house_assignment": "random"})
        assert state.phase == "air"
        assert len(set(state.house_of)) == 5
        assert all(0 <= h < 6 for h in state.house_of)
        deals.add(tuple(state.house_of))
    assert len(deals) > 1


def test_sea_a23_the_draft_is_the_default():
    assert OPTION["house_assignment"].default == "draft"
    assert GAME.new(3).phase == "draft"


# -- SEA-05 .. SEA-11: the Houses, Groups and relations ----------------------------------------


def test_sea_05_the_six_houses_their_groups_and_resources():
    state = new_game(houses=ALL_SIX, rolls=(1,) * 6)
    view = GAME.view(state, None)["houses"]
    assert [(h["house"], h["group"], h["resources"]) for h in view] == [
        ("Harvesting", "Life", {"Food": 5}),
        ("Breeding", "Life", {"Worker Beetles": 5}),
        ("Usury", "Information", {"Corporations": 5}),
        ("Secrets", "Information", {"Treaties": 5}),
        ("Sensation", "Labor", {"Erotroupes": 5}),
        ("Suppression", "Labor", {"Platoons": 5}),
    ]


def test_sea_05_harvesting_and_breeding_abilities_are_upgrade_discounts():
    """SEA-05: Harvesting's Upgrades cost 1 less Resource, Breeding's 1 less Money."""
    assert cost(SECRETS, EXPANSION, False) == (1, 3, "any")
    assert cost(HARVESTING, EXPANSION, False) == (1, 2, "any")
    assert cost(BREEDING, EXPANSION, False) == (0, 3, "any")
    assert cost(HARVESTING, INFRASTRUCTURE, False) == (0, 2, "not_own")


def test_sea_05_usury_is_paid_for_another_houses_reinvestment():
    state = game(houses=("Breeding", "Usury", "Sensation"))
    act(state, ANN, "post: ATTN Bureau: Transaction. I reinvest 2 Money for 1 Worker Beetle.")
    assert holdings(state, ANN) == {"Money": 1, "Worker Beetles": 4}
    assert holdings(state, BEN) == {"Money": 4, "Corporations": 3}


def test_sea_05_secrets_is_paid_for_another_houses_trade():
    state = game(houses=("Breeding", "Secrets", "Sensation"))
    act(state, ANN, "post: ATTN Bureau: Transaction. I give 1 Money to Sensation.")
    assert holdings(state, BEN) == {"Money": 4, "Treaties": 3}
    assert holdings(state, CAT) == {"Money": 4, "Erotroupes": 3}


@pytest.mark.parametrize("stops, uses", [(4, 2), (5, 2), (7, 3)])
def test_sea_05_sensation_and_suppression_have_the_special_take(stops, uses):
    state = game(houses=ALL_SIX, stops=stops)
    assert state.special_left == [0, 0, 0, 0, uses, uses]
    assert [h["special_left"] for h in GAME.view(state, None)["houses"]] == [0] * 4 + [uses] * 2
    act(state, FAY, "post: ATTN Bureau: Transaction. I take 1 Money from Harvesting.")
    assert holdings(state, ANN)["Money"] == 2 and holdings(state, FAY)["Money"] == 4
    # Only the two Labor Houses have it: the Bureau answers and nothing moves.
    events = act(state, ANN, "post: ATTN Bureau: Transaction. I take 1 Money from Usury.")
    (answer,) = of_kind(events, "bureau")
    assert "only Sensation and Suppression" in answer.data["text"]
    assert holdings(state, CAT)["Money"] == 3 and holdings(state, ANN)["Money"] == 2


@pytest.mark.parametrize(
    "a, b",
    [
        (HARVESTING, BREEDING),
        (BREEDING, HARVESTING),
        (USURY, SECRETS),
        (SECRETS, USURY),
        (SENSATION, SUPPRESSION),
        (SUPPRESSION, SENSATION),
    ],
)
def test_sea_06_houses_of_one_group_are_allied(a, b):
    """SEA-06: a House considers the Houses of its own Group allied."""
    assert relation(a, b) == "allied"


def test_sea_07_every_house_of_one_other_group_is_opposed_the_rest_neutral():
    """SEA-07: two Houses opposed (one Group), two neutral, two allied (itself included)."""
    for a in range(6):
        opposed = [b for b in range(6) if relation(a, b) == "opposed"]
        neutral = [b for b in range(6) if relation(a, b) == "neutral"]
        allied = [b for b in range(6) if relation(a, b) == "allied"]
        assert len(opposed) == len(neutral) == len(allied) == 2
        assert a in allied


def test_sea_08_opposition_is_one_way():
    """SEA-08: Harvesting (Life) opposes Usury (Information), who is only neutral to it."""
    assert relation(HARVESTING, USURY) == "opposed"
    assert relation(USURY, HARVESTING) == "neutral"
    for a in range(6):
        for b in range(6):
            if relation(a, b) == "opposed":
                assert relation(b, a) == "neutral"


def test_sea_09_life_opposes_information():
    """SEA-09: Life considers Information opposed."""
    for a in (HARVESTING, BREEDING):
        assert [b for b in range(6) if relation(a, b) == "opposed"] == [USURY, SECRETS]


def test_sea_10_information_opposes_labor():
    """SEA-10: Information considers Labor opposed."""
    for a in (USURY, SECRETS):
        assert [b for b in range(6) if relation(a, b) == "opposed"] == [SENSATION, SUPPRESSION]


def test_sea_11_labor_opposes_life():
    """SEA-11: Labor considers Life opposed."""
    for a in (SENSATION, SUPPRESSION):
        assert [b for b in range(6) if relation(a, b) == "opposed"] == [HARVESTING, BREEDING]


def test_sea_09_sea_10_sea_11_the_view_says_which_group_each_house_opposes():
    state = new_game(houses=ALL_SIX)
    view = GAME.view(state, BEN)["houses"]
    assert [(h["group"], h["opposes"]) for h in view] == [
        ("Life", "Information"),
        ("Life", "Information"),
        ("Information", "Labor"),
        ("Information", "Labor"),
        ("Labor", "Life"),
        ("Labor", "Life"),
    ]


def test_sea_a17_opposed_resources_are_the_opposed_groups_two_types():
    name = {h: [ASSETS[a] for a in opposed_assets(h)] for h in range(6)}
    assert name[HARVESTING] == name[BREEDING] == ["Corporations", "Treaties"]
    assert name[USURY] == name[SECRETS] == ["Erotroupes", "Platoons"]
    assert name[SENSATION] == name[SUPPRESSION] == ["Food", "Worker Beetles"]


def test_sea_a17_there_are_six_resource_types_one_per_house():
    assert ASSETS[0] == "Money"
    assert [ASSETS[own_asset(h)] for h in range(6)] == [
        "Food",
        "Worker Beetles",
        "Corporations",
        "Treaties",
        "Erotroupes",
        "Platoons",
    ]
    assert HOUSES == ALL_SIX


# -- SEA-12, SEA-13, SEA-A17: starting holdings -------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_sea_12_sea_13_money_is_the_roll_and_resources_six_minus_it(roll):
    state = new_game(houses=("Secrets", "Harvesting", "Suppression"), rolls=(roll, 1, 6))
    expected = {"Money": roll}
    if roll < 6:
        expected["Treaties"] = 6 - roll
    assert holdings(state, ANN) == expected
    assert holdings(state, BEN) == {"Money": 1, "Food": 5}
    assert holdings(state, CAT) == {"Money": 6}  # a 6 leaves no Resources


def test_sea_12_the_starting_money_is_a_d6_roll():
    seen = Counter()
    for seed in range(40):
        state = GAME.new(6, seed=seed, options={"house_assignment": "random"})
        for seat in range(6):
            roll = state.rolls[seat]
            assert 1 <= roll <= 6
            assert state.holdings[seat][0] == roll
            seen[roll] += 1
    assert set(seen) == {1, 2, 3, 4, 5, 6}


def test_sea_12_the_rolls_are_announced_to_everyone_when_the_draft_ends():
    state = drafting(3)
    events = []
    for house in ("Harvesting", "Usury", "Sensation"):
        events += act(state, state.draft_order[0], f"house {house}")
    rolled = of_kind(events, "rolled")
    assert [(e.audience, e.data["roll"]) for e in rolled] == [(EVERYONE, 3)] * 3


def test_sea_13_sea_a17_starting_resources_are_all_of_the_houses_own_type():
    for seed in range(10):
        state = GAME.new(6, seed=seed, options={"house_assignment": "random"})
        for seat, house in enumerate(state.house_of):
            held = state.holdings[seat]
            assert held[0] + held[own_asset(house)] == 6
            assert sum(held) == 6


# -- SEA-14, SEA-15: holdings are tradable and public ------------------------------------------


def test_sea_14_money_and_resources_change_hands_by_transaction_in_either_timed_phase():
    state = game()
    act(state, ANN, "post: ATTN Bureau: Transaction. I give 1 Money and 1 Worker Beetle to Usury.")
    assert holdings(state, BEN) == {"Money": 4, "Worker Beetles": 1, "Corporations": 3}
    land(state)
    assert state.phase == "land"
    act(state, BEN, "post: ATTN Bureau: Transaction. I give 2 Corporations to Sensation.")
    assert holdings(state, CAT) == {"Money": 3, "Corporations": 2, "Erotroupes": 3}


def test_sea_14_a_message_without_the_header_moves_nothing():
    state = game()
    act(state, ANN, "post: I give 1 Money to Usury.")
    assert holdings(state, ANN) == {"Money": 3, "Worker Beetles": 3}
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 3}


def test_sea_15_every_houses_totals_are_in_every_view():
    state = new_game(houses=("Harvesting", "Secrets", "Suppression"), rolls=(2, 5, 4))
    for viewer in (ANN, BEN, CAT, None):
        houses = GAME.view(state, viewer)["houses"]
        assert [(h["name"], h["money"], h["resources"]) for h in houses] == [
            ("Ann", 2, {"Food": 4}),
            ("Ben", 5, {"Treaties": 1}),
            ("Cat", 4, {"Platoons": 2}),
        ]


def test_sea_15_owned_upgrades_are_public_once_resolved():
    state = game(houses=("Harvesting", "Usury", "Sensation"))
    # Ann's hidden purchase is not shown until her landing resolves it ...
    act(
        state,
        ANN,
        "hide: ATTN Bureau: Transaction. I buy an Expansion Contract with 1 Money and 2 Food.",
    )
    for viewer in (BEN, CAT, None):
        assert GAME.view(state, viewer)["houses"][ANN]["upgrades"] == {}
        assert GAME.view(state, viewer)["houses"][ANN]["money"] == 3
    land(state)
    # ... then everyone sees it, with its Victory Point.
    for viewer in (ANN, BEN, CAT, None):
        ann = GAME.view(state, viewer)["houses"][ANN]
        assert ann["upgrades"] == {"Expansion Contract": 1}
        assert ann["points"] == 1
        # Paid 1 Money and 2 Food; a hidden purchase pays no income at its own landing.
        assert (ann["money"], ann["resources"]) == (2, {"Food": 1})


# -- SEA-17 .. SEA-19, SEA-A04: the complication deck ------------------------------------------


@pytest.mark.parametrize(
    "stops, size",
    [(1, 8), (3, 8), (4, 8), (5, 12), (6, 12), (8, 12), (9, 16), (12, 16), (13, 20)],
)
def test_sea_17_sea_a04_deck_size_is_stops_rounded_up_to_four_plus_four(stops, size):
    assert deck_size(stops, "ceil") == size
    state = GAME.new(3, seed=stops, options={"stops": stops, "houses": list(ALL_SIX[:3])})
    assert len(state.deck) == size
    assert GAME.view(state, None)["deck_count"] == size


@pytest.mark.parametrize("stops, size", [(4, 12), (8, 16), (5, 12), (6, 12), (9, 16)])
def test_sea_a04_strict_next_rounding_goes_past_a_multiple_of_four(stops, size):
    assert OPTION["deck_rounding"].default == "ceil"
    state = GAME.new(
        3,
        options={"stops": stops, "houses": list(ALL_SIX[:3]), "deck_rounding": "strict_next"},
    )
    assert len(state.deck) == size


@pytest.mark.parametrize("stops", [1, 4, 6, 9, 16])
@pytest.mark.parametrize("rounding", ["ceil", "strict_next"])
def test_sea_18_the_deck_has_equally_many_of_each_card(stops, rounding):
    """SEA-18: equal numbers of Hazard, Surplus, Windfall and Bureaucracy."""
    state = GAME.new(
        3, seed=3, options={"stops": stops, "houses": list(ALL_SIX[:3]), "deck_rounding": rounding}
    )
    counts = Counter(CARDS[c] for c in state.deck)
    assert set(counts) == set(CARDS)
    assert len(set(counts.values())) == 1
    assert sum(counts.values()) == deck_size(stops, rounding)


def test_sea_18_six_stops_make_twelve_cards_three_of_each():
    """SEA-18, SEA-17: the rules' example (L62)."""
    state = GAME.new(3, options={"stops": 6, "houses": list(ALL_SIX[:3])})
    assert Counter(CARDS[c] for c in state.deck) == {
        "Hazard": 3,
        "Surplus": 3,
        "Windfall": 3,
        "Bureaucracy": 3,
    }


def test_sea_19_the_deck_is_shuffled():
    orders = {
        tuple(GAME.new(3, seed=seed, options={"houses": list(ALL_SIX[:3])}).deck)
        for seed in range(10)
    }
    assert len(orders) > 5
    # The same seed deals the same deck.
    again = GAME.new(3, seed=4, options={"houses": list(ALL_SIX[:3])}).deck
    assert GAME.new(3, seed=4, options={"houses": list(ALL_SIX[:3])}).deck == again


def test_sea_19_the_deck_order_is_hidden_from_every_view():
    state = GAME.new(3, seed=2, options={"houses": list(ALL_SIX[:3])})
    for viewer in (ANN, BEN, CAT, None):
        view = GAME.view(state, viewer)
        assert view["top"] is None
        assert view["deck_count"] == 12
        assert "deck" not in view


def test_complications_fixture_is_the_deck_from_the_top():
    """The ``complications`` fixture is documented as the deck from the top: its first
    card is revealed at the first Resolution."""
    state = new_game(cards=("Windfall", "Hazard", "Surplus", "Bureaucracy"))
    events = land(state)
    assert [CARDS[e.data["card"]] for e in of_kind(events, "complication")] == ["Windfall"]


# -- SEA-20 .. SEA-24: the cards and their reveal ------------------------------------------------


def test_sea_20_hazard_skips_the_land_phase():
    """SEA-20: Hazard, skip this Land Phase: Round 2 begins at once."""
    state = game(cards=("Hazard",))
    events = land(state, at=T0 + 100)
    assert [e.kind for e in events if e.kind not in ("ready",)] == [
        "resolution",
        "complication",
        "hazard",
        "phase",
    ]
    assert of_kind(events, "phase")[0].data == {"phase": "air", "round": 2, "at": T0 + 100}
    assert (state.round, state.phase) == (2, "air")


def test_sea_21_surplus_gives_everyone_one_of_their_own_resource():
    """SEA-21: Surplus, 1 Resource of each House's own type."""
    state = game(
        cards=("Surplus",), houses=("Harvesting", "Secrets", "Suppression"), rolls=(6, 2, 4)
    )
    land(state)
    assert holdings(state, ANN) == {"Money": 6, "Food": 1}
    assert holdings(state, BEN) == {"Money": 2, "Treaties": 5}
    assert holdings(state, CAT) == {"Money": 4, "Platoons": 3}
    assert state.phase == "land"


def test_sea_22_windfall_gives_everyone_one_money():
    """SEA-22: Windfall, 1 Money each."""
    state = game(cards=("Windfall",), rolls=(1, 2, 6))
    land(state)
    assert holdings(state, ANN) == {"Money": 2, "Worker Beetles": 5}
    assert holdings(state, BEN) == {"Money": 3, "Corporations": 4}
    assert holdings(state, CAT) == {"Money": 7}
    assert state.phase == "land"


def test_sea_23_bureaucracy_does_nothing():
    """SEA-23: Bureaucracy, nothing happens (and the Houses land as usual)."""
    state = game(cards=("Bureaucracy",))
    before = [h[:] for h in state.holdings]
    events = land(state)
    assert state.holdings == before
    assert [e.kind for e in events if e.kind != "ready"] == ["resolution", "complication", "phase"]
    assert (state.round, state.phase) == (1, "land")


def test_sea_24_one_card_a_round_revealed_at_the_end_of_the_air_phase_onto_a_public_discard():
    state = game(cards=("Windfall", "Surplus", "Bureaucracy"))
    size = len(state.deck)
    assert GAME.view(state, None)["discard"] == []
    # Nothing is revealed while the Air Phase runs.
    act(state, ANN, "ready")
    act(state, BEN, "ready")
    assert state.discard == [] and len(state.deck) == size
    events = act(state, CAT, "ready")
    (card,) = of_kind(events, "complication")
    assert (card.audience, card.data) == (EVERYONE, {"card": CARDS.index("Windfall"), "round": 1})
    assert kinds(events).index("complication") == kinds(events).index("resolution") + 1
    for viewer in (ANN, BEN, CAT, None):
        assert GAME.view(state, viewer)["discard"] == ["Windfall"]
        assert GAME.view(state, viewer)["deck_count"] == size - 1
    # The Land Phase reveals nothing; the next Resolution reveals one more card.
    for seat in (ANN, BEN, CAT):
        act(state, seat, "ready")
    assert GAME.view(state, None)["discard"] == ["Windfall"]
    land(state)
    assert GAME.view(state, None)["discard"] == ["Windfall", "Surplus"]
    assert GAME.view(state, None)["deck_count"] == size - 2
