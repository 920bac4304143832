# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Devices as NVML sees them: identity, memory, clocks, temperatures, links and events.

A :class:`Device` of this module is a handle of NVML, not a CUDA device:
it needs no CUDA context, and queries a device that CUDA may not even be
allowed to use. :meth:`Device.to_cuda_device` and
:meth:`cuda.core.Device.to_system_device` map between the two by UUID.

Every query initializes NVML first. A query that the device or the caller
may not make raises :class:`~cuda.core.system.NotSupportedError` or
:class:`~cuda.core.system.NoPermissionError`; where the NVML library is
missing, every query raises :class:`RuntimeError` (``cuda.pathfinder``'s
``DynamicLibNotFoundError``, which names ``nvml``). The objects that the
queries return (:class:`MemoryInfo`, :class:`PciInfo` and the others below)
are made by :class:`Device`, never by their users.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable

from cuda.bindings import nvml

from cuda.core._utils.cuda_utils import enum_argument
from cuda.core.system._arguments import (
    field_value_array,
    index_argument,
    pack_mask,
    pstate_argument,
    text_argument,
    unpack_mask,
    unpack_mask_words,
)
from cuda.core.system._nvml_context import initialize
from cuda.core.system._properties import EventSet, answer_field, checked_item, enabled, handle_query
from cuda.core.system.typing import (
    AddressingMode,
    AffinityScope,
    ClockId,
    ClocksEventReasons,
    ClockType,
    CoolerControl,
    CoolerTarget,
    DeviceArch,
    EventType,
    FanControlPolicy,
    FieldId,
    GpuP2PCapsIndex,
    GpuP2PStatus,
    GpuTopologyLevel,
    InforomObject,
    TemperatureThresholds,
    ThermalController,
    ThermalTarget,
)

__all__ = [
    "BAR1MemoryInfo",
    "ClockInfo",
    "ClockOffsets",
    "CoolerInfo",
    "Device",
    "DeviceAttributes",
    "DeviceEvents",
    "EventData",
    "FanInfo",
    "FieldValue",
    "FieldValues",
    "GpuDynamicPstatesInfo",
    "GpuDynamicPstatesUtilization",
    "InforomInfo",
    "MemoryInfo",
    "MigInfo",
    "NvlinkInfo",
    "PciInfo",
    "ProcessInfo",
    "RepairStatus",
    "Temperature",
    "ThermalSensor",
    "ThermalSettings",
    "Utilization",
    "get_p2p_status",
    "get_topology_common_ancestor",
]

