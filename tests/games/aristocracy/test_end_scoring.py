"""Aristocracy rule tests: Glory, the end of the game, scoring and the tie-breaks."""

from __future__ import annotations

from bureau.games.aristocracy import GAME
from bureau.games.aristocracy.state import JACK, KING, QUEEN

from ..common import of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    build,
    finish_round,
    idle,
    legal_texts,
    new_game,
    play,
    refuse,
    set_hand,
    stalls,
    to_round,
)

CHATEAU = "7H 7D 7C 7S 7H"  # five 7s: a complete château on a 7 address


def at_glory(herald: int = ANN, **options):
    """A 3-player game in the first King round; ``reach_glory`` takes it to Glory."""
    return new_game(3, herald=herald, **options)


def reach_glory(state) -> None:
    """Nobody forms a stall: the cleanup follows at once, then Glory."""
    stalls(state, {})
    assert state.step == "glory"


def chateau(state, seat, address="7S", cards=CHATEAU):
    return build(state, seat, address, cards)


def give(state, seat, *specs):
    """Buildings from (address, cards) pairs."""
    for address, bcards in specs:
        build(state, seat, address, bcards)


def test_ari_35_glory_needs_a_complete_chateau_and_one_more_achievement():
    """ARI-35, ARI-64: a complete château plus a second one, two complete estates or three
    complete farms; incomplete buildings do not count."""
    farm, estate = ("9H 9D 9C"), ("9H 9D 9C 9S")
    cases = [
        ([("7S", CHATEAU)], False),
        ([("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H")], True),
        ([("7S", CHATEAU), ("9S", estate), ("9C", estate)], True),
        ([("7S", CHATEAU), ("9S", estate), ("9C", farm), ("9D", farm)], False),
        ([("7S", CHATEAU), ("9S", farm), ("9C", farm), ("9D", farm)], True),
        ([("7S", CHATEAU), ("9S", farm), ("9C", farm), ("9D", "9H 9D 2C")], False),
        ([("7S", CHATEAU), ("8S", "8H 8D 8C 8S 2H")], False),  # second château incomplete
        ([("7S", "7H 7D 7C 7S 2H"), ("9S", estate), ("9C", estate)], False),
        ([("9S", estate), ("9C", estate), ("9D", estate), ("9H", estate)], False),
    ]
    for specs, ok in cases:
        state = at_glory()
        give(state, ANN, *specs)
        reach_glory(state)
        assert ("glory" in legal_texts(state, ANN)) is ok, specs
        if not ok:
            refuse(state, ANN, "glory", "glory needs a complete château")


def test_ari_36_ari_67_glory_flips_every_building_and_goes_to_scoring():
    """ARI-36, ARI-67, ARI-64: Glory ends the game; all buildings are revealed; a complete
    château scores 3, an estate 2, a farm 1, incomplete buildings nothing."""
    state = at_glory()
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"), ("9S", "9H 9D 9C"))
    give(state, BEN, ("5S", "5H 5D 5C 5S"), ("6S", "6H 6D 6C"), ("4S", "4H 4D 2C 4S 4H"))
    give(state, CAT, ("3S", "3H 3D 3C 3S"), ("2S", "2H 2D 2C"), ("AS", "AH AD 9C"))
    reach_glory(state)
    play(state, ANN, "glory")
    play(state, BEN, "decline")
    events = play(state, CAT, "decline")
    assert state.step == "over"
    (shown,) = of_kind(events, "revealed")
    assert shown.visible_to(None) and len(shown.data["buildings"][BEN]) == 3
    outcome = GAME.outcome(state)
    assert outcome.scores == (7.0, 3.0, 3.0) and outcome.winners == (ANN,)
    assert not outcome.capped and "Ann claimed glory" in outcome.reason
    view = GAME.view(state, BEN)["players"][ANN]["buildings"]
    assert view[0]["cards"] == ["7H", "7D", "7C", "7S", "7H"]  # flipped for everybody
    refuse(state, BEN, "pass", "the game is over")


