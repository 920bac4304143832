# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA devices: selection, properties and synchronization."""

from __future__ import annotations

from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

import threading

__all__ = ["Device"]

_tls = threading.local()


class Device:
    """Represent a CUDA device.

    ``Device(ordinal)`` returns the same object every time it is called with
    the same ordinal on the same thread.

    Parameters
    ----------
    device_id : Device | int | None, optional
        The device ordinal. ``None`` selects device 0.

    Raises
    ------
    ValueError
        If the ordinal is negative or not below the number of devices.
    """

    __slots__ = ("_id",)

    def __new__(cls, device_id: Device | int | None = None) -> Device:
        if isinstance(device_id, Device):
            return device_id
        cdef int c_ordinal = 0 if device_id is None else device_id
        devices = Device_thread_cache()
        if c_ordinal < 0 or c_ordinal >= len(devices):
            raise ValueError(f"device_id must be in [0, {len(devices)}), got {device_id}")
        return devices[c_ordinal]

    def __repr__(self) -> str:
        return f"<Device {self._id}>"

    def sync(self) -> None:
        """Block until all work submitted to the current context completes."""
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxSynchronize())

    @property
    def device_id(self) -> int:
        """The ordinal of this device."""
        return self._id


def Device_thread_cache():
    """Return this thread's list of :class:`Device` objects, one per ordinal."""
    devices = getattr(_tls, "devices", None)
    if devices is None:
        devices = _tls.devices = Device_create_all()
    return devices


def Device_create_all():
    """Create one :class:`Device` per ordinal the driver reports."""
    cdef int c_count = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuInit(0))
        HANDLE_RETURN(cydriver.cuDeviceGetCount(&c_count))
    devices = []
    for ordinal in range(c_count):
        device = object.__new__(Device)
        device._id = ordinal
        devices.append(device)
    return devices
