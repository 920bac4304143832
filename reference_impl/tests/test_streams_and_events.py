# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The reference's Stream and Event: validation, ownership, closing, ordering and timing."""

from __future__ import annotations

import gc
import pickle
import threading
import time
import warnings
import weakref

import pytest
from cuda.bindings import driver
from cuda.pathfinder import DynamicLibNotFoundError

from cuda.core import (
    LEGACY_DEFAULT_STREAM,
    PER_THREAD_DEFAULT_STREAM,
    Event,
    EventOptions,
    IPCEventDescriptor,
    Stream,
    StreamOptions,
)
from cuda.core._utils.cuda_utils import CUDAError, check_or_create_options

TIMING = EventOptions(timing_enabled=True)
FAKE_HANDLE = 0x1234  # never passed to the driver: only used where no call reaches it


class Foreign:
    """An object of another library that exposes a stream through ``__cuda_stream__``."""

    def __init__(self, address: int) -> None:
        self.address = address

    def __cuda_stream__(self) -> tuple[int, int]:
        return (0, self.address)


# --- without a GPU -----------------------------------------------------------------


def test_direct_construction_is_refused() -> None:
    with pytest.raises(RuntimeError, match=r"^Stream objects cannot be instantiated directly\. .*create_stream"):
        Stream()
    with pytest.raises(RuntimeError, match=r"^Event objects cannot be instantiated directly\. .*record"):
        Event()


def test_from_handle_validates_the_address() -> None:
    with pytest.raises(TypeError, match="a stream handle must be an int, got float"):
        Stream.from_handle(1.5)
    with pytest.raises(TypeError, match="got NoneType"):
        Stream.from_handle(None)
    with pytest.raises(ValueError, match="got -1"):
        Stream.from_handle(-1)
    with pytest.raises(ValueError, match=f"got {2**64}"):
        Stream.from_handle(2**64)


def test_wrapped_handles_compare_by_address() -> None:
    first = Stream.from_handle(FAKE_HANDLE)
    second = Stream.from_handle(FAKE_HANDLE)
    assert first == second
    assert hash(first) == hash(second)
    assert first != Stream.from_handle(FAKE_HANDLE + 1)
    assert first != FAKE_HANDLE
    assert int(first.handle) == FAKE_HANDLE
    assert first.__cuda_stream__() == (0, FAKE_HANDLE)
    assert repr(first) == "<Stream handle=0x1234>"


def test_closing_a_borrowed_stream_calls_no_driver() -> None:
    # Closing works without a driver: a borrowed handle is never destroyed.
    stream = Stream.from_handle(FAKE_HANDLE)
    stream.close()
    assert stream.is_closed is True
    stream.close()
    assert repr(stream) == "<Stream (closed)>"
    assert stream == stream
    assert stream != Stream.from_handle(FAKE_HANDLE)


@pytest.mark.parametrize(
    "use",
    [
        lambda s: s.sync(),
        lambda s: s.record(),
        lambda s: s.wait(LEGACY_DEFAULT_STREAM),
        lambda s: s.__cuda_stream__(),
        lambda s: s.handle,
        lambda s: s.device,
        lambda s: s.context,
        lambda s: s.priority,
        lambda s: s.is_nonblocking,
        lambda s: LEGACY_DEFAULT_STREAM.wait(s),
    ],
)
def test_a_closed_stream_cannot_be_used(use) -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    stream.close()
    with pytest.raises(RuntimeError, match="^Stream has been closed$"):
        use(stream)


def test_wrong_argument_types_are_named() -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    with pytest.raises(TypeError, match="event_or_stream must be an Event, a Stream or an object with .* got int"):
        stream.wait(5)
    with pytest.raises(TypeError, match="event must be an Event, got str"):
        stream.record("event")


def test_default_streams_are_borrowed_special_handles() -> None:
    assert int(LEGACY_DEFAULT_STREAM.handle) == 1
    assert int(PER_THREAD_DEFAULT_STREAM.handle) == 2
    assert LEGACY_DEFAULT_STREAM != PER_THREAD_DEFAULT_STREAM
    assert LEGACY_DEFAULT_STREAM.is_closed is False


