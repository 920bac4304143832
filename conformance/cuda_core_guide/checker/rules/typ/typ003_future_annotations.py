# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TYP003: files that annotate import ``annotations`` from ``__future__``.

Applies to ``.py`` and ``.pyx`` files. The first annotation of a file that
lacks ``from __future__ import annotations`` is reported, once per file.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.typ.annotations import annotations
from cuda_core_guide.source import SourceFile

__all__ = ["FutureAnnotations"]


class FutureAnnotations(Rule):
    """Check that an annotating file has ``from __future__ import annotations``."""

    code = "TYP003"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at the first annotation when the future import is missing."""
        if any("annotations" in statement.names for statement in source.future_imports):
            return
        found = annotations(source)
        if found:
            first = found[0]
            yield Violation(
                first.line,
                first.column,
                f"{first.subject} is annotated but the file lacks `from __future__ import annotations`",
            )
