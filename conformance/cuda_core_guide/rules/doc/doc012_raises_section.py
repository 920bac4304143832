# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC012: a public function lists in its Raises section the exceptions it raises itself.

Only docstrings that already have a numpydoc section are held to it, as for
DOC011. The exceptions are those that the function's own ``raise``
statements name and let escape
(:func:`~cuda_core_guide.rules.doc.bodies.raised_classes`): exceptions that
callees raise cannot be seen from the code, and a Raises section may list
them too. An exception counts as listed when its class name appears, as a
word, in an entry of the section. The finding is at the ``raise``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.doc.bodies import raised_classes
from cuda_core_guide.rules.doc.docstrings import docstrings, has_sections, numpydoc_sections
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["RaisesSection"]


class RaisesSection(Rule):
    """Check that each exception a function raises itself is listed in its Raises section."""

    code = "DOC012"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at the first ``raise`` of each exception the Raises section leaves out."""
        for docstring in docstrings(source):
            definition = docstring.definition
            if definition is None or not definition.is_public or not definition.is_function:
                continue
            if not has_sections(docstring.parsed) or docstring.is_suppressed(source, self.code):
                continue
            raised = raised_classes(definition.node)
            if not raised:
                continue
            parsed = numpydoc_sections(docstring.text)
            entries = parsed["Raises"] if parsed is not None else []
            listed = " ".join(f"{entry.name} {entry.type}" for entry in entries)
            for item in raised:
                if re.search(rf"\b{re.escape(item.name)}\b", listed):
                    continue
                where = "its Raises section does not list it" if entries else "its docstring has no Raises section"
                yield Violation(
                    nodes.line_of(item.statement),
                    nodes.column_of(item.statement),
                    f"`{definition.qualified_name}` raises `{item.name}`, but {where}; add it, with when it is raised",
                )
