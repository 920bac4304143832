# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The operations the benchmark times, set up for one implementation in this process.

An implementation is ``reference`` or ``upstream`` (whichever ``cuda.core``
this interpreter has: both are driven through the same public API) or
``floor`` (the compiled floor module, with objects set up by the installed
``cuda.core``). :func:`operations` returns each operation as a call that
takes no argument and a *finish* that waits for the queued work, so that a
timed loop pays for what it queued. Calls are bound with
:func:`functools.partial` where possible, so the loop's own overhead is
one C-level call, the same for every implementation.

The workers (``per_call_worker.py``, ``gil_worker.py``,
``scaling_worker.py``) import this module; it needs only ``cuda.core``,
``cuda.bindings`` and numpy, so it runs in the upstream environment too.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import operator
from collections.abc import Callable

__all__ = [
    "FLOOR_IMPLEMENTATION",
    "KERNELS",
    "OPERATIONS",
    "PHASE_OPERATIONS",
    "Operation",
    "Setup",
    "operations",
    "phase_operations",
    "setup",
]

KERNELS = r"""
extern "C" __global__ void empty() {}
extern "C" __global__ void touch(int* data, int value) { if (threadIdx.x == 0 && data) { data[0] = value; } }
"""
_SMALL = 1024
FLOOR_IMPLEMENTATION = "floor"
OPERATIONS = (
    "event_record",
    "event_query",
    "stream_sync",
    "fill_1k",
    "alloc_free_1k",
    "copy_1k",
    "launch_empty",
    "launch_ptr_int",
    "device_get",
    "set_current",
    "compile",
)
"""Every per-call operation, in the order the report lists them; the report's ``OPERATIONS`` says what each is."""
PHASE_OPERATIONS = (
    "event_record",
    "stream_sync",
    "fill_1k",
    "copy_1k",
    "device_attribute",
)
"""The lifecycle chapter's operations that have a Phase 1 form in the reference implementation."""


@dataclasses.dataclass(frozen=True)
class Operation:
    """One timed operation.

    Parameters
    ----------
    call : callable
        One call of the operation.
    finish : callable or None
        Waits for the work the calls queued (a stream synchronization).
    """

    call: Callable[[], object]
    finish: Callable[[], object] | None


@dataclasses.dataclass
class Setup:
    """The objects the operations work on, made with the installed ``cuda.core``.

    Parameters
    ----------
    core : module
        ``cuda.core``.
    device, stream, event, source, destination : object
        The device (current), a non-blocking stream, an event, and two
        1 KiB buffers.
    kernels : tuple or None
        The ``empty`` and ``touch`` kernels; ``None`` when NVRTC cannot
        compile them.
    compile_error : str
        Why the kernels could not be compiled, if they could not.
    """

    core: object
    device: object
    stream: object
    event: object
    source: object
    destination: object
    kernels: tuple | None
    compile_error: str = ""

    def close(self) -> None:
        """Release the buffers and the stream."""
        self.stream.sync()
        self.source.close(self.stream)
        self.destination.close(self.stream)
        self.stream.sync()


def setup() -> Setup:
    """Make the current device's stream, event, buffers and kernels with the installed ``cuda.core``.

    Returns
    -------
    Setup
        The objects.
    """
    core = importlib.import_module("cuda.core")
    device = core.Device(0)
    device.set_current()
    stream = device.create_stream(options=core.StreamOptions(nonblocking=True))
    event = device.create_event()
    source = device.allocate(_SMALL, stream=stream)
    destination = device.allocate(_SMALL, stream=stream)
    source.fill(1, stream=stream)
    stream.sync()
    kernels, error = None, ""
    try:
        code = _program(core, device).compile("cubin")
        kernels = (code.get_kernel("empty"), code.get_kernel("touch"))
    except Exception as exc:  # noqa: BLE001 - the launch operations are then reported missing
        error = f"{type(exc).__name__}: {exc}"
    return Setup(core, device, stream, event, source, destination, kernels, error)


def operations(implementation: str, objects: Setup, floor: object | None = None) -> dict[str, Operation]:
    """Return the per-call operations of an implementation, by name.

    Parameters
    ----------
    implementation : str
        ``reference``, ``upstream`` or ``floor``.
    objects : Setup
        What :func:`setup` made.
    floor : module, optional
        The compiled floor module; required for ``floor``.

    Returns
    -------
    dict of str to Operation
        The operations this implementation has, in the order of
        :data:`OPERATIONS`; the floor has no ``Device(0)`` and no compile.
    """
    if implementation == FLOOR_IMPLEMENTATION:
        return _floor_operations(objects, floor)
    core, device, stream, event = objects.core, objects.device, objects.stream, objects.event
    source, destination = objects.source, objects.destination
    sync = stream.sync
    result = {
        "event_record": Operation(functools.partial(stream.record, event), sync),
        "event_query": Operation(functools.partial(operator.attrgetter("is_done"), event), None),
        "stream_sync": Operation(sync, None),
        "fill_1k": Operation(functools.partial(source.fill, 7, stream=stream), sync),
        "alloc_free_1k": Operation(lambda: device.allocate(_SMALL, stream=stream).close(stream), sync),
        "copy_1k": Operation(functools.partial(source.copy_to, destination, stream=stream), sync),
    }
    if objects.kernels is not None:
        empty, touch = objects.kernels
        config = core.LaunchConfig(grid=1, block=1)
        value = _int32(5)
        result["launch_empty"] = Operation(functools.partial(core.launch, stream, config, empty), sync)
        result["launch_ptr_int"] = Operation(
            functools.partial(core.launch, stream, config, touch, destination, value), sync
        )
    result["device_get"] = Operation(functools.partial(core.Device, 0), None)
    result["set_current"] = Operation(lambda: core.Device().set_current(), None)
    if objects.kernels is not None:
        result["compile"] = Operation(lambda: _program(core, device).compile("cubin"), None)
    return result


