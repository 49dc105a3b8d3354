"""The moderator of a forum game of Seabirds: closing the phase under way now, and
overrides that change a House's ledger only through a recorded action with a reason.

The moderator (seat ``MODERATOR``) types, at any time while the game runs:

- ``resolve``: the phase under way ends now, exactly as at its deadline (SEA-28, SEA-37):
  every player is taken as ready. In the draft, the player picking gets the first free
  House, as a timed-out pick does;
- ``override WHAT because REASON``, where WHAT is one of (HOUSE is a House in play, or its
  player's name; amounts are whole numbers, never below 0, SEA-45):

  - ``money HOUSE N``: the House's Money;
  - ``resources HOUSE N RESOURCE[, N RESOURCE ...]``: its stock of the Resources named,
    written as in Transactions (``4 Worker Beetles and 0 Food``); the others stay;
  - ``grant HOUSE UPGRADE``, ``remove HOUSE UPGRADE``: one copy of an Upgrade, outright:
    nothing is paid and nothing is paid out (no Infrastructure Money);
  - ``note TEXT``: a line in the public post.

An override is logged in ``state.log`` with its reason. Holdings and Upgrades are public
(SEA-15, SEA-A15), so everyone is told what changed; the reason, which may speak of sealed
messages, goes only to the moderator and the House concerned.

>>> from bureau.games.seabirds.game import GAME
>>> st = GAME.new(["Ann", "Ben", "Cat"], options={"houses": "Breeding,Usury,Sensation"})
>>> print(read(st, "override resources ann 1 wb, 0 food because a misread hidden message"))
override resources Breeding 0 Food and 1 Worker Beetle because a misread hidden message
>>> read(st, "override money Ann 5")
Traceback (most recent call last):
...
bureau.engine.errors.IllegalAction: every override needs a reason:
write 'override WHAT because REASON'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bureau.engine import EVERYONE, Event, IllegalAction, all_but, only

from . import economy
from .actions import Action
from .state import DISTRIBUTION, DRAFT, MONEY, LogEntry, State
from .transactions import ASSETS, HOUSES, MAX_AMOUNT, UPGRADES, asset_index, count_text

KINDS = ("money", "resources", "grant", "remove", "note")
SHAPES = {
    "money": "money HOUSE N",
    "resources": "resources HOUSE N RESOURCE[, N RESOURCE ...]",
    "grant": "grant HOUSE UPGRADE",
    "remove": "remove HOUSE UPGRADE",
    "note": "note TEXT",
}
USAGE = (
    "the moderator may 'resolve' (the phase under way ends now) or 'override WHAT because"
    " REASON', WHAT being one of: " + "; ".join(SHAPES.values())
)
RESOURCES = ", ".join(ASSETS[1:])


class Resolve(NamedTuple):
    """End the phase under way now, as its deadline would."""

    def __str__(self):
        return "resolve"


class Override(NamedTuple):
    """A correction of the state, with its reason. ``values`` by kind: money ``(n,)``;
    resources ``((asset, n), ...)`` in ``ASSETS`` order; grant and remove ``(upgrade,)``;
    note ``(text,)``. ``house`` is -1 for a note."""

    kind: str
    house: int
    values: tuple
    reason: str

    def __str__(self):
        return f"override {what(self)} because {self.reason}"


RESOLVE = Resolve()
Command = Resolve | Override  # the moderator's decisions


def what(o: Override) -> str:
    """The canonical WHAT of an override (it reads back to the same override)."""
    if o.kind == "note":
        return f"note {o.values[0]}"
    house = HOUSES[o.house]
    if o.kind == "money":
        return f"money {house} {o.values[0]}"
    if o.kind == "resources":
        return f"resources {house} {_and([count_text(n, a) for a, n in o.values])}"
    return f"{o.kind} {house} {UPGRADES[o.values[0]]}"


# -- reading ----------------------------------------------------------------------------------


def read(state: State, text: str) -> Resolve | Override:
    """The moderator's command ``text``; ``IllegalAction`` saying what is allowed if it
    means none."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head == "resolve" and len(words) == 1:
        return RESOLVE
    if head != "override":
        raise IllegalAction(USAGE)
    found = re.fullmatch(r"(.*?)\bbecause\b(.*)", " ".join(words[1:]), re.IGNORECASE)
    if found is None or not found[2].strip():
        raise IllegalAction("every override needs a reason: write 'override WHAT because REASON'")
    kind, house, values = _what(state, found[1].split())
    return Override(kind, house, values, found[2].strip())


