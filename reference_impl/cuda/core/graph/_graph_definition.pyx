# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Graphs built node by node, and the nodes they are built from.

A :class:`GraphDefinition` owns a driver graph. Its builder methods
(:meth:`~GraphDefinition.launch`, :meth:`~GraphDefinition.memset` and the
others) add entry nodes, which depend on nothing; the same methods of a
:class:`GraphNode` add nodes that depend on that node.
:meth:`~GraphDefinition.instantiate` makes an executable
:class:`~cuda.core.graph.Graph` of the definition, whose nodes can then be
changed through the views that ``graph[node]`` returns.

A definition keeps alive what its nodes use (kernels and their arguments,
the memory of buffers, events, host functions) from the moment a node is
added until the node is destroyed, its parameters replaced, or the graph
destroyed. Every copy the driver makes of the graph holds a share of its
own: a clone, an executable graph, a child-graph node that embeds it, and
each launch until it completes. The guide's chapter on memory management
states the whole contract.
"""

from __future__ import annotations

cimport cython
from cpython.object cimport Py_TYPE, PyTypeObject
from cpython.ref cimport Py_INCREF, PyObject
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint64_t, uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._event cimport Event
from cuda.core._launch_config cimport LaunchConfig, LaunchConfig_to_native
from cuda.core._launcher cimport ArgumentBuffers, pack_arguments
from cuda.core._memory._buffer cimport Buffer, Buffer_check_open, Buffer_share, fill_pattern
from cuda.core._module cimport Kernel, Kernel_num_arguments
from cuda.core._utils._attachment cimport (
    PendingRelease,
    attachment_attach,
    attachment_prepare,
    graph_attach,
    graph_detach,
    python_enter,
    python_leave,
    releases_here_begin,
    releases_here_end,
)
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type, new_instance
from cuda.core.graph._graph_box cimport (
    GraphBox_for,
    conditional_bodies,
    graph_debug_dot_print,
    graph_nodes,
    node_neighbours,
    node_type,
    NodeRecord,
    NodeRecord_add,
    NodeRecord_adopt,
    NodeRecord_drop,
    NodeRecord_forget,
    NodeRecord_give_back,
    NodeRecord_info,
    NodeRecord_payload,
    NodeRecord_release,
    NodeRecord_set,
    NodeRecord_take,
    _GraphBox,
    _NodeRecords,
    graph_tree,
    graph_tree_forget,
    graph_tree_payloads,
    node_lookup,
    node_register,
    node_unregister,
)
from cuda.core.graph._graph_builder cimport Graph, Graph_check_open, Graph_instantiate

import collections.abc
import ctypes
from cuda.bindings import driver

from cuda.core._launch_config import LaunchConfig as _LaunchConfig
from cuda.core._module import Kernel as _Kernel
from cuda.core._utils.cuda_utils import CUDAError
from cuda.core.typing import GraphConditionalType, GraphMemoryType

__all__ = [
    "AllocNode",
    "ChildGraphNode",
    "ConditionalNode",
    "EmptyNode",
    "EventRecordNode",
    "EventWaitNode",
    "ExecutableChildGraphNode",
    "ExecutableEventRecordNode",
    "ExecutableEventWaitNode",
    "ExecutableGraphNode",
    "ExecutableHostCallbackNode",
    "ExecutableKernelNode",
    "ExecutableMemcpyNode",
    "ExecutableMemsetNode",
    "FreeNode",
    "GraphCondition",
    "GraphDefinition",
    "GraphNode",
    "HostCallbackNode",
    "IfElseNode",
    "IfNode",
    "KernelNode",
    "MemcpyNode",
    "MemsetNode",
    "SwitchNode",
    "WhileNode",
]

cdef _GraphBox _NULL_BOX = GraphBox_for(NULL, False, None, None)
"""The box of no graph, which nodes made by calling their class belong to."""

cdef tuple _NO_TREE = ((), ())
# The tree (see graph_tree) of a node that nests no graph: destroying such a
# node has no nested graphs or nodes to forget.

cdef class GraphDefinition:
    """Build a graph explicitly, node by node, then instantiate it.

    ``GraphDefinition()`` creates an empty graph. Its builder methods add
    entry nodes, which depend on nothing; the same methods of the returned
    :class:`GraphNode` objects add nodes that depend on them. Edges can
    also be edited through :attr:`GraphNode.pred` and
    :attr:`GraphNode.succ`. :meth:`instantiate` makes an executable
    :class:`~cuda.core.graph.Graph`.

    Notes
    -----
    Definitions that view one graph, or graphs nested in it (child graphs
    and conditional bodies), share that graph: changes made through one
    are seen through the others, and must not race with each other.

    Examples
    --------
    >>> definition = GraphDefinition()
    >>> first = definition.memset(buffer, 0, buffer.size)
    >>> first.launch(config, kernel, buffer)
    >>> definition.instantiate().launch(stream)
    """

    def __cinit__(self):
        self._box = _NULL_BOX

    def __init__(self) -> None:
        """Create an empty graph definition."""
        cdef cydriver.CUgraph c_graph = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuGraphCreate(&c_graph, 0))
        self._box = GraphBox_for(c_graph, True, None, None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphDefinition):
            return NotImplemented
        return self._box._key == (<GraphDefinition>other)._box._key

    def __hash__(self) -> int:
        return hash(self._box._key)

    def __repr__(self) -> str:
        return f"<GraphDefinition handle={<uintptr_t>self._box._handle:#x}>"

    def allocate(
        self,
        size: int,
        *,
        device: Device | int | None = None,
        memory_type: GraphMemoryType = GraphMemoryType.DEVICE,
        peer_access: list[Device | int] | None = None,
    ) -> AllocNode:
        """Add an entry node that allocates memory; see :meth:`GraphNode.allocate`.

        Parameters
        ----------
        size : int
            The number of bytes.
        device : Device or int, optional
            The device; by default the current context's.
        memory_type : GraphMemoryType or str, optional
            Device (the default), pinned host or managed memory.
        peer_access : list of Device or int, optional
            Other devices that may read and write the memory.

        Returns
        -------
        AllocNode
            The new node.
        """
        return GraphDefinition_entry(self).allocate(
            size, device=device, memory_type=memory_type, peer_access=peer_access
        )

    def callback(
        self, fn: collections.abc.Callable[[], object], *, user_data: int | bytes | None = None
    ) -> HostCallbackNode:
        """Add an entry node that calls ``fn`` on the host; see :meth:`GraphNode.callback`.

        Parameters
        ----------
        fn : callable
            The function to call: a Python callable, or a ctypes function pointer.
        user_data : int or bytes-like, optional
            The argument of a ctypes function pointer.

        Returns
        -------
        HostCallbackNode
            The new node.
        """
        return GraphDefinition_entry(self).callback(fn, user_data=user_data)

    def create_condition(self, default_value: int | None = None) -> GraphCondition:
        """Create a condition for the conditional nodes of this graph.

        Device code sets its value while the graph runs, with
        ``cudaGraphSetConditional``; pass the condition to the kernel as an
        argument.

        Parameters
        ----------
        default_value : int, optional
            The value the condition takes at the start of each launch; by
            default none is assigned.

        Returns
        -------
        GraphCondition
            The new condition.

        Raises
        ------
        RuntimeError
            If no CUDA context is current.
        CUDAError
            If the driver cannot create the condition.
        """
        GraphDefinition_check_valid(self)
        return GraphCondition_create(self._box._handle, default_value, self._box)

    def deallocate(self, dptr: int) -> FreeNode:
        """Add an entry node that frees graph memory; see :meth:`GraphNode.deallocate`.

        Parameters
        ----------
        dptr : int
            The address to free.

        Returns
        -------
        FreeNode
            The new node.
        """
        return GraphDefinition_entry(self).deallocate(dptr)

    def debug_dot_print(self, path: str, options: GraphDebugPrintOptions | None = None) -> None:
        """Write the graph to a file in the DOT format, for debugging.

        Parameters
        ----------
        path : str
            The file to write.
        options : GraphDebugPrintOptions, optional
            What to write about the nodes; by default only the structure.

        Raises
        ------
        CUDAError
            If the driver cannot write the file.
        """
        GraphDefinition_check_valid(self)
        graph_debug_dot_print(self._box._handle, path, options)

    def edges(self) -> set:
        """Return the graph's edges as ``(from_node, to_node)`` pairs.

        Returns
        -------
        set of tuple of (GraphNode, GraphNode)
            One pair for each dependency: ``to_node`` runs after ``from_node``.
        """
        GraphDefinition_check_valid(self)
        return GraphDefinition_edges(self)

    def embed(self, child: GraphDefinition) -> ChildGraphNode:
        """Add an entry node that runs a copy of ``child``; see :meth:`GraphNode.embed`.

        Parameters
        ----------
        child : GraphDefinition
            The graph to copy into the node.

        Returns
        -------
        ChildGraphNode
            The new node.
        """
        return GraphDefinition_entry(self).embed(child)

    def empty(self) -> EmptyNode:
        """Add an entry node that does nothing, to depend on or be depended on.

        Returns
        -------
        EmptyNode
            The new node.
        """
        return GraphNode_add_empty(GraphDefinition_entry(self), ())

    def if_else(self, condition: GraphCondition) -> IfElseNode:
        """Add an entry if-else node; see :meth:`GraphNode.if_else`.

        Parameters
        ----------
        condition : GraphCondition
            The condition that chooses the branch.

        Returns
        -------
        IfElseNode
            The new node.
        """
        return GraphDefinition_entry(self).if_else(condition)

    def if_then(self, condition: GraphCondition) -> IfNode:
        """Add an entry if node; see :meth:`GraphNode.if_then`.

        Parameters
        ----------
        condition : GraphCondition
            The condition that decides whether the body runs.

        Returns
        -------
        IfNode
            The new node.
        """
        return GraphDefinition_entry(self).if_then(condition)

    def instantiate(self, options: GraphCompleteOptions | None = None) -> Graph:
        """Make an executable graph of the definition.

        The executable graph holds a share of what the nodes use, as the
        definition has them now: later changes to the definition neither
        release nor add to it.

        Parameters
        ----------
        options : GraphCompleteOptions, optional
            How to instantiate the graph.

        Returns
        -------
        Graph
            The executable graph.

        Raises
        ------
        RuntimeError
            If the driver reports that the graph cannot be instantiated.
        CUDAError
            If the driver cannot instantiate the graph.
        """
        GraphDefinition_check_valid(self)
        return Graph_instantiate(self._box._handle, options)

    def join(self, *nodes: GraphNode) -> EmptyNode:
        """Add an empty node that depends on all of ``nodes``.

        Parameters
        ----------
        *nodes : GraphNode
            The nodes to wait for.

        Returns
        -------
        EmptyNode
            The new node.
        """
        return GraphNode_add_empty(GraphDefinition_entry(self), nodes)

    def launch(self, config: LaunchConfig, kernel: Kernel, *args) -> KernelNode:
        """Add an entry node that launches a kernel; see :meth:`GraphNode.launch`.

        Parameters
        ----------
        config : LaunchConfig
            The grid, block and shared memory of the launch.
        kernel : Kernel
            The kernel.
        *args
            The kernel's arguments.

        Returns
        -------
        KernelNode
            The new node.
        """
        return GraphNode_add_kernel(GraphDefinition_entry(self), config, kernel, args)

    def memcpy(
        self,
        dst: Buffer | int,
        src: Buffer | int,
        size: int,
        *,
        dst_owner: object = None,
        src_owner: object = None,
    ) -> MemcpyNode:
        """Add an entry node that copies memory; see :meth:`GraphNode.memcpy`.

        Parameters
        ----------
        dst : Buffer or int
            The destination.
        src : Buffer or int
            The source.
        size : int
            The number of bytes.
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.
        src_owner : object, optional
            An object to keep alive for a raw ``src`` address.

        Returns
        -------
        MemcpyNode
            The new node.
        """
        return GraphDefinition_entry(self).memcpy(dst, src, size, dst_owner=dst_owner, src_owner=src_owner)

    def memset(
        self,
        dst: Buffer | int,
        value: int | bytes,
        width: int,
        height: int = 1,
        pitch: int = 0,
        *,
        dst_owner: object = None,
    ) -> MemsetNode:
        """Add an entry node that fills memory; see :meth:`GraphNode.memset`.

        Parameters
        ----------
        dst : Buffer or int
            The destination.
        value : int or bytes-like
            The pattern: a byte, or 1, 2 or 4 bytes.
        width : int
            The number of elements in a row.
        height : int, optional
            The number of rows.
        pitch : int, optional
            The distance between rows, in bytes.
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.

        Returns
        -------
        MemsetNode
            The new node.
        """
        return GraphDefinition_entry(self).memset(dst, value, width, height, pitch, dst_owner=dst_owner)

    def nodes(self) -> set:
        """Return the graph's nodes.

        Returns
        -------
        set of GraphNode
            Every node of the graph, each of its own class.
        """
        GraphDefinition_check_valid(self)
        return GraphDefinition_nodes(self)

    def record(self, event: Event) -> EventRecordNode:
        """Add an entry node that records ``event``; see :meth:`GraphNode.record`.

        Parameters
        ----------
        event : Event
            The event.

        Returns
        -------
        EventRecordNode
            The new node.
        """
        return GraphDefinition_entry(self).record(event)

    def switch(self, condition: GraphCondition, count: int) -> SwitchNode:
        """Add an entry switch node; see :meth:`GraphNode.switch`.

        Parameters
        ----------
        condition : GraphCondition
            The condition whose value selects the branch.
        count : int
            The number of branches.

        Returns
        -------
        SwitchNode
            The new node.
        """
        return GraphDefinition_entry(self).switch(condition, count)

    def wait(self, event: Event) -> EventWaitNode:
        """Add an entry node that waits for ``event``; see :meth:`GraphNode.wait`.

        Parameters
        ----------
        event : Event
            The event.

        Returns
        -------
        EventWaitNode
            The new node.
        """
        return GraphDefinition_entry(self).wait(event)

    def while_loop(self, condition: GraphCondition) -> WhileNode:
        """Add an entry while node; see :meth:`GraphNode.while_loop`.

        Parameters
        ----------
        condition : GraphCondition
            The condition that keeps the body running.

        Returns
        -------
        WhileNode
            The new node.
        """
        return GraphDefinition_entry(self).while_loop(condition)

    @property
    def _entry(self) -> GraphNode:
        """Return the entry pseudo-node: nodes added through it depend on nothing."""
        return GraphDefinition_entry(self)

    @property
    def handle(self) -> driver.CUgraph:
        """Return the driver's ``CUgraph``; ``int()`` of it is the address."""
        return driver.CUgraph(<uintptr_t>self._box._handle)

    @property
    def is_valid(self) -> bool:
        """Return whether the graph still exists."""
        return self._box._handle != NULL


