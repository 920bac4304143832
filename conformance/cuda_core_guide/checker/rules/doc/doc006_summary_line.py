# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC006: the summary is one line, starts with a capital letter and ends with a period.

The summary is numpydoc's: the docstring's first paragraph. Every docstring
is checked (module, class, function, property; public or private). A first
word that is an identifier or a brand (``cuda.core``, ``nvJitLink``,
``device_id``) may start in lowercase; one that is not a letter
(````Buffer````) is left alone. A type prefix (``int: The size.``, ``int :
The size.``) is reported as such. One finding per docstring names every
problem of its summary.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import Docstring
from cuda_core_guide.source import SourceFile

__all__ = ["SummaryLine"]

_SHOWN = 40


class SummaryLine(DocstringRule):
    """Check the shape of each docstring's summary."""

    code = "DOC006"

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield one violation per docstring whose summary is empty, missing, wrapped, lowercase or unpunctuated."""
        position = docstring.position(source, 0)
        summary = docstring.parsed.summary
        if not docstring.text.strip():
            yield Violation(*position, f"the {docstring.label} is empty")
            return
        if not summary:
            yield Violation(*position, f"the {docstring.label} has no summary line before its first section")
            return
        problems = _problems(summary, _is_property(docstring))
        if problems:
            yield Violation(*position, f"the summary of the {docstring.label} {_joined(problems)}")


def _problems(summary: list[str], is_property: bool) -> list[str]:
    """Return what is wrong with a summary, each as a clause with its remedy."""
    problems = []
    if len(summary) > 1:
        problems.append(f"spans {len(summary)} lines; write one line, and move details to a paragraph below")
    words = summary[0].split()
    prefix = _type_prefix(words)
    if prefix is not None:
        # A property documents its type in its annotation; a Returns section
        # is for functions.
        where = "the property's annotation gives the type" if is_property else "a Returns section can give the type"
        problems.append(f"starts with the type prefix {prefix!r}; write a capitalised sentence ({where})")
    elif words[0][0].isalpha() and words[0][0].islower() and not _is_identifier_like(words[0]):
        problems.append(f"starts in lowercase: {words[0]!r}")
    text = " ".join(summary)
    if not text.endswith("."):
        shown = text if len(text) <= _SHOWN else "..." + text[-_SHOWN:]
        problems.append(f"does not end with a period: {shown!r}")
    return problems


def _joined(problems: list[str]) -> str:
    """Join clauses as ``a``, ``a and b`` or ``a, b and c``; each already says what to do."""
    if len(problems) == 1:
        return problems[0]
    return "; ".join(problems[:-1]) + "; and it " + problems[-1]


def _is_property(docstring: Docstring) -> bool:
    """Return whether a docstring documents a property (its getter, or a ``property x:`` block)."""
    return docstring.definition is not None and docstring.definition.property_role is not None


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
