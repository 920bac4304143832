# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The benchmark's report: raw timings summarized with intervals, with their provenance, as one JSON document.

``nox -s bench`` collects raw timings from its worker processes and hands
them to :func:`build_report`, which summarizes them (:mod:`.bench_stats`)
into the document the site shows (``docs/_data/bench.json``, a copy of
``reports/bench.json``):

``per_call``
    For each operation: microseconds per call of each implementation
    (median and 95% interval), and the reference's ratio to upstream and
    to the floor, and upstream's to the floor, each with its interval and
    verdict. Where the floor was timed in both implementations' processes
    (:data:`CONTROLS`), ``ratio_upstream`` compares the two through their
    floors (``"control": "floor"``; :func:`.bench_stats.normalized`), and
    ``ratio_upstream_direct`` is the plain ratio of their times.
``summary``
    The geometric mean of the reference/upstream ratios (the compile
    slow path left out).
``phases``
    Each lifecycle operation's Phase 1 and Phase 2 times, and their ratio.
``gil``
    For each implementation and number of threads: the work and the
    counter's throughput, and the counter's rate over its rate alone.
``scaling``
    For fill and copy, each size's time, GB/s and fraction of the
    device's theoretical bandwidth, and the size where the bandwidth
    starts to dominate (the time reaches twice its small-size floor).
``profile``
    For the operations that have a floor target, and for the reference,
    the floor and upstream: what share of py-spy's samples fell in the
    driver, in compiled modules, in the interpreter and elsewhere, and the
    innermost functions that took the most (:mod:`.bench_profile`); or
    ``error``, why there is no profile.
``quotes``
    Every number the guide may quote by key (``fill_1k.ratio_upstream``),
    with its interval and unit: the ``{bench}`` role reads these.
``runs``
    The per-call values themselves (seconds per call, four significant
    digits), by implementation, benchmark and round, so that a reader
    can check the summaries or analyse them otherwise.

:func:`validate` checks a document's shape, and :func:`write_report`
writes only a valid one, in one step, so a failed run leaves no half
report. :func:`source_digest` fingerprints the reference sources, so the
site can tell data recorded from other sources.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from cuda_core_guide.reports import bench_stats
from cuda_core_guide.reports.provenance import provenance
from cuda_core_guide.reports.report_file import write_document

__all__ = [
    "FORMAT",
    "CONTROLS",
    "IMPLEMENTATIONS",
    "FLOOR_VARIANTS",
    "OPERATIONS",
    "PHASE_OPERATIONS",
    "build_report",
    "crossover",
    "operation_title",
    "source_digest",
    "validate",
    "write_report",
]

FORMAT = 1
"""The version of the document's layout."""

IMPLEMENTATIONS = ("reference", "upstream", "floor")
"""The implementations of the per-call benchmark, in the order the report lists them."""

CONTROLS = {"reference": "floor", "upstream": "floor_in_upstream"}
"""Where the raw runs file the floor timed in each implementation's worker processes."""

