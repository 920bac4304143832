# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Buffers, the handles to allocated memory, and the interface of memory resources.

A :class:`Buffer` owns a pointer and a size, and hands the memory back to the
:class:`MemoryResource` that allocated it when it is closed. Buffers export
their memory through DLPack, and through the Python buffer protocol when the
host can read it.
"""

from __future__ import annotations

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES
from cpython.number cimport PyNumber_Index
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New
from cpython.ref cimport Py_DECREF, Py_INCREF, Py_REFCNT
cimport cython
from libc.stdint cimport SIZE_MAX, UINTPTR_MAX, int64_t, uintptr_t
from libc.stdlib cimport free, malloc
from cuda.bindings cimport cydriver

from cuda.core._dlpack cimport DLManagedTensor, DLManagedTensorVersioned, DLTensor
from cuda.core._memory._ipc cimport (
    IPCBufferDescriptor,
    IPC_check_extent,
    IPC_export_pointer,
    IPC_import_pointer,
)
from cuda.core._stream cimport (
    Stream,
    Stream_accept,
    Stream_owned,
    Stream_share,
    _StreamHandle,
    default_stream,
)
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_argument_type,
    new_instance,
    raise_argument_type_error,
)

import warnings
import weakref

__all__ = ["Buffer", "MemoryResource"]


_BYTE_MAX = 0xFF
"""The largest value an ``int`` fill value may have: it fills single bytes."""

_FILL_PATTERN_WIDTHS = (1, 2, 4)
"""The lengths, in bytes, of the patterns :meth:`Buffer.fill` can repeat."""

_FILL_PATTERN_BYTE_ORDER = "little"
"""The byte order of CUDA devices: a fill pattern is written to memory as given."""

_DLPACK_VERSION = (1, 0)
"""The DLPack version whose structures this module exports."""

_SIZE_MAX = <size_t>SIZE_MAX
"""The largest size a C ``size_t`` holds."""

_UINTPTR_MAX = <uintptr_t>UINTPTR_MAX
"""The largest address a C ``uintptr_t`` holds."""

_IPC_IMPORTS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
"""The memory imported from other processes, by pool and export data: one mapping per allocation."""

# DLPack's device types and data type codes (dlpack.h), named as there.
cdef enum:
    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLCUDAManaged = 13
    kDLInt = 0

# Capsule names fixed by the DLPack Python specification.
cdef const char* DLPACK_TENSOR_NAME = b"dltensor"
cdef const char* DLPACK_VERSIONED_TENSOR_NAME = b"dltensor_versioned"

# A buffer exports itself as one dimension of int8: its bytes.
cdef enum:
    DLPACK_BITS_PER_BYTE = 8
    DLPACK_NDIM = 1

# The pointer attributes a buffer without a memory resource asks the driver for:
# memory type, whether it is managed, and the device ordinal.
cdef enum:
    POINTER_ATTRIBUTE_COUNT = 3


# One allocation per export: the managed tensor first, so that freeing the
# tensor's address frees the block, then the shape and the stride it points to.
cdef struct DLPackExport:
    DLManagedTensor tensor
    int64_t shape
    int64_t stride


cdef struct DLPackVersionedExport:
    DLManagedTensorVersioned tensor
    int64_t shape
    int64_t stride


# no_gc_clear: __dealloc__ needs the memory resource to free the memory.
# auto_pickle(False): an unpickled copy would free the same memory again.
@cython.auto_pickle(False)
@cython.no_gc_clear
@cython.freelist(16)
cdef class Buffer:
    """Represent an allocation of memory on a device or on the host.

    A buffer holds a pointer, a size and, when it owns the memory, the
    :class:`MemoryResource` that allocated it. :meth:`close` hands the memory
    back to that resource, in stream order; a buffer that is garbage
    collected while still open is closed then. A buffer that does not own its
    memory (see :meth:`from_handle`) never frees it.

    Buffers are created by memory resources and :meth:`from_handle`, not by
    calling the class.

    Notes
    -----
    Buffers support DLPack (``__dlpack__``), and the Python buffer protocol
    when the host can access their memory, so ``memoryview(buffer)`` reads
    pinned host memory directly.

    A buffer cannot be closed while views of it exported through the buffer
    protocol (``memoryview``) are alive. Views exported through DLPack do not
    keep it open, as in upstream ``cuda.core``: :meth:`close` frees the memory
    even while a consumer (a NumPy or CuPy array, for example) still holds
    such a view, which then points to freed memory. Reading or writing it
    afterwards is undefined behaviour: it may read memory since reused by
    another allocation, fault on the device, or crash the process for host
    memory. Release the consumers' arrays before closing the buffer, or let
    the garbage collector close it: a DLPack view keeps the :class:`Buffer`
    object, and so its memory, alive until the consumer releases it.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`MemoryResource.allocate`."""
        raise RuntimeError(
            "Buffer objects cannot be instantiated directly. Please use MemoryResource APIs."
        )

    def __buffer__(self, flags: int, /) -> memoryview:
        return memoryview(self)

    def __dealloc__(self):
        if self._closed:
            return
        cdef uintptr_t c_ptr = self._ptr
        cdef size_t c_size = self._size
        try:
            Buffer_close(self, None)
        except Exception as exc:
            # Nothing can be raised from here (audit decision 4): say so instead.
            # stacklevel=1 names the Python line that dropped the last reference:
            # compiled Cython functions push no Python frames of their own.
            warnings.warn(
                f"freeing the {c_size}-byte buffer at {c_ptr:#x} "
                f"while garbage collecting it failed; the memory may have leaked: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __dlpack__(
        self,
        *,
        stream: int | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> object:
        """Export this buffer as a DLPack capsule of one dimension of bytes.

        Parameters
        ----------
        stream : int, optional
            The consumer's stream. It is not waited on: ordering the
            consumer's work after the work that produced the data is the
            caller's responsibility.
        max_version : tuple of int, optional
            The newest DLPack version the consumer understands. ``(1, 0)`` or
            newer gets a versioned capsule; ``None`` the pre-1.0 one.
        dl_device : tuple of int, optional
            The device the consumer wants the data on. Only this buffer's own
            device, or the CPU for host-accessible memory, is accepted.
        copy : bool, optional
            ``True`` is refused: a buffer is always exported without a copy.

        Returns
        -------
        object
            A ``dltensor`` or ``dltensor_versioned`` capsule.

        Raises
        ------
        BufferError
            If a copy or another device is requested, or the buffer is closed.
        TypeError
            If ``max_version`` is not a pair of ints.
        """
        return Buffer_to_dlpack(self, max_version, dl_device, copy)

    def __dlpack_device__(self) -> tuple[int, int]:
        """Return the DLPack device type and ordinal of this buffer's memory.

        Returns
        -------
        tuple of int
            ``(device_type, device_id)``, as DLPack numbers them.
        """
        Buffer_check_open(self)
        return Buffer_dlpack_device(self)

    def __enter__(self) -> Buffer:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Buffer):
            return NotImplemented
        return self._ptr == (<Buffer>other)._ptr and self._size == (<Buffer>other)._size

    def __exit__(self, exc_type, exc_value, traceback) -> bool:
        self.close()
        return False

    def __getbuffer__(self, Py_buffer* view, int flags):
        Buffer_check_host_view(self)
        view.buf = <void*>self._ptr
        view.obj = self
        view.len = <Py_ssize_t>self._size
        view.readonly = 0
        view.itemsize = 1
        view.ndim = 1
        view.format = NULL
        view.shape = NULL
        view.strides = NULL
        if (flags & PyBUF_FORMAT) == PyBUF_FORMAT:
            view.format = b"B"
        if (flags & PyBUF_ND) == PyBUF_ND:
            view.shape = &view.len
        if (flags & PyBUF_STRIDES) == PyBUF_STRIDES:
            view.strides = &view.itemsize
        view.suboffsets = NULL
        view.internal = NULL
        self._exports += 1

    def __hash__(self) -> int:
        return hash((self._ptr, self._size))

    def __release_buffer__(self, buffer: memoryview, /) -> None:
        buffer.release()

    def __releasebuffer__(self, Py_buffer* view):
        self._exports -= 1

    def __reduce__(self) -> tuple[object, ...]:
        # Unpickling imports the memory through IPC: only for trusted peers.
        # The stream stays behind; it means nothing in another process.
        Buffer_check_open(self)
        return Buffer._reduce_helper, (self._memory_resource, self.ipc_descriptor)

    def __repr__(self) -> str:
        return f"<Buffer ptr={self._ptr:#x} size={self._size}>"

    def close(self, stream: Stream | None = None) -> None:
        """Hand the memory back to its memory resource, in stream order.

        Closing is idempotent: closing a closed buffer does nothing. A buffer
        that does not own its memory only forgets the pointer.

        Parameters
        ----------
        stream : Stream, optional
            The stream to free the memory on. ``None`` uses the stream the
            buffer was allocated on (or was given in :meth:`from_handle` or
            :meth:`set_deallocation_stream`); if that stream has been closed
            since, the buffer still frees on its driver stream, which lives on
            for this.

        Raises
        ------
        BufferError
            If views of the buffer exported through the buffer protocol
            (``memoryview``) are still alive.
        RuntimeError
            If ``stream`` is closed; the buffer stays open.
        TypeError
            If ``stream`` is not a :class:`Stream`.

        Notes
        -----
        Views exported through DLPack do not prevent closing: they are left
        pointing to freed memory, which must not be used any more (see the
        class notes).
        """
        Buffer_close(self, stream)

    def copy_from(self, src: Buffer, *, stream: Stream, options: object | None = None) -> None:
        """Copy the contents of ``src`` into this buffer, in stream order.

        Parameters
        ----------
        src : Buffer
            The buffer to copy from; it must have this buffer's size.
        stream : Stream
            The stream to copy on.
        options : object, optional
            Copy options; only ``None`` is supported.

        Raises
        ------
        NotImplementedError
            If ``options`` is given.
        RuntimeError
            If either buffer is closed.
        TypeError
            If ``src`` is not a :class:`Buffer` or ``stream`` not a :class:`Stream`.
        ValueError
            If the sizes of the buffers differ.
        """
        check_argument_type(src, Buffer, "src")
        Buffer_check_open(self)
        Buffer_check_copy_options(options)
        cdef Stream s = Stream_accept(stream)
        Buffer_check_open(<Buffer>src)
        Buffer_copy_destination(<Buffer>src, self, s)
        Buffer_memcpy(self, <Buffer>src, s)

    def copy_to(
        self, dst: Buffer | None = None, *, stream: Stream, options: object | None = None
    ) -> Buffer:
        """Copy the contents of this buffer into ``dst``, in stream order.

        Parameters
        ----------
        dst : Buffer, optional
            The buffer to copy into; it must have this buffer's size. When
            omitted, a buffer is allocated from this buffer's memory resource.
        stream : Stream
            The stream to copy (and allocate) on.
        options : object, optional
            Copy options; only ``None`` is supported.

        Returns
        -------
        Buffer
            The destination buffer.

        Raises
        ------
        NotImplementedError
            If ``options`` is given.
        RuntimeError
            If either buffer is closed.
        TypeError
            If ``dst`` is not a :class:`Buffer` or ``stream`` not a :class:`Stream`.
        ValueError
            If the sizes of the buffers differ, or ``dst`` is omitted and this
            buffer has no memory resource to allocate it from.
        """
        Buffer_check_open(self)
        Buffer_check_copy_options(options)
        cdef Stream s = Stream_accept(stream)
        cdef Buffer target = Buffer_copy_destination(self, dst, s)
        Buffer_memcpy(target, self, s)
        return target

    def fill(self, value: int | bytes | bytearray | memoryview, *, stream: Stream) -> None:
        """Fill this buffer with a repeated pattern, in stream order.

        Parameters
        ----------
        value : int or bytes-like
            An ``int`` in ``[0, 255]`` fills every byte with it. A bytes-like
            object of 1, 2 or 4 bytes is repeated over the buffer, whose size
            must be a multiple of its length.
        stream : Stream
            The stream to fill on.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        TypeError
            If ``value`` is neither an ``int`` nor bytes-like, or ``stream``
            is not a :class:`Stream`.
        ValueError
            If an ``int`` value is outside ``[0, 255]``, a pattern is not 1, 2
            or 4 bytes long, or the buffer size is not a multiple of it.
        """
        cdef unsigned int c_pattern = 0
        cdef size_t c_width = 1
        Buffer_check_open(self)
        cdef Stream s = Stream_accept(stream)
        fill_pattern(value, self._size, &c_pattern, &c_width)
        cdef cydriver.CUdeviceptr c_dst = <cydriver.CUdeviceptr>self._ptr
        cdef cydriver.CUstream c_stream = s._handle
        cdef size_t c_count = self._size // c_width
        if c_count == 0:
            return
        if c_width == 1:
            with nogil:
                HANDLE_RETURN(
                    cydriver.cuMemsetD8Async(c_dst, <unsigned char>c_pattern, c_count, c_stream)
                )
        elif c_width == 2:
            with nogil:
                HANDLE_RETURN(
                    cydriver.cuMemsetD16Async(c_dst, <unsigned short>c_pattern, c_count, c_stream)
                )
        else:
            with nogil:
                HANDLE_RETURN(cydriver.cuMemsetD32Async(c_dst, c_pattern, c_count, c_stream))

    @staticmethod
    def from_handle(
        ptr: int,
        size: int,
        mr: MemoryResource | None = None,
        owner: object | None = None,
        *,
        stream: Stream | None = None,
    ) -> Buffer:
        """Wrap an existing pointer in a :class:`Buffer`.

        With ``mr``, the buffer owns the memory and hands it back to ``mr``
        when closed. With ``owner``, the buffer keeps ``owner`` alive instead
        and never frees the memory. With neither, it is a plain, non-owning
        view of the memory.

        Parameters
        ----------
        ptr : int
            The address of the memory (an ``int``, or an object ``int()``
            converts, such as ``driver.CUdeviceptr``).
        size : int
            The size of the memory, in bytes.
        mr : MemoryResource, optional
            The memory resource that allocated the memory, and frees it.
        owner : object, optional
            An object that keeps the memory alive.
        stream : Stream, optional
            The stream to free the memory on when the buffer is closed
            without one. Only meaningful with ``mr``.

        Returns
        -------
        Buffer
            The new buffer.

        Raises
        ------
        TypeError
            If ``ptr`` or ``size`` is not an integer, ``mr`` is not a
            :class:`MemoryResource`, or ``stream`` not a :class:`Stream`.
        ValueError
            If ``size`` or ``ptr`` is negative, or ``mr`` and ``owner`` are
            both given, or ``stream`` is given without ``mr``.
        OverflowError
            If ``size`` or ``ptr`` is larger than a C ``size_t`` or
            ``uintptr_t`` holds.
        """
        return Buffer_from_handle(Buffer, ptr, size, mr, owner, stream)

    @classmethod
    def from_ipc_descriptor(
        cls,
        mr: MemoryResource,
        ipc_descriptor: IPCBufferDescriptor,
        *,
        stream: Stream,
    ) -> Buffer:
        """Import a buffer that another process exported, into the pool ``mr`` maps.

        Parameters
        ----------
        mr : DeviceMemoryResource or PinnedMemoryResource
            The IPC-enabled resource that maps, in this process, the pool
            of the exporting process's resource (see
            ``DeviceMemoryResource.from_allocation_handle``).
        ipc_descriptor : IPCBufferDescriptor
            The descriptor of the buffer, from :attr:`ipc_descriptor` in the
            exporting process.
        stream : Stream
            The stream that frees the imported memory when the buffer is
            closed without one.

        Returns
        -------
        Buffer
            The imported buffer, which :attr:`is_mapped`.

        Raises
        ------
        CUDAError
            If the driver cannot import the memory.
        RuntimeError
            If ``mr`` is not IPC-enabled.
        TypeError
            If ``ipc_descriptor`` is not an IPC buffer descriptor, ``stream``
            not a :class:`Stream` (a :class:`~cuda.core.graph.GraphBuilder`
            or ``None`` included), in Cython's words: ``Argument 'stream' has
            incorrect type (expected cuda.core._stream.Stream, got
            NoneType)``; or ``mr`` not a :class:`MemoryResource`.
        ValueError
            If the descriptor's payload is shorter than the driver's 64
            bytes of export data (``IPC buffer descriptor payload is 8
            bytes; expected at least 64``), or its size exceeds the
            allocation the driver maps (``IPC buffer descriptor size (1000)
            exceeds mapped allocation extent (100 bytes)``); the mapping is
            then undone.

        Notes
        -----
        The exporting process controls the descriptor's contents: import
        descriptors only from processes you trust.

        Importing an allocation that an open buffer of this process already
        imported maps nothing new: the buffers share the mapping, and the
        last of them to close (or the last graph node that uses it) unmaps
        it. Closing each of them is safe.
        """
        return Buffer_from_ipc_descriptor(cls, mr, ipc_descriptor, stream)

    @staticmethod
    def _reduce_helper(mr: MemoryResource, ipc_descriptor: IPCBufferDescriptor) -> Buffer:
        """Recreate an unpickled buffer: import it into ``mr`` on the default stream."""
        return Buffer_unpickle(mr, ipc_descriptor)

    def set_deallocation_stream(self, stream: Stream) -> None:
        """Choose the stream that a later :meth:`close` without a stream frees the memory on.

        The buffer stays open. Ordering the work that uses the memory before
        the freeing on ``stream`` is the caller's responsibility.

        Parameters
        ----------
        stream : Stream
            The stream to free the memory on.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        TypeError
            If ``stream`` is not a :class:`Stream`.
        """
        Buffer_check_open(self)
        self._dealloc_stream = Stream_accept(stream)
        self._dealloc_owned = Stream_owned(self._dealloc_stream)
        if self._allocation is not None:
            Allocation_set_stream(self._allocation, self._dealloc_stream)

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device the memory belongs to.

        Raises
        ------
        RuntimeError
            If the buffer is closed, or its memory belongs to no device.
        """
        return Buffer_memory_attribute(self, "device_id", 0)

    @property
    def handle(self) -> int:
        """Return the address of the memory, as an ``int`` (0 once closed)."""
        return self._ptr

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._closed

    @property
    def is_device_accessible(self) -> bool:
        """Return whether the device can access the memory.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        """
        return Buffer_memory_attribute(self, "is_device_accessible", 1)

    @property
    def is_host_accessible(self) -> bool:
        """Return whether the host (the CPU) can access the memory.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        """
        return Buffer_memory_attribute(self, "is_host_accessible", 2)

    @property
    def is_managed(self) -> bool:
        """Return whether the memory is CUDA managed (unified) memory.

        Raises
        ------
        RuntimeError
            If the buffer is closed.
        """
        return Buffer_memory_attribute(self, "is_managed", 3)

    @property
    def ipc_descriptor(self) -> IPCBufferDescriptor:
        """Return the descriptor that shares this buffer with other processes.

        The descriptor is made on first use and kept; it pickles, and
        :meth:`from_ipc_descriptor` imports it in another process.

        Raises
        ------
        CUDAError
            If the driver cannot export the memory.
        RuntimeError
            If the buffer is closed, or its memory resource is not
            IPC-enabled.
        """
        Buffer_check_open(self)
        if self._ipc_descriptor is None:
            mr = self._memory_resource
            # Resources without pools (legacy, user-defined) have no is_ipc_enabled.
            if not getattr(mr, "is_ipc_enabled", False):
                raise RuntimeError("Memory resource is not IPC-enabled")
            self._ipc_descriptor = IPC_export_pointer(self._ptr, self._size)
        return self._ipc_descriptor

    @property
    def is_mapped(self) -> bool:
        """Return whether the buffer was imported from another process."""
        return self._mapped

    @property
    def memory_resource(self) -> MemoryResource | None:
        """Return the memory resource that frees this buffer, or ``None``."""
        return self._memory_resource

    @property
    def owner(self) -> object:
        """Return the object that keeps the memory alive, or ``None``."""
        return self._owner

    @property
    def size(self) -> int:
        """Return the size of the memory in bytes (0 once closed)."""
        return self._size


