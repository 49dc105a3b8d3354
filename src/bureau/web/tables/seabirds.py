"""Noble Houses of the Seabirds' table: the ledger, the flight from Stop to Stop, the
Complication cards, the game's own message board, and the controls for the reader's
orders (ready, limits, picks, the Loyal Administrator, Distribution orders) and for
writing messages and Transactions. Pure functions of ``ctx``; the template
``templates/tables/seabirds.html`` draws them.

>>> stops({"round": 2, "stops": 3, "phase": "land"})
[{'stop': 1, 'state': 'landed'}, {'stop': 2, 'state': 'landed'}, {'stop': 3, 'state': 'next'}]
>>> coming_stop({"round": 2, "phase": "air"}), coming_stop({"round": 2, "phase": "land"})
(2, 3)
>>> when(360.0), when(1700000000.0)
('minute 6', '14 Nov 22:13 UTC')
>>> house = {"name": "Ann", "house": "Breeding", "money": 3,
...          "resources": {"Worker Beetles": 2}, "upgrades": {}}
>>> [r["count"] for r in ledger_row(house, 0, {"ready": [True]}, 0)["resources"]]
[0, 2, 0, 0, 0, 0]
"""

from __future__ import annotations

import re
import time

from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES

HEADER = "ATTN Bureau: Transaction."
TELLABLE = re.compile(r"[A-Za-z][A-Za-z-]*")  # a name 'tell NAME: ...' can address
RESOURCES = ASSETS[1:]
PHASES = {
    "draft": "The draft of Houses",
    "air": "Air Phase",
    "land": "Land Phase",
    "over": "The end",
}
SHORT = {
    "Food": "Food",
    "Worker Beetles": "WB",
    "Corporations": "Corp",
    "Treaties": "Tr",
    "Erotroupes": "Ero",
    "Platoons": "Pla",
}  # the aliases Transactions accept
CARD_MARKS = {"Hazard": "⚠", "Surplus": "+", "Windfall": "$", "Bureaucracy": "§"}
ARTICLES = {"Expansion Contract": "an ", "Distribution Contract": "a ", "Loyal Administrator": "a "}


def own_resource(house: str | None) -> str | None:
    """A House's own Resource: Harvesting's Food, Breeding's Worker Beetles, ..."""
    return RESOURCES[HOUSES.index(house)] if house in HOUSES else None


def stops(view: dict) -> list[dict]:
    """Each Stop of the flight: landed (its Resolution has run), next or ahead."""
    coming = coming_stop(view)
    over = view["phase"] == "over"
    return [
        {"stop": k, "state": "landed" if k < coming or over else "next" if k == coming else "ahead"}
        for k in range(1, view["stops"] + 1)
    ]


def coming_stop(view: dict) -> int:
    """The first Stop whose Resolution has not begun (SEA-A08)."""
    return view["round"] if view["phase"] in ("draft", "air") else view["round"] + 1


def when(t: float | None) -> str:
    """A message's time: a UTC clock on a server, virtual minutes without a clock."""
    if t is None:
        return ""
    try:
        if t >= 10**8:
            return time.strftime("%d %b %H:%M UTC", time.gmtime(t))
        return f"minute {round(t / 60)}"
    except (TypeError, ValueError, OverflowError, OSError):  # no clock shows it: no error
        return "—"


def ledger_row(h: dict, seat: int, view: dict, reader: int | None) -> dict:
    """One House in the ledger, every Resource type counted (0 where it holds none)."""
    return {
        **h,
        "seat": seat,
        "me": seat == reader,
        "own": own_resource(h.get("house")),
        "ready": view.get("ready", [])[seat] if seat < len(view.get("ready", [])) else False,
        "resources": [{"name": r, "count": h["resources"].get(r, 0)} for r in RESOURCES],
        "upgrades": list(h["upgrades"].items()),
    }


def messages(view: dict, names: list[str], reader: int | None = None) -> list[dict]:
    """The game's message board as the reader may read it, newest first."""
    out = []
    for m in view.get("messages", []):
        kind, to = m["kind"], m["to"]
        if kind == "private":
            where = "to " + ", ".join(names[s] for s in to)
        elif kind == "hidden":
            where = f"sealed for Stop {to}" + (", opened" if m["revealed"] else "")
        else:
            where = "public"
        text = m["text"]
        out.append(
            {
                "from": names[m["from"]],
                "kind": kind,
                "where": where,
                "time": when(m["time"]),
                "text": text,
                "sealed": kind == "hidden" and not m["revealed"],
                "mine": m["from"] == reader,
                "transaction": is_transaction(text),
            }
        )
    return out[::-1]