OPERATIONS = {
    "event_record": "record an event (`Stream.record(event)`)",
    "event_query": "query an event (`Event.is_done`)",
    "stream_sync": "synchronize an idle stream (`Stream.sync()`)",
    "fill_1k": "fill 1 KiB (`Buffer.fill`)",
    "alloc_free_1k": "allocate + close 1 KiB from the pool",
    "alloc_free_1k_checked": "allocate + close 1 KiB, over a floor that also checks for capture",
    "alloc_free_1k_object": "allocate + close 1 KiB, over a floor of the API's shape",
    "alloc_free_1k_held": "allocate + close 1 KiB, over a floor whose buffer holds its pool and stream",
    "copy_1k": "copy 1 KiB device to device (`Buffer.copy_to`)",
    "launch_empty": "launch a kernel without arguments",
    "launch_ptr_int": "launch a kernel with a buffer and an int",
    "device_get": "`Device(0)`",
    "set_current": "`Device().set_current()`",
    "compile": "`Program.compile` of a small kernel (slow path)",
    "graph_add_kernel": "add + destroy a kernel node (`GraphDefinition.launch`)",
    "graph_add_kernel_owned": "add + destroy a kernel node, over a floor that also keeps a user object",
    "graph_add_kernel_object": "add + destroy a kernel node, over a floor of the API's shape",
    "graph_add_kernel_held": "add + destroy a kernel node, over a floor whose graph holds the arguments",
    "graph_add_kernel_recorded": "add + destroy a kernel node, over a floor that also records the node",
    "graph_instantiate": "instantiate + close a graph of 10 kernel nodes",
    "graph_instantiate_owned": "instantiate + close a graph of 10 kernel nodes, over a floor that keeps user objects",
    "graph_launch_10": "launch a graph of 10 kernel nodes (`Graph.launch`)",
    "graph_launch_10_owned": "launch a graph of 10 kernel nodes, over a floor whose nodes keep user objects",
}
"""The per-call operations, by key, with what each is."""

PHASE_OPERATIONS = {
    "event_record": "record an event",
    "stream_sync": "synchronize an idle stream",
    "fill_1k": "fill 1 KiB",
    "copy_1k": "copy 1 KiB device to device",
    "device_attribute": "read a device attribute",
}
"""The lifecycle chapter's operations that the reference keeps in both phases."""

_SLOW_PATHS = ("compile",)
"""Operations left out of the geometric mean: they are reported for completeness."""

FLOOR_VARIANTS = {
    "alloc_free_1k_checked": "alloc_free_1k",
    "alloc_free_1k_object": "alloc_free_1k",
    "alloc_free_1k_held": "alloc_free_1k",
    "graph_add_kernel_owned": "graph_add_kernel",
    "graph_add_kernel_object": "graph_add_kernel",
    "graph_add_kernel_held": "graph_add_kernel",
    "graph_add_kernel_recorded": "graph_add_kernel",
    "graph_instantiate_owned": "graph_instantiate",
    "graph_launch_10_owned": "graph_launch_10",
}
"""Operations that time another one's call again (the value), over a floor that also does what the
guide requires of it (``bench_ops.FLOOR_VARIANTS``): left out of the geometric mean, which counts each
call once. The targets hold a call to its last variant here, the floor with the most of what the
guide requires."""

_SOURCE_SUFFIXES = (".pyx", ".pxd", ".py", ".h")
_REQUIRED = ("format", "date", "commit", "device", "machine", "versions", "settings", "per_call", "quotes")

_Runs = Sequence[Sequence[float]]


def build_report(
    raw: Mapping[str, object],
    *,
    device: Mapping[str, object],
    machine: Mapping[str, object],
    versions: Mapping[str, str],
    settings: Mapping[str, object],
    reference_digest: str,
    root: Path | None = None,
) -> dict[str, object]:
    """Summarize raw timings into the report document, with its provenance.

    Parameters
    ----------
    raw : mapping
        ``per_call``: implementation to benchmark name
        (``reference.fill_1k``, ``phase1.fill_1k``) to runs of seconds per
        call, one run per round (empty where the round has none);
        ``errors``: what failed, by implementation; ``gil``: implementation
        to a list of rounds as ``gil_worker.py`` writes them; ``scaling``:
        implementation to a list of rounds as ``scaling_worker.py`` writes
        them; ``profile``: what the profile part returned; ``duration_s``:
        how long the run took.
    device : mapping
        What ``device_info.py`` reports.
    machine : mapping
        The host: CPU, CPU count, Python, system, affinity, load and noise facts.
    versions : mapping
        Package versions, by name.
    settings : mapping
        Rounds, values, warmups and the other knobs of the run.
    reference_digest : str
        :func:`source_digest` of the reference implementation's sources.
    root : Path, optional
        A folder of the working tree whose commit to record.

    Returns
    -------
    dict
        The document.
    """
    resamples = int(settings.get("resamples", bench_stats.RESAMPLES))
    per_call = _per_call(raw.get("per_call", {}), resamples)
    report: dict[str, object] = {
        "format": FORMAT,
        "kind": "bench",
        **provenance(root),
        "reference_digest": reference_digest,
        "device": dict(device),
        "machine": dict(machine),
        "versions": dict(versions),
        "settings": dict(settings),
        "duration_s": raw.get("duration_s"),
        "errors": raw.get("errors", {}),
        "per_call": per_call,
        "summary": _summary(raw.get("per_call", {}), resamples),
        "phases": _phases(raw.get("per_call", {}).get("reference", {}), resamples),
        "gil": _gil(raw.get("gil", {}), resamples),
        "scaling": _scaling(raw.get("scaling", {}), device.get("theoretical_gbps"), resamples),
        "profile": dict(raw.get("profile", {})),
    }
    report["noise"] = {**dict(machine.get("noise", {})), **_noise(raw.get("per_call", {}))}
    report["quotes"] = _quotes(report)
    report["runs"] = {"per_call": _compact(raw.get("per_call", {}))}
    return report


