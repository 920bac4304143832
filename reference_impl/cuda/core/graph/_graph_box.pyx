# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""What cuda.core knows about the driver graphs its definitions view.

Each driver graph has one :class:`_GraphBox`, shared by every
:class:`~cuda.core.graph.GraphDefinition` and node object that views it. The
boxes of one hierarchy (a root graph, and the child graphs and conditional
bodies nested in it) share one map of :class:`_NodeRecord` objects, one per
node: the user object through which the graph holds what the node uses (its
*attachment*, see :mod:`cuda.core._utils._attachment`), and what the node's
properties report that the driver cannot (its kernel, its event, a
conditional's bodies).

When the driver destroys a nested graph (its child-graph or conditional
node is destroyed), every box of that graph and of the graphs nested in it
is invalidated: its handle becomes ``NULL``, so that no later call passes
the freed graph to the driver.
"""

from __future__ import annotations

from cpython.dict cimport PyDict_SetDefault
from cpython.ref cimport PyObject
cimport cython
from cython.operator cimport dereference as deref
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from libcpp.unordered_map cimport unordered_map
from cuda.bindings cimport cydriver

from cuda.core._utils._attachment cimport graph_detach
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, warn_destroy_failure

import weakref

__all__ = []

_BOXES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
"""The live box of each driver graph, by the graph's address."""

cdef enum _NodeQuery:
    # The lists of nodes node_addresses asks the driver for.
    _GRAPH_NODES
    _DEPENDENCIES
    _DEPENDENTS

cdef unordered_map[uintptr_t, PyObject*] _NODES
# The node object of each driver node, by the node's address: a node is one
# object. The map borrows the object: its entry goes when the driver node is
# destroyed (node_forget) or when the object is deallocated (node_unregister,
# from GraphNode's __dealloc__, before its memory is freed), whichever comes
# first. Every access holds the GIL. This costs no Python object per node,
# where a weak reference with a callback costs two.


cdef class _GraphBox:
    """A driver graph, shared by the definitions and nodes that view it.

    Not part of the public API. An owned box (a root graph that cuda.core
    made) destroys its graph when collected. A nested box keeps alive, as its
    parent, what keeps its graph alive: the box of the graph it is nested
    in, or the graph builder that records into it.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: boxes are made for the definitions that view a graph."""
        raise RuntimeError("_GraphBox objects are made by GraphDefinition")

    def __dealloc__(self):
        cdef cydriver.CUgraph c_graph = self._handle
        cdef cydriver.CUresult err
        if not self._owned or c_graph == NULL:
            return
        self._handle = NULL
        with nogil:
            err = cydriver.cuGraphDestroy(c_graph)
        warn_destroy_failure(err, "graph", <uintptr_t>c_graph)

    def close(self) -> None:
        """Destroy an owned graph now; a nested or closed box does nothing.

        Only for the last holder of the box: no definition or node may
        view the graph any more.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the graph.
        """
        cdef cydriver.CUgraph c_graph = self._handle
        if not self._owned or c_graph == NULL:
            return
        self._handle = NULL
        _BOXES.pop(self._key, None)
        with nogil:
            HANDLE_RETURN(cydriver.cuGraphDestroy(c_graph))


@cython.freelist(16)
cdef class _NodeRecord:
    """What cuda.core keeps for one node: its attachment and what its properties report.

    Not part of the public API.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: records are made as nodes are added."""
        raise RuntimeError("_NodeRecord objects are made as graph nodes are added")


cdef object node_lookup(uintptr_t address):
    """Return the live node object of the driver node at ``address``, or ``None``."""
    found = _NODES.find(address)
    if found == _NODES.end():
        return None
    return <object>deref(found).second


cdef int node_register(uintptr_t address, object node) except -1:
    """Make ``node`` the node object of the driver node at ``address``."""
    _NODES[address] = <PyObject*>node
    return 0


cdef void node_unregister(uintptr_t address, PyObject* node) noexcept:
    """Forget ``node``, which is being deallocated, unless a newer object has taken its address."""
    found = _NODES.find(address)
    if found != _NODES.end() and deref(found).second == node:
        _NODES.erase(found)


cdef int node_forget(uintptr_t address) except -1:
    """Forget the node object of a destroyed driver node, whose address may be reused."""
    _NODES.erase(address)
    return 0


cdef _GraphBox GraphBox_for(cydriver.CUgraph handle, bint owned, object parent, dict records):
    """Return the box of ``handle``: the live one, or a new one sharing ``records``.

    ``records`` is the map of the hierarchy the graph belongs to (a new one
    for a root, if ``None``); ``parent`` keeps a graph that is not owned alive.
    """
    cdef uintptr_t address = <uintptr_t>handle
    cdef _GraphBox box
    if handle != NULL:
        existing = _BOXES.get(address)
        if existing is not None and (<_GraphBox>existing)._handle == handle:
            return <_GraphBox>existing
    box = _GraphBox.__new__(_GraphBox)
    box._handle = handle
    box._key = address
    box._owned = owned
    box._parent = parent
    box._records = {} if records is None else records
    if handle != NULL:
        _BOXES[address] = box
    return box


cdef _NodeRecord NodeRecord_get(dict records, cydriver.CUgraphNode node):
    """Return the record of ``node``, or ``None``."""
    return records.get(<uintptr_t>node)


cdef int NodeRecord_set(
    dict records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info,
) except -1:
    """Record that ``graph`` holds ``payload`` for ``node`` through the user object ``attachment``.

    The node's previous attachment, if any, is released from its graph.
    """
    return NodeRecord_put(records, <uintptr_t>node, graph, attachment, payload, info)


cdef int NodeRecord_put(
    dict records, object key, cydriver.CUgraph graph,
    uintptr_t attachment, object payload, object info,
) except -1:
    """Record as :func:`NodeRecord_set` does, for the node whose address is the int ``key``.

    A node object passes the key it keeps (``GraphNode._key``): a lookup
    with the very object the map holds needs no comparison of ints.
    """
    cdef _NodeRecord record = _NodeRecord.__new__(_NodeRecord)
    record._graph = graph
    record._attachment = attachment
    record._payload = payload
    record._info = info
    # One lookup when the node has no record yet, the usual case.
    previous = <object>PyDict_SetDefault(records, key, record)
    if previous is record:
        return 0
    records[key] = record
    if (<_NodeRecord>previous)._attachment != 0:
        graph_detach((<_NodeRecord>previous)._graph, (<_NodeRecord>previous)._attachment)
    return 0


cdef int NodeRecord_release(dict records, cydriver.CUgraphNode node) except -1:
    """Forget ``node``'s record and release its attachment: the node was destroyed."""
    record = records.pop(<uintptr_t>node, None)
    if record is not None and (<_NodeRecord>record)._attachment != 0:
        graph_detach((<_NodeRecord>record)._graph, (<_NodeRecord>record)._attachment)
    return 0


cdef int NodeRecord_adopt(
    dict source, cydriver.CUgraph original, cydriver.CUgraph clone, dict target
) except -1:
    """Record, in ``target``, the nodes of ``clone`` that were copied from recorded nodes of ``original``.

    A clone holds a share of every user object its original held (the
    driver copies them), so each copied node's record names the same
    attachment, now held by ``clone``. A node the driver cannot find in the
    clone keeps no record: its attachment is then released with the clone.
    A copied conditional node's record names no bodies: the recorded ones
    are the original's.
    """
    cdef list nodes = graph_nodes(original)
    cdef cydriver.CUgraphNode c_node
    cdef cydriver.CUgraphNode c_copy = NULL
    cdef cydriver.CUgraph c_nested = NULL
    cdef cydriver.CUgraph c_nested_copy = NULL
    cdef cydriver.CUresult err
    cdef _NodeRecord record
    cdef int c_type
    for address in nodes:
        c_node = <cydriver.CUgraphNode><uintptr_t>address
        with nogil:
            err = cydriver.cuGraphNodeFindInClone(&c_copy, c_node, clone)
        if err != cydriver.CUresult.CUDA_SUCCESS:
            continue
        c_type = node_type(c_node)
        found = source.get(address)
        if found is not None:
            record = <_NodeRecord>found
            info = record._info
            if info is not None and c_type == cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL:
                # The recorded bodies are the original's graphs, not the copy's: a walk of
                # the copy must not reach them (it would invalidate the original's views).
                info = info[:4] + ((),)
            NodeRecord_set(target, clone, c_copy, record._attachment, record._payload, info)
        if c_type == cydriver.CU_GRAPH_NODE_TYPE_GRAPH:
            with nogil:
                HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, &c_nested))
                HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_copy, &c_nested_copy))
            NodeRecord_adopt(source, c_nested, c_nested_copy, target)
    return 0


