# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL001: the module docstring comes right after the header, before the imports."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.import_section import import_section, is_docstring_statement

__all__ = ["ModuleDocstringFirst"]


class ModuleDocstringFirst(Rule):
    """Check that a module has no docstring-like string right after its imports."""

    code = "FIL001"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for a string literal that follows the import section of a module without docstring."""
        if source.docstring_line is not None:
            return
        section = import_section(source)
        if not section.units or section.end_index >= len(source.body):
            return
        stat = source.body[section.end_index]
        if is_docstring_statement(stat):
            first = section.units[0]
            yield Violation(
                nodes.line_of(stat),
                1,
                f"module docstring comes after the imports; move it above {first.describe()}",
            )
