# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Whether this machine can run GPU tests, and if not, why not."""

from __future__ import annotations

import functools

__all__ = ["gpu_status"]


@functools.cache
def gpu_status() -> tuple[bool, str]:
    """Return whether a CUDA device is usable, with the reason.

    A machine without the driver library (``cuda.pathfinder`` raises
    ``DynamicLibNotFoundError``) counts as having no GPU.

    Returns
    -------
    tuple of (bool, str)
        ``(True, "N CUDA device(s)")`` or ``(False, reason)``.
    """
    try:
        from cuda.bindings import driver
    except ImportError as exc:
        return False, f"cuda-bindings is not installed ({exc})"
    try:
        (err,) = driver.cuInit(0)
    except RuntimeError as exc:  # DynamicLibNotFoundError and friends
        return False, f"no CUDA driver on this machine ({type(exc).__name__}: {exc})"
    if err != driver.CUresult.CUDA_SUCCESS:
        return False, f"cuInit failed with {err.name}"
    err, count = driver.cuDeviceGetCount()
    if err != driver.CUresult.CUDA_SUCCESS or count == 0:
        return False, "the CUDA driver reports no device"
    return True, f"{count} CUDA device(s)"
