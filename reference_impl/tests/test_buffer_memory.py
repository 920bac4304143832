# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Buffers and memory resources of the reference implementation.

The CPU tests wrap host memory that Python owns (a ``bytearray``) in a
:class:`Buffer` whose memory resource says it is host memory, which exercises
the buffer protocol, DLPack and the lifecycle without a driver.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import pickle
import subprocess
import sys
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from cuda.bindings import driver

from cuda.core import (
    LEGACY_DEFAULT_STREAM,
    Buffer,
    DeviceMemoryResource,
    DeviceMemoryResourceOptions,
    IPCAllocationHandle,
    LegacyPinnedMemoryResource,
    MemoryPoolAccess,
    MemoryResource,
    PinnedMemoryResource,
)
from cuda.core._utils.cuda_utils import CUDAError

UNUSED_ADDRESS = 0x1000
SIZE = 64

PyCapsule_IsValid = ctypes.pythonapi.PyCapsule_IsValid
PyCapsule_IsValid.restype = ctypes.c_int
PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]


class HostMemoryResource(MemoryResource):
    """Pretend to have allocated Python-owned host memory, and free nothing.

    Plain class attributes stand in for the properties of a resource.
    """

    device_id = -1
    is_device_accessible = False
    is_host_accessible = True

    def __init__(self) -> None:
        self.freed = []
        self.streams = []

    def allocate(self, size, *, stream=None):
        raise NotImplementedError

    def deallocate(self, ptr, size, *, stream=None):
        self.freed.append((ptr, size))
        self.streams.append(stream)


class FailingMemoryResource(HostMemoryResource):
    """Fail every deallocation, as a driver error would."""

    def deallocate(self, ptr, size, *, stream=None):
        raise CUDAError("CUDA_ERROR_ILLEGAL_ADDRESS: planted failure")


class DeviceOnlyMemoryResource(HostMemoryResource):
    """Claim device memory, so that the host must not read it."""

    is_device_accessible = True
    is_host_accessible = False


def buffer_address(data: bytearray) -> int:
    """Return the address of the memory of ``data``."""
    return ctypes.addressof((ctypes.c_char * len(data)).from_buffer(data))


def wrap_host(data: bytearray, mr: MemoryResource | None = None) -> Buffer:
    """Wrap Python-owned memory in a buffer owned by ``mr``."""
    return Buffer.from_handle(buffer_address(data), len(data), mr=mr or HostMemoryResource())


# Audit decision 8: a typed answer that still compares equal to the old strings.


def test_memory_pool_access_is_a_string_enum() -> None:
    assert MemoryPoolAccess.READ_WRITE == "rw"
    assert MemoryPoolAccess.READ == "r"
    assert MemoryPoolAccess.NONE == ""
    assert MemoryPoolAccess("rw") is MemoryPoolAccess.READ_WRITE
    assert isinstance(MemoryPoolAccess.READ, str)
    assert str(MemoryPoolAccess.READ_WRITE) == "rw"
    assert not MemoryPoolAccess.NONE


# Argument checks: the value is named in the message.


@pytest.mark.parametrize("value", [256, -1, 1000])
def test_fill_names_the_out_of_range_value(value) -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises(ValueError, match=f"fill value {value} is out of range"):
        buffer.fill(value, stream=LEGACY_DEFAULT_STREAM)


def test_fill_names_the_pattern_length() -> None:
    with pytest.raises(ValueError, match="got 3 bytes"):
        Buffer.from_handle(UNUSED_ADDRESS, SIZE).fill(b"abc", stream=LEGACY_DEFAULT_STREAM)


@pytest.mark.parametrize("cls", [DeviceMemoryResource, PinnedMemoryResource])
def test_a_closed_allocation_handle_is_refused_before_the_registry_and_the_driver(cls) -> None:
    reader, writer = os.pipe()
    os.close(writer)
    handle = IPCAllocationHandle._init(reader, None)
    handle.close()
    arguments = (0, handle) if cls is DeviceMemoryResource else (handle,)
    with pytest.raises(RuntimeError, match="^IPCAllocationHandle has been closed$"):
        cls.from_allocation_handle(*arguments)


