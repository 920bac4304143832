# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.system``: NVML's view of the machine, without a CUDA context.

Every query either answers with a value of its documented type or raises
one of the errors NVML uses for a query the device or the caller may not
make (``NotSupportedError``, ``NoPermissionError``): a runner's GPU need
not have fans, a display or NVLink, and a container need not be allowed to
read the InfoROM. ``test_system_api.py`` has the tests that need no device.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import pytest

import cuda.core
from cuda.core import system

pytestmark = pytest.mark.gpu

_T = TypeVar("_T")


@pytest.fixture(scope="module")
def nvml_device():
    """Return NVML's view of CUDA device 0, skipping where NVML cannot be used.

    NVML numbers every GPU of the machine; CUDA only those that
    ``CUDA_VISIBLE_DEVICES`` leaves, in its own order. NVML's device 0 may
    therefore be no CUDA device at all, so the device is found from CUDA's.
    """
    if not getattr(system, "CUDA_BINDINGS_NVML_IS_COMPATIBLE", False):
        pytest.skip("the installed cuda.bindings has no NVML that this cuda.core can use")
    try:
        count = system.get_num_devices()
    except Exception as exc:  # noqa: BLE001 - any failure to load NVML means there is nothing to test
        pytest.skip(f"NVML is not usable here: {type(exc).__name__}: {exc}")
    if count == 0:
        pytest.skip("NVML sees no device")
    return cuda.core.Device(0).to_system_device()


def _query(call: Callable[[], _T]) -> _T | None:
    """Return ``call()``, or None where NVML says the query is not supported or not permitted."""
    try:
        return call()
    except (system.NotSupportedError, system.NoPermissionError):
        return None


def test_the_system_functions_describe_the_driver_and_this_process(nvml_device) -> None:
    assert isinstance(system.get_driver_branch(), str)
    for version in (
        system.get_kernel_mode_driver_version(),
        system.get_user_mode_driver_version(),
        system.get_nvml_version(),
    ):
        assert isinstance(version, tuple)
        assert version
        assert all(isinstance(part, int) for part in version)
    assert system.get_num_devices() == system.Device.get_device_count() >= 1
    name = _query(lambda: system.get_process_name(os.getpid()))
    assert name is None or isinstance(name, str)


def test_a_device_is_found_by_index_uuid_and_pci_bus_id(nvml_device) -> None:
    index = nvml_device.index
    assert system.Device(index=index).uuid == nvml_device.uuid
    assert nvml_device.uuid.startswith("GPU-")
    assert nvml_device.uuid_without_prefix == nvml_device.uuid.removeprefix("GPU-")
    assert system.Device(uuid=nvml_device.uuid).index == index
    assert system.Device(pci_bus_id=nvml_device.pci_bus_id).index == index
    devices = list(system.Device.get_all_devices())
    assert len(devices) == system.get_num_devices()
    assert [device.index for device in devices] == list(range(len(devices)))


def test_a_device_maps_to_its_cuda_device(nvml_device) -> None:
    cuda_device = nvml_device.to_cuda_device()
    assert isinstance(cuda_device, cuda.core.Device)
    assert tuple(nvml_device.cuda_compute_capability) == tuple(cuda_device.compute_capability)
    assert nvml_device.name == cuda_device.name
    assert cuda_device.to_system_device().uuid == nvml_device.uuid
    attributes = _query(lambda: nvml_device.attributes)
    if attributes is not None:
        assert attributes.multiprocessor_count == cuda_device.properties.multiprocessor_count


