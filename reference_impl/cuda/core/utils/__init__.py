# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Utilities: arrays other libraries own, caches of programs, batches of buffers.

:class:`StridedMemoryView` reads an array through DLPack or an array
interface; :func:`args_viewable_as_strided_memory` hands a function's
arguments to it. :class:`InMemoryProgramCache` and
:class:`FileStreamProgramCache` keep compiled programs under the keys of
:func:`make_program_cache_key`. :func:`copy_batch`, :func:`prefetch_batch`,
:func:`discard_batch` and :func:`discard_prefetch_batch` work on many
buffers in one driver call.
"""

from cuda.core._memory._batch import (
    CopyOptions,
    MemcpyOverlapMode,
    MemcpySrcAccessOrder,
    copy_batch,
    discard_batch,
    discard_prefetch_batch,
    prefetch_batch,
)
from cuda.core._memoryview import StridedMemoryView, args_viewable_as_strided_memory
from cuda.core.utils._program_cache import (
    FileStreamProgramCache,
    InMemoryProgramCache,
    ProgramCacheResource,
    make_program_cache_key,
)

__all__ = [
    "CopyOptions",
    "FileStreamProgramCache",
    "InMemoryProgramCache",
    "MemcpyOverlapMode",
    "MemcpySrcAccessOrder",
    "ProgramCacheResource",
    "StridedMemoryView",
    "args_viewable_as_strided_memory",
    "copy_batch",
    "discard_batch",
    "discard_prefetch_batch",
    "make_program_cache_key",
    "prefetch_batch",
]