cdef class GraphCondition:
    """A condition that device code sets, and that conditional nodes test.

    Conditions come from :meth:`GraphDefinition.create_condition` and
    :meth:`GraphBuilder.create_condition` (calling the class makes a
    placeholder whose handle is 0). Pass one to :func:`~cuda.core.launch`
    (or :meth:`GraphNode.launch`) as a kernel argument: the kernel receives
    its ``CUgraphConditionalHandle`` and sets it with
    ``cudaGraphSetConditional``.
    """

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphCondition):
            return NotImplemented
        return self._handle == (<GraphCondition>other)._handle

    def __hash__(self) -> int:
        return hash(self._handle)

    def __repr__(self) -> str:
        return f"<GraphCondition handle={self._handle:#x}>"

    @property
    def handle(self) -> driver.CUgraphConditionalHandle:
        """Return the driver's ``CUgraphConditionalHandle``; ``int()`` of it is its value."""
        return driver.CUgraphConditionalHandle(self._handle)


@cython.freelist(16)
# The collector must not clear _box before __dealloc__, which unregisters the
# object from the records that _box leads to.
@cython.no_gc_clear
cdef class GraphNode:  # noqa: MEM001 __dealloc__ unregisters a borrowed pointer; a node owns no resource
    """A node of a :class:`GraphDefinition`.

    Nodes come from the builder methods of a definition (entry nodes) or of
    another node (nodes that depend on it); each kind of node has a class
    of its own, whose properties read its parameters. A node is one object
    however it is reached: from its builder, :meth:`GraphDefinition.nodes`
    or the edges. Calling a node class directly, as upstream allows, makes
    a placeholder of no graph, whose :attr:`is_valid` is ``False``.
    """

    def __cinit__(self):
        self._box = _NULL_BOX

    def __dealloc__(self):
        # The registry borrows the object: its entry goes before the memory.
        # destroy() has already removed a destroyed node's entry.
        if self._handle != NULL and not self._destroyed:
            node_unregister(self._box._records, <uintptr_t>self._handle, <PyObject*>self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphNode):
            return NotImplemented
        if self is other:
            return True
        cdef GraphNode c_other = <GraphNode>other
        # A node that is gone equals only itself: the driver gives the address
        # of a destroyed node to the next node it makes. Its hash stays.
        if not GraphNode_is_valid(self) or not GraphNode_is_valid(c_other):
            return False
        return self._handle == c_other._handle and self._box._key == c_other._box._key

    def __hash__(self) -> int:
        return hash((self._box._key, <uintptr_t>self._handle))

    def __repr__(self) -> str:
        if not GraphNode_is_valid(self):
            return f"<{type(self).__name__} destroyed>"
        if self._handle == NULL:
            return f"<GraphNode entry of graph {<uintptr_t>self._box._handle:#x}>"
        return f"<{type(self).__name__} handle={<uintptr_t>self._handle:#x}>"

    def allocate(
        self,
        size: int,
        *,
        device: Device | int | None = None,
        memory_type: GraphMemoryType = GraphMemoryType.DEVICE,
        peer_access: list[Device | int] | None = None,
    ) -> AllocNode:
        """Add a node, after this one, that allocates graph memory.

        The memory lives until a :meth:`deallocate` node frees it (or, with
        ``auto_free_on_launch``, the next launch). It cannot be shared with
        other processes.

        Parameters
        ----------
        size : int
            The number of bytes.
        device : Device or int, optional
            The device to allocate on; by default the current context's.
        memory_type : GraphMemoryType or str, optional
            ``"device"`` (the default), ``"host"`` (pinned host memory) or
            ``"managed"``.
        peer_access : list of Device or int, optional
            Other devices that may read and write the memory.

        Returns
        -------
        AllocNode
            The new node; :attr:`AllocNode.dptr` is the address.

        Raises
        ------
        ValueError
            If ``memory_type`` is not a :class:`~cuda.core.typing.GraphMemoryType`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_alloc(self, size, device, memory_type, peer_access)

    def callback(
        self, fn: collections.abc.Callable[[], object], *, user_data: int | bytes | None = None
    ) -> HostCallbackNode:
        """Add a node, after this one, that calls ``fn`` on the host.

        ``fn`` is either a Python callable, called without arguments (the
        node holds the GIL while it runs), or a ctypes function pointer of
        the driver's ``CUhostFn`` prototype, ``CFUNCTYPE(None, c_void_p)``,
        called with ``user_data``. The callback must not call CUDA.

        Parameters
        ----------
        fn : callable
            The function to call: a Python callable, or a ctypes function pointer.
        user_data : int or bytes-like, optional
            Only with a ctypes function pointer: an address passed as is, or
            bytes copied into memory the graph keeps.

        Returns
        -------
        HostCallbackNode
            The new node.

        Raises
        ------
        TypeError
            If ``fn`` is not callable, or is a ctypes function pointer of
            another prototype.
        ValueError
            If ``user_data`` is given with a Python callable.
        CUDAError
            If the driver cannot add the node.
        """
        GraphNode_check_valid(self)
        cdef cydriver.CUDA_HOST_NODE_PARAMS c_params
        keep = host_callback_params(fn, user_data, &c_params)
        return GraphNode_add(
            self, HostCallbackNode, cydriver.CU_GRAPH_NODE_TYPE_HOST, &c_params, keep, None
        )

    def deallocate(self, dptr: int) -> FreeNode:
        """Add a node, after this one, that frees memory an :class:`AllocNode` allocated.

        Parameters
        ----------
        dptr : int
            The address, usually :attr:`AllocNode.dptr`.

        Returns
        -------
        FreeNode
            The new node.

        Raises
        ------
        CUDAError
            If the driver cannot add the node.
        """
        GraphNode_check_valid(self)
        cdef cydriver.CUdeviceptr c_ptr = int(dptr)
        cdef cydriver.CUgraphNode c_dependency = self._handle
        cdef size_t c_count = 1 if c_dependency != NULL else 0
        cdef cydriver.CUgraph c_graph = self._box._handle
        cdef cydriver.CUgraphNode c_node = NULL
        with nogil:
            HANDLE_RETURN(
                cydriver.cuGraphAddMemFreeNode(&c_node, c_graph, &c_dependency, c_count, c_ptr)
            )
        return GraphNode_create(FreeNode, self._box, c_node)

    def destroy(self) -> None:
        """Remove the node, and its edges, from the graph.

        The graph lets go of what the node used; copies of the graph made
        before (clones, executable graphs, launches in flight) keep their
        shares. Destroying a child-graph or conditional node destroys the
        graphs nested in it: every definition of them, and of the graphs
        nested deeper, becomes invalid, and so do their nodes.

        Afterwards :attr:`is_valid` is ``False``. Destroying a destroyed
        node, or a node of a graph that no longer exists, does nothing.

        Raises
        ------
        CUDAError
            If the driver cannot remove the node. Nothing changes then: the
            node stays in the graph, valid, and keeps what it uses.
        """
        cdef cydriver.CUgraphNode c_node = self._handle
        if not GraphNode_is_valid(self) or c_node == NULL:
            return
        nested = GraphNode_nested_tree(self)
        cdef _NodeRecords records = self._box._records
        # Taken out of the record before the driver is asked, and put back if it refuses.
        cdef NodeRecord taken
        cdef bint recorded = NodeRecord_take(records, c_node, &taken)
        cdef cydriver.CUgraph c_holder = taken.graph
        cdef cydriver.CUuserObject c_attachment = <cydriver.CUuserObject>taken.attachment
        cdef cydriver.CUresult err = cydriver.CUresult.CUDA_SUCCESS
        cdef cydriver.CUresult released = cydriver.CUresult.CUDA_SUCCESS
        cdef bint here = releases_here_begin()
        try:
            with nogil:
                err = cydriver.cuGraphDestroyNode(c_node)
                # The graph lets go of what the node used, in the same block.
                if err == cydriver.CUresult.CUDA_SUCCESS and c_attachment != NULL:
                    released = cydriver.cuGraphReleaseUserObject(c_holder, c_attachment, 1)
        finally:
            releases_here_end(here)
        if err != cydriver.CUresult.CUDA_SUCCESS:
            if recorded:
                NodeRecord_give_back(records, c_node, &taken)
            HANDLE_RETURN(err)
        self._destroyed = True
        # The node's address may be reused at once: its record and node object go.
        NodeRecord_forget(records, <uintptr_t>c_node)
        NodeRecord_drop(&taken)
        if nested is not _NO_TREE:
            graph_tree_forget(nested, records)
        HANDLE_RETURN(released)

    def embed(self, child: GraphDefinition) -> ChildGraphNode:
        """Add a node, after this one, that runs a copy of ``child``.

        The copy is taken now: later changes to ``child`` do not affect it,
        and the copy holds a share of what ``child``'s nodes use, so that
        ``child`` may be dropped. ``child`` must not hold allocation, free or
        conditional nodes.

        Parameters
        ----------
        child : GraphDefinition
            The graph to copy.

        Returns
        -------
        ChildGraphNode
            The new node.

        Raises
        ------
        TypeError
            If ``child`` is not a :class:`GraphDefinition`.
        CUDAError
            If the driver cannot add the node.
        """
        GraphNode_check_valid(self)
        check_argument_type(child, GraphDefinition, "child")
        cdef _GraphBox child_box = (<GraphDefinition>child)._box
        cdef cydriver.CUgraph c_child = child_box._handle
        cdef cydriver.CUgraphNode c_dependency = self._handle
        cdef size_t c_count = 1 if c_dependency != NULL else 0
        cdef cydriver.CUgraph c_graph = self._box._handle
        cdef cydriver.CUgraphNode c_node = NULL
        cdef cydriver.CUgraph c_copy = NULL
        with nogil:
            HANDLE_RETURN(
                cydriver.cuGraphAddChildGraphNode(&c_node, c_graph, &c_dependency, c_count, c_child)
            )
            HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, &c_copy))
        # The driver copied the child's shares into the copy; record which node holds which.
        NodeRecord_adopt(child_box._records, c_child, c_copy, self._box._records)
        return GraphNode_create(ChildGraphNode, self._box, c_node)

    def if_else(self, condition: GraphCondition) -> IfElseNode:
        """Add a node, after this one, that runs one of two bodies.

        The first body (:attr:`IfElseNode.then`) runs when the condition is
        non-zero, the second (:attr:`IfElseNode.else_`) when it is zero.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`GraphDefinition.create_condition`.

        Returns
        -------
        IfElseNode
            The new node.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_IF, 2, IfElseNode
        )

    def if_then(self, condition: GraphCondition) -> IfNode:
        """Add a node, after this one, whose body runs if the condition is non-zero.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`GraphDefinition.create_condition`.

        Returns
        -------
        IfNode
            The new node; :attr:`IfNode.then` is its body.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_IF, 1, IfNode
        )

    def join(self, *nodes: GraphNode) -> EmptyNode:
        """Add an empty node that depends on this node and all of ``nodes``.

        Parameters
        ----------
        *nodes : GraphNode
            The other nodes to wait for.

        Returns
        -------
        EmptyNode
            The new node.
        """
        return GraphNode_add_empty(self, nodes)

    def launch(self, config: LaunchConfig, kernel: Kernel, *args) -> KernelNode:
        """Add a node, after this one, that launches ``kernel``.

        The arguments are converted as :func:`~cuda.core.launch` converts
        them, and kept alive with the graph. Clusters and cooperative
        launches are not supported: a kernel node has no place for them, and
        a kernel that relies on either would run without it.

        Parameters
        ----------
        config : LaunchConfig
            The grid, block and shared memory of the launch.
        kernel : Kernel
            The kernel.
        *args
            The kernel's arguments.

        Returns
        -------
        KernelNode
            The new node.

        Raises
        ------
        TypeError
            If ``config`` or ``kernel`` has the wrong type, or the arguments
            do not suit the kernel.
        NotImplementedError
            If ``config`` has a cluster or is cooperative.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_kernel(self, config, kernel, args)

    def memcpy(
        self,
        dst: Buffer | int,
        src: Buffer | int,
        size: int,
        *,
        dst_owner: object = None,
        src_owner: object = None,
    ) -> MemcpyNode:
        """Add a node, after this one, that copies ``size`` bytes from ``src`` to ``dst``.

        Either end may be device or pinned host memory; the driver tells
        which. The memory of a :class:`~cuda.core.Buffer` stays allocated
        while the node uses it, even if the buffer is closed; for a raw
        address, pass the object that owns the memory as the owner (a
        :class:`~cuda.core.Buffer` owner keeps its memory, any other object
        is kept alive itself).

        Parameters
        ----------
        dst : Buffer or int
            The destination.
        src : Buffer or int
            The source.
        size : int
            The number of bytes.
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.
        src_owner : object, optional
            An object to keep alive for a raw ``src`` address.

        Returns
        -------
        MemcpyNode
            The new node.

        Raises
        ------
        ValueError
            If an owner is given with a :class:`~cuda.core.Buffer`.
        CUDAError
            If the driver cannot add the node.
        """
        GraphNode_check_valid(self)
        cdef cydriver.CUDA_MEMCPY3D c_params
        keep = memcpy_params(dst, src, size, dst_owner, src_owner, &c_params)
        return GraphNode_add(
            self, MemcpyNode, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params, keep, None
        )

    def memset(
        self,
        dst: Buffer | int,
        value: int | bytes,
        width: int,
        height: int = 1,
        pitch: int = 0,
        *,
        dst_owner: object = None,
    ) -> MemsetNode:
        """Add a node, after this one, that fills ``height`` rows of ``width`` elements.

        Parameters
        ----------
        dst : Buffer or int
            The destination; the memory of a :class:`~cuda.core.Buffer`
            stays allocated while the node uses it.
        value : int or bytes-like
            The pattern: an int in ``[0, 256)`` (one byte), or 1, 2 or 4
            bytes, which also set the element size.
        width : int
            The number of elements in a row.
        height : int, optional
            The number of rows (default 1).
        pitch : int, optional
            The distance between rows, in bytes (unused for one row).
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.

        Returns
        -------
        MemsetNode
            The new node.

        Raises
        ------
        ValueError
            If ``dst_owner`` is given with a :class:`~cuda.core.Buffer`, or
            ``value`` is out of range or of another size.
        CUDAError
            If the driver cannot add the node.
        """
        GraphNode_check_valid(self)
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        keep = memset_params(dst, value, width, height, pitch, dst_owner, &c_params)
        return GraphNode_add(
            self, MemsetNode, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params, keep, None
        )

    def record(self, event: Event) -> EventRecordNode:
        """Add a node, after this one, that records ``event``.

        Parameters
        ----------
        event : Event
            The event.

        Returns
        -------
        EventRecordNode
            The new node.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_event(self, event, True)

    def switch(self, condition: GraphCondition, count: int) -> SwitchNode:
        """Add a node, after this one, that runs the body the condition's value selects.

        No body runs when the value is ``count`` or more.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`GraphDefinition.create_condition`.
        count : int
            The number of bodies.

        Returns
        -------
        SwitchNode
            The new node; :attr:`~ConditionalNode.branches` are its bodies.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_SWITCH, count, SwitchNode
        )

    def wait(self, event: Event) -> EventWaitNode:
        """Add a node, after this one, that waits for ``event``.

        Parameters
        ----------
        event : Event
            The event.

        Returns
        -------
        EventWaitNode
            The new node.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_event(self, event, False)

    def while_loop(self, condition: GraphCondition) -> WhileNode:
        """Add a node, after this one, whose body runs while the condition is non-zero.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`GraphDefinition.create_condition`.

        Returns
        -------
        WhileNode
            The new node; :attr:`WhileNode.body` is its body.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphNode_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_WHILE, 1, WhileNode
        )

    @property
    def graph(self) -> GraphDefinition:
        """Return the :class:`GraphDefinition` the node belongs to."""
        return GraphDefinition_from_box(self._box)

    @property
    def handle(self) -> driver.CUgraphNode | None:
        """Return the driver's ``CUgraphNode``, or ``None`` for a definition's entry."""
        if self._handle == NULL:
            return None
        return driver.CUgraphNode(<uintptr_t>self._handle)

    @property
    def is_valid(self) -> bool:
        """Return whether the node and its graph still exist (:meth:`destroy` not called)."""
        return GraphNode_is_valid(self)

    @property
    def pred(self) -> _AdjacencySet:
        """Return a live, editable set of the nodes this node depends on."""
        return _AdjacencySet(self, False)

    @pred.setter
    def pred(self, value) -> None:
        GraphNode_replace_edges(self, value, False)

    @property
    def succ(self) -> _AdjacencySet:
        """Return a live, editable set of the nodes that depend on this node."""
        return _AdjacencySet(self, True)

    @succ.setter
    def succ(self, value) -> None:
        GraphNode_replace_edges(self, value, True)

    @property
    def type(self) -> driver.CUgraphNodeType | None:
        """Return the driver's kind of node, or ``None`` for a definition's entry.

        Raises
        ------
        RuntimeError
            If the node was destroyed, or its graph no longer exists.
        """
        if self._handle == NULL:
            return None
        GraphNode_check_valid(self)
        return driver.CUgraphNodeType(node_type(self._handle))


