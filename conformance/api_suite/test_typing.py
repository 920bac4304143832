# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The type aliases, protocol and string enumerations of ``cuda.core.typing``."""

from __future__ import annotations

import collections.abc
import enum
import typing

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import typing as cuda_typing

ENUMS = {
    "AddressModeType": {"WRAP": "wrap", "CLAMP": "clamp", "MIRROR": "mirror", "BORDER": "border"},
    "ArrayFormatType": {
        "UINT8": "uint8",
        "UINT16": "uint16",
        "UINT32": "uint32",
        "INT8": "int8",
        "INT16": "int16",
        "INT32": "int32",
        "FLOAT16": "float16",
        "FLOAT32": "float32",
    },
    "CompilerBackendType": {"NVRTC": "NVRTC", "NVVM": "NVVM", "NVJITLINK": "nvJitLink", "DRIVER": "driver"},
    "FilterModeType": {"POINT": "point", "LINEAR": "linear"},
    "GraphConditionalType": {"IF": "if", "WHILE": "while", "SWITCH": "switch"},
    "GraphMemoryType": {"DEVICE": "device", "HOST": "host", "MANAGED": "managed"},
    "ManagedMemoryLocationType": {"DEVICE": "device", "HOST": "host", "HOST_NUMA": "host_numa"},
    "ObjectCodeFormatType": {
        "PTX": "ptx",
        "CUBIN": "cubin",
        "LTOIR": "ltoir",
        "FATBIN": "fatbin",
        "OBJECT": "object",
        "LIBRARY": "library",
    },
    "PCHStatusType": {"CREATED": "created", "NOT_ATTEMPTED": "not_attempted", "FAILED": "failed"},
    "ReadModeType": {"ELEMENT_TYPE": "element_type", "NORMALIZED_FLOAT": "normalized_float"},
    "SourceCodeType": {"CXX": "c++", "PTX": "ptx", "NVVM": "nvvm"},
    "VirtualMemoryAccessType": {"READ_WRITE": "rw", "READ": "r"},
    "VirtualMemoryAllocationType": {"PINNED": "pinned", "MANAGED": "managed"},
    "VirtualMemoryGranularityType": {"MINIMUM": "minimum", "RECOMMENDED": "recommended"},
    "VirtualMemoryHandleType": {"POSIX_FD": "posix_fd", "WIN32_KMT": "win32_kmt", "FABRIC": "fabric"},
    "VirtualMemoryLocationType": {
        "DEVICE": "device",
        "HOST": "host",
        "HOST_NUMA": "host_numa",
        "HOST_NUMA_CURRENT": "host_numa_current",
    },
    "WorkqueueSharingScopeType": {"DEVICE_CTX": "device_ctx", "GREEN_CTX_BALANCED": "green_ctx_balanced"},
}


def test_typing_exports_upstream_names() -> None:
    assert sorted(cuda_typing.__all__) == sorted(
        [*ENUMS, "DevicePointerType", "DeviceResourcesType", "IsStreamType", "ProcessStateType"]
    )
    for name in cuda_typing.__all__:
        assert hasattr(cuda_typing, name), name


@pytest.mark.parametrize("name", sorted(ENUMS))
def test_typing_enum_members_are_strings(name: str) -> None:
    cls = getattr(cuda_typing, name)
    assert issubclass(cls, enum.StrEnum)
    assert {member.name: member.value for member in cls} == ENUMS[name]
    for member in cls:
        assert member == member.value
        assert str(member) == member.value
        assert cls(member.value) is member


def test_device_pointer_type_is_a_union_of_pointer_int_none() -> None:
    assert set(typing.get_args(cuda_typing.DevicePointerType)) == {driver.CUdeviceptr, int, type(None)}


def test_process_state_type_lists_the_states() -> None:
    assert typing.get_origin(cuda_typing.ProcessStateType) is typing.Literal
    assert typing.get_args(cuda_typing.ProcessStateType) == ("running", "locked", "checkpointed", "failed")


def test_device_resources_type_is_a_sequence() -> None:
    assert typing.get_origin(cuda_typing.DeviceResourcesType) is collections.abc.Sequence


def test_device_resources_type_names_the_resource_classes() -> None:
    # The classes themselves, not their names as forward references.
    (element,) = typing.get_args(cuda_typing.DeviceResourcesType)
    assert set(typing.get_args(element)) == {cuda.core.SMResource, cuda.core.WorkqueueResource}


def test_is_stream_type_is_a_protocol_with_cuda_stream() -> None:
    protocol = cuda_typing.IsStreamType
    assert typing.Protocol in protocol.__mro__
    assert callable(protocol.__cuda_stream__)
