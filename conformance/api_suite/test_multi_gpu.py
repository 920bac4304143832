# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Several devices, common to every cuda.core: Device(1), peer access, switching the current device, copies across.

Every test needs two GPUs and skips, naming the count, with fewer. Data
crosses through pinned host memory (``LegacyPinnedMemoryResource``), which
``ctypes`` reads and writes directly once the stream that used it has been
synchronized. Peer access is shown by a kernel on device 1 that reads a
buffer of a device-0 memory pool, which it may only once the pool grants
device 1 access.
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np
import pytest

from cuda.core import (
    Device,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
    launch,
)
from cuda.core._utils.cuda_utils import CUDAError

pytestmark = pytest.mark.gpu

SIZE = 1 << 16
BLOCK = 256

COPY_BYTES = r"""
extern "C" __global__ void copy_bytes(unsigned char* out, const unsigned char* in, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}
"""


@pytest.fixture
def devices(device):
    """Return devices 0 and 1, device 0 current; device 0 is made current again afterwards."""
    count = len(Device.get_all_devices())
    if count < 2:
        pytest.skip(f"needs 2 GPUs, found {count}")
    yield device, Device(1)
    device.set_current()


def pattern(seed: int) -> bytes:
    """Return SIZE bytes that differ from those of another seed."""
    return bytes((seed * 31 + index * 7) % 251 for index in range(SIZE))


def to_device(device, data: bytes):
    """Copy bytes into a new buffer of ``device`` (made current), through pinned memory; return it and its stream."""
    device.set_current()
    stream = device.create_stream()
    host = LegacyPinnedMemoryResource().allocate(len(data))
    ctypes.memmove(int(host.handle), data, len(data))
    buffer = device.allocate(len(data), stream=stream)
    buffer.copy_from(host, stream=stream)
    stream.sync()
    host.close()
    return buffer, stream


def from_device(device, buffer, stream) -> bytes:
    """Return a buffer's contents, read through pinned memory on ``stream`` of ``device``."""
    device.set_current()
    host = LegacyPinnedMemoryResource().allocate(buffer.size)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    data = ctypes.string_at(int(host.handle), buffer.size)
    host.close()
    return data


def test_device_one_is_another_device(devices) -> None:
    first, second = devices
    assert second.device_id == 1
    assert int(second) == 1
    assert Device(1) is second
    assert second != first
    assert second.uuid != first.uuid
    assert second in Device.get_all_devices()


def test_can_access_peer_answers_for_either_form_of_the_peer(devices) -> None:
    first, second = devices
    answer = first.can_access_peer(second)
    assert isinstance(answer, bool)
    assert first.can_access_peer(1) == answer
    assert isinstance(second.can_access_peer(first), bool)


def test_set_current_switches_the_current_device(devices) -> None:
    first, second = devices
    second.set_current()
    assert Device().device_id == 1
    assert Device() is second
    first.set_current()
    assert Device().device_id == 0
    assert second.context != first.context


def test_objects_belong_to_their_device(devices) -> None:
    first, second = devices
    second.set_current()
    stream = second.create_stream()
    buffer = second.allocate(SIZE, stream=stream)
    event = stream.record()
    assert stream.device.device_id == 1
    assert event.device.device_id == 1
    assert buffer.device_id == 1
    first.set_current()
    assert first.create_stream().device.device_id == 0
    buffer.close(stream)
    stream.sync()
    stream.close()


def test_each_thread_has_its_own_current_device(devices) -> None:
    first, second = devices
    seen = []

    def body() -> None:
        second.set_current()
        seen.append(Device().device_id)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert seen == [1]
    assert Device().device_id == 0


@pytest.fixture
def peers(devices):
    """Return devices 0 and 1 with each one's current pool open to the other; closed again afterwards.

    A device reads or writes another device's pool memory, a copy included,
    only once the pool grants it access (``cuMemPoolSetAccess``).
    """
    first, second = devices
    if not (first.can_access_peer(second) and second.can_access_peer(first)):
        pytest.skip("devices 0 and 1 cannot access each other's memory on this machine")
    second.set_current()
    second.memory_resource.peer_accessible_by = [first]
    first.set_current()
    first.memory_resource.peer_accessible_by = [second]
    yield devices
    second.set_current()
    second.memory_resource.peer_accessible_by = []
    first.set_current()
    first.memory_resource.peer_accessible_by = []


@pytest.mark.parametrize(("source", "target"), [(0, 1), (1, 0)])
def test_copies_cross_devices(peers, source, target) -> None:
    data = pattern(source)
    origin, origin_stream = to_device(peers[source], data)
    destination, destination_stream = to_device(peers[target], pattern(target))
    peers[target].set_current()
    destination.copy_from(origin, stream=destination_stream)
    destination_stream.sync()
    assert from_device(peers[target], destination, destination_stream) == data
    peers[source].set_current()
    origin.copy_to(destination, stream=origin_stream)
    origin_stream.sync()
    assert from_device(peers[target], destination, destination_stream) == data
    destination.close(destination_stream)
    peers[source].set_current()
    origin.close(origin_stream)
    origin_stream.sync()


def test_a_copy_across_devices_needs_access_to_the_pool(devices) -> None:
    first, second = devices
    origin, origin_stream = to_device(first, pattern(0))
    destination, destination_stream = to_device(second, pattern(1))
    assert second not in first.memory_resource.peer_accessible_by
    with pytest.raises(CUDAError):
        destination.copy_from(origin, stream=destination_stream)
    destination_stream.sync()
    assert from_device(second, destination, destination_stream) == pattern(1)
    destination.close(destination_stream)
    destination_stream.sync()
    first.set_current()
    origin.close(origin_stream)
    origin_stream.sync()


def test_each_device_syncs_its_own_work(devices) -> None:
    first, second = devices
    for device in (first, second):
        buffer, stream = to_device(device, pattern(device.device_id))
        buffer.fill(device.device_id + 1, stream=stream)
        device.sync()
        assert from_device(device, buffer, stream) == bytes([device.device_id + 1]) * SIZE
        buffer.close(stream)
        stream.sync()


def test_peer_access_lets_another_device_read_a_pool(devices) -> None:
    first, second = devices
    if not second.can_access_peer(first):
        pytest.skip("device 1 cannot access the memory of device 0 on this machine")
    data = pattern(5)
    source, source_stream = to_device(first, data)
    pool = DeviceMemoryResource(first, DeviceMemoryResourceOptions())
    pooled = pool.allocate(SIZE, stream=source_stream)
    pooled.copy_from(source, stream=source_stream)
    source_stream.sync()
    assert len(pool.peer_accessible_by) == 0

    pool.peer_accessible_by = [second]
    assert second in pool.peer_accessible_by
    assert set(pool.peer_accessible_by) == {second}

    second.set_current()
    program = Program(COPY_BYTES, "c++", ProgramOptions(arch=f"sm_{second.arch}"))
    kernel = program.compile("cubin").get_kernel("copy_bytes")
    target, target_stream = to_device(second, bytes(SIZE))
    launch(target_stream, LaunchConfig(grid=SIZE // BLOCK, block=BLOCK), kernel, target, pooled, np.uint32(SIZE))
    target_stream.sync()
    assert from_device(second, target, target_stream) == data

    pool.peer_accessible_by = []
    assert len(pool.peer_accessible_by) == 0
    target.close(target_stream)
    target_stream.sync()
    first.set_current()
    pooled.close(source_stream)
    source.close(source_stream)
    source_stream.sync()
    pool.close()
    program.close()
