# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Sharing memory pools and buffers between processes (IPC), common to every cuda.core.

The cross-process tests start their children with the ``spawn`` method, as
CUDA requires, and send them resources and buffers through
:mod:`multiprocessing` and :mod:`pickle`. The children's functions live at
module level, and :func:`~cuda_core_guide.spawned.run_spawned` has the
child load this file to find them.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import uuid

import pytest

from cuda.core import (
    Buffer,
    Device,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    LegacyPinnedMemoryResource,
    ManagedBuffer,
    PinnedMemoryResource,
    PinnedMemoryResourceOptions,
)
from cuda.core._memory._ipc import IPCAllocationHandle
from cuda_core_guide.spawned import run_spawned

SIZE = 4096
"""The size of the buffers the tests share."""

CHILD_TIMEOUT = 120
"""How long, in seconds, a child process may take: spawning imports cuda.core afresh."""

OVERSIZED = 1 << 40
"""A size no test allocation reaches: a descriptor that claims it claims more than its memory."""

# Upstream's words, which its users match on.
SHORT_PAYLOAD_MESSAGE = r"^IPC buffer descriptor payload is {} bytes; expected at least 64$"
OVERSIZED_MESSAGE = rf"^IPC buffer descriptor size \({OVERSIZED}\) exceeds mapped allocation extent \(\d+ bytes\)$"


def resized(descriptor, payload: bytes | None = None, size: int | None = None):
    """Return a copy of a buffer descriptor with another payload or size, made as unpickling makes it."""
    factory, (old_payload, old_size) = descriptor.__reduce__()
    return factory(old_payload if payload is None else payload, old_size if size is None else size)


@pytest.fixture
def ipc_device(device):
    """Return device 0 if its memory pools can be shared through file descriptors."""
    if not device.properties.memory_pools_supported:
        pytest.skip("the device has no memory pools")
    if not device.properties.handle_type_posix_file_descriptor_supported:
        pytest.skip("the device cannot share memory pools through POSIX file descriptors")
    return device


@pytest.fixture
def ipc_pinned_device(ipc_device):
    """Return device 0 if host NUMA memory pools can be shared through file descriptors."""
    if not ipc_device.properties.host_numa_memory_pools_supported:
        pytest.skip("the device has no host NUMA memory pools")
    return ipc_device


def read_device(buffer: Buffer, stream) -> bytes:
    """Return the contents of ``buffer``, copied to the host through pinned memory."""
    host = LegacyPinnedMemoryResource().allocate(buffer.size, stream=stream)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    data = ctypes.string_at(int(host.handle), buffer.size)
    host.close()
    return data


def child_checks_and_fills_device(mr: DeviceMemoryResource, buffer: Buffer, size: int) -> None:
    """Run in a spawned process: check a shared device buffer holds 7s, then fill it with 9s."""
    device = Device(mr.device_id)
    device.set_current()
    stream = device.create_stream()
    assert mr.is_mapped
    assert mr.is_ipc_enabled
    assert buffer.is_mapped
    assert buffer.size == size
    assert buffer.memory_resource is mr
    assert read_device(buffer, stream) == b"\x07" * size
    with pytest.raises(TypeError):
        mr.allocate(size, stream=stream)
    buffer.fill(9, stream=stream)
    stream.sync()
    buffer.close(stream)
    stream.close()


def child_unpickles_after_resource(mr: DeviceMemoryResource, pickled: bytes, size: int) -> None:
    """Run in a spawned process: unpickle a buffer of the resource sent before it, then fill it."""
    device = Device(mr.device_id)
    device.set_current()
    assert DeviceMemoryResource.from_registry(mr.uuid) is mr
    assert pickle.loads(pickle.dumps(mr)) is mr
    buffer = pickle.loads(pickled)
    assert buffer.memory_resource is mr
    assert buffer.size == size
    stream = device.create_stream()
    buffer.fill(5, stream=stream)
    stream.sync()
    buffer.close(stream)
    stream.close()


