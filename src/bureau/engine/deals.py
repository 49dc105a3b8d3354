"""Binding deals: offers that the other side accepts or declines, executed atomically.

A *deal* is proposed by one player to one or more others. It lists what each
party gives (game-specific *items*: coins, a card, a meld) and any joint
*terms* (a coalition). Each recipient accepts or declines. When the last one
accepts, the game checks that every party can still give what the deal says
and executes the whole exchange at once; otherwise nothing changes and the
deal fails with an event saying why. Open offers expire when the game says so
(Nobility: at the end of the turn), so nobody can stall a game with them.

Deals are plain data, cheap to clone: a state that supports deals has two
attributes, ``offers`` (a tuple of open ``Deal`` tuples, oldest first) and
``next_deal`` (the id of the next deal). Everything game-specific comes from a
``DealRules`` object: reading and checking items, executing, and what happens
when a deal closes.

The deal actions are ordinary actions with canonical texts::

    offer Ben: Ann gives 30, card RJ; Ben gives meld 5H
    offer Ben Cat: coalition; Ann gives 10
    accept Ann        (Ann's open offer to you)
    decline Ann
    withdraw          (your own open offer)

A player has at most one open offer at a time. Recipients who owe an answer
are returned by ``awaiting``; games make them pending so that bots and the
terminal prompt them.

>>> class Coins(DealRules):
...     def parse_item(self, state, giver, text):
...         return int(text)
>>> class S:
...     names, num_players, offers, next_deal = ("Ann", "Ben"), 2, (), 1
>>> s, rules = S(), Coins()
>>> action = parse(s, 0, "offer ben: Ann gives 5", rules)
>>> str(action)
'offer Ben: Ann gives 5'
>>> ev = []
>>> perform(s, 0, action, rules, ev)
>>> awaiting(s), [e.kind for e in ev]
((1,), ['deal_offered', 'deal_offered'])
>>> str(parse(s, 1, "accept Ann", rules))
'accept Ann'
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .errors import IllegalAction
from .events import EVERYONE, Event, all_but, only

WORDS = ("offer", "accept", "decline", "withdraw")
_GIVES = re.compile(r"\s+gives\s+", re.IGNORECASE)


class Deal(NamedTuple):
    """An open offer: who proposed it to whom, the terms, and what each party gives."""

    id: int
    proposer: int
    recipients: tuple[int, ...]  # in seat order
    terms: tuple = ()  # joint terms, in canonical order
    gives: tuple[tuple[int, tuple], ...] = ()  # (giver, items) in seat order, items canonical
    accepted: tuple[int, ...] = ()  # recipients who have accepted so far
    tag: str = ""  # a game's label (Nobility: "merge", "window")

    @property
    def parties(self) -> tuple[int, ...]:
        return tuple(sorted((self.proposer, *self.recipients)))

    def items_of(self, seat: int) -> tuple:
        """What ``seat`` gives in this deal."""
        for giver, items in self.gives:
            if giver == seat:
                return items
        return ()

    def text(self, names) -> str:
        """The canonical text of the offer, as it was typed."""
        return deal_text(self.recipients, self.terms, self.gives, names)


def deal_text(recipients, terms, gives, names) -> str:
    parts = [str(t) for t in terms]
    parts += [f"{names[g]} gives {', '.join(str(i) for i in items)}" for g, items in gives]
    return f"offer {' '.join(names[r] for r in recipients)}: {'; '.join(parts)}"


class Propose(NamedTuple):
    recipients: tuple[int, ...]
    terms: tuple
    gives: tuple[tuple[int, tuple], ...]
    names: tuple[str, ...]

    def __str__(self):
        return deal_text(self.recipients, self.terms, self.gives, self.names)


class Accept(NamedTuple):
    proposer: int
    name: str

    def __str__(self):
        return f"accept {self.name}"


class Decline(NamedTuple):
    proposer: int
    name: str

    def __str__(self):
        return f"decline {self.name}"


class Withdraw(NamedTuple):
    def __str__(self):
        return "withdraw"


WITHDRAW = Withdraw()
ACTIONS = (Propose, Accept, Decline, Withdraw)


class DealRules:
    """What a game supplies to offer binding deals. Override what your game needs.

    ``parse_item`` / ``parse_term`` read one item or term (raise
    ``IllegalAction`` with the reason); items and terms are hashable values
    whose ``str`` is their canonical text. ``check_offer`` rejects an offer
    that cannot be made now; ``unpayable`` says why a deal cannot be executed
    at acceptance (or None); ``execute`` performs it, appending the events of
    its effects; ``closed`` is told how every deal ended.
    """

    def may_deal(self, state, seat: int) -> bool:
        return True

    def parse_item(self, state, giver: int, text: str):
        raise IllegalAction(f"{text!r} is not something a player can give")

    def parse_term(self, state, text: str):
        raise IllegalAction(f"{text!r} is not a term of a deal here; write 'NAME gives ITEM'")

    def item_key(self, item) -> Any:
        """Sort key of items, for the canonical text."""
        return str(item)

    def check_offer(self, state, deal: Deal) -> None:
        return None

    def tag(self, state, deal: Deal) -> str:
        return ""

    def unpayable(self, state, deal: Deal) -> str | None:
        return None

    def execute(self, state, deal: Deal, ev: list) -> None:
        return None

    def closed(self, state, deal: Deal, how: str, ev: list) -> None:
        """``how`` is done, failed, declined or withdrawn (an expired offer closes with the
        turn that ended it, and nothing follows)."""
        return None


# -- reading ----------------------------------------------------------------------------------


def _seat(names, name: str) -> int:
    lowered = [n.lower() for n in names]
    if name.lower() not in lowered:
        raise IllegalAction(f"no player named {name!r}; the players are {', '.join(names)}")
    return lowered.index(name.lower())


def is_deal_text(text: str) -> bool:
    words = text.split(None, 1)
    return bool(words) and words[0].rstrip(":").lower() in WORDS


def parse(state, seat: int, text: str, rules: DealRules):
    """The deal action ``text`` means, or None if it is not a deal action."""
    text = text.strip()
    if not is_deal_text(text):
        return None
    names = state.names
    word, _, rest = text.partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word == "withdraw":
        if rest:
            raise IllegalAction("write just 'withdraw' to withdraw your open offer")
        return WITHDRAW
    if word in ("accept", "decline"):
        if not rest or " " in rest:
            raise IllegalAction(f"write '{word} NAME', naming the player who made the offer")
        seat = _seat(names, rest)
        return (Accept if word == "accept" else Decline)(seat, names[seat])
    head, colon, body = rest.partition(":")
    if not colon or not head.strip() or not body.strip():
        raise IllegalAction(
            "write 'offer NAME: NAME gives ITEM, ITEM; NAME gives ITEM' (terms such as a"
            " coalition are listed as parts of their own)"
        )
    recipients = sorted({_seat(names, n) for n in head.replace(",", " ").split()})
    if seat in recipients:
        raise IllegalAction("you cannot make an offer to yourself")
    terms: list = []
    gives: dict[int, list] = {}
    for part in body.split(";"):
        part = part.strip()
        if not part:
            continue
        split = _GIVES.split(f" {part} ", maxsplit=1)
        if len(split) == 2:
            giver = _seat(names, split[0].strip())
            items = [i.strip() for i in split[1].split(",")]
            if not any(items):
                raise IllegalAction(f"say what {names[giver]} gives")
            gives.setdefault(giver, []).extend(
                rules.parse_item(state, giver, i) for i in items if i
            )
        else:
            terms.append(rules.parse_term(state, part))
    return Propose(
        tuple(recipients),
        tuple(sorted(set(terms), key=rules.item_key)),
        tuple((g, tuple(sorted(gives[g], key=rules.item_key))) for g in sorted(gives)),
        tuple(names),
    )


# -- checking ---------------------------------------------------------------------------------


def open_offer(state, proposer: int) -> Deal | None:
    for d in state.offers:
        if d.proposer == proposer:
            return d
    return None


def _checked_offer(state, proposer: int) -> Deal:
    """``proposer``'s open offer, which ``check`` made sure of."""
    deal = open_offer(state, proposer)
    if deal is None:
        raise IllegalAction(f"{state.names[proposer]} has no open offer")
    return deal


