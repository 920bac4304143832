# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The enumerations that :mod:`cuda.core.system`'s queries take and return.

Most are string enumerations: each member compares equal to its string
value, so a caller may pass ``"sm"`` where :attr:`ClockType.SM` is asked for.
:class:`DeviceArch` is an integer enumeration instead, because its order
means something (an architecture is "Volta or newer"), and :class:`FieldId`
is NVML's own enumeration of the values :meth:`Device.get_field_values`
reads.
"""

from __future__ import annotations

from enum import StrEnum

from cuda.bindings import nvml
from cuda.bindings._internal._fast_enum import FastEnum

__all__ = [
    "AddressingMode",
    "AffinityScope",
    "ClockId",
    "ClockType",
    "ClocksEventReasons",
    "CoolerControl",
    "CoolerTarget",
    "DeviceArch",
    "EventType",
    "FanControlPolicy",
    "FieldId",
    "GpuP2PCapsIndex",
    "GpuP2PStatus",
    "GpuTopologyLevel",
    "InforomObject",
    "SystemEventType",
    "TemperatureThresholds",
    "ThermalController",
    "ThermalTarget",
]

FieldId = nvml.FieldId
"""NVML's identifiers of the values :meth:`~cuda.core.system.Device.get_field_values` reads (``NVML_FI_*``)."""


class AddressingMode(StrEnum):
    """How the device addresses memory that the operating system allocated (``malloc``, ``mmap``).

    * ``HMM``: the driver mirrors the CPU's page tables on the device
      (heterogeneous memory management).
    * ``ATS``: the CPU and the device share one set of page tables, through
      the address translation services of the interconnect.
    """

    HMM = "hmm"
    ATS = "ats"


class AffinityScope(StrEnum):
    """What an affinity query counts in.

    * ``NODE``: NUMA nodes (the default).
    * ``SOCKET``: CPU sockets.
    """

    NODE = "node"
    SOCKET = "socket"


class ClockId(StrEnum):
    """Which value of a clock a query reads, together with a :class:`ClockType`.

    * ``CURRENT``: the clock's rate now.
    * ``CUSTOMER_BOOST_MAX``: the highest rate the board's maker allows.
    """

    CURRENT = "current"
    CUSTOMER_BOOST_MAX = "customer_boost_max"


class ClockType(StrEnum):
    """A clock domain of the device; rates are in MHz.

    * ``GRAPHICS``: the graphics clock.
    * ``SM``: the clock of the streaming multiprocessors.
    * ``MEMORY``: the memory clock.
    * ``VIDEO``: the video encoder and decoder clock.
    """

    GRAPHICS = "graphics"
    SM = "sm"
    MEMORY = "memory"
    VIDEO = "video"


class ClocksEventReasons(StrEnum):
    """Why the device's clocks run below their highest rate.

    * ``NONE``: nothing holds them down.
    * ``GPU_IDLE``: the device has no work.
    * ``APPLICATIONS_CLOCKS_SETTING``: the application clock setting.
    * ``SW_POWER_CAP``: the software power cap.
    * ``HW_SLOWDOWN``: a hardware slowdown (temperature, power brake or supply).
    * ``SYNC_BOOST``: the boost of a synchronized group of devices.
    * ``SW_THERMAL_SLOWDOWN``: the software thermal limit.
    * ``HW_THERMAL_SLOWDOWN``: the hardware thermal limit.
    * ``HW_POWER_BRAKE_SLOWDOWN``: an external power brake.
    * ``DISPLAY_CLOCK_SETTING``: the display clock setting.
    * ``BOARD_LIMIT``: a limit of the board.
    * ``RELIABILITY``: a reliability limit.
    """

    NONE = "none"
    GPU_IDLE = "gpu_idle"
    APPLICATIONS_CLOCKS_SETTING = "applications_clocks_setting"
    SW_POWER_CAP = "sw_power_cap"
    HW_SLOWDOWN = "hw_slowdown"
    SYNC_BOOST = "sync_boost"
    SW_THERMAL_SLOWDOWN = "sw_thermal_slowdown"
    HW_THERMAL_SLOWDOWN = "hw_thermal_slowdown"
    HW_POWER_BRAKE_SLOWDOWN = "hw_power_brake_slowdown"
    DISPLAY_CLOCK_SETTING = "display_clock_setting"
    BOARD_LIMIT = "board_limit"
    RELIABILITY = "reliability"


class CoolerControl(StrEnum):
    """How a cooler is driven.

    * ``TOGGLE``: only on or off.
    * ``VARIABLE``: to any level between its minimum and its maximum.
    """

    TOGGLE = "toggle"
    VARIABLE = "variable"


