# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The stream-ordered memory pool that the device, pinned and managed resources share.

:class:`_MemPool` holds a driver memory pool, either the current pool of a
location (borrowed) or one it created or mapped from another process
(owned), and allocates and frees its memory in stream order.
:class:`DeviceMemoryResource`, :class:`PinnedMemoryResource` and
:class:`ManagedMemoryResource` choose the pool; this class does the rest:
closing it, its properties, and the import of a pool shared by another
process. :class:`_IPCMemPool` adds the allocation handle of the two
resources whose pools other processes can map, the device and pinned
ones. :class:`_MemPoolAttributes` reads the attributes of any resource's
pool.
"""

from __future__ import annotations

from libc.stdint cimport uint64_t, uintptr_t
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer, Buffer_from_ptr, MemoryResource, size_argument
from cuda.core._memory._ipc cimport (
    _HANDLE_TYPE_NONE,
    IPCAllocationHandle,
    _IPC_HANDLE_TYPE,
    IPC_check_location,
    IPC_export_pool,
    IPC_from_registry,
    IPC_handle_argument,
    IPC_import_pool,
    IPC_lookup_as,
    IPC_register,
    IPC_unregister,
)
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

from cuda.bindings import driver
import operator
import uuid
import warnings
import weakref

__all__ = []


_MPA_NAMES = (
    "release_threshold",
    "reserved_mem_current",
    "reserved_mem_high",
    "reuse_allow_internal_dependencies",
    "reuse_allow_opportunistic",
    "reuse_follow_event_dependencies",
    "used_mem_current",
    "used_mem_high",
)
"""The properties :meth:`_MemPoolAttributes.__repr__` shows, in alphabetical order."""


cdef class _MemPool(MemoryResource):
    """Allocate memory in stream order from a CUDA memory pool.

    The base of the pool-backed resources, :class:`DeviceMemoryResource`,
    :class:`PinnedMemoryResource` and :class:`ManagedMemoryResource`; it is
    not created directly.
    """

    def __dealloc__(self):
        try:
            MP_close(self)
        except Exception as exc:
            # Nothing can be raised from here: say so instead.
            warnings.warn(
                f"destroying the memory pool of a {type(self).__name__} while garbage "
                f"collecting it failed: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} owns_pool={bool(self._owns_pool)}>"

    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Allocate ``size`` bytes from the pool on ``stream``.

        Parameters
        ----------
        size : int
            The size of the buffer, in bytes.
        stream : Stream
            The stream that orders the allocation; the buffer is freed on it
            too, unless :meth:`Buffer.close` is given another one.

        Returns
        -------
        Buffer
            The new buffer, owned by this resource.

        Raises
        ------
        CUDAError
            If the driver cannot allocate the memory.
        RuntimeError
            If the resource is closed, or ``stream`` is being captured into
            a graph (a building :class:`~cuda.core.graph.GraphBuilder` or its
            stream): ``_MemPool cannot perform memory operations on a
            capturing stream (consider using GraphMemoryResource).``
        TypeError
            If ``size`` is not an int or ``stream`` not a :class:`Stream`, or
            the resource is mapped from another process.
        ValueError
            If ``size`` is negative.
        """
        return self._allocate(size, stream)

    cdef Buffer _allocate(self, object size, object stream):
        """Check the arguments, then the resource, and allocate: the body of :meth:`allocate`.

        :class:`DeviceMemoryResource` checks the resource first.
        """
        cdef Stream s = Stream_accept(stream)
        cdef size_t c_size = size_argument(size, "size")
        cdef uintptr_t c_ptr = MP_allocate(self, c_size, s)
        return Buffer_from_ptr(c_ptr, c_size, self, None, s)

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None) -> None:
        """Free memory this resource allocated, in stream order.

        Freeing stays possible after :meth:`close`, so that buffers outliving
        their resource can still be closed.

        Parameters
        ----------
        ptr : int
            The address of the memory.
        size : int
            The size of the memory, in bytes.
        stream : Stream or None
            The stream to free the memory on; ``None`` means the legacy
            default stream of the current context.

        Raises
        ------
        CUDAError
            If the driver fails to free the memory, unless the driver has
            already shut down (at interpreter exit), which releases all
            memory.
        TypeError
            If ``ptr`` is not an int or ``stream`` not a :class:`Stream`.

        Notes
        -----
        A default stream (``None``, :data:`LEGACY_DEFAULT_STREAM` or
        :data:`PER_THREAD_DEFAULT_STREAM`) belongs to whichever context is
        current on the calling thread. A :class:`DeviceMemoryResource`
        frees on it even when none is (a garbage-collector thread, for
        one): on the default stream of the primary context of the
        resource's device, made current for the call.
        """
        self._free_async(ptr, stream)

    cdef int _free_async(self, object ptr, object stream) except -1:
        """Free ``ptr`` on ``stream``: the body of :meth:`deallocate`; the device resource's differs."""
        return free_async(ptr, stream)

    def close(self) -> None:
        """Release the memory pool, and destroy it if this resource created it.

        The resource refuses new allocations afterwards; buffers already
        allocated can still be closed, and the driver releases a destroyed
        pool's memory once they all are. A resource that uses a current pool
        it did not create leaves that pool as it is, for other resources to
        use. Closing is idempotent.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the pool.
        """
        MP_close(self)

    @property
    def attributes(self) -> _MemPoolAttributes:
        """Return the attributes of the memory pool, read from the driver when asked.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        MP_check_open(self)
        if self._attributes is None:
            self._attributes = MPA_create(self, self._pool)
        return self._attributes

    @property
    def handle(self) -> driver.CUmemoryPool:
        """Return the memory pool, as a ``driver.CUmemoryPool``.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        MP_check_open(self)
        return driver.CUmemoryPool(<uintptr_t>self._pool)

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._closed

    @property
    def is_device_accessible(self) -> bool:
        """Return ``True``: the devices can access the memory of every pool."""
        return True

    @property
    def is_handle_owned(self) -> bool:
        """Return whether this resource created its pool, and destroys it on :meth:`close`."""
        return self._owns_pool

    @property
    def is_host_accessible(self) -> bool:
        """Return ``True``: the host can access pinned and managed memory (device memory overrides it)."""
        return True

    @property
    def is_ipc_enabled(self) -> bool:
        """Return whether the pool can be shared with other processes, or was shared by one."""
        return self._alloc_handle is not None

    @property
    def is_mapped(self) -> bool:
        """Return whether the pool was imported from another process; then it cannot allocate."""
        return self._mapped

    @property
    def uuid(self) -> uuid.UUID | None:
        """Return the identifier of an IPC-enabled resource's pool, or ``None``.

        A mapped resource has the identifier of the resource it maps once
        it is registered.
        """
        if self._alloc_handle is None:
            return None
        return (<IPCAllocationHandle>self._alloc_handle)._uuid


