# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class SMResource:
    cdef:
        cydriver.CUdevResource _resource
        unsigned int _min_partition_size
        unsigned int _coscheduled_alignment
        bint _is_usable


cdef class WorkqueueResource:
    cdef:
        cydriver.CUdevResource _config
        cydriver.CUdevResource _workqueue


cdef class DeviceResources:
    cdef:
        int _device_id
        cydriver.CUcontext _ctx
        object _owner


cdef DeviceResources DeviceResources_create(int device_id, cydriver.CUcontext ctx, object owner)
cdef int DeviceResources_check_green_support() except -1