_ADDRESSING_MODES = {
    int(nvml.DeviceAddressingModeType.DEVICE_ADDRESSING_MODE_HMM): AddressingMode.HMM,
    int(nvml.DeviceAddressingModeType.DEVICE_ADDRESSING_MODE_ATS): AddressingMode.ATS,
}
_AFFINITY_SCOPES = {
    AffinityScope.NODE: int(nvml.AffinityScope.NODE),
    AffinityScope.SOCKET: int(nvml.AffinityScope.SOCKET),
}
_BRANDS = {
    int(nvml.BrandType.BRAND_UNKNOWN): "Unknown",
    int(nvml.BrandType.BRAND_QUADRO): "Quadro",
    int(nvml.BrandType.BRAND_TESLA): "Tesla",
    int(nvml.BrandType.BRAND_NVS): "NVS",
    int(nvml.BrandType.BRAND_GRID): "GRID",
    int(nvml.BrandType.BRAND_GEFORCE): "GeForce",
    int(nvml.BrandType.BRAND_TITAN): "Titan",
    int(nvml.BrandType.BRAND_NVIDIA_VAPPS): "NVIDIA vApps",
    int(nvml.BrandType.BRAND_NVIDIA_VPC): "NVIDIA VPC",
    int(nvml.BrandType.BRAND_NVIDIA_VCS): "NVIDIA VCS",
    int(nvml.BrandType.BRAND_NVIDIA_VWS): "NVIDIA VWS",
    int(nvml.BrandType.BRAND_NVIDIA_CLOUD_GAMING): "NVIDIA Cloud Gaming",
    int(nvml.BrandType.BRAND_QUADRO_RTX): "Quadro RTX",
    int(nvml.BrandType.BRAND_NVIDIA_RTX): "NVIDIA RTX",
    int(nvml.BrandType.BRAND_NVIDIA): "NVIDIA",
    int(nvml.BrandType.BRAND_GEFORCE_RTX): "GeForce RTX",
    int(nvml.BrandType.BRAND_TITAN_RTX): "Titan RTX",
}
_CLOCK_IDS = {
    ClockId.CURRENT: int(nvml.ClockId.CURRENT),
    ClockId.CUSTOMER_BOOST_MAX: int(nvml.ClockId.CUSTOMER_BOOST_MAX),
}
_CLOCK_TYPES = {
    ClockType.GRAPHICS: int(nvml.ClockType.CLOCK_GRAPHICS),
    ClockType.SM: int(nvml.ClockType.CLOCK_SM),
    ClockType.MEMORY: int(nvml.ClockType.CLOCK_MEM),
    ClockType.VIDEO: int(nvml.ClockType.CLOCK_VIDEO),
}
# Bits of NVML's clocks event reasons mask; a mask of 0 is ClocksEventReasons.NONE.
_CLOCKS_EVENT_REASONS = {
    int(nvml.ClocksEventReasons.EVENT_REASON_GPU_IDLE): ClocksEventReasons.GPU_IDLE,
    int(nvml.ClocksEventReasons.EVENT_REASON_APPLICATIONS_CLOCKS_SETTING): (
        ClocksEventReasons.APPLICATIONS_CLOCKS_SETTING
    ),
    int(nvml.ClocksEventReasons.EVENT_REASON_SW_POWER_CAP): ClocksEventReasons.SW_POWER_CAP,
    int(nvml.ClocksEventReasons.THROTTLE_REASON_HW_SLOWDOWN): ClocksEventReasons.HW_SLOWDOWN,
    int(nvml.ClocksEventReasons.EVENT_REASON_SYNC_BOOST): ClocksEventReasons.SYNC_BOOST,
    int(nvml.ClocksEventReasons.EVENT_REASON_SW_THERMAL_SLOWDOWN): ClocksEventReasons.SW_THERMAL_SLOWDOWN,
    int(nvml.ClocksEventReasons.THROTTLE_REASON_HW_THERMAL_SLOWDOWN): ClocksEventReasons.HW_THERMAL_SLOWDOWN,
    int(nvml.ClocksEventReasons.THROTTLE_REASON_HW_POWER_BRAKE_SLOWDOWN): (ClocksEventReasons.HW_POWER_BRAKE_SLOWDOWN),
    int(nvml.ClocksEventReasons.EVENT_REASON_DISPLAY_CLOCK_SETTING): ClocksEventReasons.DISPLAY_CLOCK_SETTING,
    int(nvml.ClocksEventReasons.EVENT_REASON_BOARD_LIMIT): ClocksEventReasons.BOARD_LIMIT,
    int(nvml.ClocksEventReasons.EVENT_REASON_RELIABILITY): ClocksEventReasons.RELIABILITY,
}
_COOLER_CONTROLS = {
    int(nvml.CoolerControl.THERMAL_COOLER_SIGNAL_TOGGLE): CoolerControl.TOGGLE,
    int(nvml.CoolerControl.THERMAL_COOLER_SIGNAL_VARIABLE): CoolerControl.VARIABLE,
}
# Bits of NVML's cooler target mask (THERMAL_GPU_RELATED is the three lower ones together).
_COOLER_TARGETS = {
    int(nvml.CoolerTarget.THERMAL_NONE): CoolerTarget.NONE,
    int(nvml.CoolerTarget.THERMAL_GPU): CoolerTarget.GPU,
    int(nvml.CoolerTarget.THERMAL_MEMORY): CoolerTarget.MEMORY,
    int(nvml.CoolerTarget.THERMAL_POWER_SUPPLY): CoolerTarget.POWER_SUPPLY,
}
# Bits of NVML's event type mask; EventType.NONE is the mask 0.
_EVENT_TYPES = {
    int(nvml.EventType.SINGLE_BIT_ECC_ERROR): EventType.SINGLE_BIT_ECC_ERROR,
    int(nvml.EventType.DOUBLE_BIT_ECC_ERROR): EventType.DOUBLE_BIT_ECC_ERROR,
    int(nvml.EventType.PSTATE): EventType.PSTATE,
    int(nvml.EventType.XID_CRITICAL_ERROR): EventType.XID_CRITICAL_ERROR,
    int(nvml.EventType.CLOCK): EventType.CLOCK,
    int(nvml.EventType.POWER_SOURCE_CHANGE): EventType.POWER_SOURCE_CHANGE,
    int(nvml.EventType.MIG_CONFIG_CHANGE): EventType.MIG_CONFIG_CHANGE,
    int(nvml.EventType.SINGLE_BIT_ECC_ERROR_STORM): EventType.SINGLE_BIT_ECC_ERROR_STORM,
    int(nvml.EventType.DRAM_RETIREMENT_EVENT): EventType.DRAM_RETIREMENT_EVENT,
    int(nvml.EventType.DRAM_RETIREMENT_FAILURE): EventType.DRAM_RETIREMENT_FAILURE,
    int(nvml.EventType.NON_FATAL_POISON_ERROR): EventType.NON_FATAL_POISON_ERROR,
    int(nvml.EventType.FATAL_POISON_ERROR): EventType.FATAL_POISON_ERROR,
    int(nvml.EventType.GPU_UNAVAILABLE_ERROR): EventType.GPU_UNAVAILABLE_ERROR,
    int(nvml.EventType.GPU_RECOVERY_ACTION): EventType.GPU_RECOVERY_ACTION,
}
_FAN_CONTROL_POLICIES = {
    int(nvml.FanControlPolicy.TEMPERATURE_CONTINUOUS_SW): FanControlPolicy.TEMPERATURE_CONTROLLED,
    int(nvml.FanControlPolicy.MANUAL): FanControlPolicy.MANUAL,
}
_INFOROM_OBJECTS = {
    InforomObject.OEM: int(nvml.InforomObject.INFOROM_OEM),
    InforomObject.ECC: int(nvml.InforomObject.INFOROM_ECC),
    InforomObject.POWER: int(nvml.InforomObject.INFOROM_POWER),
    InforomObject.DEN: int(nvml.InforomObject.INFOROM_DEN),
}
_NVLINK_VERSIONS = {
    int(nvml.NvlinkVersion.VERSION_1_0): (1, 0),
    int(nvml.NvlinkVersion.VERSION_2_0): (2, 0),
    int(nvml.NvlinkVersion.VERSION_2_2): (2, 2),
    int(nvml.NvlinkVersion.VERSION_3_0): (3, 0),
    int(nvml.NvlinkVersion.VERSION_3_1): (3, 1),
    int(nvml.NvlinkVersion.VERSION_4_0): (4, 0),
    int(nvml.NvlinkVersion.VERSION_5_0): (5, 0),
    int(nvml.NvlinkVersion.VERSION_6_0): (6, 0),
}
_P2P_CAPS_INDICES = {
    GpuP2PCapsIndex.READ: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_READ),
    GpuP2PCapsIndex.WRITE: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_WRITE),
    GpuP2PCapsIndex.NVLINK: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_NVLINK),
    GpuP2PCapsIndex.ATOMICS: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_ATOMICS),
    GpuP2PCapsIndex.PCI: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_PCI),
    GpuP2PCapsIndex.PROP: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_PROP),
    GpuP2PCapsIndex.UNKNOWN: int(nvml.GpuP2PCapsIndex.P2P_CAPS_INDEX_UNKNOWN),
}
_P2P_STATUSES = {
    int(nvml.GpuP2PStatus.P2P_STATUS_OK): GpuP2PStatus.OK,
    int(nvml.GpuP2PStatus.P2P_STATUS_CHIPSET_NOT_SUPPORTED): GpuP2PStatus.CHIPSET_NOT_SUPPORTED,
    int(nvml.GpuP2PStatus.P2P_STATUS_GPU_NOT_SUPPORTED): GpuP2PStatus.GPU_NOT_SUPPORTED,
    int(nvml.GpuP2PStatus.P2P_STATUS_IOH_TOPOLOGY_NOT_SUPPORTED): GpuP2PStatus.IOH_TOPOLOGY_NOT_SUPPORTED,
    int(nvml.GpuP2PStatus.P2P_STATUS_DISABLED_BY_REGKEY): GpuP2PStatus.DISABLED_BY_REGKEY,
    int(nvml.GpuP2PStatus.P2P_STATUS_NOT_SUPPORTED): GpuP2PStatus.NOT_SUPPORTED,
    int(nvml.GpuP2PStatus.P2P_STATUS_UNKNOWN): GpuP2PStatus.UNKNOWN,
}
_TEMPERATURE_THRESHOLDS = {
    TemperatureThresholds.SHUTDOWN: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_SHUTDOWN),
    TemperatureThresholds.SLOWDOWN: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_SLOWDOWN),
    TemperatureThresholds.MEM_MAX: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_MEM_MAX),
    TemperatureThresholds.GPU_MAX: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_GPU_MAX),
    TemperatureThresholds.ACOUSTIC_MIN: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_ACOUSTIC_MIN),
    TemperatureThresholds.ACOUSTIC_CURR: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_ACOUSTIC_CURR),
    TemperatureThresholds.ACOUSTIC_MAX: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_ACOUSTIC_MAX),
    TemperatureThresholds.GPS_CURR: int(nvml.TemperatureThresholds.TEMPERATURE_THRESHOLD_GPS_CURR),
}
_THERMAL_CONTROLLERS = {
    int(nvml.ThermalController.GPU_INTERNAL): ThermalController.GPU_INTERNAL,
    int(nvml.ThermalController.ADM1032): ThermalController.ADM1032,
    int(nvml.ThermalController.ADT7461): ThermalController.ADT7461,
    int(nvml.ThermalController.MAX6649): ThermalController.MAX6649,
    int(nvml.ThermalController.MAX1617): ThermalController.MAX1617,
    int(nvml.ThermalController.LM99): ThermalController.LM99,
    int(nvml.ThermalController.LM89): ThermalController.LM89,
    int(nvml.ThermalController.LM64): ThermalController.LM64,
    int(nvml.ThermalController.G781): ThermalController.G781,
    int(nvml.ThermalController.ADT7473): ThermalController.ADT7473,
    int(nvml.ThermalController.SBMAX6649): ThermalController.SBMAX6649,
    int(nvml.ThermalController.VBIOSEVT): ThermalController.VBIOSEVT,
    int(nvml.ThermalController.OS): ThermalController.OS,
    int(nvml.ThermalController.NVSYSCON_CANOAS): ThermalController.NVSYSCON_CANOAS,
    int(nvml.ThermalController.NVSYSCON_E551): ThermalController.NVSYSCON_E551,
    int(nvml.ThermalController.MAX6649R): ThermalController.MAX6649R,
    int(nvml.ThermalController.ADT7473S): ThermalController.ADT7473S,
}
_THERMAL_TARGETS = {
    ThermalTarget.NONE: int(nvml.ThermalTarget.NONE),
    ThermalTarget.GPU: int(nvml.ThermalTarget.GPU),
    ThermalTarget.MEMORY: int(nvml.ThermalTarget.MEMORY),
    ThermalTarget.POWER_SUPPLY: int(nvml.ThermalTarget.POWER_SUPPLY),
    ThermalTarget.BOARD: int(nvml.ThermalTarget.BOARD),
    ThermalTarget.VCD_BOARD: int(nvml.ThermalTarget.VCD_BOARD),
    ThermalTarget.VCD_INLET: int(nvml.ThermalTarget.VCD_INLET),
    ThermalTarget.VCD_OUTLET: int(nvml.ThermalTarget.VCD_OUTLET),
    ThermalTarget.ALL: int(nvml.ThermalTarget.ALL),
}
_TOPOLOGY_LEVELS = {
    GpuTopologyLevel.INTERNAL: int(nvml.GpuTopologyLevel.TOPOLOGY_INTERNAL),
    GpuTopologyLevel.SINGLE: int(nvml.GpuTopologyLevel.TOPOLOGY_SINGLE),
    GpuTopologyLevel.MULTIPLE: int(nvml.GpuTopologyLevel.TOPOLOGY_MULTIPLE),
    GpuTopologyLevel.HOSTBRIDGE: int(nvml.GpuTopologyLevel.TOPOLOGY_HOSTBRIDGE),
    GpuTopologyLevel.NODE: int(nvml.GpuTopologyLevel.TOPOLOGY_NODE),
    GpuTopologyLevel.SYSTEM: int(nvml.GpuTopologyLevel.TOPOLOGY_SYSTEM),
}
# The attribute of NVML's value union that holds each type of field value.
_VALUE_MEMBERS = {
    int(nvml.ValueType.DOUBLE): "d_val",
    int(nvml.ValueType.UNSIGNED_INT): "ui_val",
    int(nvml.ValueType.UNSIGNED_LONG): "ul_val",
    int(nvml.ValueType.UNSIGNED_LONG_LONG): "ull_val",
    int(nvml.ValueType.SIGNED_LONG_LONG): "sll_val",
    int(nvml.ValueType.SIGNED_INT): "si_val",
    int(nvml.ValueType.UNSIGNED_SHORT): "us_val",
}
_MIG_ENABLED = int(nvml.DeviceMig.ENABLE)
# How the Raises sections of the queries name the error of an unsupported query.
_NOT_SUPPORTED = ":class:`~cuda.core.system.NotSupportedError`"
_PSTATE_UNKNOWN = int(nvml.Pstates.PSTATE_UNKNOWN)
_UUID_PREFIXES = ("GPU-", "MIG-")
# Bits per word of NVML's CPU and NUMA-node masks (a C unsigned long).
_MASK_WORD_BITS = 64
# The NUMA nodes (or sockets) a memory affinity query asks about.
_MAX_AFFINITY_NODES = 1024


