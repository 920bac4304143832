# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer, MemoryResource
from cuda.core._memory._ipc cimport IPCAllocationHandle
from cuda.core._stream cimport Stream


cdef class _MemPool(MemoryResource):
    cdef:
        cydriver.CUmemoryPool _pool
        bint _owns_pool
        bint _closed
        bint _mapped
        object _alloc_handle
        object _attributes
        object __weakref__
    cdef Buffer _allocate(self, object size, object stream)
    cdef int _free_async(self, object ptr, object stream) except -1


cdef class _IPCMemPool(_MemPool):
    pass


cdef class _MemPoolAttributes:
    cdef:
        object _resource
        cydriver.CUmemoryPool _pool


cdef int MP_check_open(_MemPool self) except -1
cdef int MP_use_current_pool(
    _MemPool self,
    cydriver.CUmemLocationType location_type,
    int location_id,
    cydriver.CUmemAllocationType allocation_type,
) except -1
cdef int MP_create_pool(
    _MemPool self, cydriver.CUmemLocationType location_type, int location_id,
    cydriver.CUmemAllocationType allocation_type, size_t max_size, bint ipc_enabled=*,
) except -1
cdef _MemPoolAttributes MPA_create(object resource, cydriver.CUmemoryPool pool)
cdef uintptr_t MP_allocate(_MemPool self, size_t size, Stream stream) except? 0
cdef uintptr_t MP_allocate_checked(_MemPool self, size_t size, Stream stream) except? 0
cdef int MP_check_allocatable(_MemPool self) except -1
cdef int MP_refuse_capture(cydriver.CUstreamCaptureStatus status) except -1
cdef cydriver.CUstreamCaptureStatus capture_status(cydriver.CUstream stream) except *
cdef int MP_map_pool(_MemPool self, object handle) except -1
cdef tuple MP_lookup_mapped(type cls, object alloc_handle, bint host)
cdef int free_async(object ptr, object stream) except -1
