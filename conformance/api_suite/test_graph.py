# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA graphs: stream capture with GraphBuilder, executable Graphs and GraphMemoryResource."""

from __future__ import annotations

import ctypes
import dataclasses

import numpy as np
import pytest

import cuda.core
from cuda.core import (
    GraphMemoryResource,
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
    launch,
)
from cuda.core.graph import Graph, GraphBuilder, GraphCompleteOptions, GraphDebugPrintOptions

N = 1024
BLOCK = 128

# acc[i] += add[i], byte by byte.
ACCUMULATE = r"""
extern "C" __global__ void accumulate(unsigned char* acc, const unsigned char* add, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        acc[i] += add[i];
    }
}
"""


def host_bytes(buffer) -> np.ndarray:
    """Return a copy of a host-accessible buffer's contents as bytes."""
    return np.frombuffer(ctypes.string_at(int(buffer.handle), buffer.size), dtype=np.uint8).copy()


@pytest.fixture
def accumulate(device):
    """Return the ``accumulate`` kernel, compiled for the device."""
    program = Program(ACCUMULATE, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    kernel = program.compile("cubin").get_kernel("accumulate")
    yield kernel
    program.close()


def test_graph_module_names() -> None:
    import cuda.core.graph

    for name in ("Graph", "GraphBuilder", "GraphCompleteOptions", "GraphDebugPrintOptions"):
        assert name in cuda.core.graph.__all__
        assert hasattr(cuda.core.graph, name)
    assert "GraphMemoryResource" in cuda.core.__all__
    assert hasattr(cuda.core.Device, "create_graph_builder")
    assert hasattr(cuda.core.Stream, "create_graph_builder")


def test_graph_objects_are_not_instantiated_directly() -> None:
    with pytest.raises(NotImplementedError):
        GraphBuilder()
    with pytest.raises(RuntimeError):
        Graph()


def test_graph_options_are_dataclasses_with_false_defaults() -> None:
    complete = GraphCompleteOptions()
    assert dataclasses.asdict(complete) == {
        "auto_free_on_launch": False,
        "upload_stream": None,
        "device_launch": False,
        "use_node_priority": False,
    }
    debug = GraphDebugPrintOptions()
    fields = [field.name for field in dataclasses.fields(debug)]
    assert fields[0] == "verbose"
    assert fields[-1] == "conditional_node_params"
    assert len(fields) == 16
    assert not any(dataclasses.asdict(debug).values())


def test_graph_builder_join_checks_its_arguments() -> None:
    with pytest.raises(TypeError):
        GraphBuilder.join(1, 2)
    with pytest.raises(ValueError, match="at least two"):
        GraphBuilder.join()


def test_graph_memory_resource_is_one_per_device() -> None:
    mr = GraphMemoryResource(0)
    assert GraphMemoryResource(0) is mr
    assert isinstance(mr, cuda.core.MemoryResource)
    assert mr.device_id == 0
    assert mr.is_device_accessible
    assert not mr.is_host_accessible
    mr.close()  # does nothing


@pytest.mark.gpu
def test_capture_fill_and_launch_then_replay(device, stream, accumulate) -> None:
    mr = device.memory_resource
    acc = mr.allocate(N, stream=stream)
    add = mr.allocate(N, stream=stream)
    acc.fill(0, stream=stream)
    stream.sync()

    builder = device.create_graph_builder()
    assert isinstance(builder, GraphBuilder)
    assert not builder.is_building
    assert not builder.is_join_required
    assert builder.begin_building() is builder
    assert builder.is_building
    add.fill(3, stream=builder)
    config = LaunchConfig(grid=(N + BLOCK - 1) // BLOCK, block=BLOCK)
    launch(builder, config, accumulate, acc, add, np.uint32(N))
    assert builder.end_building() is builder
    assert not builder.is_building
    graph = builder.complete()
    assert isinstance(graph, Graph)
    assert int(graph.handle) != 0

    graph.upload(stream)
    graph.launch(stream)
    graph.launch(stream)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    acc.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 6, dtype=np.uint8))

    graph.close()
    assert graph.is_closed
    graph.close()
    builder.close()
    assert builder.is_closed
    for buffer in (acc, add, result):
        buffer.close()


@pytest.mark.gpu
def test_stream_graph_builder_records_on_that_stream(device, stream) -> None:
    builder = stream.create_graph_builder()
    assert builder.stream == stream
    assert builder.__cuda_stream__() == stream.__cuda_stream__()
    buffer = device.memory_resource.allocate(N, stream=stream)
    stream.sync()
    builder.begin_building("thread_local")
    buffer.fill(1, stream=builder)
    graph = builder.end_building().complete(GraphCompleteOptions(upload_stream=stream))
    graph.launch(stream)
    stream.sync()
    graph.close()
    builder.close()
    buffer.close()


@pytest.mark.gpu
def test_graph_builder_state_errors(device, tmp_path) -> None:
    builder = device.create_graph_builder()
    with pytest.raises(RuntimeError):
        builder.end_building()
    with pytest.raises(RuntimeError):
        builder.complete()
    with pytest.raises(RuntimeError):
        builder.debug_dot_print(str(tmp_path / "early.dot"))
    with pytest.raises(ValueError, match="Unsupported build mode"):
        builder.begin_building("sloppy")
    builder.begin_building()
    with pytest.raises(RuntimeError):
        builder.begin_building()
    with pytest.raises(RuntimeError):
        builder.complete()
    with pytest.raises(ValueError, match="split count"):
        builder.split(1)
    builder.end_building()
    with pytest.raises(RuntimeError):
        builder.begin_building()
    with pytest.raises(RuntimeError):
        builder.end_building()
    builder.close()
    builder.close()
    assert builder.is_closed


