# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA events: markers recorded in streams, for ordering, polling and timing.

An :class:`Event` owns its driver event: :meth:`Event.close` destroys it,
and so does garbage collection if the event was never closed.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._context cimport (
    Context_from_green,
    Context_from_handle,
    Context_pop_if_pushed,
    Context_push_if_not_current,
    _GreenContextHandle,
)
from cuda.core._utils.cuda_utils cimport (
    HANDLE_RETURN,
    check_argument_type,
    check_exact_argument_type,
    check_or_create_options,
    check_start_method,
    copy_bytes_argument,
    warn_destroy_failure,
)

from cuda.bindings import driver
import dataclasses
import multiprocessing.reduction

from cuda.core._context import Context

__all__ = ["Event", "EventOptions", "IPCEventDescriptor"]


cdef class Event:
    """Represent a point in a stream's work that the host and other streams can wait for.

    An event is created by :meth:`Device.create_event` (not yet recorded) or
    by :meth:`Stream.record` (recorded at once); it cannot be constructed
    directly. Recording it again moves the point to the end of the work
    queued so far on the recording stream.

    Subtracting two events created with ``timing_enabled=True`` gives the
    time between them, in milliseconds, as the device measured it.

    Notes
    -----
    The event owns its driver event. :meth:`close` destroys it; an event
    that is garbage-collected unclosed is destroyed then, and a failure to
    do so is reported as a :class:`RuntimeWarning`, never raised.

    An event can be recorded, polled and waited for from several threads.
    Closing it while another thread still uses it is a race that the caller
    must prevent.

    Examples
    --------
    >>> stream = device.create_stream()
    >>> start = stream.record(options=EventOptions(timing_enabled=True))
    >>> # ... queue work on stream ...
    >>> end = stream.record(options=EventOptions(timing_enabled=True))
    >>> end.sync()
    >>> milliseconds = end - start
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Stream.record`."""
        raise RuntimeError(
            "Event objects cannot be instantiated directly. Please use Stream APIs (record)."
        )

    def __dealloc__(self):
        Event_dealloc(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        cdef Event c_other = <Event>other
        if self._handle == NULL or c_other._handle == NULL:
            return self is c_other
        return self._handle == c_other._handle

    def __hash__(self) -> int:
        return hash(<uintptr_t>self._handle)

    def __repr__(self) -> str:
        if self._handle == NULL:
            return "<Event (closed)>"
        address = <uintptr_t>self._handle
        return f"<Event handle={address:#x}>"

    def __isub__(self, other: object) -> object:
        return NotImplemented

    def __rsub__(self, other: object) -> object:
        return NotImplemented

    def __sub__(self, other: Event) -> float:
        """Return the time from ``other`` to this event, in milliseconds, as the device measured it.

        Parameters
        ----------
        other : Event
            The earlier event.

        Returns
        -------
        float
            The elapsed time.

        Raises
        ------
        RuntimeError
            If either event lacks timing, was never recorded, or has not
            completed: the driver reports the last two as
            ``CUDA_ERROR_INVALID_HANDLE`` and ``CUDA_ERROR_NOT_READY``, which
            here mean a call made too early rather than a failure of CUDA,
            and the message says what to do first.
        CUDAError
            If the driver fails otherwise.
        TypeError
            If ``other`` is not an :class:`Event` (``None`` included), in
            Cython's words: ``Argument 'other' has incorrect type (expected
            cuda.core._event.Event, got int)``.
        """
        check_argument_type(other, Event, "other")
        cdef Event start = other
        cdef float c_milliseconds = 0
        cdef cydriver.CUresult err
        Event_check_open(self)
        Event_check_open(start)
        if not (self._timing_enabled and start._timing_enabled):
            raise RuntimeError(
                "Both Events must be created with timing enabled in order to subtract them; "
                "use EventOptions(timing_enabled=True) when creating both events."
            )
        cdef cydriver.CUevent c_start = start._handle
        cdef cydriver.CUevent c_end = self._handle
        with nogil:
            err = cydriver.cuEventElapsedTime(&c_milliseconds, c_start, c_end)
        if err == cydriver.CUresult.CUDA_ERROR_INVALID_HANDLE:
            raise RuntimeError(
                "Both Events must be recorded before they can be subtracted; "
                "use Stream.record() to record both events to a stream."
            )
        if err == cydriver.CUresult.CUDA_ERROR_NOT_READY:
            raise RuntimeError(
                "One or both events have not completed; use Event.sync(), Stream.sync(), "
                "or Device.sync() to wait for the events to complete before subtracting them."
            )
        HANDLE_RETURN(err)
        return c_milliseconds

    def close(self) -> None:
        """Destroy the event.

        Closing an already closed event does nothing. Work that waits for
        the event when it is closed still waits: the driver releases the
        event once that work no longer needs it.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the event. The event counts as
            closed even then.
        """
        cdef cydriver.CUevent c_handle = self._handle
        if c_handle == NULL:
            return
        self._handle = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuEventDestroy(c_handle))

    @classmethod
    def from_ipc_descriptor(cls, ipc_descriptor: IPCEventDescriptor) -> Event:
        """Open, in the current context, an event that another process shared.

        The event belongs to the device of the context current on the
        calling thread. It has no timing, as every shared event, and it
        can be waited for and polled like any other; it cannot be recorded
        again (see :meth:`Stream.record`).

        Parameters
        ----------
        ipc_descriptor : IPCEventDescriptor
            The descriptor the exporting process obtained from
            :attr:`Event.ipc_descriptor`.

        Returns
        -------
        Event
            The imported event.

        Raises
        ------
        TypeError
            If ``ipc_descriptor`` is not an :class:`IPCEventDescriptor`, in
            Cython's words: ``Argument 'ipc_descriptor' has incorrect type
            (expected cuda.core._event.IPCEventDescriptor, got int)``.
        ValueError
            If the descriptor's handle bytes (its reserved field) are fewer
            than the driver's 64: ``IPC event descriptor reserved field is 8
            bytes; expected at least 64``. Bytes beyond the 64 are ignored.
        CUDAError
            If no context is current, or the driver cannot open the event.
        """
        check_argument_type(ipc_descriptor, IPCEventDescriptor, "ipc_descriptor")
        cdef IPCEventDescriptor descriptor = <IPCEventDescriptor>ipc_descriptor
        cdef cydriver.CUipcEventHandle c_data
        copy_bytes_argument(
            descriptor._reserved,
            c_data.reserved,
            sizeof(c_data.reserved),
            "IPC event descriptor reserved field",
        )
        cdef cydriver.CUevent c_handle = NULL
        cdef cydriver.CUcontext c_ctx = NULL
        cdef cydriver.CUdevice c_device = 0
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_ctx))
            HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
            HANDLE_RETURN(cydriver.cuIpcOpenEventHandle(&c_handle, c_data))
        cdef Event event = Event.__new__(Event)
        event._handle = c_handle
        event._ctx = c_ctx
        event._device_id = c_device
        event._timing_enabled = False
        event._blocking_sync = descriptor._blocking_sync
        event._ipc_enabled = True
        event._ipc_descriptor = descriptor
        return event

    def sync(self) -> None:
        """Block the calling thread until the work before the event's last record has completed.

        An event that was never recorded counts as complete. The thread
        yields while it waits if the event was created with
        ``blocking_sync=True``, and spins otherwise.

        Raises
        ------
        RuntimeError
            If the event is closed.
        CUDAError
            If the driver reports an error, including one from the awaited work.
        """
        Event_check_open(self)
        cdef cydriver.CUevent c_handle = self._handle
        with nogil:
            HANDLE_RETURN(cydriver.cuEventSynchronize(c_handle))

    @property
    def context(self) -> Context:
        """Return the :class:`Context` the event was created in.

        An event that :meth:`Stream.record` created on a stream of a green
        context reports that green context (``is_green`` is ``True``); the
        event keeps the green context alive. An event opened with
        :meth:`from_ipc_descriptor` reports the context that was current
        when it was opened, in which the driver opened it.

        Raises
        ------
        RuntimeError
            If the event is closed.
        """
        Event_check_open(self)
        if self._green is not None:
            return Context_from_green(<_GreenContextHandle>self._green, self._device_id)
        return Context_from_handle(self._ctx, self._device_id)

    @property
    def device(self) -> Device:
        """Return the :class:`Device` the event was created on (opened on, for an imported event).

        Raises
        ------
        RuntimeError
            If the event is closed.
        """
        # Imported here: cuda.core._device imports this module.
        from cuda.core._device import Device

        Event_check_open(self)
        return Device(self._device_id)

    @property
    def handle(self) -> driver.CUevent:
        """Return the driver's ``CUevent`` handle.

        ``int(event.handle)`` is the address of the C handle. The event
        keeps ownership of it.

        Raises
        ------
        RuntimeError
            If the event is closed.
        """
        Event_check_open(self)
        return driver.CUevent(<uintptr_t>self._handle)

    @property
    def ipc_descriptor(self) -> IPCEventDescriptor:
        """Return the descriptor that shares this event with other processes.

        Pickle it, or send it through :mod:`multiprocessing`, to a process
        that opens it with :meth:`from_ipc_descriptor`; pickling the event
        itself through :mod:`multiprocessing` does both. The descriptor is
        made when the event is created, so that pickling it later needs no
        current context: :mod:`multiprocessing` pickles in a thread of its
        own (the feeder thread of a ``Queue``).

        Raises
        ------
        RuntimeError
            If the event was not created with ``EventOptions(ipc_enabled=True)``,
            or is closed.
        CUDAError
            If the driver cannot export the event.
        """
        Event_check_open(self)
        if not self._ipc_enabled:
            raise RuntimeError("Event is not IPC-enabled")
        if self._ipc_descriptor is None:
            self._ipc_descriptor = Event_export(self)
        return self._ipc_descriptor

    @property
    def is_blocking_sync(self) -> bool:
        """Return whether :meth:`sync` yields the thread instead of spinning."""
        return self._blocking_sync

    @property
    def is_closed(self) -> bool:
        """Return whether the event has been closed."""
        return self._handle == NULL

    @property
    def is_done(self) -> bool:
        """Return whether the work before the event's last record has completed.

        This polls without waiting: ``False`` means the work is still
        running (the driver's ``CUDA_ERROR_NOT_READY``), not that anything
        failed. An event that was never recorded is done.

        Raises
        ------
        RuntimeError
            If the event is closed.
        CUDAError
            If the driver reports any other error, including one from the
            awaited work.
        """
        Event_check_open(self)
        cdef cydriver.CUevent c_handle = self._handle
        cdef cydriver.CUresult err
        with nogil:
            err = cydriver.cuEventQuery(c_handle)
        if err == cydriver.CUresult.CUDA_ERROR_NOT_READY:
            return False
        HANDLE_RETURN(err)
        return True

    @property
    def is_ipc_enabled(self) -> bool:
        """Return whether the event can be shared with other processes."""
        return self._ipc_enabled

    @property
    def is_timing_enabled(self) -> bool:
        """Return whether the event records the time, so that events can be subtracted."""
        return self._timing_enabled


