"""Noblesse in the browser: a whole game (a human seat and seven random bots, three
Nights) ordered through the table's controls and ended each Day with "Done", the page
never showing another house's secrets, and the controls playing exactly the orders they
say while a bad typed order changes nothing."""

from __future__ import annotations

import html
import re

from playwright.sync_api import expect

from bureau.engine import MODERATOR, Match

from . import explained
from .conftest import Visitor

ARRANGED = "tables arranged with roles"  # why its site allows fixtures (conftest)


ORDERED = 3  # Days on which the human orders from every control; after them only "done"


# -- helpers -----------------------------------------------------------------------------------


def api(v: Visitor, gid: int, what: str):
    return v.page.request.get(f"{v.site.url}/api/games/{gid}/{what}").json()


def table(v: Visitor):
    return v.page.locator("#live .table-area").first


WATCH = """() => { if (window.nobSwaps === undefined) { window.nobSwaps = 0;
  new MutationObserver(() => { window.nobSwaps += 1; })
    .observe(document.querySelector('#live'), {childList: true}); } }"""


def settle(v: Visitor, frames: int | None = None) -> None:
    """Wait until the live table stands still: the WebSocket frame after ``frames`` has
    come (when given), and no refresh of the table for a quarter of a second. A refresh
    redraws the controls, so a choice made during one would be lost."""
    v.page.evaluate(WATCH)
    for _ in range(200):
        if frames is None or len(v.frames) > frames:
            break
        v.page.wait_for_timeout(25)
    last = None
    for _ in range(100):
        now = (len(v.frames), v.page.evaluate("window.nobSwaps"))
        if now == last:
            return
        last = now
        v.page.wait_for_timeout(250)


def acted(v: Visitor, do) -> str:
    """Do one thing on the page that plays an order; the order box's answer, once the
    table has been redrawn."""
    v.page.evaluate("document.querySelector('#order-msg').textContent = ''")
    frames = len(v.frames)
    do()
    msg = v.page.locator("#order-msg")
    expect(msg).not_to_have_text("")
    said = msg.inner_text()
    if said.startswith("Played"):
        settle(v, frames)
    return said


def my_day(v: Visitor, night: int) -> None:
    """Wait for Day ``night`` (the set-up for 0) with every bot done: only the human is
    left to act, so the table stays put while he orders."""
    phase = "Set-up" if night == 0 else f"Day {night}:"
    expect(table(v).locator(".nob-phase")).to_contain_text(phase, timeout=30_000)
    expect(v.page.locator(".player.acting")).to_have_count(1, timeout=30_000)
    expect(v.page.locator(".player.acting.me")).to_have_count(1)
    settle(v)


def my_day_or_the_end(v: Visitor, night: int, seconds: float = 90) -> bool:
    """Like ``my_day``, but False once the game is over (also while the human's house,
    killed, has nothing left to order)."""
    phase = table(v).locator(".nob-phase")
    for _ in range(int(seconds * 10)):
        if v.over():
            return False
        if (
            f"Day {night}:" in phase.inner_text()
            and v.page.locator(".player.acting").count() == 1
            and v.page.locator(".player.acting.me").count() == 1
        ):
            settle(v)
            return True
        v.page.wait_for_timeout(100)
    raise AssertionError(f"neither Day {night} with only the human to act, nor the end")


def orders_shown(v: Visitor) -> list[str]:
    return v.page.locator(".nob-mine-orders code").all_inner_texts()


def set_up(v: Visitor) -> str:
    """The set-up form: a home, a split, the option left out, and the starting unit its
    form starts with: the first one the Bureau offers."""
    form = v.page.locator("form.nob-setup")
    home = form.locator("select[name=home] option").first.inner_text()
    form.locator("select[name=home]").select_option(home)
    form.locator("select[name=income]").select_option("2-2-1")
    form.locator("select[name=skip]").select_option("uniques")
    head = f"setup {home} income 2-2-1 skip uniques unit "
    offered = next(a for a in v.legal() if a.startswith(head))
    expect(form.locator("[data-nob-fill]")).to_contain_text("ready")
    said = acted(v, lambda: form.get_by_role("button", name="Set up").click())
    assert said == f"Played: {offered}"
    expect(v.page.locator(".nob-mine-orders")).to_contain_text(f"setup {home}")
    return home


