# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM005: parameters are named in snake_case.

Parameters of ``def``, ``cdef`` and ``cpdef`` functions, nested ones and
prototypes included, ``*args``/``**kwargs`` too. Exempt: ``cdef extern``
blocks, and bare identifiers in prototypes, which may be the type of an
unnamed argument (``cdef int f(Buffer)``).
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import is_snake_case, to_snake_case
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import definitions, parameters

__all__ = ["ParameterNames"]


class ParameterNames(Rule):
    """Check that parameter names are snake_case."""

    code = "NAM005"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each parameter whose name is not snake_case."""
        for definition in definitions(source):
            if not definition.is_function or definition.in_extern:
                continue
            for param in parameters(definition):
                if not param.name or is_snake_case(param.name):
                    continue
                if definition.is_prototype and param.is_bare:
                    continue
                yield Violation(
                    param.line,
                    param.column,
                    f"parameter `{param.name}` of `{definition.qualified_name}` is not named in snake_case "
                    f"(`{to_snake_case(param.name)}`)",
                )
