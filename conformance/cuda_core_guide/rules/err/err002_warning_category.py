# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR002: every warning names its category."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.tree import call_function, expression_start
from cuda_core_guide.rules.err.calls import call_arguments, warn_calls
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
        for call, name in warn_calls(source):
            arguments = call_arguments(call)
            if arguments.has_star or arguments.has_starstar or "category" in arguments.keywords:
                continue
            if len(arguments.positional) > _CATEGORY_POSITION:
                continue
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
