# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Utilities that work with arrays other libraries own.

:class:`StridedMemoryView` reads an array through DLPack or an array
interface; :func:`args_viewable_as_strided_memory` hands a function's
arguments to it.
"""

from cuda.core._memoryview import StridedMemoryView, args_viewable_as_strided_memory

__all__ = ["StridedMemoryView", "args_viewable_as_strided_memory"]
