# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CMT005: types are written as annotations, not as type comments.

A type comment is PEP 484's ``# type: <type>`` (``x = []  # type:
list[int]``, ``# type: (int) -> str`` under a ``def``). Every place one can
stand takes an annotation in the Python and Cython versions ``cuda.core``
supports, so the rule reports each of them. ``# type: ignore`` (with or
without a bracketed list of codes) tells a type checker to pass over a
line; it is a suppression, not a type, and is left to CMT002's care for
suppressions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile

__all__ = ["TypeComments"]

_TYPE_COMMENT = re.compile(r"#\s*type:\s*(?P<type>\S.*)")
_IGNORE = re.compile(r"ignore(\[|\s|$)")


class TypeComments(Rule):
    """Check that no comment gives a type that an annotation could give."""

    code = "CMT005"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``# type:`` comment that is not ``# type: ignore``."""
        for line, token in sorted(source.tokens.comments.items()):
            match = _TYPE_COMMENT.match(token.string)
            if match is None or _IGNORE.match(match.group("type")):
                continue
            written = match.group("type").strip()
            yield Violation(
                line,
                token.start[1] + 1,
                f"`# type: {written}` is a type comment; write the type as an annotation",
            )
