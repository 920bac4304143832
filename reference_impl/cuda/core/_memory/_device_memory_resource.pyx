# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Device memory from CUDA's stream-ordered memory pools.

A :class:`DeviceMemoryResource` allocates and frees device memory in stream
order, from the device's current memory pool or from a pool of its own.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._device cimport Device_register_default_allocate
from cuda.core._memory._buffer cimport Buffer, Buffer_from_ptr, MemoryResource, size_argument
from cuda.core._memory._ipc cimport IPC_check_supported
from cuda.core._memory._memory_pool cimport (
    _IPCMemPool,
    MP_allocate_checked,
    MP_check_allocatable,
    MP_check_open,
    MP_create_pool,
    MP_lookup_mapped,
    MP_map_pool,
)
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_argument_type,
    check_or_create_options,
    check_start_method,
)

from collections.abc import Iterable, Iterator, MutableSet
import dataclasses
import enum
import multiprocessing.reduction
import operator

from cuda.core._device import Device

__all__ = [
    "DeviceMemoryResource",
    "DeviceMemoryResourceOptions",
    "MemoryPoolAccess",
    "PeerAccessibleBySetProxy",
]


cdef class DeviceMemoryResource(_IPCMemPool):
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
    CUDAError
        If the driver cannot create the pool.
    RuntimeError
        If ``options.ipc_enabled`` is set where pools cannot be shared
        (anywhere but Linux).
    TypeError
        If ``options`` is neither :class:`DeviceMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``device_id`` is not a device ordinal, ``options`` has unknown
        keys, or ``options.max_size`` is negative.

    Notes
    -----
    A resource created with ``ipc_enabled=True`` shares its pool with other
    processes. The pool travels as an :attr:`allocation_handle` (a file
    descriptor), which another process imports with
    :meth:`from_allocation_handle`; the result is a *mapped* resource
    (:attr:`is_mapped`), which cannot allocate but imports the pool's
    buffers with :meth:`Buffer.from_ipc_descriptor`. Every IPC-enabled
    resource has a :attr:`uuid`; mapped resources registered under it
    (:meth:`register`, :meth:`from_registry`) let pickled buffers find
    their resource. Through :mod:`multiprocessing` all this is automatic:
    a resource sent to a spawned process arrives mapped and registered,
    and a buffer arrives imported. Unpickling a buffer imports memory from
    another process: accept pickles only from processes you trust.
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

    def __reduce__(self) -> tuple[object, ...]:
        # Plain pickling finds a mapped resource of the receiving process by
        # identifier; multiprocessing sends the pool itself (see the end of the file).
        return DeviceMemoryResource.from_registry, (self.uuid,)

    def __repr__(self) -> str:
        return (
            f"<DeviceMemoryResource device_id={self._device_id} "
            f"owns_pool={bool(self._owns_pool)}>"
        )

    cdef Buffer _allocate(self, object size, object stream):
        """Check the resource, then the arguments, and allocate: the body of :meth:`allocate`."""
        MP_check_allocatable(self)
        cdef size_t c_size = size_argument(size, "size")
        cdef Stream s = Stream_accept(stream)
        cdef uintptr_t c_ptr = MP_allocate_checked(self, c_size, s)
        return Buffer_from_ptr(c_ptr, c_size, self, None, s)

    cdef int _free_async(self, object ptr, object stream) except -1:
        """Free ``ptr`` on ``stream``, in its device's primary context if need be: :meth:`deallocate`."""
        return DMR_deallocate(self, <uintptr_t>operator.index(ptr), stream)

    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1:
        """Free a closing buffer's memory without a Python call, unless deallocate is overridden."""
        if type(self) is not DeviceMemoryResource:
            return MemoryResource._deallocate(self, ptr, size, stream)
        return DMR_deallocate(self, ptr, stream)

    @classmethod
    def from_allocation_handle(
        cls, device_id: Device | int, alloc_handle: int | IPCAllocationHandle
    ) -> DeviceMemoryResource:
        """Map, into this process, the pool another process shares through ``alloc_handle``.

        A resource already registered under the handle's identifier is
        returned instead; a new one is registered under it.

        Parameters
        ----------
        device_id : Device or int
            The device whose memory the pool holds.
        alloc_handle : IPCAllocationHandle or int
            The handle of the pool, from :attr:`allocation_handle` in the
            exporting process, or a file descriptor of it, which is
            duplicated: the caller still closes it.

        Returns
        -------
        DeviceMemoryResource
            The mapped resource, which owns its mapping of the pool.

        Raises
        ------
        CUDAError
            If the driver cannot import the pool.
        OSError
            If an int ``alloc_handle`` is not an open file descriptor.
        TypeError
            If ``alloc_handle`` is neither a handle nor an int, or it shares
            a pool of host memory: the resource registered under its
            identifier is not a ``DeviceMemoryResource`` (``Registry contains
            a PinnedMemoryResource for uuid ..., but DeviceMemoryResource was
            requested``), or the handle, received from the exporting
            process, says so (a bare file descriptor says nothing).
        RuntimeError
            If ``alloc_handle`` is a closed handle (``IPCAllocationHandle
            has been closed``), even when a resource is registered under its
            identifier.
        ValueError
            If ``device_id`` is not a device ordinal.
        """
        return DMR_from_allocation_handle(cls, device_id, alloc_handle)

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
        MP_check_open(self)
        return DMR_get_access(self, Device(device).device_id)

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device whose memory this resource allocates."""
        return self._device_id

    @property
    def is_host_accessible(self) -> bool:
        """Return ``False``: the host cannot access the memory directly."""
        return False

    @property
    def peer_accessible_by(self) -> PeerAccessibleBySetProxy:
        """Return, or set, the other devices that can read and write the pool's memory.

        The value is a live set of :class:`Device` objects: every read asks
        the driver and every change grants or revokes access, for all the
        pool's allocations, present and future. Setting it to an iterable of
        devices or ordinals grants exactly those devices access, in one
        driver call. The resource's own device always has access, and is
        ignored wherever it is given.

        Raises
        ------
        RuntimeError
            If the resource is closed, when the set is read or changed.
        ValueError
            On setting, if a value is not a device ordinal, or the resource's
            device cannot access the memory of one of the devices.
        """
        return PeerAccessibleBySetProxy(self)

    @peer_accessible_by.setter
    def peer_accessible_by(self, devices: Iterable[Device | int]) -> None:
        MP_check_open(self)
        target = DMR_peer_ids(self, devices, True)
        current = set(DMR_peers(self))
        DMR_set_peer_access(self, target - current, current - target)


@dataclasses.dataclass
class DeviceMemoryResourceOptions:
    """Options for a :class:`DeviceMemoryResource` that creates a memory pool of its own.

    Attributes
    ----------
    ipc_enabled : bool
        Whether the pool and its memory can be shared with other processes
        (default ``False``).
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


class PeerAccessibleBySetProxy(MutableSet):
    """A live set of the other devices that can access the memory of a :class:`DeviceMemoryResource`.

    Reads ask the driver (``cuMemPoolGetAccess``) and changes grant or revoke
    read-write access (``cuMemPoolSetAccess``), so the set is never out of
    date. It yields :class:`Device` objects, and takes devices or device
    ordinals. The resource's own device is never in the set, and is ignored
    when given. :meth:`update` and :meth:`clear` change access in one driver
    call.
    """

    __slots__ = ("_resource",)

    def __init__(self, mr: DeviceMemoryResource) -> None:
        """Make the set of the resource ``mr``.

        Raises
        ------
        TypeError
            If ``mr`` is not a :class:`DeviceMemoryResource`, in Cython's
            words: ``Argument 'mr' has incorrect type (expected
            cuda.core._memory._device_memory_resource.DeviceMemoryResource,
            got int)``.
        """
        check_argument_type(mr, DeviceMemoryResource, "mr")
        self._resource = mr

    def __contains__(self, device: object) -> bool:
        MP_check_open(self._resource)
        try:
            device_id = Device(device).device_id
        except (TypeError, ValueError):
            return False
        if device_id == (<DeviceMemoryResource>self._resource)._device_id:
            return False
        return DMR_get_access(self._resource, device_id) == MemoryPoolAccess.READ_WRITE

    def __iter__(self) -> Iterator[Device]:
        return iter([Device(device_id) for device_id in DMR_peers(self._resource)])

    def __len__(self) -> int:
        return len(DMR_peers(self._resource))

    def __repr__(self) -> str:
        return f"PeerAccessibleBySetProxy({set(self)!r})"

    @classmethod
    def _from_iterable(cls, iterable: Iterable[Device]) -> set[Device]:
        # Set operators (&, |, ^, -) build a plain set, not another live view.
        return set(iterable)

    def add(self, device: Device | int) -> None:
        """Grant ``device`` read-write access to the pool's memory.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        ValueError
            If ``device`` is not a device ordinal, or the resource's device
            cannot access the memory of ``device``.
        """
        self.update((device,))

    def clear(self) -> None:
        """Revoke the access of every other device, in one driver call.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        MP_check_open(self._resource)
        DMR_set_peer_access(self._resource, set(), set(DMR_peers(self._resource)))

    def discard(self, device: Device | int) -> None:
        """Revoke the access of ``device`` to the pool's memory; ignore anything else.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        MP_check_open(self._resource)
        ids = DMR_peer_ids(self._resource, (device,), False)
        DMR_set_peer_access(self._resource, set(), ids & set(DMR_peers(self._resource)))

    def update(self, *others: Iterable[Device | int]) -> None:
        """Grant every device of ``others`` read-write access, in one driver call.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        ValueError
            If a value is not a device ordinal, or the resource's device
            cannot access the memory of one of the devices.
        """
        MP_check_open(self._resource)
        ids = DMR_peer_ids(self._resource, [d for other in others for d in other], True)
        DMR_set_peer_access(self._resource, ids - set(DMR_peers(self._resource)), set())


_ACCESS_BY_FLAGS = {
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE: MemoryPoolAccess.READ_WRITE,
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READ: MemoryPoolAccess.READ,
    cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_NONE: MemoryPoolAccess.NONE,
}
"""The typed answer for each access flag the driver reports (audit decision 8)."""


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
    cdef bint c_ipc = bool(options.ipc_enabled)
    if c_ipc:
        IPC_check_supported()
    MP_create_pool(
        self,
        cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE,
        self._device_id,
        cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED,
        size_argument(options.max_size, "max_size"),
        c_ipc,
    )
    return 0


cdef DeviceMemoryResource DMR_from_allocation_handle(
    type cls, object device_id, object alloc_handle
):
    """Map the pool ``alloc_handle`` shares, or return the resource registered for it."""
    existing, handle = MP_lookup_mapped(cls, alloc_handle, False)
    if existing is not None:
        return existing
    cdef int c_device_id = Device(device_id).device_id
    cdef DeviceMemoryResource self = cls.__new__(cls)
    self._device_id = c_device_id
    MP_map_pool(self, handle)
    return self


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
    cdef cydriver.CUmemAccess_flags c_flags = pool_access_flags(self._pool, device_id)
    return _ACCESS_BY_FLAGS[c_flags]


cdef tuple DMR_peers(DeviceMemoryResource self):
    """Return the ordinals of the other devices with read-write access to the pool, ascending."""
    MP_check_open(self)
    cdef cydriver.CUmemoryPool c_pool = self._pool
    cdef int c_owner = self._device_id
    cdef int c_count = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGetCount(&c_count))
    peers = []
    for device_id in range(c_count):
        if device_id == c_owner:
            continue
        if (
            pool_access_flags(c_pool, device_id)
            == cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
        ):
            peers.append(device_id)
    return tuple(peers)


cdef cydriver.CUmemAccess_flags pool_access_flags(
    cydriver.CUmemoryPool pool, int device_id
) except *:
    """Return the driver's flags for the access device ``device_id`` has to ``pool``."""
    cdef cydriver.CUmemAccess_flags c_flags
    cdef cydriver.CUmemLocation c_location
    memset(&c_location, 0, sizeof(c_location))
    c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    c_location.id = device_id
    with nogil:
        HANDLE_RETURN(cydriver.cuMemPoolGetAccess(&c_flags, pool, &c_location))
    return c_flags


cdef set DMR_peer_ids(DeviceMemoryResource self, object devices, bint strict):
    """Return the ordinals of ``devices`` but the resource's own.

    With ``strict``, a value that is not a device raises, and so does a
    device whose memory the resource's device cannot access; without it,
    values that are not devices are left out.
    """
    ids = set()
    for device in devices:
        try:
            ids.add(Device(device).device_id)
        except (TypeError, ValueError):
            if strict:
                raise
    ids.discard(self._device_id)
    if strict:
        owner = Device(self._device_id)
        bad = sorted(device_id for device_id in ids if not owner.can_access_peer(device_id))
        if bad:
            raise ValueError(
                f"Device {self._device_id} cannot access peer(s): {', '.join(map(str, bad))}"
            )
    return ids


cdef int DMR_set_peer_access(DeviceMemoryResource self, set grant, set revoke) except -1:
    """Grant read-write access to the devices of ``grant`` and revoke that of ``revoke``, in one call."""
    cdef size_t c_count = len(grant) + len(revoke)
    if c_count == 0:
        return 0
    MP_check_open(self)
    cdef cydriver.CUmemAccessDesc* c_descs = <cydriver.CUmemAccessDesc*>malloc(
        c_count * sizeof(cydriver.CUmemAccessDesc)
    )
    if c_descs == NULL:
        raise MemoryError("cannot allocate the access descriptors of a memory pool")
    cdef cydriver.CUmemoryPool c_pool = self._pool
    cdef size_t i = 0
    try:
        memset(c_descs, 0, c_count * sizeof(cydriver.CUmemAccessDesc))
        for device_id in sorted(grant):
            c_descs[i].location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
            c_descs[i].location.id = device_id
            c_descs[i].flags = cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
            i += 1
        for device_id in sorted(revoke):
            c_descs[i].location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
            c_descs[i].location.id = device_id
            c_descs[i].flags = cydriver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_NONE
            i += 1
        with nogil:
            HANDLE_RETURN(cydriver.cuMemPoolSetAccess(c_pool, c_descs, c_count))
    finally:
        free(c_descs)
    return 0


def _deep_reduce_device_memory_resource(mr: DeviceMemoryResource) -> tuple[object, ...]:
    """Reduce ``mr`` for :mod:`multiprocessing`: the receiving process maps its pool."""
    check_start_method()
    return type(mr).from_allocation_handle, (Device(mr.device_id), mr.allocation_handle)


multiprocessing.reduction.register(DeviceMemoryResource, _deep_reduce_device_memory_resource)


cdef object DMR_allocate(object mr, object size, object stream):
    """Allocate as :meth:`DeviceMemoryResource.allocate` does: what ``Device.allocate`` calls for it."""
    # ``mr`` is of the exact type (``Device.allocate`` checks): its method is
    # called directly, not through the table of a subclass's overrides.
    return DeviceMemoryResource._allocate(<DeviceMemoryResource>mr, size, stream)


Device_register_default_allocate(DeviceMemoryResource, DMR_allocate)
