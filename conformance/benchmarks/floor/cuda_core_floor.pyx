# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The Cython floor of each benchmarked call: one ``def`` call, ``with nogil``, one ``cydriver`` call.

No implementation of ``cuda.core`` can make a Python-level call cheaper
than a ``def`` function of a compiled module that converts its arguments
to C, releases the GIL, calls the driver once and checks the status. These
functions are that floor, one per call of the benchmark's operations that
has one: an operation of two calls, such as ``Device().set_current()`` or
``Device.allocate`` followed by ``Buffer.close``, has a floor of two.
Handles and pointers are passed as integers, read from the objects of the
implementation under test while the benchmark is set up.

``*_with_gil`` forms make the same calls without releasing the GIL: the
control of the GIL benchmark, showing what holding it costs other threads.
``mem_alloc_checked``, the ``*_owned`` graph functions and
``graph_instantiate_staged`` add the driver calls that the guide requires
of the operation and the bare floor leaves out (the capture check before
an allocation, a user object per graph node, one staged for an executable
graph), so that the report can give the reference's time over both.
``mem_alloc_object`` and ``graph_add_kernel_object`` go one step further and
take the shape of the API's call: they return an object (a
:class:`DeviceBuffer`, a :class:`KernelNode`) whose method undoes the call,
and the node holds the kernel and its arguments, as the guide requires of
``Device.allocate`` and ``GraphDefinition.launch``; they hold nothing else.
``mem_alloc_held`` is ``mem_alloc_object`` whose buffer also holds what the
guide's memory chapter requires a buffer to hold: references to the pool it
came from and to the stream it frees on (:class:`HeldDeviceBuffer`).
``graph_add_kernel_held`` is ``graph_add_kernel_object`` whose user object
holds the kernel and the arguments, as the guide's ownership contract
requires (every copy of the graph keeps what the node uses), released after
the driver destroys the user object (:class:`HeldKernelNode`).
``graph_add_kernel_recorded`` also keeps what else that contract asks of one
kernel node: a record of the node by its address, through which any node
object of it releases the user object, and one node object a node
(:class:`RecordedKernelNode`).