def phase_operations(objects: Setup) -> dict[str, tuple[Operation, Operation]]:
    """Return the Phase 1 and Phase 2 forms of the lifecycle chapter's operations, by name.

    Parameters
    ----------
    objects : Setup
        What :func:`setup` made with the reference implementation.

    Returns
    -------
    dict of str to (Operation, Operation)
        ``(phase 1, phase 2)`` for each of :data:`PHASE_OPERATIONS`; empty
        when the installed ``cuda.core`` has no Phase 1 forms (upstream).
    """
    try:
        phase1 = importlib.import_module("cuda.core._phase1")
        memory_phase1 = importlib.import_module("cuda.core._memory._phase1")
    except ImportError:
        return {}
    from cuda.bindings import driver

    stream, event, device = objects.stream, objects.event, objects.device
    source, destination = objects.source, objects.destination
    attribute = driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
    sync = stream.sync
    return {
        "event_record": (
            Operation(functools.partial(phase1.event_record, event, stream), sync),
            Operation(functools.partial(stream.record, event), sync),
        ),
        "stream_sync": (Operation(functools.partial(phase1.stream_sync, stream), None), Operation(sync, None)),
        "fill_1k": (
            Operation(functools.partial(memory_phase1.fill, source, 7, stream=stream), sync),
            Operation(functools.partial(source.fill, 7, stream=stream), sync),
        ),
        "copy_1k": (
            Operation(functools.partial(memory_phase1.copy_to, source, destination, stream=stream), sync),
            Operation(functools.partial(source.copy_to, destination, stream=stream), sync),
        ),
        "device_attribute": (
            Operation(functools.partial(phase1.device_get_attribute, device.device_id, attribute), None),
            Operation(functools.partial(device.properties._get_attribute, int(attribute)), None),
        ),
    }


def _floor_operations(objects: Setup, floor: object) -> dict[str, Operation]:
    """Return the floor module's operations on the handles of the set-up objects."""
    from cuda.bindings import driver

    if floor is None:
        raise ValueError("the floor implementation needs the compiled floor module")
    stream = int(objects.stream.handle)
    event = int(objects.event.handle)
    source = int(objects.source.handle)
    destination = int(objects.destination.handle)
    pool = int(_checked(driver.cuDeviceGetMemPool(objects.device.device_id)))
    context = int(_checked(driver.cuCtxGetCurrent()))
    sync = functools.partial(floor.stream_sync, stream)
    result = {
        "event_record": Operation(functools.partial(floor.event_record, event, stream), sync),
        "event_query": Operation(functools.partial(floor.event_query, event), None),
        "stream_sync": Operation(sync, None),
        "fill_1k": Operation(functools.partial(floor.memset_d8, source, 7, _SMALL, stream), sync),
        "alloc_free_1k": Operation(functools.partial(floor.mem_alloc_free, pool, _SMALL, stream), sync),
        "copy_1k": Operation(functools.partial(floor.memcpy_dtod, destination, source, _SMALL, stream), sync),
    }
    if objects.kernels is not None:
        empty, touch = (int(_checked(driver.cuKernelGetFunction(kernel.handle))) for kernel in objects.kernels)
        result["launch_empty"] = Operation(functools.partial(floor.launch_empty, empty, stream), sync)
        result["launch_ptr_int"] = Operation(
            functools.partial(floor.launch_ptr_int, touch, stream, destination, 5), sync
        )
    result["set_current"] = Operation(functools.partial(floor.ctx_set_current, context), None)
    return result


def _program(core: object, device: object) -> object:
    """Return a program of the benchmark's kernels for the device."""
    options = core.ProgramOptions(arch=f"sm_{device.arch}")
    return core.Program(KERNELS, "c++", options=options)


def _checked(result: tuple) -> object:
    """Return the value of a ``cuda.bindings.driver`` result, raising ``RuntimeError`` on an error status."""
    from cuda.bindings import driver

    err, value = result
    if err != driver.CUresult.CUDA_SUCCESS:
        raise RuntimeError(f"driver call failed: {err}")
    return value


def _int32(value: int) -> object:
    """Return a 32-bit integer kernel argument (numpy's when available, else ctypes')."""
    try:
        import numpy
    except ImportError:
        import ctypes

        return ctypes.c_int32(value)
    return numpy.int32(value)
