# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Tensor map descriptors for the Tensor Memory Accelerator (TMA) of Hopper and later GPUs.

A :class:`TensorMapDescriptor` holds the 128-byte ``CUtensorMap`` that
``cuTensorMapEncodeTiled`` encodes for a strided array in device memory.
:meth:`StridedMemoryView.as_tensor_map` creates one; :func:`launch` passes
it to a kernel by value, as a ``const __grid_constant__ CUtensorMap``
parameter.
"""

from __future__ import annotations

from libc.stdint cimport intptr_t, uint32_t, uint64_t
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options

import dataclasses
import enum

from cuda.core._device import Device

__all__ = [
    "TensorMapDataType",
    "TensorMapDescriptor",
    "TensorMapDescriptorOptions",
    "TensorMapInterleave",
    "TensorMapL2Promotion",
    "TensorMapOOBFill",
    "TensorMapSwizzle",
]


cdef enum:
    MAX_RANK = 5
    MAX_BOX_SIZE = 256
    MAX_ELEMENT_STRIDE = 8
    GLOBAL_ALIGNMENT = 16
    KDL_CUDA = 2  # DLPack's kDLCUDA: memory of one device


_MAX_GLOBAL_STRIDE = 1 << 40
"""The bound, exclusive, of the byte strides ``cuTensorMapEncodeTiled`` takes."""

_MAX_GLOBAL_DIM = 1 << 32
"""The bound, inclusive, of the dimension lengths ``cuTensorMapEncodeTiled`` takes."""


class TensorMapDataType(enum.IntEnum):
    """Name the element types of a tensor map, as the driver's ``CUtensorMapDataType`` does."""

    UINT8 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_UINT8
    UINT16 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_UINT16
    UINT32 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_UINT32
    INT32 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_INT32
    UINT64 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_UINT64
    INT64 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_INT64
    FLOAT16 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT16
    FLOAT32 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT32
    FLOAT64 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT64
    BFLOAT16 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
    FLOAT32_FTZ = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ
    TFLOAT32 = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_TFLOAT32
    TFLOAT32_FTZ = cydriver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ


class TensorMapInterleave(enum.IntEnum):
    """Name the interleaved layouts of a tensor map, as the driver's ``CUtensorMapInterleave`` does."""

    NONE = cydriver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE
    INTERLEAVE_16B = cydriver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_16B
    INTERLEAVE_32B = cydriver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_32B


class TensorMapSwizzle(enum.IntEnum):
    """Name the shared-memory swizzles of a tensor map, as the driver's ``CUtensorMapSwizzle`` does."""

    NONE = cydriver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_NONE
    SWIZZLE_32B = cydriver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_32B
    SWIZZLE_64B = cydriver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_64B
    SWIZZLE_128B = cydriver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B


class TensorMapL2Promotion(enum.IntEnum):
    """Name the L2 promotions of a tensor map, as the driver's ``CUtensorMapL2promotion`` does."""

    NONE = cydriver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_NONE
    L2_64B = cydriver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_64B
    L2_128B = cydriver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_128B
    L2_256B = cydriver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B


class TensorMapOOBFill(enum.IntEnum):
    """Name what a tensor map reads outside the tensor, as the driver's ``CUtensorMapFloatOOBfill`` does."""

    NONE = cydriver.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
    NAN_REQUEST_ZERO_FMA = (
        cydriver.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
    )


_ELEMENT_SIZES = {
    TensorMapDataType.UINT8: 1,
    TensorMapDataType.UINT16: 2,
    TensorMapDataType.UINT32: 4,
    TensorMapDataType.INT32: 4,
    TensorMapDataType.UINT64: 8,
    TensorMapDataType.INT64: 8,
    TensorMapDataType.FLOAT16: 2,
    TensorMapDataType.FLOAT32: 4,
    TensorMapDataType.FLOAT64: 8,
    TensorMapDataType.BFLOAT16: 2,
    TensorMapDataType.FLOAT32_FTZ: 4,
    TensorMapDataType.TFLOAT32: 4,
    TensorMapDataType.TFLOAT32_FTZ: 4,
}
"""The size in bytes of an element of each data type."""