class Device:
    """Represent a device as NVML sees it, to query its state without a CUDA context.

    Give exactly one of ``index``, ``uuid`` and ``pci_bus_id``. Creating
    the object initializes NVML and the device in NVML (and, for some
    boards, the devices linked to it); it creates no CUDA context. To run
    work on the device, use the :class:`cuda.core.Device` that
    :meth:`to_cuda_device` returns.

    Parameters
    ----------
    index : int, optional
        NVML's index of the device, in ``[0, get_num_devices())``. NVML's
        order may differ from CUDA's and change between boots: prefer
        ``uuid`` or ``pci_bus_id`` to find a device again.
    uuid : str or bytes, optional
        The device's UUID, with its ``GPU-`` or ``MIG-`` prefix (as
        :attr:`uuid` gives it) or without (as :attr:`cuda.core.Device.uuid`
        gives it).
    pci_bus_id : str or bytes, optional
        The device's PCI bus id, ``domain:bus:device.function`` in hexadecimal.

    Raises
    ------
    ValueError
        If none or more than one of ``index``, ``uuid`` and ``pci_bus_id``
        is given, or ``index`` is negative.
    TypeError
        If ``index`` is not an int, or ``uuid`` or ``pci_bus_id`` is not a
        ``str`` or ``bytes``.
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML finds no such device (:class:`~cuda.core.system.NotFoundError`
        or :class:`~cuda.core.system.InvalidArgumentError`) or may not query
        it (:class:`~cuda.core.system.NoPermissionError`).

    Notes
    -----
    The object holds an NVML device handle, which NVML owns and never
    frees; there is nothing to close. Objects for the same device are
    distinct objects with the same :attr:`uuid`.

    Examples
    --------
    >>> from cuda.core import system
    >>> device = system.Device(index=0)
    >>> info = device.memory_info
    >>> print(device.name, info.used, "of", info.total, "bytes used")
    """

    __slots__ = ("__weakref__", "_handle")

    def __init__(
        self,
        *,
        index: int | None = None,
        uuid: bytes | str | None = None,
        pci_bus_id: bytes | str | None = None,
    ) -> None:
        given = [
            name for name, value in (("index", index), ("uuid", uuid), ("pci_bus_id", pci_bus_id)) if value is not None
        ]
        if not given:
            raise ValueError("Device needs one of index, uuid or pci_bus_id; none was given")
        if len(given) > 1:
            raise ValueError(f"Device needs only one of index, uuid or pci_bus_id; {' and '.join(given)} were given")
        if index is not None:
            c_index = index_argument(index, "index")
            initialize()
            self._handle = nvml.device_get_handle_by_index_v2(c_index)
        elif uuid is not None:
            text = text_argument(uuid, "uuid")
            initialize()
            self._handle = _handle_from_uuid(text)
        else:
            text = text_argument(pci_bus_id, "pci_bus_id")
            initialize()
            self._handle = nvml.device_get_handle_by_pci_bus_id_v2(text)

    def __repr__(self) -> str:
        return f"<cuda.core.system.Device handle={self._handle:#x}>"

    @classmethod
    def _from_handle(cls, handle: int) -> Device:
        """Return a device for an NVML device handle that NVML gave (MIG devices, topology queries)."""
        device = cls.__new__(cls)
        device._handle = int(handle)
        return device

    @classmethod
    def get_device_count(cls) -> int:
        """Return the number of devices NVML sees (as :func:`~cuda.core.system.get_num_devices`).

        Returns
        -------
        int
            The number of devices.

        Raises
        ------
        RuntimeError
            If the NVML library cannot be loaded.
        NvmlError
            If NVML fails.
        """
        initialize()
        return nvml.device_get_count_v2()

    @classmethod
    def get_all_devices(cls) -> Iterable[Device]:
        """Return every device NVML sees, in NVML's order.

        Returns
        -------
        list of Device
            One device per index, from 0.

        Raises
        ------
        RuntimeError
            If the NVML library cannot be loaded.
        NvmlError
            If NVML fails, for example
            :class:`~cuda.core.system.NoPermissionError` for a device the
            caller may not query.
        """
        return [cls(index=index) for index in range(cls.get_device_count())]

    @classmethod
    def get_all_devices_with_cpu_affinity(cls, cpu_index: int) -> Iterable[Device]:
        """Return the devices that are close to a CPU (Linux only).

        Parameters
        ----------
        cpu_index : int
            The CPU's number, as the operating system counts CPUs.

        Returns
        -------
        list of Device
            The devices with an affinity to the CPU.

        Raises
        ------
        TypeError
            If ``cpu_index`` is not an int.
        ValueError
            If ``cpu_index`` is negative.
        RuntimeError
            If the NVML library cannot be loaded.
        NvmlError
            If NVML fails.
        """
        c_cpu = index_argument(cpu_index, "cpu_index")
        initialize()
        return [cls._from_handle(handle) for handle in nvml.system_get_topology_gpu_set(c_cpu)]

    def to_cuda_device(self) -> object:
        """Return the :class:`cuda.core.Device` with this device's UUID.

        Returns
        -------
        cuda.core.Device
            The CUDA device.

        Raises
        ------
        RuntimeError
            If CUDA has no device with this UUID: a GPU in MIG mode, for
            instance, is not a CUDA device (its MIG devices are), and
            ``CUDA_VISIBLE_DEVICES`` may hide a device from CUDA.
        NvmlError
            If NVML fails.
        """
        # Imported here: cuda.core imports cuda.core.system lazily, through Device.to_system_device.
        from cuda.core import Device as CudaDevice

        wanted = self.uuid_without_prefix.lower()
        for device in CudaDevice.get_all_devices():
            if device.uuid.lower() == wanted:
                return device
        raise RuntimeError(f"no CUDA device has the UUID {self.uuid}; CUDA cannot use this device directly")

    def get_clock(self, clock_type: ClockType | str) -> ClockInfo:
        """Return the :class:`ClockInfo` of one clock domain of the device.

        Parameters
        ----------
        clock_type : ClockType or str
            The clock domain.

        Returns
        -------
        ClockInfo
            The queries of that clock.

        Raises
        ------
        ValueError
            If ``clock_type`` is not a :class:`ClockType` value.
        """
        return ClockInfo(self, clock_type)

    def get_cpu_affinity(self, scope: AffinityScope | str = AffinityScope.NODE) -> list[int]:
        """Return the NUMA nodes or CPU sockets whose CPUs are closest to the device (Linux only).

        Where ``scope`` does not fit the machine's topology, NVML answers
        for the nearest level above the device that is not an I/O device.

        Parameters
        ----------
        scope : AffinityScope or str, optional
            Whether to count NUMA nodes or sockets; NUMA nodes by default.

        Returns
        -------
        list of int
            The indices of the nodes or sockets, in increasing order.

        Raises
        ------
        ValueError
            If ``scope`` is not an :class:`AffinityScope` value.
        NvmlError
            If NVML fails.
        """
        c_scope = _AFFINITY_SCOPES[enum_argument(scope, AffinityScope, "scope")]
        words = (max(os.cpu_count() or 1, 1) + _MASK_WORD_BITS - 1) // _MASK_WORD_BITS
        return unpack_mask_words(nvml.device_get_cpu_affinity_within_scope(self._handle, words, c_scope))

    def get_memory_affinity(self, scope: AffinityScope | str = AffinityScope.NODE) -> list[int]:
        """Return the NUMA nodes or CPU sockets whose memory is closest to the device (Linux only).

        Where ``scope`` does not fit the machine's topology, NVML answers
        for the nearest level above the device that is not an I/O device.

        Parameters
        ----------
        scope : AffinityScope or str, optional
            Whether to count NUMA nodes or sockets; NUMA nodes by default.

        Returns
        -------
        list of int
            The indices of the nodes or sockets, in increasing order.

        Raises
        ------
        ValueError
            If ``scope`` is not an :class:`AffinityScope` value.
        NvmlError
            If NVML fails.
        """
        c_scope = _AFFINITY_SCOPES[enum_argument(scope, AffinityScope, "scope")]
        words = _MAX_AFFINITY_NODES // _MASK_WORD_BITS
        return unpack_mask_words(nvml.device_get_memory_affinity(self._handle, words, c_scope))

    def set_cpu_affinity(self) -> None:
        """Bind the calling thread to the CPUs closest to the device (Linux only).

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        nvml.device_set_cpu_affinity(self._handle)

    def clear_cpu_affinity(self) -> None:
        """Undo :meth:`set_cpu_affinity`: let the calling thread run on every CPU again (Linux only).

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        nvml.device_clear_cpu_affinity(self._handle)

    def get_fan(self, fan: int = 0) -> FanInfo:
        """Return the :class:`FanInfo` of one of the device's fans.

        Parameters
        ----------
        fan : int, optional
            The fan's index, in ``[0, num_fans)``; the first by default.

        Returns
        -------
        FanInfo
            The queries and settings of that fan.

        Raises
        ------
        TypeError
            If ``fan`` is not an int.
        ValueError
            If ``fan`` is negative.
        """
        return FanInfo(self, fan)

    def get_field_values(self, field_ids: list[int | tuple[int, int]]) -> FieldValues:
        """Read several of NVML's field values at once.

        Fields that NVML reads with one driver call are read together. A
        field that cannot be read does not make this call fail: its
        :attr:`FieldValue.value` raises instead (:meth:`FieldValues.validate`
        checks them all).

        Parameters
        ----------
        field_ids : list
            The fields: each a :class:`FieldId` (or its int), or a pair of a
            field and its scope, such as the link of a per-link field.

        Returns
        -------
        FieldValues
            One :class:`FieldValue` per requested field, in order.

        Raises
        ------
        TypeError
            If ``field_ids`` is not a sequence of field ids and pairs.
        NvmlError
            If NVML fails as a whole.
        """
        values = field_value_array(field_ids)
        nvml.device_get_field_values(self._handle, values)
        return FieldValues(values)

    def clear_field_values(self, field_ids: list[int | tuple[int, int]]) -> None:
        """Reset several of NVML's field values, such as counters, to zero.

        Parameters
        ----------
        field_ids : list
            The fields: each a :class:`FieldId` (or its int), or a pair of a
            field and its scope.

        Raises
        ------
        TypeError
            If ``field_ids`` is not a sequence of field ids and pairs.
        NvmlError
            If NVML fails, for example
            :class:`~cuda.core.system.NoPermissionError` without
            administrator rights.
        """
        nvml.device_clear_field_values(self._handle, field_value_array(field_ids))

    def get_nvlink(self, link: int) -> NvlinkInfo:
        """Return the :class:`NvlinkInfo` of one of the device's NVLinks.

        Parameters
        ----------
        link : int
            The link's index, in ``[0, get_nvlink_count())``.

        Returns
        -------
        NvlinkInfo
            The queries of that link.

        Raises
        ------
        TypeError
            If ``link`` is not an int.
        ValueError
            If the device has no link ``link``.
        NvmlError
            If NVML cannot count the device's links, for example
            :class:`~cuda.core.system.NotSupportedError` on a device
            without NVLink.
        """
        c_link = index_argument(link, "link")
        count = self.get_nvlink_count()
        if c_link >= count:
            raise ValueError(f"link must be in [0, {count}) for this device, got {link}")
        return NvlinkInfo(self, c_link)

    def get_nvlink_count(self) -> int:
        """Return the number of NVLinks of the device.

        Returns
        -------
        int
            The number of links.

        Raises
        ------
        NvmlError
            If NVML fails, for example
            :class:`~cuda.core.system.NotSupportedError` on a device
            without NVLink.
        """
        return int(self.get_field_values([FieldId.DEV_NVLINK_LINK_COUNT])[0].value)

    def get_nvlinks(self) -> Iterable[NvlinkInfo]:
        """Return the :class:`NvlinkInfo` of every NVLink of the device.

        Returns
        -------
        list of NvlinkInfo
            One per link, in order.

        Raises
        ------
        NvmlError
            If NVML cannot count the device's links.
        """
        return [NvlinkInfo(self, link) for link in range(self.get_nvlink_count())]

    def get_supported_event_types(self) -> list[EventType]:
        """Return the events :meth:`register_events` can wait for on this device (Linux only).

        Returns
        -------
        list of EventType
            The supported events.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        return unpack_mask(nvml.device_get_supported_event_types(self._handle), _EVENT_TYPES)

    def get_topology_nearest_gpus(self, level: GpuTopologyLevel | str) -> Iterable[Device]:
        """Return the devices connected to this one at a level of the topology (Linux only).

        Parameters
        ----------
        level : GpuTopologyLevel or str
            The level of the connection.

        Returns
        -------
        list of Device
            The devices at that level, this one not included.

        Raises
        ------
        ValueError
            If ``level`` is not a :class:`GpuTopologyLevel` value.
        NvmlError
            If NVML fails.
        """
        c_level = _TOPOLOGY_LEVELS[enum_argument(level, GpuTopologyLevel, "level")]
        return [Device._from_handle(handle) for handle in nvml.device_get_topology_nearest_gpus(self._handle, c_level)]

    def register_events(self, events: EventType | str | list[EventType | str]) -> DeviceEvents:
        """Start recording events of the device, to wait for them with :meth:`DeviceEvents.wait` (Linux only).

        Events that happened before the call are not recorded. ECC events
        need a device with ECC enabled, and power events a device with power
        management.

        Parameters
        ----------
        events : EventType, str or list
            The events to record.

        Returns
        -------
        DeviceEvents
            The recorded events; close it to stop recording.

        Raises
        ------
        ValueError
            If an event is not an :class:`EventType` value.
        NvmlError
            If NVML fails, :class:`~cuda.core.system.NotSupportedError` when
            none of the events can be recorded.

        Examples
        --------
        >>> events = device.register_events([EventType.XID_CRITICAL_ERROR])
        >>> event = events.wait(timeout_ms=10_000)
        >>> print(event.event_type, event.event_data)
        """
        return DeviceEvents(self, events)

    addressing_mode = handle_query(
        "device_get_addressing_mode",
        "The :class:`AddressingMode` of the device, or ``None`` when it addresses no system memory.",
        "AddressingMode | None",
        lambda mode: _ADDRESSING_MODES.get(int(mode.value)),
    )
    arch = handle_query(
        "device_get_architecture",
        "The device's :class:`DeviceArch`; ``DeviceArch.UNKNOWN`` for an architecture not listed there.",
        "DeviceArch",
        lambda value: DeviceArch(int(value)) if int(value) in DeviceArch else DeviceArch.UNKNOWN,
    )
    attributes = handle_query(
        "device_get_attributes_v2",
        "The :class:`DeviceAttributes` of the device (Ampere or newer, Linux only).",
        "DeviceAttributes",
        lambda answer: DeviceAttributes(answer),
        fails=f"If NVML fails, {_NOT_SUPPORTED}\n    where the device does not report them.",
    )
    bar1_memory_info = handle_query(
        "device_get_bar1_memory_info",
        "The use of the device's BAR1 memory, the window through which the host and peers see its memory.",
        "BAR1MemoryInfo",
        lambda answer: BAR1MemoryInfo(answer),
    )
    brand = handle_query(
        "device_get_brand",
        'The device\'s brand, such as ``"Tesla"`` or ``"GeForce"``; ``"Unknown"`` for one NVML does not name.',
        "str",
        lambda brand: _BRANDS.get(int(brand), "Unknown"),
    )

    @property
    def compute_running_processes(self) -> list[ProcessInfo]:
        """The processes that have a CUDA context on the device, as :class:`ProcessInfo` objects.

        Graphics processes (OpenGL, Vulkan) are not listed. The list is a
        snapshot: processes come and go.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        processes = nvml.device_get_compute_running_processes_v3(self._handle)
        return [ProcessInfo(self, processes[index]) for index in range(len(processes))]

    cooler = handle_query(
        "device_get_cooler_info",
        "The device's :class:`CoolerInfo`.",
        "CoolerInfo",
        lambda answer: CoolerInfo(answer),
        fails=f"If NVML fails, {_NOT_SUPPORTED} on a\n    device without a cooler it controls.",
    )
    cuda_compute_capability = handle_query(
        "device_get_cuda_compute_capability",
        "The device's CUDA compute capability, ``(major, minor)``, such as ``(9, 0)``.",
        "tuple[int, int]",
        lambda capability: (int(capability[0]), int(capability[1])),
    )
    current_clock_event_reasons = handle_query(
        "device_get_current_clocks_event_reasons",
        "Why the clocks run below their highest rate now; ``[ClocksEventReasons.NONE]`` when nothing holds them.",
        "list[ClocksEventReasons]",
        lambda mask: _clock_reasons(mask),
    )
    dynamic_pstates_info = handle_query(
        "device_get_dynamic_pstates_info",
        "How busy each domain of the device was in the last second, as :class:`GpuDynamicPstatesInfo`.",
        "GpuDynamicPstatesInfo",
        lambda answer: GpuDynamicPstatesInfo(answer),
    )
    index = handle_query("device_get_index", "NVML's index of the device, which may differ from CUDA's ordinal.")

    @property
    def inforom(self) -> InforomInfo:
        """The device's :class:`InforomInfo`, for boards with an InfoROM."""
        return InforomInfo(self)

    is_auto_boosted_clocks_enabled = handle_query(
        "device_get_auto_boosted_clocks_enabled",
        "Whether the clocks boost on their own now, and whether they do by default.\n\n"
        "On Pascal and newer devices, the application clocks decide it.",
        "tuple[bool, bool]",
        lambda states: (enabled(states[0]), enabled(states[1])),
    )
    is_c2c_enabled = handle_query(
        "device_get_c2c_mode_info_v",
        "Whether the device's chip-to-chip (C2C) link to the CPU is enabled.",
        "bool",
        lambda info: bool(info.is_c2c_enabled),
    )
    is_display_active = handle_query(
        "device_get_display_active",
        "Whether a display is initialized on the device, with or without a monitor attached.",
        "bool",
        enabled,
    )
    is_display_connected = handle_query(
        "device_get_display_mode", "Whether a monitor is connected to one of the device's outputs.", "bool", enabled
    )

    @property
    def is_persistence_mode_enabled(self) -> bool:
        """Whether the driver keeps the device initialized with no client (Linux only).

        Assigning a bool enables or disables persistence mode, which needs
        administrator rights.

        Raises
        ------
        NvmlError
            If NVML fails, :class:`~cuda.core.system.NoPermissionError` when
            setting it without administrator rights.
        """
        return enabled(nvml.device_get_persistence_mode(self._handle))

    @is_persistence_mode_enabled.setter
    def is_persistence_mode_enabled(self, enabled: bool) -> None:
        state = nvml.EnableState.FEATURE_ENABLED if enabled else nvml.EnableState.FEATURE_DISABLED
        nvml.device_set_persistence_mode(self._handle, int(state))

    memory_info = handle_query(
        "device_get_memory_info_v2",
        "The use of the device's memory, as :class:`MemoryInfo`.",
        "MemoryInfo",
        lambda answer: MemoryInfo(answer),
    )

    @property
    def mig(self) -> MigInfo:
        """The device's :class:`MigInfo`: its Multi-Instance GPU mode and MIG devices (Ampere or newer)."""
        return MigInfo(self)

    minor_number = handle_query(
        "device_get_minor_number", "The minor number of the device's node, ``/dev/nvidia<minor>`` (Linux only)."
    )
    module_id = handle_query(
        "device_get_module_id",
        "The identifier of the device's module on its baseboard; 0 for a device on no baseboard.",
    )
    name = handle_query(
        "device_get_name", 'The device\'s name, such as ``"NVIDIA H100 80GB HBM3"``.', "str", lambda name: name
    )
    num_fans = handle_query("device_get_num_fans", "The number of the device's fans.")
    numa_node_id = handle_query(
        "device_get_numa_node_id",
        "The NUMA node the device is, where devices are NUMA nodes (with memory coherent with the CPU's).",
        fails=f"If NVML fails, {_NOT_SUPPORTED}\n    where the device is no NUMA node.",
    )
    pci_bus_id = handle_query(
        "device_get_pci_info_ext",
        "The device's PCI bus id, ``domain:bus:device.function`` in hexadecimal.",
        "str",
        lambda info: info.bus_id,
    )

    @property
    def pci_info(self) -> PciInfo:
        """The device's :class:`PciInfo`.

        Raises
        ------
        NvmlError
            If NVML fails; a MIG device has no PCI information.
        """
        return PciInfo(nvml.device_get_pci_info_ext(self._handle), self)

    performance_state = handle_query(
        "device_get_performance_state",
        "The device's performance state, from 0 (the fastest, P0) to 15; ``None`` when NVML does not know it.",
        "int | None",
        lambda state: None if int(state) == _PSTATE_UNKNOWN else int(state),
    )
    repair_status = handle_query(
        "device_get_repair_status",
        "The device's :class:`RepairStatus`: whether a repair waits for the next reset (Ampere or newer).",
        "RepairStatus",
        lambda answer: RepairStatus(answer),
    )
    serial = handle_query(
        "device_get_serial",
        "The serial number of the device's board (boards with an InfoROM).",
        "str",
        lambda serial: serial,
    )
    supported_clock_event_reasons = handle_query(
        "device_get_supported_clocks_event_reasons",
        "The reasons :attr:`current_clock_event_reasons` may give on this device.",
        "list[ClocksEventReasons]",
        lambda mask: _clock_reasons(mask),
        fails="If NVML fails; not supported under vGPU.",
    )
    supported_pstates = handle_query(
        "device_get_supported_performance_states",
        "The performance states the device supports, each from 0 (P0, the fastest) to 15.",
        "list[int]",
        lambda states: [int(state) for state in states if int(state) != _PSTATE_UNKNOWN],
    )

    @property
    def temperature(self) -> Temperature:
        """The device's :class:`Temperature` queries."""
        return Temperature(self)

    utilization = handle_query(
        "device_get_utilization_rates",
        "How busy the device and its memory were over the last sample period, as :class:`Utilization`.",
        "Utilization",
        lambda answer: Utilization(answer),
        fails="If NVML fails; not supported on a GPU in MIG mode.",
    )
    uuid = handle_query(
        "device_get_uuid",
        "The device's UUID as NVML writes it, with a ``GPU-`` (or, for a MIG device, ``MIG-``) prefix.",
        "str",
        lambda uuid: uuid,
    )

    @property
    def uuid_without_prefix(self) -> str:
        """The device's UUID without its ``GPU-`` or ``MIG-`` prefix, as CUDA writes it.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        uuid = self.uuid
        for prefix in _UUID_PREFIXES:
            if uuid.startswith(prefix):
                return uuid[len(prefix) :]
        return uuid


class BAR1MemoryInfo:
    """Report the use of a device's BAR1 memory, in bytes: what :attr:`Device.bar1_memory_info` returns.

    Parameters
    ----------
    memory : cuda.bindings.nvml.BAR1Memory
        NVML's answer.
    """

    __slots__ = ("_memory",)

    def __init__(self, memory: nvml.BAR1Memory) -> None:
        self._memory = memory

    free = answer_field("_memory", "bar1_free", "The BAR1 memory not mapped.")
    total = answer_field("_memory", "bar1_total", "The size of the BAR1 window.")
    used = answer_field("_memory", "bar1_used", "The BAR1 memory mapped.")


class ClockInfo:
    """Query one clock domain of a device: what :meth:`Device.get_clock` returns.

    Parameters
    ----------
    device : Device
        The device.
    clock_type : ClockType or str
        The clock domain.

    Raises
    ------
    ValueError
        If ``clock_type`` is not a :class:`ClockType` value.
    """

    __slots__ = ("_clock_type", "_device")

    def __init__(self, device: Device, clock_type: ClockType | str) -> None:
        self._device = device
        self._clock_type = _CLOCK_TYPES[enum_argument(clock_type, ClockType, "clock_type")]

    def get_current_mhz(self, clock_id: ClockId | str = ClockId.CURRENT) -> int:
        """Return a rate of the clock, in MHz (Kepler or newer).

        Parameters
        ----------
        clock_id : ClockId or str, optional
            Which rate: the current one by default.

        Returns
        -------
        int
            The rate.

        Raises
        ------
        ValueError
            If ``clock_id`` is not a :class:`ClockId` value.
        NvmlError
            If NVML fails.
        """
        c_id = _CLOCK_IDS[enum_argument(clock_id, ClockId, "clock_id")]
        return int(nvml.device_get_clock(self._device._handle, self._clock_type, c_id))

    def get_max_mhz(self) -> int:
        """Return the highest rate of the clock, in MHz.

        The current rate in P0 may differ from it by a few MHz.

        Returns
        -------
        int
            The rate.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        return int(nvml.device_get_max_clock_info(self._device._handle, self._clock_type))

    def get_max_customer_boost_mhz(self) -> int:
        """Return the highest rate the board's maker allows the clock to boost to, in MHz (Pascal or newer).

        Returns
        -------
        int
            The rate.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        return int(nvml.device_get_max_customer_boost_clock(self._device._handle, self._clock_type))

    def get_min_max_clock_of_pstate_mhz(self, pstate: int) -> tuple[int, int]:
        """Return the lowest and highest rate of the clock in one performance state, in MHz.

        Parameters
        ----------
        pstate : int
            The performance state, from 0 (P0, the fastest) to 15.

        Returns
        -------
        tuple of int
            ``(lowest, highest)``.

        Raises
        ------
        TypeError
            If ``pstate`` is not an int.
        ValueError
            If ``pstate`` is not in ``[0, 15]``.
        NvmlError
            If NVML fails.
        """
        low, high = nvml.device_get_min_max_clock_of_p_state(
            self._device._handle, self._clock_type, pstate_argument(pstate)
        )
        return (int(low), int(high))

    def get_offsets(self, pstate: int) -> ClockOffsets:
        """Return the offset of the clock in one performance state, and its limits (Maxwell or newer).

        Parameters
        ----------
        pstate : int
            The performance state, from 0 (P0, the fastest) to 15.

        Returns
        -------
        ClockOffsets
            The offset and its limits, in MHz.

        Raises
        ------
        TypeError
            If ``pstate`` is not an int.
        ValueError
            If ``pstate`` is not in ``[0, 15]``.
        NvmlError
            If NVML fails.
        """
        offsets = nvml.device_get_clock_offsets(self._device._handle, self._clock_type, pstate_argument(pstate))
        return ClockOffsets(offsets)


class ClockOffsets:
    """Report a clock's offset and its limits, in MHz: what :meth:`ClockInfo.get_offsets` returns.

    Parameters
    ----------
    offsets : cuda.bindings.nvml.ClockOffset_v1
        NVML's answer.
    """

    __slots__ = ("_offsets",)

    def __init__(self, offsets: nvml.ClockOffset_v1) -> None:
        self._offsets = offsets

    clock_offset_mhz = answer_field("_offsets", "clock_offset_m_hz", "The offset now.")
    max_offset_mhz = answer_field("_offsets", "max_clock_offset_m_hz", "The highest offset allowed.")
    min_offset_mhz = answer_field("_offsets", "min_clock_offset_m_hz", "The lowest offset allowed.")


class CoolerInfo:
    """Describe a device's cooler: what :attr:`Device.cooler` returns.

    Parameters
    ----------
    info : cuda.bindings.nvml.CoolerInfo_v1
        NVML's answer.
    """

    __slots__ = ("_info",)

    def __init__(self, info: nvml.CoolerInfo_v1) -> None:
        self._info = info

    @property
    def signal_type(self) -> CoolerControl | None:
        """How the cooler is driven, or ``None`` when NVML does not say."""
        return _COOLER_CONTROLS.get(int(self._info.signal_type))

    @property
    def target(self) -> list[CoolerTarget]:
        """What the cooler cools: one or more of the processor, the memory and the power supply."""
        mask = int(self._info.target)
        return [target for bit, target in _COOLER_TARGETS.items() if mask & bit]


class DeviceAttributes:
    """Report a device's counts of engines and slices: what :attr:`Device.attributes` returns.

    Parameters
    ----------
    attributes : cuda.bindings.nvml.DeviceAttributes
        NVML's answer.
    """

    __slots__ = ("_attributes",)

    def __init__(self, attributes: nvml.DeviceAttributes) -> None:
        self._attributes = attributes

    compute_instance_slice_count = answer_field(
        "_attributes", "compute_instance_slice_count", "The number of compute-instance slices."
    )
    gpu_instance_slice_count = answer_field(
        "_attributes", "gpu_instance_slice_count", "The number of GPU-instance slices."
    )
    memory_size_mb = answer_field("_attributes", "memory_size_mb", "The size of the device's memory, in MiB.")
    multiprocessor_count = answer_field(
        "_attributes", "multiprocessor_count", "The number of streaming multiprocessors."
    )
    shared_copy_engine_count = answer_field("_attributes", "shared_copy_engine_count", "The number of copy engines.")
    shared_decoder_count = answer_field("_attributes", "shared_decoder_count", "The number of video decoders.")
    shared_encoder_count = answer_field("_attributes", "shared_encoder_count", "The number of video encoders.")
    shared_jpeg_count = answer_field("_attributes", "shared_jpeg_count", "The number of JPEG engines.")
    shared_ofa_count = answer_field("_attributes", "shared_ofa_count", "The number of optical flow accelerators.")


class DeviceEvents(EventSet):
    """Record events of a device, to wait for them: what :meth:`Device.register_events` returns.

    Parameters
    ----------
    device : Device
        The device.
    events : EventType, str or list
        The events to record.

    Raises
    ------
    ValueError
        If an event is not an :class:`EventType` value.
    NvmlError
        If NVML fails, :class:`~cuda.core.system.NotSupportedError` when
        none of the events can be recorded.

    Notes
    -----
    The object owns an NVML event set: :meth:`close` frees it, and so does
    garbage collection if it was never closed.
    """

    __slots__ = ("_device",)

    def __init__(self, device: Device, events: EventType | str | list[EventType | str]) -> None:
        self._event_set = None
        mask = pack_mask(events, _EVENT_TYPES, EventType, "events")
        self._device = device
        self._open(
            nvml.event_set_create, lambda event_set: nvml.device_register_events(device._handle, mask, event_set)
        )

    def wait(self, timeout_ms: int = 0) -> EventData:
        """Return the next recorded event, waiting for one if there is none yet.

        The call may return before ``timeout_ms`` passes, when a signal
        interrupts it. On Linux, every critical error (Xid) is its own
        event; on Windows, each reports the last one seen.

        Parameters
        ----------
        timeout_ms : int, optional
            How long to wait at most, in milliseconds; 0 (the default)
            waits as long as it takes.

        Returns
        -------
        EventData
            The event.

        Raises
        ------
        TypeError
            If ``timeout_ms`` is not an int.
        ValueError
            If ``timeout_ms`` is negative.
        RuntimeError
            If the event set is closed.
        TimeoutError
            :class:`cuda.core.system.TimeoutError` if no event came in time.
        NvmlError
            If NVML fails otherwise, :class:`~cuda.core.system.GpuIsLostError`
            when the device fell off the bus.
        """
        c_timeout = index_argument(timeout_ms, "timeout_ms")
        with self._waiting() as event_set:
            return EventData(nvml.event_set_wait_v2(event_set, c_timeout))


class EventData:
    """Describe one event of a device: what :meth:`DeviceEvents.wait` returns.

    Parameters
    ----------
    data : cuda.bindings.nvml.EventData
        NVML's answer.
    """

    __slots__ = ("_data",)

    def __init__(self, data: nvml.EventData) -> None:
        self._data = data

    @property
    def compute_instance_id(self) -> int:
        """The MIG compute instance the critical error (Xid) concerns.

        Raises
        ------
        ValueError
            If the event is not an ``XID_CRITICAL_ERROR``.
        """
        _check_xid(self, "compute_instance_id")
        return int(self._data.compute_instance_id)

    @property
    def device(self) -> Device:
        """The :class:`Device` the event happened on."""
        return Device._from_handle(self._data.device_)

    @property
    def event_data(self) -> int:
        """The number of the critical error (the Xid).

        Raises
        ------
        ValueError
            If the event is not an ``XID_CRITICAL_ERROR``.
        """
        _check_xid(self, "event_data")
        return int(self._data.event_data)

    @property
    def event_type(self) -> EventType:
        """The kind of the event."""
        return _EVENT_TYPES.get(int(self._data.event_type), EventType.NONE)

    @property
    def gpu_instance_id(self) -> int:
        """The MIG GPU instance the critical error (Xid) concerns.

        Raises
        ------
        ValueError
            If the event is not an ``XID_CRITICAL_ERROR``.
        """
        _check_xid(self, "gpu_instance_id")
        return int(self._data.gpu_instance_id)


class FanInfo:
    """Query and set one fan of a device: what :meth:`Device.get_fan` returns.

    Speeds are percentages of the fan's highest quiet speed, and may exceed
    100. They are the speeds the driver asks for: a blocked fan does not
    turn at them.

    Parameters
    ----------
    device : Device
        The device.
    fan : int
        The fan's index.

    Raises
    ------
    TypeError
        If ``fan`` is not an int.
    ValueError
        If ``fan`` is negative.
    """

    __slots__ = ("_device", "_fan")

    def __init__(self, device: Device, fan: int) -> None:
        self._device = device
        self._fan = index_argument(fan, "fan")

    def set_default_speed(self) -> None:
        """Hand the fan's speed back to the driver's default policy.

        Raises
        ------
        NvmlError
            If NVML fails, :class:`~cuda.core.system.NoPermissionError`
            without administrator rights.
        """
        nvml.device_set_default_fan_speed_v2(self._device._handle, self._fan)

    control_policy = handle_query(
        "device_get_fan_control_policy_v2",
        "Who sets the fan's speed: the driver, from the temperature, or the user (Maxwell or newer).",
        "FanControlPolicy",
        lambda policy: _FAN_CONTROL_POLICIES[int(policy)],
        index="_fan",
    )
    min_max_speed = handle_query(
        "device_get_min_max_fan_speed",
        "The lowest and highest speed the device's fans may be set to, ``(lowest, highest)``.",
        "tuple[int, int]",
        lambda speeds: (int(speeds[0]), int(speeds[1])),
    )

    @property
    def speed(self) -> int:
        """The speed the driver asks of the fan now.

        Assigning a speed sets the fan to it (and the fan policy to manual),
        which needs administrator rights; :meth:`set_default_speed` undoes it.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        return int(nvml.device_get_fan_speed_v2(self._device._handle, self._fan))

    @speed.setter
    def speed(self, speed: int) -> None:
        nvml.device_set_fan_speed_v2(self._device._handle, self._fan, index_argument(speed, "speed"))

    @property
    def _handle(self) -> int:
        """The NVML handle of the fan's device, which the queries made by :func:`handle_query` pass."""
        return self._device._handle

    speed_rpm = handle_query(
        "device_get_fan_speed_rpm",
        "The speed the driver asks of the fan now, in revolutions per minute (Maxwell or newer).",
        index="_fan",
    )
    target_speed = handle_query(
        "device_get_target_fan_speed",
        "The speed the driver aims the fan at, its own choice or the one :attr:`speed` was set to.",
        index="_fan",
    )


