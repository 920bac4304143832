# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""VirtualMemoryResource, pool attributes and pool peer access, common to every cuda.core.

The GPU tests read device memory back through pinned host memory
(``LegacyPinnedMemoryResource``), which ``ctypes`` reads once the stream
that wrote it has been synchronized.
"""

from __future__ import annotations

import ctypes
import dataclasses

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import (
    Device,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    LegacyPinnedMemoryResource,
    ManagedMemoryResource,
    ManagedMemoryResourceOptions,
    MemoryResource,
    PinnedMemoryResource,
    PinnedMemoryResourceOptions,
    VirtualMemoryResource,
    VirtualMemoryResourceOptions,
)
from cuda.core.typing import (
    VirtualMemoryAccessType,
    VirtualMemoryAllocationType,
    VirtualMemoryGranularityType,
    VirtualMemoryHandleType,
    VirtualMemoryLocationType,
)

MIB = 1 << 20


def _vmm_resource(device, **options) -> VirtualMemoryResource:
    """Return a VirtualMemoryResource of ``device``, or skip where the device has no VMM."""
    if not device.properties.virtual_memory_management_supported:
        pytest.skip("the device does not support virtual memory management")
    return VirtualMemoryResource(device, VirtualMemoryResourceOptions(**options))


def _granularity(device, flag) -> int:
    """Return the granularity the driver reports for pinned device memory of ``device``."""
    prop = driver.CUmemAllocationProp()
    prop.type = driver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
    prop.location.type = driver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    prop.location.id = device.device_id
    prop.requestedHandleTypes = driver.CUmemAllocationHandleType.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR
    err, granularity = driver.cuMemGetAllocationGranularity(prop, flag)
    assert err == driver.CUresult.CUDA_SUCCESS
    return granularity


def _read_back(buffer, stream, size: int) -> bytes:
    """Return the first ``size`` bytes of a device buffer, copied through pinned host memory."""
    pinned = LegacyPinnedMemoryResource()
    host = pinned.allocate(buffer.size)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    data = ctypes.string_at(int(host.handle), size)
    host.close()
    return data


def test_public_names() -> None:
    for name in ("VirtualMemoryResource", "VirtualMemoryResourceOptions"):
        assert hasattr(cuda.core, name)
        assert name in cuda.core.__all__
    assert issubclass(VirtualMemoryResource, MemoryResource)


def test_virtual_memory_option_fields_and_defaults() -> None:
    fields = {f.name: f for f in dataclasses.fields(VirtualMemoryResourceOptions)}
    assert list(fields) == [
        "allocation_type",
        "location_type",
        "handle_type",
        "granularity",
        "gpu_direct_rdma",
        "addr_hint",
        "addr_align",
        "peers",
        "self_access",
        "peer_access",
    ]
    options = VirtualMemoryResourceOptions()
    assert options.allocation_type is VirtualMemoryAllocationType.PINNED
    assert options.location_type is VirtualMemoryLocationType.DEVICE
    assert options.handle_type is VirtualMemoryHandleType.POSIX_FD
    assert options.granularity is VirtualMemoryGranularityType.RECOMMENDED
    assert options.gpu_direct_rdma is False
    assert options.addr_hint == 0
    assert options.addr_align is None
    assert tuple(options.peers) == ()
    assert options.self_access is VirtualMemoryAccessType.READ_WRITE
    assert options.peer_access is VirtualMemoryAccessType.READ_WRITE


def test_virtual_memory_options_take_strings() -> None:
    options = VirtualMemoryResourceOptions(location_type="host", granularity="minimum", self_access="r")
    assert options.location_type == VirtualMemoryLocationType.HOST
    assert options.granularity == VirtualMemoryGranularityType.MINIMUM
    assert options.self_access == VirtualMemoryAccessType.READ


def test_pool_attributes_cannot_be_created_directly() -> None:
    from cuda.core._memory._memory_pool import _MemPoolAttributes

    with pytest.raises(RuntimeError):
        _MemPoolAttributes()


@pytest.mark.gpu
def test_virtual_memory_round_trip(device, stream) -> None:
    mr = _vmm_resource(device)
    assert mr.device_id == device.device_id
    assert mr.is_device_accessible
    assert not mr.is_host_accessible
    buf = mr.allocate(1000)
    assert buf.memory_resource is mr
    assert buf.size >= 1000
    assert buf.is_device_accessible
    buf.fill(0xA5, stream=stream)
    assert _read_back(buf, stream, buf.size) == b"\xa5" * buf.size
    buf.close()
    assert buf.is_closed
    # The resource keeps allocating after a buffer is freed.
    again = mr.allocate(1, stream=stream)
    again.fill(b"\x3c", stream=stream)
    assert _read_back(again, stream, 1) == b"\x3c"
    again.close()


@pytest.mark.gpu
@pytest.mark.parametrize(
    ("granularity", "flag"),
    [
        ("recommended", driver.CUmemAllocationGranularity_flags.CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
        ("minimum", driver.CUmemAllocationGranularity_flags.CU_MEM_ALLOC_GRANULARITY_MINIMUM),
    ],
)
def test_virtual_memory_rounds_up_to_the_granularity(device, granularity, flag) -> None:
    mr = _vmm_resource(device, granularity=granularity)
    step = _granularity(device, flag)
    for size in (1, step - 1, step, step + 1):
        buf = mr.allocate(size)
        assert buf.size == -(-size // step) * step
        assert int(buf.handle) % step == 0
        buf.close()


@pytest.mark.gpu
def test_virtual_memory_without_exportable_handle(device, stream) -> None:
    mr = _vmm_resource(device, handle_type=None)
    buf = mr.allocate(4096)
    buf.fill(0x11, stream=stream)
    assert _read_back(buf, stream, 16) == b"\x11" * 16
    buf.close()


@pytest.mark.gpu
def test_virtual_memory_refuses_unknown_option_values(device) -> None:
    with pytest.raises(ValueError, match="Unknown access spec"):
        _vmm_resource(device, self_access="write-only").allocate(1)
    with pytest.raises(ValueError, match="Unsupported granularity"):
        _vmm_resource(device, granularity="huge").allocate(1)


@pytest.mark.gpu
def test_device_pool_attributes_follow_allocations(device, stream) -> None:
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    attributes = mr.attributes
    assert attributes.used_mem_current == 0
    assert isinstance(attributes.release_threshold, int)
    assert attributes.release_threshold >= 0
    for name in (
        "reuse_follow_event_dependencies",
        "reuse_allow_opportunistic",
        "reuse_allow_internal_dependencies",
    ):
        assert isinstance(getattr(attributes, name), bool)
    buf = mr.allocate(MIB, stream=stream)
    stream.sync()
    assert attributes.used_mem_current >= MIB
    assert attributes.reserved_mem_current >= attributes.used_mem_current
    assert attributes.used_mem_high >= attributes.used_mem_current
    assert attributes.reserved_mem_high >= attributes.reserved_mem_current
    buf.close(stream)
    stream.sync()
    assert attributes.used_mem_current == 0
    assert attributes.used_mem_high >= MIB
    assert "used_mem_current=0" in repr(attributes)
    mr.close()


@pytest.mark.gpu
def test_pinned_pool_attributes(device, stream) -> None:
    if not device.properties.host_memory_pools_supported:
        pytest.skip("the device has no host memory pools")
    mr = PinnedMemoryResource(PinnedMemoryResourceOptions())
    buf = mr.allocate(MIB, stream=stream)
    stream.sync()
    assert mr.attributes.used_mem_current >= MIB
    assert mr.attributes.reserved_mem_current >= MIB
    buf.close(stream)
    stream.sync()
    assert mr.attributes.used_mem_current == 0
    mr.close()


@pytest.mark.gpu
def test_managed_pool_attributes(device, stream) -> None:
    if not device.properties.concurrent_managed_access:
        pytest.skip("the device has no concurrent managed access")
    try:
        mr = ManagedMemoryResource(ManagedMemoryResourceOptions(preferred_location=device.device_id))
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        pytest.skip(f"managed memory pools are not available: {exc}")
    buf = mr.allocate(MIB, stream=stream)
    stream.sync()
    assert mr.attributes.used_mem_current >= MIB
    assert mr.attributes.used_mem_high >= MIB
    buf.close(stream)
    stream.sync()
    assert mr.attributes.used_mem_current == 0
    mr.close()


@pytest.mark.gpu
def test_peer_accessible_by_ignores_the_own_device(device) -> None:
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    peers = mr.peer_accessible_by
    assert len(peers) == 0
    assert set(peers) == set()
    assert device not in peers
    assert device.device_id not in peers
    mr.peer_accessible_by = [device.device_id]
    assert len(mr.peer_accessible_by) == 0
    mr.peer_accessible_by = {device}
    assert len(mr.peer_accessible_by) == 0
    mr.peer_accessible_by.add(device)
    mr.peer_accessible_by.discard(device.device_id)
    assert len(mr.peer_accessible_by) == 0
    mr.peer_accessible_by = []
    assert set(mr.peer_accessible_by) == set()
    mr.close()


@pytest.mark.gpu
def test_peer_accessible_by_refuses_a_device_that_does_not_exist(device) -> None:
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    count = len(Device.get_all_devices())
    # Both name the device count, the first ordinal out of range.
    with pytest.raises(ValueError, match=str(count)):
        mr.peer_accessible_by = [count]
    assert count not in mr.peer_accessible_by
    mr.close()


@pytest.mark.gpu
def test_peer_accessible_by_grants_and_revokes(device) -> None:
    count = len(Device.get_all_devices())
    if count < 2:
        pytest.skip(f"needs 2 GPUs, found {count}")
    if not device.can_access_peer(1):
        pytest.skip("device 0 cannot access the memory of device 1")
    mr = DeviceMemoryResource(device, DeviceMemoryResourceOptions())
    mr.peer_accessible_by = [1]
    assert 1 in mr.peer_accessible_by
    assert set(mr.peer_accessible_by) == {Device(1)}
    mr.peer_accessible_by.clear()
    assert len(mr.peer_accessible_by) == 0
    mr.peer_accessible_by.add(Device(1))
    assert Device(1) in mr.peer_accessible_by
    mr.peer_accessible_by = []
    assert 1 not in mr.peer_accessible_by
    mr.close()