def _what(state: State, words: list[str]) -> tuple[str, int, tuple]:
    kind = words[0].lower() if words else ""
    kind = "resources" if kind == "resource" else kind
    if kind not in KINDS:
        raise IllegalAction(f"override one of: {'; '.join(SHAPES.values())}")
    if kind == "note":
        if len(words) < 2:
            raise IllegalAction("write the note: 'override note TEXT because REASON'")
        return kind, -1, (" ".join(words[1:]),)
    if len(words) < 3 or (kind == "money" and len(words) != 3):
        raise IllegalAction(f"write 'override {SHAPES[kind]} because REASON'")
    house, rest = _house(state, words[1]), " ".join(words[2:])
    if kind == "money":
        return kind, house, (_count(rest, state, house, MONEY),)
    if kind == "resources":
        return kind, house, _resources(rest, state, house)
    return kind, house, (_upgrade(rest),)


def _house(state: State, word: str) -> int:
    """A House in play, by its name or its player's (House names first)."""
    if state.phase == DRAFT:
        raise IllegalAction(
            "the Houses are still being chosen (SEA-A23): a House's ledger can be overridden"
            " from Round 1 on"
        )
    lowered = word.lower()
    for key in (lambda seat: HOUSES[state.house_of[seat]], lambda seat: state.names[seat]):
        for seat in range(state.num_players):
            if key(seat).lower() == lowered:
                return state.house_of[seat]
    raise IllegalAction(f"no House {word!r} in this game; the Houses are {playing(state)}")


def playing(state: State) -> str:
    """The Houses in play with their players: ``Breeding (Ann), Usury (Ben)``."""
    return ", ".join(
        f"{HOUSES[h]} ({state.names[seat]})" for seat, h in enumerate(state.house_of) if h >= 0
    )


def _count(word: str, state: State, house: int, asset: int) -> int:
    """The amount of ``asset`` an override sets for ``house``: a whole number from 0
    (SEA-45). Anything else is answered with how to write it, from what the House holds:
    ``+2`` is a change, and an override writes the new amount."""
    if re.fullmatch(r"[0-9]+", word) and int(word) <= MAX_AMOUNT:
        return int(word)
    held = state.holdings[state.seat_of(house)][asset]
    holds = f"{HOUSES[house]} holds {count_text(held, asset)}"
    change = re.fullmatch(r"([+-])\s*([0-9]+)", word)
    if change:
        new = held + int(change[2]) if change[1] == "+" else held - int(change[2])
        if new < 0:
            raise IllegalAction(
                f"an override writes the new amount, not a change, and holdings never go"
                f" below 0 (SEA-45): {holds}, so the least is '{_example(house, asset, 0)}'"
            )
        raise IllegalAction(
            f"an override writes the new amount, not a change: {holds}, so for {word}"
            f" write '{_example(house, asset, new)}'"
        )
    if re.fullmatch(r"[0-9]+", word):
        raise IllegalAction(f"an override sets at most {MAX_AMOUNT}, not {word}")
    raise IllegalAction(
        f"write the new amount as a whole number, 0 or more (SEA-45), not {word!r}, as in"
        f" '{_example(house, asset, held)}' ({holds} now)"
    )


def _example(house: int, asset: int, n: int) -> str:
    """The override that sets ``house``'s ``asset`` to ``n``."""
    if asset == MONEY:
        return f"override money {HOUSES[house]} {n} because REASON"
    return f"override resources {HOUSES[house]} {count_text(n, asset)} because REASON"


def _resources(text: str, state: State, house: int) -> tuple[tuple[int, int], ...]:
    """``N RESOURCE`` items joined by commas and/or ``and``, each Resource once."""
    out: dict[int, int] = {}
    for item in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", text):
        parts = item.split(None, 1)
        if len(parts) != 2:
            raise IllegalAction(f"write each Resource as 'N RESOURCE' ({RESOURCES}), not {item!r}")
        asset = asset_index(parts[1])
        if asset is None:
            raise IllegalAction(f"{parts[1]!r} is not a Resource; the Resources are {RESOURCES}")
        if asset == MONEY:
            raise IllegalAction("Money is not a Resource: write 'override money HOUSE N'")
        if asset in out:
            raise IllegalAction(f"{ASSETS[asset]} is named twice")
        out[asset] = _count(parts[0], state, house, asset)
    return tuple(sorted(out.items()))


