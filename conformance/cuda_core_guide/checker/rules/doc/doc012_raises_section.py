# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC012: a public function lists in its Raises section the exceptions it raises itself.

Only docstrings that already have a numpydoc section are held to it, as for
DOC011. The exceptions are those that the function's own ``raise``
statements name and let escape
(:func:`~cuda_core_guide.checker.rules.doc.bodies.raised_classes`): exceptions that
callees raise cannot be seen from the code, and a Raises section may list
them too. An exception counts as listed when its class name appears, as a
word, in an entry of the section. The finding is at the ``raise``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.bodies import raised_classes
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import Docstring, has_sections, numpydoc_sections
from cuda_core_guide.source import SourceFile

__all__ = ["RaisesSection"]


class RaisesSection(DocstringRule):
    """Check that each exception a function raises itself is listed in its Raises section."""

    code = "DOC012"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring with sections documents a public function."""
        definition = docstring.definition
        if definition is None or not definition.is_public or not definition.is_function:
            return False
        return has_sections(docstring.parsed)

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation at the first ``raise`` of each exception the Raises section leaves out."""
        definition = docstring.definition
        raised = raised_classes(definition.node)
        if not raised:
            return
        parsed = numpydoc_sections(docstring.text)
        entries = parsed["Raises"] if parsed is not None else []
        listed = " ".join(f"{entry.name} {entry.type}" for entry in entries)
        for item in raised:
            if re.search(rf"\b{re.escape(item.name)}\b", listed):
                continue
            where = "its Raises section does not list it" if entries else "its docstring has no Raises section"
            yield Violation.at(
                item.statement,
                f"`{definition.qualified_name}` raises `{item.name}`, but {where}; add it, with when it is raised",
            )
