"""From typed text to actions, the finite legal actions, and random play.

Messages are free text, so ``legal`` lists only the finite commands (ready,
picks, agreeing, the Loyal Administrator); ``sample``
writes random Transactions the way players do: reinvestments, gifts,
conditional trades, upgrades, takes, in public or hidden.
"""

from __future__ import annotations

import random

from bureau.engine import IllegalAction

from . import economy
from .actions import AGREE, READY, Action, Administer, Hide, Limits, Orders, Pick, Post, Tell
from .rules import pending
from .state import (
    ADMINISTRATOR,
    AIR,
    CARDS,
    DISTRIBUTION,
    DRAFT,
    LAND,
    MONEY,
    SENSATION,
    SUPPRESSION,
    State,
    own_asset,
)
from .transactions import (
    ASSETS,
    HEADER,
    HOUSES,
    UPGRADES,
    Conditional,
    Gift,
    Reinvest,
    Requirement,
    Take,
    Transaction,
    Upgrade,
    asset_index,
    text,
)


def _named(names, word: str, what: str) -> int:
    lowered = [n.lower() for n in names]
    if word.lower() not in lowered:
        raise IllegalAction(f"no {what} called {word!r}; choose from {', '.join(names)}")
    return lowered.index(word.lower())


# The actions of one word.
_BARE: dict[str, Action] = {"ready": READY, "agree": AGREE}


def resolve(state: State, seat: int, raw: tuple) -> Action:
    word = raw[0]
    if word == "pick":
        return Pick(_named(HOUSES, raw[1], "House"))
    if word == "post":
        return Post(raw[1])
    if word == "tell":
        seats = sorted({_named(state.names, w, "player") for w in raw[1]})
        return Tell(tuple(seats), tuple(state.names[other] for other in seats), raw[2])
    if word == "hide":
        return Hide(raw[1], raw[2])
    if word == "limits":
        return Limits(raw[1], raw[2])
    if word == "administer":
        return Administer(_named(CARDS, raw[1], "card"))
    if word == "orders":
        out = []
        for w in raw[1]:
            asset = -1 if w.lower() == "none" else asset_index(w)
            if asset is None or asset == 0:
                raise IllegalAction(f"{w!r} is not a Resource; write a Resource name or 'none'")
            out.append(asset)
        return Orders(tuple(out))
    return _BARE[word]


def legal(state: State, seat: int) -> list:
    if state.phase == DRAFT:
        if seat not in pending(state):
            return []
        return [Pick(h) for h in range(6) if h not in state.house_of]
    if state.phase not in (AIR, LAND):
        return []
    out: list = [] if state.ready[seat] else [READY]
    if state.proposal is not None and seat not in state.agreed:
        out.append(AGREE)
    if state.upgrades[seat][ADMINISTRATOR] and state.holdings[seat][MONEY] >= 1:
        out += [Administer(c) for c in sorted(set(state.discard))]
    return out


def timeout(state: State, seat: int) -> Action:
    """At the phase's deadline every player is ready; in the draft, the first free House."""
    if state.phase == DRAFT:
        return legal(state, seat)[0]
    return READY


# -- random play ------------------------------------------------------------------------------


def sample(state: State, seat: int, rng: random.Random) -> Action:
    if state.phase == DRAFT:
        return rng.choice(legal(state, seat))
    if state.ready[seat] or rng.random() < 0.3:
        options = legal(state, seat)
        if options and not state.ready[seat]:
            return READY
        if options:
            return rng.choice(options)
    record = random_transaction(state, seat, rng)
    if record is None:
        return READY if not state.ready[seat] else Post("Fair winds.")
    house = state.house_of[seat]
    message = f"{HEADER} {text(record, house)}"
    if not isinstance(record, Take) and rng.random() < 0.3:
        coming = state.coming_stop()
        if coming > state.stops:
            return Post(message)
        return Hide(None if rng.random() < 0.5 else coming + rng.randrange(2), message)
    return Post(message)


def random_transaction(state: State, seat: int, rng: random.Random) -> Transaction | None:
    house = state.house_of[seat]
    held = state.holdings[seat]
    others = [h for h in state.house_of if h != house]
    own = own_asset(house)
    kind = rng.randrange(5)
    if kind == 0 and (held[MONEY] >= 2 or held[own] >= 2):
        give, get = (MONEY, own) if held[MONEY] >= 2 else (own, MONEY)
        x = rng.randint(2, held[give])
        return Reinvest(_one(give, x), _one(get, rng.randint(1, x - 1)))
    if kind == 1:
        return Gift(rng.choice(others), _some(held, rng))
    if kind == 2:
        to = rng.choice(others)
        want = _one(own_asset(to) if rng.random() < 0.5 else MONEY, rng.randint(1, 2))
        gift = Gift(to, _some(held, rng))
        window = rng.choice(("default", "same_batch", "standing"))
        return Conditional(gift, (Requirement(to, house, want),), window, None)
    if kind == 3:
        upgrade = affordable_upgrade(state, seat, rng)
        if upgrade is not None and rng.random() < 0.3:  # bought only if someone pays first
            giver = rng.choice(others)
            requirement = Requirement(giver, house, _one(MONEY, 1))
            return Conditional(upgrade, (requirement,), rng.choice(("default", "standing")), None)
        return upgrade
    if (
        house in (SENSATION, SUPPRESSION)
        and state.special_left[seat]
        and state.special_round[seat] != state.round
    ):
        targets = [h for h in others if state.holdings[state.seat_of(h)][MONEY] >= 1]
        if targets:
            return Take(rng.choice(targets))
    return None


def _one(asset: int, n: int) -> tuple[int, ...]:
    out = [0] * len(ASSETS)
    out[asset] = n
    return tuple(out)


def _some(held, rng: random.Random) -> tuple[int, ...]:
    """One or two units of something held (or 1 Money, which may fail)."""
    have = [a for a, n in enumerate(held) if n]
    a = rng.choice(have) if have else MONEY
    return _one(a, min(held[a], rng.randint(1, 2)) or 1)


def affordable_upgrade(state: State, seat: int, rng: random.Random) -> Upgrade | None:
    house = state.house_of[seat]
    held = state.holdings[seat]
    choices = list(range(len(UPGRADES)))
    rng.shuffle(choices)
    for upgrade in choices:
        money, resources, kinds = economy.cost(
            house, upgrade, state.options["discount_applies_to_infrastructure"]
        )
        if held[MONEY] < money:
            continue
        pay = [0] * len(ASSETS)
        pay[MONEY] = money
        need = resources
        for a in economy.allowed_kinds(house, kinds):
            take = min(need, held[a])
            pay[a] += take
            need -= take
        if need == 0:
            return Upgrade(upgrade, tuple(pay))
    return None


def help_text(state: State, seat: int) -> str:
    if state.phase == DRAFT:
        free = ", ".join(HOUSES[h] for h in range(6) if h not in state.house_of)
        return f"Choose your House: 'house NAME' ({free})."
    return (
        "'post: TEXT' (public; 'post: ATTN Bureau: Transaction. I give 2 Money to Usury.'),"
        " 'tell PLAYER: TEXT', 'hide [for stop N]: TEXT' (sealed for the Bureau), 'ready',"
        " 'propose limits AIR LAND' (hours), 'agree limits'"
        + (", 'administrator CARD'" if state.upgrades[seat][ADMINISTRATOR] else "")
        + (", 'distribution ASSET, ...'" if state.upgrades[seat][DISTRIBUTION] else "")
        + "."
    )
