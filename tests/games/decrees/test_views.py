"""What each player may know (DEC-A24, DEC-10): hands are private, the deck is hidden,
everything else on the table is public; events show a drawn card only to its drawer."""

from __future__ import annotations

import json

from bureau.games.decrees import GAME

from ..common import of_kind
from .helpers import (
    ANN,
    BEN,
    CAT,
    DAN,
    EVE,
    bidding_game,
    give,
    hand,
    new_game,
    play,
    set_blame,
    set_deck,
)

SEATS = (ANN, BEN, CAT, DAN, EVE)
READERS = (*SEATS, None)  # None: a spectator
CATALOGUE = GAME.view(new_game(), None)["card_kinds"]  # every kind the deck file has
GLOSSARY = GAME.view(new_game(), None)["card_texts"]  # and what each kind does


def dumped(view: dict) -> str:
    """The view as text, less its catalogue of the deck's kinds and what they do: the
    catalogue is the same for every reader in every deal, so it tells nobody where a
    card is."""
    assert view["card_kinds"] == CATALOGUE
    assert view["card_texts"] == GLOSSARY
    return json.dumps({k: v for k, v in view.items() if k not in ("card_kinds", "card_texts")})


def test_every_card_explains_itself_from_the_deck_file(tmp_path):
    """Issue 21: the view says what every card of the deck the game loaded does, from the
    deck file's text, or from its effect when the file gives no text (a group's deck)."""
    from bureau.engine import Match
    from bureau.games.decrees.data import load_deck

    deck = load_deck("house_v1")
    assert GLOSSARY["overtime"] == {"name": "Overtime", "text": deck[0].text}
    assert set(GLOSSARY) == {c.key for c in deck}
    own = tmp_path / "deck.toml"
    cards = "\n".join(
        f'[[card]]\nkey = "k{i}"\ncopies = 8\neffect = [{{ do = "draw", n = 2 }}]' for i in range(4)
    )
    own.write_text(
        '[[card]]\nkey = "memo"\nname = "The Memo"\ncopies = 5\n'
        'text = "Our own words."\neffect = [{ do = "extra_actions", n = 1 }]\n'
        f'{cards}\n[[card]]\nkey = "sd"\neffect = [{{ do = "decline" }}]\n'
    )
    texts = Match("decrees", 4, seed=1, options={"deck": str(own)}).view(0)["card_texts"]
    assert texts["memo"] == {"name": "The Memo", "text": "Our own words."}
    assert texts["k0"]["text"] == "Draw 2 cards, one at a time (not your Draw action)."


def test_dec_a24_hands_are_private_others_see_only_their_size():
    """DEC-A24: each player sees her own hand; the others (spectators too) see how many
    cards it holds, not which."""
    state = new_game(hands=("cover-up", "naval-review"))
    give(state, BEN, "proxy-signature")
    for reader in READERS:
        players = GAME.view(state, reader)["players"]
        for q in SEATS:
            assert players[q]["hand_count"] == len(state.hands[q])
            if q == reader:
                assert players[q]["hand"] == hand(state, q)
            else:
                assert "hand" not in players[q]
    text = dumped(GAME.view(state, CAT))
    for secret in ("cover-up", "naval-review", "proxy-signature"):
        assert secret not in text


def test_dec_a24_the_decks_contents_are_in_no_view():
    """DEC-A24: only the deck's size is shown; its cards, in any order, are not."""
    state = new_game()
    set_deck(state, "commission-of-inquiry", "leave-of-absence", "lost-in-the-mail")
    for reader in READERS:
        view = GAME.view(state, reader)
        assert view["deck_count"] == 3
        text = dumped(view)
        for key in ("commission-of-inquiry", "leave-of-absence", "lost-in-the-mail"):
            assert key not in text, (reader, key)


def test_dec_a24_the_deck_stays_hidden_when_the_game_is_over(tmp_path):
    """DEC-A24: a game that ends with cards left in the deck (its only decree enacted)
    shows the hands then, but still not the deck."""
    path = tmp_path / "one.toml"
    path.write_text('[[decree]]\nname = "Only"\nsteps = ["EXE"]\n', encoding="utf-8")
    state = new_game(decrees=str(path))
    set_deck(state, "commission-of-inquiry", "leave-of-absence")
    play(state, ANN, "stamp D1")
    assert state.phase == "over" and len(state.deck) == 2
    for reader in READERS:
        text = dumped(GAME.view(state, reader))
        assert "commission-of-inquiry" not in text and "leave-of-absence" not in text


