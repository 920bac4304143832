# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Python objects kept alive by driver graphs, through CUDA user objects.

A graph node refers to memory, kernels, events and host functions that
Python objects own. The driver copies a graph when it clones it,
instantiates it or embeds it as a child graph, and keeps an executable
graph until its launches finish, all without Python knowing. A *user
object* is the driver's own reference count for such a graph's share: a
graph retains it, every copy of the graph retains it again, and the driver
calls its destructor when the last share goes.

:func:`graph_attach` wraps a Python object (the *payload*) in a user
object that holds one reference to it. The destructor may run on a thread
of the driver's, or inside a driver call made without the GIL, so it only
queues the payload; the queue is emptied on the main Python thread, by a
call scheduled with ``Py_AddPendingCall``, which drops the references.
When the interpreter's queue of pending calls is full, the call is
scheduled again by the next release, the next attachment, or the end of
the next garbage collection, whichever comes first. After the interpreter
has begun to shut down nothing is queued any more: the payloads of user
objects released then are left to the process's end.

Driver threads that call into Python (a graph's host callbacks) enter
through :func:`python_enter` and leave through :func:`python_leave`. The
shutdown handler waits, with the GIL released, until every thread that
entered before it has left; afterwards none enters. Otherwise a thread
that entered just before it would wait for the GIL of a finalizing
interpreter for ever, and a driver call at exit that waits for that
thread's stream (a pinned buffer's free, for one) would wait with it.
"""

from __future__ import annotations

from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libcpp.atomic cimport atomic
from posix.unistd cimport usleep
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

import atexit
import gc
import os
import threading

__all__ = ["release_pending"]


cdef extern from "Python.h":
    int Py_AddPendingCall(int (*func)(void*) noexcept, void* arg) nogil


cdef extern from "pythread.h":
    unsigned long PyThread_get_thread_ident() nogil


cdef extern from *:
    """
    // Nonzero on the main thread between releases_here_begin and releases_here_end.
    static thread_local int cuda_core_releases_here = 0;
    // The main thread's cuda_core_releases_here when the module was imported on
    // the main thread (NULL otherwise): set and cleared through this pointer
    // without a look-up of the thread's variables on every call.
    static int* cuda_core_main_releases_here = NULL;
    """
    int cuda_core_releases_here
    int* cuda_core_main_releases_here


# The releases the destructors queued, newest first (a lock-free stack, so
# that a destructor never waits for a lock that a Python thread holds).
cdef atomic[PendingRelease*] _queue
# 1 while a call of release_queued is scheduled and has not started.
cdef atomic[int] _scheduled
# 1 once the interpreter has begun to shut down.
cdef atomic[int] _finalizing
# The driver threads between python_enter and python_leave.
cdef atomic[int] _entered
# The thread on which releases run: the one that runs pending calls.
cdef unsigned long _main_thread = threading.main_thread().ident
if PyThread_get_thread_ident() == _main_thread:
    cuda_core_main_releases_here = &cuda_core_releases_here


def release_pending() -> int:
    """Drop now the references that released user objects have queued.

    The queue is otherwise emptied by a call that the interpreter runs on
    the main thread between two bytecodes; this runs it on the calling
    thread, for tests and for code that waits on a thread of its own.

    Returns
    -------
    int
        How many references were dropped.
    """
    return release_queued_now()


def _has_queued() -> bool:
    """Return whether a destructor has queued a release that has not run: for tests, not the public API."""
    return _queue.load() != NULL


cdef PendingRelease* attachment_prepare(object payload) except NULL:
    """Return a new queue item that holds a reference to ``payload``, for :func:`attachment_attach`."""
    cdef PendingRelease* item = <PendingRelease*>malloc(sizeof(PendingRelease))
    if item == NULL:
        raise MemoryError()
    item.payload = <PyObject*>payload
    item.next = NULL
    Py_INCREF(payload)
    return item


cdef cydriver.CUresult attachment_attach(
    cydriver.CUgraph graph, PendingRelease* item, cydriver.CUuserObject* attachment
) noexcept nogil:
    """Make ``graph`` hold the payload of ``item`` through a new user object; return the driver's status.

    Runs without the GIL, so that a caller can add the node that uses the
    payload in the same block. The item belongs to the user object from
    then on: on success ``attachment`` is the user object, for
    :func:`graph_detach`; on failure it is ``NULL`` and the payload is
    released (now if the user object could not be made, otherwise by its
    destructor).
    """
    attachment[0] = NULL
    cdef cydriver.CUuserObject c_object = NULL
    cdef cydriver.CUresult err = cydriver.cuUserObjectCreate(
        &c_object,
        item,
        <cydriver.CUhostFn>release_later,
        1,
        cydriver.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC,
    )
    if err != cydriver.CUresult.CUDA_SUCCESS:
        with gil:
            Py_DECREF(<object>item.payload)
        free(item)
        return err
    err = cydriver.cuGraphRetainUserObject(graph, c_object, 1, cydriver.CU_GRAPH_USER_OBJECT_MOVE)
    cdef cydriver.CUresult released
    if err != cydriver.CUresult.CUDA_SUCCESS:
        # Its only reference: releasing it queues the payload's release. A
        # failure to release is reported first, then the retain's.
        released = cydriver.cuUserObjectRelease(c_object, 1)
        return released if released != cydriver.CUresult.CUDA_SUCCESS else err
    schedule_if_stalled()
    attachment[0] = c_object
    return err


cdef uintptr_t graph_attach(cydriver.CUgraph graph, object payload) except? 0:
    """Make ``graph`` hold ``payload`` until the graph, and every copy of it, lets go.

    Returns the user object, for :func:`graph_detach`. Clones of ``graph``,
    executable graphs instantiated from it and child-graph nodes that embed
    it hold shares of their own, which the driver releases with them.
    """
    cdef PendingRelease* c_item = attachment_prepare(payload)
    cdef cydriver.CUuserObject c_object
    cdef cydriver.CUresult err
    with nogil:
        err = attachment_attach(graph, c_item, &c_object)
    HANDLE_RETURN(err)
    return <uintptr_t>c_object


cdef int graph_detach(cydriver.CUgraph graph, uintptr_t attachment) except -1:
    """Drop ``graph``'s share of a user object that :func:`graph_attach` gave it.

    Copies of the graph keep theirs. The caller must know that the graph
    holds the share: releasing one it does not hold is undefined behaviour.
    An ``attachment`` of 0 (nothing was attached) does nothing, so that a
    node that failed to be added raises the driver's own error for that.
    """
    cdef cydriver.CUuserObject c_object = <cydriver.CUuserObject>attachment
    if c_object == NULL:
        return 0
    cdef bint here = releases_here_begin()
    try:
        with nogil:
            HANDLE_RETURN(cydriver.cuGraphReleaseUserObject(graph, c_object, 1))
    finally:
        releases_here_end(here)
    return 0


cdef bint releases_here_begin() noexcept nogil:
    """On the main thread, empty the queue after the next driver calls instead of scheduling a call.

    The driver may run a user object's destructor inside the call that
    releases its last share, on the calling thread (driver 580 does, in
    ``cuGraphExecDestroy``). On the main thread,
    where releases run, the release it queues is then dropped by
    :func:`releases_here_end`, without the cost of a pending call. On any
    other thread, and for destructors on threads of the driver's, a
    pending call is scheduled as usual. Returns whether this is the main
    thread: pass it to :func:`releases_here_end`.
    """
    if PyThread_get_thread_ident() != _main_thread:
        return False
    main_releases_here()[0] = 1
    return True


cdef int releases_here_end(bint here) except -1:
    """End :func:`releases_here_begin`, which returned ``here``: on the main thread, drop what was queued."""
    if not here:
        return 0
    main_releases_here()[0] = 0
    if _queue.load() != NULL:
        release_queued_now()
    return 0


cdef inline int* main_releases_here() noexcept nogil:
    """Return the main thread's ``cuda_core_releases_here``; call it on the main thread."""
    if cuda_core_main_releases_here != NULL:
        return cuda_core_main_releases_here
    # The module was imported on another thread: the variable is looked up.
    return &cuda_core_releases_here


