# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""What NVML says about the machine as a whole: driver versions, the number of devices, processes."""

from __future__ import annotations

from cuda.bindings import nvml

from cuda.core.system._nvml_context import initialize

__all__ = [
    "CUDA_BINDINGS_NVML_IS_COMPATIBLE",
    "get_driver_branch",
    "get_kernel_mode_driver_version",
    "get_num_devices",
    "get_nvml_version",
    "get_process_name",
    "get_user_mode_driver_version",
]

CUDA_BINDINGS_NVML_IS_COMPATIBLE = True
"""Whether the installed ``cuda-bindings`` has the NVML bindings :mod:`cuda.core.system` is written for.

Always ``True`` here: this implementation requires ``cuda-bindings`` 13.5,
whose :mod:`cuda.bindings.nvml` has every query it makes. Whether the NVML
library itself is on the machine is another matter, which only a query
finds out (it raises :class:`RuntimeError` where the library is missing).
"""


def get_user_mode_driver_version() -> tuple[int, ...]:
    """Return the version of the user-mode (CUDA) driver, such as ``(13, 0)``.

    This is the version that decides which CUDA releases the machine runs.

    Returns
    -------
    tuple of int
        ``(major, minor)``.

    Raises
    ------
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails.
    """
    initialize()
    version = nvml.system_get_cuda_driver_version_v2()
    return (version // 1000, (version // 10) % 100)


def get_kernel_mode_driver_version() -> tuple[int, ...]:
    """Return the version of the kernel-mode driver, such as ``(580, 65, 6)``.

    Returns
    -------
    tuple of int
        The parts of the version string NVML reports: usually
        ``(major, minor, patch)``, and ``(major, minor)`` under WSL.

    Raises
    ------
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails.
    """
    initialize()
    return _version_tuple(nvml.system_get_driver_version())


def get_nvml_version() -> tuple[int, ...]:
    """Return the version of the NVML library, such as ``(13, 580, 65, 6)``.

    Returns
    -------
    tuple of int
        The parts of the version string NVML reports.

    Raises
    ------
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails.
    """
    initialize()
    return _version_tuple(nvml.system_get_nvml_version())


def get_driver_branch() -> str:
    """Return the branch the installed NVIDIA driver was built from, such as ``"r580_00"``.

    Returns
    -------
    str
        The branch's name.

    Raises
    ------
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails, for example :class:`~cuda.core.system.NotSupportedError`
        from a driver too old to report its branch.
    """
    initialize()
    return nvml.system_get_driver_branch()


def get_num_devices() -> int:
    """Return the number of devices NVML sees, those the caller may not query included.

    Returns
    -------
    int
        The number of devices.

    Raises
    ------
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails.
    """
    initialize()
    return nvml.device_get_count_v2()


def get_process_name(pid: int) -> str:
    """Return the name of a running process.

    Parameters
    ----------
    pid : int
        The process's id.

    Returns
    -------
    str
        Its name, as the operating system reports it.

    Raises
    ------
    TypeError
        If ``pid`` is not an int.
    ValueError
        If ``pid`` is negative.
    RuntimeError
        If the NVML library cannot be loaded (``DynamicLibNotFoundError``,
        which names ``nvml``).
    NvmlError
        If NVML fails, for example :class:`~cuda.core.system.NotFoundError`
        when no process has the id, or
        :class:`~cuda.core.system.NoPermissionError`.
    """
    if isinstance(pid, bool) or not isinstance(pid, int):
        raise TypeError(f"pid must be an int, got {type(pid).__name__}")
    if pid < 0:
        raise ValueError(f"pid must not be negative, got {pid}")
    initialize()
    return nvml.system_get_process_name(pid)


def _version_tuple(text: str) -> tuple[int, ...]:
    """Return the numeric parts of a dotted version string, such as ``"580.65.06"``."""
    return tuple(int(part) for part in text.split(".") if part.isdigit())
