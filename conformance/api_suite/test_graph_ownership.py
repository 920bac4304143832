# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Graph ownership: what graphs keep alive, for how long, and what they release.

Each test drops every reference the user holds (to buffers, events,
kernels, callables and definitions), collects, and only then instantiates,
launches and reads back, so that anything released too early shows as a
wrong result, a driver error or a crash (which fails this test alone: the
GPU session runs each test module in a worker process it replaces).
Release is watched through weak references and through the used memory of
a private memory pool; it may happen asynchronously, so ``released`` polls
with :func:`gc.collect` for a few seconds.

The numbered rules are the ownership contract of the guide's memory
chapter ("Ownership").
"""

from __future__ import annotations

import ctypes
import gc
import textwrap
import threading
import time
import weakref
from collections.abc import Callable

import numpy as np
import pytest

from cuda.core import (
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
)
from cuda.core._utils.cuda_utils import CUDAError
from cuda.core.graph import GraphDefinition
from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.spawned import ProgramTimeoutError, run_program

SIZE = 1 << 20
"""The bytes of each test allocation: large enough to show in a pool's used memory."""

RELEASE_SECONDS = 5.0
"""How long a release may take: the driver releases from threads of its own."""

UPSTREAM_KEEPS_DESTROYED = (
    "upstream cuda-core 1.2.2 keeps what a destroyed node held: the node's callable is still referenced "
    "5 s after GraphNode.destroy() (seen on 2 H200s with driver 580, 2026-11-27)"
)
UPSTREAM_REHASHES = (
    "upstream cuda-core 1.2.2 changes the hash of a node of a graph nested in a destroyed child-graph or "
    "conditional node (seen on 2 H200s with driver 580, 2026-11-27)"
)

# p[i] += 1 for i < n.
ADD_ONE = r"""
extern "C" __global__ void add_one(unsigned char* p, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i] += 1;
    }
}
"""


class Tracker:
    """A host callback that counts its calls and notes the thread that finalises it."""

    def __init__(self, calls: list, finalised_on: list | None = None) -> None:
        self.calls = calls
        if finalised_on is not None:
            weakref.finalize(self, note_thread, finalised_on)

    def __call__(self) -> None:
        self.calls.append(1)


def note_thread(threads: list) -> None:
    """Append the thread that runs this (a finaliser) to ``threads``."""
    threads.append(threading.current_thread())


def released(check: Callable[[], bool], stream=None) -> bool:
    """Return whether ``check()`` becomes true within :data:`RELEASE_SECONDS`, collecting meanwhile."""
    deadline = time.monotonic() + RELEASE_SECONDS
    while True:
        gc.collect()
        if stream is not None:
            stream.sync()
        if check():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)


def stays(check: Callable[[], bool], stream=None) -> bool:
    """Return whether ``check()`` holds after collecting for a while (a share still held)."""
    for _ in range(5):
        gc.collect()
        if stream is not None:
            stream.sync()
        time.sleep(0.01)
    return check()


@pytest.fixture
def pool(device, stream):
    """Return a private device memory pool, so that its used memory counts this test's allocations only."""
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    yield mr
    stream.sync()
    gc.collect()
    mr.close()


@pytest.fixture
def host():
    """Return a pinned host buffer of :data:`SIZE` bytes, closed afterwards."""
    buffer = LegacyPinnedMemoryResource().allocate(SIZE)
    yield buffer
    buffer.close()


