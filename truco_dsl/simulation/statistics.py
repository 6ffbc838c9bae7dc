"""Figures from many games, with their uncertainty: ``wilson``, the interval of a rate."""

from __future__ import annotations

import math


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``successes`` in ``n`` trials (say games won of games
    played), at ``z`` standard deviations (1.96: 95% confidence).

    Returns (low, high), both between 0 and 1; (0.0, 1.0) when ``n`` is 0 (nothing is known).
    Unlike the normal approximation it stays inside [0, 1] and is sound near 0 and 1 and for few
    trials (Wilson, 1927). Raises ``ValueError`` when ``successes`` is not between 0 and ``n``, or
    ``z`` is not positive.
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n ({n}), got {successes}")
    if z <= 0:
        raise ValueError(f"z must be positive, got {z}")
    if n == 0:
        return 0.0, 1.0
    rate = successes / n
    spread = z * z / n
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / n + spread / (4 * n)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)
