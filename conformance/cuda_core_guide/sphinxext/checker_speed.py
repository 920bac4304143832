# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's speed on the site: its run times against ``cython-lint`` on the same files.

``cuda_core_guide_checker_speed`` names the measurements that
``conformance/benchmarks/checker_speed.py`` writes, a copy committed with
the site, relative to the configuration directory. The ``checker-speed``
directive renders them: when and on what machine they were taken, what
was checked, a table of each tool's cold, warm and single-file times
(median, with the minimum and maximum), and the same as a bar chart with
the spread as error bars. A site without the data says so instead of
failing.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.report_data import (
    data_path,
    load_data,
    missing_data,
    note_report_page,
    recorded,
    stale_notice,
    stale_reasons,
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


class CheckerSpeedDirective(SphinxDirective):
    """Insert the checker's speed: provenance, what was checked, a table and a bar chart."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the provenance, the table and the chart."""
        path = data_path(self.env, "cuda_core_guide_checker_speed")
        note_report_page(self.env, path)
        data = load_data(path, ("tools",))
        if not data or not data["tools"]:
            return [missing_data("checker speed measurements", _COMMAND)]
        tools = data["tools"]
        result: list[nodes.Node] = [_provenance(data), _method(data)]
        result += stale_notice(stale_reasons(self.env.srcdir, data), _COMMAND)
        rows: list[Row] = []
        for name, timings in tools.items():
            cells = [nodes.paragraph("", "", nodes.literal(name, name))]
            cells += [nodes.paragraph(text=format_timing(timings.get(key))) for key in MEASURES]
            rows.append((cells, ["guide-report-row"], ()))
        columns = (("Tool", 25), *((heading, 25) for heading in MEASURES.values()))
        result.append(table(columns, rows, ["guide-report-table", "guide-checker-speed"]))
        chart = {
            "kind": "bars",
            "title": "Wall-clock time: median, with the minimum and maximum",
            "xlabel": "",
            "ylabel": "seconds",
            "categories": [heading.lower() for heading in MEASURES.values()],
            "series": [_series(name, timings) for name, timings in tools.items()],
        }
        alt = "; ".join(f"{name}: {_in_words(timings)}" for name, timings in tools.items())
        plot = ReportPlot(chart=chart, alt=f"Run times of each tool ({alt})")
        self.set_source_info(plot)
        result.append(plot)
        return result


def format_timing(timing: dict | None) -> str:
    """Return a measurement as a table shows it: the median, with the minimum and maximum.

    Parameters
    ----------
    timing : dict or None
        ``median_s``, ``min_s`` and ``max_s``.

    Returns
    -------
    str
        ``1.23 s (1.20–1.31)``; ``—`` when there is no measurement.
    """
    if not timing:
        return "—"
    return f"{timing['median_s']:.2f} s ({timing['min_s']:.2f}–{timing['max_s']:.2f})"


def _series(name: str, timings: dict) -> dict:
    """Return a tool's bars: its medians, with their minimum and maximum (0 where not measured)."""
    measured = [timings.get(key) or {} for key in MEASURES]
    return {
        "label": name,
        "values": [timing.get("median_s", 0.0) for timing in measured],
        "low": [timing.get("min_s", 0.0) for timing in measured],
        "high": [timing.get("max_s", 0.0) for timing in measured],
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
