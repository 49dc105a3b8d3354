"""What Noblesse's table explains, from the reader's view only: each company code (C1,
F6, R7 ...), each unit on the board or in the reader's list, the courtiers (St, TC, Lb,
Spy), the unit types; the income report's sources; the starting unit's builder; the end
in words and the players' badges.

Every text here is made of what the view holds (the scenario's public catalogue, the
reader's own units, posts and report, the public post and outcome): a tooltip never
tells more than the page already does.

>>> view = {"catalogue": {"stats": ["ATK", "MOR"], "companies": [{"id": "C1",
...     "name": "Militia", "slot": "Centre", "stats": {"MOR": 2}, "colour": "",
...     "tier": 2, "limit": 0}]}}
>>> company_tip(companies(view)["C1"])
'C1 Militia: a Centre company, MOR 2 (morale), tier 2.'
>>> income_parts("Income: 3 Inf, 0 MP, 0 $ (Tax Collector on A1: 2 Inf; your faction's Tithe: 1 Inf). You now hold 3 Inf, 0 MP, 0 $.")
{'total': '3 Inf, 0 MP, 0 $', 'parts': [('Tax Collector on A1', '2 Inf'), ("your faction's Tithe", '1 Inf')], 'now': '3 Inf, 0 MP, 0 $'}
"""  # noqa: E501

from __future__ import annotations

import re

from . import ordinal

STAT_WORDS = {
    "ATK": "attack",
    "MAL": "attack malus",
    "MEL": "melee",
    "CHG": "charge",
    "PIK": "pike",
    "RNG": "ranged",
    "AMB": "ambush",
    "MOR": "morale",
    "TGH": "toughness",
}
STAT_HELP = {  # in battle (NSE-70 .. NSE-80), summed over a side's companies
    "ATK": "added each round to the side's running total (at least 1); at 6 the side attacks",
    "MAL": "taken off the other side's ATK",
    "MEL": "damage the side deals when it attacks",
    "CHG": "damage per point of the running total above 6, when the side attacks",
    "PIK": "damage dealt to a side that attacks it",
    "RNG": "damage dealt in a round the side does not attack",
    "AMB": "damage dealt before the first round (the ambush)",
    "MOR": "the side's strength: damage comes off it, and at 0 the side is destroyed",
    "TGH": "taken off each packet of damage the side receives",
}
COLOUR_PAYS = {"bronze": "MP", "silver": "Inf", "gold": "$"}  # NSE-81, at step 9
SLOTS = ("Officer", "Centre", "Flank", "Reserve")
KIND_SHORT = {"Regiment": "Rgt", "Brigade": "Bde", "Division": "Div", "Garrison": "Gar"}
COMMANDERS = {
    "officer company": "its Officer company",
    "basic": "a basic Officer (ATK 1)",
    "courtier": "a courtier",
    "pc": "its owner's Player Character",
    "heir": "its owner's Heir",
    "noble": "a Noble",
    "officer": "a Unique Officer",
}
COURTIERS = {
    "steward": (
        "St",
        "Steward",
        "collects 1 of each resource the estate has each Night; placed with a unit of"
        " yours and no other faction's, it takes the estate for your faction (NSE-16, NSE-22)",
    ),
    "tc": (
        "TC",
        "Tax Collector",
        "collects all of one resource of an estate you control as a player each Night (NSE-21)",
    ),
    "lobbyist": (
        "Lb",
        "Lobbyist",
        "adds +2 to what a Tax Collector collects of one resource on this estate (NSE-24)",
    ),
    "spy": (
        "Spy",
        "Spy",
        "moves up to 2 estates a Night and reports each estate it passes or ends on:"
        " income, who holds it, the units there (NSE-34, NSE-35)",
    ),
}
INCOME = re.compile(r"^Income: (?P<total>[^(]*?) \((?P<parts>.*)\)\. You now hold (?P<now>.*)\.$")


def companies(view: dict) -> dict[str, dict]:
    """The catalogue's company designs by id, each with its ``tip``."""
    out = {}
    for c in (view.get("catalogue") or {}).get("companies", ()):
        c = dict(c)
        c["tip"] = company_tip(c)
        out[c["id"]] = c
    return out


def stats_text(stats: dict) -> str:
    """``ATK 1 (attack), MOR 2 (morale)``."""
    return ", ".join(f"{s} {v} ({STAT_WORDS.get(s, s)})" for s, v in stats.items())


def company_tip(c: dict) -> str:
    """One company design in words."""
    parts = [f"a {c['slot']} company"]
    if c["stats"]:
        parts.append(stats_text(c["stats"]))
    if c["colour"]:
        parts.append(f"{c['colour']}: +1 {COLOUR_PAYS.get(c['colour'], '')} a Night")
    parts.append(f"tier {c['tier']}")
    if c.get("limit"):
        parts.append(f"a role's unique design, at most {c['limit']} fielded")
    return f"{c['id']} {c['name']}: {', '.join(parts)}."


