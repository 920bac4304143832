# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef enum _TextureHandleKind:
    _KIND_ARRAY
    _KIND_MIPMAPPED_ARRAY
    _KIND_TEXTURE_OBJECT
    _KIND_SURFACE_OBJECT


cdef class _ArrayHandle:
    cdef:
        cydriver.CUarray _handle
        cydriver.CUcontext _ctx
        bint _owning
        object _parent  # the _MipmapHandle that owns a mipmap level's array, or None
        object _green  # the _GreenContextHandle of a green context the array was made in, or None


cdef class OpaqueArray:
    cdef:
        _ArrayHandle _owned
        tuple _shape
        object _format
        int _num_channels
        bint _surface_load_store
        int _device_id
        object __weakref__


cdef OpaqueArray OpaqueArray_create(int device_id, cydriver.CUcontext ctx, object options)
cdef OpaqueArray OpaqueArray_wrap(
    _ArrayHandle owned, tuple shape, object format, int num_channels, bint surface_load_store, int device_id
)
cdef int OpaqueArray_check_open(OpaqueArray self) except -1
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
cdef int array_descriptor_fill(cydriver.CUDA_ARRAY3D_DESCRIPTOR* desc, object opts) except -1
