# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The installed cuda.core's signatures match upstream cuda-core 1.2.2's.

``upstream_signatures.json`` holds upstream's parameter names, kinds and
defaults for the device, context, stream and event API and part of the
object-code API, the fields of its options dataclasses, and which of its
attributes are properties, among them every attribute of ``DeviceProperties``
and ``KernelAttributes``. It was written by running this file as a script
with upstream ``cuda-core==1.2.2`` installed (or importable: with the
extracted wheel on ``PYTHONPATH``, no GPU is needed)::

    python conformance/api_suite/test_signatures.py > conformance/api_suite/upstream_signatures.json

Names the installed package lacks are skipped, so the suite runs against a
package that covers only part of the API.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import sys
from pathlib import Path

import pytest

import cuda.core

CALLABLES = [
    "Device.__new__",
    "Device.allocate",
    "Device.can_access_peer",
    "Device.create_event",
    "Device.create_stream",
    "Device.get_all_devices",
    "Device.set_current",
    "Device.sync",
    "Context.close",
    "Event.close",
    "Event.from_ipc_descriptor",
    "Event.sync",
    "ObjectCode.__reduce__",
    "ObjectCode.get_module",
    "Stream.__cuda_stream__",
    "Stream.close",
    "Stream.from_handle",
    "Stream.record",
    "Stream.sync",
    "Stream.wait",
]
PROPERTIES = [
    "Device.arch",
    "Device.compute_capability",
    "Device.context",
    "Device.default_stream",
    "Device.device_id",
    "Device.memory_resource",
    "Device.name",
    "Device.pci_bus_id",
    "Device.properties",
    "Device.uuid",
    "Context.handle",
    "Context.is_closed",
    "Context.is_green",
    "Event.context",
    "Event.device",
    "Event.handle",
    "Event.ipc_descriptor",
    "Event.is_blocking_sync",
    "Event.is_closed",
    "Event.is_done",
    "Event.is_ipc_enabled",
    "Event.is_timing_enabled",
    "Stream.context",
    "Stream.device",
    "Stream.handle",
    "Stream.is_closed",
    "Stream.is_nonblocking",
    "Stream.priority",
    # Every attribute property of the private modules' DeviceProperties and KernelAttributes.
    "_device.DeviceProperties.async_engine_count",
    "_device.DeviceProperties.can_flush_remote_writes",
    "_device.DeviceProperties.can_map_host_memory",
    "_device.DeviceProperties.can_tex2d_gather",
    "_device.DeviceProperties.can_use_64_bit_stream_mem_ops",
    "_device.DeviceProperties.can_use_host_pointer_for_registered_mem",
    "_device.DeviceProperties.can_use_stream_wait_value_nor",
    "_device.DeviceProperties.clock_rate",
    "_device.DeviceProperties.cluster_launch",
    "_device.DeviceProperties.compute_capability_major",
    "_device.DeviceProperties.compute_capability_minor",
    "_device.DeviceProperties.compute_mode",
    "_device.DeviceProperties.compute_preemption_supported",
    "_device.DeviceProperties.concurrent_kernels",
    "_device.DeviceProperties.concurrent_managed_access",
    "_device.DeviceProperties.cooperative_launch",
    "_device.DeviceProperties.d3d12_cig_supported",
    "_device.DeviceProperties.deferred_mapping_cuda_array_supported",
    "_device.DeviceProperties.direct_managed_mem_access_from_host",
    "_device.DeviceProperties.dma_buf_supported",
    "_device.DeviceProperties.ecc_enabled",
    "_device.DeviceProperties.generic_compression_supported",
    "_device.DeviceProperties.global_l1_cache_supported",
    "_device.DeviceProperties.global_memory_bus_width",
    "_device.DeviceProperties.gpu_direct_rdma_flush_writes_options",
    "_device.DeviceProperties.gpu_direct_rdma_supported",
    "_device.DeviceProperties.gpu_direct_rdma_with_cuda_vmm_supported",
    "_device.DeviceProperties.gpu_direct_rdma_writes_ordering",
    "_device.DeviceProperties.gpu_overlap",
    "_device.DeviceProperties.gpu_pci_device_id",
    "_device.DeviceProperties.gpu_pci_subsystem_id",
    "_device.DeviceProperties.handle_type_fabric_supported",
    "_device.DeviceProperties.handle_type_posix_file_descriptor_supported",
    "_device.DeviceProperties.handle_type_win32_handle_supported",
    "_device.DeviceProperties.handle_type_win32_kmt_handle_supported",
    "_device.DeviceProperties.host_alloc_dma_buf_supported",
    "_device.DeviceProperties.host_memory_pools_supported",
    "_device.DeviceProperties.host_native_atomic_supported",
    "_device.DeviceProperties.host_numa_id",
    "_device.DeviceProperties.host_numa_memory_pools_supported",
    "_device.DeviceProperties.host_numa_multinode_ipc_supported",
    "_device.DeviceProperties.host_numa_virtual_memory_management_supported",
    "_device.DeviceProperties.host_register_supported",
    "_device.DeviceProperties.host_virtual_memory_management_supported",
    "_device.DeviceProperties.integrated",
    "_device.DeviceProperties.ipc_event_supported",
    "_device.DeviceProperties.kernel_exec_timeout",
    "_device.DeviceProperties.l2_cache_size",
    "_device.DeviceProperties.local_l1_cache_supported",
    "_device.DeviceProperties.managed_memory",
    "_device.DeviceProperties.max_access_policy_window_size",
    "_device.DeviceProperties.max_block_dim_x",
    "_device.DeviceProperties.max_block_dim_y",
    "_device.DeviceProperties.max_block_dim_z",
    "_device.DeviceProperties.max_blocks_per_multiprocessor",
    "_device.DeviceProperties.max_grid_dim_x",
    "_device.DeviceProperties.max_grid_dim_y",
    "_device.DeviceProperties.max_grid_dim_z",
    "_device.DeviceProperties.max_persisting_l2_cache_size",
    "_device.DeviceProperties.max_pitch",
    "_device.DeviceProperties.max_registers_per_block",
    "_device.DeviceProperties.max_registers_per_multiprocessor",
    "_device.DeviceProperties.max_shared_memory_per_block",
    "_device.DeviceProperties.max_shared_memory_per_block_optin",
    "_device.DeviceProperties.max_shared_memory_per_multiprocessor",
    "_device.DeviceProperties.max_threads_per_block",
    "_device.DeviceProperties.max_threads_per_multiprocessor",
    "_device.DeviceProperties.maximum_surface1d_layered_layers",
    "_device.DeviceProperties.maximum_surface1d_layered_width",
    "_device.DeviceProperties.maximum_surface1d_width",
    "_device.DeviceProperties.maximum_surface2d_height",
    "_device.DeviceProperties.maximum_surface2d_layered_height",
    "_device.DeviceProperties.maximum_surface2d_layered_layers",
    "_device.DeviceProperties.maximum_surface2d_layered_width",
    "_device.DeviceProperties.maximum_surface2d_width",
    "_device.DeviceProperties.maximum_surface3d_depth",
    "_device.DeviceProperties.maximum_surface3d_height",
    "_device.DeviceProperties.maximum_surface3d_width",
    "_device.DeviceProperties.maximum_surfacecubemap_layered_layers",
    "_device.DeviceProperties.maximum_surfacecubemap_layered_width",
    "_device.DeviceProperties.maximum_surfacecubemap_width",
    "_device.DeviceProperties.maximum_texture1d_layered_layers",
    "_device.DeviceProperties.maximum_texture1d_layered_width",
    "_device.DeviceProperties.maximum_texture1d_linear_width",
    "_device.DeviceProperties.maximum_texture1d_mipmapped_width",
    "_device.DeviceProperties.maximum_texture1d_width",
    "_device.DeviceProperties.maximum_texture2d_gather_height",
    "_device.DeviceProperties.maximum_texture2d_gather_width",
    "_device.DeviceProperties.maximum_texture2d_height",
    "_device.DeviceProperties.maximum_texture2d_layered_height",
    "_device.DeviceProperties.maximum_texture2d_layered_layers",
    "_device.DeviceProperties.maximum_texture2d_layered_width",
    "_device.DeviceProperties.maximum_texture2d_linear_height",
    "_device.DeviceProperties.maximum_texture2d_linear_pitch",
    "_device.DeviceProperties.maximum_texture2d_linear_width",
    "_device.DeviceProperties.maximum_texture2d_mipmapped_height",
    "_device.DeviceProperties.maximum_texture2d_mipmapped_width",
    "_device.DeviceProperties.maximum_texture2d_width",
    "_device.DeviceProperties.maximum_texture3d_depth",
    "_device.DeviceProperties.maximum_texture3d_depth_alternate",
    "_device.DeviceProperties.maximum_texture3d_height",
    "_device.DeviceProperties.maximum_texture3d_height_alternate",
    "_device.DeviceProperties.maximum_texture3d_width",
    "_device.DeviceProperties.maximum_texture3d_width_alternate",
    "_device.DeviceProperties.maximum_texturecubemap_layered_layers",
    "_device.DeviceProperties.maximum_texturecubemap_layered_width",
    "_device.DeviceProperties.maximum_texturecubemap_width",
    "_device.DeviceProperties.mem_decompress_algorithm_mask",
    "_device.DeviceProperties.mem_decompress_maximum_length",
    "_device.DeviceProperties.mem_sync_domain_count",
    "_device.DeviceProperties.memory_clock_rate",
    "_device.DeviceProperties.memory_pools_supported",
    "_device.DeviceProperties.mempool_supported_handle_types",
    "_device.DeviceProperties.mps_enabled",
    "_device.DeviceProperties.multi_gpu_board",
    "_device.DeviceProperties.multi_gpu_board_group_id",
    "_device.DeviceProperties.multicast_supported",
    "_device.DeviceProperties.multiprocessor_count",
    "_device.DeviceProperties.numa_config",
    "_device.DeviceProperties.numa_id",
    "_device.DeviceProperties.only_partial_host_native_atomic_supported",
    "_device.DeviceProperties.pageable_memory_access",
    "_device.DeviceProperties.pageable_memory_access_uses_host_page_tables",
    "_device.DeviceProperties.pci_bus_id",
    "_device.DeviceProperties.pci_device_id",
    "_device.DeviceProperties.pci_domain_id",
    "_device.DeviceProperties.read_only_host_register_supported",
    "_device.DeviceProperties.reserved_shared_memory_per_block",
    "_device.DeviceProperties.single_to_double_precision_perf_ratio",
    "_device.DeviceProperties.sparse_cuda_array_supported",
    "_device.DeviceProperties.stream_priorities_supported",
    "_device.DeviceProperties.surface_alignment",
    "_device.DeviceProperties.tcc_driver",
    "_device.DeviceProperties.tensor_map_access_supported",
    "_device.DeviceProperties.texture_alignment",
    "_device.DeviceProperties.texture_pitch_alignment",
    "_device.DeviceProperties.timeline_semaphore_interop_supported",
    "_device.DeviceProperties.total_constant_memory",
    "_device.DeviceProperties.unified_addressing",
    "_device.DeviceProperties.unified_function_pointers",
    "_device.DeviceProperties.virtual_memory_management_supported",
    "_device.DeviceProperties.vulkan_cig_supported",
    "_device.DeviceProperties.warp_size",
    "_module.KernelAttributes.binary_version",
    "_module.KernelAttributes.cache_mode_ca",
    "_module.KernelAttributes.cluster_scheduling_policy_preference",
    "_module.KernelAttributes.cluster_size_must_be_set",
    "_module.KernelAttributes.const_size_bytes",
    "_module.KernelAttributes.local_size_bytes",
    "_module.KernelAttributes.max_dynamic_shared_size_bytes",
    "_module.KernelAttributes.max_threads_per_block",
    "_module.KernelAttributes.non_portable_cluster_size_allowed",
    "_module.KernelAttributes.num_regs",
    "_module.KernelAttributes.preferred_shared_memory_carveout",
    "_module.KernelAttributes.ptx_version",
    "_module.KernelAttributes.required_cluster_depth",
    "_module.KernelAttributes.required_cluster_height",
    "_module.KernelAttributes.required_cluster_width",
    "_module.KernelAttributes.shared_size_bytes",
]
DATACLASSES = ["EventOptions", "StreamOptions"]