def test_options_are_validated_when_made() -> None:
    with pytest.raises(TypeError, match="StreamOptions.priority must be an int or None, got str: 'high'"):
        StreamOptions(priority="high")
    with pytest.raises(TypeError, match="StreamOptions.priority must be an int or None, got bool"):
        StreamOptions(priority=True)
    with pytest.raises(TypeError, match="EventOptions.blocking_sync must be a bool or None, got int: 1"):
        EventOptions(blocking_sync=1)
    assert EventOptions(timing_enabled=None).timing_enabled is None
    assert check_or_create_options(StreamOptions, {"priority": -1}) == StreamOptions(priority=-1)
    with pytest.raises(ValueError, match="'fast'"):
        check_or_create_options(EventOptions, {"fast": True})


def test_only_an_ipc_event_descriptor_opens_an_event() -> None:
    with pytest.raises(
        TypeError,
        match=r"^Argument 'ipc_descriptor' has incorrect type "
        r"\(expected cuda\.core\._event\.IPCEventDescriptor, got object\)$",
    ):
        Event.from_ipc_descriptor(object())
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        IPCEventDescriptor()


def test_an_ipc_event_descriptor_pickles_and_checks_its_size() -> None:
    descriptor = IPCEventDescriptor._init(bytes(range(64)), True)
    assert pickle.loads(pickle.dumps(descriptor)) == descriptor
    assert descriptor != IPCEventDescriptor._init(bytes(64), True)
    with pytest.raises(TypeError, match=r"^Argument 'reserved' has incorrect type \(expected bytes, got bytearray\)$"):
        IPCEventDescriptor._init(bytearray(64), False)
    # The size is checked where the event is opened, before any driver call.
    short = IPCEventDescriptor._init(b"abc", False)
    with pytest.raises(ValueError, match=r"^IPC event descriptor reserved field is 3 bytes; expected at least 64$"):
        Event.from_ipc_descriptor(short)


@pytest.mark.usefixtures("no_driver")
def test_without_a_driver_calls_report_the_missing_library() -> None:
    stream = Stream.from_handle(FAKE_HANDLE)
    for use in (stream.sync, lambda: stream.priority, lambda: stream.device):
        with pytest.raises(DynamicLibNotFoundError, match="driver"):
            use()


# --- on a GPU ------------------------------------------------------------------------


@pytest.mark.gpu
def test_created_streams_own_their_handle(device) -> None:
    stream = device.create_stream(options=StreamOptions(nonblocking=False))
    assert stream.is_nonblocking is False
    assert stream.device is device
    assert stream.context == device.context
    borrowed = Stream.from_handle(int(stream.handle))
    assert borrowed.device is device  # asked from the driver: the handle carries no ordinal
    assert borrowed.context == device.context
    borrowed.close()
    stream.sync()  # the borrower did not destroy it
    stream.close()
    assert stream.is_closed is True
    stream.close()


@pytest.mark.gpu
def test_priorities(device) -> None:
    err, least, greatest = driver.cuCtxGetStreamPriorityRange()
    assert err == driver.CUresult.CUDA_SUCCESS
    assert device.create_stream().priority == least
    assert device.create_stream(options={"priority": greatest}).priority == greatest
    with pytest.raises(ValueError, match=rf"accepts {greatest} \(highest\) to {least} \(lowest\)"):
        device.create_stream(options={"priority": greatest - 1})


@pytest.mark.gpu
def test_foreign_streams_keep_their_owner_alive(device) -> None:
    stream = device.create_stream()
    foreign = Foreign(int(stream.handle))
    owner = weakref.ref(foreign)
    wrapped = device.create_stream(foreign)
    del foreign
    gc.collect()
    assert owner() is not None
    assert wrapped == stream
    wrapped.sync()
    wrapped.close()
    gc.collect()
    assert owner() is None
    stream.sync()


@pytest.mark.gpu
def test_malformed_stream_protocols_are_refused(device) -> None:
    class WrongVersion:
        def __cuda_stream__(self):
            return (1, 0)

    class NotAPair:
        def __cuda_stream__(self):
            return 7

    class NegativeAddress:
        def __cuda_stream__(self):
            return (0, -8)

    with pytest.raises(ValueError, match="protocol version 1"):
        device.create_stream(WrongVersion())
    with pytest.raises(TypeError, match=r"pair \(version, address\), got 7"):
        device.create_stream(NotAPair())
    with pytest.raises(ValueError, match="got -8"):
        device.create_stream(NegativeAddress())
    with pytest.raises(TypeError, match="does not implement the __cuda_stream__ protocol"):
        device.create_stream(3)


