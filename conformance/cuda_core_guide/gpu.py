# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Whether this machine can run GPU tests, and if not, why not; which CUDA toolkit it names; the GPU sessions' check."""

from __future__ import annotations

import functools
import os
import sys

__all__ = ["cuda_toolkit", "gpu_check", "gpu_status"]

# The variables that name a CUDA toolkit, in the order cuda.pathfinder reads
# them: a runner may set only CUDA_HOME, another only CUDA_PATH.
_TOOLKIT_VARIABLES = ("CUDA_PATH", "CUDA_HOME")


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


def cuda_toolkit() -> str:
    """Return the CUDA toolkit this machine names, and the variable that names it.

    ``cuda.pathfinder`` looks for NVRTC and nvJitLink (when no wheel
    provides them) and for headers under ``$CUDA_PATH``, else
    ``$CUDA_HOME``; this reads them in the same order, so a report says
    which toolkit a run could have used.

    Returns
    -------
    str
        ``"/usr/local/cuda (CUDA_HOME)"``, or ``"none"`` when neither
        variable is set.
    """
    for name in _TOOLKIT_VARIABLES:
        value = os.environ.get(name, "").strip()
        if value:
            return f"{value} ({name})"
    return "none"


def gpu_check(who: str, check_only: bool, no_gpu: int) -> int | None:
    """Look for the GPU a GPU session (``nox -s bench``, ``nox -s soak``) needs; return its exit status if it ends.

    Parameters
    ----------
    who : str
        The session, as its message names it (``"nox -s bench"``).
    check_only : bool
        Whether the command was asked only to check for a GPU (``--check-gpu``).
    no_gpu : int
        The exit status without a GPU.

    Returns
    -------
    int or None
        ``no_gpu`` without a usable GPU (after saying why on standard
        error), 0 once a GPU is found when ``check_only`` is true (after
        naming it), and ``None`` when the session goes on.
    """
    usable, reason = gpu_status()
    if not usable:
        print(f"{who} needs a GPU, and finds none: {reason}. No report is written.", file=sys.stderr)
        return no_gpu
    if check_only:
        print(f"GPU: {reason}")
        return 0
    return None
