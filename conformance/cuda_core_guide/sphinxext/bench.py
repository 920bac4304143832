# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The benchmark on the site: the ``bench-report`` directive and the ``{bench}`` role.

``cuda_core_guide_bench`` names the report that ``nox -s bench`` writes
(:mod:`cuda_core_guide.reports.bench_report`), a copy committed with the site,
relative to the configuration directory; ``cuda_core_guide_bench_reference``
names the reference implementation's folder, whose sources the data is
checked against.

``bench-report`` takes one argument, the part to show: ``provenance``
(when, on which device and with what, and whether the data is stale),
``per-call`` (the table of times and ratios, and a bar chart of the ratios
with their intervals), ``phases`` (Phase 1 against Phase 2), ``gil`` (the
work and the counter against the number of threads) or ``scaling`` (GB/s
against the size, next to the device's theoretical bandwidth), ``profile``
(where the time of the operations with a floor target goes, from py-spy's
samples) or ``targets`` (each target read against the data). A site
without the data says so instead of failing.

``{bench}`key``` quotes one number of the report with its interval
(``{bench}`fill_1k.ratio_upstream``` reads ``0.55× (95% CI 0.52–0.58)``):
a key that the present data lacks is a warning at the role's line; without
data the role reads *(not measured)*.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import Inliner
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.guide.plaintext import render_inline
from cuda_core_guide.reports.bench_profile import Part
from cuda_core_guide.reports.bench_report import IMPLEMENTATIONS, OPERATIONS, operation_title, source_digest
from cuda_core_guide.reports.bench_stats import NO_DIFFERENCE
from cuda_core_guide.sphinxext.bench_explain import bandwidth_explanations, gil_explanations
from cuda_core_guide.sphinxext.bench_targets import target_rows, targets_table
from cuda_core_guide.sphinxext.plot_style import NOT_MEASURED
from cuda_core_guide.sphinxext.report_data import (
    data_path,
    load_data,
    load_report,
    missing_data,
    note_report_page,
    recorded,
    report_status,
    stale_reasons,
    targets_list,
)
from cuda_core_guide.sphinxext.report_plot import ReportPlot
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = [
    "GIL_NAMES",
    "PARTS",
    "BenchReportDirective",
    "bench_role",
    "format_estimate",
    "format_quote",
    "format_size",
    "incomplete_notice",
    "unmeasured_operations",
]

PARTS = ("provenance", "per-call", "phases", "gil", "scaling", "profile", "targets")
"""The parts of the report the directive can show."""

_NOT_MEASURED = "(not measured)"
_COMMAND = "nox -s bench"
_WHERE = "on a GPU runner, and copy reports/bench.json to docs/_data/bench.json"
_REQUIRED = ("per_call", "quotes", "device", "date")
_VERDICTS = {"lower": "faster", "higher": "slower", NO_DIFFERENCE: NO_DIFFERENCE}
_RATIOS = (
    ("ratio_upstream", "Reference / upstream"),
    ("ratio_floor", "Reference / floor"),
    ("upstream_ratio_floor", "Upstream / floor"),
    ("ratio_upstream_direct", "Reference / upstream, direct"),
)
_NO_FLOOR = "no floor"
_VALUE_ORDERS = {"passes": ", one per pass over all benchmarks, each beside its floor's,"}
"""How a run's ``settings.value_order`` is told; a run that does not say is told nothing."""

GIL_NAMES = {
    "reference": "reference",
    "upstream": "upstream",
    "phase1": "reference, Phase 1 (the Python driver module)",
    "floor": "floor, releasing the GIL",
    "floor_gil": "floor holding the GIL (the control)",
}
"""The GIL benchmark's implementations as the page names them, in its tables and charts alike."""


class BenchReportDirective(SphinxDirective):
    """Insert one part of the benchmark report (see the module's documentation)."""

    has_content = False
    required_arguments = 1
    option_spec = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        """Build the part the argument names, or say that there is no data."""
        part = self.arguments[0]
        if part not in PARTS:
            raise self.error(f"unknown part {part!r} of the benchmark report; use one of {', '.join(PARTS)}")
        data = load_report(self.env, "cuda_core_guide_bench", _REQUIRED)
        if not data:
            return [missing_data("benchmark results", _COMMAND, _WHERE)] if part == "provenance" else []
        builder = {
            "provenance": self._provenance,
            "per-call": lambda data: _per_call(data, self._title),
            "phases": lambda data: _phases(data, self._title),
            "gil": _gil,
            "scaling": _scaling,
            "profile": lambda data: _profile(data, self._title),
            "targets": lambda data: [targets_table(target_rows(data, _shown), self._title)],
        }[part]
        result = builder(data)
        for node in result:
            if isinstance(node, ReportPlot):
                self.set_source_info(node)
        return result

    def _title(self, text: str) -> nodes.paragraph:
        """Return an operation's title, whose MyST inline markup (```Buffer.fill```) is rendered."""
        inline, _ = self.parse_inline(text, lineno=self.lineno)
        return nodes.paragraph("", "", *inline)

    def _provenance(self, data: dict) -> list[nodes.Node]:
        """Return when, where and with what the data was recorded, and the stale box if it is stale."""
        device = data["device"]
        versions = ", ".join(f"{name} {version}" for name, version in data.get("versions", {}).items())
        machine = data.get("machine", {})
        settings = data.get("settings", {})
        noise = data.get("noise", {})
        when = recorded(str(data.get("date", "")), str(device.get("name", "an unknown device")))
        duration = data.get("duration_s")
        text = (
            f"{when[:1].upper()}{when[1:]} (compute capability {device.get('compute_capability', '?')}, "
            f"driver for CUDA {device.get('driver_version', '?')}, toolkit {device.get('cuda_toolkit', '?')}, "
            f"NVRTC {device.get('nvrtc_version', '?')}); host {machine.get('cpu', '?')} "
            f"({machine.get('cpus', '?')} CPUs, {machine.get('system', '?')}), per-call workers pinned to CPUs "
            f"{machine.get('affinity', '?')}; {versions}; commit {str(data.get('commit', '?'))[:12]}."
        )
        method = (
            f"{settings.get('rounds', '?')} rounds, each starting one pyperf worker process per implementation "
            f"in turn, {settings.get('values', '?')} values per benchmark and worker"
            + _VALUE_ORDERS.get(str(settings.get("value_order")), "")
            + f" after {settings.get('warmups', '?')} warm-up, loops calibrated to at least "
            f"{settings.get('min_time', '?')} s "
            f"per value; intervals are 95% bootstrap intervals over the rounds "
            f"({settings.get('resamples', '?')} resamples)"
            + (", with the reduced settings of --fast" if settings.get("fast") else "")
            + "."
        )
        if duration is not None:
            method += f" The run took {float(duration):.0f} s."
        if noise:
            load = noise.get("load_average_before")
            method += (
                f" Noise: the median coefficient of variation of a benchmark was {_percent(noise.get('median_cv'))} "
                f"(largest {_percent(noise.get('max_cv'))})"
                + (f", load average {load[0]:.2f} before the run" if load else "")
                + "."
            )
        reasons = stale_reasons(self.env.srcdir, data)
        reference = self.env.config.cuda_core_guide_bench_reference
        if reference and data.get("reference_digest") != source_digest(Path(reference)):
            reasons.append("the reference implementation's sources have changed since it was recorded")
        result = report_status(self.env, data, _COMMAND, reasons)
        result += incomplete_notice(unmeasured_operations(data))
        rows = target_rows(data, _shown)
        counts = {
            verdict: sum(1 for row in rows if row[2].startswith(verdict)) for verdict in ("met", "missed", "undecided")
        }
        summary = nodes.paragraph(classes=["guide-report-targets"])
        summary += nodes.strong("Targets: ", "Targets: ")
        summary += nodes.Text(
            f"{counts['met']} of {len(rows)} met, {counts['missed']} missed, {counts['undecided']} undecided "
            "(the section Against the targets reads each against its interval):"
        )
        result += [
            summary,
            targets_list((self._title(target).children, measured, verdict) for target, measured, verdict in rows),
        ]
        result += [
            nodes.paragraph(text, text, classes=["guide-report-provenance"]),
            nodes.paragraph(method, method),
        ]
        errors = {impl: failed for impl, failed in data.get("errors", {}).items() if failed}
        if errors:
            listed = nodes.bullet_list()
            for impl, failed in errors.items():
                for name, error in failed.items():
                    item = nodes.list_item()
                    item += nodes.paragraph(text=f"{impl}: {name} was not timed: {error}")
                    listed += item
            result += [nodes.paragraph(text="Operations that failed when they were tried:"), listed]
        return result


def bench_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """Render one number of the benchmark report, by key, with its interval.

    Parameters
    ----------
    name : str
        The role's name.
    rawtext : str
        The whole role as written.
    text : str
        The key, such as ``fill_1k.ratio_upstream``.
    lineno : int
        The line of the role.
    inliner : Inliner
        The docutils inliner.
    options : dict, optional
        Role options (none are used).
    content : list of str, optional
        Role content (none is used).

    Returns
    -------
    tuple of (list of Node, list of system_message)
        The number, or *(not measured)*; a warning when the data is
        present and lacks the key, unless the key's operation is one the
        benchmark times now and the data's run did not (the page lists those).
    """
    env: BuildEnvironment = inliner.document.settings.env
    key = text.strip()
    path = data_path(env, "cuda_core_guide_bench")
    note_report_page(env, path)
    data = load_data(path, ("quotes",))
    missing = nodes.inline(rawtext, _NOT_MEASURED, classes=["guide-bench", "guide-bench-missing"])
    if not data:
        return [missing], []
    quote = data["quotes"].get(key)
    if quote is None and key.partition(".")[0] in unmeasured_operations(data):
        # An operation the benchmark times now and this run did not: the page says so.
        return [missing], []
    if quote is None:
        message = inliner.reporter.warning(
            f"the benchmark report {path.name if path else ''} has no number {key!r}", line=lineno
        )
        return [missing], [message]
    return [nodes.inline(rawtext, format_quote(quote), classes=["guide-bench"])], []


def format_quote(quote: dict) -> str:
    """Return a quoted number as the guide shows it: the value, its unit, its interval and verdict.

    Parameters
    ----------
    quote : dict
        ``value``, ``unit`` and, where known, ``low``, ``high`` and ``verdict``.

    Returns
    -------
    str
        Such as ``0.55× (95% CI 0.52–0.58)``, ``1.02× (95% CI 0.98–1.06,
        no difference)``, ``0.512 µs (95% CI 0.50–0.52)`` or ``64 KiB``.
    """
    unit = quote.get("unit", "")
    if unit == "B":
        return format_size(float(quote["value"]))
    shown = {"x": lambda value: f"{value:.2f}×", "us": lambda value: f"{value:.3g} µs"}.get(unit)
    if unit == "%":
        shown = _percent
    if shown is None:
        shown = lambda value: f"{value:,.0f} {unit}".rstrip()  # noqa: E731 - one format among several
    text = shown(float(quote["value"]))
    if quote.get("low") is None or quote.get("high") is None:
        return text
    plain = {"x": "{:.2f}", "us": "{:.3g}"}.get(unit)
    low, high = float(quote["low"]), float(quote["high"])
    bounds = f"{plain.format(low)}–{plain.format(high)}" if plain else f"{shown(low)}–{shown(high)}"
    extra = ", no difference" if quote.get("verdict") == NO_DIFFERENCE else ""
    return f"{text} (95% CI {bounds}{extra})"


def format_estimate(estimate: dict | None, unit: str = "") -> str:
    """Return an estimate as a table cell: ``value (low–high)``, with the verdict of a ratio.

    Parameters
    ----------
    estimate : dict or None
        ``value``, ``low``, ``high`` and, for a ratio, ``verdict``.
    unit : str, optional
        ``"x"`` for a ratio of times; otherwise the number is plain.

    Returns
    -------
    str
        Such as ``0.93× (0.90–0.96) faster``; ``—`` without an estimate.
    """
    if not estimate:
        return "—"
    if unit == "x":
        text = f"{estimate['value']:.2f}× ({estimate['low']:.2f}–{estimate['high']:.2f})"
        return f"{text} {_VERDICTS.get(estimate.get('verdict', ''), '')}".rstrip()
    return f"{_number(estimate['value'])} ({_number(estimate['low'])}–{_number(estimate['high'])})"


def _number(value: float) -> str:
    """Return a number with three significant digits, or whole with thousands separated from 1,000 up."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3g}"


def format_size(size: float) -> str:
    """Return a size in bytes with a binary unit.

    Parameters
    ----------
    size : float
        Bytes.

    Returns
    -------
    str
        Such as ``1 KiB``, ``256 MiB`` or ``90.5 KiB``.
    """
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.3g} {unit}" if size != int(size) else f"{int(size)} {unit}"
        size /= 1024
    return f"{size:.3g} GiB"


def incomplete_notice(unmeasured: list[str]) -> list[nodes.Node]:
    """Return the box that says which operations the recorded run did not time, or nothing.

    The rest of the data still describes the code, so this is not the
    *Stale data* box: the operations were added to the benchmark after the run.

    Parameters
    ----------
    unmeasured : list of str
        What :func:`unmeasured_operations` returns.

    Returns
    -------
    list of docutils.nodes.Node
        An admonition titled *Incomplete data*, or an empty list.
    """
    if not unmeasured:
        return []
    count = len(unmeasured)
    named = "; ".join(render_inline(OPERATIONS[name]) for name in unmeasured)
    box = nodes.admonition(classes=["guide-report-incomplete", "note"])
    box += nodes.title("Incomplete data", "Incomplete data")
    text = nodes.paragraph()
    text += nodes.Text(
        f"The run has no measurements of {count} operation{'s' if count > 1 else ''} that the benchmark "
        f"times now ({named}): the page marks {'them' if count > 1 else 'it'} as not measured. Run "
    )
    text += nodes.literal(_COMMAND, _COMMAND)
    text += nodes.Text(" again and commit what it writes.")
    box += text
    return [box]


def unmeasured_operations(data: dict) -> list[str]:
    """Return the operations the benchmark times now that the data has no measurement of.

    Parameters
    ----------
    data : dict
        The benchmark report, as ``bench.json`` holds it.

    Returns
    -------
    list of str
        Keys of :data:`cuda_core_guide.reports.bench_report.OPERATIONS`, in its order.
    """
    return [name for name in OPERATIONS if name not in data.get("per_call", {})]


def _operations(data: dict) -> list[str]:
    """Return every operation to show: those the benchmark times now, then any other the data holds."""
    return [*OPERATIONS, *(name for name in data["per_call"] if name not in OPERATIONS)]


def _plain_title(data: dict, name: str) -> str:
    """Return an operation's title as plain text, for a chart's label."""
    return render_inline(operation_title(name, data["per_call"].get(name, {})))


def _per_call(data: dict, title: Callable[[str], nodes.paragraph]) -> list[nodes.Node]:
    """Return the chart of ratios, the tables of ratios and of times, and the geometric mean."""
    names = _operations(data)
    headings = [heading for _, heading in _RATIOS]
    ratio_rows: list[Row] = []
    time_rows: list[Row] = []
    for name in names:
        row = data["per_call"].get(name)
        heading = title(operation_title(name, data["per_call"].get(name, {})))
        if row is None:
            cells = [heading]
            cells += [_not_measured() for column in headings]
            ratio_rows.append((cells, ["guide-report-row", "guide-not-measured-row"], [nodes.make_id(f"bench-{name}")]))
            cells = [heading.deepcopy()]
            cells += [_not_measured() for impl in IMPLEMENTATIONS]
            time_rows.append((cells, ["guide-report-row", "guide-not-measured-row"], ()))
            continue
        floorless = "floor" not in row["us"]
        cells = [heading]
        for field, _ in _RATIOS:
            if row.get(field) or not floorless:
                shown = format_estimate(row.get(field), "x")
            else:  # without a floor, the ratio to upstream is the direct one
                shown = "(the direct ratio is the one above)" if field == "ratio_upstream_direct" else _NO_FLOOR
            cells.append(nodes.paragraph(text=shown))
        ratio_rows.append((cells, ["guide-report-row"], [nodes.make_id(f"bench-{name}")]))
        cells = [heading.deepcopy()]
        for impl in IMPLEMENTATIONS:
            shown = format_estimate(row["us"].get(impl)) if row["us"].get(impl) or impl != "floor" else _NO_FLOOR
            cells.append(nodes.paragraph(text=shown))
        time_rows.append((cells, ["guide-report-row"], ()))
    result: list[nodes.Node] = [_chart_of_ratios(data, names)]
    result.append(
        table(
            (("Operation", 32), *((h, 17) for h in headings)),
            ratio_rows,
            ["guide-report-table", "guide-bench-ratios"],
            stack=True,
        )
    )
    summary = data.get("summary", {}).get("geomean_ratio_upstream")
    if summary:
        text = (
            f"Geometric mean of reference / upstream over {len(data['summary'].get('operations', []))} operations "
            f"(the compile slow path left out): {format_estimate(summary, 'x')}."
        )
        result.append(nodes.paragraph(text, text))
    text = "The times themselves, in microseconds per call (median, with its 95% interval):"
    result.append(nodes.paragraph(text, text))
    columns = (("Operation", 34), *((f"{impl.capitalize()} µs", 22) for impl in IMPLEMENTATIONS))
    result.append(table(columns, time_rows, ["guide-report-table", "guide-bench-per-call"], stack=True))
    return result


def _chart_of_ratios(data: dict, names: list[str]) -> ReportPlot:
    """Return the chart of each operation's ratios, with their intervals, and *not measured* where there is none."""
    series = []
    for field, label in (("ratio_upstream", "reference / upstream"), ("ratio_floor", "reference / floor")):
        estimates, notes = [], []
        for name in names:
            row = data["per_call"].get(name)
            estimate = (row or {}).get(field)
            estimates.append(estimate)
            notes.append(None if estimate else NOT_MEASURED if row is None or "floor" in row["us"] else _NO_FLOOR)
        series.append({**_series(label, estimates), "notes": notes})
    chart = {
        "kind": "hbars",
        "title": "The reference's time per call relative to upstream's and to the floor's: "
        "medians of the round-by-round ratios, with their 95% intervals (below 1.0, the reference is faster).",
        "xlabel": "ratio of times per call",
        "categories": [_plain_title(data, name) for name in names],
        "series": series,
        "references": [{"value": 1.0, "label": "1.0: the same time"}],
    }
    alt = "; ".join(
        f"{_plain_title(data, name)}: "
        + (
            f"{format_estimate(data['per_call'][name].get('ratio_upstream'), 'x')} of upstream"
            if name in data["per_call"]
            else NOT_MEASURED
        )
        for name in names
    )
    return ReportPlot(chart=chart, alt=f"Reference time per call as a ratio ({alt})")


def _not_measured() -> nodes.paragraph:
    """Return a table cell's *not measured*."""
    return nodes.paragraph(NOT_MEASURED, "", nodes.emphasis(NOT_MEASURED, NOT_MEASURED), classes=["guide-not-measured"])


def _phases(data: dict, title: Callable[[str], nodes.paragraph]) -> list[nodes.Node]:
    """Return Phase 1 against Phase 2 as a table; ``title`` renders a title's markup.

    The table says all there is: five operations, each two times and their
    ratio, so the page draws no chart of them.
    """
    phases = data.get("phases", {})
    if not phases:
        return [nodes.paragraph(text="The run has no Phase 1 measurements.")]
    rows: list[Row] = []
    columns = (("Operation", 28), ("Phase 1 µs", 16), ("Phase 2 µs", 16), ("Phase 2 / Phase 1", 24), ("Saved", 16))
    for name, row in phases.items():
        ratio = row["ratio"]
        values = (
            format_estimate(row["phase1_us"]),
            format_estimate(row["phase2_us"]),
            format_estimate(ratio, "x"),
            f"{(1 - ratio['value']) * 100:.0f}%",
        )
        cells = [title(row.get("title", name))]
        cells += [nodes.paragraph(text=value) for value in values]
        rows.append((cells, ["guide-report-row"], ()))
    return [table(columns, rows, ["guide-report-table", "guide-bench-phases"], stack=True)]


def _profile(data: dict, title: Callable[[str], nodes.paragraph]) -> list[nodes.Node]:
    """Return where the profiled operations' time goes: a table of the shares of the samples by part."""
    profile = data.get("profile") or {}
    operations = profile.get("operations") or {}
    if not operations:
        why = profile.get("error", "the run has no profile part")
        return [nodes.paragraph(text=f"The run has no profile: {why}.")]
    parts = {"driver": "Driver", "module": "Compiled module", "interpreter": "Interpreter", "other": "Other"}
    rows: list[Row] = []
    for name, by_impl in operations.items():
        heading = data.get("per_call", {}).get(name, {}).get("title", name)
        for impl, summary in by_impl.items():
            shares = summary.get("shares", {})
            top = "; ".join(
                f"{_frame_name(entry['frame'])} {entry['share'] * 100:.0f}%" for entry in summary.get("top", [])[:3]
            )
            who = nodes.paragraph(text=impl)
            if top:
                who += nodes.inline("", f" (innermost: {top})", classes=["guide-report-detail"])
            cells = [
                title(heading),
                who,
                nodes.paragraph(text=f"{float(summary.get('us_per_call', 0)):.3f}"),
                *(nodes.paragraph(text=_percent(shares.get(part))) for part in Part),
            ]
            rows.append((cells, ["guide-report-row"], ()))
    columns = (
        ("Operation", 20),
        ("Implementation", 32),
        ("µs per call", 10),
        *((parts.get(str(part), str(part).capitalize()), 9) for part in Part),
    )
    return [table(columns, rows, ["guide-report-table", "guide-bench-profile"], stack=True)]


def _frame_name(frame: str) -> str:
    """Return a py-spy frame's function name without its file."""
    return frame.partition(" (")[0] or frame


def _gil(data: dict) -> list[nodes.Node]:
    """Return the GIL measurements: a table, charts of the counter's rate and of the work, and what is unexpected."""
    gil = data.get("gil", {})
    if not gil:
        return [nodes.paragraph(text="The run has no GIL measurements.")]
    counts = sorted({int(count) for facts in gil.values() for count in facts["threads"]})
    rows: list[Row] = []
    columns = (
        ("Implementation", 26),
        ("Threads", 8),
        ("Work per second", 22),
        ("Counter, millions per second", 22),
        ("Counter / counter alone", 22),
    )
    for impl, facts in gil.items():
        for count in counts:
            row = facts["threads"].get(str(count))
            if row is None:
                continue
            values = (
                GIL_NAMES.get(impl, impl),
                str(count),
                format_estimate(row["work_per_s"]),
                _millions(row["counter_per_s"]),
                _ratio_plain(row["counter_ratio"]),
            )
            cells = [nodes.paragraph(text=value) for value in values]
            rows.append((cells, ["guide-report-row"], ()))
    charts = []
    for field, title, label, references in (
        (
            "counter_ratio",
            "The pure-Python counter's rate while threads issue driver work, over its rate alone "
            "(1.0: the threads take nothing from it; 95% intervals).",
            "counter's rate / its rate alone",
            [{"value": 1.0, "label": "1.0: the counter's rate alone"}],
        ),
        (
            "work_per_s",
            "Driver work finished by all threads: fills of 1 MiB per second, on a log scale. A thread that "
            "releases the GIL around each call must wait, to take it back, until the counting thread gives it "
            "up (at the interpreter's switch interval, 5 ms by default), twice per fill and wait; the control "
            "keeps the GIL through its calls, so it finishes hundreds of times more while the counter nearly stops.",
            "fills of 1 MiB per second",
            [],
        ),
    ):
        series = []
        for impl, facts in gil.items():
            estimates = [(facts["threads"].get(str(count)) or {}).get(field) for count in counts]
            series.append(_series(GIL_NAMES.get(impl, impl), estimates))
        chart = {
            "kind": "lines",
            "title": title,
            "xlabel": "worker threads",
            "ylabel": label,
            "x": counts,
            "xlog": True,
            "dodge": True,
            "categories": [str(count) for count in counts],
            "series": series,
            "references": references,
        }
        alt = "; ".join(
            f"{GIL_NAMES.get(impl, impl)}: "
            + ", ".join(_ratio_plain(facts["threads"][str(count)][field]) for count in counts)
            for impl, facts in gil.items()
            if all(str(count) in facts["threads"] for count in counts)
        )
        charts.append(ReportPlot(chart=chart, alt=f"{title} Against 1 to {counts[-1]} threads: {alt}"))
    return [
        table(columns, rows, ["guide-report-table", "guide-bench-gil"], stack=True),
        *charts,
        *gil_explanations(data, GIL_NAMES),
    ]


def _scaling(data: dict) -> list[nodes.Node]:
    """Return the size scaling: bandwidth against size, the crossovers, the times, and what is unexpected."""
    scaling = data.get("scaling", {})
    operations = scaling.get("operations", {})
    if not operations:
        return [nodes.paragraph(text="The run has no size-scaling measurements.")]
    theoretical = scaling.get("theoretical_gbps")
    sizes = scaling["sizes"]
    sentences = []
    if theoretical:
        sentences.append(
            f"The device's theoretical memory bandwidth, from its attributes (memory clock "
            f"{data['device'].get('memory_clock_khz', '?')} kHz, double data rate, "
            f"{data['device'].get('bus_width_bits', '?')}-bit bus), is {theoretical:,.0f} GB/s."
        )
    for name, by_impl in operations.items():
        for impl, facts in by_impl.items():
            cross = facts.get("crossover_bytes")
            where = f"from about {format_size(cross)}" if cross else "at none of the sizes measured"
            peak = f"{facts['peak_gbps']:,.0f} GB/s"
            if facts.get("peak_fraction") is not None:
                peak += f" ({_percent(facts['peak_fraction'])} of the theoretical bandwidth)"
            sentences.append(f"{name} ({impl}): the bandwidth dominates {where}; at best {peak}.")
    text = " ".join(sentences) + " A copy moves each byte twice (a read and a write), and is counted so."
    series = []
    for name, by_impl in operations.items():
        for impl, facts in by_impl.items():
            by_size = {point["bytes"]: point["gbps"] for point in facts["points"]}
            series.append(
                {
                    "label": f"{name}, {impl}",
                    "values": [by_size.get(size) for size in sizes],
                    "dashed": impl != "reference",
                }
            )
    chart = {
        "kind": "lines",
        "title": "Bandwidth against the size of each call, both axes on log scales: the host's cost "
        "dominates on the left, the device's memory on the right.",
        "xlabel": "bytes per call",
        "ylabel": "GB/s",
        "x": sizes,
        "xlog": True,
        "dodge": True,
        "categories": [format_size(size) for size in sizes],
        "series": series,
        "references": [{"value": theoretical, "label": f"theoretical bandwidth, {theoretical:,.0f} GB/s"}]
        if theoretical
        else [],
    }
    rows: list[Row] = []
    reference = {name: by_impl.get("reference") for name, by_impl in operations.items()}
    columns = [("Size", 16)]
    for name in operations:
        columns += [(f"{name} µs (reference)", 24), (f"{name} GB/s", 16)]
    for size in sizes:
        values = [format_size(size)]
        for name in operations:
            point = next((p for p in (reference[name] or {}).get("points", []) if p["bytes"] == size), None)
            values.append(format_estimate(point["us"]) if point else "—")
            values.append(f"{point['gbps']:,.1f}" if point else "—")
        cells = [nodes.paragraph(text=value) for value in values]
        rows.append((cells, ["guide-report-row"], ()))
    return [
        nodes.paragraph(text, text),
        ReportPlot(chart=chart, alt=f"GB/s against size for fill and copy ({text})"),
        *bandwidth_explanations(data),
        table(columns, rows, ["guide-report-table", "guide-bench-scaling"], stack=True),
    ]


def _series(label: str, estimates: list[dict | None]) -> dict:
    """Return a chart's series of estimates, with their intervals as error bars; ``None`` where there is none."""
    return {
        "label": label,
        "values": [float(estimate["value"]) if estimate else None for estimate in estimates],
        "low": [float(estimate.get("low", estimate["value"])) if estimate else None for estimate in estimates],
        "high": [float(estimate.get("high", estimate["value"])) if estimate else None for estimate in estimates],
    }


def _millions(estimate: dict | None) -> str:
    """Return a rate in millions per second with its interval: ``22.1 (20.2–38.1)``."""
    if not estimate:
        return "—"
    return f"{estimate['value'] / 1e6:.1f} ({estimate['low'] / 1e6:.1f}–{estimate['high'] / 1e6:.1f})"


def _ratio_plain(estimate: dict | None) -> str:
    """Return a ratio that is not a ratio of times (no faster or slower): ``0.85 (0.80–0.90)``."""
    if not estimate:
        return "—"
    return f"{estimate['value']:.3g} ({estimate['low']:.3g}–{estimate['high']:.3g})"


def _percent(value: float | None) -> str:
    """Return a fraction as a percentage, ``?`` when unknown."""
    return "?" if value is None else f"{value * 100:.1f}%"


def _shown(estimate: dict | None) -> str:
    """Return a ratio with its interval, as the targets table shows it."""
    return format_estimate(estimate, "x")
