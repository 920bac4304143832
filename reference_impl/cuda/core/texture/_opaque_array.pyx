# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA arrays: device memory laid out by the driver for texture and surface access.

An :class:`OpaqueArray` owns a ``CUarray``, a 1D, 2D or 3D allocation whose
layout the driver chooses for spatial locality. It has no device pointer:
kernels read it through a :class:`~cuda.core.texture.TextureObject` and
read and write it through a :class:`~cuda.core.texture.SurfaceObject`, and
the host fills and reads it with :meth:`OpaqueArray.copy_from` and
:meth:`OpaqueArray.copy_to`.

The driver array is held by a private handle object that the array, and
every texture or surface object made from it, share: closing the array
lets go of its share, and the last holder destroys the driver array.
"""

from __future__ import annotations

from cpython.buffer cimport (
    PyBUF_ANY_CONTIGUOUS,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from cpython.ref cimport Py_REFCNT
from libc.stdint cimport uintptr_t
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context, Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._memory._buffer cimport Buffer, Buffer_check_open
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_or_create_options,
    int_argument,
    warn_destroy_failure,
)

import dataclasses
import operator

from cuda.core.typing import ArrayFormatType

__all__ = ["OpaqueArray", "OpaqueArrayOptions"]

# The driver's format of each element format, and the bytes of one channel.
_CU_FORMATS = {
    ArrayFormatType.UINT8: cydriver.CUarray_format.CU_AD_FORMAT_UNSIGNED_INT8,
    ArrayFormatType.UINT16: cydriver.CUarray_format.CU_AD_FORMAT_UNSIGNED_INT16,
    ArrayFormatType.UINT32: cydriver.CUarray_format.CU_AD_FORMAT_UNSIGNED_INT32,
    ArrayFormatType.INT8: cydriver.CUarray_format.CU_AD_FORMAT_SIGNED_INT8,
    ArrayFormatType.INT16: cydriver.CUarray_format.CU_AD_FORMAT_SIGNED_INT16,
    ArrayFormatType.INT32: cydriver.CUarray_format.CU_AD_FORMAT_SIGNED_INT32,
    ArrayFormatType.FLOAT16: cydriver.CUarray_format.CU_AD_FORMAT_HALF,
    ArrayFormatType.FLOAT32: cydriver.CUarray_format.CU_AD_FORMAT_FLOAT,
}
_FORMAT_SIZES = {
    ArrayFormatType.UINT8: 1,
    ArrayFormatType.UINT16: 2,
    ArrayFormatType.UINT32: 4,
    ArrayFormatType.INT8: 1,
    ArrayFormatType.INT16: 2,
    ArrayFormatType.INT32: 4,
    ArrayFormatType.FLOAT16: 2,
    ArrayFormatType.FLOAT32: 4,
}
_CHANNEL_COUNTS = (1, 2, 4)
_MAX_RANK = 3


cdef class _TextureResource:
    """Own a driver object of the texture API on one device, closed by :meth:`close` or a ``with`` block.

    Not part of the public API: the base of the arrays and of the texture
    and surface objects, which define ``close``.
    """

    def __enter__(self) -> _TextureResource:
        return self

    def __exit__(self, exc_type: object, exc_value: object, traceback: object) -> None:
        self.close()

    @property
    def device(self) -> Device:
        """The :class:`Device` the object was created on."""
        # Imported here: cuda.core._device makes these objects, and imports this module when it does.
        from cuda.core._device import Device

        return Device(self._device_id)


cdef class _DriverArray(_TextureResource):
    """Own a driver array or mipmapped array: its handle, its closing and the layout of its elements.

    Not part of the public API: the base of :class:`OpaqueArray` and
    :class:`~cuda.core.texture.MipmappedArray`, which hold their driver
    object in an :class:`_ArrayHandle` shared with the objects made from it.
    """

    def close(self) -> None:
        """Let go of the driver object; destroy it now unless an object made from it still uses it.

        Closing a closed array does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to destroy it. The array counts as closed
            even then.
        """
        cdef _ArrayHandle owned = self._owned
        if owned is None:
            return
        self._owned = None
        # Only this local holds it now: destroy it here, where a failure can be raised.
        # Otherwise the last object made from it (a level, a texture or surface object) destroys it.
        if Py_REFCNT(owned) == 1:
            ArrayHandle_destroy(owned)

    @property
    def format(self) -> ArrayFormatType:
        """The :class:`~cuda.core.typing.ArrayFormatType` of each channel of an element."""
        return self._format

    @property
    def handle(self) -> int:
        """The driver's ``CUarray`` or ``CUmipmappedArray``, as an int; the array keeps ownership of it.

        Raises
        ------
        RuntimeError
            If the array is closed.
        """
        DriverArray_check_open(self)
        return self._owned._handle

    @property
    def is_closed(self) -> bool:
        """Whether the array has been closed."""
        return self._owned is None

    @property
    def is_surface_load_store(self) -> bool:
        """Whether a :class:`~cuda.core.texture.SurfaceObject` can be made of the array (of its levels)."""
        return self._surface_load_store

    @property
    def num_channels(self) -> int:
        """The channels of an element: 1, 2 or 4."""
        return self._num_channels

    @property
    def shape(self) -> tuple[int, ...]:
        """The extents in elements, ``(width,)`` to ``(width, height, depth)``; a mipmapped array's base level's."""
        return self._shape


cdef class OpaqueArray(_DriverArray):
    """Own a CUDA array: device memory in a layout the driver chooses, for textures and surfaces.

    An array is made by :meth:`Device.create_opaque_array` (or, for one
    level of a mipmapped array, by :meth:`MipmappedArray.get_level`); it
    cannot be constructed directly. Its layout is opaque, so it exposes no
    device pointer, no DLPack and no ``__cuda_array_interface__``: data
    moves in and out by copying, with :meth:`copy_from` and
    :meth:`copy_to`, and kernels reach it through a
    :class:`~cuda.core.texture.TextureObject` or
    :class:`~cuda.core.texture.SurfaceObject`.

    Notes
    -----
    The driver array is shared by this object and the texture and surface
    objects made from it. :meth:`close` lets go of this object's share; the
    driver array is destroyed once no texture or surface object uses it,
    at once if none does. A failure to destroy it then is reported as a
    :class:`RuntimeWarning`. An array that is one level of a mipmapped
    array is never destroyed on its own: the mipmapped array owns it, and
    the level keeps the mipmapped array alive.

    Examples
    --------
    >>> options = OpaqueArrayOptions(shape=(64, 64), format="float32", num_channels=1)
    >>> array = device.create_opaque_array(options)
    >>> array.copy_from(numpy.ones((64, 64), dtype=numpy.float32), stream=stream)
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Device.create_opaque_array`."""
        raise RuntimeError(
            "OpaqueArray objects cannot be instantiated directly. Please use Device.create_opaque_array()."
        )

    def __repr__(self) -> str:
        return DriverArray_repr(self, f"format={self._format.value}")

    def copy_from(self, src: object, *, stream: Stream) -> None:
        """Copy a whole array's worth of data into the array, in stream order.

        Parameters
        ----------
        src : Buffer or object
            The data, in a :class:`~cuda.core.Buffer` or a host object with the
            buffer protocol: at least :attr:`size_bytes` of it, laid out as a
            C-contiguous array of :attr:`shape` reversed (rows of
            ``shape[0]`` elements). A host object must stay alive and
            unchanged until the copy has completed in stream order (for
            pageable memory, the copy has read it when the call returns).
        stream : Stream or GraphBuilder
            The stream to copy on; a graph builder captures the copy.

        Raises
        ------
        RuntimeError
            If the array or ``src`` (a :class:`Buffer`) is closed.
        TypeError
            If ``src`` is neither a :class:`Buffer` nor an object with the
            buffer protocol, or ``stream`` is not a stream.
        ValueError
            If ``src`` holds fewer than :attr:`size_bytes` bytes.
        CUDAError
            If the driver fails to copy.
        """
        DriverArray_check_open(self)
        OpaqueArray_copy(self, src, Stream_accept(stream), True)

    def copy_to(self, dst: object, *, stream: Stream) -> object:
        """Copy the whole array into ``dst``, in stream order.

        Parameters
        ----------
        dst : Buffer or object
            Where to copy to, a :class:`~cuda.core.Buffer` or a writable host
            object with the buffer protocol: at least :attr:`size_bytes` of
            it, laid out as for :meth:`copy_from`. Synchronize the stream
            before reading a host object that is not pageable memory.
        stream : Stream or GraphBuilder
            The stream to copy on; a graph builder captures the copy.

        Returns
        -------
        object
            ``dst``, as :meth:`Buffer.copy_to` returns its destination.

        Raises
        ------
        RuntimeError
            If the array or ``dst`` (a :class:`Buffer`) is closed.
        TypeError
            If ``dst`` is neither a :class:`Buffer` nor a writable object
            with the buffer protocol, or ``stream`` is not a stream.
        ValueError
            If ``dst`` holds fewer than :attr:`size_bytes` bytes.
        CUDAError
            If the driver fails to copy.
        """
        DriverArray_check_open(self)
        OpaqueArray_copy(self, dst, Stream_accept(stream), False)
        return dst

    @property
    def element_bytes(self) -> int:
        """The bytes of one element: the format's size times the number of channels."""
        return format_size(self._format) * self._num_channels

    @property
    def size_bytes(self) -> int:
        """The bytes of the whole array's data: the product of the extents times :attr:`element_bytes`."""
        count = 1
        for extent in self._shape:
            count *= extent
        return count * self.element_bytes


@dataclasses.dataclass
class OpaqueArrayOptions:
    """Describe the :class:`OpaqueArray` that :meth:`Device.create_opaque_array` makes.

    The fields are checked, and ``shape`` and ``format`` normalized, when
    the options are made.

    Attributes
    ----------
    shape : tuple of int
        The extents in elements: ``(width,)``, ``(width, height)`` or
        ``(width, height, depth)``, each at least 1.
    format : ArrayFormatType, str or numpy.dtype
        The type of each channel: an
        :class:`~cuda.core.typing.ArrayFormatType`, its value (``"float32"``)
        or a NumPy dtype of one of the eight formats. Stored as an
        :class:`~cuda.core.typing.ArrayFormatType`.
    num_channels : int
        The channels of an element: 1, 2 or 4.
    is_surface_load_store : bool, optional
        Allow :class:`~cuda.core.texture.SurfaceObject` objects on the array
        (``CUDA_ARRAY3D_SURFACE_LDST``), for kernels that write it. Default:
        ``False``.

    Raises
    ------
    TypeError
        If ``shape`` is not a sequence of ints.
    ValueError
        If ``shape`` has no or more than three extents or an extent below
        1, ``format`` is not one of the eight formats, or ``num_channels``
        is not 1, 2 or 4.
    """

    shape: tuple[int, ...]
    format: object
    num_channels: int
    is_surface_load_store: bool = False

    def __post_init__(self) -> None:
        array_options_check(self)
        self.is_surface_load_store = bool(self.is_surface_load_store)


cdef class _ArrayHandle:
    """Own a driver array or mipmapped array, and destroy it when the last of its holders lets go.

    Not part of the public API: an :class:`OpaqueArray` or a
    :class:`~cuda.core.texture.MipmappedArray` holds one, and so does every
    object made from it: a level, a texture or a surface object. A handle
    that does not own its array (a level of a mipmapped array) destroys
    nothing, and keeps the handle of the mipmapped array alive.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "_ArrayHandle objects are made by Device.create_opaque_array and Device.create_mipmapped_array"
        )

    def __dealloc__(self) -> None:
        ArrayHandle_dealloc(self)

    def close(self) -> None:
        """Destroy the driver array now; a second call does nothing.

        Only for its last holder: no level, texture or surface object may still use it.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the array.
        """
        ArrayHandle_destroy(self)


def _create_opaque_array(device: object, options: object) -> OpaqueArray:
    """Allocate an array in ``device``'s current context: :meth:`Device.create_opaque_array`."""
    cdef Context ctx = device.context
    cdef OpaqueArray array = OpaqueArray.__new__(OpaqueArray)
    if options is None:
        raise TypeError("Device.create_opaque_array needs options: an OpaqueArrayOptions or a dict of its fields")
    opts = check_or_create_options(OpaqueArrayOptions, options, "OpaqueArray options")
    DriverArray_create(array, ctx, device.device_id, opts, 0)
    return array


cdef int DriverArray_create(
    _DriverArray self, Context ctx, int device_id, object opts, unsigned int levels
) except -1:
    """Allocate, in context ``ctx``, the driver object of ``self``, a new array that ``opts`` describe.

    With ``levels`` 0 it is a plain array (``cuArray3DCreate``), otherwise a
    mipmapped array of that many levels (``cuMipmappedArrayCreate``).
    """
    cdef cydriver.CUDA_ARRAY3D_DESCRIPTOR c_desc
    array_descriptor_fill(&c_desc, opts)
    cdef cydriver.CUcontext c_ctx = ctx._handle
    cdef cydriver.CUarray c_array = NULL
    cdef cydriver.CUmipmappedArray c_mipmap = NULL
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(c_ctx, &pushed)
        try:
            if levels == 0:
                HANDLE_RETURN(cydriver.cuArray3DCreate(&c_array, &c_desc))
            else:
                HANDLE_RETURN(cydriver.cuMipmappedArrayCreate(&c_mipmap, &c_desc, levels))
        finally:
            Context_pop_if_pushed(pushed)
    cdef _ArrayHandle owned = _ArrayHandle.__new__(_ArrayHandle)
    owned._handle = <uintptr_t>c_array if levels == 0 else <uintptr_t>c_mipmap
    owned._kind = _KIND_ARRAY if levels == 0 else _KIND_MIPMAPPED_ARRAY
    owned._ctx = c_ctx
    owned._owning = True
    # The array is destroyed in its context: a green one must outlive it.
    owned._green = ctx._green
    return DriverArray_init(self, owned, opts.shape, opts, device_id)


cdef int DriverArray_init(
    _DriverArray self, _ArrayHandle owned, tuple shape, object like, int device_id
) except -1:
    """Make ``self``, a new array of ``shape``, open around the driver array that ``owned`` holds.

    ``like`` gives the format, the channels and whether surfaces may be
    made: the options of a new array, or the mipmapped array of a level.
    """
    self._owned = owned
    self._shape = shape
    self._format = like.format
    self._num_channels = like.num_channels
    self._surface_load_store = like.is_surface_load_store
    self._device_id = device_id
    return 0


cdef int DriverArray_check_open(_DriverArray self) except -1:
    """Raise :class:`RuntimeError` if the array has been closed."""
    if self._owned is None:
        raise RuntimeError(f"{DriverArray_name(self)} has been closed")
    return 0


cdef object DriverArray_describe(_DriverArray self, cydriver.CUDA_RESOURCE_DESC* desc):
    """Describe the open array in ``desc``, for a texture or surface object; return what keeps it alive."""
    if self._owned._kind == _KIND_ARRAY:
        desc.resType = cydriver.CUresourcetype.CU_RESOURCE_TYPE_ARRAY
        desc.res.array.hArray = <cydriver.CUarray><uintptr_t>self._owned._handle
    else:
        desc.resType = cydriver.CUresourcetype.CU_RESOURCE_TYPE_MIPMAPPED_ARRAY
        desc.res.mipmap.hMipmappedArray = <cydriver.CUmipmappedArray><uintptr_t>self._owned._handle
    return self._owned


cdef str DriverArray_name(_DriverArray self):
    """Return the name of the public class of ``self``, for messages."""
    return "OpaqueArray" if isinstance(self, OpaqueArray) else "MipmappedArray"


cdef str DriverArray_repr(_DriverArray self, str details):
    """Return the ``repr`` of an array: its handle (unless closed), shape and the class's ``details``."""
    name = DriverArray_name(self)
    if self._owned is None:
        return f"<{name} shape={self._shape} {details} (closed)>"
    return f"<{name} handle={self._owned._handle:#x} shape={self._shape} {details}>"


cdef int OpaqueArray_copy(OpaqueArray self, object other, Stream stream, bint into) except -1:
    """Copy the whole array from (``into``) or to ``other``, a buffer or a host object, on ``stream``."""
    cdef cydriver.CUDA_MEMCPY3D c_copy
    cdef Py_buffer c_view
    cdef bint viewing = False
    cdef size_t c_width = self._shape[0] * self.element_bytes
    cdef size_t c_height = self._shape[1] if len(self._shape) > 1 else 1
    cdef size_t c_depth = self._shape[2] if len(self._shape) > 2 else 1
    cdef size_t c_needed = c_width * c_height * c_depth
    cdef size_t c_size = 0
    cdef Buffer buffer
    memset(&c_copy, 0, sizeof(c_copy))
    c_copy.WidthInBytes = c_width
    c_copy.Height = c_height
    c_copy.Depth = c_depth
    if isinstance(other, Buffer):
        buffer = <Buffer>other
        Buffer_check_open(buffer)
        c_size = buffer._size
    else:
        if PyObject_GetBuffer(
            other, &c_view, PyBUF_ANY_CONTIGUOUS if into else PyBUF_ANY_CONTIGUOUS | PyBUF_WRITABLE
        ) != 0:
            raise TypeError(
                f"{'src' if into else 'dst'} must be a Buffer or a {'' if into else 'writable '}"
                f"contiguous object with the buffer protocol, got {type(other).__name__}"
            )
        viewing = True
        c_size = <size_t>c_view.len
    try:
        if c_size < c_needed:
            raise ValueError(
                f"{'src' if into else 'dst'} holds {c_size} bytes; the array needs {c_needed}"
            )
        if into:
            c_copy.dstMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_ARRAY
            c_copy.dstArray = <cydriver.CUarray><uintptr_t>self._owned._handle
            c_copy.srcPitch = c_width
            c_copy.srcHeight = c_height
            if viewing:
                c_copy.srcMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_HOST
                c_copy.srcHost = c_view.buf
            else:
                c_copy.srcMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_DEVICE
                c_copy.srcDevice = <cydriver.CUdeviceptr>buffer._ptr
        else:
            c_copy.srcMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_ARRAY
            c_copy.srcArray = <cydriver.CUarray><uintptr_t>self._owned._handle
            c_copy.dstPitch = c_width
            c_copy.dstHeight = c_height
            if viewing:
                c_copy.dstMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_HOST
                c_copy.dstHost = c_view.buf
            else:
                c_copy.dstMemoryType = cydriver.CUmemorytype.CU_MEMORYTYPE_DEVICE
                c_copy.dstDevice = <cydriver.CUdeviceptr>buffer._ptr
        with nogil:
            HANDLE_RETURN(cydriver.cuMemcpy3DAsync(&c_copy, stream._handle))
    finally:
        if viewing:
            PyBuffer_Release(&c_view)
    return 0


cdef int ArrayHandle_destroy(_ArrayHandle self) except -1:
    """Destroy an owned driver array now, in its context; let go of the parent of a level."""
    cdef unsigned long long c_handle = self._handle
    cdef cydriver.CUcontext c_ctx = self._ctx
    # Held until the level is let go of: the mipmapped array owns its memory.
    parent = self._parent
    if c_handle == 0:
        return 0
    self._handle = 0
    self._parent = None
    if not self._owning:
        return 0
    return destroy_or_raise(c_ctx, self._kind, c_handle)


cdef void ArrayHandle_dealloc(_ArrayHandle self) noexcept:
    """Destroy an owned driver array that its last holder let go of; report a failure as a warning."""
    cdef unsigned long long c_handle = self._handle
    if c_handle == 0 or not self._owning:
        return
    self._handle = 0
    destroy_or_warn(
        self._ctx, self._kind, c_handle, "array" if self._kind == _KIND_ARRAY else "mipmapped array"
    )


cdef cydriver.CUresult destroy_in_context(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle
) noexcept nogil:
    """Destroy a driver array, mipmapped array, texture or surface object with ``ctx`` current.

    Returns the first failing status, or ``CUDA_SUCCESS``; raises nothing,
    so that deallocation can use it. The calling thread's current context
    is restored.
    """
    cdef cydriver.CUcontext c_current = NULL
    cdef cydriver.CUcontext c_popped = NULL
    cdef cydriver.CUresult popped
    cdef bint pushed = False
    cdef cydriver.CUresult err = cydriver.cuCtxGetCurrent(&c_current)
    if err != cydriver.CUresult.CUDA_SUCCESS:
        return err
    if c_current != ctx:
        err = cydriver.cuCtxPushCurrent(ctx)
        if err != cydriver.CUresult.CUDA_SUCCESS:
            return err
        pushed = True
    if kind == _KIND_ARRAY:
        err = cydriver.cuArrayDestroy(<cydriver.CUarray><uintptr_t>handle)
    elif kind == _KIND_MIPMAPPED_ARRAY:
        err = cydriver.cuMipmappedArrayDestroy(<cydriver.CUmipmappedArray><uintptr_t>handle)
    elif kind == _KIND_TEXTURE_OBJECT:
        err = cydriver.cuTexObjectDestroy(<cydriver.CUtexObject>handle)
    else:
        err = cydriver.cuSurfObjectDestroy(<cydriver.CUsurfObject>handle)
    if pushed:
        popped = cydriver.cuCtxPopCurrent(&c_popped)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = popped
    return err


cdef int destroy_or_raise(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle
) except -1:
    """Destroy a driver object now, as :func:`destroy_in_context` does; raise :class:`CUDAError` if that fails."""
    with nogil:
        HANDLE_RETURN(destroy_in_context(ctx, kind, handle))
    return 0


cdef void destroy_or_warn(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle, str what
) noexcept:
    """Destroy a driver object its last holder let go of; report a failure as a warning that names ``what``."""
    cdef cydriver.CUresult err
    with nogil:
        err = destroy_in_context(ctx, kind, handle)
    warn_destroy_failure(err, what, <uintptr_t>handle)


cdef int array_descriptor_fill(cydriver.CUDA_ARRAY3D_DESCRIPTOR* desc, object opts) except -1:
    """Fill ``desc`` for the (base level of the) array that ``opts`` describes, zeroing what they do not set.

    ``opts`` is an :class:`OpaqueArrayOptions` or a
    :class:`~cuda.core.texture.MipmappedArrayOptions`: both check ``shape``,
    ``format``, ``num_channels`` and ``is_surface_load_store`` alike.
    """
    cdef tuple shape = opts.shape
    memset(desc, 0, sizeof(desc[0]))
    desc.Width = shape[0]
    desc.Height = shape[1] if len(shape) > 1 else 0
    desc.Depth = shape[2] if len(shape) > 2 else 0
    desc.Format = <cydriver.CUarray_format>cu_array_format(opts.format)
    desc.NumChannels = opts.num_channels
    desc.Flags = cydriver.CUDA_ARRAY3D_SURFACE_LDST if opts.is_surface_load_store else 0
    return 0


cdef int array_options_check(object opts) except -1:
    """Normalize ``opts.shape`` and ``opts.format`` and check ``opts.num_channels``, for the options classes."""
    opts.shape = shape_argument(opts.shape)
    opts.format = array_format(opts.format)
    channels_argument(opts.num_channels)
    return 0


cdef object array_format(object format):
    """Return ``format`` as an :class:`ArrayFormatType`: a member, its value, or a NumPy dtype of one."""
    if isinstance(format, ArrayFormatType):
        return format
    if isinstance(format, str):
        try:
            return ArrayFormatType(format)
        except ValueError:
            pass
    else:
        # A NumPy dtype, or what numpy.dtype() accepts (numpy.float32): its name is the format's value.
        try:
            import numpy

            return ArrayFormatType(numpy.dtype(format).name)
        except (ImportError, TypeError, ValueError):
            pass
    valid = ", ".join(repr(member.value) for member in ArrayFormatType)
    raise ValueError(
        f"format must be an ArrayFormatType, one of {valid}, or a NumPy dtype of one; got {format!r}"
    )


cdef int channels_argument(object num_channels) except -1:
    """Return ``num_channels`` checked: 1, 2 or 4 (a bool is no count)."""
    if isinstance(num_channels, bool) or num_channels not in _CHANNEL_COUNTS:
        raise ValueError(f"num_channels must be 1, 2 or 4, got {num_channels!r}")
    return operator.index(num_channels)


cdef tuple shape_argument(object shape):
    """Return ``shape`` as a tuple of one to three extents, each an int of at least 1."""
    try:
        extents = tuple(shape)
    except TypeError:
        raise TypeError(f"shape must be a tuple of ints, got {type(shape).__name__}") from None
    if not 1 <= len(extents) <= _MAX_RANK:
        raise ValueError(f"shape must have 1, 2 or 3 extents, got {len(extents)}: {extents}")
    checked = []
    for index, extent in enumerate(extents):
        value = int_argument(extent, f"shape[{index}]")
        if value < 1:
            raise ValueError(f"shape[{index}] must be at least 1, got {value}")
        checked.append(value)
    return tuple(checked)


cdef int cu_array_format(object format) except -1:
    """Return the driver's ``CUarray_format`` of an :class:`ArrayFormatType`."""
    return _CU_FORMATS[format]


cdef size_t format_size(object format) except 0:
    """Return the bytes of one channel of an :class:`ArrayFormatType`."""
    return _FORMAT_SIZES[format]


cdef bint is_integer_format(object format) except -1:
    """Return whether an :class:`ArrayFormatType` holds integers (which texture reads may normalize)."""
    return format not in (ArrayFormatType.FLOAT16, ArrayFormatType.FLOAT32)
