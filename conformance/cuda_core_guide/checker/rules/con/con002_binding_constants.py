# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CON002: a constant of the CUDA headers is not copied into the code as a number.

A binding's constant has a name that says where it comes from:
``CU_``, ``CUDA_``, ``NVRTC_``, ``NVJITLINK_`` or ``NVVM_`` followed by
capitals (``CU_EVENT_DISABLE_TIMING``, ``CUDA_ERROR_NOT_READY``), or
``cuda`` followed by a capital (the runtime's ``cudaMemcpyHostToDevice``).
The rule reports a name of that shape that the code binds to a number it
writes itself: an assignment, a ``cdef`` variable with an initial value or
an enum member whose value is an integer literal (``0x2``, ``-1``) or
literals combined with ``|``, ``+``, ``<<``... An alias bound to the
binding's own constant is not a copy and is not reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["BindingConstants"]

_BINDING_NAME = re.compile(r"(?:CU|CUDA|NVRTC|NVJITLINK|NVVM)_[A-Z0-9_]*[A-Z][A-Z0-9_]*|cuda[A-Z]\w*")
_OPERATORS = frozenset({"|", "+", "-", "*", "<<", ">>", "&", "^"})


class BindingConstants(Rule):
    """Check that no name of a binding's constant is bound to a number written in the code."""

    code = "CON002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each binding constant's name bound to an integer literal."""
        index = tree_index(source)
        for stat in index.of(Nodes.SingleAssignmentNode, Nodes.CascadedAssignmentNode):
            if not _is_number(stat.rhs):
                continue
            targets = stat.lhs_list if isinstance(stat, Nodes.CascadedAssignmentNode) else [stat.lhs]
            for target in targets:
                if isinstance(target, ExprNodes.NameNode):
                    yield from _report(target.name, target)
        for stat in index.of(Nodes.CVarDefNode):
            for declarator in stat.declarators:
                default = getattr(declarator, "default", None)
                if default is not None and _is_number(default):
                    yield from _report(nodes.declarator_name(declarator) or "", declarator)
        for stat in index.of(Nodes.CEnumDefNode):
            for item in stat.items or ():
                if item.value is not None and _is_number(item.value):
                    yield from _report(item.name, item)


def _report(name: str, node: Nodes.Node) -> Iterator[Violation]:
    """Yield a violation if ``name`` is a binding constant's name."""
    if _BINDING_NAME.fullmatch(name):
        yield Violation.at(
            node,
            f"`{name}` copies a CUDA header constant as a number; delete it and use the binding's `{name}` "
            "(from `cydriver`, `driver`, `nvrtc`...) where the value is needed",
        )


def _is_number(expr: Nodes.Node | None) -> bool:
    """Return whether an expression is an integer literal, or literals combined by arithmetic or bit operators."""
    stack = [expr]
    while stack:
        current = stack.pop()
        if isinstance(current, ExprNodes.IntNode):
            continue
        if isinstance(current, (ExprNodes.UnaryMinusNode, ExprNodes.UnaryPlusNode, ExprNodes.TildeNode)):
            stack.append(current.operand)
        elif isinstance(current, ExprNodes.BinopNode) and current.operator in _OPERATORS:
            stack.extend((current.operand1, current.operand2))
        else:
            return False
    return True
