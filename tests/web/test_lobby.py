"""The lobby in the browser: signing up and in, creating a table with its options,
invitations, seating bots, starting, spectating, and a phone-sized screen."""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import expect

from .conftest import PASSWORD, SHOTS


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
    mine = ann.page.locator("section[aria-labelledby='mine-h'] tbody tr").first
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
            ann.api("POST", api + "/actions", {"action": legal[0]})
        else:
            ann.page.wait_for_timeout(50)  # the bot's turn
    ann.go(f"/games/{gid}")
    assert ann.over()
    seed = httpx.get(f"{site.url}/api/games/{gid}").json()["fairness"]["seed"]
    expect(ann.page.locator("#fairness .seed")).to_have_text(seed)
    assert ann.errors == []


# -- my games, the tab's badge, notifications, invitations --------------------------------


def api_as(site, name: str, sign_up: bool = False) -> httpx.Client:
    """An API client logged in as ``name`` with a bearer token (signing up first if asked)."""
    http = httpx.Client(base_url=site.url, timeout=30)
    if sign_up:
        r = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
    r = http.post("/api/login", json={"name": name, "password": PASSWORD, "bearer": True})
    http.headers["Authorization"] = f"Bearer {r.json()['token']}"
    return http


def ok(http: httpx.Client, method: str, path: str, body: dict | None = None) -> dict:
    r = http.request(method, path, json=body) if method == "POST" else http.get(path)
    assert r.status_code in (200, 201), (path, r.status_code, r.text)
    return r.json()


def table(owner: httpx.Client, game: str, players: int, seats: dict, **options) -> int:
    """A started table: ``seats`` maps seats to API clients (who join with the
    invitation) or bot kinds."""
    made = ok(owner, "POST", "/api/games", {"game": game, "players": players, "options": options})
    for seat, who in seats.items():
        if isinstance(who, str):
            ok(owner, "POST", f"/api/games/{made['id']}/bots", {"seat": seat, "bot": who})
        else:
            body = {"invite": made["invite"], "seat": seat}
            ok(who, "POST", f"/api/games/{made['id']}/join", body)
    ok(owner, "POST", f"/api/games/{made['id']}/start")
    return made["id"]


def play_until(http: httpx.Client, gid: int, seat: int, done) -> None:
    """``http``'s seat plays its first legal action until ``done(view)``; bots move between."""
    for _ in range(300):
        view = ok(http, "GET", f"/api/games/{gid}/view")
        if done(view):
            return
        if seat in view["pending"]:
            action = ok(http, "GET", f"/api/games/{gid}/legal")["actions"][0]
            ok(http, "POST", f"/api/games/{gid}/actions", {"action": action})
        else:
            time.sleep(0.05)
    raise AssertionError(f"game {gid} never got there")


def waits_for(seat: int):
    return lambda view: seat in view["pending"] or view["outcome"] is not None


def waits_for_other(seat: int):
    return lambda view: seat not in view["pending"]


