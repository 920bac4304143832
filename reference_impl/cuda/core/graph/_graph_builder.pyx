# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Graphs recorded by stream capture, and the executable graphs made from them.

A :class:`GraphBuilder` captures the work queued on its stream between
:meth:`~GraphBuilder.begin_building` and :meth:`~GraphBuilder.end_building`
into a driver graph that it owns; :meth:`~GraphBuilder.complete`
instantiates that graph as an executable :class:`Graph`, which can be
launched any number of times.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils._attachment cimport (
    PendingRelease,
    attachment_attach,
    attachment_prepare,
    graph_attach,
    graph_detach,
    releases_here_begin,
    releases_here_end,
)
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_or_create_options,
    warn_destroy_failure,
)
from cuda.core.graph._graph_box cimport (
    _GraphBox,
    _NodeRecords,
    GraphBox_for,
    NodeRecord_set,
    NodeRecords_new,
    graph_debug_dot_print,
)

from collections.abc import Callable
from cuda.bindings import driver
import dataclasses
import warnings

from cuda.core._utils.cuda_utils import CUDAError

__all__ = ["Graph", "GraphBuilder", "GraphCompleteOptions", "GraphDebugPrintOptions"]


# The driver's flag for each field of GraphDebugPrintOptions.
_DEBUG_DOT_FLAGS = (
    ("verbose", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_VERBOSE),
    ("runtime_types", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_RUNTIME_TYPES),
    ("kernel_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_PARAMS),
    ("memcpy_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_MEMCPY_NODE_PARAMS),
    ("memset_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_MEMSET_NODE_PARAMS),
    ("host_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_HOST_NODE_PARAMS),
    ("event_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_EVENT_NODE_PARAMS),
    ("ext_semas_signal_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_SIGNAL_NODE_PARAMS),
    ("ext_semas_wait_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_EXT_SEMAS_WAIT_NODE_PARAMS),
    ("kernel_node_attributes", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_KERNEL_NODE_ATTRIBUTES),
    ("handles", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_HANDLES),
    ("mem_alloc_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_MEM_ALLOC_NODE_PARAMS),
    ("mem_free_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_MEM_FREE_NODE_PARAMS),
    ("batch_mem_op_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_BATCH_MEM_OP_NODE_PARAMS),
    ("extra_topo_info", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_EXTRA_TOPO_INFO),
    ("conditional_node_params", cydriver.CU_GRAPH_DEBUG_DOT_FLAGS_CONDITIONAL_NODE_PARAMS),
)

# The driver's capture mode for each mode that begin_building takes.
_CAPTURE_MODES = {
    "global": cydriver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL,
    "thread_local": cydriver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
    "relaxed": cydriver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED,
}

# The messages for the instantiation results other than success.
_INSTANTIATE_ERRORS = {
    cydriver.CUDA_GRAPH_INSTANTIATE_ERROR: (
        "Instantiation failed for an unexpected reason which is described in the "
        "return value of the function."
    ),
    cydriver.CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE: (
        "Instantiation failed due to invalid structure, such as cycles."
    ),
    cydriver.CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED: (
        "Instantiation for device launch failed because the graph contained an "
        "unsupported operation."
    ),
    cydriver.CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED: (
        "Instantiation for device launch failed due to the nodes belonging to "
        "different contexts."
    ),
    cydriver.CUDA_GRAPH_INSTANTIATE_CONDITIONAL_HANDLE_UNUSED: (
        "One or more conditional handles are not associated with conditional builders."
    ),
}


# The kinds of builder. A primary builder (made by Device or Stream) owns the
# graph it captures; a forked builder (made by split) captures into its
# primary's graph on a stream of its own, and is joined back, never ended; a
# conditional builder (made by if_then and the like) captures into a body
# graph that the conditional node owns.
cdef enum _BuilderKind:
    GB_PRIMARY = 0
    GB_FORKED = 1
    GB_CONDITIONAL = 2


# The capture states a builder goes through: a primary builder goes from
# NOT_STARTED to CAPTURING to ENDED; a forked builder starts CAPTURING.
cdef enum _CaptureState:
    GB_NOT_STARTED = 0
    GB_CAPTURING = 1
    GB_ENDED = 2


cdef class GraphBuilder:
    """Record the work queued on a stream into a graph (stream capture).

    A graph groups kernels and other operations with the dependencies
    between them, and launches them all with one driver call. A builder
    cannot be constructed directly: :meth:`Device.create_graph_builder`
    makes one on a new stream, and :meth:`Stream.create_graph_builder` one
    on an existing stream.

    Between :meth:`begin_building` and :meth:`end_building`, work queued on
    the builder (pass it wherever a stream is expected, for example to
    :func:`~cuda.core.launch` or :meth:`~cuda.core.Buffer.copy_to`) is
    recorded instead of run. :meth:`complete` then makes an executable
    :class:`Graph` of it.

    Notes
    -----
    Recorded operations refer to the memory they use but do not keep it
    alive: keep the buffers and other operands alive for as long as the
    completed graph may run. Host functions recorded with :meth:`callback`
    are the exception: the graph holds them, and so does every graph
    completed or embedded from it.

    Examples
    --------
    >>> builder = device.create_graph_builder().begin_building()
    >>> buffer.fill(0, stream=builder)
    >>> graph = builder.end_building().complete()
    >>> graph.launch(stream)
    """

    def __cinit__(self):
        self._stream_handle = NULL
        self._graph = NULL

    def __init__(self) -> None:
        """Refuse direct construction: see :meth:`Device.create_graph_builder`."""
        raise NotImplementedError(
            "directly creating a GraphBuilder object can be ambiguous. Please either "
            "call Device.create_graph_builder() or stream.create_graph_builder()"
        )

    def __dealloc__(self):
        GraphBuilder_dealloc(self)

    def __cuda_stream__(self) -> tuple[int, int]:
        """Return the builder's stream in the ``__cuda_stream__`` protocol's form.

        Returns
        -------
        tuple of (int, int)
            The protocol version, ``0``, and the address of the driver stream.

        Raises
        ------
        RuntimeError
            If the builder is closed.
        """
        GraphBuilder_check_open(self)
        return self._stream.__cuda_stream__()

    @staticmethod
    def _init(stream: Stream) -> GraphBuilder:
        """Return a new primary builder that captures on ``stream``."""
        return GraphBuilder_create(Stream_accept(stream), GB_PRIMARY, GB_NOT_STARTED)

    def begin_building(self, mode: str | None = "relaxed") -> GraphBuilder:
        """Start recording the work queued on the builder's stream.

        Parameters
        ----------
        mode : str, optional
            How strictly the driver refuses calls that are unsafe during
            capture: ``"global"`` (in every thread), ``"thread_local"``
            (in streams of this thread) or ``"relaxed"`` (the default:
            refuses none).

        Returns
        -------
        GraphBuilder
            This builder.

        Raises
        ------
        RuntimeError
            If the builder is closed, is already building, or has ended
            building (a builder records once).
        ValueError
            If ``mode`` is not one of the three modes.
        CUDAError
            If the driver cannot start capturing on the stream.
        """
        GraphBuilder_check_open(self)
        if self._state == GB_CAPTURING:
            raise RuntimeError("Graph builder is already building.")
        if self._state == GB_ENDED:
            raise RuntimeError("Cannot resume building after building has ended.")
        cdef cydriver.CUstreamCaptureMode c_mode = GraphBuilder_capture_mode(mode)
        cdef cydriver.CUstream c_stream = self._stream_handle
        cdef cydriver.CUgraph c_body = self._graph
        if self._kind == GB_CONDITIONAL:
            with nogil:
                HANDLE_RETURN(
                    cydriver.cuStreamBeginCaptureToGraph(c_stream, c_body, NULL, NULL, 0, c_mode)
                )
        else:
            with nogil:
                HANDLE_RETURN(cydriver.cuStreamBeginCapture(c_stream, c_mode))
        self._state = GB_CAPTURING
        return self

    def end_building(self) -> GraphBuilder:
        """Stop recording, and keep the recorded graph for :meth:`complete`.

        Returns
        -------
        GraphBuilder
            This builder.

        Raises
        ------
        RuntimeError
            If the builder is closed or not building, or the capture was
            invalidated by an operation the driver cannot record.
        CUDAError
            If the driver cannot end the capture, for example because a
            builder from :meth:`split` was not joined.
        """
        if not self.is_building:
            raise RuntimeError("Graph builder is not building.")
        cdef cydriver.CUstream c_stream = self._stream_handle
        cdef cydriver.CUgraph c_graph = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuStreamEndCapture(c_stream, &c_graph))
        self._graph = c_graph
        self._state = GB_ENDED
        return self

    def complete(self, options: GraphCompleteOptions | None = None) -> Graph:
        """Make an executable graph of the recorded work.

        The builder keeps its graph: it can be completed again, for example
        with other options.

        Parameters
        ----------
        options : GraphCompleteOptions or dict, optional
            How to instantiate the graph.

        Returns
        -------
        Graph
            The new executable graph.

        Raises
        ------
        RuntimeError
            If the builder is closed or has not ended building, or the
            driver reports that the graph cannot be instantiated.
        TypeError
            If ``options`` is not :class:`GraphCompleteOptions`, a dict or
            ``None``.
        CUDAError
            If the driver cannot instantiate the graph.
        """
        GraphBuilder_check_ended(self)
        return Graph_instantiate(self._graph, options)

    def debug_dot_print(self, path: str, options: GraphDebugPrintOptions | None = None) -> None:
        """Write the recorded graph to a file in the DOT format, for debugging.

        Parameters
        ----------
        path : str
            The file to write.
        options : GraphDebugPrintOptions, optional
            What to write about the nodes; by default only the graph's
            structure.

        Raises
        ------
        RuntimeError
            If the builder is closed or has not ended building.
        CUDAError
            If the driver cannot write the file.
        """
        GraphBuilder_check_ended(self)
        graph_debug_dot_print(self._graph, path, options)

    def split(self, count: int) -> tuple[GraphBuilder, ...]:
        """Split the builder into ``count`` builders that record concurrent work.

        The new builders record on new streams, after the work recorded so
        far; join them back with :meth:`join` before :meth:`end_building`.

        Parameters
        ----------
        count : int
            The number of builders, at least 2.

        Returns
        -------
        tuple of GraphBuilder
            This builder first, then ``count - 1`` new ones.

        Raises
        ------
        RuntimeError
            If the builder is closed.
        ValueError
            If ``count`` is less than 2.
        CUDAError
            If the driver reports an error.
        """
        GraphBuilder_check_open(self)
        if count < 2:
            raise ValueError(f"Invalid split count: expecting >= 2, got {count}")
        event = self._stream.record()
        result = [self]
        try:
            device = self._stream.device
            for _ in range(count - 1):
                stream = device.create_stream()
                stream.wait(event)
                forked = GraphBuilder_create(stream, GB_FORKED, GB_CAPTURING)
                forked._parent = self
                result.append(forked)
        finally:
            event.close()
        return tuple(result)

    @staticmethod
    def join(*graph_builders: GraphBuilder) -> GraphBuilder:
        """Join builders into one, which records after the work of all of them.

        Builders from :meth:`split` are closed; the one returned is the
        first that needs no joining (or the first given, if all do).

        Parameters
        ----------
        *graph_builders : GraphBuilder
            At least two builders.

        Returns
        -------
        GraphBuilder
            The builder that the others were joined into.

        Raises
        ------
        TypeError
            If an argument is not a :class:`GraphBuilder`.
        ValueError
            If fewer than two builders are given.
        RuntimeError
            If a builder is closed.
        """
        if any(not isinstance(builder, GraphBuilder) for builder in graph_builders):
            raise TypeError("All arguments must be GraphBuilder instances")
        if len(graph_builders) < 2:
            raise ValueError("Must join with at least two graph builders")
        cdef Py_ssize_t root_index = 0
        for index, builder in enumerate(graph_builders):
            if (<GraphBuilder>builder)._kind != GB_FORKED:
                root_index = index
                break
        cdef GraphBuilder root = graph_builders[root_index]
        GraphBuilder_check_open(root)
        for index, builder in enumerate(graph_builders):
            if index == root_index:
                continue
            GraphBuilder_check_open(<GraphBuilder>builder)
            root._stream.wait((<GraphBuilder>builder)._stream)
            builder.close()
        return root

    def embed(self, child: GraphBuilder) -> None:
        """Record ``child``'s graph as one node of the graph being built.

        The node runs after the work recorded so far, and the work recorded
        later runs after it. The child's graph is copied, with a share of
        the host functions it holds: closing ``child`` afterwards does not
        affect this graph.

        Parameters
        ----------
        child : GraphBuilder
            A builder that has ended building.

        Raises
        ------
        TypeError
            If ``child`` is not a :class:`GraphBuilder`.
        ValueError
            If ``child`` has not ended building, or this builder is not
            building.
        RuntimeError
            If either builder is closed.
        CUDAError
            If the driver cannot add the node.
        """
        GraphBuilder_check_open(self)
        if not isinstance(child, GraphBuilder):
            raise TypeError(f"child must be a GraphBuilder, got {type(child).__name__}")
        cdef GraphBuilder c_child = <GraphBuilder>child
        GraphBuilder_check_open(c_child)
        if c_child._state != GB_ENDED:
            raise ValueError("Child graph has not finished building.")
        if not self.is_building:
            raise ValueError("Parent graph is not being built.")
        GraphBuilder_embed(self, c_child)

    def callback(
        self, fn: Callable[[], object], *, user_data: int | bytes | None = None
    ) -> None:
        """Record a call of ``fn`` on the host, after the work recorded so far.

        ``fn`` is either a Python callable, called without arguments (with
        the GIL held), or a ctypes function pointer of the driver's
        ``CUhostFn`` prototype, ``CFUNCTYPE(None, c_void_p)``, called with
        ``user_data``. The graph being built holds the callable, and bytes
        given as ``user_data``, and so does every graph completed, cloned or
        embedded from it, until the last of them is destroyed and its
        launches have finished. The callback must not call CUDA.

        Parameters
        ----------
        fn : callable
            The function to call: a Python callable, or a ctypes function pointer.
        user_data : int or bytes-like, optional
            Only with a ctypes function pointer: an address passed as is, or
            bytes copied into memory the graph keeps.

        Raises
        ------
        TypeError
            If ``fn`` is not callable, or is a ctypes function pointer of
            another prototype.
        ValueError
            If ``user_data`` is given with a Python callable.
        RuntimeError
            If the builder is closed or not building.
        CUDAError
            If the driver cannot record the call.
        """
        from cuda.core.graph._graph_definition import _host_callback_parts, _record_callback

        GraphBuilder_check_building(self)
        function, data, keep = _host_callback_parts(fn, user_data)
        cdef cydriver.CUhostFn c_fn = <cydriver.CUhostFn><uintptr_t>function
        cdef void* c_data = <void*><uintptr_t>data
        cdef cydriver.CUstream c_stream = self._stream_handle
        cdef cydriver.CUstreamCaptureStatus status
        cdef cydriver.CUgraph c_graph = NULL
        cdef const cydriver.CUgraphNode* c_dependencies = NULL
        cdef size_t c_count = 0
        with nogil:
            HANDLE_RETURN(
                cydriver.cuStreamGetCaptureInfo(
                    c_stream, &status, NULL, &c_graph, NULL, NULL, NULL
                )
            )
        cdef uintptr_t c_attachment = graph_attach(c_graph, keep)
        try:
            with nogil:
                HANDLE_RETURN(cydriver.cuLaunchHostFunc(c_stream, c_fn, c_data))
                HANDLE_RETURN(
                    cydriver.cuStreamGetCaptureInfo(
                        c_stream, &status, NULL, NULL, &c_dependencies, NULL, &c_count
                    )
                )
        except BaseException:
            graph_detach(c_graph, c_attachment)
            raise
        if c_count == 1:
            # The host node just captured: the graph's record of it lets a
            # definition of the graph release the callable when it is destroyed.
            _record_callback(
                GraphBuilder_records(self),
                <uintptr_t>c_graph,
                <uintptr_t>c_dependencies[0],
                c_attachment,
                keep,
            )

    def create_condition(self, default_value: int | None = None) -> GraphCondition:
        """Create a condition for the conditional bodies of the graph being built.

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
            If the builder is closed or not building.
        CUDAError
            If the driver cannot create the condition.
        """
        from cuda.core.graph._graph_definition import _condition_from_handle

        GraphBuilder_check_building(self)
        cdef cydriver.CUstream c_stream = self._stream_handle
        cdef cydriver.CUstreamCaptureStatus status
        cdef cydriver.CUgraph c_graph = NULL
        cdef cydriver.CUcontext c_ctx = NULL
        cdef unsigned int c_default = 0
        cdef unsigned int c_flags = 0
        if default_value is not None:
            c_default = default_value
            c_flags = cydriver.CU_GRAPH_COND_ASSIGN_DEFAULT
        cdef cydriver.CUgraphConditionalHandle c_handle = 0
        with nogil:
            HANDLE_RETURN(
                cydriver.cuStreamGetCaptureInfo(c_stream, &status, NULL, &c_graph, NULL, NULL, NULL)
            )
            HANDLE_RETURN(cydriver.cuStreamGetCtx(c_stream, &c_ctx))
            HANDLE_RETURN(
                cydriver.cuGraphConditionalHandleCreate(
                    &c_handle, c_graph, c_ctx, c_default, c_flags
                )
            )
        return _condition_from_handle(c_handle, self)

    def if_else(self, condition: GraphCondition) -> tuple[GraphBuilder, GraphBuilder]:
        """Record a node that runs one of two bodies, and return a builder for each.

        The first body runs when the condition is non-zero, the second when
        it is zero. The body builders record after the work recorded so
        far; call :meth:`begin_building` and :meth:`end_building` on each.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`create_condition`.

        Returns
        -------
        tuple of (GraphBuilder, GraphBuilder)
            The builders of the two bodies.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        RuntimeError
            If the builder is closed or not building.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphBuilder_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_IF, 2
        )

    def if_then(self, condition: GraphCondition) -> GraphBuilder:
        """Record a node whose body runs if the condition is non-zero; return its builder.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`create_condition`.

        Returns
        -------
        GraphBuilder
            The builder of the body.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        RuntimeError
            If the builder is closed or not building.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphBuilder_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_IF, 1
        )[0]

    def switch(self, condition: GraphCondition, count: int) -> tuple[GraphBuilder, ...]:
        """Record a node that runs the body the condition selects; return their builders.

        No body runs when the condition's value is ``count`` or more.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`create_condition`.
        count : int
            The number of bodies.

        Returns
        -------
        tuple of GraphBuilder
            The builders of the bodies, in the order of their values.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        RuntimeError
            If the builder is closed or not building.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphBuilder_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_SWITCH, count
        )

    def while_loop(self, condition: GraphCondition) -> GraphBuilder:
        """Record a node whose body runs while the condition is non-zero; return its builder.

        Parameters
        ----------
        condition : GraphCondition
            The condition, from :meth:`create_condition`.

        Returns
        -------
        GraphBuilder
            The builder of the body.

        Raises
        ------
        TypeError
            If ``condition`` is not a :class:`GraphCondition`.
        RuntimeError
            If the builder is closed or not building.
        CUDAError
            If the driver cannot add the node.
        """
        return GraphBuilder_add_conditional(
            self, condition, cydriver.CU_GRAPH_COND_TYPE_WHILE, 1
        )[0]

    def close(self) -> None:
        """Stop building, and destroy the recorded graph.

        Graphs completed from the builder stay valid. Closing an already
        closed builder does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to end the capture or destroy the graph.
            The builder counts as closed even then.
        """
        cdef cydriver.CUstream c_stream = NULL
        cdef cydriver.CUgraph c_graph = NULL
        cdef cydriver.CUgraph c_partial = NULL
        cdef bint primary = self._kind == GB_PRIMARY
        if self._closed:
            return
        cdef bint end_capture = GraphBuilder_detach(self, &c_stream, &c_graph)
        self._stream = None
        if end_capture:
            with nogil:
                HANDLE_RETURN(cydriver.cuStreamEndCapture(c_stream, &c_partial))
            if c_partial != NULL and primary:
                GraphBuilder_destroy_graph(c_partial, self._records)
        if c_graph != NULL:
            GraphBuilder_destroy_graph(c_graph, self._records)

    @property
    def graph_definition(self) -> GraphDefinition:
        """Return a :class:`~cuda.core.graph.GraphDefinition` of the graph being built.

        Nodes added through it are part of the graph that :meth:`complete`
        instantiates, and the definition stays valid after the builder is
        closed. A primary builder has one once it has ended building; the
        builder of a conditional body has one whenever it is not building;
        a builder from :meth:`split` has none.

        Raises
        ------
        RuntimeError
            If the builder is closed, came from :meth:`split`, is building,
            or (a primary builder) has not ended building.
        """
        GraphBuilder_check_open(self)
        if self._kind == GB_FORKED:
            raise RuntimeError(
                "a builder from split() has no graph definition: use the primary builder's"
            )
        if self._state == GB_CAPTURING:
            raise RuntimeError("the graph definition is not available while building")
        if self._kind == GB_PRIMARY and self._state != GB_ENDED:
            raise RuntimeError("Graph has not finished building.")
        if self._definition is None:
            self._definition = GraphBuilder_definition(self)
        return self._definition

    @property
    def is_building(self) -> bool:
        """Return whether the builder's stream is recording.

        Raises
        ------
        RuntimeError
            If the builder is closed, or the capture was invalidated by an
            operation the driver cannot record (end building then).
        """
        GraphBuilder_check_open(self)
        cdef cydriver.CUstream c_stream = self._stream_handle
        cdef cydriver.CUstreamCaptureStatus status
        with nogil:
            HANDLE_RETURN(cydriver.cuStreamIsCapturing(c_stream, &status))
        if status == cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE:
            return False
        if status == cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
            return True
        raise RuntimeError(
            "Build process encountered an error and has been invalidated. "
            "Build process must now be ended."
        )

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._closed

    @property
    def is_join_required(self) -> bool:
        """Return whether the builder came from :meth:`split` and must be joined."""
        return self._kind == GB_FORKED

    @property
    def stream(self) -> Stream | None:
        """Return the stream the builder records on, or ``None`` once closed."""
        return self._stream


cdef class Graph:
    """An executable graph, made by :meth:`GraphBuilder.complete`.

    Launch it with :meth:`launch` as often as needed; each launch runs all
    the recorded work, in the recorded order.

    Notes
    -----
    :meth:`close` destroys the executable graph, and so does garbage
    collection if it was never closed (a failure then is reported as a
    :class:`RuntimeWarning`, never raised). Launches already queued still
    complete.
    """

    def __cinit__(self):
        self._handle = NULL

    def __init__(self) -> None:
        """Refuse direct construction: see :meth:`GraphBuilder.complete`."""
        raise RuntimeError("directly constructing a Graph instance is not supported")

    def __dealloc__(self):
        Graph_dealloc(self)

    def __getitem__(self, node: GraphNode) -> ExecutableGraphNode:
        """Return a view of ``node`` in this graph, to change the node for future launches.

        Parameters
        ----------
        node : GraphNode
            A node of the :class:`~cuda.core.graph.GraphDefinition` this
            graph was instantiated from.

        Returns
        -------
        ExecutableGraphNode
            The view, of the class for the node's kind (for example
            :class:`~cuda.core.graph.ExecutableKernelNode`).

        Raises
        ------
        TypeError
            If ``node`` is not a node, or its kind has no view.
        RuntimeError
            If the graph is closed.
        """
        from cuda.core.graph._graph_definition import _executable_view

        return _executable_view(self, node)

    def close(self) -> None:
        """Destroy the executable graph; closing a closed graph does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the graph. The graph counts as
            closed even then.
        """
        cdef cydriver.CUgraphExec c_handle = self._handle
        if self._closed:
            return
        self._closed = True
        self._handle = NULL
        cdef bint here = releases_here_begin()
        try:
            with nogil:
                HANDLE_RETURN(cydriver.cuGraphExecDestroy(c_handle))
        finally:
            releases_here_end(here)

    def launch(self, stream: Stream) -> None:
        """Queue a run of the graph on ``stream``.

        Parameters
        ----------
        stream : Stream or GraphBuilder
            The stream to run the graph on; a building
            :class:`GraphBuilder` records the launch.

        Raises
        ------
        RuntimeError
            If the graph or the stream is closed.
        TypeError
            If ``stream`` is not a :class:`Stream` or :class:`GraphBuilder`.
        CUDAError
            If the driver cannot launch the graph.
        """
        Graph_submit(self, stream, False)

    def upload(self, stream: Stream) -> None:
        """Prepare the graph's resources on the device, ahead of its first launch.

        Parameters
        ----------
        stream : Stream or GraphBuilder
            The stream to upload on, in order with its other work.

        Raises
        ------
        RuntimeError
            If the graph or the stream is closed.
        TypeError
            If ``stream`` is not a :class:`Stream` or :class:`GraphBuilder`.
        CUDAError
            If the driver cannot upload the graph.
        """
        Graph_submit(self, stream, True)

    def update(self, source: GraphBuilder | GraphDefinition) -> None:
        """Replace the parameters of the graph's nodes with those of ``source``.

        ``source`` must have the same topology as the graph: the same nodes,
        of the same kinds, with the same dependencies.

        Parameters
        ----------
        source : GraphBuilder or GraphDefinition
            A builder that has ended building, or a graph definition.

        Raises
        ------
        TypeError
            If ``source`` is not a :class:`GraphBuilder` or a
            :class:`~cuda.core.graph.GraphDefinition`.
        ValueError
            If ``source`` has not ended building.
        RuntimeError
            If the graph or ``source`` is closed.
        CUDAError
            If the driver cannot update the graph; the message names the
            driver's reason.
        """
        from cuda.core.graph._graph_definition import GraphDefinition

        Graph_check_open(self)
        if isinstance(source, GraphDefinition):
            Graph_update(self, <cydriver.CUgraph><uintptr_t>int(source.handle))
            return
        if not isinstance(source, GraphBuilder):
            raise TypeError(f"expected GraphBuilder or GraphDefinition, got {type(source).__name__}")
        cdef GraphBuilder builder = <GraphBuilder>source
        GraphBuilder_check_open(builder)
        if builder._state != GB_ENDED:
            raise ValueError("Graph has not finished building.")
        Graph_update(self, builder._graph)

    @property
    def handle(self) -> driver.CUgraphExec:
        """Return the driver's ``CUgraphExec``; ``int()`` of it is the address.

        Raises
        ------
        RuntimeError
            If the graph is closed.
        """
        Graph_check_open(self)
        return driver.CUgraphExec(<uintptr_t>self._handle)

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._closed


@dataclasses.dataclass
class GraphCompleteOptions:
    """Options for :meth:`GraphBuilder.complete`.

    Attributes
    ----------
    auto_free_on_launch : bool
        Free the memory the graph allocated and did not free before each
        new launch (default ``False``).
    upload_stream : Stream or None
        Upload the graph on this stream as part of completing it (default
        ``None``: no upload).
    device_launch : bool
        Make the graph launchable from device code (default ``False``);
        not together with ``auto_free_on_launch``.
    use_node_priority : bool
        Run the nodes at their own priorities instead of the launch
        stream's (default ``False``).
    """

    auto_free_on_launch: bool = False
    upload_stream: Stream | None = None
    device_launch: bool = False
    use_node_priority: bool = False


@dataclasses.dataclass
class GraphDebugPrintOptions:
    """Options for :meth:`GraphBuilder.debug_dot_print`: what to write about each node.

    Every field defaults to ``False``.

    Attributes
    ----------
    verbose : bool
        Write everything, as if every other field were set.
    runtime_types : bool
        Name the CUDA runtime's structures instead of the driver's.
    kernel_node_params : bool
        Write the parameters of kernel nodes.
    memcpy_node_params : bool
        Write the parameters of copy nodes.
    memset_node_params : bool
        Write the parameters of set nodes.
    host_node_params : bool
        Write the parameters of host nodes.
    event_node_params : bool
        Write the parameters of event nodes.
    ext_semas_signal_node_params : bool
        Write the parameters of external semaphore signal nodes.
    ext_semas_wait_node_params : bool
        Write the parameters of external semaphore wait nodes.
    kernel_node_attributes : bool
        Write the attributes of kernel nodes.
    handles : bool
        Write the handles of the nodes and of their kernels.
    mem_alloc_node_params : bool
        Write the parameters of memory allocation nodes.
    mem_free_node_params : bool
        Write the parameters of memory free nodes.
    batch_mem_op_node_params : bool
        Write the parameters of batched memory operation nodes.
    extra_topo_info : bool
        Number the edges.
    conditional_node_params : bool
        Write the parameters of conditional nodes.
    """

    verbose: bool = False
    runtime_types: bool = False
    kernel_node_params: bool = False
    memcpy_node_params: bool = False
    memset_node_params: bool = False
    host_node_params: bool = False
    event_node_params: bool = False
    ext_semas_signal_node_params: bool = False
    ext_semas_wait_node_params: bool = False
    kernel_node_attributes: bool = False
    handles: bool = False
    mem_alloc_node_params: bool = False
    mem_free_node_params: bool = False
    batch_mem_op_node_params: bool = False
    extra_topo_info: bool = False
    conditional_node_params: bool = False

    def _to_flags(self) -> int:
        """Return the driver's ``CUgraphDebugDot_flags`` for the fields that are set."""
        flags = 0
        for name, flag in _DEBUG_DOT_FLAGS:
            if getattr(self, name):
                flags |= flag
        return flags


cdef GraphBuilder GraphBuilder_create(Stream stream, int kind, int state):
    """Return a new builder of ``kind`` in capture ``state``, recording on ``stream``."""
    cdef GraphBuilder builder = GraphBuilder.__new__(GraphBuilder)
    builder._stream = stream
    builder._stream_handle = stream._handle
    builder._kind = kind
    builder._state = state
    return builder


cdef int GraphBuilder_check_open(GraphBuilder self) except -1:
    """Raise :class:`RuntimeError` if the builder has been closed, or its body graph destroyed."""
    if self._closed:
        raise RuntimeError("GraphBuilder has been closed")
    if self._body_box is not None and (<_GraphBox>self._body_box)._handle == NULL:
        raise RuntimeError(
            "the body graph of this GraphBuilder was destroyed with the graph that holds its "
            "conditional node"
        )
    return 0


cdef int GraphBuilder_check_ended(GraphBuilder self) except -1:
    """Raise :class:`RuntimeError` unless the builder is open and has ended building."""
    GraphBuilder_check_open(self)
    if self._state != GB_ENDED:
        raise RuntimeError("Graph has not finished building.")
    return 0


cdef int GraphBuilder_embed(GraphBuilder self, GraphBuilder child) except -1:
    """Add ``child``'s graph as a child-graph node after the capture's current dependencies."""
    from cuda.core.graph._graph_definition import _adopt_records

    cdef cydriver.CUgraph c_child = child._graph
    cdef cydriver.CUgraph c_copy = NULL
    cdef cydriver.CUstream c_stream = self._stream_handle
    cdef cydriver.CUstreamCaptureStatus status
    cdef cydriver.CUgraph c_graph = NULL
    cdef const cydriver.CUgraphNode* c_dependencies = NULL
    cdef const cydriver.CUgraphEdgeData* c_edges = NULL
    cdef size_t c_count = 0
    cdef cydriver.CUgraphNode c_node = NULL
    with nogil:
        HANDLE_RETURN(
            cydriver.cuStreamGetCaptureInfo(
                c_stream, &status, NULL, &c_graph, &c_dependencies, &c_edges, &c_count
            )
        )
        HANDLE_RETURN(
            cydriver.cuGraphAddChildGraphNode(&c_node, c_graph, c_dependencies, c_count, c_child)
        )
        capture_depend_on(c_stream, &c_node)
        HANDLE_RETURN(cydriver.cuGraphChildGraphNodeGetGraph(c_node, &c_copy))
    # The copy holds shares of what the child's graph holds; record which node holds which.
    _adopt_records(
        GraphBuilder_records(child), <uintptr_t>c_child, <uintptr_t>c_copy, GraphBuilder_records(self)
    )
    return 0


cdef int GraphBuilder_check_building(GraphBuilder self) except -1:
    """Raise :class:`RuntimeError` unless the builder is open and building."""
    GraphBuilder_check_open(self)
    if not self.is_building:
        raise RuntimeError("Graph builder is not building.")
    return 0


cdef int capture_depend_on(cydriver.CUstream stream, cydriver.CUgraphNode* node) except -1 nogil:
    """Make ``node`` the only dependency of the work captured next on ``stream``."""
    HANDLE_RETURN(
        cydriver.cuStreamUpdateCaptureDependencies(
            stream,
            node,
            NULL,
            1,
            cydriver.CUstreamUpdateCaptureDependencies_flags.CU_STREAM_SET_CAPTURE_DEPENDENCIES,
        )
    )
    return 0


cdef GraphBuilder GraphBuilder_root(GraphBuilder self):
    """Return the primary builder that ``self`` was split or branched from (or ``self``)."""
    cdef GraphBuilder builder = self
    while builder._parent is not None:
        builder = <GraphBuilder>builder._parent
    return builder


cdef _NodeRecords GraphBuilder_records(GraphBuilder self):
    """Return the map of node records of the graph ``self`` records into, and of the graphs nested in it.

    One map serves a primary builder's whole hierarchy (its forks, its
    conditional bodies) and the definitions of its graphs.
    """
    cdef GraphBuilder root = GraphBuilder_root(self)
    if root._records is None:
        root._records = NodeRecords_new()
    return root._records


cdef int GraphBuilder_destroy_graph(cydriver.CUgraph graph, _NodeRecords records) except -1:
    """Destroy a graph the builder owns, invalidating the views and body builders of the graphs nested in it.

    ``records`` is the builder's hierarchy's (or ``None``).
    """
    from cuda.core.graph._graph_definition import _forget_graph

    _forget_graph(<uintptr_t>graph, records)
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphDestroy(graph))
    return 0


cdef object GraphBuilder_definition(GraphBuilder self):
    """Return a new definition of the builder's graph.

    A primary builder hands the ownership of its graph to the definition; a
    body graph belongs to its conditional node, which the parent keeps.
    """
    from cuda.core.graph._graph_definition import _definition_from_handle

    records = GraphBuilder_records(self)
    if self._kind == GB_PRIMARY:
        return _definition_from_handle(<uintptr_t>self._graph, True, None, records)
    return _definition_from_handle(<uintptr_t>self._graph, False, self._parent, records)


cdef tuple GraphBuilder_add_conditional(
    GraphBuilder self,
    object condition,
    cydriver.CUgraphConditionalNodeType cond_type,
    unsigned int size,
):
    """Record a conditional node with ``size`` bodies; return a builder for each body."""
    from cuda.core.graph._graph_definition import _condition_value

    cdef cydriver.CUgraphConditionalHandle c_condition = _condition_value(condition)
    GraphBuilder_check_building(self)
    cdef cydriver.CUstream c_stream = self._stream_handle
    cdef cydriver.CUstreamCaptureStatus status
    cdef cydriver.CUgraph c_graph = NULL
    cdef const cydriver.CUgraphNode* c_dependencies = NULL
    cdef const cydriver.CUgraphEdgeData* c_edges = NULL
    cdef size_t c_count = 0
    cdef cydriver.CUgraphNode c_node = NULL
    cdef cydriver.CUgraphNodeParams c_params
    memset(&c_params, 0, sizeof(c_params))
    c_params.type = cydriver.CU_GRAPH_NODE_TYPE_CONDITIONAL
    c_params.conditional.handle = c_condition
    c_params.conditional.type = cond_type
    c_params.conditional.size = size
    with nogil:
        HANDLE_RETURN(cydriver.cuStreamGetCtx(c_stream, &c_params.conditional.ctx))
        HANDLE_RETURN(
            cydriver.cuStreamGetCaptureInfo(
                c_stream, &status, NULL, &c_graph, &c_dependencies, &c_edges, &c_count
            )
        )
        HANDLE_RETURN(
            cydriver.cuGraphAddNode(
                &c_node, c_graph, c_dependencies, c_edges, c_count, &c_params
            )
        )
        capture_depend_on(c_stream, &c_node)
    # The node's bodies are recorded, so that destroying the graph that holds
    # it finds them, and the views and builders of them, where the driver
    # cannot report them (before CUDA 13.1). The node's views stay plain
    # ConditionalNode objects, as for a conditional node this library did not make.
    from cuda.core.graph._graph_definition import ConditionalNode

    records = GraphBuilder_records(self)
    addresses = tuple(<uintptr_t>c_params.conditional.phGraph_out[index] for index in range(size))
    NodeRecord_set(records, c_graph, c_node, 0, None, (ConditionalNode, None, (), None, addresses))
    device = self._stream.device
    cdef unsigned int index
    cdef GraphBuilder body
    bodies = []
    for index in range(size):
        body = GraphBuilder_create(device.create_stream(), GB_CONDITIONAL, GB_NOT_STARTED)
        body._graph = c_params.conditional.phGraph_out[index]
        body._parent = self
        body._body_box = GraphBox_for(body._graph, False, self, records)
        bodies.append(body)
    return tuple(bodies)


cdef cydriver.CUstreamCaptureMode GraphBuilder_capture_mode(object mode) except *:
    """Return the driver's capture mode named ``mode``."""
    try:
        return _CAPTURE_MODES[mode]
    except (KeyError, TypeError):
        # An unhashable mode is no mode either.
        raise ValueError(f"Unsupported build mode: {mode}") from None


cdef bint GraphBuilder_detach(
    GraphBuilder self, cydriver.CUstream* stream, cydriver.CUgraph* graph
) noexcept:
    """Mark the open builder closed, handing its capture stream and graph to the caller to release.

    ``graph`` is NULL where the graph is not the builder's to destroy: it
    belongs to the definition handed out, or to a node. Returns whether the
    caller must end the capture first.
    """
    cdef bint end_capture = self._state == GB_CAPTURING and self._kind != GB_FORKED
    stream[0] = self._stream_handle
    graph[0] = self._graph
    if self._definition is not None or self._kind == GB_CONDITIONAL:
        graph[0] = NULL
    self._closed = True
    self._graph = NULL
    self._stream_handle = NULL
    return end_capture


cdef void GraphBuilder_dealloc(GraphBuilder self) noexcept:
    """End the capture and destroy the graph of a builder that was never closed.

    A failure is reported as a :class:`RuntimeWarning`, except for
    ``CUDA_ERROR_DEINITIALIZED`` (the driver has shut down, at interpreter
    exit, and released everything) and ``CUDA_ERROR_INVALID_CONTEXT`` (the
    context, and the graph with it, is gone).
    """
    cdef cydriver.CUstream c_stream = NULL
    cdef cydriver.CUgraph c_graph = NULL
    cdef cydriver.CUgraph c_partial = NULL
    cdef cydriver.CUresult err = cydriver.CUresult.CUDA_SUCCESS
    cdef bint primary = self._kind == GB_PRIMARY
    if self._closed:
        return
    cdef bint end_capture = GraphBuilder_detach(self, &c_stream, &c_graph)
    if end_capture:
        with nogil:
            err = cydriver.cuStreamEndCapture(c_stream, &c_partial)
        if err == cydriver.CUresult.CUDA_SUCCESS and c_partial != NULL and primary:
            err = GraphBuilder_destroy_collected(c_partial, self._records)
    if err == cydriver.CUresult.CUDA_SUCCESS and c_graph != NULL:
        err = GraphBuilder_destroy_collected(c_graph, self._records)
    if (
        err != cydriver.CUresult.CUDA_SUCCESS
        and err != cydriver.CUresult.CUDA_ERROR_DEINITIALIZED
        and err != cydriver.CUresult.CUDA_ERROR_INVALID_CONTEXT
    ):
        # stacklevel=1 names the Python line that dropped the last reference:
        # compiled Cython functions push no frames of their own.
        warnings.warn(
            f"could not end the capture or destroy the graph of a graph builder "
            f"while collecting it: {driver.CUresult(err).name}",
            RuntimeWarning,
            stacklevel=1,
        )


cdef cydriver.CUresult GraphBuilder_destroy_collected(
    cydriver.CUgraph graph, _NodeRecords records
) noexcept:
    """Destroy a graph of a builder being collected; return the driver's status, never raise."""
    cdef cydriver.CUresult err
    try:
        from cuda.core.graph._graph_definition import _forget_graph

        _forget_graph(<uintptr_t>graph, records)
    except Exception as exc:
        # The graph is destroyed all the same; a definition of a graph nested
        # in it that was not invalidated must not be used any more.
        warnings.warn(
            f"could not invalidate the definitions nested in graph {<uintptr_t>graph:#x} "
            f"while collecting its builder: {exc}",
            RuntimeWarning,
            stacklevel=1,
        )
    with nogil:
        err = cydriver.cuGraphDestroy(graph)
    return err


cdef Graph Graph_instantiate(cydriver.CUgraph graph, object options):
    """Instantiate ``graph`` as a new executable :class:`Graph`, as ``options`` ask.

    The executable holds a share of everything ``graph`` holds, and of an
    empty list of its own (``_attachments``), in which updates of its
    nodes keep what they need: the list is staged on ``graph`` for the
    instantiation, which copies it into the executable, then taken back.
    """
    opts = check_or_create_options(
        GraphCompleteOptions, options, "Graph complete options", keep_none=True
    )
    cdef cydriver.CUDA_GRAPH_INSTANTIATE_PARAMS params
    params.flags = 0
    params.hUploadStream = NULL
    params.hErrNode_out = NULL
    params.result_out = cydriver.CUDA_GRAPH_INSTANTIATE_SUCCESS
    if opts is not None:
        if opts.auto_free_on_launch:
            params.flags |= cydriver.CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH
        if opts.upload_stream is not None:
            params.flags |= cydriver.CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD
            params.hUploadStream = Stream_accept(opts.upload_stream)._handle
        if opts.device_launch:
            params.flags |= cydriver.CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH
        if opts.use_node_priority:
            params.flags |= cydriver.CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY
    cdef cydriver.CUgraphExec c_exec = NULL
    attachments = []
    cdef PendingRelease* c_item = attachment_prepare(attachments)
    cdef cydriver.CUuserObject c_staged = NULL
    cdef cydriver.CUresult err
    cdef cydriver.CUresult released = cydriver.CUresult.CUDA_SUCCESS
    # Staged, instantiated and taken back in one block without the GIL.
    with nogil:
        err = attachment_attach(graph, c_item, &c_staged)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuGraphInstantiateWithParams(&c_exec, graph, &params)
            released = cydriver.cuGraphReleaseUserObject(graph, c_staged, 1)
    # A failure to take the staged share back is reported first, then the
    # instantiation's, as when the share was taken back in a finally block.
    HANDLE_RETURN(released)
    HANDLE_RETURN(err)
    cdef Graph result = Graph.__new__(Graph)
    result._handle = c_exec
    result._attachments = attachments
    if params.result_out != cydriver.CUDA_GRAPH_INSTANTIATE_SUCCESS:
        result.close()
        message = _INSTANTIATE_ERRORS.get(
            params.result_out,
            f"Graph instantiation failed with unexpected error code: {params.result_out}",
        )
        raise RuntimeError(message)
    return result


cdef int Graph_check_open(Graph self) except -1:
    """Raise :class:`RuntimeError` if the graph has been closed."""
    if self._closed:
        raise RuntimeError("Graph has been closed")
    return 0


cdef int Graph_submit(Graph self, object stream, bint upload) except -1:
    """Launch the graph on ``stream``, or only upload it if ``upload``."""
    Graph_check_open(self)
    cdef cydriver.CUstream c_stream = Stream_accept(stream)._handle
    cdef cydriver.CUgraphExec c_handle = self._handle
    with nogil:
        if upload:
            HANDLE_RETURN(cydriver.cuGraphUpload(c_handle, c_stream))
        else:
            HANDLE_RETURN(cydriver.cuGraphLaunch(c_handle, c_stream))
    return 0


cdef int Graph_update(Graph self, cydriver.CUgraph graph) except -1:
    """Update the executable graph from ``graph``; name the driver's reason on failure.

    The driver replaces the executable's shares with shares of what
    ``graph`` holds, releasing the old ones once no launch uses them; a new
    list for node updates is staged on ``graph`` as at instantiation. A
    failed update adopts nothing.
    """
    cdef cydriver.CUgraphExec c_handle = self._handle
    cdef cydriver.CUgraphExecUpdateResultInfo info
    cdef cydriver.CUresult err
    attachments = []
    cdef uintptr_t c_staged = graph_attach(graph, attachments)
    try:
        with nogil:
            err = cydriver.cuGraphExecUpdate(c_handle, graph, &info)
        if err == cydriver.CUresult.CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE:
            reason = driver.CUgraphExecUpdateResult(<int>info.result)
            explanation = (reason.__doc__ or "").strip()
            raise CUDAError(f"Graph update failed: {explanation} ({reason.name})")
        HANDLE_RETURN(err)
    finally:
        graph_detach(graph, c_staged)
    self._attachments = attachments
    return 0


cdef void Graph_dealloc(Graph self) noexcept:
    """Destroy an executable graph that was never closed; report a failure as a warning.

    :func:`warn_destroy_failure` reports it, but for the two statuses that
    leave nothing to destroy: the graph's context is gone, or the driver has
    shut down.
    """
    cdef cydriver.CUgraphExec c_handle = self._handle
    cdef cydriver.CUresult err
    if self._closed or c_handle == NULL:
        return
    self._closed = True
    self._handle = NULL
    with nogil:
        err = cydriver.cuGraphExecDestroy(c_handle)
    warn_destroy_failure(err, "graph", <uintptr_t>c_handle)
