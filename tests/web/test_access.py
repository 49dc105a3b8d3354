"""Every game's table is usable without a mouse and tells a screen reader what each
control is: every control in the page has an accessible name, the keyboard reaches the
table's controls, and a focused control plays with Enter."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

# (game, players, options): the human in seat 0, bots elsewhere.
TABLES = [
    ("aristocracy", 3, {}),
    ("nobility", 3, {}),
    ("decrees", 4, {}),
    ("seabirds", 3, {"stops": 2}),
    ("noblesse", 8, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_every_control_has_a_name_and_the_keyboard_reaches_the_table(
    visitor, game, players, options
):
    ann = visitor().sign_up()
    ann.create(game, players, **options)
    ann.take_seat(0)
    ann.seat_bots(range(1, players))
    ann.start()
    expect(ann.page.locator("#live .table-area")).to_be_visible()
    ann.page.wait_for_timeout(500)  # let the first bot moves settle
    assert ann.unnamed_controls() == []
    # The check itself notices a control without a name.
    ann.page.evaluate("document.querySelector('main').append(document.createElement('select'))")
    assert len(ann.unnamed_controls()) == 1
    # Tab from the top of the page: the focus reaches a control inside the table.
    ann.page.locator("body").focus()
    for _ in range(60):
        ann.page.keyboard.press("Tab")
        if ann.page.evaluate("!!document.activeElement.closest('#live')"):
            break
    else:
        pytest.fail("the keyboard never reached the table's controls")
    assert ann.errors == []


def test_enter_on_a_focused_order_plays_it(visitor):
    ann = visitor().sign_up()
    ann.create("nobility", 3)
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    expect(ann.page.locator("#legal-list option").first).to_be_attached()
    box = ann.page.locator("#order-text")
    box.focus()
    order = ann.legal()[0]
    ann.page.keyboard.type(order)
    ann.page.keyboard.press("Enter")
    expect(ann.page.locator("#order-msg")).to_contain_text("Played")
    assert ann.errors == []