def test_my_games_and_the_tab_badge_say_what_waits_for_you(visitor, site):
    """My games: game and emblem, title, other players, status line, whose turn, time
    left, result; your turn first, then the nearest deadline; the moderated table marked.
    The tab's title and icon count the games waiting, and follow when one becomes your
    turn, with no reload."""
    ann = visitor().sign_up()
    me = api_as(site, ann.name)
    ben_name = f"Ben{ann.name}"
    ben = api_as(site, ben_name, sign_up=True)
    yours = table(me, "aristocracy", 2, {0: me, 1: "random"}, decision_seconds=600)
    play_until(me, yours, 0, waits_for(0))
    theirs = table(me, "aristocracy", 2, {0: me, 1: ben}, decision_seconds=7200)
    play_until(me, theirs, 0, waits_for_other(0))  # Ann moves first if the deal says so
    over = table(me, "aristocracy", 2, {0: me, 1: "random"}, max_years=1)
    play_until(me, over, 0, lambda view: view["outcome"] is not None)
    # Ann moderates a Noblesse table (she created it, took no seat); Ben plays there.
    modded = table(me, "noblesse", 8, {0: ben, **{s: "random" for s in range(1, 8)}})

    ann.go("/?poll=1")
    rows = ann.page.locator("#mine tbody tr")
    expect(rows).to_have_count(4)
    expect(ann.page).to_have_title("(1) Bureau: the lobby")
    first = rows.nth(0)
    expect(first).to_have_attribute("data-game", str(yours))
    expect(first).to_have_class(re.compile("turn"))
    expect(first.locator("td.game")).to_have_text("Aristocracy")
    assert first.locator(".emblem").get_attribute("data-symbol") == "♛"
    expect(first.locator("td.others")).to_have_text("Bot2")
    expect(first.locator("td.phase")).to_have_text(re.compile(r"^Year 1: \w+"))
    expect(first.locator("td.pending")).to_have_text("your turn")
    expect(first.locator("td.left")).to_have_text(re.compile(r"^(9|10)m \d\ds left$"))
    # Then the running games by their deadlines (Ben's two hours, the Noblesse Day's two
    # days), then the finished one.
    order = [int(rows.nth(i).get_attribute("data-game")) for i in range(4)]
    assert order == [yours, theirs, modded, over]
    second = rows.nth(1)
    expect(second.locator("td.others")).to_have_text(ben_name)
    expect(second.locator("td.pending")).to_have_text(ben_name)
    expect(second.locator("td.left")).to_have_text(re.compile(r"^1h 5\dm \d\ds left$"))
    third = rows.nth(2)
    expect(third.locator(".badge.moderator")).to_have_text("moderator")
    expect(third.locator("td.game")).to_have_text("Noblesse")
    expect(third.locator("td.others")).to_contain_text(ben_name)
    expect(third.locator("td.pending")).to_contain_text(ben_name)
    expect(third.locator("td.phase")).to_have_text("setup")
    expect(third.locator("td.left")).to_have_text(re.compile(r"^1d 23h 5\dm left$"))
    last = rows.nth(3)
    expect(last.locator("td.result")).to_have_text("stopped at its cap: no winner")
    expect(last.locator("td.left")).to_have_text("—")
    icon = ann.page.locator("link[rel=icon]")
    assert "%3E1%3C" in icon.get_attribute("href")  # the count, drawn into the icon

    # Ben moves: Ann's turn there. The list and the badge follow, on the lobby and on a
    # table page alike.
    table_page = visitor()
    table_page.context.add_cookies(ann.context.cookies())
    table_page.go(f"/games/{yours}?poll=1")
    expect(table_page.page).to_have_title(re.compile(r"^\(1\) Bureau: "))
    play_until(ben, theirs, 1, waits_for_other(1))
    expect(ann.page).to_have_title("(2) Bureau: the lobby")
    expect(table_page.page).to_have_title(re.compile(r"^\(2\) Bureau: "))
    assert "%3E2%3C" in icon.get_attribute("href")
    expect(rows.nth(1).locator("td.pending")).to_have_text("your turn")
    shown = [int(rows.nth(i).get_attribute("data-game")) for i in range(4)]
    assert shown == [yours, theirs, modded, over]  # both Ann's turn: the nearer deadline first
    ann.page.evaluate("document.querySelector('#toast').classList.remove('shown')")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.page.locator("#mine").screenshot(path=SHOTS / "lobby-my-games.png")
    # Ann moves in Ben's game: one waits for her again.
    play_until(me, theirs, 0, waits_for_other(0))
    expect(ann.page).to_have_title("(1) Bureau: the lobby")
    expect(rows.nth(1).locator("td.pending")).to_have_text(ben_name)
    for v in (ann, table_page):
        assert v.errors == []


# Records what the page asks of the browser: each notification shown, each tone played.
WATCH_ALERTS = """
window.__notes = [];
window.__tones = 0;
const Real = window.Notification;
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options?.body || "" }); }
  static get permission() { return Real.permission; }
  static requestPermission() { return Real.requestPermission(); }
};
const make = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return make.call(this);
};
"""


def test_notifications_and_sound_only_when_asked(visitor, site):
    """Off until asked: no notification and no sound by default. After a click on "Enable
    notifications" and the Sound box, a game that becomes your turn is announced by both,
    once, and a deadline within the hour by a notification of its own."""
    ann = visitor().sign_up()
    ann.context.grant_permissions(["notifications"], origin=site.url)
    ann.context.add_init_script(WATCH_ALERTS)
    me = api_as(site, ann.name)
    ben = api_as(site, f"Ben{ann.name}", sign_up=True)
    gid = table(me, "aristocracy", 2, {0: me, 1: ben}, decision_seconds=1800)
    play_until(me, gid, 0, waits_for_other(0))  # Ben's turn
    ann.go("/?poll=1")
    expect(ann.page.locator(f"#mine tr[data-game='{gid}'] td.pending")).to_have_text(
        f"Ben{ann.name}"
    )
    button = ann.page.get_by_role("button", name="Enable notifications")
    sound = ann.page.get_by_label("Sound")
    expect(sound).not_to_be_checked()  # off by default
    # Ben moves while nothing is enabled: the badge says so, nothing else does.
    play_until(ben, gid, 1, waits_for_other(1))
    expect(ann.page).to_have_title("(1) Bureau: the lobby")
    assert ann.page.evaluate("[window.__notes.length, window.__tones]") == [0, 0]
    play_until(me, gid, 0, waits_for_other(0))
    expect(ann.page).to_have_title("Bureau: the lobby")

    button.click()
    expect(ann.page.locator("[data-notify]")).to_have_text("Notifications on")
    expect(ann.page.locator("[data-notify]")).to_have_attribute("aria-pressed", "true")
    sound.check()
    assert ann.page.evaluate("window.__tones") == 2  # the sample chime
    play_until(ben, gid, 1, waits_for_other(1))
    ann.page.wait_for_function("window.__notes.length > 0")
    notes = ann.page.evaluate("window.__notes")
    assert notes[0]["title"] == f"Your turn: Aristocracy #{gid}"
    assert re.search(r"Aristocracy · Year 1: \w+ · (29|30)m \d+s left$", notes[0]["body"])
    assert ann.page.evaluate("window.__tones") == 4
    # Announced once: further looks (and another page) say nothing new.
    ann.page.wait_for_timeout(2500)
    assert len(ann.page.evaluate("window.__notes")) == 1
    # A page that knew of the turn but not yet of the deadline (within the hour): it says so.
    ann.page.evaluate(f"localStorage.removeItem('bureau:{ann.name}:near')")
    ann.go("/?poll=1")
    ann.page.wait_for_function("window.__notes.length > 0")
    notes = ann.page.evaluate("window.__notes")
    assert [n["title"] for n in notes] == [f"Deadline near: Aristocracy #{gid}"]
    assert ann.page.evaluate("localStorage.getItem('bureau:sound')") == "on"
    # Turned off again: nothing more.
    ann.page.locator("[data-notify]").click()
    expect(ann.page.locator("[data-notify]")).to_have_text("Enable notifications")
    assert ann.errors == []


