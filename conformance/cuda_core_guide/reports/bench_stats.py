# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The benchmark's statistics: medians with bootstrap confidence intervals, and ratios judged by them.

A measurement is a list of *runs*, one per worker process (``nox -s bench``
interleaves the implementations, so run ``i`` of each implementation was
taken in the same round), each a list of values. The confidence interval
of a median, or of a ratio of two medians, comes from a bootstrap over the
runs: each resample draws rounds with replacement (the same rounds for
both sides of a ratio, when they have as many, so drift between rounds
cancels), pools their values, and takes the medians. The interval is the
central 95% of the resampled statistic.

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
    """Return the ratio of two medians with its bootstrap confidence interval, and the verdict.

    When both sides have as many runs, the runs are taken as paired by
    round and each resample draws the same rounds for both; otherwise each
    side is resampled on its own.

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
        ``{"value", "low", "high", "verdict"}``; the value is
        ``median(numerator) / median(denominator)``.

    Raises
    ------
    ValueError
        If either side has no value, or a median is zero.
    """
    top, bottom = _kept(numerator), _kept(denominator)
    ratio = _ratio_of_medians(top, bottom)
    chooser = random.Random(seed)
    paired = len(top) == len(bottom)
    samples = []
    for _ in range(resamples):
        picks = chooser.choices(range(len(top)), k=len(top))
        other = picks if paired else chooser.choices(range(len(bottom)), k=len(bottom))
        samples.append(_ratio_of_medians(_resample(top, picks), _resample(bottom, other)))
    estimate = _estimate(ratio, sorted(samples))
    estimate["verdict"] = verdict(float(estimate["low"]), float(estimate["high"]))
    return estimate


def bootstrap_geometric_mean(
    pairs: Sequence[tuple[_Runs, _Runs]], *, resamples: int = RESAMPLES, seed: int = 0
) -> Estimate:
    """Return the geometric mean of several ratios of medians, with its interval and verdict.

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
    kept = [(_kept(top), _kept(bottom)) for top, bottom in pairs]

    def mean(draw: Callable[[int], list[int]] | None) -> float:
        logs = []
        for top, bottom in kept:
            if draw is None:
                logs.append(math.log(_ratio_of_medians(top, bottom)))
                continue
            picks = draw(len(top))
            other = picks if len(top) == len(bottom) else draw(len(bottom))
            logs.append(math.log(_ratio_of_medians(_resample(top, picks), _resample(bottom, other))))
        return math.exp(statistics.fmean(logs))

    chooser = random.Random(seed)
    samples = sorted(mean(lambda count: chooser.choices(range(count), k=count)) for _ in range(resamples))
    estimate = _estimate(mean(None), samples)
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
