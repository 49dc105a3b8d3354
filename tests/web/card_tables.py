"""Helpers for the card games' browser tests: what a table shows (card faces, control
values), the orders the page offers once it agrees with the engine, and playing one."""

from __future__ import annotations

import re
from collections import Counter

from playwright.sync_api import expect

from .conftest import Visitor

CARD = re.compile(r"^(10|[2-9AJQK])[SHDC]$")


def api(v: Visitor, gid: int, what: str):
    return v.page.request.get(f"{v.site.url}/api/games/{gid}/{what}").json()


def my_orders(v: Visitor, gid: int) -> list[str] | None:
    """The orders the engine offers me now, once the page shows the same ones; None at the
    end. Bots act on the server in between, so both are read until they agree."""
    for _ in range(300):
        if v.over():
            return None
        legal = api(v, gid, "legal")["actions"]
        if legal and v.legal() == legal[:500]:
            v.page.wait_for_timeout(60)
            if v.legal() == legal[:500]:
                return legal
        v.page.wait_for_timeout(100)
    raise AssertionError("the page never offered the engine's orders")


def acted(v: Visitor, do) -> str:
    """Do one thing on the page that plays an order; the order box's answer."""
    v.page.evaluate("document.querySelector('#order-msg').textContent = ''")
    do()
    msg = v.page.locator("#order-msg")
    expect(msg).not_to_have_text("")
    v.page.wait_for_timeout(120)  # the table refreshes after the answer
    return msg.inner_text()


def table(v: Visitor):
    return v.page.locator("#live .table-area").first


def faces(v: Visitor) -> list[str]:
    """Every card face drawn on the table (as '7 of hearts'), and every value a control
    offers; face-down cards have no face."""
    shown = table(v).locator("svg.card:not(.back) title").all_text_contents()
    values = (
        table(v)
        .locator("input, option, button")
        .evaluate_all("els => els.map(e => e.value || e.dataset.action || '')")
    )
    return shown + [x for x in values if x]


def cards_in(value) -> list[str]:
    """Every card code in a view (any depth)."""
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in cards_in(v)]
    if isinstance(value, list):
        return [c for v in value for c in cards_in(v)]
    return []


def word(code: str) -> str:
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[code[-1]]
    return f"{code[:-1]} of {suit}"


def check(v: Visitor, selector: str, values: list[str]) -> None:
    """Tick one checkbox per value (a value twice ticks two copies)."""
    used: Counter = Counter()
    for value in values:
        boxes = v.page.locator(f"{selector} input[value='{value}']:not([disabled])")
        boxes.nth(used[value]).check()
        used[value] += 1


# -- one decision, through the table's controls ---------------------------------------------------


def settled(v: Visitor, gid: int) -> tuple[dict, list[str], str]:
    """My view and what the page draws of it, read once neither changes across the other:
    the bots of a simultaneous step act on the server meanwhile, and a view paired with a
    page one move older or newer would mistake the move's public cards for a leak."""
    for _ in range(100):
        view = api(v, gid, "view")["view"]
        shown = faces(v)
        v.page.wait_for_timeout(60)
        if api(v, gid, "view")["view"] == view and faces(v) == shown:
            return view, shown, table(v).inner_text()
    raise AssertionError("the table never settled")


def play_through(ann: Visitor, gid: int, game: str, decide, worth_a_shot) -> dict:
    """Ann plays her seat to the end through the table, ``decide(ann, legal, view,
    played)`` choosing each order; what the page showed at each of her decisions is kept
    (for the leak checks), and ``<game>-table`` is shot at the first view
    ``worth_a_shot``, ``<game>-over`` at the end."""
    played: list[str] = []
    seen: list[tuple[dict, list[str], str]] = []
    shot = False
    while (legal := my_orders(ann, gid)) is not None:
        seen.append(settled(ann, gid))
        view = seen[-1][0]
        if not shot and worth_a_shot(view):
            ann.shot(f"{game}-table")
            shot = True
        answer = decide(ann, legal, view, played)
        assert answer.startswith("Played: "), answer
        played.append(answer.removeprefix("Played: "))
    if not shot:
        ann.shot(f"{game}-table")
    expect(ann.page.locator("#live .outcome")).to_be_visible()
    ann.shot(f"{game}-over")
    record = api(ann, gid, "record")
    return {"visitor": ann, "gid": gid, "played": played, "seen": seen, "record": record}