cdef list conditional_bodies(cydriver.CUgraphNode node, dict records):
    """Return the addresses of the body graphs of a conditional node.

    The driver reports them from CUDA 13.1 (``cuGraphNodeGetParams``); an
    older driver lacks the call, and the bodies are then those recorded when
    this library made the node (none for a node it did not make).
    """
    cdef cydriver.CUgraphNodeParams c_params
    cdef cydriver.CUresult err = cydriver.CUresult.CUDA_ERROR_NOT_FOUND
    cdef unsigned int index
    memset(&c_params, 0, sizeof(c_params))
    try:
        with nogil:
            err = cydriver.cuGraphNodeGetParams(node, &c_params)
    except RuntimeError:
        # cuda.bindings raises FunctionNotFoundError, a RuntimeError, for a call
        # the driver does not have.
        err = cydriver.CUresult.CUDA_ERROR_NOT_FOUND
    if err == cydriver.CUresult.CUDA_SUCCESS and c_params.conditional.phGraph_out != NULL:
        return [
            <uintptr_t>c_params.conditional.phGraph_out[index]
            for index in range(c_params.conditional.size)
        ]
    found = None if records is None else records.get(<uintptr_t>node)
    if found is None or (<_NodeRecord>found)._info is None:
        return []
    return list((<_NodeRecord>found)._info[4])


