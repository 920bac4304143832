# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver


cdef uintptr_t attachment_create(object payload) except? 0
cdef uintptr_t graph_attach(cydriver.CUgraph graph, object payload) except? 0
cdef int graph_detach(cydriver.CUgraph graph, uintptr_t attachment) except -1
cdef bint python_enter() noexcept nogil
cdef void python_leave() noexcept nogil