def is_transaction(text: str) -> bool:
    """Does a message begin with the Transaction header (case and spaces aside)?

    >>> is_transaction("attn bureau : transaction . I give 1 Money to Usury."), is_transaction("hi")
    (True, False)
    """
    return "".join(text.lower().split()).startswith("attnbureau:transaction.")


def channels(view: dict, names: list[str], seat: int) -> dict:
    """Where the reader may send: public, a tell to each other player, hidden for the
    coming Stop or a later one (none once the final Stop has passed)."""
    coming = coming_stop(view)
    hidden = []
    if coming <= view["stops"]:
        hidden = [("hide", f"hidden, for the coming Stop {coming}")]
        hidden += [
            (f"hide for stop {k}", f"hidden, for Stop {k}")
            for k in range(coming + 1, view["stops"] + 1)
        ]
    tells = [
        (f"tell {n}", f"private, to {n}")
        for q, n in enumerate(names)
        if q != seat and TELLABLE.fullmatch(n)  # the grammar reads letters and hyphens only
    ]
    return {"bureau": [("post", "public"), *hidden], "all": [("post", "public"), *tells, *hidden]}


def controls(ctx: dict) -> dict:
    """The reader's orders: the listed ones as buttons, the typed ones as forms."""
    view, seat, names = ctx["view"], ctx.get("seat"), ctx["names"]
    legal = ctx.get("legal") or []
    out = {
        "ready": "ready" in legal,
        "agree": "agree limits" in legal,
        "picks": [a for a in legal if a.startswith("house ")],
        "administrator": [a for a in legal if a.startswith("administrator ")],
        "write": False,
    }
    live = "id" in ctx and not ctx.get("outcome")
    playing = seat is not None and 0 <= seat < len(names)
    if not (live and playing and view["phase"] in ("air", "land")):
        return out
    mine = view["houses"][seat]
    others = [h["house"] for q, h in enumerate(view["houses"]) if q != seat and h["house"]]
    own = own_resource(mine["house"])
    distribution = mine["upgrades"].get("Distribution Contract", 0)
    out.update(
        write=True,
        channels=channels(view, names, seat),
        houses=others,
        assets=list(ASSETS),
        reinvest=["Money", own] if own else ["Money"],
        upgrades=[(ARTICLES.get(u, "") + u, u) for u in UPGRADES],
        take=mine["house"] in ("Sensation", "Suppression") and mine["special_left"] > 0,
        distribution=[
            {"n": i + 1, "current": (mine["distribution"] + ["none"] * distribution)[i]}
            for i in range(distribution)
        ],
        resources=list(RESOURCES),
        limits=view["limits"],
    )
    return out


def prepare(ctx: dict) -> dict:
    """Everything the template draws beyond the view itself (the template's ``table``)."""
    view, names, seat = ctx["view"], ctx["names"], ctx.get("seat")
    reader = seat if seat is not None and 0 <= seat < len(names) else None
    houses = [ledger_row(h, q, view, reader) for q, h in enumerate(view["houses"])]
    proposal = view.get("proposal")
    moderator = {}
    if "sealed" in view:
        moderator = {
            "sealed": [{**s, "from": names[s["from"]]} for s in view["sealed"]],
            "deck": view.get("deck", []),
            "rolls": list(zip(names, view.get("rolls", []), strict=False)),
            "log": view.get("log", []),
        }
    return {
        "phase": PHASES.get(view["phase"], view["phase"]),
        "stops": stops(view),
        "coming": coming_stop(view),
        "houses": houses,
        "me": houses[reader] if reader is not None else None,
        "messages": messages(view, names, reader),
        "controls": controls(ctx),
        "proposal": None
        if proposal is None
        else {
            **proposal,
            "by": names[proposal["by"]],
            "agreed": [names[q] for q in proposal["agreed"]],
        },
        "draft_order": [names[q] for q in view.get("draft_order", [])],
        "marks": CARD_MARKS,
        "short": [(SHORT.get(r, r), r) for r in RESOURCES],
        "moderator": moderator,
        "header": HEADER,
    }
