# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The reference's graph builders and graphs: closing, and the errors of closed objects."""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
import time
import warnings
import weakref

import pytest

from cuda.core import GraphMemoryResource, GraphMemoryResourceAttributes, launch
from cuda.core._utils._attachment import release_pending
from cuda.core._utils.cuda_utils import CUDAError
from cuda.core.graph import ChildGraphNode, Graph, GraphBuilder, GraphDebugPrintOptions, GraphDefinition

_CALLBACK_AT_EXIT = """
import atexit

calls = []
# Registered first, so run last: after cuda.core's own shutdown handler.
atexit.register(lambda: print("callbacks run", len(calls), flush=True))

from cuda.core import Device
from cuda.core.graph import GraphDefinition

device = Device(0)
device.set_current()
stream = device.create_stream()
definition = GraphDefinition()
definition.callback(lambda: calls.append(1))
graph = definition.instantiate()


def launch_and_hold_the_gil():
    graph.launch(stream)
    # The driver's thread now calls the callback and waits for the GIL, which this
    # loop (C code, no bytecode) keeps until cuda.core's shutdown handler runs.
    sum(range(100_000_000))


atexit.register(launch_and_hold_the_gil)
"""


_RELEASE_AFTER_A_FULL_QUEUE = """
import ctypes
import gc
import os
import sys
import threading
import time
import weakref

from cuda.core import Device
from cuda.core._utils._attachment import _has_queued
from cuda.core.graph import GraphDefinition

gc.disable()  # only the collection below may schedule the release again
# The main thread runs pending calls whenever it runs bytecode, so it must be blocked in C
# while the queue is full: it keeps the GIL until it blocks in read() below, and the
# filler thread, which needs the GIL, runs only from then on.
sys.setswitchinterval(1000)
Device(0).set_current()
PENDING = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
no_op = PENDING(lambda _: 0)
add_pending_call = ctypes.pythonapi.Py_AddPendingCall
add_pending_call.argtypes = [PENDING, ctypes.c_void_p]
add_pending_call.restype = ctypes.c_int
libc = ctypes.CDLL(None)  # its calls release the GIL
readable, writable = os.pipe()


class Payload:
    def __call__(self):
        pass


payload = Payload()
alive = weakref.ref(payload)
held = [GraphDefinition()]
held[0].callback(payload)
del payload
main_blocked = False


def fill_the_queue_then_drop_the_graph():
    while not main_blocked:
        time.sleep(0.001)
    for _ in range(100_000):
        if add_pending_call(no_op, None) != 0:
            break
    held.clear()  # the graph's user object is released; its release cannot be scheduled
    # The driver calls the destructor on a thread of its own, when it likes: the queue
    # stays full until the destructor has queued the release.
    deadline = time.monotonic() + 60
    while not _has_queued() and time.monotonic() < deadline:
        time.sleep(0.01)
    os.write(writable, b"x")


thread = threading.Thread(target=fill_the_queue_then_drop_the_graph)
thread.start()
byte = ctypes.create_string_buffer(1)
main_blocked = True
libc.read(readable, byte, 1)
thread.join()
for _ in range(1000):  # the no-op calls run here
    pass
print("stranded", alive() is not None, flush=True)
gc.collect()
for _ in range(1000):
    pass
print("released", alive() is None, flush=True)
"""

_RELEASE_AFTER_AN_IMPORT_ON_ANOTHER_THREAD = """
import threading
import time
import weakref


def load():
    import cuda.core.graph  # noqa: F401


loader = threading.Thread(target=load)
loader.start()
loader.join()
from cuda.core import Device
from cuda.core.graph import GraphDefinition

Device(0).set_current()


class Payload:
    def __call__(self):
        pass


payload = Payload()
alive = weakref.ref(payload)
definition = GraphDefinition()
for _ in range(3):
    definition.callback(payload).destroy()
del payload
deadline = time.monotonic() + 10
while alive() is not None and time.monotonic() < deadline:
    time.sleep(0.01)
print("released", alive() is None, flush=True)
"""


def test_debug_print_options_translate_to_driver_flags() -> None:
    assert GraphDebugPrintOptions()._to_flags() == 0
    verbose = GraphDebugPrintOptions(verbose=True)._to_flags()
    handles = GraphDebugPrintOptions(handles=True)._to_flags()
    assert verbose != 0
    assert handles != 0
    assert GraphDebugPrintOptions(verbose=True, handles=True)._to_flags() == verbose | handles


def test_graph_memory_resource_accepts_a_device_or_an_ordinal() -> None:
    class FakeDevice:
        device_id = 0

    assert GraphMemoryResource(FakeDevice()) is GraphMemoryResource(0)
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        GraphMemoryResourceAttributes()