def add_one(device):
    """Return the ``add_one`` kernel, compiled for ``device``; nothing else holds its code."""
    program = Program(ADD_ONE, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    try:
        return program.compile("cubin").get_kernel("add_one")
    finally:
        program.close()


def used(pool) -> int:
    """Return the bytes the pool has handed out and not had back."""
    return pool.attributes.used_mem_current


def host_bytes(buffer) -> np.ndarray:
    """Return a copy of a pinned host buffer's bytes."""
    return np.frombuffer(ctypes.string_at(int(buffer.handle), buffer.size), dtype=np.uint8).copy()


def run(graph, stream) -> None:
    """Launch an executable graph on ``stream`` and wait for it."""
    graph.launch(stream)
    stream.sync()


# Rule 1: a definition holds each node's attachment until the node is destroyed,
# its parameters replaced, or the definition destroyed.


@pytest.mark.gpu
def test_a_definition_keeps_what_its_nodes_use_after_every_reference_is_dropped(device, stream, pool, host) -> None:
    calls = []
    buffer = pool.allocate(SIZE, stream=stream)
    kernel = add_one(device)
    tracker = Tracker(calls)
    event = device.create_event()
    definition = GraphDefinition()
    filled = definition.memset(buffer, 7, SIZE)
    added = filled.launch(LaunchConfig(grid=SIZE // 256, block=256), kernel, buffer, np.uint32(SIZE))
    copied = added.memcpy(host, buffer, SIZE)
    copied.callback(tracker).record(event)
    watched = weakref.ref(tracker)
    buffer.close()
    del buffer, kernel, tracker, event, filled, added, copied
    assert stays(lambda: watched() is not None and used(pool) >= SIZE, stream)

    graph = definition.instantiate()
    run(graph, stream)
    assert (host_bytes(host) == 8).all()
    assert calls == [1]
    graph.close()
    del graph, definition
    assert released(lambda: watched() is None and used(pool) == 0, stream)


@pytest.mark.gpu
def test_a_kernel_node_keeps_its_kernel_loaded(device, stream, pool, host) -> None:
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    # The node is all that holds the kernel, and so the code it was loaded from.
    definition.memset(buffer, 1, SIZE).launch(
        LaunchConfig(grid=SIZE // 256, block=256), add_one(device), buffer, np.uint32(SIZE)
    ).memcpy(host, buffer, SIZE)
    del buffer
    gc.collect()
    graph = definition.instantiate()
    run(graph, stream)
    assert (host_bytes(host) == 2).all()
    graph.close()


@pytest.mark.gpu
def test_a_ctypes_callback_and_a_private_copy_of_its_user_data_stay(device, stream) -> None:
    seen = []

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    def read(data):
        seen.append(ctypes.string_at(data, 3))

    user_data = bytearray(b"abc")
    definition = GraphDefinition()
    definition.callback(read, user_data=user_data)
    user_data[:] = b"xyz"
    del read, user_data
    gc.collect()
    graph = definition.instantiate()
    run(graph, stream)
    assert seen == [b"abc"]
    graph.close()


@pytest.mark.gpu
def test_an_event_node_keeps_its_event_and_its_flags(device, stream) -> None:
    from cuda.core import EventOptions

    event = device.create_event(EventOptions(timing_enabled=True))
    definition = GraphDefinition()
    recorded = definition.record(event)
    del event
    gc.collect()
    assert recorded.event is not None
    assert recorded.event.is_timing_enabled
    run(definition.instantiate(), stream)


# Rule 2: Buffer.close() drops only the wrapper's share.


@pytest.mark.gpu
@pytest.mark.parametrize("close_on", ["its own stream", "a stream given to close", "collection"])
def test_closing_a_buffer_a_node_uses_keeps_its_memory_until_the_node_goes(
    device, stream, pool, host, close_on
) -> None:
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    definition.memset(buffer, 5, SIZE).memcpy(host, buffer, SIZE)
    if close_on == "its own stream":
        buffer.close()
        assert buffer.is_closed
    elif close_on == "a stream given to close":
        buffer.close(stream)
        assert buffer.is_closed
    del buffer
    assert stays(lambda: used(pool) >= SIZE, stream)
    graph = definition.instantiate()
    run(graph, stream)
    assert (host_bytes(host) == 5).all()
    graph.close()
    del graph, definition
    assert released(lambda: used(pool) == 0, stream)


@pytest.mark.gpu
def test_a_buffer_given_as_owner_contributes_its_memory(device, stream, pool, host) -> None:
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    definition.memset(int(buffer.handle), 9, SIZE, dst_owner=buffer).memcpy(
        host, int(buffer.handle), SIZE, src_owner=buffer
    )
    buffer.close()
    del buffer
    assert stays(lambda: used(pool) >= SIZE, stream)
    run(definition.instantiate(), stream)
    assert (host_bytes(host) == 9).all()
    del definition
    assert released(lambda: used(pool) == 0, stream)


@pytest.mark.gpu
def test_an_owner_with_a_buffer_operand_is_refused(device, stream, pool) -> None:
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    with pytest.raises(ValueError, match="dst_owner cannot be used when dst is a Buffer"):
        definition.memset(buffer, 0, SIZE, dst_owner=object())
    with pytest.raises(ValueError, match="src_owner cannot be used when src is a Buffer"):
        definition.memcpy(int(buffer.handle), buffer, SIZE, src_owner=object())
    buffer.close()


@pytest.mark.gpu
def test_any_other_owner_is_held_itself(device, stream, pool) -> None:
    buffer = pool.allocate(SIZE, stream=stream)
    calls = []
    owner = Tracker(calls)
    watched = weakref.ref(owner)
    definition = GraphDefinition()
    node = definition.memset(int(buffer.handle), 0, SIZE, dst_owner=owner)
    del owner
    assert stays(lambda: watched() is not None)
    node.destroy()
    assert released(lambda: watched() is None)
    buffer.close()


# Rule 3: destroying a node releases its attachment, recursively for nested graphs.


@pytest.mark.gpu
def test_destroying_a_node_releases_what_it_used(device, stream, pool, known_upstream_bug) -> None:
    known_upstream_bug(UPSTREAM_KEEPS_DESTROYED)
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    host_node = definition.callback(tracker)
    fill = definition.memset(buffer, 1, SIZE)
    buffer.close()
    del tracker, buffer
    assert stays(lambda: watched() is not None and used(pool) >= SIZE, stream)
    host_node.destroy()
    fill.destroy()
    assert not host_node.is_valid
    assert definition.nodes() == set()
    assert released(lambda: watched() is None, stream)
    assert released(lambda: used(pool) == 0, stream)


@pytest.mark.gpu
def test_destroying_a_child_graph_node_releases_everything_nested_in_it(device, stream, pool) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    buffer = pool.allocate(SIZE, stream=stream)
    inner = GraphDefinition()
    inner.memset(buffer, 2, SIZE)
    inner.callback(tracker)
    middle = GraphDefinition()
    middle.embed(inner)
    outer = GraphDefinition()
    child = outer.embed(middle)
    buffer.close()
    del tracker, buffer, inner, middle
    assert stays(lambda: watched() is not None and used(pool) >= SIZE, stream)
    child.destroy()
    assert released(lambda: watched() is None and used(pool) == 0, stream)


@pytest.mark.gpu
def test_destroying_a_conditional_node_releases_its_bodies(device, stream, pool) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    condition = definition.create_condition(default_value=1)
    node = definition.if_then(condition)
    # Conditional bodies take no host nodes: the tracker is the owner of a raw address.
    node.then.memset(buffer, 3, SIZE)
    node.then.memset(int(buffer.handle), 3, SIZE, dst_owner=tracker)
    buffer.close()
    del tracker, buffer
    assert stays(lambda: watched() is not None and used(pool) >= SIZE, stream)
    node.destroy()
    assert released(lambda: watched() is None and used(pool) == 0, stream)


@pytest.mark.gpu
def test_a_destroy_the_driver_refuses_changes_nothing(device, stream, pool, host) -> None:
    # The driver deletes no node of a graph that allocates or frees memory.
    buffer = pool.allocate(SIZE, stream=stream)
    definition = GraphDefinition()
    allocation = definition.allocate(SIZE)
    fill = allocation.memset(buffer, 4, SIZE)
    fill.memcpy(host, buffer, SIZE).deallocate(allocation.dptr)
    buffer.close()
    del buffer
    with pytest.raises(CUDAError):
        fill.destroy()
    assert fill.is_valid
    assert fill in definition.nodes()
    assert stays(lambda: used(pool) >= SIZE, stream)
    run(definition.instantiate(), stream)
    assert (host_bytes(host) == 4).all()


# Rule 4: clones and executables hold their own shares, as of the moment they were made.


@pytest.mark.gpu
def test_a_driver_clone_outlives_the_definition_and_its_event(device, stream, pool, host) -> None:
    from cuda.bindings import driver

    buffer = pool.allocate(SIZE, stream=stream)
    event = device.create_event()
    definition = GraphDefinition()
    definition.memset(buffer, 6, SIZE).record(event).memcpy(host, buffer, SIZE)
    err, clone = driver.cuGraphClone(definition.handle)
    assert err == driver.CUresult.CUDA_SUCCESS
    buffer.close()
    del definition, event, buffer
    gc.collect()
    assert stays(lambda: used(pool) >= SIZE, stream)
    err, executable = driver.cuGraphInstantiate(clone, 0)
    assert err == driver.CUresult.CUDA_SUCCESS
    (err,) = driver.cuGraphLaunch(executable, stream.handle)
    assert err == driver.CUresult.CUDA_SUCCESS
    stream.sync()
    assert (host_bytes(host) == 6).all()
    assert driver.cuGraphExecDestroy(executable) == (driver.CUresult.CUDA_SUCCESS,)
    assert driver.cuGraphDestroy(clone) == (driver.CUresult.CUDA_SUCCESS,)
    assert released(lambda: used(pool) == 0, stream)


@pytest.mark.gpu
def test_an_executable_keeps_what_the_definition_had_when_it_was_made(device, stream) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    definition = GraphDefinition()
    node = definition.callback(tracker)
    del tracker
    graph = definition.instantiate()
    # Later edits of the definition neither release nor add to the executable's shares.
    node.destroy()
    definition.callback(Tracker(calls))
    del definition, node
    assert stays(lambda: watched() is not None)
    run(graph, stream)
    assert calls == [1]
    graph.close()
    del graph
    assert released(lambda: watched() is None)


@pytest.mark.gpu
def test_a_launch_in_flight_keeps_its_share_after_the_graph_is_closed_on_another_thread(device, stream, gate) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    definition = GraphDefinition()
    definition.callback(tracker)
    graph = definition.instantiate()
    del tracker, definition
    gate.block(stream)
    graph.launch(stream)
    closer = threading.Thread(target=graph.close)
    closer.start()
    closer.join()
    del graph
    assert stays(lambda: watched() is not None)
    gate.release()
    stream.sync()
    assert calls == [1]
    assert released(lambda: watched() is None)


# Rule 5: an embedded copy holds its own shares; views of one graph share one map.


@pytest.mark.gpu
def test_an_embedded_copy_runs_after_the_child_and_its_operands_are_gone(device, stream, pool, host) -> None:
    calls = []
    buffer = pool.allocate(SIZE, stream=stream)
    child = GraphDefinition()
    child.memset(buffer, 11, SIZE).memcpy(host, buffer, SIZE).callback(Tracker(calls))
    parent = GraphDefinition()
    parent.embed(child)
    buffer.close()
    del child, buffer
    assert stays(lambda: used(pool) >= SIZE, stream)
    run(parent.instantiate(), stream)
    assert (host_bytes(host) == 11).all()
    assert calls == [1]
    del parent
    assert released(lambda: used(pool) == 0, stream)


@pytest.mark.gpu
def test_a_builder_embedded_in_another_keeps_its_callbacks(device, stream) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    child = device.create_graph_builder().begin_building()
    child.callback(tracker)
    child.end_building()
    parent = device.create_graph_builder().begin_building()
    parent.embed(child)
    parent.end_building()
    child.close()
    del child, tracker
    assert stays(lambda: watched() is not None)
    graph = parent.complete()
    parent.close()
    del parent
    run(graph, stream)
    assert calls == [1]
    graph.close()
    del graph
    assert released(lambda: watched() is None)


@pytest.mark.gpu
def test_views_of_one_graph_share_its_nodes_and_what_they_hold(device, stream, known_upstream_bug) -> None:
    known_upstream_bug(UPSTREAM_KEEPS_DESTROYED)
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    definition = GraphDefinition()
    child = definition.embed(GraphDefinition())
    first = child.child_graph
    second = child.child_graph
    assert first == second
    assert hash(first) == hash(second)
    node = first.callback(tracker)
    del tracker
    (seen,) = second.nodes()
    assert seen is node
    assert definition.nodes() == {child}
    del first
    gc.collect()
    # Destroyed through another view, the node releases what it held.
    (again,) = second.nodes()
    again.destroy()
    assert released(lambda: watched() is None)


@pytest.mark.gpu
def test_a_node_of_an_embedded_copy_releases_what_it_used_when_destroyed(device, known_upstream_bug) -> None:
    known_upstream_bug(UPSTREAM_KEEPS_DESTROYED)
    tracker = Tracker([])
    watched = weakref.ref(tracker)
    child = GraphDefinition()
    child.callback(tracker)
    parent = GraphDefinition()
    node = parent.embed(child)
    del child, tracker
    assert stays(lambda: watched() is not None)
    (copied,) = node.child_graph.nodes()
    copied.destroy()
    assert released(lambda: watched() is None)


@pytest.mark.gpu
def test_a_child_graph_node_updated_from_another_definition_runs_it(device, stream, pool, host) -> None:
    first, second = pool.allocate(SIZE, stream=stream), pool.allocate(SIZE, stream=stream)
    old = GraphDefinition()
    old.memset(first, 1, SIZE)
    new = GraphDefinition()
    new.memset(second, 12, SIZE)
    parent = GraphDefinition()
    node = parent.embed(old)
    node.memcpy(host, second, SIZE)
    node.update(new)
    first.close()
    second.close()
    del old, new, first, second
    assert stays(lambda: used(pool) >= SIZE, stream)
    run(parent.instantiate(), stream)
    assert (host_bytes(host) == 12).all()
    del node, parent
    assert released(lambda: used(pool) == 0, stream)


# Rule 6: updates.


@pytest.mark.gpu
def test_a_whole_graph_update_swaps_to_the_sources_shares(device, stream) -> None:
    calls = []
    old, new = Tracker(calls), Tracker(calls)
    watched_old, watched_new = weakref.ref(old), weakref.ref(new)
    first = GraphDefinition()
    first.callback(old)
    second = GraphDefinition()
    second.callback(new)
    graph = first.instantiate()
    del old, new, first
    graph.update(second)
    del second
    assert released(lambda: watched_old() is None)
    assert stays(lambda: watched_new() is not None)
    run(graph, stream)
    assert calls == [1]
    graph.close()
    del graph
    assert released(lambda: watched_new() is None)


@pytest.mark.gpu
def test_a_failed_update_adopts_nothing(device, stream) -> None:
    calls = []
    kept, offered = Tracker(calls), Tracker(calls)
    watched_kept, watched_offered = weakref.ref(kept), weakref.ref(offered)
    first = GraphDefinition()
    first.callback(kept)
    other = GraphDefinition()
    other.callback(offered).join(other.empty())
    graph = first.instantiate()
    del kept, offered, first
    with pytest.raises(CUDAError):
        graph.update(other)
    del other
    assert released(lambda: watched_offered() is None)
    assert stays(lambda: watched_kept() is not None)
    run(graph, stream)
    assert calls == [1]
    graph.close()


@pytest.mark.gpu
def test_executable_node_updates_hold_their_owners_until_the_executable_goes(device, stream) -> None:
    calls = []
    replacement = Tracker(calls)
    watched = weakref.ref(replacement)
    definition = GraphDefinition()
    node = definition.callback(Tracker([]))
    graph = definition.instantiate()
    graph[node].update(replacement)
    del replacement, node, definition
    assert stays(lambda: watched() is not None)
    run(graph, stream)
    assert calls == [1]
    graph.close()
    del graph
    assert released(lambda: watched() is None)


@pytest.mark.gpu
def test_a_builders_callback_stays_with_the_captured_graph(device, stream) -> None:
    calls = []
    tracker = Tracker(calls)
    watched = weakref.ref(tracker)
    builder = device.create_graph_builder().begin_building()
    builder.callback(tracker)
    builder.end_building()
    del tracker
    graph = builder.complete()
    builder.close()
    del builder
    assert stays(lambda: watched() is not None)
    run(graph, stream)
    assert calls == [1]
    graph.close()
    del graph
    assert released(lambda: watched() is None)


# Rule 7: destroying a child or conditional node invalidates every view below it.


@pytest.mark.gpu
def test_views_below_a_destroyed_child_node_are_invalid(device, known_upstream_bug) -> None:
    known_upstream_bug(UPSTREAM_REHASHES)
    definition = GraphDefinition()
    grandchild = GraphDefinition()
    grandchild.empty()
    child_definition = GraphDefinition()
    child_definition.embed(grandchild)
    child = definition.embed(child_definition)
    view = child.child_graph
    (inner,) = view.nodes()
    deeper = inner.child_graph
    (deepest,) = deeper.nodes()
    hashes = (hash(view), hash(inner), hash(deeper), hash(deepest))
    child.destroy()
    for graph in (view, deeper):
        assert not graph.is_valid
        assert int(graph.handle) == 0
        with pytest.raises(RuntimeError):
            graph.nodes()
        with pytest.raises(RuntimeError):
            graph.empty()
    for node in (inner, deepest):
        assert not node.is_valid
        with pytest.raises(RuntimeError):
            node.join()
    assert (hash(view), hash(inner), hash(deeper), hash(deepest)) == hashes
    assert view == view
    assert inner == inner


@pytest.mark.gpu
def test_a_destroyed_conditional_nodes_bodies_are_invalid(device, known_upstream_bug) -> None:
    known_upstream_bug(UPSTREAM_REHASHES)
    definition = GraphDefinition()
    condition = definition.create_condition(default_value=0)
    node = definition.if_else(condition)
    then, otherwise = node.then, node.else_
    body_node = then.empty()
    hashes = (hash(then), hash(body_node))
    node.destroy()
    for body in (then, otherwise):
        assert not body.is_valid
        assert int(body.handle) == 0
        with pytest.raises(RuntimeError):
            body.empty()
    assert not body_node.is_valid
    with pytest.raises(RuntimeError):
        body_node.succ.add(body_node)
    assert (hash(then), hash(body_node)) == hashes


# Rule 8: release runs on the main thread; nothing calls into Python at shutdown.


@pytest.mark.gpu
def test_release_runs_on_the_main_thread(device, stream) -> None:
    finalised_on = []
    definition = GraphDefinition()
    definition.callback(Tracker([], finalised_on))
    graph = definition.instantiate()
    del definition
    gc.collect()
    worker = threading.Thread(target=graph.close)
    worker.start()
    worker.join()
    del graph
    assert released(lambda: bool(finalised_on))
    assert finalised_on == [threading.main_thread()]


@pytest.mark.gpu
def test_exiting_with_graphs_and_launches_alive_is_clean(device) -> None:
    program = textwrap.dedent(
        """
        from cuda.core import Device, LegacyPinnedMemoryResource
        from cuda.core.graph import GraphDefinition

        device = Device(0)
        device.set_current()
        stream = device.create_stream()
        buffer = device.memory_resource.allocate(4096, stream=stream)
        host = LegacyPinnedMemoryResource().allocate(4096)
        calls = []
        definition = GraphDefinition()
        definition.memset(buffer, 1, 4096).memcpy(host, buffer, 4096).callback(lambda: calls.append(1))
        graph = definition.instantiate()
        for _ in range(3):
            graph.launch(stream)
        buffer.close()
        print("launched")
        """
    )
    # Under compute-sanitizer (nox -s soak -- --sanitizer) the child is checked too,
    # and slow: the limit is scaled (cuda_core_guide.spawned); one that hangs shows its stacks.
    try:
        result = run_program(program, timeout=120)
    except ProgramTimeoutError as exc:
        if "launched" in exc.stdout and implementation_under_test()[0] == "upstream":
            # Not strict: the hang needs host callbacks still queued when the interpreter
            # finalizes, which a slow run (under memcheck) gives and a quick one may not.
            pytest.xfail(
                "cuda-core 1.2.2 hangs at exit when graph host callbacks are still queued: the driver's "
                "thread waits for the GIL of a finalizing interpreter (seen under memcheck on an H200, "
                "2026-11-28)"
            )
        raise
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "launched"
    assert "Fatal" not in result.stderr
    assert "Traceback" not in result.stderr