def validate(report: Mapping[str, object]) -> list[str]:
    """Return what is wrong with a report document's shape; nothing when it is valid.

    Parameters
    ----------
    report : mapping
        The document.

    Returns
    -------
    list of str
        One sentence per problem.
    """
    problems = [f"the key {key!r} is missing" for key in _REQUIRED if key not in report]
    if report.get("format") not in (None, FORMAT):
        problems.append(f"format {report.get('format')!r} is not {FORMAT}")
    if not isinstance(report.get("device", {}), Mapping) or not report.get("device", {}).get("name"):
        problems.append("the device has no name")
    for key, quote in dict(report.get("quotes", {})).items():
        if not isinstance(quote, Mapping) or not isinstance(quote.get("value"), int | float):
            problems.append(f"the quote {key!r} has no number")
        elif not math.isfinite(quote["value"]):
            problems.append(f"the quote {key!r} is not finite")
    for name, row in dict(report.get("per_call", {})).items():
        for field in ("ratio_upstream", "ratio_floor"):
            estimate = row.get(field)
            if estimate is not None and not estimate["low"] <= estimate["value"] <= estimate["high"]:
                problems.append(f"{name}.{field}: the value lies outside its interval")
    return problems


def write_report(report: Mapping[str, object], path: Path) -> None:
    """Write a valid report in one step (a temporary file renamed into place).

    Parameters
    ----------
    report : mapping
        The document.
    path : Path
        Where to write it.

    Raises
    ------
    ValueError
        If the document is not valid; nothing is written.
    """
    write_document(report, path, validate(report), "the benchmark report")


def source_digest(folder: Path) -> str:
    """Return a digest of the sources under a folder: the reference implementation's fingerprint.

    Parameters
    ----------
    folder : Path
        The reference implementation's folder (``reference_impl``).

    Returns
    -------
    str
        A hex digest of the relative path and text of every ``.pyx``,
        ``.pxd``, ``.py`` and ``.h`` file under ``folder/cuda``; empty when
        there is no such folder.
    """
    sources = Path(folder) / "cuda"
    if not sources.is_dir():
        return ""
    digest = hashlib.sha256()
    for path in sorted(sources.rglob("*")):
        if path.is_file() and path.suffix in _SOURCE_SUFFIXES:
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def operation_title(name: str, row: Mapping[str, object]) -> str:
    """Return the name the site shows for the per-call operation ``name``, whose data is ``row``.

    A report keeps the titles of the run that wrote it. The operations this
    version knows are named in its words (:data:`OPERATIONS`), so that the
    tables and charts of an older run read as the text around them; an
    operation it does not know keeps the report's title, or its key.

    Parameters
    ----------
    name : str
        The operation's key in the report's ``per_call``.
    row : mapping
        Its data there.

    Returns
    -------
    str
        The title, in MyST inline markup.
    """
    return OPERATIONS.get(name) or str(row.get("title") or name)


