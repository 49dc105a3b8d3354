"""The deck and the decrees as data (DEC-A01, DEC-A02, HOUSE CONTENT §3): the default
files, custom files used in play, and malformed files rejected with a precise message."""

from __future__ import annotations

import re

import pytest

from bureau.engine import OptionError
from bureau.games.decrees import GAME
from bureau.games.decrees.data import load_deck, load_decrees

from ..common import kinds
from .helpers import ANN, EXE, HEADS4, HEADS5, NAMES, SS, TRE, hand, new_game, play, refused

# §3.2: name -> copies, in the order of the table.
HOUSE_DECK = {
    "Overtime": 5,
    "Requisition Form": 5,
    "Pass the Buck": 5,
    "Scapegoat": 4,
    "Urgent Courier": 4,
    "Reorganisation": 4,
    "Internal Audit": 4,
    "Proxy Signature": 3,
    "Staff Rotation": 3,
    "Personnel Review": 2,
    "Whitewash": 4,
    "Good Press": 3,
    "Naval Review": 2,
    "Lost in the Mail": 3,
    "Cover-Up": 3,
    "Leave of Absence": 3,
    "Commission of Inquiry": 2,
    "Stagnation and Decline": 1,
}

# §3.1, five players.
HOUSE_DECREES = [
    ("Decree of Coinage Reform", ["EXE", "TRE", "REF", "TRE"]),
    ("Decree of the Fleet Muster", ["ADM", "HR", "TRE", "ADM"]),
    ("Decree of Loyal Service", ["HR", "SS", "EXE", "HR", "REF"]),
    ("Decree of Border Vigilance", ["SS", "ADM", "EXE", "SS", "TRE"]),
    ("Decree of Imperial Renewal", ["REF", "EXE", "HR", "TRE", "SS", "ADM"]),
]

SD = '[[card]]\nkey = "decline"\nname = "Stagnation and Decline"\neffect = [{do = "decline"}]\n'


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def card(key: str, effect: str, copies: int = 1) -> str:
    return f'[[card]]\nkey = "{key}"\ncopies = {copies}\neffect = [{effect}]\n'


# -- the defaults -----------------------------------------------------------------------------


def test_dec_07_dec_a01_the_default_deck_has_sixty_cards_of_eighteen_kinds():
    """DEC-07, DEC-A01, §3.2: 59 cards and one Stagnation and Decline, the kinds and copies
    of the house table."""
    deck = load_deck("house_v1")
    assert {c.name: c.copies for c in deck} == HOUSE_DECK
    assert len(deck) == 18 and sum(c.copies for c in deck) == 60
    declines = [c for c in deck if c.is_decline]
    assert [(c.name, c.copies) for c in declines] == [("Stagnation and Decline", 1)]
    assert GAME.new(list(NAMES), seed=1).cards == deck  # the default option: house_v1


def test_dec_a01_the_default_cards_effects_match_the_house_table():
    """DEC-A01, §3.2: the numbers on the cards (2 actions, 2 draws, up to 3/2/3/3/2+4/5
    blame; Proxy Signature never final; Lost in the Mail and Cover-Up to the Empty
    Department; Urgent Courier rewards, Lost in the Mail does not)."""
    by_key = {c.key: c.effect for c in load_deck("house_v1")}
    assert [(s.do, s.n) for s in by_key["overtime"]] == [("extra_actions", 2)]
    assert [(s.do, s.n) for s in by_key["requisition-form"]] == [("draw", 2)]
    assert [(s.do, s.up_to, s.source, s.to) for s in by_key["pass-the-buck"]] == [
        ("move_dept_blame", 3, "yours", "other")
    ]
    assert [(s.do, s.up_to) for s in by_key["scapegoat"]] == [("give_personal_blame", 2)]
    assert [(s.do, s.up_to, s.source) for s in by_key["whitewash"]] == [
        ("remove_dept_blame", 3, "any")
    ]
    assert [(s.do, s.up_to) for s in by_key["good-press"]] == [("remove_personal_blame", 3)]
    assert [(s.do, s.up_to) for s in by_key["naval-review"]] == [
        ("remove_personal_blame", 2),
        ("remove_dept_blame", 4),
    ]
    assert by_key["naval-review"][1].source == "yours"
    assert [(s.do, s.up_to, s.to) for s in by_key["cover-up"]] == [("move_dept_blame", 5, "empty")]
    assert [(s.do, s.any_step, s.final) for s in by_key["proxy-signature"]] == [
        ("stamp", True, False)
    ]
    assert [(s.do, s.source, s.to, s.reward) for s in by_key["urgent-courier"]] == [
        ("move_decree", "any", "other", True)
    ]
    assert [(s.do, s.source, s.to, s.reward) for s in by_key["lost-in-the-mail"]] == [
        ("move_decree", "any", "empty", False)
    ]
    singles = {
        "reorganisation": "restructure",
        "internal-audit": "investigate",
        "staff-rotation": "swap_heads",
        "personnel-review": "reassign",
        "leave-of-absence": "skip_decree_blame",
        "commission-of-inquiry": "audit_all",
        "stagnation-and-decline": "decline",
    }
    for key, do in singles.items():
        assert [s.do for s in by_key[key]] == [do], key
    assert by_key["reorganisation"][0].ops == ("add", "remove", "move", "reverse")