def order_a_day(v: Visitor, home: str, res: str) -> None:
    """Orders from the controls: a move for each unit, a Spy, a Tax Collector on ``res``
    (a new resource each Day: a second TC on one is refused at once, NSE-23), a recruit
    (then cancelled), each checked against the order box's answer and the list."""
    page = v.page
    units = page.locator(".nob-units tbody tr")
    for i in range(units.count()):
        uid = units.nth(i).locator("th").inner_text()
        select = page.get_by_label(f"Move {uid} to", exact=True)
        if select.count() == 0:  # a Garrison never moves
            continue
        to = select.locator("option").last.get_attribute("value")
        select.select_option(to)
        said = acted(
            v, lambda uid=uid: page.get_by_role("button", name=f"Move {uid}", exact=True).click()
        )
        assert said == f"Played: move {uid} to {to}"
        expect(page.locator(".nob-mine-orders")).to_contain_text(f"move {uid} to {to}")
    path = page.locator("form[data-order='spy to {path}'] select[name=path]")
    first = path.locator("option").first.get_attribute("value")
    path.select_option(first)
    assert acted(v, lambda: page.get_by_role("button", name="Send Spy").click()) == (
        f"Played: spy to {first}"
    )
    tc = page.locator("form[data-order='tc {square} {res}']")
    tc.locator("select[name=square]").select_option(home)
    tc.locator("select[name=res]").select_option(res)
    said = acted(v, lambda: tc.get_by_role("button", name="Place Tax Collector").click())
    assert said == f"Played: tc {home} {res}"
    recruit = page.locator("form[data-order^='recruit {kind}']")
    recruit.locator("select[name=kind]").select_option("Regiment")
    recruit.locator("select[name=leader]").select_option("led by courtier")
    recruit.locator("input[name=companies]").fill("C1 x3, F6 x2")
    recruit.locator("select[name=at]").select_option(home)
    said = acted(v, lambda: recruit.get_by_role("button", name="Recruit", exact=True).click())
    order = f"recruit Regiment led by courtier with C1 x3, F6 x2 at {home}"
    assert said == f"Played: {order}"
    expect(page.locator(".nob-mine-orders")).to_contain_text(order)
    n = orders_shown(v).index(order) + 1
    said = acted(v, lambda: page.get_by_role("button", name=f"Cancel order {n}: {order}").click())
    assert said == f"Played: cancel {n}"
    expect(page.locator(".nob-mine-orders")).not_to_contain_text(order)


def clear_box(v: Visitor) -> None:
    """Empty the order box (its check as typed would answer late, in #order-msg)."""
    v.page.locator("#order-text").fill("")
    expect(v.page.locator("#order-msg")).to_have_text("")


def done(v: Visitor) -> None:
    button = v.page.get_by_role("button", name=re.compile(r"^Done: my orders for Night"))
    assert acted(v, button.click) == "Played: done"


def on_a_phone(visitor, ann: Visitor, gid: int) -> None:
    """The same player's table on a phone: no sideways page scroll; the board fits its
    box, and zoomed in it scrolls in its own box."""
    phone = visitor(name=ann.name, phone=True).log_in()
    phone.go(f"/games/{gid}")
    expect(phone.page.locator(".nob-grid")).to_be_visible()
    settle(phone)
    board = phone.page.locator(".nob-board")
    assert board.evaluate("b => b.scrollWidth <= b.clientWidth + 1")  # it fits
    phone.page.get_by_role("button", name="Zoom in").click()
    phone.page.get_by_role("button", name="Zoom in").click()
    phone.page.wait_for_function(
        "() => { const b = document.querySelector('.nob-board');"
        " return b && b.scrollWidth > b.clientWidth; }"
    )  # zoomed in, the board scrolls inside its own box
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, "the page scrolls sideways on a phone"
    phone.shot("noblesse-phone")
    assert phone.errors == []


# -- the whole game ----------------------------------------------------------------------------


