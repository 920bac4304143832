# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Compiling with NVRTC, loading object code and launching kernels, common to every cuda.core."""

from __future__ import annotations

import ctypes
import gc
import io
import pickle
import weakref

import numpy as np
import pytest
from cuda.bindings import driver

import cuda.core
import cuda.core.graph
from cuda.core import (
    Kernel,
    LaunchConfig,
    LegacyPinnedMemoryResource,
    ObjectCode,
    Program,
    ProgramOptions,
    launch,
)
from cuda.core._utils.cuda_utils import CUDAError

N = 1000
BLOCK = 128

SCALE_ADD = r"""
extern "C" __global__ void scale_add(float* out, const float* in, float a, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a * in[i] + 1.0f;
    }
}
"""

FILL_TEMPLATE = r"""
template <typename T>
__global__ void fill_with(T* out, T value, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = value;
    }
}
"""

# More arguments than an implementation may pack on its stack (32 in the reference):
# each is weighted by its position, so that a lost, repeated or swapped one changes the sum.
MANY = 40
MANY_ARGUMENTS = (
    'extern "C" __global__ void weighted_sum(long long* out, '
    + ", ".join(f"int a{i}" for i in range(MANY))
    + ") {\n    out[0] = "
    + " + ".join(f"{i + 1}LL * a{i}" for i in range(MANY))
    + ";\n}\n"
)

BROKEN = r"""
extern "C" __global__ void broken(float* out) {
    out[0] = undefined_identifier_in_kernel;
}
"""


def grid_for(n: int) -> int:
    """Return the number of blocks that cover ``n`` threads."""
    return (n + BLOCK - 1) // BLOCK


def host_array(buffer, dtype) -> np.ndarray:
    """Return a copy of a host-accessible buffer's contents as a NumPy array."""
    return np.frombuffer(ctypes.string_at(int(buffer.handle), buffer.size), dtype=dtype).copy()


@pytest.fixture
def options(device):
    """Return program options for the device's architecture."""
    return ProgramOptions(arch=f"sm_{device.arch}")


def test_public_names() -> None:
    for name in ("Program", "ProgramOptions", "ObjectCode", "Kernel", "LaunchConfig", "launch"):
        assert name in cuda.core.__all__
        assert hasattr(cuda.core, name)


def test_objects_are_not_instantiated_directly() -> None:
    with pytest.raises(RuntimeError):
        ObjectCode()
    with pytest.raises(RuntimeError):
        Kernel()


def test_object_code_from_cubin_keeps_its_parts() -> None:
    mapping = {"f<int>": "_Z1fIiEvv"}
    code = ObjectCode.from_cubin(b"not really a cubin", name="mine", symbol_mapping=mapping)
    assert code.code == b"not really a cubin"
    assert code.code_type == "cubin"
    assert code.name == "mine"
    assert code.symbol_mapping == mapping
    code.symbol_mapping["other"] = "x"
    assert code.symbol_mapping == mapping  # a copy


@pytest.mark.parametrize(
    ("factory", "code_type"),
    [
        (ObjectCode.from_cubin, "cubin"),
        (ObjectCode.from_ptx, "ptx"),
        (ObjectCode.from_ltoir, "ltoir"),
        (ObjectCode.from_fatbin, "fatbin"),
        (ObjectCode.from_object, "object"),
        (ObjectCode.from_library, "library"),
    ],
)
def test_object_code_factories_name_their_code_type(factory, code_type) -> None:
    assert factory(b"\x00").code_type == code_type


def test_object_code_pickles_as_its_parts() -> None:
    mapping = {"f<int>": "_Z1fIiEvv"}
    code = ObjectCode.from_cubin(b"not really a cubin", name="mine", symbol_mapping=mapping)
    copy = pickle.loads(pickle.dumps(code))
    assert isinstance(copy, ObjectCode)
    assert copy is not code
    assert copy.code == b"not really a cubin"
    assert copy.code_type == "cubin"
    assert copy.name == "mine"
    assert copy.symbol_mapping == mapping


