# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The benchmark's statistics: medians with bootstrap confidence intervals, and ratios judged by them.

A measurement is a list of *runs*, one per worker process (``nox -s bench``
interleaves the implementations, so run ``i`` of each implementation was
taken in the same round), each a list of values. The confidence interval
of a median comes from a bootstrap over the runs: each resample draws
rounds with replacement, pools their values and takes the median. A ratio
of two measurements taken in the same rounds is the median of the
round-by-round ratios (each round's median over the other side's median in
that round), so that whatever the machine did in a round (a slower clock,
another core, a busy neighbour) divides out; its bootstrap draws rounds.
Two measurements of different rounds are compared by the ratio of their
medians, each side resampled on its own. The interval is the central 95%
of the resampled statistic.

A ratio is only called lower or higher when its whole interval is on one
side of 1.0; an interval that holds 1.0 is *no difference*, never a win.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence

__all__ = [
    "CONFIDENCE",
    "NO_DIFFERENCE",
    "RESAMPLES",
    "Estimate",
    "bootstrap_geometric_mean",
    "bootstrap_median",
    "bootstrap_ratio",
    "coefficient_of_variation",
    "normalized",
    "percentile",
    "verdict",
]

CONFIDENCE = 0.95
"""The coverage of every interval the benchmark reports."""

RESAMPLES = 2000
"""How many bootstrap resamples each interval is computed from."""

NO_DIFFERENCE = "no difference"
"""The verdict on a ratio whose interval holds 1.0."""

_Runs = Sequence[Sequence[float]]
Estimate = dict[str, float | str]
"""``{"value", "low", "high"}``, and for a ratio also ``"verdict"``."""


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """Return a percentile of sorted values, interpolating linearly between neighbours.

    Parameters
    ----------
    ordered : sequence of float
        The values, sorted, at least one.
    fraction : float
        The percentile as a fraction in ``[0, 1]``.

    Returns
    -------
    float
        The interpolated value.
    """
    position = (len(ordered) - 1) * fraction
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def verdict(low: float, high: float) -> str:
    """Return what a ratio's interval says: ``"lower"``, ``"higher"`` or ``"no difference"``.

    Parameters
    ----------
    low, high : float
        The bounds of the ratio's confidence interval.

    Returns
    -------
    str
        ``"lower"`` when the whole interval is below 1.0, ``"higher"`` when
        it is above, :data:`NO_DIFFERENCE` when it holds 1.0.
    """
    if high < 1.0:
        return "lower"
    if low > 1.0:
        return "higher"
    return NO_DIFFERENCE


def bootstrap_median(runs: _Runs, *, resamples: int = RESAMPLES, seed: int = 0) -> Estimate:
    """Return the median of all values with its bootstrap confidence interval over the runs.

    Parameters
    ----------
    runs : sequence of sequence of float
        The values of each run; empty runs are ignored.
    resamples : int, optional
        Bootstrap resamples.
    seed : int, optional
        Seed of the resampling, so that a report is reproducible.

    Returns
    -------
    dict
        ``{"value", "low", "high"}``.

    Raises
    ------
    ValueError
        If there is no value.
    """
    kept = _kept(runs)
    value = statistics.median(_pooled(kept))
    chooser = random.Random(seed)
    samples = sorted(
        statistics.median(_pooled(_resample(kept, chooser.choices(range(len(kept)), k=len(kept)))))
        for _ in range(resamples)
    )
    return _estimate(value, samples)


def bootstrap_ratio(numerator: _Runs, denominator: _Runs, *, resamples: int = RESAMPLES, seed: int = 0) -> Estimate:
    """Return the ratio of two measurements with its bootstrap confidence interval, and the verdict.

    When both sides have as many runs, the runs are paired by round: the
    ratio is the median of the round-by-round ratios of medians, over the
    rounds where both sides have values, and each resample draws rounds.
    Otherwise it is the ratio of the two medians, and each side is
    resampled on its own.

    Parameters
    ----------
    numerator, denominator : sequence of sequence of float
        The values of each run of the two measurements.
    resamples : int, optional
        Bootstrap resamples.
    seed : int, optional
        Seed of the resampling.

    Returns
    -------
    dict
        ``{"value", "low", "high", "verdict"}``.

    Raises
    ------
    ValueError
        If either side has no value (paired: no round where both have
        values), or a median is zero.
    """
    value, draw = _ratio_statistic(numerator, denominator)
    chooser = random.Random(seed)
    estimate = _estimate(value, sorted(draw(chooser) for _ in range(resamples)))
    estimate["verdict"] = verdict(float(estimate["low"]), float(estimate["high"]))
    return estimate


