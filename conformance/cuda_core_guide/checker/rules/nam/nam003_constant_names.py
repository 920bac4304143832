# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM003: module-level constants are named in UPPER_SNAKE_CASE.

A constant, for this rule, is a public module-level name bound exactly once,
by a top-level assignment of a literal: a number, a string, bytes, ``True``
or ``False``, or a tuple of those (``None`` is a placeholder, not a
constant). A name that is bound again anywhere at module level (assigned,
augmented, imported, a loop or ``with`` target, deleted...) or declared
``global`` in a function is a variable, whatever its value. Special names
(``__version__``) and private names are exempt.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import is_upper_snake_case, to_upper_snake_case
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import name_declarator

__all__ = ["ConstantNames"]

_LITERALS = (
    ExprNodes.IntNode,
    ExprNodes.FloatNode,
    ExprNodes.ImagNode,
    ExprNodes.UnicodeNode,
    ExprNodes.BytesNode,
    ExprNodes.BoolNode,
)
_SCOPES = (Nodes.DefNode, Nodes.CFuncDefNode, Nodes.PyClassDefNode, Nodes.CClassDefNode, Nodes.PropertyNode)


class ConstantNames(Rule):
    """Check that names bound once to a literal at module level are UPPER_SNAKE_CASE."""

    code = "NAM003"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each constant whose name is not UPPER_SNAKE_CASE."""
        bindings = _module_bindings(source.tree.body)
        bindings.update(_global_names(source.tree.body))
        for stat in source.body:
            if not isinstance(stat, Nodes.SingleAssignmentNode) or not isinstance(stat.lhs, ExprNodes.NameNode):
                continue
            name = stat.lhs.name
            if name.startswith("_") or bindings[name] != 1 or is_upper_snake_case(name):
                continue
            if _is_literal(stat.rhs):
                yield Violation.at(
                    stat.lhs,
                    f"module-level constant `{name}` is not named in UPPER_SNAKE_CASE (`{to_upper_snake_case(name)}`)",
                )


def _is_literal(expr: ExprNodes.ExprNode) -> bool:
    """Return whether an expression is a literal constant (``-1``, ``"x"``, ``(1, 2)``)."""
    if isinstance(expr, _LITERALS):
        return True
    if isinstance(expr, (ExprNodes.UnaryMinusNode, ExprNodes.UnaryPlusNode)):
        return isinstance(expr.operand, (ExprNodes.IntNode, ExprNodes.FloatNode, ExprNodes.ImagNode))
    if isinstance(expr, ExprNodes.TupleNode):
        return bool(expr.args) and all(_is_literal(item) for item in expr.args)
    return False


def _module_bindings(body: Nodes.Node) -> collections.Counter[str]:
    """Count how often each name is bound in the module scope (not in functions or classes)."""
    counts: collections.Counter[str] = collections.Counter()
    stack = [body]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        for name in _bound_names(node):
            counts[name] += 1
        if isinstance(node, (*_SCOPES, ExprNodes.ExprNode)):
            continue
        stack.extend(_children(node))
    return counts


def _bound_names(node: Nodes.Node) -> list[str]:
    """Return the names a statement binds in the scope it runs in."""
    if isinstance(node, Nodes.SingleAssignmentNode | Nodes.InPlaceAssignmentNode):
        return _target_names(node.lhs)
    if isinstance(node, Nodes.CascadedAssignmentNode):
        return [name for lhs in node.lhs_list for name in _target_names(lhs)]
    if isinstance(node, Nodes.ForInStatNode | Nodes.ForFromStatNode):
        return _target_names(node.target)
    if isinstance(node, Nodes.WithStatNode):
        return _target_names(node.target) if node.target is not None else []
    if isinstance(node, Nodes.ExceptClauseNode):
        return _target_names(node.target) if node.target is not None else []
    if isinstance(node, Nodes.DelStatNode):
        return [name for arg in node.args for name in _target_names(arg)]
    if isinstance(node, Nodes.FromImportStatNode):
        return [target.name for _, target in node.items if isinstance(target, ExprNodes.NameNode)]
    if isinstance(node, Nodes.CVarDefNode):
        return [d.name for d in map(name_declarator, node.declarators) if d is not None and d.name]
    name = nodes.definition_name(node)
    return [name] if name is not None and not isinstance(node, Nodes.PropertyNode) else []


def _target_names(target: ExprNodes.ExprNode | None) -> list[str]:
    """Return the names an assignment target binds (``a``, ``a, b``, ``*rest``)."""
    if isinstance(target, ExprNodes.NameNode):
        return [target.name]
    if isinstance(target, ExprNodes.TupleNode | ExprNodes.ListNode):
        return [name for item in target.args for name in _target_names(item)]
    if isinstance(target, ExprNodes.StarredUnpackingNode):
        return _target_names(target.target)
    return []


def _global_names(body: Nodes.Node) -> collections.Counter[str]:
    """Count the names that ``global`` statements anywhere in the module declare, twice each."""
    counts: collections.Counter[str] = collections.Counter()
    for node in nodes.walk(body):
        if isinstance(node, Nodes.GlobalNode):
            for name in node.names:
                counts[name] += 2
    return counts


def _children(node: Nodes.Node) -> list[Nodes.Node]:
    """Return the statement-level children of ``node``."""
    attrs = getattr(type(node), "child_attrs", None)
    return nodes.held_nodes(node, attrs) if isinstance(attrs, list) else []
