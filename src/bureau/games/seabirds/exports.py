"""Forum-ready texts of a game of Seabirds, in BBCode or Markdown: the public post (what
happened since the Air Phase before the last Resolution, and every House's public ledger)
and each House's private report (its own ledger, its sealed messages and the results of
its Transactions). The moderator pastes them into the thread and the PMs.

>>> from bureau.games.seabirds.game import GAME
>>> st = GAME.new(["Ann", "Ben", "Cat"], options={"houses": "Breeding,Usury,Sensation",
...                                               "rolls": "3,4,2", "stops": 4})
>>> print(public_post(st, "markdown"))
## Noble Houses of the Seabirds: Round 1 of 4, Air Phase
<BLANKLINE>
- Ann (Breeding) rolled 3.
- Ben (Usury) rolled 4.
- Cat (Sensation) rolled 2.
- Round 1: the Air Phase begins.
<BLANKLINE>
**The Houses**
<BLANKLINE>
- Breeding (Ann): 3 Money and 3 Worker Beetles; no Upgrades; 0 VP
- Usury (Ben): 4 Money and 2 Corporations; no Upgrades; 0 VP
- Sensation (Cat): 2 Money and 4 Erotroupes; no Upgrades; 0 VP; 2 special takes left
<BLANKLINE>
**The Complication deck**
<BLANKLINE>
- 8 cards in the deck
- Discard pile: empty
<BLANKLINE>
>>> print(private_report(st, 0, "bbcode").splitlines()[0])
[b][size=150]Round 1 of 4, Air Phase: report for Ann (Breeding)[/size][/b]
"""

from __future__ import annotations

from datetime import UTC, datetime

from bureau.engine.forum import bold, check_format, heading, items, join

from . import economy
from .flow import phase_deadline
from .state import AIR, CARDS, DRAFT, LAND, MONEY, OVER, SENSATION, SUPPRESSION, State
from .text import describe
from .transactions import ASSETS, HOUSES, UPGRADES, count_text

TITLE = "Noble Houses of the Seabirds"
# Table talk is in the thread already; the post reports what the Bureau did.
CHATTER = frozenset({"message", "ready", "limits_proposed", "limits_agreed"})
# What a private report lists of its House's own doings.
RESULTS = frozenset(
    {
        "executed",
        "failed",
        "standing",
        "lapsed",
        "bureau",
        "understood",
        "ability_paid",
        "income",
        "override",
    }
)


def public_post(state: State, fmt: str = "bbcode") -> str:
    """The public post: the Bureau's public results, the Houses' ledgers, the deck."""
    check_format(fmt)
    lines = [_line(state, e) for e in state.chronicle if e.visible_to(None)]
    lines = [x for x in lines if x] + _deadline(state)
    parts = [heading(f"{TITLE}: {_when(state)}", fmt), items(lines, fmt)]
    ledgers = [ledger(state, seat) for seat in range(state.num_players)]
    parts += [bold("The Houses", fmt), items(ledgers, fmt)]
    parts += [bold("The Complication deck", fmt), items(_deck(state), fmt)]
    if state.standing:
        parts += [bold("Standing offers", fmt), items(map(economy.text, state.standing), fmt)]
    return join(parts)


def private_report(state: State, seat: int, fmt: str = "bbcode") -> str:
    """``seat``'s private report: only what that House may know."""
    check_format(fmt)
    name = state.names[seat]
    house = state.house_of[seat]
    who = f"{name} ({HOUSES[house]})" if house >= 0 else name
    parts = [heading(f"{_when(state)}: report for {who}", fmt), items([ledger(state, seat)], fmt)]
    sealed = [
        f"for Stop {m.to}: {m.text}"
        for m in state.messages
        if m.kind == "hidden" and m.author == seat and not m.revealed
    ]
    if sealed:
        parts += [bold("Sealed, not yet opened", fmt), items(sealed, fmt)]
    mine = [
        _line(state, e)
        for e in state.chronicle
        if e.kind in RESULTS and e.data.get("player") == seat and e.visible_to(seat)
    ]
    if mine:
        parts += [bold("Your results", fmt), items(mine, fmt)]
    return join(parts)


def ledger(state: State, seat: int) -> str:
    """A House's public ledger in one line (SEA-15, SEA-A15)."""
    house = state.house_of[seat]
    if house < 0:
        return f"{state.names[seat]}: no House yet"
    held = state.holdings[seat]
    got = [count_text(held[MONEY], MONEY)] + [
        count_text(n, a) for a, n in enumerate(held) if a != MONEY and n
    ]
    owned = [f"{n} {UPGRADES[u]}" for u, n in enumerate(state.upgrades[seat]) if n]
    parts = [
        f"{HOUSES[house]} ({state.names[seat]}): {_and(got)}",
        ", ".join(owned) or "no Upgrades",
        f"{economy.points(state, seat)} VP",
    ]
    if house in (SENSATION, SUPPRESSION):
        parts.append(f"{state.special_left[seat]} special takes left")
    if state.distribution[seat]:
        orders = [ASSETS[a] if a >= 0 else "none" for a in state.distribution[seat]]
        parts.append(f"Distribution orders: {', '.join(orders)}")
    return "; ".join(parts)


def _when(state: State) -> str:
    if state.phase == DRAFT:
        return "the draft"
    if state.phase == OVER:
        return "the end"
    phase = {AIR: "Air", LAND: "Land"}[state.phase]
    return f"Round {state.round} of {state.stops}, {phase} Phase"


def _line(state: State, e) -> str:
    """An event as a line of a post ("" for table talk)."""
    return "" if e.kind in CHATTER else describe(state, e)


def _deck(state: State) -> list[str]:
    out = [f"{len(state.deck)} cards in the deck"]
    if state.known_top and state.deck:
        out[0] += f", {CARDS[state.deck[-1]]} on top (a Loyal Administrator put it there)"
    out.append("Discard pile: " + (", ".join(CARDS[c] for c in state.discard) or "empty"))
    return out


def _deadline(state: State) -> list[str]:
    deadline = phase_deadline(state)
    if deadline is None:
        return []
    when = datetime.fromtimestamp(deadline, UTC)
    shown = when.strftime("%Y-%m-%d %H:%M:%S" if when.second else "%Y-%m-%d %H:%M")
    return [f"The {state.phase.title()} Phase ends at {shown} UTC."]


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
