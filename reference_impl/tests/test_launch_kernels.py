# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""LaunchConfig, launch, argument packing and Kernel of the reference implementation."""

from __future__ import annotations

import ctypes
import gc
import time

import numpy as np
import pytest

from cuda.core import (
    LEGACY_DEFAULT_STREAM,
    Kernel,
    LaunchConfig,
    LegacyPinnedMemoryResource,
    ObjectCode,
    Program,
    ProgramOptions,
    launch,
)

# Writes each scalar argument, converted to double, into out[0..8].
SCALARS = r"""
struct pair { double re; double im; };

extern "C" __global__ void scalars(
        double* out, signed char a, short b, int c, long long d, unsigned char e,
        float f, double g, bool h, unsigned short half_bits, pair z) {
    out[0] = a; out[1] = b; out[2] = c; out[3] = (double)d; out[4] = e;
    out[5] = f; out[6] = g; out[7] = h ? 1.0 : 0.0; out[8] = half_bits;
    out[9] = z.re; out[10] = z.im;
}
"""
SCALAR_COUNT = 11

# Marks which blocks ran, and how big their cluster was.
BLOCKS = r"""
extern "C" __global__ void mark_blocks(int* out) {
    if (threadIdx.x == 0) {
        out[blockIdx.x] = 1 + blockIdx.x;
    }
}
"""

# Writes its five scalar arguments, converted to double, into out[0..4].
MIXED = r"""
extern "C" __global__ void mixed(double* out, int a, int b, float c, float d, int e) {
    out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e;
}
"""

# Writes x into a[0] and y into b[0].
PAIR = r"""
extern "C" __global__ void pair(int* a, int x, int* b, int y) {
    a[0] = x; b[0] = y;
}
"""


def compile_kernel(device, source: str, name: str) -> Kernel:
    """Compile ``source`` for the device and return its kernel ``name``."""
    options = ProgramOptions(arch=f"sm_{device.arch}")
    return Program(source, "c++", options).compile("cubin").get_kernel(name)


def doubles(buffer, count: int) -> list[float]:
    """Return the first ``count`` doubles of a host-accessible buffer."""
    return np.frombuffer(bytes(memoryview(buffer)), dtype=np.float64)[:count].tolist()


# LaunchConfig checks: the offending value is named.


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"grid": 0, "block": 1}, ValueError, r"grid .*got 0"),
        ({"grid": 1, "block": (32, 0)}, ValueError, r"block .*\(32, 0\)"),
        ({"grid": 1, "block": 1, "cluster": (2, -1)}, ValueError, r"cluster .*\(2, -1\)"),
        ({"grid": (1, 1, 1, 1), "block": 1}, ValueError, "got 4"),
        ({"grid": 1, "block": 2**32}, ValueError, "block"),
        ({"grid": True, "block": 1}, TypeError, "bool"),
        ({"grid": 1.5, "block": 1}, TypeError, "float"),
        ({"grid": 1, "block": 1, "shmem_size": -1}, ValueError, "got -1"),
        ({"grid": 1, "block": 1, "shmem_size": "1k"}, TypeError, "str"),
        ({"block": 1}, ValueError, "grid is required"),
    ],
)
def test_launch_config_names_bad_values(kwargs, error, match) -> None:
    with pytest.raises(error, match=match):
        LaunchConfig(**kwargs)


def test_launch_config_accepts_numpy_integers_and_none_shared_memory() -> None:
    config = LaunchConfig(grid=np.int64(2), block=(np.int32(4), 2), shmem_size=None)
    assert config.grid == (2, 1, 1)
    assert config.block == (4, 2, 1)
    assert config.shmem_size == 0
    assert "grid=(2, 1, 1)" in repr(config)


def test_launch_checks_its_arguments() -> None:
    config = LaunchConfig(grid=1, block=1)
    with pytest.raises(
        TypeError,
        match=r"^Argument 'config' has incorrect type \(expected cuda\.core\._launch_config\.LaunchConfig, got str\)$",
    ):
        launch(LEGACY_DEFAULT_STREAM, "config", None)
    with pytest.raises(
        TypeError, match=r"^Argument 'kernel' has incorrect type \(expected cuda\.core\._module\.Kernel, got str\)$"
    ):
        launch(LEGACY_DEFAULT_STREAM, config, "kernel")
    with pytest.raises(TypeError, match="stream"):
        launch(None, config, None)