def test_a_whole_game_of_noblesse_through_the_table(visitor):
    """Seven heuristic bots and a human, to a victory (no Night cap): full orders from the
    controls on the first Days, then only "done" (or, if the bots have killed his
    house, nothing) until a faction wins."""
    ann = visitor().sign_up()
    gid = ann.create("noblesse", 8, day_hours=24)
    ann.take_seat(0)
    ann.seat_bots(range(1, 8), "heuristic")
    ann.start()
    page = ann.page

    my_day(ann, 0)
    home = set_up(ann)
    tc = page.locator("form[data-order='tc {square} {res}']")
    tc.locator("select[name=square]").select_option(home)
    tc.locator("select[name=res]").select_option("Inf")
    assert acted(ann, lambda: tc.get_by_role("button", name="Place Tax Collector").click()) == (
        f"Played: tc {home} Inf"
    )
    done(ann)

    seen = None
    night = 1
    while my_day_or_the_end(ann, night):
        view = api(ann, gid, "view")["view"]
        assert view["night"] == night and view["you"]["alive"]
        board = table(ann)
        if night < ORDERED:
            expect(board.locator(f"td[data-square='{home}'] .nob-home")).to_have_count(1)
            for u in view["you"]["units"]:
                cell = board.locator(f"td[data-square='{u['square']}']")
                expect(cell.locator(".nob-unit", has_text=u["id"])).to_have_count(1)
            if night == 2:  # what the page shows while every bot's orders are in
                seen = (night, html.unescape(board.inner_html()), len(view["you"]["orders"]))
            order_a_day(ann, home, ("MP", "$")[night - 1])
            if night == 2:
                ann.shot("noblesse-table")
                on_a_phone(visitor, ann, gid)
        done(ann)
        night += 1

    assert ann.over()
    outcome = page.locator("#live .outcome")
    expect(outcome).to_contain_text("The game is over")
    # a faction's victory (NSE-A04), not a cap
    expect(outcome).to_contain_text(re.compile(r": (military|dynastic|alliance|supremacy)"))
    # and in words, with every player's badge filled
    summary = api(ann, gid, "view")["view"]["outcome"]["details"]["summary"]
    assert re.search(r"wins an? (Military|Dynastic|Alliance|Supremacy) Victory: ", summary)
    expect(outcome).to_contain_text(summary)
    badges = page.locator(".players .player b").all_inner_texts()
    assert len(badges) == 8 and all(b.startswith(("winner", "lost", "out of")) for b in badges)
    assert any(b.startswith("winner: ") for b in badges), badges
    expect(table(ann).locator(".nob-phase")).to_contain_text("The game is over")
    assert page.locator("form.nob-form").count() == 0  # no controls after the end
    ann.shot("noblesse-over")
    assert night > ORDERED, "the game ended before the human's orders were tried"

    # (b) the page at Day 2 showed nothing of another house's secrets
    record = api(ann, gid, "record")
    me = record["players"][0]
    mine = [i for i, (who, _t, _at) in enumerate(record["actions"]) if who == me]
    night, shown, _ = seen
    at = _first_of_day(record, night)
    m = Match.replay(record, upto=min(i for i in mine if i >= at))
    assert m.state.night == night
    everything = m.view(MODERATOR)
    mine_view = m.view(0)["you"]
    known = {mine_view["role"]} | {
        x["role"] for x in mine_view.get("faction_leader", {}).get("members", [])
    }
    factions = {f["name"] for f in everything["factions"]}
    for house in everything["players"][1:]:
        if house["role"] not in known | factions:
            assert house["role"] not in shown, f"{house['name']}'s role shows"
        for o in house["orders"]:
            if house["home"] and house["home"] in o.split():  # "... at A1", not "... at A10"
                assert not re.search(re.escape(o) + r"(?!\d)", shown), (
                    f"{house['name']}'s order {o!r} shows"
                )
        for line in house["report"]:
            if line.startswith("Income:") or line.startswith("Spy at"):
                continue
            assert line not in shown, f"{house['name']}'s report shows {line!r}"
    assert ann.errors == []


def _first_of_day(record: dict, night: int) -> int:
    """The index of the first action of Day ``night`` (after Night ``night`` resolved)."""
    low, high = 0, len(record["actions"])
    while low < high:
        middle = (low + high) // 2
        if Match.replay(record, upto=middle).state.night >= night:
            high = middle
        else:
            low = middle + 1
    return low


# -- the controls ------------------------------------------------------------------------------