def test_object_code_from_a_file_pickles_its_path(tmp_path) -> None:
    path = tmp_path / "code.ptx"
    path.write_bytes(b"// not really PTX")
    copy = pickle.loads(pickle.dumps(ObjectCode.from_ptx(str(path))))
    assert copy.code == str(path)
    assert copy.code_type == "ptx"
    assert copy.name == ""
    assert copy.symbol_mapping == {}


def test_launch_config_supports_weak_references() -> None:
    config = LaunchConfig(grid=1, block=1)
    reference = weakref.ref(config)
    assert reference() is config
    del config
    gc.collect()
    assert reference() is None


def test_launch_config_normalizes_dimensions() -> None:
    config = LaunchConfig(grid=4, block=(8, 2), shmem_size=16)
    assert config.grid == (4, 1, 1)
    assert config.block == (8, 2, 1)
    assert config.cluster is None
    assert config.shmem_size == 16
    assert config.is_cooperative is False
    assert config == LaunchConfig(grid=(4,), block=(8, 2, 1), shmem_size=16)
    assert hash(config) == hash(LaunchConfig(grid=(4,), block=(8, 2, 1), shmem_size=16))
    assert LaunchConfig(grid=1, block=1).shmem_size == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"grid": 0, "block": 1},
        {"grid": 1, "block": -1},
        {"grid": (1, 2, 3, 4), "block": 1},
        {"block": 1},
        {"grid": 1},
    ],
)
def test_launch_config_refuses_bad_dimensions(kwargs) -> None:
    with pytest.raises(ValueError, match="grid|block"):
        LaunchConfig(**kwargs)


@pytest.mark.parametrize("grid", [1.0, "1"])
def test_launch_config_refuses_dimensions_of_other_types(grid) -> None:
    with pytest.raises((TypeError, ValueError), match="grid"):
        LaunchConfig(grid=grid, block=1)


def test_program_options_translate_to_nvrtc_flags() -> None:
    options = ProgramOptions(
        arch="sm_90",
        debug=True,
        lineinfo=True,
        std="c++17",
        relocatable_device_code=True,
        define_macro=[("WIDTH", "4"), "FAST"],
        include_path=["/opt/a", "/opt/b"],
        max_register_count=32,
        ftz=True,
        fma=False,
    )
    flags = options.as_bytes("nvrtc")
    assert flags[0] == b"-arch=sm_90"
    for flag in (
        b"--device-debug",
        b"--generate-line-info",
        b"--std=c++17",
        b"--relocatable-device-code=true",
        b"--define-macro=WIDTH=4",
        b"--define-macro=FAST",
        b"--include-path=/opt/a",
        b"--include-path=/opt/b",
        b"--maxrregcount=32",
        b"--ftz=true",
        b"--fmad=false",
    ):
        assert flag in flags


def test_program_options_leave_unset_options_out() -> None:
    assert ProgramOptions(arch="sm_90").as_bytes("nvrtc") == [b"-arch=sm_90"]


@pytest.mark.gpu
def test_compile_and_launch(device, stream, options) -> None:
    program = Program(SCALE_ADD, "c++", options)
    assert program.backend == "NVRTC"
    code = program.compile("cubin")
    assert code.code_type == "cubin"
    assert code.name == options.name
    kernel = code.get_kernel("scale_add")
    assert kernel.num_arguments == 4
    assert [tuple(info) for info in kernel.arguments_info] == [(0, 8), (8, 8), (16, 4), (20, 4)]

    pinned = LegacyPinnedMemoryResource()
    values = np.arange(N, dtype=np.float32)
    source = pinned.allocate(values.nbytes)
    ctypes.memmove(int(source.handle), values.tobytes(), values.nbytes)
    d_in = device.memory_resource.allocate(values.nbytes, stream=stream)
    d_out = device.memory_resource.allocate(values.nbytes, stream=stream)
    d_in.copy_from(source, stream=stream)

    config = LaunchConfig(grid=grid_for(N), block=BLOCK)
    launch(stream, config, kernel, d_out, d_in, np.float32(2.0), np.uint32(N))
    result = pinned.allocate(values.nbytes)
    d_out.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_array(result, np.float32), 2.0 * values + 1.0)
    program.close()