cdef class EmptyNode(GraphNode):
    """A node that does nothing: a point to depend on, for example to join branches."""


cdef class KernelNode(GraphNode):
    """A node that launches a kernel; its properties read the launch's parameters."""

    def update(
        self,
        *,
        config: LaunchConfig | None = None,
        kernel: Kernel | None = None,
        args: tuple | None = None,
    ) -> None:
        """Replace some of the launch's parameters; the others keep their values.

        Parameters
        ----------
        config : LaunchConfig, optional
            The new grid, block and shared memory.
        kernel : Kernel, optional
            The new kernel; ``args`` must come with it.
        args : tuple, optional
            The new arguments, all of them (``()`` for none).

        Raises
        ------
        ValueError
            If ``kernel`` is given without ``args``.
        TypeError
            If an argument has the wrong type.
        NotImplementedError
            If ``config`` has a cluster or is cooperative.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_check_valid(self)
        if kernel is not None and args is None:
            raise ValueError("changing the kernel requires args (args=() for no arguments)")
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        cdef ArgumentBuffers c_buffers
        cdef cydriver.CUgraphNode c_node = self._handle
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        if kernel is None:
            kernel = self.kernel
        keep = kernel_params(config, kernel, args, &c_params, True, &c_buffers)
        if args is None:
            # Only the launch shape changes: the node keeps what it holds.
            with nogil:
                HANDLE_RETURN(cydriver.cuGraphKernelNodeSetParams(c_node, &c_params))
            return
        cdef uintptr_t c_attachment = GraphNode_set_params(
            self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params, keep
        )
        NodeRecord_set(self._box._records, self._box._handle, c_node, c_attachment, keep, kernel)

    @property
    def block(self) -> tuple:
        """Return the block's dimensions, ``(x, y, z)``."""
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        return (c_params.blockDimX, c_params.blockDimY, c_params.blockDimZ)

    @property
    def config(self) -> LaunchConfig:
        """Return a :class:`~cuda.core.LaunchConfig` of the node's grid, block and shared memory.

        Clusters and cooperative launches are not part of it: the driver
        does not keep them with the node.
        """
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        return _LaunchConfig(
            grid=(c_params.gridDimX, c_params.gridDimY, c_params.gridDimZ),
            block=(c_params.blockDimX, c_params.blockDimY, c_params.blockDimZ),
            shmem_size=c_params.sharedMemBytes,
        )

    @property
    def grid(self) -> tuple:
        """Return the grid's dimensions in blocks, ``(x, y, z)``."""
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        return (c_params.gridDimX, c_params.gridDimY, c_params.gridDimZ)

    @property
    def kernel(self) -> Kernel:
        """Return the :class:`~cuda.core.Kernel` the node launches."""
        info = NodeRecord_info(self._box._records, self._handle)
        if info is not None:
            return info
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        return _Kernel.from_handle(<uintptr_t>c_params.kern)

    @property
    def shmem_size(self) -> int:
        """Return the dynamic shared memory of each block, in bytes."""
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params)
        return c_params.sharedMemBytes


cdef class AllocNode(GraphNode):
    """A node that allocates graph memory; its properties read the allocation."""

    @property
    def bytesize(self) -> int:
        """Return the number of bytes allocated."""
        cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC, &c_params)
        return c_params.bytesize

    @property
    def device_id(self) -> int:
        """Return the ordinal of the device the allocation was made for."""
        info = NodeRecord_info(self._box._records, self._handle)
        if info is not None:
            return info
        cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC, &c_params)
        return c_params.poolProps.location.id

    @property
    def dptr(self) -> int:
        """Return the address of the allocation."""
        cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC, &c_params)
        return <uintptr_t>c_params.dptr

    @property
    def memory_type(self) -> GraphMemoryType:
        """Return the kind of memory: device, host or managed."""
        cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC, &c_params)
        if c_params.poolProps.allocType == cydriver.CU_MEM_ALLOCATION_TYPE_MANAGED:
            return GraphMemoryType.MANAGED
        if c_params.poolProps.location.type == cydriver.CU_MEM_LOCATION_TYPE_DEVICE:
            return GraphMemoryType.DEVICE
        return GraphMemoryType.HOST

    @property
    def peer_access(self) -> tuple:
        """Return the ordinals of the other devices that may read and write the memory."""
        cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC, &c_params)
        cdef size_t index
        return tuple(
            c_params.accessDescs[index].location.id for index in range(c_params.accessDescCount)
        )


cdef class FreeNode(GraphNode):
    """A node that frees memory an :class:`AllocNode` allocated."""

    @property
    def dptr(self) -> int:
        """Return the address the node frees."""
        cdef cydriver.CUdeviceptr c_ptr = 0
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEM_FREE, &c_ptr)
        return <uintptr_t>c_ptr


cdef class MemsetNode(GraphNode):
    """A node that fills memory; its properties read the fill's parameters."""

    def update(
        self,
        *,
        dst: Buffer | int | None = None,
        value: int | bytes | None = None,
        width: int | None = None,
        height: int | None = None,
        pitch: int | None = None,
        dst_owner: object = None,
    ) -> None:
        """Replace some of the fill's parameters; the others keep their values.

        The context the node was made in must be current.

        Parameters
        ----------
        dst : Buffer or int, optional
            The new destination.
        value : int or bytes-like, optional
            The new pattern.
        width : int, optional
            The new number of elements in a row.
        height : int, optional
            The new number of rows.
        pitch : int, optional
            The new distance between rows, in bytes.
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.

        Raises
        ------
        ValueError
            If ``dst_owner`` comes without a raw ``dst`` address.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_check_valid(self)
        if dst_owner is not None and (dst is None or isinstance(dst, Buffer)):
            raise ValueError("dst_owner may only accompany a raw dst address")
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        keep = memset_params(
            <uintptr_t>c_params.dst if dst is None else dst,
            MemsetNode_value_bytes(&c_params) if value is None else value,
            c_params.width if width is None else width,
            c_params.height if height is None else height,
            c_params.pitch if pitch is None else pitch,
            dst_owner,
            &c_params,
        )
        if dst is None:
            # The destination stays: so does what the node holds for it.
            keep = GraphNode_payload(self)
        GraphNode_replace(self, &c_params, keep)

    @property
    def dptr(self) -> int:
        """Return the destination's address."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return <uintptr_t>c_params.dst

    @property
    def element_size(self) -> int:
        """Return the size of an element, in bytes: 1, 2 or 4."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return c_params.elementSize

    @property
    def height(self) -> int:
        """Return the number of rows."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return c_params.height

    @property
    def pitch(self) -> int:
        """Return the distance between rows, in bytes."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return c_params.pitch

    @property
    def value(self) -> int:
        """Return the pattern, as an int of :attr:`element_size` bytes."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return c_params.value

    @property
    def width(self) -> int:
        """Return the number of elements in a row."""
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params)
        return c_params.width


