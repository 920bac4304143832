# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find where a function body can raise, for ``MEM002`` and ``CYT002``.

A body raises at a ``raise`` statement and at a call of a function that
raises for an error status (``HANDLE_RETURN``, ``handle_return``...).
A point inside the ``try`` part of a ``try`` statement that has an
``except`` clause is taken as handled; nested functions, lambdas and
classes are bodies of their own.
"""

from __future__ import annotations

import dataclasses

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.cud.bindings import is_raising_checker
from cuda_core_guide.checker.rules.cud.tree import TreeIndex, call_function, expression_start
from cuda_core_guide.source import nodes

__all__ = ["RaisePoint", "raise_points"]


@dataclasses.dataclass(frozen=True)
class RaisePoint:
    """A place where a function body lets an exception out.

    Parameters
    ----------
    line : int
        The 1-based line.
    column : int
        The 1-based column.
    what : str
        ``raise ValueError`` or ``HANDLE_RETURN()``, for messages.
    """

    line: int
    column: int
    what: str


def raise_points(index: TreeIndex, functions: list[Nodes.Node]) -> dict[int, list[RaisePoint]]:
    """Return the unhandled raising points of some functions' own bodies.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    functions : list of Nodes.Node
        ``DefNode`` and ``CFuncDefNode`` definitions.

    Returns
    -------
    dict of int to list of RaisePoint
        For the ``id`` of each function that raises, its points in source
        order.
    """
    wanted = {id(function): function for function in functions}
    points: dict[int, list[RaisePoint]] = {}
    if not wanted:
        return points
    for node in index.of(
        Nodes.RaiseStatNode, Nodes.ReraiseStatNode, ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode
    ):
        if isinstance(node, (Nodes.RaiseStatNode, Nodes.ReraiseStatNode)):
            point = _raise_statement(node)
        elif is_raising_checker(node):
            line, column = expression_start(node)
            point = RaisePoint(line, column, f"{nodes.dotted_name(call_function(node))}()")
        else:
            continue
        function = wanted.get(id(index.scope_of(node)))
        if function is not None and not _handled(index, node, function):
            points.setdefault(id(function), []).append(point)
    return points


def _raise_statement(node: Nodes.Node) -> RaisePoint:
    """Describe a ``raise`` statement (a bare ``raise`` re-raises)."""
    raised = getattr(node, "exc_type", None)
    if isinstance(raised, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        raised = raised.function
    name = nodes.dotted_name(raised) if raised is not None else None
    what = f"raise {name}" if name else "raise"
    return RaisePoint(nodes.line_of(node), nodes.column_of(node), what)


def _handled(index: TreeIndex, node: Nodes.Node, function: Nodes.Node) -> bool:
    """Return whether ``node`` sits in the ``try`` part of a ``try``/``except`` inside ``function``."""
    child = node
    for ancestor in index.ancestors(node):
        if ancestor is function:
            return False
        if isinstance(ancestor, Nodes.TryExceptStatNode) and child is ancestor.body and ancestor.except_clauses:
            return True
        child = ancestor
    return False
