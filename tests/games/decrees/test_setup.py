"""Final Decrees rule tests: components, set-up, the Human Resources bid, the
assignment, the deck build and the first turns (DEC-01 .. DEC-13, DEC-20 .. DEC-31,
DEC-A09, DEC-A10, DEC-A17, DEC-A18, DEC-A23)."""

from __future__ import annotations

from collections import Counter
from importlib.resources import files

import pytest

from bureau.engine import OptionError
from bureau.games.decrees import GAME
from bureau.games.decrees.state import DEPT_CODES, DEPT_TITLES

from ..common import kinds, of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    DAN,
    EVE,
    EXE,
    HEADS4,
    HEADS5,
    HR,
    NAMES,
    REF,
    bidding_game,
    blames,
    new_game,
    play,
    refused,
    set_blame,
)

# The house decrees (rules analysis §3.1), by department code.
DECREES5 = [
    ["EXE", "TRE", "REF", "TRE"],
    ["ADM", "HR", "TRE", "ADM"],
    ["HR", "SS", "EXE", "HR", "REF"],
    ["SS", "ADM", "EXE", "SS", "TRE"],
    ["REF", "EXE", "HR", "TRE", "SS", "ADM"],
]
DECREES4 = [[s for s in steps if s != "REF"] for steps in DECREES5]
ARROWS5 = ["REF->EXE", "EXE->HR", "EXE->ADM", "ADM->SS"]


def bid_round(state, bids: dict[int, int]) -> list:
    """Every seat in ``bids`` bids its amount, in seat order; returns all the events."""
    ev = []
    for seat in sorted(bids):
        ev += play(state, seat, f"bid {bids[seat]}")
    return ev


def revealed(events) -> dict:
    """The data of the (single) reveal among ``events``."""
    (reveal,) = of_kind(events, "bids")
    return reveal.data


def dept_view(view: dict, code: str) -> dict:
    return next(d for d in view["departments"] if d["code"] == code)


def dealt_game(players: int, seed: int):
    """A game whose deck the rules built: heads placed, the head of EXE (Ann) has drawn."""
    heads = HEADS5 if players == 5 else HEADS4
    return GAME.new(list(NAMES[:players]), seed=seed, options={"heads": list(heads)})


def built_deck(state) -> list[int]:
    """The deck as built, before Ann's first draw (top last)."""
    # Ann was dealt one card and drew the top one; had that been S&D she would hold one
    # card and the discard pile would not be empty.
    assert len(state.hands[ANN]) == 2 and state.discard == []
    return [*state.deck, state.hands[ANN][1]]


def house_deck_counts(state) -> Counter:
    return Counter({k: c.copies for k, c in enumerate(state.cards)})


# -- components (DEC-01 .. DEC-13) ----------------------------------------------------------


def test_dec_01_dec_a10_four_players_remove_the_department_of_reform():
    """DEC-01: 5 players; a 4-player game removes the Department of Reform: it is no
    department of the game, no arrow touches it, and the decrees lose their REF steps
    (DEC-A10). Three or six players are refused."""
    five = new_game()
    assert [d["code"] for d in GAME.view(five, None)["departments"]] == [
        "REF",
        "EXE",
        "HR",
        "TRE",
        "SS",
        "ADM",
    ]
    four = new_game(players=4)
    view = GAME.view(four, None)
    assert [d["code"] for d in view["departments"]] == ["EXE", "HR", "TRE", "SS", "ADM"]
    assert REF not in four.depts
    assert view["arrows"] == ["EXE->HR", "EXE->ADM", "ADM->SS"]
    assert [d["steps"] for d in view["decrees"]] == DECREES4
    assert [d["steps"] for d in GAME.view(five, None)["decrees"]] == DECREES5
    with pytest.raises(OptionError, match="no Department of Reform at four players"):
        new_game(players=4, heads=("EXE", "HR", "TRE", "REF"))
    for n in (3, 6):
        with pytest.raises(OptionError, match="4-5 players"):
            GAME.new(n, seed=1)


