# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.system`` without a device: its enumerations, its exceptions, its checks of arguments.

None of these tests needs NVML: the enumerations and exceptions are plain
Python, and the arguments are checked before NVML is loaded. On a machine
without the NVIDIA driver, every query must fail with ``RuntimeError``
(``cuda.pathfinder``'s ``DynamicLibNotFoundError``) naming ``nvml``, never
crash; that test skips where NVML is there.
"""

from __future__ import annotations

import os
import warnings

import pytest
from cuda.bindings import nvml

from cuda.core import system
from cuda.core.system import typing


def _nvml_missing() -> RuntimeError | None:
    """Return the error that loading NVML raises here, or None if NVML loads."""
    try:
        system.get_num_devices()
    except RuntimeError as exc:
        return exc
    except nvml.NvmlError:
        return None  # NVML is there, though not usable (no driver loaded, for instance)
    return None


def test_the_module_lists_upstream_s_names() -> None:
    for name in (
        "CUDA_BINDINGS_NVML_IS_COMPATIBLE",
        "Device",
        "NvlinkInfo",
        "NvmlError",
        "get_driver_branch",
        "get_kernel_mode_driver_version",
        "get_num_devices",
        "get_nvml_version",
        "get_p2p_status",
        "get_process_name",
        "get_topology_common_ancestor",
        "get_user_mode_driver_version",
        "register_events",
    ):
        assert name in system.__all__, name
        assert hasattr(system, name), name
    assert system.CUDA_BINDINGS_NVML_IS_COMPATIBLE is True


def test_the_exceptions_are_nvml_s_own() -> None:
    assert issubclass(system.NvmlError, Exception)
    for name in system.exceptions.__all__:
        cls = getattr(system, name)
        assert cls is getattr(system.exceptions, name)
        assert cls is getattr(nvml, name), name
        assert issubclass(cls, system.NvmlError), name
    # NVML's MemoryError and TimeoutError are not Python's built-in exceptions of those names.
    assert system.MemoryError is not MemoryError
    assert system.TimeoutError is not TimeoutError


def test_string_enumerations_compare_equal_to_their_values() -> None:
    assert typing.ClockType.SM == "sm"
    assert typing.ClockType("memory") is typing.ClockType.MEMORY
    assert typing.GpuP2PStatus.GPU_NOT_SUPPORTED == "GPU not supported"
    assert typing.GpuTopologyLevel("hostbridge") is typing.GpuTopologyLevel.HOSTBRIDGE
    assert typing.SystemEventType.BIND == "bind"
    assert [member.value for member in typing.AffinityScope] == ["node", "socket"]
    with pytest.raises(ValueError, match="sms"):
        typing.ClockType("sms")


def test_device_architectures_are_ordered_by_age() -> None:
    arch = typing.DeviceArch(int(nvml.DeviceArch.HOPPER))
    assert arch is typing.DeviceArch.HOPPER
    assert arch.name == "HOPPER"
    assert arch.value == int(nvml.DeviceArch.HOPPER)
    assert typing.DeviceArch.VOLTA < typing.DeviceArch.AMPERE < typing.DeviceArch.HOPPER < typing.DeviceArch.BLACKWELL
    assert typing.DeviceArch.UNKNOWN > typing.DeviceArch.BLACKWELL
    with pytest.raises(ValueError, match="DeviceArch"):
        typing.DeviceArch(0)


def test_field_ids_are_nvml_s() -> None:
    assert typing.FieldId is nvml.FieldId
    field = typing.FieldId(1)
    assert field is typing.FieldId.DEV_ECC_CURRENT
    assert field.name == "DEV_ECC_CURRENT"
    assert field.value == 1


def test_a_device_needs_exactly_one_way_to_find_it() -> None:
    with pytest.raises(ValueError, match="pci_bus_id"):
        system.Device()
    with pytest.raises(ValueError, match="pci_bus_id"):
        system.Device(index=0, uuid="GPU-00000000-0000-0000-0000-000000000000")
    with pytest.raises(ValueError, match="pci_bus_id"):
        system.Device(uuid="GPU-00000000-0000-0000-0000-000000000000", pci_bus_id="00000000:01:00.0")


def test_unknown_event_types_are_refused() -> None:
    with pytest.raises(ValueError, match="no such event"):
        system.register_events("no such event")
    with pytest.raises(ValueError, match="no such event"):
        system.register_events(["bind", "no such event"])


def test_topology_queries_need_system_devices() -> None:
    with pytest.raises(TypeError):
        system.get_p2p_status(None, None, typing.GpuP2PCapsIndex.READ)
    with pytest.raises(TypeError):
        system.get_topology_common_ancestor(0, 1)
    with pytest.raises(TypeError):
        system.NvlinkInfo(None, 0)


def test_the_maximum_of_nvlinks_is_deprecated() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert system.NvlinkInfo.max_links == nvml.NVLINK_MAX_LINKS
    assert [warning.category for warning in caught] == [DeprecationWarning]


def test_without_nvml_every_query_raises_runtime_error_naming_nvml() -> None:
    missing = _nvml_missing()
    if missing is None:
        pytest.skip("NVML loads on this machine; this test is for machines without the NVIDIA driver")
    queries = {
        "get_driver_branch": system.get_driver_branch,
        "get_kernel_mode_driver_version": system.get_kernel_mode_driver_version,
        "get_user_mode_driver_version": system.get_user_mode_driver_version,
        "get_nvml_version": system.get_nvml_version,
        "get_num_devices": system.get_num_devices,
        "get_process_name": lambda: system.get_process_name(os.getpid()),
        "Device(index=0)": lambda: system.Device(index=0),
        "Device(uuid=...)": lambda: system.Device(uuid="GPU-00000000-0000-0000-0000-000000000000"),
        "Device(pci_bus_id=...)": lambda: system.Device(pci_bus_id="00000000:01:00.0"),
        "Device.get_device_count": system.Device.get_device_count,
        "Device.get_all_devices": lambda: list(system.Device.get_all_devices()),
        "Device.get_all_devices_with_cpu_affinity": lambda: list(system.Device.get_all_devices_with_cpu_affinity(0)),
        "register_events": lambda: system.register_events([typing.SystemEventType.BIND]),
    }
    for name, query in queries.items():
        with pytest.raises(RuntimeError, match="nvml") as caught:
            query()
        assert not isinstance(caught.value, system.NvmlError), name