def test_dec_a02_the_default_decrees():
    """DEC-A02, §3.1: five decrees, their names and steps in order."""
    decrees = load_decrees("house_v1")
    codes = ("REF", "EXE", "HR", "TRE", "SS", "ADM")
    assert [(d.name, [codes[s] for s in d.steps]) for d in decrees] == HOUSE_DECREES
    assert sum(len(d.steps) for d in decrees) == 24


def test_dec_a02_a_game_uses_the_default_decrees_all_on_exe():
    """DEC-A02, DEC-30: a game's view lists D1-D5 with their steps, all on EXE."""
    view = GAME.view(new_game(), None)
    assert [(d["id"], d["name"], d["steps"]) for d in view["decrees"]] == [
        (f"D{i + 1}", name, steps) for i, (name, steps) in enumerate(HOUSE_DECREES)
    ]
    assert {d["at"] for d in view["decrees"]} == {"EXE"}


def test_dec_a02_at_four_players_the_reform_steps_are_removed():
    """DEC-A02, §3.1 (4 players): D1 is EXE TRE TRE and D5 starts at EXE."""
    view = GAME.view(new_game(players=4), None)
    assert [d["steps"] for d in view["decrees"]] == [
        ["EXE", "TRE", "TRE"],
        ["ADM", "HR", "TRE", "ADM"],
        ["HR", "SS", "EXE", "HR"],
        ["SS", "ADM", "EXE", "SS", "TRE"],
        ["EXE", "HR", "TRE", "SS", "ADM"],
    ]


# -- custom files in play ---------------------------------------------------------------------


def test_dec_a01_a_custom_deck_file_is_used_in_play(tmp_path):
    """DEC-A01 (deck = custom): a deck of 40 'windfall' cards (3 extra actions) and an S&D
    is dealt and played; the house cards are not in the game."""
    path = write(
        tmp_path,
        "mine.toml",
        card("windfall", '{do = "extra_actions", n = 3}', copies=40) + SD,
    )
    state = GAME.new(list(NAMES), seed=3, options={"deck": path, "heads": list(HEADS5)})
    assert [c.key for c in state.cards] == ["windfall", "decline"]
    assert hand(state, ANN) == ["windfall", "windfall"]
    assert len(state.deck) == 41 - 5 - 1  # five dealt, Ann's first draw
    play(state, ANN, "play windfall")
    assert state.actions_left == 3 - 1 + 3
    refused(state, ANN, "play overtime", "no card is called 'overtime'")
    assert GAME.view(state, None)["discard"] == ["windfall"]