def test_sizes_at_the_ends_of_size_t_are_taken_or_refused_in_the_words_of_a_size() -> None:
    largest = 2**64 - 1
    assert Buffer.from_handle(UNUSED_ADDRESS, largest).size == largest
    assert Buffer.from_handle(UNUSED_ADDRESS, 0).size == 0
    with pytest.raises(OverflowError, match=f"^size must be at most {largest}, got {largest + 1}$"):
        Buffer.from_handle(UNUSED_ADDRESS, largest + 1)
    assert Buffer.from_handle(UNUSED_ADDRESS, np.uint64(largest)).size == largest
    with pytest.raises(TypeError, match="^size must be an int, got float$"):
        Buffer.from_handle(UNUSED_ADDRESS, 8.0)


def test_negative_sizes_are_value_errors() -> None:
    with pytest.raises(ValueError, match="size must not be negative, got -1"):
        Buffer.from_handle(UNUSED_ADDRESS, -1)
    with pytest.raises(ValueError, match="got -8"):
        LegacyPinnedMemoryResource().allocate(-8)


@pytest.mark.parametrize(("ptr", "size"), [("0x10", 8), (UNUSED_ADDRESS, "8"), (1.5, 8), (UNUSED_ADDRESS, None)])
def test_from_handle_refuses_wrong_types(ptr, size) -> None:
    with pytest.raises(TypeError):
        Buffer.from_handle(ptr, size)


def test_from_handle_refuses_a_negative_pointer() -> None:
    with pytest.raises(ValueError, match="-16"):
        Buffer.from_handle(-16, SIZE)


def test_from_handle_needs_a_memory_resource_for_a_stream() -> None:
    with pytest.raises(ValueError, match="mr"):
        Buffer.from_handle(UNUSED_ADDRESS, SIZE, stream=LEGACY_DEFAULT_STREAM)


def test_from_handle_refuses_a_non_resource() -> None:
    with pytest.raises(TypeError, match="MemoryResource"):
        Buffer.from_handle(UNUSED_ADDRESS, SIZE, mr=object())


def test_copy_sizes_are_named() -> None:
    small = Buffer.from_handle(UNUSED_ADDRESS, 8)
    large = Buffer.from_handle(UNUSED_ADDRESS, 16)
    with pytest.raises(ValueError, match="8 bytes to a buffer of 16 bytes"):
        small.copy_to(large, stream=LEGACY_DEFAULT_STREAM)


def test_copy_options_are_not_supported() -> None:
    buffer = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    with pytest.raises(NotImplementedError, match="options"):
        buffer.copy_to(buffer, stream=LEGACY_DEFAULT_STREAM, options=object())


def test_legacy_pinned_resource_checks_its_arguments() -> None:
    mr = LegacyPinnedMemoryResource()
    with pytest.raises(TypeError, match="str"):
        mr.allocate("8")
    with pytest.raises(TypeError, match="stream"):
        mr.allocate(8, stream="default")
    with pytest.raises(RuntimeError, match="not bound to any device"):
        _ = mr.device_id


def test_memory_resource_is_abstract() -> None:
    mr = MemoryResource()
    with pytest.raises(NotImplementedError):
        mr.allocate(8, stream=LEGACY_DEFAULT_STREAM)
    with pytest.raises(NotImplementedError):
        mr.deallocate(0, 8, stream=None)
    with pytest.raises(NotImplementedError):
        _ = mr.is_device_accessible
    assert mr.is_managed is False


def test_equality_is_by_address_and_size() -> None:
    a = Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    assert a == Buffer.from_handle(UNUSED_ADDRESS, SIZE)
    assert a != Buffer.from_handle(UNUSED_ADDRESS, SIZE + 1)
    assert len({a, Buffer.from_handle(UNUSED_ADDRESS, SIZE)}) == 1
    assert repr(a) == f"<Buffer ptr={UNUSED_ADDRESS:#x} size={SIZE}>"