cdef tuple graph_tree(cydriver.CUgraph graph, dict records):
    """Return ``(graphs, nodes)``: the addresses of ``graph``, the graphs nested in it, and all their nodes.

    ``records`` tells the bodies of conditional nodes where the driver cannot.
    """
    graphs = []
    nodes = []
    graph_tree_walk(graph, graphs, nodes, records)
    return tuple(graphs), tuple(nodes)


cdef int graph_tree_forget(tuple tree, dict records) except -1:
    """Forget the graphs and nodes of ``tree``, which the driver has destroyed.

    Their boxes are invalidated, their node objects unregistered and their
    records dropped; their attachments went with the graphs that held them.
    """
    cdef _GraphBox box
    for address in tree[0]:
        existing = _BOXES.pop(address, None)
        if existing is not None:
            box = <_GraphBox>existing
            box._handle = NULL
    for address in tree[1]:
        _NODES.erase(<uintptr_t>address)
        if records is not None:
            records.pop(address, None)
    return 0


cdef tuple graph_tree_payloads(cydriver.CUgraph graph, dict records):
    """Return the payloads that ``records`` holds for the nodes of ``graph`` and its nested graphs."""
    cdef tuple tree = graph_tree(graph, records)
    payloads = []
    for address in tree[1]:
        found = records.get(address)
        if found is not None and (<_NodeRecord>found)._payload is not None:
            payloads.append((<_NodeRecord>found)._payload)
    return tuple(payloads)


cdef int graph_tree_walk(cydriver.CUgraph graph, list graphs, list nodes, dict records) except -1:
    """Add ``graph``, its nodes and, recursively, its nested graphs to ``graphs`` and ``nodes``."""
    graphs.append(<uintptr_t>graph)
    cdef cydriver.CUgraphNode c_node
    cdef cydriver.CUgraph c_nested = NULL
    cdef int c_type
    for address in graph_nodes(graph):
        nodes.append(address)
        c_node = <cydriver.CUgraphNode><uintptr_t>address
        c_type = node_type(c_node)
        if c_type == cydriver.CU_GRAPH_NODE_TYPE_GRAPH:
            with nogil:
                HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, &c_nested))
            graph_tree_walk(c_nested, graphs, nodes, records)
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL:
            for body in conditional_bodies(c_node, records):
                graph_tree_walk(<cydriver.CUgraph><uintptr_t>body, graphs, nodes, records)
    return 0


cdef int graph_debug_dot_print(cydriver.CUgraph graph, object path, object options) except -1:
    """Write ``graph`` to the file ``path`` in the DOT format, as ``options`` (or ``None``) ask."""
    cdef unsigned int c_flags = options._to_flags() if options is not None else 0
    cdef bytes b_path = path.encode() if isinstance(path, str) else bytes(path)
    cdef const char* c_path = b_path
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphDebugDotPrint(graph, c_path, c_flags))
    return 0


cdef list graph_nodes(cydriver.CUgraph graph):
    """Return the addresses of the nodes of ``graph``."""
    return node_addresses(graph, _GRAPH_NODES)


cdef list node_neighbours(cydriver.CUgraphNode node, bint forward):
    """Return the addresses of the nodes ``node`` depends on, or that depend on it if ``forward``."""
    return node_addresses(node, _DEPENDENTS if forward else _DEPENDENCIES)


cdef list node_addresses(void* owner, _NodeQuery query):
    """Return the addresses of the nodes that ``query`` asks ``owner`` (a graph or a node) for."""
    cdef size_t c_count = 0
    with nogil:
        node_query(owner, query, NULL, &c_count)
    if c_count == 0:
        return []
    cdef cydriver.CUgraphNode* c_nodes = <cydriver.CUgraphNode*>malloc(
        c_count * sizeof(cydriver.CUgraphNode)
    )
    if c_nodes == NULL:
        raise MemoryError()
    cdef size_t index
    try:
        with nogil:
            node_query(owner, query, c_nodes, &c_count)
        return [<uintptr_t>c_nodes[index] for index in range(c_count)]
    finally:
        free(c_nodes)


cdef int node_query(
    void* owner, _NodeQuery query, cydriver.CUgraphNode* nodes, size_t* count
) except -1 nogil:
    """Ask the driver for the nodes of ``query``: their number, and the nodes unless ``nodes`` is NULL."""
    if query == _GRAPH_NODES:
        HANDLE_RETURN(cydriver.cuGraphGetNodes(<cydriver.CUgraph>owner, nodes, count))
    elif query == _DEPENDENTS:
        HANDLE_RETURN(
            cydriver.cuGraphNodeGetDependentNodes(<cydriver.CUgraphNode>owner, nodes, NULL, count)
        )
    else:
        HANDLE_RETURN(
            cydriver.cuGraphNodeGetDependencies(<cydriver.CUgraphNode>owner, nodes, NULL, count)
        )
    return 0


cdef int node_type(cydriver.CUgraphNode node) except -1:
    """Return the driver's type of ``node``."""
    cdef cydriver.CUgraphNodeType c_type
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphNodeGetType(node, &c_type))
    return <int>c_type
