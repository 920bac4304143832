# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL004: a literal ``__all__`` lists every public class and function of the module."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import exported_or_deleted, top_level_definitions

__all__ = ["AllListsPublic"]


class AllListsPublic(Rule):
    """Check that each public top-level class, ``def`` and ``cpdef`` appears in ``__all__``.

    Only an ``__all__`` that is exactly a list or tuple of string literals is
    checked; one built from other lists or changed later is skipped.
    """

    code = "FIL004"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each public definition missing from ``__all__``."""
        skipped = exported_or_deleted(source)
        if skipped is None:
            return
        for definition in top_level_definitions(source):
            if definition.is_public and definition.name not in skipped:
                skipped.add(definition.name)
                yield Violation(definition.line, 1, f"public {definition.describe()} is missing from `__all__`")
