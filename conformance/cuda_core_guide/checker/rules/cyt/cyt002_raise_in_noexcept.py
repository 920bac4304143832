# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CYT002: a ``noexcept`` function never raises."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import function_declarator, tree_index
from cuda_core_guide.checker.rules.err.raising import raise_points
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["RaiseInNoexcept"]


class RaiseInNoexcept(Rule):
    """Check that ``cdef`` functions declared ``noexcept`` do not raise.

    Cython cannot pass an exception out of a ``noexcept`` function: it
    prints it as unraisable and returns a default value. A ``raise``
    statement (inside ``with gil:`` too), or a call of ``HANDLE_RETURN``,
    ``_check_driver_error``, ``handle_return`` or another function that
    raises for an error status, outside the ``try`` part of a
    ``try``/``except``, is flagged.
    """

    code = "CYT002"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each raising point of each ``noexcept`` function."""
        index = tree_index(source)
        functions = [f for f in index.of(Nodes.CFuncDefNode) if _is_noexcept(f)]
        points = raise_points(index, functions)
        for function in functions:
            name = nodes.definition_name(function) or "?"
            for point in points.get(id(function), ()):
                yield Violation(
                    point.line,
                    point.column,
                    f"`{point.what}` in `{name}`, which is declared `noexcept`, cannot propagate; "
                    "drop `noexcept` or handle the error",
                )


def _is_noexcept(function: Nodes.CFuncDefNode) -> bool:
    """Return whether a C function is declared with the ``noexcept`` keyword."""
    declarator = function_declarator(function)
    return (
        declarator is not None
        and declarator.has_explicit_exc_clause
        and declarator.exception_check is False
        and declarator.exception_value is None
    )
