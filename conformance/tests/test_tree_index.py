# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The tree index's shortcuts give the answers of the walks they replace.

:meth:`TreeIndex.within` compares preorder numbers instead of walking up
the parents, and :func:`is_read_after` and :func:`is_read_within` look the
reads of a name up by preorder number instead of going through every use
of it. Each is checked here against the plain walk, on every rule fixture
of the checker and on a file where nodes are shared.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from Cython.Compiler import ExprNodes, Nodes
from rule_fixtures import RULES_DIR

from cuda_core_guide.checker.rules.cud.status import (
    StatusBinding,
    is_read_after,
    is_read_within,
    is_store,
)
from cuda_core_guide.checker.rules.cud.tree import LOOP_NODES, SCOPE_NODES, TreeIndex, tree_index
from cuda_core_guide.source import ParseFailure, load_source

FIXTURES = sorted(path for path in RULES_DIR.glob("*/fixtures/*/*") if path.suffix in {".py", ".pyx", ".pxd", ".pxi"})

LOOPS = """\
def f(items):
    err = 0
    for item in items:
        if err:
            break
        err = g(item)
        while err:
            err = h(err)
    err = k()
    def inner():
        return err
    for outer in items:
        use(late)
        for nested in outer:
            late = g(nested)
    for again in items:
        alone = h(alone)
    return [err for err in items]
"""


def reads_after(index: TreeIndex, binding: StatusBinding, scope: Nodes.Node) -> list[ExprNodes.NameNode]:
    """Return the reads of a bound name that can see the binding, looking at every use (the definition).

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


def _index(path: Path) -> TreeIndex:
    """Return the tree index of a fixture, skipping those that do not parse."""
    try:
        source = load_source(str(path))
    except ParseFailure:
        pytest.skip(f"{path.name} does not parse")
    return tree_index(source)


def _walk_within(index: TreeIndex, node: Nodes.Node, container: Nodes.Node) -> bool:
    """Return whether ``container`` is ``node`` or one of its ancestors, by walking up."""
    return node is container or any(ancestor is container for ancestor in index.ancestors(node))


def _assignments(index: TreeIndex) -> list[StatusBinding]:
    """Return a binding for every name assigned by a plain or ``cdef`` assignment."""
    found = []
    for statement in index.of(Nodes.SingleAssignmentNode):
        if isinstance(statement.lhs, ExprNodes.NameNode):
            found.append(StatusBinding(statement.lhs.name, statement.lhs, statement, False))
    for statement in index.of(Nodes.CVarDefNode):
        for declarator in statement.declarators or ():
            if isinstance(declarator, Nodes.CNameDeclaratorNode) and declarator.name:
                found.append(StatusBinding(declarator.name, declarator, statement, False))
    return found


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_within_agrees_with_the_ancestor_walk(path: Path) -> None:
    """Every node against its ancestors, its own subtree's ends and a spread of other nodes."""
    index = _index(path)
    every = index.nodes
    containers = every[:: max(1, len(every) // 40)] + [node for node in every if isinstance(node, SCOPE_NODES)]
    for node in every:
        for container in [*containers, *index.ancestors(node)]:
            assert index.within(node, container) == _walk_within(index, node, container)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_subtrees_are_runs_of_preorder_numbers(path: Path) -> None:
    """The nodes numbered from a node to its subtree's end are exactly the nodes below it."""
    index = _index(path)
    for number, node in enumerate(index.nodes):
        assert index.preorder(node) == number
        below = [other for other in index.nodes if _walk_within(index, other, node)]
        assert [index.preorder(other) for other in below] == list(range(number, index.subtree_end(node) + 1))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_is_read_after_agrees_with_reads_after(path: Path) -> None:
    """Every assignment of the file, with its own scope and every scope around it."""
    index = _index(path)
    for binding in _assignments(index):
        scopes = [index.scope_of(binding.statement)]
        scopes += [a for a in index.ancestors(binding.statement) if isinstance(a, SCOPE_NODES)]
        for scope in [*scopes, index.root]:
            assert is_read_after(index, binding, scope) == bool(reads_after(index, binding, scope))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_is_read_within_agrees_with_the_scan(path: Path) -> None:
    """Every name of the file in every function, class and statement list."""
    index = _index(path)
    names = {node.name for node in index.of(ExprNodes.NameNode)}
    containers = index.of(*SCOPE_NODES, Nodes.StatListNode)
    for name in names:
        for container in containers:
            expected = any(
                not is_store(index, node) and _walk_within(index, node, container) for node in index.named(name)
            )
            assert is_read_within(index, name, container) == expected


def test_loops_and_closures() -> None:
    """Find reads in the same loop, later in the text, in a closure, or none at all."""
    index = tree_index(load_source("loops.py", text=LOOPS))
    function = index.of(Nodes.DefNode)[0]
    bindings = _assignments(index)
    answers = {(b.statement.pos[1], b.name): is_read_after(index, b, function) for b in bindings}
    for binding in bindings:
        expected = bool(reads_after(index, binding, function))
        assert answers[(binding.statement.pos[1], binding.name)] == expected
    # ``err = h(err)`` is read by the ``while`` test of the next iteration,
    # ``err = 0`` by ``if err`` and ``err = k()`` by the closure; ``late``
    # by the next iteration of the outer loop, before the inner one.
    assert answers[(2, "err")]
    assert answers[(8, "err")]
    assert answers[(9, "err")]
    assert answers[(15, "late")]
    # ``alone = h(alone)`` reads only the value it replaces.
    assert not answers[(17, "alone")]


def test_shared_nodes_are_indexed_once() -> None:
    """A node reachable from two parents belongs to the subtree of the first that reaches it."""
    index = tree_index(load_source("shared.py", text="x = a\ny = b\n"))
    first, second = index.of(Nodes.SingleAssignmentNode)
    # Cython never shares nodes in a fresh parse; share one by hand and index again.
    second.rhs = first.rhs
    shared = TreeIndex(index.root)
    assert len(shared.nodes) == len(index.nodes) - 1
    for node in shared.nodes:
        for container in shared.nodes:
            assert shared.within(node, container) == _walk_within(shared, node, container)
    assert shared.within(first.rhs, first)
    assert not shared.within(first.rhs, second)
