"""The rules in the browser: /rules and each game's page with an anchor per rule id (the
row or paragraph where it is defined stands out), on a desktop and a phone, reached from
the lobby (an option's help links its ruling) and from every page of a table."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import SHOTS

GAMES = {
    "aristocracy": "Aristocracy",
    "nobility": "Nobility",
    "decrees": "Final Decrees",
    "seabirds": "Noble Houses of the Seabirds",
    "noblesse": "Noblesse",
}
BOX = """selector => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
}"""


def box(v, selector: str) -> list[float]:
    return v.page.evaluate(BOX, selector)


def in_view(v, selector: str) -> None:
    top, bottom = box(v, selector)[1::2]
    assert top >= 0 and bottom <= v.page.viewport_size["height"], (selector, top, bottom)


def test_the_rules_pages_with_an_anchor_per_rule(visitor):
    v = visitor()
    v.go("/")  # logged out: the header and the welcome link to the rules
    v.page.locator("header.top").get_by_role("link", name="Rules").click()
    expect(v.page).to_have_url(re.compile(r"/rules$"))
    links = v.page.locator("main ul.rules-games > li > a")
    expect(links).to_have_text(list(GAMES.values()))
    links.filter(has_text="Aristocracy").click()
    expect(v.page).to_have_url(re.compile(r"/rules/aristocracy$"))
    expect(v.page.locator("article.rules h1")).to_have_text("Aristocracy, as Bureau plays it")
    expect(v.page.locator("article.rules table").first).to_be_visible()  # Markdown, rendered
    # A ruling: its row in the rulings table, brought into view and marked.
    v.go("/rules/aristocracy#ARI-A17")
    rule = v.page.locator("#ARI-A17")
    expect(rule).to_have_text("ARI-A17")
    in_view(v, "#ARI-A17")
    row = v.page.locator("tr:has(#ARI-A17)")
    expect(row).to_contain_text("Discard pile")
    expect(row).to_have_css("background-color", "rgb(255, 243, 214)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    v.page.screenshot(path=SHOTS / "rules-aristocracy-ari-a17.png")
    # One id of a range (ARI-12..21) is an anchor too, in the item that gives the range.
    v.go("/rules/aristocracy#ARI-15")
    in_view(v, "#ARI-15")
    expect(v.page.locator("li:has(> #ARI-15)")).to_contain_text("Each round")
    # A mention elsewhere links to the anchor; the table of contents to the sections.
    v.page.locator("a.rule[href='#ARI-A17']").nth(1).click()
    expect(v.page).to_have_url(re.compile(r"#ARI-A17$"))
    v.page.locator("nav.toc").get_by_role("link", name="What you type").click()
    expect(v.page).to_have_url(re.compile(r"#what-you-type$"))
    in_view(v, "#what-you-type")
    # Every page, from the list of games at its top.
    for name in [*list(GAMES)[1:], "aristocracy"]:  # the page shown first is not a link
        title = GAMES[name]
        v.page.locator("nav.rules-nav").get_by_role("link", name=title).click()
        expect(v.page).to_have_url(re.compile(f"/rules/{name}$"))
        expect(v.page.locator("nav.rules-nav [aria-current=page]")).to_have_text(title)
    assert v.errors == []


def test_a_rules_page_on_a_phone(visitor):
    v = visitor(phone=True)
    v.go("/rules/noblesse#NSE-A42")
    in_view(v, "#NSE-A42")
    # the page never scrolls sideways: wide tables and code scroll in their own box
    wide = v.page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert wide <= 0, wide
    v.page.screenshot(path=SHOTS / "rules-noblesse-phone.png")
    assert v.errors == []


def test_the_lobby_and_a_table_link_to_their_games_rules(visitor):
    ann = visitor().sign_up()
    lobby = ann.page.locator("#create")
    for name, title in GAMES.items():
        ann.page.select_option("select[name=game]", name)
        link = lobby.locator(f"fieldset[data-game='{name}']").get_by_role("link", name=title)
        expect(link).to_have_attribute("href", f"/rules/{name}")
    # an option's help cites its ruling, as a link
    ann.page.select_option("select[name=game]", "aristocracy")
    options = lobby.locator("fieldset[data-game='aristocracy']")
    options.locator("summary").click()
    ruling = options.get_by_role("link", name="ARI-A01")
    expect(ruling).to_have_attribute("href", "/rules/aristocracy#ARI-A01")
    gid = ann.create("seabirds", 3)
    header = ann.page.locator("header.top").get_by_role("link", name="Rules")
    expect(header).to_have_attribute("href", "/rules/seabirds")  # the open table
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    expect(header).to_have_attribute("href", "/rules/seabirds")  # the live table
    for page in (f"/games/{gid}/log", f"/games/{gid}/history"):
        ann.go(page)
        expect(header).to_have_attribute("href", "/rules/seabirds")
    header.click()
    expect(ann.page).to_have_url(re.compile(r"/rules/seabirds$"))
    assert ann.errors == []
