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

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context, Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options, int_argument
from cuda.core.texture._opaque_array cimport (
    DriverArray_check_open,
    DriverArray_create,
    DriverArray_init,
    DriverArray_repr,
    OpaqueArray,
    _ArrayHandle,
    _DriverArray,
    _KIND_ARRAY,
    array_options_check,
)

import dataclasses

from cuda.core.typing import ArrayFormatType

__all__ = ["MipmappedArray", "MipmappedArrayOptions"]


cdef class MipmappedArray(_DriverArray):
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

    def __repr__(self) -> str:
        return DriverArray_repr(self, f"levels={self._num_levels}")

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
        DriverArray_check_open(self)
        cdef _ArrayHandle owner = self._owned
        cdef cydriver.CUmipmappedArray c_mipmap = <cydriver.CUmipmappedArray><uintptr_t>owner._handle
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
        handle._handle = <uintptr_t>c_array
        handle._kind = _KIND_ARRAY
        handle._ctx = c_ctx
        handle._owning = False
        handle._parent = owner
        shape = tuple(max(1, extent >> index) for extent in self._shape)
        cdef OpaqueArray array = OpaqueArray.__new__(OpaqueArray)
        DriverArray_init(array, handle, shape, self, self._device_id)
        return array

    @property
    def num_levels(self) -> int:
        """The number of levels, the base level included."""
        return self._num_levels


@dataclasses.dataclass
class MipmappedArrayOptions:
    """Describe the :class:`MipmappedArray` that :meth:`Device.create_mipmapped_array` makes.

    The fields are those of :class:`OpaqueArrayOptions`, checked and
    normalized alike when the options are made, with ``num_levels`` added.

    Attributes
    ----------
    shape : tuple of int
        The extents of the base level in elements, each at least 1.
    format : ArrayFormatType, str or numpy.dtype
        The type of each channel, as for :class:`OpaqueArrayOptions`.
    num_channels : int
        1, 2 or 4.
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
        array_options_check(self)
        self.num_levels = int_argument(self.num_levels, "num_levels")
        if self.num_levels < 1:
            raise ValueError(f"num_levels must be at least 1, got {self.num_levels}")
        self.is_surface_load_store = bool(self.is_surface_load_store)


def _create_mipmapped_array(device: object, options: object) -> MipmappedArray:
    """Allocate a mipmapped array in ``device``'s current context: :meth:`Device.create_mipmapped_array`."""
    cdef Context ctx = device.context
    cdef MipmappedArray mipmapped = MipmappedArray.__new__(MipmappedArray)
    if options is None:
        raise TypeError(
            "Device.create_mipmapped_array needs options: a MipmappedArrayOptions or a dict of its fields"
        )
    opts = check_or_create_options(MipmappedArrayOptions, options, "MipmappedArray options")
    mipmapped._num_levels = opts.num_levels
    DriverArray_create(mipmapped, ctx, device.device_id, opts, opts.num_levels)
    return mipmapped
