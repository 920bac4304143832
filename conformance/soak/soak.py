# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the reliability soak of issue 15 against the installed ``cuda.core``: what ``nox -s soak`` runs.

Three phases on device 0, with the public ``cuda.core`` API only:

1. **Churn** (:mod:`churn`): 100,000 allocate/close cycles, 10,000 stream
   and 10,000 event create/close cycles and 1,000 program
   compile/load/unload cycles, each between two baselines (:mod:`baseline`)
   that must agree within the tolerances (:class:`soak_settings.Tolerances`).
2. **Threads** (:mod:`threads_phase`): 8 threads launching, copying and
   recording for 10 s on streams of their own, then 10 s on one shared
   stream, every result read back and checked.
3. **Lifecycle** (:mod:`lifecycle`): each abuse case in a process of its
   own, where a crash, error output or an undocumented exception fails it.

``--sanitizer`` then runs the soak (with reduced counts) and the API
conformance suite under ``compute-sanitizer --tool memcheck``
(:mod:`sanitizer`). The run goes into ``reports/soak.json``
(:mod:`soak_report`) beside the other implementation's::

    python conformance/soak/soak.py [--fast] [--sanitizer] [--output reports/soak.json]

Exit status: 0 when every check passed, 1 when one failed (the report
says which), 2 without a GPU or with bad options (nothing is written).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

import soak_settings

__all__ = ["EXIT_FAILED", "EXIT_NO_GPU", "PHASES", "default_sanitizer_workers", "main"]

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parents[1]
EXIT_FAILED = 1
EXIT_NO_GPU = 2
PHASES = ("churn", "threads", "lifecycle")
"""The phases, in the order they run."""
_SANITIZER_TIMEOUT_S = 1800
_MOST_DEFAULT_WORKERS = 24
"""The most sanitized workers by default: as many ran on a 64-CPU machine with four H200s (2026-11-28)."""
_SANITIZED_SPAWN_TIME_SCALE = 5
"""How much longer a process the sanitized API suite spawns may take than the suite allows it unsanitized."""


