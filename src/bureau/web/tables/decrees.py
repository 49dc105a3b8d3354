"""Final Decrees' table: the control graph laid out for an inline SVG, and the reader's
legal orders grouped into the table's controls. Pure functions of the reader's view and
``ctx``; the template ``templates/tables/decrees.html`` draws them.

>>> view = {"departments": [
...     {"code": "REF", "controls": ["EXE"]}, {"code": "EXE", "controls": ["HR", "ADM"]},
...     {"code": "HR", "controls": []}, {"code": "TRE", "controls": []},
...     {"code": "SS", "controls": []}, {"code": "ADM", "controls": ["SS"]}]}
>>> g = graph(view)
>>> [(n["code"], n["layer"]) for n in g["nodes"]]
[('REF', 0), ('TRE', 0), ('EXE', 1), ('HR', 2), ('ADM', 2), ('SS', 3)]
>>> [(e["source"], e["target"]) for e in g["edges"]]
[('REF', 'EXE'), ('EXE', 'HR'), ('EXE', 'ADM'), ('ADM', 'SS')]
>>> card_name("pass-the-buck"), card_name("leave-of-absence")
('Pass the Buck', 'Leave of Absence')
>>> c = controls({"legal": ["end", "draw", "play overtime", "play scapegoat 2 to Ben",
...     "play scapegoat 1 to Ben", "forward D1 to HR", "spread 2 EXE to HR", "stamp D1",
...     "accept Ben", "withdraw"], "view": {"players": [], "departments": []}, "seat": 0})
>>> c["buttons"], c["deal_buttons"]
(['end', 'draw', 'stamp D1'], ['accept Ben', 'withdraw'])
>>> c["plays"]["scapegoat"], c["plays"]["overtime"], c["forward"]
(['2 to Ben', '1 to Ben'], [''], {'D1': ['HR']})
"""

from __future__ import annotations

import math

from .results import scored, ties, winners_line

BOX_W, BOX_H = 164, 96  # a department's box in the graph
GAP_X, GAP_Y = 26, 58
MARGIN = 10
SMALL_WORDS = {"of", "the", "in", "on", "and", "to", "a"}
SIMPLE = ("end", "draw", "budget", "manoeuvres", "stamp", "move", "investigate", "keep")
DEALS = ("accept", "decline", "withdraw")
SELECT_LIMIT = 150  # a card's legal plays beyond this are typed, with suggestions