cdef void release_later(void* data) noexcept nogil:
    """Queue the release of a user object's payload: the destructor the driver calls.

    It runs on any thread, possibly inside a driver call made without the
    GIL, so it takes no lock and calls neither CUDA nor Python, except to
    schedule :func:`release_queued` on the main thread. Inside a driver
    call that the main thread makes between :func:`releases_here_begin`
    and :func:`releases_here_end` nothing is scheduled: the main thread
    empties the queue itself right after.
    """
    cdef PendingRelease* item = <PendingRelease*>data
    if _finalizing.load():
        return
    cdef PendingRelease* head = _queue.load()
    item.next = head
    while not _queue.compare_exchange_weak(head, item):
        item.next = head
    if not cuda_core_releases_here:
        schedule_release()


cdef void schedule_release() noexcept nogil:
    """Schedule one call of :func:`release_queued` unless one is already scheduled.

    The interpreter's queue of pending calls is small; when it is full, the
    next queued release, the next attachment made, or the end of the next
    garbage collection tries again (:func:`schedule_if_stalled`).
    """
    cdef int expected = 0
    if _scheduled.compare_exchange_strong(expected, 1):
        if Py_AddPendingCall(release_queued, NULL) != 0:
            _scheduled.store(0)


cdef void schedule_if_stalled() noexcept nogil:
    """Schedule the release of queued payloads that a full pending-call queue left waiting."""
    if _queue.load() != NULL and _scheduled.load() == 0 and not _finalizing.load():
        schedule_release()


