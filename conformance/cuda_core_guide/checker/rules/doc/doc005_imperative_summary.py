# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC005: function and method summaries start with an imperative verb.

"Return the size.", not "Returns the size.". A first word is reported only
when it is the third-person form of an English verb (see
:mod:`cuda_core_guide.checker.rules.doc.mood`), so nouns such as "Status", "Process"
or "Bytes" are never flagged. Functions and methods of every kind are
checked, private ones included; properties and classes are exempt (their
summaries describe a thing).
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import Docstring
from cuda_core_guide.checker.rules.doc.mood import imperative_of
from cuda_core_guide.source import SourceFile

__all__ = ["ImperativeSummary"]

_PUNCTUATION = ".,:;!?()[]\"'`*"
_LITERAL_MARKS = "`'\"*:([<"


class ImperativeSummary(DocstringRule):
    """Check that function summaries begin with an imperative verb."""

    code = "DOC005"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring is a function's (not a property's) and has a summary."""
        definition = docstring.definition
        if definition is None or not definition.is_function or definition.property_role is not None:
            return False
        return bool(docstring.parsed.summary)

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation if the summary starts with a third-person verb."""
        words = docstring.parsed.summary[0].split()
        if words[0][0] in _LITERAL_MARKS:
            return  # ``Returns``, "Returns", :meth:`...`: not a plain word
        first = words[0].rstrip(_PUNCTUATION)
        following = words[1].strip(_PUNCTUATION) if len(words) > 1 else None
        imperative = imperative_of(first, following)
        if imperative is not None:
            yield Violation(
                *docstring.position(source, 0),
                f"summary of `{docstring.definition.qualified_name}` starts with {first!r}; "
                f"use the imperative {imperative!r}",
            )
