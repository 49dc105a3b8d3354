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

from . import places

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


def result(ctx: dict) -> dict:
    """The match's result and each rubber's end in words (the engine's), and each
    seat's badge: ``winner`` or its place, with the rubbers it won."""
    outcome = ctx.get("outcome") or {}
    details = outcome.get("details") or {}
    names = ctx.get("names") or []
    lines = [details["summary"]] if details.get("summary") else []
    lines += details.get("rubber_words", [])
    wins = (ctx.get("view") or {}).get("wins") or [0] * len(names)
    badges = [  # a capped match's "no winner" stays as it is
        place if place == "no winner" else f"{place}, {rubbers_won(wins[q])}"
        for q, place in enumerate(places(outcome, len(names)))
    ]
    return {"lines": lines, "badges": badges}


def rubbers_won(n: int) -> str:
    return f"{n} rubber{'s' if n != 1 else ''} won" if n else "no rubber won"
