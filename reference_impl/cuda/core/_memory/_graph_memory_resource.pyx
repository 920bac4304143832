# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Device memory that graphs allocate and free as they run.

A :class:`GraphMemoryResource` allocates only while its stream is being
captured into a graph (see :class:`~cuda.core.graph.GraphBuilder`): each
allocation becomes a node of the graph, which reserves the memory when it
runs.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer_from_ptr, MemoryResource, size_argument
from cuda.core._memory._memory_pool cimport capture_status, free_async
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_exact_argument_type

import functools

from cuda.core._memory._buffer import Buffer

__all__ = ["GraphMemoryResource", "GraphMemoryResourceAttributes"]


cdef class _GraphMemoryResource(MemoryResource):
    """Allocate device memory in graphs; the implementation of :class:`GraphMemoryResource`."""

    def __cinit__(self, int device_id):
        self._device_id = device_id

    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Record an allocation of ``size`` bytes in the graph being built on ``stream``.

        Parameters
        ----------
        size : int
            The size of the buffer, in bytes.
        stream : Stream or GraphBuilder
            A stream that is being captured (or the builder capturing it);
            the buffer is freed on it too, unless :meth:`Buffer.close` is
            given another one.

        Returns
        -------
        Buffer
            The new buffer, owned by this resource. Its memory exists
            while the graph runs, from the allocation node on.

        Raises
        ------
        RuntimeError
            If ``stream`` is not being captured, or is closed.
        TypeError
            If ``size`` is not an int or ``stream`` not a :class:`Stream`
            or :class:`~cuda.core.graph.GraphBuilder`.
        ValueError
            If ``size`` is negative.
        CUDAError
            If the driver cannot record the allocation.
        """
        cdef Stream s = Stream_accept(stream)
        cdef size_t c_size = size_argument(size, "size")
        cdef cydriver.CUstream c_stream = s._handle
        cdef cydriver.CUdeviceptr c_ptr = 0
        GMR_check_capturing(c_stream)
        with nogil:
            HANDLE_RETURN(cydriver.cuMemAllocAsync(&c_ptr, c_size, c_stream))
        return Buffer_from_ptr(<uintptr_t>c_ptr, c_size, self, None, s)

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None) -> None:
        """Free memory this resource allocated, in stream order.

        While ``stream`` is being captured, the free is recorded in the graph.

        Parameters
        ----------
        ptr : int
            The address of the memory.
        size : int
            The size of the memory, in bytes.
        stream : Stream, GraphBuilder or None
            The stream to free the memory on; ``None`` means the legacy
            default stream of the current context.

        Raises
        ------
        TypeError
            If ``ptr`` is not an int or ``stream`` not a :class:`Stream` or
            :class:`~cuda.core.graph.GraphBuilder`.
        CUDAError
            If the driver fails to free the memory, unless the driver has
            already shut down (at interpreter exit), which releases all
            memory.
        """
        free_async(ptr, stream)

    def close(self) -> None:
        """Do nothing: the resource holds nothing to release (kept for compatibility)."""

    def trim(self) -> None:
        """Return the memory cached for graphs on the device, and not in use, to the system.

        Raises
        ------
        CUDAError
            If the driver reports an error.
        """
        cdef cydriver.CUdevice c_device = self._device_id
        with nogil:
            HANDLE_RETURN(cydriver.cuDeviceGraphMemTrim(c_device))

    @property
    def attributes(self) -> GraphMemoryResourceAttributes:
        """Return the device's statistics of the memory that graphs use."""
        return GMRA_create(self._device_id)

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device whose memory this resource allocates."""
        return self._device_id

    @property
    def is_device_accessible(self) -> bool:
        """Return ``True``: the device can access the memory."""
        return True

    @property
    def is_host_accessible(self) -> bool:
        """Return ``False``: the host cannot access the memory."""
        return False


class GraphMemoryResource(_GraphMemoryResource):
    """Allocate device memory inside graphs, while they are built by stream capture.

    Allocations and frees are recorded as nodes of the graph being built;
    allocating on a stream that is not being captured raises
    :class:`RuntimeError`. There is one resource per device:
    ``GraphMemoryResource(0) is GraphMemoryResource(0)``.

    Parameters
    ----------
    device_id : int or Device
        The device, or its ordinal, whose memory to allocate.

    Examples
    --------
    >>> mr = GraphMemoryResource(device)
    >>> builder = device.create_graph_builder().begin_building()
    >>> buffer = mr.allocate(1024, stream=builder)
    """

    def __new__(cls, device_id: int | Device) -> GraphMemoryResource:
        return _graph_memory_resource(cls, getattr(device_id, "device_id", device_id))


cdef class GraphMemoryResourceAttributes:
    """The statistics of the memory that graphs use on a device, read when asked.

    Made by :attr:`GraphMemoryResource.attributes`; not constructed directly.
    The high watermarks, :attr:`reserved_mem_high` and :attr:`used_mem_high`,
    can be reset by setting them to ``0``: another int raises
    :class:`AttributeError` (``Attribute 'used_mem_high' may only be set to
    zero (got 5).``), and a value that is not an int, a ``bool`` included,
    :class:`TypeError` (``Argument 'value' has incorrect type (expected int,
    got float)``). The current values cannot be set.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "GraphMemoryResourceAttributes cannot be instantiated directly. "
            "Please use MemoryResource APIs."
        )

    def __repr__(self) -> str:
        return (
            f"GraphMemoryResourceAttributes(reserved_mem_current={self.reserved_mem_current}, "
            f"reserved_mem_high={self.reserved_mem_high}, "
            f"used_mem_current={self.used_mem_current}, used_mem_high={self.used_mem_high})"
        )

    @property
    def reserved_mem_current(self) -> int:
        """Return the bytes of memory reserved for graphs now."""
        return GMRA_get(self, cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT)

    @property
    def reserved_mem_high(self) -> int:
        """Return the most bytes reserved for graphs since the last reset; set 0 to reset.

        Raises
        ------
        AttributeError
            On setting, if the value is an int other than 0.
        TypeError
            On setting, if the value is not an int (a ``bool`` included).
        CUDAError
            If the driver reports an error.
        """
        return GMRA_get(self, cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH)

    @reserved_mem_high.setter
    def reserved_mem_high(self, value: int) -> None:
        GMRA_reset(
            self,
            cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH,
            "reserved_mem_high",
            value,
        )

    @property
    def used_mem_current(self) -> int:
        """Return the bytes of memory that graphs use now."""
        return GMRA_get(self, cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT)

    @property
    def used_mem_high(self) -> int:
        """Return the most bytes graphs used since the last reset; set 0 to reset.

        Raises
        ------
        AttributeError
            On setting, if the value is an int other than 0.
        TypeError
            On setting, if the value is not an int (a ``bool`` included).
        CUDAError
            If the driver reports an error.
        """
        return GMRA_get(self, cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_USED_MEM_HIGH)

    @used_mem_high.setter
    def used_mem_high(self, value: int) -> None:
        GMRA_reset(
            self, cydriver.CUgraphMem_attribute.CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, "used_mem_high", value
        )


