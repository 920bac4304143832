# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core.texture._opaque_array cimport _TextureHandleKind, _TextureResource


cdef class ResourceDescriptor:
    cdef:
        str _kind
        object _source
        object _format
        object _num_channels
        object _size_bytes
        object _width
        object _height
        object _pitch_bytes


cdef class _BindlessObject(_TextureResource):
    cdef:
        unsigned long long _handle  # the CUtexObject or CUsurfObject
        cydriver.CUcontext _ctx
        _TextureHandleKind _kind
        ResourceDescriptor _resource
        object _keep  # what holds the memory the object reads: an array's handle, or a Buffer
        object _green  # the _GreenContextHandle of a green context the object was made in, or None


cdef class TextureObject(_BindlessObject):
    cdef:
        object _options


cdef TextureObject TextureObject_create(
    int device_id, cydriver.CUcontext ctx, object resource, object options
)
cdef int BindlessObject_open(
    _BindlessObject self, _TextureHandleKind kind, cydriver.CUcontext ctx, int device_id,
    ResourceDescriptor resource, object keep, cydriver.CUDA_RESOURCE_DESC* c_resource,
    cydriver.CUDA_TEXTURE_DESC* c_texture,
) except -1
cdef object ResourceDescriptor_fill(
    ResourceDescriptor self, cydriver.CUDA_RESOURCE_DESC* desc, int device_id
)
