# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Views of strided arrays that other libraries own, read through their exchange protocols.

A :class:`StridedMemoryView` describes an array (its pointer, shape, strides,
data type and device) that an object exports through DLPack, the CUDA Array
Interface or NumPy's array interface, or that a :class:`~cuda.core.Buffer`
holds in a layout the caller gives, without copying it. It keeps the
exporting object alive, and a DLPack import is released when the view is.
The view exports itself through DLPack in turn.
"""

from __future__ import annotations

from cpython.pycapsule cimport (
    PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New, PyCapsule_SetName
)
from cpython.ref cimport Py_DECREF, Py_INCREF
from libc.stdint cimport int64_t, intptr_t
from libc.stdlib cimport free, malloc
from cuda.bindings cimport cydriver

from cuda.core._dlpack cimport DLDataType, DLManagedTensor, DLManagedTensorVersioned, DLTensor
from cuda.core._memory._buffer cimport Buffer, dlpack_capsule_destructor
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type

import dataclasses
import functools
import math
import operator
import warnings

from cuda.core._stream import Stream

__all__ = ["StridedMemoryView", "args_viewable_as_strided_memory"]

_DLPACK_MAX_VERSION = (1, 3)
"""The newest DLPack version this module asks producers for: the one upstream asks for."""

_DLPACK_EXPORT_VERSION = (1, 0)
"""The DLPack version whose structures :meth:`StridedMemoryView.__dlpack__` exports."""

_NO_SYNC = -1
"""The ``stream_ptr`` that asks for no stream ordering at all."""

_CUDA_ARRAY_INTERFACE_MIN_VERSION = 3
"""The oldest CUDA Array Interface (and NumPy array interface) version read."""

_BITS_PER_BYTE = 8
"""The number of bits in a byte: DLPack gives element sizes in bits."""

# DLPack's device types and data type codes (dlpack.h), named as there.
cdef enum:
    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLCUDAManaged = 13

cdef enum:
    kDLInt = 0
    kDLUInt = 1
    kDLFloat = 2
    kDLBfloat = 4
    kDLComplex = 5
    kDLBool = 6

# The NumPy dtype kinds that DLPack can carry: its code for each, and the sizes
# in bytes it has; other kinds and sizes cannot be exported.
_DLPACK_EXPORT_KINDS = {
    "b": (kDLBool, (1,)),
    "i": (kDLInt, (1, 2, 4, 8)),
    "u": (kDLUInt, (1, 2, 4, 8)),
    "f": (kDLFloat, (2, 4, 8)),
    "c": (kDLComplex, (8, 16)),
}

# The flag of a versioned tensor whose data must not be written.
cdef enum:
    DLPACK_FLAG_BITMASK_READ_ONLY = 1

# Capsule names fixed by the DLPack Python specification: a consumer renames
# the capsule to the "used_" name once it owns the tensor.
cdef const char* DLPACK_TENSOR_NAME = b"dltensor"
cdef const char* DLPACK_VERSIONED_TENSOR_NAME = b"dltensor_versioned"
cdef const char* DLPACK_TENSOR_USED_NAME = b"used_dltensor"
cdef const char* DLPACK_VERSIONED_TENSOR_USED_NAME = b"used_dltensor_versioned"


cdef class StridedMemoryView:
    """Describe a strided array that another object owns, without copying it.

    The view reads the array's pointer, shape, strides, data type and device
    from the object's exchange protocol: DLPack (``__dlpack__`` and
    ``__dlpack_device__``), the CUDA Array Interface v3
    (``__cuda_array_interface__``) or NumPy's array interface v3
    (``__array_interface__``). Create one with :meth:`from_dlpack`,
    :meth:`from_cuda_array_interface`, :meth:`from_array_interface` or
    :meth:`from_any_interface`, or let :func:`args_viewable_as_strided_memory`
    wrap a function's arguments. :meth:`from_buffer` views a
    :class:`~cuda.core.Buffer` with a shape and strides the caller gives,
    and :meth:`view` looks at the same memory with another layout or data
    type. The view exports itself through DLPack in turn.

    The ``stream_ptr`` of those constructors is the address of the
    *consumer* stream, the one that will use the data. For DLPack it is
    handed to ``obj.__dlpack__(stream=...)`` so that the producer orders its
    pending work before that stream; for the CUDA Array Interface the view
    makes the consumer stream wait for the producer's stream itself. Pass
    ``-1`` to ask for no ordering at all. ``None`` is refused for data on a
    device, because it would mean the legacy default stream in DLPack but
    "no ordering" in the CUDA Array Interface.

    Parameters
    ----------
    obj : object, optional
        An object that supports DLPack or the CUDA Array Interface.
        Constructing a view this way, or an empty one, is deprecated: use
        the class methods.
    stream_ptr : int, optional
        The address of the consumer stream, or ``-1``.

    Attributes
    ----------
    ptr : int
        The address of the array's first element.
    device_id : int
        The device that holds the data, or ``-1`` for memory that only the
        host can access.
    is_device_accessible : bool
        Whether a device can access the data.
    readonly : bool
        Whether the data must not be written.
    exporting_obj : object
        The object the view was created from (the buffer, for
        :meth:`from_buffer`); the view keeps it alive.

    Notes
    -----
    The view holds what the producer exported until it is garbage collected;
    it never frees or copies the data itself.
    """

    cdef readonly:
        intptr_t ptr
        int device_id
        bint is_device_accessible
        bint readonly
        object exporting_obj

    # The used DLPack capsule (which owns _dl_tensor) for a DLPack view, the
    # interface dictionary for the other protocols, None for an empty view.
    cdef object _metadata
    cdef DLTensor* _dl_tensor
    cdef tuple _shape
    cdef object _strides
    cdef object _dtype
    cdef bint _layout_known
    # The size of an element in bytes, for a view of a Buffer that was given
    # an item size but no data type; 0 when the data type tells it.
    cdef Py_ssize_t _itemsize

    def __init__(self, obj: object | None = None, stream_ptr: int | None = None) -> None:
        """View ``obj`` (deprecated: use :meth:`from_any_interface` or the other class methods)."""
        if obj is None:
            warnings.warn(
                "constructing an empty StridedMemoryView is deprecated; use "
                "StridedMemoryView.from_dlpack, from_cuda_array_interface or "
                "from_any_interface",
                DeprecationWarning,
                stacklevel=2,
            )
            return
        warnings.warn(
            "constructing a StridedMemoryView from an object is deprecated; use "
            "StridedMemoryView.from_dlpack, from_cuda_array_interface or from_any_interface",
            DeprecationWarning,
            stacklevel=2,
        )
        if has_dlpack(obj):
            StridedMemoryView_from_dlpack(self, obj, stream_ptr)
        else:
            StridedMemoryView_from_cai(self, obj, stream_ptr)

    def __dealloc__(self):
        StridedMemoryView_release(self)

    def __dlpack__(
        self,
        *,
        stream: int | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> object:
        """Export the viewed array as a DLPack capsule, without copying it.

        The capsule keeps this view, and so the memory it views, alive until
        the consumer releases it.

        Parameters
        ----------
        stream : int, optional
            The consumer's stream. It is not waited on: ordering the
            consumer's work after the work that produced the data is the
            caller's responsibility.
        max_version : tuple of int, optional
            The newest DLPack version the consumer understands: ``(1, 0)``
            or newer gets a versioned capsule, which carries
            ``readonly``; ``None`` or an older one the pre-1.0 capsule.
        dl_device : tuple of int, optional
            Only ``None`` is accepted: the data is exported where it is.
        copy : bool, optional
            ``True`` is refused: the data is always exported without a copy.

        Returns
        -------
        object
            A ``dltensor`` or ``dltensor_versioned`` capsule.

        Raises
        ------
        BufferError
            If a device or a copy is requested, ``max_version`` is not a
            pair, or the view has no data type or one that DLPack cannot
            carry (structured, non-native byte order, or a kind other than
            bool, integer, float and complex).
        TypeError
            If ``stream`` is not an int, ``max_version`` or ``dl_device``
            not a tuple, or ``copy`` not a bool.
        ValueError
            If the view is empty (closed, or constructed without an object).
        """
        return StridedMemoryView_to_dlpack(self, stream, max_version, dl_device, copy)

    def __dlpack_device__(self) -> tuple[int, int]:
        """Return the DLPack ``(device_type, device_id)`` of the viewed data.

        Returns
        -------
        tuple of int
            ``(2, device_id)`` for device memory, ``(3, 0)`` or ``(13, 0)``
            for pinned or managed memory, ``(1, 0)`` for host memory.

        Raises
        ------
        BufferError
            If the driver knows the data as accessible from neither the host
            nor a device.
        """
        return StridedMemoryView_dlpack_device(self)

    def __repr__(self) -> str:
        itemsize = StridedMemoryView_itemsize(self)
        indent = " " * len("StridedMemoryView(")
        fields = [
            f"ptr={self.ptr}",
            f"shape={self.shape}",
            f"strides={self.strides}",
            f"itemsize={itemsize}",
            f"dtype={qualified_type_name(self.dtype)}",
            f"device_id={self.device_id}",
            f"is_device_accessible={self.is_device_accessible}",
            f"readonly={self.readonly}",
            f"exporting_obj={qualified_type_name(self.exporting_obj)}",
        ]
        return "StridedMemoryView(" + (",\n" + indent).join(fields) + ")"

    def as_tensor_map(
        self,
        box_dim: tuple[int, ...] | None = None,
        *,
        options: TensorMapDescriptorOptions | None = None,
        element_strides: tuple[int, ...] | None = None,
        data_type: object = None,
        interleave: object = None,
        swizzle: object = None,
        l2_promotion: object = None,
        oob_fill: object = None,
    ) -> object:
        """Encode a tiled tensor map of the viewed array, for the TMA unit of a Hopper or later GPU.

        Give either ``box_dim`` and the other keyword arguments, or all of
        them bundled in ``options``. The context of the device that holds
        the array must be current. Sequences are given, like :attr:`shape`,
        outermost dimension first.

        Parameters
        ----------
        box_dim : tuple[int, ...], optional
            The size of the tile in each dimension, in elements, 1 to 256;
            required without ``options``.
        options : TensorMapDescriptorOptions or dict, optional
            All the options at once.
        element_strides : tuple[int, ...], optional
            The step between the elements the tile takes in each dimension;
            1 (every element) by default.
        data_type : object, optional
            The element type, a NumPy dtype or a :class:`TensorMapDataType`;
            the view's :attr:`dtype` by default.
        interleave : TensorMapInterleave, optional
            The interleaved layout; ``NONE`` by default.
        swizzle : TensorMapSwizzle, optional
            The shared-memory swizzle; ``NONE`` by default.
        l2_promotion : TensorMapL2Promotion, optional
            The L2 promotion; ``NONE`` by default.
        oob_fill : TensorMapOOBFill, optional
            What is read outside the array; ``NONE`` by default.

        Returns
        -------
        TensorMapDescriptor
            The descriptor, which keeps the viewed array alive.

        Raises
        ------
        CUDAError
            If the driver refuses the layout.
        RuntimeError
            If no context is current.
        TypeError
            If both ``options`` and individual arguments are given, neither
            ``options`` nor ``box_dim`` is, or an option has the wrong type.
        ValueError
            If the memory is not device-accessible, not 16-byte aligned, or
            on another device than the current one, or the rank (1 to 5),
            tile, strides or element type cannot be encoded.
        """
        from cuda.core._tensor_map import _tiled_descriptor

        return _tiled_descriptor(
            self, box_dim, options, element_strides, data_type, interleave, swizzle, l2_promotion, oob_fill
        )

    def close(self) -> None:
        """Release what the producer exported, and make the view empty.

        A view made through DLPack owns the producer's export until it is
        closed or garbage collected; closing it lets the producer free its
        side now. Closing twice does nothing.
        """
        StridedMemoryView_release(self)

    def copy_from(
        self,
        other: StridedMemoryView,
        stream: Stream,
        allocator: object = None,
        blocking: bool | None = None,
    ) -> None:
        """Copy the data of another view into this one (not supported yet).

        Upstream ``cuda.core`` 1.2.2 declares this method but does not
        implement it; neither does this implementation, so that code
        written against one behaves the same on the other.

        Parameters
        ----------
        other : StridedMemoryView
            The view to copy from.
        stream : Stream
            The stream the copy would be ordered on.
        allocator : MemoryResource, optional
            Where temporary buffers would be allocated.
        blocking : bool, optional
            Whether the call would wait for the copy to finish.

        Raises
        ------
        NotImplementedError
            Always, once ``other`` is a view.
        TypeError
            If ``other`` is not a :class:`StridedMemoryView`, in Cython's
            words: ``Argument 'other' has incorrect type (expected
            cuda.core._memoryview.StridedMemoryView, got int)``.
        """
        StridedMemoryView_check_copy_peer(other)
        raise NotImplementedError("StridedMemoryView.copy_from is not supported yet, as upstream")

    def copy_to(
        self,
        other: StridedMemoryView,
        stream: Stream | None = None,
        allocator: object = None,
        blocking: bool | None = None,
    ) -> None:
        """Copy the data of this view into another one (not supported yet).

        See :meth:`copy_from`.

        Parameters
        ----------
        other : StridedMemoryView
            The view to copy to.
        stream : Stream, optional
            The stream the copy would be ordered on.
        allocator : MemoryResource, optional
            Where temporary buffers would be allocated.
        blocking : bool, optional
            Whether the call would wait for the copy to finish.

        Raises
        ------
        NotImplementedError
            Always, once ``other`` is a view.
        TypeError
            If ``other`` is not a :class:`StridedMemoryView`, in Cython's
            words: ``Argument 'other' has incorrect type (expected
            cuda.core._memoryview.StridedMemoryView, got int)``.
        """
        StridedMemoryView_check_copy_peer(other)
        raise NotImplementedError("StridedMemoryView.copy_to is not supported yet, as upstream")

    @classmethod
    def from_dlpack(cls, obj: object, stream_ptr: int | None = None) -> StridedMemoryView:
        """Create a view of an object that exports itself through DLPack.

        Parameters
        ----------
        obj : object
            An object with ``__dlpack__`` and ``__dlpack_device__``.
        stream_ptr : int, optional
            The address of the consumer stream, handed to
            ``obj.__dlpack__(stream=...)``, or ``-1`` for no ordering.
            Required unless the data is pinned or managed host memory.

        Returns
        -------
        StridedMemoryView
            The view; it takes over the producer's export.

        Raises
        ------
        BufferError
            If ``stream_ptr`` is None for data on the host or a device, or
            if the data is on a device type other than the CPU or CUDA.
        TypeError
            If ``stream_ptr`` is neither an int nor None.
        """
        cdef StridedMemoryView view = cls.__new__(cls)
        StridedMemoryView_from_dlpack(view, obj, stream_ptr)
        return view

    @classmethod
    def from_cuda_array_interface(cls, obj: object, stream_ptr: int | None = None) -> StridedMemoryView:
        """Create a view of an object that exports the CUDA Array Interface (v3).

        Parameters
        ----------
        obj : object
            An object with ``__cuda_array_interface__``.
        stream_ptr : int, optional
            The address of the consumer stream, which is made to wait for
            the producer's stream, or ``-1`` for no ordering. Required.

        Returns
        -------
        StridedMemoryView
            The view.

        Raises
        ------
        BufferError
            If the interface is older than v3, has a mask, or
            ``stream_ptr`` is None.
        CUDAError
            If the driver cannot tell the device of the data or order the
            streams.
        TypeError
            If ``stream_ptr`` is neither an int nor None.
        """
        cdef StridedMemoryView view = cls.__new__(cls)
        StridedMemoryView_from_cai(view, obj, stream_ptr)
        return view

    @classmethod
    def from_array_interface(cls, obj: object) -> StridedMemoryView:
        """Create a view of an object that exports NumPy's array interface (v3).

        The data is host memory; the view's ``device_id`` is that of the
        current context, as upstream sets it.

        Parameters
        ----------
        obj : object
            An object with ``__array_interface__``, such as a NumPy array.

        Returns
        -------
        StridedMemoryView
            The view.

        Raises
        ------
        BufferError
            If the interface is older than v3 or has a mask.
        CUDAError
            If there is no current context.
        """
        cdef StridedMemoryView view = cls.__new__(cls)
        StridedMemoryView_from_array_interface(view, obj)
        return view

    @classmethod
    def from_any_interface(cls, obj: object, stream_ptr: int | None = None) -> StridedMemoryView:
        """Create a view through DLPack if ``obj`` supports it, else the CUDA Array Interface.

        Parameters
        ----------
        obj : object
            An object that supports DLPack or the CUDA Array Interface.
        stream_ptr : int, optional
            The address of the consumer stream, or ``-1`` for no ordering.

        Returns
        -------
        StridedMemoryView
            The view.

        Raises
        ------
        BufferError
            If ``obj`` supports neither protocol, or as :meth:`from_dlpack`
            and :meth:`from_cuda_array_interface` raise.
        """
        if has_dlpack(obj):
            return cls.from_dlpack(obj, stream_ptr)
        return cls.from_cuda_array_interface(obj, stream_ptr)

    @classmethod
    def from_buffer(
        cls,
        buffer: Buffer,
        shape: tuple[int, ...],
        strides: tuple[int, ...] | None = None,
        *,
        itemsize: int | None = None,
        dtype: object = None,
        is_readonly: bool = False,
    ) -> StridedMemoryView:
        """Create a view of a :class:`~cuda.core.Buffer` with the given shape and strides.

        Nothing is synchronized: the caller orders the work that writes the
        buffer before the work that reads the view.

        Parameters
        ----------
        buffer : Buffer
            The memory to view, from a memory resource or from
            :meth:`Buffer.from_handle <cuda.core.Buffer.from_handle>`; the
            view keeps it alive.
        shape : tuple of int
            The length of each dimension.
        strides : tuple of int, optional
            The step between elements of each dimension, in elements; C
            order (and :attr:`strides` None) by default.
        itemsize : int, optional
            The size of an element in bytes; required without ``dtype``.
        dtype : numpy.dtype, optional
            The data type of the elements; required without ``itemsize``,
            and its size must equal ``itemsize`` when both are given.
        is_readonly : bool, optional
            Whether the view's data must not be written.

        Returns
        -------
        StridedMemoryView
            The view, with the buffer's device and accessibility.

        Raises
        ------
        TypeError
            If ``buffer`` is not a :class:`~cuda.core.Buffer`, or ``shape``
            or ``strides`` not a tuple of ints.
        ValueError
            If neither or mismatched ``itemsize`` and ``dtype`` are given,
            an extent is negative, ``strides`` has another length than
            ``shape``, or the layout reaches outside a buffer that a memory
            resource allocated (or before its start, through negative
            strides).
        """
        if not isinstance(buffer, Buffer):
            raise TypeError(f"buffer must be a Buffer, got {type(buffer).__name__}")
        if itemsize is None and dtype is None:
            raise ValueError("Either itemsize or dtype must be specified")
        if dtype is not None:
            import numpy

            dtype = numpy.dtype(dtype)
            if itemsize is not None and itemsize != dtype.itemsize:
                raise ValueError(
                    f"itemsize ({itemsize}) does not match dtype.itemsize ({dtype.itemsize})"
                )
            itemsize = dtype.itemsize
        cdef StridedMemoryView view = cls.__new__(cls)
        StridedMemoryView_view_buffer(
            view, <Buffer>buffer, shape, strides, itemsize, dtype, 0, is_readonly
        )
        return view

    def view(self, layout: object = None, dtype: object = None) -> StridedMemoryView:
        """Return a view of the same memory with another layout, data type or both.

        It is :meth:`from_buffer` applied to the memory this view reads: the
        exporting :class:`~cuda.core.Buffer`, or the exporting object
        wrapped in a buffer that does not own it. The new view keeps
        ``readonly``.

        Parameters
        ----------
        layout : object, optional
            The new layout: an object with ``shape``, ``strides`` (in
            elements, or None for C order) and ``itemsize`` attributes, and
            optionally ``slice_offset`` (in elements), such as another view's
            ``_layout``. This view's layout by default.
        dtype : numpy.dtype, optional
            The new data type, of the layout's item size; this view's by
            default.

        Returns
        -------
        StridedMemoryView
            The new view, or this one (even empty) when neither argument
            is given.

        Raises
        ------
        TypeError
            If ``layout`` lacks a layout's attributes.
        ValueError
            If the view is empty, the data type's size differs from the
            layout's item size, or the layout reaches outside an allocated
            buffer.
        """
        return StridedMemoryView_view(self, layout, dtype)

    @property
    def size(self) -> int:
        """The number of elements, the product of :attr:`shape`."""
        return math.prod(self.shape)

    @property
    def shape(self) -> tuple[int, ...]:
        """The length of each dimension.

        Raises
        ------
        ValueError
            If the view is empty (constructed without an object).
        """
        StridedMemoryView_read_layout(self)
        return self._shape

    @property
    def strides(self) -> tuple[int, ...] | None:
        """The step between elements of each dimension, in elements (not bytes).

        None when the exporter gave no strides, which both protocols use to
        mean a C-contiguous array; strides that an exporter gives are
        returned as given, contiguous or not.

        Raises
        ------
        ValueError
            If the view is empty (constructed without an object).
        """
        StridedMemoryView_read_layout(self)
        return self._strides

    @property
    def dtype(self) -> object:
        """The data type of the elements (a ``numpy.dtype``); None for an empty view.

        Raises
        ------
        NotImplementedError
            For vector types, and for ``bfloat16`` unless ``ml_dtypes`` is
            installed.
        TypeError
            For a DLPack type with no NumPy equivalent.
        """
        if self._dtype is None and self._metadata is not None:
            if self._dl_tensor != NULL:
                self._dtype = dtype_from_dlpack(self._dl_tensor.dtype)
            else:
                self._dtype = _dtype_from_typestr(self._metadata["typestr"])
        return self._dtype

    @property
    def _layout(self) -> _StridedLayout:
        """The shape, strides and item size of the view, as :meth:`view` takes a layout.

        Raises
        ------
        ValueError
            If the view is empty (closed, or constructed without an object).
        """
        StridedMemoryView_read_layout(self)
        return _StridedLayout(self._shape, self._strides, StridedMemoryView_itemsize(self))


cdef class _StridedMemoryViewProxy:
    """Stand in for an argument of a function wrapped by :func:`args_viewable_as_strided_memory`.

    Parameters
    ----------
    obj : object
        The argument, an object that supports DLPack or the CUDA Array
        Interface.

    Attributes
    ----------
    obj : object
        The argument.
    has_dlpack : bool
        Whether :meth:`view` reads it through DLPack (else through the CUDA
        Array Interface).

    Raises
    ------
    BufferError
        If ``obj`` supports neither protocol.
    """

    cdef readonly:
        object obj
        bint has_dlpack

    def __init__(self, obj: object) -> None:
        self.obj = obj
        self.has_dlpack = has_dlpack(obj)

    def view(self, stream_ptr: int | None = None) -> StridedMemoryView:
        """Return a :class:`StridedMemoryView` of the argument.

        Parameters
        ----------
        stream_ptr : int, optional
            The address of the consumer stream, or ``-1`` for no ordering.

        Returns
        -------
        StridedMemoryView
            The view, as :meth:`StridedMemoryView.from_dlpack` or
            :meth:`StridedMemoryView.from_cuda_array_interface` makes it.
        """
        if self.has_dlpack:
            return StridedMemoryView.from_dlpack(self.obj, stream_ptr)
        return StridedMemoryView.from_cuda_array_interface(self.obj, stream_ptr)


@dataclasses.dataclass(frozen=True)
class _StridedLayout:
    """The layout of a strided array, as :meth:`StridedMemoryView.view` reads it.

    Parameters
    ----------
    shape : tuple of int
        The length of each dimension.
    strides : tuple of int or None
        The step between elements of each dimension, in elements; None for C
        order.
    itemsize : int
        The size of an element in bytes.
    slice_offset : int, optional
        The position of the first element after the start of the memory, in
        elements.
    """

    shape: tuple[int, ...]
    strides: tuple[int, ...] | None
    itemsize: int
    slice_offset: int = 0


def args_viewable_as_strided_memory(arg_indices: tuple[int, ...]) -> object:
    """Return a decorator that replaces positional arguments with proxies to strided views.

    Inside the decorated function the arguments at ``arg_indices`` are
    proxies whose ``view(stream_ptr)`` method returns a
    :class:`StridedMemoryView` of the original argument, so that its body
    can read any array that supports DLPack or the CUDA Array Interface::

        @args_viewable_as_strided_memory((0,))
        def total(data, stream):
            view = data.view(stream.handle)
            ...

    Parameters
    ----------
    arg_indices : tuple of int
        The positions of the arguments to replace.

    Returns
    -------
    callable
        The decorator.

    Raises
    ------
    TypeError
        If ``arg_indices`` is not a tuple.
    """
    if not isinstance(arg_indices, tuple):
        raise TypeError(f"arg_indices must be a tuple of ints, got {type(arg_indices).__name__}")

    def decorate(func):
        @functools.wraps(func)
        def with_views(*args, **kwargs):
            args = list(args)
            for index in arg_indices:
                args[index] = _StridedMemoryViewProxy(args[index])
            return func(*args, **kwargs)

        return with_views

    return decorate


cdef bint has_dlpack(object obj) except -1:
    """Return whether ``obj`` is read through DLPack (True) or the CUDA Array Interface (False)."""
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        return True
    if hasattr(obj, "__cuda_array_interface__"):
        return False
    raise BufferError("the input object does not support any data exchange protocol")


cdef int check_stream_ptr(object stream_ptr) except -1:
    """Refuse a ``stream_ptr`` that is neither ``None`` nor an integer, naming it."""
    if stream_ptr is not None and not hasattr(stream_ptr, "__index__"):
        raise TypeError(f"stream_ptr must be an int or None, got {type(stream_ptr).__name__}")
    return 0


cdef int StridedMemoryView_from_dlpack(StridedMemoryView self, object obj, object stream_ptr) except -1:
    """Fill ``self`` from ``obj.__dlpack__``, handing the consumer stream to the producer."""
    check_stream_ptr(stream_ptr)
    device_type, device_id = obj.__dlpack_device__()
    is_device_accessible = True
    if device_type == kDLCPU:
        device_id = -1
        is_device_accessible = False
        if stream_ptr is None:
            raise BufferError("stream=None is ambiguous with view()")
        if stream_ptr == _NO_SYNC:
            stream_ptr = None
    elif device_type == kDLCUDA:
        if stream_ptr is None:
            raise BufferError("stream=None is ambiguous with view()")
    elif device_type not in (kDLCUDAHost, kDLCUDAManaged):
        raise BufferError(f"DLPack device type {device_type} is not supported")
    # Stream 0 is not a valid DLPack stream for CUDA: upstream sends None instead.
    stream = int(stream_ptr) if stream_ptr else None
    try:
        capsule = obj.__dlpack__(stream=stream, max_version=_DLPACK_MAX_VERSION)
    except TypeError:
        # A producer older than DLPack 1.0 takes no max_version.
        capsule = obj.__dlpack__(stream=stream)

    cdef DLTensor* c_tensor
    cdef bint readonly = False
    if PyCapsule_IsValid(capsule, DLPACK_VERSIONED_TENSOR_NAME):
        c_versioned = <DLManagedTensorVersioned*>PyCapsule_GetPointer(
            capsule, DLPACK_VERSIONED_TENSOR_NAME
        )
        c_tensor = &c_versioned.dl_tensor
        readonly = (c_versioned.flags & DLPACK_FLAG_BITMASK_READ_ONLY) != 0
        PyCapsule_SetName(capsule, DLPACK_VERSIONED_TENSOR_USED_NAME)
    elif PyCapsule_IsValid(capsule, DLPACK_TENSOR_NAME):
        c_plain = <DLManagedTensor*>PyCapsule_GetPointer(capsule, DLPACK_TENSOR_NAME)
        c_tensor = &c_plain.dl_tensor
        PyCapsule_SetName(capsule, DLPACK_TENSOR_USED_NAME)
    else:
        raise BufferError("__dlpack__ returned no unused DLPack capsule")
    self._metadata = capsule
    self._dl_tensor = c_tensor
    self.ptr = <intptr_t>c_tensor.data + <intptr_t>c_tensor.byte_offset
    self.device_id = device_id
    self.is_device_accessible = is_device_accessible
    self.readonly = readonly
    self.exporting_obj = obj
    return 0


cdef int StridedMemoryView_from_cai(StridedMemoryView self, object obj, object stream_ptr) except -1:
    """Fill ``self`` from ``obj.__cuda_array_interface__``, the consumer stream after the producer's."""
    check_stream_ptr(stream_ptr)
    cdef dict interface = obj.__cuda_array_interface__
    check_interface(interface, "CUDA Array Interface")
    if stream_ptr is None:
        raise BufferError("stream=None is ambiguous with view()")
    self.exporting_obj = obj
    self._metadata = interface
    self.ptr, self.readonly = interface["data"]
    self.is_device_accessible = True
    cdef int c_device_id
    cdef cydriver.CUdeviceptr c_ptr = <cydriver.CUdeviceptr>self.ptr
    with nogil:
        if c_ptr != 0:
            HANDLE_RETURN(cydriver.cuPointerGetAttribute(
                &c_device_id, cydriver.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, c_ptr
            ))
        else:
            HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device_id))
    self.device_id = c_device_id

    producer = interface.get("stream")
    consumer = int(stream_ptr)
    if consumer == _NO_SYNC or producer is None or int(producer) == consumer:
        return 0
    cdef cydriver.CUstream c_producer = <cydriver.CUstream><intptr_t>int(producer)
    cdef cydriver.CUstream c_consumer = <cydriver.CUstream><intptr_t>consumer
    cdef cydriver.CUevent c_event
    with nogil:
        HANDLE_RETURN(cydriver.cuEventCreate(&c_event, cydriver.CU_EVENT_DISABLE_TIMING))
    try:
        with nogil:
            HANDLE_RETURN(cydriver.cuEventRecord(c_event, c_producer))
            HANDLE_RETURN(cydriver.cuStreamWaitEvent(c_consumer, c_event, 0))
    finally:
        # The wait holds on to the recorded work; the event itself can go now.
        with nogil:
            HANDLE_RETURN(cydriver.cuEventDestroy(c_event))
    return 0


