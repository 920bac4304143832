# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Operations on batches of buffers, each one call of the driver.

:func:`copy_batch` copies many buffers at once (``cuMemcpyBatchAsync``), with
a :class:`CopyOptions` of hints for each copy. :func:`prefetch_batch`,
:func:`discard_batch` and :func:`discard_prefetch_batch` migrate or drop the
pages of many managed buffers at once. All need a CUDA 13 driver; they are
exported by :mod:`cuda.core.utils`.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.string cimport memset
from libcpp.vector cimport vector
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer, Buffer_check_open
from cuda.core._memory._managed_buffer cimport MB_location
from cuda.core._memory._memory_pool cimport capture_status
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

import dataclasses
import enum
from collections.abc import Sequence

from cuda.core._device import Device
from cuda.core._host import Host

__all__ = [
    "CopyOptions",
    "MemcpyOverlapMode",
    "MemcpySrcAccessOrder",
    "copy_batch",
    "discard_batch",
    "discard_prefetch_batch",
    "prefetch_batch",
]

# What a bare Buffer should use instead of a batch function.
_SINGLE_COPY_HINT = "Buffer.copy_to / Buffer.copy_from"
_SINGLE_MANAGED_HINT = "the ManagedBuffer instance method"


class MemcpySrcAccessOrder(enum.StrEnum):
    """When a batched copy may read its source (``CUmemcpySrcAccessOrder``).

    ``STREAM``: in stream order, after the work before it. ``DURING_API_CALL``:
    at any time before :func:`copy_batch` returns, so no earlier work of the
    stream may still use the source. ``ANY``: at any time until the copy
    completes in stream order; the source must stay unchanged until then,
    and no earlier work may still use it.
    """

    STREAM = "stream"
    DURING_API_CALL = "during_api_call"
    ANY = "any"


class MemcpyOverlapMode(enum.StrEnum):
    """Whether a batched copy should overlap with computation (``CUmemcpyFlags``).

    ``DEFAULT`` leaves it to the driver; ``PREFER_OVERLAP_WITH_COMPUTE`` asks
    for overlap, a hint the driver may ignore.
    """

    DEFAULT = "default"
    PREFER_OVERLAP_WITH_COMPUTE = "prefer_overlap_with_compute"


@dataclasses.dataclass(frozen=True)
class CopyOptions:
    """Hints for one copy of :func:`copy_batch`; immutable.

    Strings given for the two enumerations become their members.

    Parameters
    ----------
    src_access_order : MemcpySrcAccessOrder or str, optional
        When the source may be read (``"stream"``).
    src_location_hint : Device or Host, optional
        Where the source is, for managed or pageable memory that may be in
        several places; ignored for other memory, and it moves nothing
        (``None``: no hint).
    dst_location_hint : Device or Host, optional
        Where the destination is, likewise (``None``).
    overlap_mode : MemcpyOverlapMode or str, optional
        Whether to prefer overlap with computation (``"default"``).

    Raises
    ------
    ValueError
        If ``src_access_order`` or ``overlap_mode`` is not one of its
        enumeration's values.
    """

    src_access_order: MemcpySrcAccessOrder | str = "stream"
    src_location_hint: Device | Host | None = None
    dst_location_hint: Device | Host | None = None
    overlap_mode: MemcpyOverlapMode | str = "default"

    def __post_init__(self) -> None:
        # Frozen: set the converted members through object.__setattr__.
        for name, kind in (
            ("src_access_order", MemcpySrcAccessOrder),
            ("overlap_mode", MemcpyOverlapMode),
        ):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except (TypeError, ValueError):
                raise ValueError(f"invalid {name}: {value!r}") from None


_SRC_ACCESS_ORDERS = {
    MemcpySrcAccessOrder.STREAM: cydriver.CU_MEMCPY_SRC_ACCESS_ORDER_STREAM,
    MemcpySrcAccessOrder.DURING_API_CALL: cydriver.CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL,
    MemcpySrcAccessOrder.ANY: cydriver.CU_MEMCPY_SRC_ACCESS_ORDER_ANY,
}

