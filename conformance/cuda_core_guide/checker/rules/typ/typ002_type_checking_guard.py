# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TYP002: imports are not guarded with ``TYPE_CHECKING``.

Any ``if``/``elif`` clause whose condition is ``TYPE_CHECKING`` or an
attribute of that name (``typing.TYPE_CHECKING``), at any depth, is
reported at the start of the condition.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["TypeCheckingGuard"]

_GUARD = "TYPE_CHECKING"


class TypeCheckingGuard(Rule):
    """Check for ``if TYPE_CHECKING:`` blocks."""

    code = "TYP002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``TYPE_CHECKING`` condition."""
        for node in source.nodes:
            if not isinstance(node, Nodes.IfClauseNode):
                continue
            condition = node.condition
            name = nodes.dotted_name(condition)
            if name is not None and name.rpartition(".")[2] == _GUARD and _is_name(condition):
                yield Violation.at(
                    node,
                    f"`if {name}:` guards imports; import the types normally "
                    "(`from __future__ import annotations` makes forward references work)",
                )


def _is_name(expr: ExprNodes.ExprNode) -> bool:
    """Return whether ``expr`` is a plain name or attribute chain."""
    return isinstance(expr, ExprNodes.NameNode | ExprNodes.AttributeNode)
