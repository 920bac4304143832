# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport MemoryResource


cdef class _GraphicsRegistration:
    cdef:
        cydriver.CUgraphicsResource _handle
        cydriver.CUcontext _ctx
        int _device_id
        bint _mapped
        object _buffer  # a weak reference to the Buffer of the current mapping
        object _stream  # the Stream of the current mapping


cdef class _GraphicsMapping(MemoryResource):
    cdef _GraphicsRegistration _registration


cdef class GraphicsResource:
    cdef:
        _GraphicsRegistration _registration
        object _context_manager_stream
        object __weakref__