@pytest.mark.gpu
def test_assigning_edges_edits_only_those_that_change(device) -> None:
    # A graph with memory nodes refuses any edge removal (upstream's setters remove
    # every edge first, so there even `node.succ |= {other}` raises).
    definition = GraphDefinition()
    alloc = definition.allocate(64)
    free = alloc.deallocate(alloc.dptr)
    first = definition.empty()
    second = first.join()
    first.succ |= {second}
    first.succ = [second]
    assert set(first.succ) == {second}
    third = definition.empty()
    first.succ = [third, second]
    assert set(first.succ) == {second, third}
    assert set(third.pred) == {first}
    assert set(free.pred) == {alloc}


def test_launch_refuses_other_objects_before_any_driver_call() -> None:
    with pytest.raises(TypeError, match="^Stream or GraphBuilder expected, got object$"):
        launch(object(), None, None)


@pytest.mark.gpu
def test_closing_a_building_builder_ends_the_capture(device) -> None:
    builder = device.create_graph_builder().begin_building()
    stream = builder.stream
    builder.close()
    assert builder.is_closed
    assert builder.stream is None
    buffer = device.memory_resource.allocate(64, stream=stream)
    buffer.fill(0, stream=stream)
    stream.sync()
    buffer.close()


@pytest.mark.gpu
def test_closed_builders_and_graphs_raise(device, stream) -> None:
    builder = device.create_graph_builder().begin_building()
    builder.end_building()
    graph = builder.complete()
    builder.close()
    for call in (
        builder.begin_building,
        builder.end_building,
        builder.complete,
        builder.__cuda_stream__,
        lambda: builder.split(2),
        lambda: builder.is_building,
    ):
        with pytest.raises(RuntimeError, match="GraphBuilder has been closed"):
            call()
    with pytest.raises(RuntimeError, match="GraphBuilder has been closed"):
        device.memory_resource.allocate(64, stream=builder)
    # The graph outlives the builder it was completed from.
    graph.launch(stream)
    stream.sync()
    graph.close()
    for call in (lambda: graph.launch(stream), lambda: graph.upload(stream), lambda: graph.handle):
        with pytest.raises(RuntimeError, match="Graph has been closed"):
            call()


@pytest.mark.gpu
def test_collecting_unclosed_builders_and_graphs_warns_nothing(device) -> None:
    builder = device.create_graph_builder().begin_building()
    other = device.create_graph_builder().begin_building()
    other.end_building()
    graph = other.complete()
    assert isinstance(graph, Graph)
    assert isinstance(builder, GraphBuilder)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        del builder, other, graph
        gc.collect()


def test_placeholder_nodes_refuse_to_add_nodes() -> None:
    from cuda.core.graph import GraphCondition, GraphNode, KernelNode

    node = KernelNode()
    assert repr(node) == "<KernelNode destroyed>"
    assert not node.is_valid
    for build in (
        lambda: node.join(),
        lambda: node.memset(0, 0, 1),
        lambda: node.deallocate(0),
        lambda: node.callback(print),
        lambda: node.if_then(GraphCondition()),
        lambda: len(node.pred),
    ):
        with pytest.raises(RuntimeError, match="no longer valid"):
            build()
    node.destroy()  # does nothing
    assert GraphNode().graph.is_valid is False


def test_conditional_builders_check_the_condition_type() -> None:
    from cuda.core.graph._graph_definition import _condition_value

    with pytest.raises(TypeError, match="Argument .condition. has incorrect type"):
        _condition_value(1)


@pytest.mark.gpu
def test_a_body_builder_and_its_definition_are_invalid_once_the_parent_builder_is_closed(device) -> None:
    # Closing the parent builder destroys the graph that holds the conditional node, and the body
    # graph with it (no definition of the parent's graph was handed out). On a driver that cannot
    # report a conditional node's bodies (before CUDA 13.1) the builder's record finds them: the body's
    # builder and definition refuse, and no call hands the freed graph to the driver.
    parent = device.create_graph_builder().begin_building()
    condition = parent.create_condition(default_value=1)
    body = parent.if_then(condition)
    body_definition = body.graph_definition
    body.begin_building()
    body.end_building()
    parent.end_building()
    parent.close()
    gc.collect()
    assert not body_definition.is_valid
    with pytest.raises(RuntimeError):
        body_definition.nodes()
    with pytest.raises(RuntimeError, match="body graph of this GraphBuilder was destroyed"):
        _ = body.graph_definition
    with pytest.raises(RuntimeError, match="body graph of this GraphBuilder was destroyed"):
        body.begin_building()
    body.close()


