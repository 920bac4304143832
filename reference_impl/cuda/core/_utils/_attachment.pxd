# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cpython.ref cimport PyObject
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver


# One queued release: the payload's reference, and the next item of the queue.
cdef struct PendingRelease:
    PyObject* payload
    PendingRelease* next


cdef PendingRelease* attachment_prepare(object payload) except NULL
cdef cydriver.CUresult attachment_attach(
    cydriver.CUgraph graph, PendingRelease* item, cydriver.CUuserObject* attachment
) noexcept nogil
cdef uintptr_t graph_attach(cydriver.CUgraph graph, object payload) except? 0
cdef int graph_detach(cydriver.CUgraph graph, uintptr_t attachment) except -1
cdef bint releases_here_begin() noexcept nogil
cdef int releases_here_end(bint here) except -1
cdef bint python_enter() noexcept nogil
cdef void python_leave() noexcept nogil
