# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The reference's graph builders and graphs: closing, and the errors of closed objects."""

from __future__ import annotations

import gc
import warnings

import pytest

from cuda.core import GraphMemoryResource, GraphMemoryResourceAttributes, launch
from cuda.core.graph import Graph, GraphBuilder, GraphDebugPrintOptions, GraphDefinition


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
