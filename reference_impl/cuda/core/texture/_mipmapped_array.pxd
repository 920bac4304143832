# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class _MipmapHandle:
    cdef:
        cydriver.CUmipmappedArray _handle
        cydriver.CUcontext _ctx
        object _green  # the _GreenContextHandle of a green context the array was made in, or None


cdef class MipmappedArray:
    cdef:
        _MipmapHandle _owned
        tuple _shape
        object _format
        int _num_channels
        int _num_levels
        bint _surface_load_store
        int _device_id
        object __weakref__


cdef MipmappedArray MipmappedArray_create(int device_id, cydriver.CUcontext ctx, object options)
cdef int MipmappedArray_check_open(MipmappedArray self) except -1