_DATA_TYPES_BY_DTYPE = {
    "uint8": TensorMapDataType.UINT8,
    "uint16": TensorMapDataType.UINT16,
    "uint32": TensorMapDataType.UINT32,
    "int32": TensorMapDataType.INT32,
    "uint64": TensorMapDataType.UINT64,
    "int64": TensorMapDataType.INT64,
    "float16": TensorMapDataType.FLOAT16,
    "float32": TensorMapDataType.FLOAT32,
    "float64": TensorMapDataType.FLOAT64,
    "bfloat16": TensorMapDataType.BFLOAT16,
}
"""The data type of the elements of each NumPy (or ``ml_dtypes``) dtype, by the dtype's name."""

_SWIZZLE_SPANS = {
    TensorMapSwizzle.SWIZZLE_32B: 32,
    TensorMapSwizzle.SWIZZLE_64B: 64,
    TensorMapSwizzle.SWIZZLE_128B: 128,
}
"""The most bytes the innermost box dimension may span under each swizzle."""


cdef class TensorMapDescriptor:
    """Hold a tensor map: how the TMA unit copies tiles of an array in device memory.

    The descriptor wraps the opaque 128-byte ``CUtensorMap`` of the driver.
    It is made by :meth:`StridedMemoryView.as_tensor_map`, not by calling
    the class, keeps the viewed array alive, and is passed to a kernel by
    :func:`launch` like any argument.
    """

    def __init__(self) -> None:
        """Refuse: descriptors come from :meth:`StridedMemoryView.as_tensor_map`."""
        raise RuntimeError(
            "TensorMapDescriptor cannot be instantiated directly. "
            "Use StridedMemoryView.as_tensor_map() instead."
        )

    def __repr__(self) -> str:
        return (
            f"TensorMapDescriptor(tiled, rank={self._rank}, data_type={self._data_type!r}, "
            f"swizzle={self._swizzle!r}, device={self._device_id})"
        )

    def replace_address(self, tensor: object) -> None:
        """Point the descriptor at another array of the same shape, strides and type.

        Parameters
        ----------
        tensor : object
            A :class:`StridedMemoryView`, or an object that supports DLPack
            or the CUDA Array Interface, in device-accessible memory of the
            descriptor's device at a 16-byte-aligned address.

        Raises
        ------
        CUDAError
            If the driver refuses the address.
        ValueError
            If the memory is not device-accessible, not 16-byte aligned, or
            on another device.
        """
        view = TMD_validated_view(tensor)
        TMD_require_device(view, self._device_id, "replace_address")
        cdef void* c_address = <void*><intptr_t>view.ptr
        with nogil:
            HANDLE_RETURN(cydriver.cuTensorMapReplaceAddress(&self._tensor_map, c_address))
        self._source_ref = view.exporting_obj
        self._view_ref = view

    @property
    def device(self) -> Device | None:
        """Return the device whose context was current when the descriptor was made."""
        return Device(self._device_id) if self._device_id >= 0 else None