cdef class MemoryResource:
    """Define the interface of the objects that allocate and free buffers.

    A memory resource allocates :class:`Buffer` objects and frees their
    memory when they are closed. Buffers take their properties
    (:attr:`is_device_accessible`, :attr:`is_host_accessible`,
    :attr:`device_id`) from the resource that allocated them. Subclasses
    implement every method and property except :attr:`is_managed`.
    """

    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Allocate a buffer of ``size`` bytes.

        Parameters
        ----------
        size : int
            The size of the buffer, in bytes.
        stream : Stream
            The stream to allocate on, for resources that allocate in stream
            order; it also orders the buffer's eventual freeing.

        Returns
        -------
        Buffer
            The new buffer, owned by this resource.

        Raises
        ------
        NotImplementedError
            Always: subclasses implement this method.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement allocate()")

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None) -> None:
        """Free memory this resource allocated.

        Parameters
        ----------
        ptr : int
            The address of the memory.
        size : int
            The size of the memory, in bytes.
        stream : Stream or None
            The stream to free the memory on.

        Raises
        ------
        NotImplementedError
            Always: subclasses implement this method.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement deallocate()")

    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1:
        """Free a closing buffer's memory with :meth:`deallocate`; Cython subclasses answer in C."""
        self.deallocate(ptr, size, stream=stream)
        return 0

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device whose memory this resource allocates.

        Raises
        ------
        NotImplementedError
            Always: subclasses implement this property.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement device_id")

    @property
    def is_device_accessible(self) -> bool:
        """Return whether the device can access the memory this resource allocates.

        Raises
        ------
        NotImplementedError
            Always: subclasses implement this property.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement is_device_accessible")

    @property
    def is_host_accessible(self) -> bool:
        """Return whether the host can access the memory this resource allocates.

        Raises
        ------
        NotImplementedError
            Always: subclasses implement this property.
        """
        raise NotImplementedError(f"{type(self).__name__} does not implement is_host_accessible")

    @property
    def is_managed(self) -> bool:
        """Return whether this resource allocates CUDA managed memory (``False`` by default)."""
        return False


# no_gc_clear: __dealloc__ needs the memory resource and the stream to free the memory.
@cython.no_gc_clear
cdef class _Allocation:
    """Memory that a :class:`Buffer` shares with the graph nodes that use it.

    Not part of the public API. The first graph node that refers to a
    buffer's memory (a memset or memcpy operand, an owner, a kernel
    argument) makes one; the buffer and every node, clone and executable
    graph that uses the memory then hold it, and the memory goes back to
    its resource, in order on the buffer's deallocation stream, when the
    last of them lets go. :meth:`Buffer.close` drops only the buffer's share.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: graph nodes share a buffer's allocation."""
        raise RuntimeError("_Allocation objects are made by graph nodes that use a Buffer")

    def __dealloc__(self):
        cdef uintptr_t c_ptr = self._ptr
        cdef size_t c_size = self._size
        if self._memory_resource is None:
            return
        try:
            Allocation_free(self)
        except Exception as exc:
            # Nothing can be raised from here (audit decision 4): say so instead.
            warnings.warn(
                f"freeing the {c_size}-byte allocation at {c_ptr:#x} that graph nodes shared "
                f"failed; the memory may have leaked: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def close(self) -> None:
        """Free the memory now, in order on the allocation's stream; a second call does nothing.

        Only for the last holder: no buffer or graph may still use the memory.

        Raises
        ------
        CUDAError
            If the memory resource fails to free the memory.
        """
        Allocation_free(self)


cdef Buffer Buffer_from_handle(
    type cls, object ptr, object size, object mr, object owner, object stream
):
    """Check the arguments of ``from_handle`` and wrap the memory in a ``cls``."""
    cdef size_t c_size = size_argument(size, "size")
    cdef uintptr_t c_ptr = pointer_argument(ptr)
    if mr is not None and owner is not None:
        raise ValueError(
            "mr and owner cannot both be given: a buffer either owns its memory or borrows it"
        )
    check_argument_type(mr, MemoryResource, "mr", none_ok=True)
    if stream is not None:
        if mr is None:
            raise ValueError("stream orders the freeing of the memory, so it needs mr")
        stream = Stream_accept(stream)
    return Buffer_from_ptr_as(cls, c_ptr, c_size, mr, owner, stream)


cdef Buffer Buffer_from_ptr(
    uintptr_t ptr, size_t size, MemoryResource mr, object owner, object stream
):
    """Create an open buffer; ``mr`` (with ``stream``) frees it, ``owner`` keeps it alive."""
    # Buffer.__new__(Buffer) with the type known here compiles to a direct
    # tp_new call, as new_instance does for a type known only at run time.
    return Buffer_init(Buffer.__new__(Buffer), ptr, size, mr, owner, stream)


cdef Buffer Buffer_from_ptr_as(
    type cls, uintptr_t ptr, size_t size, MemoryResource mr, object owner, object stream
):
    """Create an open buffer of type ``cls``, a subclass of :class:`Buffer`."""
    return Buffer_init(<Buffer>new_instance(cls), ptr, size, mr, owner, stream)


cdef Buffer Buffer_init(
    Buffer buf, uintptr_t ptr, size_t size, MemoryResource mr, object owner, object stream
):
    """Fill a new buffer's fields: open, ``mr`` (with ``stream``) frees it, ``owner`` keeps it alive.

    ``buf`` comes from the type's ``tp_new``, which left every other field
    ``None``, 0 or ``False``: no exports, open, not mapped, no IPC descriptor.
    """
    buf._ptr = ptr
    buf._size = size
    buf._memory_resource = mr
    if owner is not None:
        buf._owner = owner
    buf._dealloc_stream = stream
    buf._dealloc_owned = Stream_owned(stream)
    return buf


cdef Buffer Buffer_from_ipc_descriptor(
    type cls, object mr, object ipc_descriptor, object stream
):
    """Check the arguments of ``from_ipc_descriptor`` and import the buffer as a ``cls``."""
    check_argument_type(ipc_descriptor, IPCBufferDescriptor, "ipc_descriptor")
    check_argument_type(stream, Stream, "stream")
    cdef Stream s = Stream_accept(stream)
    if not isinstance(mr, MemoryResource):
        raise TypeError(f"mr must be a MemoryResource, got {type(mr).__name__}")
    if not getattr(mr, "is_ipc_enabled", False):
        raise RuntimeError("Memory resource is not IPC-enabled")
    cdef IPCBufferDescriptor descriptor = <IPCBufferDescriptor>ipc_descriptor
    cdef cydriver.CUmemoryPool c_pool = <cydriver.CUmemoryPool><uintptr_t>int(mr.handle)
    # Buffers that import one allocation share its mapping, which the last of
    # them to close (or a graph node that uses it) unmaps.
    key = (<uintptr_t>c_pool, descriptor._payload[:sizeof(cydriver.CUmemPoolPtrExportData)])
    found = _IPC_IMPORTS.get(key)
    cdef _Allocation allocation
    if found is not None and (<_Allocation>found)._ptr != 0:
        allocation = <_Allocation>found
        IPC_check_extent(allocation._ptr, descriptor._size)
    else:
        allocation = _Allocation.__new__(_Allocation)
        allocation._ptr = IPC_import_pointer(c_pool, descriptor)
        allocation._size = descriptor._size
        allocation._memory_resource = mr
        allocation._device_id = -1
        Allocation_set_stream(allocation, s)
        _IPC_IMPORTS[key] = allocation
    cdef Buffer buf = Buffer_from_ptr_as(cls, allocation._ptr, descriptor._size, mr, None, s)
    buf._mapped = True
    buf._ipc_descriptor = descriptor
    buf._allocation = allocation
    return buf


cdef Buffer Buffer_unpickle(object mr, object ipc_descriptor):
    """Import an unpickled buffer into ``mr``, freed by default on the default stream.

    A spawned process unpickles its arguments before any of its code runs,
    so with no context current the primary context of the resource's
    device (the current device for host memory) is made current first.
    """
    cdef cydriver.CUcontext c_context = NULL
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_context))
    if c_context == NULL:
        # Imported here: cuda.core._device imports this module.
        from cuda.core._device import Device

        device_id = mr.device_id
        (Device(device_id) if device_id >= 0 else Device()).set_current()
    return Buffer_from_ipc_descriptor(Buffer, mr, ipc_descriptor, default_stream())


cdef int Buffer_check_open(Buffer self) except -1:
    """Raise :class:`RuntimeError` if ``self`` has been closed."""
    if self._closed:
        raise RuntimeError("the Buffer is closed; its memory can no longer be used")
    return 0


cdef Buffer Buffer_copy_destination(Buffer self, object dst, Stream stream):
    """Return the buffer a copy of ``self`` goes to, allocating it when ``dst`` is None.

    Both copy directions and both development phases validate through here,
    so they reject bad arguments with the same exceptions.
    """
    cdef Buffer target
    if dst is None:
        if self._memory_resource is None:
            raise ValueError(
                "dst is required: "
                "this buffer has no memory resource to allocate a destination from"
            )
        target = self._memory_resource.allocate(self._size, stream=stream)
    elif isinstance(dst, Buffer):
        target = <Buffer>dst
        Buffer_check_open(target)
    else:
        raise_argument_type_error(dst, Buffer, "dst")
    if target._size != self._size:
        raise ValueError(
            f"cannot copy {self._size} bytes to a buffer of {target._size} bytes: "
            "the sizes must be equal"
        )
    return target


cdef int fill_pattern(object value, size_t size, unsigned int* pattern, size_t* width) except -1:
    """Store the pattern and its width in bytes for a :meth:`Buffer.fill` value and buffer size.

    The results go to C variables rather than a tuple: this runs on every
    fill, where a tuple and Python arithmetic on its items cost as much as
    the driver call.
    """
    if isinstance(value, int):
        if not 0 <= value <= _BYTE_MAX:
            raise ValueError(
                f"fill value {value} is out of range: "
                f"an int fill value is a byte, in [0, {_BYTE_MAX}]"
            )
        pattern[0] = value
        width[0] = 1
        return 0
    try:
        raw = memoryview(value).tobytes()
    except TypeError:
        raise TypeError(
            "fill value must be an int or a bytes-like pattern of 1, 2 or 4 bytes, "
            f"got {type(value).__name__}"
        ) from None
    cdef size_t c_width = len(raw)
    if c_width not in _FILL_PATTERN_WIDTHS:
        raise ValueError(
            f"a fill pattern must be 1, 2 or 4 bytes long, got {c_width} bytes: {raw!r}"
        )
    if size % c_width:
        raise ValueError(
            f"the buffer size {size} is not a multiple of the {c_width}-byte fill pattern"
        )
    pattern[0] = int.from_bytes(raw, _FILL_PATTERN_BYTE_ORDER)
    width[0] = c_width
    return 0


cdef size_t size_argument_any(object size, str name) except? 0:
    """Return ``size`` as a C size, rejecting non-integers, negative values and values past ``SIZE_MAX``."""
    cdef size_t c_size
    if type(size) is not int:
        try:
            # operator.index without the look-up of the module and its function.
            size = PyNumber_Index(size)
        except TypeError:
            raise TypeError(f"{name} must be an int, got {type(size).__name__}") from None
    try:
        # The conversion checks the range, without comparing Python ints.
        c_size = size
    except OverflowError:
        if size < 0:
            raise ValueError(f"{name} must not be negative, got {size}") from None
        raise OverflowError(f"{name} must be at most {_SIZE_MAX}, got {size}") from None
    return c_size


def _size_argument(size: object, name: str) -> int:
    """Return ``size`` checked as :func:`size_argument` checks it, for the Python modules."""
    return size_argument(size, name)


cdef uintptr_t pointer_argument(object ptr) except? 0:
    """Return an address given as an ``int`` or a driver pointer object."""
    if isinstance(ptr, (str, bytes, float)) or not hasattr(ptr, "__int__"):
        raise TypeError(f"ptr must be an int or a driver pointer object, got {type(ptr).__name__}")
    value = int(ptr)
    if value < 0:
        raise ValueError(f"ptr must not be negative, got {value}")
    if value > _UINTPTR_MAX:
        raise OverflowError(f"ptr must be an address of at most {_UINTPTR_MAX:#x}, got {value:#x}")
    return value


cdef int Buffer_check_copy_options(object options) except -1:
    """Reject copy options, which this implementation does not support."""
    if options is not None:
        raise NotImplementedError("copy options are not supported; pass options=None")
    return 0


cdef int Buffer_memcpy(Buffer dst, Buffer src, Stream stream) except -1:
    """Copy all of ``src`` into ``dst`` (of the same size) on ``stream``."""
    cdef cydriver.CUdeviceptr c_dst = <cydriver.CUdeviceptr>dst._ptr
    cdef cydriver.CUdeviceptr c_src = <cydriver.CUdeviceptr>src._ptr
    cdef size_t c_size = src._size
    cdef cydriver.CUstream c_stream = stream._handle
    if c_size == 0:
        return 0
    with nogil:
        HANDLE_RETURN(cydriver.cuMemcpyAsync(c_dst, c_src, c_size, c_stream))
    return 0


cdef int Buffer_close(Buffer self, object stream) except -1:
    """Close ``self``: free its memory through its resource, or just forget it.

    A buffer whose memory graph nodes share (:func:`Buffer_share`) drops
    only its own share: the memory is freed when the last share goes.
    """
    if self._closed:
        return 0
    if self._exports:
        raise BufferError(
            f"cannot close the buffer while {self._exports} view(s) of it exported through "
            "the buffer protocol are alive"
        )
    # Held until the free is queued: the stream may be closed, or cleared by the
    # garbage collector in a cycle with this buffer, and the driver stream must
    # outlive the free queued on it.
    cdef _StreamHandle owned = self._dealloc_owned
    if stream is not None:
        stream = Stream_accept(stream)
    elif owned is not None and (<Stream>self._dealloc_stream)._owned is not owned:
        # The stream was closed (or cleared) first, and left its driver stream to this free.
        stream = Stream_share(owned, (<Stream>self._dealloc_stream)._device_id)
    else:
        stream = self._dealloc_stream
    cdef _Allocation allocation = self._allocation
    cdef MemoryResource mr = self._memory_resource
    cdef uintptr_t ptr = self._ptr
    cdef size_t size = self._size
    # Forget everything first: a deallocation that fails must not be retried
    # by __dealloc__ on memory the resource may already have taken back.
    self._closed = True
    self._ptr = 0
    self._size = 0
    self._memory_resource = None
    self._owner = None
    self._dealloc_stream = None
    self._dealloc_owned = None
    self._allocation = None
    if allocation is not None:
        Allocation_set_stream(allocation, stream)
        # Only this function holds it now: no graph shares the memory any more.
        if Py_REFCNT(allocation) == 1:
            Allocation_free(allocation)
        return 0
    if mr is not None:
        mr._deallocate(ptr, size, stream)
    return 0


cdef _Allocation Buffer_share(Buffer self):
    """Return the allocation that graph nodes share with ``self``, making it on first use.

    From then on the allocation, not the buffer, frees the memory: when the
    buffer is closed and no node, clone or executable graph holds it any more.
    """
    Buffer_check_open(self)
    if self._allocation is not None:
        return self._allocation
    cdef _Allocation allocation = _Allocation.__new__(_Allocation)
    allocation._ptr = self._ptr
    allocation._size = self._size
    allocation._memory_resource = self._memory_resource
    allocation._owner = self._owner
    allocation._device_id = -1
    Allocation_set_stream(allocation, self._dealloc_stream)
    self._allocation = allocation
    return allocation


cdef int Allocation_set_stream(_Allocation self, object stream) except -1:
    """Make ``stream`` (a :class:`Stream` or ``None``) the one the allocation is freed on."""
    self._dealloc_stream = stream
    self._dealloc_owned = Stream_owned(stream)
    if stream is not None:
        self._device_id = (<Stream>stream)._device_id
    return 0


cdef int Allocation_free(_Allocation self) except -1:
    """Hand the memory back to its resource, in order on the allocation's stream."""
    cdef MemoryResource mr = self._memory_resource
    # Held until the free is queued, as in Buffer_close.
    cdef _StreamHandle owned = self._dealloc_owned
    stream = self._dealloc_stream
    if owned is not None and (<Stream>stream)._owned is not owned:
        stream = Stream_share(owned, self._device_id)
    cdef uintptr_t ptr = self._ptr
    cdef size_t size = self._size
    self._ptr = 0
    self._size = 0
    self._memory_resource = None
    self._owner = None
    self._dealloc_stream = None
    self._dealloc_owned = None
    if mr is not None:
        mr._deallocate(ptr, size, stream)
    return 0


