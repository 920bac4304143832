# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM001: classes are named in CapWords.

``class`` and ``cdef class`` definitions, nested ones included; a leading
underscore is allowed. C declarations are exempt: ``cdef extern`` blocks,
``ctypedef``, ``struct`` and ``enum`` names follow the C headers they mirror.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import is_cap_words
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import definitions, name_position

__all__ = ["ClassNames"]


class ClassNames(Rule):
    """Check that class names are CapWords."""

    code = "NAM001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each class whose name is not CapWords."""
        for definition in definitions(source):
            if definition.is_class and not definition.in_extern and not is_cap_words(definition.name):
                yield Violation(
                    *name_position(source, definition),
                    f"class `{definition.name}` is not named in CapWords",
                )
