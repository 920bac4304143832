# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""MEM003: ``close()`` releases a handle once, and never retries a failed release.

The rule reads ``close`` methods and the ``ClassName_close`` helpers they
call. A release call of the bindings (a function whose name has
``Destroy``, ``Free``, ``Release``, ``Unload`` or ``Unregister`` in it)
that is passed an attribute of the first parameter (``self._handle``,
``<CUstream>self._handle``) releases the object's own field, which still
holds the handle: unless the field is cleared whatever the call does, a
second ``close()`` releases it again, and a failed release is retried.

Two forms are idempotent and are left alone: the field copied to a local
and cleared before the call (the call is then not passed the field), and
the sources' form, where the call sits in the body of a ``try`` whose
``finally`` clears the field, and an ``if`` that tests the field returns
early, or encloses the call, so that a second ``close()`` finds it clear.
Passing the field's address (``&self._handle``) is left alone too, since
such a call clears the handle itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, TreeIndex, expression_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["IdempotentClose"]

_RELEASE = re.compile(r"Destroy|Free|Release|Unload|Unregister")


class IdempotentClose(Rule):
    """Check that ``close`` and ``*_close`` functions release a local copy of a handle, not the field."""

    code = "MEM003"
    kinds = frozenset({"pyx", "py", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each release call in a ``close`` that is passed a field of ``self``."""
        calls = [call for call in bindings_of(source).calls() if _RELEASE.search(call.function)]
        if not calls:
            return
        index = tree_index(source)
        guards: dict[int, dict[str, int]] = {}
        for call in calls:
            function = index.scope_of(call.node)
            name = nodes.definition_name(function) or ""
            if name != "close" and not name.endswith("_close"):
                continue
            arguments = nodes.arguments(function)
            owner = arguments[0].name if arguments else None
            for argument in getattr(call.node, "args", None) or ():
                field = _field_of(argument, owner)
                if field is None or _cleared_whatever_happens(index, call.node, function, owner, field, guards):
                    continue
                line, column = expression_start(call.node)
                yield Violation(
                    line,
                    column,
                    f"`{name}` releases `{owner}.{field}` while the field still holds it, so a second close or a "
                    f"failed release releases it again; clear `{owner}.{field}` before calling `{call.name}` "
                    "(release a local copy), or return early when it is clear and clear it in a `finally` "
                    "around the call",
                )
                break


def _cleared_whatever_happens(
    index: TreeIndex,
    call: Nodes.Node,
    function: Nodes.Node,
    owner: str,
    field: str,
    guards: dict[int, dict[str, int]],
) -> bool:
    """Return whether a release of ``owner.field`` is guarded by a test of it and followed by a ``finally`` clearing it.

    Parameters
    ----------
    index : TreeIndex
        The file's tree.
    call : Nodes.Node
        The release call.
    function : Nodes.Node
        The ``close`` function it is made in.
    owner : str
        The name of the function's first parameter (``self``).
    field : str
        The attribute passed to the call.
    guards : dict
        A cache, by function, of :func:`_early_returns`.

    Returns
    -------
    bool
        True when a ``try`` around the call clears the field in its
        ``finally``, and an ``if`` whose condition reads the field encloses
        the call or returns before it.
    """
    cleared = guarded = False
    child = call
    for ancestor in index.ancestors(call):
        if isinstance(ancestor, (*FUNCTION_NODES, ExprNodes.LambdaNode)):
            break
        if isinstance(ancestor, Nodes.TryFinallyStatNode) and child is ancestor.body:
            cleared = cleared or _assigns_field(index, ancestor.finally_clause, owner, field)
        if isinstance(ancestor, Nodes.IfClauseNode) and child is ancestor.body:
            guarded = guarded or _reads_field(index, ancestor.condition, owner, field)
        child = ancestor
    if not cleared or guarded:
        return cleared
    returns = guards.get(id(function))
    if returns is None:
        returns = guards[id(function)] = _early_returns(index, function, owner)
    return returns.get(field, index.preorder(call)) < index.preorder(call)


def _early_returns(index: TreeIndex, function: Nodes.Node, owner: str) -> dict[str, int]:
    """Return, for each field of ``owner`` that an ``if`` with a ``return`` tests, where the first such ``if`` ends.

    The position is the preorder number of the clause's last node: a call
    numbered after it comes after the early return.
    """
    found: dict[str, int] = {}
    first, last = index.preorder(function), index.subtree_end(function)
    for node in index.nodes[first : last + 1]:
        if not isinstance(node, Nodes.IfClauseNode) or index.scope_of(node) is not function:
            continue
        body = index.nodes[index.preorder(node.body) : index.subtree_end(node.body) + 1]
        if not any(isinstance(item, Nodes.ReturnStatNode) for item in body):
            continue
        condition = index.nodes[index.preorder(node.condition) : index.subtree_end(node.condition) + 1]
        for item in condition:
            field = _field_of(item, owner)
            if field is not None and field not in found:
                found[field] = index.subtree_end(node)
    return found


def _assigns_field(index: TreeIndex, block: Nodes.Node | None, owner: str, field: str) -> bool:
    """Return whether a block assigns ``owner.field``."""
    if block is None:
        return False
    for node in index.nodes[index.preorder(block) : index.subtree_end(block) + 1]:
        if isinstance(node, (Nodes.SingleAssignmentNode, Nodes.CascadedAssignmentNode)):
            targets = node.lhs_list if isinstance(node, Nodes.CascadedAssignmentNode) else [node.lhs]
            if any(_field_of(target, owner) == field for target in targets):
                return True
    return False


def _reads_field(index: TreeIndex, condition: Nodes.Node, owner: str, field: str) -> bool:
    """Return whether a condition reads ``owner.field``."""
    nodes_in = index.nodes[index.preorder(condition) : index.subtree_end(condition) + 1]
    return any(_field_of(node, owner) == field for node in nodes_in)


def _field_of(argument: Nodes.Node, owner: str | None) -> str | None:
    """Return ``attr`` if an argument is ``owner.attr``, cast or not."""
    while isinstance(argument, ExprNodes.TypecastNode):
        argument = argument.operand
    if (
        owner
        and isinstance(argument, ExprNodes.AttributeNode)
        and isinstance(argument.obj, ExprNodes.NameNode)
        and argument.obj.name == owner
    ):
        return argument.attribute
    return None
