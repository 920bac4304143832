# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Type aliases, protocols and string enumerations that appear in ``cuda.core`` signatures.

The enumerations are string enumerations: each member compares equal to its
string value, so code that passes the string keeps working.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Literal, Protocol, TypeAlias

from cuda.bindings import driver

from cuda.core._device_resources import SMResource, WorkqueueResource
from cuda.core._workqueue_scope import WorkqueueSharingScopeType

__all__ = [
    "AddressModeType",
    "ArrayFormatType",
    "CompilerBackendType",
    "DevicePointerType",
    "DeviceResourcesType",
    "FilterModeType",
    "GraphConditionalType",
    "GraphMemoryType",
    "IsStreamType",
    "ManagedMemoryLocationType",
    "ObjectCodeFormatType",
    "PCHStatusType",
    "ProcessStateType",
    "ReadModeType",
    "SourceCodeType",
    "VirtualMemoryAccessType",
    "VirtualMemoryAllocationType",
    "VirtualMemoryGranularityType",
    "VirtualMemoryHandleType",
    "VirtualMemoryLocationType",
    "WorkqueueSharingScopeType",
]


DeviceResourcesType: TypeAlias = Sequence[SMResource | WorkqueueResource]
"""The resources a green context is made from (the ``resources`` of :class:`~cuda.core.ContextOptions`)."""

DevicePointerType: TypeAlias = driver.CUdeviceptr | int | None
"""A device address as :attr:`~cuda.core.Buffer.handle` may give it: a ``CUdeviceptr``, an int or None."""

ProcessStateType: TypeAlias = Literal["running", "locked", "checkpointed", "failed"]
"""The states of a process that CUDA checkpointing reports."""


class IsStreamType(Protocol):
    """An object that can be used as a CUDA stream: it has a ``__cuda_stream__`` method."""

    def __cuda_stream__(self) -> tuple[int, int]:
        """Return ``(version, address)``: the protocol version (``0``) and the ``CUstream`` address."""


class SourceCodeType(StrEnum):
    """The language of the source code a :class:`~cuda.core.Program` compiles.

    * ``CXX``: CUDA C++.
    * ``PTX``: PTX assembly.
    * ``NVVM``: NVVM IR.
    """

    CXX = "c++"
    PTX = "ptx"
    NVVM = "nvvm"


class ObjectCodeFormatType(StrEnum):
    """The format of compiled or linked code.

    * ``PTX``: PTX assembly.
    * ``CUBIN``: a binary for one architecture.
    * ``LTOIR``: intermediate code for link-time optimization.
    * ``FATBIN``: binaries and PTX for several architectures.
    * ``OBJECT``: a relocatable device object.
    * ``LIBRARY``: a library of device code.
    """

    PTX = "ptx"
    CUBIN = "cubin"
    LTOIR = "ltoir"
    FATBIN = "fatbin"
    OBJECT = "object"
    LIBRARY = "library"


class CompilerBackendType(StrEnum):
    """The compiler that a :class:`~cuda.core.Program` uses.

    * ``NVRTC``: runtime compilation of CUDA C++.
    * ``NVVM``: the NVVM compiler of NVVM IR.
    * ``NVJITLINK``: the nvJitLink linker.
    * ``DRIVER``: the driver's PTX compiler.
    """

    NVRTC = "NVRTC"
    NVVM = "NVVM"
    NVJITLINK = "nvJitLink"
    DRIVER = "driver"


class PCHStatusType(StrEnum):
    """What happened to a requested precompiled header.

    * ``CREATED``: the header was written.
    * ``NOT_ATTEMPTED``: no header was attempted.
    * ``FAILED``: writing the header failed.
    """

    CREATED = "created"
    NOT_ATTEMPTED = "not_attempted"
    FAILED = "failed"


class GraphConditionalType(StrEnum):
    """The kind of a conditional graph node.

    * ``IF``: run the body at most once.
    * ``WHILE``: run the body while the condition holds.
    * ``SWITCH``: run the body that an index selects.
    """

    IF = "if"
    WHILE = "while"
    SWITCH = "switch"


