# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Memory allocated with CUDA's virtual memory management (VMM) API.

A :class:`VirtualMemoryResource` creates physical memory (``cuMemCreate``),
reserves a virtual address range for it (``cuMemAddressReserve``), maps the
one to the other (``cuMemMap``) and grants access to it (``cuMemSetAccess``).
Allocations are synchronous, and can grow in place with
:meth:`VirtualMemoryResource.modify_allocation`.
"""

from __future__ import annotations

from cpython.ref cimport Py_REFCNT
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer, Buffer_from_ptr, MemoryResource, size_argument
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options

from collections.abc import Iterable
import dataclasses
import operator

from cuda.core._device import Device
from cuda.core.typing import (
    VirtualMemoryAccessType,
    VirtualMemoryAllocationType,
    VirtualMemoryGranularityType,
    VirtualMemoryHandleType,
    VirtualMemoryLocationType,
)

__all__ = ["VirtualMemoryResource", "VirtualMemoryResourceOptions"]


_HOST_LOCATION_TYPES = frozenset(
    {
        VirtualMemoryLocationType.HOST,
        VirtualMemoryLocationType.HOST_NUMA,
        VirtualMemoryLocationType.HOST_NUMA_CURRENT,
    }
)
"""The location types whose physical memory is host memory: such resources have no device."""

_ALLOCATION_TYPES = {
    VirtualMemoryAllocationType.PINNED: cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED,
    VirtualMemoryAllocationType.MANAGED: cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_MANAGED,
}
"""The driver's allocation type for each ``allocation_type`` option."""

_LOCATION_TYPES = {
    VirtualMemoryLocationType.DEVICE: cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE,
    VirtualMemoryLocationType.HOST: cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST,
    VirtualMemoryLocationType.HOST_NUMA: cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA,
    VirtualMemoryLocationType.HOST_NUMA_CURRENT: (
        cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT
    ),
}
"""The driver's location type for each ``location_type`` option."""

_HANDLE_TYPES = {
    None: cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_NONE,
    VirtualMemoryHandleType.POSIX_FD: (
        cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
    ),
    VirtualMemoryHandleType.WIN32_KMT: cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_WIN32_KMT,
    VirtualMemoryHandleType.FABRIC: cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_FABRIC,
}
"""The driver's exportable handle type for each ``handle_type`` option; ``None`` exports none."""

_GRANULARITIES = {
    VirtualMemoryGranularityType.RECOMMENDED: (
        cydriver.CUmemAllocationGranularity_flags.CU_MEM_ALLOC_GRANULARITY_RECOMMENDED
    ),
    VirtualMemoryGranularityType.MINIMUM: (
        cydriver.CUmemAllocationGranularity_flags.CU_MEM_ALLOC_GRANULARITY_MINIMUM
    ),
}
"""The driver's granularity query for each ``granularity`` option."""

_ACCESS_FLAGS = {
    VirtualMemoryAccessType.READ_WRITE: cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE,
    VirtualMemoryAccessType.READ: cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READ,
    None: cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_NONE,
}
"""The driver's access flags for each ``self_access`` and ``peer_access`` option; ``None`` grants none."""

_UNRECOVERABLE_RESERVE_ERRORS = frozenset(
    {
        cydriver.CUresult.CUDA_ERROR_INVALID_VALUE,
        cydriver.CUresult.CUDA_ERROR_NOT_PERMITTED,
        cydriver.CUresult.CUDA_ERROR_NOT_INITIALIZED,
        cydriver.CUresult.CUDA_ERROR_NOT_SUPPORTED,
    }
)
"""Failures to extend an address range in place that reserving a new range would repeat."""