@functools.cache
def expected() -> dict:
    """Return upstream's recorded description."""
    return json.loads((Path(__file__).parent / "upstream_signatures.json").read_text(encoding="utf-8"))


def describe_callable(obj: object) -> list[dict[str, str]]:
    """Return the parameters of a callable as names, kinds and default reprs."""
    parameters = []
    for parameter in inspect.signature(obj).parameters.values():
        entry = {"name": parameter.name, "kind": parameter.kind.name}
        if parameter.default is not inspect.Parameter.empty:
            entry["default"] = repr(parameter.default)
        parameters.append(entry)
    return parameters


def describe_dataclass(cls: type) -> list[dict[str, str]]:
    """Return the fields of a dataclass as names and default reprs."""
    return [{"name": field.name, "default": repr(field.default)} for field in dataclasses.fields(cls)]


def resolve(dotted: str) -> object:
    """Return ``cuda.core.<dotted>``, skipping the test if the installed package lacks it."""
    obj = cuda.core
    for part in dotted.split("."):
        if not hasattr(obj, part):
            pytest.skip(f"the installed cuda.core has no {dotted}")
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", CALLABLES)
def test_callable_signature_matches_upstream(name: str) -> None:
    assert describe_callable(resolve(name)) == expected()["callables"][name]


@pytest.mark.parametrize("name", PROPERTIES)
def test_property_matches_upstream(name: str) -> None:
    assert name in expected()["properties"]
    assert inspect.isdatadescriptor(resolve(name)), f"{name} is not a property"