``nox -s bench`` compiles this module (``conformance/benchmarks/floor_build.py``);
it is benchmark tooling, not part of ``cuda.core``.
"""

from __future__ import annotations

cimport cython
from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from cython.operator cimport dereference as deref
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from libcpp.atomic cimport atomic
from libcpp.unordered_map cimport unordered_map

from cuda.bindings cimport cydriver

import warnings

__all__ = [
    "DeviceBuffer",
    "HeldDeviceBuffer",
    "HeldKernelNode",
    "Handle",
    "KernelNode",
    "RecordedKernelNode",
    "ctx_get_device",
    "ctx_set_current",
    "event_query",
    "event_record",
    "graph_add_kernel",
    "graph_add_kernel_held",
    "graph_add_kernel_object",
    "graph_add_kernel_owned",
    "graph_add_kernel_recorded",
    "graph_create",
    "graph_destroy",
    "graph_destroy_node",
    "graph_destroy_node_owned",
    "graph_exec_destroy",
    "graph_instantiate",
    "graph_instantiate_staged",
    "graph_launch",
    "launch_empty",
    "launch_ptr_int",
    "mem_alloc",
    "mem_alloc_checked",
    "mem_alloc_held",
    "mem_alloc_object",
    "mem_free",
    "memcpy_dtod",
    "memset_d8",
    "memset_d8_sync",
    "memset_d8_sync_with_gil",
    "stream_sync",
]


cdef struct _Held:
    # A payload that a user object holds, and the next payload released.
    PyObject* payload
    _Held* next


cdef struct _NodeEntry:
    # The user object of a node and its node object (borrowed, or NULL).
    uintptr_t owner
    PyObject* node


cdef atomic[_Held*] _released
# The payloads whose user objects the driver has destroyed, newest first: a
# lock-free stack, because a destructor may run on any thread, without the GIL.
cdef unordered_map[uintptr_t, _NodeEntry] _records
# The nodes graph_add_kernel_recorded added, by the driver node's address.


@cython.freelist(16)
cdef class DeviceBuffer:
    """Memory from a pool that :func:`mem_alloc_object` allocated: the floor of a ``Buffer``.

    It frees its memory on :meth:`close`, or when collected before that.
    """

    cdef uintptr_t _ptr
    cdef uintptr_t _stream

    def __dealloc__(self):
        _warn_free_failure(_buffer_free(&self._ptr, self._stream), "DeviceBuffer")

    def close(self, uintptr_t stream) -> None:
        """Free the memory in stream order (``cuMemFreeAsync``); a second call does nothing.

        Parameters
        ----------
        stream : int
            The ``CUstream`` to free on.
        """
        check(_buffer_free(&self._ptr, stream))


@cython.final
cdef class Handle:
    """A driver handle as an object, which buffers of :func:`mem_alloc_held` hold: the floor of a memory resource or a ``Stream``.

    Parameters
    ----------
    handle : int
        The ``CUmemoryPool`` or ``CUstream``; the caller keeps it alive.
    """

    cdef readonly uintptr_t handle

    def __init__(self, uintptr_t handle) -> None:
        self.handle = handle


@cython.freelist(16)
@cython.no_gc_clear
cdef class HeldDeviceBuffer:
    """Memory that :func:`mem_alloc_held` allocated: a :class:`DeviceBuffer` that holds its pool and stream.

    The references keep the pool and the stream alive while the buffer is
    open, as the guide requires of a ``Buffer`` (it depends on them); they
    are dropped when it is closed. It frees its memory on :meth:`close`, or
    when collected before that.
    """

    cdef uintptr_t _ptr
    cdef Handle _pool
    cdef Handle _stream

    def __dealloc__(self):
        if self._stream is None:
            return
        _warn_free_failure(_buffer_free(&self._ptr, self._stream.handle), "HeldDeviceBuffer")

    def close(self, stream: Handle) -> None:
        """Free the memory in stream order (``cuMemFreeAsync``) and drop the references; a second call does nothing.

        Parameters
        ----------
        stream : Handle
            The stream to free on.
        """
        cdef Handle c_stream = stream
        check(_buffer_free(&self._ptr, c_stream.handle))
        self._pool = None
        self._stream = None


@cython.freelist(16)
cdef class KernelNode:
    """A kernel node that :func:`graph_add_kernel_object` added: the floor of a ``KernelNode``.

    It holds the kernel and the arguments of the launch, and the graph's
    user object, until :meth:`destroy`.
    """

    cdef uintptr_t _graph
    cdef uintptr_t _node
    cdef uintptr_t _owner
    cdef object _payload

    def destroy(self) -> None:
        """Remove the node and the graph's share of its user object; a second call does nothing."""
        if self._node == 0:
            return
        _destroy_owned_node(self._graph, self._node, self._owner)
        self._node = 0
        self._payload = None


@cython.freelist(16)
cdef class HeldKernelNode:
    """A kernel node that :func:`graph_add_kernel_held` added: its user object holds the payload.

    It holds the kernel and the arguments, for its properties, and the
    graph's user object, until :meth:`destroy`.
    """

    cdef uintptr_t _graph
    cdef uintptr_t _node
    cdef uintptr_t _owner
    cdef object _payload

    def destroy(self) -> None:
        """Remove the node and the graph's share of its user object, then drop the payloads released."""
        if self._node == 0:
            return
        _destroy_owned_node(self._graph, self._node, self._owner)
        self._node = 0
        self._payload = None
        _drop_released()


@cython.freelist(16)
cdef class RecordedKernelNode:  # noqa: MEM001 __dealloc__ clears a borrowed pointer; destroy() removes the node
    """A kernel node that :func:`graph_add_kernel_recorded` added: a :class:`HeldKernelNode` with a record.

    The node's record, by its address, names its user object and its one
    node object, which leaves the record when it is deallocated.
    """

    cdef uintptr_t _graph
    cdef uintptr_t _node
    cdef object _payload

    def __dealloc__(self):
        found = _records.find(self._node)
        if found != _records.end() and deref(found).second.node == <PyObject*>self:
            deref(found).second.node = NULL

    def destroy(self) -> None:
        """Remove the node and the graph's share of the user object its record names; drop what was released."""
        if self._node == 0:
            return
        _destroy_owned_node(self._graph, self._node, _records[self._node].owner)
        _records.erase(self._node)
        self._node = 0
        self._payload = None
        _drop_released()