def test_ari_a09_glory_is_offered_privately_and_everyone_waits_alike():
    """ARI-A09: everyone is asked, but only a qualifying player may claim glory; her choice
    and her qualification are invisible to the others until the game ends."""
    views = []
    for complete in (True, False):
        state = at_glory()
        chateau(state, ANN)
        chateau(state, ANN, "8S", "8H 8D 8C 8S " + ("8H" if complete else "2H"))
        reach_glory(state)
        assert set(GAME.pending(state)) == {ANN, BEN, CAT}
        assert legal_texts(state, BEN) == {"decline"}
        refuse(state, BEN, "glory", "glory needs")
        views.append((GAME.view(state, BEN), GAME.view(state, None), GAME.action_help(state, BEN)))
    assert views[0] == views[1]  # the offer leaks nothing
    # Accepting and declining look the same to the others until everyone has answered.
    seen = []
    for choice in ("glory", "decline"):
        state = at_glory()
        chateau(state, ANN)
        chateau(state, ANN, "8S", "8H 8D 8C 8S 8H")
        reach_glory(state)
        events = play(state, ANN, choice)
        others = [(e.kind, e.data) for e in events if e.visible_to(BEN)]
        seen.append((others, GAME.view(state, BEN)))
    assert seen[0] == seen[1]


def test_ari_a09_the_first_in_herald_order_to_accept_ends_the_game():
    """ARI-A09: if several qualify and accept, the first in Herald order ends the game."""
    state = at_glory(herald=BEN)
    for seat in (ANN, CAT):
        chateau(state, seat)
        chateau(state, seat, "8S", "8H 8D 8C 8S 8H")
    reach_glory(state)
    play(state, ANN, "glory")
    play(state, BEN, "decline")
    assert state.step == "glory"  # Ann's acceptance waits for everyone's answer
    play(state, CAT, "glory")
    assert state.step == "over"
    assert state.ended_by == CAT  # Herald order: Ben, Cat, Ann
    assert "Cat claimed glory" in GAME.outcome(state).reason
    # Nobody accepting: the game goes on to the Queen round.
    state = at_glory()
    chateau(state, ANN)
    chateau(state, ANN, "8S", "8H 8D 8C 8S 8H")
    reach_glory(state)
    for seat in range(3):
        play(state, seat, "decline")
    assert state.royal == QUEEN and GAME.outcome(state) is None


def test_ari_66_the_game_ends_only_at_the_end_of_a_king_round():
    """ARI-66: Glory comes only after the King round; a qualifying player cannot end the game
    in the Queen or Jack round."""
    state = at_glory()
    chateau(state, ANN)
    chateau(state, ANN, "8S", "8H 8D 8C 8S 8H")
    reach_glory(state)
    for seat in range(3):
        play(state, seat, "decline")
    steps = []
    while (state.year, state.royal) != (2, KING):
        steps.append((state.royal, state.step))
        if state.step in ("ball", "stall", "bid") and ANN in GAME.pending(state):
            refuse(state, ANN, "glory", "'glory' is not allowed now")
        idle(state, GAME.pending(state)[0])
    assert {royal for royal, _ in steps} == {QUEEN, JACK}
    assert "glory" not in {step for _, step in steps} and GAME.outcome(state) is None
    while state.step != "glory":
        idle(state, GAME.pending(state)[0])
    assert state.royal == KING and "glory" in legal_texts(state, ANN)


def test_ari_a23_bot_games_stop_at_a_year_cap_without_a_winner():
    """ARI-A23: hosted games have no cap; bot-only games stop (capped, no winner) after the
    King round of year max_years if nobody claimed glory."""
    assert GAME.new(3, seed=1).options["max_years"] is None
    assert GAME.new(3, seed=1, bots_only=True).options["max_years"] == 20
    state = new_game(3, max_years=2)
    chateau(state, ANN)
    to_round(state, 2, KING)
    assert GAME.outcome(state) is None  # year 1 passed
    finish_round(state)
    outcome = GAME.outcome(state)
    assert state.step == "over" and outcome.capped and outcome.winners == ()
    assert outcome.scores == (3.0, 0.0, 0.0)  # standings for statistics only
    assert "year cap" in outcome.reason and state.year == 2 and state.royal == KING