cdef int Buffer_check_host_view(Buffer self) except -1:
    """Raise :class:`BufferError` unless the host can read ``self`` directly."""
    if self._closed:
        raise BufferError("the Buffer is closed; its memory can no longer be used")
    if not self.is_host_accessible:
        raise BufferError(
            "the buffer's memory is not accessible from the host; copy it to a host-accessible "
            "buffer (for example from LegacyPinnedMemoryResource) first"
        )
    return 0


cdef object Buffer_memory_attribute(Buffer self, str name, int index):
    """Return the property ``name`` of the open buffer's memory: its resource's, or the driver's.

    For memory of no resource, the answer is item ``index`` of
    :func:`Buffer_pointer_attributes`.
    """
    Buffer_check_open(self)
    if self._memory_resource is not None:
        return getattr(self._memory_resource, name)
    return Buffer_pointer_attributes(self)[index]


cdef tuple Buffer_pointer_attributes(Buffer self):
    """Ask the driver about the memory of a buffer that has no memory resource.

    Returns ``(device_id, is_device_accessible, is_host_accessible, is_managed)``;
    ``device_id`` is -1 for host memory the driver does not know.
    """
    cdef unsigned int c_memory_type = 0
    cdef int c_is_managed = 0
    cdef int c_device_id = -1
    cdef cydriver.CUpointer_attribute c_attributes[POINTER_ATTRIBUTE_COUNT]
    cdef void* c_values[POINTER_ATTRIBUTE_COUNT]
    c_attributes[0] = cydriver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE
    c_attributes[1] = cydriver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_IS_MANAGED
    c_attributes[2] = cydriver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL
    c_values[0] = &c_memory_type
    c_values[1] = &c_is_managed
    c_values[2] = &c_device_id
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr>self._ptr
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(
            cydriver.cuPointerGetAttributes(POINTER_ATTRIBUTE_COUNT, c_attributes, c_values, c_ptr)
        )
    if c_is_managed:
        return c_device_id, True, True, True
    if c_memory_type == cydriver.CUmemorytype.CU_MEMORYTYPE_HOST:
        return c_device_id, True, True, False
    if c_memory_type == cydriver.CUmemorytype.CU_MEMORYTYPE_DEVICE:
        return c_device_id, True, False, False
    # Memory the driver does not know: ordinary (pageable) host memory.
    return -1, False, True, False


