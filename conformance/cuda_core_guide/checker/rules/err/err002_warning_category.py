# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR002: every warning names its category."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import call_function, expression_start
from cuda_core_guide.checker.rules.err.calls import warn_calls_without
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["WarningCategory"]

_CATEGORY_POSITION = 1


class WarningCategory(Rule):
    """Check that ``warnings.warn`` calls pass a category.

    ``category=...`` or a second positional argument both count, and so
    does a message that is itself a warning instance
    (``warn(DeprecationWarning("..."))``), whose class is the category. A
    call that unpacks ``*args`` or ``**kwargs`` is not flagged.
    """

    code = "ERR002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``warnings.warn`` call that leaves the category out."""
        for call, name, arguments in warn_calls_without(source, "category", _CATEGORY_POSITION):
            message = arguments.positional[0] if arguments.positional else arguments.keywords.get("message")
            if message is not None and _is_warning_instance(message):
                continue
            line, column = expression_start(call)
            yield Violation(
                line, column, f"`{name}()` has no category; pass `UserWarning`, `DeprecationWarning` or another"
            )


def _is_warning_instance(node: Nodes.Node) -> bool:
    """Return whether ``node`` constructs a warning, such as ``UserWarning("...")``."""
    if not isinstance(node, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        return False
    name = nodes.dotted_name(call_function(node))
    return name is not None and name.rpartition(".")[2].endswith("Warning")
