"""Refusals in the browser: a refusal that cites a rule links to it, leads with its first
sentence and folds the typing help under "how to type it" (the page's split checked on
every refusal random games give); the pop-up says the first sentence and never covers
the order box, on a desktop or a phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from refusals import refusals

from .conftest import PARTS, SHOTS, two_at_a_table
from .test_rules import GAMES, box, in_view

# Seabirds refuses a sealed message for a Stop already resolving, citing SEA-33, and then
# says what may be typed now ('post: TEXT', ...).
LATE = "hide for stop 0: meet at the lighthouse"


def apart(a: list[float], b: list[float]) -> bool:
    """Two boxes (left, top, right, bottom) that do not overlap."""
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_a_refusal_links_its_rule_and_folds_how_to_type_it(visitor):
    phones = iter([False, True])  # Ann at a desk, Ben on a phone
    ann, ben, gid = two_at_a_table(
        lambda: visitor(phone=next(phones)),
        "seabirds", 3, stops=2, air_hours=1, land_hours=1, house_assignment="random",
    )  # fmt: skip
    for v, device in ((ann, "desktop"), (ben, "phone")):
        v.at_table(gid)
        expect(v.page.locator("#order-text")).to_be_attached()
        v.type_order(LATE)
        engine_says = v.api_error("POST", f"/api/games/{gid}/check", {"action": LATE})
        assert "(SEA-33)" in engine_says and engine_says.index("(SEA-33)") < engine_says.index(
            "'post: TEXT'"
        )
        v.expect_message(engine_says)
        message = v.page.locator("#order-msg")
        # the pop-up says the first sentence, links the rule, and keeps off the order box
        toast = v.page.locator("#toast.shown")
        expect(toast).to_contain_text("Stop 0's Resolution has begun")
        expect(toast).not_to_contain_text("post: TEXT")
        expect(toast.get_by_role("link", name="SEA-33")).to_be_visible()
        assert apart(box(v, "#toast"), box(v, "#order")), (box(v, "#toast"), box(v, "#order"))
        SHOTS.mkdir(parents=True, exist_ok=True)  # the window as the reader sees it
        v.page.screenshot(path=SHOTS / f"rules-refusal-{device}.png")
        # the first sentence in full, the rule as a link ...
        said = message.locator(".said")
        expect(said).to_contain_text("Stop 0's Resolution has begun")
        expect(said).not_to_contain_text("post: TEXT")
        rule = said.get_by_role("link", name="SEA-33")
        expect(rule).to_have_attribute("href", "/rules/seabirds#SEA-33")
        # ... the typing help folded away until asked for
        fold = message.locator("details.how")
        help_text = fold.locator(":scope > div")
        expect(help_text).to_be_hidden()
        expect(help_text).to_contain_text("'post: TEXT'")
        fold.locator("summary").click()
        expect(help_text).to_be_visible()
        # checked as typed again: the help stays open as the reader left it
        v.page.locator("#order-text").fill(LATE.replace("0", "00"))
        expect(message.locator(".said")).to_contain_text("Stop 0's Resolution", timeout=5000)
        expect(help_text).to_be_visible()
        # the link leads to the rule
        rule.click()
        expect(v.page).to_have_url(re.compile(r"/rules/seabirds#SEA-33$"))
        in_view(v, "#SEA-33")
        assert v.errors == []


def test_every_refusal_leads_with_its_answer_and_folds_the_typing_help(visitor):
    """The page's split of a refusal (static/messages.js), for each of the thousands that
    random games of every game give to mistyped orders (tests/refusals.py): the engine's
    message in full, then the typing help the engine appended to it, folded; help that
    shows no order to type ('The game is waiting for Ben.') stays in the sentence."""
    v = visitor()
    v.go("/rules")
    cases = [case for game in GAMES for case in refusals(game)]
    assert len(cases) > 2000
    shown = v.page.evaluate(PARTS, [message for message, _ in cases])
    for (message, hint), (said, how) in zip(cases, shown, strict=True):
        assert message.endswith(f". {hint}"), message
        if "'" in hint:
            assert (said, how) == (message[: -len(hint)].rstrip(), hint)
        else:
            assert (said, how) == (message, "")
    assert v.errors == []