def bootstrap_geometric_mean(
    pairs: Sequence[tuple[_Runs, _Runs]], *, resamples: int = RESAMPLES, seed: int = 0
) -> Estimate:
    """Return the geometric mean of several ratios, each as :func:`bootstrap_ratio` takes it, with its interval.

    Each resample draws rounds for every pair (paired as in
    :func:`bootstrap_ratio`), so the interval accounts for the spread of
    every ratio at once.

    Parameters
    ----------
    pairs : sequence of (runs, runs)
        The numerator and denominator of each ratio.
    resamples : int, optional
        Bootstrap resamples, each drawing rounds for every pair.
    seed : int, optional
        Seed of the resampling.

    Returns
    -------
    dict
        ``{"value", "low", "high", "verdict"}``.

    Raises
    ------
    ValueError
        If there is no pair, or a side of a pair has no value.
    """
    if not pairs:
        raise ValueError("no ratio to average")
    ratios = [_ratio_statistic(top, bottom) for top, bottom in pairs]
    value = math.exp(statistics.fmean(math.log(ratio) for ratio, _ in ratios))
    chooser = random.Random(seed)
    samples = sorted(
        math.exp(statistics.fmean(math.log(draw(chooser)) for _, draw in ratios)) for _ in range(resamples)
    )
    estimate = _estimate(value, samples)
    estimate["verdict"] = verdict(float(estimate["low"]), float(estimate["high"]))
    return estimate


def normalized(runs: _Runs, control: _Runs) -> list[list[float]]:
    """Return each run's values over the median of the control's run of the same round.

    A control is an operation timed in the same worker process as the
    measurement (the floor's, in ``nox -s bench``). Where a process runs
    everything slower or faster, the measurement and its control move
    together, and their quotient does not; two implementations are then
    compared through their quotients, with :func:`bootstrap_ratio` pairing
    the rounds as before.

    Parameters
    ----------
    runs, control : sequence of sequence of float
        The values of each round; the same number of rounds on both sides.

    Returns
    -------
    list of list of float
        One run per round; empty where either side's run is.

    Raises
    ------
    ValueError
        If the two sides have different numbers of rounds, or a control's median is zero.
    """
    if len(runs) != len(control):
        raise ValueError(f"{len(runs)} rounds against a control of {len(control)}")
    result = []
    for run, base in zip(runs, control, strict=True):
        if not len(run) or not len(base):
            result.append([])
            continue
        middle = statistics.median(base)
        if middle == 0:
            raise ValueError("a control's median is zero")
        result.append([value / middle for value in run])
    return result


def coefficient_of_variation(runs: _Runs) -> float:
    """Return the standard deviation of all values over their mean: the noise of a measurement.

    Parameters
    ----------
    runs : sequence of sequence of float
        The values of each run.

    Returns
    -------
    float
        The coefficient of variation; 0.0 with fewer than two values.
    """
    values = _pooled(runs)
    if len(values) < 2 or not statistics.fmean(values):
        return 0.0
    return statistics.stdev(values) / statistics.fmean(values)


def _kept(runs: _Runs) -> list[list[float]]:
    """Return the non-empty runs as lists; raise ``ValueError`` when none is left."""
    kept = [list(run) for run in runs if len(run)]
    if not kept:
        raise ValueError("no value to summarize")
    return kept


def _pooled(runs: _Runs) -> list[float]:
    """Return the values of all runs in one list."""
    return [value for run in runs for value in run]


def _resample(runs: list[list[float]], picks: Sequence[int]) -> list[list[float]]:
    """Return the runs at the drawn indices."""
    return [runs[index] for index in picks]


def _ratio_statistic(top: _Runs, bottom: _Runs) -> tuple[float, Callable[[random.Random], float]]:
    """Return a ratio as :func:`bootstrap_ratio` takes it, and a function that computes it over resampled rounds.

    The function draws the rounds with the generator it is given: paired
    rounds for both sides at once, otherwise each side's on its own.
    """
    rounds = _round_ratios(top, bottom)
    if rounds is not None:
        return statistics.median(rounds), lambda chooser: statistics.median(chooser.choices(rounds, k=len(rounds)))
    kept_top, kept_bottom = _kept(top), _kept(bottom)

    def resampled(chooser: random.Random) -> float:
        drawn_top = _resample(kept_top, chooser.choices(range(len(kept_top)), k=len(kept_top)))
        return _ratio_of_medians(
            drawn_top, _resample(kept_bottom, chooser.choices(range(len(kept_bottom)), k=len(kept_bottom)))
        )

    return _ratio_of_medians(kept_top, kept_bottom), resampled


def _round_ratios(top: _Runs, bottom: _Runs) -> list[float] | None:
    """Return the round-by-round ratios of medians of two paired measurements; ``None`` if they are not paired.

    Two measurements are paired when they have as many runs; a round where
    either side has no value is left out.
    """
    if len(top) != len(bottom):
        return None
    ratios = []
    for run, base in zip(top, bottom, strict=True):
        if not len(run) or not len(base):
            continue
        denominator = statistics.median(base)
        if denominator == 0:
            raise ValueError("the denominator's median is zero")
        ratios.append(statistics.median(run) / denominator)
    if not ratios:
        raise ValueError("no value to summarize: no round has values on both sides")
    return ratios


def _ratio_of_medians(top: _Runs, bottom: _Runs) -> float:
    """Return the median of one side's values over the other's."""
    denominator = statistics.median(_pooled(bottom))
    if denominator == 0:
        raise ValueError("the denominator's median is zero")
    return statistics.median(_pooled(top)) / denominator


def _estimate(value: float, ordered: Sequence[float]) -> Estimate:
    """Return a value with the central :data:`CONFIDENCE` interval of its sorted resamples."""
    tail = (1 - CONFIDENCE) / 2
    return {"value": value, "low": percentile(ordered, tail), "high": percentile(ordered, 1 - tail)}
