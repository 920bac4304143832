# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core._context cimport Context


cdef enum _TextureHandleKind:
    _KIND_ARRAY
    _KIND_MIPMAPPED_ARRAY
    _KIND_TEXTURE_OBJECT
    _KIND_SURFACE_OBJECT


cdef class _ArrayHandle:
    cdef:
        unsigned long long _handle  # the CUarray or CUmipmappedArray
        _TextureHandleKind _kind  # _KIND_ARRAY or _KIND_MIPMAPPED_ARRAY
        cydriver.CUcontext _ctx
        bint _owning
        object _parent  # the _ArrayHandle of the mipmapped array that owns a level's array, or None
        object _green  # the _GreenContextHandle of a green context the array was made in, or None


cdef class _TextureResource:
    cdef:
        int _device_id
        object __weakref__


cdef class _DriverArray(_TextureResource):
    cdef:
        _ArrayHandle _owned
        tuple _shape
        object _format
        int _num_channels
        bint _surface_load_store


cdef class OpaqueArray(_DriverArray):
    pass


cdef int DriverArray_create(
    _DriverArray self, Context ctx, int device_id, object opts, unsigned int levels
) except -1
cdef int DriverArray_init(
    _DriverArray self, _ArrayHandle owned, tuple shape, object like, int device_id
) except -1
cdef int DriverArray_check_open(_DriverArray self) except -1
cdef object DriverArray_describe(_DriverArray self, cydriver.CUDA_RESOURCE_DESC* desc)
cdef str DriverArray_repr(_DriverArray self, str details)
cdef object array_format(object format)
cdef int channels_argument(object num_channels) except -1
cdef tuple shape_argument(object shape)
cdef int cu_array_format(object format) except -1
cdef size_t format_size(object format) except 0
cdef bint is_integer_format(object format) except -1
cdef cydriver.CUresult destroy_in_context(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle
) noexcept nogil
cdef int destroy_or_raise(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle
) except -1
cdef void destroy_or_warn(
    cydriver.CUcontext ctx, _TextureHandleKind kind, unsigned long long handle, str what
) noexcept
cdef int array_options_check(object opts) except -1