cdef class _IPCMemPool(_MemPool):
    """Allocate from a memory pool that other processes can map.

    The base of :class:`DeviceMemoryResource` and :class:`PinnedMemoryResource`,
    whose pools can be shared; it is not created directly.
    """

    @staticmethod
    def from_registry(uuid: uuid.UUID) -> DeviceMemoryResource | PinnedMemoryResource:
        """Return the mapped resource registered under ``uuid`` in this process.

        Parameters
        ----------
        uuid : uuid.UUID
            The identifier the resource was registered under.

        Returns
        -------
        DeviceMemoryResource or PinnedMemoryResource
            The mapped resource registered under ``uuid``, of whichever
            class registered it.

        Raises
        ------
        RuntimeError
            If no resource is registered under ``uuid``.
        """
        return IPC_from_registry(uuid)

    def register(self, uuid: uuid.UUID) -> DeviceMemoryResource | PinnedMemoryResource:
        """Register this mapped resource under ``uuid``, the identifier of the resource it maps.

        Returns
        -------
        DeviceMemoryResource or PinnedMemoryResource
            The resource already registered under ``uuid`` if there is one,
            else this one.

        Raises
        ------
        RuntimeError
            If the resource is not IPC-enabled.
        ValueError
            If the resource already has another identifier.
        """
        return IPC_register(self, self._alloc_handle, uuid)

    @property
    def allocation_handle(self) -> IPCAllocationHandle:
        """Return the handle that shares the pool with other processes.

        The resource owns the handle and closes it with the pool.

        Raises
        ------
        RuntimeError
            If the resource is not IPC-enabled.
        """
        if self._alloc_handle is None:
            raise RuntimeError("Memory resource is not IPC-enabled")
        return self._alloc_handle


