# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the whole GPU benchmark and write ``reports/bench.json``: what ``nox -s bench`` runs.

Three parts, each in worker processes that alternate the implementations
round by round, so that drift of the machine spreads over all of them:

1. **Per call** (``per_call_worker.py``, pyperf): every operation of the
   reference implementation, of upstream ``cuda-core`` (in its own
   environment) and of the Cython floor module (compiled here, and timed
   in the reference's worker processes on the same objects), and the
   reference's Phase 1 and Phase 2 forms. pyperf calibrates the loops of
   each benchmark once per implementation; then each round starts one
   worker per implementation, pinned to CPUs of their own where the
   machine allows, which times ``--values`` values of each benchmark, one
   per pass over all of them, each beside its floor's value of that pass.
   Many short rounds, rather than few long ones: a call's time differs
   more between processes than within one, so the rounds set the width
   of the intervals.
2. **GIL** (``gil_worker.py``): 1, 2, 4 and 8 threads issuing driver work
   while a pure-Python thread counts.
3. **Scaling** (``scaling_worker.py``): fill and copy from 1 KiB to
   256 MiB, against the device's theoretical bandwidth.
4. **Profile** (``profile_op.py`` under ``py-spy record --native``): where
   the time of the operations that have a floor target goes, for the
   reference, its floor and upstream (:mod:`cuda_core_guide.reports.bench_profile`).
   Without py-spy, or where it may not trace, the part records why.

The report (:mod:`cuda_core_guide.reports.bench_report`) is written only when
every part succeeded; without a GPU, or without upstream ``cuda-core``,
nothing is written and the exit status is 2::

    python conformance/benchmarks/bench.py --upstream-python .nox/bench-upstream/bin/python \\
        --output reports/bench.json [--fast]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["Settings", "main", "settings_from"]

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parents[1]
_REFERENCE = _ROOT / "reference_impl"
_KIB = 1024
_GIL_IMPLEMENTATIONS = ("reference", "upstream", "phase1", "floor", "floor_gil")
_SCALING_IMPLEMENTATIONS = ("reference", "upstream")
_PER_CALL_IMPLEMENTATIONS = ("reference", "upstream")
_FLOOR = "floor"
_PASS_MARK = "@"  # per_call_worker.PASS_MARK
# The operations with a floor target that the profile part samples, and by whom.
_PROFILED = ("fill_1k", "alloc_free_1k", "launch_ptr_int", "set_current", "graph_add_kernel")
_PROFILED_IMPLEMENTATIONS = ("reference", "floor", "upstream")
# Samples per second: native stacks through the driver are slow to unwind,
# and the sampled process is stopped while py-spy unwinds.
_PROFILE_RATE = 250
_PROFILE_GRACE_S = 60.0
_PROFILE_ATTACH_S = 1.0
_NO_GPU = 2
# What pyperf records about the host that tells how quiet it was.
_SYSTEM_METADATA = ("cpu_config", "cpu_freq", "cpu_affinity", "aslr", "boot_time", "load_avg_1min", "cpu_temp")


@dataclasses.dataclass(frozen=True)
class Settings:
    """The knobs of one run; ``--fast`` picks smaller ones.

    Parameters
    ----------
    rounds : int
        Worker processes per implementation in the per-call part (pyperf's runs).
    values : int
        Values each worker times per benchmark.
    warmups : int
        Values each worker times first and discards.
    min_time : float
        Seconds a value lasts at least (pyperf calibrates the loops to it).
    gil_rounds : int
        Processes per implementation in the GIL part.
    gil_seconds : float
        Seconds of each GIL measurement.
    gil_threads : tuple of int
        Numbers of worker threads.
    scaling_rounds : int
        Processes per implementation in the scaling part.
    profile_seconds : float
        Seconds each operation of the profile part runs under py-spy; 0
        leaves the part out.
    max_size : int
        Largest size of the scaling part, in bytes (from 1 KiB, by factors of 4).
    resamples : int
        Bootstrap resamples per interval.
    fast : bool
        Whether ``--fast`` chose these.
    """

    rounds: int = 20
    values: int = 3
    warmups: int = 1
    min_time: float = 0.03
    gil_rounds: int = 3
    gil_seconds: float = 0.5
    gil_threads: tuple[int, ...] = (1, 2, 4, 8)
    scaling_rounds: int = 3
    profile_seconds: float = 2.0
    max_size: int = 256 << 20
    resamples: int = 2000
    fast: bool = False

    @property
    def sizes(self) -> list[int]:
        """The sizes of the scaling part: 1 KiB and every fourfold step up to ``max_size``."""
        sizes, size = [], _KIB
        while size <= self.max_size:
            sizes.append(size)
            size *= 4
        return sizes


_FAST = Settings(
    rounds=8,
    values=2,
    min_time=0.02,
    gil_rounds=2,
    gil_seconds=0.2,
    scaling_rounds=2,
    max_size=16 << 20,
    profile_seconds=0.5,
    fast=True,
)


def settings_from(args: argparse.Namespace) -> Settings:
    """Return the run's settings: the defaults (or ``--fast``'s), with each option given on top.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.

    Returns
    -------
    Settings
        The settings.
    """
    base = _FAST if args.fast else Settings()
    given = {
        field.name: getattr(args, field.name)
        for field in dataclasses.fields(Settings)
        if field.name != "fast" and getattr(args, field.name, None) is not None
    }
    if "gil_threads" in given:
        given["gil_threads"] = tuple(int(count) for count in str(given["gil_threads"]).split(","))
    return dataclasses.replace(base, **given)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark on the command-line arguments ``argv`` (``sys.argv[1:]`` by default) and write its report.

    The exit status is 0 when the report was written, 2 without a GPU or
    without upstream ``cuda-core`` (nothing is written then), and 1 when a
    worker failed.
    """
    args = _parser().parse_args(argv)
    from cuda_core_guide.gpu import gpu_check

    status = gpu_check("nox -s bench", args.check_gpu, _NO_GPU)
    if status is not None:
        return status
    upstream = _upstream_version(args.upstream_python)
    if upstream is None:
        print(
            f"upstream cuda-core cannot be imported by {args.upstream_python}: install it (a wheel of "
            "cuda-core 1.2.2 in the wheelhouse). No report is written.",
            file=sys.stderr,
        )
        return _NO_GPU
    settings = settings_from(args)
    work = Path(tempfile.mkdtemp(prefix="bench-", dir=args.work))
    try:
        report = _run(args, settings, work, upstream)
    except subprocess.CalledProcessError as exc:
        print(f"a benchmark worker failed ({exc.returncode}): {' '.join(map(str, exc.cmd))}", file=sys.stderr)
        print(f"its output is in {work}. No report is written.", file=sys.stderr)
        return 1
    from cuda_core_guide.reports.bench_report import write_report

    write_report(report, args.output)
    print(_summary(report))
    print(f"wrote {args.output} in {report['duration_s']:.0f} s")
    return 0


def _parser() -> argparse.ArgumentParser:
    """Return the command line's parser."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--upstream-python", type=Path, help="the interpreter of the environment with upstream cuda-core"
    )
    parser.add_argument("--output", type=Path, default=_ROOT / "reports" / "bench.json")
    parser.add_argument("--work", type=Path, help="where the workers' raw output goes (a temporary folder)")
    parser.add_argument("--check-gpu", action="store_true", help="only check for a GPU")
    parser.add_argument("--fast", action="store_true", help="fewer rounds and values, sizes up to 16 MiB")
    for field in dataclasses.fields(Settings):
        if field.name != "fast":
            kind = str if field.name == "gil_threads" else type(field.default)
            parser.add_argument(f"--{field.name.replace('_', '-')}", type=kind, default=None)
    return parser


