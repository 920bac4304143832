# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Batches of buffers in one driver call: ``copy_batch`` and the managed-memory batches."""

from __future__ import annotations

import ctypes
import dataclasses

import pytest

import cuda.core
from cuda.core import Device, Host, LegacyPinnedMemoryResource
from cuda.core.utils import (
    CopyOptions,
    MemcpyOverlapMode,
    MemcpySrcAccessOrder,
    copy_batch,
    discard_batch,
    discard_prefetch_batch,
    prefetch_batch,
)


def test_the_enumerations_are_strings() -> None:
    assert [m.value for m in MemcpySrcAccessOrder] == ["stream", "during_api_call", "any"]
    assert [m.value for m in MemcpyOverlapMode] == ["default", "prefer_overlap_with_compute"]
    assert MemcpySrcAccessOrder.ANY == "any"
    assert isinstance(MemcpyOverlapMode.DEFAULT, str)


def test_copy_options_convert_strings_and_are_frozen() -> None:
    default = CopyOptions()
    assert default.src_access_order is MemcpySrcAccessOrder.STREAM
    assert default.overlap_mode is MemcpyOverlapMode.DEFAULT
    assert default.src_location_hint is None
    assert default.dst_location_hint is None
    options = CopyOptions(src_access_order="any", overlap_mode="prefer_overlap_with_compute")
    assert options.src_access_order is MemcpySrcAccessOrder.ANY
    assert options.overlap_mode is MemcpyOverlapMode.PREFER_OVERLAP_WITH_COMPUTE
    assert options == CopyOptions(MemcpySrcAccessOrder.ANY, None, None, MemcpyOverlapMode.PREFER_OVERLAP_WITH_COMPUTE)
    assert hash(options) == hash(CopyOptions(src_access_order="any", overlap_mode="prefer_overlap_with_compute"))
    assert options != default
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.overlap_mode = "default"
    assert [f.name for f in dataclasses.fields(CopyOptions)] == [
        "src_access_order",
        "src_location_hint",
        "dst_location_hint",
        "overlap_mode",
    ]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [({"src_access_order": "sometimes"}, "src_access_order"), ({"overlap_mode": 3}, "overlap_mode")],
)
def test_copy_options_refuse_unknown_values(arguments, field) -> None:
    with pytest.raises(ValueError, match=f"invalid {field}"):
        CopyOptions(**arguments)


@pytest.mark.parametrize("function", [prefetch_batch, discard_prefetch_batch])
def test_managed_batches_check_their_buffers_first(function) -> None:
    with pytest.raises(ValueError, match="empty buffers sequence"):
        function(None, [], Host())
    with pytest.raises(TypeError, match="sequence of Buffer"):
        function(None, 5, Host())
    with pytest.raises(TypeError, match="expected Buffer"):
        function(None, [1], Host())


def test_discard_batch_checks_its_buffers_first() -> None:
    with pytest.raises(ValueError, match="empty buffers sequence"):
        discard_batch(None, [])
    with pytest.raises(TypeError, match="expected Buffer"):
        discard_batch(None, ["buffer"])


def test_copy_batch_needs_a_stream() -> None:
    with pytest.raises(TypeError):
        copy_batch(None, [], [])


def read(buffer) -> bytes:
    """Return the bytes of a host-accessible buffer."""
    return ctypes.string_at(int(buffer.handle), buffer.size)


def write(buffer, data: bytes) -> None:
    """Fill a host-accessible buffer with ``data``."""
    ctypes.memmove(int(buffer.handle), data, len(data))


