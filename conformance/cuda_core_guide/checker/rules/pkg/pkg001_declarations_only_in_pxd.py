# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PKG001: ``.pxd`` files declare; implementations live in the ``.pyx``."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import definition_line, logical_line_containing, statement_text
from cuda_core_guide.source.import_section import is_docstring_statement
from cuda_core_guide.source.imports import classify

__all__ = ["DeclarationsOnlyInPxd"]

_DECLARATIONS = (
    Nodes.CVarDefNode,
    Nodes.CDefExternNode,
    Nodes.CTypeDefNode,
    Nodes.CStructOrUnionDefNode,
    Nodes.CEnumDefNode,
    Nodes.FusedTypeNode,
    Nodes.PassStatNode,
)
"""Statements that only declare, and may stand anywhere in a ``.pxd``."""


class DeclarationsOnlyInPxd(Rule):
    """Check that a ``.pxd`` holds no function bodies (but ``cdef inline``), no ``def`` and no executable code.

    Imports are left to the ``IMP`` rules and string literals to PKG002.
    """

    code = "PKG001"
    kinds = frozenset({"pxd"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each implementation in the module or in a ``cdef class`` body."""
        for stat in source.body:
            if isinstance(stat, Nodes.CClassDefNode):
                for member in nodes.flatten(stat.body):
                    yield from _check(source, member)
            elif not classify(stat):
                yield from _check(source, stat)


def _check(source: SourceFile, stat: Nodes.Node) -> Iterator[Violation]:
    """Yield a violation if one module or class-body statement is an implementation."""
    if isinstance(stat, _DECLARATIONS) or is_docstring_statement(stat):
        return
    line = definition_line(source, stat)
    logical = logical_line_containing(source, line)
    column = logical.tokens[0].start[1] + 1 if logical is not None else 1
    if isinstance(stat, Nodes.CFuncDefNode):
        if "inline" in (stat.modifiers or ()):
            return
        kind = nodes.definition_kind(stat)
        yield Violation(
            line,
            column,
            f"`{kind}` function `{nodes.definition_name(stat)}` has a body in a .pxd file; declare its "
            "signature here and implement it in the .pyx (only `cdef inline` functions may have bodies)",
        )
    elif isinstance(stat, (Nodes.DefNode, Nodes.PropertyNode)):
        yield Violation(
            line,
            column,
            f"`{nodes.definition_name(stat)}` is a Python-level definition in a .pxd file; define it in the .pyx",
        )
    else:
        yield Violation(
            line,
            column,
            f"executable statement `{statement_text(source, stat)}` in a .pxd file; move it to the .pyx",
        )