cdef int release_queued(void* arg) noexcept:
    """Drop the queued references: the pending call, run on the main thread with the GIL."""
    _scheduled.store(0)
    release_queued_now()
    return 0


cdef int release_queued_now() noexcept:
    """Drop every queued reference now, with the GIL held; return how many."""
    if _finalizing.load():
        return 0
    cdef PendingRelease* item = _queue.exchange(NULL)
    cdef PendingRelease* following
    cdef PyObject* payload
    cdef int count = 0
    while item != NULL:
        following = item.next
        payload = item.payload
        free(item)
        # May run any finaliser, a Buffer's free on its stream for example.
        Py_DECREF(<object>payload)
        count += 1
        item = following
    return count


cdef bint python_enter() noexcept nogil:
    """Return whether a driver thread may take the GIL; if so, it calls :func:`python_leave` when done.

    The count goes up before the flag is read, and the shutdown handler sets
    the flag before it reads the count (both sequentially consistent): either
    the handler sees this thread and waits for it, or this thread sees the flag
    and stays out.
    """
    _entered.fetch_add(1)
    if _finalizing.load():
        _entered.fetch_sub(1)
        return False
    return True


cdef void python_leave() noexcept nogil:
    """Count a driver thread out of Python again: the end of what :func:`python_enter` let in."""
    _entered.fetch_sub(1)


def _stop_releasing() -> None:
    """Stop queueing releases and let no driver thread into Python; wait for those already in.

    Run by ``atexit``, on the main thread, before the interpreter stops
    handing the GIL to other threads: the wait releases it, so that a thread
    that entered can take it, finish and leave.
    """
    _finalizing.store(1)
    with nogil:
        while _entered.load() != 0:
            usleep(100)


def _schedule_after_collection(phase: str, info: dict) -> None:
    """Schedule the releases a full pending-call queue left waiting, at the end of a garbage collection.

    A collection is the one event every Python program keeps having;
    without it, releases stranded by a full queue would wait for the next
    graph operation.
    """
    if phase == "stop":
        schedule_if_stalled()


def _forget_entered() -> None:
    """Start a forked child's count at 0: the driver threads counted in the parent do not exist in it."""
    _entered.store(0)


atexit.register(_stop_releasing)
gc.callbacks.append(_schedule_after_collection)
os.register_at_fork(after_in_child=_forget_entered)
