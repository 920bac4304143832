# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Device behaviour common to every cuda.core."""

from __future__ import annotations

import threading

import pytest

import cuda.core


@pytest.mark.gpu
def test_device_objects_are_cached_per_thread(device) -> None:
    assert cuda.core.Device(0) is device
    assert cuda.core.Device(device) is device
    other = []
    thread = threading.Thread(target=lambda: other.append(cuda.core.Device(0)))
    thread.start()
    thread.join()
    assert other[0] is not device
    assert other[0].device_id == device.device_id == 0


@pytest.mark.gpu
def test_out_of_range_ordinal_is_rejected(device) -> None:
    with pytest.raises(ValueError, match="device_id"):
        cuda.core.Device(10_000)


@pytest.mark.gpu
def test_sync_returns_none(device) -> None:
    assert device.sync() is None
