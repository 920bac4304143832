# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.system`` against a stand-in NVML, on a machine without a GPU.

``fake_nvml.c`` is compiled into a ``libnvidia-ml.so.1`` that answers
every query :mod:`cuda.core.system` makes with fixed values, for two fake
devices. A child process loads it before ``cuda.bindings`` looks for NVML
(``cuda.pathfinder`` takes a library that is already loaded), runs the
queries and prints what each returned or raised; the test checks that
against the stand-in's values. This exercises every call into the NVML
bindings, their arguments and the structures they return, without a
driver. The API suite's ``test_system.py`` runs the same queries against a
real NVML on a GPU machine.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).with_name("fake_nvml.c")

CHILD = r"""
import ctypes, json, os, sys, threading, time, warnings
fake = ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_GLOBAL)
from cuda.core import system
from cuda.core.system import typing as t

results = {}


def record(name, query):
    try:
        value = query()
    except Exception as exc:
        results[name] = "!" + type(exc).__name__
    else:
        results[name] = value if isinstance(value, (bool, int, float, str, list, type(None))) else repr(value)


device = system.Device(index=0)
other = system.Device(index=1)
record("branch", system.get_driver_branch)
record("kernel_mode", lambda: list(system.get_kernel_mode_driver_version()))
record("user_mode", lambda: list(system.get_user_mode_driver_version()))
record("nvml_version", lambda: list(system.get_nvml_version()))
record("num_devices", system.get_num_devices)
record("device_count", system.Device.get_device_count)
record("process_name", lambda: system.get_process_name(os.getpid()))
record("process_name_missing", lambda: system.get_process_name(0))
record("all_indices", lambda: [d.index for d in system.Device.get_all_devices()])
record("uuid", lambda: device.uuid)
record("uuid_without_prefix", lambda: device.uuid_without_prefix)
record("by_uuid", lambda: system.Device(uuid=device.uuid).index)
record("by_cuda_uuid", lambda: system.Device(uuid=other.uuid_without_prefix).index)
record("by_uuid_bytes", lambda: system.Device(uuid=device.uuid.encode()).index)
record("by_bus_id", lambda: system.Device(pci_bus_id=other.pci_bus_id).index)
record("missing_uuid", lambda: system.Device(uuid="GPU-00000000-0000-0000-0000-000000000000"))
record("name", lambda: device.name)
record("arch", lambda: device.arch.name)
record("brand", lambda: device.brand)
record("serial", lambda: device.serial)
record("module_id", lambda: device.module_id)
record("minor_number", lambda: other.minor_number)
record("numa_node_id", lambda: device.numa_node_id)
record("is_c2c_enabled", lambda: device.is_c2c_enabled)
record("persistence", lambda: device.is_persistence_mode_enabled)
record("display", lambda: [device.is_display_connected, device.is_display_active])
record("compute_capability", lambda: list(device.cuda_compute_capability))
record("addressing_mode", lambda: device.addressing_mode.value)
record("boosted", lambda: device.is_auto_boosted_clocks_enabled)
record("current_reasons", lambda: [r.value for r in device.current_clock_event_reasons])
record("supported_reasons", lambda: len(device.supported_clock_event_reasons))
record("performance_state", lambda: device.performance_state)
record("pstates", lambda: device.supported_pstates)
memory = device.memory_info
record("memory", lambda: [memory.total, memory.free, memory.used, memory.reserved])
bar1 = device.bar1_memory_info
record("bar1", lambda: [bar1.total, bar1.free, bar1.used])
pci = device.pci_info
record("pci", lambda: [pci.bus_id, pci.bus, pci.device, pci.domain, pci.vendor_id, pci.device_id, pci.subsystem_id,
                       pci.base_class, pci.sub_class])
record("pcie", lambda: [pci.link_generation, pci.max_link_generation, pci.max_link_width, pci.current_link_generation,
                        pci.current_link_width, pci.rx_throughput, pci.tx_throughput, pci.replay_counter])
attributes = device.attributes
record("attributes", lambda: [attributes.multiprocessor_count, attributes.memory_size_mb, attributes.shared_ofa_count])
cooler = device.cooler
record("cooler", lambda: [cooler.signal_type.value, [target.value for target in cooler.target]])
dynamic = device.dynamic_pstates_info
record("dynamic", lambda: [len(dynamic), dynamic[0].is_present, dynamic[0].percentage, dynamic[0].inc_threshold,
                           dynamic[0].dec_threshold, dynamic[-1].is_present])
record("dynamic_out_of_range", lambda: dynamic[8])
inforom = device.inforom
record("inforom", lambda: [inforom.get_version("ecc"), inforom.image_version, inforom.configuration_checksum,
                           list(inforom.bbx_flush_time), inforom.board_part_number, inforom.validate()])
mig = device.mig
record("mig", lambda: [mig.is_mig_device, mig.mode, mig.pending_mode, mig.device_count, list(mig.get_all_devices())])
record("mig_parent", lambda: mig.parent)
repair = device.repair_status
record("repair", lambda: [repair.channel_repair_pending, repair.tpc_repair_pending])
temperature = device.temperature
record("temperature", lambda: [temperature.get_sensor(), temperature.get_threshold("slowdown"), temperature.margin])
sensors = temperature.get_thermal_settings(t.ThermalTarget.ALL)
record("sensors", lambda: [len(sensors), sensors[0].controller.value, sensors[0].target.value, sensors[0].current_temp,
                           sensors[0].default_min_temp, sensors[0].default_max_temp])
utilization = device.utilization
record("utilization", lambda: [utilization.gpu, utilization.memory])
processes = device.compute_running_processes
record("processes", lambda: [[p.pid, p.used_gpu_memory] for p in processes])
clock = device.get_clock(t.ClockType.SM)
record("clock", lambda: [clock.get_current_mhz(), clock.get_current_mhz("customer_boost_max"), clock.get_max_mhz(),
                         clock.get_max_customer_boost_mhz(), list(clock.get_min_max_clock_of_pstate_mhz(0))])
offsets = clock.get_offsets(2)
record("offsets", lambda: [offsets.clock_offset_mhz, offsets.min_offset_mhz, offsets.max_offset_mhz])
record("bad_clock", lambda: device.get_clock("sms"))
record("bad_pstate", lambda: clock.get_offsets(16))
record("affinity", lambda: [device.get_cpu_affinity(), device.get_memory_affinity(t.AffinityScope.SOCKET),
                            device.set_cpu_affinity(), device.clear_cpu_affinity()])
fan = device.get_fan(0)
record("fan", lambda: [device.num_fans, fan.speed, fan.target_speed, list(fan.min_max_speed), fan.control_policy.value])
record("fan_rpm", lambda: fan.speed_rpm)
values = device.get_field_values([t.FieldId.DEV_ECC_CURRENT, (t.FieldId.DEV_NVLINK_LINK_COUNT, 0), 155, 2])
record("fields", lambda: [len(values), values[0].field_id.name, values[0].value, values[1].value, values[2].value,
                          values[0].timestamp, values[0].latency_usec, values[1].scope_id])
record("field_unsupported", lambda: values[3].value)
record("fields_validate", values.validate)
record("clear_fields", lambda: device.clear_field_values([1, (2, 0)]))
record("bad_fields", lambda: device.get_field_values(1))
record("nvlink_count", device.get_nvlink_count)
record("nvlinks", lambda: [[link.state, list(link.version)] for link in device.get_nvlinks()])
record("nvlink_out_of_range", lambda: device.get_nvlink(2))
record("nearest", lambda: [d.index for d in device.get_topology_nearest_gpus("system")])
record("cpu_affine_devices", lambda: [d.index for d in system.Device.get_all_devices_with_cpu_affinity(0)])
record("ancestor", lambda: system.get_topology_common_ancestor(device, other).value)
record("p2p", lambda: [system.get_p2p_status(device, other, "read").value,
                       system.get_p2p_status(device, other, t.GpuP2PCapsIndex.NVLINK).value])
record("event_types", lambda: [e.value for e in device.get_supported_event_types()])
events = device.register_events([t.EventType.XID_CRITICAL_ERROR, "pstate"])
event = events.wait(timeout_ms=100)
record("event", lambda: [event.event_type.value, event.event_data, event.device.index])
record("event_timeout", lambda: events.wait(timeout_ms=1))
events.close()
events.close()
record("closed_events", lambda: events.wait())
record("unsupported_events", lambda: device.register_events(t.EventType.FATAL_POISON_ERROR))
# Closed on this thread while another waits (the stand-in blocks a 2 ms wait for 300 ms).
events = device.register_events(["pstate"])
frees = fake.fake_nvml_event_set_frees()
waiter = threading.Thread(target=lambda: record("wait_across_close", lambda: events.wait(timeout_ms=2).event_data))
waiter.start()
time.sleep(0.1)
events.close()
record("frees_at_close", lambda: fake.fake_nvml_event_set_frees() - frees)
waiter.join()
record("frees_after_wait", lambda: fake.fake_nvml_event_set_frees() - frees)
record("closed_after_wait", lambda: events.wait())
system_events = system.register_events([t.SystemEventType.BIND, "unbind"])
received = system_events.wait(timeout_ms=100, buffer_size=4)
record("system_events", lambda: [[e.event_type.value, e.gpu_id, e.device.index] for e in received])
record("system_event", lambda: len(system_events.wait(timeout_ms=100)))
record("system_event_timeout", lambda: system_events.wait(timeout_ms=1))
system_events.close()
record("set_persistence", lambda: setattr(device, "is_persistence_mode_enabled", True))
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def fake_nvml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the path of the stand-in NVML, compiled for this test run."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc or gcc) to build the stand-in NVML with")
    library = tmp_path_factory.mktemp("fake_nvml") / "libnvidia-ml.so.1"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-Wl,-soname,libnvidia-ml.so.1", "-o", str(library), str(SOURCE)],
        check=True,
        capture_output=True,
    )
    return library


@pytest.fixture(scope="module")
def answers(fake_nvml: Path) -> dict:
    """Return what each query of the child process returned, or the name of the exception it raised."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(fake_nvml)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_system_functions_read_the_driver(answers: dict) -> None:
    assert answers["branch"] == "r580_00"
    assert answers["kernel_mode"] == [580, 65, 6]
    assert answers["user_mode"] == [13, 5]
    assert answers["nvml_version"] == [13, 580, 65, 6]
    assert answers["num_devices"] == answers["device_count"] == 2
    assert answers["process_name"] == "python"
    assert answers["process_name_missing"] == "!NotFoundError"