cdef class VirtualMemoryResource(MemoryResource):
    """Allocate memory with the CUDA virtual memory management (VMM) API.

    Each allocation is physical memory of its own, rounded up to the
    allocation granularity, mapped into a virtual address range reserved
    for it, with the access that ``config`` grants to the owning device and
    its peers. Allocating and freeing are synchronous.

    This is a low-level resource: the pool-backed resources
    (:class:`DeviceMemoryResource` and the others) meet most needs.

    Parameters
    ----------
    device_id : Device or int
        The device whose memory to allocate; ignored (``device`` is then
        ``None``) when ``config.location_type`` places the memory on the
        host.
    config : VirtualMemoryResourceOptions or dict, optional
        How to allocate, map and grant access; the defaults without it.

    Attributes
    ----------
    device : Device or None
        The device whose memory the resource allocates, or ``None`` for
        host memory.
    config : VirtualMemoryResourceOptions
        The options allocations follow; :meth:`modify_allocation` may
        replace them.

    Raises
    ------
    RuntimeError
        If the device does not support virtual memory management, or
        ``config.gpu_direct_rdma`` is set on a device without GPU Direct
        RDMA.
    TypeError
        If ``config`` is neither :class:`VirtualMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``device_id`` is not a device ordinal or ``config`` has unknown
        keys.
    """

    def __init__(
        self, device_id: Device | int, config: VirtualMemoryResourceOptions | None = None
    ) -> None:
        """Check that the device supports what ``config`` asks for."""
        self._allocations = {}
        self.device = Device(device_id)
        self.config = check_or_create_options(
            VirtualMemoryResourceOptions, config, "VirtualMemoryResource options", keep_none=False
        )
        if self.config.location_type in _HOST_LOCATION_TYPES:
            self.device = None
        if self.device is not None:
            if not self.device.properties.virtual_memory_management_supported:
                raise RuntimeError("VirtualMemoryResource requires CUDA VMM API support")
            if self.config.gpu_direct_rdma and not self.device.properties.gpu_direct_rdma_supported:
                raise RuntimeError("GPU Direct RDMA is not supported on this device")

    def __repr__(self) -> str:
        return f"<VirtualMemoryResource device={self.device}>"

    def allocate(self, size: int, *, stream: Stream | None = None) -> Buffer:
        """Allocate at least ``size`` bytes, rounded up to the allocation granularity.

        Parameters
        ----------
        size : int
            The least size of the buffer, in bytes.
        stream : Stream, optional
            Not used: virtual memory is allocated synchronously. It is still
            checked to be a stream.

        Returns
        -------
        Buffer
            The new buffer, owned by this resource; its size is ``size``
            rounded up to the granularity.

        Raises
        ------
        CUDAError
            If the driver cannot create, reserve, map or grant access to the
            memory; whatever was done is undone first.
        NotImplementedError
            If ``config.handle_type`` is ``"win32"``.
        TypeError
            If ``size`` is not an int or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` is negative or ``config`` holds an unknown option value.
        """
        if stream is not None:
            Stream_accept(stream)
        return VMR_allocate(self, size_argument(size, "size"))

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None = None) -> None:
        """Unmap memory this resource allocated, and free its address range.

        Parameters
        ----------
        ptr : int
            The address of the memory.
        size : int
            The size of the memory, in bytes; used only for memory this
            resource has no record of.
        stream : Stream, optional
            Not used: virtual memory is freed synchronously. It is still
            checked to be a stream.

        Raises
        ------
        CUDAError
            If the driver fails to unmap or free the memory.
        TypeError
            If ``ptr`` or ``size`` is not an int or ``stream`` not a :class:`Stream`.
        """
        if stream is not None:
            Stream_accept(stream)
        VMR_deallocate(
            self, 0 if ptr is None else <uintptr_t>operator.index(ptr), size_argument(size, "size")
        )

    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1:
        """Free a closing buffer's memory without a Python call, unless deallocate is overridden."""
        if type(self) is not VirtualMemoryResource:
            return MemoryResource._deallocate(self, ptr, size, stream)
        return VMR_deallocate(self, ptr, size)

    def modify_allocation(
        self, buf: Buffer, new_size: int, config: VirtualMemoryResourceOptions | None = None
    ) -> Buffer:
        """Grow ``buf`` to ``new_size`` bytes, keeping its contents.

        New physical memory is mapped right after the buffer's when that
        address range is free, and the buffer keeps its address. Otherwise
        the whole allocation moves to a new address range: ``buf`` is then
        closed, and a new buffer is returned. A ``new_size`` no larger than
        the buffer's only grants the access ``config`` asks for. Nothing is
        changed when a step fails.

        Parameters
        ----------
        buf : Buffer
            A buffer this resource allocated.
        new_size : int
            The size the buffer should have, in bytes.
        config : VirtualMemoryResourceOptions or dict, optional
            Options that replace the resource's ``config``, for this
            and later allocations.

        Returns
        -------
        Buffer
            ``buf``, grown in place, or a new buffer at another address.

        Raises
        ------
        CUDAError
            If the driver cannot create, reserve, map or grant access to the
            memory.
        RuntimeError
            If ``buf`` is closed, or its memory must move to grow and graph
            nodes still use it.
        TypeError
            If ``buf`` is not a :class:`Buffer` or ``new_size`` not an int.
        ValueError
            If ``new_size`` is negative or ``config`` holds an unknown option value.
        """
        if not isinstance(buf, Buffer):
            raise TypeError(f"buf must be a Buffer, got {type(buf).__name__}")
        if buf.is_closed:
            raise RuntimeError("Buffer has been closed")
        cdef size_t c_new_size = size_argument(new_size, "new_size")
        if config is not None:
            self.config = check_or_create_options(
                VirtualMemoryResourceOptions, config, "VirtualMemoryResource options"
            )
        return VMR_modify(self, <Buffer>buf, c_new_size)

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device whose memory this resource allocates; -1 for host memory."""
        return -1 if self.device is None else self.device.device_id

    @property
    def is_device_accessible(self) -> bool:
        """Return whether the memory is on a device (``location_type`` is ``"device"``)."""
        return self.config.location_type == VirtualMemoryLocationType.DEVICE

    @property
    def is_host_accessible(self) -> bool:
        """Return whether the memory is host memory (a ``host`` ``location_type``)."""
        return self.config.location_type in _HOST_LOCATION_TYPES


@dataclasses.dataclass
class VirtualMemoryResourceOptions:
    """Options for a :class:`VirtualMemoryResource`: how it allocates, maps and grants access.

    Each field takes a member of its enumeration or the equal string.

    Attributes
    ----------
    allocation_type : VirtualMemoryAllocationType or str
        The kind of physical memory: ``"pinned"`` (the default) or
        ``"managed"``.
    location_type : VirtualMemoryLocationType or str
        Where the physical memory is: ``"device"`` (the default), ``"host"``,
        ``"host_numa"`` or ``"host_numa_current"``.
    handle_type : VirtualMemoryHandleType or str or None
        The operating-system handle the memory can be exported through:
        ``"posix_fd"`` (the default), ``"win32_kmt"``, ``"fabric"``, or
        ``None`` for none.
    granularity : VirtualMemoryGranularityType or str
        The granularity sizes are rounded up to: ``"recommended"`` (the
        default) or ``"minimum"``.
    gpu_direct_rdma : bool
        Whether to ask for memory that GPU Direct RDMA can use.
    addr_hint : int or None
        The address to try to reserve the range at; 0 or ``None`` (the
        default is 0) lets the driver choose.
    addr_align : int or None
        The alignment of the address range; ``None`` (the default) uses the
        granularity.
    peers : Iterable[int]
        Ordinals of devices to grant ``peer_access`` to, besides the owning
        device.
    self_access : VirtualMemoryAccessType or str or None
        The access of the owning device: ``"rw"`` (the default), ``"r"``, or
        ``None`` for none.
    peer_access : VirtualMemoryAccessType or str or None
        The access of the ``peers``: ``"rw"`` (the default), ``"r"``, or
        ``None`` for none.
    """

    allocation_type: VirtualMemoryAllocationType = VirtualMemoryAllocationType.PINNED
    location_type: VirtualMemoryLocationType = VirtualMemoryLocationType.DEVICE
    handle_type: VirtualMemoryHandleType = VirtualMemoryHandleType.POSIX_FD
    granularity: VirtualMemoryGranularityType = VirtualMemoryGranularityType.RECOMMENDED
    gpu_direct_rdma: bool = False
    addr_hint: int | None = 0
    addr_align: int | None = None
    peers: Iterable[int] = dataclasses.field(default_factory=tuple)
    self_access: VirtualMemoryAccessType = VirtualMemoryAccessType.READ_WRITE
    peer_access: VirtualMemoryAccessType = VirtualMemoryAccessType.READ_WRITE


cdef inline size_t VMR_align_up(size_t size, size_t granularity) noexcept nogil:
    """Round ``size`` up to a multiple of ``granularity``, a power of two."""
    return (size + granularity - 1) & ~(granularity - 1)


cdef object VMR_option(dict table, object value, str what):
    """Return the driver constant ``table`` gives ``value``; raise :class:`ValueError` for none."""
    try:
        return table[value]
    except (KeyError, TypeError):
        raise ValueError(f"Unsupported {what}: {value!r}") from None


cdef int VMR_fill_prop(
    VirtualMemoryResource self, object config, cydriver.CUmemAllocationProp* prop
) except -1:
    """Describe, in ``prop``, the physical memory ``config`` asks for."""
    if config.handle_type == "win32":
        raise NotImplementedError(
            "win32 is currently not supported, please reach out to the CUDA Python team"
        )
    memset(prop, 0, sizeof(prop[0]))
    prop.type = VMR_option(_ALLOCATION_TYPES, config.allocation_type, "allocation_type")
    prop.location.type = VMR_option(_LOCATION_TYPES, config.location_type, "location_type")
    prop.location.id = -1 if self.device is None else self.device.device_id
    prop.allocFlags.gpuDirectRDMACapable = 1 if config.gpu_direct_rdma else 0
    prop.requestedHandleTypes = VMR_option(_HANDLE_TYPES, config.handle_type, "handle_type")
    return 0


cdef size_t VMR_granularity(object config, const cydriver.CUmemAllocationProp* prop) except? 0:
    """Return the allocation granularity ``config`` asks for, for memory described by ``prop``."""
    cdef cydriver.CUmemAllocationGranularity_flags c_option = VMR_option(
        _GRANULARITIES, config.granularity, "granularity"
    )
    cdef size_t c_granularity = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuMemGetAllocationGranularity(&c_granularity, prop, c_option))
    return c_granularity


cdef cydriver.CUmemAccessDesc* VMR_access_descs(
    object config, const cydriver.CUmemAllocationProp* prop, size_t* count
) except NULL:
    """Return the access ``config`` grants the owner and the peers; the caller frees the array.

    ``count`` receives the number of descriptors, which may be 0.
    """
    owner_flags = VMR_access_flags(config.self_access)
    peer_flags = VMR_access_flags(config.peer_access)
    no_access = cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_NONE
    peers = [] if peer_flags == no_access else [int(peer) for peer in config.peers]
    cdef size_t n = len(peers) + (0 if owner_flags == no_access else 1)
    cdef cydriver.CUmemAccessDesc* descs = <cydriver.CUmemAccessDesc*>malloc(
        (n if n else 1) * sizeof(cydriver.CUmemAccessDesc)
    )
    if descs == NULL:
        raise MemoryError("cannot allocate the access descriptors of a virtual memory mapping")
    memset(descs, 0, (n if n else 1) * sizeof(cydriver.CUmemAccessDesc))
    cdef size_t i = 0
    if owner_flags != no_access:
        descs[0].location = prop.location
        descs[0].flags = owner_flags
        i = 1
    for peer in peers:
        descs[i].location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
        descs[i].location.id = peer
        descs[i].flags = peer_flags
        i += 1
    count[0] = n
    return descs


cdef object VMR_access_flags(object spec):
    """Return the driver's access flags for an access option; raise :class:`ValueError` for none."""
    try:
        return _ACCESS_FLAGS[spec]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown access spec: {spec!r}") from None


