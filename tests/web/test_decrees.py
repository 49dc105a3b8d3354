"""Final Decrees in the browser: a game played to the end through the table's controls
(bid buttons, the assignment form, turn buttons, card plays, forwards, deal answers) by
one person and four heuristic bots, to the rules' own end with no cap; the table never
shows a card another seat holds (checked against the record, replayed step by step); a
control plays exactly the order it says, and a refused typed order changes nothing."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from bureau.engine import Match
from bureau.web.tables.decrees import card_name, deal_forms

from .conftest import facts_at_every_step, two_at_a_table
from .explained import (
    badges,
    columns_shown_or_said,
    created,
    mismatched_names,
    reachable_while_scrolling,
    scored_badges,
    shows_tip,
)

ARRANGED = "one test loads a group's own deck file"  # why its site allows fixtures (conftest)


TABLE = "#live > .table-area > .decrees"
READY = (
    "document.querySelector('#live .outcome')"
    " || document.querySelectorAll('#legal-list option').length > 0"
)


def wait_for_turn(v, timeout: float = 20_000) -> None:
    """Until the page offers the reader an order, or the game is over, and is still."""
    v.page.wait_for_function(READY, timeout=timeout)
    v.quiet(TABLE)


def act(v, control) -> str:
    """Use a control (a button or a form's submit button); the Bureau's answer."""
    v.page.evaluate("document.querySelector('#order-msg').textContent = ''")
    v.page.evaluate(f"document.querySelector('{TABLE}')?.setAttribute('data-stale', '')")
    control.click()
    try:
        v.page.wait_for_function(
            "document.querySelector('#order-msg').textContent.length > 0", timeout=8_000
        )
    except PlaywrightTimeout:
        # A bot's move redrew the table under the click: the control it hit is gone and
        # nothing was sent. The caller looks at the fresh table again.
        return "redrawn under the click"
    said = v.page.locator("#order-msg").inner_text()
    if said.startswith("Played"):
        v.page.wait_for_selector(f"{TABLE}:not([data-stale])", state="attached")
        v.quiet(TABLE)  # the WebSocket's redraw for the same move may follow
    return said


def api_view(v, gid: int) -> dict:
    return v.page.request.get(f"{v.site.url}/api/games/{gid}/view").json()["view"]


def snapshot(v) -> dict:
    """What the reader's table shows of cards (hand, discard, others' hands) and its
    text, the open deals left out (an offer names the cards its parties chose to name)."""
    return v.page.evaluate(
        """() => {
            const t = document.querySelector('#live > .table-area > .decrees').cloneNode(true);
            t.querySelector('.dec-deals')?.remove();
            const keys = (sel) => [...t.querySelectorAll(sel)].map(e => e.textContent.trim());
            return {over: !!document.querySelector('#live .outcome'),
                    hand: keys('.dec-hand .dcard-key'), discard: keys('.dec-discard .dcard-key'),
                    chips: keys('.dec-players .chip'), html: t.innerHTML.toLowerCase()};
        }"""
    )


def hidden_facts(m: Match) -> tuple:
    """Ann's hand, the discard pile, and the cards only other seats hold, at one step."""
    state = m.state
    mine = Counter(state.cards[c].key for c in state.hands[0])
    discard = [state.cards[c].key for c in state.discard]
    others = {state.cards[c].key for q in range(1, state.num_players) for c in state.hands[q]}
    return mine, discard, others - set(discard) - set(mine)


def human_move(v, shots: dict) -> str | None:
    """One decision through the table's controls, preferring forms; the Bureau's answer."""
    table = v.page.locator(TABLE)
    answer = table.locator(".dec-deals button[data-action^='decline']")
    if answer.count():
        return act(v, answer.first)
    bid = table.locator("button[data-action^='bid']")
    if bid.count():
        return act(v, bid.nth(2))
    assign = table.locator("form[data-order^='assign']")
    if assign.count():
        return act(v, assign.get_by_role("button", name="Assign"))
    remove = table.locator("button[data-action='remove nothing']")
    if remove.count():
        return act(v, remove)
    keep = table.locator("button[data-action='keep nothing']")
    if keep.count():
        return act(v, keep)
    if "table" not in shots:
        shots["table"] = v.shot("decrees-table")
    draw = table.locator("button[data-action='draw']")
    if draw.count():
        return act(v, draw)
    play = table.locator(".dec-hand form.dcard-play button")
    if play.count() and not shots.get("played"):
        shots["played"] = True
        return act(v, play.first)
    forward = table.locator("form[data-order^='forward'] button")
    if forward.count() and not shots.get("forwarded"):
        shots["forwarded"] = True
        return act(v, forward)
    end = table.locator("button[data-action='end']")
    if end.count():
        return act(v, end)
    orders = v.legal()  # anything else: type an order the page lists
    if orders:
        v.type_order(orders[0])
        return v.page.locator("#order-msg").inner_text()
    return None