cdef class MemcpyNode(GraphNode):
    """A node that copies memory; its properties read the copy's parameters."""

    def update(
        self,
        *,
        dst: Buffer | int | None = None,
        src: Buffer | int | None = None,
        size: int | None = None,
        dst_owner: object = None,
        src_owner: object = None,
    ) -> None:
        """Replace some of the copy's parameters; the others keep their values.

        The context the node was made in must be current.

        Parameters
        ----------
        dst : Buffer or int, optional
            The new destination.
        src : Buffer or int, optional
            The new source.
        size : int, optional
            The new number of bytes.
        dst_owner : object, optional
            An object to keep alive for a raw ``dst`` address.
        src_owner : object, optional
            An object to keep alive for a raw ``src`` address.

        Raises
        ------
        ValueError
            If an owner comes without its raw address.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_check_valid(self)
        if dst_owner is not None and (dst is None or isinstance(dst, Buffer)):
            raise ValueError("dst_owner may only accompany a raw dst address")
        if src_owner is not None and (src is None or isinstance(src, Buffer)):
            raise ValueError("src_owner may only accompany a raw src address")
        cdef cydriver.CUDA_MEMCPY3D c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params)
        keep = memcpy_params(
            memcpy_end(c_params.dstMemoryType, c_params.dstHost, c_params.dstDevice)
            if dst is None else dst,
            memcpy_end(c_params.srcMemoryType, c_params.srcHost, c_params.srcDevice)
            if src is None else src,
            c_params.WidthInBytes if size is None else size,
            dst_owner,
            src_owner,
            &c_params,
        )
        # An end that stays keeps what the node holds for it.
        held = GraphNode_payload(self) or (None, None)
        new = keep or (None, None)
        keep = (held[0] if dst is None else new[0], held[1] if src is None else new[1])
        GraphNode_replace(self, &c_params, None if keep == (None, None) else keep)

    @property
    def dst(self) -> int:
        """Return the destination's address."""
        cdef cydriver.CUDA_MEMCPY3D c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params)
        return memcpy_end(c_params.dstMemoryType, c_params.dstHost, c_params.dstDevice)

    @property
    def size(self) -> int:
        """Return the number of bytes copied."""
        cdef cydriver.CUDA_MEMCPY3D c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params)
        return c_params.WidthInBytes

    @property
    def src(self) -> int:
        """Return the source's address."""
        cdef cydriver.CUDA_MEMCPY3D c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params)
        return memcpy_end(c_params.srcMemoryType, c_params.srcHost, c_params.srcDevice)


cdef class ChildGraphNode(GraphNode):
    """A node that runs a graph of its own (a copy made when the node was added)."""

    def update(self, child: GraphDefinition) -> None:
        """Replace the node's graph with a copy of ``child``.

        Parameters
        ----------
        child : GraphDefinition
            A graph of another hierarchy than this node's.

        Raises
        ------
        TypeError
            If ``child`` is not a :class:`GraphDefinition`.
        CUDAError
            If ``child`` is the node's own graph, a graph nested in it, or a
            graph that holds the node (the driver would destroy, or copy into
            itself, the graph it copies from), or if the driver cannot change
            the node. Nothing changes then.
        """
        GraphNode_check_valid(self)
        check_argument_type(child, GraphDefinition, "child")
        cdef _GraphBox child_box = (<GraphDefinition>child)._box
        GraphDefinition_check_valid(<GraphDefinition>child)
        cdef cydriver.CUgraphNodeParams c_params
        memset(&c_params, 0, sizeof(c_params))
        c_params.type = cydriver.CU_GRAPH_NODE_TYPE_GRAPH
        c_params.graph.graph = child_box._handle
        cdef cydriver.CUgraphNode c_node = self._handle
        cdef cydriver.CUgraph c_graph = self._box._handle
        cdef cydriver.CUgraph c_before = ChildGraphNode_graph(self)
        cdef cydriver.CUgraph c_after = NULL
        before = graph_tree(c_before, self._box._records)
        ChildGraphNode_check_source(self, child_box, before[0])
        # The node itself holds what child's nodes use: what the driver does with
        # the shares of the graph it replaces is not documented.
        keep = graph_tree_payloads(child_box._handle, child_box._records)
        cdef uintptr_t c_attachment = GraphNode_set_params(
            self, cydriver.CU_GRAPH_NODE_TYPE_GRAPH, &c_params, keep
        )
        NodeRecord_set(self._box._records, c_graph, c_node, c_attachment, keep, None)
        c_after = ChildGraphNode_graph(self)
        if c_after == c_before:
            # Updated in place: the views stay valid, but their nodes' shares
            # are no longer known, so that none is ever released twice.
            graph_tree_forget(((), before[1]), self._box._records)
        else:
            graph_tree_forget(before, self._box._records)

    @property
    def child_graph(self) -> GraphDefinition:
        """Return a :class:`GraphDefinition` of the node's own graph (the node keeps it)."""
        GraphNode_check_valid(self)
        cdef cydriver.CUgraph c_graph = ChildGraphNode_graph(self)
        return GraphDefinition_from_box(GraphBox_for(c_graph, False, self._box, self._box._records))


cdef class EventRecordNode(GraphNode):
    """A node that records an event."""

    def update(self, event: Event) -> None:
        """Record ``event`` instead.

        Parameters
        ----------
        event : Event
            The new event.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_set_event(self, event, True)

    @property
    def event(self) -> Event:
        """Return the :class:`~cuda.core.Event` the node records.

        The node keeps the event, with its flags, after the caller's
        references to it are gone (``None`` for a node this library did not
        make).
        """
        return GraphNode_info(self)


cdef class EventWaitNode(GraphNode):
    """A node that waits for an event."""

    def update(self, event: Event) -> None:
        """Wait for ``event`` instead.

        Parameters
        ----------
        event : Event
            The new event.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_set_event(self, event, False)

    @property
    def event(self) -> Event:
        """Return the :class:`~cuda.core.Event` the node waits for.

        The node keeps the event, with its flags, after the caller's
        references to it are gone (``None`` for a node this library did not
        make).
        """
        return GraphNode_info(self)


cdef class HostCallbackNode(GraphNode):
    """A node that calls a function on the host."""

    def update(
        self, fn: collections.abc.Callable[[], object], *, user_data: int | bytes | None = None
    ) -> None:
        """Call ``fn`` instead; ``fn`` and ``user_data`` are as :meth:`GraphNode.callback` takes.

        Parameters
        ----------
        fn : callable
            The new function: a Python callable, or a ctypes function pointer.
        user_data : int or bytes-like, optional
            The argument of a ctypes function pointer.

        Raises
        ------
        TypeError
            If ``fn`` is not callable, or is a ctypes function pointer of
            another prototype.
        ValueError
            If ``user_data`` is given with a Python callable.
        CUDAError
            If the driver cannot change the node.
        """
        GraphNode_check_valid(self)
        cdef cydriver.CUDA_HOST_NODE_PARAMS c_params
        keep = host_callback_params(fn, user_data, &c_params)
        cdef uintptr_t c_attachment = GraphNode_set_params(
            self, cydriver.CU_GRAPH_NODE_TYPE_HOST, &c_params, keep
        )
        NodeRecord_set(self._box._records, self._box._handle, self._handle, c_attachment, keep, None)

    @property
    def callback(self):
        """Return the Python callable, or ``None`` for a ctypes function pointer."""
        cdef cydriver.CUDA_HOST_NODE_PARAMS c_params
        GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_HOST, &c_params)
        if c_params.fn != host_trampoline:
            return None
        return <object>c_params.userData


cdef class ConditionalNode(GraphNode):
    """A node whose body graphs run as a condition decides.

    The builder methods return one of the subclasses :class:`IfNode`,
    :class:`IfElseNode`, :class:`WhileNode` and :class:`SwitchNode`; a
    conditional node that the driver reports but this library did not make
    is of this class, and knows neither its condition nor its bodies.
    """

    @property
    def branches(self) -> tuple:
        """Return the body graphs, as :class:`GraphDefinition` objects (empty if unknown)."""
        data = GraphNode_info(self)
        return () if data is None else data[2]

    @property
    def cond_type(self) -> GraphConditionalType | None:
        """Return the kind of conditional: if, while or switch (``None`` if unknown)."""
        data = GraphNode_info(self)
        return None if data is None else data[3]

    @property
    def condition(self) -> GraphCondition | None:
        """Return the :class:`GraphCondition` the node tests (``None`` if unknown)."""
        data = GraphNode_info(self)
        return None if data is None else data[1]


cdef class IfNode(ConditionalNode):
    """A conditional node whose body runs once if the condition is non-zero."""

    @property
    def then(self) -> GraphDefinition:
        """Return the body graph."""
        return self.branches[0]


cdef class IfElseNode(ConditionalNode):
    """A conditional node that runs one body if the condition is non-zero, the other if zero."""

    @property
    def else_(self) -> GraphDefinition:
        """Return the body that runs when the condition is zero."""
        return self.branches[1]

    @property
    def then(self) -> GraphDefinition:
        """Return the body that runs when the condition is non-zero."""
        return self.branches[0]


cdef class WhileNode(ConditionalNode):
    """A conditional node whose body runs again and again while the condition is non-zero."""

    @property
    def body(self) -> GraphDefinition:
        """Return the body graph."""
        return self.branches[0]


cdef class SwitchNode(ConditionalNode):
    """A conditional node that runs the body the condition's value selects."""


cdef class ExecutableGraphNode:
    """A node of an executable :class:`~cuda.core.graph.Graph`, to change it between launches.

    ``graph[node]`` returns one, for a node of the definition the graph was
    instantiated from; the driver checks that the node belongs to the graph
    when the view is used.
    """

    def __init__(self) -> None:
        """Refuse direct construction: index a :class:`~cuda.core.graph.Graph` instead."""
        raise RuntimeError("directly constructing an executable graph node is not supported")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._node!r}>"


cdef class _EnablableExecutableNode(ExecutableGraphNode):
    """The executable nodes that can be disabled and enabled again: kernel, memset and memcpy nodes.

    Not part of the public API: a base that :class:`ExecutableKernelNode`,
    :class:`ExecutableMemsetNode` and :class:`ExecutableMemcpyNode` share,
    the node types for which the driver has ``cuGraphNodeSetEnabled``.
    """

    def disable(self) -> None:
        """Skip the node in future launches.

        Raises
        ------
        CUDAError
            If the driver cannot change the node.
        """
        ExecutableGraphNode_set_enabled(self, False)

    def enable(self) -> None:
        """Run the node again in future launches.

        Raises
        ------
        CUDAError
            If the driver cannot change the node.
        """
        ExecutableGraphNode_set_enabled(self, True)

    @property
    def is_enabled(self) -> bool:
        """Return whether the node runs in launches."""
        return ExecutableGraphNode_is_enabled(self)


cdef class ExecutableKernelNode(_EnablableExecutableNode):
    """A kernel node of an executable graph."""

    def update(self, *, config: LaunchConfig, kernel: Kernel, args: tuple) -> None:
        """Launch ``kernel`` with ``config`` and ``args`` in future launches.

        Parameters
        ----------
        config : LaunchConfig
            The grid, block and shared memory.
        kernel : Kernel
            The kernel.
        args : tuple
            All the kernel's arguments (``()`` for none).

        Raises
        ------
        TypeError
            If an argument has the wrong type.
        NotImplementedError
            If ``config`` has a cluster or is cooperative.
        CUDAError
            If the driver cannot change the node.
        """
        Graph_check_open(self._graph)
        cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
        cdef ArgumentBuffers c_buffers
        memset(&c_params, 0, sizeof(c_params))
        keep = kernel_params(config, kernel, args, &c_params, True, &c_buffers)
        ExecutableGraphNode_update(self, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params, keep)