def ended(state):
    """Glory: Ann claims it, the others decline; the outcome."""
    reach_glory(state)
    for seat in GAME.pending(state):
        play(state, seat, "glory" if seat == ANN else "decline")
    return GAME.outcome(state)


def test_ari_68_most_victory_points_wins():
    """ARI-68: the player with most victory points wins, whoever ended the game."""
    state = at_glory()
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"))
    give(state, CAT, *[(a, "9H 9D 9C 9S") for a in ("9S", "9H", "9D", "9C")])
    state.coins = [9, 9, 0]
    outcome = ended(state)
    assert state.ended_by == ANN and outcome.scores == (6.0, 0.0, 8.0)
    assert outcome.winners == (CAT,) and outcome.ranking == (2, 3, 1)


def test_ari_69_first_tie_break_most_coins():
    """ARI-69: equal victory points: most coins wins."""
    state = at_glory()
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"))
    give(state, BEN, ("5S", "5H 5D 5C 5S"), ("6S", "6H 6D 6C 6S"), ("4S", "4H 4D 4C 4S"))
    state.coins = [3, 4, 9]
    outcome = ended(state)
    assert outcome.scores == (6.0, 6.0, 0.0)
    assert outcome.winners == (BEN,) and outcome.ranking == (2, 1, 3)


def test_ari_70_second_tie_break_hand_weight():
    """ARI-70, ARI-72: equal points and coins: the higher total hand weight wins."""
    state = at_glory()
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"))
    give(state, BEN, ("5S", "5H 5D 5C 5S"), ("6S", "6H 6D 6C 6S"), ("4S", "4H 4D 4C 4S"))
    set_hand(state, ANN, "KS 2C")  # 12
    set_hand(state, BEN, "AS 10H")  # 11
    set_hand(state, CAT, "QC QC")  # 20, but no points
    outcome = ended(state)
    assert outcome.details["hand_weight"] == [12, 11, 20]
    assert outcome.winners == (ANN,) and outcome.ranking == (1, 2, 3)
    state = at_glory()
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"))
    give(state, BEN, ("5S", "5H 5D 5C 5S"), ("6S", "6H 6D 6C 6S"), ("4S", "4H 4D 4C 4S"))
    set_hand(state, ANN, "JS")  # 10
    set_hand(state, BEN, "9S 2D")  # 11
    assert ended(state).winners == (BEN,)


def test_ari_71_ari_a14_third_tie_break_herald_order_when_the_game_ends():
    """ARI-71, ARI-A14: all else equal, Herald order at the end of the game decides; the
    Herald then is the one of the final King round."""
    state = new_game(3, herald=ANN)
    to_round(state, 2, KING)  # Ben is Herald now
    while state.step == "tax":
        idle(state, GAME.pending(state)[0])
    assert state.herald == BEN
    give(state, ANN, ("7S", CHATEAU), ("8S", "8H 8D 8C 8S 8H"))
    give(state, BEN, ("5S", "5H 5D 5C 5S"), ("6S", "6H 6D 6C 6S"), ("4S", "4H 4D 4C 4S"))
    give(state, CAT, ("3S", "3H 3D 3C 3S 3H"), ("2S", "2H 2D 2C 2S 2H"))
    for seat in range(3):
        set_hand(state, seat, "9S")
    state.coins = [3, 3, 3]
    outcome = ended(state)
    assert outcome.scores == (6.0, 6.0, 6.0)
    assert outcome.ranking == (3, 1, 2) and outcome.winners == (BEN,)
