"""Nobility rule tests: battles against melds and hands."""

from __future__ import annotations

from bureau.games.nobility import GAME
from bureau.games.nobility.state import DEFEND, DISCARD, LOSE, MELD

from ..common import cards, hand, kinds, of_kind, texts
from .helpers import ANN, BEN, CAT, check_invariants, meld_texts, new_game, play, put_meld, refused


def battle(events) -> dict:
    return of_kind(events, "battle")[0].data


def meld_attack(nobles: str = "KS QS 5C", defenders: str = "", draw: str = "2D", **options):
    """Ann holds ``nobles`` (after drawing ``draw``) facing Ben's 2H 3H 4H with
    ``defenders``."""
    state = new_game(hands=(nobles,), stock=draw, **options)
    put_meld(state, BEN, "2H 3H 4H", nobles=defenders)
    play(state, ANN, "draw stock")
    return state


def test_nob_37_nob_39_nob_40_nob_43_two_nobles_take_an_undefended_meld():
    """NOB-26, NOB-37: nobles from the hand attack another player's meld. NOB-39: each noble is
    worth 1, the meld itself 1. NOB-40: attack above defence takes the meld over.
    NOB-43 (first example): both attackers are discarded."""
    state = meld_attack()
    ev = play(state, ANN, "attack 3H with KS QS")
    b = battle(ev)
    assert (b["attack"], b["defence"], b["won"]) == (2, 1, True)
    assert meld_texts(state, ANN) == [["2H", "3H", "4H"]] and meld_texts(state, BEN) == []
    assert sorted(texts(state.ndiscard)) == ["KS", "QS"]
    assert kinds(ev)[:3] == ["attack", "battle", "captured_meld"]
    check_invariants(state)


def test_nob_43_one_defender_repels_two_and_both_sides_lose():
    """NOB-43 (second example): two against a meld with one noble: the noble and both
    attackers are discarded, and the meld is kept."""
    state = meld_attack(defenders="QH")
    b = battle(play(state, ANN, "attack 2H with KS QS"))
    assert not b["won"] and (b["attack"], b["defence"]) == (2, 2)
    assert texts(state.ndiscard) == ["QH", "QS", "KS"]  # defenders first
    assert meld_texts(state, BEN) == [["2H", "3H", "4H"]] and state.melds[0].nobles == []


def test_nob_42_nob_43_nob_a04_two_defenders_lose_one_of_the_defenders_choice():
    """NOB-42, NOB-A04: on failure the attacker loses all A and the defender A - 1, her
    choice which. NOB-43 (third example): two against two defenders: one defender and
    both attackers are discarded."""
    state = meld_attack(defenders="QH KH")
    play(state, ANN, "attack 2H with KS QS")
    assert state.phase == LOSE and GAME.pending(state) == (BEN,)
    refused(state, BEN, "lose QH KH", "choose exactly 1")
    assert str(GAME.timeout_action(state, BEN)) == "lose QH"  # the default keeps a King
    ev = play(state, BEN, "lose QH")
    assert texts(state.melds[0].nobles) == ["KH"] and state.melds[0].owner == BEN
    assert sorted(texts(state.ndiscard)) == ["KS", "QH", "QS"]
    assert battle(ev)["defenders_lost"] == cards("QH")
    assert state.phase == DISCARD  # nothing captured: replenished, now the discard


def test_nob_41_nob_a04_success_costs_defence_plus_one_and_excess_returns():
    """NOB-41, NOB-A04: on success the defender loses all D and the attacker exactly
    D + 2 of her committed nobles (her choice); any excess returns to her hand."""
    state = meld_attack(nobles="KS QS JS", draw="AS", defenders="QH")
    play(state, ANN, "attack 2H with KS QS JS AS")
    assert state.phase == LOSE and GAME.pending(state) == (ANN,)
    ev = play(state, ANN, "lose QS JS AS")
    b = battle(ev)
    assert b["won"] and b["defenders_lost"] == cards("QH")
    assert sorted(b["attackers_lost"]) == sorted(cards("QS JS AS"))
    assert "KS" in hand(state, ANN) and len(state.hands[ANN]) == 4  # then replenished
    assert state.melds[0].owner == ANN and state.melds[0].nobles == []
    assert GAME.view(state, None)["players"][ANN]["known_hand"] == ["KS"]  # seen returning


