# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR012: a loop does not stop on whatever error a binding call answers.

The rule reads ``while status == CUDA_SUCCESS:`` loops (``NVRTC_SUCCESS``,
``NVJITLINK_SUCCESS`` and ``cudaSuccess`` too) in which a binding call's
status is bound to ``status``. Such a loop ends on every error status,
so every error becomes the sentinel. It is reported unless the function
hands ``status`` to a raising checker (``HANDLE_RETURN``, ``handle_return``)
or compares it with a named error code (``CUDA_ERROR_INVALID_VALUE``): then
the status is treated as a sentinel for one code, as the rule asks.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import BindingCall, bindings_of, is_raising_checker
from cuda_core_guide.checker.rules.cud.tree import TreeIndex, statement_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["StatusSentinel"]

_SUCCESS = frozenset({"CUDA_SUCCESS", "NVRTC_SUCCESS", "NVJITLINK_SUCCESS", "cudaSuccess"})
_ERROR_MARKERS = ("_ERROR_", "cudaError")


class StatusSentinel(Rule):
    """Check that no loop runs while a binding call succeeds, with every error as its end."""

    code = "ERR012"
    kinds = frozenset({"pyx", "py", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``while status == SUCCESS`` loop whose errors are never raised."""
        index = tree_index(source)
        loops = [(loop, _tested_status(loop.condition)) for loop in index.of(Nodes.WhileStatNode)]
        loops = [(loop, name) for loop, name in loops if name is not None]
        if not loops:
            return
        stores: dict[tuple[int, str], list[BindingCall]] = {}
        for call in bindings_of(source).calls():
            name = _stored_name(index, call.node)
            if name is not None:
                stores.setdefault((id(index.scope_of(call.node)), name), []).append(call)
        for loop, name in loops:
            scope = index.scope_of(loop)
            calls = [call for call in stores.get((id(scope), name), ()) if index.within(call.node, loop.body)]
            if not calls or _handled(index, scope, name):
                continue
            line, column = statement_start(source, loop, "while")
            yield Violation(
                line,
                column,
                f"the loop ends on any error that `{calls[0].name}` answers; compare `{name}` with the one "
                "code the CUDA documentation gives as the end, and pass every other status to `HANDLE_RETURN`",
            )


def _tested_status(condition: Nodes.Node | None) -> str | None:
    """Return the name a ``name == SUCCESS`` condition tests, if it is one."""
    if not isinstance(condition, ExprNodes.PrimaryCmpNode) or condition.operator != "==" or condition.cascade:
        return None
    for name, other in ((condition.operand1, condition.operand2), (condition.operand2, condition.operand1)):
        dotted = nodes.dotted_name(other)
        if isinstance(name, ExprNodes.NameNode) and dotted is not None and dotted.rpartition(".")[2] in _SUCCESS:
            return name.name
    return None


def _stored_name(index: TreeIndex, call: Nodes.Node) -> str | None:
    """Return the name a call's status is assigned to: ``err = call()``, ``err, = call()``, ``(err, x) = call()``."""
    parent = index.parent(call)
    if not isinstance(parent, Nodes.SingleAssignmentNode) or parent.rhs is not call:
        return None
    target = parent.lhs
    if isinstance(target, (ExprNodes.TupleNode, ExprNodes.ListNode)) and target.args:
        target = target.args[0]
    return target.name if isinstance(target, ExprNodes.NameNode) else None


def _handled(index: TreeIndex, scope: Nodes.Node, name: str) -> bool:
    """Return whether the function raises for ``name`` or compares it with a named error code."""
    for use in index.named(name):
        if index.scope_of(use) is not scope:
            continue
        parent = index.parent(use)
        if isinstance(parent, ExprNodes.TupleNode):
            parent = index.parent(parent)
        if parent is not None and is_raising_checker(parent):
            return True
        if isinstance(parent, (ExprNodes.PrimaryCmpNode, ExprNodes.CascadedCmpNode)):
            for operand in (getattr(parent, "operand1", None), parent.operand2):
                dotted = nodes.dotted_name(operand) or ""
                if any(marker in dotted for marker in _ERROR_MARKERS):
                    return True
    return False
