"""Nobility's results in words: how a rubber ended and who won the match, with the
tie-break that decided it (NOB-A11, NOB-A18).

A rubber result is the dict ``flow.end_rubber`` records (``winner``, ``first``,
``reason``, ``provinces``, ``money``, ``out``):

>>> names = ("Ann", "Ben", "Cat")
>>> r = {"rubber": 1, "winner": 0, "first": [0], "reason": "stalemate: a full round without"
...      " activity", "provinces": [20, 20, 5], "money": [45, 30, 60], "out": []}
>>> print(rubber_words(names, r))  # doctest: +NORMALIZE_WHITESPACE
Rubber 1 to Ann (stalemate: a full round without activity): Ann and Ben tied on
20 provinces, and Ann has more currency (45 to 30).
>>> print(rubber_words(names, dict(r, winner=None, first=[0, 1], money=[45, 45, 60])))
... # doctest: +NORMALIZE_WHITESPACE
Rubber 1 shared by Ann and Ben (stalemate: a full round without activity): level on
provinces (20) and currency (45), so it counts for no one.
>>> match_words(names, [2, 1, 0], [], (0,), False, "")
'Ann wins the match with 2 rubbers won (Ben 1, Cat 0).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bureau.engine import plural


def _names(names, seats) -> str:
    seats = list(seats)
    said = [names[seat] for seat in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def rubber_words(names: Sequence[str], r: Mapping[str, Any]) -> str:
    """One rubber's end: who won it and why, or who shared first place."""
    reason = r["reason"]
    winner, first = r["winner"], r["first"]
    prov, money = r["provinces"], r["money"]
    out = set(r.get("out", ()))
    live = [seat for seat in range(len(names)) if seat not in out]
    if winner is not None:
        head = f"Rubber {r['rubber']} to {names[winner]} ({reason})"
        if reason.startswith(("controls all", "the others conceded")):
            return head + "."
        # a stalemate or the election cap: provinces, then currency (NOB-A11)
        others = [seat for seat in live if seat != winner]
        if not others:
            return head + "."
        level = [seat for seat in others if prov[seat] == prov[winner]]
        if not level:
            ahead = sorted(live, key=lambda seat: -prov[seat])
            counts = ", ".join(f"{names[seat]} {prov[seat]}" for seat in ahead)
            return f"{head}: most provinces ({counts})."
        best = max(money[seat] for seat in level)
        tied = _names(names, [winner, *level])
        return (
            f"{head}: {tied} tied on {prov[winner]} provinces, and {names[winner]} has more"
            f" currency ({money[winner]} to {best})."
        )
    seat = first[0]
    return (
        f"Rubber {r['rubber']} shared by {_names(names, first)} ({reason}): level on"
        f" provinces ({prov[seat]}) and currency ({money[seat]}), so it counts for no one."
    )


def match_words(
    names: Sequence[str],
    wins: Sequence[int],
    results: Sequence[Mapping[str, Any]],
    winners: Sequence[int],
    capped: bool,
    reason: str,
) -> str:
    """The match's result: who won it and how many rubbers each won, or how a tie for
    most rubbers (or none won outright) was settled (NOB-A18)."""
    if capped:
        return f"The match stopped at the {reason}: no winner."
    n = len(names)
    tally = ", ".join(f"{names[seat]} {wins[seat]}" for seat in range(n) if seat not in winners)
    if max(wins) > 0:
        if len(winners) == 1:
            (w,) = winners
            return f"{names[w]} wins the match with {plural(wins[w], 'rubber')} won ({tally})."
        each = plural(wins[winners[0]], "rubber")
        more = f" ({tally})" if tally else ""
        return (
            f"{_names(names, winners)} share the match with {each} won each{more}:"
            " a tie for most rubbers won is shared."
        )
    shared = [
        sum(1 for r in results if r["winner"] is None and seat in r["first"]) for seat in range(n)
    ]
    times = plural(shared[winners[0]], "time")
    if len(winners) == 1:
        return (
            "No rubber had a single winner; first place was shared most often by"
            f" {names[winners[0]]} ({times}), who wins the match."
        )
    return (
        "No rubber had a single winner; first place was shared most often by"
        f" {_names(names, winners)} ({times} each), who share the match."
    )
