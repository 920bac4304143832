# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP009: each ``import`` statement imports one module."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.imp.tokens import import_statements, module_names, render
from cuda_core_guide.source import SourceFile

__all__ = ["OneModulePerImport"]


class OneModulePerImport(Rule):
    """Check ``import`` and ``cimport`` statements, anywhere in the file, for more than one module."""

    code = "IMP009"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``import a, b``."""
        for statement in import_statements(source):
            if statement[0].string == "from":
                continue
            names = module_names(statement)
            if len(names) > 1:
                first = statement[0]
                yield Violation(
                    first.start[0],
                    first.start[1] + 1,
                    f"`{render(statement)}` imports {len(names)} modules; "
                    f"write one `{first.string}` statement per module",
                )