cdef class ExecutableMemsetNode(_EnablableExecutableNode):
    """A memset node of an executable graph."""

    def update(
        self,
        *,
        dst: Buffer | int,
        value: int | bytes,
        width: int,
        height: int = 1,
        pitch: int = 0,
    ) -> None:
        """Fill with these parameters in future launches.

        Parameters
        ----------
        dst : Buffer or int
            The destination.
        value : int or bytes-like
            The pattern.
        width : int
            The number of elements in a row.
        height : int, optional
            The number of rows.
        pitch : int, optional
            The distance between rows, in bytes.

        Raises
        ------
        CUDAError
            If the driver cannot change the node.
        """
        Graph_check_open(self._graph)
        cdef cydriver.CUDA_MEMSET_NODE_PARAMS c_params
        keep = memset_params(dst, value, width, height, pitch, None, &c_params)
        ExecutableGraphNode_update(self, cydriver.CU_GRAPH_NODE_TYPE_MEMSET, &c_params, keep)


cdef class ExecutableMemcpyNode(_EnablableExecutableNode):
    """A memcpy node of an executable graph."""

    def update(self, *, dst: Buffer | int, src: Buffer | int, size: int) -> None:
        """Copy with these parameters in future launches.

        Parameters
        ----------
        dst : Buffer or int
            The destination.
        src : Buffer or int
            The source.
        size : int
            The number of bytes.

        Raises
        ------
        CUDAError
            If the driver cannot change the node.
        """
        Graph_check_open(self._graph)
        cdef cydriver.CUDA_MEMCPY3D c_params
        keep = memcpy_params(dst, src, size, None, None, &c_params)
        ExecutableGraphNode_update(self, cydriver.CU_GRAPH_NODE_TYPE_MEMCPY, &c_params, keep)


cdef class ExecutableChildGraphNode(ExecutableGraphNode):
    """A child graph node of an executable graph."""

    def update(self, child: GraphDefinition) -> None:
        """Run ``child``'s parameters in future launches; its topology must match.

        Parameters
        ----------
        child : GraphDefinition
            A graph of the same topology as the node's.

        Raises
        ------
        TypeError
            If ``child`` is not a :class:`GraphDefinition`.
        CUDAError
            If the driver cannot change the node.
        """
        Graph_check_open(self._graph)
        check_argument_type(child, GraphDefinition, "child")
        cdef cydriver.CUgraph c_child = (<GraphDefinition>child)._box._handle
        ExecutableGraphNode_update(self, cydriver.CU_GRAPH_NODE_TYPE_GRAPH, c_child, None)
        ExecutableGraphNode_retain(self, _tree_payloads(child))


cdef class ExecutableEventRecordNode(ExecutableGraphNode):
    """An event record node of an executable graph."""

    def update(self, event: Event) -> None:
        """Record ``event`` in future launches.

        Parameters
        ----------
        event : Event
            The event.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot change the node.
        """
        ExecutableGraphNode_set_event(self, event, True)


cdef class ExecutableEventWaitNode(ExecutableGraphNode):
    """An event wait node of an executable graph."""

    def update(self, event: Event) -> None:
        """Wait for ``event`` in future launches.

        Parameters
        ----------
        event : Event
            The event.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`~cuda.core.Event`.
        CUDAError
            If the driver cannot change the node.
        """
        ExecutableGraphNode_set_event(self, event, False)


cdef class ExecutableHostCallbackNode(ExecutableGraphNode):
    """A host callback node of an executable graph."""

    def update(
        self, fn: collections.abc.Callable[[], object], *, user_data: int | bytes | None = None
    ) -> None:
        """Call ``fn`` in future launches; as :meth:`GraphNode.callback` takes it.

        Parameters
        ----------
        fn : callable
            The function: a Python callable, or a ctypes function pointer.
        user_data : int or bytes-like, optional
            The argument of a ctypes function pointer.

        Raises
        ------
        TypeError
            If ``fn`` is not callable, or is a ctypes function pointer of
            another prototype.
        ValueError
            If ``user_data`` is given with a Python callable.
        CUDAError
            If the driver cannot change the node.
        """
        Graph_check_open(self._graph)
        cdef cydriver.CUDA_HOST_NODE_PARAMS c_params
        keep = host_callback_params(fn, user_data, &c_params)
        ExecutableGraphNode_update(self, cydriver.CU_GRAPH_NODE_TYPE_HOST, &c_params, keep)


class _AdjacencySet(collections.abc.MutableSet):
    """A live set of a node's predecessors or successors; changes edit the graph's edges.

    The set operators (``&``, ``|``, ``-``, ``^``) return plain sets; the
    in-place ones edit the edges and return this set.
    """

    __slots__ = ("_node", "_forward")

    def __init__(self, node: GraphNode, forward: bool) -> None:
        self._node = node
        self._forward = forward

    def __contains__(self, value: object) -> bool:
        return value in GraphNode_neighbours(self._node, self._forward)

    def __ior__(self, other) -> _AdjacencySet:
        self.update(other)
        return self

    def __isub__(self, other) -> _AdjacencySet:
        if other is self:
            self.clear()
            return self
        present = GraphNode_neighbours(self._node, self._forward)
        gone = tuple(value for value in set(other) if value in present)
        GraphNode_edit_edges(self._node, gone, self._forward, False)
        return self

    def __iter__(self):
        return iter(GraphNode_neighbours(self._node, self._forward))

    def __len__(self) -> int:
        return len(GraphNode_neighbours(self._node, self._forward))

    def __repr__(self) -> str:
        return f"{{{', '.join(repr(node) for node in self)}}}"

    @classmethod
    def _from_iterable(cls, iterable) -> set:
        """Return the result of a set operator: a plain set, not a live one."""
        return set(iterable)

    def add(self, value: GraphNode) -> None:
        """Add an edge between the node and ``value``."""
        check_argument_type(value, GraphNode, "value")
        if value not in self:
            GraphNode_edit_edges(self._node, (value,), self._forward, True)

    def clear(self) -> None:
        """Remove all the node's edges in this direction."""
        GraphNode_edit_edges(self._node, tuple(self), self._forward, False)

    def discard(self, value: GraphNode) -> None:
        """Remove the edge between the node and ``value``, if there is one."""
        check_argument_type(value, GraphNode, "value")
        if value in self:
            GraphNode_edit_edges(self._node, (value,), self._forward, False)

    def update(self, *others) -> None:
        """Add edges to all the nodes of ``others`` (iterables of nodes, or single nodes)."""
        values = []
        for other in others:
            values.extend((other,) if isinstance(other, GraphNode) else other)
        for value in values:
            if not isinstance(value, GraphNode):
                raise TypeError(f"expected GraphNode, got {type(value).__name__}")
        present = set(self)
        new = []
        for value in values:
            if value not in present:
                present.add(value)
                new.append(value)
        GraphNode_edit_edges(self._node, tuple(new), self._forward, True)


def _definition_from_handle(
    handle: int, owned: bool, keepalive: object, _NodeRecords records
) -> GraphDefinition:
    """Return a definition of the graph at ``handle``, for :class:`~cuda.core.graph.GraphBuilder`.

    An owned graph is destroyed with the definition; one not owned is kept
    alive by ``keepalive``. ``records`` is the builder's map of the nodes it
    recorded, shared with the definition.
    """
    cdef _GraphBox box = GraphBox_for(
        <cydriver.CUgraph><uintptr_t>handle, owned, keepalive, records
    )
    return GraphDefinition_from_box(box)


def _adopt_records(_NodeRecords source, original: int, clone: int, _NodeRecords target) -> None:
    """Record in ``target`` the nodes of ``clone`` copied from recorded nodes of ``original``.

    For :meth:`GraphBuilder.embed`, which adds a child-graph node that copies ``original``.
    """
    NodeRecord_adopt(
        source,
        <cydriver.CUgraph><uintptr_t>original,
        <cydriver.CUgraph><uintptr_t>clone,
        target,
    )


def _forget_graph(handle: int, _NodeRecords records) -> None:
    """Invalidate the views of a graph about to be destroyed, and of the graphs nested in it.

    For :class:`~cuda.core.graph.GraphBuilder`, before it destroys a graph it
    owns; ``records`` (its hierarchy's, or ``None``) tells the bodies of the
    conditional nodes it captured where the driver cannot.
    """
    graph_tree_forget(graph_tree(<cydriver.CUgraph><uintptr_t>handle, records), records)


def _record_callback(
    _NodeRecords records, graph: int, node: int, attachment: int, payload: object
) -> None:
    """Record that ``graph`` holds ``payload`` for the host node a builder captured."""
    NodeRecord_set(
        records,
        <cydriver.CUgraph><uintptr_t>graph,
        <cydriver.CUgraphNode><uintptr_t>node,
        attachment,
        payload,
        None,
    )


def _tree_payloads(definition: GraphDefinition) -> tuple:
    """Return what the nodes of ``definition``'s graph, and of the graphs nested in it, hold."""
    cdef _GraphBox box = (<GraphDefinition>definition)._box
    GraphDefinition_check_valid(<GraphDefinition>definition)
    return graph_tree_payloads(box._handle, box._records)


def _condition_from_handle(handle: int, keepalive: object) -> GraphCondition:
    """Return a :class:`GraphCondition` of a handle a :class:`GraphBuilder` created."""
    cdef GraphCondition condition = GraphCondition.__new__(GraphCondition)
    condition._handle = handle
    condition._owner = keepalive
    return condition


def _condition_value(condition: GraphCondition) -> int:
    """Return the ``CUgraphConditionalHandle`` of ``condition``, checking its type."""
    check_argument_type(condition, GraphCondition, "condition")
    return (<GraphCondition>condition)._handle


def _host_callback_parts(fn, user_data) -> tuple:
    """Return ``(function address, user data address, object to keep)`` for a host callback."""
    cdef cydriver.CUDA_HOST_NODE_PARAMS c_params
    keep = host_callback_params(fn, user_data, &c_params)
    return (<uintptr_t>c_params.fn, <uintptr_t>c_params.userData, keep)


def _executable_view(Graph graph, node) -> ExecutableGraphNode:
    """Return the view of ``node`` in ``graph`` that ``Graph.__getitem__`` returns."""
    check_argument_type(node, GraphNode, "node")
    if (<GraphNode>node)._handle == NULL:
        raise TypeError(f"expected a node of a GraphDefinition, got {node!r}")
    Graph_check_open(graph)
    GraphNode_check_valid(<GraphNode>node)
    cls = _EXECUTABLE_CLASSES.get(node_type((<GraphNode>node)._handle))
    if cls is None:
        raise TypeError(f"{type(node).__name__} has no executable view")
    cdef ExecutableGraphNode view = <ExecutableGraphNode>new_instance(cls)
    view._graph = graph
    view._node = node
    return view


cdef GraphDefinition GraphDefinition_from_box(_GraphBox box):
    """Return a new definition that views ``box``'s graph."""
    cdef GraphDefinition definition = GraphDefinition.__new__(GraphDefinition)
    definition._box = box
    return definition


cdef inline GraphNode GraphDefinition_entry(GraphDefinition self):
    """Return the entry pseudo-node of the definition's graph: nodes added through it depend on nothing.

    It is made once per graph the definition views and kept: every builder
    method of the definition goes through it.
    """
    cdef GraphNode entry = self._entry_node
    if entry is None or entry._box is not self._box:
        entry = GraphNode_create(GraphNode, self._box, NULL)
        self._entry_node = entry
    return entry


cdef int GraphDefinition_check_valid(GraphDefinition self) except -1:
    """Raise :class:`RuntimeError` if the definition's graph no longer exists."""
    if self._box._handle == NULL:
        raise RuntimeError("the graph definition is no longer valid")
    return 0


cdef set GraphDefinition_nodes(GraphDefinition self):
    """Return the nodes of the definition's graph."""
    return {
        GraphNode_wrap(self._box, <cydriver.CUgraphNode><uintptr_t>address)
        for address in graph_nodes(self._box._handle)
    }


cdef set GraphDefinition_edges(GraphDefinition self):
    """Return the edges of the definition's graph as pairs of nodes."""
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef size_t c_count = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphGetEdges(c_graph, NULL, NULL, NULL, &c_count))
    if c_count == 0:
        return set()
    cdef cydriver.CUgraphNode* c_from = <cydriver.CUgraphNode*>malloc(
        2 * c_count * sizeof(cydriver.CUgraphNode)
    )
    if c_from == NULL:
        raise MemoryError()
    cdef cydriver.CUgraphNode* c_to = c_from + c_count
    cdef size_t index
    try:
        with nogil:
            HANDLE_RETURN(cydriver.cuGraphGetEdges(c_graph, c_from, c_to, NULL, &c_count))
        return {
            (GraphNode_wrap(self._box, c_from[index]), GraphNode_wrap(self._box, c_to[index]))
            for index in range(c_count)
        }
    finally:
        free(c_from)


