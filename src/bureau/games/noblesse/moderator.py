"""The moderator's console: resolving the Night now, and overrides that change state only
through a recorded action with a reason (``override WHAT because REASON``).

An override is logged in ``state.log`` and announced to the moderator; the players it
touches are told what changed and why. What an override may change:

- ``resources PLAYER INF MP $``: set a player's stock;
- ``wounds PLAYER N``: set a PC's Wound Tokens (3 removes him, NSE-58);
- ``courtiers PLAYER N``: set the courtiers at court;
- ``remove UNIT``: take a unit off the board (its commander goes home, as from a
  disbanded unit);
- ``control SQUARE FACTION|none``: give an estate to a faction, or make it neutral;
- ``status FACTION FACTION hostile|neutral|allied``: set two factions' status;
- ``note TEXT``: a line for the public post of the Night to come: a note written during
  the Day (or before Night 1) is published with the Night that ends it, never added to a
  post already published;
- ``settle N``: mark decision point N (``decisions`` in her view) as settled.
"""

from __future__ import annotations

from bureau.engine import EVERYONE, Event, IllegalAction
from bureau.engine.events import only

from .actions import Order, Override, Resolve
from .effects import kill_pc
from .night import Night
from .state import ALLIED, HOSTILE, NEUTRAL_STATUS, Control, State

KINDS = ("resources", "wounds", "courtiers", "remove", "control", "status", "note", "settle")


def decisions(state: State) -> list[dict]:
    """The decision points the rules leave to the moderator, numbered from 1, with
    whether she has settled them."""
    settled = {
        entry[2] for entry in state.log if entry[0] == "override" and entry[2].startswith("settle ")
    }
    out: list[dict] = []
    for entry in state.log:
        if entry[0] == "decision":
            number = len(out) + 1
            out.append({"number": number, "night": entry[1], "text": entry[2],
                        "settled": f"settle {number}" in settled})  # fmt: skip
    return out


def check(state: State, order: Order) -> None:
    if state.outcome is not None:
        raise IllegalAction("the game is over")
    if type(order) is Resolve:
        return
    if type(order) is not Override:
        raise IllegalAction(
            "the moderator may 'resolve' the Night or 'override WHAT because REASON'"
        )
    _parse(state, order.what)


def _player(state: State, word: str) -> int:
    lowered = [n.lower() for n in state.names]
    if word.lower() not in lowered:
        raise IllegalAction(f"no player {word}; the players are {', '.join(state.names)}")
    return lowered.index(word.lower())


def _faction(state: State, word: str) -> int:
    for i, f in enumerate(state.scenario.factions):
        if word.lower() in (f.key, f.short.lower(), f.name.lower()):
            return i
    keys = ", ".join(f.key for f in state.scenario.factions)
    raise IllegalAction(f"no faction {word}; the factions are {keys}")


def _int(word: str) -> int:
    if not word.isdigit():
        raise IllegalAction(f"{word} is not a whole number")
    return int(word)


def _parse(state: State, what: str):
    words = what.split()
    if not words or words[0].lower() not in KINDS:
        raise IllegalAction(f"override one of: {', '.join(KINDS)}")
    kind, rest = words[0].lower(), words[1:]
    shapes = {"resources": 4, "wounds": 2, "courtiers": 2, "remove": 1, "control": 2,
              "status": 3, "settle": 1}  # fmt: skip
    if kind != "note" and len(rest) != shapes[kind]:
        raise IllegalAction(f"override {kind} takes {shapes[kind]} values")
    if kind == "resources":
        return kind, (_player(state, rest[0]), [_int(w) for w in rest[1:]])
    if kind in ("wounds", "courtiers"):
        return kind, (_player(state, rest[0]), _int(rest[1]))
    if kind == "remove":
        uid = rest[0].upper().lstrip("U")
        if not uid.isdigit() or int(uid) not in state.units:
            raise IllegalAction(f"no unit {rest[0]} on the board")
        return kind, (int(uid),)
    if kind == "control":
        try:
            sq = state.square(rest[0])
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return kind, (sq, -1 if rest[1].lower() == "none" else _faction(state, rest[1]))
    if kind == "status":
        a, b = _faction(state, rest[0]), _faction(state, rest[1])
        if a == b or rest[2].lower() not in (HOSTILE, NEUTRAL_STATUS, ALLIED):
            raise IllegalAction("name two factions and hostile, neutral or allied")
        return kind, (min(a, b), max(a, b), rest[2].lower())
    if kind == "settle":
        open_ = [d["number"] for d in decisions(state) if not d["settled"]]
        if not rest[0].isdigit() or int(rest[0]) not in open_:
            shown = ", ".join(map(str, open_)) or "none"
            raise IllegalAction(f"no open decision {rest[0]}; open decisions: {shown}")
        return kind, (int(rest[0]),)
    return kind, (" ".join(rest),)


def perform(state: State, order: Order, ev: list[Event]) -> None:
    if type(order) is Resolve:
        state.log.append(("resolve", state.night + 1, ""))
        ev.append(
            Event("moderator", only(), text=f"The moderator resolves Night {state.night + 1}.")
        )
    elif isinstance(order, Override):  # the only other order ``check`` lets through
        ev += _override(state, order)


def _override(state: State, order: Override) -> list[Event]:
    kind, values = _parse(state, order.what)
    reason = order.reason
    told: list[int] = []
    consequences: list[Event] = []  # what the override sets off, told as the Night tells it
    if kind == "resources":
        seat, amounts = values
        state.houses[seat].res = list(amounts)
        told.append(seat)
    elif kind == "wounds":
        seat, n = values
        state.houses[seat].wounds = n
        told.append(seat)
        if n >= 3:
            night = Night(state)
            kill_pc(night, seat, "was removed by the moderator")
            consequences = night.events
    elif kind == "courtiers":
        seat, n = values
        state.houses[seat].court = n
        told.append(seat)
    elif kind == "remove":
        unit = state.units.pop(values[0])
        # its commander leaves it as from a disbanded unit (NSE-A35): the PC or Heir goes
        # home (NSE-59), a Noble or Unique Officer back to his faction (NSE-A39)
        Night(state).release_commander(unit)
        if unit.merc:
            state.mercs.pop(unit.merc, None)
        if unit.owner >= 0:
            told.append(unit.owner)
    elif kind == "control":
        sq, fac = values
        if fac < 0:
            state.ctrl.pop(sq, None)
        else:
            state.ctrl[sq] = Control(fac, -1)
    elif kind == "status":
        a, b, status = values
        if status == HOSTILE:
            state.status.pop((a, b), None)
        else:
            state.status[(a, b)] = status
    # a note waits in the log for the next Night's post (``pending_notes``)
    state.log.append(("override", state.night, order.what, reason))
    text = f"Moderator override: {order.what} (because {reason})."
    # One event per override: the moderator reads every event, so a second one for her
    # would reach her twice. Its audience is everyone for what changes the public board,
    # else the players it touches (none: hers alone).
    if kind in ("control", "status", "note"):
        return [Event("override", EVERYONE, text=text), *consequences]
    if told:
        return [Event("override", only(*told), player=told[0], text=text), *consequences]
    return [Event("override", only(), text=text), *consequences]
