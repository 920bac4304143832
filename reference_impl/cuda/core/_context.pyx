# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA contexts, seen through the handles the driver gives out.

A :class:`Context` never owns the driver context it shows: the primary
context of a device is retained once, when :meth:`Device.set_current` first
needs it, and stays retained until the process ends, as the CUDA runtime
does. A green context (:meth:`Device.create_context`, made from a partition
of the device's resources) is owned by a private handle object, which
the contexts and streams that use it share: the driver's green context is
destroyed when the last of them lets it go. The helpers at the end of the
file make a context current around a driver call and restore the previous
one afterwards.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from cuda.bindings cimport cydriver

from cuda.core._device_resources cimport (
    DeviceResources_check_green_support,
    DeviceResources_create,
    SMResource,
    WorkqueueResource,
)
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_or_create_options

from collections.abc import Sequence
from cuda.bindings import driver
import dataclasses
import warnings

from cuda.core._device_resources import DeviceResources
from cuda.core.typing import DeviceResourcesType

__all__ = ["Context", "ContextOptions"]


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

    A green context, made by :meth:`Device.create_context`, is the
    exception: its driver green context is destroyed once the context is
    closed (or collected) and every stream created on it is closed too.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`Device.context`."""
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

        The driver context itself is left alone (see the class notes); a
        green context's is destroyed once what was made in it is closed as
        well: its streams, and the streams, events, arrays and texture and
        surface objects a :class:`Device` made while it was current; and
        once no other thread has it current (a thread that made it current
        with :meth:`Device.set_current` keeps it until it makes another
        context current).
        Closing an already closed context does nothing.

        Raises
        ------
        RuntimeError
            If the context is the calling thread's current context (``Cannot
            close a CUDA context while it is current. ...``): make another
            context current first.
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
                "Cannot close a CUDA context while it is current. "
                "Restore a previous context before closing this context."
            )
        self._handle = NULL
        self._green = None

    def create_stream(self, options: StreamOptions | None = None) -> Stream:
        """Create a stream whose work runs on this green context's resources.

        Parameters
        ----------
        options : StreamOptions or dict, optional
            Options of the new stream. A green context's streams are always
            non-blocking: ``nonblocking=False`` is refused.

        Returns
        -------
        Stream
            The new stream; it keeps the green context alive until it is
            closed.

        Raises
        ------
        RuntimeError
            If the context is closed, or is not a green context (use
            :meth:`Device.create_stream` for a device's primary context).
        TypeError
            If ``options`` is not :class:`StreamOptions`, a dict or ``None``.
        ValueError
            If ``options`` asks for a blocking stream (``Green context
            streams must be non-blocking. ...``), or the priority is out of
            the device's range.
        CUDAError
            If the driver reports an error.
        """
        Context_check_open(self)
        if self._green is None:
            raise RuntimeError(
                "Context.create_stream() is only supported on green contexts. "
                "Use Device.create_stream() for primary contexts."
            )
        # Imported here: cuda.core._stream imports this module.
        from cuda.core._stream import _green_stream_create

        return _green_stream_create(self, options)

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

        ``True`` for a context made by :meth:`Device.create_context` and for
        :attr:`Stream.context` of a stream created on one; ``False`` once
        closed, and for a view of a context made elsewhere.
        """
        return self._green is not None

    @property
    def resources(self) -> DeviceResources:
        """Return the hardware resources of this context.

        For a green context, the resources it was created with; for a
        primary context, the whole device's.

        Raises
        ------
        RuntimeError
            If the context is closed.
        """
        Context_check_open(self)
        return DeviceResources_create(self._device_id, self._handle, self._green)


cdef class _GreenContextHandle:
    """Own a driver green context, and destroy it when garbage-collected.

    Not part of the public API: a green :class:`Context`, and every stream
    created on it, hold a reference, so the green context outlives the last
    of them and no longer.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("_GreenContextHandle objects are made by Device.create_context")

    def __dealloc__(self) -> None:
        GreenContextHandle_dealloc(self)

    def close(self) -> None:
        """Destroy the green context now; a second call does nothing.

        Only for the owner's last user: every stream created on the green
        context must be closed first.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the green context.
        """
        cdef cydriver.CUgreenCtx c_handle = self._handle
        if c_handle == NULL:
            return
        self._handle = NULL
        self._ctx = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuGreenCtxDestroy(c_handle))


@dataclasses.dataclass
class ContextOptions:
    """Choose what :meth:`Device.create_context` creates.

    Parameters
    ----------
    resources : DeviceResourcesType
        The resources of the new green context: :class:`SMResource` groups
        (from one :meth:`SMResource.split`) and at most one
        :class:`WorkqueueResource`.
    """

    resources: DeviceResourcesType


cdef Context Context_from_handle(cydriver.CUcontext handle, int device_id):
    """Return a new view of the driver context ``handle`` of device ``device_id``."""
    cdef Context ctx = Context.__new__(Context)
    ctx._handle = handle
    ctx._device_id = device_id
    return ctx


cdef Context Context_from_green(_GreenContextHandle green, int device_id):
    """Return a new green :class:`Context` that shares the ownership of ``green``."""
    cdef Context ctx = Context_from_handle(green._ctx, device_id)
    ctx._green = green
    return ctx


cdef Context Context_create_green(int device_id, object options):
    """Create a green context of device ``device_id`` from ``options`` (a :class:`ContextOptions`)."""
    if options is None:
        raise ValueError("options with device resources must be provided to create a green context")
    opts = check_or_create_options(ContextOptions, options, "Context options")
    resources = opts.resources
    if resources is None:
        raise ValueError("ContextOptions.resources must be provided to create a green context")
    if isinstance(resources, (SMResource, WorkqueueResource)):
        resources = [resources]
    if not isinstance(resources, Sequence) or isinstance(resources, (str, bytes)):
        raise TypeError(
            "ContextOptions.resources must be a sequence of SMResource and WorkqueueResource, "
            f"got {type(resources).__name__}"
        )
    if len(resources) == 0:
        raise ValueError("ContextOptions.resources must not be empty")
    cdef int n_workqueues = 0
    for resource in resources:
        if isinstance(resource, SMResource):
            if not (<SMResource>resource)._is_usable:
                raise ValueError("dry-run SMResource objects cannot be used to create a context")
        elif isinstance(resource, WorkqueueResource):
            n_workqueues += 1
        else:
            raise TypeError(f"Unsupported context resource type: {type(resource)}")
    if n_workqueues > 1:
        raise ValueError("ContextOptions.resources may hold at most one WorkqueueResource")
    DeviceResources_check_green_support()
    cdef unsigned int c_count = len(resources)
    cdef cydriver.CUdevResource* c_resources = <cydriver.CUdevResource*>malloc(
        c_count * sizeof(cydriver.CUdevResource)
    )
    if c_resources == NULL:
        raise MemoryError()
    cdef cydriver.CUdevResourceDesc c_desc = NULL
    cdef cydriver.CUdevice c_device = device_id
    cdef _GreenContextHandle green = _GreenContextHandle.__new__(_GreenContextHandle)
    try:
        for i, resource in enumerate(resources):
            if isinstance(resource, SMResource):
                c_resources[i] = (<SMResource>resource)._resource
            else:
                c_resources[i] = (<WorkqueueResource>resource)._config
        with nogil:
            HANDLE_RETURN(cydriver.cuDevResourceGenerateDesc(&c_desc, c_resources, c_count))
            HANDLE_RETURN(
                cydriver.cuGreenCtxCreate(
                    &green._handle,
                    c_desc,
                    c_device,
                    cydriver.CUgreenCtxCreate_flags.CU_GREEN_CTX_DEFAULT_STREAM,
                )
            )
            HANDLE_RETURN(cydriver.cuCtxFromGreenCtx(&green._ctx, green._handle))
    finally:
        free(c_resources)
    return Context_from_green(green, device_id)


cdef int Context_check_open(Context self) except -1:
    """Raise :class:`RuntimeError` if the context has been closed."""
    if self._handle == NULL:
        raise RuntimeError("Context has been closed")
    return 0


cdef void GreenContextHandle_dealloc(_GreenContextHandle self) noexcept:
    """Destroy the green context; report a failure as a warning.

    ``CUDA_ERROR_DEINITIALIZED`` is not reported: at interpreter exit the
    driver has shut down and released everything.
    """
    cdef cydriver.CUgreenCtx c_handle = self._handle
    cdef cydriver.CUresult err
    if c_handle == NULL:
        return
    self._handle = NULL
    self._ctx = NULL
    with nogil:
        err = cydriver.cuGreenCtxDestroy(c_handle)
    if (
        err != cydriver.CUresult.CUDA_SUCCESS
        and err != cydriver.CUresult.CUDA_ERROR_DEINITIALIZED
    ):
        address = <uintptr_t>c_handle
        # stacklevel=1 names the Python line that dropped the last reference:
        # compiled Cython functions push no frames of their own.
        warnings.warn(
            f"could not destroy green context {address:#x} while collecting it: "
            f"{driver.CUresult(err).name}",
            RuntimeWarning,
            stacklevel=1,
        )


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
