# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


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


cdef class TextureObject:
    cdef:
        cydriver.CUtexObject _handle
        cydriver.CUcontext _ctx
        int _device_id
        ResourceDescriptor _resource
        object _options
        object _keep  # what holds the memory the texture reads: an array's handle, or a Buffer
        object __weakref__


cdef TextureObject TextureObject_create(
    int device_id, cydriver.CUcontext ctx, object resource, object options
)
cdef object ResourceDescriptor_fill(
    ResourceDescriptor self, cydriver.CUDA_RESOURCE_DESC* desc, int device_id
)
