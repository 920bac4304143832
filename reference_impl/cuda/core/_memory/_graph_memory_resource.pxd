# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.core._memory._buffer cimport MemoryResource


cdef class _GraphMemoryResource(MemoryResource):
    cdef:
        int _device_id


cdef class GraphMemoryResourceAttributes:
    cdef:
        int _device_id
