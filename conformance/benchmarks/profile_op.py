# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Call one benchmark operation in a loop for a while: the process a sampling profiler watches.

The per-call benchmark says how much slower than its floor an operation
is; this says where the time goes, under a sampling profiler that sees the
native stacks of the interpreter, of the compiled modules and of the
driver alike (py-spy with ``--native``, or ``perf``)::

    python conformance/benchmarks/profile_op.py --impl reference --op fill_1k --seconds 5 --wait
    py-spy record --native --pid PID --format raw -o fill.txt   # PID from the first line

With ``--wait`` it sets up, prints ``{"pid": ...}`` and waits for a line
on its standard input before it loops, so that the profiler samples the
loop and not the set-up (the set-up compiles kernels with NVRTC, whose
native stacks are slow to unwind).

``--impl floor`` needs ``--floor-path``, the folder of the compiled floor
module (``floor_build.py``). The operations are those of
``bench_ops.py``, made the same way; the loop ends each batch of calls
with the operation's finish, as the benchmark's values do. It prints the
calls made and the time per call as JSON.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from pathlib import Path

import bench_ops

__all__ = ["main", "timed_loop"]

_BATCH = 1000


def main(argv: list[str] | None = None) -> int:
    """Loop over the operation for the given time and print what was done.

    Parameters
    ----------
    argv : list of str, optional
        The command line without the program name.

    Returns
    -------
    int
        The exit status: 0, or 2 when the operation does not exist for
        the implementation.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", required=True, help="reference, upstream or floor")
    parser.add_argument("--op", required=True, help="an operation of bench_ops.OPERATIONS")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to loop")
    parser.add_argument("--floor-path", type=Path, help="folder of the compiled floor module")
    parser.add_argument("--wait", action="store_true", help="print the process id, then wait for a line on stdin")
    args = parser.parse_args(argv)
    objects = bench_ops.setup()
    floor = None
    if args.impl == bench_ops.FLOOR_IMPLEMENTATION:
        if args.floor_path is None:
            parser.error("--impl floor needs --floor-path")
        sys.path.insert(0, str(args.floor_path))
        floor = importlib.import_module("cuda_core_floor")
    operation = bench_ops.operations(args.impl, objects, floor).get(args.op)
    if operation is None:
        print(f"{args.impl} has no operation {args.op!r}", file=sys.stderr)
        return 2
    if args.wait:
        print(json.dumps({"pid": os.getpid()}), flush=True)
        sys.stdin.readline()
    calls, elapsed = timed_loop(operation, args.seconds)
    objects.close()
    print(json.dumps({"impl": args.impl, "op": args.op, "calls": calls, "us_per_call": elapsed / calls * 1e6}))
    return 0


def timed_loop(operation: bench_ops.Operation, seconds: float) -> tuple[int, float]:
    """Call the operation in batches, each ended by its finish, for about ``seconds``.

    The profile part keeps only the samples taken in this function, not
    those of the set-up around it.

    Parameters
    ----------
    operation : bench_ops.Operation
        The operation.
    seconds : float
        How long to loop.

    Returns
    -------
    tuple of (int, float)
        The calls made and the seconds they took.
    """
    call, finish = operation.call, operation.finish
    calls, batch = 0, range(_BATCH)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in batch:
            call()
        if finish is not None:
            finish()
        calls += _BATCH
    return calls, time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