def event_record(uintptr_t event, uintptr_t stream) -> None:
    """Record ``event`` on ``stream`` (``cuEventRecord``).

    Parameters
    ----------
    event : int
        A ``CUevent``.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuEventRecord(<cydriver.CUevent>event, <cydriver.CUstream>stream)
    check(err)


def event_query(uintptr_t event) -> bool:
    """Return whether ``event`` has completed (``cuEventQuery``).

    Parameters
    ----------
    event : int
        A ``CUevent``.

    Returns
    -------
    bool
        ``True`` once the work before the event is done.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuEventQuery(<cydriver.CUevent>event)
    if err == cydriver.CUresult.CUDA_ERROR_NOT_READY:
        return False
    check(err)
    return True


def stream_sync(uintptr_t stream) -> None:
    """Wait for the work queued on ``stream`` (``cuStreamSynchronize``).

    Parameters
    ----------
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuStreamSynchronize(<cydriver.CUstream>stream)
    check(err)


def memset_d8(uintptr_t pointer, unsigned char value, size_t count, uintptr_t stream) -> None:
    """Set ``count`` bytes at ``pointer`` to ``value`` in stream order (``cuMemsetD8Async``).

    Parameters
    ----------
    pointer : int
        A device pointer.
    value : int
        The byte value.
    count : int
        How many bytes.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuMemsetD8Async(<cydriver.CUdeviceptr>pointer, value, count, <cydriver.CUstream>stream)
    check(err)


def mem_alloc(uintptr_t pool, size_t size, uintptr_t stream) -> int:
    """Allocate ``size`` bytes from ``pool`` in stream order (``cuMemAllocFromPoolAsync``).

    With :func:`mem_free` it is the floor of ``Device.allocate`` followed by
    ``Buffer.close``: two calls from Python, as those are, each making one
    driver call.

    Parameters
    ----------
    pool : int
        A ``CUmemoryPool``.
    size : int
        Bytes to allocate.
    stream : int
        A ``CUstream``.

    Returns
    -------
    int
        The device pointer.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUdeviceptr pointer = 0
    with nogil:
        err = cydriver.cuMemAllocFromPoolAsync(&pointer, size, <cydriver.CUmemoryPool>pool, <cydriver.CUstream>stream)
    check(err)
    return pointer


def mem_alloc_checked(uintptr_t pool, size_t size, uintptr_t stream) -> int:
    """Allocate as :func:`mem_alloc` does, after checking that ``stream`` is not being captured.

    The floor of ``Device.allocate`` with what the guide requires of it:
    ``DeviceMemoryResource.allocate`` raises on a capturing stream, which
    takes a ``cuStreamIsCapturing`` call before every allocation. The
    arguments are :func:`mem_alloc`'s.

    Returns
    -------
    int
        The device pointer.

    Raises
    ------
    RuntimeError
        If the stream is being captured, or the driver reports an error.
    """
    return _alloc_checked(pool, size, stream)


def mem_alloc_object(uintptr_t pool, size_t size, *, uintptr_t stream) -> DeviceBuffer:
    """Allocate as :func:`mem_alloc_checked` does; return the memory as a :class:`DeviceBuffer`.

    The floor of ``Device.allocate(size, stream=stream)`` followed by
    ``Buffer.close(stream)`` in the API's shape: a stream given by keyword,
    an object returned, and a method of it that frees the memory. The
    arguments are :func:`mem_alloc`'s.

    Returns
    -------
    DeviceBuffer
        The memory, freed on ``stream`` when collected unless closed.
    """
    cdef DeviceBuffer buffer = DeviceBuffer.__new__(DeviceBuffer)
    buffer._ptr = _alloc_checked(pool, size, stream)
    buffer._stream = stream
    return buffer


def mem_alloc_held(pool: Handle, size_t size, *, stream: Handle) -> HeldDeviceBuffer:
    """Allocate as :func:`mem_alloc_object` does; the buffer holds ``pool`` and ``stream``.

    The floor of ``Device.allocate(size, stream=stream)`` followed by
    ``Buffer.close(stream)`` with what the guide's memory chapter asks of a
    buffer: it keeps a reference to the objects it depends on, the pool it
    came from and the stream it frees on, until it is closed.

    Parameters
    ----------
    pool : Handle
        The pool to allocate from.
    size : int
        Bytes to allocate.
    stream : Handle
        The stream that orders the allocation, and the free unless
        :meth:`HeldDeviceBuffer.close` is given another.

    Returns
    -------
    HeldDeviceBuffer
        The memory.
    """
    cdef Handle c_pool = pool
    cdef Handle c_stream = stream
    cdef HeldDeviceBuffer buffer = HeldDeviceBuffer.__new__(HeldDeviceBuffer)
    buffer._ptr = _alloc_checked(c_pool.handle, size, c_stream.handle)
    buffer._pool = c_pool
    buffer._stream = c_stream
    return buffer


def mem_free(uintptr_t pointer, uintptr_t stream) -> None:
    """Free memory from a pool in stream order (``cuMemFreeAsync``).

    Parameters
    ----------
    pointer : int
        A device pointer that :func:`mem_alloc` returned.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuMemFreeAsync(<cydriver.CUdeviceptr>pointer, <cydriver.CUstream>stream)
    check(err)


