# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Why a benchmark number lies outside the range a reader expects, said from the data and the method.

The performance page shows every number the benchmark recorded. Some of
them look impossible at first sight, and the page explains each one where
it shows, in a note derived from the data (never written by hand for one
run, so it holds when the data changes):

- a pure-Python counter that runs *faster* while threads call the driver
  than alone (:func:`gil_explanations`): the two rates are medians over a
  few rounds, each its own process, and the machine runs whole processes
  at different speeds;
- a copy or fill *faster than the device's theoretical bandwidth*
  (:func:`bandwidth_explanations`): that figure is the bandwidth of the
  device's memory, and a working set that fits the L2 cache is served
  from the cache.
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes

from cuda_core_guide.sphinxext.report_data import explanation

__all__ = ["bandwidth_explanations", "gil_explanations"]

_ABOVE_ALONE = 1.05
"""A counter ratio above this is explained: the threads cannot make the counter faster."""


def gil_explanations(data: Mapping[str, object], names: Mapping[str, str]) -> list[nodes.Node]:
    """Return a note for every counter that ran faster beside the threads than alone.

    Parameters
    ----------
    data : mapping
        The benchmark report.
    names : mapping of str to str
        The implementations' names as the page shows them.

    Returns
    -------
    list of docutils.nodes.Node
        One note, or nothing when every ratio is at most about 1.
    """
    cases = []
    for impl, facts in dict(data.get("gil", {})).items():
        alone = facts.get("counter_alone_per_s") or {}
        for count, row in facts.get("threads", {}).items():
            ratio = row.get("counter_ratio") or {}
            if ratio.get("value", 0) > _ABOVE_ALONE:
                cases.append((impl, count, ratio, row.get("counter_per_s") or {}, alone, facts.get("rounds", "?")))
    if not cases:
        return []
    items = nodes.bullet_list()
    for impl, count, ratio, beside, alone, rounds in cases:
        holds = ratio["low"] <= 1.0 <= ratio["high"]
        text = (
            f"{names.get(impl, impl)}, {count} thread{'s' if str(count) != '1' else ''}: "
            f"{ratio['value']:.2f} ({ratio['low']:.2f}–{ratio['high']:.2f}). Over its {rounds} rounds, "
            "the 95% interval "
            f"of the counter's median rate is {_millions(beside)} million per second beside the threads and "
            f"{_millions(alone)} alone"
            + (": the interval holds 1.0, so the run cannot tell this counter from its rate alone." if holds else ".")
        )
        items += nodes.list_item("", nodes.paragraph(text, text))
    text = (
        "Threads that call the driver cannot make a pure-Python counter faster. The ratio divides the median of "
        "the counter's rates beside the threads by the median of its rates alone, each taken over the rounds, and "
        "every round is a worker process of its own. This machine runs some processes about twice as fast as others "
        "(How it is measured, above), so with few rounds the median beside the threads can come from fast processes "
        "and the median alone from slow ones. More rounds narrow these intervals: "
    )
    method = nodes.paragraph(text, text)
    method += nodes.literal("--rounds", "--rounds")
    method += nodes.Text(".")
    return [explanation("Why a counter can run faster beside the threads than alone", method, items)]


def bandwidth_explanations(data: Mapping[str, object]) -> list[nodes.Node]:
    """Return a note for every operation that moved bytes faster than the device's theoretical bandwidth.

    Parameters
    ----------
    data : mapping
        The benchmark report.

    Returns
    -------
    list of docutils.nodes.Node
        One note, or nothing when every point is below the theoretical bandwidth.
    """
    scaling = dict(data.get("scaling", {}))
    theoretical = scaling.get("theoretical_gbps")
    if not theoretical:
        return []
    device = dict(data.get("device", {}))
    cache = device.get("l2_cache_bytes")
    items = nodes.bullet_list()
    for name, by_impl in dict(scaling.get("operations", {})).items():
        traffic = 2 if name == "copy" else 1
        for impl, facts in by_impl.items():
            above = [point for point in facts.get("points", []) if point["gbps"] > theoretical]
            if not above:
                continue
            largest = max(point["bytes"] for point in facts["points"])
            sizes = ", ".join(f"{_size(point['bytes'])} ({point['gbps'] / theoretical:.1%})" for point in above)
            moved = max(point["bytes"] for point in above) * traffic
            text = (
                f"{name} ({impl}) is above it at {sizes}: each call "
                + (
                    f"reads and writes {_size(moved // 2)} each, {_size(moved)} in all"
                    if traffic == 2
                    else f"writes {_size(moved)}"
                )
                + "."
            )
            later = [point for point in facts["points"] if point["bytes"] > max(p["bytes"] for p in above)]
            if later:
                text += (
                    f" From {_size(later[0]['bytes'])} up to {_size(largest)} it runs at "
                    f"{min(p['gbps'] for p in later) / theoretical:.0%} to "
                    f"{max(p['gbps'] for p in later) / theoretical:.0%} of it."
                )
            items += nodes.list_item("", nodes.paragraph(text, text))
    if not items.children:
        return []
    if cache:
        where = f"The device's L2 cache holds {_size(int(cache))}: a working set that fits it"
    else:
        where = (
            "The run does not record the size of the device's L2 cache (runs from now on do), but the L2 cache of a "
            "data-centre GPU holds tens of MiB: a working set that fits it"
        )
    method = (
        f"The theoretical bandwidth, {theoretical:,.0f} GB/s, is that of the device's memory, from its clock and bus "
        "width. Each size is timed as a loop of calls on the same buffers, so every call finds the bytes the one "
        f"before it left. {where} is read and written in the cache, which is faster than the memory, and the number "
        "is right: it measures the cache. Only the sizes past the cache measure the memory."
    )
    return [explanation("Why a copy can beat the theoretical bandwidth", method, items)]


def _millions(estimate: Mapping[str, float]) -> str:
    """Return a rate's range over the rounds in millions: ``20.3–38.9``."""
    if not estimate:
        return "?"
    return f"{estimate['low'] / 1e6:.1f}–{estimate['high'] / 1e6:.1f}"


def _size(size: float) -> str:
    """Return bytes with a binary unit (the import of :func:`.bench.format_size` would be circular)."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.3g} {unit}" if size != int(size) else f"{int(size)} {unit}"
        size /= 1024
    return f"{size:.3g} GiB"