def _upgrade(text: str) -> int:
    name = re.sub(r"^(a|an|the|one)\s+", "", text, flags=re.IGNORECASE).lower()
    for u, upgrade in enumerate(UPGRADES):
        if upgrade.lower() == name:
            return u
    raise IllegalAction(f"no Upgrade {text!r}; the Upgrades are {', '.join(UPGRADES)}")


# -- checking and performing ------------------------------------------------------------------


def check(state: State, action: Action | Command) -> None:
    """Raise ``IllegalAction`` unless the moderator may do ``action`` now."""
    if state.outcome is not None:
        raise IllegalAction("the game is over")
    if isinstance(action, Resolve):
        return
    if not isinstance(action, Override):
        raise IllegalAction(USAGE)
    try:  # an override is valid as its canonical text reads back: one place checks both
        text = str(action)
    except (IndexError, KeyError, TypeError, ValueError):
        raise IllegalAction(USAGE) from None
    if read(state, text) != action:
        raise IllegalAction(USAGE)
    seat = state.seat_of(action.house)
    if action.kind == "remove" and not state.upgrades[seat][action.values[0]]:
        raise IllegalAction(
            f"{HOUSES[action.house]} owns no {UPGRADES[action.values[0]]};"
            f" it owns {upgrades_text(state, seat)}"
        )


def upgrades_text(state: State, seat: int) -> str:
    """``2 Expansion Contract, 1 Infrastructure``, or ``no Upgrades``."""
    owned = [f"{n} {UPGRADES[u]}" for u, n in enumerate(state.upgrades[seat]) if n]
    return ", ".join(owned) or "no Upgrades"


def resolving(state: State, ev: list) -> None:
    """Log and announce a ``resolve``; the game then ends the phase as its deadline would."""
    state.log.append(LogEntry("resolve", state.round, state.phase, "", ""))
    if state.phase == DRAFT:
        name = state.names[state.draft_order[0]]
        text = f"The moderator ends {name}'s pick: the first free House is theirs."
    else:
        text = f"The moderator ends the {state.phase.title()} Phase of Round {state.round} now."
    ev.append(Event("moderator", EVERYONE, text=text, phase=state.phase, round=state.round))


def perform(state: State, o: Override, ev: list) -> None:
    """Carry out a checked override: log it, change the state, tell who may know."""
    state.log.append(LogEntry("override", state.round, state.phase, what(o), o.reason))
    if o.kind == "note":
        text = f"Moderator override: {what(o)} (because {o.reason})."
        ev.append(Event("override", only(), text=text, what=what(o), reason=o.reason))
        ev.append(Event("note", EVERYONE, text=o.values[0]))
        return
    seat = state.seat_of(o.house)
    change = CHANGES[o.kind](state, seat, o)
    ev.append(
        Event(
            "override",
            only(seat),
            player=seat,
            text=f"{change}, because {o.reason}.",
            what=what(o),
            reason=o.reason,
        )
    )
    ev.append(Event("corrected", all_but(seat), player=seat, text=f"{change}."))


def _money(state: State, seat: int, o: Override) -> str:
    was = state.holdings[seat][MONEY]
    state.holdings[seat][MONEY] = o.values[0]
    return f"The moderator sets {HOUSES[o.house]}'s Money to {o.values[0]} (it was {was})"


def _set_resources(state: State, seat: int, o: Override) -> str:
    parts = []
    for asset, n in o.values:
        parts.append(f"{ASSETS[asset]} to {n} (it was {state.holdings[seat][asset]})")
        state.holdings[seat][asset] = n
    return f"The moderator sets {HOUSES[o.house]}'s {_and(parts)}"


def _grant(state: State, seat: int, o: Override) -> str:
    u = o.values[0]
    state.upgrades[seat][u] += 1
    economy.bought(state, seat, u)  # a Distribution Contract's order starts as none
    return (
        f"The moderator grants {HOUSES[o.house]} an Upgrade, {UPGRADES[u]}"
        f" (it owns {state.upgrades[seat][u]} now)"
    )


def _remove(state: State, seat: int, o: Override) -> str:
    u = o.values[0]
    state.upgrades[seat][u] -= 1
    if u == DISTRIBUTION:
        state.distribution[seat].pop()  # one order per contract (SEA-A20)
    return (
        f"The moderator takes an Upgrade from {HOUSES[o.house]}, {UPGRADES[u]}"
        f" (it owns {state.upgrades[seat][u]} now)"
    )


CHANGES = {"money": _money, "resources": _set_resources, "grant": _grant, "remove": _remove}


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