def memcpy_dtod(uintptr_t destination, uintptr_t source, size_t size, uintptr_t stream) -> None:
    """Copy ``size`` bytes between device pointers in stream order (``cuMemcpyDtoDAsync``).

    Parameters
    ----------
    destination : int
        The device pointer written.
    source : int
        The device pointer read.
    size : int
        Bytes to copy.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuMemcpyDtoDAsync(
            <cydriver.CUdeviceptr>destination, <cydriver.CUdeviceptr>source, size, <cydriver.CUstream>stream
        )
    check(err)


def launch_empty(uintptr_t function, uintptr_t stream) -> None:
    """Launch a kernel without arguments on one thread (``cuLaunchKernel``).

    Parameters
    ----------
    function : int
        A ``CUfunction``.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuLaunchKernel(
            <cydriver.CUfunction>function, 1, 1, 1, 1, 1, 1, 0, <cydriver.CUstream>stream, NULL, NULL
        )
    check(err)


def launch_ptr_int(uintptr_t function, uintptr_t stream, uintptr_t pointer, int value) -> None:
    """Launch a kernel taking a pointer and an ``int`` on one thread (``cuLaunchKernel``).

    Parameters
    ----------
    function : int
        A ``CUfunction``.
    stream : int
        A ``CUstream``.
    pointer : int
        The device pointer passed as the first argument.
    value : int
        The 32-bit integer passed as the second argument.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUdeviceptr c_pointer = <cydriver.CUdeviceptr>pointer
    cdef int c_value = value
    cdef void* arguments[2]
    arguments[0] = &c_pointer
    arguments[1] = &c_value
    with nogil:
        err = cydriver.cuLaunchKernel(
            <cydriver.CUfunction>function, 1, 1, 1, 1, 1, 1, 0, <cydriver.CUstream>stream, arguments, NULL
        )
    check(err)


def ctx_get_device() -> int:
    """Return the ordinal of the calling thread's current device (``cuCtxGetDevice``).

    With :func:`ctx_set_current` it is the floor of ``Device().set_current()``:
    two calls from Python, as those are, the first finding the current
    device and the second making its primary context current.

    Returns
    -------
    int
        The device ordinal.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUdevice device = 0
    with nogil:
        err = cydriver.cuCtxGetDevice(&device)
    check(err)
    return device


def ctx_set_current(uintptr_t context) -> None:
    """Make ``context`` current on the calling thread (``cuCtxSetCurrent``).

    Parameters
    ----------
    context : int
        A ``CUcontext``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuCtxSetCurrent(<cydriver.CUcontext>context)
    check(err)


def graph_create() -> int:
    """Return a new empty graph (``cuGraphCreate``).

    Returns
    -------
    int
        The ``CUgraph``; :func:`graph_destroy` destroys it.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUgraph graph = NULL
    with nogil:
        err = cydriver.cuGraphCreate(&graph, 0)
    check(err)
    return <uintptr_t>graph