def child_imports_descriptor(handle, descriptor, device_id: int, size: int) -> None:
    """Run in a spawned process: map a pool from its handle, import a buffer from its descriptor."""
    device = Device(device_id)
    device.set_current()
    stream = device.create_stream()
    mr = DeviceMemoryResource.from_allocation_handle(device, handle)
    assert mr.is_mapped
    assert mr.uuid == handle.uuid
    assert DeviceMemoryResource.from_registry(handle.uuid) is mr
    buffer = Buffer.from_ipc_descriptor(mr, descriptor, stream=stream)
    assert buffer.is_mapped
    assert buffer.size == size
    assert read_device(buffer, stream) == b"\x03" * size
    buffer.fill(4, stream=stream)
    stream.sync()
    buffer.close(stream)
    stream.close()


def child_checks_descriptor_sizes(handle, longer, oversized, device_id: int, size: int) -> None:
    """Run in a spawned process: import a descriptor with a longer payload, refuse one larger than its memory."""
    device = Device(device_id)
    device.set_current()
    stream = device.create_stream()
    mr = DeviceMemoryResource.from_allocation_handle(device, handle)
    with pytest.raises(ValueError, match=OVERSIZED_MESSAGE):
        Buffer.from_ipc_descriptor(mr, oversized, stream=stream)
    buffer = Buffer.from_ipc_descriptor(mr, longer, stream=stream)
    assert buffer.is_mapped
    assert buffer.size == size
    assert read_device(buffer, stream) == b"\x03" * size
    buffer.close(stream)
    stream.sync()
    stream.close()


def child_maps_a_registered_device_pool_as_pinned(handle, device_id: int) -> None:
    """Run in a spawned process: map a device pool, then ask for it as a pinned pool."""
    device = Device(device_id)
    device.set_current()
    mr = DeviceMemoryResource.from_allocation_handle(device, handle)
    message = (
        f"^Registry contains a DeviceMemoryResource for uuid {handle.uuid}, but PinnedMemoryResource was requested$"
    )
    with pytest.raises(TypeError, match=message):
        PinnedMemoryResource.from_allocation_handle(handle)
    assert DeviceMemoryResource.from_allocation_handle(device, handle) is mr
    mr.close()


def child_maps_a_device_pool_as_pinned(handle, device_id: int) -> None:
    """Run in a spawned process: ask for a device pool, mapped nowhere yet, as a pinned pool."""
    Device(device_id).set_current()
    with pytest.raises(TypeError, match="PinnedMemoryResource"):
        PinnedMemoryResource.from_allocation_handle(handle)


def child_checks_and_fills_pinned(mr: PinnedMemoryResource, buffer: Buffer, size: int) -> None:
    """Run in a spawned process: check a shared pinned buffer holds 7s, then set it to 9s."""
    assert mr.is_mapped
    assert buffer.is_mapped
    assert buffer.is_host_accessible
    assert ctypes.string_at(int(buffer.handle), size) == b"\x07" * size
    ctypes.memset(int(buffer.handle), 9, size)
    buffer.close()


def test_options_take_ipc_enabled() -> None:
    assert DeviceMemoryResourceOptions(ipc_enabled=True).ipc_enabled is True
    assert PinnedMemoryResourceOptions(ipc_enabled=True).ipc_enabled is True


@pytest.mark.parametrize("cls", [DeviceMemoryResource, PinnedMemoryResource])
def test_from_registry_refuses_unknown_identifiers(cls) -> None:
    key = uuid.uuid4()
    with pytest.raises(RuntimeError, match=str(key)):
        cls.from_registry(key)


def test_a_closed_allocation_handle_is_refused_before_anything_else() -> None:
    # A closed handle names no pool: it is refused before the registry is asked (which could
    # answer a resource mapped earlier) and before any driver call. (Upstream's pinned resource
    # asks the driver first; the reference's own tests cover it.)
    reader, writer = os.pipe()
    os.close(writer)
    handle = IPCAllocationHandle._init(reader, None)  # private: how both implementations make one
    handle.close()
    with pytest.raises(RuntimeError, match="^IPCAllocationHandle has been closed$"):
        DeviceMemoryResource.from_allocation_handle(0, handle)


def test_from_ipc_descriptor_needs_a_stream() -> None:
    with pytest.raises(TypeError):
        Buffer.from_ipc_descriptor(None, None)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Buffer.from_ipc_descriptor(None, None, stream=None)


