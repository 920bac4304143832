# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Every node of a file, expressions included, indexed once per file.

:func:`cuda_core_guide.source.nodes.walk` follows the ``child_attrs`` that
Cython declares on statement classes; expression classes declare theirs
as a property of the instance, so that walk stops at the first
expression. The rules of the ``ERR``, ``MEM``, ``CYT``, ``CON``, ``PRF``,
``API`` and ``CUD`` chapters look inside expressions (calls nested in
calls, names read in conditions), so they share the :class:`TreeIndex`
built here: one traversal per file, the parent of every node, and the
nodes grouped by class.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.model import Memoizing

__all__ = [
    "FUNCTION_NODES",
    "LOOP_NODES",
    "SCOPE_NODES",
    "TreeIndex",
    "call_function",
    "definition_position",
    "exported_names",
    "expression_start",
    "function_declarator",
    "is_dunder",
    "is_public_name",
    "is_python_api",
    "statement_start",
    "tree_index",
]

FUNCTION_NODES = (Nodes.DefNode, Nodes.CFuncDefNode)
"""Statements that define a function or method."""

SCOPE_NODES = (Nodes.DefNode, Nodes.CFuncDefNode, Nodes.PyClassDefNode, Nodes.CClassDefNode, ExprNodes.LambdaNode)
"""Nodes whose body is a namespace of its own (the module is the outermost)."""

LOOP_NODES = (Nodes.WhileStatNode, Nodes.ForInStatNode, Nodes.ForFromStatNode)
"""Statements whose body can run more than once."""

_HEADER_KEYWORDS = frozenset({"def", "cdef", "cpdef", "class", "async", "property"})
_UNSET = object()


class TreeIndex(Memoizing):
    """All nodes of one parse tree, their parents and their classes.

    Parameters
    ----------
    root : Nodes.Node
        The module node.
    """

    def __init__(self, root: Nodes.Node) -> None:
        self.root = root
        self.nodes: list[Nodes.Node] = []
        self._parent: dict[int, Nodes.Node] = {}
        self._by_class: dict[type, list[Nodes.Node]] = {}
        self._of: dict[tuple[type, ...], list[Nodes.Node]] = {}
        self._names: dict[str, list[ExprNodes.NameNode]] | None = None
        self._exported: frozenset[str] | None | object = _UNSET
        self._memo: dict[str, object] = {}
        # The preorder number of each node (its place in ``nodes``) and the
        # last preorder number of its subtree: a subtree is one contiguous
        # run of ``nodes``, so containment is two comparisons.
        self._order: dict[int, int] = {}
        # The preorder number of each node's parent, -1 for the root.
        above: list[int] = []
        stack: list[tuple[Nodes.Node, Nodes.Node | None, int]] = [(root, None, -1)]
        # Every node of every checked file passes through this loop once.
        pop, push, keep, climb = stack.pop, stack.append, self.nodes.append, above.append
        parents, by_class, order = self._parent, self._by_class, self._order
        while stack:
            node, parent, parent_number = pop()
            key = id(node)
            # A node reachable from two parents is entered once, from the first.
            if key in order:
                continue
            number = order[key] = len(above)
            climb(parent_number)
            keep(node)
            if parent is not None:
                parents[key] = parent
            group = by_class.get(type(node))
            if group is None:
                group = by_class[type(node)] = []
            group.append(node)
            for child in reversed(nodes.children(node)):
                push((child, node, number))
        self._end = _subtree_ends(above)

    def ancestors(self, node: Nodes.Node) -> Iterator[Nodes.Node]:
        """Yield the nodes that enclose ``node``, innermost first.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.

        Yields
        ------
        Nodes.Node
            Its parent, the parent's parent, and so on up to the module.
        """
        current = self._parent.get(id(node))
        while current is not None:
            yield current
            current = self._parent.get(id(current))

    def of(self, *classes: type) -> list[Nodes.Node]:
        """Return the nodes that are instances of any of ``classes``, in source order.

        Parameters
        ----------
        *classes : type
            Node classes; subclasses match too.

        Returns
        -------
        list of Nodes.Node
            The matching nodes, ordered by position.
        """
        found = self._of.get(classes)
        if found is None:
            found = [node for cls, group in self._by_class.items() if issubclass(cls, classes) for node in group]
            found.sort(key=_position)
            self._of[classes] = found
        return found

    def named(self, name: str) -> list[ExprNodes.NameNode]:
        """Return every ``NameNode`` of ``name``, reads and stores, in source order.

        Parameters
        ----------
        name : str
            A name.

        Returns
        -------
        list of ExprNodes.NameNode
            The nodes.
        """
        if self._names is None:
            self._names = {}
            for node in self.of(ExprNodes.NameNode):
                self._names.setdefault(node.name, []).append(node)
        return self._names.get(name, [])

    def parent(self, node: Nodes.Node) -> Nodes.Node | None:
        """Return the node that directly encloses ``node``, or ``None`` for the root.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.

        Returns
        -------
        Nodes.Node or None
            The parent.
        """
        return self._parent.get(id(node))

    def scope_of(self, node: Nodes.Node) -> Nodes.Node:
        """Return the function, class, lambda or module whose namespace ``node`` is in.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.

        Returns
        -------
        Nodes.Node
            The innermost enclosing scope node, or the module.
        """
        child = node
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, SCOPE_NODES) and not _evaluated_outside(ancestor, child):
                return ancestor
            child = ancestor
        return self.root

    def within(self, node: Nodes.Node, container: Nodes.Node) -> bool:
        """Return whether ``container`` is ``node`` or encloses it.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.
        container : Nodes.Node
            Another node of this tree.

        Returns
        -------
        bool
            True if ``node`` lies in ``container``'s subtree.
        """
        if node is container:
            return True
        inner = self._order.get(id(node))
        outer = self._order.get(id(container))
        # A node outside the index has no ancestors.
        if inner is None or outer is None:
            return False
        return outer <= inner <= self._end[outer]

    def preorder(self, node: Nodes.Node) -> int:
        """Return a node's preorder number: its place in :attr:`nodes`.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.

        Returns
        -------
        int
            The number; every node of its subtree has a number from this
            one to :meth:`subtree_end`.
        """
        return self._order[id(node)]

    def subtree_end(self, node: Nodes.Node) -> int:
        """Return the largest preorder number in the subtree of ``node``.

        Parameters
        ----------
        node : Nodes.Node
            A node of this tree.

        Returns
        -------
        int
            The preorder number of the last node of its subtree (its own
            number for a leaf).
        """
        return self._end[self._order[id(node)]]


