# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP008: module-level imports sit at the top of the module."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import definition_line, statement_text
from cuda_core_guide.source.import_section import import_section, late_imports

__all__ = ["ImportsAtTop"]


class ImportsAtTop(Rule):
    """Check for module-level imports below the first statement that is not an import.

    ``__all__``, constants, C declarations and definitions all end the
    import section; imports inside functions are not module-level and are
    not reported.
    """

    code = "IMP008"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each import, fallback or ``if`` import block after the import section."""
        late = late_imports(source)
        if not late:
            return
        boundary = source.body[import_section(source).end_index]
        where = f"`{statement_text(source, boundary)}` (line {definition_line(source, boundary)})"
        for unit in late:
            yield Violation(unit.start, unit.column, f"{unit.describe()} comes after {where}; move it to the top")
