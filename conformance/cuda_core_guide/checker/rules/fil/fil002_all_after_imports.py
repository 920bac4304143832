# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL002: ``__all__`` comes right after the imports, before every other statement."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import definition_line, dunder_all, statement_text
from cuda_core_guide.source.import_section import import_section, import_units, is_docstring_statement

__all__ = ["AllAfterImports"]


class AllAfterImports(Rule):
    """Check that no definition, declaration or other code comes between the imports and ``__all__``."""

    code = "FIL002"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at ``__all__`` naming the first statement that precedes it."""
        declaration = dunder_all(source)
        if declaration is None:
            return
        for stat in source.body[import_section(source).end_index :]:
            if stat is declaration.node:
                return
            if isinstance(stat, Nodes.PassStatNode) or is_docstring_statement(stat) or import_units(source, stat):
                continue  # strings are FIL001's, late imports IMP008's
            yield Violation(
                declaration.line,
                declaration.column,
                f"`__all__` comes after `{statement_text(source, stat)}` (line {definition_line(source, stat)}); "
                "place it right after the imports",
            )
            return