class FieldValue:
    """Hold one field value read by :meth:`Device.get_field_values`.

    Parameters
    ----------
    field_value : cuda.bindings.nvml.FieldValue
        NVML's answer for the field.
    """

    __slots__ = ("_value",)

    def __init__(self, field_value: nvml.FieldValue) -> None:
        self._value = field_value

    @property
    def field_id(self) -> FieldId:
        """The field, as a :class:`FieldId` (an int where NVML's enumeration lacks it)."""
        value = int(self._value.field_id)
        return FieldId(value) if value in FieldId else value

    latency_usec = answer_field(
        "_value",
        "latency_usec",
        "How long NVML took to read the value, in microseconds (shared by fields read together).",
    )
    scope_id = answer_field(
        "_value", "scope_id", "The scope the value was read for, such as a link; 0 for a field without one."
    )
    timestamp = answer_field(
        "_value", "timestamp", "When the value was read, in microseconds since 1970 on the host's clock."
    )

    @property
    def value(self) -> int | float:
        """The value, an int or a float by the field's type.

        Raises
        ------
        NvmlError
            The error NVML reported for this field, for example
            :class:`~cuda.core.system.NotSupportedError`.
        """
        status = int(self._value.nvml_return)
        if status != int(nvml.Return.SUCCESS):
            nvml.check_status(status)
        member = _VALUE_MEMBERS.get(int(self._value.value_type), "ull_val")
        number = getattr(self._value.value, member)[0]
        return float(number) if member == "d_val" else int(number)


