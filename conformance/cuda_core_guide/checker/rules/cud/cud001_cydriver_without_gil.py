# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CUD001: ``cydriver`` functions are called only without the GIL."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.cud.tree import (
    FUNCTION_NODES,
    TreeIndex,
    expression_start,
    function_declarator,
    tree_index,
)
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CydriverWithoutGil", "gil_holder"]

_NOGIL_MANAGERS = frozenset({"nogil", "cython.nogil"})
_GIL_MANAGERS = frozenset({"gil", "cython.gil"})
_NOGIL_DECORATORS = frozenset({"nogil", "cython.nogil"})
_WITH_GIL_DECORATORS = frozenset({"with_gil", "cython.with_gil"})
_PRANGE = frozenset({"prange", "cython.parallel.prange", "parallel.prange"})


class CydriverWithoutGil(Rule):
    """Check that every ``cydriver`` call runs with the GIL released.

    A call is without the GIL inside ``with nogil:`` (or
    ``with cython.nogil:``, or a ``prange(..., nogil=True)`` loop) and
    in the body of a function declared ``nogil``, unless a ``with gil:``
    block (or a function declared ``with gil``) takes the GIL back in
    between. Names cimported from ``cuda.bindings.cydriver`` and aliases
    of the module count as ``cydriver``.
    """

    code = "CUD001"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``cydriver`` call made while holding the GIL."""
        index = tree_index(source)
        for call in bindings_of(source).calls():
            if call.module != "cydriver":
                continue
            holder = gil_holder(index, call.node)
            if holder is None:
                continue
            line, column = expression_start(call.node)
            yield Violation(line, column, f"`{call.name}` is called {holder}; call it inside `with nogil:`")


def gil_holder(index: TreeIndex, node: Nodes.Node) -> str | None:
    """Return what makes ``node`` run with the GIL held, or ``None`` if it runs without it.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    node : Nodes.Node
        A statement or expression of the file.

    Returns
    -------
    str or None
        A phrase such as ``inside `with gil:``` for messages, or ``None``
        when ``node`` runs inside ``with nogil:``, a ``nogil`` ``prange``
        loop or a function declared ``nogil``.
    """
    child = node
    for ancestor in index.ancestors(node):
        if isinstance(ancestor, Nodes.GILStatNode) and child is ancestor.body:
            return None if ancestor.state == "nogil" else "inside `with gil:`"
        if isinstance(ancestor, Nodes.WithStatNode) and child is ancestor.body:
            manager = _manager_name(ancestor.manager)
            if manager in _NOGIL_MANAGERS:
                return None
            if manager in _GIL_MANAGERS:
                return "inside `with gil:`"
        if isinstance(ancestor, Nodes.ForInStatNode) and child is ancestor.body and _is_nogil_prange(ancestor):
            return None
        if isinstance(ancestor, FUNCTION_NODES) and child is ancestor.body:
            return _function_holder(ancestor)
        if isinstance(ancestor, ExprNodes.LambdaNode):
            return "in a lambda, which holds the GIL"
        child = ancestor
    return "at module level, where the GIL is held"


def _function_holder(function: Nodes.Node) -> str | None:
    """Return why a function's body holds the GIL, or ``None`` if it is declared ``nogil``."""
    name = nodes.definition_name(function) or "?"
    decorators = set(nodes.decorator_names(function))
    if decorators & _WITH_GIL_DECORATORS:
        return f"in `{name}`, which is declared `with gil`"
    if isinstance(function, Nodes.CFuncDefNode):
        declarator = function_declarator(function)
        if declarator is not None and declarator.with_gil:
            return f"in `{name}`, which is declared `with gil`"
        if (declarator is not None and declarator.nogil) or decorators & _NOGIL_DECORATORS:
            return None
    return f"in `{name}`, which holds the GIL"


def _manager_name(manager: Nodes.Node) -> str | None:
    """Return the dotted name of a ``with`` statement's manager, calls unwrapped."""
    if isinstance(manager, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        manager = manager.function
    return nodes.dotted_name(manager)


def _is_nogil_prange(loop: Nodes.ForInStatNode) -> bool:
    """Return whether a ``for`` loop iterates ``prange(..., nogil=True)``."""
    iterator = getattr(loop, "iterator", None)
    sequence = getattr(iterator, "sequence", iterator)
    if not isinstance(sequence, ExprNodes.GeneralCallNode) or nodes.dotted_name(sequence.function) not in _PRANGE:
        return False
    keywords = sequence.keyword_args
    for item in getattr(keywords, "key_value_pairs", None) or ():
        if nodes.string_value(item.key) == "nogil":
            value = item.value
            return isinstance(value, ExprNodes.BoolNode) and bool(value.value)
    return False
