# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Follow the status a binding call returns: where it is bound and where it is read.

``CUD002`` asks whether a bound status is ever read; ``ERR003`` asks
whether a function returns it unchanged. Both need the same answers:
which name a call's status lands in, and which later uses of that name
read it.
"""

from __future__ import annotations

import dataclasses

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.rules.cud.bindings import BindingCall
from cuda_core_guide.rules.cud.tree import LOOP_NODES, TreeIndex

__all__ = ["StatusBinding", "is_store", "reads_after", "status_binding"]

_SEQUENCE_TARGETS = (ExprNodes.TupleNode, ExprNodes.ListNode)


@dataclasses.dataclass(frozen=True)
class StatusBinding:
    """A name that a binding call's status, or its whole result, is assigned to.

    Parameters
    ----------
    name : str
        The bound name.
    target : Nodes.Node
        The ``NameNode`` or ``CNameDeclaratorNode`` that binds it.
    statement : Nodes.Node
        The assignment or ``cdef`` declaration.
    whole_result : bool
        True when the name holds a Python binding's whole result tuple
        rather than the status alone.
    """

    name: str
    target: Nodes.Node
    statement: Nodes.Node
    whole_result: bool


def status_binding(index: TreeIndex, call: BindingCall) -> StatusBinding | None:
    """Return the name a binding call's status is assigned to, if any.

    Recognised forms: ``err = cydriver.cuX(...)``, ``cdef CUresult err =
    cydriver.cuX(...)``, ``err, value = driver.cuX(...)``, ``(err,) =
    driver.cuX(...)``, ``err = driver.cuX(...)[0]`` and, for the whole
    result, ``result = driver.cuX(...)``.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    call : BindingCall
        The call.

    Returns
    -------
    StatusBinding or None
        The binding, or ``None`` if the status is not assigned to a plain
        name.
    """
    value = call.node
    parent = index.parent(value)
    first_only = False
    if (
        not call.returns_status
        and isinstance(parent, ExprNodes.IndexNode)
        and parent.base is value
        and _is_zero(parent.index)
    ):
        value, parent, first_only = parent, index.parent(parent), True
    if isinstance(parent, Nodes.SingleAssignmentNode) and parent.rhs is value:
        target = parent.lhs
        if isinstance(target, ExprNodes.NameNode):
            whole = not call.returns_status and not first_only
            return StatusBinding(target.name, target, parent, whole)
        if isinstance(target, _SEQUENCE_TARGETS) and not call.returns_status and not first_only and target.args:
            first = target.args[0]
            if isinstance(first, ExprNodes.NameNode):
                return StatusBinding(first.name, first, parent, False)
        return None
    if isinstance(parent, Nodes.CNameDeclaratorNode) and parent.default is value and parent.name:
        statement = index.parent(parent)
        if isinstance(statement, Nodes.CVarDefNode):
            return StatusBinding(parent.name, parent, statement, not call.returns_status and not first_only)
    return None


def reads_after(index: TreeIndex, binding: StatusBinding, scope: Nodes.Node) -> list[ExprNodes.NameNode]:
    """Return the reads of a bound name that can see the binding.

    A read can see the binding when it comes after the binding statement
    in the text, or when both sit in the same loop (the next iteration
    reads what this one bound). Reads in nested functions count: a
    closure may read the name.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    binding : StatusBinding
        The binding.
    scope : Nodes.Node
        The function, class or module the binding is in.

    Returns
    -------
    list of ExprNodes.NameNode
        The reads.
    """
    loops = [a for a in index.ancestors(binding.statement) if isinstance(a, LOOP_NODES) and index.within(a, scope)]
    start = (binding.statement.pos[1], binding.statement.pos[2])
    reads = []
    for name_node in index.named(binding.name):
        if index.within(name_node, binding.statement) or is_store(index, name_node):
            continue
        if not index.within(name_node, scope):
            continue
        if (name_node.pos[1], name_node.pos[2]) > start or any(index.within(name_node, loop) for loop in loops):
            reads.append(name_node)
    return reads


def is_store(index: TreeIndex, name_node: ExprNodes.NameNode) -> bool:
    """Return whether a ``NameNode`` only binds its name (an assignment target, ``del``).

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    name_node : ExprNodes.NameNode
        A name.

    Returns
    -------
    bool
        True for targets of assignments, ``for`` loops, ``with ... as``,
        ``except ... as`` and ``del``; False for reads, including the
        target of an augmented assignment (``err |= x`` reads ``err``).
    """
    child: Nodes.Node = name_node
    parent = index.parent(name_node)
    while isinstance(parent, _SEQUENCE_TARGETS):
        child, parent = parent, index.parent(parent)
    if isinstance(parent, Nodes.SingleAssignmentNode):
        return parent.lhs is child
    if isinstance(parent, Nodes.CascadedAssignmentNode):
        return any(lhs is child for lhs in parent.lhs_list)
    if isinstance(parent, (Nodes.ForInStatNode, Nodes.ForFromStatNode)):
        return parent.target is child
    if isinstance(parent, (Nodes.WithStatNode, Nodes.ExceptClauseNode)):
        return parent.target is child
    return isinstance(parent, Nodes.DelStatNode)


def _is_zero(node: Nodes.Node) -> bool:
    """Return whether an index expression is the literal ``0``."""
    return isinstance(node, ExprNodes.IntNode) and str(node.value) == "0"