@dataclasses.dataclass
class TensorMapDescriptorOptions:
    """Options for :meth:`StridedMemoryView.as_tensor_map`: the tile and how it is copied.

    Sequences are given, like the array's shape, outermost dimension first.

    Attributes
    ----------
    box_dim : tuple[int, ...]
        The size of the tile in each dimension, in elements, 1 to 256.
    element_strides : tuple[int, ...] or None
        The step, in elements, between the elements the tile takes in each
        dimension, 1 to 8; ``None`` (the default) takes every element.
    data_type : object
        The element type, a NumPy (or ``ml_dtypes``) dtype or a
        :class:`TensorMapDataType`; ``None`` (the default) takes the array's.
    interleave : TensorMapInterleave
        The interleaved layout; ``NONE`` by default.
    swizzle : TensorMapSwizzle
        How the tile is swizzled in shared memory; ``NONE`` by default.
    l2_promotion : TensorMapL2Promotion
        How much is promoted to L2 with each load; ``NONE`` by default.
    oob_fill : TensorMapOOBFill
        What is read outside the array; ``NONE`` (zeros) by default.
    """

    box_dim: tuple[int, ...]
    element_strides: tuple[int, ...] | None = None
    data_type: object = None
    interleave: TensorMapInterleave = TensorMapInterleave.NONE
    swizzle: TensorMapSwizzle = TensorMapSwizzle.NONE
    l2_promotion: TensorMapL2Promotion = TensorMapL2Promotion.NONE
    oob_fill: TensorMapOOBFill = TensorMapOOBFill.NONE

    def __post_init__(self) -> None:
        """Check the types of the options, and turn the sequences into tuples."""
        self.box_dim = TMD_int_tuple("box_dim", self.box_dim)
        if self.element_strides is not None:
            self.element_strides = TMD_int_tuple("element_strides", self.element_strides)
        self.data_type = TMD_normalized_data_type(self.data_type)
        TMD_require_enum("interleave", self.interleave, TensorMapInterleave)
        TMD_require_enum("swizzle", self.swizzle, TensorMapSwizzle)
        TMD_require_enum("l2_promotion", self.l2_promotion, TensorMapL2Promotion)
        TMD_require_enum("oob_fill", self.oob_fill, TensorMapOOBFill)


def _tiled_descriptor(
    view: object,
    box_dim: object,
    options: object,
    element_strides: object,
    data_type: object,
    interleave: object,
    swizzle: object,
    l2_promotion: object,
    oob_fill: object,
) -> TensorMapDescriptor:
    """Encode a tiled tensor map of ``view``: the body of :meth:`StridedMemoryView.as_tensor_map`."""
    individual = (
        box_dim is not None
        or element_strides is not None
        or data_type is not None
        or any(value is not None for value in (interleave, swizzle, l2_promotion, oob_fill))
    )
    if options is not None:
        if individual:
            raise TypeError("Specify either options or the individual tensor map arguments, not both")
        options = check_or_create_options(
            TensorMapDescriptorOptions, options, "Tensor map descriptor options"
        )
    elif box_dim is None:
        raise TypeError("box_dim is required unless options is provided")
    else:
        options = TensorMapDescriptorOptions(
            box_dim=box_dim,
            element_strides=element_strides,
            data_type=data_type,
            interleave=TensorMapInterleave.NONE if interleave is None else interleave,
            swizzle=TensorMapSwizzle.NONE if swizzle is None else swizzle,
            l2_promotion=TensorMapL2Promotion.NONE if l2_promotion is None else l2_promotion,
            oob_fill=TensorMapOOBFill.NONE if oob_fill is None else oob_fill,
        )
    return TMD_encode_tiled(TMD_validated_view(view), options)


