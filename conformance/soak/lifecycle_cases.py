# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The lifecycle abuse cases, run one per process: ``python lifecycle_cases.py CASE --output FILE``.

Each case misuses objects of the installed ``cuda.core`` in one way (use
after close, double close, close while work is pending, objects that
outlive their context or device, a buffer freed on another device's
stream, interpreter shutdown with everything alive) and records each step:
whether it returned or raised, the exception's type and message, and
whether that is what the reference implementation documents. The steps
go to ``--output`` as JSON before the process ends, so that the parent
(:mod:`lifecycle`) can judge a crash, an error output or a wrong
exception separately. Only the public ``cuda.core`` API is used, so a case
runs against any implementation.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

__all__ = ["CASES", "Recorder", "main"]

_MIB = 1 << 20
_ALIVE: dict[str, object] = {}
"""What the shutdown case leaves alive for the interpreter's exit."""


class Recorder:
    """Record the steps of a case: what each did, and whether that is the documented behaviour."""

    def __init__(self) -> None:
        self.steps: list[dict[str, object]] = []
        self.skipped: str | None = None
        self.notes: list[str] = []

    def step(self, name: str, action: Callable[[], object], raises: tuple[str, ...] = ()) -> object:
        """Run one step and record it.

        Parameters
        ----------
        name : str
            What the step does.
        action : callable
            The step.
        raises : tuple of str, optional
            The names of the exception types the documentation promises
            (a base class's name matches its subclasses); empty when the
            step must return.

        Returns
        -------
        object
            What the step returned, or ``None`` if it raised.
        """
        record: dict[str, object] = {"step": name, "expected": list(raises) or "returns"}
        result = None
        try:
            result = action()
        except Exception as exc:  # noqa: BLE001 - the case records every exception and judges it
            names = {kind.__name__ for kind in type(exc).__mro__}
            record.update(
                outcome="raised",
                type=f"{type(exc).__module__}.{type(exc).__qualname__}",
                message=str(exc)[:500],
                documented=bool(names & set(raises)),
            )
        else:
            record.update(outcome="returned", documented=not raises)
        self.steps.append(record)
        return result

    def skip(self, reason: str) -> None:
        """Record that the case cannot run here, and why.

        Parameters
        ----------
        reason : str
            Such as ``"needs 2 GPUs, found 1"``.
        """
        self.skipped = reason

    def as_dict(self) -> dict[str, object]:
        """Return the record as the parent reads it.

        Returns
        -------
        dict
            ``steps``, ``skipped`` and ``notes``.
        """
        return {"steps": self.steps, "skipped": self.skipped, "notes": self.notes}


def _device() -> object:
    """Return device 0, made current."""
    from cuda.core import Device

    device = Device(0)
    device.set_current()
    return device


def _buffer_after_close(record: Recorder) -> None:
    """Use a device buffer after closing it, and close it twice."""
    device = _device()
    stream = device.create_stream()
    buffer = device.allocate(1024, stream=stream)
    other = device.allocate(1024, stream=stream)
    record.step("close", buffer.close)
    record.step("close again (idempotent)", buffer.close)
    record.step("fill after close", lambda: buffer.fill(0, stream=stream), ("RuntimeError",))
    record.step("copy_to from a closed buffer", lambda: buffer.copy_to(other, stream=stream), ("RuntimeError",))
    record.step("copy_from into a closed buffer", lambda: buffer.copy_from(other, stream=stream), ("RuntimeError",))
    record.step("copy_from a closed buffer", lambda: other.copy_from(buffer, stream=stream), ("RuntimeError",))
    record.step("__dlpack__ after close", buffer.__dlpack__, ("RuntimeError", "BufferError"))
    record.step("close the other buffer", other.close)
    record.step("sync the stream", stream.sync)
    record.step("close the stream", stream.close)