_OVERLAP_FLAGS = {
    MemcpyOverlapMode.DEFAULT: cydriver.CU_MEMCPY_FLAG_DEFAULT,
    MemcpyOverlapMode.PREFER_OVERLAP_WITH_COMPUTE: cydriver.CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE,
}


def copy_batch(
    stream: Stream,
    srcs: Sequence[Buffer],
    dsts: Sequence[Buffer],
    *,
    options: CopyOptions | Sequence[CopyOptions] | None = None,
) -> None:
    """Copy each buffer of ``srcs`` to the buffer of ``dsts`` at its index, in one call.

    The driver may run the copies in any order and at once, so no source
    may overlap another copy's destination. A batch cannot be captured
    into a graph. For one buffer, use :meth:`Buffer.copy_to` or
    :meth:`Buffer.copy_from`.

    Parameters
    ----------
    stream : Stream
        The stream to copy on; not ``LEGACY_DEFAULT_STREAM``, which
        ``cuMemcpyBatchAsync`` refuses (``PER_THREAD_DEFAULT_STREAM`` is
        fine).
    srcs : sequence of Buffer
        The sources.
    dsts : sequence of Buffer
        The destinations, each the size of its source.
    options : CopyOptions or sequence of CopyOptions, optional
        Hints for every copy, or one per copy; ``None`` for the defaults.

    Raises
    ------
    CUDAError
        If the driver refuses the copies (``cuMemcpyBatchAsync`` needs a
        CUDA 13 driver).
    RuntimeError
        If a buffer or the stream is closed.
    TypeError
        If ``stream`` is not a :class:`Stream` or is
        ``LEGACY_DEFAULT_STREAM``, the stream is capturing a graph, ``srcs``
        or ``dsts`` is a single buffer or holds something else, or
        ``options`` is neither a :class:`CopyOptions` nor a sequence of them.
    ValueError
        If ``srcs`` is empty, or the lengths or the sizes of a pair differ.
    """
    cdef Stream s = Stream_accept(stream)
    cdef tuple sources = batch_buffers(srcs, "copy_batch", _SINGLE_COPY_HINT)
    cdef tuple destinations = batch_buffers(dsts, "copy_batch", _SINGLE_COPY_HINT)
    cdef Py_ssize_t n = len(sources)
    if len(destinations) != n:
        raise ValueError(
            f"copy_batch: srcs length {n} does not match dsts length {len(destinations)}"
        )
    if <uintptr_t>s._handle in (0, <uintptr_t>cydriver.CU_STREAM_LEGACY):
        raise TypeError(
            "copy_batch does not accept LEGACY_DEFAULT_STREAM, which cuMemcpyBatchAsync "
            "refuses; pass a stream of your own or PER_THREAD_DEFAULT_STREAM"
        )
    check_not_capturing(s, "copy_batch")
    cdef Py_ssize_t i
    for i in range(n):
        if (<Buffer>sources[i])._size != (<Buffer>destinations[i])._size:
            raise ValueError(
                f"copy_batch: buffer size mismatch at index {i} "
                f"(src={(<Buffer>sources[i])._size}, dst={(<Buffer>destinations[i])._size})"
            )
    cdef tuple per_copy = copy_options_per_copy(options, n)

    cdef vector[cydriver.CUdeviceptr] c_dsts = vector[cydriver.CUdeviceptr](n)
    cdef vector[cydriver.CUdeviceptr] c_srcs = vector[cydriver.CUdeviceptr](n)
    cdef vector[size_t] c_sizes = vector[size_t](n)
    for i in range(n):
        c_srcs[i] = (<Buffer>sources[i])._ptr
        c_dsts[i] = (<Buffer>destinations[i])._ptr
        c_sizes[i] = (<Buffer>sources[i])._size
    # One attribute for each run of equal options; c_indices[k] is the
    # first copy that c_attrs[k] applies to.
    cdef vector[cydriver.CUmemcpyAttributes] c_attrs
    cdef vector[size_t] c_indices
    for i in range(n):
        if i == 0 or per_copy[i] != per_copy[i - 1]:
            c_attrs.push_back(copy_attributes(per_copy[i]))
            c_indices.push_back(i)
    cdef cydriver.CUstream c_stream = s._handle
    with nogil:
        HANDLE_RETURN(
            cydriver.cuMemcpyBatchAsync(
                c_dsts.data(),
                c_srcs.data(),
                c_sizes.data(),
                n,
                c_attrs.data(),
                c_indices.data(),
                c_attrs.size(),
                c_stream,
            )
        )