cdef GraphCondition GraphCondition_create(
    cydriver.CUgraph graph, object default_value, object owner
):
    """Create a conditional handle for ``graph``, with ``default_value`` if given."""
    cdef cydriver.CUcontext c_ctx = current_context()
    cdef unsigned int c_default = 0
    cdef unsigned int c_flags = 0
    if default_value is not None:
        c_default = default_value
        c_flags = cydriver.CU_GRAPH_COND_ASSIGN_DEFAULT
    cdef cydriver.CUgraphConditionalHandle c_handle = 0
    with nogil:
        HANDLE_RETURN(
            cydriver.cuGraphConditionalHandleCreate(&c_handle, graph, c_ctx, c_default, c_flags)
        )
    cdef GraphCondition condition = GraphCondition.__new__(GraphCondition)
    condition._handle = c_handle
    condition._owner = owner
    return condition


cdef GraphNode GraphNode_create(type cls, _GraphBox box, cydriver.CUgraphNode handle):
    """Return a new node object of ``cls`` for ``handle``, and register it."""
    cdef GraphNode node = GraphNode_new(cls, box, handle)
    if handle != NULL:
        node_register(box._records, <uintptr_t>handle, node)
    return node


cdef inline GraphNode GraphNode_new(type cls, _GraphBox box, cydriver.CUgraphNode handle):
    """Return a new node object of ``cls`` for ``handle``, not yet registered."""
    cdef GraphNode node = <GraphNode>new_instance(cls)
    node._box = box
    node._handle = handle
    return node


cdef GraphNode GraphNode_wrap(_GraphBox box, cydriver.CUgraphNode handle):
    """Return the node object of ``handle``: the registered one, or a new one of its class."""
    node = node_lookup(box._records, <uintptr_t>handle)
    if node is not None:
        return node
    cdef int c_type = node_type(handle)
    cls = _NODE_CLASSES.get(c_type, GraphNode)
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL:
        info = NodeRecord_info(box._records, handle)
        cls = ConditionalNode if info is None else info[0]
    return GraphNode_create(cls, box, handle)


cdef uintptr_t GraphNode_attach(GraphNode self, object payload) except? 0:
    """Make the node's graph hold ``payload``, before a node that uses it is added or changed.

    Returns the attachment (0 for a ``None`` payload): the caller detaches it
    if the driver then refuses the node.
    """
    if payload is None:
        return 0
    return graph_attach(self._box._handle, payload)


cdef GraphNode GraphNode_add(
    GraphNode self, type cls, int c_type, void* params, object payload, object info
):
    """Add a node of ``cls``, of the driver's type ``c_type``, after ``self``; return it.

    ``params`` is what the node type's ``cuGraphAdd...Node`` call takes: its
    parameters, or the event of an event node; memset and memcpy nodes are
    added in the current context. The graph holds ``payload`` before the
    node exists (see :mod:`cuda.core._utils._attachment`), in the same
    block without the GIL, and lets go of it again if the driver refuses
    the node; ``info`` is recorded as :func:`GraphNode_keep` says.
    """
    cdef cydriver.CUcontext c_ctx = NULL
    if (
        c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET
        or c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY
    ):
        c_ctx = current_context()
    cdef cydriver.CUgraphNode c_dependency = self._handle
    cdef size_t c_count = 1 if c_dependency != NULL else 0
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef cydriver.CUgraphNode c_node = NULL
    cdef cydriver.CUuserObject c_attachment = NULL
    cdef PendingRelease* c_item = NULL
    cdef cydriver.CUresult err = cydriver.CUresult.CUDA_SUCCESS
    cdef cydriver.CUresult released = cydriver.CUresult.CUDA_SUCCESS
    if payload is not None:
        c_item = attachment_prepare(payload)
    with nogil:
        if c_item != NULL:
            err = attachment_attach(c_graph, c_item, &c_attachment)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = node_add(c_type, &c_node, c_graph, &c_dependency, c_count, params, c_ctx)
            if err != cydriver.CUresult.CUDA_SUCCESS and c_attachment != NULL:
                released = cydriver.cuGraphReleaseUserObject(c_graph, c_attachment, 1)
    # A refused node's share is taken back: a failure to do so is reported
    # first, then the refusal.
    HANDLE_RETURN(released)
    HANDLE_RETURN(err)
    return GraphNode_keep(self, cls, c_node, <uintptr_t>c_attachment, payload, info)


cdef cydriver.CUresult node_add(
    int c_type,
    cydriver.CUgraphNode* node,
    cydriver.CUgraph graph,
    cydriver.CUgraphNode* dependency,
    size_t count,
    void* params,
    cydriver.CUcontext ctx,
) noexcept nogil:
    """Call the ``cuGraphAdd...Node`` of the driver's node type ``c_type``; see :func:`GraphNode_add`."""
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_KERNEL:
        return cydriver.cuGraphAddKernelNode(
            node, graph, dependency, count, <cydriver.CUDA_KERNEL_NODE_PARAMS*>params
        )
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET:
        return cydriver.cuGraphAddMemsetNode(
            node, graph, dependency, count, <cydriver.CUDA_MEMSET_NODE_PARAMS*>params, ctx
        )
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY:
        return cydriver.cuGraphAddMemcpyNode(
            node, graph, dependency, count, <cydriver.CUDA_MEMCPY3D*>params, ctx
        )
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_HOST:
        return cydriver.cuGraphAddHostNode(
            node, graph, dependency, count, <cydriver.CUDA_HOST_NODE_PARAMS*>params
        )
    if c_type == cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD:
        return cydriver.cuGraphAddEventRecordNode(
            node, graph, dependency, count, <cydriver.CUevent>params
        )
    return cydriver.cuGraphAddEventWaitNode(node, graph, dependency, count, <cydriver.CUevent>params)


cdef GraphNode GraphNode_keep(
    GraphNode self,
    type cls,
    cydriver.CUgraphNode node,
    uintptr_t attachment,
    object payload,
    object info,
):
    """Record what the new ``node``, added after ``self``, holds; return its node object."""
    cdef _GraphBox box = self._box
    cdef GraphNode created = GraphNode_new(cls, box, node)
    # One map entry for the record and the node object.
    NodeRecord_add(box._records, box._handle, node, attachment, payload, info, created)
    return created


cdef object GraphNode_info(GraphNode self):
    """Return what the node's properties report beyond its parameters, or ``None``."""
    return NodeRecord_info(self._box._records, self._handle)


cdef object GraphNode_payload(GraphNode self):
    """Return what the node's graph holds for it, or ``None``."""
    return NodeRecord_payload(self._box._records, self._handle)


cdef int GraphNode_replace(GraphNode self, void* params, object payload) except -1:
    """Set the parameters of a memset or memcpy node, holding ``payload`` instead of what it held."""
    cdef cydriver.CUgraphNode c_node = self._handle
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef uintptr_t c_attachment = GraphNode_set_params(
        self, node_type(c_node), params, payload
    )
    if payload is None:
        NodeRecord_release(self._box._records, c_node)
    else:
        NodeRecord_set(self._box._records, c_graph, c_node, c_attachment, payload, None)
    return 0


cdef uintptr_t GraphNode_set_params(
    GraphNode self, int c_type, void* params, object payload
) except? 0:
    """Give the node, of the driver's type ``c_type``, new parameters; its graph holds ``payload``.

    ``params`` is what the node type's ``cuGraph...Set...`` call takes: its
    parameters, or the event of an event node; any other type is set with
    ``cuGraphNodeSetParams``. Returns the attachment of ``payload`` (see
    :func:`GraphNode_attach`), which the caller records; if the driver
    refuses, the attachment is released and the error raised.
    """
    cdef cydriver.CUgraphNode c_node = self._handle
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef uintptr_t c_attachment = GraphNode_attach(self, payload)
    try:
        with nogil:
            if c_type == cydriver.CU_GRAPH_NODE_TYPE_KERNEL:
                HANDLE_RETURN(
                    cydriver.cuGraphKernelNodeSetParams(
                        c_node, <cydriver.CUDA_KERNEL_NODE_PARAMS*>params
                    )
                )
            elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET:
                HANDLE_RETURN(
                    cydriver.cuGraphMemsetNodeSetParams(
                        c_node, <cydriver.CUDA_MEMSET_NODE_PARAMS*>params
                    )
                )
            elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY:
                HANDLE_RETURN(
                    cydriver.cuGraphMemcpyNodeSetParams(c_node, <cydriver.CUDA_MEMCPY3D*>params)
                )
            elif c_type == cydriver.CU_GRAPH_NODE_TYPE_HOST:
                HANDLE_RETURN(
                    cydriver.cuGraphHostNodeSetParams(
                        c_node, <cydriver.CUDA_HOST_NODE_PARAMS*>params
                    )
                )
            elif c_type == cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD:
                HANDLE_RETURN(
                    cydriver.cuGraphEventRecordNodeSetEvent(c_node, <cydriver.CUevent>params)
                )
            elif c_type == cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT:
                HANDLE_RETURN(
                    cydriver.cuGraphEventWaitNodeSetEvent(c_node, <cydriver.CUevent>params)
                )
            else:
                HANDLE_RETURN(
                    cydriver.cuGraphNodeSetParams(c_node, <cydriver.CUgraphNodeParams*>params)
                )
    except BaseException:
        graph_detach(c_graph, c_attachment)
        raise
    return c_attachment


cdef tuple GraphNode_nested_tree(GraphNode self):
    """Return the tree (see ``graph_tree``) of the graphs nested in the node, if any.

    A node's class follows its driver type (:func:`GraphNode_wrap`): only
    child-graph and conditional nodes nest graphs, so the driver is not
    asked for the type of the others.
    """
    cdef PyTypeObject* kind = Py_TYPE(self)
    if (
        kind.tp_base == <PyTypeObject*>GraphNode
        and <object>kind is not ChildGraphNode
        and <object>kind is not ConditionalNode
    ):
        # A class derived from GraphNode alone, as that of every node but
        # child-graph and conditional ones: no walk of its bases needed.
        return _NO_TREE
    if isinstance(self, ChildGraphNode):
        return graph_tree(ChildGraphNode_graph(<ChildGraphNode>self), self._box._records)
    if not isinstance(self, ConditionalNode):
        return _NO_TREE
    graphs = []
    nodes = []
    cdef tuple tree
    for body in conditional_bodies(self._handle, self._box._records):
        tree = graph_tree(<cydriver.CUgraph><uintptr_t>body, self._box._records)
        graphs.extend(tree[0])
        nodes.extend(tree[1])
    return tuple(graphs), tuple(nodes)


cdef int ChildGraphNode_check_source(ChildGraphNode self, _GraphBox source, tuple below) except -1:
    """Raise :class:`CUDAError` if ``source`` is in the node's own graph tree (``below``) or holds the node."""
    cdef uintptr_t c_source = <uintptr_t>source._handle
    refused = c_source in below
    box = self._box
    while not refused and isinstance(box, _GraphBox):
        refused = <uintptr_t>(<_GraphBox>box)._handle == c_source
        box = (<_GraphBox>box)._parent
    if refused:
        raise CUDAError(
            "CUDA_ERROR_INVALID_VALUE: a child graph node cannot be updated from its own graph, "
            "a graph nested in it, or a graph that holds the node; pass a graph of another hierarchy"
        )
    return 0


cdef cydriver.CUgraph ChildGraphNode_graph(ChildGraphNode self) except? NULL:
    """Return the graph a child-graph node owns."""
    cdef cydriver.CUgraph c_graph = NULL
    GraphNode_get_params(self, cydriver.CU_GRAPH_NODE_TYPE_GRAPH, &c_graph)
    return c_graph


cdef int GraphNode_check_valid(GraphNode self) except -1:
    """Raise :class:`RuntimeError` if the node was destroyed or its graph is gone."""
    if not GraphNode_is_valid(self):
        raise RuntimeError("the graph node is no longer valid")
    return 0


cdef inline bint GraphNode_is_valid(GraphNode self) noexcept:
    """Return whether the node was not destroyed and its graph still exists."""
    return not self._destroyed and self._box._handle != NULL


cdef list GraphNode_neighbours(GraphNode self, bint forward):
    """Return the nodes ``self`` depends on, or that depend on it if ``forward``."""
    GraphNode_check_valid(self)
    cdef cydriver.CUgraphNode c_node = self._handle
    if c_node == NULL:
        return []
    return [
        GraphNode_wrap(self._box, <cydriver.CUgraphNode><uintptr_t>address)
        for address in node_neighbours(c_node, forward)
    ]