class CoolerTarget(StrEnum):
    """What a cooler cools.

    * ``NONE``: nothing.
    * ``GPU``: the processor.
    * ``MEMORY``: the memory.
    * ``POWER_SUPPLY``: the power supply.
    """

    NONE = "none"
    GPU = "gpu"
    MEMORY = "memory"
    POWER_SUPPLY = "power_supply"


class EventType(StrEnum):
    """The events of a device that :meth:`~cuda.core.system.Device.register_events` can wait for.

    * ``NONE``: no event.
    * ``SINGLE_BIT_ECC_ERROR``, ``DOUBLE_BIT_ECC_ERROR``: an ECC error.
    * ``PSTATE``: a change of performance state.
    * ``XID_CRITICAL_ERROR``: a critical error (an Xid).
    * ``CLOCK``: a change of clock rate.
    * ``POWER_SOURCE_CHANGE``: a change of power source.
    * ``MIG_CONFIG_CHANGE``: a change of the MIG configuration.
    * ``SINGLE_BIT_ECC_ERROR_STORM``: many single-bit ECC errors at once.
    * ``DRAM_RETIREMENT_EVENT``, ``DRAM_RETIREMENT_FAILURE``: the retirement
      of a memory row, and its failure.
    * ``NON_FATAL_POISON_ERROR``, ``FATAL_POISON_ERROR``: poisoned memory.
    * ``GPU_UNAVAILABLE_ERROR``: the device became unavailable.
    * ``GPU_RECOVERY_ACTION``: the device needs a recovery action.
    """

    NONE = "none"
    SINGLE_BIT_ECC_ERROR = "single_bit_ecc_error"
    DOUBLE_BIT_ECC_ERROR = "double_bit_ecc_error"
    PSTATE = "pstate"
    XID_CRITICAL_ERROR = "xid_critical_error"
    CLOCK = "clock"
    POWER_SOURCE_CHANGE = "power_source_change"
    MIG_CONFIG_CHANGE = "mig_config_change"
    SINGLE_BIT_ECC_ERROR_STORM = "single_bit_ecc_error_storm"
    DRAM_RETIREMENT_EVENT = "dram_retirement_event"
    DRAM_RETIREMENT_FAILURE = "dram_retirement_failure"
    NON_FATAL_POISON_ERROR = "non_fatal_poison_error"
    FATAL_POISON_ERROR = "fatal_poison_error"
    GPU_UNAVAILABLE_ERROR = "gpu_unavailable_error"
    GPU_RECOVERY_ACTION = "gpu_recovery_action"


class FanControlPolicy(StrEnum):
    """Who sets a fan's speed.

    * ``TEMPERATURE_CONTROLLED``: the driver, from the temperature.
    * ``MANUAL``: the user, through :attr:`~cuda.core.system.Device.get_fan`'s ``speed``.
    """

    TEMPERATURE_CONTROLLED = "temperature_controlled"
    MANUAL = "manual"


class GpuP2PCapsIndex(StrEnum):
    """The kind of peer-to-peer access :func:`~cuda.core.system.get_p2p_status` asks about.

    * ``READ``, ``WRITE``: reading and writing a peer's memory.
    * ``NVLINK``: access over NVLink.
    * ``ATOMICS``: atomic operations on a peer's memory.
    * ``PCI``, ``PROP``: access over PCIe (two names of one capability).
    * ``UNKNOWN``: none of the above.
    """

    READ = "read"
    WRITE = "write"
    NVLINK = "nvlink"
    ATOMICS = "atomics"
    PCI = "pci"
    PROP = "prop"
    UNKNOWN = "unknown"


class GpuP2PStatus(StrEnum):
    """Whether two devices can access each other's memory, and if not, why not."""

    OK = "ok"
    CHIPSET_NOT_SUPPORTED = "chipset not supported"
    GPU_NOT_SUPPORTED = "GPU not supported"
    IOH_TOPOLOGY_NOT_SUPPORTED = "IOH topology not supported"
    DISABLED_BY_REGKEY = "disabled by regkey"
    NOT_SUPPORTED = "not supported"
    UNKNOWN = "unknown"


class GpuTopologyLevel(StrEnum):
    """How closely two devices are connected, from the closest to the farthest.

    * ``INTERNAL``: on the same board, through its internal connection.
    * ``SINGLE``: through a single PCIe switch.
    * ``MULTIPLE``: through several PCIe switches, without the host bridge.
    * ``HOSTBRIDGE``: through the host bridge.
    * ``NODE``: through the interconnect of one NUMA node.
    * ``SYSTEM``: through the interconnect between NUMA nodes.
    """

    INTERNAL = "internal"
    SINGLE = "single"
    MULTIPLE = "multiple"
    HOSTBRIDGE = "hostbridge"
    NODE = "node"
    SYSTEM = "system"