def test_devices_are_found_by_index_uuid_and_bus_id(answers: dict) -> None:
    assert answers["all_indices"] == [0, 1]
    assert answers["uuid"] == "GPU-11111111-2222-3333-4444-555555555555"
    assert answers["uuid_without_prefix"] == "11111111-2222-3333-4444-555555555555"
    assert answers["by_uuid"] == answers["by_uuid_bytes"] == 0
    assert answers["by_cuda_uuid"] == answers["by_bus_id"] == 1
    assert answers["missing_uuid"] == "!NotFoundError"


def test_identity_and_state_properties(answers: dict) -> None:
    assert answers["name"] == "Fake H100"
    assert answers["arch"] == "HOPPER"
    assert answers["brand"] == "Tesla"
    assert (answers["serial"], answers["module_id"], answers["minor_number"]) == ("1234567890", 1, 1)
    assert answers["numa_node_id"] == "!NotSupportedError"
    assert answers["is_c2c_enabled"] is False
    assert answers["persistence"] is True
    assert answers["display"] == [False, False]
    assert answers["compute_capability"] == [9, 0]
    assert answers["addressing_mode"] == "hmm"
    assert answers["boosted"] == "!NotSupportedError"
    assert answers["current_reasons"] == ["gpu_idle"]
    assert answers["supported_reasons"] == 9
    assert answers["performance_state"] == 0
    assert answers["pstates"] == [0, 2, 8]
    assert answers["set_persistence"] == "!NoPermissionError"


