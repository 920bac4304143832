# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Linker and LinkerOptions of the reference implementation (audit decision 3)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

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
from cuda.core._utils.cuda_utils import CUDAError

HELPER = r"""
__device__ int add_ten(int x) {
    return x + 10;
}
"""

KERNEL = r"""
extern __device__ int add_ten(int x);

extern "C" __global__ void shift(int* out) {
    out[threadIdx.x] = add_ten(static_cast<int>(threadIdx.x));
}
"""


def compile_relocatable(device, source: str, target_type: str, **options) -> ObjectCode:
    """Compile ``source`` as relocatable device code."""
    program_options = ProgramOptions(arch=f"sm_{device.arch}", relocatable_device_code=True, **options)
    return Program(source, "c++", program_options).compile(target_type)


def test_options_translate_in_a_fixed_order() -> None:
    options = LinkerOptions(
        arch="sm_90",
        verbose=True,
        link_time_optimization=True,
        optimization_level=3,
        prec_div=False,
        kernels_used=["a", "b"],
        ptxas_options="-v",
        split_compile=0,
        time=False,
    )
    assert options.as_bytes() == [
        b"-arch=sm_90",
        b"-verbose",
        b"-lto",
        b"-O3",
        b"-prec-div=false",
        b"-kernels-used=a",
        b"-kernels-used=b",
        b"-Xptxas=-v",
        b"-split-compile=0",
    ]


def test_options_check_their_values() -> None:
    with pytest.raises(ValueError, match="optimization_level must be one of 0, 3, got 2"):
        LinkerOptions(optimization_level=2)
    with pytest.raises(ValueError, match="'driver'"):
        LinkerOptions(arch="sm_90").as_bytes("driver")


def test_numba_debug_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="numba_debug") as caught:
        LinkerOptions(numba_debug=True)
    assert caught[0].filename == __file__


def test_linker_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Linker()
    with pytest.raises(TypeError, match=r"object_codes\[1\] must be an ObjectCode, got str"):
        Linker(ObjectCode.from_cubin(b"\x00"), "code")
    with pytest.raises(ValueError, match="'bogus'"):
        Linker(ObjectCode.from_cubin(b"\x00"), options={"bogus": 1})
    assert Linker.which_backend() == "nvJitLink"


@pytest.mark.gpu
def test_link_and_launch(device) -> None:
    helper = compile_relocatable(device, HELPER, "ltoir", link_time_optimization=True)
    kernel = compile_relocatable(device, KERNEL, "ltoir", link_time_optimization=True)
    linker = Linker(helper, kernel, options={"arch": f"sm_{device.arch}", "link_time_optimization": True})
    assert isinstance(linker.handle, int)
    code = linker.link("cubin")
    linker.close()
    linker.close()
    assert linker.is_closed
    stream = device.create_stream()
    out = LegacyPinnedMemoryResource().allocate(4 * 32)
    launch(stream, LaunchConfig(grid=1, block=32), code.get_kernel("shift"), out)
    stream.sync()
    assert np.frombuffer(bytes(memoryview(out)), dtype=np.int32).tolist() == list(range(10, 42))
    stream.close()


@pytest.mark.gpu
def test_link_to_ptx(device) -> None:
    helper = compile_relocatable(device, HELPER, "ltoir", link_time_optimization=True)
    kernel = compile_relocatable(device, KERNEL, "ltoir", link_time_optimization=True)
    options = LinkerOptions(arch=f"sm_{device.arch}", link_time_optimization=True, ptx=True)
    code = Linker(helper, kernel, options=options).link("ptx")
    assert code.code_type == "ptx"
    assert code.get_kernel("shift").num_arguments == 1


@pytest.mark.gpu
def test_inputs_from_files(device, tmp_path) -> None:
    paths = []
    for name, source in (("helper", HELPER), ("kernel", KERNEL)):
        path = tmp_path / f"{name}.ptx"
        path.write_bytes(compile_relocatable(device, source, "ptx").code)
        paths.append(path)
    codes = [ObjectCode.from_ptx(path) for path in paths]
    assert codes[0].code == str(paths[0])
    code = Linker(*codes, options=LinkerOptions(arch=f"sm_{device.arch}")).link("cubin")
    assert code.get_kernel("shift").num_arguments == 1


@pytest.mark.gpu
def test_failed_link_raises_cuda_error_with_the_log(device) -> None:
    # Audit decision 3: the failing call is named and its log is attached.
    kernel = compile_relocatable(device, KERNEL, "ptx")
    linker = Linker(kernel, options=LinkerOptions(arch=f"sm_{device.arch}"))
    with pytest.raises(CUDAError, match="nvJitLinkComplete failed") as caught:
        linker.link("cubin")
    assert "add_ten" in str(caught.value)
    assert "add_ten" in linker.get_error_log()
    assert isinstance(linker.get_info_log(), str)


@pytest.mark.gpu
def test_bad_options_name_the_failing_call(device) -> None:
    # Not an unknown sm_ number: nvJitLink 13.0 exits the process for "sm_1".
    code = compile_relocatable(device, KERNEL, "ptx")
    with pytest.raises(CUDAError, match="nvJitLinkCreate failed: ERROR_UNRECOGNIZED_OPTION"):
        Linker(code, options=LinkerOptions(arch="bogus"))


@pytest.mark.gpu
def test_closed_linker_refuses_work(device) -> None:
    linker = Linker(compile_relocatable(device, HELPER, "ptx"), options=LinkerOptions(arch=f"sm_{device.arch}"))
    linker.close()
    for call in (lambda: linker.link("cubin"), linker.get_error_log, linker.get_info_log, lambda: linker.handle):
        with pytest.raises(RuntimeError, match="closed"):
            call()


@pytest.mark.gpu
def test_link_refuses_other_targets(device) -> None:
    linker = Linker(compile_relocatable(device, HELPER, "ptx"), options=LinkerOptions(arch=f"sm_{device.arch}"))
    with pytest.raises(ValueError, match="'ltoir'"):
        linker.link("ltoir")


@pytest.mark.gpu
def test_garbage_collected_linker_does_not_warn(device) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Linker(compile_relocatable(device, HELPER, "ptx"), options=LinkerOptions(arch=f"sm_{device.arch}"))