class FieldValues:
    """Hold the field values :meth:`Device.get_field_values` read, in the order they were asked for.

    Parameters
    ----------
    field_values : cuda.bindings.nvml.FieldValue
        NVML's answer, an array of field values.
    """

    __slots__ = ("_values",)

    def __init__(self, field_values: nvml.FieldValue) -> None:
        self._values = field_values

    def __getitem__(self, index: int) -> FieldValue:
        return FieldValue(self._values[checked_item(index, len(self), "field value index", "values")])

    def __len__(self) -> int:
        return len(self._values)

    def get_all_values(self) -> list[int | float]:
        """Return every value, in order.

        Returns
        -------
        list of int or float
            The values.

        Raises
        ------
        NvmlError
            The error of the first field that could not be read.
        """
        return [self[index].value for index in range(len(self))]

    def validate(self) -> None:
        """Check that every field was read.

        Raises
        ------
        NvmlError
            The error of the first field that could not be read.
        """
        self.get_all_values()


class GpuDynamicPstatesInfo:
    """Report how busy each utilization domain of a device was: what :attr:`Device.dynamic_pstates_info` returns.

    Index it by domain (0 is the processor, 1 the frame buffer, 2 the
    video engines, 3 the bus interface); each item is a
    :class:`GpuDynamicPstatesUtilization`.

    Parameters
    ----------
    info : cuda.bindings.nvml.GpuDynamicPstatesInfo
        NVML's answer.
    """

    __slots__ = ("_info",)

    def __init__(self, info: nvml.GpuDynamicPstatesInfo) -> None:
        self._info = info

    def __getitem__(self, index: int) -> GpuDynamicPstatesUtilization:
        return GpuDynamicPstatesUtilization(
            self._info.utilization[checked_item(index, len(self), "utilization domain", "domains")]
        )

    def __len__(self) -> int:
        return len(self._info.utilization)


