# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR005: raised exceptions have a specific type."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["SpecificExceptions"]

_GENERIC = frozenset({"Exception", "BaseException"})


class SpecificExceptions(Rule):
    """Check that no ``raise`` statement raises ``Exception`` or ``BaseException`` itself.

    Both ``raise Exception(...)`` and ``raise Exception`` are flagged; a
    subclass (``ValueError``, ``CUDAError``) says what went wrong and can
    be caught on its own.
    """

    code = "ERR005"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``raise`` of a generic exception class."""
        for statement in tree_index(source).of(Nodes.RaiseStatNode):
            raised = statement.exc_type
            if isinstance(raised, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
                raised = raised.function
            name = nodes.dotted_name(raised)
            if name is not None and name.rpartition(".")[2] in _GENERIC:
                yield Violation.at(
                    statement,
                    f"`raise {name}` is too generic; raise a specific class such as `ValueError` or `CUDAError`",
                )