def main(argv: list[str] | None = None) -> int:
    """Run the soak on the command-line arguments ``argv`` (``sys.argv[1:]`` by default) and write its report.

    The exit status is 0 when every check passed, 1 when one failed, and 2
    without a GPU or with bad options (no report is written then).
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        settings = soak_settings.settings_from(args)
        phases = _phases(args.phases)
    except ValueError as exc:
        print(f"soak: error: {exc}", file=sys.stderr)
        return EXIT_NO_GPU
    from cuda_core_guide.gpu import gpu_check

    status = gpu_check("the soak", args.check_gpu, EXIT_NO_GPU)
    if status is not None:
        return status
    started = time.perf_counter()
    tolerances = soak_settings.Tolerances()
    results, seconds = _run_phases(phases, settings, tolerances)
    from soak_report import baseline_drift, failures

    if args.raw_output is not None:
        # The sanitized child: memcheck's instrumentation moves the baselines, which are recorded, not judged.
        raw = {
            "phases": results,
            "failures": failures(results, baselines=False),
            "baseline_drift": baseline_drift(results),
            "settings": dataclasses.asdict(settings),
        }
        args.raw_output.write_text(json.dumps(raw, indent=1), encoding="utf-8")
        return EXIT_FAILED if raw["failures"] else 0
    sanitizer = _sanitizer(args, phases) if args.sanitizer else None
    run = _run_document(results, sanitizer, settings, time.perf_counter() - started, seconds)
    _write(run, tolerances, args.output)
    _print_summary(run, args.output)
    return 0 if run["passed"] else EXIT_FAILED


def _parser() -> argparse.ArgumentParser:
    """Return the command line's parser."""
    parser = argparse.ArgumentParser(prog="soak.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=_ROOT / "reports" / "soak.json", help="the report to update")
    parser.add_argument(
        "--phases",
        default=",".join(PHASES),
        help=f"the phases to run, separated by commas (default {','.join(PHASES)})",
    )
    parser.add_argument(
        "--sanitizer",
        action="store_true",
        help="also run the soak (reduced counts) and the API suite under compute-sanitizer --tool memcheck",
    )
    parser.add_argument(
        "--sanitizer-workers",
        type=_positive,
        default=default_sanitizer_workers(),
        metavar="N",
        help="run the sanitized API suite in N pytest-xdist worker processes, a test at a time to whichever is "
        f"free (default {default_sanitizer_workers()}, half this machine's CPUs, at most {_MOST_DEFAULT_WORKERS}); "
        "1 runs it in order in one process, so that each API error is attributed to the test that was running, "
        "but a crash then ends the run",
    )
    parser.add_argument(
        "--sanitizer-timeout",
        type=_positive,
        default=_SANITIZER_TIMEOUT_S,
        metavar="S",
        help=f"stop each sanitized run after S seconds, and count that as a failure (default {_SANITIZER_TIMEOUT_S})",
    )
    parser.add_argument("--check-gpu", action="store_true", help="only check for a GPU")
    parser.add_argument("--raw-output", type=Path, help=argparse.SUPPRESS)  # the sanitized child's results
    soak_settings.add_arguments(parser)
    return parser


def default_sanitizer_workers() -> int:
    """Return how many worker processes run the sanitized API suite by default: half the CPUs, 2 to 24.

    Under memcheck the suite takes hours in one process; each worker is a
    process of its own, so that a test that crashes its worker fails alone.
    """
    return max(2, min(_MOST_DEFAULT_WORKERS, (os.cpu_count() or 4) // 2))


def _positive(text: str) -> int:
    """Return a positive whole number given on the command line."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def _phases(text: str) -> tuple[str, ...]:
    """Return the phases a ``--phases`` value names, in their running order."""
    named = {name.strip() for name in text.split(",") if name.strip()}
    unknown = sorted(named - set(PHASES))
    if unknown:
        raise ValueError(f"--phases: unknown phase(s) {', '.join(unknown)}; the phases are {', '.join(PHASES)}")
    if not named:
        raise ValueError("--phases names no phase")
    return tuple(name for name in PHASES if name in named)


def _run_phases(
    phases: tuple[str, ...], settings: soak_settings.Settings, tolerances: soak_settings.Tolerances
) -> tuple[dict, dict[str, float]]:
    """Run the chosen phases on device 0; return their results and the seconds each took."""
    from cuda.core import Device

    device = Device(0)
    device.set_current()
    results: dict[str, object] = {}
    seconds: dict[str, float] = {}
    for phase in phases:
        started = time.perf_counter()
        try:
            results[phase] = _PHASE_RUNNERS[phase](device, settings, tolerances)
        except Exception as exc:  # noqa: BLE001 - recorded: the report names it, and the run fails
            results[phase] = {"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()[-4000:]}
            _say(f"{phase}: ended by {type(exc).__name__}: {exc}")
        seconds[phase] = round(time.perf_counter() - started, 1)
    return results, seconds


def _churn(device: object, settings: soak_settings.Settings, tolerances: soak_settings.Tolerances) -> dict:
    """Run the churn phase."""
    from churn import run_churn

    _say(f"churn: {settings.alloc_cycles} allocations, {settings.stream_cycles} streams, ...")
    return run_churn(device, settings, tolerances)


def _threads(device: object, settings: soak_settings.Settings, _tolerances: soak_settings.Tolerances) -> dict:
    """Run the threads phase with a freshly compiled kernel."""
    from kernels import compile_stamp
    from threads_phase import run_threads

    _say(f"threads: {settings.threads} threads, {settings.thread_seconds} s per part")
    program, _code, kernel = compile_stamp(device)
    try:
        return run_threads(device, kernel, settings.threads, settings.thread_seconds)
    finally:
        program.close()


def _lifecycle(_device: object, _settings: soak_settings.Settings, _tolerances: soak_settings.Tolerances) -> list:
    """Run the lifecycle phase: every case, one process each."""
    from lifecycle import run_lifecycle
    from lifecycle_cases import CASES

    _say(f"lifecycle: {len(CASES)} cases, one process each")
    return run_lifecycle(list(CASES), implementation=_implementation_name())


def _implementation_name() -> str:
    """Return ``"reference"`` or ``"upstream"``: the ``cuda.core`` installed here (the reference if neither is)."""
    from cuda_core_guide.implementation import implementation_under_test

    under_test = implementation_under_test()
    return under_test[0] if under_test else "reference"


_PHASE_RUNNERS = {"churn": _churn, "threads": _threads, "lifecycle": _lifecycle}


def _sanitizer(args: argparse.Namespace, phases: tuple[str, ...]) -> dict:
    """Run the soak and the API suite under memcheck; return what it found, or why it did not run."""
    from sanitizer import SANITIZER_OPTIONS, UNSANITIZED_MARKERS, expected_api_errors, find_sanitizer, summarize

    tool = find_sanitizer()
    if tool is None:
        reason = "compute-sanitizer was not found under $CUDA_PATH, $CUDA_HOME or on PATH"
        print(f"soak: the sanitizer part is skipped: {reason}", file=sys.stderr)
        return {"skipped": reason}
    expected = expected_api_errors(_implementation_name())
    counts = soak_settings.SANITIZED
    found: dict[str, object] = {
        "tool": str(tool),
        "options": list(SANITIZER_OPTIONS),
        "api_suite_workers": args.sanitizer_workers,
        "api_suite_left_out": dict(UNSANITIZED_MARKERS),
        "counts": dataclasses.asdict(counts),
    }
    logs = args.output.parent
    with tempfile.TemporaryDirectory(prefix="soak-sanitizer-") as folder:
        raw = Path(folder) / "soak.json"
        options = [
            f"--{field.name.replace('_', '-')}={getattr(counts, field.name)}"
            for field in dataclasses.fields(counts)
            if field.name != "fast"
        ]
        targets = {
            "soak": [
                sys.executable,
                str(Path(__file__).resolve()),
                "--phases",
                ",".join(phases),
                "--raw-output",
                str(raw),
                *options,
            ],
            "api_suite": _api_suite_command(args.sanitizer_workers),
        }
        # The two runs are independent and each is slow under the tool: they run side by side.
        _say(f"sanitizer: {' and '.join(targets)} under memcheck, side by side")
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(targets)) as pool:
            done = {
                name: pool.submit(
                    _sanitized,
                    [str(tool), *SANITIZER_OPTIONS, *command],
                    logs / f"soak-sanitizer-{name}.log",
                    args.sanitizer_timeout,
                )
                for name, command in targets.items()
            }
        for name, future in done.items():
            returncode, output = future.result()
            part = {**summarize(output, expected), "returncode": returncode, "log": f"soak-sanitizer-{name}.log"}
            if name == "soak":
                try:
                    child = json.loads(raw.read_text(encoding="utf-8"))
                    part["failures"] = child["failures"]
                    part["baseline_drift"] = child["baseline_drift"]
                    part["phases"] = child["phases"]
                except (OSError, ValueError, KeyError):
                    part["failures"] = ["the sanitized soak wrote no results"]
            found[name] = part
    return found


def _api_suite_command(workers: int) -> list[str]:
    """Return the command that runs the API suite's GPU tests, for the tool to run, in ``workers`` workers.

    The tests of :data:`sanitizer.UNSANITIZED_MARKERS` are left out, for the reason given there.
    """
    from sanitizer import UNSANITIZED_MARKERS

    return [
        sys.executable,
        "-m",
        "pytest",
        "-m",
        " and not ".join(["gpu", *UNSANITIZED_MARKERS]),
        # Verbose: each test's node id is written as it starts, so that the log
        # (and sanitizer.summarize) can name the test behind each API error.
        "-v",
        "-p",
        "no:cacheprovider",
        # The slowest tests under the tool, at the end of the log.
        "--durations=20",
        # Why each test failed, as it fails: a run stopped at its time
        # limit never reaches pytest's summary (failure_echo.py).
        "-p",
        "failure_echo",
        # Where a test has run for 150 s, the stacks of its threads.
        "-o",
        "faulthandler_timeout=150",
        *_workers(workers),
        "conformance/api_suite",
    ]


def _workers(count: int) -> list[str]:
    """Return pytest's options for ``count`` sanitized workers: none for one, where the suite runs in order."""
    if count == 1:
        return []
    # `load`, one test at a time: the slowest file no longer bounds the run, and a
    # test that crashes its worker is not given to the next one again (as under
    # `loadfile`; see CRASH_ISOLATION in noxfile.py).
    return ["-p", "xdist", "-n", str(count), "--dist", "load", "--maxschedchunk", "1", "--max-worker-restart", "100"]


def _sanitized(command: list[str], log: Path, timeout: float) -> tuple[int | None, str]:
    """Run a command under the tool from the repository's root; return its status and output, kept in ``log``.

    The output goes to ``log`` as it comes, so that a run stopped from
    outside still leaves what it did. A run past ``timeout`` seconds is
    stopped with every process it started, and its status is ``None``.
    """
    from cuda_core_guide.spawned import TIME_SCALE_VARIABLE as SPAWN_TIME_SCALE_VARIABLE

    log.parent.mkdir(parents=True, exist_ok=True)
    # The soak's own modules (the failure_echo plugin among them) import by name. A
    # process that the tests spawn waits for the tool to load and instrument it, which
    # took more than the 120 s the API suite allows (2026-11-28, 24 workers on H200s):
    # its time limits are scaled (cuda_core_guide.spawned).
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(_HERE), os.environ.get("PYTHONPATH")])),
        SPAWN_TIME_SCALE_VARIABLE: str(_SANITIZED_SPAWN_TIME_SCALE),
    }
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, cwd=_ROOT, env=environment, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            returncode: int | None = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            returncode = None
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    output = log.read_text(encoding="utf-8", errors="replace")
    if returncode is None:
        output += f"\nsoak: stopped after {timeout:g} s (--sanitizer-timeout)\n"
        log.write_text(output, encoding="utf-8")
    return returncode, output