cdef class _MemPoolAttributes:
    """Read the attributes of a resource's memory pool.

    Every property asks the driver (``cuMemPoolGetAttribute``), so the values
    are never out of date. Objects of this class come from the
    ``attributes`` property of the pool-backed resources, not from calling
    the class.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "_MemPoolAttributes cannot be instantiated directly. Please use MemoryResource APIs."
        )

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)}" for name in _MPA_NAMES)
        return f"_MemPoolAttributes({values})"

    @property
    def release_threshold(self) -> int:
        """Return how much reserved memory, in bytes, the pool holds before releasing it to the OS."""
        return MPA_get_u64(self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)

    @property
    def reserved_mem_current(self) -> int:
        """Return how much memory, in bytes, the pool currently reserves."""
        return MPA_get_u64(self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT)

    @property
    def reserved_mem_high(self) -> int:
        """Return the most memory, in bytes, the pool has reserved at once."""
        return MPA_get_u64(self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH)

    @property
    def reuse_allow_internal_dependencies(self) -> bool:
        """Return whether the pool may make a stream wait on another's frees to reuse memory."""
        return MPA_get_flag(
            self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES
        )

    @property
    def reuse_allow_opportunistic(self) -> bool:
        """Return whether the pool may reuse memory whose free has completed, with no dependency."""
        return MPA_get_flag(
            self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC
        )

    @property
    def reuse_follow_event_dependencies(self) -> bool:
        """Return whether the pool may reuse memory freed on a stream that an event orders before."""
        return MPA_get_flag(
            self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES
        )

    @property
    def used_mem_current(self) -> int:
        """Return how much memory, in bytes, the pool's allocations currently use."""
        return MPA_get_u64(self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_USED_MEM_CURRENT)

    @property
    def used_mem_high(self) -> int:
        """Return the most memory, in bytes, the pool's allocations have used at once."""
        return MPA_get_u64(self, cydriver.CUmemPool_attribute.CU_MEMPOOL_ATTR_USED_MEM_HIGH)


cdef _MemPoolAttributes MPA_create(object resource, cydriver.CUmemoryPool pool):
    """Return the attributes of ``pool``, the pool of ``resource``."""
    cdef _MemPoolAttributes self = _MemPoolAttributes.__new__(_MemPoolAttributes)
    # A weak reference: the resource caches its attributes, which must not keep it alive.
    self._resource = weakref.ref(resource)
    self._pool = pool
    return self


cdef int MPA_get(_MemPoolAttributes self, cydriver.CUmemPool_attribute attribute, void* value) except -1:
    """Read ``attribute`` of the pool into ``value``, unless its resource is closed or gone."""
    resource = self._resource()
    if resource is None or resource.is_closed:
        raise RuntimeError("the memory resource is closed; its pool attributes cannot be read")
    cdef cydriver.CUmemoryPool c_pool = self._pool
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolGetAttribute(c_pool, attribute, value))
    return 0