def test_kernel_from_handle_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="str"):
        Kernel.from_handle("0x1234")
    with pytest.raises(ValueError, match="0"):
        Kernel.from_handle(0)
    with pytest.raises(TypeError, match="ObjectCode"):
        Kernel.from_handle(0x1234, mod="module")


def test_object_code_that_cannot_be_loaded_says_so() -> None:
    with pytest.raises(RuntimeError, match="'ltoir' cannot be loaded"):
        ObjectCode.from_ltoir(b"\x00").get_kernel("k")
    with pytest.raises(TypeError, match="name"):
        ObjectCode.from_cubin(b"\x00").get_kernel(42)
    with pytest.raises(TypeError, match="module must be bytes"):
        ObjectCode.from_cubin(12)
    with pytest.raises(TypeError, match="symbol_mapping"):
        ObjectCode.from_ptx(b"", symbol_mapping=[("a", "b")])


# On a GPU.


@pytest.mark.gpu
def test_arguments_info_and_count(device) -> None:
    # Audit decision 6: the loop ends at CUDA_ERROR_INVALID_VALUE only.
    kernel = compile_kernel(device, SCALARS, "scalars")
    info = kernel.arguments_info
    assert kernel.num_arguments == len(info) == SCALAR_COUNT
    assert [(p.offset, p.size) for p in info[:3]] == [(0, 8), (8, 1), (10, 2)]
    assert info[-1].size == 16


@pytest.mark.gpu
@pytest.mark.parametrize("style", ["numpy", "ctypes", "python"])
def test_scalar_arguments_are_packed_by_type(device, stream, style) -> None:
    kernel = compile_kernel(device, SCALARS, "scalars")
    out = LegacyPinnedMemoryResource().allocate(8 * SCALAR_COUNT)
    half_bits = int(np.float16(1.5).view(np.uint16))
    if style == "numpy":
        args = (np.int8(-3), np.int16(-300), np.int32(70000), np.int64(-(2**40)), np.uint8(200))
        args += (np.float32(0.25), np.float64(-1.125), np.bool_(True), np.float16(1.5), np.complex128(2.5 - 0.5j))
    elif style == "ctypes":
        args = (ctypes.c_int8(-3), ctypes.c_int16(-300), ctypes.c_int32(70000), ctypes.c_int64(-(2**40)))
        args += (ctypes.c_uint8(200), ctypes.c_float(0.25), ctypes.c_double(-1.125), ctypes.c_bool(True))
        args += (ctypes.c_uint16(half_bits), complex(2.5, -0.5))
    else:
        # A Python int is pointer-sized: right for the long long, and for the
        # narrower integers, whose low bytes are read (little-endian).
        args = (-3, -300, 70000, -(2**40), 200, np.float32(0.25), -1.125, True, half_bits, complex(2.5, -0.5))
    expected = [-3, -300, 70000, -(2**40), 200, 0.25, -1.125, 1.0, half_bits, 2.5, -0.5]
    # The first launch teaches the packer each NumPy type (through its buffer);
    # the second copies each value from where that taught it the value lies.
    for _ in range(2):
        with memoryview(out) as view:
            view[:] = bytes(8 * SCALAR_COUNT)
        launch(stream, LaunchConfig(grid=1, block=1), kernel, out, *args)
        stream.sync()
        assert doubles(out, SCALAR_COUNT) == expected
    out.close()


@pytest.mark.gpu
def test_wrong_argument_counts_and_types_are_refused(device, stream) -> None:
    kernel = compile_kernel(device, BLOCKS, "mark_blocks")
    out = LegacyPinnedMemoryResource().allocate(64)
    config = LaunchConfig(grid=1, block=1)
    with pytest.raises(TypeError, match="takes 1 argument"):
        launch(stream, config, kernel)
    with pytest.raises(TypeError, match="takes 1 argument"):
        launch(stream, config, kernel, out, out)
    with pytest.raises(TypeError, match="argument 0 has unsupported type str"):
        launch(stream, config, kernel, "out")
    with pytest.raises(TypeError, match="unsupported dtype"):
        launch(stream, config, kernel, np.str_("x"))
    out.close()
    with pytest.raises(RuntimeError, match="closed"):
        launch(stream, config, kernel, out)