cdef Buffer VMR_allocate(VirtualMemoryResource self, size_t size):
    """Create, reserve, map and grant access to ``size`` bytes rounded up: the body of ``allocate``."""
    config = self.config
    cdef cydriver.CUmemAllocationProp c_prop
    VMR_fill_prop(self, config, &c_prop)
    cdef size_t c_granularity = VMR_granularity(config, &c_prop)
    cdef size_t c_size = VMR_align_up(size, c_granularity)
    cdef size_t c_align = operator.index(config.addr_align) if config.addr_align else c_granularity
    cdef cydriver.CUdeviceptr c_hint = operator.index(config.addr_hint) if config.addr_hint else 0
    cdef size_t c_count = 0
    cdef cydriver.CUmemAccessDesc* c_descs = VMR_access_descs(config, &c_prop, &c_count)
    cdef cydriver.CUdeviceptr c_ptr = 0
    try:
        with nogil:
            HANDLE_RETURN(cydriver.cuMemAddressReserve(&c_ptr, c_size, c_align, c_hint, 0))
            VMR_map_new_or_free(c_ptr, c_size, &c_prop, c_descs, c_count)
    finally:
        free(c_descs)
    cdef uintptr_t ptr = <uintptr_t>c_ptr
    # Each allocation records its address ranges and its mappings, one per
    # piece of physical memory, to undo them all when it is freed.
    self._allocations[ptr] = ([(ptr, c_size)], [(ptr, c_size)])
    return Buffer_from_ptr(ptr, c_size, self, None, None)