def counted(ids) -> list[tuple[str, int]]:
    """``["C1", "C1", "F6"]`` as ``[("C1", 2), ("F6", 1)]``, in order of appearance."""
    out: dict[str, int] = {}
    for cid in ids:
        out[cid] = out.get(cid, 0) + 1
    return list(out.items())


def totals(ids, catalogue: dict[str, dict]) -> dict[str, int]:
    """The stats a unit's companies add up to (its commander's ATK and bonuses aside)."""
    out: dict[str, int] = {}
    for cid in ids:
        for s, v in catalogue.get(cid, {}).get("stats", {}).items():
            out[s] = out.get(s, 0) + v
    order = list(STAT_WORDS)
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))


def unit_tip(u: dict, catalogue: dict[str, dict], owner_words: str = "") -> str:
    """A unit the reader may see in full (his own, or every unit for the moderator)."""
    lead = COMMANDERS.get(u["commander"], u["commander"])
    if u.get("leader"):
        lead += f" ({u['leader']})"
    mercenary = f", the mercenary {u['mercenary']}" if u.get("mercenary") else ""
    comps = ", ".join(
        f"{cid} {catalogue.get(cid, {}).get('name', cid)}" + (f" ×{n}" if n > 1 else "")
        for cid, n in counted(u["companies"])
    )
    stats = totals(u["companies"], catalogue)
    made = ", ".join(f"{s} {v}" for s, v in stats.items())
    return (
        f"{u['id']}: a {u['kind']}{owner_words}{mercenary} on {u['square']}, led by {lead}."
        f" Companies: {comps or 'none'}. Their stats together: {made or 'none'}."
    )


def kind_tip(kind: str, view: dict) -> str:
    """A unit type: its slots and base price (NSE-65, NSE-82)."""
    cat = view.get("catalogue") or {}
    shape = (cat.get("units") or {}).get(kind)
    if not shape:
        return kind
    slots = ", ".join(f"{name} {n}" for name, n in zip(SLOTS, shape, strict=True) if n)
    cost = (cat.get("base_cost") or {}).get(kind)
    price = f"; {cost} MP plus 1 per 10 tiers of its companies" if cost is not None else ""
    return f"{KIND_SHORT.get(kind, kind)}: a {kind}, {slots}{price}."


def kind_label(kind: str, view: dict) -> str:
    """A unit type as a choice: ``Regiment: Officer 1, Centre 3, Flank 2; 2 MP + tiers``."""
    cat = view.get("catalogue") or {}
    shape = (cat.get("units") or {}).get(kind) or ()
    slots = ", ".join(f"{name} {n}" for name, n in zip(SLOTS, shape, strict=False) if n)
    cost = (cat.get("base_cost") or {}).get(kind, "?")
    return f"{kind}: {slots}; {cost} MP + tiers"


def courtier_tip(post: str, whose: str = "your") -> dict:
    """A posting as the view writes it (``tc B2 Inf``): its short name, and the words."""
    words = post.split()
    short, name, does = COURTIERS.get(words[0], (words[0], words[0], ""))
    detail = f" ({' '.join(words[2:])})" if len(words) > 2 else ""
    return {
        "short": short + (f" {words[2]}" if len(words) > 2 else ""),
        "square": words[1] if len(words) > 1 else "",
        "tip": f"{whose} {name} on {words[1] if len(words) > 1 else '?'}{detail}: {does}.",
    }


def spied(report: list[str], mine: set[str], factions: list[dict]) -> dict[str, list[dict]]:
    """The squares the reader's Spies saw, from his report's ``Spy at`` lines, each with
    the units seen there but his own: id, type, owner, faction key, the words as a tip."""
    out: dict[str, list[dict]] = {}
    for line in report:
        if not line.startswith("Spy at ") or ": " not in line:
            continue
        square, rest = line[7:].split(": ", 1)
        here = out.setdefault(square, [])
        for seen in rest.rstrip(".").split("; ")[1:]:
            words = seen.split(" ")
            if seen == "no units" or len(words) < 2 or words[0] in mine:
                continue
            owner = seen.split(" of ", 1)[1].split(", ")[0] if " of " in seen else "?"
            short = owner.split("(")[1].rstrip(")") if "(" in owner else ""
            key = next((f["key"] for f in factions if short and short in f["name"]), "neutral")
            here.append(
                {
                    "id": words[0],
                    "kind": words[1],
                    "owner": owner,
                    "faction": key,
                    "tip": f"Seen by your Spy: {seen}.",
                }
            )
    return out


def income_parts(line: str) -> dict | None:
    """An ``Income:`` report line split into its total, its sources and what is held now."""
    m = INCOME.match(line)
    if m is None:
        return None
    parts = [tuple(p.rsplit(": ", 1)) for p in m["parts"].split("; ") if ": " in p]
    return {"total": m["total"], "parts": parts, "now": m["now"]}


