# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What a function's own body does, for the rules that compare it with its docstring (DOC011, DOC012).

A function's own body excludes the bodies of the functions, lambdas and
classes defined inside it: what they return or raise is theirs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.nam.case import is_cap_words
from cuda_core_guide.source import nodes

__all__ = ["Raised", "own_nodes", "raised_classes", "result_kind"]

_NESTED = (Nodes.DefNode, Nodes.CFuncDefNode, ExprNodes.LambdaNode, Nodes.PyClassDefNode, Nodes.CClassDefNode)
_CATCH_ALL = frozenset({"Exception", "BaseException"})


@dataclasses.dataclass(frozen=True)
class Raised:
    """An exception class that a ``raise`` statement of the function raises.

    Parameters
    ----------
    name : str
        The class's name, without its module (``CUDAError``).
    statement : Nodes.Node
        The ``raise`` statement.
    """

    name: str
    statement: Nodes.Node


def own_nodes(function: Nodes.Node) -> Iterator[Nodes.Node]:
    """Yield the nodes of a function's own body, in no particular order.

    Parameters
    ----------
    function : Nodes.Node
        A ``def``, ``cdef`` or ``cpdef`` function.

    Yields
    ------
    Nodes.Node
        Every node of its body, except those of nested functions, lambdas
        and classes.
    """
    stack = [getattr(function, "body", None)]
    while stack:
        node = stack.pop()
        if node is None or isinstance(node, _NESTED):
            continue
        yield node
        stack.extend(nodes.children(node))


def result_kind(function: Nodes.Node) -> str | None:
    """Return how a function hands back a value: ``"yields"``, ``"returns"`` or ``None``.

    Parameters
    ----------
    function : Nodes.Node
        A function.

    Returns
    -------
    str or None
        ``"yields"`` for a generator (a ``yield`` in its own body),
        ``"returns"`` for a ``return`` with a value other than ``None``, and
        ``None`` otherwise, and always for a function annotated ``-> None``.
    """
    annotation = getattr(function, "return_type_annotation", None)
    if annotation is not None and isinstance(getattr(annotation, "expr", None), ExprNodes.NoneNode):
        return None
    kind = None
    for node in own_nodes(function):
        if isinstance(node, ExprNodes.YieldExprNode):
            return "yields"
        if isinstance(node, Nodes.ReturnStatNode) and not isinstance(node.value, (ExprNodes.NoneNode, type(None))):
            kind = "returns"
    return kind


def raised_classes(function: Nodes.Node) -> list[Raised]:
    """Return the exception classes a function's own ``raise`` statements let escape, in source order.

    A ``raise`` counts when it names a class in CapWords (``raise
    ValueError(...)``, ``raise errors.CUDAError``) and no ``try`` around it
    in the function catches that class, ``Exception`` or everything. A bare
    ``raise``, a raised variable and an exception built by a function call
    (``raise _failure(...)``) name no class and do not count, nor does
    ``NotImplementedError``, which marks a method for subclasses to
    provide rather than an error a caller handles.

    Parameters
    ----------
    function : Nodes.Node
        A function.

    Returns
    -------
    list of Raised
        Each class once, at its first ``raise``.
    """
    parents: dict[int, Nodes.Node] = {}
    raises = []
    stack = [(getattr(function, "body", None), function)]
    while stack:
        node, parent = stack.pop()
        if node is None or isinstance(node, _NESTED):
            continue
        parents[id(node)] = parent
        if isinstance(node, Nodes.RaiseStatNode) and node.exc_type is not None:
            raises.append(node)
        stack.extend((child, node) for child in nodes.children(node))
    found: dict[str, Raised] = {}
    for statement in sorted(raises, key=lambda node: (node.pos[1], node.pos[2])):
        name = _class_name(statement.exc_type)
        if name is None or name == "NotImplementedError" or name in found:
            continue
        if not _caught(parents, statement, name):
            found[name] = Raised(name, statement)
    return list(found.values())


def _class_name(expr: Nodes.Node | None) -> str | None:
    """Return the CapWords class name a raised expression names, if it names one."""
    if isinstance(expr, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        expr = expr.function
    name = nodes.dotted_name(expr)
    if name is None:
        return None
    last = name.rpartition(".")[2]
    return last if is_cap_words(last) and not last.isupper() else None


def _caught(parents: dict[int, Nodes.Node], statement: Nodes.Node, name: str) -> bool:
    """Return whether a ``try`` around ``statement``, in its function, catches class ``name``."""
    child = statement
    parent = parents.get(id(child))
    while parent is not None:
        if isinstance(parent, Nodes.TryExceptStatNode) and child is parent.body:
            for clause in parent.except_clauses:
                patterns = clause.pattern or []
                if not patterns:
                    return True
                caught = {(nodes.dotted_name(item) or "").rpartition(".")[2] for p in patterns for item in _items(p)}
                if name in caught or caught & _CATCH_ALL:
                    return True
        child, parent = parent, parents.get(id(parent))
    return False


def _items(pattern: Nodes.Node) -> list[Nodes.Node]:
    """Return the classes an ``except`` pattern names, one or a tuple."""
    if isinstance(pattern, ExprNodes.TupleNode):
        return list(pattern.args)
    return [pattern]