def prefetch_batch(
    stream: Stream,
    buffers: Sequence[Buffer],
    locations: Device | Host | Sequence[Device | Host],
) -> None:
    """Migrate the pages of many managed buffers, each to its location, in one call.

    For one buffer, use :meth:`ManagedBuffer.prefetch`.

    Parameters
    ----------
    stream : Stream
        The stream to migrate on.
    buffers : sequence of Buffer
        Buffers of managed memory.
    locations : Device, Host, or sequence of Device or Host
        One location for all buffers, or one per buffer.

    Raises
    ------
    CUDAError
        If the driver refuses (``cuMemPrefetchBatchAsync`` needs a CUDA 13
        driver, and memory that can migrate).
    RuntimeError
        If a buffer or the stream is closed.
    TypeError
        If ``buffers`` is a single buffer or holds something else, or a
        location is neither a :class:`Device` nor a :class:`Host`.
    ValueError
        If ``buffers`` is empty, or the number of locations differs from it.
    """
    managed_batch(stream, buffers, locations, "prefetch_batch", True, False)


def discard_batch(stream: Stream, buffers: Sequence[Buffer]) -> None:
    """Drop the contents of many managed buffers, so they need not migrate, in one call.

    Later accesses find the pages where they touch them, with undefined
    contents. For one buffer, use :meth:`ManagedBuffer.discard`.

    Parameters
    ----------
    stream : Stream
        The stream to discard on.
    buffers : sequence of Buffer
        Buffers of managed memory.

    Raises
    ------
    CUDAError
        If the driver refuses (``cuMemDiscardBatchAsync`` needs a CUDA 13
        driver).
    RuntimeError
        If a buffer or the stream is closed.
    TypeError
        If ``buffers`` is a single buffer or holds something else.
    ValueError
        If ``buffers`` is empty.
    """
    managed_batch(stream, buffers, None, "discard_batch", False, True)


def discard_prefetch_batch(
    stream: Stream,
    buffers: Sequence[Buffer],
    locations: Device | Host | Sequence[Device | Host],
) -> None:
    """Drop the contents of many managed buffers and place their pages, in one call.

    For one buffer, use :meth:`ManagedBuffer.discard_prefetch`.

    Parameters
    ----------
    stream : Stream
        The stream to work on.
    buffers : sequence of Buffer
        Buffers of managed memory.
    locations : Device, Host, or sequence of Device or Host
        One location for all buffers, or one per buffer.

    Raises
    ------
    CUDAError
        If the driver refuses (``cuMemDiscardAndPrefetchBatchAsync`` needs a
        CUDA 13 driver).
    RuntimeError
        If a buffer or the stream is closed.
    TypeError
        If ``buffers`` is a single buffer or holds something else, or a
        location is neither a :class:`Device` nor a :class:`Host`.
    ValueError
        If ``buffers`` is empty, or the number of locations differs from it.
    """
    managed_batch(stream, buffers, locations, "discard_prefetch_batch", True, True)


cdef tuple batch_buffers(object buffers, str what, str single_hint):
    """Return ``buffers`` as a tuple of open buffers; a single :class:`Buffer` is refused."""
    if isinstance(buffers, Buffer):
        raise TypeError(f"{what}: pass a sequence of Buffers; for a single buffer use {single_hint}")
    if not isinstance(buffers, Sequence):
        raise TypeError(f"{what}: buffers must be a sequence of Buffer, got {type(buffers).__name__}")
    if len(buffers) == 0:
        raise ValueError(f"{what}: empty buffers sequence")
    for item in buffers:
        if not isinstance(item, Buffer):
            raise TypeError(f"{what}: expected Buffer, got {type(item).__name__}")
        Buffer_check_open(<Buffer>item)
    return tuple(buffers)


