# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL007: private definitions come after the public ones."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.fil.layout import movable_above
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import top_level_definitions

__all__ = ["PrivateAfterPublic"]


class PrivateAfterPublic(Rule):
    """Check that no private class or function precedes the module's first public definition.

    Private means a leading underscore, or a function Python cannot call
    (``cdef``, ``cdef inline``, ``@cython.cfunc``). C declarations
    (``cdef extern``, ``ctypedef``, structs, enums, variables) are not
    definitions here. A private definition that the first public one, or
    code above it, needs at import time (a base class, a decorator) may
    stay where it is.
    """

    code = "FIL007"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each private definition above the first public one."""
        definitions = top_level_definitions(source)
        first_public = next((d for d in definitions if d.is_public), None)
        if first_public is None:
            return
        boundary = nodes.line_of(first_public.node)
        roots = [stat for stat in source.body if nodes.line_of(stat) <= boundary]
        for definition in movable_above(source, first_public, roots):
            if definition.is_private:
                yield Violation(
                    definition.line,
                    1,
                    f"private {definition.describe()} comes before the first public definition, "
                    f"{first_public.describe()} (line {first_public.line}); move private helpers after the public API",
                )
