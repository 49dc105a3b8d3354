"""Reward schemes of the research environments: what each seat is paid when a game ends.

Rewards come only at the end (0 before). ``outcome`` is the game's ``Outcome``:

- ``"win"``: the winners share 1 equally, everybody else gets 0. A capped game (stopped by
  a cap option before the rules ended it) has no winner: it pays 0 to everybody.
- ``"rank"``: the seat in place p of n (1 first) gets ``(n - p) / (n - 1)``, so 1 for first,
  0 for last; tied seats share the mean of their places. A game the rules ended is placed
  by its ranking (the game's own tie-breakers included); a capped game by its scores alone
  (the game's tie-breakers, such as Aristocracy's coins, would pay hoarding).
- ``"score"``: the seat's score minus the mean of the other seats' scores, in the game's
  own units (``Outcome.scores``: Aristocracy's victory points, Nobility's rubber wins,
  ...), capped games included.
- ``"shaped"`` (the single-agent environment only): ``"rank"`` at the end, and along the
  way each of the learner's steps is paid the change it and the bots' answers made to
  the game's own estimate of the learner's share of the win (``Game.evaluate``, what the
  search bots judge positions by): potential-based shaping, ``discount`` (the learner's
  gamma, a keyword of the environment) times the estimate after the step minus the one
  before, whose sum over an episode, discounted so, is the discounted final payoff minus
  the estimate at the start, whatever the path: it changes which moves pay sooner, not
  which policy is best (paid without the discount, a gain given back later would be a
  profit to a discounting learner).
- ``"progress"`` (the single-agent environment only, for games with a progress measure in
  ``bureau.envs.features``: Aristocracy): ``"score"`` at the end (the points ahead of the
  others' mean, 0 for a tie), and along the way each learner move is paid
  ``PROGRESS_WEIGHT`` times the change in the learner's progress toward points
  (Aristocracy: each building's points, half for the share of its building cards that
  match its address and half once complete, and the most the move under way can still
  add once its first token is picked, so the pick of a build or a store pays at once, a
  card that spoils it costs, and a decision's arrival pays nothing),
  the same potential-based shaping as ``"shaped"``: the end pays the final payoff minus
  the potential left, so progress that never becomes points (an incomplete building at
  the cap) is taken back. The end pays ``"score"``, not ``"rank"``, because a rank pays
  a tie 1/2: with a discount below 1 a learner then gains by making fewer decisions
  (stalling no cards), and every Aristocracy learner paid so learned to do nothing.

>>> from bureau.engine.game import Outcome
>>> won = Outcome(scores=(3.0, 5.0, 1.0), ranking=(2, 1, 3), winners=(1,))
>>> [payoffs(won, s) for s in ("win", "rank", "score")]
[[0.0, 1.0, 0.0], [0.5, 1.0, 0.0], [0.0, 3.0, -3.0]]
>>> capped = Outcome(scores=(0.0, 0.0, 2.0), ranking=(2, 1, 3), winners=(), capped=True)
>>> [payoffs(capped, s) for s in ("win", "rank")]
[[0.0, 0.0, 0.0], [0.25, 0.25, 1.0]]
"""

from __future__ import annotations

SCHEMES = ("win", "rank", "score", "shaped", "progress")
SHAPED = ("shaped", "progress")  # the single-agent environment's: paid along the way too
PROGRESS_WEIGHT = 1.0  # "progress": the potential per point of progress (in points)


def check_scheme(scheme: str) -> str:
    if scheme not in SCHEMES:
        raise ValueError(f"reward must be one of {', '.join(SCHEMES)}, not {scheme!r}")
    return scheme


def places(keys) -> list[float]:
    """Each seat's place (1 first) by descending ``keys``; ties share their mean place.

    >>> places([5, 7, 5, 1])
    [2.5, 1.0, 2.5, 4.0]
    """
    out = []
    for mine in keys:
        above = sum(1 for k in keys if k > mine)
        tied = sum(1 for k in keys if k == mine)
        out.append(above + (tied + 1) / 2)
    return out


def payoffs(outcome, scheme: str) -> list[float]:
    """Every seat's reward for the finished game ``outcome`` under ``scheme``."""
    n = len(outcome.scores)
    if scheme == "win":
        if outcome.capped or not outcome.winners:
            return [0.0] * n
        share = 1 / len(outcome.winners)
        return [share if s in outcome.winners else 0.0 for s in range(n)]
    if scheme == "progress":  # zero for a tie: no reward for ending sooner (below)
        scheme = "score"
    if scheme in ("rank", "shaped"):
        keys = outcome.scores if outcome.capped else [-r for r in outcome.ranking]
        return [(n - p) / (n - 1) for p in places(keys)]
    if scheme == "score":
        total = sum(outcome.scores)
        return [s - (total - s) / (n - 1) for s in outcome.scores]
    raise ValueError(check_scheme(scheme))