def _run(args: argparse.Namespace, settings: Settings, work: Path, upstream: str) -> dict:
    """Run the three parts and return the report."""
    from cuda_core_guide.reports.bench_report import build_report, source_digest

    started = time.perf_counter()
    load_before = os.getloadavg()
    pythons = {"reference": sys.executable, "upstream": str(args.upstream_python), "floor": sys.executable}
    device = json.loads(_output([sys.executable, str(_HERE / "device_info.py")]))
    upstream_packages = json.loads(_output([pythons["upstream"], str(_HERE / "device_info.py")]))["packages"]
    sys.path.insert(0, str(_HERE))
    from floor_build import build_floor

    floor = build_floor(work / "floor").parent
    stages = {}
    mark = time.perf_counter()
    per_call, errors, metadata = _per_call(pythons, settings, work, floor)
    stages["per_call_s"] = time.perf_counter() - mark
    mark = time.perf_counter()
    gil = _gil(pythons, settings, work, floor)
    stages["gil_s"] = time.perf_counter() - mark
    mark = time.perf_counter()
    scaling = _scaling(pythons, settings, work)
    stages["scaling_s"] = time.perf_counter() - mark
    mark = time.perf_counter()
    profile = _profile(pythons, settings, work, floor)
    stages["profile_s"] = time.perf_counter() - mark
    versions = {**device.pop("packages"), "cuda-core (upstream)": upstream, "python": platform.python_version()}
    versions.pop("cuda-core", None)
    versions["cuda-bindings (upstream environment)"] = upstream_packages.get("cuda-bindings", "?")
    machine = {
        "cpu": metadata.get("cpu_model_name", platform.processor() or "?"),
        "cpus": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "affinity": _affinity() or "not pinned",
        "noise": {
            "load_average_before": list(load_before),
            "load_average_after": list(os.getloadavg()),
            **{key: metadata[key] for key in _SYSTEM_METADATA if key in metadata},
        },
    }
    from cuda_core_guide.gpu import cuda_toolkit

    device["cuda_toolkit"] = cuda_toolkit()
    raw = {
        "per_call": per_call,
        "errors": errors,
        "gil": gil,
        "scaling": scaling,
        "profile": profile,
        "duration_s": time.perf_counter() - started,
    }
    stages = {key: round(value, 1) for key, value in stages.items()}
    return build_report(
        raw,
        device=device,
        machine=machine,
        versions=versions,
        settings={
            **dataclasses.asdict(settings),
            "sizes": settings.sizes,
            "stages": stages,
            # How a per-call worker orders its values (per_call_worker.py).
            "value_order": "passes",
        },
        reference_digest=source_digest(_REFERENCE),
        root=_ROOT,
    )


