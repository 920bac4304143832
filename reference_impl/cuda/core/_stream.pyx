# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA streams: queues of device work that run in order.

A :class:`Stream` either owns its driver stream (made by
:meth:`Device.create_stream`; :meth:`Stream.close` destroys it, or, while
buffers still free their memory on it, leaves that to the last of them) or borrows
one (wrapped from a handle or from an object with a ``__cuda_stream__``
method; the stream keeps that object alive and never destroys the handle).
The two default streams, :data:`LEGACY_DEFAULT_STREAM` and
:data:`PER_THREAD_DEFAULT_STREAM`, are borrowed: they stand for the default
stream of whichever context is current when they are used.
"""

from __future__ import annotations

from cpython.ref cimport Py_REFCNT
from libc.stdint cimport UINTPTR_MAX, uintptr_t
from libc.stdlib cimport getenv, strtol
from cuda.bindings cimport cydriver

from cuda.core._context cimport (
    Context,
    Context_check_open,
    Context_from_green,
    Context_from_handle,
    Context_pop_if_pushed,
    Context_push_if_not_current,
    _GreenContextHandle,
)
from cuda.core._device_resources cimport DeviceResources_create
from cuda.core._event cimport Event, Event_check_open, Event_create
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_or_create_options,
    warn_destroy_failure,
)

from cuda.bindings import driver
import dataclasses
import operator
import warnings

from cuda.core._device_resources import DeviceResources
from cuda.core._event import EventOptions

__all__ = ["LEGACY_DEFAULT_STREAM", "PER_THREAD_DEFAULT_STREAM", "Stream", "StreamOptions"]


cdef class Stream:
    """Represent a queue of device work that runs in the order it was queued.

    Work on different streams may run concurrently; events order it across
    streams (:meth:`record`, :meth:`wait`). A stream cannot be constructed
    directly: :meth:`Device.create_stream` makes a new one, and
    :meth:`Stream.from_handle` wraps one made elsewhere.

    Notes
    -----
    A stream made by :meth:`Device.create_stream` owns its driver stream:
    :meth:`close` destroys it, and so does garbage collection if it was never
    closed (a failure then is reported as a :class:`RuntimeWarning`, never
    raised). A buffer allocated on the stream, or told to free on it
    (:meth:`Buffer.set_deallocation_stream`), shares the driver stream: if
    the stream is closed first, the driver stream lives on until that buffer
    has queued its free on it, and is destroyed then. A stream wrapped from
    another :class:`Stream` shares its driver stream in the same way. A
    stream wrapped from a handle or another object borrows its handle and
    never destroys it; if it was wrapped from an object, it keeps that
    object alive until closed.

    A stream can be used from several threads, and its methods release the
    GIL while the driver works. Closing it while another thread still uses
    it is a race that the caller must prevent.

    Examples
    --------
    >>> stream = device.create_stream()
    >>> event = stream.record()
    >>> other = device.create_stream()
    >>> other.wait(event)  # other's later work starts after stream's earlier work
    >>> stream.close()
    """

    def __cinit__(self):
        self._handle = NULL
        self._device_id = -1

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Device.create_stream`."""
        raise RuntimeError(
            "Stream objects cannot be instantiated directly. Please use Device APIs "
            "(create_stream) or other Stream APIs (from_handle)."
        )

    def __cuda_stream__(self) -> tuple[int, int]:
        """Return the stream in the ``__cuda_stream__`` protocol's form.

        Returns
        -------
        tuple of (int, int)
            The protocol version, ``0``, and the address of the driver stream.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        """
        Stream_check_open(self)
        return (0, <uintptr_t>self._handle)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stream):
            return NotImplemented
        cdef Stream c_other = <Stream>other
        if self._closed or c_other._closed:
            return self is c_other
        return self._handle == c_other._handle

    def __hash__(self) -> int:
        return hash(<uintptr_t>self._handle)

    def __repr__(self) -> str:
        if self._closed:
            return "<Stream (closed)>"
        address = <uintptr_t>self._handle
        return f"<Stream handle={address:#x}>"

    def close(self) -> None:
        """Destroy the stream if it owns its driver stream, and stop using it.

        A borrowed stream only releases the object it was wrapped from.
        Closing an already closed stream does nothing. Work already queued
        on the stream still completes.

        Do not close :data:`LEGACY_DEFAULT_STREAM` or
        :data:`PER_THREAD_DEFAULT_STREAM`: they are shared by the whole
        process, and closing one makes it unusable everywhere.

        A buffer that still frees its memory on the stream keeps the driver
        stream alive: it is destroyed once the last such buffer has queued
        its free, and the stream counts as closed at once.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the stream. The stream counts as
            closed even then.
        """
        cdef _StreamHandle owned = self._owned
        if self._closed:
            return
        self._closed = True
        self._handle = NULL
        self._owned = None
        self._owner = None
        # Only this local holds it now: no buffer frees on the stream, so destroy it here,
        # where a failure can be raised. Otherwise the last buffer's reference destroys it.
        if owned is not None and Py_REFCNT(owned) == 1:
            StreamHandle_destroy(owned)

    def create_graph_builder(self) -> GraphBuilder:
        """Create a graph builder that records the work queued on this stream.

        Returns
        -------
        GraphBuilder
            A new builder, not building yet: call its
            :meth:`~cuda.core.graph.GraphBuilder.begin_building`.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        """
        # Imported here: cuda.core.graph._graph_builder cimports this module.
        from cuda.core.graph import GraphBuilder

        Stream_check_open(self)
        return GraphBuilder._init(self)

    @staticmethod
    def from_handle(handle: int) -> Stream:
        """Wrap a driver stream made elsewhere.

        Parameters
        ----------
        handle : int
            The address of the driver stream (a ``CUstream`` or
            ``cudaStream_t``).

        Returns
        -------
        Stream
            A stream that borrows ``handle``: closing it or collecting it
            never destroys the driver stream, which must outlive it.

        Raises
        ------
        TypeError
            If ``handle`` is not an int.
        ValueError
            If ``handle`` is not a valid address.
        """
        return Stream_wrap(
            <cydriver.CUstream>Stream_address(handle, "a stream handle"), None, False, -1
        )

    def record(self, event: Event | None = None, options: EventOptions | None = None) -> Event:
        """Record an event at the end of the work queued so far.

        Parameters
        ----------
        event : Event, optional
            The event to record. By default a new event is created, in the
            stream's context (for a stream of a green context, the green
            context, which the event then reports as its
            :attr:`~Event.context`).
        options : EventOptions or dict, optional
            Options of the new event; only when ``event`` is not given. An
            IPC-enabled event (``ipc_enabled=True``) can only be created
            here, and is recorded only this once.

        Returns
        -------
        Event
            The recorded event: ``event``, or the new one.

        Raises
        ------
        TypeError
            If ``event`` is not an :class:`Event`, or ``options`` is not
            :class:`EventOptions`, a dict or ``None``; if ``options`` asks
            for an IPC-enabled event with timing (``IPC-enabled events
            cannot use timing.``); or if ``event`` is IPC-enabled, which is
            recorded once, when it is created (``IPC-enabled events should
            not be re-recorded, instead create a new event by supplying
            options.``).
        ValueError
            If both ``event`` and ``options`` are given.
        RuntimeError
            If the stream or the event is closed.
        CUDAError
            If the driver reports an error, for example when the event
            belongs to another context.
        """
        cdef Event c_event
        Stream_check_open(self)
        if event is None:
            green = self._owner if isinstance(self._owner, _GreenContextHandle) else None
            c_event = Event_create(
                Stream_device_id(self), Stream_context_handle(self), options, green, True
            )
        elif options is not None:
            raise ValueError("pass either an event to record or options for a new one, not both")
        elif isinstance(event, Event):
            c_event = event
            Event_check_open(c_event)
            if c_event._ipc_enabled:
                raise TypeError(
                    "IPC-enabled events should not be re-recorded, instead create a new event "
                    "by supplying options."
                )
        else:
            raise TypeError(f"event must be an Event, got {type(event).__name__}")
        cdef cydriver.CUevent c_event_handle = c_event._handle
        cdef cydriver.CUstream c_handle = self._handle
        with nogil:
            HANDLE_RETURN(cydriver.cuEventRecord(c_event_handle, c_handle))
        return c_event

    def sync(self) -> None:
        """Block the calling thread until all work queued on the stream has completed.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If the driver reports an error, including one from the awaited work.
        """
        Stream_check_open(self)
        cdef cydriver.CUstream c_handle = self._handle
        with nogil:
            HANDLE_RETURN(cydriver.cuStreamSynchronize(c_handle))

    def wait(self, event_or_stream: Event | Stream) -> None:
        """Make work queued on this stream from now on wait for an event or another stream.

        The calling thread does not wait. Waiting for a stream waits for the
        work queued on it so far, through a temporary event.

        Parameters
        ----------
        event_or_stream : Event or Stream
            What to wait for. An object with a ``__cuda_stream__`` method
            counts as a stream.

        Raises
        ------
        TypeError
            If ``event_or_stream`` is neither an event nor a stream.
        RuntimeError
            If this stream, or the event or stream to wait for, is closed.
        CUDAError
            If the driver reports an error.
        """
        cdef Event c_event
        cdef Stream c_other
        cdef cydriver.CUevent c_event_handle = NULL
        cdef cydriver.CUstream c_other_handle = NULL
        cdef cydriver.CUstream c_handle = NULL
        cdef unsigned int c_wait_flags = cydriver.CUevent_wait_flags.CU_EVENT_WAIT_DEFAULT
        Stream_check_open(self)
        c_handle = self._handle
        if isinstance(event_or_stream, Event):
            c_event = <Event>event_or_stream
            Event_check_open(c_event)
            c_event_handle = c_event._handle
            with nogil:
                HANDLE_RETURN(cydriver.cuStreamWaitEvent(c_handle, c_event_handle, c_wait_flags))
            return
        if isinstance(event_or_stream, Stream):
            c_other = <Stream>event_or_stream
        elif hasattr(event_or_stream, "__cuda_stream__"):
            c_other = Stream_from_protocol(event_or_stream)
        else:
            raise TypeError(
                "event_or_stream must be an Event, a Stream "
                "or an object with a __cuda_stream__ method, "
                f"got {type(event_or_stream).__name__}"
            )
        Stream_check_open(c_other)
        c_other_handle = c_other._handle
        with nogil:
            HANDLE_RETURN(
                cydriver.cuEventCreate(
                    &c_event_handle, cydriver.CUevent_flags.CU_EVENT_DISABLE_TIMING
                )
            )
            try:
                HANDLE_RETURN(cydriver.cuEventRecord(c_event_handle, c_other_handle))
                HANDLE_RETURN(cydriver.cuStreamWaitEvent(c_handle, c_event_handle, c_wait_flags))
            finally:
                # Destroying the event at once is allowed: the driver frees it
                # once the wait no longer needs it.
                HANDLE_RETURN(cydriver.cuEventDestroy(c_event_handle))

    @property
    def context(self) -> Context:
        """Return the :class:`Context` the stream belongs to.

        For a default stream, this is the calling thread's current context;
        for a stream created by :meth:`Context.create_stream`, the green
        context.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If the driver reports an error, such as no current context for
            a default stream.
        """
        Stream_check_open(self)
        if isinstance(self._owner, _GreenContextHandle):
            return Context_from_green(<_GreenContextHandle>self._owner, self._device_id)
        return Context_from_handle(Stream_context_handle(self), Stream_device_id(self))

    @property
    def resources(self) -> DeviceResources:
        """Return the hardware resources of the stream's context.

        For a stream of a green context, the resources the context was
        created with; otherwise the whole device's. A default stream
        follows the calling thread's current context, asked at each call.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If the driver cannot describe the resources, or a default
            stream finds no current context.
        """
        Stream_check_open(self)
        owner = self._owner if isinstance(self._owner, _GreenContextHandle) else None
        return DeviceResources_create(
            Stream_device_id(self), Stream_context_handle(self), owner
        )

    @property
    def device(self) -> Device:
        """Return the :class:`Device` the stream's work runs on.

        For a default stream, this is the device of the calling thread's
        current context.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If a default stream finds no current context, or the driver
            reports another error.
        """
        # Imported here: cuda.core._device imports this module.
        from cuda.core._device import Device

        Stream_check_open(self)
        return Device(Stream_device_id(self))

    @property
    def handle(self) -> driver.CUstream:
        """Return the driver's ``CUstream`` handle.

        ``int(stream.handle)`` is the address of the C handle. The stream
        keeps ownership of it.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        """
        Stream_check_open(self)
        return driver.CUstream(<uintptr_t>self._handle)

    @property
    def is_closed(self) -> bool:
        """Return whether the stream has been closed."""
        return self._closed

    @property
    def is_nonblocking(self) -> bool:
        """Return whether the stream runs independently of the legacy default stream.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If the driver cannot read the stream's flags.
        """
        Stream_check_open(self)
        cdef cydriver.CUstream c_handle = self._handle
        cdef unsigned int c_flags = 0
        with nogil:
            HANDLE_RETURN(cydriver.cuStreamGetFlags(c_handle, &c_flags))
        return (c_flags & cydriver.CUstream_flags.CU_STREAM_NON_BLOCKING) != 0

    @property
    def priority(self) -> int:
        """Return the stream's priority; a lower number is a higher priority.

        Raises
        ------
        RuntimeError
            If the stream is closed.
        CUDAError
            If the driver reports an error.
        """
        Stream_check_open(self)
        cdef cydriver.CUstream c_handle = self._handle
        cdef int c_priority = 0
        with nogil:
            HANDLE_RETURN(cydriver.cuStreamGetPriority(c_handle, &c_priority))
        return c_priority