cdef int VMR_map_new_or_free(
    cydriver.CUdeviceptr ptr,
    size_t size,
    const cydriver.CUmemAllocationProp* prop,
    const cydriver.CUmemAccessDesc* descs,
    size_t count,
) except -1 nogil:
    """Map new memory into the reserved range at ``ptr``; free the range if that fails."""
    cdef cydriver.CUresult err = VMR_map_new(ptr, size, prop, descs, count)
    if err != cydriver.CUresult.CUDA_SUCCESS:
        # The mapping's failure is the error to report; freeing only undoes the reservation.
        cydriver.cuMemAddressFree(ptr, size)  # noqa: CUD002 the mapping's failure is reported
    return HANDLE_RETURN(err)


cdef cydriver.CUresult VMR_map_new(
    cydriver.CUdeviceptr ptr,
    size_t size,
    const cydriver.CUmemAllocationProp* prop,
    const cydriver.CUmemAccessDesc* descs,
    size_t count,
) noexcept nogil:
    """Create physical memory, map it at ``ptr`` and grant access; undo it all on failure.

    The handle is released once mapped: the mapping keeps the memory alive,
    and unmapping it frees the memory.
    """
    cdef cydriver.CUmemGenericAllocationHandle handle
    cdef cydriver.CUresult err = cydriver.cuMemCreate(&handle, size, prop, 0)
    cdef cydriver.CUresult released
    if err != cydriver.CUresult.CUDA_SUCCESS:
        return err
    err = cydriver.cuMemMap(ptr, size, 0, handle, 0)
    if err == cydriver.CUresult.CUDA_SUCCESS and count:
        err = cydriver.cuMemSetAccess(ptr, size, descs, count)
        if err != cydriver.CUresult.CUDA_SUCCESS:
            cydriver.cuMemUnmap(ptr, size)  # noqa: CUD002 the access failure is reported
    released = cydriver.cuMemRelease(handle)
    return err if err != cydriver.CUresult.CUDA_SUCCESS else released