def test_dec_02_six_departments():
    """DEC-02: REF, EXE, HR, TRE, SS and ADM, with their titles."""
    view = GAME.view(new_game(), None)
    assert [(d["code"], d["title"]) for d in view["departments"]] == [
        ("REF", "Department of Reform"),
        ("EXE", "Executive Branch"),
        ("HR", "Human Resources"),
        ("TRE", "Treasury"),
        ("SS", "Secret Service"),
        ("ADM", "The Admiralty"),
    ]


def test_dec_a17_the_executive_office_is_the_executive_branch():
    """DEC-A17: the "Executive Office" that Reform controls at set-up (L86) is the
    Executive Branch: REF->EXE, and no department is called an office."""
    state = new_game()
    view = GAME.view(state, None)
    assert dept_view(view, "REF")["controls"] == ["EXE"]
    assert dept_view(view, "EXE")["title"] == "Executive Branch"
    assert not [t for t in DEPT_TITLES if "Office" in t]


def test_dec_03_dec_11_one_pawn_each_marks_her_department():
    """DEC-03: each player has one pawn, on the department she heads; one head a
    department. DEC-11: "your department" is the one you head now, so after moving
    herself Ann heads the department she moved to, and only that one."""
    state = new_game()
    view = GAME.view(state, None)
    assert [p["dept"] for p in view["players"]] == list(HEADS5)
    heads = {d["code"]: d["head"] for d in view["departments"]}
    assert heads == {"REF": None, "EXE": ANN, "HR": BEN, "TRE": CAT, "SS": DAN, "ADM": EVE}
    play(state, ANN, "move Ann")  # to the Empty Department, REF
    view = GAME.view(state, None)
    assert view["players"][ANN]["dept"] == "REF"
    assert dept_view(view, "REF")["head"] == ANN and dept_view(view, "EXE")["head"] is None
    # She now acts as the head of REF, not of EXE: EXE's special is refused.
    refused(state, ANN, "restructure remove EXE->HR", "only the head of EXE")


def test_dec_04_five_decrees_whose_flavour_text_has_no_effect(tmp_path):
    """DEC-04: five decrees, each an ordered list of department steps; flavour text on a
    decree has no game effect (a decrees file with texts plays exactly the same)."""
    house = (files("bureau.games.decrees") / "decrees.toml").read_text(encoding="utf-8")
    flavoured = house.replace("\nsteps", '\ntext = "By order of the Emperor!"\nsteps')
    assert flavoured.count("By order") == 5
    path = tmp_path / "flavoured.toml"
    path.write_text(flavoured, encoding="utf-8")
    plain = new_game()
    fancy = new_game(decrees=str(path))
    assert len(plain.decrees) == 5
    assert [[DEPT_CODES[s] for s in d.steps] for d in plain.decrees] == DECREES5
    for seat in (None, ANN, BEN):
        assert GAME.view(fancy, seat) == GAME.view(plain, seat)
    assert play(fancy, ANN, "stamp D1")[0].data == play(plain, ANN, "stamp D1")[0].data


def test_dec_05_blame_comes_from_an_unlimited_bank():
    """DEC-05: blame comes from the bank, which never runs out: the bid's blame is new
    (no department or player pays for it), round after round."""
    state = bidding_game(max_rebids=20)
    total = 0
    for _ in range(15):  # everyone bids 6 and ties: each takes 2 from the bank
        bid_round(state, dict.fromkeys(range(5), 6))
        total += 5 * 2
        assert sum(state.blame) == total and sum(state.dept_blame) == 0
    assert state.blame == [30] * 5 and state.phase == "bid"


def test_dec_06_dec_20_starting_control_arrows():
    """DEC-06: arrows point from controller to controlled. DEC-20: REF->EXE, EXE->HR,
    EXE->ADM, ADM->SS; TRE independent; no REF (so EXE uncontrolled) at 4 players."""
    view = GAME.view(new_game(), None)
    assert view["arrows"] == ARROWS5
    controls = {d["code"]: d["controls"] for d in view["departments"]}
    assert controls == {
        "REF": ["EXE"],
        "EXE": ["HR", "ADM"],
        "HR": [],
        "TRE": [],
        "SS": [],
        "ADM": ["SS"],
    }
    assert dept_view(view, "REF")["below"] == ["EXE", "HR", "SS", "ADM"]
    assert dept_view(view, "EXE")["below"] == ["HR", "SS", "ADM"]
    assert not [a for a in view["arrows"] if "TRE" in a]
    view4 = GAME.view(new_game(players=4), None)
    assert view4["arrows"] == ["EXE->HR", "EXE->ADM", "ADM->SS"]
    assert not [a for a in view4["arrows"] if a.endswith("->EXE")]


