# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One process of the size-scaling benchmark: the cost of ``Buffer.fill`` and of a copy against the size.

For each size, a loop of calls on one stream is timed up to the stream's
synchronization, its length doubled until it takes ``--min-time``; then
``--values`` such loops are timed. A value is seconds per call: the host
cost while it dominates, the device's memory bandwidth once the size is
large enough::

    python scaling_worker.py --impl reference --sizes 1024,1048576 --output scaling.json
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import bench_ops

__all__ = ["main", "time_per_call"]


def main(argv: list[str] | None = None) -> int:
    """Time fill and copy at every size of ``argv``'s ``--sizes``; write seconds per call as JSON.

    ``argv`` defaults to ``sys.argv[1:]``. Returns 0, the exit status, once
    the result is written.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", required=True, help="label of the installed cuda.core")
    parser.add_argument("--sizes", required=True, help="comma-separated sizes in bytes")
    parser.add_argument("--min-time", type=float, default=0.02, help="seconds a timed loop lasts at least")
    parser.add_argument("--values", type=int, default=5)
    parser.add_argument("--output", type=Path, required=True)
    args = parser.parse_args(argv)
    objects = bench_ops.setup()
    device, stream = objects.device, objects.stream
    result: dict[str, object] = {"impl": args.impl, "fill": {}, "copy": {}}
    for size in (int(size) for size in args.sizes.split(",")):
        source = device.allocate(size, stream=stream)
        destination = device.allocate(size, stream=stream)
        source.fill(1, stream=stream)
        stream.sync()
        calls = {
            "fill": functools.partial(source.fill, 7, stream=stream),
            "copy": functools.partial(source.copy_to, destination, stream=stream),
        }
        for name, call in calls.items():
            result[name][str(size)] = time_per_call(call, stream.sync, args.min_time, args.values)
        source.close(stream)
        destination.close(stream)
        stream.sync()
    objects.close()
    args.output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


def time_per_call(
    call: Callable[[], object], finish: Callable[[], object], min_time: float, values: int
) -> list[float]:
    """Return seconds per call from ``values`` timed loops, each at least ``min_time`` long.

    Parameters
    ----------
    call : callable
        One call.
    finish : callable
        Waits for the queued calls; timed with the loop.
    min_time : float
        The shortest loop, in seconds; the loop is doubled until it lasts this long.
    values : int
        How many loops to time after that.

    Returns
    -------
    list of float
        Seconds per call of each loop.
    """
    loops = 1
    while True:
        elapsed = _loop(call, finish, loops)
        if elapsed >= min_time or loops >= 1 << 20:
            break
        loops *= 2
    return [_loop(call, finish, loops) / loops for _ in range(values)]


def _loop(call: Callable[[], object], finish: Callable[[], object], loops: int) -> float:
    """Return the seconds ``loops`` calls and the finish take."""
    start = time.perf_counter()
    for _ in range(loops):
        call()
    finish()
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
