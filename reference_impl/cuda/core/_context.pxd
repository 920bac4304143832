# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class Context:
    cdef:
        cydriver.CUcontext _handle
        int _device_id
        object __weakref__


cdef Context Context_from_handle(cydriver.CUcontext handle, int device_id)
cdef int Context_push_if_not_current(cydriver.CUcontext ctx, bint* pushed) except -1 nogil
cdef int Context_pop_if_pushed(bint pushed) except -1 nogil
