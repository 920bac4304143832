# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Device behaviour common to every cuda.core."""

from __future__ import annotations

import pickle
import re
import threading
import weakref

import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core._utils.cuda_utils import CUDAError

# Properties of upstream's DeviceProperties beyond the handful tested below by
# value: each reads one driver attribute, as a bool or an int.
DEVICE_FLAGS = (
    "can_flush_remote_writes",
    "can_tex2d_gather",
    "can_use_64_bit_stream_mem_ops",
    "can_use_host_pointer_for_registered_mem",
    "can_use_stream_wait_value_nor",
    "compute_preemption_supported",
    "d3d12_cig_supported",
    "deferred_mapping_cuda_array_supported",
    "direct_managed_mem_access_from_host",
    "dma_buf_supported",
    "generic_compression_supported",
    "global_l1_cache_supported",
    "gpu_direct_rdma_supported",
    "gpu_direct_rdma_with_cuda_vmm_supported",
    "gpu_overlap",
    "handle_type_fabric_supported",
    "handle_type_posix_file_descriptor_supported",
    "handle_type_win32_handle_supported",
    "handle_type_win32_kmt_handle_supported",
    "host_alloc_dma_buf_supported",
    "host_memory_pools_supported",
    "host_native_atomic_supported",
    "host_numa_memory_pools_supported",
    "host_numa_multinode_ipc_supported",
    "host_numa_virtual_memory_management_supported",
    "host_register_supported",
    "host_virtual_memory_management_supported",
    "local_l1_cache_supported",
    "mps_enabled",
    "multi_gpu_board",
    "multicast_supported",
    "only_partial_host_native_atomic_supported",
    "pageable_memory_access",
    "pageable_memory_access_uses_host_page_tables",
    "read_only_host_register_supported",
    "sparse_cuda_array_supported",
    "tcc_driver",
    "tensor_map_access_supported",
    "timeline_semaphore_interop_supported",
    "unified_function_pointers",
    "virtual_memory_management_supported",
    "vulkan_cig_supported",
)
DEVICE_VALUES = (
    "gpu_direct_rdma_flush_writes_options",
    "gpu_direct_rdma_writes_ordering",
    "gpu_pci_device_id",
    "gpu_pci_subsystem_id",
    "host_numa_id",
    "max_access_policy_window_size",
    "max_persisting_l2_cache_size",
    "max_pitch",
    "maximum_surface1d_layered_layers",
    "maximum_surface1d_layered_width",
    "maximum_surface1d_width",
    "maximum_surface2d_height",
    "maximum_surface2d_layered_height",
    "maximum_surface2d_layered_layers",
    "maximum_surface2d_layered_width",
    "maximum_surface2d_width",
    "maximum_surface3d_depth",
    "maximum_surface3d_height",
    "maximum_surface3d_width",
    "maximum_surfacecubemap_layered_layers",
    "maximum_surfacecubemap_layered_width",
    "maximum_surfacecubemap_width",
    "maximum_texture1d_layered_layers",
    "maximum_texture1d_layered_width",
    "maximum_texture1d_linear_width",
    "maximum_texture1d_mipmapped_width",
    "maximum_texture1d_width",
    "maximum_texture2d_gather_height",
    "maximum_texture2d_gather_width",
    "maximum_texture2d_height",
    "maximum_texture2d_layered_height",
    "maximum_texture2d_layered_layers",
    "maximum_texture2d_layered_width",
    "maximum_texture2d_linear_height",
    "maximum_texture2d_linear_pitch",
    "maximum_texture2d_linear_width",
    "maximum_texture2d_mipmapped_height",
    "maximum_texture2d_mipmapped_width",
    "maximum_texture2d_width",
    "maximum_texture3d_depth",
    "maximum_texture3d_depth_alternate",
    "maximum_texture3d_height",
    "maximum_texture3d_height_alternate",
    "maximum_texture3d_width",
    "maximum_texture3d_width_alternate",
    "maximum_texturecubemap_layered_layers",
    "maximum_texturecubemap_layered_width",
    "maximum_texturecubemap_width",
    "mem_decompress_algorithm_mask",
    "mem_decompress_maximum_length",
    "mem_sync_domain_count",
    "mempool_supported_handle_types",
    "multi_gpu_board_group_id",
    "numa_config",
    "numa_id",
    "reserved_shared_memory_per_block",
    "single_to_double_precision_perf_ratio",
    "surface_alignment",
    "texture_alignment",
    "texture_pitch_alignment",
)


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
def test_every_device_property_reads_its_attribute(device) -> None:
    properties = device.properties
    for name in DEVICE_FLAGS:
        assert type(getattr(properties, name)) is bool, name
    for name in DEVICE_VALUES:
        assert type(getattr(properties, name)) is int, name
    assert properties.handle_type_posix_file_descriptor_supported in (True, False)
    assert properties.max_pitch > 0
    assert properties.texture_alignment > 0


@pytest.mark.gpu
def test_primary_context_is_not_green_and_supports_weak_references(device) -> None:
    context = device.context
    reference = weakref.ref(context)
    assert reference() is context
    assert context.is_green is False


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
def test_set_current_returns_the_context_object_it_made_current(device) -> None:
    context = device.context
    assert device.set_current(context) is context
    assert device.context is context


@pytest.mark.gpu
def test_typed_arguments_are_refused_in_cythons_words(device) -> None:
    # Upstream's arguments are typed, and Cython words the refusal; code matches on "has incorrect type".
    stream = device.create_stream()
    for ctx, got in ((1, "int"), (stream, "cuda.core._stream.Stream")):
        with pytest.raises(
            TypeError,
            match=r"^Argument 'ctx' has incorrect type "
            rf"\(expected cuda\.core\._context\.Context, got {re.escape(got)}\)$",
        ):
            device.set_current(ctx)
    for mr, got in ((1, "int"), (None, "NoneType")):
        with pytest.raises(
            TypeError,
            match=r"^Argument 'mr' has incorrect type "
            rf"\(expected cuda\.core\._memory\._buffer\.MemoryResource, got {got}\)$",
        ):
            device.memory_resource = mr
    for size, got in (("1024", "str"), (None, "NoneType")):
        with pytest.raises(TypeError, match=rf"^Argument 'size' has incorrect type \(expected int, got {got}\)$"):
            device.allocate(size, stream=stream)
    stream.close()


@pytest.mark.gpu
def test_allocate_calls_a_memory_resource_that_overrides_allocate(device) -> None:
    # An implementation may take a shortcut for its default resource; a subclass's own allocate still runs.
    calls = []

    class Counting(cuda.core.DeviceMemoryResource):
        def allocate(self, size, *, stream):
            calls.append(size)
            return super().allocate(size, stream=stream)

    stream = device.create_stream()
    default = device.memory_resource
    counting = Counting(device.device_id)
    device.memory_resource = counting
    try:
        buffer = device.allocate(64, stream=stream)
        assert calls == [64]
        assert buffer.memory_resource is counting
        buffer.close(stream)
    finally:
        device.memory_resource = default
    buffer = device.allocate(64, stream=stream)
    assert calls == [64]
    assert buffer.memory_resource is default
    buffer.close(stream)
    stream.sync()
    stream.close()


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
