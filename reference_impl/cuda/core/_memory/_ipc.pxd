# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver


cdef cydriver.CUmemAllocationHandleType _IPC_HANDLE_TYPE
cdef cydriver.CUmemAllocationHandleType _HANDLE_TYPE_NONE


cdef class IPCBufferDescriptor:
    cdef:
        bytes _payload
        size_t _size


cdef class IPCAllocationHandle:
    cdef:
        int _fd
        object _uuid
        cydriver.CUmemLocationType _location_type  # the pool's; INVALID when not known


cdef IPCBufferDescriptor IPC_export_pointer(uintptr_t ptr, size_t size)
cdef uintptr_t IPC_import_pointer(
    cydriver.CUmemoryPool pool, IPCBufferDescriptor descriptor
) except? 0
cdef int IPC_check_extent(uintptr_t ptr, size_t size) except -1
cdef IPCAllocationHandle IPC_export_pool(
    cydriver.CUmemoryPool pool, cydriver.CUmemLocationType location_type
)
cdef cydriver.CUmemoryPool IPC_import_pool(object alloc_handle) except? NULL
cdef IPCAllocationHandle IPC_handle_argument(object alloc_handle)
cdef int IPC_check_supported() except -1
cdef object IPC_lookup(object uuid)
cdef object IPC_lookup_as(type cls, IPCAllocationHandle alloc_handle)
cdef int IPC_check_location(type cls, IPCAllocationHandle alloc_handle, bint host) except -1
cdef object IPC_register(object resource, IPCAllocationHandle alloc_handle, object uuid)
cdef object IPC_from_registry(object uuid)
cdef int IPC_unregister(object resource, IPCAllocationHandle alloc_handle) except -1
