# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Sharing memory pools and their buffers with other processes.

An IPC-enabled memory pool is exported as an :class:`IPCAllocationHandle`,
a POSIX file descriptor that another process imports to map the pool; a
buffer of the pool is exported as an :class:`IPCBufferDescriptor`, which
the other process imports into its mapping of the pool. Mapped resources
are kept in a process-wide registry by the identifier (UUID) of the
resource they map, so that unpickled buffers find them. Both classes are
private: users reach them through the memory resources and buffers.
"""

from __future__ import annotations

cimport cython
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_exact_argument_type,
    check_start_method,
    copy_bytes_argument,
    index_argument,
)

import multiprocessing
import multiprocessing.reduction
import os
import platform
import uuid
import warnings
import weakref

__all__ = ["IPCAllocationHandle", "IPCBufferDescriptor"]


_HANDLE_TYPE_NONE = cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_NONE
"""The handle type of pools that are not shared."""

_IPC_HANDLE_TYPE = (
    cydriver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
    if platform.system() == "Linux"
    else _HANDLE_TYPE_NONE
)
"""The shareable handle type of IPC-enabled pools: file descriptors, on Linux only."""

_REGISTRY = weakref.WeakValueDictionary()
"""The mapped memory resources of this process, by the identifier of the resource they map."""


cdef class IPCBufferDescriptor:
    """Describe a buffer of an IPC-enabled memory pool, for another process to import.

    The descriptor is the driver's export data of the buffer's pointer and
    the buffer's size; it pickles, so it can be sent to another process,
    which imports it with :meth:`Buffer.from_ipc_descriptor`. Descriptors
    come from :attr:`Buffer.ipc_descriptor`, not from calling the class.

    Notes
    -----
    The exporting process controls the payload and the size: import
    descriptors only from processes you trust. Importing checks both: a
    payload shorter than the driver's 64 bytes of export data is refused
    before the driver sees it (bytes beyond the 64 are ignored), and a size
    beyond the allocation the driver maps is refused after the import,
    which is then undone.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`Buffer.ipc_descriptor`."""
        raise RuntimeError(
            "IPCBufferDescriptor objects cannot be instantiated directly. "
            "Please use MemoryResource APIs."
        )

    def __reduce__(self) -> tuple[object, ...]:
        return IPCBufferDescriptor._init, (self._payload, self._size)

    @staticmethod
    def _init(reserved: bytes, size: int) -> IPCBufferDescriptor:
        """Make a descriptor of the export data ``reserved`` and the size ``size``.

        Raises
        ------
        TypeError
            If ``reserved`` is not ``bytes`` or ``size`` not an int, in
            Cython's words: ``Argument 'reserved' has incorrect type
            (expected bytes, got str)``.
        OverflowError
            If ``size`` is negative.
        """
        check_exact_argument_type(reserved, bytes, "reserved")
        cdef size_t c_size = index_argument(size, "size")
        cdef IPCBufferDescriptor self = IPCBufferDescriptor.__new__(IPCBufferDescriptor)
        self._payload = reserved
        self._size = c_size
        return self

    @property
    def size(self) -> int:
        """Return the size of the buffer, in bytes."""
        return self._size


# auto_pickle(False): a copy would close the same file descriptor again. Processes
# exchange handles through multiprocessing, which duplicates the descriptor.
@cython.auto_pickle(False)
cdef class IPCAllocationHandle:
    """Own the file descriptor that shares an IPC-enabled memory pool with other processes.

    The descriptor is closed by :meth:`close`, or when the handle is garbage
    collected. Sent through :mod:`multiprocessing`, the handle arrives as
    a duplicate descriptor of the receiving process. Handles come from the
    ``allocation_handle`` property of the memory resources, not from
    calling the class.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see ``DeviceMemoryResource.allocation_handle``."""
        raise RuntimeError(
            "IPCAllocationHandle objects cannot be instantiated directly. "
            "Please use MemoryResource APIs."
        )

    def __cinit__(self):
        self._fd = -1
        self._location_type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_INVALID

    def __dealloc__(self):
        try:
            IPCAH_close(self)
        except OSError as exc:
            # Nothing can be raised from here: say so instead.
            warnings.warn(
                f"closing the file descriptor of an IPCAllocationHandle while garbage "
                f"collecting it failed: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __int__(self) -> int:
        if self._fd < 0:
            raise ValueError(
                f"Cannot convert IPCAllocationHandle to int: the handle (id={id(self)}) is closed."
            )
        return self._fd

    @classmethod
    def _init(cls, handle: int, uuid: uuid.UUID | None) -> IPCAllocationHandle:
        """Take ownership of the file descriptor ``handle`` of a pool with identifier ``uuid``.

        Raises
        ------
        TypeError
            If ``handle`` is not an int.
        ValueError
            If ``handle`` is negative.
        """
        if isinstance(handle, bool) or not isinstance(handle, int):
            raise TypeError(f"handle must be an int, got {type(handle).__name__}")
        if handle < 0:
            raise ValueError(f"Invalid allocation handle (fd) {handle}: must be non-negative")
        cdef IPCAllocationHandle self = IPCAllocationHandle.__new__(cls)
        self._fd = handle
        self._uuid = uuid
        return self

    def close(self) -> None:
        """Close the file descriptor; closing a closed handle does nothing.

        Raises
        ------
        OSError
            If the operating system fails to close the descriptor; the
            handle is closed all the same.
        """
        IPCAH_close(self)

    @property
    def handle(self) -> int:
        """Return the file descriptor, or -1 once closed."""
        return self._fd

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._fd < 0

    @property
    def uuid(self) -> uuid.UUID | None:
        """Return the identifier of the shared pool, or ``None`` if it is not known."""
        return self._uuid


def _reduce_allocation_handle(alloc_handle: IPCAllocationHandle) -> tuple[object, ...]:
    """Reduce ``alloc_handle`` for :mod:`multiprocessing`, which duplicates its descriptor.

    The pool's location type travels with it, so that the receiving process
    can refuse to map a device pool as a pinned one and the reverse.
    """
    check_start_method()
    duplicate = multiprocessing.reduction.DupFd(int(alloc_handle))
    return _reconstruct_allocation_handle, (
        type(alloc_handle),
        duplicate,
        alloc_handle.uuid,
        int((<IPCAllocationHandle>alloc_handle)._location_type),
    )


def _reconstruct_allocation_handle(
    cls: type, df: object, uuid: uuid.UUID | None, location_type: int = 0
) -> IPCAllocationHandle:
    """Make the handle of the receiving process from the descriptor ``df`` duplicated for it."""
    cdef IPCAllocationHandle handle = cls._init(df.detach(), uuid)
    handle._location_type = location_type
    return handle


cdef int IPC_check_supported() except -1:
    """Raise :class:`RuntimeError` where memory pools cannot be shared (anywhere but Linux)."""
    if _IPC_HANDLE_TYPE == _HANDLE_TYPE_NONE:
        raise RuntimeError(f"IPC is not available on {platform.system()}")
    return 0


cdef IPCBufferDescriptor IPC_export_pointer(uintptr_t ptr, size_t size):
    """Return the descriptor of the pool allocation at ``ptr`` of ``size`` bytes."""
    cdef cydriver.CUmemPoolPtrExportData c_data
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr>ptr
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolExportPointer(&c_data, c_ptr))
    cdef bytes payload = (<char*>c_data.reserved)[:sizeof(c_data.reserved)]
    return IPCBufferDescriptor._init(payload, size)


cdef uintptr_t IPC_import_pointer(
    cydriver.CUmemoryPool pool, IPCBufferDescriptor descriptor
) except? 0:
    """Map the allocation ``descriptor`` describes from the imported ``pool``; return its address.

    Each call maps the allocation anew (``cuMemPoolImportPointer``); a
    mapping that does not hold the descriptor's size is undone before the
    error is raised.

    Raises
    ------
    ValueError
        If the descriptor's payload is shorter than the driver's export data
        (64 bytes), or its size exceeds the allocation the driver mapped.
    CUDAError
        If the driver cannot map the allocation, tell its extent, or undo
        a mapping that is too small.
    """
    cdef cydriver.CUmemPoolPtrExportData c_data
    cdef cydriver.CUdeviceptr c_ptr = 0
    cdef cydriver.CUresult err
    copy_bytes_argument(
        descriptor._payload, c_data.reserved, sizeof(c_data.reserved), "IPC buffer descriptor payload"
    )
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolImportPointer(&c_ptr, pool, &c_data))
    try:
        IPC_check_extent(<uintptr_t>c_ptr, descriptor._size)
    except BaseException:
        # Unmap on the legacy default stream: nothing has used the mapping yet.
        with nogil:
            err = cydriver.cuMemFreeAsync(c_ptr, NULL)
        HANDLE_RETURN(err)
        raise
    return <uintptr_t>c_ptr


cdef int IPC_check_extent(uintptr_t ptr, size_t size) except -1:
    """Raise :class:`ValueError` if ``size`` bytes exceed the allocation mapped at ``ptr``.

    An imported buffer must not claim more memory than the exporting
    process's allocation: the driver's extent of the mapping
    (``CU_POINTER_ATTRIBUTE_RANGE_SIZE``) bounds it. Nothing is unmapped
    here.
    """
    cdef size_t c_mapped = 0
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr>ptr
    with nogil:
        HANDLE_RETURN(
            cydriver.cuPointerGetAttribute(
                &c_mapped, cydriver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_RANGE_SIZE, c_ptr
            )
        )
    if size > c_mapped:
        raise ValueError(
            f"IPC buffer descriptor size ({size}) exceeds mapped allocation extent "
            f"({c_mapped} bytes)"
        )
    return 0


cdef IPCAllocationHandle IPC_export_pool(
    cydriver.CUmemoryPool pool, cydriver.CUmemLocationType location_type
):
    """Export ``pool``, whose memory is at a ``location_type``, as a file descriptor with a new identifier."""
    cdef int c_fd = -1
    cdef cydriver.CUmemAllocationHandleType c_type = _IPC_HANDLE_TYPE
    cdef IPCAllocationHandle handle
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolExportToShareableHandle(&c_fd, pool, c_type, 0))
    try:
        handle = IPCAllocationHandle._init(c_fd, uuid.uuid4())
    except BaseException:
        os.close(c_fd)
        raise
    handle._location_type = location_type
    return handle


cdef cydriver.CUmemoryPool IPC_import_pool(object alloc_handle) except? NULL:
    """Import the pool the open handle ``alloc_handle`` shares into this process."""
    cdef int c_fd = int(alloc_handle)
    cdef cydriver.CUmemoryPool c_pool = NULL
    cdef cydriver.CUmemAllocationHandleType c_type = _IPC_HANDLE_TYPE
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuMemPoolImportFromShareableHandle(
            &c_pool, <void*><uintptr_t>c_fd, c_type, 0
        ))
    return c_pool


cdef IPCAllocationHandle IPC_handle_argument(object alloc_handle):
    """Return ``alloc_handle`` as a handle: an int file descriptor is duplicated, not taken.

    Raises
    ------
    TypeError
        If ``alloc_handle`` is neither an :class:`IPCAllocationHandle` nor an int.
    RuntimeError
        If ``alloc_handle`` is a closed :class:`IPCAllocationHandle`: no
        registered resource may be answered for it either.
    OSError
        If an int is not an open file descriptor.
    """
    if isinstance(alloc_handle, IPCAllocationHandle):
        if (<IPCAllocationHandle>alloc_handle)._fd < 0:
            raise RuntimeError("IPCAllocationHandle has been closed")
        return alloc_handle
    if isinstance(alloc_handle, bool) or not isinstance(alloc_handle, int):
        raise TypeError(
            "alloc_handle must be an IPCAllocationHandle or an int file descriptor, "
            f"got {type(alloc_handle).__name__}"
        )
    fd = os.dup(alloc_handle)
    try:
        return IPCAllocationHandle._init(fd, None)
    except BaseException:
        os.close(fd)
        raise


cdef object IPC_lookup(object uuid):
    """Return the mapped resource registered under ``uuid``, or ``None``."""
    if uuid is None:
        return None
    return _REGISTRY.get(uuid)


cdef object IPC_lookup_as(type cls, IPCAllocationHandle alloc_handle):
    """Return the mapped resource registered under the identifier of ``alloc_handle``, or ``None``.

    Raises
    ------
    TypeError
        If the registered resource is not a ``cls``: the handle shares a
        pool that this process maps as another kind of resource.
    """
    existing = IPC_lookup(alloc_handle._uuid)
    if existing is not None and not isinstance(existing, cls):
        raise TypeError(
            f"Registry contains a {type(existing).__name__} for uuid {alloc_handle._uuid}, "
            f"but {cls.__name__} was requested"
        )
    return existing


cdef int IPC_check_location(type cls, IPCAllocationHandle alloc_handle, bint host) except -1:
    """Refuse to map, as a ``cls``, a pool of the other kind: device memory for host memory, or the reverse.

    ``host`` says whether ``cls`` maps pools of host memory. A handle whose
    pool's location is not known (a bare file descriptor) passes.

    Raises
    ------
    TypeError
        If the pool of ``alloc_handle`` is known to be of the other kind.
    """
    cdef cydriver.CUmemLocationType c_type = alloc_handle._location_type
    if c_type == cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_INVALID:
        return 0
    cdef bint c_is_host = c_type != cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    if c_is_host == host:
        return 0
    shared = "host" if c_is_host else "device"
    right = "PinnedMemoryResource" if c_is_host else "DeviceMemoryResource"
    raise TypeError(
        f"the allocation handle (uuid {alloc_handle._uuid}) shares a {shared} memory pool, "
        f"but {cls.__name__} was requested; map it with {right}.from_allocation_handle"
    )


cdef object IPC_register(object resource, IPCAllocationHandle alloc_handle, object uuid):
    """Register ``resource`` (handle ``alloc_handle``) under ``uuid``: the body of :meth:`_IPCMemPool.register`.

    Returns the resource already registered under ``uuid`` if there is one,
    and raises what that method documents.
    """
    existing = _REGISTRY.get(uuid)
    if existing is not None:
        return existing
    if alloc_handle is None:
        raise RuntimeError("Memory resource is not IPC-enabled")
    if alloc_handle._uuid is not None and alloc_handle._uuid != uuid:
        raise ValueError(
            f"the memory resource's identifier is {alloc_handle._uuid}; "
            f"it cannot be registered as {uuid}"
        )
    _REGISTRY[uuid] = resource
    alloc_handle._uuid = uuid
    return resource


cdef int IPC_unregister(object resource, IPCAllocationHandle alloc_handle) except -1:
    """Remove ``resource`` from the registry, if it is there, and close its handle."""
    if alloc_handle is None:
        return 0
    uuid = alloc_handle._uuid
    if uuid is not None and _REGISTRY.get(uuid) is resource:
        del _REGISTRY[uuid]
    alloc_handle.close()
    return 0


cdef object IPC_from_registry(object uuid):
    """Return the mapped resource registered under ``uuid``.

    Raises
    ------
    RuntimeError
        If no resource is registered under ``uuid``.
    """
    try:
        return _REGISTRY[uuid]
    except (KeyError, TypeError):
        raise RuntimeError(f"Memory resource {uuid} was not found") from None


cdef int IPCAH_close(IPCAllocationHandle self) except -1:
    """Close the file descriptor of ``self``, once: it counts as closed even if closing fails."""
    cdef int fd = self._fd
    if fd < 0:
        return 0
    self._fd = -1
    os.close(fd)
    return 0


multiprocessing.reduction.register(IPCAllocationHandle, _reduce_allocation_handle)
