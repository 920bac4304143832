# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Pinned and managed memory pools, managed buffers and ``Host``, common to every cuda.core."""

from __future__ import annotations

import ctypes
import dataclasses
import pickle

import pytest

import cuda.core
from cuda.core import (
    Buffer,
    Device,
    GraphMemoryResource,
    Host,
    LegacyPinnedMemoryResource,
    ManagedBuffer,
    ManagedMemoryResource,
    ManagedMemoryResourceOptions,
    MemoryResource,
    PinnedMemoryResource,
    PinnedMemoryResourceOptions,
)

# Upstream's words, which its users match on.
CAPTURING_MESSAGE = (
    r"^_MemPool cannot perform memory operations on a capturing stream \(consider using GraphMemoryResource\)\.$"
)
NOT_CAPTURING_MESSAGE = r"^GraphMemoryResource cannot perform memory operations on a non-capturing stream\.$"


def test_public_names() -> None:
    for name in (
        "Host",
        "LegacyPinnedMemoryResource",
        "ManagedBuffer",
        "ManagedMemoryResource",
        "ManagedMemoryResourceOptions",
        "PinnedMemoryResource",
        "PinnedMemoryResourceOptions",
    ):
        assert hasattr(cuda.core, name)


def test_resources_are_memory_resources() -> None:
    for cls in (PinnedMemoryResource, ManagedMemoryResource, LegacyPinnedMemoryResource):
        assert issubclass(cls, MemoryResource)
    assert issubclass(ManagedBuffer, Buffer)


def test_option_fields_and_defaults() -> None:
    pinned = {f.name: f.default for f in dataclasses.fields(PinnedMemoryResourceOptions)}
    assert pinned == {"ipc_enabled": False, "max_size": 0, "numa_id": None}
    managed = {f.name: f.default for f in dataclasses.fields(ManagedMemoryResourceOptions)}
    assert managed == {"preferred_location": None, "preferred_location_type": None}


@pytest.mark.parametrize(
    "options",
    [
        {"preferred_location_type": "nowhere"},
        {"preferred_location_type": "device"},
        {"preferred_location_type": "device", "preferred_location": -1},
        {"preferred_location_type": "host", "preferred_location": 0},
        {"preferred_location_type": "host_numa", "preferred_location": -3},
        {"preferred_location": -2},
    ],
)
def test_managed_options_refuse_inconsistent_locations(options) -> None:
    # Checked before any driver call, so no GPU is needed.
    with pytest.raises(ValueError, match="(?i)location"):
        ManagedMemoryResource(ManagedMemoryResourceOptions(**options))


def test_host_is_one_object_per_location() -> None:
    assert Host() is Host()
    assert Host(numa_id=1) is Host(1)
    assert Host.numa_current() is Host(is_numa_current=True)
    assert Host() is not Host.numa_current()
    assert Host() != Host(numa_id=0)
    assert len({Host(), Host(), Host(numa_id=0)}) == 2


def test_host_properties_and_repr() -> None:
    assert Host().numa_id is None
    assert not Host().is_numa_current
    assert Host(numa_id=2).numa_id == 2
    assert Host.numa_current().is_numa_current
    assert Host.numa_current().numa_id is None
    assert repr(Host()) == "Host()"
    assert repr(Host(numa_id=3)) == "Host(numa_id=3)"
    assert repr(Host.numa_current()) == "Host.numa_current()"


@pytest.mark.parametrize("host", [Host(), Host(numa_id=1), Host.numa_current()])
def test_host_pickles_to_the_same_object(host) -> None:
    assert pickle.loads(pickle.dumps(host)) is host


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((-1,), {}), (("0",), {}), ((True,), {}), ((0,), {"is_numa_current": True})],
)
def test_host_refuses_bad_arguments(args, kwargs) -> None:
    with pytest.raises(ValueError, match="numa"):
        Host(*args, **kwargs)


