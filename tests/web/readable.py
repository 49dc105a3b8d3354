"""Helpers for the browser tests of tables a newcomer can read on any screen: a phone
that taps, controls whose accessible names do not match what they show, explanations
that pop up (tables arranged through the API: explained.created)."""

from __future__ import annotations

from .conftest import Visitor
from .explained import TouchVisitor, in_view


class Phone(TouchVisitor):
    """``name``'s account on a 390 × 844 touch screen (taps focus what they touch), logged
    in."""

    def __init__(self, browser, site, name: str):
        super().__init__(browser, site, name)
        self.log_in()


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


def order_box_at_hand(v: Visitor) -> None:
    """Scrolled to the top, a third and half of the way down, and the bottom, the order
    box and its whose-turn line are on screen."""
    page = v.page
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in (0, height // 3, height // 2, height):
        page.evaluate(f"scrollTo(0, {y})")
        page.wait_for_timeout(100)
        assert in_view(v, "#order-text"), f"the order box is off screen at {y}"
        assert in_view(v, "#turn-line"), f"whose turn is off screen at {y}"
