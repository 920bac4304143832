# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Utilities that work with arrays other libraries own, and caches of programs.

:class:`StridedMemoryView` reads an array through DLPack or an array
interface; :func:`args_viewable_as_strided_memory` hands a function's
arguments to it. :class:`InMemoryProgramCache` and
:class:`FileStreamProgramCache` keep compiled programs under the keys of
:func:`make_program_cache_key`.
"""

from cuda.core._memoryview import StridedMemoryView, args_viewable_as_strided_memory
from cuda.core.utils._program_cache import (
    FileStreamProgramCache,
    InMemoryProgramCache,
    ProgramCacheResource,
    make_program_cache_key,
)

__all__ = [
    "FileStreamProgramCache",
    "InMemoryProgramCache",
    "ProgramCacheResource",
    "StridedMemoryView",
    "args_viewable_as_strided_memory",
    "make_program_cache_key",
]
