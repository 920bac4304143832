# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's speed on the site: its run times against ``cython-lint`` on the same files.

``cuda_core_guide_checker_speed`` names the measurements that
``conformance/benchmarks/checker_speed.py`` writes, a copy committed with
the site, relative to the configuration directory. The ``checker-speed``
directive renders them: when and on what machine they were taken, what
was checked, whether the data is current, the speed targets and whether
each is met (:mod:`cuda_core_guide.reports.speed_targets`), a table of each
tool's cold, warm, cached and single-file times (median, with the minimum
and maximum), and the same as a bar chart with the spread as error bars,
*not measured* where a tool has no such time (``cython-lint`` has no
cache) and Cython's start-up as a line no tool built on its parser can go
below. A site without the data says so instead of failing.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.reports.speed_targets import speed_targets
from cuda_core_guide.sphinxext.report_data import (
    MET,
    MISSED,
    load_report,
    missing_data,
    recorded,
    report_status,
    targets_list,
)
from cuda_core_guide.sphinxext.report_plot import ReportPlot
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["MEASURES", "CheckerSpeedDirective", "format_timing"]

MEASURES = {
    "cold": "Cold",
    "warm": "Warm",
    "cached": "Re-run, cached",
    "single_file": "Single file",
}
"""The measurements of each tool, by key, with their column headings."""

_COMMAND = "python conformance/benchmarks/checker_speed.py --output docs/_data/checker_speed.json"
_BASELINE = "Cython start-up"
"""The measurement that is no tool's: importing Cython's parser, the floor of any tool built on it."""


class CheckerSpeedDirective(SphinxDirective):
    """Insert the checker's speed: provenance, what was checked, a table and a bar chart."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the provenance, the table and the chart."""
        data = load_report(self.env, "cuda_core_guide_checker_speed", ("tools",))
        if not data or not data["tools"]:
            return [missing_data("checker speed measurements", _COMMAND)]
        tools = data["tools"]
        result = report_status(self.env, data, _COMMAND)
        result += _targets(data)
        result += [_provenance(data), _method(data)]
        rows: list[Row] = []
        for name, timings in tools.items():
            cells = [nodes.paragraph("", "", nodes.literal(name, name))]
            cells += [nodes.paragraph(text=format_timing(timings.get(key))) for key in MEASURES]
            rows.append((cells, ["guide-report-row"], ()))
        columns = (("Tool", 20), *((heading, 20) for heading in MEASURES.values()))
        result.append(table(columns, rows, ["guide-report-table", "guide-checker-speed"], stack=True))
        plot = ReportPlot(
            chart=_chart(tools),
            alt="Run times of each tool ("
            + "; ".join(f"{name}: {_in_words(timings)}" for name, timings in tools.items())
            + ")",
        )
        self.set_source_info(plot)
        result.append(plot)
        return result


def _chart(tools: dict) -> dict:
    """Return the bar chart of each tool's times, with Cython's start-up as a reference line."""
    baseline = tools.get(_BASELINE, {}).get("single_file")
    references = []
    if baseline:
        references.append(
            {
                "value": baseline["median_s"],
                "label": f"Cython's start-up, {baseline['median_s']:.2f} s (a floor for one file)",
            }
        )
    return {
        "kind": "hbars",
        "title": "Wall-clock time of each run: the median, with the minimum and maximum as error bars "
        "(log scale where the times span more than ten times).",
        "xlabel": "seconds",
        "categories": [heading.lower() for heading in MEASURES.values()],
        "series": [_series(name, timings) for name, timings in tools.items() if name != _BASELINE],
        "references": references,
    }


def _targets(data: dict) -> list[nodes.Node]:
    """Return the speed targets, each with its verdict, or nothing when the data lacks a tool they read."""
    try:
        targets = speed_targets(data)
    except KeyError:
        return []
    summary = nodes.paragraph(classes=["guide-report-targets"])
    summary += nodes.strong("Targets: ", "Targets: ")
    met = sum(1 for _, _, ok in targets if ok)
    summary += nodes.Text(f"{met} of {len(targets)} met, by the medians:")
    return [summary, targets_list((target, measured, MET if ok else MISSED) for target, measured, ok in targets)]


def format_timing(timing: dict | None) -> str:
    """Return a measurement as a table shows it: the median, with the minimum and maximum.

    Parameters
    ----------
    timing : dict or None
        ``median_s``, ``min_s`` and ``max_s``.

    Returns
    -------
    str
        ``1.23 s (1.20–1.31)``; ``not measured`` when there is no measurement.
    """
    if not timing:
        return "not measured"
    return f"{timing['median_s']:.2f} s ({timing['min_s']:.2f}–{timing['max_s']:.2f})"


def _series(name: str, timings: dict) -> dict:
    """Return a tool's bars: its medians, with their minimum and maximum; ``None`` where not measured."""
    measured = [timings.get(key) for key in MEASURES]
    return {
        "label": name,
        "values": [timing["median_s"] if timing else None for timing in measured],
        "low": [timing["min_s"] if timing else None for timing in measured],
        "high": [timing["max_s"] if timing else None for timing in measured],
    }


def _in_words(timings: dict) -> str:
    """Return a tool's times as the chart's text alternative says them."""
    return ", ".join(f"{heading.lower()} {format_timing(timings.get(key))}" for key, heading in MEASURES.items())


def _provenance(data: dict) -> nodes.paragraph:
    """Return when and on what machine the times were taken, with which versions."""
    machine = data.get("machine", {})
    device = f"{machine.get('cpu', 'an unknown CPU')} ({machine.get('cpus', '?')} CPUs, {machine.get('system', '?')})"
    when = recorded(str(data.get("date", "")), device)
    versions = ", ".join(f"{name} {version}" for name, version in data.get("versions", {}).items())
    load = machine.get("load_average")
    busy = f", load average {load[0]:.2f} before the runs" if load else ""
    text = (
        f"{when[:1].upper()}{when[1:]}{busy}; Python {machine.get('python', '?')}; {versions}; "
        f"commit {str(data.get('commit', '?'))[:12]}."
    )
    return nodes.paragraph(text, text, classes=["guide-report-provenance"])


def _method(data: dict) -> nodes.paragraph:
    """Return what was checked and how the times were taken."""
    tree = data.get("tree", {})
    single = str(tree.get("single_file", "?"))
    paragraph = nodes.paragraph()
    dropped = ", dropped from the operating system's cache" if data.get("cache_dropped") else ""
    paragraph += nodes.Text(
        f"Both tools check the same {tree.get('files', '?')} files ({tree.get('lines', '?')} lines), each run in a "
        f"fresh process, {data.get('repetitions', '?')} times. Cold: the first run on a fresh copy of the files"
        f"{dropped}; warm: the run after it, on the same copy, with the checker's result cache off; re-run, "
        "cached: the checker again on the same files, with the cache a first run filled; single file: checking "
        "one typical file without the cache, "
    )
    paragraph += nodes.literal(single, single)
    paragraph += nodes.Text(
        f" ({tree.get('single_file_lines', '?')} lines), which is mostly the start-up cost; Cython start-up: "
        "importing Cython's parser and parsing one line, which any tool built on that parser pays. Each cell is "
        "the median wall-clock time, with the minimum and maximum in brackets."
    )
    return paragraph
