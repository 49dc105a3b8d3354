"""The lobby in the browser: signing up and in, creating a table with its options,
invitations, seating bots, starting, spectating, and a phone-sized screen."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from .conftest import PASSWORD


def test_sign_up_create_seat_bots_and_start(visitor, site):
    ann = visitor().sign_up()
    gid = ann.create("aristocracy", 4, max_years=1)
    summary = httpx.get(f"{site.url}/api/games/{gid}").json()
    assert summary["game"] == "aristocracy" and summary["players"] == 4
    assert summary["options"]["max_years"] == 1
    ann.take_seat(0)
    ann.seat_bots([1, 2, 3])
    ann.shot("lobby-seats")
    ann.start()
    assert ann.page.locator(".player.me").inner_text().startswith(ann.name)
    ann.go("/")
    mine = ann.page.locator("section[aria-labelledby='mine-h'] li").first
    assert f"#{gid}" in mine.inner_text()
    assert ann.errors == []


def test_a_bad_password_and_a_taken_name_say_what_is_wrong(visitor):
    ann = visitor().sign_up()
    other = visitor()
    other.go("/")
    form = other.page.locator("form[data-api='/api/login']")
    form.get_by_label("Name").fill(ann.name)
    form.get_by_label("Password").fill("wrong password")
    form.get_by_role("button", name="Log in").click()
    expect(form.locator(".error")).to_contain_text("wrong", ignore_case=True)
    form = other.page.locator("form[data-api='/api/accounts']")
    form.get_by_label("Name").fill(ann.name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    expect(form.locator(".error")).to_contain_text("taken")


def test_an_invitation_link_seats_a_second_player_and_others_spectate(visitor):
    ann = visitor().sign_up()
    gid = ann.create("nobility", 3)
    link = ann.page.locator("input.invite").input_value()
    ann.take_seat(0)
    ben = visitor().sign_up()
    ben.go(link)
    ben.take_seat(1)
    ann.seat_bots([2])
    ann.start()
    ben.page.wait_for_selector("#live")  # his open page notices the start
    expect(ben.page.locator("h1")).to_contain_text("as " + ben.name)
    cat = visitor().sign_up()
    cat.go(f"/games/{gid}")
    expect(cat.page.locator("h1")).to_contain_text("spectating")
    assert cat.page.locator("#order-text").count() == 0
    for v in (ann, ben, cat):
        assert v.errors == []


def test_a_phone_sized_screen_shows_the_table_in_one_column(visitor):
    ann = visitor(phone=True).sign_up()
    ann.create("aristocracy", 2)
    ann.take_seat(0)
    ann.seat_bots([1])
    ann.start()
    width = ann.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the page scrolls sideways on a phone"
    ann.shot("phone-aristocracy")
    assert ann.errors == []


def test_the_table_shows_its_commitment_and_each_move_its_receipt(visitor, site):
    """Fairness at the table: the commitment before the start (the same as the API's),
    a receipt under the order box after a move, the seed revealed after the end."""
    ann = visitor().sign_up()
    gid = ann.create("aristocracy", 2, max_years=1)
    committed = httpx.get(f"{site.url}/api/games/{gid}").json()["fairness"]["commitment"]
    expect(ann.page.locator("#fairness .commitment")).to_have_text(committed)
    ann.take_seat(0)
    ann.seat_bots([1])
    ann.start()
    expect(ann.page.locator("#fairness .commitment")).to_have_text(committed)
    expect(ann.page.locator("#fairness")).not_to_contain_text("Arranged")
    expect(ann.page.locator("#legal-list option").first).to_be_attached(timeout=20_000)
    ann.type_order(ann.legal()[0])
    expect(ann.page.locator("#receipt-msg")).to_contain_text("Receipt 1: ")
    api = f"{site.url}/api/games/{gid}"
    for _ in range(500):  # the rest of the game through the API, as quickly as it goes
        view = ann.page.request.get(api + "/view").json()
        if view["outcome"] is not None:
            break
        legal = ann.page.request.get(api + "/legal").json()["actions"]
        if 0 in view["pending"] and legal:
            ann.page.evaluate(
                """async ([url, action]) => {
                    const csrf = document.querySelector('meta[name="csrf"]').content;
                    await fetch(url, {method: 'POST', body: JSON.stringify({action}),
                        headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf}});
                }""",
                [api + "/actions", legal[0]],
            )
        else:
            ann.page.wait_for_timeout(50)  # the bot's turn
    ann.go(f"/games/{gid}")
    assert ann.over()
    seed = httpx.get(f"{site.url}/api/games/{gid}").json()["fairness"]["seed"]
    expect(ann.page.locator("#fairness .seed")).to_have_text(seed)
    assert ann.errors == []