cdef class _StreamHandle:
    """Own a driver stream, and destroy it when the last of its holders lets go.

    Not part of the public API: a :class:`Stream` made by
    :meth:`Device.create_stream` holds one, and so does every buffer that
    frees its memory on that stream. Closing the stream while such a buffer
    lives leaves the buffer a driver stream to queue its free on, in order
    after the stream's work.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("_StreamHandle objects are made by Device.create_stream")

    def __dealloc__(self) -> None:
        StreamHandle_dealloc(self)

    def close(self) -> None:
        """Destroy the driver stream now; a second call does nothing.

        Only for its last holder: no buffer may still free its memory on it.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the stream.
        """
        StreamHandle_destroy(self)


@dataclasses.dataclass
class StreamOptions:
    """Choose how a new :class:`Stream` behaves.

    Parameters
    ----------
    nonblocking : bool, optional
        Let the stream's work run independently of the legacy default
        stream, instead of waiting for it and making it wait. Default:
        ``True``.
    priority : int or None, optional
        The stream's priority; a lower number is a higher priority. The
        device's range is checked when the stream is created. Default:
        ``None``, the lowest priority.

    Raises
    ------
    TypeError
        If ``priority`` is neither an int nor ``None``.
    """

    nonblocking: bool = True
    priority: int | None = None

    def __post_init__(self) -> None:
        StreamOptions_check_priority(self.priority)


LEGACY_DEFAULT_STREAM = Stream_wrap(
    <cydriver.CUstream><uintptr_t>cydriver.CU_STREAM_LEGACY, None, False, -1
)
"""The legacy default stream, which synchronizes with every blocking stream of its context."""

PER_THREAD_DEFAULT_STREAM = Stream_wrap(
    <cydriver.CUstream><uintptr_t>cydriver.CU_STREAM_PER_THREAD, None, False, -1
)
"""The calling thread's own default stream, synchronized only with the legacy default stream."""


