# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC008: docstrings are quoted with triple double quotes.

Every docstring (module, class, function, property) is checked at its
string token; a string prefix such as ``r`` is fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation, offset_of
from cuda_core_guide.checker.rules.doc.docstrings import docstrings
from cuda_core_guide.source import SourceFile

__all__ = ["TripleDoubleQuotes"]

_PREFIX_CHARACTERS = "rRuUbBfF"
# A prefix that makes the string no docstring at all: what it means is not for a fix to settle.
_NOT_DOCSTRING_PREFIXES = frozenset("bBfF")
_WANTED = '"""'


class TripleDoubleQuotes(Rule):
    """Check the quotes that open each docstring."""

    code = "DOC008"
    kinds = frozenset({"py", "pyx", "pxi"})
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each docstring not opened with triple double quotes."""
        for docstring in docstrings(source):
            token = docstring.token
            if token is None:
                continue
            body = token.string.lstrip(_PREFIX_CHARACTERS)
            quotes = body[:3] if body[:3] in ('"""', "'''") else body[:1]
            if quotes != _WANTED:
                yield Violation(
                    token.start[0],
                    token.start[1] + 1,
                    f"the {docstring.label} is quoted with `{quotes}`; use `{_WANTED}`",
                )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Requote the docstring at the violation with triple double quotes, when its text allows.

        The characters between the quotes are kept as they are, so every
        escape means what it meant; a text that holds three double quotes in a
        row, or ends with one, would close the new quotes early, and is left
        alone.
        """
        for docstring in docstrings(source):
            token = docstring.token
            if token is not None and (token.start[0], token.start[1] + 1) == (violation.line, violation.column):
                return _requoted(source, token.string, token.start, token.end)
        return None


def _requoted(source: SourceFile, string: str, start: tuple[int, int], end: tuple[int, int]) -> Fix | None:
    """Return the fix that rewrites one string token with triple double quotes, or ``None`` if unsafe."""
    body = string.lstrip(_PREFIX_CHARACTERS)
    prefix = string[: len(string) - len(body)]
    if _NOT_DOCSTRING_PREFIXES.intersection(prefix):
        return None
    quotes = body[:3] if body[:3] in ('"""', "'''") else body[:1]
    if len(body) < 2 * len(quotes) or not body.endswith(quotes):
        return None
    content = body[len(quotes) : len(body) - len(quotes)]
    if _WANTED in content or content.endswith('"'):
        return None
    first = offset_of(source, start[0], start[1])
    last = offset_of(source, end[0], end[1])
    return Fix.replace(first, last, f"{prefix}{_WANTED}{content}{_WANTED}")