def test_dec_07_sixty_cards_with_stagnation_and_decline():
    """DEC-07: the deck has 60 cards, one of them Stagnation and Decline, and a new game
    puts all 60 into play (hands and deck)."""
    state = dealt_game(5, seed=3)
    counts = house_deck_counts(state)
    assert sum(counts.values()) == 60
    assert [state.cards[k].key for k in counts if state.cards[k].is_decline] == [
        "stagnation-and-decline"
    ]
    assert counts[state.sd] == 1
    in_play = Counter(state.deck) + Counter(k for h in state.hands for k in h)
    assert in_play == counts


def test_dec_09_dec_10_blame_pools_are_public():
    """DEC-09: departmental blame sits on the department. DEC-10: every player's personal
    total is public: every seat and a spectator see them all."""
    state = new_game()
    set_blame(state, Ann=3, Ben=0, Cat=7, Dan=1, Eve=12, HR=4, SS=2, REF=5)
    for seat in (None, ANN, BEN, CAT, DAN, EVE):
        view = GAME.view(state, seat)
        assert [p["blame"] for p in view["players"]] == [3, 0, 7, 1, 12]
        assert {d["code"]: d["blame"] for d in view["departments"]} == {
            "REF": 5,
            "EXE": 1,  # Ann's turn began with 1 for general incompetence
            "HR": 4,
            "TRE": 0,
            "SS": 2,
            "ADM": 0,
        }


def test_dec_12_the_empty_department_has_no_head():
    """DEC-12: the Empty Department is the one with no head: REF at five players, the
    department left over at four (DEC-A10), and whichever one a move leaves."""
    state = new_game()
    assert GAME.view(state, None)["empty"] == "REF"
    assert GAME.view(new_game(players=4), None)["empty"] == "ADM"
    assert GAME.view(new_game(players=4, heads=("EXE", "HR", "ADM", "SS")), None)["empty"] == "TRE"
    play(state, ANN, "move Ann")
    assert GAME.view(state, None)["empty"] == "EXE"


# -- the Human Resources bid (DEC-21 .. DEC-27, DEC-A09) ------------------------------------


def test_dec_21_dec_a09_bids_are_secret_until_all_are_in():
    """DEC-21, DEC-A09: bids are secret and revealed together. Before the reveal no other
    seat (nor a spectator) can tell Ann's bid: their views are the same whatever she
    bid, the event says only that she bid, and nobody's blame has changed."""
    low, high = bidding_game(), bidding_game()
    ev_low = play(low, ANN, "bid 1")
    ev_high = play(high, ANN, "bid 6")
    assert [e.data for e in ev_low] == [e.data for e in ev_high] == [{"player": ANN}]
    assert kinds(ev_low) == ["bid_made"]
    assert GAME.describe(low, ev_low[0]) == "Ann has bid."
    for seat in (None, BEN, CAT, DAN, EVE):
        assert GAME.view(low, seat) == GAME.view(high, seat)
    view = GAME.view(high, BEN)
    assert view["bid"] == {"round": 0, "bidders": [0, 1, 2, 3, 4], "committed": [ANN]}
    assert [p["blame"] for p in view["players"]] == [0] * 5
    assert GAME.view(high, ANN)["bid"]["yours"] == 6  # she sees her own
    # Still secret with four bids in; the fifth reveals them all at once.
    for seat, amount in ((BEN, 2), (CAT, 3), (DAN, 4)):
        play(high, seat, f"bid {amount}")
    assert "yours" not in GAME.view(high, EVE)["bid"] and high.blame == [0] * 5
    ev = play(high, EVE, "bid 5")
    assert kinds(ev) == ["bid_made", "bids", "head"]
    assert revealed(ev)["bids"] == {"0": 6, "1": 2, "2": 3, "3": 4, "4": 5}
    # A bid cannot be changed once made.
    state = bidding_game()
    play(state, ANN, "bid 3")
    refused(state, ANN, "bid 5", "not your decision. The game is waiting for Ben, Cat, Dan, Eve")