@pytest.mark.gpu
def test_a_child_graph_node_is_not_updated_from_its_own_hierarchy(device) -> None:
    # The driver replaces the node's graph with a copy of the source: a source that is the node's own
    # graph, nested in it, or holding the node is refused before the driver sees it, and nothing changes.
    inner = GraphDefinition()
    inner.empty()
    middle = GraphDefinition()
    middle.embed(inner)
    parent = GraphDefinition()
    node = parent.embed(middle)
    view = node.child_graph
    (nested_node,) = [n for n in view.nodes() if isinstance(n, ChildGraphNode)]
    nested = nested_node.child_graph
    for source in (view, nested, parent):
        with pytest.raises(CUDAError, match="cannot be updated from its own graph"):
            node.update(source)
    assert view.is_valid
    assert nested.is_valid
    assert all(n.is_valid for n in view.nodes())
    other = GraphDefinition()
    other.empty().join()
    node.update(other)
    assert len(node.child_graph.nodes()) == 2
    parent.instantiate().close()


@pytest.mark.gpu
def test_a_destroyed_node_equals_only_itself_once_its_address_is_reused(device) -> None:
    # The driver hands the address of a destroyed node to nodes made later; a destroyed node
    # object must not then equal the new node, nor be found among the graph's nodes.
    definition = GraphDefinition()
    entry = definition.empty()
    gone = [entry.join() for _ in range(64)]
    addresses = {int(node.handle): node for node in gone}
    hashes = [hash(node) for node in gone]
    for node in gone:
        node.destroy()
    made = [entry.join() for _ in range(64)]
    reused = [(addresses[int(node.handle)], node) for node in made if int(node.handle) in addresses]
    for old, new in reused:
        assert old != new
        assert new != old
        assert old == old
    present = definition.nodes()
    assert not any(node in present for node in gone)
    assert [hash(node) for node in gone] == hashes
    assert reused, "the driver reused no address of the 64 destroyed nodes: the test checked nothing"


@pytest.mark.gpu
def test_a_node_destroyed_on_another_thread_releases_what_it_used(device) -> None:
    # Releases run on the main thread: what the driver's destructor queues during a destroy()
    # on another thread is released by a call scheduled for the main thread, which its
    # bytecode below runs.
    class Payload:
        def __call__(self) -> None:
            pass

    payload = Payload()
    alive = weakref.ref(payload)
    definition = GraphDefinition()
    node = definition.callback(payload)
    del payload
    worker = threading.Thread(target=node.destroy)
    worker.start()
    worker.join()
    assert not node.is_valid
    deadline = time.monotonic() + 10
    while alive() is not None and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.01)
    assert alive() is None
    assert definition.nodes() == set()


@pytest.mark.gpu
def test_a_destroy_the_driver_refuses_leaves_the_node_s_record(device) -> None:
    # destroy() takes the node's record out before asking the driver, and puts it back when
    # the driver refuses (it deletes no node of a graph that allocates memory): the node
    # still reports its event, which the graph keeps alive.
    event = device.create_event()
    alive = weakref.ref(event)
    definition = GraphDefinition()
    allocation = definition.allocate(1024)
    node = allocation.record(event)
    node.deallocate(allocation.dptr)
    with pytest.raises(CUDAError):
        node.destroy()
    assert node.is_valid
    assert node.event is event
    del event
    gc.collect()
    assert alive() is not None
    assert node.event is alive()


@pytest.mark.gpu
def test_destroyed_node_objects_collected_after_their_addresses_were_reused_leave_the_new_nodes_found(device) -> None:
    # destroy() removes a node's record at once, so the object's deallocation skips the
    # registry. The old objects here go only after new nodes took their addresses: the
    # new nodes must stay the objects the graph's queries return, with what they hold.
    definition = GraphDefinition()
    entry = definition.empty()
    old = [entry.join() for _ in range(64)]
    addresses = {int(node.handle) for node in old}
    for node in old:
        node.destroy()
    new = [entry.join() for _ in range(128)]
    assert addresses & {int(node.handle) for node in new}, "no address was reused: the test checked nothing"
    del old, node
    gc.collect()
    found = {id(node) for node in definition.nodes()}
    assert all(id(node) in found for node in new)
    assert all(any(other is node for other in entry.succ) for node in new)
    assert all(node.is_valid for node in new)


