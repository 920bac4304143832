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

import bisect
import dataclasses

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.cud.bindings import BindingCall
from cuda_core_guide.checker.rules.cud.tree import LOOP_NODES, TreeIndex

__all__ = ["StatusBinding", "is_read_after", "is_read_within", "is_store", "status_binding"]

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


def is_read_after(index: TreeIndex, binding: StatusBinding, scope: Nodes.Node) -> bool:
    """Return whether any read of a bound name can see the binding.

    A read can see the binding when it comes after the binding statement
    in the text, or when both sit in the same loop (the next iteration
    reads what this one bound); reads in nested functions count, since a
    closure may read the name. The answer is found without looking at
    every use of the name: the reads of a name, sorted
    by preorder number, answer for a whole subtree at once.

    Parameters
    ----------
    index : TreeIndex
        The index of the file, whose preorder numbers order the reads.
    binding : StatusBinding
        The binding.
    scope : Nodes.Node
        The function, class or module the binding is in.

    Returns
    -------
    bool
        True if at least one read can see the binding.
    """
    reads = _reads_of(index, binding.name)
    if not reads.orders:
        return False
    statement = binding.statement
    start = (statement.pos[1], statement.pos[2])
    skipped = (index.preorder(statement), index.subtree_end(statement))
    for first, last in _outside((index.preorder(scope), index.subtree_end(scope)), skipped):
        latest = reads.latest(first, last)
        if latest is not None and latest > start:
            return True
    # The loops around the binding are nested, so a read in any of them is
    # a read in the outermost one that is still inside the scope.
    outermost = None
    for ancestor in index.ancestors(statement):
        if isinstance(ancestor, LOOP_NODES) and index.within(ancestor, scope):
            outermost = ancestor
    if outermost is None:
        return False
    loop = (index.preorder(outermost), index.subtree_end(outermost))
    return any(reads.latest(first, last) is not None for first, last in _outside(loop, skipped))


def is_read_within(index: TreeIndex, name: str, container: Nodes.Node) -> bool:
    """Return whether ``name`` is read anywhere in the subtree of ``container``.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    name : str
        A name.
    container : Nodes.Node
        A node of the tree, such as a function.

    Returns
    -------
    bool
        True if a ``NameNode`` of ``name`` inside ``container`` (or
        ``container`` itself) is not a store (see :func:`is_store`).
    """
    reads = _reads_of(index, name)
    return reads.latest(index.preorder(container), index.subtree_end(container)) is not None


def is_store(index: TreeIndex, name_node: ExprNodes.NameNode) -> bool:
    """Return whether a ``NameNode`` only binds its name (an assignment target, ``del``).

    Parameters
    ----------
    index : TreeIndex
        The index of the file the name is in, whose parents tell a store from a read.
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


class _Reads:
    """The reads of one name in a file, by preorder number, with the latest position over any run of them.

    A sparse table holds, for each read and each power of two, the largest
    (line, column) among that many reads from it on, so the latest position
    in any range of preorder numbers takes two lookups.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    name : str
        The name.
    """

    def __init__(self, index: TreeIndex, name: str) -> None:
        reads = sorted(
            (index.preorder(node), (node.pos[1], node.pos[2]))
            for node in index.named(name)
            if not is_store(index, node)
        )
        self.orders = [order for order, _ in reads]
        self._levels = [[position for _, position in reads]]
        width = 1
        while 2 * width <= len(reads):
            below = self._levels[-1]
            self._levels.append([max(below[i], below[i + width]) for i in range(len(reads) - 2 * width + 1)])
            width *= 2

    def latest(self, first: int, last: int) -> tuple[int, int] | None:
        """Return the latest position among the reads numbered ``first`` to ``last``.

        Parameters
        ----------
        first : int
            The smallest preorder number.
        last : int
            The largest preorder number, inclusive.

        Returns
        -------
        tuple of int or None
            The largest (line, column), or ``None`` if no read is numbered
            in the range.
        """
        low = bisect.bisect_left(self.orders, first)
        high = bisect.bisect_right(self.orders, last)
        if low >= high:
            return None
        level = (high - low).bit_length() - 1
        row = self._levels[level]
        return max(row[low], row[high - (1 << level)])


def _reads_of(index: TreeIndex, name: str) -> _Reads:
    """Return the :class:`_Reads` of a name, built on first use and kept with the index."""
    table: dict[str, _Reads] = index.memo("cud.status.reads", lambda _: {})
    reads = table.get(name)
    if reads is None:
        reads = table[name] = _Reads(index, name)
    return reads


def _outside(span: tuple[int, int], hole: tuple[int, int]) -> list[tuple[int, int]]:
    """Return the preorder ranges of ``span`` left once the range ``hole`` is taken out.

    Subtrees are nested or disjoint, so this is at most two ranges; empty
    ranges are dropped.
    """
    first, last = span
    pieces = [(first, min(last, hole[0] - 1)), (max(first, hole[1] + 1), last)]
    return [(low, high) for low, high in pieces if low <= high]


def _is_zero(node: Nodes.Node) -> bool:
    """Return whether an index expression is the literal ``0``."""
    return isinstance(node, ExprNodes.IntNode) and str(node.value) == "0"