def test_a_game_to_the_end_through_the_tables_controls(visitor, site):
    ann = visitor().sign_up()
    gid = ann.create("decrees", 5)
    ann.take_seat(0)
    ann.seat_bots([1, 2, 3, 4], "heuristic")
    ann.start()
    expect(ann.page.locator(f"{TABLE} .dec-graph svg")).to_be_visible()
    shots: dict = {}
    seen: list[dict] = []
    for _ in range(300):
        wait_for_turn(ann)
        if ann.over():
            break
        snap = snapshot(ann)
        if not snap["over"]:
            seen.append(snap)
        said = human_move(ann, shots)
        if said is not None and not said.startswith("Played"):
            ann.page.reload()  # a page that had not caught up yet: look again
            ann.page.wait_for_selector("#live")
    assert ann.over(), "the game did not end"
    expect(ann.page.locator("#live .outcome")).to_contain_text("The game is over")
    # one of the rules' own ends (DEC-32, DEC-33), not a cap
    ends = re.compile("emptied the deck|the last card was drawn|every decree was enacted")
    expect(ann.page.locator("#live .outcome")).to_contain_text(ends)
    ann.shot("decrees-over")
    assert "table" in shots
    # At the end every hand is open, and the page shows them.
    final = api_view(ann, gid)
    assert all("hand" in p for p in final["players"])
    assert ann.errors == []
    # The end in words (issue 21, item 7): each seat's place and blame in the strip, the
    # winner's least blame, and every tie with the table's tie-break (shared).
    outcome = final["outcome"]
    blame = [int(b) for b in outcome["scores"]]
    scored_badges(ann, outcome, [f"{b} blame" for b in blame])
    box = ann.page.locator("#live .outcome")
    expect(box).to_contain_text(f"with {min(blame)} personal blame, the least")
    for b in {b for b in blame if blame.count(b) > 1}:
        expect(box).to_contain_text(f"tie at {b} personal blame: tied players share the place")

    # -- nothing hidden was shown: every snapshot matches some step of the record, and
    # at that step no card only other seats held appears on the table.
    record = ann.page.request.get(f"{site.url}/api/games/{gid}/record").json()
    steps = facts_at_every_step(record, hidden_facts)
    assert seen
    for snap in seen:
        assert snap["chips"] == [], "another seat's hand is listed before the end"
        matching = [
            hidden
            for mine, discard, hidden in steps
            if Counter(snap["hand"]) == mine and sorted(snap["discard"]) == sorted(discard)
        ]
        assert matching, f"the table's cards match no step of the game: {snap['hand']}"
        assert any(
            not any(k in snap["html"] or card_name(k).lower() in snap["html"] for k in hidden)
            for hidden in matching
        ), "a card only another seat held is on the table"


def test_a_control_plays_its_order_and_a_refused_order_changes_nothing(visitor):
    ann = visitor().sign_up()
    gid = ann.create("decrees", 4, max_turns=4)
    ann.take_seat(0)
    ann.seat_bots([1, 2, 3])
    ann.start()
    table = ann.page.locator(TABLE)
    wait_for_turn(ann)
    # A refused typed order: the engine's message, and the game is as it was.
    ann.refused(gid, "stamp D9")
    # Every control on the table has a name for screen readers.
    assert ann.unnamed_controls(TABLE) == []
    # The bid buttons play exactly the bid they show.
    button = table.locator("button[data-action='bid 4']")
    expect(button).to_have_accessible_name("bid 4")
    assert act(ann, button) == "Played: bid 4"
    # Then the first form control the game offers plays what its fields say.
    for _ in range(40):
        wait_for_turn(ann)
        assert not ann.over(), "no form control came up before the end"
        forward = table.locator("form[data-order^='forward']")
        assign = table.locator("form[data-order^='assign']")
        play = table.locator(".dec-hand form.dcard-play")
        if forward.count():
            forward.locator("select[name=dept]").select_option(index=1)
            decree = forward.locator("select[name=decree]").input_value()
            dept = forward.locator("select[name=dept]").input_value()
            assert act(ann, forward.locator("button")) == f"Played: forward {decree} to {dept}"
            where = {d["id"]: d["at"] for d in api_view(ann, gid)["decrees"]}
            assert where[decree] == dept
            break
        if assign.count():
            parts = [s.input_value() for s in assign.locator("select").all()]
            said = act(ann, assign.get_by_role("button", name="Assign"))
            # (the bots play on at once, so the Bureau's echo is the check)
            assert said == "Played: assign " + " ".join(parts).replace(" ,", ",")
            break
        if play.count():
            form = play.first
            key = form.get_attribute("data-order").split()[1]
            args = form.locator("select[name=args]").input_value()
            said = act(ann, form.locator("button"))
            assert said == f"Played: play {key} {args}".strip()
            break
        said = human_move(ann, {"table": True, "played": True, "forwarded": True})
        if said is not None and not said.startswith("Played"):
            ann.page.reload()
    assert ann.errors == []