def test_identity_properties_have_their_documented_types(nvml_device) -> None:
    assert isinstance(nvml_device.name, str)
    assert nvml_device.name
    assert isinstance(nvml_device.pci_bus_id, str)
    assert isinstance(nvml_device.arch, system.typing.DeviceArch)
    for value, kind in (
        (_query(lambda: nvml_device.brand), str),
        (_query(lambda: nvml_device.serial), str),
        (_query(lambda: nvml_device.module_id), int),
        (_query(lambda: nvml_device.minor_number), int),
        (_query(lambda: nvml_device.numa_node_id), int),
        (_query(lambda: nvml_device.is_c2c_enabled), bool),
        (_query(lambda: nvml_device.is_persistence_mode_enabled), bool),
        (_query(lambda: nvml_device.is_display_connected), bool),
        (_query(lambda: nvml_device.is_display_active), bool),
        (_query(lambda: nvml_device.num_fans), int),
    ):
        assert value is None or isinstance(value, kind), (value, kind)
    mode = _query(lambda: nvml_device.addressing_mode)
    assert mode is None or isinstance(mode, system.typing.AddressingMode)
    mig = _query(lambda: nvml_device.mig)
    if mig is not None:
        flag = _query(lambda: mig.is_mig_device)
        assert flag is None or isinstance(flag, bool)


def test_memory_and_pci_information(nvml_device) -> None:
    memory = nvml_device.memory_info
    assert 0 <= memory.free <= memory.total
    assert memory.used <= memory.total
    bar1 = _query(lambda: nvml_device.bar1_memory_info)
    if bar1 is not None:
        assert 0 <= bar1.free <= bar1.total
    pci = nvml_device.pci_info
    assert isinstance(pci.bus_id, str)
    assert isinstance(pci.device_id, int)


def test_state_queries_answer_or_say_they_are_not_supported(nvml_device) -> None:
    utilization = _query(lambda: nvml_device.utilization)
    if utilization is not None:
        assert 0 <= utilization.gpu <= 100
        assert 0 <= utilization.memory <= 100
    _query(lambda: nvml_device.temperature)
    state = _query(lambda: nvml_device.performance_state)
    assert state is None or isinstance(state, int)
    pstates = _query(lambda: nvml_device.supported_pstates)
    assert pstates is None or all(isinstance(pstate, int) for pstate in pstates)
    _query(lambda: nvml_device.dynamic_pstates_info)
    for reasons in (
        _query(lambda: nvml_device.current_clock_event_reasons),
        _query(lambda: nvml_device.supported_clock_event_reasons),
    ):
        assert reasons is None or all(isinstance(reason, system.typing.ClocksEventReasons) for reason in reasons)
    boosted = _query(lambda: nvml_device.is_auto_boosted_clocks_enabled)
    assert boosted is None or len(boosted) == 2
    clock = _query(lambda: nvml_device.get_clock(system.typing.ClockType.SM))
    if clock is not None:
        assert _query(clock.get_max_mhz) is None or clock.get_max_mhz() > 0
    for affinity in (_query(nvml_device.get_memory_affinity), _query(nvml_device.get_cpu_affinity)):
        assert affinity is None or all(isinstance(index, int) for index in affinity)
    _query(lambda: nvml_device.cooler)
    _query(lambda: nvml_device.inforom)
    _query(lambda: nvml_device.repair_status)
    processes = _query(lambda: nvml_device.compute_running_processes)
    assert processes is None or isinstance(processes, list)
    events = _query(nvml_device.get_supported_event_types)
    assert events is None or all(isinstance(event, system.typing.EventType) for event in events)
    fans = _query(lambda: nvml_device.num_fans) or 0
    if fans:
        _query(lambda: nvml_device.get_fan(0))


def test_field_values_are_read_and_cleared_one_per_field(nvml_device) -> None:
    # Field 1 is NVML_FI_DEV_ECC_CURRENT; a field NVML cannot read still has its entry.
    values = _query(lambda: nvml_device.get_field_values([1]))
    assert values is None or len(values) == 1
    _query(lambda: nvml_device.clear_field_values([1]))