@pytest.mark.gpu
def test_copy_batch_copies_every_pair(device) -> None:
    stream = device.create_stream()
    pinned = LegacyPinnedMemoryResource()
    sizes = (64, 1000, 4096)
    sources = [pinned.allocate(size) for size in sizes]
    for i, source in enumerate(sources):
        write(source, bytes((i * 7 + j) % 251 for j in range(source.size)))
    on_device = [device.allocate(size, stream=stream) for size in sizes]
    back = [pinned.allocate(size) for size in sizes]
    for buffer in back:
        write(buffer, bytes(buffer.size))
    copy_batch(stream, sources, on_device)
    copy_batch(
        stream,
        on_device,
        back,
        options=[
            CopyOptions(),
            CopyOptions(src_access_order="any"),
            CopyOptions(overlap_mode="prefer_overlap_with_compute"),
        ],
    )
    stream.sync()
    assert [read(buffer) for buffer in back] == [read(source) for source in sources]


@pytest.mark.gpu
def test_copy_batch_refuses_mismatches(device) -> None:
    stream = device.create_stream()
    a = device.allocate(64, stream=stream)
    b = device.allocate(128, stream=stream)
    with pytest.raises(ValueError, match="size mismatch"):
        copy_batch(stream, [a], [b])
    with pytest.raises(ValueError, match="does not match"):
        copy_batch(stream, [a, a], [b])
    with pytest.raises(ValueError, match="does not match"):
        copy_batch(stream, [a], [a], options=[CopyOptions(), CopyOptions()])
    with pytest.raises(TypeError, match="single buffer"):
        copy_batch(stream, a, b)
    with pytest.raises(TypeError, match="CopyOptions"):
        copy_batch(stream, [a], [a], options=5)
    stream.sync()


@pytest.mark.gpu
def test_copy_batch_refuses_the_legacy_default_stream(device) -> None:
    from cuda.core import LEGACY_DEFAULT_STREAM

    stream = device.create_stream()
    a, b = device.allocate(64, stream=stream), device.allocate(64, stream=stream)
    with pytest.raises(TypeError, match="LEGACY_DEFAULT_STREAM"):
        copy_batch(LEGACY_DEFAULT_STREAM, [a], [b])


def managed_buffers(device, stream, count: int, size: int):
    """Return ``count`` managed buffers, or skip when the device cannot migrate them."""
    from cuda.core import ManagedMemoryResource, ManagedMemoryResourceOptions

    if not device.properties.concurrent_managed_access:
        pytest.skip("the device has no concurrent managed access")
    try:
        resource = ManagedMemoryResource(ManagedMemoryResourceOptions(preferred_location=device.device_id))
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        pytest.skip(f"managed memory pools are not available: {exc}")
    return [resource.allocate(size, stream=stream) for _ in range(count)]


def run_or_skip(stream, function, *arguments) -> None:
    """Call ``function``, skipping the test where the driver does not support it."""
    try:
        function(stream, *arguments)
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        if "CUDA_ERROR_NOT_SUPPORTED" not in str(exc) and "CUDA_ERROR_NOT_FOUND" not in str(exc):
            raise
        stream.sync()
        pytest.skip(f"the driver does not support {function.__name__} here: {exc}")


@pytest.mark.gpu
def test_prefetch_batch_moves_managed_buffers_and_keeps_their_contents(device) -> None:
    stream = device.create_stream()
    buffers = managed_buffers(device, stream, 3, 1 << 16)
    stream.sync()
    for i, buffer in enumerate(buffers):
        write(buffer, bytes([i + 1]) * buffer.size)
    run_or_skip(stream, prefetch_batch, buffers, device)
    stream.sync()
    run_or_skip(stream, prefetch_batch, buffers, [Host(), device, Host()])
    stream.sync()
    for i, buffer in enumerate(buffers):
        assert read(buffer) == bytes([i + 1]) * buffer.size
    with pytest.raises(ValueError, match="does not match"):
        prefetch_batch(stream, buffers, [device])


@pytest.mark.gpu
def test_discard_batches_run_on_managed_buffers(device) -> None:
    stream = device.create_stream()
    buffers = managed_buffers(device, stream, 2, 1 << 16)
    run_or_skip(stream, discard_batch, buffers)
    run_or_skip(stream, discard_prefetch_batch, buffers, device)
    run_or_skip(stream, discard_prefetch_batch, buffers, [Device(0), Host()])
    stream.sync()
