# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Fixtures shared by the reference implementation's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cuda.pathfinder import DynamicLibNotFoundError, load_nvidia_dynamic_lib

from cuda.core import Device, Stream
from cuda_core_guide.gpu import gpu_status
from cuda_core_guide.testing import HostGate


@pytest.fixture
def device() -> Device:
    """Return device 0, made current; skip, naming the reason, without a GPU."""
    available, reason = gpu_status()
    if not available:
        pytest.skip(f"needs a GPU: {reason}")
    dev = Device(0)
    dev.set_current()
    return dev


@pytest.fixture
def stream(device: Device) -> Iterator[Stream]:
    """Return a new stream on the device, closed afterwards."""
    s = device.create_stream()
    yield s
    s.close()


@pytest.fixture
def no_driver() -> None:
    """Skip unless this machine has no CUDA driver library at all.

    For the tests of how a missing driver is reported: on a machine with a
    driver, the fake handles they pass must not reach it.
    """
    try:
        load_nvidia_dynamic_lib("cuda")
    except DynamicLibNotFoundError:
        return
    pytest.skip("this machine has a CUDA driver")


@pytest.fixture
def gate() -> Iterator[HostGate]:
    """Return a :class:`HostGate` that is released when the test ends, whatever happens."""
    host_gate = HostGate()
    yield host_gate
    host_gate.release()
