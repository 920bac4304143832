# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Print, as JSON, what the benchmark records about device 0 and the installed CUDA packages.

The device's name, compute capability and memory, the driver's version
and the CUDA version it supports, the NVRTC version, the versions of the
installed ``cuda.core``, ``cuda.bindings`` and friends, and the
theoretical memory bandwidth from the device's attributes: twice the
memory clock rate (double data rate) times the bus width::

    python device_info.py
"""

from __future__ import annotations

import importlib.metadata
import json
import sys

__all__ = ["PACKAGES", "device_info", "main", "theoretical_bandwidth"]

PACKAGES = ("cuda-core", "cuda-core-reference", "cuda-bindings", "cuda-pathfinder", "numpy", "pyperf", "Cython")


def device_info() -> dict[str, object]:
    """Return the facts about device 0, the driver and the packages.

    Returns
    -------
    dict
        ``name``, ``compute_capability``, ``total_memory_bytes``,
        ``memory_clock_khz``, ``bus_width_bits``, ``theoretical_gbps``,
        ``l2_cache_bytes`` (a copy whose working set fits it can run faster
        than the theoretical bandwidth of the device's memory),
        ``driver_version`` (the CUDA version the driver supports, such as
        ``13.0``), ``nvrtc_version`` and ``packages``.
    """
    from cuda.bindings import driver

    def value(result: tuple) -> object:
        err, *rest = result
        if err != driver.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"driver call failed: {err}")
        return rest[0] if rest else None

    value(driver.cuInit(0))
    device = value(driver.cuDeviceGet(0))
    attribute = driver.CUdevice_attribute

    def read(name: str) -> int:
        return int(value(driver.cuDeviceGetAttribute(getattr(attribute, name), device)))

    clock = read("CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE")
    width = read("CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH")
    version = int(value(driver.cuDriverGetVersion()))
    info: dict[str, object] = {
        "name": value(driver.cuDeviceGetName(256, device)).split(b"\0", 1)[0].decode(),
        "compute_capability": f"{read('CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR')}."
        f"{read('CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR')}",
        "total_memory_bytes": int(value(driver.cuDeviceTotalMem(device))),
        "memory_clock_khz": clock,
        "bus_width_bits": width,
        "theoretical_gbps": theoretical_bandwidth(clock, width),
        "l2_cache_bytes": read("CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE"),
        "driver_version": f"{version // 1000}.{version % 1000 // 10}",
        "nvrtc_version": _nvrtc_version(),
        "packages": _packages(),
    }
    return info


def theoretical_bandwidth(memory_clock_khz: int, bus_width_bits: int) -> float | None:
    """Return the theoretical memory bandwidth in GB/s, from the device's attributes.

    Parameters
    ----------
    memory_clock_khz : int
        ``CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE`` (peak, in kHz).
    bus_width_bits : int
        ``CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH``.

    Returns
    -------
    float or None
        ``2 * clock * width / 8`` in 10^9 bytes per second; ``None`` when
        the driver reports either attribute as 0.
    """
    if memory_clock_khz <= 0 or bus_width_bits <= 0:
        return None
    return 2 * memory_clock_khz * 1e3 * bus_width_bits / 8 / 1e9


def main() -> int:
    """Print the facts as JSON.

    Returns
    -------
    int
        The exit status.
    """
    print(json.dumps(device_info(), indent=2))
    return 0


def _nvrtc_version() -> str:
    """Return the version of the NVRTC that ``cuda.bindings`` loads, or why it cannot tell."""
    try:
        from cuda.bindings import nvrtc

        err, major, minor = nvrtc.nvrtcVersion()
    except Exception as exc:  # noqa: BLE001 - recorded, not fatal: the per-call rows do not need NVRTC
        return f"unavailable ({type(exc).__name__})"
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return f"unavailable ({err})"
    return f"{major}.{minor}"


def _packages() -> dict[str, str]:
    """Return the installed version of each package of :data:`PACKAGES` that is installed."""
    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return versions


if __name__ == "__main__":
    sys.exit(main())