cdef cydriver.CUresult VMR_map_again(
    cydriver.CUdeviceptr src, cydriver.CUdeviceptr dst, size_t size
) noexcept nogil:
    """Map the physical memory mapped at ``src`` at ``dst`` too."""
    cdef cydriver.CUmemGenericAllocationHandle handle
    cdef cydriver.CUresult err = cydriver.cuMemRetainAllocationHandle(&handle, <void*>src)
    cdef cydriver.CUresult released
    if err != cydriver.CUresult.CUDA_SUCCESS:
        return err
    err = cydriver.cuMemMap(dst, size, 0, handle, 0)
    released = cydriver.cuMemRelease(handle)
    return err if err != cydriver.CUresult.CUDA_SUCCESS else released


cdef int VMR_set_access(
    uintptr_t ptr, size_t size, const cydriver.CUmemAccessDesc* descs, size_t count
) except -1:
    """Grant the access ``descs`` describe to the mapping at ``ptr``; do nothing for none."""
    cdef cydriver.CUdeviceptr c_ptr = ptr
    if count:
        with nogil:
            HANDLE_RETURN(cydriver.cuMemSetAccess(c_ptr, size, descs, count))
    return 0


cdef int VMR_unmap_all(list mappings, list ranges, bint check) except -1:
    """Unmap ``mappings`` and free ``ranges``; raise the first failure if ``check``.

    CUDA_ERROR_DEINITIALIZED means the driver has shut down (interpreter
    exit) and released all memory: there is nothing left to free.
    """
    cdef cydriver.CUresult first = cydriver.CUresult.CUDA_SUCCESS
    VMR_release_each(mappings, True, &first)
    VMR_release_each(ranges, False, &first)
    if check and first != cydriver.CUresult.CUDA_ERROR_DEINITIALIZED:
        HANDLE_RETURN(first)
    return 0