cdef int GraphNode_edit_edges(GraphNode self, tuple others, bint forward, bint add) except -1:
    """Add (or remove) the edges between ``self`` and each of ``others`` in one driver call."""
    GraphNode_check_valid(self)
    cdef size_t c_count = len(others)
    if c_count == 0:
        return 0
    for other in others:
        if not isinstance(other, GraphNode):
            raise TypeError(f"expected GraphNode, got {type(other).__name__}")
        if (<GraphNode>other)._handle == NULL:
            raise ValueError("The virtual graph entry node cannot be used in an edge")
        GraphNode_check_valid(<GraphNode>other)
        if (<GraphNode>other)._box._key != self._box._key:
            raise ValueError("Graph nodes must belong to the same GraphDefinition")
    cdef cydriver.CUgraphNode* c_from = <cydriver.CUgraphNode*>malloc(
        2 * c_count * sizeof(cydriver.CUgraphNode)
    )
    if c_from == NULL:
        raise MemoryError()
    cdef cydriver.CUgraphNode* c_to = c_from + c_count
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef size_t index
    try:
        for index in range(c_count):
            if forward:
                c_from[index] = self._handle
                c_to[index] = (<GraphNode>others[index])._handle
            else:
                c_from[index] = (<GraphNode>others[index])._handle
                c_to[index] = self._handle
        with nogil:
            if add:
                HANDLE_RETURN(cydriver.cuGraphAddDependencies(c_graph, c_from, c_to, NULL, c_count))
            else:
                HANDLE_RETURN(
                    cydriver.cuGraphRemoveDependencies(c_graph, c_from, c_to, NULL, c_count)
                )
    finally:
        free(c_from)
    return 0


cdef int GraphNode_replace_edges(GraphNode self, object value, bint forward) except -1:
    """Make ``value`` the nodes ``self`` depends on, or that depend on it if ``forward``.

    Only the edges that change are edited: new ones are added first, so that
    a refused addition leaves the graph as it was, then the others removed.
    A graph with memory nodes refuses any removal, so an assignment that
    removes nothing (``node.succ |= {other}``) must call the driver for none.
    """
    target = []
    for node in ((value,) if isinstance(value, GraphNode) else value):
        # Read before any change: ``value`` may be this node's live set.
        if not isinstance(node, GraphNode):
            raise TypeError(f"expected GraphNode, got {type(node).__name__}")
        if node not in target:
            target.append(node)
    current = GraphNode_neighbours(self, forward)
    GraphNode_edit_edges(self, tuple(node for node in target if node not in current), forward, True)
    GraphNode_edit_edges(self, tuple(node for node in current if node not in target), forward, False)
    return 0


cdef EmptyNode GraphNode_add_empty(GraphNode self, tuple others):
    """Add an empty node that depends on ``self`` (unless the entry) and on ``others``."""
    GraphNode_check_valid(self)
    dependencies = [] if self._handle == NULL else [self]
    for other in others:
        if not isinstance(other, GraphNode):
            raise TypeError(f"expected GraphNode objects, got {type(other).__name__}")
        if (<GraphNode>other)._handle != NULL:
            dependencies.append(other)
    cdef size_t c_count = len(dependencies)
    cdef cydriver.CUgraphNode* c_dependencies = <cydriver.CUgraphNode*>malloc(
        (c_count + 1) * sizeof(cydriver.CUgraphNode)
    )
    if c_dependencies == NULL:
        raise MemoryError()
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef cydriver.CUgraphNode c_node = NULL
    cdef size_t index
    try:
        for index in range(c_count):
            c_dependencies[index] = (<GraphNode>dependencies[index])._handle
        with nogil:
            HANDLE_RETURN(
                cydriver.cuGraphAddEmptyNode(&c_node, c_graph, c_dependencies, c_count)
            )
    finally:
        free(c_dependencies)
    return GraphNode_create(EmptyNode, self._box, c_node)


cdef KernelNode GraphNode_add_kernel(GraphNode self, object config, object kernel, tuple args):
    """Add a kernel node after ``self`` that launches ``kernel`` with ``config`` and ``args``."""
    GraphNode_check_valid(self)
    cdef cydriver.CUDA_KERNEL_NODE_PARAMS c_params
    cdef ArgumentBuffers c_buffers
    memset(&c_params, 0, sizeof(c_params))
    keep = kernel_params(config, kernel, args, &c_params, False, &c_buffers)
    # A node of the class given: the cast spares a type test.
    return <KernelNode>GraphNode_add(
        self, KernelNode, cydriver.CU_GRAPH_NODE_TYPE_KERNEL, &c_params, keep, kernel
    )


cdef AllocNode GraphNode_add_alloc(
    GraphNode self, object size, object device, object memory_type, object peer_access
):
    """Add an allocation node after ``self``; see :meth:`GraphNode.allocate`."""
    GraphNode_check_valid(self)
    kind = GraphMemoryType(memory_type)
    cdef int c_device = device_ordinal(device)
    peers = [device_ordinal(peer) for peer in (peer_access or ())]
    cdef cydriver.CUDA_MEM_ALLOC_NODE_PARAMS c_params
    memset(&c_params, 0, sizeof(c_params))
    c_params.bytesize = size
    c_params.poolProps.allocType = cydriver.CU_MEM_ALLOCATION_TYPE_PINNED
    c_params.poolProps.location.type = cydriver.CU_MEM_LOCATION_TYPE_DEVICE
    c_params.poolProps.location.id = c_device
    if kind == GraphMemoryType.HOST:
        c_params.poolProps.location.type = cydriver.CU_MEM_LOCATION_TYPE_HOST
        c_params.poolProps.location.id = 0
    elif kind == GraphMemoryType.MANAGED:
        c_params.poolProps.allocType = cydriver.CU_MEM_ALLOCATION_TYPE_MANAGED
    cdef size_t c_peers = len(peers)
    cdef cydriver.CUmemAccessDesc* c_access = NULL
    cdef size_t index
    if c_peers:
        c_access = <cydriver.CUmemAccessDesc*>malloc(c_peers * sizeof(cydriver.CUmemAccessDesc))
        if c_access == NULL:
            raise MemoryError()
        memset(c_access, 0, c_peers * sizeof(cydriver.CUmemAccessDesc))
        for index in range(c_peers):
            c_access[index].location.type = cydriver.CU_MEM_LOCATION_TYPE_DEVICE
            c_access[index].location.id = peers[index]
            c_access[index].flags = cydriver.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
    c_params.accessDescs = c_access
    c_params.accessDescCount = c_peers
    cdef cydriver.CUgraphNode c_dependency = self._handle
    cdef size_t c_count = 1 if c_dependency != NULL else 0
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef cydriver.CUgraphNode c_node = NULL
    try:
        with nogil:
            HANDLE_RETURN(
                cydriver.cuGraphAddMemAllocNode(&c_node, c_graph, &c_dependency, c_count, &c_params)
            )
    finally:
        free(c_access)
    return GraphNode_keep(self, AllocNode, c_node, 0, None, c_device)


cdef GraphNode GraphNode_add_event(GraphNode self, object event, bint record):
    """Add a node after ``self`` that records ``event``, or waits for it."""
    GraphNode_check_valid(self)
    check_argument_type(event, Event, "event")
    cdef cydriver.CUevent c_event = (<Event>event)._handle
    if record:
        return GraphNode_add(
            self, EventRecordNode, cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD, c_event, event, event
        )
    return GraphNode_add(
        self, EventWaitNode, cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT, c_event, event, event
    )


cdef int GraphNode_set_event(GraphNode self, object event, bint record) except -1:
    """Make the event node ``self`` record (or wait for) ``event`` instead."""
    GraphNode_check_valid(self)
    check_argument_type(event, Event, "event")
    cdef cydriver.CUevent c_event = (<Event>event)._handle
    cdef int c_type = (
        cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD if record else cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT
    )
    cdef uintptr_t c_attachment = GraphNode_set_params(self, c_type, c_event, event)
    NodeRecord_set(self._box._records, self._box._handle, self._handle, c_attachment, event, event)
    return 0


cdef ConditionalNode GraphNode_add_conditional(
    GraphNode self,
    object condition,
    cydriver.CUgraphConditionalNodeType cond_type,
    unsigned int size,
    type cls,
):
    """Add a conditional node of ``cond_type`` with ``size`` bodies after ``self``."""
    GraphNode_check_valid(self)
    check_argument_type(condition, GraphCondition, "condition")
    cdef cydriver.CUgraphNodeParams c_params
    memset(&c_params, 0, sizeof(c_params))
    c_params.type = cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL
    c_params.conditional.handle = (<GraphCondition>condition)._handle
    c_params.conditional.type = cond_type
    c_params.conditional.size = size
    c_params.conditional.ctx = current_context()
    cdef cydriver.CUgraphNode c_dependency = self._handle
    cdef size_t c_count = 1 if c_dependency != NULL else 0
    cdef cydriver.CUgraph c_graph = self._box._handle
    cdef cydriver.CUgraphNode c_node = NULL
    with nogil:
        HANDLE_RETURN(
            cydriver.cuGraphAddNode(&c_node, c_graph, &c_dependency, NULL, c_count, &c_params)
        )
    cdef unsigned int index
    branches = tuple(
        GraphDefinition_from_box(
            GraphBox_for(
                c_params.conditional.phGraph_out[index], False, self._box, self._box._records
            )
        )
        for index in range(size)
    )
    kind = {
        cydriver.CU_GRAPH_COND_TYPE_IF: GraphConditionalType("if"),
        cydriver.CU_GRAPH_COND_TYPE_WHILE: GraphConditionalType("while"),
        cydriver.CU_GRAPH_COND_TYPE_SWITCH: GraphConditionalType("switch"),
    }[cond_type]
    bodies = tuple(<uintptr_t>c_params.conditional.phGraph_out[index] for index in range(size))
    return GraphNode_keep(self, cls, c_node, 0, None, (cls, condition, branches, kind, bodies))


