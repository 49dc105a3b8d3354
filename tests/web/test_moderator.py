"""The moderator of a forum game in the browser: the creator of a Noblesse table, not
seated, moderates it. Her page shows who has submitted; "Resolve now" runs the Night; an
override with a reason changes what the table says and the reason shows in the events;
the forum buttons fill the text area with the public post and a player's report, as the
API gives them. A seated player's page shows neither the console nor another house's
secrets."""

from __future__ import annotations

import html

from playwright.sync_api import expect

from .conftest import Visitor
from .test_noblesse import settle


def table(v: Visitor):
    return v.page.locator("#live .table-area").first


def forum(v: Visitor, gid: int, query: str) -> str:
    return v.page.request.get(f"{v.site.url}/api/games/{gid}/forum?{query}").text()


def test_the_creator_moderates_a_noblesse_table(visitor):
    mod = visitor().sign_up()
    gid = mod.create("noblesse", 8, max_nights=5, day_hours=24)
    link = mod.page.locator("input.invite").input_value()
    ben = visitor().sign_up()
    ben.go(link)
    ben.take_seat(0)
    mod.go(f"/games/{gid}")
    mod.seat_bots(range(1, 8))
    mod.start()
    page = mod.page
    expect(page.locator("h1")).to_contain_text("as moderator")
    ben.at_table(gid)

    # who has submitted: the bots are done with their set-up, Ben is not
    console = page.locator(".console")
    expect(console).to_contain_text(f"Still to submit: {ben.name}.", timeout=30_000)
    houses = table(mod).locator(".nob-houses tbody tr")
    expect(houses).to_have_count(8)
    expect(houses.filter(has_text="✓ done")).to_have_count(7)
    expect(table(mod).locator(f"tr[data-house='{ben.name}']")).to_contain_text("still writing")
    settle(ben)

    # Ben submits his set-up through his table, but does not say done
    form = ben.page.locator("form.nob-setup")
    form.locator("select[name=income]").select_option("3-1-1")
    form.get_by_role("button", name="Set up").click()
    expect(ben.page.locator("#order-msg")).to_contain_text("Played: setup")
    expect(table(mod).locator(f"tr[data-house='{ben.name}'] td").nth(2)).not_to_have_text("–")

    # "Resolve now" runs Night 1 without him
    expect(table(mod).locator(".nob-phase")).to_contain_text("Set-up")
    page.get_by_role("button", name="Resolve now").click()
    expect(table(mod).locator(".nob-phase")).to_contain_text("Day 1:")
    expect(table(ben).locator(".nob-phase")).to_contain_text("Day 1:")
    # (the console lives in the live part of the page: wait for the bots to be done)
    expect(console).to_contain_text(f"Still to submit: {ben.name}.", timeout=30_000)
    expect(houses.filter(has_text="✓ done")).to_have_count(7)
    settle(mod)

    # an override with a reason: Ben's resources change, and the reason is in the events
    row = table(mod).locator(f"tr[data-house='{ben.name}'] td.nob-res")
    expect(row).not_to_have_text("3 Inf, 0 MP, 5 $")
    override = page.locator("form.override")
    override.get_by_label("Override").fill(f"resources {ben.name} 3 0 5")
    override.get_by_label("Because").fill("the FL paid him by PM")
    override.get_by_role("button", name="Override").click()
    expect(row).to_have_text("3 Inf, 0 MP, 5 $")
    settle(mod)
    events = page.locator(".events")
    expect(events).to_contain_text("(because the FL paid him by PM)")
    expect(table(ben).locator(".nob-res").first).to_contain_text("5 $")
    expect(ben.page.locator(".events")).to_contain_text("because the FL paid him by PM")
    # a note during the Day: everyone reads it now, and it waits for the next Night's post
    # (Night 1's post, already published, stays as it was)
    override.get_by_label("Override").fill("note The bridge at E5 is out")
    override.get_by_label("Because").fill("a flood")
    override.get_by_role("button", name="Override").click()
    expect(events).to_contain_text("(because a flood)")
    settle(mod)
    expect(ben.page.locator(".events")).to_contain_text("note The bridge at E5 is out")
    expect(table(mod).locator(".nob-post")).not_to_contain_text("The bridge at E5 is out")

    # the forum buttons: the public post in BBCode, Ben's report in Markdown
    text = page.locator("#forum-text")
    page.get_by_label("Forum format").select_option("bbcode")
    page.get_by_role("button", name="Public post").click()
    expect(text).not_to_have_value("")
    post = forum(mod, gid, "format=bbcode")
    expect(text).to_have_value(post)
    assert "Noblesse: Night 1" in post and "[" in post
    assert "The bridge at E5 is out" not in post
    page.get_by_label("Forum format").select_option("markdown")
    page.get_by_role("button", name=f"Report for {ben.name}").click()
    report = forum(mod, gid, f"format=markdown&seat={ben.name}")
    expect(text).to_have_value(report)
    assert report.startswith(f"## Night 1: report for {ben.name}")
    mod.shot("noblesse-moderator")

    # Ben's page: no console, no other house's secrets
    assert ben.page.locator(".console").count() == 0
    assert ben.page.get_by_role("button", name="Resolve now").count() == 0
    assert table(ben).locator(".nob-houses").count() == 0
    everything = mod.page.request.get(f"{mod.site.url}/api/games/{gid}/view").json()["view"]
    mine = ben.page.request.get(f"{ben.site.url}/api/games/{gid}/view").json()["view"]["you"]
    shown = html.unescape(ben.page.locator("#live").inner_html())
    known = {mine["role"]} | {m["role"] for m in mine.get("faction_leader", {}).get("members", [])}
    factions = {f["name"] for f in everything["factions"]}
    for house in everything["players"]:
        if house["name"] == ben.name:
            continue
        if house["role"] not in known | factions:
            assert house["role"] not in shown, f"{house['name']}'s role shows"
        for o in house["orders"]:
            assert f"<code>{o}</code>" not in shown, f"{house['name']}'s order shows"
        for line in house["report"]:
            if not line.startswith(("Income:", "Spy at")):
                assert line not in shown, f"{house['name']}'s report shows"
        if house["home"] and house["home"] != mine["home"]:
            assert f"⌂{house['name']}" not in shown

    # Night 2 publishes the note written during Day 1
    page.get_by_role("button", name="Resolve now").click()
    expect(table(mod).locator(".nob-phase")).to_contain_text("Day 2:")
    expect(table(mod).locator(".nob-post")).to_contain_text("The bridge at E5 is out")
    expect(table(ben).locator(".nob-post")).to_contain_text("The bridge at E5 is out")
    post = forum(mod, gid, "format=markdown")
    assert post.startswith("## Noblesse: Night 2") and "- The bridge at E5 is out" in post
    assert mod.errors == [] and ben.errors == []