def _per_call(pythons: dict[str, str], settings: Settings, work: Path, floor: Path | None) -> tuple[dict, dict, dict]:
    """Calibrate, then run the rounds of the per-call part; return the runs, the errors and pyperf's metadata."""
    import pyperf

    folder = work / "per_call"
    folder.mkdir()
    common = ["--worker", "-q", "--warmups", str(settings.warmups), "--min-time", str(settings.min_time)]
    affinity = _affinity()
    if affinity:
        common.append(f"--affinity={affinity}")
    filed = (*_PER_CALL_IMPLEMENTATIONS, *(_owner(f"{_FLOOR}.", impl) for impl in _PER_CALL_IMPLEMENTATIONS))
    errors: dict[str, dict] = {impl: {} for impl in filed}
    for impl in _PER_CALL_IMPLEMENTATIONS:
        calibration = folder / f"calibration-{impl}.json"
        _worker(pythons[impl], impl, floor, [*common, "--calibrate-loops", "--values", "1", "-o", str(calibration)])
        failed = json.loads((folder / f"errors-{impl}.json").read_text(encoding="utf-8"))
        for name, error in failed.items():
            errors[_owner(name, impl)][name] = error
    runs: dict[str, dict[str, list[list[float]]]] = {impl: {} for impl in filed}
    metadata: dict[str, object] = {}
    for round_ in range(settings.rounds):
        for impl in _rotated(_PER_CALL_IMPLEMENTATIONS, round_):
            output = folder / f"round-{round_}-{impl}.json"
            options = ["--loops-file", str(folder / f"calibration-{impl}.json"), "--loops", "1"]
            _worker(
                pythons[impl], impl, floor, [*common, *options, "--values", str(settings.values), "-o", str(output)]
            )
            for bench in pyperf.BenchmarkSuite.load(str(output)).get_benchmarks():
                (run,) = bench.get_runs()
                # One value per pass, "<name>@<pass>", the passes in order.
                name = bench.get_name().partition(_PASS_MARK)[0]
                slots = runs[_owner(name, impl)].setdefault(name, [[] for _ in range(settings.rounds)])
                slots[round_].extend(run.values)
                metadata = metadata or dict(run.get_metadata())
    return runs, errors, metadata


def _owner(benchmark: str, impl: str) -> str:
    """Return where a benchmark of ``impl``'s worker is filed: the floor's runs are filed by the process they ran in.

    The floor timed in the reference's process is ``floor``; in another
    implementation's, ``floor_in_<implementation>``
    (:data:`cuda_core_guide.reports.bench_report.CONTROLS`).
    """
    if not benchmark.startswith(f"{_FLOOR}."):
        return impl
    return _FLOOR if impl == "reference" else f"{_FLOOR}_in_{impl}"


