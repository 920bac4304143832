# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.core._memory._buffer cimport MemoryResource


cdef class VirtualMemoryResource(MemoryResource):
    cdef:
        dict _allocations
        dict __dict__
        object __weakref__
