"""Nobility in the browser: a whole rubber played by a human through the table's controls
against two heuristic bots to the rules' own end (no turn cap), the page never showing
what the engine hides, and the controls (melds, deals) playing exactly the orders they
say."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from bureau.cards import card_text
from bureau.engine import Match

from .card_tables import acted, api, cards_in, check, my_orders, play_through, table, word
from .conftest import Visitor

TURNS = 18  # a late enough turn for the table's screenshot


def decide(v: Visitor, legal: list[str], view: dict, played: list[str]) -> str:
    live = table(v)
    phase = view["phase"]
    answers = [a for a in legal if a.startswith(("accept ", "decline "))]
    if answers:  # an offer to me: answer it from the deals panel
        verb = "Accept" if len(played) % 2 else "Decline"
        return acted(
            v, lambda: live.locator(".nob-deals").get_by_role("button", name=verb).first.click()
        )
    if phase == "start" and "draw stock" in legal:
        return acted(v, lambda: live.get_by_role("button", name="Draw from the stock").click())
    if phase == "meld":
        melds = [a for a in legal if a.startswith("meld ")]
        if melds:
            form = live.locator("form[data-order^='meld']")
            check(v, "form[data-order^='meld']", melds[0].split()[1:])
            answer = acted(v, lambda: form.get_by_role("button", name="Meld").click())
            assert answer == f"Played: {melds[0]}", answer
            return answer
        adds = [a for a in legal if a.startswith("add ")]
        if adds:
            form = live.locator("form[aria-label='Lay off, defend a meld or corrupt one']")
            form.locator("select").select_option(adds[0])
            return acted(v, lambda: form.get_by_role("button", name="Add").click())
        return acted(v, lambda: live.get_by_role("button", name="done", exact=True).click())
    if phase in ("discard", "meld") or any(a.startswith("discard ") for a in legal):
        return acted(v, lambda: live.locator("[aria-label='Discard'] button").first.click())
    if phase == "defend":
        return acted(v, lambda: live.get_by_role("button", name="Defend with none").click())
    if phase in ("lose", "drop"):
        cards = next(a for a in legal if a.startswith(phase)).split()[1:]
        check(v, f"form[data-order^='{phase}']", cards)
        form = live.locator(f"form[data-order^='{phase}']")
        return acted(v, lambda: form.locator("button[type=submit]").click())
    if "no coalition" in legal:
        return acted(v, lambda: live.get_by_role("button", name="no coalition").click())
    if "done" in legal:
        return acted(v, lambda: live.get_by_role("button", name="done", exact=True).click())
    v.type_order(legal[0])  # no control of its own: the order box
    return v.page.locator("#order-msg").inner_text()


@pytest.fixture(scope="module")
def game(browser, site):
    """A rubber to its end (all provinces, the election cap or a stalemate, NOB-A11), a
    human and two heuristic bots; what the page showed at each of her decisions is kept
    for the leak check."""
    ann = Visitor(browser, site)
    ann.sign_up()
    gid = ann.create("nobility", 3, max_rubbers=1, rubbers_to_win=1)
    ann.take_seat(0)
    ann.seat_bots([1, 2], "heuristic")
    ann.start()
    yield play_through(
        ann,
        gid,
        "nobility",
        decide,
        lambda view: view["turn"] >= TURNS // 2 and view["phase"] == "meld",
    )
    ann.close()


def test_a_whole_rubber_is_played_through_the_table(game):
    ann = game["visitor"]
    expect(ann.page.locator("#live .outcome")).to_contain_text("The game is over")
    # one of the rubber's own ends (NOB-A11), not the turn cap
    ends = re.compile("all 36 provinces|election cap|stalemate|conceded")
    expect(ann.page.locator("#live .outcome")).to_contain_text(ends)
    # every player's final rank on the table
    expect(table(ann).locator(".nob-player h3 .tag", has_text="#")).to_have_count(3)
    mine = [a[1] for a in game["record"]["actions"] if a[0] == ann.name]
    assert mine == game["played"], "every order the page played is in the record, in order"
    assert sum(p.startswith("draw ") for p in mine) >= TURNS // 3 - 1
    assert ann.errors == []


def test_the_page_never_shows_what_the_engine_hides(game):
    record, seen = game["record"], game["seen"]
    me = record["players"].index(game["visitor"].name)
    m = Match.replay(record, upto=0)
    states = []  # (my view as JSON, the cards hidden from me) after each action
    for k in range(len(record["actions"]) + 1):
        if k:
            who, text, _ = record["actions"][k - 1]
            m.play(m.seat(who), text)
        s = m.state
        hidden = Counter(map(card_text, s.stock))
        for q in range(3):
            if q != me:
                hidden += Counter(map(card_text, s.hands[q])) - Counter(map(card_text, s.known[q]))
        states.append((json.dumps(m.view(me), sort_keys=True), hidden))
    for view, shown, text in seen:
        matches = [h for v, h in states if v == json.dumps(view, sort_keys=True)]
        assert matches, "the page's view is one the engine gave at some step"
        visible = Counter(cards_in(view))
        drawn = {c for c in shown if " of " in c}
        for code in {c for h in matches for c in h if c not in ("RJ", "BJ")}:
            if visible[code] == 0:  # hidden, and not visible anywhere else either
                assert word(code) not in drawn, f"{code} is hidden but drawn on the page"
                assert code not in shown, f"{code} is hidden but offered by a control"
        assert drawn <= {word(c) for c in visible if c not in ("RJ", "BJ")}, (drawn, text)
        assert all("hand" not in p for i, p in enumerate(view["players"]) if i != me)
    assert len(seen) >= 5


def test_deals_and_melds_are_played_from_their_controls(visitor):
    ben = visitor(phone=True).sign_up()
    gid = ben.create("nobility", 3, max_turns=6)
    ben.take_seat(0)
    ben.seat_bots([1, 2])
    ben.start()
    live = table(ben)
    legal = my_orders(ben, gid)
    while "draw stock" not in legal:  # a bot's move first (an offer, an attack ...)
        declines = [a for a in legal if a.startswith("decline ")]
        if declines:  # the Decline button plays exactly that answer
            decline = live.locator(".nob-deals").get_by_role("button", name="Decline")
            answer = acted(ben, decline.click)
            assert answer == f"Played: {declines[0]}"
        else:
            decide(ben, legal, api(ben, gid, "view")["view"], [])
        legal = my_orders(ben, gid)
    view = api(ben, gid, "view")["view"]
    names = [p["name"] for p in view["players"]]
    hand = view["players"][0]["hand"]
    # an illegal typed order: the engine's message, and nothing changes
    ben.page.locator("#order-text").fill("meld 2H 3H 4H")
    expect(ben.page.locator("#order-msg")).to_contain_text("is not allowed now")
    ben.page.get_by_role("button", name="Play", exact=True).click()
    expect(ben.page.locator("#toast")).to_contain_text("is not allowed now")
    assert api(ben, gid, "view")["view"] == view
    assert api(ben, gid, "legal")["actions"] == legal
    # a payment the player cannot afford: the pay form shows the engine's refusal
    diplomacy = live.locator("details.nob-diplomacy")
    diplomacy.locator("summary").click()
    pay = live.locator("form[aria-label='Pay currency']")
    pay.get_by_label("Pay").select_option(names[1])
    pay.get_by_label("Amount").fill("5")
    pay.get_by_role("button", name="Pay").click()
    expect(ben.page.locator("#order-msg")).to_contain_text("you hold no currency")
    assert api(ben, gid, "view")["view"] == view
    # an offer from the form: exactly its text is played, the bot answers, the table shows it
    offer = live.locator("form[aria-label='Offer a deal']")
    offer.get_by_label("Offer to").select_option(names[1])
    # a card of his own; with none left (a bot's attack can take a whole hand) he asks for
    # one of the bot's, which the rules check only when the offer is accepted
    terms = f"{names[0]} gives card {hand[0]}" if hand else f"{names[1]} gives card AS"
    offer.get_by_label("Terms").fill(terms)
    answer = acted(ben, lambda: offer.get_by_role("button", name="Offer").click())
    assert answer == f"Played: offer {names[1]}: {terms}"
    history = table(ben).locator(".nob-deals .history")
    expect(history).to_contain_text(f"{names[0]} makes an offer to {names[1]}")
    expect(history).to_contain_text(re.compile(f"{names[1]} (accepts|declines) {names[0]}'s offer"))
    events = api(ben, gid, "events")["events"]
    answered = [e for e in events if e["kind"] == "deal_answered"]
    assert answered and answered[-1]["data"]["player"] == 1
    width = ben.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the table scrolls sideways on a phone"
    ben.shot("nobility-phone")
    assert [e for e in ben.errors if "status of 4" not in e] == []