cdef int VMR_release_each(list pieces, bint unmap, cydriver.CUresult* first) except -1:
    """Unmap each ``(ptr, size)`` of ``pieces``, or free it as a reserved range; go on past failures.

    The first failure is kept in ``first``, unless it already holds one.
    """
    cdef cydriver.CUdeviceptr c_ptr
    cdef size_t c_size
    cdef cydriver.CUresult err
    for ptr, size in pieces:
        c_ptr = ptr
        c_size = size
        with nogil:
            if unmap:
                err = cydriver.cuMemUnmap(c_ptr, c_size)
            else:
                err = cydriver.cuMemAddressFree(c_ptr, c_size)
        if first[0] == cydriver.CUresult.CUDA_SUCCESS:
            first[0] = err
    return 0


cdef int VMR_deallocate(VirtualMemoryResource self, uintptr_t ptr, size_t size) except -1:
    """Unmap and free the allocation at ``ptr``: the body of ``deallocate``."""
    record = self._allocations.pop(ptr, None)
    if record is None:
        # Memory this resource has no record of: one mapping, one range.
        record = ([(ptr, size)], [(ptr, size)])
    ranges, mappings = record
    return VMR_unmap_all(mappings, ranges, True)


cdef Buffer VMR_modify(VirtualMemoryResource self, Buffer buf, size_t new_size):
    """Grow ``buf`` to ``new_size`` bytes: the body of ``modify_allocation``."""
    config = self.config
    cdef cydriver.CUmemAllocationProp c_prop
    VMR_fill_prop(self, config, &c_prop)
    cdef size_t c_granularity = VMR_granularity(config, &c_prop)
    cdef uintptr_t base = buf._ptr
    record = self._allocations.get(base)
    if record is None:
        aligned = VMR_align_up(buf._size, c_granularity)
        record = ([(base, aligned)], [(base, aligned)])
    ranges, mappings = record
    cdef size_t c_mapped = sum(size for _, size in mappings)
    cdef size_t c_total = VMR_align_up(new_size, c_granularity)
    cdef size_t c_align = operator.index(config.addr_align) if config.addr_align else c_granularity
    cdef size_t c_count = 0
    cdef cydriver.CUmemAccessDesc* c_descs = VMR_access_descs(config, &c_prop, &c_count)
    try:
        if c_total <= c_mapped:
            # Nothing to map: only the access may change, mapping by mapping.
            for ptr, size in mappings:
                VMR_set_access(ptr, size, c_descs, c_count)
            if new_size > buf._size:
                buf._size = new_size
            return buf
        if VMR_grow_in_place(
            self, buf, new_size, ranges, mappings, c_total - c_mapped, c_align, &c_prop, c_descs, c_count
        ):
            return buf
        return VMR_grow_moving(
            self, buf, new_size, ranges, mappings, c_total, c_align, &c_prop, c_descs, c_count
        )
    finally:
        free(c_descs)


