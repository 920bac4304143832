# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL008: public module functions come after the public classes."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.fil.layout import principal_definition, required_before
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import Definition, top_level_definitions

__all__ = ["ClassesBeforeFunctions"]


class ClassesBeforeFunctions(Rule):
    """Check that no public class follows a public module-level ``def`` or ``cpdef``.

    A principal function (FIL006) may come first, and so may a function
    that some definition needs when it is defined (a class decorator, say).
    """

    code = "FIL008"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each public class defined below a public function."""
        definitions = top_level_definitions(source)
        principal = principal_definition(source, config, definitions)
        forced = required_before(source, definitions, source.body)
        functions: list[Definition] = []
        for definition in definitions:
            if not definition.is_public or definition is principal:
                continue
            if definition.is_function:
                if definition.name not in forced:
                    functions.append(definition)
                continue
            if functions:
                earlier = functions[0]
                yield Violation(
                    definition.line,
                    1,
                    f"public {definition.describe()} comes after public {earlier.describe()} "
                    f"(line {earlier.line}); put classes before module functions",
                )
