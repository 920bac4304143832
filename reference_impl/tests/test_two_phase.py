# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The Phase 1 forms in cuda.core._phase1 behave exactly like their Phase 2 forms.

Each test runs the same operation both ways and compares the outcomes: the
value returned, or the type and message of the exception raised.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from cuda.bindings import driver
from cuda.pathfinder import DynamicLibNotFoundError

from cuda.core import LEGACY_DEFAULT_STREAM, DeviceProperties, EventOptions, Stream
from cuda.core._phase1 import device_get_attribute, event_record, stream_sync
from cuda.core._utils.cuda_utils import CUDAError

ATTRIBUTE = driver.CUdevice_attribute
FAKE_HANDLE = 0x1234  # never passed to a real driver: only used where no call reaches it


def outcome(call: Callable[[], object]) -> tuple:
    """Return ``("value", result)`` or ``("raised", exception type, message)`` for ``call()``."""
    try:
        return ("value", call())
    except Exception as exc:  # noqa: BLE001 - the exception is the outcome being compared
        return ("raised", type(exc), str(exc))


def in_new_thread(call: Callable[[], object]) -> tuple:
    """Return the outcome of ``call()`` run in a new thread, which has no current context."""
    results = []
    thread = threading.Thread(target=lambda: results.append(outcome(call)))
    thread.start()
    thread.join()
    return results[0]


# --- without a GPU -----------------------------------------------------------------


def test_closed_stream_fails_the_same_way() -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    stream.close()
    phase1 = outcome(lambda: stream_sync(stream))
    assert phase1 == ("raised", RuntimeError, "Stream has been closed")
    assert outcome(stream.sync) == phase1


def test_wrong_types_fail_the_same_way() -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    phase1 = outcome(lambda: event_record("event", stream))
    assert phase1[:2] == ("raised", TypeError)
    assert outcome(lambda: stream.record("event")) == phase1
    assert outcome(lambda: stream_sync(None))[:2] == ("raised", TypeError)


@pytest.mark.usefixtures("no_driver")
def test_a_missing_driver_fails_the_same_way() -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    phase1 = outcome(lambda: stream_sync(stream))
    assert phase1[:2] == ("raised", DynamicLibNotFoundError)
    assert outcome(stream.sync) == phase1
    attribute = ATTRIBUTE.CU_DEVICE_ATTRIBUTE_WARP_SIZE
    phase1 = outcome(lambda: device_get_attribute(0, attribute))
    assert phase1[:2] == ("raised", DynamicLibNotFoundError)
    assert outcome(lambda: DeviceProperties._init(0)._get_attribute(attribute)) == phase1


# --- on a GPU ------------------------------------------------------------------------


@pytest.mark.gpu
def test_every_device_attribute_reads_the_same(device) -> None:
    properties = DeviceProperties._init(device.device_id)
    for attribute in ATTRIBUTE:
        phase1 = outcome(lambda attribute=attribute: device_get_attribute(device.device_id, attribute))
        phase2 = outcome(lambda attribute=attribute: properties._get_attribute(attribute))
        assert phase2 == phase1, attribute
    # The last member is the end marker, which the driver refuses with
    # CUDA_ERROR_INVALID_VALUE: both forms read it as 0 (audit decision 5).
    assert device_get_attribute(device.device_id, ATTRIBUTE.CU_DEVICE_ATTRIBUTE_MAX) == 0


@pytest.mark.gpu
def test_a_missing_device_fails_the_same_way(device) -> None:
    attribute = ATTRIBUTE.CU_DEVICE_ATTRIBUTE_WARP_SIZE
    phase1 = outcome(lambda: device_get_attribute(10_000, attribute))
    assert phase1[:2] == ("raised", CUDAError)
    assert phase1[2].startswith("CUDA_ERROR_INVALID_DEVICE: ")
    assert outcome(lambda: DeviceProperties._init(10_000)._get_attribute(attribute)) == phase1


@pytest.mark.gpu
def test_stream_sync_is_the_same(device) -> None:
    stream = device.create_stream()
    stream.record()
    assert outcome(lambda: stream_sync(stream)) == ("value", None)
    assert outcome(stream.sync) == ("value", None)
    # With no current context, the legacy default stream belongs to no
    # context: whatever the driver answers, both forms answer the same.
    assert in_new_thread(lambda: stream_sync(LEGACY_DEFAULT_STREAM)) == in_new_thread(LEGACY_DEFAULT_STREAM.sync)


@pytest.mark.gpu
def test_event_record_is_the_same(device) -> None:
    stream = device.create_stream()
    first = device.create_event()
    second = device.create_event()
    assert outcome(lambda: event_record(first, stream)) == ("value", first)
    assert outcome(lambda: stream.record(second)) == ("value", second)
    stream.sync()
    assert first.is_done
    assert second.is_done
    timed = EventOptions(timing_enabled=True)
    start, end = device.create_event(timed), device.create_event(timed)
    event_record(start, stream)
    stream.record(end)
    stream.sync()
    assert end - start >= 0
    assert in_new_thread(lambda: event_record(first, LEGACY_DEFAULT_STREAM)) == in_new_thread(
        lambda: LEGACY_DEFAULT_STREAM.record(first)
    )
    first.close()
    phase1 = outcome(lambda: event_record(first, stream))
    assert phase1 == ("raised", RuntimeError, "Event has been closed")
    assert outcome(lambda: stream.record(first)) == phase1