@pytest.mark.gpu
def test_cooperative_launch(device, stream) -> None:
    kernel = compile_kernel(device, BLOCKS, "mark_blocks")
    out = LegacyPinnedMemoryResource().allocate(4 * 4)
    out.fill(0, stream=stream)
    launch(stream, LaunchConfig(grid=4, block=32, is_cooperative=True), kernel, out)
    stream.sync()
    assert np.frombuffer(bytes(memoryview(out)), dtype=np.int32).tolist() == [1, 2, 3, 4]


@pytest.mark.gpu
def test_cluster_launch_counts_clusters(device, stream) -> None:
    if int(device.arch) < 90:
        pytest.skip("thread block clusters need compute capability 9.0")
    kernel = compile_kernel(device, BLOCKS, "mark_blocks")
    out = LegacyPinnedMemoryResource().allocate(4 * 8)
    out.fill(0, stream=stream)
    # Two clusters of two blocks: four blocks in all.
    launch(stream, LaunchConfig(grid=2, cluster=2, block=32), kernel, out)
    stream.sync()
    assert np.frombuffer(bytes(memoryview(out)), dtype=np.int32).tolist() == [1, 2, 3, 4, 0, 0, 0, 0]


@pytest.mark.gpu
def test_kernel_handles_and_attributes(device) -> None:
    kernel = compile_kernel(device, BLOCKS, "mark_blocks")
    again = Kernel.from_handle(int(kernel.handle))
    assert again == kernel
    assert hash(again) == hash(kernel)
    assert again.num_arguments == 1
    assert kernel.attributes.num_regs == kernel.attributes[device].num_regs > 0
    assert kernel.attributes[device.device_id].max_threads_per_block >= 32
    assert kernel.attributes.const_size_bytes >= 0
    assert kernel.attributes.ptx_version > 0


@pytest.mark.gpu
def test_numpy_scalars_of_one_type_in_a_row_and_alternating_are_packed_by_their_own_type(device, stream) -> None:
    # The packer remembers the NumPy type it packed last: a run of one type, a change of
    # type, and a type seen before but not last must each be written as their own type.
    kernel = compile_kernel(device, MIXED, "mixed")
    out = LegacyPinnedMemoryResource().allocate(8 * 5)
    config = LaunchConfig(grid=1, block=1)

    class Count(np.int32):
        """A subclass of a NumPy scalar type: its objects are longer than an int32's."""

    calls = [
        (np.int32(7), np.int32(-8), np.float32(0.5), np.float32(-0.25), np.int32(9)),
        (np.int32(1), np.int32(2), np.float32(3.5), np.float32(4.5), np.int32(5)),
        (-6, np.int32(-7), np.float32(8.25), np.float32(9.0), np.int32(10)),
        (Count(11), Count(-12), np.float32(1.5), np.float32(2.5), Count(13)),
        (Count(14), np.int32(15), np.float32(3.5), np.float32(4.5), Count(-16)),
    ]
    for args in calls:
        launch(stream, config, kernel, out, *args)
        stream.sync()
        assert doubles(out, 5) == [float(arg) for arg in args]
    out.close()


@pytest.mark.gpu
def test_a_kernel_node_keeps_every_buffer_argument_wherever_it_stands(device, stream) -> None:
    # Buffers before, between and after scalars: the node shares the memory of each, so
    # closing them, then dropping every reference to them, the kernel and the node, frees
    # nothing until the node goes.
    from cuda.core import DeviceMemoryResource, DeviceMemoryResourceOptions
    from cuda.core.graph import GraphDefinition

    kernel = compile_kernel(device, PAIR, "pair")
    pool = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    first, second = pool.allocate(256, stream=stream), pool.allocate(256, stream=stream)
    definition = GraphDefinition()
    node = definition.launch(LaunchConfig(grid=1, block=1), kernel, first, np.int32(3), second, np.int32(4))
    first.close(stream)
    second.close(stream)
    del first, second, kernel, node
    gc.collect()
    stream.sync()
    assert pool.attributes.used_mem_current >= 512
    graph = definition.instantiate()
    graph.launch(stream)
    stream.sync()
    graph.close()
    (node,) = definition.nodes()
    node.destroy()
    # The driver may run the executable's destructor later, on a thread of its own.
    deadline = time.monotonic() + 10
    while pool.attributes.used_mem_current and time.monotonic() < deadline:
        gc.collect()
        stream.sync()
        time.sleep(0.01)
    assert pool.attributes.used_mem_current == 0
    pool.close()