def test_host_words_its_refusals_as_upstream() -> None:
    with pytest.raises(ValueError, match=r"^numa_id and is_numa_current are mutually exclusive$"):
        Host(0, is_numa_current=True)
    with pytest.raises(ValueError, match=r"^numa_id must be a non-negative int, got -1$"):
        Host(-1)
    with pytest.raises(ValueError, match=r"^numa_id must be a non-negative int, got True$"):
        Host(True)


def test_host_is_not_a_device() -> None:
    assert Host() != 0
    assert not isinstance(Host(), Device)


@pytest.mark.gpu
def test_pinned_pool_of_its_own(device, stream) -> None:
    if not device.properties.host_memory_pools_supported:
        pytest.skip("the device has no host memory pools")
    mr = PinnedMemoryResource(PinnedMemoryResourceOptions(max_size=1 << 24))
    assert mr.is_handle_owned
    assert mr.is_device_accessible
    assert mr.is_host_accessible
    assert mr.device_id == -1
    assert mr.numa_id == -1
    assert not mr.is_ipc_enabled
    buf = mr.allocate(256, stream=stream)
    assert type(buf) is Buffer
    assert buf.size == 256
    assert buf.memory_resource is mr
    assert buf.is_host_accessible
    assert buf.is_device_accessible
    stream.sync()
    # Written and read by the host: on the H100 runner the driver refuses a
    # memset of host-pool memory (CUDA_ERROR_INVALID_VALUE), for upstream too.
    ctypes.memset(int(buf.handle), 7, 256)
    assert ctypes.string_at(int(buf.handle), 256) == bytes([7]) * 256
    buf.close(stream)
    mr.close()
    assert mr.is_closed
    with pytest.raises(RuntimeError):
        mr.allocate(16, stream=stream)


@pytest.mark.gpu
def test_pinned_current_pool_is_borrowed(device, stream) -> None:
    if not device.properties.host_memory_pools_supported:
        pytest.skip("the device has no host memory pools")
    mr = PinnedMemoryResource()
    assert not mr.is_handle_owned
    buf = mr.allocate(64, stream=stream)
    buf.close(stream)
    mr.close()
    stream.sync()


@pytest.mark.gpu
def test_pinned_copy_round_trip(device, stream) -> None:
    if not device.properties.host_memory_pools_supported:
        pytest.skip("the device has no host memory pools")
    mr = PinnedMemoryResource(PinnedMemoryResourceOptions())
    src = mr.allocate(128, stream=stream)
    stream.sync()
    ctypes.memmove(int(src.handle), bytes(range(128)), 128)
    dev_buf = device.memory_resource.allocate(128, stream=stream)
    dev_buf.copy_from(src, stream=stream)
    dst = mr.allocate(128, stream=stream)
    dev_buf.copy_to(dst, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(dst.handle), 128) == bytes(range(128))
    for buf in (src, dev_buf, dst):
        buf.close(stream)
    stream.sync()
    mr.close()


def _managed_pool(device) -> ManagedMemoryResource:
    if not device.properties.concurrent_managed_access:
        pytest.skip("the device has no concurrent managed access")
    try:
        return ManagedMemoryResource(ManagedMemoryResourceOptions(preferred_location=device.device_id))
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        pytest.skip(f"managed memory pools are not available: {exc}")


def _read_mostly_or_skip(buf: ManagedBuffer, stream) -> None:
    """Set the read-mostly advice, or skip where the driver refuses advice (the H100 runner's does)."""
    try:
        buf.read_mostly = True
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        if "CUDA_ERROR_NOT_SUPPORTED" not in str(exc):
            raise
        stream.sync()
        pytest.skip(f"the driver refuses memory advice for pool-allocated managed memory here: {exc}")


