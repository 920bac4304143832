# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The two development phases of Buffer.fill and Buffer.copy_to behave identically.

Phase 1 (``cuda.core._memory._phase1``) calls the Python ``driver`` module;
Phase 2 (the :class:`Buffer` methods) calls ``cydriver`` without the GIL.
Every case runs both and compares the results, or the exceptions' types and
messages.
"""

from __future__ import annotations

import ctypes

import pytest

from cuda.core import LEGACY_DEFAULT_STREAM, Buffer, LegacyPinnedMemoryResource
from cuda.core._memory import _phase1

UNUSED_ADDRESS = 0x1000
SIZE = 96


def phase2_fill(buffer, value, *, stream):
    """Call the Phase 2 form of fill."""
    return buffer.fill(value, stream=stream)


def phase2_copy_to(buffer, dst=None, *, stream):
    """Call the Phase 2 form of copy_to."""
    return buffer.copy_to(dst, stream=stream)


FILLS = pytest.mark.parametrize("fill", [_phase1.fill, phase2_fill], ids=["phase1", "phase2"])
COPIES = pytest.mark.parametrize("copy_to", [_phase1.copy_to, phase2_copy_to], ids=["phase1", "phase2"])


def outcome(call):
    """Return ``("ok", result)`` or ``(exception type, message)`` for a call."""
    try:
        return "ok", call()
    except Exception as exc:  # noqa: BLE001 - every exception is an outcome to compare
        return type(exc), str(exc)


def same_outcome(phase1_call, phase2_call):
    """Assert that both calls raise the same exception, with the same message."""
    first = outcome(phase1_call)
    second = outcome(phase2_call)
    assert first[0] is not None
    assert first[0] is second[0]
    assert first[1] == second[1] or first[0] == "ok"
    return first


def same_fill(buffer, value, stream=LEGACY_DEFAULT_STREAM):
    """Fill ``buffer`` with ``value`` in both phases; return the outcome they share."""
    return same_outcome(lambda: _phase1.fill(buffer, value, stream=stream), lambda: buffer.fill(value, stream=stream))


def same_copy(src, dst, stream=LEGACY_DEFAULT_STREAM):
    """Copy ``src`` to ``dst`` in both phases; return the outcome they share."""
    return same_outcome(lambda: _phase1.copy_to(src, dst, stream=stream), lambda: src.copy_to(dst, stream=stream))


@pytest.mark.parametrize("value", [256, -1, 1.5, "x", None, b"", b"abc", b"12345678", b"\x01\x02\x03\x04\x05"])
def test_fill_rejects_values_alike(value) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    kind, _ = same_fill(buffer, value)
    assert kind in (TypeError, ValueError)


def test_fill_rejects_a_pattern_that_does_not_fit_alike() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, 6)
    kind, message = same_fill(buffer, b"\x00\x01\x02\x03")
    assert kind is ValueError
    assert "6" in message


def test_closed_buffers_are_rejected_alike() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    other = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    buffer.close()
    kind, _ = same_fill(buffer, 0)
    assert kind is RuntimeError
    kind, _ = same_copy(other, buffer)
    assert kind is RuntimeError


@pytest.mark.parametrize("stream", [None, 0, "stream"])
def test_bad_streams_are_rejected_alike(stream) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    kind, _ = same_fill(buffer, 0, stream)
    assert kind is TypeError
    kind, _ = same_copy(buffer, buffer, stream)
    assert kind is TypeError


@pytest.mark.parametrize("dst", [Buffer.from_handle(UNUSED_ADDRESS, SIZE + 1), "not a buffer", None])
def test_bad_destinations_are_rejected_alike(dst) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    kind, _ = same_copy(buffer, dst)
    assert kind in (TypeError, ValueError)


@pytest.mark.gpu
@FILLS
@COPIES
@pytest.mark.parametrize("value", [0x7E, b"\xa5", b"\x01\x80", b"\x10\x20\x30\x40"])
def test_fill_and_copy_give_the_same_bytes(device, stream, fill, copy_to, value) -> None:
    pinned = LegacyPinnedMemoryResource()
    on_device = device.memory_resource.allocate(SIZE, stream=stream)
    host = pinned.allocate(SIZE)
    fill(on_device, value, stream=stream)
    assert copy_to(on_device, host, stream=stream) is host
    stream.sync()
    pattern = bytes([value]) if isinstance(value, int) else value
    assert bytes(memoryview(host)) == pattern * (SIZE // len(pattern))
    on_device.close()
    host.close()


@pytest.mark.gpu
@COPIES
def test_copy_to_allocates_alike(device, stream, copy_to) -> None:
    source = device.memory_resource.allocate(SIZE, stream=stream)
    source.fill(0x3C, stream=stream)
    copy = copy_to(source, stream=stream)
    assert copy.size == SIZE
    assert copy.memory_resource is source.memory_resource
    host = LegacyPinnedMemoryResource().allocate(SIZE)
    copy.copy_to(host, stream=stream)
    stream.sync()
    assert bytes(memoryview(host)) == b"\x3c" * SIZE


@pytest.mark.gpu
def test_driver_errors_are_raised_alike(device, stream) -> None:
    # Pageable host memory the driver has never seen: whether a memset may
    # write it depends on the system (HMM), but both phases must agree.
    data = bytearray(SIZE)
    address = ctypes.addressof((ctypes.c_char * SIZE).from_buffer(data))
    buffer = Buffer.from_handle(address, SIZE)
    first = outcome(lambda: _phase1.fill(buffer, 1, stream=stream))
    stream.sync()
    second = outcome(lambda: buffer.fill(1, stream=stream))
    stream.sync()
    assert first[0] is second[0]
    if first[0] != "ok":
        assert first[1] == second[1]
        assert first[1].startswith("CUDA_ERROR_")