@pytest.mark.parametrize("name", DATACLASSES)
def test_options_fields_match_upstream(name: str) -> None:
    cls = resolve(name)
    assert dataclasses.is_dataclass(cls)
    assert describe_dataclass(cls) == expected()["dataclasses"][name]


def test_recorded_names_are_tested() -> None:
    assert sorted(expected()["callables"]) == sorted(CALLABLES)
    assert sorted(expected()["properties"]) == sorted(PROPERTIES)
    assert sorted(expected()["dataclasses"]) == sorted(DATACLASSES)


def _describe_installed() -> dict[str, object]:
    """Describe the installed cuda.core, for writing upstream_signatures.json."""

    def lookup(dotted: str) -> object:
        obj = cuda.core
        for part in dotted.split("."):
            obj = getattr(obj, part)
        return obj

    return {
        "source": f"cuda-core {cuda.core.__version__}",
        "callables": {name: describe_callable(lookup(name)) for name in CALLABLES},
        "properties": [name for name in PROPERTIES if inspect.isdatadescriptor(lookup(name))],
        "dataclasses": {name: describe_dataclass(lookup(name)) for name in DATACLASSES},
    }


if __name__ == "__main__":
    json.dump(_describe_installed(), sys.stdout, indent=2)
    sys.stdout.write("\n")