def _worker(python: str, impl: str, floor: Path | None, options: list[str]) -> None:
    """Start one per-call worker and wait for it; it times the floor too, when there is one."""
    errors = Path(options[options.index("-o") + 1]).parent / f"errors-{impl}.json"
    command = [python, str(_HERE / "per_call_worker.py"), "--impl", impl]
    if floor is not None:
        command += ["--floor-path", str(floor)]
    subprocess.run([*command, "--errors", str(errors), *options], check=True)


def _gil(pythons: dict[str, str], settings: Settings, work: Path, floor: Path) -> dict[str, list]:
    """Run the rounds of the GIL part; return each implementation's rounds."""
    folder = work / "gil"
    folder.mkdir()
    threads = ",".join(str(count) for count in settings.gil_threads)
    result: dict[str, list] = {impl: [] for impl in _GIL_IMPLEMENTATIONS}
    for round_ in range(settings.gil_rounds):
        for impl in _rotated(_GIL_IMPLEMENTATIONS, round_):
            python = pythons["upstream"] if impl == "upstream" else sys.executable
            output = folder / f"round-{round_}-{impl}.json"
            command = [python, str(_HERE / "gil_worker.py"), "--impl", impl, "--threads", threads]
            command += ["--seconds", str(settings.gil_seconds), "--floor-path", str(floor), "--output", str(output)]
            subprocess.run(command, check=True)
            result[impl].append(json.loads(output.read_text(encoding="utf-8")))
    return result


def _scaling(pythons: dict[str, str], settings: Settings, work: Path) -> dict[str, list]:
    """Run the rounds of the scaling part; return each implementation's rounds."""
    folder = work / "scaling"
    folder.mkdir()
    sizes = ",".join(str(size) for size in settings.sizes)
    result: dict[str, list] = {impl: [] for impl in _SCALING_IMPLEMENTATIONS}
    for round_ in range(settings.scaling_rounds):
        for impl in _rotated(_SCALING_IMPLEMENTATIONS, round_):
            output = folder / f"round-{round_}-{impl}.json"
            command = [pythons[impl], str(_HERE / "scaling_worker.py"), "--impl", impl, "--sizes", sizes]
            command += ["--min-time", str(settings.min_time / 2), "--values", str(settings.values)]
            subprocess.run([*command, "--output", str(output)], check=True)
            result[impl].append(json.loads(output.read_text(encoding="utf-8")))
    return result


def _profile(pythons: dict[str, str], settings: Settings, work: Path, floor: Path) -> dict[str, object]:
    """Run the profiled operations under py-spy; return each one's summary, or why there is none."""
    if settings.profile_seconds <= 0:
        return {"error": "left out (--profile-seconds 0)"}
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        return {"error": "py-spy is not installed"}
    folder = work / "profile"
    folder.mkdir()
    result: dict[str, object] = {"seconds": settings.profile_seconds, "rate_hz": _PROFILE_RATE, "operations": {}}
    for name in _PROFILED:
        for impl in _PROFILED_IMPLEMENTATIONS:
            summary = _profile_one(spy, pythons[impl], impl, name, settings.profile_seconds, floor, folder)
            if "error" in summary:
                return {"error": summary["error"]}
            result["operations"].setdefault(name, {})[impl] = summary
    return result


