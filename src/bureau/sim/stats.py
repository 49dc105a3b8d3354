"""Small statistics for tournaments: confidence intervals and summaries.

Plain Python on purpose: no numpy needed to read a tournament's result.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> mean([1, 2, 6]), median([1, 2, 6]), median([1, 2, 3, 10]), stdev([2, 4, 6])
(3.0, 2, 2.5, 2.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``successes`` in ``trials``.

    ``successes`` may be fractional (a shared win counts 1/k for each of k
    winners). With no trials nothing is known: the interval is (0, 1).

    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson(10, 10)]
    [0.7225, 1.0]
    >>> wilson(0, 5)[0], wilson(5, 5)[1]
    (0.0, 1.0)
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(11, 10)
    Traceback (most recent call last):
    ...
    ValueError: successes must be between 0 and trials (10), not 11
    """
    if trials < 0:
        raise ValueError(f"trials must not be negative, not {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and trials ({trials}), not {successes}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def mean(values: Sequence[float]) -> float | None:
    """The arithmetic mean, or None for no values.

    >>> mean([]) is None
    True
    """
    return sum(values) / len(values) if values else None


def median(values: Sequence[float]) -> float | None:
    """The median (the mean of the middle two for an even count), or None for no values.

    >>> median([]) is None
    True
    """
    if not values:
        return None
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def stdev(values: Sequence[float]) -> float | None:
    """The sample standard deviation, or None for fewer than two values.

    >>> stdev([5]) is None, stdev([1, 1, 1])
    (True, 0.0)
    """
    if len(values) < 2:
        return None
    centre = sum(values) / len(values)
    return math.sqrt(sum((v - centre) ** 2 for v in values) / (len(values) - 1))