def test_memory_pci_and_engines(answers: dict) -> None:
    assert answers["memory"] == [80 << 30, (80 << 30) - (3 << 30), 2 << 30, 1 << 30]
    assert answers["bar1"] == [128 << 30, (128 << 30) - (1 << 20), 1 << 20]
    assert answers["pci"] == ["00000000:01:00.0", 1, 0, 0, 0x10DE, 0x2330, 0x16C1, 3, 2]
    assert answers["pcie"] == [5, 5, 16, 5, 16, 101, 100, 0]
    assert answers["attributes"] == [132, 81559, 0]
    assert answers["cooler"] == ["variable", ["gpu", "memory", "power_supply"]]
    assert answers["dynamic"] == [8, True, 12, 60, 30, False]
    assert answers["dynamic_out_of_range"] == "!IndexError"
    assert answers["inforom"] == ["2.0", "G520.0200.00.05", 0xABCD, [1700000000, 42], "900-2G520", None]
    assert answers["mig"] == [False, False, False, 0, []]
    assert answers["mig_parent"] == "!InvalidArgumentError"
    assert answers["repair"] == [False, True]
    assert answers["utilization"] == [7, 3]
    assert answers["processes"] == [[100, 1 << 20], [200, 2 << 20]]


def test_temperatures_clocks_fans_and_affinity(answers: dict) -> None:
    assert answers["temperature"] == [41, 91, 45]
    assert answers["sensors"] == [1, "gpu_internal", "gpu", 40, 0, 90]
    assert answers["clock"] == [1501, 1501, 1980, 1980, [345, 1980]]
    assert answers["offsets"] == [0, -100, 200]
    assert answers["bad_clock"] == "!ValueError"
    assert answers["bad_pstate"] == "!ValueError"
    assert answers["affinity"] == [[0, 1], [0], None, None]
    assert answers["fan"] == [1, 30, 35, [20, 100], "temperature_controlled"]
    assert answers["fan_rpm"] == "!NotSupportedError"