def crossover(sizes: Sequence[int], seconds: Sequence[float]) -> float | None:
    """Return the size at which the time per call reaches twice its small-size floor.

    Below it the host cost dominates; above it the device's bandwidth
    does. The size is interpolated between the measured sizes on a log-log
    scale.

    Parameters
    ----------
    sizes : sequence of int
        Sizes in bytes, increasing.
    seconds : sequence of float
        Time per call at each size.

    Returns
    -------
    float or None
        Bytes; ``None`` when no measured size reaches twice the floor.
    """
    if not sizes:
        return None
    threshold = 2 * seconds[0]
    for index in range(1, len(sizes)):
        if seconds[index] >= threshold:
            below, above = seconds[index - 1], seconds[index]
            if above == below:
                return float(sizes[index])
            fraction = (math.log(threshold) - math.log(below)) / (math.log(above) - math.log(below))
            low, high = math.log(sizes[index - 1]), math.log(sizes[index])
            return math.exp(low + fraction * (high - low))
    return None


def _compact(raw: Mapping[str, Mapping[str, _Runs]]) -> dict[str, dict[str, list[list[float]]]]:
    """Return the per-call runs to four significant digits: the report keeps them for re-analysis."""
    return {
        impl: {name: [[float(f"{value:.4g}") for value in run] for run in runs] for name, runs in benches.items()}
        for impl, benches in raw.items()
    }


def _microseconds(runs: _Runs) -> list[list[float]]:
    """Return runs of seconds as runs of microseconds."""
    return [[value * 1e6 for value in run] for run in runs]


def _per_call(raw: Mapping[str, Mapping[str, _Runs]], resamples: int) -> dict[str, dict]:
    """Return each operation's times and ratios."""
    rows = {}
    for name, title in OPERATIONS.items():
        runs = {impl: raw.get(impl, {}).get(f"{impl}.{name}") for impl in IMPLEMENTATIONS}
        runs = {impl: _microseconds(value) for impl, value in runs.items() if value and any(value)}
        if not runs:
            continue
        row: dict[str, object] = {
            "title": title,
            "us": {impl: bench_stats.bootstrap_median(value, resamples=resamples) for impl, value in runs.items()},
            "cv": {impl: bench_stats.coefficient_of_variation(value) for impl, value in runs.items()},
        }
        controls = _controls(raw, name)
        for field, top, bottom in (
            ("ratio_upstream", "reference", "upstream"),
            ("ratio_floor", "reference", "floor"),
            ("upstream_ratio_floor", "upstream", "floor"),
        ):
            if top in runs and bottom in runs:
                row[field] = bench_stats.bootstrap_ratio(runs[top], runs[bottom], resamples=resamples)
        if "reference" in runs and "upstream" in runs and len(controls) == len(CONTROLS):
            row["ratio_upstream_direct"] = row["ratio_upstream"]
            row["ratio_upstream"] = bench_stats.bootstrap_ratio(
                *_through_controls(raw, name, controls), resamples=resamples
            )
            row["control"] = "floor"
            # Upstream against the floor timed in its own processes.
            row["upstream_ratio_floor"] = bench_stats.bootstrap_ratio(
                raw["upstream"][f"upstream.{name}"], controls["upstream"], resamples=resamples
            )
        rows[name] = row
    return rows


def _controls(raw: Mapping[str, Mapping[str, _Runs]], name: str) -> dict[str, _Runs]:
    """Return the floor's runs of an operation timed in each implementation's processes, where there are any."""
    found = {}
    for impl, filed in CONTROLS.items():
        runs = raw.get(filed, {}).get(f"floor.{name}")
        if runs and any(runs):
            found[impl] = runs
    return found