def awaiting(state) -> tuple[int, ...]:
    """Seats that owe an answer to an open offer, in seat order."""
    if not state.offers:
        return ()
    seats = {r for d in state.offers for r in d.recipients if r not in d.accepted}
    return tuple(sorted(seats))


def offers_to(state, seat: int) -> list[Deal]:
    """Open offers ``seat`` still has to answer."""
    return [d for d in state.offers if seat in d.recipients and seat not in d.accepted]


def check(state, seat: int, action, rules: DealRules) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take the deal ``action`` now."""
    names = state.names
    if not rules.may_deal(state, seat):
        raise IllegalAction("you cannot make or answer deals now")
    if isinstance(action, Propose):
        mine = open_offer(state, seat)
        if mine is not None:
            raise IllegalAction(
                f"you already have an open offer ({mine.text(names)}); 'withdraw' it first"
            )
        if not action.recipients:
            raise IllegalAction("name the players you make the offer to")
        for r in action.recipients:
            if r == seat or not 0 <= r < state.num_players:
                raise IllegalAction("make the offer to other players")
            if not rules.may_deal(state, r):
                raise IllegalAction(f"{names[r]} cannot take part in deals now")
        parties = {seat, *action.recipients}
        for g, items in action.gives:
            if g not in parties:
                raise IllegalAction(f"{names[g]} is not a party to this offer")
            if not items:
                raise IllegalAction(f"say what {names[g]} gives")
        if not action.terms and not action.gives:
            raise IllegalAction("an offer must say what someone gives, or a term")
        rules.check_offer(state, as_deal(state, seat, action))
        return
    if isinstance(action, Withdraw):
        if open_offer(state, seat) is None:
            raise IllegalAction("you have no open offer to withdraw")
        return
    deal = open_offer(state, action.proposer)
    if deal is None or seat not in deal.recipients:
        waiting = ", ".join(names[d.proposer] for d in offers_to(state, seat))
        raise IllegalAction(
            f"{names[action.proposer]} has no open offer to you"
            + (f"; answer {waiting}" if waiting else "")
        )
    if seat in deal.accepted:
        raise IllegalAction(f"you have already accepted {names[action.proposer]}'s offer")


def as_deal(state, seat: int, action: Propose, tag: str = "") -> Deal:
    return Deal(state.next_deal, seat, action.recipients, action.terms, action.gives, (), tag)


# -- performing -------------------------------------------------------------------------------


def _public(deal: Deal) -> dict:
    return {"id": deal.id, "proposer": deal.proposer, "recipients": list(deal.recipients)}


def _tell(ev: list, kind: str, deal: Deal, private: dict | None = None, **public) -> None:
    """One event for the parties (with ``private`` details) and one for everybody else."""
    mask = only(*deal.parties)
    ev.append(Event(kind, mask, **_public(deal), **public, **(private or {})))
    ev.append(Event(kind, all_but(*deal.parties), **_public(deal), **public))


def open_deal(state, deal: Deal, ev: list) -> None:
    """Register ``deal`` (its id taken from ``state.next_deal``) and announce it."""
    state.next_deal += 1
    state.offers = (*state.offers, deal)
    _tell(ev, "deal_offered", deal, {"text": deal.text(state.names)})


def perform(state, seat: int, action, rules: DealRules, ev: list) -> None:
    """Perform a deal action that ``check`` accepted."""
    if isinstance(action, Propose):
        deal = as_deal(state, seat, action)
        open_deal(state, deal._replace(tag=rules.tag(state, deal)), ev)
        return
    if isinstance(action, Withdraw):
        close(state, _checked_offer(state, seat), "withdrawn", rules, ev)
        return
    deal = _checked_offer(state, action.proposer)
    if isinstance(action, Decline):
        ev.append(Event("deal_answered", EVERYONE, **_public(deal), player=seat, accept=False))
        close(state, deal, "declined", rules, ev)
        return
    ev.append(Event("deal_answered", EVERYONE, **_public(deal), player=seat, accept=True))
    accepted = (*deal.accepted, seat)
    if len(accepted) < len(deal.recipients):
        updated = deal._replace(accepted=accepted)
        state.offers = tuple(updated if d.id == deal.id else d for d in state.offers)
        return
    settle(state, deal._replace(accepted=accepted), rules, ev)


def settle(state, deal: Deal, rules: DealRules, ev: list) -> None:
    """Execute an accepted deal atomically, or fail it with the reason."""
    state.offers = tuple(d for d in state.offers if d.id != deal.id)
    reason = rules.unpayable(state, deal)
    if reason:
        _tell(ev, "deal_failed", deal, {"reason": reason, "text": deal.text(state.names)})
        rules.closed(state, deal, "failed", ev)
        return
    _tell(ev, "deal_done", deal, {"text": deal.text(state.names)})
    rules.execute(state, deal, ev)
    rules.closed(state, deal, "done", ev)


def close(state, deal: Deal, how: str, rules: DealRules, ev: list) -> None:
    """End an open offer without executing it (declined or withdrawn)."""
    state.offers = tuple(d for d in state.offers if d.id != deal.id)
    if how != "declined":
        ev.append(Event(f"deal_{how}", EVERYONE, **_public(deal)))
    rules.closed(state, deal, how, ev)


def expire(state, ev: list, who: int | None = None) -> None:
    """Every open offer expires (or only those ``who`` is a party to): it is over with
    the turn or phase that ended it, and nothing follows (``DealRules.closed`` is for the
    offers a player closes)."""
    for deal in state.offers:
        if who is None or who in deal.parties:
            state.offers = tuple(d for d in state.offers if d.id != deal.id)
            ev.append(Event("deal_expired", EVERYONE, **_public(deal)))


# -- showing ----------------------------------------------------------------------------------


def view(state, seat: int | None) -> list[dict]:
    """Open offers as ``seat`` may see them: everybody sees who offers to whom; the
    parties also see what the offer says."""
    out = []
    for d in state.offers:
        entry: dict[str, Any] = {**_public(d), "accepted": list(d.accepted)}
        if seat is not None and seat in d.parties:
            entry["text"] = d.text(state.names)
        out.append(entry)
    return out


def describe(names, what: str, d: dict) -> str:
    """One line for a ``deal_WHAT`` event, naming players by ``names``."""
    proposer = names[d["proposer"]]
    to = " and ".join(names[q] for q in d["recipients"])
    terms = f": {d['text'].partition(':')[2].strip()}" if "text" in d else ""
    if what == "offered":
        return f"{proposer} makes an offer to {to}{terms}."
    if what == "answered":
        verb = "accepts" if d["accept"] else "declines"
        return f"{names[d['player']]} {verb} {proposer}'s offer."
    if what == "done":
        return f"Deal between {proposer} and {to}{terms}."
    if what == "failed":
        why = f" ({d['reason']})" if "reason" in d else ""
        return f"The deal between {proposer} and {to} failed{why}."
    verb = {"withdrawn": "is withdrawn", "expired": "expires"}.get(what, what)
    return f"{proposer}'s offer to {to} {verb}."


__all__ = [
    "ACTIONS",
    "WITHDRAW",
    "Accept",
    "Deal",
    "DealRules",
    "Decline",
    "Propose",
    "Withdraw",
    "awaiting",
    "check",
    "close",
    "describe",
    "expire",
    "is_deal_text",
    "offers_to",
    "open_deal",
    "open_offer",
    "parse",
    "perform",
    "settle",
    "view",
]
