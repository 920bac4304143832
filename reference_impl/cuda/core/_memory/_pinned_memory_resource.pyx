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
from cuda.core._memory._ipc cimport IPC_check_supported
from cuda.core._memory._memory_pool cimport (
    _IPCMemPool,
    MP_create_pool,
    MP_lookup_mapped,
    MP_map_pool,
    MP_use_current_pool,
)
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options, check_start_method

import dataclasses
import multiprocessing.reduction

__all__ = ["PinnedMemoryResource", "PinnedMemoryResourceOptions"]


cdef class PinnedMemoryResource(_IPCMemPool):
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
        :class:`LegacyPinnedMemoryResource` there. Also if
        ``options.ipc_enabled`` is set without ``options.numa_id`` while no
        context is current.
    RuntimeError
        If ``options.ipc_enabled`` is set where pools cannot be shared
        (anywhere but Linux).
    TypeError
        If ``options`` is neither :class:`PinnedMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``options`` has unknown keys, ``options.max_size`` is negative or
        ``options.numa_id`` is negative.

    Notes
    -----
    A resource created with ``ipc_enabled=True`` shares its pool with other
    processes, as :class:`DeviceMemoryResource` describes. Such a pool is
    placed on a host NUMA node: ``options.numa_id``, or else the node of
    the current context's device.
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

    def __reduce__(self) -> tuple[object, ...]:
        # Plain pickling finds a mapped resource of the receiving process by
        # identifier; multiprocessing sends the pool itself (see the end of the file).
        return PinnedMemoryResource.from_registry, (self.uuid,)

    @classmethod
    def from_allocation_handle(
        cls, alloc_handle: int | IPCAllocationHandle
    ) -> PinnedMemoryResource:
        """Map, into this process, the pool another process shares through ``alloc_handle``.

        A resource already registered under the handle's identifier is
        returned instead; a new one is registered under it.

        Parameters
        ----------
        alloc_handle : IPCAllocationHandle or int
            The handle of the pool, from :attr:`allocation_handle` in the
            exporting process, or a file descriptor of it, which is
            duplicated: the caller still closes it.

        Returns
        -------
        PinnedMemoryResource
            The mapped resource, which owns its mapping of the pool.

        Raises
        ------
        CUDAError
            If the driver cannot import the pool.
        OSError
            If an int ``alloc_handle`` is not an open file descriptor.
        TypeError
            If ``alloc_handle`` is neither a handle nor an int, or it shares
            a pool of device memory: the resource registered under its
            identifier is not a ``PinnedMemoryResource`` (``Registry contains
            a DeviceMemoryResource for uuid ..., but PinnedMemoryResource was
            requested``), or the handle, received from the exporting
            process, says so (a bare file descriptor says nothing).
        RuntimeError
            If ``alloc_handle`` is a closed handle (``IPCAllocationHandle
            has been closed``), even when a resource is registered under its
            identifier.
        """
        existing, handle = MP_lookup_mapped(cls, alloc_handle, True)
        if existing is not None:
            return existing
        cdef PinnedMemoryResource self = cls.__new__(cls)
        self._numa_id = -1
        MP_map_pool(self, handle)
        return self

    @property
    def device_id(self) -> int:
        """Return -1: pinned host memory belongs to no single device."""
        return -1

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
        Whether the pool and its memory can be shared with other processes
        (default ``False``).
    max_size : int
        The most memory the pool may reserve, in bytes; 0 (the default)
        lets the driver choose.
    numa_id : int or None
        The host NUMA node to place the memory on. ``None`` (the default)
        lets the operating system choose, unless ``ipc_enabled`` is set:
        then the memory goes on the node of the current context's device.
    """

    ipc_enabled: bool = False
    max_size: int = 0
    numa_id: int | None = None


cdef int PMR_create_pool(PinnedMemoryResource self, object options) except -1:
    """Create the pinned memory pool ``self`` owns, as ``options`` describe it."""
    cdef bint c_ipc = bool(options.ipc_enabled)
    if c_ipc:
        IPC_check_supported()
    cdef size_t c_max_size = size_argument(options.max_size, "max_size")
    cdef cydriver.CUmemLocationType c_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST
    cdef int c_numa_id = -1
    if options.numa_id is not None:
        c_numa_id = PMR_numa_argument(options.numa_id)
        c_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA
    elif c_ipc:
        # Shared pinned pools live on a NUMA node: that of the current device.
        c_numa_id = PMR_current_device_numa_id()
        c_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA
    MP_create_pool(
        self,
        c_type,
        c_numa_id if c_numa_id >= 0 else 0,
        cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED,
        c_max_size,
        c_ipc,
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


cdef int PMR_current_device_numa_id() except -1:
    """Return the host NUMA node nearest the current context's device; 0 if it has none."""
    cdef cydriver.CUdevice c_device = 0
    cdef int c_numa_id = -1
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
        HANDLE_RETURN(cydriver.cuDeviceGetAttribute(
            &c_numa_id, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID, c_device
        ))
    return c_numa_id if c_numa_id >= 0 else 0


def _deep_reduce_pinned_memory_resource(mr: PinnedMemoryResource) -> tuple[object, ...]:
    """Reduce ``mr`` for :mod:`multiprocessing`: the receiving process maps its pool."""
    check_start_method()
    return type(mr).from_allocation_handle, (mr.allocation_handle,)


multiprocessing.reduction.register(PinnedMemoryResource, _deep_reduce_pinned_memory_resource)