def test_an_invitation_is_a_full_link_and_survives_logging_in(visitor, site):
    """The invitation is an absolute link (here on the address the page was asked for;
    --public-url where the server has one). Opened by someone logged out, its page offers
    logging in and signing up; either keeps the invitation and takes a seat."""
    ann = visitor().sign_up()
    gid = ann.create("nobility", 3)
    link = ann.page.locator("input.invite").input_value()
    assert re.fullmatch(re.escape(site.url) + rf"/games/{gid}\?invite=[\w-]+", link), link
    ann.take_seat(0)
    ben_name = f"Ben{ann.name}"
    api_as(site, ben_name, sign_up=True).close()
    ben = visitor()
    ben.go(link)
    expect(ben.page.locator("header a", has_text="Log in")).to_have_attribute("href", "#login")
    form = ben.page.locator("#login form[data-api='/api/login']")
    form.get_by_label("Name").fill(ben_name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Log in").click()
    expect(ben.page.locator("table.seats")).to_contain_text(ben_name)
    expect(ben.page.get_by_role("button", name="Leave")).to_be_visible()
    cat = visitor()
    cat.go(link)
    form = cat.page.locator("#login form[data-api='/api/accounts']")
    form.get_by_label("Name").fill(cat.name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    expect(cat.page.locator("table.seats")).to_contain_text(cat.name)
    seats = httpx.get(f"{site.url}/api/games/{gid}").json()["seats"]
    assert [s["player"] for s in seats] == [ann.name, ben_name, cat.name]
    # The table is full: one more invitee logs in, is told so, and keeps the link.
    dee_name = f"Dee{ann.name}"
    api_as(site, dee_name, sign_up=True).close()
    dee = visitor()
    dee.go(link)
    form = dee.page.locator("#login form[data-api='/api/login']")
    form.get_by_label("Name").fill(dee_name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Log in").click()
    expect(dee.page.locator("#seat-error")).to_contain_text("not seated: no free seat")
    assert dee.page.url == link
    for v in (ann, ben, cat, dee):
        assert v.errors == []


def test_mail_settings_from_the_lobby(visitor, site):
    """An address and which mails to get, chosen in the lobby; the API says the same."""
    ann = visitor().sign_up()
    form = ann.page.locator("form[data-settings]")
    form.get_by_label("E-mail").fill("ann@example.org")
    form.get_by_label("it is your turn").uncheck()
    form.get_by_role("button", name="Save").click()
    expect(form.locator(".error")).to_have_text("Saved.")
    me = ann.page.request.get(f"{site.url}/api/me").json()
    assert me["email"] == "ann@example.org"
    assert me["notify"]["turn"] is False and me["notify"]["deadline"] is True
    ann.go("/")
    expect(ann.page.locator("form[data-settings] input[name=email]")).to_have_value(
        "ann@example.org"
    )
    form = ann.page.locator("form[data-settings]")
    form.get_by_label("E-mail").fill("not an address")
    form.get_by_role("button", name="Save").click()
    expect(form.locator(".error")).not_to_have_text("Saved.")
    # the browser holds the form back (an e-mail field), and the API refuses it too
    assert form.get_by_label("E-mail").evaluate("field => !field.validity.valid")
    refused = ann.api("POST", "/api/me", {"email": "not an address"})
    assert "is not an e-mail address" in refused["error"]
    assert ann.page.request.get(f"{site.url}/api/me").json()["email"] == "ann@example.org"