class GraphMemoryType(StrEnum):
    """The kind of memory a graph's allocation or free node handles.

    * ``DEVICE``: device memory.
    * ``HOST``: pinned host memory.
    * ``MANAGED``: managed memory.
    """

    DEVICE = "device"
    HOST = "host"
    MANAGED = "managed"


class ManagedMemoryLocationType(StrEnum):
    """Where managed memory is prefetched to or advised for.

    * ``DEVICE``: a device.
    * ``HOST``: the host.
    * ``HOST_NUMA``: one NUMA node of the host.
    """

    DEVICE = "device"
    HOST = "host"
    HOST_NUMA = "host_numa"


class VirtualMemoryHandleType(StrEnum):
    """The operating-system handle a virtual memory allocation is shared through.

    * ``POSIX_FD``: a POSIX file descriptor.
    * ``WIN32_KMT``: a Windows kernel-mode handle.
    * ``FABRIC``: a fabric handle, across nodes.
    """

    POSIX_FD = "posix_fd"
    WIN32_KMT = "win32_kmt"
    FABRIC = "fabric"


class VirtualMemoryLocationType(StrEnum):
    """Where the physical memory of a virtual memory allocation is.

    * ``DEVICE``: on a device.
    * ``HOST``: pinned host memory.
    * ``HOST_NUMA``: pinned host memory on a given NUMA node.
    * ``HOST_NUMA_CURRENT``: pinned host memory on the calling thread's NUMA node.
    """

    DEVICE = "device"
    HOST = "host"
    HOST_NUMA = "host_numa"
    HOST_NUMA_CURRENT = "host_numa_current"


class VirtualMemoryGranularityType(StrEnum):
    """Which allocation granularity to ask for.

    * ``MINIMUM``: the smallest the device supports.
    * ``RECOMMENDED``: the one that performs best.
    """

    MINIMUM = "minimum"
    RECOMMENDED = "recommended"


class VirtualMemoryAccessType(StrEnum):
    """The access a virtual memory mapping grants.

    * ``READ_WRITE``: reading and writing.
    * ``READ``: reading only.
    """

    READ_WRITE = "rw"
    READ = "r"


class VirtualMemoryAllocationType(StrEnum):
    """The kind of physical memory behind a virtual memory allocation.

    * ``PINNED``: pinned memory, not migrated.
    * ``MANAGED``: managed memory (CUDA 13 and later).
    """

    PINNED = "pinned"
    MANAGED = "managed"


class ArrayFormatType(StrEnum):
    """The element format of a CUDA array, one NumPy type per member.

    * ``UINT8``, ``UINT16``, ``UINT32``: unsigned integers.
    * ``INT8``, ``INT16``, ``INT32``: signed integers.
    * ``FLOAT16``, ``FLOAT32``: half and single precision floats.
    """

    UINT8 = "uint8"
    UINT16 = "uint16"
    UINT32 = "uint32"
    INT8 = "int8"
    INT16 = "int16"
    INT32 = "int32"
    FLOAT16 = "float16"
    FLOAT32 = "float32"


class AddressModeType(StrEnum):
    """What a texture read outside the texture returns.

    * ``WRAP``: the texture repeats.
    * ``CLAMP``: the nearest edge texel.
    * ``MIRROR``: the texture repeats, mirrored.
    * ``BORDER``: the border color.
    """

    WRAP = "wrap"
    CLAMP = "clamp"
    MIRROR = "mirror"
    BORDER = "border"


class FilterModeType(StrEnum):
    """How a texture is sampled between texels.

    * ``POINT``: the nearest texel.
    * ``LINEAR``: linear interpolation.
    """

    POINT = "point"
    LINEAR = "linear"


class ReadModeType(StrEnum):
    """What a texture read returns for integer formats.

    * ``ELEMENT_TYPE``: the stored value.
    * ``NORMALIZED_FLOAT``: a float in ``[0, 1]`` (unsigned) or ``[-1, 1]`` (signed).
    """

    ELEMENT_TYPE = "element_type"
    NORMALIZED_FLOAT = "normalized_float"
