# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Device memory from CUDA's stream-ordered memory pools.

A :class:`DeviceMemoryResource` allocates and frees device memory in stream
order, from the device's current memory pool or from a pool of its own.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer_from_ptr, MemoryResource, size_argument
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options

from cuda.bindings import driver
import dataclasses
import enum
import operator
import warnings

from cuda.core._device import Device
from cuda.core._memory._buffer import Buffer

__all__ = ["DeviceMemoryResource", "DeviceMemoryResourceOptions", "MemoryPoolAccess"]


cdef class DeviceMemoryResource(MemoryResource):
    """Allocate device memory in stream order from a CUDA memory pool.

    Without ``options``, the resource uses the device's current memory pool
    (the driver's default pool unless one was set) and does not own it:
    :meth:`close` then has no effect. With ``options``, it creates a memory
    pool of its own, which :meth:`close` destroys.

    Parameters
    ----------
    device_id : Device or int
        The device whose memory to allocate.
    options : DeviceMemoryResourceOptions or dict, optional
        Options for a pool of the resource's own.

    Raises
    ------
    NotImplementedError
        If ``options.ipc_enabled`` is set: IPC is not supported.
    TypeError
        If ``options`` is neither :class:`DeviceMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``device_id`` is not a device ordinal, ``options`` has unknown
        keys, or ``options.max_size`` is negative.
    """

    def __init__(
        self, device_id: Device | int, options: DeviceMemoryResourceOptions | None = None
    ) -> None:
        """Take the device's current memory pool, or create a pool of its own from ``options``."""
        self._device_id = Device(device_id).device_id
        options = check_or_create_options(
            DeviceMemoryResourceOptions, options, "DeviceMemoryResource options", keep_none=True
        )
        if options is None:
            DMR_use_current_pool(self)
        else:
            DMR_create_pool(self, options)

    def __dealloc__(self):
        try:
            DMR_close(self)
        except Exception as exc:
            # Nothing can be raised from here (audit decision 4): say so instead.
            # stacklevel=1 names the Python line that dropped the last reference:
            # compiled Cython functions push no Python frames of their own.
            warnings.warn(
                f"destroying the memory pool of device {self._device_id} while garbage collecting "
                f"its DeviceMemoryResource failed: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __repr__(self) -> str:
        return (
            f"<DeviceMemoryResource device_id={self._device_id} "
            f"owns_pool={bool(self._owns_pool)}>"
        )

    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Allocate ``size`` bytes of device memory on ``stream``.

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
            If the resource is closed.
        TypeError
            If ``size`` is not an int or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` is negative.
        """
        DMR_check_open(self)
        cdef size_t c_size = size_argument(size, "size")
        cdef Stream s = Stream_accept(stream)
        cdef cydriver.CUdeviceptr c_ptr = 0
        cdef cydriver.CUmemoryPool c_pool = self._pool
        cdef cydriver.CUstream c_stream = s._handle
        if c_size:
            with nogil:
                HANDLE_RETURN(cydriver.cuMemAllocFromPoolAsync(&c_ptr, c_size, c_pool, c_stream))
        return Buffer_from_ptr(<uintptr_t>c_ptr, c_size, self, None, s)

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
            default stream.

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
        current on the calling thread, and the driver refuses to free on it
        when none is (a garbage-collector thread, for one). The memory is
        then freed on the default stream of the primary context of the
        resource's device, made current for the call.
        """
        DMR_deallocate(self, <uintptr_t>operator.index(ptr), stream)

    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1:
        """Free a closing buffer's memory without a Python call, unless deallocate is overridden."""
        if type(self) is not DeviceMemoryResource:
            return MemoryResource._deallocate(self, ptr, size, stream)
        return DMR_deallocate(self, ptr, stream)

    def close(self) -> None:
        """Destroy the memory pool, if this resource created it.

        New allocations are refused afterwards; buffers already allocated can
        still be closed, and the driver releases the pool's memory once they
        all are. Closing is idempotent, and has no effect on a resource that
        uses the device's current pool.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the pool.
        """
        DMR_close(self)

    def get_access(self, device: Device | int) -> MemoryPoolAccess:
        """Return the access ``device`` has to the memory of this pool.

        Parameters
        ----------
        device : Device or int
            The device to ask about.

        Returns
        -------
        MemoryPoolAccess
            ``READ_WRITE``, ``READ`` or ``NONE``, which compare equal to the
            strings ``"rw"``, ``"r"`` and ``""``.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        ValueError
            If ``device`` is not a device ordinal.
        """
        DMR_check_open(self)
        return DMR_get_access(self, Device(device).device_id)

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device whose memory this resource allocates."""
        return self._device_id

    @property
    def handle(self) -> driver.CUmemoryPool:
        """Return the memory pool, as a ``driver.CUmemoryPool``.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        DMR_check_open(self)
        return driver.CUmemoryPool(<uintptr_t>self._pool)

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` destroyed this resource's pool."""
        return self._closed

    @property
    def is_device_accessible(self) -> bool:
        """Return ``True``: the device can access the memory."""
        return True

    @property
    def is_handle_owned(self) -> bool:
        """Return whether this resource created its pool, and destroys it on :meth:`close`."""
        return self._owns_pool

    @property
    def is_host_accessible(self) -> bool:
        """Return ``False``: the host cannot access the memory directly."""
        return False

    @property
    def is_ipc_enabled(self) -> bool:
        """Return ``False``: pools shared between processes are not supported."""
        return False

    @property
    def is_mapped(self) -> bool:
        """Return ``False``: pools imported from another process are not supported."""
        return False

    @property
    def uuid(self) -> None:
        """Return ``None``: an identifier is only given to pools shared between processes."""
        return None


@dataclasses.dataclass
class DeviceMemoryResourceOptions:
    """Options for a :class:`DeviceMemoryResource` that creates a memory pool of its own.

    Attributes
    ----------
    ipc_enabled : bool
        Whether the pool's memory can be shared with other processes. Not
        supported: must be ``False`` (the default).
    max_size : int
        The most memory the pool may reserve, in bytes; 0 (the default)
        lets the driver choose.
    """

    ipc_enabled: bool = False
    max_size: int = 0


class MemoryPoolAccess(str, enum.Enum):
    """Name the access a device has to the memory of a pool.

    The members are strings, so they compare equal to the values an untyped
    query would return: ``"rw"``, ``"r"`` and ``""``.
    """

    READ_WRITE = "rw"
    READ = "r"
    NONE = ""

    def __str__(self) -> str:
        return self.value


_ACCESS_BY_FLAGS = {
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE: MemoryPoolAccess.READ_WRITE,
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READ: MemoryPoolAccess.READ,
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_NONE: MemoryPoolAccess.NONE,
}
"""The typed answer for each access flag the driver reports (audit decision 8)."""


cdef int DMR_check_open(DeviceMemoryResource self) except -1:
    """Raise :class:`RuntimeError` if ``self`` has been closed."""
    if self._closed:
        raise RuntimeError("the DeviceMemoryResource is closed; it cannot allocate any more")
    return 0


cdef int DMR_use_current_pool(DeviceMemoryResource self) except -1:
    """Make ``self`` use, without owning, its device's current memory pool."""
    cdef int c_ordinal = self._device_id
    cdef cydriver.CUdevice c_device
    cdef cydriver.CUmemoryPool c_pool
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGet(&c_device, c_ordinal))
        HANDLE_RETURN(cydriver.cuDeviceGetMemPool(&c_pool, c_device))
    self._pool = c_pool
    self._owns_pool = False
    return 0


