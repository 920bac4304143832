# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Events of the system as a whole: devices bound to and unbound from the driver (Linux only)."""

from __future__ import annotations

from cuda.bindings import nvml

from cuda.core.system._arguments import index_argument, pack_mask
from cuda.core.system._device import Device
from cuda.core.system._nvml_context import initialize
from cuda.core.system._properties import EventSet, checked_item
from cuda.core.system.typing import SystemEventType

__all__ = ["RegisteredSystemEvents", "SystemEvent", "SystemEvents", "register_events"]

_SYSTEM_EVENT_TYPES = {
    int(nvml.SystemEventType.GPU_DRIVER_UNBIND): SystemEventType.UNBIND,
    int(nvml.SystemEventType.GPU_DRIVER_BIND): SystemEventType.BIND,
}


class SystemEvents:
    """Hold the events :meth:`RegisteredSystemEvents.wait` returned, as :class:`SystemEvent` items.

    Parameters
    ----------
    data : cuda.bindings.nvml.SystemEventData_v1
        NVML's answer, an array of events.
    """

    __slots__ = ("_data",)

    def __init__(self, data: nvml.SystemEventData_v1) -> None:
        self._data = data

    def __getitem__(self, index: int) -> SystemEvent:
        return SystemEvent(self._data[checked_item(index, len(self), "system event index", "events")])

    def __len__(self) -> int:
        return len(self._data)


class SystemEvent:
    """Describe one event of the system: an item of :class:`SystemEvents`.

    Parameters
    ----------
    data : cuda.bindings.nvml.SystemEventData_v1
        NVML's answer for the event.
    """

    __slots__ = ("_data",)

    def __init__(self, data: nvml.SystemEventData_v1) -> None:
        self._data = data

    @property
    def device(self) -> Device:
        """The :class:`Device` the event concerns, found by its PCI bus id.

        Raises
        ------
        NvmlError
            If NVML cannot find the device, for example
            :class:`~cuda.core.system.NotFoundError` once it is unbound.
        """
        return Device(pci_bus_id=_pci_bus_id(self.gpu_id))

    @property
    def event_type(self) -> SystemEventType:
        """The kind of the event."""
        return _SYSTEM_EVENT_TYPES[int(self._data.event_type)]

    @property
    def gpu_id(self) -> int:
        """The device's PCI location, packed: the domain above bit 16, the bus in bits 8-15, the device below."""
        return int(self._data.gpu_id)


class RegisteredSystemEvents(EventSet):
    """Record events of the system, to wait for them: what :func:`register_events` returns.

    Parameters
    ----------
    events : SystemEventType, str or list
        The events to record.

    Raises
    ------
    TypeError
        If ``events`` is neither a :class:`SystemEventType`, a str nor a list of them.
    ValueError
        If an event is not a :class:`SystemEventType` value.
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails, :class:`~cuda.core.system.NotSupportedError` when
        none of the events can be recorded.

    Notes
    -----
    The object owns an NVML system event set: :meth:`close` frees it, and
    so does garbage collection if it was never closed.
    """

    __slots__ = ()
    _free_name = "system_event_set_free"

    def __init__(self, events: SystemEventType | str | list[SystemEventType | str]) -> None:
        self._event_set = None
        mask = pack_mask(events, _SYSTEM_EVENT_TYPES, SystemEventType, "events")
        initialize()
        self._open(nvml.system_event_set_create, lambda event_set: nvml.system_register_events(mask, event_set))

    def wait(self, timeout_ms: int = 0, buffer_size: int = 1) -> SystemEvents:
        """Return the recorded events, waiting for one if there is none yet.

        The call may return before ``timeout_ms`` passes, when a signal
        interrupts it.

        Parameters
        ----------
        timeout_ms : int, optional
            How long to wait at most, in milliseconds; 0 (the default)
            waits as long as it takes.
        buffer_size : int, optional
            The most events to return at once; 1 by default.

        Returns
        -------
        SystemEvents
            The events, at least one and at most ``buffer_size``.

        Raises
        ------
        TypeError
            If ``timeout_ms`` or ``buffer_size`` is not an int.
        ValueError
            If ``timeout_ms`` is negative, or ``buffer_size`` is below 1.
        RuntimeError
            If the event set is closed.
        TimeoutError
            :class:`cuda.core.system.TimeoutError` if no event came in time.
        NvmlError
            If NVML fails otherwise.
        """
        c_timeout = index_argument(timeout_ms, "timeout_ms")
        c_size = index_argument(buffer_size, "buffer_size")
        if c_size < 1:
            raise ValueError(f"buffer_size must be at least 1, got {buffer_size}")
        with self._waiting() as event_set:
            return SystemEvents(nvml.system_event_set_wait(event_set, c_timeout, c_size))


def register_events(events: SystemEventType | str | list[SystemEventType | str]) -> RegisteredSystemEvents:
    """Start recording events of the system, to wait for them with :meth:`RegisteredSystemEvents.wait` (Linux only).

    Events that happened before the call are not recorded.

    Parameters
    ----------
    events : SystemEventType, str or list
        The events to record.

    Returns
    -------
    RegisteredSystemEvents
        The recorded events; close it to stop recording.

    Raises
    ------
    TypeError
        If ``events`` is neither a :class:`SystemEventType`, a str nor a list of them.
    ValueError
        If an event is not a :class:`SystemEventType` value.
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails, :class:`~cuda.core.system.NotSupportedError` when
        none of the events can be recorded.

    Examples
    --------
    >>> from cuda.core import system
    >>> events = system.register_events([system.typing.SystemEventType.UNBIND])
    >>> for event in events.wait(timeout_ms=10_000):
    ...     print(event.event_type, event.gpu_id)
    """
    return RegisteredSystemEvents(events)


def _pci_bus_id(gpu_id: int) -> str:
    """Return the PCI bus id NVML writes for a system event's packed ``gpu_id`` (function 0)."""
    domain = gpu_id >> 16
    bus = (gpu_id >> 8) & 0xFF
    device = gpu_id & 0xFF
    return f"{domain:08X}:{bus:02X}:{device:02X}.0"
