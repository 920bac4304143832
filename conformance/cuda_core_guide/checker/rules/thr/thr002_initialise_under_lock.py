# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""THR002: a module-level flag is tested and set under one lock.

The rule reads functions that declare ``global name``. When an ``if`` or
``elif`` condition of the function reads the global and a later
assignment in the function binds it, and neither sits in the body of a
``with lock:`` block (a lock as :mod:`cuda_core_guide.checker.rules.thr.locks`
recognises it), two threads can both find the flag unset and both
initialise. A fast path that only reads the flag before taking the lock
is fine, as long as the assignment is made under the lock.

A flag whose function does nothing but warn is left alone: the one-time
warning of the sources (test a flag, set it, warn). If two threads race
there, the warning appears twice, which changes nothing else. The function
only warns when its statements are ``global`` declarations, docstrings,
``pass`` or ``...``, ``return`` without a value, assignments to the flag or
to local names, calls of ``warnings.warn`` and ``if`` statements made of
these, and it warns at least once.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, TreeIndex, tree_index
from cuda_core_guide.checker.rules.err.calls import warn_calls
from cuda_core_guide.checker.rules.thr.locks import held_lock, lock_names
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
        warnings = {id(call) for call, _ in warn_calls(source)}
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
                if _only_warns(function, name, names, warnings):
                    continue
                line, column = _keyword_position(source, clause)
                yield Violation(
                    line,
                    column,
                    f"`{nodes.definition_name(function)}` tests the global `{name}` and then assigns it (line "
                    f"{nodes.line_of(assignment)}) without holding a lock, so two threads can both find it unset; "
                    f"do the test and the assignment in one `with lock:` block",
                )


def _only_warns(function: Nodes.Node, flag: str, global_names: set[str], warnings: set[int]) -> bool:
    """Return whether a function does nothing but set ``flag`` and warn: a one-time warning, not an initialisation.

    Parameters
    ----------
    function : Nodes.Node
        The function that tests and sets the flag.
    flag : str
        The global it tests and sets.
    global_names : set of str
        Every global the function declares.
    warnings : set of int
        The ids of the file's ``warnings.warn`` calls.

    Returns
    -------
    bool
        True if every statement is one of those a warn-once function needs,
        and at least one calls ``warnings.warn``.
    """
    pending = [getattr(function, "body", None)]
    warned = False
    while pending:
        stat = pending.pop()
        if stat is None or isinstance(stat, (Nodes.GlobalNode, Nodes.PassStatNode)):
            continue
        if isinstance(stat, Nodes.StatListNode):
            pending.extend(stat.stats)
        elif isinstance(stat, Nodes.IfStatNode):
            pending.extend(clause.body for clause in stat.if_clauses)
            pending.append(stat.else_clause)
        elif isinstance(stat, Nodes.ReturnStatNode):
            if stat.value is not None and not isinstance(stat.value, ExprNodes.NoneNode):
                return False
        elif isinstance(stat, Nodes.ExprStatNode):
            if id(stat.expr) in warnings:
                warned = True
            elif nodes.string_value(stat.expr) is None and not isinstance(stat.expr, ExprNodes.EllipsisNode):
                return False
        elif isinstance(stat, (Nodes.SingleAssignmentNode, Nodes.CascadedAssignmentNode)):
            targets = stat.lhs_list if isinstance(stat, Nodes.CascadedAssignmentNode) else [stat.lhs]
            for target in targets:
                if not isinstance(target, ExprNodes.NameNode):
                    return False
                if target.name in global_names and target.name != flag:
                    return False
        else:
            return False
    return warned


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
    return held_lock(index, node, locks, (*FUNCTION_NODES, ExprNodes.LambdaNode)) is not None


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