cdef int DMR_create_pool(DeviceMemoryResource self, object options) except -1:
    """Create the memory pool ``self`` owns, as ``options`` describe it."""
    if options.ipc_enabled:
        raise NotImplementedError(
            "IPC-enabled memory pools are not supported; set ipc_enabled=False"
        )
    cdef size_t c_max_size = size_argument(options.max_size, "max_size")
    cdef cydriver.CUmemPoolProps c_props
    cdef cydriver.CUmemoryPool c_pool
    memset(&c_props, 0, sizeof(c_props))
    c_props.allocType = cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
    c_props.handleTypes = cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_NONE
    c_props.location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    c_props.location.id = self._device_id
    c_props.maxSize = c_max_size
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolCreate(&c_pool, &c_props))
    self._pool = c_pool
    self._owns_pool = True
    return 0


cdef int DMR_close(DeviceMemoryResource self) except -1:
    """Destroy the pool ``self`` owns, once; do nothing for a pool it borrows."""
    if self._closed or not self._owns_pool:
        return 0
    cdef cydriver.CUmemoryPool c_pool = self._pool
    self._closed = True
    self._pool = NULL
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolDestroy(c_pool))
    return 0


cdef int DMR_deallocate(DeviceMemoryResource self, uintptr_t ptr, object stream) except -1:
    """Free ``ptr`` on ``stream``, a :class:`Stream` or ``None``: the body of ``deallocate``."""
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr>ptr
    cdef cydriver.CUstream c_stream = NULL
    cdef int c_device_id = self._device_id
    if stream is not None:
        c_stream = Stream_accept(stream)._handle
    if c_ptr == 0:
        return 0
    with nogil:
        DMR_free(c_ptr, c_stream, c_device_id)
    return 0


