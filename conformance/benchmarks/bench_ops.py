# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The operations the benchmark times, set up for one implementation in this process.

An implementation is ``reference`` or ``upstream`` (whichever ``cuda.core``
this interpreter has: both are driven through the same public API) or
``floor`` (the compiled floor module, with objects set up by the installed
``cuda.core``). :func:`operations` returns each operation as a call that
takes no argument and a *finish* that waits for the queued work, so that a
timed loop pays for what it queued.

Every call is a ``lambda`` that makes it as a user writes it, for every
implementation alike, so the loop's own cost (one Python frame per call)
is the same for all of them. :func:`functools.partial` would not be: bound
with keyword arguments (``stream=``, which the API requires) it takes
CPython's slow path and builds a dictionary on every call, about 60 ns
that the floor's positional calls would not pay.

The workers (``per_call_worker.py``, ``gil_worker.py``,
``scaling_worker.py``) import this module; it needs only ``cuda.core``,
``cuda.bindings`` and numpy, so it runs in the upstream environment too.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable

__all__ = [
    "FLOOR_IMPLEMENTATION",
    "FLOOR_VARIANTS",
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
    "alloc_free_1k_checked",
    "alloc_free_1k_object",
    "alloc_free_1k_held",
    "copy_1k",
    "launch_empty",
    "launch_ptr_int",
    "device_get",
    "set_current",
    "compile",
    "graph_add_kernel",
    "graph_add_kernel_owned",
    "graph_add_kernel_object",
    "graph_add_kernel_held",
    "graph_add_kernel_recorded",
    "graph_instantiate",
    "graph_instantiate_owned",
    "graph_launch_10",
    "graph_launch_10_owned",
)
"""Every per-call operation, in the order the report lists them; the report's ``OPERATIONS`` says what each is."""
FLOOR_VARIANTS = {
    "alloc_free_1k_checked": "alloc_free_1k",
    "alloc_free_1k_object": "alloc_free_1k",
    "alloc_free_1k_held": "alloc_free_1k",
    "graph_add_kernel_owned": "graph_add_kernel",
    "graph_add_kernel_object": "graph_add_kernel",
    "graph_add_kernel_held": "graph_add_kernel",
    "graph_add_kernel_recorded": "graph_add_kernel",
    "graph_instantiate_owned": "graph_instantiate",
    "graph_launch_10_owned": "graph_launch_10",
}
"""Operations that time another operation's call again, against a floor that makes the driver calls
the guide requires of it: the capture check before an allocation, a user object per graph node, and
one staged for each executable graph; the ``_object`` floors also take the API's shape (an object
returned, whose method undoes the call; a node that holds its kernel and arguments); the ``_held``
buffer holds its pool and stream, and the ``_held`` node's user object holds its kernel and arguments,
released after the driver lets go; the ``_recorded`` floor also records each node by its address, with
its one node object."""
_GRAPH_NODES = 10
"""The kernel nodes of the graph that ``graph_instantiate`` and ``graph_launch_10`` use."""
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
    graphs : tuple
        The graphs the graph operations use, once :func:`operations` made them.
    cleanups : list
        Calls that release what the floor's operations made (its graphs).
    """

    core: object
    device: object
    stream: object
    event: object
    source: object
    destination: object
    kernels: tuple | None
    compile_error: str = ""
    graphs: tuple = ()
    cleanups: list = dataclasses.field(default_factory=list)

    def close(self) -> None:
        """Release the graphs, the buffers and the stream."""
        self.stream.sync()
        while self.cleanups:
            self.cleanups.pop()()
        if self.graphs:
            self.graphs[2].close()
            self.graphs = ()
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
        The floor's graph operations work on graphs it makes itself, of the
        same shape, which hold nothing alive for their nodes.
    """
    if implementation == FLOOR_IMPLEMENTATION:
        return _floor_operations(objects, floor)
    core, device, stream, event = objects.core, objects.device, objects.stream, objects.event
    source, destination = objects.source, objects.destination
    sync = stream.sync
    result = {
        "event_record": Operation(lambda: stream.record(event), sync),
        "event_query": Operation(lambda: event.is_done, None),
        "stream_sync": Operation(lambda: stream.sync(), None),
        "fill_1k": Operation(lambda: source.fill(7, stream=stream), sync),
        "alloc_free_1k": Operation(lambda: device.allocate(_SMALL, stream=stream).close(stream), sync),
        "copy_1k": Operation(lambda: source.copy_to(destination, stream=stream), sync),
    }
    if objects.kernels is not None:
        empty, touch = objects.kernels
        config = core.LaunchConfig(grid=1, block=1)
        value = _int32(5)
        launch = core.launch
        result["launch_empty"] = Operation(lambda: launch(stream, config, empty), sync)
        result["launch_ptr_int"] = Operation(lambda: launch(stream, config, touch, destination, value), sync)
    device_class = core.Device
    result["device_get"] = Operation(lambda: device_class(0), None)
    result["set_current"] = Operation(lambda: device_class().set_current(), None)
    if objects.kernels is not None:
        result["compile"] = Operation(lambda: _program(core, device).compile("cubin"), None)
        result.update(_graph_operations(core, objects, value))
    # The same calls again, timed against floors that also make the driver calls
    # the guide requires of them (the report's FLOOR_VARIANTS).
    for variant, operation in FLOOR_VARIANTS.items():
        if operation in result:
            result[variant] = result[operation]
    return result


