# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cpython.ref cimport PyObject
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver


cdef class _GraphBox:
    cdef:
        cydriver.CUgraph _handle
        uintptr_t _key
        bint _owned
        object _parent
        dict _records
        object __weakref__


cdef class _NodeRecord:
    cdef:
        cydriver.CUgraph _graph
        uintptr_t _attachment
        object _payload
        object _info


cdef object node_lookup(uintptr_t address)
cdef int node_register(uintptr_t address, object node) except -1
cdef int node_forget(uintptr_t address) except -1
cdef void node_unregister(uintptr_t address, PyObject* node) noexcept
cdef _GraphBox GraphBox_for(cydriver.CUgraph handle, bint owned, object parent, dict records)
cdef _NodeRecord NodeRecord_get(dict records, cydriver.CUgraphNode node)
cdef int NodeRecord_set(
    dict records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info,
) except -1
cdef int NodeRecord_put(
    dict records, object key, cydriver.CUgraph graph,
    uintptr_t attachment, object payload, object info,
) except -1
cdef int NodeRecord_release(dict records, cydriver.CUgraphNode node) except -1
cdef int NodeRecord_adopt(
    dict source, cydriver.CUgraph original, cydriver.CUgraph clone, dict target
) except -1
cdef list conditional_bodies(cydriver.CUgraphNode node, dict records)
cdef int graph_debug_dot_print(cydriver.CUgraph graph, object path, object options) except -1
cdef list graph_nodes(cydriver.CUgraph graph)
cdef list node_neighbours(cydriver.CUgraphNode node, bint forward)
cdef int node_type(cydriver.CUgraphNode node) except -1
cdef tuple graph_tree(cydriver.CUgraph graph, dict records)
cdef int graph_tree_forget(tuple tree, dict records) except -1
cdef tuple graph_tree_payloads(cydriver.CUgraph graph, dict records)
