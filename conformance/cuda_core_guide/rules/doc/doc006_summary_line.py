# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC006: the summary is one line, starts with a capital letter and ends with a period.

The summary is numpydoc's: the docstring's first paragraph. Every docstring
is checked (module, class, function, property; public or private). A first
word that is an identifier or a brand (``cuda.core``, ``nvJitLink``,
``device_id``) may start in lowercase; one that is not a letter
(````Buffer````) is left alone. A type prefix (``int: The size.``, ``int :
The size.``) is reported as such. Each problem is its own finding.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.doc.docstrings import docstrings
from cuda_core_guide.source import SourceFile

__all__ = ["SummaryLine"]

_SHOWN = 40


class SummaryLine(Rule):
    """Check the shape of each docstring's summary."""

    code = "DOC006"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield violations for empty, missing, wrapped, lowercase or unpunctuated summaries."""
        for docstring in docstrings(source):
            if docstring.is_suppressed(source, self.code):
                continue
            position = docstring.position(source, 0)
            summary = docstring.parsed.summary
            if not docstring.text.strip():
                yield Violation(*position, f"the {docstring.label} is empty")
                continue
            if not summary:
                yield Violation(*position, f"the {docstring.label} has no summary line before its first section")
                continue
            if len(summary) > 1:
                yield Violation(
                    *position,
                    f"the summary of the {docstring.label} spans {len(summary)} lines; "
                    "write one line, and move details to a paragraph below",
                )
            words = summary[0].split()
            first_word = words[0]
            prefix = _type_prefix(words)
            if prefix is not None:
                yield Violation(
                    *position,
                    f"the summary of the {docstring.label} starts with the type prefix {prefix!r}; "
                    "write a capitalised sentence (a Returns section can give the type)",
                )
            elif first_word[0].isalpha() and first_word[0].islower() and not _is_identifier_like(first_word):
                yield Violation(*position, f"the summary of the {docstring.label} starts in lowercase: {first_word!r}")
            text = " ".join(summary)
            if not text.endswith("."):
                shown = text if len(text) <= _SHOWN else "..." + text[-_SHOWN:]
                yield Violation(
                    *position, f"the summary of the {docstring.label} does not end with a period: {shown!r}"
                )


def _type_prefix(words: list[str]) -> str | None:
    """Return a leading ``int:`` or ``int :`` type prefix (Google or attribute style), if any."""
    if len(words) < 2 or not words[0][0].islower():
        return None
    if words[0].endswith(":"):
        return words[0]
    if words[1] == ":" and len(words) > 2:
        return f"{words[0]} :"
    return None


def _is_identifier_like(word: str) -> bool:
    """Return whether a lowercase-initial word is a name that keeps its case (``nvJitLink``, ``cuda.core``)."""
    return any(c.isupper() or c.isdigit() or c in "._()" for c in word)
