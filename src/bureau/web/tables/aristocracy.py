"""Aristocracy's table: what each building size needs and is worth (from the table's
rule options), who has acted in the step under way, the forced choices the page plays
for its reader, and the end in words. Pure functions of ``ctx``; the template
``templates/tables/aristocracy.html`` draws them.

>>> [(b["kind"], b["cards"], b["points"]) for b in buildings({})]
[('farm', 3, 1), ('estate', 4, 2), ('château', 5, 3)]
>>> print(buildings({"farm_size": 4, "estate_size": 5, "chateau_size": 6})[2]["tip"])
... # doctest: +NORMALIZE_WHITESPACE
Château: an address card and 6 building cards of its rank; complete, it is worth 3
victory points. Each château also raises your hand limit by 1.
"""

from __future__ import annotations

from . import ordinal
from .results import listing, scored, ties, winners_line

KINDS = ("farm", "estate", "château")
OPTION = {"farm": "farm_size", "estate": "estate_size", "château": "chateau_size"}
DEFAULT = {"farm": 3, "estate": 4, "château": 5}
POINTS = {"farm": 1, "estate": 2, "château": 3}  # ARI-67


def buildings(rules: dict) -> list[dict]:
    """Each building size: building cards needed (beside the address card), its victory
    points when complete, and a sentence saying so."""
    out = []
    for kind in KINDS:
        n = rules.get(OPTION[kind], DEFAULT[kind])
        tip = (
            f"{kind.capitalize()}: an address card and {n} building cards of its rank;"
            f" complete, it is worth {POINTS[kind]} victory point{'s' if POINTS[kind] > 1 else ''}."
        )
        if kind == "château":
            tip += " Each château also raises your hand limit by 1."
        out.append({"kind": kind, "cards": n, "points": POINTS[kind], "tip": tip})
    return out


def glory_possible(view: dict, seat: int) -> bool:
    """Could ``seat``'s buildings, by their sizes alone (public), meet Glory: a château
    and a second one, two estates or three farms (ARI-35)? Whether they are complete
    is hidden; sizes are not."""
    counts = {k: 0 for k in KINDS}
    for b in view["players"][seat]["buildings"]:
        counts[b["kind"]] = counts.get(b["kind"], 0) + 1
    c = counts["château"]
    return c >= 1 and (c >= 2 or counts["estate"] >= 2 or counts["farm"] >= 3)


def acted(ctx: dict) -> set[int]:
    """Who has made the step's choice: the committed (secret steps), those before the
    one choosing in Herald order (the Ball, the stalls), those who picked (auction).

    >>> acted({"view": {"step": "ball", "herald": 2, "players": [{}, {}, {}, {}]},
    ...        "pending": [0]})
    {2, 3}
    """
    view = ctx["view"]
    players = view["players"]
    seats = {q for q, p in enumerate(players) if p.get("committed")}
    pending = ctx.get("pending") or []
    if view["step"] in ("ball", "stall") and len(pending) == 1:
        n, herald = len(players), view["herald"]
        seats |= {(herald + i) % n for i in range((pending[0] - herald) % n)}
    if view["step"] == "pick":
        seats |= {q for q, _ in view.get("picks", [])}
    return seats


def forced(ctx: dict) -> dict | None:
    """The reader's only order when everyone could tell it is her only one: Glory
    declined when her buildings' sizes cannot meet it, a pick of the last market card
    left, a stall or Ball with an empty hand."""
    legal = ctx.get("legal") or []
    view, seat = ctx["view"], ctx.get("seat")
    if len(legal) != 1 or seat is None or seat < 0:
        return None
    step, me = view["step"], view["players"][seat]
    key = f"{view['year']}-{view['royal']}-{step}-{legal[0]}"
    if step == "glory" and legal == ["decline"] and not glory_possible(view, seat):
        why = (
            "Glory needs a complete château and a second one, two complete estates or"
            " three complete farms, and your buildings cannot make that yet"
        )
        return {"order": "decline", "why": why, "key": key}
    if step == "pick":
        return {"order": legal[0], "why": "the last market card left to pick", "key": key}
    if step in ("stall", "ball") and me["hand_count"] == 0 and not me.get("stall"):
        return {"order": legal[0], "why": "your hand is empty", "key": key}
    return None


def result(ctx: dict) -> dict:
    """The end in words: the winner and her victory points, how every tie was broken
    (coins, then hand weight, then Herald order: ARI-67..71, ARI-A14)."""
    outcome, names = ctx["outcome"], ctx["names"]
    if outcome.get("capped"):
        return {"lines": [winners_line(names, outcome, "")]}
    details = outcome.get("details") or {}
    vp = [int(s) for s in outcome["scores"]]
    coins = details.get("coins") or [0] * len(names)
    weight = details.get("hand_weight") or [0] * len(names)
    herald = ctx["view"].get("herald", 0)
    n = len(names)
    order = [(q - herald) % n for q in range(n)]  # place in Herald order, 0 first
    keys = [(vp[q], coins[q], weight[q], -order[q]) for q in range(n)]
    shown = [(vp[q], coins[q], weight[q], ordinal(order[q] + 1)) for q in range(n)]
    won = outcome.get("winners") or []
    best = vp[won[0]] if won else 0
    lines = [
        winners_line(names, outcome, f"{best} victory point{'s' if best != 1 else ''}")
        + " Complete buildings score château 3, estate 2, farm 1."
    ]
    lines += ties(
        names,
        keys,
        outcome["ranking"],
        ["victory points", "coins", "hand weight", f"Herald order ({names[herald]} first)"],
        shown=shown,
    )
    return {"lines": lines, "badges": scored(outcome, [f"{v} VP" for v in vp])}


def prepare(ctx: dict) -> dict:
    """What the template draws beyond the view: the building sizes and their worth."""
    sizes = buildings(ctx.get("rules") or {})
    return {"buildings": sizes, "by_kind": {b["kind"]: b for b in sizes}, "listing": listing}
