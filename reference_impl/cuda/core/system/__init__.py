# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The machine as NVML sees it: devices, their state and topology, without CUDA.

:mod:`cuda.core.system` queries the NVIDIA Management Library (NVML): the
driver's versions, the devices and their memory, clocks, temperatures,
fans, PCI and NVLink connections, processes and events. It needs no CUDA
context, and importing it loads neither CUDA nor NVML: NVML is loaded and
initialized by the first query. Where NVML is missing (a machine without
the NVIDIA driver), that query raises :class:`RuntimeError`
(``cuda.pathfinder``'s ``DynamicLibNotFoundError``, which names ``nvml``);
an NVML failure raises one of the exceptions of
:mod:`cuda.core.system.exceptions`, all of them :class:`NvmlError`.

The enumerations the queries take and return are in
:mod:`cuda.core.system.typing`.
"""

from cuda.core.system import typing  # noqa: F401 - the public submodule cuda.core.system.typing
from cuda.core.system._device import *  # noqa: F403
from cuda.core.system._device import __all__ as _device_all
from cuda.core.system._system import *  # noqa: F403
from cuda.core.system._system import __all__ as _system_all
from cuda.core.system._system_events import *  # noqa: F403
from cuda.core.system._system_events import __all__ as _system_events_all
from cuda.core.system.exceptions import *  # noqa: F403
from cuda.core.system.exceptions import __all__ as _exceptions_all

__all__ = [*_system_all, *_device_all, *_system_events_all, *_exceptions_all]
