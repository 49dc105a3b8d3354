"""A finished match of Nobility in numbers, for designers (``Game.statistics``).

Everything comes from the final state, so it is cheap: what the match counted all along
(``state.tally``), how it ended, and the last rubber's melds by suit and by length.
"""

from __future__ import annotations

from bureau.cards import SUIT_NAMES

from .state import RING, TALLY, State


def statistics(state: State) -> dict[str, float]:
    """A finished match's telling numbers: what it counted all match long (battles,
    captures, income events, retrievals, coalitions, deals, elections), how it ended,
    and the last rubber's melds by suit and by length.

    >>> import random
    >>> from bureau.games.nobility import GAME
    >>> state, rng = GAME.new(3, seed=2, bots_only=True), random.Random(0)
    >>> while GAME.outcome(state) is None:
    ...     seat = GAME.pending(state)[0]
    ...     _ = GAME.apply(state, seat, GAME.sample_action(state, seat, rng))
    >>> s = statistics(state)
    >>> s["elections"] >= 1, s["melds"] == sum(s[f"melds_{n}"] for n in SUIT_NAMES)
    (True, True)
    """
    out = {name: float(v) for name, v in zip(TALLY, state.tally, strict=True)}
    result = state.outcome
    reason = result.reason if result is not None else ""
    out["turns"] = float(state.turns)
    out["rubbers"] = float(len(state.rubber_results))
    out["capped"] = float(bool(result and result.capped))
    out["ended_all_provinces"] = float("36 provinces" in reason)
    out["ended_election_cap"] = float(reason.startswith("election cap"))
    out["ended_stalemate"] = float(reason.startswith("stalemate"))
    out["ended_concession"] = float("conceded" in reason)
    out["exhausted"] = float(state.exhausted)
    melds = state.melds
    out["melds"] = float(len(melds))
    for s, name in enumerate(SUIT_NAMES):
        out[f"melds_{name}"] = float(sum(1 for m in melds if m.suit == s))
        out[f"provinces_{name}"] = float(sum(m.length for m in melds if m.suit == s))
    for length in range(3, RING + 1):
        out[f"melds_length_{length}"] = float(sum(1 for m in melds if m.length == length))
    lengths = [m.length for m in melds]
    out["meld_length_mean"] = sum(lengths) / len(lengths) if lengths else 0.0
    out["meld_length_max"] = float(max(lengths, default=0))
    out["corrupted_melds"] = float(sum(1 for m in melds if m.joker >= 0))
    out["defending_nobles"] = float(sum(len(m.nobles) for m in melds))
    out["noble_discard"] = float(len(state.ndiscard))
    counts = sorted((state.provinces(seat) for seat in range(state.num_players)), reverse=True)
    out["provinces_top"] = float(counts[0])
    out["provinces_margin"] = float(counts[0] - counts[1])
    out["bank"] = float(state.bank)
    return out
