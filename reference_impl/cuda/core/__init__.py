# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Pythonic access to CUDA devices, streams, memory and kernels.

This is the reference implementation of the core of ``cuda.core``: the same
public names and signatures as upstream ``cuda-core`` 1.2, written exactly as
the cuda.core developer guide prescribes.
"""

from cuda.core import graph, system, texture  # noqa: F401 - the public submodules
from cuda.core._context import *  # noqa: F403
from cuda.core._context import __all__ as _context_all
from cuda.core._device import *  # noqa: F403
from cuda.core._device import __all__ as _device_all
from cuda.core._device_resources import *  # noqa: F403
from cuda.core._device_resources import __all__ as _device_resources_all
from cuda.core._event import *  # noqa: F403
from cuda.core._event import __all__ as _event_all
from cuda.core._graphics_resource import *  # noqa: F403
from cuda.core._graphics_resource import __all__ as _graphics_resource_all
from cuda.core._host import *  # noqa: F403
from cuda.core._host import __all__ as _host_all
from cuda.core._launch_config import *  # noqa: F403
from cuda.core._launch_config import __all__ as _launch_config_all
from cuda.core._launcher import *  # noqa: F403
from cuda.core._launcher import __all__ as _launcher_all
from cuda.core._linker import *  # noqa: F403
from cuda.core._linker import __all__ as _linker_all
from cuda.core._memory import *  # noqa: F403
from cuda.core._memory import __all__ as _memory_all
from cuda.core._module import *  # noqa: F403
from cuda.core._module import __all__ as _module_all
from cuda.core._program import *  # noqa: F403
from cuda.core._program import __all__ as _program_all
from cuda.core._stream import *  # noqa: F403
from cuda.core._stream import __all__ as _stream_all
from cuda.core._tensor_map import *  # noqa: F403
from cuda.core._tensor_map import __all__ as _tensor_map_all
from cuda.core._version import __version__  # noqa: F401 - re-exported as cuda.core.__version__

__all__ = [
    *_context_all,
    *_device_all,
    *_device_resources_all,
    *_event_all,
    *_graphics_resource_all,
    *_host_all,
    *_launch_config_all,
    *_launcher_all,
    *_linker_all,
    *_memory_all,
    *_module_all,
    *_program_all,
    *_stream_all,
    *_tensor_map_all,
]