# Lifecycle: close() frees through the resource once; __dealloc__ never raises.


def test_buffers_cannot_be_pickled() -> None:
    # An unpickled copy would free the same memory a second time: only buffers of
    # IPC-enabled resources pickle, and they unpickle as imports into another process.
    with pytest.raises(RuntimeError, match="not IPC-enabled"):
        pickle.dumps(Buffer.from_handle(UNUSED_ADDRESS, SIZE))


def test_close_hands_the_memory_back_once() -> None:
    data = bytearray(SIZE)
    mr = HostMemoryResource()
    buffer = wrap_host(data, mr)
    address = buffer.handle
    buffer.close()
    buffer.close()
    assert mr.freed == [(address, SIZE)]
    assert buffer.memory_resource is None


def test_the_deallocation_stream_can_be_chosen_before_closing() -> None:
    data = bytearray(SIZE)
    mr = HostMemoryResource()
    buffer = wrap_host(data, mr)
    with pytest.raises(TypeError, match="stream"):
        buffer.set_deallocation_stream(None)
    buffer.set_deallocation_stream(LEGACY_DEFAULT_STREAM)
    assert not buffer.is_closed
    buffer.close()
    assert mr.streams == [LEGACY_DEFAULT_STREAM]
    with pytest.raises(RuntimeError, match="closed"):
        buffer.set_deallocation_stream(LEGACY_DEFAULT_STREAM)


def test_garbage_collection_frees_an_open_buffer() -> None:
    data = bytearray(SIZE)
    mr = HostMemoryResource()
    wrap_host(data, mr)
    gc.collect()
    assert len(mr.freed) == 1


def test_failed_deallocation_in_close_raises() -> None:
    data = bytearray(SIZE)
    buffer = wrap_host(data, FailingMemoryResource())
    with pytest.raises(CUDAError, match="planted failure"):
        buffer.close()
    assert buffer.is_closed


def test_failed_deallocation_during_garbage_collection_warns() -> None:
    # Audit decision 4: a failure that cannot be raised becomes a RuntimeWarning.
    data = bytearray(SIZE)
    buffers = [wrap_host(data, FailingMemoryResource())]
    with pytest.warns(RuntimeWarning, match="planted failure"):
        buffers.clear()  # drops the last reference


# The buffer protocol, for host-accessible memory.


def test_memoryview_reads_and_writes_host_memory() -> None:
    data = bytearray(b"hello, buffer protocol")
    buffer = wrap_host(data)
    with memoryview(buffer) as view:
        assert view.tobytes() == bytes(data)
        assert view.format == "B"
        assert view.shape == (len(data),)
        assert not view.readonly
        view[0] = ord("j")
    assert data.startswith(b"jello")
    with buffer.__buffer__(0) as view:
        assert view.nbytes == len(data)


def test_buffer_cannot_close_while_viewed() -> None:
    buffer = wrap_host(bytearray(SIZE))
    view = memoryview(buffer)
    with pytest.raises(BufferError, match="view"):
        buffer.close()
    view.release()
    buffer.close()
    assert buffer.is_closed


def test_memoryview_refuses_device_memory_and_closed_buffers() -> None:
    with pytest.raises(BufferError, match="not accessible from the host"):
        memoryview(wrap_host(bytearray(SIZE), DeviceOnlyMemoryResource()))
    closed = wrap_host(bytearray(SIZE))
    closed.close()
    with pytest.raises(BufferError, match="closed"):
        memoryview(closed)


# DLPack.


def test_dlpack_device_of_host_memory_is_the_cpu() -> None:
    assert wrap_host(bytearray(SIZE)).__dlpack_device__() == (1, 0)


def test_dlpack_capsule_names() -> None:
    buffer = wrap_host(bytearray(SIZE))
    assert PyCapsule_IsValid(buffer.__dlpack__(), b"dltensor")
    assert PyCapsule_IsValid(buffer.__dlpack__(max_version=(1, 0)), b"dltensor_versioned")
    assert PyCapsule_IsValid(buffer.__dlpack__(max_version=(0, 8)), b"dltensor")
    gc.collect()
    buffer.close()  # the unconsumed capsules released their hold


