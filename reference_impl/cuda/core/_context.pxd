# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class Context:
    cdef:
        cydriver.CUcontext _handle
        int _device_id
        object _green  # a _GreenContextHandle, or None
        object __weakref__


cdef class _GreenContextHandle:
    cdef:
        cydriver.CUgreenCtx _handle
        cydriver.CUcontext _ctx


cdef Context Context_from_handle(cydriver.CUcontext handle, int device_id)
cdef Context Context_from_green(_GreenContextHandle green, int device_id)
cdef Context Context_create_green(int device_id, object options)
cdef int Context_check_open(Context self) except -1
cdef int Context_push_if_not_current(cydriver.CUcontext ctx, bint* pushed) except -1 nogil
cdef int Context_pop_if_pushed(bint pushed) except -1 nogil