def test_dec_21_a_bid_is_1_to_6_blame():
    """DEC-21: each player bids between 1 and 6 blame."""
    state = bidding_game()
    assert "bid 1 to 6 blame, not 0" in refused(state, ANN, "bid 0", "bid 1 to 6")
    assert "bid 1 to 6 blame, not 7" in refused(state, ANN, "bid 7", "bid 1 to 6")
    refused(state, ANN, "draw", "bid for Human Resources first")
    for amount in range(1, 7):
        trial = bidding_game()
        assert play(trial, ANN, f"bid {amount}")[0].kind == "bid_made"


def test_dec_22_dec_24_dec_25_one_round_of_bids():
    """DEC-25: the single highest bidder gains her bid and heads HR. DEC-22: middle
    bidders gain their bid. DEC-24: the lowest bidder gains her bid + 5."""
    state = bidding_game()
    ev = bid_round(state, {ANN: 2, BEN: 6, CAT: 3, DAN: 1, EVE: 4})
    data = revealed(ev)
    assert data["gains"] == {"0": 2, "1": 6, "2": 3, "3": 6, "4": 4}
    assert data["winner"] == BEN and data["by_lot"] is False
    assert state.blame == [2, 6, 3, 6, 4]
    assert state.head[HR] == BEN and state.phase == "assign"
    assert GAME.pending(state) == (BEN,)
    assert of_kind(ev, "head")[0].data == {"player": BEN, "dept": HR}


def test_dec_24_several_lowest_bidders_each_gain_bid_plus_five():
    """DEC-24: the lowest bidders (all of them) gain their bid plus 5."""
    state = bidding_game()
    bid_round(state, {ANN: 5, BEN: 2, CAT: 2, DAN: 4, EVE: 3})
    assert state.blame == [5, 7, 7, 4, 3] and state.head[HR] == ANN


def test_dec_23_all_equal_bids_count_as_highest():
    """DEC-23: if everyone bids the same, they all count as highest, not lowest: each
    gains 2 (DEC-A09), nobody gains bid + 5, and all bid again."""
    state = bidding_game()
    ev = bid_round(state, dict.fromkeys(range(5), 1))
    assert revealed(ev)["gains"] == dict.fromkeys(("0", "1", "2", "3", "4"), 2)
    assert state.blame == [2] * 5
    assert state.phase == "bid" and state.rebids == 1
    assert GAME.pending(state) == (ANN, BEN, CAT, DAN, EVE)
    # The same within a rebid of two.
    state = bidding_game()
    bid_round(state, {ANN: 6, BEN: 6, CAT: 1, DAN: 1, EVE: 1})
    ev = bid_round(state, {ANN: 3, BEN: 3})
    assert revealed(ev)["gains"] == {"0": 2, "1": 2}
    assert state.blame == [4, 4, 6, 6, 6] and state.bidders == (ANN, BEN)


def test_dec_26_dec_27_dec_a09_tied_highest_rebid_among_themselves():
    """DEC-26, DEC-A09: tied highest bidders gain 2 instead of their bid and bid again,
    by themselves. DEC-27: in a rebid of two, the lower bidder gains bid + 5 and the
    higher her bid and HR."""
    state = bidding_game()
    ev = bid_round(state, {ANN: 6, BEN: 6, CAT: 3, DAN: 1, EVE: 1})
    data = revealed(ev)
    assert data["gains"] == {"0": 2, "1": 2, "2": 3, "3": 6, "4": 6} and data["winner"] == -1
    assert "head" not in kinds(ev)
    assert state.blame == [2, 2, 3, 6, 6]
    assert GAME.pending(state) == (ANN, BEN)
    assert GAME.view(state, CAT)["bid"]["bidders"] == [ANN, BEN]
    refused(state, CAT, "bid 6", "not your decision. The game is waiting for Ann, Ben")
    play(state, ANN, "bid 2")
    ev = play(state, BEN, "bid 5")
    data = revealed(ev)
    assert data["round"] == 1 and data["gains"] == {"0": 7, "1": 5} and data["winner"] == BEN
    assert state.blame == [9, 7, 3, 6, 6] and state.head[HR] == BEN


