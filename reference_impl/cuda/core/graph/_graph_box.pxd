# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cpython.ref cimport PyObject
from libc.stdint cimport uintptr_t
from libcpp.unordered_map cimport unordered_map
from cuda.bindings cimport cydriver


cdef struct NodeRecord:
    # What cuda.core knows of one driver node; see _NodeRecords.
    cydriver.CUgraph graph  # the graph that holds the attachment
    uintptr_t attachment  # the user object through which it holds the payload; 0 for none
    PyObject* payload  # a reference to what the node uses, or NULL
    PyObject* info  # a reference to what its properties report, or NULL
    PyObject* node  # the node object, borrowed, or NULL


cdef class _GraphBox:
    cdef:
        cydriver.CUgraph _handle
        uintptr_t _key
        bint _owned
        object _parent
        _NodeRecords _records
        object __weakref__


cdef class _NodeRecords:
    cdef:
        unordered_map[uintptr_t, NodeRecord] _map
        object _tracked  # always None: an object field, so that the garbage collector visits the map


cdef _NodeRecords NodeRecords_new()
cdef object node_lookup(_NodeRecords records, uintptr_t address)
cdef int node_register(_NodeRecords records, uintptr_t address, object node) except -1
cdef void node_unregister(_NodeRecords records, uintptr_t address, PyObject* node) noexcept
cdef _GraphBox GraphBox_for(cydriver.CUgraph handle, bint owned, object parent, _NodeRecords records)
cdef object NodeRecord_info(_NodeRecords records, cydriver.CUgraphNode node)
cdef object NodeRecord_payload(_NodeRecords records, cydriver.CUgraphNode node)
cdef int NodeRecord_set(
    _NodeRecords records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info,
) except -1
cdef int NodeRecord_add(
    _NodeRecords records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info, object node_object,
) except -1
cdef int NodeRecord_release(_NodeRecords records, cydriver.CUgraphNode node) except -1
cdef bint NodeRecord_take(_NodeRecords records, cydriver.CUgraphNode node, NodeRecord* taken) noexcept
cdef void NodeRecord_give_back(_NodeRecords records, cydriver.CUgraphNode node, NodeRecord* taken) noexcept
cdef void NodeRecord_forget(_NodeRecords records, uintptr_t address) noexcept
cdef void NodeRecord_drop(NodeRecord* record) noexcept
cdef int NodeRecord_adopt(
    _NodeRecords source, cydriver.CUgraph original, cydriver.CUgraph clone, _NodeRecords target
) except -1
cdef list conditional_bodies(cydriver.CUgraphNode node, _NodeRecords records)
cdef int graph_debug_dot_print(cydriver.CUgraph graph, object path, object options) except -1
cdef list graph_nodes(cydriver.CUgraph graph)
cdef list node_neighbours(cydriver.CUgraphNode node, bint forward)
cdef int node_type(cydriver.CUgraphNode node) except -1
cdef tuple graph_tree(cydriver.CUgraph graph, _NodeRecords records)
cdef int graph_tree_forget(tuple tree, _NodeRecords records) except -1
cdef tuple graph_tree_payloads(cydriver.CUgraph graph, _NodeRecords records)
