# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Buffers and the memory resources that allocate them.

Each component lives in a private submodule with its own ``__all__``; this
package assembles their public names into one namespace.
"""

from ._buffer import *  # noqa: F403
from ._buffer import __all__ as _buffer_all
from ._device_memory_resource import *  # noqa: F403
from ._device_memory_resource import __all__ as _device_memory_resource_all
from ._graph_memory_resource import *  # noqa: F403
from ._graph_memory_resource import __all__ as _graph_memory_resource_all
from ._ipc import *  # noqa: F403
from ._ipc import __all__ as _ipc_all
from ._legacy import *  # noqa: F403
from ._legacy import __all__ as _legacy_all
from ._managed_buffer import *  # noqa: F403
from ._managed_buffer import __all__ as _managed_buffer_all
from ._managed_memory_resource import *  # noqa: F403
from ._managed_memory_resource import __all__ as _managed_memory_resource_all
from ._pinned_memory_resource import *  # noqa: F403
from ._pinned_memory_resource import __all__ as _pinned_memory_resource_all
from ._virtual_memory_resource import *  # noqa: F403
from ._virtual_memory_resource import __all__ as _virtual_memory_resource_all

__all__ = [
    *_buffer_all,
    *_device_memory_resource_all,
    *_graph_memory_resource_all,
    *_ipc_all,
    *_legacy_all,
    *_managed_buffer_all,
    *_managed_memory_resource_all,
    *_pinned_memory_resource_all,
    *_virtual_memory_resource_all,
]
