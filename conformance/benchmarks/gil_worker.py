# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One process of the GIL benchmark: host threads issue driver work while a pure-Python thread counts.

For each number of worker threads, every worker fills its own buffer on its
own stream and waits for it, in a loop, while one more thread increments a
counter in pure Python. The process reports how many units of work the
workers finished per second and how fast the counter went, next to the
counter running alone. An implementation that releases the GIL while the
driver works lets the counter run; one that holds it stops the counter::

    python gil_worker.py --impl reference --threads 1,2,4,8 --seconds 0.5 --output gil.json

Implementations: ``reference`` and ``upstream`` (``Buffer.fill`` and
``Stream.sync`` of the installed ``cuda.core``), ``phase1`` (the
reference's Phase 1 forms, through the Python ``driver`` module),
``floor`` (the floor module, without the GIL) and ``floor_gil`` (the same
driver calls while holding the GIL: the control).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import bench_ops

__all__ = ["IMPLEMENTATIONS", "main", "measure"]

IMPLEMENTATIONS = ("reference", "upstream", "phase1", "floor", "floor_gil")
_WORK_BYTES = 1 << 20


def main(argv: list[str] | None = None) -> int:
    """Measure the counter alone and with each number of worker threads; write the result as JSON.

    ``argv`` holds the command-line arguments, ``sys.argv[1:]`` by default;
    the exit status is 0 once the result is written.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", required=True, choices=IMPLEMENTATIONS)
    parser.add_argument("--threads", default="1,2,4,8", help="comma-separated numbers of worker threads")
    parser.add_argument("--seconds", type=float, default=0.5, help="duration of each measurement")
    parser.add_argument("--floor-path", type=Path, help="folder of the compiled floor module")
    parser.add_argument("--output", type=Path, required=True)
    args = parser.parse_args(argv)
    counts = [int(count) for count in args.threads.split(",")]
    objects = bench_ops.setup()
    units = [_unit(args.impl, objects, args.floor_path) for _ in range(max(counts))]
    for work, _ in units:
        work()  # fail here, before any measurement, if the work cannot run
    alone = measure([], args.seconds, objects)["counter_per_s"]
    result = {"impl": args.impl, "seconds": args.seconds, "work_bytes": _WORK_BYTES, "counter_alone": alone}
    result["threads"] = {}
    for count in counts:
        result["threads"][str(count)] = measure([work for work, _ in units[:count]], args.seconds, objects)
    for _, close in units:
        close()
    objects.close()
    args.output.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


def measure(works: list[Callable[[], object]], seconds: float, objects: bench_ops.Setup) -> dict[str, float]:
    """Run one thread per unit of work and one counting thread for ``seconds``; return their rates.

    Parameters
    ----------
    works : list of callable
        One unit of work per worker thread (none: the counter runs alone).
    seconds : float
        How long to run.
    objects : bench_ops.Setup
        The set-up objects; their device is made current in each worker.

    Returns
    -------
    dict of str to float
        ``work_per_s`` (all workers together) and ``counter_per_s``.
    """
    stop = [False]
    done = [0] * len(works)
    counted = [0]
    start = threading.Barrier(len(works) + 2)

    def count() -> None:
        """Increment a counter in pure Python until stopped."""
        value = 0
        start.wait()
        while not stop[0]:
            value += 1
        counted[0] = value

    def work(index: int, unit: Callable[[], object]) -> None:
        """Repeat one unit of work until stopped."""
        objects.device.set_current()
        finished = 0
        start.wait()
        while not stop[0]:
            unit()
            finished += 1
        done[index] = finished

    threads = [threading.Thread(target=count)]
    threads += [threading.Thread(target=work, args=(index, unit)) for index, unit in enumerate(works)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop[0] = True
    elapsed = time.perf_counter() - began
    for thread in threads:
        thread.join()
    return {"work_per_s": sum(done) / elapsed, "counter_per_s": counted[0] / elapsed}


def _unit(implementation: str, objects: bench_ops.Setup, floor_path: Path | None):
    """Return one thread's unit of work (fill 1 MiB on its own stream, then wait) and how to release it."""
    core, device = objects.core, objects.device
    stream = device.create_stream(options=core.StreamOptions(nonblocking=True))
    buffer = device.allocate(_WORK_BYTES, stream=stream)
    stream.sync()

    def close() -> None:
        """Release the buffer and the stream."""
        buffer.close(stream)
        stream.sync()

    if implementation in ("reference", "upstream"):
        fill, sync = functools.partial(buffer.fill, 7, stream=stream), stream.sync
    elif implementation == "phase1":
        phase1 = importlib.import_module("cuda.core._phase1")
        memory_phase1 = importlib.import_module("cuda.core._memory._phase1")
        fill = functools.partial(memory_phase1.fill, buffer, 7, stream=stream)
        sync = functools.partial(phase1.stream_sync, stream)
    else:
        sys.path.insert(0, str(floor_path))
        floor = importlib.import_module("cuda_core_floor")
        call = floor.memset_d8_sync if implementation == "floor" else floor.memset_d8_sync_with_gil
        return functools.partial(call, int(buffer.handle), _WORK_BYTES, int(stream.handle)), close

    def unit() -> None:
        """Fill the buffer and wait for it."""
        fill()
        sync()

    return unit, close


if __name__ == "__main__":
    sys.exit(main())