def test_the_table_fits_a_phone_and_a_spectator_sees_no_hand(visitor):
    ann = visitor(phone=True).sign_up()
    gid = ann.create("decrees", 5, max_turns=3)
    ann.take_seat(0)
    ann.seat_bots([1, 2, 3, 4])
    ann.start()
    expect(ann.page.locator(f"{TABLE} .dec-graph svg")).to_be_visible()
    width = ann.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the page scrolls sideways on a phone"
    # Issue 21, item 8: each table shows every column or says it scrolls; the order box
    # and whose turn it is stay in view down the whole page; names hold their labels.
    wait_for_turn(ann)
    assert columns_shown_or_said(ann, TABLE) == []
    expect(ann.page.get_by_text("Scroll sideways to see the whole drawing")).to_be_visible()
    for columns in (f"{TABLE} table.dec-depts", f"{TABLE} .dec-players table"):
        right = ann.page.locator(columns).evaluate("t => t.getBoundingClientRect().right")
        assert right <= 390, f"{columns} is cut off"
    steps = reachable_while_scrolling(ann)
    assert len(steps) >= 3 and all(seen for _, seen, _ in steps), steps
    assert all(turn.startswith(("Your turn", "Waiting for")) for *_, turn in steps), steps
    assert mismatched_names(ann, "main") == []
    ann.shot("decrees-phone")
    cat = visitor().sign_up()
    cat.go(f"/games/{gid}")
    expect(cat.page.locator(TABLE)).to_be_visible()
    assert cat.page.locator(f"{TABLE} .dec-hand").count() == 0
    assert cat.page.locator(f"{TABLE} form").count() == 0
    assert ann.errors == [] and cat.errors == []


def test_an_offer_may_ask_for_any_card_of_the_deck():
    """DEC-A14, DEC-62: the deal form asks another player for any card kind of the deck,
    not only the cards the reader has seen; the offer it composes is legal."""
    m = Match("decrees", 4, seed=4)
    view = m.view(0)
    seen = set(view["players"][0]["hand"]) | set(view["discard"])
    (ben,) = [f for f in deal_forms({"id": 1, "view": view, "seat": 0}) if f["name"] == "Ben"]
    asked = [v.rsplit(" ", 1)[1] for v, _ in ben["their_cards"]]  # "; Ben gives card KEY"
    assert set(asked) == set(view["card_kinds"]) and set(asked) - seen
    assert "stagnation-and-decline" not in asked
    # each offered by its name in the deck file
    assert [k for _, k in ben["their_cards"]] == [view["card_texts"][k]["name"] for k in asked]
    part = next(v for v, _ in ben["their_cards"] if v.rsplit(" ", 1)[1] not in seen)
    m.play(0, "offer Ben: " + part.removeprefix("; "))
    assert m.view(1)["offers"]


GROUP_DECK = (
    """
[[card]]
key = "memo"
name = "The Memo"
copies = 5
text = "Our own words: gain 1 action."
effect = [{ do = "extra_actions", n = 1 }]
"""
    + "".join(
        f"""
[[card]]
key = "errand-{k}"
copies = 8
effect = [{{ do = "draw", n = {k} }}]
"""
        for k in (1, 2, 3, 4)
    )
    + """
[[card]]
key = "slump"
name = "Slump"
effect = [{ do = "decline" }]
"""
)


