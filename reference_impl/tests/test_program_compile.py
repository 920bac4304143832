# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Program and ProgramOptions of the reference implementation."""

from __future__ import annotations

import io
import warnings

import pytest
from cuda.bindings import nvrtc

from cuda.core import ObjectCode, Program, ProgramOptions
from cuda.core._utils.cuda_utils import NVRTCError

KERNEL = r"""
extern "C" __global__ void set_one(int* out) {
    out[threadIdx.x] = 1;
}
"""


@pytest.fixture
def options(device):
    """Return program options for the device's architecture."""
    return ProgramOptions(arch=f"sm_{device.arch}")


def test_options_translate_in_a_fixed_order() -> None:
    options = ProgramOptions(
        arch="sm_90",
        debug=True,
        use_fast_math=True,
        relocatable_device_code=False,
        fma=True,
        ptxas_options=["-v", "-O2"],
        std="c++20",
        diag_suppress=[177, 550],
        define_macro=("N", "4"),
    )
    assert options.as_bytes("nvrtc") == [
        b"-arch=sm_90",
        b"--device-debug",
        b"--use_fast_math",
        b"--relocatable-device-code=false",
        b"--fmad=true",
        b"--ptxas-options=-v",
        b"--ptxas-options=-O2",
        b"--std=c++20",
        b"--diag-suppress=177",
        b"--diag-suppress=550",
        b"--define-macro=N=4",
    ]


def test_options_leave_false_switches_out() -> None:
    assert ProgramOptions(arch="sm_90", debug=False, minimal=False).as_bytes("NVRTC") == [b"-arch=sm_90"]


def test_bad_macros_are_named() -> None:
    with pytest.raises(TypeError, match="42"):
        ProgramOptions(arch="sm_90", define_macro=["OK", 42]).as_bytes("nvrtc")


def test_other_backends_are_refused() -> None:
    with pytest.raises(NotImplementedError, match="NVVM"):
        ProgramOptions(arch="sm_90").as_bytes("nvvm")
    with pytest.raises(ValueError, match="'gcc'"):
        ProgramOptions(arch="sm_90").as_bytes("gcc")


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((123, "c++"), TypeError, "int"),
        (("x", 3), TypeError, r"^Argument 'code_type' has incorrect type \(expected str, got int\)$"),
        (("x", "fortran"), ValueError, "'fortran'"),
        (("x", "nvvm"), NotImplementedError, "NVVM"),
        (("x", "c++", {"bogus": 1}), ValueError, "'bogus'"),
        (("x", "c++", 5), TypeError, "got int"),
        (("x", "c++", ProgramOptions(extra_sources=[("a", "b")])), ValueError, "NVVM"),
        (("x", "c++", ProgramOptions(use_bundled_headers=True)), NotImplementedError, "use_bundled_headers"),
    ],
)
def test_bad_programs_are_refused_before_compiling(args, error, match) -> None:
    with pytest.raises(error, match=match):
        Program(*args)


@pytest.mark.gpu
@pytest.mark.parametrize(("target", "lto"), [("cubin", None), ("ptx", None), ("ltoir", True)])
def test_compile_produces_named_object_code(device, target, lto) -> None:
    options = ProgramOptions(name="set_one.cu", arch=f"sm_{device.arch}", link_time_optimization=lto)
    program = Program(KERNEL, "C++", options)
    assert program.backend == "NVRTC"
    code = program.compile(target)
    assert isinstance(code, ObjectCode)
    assert code.code_type == target
    assert code.name == "set_one.cu"
    assert len(code.code) > 0
    assert program.pch_status is None


@pytest.mark.gpu
@pytest.mark.parametrize(("target", "lto"), [("ltoir", None), ("cubin", True)])
def test_targets_the_options_rule_out_are_refused(device, target, lto) -> None:
    # NVRTC would succeed and return nothing at all.
    options = ProgramOptions(arch=f"sm_{device.arch}", link_time_optimization=lto)
    with pytest.raises(ValueError, match=f"NVRTC produced no {target}"):
        Program(KERNEL, "c++", options).compile(target)


@pytest.mark.gpu
def test_compile_checks_its_arguments(device, options) -> None:
    program = Program(KERNEL, "c++", options)
    with pytest.raises(ValueError, match="'fatbin'"):
        program.compile("fatbin")
    with pytest.raises(TypeError, match="name expressions"):
        program.compile("cubin", name_expressions=[42])
    with pytest.raises(TypeError, match="write"):
        program.compile("cubin", logs=object())
    with pytest.raises(TypeError, match="cache must be a ProgramCacheResource"):
        program.compile("cubin", cache=object())


