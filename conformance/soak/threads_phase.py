# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The threads phase: threads launch, copy and record concurrently, and every result is read back and checked.

Each thread makes the device current, takes two device buffers and a
pinned host buffer of its own, and until the time is up: launches the
stamp kernel with a value unique to the thread and the iteration, copies
the result to its second device buffer and from there to the host,
records an event, waits for it and checks every element. It runs twice:
each thread on a stream of its own, then all threads on one shared stream.
"""

from __future__ import annotations

import contextlib
import threading
import time

__all__ = ["ELEMENTS", "run_threads", "stamp_value", "verify"]

ELEMENTS = 4096
"""Elements each thread's buffers hold (4-byte unsigned ints)."""

_BLOCK = 256


def stamp_value(thread: int, iteration: int) -> int:
    """Return the value a thread stamps in an iteration: unique to both, within 32 bits.

    Parameters
    ----------
    thread : int
        The thread's index, below 256.
    iteration : int
        The iteration; only its low 12 bits count.

    Returns
    -------
    int
        ``thread << 24 | (iteration % 4096) << 12``: adding an element's
        index (below :data:`ELEMENTS`, 4096) never carries into the bits of
        the thread or the iteration, so a result written by another thread,
        or left over from the previous iteration, never passes the check.
    """
    return (thread << 24) | ((iteration & 0xFFF) << 12)


def verify(data: bytes, value: int, elements: int) -> int:
    """Return how many elements of read-back data are not ``value + i``.

    Parameters
    ----------
    data : bytes
        The buffer's contents, 4-byte little-endian unsigned ints.
    value : int
        The value the kernel was given.
    elements : int
        How many elements to check.

    Returns
    -------
    int
        The number of wrong elements (all of them if the data is short).
    """
    import numpy as np

    if len(data) < 4 * elements:
        return elements
    got = np.frombuffer(data, dtype="<u4", count=elements)
    expected = (np.arange(elements, dtype=np.uint64) + value) & 0xFFFFFFFF
    return int(np.count_nonzero(got.astype(np.uint64) != expected))


def run_threads(device: object, kernel: object, threads: int, seconds: float) -> dict[str, dict]:
    """Run both parts of the phase.

    Parameters
    ----------
    device : cuda.core.Device
        The device, current on the calling thread.
    kernel : cuda.core.Kernel
        The loaded stamp kernel (:mod:`kernels`).
    threads : int
        Number of threads.
    seconds : float
        How long each part lasts.

    Returns
    -------
    dict of str to dict
        ``own_streams`` and ``shared_stream``: each with ``threads``,
        ``seconds``, ``operations`` (per thread: launches, copies, events
        and checks), ``verification_failures`` (wrong elements, over all
        threads) and ``errors`` (exceptions, by thread).
    """
    results = {"own_streams": _part(device, kernel, threads, seconds, shared=None)}
    shared = device.create_stream()
    try:
        results["shared_stream"] = _part(device, kernel, threads, seconds, shared=shared)
    finally:
        shared.sync()
        shared.close()
    return results


def _part(device: object, kernel: object, threads: int, seconds: float, shared: object | None) -> dict:
    """Run one part: ``threads`` workers for ``seconds``, on their own streams or on ``shared``."""
    start = threading.Barrier(threads + 1)
    outcomes: list[dict] = [{} for _ in range(threads)]
    workers = [
        threading.Thread(
            target=_worker,
            args=(device.device_id, kernel, index, seconds, shared, start, outcomes[index]),
            name=f"soak-{index}",
        )
        for index in range(threads)
    ]
    for worker in workers:
        worker.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        start.wait()  # broken when a worker failed before starting: its error is recorded
    began = time.perf_counter()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - began
    return {
        "threads": threads,
        "seconds": round(elapsed, 3),
        "stream": "shared" if shared is not None else "own",
        "operations": [outcome.get("operations", {}) for outcome in outcomes],
        "iterations": [outcome.get("iterations", 0) for outcome in outcomes],
        "verification_failures": sum(outcome.get("wrong", 0) for outcome in outcomes),
        "errors": {str(index): outcome["error"] for index, outcome in enumerate(outcomes) if outcome.get("error")},
    }


def _worker(
    device_id: int,
    kernel: object,
    index: int,
    seconds: float,
    shared: object | None,
    start: threading.Barrier,
    outcome: dict,
) -> None:
    """Run one thread's loop, recording its counts (and an exception that ends it) in ``outcome``."""
    import numpy as np
    from kernels import read_back

    from cuda.core import Device, LaunchConfig, LegacyPinnedMemoryResource, launch

    operations = {"launches": 0, "copies": 0, "events": 0, "checks": 0}
    outcome.update(operations=operations, iterations=0, wrong=0)
    resources: list = []
    own = None
    started = False
    try:
        device = Device(device_id)
        device.set_current()
        if shared is None:
            own = device.create_stream()
        stream = shared if shared is not None else own
        size = 4 * ELEMENTS
        resources.append(device.memory_resource.allocate(size, stream=stream))
        resources.append(device.memory_resource.allocate(size, stream=stream))
        resources.append(LegacyPinnedMemoryResource().allocate(size))
        first, second, host = resources
        config = LaunchConfig(grid=(ELEMENTS + _BLOCK - 1) // _BLOCK, block=_BLOCK)
        start.wait()
        started = True
        deadline = time.perf_counter() + seconds
        iteration = 0
        while time.perf_counter() < deadline:
            value = stamp_value(index, iteration)
            launch(stream, config, kernel, first, np.uint32(value), np.uint32(ELEMENTS))
            operations["launches"] += 1
            first.copy_to(second, stream=stream)
            second.copy_to(host, stream=stream)
            operations["copies"] += 2
            event = stream.record()
            event.sync()
            event.close()
            operations["events"] += 1
            outcome["wrong"] += verify(read_back(host), value, ELEMENTS)
            operations["checks"] += 1
            iteration += 1
        outcome["iterations"] = iteration
    except Exception as exc:  # noqa: BLE001 - recorded: the report names it, and the run fails
        outcome["error"] = f"{type(exc).__name__}: {exc}"
        if not started:
            start.abort()
    finally:
        _release(resources, own if own is not None else shared)
        if own is not None:
            own.close()


def _release(resources: list, stream: object | None) -> None:
    """Close a thread's buffers once the work on its stream is done."""
    if stream is not None:
        stream.sync()
    for resource in reversed(resources):
        resource.close()
