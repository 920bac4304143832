# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Event behaviour common to every cuda.core."""

from __future__ import annotations

import pickle
import time

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import Event, EventOptions
from cuda_core_guide.spawned import run_spawned

TIMING = EventOptions(timing_enabled=True)
# Upstream's wording of the three ways subtracting events fails; code matches on it.
TIMING_MESSAGE = r"^Both Events must be created with timing enabled in order to subtract them; "
RECORDED_MESSAGE = r"^Both Events must be recorded before they can be subtracted; "
COMPLETED_MESSAGE = r"^One or both events have not completed; "


def test_event_names_are_exported() -> None:
    assert "Event" in cuda.core.__all__
    assert "EventOptions" in cuda.core.__all__


def test_event_cannot_be_constructed_directly() -> None:
    with pytest.raises(RuntimeError, match=r"^Event objects cannot be instantiated directly\."):
        Event()


def test_event_in_place_subtraction_falls_back_to_subtraction() -> None:
    bare = Event.__new__(Event)
    assert bare.__isub__(bare) is NotImplemented
    assert bare.__rsub__(bare) is NotImplemented


def test_event_options_defaults() -> None:
    options = EventOptions()
    assert options.timing_enabled is False
    assert options.blocking_sync is False
    assert options.ipc_enabled is False


@pytest.mark.gpu
def test_new_event_reflects_its_options(device) -> None:
    plain = device.create_event()
    assert plain.is_timing_enabled is False
    assert plain.is_blocking_sync is False
    assert plain.is_ipc_enabled is False
    timed = device.create_event({"timing_enabled": True, "blocking_sync": True})
    assert timed.is_timing_enabled is True
    assert timed.is_blocking_sync is True
    assert isinstance(timed.handle, driver.CUevent)
    assert int(timed.handle) != 0
    assert timed.device == device
    assert timed.context == device.context


@pytest.mark.gpu
def test_unrecorded_event_is_done(device) -> None:
    event = device.create_event()
    assert event.is_done is True
    assert event.sync() is None


@pytest.mark.gpu
def test_is_done_polls_without_raising(device, gate) -> None:
    stream = device.create_stream()
    gate.block(stream)
    event = stream.record()
    assert event.is_done is False
    gate.release()
    event.sync()
    assert event.is_done is True


@pytest.mark.gpu
def test_subtracting_events_gives_milliseconds(device, gate) -> None:
    stream = device.create_stream()
    start = stream.record(options=TIMING)
    gate.block(stream)
    end = stream.record(options=TIMING)
    time.sleep(0.2)
    gate.release()
    end.sync()
    elapsed = end - start
    assert isinstance(elapsed, float)
    # The gate held the stream for the 0.2 s sleep; allow for coarse timers.
    assert 150 <= elapsed < 10_000


@pytest.mark.gpu
def test_in_place_subtraction_gives_milliseconds(device) -> None:
    stream = device.create_stream()
    start = stream.record(options=TIMING)
    end = stream.record(options=TIMING)
    end.sync()
    elapsed = end
    elapsed -= start
    assert isinstance(elapsed, float)
    assert elapsed >= 0
    assert isinstance(end, Event)


@pytest.mark.gpu
def test_subtracting_events_without_timing_raises(device) -> None:
    stream = device.create_stream()
    timed = stream.record(options=TIMING)
    untimed = stream.record()
    stream.sync()
    with pytest.raises(RuntimeError, match=TIMING_MESSAGE):
        untimed - timed
    with pytest.raises(RuntimeError, match=TIMING_MESSAGE):
        timed - untimed


@pytest.mark.gpu
def test_subtracting_an_unrecorded_event_raises(device) -> None:
    stream = device.create_stream()
    recorded = stream.record(options=TIMING)
    unrecorded = device.create_event(TIMING)
    stream.sync()
    with pytest.raises(RuntimeError, match=RECORDED_MESSAGE):
        unrecorded - recorded
    with pytest.raises(RuntimeError, match=RECORDED_MESSAGE):
        recorded - unrecorded


@pytest.mark.gpu
def test_subtracting_an_incomplete_event_raises(device, gate) -> None:
    stream = device.create_stream()
    start = stream.record(options=TIMING)
    gate.block(stream)
    end = stream.record(options=TIMING)
    with pytest.raises(RuntimeError, match=COMPLETED_MESSAGE):
        end - start
    gate.release()
    end.sync()
    assert end - start >= 0


@pytest.mark.gpu
def test_subtracting_a_non_event_raises_type_error(device) -> None:
    event = device.create_stream().record(options=TIMING)
    with pytest.raises(TypeError):
        event - 1.0


@pytest.mark.gpu
def test_event_close_is_idempotent(device) -> None:
    event = device.create_event()
    assert event.is_closed is False
    event.close()
    assert event.is_closed is True
    event.close()


@pytest.mark.gpu
def test_equal_events_share_a_handle(device) -> None:
    stream = device.create_stream()
    event = stream.record()
    assert event == stream.record(event)
    assert event != device.create_event()
    assert hash(event) == hash(event)


def test_an_ipc_event_descriptor_is_made_by_events_and_pickles() -> None:
    from cuda.core._event import IPCEventDescriptor

    with pytest.raises(RuntimeError, match=r"^IPCEventDescriptor objects cannot be instantiated directly\."):
        IPCEventDescriptor()
    descriptor = IPCEventDescriptor._init(bytes(range(64)), True)
    assert pickle.loads(pickle.dumps(descriptor)) == descriptor


def _open_shared_event(descriptor: object) -> tuple[bool, bool, bool]:
    """In a spawned process: open a shared event, wait for it; return what it reports."""
    from cuda.core import Device

    Device(0).set_current()
    event = Event.from_ipc_descriptor(descriptor)
    event.sync()
    return event.is_ipc_enabled, event.is_timing_enabled, event.is_done


@pytest.mark.gpu
def test_a_shared_event_cannot_record_the_time(device) -> None:
    stream = device.create_stream()
    with pytest.raises(TypeError):
        stream.record(options=EventOptions(ipc_enabled=True, timing_enabled=True))
    stream.close()


@pytest.mark.gpu
def test_only_a_shared_event_has_an_ipc_descriptor(device) -> None:
    stream = device.create_stream()
    plain = stream.record()
    with pytest.raises(RuntimeError):
        _ = plain.ipc_descriptor
    shared = stream.record(options=EventOptions(ipc_enabled=True))
    assert shared.is_ipc_enabled
    descriptor = shared.ipc_descriptor
    assert descriptor == shared.ipc_descriptor
    assert pickle.loads(pickle.dumps(descriptor)) == descriptor
    assert descriptor != stream.record(options=EventOptions(ipc_enabled=True)).ipc_descriptor
    stream.sync()
    stream.close()


@pytest.mark.gpu
def test_a_shared_event_is_opened_and_waited_for_in_another_process(device) -> None:
    stream = device.create_stream()
    buffer = device.allocate(1 << 20, stream=stream)
    buffer.fill(1, stream=stream)
    shared = stream.record(options=EventOptions(ipc_enabled=True, blocking_sync=True))
    descriptor = shared.ipc_descriptor
    stream.sync()
    is_ipc_enabled, is_timing_enabled, is_done = run_spawned(_open_shared_event, descriptor)
    assert (is_ipc_enabled, is_timing_enabled, is_done) == (True, False, True)
    buffer.close(stream)
    stream.close()