cdef bint VMR_grow_in_place(
    VirtualMemoryResource self,
    Buffer buf,
    size_t new_size,
    list ranges,
    list mappings,
    size_t extra,
    size_t c_align,
    const cydriver.CUmemAllocationProp* prop,
    const cydriver.CUmemAccessDesc* descs,
    size_t count,
) except -1:
    """Map ``extra`` bytes right after the mappings of ``buf``; return whether that range was free."""
    cdef cydriver.CUdeviceptr c_end = buf._ptr + sum(size for _, size in mappings)
    cdef cydriver.CUdeviceptr c_ptr = 0
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuMemAddressReserve(&c_ptr, extra, c_align, c_end, 0)
    if err != cydriver.CUresult.CUDA_SUCCESS:
        if err in _UNRECOVERABLE_RESERVE_ERRORS:
            HANDLE_RETURN(err)
        return False
    if c_ptr != c_end:
        # The driver chose another address: the range after the buffer is taken.
        with nogil:
            HANDLE_RETURN(cydriver.cuMemAddressFree(c_ptr, extra))
        return False
    with nogil:
        VMR_map_new_or_free(c_ptr, extra, prop, descs, count)
    ranges.append((<uintptr_t>c_ptr, extra))
    mappings.append((<uintptr_t>c_ptr, extra))
    self._allocations[buf._ptr] = (ranges, mappings)
    buf._size = new_size
    return True


cdef Buffer VMR_grow_moving(
    VirtualMemoryResource self,
    Buffer buf,
    size_t new_size,
    list ranges,
    list mappings,
    size_t total,
    size_t c_align,
    const cydriver.CUmemAllocationProp* prop,
    const cydriver.CUmemAccessDesc* descs,
    size_t count,
):
    """Map the memory of ``buf`` and ``total`` bytes in all into a new range; close ``buf``.

    The old memory is mapped at the new range as well before anything is
    unmapped, so a failure leaves ``buf`` as it was. Memory that graph nodes
    still use (see ``Buffer_share``) cannot move: its old addresses would be
    unmapped under them.
    """
    if buf._allocation is not None and Py_REFCNT(buf._allocation) > 1:
        raise RuntimeError(
            "the buffer's memory cannot move to grow it while graph nodes use it; "
            "destroy those nodes, or their graphs, first"
        )
    cdef uintptr_t base = buf._ptr
    cdef size_t c_mapped = sum(size for _, size in mappings)
    cdef cydriver.CUdeviceptr c_new = 0
    cdef cydriver.CUdeviceptr c_src
    cdef cydriver.CUdeviceptr c_dst
    cdef size_t c_size
    with nogil:
        HANDLE_RETURN(cydriver.cuMemAddressReserve(&c_new, total, c_align, 0, 0))
    done = []
    try:
        for ptr, size in mappings:
            c_src = ptr
            c_dst = c_new + (ptr - base)
            c_size = size
            with nogil:
                HANDLE_RETURN(VMR_map_again(c_src, c_dst, c_size))
            done.append((<uintptr_t>c_dst, size))
            VMR_set_access(c_dst, c_size, descs, count)
        c_dst = c_new + c_mapped
        c_size = total - c_mapped
        with nogil:
            HANDLE_RETURN(VMR_map_new(c_dst, c_size, prop, descs, count))
        done.append((<uintptr_t>c_dst, c_size))
    except BaseException:
        # Undo the new mappings and range; the failure that got here is the one to report.
        VMR_unmap_all(done, [(<uintptr_t>c_new, total)], False)
        raise
    self._allocations.pop(base, None)
    self._allocations[<uintptr_t>c_new] = ([(<uintptr_t>c_new, total)], done)
    # The old buffer lets go of its memory, now mapped at the new range only;
    # so does its allocation, which no node holds any more (see above).
    buf._closed = True
    buf._ptr = 0
    buf._size = 0
    buf._memory_resource = None
    if buf._allocation is not None:
        buf._allocation._memory_resource = None
        buf._allocation = None
    VMR_unmap_all(mappings, ranges, True)
    return Buffer_from_ptr(<uintptr_t>c_new, new_size, self, None, None)