def _through_controls(
    raw: Mapping[str, Mapping[str, _Runs]], name: str, controls: Mapping[str, _Runs]
) -> tuple[list[list[float]], list[list[float]]]:
    """Return the reference's and upstream's runs of an operation, each over its own processes' floor."""
    return (
        bench_stats.normalized(raw["reference"][f"reference.{name}"], controls["reference"]),
        bench_stats.normalized(raw["upstream"][f"upstream.{name}"], controls["upstream"]),
    )


def _summary(raw: Mapping[str, Mapping[str, _Runs]], resamples: int) -> dict[str, object]:
    """Return the geometric mean of the reference/upstream ratios over the operations that have both."""
    pairs, names = [], []
    for name in OPERATIONS:
        if name in _SLOW_PATHS or name in FLOOR_VARIANTS:
            continue
        top = raw.get("reference", {}).get(f"reference.{name}")
        bottom = raw.get("upstream", {}).get(f"upstream.{name}")
        if top and bottom and any(top) and any(bottom):
            # Through the floors, as the operation's own ratio, where both processes timed it.
            controls = _controls(raw, name)
            pairs.append(_through_controls(raw, name, controls) if len(controls) == len(CONTROLS) else (top, bottom))
            names.append(name)
    if not pairs:
        return {}
    estimate = bench_stats.bootstrap_geometric_mean(pairs, resamples=resamples)
    return {"geomean_ratio_upstream": estimate, "operations": names}


def _phases(raw: Mapping[str, _Runs], resamples: int) -> dict[str, dict]:
    """Return each lifecycle operation's Phase 1 and Phase 2 times and their ratio."""
    rows = {}
    for name, title in PHASE_OPERATIONS.items():
        phase1, phase2 = raw.get(f"phase1.{name}"), raw.get(f"phase2.{name}")
        if not phase1 or not phase2 or not any(phase1) or not any(phase2):
            continue
        phase1, phase2 = _microseconds(phase1), _microseconds(phase2)
        rows[name] = {
            "title": title,
            "phase1_us": bench_stats.bootstrap_median(phase1, resamples=resamples),
            "phase2_us": bench_stats.bootstrap_median(phase2, resamples=resamples),
            "ratio": bench_stats.bootstrap_ratio(phase2, phase1, resamples=resamples),
        }
    return rows


def _gil(raw: Mapping[str, Sequence[Mapping]], resamples: int) -> dict[str, object]:
    """Return, for each implementation and thread count, the work and counter rates, and the counter's ratio."""
    result: dict[str, object] = {}
    for impl, rounds in raw.items():
        if not rounds:
            continue
        alone = [[round_["counter_alone"]] for round_ in rounds]
        counts = sorted({int(count) for round_ in rounds for count in round_["threads"]})
        rows = {}
        for count in counts:
            work = [[round_["threads"][str(count)]["work_per_s"]] for round_ in rounds]
            counter = [[round_["threads"][str(count)]["counter_per_s"]] for round_ in rounds]
            rows[str(count)] = {
                "work_per_s": bench_stats.bootstrap_median(work, resamples=resamples),
                "counter_per_s": bench_stats.bootstrap_median(counter, resamples=resamples),
                "counter_ratio": bench_stats.bootstrap_ratio(counter, alone, resamples=resamples),
            }
        result[impl] = {
            "counter_alone_per_s": bench_stats.bootstrap_median(alone, resamples=resamples),
            "threads": rows,
            "rounds": len(rounds),
        }
    return result


