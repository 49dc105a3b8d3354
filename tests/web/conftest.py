"""Browser tests: a real ``bureau serve`` and Debian's Chromium driven by Playwright.

``browser`` is one headless Chromium per test module; ``site`` a server for the module.
``Visitor`` wraps a page with the steps people take (sign up, create a table, seat bots,
start, act through the table's controls) and collects the page's JavaScript errors,
which every test expects to stay empty. Screenshots go to ``SHOTS`` for review.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect, sync_playwright

from bureau.engine import Match
from bureau.engine.record import parse_time
from bureau.server.localservices import ServerProcess

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(os.environ.get("BUREAU_SHOTS", Path(__file__).resolve().parents[2] / "screenshots"))
PASSWORD = "password123"
_names = itertools.count(1)
HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    """Each browser module's tests run on one worker (``--dist loadgroup``), so that its
    server, its browser and its whole games (module fixtures) start once, not once on
    each worker that runs one of its tests."""
    for item in items:
        if item.path.parent == HERE:
            item.add_marker(pytest.mark.xdist_group(f"web-{item.path.stem}"))


@pytest.fixture(scope="module")
def site(request, tmp_path_factory):
    """``bureau serve`` for a test module. A module that sets ``ARRANGED = "why"`` gets a
    server started with ``--allow-fixtures`` (tables with a chosen deal); the rest get the
    server as it runs by default."""
    arranged = bool(getattr(request.module, "ARRANGED", None))
    server = ServerProcess(tmp_path_factory.mktemp("site"), allow_fixtures=arranged).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (./run test does)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


# Buttons, fields and lists with no name: no aria-label(ledby), no text, no label, no title.
UNNAMED = """root => [...document.querySelectorAll(
    `${root} :is(button, input:not([type=hidden]), select, textarea)`)]
  .filter(el => el.offsetParent !== null || el.closest('details'))
  .filter(el => {
    if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return false;
    if (el.tagName === 'BUTTON' && el.textContent.trim()) return false;
    if (el.labels && [...el.labels].some(l => l.textContent.trim())) return false;
    return !el.getAttribute('title');
  })
  .map(el => el.outerHTML.slice(0, 160))"""


# Messages split as the page splits them: [first sentence, typing help] for each
# (static/messages.js).
PARTS = """async texts => {
    const { parts } = await import("/static/messages.js");
    return texts.map(text => { const { said, how } = parts(text); return [said, how]; });
}"""


class Visitor:
    """One person in one browser context (own cookies), on ``site``."""

    def __init__(
        self, browser, site, name: str | None = None, phone: bool = False, touch: bool = False
    ):
        """``phone``: a 390 x 844 window; ``touch``: a phone with a touch screen, which taps
        (explained.TouchVisitor)."""
        size = {"width": 390, "height": 844} if phone or touch else {"width": 1280, "height": 900}
        self.context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.site = site
        self.name = name or f"P{os.getpid() % 1000}x{next(_names)}"
        self.errors: list[str] = []
        self.frames: list[str] = []  # every WebSocket frame this page received
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)
        self.page.on("websocket", self._watch)

    def _console(self, message) -> None:
        # A refused order is the API's 4xx, which Chromium also logs: expected, not an error.
        refused = "the server responded with a status of 4" in message.text
        if message.type == "error" and not refused:
            self.errors.append(message.text)

    def api(self, method: str, path: str, body: dict) -> dict:
        """The API's answer to a request made from the page (its cookie and CSRF token)."""
        return self.page.evaluate(
            """async ([method, path, body]) => {
                const csrf = document.querySelector('meta[name="csrf"]').content;
                const r = await fetch(path, {method, body: JSON.stringify(body),
                    headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}});
                return await r.json();
            }""",
            [method, path, body],
        )

    def api_error(self, method: str, path: str, body: dict) -> str:
        """The API's error for a request made from the page."""
        return self.api(method, path, body).get("error")

    def _watch(self, socket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def go(self, path: str) -> None:
        """Open ``path`` (on the site, or an absolute link such as an invitation). A seats
        page reloads itself when another visitor changes the seats; a navigation that
        reload cut short is made again."""
        url = path if path.startswith(("http://", "https://")) else self.site.url + path
        try:
            self.page.goto(url)
        except PlaywrightError as error:
            if "ERR_ABORTED" not in str(error):
                raise
            self.page.goto(url)

    def at_table(self, gid: int) -> None:
        """On the game's live table. A page open on the table's seats reloads itself when
        the game starts: wait for that instead of navigating over it."""
        if self.page.url.split("?")[0].endswith(f"/games/{gid}"):
            self.page.wait_for_selector("#live")
        else:
            self.go(f"/games/{gid}")

    def sign_up(self) -> Visitor:
        self.go("/")
        form = self.page.locator("form[data-api='/api/accounts']")
        form.get_by_label("Name").fill(self.name)
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Sign up").click()
        self.page.wait_for_selector("#create")
        return self

    def log_in(self) -> Visitor:
        """Log in from the lobby's form, as ``name`` (signed up before)."""
        self.go("/")
        form = self.page.locator("form[data-api='/api/login']")
        form.get_by_label("Name").fill(self.name)
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Log in").click()
        self.page.wait_for_selector("#create")
        return self

    def create(self, game: str, players: int, **options) -> int:
        """Create a table from the lobby's form; returns its id (the page is on it)."""
        self.go("/")
        self.page.select_option("select[name=game]", game)
        self.page.fill("input[name=players]", str(players))
        fieldset = self.page.locator(f"fieldset[data-game='{game}']")
        if options:
            fieldset.locator("summary").click()
        for name, value in options.items():
            field = fieldset.locator(f"[name='options.{name}']")
            if field.evaluate("f => f.tagName") == "SELECT":
                field.select_option(str(value).lower() if isinstance(value, bool) else str(value))
            else:
                field.fill(str(value))
        self.page.get_by_role("button", name="Create").click()
        self.page.wait_for_url(re.compile(r".*/games/\d+$"))
        return int(self.page.url.rsplit("/", 1)[1])

    def take_seat(self, seat: int) -> None:
        self.page.get_by_role("button", name=f"Take seat {seat + 1}").click()
        self.page.wait_for_selector("text=Leave")

    def seat_bots(self, seats, bot: str = "random") -> None:
        for seat in seats:
            button = self.page.get_by_role("button", name=f"Seat a bot in seat {seat + 1}")
            button.locator("xpath=..").locator("select").select_option(bot)
            button.click()
            # The reloaded page has no such button; the old one must not take the next click.
            expect(button).to_have_count(0)
            self.page.wait_for_load_state()

    def start(self) -> None:
        self.page.get_by_role("button", name="Start the game").click()
        self.page.wait_for_selector("#live")

    def quiet(self, selector: str, ms: int = 400) -> None:
        """Until the element at ``selector`` has not been drawn again for ``ms``: a late
        redraw would reset a form being filled in."""
        for _ in range(40):
            self.page.evaluate(
                f"document.querySelector('{selector}')?.setAttribute('data-mark', '')"
            )
            self.page.wait_for_timeout(ms)
            if self.page.locator(f"{selector}[data-mark]").count():
                return

    def over(self) -> bool:
        return self.page.locator("#live .outcome").count() > 0

    def legal(self) -> list[str]:
        """The orders the page offers now (the buttons, or the suggestions' list)."""
        return self.page.locator("#legal-list option").evaluate_all(
            "options => options.map(o => o.value)"
        )

    def type_order(self, text: str) -> None:
        """Type an order into the order box and play it; waits for the answer (the box's
        last answer is cleared first, or a previous order's "Played: ..." would pass)."""
        self.page.evaluate("document.querySelector('#order-msg').textContent = ''")
        box = self.page.locator("#order-text")
        box.fill(text)
        self.page.get_by_role("button", name="Play", exact=True).click()
        self.page.wait_for_function(
            "document.querySelector('#order-msg').textContent.startsWith('Played')"
            " || document.querySelector('#order-text').getAttribute('aria-invalid') === 'true'"
            " || document.querySelector('#order-msg').textContent.length > 0"
        )

    def refused(self, gid: int, order: str) -> None:
        """Type an order the engine refuses: the page shows the engine's own message, the
        game stays as it was, and the box is emptied again (no late check comes back)."""
        before = self.page.request.get(f"{self.site.url}/api/games/{gid}/view").json()
        self.type_order(order)
        engine_says = self.api_error("POST", f"/api/games/{gid}/check", {"action": order})
        self.expect_message(engine_says)
        expect(self.page.locator("#order-text")).to_have_attribute("aria-invalid", "true")
        after = self.page.request.get(f"{self.site.url}/api/games/{gid}/view").json()
        assert after["view"] == before["view"], f"a refused {order!r} changed the game"
        self.page.locator("#order-text").fill("")
        expect(self.page.locator("#order-msg")).to_have_text("")

    def expect_message(self, text: str, slot: str = "#order-msg") -> None:
        """The slot shows the engine's ``text`` as the page says a refusal: its first
        sentence in full (``.said``), and the typing help it ends with folded under "how to
        type it" (static/messages.js, ``parts``)."""
        [(said, how)] = self.page.evaluate(PARTS, [text])
        where = self.page.locator(slot)
        expect(where.locator(":scope > .said")).to_have_text(said)
        folded = where.locator(":scope > details.how")
        if how:
            expect(folded.locator("summary")).to_have_text("how to type it")
            expect(folded.locator(":scope > div")).to_have_text(how)
        else:
            expect(folded).to_have_count(0)

    def unnamed_controls(self, root: str = "main") -> list[str]:
        """The controls under ``root`` that a screen reader could not name."""
        return self.page.evaluate(UNNAMED, root)

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=path, full_page=True)
        return path

    def close(self) -> None:
        self.context.close()


