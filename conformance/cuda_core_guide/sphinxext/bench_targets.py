# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The project's performance targets, each read against the benchmark data: met, missed, or undecided.

A target on a ratio is *met* when the whole 95% interval is on its side of
the bound, *missed* when the whole interval is on the other side, and
*undecided* when the interval straddles the bound: the run cannot tell.
The verdicts come from the data at build time, so they cannot go stale
when the data changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from docutils import nodes

from cuda_core_guide.guide.plaintext import render_inline
from cuda_core_guide.reports.bench_report import FLOOR_VARIANTS, operation_title
from cuda_core_guide.sphinxext.report_data import MET, MISSED, UNDECIDED
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["MET", "MISSED", "UNDECIDED", "against_bound", "target_rows", "targets_table"]

_GIL_THREADS = "8"


def against_bound(estimate: dict | None, bound: float, *, at_most: bool = True) -> str:
    """Return whether an estimate with its interval keeps to a bound.

    Parameters
    ----------
    estimate : dict or None
        ``value``, ``low`` and ``high``.
    bound : float
        The bound.
    at_most : bool, optional
        True (the default) for "at most ``bound``", False for "at least".

    Returns
    -------
    str
        :data:`MET`, :data:`MISSED` or :data:`UNDECIDED`; ``"not measured"``
        without an estimate.
    """
    if not estimate:
        return "not measured"
    low, high = estimate["low"], estimate["high"]
    if at_most:
        return MET if high <= bound else MISSED if low > bound else UNDECIDED
    return MET if low >= bound else MISSED if high < bound else UNDECIDED


def target_rows(data: dict, show: Callable[[dict | None], str]) -> list[tuple[str, str, str]]:
    """Return each target, what was measured and the verdict.

    Parameters
    ----------
    data : dict
        The benchmark report.
    show : callable
        Formats an estimate with its interval.

    Returns
    -------
    list of tuple of (str, str, str)
        The target in words, the measurement, and the verdict.
    """
    per_call = data.get("per_call", {})
    geomean = data.get("summary", {}).get("geomean_ratio_upstream")
    fill = per_call.get("fill_1k", {}).get("ratio_upstream")
    rows = [
        ("geometric mean of reference / upstream at most 0.85", show(geomean), against_bound(geomean, 0.85)),
        ("`Buffer.fill` of 1 KiB at most 0.6 of upstream's time", show(fill), against_bound(fill, 0.6)),
    ]
    rows.append(_every("reference / upstream at most 1.05 on every call", per_call, "ratio_upstream", 1.05))
    # A call with floor variants is held to the last: the floor with the most of what the guide requires.
    last = {operation: variant for variant, operation in FLOOR_VARIANTS.items() if variant in per_call}
    held = {
        name: row
        for name, row in per_call.items()
        if name not in last and (name not in FLOOR_VARIANTS or last.get(FLOOR_VARIANTS[name]) == name)
    }
    rows.append(
        _every(
            "reference / floor at most 1.10 on every call with a floor (the floor with what the guide requires, "
            "where the bare one leaves it out)",
            held,
            "ratio_floor",
            1.10,
        )
    )
    phases = data.get("phases", {})
    saved = [
        f"{render_inline(row.get('title', name))} {1 - row['ratio']['value']:.0%} less" for name, row in phases.items()
    ]
    faster = all(row["ratio"].get("verdict") == "lower" for row in phases.values()) and bool(phases)
    rows.append(("Phase 2 faster than Phase 1 on every operation", ", ".join(saved), MET if faster else MISSED))
    counter = data.get("gil", {}).get("reference", {}).get("threads", {}).get(_GIL_THREADS, {}).get("counter_ratio")
    rows.append(
        (
            "a pure-Python counter keeps at least 0.8 of its rate while 8 threads call the reference",
            _fraction(counter),
            against_bound(counter, 0.8, at_most=False),
        )
    )
    return rows


def targets_table(rows: Iterable[tuple[str, str, str]], title: Callable[[str], nodes.paragraph]) -> nodes.table:
    """Return the targets as a table.

    Parameters
    ----------
    rows : iterable of tuple of (str, str, str)
        :func:`target_rows`.
    title : callable
        Renders a target's MyST inline markup.

    Returns
    -------
    docutils.nodes.table
        Target, measured, verdict.
    """
    body: list[Row] = [
        ([title(target), nodes.paragraph(text=measured), nodes.paragraph(text=verdict)], ["guide-report-row"], ())
        for target, measured, verdict in rows
    ]
    return table((("Target", 40), ("Measured", 40), ("Verdict", 20)), body, ["guide-report-table"])


def _every(target: str, per_call: dict, field: str, bound: float) -> tuple[str, str, str]:
    """Return a target that every call must meet: the calls that miss it or cannot tell, by name."""
    verdicts = {
        render_inline(operation_title(name, row)): against_bound(row.get(field), bound)
        for name, row in per_call.items()
        if row.get(field)
    }
    missed = [name for name, verdict in verdicts.items() if verdict == MISSED]
    undecided = [name for name, verdict in verdicts.items() if verdict == UNDECIDED]
    parts = [f"missed by {'; '.join(missed)}"] if missed else []
    parts += [f"undecided for {'; '.join(undecided)}"] if undecided else []
    measured = "; ".join(parts) or f"all {len(verdicts)} within"
    verdict = MISSED if missed else UNDECIDED if undecided else MET
    return target, measured, verdict


def _fraction(estimate: dict | None) -> str:
    """Return a share of a rate with its interval: ``0.66 of its rate alone (95% CI 0.60–0.97)``, never *faster*."""
    if not estimate:
        return "not measured"
    return f"{estimate['value']:.2f} of its rate alone (95% CI {estimate['low']:.2f}–{estimate['high']:.2f})"