def test_field_values_are_read_each_with_its_own_status(answers: dict) -> None:
    assert answers["fields"] == [4, "DEV_ECC_CURRENT", 1, 2, 2.5, 1700000000000000, 5, 0]
    assert answers["field_unsupported"] == "!NotSupportedError"
    assert answers["fields_validate"] == "!NotSupportedError"
    assert answers["clear_fields"] is None
    assert answers["bad_fields"] == "!TypeError"


def test_nvlinks_and_topology(answers: dict) -> None:
    assert answers["nvlink_count"] == 2
    assert answers["nvlinks"] == [[True, [4, 0]], [False, [4, 0]]]
    assert answers["nvlink_out_of_range"] == "!ValueError"
    assert answers["nearest"] == [1]
    assert answers["cpu_affine_devices"] == [0, 1]
    assert answers["ancestor"] == "node"
    assert answers["p2p"] == ["ok", "not supported"]


def test_events_are_registered_waited_for_and_freed(answers: dict) -> None:
    assert answers["event_types"] == ["pstate", "xid_critical_error", "clock"]
    assert answers["event"] == ["xid_critical_error", 79, 0]
    assert answers["event_timeout"] == "!NvmlTimeoutError"
    assert answers["closed_events"] == "!RuntimeError"
    # A close during a wait on another thread frees the set once NVML has stopped waiting on it.
    assert answers["wait_across_close"] == 79
    assert (answers["frees_at_close"], answers["frees_after_wait"]) == (0, 1)
    assert answers["closed_after_wait"] == "!RuntimeError"
    assert answers["unsupported_events"] == "!NotSupportedError"
    assert answers["system_events"] == [["bind", 0x100, 0], ["bind", 0x200, 1]]
    assert answers["system_event"] == 1
    assert answers["system_event_timeout"] == "!NvmlTimeoutError"