def test_numpy_reads_host_memory_through_dlpack() -> None:
    data = bytearray(range(SIZE))
    buffer = wrap_host(data)
    array = np.from_dlpack(buffer)
    assert array.dtype == np.int8
    assert array.shape == (SIZE,)
    assert bytes(array.view(np.uint8)) == bytes(data)
    del array
    gc.collect()
    buffer.close()


def test_close_does_not_wait_for_dlpack_views() -> None:
    # As upstream: the view is left pointing to memory the resource was told to free.
    data = bytearray(SIZE)
    mr = HostMemoryResource()
    buffer = wrap_host(data, mr)
    array = np.from_dlpack(buffer)
    buffer.close()
    assert buffer.is_closed
    assert mr.freed == [(buffer_address(data), SIZE)]
    del array
    gc.collect()
    assert len(mr.freed) == 1


def test_dlpack_refuses_other_devices_and_bad_versions() -> None:
    buffer = wrap_host(bytearray(SIZE))
    with pytest.raises(BufferError, match="device"):
        buffer.__dlpack__(dl_device=(2, 0))
    with pytest.raises(TypeError, match="max_version"):
        buffer.__dlpack__(max_version=1)
    capsule = buffer.__dlpack__(dl_device=(1, 0))
    assert PyCapsule_IsValid(capsule, b"dltensor")


# On a GPU.


@pytest.mark.gpu
def test_mempool_access_is_typed(device) -> None:
    # Audit decision 8.
    access = DeviceMemoryResource(device.device_id).get_access(device)
    assert access is MemoryPoolAccess.READ_WRITE
    assert access == "rw"


def pool_bytes_in_use(resource: DeviceMemoryResource) -> int:
    """Return how many bytes of the resource's memory pool are allocated."""
    attribute = driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_USED_MEM_CURRENT
    err, used = driver.cuMemPoolGetAttribute(resource.handle, attribute)
    assert err == driver.CUresult.CUDA_SUCCESS
    return int(used)


@contextlib.contextmanager
def no_current_context() -> Iterator[None]:
    """Leave the calling thread without a current context, as a garbage-collector thread may be."""
    err, context = driver.cuCtxPopCurrent()
    assert err == driver.CUresult.CUDA_SUCCESS
    try:
        err, current = driver.cuCtxGetCurrent()
        assert err == driver.CUresult.CUDA_SUCCESS
        assert not int(current)
        yield
    finally:
        (err,) = driver.cuCtxPushCurrent(context)
        assert err == driver.CUresult.CUDA_SUCCESS


@pytest.mark.gpu
def test_deallocating_on_the_default_stream_without_a_current_context_frees_the_memory(device, stream) -> None:
    # Audit decision 4: a default stream is the current context's, and with no
    # context current the driver answers CUDA_ERROR_INVALID_CONTEXT without
    # freeing. The resource frees in its device's primary context instead.
    resource = DeviceMemoryResource(device.device_id, DeviceMemoryResourceOptions())
    size = 1 << 20
    err, ptr = driver.cuMemAllocFromPoolAsync(size, resource.handle, stream.handle)
    assert err == driver.CUresult.CUDA_SUCCESS
    stream.sync()
    assert pool_bytes_in_use(resource) >= size
    with no_current_context():
        resource.deallocate(int(ptr), size, stream=None)
    device.sync()
    assert pool_bytes_in_use(resource) == 0
    resource.close()


@pytest.mark.gpu
def test_closing_on_the_legacy_stream_without_a_current_context_frees_the_buffer(device, stream) -> None:
    resource = DeviceMemoryResource(device.device_id, DeviceMemoryResourceOptions())
    buffer = resource.allocate(1 << 20, stream=stream)
    stream.sync()
    with no_current_context():
        buffer.close(LEGACY_DEFAULT_STREAM)
    device.sync()
    assert buffer.is_closed
    assert pool_bytes_in_use(resource) == 0
    resource.close()


