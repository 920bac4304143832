# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core.texture._texture_object cimport ResourceDescriptor


cdef class SurfaceObject:
    cdef:
        cydriver.CUsurfObject _handle
        cydriver.CUcontext _ctx
        int _device_id
        ResourceDescriptor _resource
        object _keep  # the handle of the array the surface reads and writes
        object __weakref__


cdef SurfaceObject SurfaceObject_create(int device_id, cydriver.CUcontext ctx, object resource)
