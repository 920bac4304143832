# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Name shapes shared by the naming and class rules."""

from __future__ import annotations

import pytest

from cuda_core_guide.checker.rules.nam.case import (
    acronym,
    is_cap_words,
    is_class_helper,
    is_snake_case,
    is_upper_snake_case,
    to_snake_case,
    to_upper_snake_case,
)


@pytest.mark.parametrize("name", ["Buffer", "CUDAError", "_IPCData", "Float16x2", "__Private"])
def test_cap_words(name: str) -> None:
    assert is_cap_words(name)


@pytest.mark.parametrize("name", ["buffer", "Memory_Pool", "cyGraph", "_", "", "Ünicode"])
def test_not_cap_words(name: str) -> None:
    assert not is_cap_words(name)


@pytest.mark.parametrize("name", ["copy_to", "_close", "to_fp16", "x", "__private_name"])
def test_snake_case(name: str) -> None:
    assert is_snake_case(name)


@pytest.mark.parametrize("name", ["copyTo", "Close", "HANDLE", "_", "2d_copy"])
def test_not_snake_case(name: str) -> None:
    assert not is_snake_case(name)


@pytest.mark.parametrize("name", ["LEGACY_DEFAULT_STREAM", "_MAX_2D", "X"])
def test_upper_snake_case(name: str) -> None:
    assert is_upper_snake_case(name)


@pytest.mark.parametrize("name", ["Max_Size", "max_size", "_", "2X"])
def test_not_upper_snake_case(name: str) -> None:
    assert not is_upper_snake_case(name)


def test_class_helpers() -> None:
    assert is_class_helper("DMR_close")
    assert is_class_helper("_Buffer_close")
    assert is_class_helper("Buffer_copy_to")
    assert not is_class_helper("buffer_close")
    assert not is_class_helper("Buffer__close")
    assert not is_class_helper("Buffer_Close")
    assert not is_class_helper("HANDLE_RETURN")
    assert is_class_helper("DMR_close", ("DeviceMemoryResource", "DMR"))
    assert not is_class_helper("MR_close", ("DeviceMemoryResource", "DMR"))


def test_acronym_and_spellings() -> None:
    assert acronym("DeviceMemoryResource") == "DMR"
    assert acronym("_MemPool") == "MP"
    assert to_snake_case("getIPCHandle") == "get_ipc_handle"
    assert to_snake_case("deviceID") == "device_id"
    assert to_snake_case("_fooBar") == "_foo_bar"
    assert to_upper_snake_case("defaultSize") == "DEFAULT_SIZE"
