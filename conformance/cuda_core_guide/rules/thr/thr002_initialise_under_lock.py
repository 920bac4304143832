# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""THR002: a module-level flag is tested and set under one lock.

The rule reads functions that declare ``global name``. When an ``if`` or
``elif`` condition of the function reads the global and a later
assignment in the function binds it, and neither sits in the body of a
``with lock:`` block (a lock as :mod:`cuda_core_guide.rules.thr.locks`
recognises it), two threads can both find the flag unset and both
initialise. A fast path that only reads the flag before taking the lock
is fine, as long as the assignment is made under the lock.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.tree import FUNCTION_NODES, TreeIndex, tree_index
from cuda_core_guide.rules.thr.locks import is_lock, lock_names
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["InitialiseUnderLock"]

_ASSIGNMENTS = (Nodes.SingleAssignmentNode, Nodes.CascadedAssignmentNode, Nodes.InPlaceAssignmentNode)


class InitialiseUnderLock(Rule):
    """Check that a global a function tests and then assigns is tested and assigned under a lock."""

    code = "THR002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each unlocked test of a global that the function later assigns unlocked."""
        index = tree_index(source)
        declared = index.of(Nodes.GlobalNode)
        if not declared:
            return
        globals_of: dict[int, set[str]] = {}
        for node in declared:
            globals_of.setdefault(id(index.scope_of(node)), set()).update(node.names)
        locks = lock_names(index)
        # The last unlocked assignment of each (function, global).
        assigned: dict[tuple[int, str], Nodes.Node] = {}
        for node in index.of(*_ASSIGNMENTS):
            function = index.scope_of(node)
            names = globals_of.get(id(function))
            if not names:
                continue
            for target in _targets(node):
                if target in names and not _under_lock(index, node, locks):
                    assigned[(id(function), target)] = node
        if not assigned:
            return
        reported: set[tuple[int, str]] = set()
        for clause in index.of(Nodes.IfClauseNode):
            function = index.scope_of(clause)
            names = globals_of.get(id(function))
            if not names or _under_lock(index, clause, locks):
                continue
            for name in _names_read(index, clause.condition, names):
                key = (id(function), name)
                assignment = assigned.get(key)
                if key in reported or assignment is None or _position(assignment) < _position(clause):
                    continue
                reported.add(key)
                line, column = _keyword_position(source, clause)
                yield Violation(
                    line,
                    column,
                    f"`{nodes.definition_name(function)}` tests the global `{name}` and then assigns it (line "
                    f"{nodes.line_of(assignment)}) without holding a lock, so two threads can both find it unset; "
                    f"do the test and the assignment in one `with lock:` block",
                )


def _targets(node: Nodes.Node) -> list[str]:
    """Return the plain names an assignment statement binds."""
    targets = node.lhs_list if isinstance(node, Nodes.CascadedAssignmentNode) else [node.lhs]
    found = []
    for target in targets:
        if isinstance(target, (ExprNodes.TupleNode, ExprNodes.ListNode)):
            found.extend(item.name for item in target.args if isinstance(item, ExprNodes.NameNode))
        elif isinstance(target, ExprNodes.NameNode):
            found.append(target.name)
    return found


def _names_read(index: TreeIndex, condition: Nodes.Node, names: set[str]) -> list[str]:
    """Return the names of ``names`` that a condition reads, in order, once each."""
    found: list[str] = []
    first, last = index.preorder(condition), index.subtree_end(condition)
    for node in index.nodes[first : last + 1]:
        if isinstance(node, ExprNodes.NameNode) and node.name in names and node.name not in found:
            found.append(node.name)
    return found


def _under_lock(index: TreeIndex, node: Nodes.Node, locks: frozenset[str]) -> bool:
    """Return whether ``node`` runs in the body of a ``with lock:`` block of its own function."""
    child = node
    for ancestor in index.ancestors(node):
        if isinstance(ancestor, (*FUNCTION_NODES, ExprNodes.LambdaNode)):
            return False
        if isinstance(ancestor, Nodes.WithStatNode) and child is ancestor.body:
            name = nodes.dotted_name(ancestor.manager)
            if name is not None and is_lock(name, locks):
                return True
        child = ancestor
    return False


def _keyword_position(source: SourceFile, clause: Nodes.IfClauseNode) -> tuple[int, int]:
    """Return the line and column of the ``if`` or ``elif`` keyword of a clause."""
    line = nodes.line_of(clause.condition)
    logical = source.logical_line(line)
    if logical is not None and logical.tokens and logical.tokens[0].string in {"if", "elif"}:
        return line, logical.tokens[0].start[1] + 1
    return line, nodes.column_of(clause.condition)


def _position(node: Nodes.Node) -> tuple[int, int]:
    """Return a node's (line, column)."""
    return node.pos[1], node.pos[2]