def test_dec_27_rebid_of_three_has_a_middle_and_a_low_bidder():
    """DEC-27: in a rebid the same rules apply: the lowest gains bid + 5, a middle bidder
    her bid, the single highest her bid and HR."""
    state = bidding_game()
    bid_round(state, {ANN: 5, BEN: 5, CAT: 5, DAN: 2, EVE: 4})
    assert state.blame == [2, 2, 2, 7, 4]
    ev = bid_round(state, {ANN: 3, BEN: 1, CAT: 4})
    assert revealed(ev)["gains"] == {"0": 3, "1": 6, "2": 4}
    assert state.blame == [5, 8, 6, 7, 4] and state.head[HR] == CAT


def test_dec_a09_after_the_third_rebid_hr_goes_by_lot():
    """DEC-A09: if the 3rd rebid still ties for highest, HR goes by lot to one of the
    tied players, who gains her last bid; the other tied players gain 2 and a lowest
    bidder in that rebid gains bid + 5. The lot can fall on any of them."""
    winners = set()
    for seed in range(40):
        state = GAME.new(list(NAMES), seed=seed)
        bid_round(state, {ANN: 6, BEN: 6, CAT: 6, DAN: 2, EVE: 1})  # round 0: Dan +2, Eve +6
        bid_round(state, {ANN: 5, BEN: 5, CAT: 5})  # rebid 1
        bid_round(state, {ANN: 4, BEN: 4, CAT: 4})  # rebid 2
        assert state.phase == "bid" and state.rebids == 3
        ev = bid_round(state, {ANN: 4, BEN: 4, CAT: 1})  # rebid 3: still tied
        data = revealed(ev)
        assert data["round"] == 3 and data["by_lot"] is True
        won = data["winner"]
        assert won in (ANN, BEN) and state.head[HR] == won and state.phase == "assign"
        lost = BEN if won == ANN else ANN
        assert data["gains"] == {str(won): 4, str(lost): 2, str(CAT): 6}
        assert state.blame[won] == 2 + 2 + 2 + 4
        assert state.blame[lost] == 2 + 2 + 2 + 2
        assert state.blame[CAT] == 2 + 2 + 2 + 6
        assert state.blame[DAN] == 2 and state.blame[EVE] == 6
        assert "by lot" in GAME.describe(state, of_kind(ev, "bids")[0])
        winners.add(won)
    assert winners == {ANN, BEN}


def test_dec_a09_option_max_rebids():
    """DEC-A09: ``max_rebids`` sets how many rebids come before the lot: 0 draws lots at
    once after a tied first round; 1 allows exactly one rebid."""
    state = bidding_game(max_rebids=0)
    ev = bid_round(state, dict.fromkeys(range(5), 5))
    data = revealed(ev)
    assert data["by_lot"] is True and data["round"] == 0
    won = data["winner"]
    assert state.blame == [5 if q == won else 2 for q in range(5)]
    assert state.head[HR] == won and state.phase == "assign"

    state = bidding_game(max_rebids=1)
    ev = bid_round(state, {ANN: 6, BEN: 6, CAT: 1, DAN: 1, EVE: 1})
    assert revealed(ev)["by_lot"] is False and state.phase == "bid"
    ev = bid_round(state, {ANN: 2, BEN: 2})
    assert revealed(ev)["by_lot"] is True and state.phase == "assign"


# -- the assignment (DEC-28, DEC-A10) ---------------------------------------------------------


def hr_to_ben(players: int = 5):
    """A game at the assignment: Ben won the bid outright."""
    state = bidding_game(players)
    bid_round(state, {q: (6 if q == BEN else 1) for q in range(players)})
    assert state.head[HR] == BEN and state.phase == "assign"
    return state


