# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Page-locked host memory from the driver's legacy allocator.

:class:`LegacyPinnedMemoryResource` allocates with ``cuMemAllocHost``: memory
that the host and every device can access, which makes it the simplest way to
read results back from a device. It is written with the Python ``driver``
module: allocation is synchronous here, so there is no GIL to release around
work that takes time.
"""

from __future__ import annotations

from cuda.core._memory._buffer import Buffer, MemoryResource, _size_argument
from cuda.core._stream import Stream
from cuda.core._utils.cuda_utils import _check_driver_error as raise_if_driver_error
from cuda.core._utils.cuda_utils import driver

__all__ = ["LegacyPinnedMemoryResource"]


class LegacyPinnedMemoryResource(MemoryResource):
    """Allocate page-locked (pinned) host memory with ``cuMemAllocHost``.

    The memory is accessible from the host and from every device, so its
    buffers can be read on the host with ``memoryview(buffer)`` once the work
    that wrote them has finished. Allocation and freeing are synchronous.
    """

    def allocate(self, size: int, *, stream: Stream | None = None) -> Buffer:
        """Allocate ``size`` bytes of pinned host memory.

        Parameters
        ----------
        size : int
            The size of the buffer, in bytes.
        stream : Stream, optional
            Accepted for compatibility with stream-ordered resources, and
            checked, but not used: the allocation is synchronous.

        Returns
        -------
        Buffer
            The new buffer, owned by this resource.

        Raises
        ------
        CUDAError
            If the driver cannot allocate the memory.
        TypeError
            If ``size`` is not an int or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` is negative.
        OverflowError
            If ``size`` is larger than a C ``size_t`` holds.
        """
        size = _size_argument(size, "size")
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError(f"stream must be a Stream or None, got {type(stream).__name__}")
        ptr = 0
        if size:
            err, ptr = driver.cuMemAllocHost(size)
            raise_if_driver_error(err)
        return Buffer.from_handle(ptr, size, mr=self)

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None = None) -> None:
        """Free memory this resource allocated.

        Parameters
        ----------
        ptr : int
            The address of the memory.
        size : int
            The size of the memory, in bytes.
        stream : Stream, optional
            A stream to synchronize with before freeing, so that work still
            queued on it cannot touch the memory after it is freed.

        Raises
        ------
        CUDAError
            If the driver fails to free the memory.
        """
        if stream is not None:
            stream.sync()
        if ptr:
            (err,) = driver.cuMemFreeHost(ptr)
            raise_if_driver_error(err)

    @property
    def device_id(self) -> int:
        """Raise :class:`RuntimeError`: pinned host memory belongs to no single device.

        Raises
        ------
        RuntimeError
            Always.
        """
        raise RuntimeError("a LegacyPinnedMemoryResource is not bound to any device")

    @property
    def is_device_accessible(self) -> bool:
        """Return ``True``: every device can access pinned host memory."""
        return True

    @property
    def is_host_accessible(self) -> bool:
        """Return ``True``: the host can access the memory directly."""
        return True
