"""Noblesse's table read by a newcomer (issue 21, items 2, 7 and 8): the starting unit
chosen with a form that says how full it is and what it costs; unit codes, company codes
and courtiers that explain themselves on hover, keyboard focus and tap, telling only what
the reader knows; the income report's sources; on a phone the board fits the screen and
zooms and pans, the whose-turn line and the order box stay at hand, controls are named
as they read; the end in words with every badge filled.

Ann (seat 0) is the Pape's Faction Leader (role 1, home range A1–C3) among seven random
bots, for two Nights."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import Visitor
from .explained import created
from .readable import Phone, misnamed, order_box_at_hand, tip_of
from .test_noblesse import acted, api, done, my_day, settle, table

ARRANGED = "tables arranged with roles"  # why its site allows fixtures (conftest)


def pick(form, company: str, count: int) -> None:
    """Choose how many of ``company`` (``C1``) the starting unit has."""
    form.locator("label.nob-pick", has_text=re.compile(rf"^{company} ")).locator(
        "select"
    ).select_option(index=count)


def test_a_newcomer_reads_the_table_and_plays_it_on_a_phone(visitor, browser, site):
    ann = visitor().sign_up()
    gid = created(ann, "noblesse", 8, {"roles": "1,2,4,5,7,8,10,11", "max_nights": 2})
    ann.take_seat(0)
    ann.seat_bots(range(1, 8))
    ann.start()
    page = ann.page
    my_day(ann, 0)

    # -- the starting unit, chosen with a form (item 7) -------------------------------------
    form = page.locator("form.nob-setup")
    fill = form.locator("[data-nob-fill]")
    expect(fill).to_contain_text("ready")  # the Bureau's suggestion fits
    assert form.locator("input[name=unit]").count() == 0  # no free text
    form.get_by_label("Unit type").select_option("Regiment")
    expect(fill).to_contain_text("not filled exactly")
    expect(form.locator(".nob-slot[data-slot=Reserve]")).to_be_visible()  # R7 x2 still chosen
    form.get_by_label("Led by").select_option("")  # an Officer company leads it
    pick(form, "O1", 1)
    pick(form, "C1", 3)
    pick(form, "R7", 0)
    expect(fill).to_have_text(
        "Officer 1 of 1, Centre 3 of 3, Flank 2 of 2. 11 tiers: 2 + 2 = 4 MP of 5: ready."
    )
    expect(form.locator(".nob-slot[data-slot=Reserve]")).to_be_hidden()  # a Regiment has none
    home = form.locator("select[name=home] option").first.inner_text()
    form.locator("select[name=income]").select_option("2-2-1")
    said = acted(ann, lambda: form.get_by_role("button", name="Set up").click())
    order = f"setup {home} income 2-2-1 skip uniques unit Regiment with O1, C1 x3, F6 x2"
    assert said == f"Played: {order}"
    ann.type_order(f"tc {home} Inf")
    expect(page.locator("#order-msg")).to_have_text(f"Played: tc {home} Inf")
    settle(ann)
    done(ann)

    # -- Day 1: what each code means, on hover and keyboard focus (item 2) ------------------
    my_day(ann, 1)
    you = api(ann, gid, "view")["view"]["you"]
    (unit,) = you["units"]
    chip = table(ann).locator(f".nob-board .nob-unit[data-unit='{unit['id']}']")
    chip.hover()
    said = tip_of(chip)
    assert said.startswith(f"{unit['id']}: a Regiment of {ann.name} (The Pape) on {home}")
    assert "Companies: O1 Officer, C1 Militia ×3, F6 Outriders ×2." in said
    assert "Their stats together: ATK 3, MOR 8." in said  # O1 + F6 x2 ATK; C1 x3, F6 x2 MOR
    code = table(ann).locator(".nob-units .nob-comp", has_text="C1")
    code.focus()
    assert tip_of(code) == "C1 Militia: a Centre company, MOR 2 (morale), tier 2. ×3 in this unit."
    page.keyboard.press("Tab")  # the next code explains itself as the focus reaches it
    nxt = table(ann).locator(".nob-units .nob-comp", has_text="F6")
    expect(nxt).to_be_focused()
    assert tip_of(nxt).startswith("F6 Outriders: a Flank company, ATK 1 (attack), MOR 1 (morale)")
    tc = table(ann).locator(f"td[data-square='{home}'] .nob-court", has_text="TC")
    tc.hover()
    assert tip_of(tc).startswith(f"Your Tax Collector on {home} (Inf): collects all of one")
    kind = table(ann).locator(".nob-legend .nob-unit", has_text="Gar")
    kind.hover()
    assert tip_of(kind).startswith("Gar: a Garrison, Officer 1, Centre 5, Reserve 3; 2 MP")
    # only what Ann knows: her own unit, or what her Spies saw, is ever explained
    for text in table(ann).locator(".nob-unit .tip").all_text_contents():
        assert text.startswith(
            (unit["id"] + ":", "Seen by your Spy:", "Rgt:", "Bde:", "Div:", "Gar:")
        ), text
    # the glossary of every company and stat
    table(ann).get_by_text("Companies and stats").click()
    glossary = table(ann).locator(".nob-glossary")
    expect(glossary.locator("tr", has_text="Camp Guard")).to_contain_text("Reserve")
    expect(glossary).to_contain_text("MOR")

    # -- where the income came from (item 7) ------------------------------------------------
    (line,) = [x for x in you["report"] if x.startswith("Income:")]
    sources = table(ann).locator(".nob-report .nob-sources li").all_inner_texts()
    assert sources and all(s in line for s in sources), (sources, line)
    assert f"Tax Collector on {home}: " in " ".join(sources)
    assert "your faction's Tithe: 1 Inf" in sources
    assert misnamed(ann) == []
    ann.shot("noblesse-tips")

    # -- on a phone: fit, zoom, pan, tap; the turn and the order box at hand (item 8) -------
    phone = Phone(browser, site, ann.name)
    try:
        on_the_phone(phone, gid, unit["id"])
    finally:
        phone.close()

    # -- the end in words, every badge filled (item 7) --------------------------------------
    settle(ann)
    done(ann)
    outcome = page.locator("#live .outcome")
    expect(outcome).to_be_visible(timeout=30_000)
    summary = api(ann, gid, "view")["view"]["outcome"]["details"]["summary"]
    assert summary.startswith("No faction won by Night 2, the last this game plays")
    expect(outcome).to_contain_text(summary)
    badges = page.locator(".players .player b").all_inner_texts()
    assert len(badges) == 8 and all(
        re.fullmatch(r"\d+(st|nd|rd|th) by estates( \(tied\))?", b) for b in badges
    )
    ann.shot("noblesse-over-words")
    assert ann.errors == []


def font_px(locator) -> float:
    return locator.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")


def on_the_phone(phone: Visitor, gid: int, uid: str) -> None:
    page = phone.page
    phone.go(f"/games/{gid}")
    live = table(phone)
    board = live.locator("[data-nob-board]")
    expect(live.locator("[data-nob-zoom-controls]")).to_be_visible()
    settle(phone)
    # it fits: every column on screen, nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
    assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    last = live.locator(".nob-grid thead th").last
    expect(last).to_have_text("10")
    assert last.evaluate("th => th.getBoundingClientRect().right") <= 390
    expect(live.get_by_role("button", name="Fit")).to_have_attribute("aria-pressed", "true")
    phone.shot("noblesse-phone-fit")
    # zoomed in until the labels are legible; the box pans to every column
    chip = live.locator(f".nob-board .nob-unit[data-unit='{uid}']")
    for _ in range(5):
        if font_px(chip) >= 10:
            break
        live.get_by_role("button", name="Zoom in").tap()
    assert font_px(chip) >= 10, font_px(chip)
    assert board.evaluate("b => b.scrollWidth > b.clientWidth + 50")
    board.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    page.wait_for_timeout(100)
    edge = board.evaluate("b => b.getBoundingClientRect().right")
    assert abs(last.evaluate("th => th.getBoundingClientRect().right") - edge) < 3
    board.evaluate("b => { b.scrollLeft = 0; b.scrollTop = 0; }")
    chip.scroll_into_view_if_needed()
    chip.tap()  # a tap explains, as hover and focus do
    assert tip_of(chip).startswith(f"{uid}: a Regiment")
    phone.shot("noblesse-phone-zoomed")
    # the zoom holds across a reload of the table in this tab
    size = font_px(chip)
    page.reload()
    expect(live.locator("[data-nob-zoom-controls]")).to_be_visible()
    settle(phone)
    assert abs(font_px(live.locator(f".nob-board .nob-unit[data-unit='{uid}']")) - size) < 0.5
    # whose turn it is and the order box stay on screen, wherever the table is scrolled
    order_box_at_hand(phone)
    assert misnamed(phone) == []
    live.get_by_role("button", name="Fit").tap()
    assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    assert phone.errors == []
