# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Linking separately compiled programs, common to every cuda.core."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

import cuda.core
from cuda.core import (
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Linker,
    LinkerOptions,
    ObjectCode,
    Program,
    ProgramOptions,
    launch,
)

N = 512
BLOCK = 128

HELPER = r"""
__device__ int triple(int x) {
    return 3 * x;
}
"""

KERNEL = r"""
extern __device__ int triple(int x);

extern "C" __global__ void apply_triple(int* out, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = triple(static_cast<int>(i)) + 1;
    }
}
"""


def compile_both(device, target_type: str, **options) -> tuple[ObjectCode, ObjectCode]:
    """Compile the helper and the kernel separately, as relocatable code."""
    program_options = ProgramOptions(arch=f"sm_{device.arch}", relocatable_device_code=True, **options)
    return tuple(Program(source, "c++", program_options).compile(target_type) for source in (HELPER, KERNEL))


def run_linked(device, code: ObjectCode) -> np.ndarray:
    """Launch the linked kernel and return what it wrote."""
    stream = device.create_stream()
    out = LegacyPinnedMemoryResource().allocate(4 * N)
    kernel = code.get_kernel("apply_triple")
    launch(stream, LaunchConfig(grid=N // BLOCK, block=BLOCK), kernel, out, np.uint32(N))
    stream.sync()
    result = np.frombuffer(ctypes.string_at(int(out.handle), out.size), dtype=np.int32).copy()
    out.close()
    stream.close()
    return result


def test_public_names() -> None:
    for name in ("Linker", "LinkerOptions"):
        assert name in cuda.core.__all__
        assert hasattr(cuda.core, name)


def test_linker_needs_object_code() -> None:
    with pytest.raises(ValueError, match="(?i)at least one ObjectCode"):
        Linker()


def test_linker_options_defaults() -> None:
    options = LinkerOptions()
    assert options.name == "<default linker>"
    assert options.arch is None
    assert options.link_time_optimization is None


@pytest.mark.parametrize("backend", ["driver", "invalid"])
def test_linker_options_refuse_a_backend_other_than_nvjitlink(backend: str) -> None:
    # Upstream's users match on these words; no linking library is needed to refuse.
    with pytest.raises(ValueError, match="only supports 'nvjitlink' backend"):
        LinkerOptions(arch="sm_90").as_bytes(backend)


@pytest.mark.gpu
def test_link_time_optimized_ltoir(device) -> None:
    helper, kernel = compile_both(device, "ltoir", link_time_optimization=True)
    assert helper.code_type == kernel.code_type == "ltoir"
    linker = Linker(
        helper, kernel, options=LinkerOptions(name="lto", arch=f"sm_{device.arch}", link_time_optimization=True)
    )
    code = linker.link("cubin")
    assert code.code_type == "cubin"
    assert code.name == "lto"
    assert isinstance(linker.get_error_log(), str)
    assert isinstance(linker.get_info_log(), str)
    linker.close()
    np.testing.assert_array_equal(run_linked(device, code), 3 * np.arange(N, dtype=np.int32) + 1)


@pytest.mark.gpu
def test_link_relocatable_ptx(device) -> None:
    helper, kernel = compile_both(device, "ptx")
    code = Linker(helper, kernel, options=LinkerOptions(arch=f"sm_{device.arch}")).link("cubin")
    np.testing.assert_array_equal(run_linked(device, code), 3 * np.arange(N, dtype=np.int32) + 1)


@pytest.mark.gpu
def test_linker_options_translate_to_nvjitlink_flags(device) -> None:
    flags = LinkerOptions(
        arch="sm_90", link_time_optimization=True, debug=True, max_register_count=32, ftz=False
    ).as_bytes("nvjitlink")
    assert flags[0] == b"-arch=sm_90"
    for flag in (b"-lto", b"-g", b"-maxrregcount=32", b"-ftz=false"):
        assert flag in flags


@pytest.mark.gpu
def test_unresolved_symbols_fail_the_link(device) -> None:
    _, kernel = compile_both(device, "ptx")
    linker = Linker(kernel, options=LinkerOptions(arch=f"sm_{device.arch}"))
    with pytest.raises(Exception, match="triple"):
        linker.link("cubin")
