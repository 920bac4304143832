# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The churn phase: create and close objects many times over, and check that every resource returns.

Three churns, each between two :mod:`baseline` snapshots: device memory
allocated and closed on a stream (sizes from 16 bytes to 1 MiB, in small
batches), streams and events created and closed, and programs compiled,
loaded and dropped. A short warm-up runs first, so that first-use caches
are in the baseline rather than counted as leaks.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

import baseline
from soak_settings import Settings, Tolerances

__all__ = ["ALLOCATION_SIZES", "BATCH", "run_churn"]

_KIB = 1024
ALLOCATION_SIZES = (_KIB, 4 * _KIB, 16, 3 * _KIB + 1, 64 * _KIB, 777, 256 * _KIB, 1 << 20, 2 * _KIB, 100)
"""The sizes of the allocation churn, in turn: 1 KiB first, then varied ones, odd sizes among them."""

BATCH = 8
"""Buffers the allocation churn holds at once before closing them."""


def run_churn(device: object, settings: Settings, tolerances: Tolerances) -> dict[str, dict]:
    """Run the three churns, each between two snapshots.

    Parameters
    ----------
    device : cuda.core.Device
        The device, current on the calling thread.
    settings : Settings
        The counts.
    tolerances : Tolerances
        How far each resource may end from its baseline.

    Returns
    -------
    dict of str to dict
        ``allocations``, ``streams``, ``events`` and ``programs``: each with
        ``cycles``, ``seconds``, ``before``, ``after``, ``problems`` (what did
        not return to its baseline) and ``error`` (an exception that ended
        the churn early, or ``None``).
    """
    stream = device.create_stream()
    try:
        churns: dict[str, tuple[int, Callable[[int], None]]] = {
            "allocations": (settings.alloc_cycles, _allocations(device, stream)),
            "streams": (settings.stream_cycles, _streams(device)),
            "events": (settings.event_cycles, _events(device, stream)),
            "programs": (settings.compile_cycles, _programs(device)),
        }
        return {
            name: _measure(device, cycles, body, settings.warmup_cycles, tolerances)
            for name, (cycles, body) in churns.items()
        }
    finally:
        stream.close()


def _measure(device: object, cycles: int, body: Callable[[int], None], warmup: int, tolerances: Tolerances) -> dict:
    """Warm up, take the baseline, run ``cycles`` cycles of ``body`` and compare."""
    error = None
    body(min(warmup, cycles))
    before = baseline.take(device)
    started = time.perf_counter()
    try:
        body(cycles)
    except Exception as exc:  # noqa: BLE001 - recorded: the report names it, and the run fails
        error = f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - started
    gc.collect()
    after = baseline.take(device)
    return {
        "cycles": cycles,
        "seconds": round(seconds, 3),
        "before": before.as_dict(),
        "after": after.as_dict(),
        "problems": baseline.compare(before, after, tolerances),
        "error": error,
    }


def _allocations(device: object, stream: object) -> Callable[[int], None]:
    """Return the allocation churn: ``cycles`` allocate/close pairs, in batches of :data:`BATCH`."""
    resource = device.memory_resource

    def body(cycles: int) -> None:
        done = 0
        while done < cycles:
            count = min(BATCH, cycles - done)
            sizes = [ALLOCATION_SIZES[(done + index) % len(ALLOCATION_SIZES)] for index in range(count)]
            buffers = [resource.allocate(size, stream=stream) for size in sizes]
            buffers[0].fill(0xA5, stream=stream)
            for buffer in reversed(buffers):
                buffer.close(stream)
            done += count
        stream.sync()

    return body


def _streams(device: object) -> Callable[[int], None]:
    """Return the stream churn: create, use once and close."""

    def body(cycles: int) -> None:
        for index in range(cycles):
            stream = device.create_stream()
            if index % 16 == 0:
                stream.sync()
            stream.close()

    return body


def _events(device: object, stream: object) -> Callable[[int], None]:
    """Return the event churn: created by the device and by recording on a stream, in turn."""

    def body(cycles: int) -> None:
        for index in range(cycles):
            event = device.create_event() if index % 2 else stream.record()
            event.close()
        stream.sync()

    return body


def _programs(device: object) -> Callable[[int], None]:
    """Return the program churn: compile to a cubin, load, get the kernel, and drop them all."""
    from kernels import compile_stamp

    def body(cycles: int) -> None:
        for _ in range(cycles):
            program, code, kernel = compile_stamp(device)
            del kernel, code
            program.close()
            del program

    return body
