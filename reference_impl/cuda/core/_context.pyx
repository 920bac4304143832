# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA contexts, seen through the handles the driver gives out.

A :class:`Context` never owns the driver context it shows: the primary
context of a device is retained once, when :meth:`Device.set_current` first
needs it, and stays retained until the process ends, as the CUDA runtime
does. The helpers at the end of the file make a context current around a
driver call and restore the previous one afterwards.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

from cuda.bindings import driver

__all__ = ["Context"]


cdef class Context:
    """Represent a CUDA context, the state in which a device runs work.

    A context cannot be created directly. :attr:`Device.context`,
    :attr:`Stream.context` and :attr:`Event.context` return one, and so does
    :meth:`Device.set_current` when it replaces a context given to it.

    Notes
    -----
    A Context is a view: closing it, or letting it be garbage-collected,
    never destroys the driver context. Two views of the same driver context
    compare equal.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: contexts come from :attr:`Device.context` and :attr:`Stream.context`."""
        raise RuntimeError(
            "Context objects cannot be instantiated directly. Please use Device or Stream APIs."
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Context):
            return NotImplemented
        cdef Context c_other = <Context>other
        if self._handle == NULL or c_other._handle == NULL:
            return self is c_other
        return self._handle == c_other._handle

    def __hash__(self) -> int:
        return hash(<uintptr_t>self._handle)

    def __repr__(self) -> str:
        if self._handle == NULL:
            return f"<Context (closed) device={self._device_id}>"
        address = <uintptr_t>self._handle
        return f"<Context handle={address:#x} device={self._device_id}>"

    def close(self) -> None:
        """Release this view of the context.

        The driver context itself is left alone (see the class notes).
        Closing an already closed context does nothing.

        Raises
        ------
        RuntimeError
            If the context is the calling thread's current context: make
            another context current first.
        CUDAError
            If the driver cannot report the current context.
        """
        cdef cydriver.CUcontext c_current = NULL
        if self._handle == NULL:
            return
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_current))
        if c_current == self._handle:
            raise RuntimeError(
                "cannot close the calling thread's current context; "
                "make another context current before closing this one"
            )
        self._handle = NULL

    @property
    def handle(self) -> driver.CUcontext | None:
        """Return the driver's ``CUcontext`` handle, or ``None`` once closed.

        ``int(context.handle)`` is the address of the C handle.
        """
        if self._handle == NULL:
            return None
        return driver.CUcontext(<uintptr_t>self._handle)

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called on this context."""
        return self._handle == NULL

    @property
    def is_green(self) -> bool:
        """Return whether the context was created from a partition of the device's resources.

        Always ``False`` here: this implementation neither creates green
        contexts (upstream's ``Device.create_context`` with resources) nor
        tells one apart when it views a context made elsewhere.
        """
        return False


cdef Context Context_from_handle(cydriver.CUcontext handle, int device_id):
    """Return a new view of the driver context ``handle`` of device ``device_id``."""
    cdef Context ctx = Context.__new__(Context)
    ctx._handle = handle
    ctx._device_id = device_id
    return ctx


cdef int Context_push_if_not_current(cydriver.CUcontext ctx, bint* pushed) except -1 nogil:
    """Make ``ctx`` current unless it already is; store in ``pushed`` whether it was pushed.

    Pair every call with :func:`Context_pop_if_pushed` in a ``finally`` clause.
    """
    cdef cydriver.CUcontext c_current = NULL
    pushed[0] = False
    HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_current))
    if c_current != ctx:
        HANDLE_RETURN(cydriver.cuCtxPushCurrent(ctx))
        pushed[0] = True
    return 0


cdef int Context_pop_if_pushed(bint pushed) except -1 nogil:
    """Restore the context that :func:`Context_push_if_not_current` replaced."""
    cdef cydriver.CUcontext c_popped = NULL
    if pushed:
        HANDLE_RETURN(cydriver.cuCtxPopCurrent(&c_popped))
    return 0