@pytest.mark.gpu
def test_compile_errors_are_nvrtc_errors_with_the_log(device, options) -> None:
    program = Program(KERNEL.replace("= 1", "= not_declared_anywhere"), "c++", options)
    with pytest.raises(NVRTCError, match="NVRTC_ERROR_COMPILATION") as caught:
        program.compile("cubin")
    assert "not_declared_anywhere" in str(caught.value)


@pytest.mark.gpu
def test_logs_receive_warnings(device, options) -> None:
    logs = io.StringIO()
    Program(KERNEL.replace("out[threadIdx.x]", "int unused_here; out[threadIdx.x]"), "c++", options).compile(
        "cubin", logs=logs
    )
    assert "unused_here" in logs.getvalue()


@pytest.mark.gpu
def test_close_is_idempotent_and_final(device, options) -> None:
    program = Program(KERNEL, "c++", options)
    assert program.handle is not None
    program.close()
    program.close()
    assert program.is_closed
    with pytest.raises(RuntimeError, match="closed"):
        program.compile("cubin")
    with pytest.raises(RuntimeError, match="closed"):
        _ = program.handle


@pytest.mark.gpu
def test_ptx_programs_compile_through_the_linker(device, options) -> None:
    ptx = Program(KERNEL, "c++", options).compile("ptx").code.decode().rstrip("\0")
    program = Program(ptx, "ptx", options)
    assert program.backend == "nvJitLink"
    code = program.compile("cubin")
    assert code.code_type == "cubin"
    assert code.get_kernel("set_one").num_arguments == 1
    with pytest.raises(ValueError, match="'ltoir'"):
        program.compile("ltoir")
    program.close()
    assert program.is_closed


@pytest.mark.gpu
def test_precompiled_header_outcome_is_reported(device, tmp_path) -> None:
    # Audit decision 2: pch_status keeps the outcome; a failure also warns.
    (tmp_path / "shared.h").write_text("template <typename T> __device__ T twice(T x) { return x + x; }\n")
    options = ProgramOptions(
        arch=f"sm_{device.arch}", include_path=str(tmp_path), create_pch=str(tmp_path / "shared.pch")
    )
    program = Program('#include "shared.h"\n' + KERNEL, "c++", options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        program.compile("cubin")
    assert program.pch_status in ("created", "not_attempted")
    assert [w for w in caught if "precompiled header" in str(w.message)] == []


@pytest.mark.gpu
def test_failed_precompiled_header_warns(device, tmp_path, monkeypatch) -> None:
    # NVRTC reports a failure it did not stop the compilation for: pretend it did.
    failed = (nvrtc.nvrtcResult.NVRTC_ERROR_PCH_CREATE,)
    monkeypatch.setattr(nvrtc, "nvrtcGetPCHCreateStatus", lambda prog: failed)
    header = tmp_path / "kernel.pch"
    program = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}", create_pch=str(header)))
    with pytest.warns(UserWarning, match="NVRTC_ERROR_PCH_CREATE") as caught:
        code = program.compile("cubin")
    assert code.code_type == "cubin"
    assert program.pch_status == "failed"
    assert str(header) in str(caught[0].message)
    assert caught[0].filename == __file__


@pytest.mark.gpu
def test_exhausted_pch_heap_is_enlarged_and_the_compile_retried_once(device, tmp_path, monkeypatch) -> None:
    statuses = [
        (nvrtc.nvrtcResult.NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED,),
        (nvrtc.nvrtcResult.NVRTC_SUCCESS,),
    ]
    calls = []

    def status(prog):
        calls.append(prog)
        return statuses[len(calls) - 1]

    err, heap_size = nvrtc.nvrtcGetPCHHeapSize()
    assert err == nvrtc.nvrtcResult.NVRTC_SUCCESS
    monkeypatch.setattr(nvrtc, "nvrtcGetPCHCreateStatus", status)
    monkeypatch.setattr(nvrtc, "nvrtcGetPCHHeapSizeRequired", lambda prog: (nvrtc.nvrtcResult.NVRTC_SUCCESS, heap_size))
    program = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}", create_pch=str(tmp_path / "k.pch")))
    first_handle = program.handle
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        program.compile("cubin")
    assert program.pch_status == "created"
    assert len(calls) == 2
    assert calls[1] is not first_handle  # the retry compiled a fresh program


@pytest.mark.gpu
def test_unwritable_precompiled_header_fails_the_compilation(device, tmp_path) -> None:
    # NVRTC treats a header it cannot write as a fatal compile error.
    header = tmp_path / "missing" / "kernel.pch"
    program = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}", create_pch=str(header)))
    with pytest.raises(NVRTCError, match="kernel.pch"):
        program.compile("cubin")