def test_controls_play_what_they_say_and_a_bad_order_changes_nothing(visitor):
    ann = visitor().sign_up()
    gid = ann.create("noblesse", 8, max_nights=2)
    ann.take_seat(0)
    ann.seat_bots(range(1, 8))
    ann.start()
    page = ann.page
    my_day(ann, 0)
    # before the set-up, only the set-up form; an order typed now is refused
    assert page.locator("form.nob-setup").count() == 1
    assert page.locator("form[data-order^='recruit {kind}']").count() == 0
    ann.type_order("move U1 to A2")
    expect(page.locator("#order-msg")).to_contain_text("submit your setup first")
    clear_box(ann)
    home = set_up(ann)
    done(ann)
    my_day(ann, 1)
    before = api(ann, gid, "view")["view"]["you"]
    uid = before["units"][0]["id"]
    ann.type_order("move U99 to A1")
    expect(page.locator("#order-msg")).to_contain_text("U99 is not your unit")
    ann.type_order(f"recruit Regiment led by courtier with C1 x4, F6 x2 at {home}")
    expect(page.locator("#order-msg")).to_contain_text("a Regiment needs")
    clear_box(ann)
    assert api(ann, gid, "view")["view"]["you"]["orders"] == before["orders"] == []
    expect(page.locator(".nob-mine-orders")).to_contain_text("No orders yet.")
    # the disband button plays "disband U..", and its cancel button takes it back
    said = acted(ann, lambda: page.get_by_role("button", name=f"Disband {uid}", exact=True).click())
    assert said == f"Played: disband {uid}"
    assert api(ann, gid, "view")["view"]["you"]["orders"] == [f"disband {uid}"]
    said = acted(
        ann, lambda: page.get_by_role("button", name=f"Cancel order 1: disband {uid}").click()
    )
    assert said == "Played: cancel 1"
    assert api(ann, gid, "view")["view"]["you"]["orders"] == []
    assert ann.errors == []


# -- treaties, drawn from the reader's own events (no browser needed) --------------------------

TREATY = """propose treaty to {to}
Faction 1 promises:
"The Pape" "will not" enter "row(s) within the letter(s) D" on the game board, with "any units" "for 4 cycles";
Faction 2 promises:
the "{to}" "will not" seek control of "C3" "and/or" "place spies on the estate" "for 4 cycles".
Penalties:
the offending faction's leader pays the offended faction leader the "3" of "Money" "within 2 cycles".
Expiration:
the treaty is ended "at the start of 5 cycles" from the moment the treaty starts.
Status: Neutral"""  # noqa: E501


def drawn(m: Match, seat: int | None) -> str:
    """The table as ``Pages.context`` would give it to ``seat``."""
    from bureau.web import tables
    from bureau.web.pages import _environment

    events = [e for e in m.events if e.visible_to(seat)]
    ctx = {
        "id": 1, "game": "noblesse", "names": list(m.names), "seat": seat,
        "view": m.view(seat), "pending": list(m.pending()), "outcome": None,
        "legal": [str(a) for a in m.game.legal_actions(m.state, seat)] if seat is not None else [],
        "events": [
            {"n": i, "kind": e.kind, "text": m.game.describe(m.state, e), "data": e.to_json()}
            for i, e in enumerate(events, 1)
        ][::-1],
        "moderator": seat == MODERATOR,
    }  # fmt: skip
    return html.unescape(tables.render(_environment(), "noblesse", ctx))


def words(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split()).replace(" :", ":").replace(" ;", ";")


def test_treaties_offered_signed_and_declined_show_to_their_faction_leaders():
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    # Ann leads The Pape, Cat Le Roi des Fleurs, Eve The Twice Crowned King; Ben is Ann's man
    m = Match("noblesse", names, seed=1, options={"roles": "1,2,4,5,7,8,10,11"})
    for seat in range(8):
        m.play(seat, m.game.legal_actions(m.state, seat)[0])
        m.play(seat, "done")
    m.play(0, TREATY.format(to="Le Roi des Fleurs"))
    m.play(0, TREATY.format(to="The Twice Crowned King"))
    cat = drawn(m, 2)
    assert "Treaty 1 offered by The Pape to Le Roi des Fleurs: open" in words(cat)
    assert 'data-action="sign treaty 1"' in cat and 'data-action="reject treaty 1"' in cat
    assert "Treaty 2" not in cat  # not addressed to him
    ann = drawn(m, 0)
    assert 'data-action="sign treaty' not in ann  # the proposer answers nothing
    assert 'data-action="reject treaty 1"' in ann and "Withdraw treaty 1" in ann
    assert "Treaty" not in drawn(m, 1) and "Treaty" not in drawn(m, None)
    m.play(2, "sign treaty 1")
    m.play(4, "reject treaty 2")
    cat, ann = drawn(m, 2), drawn(m, 0)
    assert "Treaty 1 signed between The Pape and Le Roi des Fleurs; it starts at Night 2" in words(
        cat
    )
    assert 'data-action="sign treaty 1"' not in cat
    # the faction's treaties come from the leader's view, however long ago they were signed
    assert "Treaty 1 with The Pape: signed, in force from Night 2" in words(cat)
    assert "Treaty 1 with Le Roi des Fleurs: signed, in force from Night 2" in words(ann)
    assert "Treaty 2 declined by The Twice Crowned King" in words(ann)
    assert "Treaty 2" not in cat


