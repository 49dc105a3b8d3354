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

from bureau.games.seabirds.economy import SPECS, allowed_kinds, cost
from bureau.games.seabirds.transactions import ASSETS, HOUSES, UPGRADES, count_text

from .results import scored, ties, winners_line

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


KIND_WORDS = {"any": "of any type", "opposed": "of opposed types", "not_own": "not your own"}
EFFECTS = (  # SEA-67 .. SEA-79
    "+1 of your own Resource at each landing",
    "+1 Money at each landing",
    "+2 Money once, when it is bought",
    "at each landing, may turn 1 Money into 1 Resource of the type its order names",
    "for 1 Money, a discarded Complication card goes back on top of the deck (any time"
    " outside the Resolution)",
)


def singular(asset: str) -> str:
    """``Treaty`` for ``Treaties``: how one of an asset is written."""
    return count_text(1, ASSETS.index(asset))[2:]


def abilities(rules: dict, stops: int) -> dict[str, str]:
    """Each House's ability in words, as this table's rule options play it (SEA-60 ..
    SEA-64, SEA-A09, SEA-A10, SEA-A18).

    >>> abilities({}, 6)["Usury"]
    "1 Money in each Round in which another House's Reinvestment is carried out."
    >>> abilities({"land_phase_blocks_special_take": True}, 6)["Sensation"][-41:]
    'a game, in public, never in a Land Phase.'
    """
    infra = "" if rules.get("discount_applies_to_infrastructure") else " (not Infrastructure)"
    mode = rules.get("income_ability_mode", "per_round")
    paid = {
        "per_round": "1 Money in each Round in which another House's {} is carried out.",
        "per_other_house": "1 Money for each other House whose {} is carried out in a Round.",
        "per_transaction": "1 Money for each {} of another House that is carried out.",
    }.get(mode, "1 Money when another House's {} is carried out.")
    uses = stops // 2
    take = (
        f"Special take: post “I take 1 Money from HOUSE.” to take 1 Money from a House that"
        f" has some, once a Round and {uses} time{'s' if uses != 1 else ''} a game, in public"
        + (", never in a Land Phase." if rules.get("land_phase_blocks_special_take") else ".")
    )
    return {
        "Harvesting": f"Upgrades cost you 1 Resource less{infra}.",
        "Breeding": f"Upgrades cost you 1 Money less{infra}.",
        "Usury": paid.format("Reinvestment"),
        "Secrets": paid.format("Trade (any gift)"),
        "Sensation": take,
        "Suppression": take,
    }


def upgrade_tips() -> dict[str, str]:
    """Each Upgrade's effect and Victory Points."""
    return {
        u: f"{EFFECTS[i][:1].upper()}{EFFECTS[i][1:]}. Worth {SPECS[i].points} Victory"
        f" Point{'s' if SPECS[i].points != 1 else ''}."
        for i, u in enumerate(UPGRADES)
    }


def prices(house: str, rules: dict) -> list[dict]:
    """What each Upgrade costs ``house`` (SEA-65 .. SEA-78, SEA-A09): Money, Resources,
    the types it may pay them in, and the price in words.

    >>> [p["price"] for p in prices("Breeding", {})][:2]
    ['3 Resources of any type', '2 Resources of opposed types (Corporations, Treaties)']
    """
    h = HOUSES.index(house)
    out = []
    for u, name in enumerate(UPGRADES):
        money, resources, kinds = cost(h, u, bool(rules.get("discount_applies_to_infrastructure")))
        types = [ASSETS[a] for a in allowed_kinds(h, kinds)]
        words = [f"{money} Money"] if money else []
        which = KIND_WORDS[kinds] + (f" ({', '.join(types)})" if kinds == "opposed" else "")
        words.append(f"{resources} Resource{'s' if resources != 1 else ''} {which}")
        out.append(
            {
                "name": name,
                "value": ARTICLES.get(name, "") + name,
                "money": money,
                "resources": resources,
                "types": types,
                "price": " and ".join(words),
            }
        )
    return out


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
        buy=prices(mine["house"], ctx.get("rules") or {}) if mine["house"] else [],
        pay=[
            {"name": r, "one": singular(r), "held": mine["resources"].get(r, 0)} for r in RESOURCES
        ],
        money=mine["money"],
        write=True,
        channels=channels(view, names, seat),
        houses=others,
        assets=list(ASSETS),
        reinvest=["Money", own] if own else ["Money"],
        take=mine["house"] in ("Sensation", "Suppression") and mine["special_left"] > 0,
        distribution=[
            {"n": i + 1, "current": (mine["distribution"] + ["none"] * distribution)[i]}
            for i in range(distribution)
        ],
        resources=list(RESOURCES),
        limits=view["limits"],
    )
    return out