@dataclasses.dataclass
class EventOptions:
    """Choose how an :class:`Event` behaves.

    Parameters
    ----------
    timing_enabled : bool or None, optional
        Record the time, so that events can be subtracted. Timing costs a
        little on every record. Default: ``False``.
    blocking_sync : bool or None, optional
        Make :meth:`Event.sync` yield the thread while it waits, instead of
        spinning. Default: ``False``.
    ipc_enabled : bool or None, optional
        Allow sharing the event with other processes
        (:attr:`Event.ipc_descriptor`). Such an event is created by
        :meth:`Stream.record`, recorded at once, and never recorded again;
        :meth:`Device.create_event` refuses the option. A shared event
        cannot record the time, so ``timing_enabled`` must stay ``False``.
        Both mistakes raise :class:`TypeError` when the event is created.
        Default: ``False``.

    Raises
    ------
    TypeError
        If an option is neither a bool nor ``None``.
    """

    timing_enabled: bool | None = False
    blocking_sync: bool | None = False
    ipc_enabled: bool | None = False

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None and not isinstance(value, bool):
                raise TypeError(
                    f"EventOptions.{field.name} must be a bool or None, "
                    f"got {type(value).__name__}: {value!r}"
                )


cdef class IPCEventDescriptor:
    """Describe an event shared between processes: what :meth:`Event.from_ipc_descriptor` opens.

    A descriptor comes from :attr:`Event.ipc_descriptor` and cannot be
    constructed directly. It pickles, so that it can be sent to another
    process; two descriptors are equal when they name the same event.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`Event.ipc_descriptor`."""
        raise RuntimeError(
            "IPCEventDescriptor objects cannot be instantiated directly. Please use Event APIs."
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IPCEventDescriptor):
            return NotImplemented
        return self._reserved == (<IPCEventDescriptor>other)._reserved

    def __reduce__(self) -> tuple:
        return IPCEventDescriptor._init, (self._reserved, self._blocking_sync)

    @staticmethod
    def _init(reserved: bytes, is_blocking_sync: bool) -> IPCEventDescriptor:
        """Return a descriptor of the driver's handle bytes (what unpickling calls).

        The length of ``reserved`` is checked when the event is opened
        (:meth:`Event.from_ipc_descriptor`), not here.

        Raises
        ------
        TypeError
            If ``reserved`` is not ``bytes``.
        """
        check_exact_argument_type(reserved, bytes, "reserved")
        cdef IPCEventDescriptor descriptor = IPCEventDescriptor.__new__(IPCEventDescriptor)
        descriptor._reserved = reserved
        descriptor._blocking_sync = bool(is_blocking_sync)
        return descriptor