# -- a treaty proposed from the form -----------------------------------------------------------


def created(v: Visitor, players: int, options: dict) -> int:
    """A Noblesse table created through the API from the page (``explained.created``)."""
    return explained.created(v, "noblesse", players, options)


def set_up_and_done(v: Visitor) -> None:
    expect(table(v).locator("form.nob-setup")).to_be_visible(timeout=30_000)
    settle(v)
    set_up(v)
    done(v)


def test_a_faction_leader_proposes_a_treaty_from_the_form(visitor):
    """NSE-99, NSE-100: Ann, the Pape's Faction Leader, writes a treaty in her table's
    form; Cat, Le Roi des Fleurs's, sees it offered with its lines as written and signs
    it; the record replays to a treaty that started at Night 2."""
    ann = visitor().sign_up()
    gid = created(ann, 8, {"roles": "1,2,4,5,7,8,10,11", "max_nights": 2})
    link = ann.page.locator("input.invite").input_value()
    cat = visitor().sign_up()
    cat.go(link)
    cat.take_seat(2)
    ann.go(f"/games/{gid}")
    ann.take_seat(0)
    ann.seat_bots([1, 3, 4, 5, 6, 7])
    ann.start()
    cat.page.wait_for_selector("#live")  # his page reloads itself when the game starts
    set_up_and_done(ann)
    set_up_and_done(cat)
    for v in (ann, cat):
        expect(table(v).locator(".nob-phase")).to_contain_text("Day 1:", timeout=30_000)
    expect(ann.page.locator(".player.acting")).to_have_count(2, timeout=30_000)  # bots done
    settle(cat)
    settle(ann)

    # only a Faction Leader has the form; Ann's offers the other factions
    form = ann.page.locator("form.nob-treaty")
    expect(form).to_have_count(1)
    options = form.locator("select[name=to] option").all_inner_texts()
    assert options == ["Le Roi des Fleurs", "The Twice Crowned King", "The Alliance of States"]
    body = TREATY.format(to="Le Roi des Fleurs").split("\n", 1)[1]
    form.locator("select[name=to]").select_option("Le Roi des Fleurs")
    form.locator("textarea[name=text]").fill(body)
    said = acted(ann, lambda: form.get_by_role("button", name="Propose treaty").click())
    assert said.startswith("Played: propose treaty to Le Roi des Fleurs")

    # Cat's page: offered, its text line by line, the event in plain words; he signs it
    offer = table(cat).locator(".nob-diplomacy li", has_text="Treaty 1 offered")
    expect(offer).to_contain_text("Treaty 1 offered by The Pape to Le Roi des Fleurs: open")
    lines = offer.locator("pre").text_content().split("\n")
    assert lines[:2] == ["Faction 1 promises:", body.split("\n")[1]]
    assert "Status: Hostile to Neutral" in lines
    expect(cat.page.locator(".events")).to_contain_text(
        "The Pape proposed treaty 1 to Le Roi des Fleurs."
    )
    said = acted(cat, lambda: cat.page.get_by_role("button", name="Sign treaty 1").click())
    assert said == "Played: sign treaty 1"
    expect(table(ann).locator(".nob-diplomacy")).to_contain_text(
        "Treaty 1 signed between The Pape and Le Roi des Fleurs; it starts at Night 2"
    )
    ann.shot("noblesse-treaty")

    # both done: Night 2 ends the game, and the record holds the running treaty
    settle(ann)
    done(ann)
    settle(cat)
    done(cat)
    expect(ann.page.locator("#live .outcome")).to_be_visible(timeout=30_000)
    m = Match.replay(api(ann, gid, "record"))
    (treaty,) = m.state.treaties
    assert (treaty.id, treaty.f1, treaty.f2, treaty.active) == (1, 0, 1, True)
    assert treaty.text.split("\n")[0] == "Faction 1 promises:"
    assert m.view(None)["statuses"] == [{"factions": ["pape", "fleurs"], "status": "neutral"}]
    assert ann.errors == [] and cat.errors == []