def _stream_after_close(record: Recorder) -> None:
    """Use a stream after closing it, and close it twice."""
    device = _device()
    stream = device.create_stream()
    buffer = device.allocate(1024, stream=device.default_stream)
    # Freed on the stream's driver stream, which outlives the stream's close for it.
    outliving = device.allocate(1024, stream=stream)
    outliving.fill(3, stream=stream)
    record.step("close", stream.close)
    record.step("close again (idempotent)", stream.close)
    record.step("sync after close", stream.sync, ("RuntimeError",))
    record.step("record after close", stream.record, ("RuntimeError",))
    record.step("fill on a closed stream", lambda: buffer.fill(0, stream=stream), ("RuntimeError",))
    record.step("allocate on a closed stream", lambda: device.allocate(16, stream=stream), ("RuntimeError",))
    record.step("wait on a closed stream", lambda: device.default_stream.wait(stream), ("RuntimeError",))
    record.step("close the buffer", buffer.close)
    record.step("close a buffer allocated on the closed stream", outliving.close)
    record.step("sync the device", device.sync)


def _event_after_close(record: Recorder) -> None:
    """Use an event after closing it, and close it twice."""
    device = _device()
    stream = device.create_stream()
    event = stream.record()
    record.step("close", event.close)
    record.step("close again (idempotent)", event.close)
    record.step("sync after close", event.sync, ("RuntimeError",))
    record.step("is_done after close", lambda: event.is_done, ("RuntimeError",))
    record.step("record a closed event", lambda: stream.record(event), ("RuntimeError",))
    record.step("wait for a closed event", lambda: stream.wait(event), ("RuntimeError",))
    record.step("close the stream", stream.close)


def _context_after_close(record: Recorder) -> None:
    """Close views of the device's context: the current one (refused), then one that is not current."""
    device = _device()
    context = device.context
    record.step("close the current context", context.close, ("RuntimeError",))
    stream = device.create_stream()
    record.step("create and sync a stream afterwards", stream.sync)
    record.step("close the stream", stream.close)


def _close_while_pending(record: Recorder) -> None:
    """Close a buffer, an event and the stream while work queued on the stream is held back."""
    from cuda_core_guide.testing import HostGate

    device = _device()
    stream = device.create_stream()
    gate = HostGate()
    try:
        buffer = device.allocate(64 * _MIB, stream=stream)
        target = device.allocate(64 * _MIB, stream=stream)
        gate.block(stream)
        buffer.fill(7, stream=stream)
        buffer.copy_to(target, stream=stream)
        event = stream.record()
        record.step("close the source buffer while the copy is pending", buffer.close)
        record.step("close the event while pending", event.close)
        record.step("close the target buffer while pending", target.close)
        record.step("close the stream while pending", stream.close)
    finally:
        gate.release()
    record.step("sync the device", device.sync)


def _outliving_context(record: Recorder) -> None:
    """Keep a buffer and a stream alive after their context, or their Device references, are gone."""
    from cuda.core import Device

    device = _device()
    create_context = getattr(device, "create_context", None)
    context = None
    if create_context is not None:
        try:
            context = create_context()
        except (NotImplementedError, ValueError) as exc:
            # Upstream 1.2.2 creates green contexts only, from options naming device resources.
            record.notes.append(
                f"Device.create_context() refused ({type(exc).__name__}: {exc}): the primary context case runs"
            )
    else:
        record.notes.append("Device.create_context does not exist: the primary context case runs")
    if context is not None:
        _outliving_created_context(record, device, context)
        return
    stream = device.create_stream()
    buffer = device.allocate(1024, stream=stream)
    del device
    gc.collect()
    record.step("fill with no Device reference left", lambda: buffer.fill(3, stream=stream))
    record.step("sync with no Device reference left", stream.sync)
    record.step("close the buffer", buffer.close)
    record.step("close the stream", stream.close)
    record.step("sync the device again", Device(0).sync)


