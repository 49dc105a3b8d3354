"""Compact, game-specific observation features, and the progress a reward may pay for.

Hashed features (``encodings.hashed_view``) suit every game but spread what matters over
a thousand buckets, shared by colliding names. Where a game has a ``features`` function
here, its observation is instead a short vector of what a player of that game looks at,
read from the seat's view alone (``game.view(state, seat)``), the same length for every
position:

**Aristocracy** (``aristocracy``, ``ARISTOCRACY_SIZE`` values), what building needs:

- for each of the 13 ranks: the seat's cards of that rank in hand and in stall, in the
  market, among the face-up discards, in the other stalls, in the others' known hands;
  the seat's buildings addressed by that rank, their matched building cards and the
  cards they still miss; the seat's mismatched building cards of that rank; the others'
  buildings addressed by it and their exposed cards of it; how many of the missed cards
  the seat's hand and stall could fill (the Stores that match one now);
- for each of the 52 cards: in the seat's hand, in its stall, mismatched in its
  buildings, in the market (the cards a move names);
- the step and the round (one-hot), the year and the years left to the cap, actions
  left, whether the seat acts or is awaited, coins and hand sizes (the seat's and the
  others' most), the seat's buildings and complete buildings by kind, its points and
  production to harvest, whether it may claim Glory, how many cards its Tax must
  discard, the others' buildings without an exposed mismatched card, in points, and the
  building cards a farm, an estate and a château need (rule options).

``progress`` is the learner's progress toward points, read from the state (a reward may
read it; the observation never does): see ``bureau.envs.rewards``.

>>> import numpy as np
>>> from bureau.engine import load
>>> game = load("aristocracy")
>>> state = game.new(("Ann", "Ben"), seed=1, bots_only=True)
>>> x = aristocracy(game.view(state, 0), ("Ann", "Ben"), 0, {"max_years": 20})
>>> x.shape == (ARISTOCRACY_SIZE,), x.dtype, float(x[:13 * 13:13].sum())  # cards in hand
(True, dtype('float32'), 7.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bureau.cards import card_text, rank
from bureau.games.aristocracy.actions import Downgrade, Store

RANK_OF = {card_text(c): (c % 13) for c in range(52)}  # "7H" -> 6 (A is 0, K is 12)
CODE_OF = {card_text(c): c for c in range(52)}
RANKS, CARDS = 13, 52
PER_RANK = 13
STEPS = ("tax", "ball", "bid", "pick", "stall", "act", "penalty", "force", "expose", "glory",
         "over")  # fmt: skip
ROYALS = ("King", "Queen", "Jack")
KINDS = ("farm", "estate", "chateau")
SCALARS = len(STEPS) + len(ROYALS) + 25
ARISTOCRACY_SIZE = RANKS * PER_RANK + 4 * CARDS + SCALARS


def _rank(text: str | None) -> int:
    return RANK_OF.get(text, -1) if text else -1


def aristocracy(view: dict, names: Sequence[str], seat: int, options: dict) -> np.ndarray:
    """Aristocracy's features of ``view`` for ``seat`` (see the module's docstring)."""
    r = [[0.0] * PER_RANK for _ in range(RANKS)]
    c = [[0.0] * CARDS for _ in range(4)]
    players = view["players"]
    me = players[seat]
    for t in me.get("hand", ()):
        if t in RANK_OF:
            r[RANK_OF[t]][0] += 1
            c[0][CODE_OF[t]] += 1
    for t in me["stall"]:
        if t in RANK_OF:
            r[RANK_OF[t]][1] += 1
            c[1][CODE_OF[t]] += 1
    for t in view["market"]:
        if t in RANK_OF:
            r[RANK_OF[t]][2] += 1
            c[3][CODE_OF[t]] += 1
    for t in view["discard_face_up"]:
        if t in RANK_OF:
            r[RANK_OF[t]][3] += 1
    kinds = [0.0] * 3
    complete = [0.0] * 3
    points = harvest = 0.0
    their_points = 0.0
    for q, pv in enumerate(players):
        if q == seat:
            continue
        for t in pv["stall"]:
            if t in RANK_OF:
                r[RANK_OF[t]][4] += 1
        for t in pv["known_hand"]:
            if t in RANK_OF:
                r[RANK_OF[t]][5] += 1
        for b in pv["buildings"]:
            a = _rank(b["address"])
            if a >= 0:
                r[a][10] += 1
            clean = True
            for t, shown in zip(b["cards"], b["exposed"], strict=True):
                if shown and t is not None:
                    k = _rank(t)
                    if k >= 0:
                        r[k][11] += 1
                    if k != a:
                        clean = False
            if clean and b["kind"] in KINDS:
                their_points += KINDS.index(b["kind"]) + 1
    for b in me["buildings"]:
        a = _rank(b["address"])
        kind = KINDS.index(b["kind"]) if b["kind"] in KINDS else 0
        kinds[kind] += 1
        if b.get("complete"):
            complete[kind] += 1
            points += kind + 1
        harvest += bool(b["production"])
        if a < 0:
            continue
        r[a][6] += 1
        matched = 0
        for t in b["cards"]:
            k = _rank(t)
            if k == a:
                matched += 1
            elif k >= 0:
                r[k][9] += 1
                c[2][CODE_OF[t]] += 1
        r[a][7] += matched
        r[a][8] += b["size"] - matched
    for k in range(RANKS):  # what a Store could match now: cards held against cards missed
        r[k][12] = min(r[k][0] + r[k][1], r[k][8])
    step = view["step"]
    coins = [pv["coins"] for pv in players]
    hands = [pv["hand_count"] for pv in players]
    others = [q for q in range(len(players)) if q != seat]
    year = view["year"]
    cap = options.get("max_years")
    base = options.get("base_hand_size", 7)
    chateau = options.get("chateau_size", 5)
    limit = base + sum(1 for b in me["buildings"] if b["size"] == chateau)
    glory = complete[2] >= 1 and (complete[2] >= 2 or complete[1] >= 2 or complete[0] >= 3)
    scalars = [float(step == s) for s in STEPS]
    scalars += [float(view["royal"] == s) for s in ROYALS]
    scalars += [
        year,
        (cap - year + 1) if cap else 0.0,
        float(bool(cap)),
        view["actions_left"],
        float(view["active"] == seat),
        float(seat in view["pending"]),
        float(view["herald"] == seat),
        coins[seat],
        max((coins[q] for q in others), default=0),
        hands[seat],
        max((hands[q] for q in others), default=0),
        *kinds,
        *complete,
        points,
        harvest,
        float(glory),
        max(0, hands[seat] - limit) if step == "tax" else 0.0,
        their_points,
        # the building cards each kind needs: a policy trained on smaller buildings first
        # (a curriculum) must see which sizes it plays
        options.get("farm_size", 3),
        options.get("estate_size", 4),
        chateau,
    ]
    out = np.empty(ARISTOCRACY_SIZE, dtype=np.float32)
    out[: RANKS * PER_RANK] = np.array(r, dtype=np.float32).ravel()
    k = RANKS * PER_RANK
    out[k : k + 4 * CARDS] = np.array(c, dtype=np.float32).ravel()
    out[k + 4 * CARDS :] = scalars
    return out


def _worth(farm: int, want: int, cards) -> float:
    """A building's progress (``aristocracy_progress``), its cards' ranks against ``want``."""
    if len(cards) < farm:
        return 0.0
    matched = sum(1 for x in cards if rank(x & 63) == want)
    return worth(len(cards) - farm + 1, matched, len(cards))


def worth(points: int, matched: int, size: int) -> float:
    """A building's progress in points: half its points for its share of matched cards,
    the other half once it is complete (so that one complete farm is worth more than a
    château one card in three matched, which scores nothing).

    >>> worth(1, 3, 3), worth(3, 1, 3), worth(2, 3, 4)
    (1.0, 0.5, 0.75)
    """
    return points * (0.5 * matched / size + 0.5 * (matched == size))


def aristocracy_reach(state, seat: int, choice) -> float:
    """The most the move under way (``choice``: the seat's decision, its tokens picked so
    far) can still add to the seat's progress: a build or upgrade its matched cards (as
    many more as the cards left to pick allow), a store a matched card in (or out), a
    downgrade what it takes away; 0 for every other move, and 0 before a move is begun
    (nothing picked yet). A potential may read the whole state; this one reads only the
    seat's own buildings and cards."""
    if not choice.prefix:
        # A decision's arrival pays nothing, so the pick of a move that progresses is paid
        # at once and a ``pass`` forgoes it; counting the best move from the decision's
        # start paid the stall instead and made a pass free while another action followed.
        return 0.0
    farm = state.options["farm_size"]
    mine = state.buildings[seat]
    best = None

    def consider(gain: float) -> None:
        nonlocal best
        best = gain if best is None else max(best, gain)

    for code in choice.codes[choice.lo : choice.hi]:
        action = choice.actions[code]
        if isinstance(action, Store):
            b = mine[action.building]
            want = rank(b.address)
            cards = b.cards[:]
            cards[cards.index(action.out)] = action.card
            consider(_worth(farm, want, cards) - _worth(farm, want, b.cards))
        elif isinstance(action, Downgrade):
            b = mine[action.building]
            want = rank(b.address)
            cards = b.cards[:]
            for x in action.cards:
                cards.remove(x)
            left = _worth(farm, want, cards) if action.cards else 0.0
            consider(left - _worth(farm, want, b.cards))
        else:
            consider(0.0)
    prefix = choice.prefix
    for f in choice.families:
        meta = getattr(f, "meta", None)
        if meta is None:
            consider(0.0)
            continue
        want, ranks, points, size, before, base_matched = meta
        h = len(f.head)
        states = f._states(prefix[h:]) if len(prefix) > h else [((), None)]
        for chosen, partial in states:
            picked = list(chosen) + ([partial[0]] if partial is not None else [])
            used: dict[int, int] = {}
            for i in picked:
                used[i] = used.get(i, 0) + 1
            matched = sum(1 for i in picked if ranks[i] == want)
            start = picked[-1] if picked and not f.ordered else 0
            avail = sum(
                n - used.get(k, 0)
                for k, (_, n) in enumerate(f.items)
                if k >= start and ranks[k] == want
            )
            matched += min(f.size - len(picked), avail)
            consider(worth(points, base_matched + matched, size) - before)
    return 0.0 if best is None else best


def aristocracy_progress(state, seat: int) -> float:
    """The seat's progress toward points, in points: each of its buildings counts half its
    points (farm 1, estate 2, château 3) times the share of its building cards that match
    its address card, and the other half once complete, so a complete building counts in
    full and every matched card stored or built brings the seat nearer."""
    farm = state.options["farm_size"]
    return sum(_worth(farm, rank(b.address), b.cards) for b in state.buildings[seat])


FEATURES = {"aristocracy": (aristocracy, ARISTOCRACY_SIZE)}
PROGRESS = {"aristocracy": aristocracy_progress}
REACH = {"aristocracy": aristocracy_reach}
