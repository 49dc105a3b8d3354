"""What Nobility's table says in words, from the reader's view only: each finished
rubber's end with the tie-break that decided it, and at the end of the match the result
and every player's badge (her place and the rubbers she won).

>>> ctx = {"names": ["Ann", "Ben", "Cat"], "view": {"wins": [0, 0, 1]},
...        "outcome": {"ranking": [3, 2, 1], "winners": [2], "details": {
...            "summary": "Cat wins the match with 1 rubber won (Ann 0, Ben 0).",
...            "rubber_words": ["Rubber 1 to Cat (the others conceded)."]}}}
>>> result(ctx)["badges"]
['3rd, no rubber won', '2nd, no rubber won', 'winner, 1 rubber won']
"""

from __future__ import annotations

from bureau.games.nobility.results import rubber_words

# Orders a click plays only once the reader confirms them (static/nobility.js).
CONFIRM = {
    "concede": "Concede the rubber? Your hand goes face up to the stock discard pile, you"
    " take no more turns and claim no income this rubber, and you rank last in it.",
}


def prepare(ctx: dict) -> dict:
    view = ctx["view"]
    names = ctx.get("names") or [p["name"] for p in view.get("players", [])]
    return {
        "rubbers": [rubber_words(names, r) for r in view.get("rubbers", [])],
        "confirm": CONFIRM,
    }


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def result(ctx: dict) -> dict:
    """The match's result and each rubber's end in words (the engine's), and each
    seat's badge: ``winner`` or its place, with the rubbers it won."""
    outcome = ctx.get("outcome") or {}
    details = outcome.get("details") or {}
    names = ctx.get("names") or []
    lines = [details["summary"]] if details.get("summary") else []
    lines += details.get("rubber_words", [])
    wins = (ctx.get("view") or {}).get("wins") or [0] * len(names)
    ranking = outcome.get("ranking") or []
    if outcome.get("capped") or len(ranking) != len(names):
        return {"lines": lines, "badges": ["no winner"] * len(names)}
    badges = []
    for q, place in enumerate(ranking):
        tied = ranking.count(place) > 1
        head = "winner" if q in (outcome.get("winners") or ()) else ordinal(place)
        head += " (shared)" if tied and head == "winner" else " (tied)" if tied else ""
        won = f"{wins[q]} rubber{'s' if wins[q] != 1 else ''} won" if wins[q] else "no rubber won"
        badges.append(f"{head}, {won}")
    return {"lines": lines, "badges": badges}
