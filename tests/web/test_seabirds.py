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
from bureau.games.seabirds.economy import allowed_kinds, cost
from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES, count_text

from .conftest import Visitor, facts_at_every_step
from .explained import (
    TouchVisitor,
    badges,
    columns_shown_or_said,
    letters_name,
    mismatched_names,
    reachable_while_scrolling,
    scored_badges,
    shows_tip,
)

# A phrase of each House's ability as the rules give it (docs/games/seabirds.md).
ABILITY = {
    "Harvesting": "Upgrades cost you 1 Resource less (not Infrastructure)",
    "Breeding": "Upgrades cost you 1 Money less (not Infrastructure)",
    "Usury": "1 Money in each Round in which another House's Reinvestment is carried out",
    "Secrets": "1 Money in each Round in which another House's Trade (any gift)",
    "Sensation": "Special take: post “I take 1 Money from HOUSE.”",
    "Suppression": "Special take: post “I take 1 Money from HOUSE.”",
}

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


def against_two_bots(ann: Visitor, **options) -> int:
    """Ann in seat 0 of a started table of two Stops and one-hour phases, against two bots."""
    gid = ann.create("seabirds", 3, stops=2, air_hours=1, land_hours=1, **options)
    ann.take_seat(0)
    ann.seat_bots([1, 2])
    ann.start()
    return gid


def test_a_game_to_the_end_through_the_tables_controls(visitor, site):
    ann = visitor().sign_up()
    gid = against_two_bots(ann)
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
            # each House on offer says its ability beside the picks (issue 21, item 2)
            for button in table.locator(".sea-draft button").all():
                house = button.inner_text().removeprefix("house ")
                expect(table.locator(".sea-abilities")).to_contain_text(ABILITY[house])
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
        ready = table.get_by_role("button", name="Ready: done with this phase")
        assert act(ann, ready) == "Played: ready"
    assert ann.over(), "the game did not end"
    expect(ann.page.locator("#live .outcome")).to_contain_text("final Stop")
    expect(table.locator(".sea-status")).to_contain_text("The end")
    ann.shot("seabirds-over")
    assert "table" in wrote
    assert ann.errors == []
    # The end in words (issue 21, item 7): each place and its Victory Points in the strip,
    # the winner's points, and each tie with the tie-break that decided it.
    final = api_view(ann, gid)
    outcome = final["outcome"]
    vp = [int(v) for v in outcome["scores"]]
    scored_badges(ann, outcome, [f"{v} VP" for v in vp])
    box = ann.page.locator("#live .outcome")
    best = max(vp)
    expect(box).to_contain_text(f"with {best} Victory Point")
    holdings = outcome["details"]["holdings"]
    for v in {v for v in vp if vp.count(v) > 1}:
        tied = [q for q in range(len(vp)) if vp[q] == v]
        expect(box).to_contain_text(f"tie at {v} Victory Points")
        if len({holdings[q] for q in tied}) > 1:
            expect(box).to_contain_text("the tie-break on holdings (Money and Resources together)")

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
    gid = against_two_bots(ann, house_assignment="random")
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
    # Issue 21, item 8: on the phone the ledger shows every column of every House, each
    # named; the order box and whose turn it is stay in view; names hold their labels.
    assert columns_shown_or_said(ann, TABLE) == []
    cells = ann.page.locator(f"{TABLE} .sea-ledger tbody td").evaluate_all(
        """cells => cells.map(c => { const r = c.getBoundingClientRect();
            return [c.dataset.label, getComputedStyle(c, '::before').content,
                    r.left >= 0 && r.right <= innerWidth && r.width > 0]; })"""
    )
    labels = ["Money", *ASSETS[1:], "Upgrades", "Points", "Takes left"]
    assert [c[0] for c in cells] == labels * 3
    assert all(shown and before.strip('"') == label for label, before, shown in cells), cells
    steps = reachable_while_scrolling(ann)
    assert len(steps) >= 3 and all(seen for _, seen, _ in steps), steps
    bad = mismatched_names(ann, "main")
    assert bad == [], "\n".join(map(str, bad))
    ann.shot("seabirds-phone")
    # The ready button plays "ready".
    ready = table.get_by_role("button", name="Ready: done with this phase")
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


