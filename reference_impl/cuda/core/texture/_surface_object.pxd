# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core.texture._texture_object cimport _BindlessObject


cdef class SurfaceObject(_BindlessObject):
    pass


cdef SurfaceObject SurfaceObject_create(int device_id, cydriver.CUcontext ctx, object resource)