@pytest.mark.gpu
def test_managed_pool_allocates_managed_buffers(device, stream) -> None:
    mr = _managed_pool(device)
    assert mr.is_handle_owned
    assert mr.is_managed
    assert mr.is_host_accessible
    assert mr.is_device_accessible
    assert mr.device_id == device.device_id
    assert mr.preferred_location == ("device", device.device_id)
    assert mr.handle is not None
    assert mr.is_ipc_enabled is False
    assert mr.uuid is None
    assert mr.is_closed is False
    buf = mr.allocate(4096, stream=stream)
    assert isinstance(buf, ManagedBuffer)
    assert buf.is_managed
    assert buf.is_mapped is False
    buf.fill(3, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(buf.handle), 16) == bytes([3]) * 16
    buf.close(stream)
    stream.sync()
    mr.close()
    assert mr.is_closed


@pytest.mark.gpu
def test_managed_pool_preferred_host(device) -> None:
    if not device.properties.concurrent_managed_access:
        pytest.skip("the device has no concurrent managed access")
    try:
        mr = ManagedMemoryResource({"preferred_location_type": "host"})
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        pytest.skip(f"managed memory pools are not available: {exc}")
    assert mr.preferred_location == ("host", None)
    assert mr.device_id == -1
    mr.close()


@pytest.mark.gpu
def test_managed_buffer_advice(device, stream) -> None:
    mr = _managed_pool(device)
    buf = mr.allocate(1 << 16, stream=stream)
    stream.sync()
    _read_mostly_or_skip(buf, stream)
    assert buf.read_mostly is True
    buf.read_mostly = False
    assert buf.read_mostly is False
    buf.preferred_location = Host()
    assert buf.preferred_location == Host()
    buf.preferred_location = device
    assert buf.preferred_location == device
    buf.preferred_location = None
    assert buf.preferred_location is None
    buf.accessed_by.add(device)
    assert device in buf.accessed_by
    assert len(buf.accessed_by) == 1
    buf.accessed_by.discard(device)
    assert device not in buf.accessed_by
    buf.accessed_by = [device]
    assert set(buf.accessed_by) == {device}
    buf.accessed_by = []
    assert len(buf.accessed_by) == 0
    with pytest.raises(TypeError):
        buf.accessed_by.add(0)
    buf.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.gpu
def test_a_host_numa_node_is_refused_as_an_accessor_before_any_advice(device, stream) -> None:
    # The advice is read back per device and for the host as a whole: a NUMA node of the host
    # is refused, and an assignment that holds one changes nothing (checked before the driver,
    # so this runs where the driver refuses advice for pool memory too).
    mr = _managed_pool(device)
    buf = mr.allocate(4096, stream=stream)
    stream.sync()
    try:
        before = set(buf.accessed_by)
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        if "CUDA_ERROR_NOT_SUPPORTED" not in str(exc):
            raise
        before = None  # the driver answers nothing about pool memory's advice here
    for location in (Host(numa_id=0), Host.numa_current()):
        with pytest.raises(ValueError, match=r"does not support location_type='host_numa"):
            buf.accessed_by = {device, location}
        with pytest.raises(ValueError, match=r"does not support location_type='host_numa"):
            buf.accessed_by.add(location)
    if before is not None:
        assert set(buf.accessed_by) == before
    buf.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.gpu
def test_managed_operations_refuse_memory_that_is_not_managed(device, stream) -> None:
    # ManagedBuffer.from_handle wraps any address; advice and migration ask first, in upstream's words.
    plain = device.memory_resource.allocate(4096, stream=stream)
    stream.sync()
    view = ManagedBuffer.from_handle(int(plain.handle), 4096, owner=plain)
    with pytest.raises(ValueError, match="managed-memory allocation"):
        view.read_mostly = True
    with pytest.raises(ValueError, match="managed-memory allocation"):
        view.prefetch(device, stream=stream)
    with pytest.raises(ValueError, match="managed-memory allocation"):
        view.discard_prefetch(device, stream=stream)
    plain.close(stream)
    stream.sync()


