# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Explicit graphs: GraphDefinition, its node classes, conditions and executable-node views.

The GPU tests build a definition with every kind of node, read every
property of every node class, edit edges, instantiate and launch the
graph, and check what it computed; then they change the nodes of the
executable graph through ``graph[node]`` and check the next launches.
"""

from __future__ import annotations

import ctypes
import gc
import inspect

import numpy as np
import pytest

import cuda.core.graph
from cuda.core import LaunchConfig, LegacyPinnedMemoryResource, Program, ProgramOptions, launch
from cuda.core._utils.cuda_utils import CUDAError
from cuda.core.graph import (
    AllocNode,
    ChildGraphNode,
    ConditionalNode,
    EmptyNode,
    EventRecordNode,
    EventWaitNode,
    ExecutableChildGraphNode,
    ExecutableEventRecordNode,
    ExecutableEventWaitNode,
    ExecutableGraphNode,
    ExecutableHostCallbackNode,
    ExecutableKernelNode,
    ExecutableMemcpyNode,
    ExecutableMemsetNode,
    FreeNode,
    Graph,
    GraphBuilder,
    GraphCondition,
    GraphDebugPrintOptions,
    GraphDefinition,
    GraphNode,
    HostCallbackNode,
    IfElseNode,
    IfNode,
    KernelNode,
    MemcpyNode,
    MemsetNode,
    SwitchNode,
    WhileNode,
)

N = 1024
BLOCK = 128

# acc[i] += add[i], byte by byte, for i < n.
ACCUMULATE = r"""
extern "C" __global__ void accumulate(unsigned char* acc, const unsigned char* add, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        acc[i] += add[i];
    }
}
"""

# Set a graph condition from device code.
SET_CONDITION = r"""
extern "C" __device__ __cudart_builtin__ void CUDARTAPI cudaGraphSetConditional(
    cudaGraphConditionalHandle handle, unsigned int value);

extern "C" __global__ void set_condition(cudaGraphConditionalHandle handle, unsigned int value) {
    cudaGraphSetConditional(handle, value);
}
"""

NODE_CLASSES = (
    AllocNode,
    ChildGraphNode,
    ConditionalNode,
    EmptyNode,
    EventRecordNode,
    EventWaitNode,
    FreeNode,
    HostCallbackNode,
    IfElseNode,
    IfNode,
    KernelNode,
    MemcpyNode,
    MemsetNode,
    SwitchNode,
    WhileNode,
)

EXECUTABLE_CLASSES = (
    ExecutableChildGraphNode,
    ExecutableEventRecordNode,
    ExecutableEventWaitNode,
    ExecutableGraphNode,
    ExecutableHostCallbackNode,
    ExecutableKernelNode,
    ExecutableMemcpyNode,
    ExecutableMemsetNode,
)


def host_bytes(buffer, size: int | None = None) -> np.ndarray:
    """Return a copy of a host-accessible buffer's contents as bytes."""
    size = buffer.size if size is None else size
    return np.frombuffer(ctypes.string_at(int(buffer.handle), size), dtype=np.uint8).copy()