def _outliving_created_context(record: Recorder, device: object, context: object) -> None:
    """Make objects in a context of their own, close it, then use and close them."""
    record.step("make the new context current", lambda: device.set_current(context))
    stream = record.step("create a stream in it", device.create_stream)
    buffer = record.step("allocate in it", lambda: device.allocate(1024, stream=stream)) if stream else None
    record.step("make the primary context current", device.set_current)
    record.step("close the created context", context.close, ())
    if buffer is not None:
        record.step(
            "fill after the context closed", lambda: buffer.fill(1, stream=stream), ("CUDAError", "RuntimeError")
        )
        record.step("close the buffer after the context closed", buffer.close, ("CUDAError", "RuntimeError"))
    if stream is not None:
        record.step("close the stream after the context closed", stream.close, ("CUDAError", "RuntimeError"))


def _other_device_stream(record: Recorder) -> None:
    """Free a buffer of device 0 on a stream of device 1; the memory goes back to device 0's pool.

    The driver orders a pool allocation's free on any stream (seen on two
    H100s with driver 580, 2026-11-27), so the close must return, and the
    pool's used memory must come back to what it was before the allocation.
    """
    from cuda.core import Device

    count = len(Device.get_all_devices())
    if count < 2:
        record.skip(f"needs 2 GPUs, found {count}")
        return
    device = _device()
    attributes = device.memory_resource.attributes
    stream = device.create_stream()
    stream.sync()
    used_before = attributes.used_mem_current
    buffer = device.allocate(1024, stream=stream)
    stream.sync()
    other = Device(1)
    other.set_current()
    other_stream = other.create_stream()
    record.step("close on another device's stream", lambda: buffer.close(other_stream))
    record.step("sync the other stream", other_stream.sync)
    record.step("close the other stream", other_stream.close)
    device.set_current()
    record.step("the pool's used memory is back", lambda: _expect_equal(attributes.used_mem_current, used_before))
    record.step("sync device 0", device.sync)


def _graph_outliving_its_operands(record: Recorder) -> None:
    """Drop everything a graph's nodes use, and the definition, then launch a driver clone and an executable."""
    import gc

    from cuda.bindings import driver

    from cuda.core import DeviceMemoryResource, DeviceMemoryResourceOptions
    from cuda.core.graph import GraphDefinition

    device = _device()
    stream = device.create_stream()
    pool = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    buffer = pool.allocate(_MIB, stream=stream)
    event = device.create_event()
    definition = GraphDefinition()
    definition.memset(buffer, 3, _MIB).record(event).callback(lambda: None)
    graph = definition.instantiate()
    clone = _checked(driver.cuGraphClone(definition.handle))
    record.step("close the buffer the nodes use", buffer.close)
    del buffer, event, definition
    gc.collect()
    record.step("launch the executable 20 times", lambda: [graph.launch(stream) for _ in range(20)])
    executable = record.step("instantiate the clone", lambda: _checked(driver.cuGraphInstantiate(clone, 0)))
    record.step("launch the clone", lambda: _checked(driver.cuGraphLaunch(executable, stream.handle)))
    record.step("sync", stream.sync)
    record.step("close the executable", graph.close)
    record.step("destroy the clone's executable", lambda: _checked(driver.cuGraphExecDestroy(executable)))
    record.step("destroy the clone", lambda: _checked(driver.cuGraphDestroy(clone)))
    record.step("sync after the last share went", stream.sync)
    gc.collect()
    stream.sync()
    record.step("the pool's used memory is back", lambda: _expect_equal(pool.attributes.used_mem_current, 0))
    record.step("close the pool", pool.close)


def _checked(result: tuple) -> object:
    """Return the value of a ``cuda.bindings.driver`` call's result; raise ``CUDAError`` if it failed."""
    from cuda.core._utils.cuda_utils import CUDAError

    if result[0] != 0:
        raise CUDAError(f"{result[0].name}")
    return result[1] if len(result) > 1 else None