def test_houses_and_upgrades_explain_themselves_and_the_buy_form_checks_first(browser, site):
    """Issue 21, items 2 and 5, on a phone with a touch screen: a House's ability and an
    Upgrade's effect on tap, hover and focus; the Buy form lists each Upgrade at this
    House's own price and refuses, before anything is posted, a price that is not it or
    a public purchase beyond the holdings, saying why; a sealed one is posted as the
    Bureau reads it. The strip's ✓ marks exactly the ready Houses."""
    ann = TouchVisitor(browser, site)
    try:
        ann.sign_up()
        gid = against_two_bots(ann, house_assignment="random")
        table = ann.page.locator(TABLE)
        view = settled(ann, gid)
        mine = view["houses"][0]
        house = mine["house"]
        # The ✓: ready Houses only (the bots are ready; Ann is to act).
        strip = badges(ann)
        assert strip[0].endswith("to act")
        for q in (1, 2):
            assert strip[q].endswith("✓ done") == view["ready"][q], (strip, view["ready"])
        # Her House's ability in the ledger and in her House's panel.
        row = table.locator(".sea-ledger tbody tr.mine th .tipped")
        shows_tip(ann, row, ABILITY[house])
        expect(table.locator(".sea-mine")).to_contain_text(ABILITY[house])
        # Each Upgrade at her own price.
        form = table.locator("form[aria-label='Buy an Upgrade']")
        h = HOUSES.index(house)
        options = form.locator("select[name=upgrade] option").all_inner_texts()
        for u, name in enumerate(UPGRADES):
            money, resources, _ = cost(h, u, False)
            price = (f"{money} Money and " if money else "") + f"{resources} Resource"
            assert options[u].startswith(f"{name}: {price}"), options[u]
        # Nothing is posted while the price is not this House's ...
        before = api_view(ann, gid)
        form.locator("select[name=upgrade]").select_option(label=options[0])
        money, resources, _ = cost(h, 0, False)
        form.get_by_role("button", name="Buy").click()
        error = form.locator(".error")
        expect(error).to_contain_text(f"choose exactly {resources}, not 0")
        # ... nor a public purchase beyond the holdings.
        other = next(a for a in allowed_kinds(h, "any") if not mine["resources"].get(ASSETS[a]))
        form.locator(f"input[data-type='{ASSETS[other]}']").fill(str(resources))
        form.get_by_role("button", name="Buy").click()
        expect(error).to_contain_text(
            f"You hold {count_text(0, other)}, not the {resources} you chose."
        )
        ann.page.wait_for_timeout(300)
        assert api_view(ann, gid)["messages"] == before["messages"], "something was posted"
        # A sealed purchase at the right price is posted, written as the Bureau reads it.
        form.locator("select[name=channel]").select_option("hide")
        said = act(ann, form.get_by_role("button", name="Buy"))
        paid = (f"{money} Money and " if money else "") + count_text(resources, other)
        article = {"Expansion Contract": "an "}.get(UPGRADES[0], "")
        assert said == (f"Played: hide: {HEADER} I buy {article}{UPGRADES[0]} with {paid}."), said
        expect(table.locator(".sea-messages .msg.sealed").first).to_contain_text("I buy")
        assert mismatched_names(ann, "main") == []
        assert ann.errors == []
    finally:
        ann.close()


def test_the_talk_panel_is_the_games_board(visitor, site):
    """Issue 21, item 4: at a Seabirds table the Talk panel and the game's Messages are
    one board. A public post from Talk is the game's post (on the table's board, in the
    view, read for Transactions); a post from the table's form is in Talk; a private
    note from Talk is the game's tell, seen by its reader and nobody else."""
    ann = visitor(letters_name("Ann")).sign_up()
    ben = visitor(letters_name("Ben")).sign_up()
    cat = visitor().sign_up()  # a spectator
    gid = ann.create("seabirds", 3, stops=2, air_hours=1, land_hours=1,
                     house_assignment="random")  # fmt: skip
    link = ann.page.locator("input.invite").input_value()
    ann.take_seat(0)
    ben.go(link)
    ben.take_seat(1)
    ann.seat_bots([2])
    ann.start()
    ben.at_table(gid)
    cat.go(f"/games/{gid}")
    view = settled(ann, gid, seat=0)
    houses = [h["house"] for h in view["houses"]]

    def talk(v, to: str, text: str) -> None:
        form = v.page.locator("form[data-message]")
        form.get_by_label("To").select_option(label=to)
        form.locator("textarea").fill(text)
        form.get_by_role("button", name="Send").click()
        expect(form.locator("textarea")).to_have_value("")

    public = "Fair winds from the Talk panel"
    talk(ann, "Everyone (the game's public board)", public)
    for v in (ann, ben, cat):
        expect(v.page.locator(f"{TABLE} .sea-messages")).to_contain_text(public)
        expect(v.page.locator("#talk details[data-thread='public']")).to_contain_text(public)
    posted = [m for m in api_view(ann, gid)["messages"] if m["text"] == public]
    assert posted and posted[0]["kind"] == "public" and posted[0]["from"] == 0
    # The table's own form posts to the same board.
    message = ben.page.locator(f"{TABLE} form[aria-label='Send a message']")
    message.locator("textarea").fill("And from the table")
    assert (
        act(ben, message.get_by_role("button", name="Send")) == "Played: post: And from the table"
    )
    expect(ann.page.locator("#talk details[data-thread='public']")).to_contain_text(
        "And from the table"
    )
    # A Transaction posted from Talk is read by the Bureau as any public post is.
    gift = f"{HEADER} I give 1 Money to {houses[1]}."
    talk(ann, "Everyone (the game's public board)", gift)
    line = ann.page.locator("#live .events li", has_text=f"I give 1 Money to {houses[1]}.")
    expect(line.first).to_contain_text(re.compile("Carried out|Failed"))
    # A private note from Talk is the game's tell: Ben reads it, the spectator does not.
    secret = "Meet me at the second Stop"
    talk(ann, f"{ben.name} (private, in the game)", secret)
    told = [m for m in api_view(ann, gid)["messages"] if m["text"] == secret]
    assert told and told[0]["kind"] == "private" and told[0]["to"] == [1]
    expect(ben.page.locator(f"#talk details[data-thread='private:{ann.name}']")).to_contain_text(
        secret
    )
    expect(ben.page.locator(f"{TABLE} .sea-messages")).to_contain_text(secret)
    cat.page.reload()
    expect(cat.page.locator(f"{TABLE} .sea-messages")).to_contain_text(public)
    assert secret not in cat.page.content()
    assert ann.errors == [] and ben.errors == [] and cat.errors == []
