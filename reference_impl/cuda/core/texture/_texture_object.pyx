# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Texture objects: bindless handles through which kernels sample arrays and linear memory.

A :class:`TextureObject` owns a ``CUtexObject``, made by
:meth:`Device.create_texture_object` from a :class:`ResourceDescriptor`
(what memory to read) and :class:`TextureObjectOptions` (how to sample
it). A kernel takes the texture object's :attr:`~TextureObject.handle`
as a ``cudaTextureObject_t`` argument.
"""

from __future__ import annotations

from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context, Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._memory._buffer cimport Buffer, Buffer_check_open
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_or_create_options,
    enum_argument,
    int_argument,
)
from cuda.core.texture._mipmapped_array cimport MipmappedArray
from cuda.core.texture._opaque_array cimport (
    DriverArray_check_open,
    DriverArray_describe,
    OpaqueArray,
    _DriverArray,
    _KIND_TEXTURE_OBJECT,
    _TextureHandleKind,
    array_format,
    channels_argument,
    cu_array_format,
    destroy_or_raise,
    destroy_or_warn,
    format_size,
    is_integer_format,
)

import dataclasses
import math
import numbers

from cuda.core.typing import AddressModeType, ArrayFormatType, FilterModeType, ReadModeType

__all__ = ["ResourceDescriptor", "TextureObject", "TextureObjectOptions"]

_ADDRESS_MODES = {
    AddressModeType.WRAP: cydriver.CUaddress_mode.CU_TR_ADDRESS_MODE_WRAP,
    AddressModeType.CLAMP: cydriver.CUaddress_mode.CU_TR_ADDRESS_MODE_CLAMP,
    AddressModeType.MIRROR: cydriver.CUaddress_mode.CU_TR_ADDRESS_MODE_MIRROR,
    AddressModeType.BORDER: cydriver.CUaddress_mode.CU_TR_ADDRESS_MODE_BORDER,
}
_FILTER_MODES = {
    FilterModeType.POINT: cydriver.CUfilter_mode.CU_TR_FILTER_MODE_POINT,
    FilterModeType.LINEAR: cydriver.CUfilter_mode.CU_TR_FILTER_MODE_LINEAR,
}
_RESOURCE_KINDS = ("array", "mipmapped_array", "linear", "pitch2d")
_MAX_ADDRESS_AXES = 3
_BORDER_CHANNELS = 4


cdef class _BindlessObject(_TextureResource):
    """Own a texture or surface object: the handle, its closing and the memory it keeps alive.

    Not part of the public API: the base of :class:`TextureObject` and
    :class:`~cuda.core.texture.SurfaceObject`, which make the driver object
    with :func:`BindlessObject_open` and say how it reads its memory.
    """

    def __dealloc__(self) -> None:
        BindlessObject_dealloc(self)

    def close(self) -> None:
        """Destroy the texture or surface object, and let go of the memory it uses.

        Closing a closed object does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the object. It counts as closed
            even then.
        """
        cdef unsigned long long c_handle = self._handle
        cdef cydriver.CUcontext c_ctx = self._ctx
        if c_handle == 0:
            return
        self._handle = 0
        try:
            destroy_or_raise(c_ctx, self._kind, c_handle)
        finally:
            self._keep = self._green = None

    @property
    def handle(self) -> int:
        """The driver's ``CUtexObject`` or ``CUsurfObject``, a 64-bit integer to pass to kernels.

        Raises
        ------
        RuntimeError
            If the object is closed.
        """
        if self._handle == 0:
            name = "TextureObject" if self._kind == _KIND_TEXTURE_OBJECT else "SurfaceObject"
            raise RuntimeError(f"{name} has been closed")
        return self._handle

    @property
    def is_closed(self) -> bool:
        """Whether the texture or surface object has been closed."""
        return self._handle == 0

    @property
    def resource(self) -> ResourceDescriptor:
        """The :class:`ResourceDescriptor` of the memory the texture or surface object uses."""
        return self._resource


cdef class TextureObject(_BindlessObject):
    """Own a texture object, through which kernels sample an array or linear memory.

    A texture object is made by :meth:`Device.create_texture_object`; it
    cannot be constructed directly. Pass :attr:`handle` to a kernel whose
    parameter is a ``cudaTextureObject_t``.

    Notes
    -----
    The texture object keeps the memory it reads alive: the driver array of
    an :class:`~cuda.core.texture.OpaqueArray` or
    :class:`~cuda.core.texture.MipmappedArray` stays allocated while the
    texture object is open, even once the array object is closed. The
    :class:`~cuda.core.Buffer` of a linear or pitched resource is kept
    referenced, but closing the buffer frees its memory all the same: keep
    it open while the texture is used. :meth:`close` destroys the texture
    object; garbage collection does if it was never closed, and reports a
    failure as a :class:`RuntimeWarning`.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Device.create_texture_object`."""
        raise RuntimeError(
            "TextureObject objects cannot be instantiated directly. Please use Device.create_texture_object()."
        )

    def __repr__(self) -> str:
        if self._handle == 0:
            return f"<TextureObject kind={self._resource._kind} (closed)>"
        return f"<TextureObject handle={self._handle:#x} kind={self._resource._kind}>"

    @property
    def options(self) -> TextureObjectOptions:
        """The :class:`TextureObjectOptions` the texture object was created with."""
        return self._options


cdef class ResourceDescriptor:
    """Describe the memory a texture or surface object reads.

    Make one with a ``from_*`` class method; it cannot be constructed
    directly:

    * :meth:`from_opaque_array`: an :class:`~cuda.core.texture.OpaqueArray`,
      for textures and (when the array allows it) surfaces;
    * :meth:`from_mipmapped_array`: a :class:`~cuda.core.texture.MipmappedArray`,
      for textures sampled across levels;
    * :meth:`from_linear`: a :class:`~cuda.core.Buffer` read as a 1D array
      of elements, without filtering or addressing modes;
    * :meth:`from_pitch2d`: a :class:`~cuda.core.Buffer` read as a 2D image
      of rows ``pitch_bytes`` apart.

    A descriptor holds its source; the object made from it checks that the
    source is still open.
    """

    def __init__(self) -> None:
        """Refuse direct construction: see the ``from_*`` class methods."""
        raise RuntimeError(
            "ResourceDescriptor objects cannot be instantiated directly. "
            "Please use the ResourceDescriptor.from_* class methods."
        )

    def __repr__(self) -> str:
        if self._kind == "linear":
            return (
                f"ResourceDescriptor(kind='linear', format={self._format.value!r}, "
                f"num_channels={self._num_channels}, size_bytes={self._size_bytes})"
            )
        if self._kind == "pitch2d":
            return (
                f"ResourceDescriptor(kind='pitch2d', format={self._format.value!r}, "
                f"num_channels={self._num_channels}, width={self._width}, height={self._height}, "
                f"pitch_bytes={self._pitch_bytes})"
            )
        return f"ResourceDescriptor(kind={self._kind!r})"

    @classmethod
    def from_opaque_array(cls, array: OpaqueArray) -> ResourceDescriptor:
        """Describe an :class:`~cuda.core.texture.OpaqueArray`, for a texture or a surface object.

        Parameters
        ----------
        array : OpaqueArray
            The array. Its format and channels are the array's own, so the
            descriptor's :attr:`format` and :attr:`num_channels` are ``None``.

        Returns
        -------
        ResourceDescriptor
            A descriptor of kind ``"array"``.

        Raises
        ------
        TypeError
            If ``array`` is not an :class:`~cuda.core.texture.OpaqueArray`.
        """
        if not isinstance(array, OpaqueArray):
            raise TypeError(f"array must be an OpaqueArray, got {type(array).__name__}")
        return ResourceDescriptor_new("array", array, None, None, None, None, None, None)

    @classmethod
    def from_mipmapped_array(cls, mipmapped_array: MipmappedArray) -> ResourceDescriptor:
        """Describe a :class:`~cuda.core.texture.MipmappedArray`, for a texture object sampled across levels.

        A surface object needs one level instead: describe
        :meth:`MipmappedArray.get_level`'s array with :meth:`from_opaque_array`.

        Parameters
        ----------
        mipmapped_array : MipmappedArray
            The mipmapped array.

        Returns
        -------
        ResourceDescriptor
            A descriptor of kind ``"mipmapped_array"``.

        Raises
        ------
        TypeError
            If ``mipmapped_array`` is not a :class:`~cuda.core.texture.MipmappedArray`.
        """
        if not isinstance(mipmapped_array, MipmappedArray):
            raise TypeError(
                f"mipmapped_array must be a MipmappedArray, got {type(mipmapped_array).__name__}"
            )
        return ResourceDescriptor_new("mipmapped_array", mipmapped_array, None, None, None, None, None, None)

    @classmethod
    def from_linear(
        cls, buffer: Buffer, *, format: object, num_channels: int, size_bytes: int | None = None
    ) -> ResourceDescriptor:
        """Describe device memory read as a 1D array of elements (``tex1Dfetch``).

        A texture object of linear memory reads whole elements by index:
        it does not filter, and ignores the addressing modes and normalized
        coordinates of its options.

        Parameters
        ----------
        buffer : Buffer
            The memory; keep it open while a texture object reads it.
        format : ArrayFormatType, str or numpy.dtype
            The type of each channel, as for :class:`OpaqueArrayOptions`.
        num_channels : int
            The channels of an element: 1, 2 or 4.
        size_bytes : int, optional
            The bytes to read, a whole number of elements no larger than
            the buffer; the whole buffer by default.

        Returns
        -------
        ResourceDescriptor
            A descriptor of kind ``"linear"``.

        Raises
        ------
        TypeError
            If ``buffer`` is not a :class:`~cuda.core.Buffer`, or
            ``size_bytes`` not an int.
        ValueError
            If ``format`` or ``num_channels`` is not valid, or
            ``size_bytes`` exceeds the buffer, is smaller than an element or
            not a multiple of one.
        """
        if not isinstance(buffer, Buffer):
            raise TypeError(f"buffer must be a Buffer, got {type(buffer).__name__}")
        fmt = array_format(format)
        channels = channels_argument(num_channels)
        element = format_size(fmt) * channels
        available = (<Buffer>buffer)._size
        size = available if size_bytes is None else int_argument(size_bytes, "size_bytes")
        if size > available:
            raise ValueError(f"size_bytes ({size}) exceeds the buffer's {available} bytes")
        if size < element or size % element:
            raise ValueError(
                f"size_bytes ({size}) must be a positive multiple of the element's {element} bytes "
                f"({fmt.value} x {channels})"
            )
        return ResourceDescriptor_new("linear", buffer, fmt, channels, size, None, None, None)

    @classmethod
    def from_pitch2d(
        cls,
        buffer: Buffer,
        *,
        format: object,
        num_channels: int,
        width: int,
        height: int,
        pitch_bytes: int,
    ) -> ResourceDescriptor:
        """Describe device memory read as a 2D image whose rows are ``pitch_bytes`` apart.

        A texture object of pitched memory filters and addresses in two
        dimensions, as one of a 2D array does.

        Parameters
        ----------
        buffer : Buffer
            The memory; keep it open while a texture object reads it.
        format : ArrayFormatType, str or numpy.dtype
            The type of each channel, as for :class:`OpaqueArrayOptions`.
        num_channels : int
            The channels of an element: 1, 2 or 4.
        width : int
            The width of the image, in elements.
        height : int
            The height of the image, in rows.
        pitch_bytes : int
            The distance from one row to the next, in bytes: at least a
            row's elements, and a multiple of the device's
            ``texture_pitch_alignment`` (the driver checks this one).

        Returns
        -------
        ResourceDescriptor
            A descriptor of kind ``"pitch2d"``.

        Raises
        ------
        TypeError
            If ``buffer`` is not a :class:`~cuda.core.Buffer`, or a size not an int.
        ValueError
            If ``format`` or ``num_channels`` is not valid, ``width`` or
            ``height`` is below 1, ``pitch_bytes`` is smaller than a row,
            or the image does not fit in the buffer.
        """
        if not isinstance(buffer, Buffer):
            raise TypeError(f"buffer must be a Buffer, got {type(buffer).__name__}")
        fmt = array_format(format)
        channels = channels_argument(num_channels)
        columns = int_argument(width, "width")
        rows = int_argument(height, "height")
        pitch = int_argument(pitch_bytes, "pitch_bytes")
        if columns < 1 or rows < 1:
            raise ValueError(f"width and height must be at least 1, got {columns} x {rows}")
        row = columns * format_size(fmt) * channels
        if pitch < row:
            raise ValueError(f"pitch_bytes ({pitch}) must be at least a row's {row} bytes")
        available = (<Buffer>buffer)._size
        if pitch * rows > available:
            raise ValueError(f"pitch_bytes * height ({pitch * rows}) exceeds the buffer's {available} bytes")
        return ResourceDescriptor_new("pitch2d", buffer, fmt, channels, None, columns, rows, pitch)

    @property
    def format(self) -> ArrayFormatType | None:
        """The type of each channel of linear or pitched memory; ``None`` for an array (it has its own)."""
        return self._format

    @property
    def height(self) -> int | None:
        """The rows of pitched memory; ``None`` for other kinds."""
        return self._height

    @property
    def kind(self) -> str:
        """What the descriptor describes: ``"array"``, ``"mipmapped_array"``, ``"linear"`` or ``"pitch2d"``."""
        return self._kind

    @property
    def num_channels(self) -> int | None:
        """The channels of an element of linear or pitched memory; ``None`` for an array."""
        return self._num_channels

    @property
    def pitch_bytes(self) -> int | None:
        """The bytes from one row of pitched memory to the next; ``None`` for other kinds."""
        return self._pitch_bytes

    @property
    def size_bytes(self) -> int | None:
        """The bytes of linear memory read; ``None`` for other kinds."""
        return self._size_bytes

    @property
    def source(self) -> object:
        """The memory described: the array, the mipmapped array or the buffer."""
        return self._source

    @property
    def width(self) -> int | None:
        """The elements of a row of pitched memory; ``None`` for other kinds."""
        return self._width


@dataclasses.dataclass
class TextureObjectOptions:
    """Choose how a :class:`TextureObject` samples its memory (the driver's ``CUDA_TEXTURE_DESC``).

    The fields are checked, and strings turned into the enumerations, when
    the options are made.

    Attributes
    ----------
    address_mode : AddressModeType, str or tuple, optional
        What a read outside the texture returns: one mode for every axis,
        or one per axis (1 to 3; the last repeats for the axes not given).
        Default: ``CLAMP``.
    filter_mode : FilterModeType or str, optional
        How texels are sampled between their centres. Default: ``POINT``.
    read_mode : ReadModeType or str, optional
        Whether integer formats read as stored or normalized to floats.
        Default: ``ELEMENT_TYPE``.
    normalized_coords : bool, optional
        Address the texture with coordinates in ``[0, 1]`` rather than in
        elements. Default: ``False``.
    srgb : bool, optional
        Convert sRGB 8-bit data to linear on reads. Default: ``False``.
    disable_trilinear_optimization : bool, optional
        Filter exactly between mipmap levels, never approximating.
        Default: ``False``.
    seamless_cubemap : bool, optional
        Filter across the faces of a cubemap. Default: ``False``.
    max_anisotropy : int, optional
        The highest anisotropy of filtering; 0 disables anisotropic
        filtering. Default: 0.
    mipmap_filter_mode : FilterModeType or str, optional
        How mipmap levels are sampled between each other. Default: ``POINT``.
    mipmap_level_bias : float, optional
        The bias added to the level a read selects. Default: 0.0.
    min_mipmap_level_clamp : float, optional
        The lowest level reads select. Default: 0.0.
    max_mipmap_level_clamp : float, optional
        The highest level reads select. Default: 0.0.
    border_color : tuple of float, optional
        The four channels a read outside the texture returns with the
        ``BORDER`` addressing mode; ``None`` (the default) is zero.

    Raises
    ------
    ValueError
        If a mode is not a value of its enumeration, ``address_mode`` has
        more than three entries, ``max_anisotropy`` is negative, or
        ``border_color`` does not have four entries.
    TypeError
        If ``max_anisotropy`` is not an int, or a level or colour is not a number.
    """

    address_mode: AddressModeType | str | tuple[AddressModeType | str, ...] = AddressModeType.CLAMP
    filter_mode: FilterModeType | str = FilterModeType.POINT
    read_mode: ReadModeType | str = ReadModeType.ELEMENT_TYPE
    normalized_coords: bool = False
    srgb: bool = False
    disable_trilinear_optimization: bool = False
    seamless_cubemap: bool = False
    max_anisotropy: int = 0
    mipmap_filter_mode: FilterModeType | str = FilterModeType.POINT
    mipmap_level_bias: float = 0.0
    min_mipmap_level_clamp: float = 0.0
    max_mipmap_level_clamp: float = 0.0
    border_color: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.address_mode, (tuple, list)):
            if not 1 <= len(self.address_mode) <= _MAX_ADDRESS_AXES:
                raise ValueError(
                    f"address_mode must have 1 to {_MAX_ADDRESS_AXES} entries, got {len(self.address_mode)}"
                )
            self.address_mode = tuple(
                enum_argument(mode, AddressModeType, f"address_mode[{index}]")
                for index, mode in enumerate(self.address_mode)
            )
        else:
            self.address_mode = enum_argument(self.address_mode, AddressModeType, "address_mode")
        self.filter_mode = enum_argument(self.filter_mode, FilterModeType, "filter_mode")
        self.read_mode = enum_argument(self.read_mode, ReadModeType, "read_mode")
        self.mipmap_filter_mode = enum_argument(self.mipmap_filter_mode, FilterModeType, "mipmap_filter_mode")
        self.normalized_coords = bool(self.normalized_coords)
        self.srgb = bool(self.srgb)
        self.disable_trilinear_optimization = bool(self.disable_trilinear_optimization)
        self.seamless_cubemap = bool(self.seamless_cubemap)
        self.max_anisotropy = int_argument(self.max_anisotropy, "max_anisotropy")
        if self.max_anisotropy < 0:
            raise ValueError(f"max_anisotropy must not be negative, got {self.max_anisotropy}")
        self.mipmap_level_bias = float_option(self.mipmap_level_bias, "mipmap_level_bias")
        self.min_mipmap_level_clamp = float_option(self.min_mipmap_level_clamp, "min_mipmap_level_clamp")
        self.max_mipmap_level_clamp = float_option(self.max_mipmap_level_clamp, "max_mipmap_level_clamp")
        if self.border_color is not None:
            color = tuple(self.border_color)
            if len(color) != _BORDER_CHANNELS:
                raise ValueError(f"border_color must have {_BORDER_CHANNELS} entries, got {len(color)}")
            self.border_color = tuple(
                float_option(channel, f"border_color[{index}]") for index, channel in enumerate(color)
            )


def _create_texture_object(device: object, resource: object, options: object) -> TextureObject:
    """Create a texture object in ``device``'s current context: :meth:`Device.create_texture_object`."""
    cdef Context ctx = device.context
    cdef TextureObject texture = TextureObject_create(device.device_id, ctx._handle, resource, options)
    # The object is destroyed in its context: a green one must outlive it.
    texture._green = ctx._green
    return texture

cdef TextureObject TextureObject_create(
    int device_id, cydriver.CUcontext ctx, object resource, object options
):
    """Create a texture object in context ``ctx`` of device ``device_id``."""
    if not isinstance(resource, ResourceDescriptor):
        raise TypeError(f"resource must be a ResourceDescriptor, got {type(resource).__name__}")
    opts = check_or_create_options(TextureObjectOptions, options, "TextureObject options")
    cdef ResourceDescriptor descriptor = <ResourceDescriptor>resource
    cdef cydriver.CUDA_RESOURCE_DESC c_resource
    cdef cydriver.CUDA_TEXTURE_DESC c_texture
    memset(&c_resource, 0, sizeof(c_resource))
    memset(&c_texture, 0, sizeof(c_texture))
    keep = ResourceDescriptor_fill(descriptor, &c_resource, device_id)
    modes = opts.address_mode if isinstance(opts.address_mode, tuple) else (opts.address_mode,)
    modes = modes + (modes[-1],) * (_MAX_ADDRESS_AXES - len(modes))
    for axis in range(_MAX_ADDRESS_AXES):
        c_texture.addressMode[axis] = _ADDRESS_MODES[modes[axis]]
    c_texture.filterMode = _FILTER_MODES[opts.filter_mode]
    c_texture.mipmapFilterMode = _FILTER_MODES[opts.mipmap_filter_mode]
    # Integer data reads as stored unless normalized; float data is never changed by the flag.
    if opts.read_mode == ReadModeType.ELEMENT_TYPE and is_integer_format(ResourceDescriptor_format(descriptor)):
        c_texture.flags |= cydriver.CU_TRSF_READ_AS_INTEGER
    if opts.normalized_coords:
        c_texture.flags |= cydriver.CU_TRSF_NORMALIZED_COORDINATES
    if opts.srgb:
        c_texture.flags |= cydriver.CU_TRSF_SRGB
    if opts.disable_trilinear_optimization:
        c_texture.flags |= cydriver.CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION
    if opts.seamless_cubemap:
        c_texture.flags |= cydriver.CU_TRSF_SEAMLESS_CUBEMAP
    c_texture.maxAnisotropy = opts.max_anisotropy
    c_texture.mipmapLevelBias = opts.mipmap_level_bias
    c_texture.minMipmapLevelClamp = opts.min_mipmap_level_clamp
    c_texture.maxMipmapLevelClamp = opts.max_mipmap_level_clamp
    if opts.border_color is not None:
        for channel in range(_BORDER_CHANNELS):
            c_texture.borderColor[channel] = opts.border_color[channel]
    cdef TextureObject texture = TextureObject.__new__(TextureObject)
    texture._options = opts
    BindlessObject_open(texture, _KIND_TEXTURE_OBJECT, ctx, device_id, descriptor, keep, &c_resource, &c_texture)
    return texture


cdef ResourceDescriptor ResourceDescriptor_new(
    str kind, object source, object format, object num_channels, object size_bytes,
    object width, object height, object pitch_bytes
):
    """Return a descriptor with its fields set (the class methods check them first)."""
    cdef ResourceDescriptor descriptor = ResourceDescriptor.__new__(ResourceDescriptor)
    descriptor._kind = kind
    descriptor._source = source
    descriptor._format = format
    descriptor._num_channels = num_channels
    descriptor._size_bytes = size_bytes
    descriptor._width = width
    descriptor._height = height
    descriptor._pitch_bytes = pitch_bytes
    return descriptor


cdef object ResourceDescriptor_fill(
    ResourceDescriptor self, cydriver.CUDA_RESOURCE_DESC* desc, int device_id
):
    """Describe the source to the driver in ``desc``; return what keeps its memory alive.

    The source must be open, and an array must be on device ``device_id``.
    """
    cdef _DriverArray array
    cdef Buffer buffer
    if self._kind == "array" or self._kind == "mipmapped_array":
        array = <_DriverArray>self._source
        DriverArray_check_open(array)
        ResourceDescriptor_check_device(array._device_id, device_id)
        return DriverArray_describe(array, desc)
    buffer = <Buffer>self._source
    Buffer_check_open(buffer)
    if self._kind == "linear":
        desc.resType = cydriver.CUresourcetype.CU_RESOURCE_TYPE_LINEAR
        desc.res.linear.devPtr = <cydriver.CUdeviceptr>buffer._ptr
        desc.res.linear.format = <cydriver.CUarray_format>cu_array_format(self._format)
        desc.res.linear.numChannels = self._num_channels
        desc.res.linear.sizeInBytes = self._size_bytes
    else:
        desc.resType = cydriver.CUresourcetype.CU_RESOURCE_TYPE_PITCH2D
        desc.res.pitch2D.devPtr = <cydriver.CUdeviceptr>buffer._ptr
        desc.res.pitch2D.format = <cydriver.CUarray_format>cu_array_format(self._format)
        desc.res.pitch2D.numChannels = self._num_channels
        desc.res.pitch2D.width = self._width
        desc.res.pitch2D.height = self._height
        desc.res.pitch2D.pitchInBytes = self._pitch_bytes
    return buffer


cdef object ResourceDescriptor_format(ResourceDescriptor self):
    """Return the format of the elements the descriptor's memory holds."""
    if self._format is not None:
        return self._format
    return self._source.format


cdef int ResourceDescriptor_check_device(int source_device, int device_id) except -1:
    """Raise :class:`ValueError` unless an array was allocated on the device the object is made on."""
    if source_device != device_id:
        raise ValueError(
            f"the resource was allocated on device {source_device}; "
            f"it cannot back an object created on device {device_id}"
        )
    return 0


cdef object float_option(object value, str name):
    """Return a finite number option as a ``float``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be finite, got {number}")
    return number


cdef int BindlessObject_open(
    _BindlessObject self, _TextureHandleKind kind, cydriver.CUcontext ctx, int device_id,
    ResourceDescriptor resource, object keep, cydriver.CUDA_RESOURCE_DESC* c_resource,
    cydriver.CUDA_TEXTURE_DESC* c_texture,
) except -1:
    """Create, in context ``ctx``, the driver object that ``self``, a new texture or surface object, owns.

    ``kind`` says which of the two: a texture object samples ``resource``
    (described to the driver in ``c_resource``) as ``c_texture`` says; a
    surface object has no ``c_texture``. ``self`` holds ``keep``, what keeps
    the memory alive. If the driver fails, ``self`` stays closed.
    """
    cdef unsigned long long c_handle = 0
    cdef bint pushed = False
    self._ctx = ctx
    self._kind = kind
    self._device_id = device_id
    self._resource = resource
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            if kind == _KIND_TEXTURE_OBJECT:
                HANDLE_RETURN(cydriver.cuTexObjectCreate(&c_handle, c_resource, c_texture, NULL))
            else:
                HANDLE_RETURN(cydriver.cuSurfObjectCreate(&c_handle, c_resource))
        finally:
            Context_pop_if_pushed(pushed)
    self._handle = c_handle
    self._keep = keep
    return 0


cdef void BindlessObject_dealloc(_BindlessObject self) noexcept:
    """Destroy a texture or surface object that was never closed; report a failure as a warning."""
    cdef unsigned long long c_handle = self._handle
    if c_handle == 0:
        return
    self._handle = 0
    destroy_or_warn(
        self._ctx, self._kind, c_handle,
        "texture object" if self._kind == _KIND_TEXTURE_OBJECT else "surface object",
    )