def two_at_a_table(make, game: str, players: int, **options) -> tuple[Visitor, Visitor, int]:
    """Ann creates a table and takes seat 0, Ben follows her invitation into seat 1, bots
    fill the rest; both pages end on the started table. Returns (ann, ben, game id)."""
    ann, ben = make().sign_up(), make().sign_up()
    gid = ann.create(game, players, **options)
    link = ann.page.locator("input.invite").input_value()
    ann.take_seat(0)
    ben.go(link)
    ben.take_seat(1)
    ann.seat_bots(range(2, players))
    ann.start()
    ben.at_table(gid)
    return ann, ben, gid


def facts_at_every_step(record: dict, facts) -> list:
    """``facts(match)`` at the start and after each action of a game record: what the
    engine knew at every moment a page may have shown."""
    m = Match.replay(record, upto=0)
    out = [facts(m)]
    for who, text, *at in record["actions"]:
        m.play(m.seat(who), text, parse_time(at[0] if at else None))
        out.append(facts(m))
    return out


@pytest.fixture
def visitor(browser, site):
    made: list[Visitor] = []

    def make(name: str | None = None, phone: bool = False) -> Visitor:
        v = Visitor(browser, site, name, phone)
        made.append(v)
        return v

    yield make
    for v in made:
        v.close()
