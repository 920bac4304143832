# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The Phase 1 forms of three operations, kept beside their Phase 2 forms.

New driver functionality is first written with the Python ``driver``
module and tested (Phase 1), then rewritten with ``cydriver``, without the
GIL, once the tests pass (Phase 2). This module keeps the Phase 1 form of
three operations whose Phase 2 form ships in the package, so that the guide
can show both, the benchmarks can time both, and the tests can prove that
both behave the same:

============================================  ===================================
Phase 1 (here)                                Phase 2
============================================  ===================================
``stream_sync(stream)``                       :meth:`~cuda.core.Stream.sync`
``event_record(event, stream)``               :meth:`~cuda.core.Stream.record` with ``event``
``device_get_attribute(device_id, attr)``     ``DeviceProperties._get_attribute``
============================================  ===================================

Use the Phase 2 forms; these exist to be compared with them.
"""

from __future__ import annotations

from cuda.core._event cimport Event
from cuda.core._stream cimport Stream
from cuda.core._utils.cuda_utils cimport _check_driver_error as raise_if_driver_error

from cuda.core._utils.cuda_utils import driver

__all__ = ["device_get_attribute", "event_record", "stream_sync"]


def stream_sync(stream: Stream) -> None:
    """Block the calling thread until all work queued on ``stream`` has completed.

    Parameters
    ----------
    stream : Stream
        The stream to wait for.

    Raises
    ------
    TypeError
        If ``stream`` is not a :class:`~cuda.core.Stream`.
    RuntimeError
        If the stream is closed.
    CUDAError
        If the driver reports an error, including one from the awaited work.
    """
    if not isinstance(stream, Stream):
        raise TypeError(f"stream must be a Stream, got {type(stream).__name__}")
    (err,) = driver.cuStreamSynchronize(stream.handle)
    raise_if_driver_error(err)


def event_record(event: Event, stream: Stream) -> Event:
    """Record ``event`` at the end of the work queued so far on ``stream``.

    Parameters
    ----------
    event : Event
        The event to record.
    stream : Stream
        The stream to record it on.

    Returns
    -------
    Event
        ``event``.

    Raises
    ------
    TypeError
        If ``event`` is not an :class:`~cuda.core.Event` or ``stream`` not a
        :class:`~cuda.core.Stream`, or ``event`` is IPC-enabled: such an
        event is recorded once, when :meth:`~cuda.core.Stream.record`
        creates it.
    RuntimeError
        If the stream or the event is closed.
    CUDAError
        If the driver reports an error, for example when the event belongs
        to another context.
    """
    if not isinstance(event, Event):
        raise TypeError(f"event must be an Event, got {type(event).__name__}")
    if not isinstance(stream, Stream):
        raise TypeError(f"stream must be a Stream, got {type(stream).__name__}")
    stream_handle = stream.handle
    event_handle = event.handle
    if event.is_ipc_enabled:
        raise TypeError(
            "IPC-enabled events should not be re-recorded, instead create a new event "
            "by supplying options."
        )
    (err,) = driver.cuEventRecord(event_handle, stream_handle)
    raise_if_driver_error(err)
    return event


def device_get_attribute(device_id: int, attr: driver.CUdevice_attribute) -> int:
    """Read one attribute of a device from the driver; ``0`` if the driver does not know it.

    Parameters
    ----------
    device_id : int
        The device ordinal.
    attr : driver.CUdevice_attribute
        The attribute.

    Returns
    -------
    int
        The attribute's value, or ``0`` when the driver answers
        ``CUDA_ERROR_INVALID_VALUE`` (an attribute unknown to this driver or
        device).

    Raises
    ------
    CUDAError
        If the driver reports any other error, such as an invalid device.
    """
    err, value = driver.cuDeviceGetAttribute(attr, device_id)
    if err == driver.CUresult.CUDA_ERROR_INVALID_VALUE:
        return 0
    raise_if_driver_error(err)
    return value
