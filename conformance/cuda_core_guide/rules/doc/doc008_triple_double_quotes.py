# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC008: docstrings are quoted with triple double quotes.

Every docstring (module, class, function, property) is checked at its
string token; a string prefix such as ``r`` is fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.doc.docstrings import docstrings
from cuda_core_guide.source import SourceFile

__all__ = ["TripleDoubleQuotes"]

_PREFIX_CHARACTERS = "rRuUbBfF"
_WANTED = '"""'


class TripleDoubleQuotes(Rule):
    """Check the quotes that open each docstring."""

    code = "DOC008"
    kinds = frozenset({"py", "pyx", "pxi"})

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