def _scaling(raw: Mapping[str, Sequence[Mapping]], theoretical: float | None, resamples: int) -> dict[str, object]:
    """Return each operation's time, bandwidth and crossover against the size, per implementation."""
    operations: dict[str, dict] = {}
    sizes: set[int] = set()
    for impl, rounds in raw.items():
        for name in ("fill", "copy"):
            measured = sorted({int(size) for round_ in rounds for size in round_.get(name, {})})
            if not measured:
                continue
            sizes.update(measured)
            traffic = 2 if name == "copy" else 1  # a copy reads and writes every byte
            points = []
            for size in measured:
                runs = [_microseconds([round_[name][str(size)]])[0] for round_ in rounds if str(size) in round_[name]]
                estimate = bench_stats.bootstrap_median(runs, resamples=resamples)
                gbps = traffic * size / (float(estimate["value"]) * 1e-6) / 1e9
                points.append(
                    {
                        "bytes": size,
                        "us": estimate,
                        "gbps": gbps,
                        "fraction": gbps / theoretical if theoretical else None,
                    }
                )
            seconds = [float(point["us"]["value"]) for point in points]
            operations.setdefault(name, {})[impl] = {
                "points": points,
                "crossover_bytes": crossover(measured, seconds),
                "peak_gbps": max(point["gbps"] for point in points),
                "peak_fraction": max(point["fraction"] for point in points) if theoretical else None,
            }
    return {"theoretical_gbps": theoretical, "sizes": sorted(sizes), "operations": operations}


def _noise(raw: Mapping[str, Mapping[str, _Runs]]) -> dict[str, float]:
    """Return the spread of the per-call measurements: the median and largest coefficient of variation."""
    spreads = sorted(
        bench_stats.coefficient_of_variation(runs) for benches in raw.values() for runs in benches.values() if any(runs)
    )
    if not spreads:
        return {}
    return {"median_cv": spreads[len(spreads) // 2], "max_cv": spreads[-1]}


def _quote(estimate: Mapping[str, object] | None, unit: str) -> dict[str, object] | None:
    """Return an estimate as a quote, or ``None`` when there is none."""
    if not estimate:
        return None
    quote = {"value": estimate["value"], "low": estimate.get("low"), "high": estimate.get("high"), "unit": unit}
    if "verdict" in estimate:
        quote["verdict"] = estimate["verdict"]
    return quote


def _quotes(report: Mapping[str, object]) -> dict[str, dict]:
    """Return every number the guide may quote, by key."""
    quotes: dict[str, dict | None] = {}
    for name, row in report["per_call"].items():
        for impl, estimate in row["us"].items():
            quotes[f"{name}.{impl}_us"] = _quote(estimate, "us")
        for field in ("ratio_upstream", "ratio_floor", "upstream_ratio_floor"):
            quotes[f"{name}.{field}"] = _quote(row.get(field), "x")
    quotes["geomean.ratio_upstream"] = _quote(report["summary"].get("geomean_ratio_upstream"), "x")
    for name, row in report["phases"].items():
        quotes[f"phases.{name}.ratio"] = _quote(row["ratio"], "x")
        quotes[f"phases.{name}.phase1_us"] = _quote(row["phase1_us"], "us")
        quotes[f"phases.{name}.phase2_us"] = _quote(row["phase2_us"], "us")
    for impl, facts in report["gil"].items():
        for count, row in facts["threads"].items():
            quotes[f"gil.{impl}.counter_ratio_{count}"] = _quote(row["counter_ratio"], "x")
            quotes[f"gil.{impl}.work_per_s_{count}"] = _quote(row["work_per_s"], "/s")
    scaling = report["scaling"]
    if scaling.get("theoretical_gbps"):
        quotes["device.theoretical_gbps"] = {"value": scaling["theoretical_gbps"], "unit": "GB/s"}
    for name, by_impl in scaling["operations"].items():
        for impl, facts in by_impl.items():
            if facts["crossover_bytes"] is not None:
                quotes[f"scaling.{name}.{impl}.crossover_bytes"] = {"value": facts["crossover_bytes"], "unit": "B"}
            quotes[f"scaling.{name}.{impl}.peak_gbps"] = {"value": facts["peak_gbps"], "unit": "GB/s"}
            if facts["peak_fraction"] is not None:
                quotes[f"scaling.{name}.{impl}.peak_fraction"] = {"value": facts["peak_fraction"], "unit": "%"}
    return {key: quote for key, quote in quotes.items() if quote is not None}