def test_a_groups_own_deck_explains_itself_and_the_strip_marks_who_has_bid(visitor, tmp_path):
    """Issue 21: a table on a group's own deck file shows what each card does on hover and
    focus, from that file (its text, or its effect in words where it has none: item 2);
    in the sealed bid the strip marks ✓ exactly the seats that have bid (item 5)."""
    deck = tmp_path / "our-deck.toml"
    deck.write_text(GROUP_DECK)
    ann = visitor().sign_up()
    gid = created(ann, "decrees", 4, {"deck": str(deck)})
    ann.take_seat(0)
    ann.seat_bots([1, 2, 3], "heuristic")
    ann.start()
    for _ in range(100):  # the bots bid at once
        wait_for_turn(ann)
        view = api_view(ann, gid)
        if view["pending"] == [0]:
            break
    assert view["phase"] == "bid" and view["pending"] == [0]
    ann.quiet(TABLE)
    strip = badges(ann)
    assert strip[0].endswith("to act")
    assert set(view["bid"]["committed"]) == {1, 2, 3}
    assert all(b.endswith("✓ done") for b in strip[1:]), strip
    assert act(ann, ann.page.locator(f"{TABLE} button[data-action='bid 2']")) == "Played: bid 2"
    for _ in range(60):  # on to the turns, where she holds a card
        wait_for_turn(ann)
        view = api_view(ann, gid)
        if view["players"][0]["hand"]:
            break
        said = human_move(ann, {"table": True, "played": True, "forwarded": True})
        if said is not None and not said.startswith("Played"):
            ann.page.reload()
    ann.quiet(TABLE)
    key = view["players"][0]["hand"][0]
    term = ann.page.locator(f"{TABLE} .dec-hand .dcard-name.tipped").first
    said = {"memo": "Our own words: gain 1 action."}.get(key)
    if said is None:  # a card with no text: its effect in words
        n = int(key.rsplit("-", 1)[1])
        said = f"Draw {n} card{'s' if n > 1 else ''}, one at a time (not your Draw action)."
    expect(term).to_contain_text(view["card_texts"][key]["name"])
    shows_tip(ann, term, said)
    assert mismatched_names(ann, "main") == []
    assert ann.errors == []


def until_anns_turn(ann, ben, gid: int) -> None:
    """Ben plays his first legal order whenever the game waits for him (the deal decides
    who acts first), until it waits for Ann."""
    api = f"{ann.site.url}/api/games/{gid}"
    for _ in range(300):
        pending = ann.page.request.get(api + "/view").json()["pending"]
        if 0 in pending:
            return
        if 1 in pending:
            order = ben.page.request.get(api + "/legal").json()["actions"][0]
            ben.api("POST", api + "/actions", {"action": order})
        ann.page.wait_for_timeout(100)
    raise AssertionError("the game never waited for Ann")


def test_an_offer_says_who_ends_up_with_the_blame(visitor):
    """Issue 21, item 7: an offer of blame says, to both parties, who would take whose
    blame and both totals after it; accepted, the totals are those."""
    ann, ben, gid = two_at_a_table(visitor, "decrees", 4)
    for v, bid in ((ann, 2), (ben, 1)):
        wait_for_turn(v)
        assert act(v, v.page.locator(f"{TABLE} button[data-action='bid {bid}']")).startswith(
            "Played: bid"
        )
    for _ in range(100):
        view = api_view(ann, gid)
        if view["phase"] != "bid":
            break
        ann.page.wait_for_timeout(100)
    until_anns_turn(ann, ben, gid)
    view = api_view(ann, gid)
    before = [p["blame"] for p in view["players"]]
    assert before[0] >= 1
    wait_for_turn(ann)
    names = [p["name"] for p in view["players"]]
    form = ann.page.locator(f"{TABLE} form[aria-label='Offer {names[1]} a deal']")
    form.locator("xpath=..").locator("summary").click()
    form.get_by_label(f"Your blame to {names[1]}").select_option(label="1")
    expect(form).to_contain_text(f"Blame you give goes onto {names[1]}'s personal pool")
    said = act(ann, form.get_by_role("button", name="Offer"))
    assert said == f"Played: offer {names[1]}: {names[0]} gives 1 blame", said
    effect = (
        f"If accepted, {names[1]} takes 1 of {names[0]}'s personal blame:"
        f" {names[0]} {before[0]} → {before[0] - 1}, {names[1]} {before[1]} → {before[1] + 1}."
    )
    for v in (ann, ben):
        expect(v.page.locator(f"{TABLE} .dec-deals .offers")).to_contain_text(effect)
    wait_for_turn(ben)
    accept = ben.page.locator(f"{TABLE} .dec-deals button[data-action='accept {names[0]}']")
    assert act(ben, accept) == f"Played: accept {names[0]}"
    after = [p["blame"] for p in api_view(ben, gid)["players"]]
    assert after[:2] == [before[0] - 1, before[1] + 1]
    assert ann.errors == [] and ben.errors == []