@functools.cache
def _graph_memory_resource(type cls, int device_id) -> GraphMemoryResource:
    """Return the one resource of ``cls`` for device ``device_id``, creating it the first time."""
    return _GraphMemoryResource.__new__(cls, device_id)


cdef int GMR_check_capturing(cydriver.CUstream stream) except -1:
    """Raise :class:`RuntimeError` unless ``stream`` is being captured."""
    if capture_status(stream) != cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
        raise RuntimeError(
            "GraphMemoryResource cannot perform memory operations on a non-capturing stream."
        )
    return 0


cdef GraphMemoryResourceAttributes GMRA_create(int device_id):
    """Return the statistics of device ``device_id``."""
    cdef GraphMemoryResourceAttributes attributes = GraphMemoryResourceAttributes.__new__(
        GraphMemoryResourceAttributes
    )
    attributes._device_id = device_id
    return attributes


cdef object GMRA_get(GraphMemoryResourceAttributes self, cydriver.CUgraphMem_attribute attribute):
    """Return the value of ``attribute`` for the device."""
    cdef cydriver.cuuint64_t value = 0
    cdef cydriver.CUdevice c_device = self._device_id
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGetGraphMemAttribute(c_device, attribute, &value))
    return int(value)


cdef int GMRA_reset(
    GraphMemoryResourceAttributes self,
    cydriver.CUgraphMem_attribute attribute,
    str name,
    object value,
) except -1:
    """Reset the high watermark ``attribute``; only an int, and of ints only 0, may be set."""
    check_exact_argument_type(value, int, "value")
    if value != 0:
        raise AttributeError(f"Attribute '{name}' may only be set to zero (got {value}).")
    cdef cydriver.cuuint64_t zero = 0
    cdef cydriver.CUdevice c_device = self._device_id
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceSetGraphMemAttribute(c_device, attribute, &zero))
    return 0
