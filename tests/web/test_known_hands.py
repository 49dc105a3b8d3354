"""Aristocracy's "Known in hand" in the browser (issue 21, item 6): a bot whose known
cards partly went into its face-down stall is never shown knowing more cards than its
hand holds. A bots-only game is replayed in the replay viewer at each moment the old
view would have been wrong, from another seat's side and a spectator's."""

from __future__ import annotations

import re
from collections import Counter

import httpx
from playwright.sync_api import expect

from bureau.cards import card_text
from bureau.engine import Match


def moments(record: dict, most: int = 3) -> list[tuple[int, int, list[str]]]:
    """(step, seat, hand) after each action where a seat's known cards are not all in
    its hand (some lie in its face-down stall): the audit's case."""
    m = Match.replay(record, upto=0)
    out = []
    for k, (who, text, *_at) in enumerate(record["actions"], 1):
        m.play(m.seat(who), text)
        s = m.state
        for q in range(s.num_players):
            hand = Counter(s.hands[q])
            if Counter(s.known[q]) - hand and s.step == "stall":
                out.append((k, q, sorted(card_text(c) for c in s.hands[q])))
        if len(out) >= most:
            break
    return out


def shown_cards(section) -> list[str]:
    """The card codes of a row of cards ('7 of hearts' titles) in a player's section."""
    row = section.locator(".row", has_text="Known in hand")
    if not row.count():
        return []
    out = []
    for title in row.locator("svg.card title").all_text_contents():
        rank, suit = title.split(" of ")
        out.append(rank + suit[0].upper())
    return out


def bots_only_game(ann, players: int, **options) -> int:
    gid = ann.create("aristocracy", players, **options)
    ann.seat_bots(range(players), "heuristic")
    ann.start()
    expect(ann.page.locator("#live .outcome")).to_be_visible(timeout=60_000)
    return gid


def test_known_cards_never_outnumber_the_hand_in_the_replay(visitor, site):
    ann = visitor().sign_up()
    found = []
    for _ in range(3):  # a game where a known card went into a face-down stall
        gid = bots_only_game(ann, 4, max_years=2)
        record = httpx.get(f"{site.url}/api/games/{gid}/record").json()
        found = moments(record)
        if found:
            break
    assert found, "no bot put a known card in its stall in three games"
    page = ann.page
    ann.go(f"/games/{gid}/replay")
    form = page.locator("form[data-replay]")
    names = record["players"]
    for step, q, hand in found:
        form.locator("input[type=range]").fill(str(step))
        expect(form.locator("output")).to_have_text(re.compile(rf"^{step} / "))
        for label in (names[(q + 1) % len(names)], "a spectator"):
            form.locator("select[name=seat]").select_option(label=label)
            expect(page.locator("#frame .side-note")).to_have_text(f"As seen by {label}.")
            section = page.locator(f"#frame section[data-seat='{q}']")
            count = int(re.search(r"(\d+) cards? in hand", section.inner_text()).group(1))
            known = shown_cards(section)
            assert len(known) <= count, (step, label, known, count)
            assert not Counter(known) - Counter(hand), (step, label, known, hand)
    ann.shot("aristocracy-known-in-hand")
    assert ann.errors == []
