# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Mipmapped CUDA arrays: a texture and its successively halved levels, for filtered sampling.

A :class:`MipmappedArray` owns a ``CUmipmappedArray``. Each level is an
array of its own, which :meth:`MipmappedArray.get_level` gives as an
:class:`~cuda.core.texture.OpaqueArray` to fill or to bind to a surface;
a texture object made from the mipmapped array samples across the levels.
"""

from __future__ import annotations

from cpython.ref cimport Py_REFCNT
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context, Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options, int_argument
from cuda.core.texture._opaque_array cimport (
    OpaqueArray,
    OpaqueArray_wrap,
    _ArrayHandle,
    _KIND_MIPMAPPED_ARRAY,
    array_descriptor_fill,
    array_format,
    channels_argument,
    destroy_or_raise,
    destroy_or_warn,
    shape_argument,
)

import dataclasses

from cuda.core.typing import ArrayFormatType

__all__ = ["MipmappedArray", "MipmappedArrayOptions"]


cdef class MipmappedArray:
    """Own a mipmapped CUDA array: a base level and levels of half its extents each, for textures.

    A mipmapped array is made by :meth:`Device.create_mipmapped_array`; it
    cannot be constructed directly. Its levels have no device pointer
    either: :meth:`get_level` gives each as an
    :class:`~cuda.core.texture.OpaqueArray`, which copies data in and out,
    and a :class:`~cuda.core.texture.TextureObject` made from
    :meth:`ResourceDescriptor.from_mipmapped_array` samples across them.

    Notes
    -----
    The driver's mipmapped array is shared by this object, its levels and
    the texture objects made from it. :meth:`close` lets go of this
    object's share; the driver object is destroyed with the last holder, at
    once if no level or texture object remains. A failure to destroy it
    then is reported as a :class:`RuntimeWarning`.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Device.create_mipmapped_array`."""
        raise RuntimeError(
            "MipmappedArray objects cannot be instantiated directly. "
            "Please use Device.create_mipmapped_array()."
        )

    def __enter__(self) -> MipmappedArray:
        return self

    def __exit__(self, exc_type: object, exc_value: object, traceback: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._owned is None:
            return f"<MipmappedArray shape={self._shape} levels={self._num_levels} (closed)>"
        address = <uintptr_t>self._owned._handle
        return f"<MipmappedArray handle={address:#x} shape={self._shape} levels={self._num_levels}>"

    def close(self) -> None:
        """Let go of the driver object; destroy it now unless a level or a texture object still uses it.

        Closing a closed mipmapped array does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to destroy it. It counts as closed even then.
        """
        cdef _MipmapHandle owned = self._owned
        if owned is None:
            return
        self._owned = None
        # Only this local holds it now: destroy it here, where a failure can be raised.
        # Otherwise the last level or texture object that uses it destroys it.
        if Py_REFCNT(owned) == 1:
            MipmapHandle_destroy(owned)

    def get_level(self, level: int) -> OpaqueArray:
        """Return one level as an :class:`~cuda.core.texture.OpaqueArray`.

        Each level halves the extents of the one before (rounding down, to
        at least 1). The level's array belongs to the mipmapped array:
        closing it destroys nothing, and it keeps the mipmapped array's
        memory alive while it is open.

        Parameters
        ----------
        level : int
            The level, from 0 (the base) to :attr:`num_levels` - 1.

        Returns
        -------
        OpaqueArray
            The level.

        Raises
        ------
        TypeError
            If ``level`` is not an int.
        ValueError
            If ``level`` is not below :attr:`num_levels`, or negative.
        RuntimeError
            If the mipmapped array is closed.
        CUDAError
            If the driver fails.
        """
        index = int_argument(level, "level")
        if not 0 <= index < self._num_levels:
            raise ValueError(f"level must be in [0, {self._num_levels}), got {index}")
        MipmappedArray_check_open(self)
        cdef _MipmapHandle owner = self._owned
        cdef cydriver.CUmipmappedArray c_mipmap = owner._handle
        cdef cydriver.CUcontext c_ctx = owner._ctx
        cdef unsigned int c_level = index
        cdef cydriver.CUarray c_array = NULL
        cdef bint pushed = False
        with nogil:
            Context_push_if_not_current(c_ctx, &pushed)
            try:
                HANDLE_RETURN(cydriver.cuMipmappedArrayGetLevel(&c_array, c_mipmap, c_level))
            finally:
                Context_pop_if_pushed(pushed)
        cdef _ArrayHandle handle = _ArrayHandle.__new__(_ArrayHandle)
        handle._handle = c_array
        handle._ctx = c_ctx
        handle._owning = False
        handle._parent = owner
        shape = tuple(max(1, extent >> index) for extent in self._shape)
        return OpaqueArray_wrap(
            handle, shape, self._format, self._num_channels, self._surface_load_store, self._device_id
        )

    @property
    def device(self) -> Device:
        """The :class:`Device` the mipmapped array was allocated on."""
        # Imported here: cuda.core._device makes mipmapped arrays, and imports this module when it does.
        from cuda.core._device import Device

        return Device(self._device_id)

    @property
    def format(self) -> ArrayFormatType:
        """The :class:`~cuda.core.typing.ArrayFormatType` of each channel of an element."""
        return self._format

    @property
    def handle(self) -> int:
        """The driver's ``CUmipmappedArray``, as an int; the object keeps ownership of it.

        Raises
        ------
        RuntimeError
            If the mipmapped array is closed.
        """
        MipmappedArray_check_open(self)
        return <uintptr_t>self._owned._handle

    @property
    def is_closed(self) -> bool:
        """Whether the mipmapped array has been closed."""
        return self._owned is None

    @property
    def is_surface_load_store(self) -> bool:
        """Whether surface objects can be made of its levels."""
        return self._surface_load_store

    @property
    def num_channels(self) -> int:
        """The channels of an element: 1, 2 or 4."""
        return self._num_channels

    @property
    def num_levels(self) -> int:
        """The number of levels, the base level included."""
        return self._num_levels

    @property
    def shape(self) -> tuple[int, ...]:
        """The extents of the base level, in elements."""
        return self._shape


@dataclasses.dataclass
class MipmappedArrayOptions:
    """Describe the :class:`MipmappedArray` that :meth:`Device.create_mipmapped_array` makes.

    The fields are checked, and ``shape`` and ``format`` normalized, when
    the options are made.

    Attributes
    ----------
    shape : tuple of int
        The extents of the base level in elements: ``(width,)``,
        ``(width, height)`` or ``(width, height, depth)``, each at least 1.
    format : ArrayFormatType, str or numpy.dtype
        The type of each channel, as for :class:`OpaqueArrayOptions`.
        Stored as an :class:`~cuda.core.typing.ArrayFormatType`.
    num_channels : int
        The channels of an element: 1, 2 or 4.
    num_levels : int
        The number of levels, at least 1. The driver refuses more than
        the base level's largest extent can halve to (1 plus its log2).
    is_surface_load_store : bool, optional
        Allow surface objects on the levels (``CUDA_ARRAY3D_SURFACE_LDST``).
        Default: ``False``.

    Raises
    ------
    TypeError
        If ``shape`` is not a sequence of ints, or ``num_levels`` not an int.
    ValueError
        If ``shape``, ``format`` or ``num_channels`` is not valid (see
        :class:`OpaqueArrayOptions`), or ``num_levels`` is below 1.
    """

    shape: tuple[int, ...]
    format: object
    num_channels: int
    num_levels: int
    is_surface_load_store: bool = False

    def __post_init__(self) -> None:
        self.shape = shape_argument(self.shape)
        self.format = array_format(self.format)
        channels_argument(self.num_channels)
        self.num_levels = int_argument(self.num_levels, "num_levels")
        if self.num_levels < 1:
            raise ValueError(f"num_levels must be at least 1, got {self.num_levels}")
        self.is_surface_load_store = bool(self.is_surface_load_store)


cdef class _MipmapHandle:
    """Own a driver mipmapped array, and destroy it when the last of its holders lets go.

    Not part of the public API: a :class:`MipmappedArray` holds one, and so
    do its levels and the texture objects made from it.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("_MipmapHandle objects are made by Device.create_mipmapped_array")

    def __dealloc__(self) -> None:
        MipmapHandle_dealloc(self)

    def close(self) -> None:
        """Destroy the driver mipmapped array now; a second call does nothing.

        Only for its last holder: no level or texture object may still use it.

        Raises
        ------
        CUDAError
            If the driver fails to destroy it.
        """
        MipmapHandle_destroy(self)


def _create_mipmapped_array(device: object, options: object) -> MipmappedArray:
    """Allocate a mipmapped array in ``device``'s current context: :meth:`Device.create_mipmapped_array`."""
    cdef Context ctx = device.context
    cdef MipmappedArray array = MipmappedArray_create(device.device_id, ctx._handle, options)
    # The array is destroyed in its context: a green one must outlive it.
    array._owned._green = ctx._green
    return array

cdef MipmappedArray MipmappedArray_create(int device_id, cydriver.CUcontext ctx, object options):
    """Allocate a new mipmapped array in context ``ctx`` of device ``device_id``."""
    if options is None:
        raise TypeError(
            "Device.create_mipmapped_array needs options: a MipmappedArrayOptions or a dict of its fields"
        )
    opts = check_or_create_options(MipmappedArrayOptions, options, "MipmappedArray options")
    cdef cydriver.CUDA_ARRAY3D_DESCRIPTOR c_desc
    array_descriptor_fill(&c_desc, opts)
    cdef unsigned int c_levels = opts.num_levels
    cdef cydriver.CUmipmappedArray c_handle = NULL
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuMipmappedArrayCreate(&c_handle, &c_desc, c_levels))
        finally:
            Context_pop_if_pushed(pushed)
    cdef _MipmapHandle owned = _MipmapHandle.__new__(_MipmapHandle)
    owned._handle = c_handle
    owned._ctx = ctx
    cdef MipmappedArray mipmapped = MipmappedArray.__new__(MipmappedArray)
    mipmapped._owned = owned
    mipmapped._shape = opts.shape
    mipmapped._format = opts.format
    mipmapped._num_channels = opts.num_channels
    mipmapped._num_levels = opts.num_levels
    mipmapped._surface_load_store = opts.is_surface_load_store
    mipmapped._device_id = device_id
    return mipmapped


cdef int MipmappedArray_check_open(MipmappedArray self) except -1:
    """Raise :class:`RuntimeError` if the mipmapped array has been closed."""
    if self._owned is None:
        raise RuntimeError("MipmappedArray has been closed")
    return 0


cdef int MipmapHandle_destroy(_MipmapHandle self) except -1:
    """Destroy the driver mipmapped array now, in its context."""
    cdef cydriver.CUmipmappedArray c_handle = self._handle
    cdef cydriver.CUcontext c_ctx = self._ctx
    if c_handle == NULL:
        return 0
    self._handle = NULL
    return destroy_or_raise(c_ctx, _KIND_MIPMAPPED_ARRAY, <uintptr_t>c_handle)


cdef void MipmapHandle_dealloc(_MipmapHandle self) noexcept:
    """Destroy a driver mipmapped array that its last holder let go of; report a failure as a warning."""
    cdef cydriver.CUmipmappedArray c_handle = self._handle
    if c_handle == NULL:
        return
    self._handle = NULL
    destroy_or_warn(self._ctx, _KIND_MIPMAPPED_ARRAY, <uintptr_t>c_handle, "mipmapped array")