class GpuDynamicPstatesUtilization:
    """Report how busy one utilization domain was, and the thresholds of its performance changes.

    Parameters
    ----------
    utilization : object
        NVML's answer for the domain.
    """

    __slots__ = ("_utilization",)

    def __init__(self, utilization: object) -> None:
        self._utilization = utilization

    dec_threshold = answer_field(
        "_utilization",
        "dec_threshold",
        "The utilization below which the driver may lower the performance state, in percent.",
    )
    inc_threshold = answer_field(
        "_utilization",
        "inc_threshold",
        "The utilization above which the driver may raise the performance state, in percent.",
    )
    is_present = answer_field("_utilization", "b_is_present", "Whether the device has this domain.", "bool", bool)
    percentage = answer_field(
        "_utilization", "percentage", "The share of the last second in which the domain was busy, in percent."
    )


class InforomInfo:
    """Query a device's InfoROM, its non-volatile memory of settings and counts.

    What :attr:`Device.inforom` returns; for boards with an InfoROM.

    Parameters
    ----------
    device : Device
        The device.
    """

    __slots__ = ("_device", "_handle")

    def __init__(self, device: Device) -> None:
        self._device = device
        self._handle = device._handle

    def get_version(self, inforom: InforomObject | str) -> str:
        """Return the version of one object of the InfoROM, which says what the object supports.

        Parameters
        ----------
        inforom : InforomObject or str
            The object.

        Returns
        -------
        str
            Its version.

        Raises
        ------
        ValueError
            If ``inforom`` is not an :class:`InforomObject` value.
        NvmlError
            If NVML fails.
        """
        c_object = _INFOROM_OBJECTS[enum_argument(inforom, InforomObject, "inforom")]
        return nvml.device_get_inforom_version(self._device._handle, c_object)

    def validate(self) -> None:
        """Read the InfoROM and check its checksums.

        Raises
        ------
        CorruptedInforomError
            :class:`cuda.core.system.CorruptedInforomError` if the InfoROM is corrupted.
        NvmlError
            If NVML fails otherwise.
        """
        nvml.device_validate_inforom(self._device._handle)

    bbx_flush_time = handle_query(
        "device_get_last_bbx_flush_time",
        "When the black box (BBX) object was last written, and how long it took: ``(timestamp, microseconds)``.",
        "tuple[int, int]",
        lambda answer: (int(answer[0]), int(answer[1])),
    )
    board_part_number = handle_query(
        "device_get_board_part_number",
        "The part number of the board, as its InfoROM holds it.",
        "str",
        lambda number: number,
    )
    configuration_checksum = handle_query(
        "device_get_inforom_configuration_checksum",
        "The checksum of the configuration in the InfoROM: equal on boards configured alike.",
    )
    image_version = handle_query(
        "device_get_inforom_image_version",
        "The version of the whole InfoROM image, which names exactly what was flashed on the board.",
        "str",
        lambda version: version,
    )