@pytest.mark.gpu
def test_a_prefetch_needs_a_location(device, stream) -> None:
    mr = _managed_pool(device)
    buf = mr.allocate(4096, stream=stream)
    with pytest.raises(ValueError, match="^location is required$"):
        buf.prefetch(None, stream=stream)
    buf.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.gpu
def test_managed_buffer_state_copies_and_discards(device, stream) -> None:
    # What a managed buffer answers and does without memory advice (which some drivers refuse for pool memory).
    mr = _managed_pool(device)
    buf = mr.allocate(4096, stream=stream)
    other = mr.allocate(4096, stream=stream)
    assert buf.memory_resource is mr
    assert buf.device_id == device.device_id
    assert buf.is_device_accessible
    assert buf.is_host_accessible
    assert not buf.is_closed
    assert buf.read_mostly is False
    assert buf.preferred_location in (None, device, Host())
    assert all(isinstance(location, (Device, Host)) for location in buf.accessed_by)
    buf.fill(5, stream=stream)
    other.copy_from(buf, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(other.handle), 16) == bytes([5]) * 16
    buf.fill(6, stream=stream)
    buf.copy_to(other, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(other.handle), 16) == bytes([6]) * 16
    for discard in (lambda: buf.discard(stream=stream), lambda: buf.discard_prefetch(device, stream=stream)):
        try:
            discard()  # the contents are undefined afterwards, so only the call is checked
        except cuda.core._utils.cuda_utils.CUDAError as exc:
            assert "CUDA_ERROR_NOT_SUPPORTED" in str(exc)  # noqa: PT017 - a driver that cannot discard
    stream.sync()
    buf.set_deallocation_stream(stream)
    buf.close()
    other.close(stream)
    stream.sync()
    assert buf.is_closed
    mr.close()


@pytest.mark.gpu
def test_managed_buffer_prefetch(device, stream) -> None:
    mr = _managed_pool(device)
    buf = mr.allocate(1 << 16, stream=stream)
    buf.prefetch(device, stream=stream)
    buf.fill(9, stream=stream)
    buf.prefetch(Host(), stream=stream)
    stream.sync()
    assert ctypes.string_at(int(buf.handle), 8) == bytes([9]) * 8
    with pytest.raises(TypeError):
        buf.prefetch(0, stream=stream)
    buf.close(stream)
    stream.sync()
    mr.close()


@pytest.mark.gpu
def test_managed_buffer_from_handle_does_not_own(device, stream) -> None:
    mr = _managed_pool(device)
    owner = mr.allocate(256, stream=stream)
    stream.sync()
    view = ManagedBuffer.from_handle(int(owner.handle), 256, owner=owner)
    assert isinstance(view, ManagedBuffer)
    assert view.owner is owner
    _read_mostly_or_skip(view, stream)
    assert view.read_mostly
    view.close()
    assert not owner.is_closed
    owner.close(stream)
    stream.sync()
    mr.close()


def _capture(device):
    """Return a graph builder of ``device`` that is building (capturing its stream)."""
    return device.create_graph_builder().begin_building()


def _end_capture(builder) -> None:
    """End the capture of ``builder`` and close it: a capture left open disturbs later tests."""
    try:
        builder.end_building()
    finally:
        builder.close()


@pytest.mark.gpu
def test_device_pool_refuses_a_capturing_stream(device, stream) -> None:
    mr = device.memory_resource
    builder = _capture(device)
    try:
        for target in (builder, builder.stream):
            with pytest.raises(RuntimeError, match=CAPTURING_MESSAGE):
                mr.allocate(64, stream=target)
        with pytest.raises(RuntimeError, match=CAPTURING_MESSAGE):
            device.allocate(64, stream=builder)
    finally:
        _end_capture(builder)
    # Refused before the driver saw it: the capture ended cleanly, and the pool still allocates.
    mr.allocate(64, stream=stream).close(stream)
    stream.sync()