def _expect_equal(value: object, expected: object) -> None:
    """Raise :class:`AssertionError` (an undocumented exception, so the step fails) unless ``value == expected``."""
    if value != expected:
        raise AssertionError(f"{value!r}, expected {expected!r}")


def _shutdown_with_live_objects(record: Recorder) -> None:
    """Leave an object of every kind alive, and pending work queued, for the interpreter's shutdown."""
    from kernels import SPIN_NAME, compile_stamp

    from cuda.core import (
        DeviceMemoryResource,
        DeviceMemoryResourceOptions,
        EventOptions,
        LaunchConfig,
        LegacyPinnedMemoryResource,
        launch,
    )

    device = _device()
    alive = {"device": device, "context": device.context}
    stream = alive["stream"] = device.create_stream()
    alive["event"] = device.create_event(EventOptions(timing_enabled=True))
    alive["recorded event"] = stream.record()
    alive["buffer"] = device.allocate(_MIB, stream=stream)
    alive["pinned buffer"] = LegacyPinnedMemoryResource().allocate(4096)
    pool = alive["own pool"] = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    alive["buffer of own pool"] = pool.allocate(_MIB, stream=stream)
    program, code, kernel = compile_stamp(device)
    alive.update(program=program, code=code, kernel=kernel)
    target = alive["kernel output"] = device.allocate(4 * 4096, stream=stream)
    import numpy as np

    launch(stream, LaunchConfig(grid=16, block=256), kernel, target, np.uint32(1), np.uint32(4096))
    large = alive["pending fill"] = device.allocate(256 * _MIB, stream=stream)
    large.fill(9, stream=stream)
    from cuda.core.graph import GraphDefinition

    definition = alive["graph definition"] = GraphDefinition()
    definition.memset(large, 1, 256 * _MIB).callback(lambda: None)
    graph = alive["executable graph"] = definition.instantiate()
    # A kernel that runs for about two seconds holds the graphs back, so that
    # their host callbacks are still queued when the interpreter shuts down,
    # on any device: the driver's thread then calls them during the shutdown,
    # and exiting must not wait for them (nor call into Python).
    spin = code.get_kernel(SPIN_NAME)
    cycles = 2 * device.properties.clock_rate * 1000
    launch(stream, LaunchConfig(grid=1, block=1), spin, np.int64(cycles))
    for _ in range(5):
        graph.launch(stream)
    record.notes.append("alive at exit: " + ", ".join(sorted(alive)))
    record.notes.append("queued at exit: a two-second kernel, then five graphs with host callbacks")
    global _ALIVE
    _ALIVE = alive


CASES: dict[str, Callable[[Recorder], None]] = {
    "buffer_after_close": _buffer_after_close,
    "stream_after_close": _stream_after_close,
    "event_after_close": _event_after_close,
    "context_after_close": _context_after_close,
    "close_while_pending": _close_while_pending,
    "outliving_context": _outliving_context,
    "other_device_stream": _other_device_stream,
    "graph_outliving_its_operands": _graph_outliving_its_operands,
    "shutdown_with_live_objects": _shutdown_with_live_objects,
}
"""Every case, by name, in the order the soak runs them."""


def main(argv: list[str] | None = None) -> int:
    """Run one case and write its record.

    Parameters
    ----------
    argv : list of str, optional
        The case's name and ``--output FILE``; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 once the record is written, whatever the steps did.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("--output", type=Path, required=True)
    args = parser.parse_args(argv)
    warnings.simplefilter("always")
    record = Recorder()
    try:
        CASES[args.case](record)
    except Exception as exc:  # noqa: BLE001 - an unexpected exception is the case's result, judged by the parent
        record.steps.append(
            {
                "step": "(outside any step)",
                "expected": "returns",
                "outcome": "raised",
                "type": f"{type(exc).__module__}.{type(exc).__qualname__}",
                "message": str(exc)[:500],
                "documented": False,
            }
        )
    args.output.write_text(json.dumps(record.as_dict(), indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