def test_ipc_methods_are_inherited_by_managed_buffers() -> None:
    assert ManagedBuffer.from_ipc_descriptor.__func__ is Buffer.from_ipc_descriptor.__func__
    assert ManagedBuffer.ipc_descriptor is Buffer.ipc_descriptor


def test_plain_buffers_are_not_mapped() -> None:
    assert Buffer.from_handle(0, 0).is_mapped is False


@pytest.mark.gpu
def test_resource_without_ipc_refuses_sharing(device, stream) -> None:
    if not device.properties.memory_pools_supported:
        pytest.skip("the device has no memory pools")
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions(max_size=1 << 24))
    assert not mr.is_ipc_enabled
    assert not mr.is_mapped
    assert mr.uuid is None
    with pytest.raises(RuntimeError, match="not IPC-enabled"):
        _ = mr.allocation_handle
    buffer = mr.allocate(SIZE, stream=stream)
    with pytest.raises(RuntimeError, match="not IPC-enabled"):
        _ = buffer.ipc_descriptor
    buffer.close()
    mr.close()


@pytest.mark.gpu
def test_device_resource_with_ipc(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    assert mr.is_ipc_enabled
    assert not mr.is_mapped
    assert isinstance(mr.uuid, uuid.UUID)
    handle = mr.allocation_handle
    assert handle is mr.allocation_handle
    assert handle.uuid == mr.uuid
    assert int(handle) >= 0
    assert not handle.is_closed
    buffer = mr.allocate(SIZE, stream=stream)
    assert not buffer.is_mapped
    descriptor = buffer.ipc_descriptor
    assert descriptor.size == SIZE
    copy = pickle.loads(pickle.dumps(descriptor))
    assert type(copy) is type(descriptor)
    assert copy.size == SIZE
    with pytest.raises(RuntimeError):
        type(descriptor)()
    with pytest.raises(RuntimeError):
        type(handle)()
    buffer.close()
    mr.close()


@pytest.mark.gpu
def test_registry_returns_the_registered_resource(ipc_device) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    assert mr.register(mr.uuid) is mr
    assert DeviceMemoryResource.from_registry(mr.uuid) is mr
    # Pickling a resource names it by its identifier, found in the registry.
    assert pickle.loads(pickle.dumps(mr)) is mr
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_device_buffer_shared_through_multiprocessing(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    buffer = mr.allocate(SIZE, stream=stream)
    buffer.fill(7, stream=stream)
    stream.sync()
    run_spawned(child_checks_and_fills_device, mr, buffer, SIZE, timeout=CHILD_TIMEOUT)
    assert read_device(buffer, stream) == b"\x09" * SIZE
    buffer.close()
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_device_buffer_pickled_after_its_resource(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    buffer = mr.allocate(SIZE, stream=stream)
    buffer.fill(0, stream=stream)
    stream.sync()
    run_spawned(child_unpickles_after_resource, mr, pickle.dumps(buffer), SIZE, timeout=CHILD_TIMEOUT)
    assert read_device(buffer, stream) == b"\x05" * SIZE
    buffer.close()
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_device_buffer_shared_through_handle_and_descriptor(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    buffer = mr.allocate(SIZE, stream=stream)
    buffer.fill(3, stream=stream)
    stream.sync()
    run_spawned(
        child_imports_descriptor,
        mr.allocation_handle,
        buffer.ipc_descriptor,
        ipc_device.device_id,
        SIZE,
        timeout=CHILD_TIMEOUT,
    )
    assert read_device(buffer, stream) == b"\x04" * SIZE
    buffer.close()
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_pinned_buffer_shared_through_multiprocessing(ipc_pinned_device, stream) -> None:
    mr = PinnedMemoryResource(PinnedMemoryResourceOptions(ipc_enabled=True))
    assert mr.is_ipc_enabled
    assert not mr.is_mapped
    assert isinstance(mr.uuid, uuid.UUID)
    assert mr.allocation_handle.uuid == mr.uuid
    assert mr.numa_id >= 0
    buffer = mr.allocate(SIZE, stream=stream)
    stream.sync()
    ctypes.memset(int(buffer.handle), 7, SIZE)
    run_spawned(child_checks_and_fills_pinned, mr, buffer, SIZE, timeout=CHILD_TIMEOUT)
    assert ctypes.string_at(int(buffer.handle), SIZE) == b"\x09" * SIZE
    buffer.close()
    mr.close()


def child_imports_one_descriptor_twice(handle, descriptor, device_id: int, size: int) -> None:
    """Run in a spawned process: import one descriptor twice; the buffers share a mapping, closing both is safe."""
    device = Device(device_id)
    device.set_current()
    stream = device.create_stream()
    mr = DeviceMemoryResource.from_allocation_handle(device, handle)
    first = Buffer.from_ipc_descriptor(mr, descriptor, stream=stream)
    second = Buffer.from_ipc_descriptor(mr, descriptor, stream=stream)
    assert first is not second
    assert int(first.handle) == int(second.handle)
    first.close(stream)
    # The mapping stays for the other buffer.
    assert read_device(second, stream) == b"\x05" * size
    second.close(stream)
    stream.sync()
    # Both closed: a new import maps the allocation again.
    third = Buffer.from_ipc_descriptor(mr, descriptor, stream=stream)
    assert read_device(third, stream) == b"\x05" * size
    third.close(stream)
    stream.sync()
    stream.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_a_descriptor_imported_twice_shares_one_mapping(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    buffer = mr.allocate(SIZE, stream=stream)
    buffer.fill(5, stream=stream)
    stream.sync()
    run_spawned(
        child_imports_one_descriptor_twice,
        mr.allocation_handle,
        buffer.ipc_descriptor,
        ipc_device.device_id,
        SIZE,
        timeout=CHILD_TIMEOUT,
    )
    buffer.close()
    mr.close()


@pytest.mark.gpu
def test_a_short_descriptor_payload_is_refused_before_the_driver(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    buffer = mr.allocate(SIZE, stream=stream)
    descriptor = buffer.ipc_descriptor
    payload = descriptor.__reduce__()[1][0]
    assert len(payload) == 64
    for length in (0, 8, 63):
        with pytest.raises(ValueError, match=SHORT_PAYLOAD_MESSAGE.format(length)):
            Buffer.from_ipc_descriptor(mr, resized(descriptor, payload=payload[:length]), stream=stream)
    buffer.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_descriptor_sizes_are_checked_against_the_mapped_memory(ipc_device, stream) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    # Two buffers: the refused import is undone in stream order, and never meets the other one.
    accepted = mr.allocate(SIZE, stream=stream)
    refused = mr.allocate(SIZE, stream=stream)
    accepted.fill(3, stream=stream)
    stream.sync()
    longer = accepted.ipc_descriptor
    longer = resized(longer, payload=longer.__reduce__()[1][0] + bytes(8))
    oversized = resized(refused.ipc_descriptor, size=OVERSIZED)
    run_spawned(
        child_checks_descriptor_sizes,
        mr.allocation_handle,
        longer,
        oversized,
        ipc_device.device_id,
        SIZE,
        timeout=CHILD_TIMEOUT,
    )
    accepted.close(stream)
    refused.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_a_registered_device_pool_is_not_mapped_as_pinned(ipc_device) -> None:
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    run_spawned(
        child_maps_a_registered_device_pool_as_pinned,
        mr.allocation_handle,
        ipc_device.device_id,
        timeout=CHILD_TIMEOUT,
    )
    mr.close()


@pytest.mark.pool_import_in_child
@pytest.mark.gpu
def test_a_device_pool_is_not_mapped_as_pinned(ipc_device, known_upstream_bug) -> None:
    known_upstream_bug(
        "upstream 1.2.2 checks no pool kind: it maps a device pool's handle as a PinnedMemoryResource "
        "unless a DeviceMemoryResource of the same uuid is registered in the process"
    )
    mr = DeviceMemoryResource(ipc_device, DeviceMemoryResourceOptions(ipc_enabled=True))
    run_spawned(child_maps_a_device_pool_as_pinned, mr.allocation_handle, ipc_device.device_id, timeout=CHILD_TIMEOUT)
    mr.close()
