# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PRF003: a private helper that only ``cdef`` code calls is a ``cdef`` function.

The rule reads module-level ``def`` functions of ``.pyx`` and ``.pxi``
files whose name starts with an underscore (private to the module, so no
other module is meant to call it). When the file uses the name at least
once and every use is a direct call from a ``cdef`` or ``cpdef`` function,
each of those calls goes through Python's calling convention for nothing.
Left alone are helpers that are decorated, listed in ``__all__``, used as
a value anywhere (passed, stored, returned), called from Python code,
called only to build an exception that is raised (an error path, where
the Python call costs nothing that matters), or that a ``cdef`` function
could not hold (a generator, ``*args`` or
``**kwargs``, a nested function or lambda).
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import (
    TreeIndex,
    call_function,
    definition_position,
    exported_names,
    tree_index,
)
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CdefHelpers"]

_NOT_IN_CDEF = (
    Nodes.DefNode,
    Nodes.CFuncDefNode,
    ExprNodes.LambdaNode,
    ExprNodes.GeneratorExpressionNode,
    ExprNodes.YieldExprNode,
)


class CdefHelpers(Rule):
    """Check that module-private ``def`` helpers called only from ``cdef`` code are ``cdef`` functions."""

    code = "PRF003"
    kinds = frozenset({"pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each private module-level ``def`` that only ``cdef`` functions call."""
        index = tree_index(source)
        exported = exported_names(index) or frozenset()
        for node in nodes.flatten(getattr(index.root, "body", None)):
            if not isinstance(node, Nodes.DefNode) or node.decorators or node.star_arg or node.starstar_arg:
                continue
            name = node.name
            if not name.startswith("_") or nodes.is_dunder(name) or name in exported:
                continue
            uses = index.named(name)
            if not uses or not all(_is_cdef_call(index, use) for use in uses) or _holds_python_only(index, node):
                continue
            if all(_in_raise(index, use) for use in uses):
                continue
            line, column = definition_position(source, node, name)
            yield Violation(
                line,
                column,
                f"`{name}` is a `def` function that only `cdef` code calls ({len(uses)} call(s)); declare it "
                f"`cdef` with C types for its arguments and result, so that each call is a C call",
            )


def _is_cdef_call(index: TreeIndex, use: ExprNodes.NameNode) -> bool:
    """Return whether a use of a name is the called function of a call made in a ``cdef``/``cpdef`` function."""
    parent = index.parent(use)
    if parent is None or call_function(parent) is not use:
        return False
    return isinstance(index.scope_of(parent), Nodes.CFuncDefNode)


def _in_raise(index: TreeIndex, use: ExprNodes.NameNode) -> bool:
    """Return whether a use of a name is part of a ``raise`` statement."""
    for ancestor in index.ancestors(use):
        if isinstance(ancestor, Nodes.RaiseStatNode):
            return True
        if isinstance(ancestor, (Nodes.DefNode, Nodes.CFuncDefNode, ExprNodes.LambdaNode)):
            return False
    return False


def _holds_python_only(index: TreeIndex, node: Nodes.DefNode) -> bool:
    """Return whether a function's body has a nested function, lambda, generator expression or ``yield``."""
    first, last = index.preorder(node.body), index.subtree_end(node.body)
    return any(isinstance(inner, _NOT_IN_CDEF) for inner in index.nodes[first : last + 1])