cdef tuple Buffer_dlpack_device(Buffer self):
    """Return ``(device_type, device_id)`` of ``self`` in DLPack's numbering."""
    cdef bint device_ok = self.is_device_accessible
    cdef bint host_ok = self.is_host_accessible
    if device_ok and host_ok:
        return (kDLCUDAManaged if self.is_managed else kDLCUDAHost), 0
    if device_ok:
        return kDLCUDA, self.device_id
    if host_ok:
        return kDLCPU, 0
    raise BufferError("the buffer's memory is accessible from neither the host nor a device")


cdef object Buffer_to_dlpack(Buffer self, object max_version, object dl_device, object copy):
    """Build the DLPack capsule :meth:`Buffer.__dlpack__` returns."""
    Buffer_check_open(self)
    if copy:
        raise BufferError("a Buffer is always exported without a copy; copy=True is not supported")
    device = Buffer_dlpack_device(self)
    if dl_device is not None:
        dl_device = tuple(dl_device)
        if dl_device == (kDLCPU, 0) and self.is_host_accessible:
            device = dl_device
        elif dl_device != device:
            raise BufferError(
                f"the buffer is on DLPack device {device}, not on the requested {dl_device}"
            )
    cdef bint versioned = False
    if max_version is not None:
        if not isinstance(max_version, tuple) or len(max_version) != 2:
            raise TypeError(f"max_version must be a (major, minor) tuple, got {max_version!r}")
        versioned = max_version[0] >= _DLPACK_VERSION[0]
    cdef DLTensor* c_tensor
    cdef void* c_export
    cdef DLPackExport* c_plain
    cdef DLPackVersionedExport* c_versioned
    if versioned:
        c_versioned = <DLPackVersionedExport*>malloc(sizeof(DLPackVersionedExport))
        if c_versioned == NULL:
            raise MemoryError()
        c_versioned.tensor.version.major = _DLPACK_VERSION[0]
        c_versioned.tensor.version.minor = _DLPACK_VERSION[1]
        c_versioned.tensor.manager_ctx = <void*>self
        c_versioned.tensor.deleter = dlpack_versioned_deleter
        c_versioned.tensor.flags = 0
        c_tensor = &c_versioned.tensor.dl_tensor
        c_tensor.shape = &c_versioned.shape
        c_tensor.strides = &c_versioned.stride
        c_export = c_versioned
    else:
        c_plain = <DLPackExport*>malloc(sizeof(DLPackExport))
        if c_plain == NULL:
            raise MemoryError()
        c_plain.tensor.manager_ctx = <void*>self
        c_plain.tensor.deleter = dlpack_deleter
        c_tensor = &c_plain.tensor.dl_tensor
        c_tensor.shape = &c_plain.shape
        c_tensor.strides = &c_plain.stride
        c_export = c_plain
    c_tensor.data = <void*>self._ptr
    c_tensor.device.device_type = device[0]
    c_tensor.device.device_id = device[1]
    c_tensor.ndim = DLPACK_NDIM
    c_tensor.dtype.code = kDLInt
    c_tensor.dtype.bits = DLPACK_BITS_PER_BYTE
    c_tensor.dtype.lanes = 1
    c_tensor.shape[0] = <int64_t>self._size
    c_tensor.strides[0] = 1
    c_tensor.byte_offset = 0
    try:
        capsule = PyCapsule_New(
            c_export,
            DLPACK_VERSIONED_TENSOR_NAME if versioned else DLPACK_TENSOR_NAME,
            dlpack_capsule_destructor,
        )
    except BaseException:
        free(c_export)
        raise
    # The capsule keeps the Buffer object alive until its consumer is done, but
    # not open: close() frees the memory regardless, as upstream's does.
    Py_INCREF(self)
    return capsule


