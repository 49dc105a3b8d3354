"""One player's page and WebSocket traffic never carry another's hidden cards, orders
or private messages: two people at one Aristocracy table (two browser contexts) and a
bot; after every move Ann's table shows no card her own view (from the API) lacks, and
no frame pushed to her holds another seat's hand."""

from __future__ import annotations

import json
import random
from collections import Counter

import httpx
from playwright.sync_api import expect

from bureau.cards import parse_card
from bureau.web.tables import card_face

from .conftest import two_at_a_table


def strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value


def cards_in(view: dict) -> Counter:
    """Every card the view names, as the table labels them."""
    found = Counter()
    for s in strings(view):
        try:
            parse_card(s)
        except ValueError:
            continue
        found[card_face(s)["label"]] += 1
    return found


def shown(visitor) -> Counter:
    labels = visitor.page.locator("#live svg.card:not(.back)").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    return Counter(labels)


def own_view(visitor, gid: int) -> dict:
    return visitor.page.request.get(f"{visitor.site.url}/api/games/{gid}/view").json()


def steady_page(visitor, gid: int) -> tuple[dict, Counter]:
    """The reader's view and the cards her freshly loaded page shows, from one moment
    of the game (bots move meanwhile: the view must be the same before and after)."""
    for _ in range(20):
        before = own_view(visitor, gid)["view"]
        visitor.page.reload()
        cards = shown(visitor)
        if own_view(visitor, gid)["view"] == before:
            return before, cards
    raise AssertionError("the game never held still for a page load")


def test_a_page_shows_only_its_readers_cards_and_messages(visitor, site):
    rng = random.Random(5)
    ann, ben, gid = two_at_a_table(visitor, "aristocracy", 3, max_years=1)
    moves = 0
    while moves < 30 and not ann.over():
        acted = False
        for person in (ann, ben):
            person.page.reload()
            orders = person.legal()
            if orders:
                person.type_order(rng.choice(orders))
                acted, moves = True, moves + 1
            view, cards = steady_page(ann, gid)
            extra = set(cards) - set(cards_in(view))  # a card may be drawn twice: stall, control
            assert not extra, f"Ann's page shows cards her view does not hold: {extra}"
            assert cards or not view["players"][0].get("hand")
        if not acted:
            ann.page.wait_for_timeout(200)
    assert moves >= 5
    # Ben writes privately to the bot's seat: Ann never sees it, on the page or the wire.
    secret = "meet me behind the stables"
    to = ben.page.locator("select[name=to] option").evaluate_all(
        "options => options.map(o => o.value)"
    )
    ben.page.locator("select[name=to]").select_option("private:2")
    assert "private:2" in to
    ben.page.locator("textarea[name=text]").fill(secret)
    ben.page.get_by_role("button", name="Send").click()
    expect(ben.page.locator("#talk")).to_contain_text(secret)
    ann.page.wait_for_timeout(1000)
    assert secret not in ann.page.content()
    for frame in ann.frames:
        assert secret not in frame
        data = json.loads(frame)
        for i, player in enumerate((data.get("view") or {}).get("players", [])):
            assert i == 0 or "hand" not in player, "a frame carried another seat's hand"
    assert ann.frames, "Ann's page received nothing over its WebSocket"
    assert ann.errors == [] and ben.errors == []
    httpx.get(f"{site.url}/api/games/{gid}")  # the server is still answering
