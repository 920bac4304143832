# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Buffer and memory-resource behaviour common to every cuda.core.

Device memory is read back through buffers of ``LegacyPinnedMemoryResource``,
whose pinned host memory ``ctypes.string_at`` reads directly once the stream
that wrote it has been synchronized.
"""

from __future__ import annotations

import ctypes

import pytest

import cuda.core
from cuda.core import (
    LEGACY_DEFAULT_STREAM,
    Buffer,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    LegacyPinnedMemoryResource,
    MemoryResource,
)

# An address nothing is ever read from or written to: these buffers only
# exercise argument checks, which happen before any driver call.
UNUSED_ADDRESS = 0x1000
SIZE = 256


class HostBytesResource(MemoryResource):
    """Own Python-allocated host memory in name only, and record what it is asked to free."""

    def __init__(self) -> None:
        self.freed = []

    def allocate(self, size, *, stream=None):
        raise NotImplementedError

    def deallocate(self, ptr, size, *, stream=None):
        self.freed.append((int(ptr), size))

    @property
    def device_id(self) -> int:
        return -1

    @property
    def is_device_accessible(self) -> bool:
        return False

    @property
    def is_host_accessible(self) -> bool:
        return True


def host_bytes(buffer: Buffer) -> bytes:
    """Return the contents of a host-accessible buffer."""
    return ctypes.string_at(int(buffer.handle), buffer.size)


def write_host_bytes(buffer: Buffer, data: bytes) -> None:
    """Write ``data`` to the start of a host-accessible buffer."""
    ctypes.memmove(int(buffer.handle), data, len(data))


@pytest.fixture
def pinned():
    """Return the pinned host memory resource."""
    return LegacyPinnedMemoryResource()


def test_public_names() -> None:
    for name in (
        "Buffer",
        "MemoryResource",
        "DeviceMemoryResource",
        "DeviceMemoryResourceOptions",
        "LegacyPinnedMemoryResource",
    ):
        assert name in cuda.core.__all__
        assert hasattr(cuda.core, name)


def test_buffer_is_not_instantiated_directly() -> None:
    with pytest.raises(RuntimeError):
        Buffer()


def test_memory_resources_are_memory_resources() -> None:
    assert issubclass(DeviceMemoryResource, MemoryResource)
    assert issubclass(LegacyPinnedMemoryResource, MemoryResource)


def test_device_memory_resource_options_defaults() -> None:
    options = DeviceMemoryResourceOptions()
    assert options.ipc_enabled is False
    assert options.max_size == 0
    assert DeviceMemoryResourceOptions(max_size=1 << 20).max_size == 1 << 20


def test_from_handle_wraps_without_owning() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    assert buffer.handle == UNUSED_ADDRESS
    assert buffer.size == SIZE
    assert buffer.memory_resource is None
    assert buffer.owner is None
    assert not buffer.is_closed


def test_from_handle_keeps_its_owner() -> None:
    owner = object()
    assert Buffer.from_handle(UNUSED_ADDRESS, SIZE, owner=owner).owner is owner


def test_from_handle_refuses_both_owner_and_memory_resource() -> None:
    with pytest.raises(ValueError, match="owner"):
        Buffer.from_handle(UNUSED_ADDRESS, SIZE, mr=LegacyPinnedMemoryResource(), owner=object())


def test_from_handle_refuses_a_negative_size() -> None:
    with pytest.raises((ValueError, OverflowError)):
        Buffer.from_handle(UNUSED_ADDRESS, -1)


def test_close_is_idempotent_and_forgets_the_memory() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    buffer.close()
    buffer.close()
    assert buffer.is_closed
    assert buffer.size == 0
    assert buffer.handle == 0


def test_context_manager_closes() -> None:
    with Buffer.from_handle(UNUSED_ADDRESS, SIZE) as buffer:
        assert not buffer.is_closed
    assert buffer.is_closed


def test_use_after_close_raises() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    other = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    buffer.close()
    with pytest.raises(RuntimeError):
        buffer.fill(0, stream=LEGACY_DEFAULT_STREAM)
    with pytest.raises(RuntimeError):
        buffer.copy_to(other, stream=LEGACY_DEFAULT_STREAM)
    with pytest.raises(RuntimeError):
        other.copy_from(buffer, stream=LEGACY_DEFAULT_STREAM)
    with pytest.raises(RuntimeError):
        buffer.__dlpack__()
    with pytest.raises(RuntimeError):
        _ = buffer.device_id


@pytest.mark.parametrize("value", [256, -1])
def test_fill_refuses_an_int_that_is_not_a_byte(value) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises((ValueError, OverflowError)):
        buffer.fill(value, stream=LEGACY_DEFAULT_STREAM)


@pytest.mark.parametrize("value", [b"", b"abc", b"12345678"])
def test_fill_refuses_a_pattern_of_another_length(value) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises(ValueError, match=r"1, 2,? or 4"):
        buffer.fill(value, stream=LEGACY_DEFAULT_STREAM)


@pytest.mark.parametrize("value", [1.5, "a", None])
def test_fill_refuses_other_types(value) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises(TypeError):
        buffer.fill(value, stream=LEGACY_DEFAULT_STREAM)


def test_fill_refuses_a_pattern_that_does_not_divide_the_size() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, 7)
    with pytest.raises(ValueError, match="7"):
        buffer.fill(b"\x01\x02", stream=LEGACY_DEFAULT_STREAM)


def test_copies_refuse_mismatched_sizes() -> None:
    small = Buffer.from_handle(UNUSED_ADDRESS, 8)
    large = Buffer.from_handle(UNUSED_ADDRESS, 16)
    with pytest.raises(ValueError, match=r"8.*16"):
        small.copy_to(large, stream=LEGACY_DEFAULT_STREAM)
    with pytest.raises(ValueError, match=r"16.*8"):
        small.copy_from(large, stream=LEGACY_DEFAULT_STREAM)


def test_copy_to_without_memory_resource_needs_a_destination() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises(ValueError, match="memory.resource"):
        buffer.copy_to(stream=LEGACY_DEFAULT_STREAM)


def test_dlpack_refuses_a_copy() -> None:
    with pytest.raises(BufferError):
        Buffer.from_handle(UNUSED_ADDRESS, SIZE).__dlpack__(copy=True)


def test_close_frees_the_memory_while_a_dlpack_view_is_alive() -> None:
    data = bytearray(SIZE)
    address = ctypes.addressof((ctypes.c_char * SIZE).from_buffer(data))
    mr = HostBytesResource()
    buffer = Buffer.from_handle(address, SIZE, mr=mr)
    capsule = buffer.__dlpack__()
    versioned = buffer.__dlpack__(max_version=(1, 0))
    buffer.close()
    assert buffer.is_closed
    assert mr.freed == [(address, SIZE)]
    with pytest.raises(RuntimeError):
        buffer.__dlpack__()
    del capsule, versioned
    buffer.close()
    assert mr.freed == [(address, SIZE)]


@pytest.mark.gpu
def test_device_memory_resource_allocates_device_memory(device, stream) -> None:
    mr = DeviceMemoryResource(device.device_id)
    buffer = mr.allocate(SIZE, stream=stream)
    assert buffer.size == SIZE
    assert buffer.memory_resource is mr
    assert buffer.is_device_accessible
    assert not buffer.is_host_accessible
    assert buffer.device_id == device.device_id
    assert buffer.__dlpack_device__() == (2, device.device_id)  # kDLCUDA
    buffer.close(stream)
    assert buffer.is_closed


@pytest.mark.gpu
def test_device_memory_resource_properties(device) -> None:
    mr = DeviceMemoryResource(device)
    assert mr.device_id == device.device_id
    assert mr.is_device_accessible
    assert not mr.is_host_accessible
    assert not mr.is_handle_owned
    owned = DeviceMemoryResource(device.device_id, DeviceMemoryResourceOptions(max_size=1 << 24))
    assert owned.is_handle_owned
    owned.close()
    owned.close()


@pytest.mark.gpu
def test_pinned_buffers_are_host_and_device_accessible(device, pinned) -> None:
    buffer = pinned.allocate(SIZE)
    assert buffer.is_host_accessible
    assert buffer.is_device_accessible
    assert buffer.__dlpack_device__() == (3, 0)  # kDLCUDAHost
    write_host_bytes(buffer, bytes(range(SIZE)))
    assert host_bytes(buffer) == bytes(range(SIZE))
    buffer.close()


@pytest.mark.gpu
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0xAB, b"\xab" * SIZE),
        (b"\x5a", b"\x5a" * SIZE),
        (b"\x01\x02", b"\x01\x02" * (SIZE // 2)),
        (b"\xde\xad\xbe\xef", b"\xde\xad\xbe\xef" * (SIZE // 4)),
    ],
)
def test_fill_then_copy_to_host(device, stream, pinned, value, expected) -> None:
    buffer = device.memory_resource.allocate(SIZE, stream=stream)
    host = pinned.allocate(SIZE)
    buffer.fill(value, stream=stream)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    assert host_bytes(host) == expected
    buffer.close(stream)
    host.close()


@pytest.mark.gpu
def test_round_trip_through_device_memory(device, stream, pinned) -> None:
    data = bytes((7 * i) % 256 for i in range(SIZE))
    source = pinned.allocate(SIZE)
    write_host_bytes(source, data)
    on_device = device.memory_resource.allocate(SIZE, stream=stream)
    on_device.copy_from(source, stream=stream)
    copy = on_device.copy_to(stream=stream)  # allocated from the same resource
    assert copy.size == SIZE
    assert copy.memory_resource is on_device.memory_resource
    back = pinned.allocate(SIZE)
    copy.copy_to(back, stream=stream)
    stream.sync()
    assert host_bytes(back) == data
    for buffer in (on_device, copy):
        buffer.close(stream)
    source.close()
    back.close()


@pytest.mark.gpu
def test_pinned_buffer_closes_while_a_dlpack_view_is_alive(device, pinned) -> None:
    buffer = pinned.allocate(SIZE)
    capsule = buffer.__dlpack__(max_version=(1, 0))
    buffer.close()
    assert buffer.is_closed
    del capsule


@pytest.mark.gpu
def test_zero_sized_allocations(device, stream, pinned) -> None:
    assert device.memory_resource.allocate(0, stream=stream).size == 0
    assert pinned.allocate(0).size == 0
