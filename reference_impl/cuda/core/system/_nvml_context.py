# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""NVML's initialization: once per process, before the first query.

NVML must be initialized in every process that uses it, a child made by
``fork`` included, and only once in each (every ``nvmlInit`` call counts a
reference that ``nvmlShutdown`` would have to drop). :func:`initialize`
records the process that initialized it, under a lock.
"""

from __future__ import annotations

import os
import threading

from cuda.bindings import nvml

__all__ = ["initialize"]


class _NvmlState:
    """The process that initialized NVML, and the lock that guards the initialization."""

    __slots__ = ("lock", "pid")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pid: int | None = None


# Process-wide: NVML is initialized once per process (the pid tells a forked child).
_state = _NvmlState()


def initialize() -> None:
    """Initialize NVML in this process, unless it already is.

    Every query of :mod:`cuda.core.system` calls this first; it costs one
    comparison once NVML is initialized.

    Raises
    ------
    RuntimeError
        If the NVML library (``libnvidia-ml.so.1``, part of the NVIDIA
        driver) cannot be loaded: ``cuda.pathfinder``'s
        ``DynamicLibNotFoundError``, whose message names ``nvml``.
    NvmlError
        If NVML cannot be initialized, for example
        :class:`~cuda.core.system.DriverNotLoadedError` when the library is
        there but the kernel driver is not loaded.
    """
    pid = os.getpid()
    if _state.pid == pid:
        return
    with _state.lock:
        if _state.pid != pid:
            nvml.init_v2()
            _state.pid = pid