@pytest.mark.gpu
def test_node_objects_collected_after_their_addresses_were_reused_leave_the_new_nodes_found(device) -> None:
    # The registry of node objects borrows them: each object removes its own entry when it is
    # deallocated. Here the old objects outlive their driver nodes (destroyed with the graph
    # nested in a child-graph node) and go only after new nodes took their addresses; the
    # new nodes must still be the objects that the graph's queries return.
    outer = GraphDefinition()
    child = outer.embed(GraphDefinition())
    old = [child.child_graph.empty() for _ in range(64)]
    addresses = {int(node.handle) for node in old}
    child.destroy()
    assert not any(node.is_valid for node in old)
    fresh = GraphDefinition()
    entry = fresh.empty()
    new = [entry.join() for _ in range(128)]
    assert addresses & {int(node.handle) for node in new}, "no address was reused: the test checked nothing"
    del old
    gc.collect()
    found = {id(node) for node in fresh.nodes()}
    assert all(id(node) in found for node in new)
    assert all(any(other is node for other in entry.succ) for node in new)


@pytest.mark.gpu
def test_a_definition_its_conditional_node_refers_back_to_is_collected_with_what_it_holds(device, stream) -> None:
    # The conditional node's record holds its branches, definitions whose boxes keep the
    # root's box alive, and its condition, which keeps the root's box too: a cycle through
    # the records, which hold C references the garbage collector must still be shown. If it
    # were not, the graph would never be destroyed and the body's buffer never freed.
    from cuda.core import DeviceMemoryResource, DeviceMemoryResourceOptions

    pool = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    buffer = pool.allocate(1 << 20, stream=stream)
    definition = GraphDefinition()
    node = definition.if_then(definition.create_condition(default_value=0))
    node.branches[0].memset(buffer, 1, buffer.size)
    buffer.close(stream)
    collected = weakref.ref(definition)
    del definition, node, buffer
    stream.sync()
    assert pool.attributes.used_mem_current >= 1 << 20
    gc.collect()
    assert collected() is None
    # The driver may run the user objects' destructors later, on a thread of its own.
    deadline = time.monotonic() + 10
    while pool.attributes.used_mem_current and time.monotonic() < deadline:
        release_pending()
        stream.sync()
        time.sleep(0.01)
    assert pool.attributes.used_mem_current == 0
    pool.close()


@pytest.mark.gpu
def test_a_node_found_again_after_its_object_was_collected_reports_and_releases_what_it_held(device) -> None:
    # The record of a node outlives its node object: the object found later (a new one, the
    # first went in a collected cycle) reports the node's event and, destroyed, lets go of it.
    event = device.create_event()
    alive = weakref.ref(event)
    definition = GraphDefinition()
    cycle = [definition.record(event)]
    cycle.append(cycle)
    del cycle
    gc.collect()
    (found,) = definition.nodes()
    assert type(found).__name__ == "EventRecordNode"
    assert found.event is event
    assert next(iter(definition.nodes())) is found
    del event
    gc.collect()
    assert alive() is not None
    found.destroy()
    deadline = time.monotonic() + 10
    while alive() is not None and time.monotonic() < deadline:
        release_pending()
        gc.collect()
        time.sleep(0.01)
    assert alive() is None
    assert definition.nodes() == set()


@pytest.mark.gpu
def test_a_host_callback_waiting_for_the_gil_at_exit_runs_before_the_interpreter_stops(device) -> None:
    # The callback's driver thread asks for the GIL before cuda.core's shutdown handler
    # runs; the handler waits for it with the GIL released. Before, the handler only
    # stopped later callbacks, and this one waited for a finalizing interpreter's GIL.
    done = subprocess.run([sys.executable, "-c", _CALLBACK_AT_EXIT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "callbacks run 1"


@pytest.mark.gpu
def test_a_release_stranded_by_a_full_pending_call_queue_is_scheduled_after_a_collection(device) -> None:
    # A graph's payload is released by a call scheduled with Py_AddPendingCall; with the
    # interpreter's queue full, the next garbage collection schedules it again.
    done = subprocess.run(
        [sys.executable, "-c", _RELEASE_AFTER_A_FULL_QUEUE], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["stranded True", "released True"]


@pytest.mark.gpu
def test_nodes_destroyed_on_the_main_thread_release_what_they_used_after_an_import_on_another_thread(
    device,
) -> None:
    # destroy() drops, on the main thread, what the driver's destructor queued during the
    # call, through the main thread's flag; when cuda.core was first imported on another
    # thread, the flag is found on each call instead of through the pointer set at import.
    done = subprocess.run(
        [sys.executable, "-c", _RELEASE_AFTER_AN_IMPORT_ON_ANOTHER_THREAD],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "released True"
