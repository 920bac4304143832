# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CUD003: consecutive driver calls share one ``with nogil:`` block."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import statement_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["GroupNogilBlocks"]

_NOGIL_MANAGERS = frozenset({"nogil", "cython.nogil"})


class GroupNogilBlocks(Rule):
    """Check that two ``with nogil:`` blocks never follow each other directly.

    Two adjacent statements of one body that both release the GIL
    (``with nogil:`` or ``with cython.nogil:``) take and release the GIL
    once more than needed; the second is flagged. Comments and blank lines
    between them do not separate them.
    """

    code = "CUD003"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``with nogil:`` that directly follows another."""
        index = tree_index(source)
        for body in index.of(Nodes.StatListNode):
            if isinstance(index.parent(body), Nodes.StatListNode):
                continue  # its statements are checked with its parent's
            previous = None
            for statement in nodes.flatten(body):
                if _releases_gil(statement) and previous is not None and _releases_gil(previous):
                    line, column = statement_start(source, statement, "with")
                    yield Violation(
                        line,
                        column,
                        f"this `with nogil:` directly follows the one on line {nodes.line_of(previous)}; "
                        "merge them into one block",
                    )
                previous = statement


def _releases_gil(statement: Nodes.Node) -> bool:
    """Return whether a statement is a ``with nogil:`` block."""
    if isinstance(statement, Nodes.GILStatNode):
        return statement.state == "nogil"
    if isinstance(statement, Nodes.WithStatNode):
        manager = statement.manager
        if isinstance(manager, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
            manager = manager.function
        return nodes.dotted_name(manager) in _NOGIL_MANAGERS
    return False