cdef object MPA_get_u64(_MemPoolAttributes self, cydriver.CUmemPool_attribute attribute):
    """Return a 64-bit attribute of the pool, a size in bytes."""
    cdef uint64_t c_value = 0
    MPA_get(self, attribute, &c_value)
    return c_value


cdef bint MPA_get_flag(_MemPoolAttributes self, cydriver.CUmemPool_attribute attribute) except -1:
    """Return an ``int``-sized boolean attribute of the pool."""
    cdef int c_value = 0
    MPA_get(self, attribute, &c_value)
    return c_value != 0


cdef int MP_check_open(_MemPool self) except -1:
    """Raise :class:`RuntimeError` if ``self`` has been closed."""
    if self._closed:
        raise RuntimeError(f"the {type(self).__name__} is closed; it cannot allocate any more")
    return 0


cdef int MP_use_current_pool(
    _MemPool self,
    cydriver.CUmemLocationType location_type,
    int location_id,
    cydriver.CUmemAllocationType allocation_type,
) except -1:
    """Make ``self`` use, without owning, the current pool of a location and allocation type."""
    cdef cydriver.CUmemLocation c_location
    cdef cydriver.CUmemoryPool c_pool
    memset(&c_location, 0, sizeof(c_location))
    c_location.type = location_type
    c_location.id = location_id
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuMemGetMemPool(&c_pool, &c_location, allocation_type))
    self._pool = c_pool
    self._owns_pool = False
    return 0


cdef int MP_create_pool(
    _MemPool self, cydriver.CUmemLocationType location_type, int location_id,
    cydriver.CUmemAllocationType allocation_type, size_t max_size, bint ipc_enabled=False,
) except -1:
    """Create the pool ``self`` owns, at a location and for an allocation type.

    With ``ipc_enabled``, the pool can be shared with other processes, and
    ``self`` keeps the handle that shares it.
    """
    cdef cydriver.CUmemPoolProps c_props
    cdef cydriver.CUmemoryPool c_pool
    memset(&c_props, 0, sizeof(c_props))
    c_props.allocType = allocation_type
    c_props.handleTypes = _IPC_HANDLE_TYPE if ipc_enabled else _HANDLE_TYPE_NONE
    c_props.location.type = location_type
    c_props.location.id = location_id
    c_props.maxSize = max_size
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuMemPoolCreate(&c_pool, &c_props))
    self._pool = c_pool
    self._owns_pool = True
    if ipc_enabled:
        self._alloc_handle = IPC_export_pool(c_pool, location_type)
    return 0


cdef tuple MP_lookup_mapped(type cls, object alloc_handle, bint host):
    """Return ``(resource, handle)``: the ``cls`` registered for ``alloc_handle``, or ``None``, and its handle.

    The first half of ``from_allocation_handle``: ``host`` tells whether
    ``cls`` maps pools of host memory. Without a registered resource the
    handle is checked to share such a pool, for :func:`MP_map_pool`.
    """
    cdef IPCAllocationHandle handle = IPC_handle_argument(alloc_handle)
    existing = IPC_lookup_as(cls, handle)
    if existing is not None:
        return existing, handle
    IPC_check_location(cls, handle, host)
    return None, handle


cdef int MP_map_pool(_MemPool self, object alloc_handle) except -1:
    """Make ``self`` the owner of its mapping of the pool ``alloc_handle`` shares, and register it."""
    cdef IPCAllocationHandle handle = alloc_handle
    self._pool = IPC_import_pool(handle)
    self._owns_pool = True
    self._mapped = True
    self._alloc_handle = handle
    if handle._uuid is not None:
        IPC_register(self, handle, handle._uuid)
    return 0


cdef uintptr_t MP_allocate(_MemPool self, size_t size, Stream stream) except? 0:
    """Allocate ``size`` bytes from the pool of ``self`` on ``stream``; 0 for an empty buffer."""
    MP_check_allocatable(self)
    return MP_allocate_checked(self, size, stream)


