# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP008: module-level imports sit at the top of the module."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import definition_line, statement_text
from cuda_core_guide.source.import_section import ImportUnit, import_section, import_units, late_imports

__all__ = ["ImportsAtTop"]


class ImportsAtTop(Rule):
    """Check for module-level imports below the first statement that is not an import.

    ``__all__``, constants, C declarations and definitions all end the
    import section; imports inside functions are not module-level and are
    not reported.
    """

    code = "IMP008"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation for each run of imports after the import section, at its first import.

        A run is a sequence of import statements, fallbacks and ``if``
        import blocks with nothing else between them: moving it is one
        change, so it is one finding however many imports it holds.
        """
        section_end = import_section(source).end_index
        body = source.body
        if not late_imports(source):
            return
        boundary = body[section_end]
        where = f"`{statement_text(source, boundary)}` (line {definition_line(source, boundary)})"
        for run in _runs(source, body[section_end:]):
            first, last = run[0], run[-1]
            if len(run) == 1:
                yield Violation(
                    first.start, first.column, f"{first.describe()} comes after {where}; move it to the top"
                )
                continue
            yield Violation(
                first.start,
                first.column,
                f"{first.describe()} and {len(run) - 1} more import{'s' if len(run) > 2 else ''} "
                f"(lines {first.start}-{last.end}) come after "
                f"{where}; move them to the top",
            )


def _runs(source: SourceFile, statements: list[Nodes.Node]) -> list[list[ImportUnit]]:
    """Group the import units of consecutive import statements; any other statement ends a run."""
    runs: list[list[ImportUnit]] = []
    current: list[ImportUnit] = []
    for statement in statements:
        units = import_units(source, statement)
        if units:
            current.extend(units)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs
