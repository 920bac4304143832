# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""What cuda.core knows about the driver graphs its definitions view.

Each driver graph has one :class:`_GraphBox`, shared by every
:class:`~cuda.core.graph.GraphDefinition` and node object that views it. The
boxes of one hierarchy (a root graph, and the child graphs and conditional
bodies nested in it) share one :class:`_NodeRecords`, a C++ map with one
``NodeRecord`` per node: the user object through which the graph holds what
the node uses (its *attachment*, see :mod:`cuda.core._utils._attachment`),
what the node's properties report that the driver cannot (its kernel, its
event, a conditional's bodies), and the node's one node object, if it has
one.

When the driver destroys a nested graph (its child-graph or conditional
node is destroyed), every box of that graph and of the graphs nested in it
is invalidated: its handle becomes ``NULL``, so that no later call passes
the freed graph to the driver.
"""

from __future__ import annotations

from cpython.ref cimport Py_INCREF, Py_XDECREF, PyObject
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



cdef extern from "Python.h":
    # The garbage collector's slots, declared without exception values: they
    # are called by the collector, which has no Python frame to raise into.
    ctypedef int (*_visitproc "visitproc")(PyObject*, void*) noexcept
    ctypedef int (*_traverseproc "traverseproc")(PyObject*, _visitproc, void*) noexcept
    ctypedef int (*_inquiry "inquiry")(PyObject*) noexcept

    ctypedef struct _CollectedType "PyTypeObject":
        _traverseproc tp_traverse
        _inquiry tp_clear


# The collector must not clear _records while a node object of the box may
# still be deallocated: its __dealloc__ unregisters it there.
@cython.no_gc_clear
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


cdef class _NodeRecords:  # noqa: MEM001 __dealloc__ drops the references the records hold; no CUDA resource
    """The records of the nodes of one graph hierarchy, by the driver node's address.

    Not part of the public API. A record holds references to its payload and
    info (dropped when the record goes) and borrows its node object: a node
    is one object, and the record forgets it when the object is deallocated
    (``GraphNode.__dealloc__``, before its memory is freed) or when the
    driver node is destroyed, whichever comes first. Every access holds the
    GIL, and no iterator is kept across a call that may run Python code. A
    record costs one C++ map entry and no Python object.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: records are made with the boxes of a hierarchy."""
        raise RuntimeError("_NodeRecords objects are made by GraphDefinition")

    def __dealloc__(self):
        NodeRecords_clear(self)


cdef _NodeRecords NodeRecords_new():
    """Return an empty map of records, for the root of a new hierarchy."""
    cdef _NodeRecords records = _NodeRecords.__new__(_NodeRecords)
    return records


cdef int NodeRecords_clear(_NodeRecords records) noexcept:
    """Forget every record of ``records`` and drop the references they hold.

    The map is emptied before any reference is dropped: a finaliser that
    runs then sees no record half gone.
    """
    cdef unordered_map[uintptr_t, NodeRecord] taken
    taken.swap(records._map)
    for entry in taken:
        Py_XDECREF(entry.second.payload)
        Py_XDECREF(entry.second.info)
    return 0


cdef _traverseproc _object_traverse = (<_CollectedType*><void*>_NodeRecords).tp_traverse
# The slots Cython made for _NodeRecords' own fields; NodeRecords_traverse and
# NodeRecords_collect, which take their place, call them.
cdef _inquiry _object_clear = (<_CollectedType*><void*>_NodeRecords).tp_clear
(<_CollectedType*><void*>_NodeRecords).tp_traverse = NodeRecords_traverse
(<_CollectedType*><void*>_NodeRecords).tp_clear = NodeRecords_collect


cdef int NodeRecords_traverse(PyObject* records, _visitproc visit, void* arg) noexcept:
    """Visit what the records hold, and the object's own fields: the type's ``tp_traverse``."""
    cdef int err = _object_traverse(records, visit, arg)
    if err:
        return err
    cdef _NodeRecords c_records = <_NodeRecords>records
    for entry in c_records._map:
        if entry.second.payload != NULL:
            err = visit(entry.second.payload, arg)
            if err:
                return err
        if entry.second.info != NULL:
            err = visit(entry.second.info, arg)
            if err:
                return err
    return 0


cdef int NodeRecords_collect(PyObject* records) noexcept:
    """Drop what the records hold, to break a reference cycle: the type's ``tp_clear``."""
    NodeRecords_clear(<_NodeRecords>records)
    return _object_clear(records)


cdef object node_lookup(_NodeRecords records, uintptr_t address):
    """Return the live node object of the driver node at ``address``, or ``None``."""
    found = records._map.find(address)
    if found == records._map.end() or deref(found).second.node == NULL:
        return None
    return <object>deref(found).second.node


cdef int node_register(_NodeRecords records, uintptr_t address, object node) except -1:
    """Make ``node`` the node object of the driver node at ``address``."""
    records._map[address].node = <PyObject*>node
    return 0


cdef void node_unregister(_NodeRecords records, uintptr_t address, PyObject* node) noexcept:
    """Forget ``node``, which is being deallocated, unless a newer object has taken its address.

    A record that then holds nothing goes.
    """
    found = records._map.find(address)
    if found == records._map.end() or deref(found).second.node != node:
        return
    deref(found).second.node = NULL
    NodeRecord_prune(records, address)


cdef void NodeRecord_prune(_NodeRecords records, uintptr_t address) noexcept:
    """Forget the record at ``address`` if it holds nothing and names no node object."""
    found = records._map.find(address)
    if (
        found != records._map.end()
        and deref(found).second.node == NULL
        and NodeRecord_holds_nothing(&deref(found).second)
    ):
        records._map.erase(found)


cdef inline bint NodeRecord_holds_nothing(const NodeRecord* record) noexcept nogil:
    """Return whether ``record`` holds no attachment, payload or report (its node object aside)."""
    return record.attachment == 0 and record.payload == NULL and record.info == NULL


cdef inline object reference_or_none(PyObject* reference):
    """Return the object ``reference`` points to, or ``None`` for ``NULL``."""
    if reference == NULL:
        return None
    return <object>reference


cdef _GraphBox GraphBox_for(cydriver.CUgraph handle, bint owned, object parent, _NodeRecords records):
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
    box._records = NodeRecords_new() if records is None else records
    if handle != NULL:
        _BOXES[address] = box
    return box


cdef object NodeRecord_info(_NodeRecords records, cydriver.CUgraphNode node):
    """Return what ``node``'s properties report beyond its parameters, or ``None``."""
    found = records._map.find(<uintptr_t>node)
    if found == records._map.end():
        return None
    return reference_or_none(deref(found).second.info)


cdef object NodeRecord_payload(_NodeRecords records, cydriver.CUgraphNode node):
    """Return what ``node``'s graph holds for it, or ``None``."""
    found = records._map.find(<uintptr_t>node)
    if found == records._map.end():
        return None
    return reference_or_none(deref(found).second.payload)


cdef int NodeRecord_set(
    _NodeRecords records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info,
) except -1:
    """Record that ``graph`` holds ``payload`` for ``node`` through the user object ``attachment``.

    The node's previous attachment, if any, is released from its graph.
    """
    cdef NodeRecord* record = &records._map[<uintptr_t>node]
    cdef NodeRecord previous = record[0]
    NodeRecord_fill(record, graph, attachment, payload, info)
    # The map is whole again before the previous record lets go of anything.
    try:
        if previous.attachment != 0:
            graph_detach(previous.graph, previous.attachment)
    finally:
        NodeRecord_drop(&previous)
    return 0


cdef int NodeRecord_add(
    _NodeRecords records, cydriver.CUgraph graph, cydriver.CUgraphNode node,
    uintptr_t attachment, object payload, object info, object node_object,
) except -1:
    """Record ``node`` as :func:`NodeRecord_set` does, and make ``node_object`` its node object.

    One map entry, made once, for a node just added.
    """
    cdef NodeRecord* record = &records._map[<uintptr_t>node]
    record.node = <PyObject*>node_object
    if NodeRecord_holds_nothing(record):
        NodeRecord_fill(record, graph, attachment, payload, info)
        return 0
    # A record left at a reused address: replaced as NodeRecord_set replaces it.
    return NodeRecord_set(records, graph, node, attachment, payload, info)


cdef inline void NodeRecord_fill(
    NodeRecord* record, cydriver.CUgraph graph, uintptr_t attachment, object payload, object info
) noexcept:
    """Set the record's fields, taking references to ``payload`` and ``info`` (``None`` is none)."""
    record.graph = graph
    record.attachment = attachment
    record.payload = NULL
    record.info = NULL
    if payload is not None:
        Py_INCREF(payload)
        record.payload = <PyObject*>payload
    if info is not None:
        Py_INCREF(info)
        record.info = <PyObject*>info


cdef int NodeRecord_release(_NodeRecords records, cydriver.CUgraphNode node) except -1:
    """Forget what ``node``'s record holds and release its attachment; the node object stays."""
    cdef NodeRecord taken
    if not NodeRecord_take(records, node, &taken):
        return 0
    try:
        if taken.attachment != 0:
            graph_detach(taken.graph, taken.attachment)
    finally:
        NodeRecord_drop(&taken)
        NodeRecord_prune(records, <uintptr_t>node)
    return 0


cdef bint NodeRecord_take(_NodeRecords records, cydriver.CUgraphNode node, NodeRecord* taken) noexcept:
    """Move what ``node``'s record holds into ``taken``; return whether it has a record.

    The record keeps its node object. ``taken`` then holds the references:
    give them back (:func:`NodeRecord_give_back`) or drop them
    (:func:`NodeRecord_drop`).
    """
    found = records._map.find(<uintptr_t>node)
    if found == records._map.end():
        memset(taken, 0, sizeof(NodeRecord))
        return False
    taken[0] = deref(found).second
    deref(found).second.attachment = 0
    deref(found).second.payload = NULL
    deref(found).second.info = NULL
    return True


cdef void NodeRecord_give_back(_NodeRecords records, cydriver.CUgraphNode node, NodeRecord* taken) noexcept:
    """Put back what :func:`NodeRecord_take` moved out of ``node``'s record."""
    cdef NodeRecord* record = &records._map[<uintptr_t>node]
    cdef NodeRecord replaced = record[0]
    record.graph = taken.graph
    record.attachment = taken.attachment
    record.payload = taken.payload
    record.info = taken.info
    NodeRecord_drop(&replaced)


cdef void NodeRecord_forget(_NodeRecords records, uintptr_t address) noexcept:
    """Forget the record of a destroyed driver node, whose address may be reused, and its node object."""
    found = records._map.find(address)
    if found == records._map.end():
        return
    cdef NodeRecord record = deref(found).second
    records._map.erase(found)
    NodeRecord_drop(&record)


cdef void NodeRecord_drop(NodeRecord* record) noexcept:
    """Drop the references ``record`` holds; it must be out of its map."""
    cdef PyObject* payload = record.payload
    cdef PyObject* info = record.info
    record.payload = NULL
    record.info = NULL
    Py_XDECREF(payload)
    Py_XDECREF(info)


cdef int NodeRecord_adopt(
    _NodeRecords source, cydriver.CUgraph original, cydriver.CUgraph clone, _NodeRecords target
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
    cdef int c_type
    for address in nodes:
        c_node = <cydriver.CUgraphNode><uintptr_t>address
        with nogil:
            err = cydriver.cuGraphNodeFindInClone(&c_copy, c_node, clone)
        if err != cydriver.CUresult.CUDA_SUCCESS:
            continue
        c_type = node_type(c_node)
        found = source._map.find(<uintptr_t>c_node)
        if found != source._map.end() and not NodeRecord_holds_nothing(&deref(found).second):
            attachment = deref(found).second.attachment
            payload = reference_or_none(deref(found).second.payload)
            info = reference_or_none(deref(found).second.info)
            if info is not None and c_type == cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL:
                # The recorded bodies are the original's graphs, not the copy's: a walk of
                # the copy must not reach them (it would invalidate the original's views).
                info = info[:4] + ((),)
            NodeRecord_set(target, clone, c_copy, attachment, payload, info)
        if c_type == cydriver.CU_GRAPH_NODE_TYPE_GRAPH:
            with nogil:
                HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, &c_nested))
                HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_copy, &c_nested_copy))
            NodeRecord_adopt(source, c_nested, c_nested_copy, target)
    return 0


cdef list conditional_bodies(cydriver.CUgraphNode node, _NodeRecords records):
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
    info = None if records is None else NodeRecord_info(records, node)
    if info is None:
        return []
    return list(info[4])


cdef tuple graph_tree(cydriver.CUgraph graph, _NodeRecords records):
    """Return ``(graphs, nodes)``: the addresses of ``graph``, the graphs nested in it, and all their nodes.

    ``records`` tells the bodies of conditional nodes where the driver cannot.
    """
    graphs = []
    nodes = []
    graph_tree_walk(graph, graphs, nodes, records)
    return tuple(graphs), tuple(nodes)


cdef int graph_tree_forget(tuple tree, _NodeRecords records) except -1:
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
    if records is not None:
        for address in tree[1]:
            NodeRecord_forget(records, <uintptr_t>address)
    return 0


cdef tuple graph_tree_payloads(cydriver.CUgraph graph, _NodeRecords records):
    """Return the payloads that ``records`` holds for the nodes of ``graph`` and its nested graphs."""
    cdef tuple tree = graph_tree(graph, records)
    payloads = []
    for address in tree[1]:
        payload = NodeRecord_payload(records, <cydriver.CUgraphNode><uintptr_t>address)
        if payload is not None:
            payloads.append(payload)
    return tuple(payloads)


cdef int graph_tree_walk(cydriver.CUgraph graph, list graphs, list nodes, _NodeRecords records) except -1:
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
