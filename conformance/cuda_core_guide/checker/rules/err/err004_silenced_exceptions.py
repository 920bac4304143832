# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR004: broad exceptions are never silenced."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["SilencedExceptions"]

_BROAD = frozenset({"Exception", "BaseException"})


class SilencedExceptions(Rule):
    """Check that no handler of every exception does nothing.

    A bare ``except:``, ``except Exception:`` or ``except BaseException:``
    (also within a tuple of classes) whose body is only ``pass``, ``...``
    or ``continue`` hides every failure, CUDA errors included.
    """

    code = "ERR004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each broad handler whose body does nothing."""
        for clause in tree_index(source).of(Nodes.ExceptClauseNode):
            caught = _broad_class(clause)
            if caught is None:
                continue
            body = nodes.flatten(clause.body)
            if body and all(_does_nothing(statement) for statement in body):
                written = "except:" if caught == "" else f"except {caught}:"
                yield Violation.at(
                    clause,
                    f"`{written}` silences every error; handle it, warn, or catch a specific exception",
                )


def _broad_class(clause: Nodes.ExceptClauseNode) -> str | None:
    """Return ``""`` for a bare ``except:``, the broad class it names, or ``None``."""
    patterns = clause.pattern or []
    if not patterns:
        return ""
    for pattern in patterns:
        name = nodes.dotted_name(pattern)
        if name is not None and name.rpartition(".")[2] in _BROAD:
            return name
    return None


def _does_nothing(statement: Nodes.Node) -> bool:
    """Return whether a statement is ``pass``, ``...`` or ``continue``."""
    if isinstance(statement, (Nodes.PassStatNode, Nodes.ContinueStatNode)):
        return True
    return isinstance(statement, Nodes.ExprStatNode) and isinstance(statement.expr, ExprNodes.EllipsisNode)
