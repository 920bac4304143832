# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The Phase 1 forms of :meth:`~cuda.core.Buffer.fill` and :meth:`~cuda.core.Buffer.copy_to`.

Development starts with the Python ``driver`` module and its readable errors
(Phase 1), then moves the work to ``cydriver`` calls made without the GIL
(Phase 2). These functions are the Phase 1 forms; the :class:`~cuda.core.Buffer`
methods are the Phase 2 forms. Both share their argument checks, the tests
run both and require the same results and the same exceptions, and the
benchmarks time both.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t

from cuda.core._memory._buffer cimport (
    Buffer,
    Buffer_check_open,
    Buffer_copy_destination,
    fill_pattern,
)
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport _check_driver_error as raise_if_driver_error

from cuda.core._utils.cuda_utils import driver

__all__ = ["copy_to", "fill"]


def fill(Buffer buffer, value: int | bytes | bytearray | memoryview, *, stream: Stream) -> None:
    """Fill ``buffer`` with a repeated pattern, in stream order.

    The Phase 1 form of :meth:`~cuda.core.Buffer.fill`.

    Parameters
    ----------
    buffer : Buffer
        The buffer to fill.
    value : int or bytes-like
        An ``int`` in ``[0, 255]``, or a pattern of 1, 2 or 4 bytes.
    stream : Stream
        The stream to fill on.

    Raises
    ------
    CUDAError
        If the driver reports an error.
    RuntimeError
        If the buffer is closed.
    TypeError
        If ``value`` is neither an ``int`` nor bytes-like, or ``stream`` is
        not a :class:`~cuda.core.Stream`.
    ValueError
        If ``value`` is out of range, or the pattern does not fit the buffer.
    """
    cdef unsigned int c_pattern = 0
    cdef size_t c_width = 1
    Buffer_check_open(buffer)
    cdef Stream s = Stream_accept(stream)
    fill_pattern(value, buffer._size, &c_pattern, &c_width)
    pattern, width = c_pattern, c_width
    count = buffer._size // width
    if count == 0:
        return
    if width == 1:
        (err,) = driver.cuMemsetD8Async(buffer._ptr, pattern, count, <uintptr_t>s._handle)
    elif width == 2:
        (err,) = driver.cuMemsetD16Async(buffer._ptr, pattern, count, <uintptr_t>s._handle)
    else:
        (err,) = driver.cuMemsetD32Async(buffer._ptr, pattern, count, <uintptr_t>s._handle)
    raise_if_driver_error(err)


def copy_to(Buffer buffer, dst: Buffer | None = None, *, stream: Stream) -> Buffer:
    """Copy ``buffer`` into ``dst``, in stream order.

    The Phase 1 form of :meth:`~cuda.core.Buffer.copy_to`.

    Parameters
    ----------
    buffer : Buffer
        The buffer to copy from.
    dst : Buffer, optional
        The buffer to copy into, of the same size; allocated from
        ``buffer``'s memory resource when omitted.
    stream : Stream
        The stream to copy (and allocate) on.

    Returns
    -------
    Buffer
        The destination buffer.

    Raises
    ------
    CUDAError
        If the driver reports an error.
    RuntimeError
        If either buffer is closed.
    TypeError
        If ``dst`` is not a :class:`~cuda.core.Buffer` or ``stream`` not a
        :class:`~cuda.core.Stream`.
    ValueError
        If the sizes differ, or ``dst`` is omitted and ``buffer`` has no
        memory resource.
    """
    Buffer_check_open(buffer)
    cdef Stream s = Stream_accept(stream)
    cdef Buffer target = Buffer_copy_destination(buffer, dst, s)
    if buffer._size == 0:
        return target
    (err,) = driver.cuMemcpyAsync(target._ptr, buffer._ptr, buffer._size, <uintptr_t>s._handle)
    raise_if_driver_error(err)
    return target