cdef Event Event_create(
    int device_id, cydriver.CUcontext ctx, object options, object green=None, bint recorded=False
):
    """Create an unrecorded event in context ``ctx`` of device ``device_id``.

    ``green`` is the :class:`_GreenContextHandle` when ``ctx`` is a green
    context's, so that :attr:`Event.context` reports it. ``recorded`` says
    that :meth:`Stream.record` creates the event to record it at once: only
    then may it be IPC-enabled (upstream's rule: a shared event is recorded
    once, where it is created). An IPC-enabled event's descriptor is made
    here, in the creating thread, which has a context current.
    """
    opts = check_or_create_options(EventOptions, options, "Event options")
    if opts.ipc_enabled and not recorded:
        raise TypeError("IPC-enabled events must be bound; use Stream.record for creation.")
    if opts.ipc_enabled and opts.timing_enabled:
        raise TypeError("IPC-enabled events cannot use timing.")
    cdef unsigned int c_flags = cydriver.CUevent_flags.CU_EVENT_DEFAULT
    if opts.ipc_enabled:
        c_flags |= cydriver.CUevent_flags.CU_EVENT_INTERPROCESS
    if not opts.timing_enabled:
        c_flags |= cydriver.CUevent_flags.CU_EVENT_DISABLE_TIMING
    if opts.blocking_sync:
        c_flags |= cydriver.CUevent_flags.CU_EVENT_BLOCKING_SYNC
    cdef cydriver.CUevent c_handle = NULL
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuEventCreate(&c_handle, c_flags))
        finally:
            Context_pop_if_pushed(pushed)
    cdef Event event = Event.__new__(Event)
    event._handle = c_handle
    event._ctx = ctx
    event._device_id = device_id
    event._timing_enabled = bool(opts.timing_enabled)
    event._blocking_sync = bool(opts.blocking_sync)
    event._ipc_enabled = bool(opts.ipc_enabled)
    event._green = green
    if event._ipc_enabled:
        # Now, not when first pickled: multiprocessing pickles in a thread of its own,
        # which may have no context current. A failure here destroys the event with it.
        event._ipc_descriptor = Event_export(event)
    return event