def test_dec_10_dec_a24_blame_decrees_arrows_and_the_discard_pile_are_public():
    """DEC-10, DEC-A24: personal and departmental blame, decrees with stamps and places,
    control arrows, pawns, deck size and the discard pile are the same in every view."""
    state = new_game(hands=("good-press",))
    set_blame(state, Ann=5, Ben=7, HR=2, REF=3)
    play(state, ANN, "play good-press 2")
    play(state, ANN, "stamp D1")
    views = [GAME.view(state, r) for r in READERS]
    for view in views:
        assert [p["blame"] for p in view["players"]] == [2, 7, 0, 0, 0]
        assert [p["dept"] for p in view["players"]] == ["EXE", "HR", "TRE", "SS", "ADM"]
        blame = {d["code"]: d["blame"] for d in view["departments"]}
        assert blame["HR"] == 2 and blame["REF"] == 3
        assert view["discard"] == ["good-press"]
        assert view["decrees"][0]["stamped"] == 1 and view["decrees"][0]["at"] == "EXE"
        assert view["arrows"] == ["REF->EXE", "EXE->HR", "EXE->ADM", "ADM->SS"]
        assert view["empty"] == "REF" and view["deck_count"] == len(state.deck)
    public = [{k: v for k, v in v.items() if k not in ("you", "players")} for v in views]
    assert all(p == public[0] for p in public)


def test_dec_a24_a_drawn_card_is_shown_to_its_drawer_only():
    """DEC-A24: the Draw action's events: Ann's names the card; everybody else's (the
    spectators' too) says only that she drew."""
    state = new_game()
    set_deck(state, "cover-up", "overtime")
    ev = play(state, ANN, "draw")
    drew = of_kind(ev, "drew")
    assert len(drew) == 2
    cover_up = next(k for k, c in enumerate(state.cards) if c.key == "cover-up")
    for reader in READERS:
        seen = [e.data for e in drew if e.visible_to(reader)]
        if reader == ANN:
            assert seen == [{"player": ANN, "card": cover_up, "why": "draw"}]
        else:
            assert seen == [{"player": ANN, "why": "draw"}], reader


def test_dec_a24_the_next_players_turn_draw_is_shown_to_her_only():
    """DEC-A24: Ben's step-2 draw, caused by Ann's 'end', is Ben's secret."""
    state = new_game()
    set_deck(state, "naval-review", "overtime")
    ev = play(state, ANN, "end")
    drew = of_kind(ev, "drew")
    with_card = [e for e in drew if "card" in e.data]
    assert [state.cards[e.data["card"]].key for e in with_card] == ["naval-review"]
    assert [r for r in READERS if with_card[0].visible_to(r)] == [BEN]
    assert all(any(e.visible_to(r) for e in drew) for r in READERS)


def test_dec_a24_a_cards_draws_are_shown_to_the_drawer_only():
    """DEC-A24: Requisition Form's two draws: Ann sees both cards, the others two draws."""
    state = new_game(hands=("requisition-form",))
    set_deck(state, "cover-up", "naval-review", "overtime")
    ev = play(state, ANN, "play requisition-form")
    for reader in READERS:
        cards = [e.data.get("card") for e in of_kind(ev, "drew") if e.visible_to(reader)]
        if reader == ANN:
            assert [state.cards[k].key for k in cards] == ["cover-up", "naval-review"]
        else:
            assert cards == [None, None]


def test_dec_a24_stagnation_and_decline_is_played_face_up():
    """DEC-A24, DEC-14: S&D drawn is played at once, so everybody sees it, and the five
    discarded cards join the public discard pile."""
    state = new_game()
    rest = ["cover-up", "naval-review", "overtime", "whitewash", "scapegoat"]
    set_deck(state, "stagnation-and-decline", *rest, "good-press")
    ev = play(state, ANN, "draw")
    for reader in READERS:
        cards = [e.data.get("card") for e in of_kind(ev, "drew") if e.visible_to(reader)]
        assert cards == [state.sd]
    assert state.phase == "turn"
    for reader in READERS:
        assert GAME.view(state, reader)["discard"] == rest


def test_dec_a24_cards_traded_in_a_deal_are_shown_to_the_two_parties_only():
    """DEC-A24, DEC-63: the other players learn that a card changed hands, not which."""
    state = new_game(hands=("cover-up",))
    play(state, ANN, "offer Ben: Ann gives card cover-up")
    ev = play(state, BEN, "accept Ann")
    given = of_kind(ev, "cards_given")
    cover_up = next(k for k, c in enumerate(state.cards) if c.key == "cover-up")
    for reader in READERS:
        seen = [e.data for e in given if e.visible_to(reader)]
        if reader in (ANN, BEN):
            assert seen == [{"player": ANN, "to": BEN, "cards": [cover_up]}]
        else:
            assert seen == [{"player": ANN, "to": BEN, "count": 1}]
    assert GAME.view(state, CAT)["players"][BEN]["hand_count"] == 2


def test_dec_a24_each_dealt_card_is_shown_to_its_holder_only():
    """DEC-A24, DEC-29: after the assignment each player is dealt a card; the event names
    it to her alone."""
    state = bidding_game()
    for seat, amount in zip(SEATS, (6, 1, 2, 3, 4), strict=True):
        play(state, seat, f"bid {amount}")
    assert GAME.pending(state) == (ANN,)
    ev = play(state, ANN, "assign Ben EXE, Cat TRE, Dan SS, Eve ADM")
    dealt = of_kind(ev, "dealt")
    assert len(dealt) == 5
    for e in dealt:
        holder = e.data["player"]
        assert [r for r in READERS if e.visible_to(r)] == [holder]
        assert e.data["card"] in state.hands[holder]