def test_dec_28_the_head_of_hr_assigns_the_others():
    """DEC-28, DEC-A10: the head of HR places the other four on EXE, TRE, SS and ADM, one
    head each; REF stays empty at five players."""
    state = hr_to_ben()
    ev = play(state, BEN, "assign Ann TRE, Cat ADM, Dan EXE, Eve SS")
    heads = [e.data for e in of_kind(ev, "head")]
    assert heads == [
        {"player": ANN, "dept": 3},
        {"player": CAT, "dept": 5},
        {"player": DAN, "dept": EXE},
        {"player": EVE, "dept": 4},
    ]
    view = GAME.view(state, None)
    assert [p["dept"] for p in view["players"]] == ["TRE", "HR", "ADM", "EXE", "SS"]
    assert view["empty"] == "REF" and dept_view(view, "REF")["head"] is None


def test_dec_28_dec_a10_illegal_assignments_are_refused():
    """DEC-28, DEC-A10: REF is not assigned; HR is taken; one head a department; each
    other player exactly once; only the head of HR assigns, and nothing else happens
    until she has."""
    state = hr_to_ben()
    msg = refused(state, BEN, "assign Ann REF, Cat TRE, Dan SS, Eve ADM", "REF is not open")
    assert "assign to EXE, TRE, SS, ADM" in msg
    refused(state, BEN, "assign Ann HR, Cat TRE, Dan SS, Eve ADM", "HR is not open now")
    refused(state, BEN, "assign Ann EXE, Cat EXE, Dan SS, Eve ADM", "a department has one head")
    refused(
        state, BEN, "assign Ann EXE, Cat TRE, Dan SS", "assign each of Ann, Cat, Dan, Eve exactly"
    )
    refused(state, BEN, "assign Ben EXE, Cat TRE, Dan SS, Eve ADM", "assign each of Ann, Cat")
    refused(state, BEN, "assign Ann EXE, Ann TRE, Dan SS, Eve ADM", "exactly once")
    refused(state, ANN, "assign Ben EXE, Cat TRE, Dan SS, Eve ADM", "waiting for Ben")
    refused(state, BEN, "bid 3", "assign the other players to departments first")
    refused(state, BEN, "draw", "assign the other players to departments first")
    assert state.phase == "assign" and state.deck == [] and state.turns == 0


def test_dec_28_dec_a10_four_players_must_fill_the_executive_branch():
    """DEC-28, DEC-A10: at four players the head of HR fills EXE and two of TRE, SS and
    ADM; an assignment leaving EXE empty is refused; the one left over is the Empty
    Department; EXE is uncontrolled."""
    state = hr_to_ben(players=4)
    msg = refused(state, BEN, "assign Ann TRE, Cat SS, Dan ADM", "the Executive Branch must")
    assert "must have a head" in msg
    refused(state, BEN, "assign Ann REF, Cat EXE, Dan SS", "REF is not open now")
    play(state, BEN, "assign Ann SS, Cat EXE, Dan ADM")
    view = GAME.view(state, None)
    assert view["empty"] == "TRE"
    assert [p["dept"] for p in view["players"]] == ["SS", "HR", "EXE", "ADM"]
    assert not [a for a in view["arrows"] if a.endswith("->EXE")]
    assert GAME.pending(state) == (CAT,)


# -- the deck (DEC-29, DEC-A23) --------------------------------------------------------------


@pytest.mark.parametrize("players, size", [(5, 55), (4, 56)])
def test_dec_29_dec_a23_one_card_each_and_the_deck_size(players, size):
    """DEC-29, DEC-A23: after the assignment each player is dealt 1 card (seen only by
    her) and the deck holds 55 cards at five players, 56 at four."""
    state = hr_to_ben(players)
    others = [q for q in range(players) if q != BEN]
    text = ", ".join(
        f"{NAMES[q]} {code}" for q, code in zip(others, ("EXE", "TRE", "SS", "ADM"), strict=False)
    )
    ev = play(state, BEN, f"assign {text}")
    dealt = of_kind(ev, "dealt")
    assert [e.data["player"] for e in dealt] == list(range(players))
    for e in dealt:
        seat = e.data["player"]
        assert e.visible_to(seat) and not e.visible_to((seat + 1) % players)
        assert e.data["card"] != state.sd
    assert of_kind(ev, "deck_ready")[0].data == {"cards": size}
    # Then Ann (EXE) drew the top card (never S&D, which is not in the top 5).
    assert [len(h) for h in state.hands] == [2] + [1] * (players - 1)
    assert len(state.deck) == size - 1 and state.discard == []


