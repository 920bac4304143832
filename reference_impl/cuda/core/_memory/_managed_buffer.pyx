# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Buffers of managed memory, with the advice and prefetching managed memory takes.

A :class:`ManagedBuffer` is the :class:`Buffer` a
:class:`ManagedMemoryResource` returns. Its properties read and write the
driver's advice for the range (``cuMemAdvise``), and its methods move the
memory (``cuMemPrefetchAsync``).
"""

from __future__ import annotations

from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer, Buffer_check_open, Buffer_from_handle
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

from collections.abc import Iterable, Iterator, MutableSet

from cuda.core._device import Device
from cuda.core._host import Host

__all__ = ["AccessedBySetProxy", "ManagedBuffer"]


cdef class ManagedBuffer(Buffer):
    """Represent a buffer of managed memory, with its advice and prefetching.

    :meth:`ManagedMemoryResource.allocate` returns these;
    :meth:`from_handle` wraps managed memory allocated elsewhere.
    Locations are :class:`Device` or :class:`Host` objects.
    """

    @classmethod
    def from_handle(
        cls,
        ptr: int,
        size: int,
        mr: MemoryResource | None = None,
        owner: object | None = None,
        *,
        stream: Stream | None = None,
    ) -> Buffer:
        """Wrap an existing pointer to managed memory in a :class:`ManagedBuffer`.

        Parameters
        ----------
        ptr : int
            The address of the managed memory.
        size : int
            The size of the memory, in bytes.
        mr : MemoryResource, optional
            The memory resource that allocated the memory, and frees it.
        owner : object, optional
            An object that keeps the memory alive.
        stream : Stream, optional
            The stream to free the memory on; only with ``mr``.

        Returns
        -------
        ManagedBuffer
            The new buffer.

        Raises
        ------
        TypeError
            If ``ptr`` or ``size`` is not an integer, ``mr`` is not a
            :class:`MemoryResource`, or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` or ``ptr`` is negative, or ``mr`` and ``owner`` are
            both given, or ``stream`` is given without ``mr``.
        """
        return Buffer_from_handle(cls, ptr, size, mr, owner, stream)

    def discard(self, *, stream: Stream) -> None:
        """Discard the contents of the memory on ``stream``, so they need not be migrated.

        Parameters
        ----------
        stream : Stream
            The stream to discard on.

        Raises
        ------
        CUDAError
            If the driver refuses (it needs CUDA 13 or later).
        RuntimeError
            If the buffer is closed.
        ValueError
            If the memory is not managed memory (a buffer that
            :meth:`from_handle` wrapped need not be).
        """
        MB_migrate(self, None, stream, True, False)

    def discard_prefetch(self, location: Device | Host, *, stream: Stream) -> None:
        """Discard the contents of the memory, and prefetch its pages to ``location``.

        Parameters
        ----------
        location : Device or Host
            Where to place the pages.
        stream : Stream
            The stream to work on.

        Raises
        ------
        CUDAError
            If the driver refuses (it needs CUDA 13 or later).
        RuntimeError
            If the buffer is closed.
        TypeError
            If ``location`` is neither a :class:`Device` nor a :class:`Host`.
        ValueError
            If ``location`` is ``None`` (``location is required``), or the
            memory is not managed memory (a buffer that :meth:`from_handle`
            wrapped need not be).
        """
        MB_migrate(self, location, stream, True, True)

    def prefetch(self, location: Device | Host, *, stream: Stream) -> None:
        """Migrate the memory to ``location`` on ``stream``.

        Parameters
        ----------
        location : Device or Host
            Where to move the memory.
        stream : Stream
            The stream to migrate on.

        Raises
        ------
        CUDAError
            If the driver refuses the migration.
        RuntimeError
            If the buffer is closed.
        TypeError
            If ``location`` is neither a :class:`Device` nor a :class:`Host`.
        ValueError
            If ``location`` is ``None`` (``location is required``), or the
            memory is not managed memory (a buffer that :meth:`from_handle`
            wrapped need not be).
        """
        MB_migrate(self, location, stream, False, True)

    @property
    def accessed_by(self) -> AccessedBySetProxy:
        """Return a live set of the locations advised to access the memory.

        Adding and discarding locations gives and withdraws the advice;
        assigning an iterable of locations replaces the whole set, or, if
        one of them is refused, changes nothing. The locations are devices
        and the host as a whole: a NUMA node of the host
        (``Host(numa_id=...)``, ``Host.numa_current()``) is refused with
        :class:`ValueError` (``advise CU_MEM_ADVISE_SET_ACCESSED_BY does not
        support location_type='host_numa'``).

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        ValueError
            If advice is assigned to memory that is not managed memory.
        """
        Buffer_check_open(self)
        return AccessedBySetProxy(self)

    @accessed_by.setter
    def accessed_by(self, locations: Iterable[Device | Host]) -> None:
        Buffer_check_open(self)
        # Every location is checked before the first advice: a refused one changes nothing.
        wanted = set()
        for location in locations:
            MB_check_accessed_by(location)
            wanted.add(location)
        MB_check_managed(self, "memory advice")
        current = set(MB_accessed_by(self))
        for location in current - wanted:
            MB_advise(self, cydriver.CUmem_advise.CU_MEM_ADVISE_UNSET_ACCESSED_BY, location)
        for location in wanted - current:
            MB_advise(self, cydriver.CUmem_advise.CU_MEM_ADVISE_SET_ACCESSED_BY, location)

    @property
    def preferred_location(self) -> Device | Host | None:
        """Return the location the memory is advised to live in, or ``None`` if none is.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        ValueError
            If advice is assigned to memory that is not managed memory.
        """
        Buffer_check_open(self)
        cdef int c_type = MB_range_int(
            self, cydriver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE
        )
        cdef int c_id = MB_range_int(
            self, cydriver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID
        )
        if c_type == cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE:
            return Device(c_id)
        if c_type == cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST:
            return Host()
        if c_type == cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA:
            return Host(numa_id=c_id)
        if c_type == cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT:
            return Host.numa_current()
        return None

    @preferred_location.setter
    def preferred_location(self, location: Device | Host | None) -> None:
        Buffer_check_open(self)
        if location is None:
            MB_advise(self, cydriver.CUmem_advise.CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION, Host())
        else:
            MB_advise(self, cydriver.CUmem_advise.CU_MEM_ADVISE_SET_PREFERRED_LOCATION, location)

    @property
    def read_mostly(self) -> bool:
        """Return whether the memory is advised to be mostly read, and so duplicated on access.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        ValueError
            If advice is assigned to memory that is not managed memory.
        """
        Buffer_check_open(self)
        return MB_range_int(
            self, cydriver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY
        ) != 0

    @read_mostly.setter
    def read_mostly(self, value: bool) -> None:
        Buffer_check_open(self)
        MB_advise(
            self,
            cydriver.CUmem_advise.CU_MEM_ADVISE_SET_READ_MOSTLY
            if value
            else cydriver.CUmem_advise.CU_MEM_ADVISE_UNSET_READ_MOSTLY,
            Host(),
        )


class AccessedBySetProxy(MutableSet):
    """A live set of the locations advised to access a :class:`ManagedBuffer`.

    Every read asks the driver, and every change advises it, so the set is
    never out of date. The driver reports the host as a whole, so a
    :class:`Host` read back is always ``Host()``.
    """

    __slots__ = ("_buffer",)

    def __init__(self, buffer: ManagedBuffer) -> None:
        """Make the set of ``buffer``."""
        self._buffer = buffer

    def __contains__(self, location: object) -> bool:
        if not isinstance(location, (Device, Host)):
            return False
        return location in MB_accessed_by(self._buffer)

    def __iter__(self) -> Iterator[Device | Host]:
        return iter(MB_accessed_by(self._buffer))

    def __len__(self) -> int:
        return len(MB_accessed_by(self._buffer))

    def __repr__(self) -> str:
        return f"AccessedBySetProxy({set(MB_accessed_by(self._buffer))!r})"

    @classmethod
    def _from_iterable(cls, iterable: Iterable[Device | Host]) -> set[Device | Host]:
        # Set operators (&, |, ^, -) build a plain set, not another live view.
        return set(iterable)

    def add(self, location: Device | Host) -> None:
        """Advise the driver that ``location`` will access the memory.

        Raises
        ------
        TypeError
            If ``location`` is neither a :class:`Device` nor a :class:`Host`.
        ValueError
            If ``location`` is a NUMA node of the host rather than the host
            as a whole.
        """
        MB_check_accessed_by(location)
        MB_advise(self._buffer, cydriver.CUmem_advise.CU_MEM_ADVISE_SET_ACCESSED_BY, location)

    def discard(self, location: Device | Host) -> None:
        """Withdraw the advice that ``location`` will access the memory; ignore other objects."""
        if not isinstance(location, (Device, Host)):
            return
        if MB_is_host_numa_node(location):
            # Only the host as a whole can be in the set.
            return
        MB_advise(self._buffer, cydriver.CUmem_advise.CU_MEM_ADVISE_UNSET_ACCESSED_BY, location)


cdef cydriver.CUmemLocation MB_location(object location) except *:
    """Return the driver location that the :class:`Device` or :class:`Host` ``location`` names."""
    cdef cydriver.CUmemLocation c_location
    memset(&c_location, 0, sizeof(c_location))
    if isinstance(location, Device):
        c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
        c_location.id = location.device_id
    elif isinstance(location, Host):
        if location.is_numa_current:
            c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT
        elif location.numa_id is not None:
            c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA
            c_location.id = location.numa_id
        else:
            c_location.type = cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST
    else:
        raise TypeError(f"location must be a Device or a Host, got {type(location).__name__}")
    return c_location


cdef int MB_check_managed(ManagedBuffer self, str operation) except -1:
    """Raise :class:`ValueError` unless the memory of ``self`` is managed memory, in upstream's words.

    :attr:`Buffer.is_managed` answers from the memory resource, which knows
    (the driver does not mark memory of a managed pool as managed), and
    asks the driver for memory that :meth:`ManagedBuffer.from_handle`
    wrapped without one.
    """
    if not self.is_managed:
        raise ValueError(f"{operation} requires a managed-memory allocation")
    return 0


cdef bint MB_is_host_numa_node(object location) except -1:
    """Return whether ``location`` is a NUMA node of the host rather than a device or the host as a whole."""
    return isinstance(location, Host) and (location.is_numa_current or location.numa_id is not None)


cdef int MB_check_accessed_by(object location) except -1:
    """Raise unless ``location`` can be advised to access memory: a :class:`Device`, or the host as a whole.

    The driver reads the advice back per device and for the host as a
    whole, so a NUMA node of the host is refused, in upstream's words.
    """
    MB_location(location)
    if MB_is_host_numa_node(location):
        kind = "host_numa_current" if location.is_numa_current else "host_numa"
        raise ValueError(f"advise CU_MEM_ADVISE_SET_ACCESSED_BY does not support location_type='{kind}'")
    return 0


cdef int MB_migrate(
    ManagedBuffer self, object location, object stream, bint discard, bint prefetch
) except -1:
    """Discard the contents of ``self``, prefetch its pages to ``location``, or both, on ``stream``.

    The body of :meth:`ManagedBuffer.discard`, :meth:`ManagedBuffer.prefetch`
    and :meth:`ManagedBuffer.discard_prefetch`; ``location`` is read only
    with ``prefetch``.
    """
    Buffer_check_open(self)
    cdef cydriver.CUmemLocation c_location
    if prefetch:
        if location is None:
            raise ValueError("location is required")
        c_location = MB_location(location)
    cdef Stream s = Stream_accept(stream)
    MB_check_managed(self, ("discard_prefetch" if discard else "prefetch") if prefetch else "discard")
    cdef cydriver.CUdeviceptr c_ptr = self._ptr
    cdef size_t c_size = self._size
    cdef size_t c_index = 0
    cdef cydriver.CUstream c_stream = s._handle
    with nogil:
        if not prefetch:
            HANDLE_RETURN(cydriver.cuMemDiscardBatchAsync(&c_ptr, &c_size, 1, 0, c_stream))
        elif discard:
            HANDLE_RETURN(
                cydriver.cuMemDiscardAndPrefetchBatchAsync(
                    &c_ptr, &c_size, 1, &c_location, &c_index, 1, 0, c_stream
                )
            )
        else:
            HANDLE_RETURN(cydriver.cuMemPrefetchAsync(c_ptr, c_size, c_location, 0, c_stream))
    return 0


cdef int MB_advise(ManagedBuffer self, cydriver.CUmem_advise advice, object location) except -1:
    """Give the driver ``advice`` about the memory of ``self`` for ``location``."""
    Buffer_check_open(self)
    cdef cydriver.CUmemLocation c_location = MB_location(location)
    MB_check_managed(self, "memory advice")
    cdef cydriver.CUdeviceptr c_ptr = self._ptr
    cdef size_t c_size = self._size
    with nogil:
        HANDLE_RETURN(cydriver.cuMemAdvise(c_ptr, c_size, advice, c_location))
    return 0


cdef int MB_range_int(ManagedBuffer self, cydriver.CUmem_range_attribute attribute) except? -1:
    """Return one 32-bit attribute of the memory range of ``self``."""
    Buffer_check_open(self)
    cdef int c_value = 0
    cdef cydriver.CUdeviceptr c_ptr = self._ptr
    cdef size_t c_size = self._size
    with nogil:
        HANDLE_RETURN(cydriver.cuMemRangeGetAttribute(&c_value, 4, attribute, c_ptr, c_size))
    return c_value


cdef list MB_accessed_by(ManagedBuffer self):
    """Return the locations advised to access the memory of ``self``."""
    Buffer_check_open(self)
    cdef int c_count = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGetCount(&c_count))
    # One slot for each device and one for the host; -2 marks an unused slot.
    values = bytearray((c_count + 1) * sizeof(int))
    cdef int* c_values = <int*><char*>values
    cdef size_t c_bytes = len(values)
    cdef cydriver.CUdeviceptr c_ptr = self._ptr
    cdef size_t c_size = self._size
    with nogil:
        HANDLE_RETURN(
            cydriver.cuMemRangeGetAttribute(
                c_values,
                c_bytes,
                cydriver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY,
                c_ptr,
                c_size,
            )
        )
    cdef list locations = []
    cdef int index
    for index in range(c_count + 1):
        if c_values[index] == -1:
            locations.append(Host())
        elif c_values[index] >= 0:
            locations.append(Device(c_values[index]))
    return locations