def tree_index(source: SourceFile) -> TreeIndex:
    """Return the :class:`TreeIndex` of a file, built on first use.

    Parameters
    ----------
    source : SourceFile
        The file to index; its index is built once and kept with it.

    Returns
    -------
    TreeIndex
        The index, shared by every rule that checks this file.
    """
    return source.memo("cud.tree_index", lambda src: TreeIndex(src.tree))


def call_function(node: Nodes.Node) -> Nodes.Node | None:
    """Return the called expression of a call node, or ``None`` for other nodes.

    Parameters
    ----------
    node : Nodes.Node
        A call node (``SimpleCallNode`` or ``GeneralCallNode``), or any other node.

    Returns
    -------
    Nodes.Node or None
        ``f`` of ``f(...)``, ``a.b`` of ``a.b(...)``.
    """
    if isinstance(node, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        return node.function
    return None


def expression_start(node: Nodes.Node) -> tuple[int, int]:
    """Return the 1-based (line, column) where an expression's text begins.

    Cython positions a call at its parenthesis and an attribute at its
    dot; the text begins at the leftmost name.

    Parameters
    ----------
    node : Nodes.Node
        An expression.

    Returns
    -------
    tuple of int
        The line and column.
    """
    while True:
        if isinstance(node, ExprNodes.AttributeNode):
            node = node.obj
        elif isinstance(node, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
            node = node.function
        elif isinstance(node, ExprNodes.IndexNode):
            node = node.base
        else:
            return nodes.line_of(node), nodes.column_of(node)


def statement_start(source: SourceFile, node: Nodes.Node, keyword: str) -> tuple[int, int]:
    """Return where a compound statement's keyword is, such as ``with`` of ``with nogil:``.

    Parameters
    ----------
    source : SourceFile
        The file.
    node : Nodes.Node
        The statement; Cython may position it after its keyword.
    keyword : str
        The keyword the statement's line starts with.

    Returns
    -------
    tuple of int
        The 1-based line and column of the keyword, or the node's own
        position if its line does not start with ``keyword``.
    """
    line = nodes.line_of(node)
    logical = source.logical_line(line)
    if logical is not None and logical.tokens and logical.tokens[0].string == keyword:
        return line, logical.tokens[0].start[1] + 1
    return line, nodes.column_of(node)


def definition_position(source: SourceFile, node: Nodes.Node, name: str) -> tuple[int, int]:
    """Return the line and column of a definition's header, past its decorators.

    Parameters
    ----------
    source : SourceFile
        The file.
    node : Nodes.Node
        A class or function definition; Cython positions decorated ones
        at their first decorator.
    name : str
        The defined name.

    Returns
    -------
    tuple of int
        The 1-based line and column of the ``def``/``cdef``/``class``
        keyword that starts the header naming ``name``.
    """
    first = nodes.line_of(node)
    body_line = nodes.line_of(node.body) if getattr(node, "body", None) is not None else first
    for line in range(first, max(first, body_line) + 1):
        logical = source.logical_line(line)
        if logical is None or not logical.tokens:
            continue
        head = logical.tokens[0]
        if head.string in _HEADER_KEYWORDS and any(token.string == name for token in logical.tokens):
            return line, head.start[1] + 1
    return first, nodes.column_of(node)


def function_declarator(node: Nodes.CFuncDefNode) -> Nodes.CFuncDeclaratorNode | None:
    """Return the C function declarator of a ``cdef``/``cpdef`` function.

    Parameters
    ----------
    node : Nodes.CFuncDefNode
        The function.

    Returns
    -------
    Nodes.CFuncDeclaratorNode or None
        The declarator that carries its arguments, ``nogil`` and exception
        clause.
    """
    declarator = node.declarator
    while declarator is not None and not isinstance(declarator, Nodes.CFuncDeclaratorNode):
        declarator = getattr(declarator, "base", None)
    return declarator


def is_dunder(name: str) -> bool:
    """Return whether ``name`` is a special name such as ``__init__``."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def is_public_name(name: str | None) -> bool:
    """Return whether ``name`` is public: no leading underscore, or a dunder."""
    return bool(name) and (not name.startswith("_") or is_dunder(name))


def is_python_api(index: TreeIndex, node: Nodes.Node) -> bool:
    """Return whether a definition is part of the module's public Python API.

    Parameters
    ----------
    index : TreeIndex
        The index of the module, whose ``__all__`` says what is exported.
    node : Nodes.Node
        A class or function definition.

    Returns
    -------
    bool
        True for ``class``, ``cdef class``, ``def`` and ``cpdef``
        definitions with a public name (no leading underscore, or a
        dunder) that are not nested in a function, whose enclosing classes
        are all public too. ``cdef`` functions, lambdas and generator
        expressions are never part of it.
    """
    if not _is_python_visible(index, node):
        return False
    outermost = node
    for ancestor in index.ancestors(node):
        if isinstance(ancestor, (FUNCTION_NODES, ExprNodes.LambdaNode, ExprNodes.GeneratorExpressionNode)):
            return False
        if isinstance(ancestor, Nodes.CDefExternNode):
            return False
        if isinstance(ancestor, (Nodes.PyClassDefNode, Nodes.CClassDefNode)):
            if not _is_python_visible(index, ancestor):
                return False
            outermost = ancestor
    exported = exported_names(index)
    return exported is None or nodes.definition_name(outermost) in exported


def exported_names(index: TreeIndex) -> frozenset[str] | None:
    """Return the names a module lists in a literal top-level ``__all__``.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.

    Returns
    -------
    frozenset of str or None
        The listed names, or ``None`` when the module assigns no list or
        tuple of string literals to ``__all__`` (every public name is then
        exported).
    """
    if index._exported is not _UNSET:
        return index._exported
    found = None
    for statement in nodes.flatten(getattr(index.root, "body", None)):
        if (
            isinstance(statement, Nodes.SingleAssignmentNode)
            and isinstance(statement.lhs, ExprNodes.NameNode)
            and statement.lhs.name == "__all__"
            and isinstance(statement.rhs, (ExprNodes.ListNode, ExprNodes.TupleNode))
        ):
            names = [nodes.string_value(item) for item in statement.rhs.args]
            found = frozenset(names) if all(name is not None for name in names) else None
    index._exported = found
    return found


def _is_python_visible(index: TreeIndex, node: Nodes.Node) -> bool:
    """Return whether one definition, ignoring what encloses it, is public and Python-visible."""
    kind = nodes.definition_kind(node)
    if kind not in {"class", "cdef class", "def", "cpdef"}:
        return False
    if isinstance(index.parent(node), (ExprNodes.LambdaNode, ExprNodes.GeneratorExpressionNode)):
        return False
    return is_public_name(nodes.definition_name(node))


def _subtree_ends(above: list[int]) -> list[int]:
    """Return, for each preorder number, the last preorder number of that node's subtree.

    The walk of :class:`TreeIndex` is depth first and enters each node
    once, from the parent recorded for it, so the nodes visited between a
    node and the end of its subtree are exactly its descendants. Going
    through the nodes in reverse preorder finishes every subtree before
    its parent's.

    Parameters
    ----------
    above : list of int
        The preorder number of each node's parent, -1 for the root.

    Returns
    -------
    list of int
        ``ends[i]`` is the largest preorder number in the subtree of the
        node numbered ``i``.
    """
    ends = list(range(len(above)))
    for number in range(len(above) - 1, 0, -1):
        parent = above[number]
        if ends[number] > ends[parent]:
            ends[parent] = ends[number]
    return ends


def _evaluated_outside(scope: Nodes.Node, child: Nodes.Node) -> bool:
    """Return whether ``child`` of a scope node is evaluated in the enclosing scope.

    Decorators, base classes, default values and annotations belong to the
    namespace around a definition, not to its body.
    """
    if isinstance(scope, (Nodes.DefNode, Nodes.CFuncDefNode)):
        return child is not scope.body and not isinstance(child, Nodes.CFuncDeclaratorNode)
    if isinstance(scope, (Nodes.PyClassDefNode, Nodes.CClassDefNode)):
        return child is not scope.body
    return False


def _position(node: Nodes.Node) -> tuple[int, int]:
    """Return a node's (line, column), for sorting."""
    return node.pos[1], node.pos[2]
