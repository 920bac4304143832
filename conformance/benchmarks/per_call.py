# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Measure the host cost of one call of each hot ``cuda.core`` operation.

Run with whichever ``cuda.core`` is installed (the reference build or
upstream ``cuda-core``)::

    python conformance/benchmarks/per_call.py --label reference --output reports/bench-reference.json

Each operation is timed as the median of several repetitions of a loop of
calls after a warm-up, in microseconds per call, on one non-blocking
stream with tiny work, so the host cost dominates. Besides the public API,
the script times the same operations through ``cuda.bindings.driver`` from
Python, and, where the installed package has them (the reference
implementation), the Phase 1 forms the development-lifecycle chapter
describes. A failing operation is recorded with its error, not fatal.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["main", "measure"]

WARMUP = 200
REPEATS = 5
CALLS = 10_000
KERNELS = r"""
extern "C" __global__ void empty() {}
extern "C" __global__ void touch(int* data, int value) { if (threadIdx.x == 0 && data) { data[0] = value; } }
"""


def main(argv: list[str] | None = None) -> int:
    """Measure every operation and write the rows as JSON.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        The exit status: 0, or 1 when no operation could be measured.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", required=True, help="name of the installed implementation")
    parser.add_argument("--output", required=True, help="JSON file to write")
    parser.add_argument("--calls", type=int, default=CALLS)
    args = parser.parse_args(argv)
    rows = list(_measure_all(args.label, args.calls))
    payload = {
        "label": args.label,
        "python": platform.python_version(),
        "calls": args.calls,
        "repeats": REPEATS,
        "warmup": WARMUP,
        "device": _device_name(),
        "rows": rows,
    }
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(payload, indent=2) + "\n")
    for row in rows:
        value = f"{row['us_per_call']:8.3f} us" if row["us_per_call"] is not None else f"error: {row['error']}"
        print(f"{args.label:10s} {row['variant']:18s} {row['operation']:28s} {value}")
    return 0 if any(row["us_per_call"] is not None for row in rows) else 1


def measure(call: Callable[[], object], calls: int, finish: Callable[[], object] | None = None) -> float:
    """Return the median cost of one call, in microseconds.

    Parameters
    ----------
    call : callable
        The operation; called ``calls`` times per repetition.
    calls : int
        Calls per repetition.
    finish : callable, optional
        Run after each repetition's loop and timed with it (a stream
        synchronization, so queued device work is paid for).

    Returns
    -------
    float
        The median over the repetitions of the loop time divided by ``calls``.
    """
    for _ in range(WARMUP):
        call()
    if finish is not None:
        finish()
    samples = []
    for _ in range(REPEATS):
        start = time.perf_counter_ns()
        for _ in range(calls):
            call()
        if finish is not None:
            finish()
        samples.append((time.perf_counter_ns() - start) / calls / 1000.0)
    return statistics.median(samples)


def _measure_all(label: str, calls: int):
    """Yield one row per (operation, variant) pair."""
    from cuda.bindings import driver

    import cuda.core as core

    device = core.Device(0)
    device.set_current()
    stream = device.create_stream(options=core.StreamOptions(nonblocking=True))
    event = device.create_event()
    buffer = device.allocate(1024, stream=stream)
    stream.sync()
    kernels = _compile(core, device)
    raw_stream = int(stream.handle)
    raw_event = int(event.handle)
    raw_buffer = int(buffer.handle)

    def row(operation, variant, call, finish=None):
        try:
            value = measure(call, calls, finish)
            return {"operation": operation, "variant": variant, "us_per_call": value, "error": None}
        except Exception as exc:  # noqa: BLE001 - one broken operation must not hide the others
            return {
                "operation": operation,
                "variant": variant,
                "us_per_call": None,
                "error": f"{type(exc).__name__}: {exc}",
            }

    yield row("event_record", label, lambda: stream.record(event))
    yield row("stream_sync", label, stream.sync)
    yield row("buffer_fill_1KiB", label, lambda: buffer.fill(7, stream=stream), stream.sync)
    yield row("allocate_free_1KiB", label, lambda: device.allocate(1024, stream=stream).close(stream), stream.sync)
    if kernels is not None:
        empty, touch = kernels
        config = core.LaunchConfig(grid=1, block=1)
        value = _int32(5)
        yield row("launch_empty", label, lambda: core.launch(stream, config, empty), stream.sync)
        yield row("launch_ptr_int", label, lambda: core.launch(stream, config, touch, buffer, value), stream.sync)
    yield row("device_cached", label, lambda: core.Device(0))

    cu_stream = driver.CUstream(raw_stream)
    cu_event = driver.CUevent(raw_event)
    yield row("event_record", "driver (Python)", lambda: driver.cuEventRecord(cu_event, cu_stream))
    yield row("stream_sync", "driver (Python)", lambda: driver.cuStreamSynchronize(cu_stream))
    yield row(
        "buffer_fill_1KiB",
        "driver (Python)",
        lambda: driver.cuMemsetD8Async(raw_buffer, 7, 1024, cu_stream),
        stream.sync,
    )
    yield from _phase1_rows(row, stream, event, buffer, label)


def _phase1_rows(row, stream, event, buffer, label):
    """Yield rows for the Phase 1 forms, when the installed package has them."""
    phase1 = _optional("cuda.core._phase1")
    memory_phase1 = _optional("cuda.core._memory._phase1")
    variant = f"{label} phase 1"
    if phase1 is not None:
        if hasattr(phase1, "event_record"):
            yield row("event_record", variant, lambda: phase1.event_record(event, stream))
        if hasattr(phase1, "stream_sync"):
            yield row("stream_sync", variant, lambda: phase1.stream_sync(stream))
    if memory_phase1 is not None and hasattr(memory_phase1, "fill"):
        yield row("buffer_fill_1KiB", variant, lambda: memory_phase1.fill(buffer, 7, stream=stream), stream.sync)


def _compile(core, device):
    """Compile the benchmark kernels, or return ``None`` if compilation is unavailable."""
    try:
        options = core.ProgramOptions(arch=f"sm_{device.arch}")
        code = core.Program(KERNELS, "c++", options=options).compile("cubin")
        return code.get_kernel("empty"), code.get_kernel("touch")
    except Exception as exc:  # noqa: BLE001 - the launch rows are then reported missing
        print(f"cannot compile the benchmark kernels: {type(exc).__name__}: {exc}", file=sys.stderr)
        return None


def _int32(value: int) -> object:
    """Return a 32-bit integer kernel argument (numpy's if available, else ctypes')."""
    try:
        import numpy
    except ImportError:
        return ctypes.c_int32(value)
    return numpy.int32(value)


def _optional(name: str):
    """Import a module if it exists."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _device_name() -> str:
    """Return the name of device 0 as the driver reports it."""
    from cuda.bindings import driver

    err, device = driver.cuDeviceGet(0)
    err, name = driver.cuDeviceGetName(256, device)
    return name.split(b"\0", 1)[0].decode() if err == driver.CUresult.CUDA_SUCCESS else "unknown"


if __name__ == "__main__":
    sys.exit(main())