cdef int GraphNode_get_params(GraphNode self, int c_type, void* params) except -1:
    """Read the parameters of the node, of the driver's type ``c_type``, into ``params``.

    ``params`` is what the node type's ``cuGraph...GetParams`` call fills in:
    its parameters, the address a free node frees, or the graph a
    child-graph node owns.
    """
    GraphNode_check_valid(self)
    cdef cydriver.CUgraphNode c_node = self._handle
    with nogil:
        if c_type == cydriver.CU_GRAPH_NODE_TYPE_KERNEL:
            HANDLE_RETURN(
                cydriver.cuGraphKernelNodeGetParams(
                    c_node, <cydriver.CUDA_KERNEL_NODE_PARAMS*>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC:
            HANDLE_RETURN(
                cydriver.cuGraphMemAllocNodeGetParams(
                    c_node, <cydriver.CUDA_MEM_ALLOC_NODE_PARAMS*>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEM_FREE:
            HANDLE_RETURN(cydriver.cuGraphMemFreeNodeGetParams(c_node, <cydriver.CUdeviceptr*>params))
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_GRAPH:
            HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, <cydriver.CUgraph*>params))
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET:
            HANDLE_RETURN(
                cydriver.cuGraphMemsetNodeGetParams(
                    c_node, <cydriver.CUDA_MEMSET_NODE_PARAMS*>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY:
            HANDLE_RETURN(cydriver.cuGraphMemcpyNodeGetParams(c_node, <cydriver.CUDA_MEMCPY3D*>params))
        else:
            HANDLE_RETURN(
                cydriver.cuGraphHostNodeGetParams(c_node, <cydriver.CUDA_HOST_NODE_PARAMS*>params)
            )
    return 0


cdef bytes MemsetNode_value_bytes(cydriver.CUDA_MEMSET_NODE_PARAMS* params):
    """Return the memset pattern as the bytes :meth:`GraphNode.memset` takes."""
    return int(params.value).to_bytes(params.elementSize, "little")


cdef int ExecutableGraphNode_set_enabled(ExecutableGraphNode self, bint enabled) except -1:
    """Enable or disable the node in the executable graph."""
    Graph_check_open(self._graph)
    cdef cydriver.CUgraphExec c_exec = self._graph._handle
    cdef cydriver.CUgraphNode c_node = self._node._handle
    cdef unsigned int c_enabled = 1 if enabled else 0
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphNodeSetEnabled(c_exec, c_node, c_enabled))
    return 0


cdef bint ExecutableGraphNode_is_enabled(ExecutableGraphNode self) except? False:
    """Return whether the node is enabled in the executable graph."""
    Graph_check_open(self._graph)
    cdef cydriver.CUgraphExec c_exec = self._graph._handle
    cdef cydriver.CUgraphNode c_node = self._node._handle
    cdef unsigned int c_enabled = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphNodeGetEnabled(c_exec, c_node, &c_enabled))
    return c_enabled != 0


cdef int ExecutableGraphNode_set_event(
    ExecutableGraphNode self, object event, bint record
) except -1:
    """Make the executable event node record (or wait for) ``event``."""
    Graph_check_open(self._graph)
    check_argument_type(event, Event, "event")
    cdef cydriver.CUevent c_event = (<Event>event)._handle
    cdef int c_type = (
        cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD if record else cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT
    )
    ExecutableGraphNode_update(self, c_type, c_event, event)
    return 0


cdef int ExecutableGraphNode_update(
    ExecutableGraphNode self, int c_type, void* params, object keep
) except -1:
    """Give the executable node, of the driver's type ``c_type``, new parameters; retain ``keep``.

    ``params`` is what the node type's ``cuGraphExec...`` call takes: its
    parameters, the event of an event node, or the graph of a child graph
    node. Memset and memcpy nodes are changed in the current context.
    """
    cdef cydriver.CUgraphExec c_exec = self._graph._handle
    cdef cydriver.CUgraphNode c_node = self._node._handle
    cdef cydriver.CUcontext c_ctx = NULL
    if (
        c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET
        or c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY
    ):
        c_ctx = current_context()
    with nogil:
        if c_type == cydriver.CU_GRAPH_NODE_TYPE_KERNEL:
            HANDLE_RETURN(
                cydriver.cuGraphExecKernelNodeSetParams(
                    c_exec, c_node, <cydriver.CUDA_KERNEL_NODE_PARAMS*>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMSET:
            HANDLE_RETURN(
                cydriver.cuGraphExecMemsetNodeSetParams(
                    c_exec, c_node, <cydriver.CUDA_MEMSET_NODE_PARAMS*>params, c_ctx
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_MEMCPY:
            HANDLE_RETURN(
                cydriver.cuGraphExecMemcpyNodeSetParams(
                    c_exec, c_node, <cydriver.CUDA_MEMCPY3D*>params, c_ctx
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_HOST:
            HANDLE_RETURN(
                cydriver.cuGraphExecHostNodeSetParams(
                    c_exec, c_node, <cydriver.CUDA_HOST_NODE_PARAMS*>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_GRAPH:
            HANDLE_RETURN(
                cydriver.cuGraphExecChildGraphNodeSetParams(
                    c_exec, c_node, <cydriver.CUgraph>params
                )
            )
        elif c_type == cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD:
            HANDLE_RETURN(
                cydriver.cuGraphExecEventRecordNodeSetEvent(
                    c_exec, c_node, <cydriver.CUevent>params
                )
            )
        else:
            HANDLE_RETURN(
                cydriver.cuGraphExecEventWaitNodeSetEvent(
                    c_exec, c_node, <cydriver.CUevent>params
                )
            )
    ExecutableGraphNode_retain(self, keep)
    return 0


cdef int ExecutableGraphNode_retain(ExecutableGraphNode self, object keep) except -1:
    """Keep ``keep`` alive with the executable graph, and its launches, until it is destroyed."""
    if keep is not None:
        self._graph._attachments.append(keep)
    return 0


cdef object kernel_params(
    object config,
    object kernel,
    object args,
    cydriver.CUDA_KERNEL_NODE_PARAMS* params,
    bint update,
    ArgumentBuffers* buffers,
):
    """Fill a kernel node's parameters from what is given; return the objects to keep alive.

    ``config`` ``None`` keeps the launch shape of ``params``; ``args`` ``None``
    keeps its argument list. The arguments are packed into ``buffers``, on
    the caller's stack, which must live until the driver has read
    ``params``. ``update`` says whether a node is changed
    rather than added, for the message that refuses a cluster or a
    cooperative launch: the node's parameters have no place for either, and
    the kernel would run without them.
    """
    check_argument_type(kernel, Kernel, "kernel")
    cdef cydriver.CUlaunchConfig c_config
    if config is not None:
        check_argument_type(config, LaunchConfig, "config")
        if (<LaunchConfig>config)._cluster is not None or (<LaunchConfig>config)._is_cooperative:
            if update:
                raise NotImplementedError("updating clustered or cooperative kernel nodes is not supported")
            raise NotImplementedError("clustered or cooperative graph kernel nodes are not supported")
        LaunchConfig_to_native(<LaunchConfig>config, &c_config)
        params.gridDimX = c_config.gridDimX
        params.gridDimY = c_config.gridDimY
        params.gridDimZ = c_config.gridDimZ
        params.blockDimX = c_config.blockDimX
        params.blockDimY = c_config.blockDimY
        params.blockDimZ = c_config.blockDimZ
        params.sharedMemBytes = c_config.sharedMemBytes
    params.func = NULL
    params.kern = (<Kernel>kernel)._handle
    params.ctx = NULL
    params.extra = NULL
    if args is None:
        return kernel
    cdef tuple arguments = <tuple>args if type(args) is tuple else tuple(args)
    cdef Py_ssize_t count = len(arguments)
    cdef Py_ssize_t expected = Kernel_num_arguments(<Kernel>kernel)
    if count != expected:
        raise TypeError(f"the kernel takes {expected} argument(s), but {count} were given")
    cdef void** c_pointers = NULL
    heap = pack_arguments(arguments, buffers, &c_pointers)
    params.kernelParams = c_pointers
    # The memory a Buffer argument points to must stay allocated: its allocation
    # is kept, as well as the buffer, which close() may otherwise free. The
    # driver copies the argument values when the node is added or set; until
    # then ``params`` points into ``buffers``, or into the heap buffers of a
    # long argument list, which are kept with the rest.
    # Kept in a tuple of the exact size (a list grown by appending is
    # reallocated): the kernel, the arguments, the allocation of each Buffer
    # argument, then the heap buffers if any.
    cdef Py_ssize_t c_shared = buffers.buffer_count
    cdef tuple keep = PyTuple_New(2 + c_shared + (heap is not None))
    tuple_fill(keep, 0, kernel)
    tuple_fill(keep, 1, arguments)
    cdef Py_ssize_t index = 2
    cdef Py_ssize_t end = 2 + c_shared
    for arg in arguments:
        if index == end:
            break
        if isinstance(arg, Buffer):
            tuple_fill(keep, index, Buffer_share(<Buffer>arg))
            index += 1
    if heap is not None:
        tuple_fill(keep, index, heap)
    return keep


cdef inline void tuple_fill(tuple items, Py_ssize_t index, object item) noexcept:
    """Put ``item`` at ``index`` of the new tuple ``items``, which holds a reference to it from then on."""
    Py_INCREF(item)
    PyTuple_SET_ITEM(items, index, item)


cdef object memset_params(
    object dst,
    object value,
    object width,
    object height,
    object pitch,
    object dst_owner,
    cydriver.CUDA_MEMSET_NODE_PARAMS* params,
):
    """Fill memset parameters; return the objects to keep alive."""
    cdef unsigned int c_pattern = 0
    cdef size_t c_element = 1
    fill_pattern(value, 0, &c_pattern, &c_element)
    memset(params, 0, sizeof(params[0]))
    params.dst = operand_address(dst, dst_owner, "dst")
    params.value = c_pattern
    params.elementSize = <unsigned int>c_element
    params.width = width
    params.height = height
    params.pitch = pitch
    return operand_keep(dst, dst_owner)


cdef object memcpy_params(
    object dst,
    object src,
    object size,
    object dst_owner,
    object src_owner,
    cydriver.CUDA_MEMCPY3D* params,
):
    """Fill the parameters of a one-dimensional copy; return the objects to keep alive."""
    memset(params, 0, sizeof(params[0]))
    params.dstMemoryType = cydriver.CU_MEMORYTYPE_UNIFIED
    params.dstDevice = operand_address(dst, dst_owner, "dst")
    params.srcMemoryType = cydriver.CU_MEMORYTYPE_UNIFIED
    params.srcDevice = operand_address(src, src_owner, "src")
    params.WidthInBytes = size
    params.Height = 1
    params.Depth = 1
    keep = (operand_keep(dst, dst_owner), operand_keep(src, src_owner))
    return None if keep == (None, None) else keep


cdef object memcpy_end(
    cydriver.CUmemorytype memory_type, const void* host, cydriver.CUdeviceptr device
):
    """Return the address of one end of a copy, wherever the driver stored it."""
    if memory_type == cydriver.CU_MEMORYTYPE_HOST:
        return <uintptr_t>host
    return <uintptr_t>device


cdef uintptr_t operand_address(object operand, object owner, str name) except? 0:
    """Return the address of a :class:`Buffer` or raw address operand."""
    if isinstance(operand, Buffer):
        if owner is not None:
            raise ValueError(f"{name}_owner cannot be used when {name} is a Buffer")
        Buffer_check_open(<Buffer>operand)
        return (<Buffer>operand)._ptr
    return int(operand)


cdef object operand_keep(object operand, object owner):
    """Return what a node holds for an operand: a buffer's allocation, or the owner given.

    The allocation, not the :class:`Buffer`: the memory stays allocated while
    the node uses it, whether or not the buffer is closed or collected.
    """
    if isinstance(operand, Buffer):
        return Buffer_share(<Buffer>operand)
    if isinstance(owner, Buffer):
        return Buffer_share(<Buffer>owner)
    return owner


cdef object host_callback_params(
    object fn, object user_data, cydriver.CUDA_HOST_NODE_PARAMS* params
):
    """Fill a host node's parameters for ``fn``; return the objects to keep alive."""
    if isinstance(fn, ctypes._CFuncPtr):
        if fn.restype is not None or tuple(fn.argtypes or ()) != (ctypes.c_void_p,):
            raise TypeError(
                f"a ctypes host callback must have the CUhostFn prototype "
                f"ctypes.CFUNCTYPE(None, ctypes.c_void_p), got restype={fn.restype!r}, "
                f"argtypes={fn.argtypes!r}"
            )
        params.fn = <cydriver.CUhostFn><uintptr_t>ctypes.cast(fn, ctypes.c_void_p).value
        if user_data is None:
            params.userData = NULL
            return fn
        if isinstance(user_data, int):
            params.userData = <void*><uintptr_t>user_data
            return fn
        data = bytes(memoryview(user_data))
        params.userData = <void*><char*>data
        return (fn, data)
    if not callable(fn):
        raise TypeError(f"fn must be callable, got {type(fn).__name__}")
    if user_data is not None:
        raise ValueError("user_data is only for ctypes function pointers")
    params.fn = host_trampoline
    params.userData = <void*>fn
    return fn


cdef void host_trampoline(void* data) noexcept nogil:
    """Call the Python callable ``data``; an exception it raises is reported as unraisable.

    Once the interpreter is shutting down the callable is not called (the
    ownership contract: nothing calls into Python then); a call that began
    before keeps the shutdown waiting until it returns (:func:`python_enter`).
    """
    if not python_enter():
        return
    with gil:
        try:
            (<object>data)()
        finally:
            python_leave()


cdef int device_ordinal(object device) except -2:
    """Return the ordinal of ``device`` (a Device, an int, or ``None`` for the current)."""
    cdef cydriver.CUdevice c_device = 0
    if device is None:
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
        return <int>c_device
    if isinstance(device, int):
        return device
    return device.device_id


cdef cydriver.CUcontext current_context() except? NULL:
    """Return the current context; raise :class:`RuntimeError` if there is none."""
    cdef cydriver.CUcontext c_ctx = NULL
    with nogil:
        HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_ctx))
    if c_ctx == NULL:
        raise RuntimeError("no CUDA context is current: call Device.set_current() first")
    return c_ctx

_NODE_CLASSES = {
    cydriver.CU_GRAPH_NODE_TYPE_EMPTY: EmptyNode,
    cydriver.CU_GRAPH_NODE_TYPE_KERNEL: KernelNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEMSET: MemsetNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEMCPY: MemcpyNode,
    cydriver.CU_GRAPH_NODE_TYPE_HOST: HostCallbackNode,
    cydriver.CU_GRAPH_NODE_TYPE_GRAPH: ChildGraphNode,
    cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD: EventRecordNode,
    cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT: EventWaitNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEM_ALLOC: AllocNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEM_FREE: FreeNode,
    cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL: ConditionalNode,
}
"""The node class for each driver node type."""

_EXECUTABLE_CLASSES = {
    cydriver.CU_GRAPH_NODE_TYPE_KERNEL: ExecutableKernelNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEMSET: ExecutableMemsetNode,
    cydriver.CU_GRAPH_NODE_TYPE_MEMCPY: ExecutableMemcpyNode,
    cydriver.CU_GRAPH_NODE_TYPE_HOST: ExecutableHostCallbackNode,
    cydriver.CU_GRAPH_NODE_TYPE_GRAPH: ExecutableChildGraphNode,
    cydriver.CU_GRAPH_NODE_TYPE_EVENT_RECORD: ExecutableEventRecordNode,
    cydriver.CU_GRAPH_NODE_TYPE_WAIT_EVENT: ExecutableEventWaitNode,
}
"""The executable-node view class for each driver node type that has one."""