@pytest.mark.gpu
def test_debug_dot_print_writes_the_graph(device, tmp_path) -> None:
    buffer = device.memory_resource.allocate(N, stream=device.default_stream)
    device.sync()
    builder = device.create_graph_builder().begin_building()
    buffer.fill(2, stream=builder)
    builder.end_building()
    path = tmp_path / "graph.dot"
    builder.debug_dot_print(str(path))
    assert path.read_text().lstrip().startswith("digraph")
    verbose = tmp_path / "verbose.dot"
    builder.debug_dot_print(str(verbose), GraphDebugPrintOptions(verbose=True))
    assert verbose.stat().st_size > 0
    builder.close()
    buffer.close()


@pytest.mark.gpu
def test_split_and_join_record_concurrent_work(device, stream) -> None:
    mr = device.memory_resource
    first = mr.allocate(N, stream=stream)
    second = mr.allocate(N, stream=stream)
    stream.sync()

    builder = device.create_graph_builder().begin_building()
    left, right = builder.split(2)
    assert left is builder
    assert not left.is_join_required
    assert right.is_join_required
    first.fill(4, stream=left)
    second.fill(5, stream=right)
    joined = GraphBuilder.join(left, right)
    assert joined is builder
    assert right.is_closed
    graph = joined.end_building().complete()
    graph.launch(stream)

    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    first.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 4, dtype=np.uint8))
    second.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 5, dtype=np.uint8))
    graph.close()
    builder.close()
    for buffer in (first, second, result):
        buffer.close()


@pytest.mark.gpu
def test_update_takes_the_parameters_of_another_capture(device, stream) -> None:
    buffer = device.memory_resource.allocate(N, stream=stream)
    stream.sync()

    def capture(value: int) -> GraphBuilder:
        builder = device.create_graph_builder().begin_building()
        buffer.fill(value, stream=builder)
        return builder.end_building()

    first = capture(7)
    graph = first.complete()
    second = capture(9)
    graph.update(second)
    graph.launch(stream)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    buffer.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 9, dtype=np.uint8))

    with pytest.raises(TypeError):
        graph.update(object())
    graph.close()
    first.close()
    second.close()
    buffer.close()
    result.close()


@pytest.mark.gpu
def test_graph_memory_resource_allocates_inside_the_graph(device, stream, accumulate) -> None:
    mr = GraphMemoryResource(device)
    assert mr is GraphMemoryResource(device.device_id)
    assert mr.device_id == device.device_id
    assert mr.is_device_accessible
    assert mr.is_host_accessible is False
    assert mr.is_managed is False
    with pytest.raises(RuntimeError):
        mr.allocate(N, stream=stream)  # the stream is not being captured

    acc = device.memory_resource.allocate(N, stream=stream)
    acc.fill(1, stream=stream)
    stream.sync()

    builder = device.create_graph_builder().begin_building()
    scratch = mr.allocate(N, stream=builder)
    assert scratch.size == N
    assert scratch.memory_resource is mr
    assert scratch.is_device_accessible
    scratch.fill(2, stream=builder)
    config = LaunchConfig(grid=(N + BLOCK - 1) // BLOCK, block=BLOCK)
    launch(builder, config, accumulate, acc, scratch, np.uint32(N))
    scratch.close(builder)  # recorded as a free node
    graph = builder.end_building().complete()

    graph.launch(stream)
    graph.launch(stream)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    acc.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 5, dtype=np.uint8))

    attributes = mr.attributes
    assert attributes.used_mem_high >= 0
    assert attributes.reserved_mem_current >= 0
    attributes.used_mem_high = 0
    with pytest.raises(AttributeError):
        attributes.used_mem_high = 1

    graph.close()
    builder.close()
    mr.trim()
    acc.close()
    result.close()


@pytest.mark.gpu
def test_graph_memory_survives_a_graph_without_free(device, stream) -> None:
    mr = GraphMemoryResource(device)
    builder = device.create_graph_builder().begin_building()
    buffer = mr.allocate(N, stream=builder)
    buffer.fill(8, stream=builder)
    graph = builder.end_building().complete(GraphCompleteOptions(auto_free_on_launch=True))
    graph.launch(stream)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    buffer.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 8, dtype=np.uint8))
    graph.launch(stream)  # auto_free_on_launch frees the first launch's memory
    stream.sync()
    buffer.close(stream)
    stream.sync()
    graph.close()
    builder.close()
    result.close()


@pytest.mark.gpu
def test_embed_records_a_finished_builder_as_a_child_graph(device, stream) -> None:
    buffer = device.memory_resource.allocate(N, stream=stream)
    buffer.fill(0, stream=stream)
    stream.sync()
    child = device.create_graph_builder().begin_building()
    buffer.fill(6, stream=child)
    child.end_building()

    parent = device.create_graph_builder()
    with pytest.raises(ValueError, match="not being built"):
        parent.embed(child)
    parent.begin_building()
    unfinished = device.create_graph_builder()
    with pytest.raises(ValueError, match="not finished building"):
        parent.embed(unfinished)
    buffer.fill(1, stream=parent)  # the child graph runs after this
    parent.embed(child)
    graph = parent.end_building().complete()
    graph.launch(stream)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(N)
    buffer.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_bytes(result), np.full(N, 6, dtype=np.uint8))
    graph.close()
    for builder in (child, parent, unfinished):
        builder.close()
    buffer.close()
    result.close()