cdef Stream Stream_accept_any(object arg, bint allow_stream_protocol):
    """Return ``arg`` as an open :class:`Stream`: ``Stream_accept``'s body for all but an open Stream.

    A :class:`~cuda.core.graph.GraphBuilder` stands for its stream. With
    ``allow_stream_protocol``, an object with a ``__cuda_stream__`` method
    is wrapped too, with a deprecation warning. The messages of the
    :class:`TypeError` are upstream's, which its users match on.
    """
    cdef Stream stream
    if arg is None:
        raise TypeError(
            "stream is required and must not be None; pass device.default_stream "
            "explicitly to use the default stream."
        )
    if isinstance(arg, Stream):
        stream = <Stream>arg
    elif Stream_is_graph_builder(arg):
        stream = arg.stream
        if stream is None:
            raise RuntimeError("GraphBuilder has been closed")
    elif allow_stream_protocol and hasattr(arg, "__cuda_stream__"):
        stream = Stream_from_protocol(arg)
        # stacklevel=1 names the caller's line: compiled Cython functions push
        # no Python frames of their own.
        warnings.warn(
            "passing an object with __cuda_stream__ where a Stream is expected is deprecated; "
            "convert it with Device.create_stream(obj) first",
            DeprecationWarning,
            stacklevel=1,
        )
    else:
        raise TypeError(f"Stream or GraphBuilder expected, got {type(arg).__name__}")
    Stream_check_open(stream)
    return stream