cdef tuple copy_options_per_copy(object options, Py_ssize_t n):
    """Return one :class:`CopyOptions` for each of ``n`` copies."""
    if options is None:
        return (CopyOptions(),) * n
    if isinstance(options, CopyOptions):
        return (options,) * n
    if not isinstance(options, Sequence):
        raise TypeError(
            "copy_batch: options must be CopyOptions or a sequence of CopyOptions, "
            f"got {type(options).__name__}"
        )
    if len(options) != n:
        raise ValueError(
            f"copy_batch: options length {len(options)} does not match buffers length {n}"
        )
    for item in options:
        if not isinstance(item, CopyOptions):
            raise TypeError(
                f"copy_batch: each options element must be CopyOptions, got {type(item).__name__}"
            )
    return tuple(options)


cdef cydriver.CUmemcpyAttributes copy_attributes(object options) except *:
    """Return the driver's attributes for the :class:`CopyOptions` ``options``."""
    cdef cydriver.CUmemcpyAttributes attrs
    memset(&attrs, 0, sizeof(attrs))
    attrs.srcAccessOrder = _SRC_ACCESS_ORDERS[options.src_access_order]
    attrs.flags = _OVERLAP_FLAGS[options.overlap_mode]
    if options.src_location_hint is not None:
        attrs.srcLocHint = MB_location(options.src_location_hint)
    if options.dst_location_hint is not None:
        attrs.dstLocHint = MB_location(options.dst_location_hint)
    return attrs


cdef int check_not_capturing(Stream s, str what) except -1:
    """Raise ``TypeError`` if ``s`` is capturing a graph: batches have no graph node."""
    if capture_status(s._handle) == cydriver.CU_STREAM_CAPTURE_STATUS_ACTIVE:
        raise TypeError(
            f"{what} does not support graph capture; copy buffer by buffer with Buffer.copy_to"
        )
    return 0


cdef int managed_batch(
    object stream,
    object buffers,
    object locations,
    str what,
    bint prefetch,
    bint discard,
) except -1:
    """Prefetch, discard, or discard and prefetch ``buffers`` on ``stream``: the batch functions."""
    cdef tuple items = batch_buffers(buffers, what, _SINGLE_MANAGED_HINT)
    cdef Stream s = Stream_accept(stream)
    cdef Py_ssize_t n = len(items)
    cdef Py_ssize_t i
    cdef vector[cydriver.CUdeviceptr] c_ptrs = vector[cydriver.CUdeviceptr](n)
    cdef vector[size_t] c_sizes = vector[size_t](n)
    for i in range(n):
        c_ptrs[i] = (<Buffer>items[i])._ptr
        c_sizes[i] = (<Buffer>items[i])._size
    # One location for each run of equal locations; c_indices[k] is the
    # first buffer that c_locations[k] applies to.
    cdef vector[cydriver.CUmemLocation] c_locations
    cdef vector[size_t] c_indices
    if prefetch:
        if isinstance(locations, (Device, Host)):
            locations = (locations,) * n
        elif not isinstance(locations, Sequence):
            raise TypeError(
                f"{what}: locations must be a Device, a Host or a sequence of them, "
                f"got {type(locations).__name__}"
            )
        elif len(locations) != n:
            raise ValueError(
                f"{what}: locations length {len(locations)} does not match buffers length {n}"
            )
        for i in range(n):
            if i == 0 or locations[i] is not locations[i - 1]:
                c_locations.push_back(MB_location(locations[i]))
                c_indices.push_back(i)
    cdef cydriver.CUstream c_stream = s._handle
    with nogil:
        if not discard:
            HANDLE_RETURN(
                cydriver.cuMemPrefetchBatchAsync(
                    c_ptrs.data(), c_sizes.data(), n, c_locations.data(),
                    c_indices.data(), c_locations.size(), 0, c_stream
                )
            )
        elif not prefetch:
            HANDLE_RETURN(cydriver.cuMemDiscardBatchAsync(c_ptrs.data(), c_sizes.data(), n, 0, c_stream))
        else:
            HANDLE_RETURN(
                cydriver.cuMemDiscardAndPrefetchBatchAsync(
                    c_ptrs.data(), c_sizes.data(), n, c_locations.data(),
                    c_indices.data(), c_locations.size(), 0, c_stream
                )
            )
    return 0
