"""The end of a game in words, for the tables' outcome box: who won and by what, and
how each tie was broken (which tie-break decided it, with the numbers), from the
outcome and the public view only.

>>> names = ["Ann", "Ben", "Cat"]
>>> keys = [(5, 3), (5, 1), (2, 9)]
>>> ties(names, keys, [1, 2, 3], ["victory points", "coins"])
['Ann and Ben tie at 5 victory points; the tie-break on coins puts Ann first (3 to 1).']
>>> ties(names, [(5, 3), (5, 3), (2, 0)], [1, 1, 3], ["victory points", "coins"])
['Ann and Ben tie at 5 victory points and on every tie-break (coins 3): they share the place.']
>>> ties(names, [(4,), (4,), (1,)], [1, 1, 3], ["blame"], rule="tied players share the win")
['Ann and Ben tie at 4 blame: tied players share the win.']
>>> scored({"winners": [1], "ranking": [2, 1, 3]}, ["4 VP", "6 VP", "1 VP"])
['#2 · 4 VP', 'winner · 6 VP', '#3 · 1 VP']
"""

from __future__ import annotations


def listing(words: list[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def ties(
    names: list[str],
    keys: list[tuple],
    ranking: list[int],
    labels: list[str],
    rule: str = "",
    shown: list[tuple] | None = None,
) -> list[str]:
    """One sentence per group of seats equal on the first key: the first tie-break
    that tells them apart, with each seat's number on it, or that they share the
    place. ``labels`` name the keys in order; ``shown`` are the numbers to print
    (default ``keys``: a key may be negated to sort, as blame is); ``rule`` replaces
    the tie-break sentence when the game's option shares every tie."""
    shown = shown or keys
    groups: dict = {}
    for q, key in enumerate(keys):
        groups.setdefault(key[0], []).append(q)
    out = []
    for _, seats in sorted(groups.items(), key=lambda kv: min(ranking[q] for q in kv[1])):
        if len(seats) < 2:
            continue
        seats.sort(key=lambda q: (ranking[q], q))
        who = listing([names[q] for q in seats])
        head = f"{who} tie at {shown[seats[0]][0]} {labels[0]}"
        if rule:
            out.append(f"{head}: {rule}.")
            continue
        level = next(
            (k for k in range(1, len(labels)) if len({keys[q][k] for q in seats}) > 1), None
        )
        if level is None:
            equal = ", ".join(f"{labels[k]} {shown[seats[0]][k]}" for k in range(1, len(labels)))
            out.append(f"{head} and on every tie-break ({equal}): they share the place.")
            continue
        same = [f"{labels[k]} ({shown[seats[0]][k]})" for k in range(1, level)]
        also = f", equal on {listing(same)}" if same else ""
        numbers = " to ".join(str(shown[q][level]) for q in seats)
        first = [names[q] for q in seats if ranking[q] == ranking[seats[0]]]
        out.append(
            f"{head}{also}; the tie-break on {labels[level]} puts {listing(first)} first"
            f" ({numbers})."
        )
    return out


def winners_line(names: list[str], outcome: dict, measure: str) -> str:
    """``Ann wins with 5 victory points.`` / ``Ann and Ben share the win ...``, or that a
    capped game has no winner. ``measure`` is the number with its words."""
    won = [names[q] for q in outcome.get("winners") or []]
    if outcome.get("capped") or not won:
        return "No one wins: the game was stopped before the rules ended it."
    if len(won) == 1:
        return f"{won[0]} wins with {measure}."
    return f"{listing(won)} share the win with {measure}."


def scored(outcome: dict, scores: list[str]) -> list[str]:
    """Each seat's badge: ``winner`` or ``#place``, then its score in words."""
    won = outcome.get("winners") or []
    return [
        ("winner" if q in won else f"#{outcome['ranking'][q]}") + f" · {score}"
        for q, score in enumerate(scores)
    ]
