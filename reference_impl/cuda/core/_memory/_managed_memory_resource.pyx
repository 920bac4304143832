# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Managed (unified) memory from CUDA's stream-ordered memory pools.

A :class:`ManagedMemoryResource` allocates memory that the host and the
devices share, migrating between them on demand, in stream order; its
buffers are :class:`ManagedBuffer` objects.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer_from_ptr_as, size_argument
from cuda.core._memory._managed_buffer cimport ManagedBuffer
from cuda.core._memory._memory_pool cimport (
    _MemPool,
    MP_allocate,
    MP_create_pool,
    MP_use_current_pool,
)
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport check_or_create_options

import dataclasses

from cuda.core._device import Device

__all__ = ["ManagedMemoryResource", "ManagedMemoryResourceOptions"]

_LOCATION_TYPES = ("device", "host", "host_numa")
"""The values ``ManagedMemoryResourceOptions.preferred_location_type`` accepts, besides ``None``."""

_LOCATION_TYPE_CODES = {
    "device": cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE,
    "host": cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST,
    "host_numa": cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST_NUMA,
}
"""The driver's location type for each of :data:`_LOCATION_TYPES`."""


cdef class ManagedMemoryResource(_MemPool):
    """Allocate managed memory in stream order from a CUDA memory pool.

    Managed memory is accessible from the host and from the devices, and
    migrates between them as it is used. Without ``options``, the resource
    uses the current managed memory pool (the driver's default one unless one
    was set) and does not own it: :meth:`close` then has no effect. With
    ``options``, it creates a pool of its own, which :meth:`close` destroys.

    Parameters
    ----------
    options : ManagedMemoryResourceOptions or dict, optional
        Options for a pool of the resource's own.

    Raises
    ------
    CUDAError
        If the driver has no managed memory pools (CUDA 13 or later is
        needed).
    RuntimeError
        If ``preferred_location_type`` is ``"host_numa"`` without a
        ``preferred_location`` and the current device has no host NUMA node.
    TypeError
        If ``options`` is neither :class:`ManagedMemoryResourceOptions`, a
        ``dict`` of its fields nor ``None``.
    ValueError
        If ``options`` has unknown keys, or its ``preferred_location`` does
        not fit its ``preferred_location_type``.
    """

    def __init__(self, options: ManagedMemoryResourceOptions | None = None) -> None:
        """Take the current managed pool, or create a pool of its own from ``options``."""
        options = check_or_create_options(
            ManagedMemoryResourceOptions, options, "ManagedMemoryResource options", keep_none=True
        )
        self._preferred_type = None
        self._preferred_id = -1
        if options is not None:
            self._preferred_type, self._preferred_id = MMR_preferred_location(options)
        cdef cydriver.CUmemLocationType c_type = MMR_location_type(self._preferred_type)
        cdef int c_id = self._preferred_id if self._preferred_id >= 0 else 0
        if options is None:
            MP_use_current_pool(
                self, c_type, c_id, cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_MANAGED
            )
        else:
            MP_create_pool(
                self, c_type, c_id, cydriver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_MANAGED, 0
            )

    def allocate(self, size: int, *, stream: Stream) -> ManagedBuffer:
        """Allocate ``size`` bytes of managed memory on ``stream``.

        Parameters
        ----------
        size : int
            The size of the buffer, in bytes.
        stream : Stream
            The stream that orders the allocation; the buffer is freed on it
            too, unless :meth:`Buffer.close` is given another one.

        Returns
        -------
        ManagedBuffer
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
            If ``size`` is not an int or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` is negative.
        """
        cdef Stream s = Stream_accept(stream)
        cdef size_t c_size = size_argument(size, "size")
        cdef uintptr_t c_ptr = MP_allocate(self, c_size, s)
        return Buffer_from_ptr_as(ManagedBuffer, c_ptr, c_size, self, None, s)

    @property
    def device_id(self) -> int:
        """Return the preferred device's ordinal, or -1 if the preferred location is no device."""
        return self._preferred_id if self._preferred_type == "device" else -1

    @property
    def is_managed(self) -> bool:
        """Return ``True``: the memory is managed (unified) memory."""
        return True

    @property
    def preferred_location(self) -> tuple[str, int | None] | None:
        """Return where the pool prefers its memory to live, or ``None`` to let the driver choose.

        The answer is a pair ``(type, id)``: ``("device", ordinal)``,
        ``("host", None)`` or ``("host_numa", numa_id)``.
        """
        if self._preferred_type is None:
            return None
        if self._preferred_type == "host":
            return ("host", None)
        return (self._preferred_type, self._preferred_id)


@dataclasses.dataclass
class ManagedMemoryResourceOptions:
    """Options for a :class:`ManagedMemoryResource` that creates a memory pool of its own.

    Attributes
    ----------
    preferred_location : int or None
        Where the memory prefers to live; its meaning depends on
        ``preferred_location_type``. ``None`` (the default) for no
        preference.
    preferred_location_type : str or None
        ``None`` (the default): ``preferred_location`` is a device ordinal,
        -1 for the host, or ``None`` for no preference. ``"device"``:
        ``preferred_location`` is a device ordinal. ``"host"``: the host,
        and ``preferred_location`` must be ``None``. ``"host_numa"``:
        ``preferred_location`` is a host NUMA node, or ``None`` for the
        node of the current device.
    """

    preferred_location: int | None = None
    preferred_location_type: str | None = None


cdef tuple MMR_preferred_location(object options):
    """Return the checked ``(type, id)`` of the preferred location ``options`` describe."""
    location = options.preferred_location
    kind = options.preferred_location_type
    if location is not None and (isinstance(location, bool) or not isinstance(location, int)):
        raise TypeError(f"preferred_location must be an int or None, got {type(location).__name__}")
    if kind is not None and kind not in _LOCATION_TYPES:
        raise ValueError(
            f"preferred_location_type must be one of {', '.join(_LOCATION_TYPES)} or None, "
            f"got {kind!r}"
        )
    if kind is None:
        if location is None:
            return (None, -1)
        if location == -1:
            return ("host", -1)
        if location < 0:
            raise ValueError(
                "preferred_location must be a device ordinal, -1 for the host, or None, "
                f"got {location}"
            )
        return ("device", location)
    if kind == "device":
        if location is None or location < 0:
            raise ValueError(
                "preferred_location must be a device ordinal when preferred_location_type "
                f"is 'device', got {location!r}"
            )
        return ("device", location)
    if kind == "host":
        if location is not None:
            raise ValueError(
                "preferred_location must be None when preferred_location_type is 'host', "
                f"got {location!r}"
            )
        return ("host", -1)
    if location is None:
        location = Device().properties.host_numa_id
        if location < 0:
            raise RuntimeError(
                "the current device has no host NUMA node; give preferred_location "
                "a NUMA node explicitly"
            )
    elif location < 0:
        raise ValueError(
            "preferred_location must be a NUMA node or None when preferred_location_type "
            f"is 'host_numa', got {location}"
        )
    return ("host_numa", location)


cdef cydriver.CUmemLocationType MMR_location_type(object kind):
    """Return the driver's location type for a preferred location type (``None``: none)."""
    if kind is None:
        return cydriver.CUmemLocationType.CU_MEM_LOCATION_TYPE_NONE
    return _LOCATION_TYPE_CODES[kind]