def _green_stream_create(Context context, object options) -> Stream:
    """Create a new owned stream on the green context ``context`` (for :meth:`Context.create_stream`).

    The driver requires the streams of a green context to be non-blocking.
    """
    Context_check_open(context)
    opts = check_or_create_options(StreamOptions, options, "Stream options")
    if not opts.nonblocking:
        raise ValueError(
            "Green context streams must be non-blocking. Use StreamOptions(nonblocking=True) "
            "or omit the option (True is the default)."
        )
    cdef _GreenContextHandle green = context._green
    cdef int c_priority = Stream_check_priority(context._device_id, context._handle, opts.priority)
    cdef cydriver.CUstream c_handle = NULL
    cdef cydriver.CUgreenCtx c_green = green._handle
    with nogil:
        HANDLE_RETURN(
            cydriver.cuGreenCtxStreamCreate(
                &c_handle, c_green, cydriver.CUstream_flags.CU_STREAM_NON_BLOCKING, c_priority
            )
        )
    return Stream_wrap(c_handle, green, True, context._device_id)


cdef int Stream_check_priority(int device_id, cydriver.CUcontext ctx, object priority) except? -1:
    """Return ``priority`` checked against the range of context ``ctx``; ``None`` is the lowest."""
    StreamOptions_check_priority(priority)
    cdef int c_least = 0
    cdef int c_greatest = 0
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuCtxGetStreamPriorityRange(&c_least, &c_greatest))
        finally:
            Context_pop_if_pushed(pushed)
    if priority is None:
        return c_least
    if not c_greatest <= priority <= c_least:
        raise ValueError(
            f"stream priority {priority} is out of range: device {device_id} accepts "
            f"{c_greatest} (highest) to {c_least} (lowest)"
        )
    return priority


