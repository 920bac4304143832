# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""MEM002: ``__dealloc__`` never raises."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, tree_index
from cuda_core_guide.checker.rules.err.raising import raise_points
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["RaiseInDealloc"]


class RaiseInDealloc(Rule):
    """Check that ``__dealloc__`` bodies do not raise.

    A ``raise`` statement, or a call of ``HANDLE_RETURN``,
    ``handle_return``, ``raise_if_driver_error``, ``_check_driver_error``
    or another function that raises for an error status, anywhere in the
    body outside the ``try`` part of a ``try``/``except``, is flagged:
    Python cannot propagate an exception out of deallocation, so it is
    printed and lost.
    """

    code = "MEM002"
    kinds = frozenset({"pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each raising point of each ``__dealloc__``."""
        index = tree_index(source)
        functions = [f for f in index.of(*FUNCTION_NODES) if nodes.definition_name(f) == "__dealloc__"]
        for points in raise_points(index, functions).values():
            for point in points:
                yield Violation(
                    point.line,
                    point.column,
                    f"`{point.what}` in `__dealloc__` can raise; catch the error and warn instead",
                )
