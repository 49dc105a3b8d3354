"""Helpers for the browser tests of tables that explain themselves (issue 21): arranged
tables made through the API, explanations shown on hover, tap and keyboard focus, the
player strip's badges, accessible names against visible labels, and what a phone keeps
in view."""

from __future__ import annotations

import random
import string

from playwright.sync_api import expect

from .conftest import Visitor


def letters_name(prefix: str = "") -> str:
    """A name made of letters only (a Seabirds tell can address it), unique enough."""
    return prefix + "".join(random.choice(string.ascii_lowercase) for _ in range(8)).title()


def created(v: Visitor, game: str, players: int, options: dict) -> int:
    """A table created through the API from the page (fixture options such as a deck
    order are not on the lobby's form); the page then shows its seats."""
    made = v.api("POST", "/api/games", {"game": game, "players": players, "options": options})
    assert "id" in made, made.get("error")
    v.go(f"/games/{made['id']}")
    return made["id"]


class TouchVisitor(Visitor):
    """A visitor on a phone with a touch screen (390 x 844), who taps."""

    def __init__(self, browser, site, name: str | None = None):
        super().__init__(browser, site, name, touch=True)


def tip_of(term):
    """The explanation of a term (``.tipped``)."""
    return term.locator(":scope > .tip")


def shows_tip(v: Visitor, term, text: str) -> None:
    """The term's explanation says ``text`` and pops up, inside the window, on keyboard
    focus, on hover and (on a touch screen) on a tap."""
    tip = tip_of(term)
    expect(tip).to_contain_text(text)
    ways = ("focus", "hover", "tap") if isinstance(v, TouchVisitor) else ("focus", "hover")
    for how in ways:
        v.page.evaluate("document.activeElement?.blur()")
        v.page.mouse.move(0, 0)
        assert _visible_box(v, tip, wait=False) is None, "the explanation shows unasked"
        if how == "focus":
            term.focus()
        elif how == "hover":
            term.hover()
        else:
            term.tap()
        box = _visible_box(v, tip)
        assert box is not None, f"the explanation did not show on {how}"
        width = v.page.viewport_size["width"]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (how, box)
    v.page.evaluate("document.activeElement?.blur()")


def _visible_box(v: Visitor, tip, wait: bool = True) -> dict | None:
    for _ in range(20 if wait else 1):
        box = tip.bounding_box()
        if box and box["width"] > 20 and box["height"] > 10:
            return box
        if wait:
            v.page.wait_for_timeout(50)
    return None


def badges(v: Visitor) -> list[str]:
    """The player strip, one text per seat: ``Ann (you): to act``, ``Ben: ✓ done`` ..."""
    return [" ".join(t.split()) for t in v.page.locator("#live .players .player").all_inner_texts()]


def scored_badges(v: Visitor, outcome: dict, scores: list[str]) -> None:
    """After the end, each seat's badge in the strip is ``winner`` or ``#place``, then its
    score in words (``5 VP``, ``3 blame``)."""
    strip = badges(v)
    for q, score in enumerate(scores):
        place = "winner" if q in outcome["winners"] else f"#{outcome['ranking'][q]}"
        assert strip[q].endswith(f"{place} · {score}"), strip


# A control whose accessible name does not contain its visible label (WCAG 2.5.3): a
# button's own text (not an SVG card's, not a hidden explanation) or its <label>'s.
MISMATCHED = """root => {
  const norm = s => (s || "").replace(/\\s+/g, " ").trim().toLowerCase();
  const visibleText = (el, skip) => [...el.childNodes].map(n => {
    if (n.nodeType === 3) return n.textContent;
    if (n.nodeType !== 1 || skip(n)) return "";
    return visibleText(n, skip);
  }).join(" ");
  const skip = n => n.matches("svg, .tip, select, input, textarea, option, [hidden], .sr-only");
  return [...document.querySelectorAll(
      `${root} :is(button, input:not([type=hidden]), select, textarea)`)]
    .filter(el => el.offsetParent !== null)
    .map(el => {
      const shown = el.tagName === "BUTTON" ? visibleText(el, skip)
        : [...(el.labels || [])].map(l => visibleText(l, skip)).join(" ");
      const by = el.getAttribute("aria-labelledby");
      const name = el.getAttribute("aria-label")
        || (by && by.split(" ").map(id => document.getElementById(id)?.textContent).join(" "))
        || shown || el.title;
      return [norm(shown), norm(name), el.outerHTML.slice(0, 140)];
    })
    .filter(([shown, name]) => shown && !name.includes(shown));
}"""


def mismatched_names(v: Visitor, root: str = "main") -> list:
    """Controls under ``root`` whose accessible name leaves out their visible label."""
    return v.page.evaluate(MISMATCHED, root)


def in_view(v: Visitor, selector: str) -> bool:
    """Is the element wholly inside the window as it is scrolled now?"""
    box = v.page.locator(selector).first.bounding_box()
    size = v.page.viewport_size
    return (
        box is not None
        and box["y"] >= -1
        and box["y"] + box["height"] <= size["height"] + 1
        and box["x"] >= -1
        and box["x"] + box["width"] <= size["width"] + 1
    )


def reachable_while_scrolling(v: Visitor) -> list[tuple[int, bool, str]]:
    """Scroll a phone's page from top to bottom: at each step, is the order box in view,
    and what does its whose-turn line say? The page must be long enough to scroll."""
    height = v.page.evaluate("document.documentElement.scrollHeight")
    seen = []
    for y in range(0, height, 600):
        v.page.evaluate(f"window.scrollTo(0, {y})")
        v.page.wait_for_timeout(60)
        seen.append((y, in_view(v, "#order"), v.page.locator("#turn-line").inner_text()))
    v.page.evaluate("window.scrollTo(0, 0)")
    return seen


def columns_shown_or_said(v: Visitor, scope: str) -> list[str]:
    """Each sideways-scrolling part under ``scope`` either fits the window or shows its
    'scroll sideways' hint; the problems, if any."""
    return v.page.evaluate(
        """scope => [...document.querySelectorAll(`${scope} [data-scroll-x]`)].flatMap(box => {
            const fits = box.scrollWidth <= box.clientWidth + 1;
            const hint = box.previousElementSibling;
            const said = hint && hint.matches('.scroll-hint') && hint.offsetParent !== null;
            return fits || said ? [] : [box.outerHTML.slice(0, 100)];
        })""",
        scope,
    )
