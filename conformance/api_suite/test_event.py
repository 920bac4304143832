# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Event behaviour common to every cuda.core."""

from __future__ import annotations

import multiprocessing
import pickle
import threading
import time
from multiprocessing.reduction import ForkingPickler

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import Event, EventOptions
from cuda.core._event import IPCEventDescriptor
from cuda_core_guide.spawned import run_spawned

TIMING = EventOptions(timing_enabled=True)
SHARED = EventOptions(ipc_enabled=True)
# Upstream's words for the misuses of shared (IPC-enabled) events; code matches on them.
UNBOUND_MESSAGE = r"^IPC-enabled events must be bound; use Stream\.record for creation\.$"
TIMED_MESSAGE = r"^IPC-enabled events cannot use timing\.$"
RERECORD_MESSAGE = r"^IPC-enabled events should not be re-recorded, instead create a new event by supplying options\.$"
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


def test_an_ipc_event_descriptor_is_checked_where_it_is_opened() -> None:
    # Both checks come before any driver call: no GPU is needed.
    with pytest.raises(TypeError, match=r"^Argument 'reserved' has incorrect type \(expected bytes, got str\)$"):
        IPCEventDescriptor._init("x" * 64, False)
    for length in (0, 8, 63):
        short = IPCEventDescriptor._init(bytes(length), False)
        with pytest.raises(
            ValueError, match=rf"^IPC event descriptor reserved field is {length} bytes; expected at least 64$"
        ):
            Event.from_ipc_descriptor(short)


def test_subtracting_a_non_event_is_worded_as_cython_words_it() -> None:
    bare = Event.__new__(Event)
    for other, got in ((1, "int"), (None, "NoneType"), (1.5, "float")):
        with pytest.raises(
            TypeError, match=rf"^Argument 'other' has incorrect type \(expected cuda\.core\._event\.Event, got {got}\)$"
        ):
            bare - other


@pytest.mark.gpu
def test_a_shared_event_is_created_by_stream_record_only(device) -> None:
    for options in (SHARED, EventOptions(ipc_enabled=True, timing_enabled=True), {"ipc_enabled": True}):
        with pytest.raises(TypeError, match=UNBOUND_MESSAGE):
            device.create_event(options)
    stream = device.create_stream()
    with pytest.raises(TypeError, match=TIMED_MESSAGE):
        stream.record(options=EventOptions(ipc_enabled=True, timing_enabled=True))
    stream.close()


@pytest.mark.gpu
def test_a_shared_event_is_recorded_once(device) -> None:
    stream = device.create_stream()
    other = device.create_stream()
    shared = stream.record(options=SHARED)
    for target in (stream, other):
        with pytest.raises(TypeError, match=RERECORD_MESSAGE):
            target.record(shared)
    shared.sync()
    stream.close()
    other.close()


def _dumps_in_a_new_thread(event: Event) -> bytes | BaseException:
    """Pickle ``event`` as multiprocessing does, in a thread that has no current context."""
    outcome: list[bytes | BaseException] = []

    def dump() -> None:
        try:
            outcome.append(bytes(ForkingPickler.dumps(event)))
        except BaseException as exc:  # noqa: BLE001 - the test reports it
            outcome.append(exc)

    thread = threading.Thread(target=dump)
    thread.start()
    thread.join()
    return outcome[0]


def _pickle_while_processes_fork() -> list[str]:
    """In a spawned process: pickle a shared event with the start method reported as fork; return the warnings."""
    import warnings
    from unittest import mock

    from cuda.core import Device

    device = Device(0)
    device.set_current()
    stream = device.create_stream()
    shared = stream.record(options=SHARED)
    with (
        mock.patch("multiprocessing.get_start_method", return_value="fork"),
        warnings.catch_warnings(record=True) as caught,
    ):
        warnings.simplefilter("always")
        ForkingPickler.dumps(shared)
    stream.sync()
    return [str(warning.message) for warning in caught if issubclass(warning.category, UserWarning)]


def _open_queued_event(queue: object) -> tuple[bool, bool]:
    """In a spawned process: take a shared event from a queue, once a context is current; wait for it."""
    from cuda.core import Device

    Device(0).set_current()
    event = queue.get(timeout=60)
    event.sync()
    return event.is_ipc_enabled, event.is_done


@pytest.mark.gpu
def test_pickling_a_shared_event_warns_where_processes_fork(device) -> None:
    # CUDA cannot be used in a forked child; the warning comes as the event is pickled for one.
    # Spawned: an implementation may warn once per process.
    messages = run_spawned(_pickle_while_processes_fork)
    assert [message for message in messages if "fork" in message.lower()], messages


@pytest.mark.gpu
def test_a_shared_event_travels_through_a_multiprocessing_queue(device) -> None:
    stream = device.create_stream()
    shared = stream.record(options=SHARED)
    stream.sync()
    pickled = _dumps_in_a_new_thread(shared)
    assert isinstance(pickled, bytes), f"pickling in a thread without a context raised {pickled!r}"
    # The queue's feeder thread pickles the event: another thread without a current context.
    queue = multiprocessing.get_context("spawn").Queue()
    queue.put(shared)
    try:
        assert run_spawned(_open_queued_event, queue) == (True, True)
    finally:
        queue.close()
        queue.join_thread()
    stream.close()
