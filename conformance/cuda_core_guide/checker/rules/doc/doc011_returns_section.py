# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC011: a public function that returns a value documents it in a Returns (or Yields) section.

Only docstrings that already have a numpydoc section are held to it: a
docstring that is a summary (and perhaps a description) is the brief form
the guide allows for simple APIs. Properties are exempt (the property's
summary says what the value is), and so are constructors (``__init__``,
``__cinit__``, ``__new__``). A function returns a value when its own body
has a ``return`` with a value other than ``None``, or a ``yield``, and it
is not annotated ``-> None``.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.bodies import result_kind
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import Docstring, has_sections
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import Definition

__all__ = ["ReturnsSection"]

_CONSTRUCTORS = frozenset({"__init__", "__cinit__", "__new__"})
_RESULT_SECTIONS = frozenset({"Returns", "Yields"})
_PROPERTY_DECORATORS = frozenset({"property", "cached_property", "functools.cached_property", "cython.property"})


class ReturnsSection(DocstringRule):
    """Check that a sectioned docstring of a function that returns a value has a Returns section."""

    code = "DOC011"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring with sections documents a public function, not a property or constructor."""
        definition = docstring.definition
        if definition is None or not definition.is_public or not definition.is_function:
            return False
        if _is_property(definition) or definition.name in _CONSTRUCTORS:
            return False
        return has_sections(docstring.parsed)

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation if the docstring has no Returns or Yields section for the function's result."""
        if any(header.title in _RESULT_SECTIONS and header.underline for header in docstring.parsed.headers):
            return
        definition = docstring.definition
        kind = result_kind(definition.node)
        if kind == "returns":
            yield Violation(
                *docstring.position(source, 0),
                f"`{definition.qualified_name}` returns a value, but its docstring has no Returns section; "
                "add one with the type and meaning of the result",
            )
        elif kind == "yields":
            yield Violation(
                *docstring.position(source, 0),
                f"`{definition.qualified_name}` yields values, but its docstring has no Yields section; "
                "add one with the type and meaning of each value",
            )


def _is_property(definition: Definition) -> bool:
    """Return whether a definition is a property, also where a snippet quotes the method without its class."""
    if definition.property_role is not None:
        return True
    for name in nodes.decorator_names(definition.node):
        if name in _PROPERTY_DECORATORS or name.endswith((".getter", ".setter", ".deleter")):
            return True
    return False
