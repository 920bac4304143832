# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's speed targets, read against a report of ``conformance/benchmarks/checker_speed.py``.

The benchmark prints them after a run (and fails when one is missed); the
site's *Checker speed* page shows each with its verdict. Both read them
from here, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["CACHED_SECONDS", "COLD_SECONDS", "SINGLE_OVER_CYTHON_SECONDS", "SPEEDUP_OVER_CYTHON_LINT", "speed_targets"]

COLD_SECONDS = 3.0
"""A cold run over the benchmark's tree takes at most this long."""

SPEEDUP_OVER_CYTHON_LINT = 3.0
"""A cold run is at least this many times faster than ``cython-lint``'s."""

CACHED_SECONDS = 0.3
"""A re-run with the result cache takes at most this long."""

SINGLE_OVER_CYTHON_SECONDS = 0.2
"""Checking one file takes at most this long beyond Cython's own start-up."""


def speed_targets(report: Mapping[str, object]) -> list[tuple[str, str, bool]]:
    """Return each speed target, what the report measured, and whether the medians meet it.

    Parameters
    ----------
    report : mapping
        The benchmark's report, with its ``tools``.

    Returns
    -------
    list of tuple of (str, str, bool)
        The target in words, the medians it reads, and whether they meet it.
    """
    tools = report["tools"]
    checker, linter = tools["cuda-core-guide"], tools["cython-lint"]
    startup = tools.get("Cython start-up", {}).get("single_file", {}).get("median_s")
    cold, cached = checker["cold"]["median_s"], checker.get("cached", {}).get("median_s")
    single = checker["single_file"]["median_s"]
    linter_cold = linter["cold"]["median_s"]
    return [
        (f"cold run at most {COLD_SECONDS:g} s", f"{cold:.2f} s", cold <= COLD_SECONDS),
        (
            f"cold run at least {SPEEDUP_OVER_CYTHON_LINT:g} times faster than cython-lint's",
            f"{linter_cold / cold:.1f} times ({cold:.2f} s against {linter_cold:.2f} s)",
            cold * SPEEDUP_OVER_CYTHON_LINT <= linter_cold,
        ),
        (
            f"cached re-run at most {CACHED_SECONDS:g} s",
            f"{cached:.2f} s" if cached is not None else "not measured",
            cached is not None and cached <= CACHED_SECONDS,
        ),
        (
            f"one file at most {SINGLE_OVER_CYTHON_SECONDS:g} s over Cython's start-up",
            f"{single - startup:.2f} s over it ({single:.2f} s against {startup:.2f} s)"
            if startup is not None
            else "Cython's start-up not measured",
            startup is not None and single - startup <= SINGLE_OVER_CYTHON_SECONDS,
        ),
    ]
