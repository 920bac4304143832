# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""MEM001: classes that release resources when collected also offer ``close()``."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import definition_position, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CloseMethod"]

_FINALIZERS = ("__dealloc__", "__del__")
_CLOSE = "close"
_ROOT_BASES = frozenset({"object"})


class CloseMethod(Rule):
    """Check that a class with ``__dealloc__`` or ``__del__`` has a ``close()`` method.

    ``close`` counts when the class or one of its base classes defines it
    as a ``def`` or ``cpdef`` method or assigns it in the class body. A
    class with a base class defined outside the file is not flagged: the
    base may provide ``close``.
    """

    code = "MEM001"
    kinds = frozenset({"pyx", "pxi", "py"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each finalizing class without ``close``."""
        classes = {}
        for node in tree_index(source).of(Nodes.CClassDefNode, Nodes.PyClassDefNode):
            classes.setdefault(nodes.definition_name(node), node)
        for name, node in classes.items():
            finalizer = next((f for f in _FINALIZERS if f in _members(node)), None)
            if finalizer is None or _has_close(node, classes, set()) is not False:
                continue
            line, column = definition_position(source, node, name)
            yield Violation(
                line,
                column,
                f"class `{name}` releases resources in `{finalizer}` but has no `close()` method to release them "
                "on demand",
            )


def _has_close(node: Nodes.Node, classes: dict[str, Nodes.Node], seen: set[str]) -> bool | None:
    """Return whether a class or its bases define ``close``; ``None`` when a base is unknown."""
    if _CLOSE in _members(node):
        return True
    unknown = False
    for base in _base_names(node):
        if base in _ROOT_BASES or base in seen:
            continue
        seen.add(base)
        parent = classes.get(base)
        if parent is None:
            unknown = True
            continue
        found = _has_close(parent, classes, seen)
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


def _members(node: Nodes.Node) -> set[str]:
    """Return the names a class body defines with ``def``/``cpdef`` or assigns."""
    names = set()
    for statement in nodes.flatten(node.body):
        kind = nodes.definition_kind(statement)
        if kind in {"def", "cpdef"}:
            names.add(nodes.definition_name(statement))
        elif isinstance(statement, Nodes.SingleAssignmentNode) and isinstance(statement.lhs, ExprNodes.NameNode):
            names.add(statement.lhs.name)
    return names


def _base_names(node: Nodes.Node) -> list[str]:
    """Return the written names of a class's bases (``mod.Base`` as written)."""
    bases = getattr(node, "bases", None)
    result = []
    for base in getattr(bases, "args", None) or ():
        name = nodes.dotted_name(base)
        result.append(name if name is not None else "<expression>")
    return result