@pytest.mark.gpu
def test_pinned_pool_refuses_a_capturing_stream(device) -> None:
    if not device.properties.host_memory_pools_supported:
        pytest.skip("the device has no host memory pools")
    mr = PinnedMemoryResource(PinnedMemoryResourceOptions(max_size=1 << 24))
    builder = _capture(device)
    try:
        for target in (builder, builder.stream):
            with pytest.raises(RuntimeError, match=CAPTURING_MESSAGE):
                mr.allocate(64, stream=target)
    finally:
        _end_capture(builder)
    mr.close()


@pytest.mark.gpu
def test_managed_pool_refuses_a_capturing_stream(device) -> None:
    mr = _managed_pool(device)
    builder = _capture(device)
    try:
        with pytest.raises(RuntimeError, match=CAPTURING_MESSAGE):
            mr.allocate(64, stream=builder.stream)
    finally:
        _end_capture(builder)
    mr.close()


@pytest.mark.gpu
def test_managed_pool_refuses_a_capturing_graph_builder(device, known_upstream_bug) -> None:
    known_upstream_bug(
        "upstream 1.2.2 raises AssertionError('Only Stream is supported for managed memory allocations') "
        "for a GraphBuilder, which every other pool takes as its stream"
    )
    mr = _managed_pool(device)
    builder = _capture(device)
    try:
        with pytest.raises(RuntimeError, match=CAPTURING_MESSAGE):
            mr.allocate(64, stream=builder)
    finally:
        _end_capture(builder)
    mr.close()


def test_graph_memory_resource_refuses_bad_streams_and_attribute_values() -> None:
    # Every refusal comes before a driver call: no GPU is needed.
    with pytest.raises(TypeError):
        GraphMemoryResource("0")
    mr = GraphMemoryResource(0)
    with pytest.raises(TypeError, match=r"^stream is required and must not be None; "):
        mr.allocate(64, stream=None)
    with pytest.raises(TypeError, match=r"^Stream or GraphBuilder expected, got int$"):
        mr.allocate(64, stream=1)
    with pytest.raises(AttributeError):
        _ = mr.is_ipc_enabled
    attributes = mr.attributes
    with pytest.raises(
        RuntimeError,
        match=r"^GraphMemoryResourceAttributes cannot be instantiated directly\. Please use MemoryResource APIs\.$",
    ):
        type(attributes)()
    for name in ("reserved_mem_high", "used_mem_high"):
        with pytest.raises(AttributeError, match=rf"^Attribute '{name}' may only be set to zero \(got 5\)\.$"):
            setattr(attributes, name, 5)
        for value, got in (("0", "str"), (0.0, "float"), (None, "NoneType")):
            with pytest.raises(TypeError, match=rf"^Argument 'value' has incorrect type \(expected int, got {got}\)$"):
                setattr(attributes, name, value)
        # Upstream adds a note on Cython's strictness to this one.
        with pytest.raises(TypeError, match=r"^Argument 'value' has incorrect type \(expected int, got bool\)"):
            setattr(attributes, name, False)
    for name in ("reserved_mem_current", "used_mem_current"):
        with pytest.raises(AttributeError, match="not writable"):
            setattr(attributes, name, 0)


@pytest.mark.gpu
def test_graph_memory_resource_needs_a_capturing_stream(device, stream) -> None:
    mr = GraphMemoryResource(device)
    with pytest.raises(RuntimeError, match=NOT_CAPTURING_MESSAGE):
        mr.allocate(64, stream=stream)
    idle = device.create_graph_builder()  # not building yet
    with pytest.raises(RuntimeError, match=NOT_CAPTURING_MESSAGE):
        mr.allocate(64, stream=idle)
    idle.close()
    attributes = mr.attributes
    attributes.reserved_mem_high = 0
    attributes.used_mem_high = 0