cdef bint Stream_is_graph_builder(object arg) except -1:
    """Return whether ``arg`` is a :class:`~cuda.core.graph.GraphBuilder`, which stands for its stream."""
    # Imported here: cuda.core.graph._graph_builder cimports this module.
    from cuda.core.graph import GraphBuilder

    return isinstance(arg, GraphBuilder)


cdef Stream Stream_create(int device_id, cydriver.CUcontext ctx, object options, object green):
    """Create a new owned stream in context ``ctx`` of device ``device_id``.

    ``green`` is the :class:`_GreenContextHandle` when ``ctx`` is a green
    context's (``None`` otherwise): the stream holds it, so that the green
    context outlives the stream, as it does a stream of
    :meth:`Context.create_stream`.
    """
    opts = check_or_create_options(StreamOptions, options, "Stream options")
    cdef unsigned int c_flags = cydriver.CUstream_flags.CU_STREAM_DEFAULT
    if opts.nonblocking:
        c_flags = cydriver.CUstream_flags.CU_STREAM_NON_BLOCKING
    cdef int c_priority = Stream_check_priority(device_id, ctx, opts.priority)
    cdef bint pushed = False
    cdef cydriver.CUstream c_handle = NULL
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuStreamCreateWithPriority(&c_handle, c_flags, c_priority))
        finally:
            Context_pop_if_pushed(pushed)
    return Stream_wrap(c_handle, green, True, device_id)


