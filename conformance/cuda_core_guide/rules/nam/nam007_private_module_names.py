# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM007: module-level names left out of ``__all__`` carry a leading underscore.

The rule reads names that a top-level assignment binds (``x = ...``,
``x: T = ...``, ``a = b = ...``, tuple targets). Classes and functions are
left to FIL004, which asks for every public definition to be listed;
imports, C-level declarations (``cdef`` variables, which a module object does
not have), special names (``__version__``) and names a top-level ``del``
removes are exempt. Only an ``__all__`` that is exactly a list or tuple of
string literals is trusted: without one, the module's exports are unknown.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import dunder_all, is_dunder

__all__ = ["PrivateModuleNames"]


class PrivateModuleNames(Rule):
    """Check that names assigned at module level and missing from ``__all__`` start with ``_``."""

    code = "NAM007"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at the first assignment of each unexported name without an underscore."""
        declaration = dunder_all(source)
        if declaration is None or not declaration.is_exact:
            return
        skipped = set(declaration.names) | _deleted_names(source)
        for stat in source.body:
            for target in _assigned_names(stat):
                name = target.name
                if name.startswith("_") or is_dunder(name) or name in skipped:
                    continue
                skipped.add(name)
                yield Violation(
                    nodes.line_of(target),
                    nodes.column_of(target),
                    f"module-level name `{name}` is not in `__all__`; rename it `_{name}`, or list it if it is public",
                )


def _assigned_names(stat: Nodes.Node) -> list[ExprNodes.NameNode]:
    """Return the name targets of a top-level assignment that is not an import."""
    if isinstance(stat, Nodes.SingleAssignmentNode):
        targets = [stat.lhs]
    elif isinstance(stat, Nodes.CascadedAssignmentNode):
        targets = list(stat.lhs_list)
    else:
        return []
    if isinstance(stat.rhs, ExprNodes.ImportNode):
        return []
    names = []
    while targets:
        target = targets.pop()
        if isinstance(target, ExprNodes.NameNode):
            names.append(target)
        elif isinstance(target, (ExprNodes.TupleNode, ExprNodes.ListNode)):
            targets.extend(target.args)
        elif isinstance(target, ExprNodes.StarredUnpackingNode):
            targets.append(target.target)
    return sorted(names, key=lambda n: (nodes.line_of(n), nodes.column_of(n)))


def _deleted_names(source: SourceFile) -> set[str]:
    """Return the names a top-level ``del`` removes from the module."""
    names = set()
    for stat in source.body:
        if isinstance(stat, Nodes.DelStatNode):
            names.update(arg.name for arg in stat.args if isinstance(arg, ExprNodes.NameNode))
    return names
