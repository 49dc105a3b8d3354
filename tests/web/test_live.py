"""Live tables: the deadline counts down and says what happens then; when it passes the
Bureau plays the default and the open page changes by itself; another player's move
reaches a page over the WebSocket without a reload; the order box checks as you type."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import two_at_a_table


def test_the_deadline_counts_down_and_the_bureau_plays_at_it(visitor):
    ann = visitor().sign_up()
    ann.create("aristocracy", 2, decision_seconds=4)
    ann.take_seat(0)
    ann.seat_bots([1])
    ann.start()
    clock = ann.page.locator("#live .clock")
    expect(clock.locator("time")).to_have_text(re.compile(r"\dm \d\ds left"))
    expect(clock).to_contain_text("If you have not acted by then, the Bureau plays")
    first = ann.page.locator("#live .events li").first.inner_text()
    # Nobody touches the page: the deadline passes, the server plays, the page follows.
    expect(ann.page.locator("#live .events li").first).not_to_have_text(first, timeout=15_000)
    assert ann.errors == []


def test_a_move_reaches_the_other_page_without_a_reload(visitor):
    ann, ben, _ = two_at_a_table(visitor, "nobility", 3)
    mover, watcher = (ann, ben) if ann.legal() else (ben, ann)
    before = watcher.page.locator("#live .events").inner_text()
    order = mover.legal()[0]
    mover.type_order(order)
    expect(mover.page.locator("#order-msg")).to_contain_text("Played")
    expect(watcher.page.locator("#live .events")).not_to_have_text(before)
    assert ann.errors == [] and ben.errors == []


def test_the_order_box_checks_as_you_type(visitor):
    ann = visitor().sign_up()
    gid = ann.create("nobility", 3)
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    expect(ann.page.locator("#legal-list option").first).to_be_attached()
    box = ann.page.locator("#order-text")
    box.fill("fly to the moon")
    expect(box).to_have_attribute("aria-invalid", "true")
    engine_says = ann.api_error("POST", f"/api/games/{gid}/check", {"action": "fly to the moon"})
    ann.expect_message(engine_says)
    legal = ann.legal()[0]
    box.fill(legal.upper())
    expect(box).to_have_attribute("aria-invalid", "false")
    expect(ann.page.locator("#order-msg")).to_contain_text("✓")
    assert ann.errors == []
