"""Helpers for the browser tests of tables a newcomer can read on any screen: tables
arranged through the API, a phone that taps, controls whose accessible names do not
match what they show, explanations that pop up."""

from __future__ import annotations

from .conftest import PASSWORD, Visitor


def created(v: Visitor, game: str, players: int, options: dict) -> int:
    """A table created through the API from the page (fixture options are not on the
    lobby's form); the page then shows its seats."""
    gid = v.page.evaluate(
        """async (body) => {
            const csrf = document.querySelector('meta[name="csrf"]').content;
            const r = await fetch('/api/games', {method: 'POST', body: JSON.stringify(body),
                headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf}});
            return (await r.json()).id;
        }""",
        {"game": game, "players": players, "options": options},
    )
    v.go(f"/games/{gid}")
    return gid


class Phone(Visitor):
    """``name``'s account on a 390 × 844 touch screen (taps focus what they touch)."""

    def __init__(self, browser, site, name: str):
        super().__init__(browser, site, name, phone=True)
        self.context.close()
        self.context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)
        self.page.on("websocket", self._watch)
        self.go("/")
        form = self.page.locator("form[data-api='/api/login']")
        form.get_by_label("Name").fill(name)
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Log in").click()
        self.page.wait_for_selector("#create")


# A control whose accessible name leaves out the words it shows (WCAG 2.5.3, label in
# name): buttons and links by their text, fields by their <label>'s own words.
MISNAMED = """root => {
  const norm = s => (s || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const out = [];
  for (const el of document.querySelectorAll(
      `${root} :is(button, a[href], select, input:not([type=hidden]), textarea)`)) {
    if (el.offsetParent === null) continue;
    const label = el.getAttribute('aria-label');
    const by = el.getAttribute('aria-labelledby');
    const named = label ?? (by ? by.split(' ').map(id =>
        document.getElementById(id)?.textContent).join(' ') : null);
    if (named === null) continue;  // named by its own text or label: they match
    let shown;
    if (el.matches('button, a')) shown = el.innerText;
    else {
      const own = [...(el.labels || [])].filter(l => !l.querySelector('svg'));
      shown = own.map(l => [...l.childNodes].filter(n => n.nodeType === 3)
        .map(n => n.textContent).join(' ')).join(' ');
    }
    if (norm(shown) && !norm(named).includes(norm(shown)))
      out.push(`${el.outerHTML.slice(0, 120)} shows ${JSON.stringify(norm(shown))}`);
  }
  return out;
}"""


def misnamed(v: Visitor, root: str = "#live") -> list[str]:
    return v.page.evaluate(MISNAMED, root)


def tip_of(term) -> str:
    """The explanation a term shows now (hovered, tapped or focused): it must be on
    screen, inside the window."""
    tip = term.locator(":scope > .tip")
    tip.wait_for(state="attached")
    tip.evaluate(  # hidden, the text is a clipped 1px box for screen readers only
        """el => new Promise((done, fail) => { let n = 0; const look = () => {
            if (el.getBoundingClientRect().width > 20) return done();
            if (++n > 100) return fail(new Error('the explanation does not show'));
            setTimeout(look, 50); }; look(); })"""
    )
    box = tip.bounding_box()
    page = term.page
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert box["width"] > 20 and box["height"] > 8, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (box, width)
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (box, height)
    return tip.inner_text()


def in_view(locator) -> bool:
    """Is the element (its whole box) within the window now?"""
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"
    )