cdef int StridedMemoryView_from_array_interface(StridedMemoryView self, object obj) except -1:
    """Fill ``self`` from ``obj.__array_interface__``."""
    cdef dict interface = obj.__array_interface__
    check_interface(interface, "NumPy Array Interface")
    self.exporting_obj = obj
    self._metadata = interface
    self.ptr, self.readonly = interface["data"]
    self.is_device_accessible = False
    cdef int c_device_id
    with nogil:
        HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device_id))
    self.device_id = c_device_id
    return 0


cdef int check_interface(dict interface, str protocol) except -1:
    """Raise BufferError for an array interface dictionary this module cannot read."""
    if interface["version"] < _CUDA_ARRAY_INTERFACE_MIN_VERSION:
        raise BufferError(
            f"only {protocol} v{_CUDA_ARRAY_INTERFACE_MIN_VERSION} or above is supported, "
            f"got v{interface['version']}"
        )
    if interface.get("mask") is not None:
        raise BufferError(f"mask is not supported ({protocol} with a mask)")
    return 0


cdef int StridedMemoryView_release(StridedMemoryView self) except -1:
    """Hand a DLPack export back to its producer, once, and empty ``self``."""
    cdef DLManagedTensor* c_plain
    cdef DLManagedTensorVersioned* c_versioned
    if self._dl_tensor != NULL:
        self._dl_tensor = NULL
        if PyCapsule_IsValid(self._metadata, DLPACK_VERSIONED_TENSOR_USED_NAME):
            c_versioned = <DLManagedTensorVersioned*>PyCapsule_GetPointer(
                self._metadata, DLPACK_VERSIONED_TENSOR_USED_NAME
            )
            if c_versioned.deleter != NULL:
                c_versioned.deleter(c_versioned)
        elif PyCapsule_IsValid(self._metadata, DLPACK_TENSOR_USED_NAME):
            c_plain = <DLManagedTensor*>PyCapsule_GetPointer(self._metadata, DLPACK_TENSOR_USED_NAME)
            if c_plain.deleter != NULL:
                c_plain.deleter(c_plain)
    self._metadata = None
    self._layout_known = False
    self._shape = None
    self._strides = None
    self._dtype = None
    self._itemsize = 0
    self.ptr = 0
    self.exporting_obj = None
    return 0