cdef Stream Stream_from_protocol(object obj):
    """Wrap the driver stream of ``obj``, a :class:`Stream` or an object with ``__cuda_stream__``.

    The new stream borrows the handle and keeps ``obj`` alive. A wrapper of a
    :class:`Stream` that owns its driver stream shares it, as a buffer does:
    closing the original leaves the driver stream to the wrapper, and the last
    of them destroys it.
    """
    cdef Stream other
    cdef Stream wrapper
    if isinstance(obj, Stream):
        other = <Stream>obj
        Stream_check_open(other)
        wrapper = Stream_wrap(other._handle, obj, False, other._device_id)
        wrapper._owned = other._owned
        return wrapper
    try:
        protocol = obj.__cuda_stream__
    except AttributeError:
        raise TypeError(
            f"{type(obj).__name__} object does not implement the __cuda_stream__ protocol"
        ) from None
    if callable(protocol):
        info = protocol()
    else:
        info = protocol
        warnings.warn(
            "__cuda_stream__ as an attribute is deprecated; implement it as a method",
            DeprecationWarning,
            stacklevel=1,
        )
    try:
        version, address = info
    except (TypeError, ValueError):
        raise TypeError(
            f"__cuda_stream__ must return a pair (version, address), got {info!r}"
        ) from None
    if version != 0:
        raise ValueError(
            f"unsupported __cuda_stream__ protocol version {version!r}; only version 0 is known"
        )
    return Stream_wrap(
        <cydriver.CUstream>Stream_address(address, "the address __cuda_stream__ gives"),
        obj,
        False,
        -1,
    )


cdef Stream default_stream():
    """Return the default stream: the per-thread one if the environment asks for it.

    The environment asks for it when ``CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM``
    is a non-zero number; otherwise the stream is the legacy default stream.
    """
    cdef const char* c_value = getenv("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM")
    if c_value != NULL and strtol(c_value, NULL, 10) != 0:
        return <Stream>PER_THREAD_DEFAULT_STREAM
    return <Stream>LEGACY_DEFAULT_STREAM


cdef uintptr_t Stream_address(object value, str what) except? 0:
    """Return ``value`` as a stream address; ``what`` names it in errors."""
    cdef uintptr_t c_max = UINTPTR_MAX
    try:
        address = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, got {type(value).__name__}: {value!r}") from None
    if not 0 <= address <= c_max:
        raise ValueError(f"{what} must be an address in [0, {c_max:#x}], got {address}")
    return address


cdef int Stream_check_open(Stream self) except -1:
    """Raise :class:`RuntimeError` if the stream has been closed."""
    if self._closed:
        raise RuntimeError("Stream has been closed")
    return 0