def card_name(key: str) -> str:
    """A card's name from its key, for the table: words capitalised, small words not."""
    words = key.split("-")
    return " ".join(
        w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def card(key: str, view: dict) -> dict:
    """A card as the table shows it: its key, its name and what it does, from the deck
    the game loaded (the view's ``card_texts``), so a group's own deck explains itself.

    >>> card("memo", {"card_texts": {"memo": {"name": "Memo", "text": "Draw a card."}}})
    {'key': 'memo', 'name': 'Memo', 'tip': 'Draw a card.'}
    >>> card("pass-the-buck", {})["name"]
    'Pass the Buck'
    """
    known = (view.get("card_texts") or {}).get(key) or {}
    return {"key": key, "name": known.get("name") or card_name(key), "tip": known.get("text", "")}


def graph(view: dict) -> dict:
    """The departments as boxes in layers by control (a controller above what it
    controls, each department on the layer after its deepest controller) and the
    arrows between them, with coordinates for an SVG of ``width`` x ``height``."""
    depts = view["departments"]
    order = [d["code"] for d in depts]
    parents: dict[str, list[str]] = {c: [] for c in order}
    edges = []
    for d in depts:
        for target in d["controls"]:
            if target in parents:
                parents[target].append(d["code"])
                edges.append((d["code"], target))
    layer: dict[str, int] = {}

    def depth(code: str, seen: frozenset) -> int:
        if code not in layer:
            ups = [p for p in parents[code] if p not in seen]  # never loops; be safe anyway
            layer[code] = 1 + max((depth(p, seen | {code}) for p in ups), default=-1)
        return layer[code]

    for code in order:
        depth(code, frozenset())
    rows: list[list[str]] = [[] for _ in range(max(layer.values(), default=0) + 1)]
    slot: dict[str, float] = {}
    for k, row in enumerate(rows):
        members = [c for c in order if layer[c] == k]
        if k:  # under their controllers, as far as possible
            members.sort(
                key=lambda c: (
                    sum(slot[p] for p in parents[c]) / max(len(parents[c]), 1),
                    order.index(c),
                )
            )
        row.extend(members)
        for i, c in enumerate(members):
            slot[c] = i - (len(members) - 1) / 2
    widest = max(len(r) for r in rows) if rows else 1
    width = 2 * MARGIN + widest * BOX_W + (widest - 1) * GAP_X
    height = 2 * MARGIN + len(rows) * BOX_H + (len(rows) - 1) * GAP_Y
    where: dict[str, tuple[float, float]] = {}
    by_code = {d["code"]: d for d in depts}
    nodes = []
    for k, row in enumerate(rows):
        span = len(row) * BOX_W + (len(row) - 1) * GAP_X
        left = (width - span) / 2
        for i, code in enumerate(row):
            x, y = left + i * (BOX_W + GAP_X), MARGIN + k * (BOX_H + GAP_Y)
            where[code] = (x, y)
            nodes.append({**by_code[code], "code": code, "layer": k, "x": x, "y": y})
    out_edges = []
    for source, target in edges:
        kids = [t for s, t in edges if s == source]
        spread = (kids.index(target) - (len(kids) - 1) / 2) * min(22, BOX_W / (len(kids) + 1))
        sx, sy = where[source][0] + BOX_W / 2 + spread, where[source][1] + BOX_H
        tx, ty = where[target][0] + BOX_W / 2, where[target][1]
        out_edges.append({"source": source, "target": target, **_arrow(sx, sy, tx, ty)})
    return {
        "nodes": nodes,
        "edges": out_edges,
        "width": width,
        "height": height,
        "box_w": BOX_W,
        "box_h": BOX_H,
    }


def _arrow(sx: float, sy: float, tx: float, ty: float, size: float = 9) -> dict:
    """A line from (sx, sy) to just short of (tx, ty) and a filled head at (tx, ty)."""
    angle = math.atan2(ty - sy, tx - sx)
    bx, by = tx - size * math.cos(angle), ty - size * math.sin(angle)
    left = (bx + size / 2 * math.sin(angle), by - size / 2 * math.cos(angle))
    right = (bx - size / 2 * math.sin(angle), by + size / 2 * math.cos(angle))
    head = f"{tx:.1f},{ty:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}"
    return {
        "x1": round(sx, 1),
        "y1": round(sy, 1),
        "x2": round(bx, 1),
        "y2": round(by, 1),
        "head": head,
    }


def controls(ctx: dict) -> dict:
    """The reader's legal orders (``ctx["legal"]``) sorted into the table's controls:
    plain buttons, the bid, card plays by card, forwards by decree, spreads, restructures,
    the HR assignment and reassignment, extra-blame removals, and deal answers."""
    out: dict = {
        "buttons": [],
        "bids": [],
        "plays": {},
        "forward": {},
        "spread": [],
        "restructure": [],
        "assign": [],
        "reassign": [],
        "remove": [],
        "deal_buttons": [],
        "offer": False,
    }
    for text in ctx.get("legal") or []:
        word, _, rest = text.partition(" ")
        if word in SIMPLE:
            out["buttons"].append(text)
        elif word in DEALS:
            out["deal_buttons"].append(text)
        elif word == "bid":
            out["bids"].append(text)
        elif word == "play":
            key, _, args = rest.partition(" ")
            out["plays"].setdefault(key, []).append(args)
        elif word == "forward":
            decree, _, dept = rest.partition(" to ")
            out["forward"].setdefault(decree, []).append(dept)
        elif word in ("spread", "restructure", "assign", "reassign", "remove"):
            out[word].append(text)
    for key, args in out["plays"].items():
        out["plays"][key] = sorted(set(args), key=_natural)
    out["forward_to"] = sorted(
        {d for ds in out["forward"].values() for d in ds}, key=_dept_order(ctx)
    )
    out["spread"] = _spread(out["spread"])
    out["assign"] = _placements(out["assign"])
    out["reassign"] = _reassign(ctx, bool(out["reassign"]))
    out["remove_parts"] = _removals(ctx) if out["remove"] else []
    out["select_limit"] = SELECT_LIMIT
    return out


def _dept_order(ctx: dict):
    codes = [d["code"] for d in ctx["view"].get("departments", [])]
    return lambda code: codes.index(code) if code in codes else len(codes)


def _natural(text: str) -> list:
    """Sort key of a card's arguments: the largest amounts first, then by target."""
    return [(0, -int(w), "") if w.isdigit() else (1, 0, w) for w in text.split()]


def _spread(texts: list[str]) -> dict | None:
    """Sources, destinations and the largest amount of the listed whole spreads
    (``spread N SRC to DST``); any amount up to a source's blame may be typed."""
    if not texts:
        return None
    sources, targets, most = [], [], 1
    for text in texts:
        _, n, src, _, dst = text.split()[:5]
        sources += [src] if src not in sources else []
        targets += [dst] if dst not in targets else []
        most = max(most, int(n))
    return {"sources": sources, "targets": targets, "most": most, "first": texts[0]}


def _placements(texts: list[str]) -> list[dict]:
    """For ``assign NAME DEPT, ...``: each player to place, the departments any legal
    assignment gives her, and the first legal assignment's choice (preselected)."""
    rows: list[dict] = []
    for text in texts:
        for i, part in enumerate(text.removeprefix("assign ").split(", ")):
            name, dept = part.rsplit(" ", 1)
            if i == len(rows):
                rows.append({"name": name, "depts": [], "chosen": dept})
            if dept not in rows[i]["depts"]:
                rows[i]["depts"].append(dept)
    return _with_options(rows)


def _with_options(rows: list[dict]) -> list[dict]:
    """Each choice as its part of the order: ``Ann EXE`` first, then ``, Ben TRE`` (the
    parts are joined by spaces, and placements need commas between them)."""
    for i, row in enumerate(rows):
        row["options"] = [(f"{', ' if i else ''}{row['name']} {d}", d) for d in row["depts"]]
    return rows


def _reassign(ctx: dict, legal: bool) -> list[dict]:
    """For ``reassign NAME DEPT, ...``: every player, with her department preselected."""
    if not legal:
        return []
    view = ctx["view"]
    depts = [d["code"] for d in view["departments"]]
    return _with_options(
        [{"name": p["name"], "depts": depts, "chosen": p["dept"]} for p in view["players"]]
    )


def _removals(ctx: dict) -> list[dict]:
    """For the chooser's ``remove N WHO ...``: every pool holding blame, with the amounts
    she may take from it (up to the award)."""
    view = ctx["view"]
    award = (view.get("choose") or {}).get("amount", 0)
    pools = [(p["name"], p["blame"]) for p in view["players"]]
    pools += [(d["code"], d["blame"]) for d in view["departments"]]
    return [
        {"who": who, "amounts": list(range(1, min(award, blame) + 1))}
        for who, blame in pools
        if blame and award
    ]


def live(ctx: dict) -> bool:
    """Is this the live table of a game under way (not a replay frame, not the end)?"""
    return "id" in ctx and not ctx.get("outcome")


def offers(ctx: dict) -> list[dict]:
    """The open offers as the reader may see them, with names, and (for the parties, who
    see the terms) what accepting would do: who ends up with the blame and the cards."""
    names = ctx["names"]
    return [
        {
            "proposer": names[o["proposer"]],
            "recipients": [names[r] for r in o["recipients"]],
            "accepted": [names[r] for r in o.get("accepted", [])],
            "text": o.get("text"),
            "effects": effects(o, ctx["view"], names) if o.get("text") else [],
        }
        for o in ctx["view"].get("offers", [])
    ]


def effects(offer: dict, view: dict, names: list[str]) -> list[str]:
    """What an offer does if it is accepted, in words: each side's blame goes to the
    other, with both totals before and after; each card changes hands.

    >>> view = {"players": [{"blame": 5}, {"blame": 4}]}
    >>> effects({"proposer": 0, "recipients": [1],
    ...          "text": "offer Ben: Ann gives 2 blame; Ben gives card overtime"},
    ...         view, ["Ann", "Ben"])[0]
    "If accepted, Ben takes 2 of Ann's personal blame: Ann 5 → 3, Ben 4 → 6."
    """
    parties = [offer["proposer"], *offer["recipients"]]
    if len(parties) != 2:
        return []
    seat = {names[q].lower(): q for q in parties}
    blame = [p["blame"] for p in view["players"]]
    after = blame[:]
    moves, cards = [], []
    for part in offer["text"].partition(":")[2].split(";"):
        giver_name, sep, items = part.strip().partition(" gives ")
        giver = seat.get(giver_name.strip().lower())
        if not sep or giver is None:
            continue
        taker = parties[1] if giver == parties[0] else parties[0]
        for item in items.split(","):
            words = item.split()
            if len(words) == 2 and words[0].isdigit() and words[1] == "blame":
                n = int(words[0])
                after[giver] -= n
                after[taker] += n
                moves.append((giver, taker, n))
            elif len(words) == 2 and words[0] == "card":
                name = card(words[1], view)["name"]
                cards.append(f"{names[taker]} gets {name} from {names[giver]}.")
    out = []
    if moves:
        said = "; ".join(
            f"{names[t]} takes {n} of {names[g]}'s personal blame" for g, t, n in moves
        )
        totals = ", ".join(f"{names[q]} {blame[q]} → {after[q]}" for q in parties)
        out.append(f"If accepted, {said}: {totals}.")
    return out + cards


def deal_forms(ctx: dict) -> list[dict]:
    """One offer composer for each other player, while the reader may deal (she is
    seated, the game is not over): the items each side may give, as whole parts of the
    offer's canonical text (``; Ann gives 2 blame``) so that any choice reads."""
    view, seat = ctx["view"], ctx.get("seat")
    if not live(ctx) or seat is None or seat < 0 or view.get("phase") == "over":
        return []
    players = view["players"]
    me = players[seat]
    # An offer may ask for any card: whether she holds it is checked when she accepts.
    asked = view.get("card_kinds", [])
    forms = []
    for q, other in enumerate(players):
        if q == seat:
            continue
        forms.append(
            {
                "name": other["name"],
                "my_blame": [
                    (f"; {me['name']} gives {n} blame", n) for n in range(1, me["blame"] + 1)
                ],
                "my_cards": [
                    (f"; {me['name']} gives card {k}", card(k, view)["name"])
                    for k in me.get("hand", [])
                ],
                "their_blame": [
                    (f"; {other['name']} gives {n} blame", n) for n in range(1, other["blame"] + 1)
                ],
                "their_cards": [
                    (f"; {other['name']} gives card {k}", card(k, view)["name"]) for k in asked
                ],
            }
        )
    return forms


def deal_history(ctx: dict) -> list[str]:
    """The reader's recent deal events (offered, answered, done, failed, withdrawn,
    expired), newest first, as the events list words them."""
    return [
        e["text"] for e in ctx.get("events") or [] if str(e.get("kind", "")).startswith("deal_")
    ]


def acted(ctx: dict) -> set[int]:
    """Who has bid in the bid for Human Resources (the only simultaneous choice)."""
    return set((ctx["view"].get("bid") or {}).get("committed", []))


def result(ctx: dict) -> dict:
    """The end in words: who wins with the least personal blame, the final audit if the
    table plays it, and each tie with the tie-break the table plays (DEC-34, DEC-A07,
    DEC-A08)."""
    outcome, names, view = ctx["outcome"], ctx["names"], ctx["view"]
    rules = ctx.get("rules") or {}
    blame = [int(b) for b in outcome["scores"]]
    if outcome.get("capped"):
        return {"lines": [winners_line(names, outcome, "")]}
    won = outcome.get("winners") or []
    least = blame[won[0]] if won else 0
    lines = [winners_line(names, outcome, f"{least} personal blame, the least")]
    if rules.get("final_audit"):
        lines.append("The final audit first gave each headed department's blame to its head.")
    depts = {d["code"]: d["blame"] for d in view.get("departments", [])}
    mine = [depts.get(p.get("dept"), 0) for p in view["players"]]
    if rules.get("tiebreak") == "least_dept_blame":
        keys = [(-blame[q], -mine[q]) for q in range(len(names))]
        shown = [(blame[q], mine[q]) for q in range(len(names))]
        lines += ties(
            names,
            keys,
            outcome["ranking"],
            ["personal blame", "blame on their department (the least wins)"],
            shown=shown,
        )
    else:
        keys = [(-b,) for b in blame]
        lines += ties(
            names, keys, outcome["ranking"], ["personal blame"],
            rule="tied players share the place (tiebreak: shared)", shown=[(b,) for b in blame],
        )  # fmt: skip
    return {"lines": lines, "badges": scored(outcome, [f"{b} blame" for b in blame])}


PHASES = {
    "bid": "The bid for Human Resources",
    "assign": "Human Resources assigns the heads",
    "turn": "Turns",
    "choose": "An enactment: the chooser removes blame",
    "salvage": "Stagnation and Decline: the drawer may keep a card",
    "over": "Over",
}


def decree_rows(view: dict) -> list[dict]:
    """Each decree with its steps marked stamped, next or to come, and where it lies
    (None once enacted).

    >>> decree_rows({"decrees": [{"id": "D1", "name": "X", "steps": ["EXE", "TRE"],
    ...     "stamped": 1, "at": "TRE"}]})[0]["steps"]
    [{'dept': 'EXE', 'state': 'stamped'}, {'dept': 'TRE', 'state': 'next'}]
    """
    rows = []
    for d in view.get("decrees", []):
        done = d["stamped"]
        steps = [
            {"dept": s, "state": "stamped" if i < done else "next" if i == done else "todo"}
            for i, s in enumerate(d["steps"])
        ]
        enacted = d["at"] is None or done >= len(d["steps"])
        rows.append({**d, "steps": steps, "enacted": enacted})
    return rows


def prepare(ctx: dict) -> dict:
    """Everything the template draws beyond the view itself (the template's ``table``)."""
    view = ctx["view"]
    names = ctx["names"]
    seat = ctx.get("seat")
    playing = seat is not None and 0 <= seat < len(view["players"])
    me = view["players"][seat] if playing else None
    active = view.get("active")
    choose = view.get("choose")
    orders = controls(ctx)
    held = (me or {}).get("hand", [])
    hand = [{**card(k, view), "plays": orders["plays"].get(k, [])} for k in held]
    return {
        "live": live(ctx),
        "me": me,
        "my_dept": me["dept"] if me else None,
        "phase": PHASES.get(view["phase"], view["phase"]),
        "active": names[active] if active is not None else None,
        "chooser": names[choose["player"]] if choose else None,
        "graph": graph(view),
        "decrees": decree_rows(view),
        "controls": orders,
        "hand": hand,
        "discard": [card(k, view) for k in view.get("discard", [])],
        "salvage": [card(k, view) for k in view.get("salvage", [])],
        "hands": [
            [card(k, view) for k in p["hand"]] if "hand" in p else None for p in view["players"]
        ],
        "offers": offers(ctx),
        "deal_forms": deal_forms(ctx),
        "history": deal_history(ctx)[:12],
        "committed": [names[q] for q in (view.get("bid") or {}).get("committed", [])],
        "bidders": [names[q] for q in (view.get("bid") or {}).get("bidders", [])],
    }