@pytest.fixture
def accumulate(device):
    """Return the ``accumulate`` kernel, compiled for the device."""
    program = Program(ACCUMULATE, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    kernel = program.compile("cubin").get_kernel("accumulate")
    yield kernel
    program.close()


@pytest.fixture
def set_condition(device):
    """Return the ``set_condition`` kernel, or skip where NVRTC cannot compile it."""
    program = Program(SET_CONDITION, "c++", ProgramOptions(std="c++17", arch=f"sm_{device.arch}"))
    try:
        kernel = program.compile("cubin").get_kernel("set_condition")
    except Exception as exc:  # noqa: BLE001 - each implementation raises its own NVRTC error
        program.close()
        pytest.skip(f"NVRTC cannot compile cudaGraphSetConditional here: {exc}")
    yield kernel
    program.close()


@pytest.fixture
def buffers(device, stream):
    """Return two device buffers and two pinned host buffers of N bytes, closed afterwards."""
    mr = device.memory_resource
    pinned = LegacyPinnedMemoryResource()
    made = [mr.allocate(N, stream=stream), mr.allocate(N, stream=stream), pinned.allocate(N), pinned.allocate(N)]
    stream.sync()
    yield made
    for buffer in made:
        buffer.close()


def test_graph_module_exports_the_definition_api() -> None:
    names = {cls.__name__ for cls in (*NODE_CLASSES, *EXECUTABLE_CLASSES)}
    names |= {"Graph", "GraphBuilder", "GraphCompleteOptions", "GraphDebugPrintOptions"}
    names |= {"GraphCondition", "GraphDefinition", "GraphNode"}
    assert names <= set(cuda.core.graph.__all__)
    for name in names:
        assert hasattr(cuda.core.graph, name)


def test_node_classes_derive_from_graph_node() -> None:
    for cls in NODE_CLASSES:
        assert issubclass(cls, GraphNode)
    for cls in (IfNode, IfElseNode, WhileNode, SwitchNode):
        assert issubclass(cls, ConditionalNode)
    for cls in EXECUTABLE_CLASSES:
        assert issubclass(cls, ExecutableGraphNode)
    assert not issubclass(ExecutableGraphNode, GraphNode)


@pytest.mark.parametrize("cls", [GraphNode, *NODE_CLASSES], ids=lambda cls: cls.__name__)
def test_a_node_class_called_directly_makes_an_invalid_placeholder(cls) -> None:
    node = cls()
    assert isinstance(node, GraphNode)
    assert not node.is_valid
    assert node.handle is None
    assert node.type is None
    assert isinstance(repr(node), str)


def test_a_condition_called_directly_has_handle_zero() -> None:
    condition = GraphCondition()
    assert int(condition.handle) == 0
    assert condition == GraphCondition()
    assert hash(condition) == hash(GraphCondition())
    assert isinstance(repr(condition), str)


@pytest.mark.parametrize("cls", EXECUTABLE_CLASSES, ids=lambda cls: cls.__name__)
def test_executable_node_views_are_not_instantiated_directly(cls) -> None:
    with pytest.raises(RuntimeError, match="directly constructing an executable graph node is not supported"):
        cls()


def test_definition_methods_and_graph_getitem_exist() -> None:
    for name in (
        "allocate",
        "callback",
        "create_condition",
        "deallocate",
        "debug_dot_print",
        "edges",
        "embed",
        "empty",
        "if_else",
        "if_then",
        "instantiate",
        "join",
        "launch",
        "memcpy",
        "memset",
        "nodes",
        "record",
        "switch",
        "wait",
        "while_loop",
    ):
        assert callable(getattr(GraphDefinition, name))
    for name in ("callback", "create_condition", "if_else", "if_then", "switch", "while_loop"):
        assert callable(getattr(GraphBuilder, name))
    assert inspect.isdatadescriptor(GraphBuilder.graph_definition)
    assert callable(Graph.__getitem__)


@pytest.mark.gpu
def test_definition_nodes_properties_edges_and_launch(device, stream, accumulate, buffers, tmp_path) -> None:
    from cuda.bindings import driver

    acc, add, out, _ = buffers
    config = LaunchConfig(grid=(N + BLOCK - 1) // BLOCK, block=BLOCK)

    definition = GraphDefinition()
    assert definition.is_valid
    assert int(definition.handle) != 0
    assert definition == definition
    assert hash(definition) == hash(definition)
    assert isinstance(repr(definition), str)
    assert definition.nodes() == set()
    assert definition.edges() == set()

    # acc = 0; add = 3 (in a child graph); acc += add; out = acc.
    zero = definition.memset(acc, 0, N)
    assert isinstance(zero, MemsetNode)
    assert isinstance(zero, GraphNode)
    assert zero.dptr == int(acc.handle)
    assert zero.value == 0
    assert zero.element_size == 1
    assert zero.width == N
    assert zero.height == 1
    assert isinstance(zero.pitch, int)
    assert zero.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_MEMSET
    assert int(zero.handle) != 0
    assert zero.graph == definition
    assert zero.is_valid
    assert isinstance(repr(zero), str)

    child = GraphDefinition()
    child.memset(add, 3, N)
    three = definition.embed(child)
    assert isinstance(three, ChildGraphNode)
    inner = three.child_graph
    assert isinstance(inner, GraphDefinition)
    (inner_memset,) = inner.nodes()
    assert isinstance(inner_memset, MemsetNode)
    assert inner_memset.value == 3

    joined = definition.join(zero, three)
    assert isinstance(joined, EmptyNode)
    assert set(joined.pred) == {zero, three}
    assert len(joined.pred) == 2
    assert zero in joined.pred
    assert joined in zero.succ
    assert isinstance(repr(joined.pred), str)

    kernel_node = joined.launch(config, accumulate, acc, add, np.uint32(N))
    assert isinstance(kernel_node, KernelNode)
    assert kernel_node.grid == ((N + BLOCK - 1) // BLOCK, 1, 1)
    assert kernel_node.block == (BLOCK, 1, 1)
    assert kernel_node.shmem_size == 0
    assert kernel_node.kernel == accumulate
    assert isinstance(kernel_node.config, LaunchConfig)
    assert kernel_node.config.block == (BLOCK, 1, 1)
    assert kernel_node.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_KERNEL

    copy = kernel_node.memcpy(out, acc, N)
    assert isinstance(copy, MemcpyNode)
    assert copy.dst == int(out.handle)
    assert copy.src == int(acc.handle)
    assert copy.size == N

    event = device.create_event()
    recorded = copy.record(event)
    assert isinstance(recorded, EventRecordNode)
    assert recorded.event == event
    waited = recorded.wait(event)
    assert isinstance(waited, EventWaitNode)
    assert waited.event == event

    calls = []

    def note() -> None:
        calls.append("called")

    host = waited.callback(note)
    assert isinstance(host, HostCallbackNode)
    assert callable(host.callback)

    # Edges can be edited through pred and succ; destroy removes a node.
    spare = definition.empty()
    assert isinstance(spare, EmptyNode)
    spare.succ.add(zero)
    assert spare in zero.pred
    spare.succ.discard(zero)
    assert spare not in zero.pred
    spare.succ.add(zero)
    assert zero in spare.succ
    spare.succ -= {zero}
    assert len(spare.succ) == 0
    spare.succ.update([zero])
    spare.succ.clear()
    spare.pred = []
    spare.succ = [zero]
    assert set(zero.pred) == {spare}
    spare.destroy()
    assert not spare.is_valid
    spare.destroy()
    assert len(zero.pred) == 0

    nodes = definition.nodes()
    assert nodes == {zero, three, joined, kernel_node, copy, recorded, waited, host}
    edges = definition.edges()
    assert (zero, joined) in edges
    assert (joined, kernel_node) in edges
    assert len(edges) == 7

    dot = tmp_path / "definition.dot"
    definition.debug_dot_print(str(dot), GraphDebugPrintOptions(verbose=True))
    assert dot.exists()

    graph = definition.instantiate()
    assert isinstance(graph, Graph)
    graph.launch(stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(out), np.full(N, 3, dtype=np.uint8))
    assert calls == ["called"]
    graph.launch(stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(out), np.full(N, 3, dtype=np.uint8))
    assert calls == ["called", "called"]
    graph.close()
    event.close()


@pytest.mark.gpu
def test_definition_node_updates_and_graph_update(device, stream, accumulate, buffers) -> None:
    acc, add, out, out2 = buffers
    config = LaunchConfig(grid=(N + BLOCK - 1) // BLOCK, block=BLOCK)
    definition = GraphDefinition()
    zero = definition.memset(acc, 0, N)
    child = GraphDefinition()
    child.memset(add, 3, N)
    embedded = zero.embed(child)
    kernel_node = embedded.launch(config, accumulate, acc, add, np.uint32(N))
    copy = kernel_node.memcpy(out, acc, N)
    first, second = device.create_event(), device.create_event()
    recorded = copy.record(first)
    waited = recorded.wait(first)
    calls = []
    host = waited.callback(lambda: calls.append(1))
    graph = definition.instantiate()
    graph.launch(stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(out), np.full(N, 3, dtype=np.uint8))

    # Change every node of the definition, then the executable graph from it.
    zero.update(value=1)
    assert zero.value == 1
    other_child = GraphDefinition()
    other_child.memset(add, 5, N)
    embedded.update(other_child)
    kernel_node.update(config=config, kernel=accumulate, args=(acc, add, np.uint32(N // 2)))
    assert kernel_node.kernel == accumulate
    copy.update(dst=out2)
    assert copy.dst == int(out2.handle)
    assert copy.size == N
    recorded.update(second)
    assert recorded.event == second
    waited.update(second)
    assert waited.event == second
    host.update(lambda: calls.append(2))
    graph.update(definition)
    graph.launch(stream)
    stream.sync()
    expected = np.concatenate([np.full(N // 2, 6, dtype=np.uint8), np.full(N - N // 2, 1, dtype=np.uint8)])
    np.testing.assert_array_equal(host_bytes(out2), expected)
    assert calls == [1, 2]
    graph.close()
    first.close()
    second.close()


@pytest.mark.gpu
def test_executable_node_views_change_future_launches(device, stream, accumulate, buffers) -> None:
    acc, add, out, out2 = buffers
    config = LaunchConfig(grid=(N + BLOCK - 1) // BLOCK, block=BLOCK)
    definition = GraphDefinition()
    zero = definition.memset(acc, 0, N)
    child = GraphDefinition()
    child.memset(add, 3, N)
    embedded = zero.embed(child)
    kernel_node = embedded.launch(config, accumulate, acc, add, np.uint32(N))
    copy = kernel_node.memcpy(out, acc, N)
    first, second = device.create_event(), device.create_event()
    recorded = copy.record(first)
    waited = recorded.wait(first)
    calls = []
    host = waited.callback(lambda: calls.append("first"))
    graph = definition.instantiate()

    kernel_view = graph[kernel_node]
    assert isinstance(kernel_view, ExecutableKernelNode)
    assert isinstance(kernel_view, ExecutableGraphNode)
    assert isinstance(repr(kernel_view), str)
    assert kernel_view.is_enabled
    kernel_view.disable()
    assert not kernel_view.is_enabled
    graph.launch(stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(out), np.zeros(N, dtype=np.uint8))
    kernel_view.enable()
    assert kernel_view.is_enabled
    kernel_view.update(config=config, kernel=accumulate, args=(acc, add, np.uint32(N // 2)))

    memset_view = graph[zero]
    assert isinstance(memset_view, ExecutableMemsetNode)
    memset_view.update(dst=acc, value=1, width=N)
    memset_view.disable()
    assert not memset_view.is_enabled
    memset_view.enable()
    assert memset_view.is_enabled

    copy_view = graph[copy]
    assert isinstance(copy_view, ExecutableMemcpyNode)
    copy_view.update(dst=out2, src=acc, size=N)
    copy_view.disable()
    assert not copy_view.is_enabled
    copy_view.enable()
    assert copy_view.is_enabled

    child_view = graph[embedded]
    assert isinstance(child_view, ExecutableChildGraphNode)
    other_child = GraphDefinition()
    other_child.memset(add, 5, N)
    child_view.update(other_child)

    record_view = graph[recorded]
    assert isinstance(record_view, ExecutableEventRecordNode)
    record_view.update(second)
    wait_view = graph[waited]
    assert isinstance(wait_view, ExecutableEventWaitNode)
    wait_view.update(second)
    host_view = graph[host]
    assert isinstance(host_view, ExecutableHostCallbackNode)
    host_view.update(lambda: calls.append("second"))

    graph.launch(stream)
    stream.sync()
    expected = np.concatenate([np.full(N // 2, 6, dtype=np.uint8), np.full(N - N // 2, 1, dtype=np.uint8)])
    np.testing.assert_array_equal(host_bytes(out2), expected)
    assert calls == ["first", "second"]
    graph.close()
    first.close()
    second.close()


@pytest.mark.gpu
def test_allocation_nodes_and_ctypes_callbacks(device, stream, buffers) -> None:
    _, _, out, _ = buffers
    definition = GraphDefinition()
    alloc = definition.allocate(N)
    assert isinstance(alloc, AllocNode)
    assert alloc.bytesize == N
    assert alloc.dptr != 0
    assert alloc.device_id == device.device_id
    assert alloc.memory_type == "device"
    assert alloc.peer_access == ()
    assert isinstance(repr(alloc), str)

    filled = alloc.memset(alloc.dptr, b"\x09", N, dst_owner=alloc)
    assert filled.value == 9
    copied = filled.memcpy(out, alloc.dptr, N)
    freed = copied.deallocate(alloc.dptr)
    assert isinstance(freed, FreeNode)
    assert freed.dptr == alloc.dptr

    seen = []
    prototype = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    function = prototype(lambda address: seen.append(ctypes.string_at(address, 3)))
    host = freed.callback(function, user_data=b"abc")
    assert isinstance(host, HostCallbackNode)
    assert host.callback is None

    with pytest.raises(ValueError, match="user_data"):
        definition.callback(lambda: None, user_data=1)
    with pytest.raises(TypeError):
        definition.callback(ctypes.CFUNCTYPE(ctypes.c_int)(lambda: 0))
    with pytest.raises(ValueError, match="dst_owner"):
        definition.memset(out, 0, N, dst_owner=out)

    graph = definition.instantiate()
    graph.launch(stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(out), np.full(N, 9, dtype=np.uint8))
    assert seen == [b"abc"]
    graph.close()

    wide = GraphDefinition()
    alloc = wide.allocate(N, device=device, memory_type="device", peer_access=None)
    pattern = wide.memset(alloc.dptr, (0x04030201).to_bytes(4, "little"), N // 4)
    assert pattern.element_size == 4
    assert pattern.value == 0x04030201
    assert pattern.width == N // 4
    pattern.deallocate(alloc.dptr)


@pytest.mark.gpu
def test_definition_conditional_nodes(device, stream, buffers) -> None:
    flags, _, out, _ = buffers
    base = int(flags.handle)
    definition = GraphDefinition()
    if_condition = definition.create_condition(default_value=1)
    assert isinstance(if_condition, GraphCondition)
    assert if_condition == if_condition
    assert hash(if_condition) == hash(if_condition)
    assert isinstance(repr(if_condition), str)
    int(if_condition.handle)
    else_condition = definition.create_condition(default_value=0)
    switch_condition = definition.create_condition(default_value=1)
    while_condition = definition.create_condition(default_value=0)

    zero = definition.memset(flags, 0, 16)
    if_node = zero.if_then(if_condition)
    assert isinstance(if_node, IfNode)
    assert isinstance(if_node, ConditionalNode)
    assert if_node.condition == if_condition
    assert if_node.cond_type == "if"
    assert len(if_node.branches) == 1
    assert if_node.then == if_node.branches[0]
    if_node.then.memset(base, 1, 4, dst_owner=flags)

    if_else = if_node.if_else(else_condition)
    assert isinstance(if_else, IfElseNode)
    assert if_else.cond_type == "if"
    assert len(if_else.branches) == 2
    if_else.then.memset(base + 4, 2, 4)
    if_else.else_.memset(base + 4, 3, 4)

    switch = if_else.switch(switch_condition, 3)
    assert isinstance(switch, SwitchNode)
    assert switch.cond_type == "switch"
    assert len(switch.branches) == 3
    for value, branch in enumerate(switch.branches):
        assert isinstance(branch, GraphDefinition)
        branch.memset(base + 8, 4 + value, 4)

    loop = switch.while_loop(while_condition)
    assert isinstance(loop, WhileNode)
    assert loop.cond_type == "while"
    assert loop.condition == while_condition
    loop.body.memset(base + 12, 7, 4)
    loop.memcpy(out, flags, 16)
    assert {if_node, if_else, switch, loop} <= definition.nodes()
    for node, condition in (
        (if_node, if_condition),
        (if_else, else_condition),
        (switch, switch_condition),
        (loop, while_condition),
    ):
        assert node.condition == condition
        assert isinstance(node.branches, tuple)
        assert all(isinstance(branch, GraphDefinition) for branch in node.branches)
    assert isinstance(repr(switch), str)

    graph = definition.instantiate()
    graph.launch(stream)
    stream.sync()
    expected = np.repeat(np.array([1, 3, 5, 0], dtype=np.uint8), 4)
    np.testing.assert_array_equal(host_bytes(out, 16), expected)
    graph.close()

    entry = GraphDefinition()
    assert isinstance(entry.if_then(entry.create_condition()), IfNode)
    assert isinstance(entry.if_else(entry.create_condition()), IfElseNode)
    assert isinstance(entry.switch(entry.create_condition(), 2), SwitchNode)
    assert isinstance(entry.while_loop(entry.create_condition()), WhileNode)


@pytest.mark.gpu
def test_graph_builder_conditionals_callback_and_definition(device, stream, set_condition, buffers) -> None:
    flags, _, out, _ = buffers
    base = int(flags.handle)
    one = LaunchConfig(grid=1, block=1)
    builder = device.create_graph_builder().begin_building()
    flags.fill(0, stream=builder)

    if_condition = builder.create_condition(default_value=0)
    assert isinstance(if_condition, GraphCondition)
    launch(builder, one, set_condition, if_condition, np.uint32(1))
    body = builder.if_then(if_condition)
    assert isinstance(body, GraphBuilder)
    body_definition = body.graph_definition
    assert isinstance(body_definition, GraphDefinition)
    body.begin_building()
    with pytest.raises(RuntimeError):
        _ = body.graph_definition
    flags.fill(1, stream=body)
    body.end_building()

    else_condition = builder.create_condition(default_value=0)
    then_body, else_body = builder.if_else(else_condition)
    then_body.graph_definition.memset(base + 4, 2, 4)
    else_body.graph_definition.memset(base + 4, 3, 4)

    switch_condition = builder.create_condition(default_value=2)
    cases = builder.switch(switch_condition, 3)
    assert len(cases) == 3
    for value, case in enumerate(cases):
        case.graph_definition.memset(base + 8, 4 + value, 4)

    while_condition = builder.create_condition(default_value=0)
    loop = builder.while_loop(while_condition)
    loop.graph_definition.memset(base + 12, 9, 4)

    calls = []
    builder.callback(lambda: calls.append("called"))
    with pytest.raises(ValueError, match="user_data"):
        builder.callback(lambda: None, user_data=b"x")
    flags.copy_to(out, stream=builder)
    builder.end_building()

    definition = builder.graph_definition
    assert isinstance(definition, GraphDefinition)
    conditionals = [node for node in definition.nodes() if isinstance(node, ConditionalNode)]
    assert len(conditionals) == 4

    graph = builder.complete()
    graph.launch(stream)
    stream.sync()
    # The if body filled all flags with 1 before the other bodies ran.
    np.testing.assert_array_equal(host_bytes(out, 16), np.repeat(np.array([1, 3, 6, 1], dtype=np.uint8), 4))
    assert calls == ["called"]
    graph.close()
    for builder_object in (body, then_body, else_body, *cases, loop, builder):
        builder_object.close()
    assert definition.is_valid
    assert len(definition.nodes()) > 0


def every_kind_of_node(
    definition: GraphDefinition, accumulate, buffer, event, *, memory_nodes: bool = True
) -> list[GraphNode]:
    """Add one node of each class to ``definition`` and return them; without ``memory_nodes``, no alloc or free node."""
    config = LaunchConfig(grid=1, block=1)
    nodes = [
        definition.empty(),
        definition.launch(config, accumulate, buffer, buffer, np.uint32(1)),
        definition.memset(buffer, 0, 64),
        definition.memcpy(buffer, buffer, 64),
        definition.embed(GraphDefinition()),
        definition.record(event),
        definition.wait(event),
        definition.callback(lambda: None),
    ]
    if memory_nodes:
        alloc = definition.allocate(64)
        nodes += [alloc, alloc.deallocate(alloc.dptr)]
    return [
        *nodes,
        definition.if_then(definition.create_condition()),
        definition.if_else(definition.create_condition()),
        definition.switch(definition.create_condition(), 2),
        definition.while_loop(definition.create_condition()),
    ]


@pytest.mark.gpu
def test_every_node_class_takes_every_kind_of_dependent(device, accumulate, buffers) -> None:
    buffer = buffers[0]
    event = device.create_event()
    definition = GraphDefinition()
    config = LaunchConfig(grid=1, block=1)
    classes = set()
    for node in every_kind_of_node(definition, accumulate, buffer, event):
        classes.add(type(node))
        assert node.is_valid
        assert node.graph == definition
        assert int(node.handle) != 0
        assert node.type is not None
        before = set(node.succ)
        dependents = [
            node.join(),
            node.launch(config, accumulate, buffer, buffer, np.uint32(1)),
            node.memset(buffer, 0, 64),
            node.memcpy(buffer, buffer, 64),
            node.embed(GraphDefinition()),
            node.record(event),
            node.wait(event),
            # A host callback node's own `callback` is the function it calls: take the builder from the base.
            GraphNode.callback(node, lambda: None),
            node.allocate(64),
            node.deallocate(definition.allocate(64).dptr),
            node.if_then(definition.create_condition()),
            node.if_else(definition.create_condition()),
            node.switch(definition.create_condition(), 2),
            node.while_loop(definition.create_condition()),
        ]
        assert set(node.succ) == before | set(dependents)
        for dependent in dependents:
            assert set(dependent.pred) == {node}
    assert classes == set(NODE_CLASSES) - {ConditionalNode}
    event.close()


@pytest.mark.gpu
def test_edges_are_edited_and_nodes_destroyed_without_memory_nodes(device, accumulate, buffers) -> None:
    buffer = buffers[0]
    event = device.create_event()
    definition = GraphDefinition()
    nodes = every_kind_of_node(definition, accumulate, buffer, event, memory_nodes=False)
    for index, node in enumerate(nodes):
        others = nodes[index + 1 :]
        if len(others) >= 3:
            node.succ = others[:2]
            assert set(node.succ) == set(others[:2])
            node.succ = others[1:3]
            assert set(node.succ) == set(others[1:3])
            assert node in others[2].pred
            assert node not in others[0].pred
            node.pred = [others[0]]
            assert set(node.pred) == {others[0]}
            node.pred = []
            assert len(node.pred) == 0
        node.destroy()
        assert not node.is_valid
        assert all(node not in other.pred for other in others)
    assert definition.nodes() == set()
    event.close()


@pytest.mark.gpu
def test_nodes_whose_objects_were_collected_are_found_again(device) -> None:
    # Users drop node objects and keep the graph; driver nodes are destroyed
    # and others added, which may reuse their addresses. Each time, the
    # definition's nodes are the driver's, of the right class, and usable.
    definition = GraphDefinition()
    kept = definition.empty()
    for round_ in range(3):
        for _ in range(700):
            kept.join()
        gc.collect()
        found = definition.nodes()
        assert len(found) == 1 + 700 * (round_ + 1)
        assert kept in found
        assert all(type(node) is EmptyNode and node.is_valid for node in found)
    for node in list(kept.succ):
        node.destroy()
        assert not node.is_valid
    added = [kept.join() for _ in range(50)]
    gc.collect()
    assert set(kept.succ) == set(added)
    assert all(node.is_valid for node in added)
    assert definition.nodes() == {kept, *added}
    del added
    gc.collect()
    (first, *_rest) = sorted(kept.succ, key=lambda node: int(node.handle))
    first.destroy()
    assert len(kept.succ) == 49
    assert first not in definition.nodes()


@pytest.mark.gpu
def test_an_in_place_union_with_a_live_set_adds_the_edges(device, known_upstream_bug) -> None:
    known_upstream_bug(
        "cuda-core 1.2.2's pred and succ setters clear a node's edges before they read the value, and "
        "`node.succ |= {other}` passes them that same live set: every edge is lost "
        "(seen on H100s with driver 580, 2026-11-27)"
    )
    definition = GraphDefinition()
    first = definition.empty()
    second = definition.empty()
    third = first.join()
    first.succ |= {second}
    assert set(first.succ) == {second, third}
    third.pred |= {second}
    assert set(third.pred) == {first, second}


@pytest.mark.gpu
def test_a_graph_with_memory_nodes_keeps_its_edges(device) -> None:
    # The driver refuses to remove any edge from a graph that has allocation or free nodes.
    definition = GraphDefinition()
    alloc = definition.allocate(64)
    free = alloc.deallocate(alloc.dptr)
    first = definition.empty()
    second = first.join()
    with pytest.raises(CUDAError):
        first.succ = []
    assert set(first.succ) == {second}
    with pytest.raises(CUDAError):
        first.succ.discard(second)
    assert set(free.pred) == {alloc}


@pytest.mark.gpu
def test_edge_sets_take_the_set_operators(device) -> None:
    definition = GraphDefinition()
    a, b, c = definition.empty(), definition.empty(), definition.empty()
    a.succ.add(b)
    succ = a.succ
    union = succ | {c}
    assert union == {b, c}
    assert type(union) is set
    assert succ & {b, c} == {b}
    assert succ - {b} == set()
    assert succ ^ {c} == {b, c}
    assert {c} | succ == {b, c}
    saved = a.succ
    saved |= {c}
    assert set(a.succ) == {b, c}
    saved -= {b}
    assert set(a.succ) == {c}
    saved ^= {b}
    assert set(a.succ) == {b, c}
    saved &= {b}
    assert set(a.succ) == {b}
    assert set(b.pred) == {a}
    with pytest.raises(TypeError, match="has incorrect type"):
        a.succ.add(1)
    with pytest.raises(TypeError, match="expected GraphNode, got int"):
        a.succ.update([1])
    assert set(a.succ) == {b}
    with pytest.raises(ValueError, match="must belong to the same GraphDefinition"):
        a.succ.add(GraphDefinition().empty())


def test_a_kernel_node_refuses_a_cluster_or_a_cooperative_launch(device, accumulate, buffers) -> None:
    # A kernel node's parameters hold no cluster and no cooperative flag: a kernel that needs either
    # would run without it, so adding or updating such a node is refused before the driver is asked.
    acc, add, _, _ = buffers
    args = (acc, add, np.uint32(N))
    plain = LaunchConfig(grid=1, block=BLOCK)
    refused = [LaunchConfig(grid=1, cluster=1, block=BLOCK), LaunchConfig(grid=1, block=BLOCK, is_cooperative=True)]
    definition = GraphDefinition()
    node = definition.launch(plain, accumulate, *args)
    for config in refused:
        with pytest.raises(NotImplementedError, match="clustered or cooperative graph kernel nodes"):
            definition.launch(config, accumulate, *args)
        with pytest.raises(NotImplementedError, match="clustered or cooperative graph kernel nodes"):
            node.launch(config, accumulate, *args)
        with pytest.raises(NotImplementedError, match="updating clustered or cooperative kernel nodes"):
            node.update(config=config)
    assert definition.nodes() == {node}
    assert node.config.grid == plain.grid
    graph = definition.instantiate()
    for config in refused:
        with pytest.raises(NotImplementedError, match="updating clustered or cooperative kernel nodes"):
            graph[node].update(config=config, kernel=accumulate, args=args)
    graph.close()