@pytest.mark.gpu
def test_device_memory_resource_options_are_checked(device) -> None:
    with pytest.raises(ValueError, match="bogus"):
        DeviceMemoryResource(device.device_id, {"bogus": 1})
    with pytest.raises(TypeError, match="int"):
        DeviceMemoryResource(device.device_id, 5)
    with pytest.raises(ValueError, match="max_size must not be negative, got -1"):
        DeviceMemoryResource(device.device_id, DeviceMemoryResourceOptions(max_size=-1))


@pytest.mark.gpu
def test_owned_pool_refuses_allocations_after_close(device, stream) -> None:
    mr = DeviceMemoryResource(device.device_id, {"max_size": 1 << 24})
    buffer = mr.allocate(SIZE, stream=stream)
    mr.close()
    assert mr.is_closed
    with pytest.raises(RuntimeError, match="closed"):
        mr.allocate(SIZE, stream=stream)
    buffer.close()  # freeing still works
    stream.sync()


@pytest.mark.gpu
def test_closing_a_resource_of_the_current_pool_leaves_the_pool(device, stream) -> None:
    mr = DeviceMemoryResource(device.device_id)
    buffer = mr.allocate(SIZE, stream=stream)
    mr.close()
    assert mr.is_closed
    with pytest.raises(RuntimeError, match="closed"):
        mr.allocate(SIZE, stream=stream)
    buffer.close(stream)
    DeviceMemoryResource(device.device_id).allocate(SIZE, stream=stream).close(stream)
    device.memory_resource.allocate(SIZE, stream=stream).close(stream)
    stream.sync()


@pytest.mark.gpu
def test_memoryview_reads_device_results(device, stream) -> None:
    on_device = device.memory_resource.allocate(SIZE, stream=stream)
    host = LegacyPinnedMemoryResource().allocate(SIZE)
    on_device.fill(b"\x12\x34", stream=stream)
    on_device.copy_to(host, stream=stream)
    stream.sync()
    assert bytes(memoryview(host)) == b"\x12\x34" * (SIZE // 2)
    array = np.from_dlpack(host)
    assert bytes(array.view(np.uint8)) == b"\x12\x34" * (SIZE // 2)
    del array
    gc.collect()
    host.close()
    on_device.close()


@pytest.mark.gpu
def test_buffers_without_resource_ask_the_driver(device, stream) -> None:
    on_device = device.memory_resource.allocate(SIZE, stream=stream)
    pinned = LegacyPinnedMemoryResource().allocate(SIZE)
    device_view = Buffer.from_handle(on_device.handle, SIZE)
    assert device_view.is_device_accessible
    assert not device_view.is_host_accessible
    assert device_view.device_id == device.device_id
    assert device_view.__dlpack_device__() == (2, device.device_id)
    host_view = Buffer.from_handle(pinned.handle, SIZE)
    assert host_view.is_host_accessible
    assert host_view.is_device_accessible
    for view in (device_view, host_view):
        view.close()
    on_device.close()
    pinned.close()


@pytest.mark.gpu
def test_buffer_frees_on_the_stream_it_was_allocated_on(device, stream) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        buffer = device.memory_resource.allocate(SIZE, stream=stream)
        buffer.fill(0, stream=stream)
        del buffer
        gc.collect()
        stream.sync()


@pytest.mark.gpu
def test_interpreter_exit_with_live_objects_is_quiet(device) -> None:
    # Audit decision 4: objects still alive at exit are released without an
    # error or a warning, whatever the driver has already torn down.
    program = (
        "import warnings\n"
        "warnings.simplefilter('error')\n"
        "from cuda.core import Device, DeviceMemoryResource, DeviceMemoryResourceOptions\n"
        "device = Device(0)\n"
        "device.set_current()\n"
        "stream = device.create_stream()\n"
        "event = stream.record()\n"
        "pool = DeviceMemoryResource(device, DeviceMemoryResourceOptions())\n"
        "kept = [stream, event, pool, pool.allocate(1 << 20, stream=stream), device.allocate(1024, stream=stream)]\n"
    )
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