@pytest.mark.parametrize("players, last", [(5, 35), (4, 36)])
def test_dec_29_dec_a23_stagnation_lies_between_the_piles(players, last):
    """DEC-29, DEC-A23: the pile of 5 is on top, the pile of 20 at the bottom, and S&D
    is shuffled into the rest: over many seeds it lies at every position 6..35 from the
    top (6..36 at four players) and never elsewhere; all 60 cards are in play."""
    size = 55 if players == 5 else 56
    positions = Counter()
    for seed in range(700):
        state = dealt_game(players, seed)
        deck = built_deck(state)  # top last
        assert len(deck) == size
        assert state.sd not in deck[:20] and state.sd not in deck[-5:]
        positions[len(deck) - deck.index(state.sd)] += 1  # 1 = the top
        hands = [h[0] for h in state.hands]
        assert state.sd not in hands
        assert Counter(deck) + Counter(hands) == house_deck_counts(state)
    assert sorted(positions) == list(range(6, last + 1))


# -- the decrees and the first turn (DEC-30, DEC-31, DEC-A18) ---------------------------------


@pytest.mark.parametrize("players", [5, 4])
def test_dec_30_all_five_decrees_start_on_the_executive_branch(players):
    """DEC-30: all five decrees start on EXE, none stamped."""
    state = hr_to_ben(players)
    others = [q for q in range(players) if q != BEN]
    text = ", ".join(
        f"{NAMES[q]} {code}" for q, code in zip(others, ("TRE", "EXE", "SS", "ADM"), strict=False)
    )
    play(state, BEN, f"assign {text}")
    view = GAME.view(state, None)
    assert [(d["at"], d["stamped"]) for d in view["decrees"]] == [("EXE", 0)] * 5
    assert dept_view(view, "EXE")["decrees"] == ["D1", "D2", "D3", "D4", "D5"]
    assert all(d["decrees"] == [] for d in view["departments"] if d["code"] != "EXE")


def test_dec_31_the_head_of_exe_plays_first():
    """DEC-31: the head of EXE takes the first turn, whoever she is: her department gains
    its incompetence blame and she draws."""
    state = hr_to_ben()
    ev = play(state, BEN, "assign Ann TRE, Cat SS, Dan EXE, Eve ADM")
    (turn,) = of_kind(ev, "turn")
    assert turn.data == {"player": DAN, "turn": 1}
    assert GAME.pending(state) == (DAN,) and state.active == DAN
    assert blames(state)["EXE"] == 1 and len(state.hands[DAN]) == 2
    assert kinds(ev)[-4:] == ["turn", "dept_blame", "drew", "drew"]


def test_dec_31_dec_a18_play_goes_by_seat_order_from_the_head_of_exe():
    """DEC-31, DEC-A18: after the head of EXE, turns go clockwise by seat."""
    state = new_game(heads=("HR", "TRE", "EXE", "SS", "ADM"))
    order = []
    for _ in range(6):
        (seat,) = GAME.pending(state)
        order.append(seat)
        play(state, seat, "end")
    assert order == [CAT, DAN, EVE, ANN, BEN, CAT]
    four = new_game(players=4, heads=("HR", "TRE", "SS", "EXE"))
    order = []
    for _ in range(5):
        (seat,) = GAME.pending(four)
        order.append(seat)
        play(four, seat, "end")
    assert order == [DAN, ANN, BEN, CAT, DAN]


def test_dec_a18_department_changes_do_not_change_the_seat_order():
    """DEC-A18: the seat order is fixed at the end of set-up. After Ann leaves EXE for
    the Empty Department the turn still passes to Ben, and comes back to Ann (now
    heading REF, with EXE headless) after Eve."""
    state = new_game()
    play(state, ANN, "move Ann")
    assert state.dept_of[ANN] == REF and state.head[EXE] < 0
    order = []
    for _ in range(6):
        (seat,) = GAME.pending(state)
        order.append(seat)
        play(state, seat, "end")
    assert order == [ANN, BEN, CAT, DAN, EVE, ANN]
