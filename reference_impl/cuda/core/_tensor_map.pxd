# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from libc.stdint cimport intptr_t
from cuda.bindings cimport cydriver


cdef class TensorMapDescriptor:
    cdef:
        cydriver.CUtensorMap _tensor_map
        object _source_ref
        object _view_ref
        intptr_t _context
        int _device_id
        int _rank
        object _data_type
        object _swizzle