cdef int DMR_free(
    cydriver.CUdeviceptr ptr, cydriver.CUstream stream, int device_id
) except -1 nogil:
    """Free pool memory of device ``device_id`` on ``stream`` (audit decision 4).

    A default stream names the default stream of the calling thread's
    current context, and with no context current the driver answers
    CUDA_ERROR_INVALID_CONTEXT without freeing anything. So for a default
    stream the device's primary context is made current for the call when
    the thread has no context of that device. CUDA_ERROR_DEINITIALIZED
    means the driver has shut down (interpreter exit) and released all
    memory: there is nothing left to free. Every other failure raises;
    :meth:`Buffer.__dealloc__` turns it into a :class:`RuntimeWarning`,
    since nothing can be raised there.
    """
    cdef cydriver.CUcontext primary = NULL
    cdef cydriver.CUresult err = cydriver.CUresult.CUDA_SUCCESS
    cdef cydriver.CUresult left
    if DMR_is_default_stream(stream):
        err = DMR_enter_device(device_id, &primary)
    if err == cydriver.CUresult.CUDA_SUCCESS:
        err = cydriver.cuMemFreeAsync(ptr, stream)
    if primary != NULL:
        left = DMR_leave_device(device_id)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = left
    if err == cydriver.CUresult.CUDA_ERROR_DEINITIALIZED:
        return 0
    return HANDLE_RETURN(err)


cdef inline bint DMR_is_default_stream(cydriver.CUstream stream) noexcept nogil:
    """Return whether ``stream`` names the current context's default stream rather than a stream."""
    cdef uintptr_t address = <uintptr_t>stream
    return (
        address == 0
        or address == <uintptr_t>cydriver.CU_STREAM_LEGACY
        or address == <uintptr_t>cydriver.CU_STREAM_PER_THREAD
    )


cdef cydriver.CUresult DMR_enter_device(int device_id, cydriver.CUcontext* primary) noexcept nogil:
    """Make the primary context of ``device_id`` current, unless a context of that device is.

    Sets ``primary`` to the pushed context, which :func:`DMR_leave_device`
    pops; leaves it ``NULL`` when nothing was pushed.
    """
    cdef cydriver.CUcontext current = NULL
    cdef cydriver.CUdevice current_device = 0
    cdef cydriver.CUresult err = cydriver.cuCtxGetCurrent(&current)
    if err != cydriver.CUresult.CUDA_SUCCESS:
        return err
    if current != NULL:
        err = cydriver.cuCtxGetDevice(&current_device)
        if err != cydriver.CUresult.CUDA_SUCCESS or current_device == device_id:
            return err
    err = cydriver.cuDevicePrimaryCtxRetain(primary, device_id)
    if err != cydriver.CUresult.CUDA_SUCCESS:
        primary[0] = NULL
        return err
    err = cydriver.cuCtxPushCurrent(primary[0])
    if err != cydriver.CUresult.CUDA_SUCCESS:
        # The failed push is the error to report; the release only undoes the retain.
        cydriver.cuDevicePrimaryCtxRelease(device_id)  # noqa: CUD002 the push's failure is reported
        primary[0] = NULL
    return err


cdef cydriver.CUresult DMR_leave_device(int device_id) noexcept nogil:
    """Undo :func:`DMR_enter_device`: pop and release the primary context; return any failure."""
    cdef cydriver.CUcontext popped = NULL
    cdef cydriver.CUresult err = cydriver.cuCtxPopCurrent(&popped)
    cdef cydriver.CUresult released = cydriver.cuDevicePrimaryCtxRelease(device_id)
    return err if err != cydriver.CUresult.CUDA_SUCCESS else released


cdef object DMR_get_access(DeviceMemoryResource self, int device_id):
    """Return the :class:`MemoryPoolAccess` of device ``device_id`` to the pool of ``self``."""
    cdef cydriver.CUmemoryPool c_pool = self._pool
    cdef cydriver.CUmemAccess_flags c_flags
    cdef cydriver.CUmemLocation c_location
    memset(&c_location, 0, sizeof(c_location))
    c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    c_location.id = device_id
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolGetAccess(&c_flags, c_pool, &c_location))
    return _ACCESS_BY_FLAGS[c_flags]