def graph_destroy(uintptr_t graph) -> None:
    """Destroy a graph that :func:`graph_create` made (``cuGraphDestroy``).

    Parameters
    ----------
    graph : int
        A ``CUgraph``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphDestroy(<cydriver.CUgraph>graph)
    check(err)


def graph_add_kernel(uintptr_t graph, uintptr_t dependency, uintptr_t kernel, uintptr_t pointer, int value) -> int:
    """Add a node launching a kernel that takes a pointer and an ``int`` on one thread (``cuGraphAddKernelNode``).

    With :func:`graph_destroy_node` it is the floor of
    ``GraphDefinition.launch`` followed by ``GraphNode.destroy``: two calls
    from Python, each making one driver call. The floor keeps nothing alive
    for the node; the reference also attaches the kernel and the arguments
    to the graph (the ownership contract), which the floor leaves out.

    Parameters
    ----------
    graph : int
        A ``CUgraph``.
    dependency : int
        A ``CUgraphNode`` the new node follows, or 0 for none.
    kernel : int
        A ``CUkernel``, launched in the current context.
    pointer : int
        The device pointer passed as the first argument.
    value : int
        The 32-bit integer passed as the second argument.

    Returns
    -------
    int
        The new ``CUgraphNode``.
    """
    return _kernel_node(graph, dependency, kernel, pointer, value)


def graph_add_kernel_owned(
    uintptr_t graph, uintptr_t dependency, uintptr_t kernel, uintptr_t pointer, int value
) -> tuple:
    """Add a kernel node as :func:`graph_add_kernel` does, with a user object the graph holds for it.

    The floor of ``GraphDefinition.launch`` with what the guide's ownership
    contract requires of it: a CUDA user object (``cuUserObjectCreate``)
    that the graph retains (``cuGraphRetainUserObject``) before the node is
    added, so that every copy of the graph keeps what the node uses. The
    floor's user object holds nothing: its destructor does nothing. The
    arguments are :func:`graph_add_kernel`'s.

    Returns
    -------
    tuple of (int, int)
        The new ``CUgraphNode`` and the ``CUuserObject``, for
        :func:`graph_destroy_node_owned`.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUuserObject owner = NULL
    with nogil:
        err = _graph_owned_user_object(<cydriver.CUgraph>graph, &owner)
    check(err)
    return _kernel_node(graph, dependency, kernel, pointer, value), <uintptr_t>owner


def graph_add_kernel_object(uintptr_t graph, uintptr_t kernel, object kernel_object, *args) -> KernelNode:
    """Add an entry node as :func:`graph_add_kernel_owned` does; return it as a :class:`KernelNode`.

    The floor of ``GraphDefinition.launch(config, kernel, *args)`` followed
    by ``KernelNode.destroy()`` in the API's shape: the arguments passed as
    ``*args``, an object returned that holds the kernel and the arguments,
    and a method of it that removes the node.

    Parameters
    ----------
    graph : int
        A ``CUgraph``.
    kernel : int
        A ``CUkernel``, launched in the current context.
    kernel_object : object
        What the node holds for the kernel.
    *args : int
        The device pointer and the 32-bit integer passed to the kernel.

    Returns
    -------
    KernelNode
        The new node.
    """
    pointer, value = args
    cdef cydriver.CUresult err
    cdef cydriver.CUuserObject owner = NULL
    with nogil:
        err = _graph_owned_user_object(<cydriver.CUgraph>graph, &owner)
    check(err)
    cdef KernelNode node = KernelNode.__new__(KernelNode)
    node._graph = graph
    node._owner = <uintptr_t>owner
    node._payload = (kernel_object, args)
    node._node = _kernel_node(graph, 0, kernel, pointer, value)
    return node


def graph_add_kernel_held(uintptr_t graph, uintptr_t kernel, object kernel_object, *args) -> HeldKernelNode:
    """Add an entry node as :func:`graph_add_kernel_object` does, its user object holding the kernel and arguments.

    The floor of ``GraphDefinition.launch(config, kernel, *args)`` followed
    by ``KernelNode.destroy()`` with what the guide's ownership contract
    requires: the graph, and every copy of it, keeps what the node uses. The
    user object holds a reference to the payload; its destructor, which the
    driver may call on any thread and without the GIL, only queues it, and
    :meth:`HeldKernelNode.destroy` drops what was queued. The arguments are
    :func:`graph_add_kernel_object`'s.

    Returns
    -------
    HeldKernelNode
        The new node.
    """
    pointer, value = args
    payload = (kernel_object, args)
    cdef cydriver.CUuserObject owner = _graph_held_user_object(<cydriver.CUgraph>graph, payload)
    cdef HeldKernelNode node = HeldKernelNode.__new__(HeldKernelNode)
    node._graph = graph
    node._owner = <uintptr_t>owner
    node._payload = payload
    node._node = _kernel_node(graph, 0, kernel, pointer, value)
    return node