def test_dec_a01_a_custom_deck_with_too_few_cards_is_rejected(tmp_path):
    """DEC-A01, DEC-29: the set-up needs a card a player and piles of 20 and 5."""
    path = write(tmp_path, "small.toml", card("windfall", '{do = "draw", n = 1}', 29) + SD)
    with pytest.raises(OptionError, match="29 cards besides Stagnation and Decline"):
        GAME.new(list(NAMES), seed=3, options={"deck": path})
    path = write(tmp_path, "enough.toml", card("windfall", '{do = "draw", n = 1}', 30) + SD)
    assert GAME.new(list(NAMES), seed=3, options={"deck": path}).phase == "bid"


def test_dec_a02_a_custom_decrees_file_is_used_in_play(tmp_path):
    """DEC-A02 (decrees = custom): two decrees; 'Quick Fix' (EXE only) is stamped and
    enacted at once; D3 does not exist; the decrees' own text has no effect."""
    path = write(
        tmp_path,
        "decrees.toml",
        '[[decree]]\nname = "Quick Fix"\nsteps = ["exe"]\ntext = "Flavour only."\n'
        '[[decree]]\nname = "Long Haul"\nsteps = ["REF", "TRE", "SS"]\n',
    )
    state = new_game(decrees=path)
    view = GAME.view(state, None)
    assert [(d["name"], d["steps"]) for d in view["decrees"]] == [
        ("Quick Fix", ["EXE"]),
        ("Long Haul", ["REF", "TRE", "SS"]),
    ]
    refused(state, ANN, "stamp D3", "there is no decree D3")
    ev = play(state, ANN, "stamp D1")
    assert kinds(ev)[-1] == "enacted" and state.enacted == 1
    assert state.phase == "turn"  # REF, at the top of EXE, is empty: nobody chooses
    four = new_game(players=4, heads=HEADS4, decrees=path)
    assert [d.steps for d in four.decrees] == [(EXE,), (TRE, SS)]  # REF step removed


# -- malformed files --------------------------------------------------------------------------

BAD_DECKS = [
    (
        "unknown effect",
        card("overtime", '{do = "extra_actions", n = 2}') + card("fly-away", '{do = "fly"}') + SD,
        r"card 2 \('fly-away'\): unknown effect 'fly'",
    ),
    (
        "missing parameter",
        card("rush", '{do = "extra_actions"}') + SD,
        r"card 1 \('rush'\): extra_actions: missing parameter 'n'",
    ),
    (
        "bad parameter value",
        card("rush", '{do = "draw", n = -2}') + SD,
        r"card 1 \('rush'\): draw: n must be a whole number of at least 0, not -2",
    ),
    (
        "bad word",
        card("post", '{do = "move_decree", to = "moon"}') + SD,
        r"card 1 \('post'\): move_decree: to must be one of other, empty, not 'moon'",
    ),
    (
        "bad boolean",
        card("post", '{do = "move_decree", reward = "yes"}') + SD,
        r"card 1 \('post'\): move_decree: reward must be true or false",
    ),
    (
        "unknown parameter",
        card("rush", '{do = "draw", n = 1, colour = "red"}') + SD,
        r"card 1 \('rush'\): draw: unknown parameter 'colour'",
    ),
    (
        "bad restructure ops",
        card("shake", '{do = "restructure", ops = ["twist"]}') + SD,
        r"card 1 \('shake'\): restructure: ops must be a list drawn from",
    ),
    (
        "bad key",
        card("Rush Hour", '{do = "draw", n = 1}') + SD,
        r"card 1 \('Rush Hour'\): key must be lower-case words joined by hyphens",
    ),
    (
        "two cards, one key",
        card("rush", '{do = "draw", n = 1}') + card("rush", '{do = "draw", n = 2}') + SD,
        r"two cards have the key 'rush'",
    ),
    (
        "no copies",
        card("rush", '{do = "draw", n = 1}', copies=0) + SD,
        r"card 1 \('rush'\): copies must be a whole number of at least 1, not 0",
    ),
    (
        "no effect",
        '[[card]]\nkey = "rush"\n' + SD,
        r"card 1 \('rush'\): effect must be a list of steps",
    ),
    (
        "decline with more",
        card("crash", '{do = "decline"}, {do = "draw", n = 1}')
        + card("rush", '{do = "draw", n = 1}'),
        r"card 1 \('crash'\): the decline effect stands alone",
    ),
    (
        "no S&D",
        card("rush", '{do = "draw", n = 1}', copies=40),
        r"needs exactly one Stagnation and Decline card",
    ),
    (
        "two S&D cards",
        card("rush", '{do = "draw", n = 1}', copies=40) + SD + card("crash", '{do = "decline"}'),
        r"needs exactly one Stagnation and Decline card",
    ),
    (
        "two copies of S&D",
        card("rush", '{do = "draw", n = 1}', copies=40) + card("crash", '{do = "decline"}', 2),
        r"needs exactly one Stagnation and Decline card",
    ),
    ("no cards", 'title = "empty"\n', r"no cards; list them as \[\[card\]\] tables"),
    ("not TOML", "this is = = not toml\n", r"not valid TOML"),
]


