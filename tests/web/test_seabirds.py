"""Noble Houses of the Seabirds in the browser: a short game (two Stops, one-hour
phases that the Houses end early by being ready) played to the end by one person through
the table's controls (the draft's picks, the message and Transaction forms, the ready
button) with two random bots; her page never shows another House's sealed message
before its landing opens it (checked against the record, replayed step by step); a form
plays exactly the Transaction it says and a refused order changes nothing; the moderator
sees the sealed Transactions and the deck, a player does not."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from bureau.engine import MODERATOR, Match

from .conftest import facts_at_every_step

TABLE = "#live > .table-area > .seabirds"
HEADER = "ATTN Bureau: Transaction."


def api_view(v, gid: int) -> dict:
    return v.page.request.get(f"{v.site.url}/api/games/{gid}/view").json()["view"]


def settled(v, gid: int, seat: int = 0, timeout: float = 20.0) -> dict:
    """The view once the bots have done what they will: the game waits for ``seat``
    alone (or is over), and the page shows the same phase and round."""
    view = {}
    expect(v.page.locator(TABLE)).to_be_attached()
    deadline = v.page.evaluate("Date.now()") + timeout * 1000
    while v.page.evaluate("Date.now()") < deadline:
        view = api_view(v, gid)
        if view["phase"] == "over" or view["pending"] == [seat]:
            break
        v.page.wait_for_timeout(100)
    if view["phase"] == "over":
        expect(v.page.locator("#live .outcome")).to_be_visible()
    else:
        expect(v.page.locator("#legal-list option")).not_to_have_count(0)
        board = v.page.locator(f"{TABLE} .sea-messages .msg")
        expect(board).to_have_count(len(view["messages"]))
        v.quiet(TABLE)
    return view


def act(v, control) -> str:
    """Use a control; the Bureau's answer in the order box's message line, once the
    table has been drawn again after it."""
    v.page.evaluate("document.querySelector('#order-msg').textContent = ''")
    v.page.evaluate(f"document.querySelector('{TABLE}')?.setAttribute('data-stale', '')")
    control.click()
    v.page.wait_for_function("document.querySelector('#order-msg').textContent.length > 0")
    said = v.page.locator("#order-msg").inner_text()
    if said.startswith("Played"):
        v.page.wait_for_selector(f"{TABLE}:not([data-stale])", state="attached")
        v.quiet(TABLE)  # the WebSocket's redraw for the same move may follow
    return said


def board(v) -> dict:
    """The message board's texts and the table's whole text, as the page shows them."""
    return v.page.evaluate(
        """() => {
            const t = document.querySelector('#live > .table-area > .seabirds');
            return {over: !!document.querySelector('#live .outcome'),
                    texts: [...t.querySelectorAll('.sea-messages .msg p')].map(p => p.textContent),
                    html: t.innerHTML};
        }"""
    )


def sealed_facts(m: Match) -> tuple:
    """The board as Ann reads it (newest first), and the texts other Houses have sealed
    that she cannot read, at one step."""
    mine = [x["text"] for x in m.view(0)["messages"]]
    sealed = {
        x.text
        for x in m.state.messages
        if x.kind == "hidden" and not x.revealed and x.author != 0 and x.text not in mine
    }
    return mine[::-1], sealed


def test_a_game_to_the_end_through_the_tables_controls(visitor, site):
    ann = visitor().sign_up()
    gid = ann.create("seabirds", 3, stops=2, air_hours=1, land_hours=1)
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    table = ann.page.locator(TABLE)
    seen: list[dict] = []
    wrote = set()
    for _ in range(40):
        view = settled(ann, gid)
        if view["phase"] == "over":
            break
        snap = board(ann)
        if not snap["over"]:
            seen.append(snap)
        if view["phase"] == "draft":
            pick = table.locator(".sea-draft button").first
            assert act(ann, pick).startswith("Played: house ")
            continue
        key = (view["round"], view["phase"])
        if key not in wrote:
            wrote.add(key)
            form = table.locator("form[aria-label='Give']")
            form.locator("select[name=asset]").select_option("Money")
            if view["phase"] == "land":  # a sealed gift, for the coming Stop
                form.locator("select[name=channel]").select_option("hide")
            said = act(ann, form.get_by_role("button", name="Give"))
            assert said.startswith("Played: ") and "I give 1 Money to" in said
            message = table.locator("form[aria-label='Send a message']")
            message.locator("textarea").fill(f"Fair winds in Round {view['round']}")
            assert act(ann, message.get_by_role("button", name="Send")).startswith("Played: post")
            if "table" not in wrote:
                wrote.add("table")
                expect(table.locator(".sea-messages")).to_contain_text("Fair winds")
                ann.shot("seabirds-table")
        ready = table.get_by_role("button", name="Ready: I am done with this phase")
        assert act(ann, ready) == "Played: ready"
    assert ann.over(), "the game did not end"
    expect(ann.page.locator("#live .outcome")).to_contain_text("final Stop")
    expect(table.locator(".sea-status")).to_contain_text("The end")
    ann.shot("seabirds-over")
    assert "table" in wrote
    assert ann.errors == []

    # -- sealed messages stay sealed: each snapshot of the board is Ann's view at some
    # step of the record, and at that step no other House's sealed text is on the page.
    record = ann.page.request.get(f"{site.url}/api/games/{gid}/record").json()
    steps = facts_at_every_step(record, sealed_facts)
    assert seen
    for snap in seen:
        matching = [sealed for mine, sealed in steps if mine == snap["texts"]]
        assert matching, "the board matches no step of the game"
        assert any(not any(s in snap["html"] for s in sealed) for sealed in matching)
    assert ann.page.locator(f"{TABLE} .sea-moderator").count() == 0


def test_a_form_plays_its_transaction_and_a_refused_order_changes_nothing(visitor):
    ann = visitor(phone=True).sign_up()
    gid = ann.create("seabirds", 3, stops=2, air_hours=1, land_hours=1,
                     house_assignment="random")  # fmt: skip
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    table = ann.page.locator(TABLE)
    before = settled(ann, gid)
    assert before["phase"] == "air"
    # Refused: the engine's message, and nothing changes.
    ann.refused(gid, "administrator Hazard")
    # Every control on the table has a name.
    assert ann.unnamed_controls(TABLE) == []
    # The gift form: exactly the Transaction its fields say, carried out at once.
    form = table.locator("form[aria-label='Give']")
    target = form.locator("select[name=house] option").first.inner_text()
    form.locator("select[name=asset]").select_option("Money")
    form.locator("input[name=n]").fill("1")
    said = act(ann, form.get_by_role("button", name="Give"))
    assert said == f"Played: post: {HEADER} I give 1 Money to {target}."
    # The Bureau answered it at once (a bot's standing offer may answer it too).
    outcome = "Carried out" if before["houses"][0]["money"] else "Failed"
    done = f"{before['houses'][0]['house']}: I give 1 Money to {target}."
    line = ann.page.locator("#live .events li", has_text=done)
    expect(line.first).to_contain_text(outcome)
    expect(table.locator(".sea-messages .msg").first).to_contain_text(f"I give 1 Money to {target}")
    # A hidden message: sealed for the coming Stop, and the board says only Ann sees it.
    message = table.locator("form[aria-label='Send a message']")
    message.locator("select[name=channel]").select_option("hide")
    message.locator("textarea").fill("Beetles are cheap this Round")
    said = act(ann, message.get_by_role("button", name="Send"))
    assert said == "Played: hide: Beetles are cheap this Round"
    sealed = table.locator(".sea-messages .msg.sealed").first
    expect(sealed).to_contain_text("sealed for Stop 1")
    expect(sealed).to_contain_text("only you see it")
    width = ann.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the page scrolls sideways on a phone"
    ann.shot("seabirds-phone")
    # The ready button plays "ready".
    ready = table.get_by_role("button", name="Ready: I am done with this phase")
    assert act(ann, ready) == "Played: ready"
    assert ann.errors == []


def test_the_moderator_sees_the_sealed_and_the_deck_a_spectator_does_not(visitor):
    mod = visitor(phone=True).sign_up()
    gid = mod.create("seabirds", 3, stops=2, air_hours=1, land_hours=1)
    mod.seat_bots([0, 1, 2])
    mod.start()
    expect(mod.page.locator("h1")).to_contain_text("as moderator")
    panel = mod.page.locator(f"{TABLE} .sea-moderator")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(re.compile(r"Hazard|Surplus|Windfall|Bureaucracy|empty"))
    expect(panel).to_contain_text("Rolls")
    view = mod.page.request.get(f"{mod.site.url}/api/games/{gid}/view").json()["view"]
    assert view["you"] == MODERATOR or "sealed" in view
    assert mod.page.locator(f"{TABLE} form").count() == 0  # she writes in her console
    width = mod.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the page scrolls sideways on a phone"
    mod.shot("seabirds-moderator-phone")
    cat = visitor().sign_up()  # a spectator: the public view, no console, no forms
    cat.go(f"/games/{gid}")
    expect(cat.page.locator(TABLE)).to_be_visible()
    assert cat.page.locator(f"{TABLE} .sea-moderator").count() == 0
    assert cat.page.locator(f"{TABLE} form").count() == 0
    assert mod.errors == [] and cat.errors == []
