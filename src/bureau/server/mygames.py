"""My games: every table an account plays at or moderates, with what is urgent about it.

``my_games`` answers ``GET /api/games?mine=1`` and draws the lobby's *My games*. Each
row says only what anyone watching the table may know: the game, the title, the
players' names, a status line drawn from the game's *public* view (``view(state,
None)``), whose turn it is (the pending seats, public in every game), the deadline and
the result once the game is over. Never a hand, an order or anything else of a seat's
own view, not even for the moderator, who reads it all at the table itself.
"""

from __future__ import annotations

import functools
import math
import time

from sqlalchemy import and_, or_, select

from bureau.engine import MODERATOR, load
from bureau.engine.registry import names as game_names

from .accounts import Account
from .checks import ServiceError
from .db import AccountRow, GameRow, SeatRow

FINISHED_SHOWN = 20  # the newest finished games listed; older ones stay off the list
NEAR = 3600.0  # seconds: a deadline this close is "near" (docs/playing.md)

# The counters a game's public view may carry, in the order they are said.
_COUNTERS = (("year", "Year"), ("rubber", "Rubber"), ("round", "Round"), ("night", "Night"),
             ("turn", "Turn"))  # fmt: skip
_STAGES = ("phase", "step")


def status_line(view: dict) -> str:
    """A short public status line from a game's public view: its counters (year, rubber,
    round, night, turn) and its phase or step, as the game names them.

    >>> status_line({"year": 2, "step": "stall", "herald": 0})
    'Year 2: stall'
    >>> status_line({"rubber": 1, "turn": 3, "phase": "meld"})
    'Rubber 1, Turn 3: meld'
    >>> status_line({"turn": 4, "phase": "turn"}), status_line({"turn": 0, "phase": "bid"})
    ('Turn 4', 'bid')
    >>> status_line({"players": [1, 2]})
    ''
    """
    counters = [
        (key, f"{label} {view[key]}")
        for key, label in _COUNTERS
        if isinstance(view.get(key), int) and not isinstance(view[key], bool) and view[key] > 0
    ]
    said = {key for key, _ in counters}
    stages = [
        view[key].replace("_", " ")
        for key in _STAGES
        if isinstance(view.get(key), str) and view[key] and view[key] not in said
    ]
    head = ", ".join(text for _, text in counters)
    tail = ", ".join(stages)
    return f"{head}: {tail}" if head and tail else head or tail


@functools.cache
def _moderated() -> tuple[str, ...]:
    """The games whose creator, without a seat, is the moderator."""
    return tuple(n for n in game_names() if load(n).moderated)


def my_games(service, account: Account, now: float | None = None) -> dict:
    """``{"mine": rows, "your_turn": n}``: the account's tables (seated, or moderating a
    Noblesse or Seabirds table she created without a seat), those waiting for her first,
    then by the nearest deadline; open tables next; then the ``FINISHED_SHOWN`` newest
    finished ones. ``your_turn`` counts the rows waiting for her."""
    now = time.time() if now is None else now
    uid = account.id
    with service.store.session() as s:
        # only the rows listed are read: the running and open tables, the newest finished
        mine = or_(
            GameRow.id.in_(select(SeatRow.game_id).where(SeatRow.account_id == uid)),
            and_(GameRow.creator_id == uid, GameRow.game.in_(_moderated())),
        )
        rows = [
            *s.scalars(select(GameRow).where(mine, GameRow.status != "over")),
            *s.scalars(
                select(GameRow)
                .where(mine, GameRow.status == "over")
                .order_by(GameRow.id.desc())
                .limit(FINISHED_SHOWN)
            ),
        ]
        seats = s.scalars(select(SeatRow).where(SeatRow.game_id.in_([r.id for r in rows]))).all()
        seated = {x.game_id: x.seat for x in seats if x.account_id == uid}
        names = {
            a.id: a.display
            for a in s.scalars(
                select(AccountRow).where(AccountRow.id.in_({x.account_id for x in seats} - {None}))
            )
        }
        tables = [
            {
                "id": r.id, "game": r.game, "title": r.title, "status": r.status,
                "players": r.players, "arranged": list(r.arranged or []),
                "seat": seated.get(r.id, MODERATOR),
                "seats": sorted(
                    (x.seat, names.get(x.account_id) if x.account_id else None, x.bot)
                    for x in seats if x.game_id == r.id
                ),
            }
            for r in rows
        ]  # fmt: skip
    out = [_row(service, t, now) for t in tables]
    out.sort(key=_urgency)
    return {"mine": out, "your_turn": sum(r["your_turn"] for r in out)}


def _urgency(row: dict) -> tuple:
    """Waiting for you first; then running games by the nearest deadline (none last);
    then open tables; then finished games, the newest first."""
    order = {"running": 0, "open": 1}.get(row["status"], 2)
    deadline = row["deadline"] if row["deadline"] is not None else math.inf
    return (not row["your_turn"], order, deadline, -row["id"])


def _row(service, t: dict, now: float) -> dict:
    seat = t["seat"]
    game = load(t["game"])
    row = {
        "id": t["id"], "game": t["game"], "game_title": game.title, "title": t["title"],
        "status": t["status"], "role": "moderator" if seat == MODERATOR else "player",
        "you": None, "others": [], "phase": "", "pending": [], "your_turn": False,
        "deadline": None, "seconds_left": None, "result": None, "arranged": t["arranged"],
    }  # fmt: skip
    if t["status"] == "open":
        taken = [(s, p, b) for s, p, b in t["seats"] if p or b]
        row["you"] = (
            "moderator" if seat == MODERATOR else next((p for s, p, _ in taken if s == seat), None)
        )
        row["others"] = [p or f"a bot ({b})" for s, p, b in taken if s != seat]
        row["phase"] = f"waiting for players ({len(taken)}/{t['players']} seated)"
        return row
    try:
        loaded = service.game(t["id"])
    except ServiceError as exc:  # a table this Bureau cannot load (stored by an older one)
        row["phase"] = exc.message
        return row
    m = loaded.match
    names, state = list(m.names), m.state
    pending, outcome = list(m.game.pending(state)), m.game.outcome(state)
    row["you"] = "moderator" if seat == MODERATOR else names[seat]
    row["others"] = [n for i, n in enumerate(names) if i != seat]
    if outcome is not None:
        row["phase"] = "finished"
        row["result"] = {
            "winners": [names[w] for w in outcome.winners],
            "reason": outcome.reason,
            "capped": outcome.capped,
            "rank": outcome.ranking[seat] if seat >= 0 else None,
        }
        return row
    row["phase"] = status_line(m.game.view(state, None))
    row["pending"] = [names[seat] for seat in pending]
    row["your_turn"] = seat >= 0 and seat in pending
    deadline = m.game.deadline(state)
    if deadline is not None:
        row["deadline"] = deadline
        row["seconds_left"] = max(0, round(deadline - now))
    return row