@pytest.mark.parametrize(
    ("text", "problem"), [c[1:] for c in BAD_DECKS], ids=[c[0] for c in BAD_DECKS]
)
def test_dec_a01_a_malformed_deck_file_is_rejected_naming_file_card_and_problem(
    tmp_path, text, problem
):
    """DEC-A01: loading a custom deck checks every card; the OptionError names the file,
    the card (its number and key) and the problem."""
    path = write(tmp_path, "broken.toml", text)
    with pytest.raises(OptionError, match=problem) as info:
        GAME.new(list(NAMES), seed=1, options={"deck": path})
    assert str(info.value).startswith(f"{path}: ")


def test_dec_a01_an_unreadable_deck_path_is_rejected(tmp_path):
    """DEC-A01: a path that does not exist, or a folder, is named in the error."""
    missing = str(tmp_path / "nope.toml")
    with pytest.raises(OptionError, match=re.escape(f"cannot read {missing}")):
        GAME.new(list(NAMES), seed=1, options={"deck": missing})
    with pytest.raises(OptionError, match=re.escape(f"cannot read {tmp_path}")):
        GAME.new(list(NAMES), seed=1, options={"deck": str(tmp_path)})


BAD_DECREES = [
    (
        "unknown department",
        '[[decree]]\nname = "Odd"\nsteps = ["EXE", "NAVY"]\n',
        r"decree 1 \('Odd'\): 'NAVY' is not a department",
    ),
    (
        "only Reform",
        '[[decree]]\nname = "Reform"\nsteps = ["EXE"]\n'
        '[[decree]]\nname = "Only"\nsteps = ["REF"]\n',
        r"decree 2 \('Only'\): a decree needs a step outside the Department of Reform",
    ),
    (
        "no steps",
        '[[decree]]\nname = "Empty"\nsteps = []\n',
        r"decree 1 \('Empty'\): steps must be a list of departments",
    ),
    (
        "unknown field",
        '[[decree]]\nname = "Odd"\nsteps = ["EXE"]\nseal = "red"\n',
        r"decree 1 \('Odd'\): unknown field 'seal'",
    ),
    ("no decrees", 'title = "none"\n', r"list 1 to 9 decrees"),
    ("ten decrees", '[[decree]]\nsteps = ["EXE"]\n' * 10, r"list 1 to 9 decrees"),
    ("not TOML", "[[decree\n", r"not valid TOML"),
]


@pytest.mark.parametrize(
    ("text", "problem"), [c[1:] for c in BAD_DECREES], ids=[c[0] for c in BAD_DECREES]
)
def test_dec_a02_a_malformed_decrees_file_is_rejected(tmp_path, text, problem):
    """DEC-A02: the OptionError names the file, the decree and the problem."""
    path = write(tmp_path, "decrees.toml", text)
    with pytest.raises(OptionError, match=problem) as info:
        GAME.new(list(NAMES), seed=1, options={"decrees": path})
    assert str(info.value).startswith(f"{path}: ")


def test_dec_a02_an_unreadable_decrees_path_is_rejected(tmp_path):
    """DEC-A02: a missing decrees file is named in the error."""
    missing = str(tmp_path / "none.toml")
    with pytest.raises(OptionError, match=re.escape(f"cannot read {missing}")):
        GAME.new(list(NAMES), seed=1, options={"decrees": missing})