def test_nob_38_battle_nobles_are_discarded_not_melded():
    """NOB-38: attacking and defending nobles go to the noble discard pile without income."""
    state = meld_attack(defenders="QH")
    put_meld(state, CAT, "5S 6S 7S")
    ev = play(state, ANN, "attack 2H with KS QS")
    assert "income" not in kinds(ev) and state.money == [0, 0, 0]
    assert set(texts(state.ndiscard)) == {"KS", "QS", "QH"}


def test_nob_45_five_defence_cannot_be_taken_by_one_attack():
    """NOB-45: the strongest attack is 4, the strongest defence 5 (all four nobles of the
    suit): such a meld cannot be taken by one attack."""
    state = meld_attack(nobles="KS QS JS", draw="AS", defenders="AH KH QH JH")
    play(state, ANN, "attack 2H with AS KS QS JS")
    assert state.phase == LOSE  # the defender loses 3 of 4, her choice
    b = battle(play(state, BEN, "lose QH JH AH"))
    assert (b["attack"], b["defence"], b["won"]) == (4, 5, False)
    assert texts(state.melds[0].nobles) == ["KH"] and state.melds[0].owner == BEN


def test_nob_46_one_noble_never_captures():
    """NOB-46: capturing an undefended meld or hand takes at least two nobles."""
    state = meld_attack()
    b = battle(play(state, ANN, "attack 2H with KS"))
    assert not b["won"] and b["attackers_lost"] == cards("KS") and b["defenders_lost"] == []
    assert state.melds[0].owner == BEN


def test_nob_a05_the_defender_chooses_hand_defenders_after_seeing_the_attack():
    """NOB-A05: the attacker commits A nobles openly; the defender, pending, then picks
    D of the nobles in her hand; uncommitted nobles stay in the hand."""
    state = new_game(hands=("KS QS JS", "AH QH 5D"), stock="2D")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "attack Ben hand with KS QS")
    assert state.phase == DEFEND and GAME.pending(state) == (BEN,)
    assert of_kind(ev, "attack")[0].data["nobles"] == cards("QS KS")
    assert GAME.view(state, None)["battle"]["attackers"] == ["QS", "KS"]
    refused(state, BEN, "defend 5D", "not a noble")
    refused(state, ANN, "done", "not your turn")
    ev = play(state, BEN, "defend AH")
    b = battle(ev)
    assert not b["won"] and b["defenders_lost"] == cards("AH")  # A - 1 = 1 of D = 1
    assert hand(state, BEN) == ["5D", "QH"]  # QH was not committed


def test_nob_a05_a_captured_hand_includes_uncommitted_nobles():
    """NOB-A05: on success the attacker takes every remaining card of the hand, nobles
    included; the defender's hand is empty."""
    state = new_game(hands=("KS QS JS", "AH 4H 5H"), stock="2D")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack Ben hand with KS QS")
    ev = play(state, BEN, "defend none")
    assert battle(ev)["won"] and hand(state, BEN) == []
    assert hand(state, ANN) == ["2D", "4H", "5H", "AH", "JS"]
    captured = of_kind(ev, "captured_hand")
    assert captured[0].visible_to(ANN) and captured[0].visible_to(BEN)
    assert captured[0].data["cards"] == cards("AH 4H 5H")
    assert captured[1].visible_to(CAT) and captured[1].data == {
        "player": ANN,
        "defender": BEN,
        "count": 3,
    }


def test_nob_a05_option_all_nobles_defend_automatically():
    """NOB-A05: with hand_defense=all_nobles_auto every noble in the hand defends."""
    state = new_game(hands=("KS QS JS", "AH QH 5D"), stock="2D", hand_defense="all_nobles_auto")
    play(state, ANN, "draw stock")
    ev = play(state, ANN, "attack Ben hand with KS QS JS")
    b = battle(ev)
    assert (b["attack"], b["defence"], b["won"]) == (3, 3, False)
    assert b["defenders_lost"] == cards("AH QH") and hand(state, BEN) == ["5D"]
    assert state.phase == DISCARD