def _run_document(
    results: dict, sanitizer: dict | None, settings: soak_settings.Settings, duration: float, seconds: dict
) -> dict:
    """Return the run as the report records it, with its provenance and verdict."""
    from soak_report import failures

    from cuda_core_guide.reports.conformance_report import provenance
    from cuda_core_guide.reports.provenance import provenance as common_provenance

    sanitizer_part = {key: value for key, value in (sanitizer or {}).items() if key in ("soak", "api_suite")}
    found = failures(results, sanitizer_part)
    return {
        "provenance": {**common_provenance(_ROOT), **provenance()},
        "settings": dataclasses.asdict(settings),
        "phases_run": list(results),
        "duration_s": round(duration, 1),
        "phase_seconds": seconds,
        "phases": results,
        "sanitizer": sanitizer if sanitizer is not None else {"skipped": "not asked for (--sanitizer)"},
        "failures": found,
        "passed": not found,
    }


def _write(run: dict, tolerances: soak_settings.Tolerances, output: Path) -> None:
    """Fold the run into the report file."""
    from sanitizer import EXPECTED_API_ERRORS
    from soak_report import merge, write_report

    try:
        document = json.loads(output.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        document = None
    implementation = run["provenance"].get("implementation", "unknown")
    write_report(merge(document, implementation, run, tolerances, list(EXPECTED_API_ERRORS)), output)


def _print_summary(run: dict, output: Path) -> None:
    """Print the run's main numbers and its failures."""
    facts = run["provenance"]
    print(
        f"soak of {facts.get('implementation')} {facts.get('version')} on {facts.get('device')}, {run['duration_s']} s"
    )
    phases = {name: result for name, result in run["phases"].items() if not _ended_early(result)}
    for name, churn in phases.get("churn", {}).items():
        print(f"  churn {name}: {churn['cycles']} cycles in {churn['seconds']} s, {len(churn['problems'])} problems")
    for name, part in phases.get("threads", {}).items():
        iterations = part["iterations"]
        print(
            f"  threads {name}: {part['threads']} threads, {sum(iterations)} iterations "
            f"({min(iterations)}..{max(iterations)} per thread), {part['verification_failures']} wrong elements"
        )
    for verdict in phases.get("lifecycle", []):
        print(f"  lifecycle {verdict['case']}: {_lifecycle_state(verdict)}")
    for marker, why in run["sanitizer"].get("api_suite_left_out", {}).items():
        print(f"  sanitizer api_suite: tests marked {marker} left out: {why}")
    for name in ("soak", "api_suite"):
        part = run["sanitizer"].get(name)
        if part:
            unexpected = part["unexpected_api_errors"]
            print(f"  sanitizer {name}: ERROR SUMMARY {part['error_summary']}, unexpected API errors {unexpected}")
            for key in unexpected:
                for test in part["api_errors"][key].get("tests", []):
                    print(f"    {key} while running {test}")
    if run["sanitizer"].get("skipped") and run["sanitizer"]["skipped"].startswith("compute-sanitizer"):
        print(f"  sanitizer: skipped: {run['sanitizer']['skipped']}")
    for failure in run["failures"]:
        print(f"FAILED: {failure}")
    print(f"{'passed' if run['passed'] else 'FAILED'}; wrote {output}")


def _lifecycle_state(verdict: dict) -> str:
    """Return a lifecycle verdict in a few words."""
    if verdict["skipped"]:
        return "skipped: " + verdict["skipped"]
    if verdict.get("known_defect"):
        defect = verdict["known_defect"]
        return f"known defect ({'; '.join(defect['problems'])}): {defect['reason']}"
    return "passed" if verdict["passed"] else "FAILED"


def _ended_early(result: object) -> bool:
    """Return whether a phase's result is only the exception that ended it."""
    return isinstance(result, dict) and isinstance(result.get("error"), str)


def _say(message: str) -> None:
    """Print a progress line at once."""
    print(f"soak: {message}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