class MemoryInfo:
    """Report the use of a device's memory, in bytes: what :attr:`Device.memory_info` returns.

    Parameters
    ----------
    memory : cuda.bindings.nvml.Memory_v2
        NVML's answer.
    """

    __slots__ = ("_memory",)

    def __init__(self, memory: nvml.Memory_v2) -> None:
        self._memory = memory

    free = answer_field("_memory", "free", "The memory not allocated.")
    reserved = answer_field("_memory", "reserved", "The memory the driver and the firmware keep for themselves.")
    total = answer_field("_memory", "total", "The device's memory.")
    used = answer_field("_memory", "used", "The memory allocated.")


class MigInfo:
    """Query and set a device's Multi-Instance GPU (MIG) mode, and find its MIG devices (Ampere or newer).

    What :attr:`Device.mig` returns. A MIG device is an NVML handle of one
    compute instance of a GPU in MIG mode; most queries of :class:`Device`
    work on it too.

    Parameters
    ----------
    device : Device
        The device.
    """

    __slots__ = ("_device", "_handle")

    def __init__(self, device: Device) -> None:
        self._device = device
        self._handle = device._handle

    def get_all_devices(self) -> Iterable[Device]:
        """Return every MIG device of the GPU.

        A MIG device's handle is valid until its compute instance is
        destroyed, or the GPU is reset or unbound: look it up again then.

        Returns
        -------
        list of Device
            The MIG devices, by index; empty when MIG is off.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        devices = []
        for index in range(self.device_count):
            try:
                devices.append(self.get_device_by_index(index))
            except nvml.NotFoundError:
                continue  # no compute instance holds this index now
        return devices

    def get_device_by_index(self, index: int) -> Device:
        """Return one MIG device of the GPU.

        Parameters
        ----------
        index : int
            The MIG device's index, in ``[0, device_count)``.

        Returns
        -------
        Device
            The MIG device.

        Raises
        ------
        TypeError
            If ``index`` is not an int.
        ValueError
            If ``index`` is negative.
        NvmlError
            If NVML fails, :class:`~cuda.core.system.NotFoundError` when no
            MIG device has the index.
        """
        c_index = index_argument(index, "index")
        return Device._from_handle(nvml.device_get_mig_device_handle_by_index(self._device._handle, c_index))

    device_count = handle_query(
        "device_get_max_mig_device_count",
        "The most MIG devices the GPU can have; 0 when MIG is off or not supported.",
    )

    is_mig_device = handle_query(
        "device_is_mig_device_handle", "Whether the device is a MIG device rather than a whole GPU.", "bool", bool
    )

    @property
    def mode(self) -> bool:
        """Whether the GPU is in MIG mode now.

        Assigning a bool asks for the mode; it may only take effect once the
        GPU is reset or unbound (see :attr:`pending_mode`), and needs
        administrator rights.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        current, _ = nvml.device_get_mig_mode(self._device._handle)
        return int(current) == _MIG_ENABLED

    @mode.setter
    def mode(self, mode: bool) -> None:
        state = nvml.DeviceMig.ENABLE if mode else nvml.DeviceMig.DISABLE
        nvml.device_set_mig_mode(self._device._handle, int(state))

    parent = handle_query(
        "device_get_device_handle_from_mig_device_handle",
        "The GPU a MIG device belongs to.",
        "Device",
        lambda handle: Device._from_handle(handle),
        fails="If NVML fails, for example when the device is no MIG device.",
    )
    pending_mode = handle_query(
        "device_get_mig_mode",
        "Whether the GPU will be in MIG mode after its next reset or unbinding.",
        "bool",
        lambda modes: int(modes[1]) == _MIG_ENABLED,
    )


class _NvlinkInfoMeta(type):
    """The metaclass of :class:`NvlinkInfo`, for its deprecated class property ``max_links``."""

    @property
    def max_links(cls) -> int:
        """The most NVLinks any device has (``NVML_NVLINK_MAX_LINKS``); deprecated.

        Use :meth:`Device.get_nvlink_count` for the links of one device.
        """
        warnings.warn(
            "NvlinkInfo.max_links is deprecated; use Device.get_nvlink_count() for a device's links",
            DeprecationWarning,
            stacklevel=2,
        )
        return int(nvml.NVLINK_MAX_LINKS)


class NvlinkInfo(metaclass=_NvlinkInfoMeta):
    """Query one NVLink of a device: what :meth:`Device.get_nvlink` returns.

    Parameters
    ----------
    device : Device
        The device.
    link : int
        The link's index; :meth:`Device.get_nvlink` checks it against the
        device's links.

    Raises
    ------
    TypeError
        If ``device`` is not a :class:`Device`, or ``link`` not an int.
    ValueError
        If ``link`` is negative.
    """

    __slots__ = ("_device", "_handle", "_link")

    def __init__(self, device: Device, link: int) -> None:
        _check_device(device, "device")
        self._device = device
        self._handle = device._handle
        self._link = index_argument(link, "link")

    state = handle_query(
        "device_get_nvlink_state", "Whether the link is active (Pascal or newer).", "bool", enabled, index="_link"
    )

    @property
    def version(self) -> tuple[int, int]:
        """The link's NVLink version, ``(major, minor)``.

        Raises
        ------
        NvmlError
            If NVML fails.
        ValueError
            If NVML reports a version this release does not know.
        """
        value = int(nvml.device_get_nvlink_version(self._device._handle, self._link))
        if value not in _NVLINK_VERSIONS:
            raise ValueError(f"NVML reports an NVLink version this release does not know: {value}")
        return _NVLINK_VERSIONS[value]


class PciInfo:
    """Report a device's place on the PCI bus and the state of its link: what :attr:`Device.pci_info` returns.

    Parameters
    ----------
    info : cuda.bindings.nvml.PciInfoExt_v1
        NVML's answer.
    device : Device
        The device, for the queries of its link.
    """

    __slots__ = ("_device", "_handle", "_info")

    def __init__(self, info: nvml.PciInfoExt_v1, device: Device) -> None:
        self._info = info
        self._device = device
        self._handle = device._handle

    base_class = answer_field("_info", "base_class", "The 8-bit PCI base class code.")
    bus = answer_field("_info", "bus", "The bus, from 0 to 255.")

    @property
    def bus_id(self) -> str:
        """The PCI bus id, ``domain:bus:device.function`` in hexadecimal."""
        return self._info.bus_id

    current_link_generation = handle_query(
        "device_get_curr_pcie_link_generation",
        "The PCIe generation the link runs at now.",
    )

    current_link_width = handle_query("device_get_curr_pcie_link_width", "The number of PCIe lanes the link uses now.")

    device = answer_field("_info", "device_", "The device's number on its bus, from 0 to 31.")

    @property
    def device_id(self) -> int:
        """The 16-bit PCI device id."""
        return (int(self._info.pci_device_id) >> 16) & 0xFFFF

    domain = answer_field("_info", "domain", "The PCI domain of the bus.")

    link_generation = handle_query(
        "device_get_max_pcie_link_generation",
        "The highest PCIe generation the device and the machine both support.",
    )

    max_link_generation = handle_query(
        "device_get_gpu_max_pcie_link_generation",
        "The highest PCIe generation the device supports.",
    )

    max_link_width = handle_query(
        "device_get_max_pcie_link_width",
        "The most PCIe lanes the device and the machine both support.",
    )

    replay_counter = handle_query(
        "device_get_pcie_replay_counter",
        "The number of PCIe packets the link has had to send again.",
    )

    rx_throughput = handle_query(
        "device_get_pcie_throughput",
        "The PCIe bytes received over a 20 ms interval, in KB/s (Maxwell or newer; not under vGPU).",
        arguments=(int(nvml.PcieUtilCounter.PCIE_UTIL_RX_BYTES),),
    )

    sub_class = answer_field("_info", "sub_class", "The 8-bit PCI sub-class code.")

    @property
    def subsystem_id(self) -> int:
        """The 16-bit PCI subsystem device id."""
        return (int(self._info.pci_sub_system_id) >> 16) & 0xFFFF

    tx_throughput = handle_query(
        "device_get_pcie_throughput",
        "The PCIe bytes sent over a 20 ms interval, in KB/s (Maxwell or newer; not under vGPU).",
        arguments=(int(nvml.PcieUtilCounter.PCIE_UTIL_TX_BYTES),),
    )

    @property
    def vendor_id(self) -> int:
        """The 16-bit PCI vendor id (``0x10DE`` for NVIDIA)."""
        return int(self._info.pci_device_id) & 0xFFFF


