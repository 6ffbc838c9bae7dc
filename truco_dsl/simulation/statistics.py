"""Rates and means of many simulated games, each with its 95% interval, and paired differences.

Every figure is a plain dict ready for JSON: a rate ``{"rate", "low", "high", "successes", "trials"}``
(Wilson's score interval), a mean ``{"mean", "low", "high", "n"}`` (normal interval of the mean:
1.96 standard errors), a difference ``{"difference", "low", "high", "n", "excludes_zero"}``.

Hands of one game are not independent trials (the score they are played at is shared), so a
pooled rate's Wilson interval is narrower than it should be when games differ much; the paired
differences of ``--against`` take the game as the unit (``paired_rate_difference``), which accounts
for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb, erfc, sqrt

#: the normal quantile of a two-sided 95% interval, as it is usually rounded
Z95 = 1.96


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a rate: ``successes`` of ``trials`` (whole numbers, 0 <= successes
    <= trials), ``z`` standard deviations wide (1.96: 95%). Returns ``(low, high)``, within [0, 1]
    and sound near 0 and 1 and for few trials (Wilson, 1927); ``(0.0, 1.0)`` when there is no
    trial. Raises ``ValueError`` for counts that are not such, or a ``z`` that is not positive."""
    if not 0 <= successes <= trials:
        raise ValueError(f"a rate needs 0 <= successes <= trials, got {successes} of {trials}")
    if z <= 0:
        raise ValueError(f"z must be positive, got {z}")
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    middle = share + z * z / (2 * trials)
    spread = z * sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale)


def rate(successes: int, trials: int) -> dict[str, float | int | None]:
    """A rate with its Wilson 95% interval (``rate`` None when there is no trial)."""
    low, high = wilson(successes, trials)
    return {"rate": successes / trials if trials else None, "low": low, "high": high,
            "successes": successes, "trials": trials}


def mean(values: Sequence[float]) -> dict[str, float | int | None]:
    """The mean of ``values`` with its 95% interval (1.96 standard errors; None where too few)."""
    count = len(values)
    if count == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    average = sum(values) / count
    if count == 1:
        return {"mean": average, "low": None, "high": None, "n": 1}
    error = sqrt(sum((value - average) ** 2 for value in values) / (count - 1) / count)
    return {"mean": average, "low": average - Z95 * error, "high": average + Z95 * error, "n": count}


def mean_of_table(table: Mapping[str, int]) -> dict[str, float | int | None]:
    """``mean`` of the values a table counts (value as a string -> how many times it was seen)."""
    return mean([int(value) for value, times in table.items() for _ in range(times)])


def paired_difference(first: Sequence[float], second: Sequence[float]) -> dict[str, float | int | bool | None]:
    """The mean of ``first[i] - second[i]`` (the same game played two ways) with its 95% interval,
    and whether it is shown (``_difference``)."""
    if len(first) != len(second):
        raise ValueError(f"paired values come in pairs: {len(first)} and {len(second)}")
    each = [a - b for a, b in zip(first, second)]
    return _difference(mean(each), each)


def paired_rate_difference(first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]]) -> dict[str, float | int | bool | None]:
    """The difference of two pooled rates, each given game by game as ``(successes, trials)``, the
    same games played two ways, with its 95% interval. The game is the unit: the interval comes
    from the spread of each game's linearized contribution (the ratio estimator's delta method),
    so the hands of one game may be alike and the two ways of a game may be alike."""
    if len(first) != len(second):
        raise ValueError(f"paired values come in pairs: {len(first)} and {len(second)}")
    count = len(first)
    trials_first, trials_second = sum(n for _, n in first), sum(n for _, n in second)
    if count < 2 or trials_first == 0 or trials_second == 0:
        return {"difference": None, "low": None, "high": None, "n": count, "differing": 0, "sign_test_p": 1.0,
                "excludes_zero": False}
    rate_first = sum(k for k, _ in first) / trials_first
    rate_second = sum(k for k, _ in second) / trials_second
    per_first, per_second = trials_first / count, trials_second / count
    parts = [(k1 - rate_first * n1) / per_first - (k2 - rate_second * n2) / per_second
             for (k1, n1), (k2, n2) in zip(first, second)]
    error = sqrt(sum(part * part for part in parts) / (count - 1) / count)
    difference = rate_first - rate_second
    leanings = [k1 * n2 - k2 * n1 for (k1, n1), (k2, n2) in zip(first, second) if n1 and n2]  # the sign of each game's own difference
    return _difference({"mean": difference, "low": difference - Z95 * error, "high": difference + Z95 * error, "n": count},
                       leanings)


#: up to how many leaning games the sign test is computed exactly
EXACT_SIGNS = 2000


def sign_test(leanings: Sequence[float]) -> float:
    """The two-sided p-value of the exact sign test: of the games whose ``leanings`` (each game's
    own difference, first minus second) are not 0, how unlikely so many lean one way were each way
    as likely (a binomial of one half; above ``EXACT_SIGNS`` games its normal approximation, with
    continuity correction). 1.0 when none leans."""
    ups = sum(1 for leaning in leanings if leaning > 0)
    downs = sum(1 for leaning in leanings if leaning < 0)
    count = ups + downs
    if count == 0:
        return 1.0
    if count > EXACT_SIGNS:
        return min(1.0, erfc(max(0.0, abs(ups - downs) - 1) / sqrt(count) / sqrt(2)))
    tail = sum(comb(count, k) for k in range(min(ups, downs) + 1)) / 2 ** count
    return min(1.0, 2 * tail)


def _difference(interval: dict[str, float | int | None], leanings: Sequence[float]) -> dict[str, float | int | bool | None]:
    """A paired difference with its interval, the games played differently (``differing``: whose
    own difference is not 0) and the sign test's p over them. ``excludes_zero``, the difference
    claimed, needs both: the interval excludes 0 and the sign test says p < 0.05. The interval is a
    normal approximation, which a handful of differing games cannot support (two games leaning
    the same way can give an interval that excludes 0; the sign test needs six)."""
    low, high = interval["low"], interval["high"]
    p = sign_test(leanings)
    return {"difference": interval["mean"], "low": low, "high": high, "n": interval["n"],
            "differing": sum(1 for leaning in leanings if leaning != 0), "sign_test_p": p,
            "excludes_zero": low is not None and high is not None and (low > 0 or high < 0) and p < 0.05}