cdef TensorMapDescriptor TMD_encode_tiled(object view, object options):
    """Encode the tiled tensor map of the checked ``view`` that ``options`` describe."""
    cdef TensorMapDescriptor self = TensorMapDescriptor.__new__(TensorMapDescriptor)
    cdef cydriver.CUcontext c_context = NULL
    cdef cydriver.CUdevice c_device = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_context))
    if c_context == NULL:
        raise RuntimeError("TensorMapDescriptor requires an active CUDA context")
    with nogil:
        HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
    self._context = <intptr_t>c_context
    self._device_id = c_device
    TMD_require_device(view, self._device_id, "TensorMapDescriptor._from_tiled")
    data_type = TMD_data_type(view, options.data_type)
    shape = tuple(view.shape)
    cdef int rank = len(shape)
    if rank < 1 or rank > MAX_RANK:
        raise ValueError(f"Tensor rank must be between 1 and {MAX_RANK}, got {rank}")
    box_dim = options.box_dim
    if len(box_dim) != rank:
        raise ValueError(
            f"box_dim must have {rank} elements (same as tensor rank), got {len(box_dim)}"
        )
    for i, size in enumerate(box_dim):
        if size < 1 or size > MAX_BOX_SIZE:
            raise ValueError(f"box_dim[{i}] must be in [1, {MAX_BOX_SIZE}], got {size}")
    element_strides = options.element_strides
    if element_strides is None:
        element_strides = (1,) * rank
    elif len(element_strides) != rank:
        raise ValueError(f"element_strides must have {rank} elements, got {len(element_strides)}")
    for i, step in enumerate(element_strides):
        if step < 1 or step > MAX_ELEMENT_STRIDE:
            raise ValueError(f"element_strides[{i}] must be in [1, {MAX_ELEMENT_STRIDE}], got {step}")
    element_size = _ELEMENT_SIZES[data_type]
    byte_strides = TMD_byte_strides(shape, view.strides, element_size)
    TMD_check_layout(options, shape, byte_strides, box_dim, element_size)
    # The driver orders dimensions innermost first, the reverse of the array's
    # shape; the innermost byte stride is the element size, and is not passed.
    cdef uint64_t c_global_dim[MAX_RANK]
    cdef uint64_t c_global_strides[MAX_RANK]
    cdef uint32_t c_box_dim[MAX_RANK]
    cdef uint32_t c_element_strides[MAX_RANK]
    cdef int i_c
    for i_c in range(rank):
        c_global_dim[i_c] = shape[rank - 1 - i_c]
        c_box_dim[i_c] = box_dim[rank - 1 - i_c]
        c_element_strides[i_c] = element_strides[rank - 1 - i_c]
    for i_c in range(rank - 1):
        c_global_strides[i_c] = byte_strides[rank - 2 - i_c]
    cdef cydriver.CUtensorMapDataType c_data_type = int(data_type)
    cdef uint32_t c_rank = rank
    cdef void* c_address = <void*><intptr_t>view.ptr
    cdef cydriver.CUtensorMapInterleave c_interleave = int(options.interleave)
    cdef cydriver.CUtensorMapSwizzle c_swizzle = int(options.swizzle)
    cdef cydriver.CUtensorMapL2promotion c_l2_promotion = int(options.l2_promotion)
    cdef cydriver.CUtensorMapFloatOOBfill c_oob_fill = int(options.oob_fill)
    with nogil:
        HANDLE_RETURN(
            cydriver.cuTensorMapEncodeTiled(
                &self._tensor_map,
                c_data_type,
                c_rank,
                c_address,
                c_global_dim,
                c_global_strides,
                c_box_dim,
                c_element_strides,
                c_interleave,
                c_swizzle,
                c_l2_promotion,
                c_oob_fill,
            )
        )
    # The descriptor holds the array's address: keep the array alive with it.
    self._source_ref = view.exporting_obj
    self._view_ref = view
    self._rank = rank
    self._data_type = data_type
    self._swizzle = options.swizzle
    return self


cdef object TMD_validated_view(object tensor):
    """Return a view of ``tensor`` in device-accessible memory at a 16-byte-aligned address."""
    from cuda.core._memoryview import StridedMemoryView

    if isinstance(tensor, StridedMemoryView):
        view = tensor
    else:
        # Encoding reads only the array's layout, so no stream has to wait.
        view = StridedMemoryView.from_any_interface(tensor, stream_ptr=-1)
    if not view.is_device_accessible:
        raise ValueError("The tensor must be device-accessible")
    if view.ptr % GLOBAL_ALIGNMENT:
        raise ValueError(f"Global memory address must be 16-byte aligned, got address 0x{view.ptr:x}")
    return view


cdef int TMD_require_device(object view, int device_id, str operation) except -1:
    """Refuse memory of one device other than ``device_id``; pinned and managed memory pass."""
    device_type, view_device = view.__dlpack_device__()
    if device_type == KDL_CUDA and view_device != device_id:
        raise ValueError(f"{operation} expects tensor on device {device_id}, got {view_device}")
    return 0