class ProcessInfo:
    """Describe a process with a CUDA context on a device: an item of :attr:`Device.compute_running_processes`.

    Parameters
    ----------
    device : Device
        The device.
    info : cuda.bindings.nvml.ProcessInfo
        NVML's answer for the process.
    """

    __slots__ = ("_device", "_info")

    def __init__(self, device: Device, info: nvml.ProcessInfo) -> None:
        self._device = device
        self._info = info

    compute_instance_id = answer_field(
        "_info",
        "compute_instance_id",
        "The MIG compute instance the process runs in (only for processes on MIG devices).",
    )
    gpu_instance_id = answer_field(
        "_info", "gpu_instance_id", "The MIG GPU instance the process runs in (only for processes on MIG devices)."
    )
    pid = answer_field("_info", "pid", "The process's id.")
    used_gpu_memory = answer_field("_info", "used_gpu_memory", "The device memory the process uses, in bytes.")


class RepairStatus:
    """Report whether repairs of a device wait for its next reset: what :attr:`Device.repair_status` returns.

    Parameters
    ----------
    status : cuda.bindings.nvml.RepairStatus_v1
        NVML's answer.
    """

    __slots__ = ("_status",)

    def __init__(self, status: nvml.RepairStatus_v1) -> None:
        self._status = status

    channel_repair_pending = answer_field(
        "_status",
        "b_channel_repair_pending",
        "Whether a repair of a memory channel is pending.",
        "bool",
        bool,
    )
    tpc_repair_pending = answer_field(
        "_status",
        "b_tpc_repair_pending",
        "Whether a repair of a texture processing cluster (TPC) is pending.",
        "bool",
        bool,
    )


class Temperature:
    """Query a device's temperatures, in degrees Celsius: what :attr:`Device.temperature` returns.

    Parameters
    ----------
    device : Device
        The device.
    """

    __slots__ = ("_device", "_handle")

    def __init__(self, device: Device) -> None:
        self._device = device
        self._handle = device._handle

    def get_sensor(self) -> int:
        """Return the temperature of the processor, the one sensor NVML reads this way.

        Returns
        -------
        int
            The temperature.

        Raises
        ------
        NvmlError
            If NVML fails.
        """
        return int(nvml.device_get_temperature_v(self._device._handle, int(nvml.TemperatureSensors.TEMPERATURE_GPU)))

    def get_threshold(self, threshold_type: TemperatureThresholds | str) -> int:
        """Return the temperature at which the device acts in some way (Kepler or newer).

        On Ada and newer devices, NVML prefers its field values
        (``FieldId.DEV_TEMPERATURE_*``, through :meth:`Device.get_field_values`)
        for the shutdown, slowdown and maximum temperatures.

        Parameters
        ----------
        threshold_type : TemperatureThresholds or str
            The threshold.

        Returns
        -------
        int
            The temperature.

        Raises
        ------
        ValueError
            If ``threshold_type`` is not a :class:`TemperatureThresholds` value.
        NvmlError
            If NVML fails.
        """
        c_type = _TEMPERATURE_THRESHOLDS[enum_argument(threshold_type, TemperatureThresholds, "threshold_type")]
        return int(nvml.device_get_temperature_threshold(self._device._handle, c_type))

    def get_thermal_settings(self, sensor_index: ThermalTarget | str) -> ThermalSettings:
        """Return the sensors that measure one target, with their readings and limits.

        Parameters
        ----------
        sensor_index : ThermalTarget or str
            The target, or ``ThermalTarget.ALL`` for every sensor.

        Returns
        -------
        ThermalSettings
            The sensors.

        Raises
        ------
        ValueError
            If ``sensor_index`` is not a :class:`ThermalTarget` value.
        NvmlError
            If NVML fails.
        """
        c_target = _THERMAL_TARGETS[enum_argument(sensor_index, ThermalTarget, "sensor_index")]
        return ThermalSettings(nvml.device_get_thermal_settings(self._device._handle, c_target))

    margin = handle_query(
        "device_get_margin_temperature",
        "How far the device is from its nearest slowdown temperature.",
    )


class ThermalSensor:
    """Describe one thermal sensor of a device: an item of :class:`ThermalSettings`.

    Parameters
    ----------
    sensor : object
        NVML's answer for the sensor.
    """

    __slots__ = ("_sensor",)

    def __init__(self, sensor: object) -> None:
        self._sensor = sensor

    @property
    def controller(self) -> ThermalController:
        """The chip that reads the sensor; ``ThermalController.UNKNOWN`` for one NVML does not name."""
        return _THERMAL_CONTROLLERS.get(int(self._sensor.controller), ThermalController.UNKNOWN)

    current_temp = answer_field("_sensor", "current_temp", "The temperature now, in degrees Celsius.")
    default_max_temp = answer_field(
        "_sensor",
        "default_max_temp",
        "The highest temperature the sensor's target is meant to reach, in degrees Celsius.",
    )
    default_min_temp = answer_field(
        "_sensor",
        "default_min_temp",
        "The lowest temperature the sensor's target is meant to reach, in degrees Celsius.",
    )

    @property
    def target(self) -> ThermalTarget:
        """What the sensor measures; ``ThermalTarget.NONE`` for a target NVML does not name."""
        value = int(self._sensor.target)
        for target, code in _THERMAL_TARGETS.items():
            if code == value:
                return target
        return ThermalTarget.NONE


class ThermalSettings:
    """Hold the thermal sensors :meth:`Temperature.get_thermal_settings` found, as :class:`ThermalSensor` items.

    Parameters
    ----------
    settings : cuda.bindings.nvml.GpuThermalSettings
        NVML's answer.
    """

    __slots__ = ("_settings",)

    def __init__(self, settings: nvml.GpuThermalSettings) -> None:
        self._settings = settings

    def __getitem__(self, index: int) -> ThermalSensor:
        return ThermalSensor(self._settings.sensor[checked_item(index, len(self), "thermal sensor index", "sensors")])

    def __len__(self) -> int:
        return min(int(self._settings.count), len(self._settings.sensor))


class Utilization:
    """Report how busy a device was over NVML's last sample period: what :attr:`Device.utilization` returns.

    While the driver initializes a device with ECC, both are high: it
    scrubs the memory.

    Parameters
    ----------
    utilization : cuda.bindings.nvml.Utilization
        NVML's answer.
    """

    __slots__ = ("_utilization",)

    def __init__(self, utilization: nvml.Utilization) -> None:
        self._utilization = utilization

    gpu = answer_field("_utilization", "gpu", "The share of the period in which a kernel ran, in percent.")
    memory = answer_field(
        "_utilization",
        "memory",
        "The share of the period in which the device's memory was read or written, in percent.",
    )


def get_topology_common_ancestor(device1: Device, device2: Device) -> GpuTopologyLevel:
    """Return how closely two devices are connected (Linux only).

    Parameters
    ----------
    device1 : Device
        One device.
    device2 : Device
        The other.

    Returns
    -------
    GpuTopologyLevel
        The level of their closest common connection.

    Raises
    ------
    TypeError
        If a device is not a :class:`Device`.
    ValueError
        If NVML reports a level this release does not know.
    NvmlError
        If NVML fails.
    """
    _check_device(device1, "device1")
    _check_device(device2, "device2")
    level = int(nvml.device_get_topology_common_ancestor(device1._handle, device2._handle))
    for name, code in _TOPOLOGY_LEVELS.items():
        if code == level:
            return name
    raise ValueError(f"NVML reports a topology level this release does not know: {level}")


def get_p2p_status(device1: Device, device2: Device, index: GpuP2PCapsIndex | str) -> GpuP2PStatus:
    """Return whether one device can access another's memory in some way, and if not, why not.

    Parameters
    ----------
    device1 : Device
        The device that would access the memory.
    device2 : Device
        The device whose memory it is.
    index : GpuP2PCapsIndex or str
        The kind of access.

    Returns
    -------
    GpuP2PStatus
        ``GpuP2PStatus.OK``, or why the access is not possible.

    Raises
    ------
    TypeError
        If a device is not a :class:`Device`.
    ValueError
        If ``index`` is not a :class:`GpuP2PCapsIndex` value.
    NvmlError
        If NVML fails.
    """
    _check_device(device1, "device1")
    _check_device(device2, "device2")
    c_index = _P2P_CAPS_INDICES[enum_argument(index, GpuP2PCapsIndex, "index")]
    status = int(nvml.device_get_p2p_status(device1._handle, device2._handle, c_index))
    return _P2P_STATUSES.get(status, GpuP2PStatus.UNKNOWN)


def _check_xid(event: EventData, name: str) -> None:
    """Raise :class:`ValueError` unless the event is a critical error (Xid), the one kind with data."""
    if int(event._data.event_type) != int(nvml.EventType.XID_CRITICAL_ERROR):
        raise ValueError(f"EventData.{name} is only set for XID_CRITICAL_ERROR events, not for {event.event_type}")


def _check_device(device: object, name: str) -> None:
    """Raise :class:`TypeError` unless the argument ``name`` is a :class:`Device` of this module."""
    if not isinstance(device, Device):
        raise TypeError(f"{name} must be a cuda.core.system.Device, got {type(device).__name__}")


def _clock_reasons(mask: int) -> list[ClocksEventReasons]:
    """Return the reasons a clocks event reasons mask holds; ``[NONE]`` for an empty mask."""
    return unpack_mask(mask, _CLOCKS_EVENT_REASONS) or [ClocksEventReasons.NONE]


def _handle_from_uuid(uuid: str) -> int:
    """Return NVML's handle of the device with a UUID, written with or without its prefix.

    CUDA writes a UUID without NVML's ``GPU-`` or ``MIG-`` prefix; without
    one, both are tried, a GPU first.
    """
    if uuid.upper().startswith(_UUID_PREFIXES):
        return nvml.device_get_handle_by_uuid(uuid[:4].upper() + uuid[4:])
    missing = None
    for prefix in _UUID_PREFIXES:
        try:
            return nvml.device_get_handle_by_uuid(prefix + uuid)
        except nvml.NotFoundError as exc:
            missing = exc
    raise missing