cdef void dlpack_capsule_destructor(object capsule) noexcept:
    """Free a capsule's tensor if no consumer took it (a consumer renames the capsule).

    ``StridedMemoryView.__dlpack__`` gives it to its capsules too.
    """
    cdef DLManagedTensor* c_plain
    cdef DLManagedTensorVersioned* c_versioned
    if PyCapsule_IsValid(capsule, DLPACK_TENSOR_NAME):
        c_plain = <DLManagedTensor*>PyCapsule_GetPointer(capsule, DLPACK_TENSOR_NAME)
        c_plain.deleter(c_plain)
    elif PyCapsule_IsValid(capsule, DLPACK_VERSIONED_TENSOR_NAME):
        c_versioned = <DLManagedTensorVersioned*>PyCapsule_GetPointer(
            capsule, DLPACK_VERSIONED_TENSOR_NAME
        )
        c_versioned.deleter(c_versioned)


cdef void dlpack_deleter(DLManagedTensor* tensor) noexcept with gil:
    """Release an unversioned export: the buffer's reference, then the tensor's memory."""
    cdef Buffer buf = <Buffer>tensor.manager_ctx
    Py_DECREF(buf)
    free(tensor)


cdef void dlpack_versioned_deleter(DLManagedTensorVersioned* tensor) noexcept with gil:
    """Release a versioned export: the buffer's reference, then the tensor's memory."""
    cdef Buffer buf = <Buffer>tensor.manager_ctx
    Py_DECREF(buf)
    free(tensor)
