# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Stream behaviour common to every cuda.core."""

from __future__ import annotations

import gc
import warnings

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import (
    LEGACY_DEFAULT_STREAM,
    PER_THREAD_DEFAULT_STREAM,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    Event,
    Stream,
    StreamOptions,
)


def priority_range() -> tuple[int, int]:
    """Return the current context's (least, greatest) stream priorities."""
    err, least, greatest = driver.cuCtxGetStreamPriorityRange()
    assert err == driver.CUresult.CUDA_SUCCESS, err
    return least, greatest


def test_stream_names_are_exported() -> None:
    for name in ("Stream", "StreamOptions", "LEGACY_DEFAULT_STREAM", "PER_THREAD_DEFAULT_STREAM"):
        assert name in cuda.core.__all__


def test_stream_cannot_be_constructed_directly() -> None:
    with pytest.raises(RuntimeError):
        Stream()


@pytest.mark.parametrize("other", ["invalid", 3, object()])
def test_wait_refuses_what_is_not_an_event_or_a_stream(other) -> None:
    # Upstream raises ValueError; the reference TypeError (deliberate difference
    # D5, rule ERR005). Both name the protocol and the type they got.
    stream = Stream.from_handle(0x1234)  # wrapped, never used: no driver call
    with pytest.raises((TypeError, ValueError), match="__cuda_stream__") as caught:
        stream.wait(other)
    assert type(other).__name__ in str(caught.value)


def test_default_streams_have_the_special_handles() -> None:
    assert isinstance(LEGACY_DEFAULT_STREAM, Stream)
    assert isinstance(PER_THREAD_DEFAULT_STREAM, Stream)
    assert int(LEGACY_DEFAULT_STREAM.handle) == 1
    assert int(PER_THREAD_DEFAULT_STREAM.handle) == 2
    assert LEGACY_DEFAULT_STREAM.__cuda_stream__() == (0, 1)


def test_stream_options_defaults() -> None:
    options = StreamOptions()
    assert options.nonblocking is True
    assert options.priority is None


@pytest.mark.gpu
def test_new_stream_is_nonblocking_with_the_lowest_priority(device) -> None:
    stream = device.create_stream()
    least, _ = priority_range()
    assert stream.is_nonblocking is True
    assert stream.priority == least
    assert stream.device == device
    assert stream.context == device.context
    assert isinstance(stream.handle, driver.CUstream)
    assert int(stream.handle) != 0
    assert stream.__cuda_stream__() == (0, int(stream.handle))
    stream.close()


@pytest.mark.gpu
def test_stream_options_are_applied(device) -> None:
    _, greatest = priority_range()
    stream = device.create_stream(options=StreamOptions(nonblocking=False, priority=greatest))
    assert stream.is_nonblocking is False
    assert stream.priority == greatest
    from_dict = device.create_stream(options={"nonblocking": False})
    assert from_dict.is_nonblocking is False


@pytest.mark.gpu
def test_out_of_range_priority_is_rejected(device) -> None:
    least, greatest = priority_range()
    with pytest.raises(ValueError, match="out of range"):
        device.create_stream(options=StreamOptions(priority=least + 1))
    with pytest.raises(ValueError, match="out of range"):
        device.create_stream(options=StreamOptions(priority=greatest - 1))


@pytest.mark.gpu
def test_wrapping_a_handle_or_a_protocol_object_shares_the_stream(device) -> None:
    stream = device.create_stream()

    class Foreign:
        def __cuda_stream__(self) -> tuple[int, int]:
            return (0, int(stream.handle))

    wrapped = device.create_stream(Foreign())
    assert wrapped == stream
    assert hash(wrapped) == hash(stream)
    assert int(wrapped.handle) == int(stream.handle)
    from_handle = Stream.from_handle(int(stream.handle))
    assert from_handle == stream
    from_handle.sync()
    wrapped.close()
    from_handle.close()
    stream.sync()  # still alive: the wrappers only borrowed it


@pytest.mark.gpu
def test_create_stream_rejects_bad_arguments(device) -> None:
    with pytest.raises(TypeError):
        device.create_stream(object())
    with pytest.raises(ValueError, match="obj.*options"):
        device.create_stream(LEGACY_DEFAULT_STREAM, options=StreamOptions())


@pytest.mark.gpu
def test_close_is_idempotent_and_later_use_fails(device) -> None:
    stream = device.create_stream()
    assert stream.is_closed is False
    stream.close()
    assert stream.is_closed is True
    stream.close()
    with pytest.raises(RuntimeError):
        stream.sync()


@pytest.mark.gpu
@pytest.mark.parametrize("free", ["collected", "closed"])
def test_a_buffer_frees_its_memory_after_its_stream_is_closed(device, gate, free) -> None:
    # Closing the stream leaves its driver stream to the buffer that frees on it:
    # the free is queued there, after the stream's held-back work, with no warning.
    pool = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    stream = device.create_stream()
    gate.block(stream)
    buffer = pool.allocate(1 << 20, stream=stream)
    buffer.fill(7, stream=stream)
    stream.close()
    assert stream.is_closed is True
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if free == "collected":
            del buffer
            gc.collect()
        else:
            buffer.close()
            assert buffer.is_closed is True
    assert [str(warning.message) for warning in caught] == []
    gate.release()
    device.sync()
    assert pool.attributes.used_mem_current == 0
    pool.close()


@pytest.mark.gpu
def test_a_buffer_refuses_to_be_freed_on_a_closed_stream(device) -> None:
    stream = device.create_stream()
    closed = device.create_stream()
    closed.close()
    buffer = device.allocate(64, stream=stream)
    with pytest.raises(RuntimeError, match="Stream has been closed"):
        buffer.close(closed)
    assert buffer.is_closed is False
    buffer.close(stream)
    stream.close()


@pytest.mark.gpu
def test_record_creates_or_reuses_an_event(device) -> None:
    stream = device.create_stream()
    event = stream.record()
    assert isinstance(event, Event)
    assert stream.record(event) is event
    with pytest.raises(TypeError):
        stream.record(5)
    stream.sync()
    assert event.is_done is True


@pytest.mark.gpu
def test_sync_returns_none(device) -> None:
    stream = device.create_stream()
    assert stream.sync() is None


@pytest.mark.gpu
def test_wait_orders_work_across_streams(device, gate) -> None:
    first = device.create_stream()
    second = device.create_stream()
    gate.block(first)
    assert second.wait(first.record()) is None
    waiting_on_event = second.record()
    third = device.create_stream()
    assert third.wait(first) is None
    waiting_on_stream = third.record()
    assert waiting_on_event.is_done is False
    assert waiting_on_stream.is_done is False
    gate.release()
    second.sync()
    third.sync()
    assert waiting_on_event.is_done is True
    assert waiting_on_stream.is_done is True


@pytest.mark.gpu
def test_default_streams_follow_the_current_device(device) -> None:
    assert device.default_stream is LEGACY_DEFAULT_STREAM
    for stream in (LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM):
        assert stream.device == device
        assert stream.context == device.context
        stream.sync()


@pytest.mark.gpu
def test_a_stream_wrapped_from_another_keeps_working_after_the_original_closes(device) -> None:
    original = device.create_stream()
    wrapper = device.create_stream(original)
    assert int(wrapper.handle) == int(original.handle)
    original.close()
    assert original.is_closed
    # The wrapper shares the driver stream: it is not destroyed under it.
    buffer = device.allocate(1024, stream=wrapper)
    buffer.fill(1, stream=wrapper)
    wrapper.sync()
    buffer.close(wrapper)
    wrapper.sync()
    wrapper.close()