def test_nob_44_nob_a07_a_captured_hand_may_be_melded_at_once():
    """NOB-44, NOB-A07: a hand won in battle may be melded at once (possibly with income)
    or discarded; each meld operation must use a captured card."""
    state = new_game(hands=("KS QS 6H", "3H 4H 5H"), stock="JD 2D 3D 4D")
    put_meld(state, CAT, "7S 8S 9S")
    play(state, ANN, "draw stock")  # JD
    play(state, ANN, "attack Ben hand with KS QS")
    play(state, BEN, "defend none")
    assert state.phase == MELD and sorted(texts(state.captured)) == ["3H", "4H", "5H"]
    refused(state, ANN, "income JD", "must use a captured card")
    play(state, ANN, "meld 3H 4H 5H 6H")  # 6H was hers, but the meld holds captured cards
    assert state.captured == []
    refused(state, ANN, "attack 7S with JD", "melding or a battle")
    play(state, ANN, "done")
    assert hand(state, ANN) == ["2D", "3D", "4D", "JD"]


def test_nob_a07_option_capture_meld_any():
    """NOB-A07: with capture_meld=any, after capturing a hand she may meld any cards."""
    state = new_game(hands=("KS QS JD", "3H"), stock="2D", capture_meld="any")
    put_meld(state, CAT, "7S 8S 9S")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack Ben hand with KS QS")
    play(state, BEN, "defend none")
    ev = play(state, ANN, "income JD")
    assert ("income", CAT) in [(e.kind, e.data.get("player")) for e in ev]


def test_nob_a07_a_failed_or_meld_battle_allows_no_melding():
    """NOB-A07: after a battle with nothing captured to meld, the turn goes on to the
    replenish and the discard."""
    state = meld_attack(nobles="KS QS 4H", draw="5H")
    put_meld(state, ANN, "6H 7H 8H")
    play(state, ANN, "attack 2H with KS QS")
    assert state.phase == DISCARD and len(state.hands[ANN]) == 4


def test_nob_a06_one_attack_a_turn_or_meld_and_hand_by_option():
    """NOB-A06: a battle turn is one attack; with attacks_per_turn=meld_and_hand, one on a
    meld and one on the hand of the same opponent."""
    state = new_game(hands=("KS QS JS", "5D 6D 7D"), stock="AS")
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2C 3C 4C")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack Ben hand with KS")
    play(state, BEN, "defend none")
    assert state.phase == DISCARD  # one attack, nothing captured: on to the discard
    state = new_game(hands=("KS QS JS", "5D 6D 7D"), stock="AS", attacks_per_turn="meld_and_hand")
    put_meld(state, BEN, "2H 3H 4H")
    put_meld(state, CAT, "2C 3C 4C")
    play(state, ANN, "draw stock")
    play(state, ANN, "attack 2H with KS QS")
    assert state.phase == MELD
    refused(state, ANN, "attack 2C with JS AS", "other kind of target|Ben again")
    refused(state, ANN, "attack Cat hand with JS AS", "Ben again")
    play(state, ANN, "attack Ben hand with JS AS")
    play(state, BEN, "defend none")
    assert meld_texts(state, ANN) == [["2H", "3H", "4H"]]
    assert hand(state, ANN) == ["5D", "6D", "7D"]
    refused(state, ANN, "attack 2C with KS", "one attack|melding or a battle|no KS")


def test_nob_a05_attacking_an_empty_hand_or_your_own_meld_is_refused():
    """NOB-A05, NOB-37: the target is another player's meld or non-empty hand."""
    state = new_game(hands=("KS QS JS", "5D 6D 7D"), stock="AS")
    put_meld(state, ANN, "2H 3H 4H")
    state.stock.extend(state.hands[CAT])
    state.hands[CAT] = []
    play(state, ANN, "draw stock")
    refused(state, ANN, "attack 2H with KS QS", "another player's meld")
    refused(state, ANN, "attack Cat hand with KS QS", "holds no cards")
    refused(state, ANN, "attack Ann hand with KS QS", "another player's hand")
