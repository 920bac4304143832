# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Page-locked host memory from CUDA's stream-ordered memory pools.

A :class:`PinnedMemoryResource` allocates host memory that devices can
access, in stream order, from the host's current memory pool or from a
pool of its own.
"""

from __future__ import annotations

from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport size_argument
from cuda.core._memory._memory_pool cimport _MemPool, MP_create_pool, MP_use_current_pool
from cuda.core._utils.cuda_utils cimport check_or_create_options

import dataclasses

__all__ = ["PinnedMemoryResource", "PinnedMemoryResourceOptions"]


cdef class PinnedMemoryResource(_MemPool):
    """Allocate page-locked (pinned) host memory in stream order from a CUDA memory pool.

    The host and every device can access the memory. Without ``options``,
    the resource uses the host's current pinned memory pool (the driver's
    default one unless one was set) and does not own it: :meth:`close` then
    has no effect. With ``options``, it creates a pool of its own, which
    :meth:`close` destroys.

    Parameters
    ----------
    options : PinnedMemoryResourceOptions or dict, optional
        Options for a pool of the resource's own.

    Raises
    ------
    CUDAError
        If the driver has no host memory pools
        (``Device.properties.host_memory_pools_supported``); use
        :class:`LegacyPinnedMemoryResource` there.
    NotImplementedError
        If ``options.ipc_enabled`` is set: IPC is not supported.
    TypeError
        If ``options`` is neither :class:`PinnedMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``options`` has unknown keys, ``options.max_size`` is negative or
        ``options.numa_id`` is negative.
    """

    def __init__(self, options: PinnedMemoryResourceOptions | None = None) -> None:
        """Take the host's current pinned pool, or create a pool of its own from ``options``."""
        options = check_or_create_options(
            PinnedMemoryResourceOptions, options, "PinnedMemoryResource options", keep_none=True
        )
        self._numa_id = -1
        if options is None:
            MP_use_current_pool(
                self,
                cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST,
                0,
                cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED,
            )
        else:
            PMR_create_pool(self, options)

    @property
    def device_id(self) -> int:
        """Return -1: pinned host memory belongs to no single device."""
        return -1

    @property
    def is_device_accessible(self) -> bool:
        """Return ``True``: every device can access pinned host memory."""
        return True

    @property
    def is_host_accessible(self) -> bool:
        """Return ``True``: the host can access the memory directly."""
        return True

    @property
    def numa_id(self) -> int:
        """Return the host NUMA node the pool places memory on, or -1 if the OS chooses."""
        return self._numa_id


@dataclasses.dataclass
class PinnedMemoryResourceOptions:
    """Options for a :class:`PinnedMemoryResource` that creates a memory pool of its own.

    Attributes
    ----------
    ipc_enabled : bool
        Whether the pool's memory can be shared with other processes. Not
        supported: must be ``False`` (the default).
    max_size : int
        The most memory the pool may reserve, in bytes; 0 (the default)
        lets the driver choose.
    numa_id : int or None
        The host NUMA node to place the memory on; ``None`` (the default)
        lets the operating system choose.
    """

    ipc_enabled: bool = False
    max_size: int = 0
    numa_id: int | None = None


cdef int PMR_create_pool(PinnedMemoryResource self, object options) except -1:
    """Create the pinned memory pool ``self`` owns, as ``options`` describe it."""
    if options.ipc_enabled:
        raise NotImplementedError(
            "IPC-enabled memory pools are not supported; set ipc_enabled=False"
        )
    cdef size_t c_max_size = size_argument(options.max_size, "max_size")
    cdef cydriver.CUmemLocationType c_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST
    cdef int c_numa_id = -1
    if options.numa_id is not None:
        c_numa_id = PMR_numa_argument(options.numa_id)
        c_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA
    MP_create_pool(
        self,
        c_type,
        c_numa_id if c_numa_id >= 0 else 0,
        cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED,
        c_max_size,
    )
    self._numa_id = c_numa_id
    return 0


cdef int PMR_numa_argument(object numa_id) except -1:
    """Return ``numa_id`` as a C int, rejecting non-integers and negative values."""
    if isinstance(numa_id, bool) or not isinstance(numa_id, int):
        raise TypeError(f"numa_id must be an int or None, got {type(numa_id).__name__}")
    if numa_id < 0:
        raise ValueError(f"numa_id must not be negative, got {numa_id}")
    return numa_id
