# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One pyperf worker process of the per-call benchmark, for one implementation.

``bench.py`` starts it, once per implementation to calibrate the loops
and then once per implementation and round, alternating them::

    python per_call_worker.py --impl reference --floor-path build/ --worker --calibrate-loops \
        --warmups 1 -o calibration.json
    python per_call_worker.py --impl reference --floor-path build/ --worker \
        --loops-file calibration.json --warmups 1 --values 5 -o round-1.json

Each benchmark is named ``<implementation>.<operation>``. The reference's
worker also times ``phase1.<operation>`` and ``phase2.<operation>``. Given
``--floor-path``, every worker also times the floor's operations as
``floor.<operation>`` on the same objects, each right after the
implementation's: the floor is the control of its process. What differs
from one process to the next (the runner's CPU runs some processes at
about twice the speed of others, for every kind of call) is then shared by
an implementation and its floor, and the report compares implementations
through their floors (:func:`cuda_core_guide.reports.bench_stats.normalized`).

A timed worker takes its ``--values`` values in as many passes over all
the benchmarks, one value of each per pass, named ``<name>@<pass>``
(``bench.py`` joins them again). Within one process the runner's CPU
also changes speed, by up to twice, from one moment to the next: the
same call, timed again later in the same worker, took 0.5 to 2.2 times
as long the second time (adding and destroying a kernel node, 20 rounds
on the H200 runner, 2026-11-29). A call's values, all taken in a
row, and its floor's, in the next row, could catch the CPU in different
states; one value of each, side by side, in every pass, catch it in the
same one. The implementation's call goes first on even passes and the
floor's on odd ones, so that neither always follows the other.

A value is the time of one call, from a loop of ``loops`` calls followed by
the operation's finish. Operations that fail
once when tried are not timed: their errors go to ``--errors``.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import bench_ops

__all__ = ["PASS_MARK", "main"]

PASS_MARK = "@"
"""Between a benchmark's name and its pass, in the names of a timed worker's benchmarks."""


def main() -> int:
    """Set the implementation up and run its benchmarks as pyperf worker tasks.

    Returns
    -------
    int
        The exit status.
    """
    import pyperf

    runner = pyperf.Runner()
    runner.argparser.add_argument("--impl", required=True, help="reference or upstream")
    runner.argparser.add_argument("--loops-file", type=Path, help="loops per benchmark, from a calibration run")
    runner.argparser.add_argument("--errors", type=Path, help="JSON file for operations that failed")
    runner.argparser.add_argument(
        "--floor-path", type=Path, help="folder of the compiled floor module, timed in the same process"
    )
    args = runner.parse_args()
    loops = _loops(args.loops_file)
    objects = bench_ops.setup()
    timed = {f"{args.impl}.{name}": op for name, op in bench_ops.operations(args.impl, objects).items()}
    errors = {} if objects.kernels is not None else {"launch_*": objects.compile_error}
    if args.floor_path is not None:
        sys.path.insert(0, str(args.floor_path))
        try:
            floor = importlib.import_module("cuda_core_floor")
            floor_operations = bench_ops.operations(bench_ops.FLOOR_IMPLEMENTATION, objects, floor)
        except Exception as exc:  # noqa: BLE001 - reported; the implementation is still timed
            errors[f"{bench_ops.FLOOR_IMPLEMENTATION}.*"] = f"{type(exc).__name__}: {exc}"
            floor_operations = {}
        # Each floor operation right after the implementation's, so that the two
        # sides of a ratio are timed close together.
        interleaved = {}
        for key, operation in timed.items():
            interleaved[key] = operation
            name = key.partition(".")[2]
            if name in floor_operations:
                interleaved[f"{bench_ops.FLOOR_IMPLEMENTATION}.{name}"] = floor_operations[name]
        timed = interleaved
    if args.impl == "reference":
        for name, (phase1, phase2) in bench_ops.phase_operations(objects).items():
            timed[f"phase1.{name}"] = phase1
            timed[f"phase2.{name}"] = phase2
    for name, operation in list(timed.items()):
        try:
            operation.call()
            if operation.finish is not None:
                operation.finish()
        except Exception as exc:  # noqa: BLE001 - reported, and the other operations still run
            errors[name] = f"{type(exc).__name__}: {exc}"
            del timed[name]
    if args.errors is not None:
        args.errors.write_text(json.dumps(errors, indent=2) + "\n", encoding="utf-8")
    passes = 1 if runner.args.calibrate_loops else runner.args.values
    warmups = runner.args.warmups
    for name, operation, first in _registrations(list(timed), timed, passes):
        base = name.partition(PASS_MARK)[0]
        # Each task reads the loops, values and warmups when it is made.
        if base in loops:
            runner.args.loops = loops[base]
        if passes > 1:
            runner.args.values, runner.args.warmups = 1, warmups if first else 0
        runner.bench_time_func(name, _timer(operation))
    objects.close()
    return 0


def _registrations(
    names: list[str], timed: dict[str, bench_ops.Operation], passes: int
) -> list[tuple[str, bench_ops.Operation, bool]]:
    """Return the benchmarks to register, in order: ``(name, operation, first pass)``.

    With one pass, every benchmark once under its own name. With more, one
    value of every benchmark per pass, named ``<name>@<pass>``: the values
    of a call are then taken at as many moments of the process, each right
    beside the same pass's value of its floor, and the two take turns in
    going first (the implementation on even passes, the floor on odd ones).
    """
    if passes == 1:
        return [(name, timed[name], True) for name in names]
    groups: list[list[str]] = []
    for name in names:
        if groups and name.startswith(f"{bench_ops.FLOOR_IMPLEMENTATION}.") and len(groups[-1]) == 1:
            groups[-1].append(name)  # the floor right after its implementation's call
        else:
            groups.append([name])
    registrations = []
    for number in range(passes):
        for group in groups:
            for name in reversed(group) if number % 2 else group:
                registrations.append((f"{name}{PASS_MARK}{number}", timed[name], number == 0))
    return registrations


def _timer(operation: bench_ops.Operation):
    """Return pyperf's time function for an operation: ``loops`` calls, then the finish."""
    import pyperf

    call, finish = operation.call, operation.finish
    clock = pyperf.perf_counter

    def time_loops(loops: int) -> float:
        """Return the seconds ``loops`` calls and the finish take."""
        iterations = range(loops)
        start = clock()
        for _ in iterations:
            call()
        if finish is not None:
            finish()
        return clock() - start

    return time_loops


def _loops(path: Path | None) -> dict[str, int]:
    """Return the calibrated loops of each benchmark from a pyperf file, or nothing."""
    if path is None:
        return {}
    import pyperf

    suite = pyperf.BenchmarkSuite.load(str(path))
    return {bench.get_name(): bench.get_runs()[0].get_loops() for bench in suite.get_benchmarks()}


if __name__ == "__main__":
    sys.exit(main())