cdef int MP_check_allocatable(_MemPool self) except -1:
    """Raise unless ``self`` can allocate: :class:`RuntimeError` if closed, :class:`TypeError` if mapped."""
    MP_check_open(self)
    if self._mapped:
        raise TypeError("Cannot allocate from a mapped IPC-enabled memory resource")
    return 0


cdef uintptr_t MP_allocate_checked(_MemPool self, size_t size, Stream stream) except? 0:
    """Allocate from the pool of ``self``, which the caller found open and not mapped."""
    cdef cydriver.CUdeviceptr c_ptr = 0
    cdef cydriver.CUmemoryPool c_pool = self._pool
    cdef cydriver.CUstream c_stream = stream._handle
    cdef cydriver.CUstreamCaptureStatus c_status = cydriver.CU_STREAM_CAPTURE_STATUS_NONE
    cdef cydriver.CUresult err
    # The capture check and the allocation in one block without the GIL.
    with nogil:
        err = cydriver.cuStreamIsCapturing(c_stream, &c_status)
        if (
            err == cydriver.CUresult.CUDA_SUCCESS
            and c_status == cydriver.CU_STREAM_CAPTURE_STATUS_NONE
            and size
        ):
            err = cydriver.cuMemAllocFromPoolAsync(&c_ptr, size, c_pool, c_stream)
    HANDLE_RETURN(err)
    MP_refuse_capture(c_status)
    return <uintptr_t>c_ptr


cdef int MP_refuse_capture(cydriver.CUstreamCaptureStatus status) except -1:
    """Raise :class:`RuntimeError` if ``status`` says a stream is being captured into a graph.

    An allocation made while capturing would be recorded as a node of the
    graph instead of being made now, which a buffer of this resource
    cannot stand for: graphs allocate with :class:`GraphMemoryResource`.
    Any capture status but ``NONE`` counts, an invalidated capture
    included. The message is upstream's, which names the pools' common
    base class, for every pool.
    """
    if status != cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE:
        raise RuntimeError(
            "_MemPool cannot perform memory operations on a capturing stream "
            "(consider using GraphMemoryResource)."
        )
    return 0


cdef cydriver.CUstreamCaptureStatus capture_status(cydriver.CUstream stream) except *:
    """Return the capture status of ``stream``: whether it is being captured into a graph."""
    cdef cydriver.CUstreamCaptureStatus c_status
    with nogil:
        HANDLE_RETURN(cydriver.cuStreamIsCapturing(stream, &c_status))
    return c_status


cdef int free_async(object ptr, object stream) except -1:
    """Free the stream-ordered allocation at ``ptr`` on ``stream``: the body of ``deallocate``.

    ``ptr`` is an int and ``stream`` a :class:`Stream` or ``None``, the
    legacy default stream of the current context; a null ``ptr`` frees
    nothing. ``CUDA_ERROR_DEINITIALIZED`` is not an error: the driver has
    shut down (interpreter exit) and released all memory.
    """
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr><uintptr_t>operator.index(ptr)
    cdef cydriver.CUstream c_stream = NULL
    cdef cydriver.CUresult err
    if stream is not None:
        c_stream = Stream_accept(stream)._handle
    if c_ptr == 0:
        return 0
    with nogil:
        err = cydriver.cuMemFreeAsync(c_ptr, c_stream)
    if err != cydriver.CUresult.CUDA_ERROR_DEINITIALIZED:
        HANDLE_RETURN(err)
    return 0


cdef int MP_close(_MemPool self) except -1:
    """Release ``self``'s pool, once, and destroy it if ``self`` created it; a borrowed pool stays."""
    if self._closed:
        return 0
    cdef cydriver.CUmemoryPool c_pool = self._pool
    self._closed = True
    self._pool = NULL
    IPC_unregister(self, self._alloc_handle)
    if not self._owns_pool:
        return 0
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolDestroy(c_pool))
    return 0
