# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport MemoryResource


cdef class DeviceMemoryResource(MemoryResource):
    cdef:
        cydriver.CUmemoryPool _pool
        int _device_id
        bint _owns_pool
        bint _closed
        bint _mapped
        object _alloc_handle
        object _attributes
        object __weakref__