def builder(view: dict, legal: list[str]) -> dict:
    """The starting unit's form: the catalogue by slot (the reader's own unique designs
    included), how many of each the largest unit takes, and the design the form starts
    with (the first one the Bureau offers, else a Brigade of Militia)."""
    cat = view.get("catalogue") or {}
    you = view.get("you") or {}
    own = {u.split(" ")[0] for u in you.get("uniques", ())}
    shapes = cat.get("units") or {}
    most = [max((s[i] for s in shapes.values()), default=0) for i in range(4)]
    designs = [a.split(" unit ", 1)[1] for a in legal if a.startswith("setup ") and " unit " in a]
    start = designs[0] if designs else "Brigade led by courtier with C1 x5, F6 x2, R7 x2"
    kind, _, rest = start.partition(" ")
    leader, _, comps = rest.partition("with ")
    chosen = {}
    for part in comps.replace(",", " ").split():
        if part.startswith("x") and chosen:
            chosen[list(chosen)[-1]] = int(part[1:])
        else:
            chosen[part] = 1
    offered = [c for c in companies(view).values() if not c.get("limit") or c["id"] in own]
    by_slot = []
    for i, slot in enumerate(SLOTS):
        group = [c for c in offered if c["slot"] == slot]
        by_slot.append({"slot": slot, "most": most[i], "companies": group})
    return {
        "slots": by_slot,
        "kind": kind,
        "leader": leader.strip(),
        "chosen": chosen,
        "designs": designs,
        "shapes": shapes,
        "base_cost": cat.get("base_cost") or {},
        "budget": cat.get("starting_budget"),
    }


def prepare(ctx: dict) -> dict:
    """Everything the template explains with, from ``ctx['view']`` alone."""
    view = ctx["view"]
    cat = companies(view)
    mod = bool(view.get("players")) and isinstance(view["players"][0], dict)
    you = view.get("you")
    units = view.get("units", []) if mod else (you or {}).get("units", [])
    factions = view.get("factions", [])
    fname = {f["key"]: f["name"] for f in factions}
    house = {h["name"]: h["faction"] for h in view["players"]} if mod else {}
    if you:
        house[you["name"]] = you["faction"]

    def owner_words(u: dict) -> str:
        if u["owner"] == "neutral":
            return ", neutral"
        f = house.get(u["owner"])
        return f" of {u['owner']}" + (f" ({fname[f]})" if f in fname else "")

    report = (you or {}).get("report", [])
    return {
        "companies": cat,
        "unit_tips": {u["id"]: unit_tip(u, cat, owner_words(u)) for u in units},
        "kind_tips": {k: kind_tip(k, view) for k in KIND_SHORT},
        "kind_labels": {k: kind_label(k, view) for k in KIND_SHORT},
        "spied": spied(report, {u["id"] for u in units}, factions),
        "builder": builder(view, ctx.get("legal") or []) if you else None,
        "kinds": KIND_SHORT,
        "post_names": {key: name for key, (_, name, _) in COURTIERS.items()},
        "stat_words": STAT_WORDS,
        "stat_help": STAT_HELP,
        "courtiers": COURTIERS,
        "courtier": courtier_tip,
        "counted": counted,
        "income_parts": income_parts,
    }


def result(ctx: dict) -> dict:
    """The end in words (the engine's summary) and each seat's badge: a winner with the
    victory his faction won (``winner: Military (ally)``), else ``lost`` or ``out of the
    game``; a game the Night cap stopped ranks by the estates each faction holds. Whose
    faction is whose comes from the views revealed at the end (``ctx['reveal']``)."""
    outcome = ctx.get("outcome") or {}
    view = ctx.get("view") or {}
    names = ctx.get("names") or []
    summary = (outcome.get("details") or {}).get("summary")
    lines = [summary] if summary else []
    if outcome.get("capped"):
        ranking = outcome.get("ranking") or []
        badges = [
            f"{ordinal(r)} by estates" + (" (tied)" if ranking.count(r) > 1 else "")
            for r in ranking
        ]
        return {"lines": lines, "badges": badges if len(badges) == len(names) else []}
    kinds: dict[str, str] = {}  # faction short name -> "military, dynastic"
    for part in (outcome.get("reason") or "").split("; "):
        short, _, how = part.partition(": ")
        kinds[short] = how
    factions = {f["key"]: f["name"] for f in view.get("factions", [])}
    seat_faction = {}
    for q, r in enumerate(ctx.get("reveal") or ()):
        you = (r.get("view") or {}).get("you") or {}
        seat_faction[q] = factions.get(you.get("faction"), "")
    won = set(outcome.get("winners") or ())
    alive = view.get("alive") or [True] * len(names)
    badges = []
    for q in range(len(names)):
        if q not in won:
            badges.append("lost" if alive[q] else "out of the game")
            continue
        name = seat_faction.get(q, "")
        how = next((v for k, v in kinds.items() if k and k in name), "")
        badges.append(f"winner: {how.title().replace('(Ally)', '(ally)')}" if how else "winner")
    return {"lines": lines, "badges": badges}
