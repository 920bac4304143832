# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC007: sections are numpydoc's (a header underlined with dashes), not Google style.

A Google-style header is a section keyword and a colon alone on a line at the
docstring's own indentation (``Args:``, ``Returns:``, ``Example:``...).
Prose such as "Note: the handle is borrowed." is not a header, nor is a reST
literal-block marker (``Example::``), nor a colon header that has an
underline (DOC002 reports that one's name).
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import Docstring
from cuda_core_guide.source import SourceFile

__all__ = ["GoogleSections"]

_GOOGLE_SECTIONS = {
    "Args": "Parameters",
    "Arguments": "Parameters",
    "Parameters": "Parameters",
    "Params": "Parameters",
    "Keyword Args": "Other Parameters",
    "Keyword Arguments": "Other Parameters",
    "Other Parameters": "Other Parameters",
    "Return": "Returns",
    "Returns": "Returns",
    "Yield": "Yields",
    "Yields": "Yields",
    "Raise": "Raises",
    "Raises": "Raises",
    "Warns": "Warns",
    "Attributes": "Attributes",
    "Methods": "Methods",
    "Example": "Examples",
    "Examples": "Examples",
    "Note": "Notes",
    "Notes": "Notes",
    "Warning": "Warnings",
    "Warnings": "Warnings",
    "See Also": "See Also",
    "References": "References",
}
"""Google-style section keywords, and the numpydoc section each one becomes."""


class GoogleSections(DocstringRule):
    """Check docstrings for Google-style section headers."""

    code = "DOC007"

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation for each Google-style section header."""
        lines = docstring.parsed.lines
        for index, line in enumerate(lines):
            if not line.endswith(":") or line.endswith("::") or line[:1].isspace():
                continue
            section = _GOOGLE_SECTIONS.get(line[:-1].strip())
            following = lines[index + 1].strip() if index + 1 < len(lines) else ""
            if section is None or (following and set(following) <= {"-", "="}):
                continue
            yield Violation(
                *docstring.position(source, index),
                f"Google-style section {line.strip()!r} in the {docstring.label}; "
                f"write a numpydoc {section!r} section: the name, then a line of dashes",
            )
