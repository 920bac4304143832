# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL006: the principal class or function comes first among the public definitions."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.fil.layout import movable_above, principal_definition
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import top_level_definitions

__all__ = ["PrincipalFirst"]


class PrincipalFirst(Rule):
    """Check that no public class or function precedes the module's principal definition.

    The principal comes from the ``principal`` configuration table, else it
    is the definition named after the file (``_buffer.pyx`` -> ``Buffer``).
    A definition the principal needs when it is defined (a base class, a
    decorator, a type in a signature) may precede it.
    """

    code = "FIL006"
    settings = ("principal",)
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation at the principal, naming the first public definition above it."""
        definitions = top_level_definitions(source)
        principal = principal_definition(source, config, definitions)
        if principal is None:
            return
        for definition in movable_above(source, principal, [principal.node]):
            if definition.is_public:
                yield Violation(
                    principal.line,
                    1,
                    f"{definition.describe()} (line {definition.line}) comes before the principal "
                    f"{principal.describe()}; put the principal definition first",
                )
                return