def test_nvlinks_and_topology(nvml_device) -> None:
    count = _query(nvml_device.get_nvlink_count)
    links = _query(lambda: list(nvml_device.get_nvlinks()))
    if count:
        link = nvml_device.get_nvlink(0)
        assert isinstance(link, system.NvlinkInfo)
        state = _query(lambda: link.state)
        assert state is None or isinstance(state, bool)
        version = _query(lambda: link.version)
        assert version is None or len(version) == 2
        assert links is None or len(links) <= count
    nearest = _query(lambda: list(nvml_device.get_topology_nearest_gpus(system.typing.GpuTopologyLevel.SYSTEM)))
    assert nearest is None or all(isinstance(device, system.Device) for device in nearest)
    level = _query(lambda: system.get_topology_common_ancestor(nvml_device, nvml_device))
    assert level is None or isinstance(level, system.typing.GpuTopologyLevel)
    status = _query(lambda: system.get_p2p_status(nvml_device, nvml_device, system.typing.GpuP2PCapsIndex.READ))
    assert status is None or isinstance(status, system.typing.GpuP2PStatus)
    with_affinity = _query(lambda: list(system.Device.get_all_devices_with_cpu_affinity(0)))
    assert with_affinity is None or all(isinstance(device, system.Device) for device in with_affinity)


def test_cpu_affinity_is_set_and_cleared(nvml_device) -> None:
    before = os.sched_getaffinity(0)
    try:
        _query(nvml_device.set_cpu_affinity)
        _query(nvml_device.clear_cpu_affinity)
    finally:
        os.sched_setaffinity(0, before)
    assert os.sched_getaffinity(0) == before


def test_events_are_registered(nvml_device) -> None:
    supported = _query(nvml_device.get_supported_event_types) or []
    if supported:
        registered = _query(lambda: nvml_device.register_events(supported[:1]))
        assert registered is None or hasattr(registered, "wait")
    system_events = _query(lambda: system.register_events([system.typing.SystemEventType.BIND]))
    assert system_events is None or hasattr(system_events, "wait")


def test_a_cuda_uuid_finds_the_system_device(nvml_device) -> None:
    cuda_device = nvml_device.to_cuda_device()
    assert cuda_device.uuid.lower() == nvml_device.uuid_without_prefix.lower()
    assert system.Device(uuid=cuda_device.uuid).uuid == nvml_device.uuid
    assert system.Device(uuid=nvml_device.uuid.encode()).uuid == nvml_device.uuid


def test_the_values_of_a_device_are_reported_in_their_types(nvml_device) -> None:
    memory = nvml_device.memory_info
    assert memory.reserved >= 0
    assert memory.used + memory.free <= memory.total
    pci = nvml_device.pci_info
    assert pci.vendor_id == 0x10DE
    assert nvml_device.pci_bus_id.lower() == pci.bus_id.lower()
    for value in (pci.bus, pci.device, pci.domain, pci.base_class, pci.sub_class, pci.subsystem_id):
        assert isinstance(value, int)
    for query in (
        lambda: pci.current_link_generation,
        lambda: pci.current_link_width,
        lambda: pci.max_link_generation,
        lambda: pci.max_link_width,
        lambda: pci.link_generation,
        lambda: pci.replay_counter,
    ):
        value = _query(query)
        assert value is None or isinstance(value, int)
    temperature = _query(lambda: nvml_device.temperature.get_sensor())
    assert temperature is None or 0 < temperature < 150
    inforom = nvml_device.inforom
    for query in (lambda: inforom.image_version, lambda: inforom.board_part_number):
        value = _query(query)
        assert value is None or isinstance(value, str)
    values = _query(lambda: nvml_device.get_field_values([system.typing.FieldId.DEV_ECC_CURRENT]))
    if values is not None:
        field = values[0]
        assert field.field_id == system.typing.FieldId.DEV_ECC_CURRENT
        assert isinstance(field.timestamp, int)
        _query(lambda: field.value)


def test_an_nvlink_is_queried_through_its_info(nvml_device) -> None:
    count = _query(nvml_device.get_nvlink_count)
    if not count:
        pytest.skip("this device has no NVLink, or NVML does not count its links")
    link = system.NvlinkInfo(nvml_device, 0)
    state = _query(lambda: link.state)
    assert state is None or isinstance(state, bool)
    with pytest.raises(ValueError, match="(?i)link"):
        nvml_device.get_nvlink(count)