@pytest.mark.gpu
def test_a_long_argument_list_reaches_the_kernel_in_a_launch_and_in_a_graph_node(device, stream, options) -> None:
    kernel = Program(MANY_ARGUMENTS, "c++", options).compile("cubin").get_kernel("weighted_sum")
    assert kernel.num_arguments == MANY + 1
    values = [np.int32(1000 + 7 * i) for i in range(MANY)]
    expected = sum((i + 1) * int(value) for i, value in enumerate(values))
    config = LaunchConfig(grid=1, block=1)
    pinned = LegacyPinnedMemoryResource()
    result = pinned.allocate(8)
    out = device.memory_resource.allocate(8, stream=stream)

    launch(stream, config, kernel, out, *values)
    out.copy_to(result, stream=stream)
    stream.sync()
    assert host_array(result, np.int64)[0] == expected

    out.fill(0, stream=stream)
    definition = cuda.core.graph.GraphDefinition()
    definition.launch(config, kernel, out, *values)
    del values  # the node holds what it needs
    gc.collect()
    definition.instantiate().launch(stream)
    out.copy_to(result, stream=stream)
    stream.sync()
    assert host_array(result, np.int64)[0] == expected


@pytest.mark.gpu
def test_name_expressions_find_template_instances(device, stream, options) -> None:
    program = Program(FILL_TEMPLATE, "c++", options)
    code = program.compile("cubin", name_expressions=("fill_with<int>",))
    assert "fill_with<int>" in code.symbol_mapping
    kernel = code.get_kernel("fill_with<int>")
    out = LegacyPinnedMemoryResource().allocate(4 * N)
    launch(stream, LaunchConfig(grid=grid_for(N), block=BLOCK), kernel, out, np.int32(-7), np.uint32(N))
    stream.sync()
    assert (host_array(out, np.int32) == -7).all()


@pytest.mark.gpu
def test_ptx_is_loaded_by_the_driver(device, stream, options) -> None:
    code = Program(SCALE_ADD, "c++", options).compile("ptx")
    assert code.code_type == "ptx"
    assert b".entry scale_add" in bytes(code.code)
    assert code.get_kernel("scale_add").num_arguments == 4


@pytest.mark.gpu
def test_compile_errors_carry_the_log(device, options) -> None:
    program = Program(BROKEN, "c++", options)
    with pytest.raises(CUDAError, match="undefined_identifier_in_kernel"):
        program.compile("cubin")


@pytest.mark.gpu
def test_logs_receive_the_compiler_log(device, options) -> None:
    source = SCALE_ADD.replace("unsigned int i =", "int never_used_variable; unsigned int i =")
    logs = io.StringIO()
    Program(source, "c++", options).compile("cubin", logs=logs)
    assert "never_used_variable" in logs.getvalue()


@pytest.mark.gpu
def test_missing_kernel_raises(device, options) -> None:
    code = Program(SCALE_ADD, "c++", options).compile("cubin")
    with pytest.raises(CUDAError):
        code.get_kernel("no_such_kernel")


@pytest.mark.gpu
def test_cooperative_launch_config_needs_a_device_that_supports_it(device) -> None:
    if device.properties.cooperative_launch:
        config = LaunchConfig(grid=1, block=1, is_cooperative=True)
        assert config.is_cooperative is True
    else:
        with pytest.raises(CUDAError, match="cooperative"):
            LaunchConfig(grid=1, block=1, is_cooperative=True)