cdef int StridedMemoryView_read_layout(StridedMemoryView self) except -1:
    """Read the shape and strides (in elements) of ``self`` once, from its protocol."""
    cdef int i
    if self._layout_known:
        return 0
    if self._dl_tensor != NULL:
        self._shape = tuple([self._dl_tensor.shape[i] for i in range(self._dl_tensor.ndim)])
        if self._dl_tensor.strides == NULL:
            self._strides = None
        else:
            self._strides = tuple([self._dl_tensor.strides[i] for i in range(self._dl_tensor.ndim)])
    elif self._metadata is not None:
        self._shape = tuple(self._metadata["shape"])
        byte_strides = self._metadata.get("strides")
        if byte_strides is None:
            self._strides = None
        else:
            itemsize = _dtype_from_typestr(self._metadata["typestr"]).itemsize
            self._strides = tuple([stride // itemsize for stride in byte_strides])
    else:
        raise ValueError("Cannot infer layout from the exporting object: the view is empty")
    self._layout_known = True
    return 0


cdef tuple StridedMemoryView_dlpack_device(StridedMemoryView self):
    """Return the DLPack ``(device_type, device_id)`` of the data ``self`` views."""
    if self._dl_tensor != NULL:
        device_type = self._dl_tensor.device.device_type
        return device_type, (self._dl_tensor.device.device_id if device_type == kDLCUDA else 0)
    if not self.is_device_accessible:
        return kDLCPU, 0
    buffer = StridedMemoryView_buffer(self)
    if buffer.is_device_accessible and buffer.is_host_accessible:
        return kDLCUDAHost, 0
    if buffer.is_device_accessible:
        return kDLCUDA, buffer.device_id
    if buffer.is_host_accessible:
        return kDLCPU, 0
    raise BufferError("the viewed memory is accessible from neither the host nor a device")


cdef Buffer StridedMemoryView_buffer(StridedMemoryView self):
    """Return the buffer ``self`` views: the exporting Buffer, else one that borrows the memory."""
    if isinstance(self.exporting_obj, Buffer):
        return <Buffer>self.exporting_obj
    return Buffer.from_handle(self.ptr, 0, owner=self.exporting_obj)


cdef object StridedMemoryView_itemsize(StridedMemoryView self):
    """Return the size of an element in bytes: the one given to from_buffer, else the dtype's."""
    if self._itemsize:
        return self._itemsize
    dtype = self.dtype
    return None if dtype is None else dtype.itemsize


cdef int StridedMemoryView_check_copy_peer(object other) except -1:
    """Refuse, with TypeError, a ``copy_from``/``copy_to`` peer that is not a view."""
    return check_argument_type(other, StridedMemoryView, "other")


cdef StridedMemoryView StridedMemoryView_view(StridedMemoryView self, object layout, object dtype):
    """Return the view :meth:`StridedMemoryView.view` makes: ``self`` when nothing changes."""
    if layout is None and dtype is None:
        return self
    StridedMemoryView_read_layout(self)
    cdef Buffer buffer = StridedMemoryView_buffer(self)
    if layout is None:
        shape, strides, itemsize = self._shape, self._strides, StridedMemoryView_itemsize(self)
        offset = self.ptr - buffer._ptr
    else:
        try:
            shape, strides, itemsize = layout.shape, layout.strides, layout.itemsize
        except AttributeError:
            raise TypeError(
                "layout must have shape, strides and itemsize attributes, "
                f"got {type(layout).__name__}"
            ) from None
        offset = getattr(layout, "slice_offset", 0) * itemsize
    if dtype is None:
        dtype = self.dtype
    else:
        import numpy

        dtype = numpy.dtype(dtype)
    if dtype is not None and dtype.itemsize != itemsize:
        raise ValueError(
            f"The dtype's itemsize ({dtype.itemsize}) does not match "
            f"the layout's itemsize ({itemsize})."
        )
    cdef StridedMemoryView view = type(self).__new__(type(self))
    StridedMemoryView_view_buffer(
        view, buffer, shape, strides, itemsize, dtype, offset, self.readonly
    )
    return view


cdef int StridedMemoryView_view_buffer(
    StridedMemoryView self,
    Buffer buffer,
    object shape,
    object strides,
    object itemsize,
    object dtype,
    object offset,
    bint readonly,
) except -1:
    """Fill ``self`` with a view of ``buffer`` from ``offset`` bytes on, checking that it fits.

    Only a buffer that a memory resource allocated has a size to check
    against; a borrowed one (size 0 for an exporter's memory) is trusted.
    """
    shape, strides, itemsize = checked_layout(shape, strides, itemsize)
    if buffer._memory_resource is not None:
        required = layout_extent(shape, strides, itemsize, offset)
        if required > buffer._size:
            raise ValueError(
                "Buffer size is too small for the layout. "
                f"Expected at least {required} bytes, got {buffer._size} bytes."
            )
    device_id = buffer.device_id
    is_device_accessible = buffer.is_device_accessible
    StridedMemoryView_release(self)
    self.ptr = <intptr_t>(buffer._ptr + offset)
    self.device_id = device_id
    self.is_device_accessible = is_device_accessible
    self.readonly = readonly
    self.exporting_obj = buffer
    self._shape = shape
    self._strides = strides
    self._itemsize = itemsize
    self._dtype = dtype
    self._layout_known = True
    return 0


cdef tuple checked_layout(object shape, object strides, object itemsize):
    """Return ``(shape, strides, itemsize)`` as ints, refusing what no layout can be."""
    if not isinstance(shape, tuple):
        raise TypeError(f"shape must be a tuple of ints, got {type(shape).__name__}")
    shape = tuple([operator.index(extent) for extent in shape])
    if any(extent < 0 for extent in shape):
        raise ValueError(f"Extents must be non-negative, got shape {shape}")
    if strides is not None:
        if not isinstance(strides, tuple):
            raise TypeError(
                f"strides must be a tuple of ints or None, got {type(strides).__name__}"
            )
        strides = tuple([operator.index(stride) for stride in strides])
        if len(strides) != len(shape):
            raise ValueError(
                f"strides must have one entry per dimension: shape {shape} has {len(shape)}, "
                f"strides {strides} has {len(strides)}"
            )
    itemsize = operator.index(itemsize)
    if itemsize <= 0:
        raise ValueError(f"itemsize must be positive, got {itemsize}")
    return shape, strides, itemsize


cdef object layout_extent(tuple shape, object strides, object itemsize, object offset):
    """Return how many bytes from its start a buffer needs to hold a layout.

    Raises ValueError for a layout whose negative strides reach before the
    start, where the size needed depends on where the data begins.
    """
    if 0 in shape:
        return 0
    if strides is None:
        return offset + math.prod(shape) * itemsize
    lowest = sum([(extent - 1) * stride for extent, stride in zip(shape, strides) if stride < 0])
    highest = sum([(extent - 1) * stride for extent, stride in zip(shape, strides) if stride > 0])
    if offset + lowest * itemsize < 0:
        raise ValueError(
            "Allocation size for a layout that maps elements to negative memory offsets is "
            f"ambiguous: strides {strides} reach {lowest} elements before the start."
        )
    return offset + (highest + 1) * itemsize


cdef tuple c_order_strides(tuple shape):
    """Return the strides, in elements, of a C-contiguous array of ``shape``."""
    strides = []
    step = 1
    for extent in reversed(shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides))


cdef object StridedMemoryView_to_dlpack(
    StridedMemoryView self, object stream, object max_version, object dl_device, object copy
):
    """Build the DLPack capsule :meth:`StridedMemoryView.__dlpack__` returns."""
    if stream is not None and not isinstance(stream, int):
        raise TypeError(f"stream must be an int or None, got {type(stream).__name__}")
    if max_version is not None and not isinstance(max_version, tuple):
        raise TypeError(f"max_version must be a tuple or None, got {type(max_version).__name__}")
    if dl_device is not None and not isinstance(dl_device, tuple):
        raise TypeError(f"dl_device must be a tuple or None, got {type(dl_device).__name__}")
    if copy is not None and not isinstance(copy, bool):
        raise TypeError(f"copy must be a bool or None, got {type(copy).__name__}")
    if dl_device is not None:
        raise BufferError(
            f"the view is exported where its data is; dl_device={dl_device} is not supported"
        )
    if copy:
        raise BufferError("the view is always exported without a copy; copy=True is not supported")
    cdef bint versioned = False
    if max_version is not None:
        if len(max_version) != 2:
            raise BufferError(f"max_version must be a (major, minor) pair, got {max_version}")
        versioned = max_version >= _DLPACK_EXPORT_VERSION
    StridedMemoryView_read_layout(self)
    cdef DLDataType c_dtype
    dlpack_data_type(self.dtype, &c_dtype)
    device_type, device_id = StridedMemoryView_dlpack_device(self)
    shape = self._shape
    strides = c_order_strides(shape) if self._strides is None else self._strides
    cdef int i
    cdef int ndim = len(shape)
    cdef int64_t* c_layout = NULL
    if ndim:
        # The shape, then the strides: DLPack 1.2 wants strides given, even for C order.
        c_layout = <int64_t*>malloc(2 * ndim * sizeof(int64_t))
        if c_layout == NULL:
            raise MemoryError()
        for i in range(ndim):
            c_layout[i] = shape[i]
            c_layout[ndim + i] = strides[i]
    cdef DLManagedTensor* c_plain = NULL
    cdef DLManagedTensorVersioned* c_versioned = NULL
    cdef DLTensor* c_tensor
    cdef void* c_export
    if versioned:
        c_versioned = <DLManagedTensorVersioned*>malloc(sizeof(DLManagedTensorVersioned))
        c_export = c_versioned
    else:
        c_plain = <DLManagedTensor*>malloc(sizeof(DLManagedTensor))
        c_export = c_plain
    if c_export == NULL:
        free(c_layout)
        raise MemoryError()
    if versioned:
        c_versioned.version.major = _DLPACK_EXPORT_VERSION[0]
        c_versioned.version.minor = _DLPACK_EXPORT_VERSION[1]
        c_versioned.manager_ctx = <void*>self
        c_versioned.deleter = view_export_versioned_deleter
        c_versioned.flags = DLPACK_FLAG_BITMASK_READ_ONLY if self.readonly else 0
        c_tensor = &c_versioned.dl_tensor
    else:
        c_plain.manager_ctx = <void*>self
        c_plain.deleter = view_export_deleter
        c_tensor = &c_plain.dl_tensor
    c_tensor.data = NULL if 0 in shape else <void*>self.ptr
    c_tensor.device.device_type = device_type
    c_tensor.device.device_id = device_id
    c_tensor.ndim = ndim
    c_tensor.dtype = c_dtype
    c_tensor.shape = c_layout
    c_tensor.strides = NULL
    if ndim:
        c_tensor.strides = c_layout + ndim
    c_tensor.byte_offset = 0
    try:
        capsule = PyCapsule_New(
            c_export,
            DLPACK_VERSIONED_TENSOR_NAME if versioned else DLPACK_TENSOR_NAME,
            dlpack_capsule_destructor,
        )
    except BaseException:
        free(c_layout)
        free(c_export)
        raise
    # The capsule keeps the view, and through it the exporter, alive until consumed and released.
    Py_INCREF(self)
    return capsule


cdef int dlpack_data_type(object dtype, DLDataType* c_dtype) except -1:
    """Store the DLPack data type of a NumPy dtype; BufferError for one DLPack cannot carry."""
    if dtype is None:
        raise BufferError(
            "Cannot export StridedMemoryView via DLPack without dtype information; "
            "create the view with dtype specified."
        )
    if dtype.fields is not None:
        raise BufferError(f"structured data type {dtype} cannot be exported through DLPack")
    if not dtype.isnative:
        raise BufferError(
            f"data type {dtype} of non-native byte order cannot be exported through DLPack"
        )
    entry = _DLPACK_EXPORT_KINDS.get(dtype.kind)
    if entry is None or dtype.itemsize not in entry[1]:
        raise BufferError(f"Unsupported dtype for DLPack export: {dtype}")
    c_dtype.code = entry[0]
    c_dtype.bits = dtype.itemsize * _BITS_PER_BYTE
    c_dtype.lanes = 1
    return 0


cdef void view_export_deleter(DLManagedTensor* tensor) noexcept with gil:
    """Release an unversioned export: the view's reference, the shape and strides, the tensor."""
    cdef StridedMemoryView view = <StridedMemoryView>tensor.manager_ctx
    free(tensor.dl_tensor.shape)
    free(tensor)
    Py_DECREF(view)


cdef void view_export_versioned_deleter(DLManagedTensorVersioned* tensor) noexcept with gil:
    """Release a versioned export: the view's reference, the shape and strides, the tensor."""
    cdef StridedMemoryView view = <StridedMemoryView>tensor.manager_ctx
    free(tensor.dl_tensor.shape)
    free(tensor)
    Py_DECREF(view)


@functools.lru_cache
def _dtype_from_typestr(typestr: str) -> object:
    """Return the NumPy dtype of an array interface's ``typestr``, cached."""
    import numpy

    return numpy.dtype(typestr)


cdef object dtype_from_dlpack(DLDataType c_dtype):
    """Return the NumPy dtype of a DLPack data type."""
    import numpy

    if c_dtype.lanes != 1:
        raise NotImplementedError(f"vector data types (lanes={c_dtype.lanes}) are not supported")
    cdef int bits = c_dtype.bits
    if c_dtype.code == kDLBfloat:
        if bits != 16:
            raise TypeError(f"bfloat{bits} is not supported")
        try:
            import ml_dtypes
        except ImportError:
            raise NotImplementedError("bfloat16 data needs the ml_dtypes package") from None
        return numpy.dtype(ml_dtypes.bfloat16)
    kinds = {kDLInt: "i", kDLUInt: "u", kDLFloat: "f", kDLComplex: "c", kDLBool: "b"}
    supported = {
        "i": (8, 16, 32, 64),
        "u": (8, 16, 32, 64),
        "f": (16, 32, 64),
        "c": (64, 128),
        "b": (8,),
    }
    kind = kinds.get(c_dtype.code)
    if kind is None:
        raise TypeError(f"DLPack data type code {c_dtype.code} is not supported")
    if bits not in supported[kind]:
        raise TypeError(f"DLPack data type code {c_dtype.code} with {bits} bits is not supported")
    return numpy.dtype(f"{kind}{bits // _BITS_PER_BYTE}")


cdef str qualified_type_name(object obj):
    """Return ``module.Name`` of ``obj``'s type (or of ``obj`` if it is a type), no module for builtins."""
    cls = obj if isinstance(obj, type) else type(obj)
    if cls.__module__ in (None, "builtins"):
        return cls.__name__
    return f"{cls.__module__}.{cls.__name__}"