def _profile_one(spy: str, python: str, impl: str, name: str, seconds: float, floor: Path, folder: Path) -> dict:
    """Profile one operation: set it up, attach py-spy, let it loop; return its summary or ``{"error"}``.

    Every wait is bounded, so that a profiler that cannot attach, or
    samples too slowly, costs the part its data and never the run.
    """
    from cuda_core_guide.reports.bench_profile import parse_raw, summarize

    raw = folder / f"{impl}-{name}.txt"
    worker_command = [python, str(_HERE / "profile_op.py"), "--impl", impl, "--op", name, "--wait"]
    worker_command += ["--seconds", str(seconds), "--floor-path", str(floor)]
    limit = seconds + _PROFILE_GRACE_S
    worker = subprocess.Popen(worker_command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    spy_process = None
    try:
        ready = _read_line(worker, _PROFILE_GRACE_S)
        if ready is None:
            return {"error": f"the {impl} {name} worker was not ready in {_PROFILE_GRACE_S} s"}
        pid = json.loads(ready)["pid"]
        spy_command = [spy, "record", "--native", "--rate", str(_PROFILE_RATE), "--format", "raw"]
        spy_command += ["--pid", str(pid), "--output", str(raw)]
        spy_process = subprocess.Popen(spy_command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(_PROFILE_ATTACH_S)
        worker.stdin.write("go\n")
        worker.stdin.flush()
        printed, _ = worker.communicate(timeout=limit)
        _, spy_errors = spy_process.communicate(timeout=_PROFILE_GRACE_S)
    except subprocess.TimeoutExpired:
        return {"error": f"profiling {impl} {name} took more than {limit:.0f} s; stopped"}
    finally:
        for process in (worker, spy_process):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    lines = [line for line in printed.splitlines() if line.startswith('{"impl"')]
    if worker.returncode != 0 or not lines:
        return {"error": f"the {impl} {name} worker failed ({worker.returncode})"}
    if not raw.is_file():
        why = (spy_errors.strip().splitlines() or ["no output"])[-1]
        return {"error": f"py-spy could not profile {impl} {name} ({spy_process.returncode}): {why}"}
    summary = summarize(parse_raw(raw.read_text(encoding="utf-8").splitlines()), within="timed_loop (profile_op.py")
    summary["us_per_call"] = json.loads(lines[-1])["us_per_call"]
    return summary


def _read_line(process: subprocess.Popen, timeout: float) -> str | None:
    """Return the next line of a process's output, or ``None`` if none comes within ``timeout`` seconds."""
    chosen, _, _ = select.select([process.stdout], [], [], timeout)
    return process.stdout.readline() if chosen else None


def _rotated(items: tuple[str, ...], shift: int) -> list[str]:
    """Return the items rotated by ``shift``: each round starts with another implementation."""
    shift %= len(items)
    return [*items[shift:], *items[:shift]]


def _affinity() -> str:
    """Return the CPU to pin per-call workers to: the first isolated one, else the last; empty if impossible.

    One CPU, not a set: on the H100 runner (a virtual machine) a worker
    pinned to two CPUs ran on either, and a call took up to twice as long
    on one of them as on the other, so that the rounds fell into two
    groups and the intervals were as wide as the difference.
    """
    if not hasattr(os, "sched_getaffinity"):
        return ""
    try:
        from pyperf._cpu_utils import get_isolated_cpus
    except ImportError:
        return ""
    isolated = sorted(get_isolated_cpus() or ())
    if isolated:
        return str(isolated[0])
    cpus = sorted(os.sched_getaffinity(0))
    return str(cpus[-1]) if len(cpus) >= 4 else ""


def _upstream_version(python: Path | None) -> str | None:
    """Return the version of cuda-core that an interpreter imports, or ``None``."""
    if python is None:
        return None
    code = "import cuda.core, importlib.metadata as m; print(m.version('cuda-core'))"
    try:
        return _output([str(python), "-c", code]).strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def _output(command: list[str]) -> str:
    """Run a command and return what it printed."""
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _summary(report: dict) -> str:
    """Return the per-call table as text: microseconds and ratios with their intervals."""
    lines = [f"{report['device']['name']}, {report['date']}: microseconds per call (median [95% interval])"]
    for name, row in report["per_call"].items():
        cells = [f"{name:15s}"]
        for impl in _PER_CALL_IMPLEMENTATIONS:
            estimate = row["us"].get(impl)
            cells.append(f"{impl} {_interval(estimate, '.3f')}" if estimate else f"{impl} —")
        for field in ("ratio_upstream", "ratio_floor"):
            if field in row:
                cells.append(f"{field} {_interval(row[field], '.2f')} {row[field]['verdict']}")
        lines.append("  ".join(cells))
    geomean = report["summary"].get("geomean_ratio_upstream")
    if geomean:
        lines.append(f"geometric mean reference/upstream {_interval(geomean, '.3f')} {geomean['verdict']}")
    return "\n".join(lines)


def _interval(estimate: dict, spec: str) -> str:
    """Return ``value [low, high]``."""
    return f"{estimate['value']:{spec}} [{estimate['low']:{spec}}, {estimate['high']:{spec}}]"


if __name__ == "__main__":
    sys.exit(main())