def _graph_operations(core: object, objects: Setup, value: object) -> dict[str, Operation]:
    """Return the graph operations: each node holds what it uses, the cost the ownership rules add."""
    graph_module = importlib.import_module("cuda.core.graph")
    stream, destination = objects.stream, objects.destination
    touch = objects.kernels[1]
    config = core.LaunchConfig(grid=1, block=1)
    scratch = graph_module.GraphDefinition()
    chain = graph_module.GraphDefinition()
    node = chain.launch(config, touch, destination, value)
    for _ in range(_GRAPH_NODES - 1):
        node = node.launch(config, touch, destination, value)
    executable = chain.instantiate()
    # The graphs live as long as the operations that use them.
    objects.graphs = (scratch, chain, executable)
    return {
        "graph_add_kernel": Operation(lambda: scratch.launch(config, touch, destination, value).destroy(), None),
        "graph_instantiate": Operation(lambda: chain.instantiate().close(), None),
        "graph_launch_10": Operation(lambda: executable.launch(stream), stream.sync),
    }


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
    event_record, stream_sync = phase1.event_record, phase1.stream_sync
    fill, copy_to, get_attribute = memory_phase1.fill, memory_phase1.copy_to, phase1.device_get_attribute
    ordinal, properties = device.device_id, device.properties
    return {
        "event_record": (
            Operation(lambda: event_record(event, stream), sync),
            Operation(lambda: stream.record(event), sync),
        ),
        "stream_sync": (Operation(lambda: stream_sync(stream), None), Operation(lambda: stream.sync(), None)),
        "fill_1k": (
            Operation(lambda: fill(source, 7, stream=stream), sync),
            Operation(lambda: source.fill(7, stream=stream), sync),
        ),
        "copy_1k": (
            Operation(lambda: copy_to(source, destination, stream=stream), sync),
            Operation(lambda: source.copy_to(destination, stream=stream), sync),
        ),
        "device_attribute": (
            Operation(lambda: get_attribute(ordinal, attribute), None),
            Operation(lambda: properties._get_attribute(int(attribute)), None),
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
    stream_sync, memset_d8, memcpy_dtod = floor.stream_sync, floor.memset_d8, floor.memcpy_dtod
    mem_alloc, mem_alloc_checked, mem_free = floor.mem_alloc, floor.mem_alloc_checked, floor.mem_free
    mem_alloc_object, mem_alloc_held = floor.mem_alloc_object, floor.mem_alloc_held
    held_pool, held_stream = floor.Handle(pool), floor.Handle(stream)
    event_record, event_query = floor.event_record, floor.event_query

    def sync() -> None:
        """Wait for the stream."""
        stream_sync(stream)

    result = {
        "event_record": Operation(lambda: event_record(event, stream), sync),
        "event_query": Operation(lambda: event_query(event), None),
        "stream_sync": Operation(lambda: stream_sync(stream), None),
        "fill_1k": Operation(lambda: memset_d8(source, 7, _SMALL, stream), sync),
        "alloc_free_1k": Operation(lambda: mem_free(mem_alloc(pool, _SMALL, stream), stream), sync),
        "alloc_free_1k_checked": Operation(lambda: mem_free(mem_alloc_checked(pool, _SMALL, stream), stream), sync),
        "alloc_free_1k_object": Operation(lambda: mem_alloc_object(pool, _SMALL, stream=stream).close(stream), sync),
        "alloc_free_1k_held": Operation(
            lambda: mem_alloc_held(held_pool, _SMALL, stream=held_stream).close(held_stream), sync
        ),
        "copy_1k": Operation(lambda: memcpy_dtod(destination, source, _SMALL, stream), sync),
    }
    if objects.kernels is not None:
        empty, touch = (int(_checked(driver.cuKernelGetFunction(kernel.handle))) for kernel in objects.kernels)
        launch_empty, launch_ptr_int = floor.launch_empty, floor.launch_ptr_int
        result["launch_empty"] = Operation(lambda: launch_empty(empty, stream), sync)
        result["launch_ptr_int"] = Operation(lambda: launch_ptr_int(touch, stream, destination, 5), sync)
    # The floor of Device().set_current(): find the current device, then
    # make its primary context current. The primary contexts are looked up
    # by ordinal as the Device objects of an implementation are.
    ctx_get_device, ctx_set_current = floor.ctx_get_device, floor.ctx_set_current
    primaries = {objects.device.device_id: context}
    result["set_current"] = Operation(lambda: ctx_set_current(primaries[ctx_get_device()]), None)
    if objects.kernels is not None:
        result.update(_floor_graph_operations(objects, floor, stream, destination, sync))
    return result


def _floor_graph_operations(
    objects: Setup, floor: object, stream: int, destination: int, sync: Callable[[], object]
) -> dict[str, Operation]:
    """Return the floor of the graph operations, on graphs the floor makes the same shape as the implementations'."""
    kernel = int(objects.kernels[1].handle)
    add, destroy_node = floor.graph_add_kernel, floor.graph_destroy_node
    add_owned, destroy_owned = floor.graph_add_kernel_owned, floor.graph_destroy_node_owned
    add_object, kernel_object = floor.graph_add_kernel_object, objects.kernels[1]
    add_held, add_recorded = floor.graph_add_kernel_held, floor.graph_add_kernel_recorded
    instantiate, exec_destroy, launch = floor.graph_instantiate, floor.graph_exec_destroy, floor.graph_launch
    instantiate_staged = floor.graph_instantiate_staged
    scratch, chain, owned_chain = floor.graph_create(), floor.graph_create(), floor.graph_create()
    objects.cleanups += [
        lambda: floor.graph_destroy(scratch),
        lambda: floor.graph_destroy(chain),
        lambda: floor.graph_destroy(owned_chain),
    ]
    node = owned_node = 0
    for _ in range(_GRAPH_NODES):
        node = add(chain, node, kernel, destination, 5)
        # The graph keeps the user object: its node is never destroyed.
        owned_node, _ = add_owned(owned_chain, owned_node, kernel, destination, 5)
    executable, owned_executable = instantiate(chain), instantiate_staged(owned_chain)
    objects.cleanups += [lambda: exec_destroy(executable), lambda: exec_destroy(owned_executable)]
    return {
        "graph_add_kernel": Operation(lambda: destroy_node(add(scratch, 0, kernel, destination, 5)), None),
        "graph_add_kernel_owned": Operation(
            lambda: destroy_owned(scratch, *add_owned(scratch, 0, kernel, destination, 5)), None
        ),
        "graph_add_kernel_object": Operation(
            lambda: add_object(scratch, kernel, kernel_object, destination, 5).destroy(), None
        ),
        "graph_add_kernel_held": Operation(
            lambda: add_held(scratch, kernel, kernel_object, destination, 5).destroy(), None
        ),
        "graph_add_kernel_recorded": Operation(
            lambda: add_recorded(scratch, kernel, kernel_object, destination, 5).destroy(), None
        ),
        "graph_instantiate": Operation(lambda: exec_destroy(instantiate(chain)), None),
        "graph_instantiate_owned": Operation(lambda: exec_destroy(instantiate_staged(owned_chain)), None),
        "graph_launch_10": Operation(lambda: launch(executable, stream), sync),
        "graph_launch_10_owned": Operation(lambda: launch(owned_executable, stream), sync),
    }


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