def graph_add_kernel_recorded(
    uintptr_t graph, uintptr_t kernel, object kernel_object, *args
) -> RecordedKernelNode:
    """Add an entry node as :func:`graph_add_kernel_held` does, and record it by its address.

    The floor of ``GraphDefinition.launch(config, kernel, *args)`` followed
    by ``KernelNode.destroy()`` with what the guide's ownership contract
    asks of one kernel node: besides the user object that holds the kernel
    and arguments, a record through which any node object of the node
    releases it, and one node object a node. The arguments are
    :func:`graph_add_kernel_object`'s.

    Returns
    -------
    RecordedKernelNode
        The new node.
    """
    pointer, value = args
    payload = (kernel_object, args)
    cdef cydriver.CUuserObject owner = _graph_held_user_object(<cydriver.CUgraph>graph, payload)
    cdef RecordedKernelNode node = RecordedKernelNode.__new__(RecordedKernelNode)
    node._graph = graph
    node._payload = payload
    node._node = _kernel_node(graph, 0, kernel, pointer, value)
    cdef _NodeEntry* entry = &_records[node._node]
    entry.owner = <uintptr_t>owner
    entry.node = <PyObject*>node
    return node


def graph_destroy_node_owned(uintptr_t graph, uintptr_t node, uintptr_t owner) -> None:
    """Remove a node that :func:`graph_add_kernel_owned` added, and the graph's share of its user object.

    Parameters
    ----------
    graph : int
        The ``CUgraph`` the node is in.
    node : int
        The ``CUgraphNode``.
    owner : int
        Its ``CUuserObject``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphDestroyNode(<cydriver.CUgraphNode>node)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuGraphReleaseUserObject(<cydriver.CUgraph>graph, <cydriver.CUuserObject>owner, 1)
    check(err)


def graph_destroy_node(uintptr_t node) -> None:
    """Remove a node from its graph (``cuGraphDestroyNode``).

    Parameters
    ----------
    node : int
        A ``CUgraphNode``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphDestroyNode(<cydriver.CUgraphNode>node)
    check(err)


def graph_instantiate(uintptr_t graph) -> int:
    """Return an executable graph made from ``graph`` (``cuGraphInstantiate``).

    With :func:`graph_exec_destroy` it is the floor of
    ``GraphDefinition.instantiate`` followed by ``Graph.close``.

    Parameters
    ----------
    graph : int
        A ``CUgraph``.

    Returns
    -------
    int
        The ``CUgraphExec``.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUgraphExec executable = NULL
    with nogil:
        err = cydriver.cuGraphInstantiate(&executable, <cydriver.CUgraph>graph, 0)
    check(err)
    return <uintptr_t>executable


def graph_instantiate_staged(uintptr_t graph) -> int:
    """Instantiate ``graph`` as :func:`graph_instantiate` does, with a user object staged on it for the executable.

    The floor of ``GraphDefinition.instantiate`` with what the guide's
    ownership contract requires of it: an executable graph keeps what later
    updates of its nodes use, and the driver gives an executable graph no
    user objects of its own, so one is created and retained by ``graph``
    (``cuUserObjectCreate``, ``cuGraphRetainUserObject``) before the
    instantiation copies it, and released from ``graph`` after
    (``cuGraphReleaseUserObject``). The floor's user object holds nothing.
    The argument is :func:`graph_instantiate`'s.

    Returns
    -------
    int
        The ``CUgraphExec``.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUresult released = cydriver.CUresult.CUDA_SUCCESS
    cdef cydriver.CUuserObject staged = NULL
    cdef cydriver.CUgraphExec executable = NULL
    with nogil:
        err = _graph_owned_user_object(<cydriver.CUgraph>graph, &staged)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuGraphInstantiate(&executable, <cydriver.CUgraph>graph, 0)
            released = cydriver.cuGraphReleaseUserObject(<cydriver.CUgraph>graph, staged, 1)
    check(err)
    check(released)
    return <uintptr_t>executable


def graph_exec_destroy(uintptr_t executable) -> None:
    """Destroy an executable graph (``cuGraphExecDestroy``).

    Parameters
    ----------
    executable : int
        A ``CUgraphExec``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphExecDestroy(<cydriver.CUgraphExec>executable)
    check(err)


def graph_launch(uintptr_t executable, uintptr_t stream) -> None:
    """Launch an executable graph on ``stream`` (``cuGraphLaunch``).

    Parameters
    ----------
    executable : int
        A ``CUgraphExec``.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphLaunch(<cydriver.CUgraphExec>executable, <cydriver.CUstream>stream)
    check(err)