cdef cydriver.CUcontext Stream_context_handle(Stream self) except NULL:
    """Return the driver context the stream belongs to (the current one, for a default stream)."""
    cdef cydriver.CUcontext c_ctx = NULL
    cdef cydriver.CUstream c_handle = self._handle
    with nogil:
        HANDLE_RETURN(cydriver.cuStreamGetCtx(c_handle, &c_ctx))
    return c_ctx


cdef int Stream_device_id(Stream self) except -1:
    """Return the ordinal of the stream's device, asking the driver the first time."""
    cdef cydriver.CUcontext c_ctx
    cdef cydriver.CUdevice c_device = 0
    cdef bint pushed = False
    if self._device_id >= 0:
        return self._device_id
    c_ctx = Stream_context_handle(self)
    with nogil:
        Context_push_if_not_current(c_ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
        finally:
            Context_pop_if_pushed(pushed)
    if not Stream_is_default(self):
        # A default stream follows the current context, so its device may change.
        self._device_id = c_device
    return c_device


cdef bint Stream_is_default(Stream self) noexcept:
    """Return whether the stream is a default stream, which follows the current context."""
    cdef uintptr_t address = <uintptr_t>self._handle
    return (
        address == 0
        or address == <uintptr_t>cydriver.CU_STREAM_LEGACY
        or address == <uintptr_t>cydriver.CU_STREAM_PER_THREAD
    )


cdef int StreamHandle_destroy(_StreamHandle self) except -1:
    """Destroy the driver stream now; the green context it was created on, if any, is let go after."""
    cdef cydriver.CUstream c_handle = self._handle
    # Held until the stream is destroyed: a green context must outlive it.
    owner = self._owner
    if c_handle == NULL:
        return 0
    self._handle = NULL
    self._owner = None
    with nogil:
        HANDLE_RETURN(cydriver.cuStreamDestroy(c_handle))
    return 0


cdef void StreamHandle_dealloc(_StreamHandle self) noexcept:
    """Destroy a driver stream that its last holder let go of; report a failure as a warning.

    :func:`warn_destroy_failure` reports it, but for the two statuses that
    leave nothing to destroy: the stream's context is gone, or the driver
    has shut down.
    """
    cdef cydriver.CUstream c_handle = self._handle
    cdef cydriver.CUresult err
    if c_handle == NULL:
        return
    self._handle = NULL
    with nogil:
        err = cydriver.cuStreamDestroy(c_handle)
    warn_destroy_failure(err, "stream", <uintptr_t>c_handle)


cdef _StreamHandle Stream_owned(object stream):
    """Return the driver stream that ``stream`` owns, for a buffer that frees on it; ``None`` if it borrows one."""
    if isinstance(stream, Stream):
        return (<Stream>stream)._owned
    return None


cdef Stream Stream_share(_StreamHandle owned, int device_id):
    """Return a new open :class:`Stream` on a driver stream that buffers keep alive after its stream closed."""
    cdef Stream stream = Stream.__new__(Stream)
    stream._handle = owned._handle
    stream._owner = owned._owner
    stream._owned = owned
    stream._device_id = device_id
    return stream


cdef Stream Stream_wrap(cydriver.CUstream handle, object owner, bint owns_handle, int device_id):
    """Return a new :class:`Stream` object for ``handle``, which it destroys if it ``owns_handle``."""
    cdef Stream stream = Stream.__new__(Stream)
    cdef _StreamHandle owned
    stream._handle = handle
    stream._owner = owner
    stream._device_id = device_id
    if owns_handle:
        owned = _StreamHandle.__new__(_StreamHandle)
        owned._handle = handle
        owned._owner = owner
        stream._owned = owned
    return stream


cdef int StreamOptions_check_priority(object priority) except -1:
    """Raise :class:`TypeError` unless ``priority`` is an int or ``None``."""
    if priority is not None and (isinstance(priority, bool) or not isinstance(priority, int)):
        raise TypeError(
            "StreamOptions.priority must be an int or None, "
            f"got {type(priority).__name__}: {priority!r}"
        )
    return 0
