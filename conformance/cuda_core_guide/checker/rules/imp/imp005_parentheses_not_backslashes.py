# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP005: a multi-line import wraps its names in parentheses, not backslashes."""

from __future__ import annotations

import tokenize
from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.imp.tokens import import_statements, render
from cuda_core_guide.source import SourceFile

__all__ = ["ParenthesesNotBackslashes"]


class ParenthesesNotBackslashes(Rule):
    """Check every import statement in the file for a backslash line continuation.

    A continuation shows in the tokens as a token that starts on a later
    line than the previous one ended, outside any brackets.
    """

    code = "IMP005"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each import continued with a backslash."""
        for statement in import_statements(source):
            if _continues_with_backslash(statement):
                first = statement[0]
                yield Violation(
                    first.start[0],
                    first.start[1] + 1,
                    f"`{render(statement)}` continues with a backslash; wrap the names in parentheses",
                )


def _continues_with_backslash(statement: list[tokenize.TokenInfo]) -> bool:
    """Return whether a line break outside brackets separates two tokens of the statement."""
    depth = 0
    for previous, token in zip(statement, statement[1:], strict=False):
        if previous.type == tokenize.OP:
            depth += {"(": 1, ")": -1}.get(previous.string, 0)
        if depth == 0 and token.start[0] > previous.end[0]:
            return True
    return False
