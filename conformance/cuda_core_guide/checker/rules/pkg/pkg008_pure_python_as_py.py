# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PKG008: a ``.pyx`` module uses something that only Cython has; otherwise it is a ``.py``.

A ``.pyx`` file is reported when none of its names is a Cython keyword or
a name that only Cython code uses (``cdef``, ``cpdef``, ``ctypedef``,
``cimport``, ``nogil``, ``noexcept``, ``DEF``, ``IF``, ``include``,
``fused``, ``sizeof``, ``NULL``, ``cython``) and its tree holds no C-level
expression or statement: no cast (``<T>x``), no address (``&x``), no
``for i from`` loop, no ``property x:`` block, and no ``def`` parameter
with a C type (``def f(int n)``, ``def f(Buffer b)``) or ``not None``. A
file that is empty but for its header and docstring is not reported.
"""

from __future__ import annotations

import tokenize
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["PurePythonAsPy"]

_CYTHON_NAMES = frozenset(
    {
        "cdef",
        "cpdef",
        "ctypedef",
        "cimport",
        "nogil",
        "gil",
        "noexcept",
        "DEF",
        "IF",
        "ELIF",
        "include",
        "fused",
        "sizeof",
        "typeof",
        "NULL",
        "cython",
    }
)
_C_LEVEL_NODES = (
    ExprNodes.TypecastNode,
    ExprNodes.AmpersandNode,
    ExprNodes.SizeofNode,
    Nodes.ForFromStatNode,
    Nodes.PropertyNode,
    Nodes.CDefExternNode,
    Nodes.CClassDefNode,
    Nodes.CFuncDefNode,
    Nodes.CVarDefNode,
)


class PurePythonAsPy(Rule):
    """Check that a ``.pyx`` module uses at least one Cython-only feature."""

    code = "PKG008"
    kinds = frozenset({"pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation, at the first statement, for a ``.pyx`` file written in plain Python."""
        first = next((stat for stat in source.body if not _is_docstring_or_pass(stat)), None)
        if first is None or _uses_cython_names(source) or _has_c_level_nodes(source):
            return
        name = source.stem
        yield Violation(
            nodes.line_of(first),
            1,
            f"`{name}.pyx` uses nothing that only Cython has (no `cdef`, `cimport`, C types or `nogil`); "
            f"rename it `{name}.py`",
        )


def _is_docstring_or_pass(stat: Nodes.Node) -> bool:
    """Return whether a statement is a ``pass`` or a bare string (what Cython leaves of a docstring-only file)."""
    return isinstance(stat, Nodes.PassStatNode) or nodes.string_value(getattr(stat, "expr", None)) is not None


def _uses_cython_names(source: SourceFile) -> bool:
    """Return whether any name token of the file is a Cython keyword or Cython-only name."""
    for logical in source.tokens.logical_lines:
        for token in logical.tokens:
            if token[0] == tokenize.NAME and token[1] in _CYTHON_NAMES:
                return True
    return False


def _has_c_level_nodes(source: SourceFile) -> bool:
    """Return whether the tree holds a C-level node or a ``def`` parameter declared with a C type."""
    for node in source.nodes:
        if isinstance(node, _C_LEVEL_NODES):
            return True
        if isinstance(node, Nodes.CArgDeclNode) and (
            node.not_none or node.or_none or getattr(node.base_type, "name", None) is not None
        ):
            return True
        if isinstance(node, Nodes.CArgDeclNode) and not isinstance(node.base_type, Nodes.CSimpleBaseTypeNode):
            return True
    return False