def talk(view: dict, names: list[str], messages: list[dict]) -> list[dict]:
    """The Talk panel of a Seabirds table holds the game's own board: its public posts
    (the public thread) and its tells (the private threads), as the reader's view holds
    them, beside the site's messages (to the Bureau, the moderator's public notes),
    oldest first and numbered again. Sealed messages stay on the table's board.

    >>> view = {"messages": [{"from": 0, "kind": "public", "to": None, "text": "hi",
    ...     "time": 100.0}, {"from": 1, "kind": "hidden", "to": 2, "text": "x", "time": 101.0,
    ...     "revealed": False}]}
    >>> site = [{"id": 1, "kind": "bureau", "from": "Ben", "to": None, "text": "?", "at": 50.0}]
    >>> [(m["id"], m["kind"], m["text"]) for m in talk(view, ["Ann", "Ben"], site)]
    [(1, 'bureau', '?'), (2, 'public', 'hi')]
    """
    board = []
    for m in view.get("messages", []):
        if m["kind"] not in ("public", "private"):
            continue
        to = ", ".join(names[q] for q in m["to"]) if m["kind"] == "private" else None
        board.append(
            {"kind": m["kind"], "from": names[m["from"]], "to": to, "text": m["text"],
             "at": m["time"], "game": True}
        )  # fmt: skip
    merged = sorted([*messages, *board], key=lambda m: m["at"] or 0)
    return [{**m, "id": n} for n, m in enumerate(merged, 1)]


def talk_targets(ctx: dict) -> list[tuple[str, str]] | None:
    """A player's Talk messages go to the game's board: public as ``post:``, private as
    ``tell NAME:`` (where the game can address the name), or to the Bureau. The
    moderator, who has no House, writes as the site lets her."""
    seat, names = ctx.get("seat"), ctx["names"]
    if seat is None or seat < 0 or ctx["view"].get("phase") not in ("air", "land"):
        return None  # no House writes in the draft or after the end: the site's board
    out = [("game:post", "Everyone (the game's public board)")]
    out.append(("bureau", "The Bureau (moderator)" if ctx.get("moderated") else "The Bureau"))
    for q, name in enumerate(names):
        if q == seat:
            continue
        if TELLABLE.fullmatch(name):
            out.append((f"game:tell {name}", f"{name} (private, in the game)"))
        else:  # the game's grammar cannot name him: the site's private thread
            out.append((f"private:{q}", f"{name} (private)"))
    return out


def acted(ctx: dict) -> set[int]:
    """Who is done: the ready Houses in the Air and Land Phases, the Houses already
    chosen in the draft."""
    view = ctx["view"]
    if view["phase"] == "draft":
        return {q for q, h in enumerate(view["houses"]) if h.get("house")}
    if view["phase"] in ("air", "land"):
        return {q for q, ready in enumerate(view.get("ready", [])) if ready}
    return set()


def result(ctx: dict) -> dict:
    """The end in words: the most Victory Points win; ties go to more holdings, then
    more Money, or are shared, as the table's ``tiebreak`` says (SEA-81 .. SEA-83,
    SEA-A01)."""
    outcome, names, view = ctx["outcome"], ctx["names"], ctx["view"]
    if outcome.get("capped"):
        return {"lines": [winners_line(names, outcome, "")]}
    rules = ctx.get("rules") or {}
    vp = [int(v) for v in outcome["scores"]]
    details = outcome.get("details") or {}
    holdings = details.get("holdings") or [0] * len(names)
    money = details.get("money") or [0] * len(names)
    who = [
        f"{n} ({h['house']})" if h.get("house") else n
        for n, h in zip(names, view["houses"], strict=False)
    ]
    won = outcome.get("winners") or []
    best = vp[won[0]] if won else 0
    lines = [
        winners_line(who, outcome, f"{best} Victory Point{'s' if best != 1 else ''}")
        + " Expansion Contract and Business Contacts are worth 1, Distribution Contract 2."
    ]
    if rules.get("tiebreak") == "shared":
        lines += ties(
            who, [(v,) for v in vp], outcome["ranking"], ["Victory Points"],
            rule="tied Houses share the place (tiebreak: shared)",
        )  # fmt: skip
    else:
        keys = [(vp[q], holdings[q], money[q]) for q in range(len(names))]
        lines += ties(
            who,
            keys,
            outcome["ranking"],
            ["Victory Points", "holdings (Money and Resources together)", "Money"],
        )
    return {"lines": lines, "badges": scored(outcome, [f"{v} VP" for v in vp])}


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
        "abilities": abilities(ctx.get("rules") or {}, view["stops"]),
        "upgrade_tips": upgrade_tips(),
    }