cdef IPCEventDescriptor Event_export(Event self):
    """Return the descriptor of an IPC-enabled event, from the driver's handle.

    The driver needs a current context to export an event; the event's own
    is made current for the call if the calling thread has another or none.
    """
    cdef cydriver.CUipcEventHandle c_data
    cdef cydriver.CUevent c_handle = self._handle
    cdef cydriver.CUcontext c_ctx = self._ctx
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(c_ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuIpcGetEventHandle(&c_data, c_handle))
        finally:
            Context_pop_if_pushed(pushed)
    return IPCEventDescriptor._init(
        (<char*>c_data.reserved)[:sizeof(c_data.reserved)], self._blocking_sync
    )


def _reduce_event(event: Event) -> tuple:
    """Pickle an event for :mod:`multiprocessing`: the receiving process opens its descriptor.

    No driver call is made (the descriptor was made with the event), so any
    thread may pickle it, with or without a current context. Where
    processes are started by forking, a :class:`UserWarning` says that CUDA
    needs them spawned.
    """
    check_start_method()
    return Event.from_ipc_descriptor, (event.ipc_descriptor,)


multiprocessing.reduction.register(Event, _reduce_event)


cdef int Event_check_open(Event self) except -1:
    """Raise :class:`RuntimeError` if the event has been closed."""
    if self._handle == NULL:
        raise RuntimeError("Event has been closed")
    return 0


cdef void Event_dealloc(Event self) noexcept:
    """Destroy an event that was never closed; report a failure as a warning.

    :func:`warn_destroy_failure` reports it, but for the two statuses that
    leave nothing to destroy: the event's context is gone, or the driver has
    shut down.
    """
    cdef cydriver.CUevent c_handle = self._handle
    cdef cydriver.CUresult err
    if c_handle == NULL:
        return
    self._handle = NULL
    with nogil:
        err = cydriver.cuEventDestroy(c_handle)
    warn_destroy_failure(err, "event", <uintptr_t>c_handle)