class InforomObject(StrEnum):
    """An object of the device's InfoROM, its non-volatile memory of settings and counts.

    * ``OEM``: the object the board's maker defines.
    * ``ECC``: the ECC settings and counts.
    * ``POWER``: power management.
    * ``DEN``: DRAM encryption.
    """

    OEM = "oem"
    ECC = "ecc"
    POWER = "power"
    DEN = "den"


class SystemEventType(StrEnum):
    """The events of the system that :func:`~cuda.core.system.register_events` can wait for.

    * ``UNBIND``: a device was unbound from the driver.
    * ``BIND``: a device was bound to the driver.
    """

    UNBIND = "unbind"
    BIND = "bind"


class TemperatureThresholds(StrEnum):
    """A temperature at which the device acts, in degrees Celsius.

    * ``SHUTDOWN``: the device shuts down.
    * ``SLOWDOWN``: the device slows down.
    * ``MEM_MAX``: the highest memory temperature.
    * ``GPU_MAX``: the highest processor temperature.
    * ``ACOUSTIC_MIN``, ``ACOUSTIC_CURR``, ``ACOUSTIC_MAX``: the lowest,
      current and highest target of the acoustic (fan noise) policy.
    * ``GPS_CURR``: the current target of the GPU performance-scaling policy.
    """

    SHUTDOWN = "shutdown"
    SLOWDOWN = "slowdown"
    MEM_MAX = "mem_max"
    GPU_MAX = "gpu_max"
    ACOUSTIC_MIN = "acoustic_min"
    ACOUSTIC_CURR = "acoustic_curr"
    ACOUSTIC_MAX = "acoustic_max"
    GPS_CURR = "gps_curr"


class ThermalController(StrEnum):
    """The chip that reads a thermal sensor: the device's own, or one of the board."""

    GPU_INTERNAL = "gpu_internal"
    ADM1032 = "adm1032"
    ADT7461 = "adt7461"
    MAX6649 = "max6649"
    MAX1617 = "max1617"
    LM99 = "lm99"
    LM89 = "lm89"
    LM64 = "lm64"
    G781 = "g781"
    ADT7473 = "adt7473"
    SBMAX6649 = "sbmax6649"
    VBIOSEVT = "vbiosevt"
    OS = "os"
    NVSYSCON_CANOAS = "nvsyscon_canoas"
    NVSYSCON_E551 = "nvsyscon_e551"
    MAX6649R = "max6649r"
    ADT7473S = "adt7473s"
    UNKNOWN = "unknown"


class ThermalTarget(StrEnum):
    """What a thermal sensor measures.

    * ``NONE``: nothing.
    * ``GPU``, ``MEMORY``, ``POWER_SUPPLY``, ``BOARD``: the processor, its
      memory, its power supply and the air around the board.
    * ``VCD_BOARD``, ``VCD_INLET``, ``VCD_OUTLET``: the board, the air
      inlet and the air outlet of a visual computing device.
    * ``ALL``: every target.
    """

    NONE = "none"
    GPU = "gpu"
    MEMORY = "memory"
    POWER_SUPPLY = "power_supply"
    BOARD = "board"
    VCD_BOARD = "vcd_board"
    VCD_INLET = "vcd_inlet"
    VCD_OUTLET = "vcd_outlet"
    ALL = "all"


class DeviceArch(FastEnum):
    """The architecture of a device, in the order of their release.

    An integer enumeration, so that architectures compare by age:
    ``device.arch >= DeviceArch.AMPERE`` holds for Ampere and every later
    architecture. ``UNKNOWN`` stands for an architecture this release of
    ``cuda.core`` does not know, and compares greater than every other.
    """

    KEPLER = int(nvml.DeviceArch.KEPLER)
    MAXWELL = int(nvml.DeviceArch.MAXWELL)
    PASCAL = int(nvml.DeviceArch.PASCAL)
    VOLTA = int(nvml.DeviceArch.VOLTA)
    TURING = int(nvml.DeviceArch.TURING)
    AMPERE = int(nvml.DeviceArch.AMPERE)
    ADA = int(nvml.DeviceArch.ADA)
    HOPPER = int(nvml.DeviceArch.HOPPER)
    BLACKWELL = int(nvml.DeviceArch.BLACKWELL)
    UNKNOWN = int(nvml.DeviceArch.UNKNOWN)