@pytest.mark.gpu
def test_protocol_as_an_attribute_is_deprecated(device) -> None:
    stream = device.create_stream()

    class Attribute:
        __cuda_stream__ = (0, int(stream.handle))

    with pytest.warns(DeprecationWarning, match="implement it as a method") as record:
        wrapped = device.create_stream(Attribute())
    assert record[0].filename == __file__  # the warning names the caller's line
    assert wrapped == stream


@pytest.mark.gpu
def test_record_and_wait_arguments(device) -> None:
    stream = device.create_stream()
    event = device.create_event()
    with pytest.raises(ValueError, match="not both"):
        stream.record(event, options=TIMING)
    event.close()
    with pytest.raises(RuntimeError, match="^Event has been closed$"):
        stream.record(event)
    with pytest.raises(RuntimeError, match="^Event has been closed$"):
        stream.wait(event)
    other = device.create_stream()
    other.close()
    with pytest.raises(RuntimeError, match="^Stream has been closed$"):
        stream.wait(other)
    source = device.create_stream()  # kept alive: Foreign only borrows its handle
    stream.wait(Foreign(int(source.handle)))
    stream.sync()


@pytest.mark.gpu
def test_wait_and_is_done_follow_the_gate(device, gate) -> None:
    held = device.create_stream()
    gate.block(held)
    marker = held.record()
    waiter = device.create_stream()
    waiter.wait(marker)
    after_event = waiter.record()
    joiner = device.create_stream()
    joiner.wait(held)
    after_stream = joiner.record()
    time.sleep(0.05)
    assert (marker.is_done, after_event.is_done, after_stream.is_done) == (False, False, False)
    gate.release()
    joiner.sync()
    waiter.sync()
    assert (marker.is_done, after_event.is_done, after_stream.is_done) == (True, True, True)


@pytest.mark.gpu
def test_event_properties_and_timing(device, gate) -> None:
    stream = device.create_stream()
    start = stream.record(options={"timing_enabled": True, "blocking_sync": True})
    assert (start.is_timing_enabled, start.is_blocking_sync, start.is_ipc_enabled) == (True, True, False)
    assert start.device is device
    assert start.context == device.context
    gate.block(stream)
    end = stream.record(options=TIMING)
    with pytest.raises(RuntimeError, match="^One or both events have not completed"):
        end - start
    time.sleep(0.1)
    gate.release()
    end.sync()
    assert 80 <= end - start < 10_000
    with pytest.raises(RuntimeError, match="^Both Events must be recorded"):
        end - device.create_event(TIMING)
    with pytest.raises(RuntimeError, match="^Both Events must be created with timing enabled"):
        end - stream.record()
    with pytest.raises(RuntimeError, match="not IPC-enabled"):
        _ = start.ipc_descriptor


@pytest.mark.gpu
@pytest.mark.parametrize(
    "use",
    [
        lambda e: e.sync(),
        lambda e: e.is_done,
        lambda e: e.handle,
        lambda e: e.device,
        lambda e: e.context,
        lambda e: e.ipc_descriptor,
        lambda e: e - e,
    ],
)
def test_a_closed_event_cannot_be_used(device, use) -> None:
    event = device.create_event(TIMING)
    event.close()
    assert event.is_closed is True
    assert repr(event) == "<Event (closed)>"
    with pytest.raises(RuntimeError, match="^Event has been closed$"):
        use(event)


@pytest.mark.gpu
def test_default_streams_record_in_the_current_context(device) -> None:
    for stream in (LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM):
        event = stream.record(options=TIMING)
        assert event.context == device.context
        stream.sync()
        assert event.is_done is True


@pytest.mark.gpu
def test_default_stream_without_a_current_context_raises(device) -> None:
    errors = []

    def body() -> None:
        try:
            _ = LEGACY_DEFAULT_STREAM.device
        except CUDAError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert len(errors) == 1
    assert errors[0].startswith("CUDA_ERROR_INVALID_CONTEXT")


@pytest.mark.gpu
def test_collected_streams_and_events_are_destroyed_quietly(device) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(100):
            stream = device.create_stream()
            stream.record(options=TIMING)
            device.create_event()
            del stream
        gc.collect()
        device.sync()
    assert [w for w in caught if issubclass(w.category, RuntimeWarning)] == []
