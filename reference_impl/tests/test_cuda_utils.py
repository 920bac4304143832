# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Error conversion in cuda.core._utils.cuda_utils, which needs no GPU."""

from __future__ import annotations

import dataclasses

import pytest
from cuda.bindings import driver

from cuda.core._utils.cuda_utils import (
    CUDAError,
    NVRTCError,
    _check_driver_error,
    check_or_create_options,
    handle_return,
)


@dataclasses.dataclass
class _Options:
    flag: bool = False
    count: int = 1


def test_success_passes() -> None:
    assert _check_driver_error(driver.CUresult.CUDA_SUCCESS) == 0


def test_driver_error_raises_cuda_error_named_after_the_code() -> None:
    with pytest.raises(CUDAError, match=r"^CUDA_ERROR_INVALID_VALUE: "):
        _check_driver_error(driver.CUresult.CUDA_ERROR_INVALID_VALUE)


def test_nvrtc_error_is_a_cuda_error() -> None:
    assert issubclass(NVRTCError, CUDAError)


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ((driver.CUresult.CUDA_SUCCESS,), None),
        ((driver.CUresult.CUDA_SUCCESS, 7), 7),
        ((driver.CUresult.CUDA_SUCCESS, 7, 8), (7, 8)),
    ],
)
def test_handle_return_unwraps_outputs(result, expected) -> None:
    assert handle_return(result) == expected


def test_handle_return_raises_for_an_error() -> None:
    with pytest.raises(CUDAError, match="CUDA_ERROR_OUT_OF_MEMORY"):
        handle_return((driver.CUresult.CUDA_ERROR_OUT_OF_MEMORY, 0))


def test_handle_return_rejects_a_non_status() -> None:
    with pytest.raises(TypeError, match="status code type int"):
        handle_return((0, 1))


def test_options_from_none_dict_and_instance() -> None:
    assert check_or_create_options(_Options, None) == _Options()
    assert check_or_create_options(_Options, None, keep_none=True) is None
    assert check_or_create_options(_Options, {"count": 3}) == _Options(count=3)
    given = _Options(flag=True)
    assert check_or_create_options(_Options, given) is given


def test_unknown_option_keys_are_named() -> None:
    with pytest.raises(ValueError, match="'bogus'"):
        check_or_create_options(_Options, {"bogus": 1, "count": 2}, "Test options")


def test_wrong_options_type_is_named() -> None:
    with pytest.raises(TypeError, match="got int: 5"):
        check_or_create_options(_Options, 5, "Test options")