def memset_d8_sync(uintptr_t pointer, size_t count, uintptr_t stream) -> None:
    """Set ``count`` bytes to 7 and wait for it, without the GIL: the GIL benchmark's unit of work.

    Parameters
    ----------
    pointer : int
        A device pointer.
    count : int
        How many bytes.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuMemsetD8Async(<cydriver.CUdeviceptr>pointer, 7, count, <cydriver.CUstream>stream)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuStreamSynchronize(<cydriver.CUstream>stream)
    check(err)


def memset_d8_sync_with_gil(uintptr_t pointer, size_t count, uintptr_t stream) -> None:
    """Set ``count`` bytes to 7 and wait for it while holding the GIL: the control of the GIL benchmark.

    Parameters
    ----------
    pointer : int
        A device pointer.
    count : int
        How many bytes.
    stream : int
        A ``CUstream``.
    """
    cdef cydriver.CUresult err
    cdef cydriver.CUdeviceptr c_pointer = <cydriver.CUdeviceptr>pointer
    err = cydriver.cuMemsetD8Async(c_pointer, 7, count, <cydriver.CUstream>stream)  # noqa: CUD001 - the control
    if err == cydriver.CUresult.CUDA_SUCCESS:
        err = cydriver.cuStreamSynchronize(<cydriver.CUstream>stream)  # noqa: CUD001 - the control holds the GIL
    check(err)


cdef cydriver.CUresult _buffer_free(uintptr_t* buffer_pointer, uintptr_t stream) noexcept:
    """Free a buffer's memory, whose pointer is at ``buffer_pointer``, on ``stream`` unless it was freed.

    The pointer is cleared first. Returns the driver's status.
    """
    cdef cydriver.CUdeviceptr pointer = <cydriver.CUdeviceptr>buffer_pointer[0]
    cdef cydriver.CUresult err = cydriver.CUresult.CUDA_SUCCESS
    if pointer == 0:
        return err
    buffer_pointer[0] = 0
    with nogil:
        err = cydriver.cuMemFreeAsync(pointer, <cydriver.CUstream>stream)
    return err


cdef void _warn_free_failure(cydriver.CUresult err, str what) noexcept:
    """Warn that freeing a ``what`` in its ``__dealloc__`` failed with ``err``: nothing can be raised there."""
    if err != cydriver.CUresult.CUDA_SUCCESS:
        warnings.warn(f"freeing a {what} failed: CUDA driver error {<int>err}", RuntimeWarning, stacklevel=1)


cdef cydriver.CUdeviceptr _alloc_checked(uintptr_t pool, size_t size, uintptr_t stream) except? 0:
    """Allocate as :func:`mem_alloc_checked` says; return the pointer."""
    cdef cydriver.CUresult err
    cdef cydriver.CUdeviceptr pointer = 0
    cdef cydriver.CUstreamCaptureStatus status = cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE
    with nogil:
        err = cydriver.cuStreamIsCapturing(<cydriver.CUstream>stream, &status)
        if err == cydriver.CUresult.CUDA_SUCCESS and status == cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE:
            err = cydriver.cuMemAllocFromPoolAsync(
                &pointer, size, <cydriver.CUmemoryPool>pool, <cydriver.CUstream>stream
            )
    check(err)
    if status != cydriver.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE:
        raise RuntimeError("the stream is being captured")
    return pointer


cdef uintptr_t _kernel_node(
    uintptr_t graph, uintptr_t dependency, uintptr_t kernel, uintptr_t pointer, int value
) except? 0:
    """Add the kernel node of :func:`graph_add_kernel`; return it."""
    cdef cydriver.CUresult err
    cdef cydriver.CUgraphNode node = NULL
    cdef cydriver.CUgraphNode c_dependency = <cydriver.CUgraphNode>dependency
    cdef size_t count = 1 if dependency else 0
    cdef cydriver.CUdeviceptr c_pointer = <cydriver.CUdeviceptr>pointer
    cdef int c_value = value
    cdef void* arguments[2]
    cdef cydriver.CUDA_KERNEL_NODE_PARAMS params
    memset(&params, 0, sizeof(params))
    params.kern = <cydriver.CUkernel>kernel
    params.gridDimX = params.gridDimY = params.gridDimZ = 1
    params.blockDimX = params.blockDimY = params.blockDimZ = 1
    arguments[0] = &c_pointer
    arguments[1] = &c_value
    params.kernelParams = arguments
    with nogil:
        err = cydriver.cuGraphAddKernelNode(&node, <cydriver.CUgraph>graph, &c_dependency, count, &params)
    check(err)
    return <uintptr_t>node


cdef cydriver.CUresult _graph_owned_user_object(
    cydriver.CUgraph graph, cydriver.CUuserObject* owner
) noexcept nogil:
    """Create a user object that holds nothing and move its reference to ``graph``; return the status."""
    cdef cydriver.CUresult err = cydriver.cuUserObjectCreate(
        owner, NULL, <cydriver.CUhostFn>_release_nothing, 1, cydriver.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC
    )
    if err != cydriver.CUresult.CUDA_SUCCESS:
        return err
    return cydriver.cuGraphRetainUserObject(graph, owner[0], 1, cydriver.CU_GRAPH_USER_OBJECT_MOVE)


cdef inline cydriver.CUuserObject _graph_held_user_object(cydriver.CUgraph graph, object payload) except NULL:
    """Create a user object that holds a reference to ``payload`` and move its reference to ``graph``; return it.

    Its destructor queues the payload's release (:func:`_release_later`).
    Raises ``MemoryError`` if the queue item cannot be allocated, and
    ``RuntimeError`` naming the status if the driver refuses.
    """
    cdef _Held* held = <_Held*>malloc(sizeof(_Held))
    if held == NULL:
        raise MemoryError()
    Py_INCREF(payload)
    held.payload = <PyObject*>payload
    held.next = NULL
    cdef cydriver.CUresult err
    cdef cydriver.CUresult released
    cdef cydriver.CUuserObject owner = NULL
    with nogil:
        err = cydriver.cuUserObjectCreate(
            &owner, held, <cydriver.CUhostFn>_release_later, 1, cydriver.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC
        )
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuGraphRetainUserObject(graph, owner, 1, cydriver.CU_GRAPH_USER_OBJECT_MOVE)
            if err != cydriver.CUresult.CUDA_SUCCESS:
                # Its only reference: the destructor queues the payload. A failure to
                # release it is reported instead of the retain's.
                released = cydriver.cuUserObjectRelease(owner, 1)
                if released != cydriver.CUresult.CUDA_SUCCESS:
                    err = released
    if err != cydriver.CUresult.CUDA_SUCCESS:
        if owner == NULL:
            Py_DECREF(payload)
            free(held)
        _drop_released()
        check(err)
    return owner


cdef inline int _destroy_owned_node(uintptr_t graph, uintptr_t node, uintptr_t owner) except -1:
    """Remove ``node`` from ``graph``, then ``graph``'s share of the user object ``owner``; raise as :func:`check` does."""
    cdef cydriver.CUresult err
    with nogil:
        err = cydriver.cuGraphDestroyNode(<cydriver.CUgraphNode>node)
        if err == cydriver.CUresult.CUDA_SUCCESS:
            err = cydriver.cuGraphReleaseUserObject(<cydriver.CUgraph>graph, <cydriver.CUuserObject>owner, 1)
    return check(err)


cdef void _release_later(void* data) noexcept nogil:
    """The destructor of the user objects of :func:`graph_add_kernel_held`: queue the payload's release."""
    cdef _Held* held = <_Held*>data
    cdef _Held* head = _released.load()
    held.next = head
    while not _released.compare_exchange_weak(head, held):
        held.next = head


cdef int _drop_released() except -1:
    """Drop the payloads that destroyed user objects queued, with the GIL held."""
    cdef _Held* held = _released.exchange(NULL)
    cdef _Held* following
    while held != NULL:
        following = held.next
        Py_DECREF(<object>held.payload)
        free(held)
        held = following
    return 0


cdef void _release_nothing(void* data) noexcept nogil:
    """The destructor of the floor's user objects, which hold nothing."""


cdef int check(cydriver.CUresult err) except -1 nogil:
    """Raise ``RuntimeError`` naming the status when ``err`` is not ``CUDA_SUCCESS``."""
    if err != cydriver.CUresult.CUDA_SUCCESS:
        with gil:
            # The floor depends on cuda.bindings alone, so it has no CUDAError to raise.
            raise RuntimeError(f"CUDA driver error {<int>err}")  # noqa: ERR007 - see above
    return 0