@pytest.mark.gpu
def test_cooperative_launch_runs(device, stream, options) -> None:
    if not device.properties.cooperative_launch:
        pytest.skip("the device cannot launch cooperative kernels")
    kernel = Program(SCALE_ADD, "c++", options).compile("cubin").get_kernel("scale_add")
    nbytes = 4 * BLOCK
    source = device.allocate(nbytes, stream=stream)
    out = device.allocate(nbytes, stream=stream)
    source.fill(0, stream=stream)
    config = LaunchConfig(grid=1, block=BLOCK, is_cooperative=True)
    launch(stream, config, kernel, out, source, np.float32(2.0), np.uint32(BLOCK))
    result = LegacyPinnedMemoryResource().allocate(nbytes)
    out.copy_to(result, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(host_array(result, np.float32), np.ones(BLOCK, dtype=np.float32))
    out.close(stream)
    source.close(stream)
    result.close()


@pytest.mark.gpu
def test_a_cooperative_grid_larger_than_the_device_holds_is_refused_before_the_driver(device, stream, options) -> None:
    # Every block of a cooperative grid must be resident at once; one more block than the
    # whole device can hold is a ValueError, in upstream's words, and nothing is launched.
    if not device.properties.cooperative_launch:
        pytest.skip("the device cannot launch cooperative kernels")
    kernel = Program(SCALE_ADD, "c++", options).compile("cubin").get_kernel("scale_add")
    per_multiprocessor = kernel.occupancy.max_active_blocks_per_multiprocessor(BLOCK, 0)
    limit = per_multiprocessor * device.properties.multiprocessor_count
    out = device.allocate(4 * BLOCK, stream=stream)
    config = LaunchConfig(grid=limit + 1, block=BLOCK, is_cooperative=True)
    with pytest.raises(ValueError, match=rf"^The specified grid size \(.+\) exceeds the limit \({limit}\)\.?$"):
        launch(stream, config, kernel, out, out, np.float32(2.0), np.uint32(0))
    stream.sync()
    out.close(stream)


@pytest.mark.gpu
def test_get_module_gives_the_library_in_the_current_context(device, options) -> None:
    code = Program(SCALE_ADD, "c++", options).compile("cubin")
    module = code.get_module()
    assert isinstance(module, driver.CUmodule)
    assert int(module) != 0
    err, function = driver.cuModuleGetFunction(module, b"scale_add")
    assert err == driver.CUresult.CUDA_SUCCESS
    assert int(function) != 0


@pytest.mark.gpu
def test_kernel_attributes(device, options) -> None:
    kernel = Program(SCALE_ADD, "c++", options).compile("cubin").get_kernel("scale_add")
    attributes = kernel.attributes
    assert attributes.max_threads_per_block >= BLOCK
    assert attributes.num_regs > 0
    assert attributes.binary_version == int(device.arch)


@pytest.mark.gpu
def test_kernel_attributes_of_clusters_and_caching(device, options) -> None:
    kernel = Program(SCALE_ADD, "c++", options).compile("cubin").get_kernel("scale_add")
    attributes = kernel.attributes
    for name in ("cache_mode_ca", "cluster_size_must_be_set", "non_portable_cluster_size_allowed"):
        assert isinstance(getattr(attributes, name), bool), name
    for name in (
        "cluster_scheduling_policy_preference",
        "max_dynamic_shared_size_bytes",
        "preferred_shared_memory_carveout",
        "required_cluster_depth",
        "required_cluster_height",
        "required_cluster_width",
    ):
        value = getattr(attributes, name)
        assert type(value) is int, name
    # The kernel declares no cluster dimensions.
    assert (
        attributes.required_cluster_width,
        attributes.required_cluster_height,
        attributes.required_cluster_depth,
    ) == (0, 0, 0)
    assert attributes.max_dynamic_shared_size_bytes >= 0
