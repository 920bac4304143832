# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC003: each section header is underlined with dashes, exactly as long as the header.

numpydoc takes a line of ``-`` or ``=`` at least as long as the header for
an underline: it ignores a header whose underline is shorter (the section
turns into plain text) and warns about one that is longer. The guide writes
dashes of the header's length, so ``=`` is flagged too, on a section name
numpydoc knows (an unknown title underlined with ``=`` is left to DOC002).
A numpydoc section name standing alone on a line, with
its content right below, lacks its underline altogether.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import SECTION_ORDER, Docstring, normalized_title
from cuda_core_guide.source import SourceFile

__all__ = ["SectionUnderlines"]


class SectionUnderlines(DocstringRule):
    """Check the underline of every docstring section header."""

    code = "DOC003"

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation for each missing, mis-drawn or mis-sized underline."""
        for header in docstring.parsed.headers:
            title, underline = header.title, header.underline
            wanted = "-" * len(title)
            if underline is None:
                yield Violation(
                    *docstring.position(source, header.index),
                    f"section {title!r} of the {docstring.label} has no underline; add `{wanted}` under it",
                )
            elif set(underline) != {"-"}:
                if normalized_title(title) not in SECTION_ORDER:
                    continue  # a reST title; DOC002 reports the unknown section
                yield Violation(
                    *docstring.position(source, header.index + 1),
                    f"section {title!r} of the {docstring.label} is underlined with {underline[0]!r}; "
                    f"use dashes: `{wanted}`",
                )
            elif len(underline) != len(title):
                yield Violation(
                    *docstring.position(source, header.index + 1),
                    f"underline of section {title!r} in the {docstring.label} has {len(underline)} dashes; "
                    f"the header has {len(title)} characters",
                )