cdef object TMD_data_type(object view, object data_type):
    """Return the :class:`TensorMapDataType` given, or that of the view's elements."""
    if isinstance(data_type, TensorMapDataType):
        return data_type
    dtype = view.dtype if data_type is None else TMD_normalized_data_type(data_type)
    if dtype is None:
        raise ValueError(
            "Cannot infer TMA data type from the tensor; please specify data_type explicitly"
        )
    try:
        return _DATA_TYPES_BY_DTYPE[dtype.name]
    except (AttributeError, KeyError):
        raise ValueError(
            f"Unsupported dtype {dtype} for TMA; supported dtypes: "
            f"{', '.join(_DATA_TYPES_BY_DTYPE)}. You may also specify data_type explicitly."
        ) from None


cdef object TMD_normalized_data_type(object data_type):
    """Return ``data_type`` as a NumPy dtype, unless it is ``None`` or a :class:`TensorMapDataType`."""
    if data_type is None or isinstance(data_type, TensorMapDataType):
        return data_type
    import numpy

    try:
        return numpy.dtype(data_type)
    except TypeError as exc:
        raise TypeError(
            f"data_type must be a TensorMapDataType or a numpy/ml_dtypes dtype, got {type(data_type)}"
        ) from exc


cdef tuple TMD_int_tuple(str name, object values):
    """Return ``values`` as a tuple of ints; raise :class:`TypeError` for anything else."""
    try:
        values = tuple(values)
    except TypeError as exc:
        raise TypeError(f"{name} must be a tuple of ints, got {type(values)}") from exc
    for i, value in enumerate(values):
        if not isinstance(value, int):
            raise TypeError(f"{name}[{i}] must be an int, got {type(value)}")
    return values


cdef int TMD_require_enum(str name, object value, object enum_type) except -1:
    """Raise :class:`TypeError` unless ``value`` is a member of ``enum_type``."""
    if not isinstance(value, enum_type):
        raise TypeError(f"{name} must be a {enum_type.__name__}, got {type(value)}")
    return 0


cdef tuple TMD_byte_strides(tuple shape, object strides, object element_size):
    """Return the byte strides of an array, outermost first; C-contiguous without ``strides``."""
    if strides is not None:
        return tuple(stride * element_size for stride in strides)
    byte_strides = []
    step = element_size
    for length in reversed(shape):
        byte_strides.append(step)
        step *= length
    return tuple(reversed(byte_strides))


cdef int TMD_check_layout(
    object options, tuple shape, tuple byte_strides, object box_dim, object element_size
) except -1:
    """Refuse, with :class:`ValueError`, a layout ``cuTensorMapEncodeTiled`` would refuse."""
    rank = len(shape)
    for i, length in enumerate(shape):
        if length < 1 or length > _MAX_GLOBAL_DIM:
            raise ValueError(f"shape[{i}] must be in [1, {_MAX_GLOBAL_DIM}], got {length}")
    if byte_strides[rank - 1] != element_size:
        raise ValueError("the innermost dimension must be contiguous (element stride 1)")
    for i in range(rank - 1):
        stride = byte_strides[i]
        if stride <= 0 or stride % GLOBAL_ALIGNMENT or stride >= _MAX_GLOBAL_STRIDE:
            raise ValueError(
                f"the stride of dimension {i} must be a positive multiple of 16 bytes "
                f"below 2**40, got {stride} bytes"
            )
    inner_bytes = box_dim[rank - 1] * element_size
    if options.interleave == TensorMapInterleave.NONE:
        if inner_bytes % GLOBAL_ALIGNMENT:
            raise ValueError(
                f"box_dim[{rank - 1}] spans {inner_bytes} bytes; without interleave it must "
                "span a multiple of 16 bytes"
            )
        span = _SWIZZLE_SPANS.get(options.swizzle)
        if span is not None and inner_bytes > span:
            raise ValueError(
                f"box_dim[{rank - 1}] spans {inner_bytes} bytes, more than the {span} bytes "
                f"{options.swizzle.name} allows"
            )
    return 0
