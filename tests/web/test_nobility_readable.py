"""Nobility's table read by a newcomer (issue 21, items 5, 7 and 8): an income claim of
nothing says why, Concede asks first (from its button, the list of all orders and the
order box), the end says who won and by what with every badge filled, and on a phone
the whose-turn line and the order box stay at hand, with controls named as they read.

Ann (seat 0) plays first, with Q♠ in hand, against two heuristic bots."""

from __future__ import annotations

from playwright.sync_api import expect

from .card_tables import acted, api, table
from .conftest import Visitor
from .explained import created
from .readable import Phone, misnamed, order_box_at_hand

DECK = ["QS", "2C", "5C", "8C", "2D", "5D", "8D", "3S", "6S", "9S"]  # hands, the up card


ARRANGED = "an arranged deal (deck, dealer)"  # why its site allows fixtures (conftest)


def start(visitor) -> tuple[Visitor, int]:
    ann = visitor().sign_up()
    options = {"deck": DECK, "dealer": 2, "max_rubbers": 1}
    gid = created(ann, "nobility", 3, options)
    ann.take_seat(0)
    ann.seat_bots([1, 2], "heuristic")
    ann.start()
    expect(table(ann).get_by_role("button", name="Draw from the stock")).to_be_visible()
    return ann, gid


def my_turn_start(v: Visitor, gid: int) -> None:
    """Until the bots have played and Ann's next turn offers its first orders."""
    for _ in range(200):
        legal = api(v, gid, "legal")["actions"]
        if "concede" in legal and v.legal() == legal:
            return
        v.page.wait_for_timeout(100)
    raise AssertionError("Ann's turn did not come back")


def test_income_concede_and_the_end_in_words(visitor):
    ann, gid = start(visitor)
    page = ann.page
    live = table(ann)
    assert acted(ann, lambda: live.get_by_role("button", name="Draw from the stock").click()) == (
        "Played: draw stock"
    )
    # an income event nobody can claim anything from: each says why (NOB-34)
    button = live.get_by_role("button", name="Income event: Q♠ to the noble discard")
    assert acted(ann, button.click) == "Played: income QS"
    events = page.locator(".events")
    for name in (ann.name, *ann_opponents(ann)):
        expect(events).to_contain_text(f"{name} received 0: no melds.")
    assert acted(ann, lambda: live.get_by_role("button", name="done", exact=True).click()) == (
        "Played: done"
    )
    acted(ann, lambda: live.locator("[aria-label='Discard'] button").first.click())
    my_turn_start(ann, gid)

    # Concede asks first; "no" plays nothing, from its button or the list of all orders
    concede = live.get_by_role("button", name="Concede the rubber")
    expect(concede).to_be_visible()
    asked: list[str] = []

    def answer(yes: bool):
        def on(dialog):
            asked.append(dialog.message)
            dialog.accept() if yes else dialog.dismiss()

        page.once("dialog", on)

    before = api(ann, gid, "view")["view"]
    answer(False)
    concede.click()
    page.wait_for_timeout(300)
    assert asked and asked[-1].startswith("Concede the rubber?")
    assert "rank last" in asked[-1]
    page.locator(".actions summary").click()  # the folded list of every order
    answer(False)
    page.locator(".actions").get_by_role("button", name="concede", exact=True).click()
    page.wait_for_timeout(300)
    assert len(asked) == 2
    answer(False)
    page.locator("#order-text").fill("concede")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_timeout(300)
    assert len(asked) == 3
    assert api(ann, gid, "view")["view"] == before, "a concession called off changed the game"
    page.locator("#order-text").fill("")

    # "yes" concedes; the bots play the rubber out, and the end is said in words
    answer(True)
    assert acted(ann, concede.click) == "Played: concede"
    outcome = page.locator("#live .outcome")
    expect(outcome).to_be_visible(timeout=30_000)
    view = api(ann, gid, "view")["view"]
    details = view["outcome"]["details"]
    expect(outcome).to_contain_text(details["summary"])
    expect(outcome).to_contain_text(details["rubber_words"][0])
    assert "wins the match" in details["summary"] or "share the match" in details["summary"]
    # every badge filled: a place and the rubbers won, Ann (conceded) last
    badges = page.locator(".players .player b").all_inner_texts()
    assert len(badges) == 3 and all(badges), badges
    assert badges[0].startswith("3rd") and badges[0].endswith("no rubber won")
    assert any(b.startswith("winner") for b in badges)
    expect(live.locator(".nob-rubbers")).to_contain_text(details["rubber_words"][0])
    ann.shot("nobility-over-words")
    assert ann.errors == []


def ann_opponents(v: Visitor) -> list[str]:
    names = v.page.locator(".players .player").all_inner_texts()
    return [n.split(":")[0].strip() for n in names[1:]]


def test_on_a_phone_the_turn_and_the_order_box_stay_at_hand(visitor, browser, site):
    """390 × 844: no sideways scroll; scrolled anywhere in the table, whose turn it is
    and the order box are on screen; controls are named as they read; the hand and
    the draw buttons work by touch."""
    ann, gid = start(visitor)
    phone = Phone(browser, site, ann.name)
    try:
        page = phone.page
        phone.go(f"/games/{gid}")
        live = table(phone)
        expect(live.get_by_role("button", name="Draw from the stock")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 391
        assert misnamed(phone) == []
        order_box_at_hand(phone)
        expect(page.locator("#turn-line")).to_have_text("Your turn.")
        page.evaluate("scrollTo(0, 0)")
        live.get_by_role("button", name="Draw from the stock").tap()
        expect(page.locator("#order-msg")).to_have_text("Played: draw stock")
        phone.shot("nobility-phone")
        assert misnamed(phone) == []
        assert phone.errors == []
    finally:
        phone.close()
