# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Device behaviour common to every cuda.core."""

from __future__ import annotations

import pickle
import re
import threading

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core._utils.cuda_utils import CUDAError


@pytest.mark.gpu
def test_device_objects_are_cached_per_thread(device) -> None:
    assert cuda.core.Device(0) is device
    assert cuda.core.Device(device) is device
    other = []
    thread = threading.Thread(target=lambda: other.append(cuda.core.Device(0)))
    thread.start()
    thread.join()
    assert other[0] is not device
    assert other[0].device_id == device.device_id == 0


@pytest.mark.gpu
def test_out_of_range_ordinal_is_rejected(device) -> None:
    with pytest.raises(ValueError, match="device_id"):
        cuda.core.Device(10_000)


@pytest.mark.gpu
def test_sync_returns_none(device) -> None:
    assert device.sync() is None


def test_device_names_are_exported() -> None:
    assert "Device" in cuda.core.__all__
    assert "Context" in cuda.core.__all__


def test_context_cannot_be_constructed_directly() -> None:
    with pytest.raises(RuntimeError):
        cuda.core.Context()


@pytest.mark.gpu
def test_none_selects_the_current_device(device) -> None:
    assert cuda.core.Device() is device
    assert cuda.core.Device(None) is device


@pytest.mark.gpu
def test_none_selects_device_0_without_a_current_context(device) -> None:
    found = []

    def body() -> None:
        err, ctx = driver.cuCtxGetCurrent()
        assert err == driver.CUresult.CUDA_SUCCESS
        assert int(ctx) == 0  # a new thread has no current context
        found.append(cuda.core.Device().device_id)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert found == [0]


@pytest.mark.gpu
def test_bad_ordinals_are_rejected(device) -> None:
    with pytest.raises(ValueError, match="device_id"):
        cuda.core.Device(-1)
    with pytest.raises(TypeError):
        cuda.core.Device("0")


@pytest.mark.gpu
def test_identity_queries(device) -> None:
    assert device.device_id == 0
    assert int(device) == 0
    assert isinstance(device.name, str)
    assert device.name
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", device.uuid)
    assert re.fullmatch(r"[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-9a-fA-F]", device.pci_bus_id)
    assert "Device" in repr(device)


@pytest.mark.gpu
def test_compute_capability_and_properties(device) -> None:
    err, major = driver.cuDeviceGetAttribute(
        driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device.device_id
    )
    assert err == driver.CUresult.CUDA_SUCCESS
    capability = device.compute_capability
    assert capability == (major, capability.minor)
    assert capability.major == major
    assert device.arch == f"{capability.major}{capability.minor}"
    properties = device.properties
    assert properties is device.properties
    assert properties.warp_size == 32
    assert properties.multiprocessor_count > 0
    assert properties.max_threads_per_block >= 1024
    assert properties.compute_capability_major == major
    assert isinstance(properties.unified_addressing, bool)
    assert isinstance(properties.concurrent_kernels, bool)


@pytest.mark.gpu
def test_equality_hash_and_pickling(device) -> None:
    assert device == cuda.core.Device(0)
    assert hash(device) == hash(cuda.core.Device(0))
    assert device != 0
    assert pickle.loads(pickle.dumps(device)) is device


@pytest.mark.gpu
def test_get_all_devices(device) -> None:
    devices = cuda.core.Device.get_all_devices()
    assert isinstance(devices, tuple)
    assert devices[0] is device
    assert [d.device_id for d in devices] == list(range(len(devices)))


@pytest.mark.gpu
def test_context_and_set_current(device) -> None:
    context = device.context
    assert isinstance(context, cuda.core.Context)
    assert context.handle is not None
    assert device.set_current() is None
    assert device.context == context
    previous = device.set_current(context)
    assert previous == context
    assert device.context == context


@pytest.mark.gpu
def test_objects_need_set_current_on_each_thread(device) -> None:
    errors = []

    def body() -> None:
        other = cuda.core.Device(0)
        try:
            other.create_stream()
        except CUDAError as exc:
            errors.append(exc)
        other.set_current()
        other.create_stream().sync()

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert len(errors) == 1


@pytest.mark.gpu
def test_allocate_uses_the_memory_resource(device) -> None:
    if not hasattr(cuda.core, "DeviceMemoryResource"):
        pytest.skip("the installed cuda.core has no memory resources")
    stream = device.create_stream()
    buffer = device.allocate(1024, stream=stream)
    assert buffer.size == 1024
    assert isinstance(device.memory_resource, cuda.core.DeviceMemoryResource)
    buffer.close(stream)
    stream.sync()
