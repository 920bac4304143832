# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's view of a source file: Cython's parse tree plus the text it drops."""

from __future__ import annotations

from cuda_core_guide.source.model import SourceFile, load_source
from cuda_core_guide.source.parse import ParseFailure

__all__ = ["ParseFailure", "SourceFile", "load_source"]
