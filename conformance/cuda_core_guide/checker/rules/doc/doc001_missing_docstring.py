# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC001: every public class, function, method and property has a docstring.

Public means Python-visible (``class``, ``cdef class``, ``def``, ``cpdef``,
properties) with no leading underscore, outside functions, in public
classes only (see :mod:`cuda_core_guide.source.visibility`). Exempt: special
methods, property setters and deleters (the getter documents the
property), ``typing.overload`` stubs and ``typing.override`` methods
(Sphinx shows the overridden method's docstring). ``.pxd`` files hold no docstrings.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import definitions, is_overload, is_override, name_position

__all__ = ["MissingDocstring"]


class MissingDocstring(Rule):
    """Check that public definitions have docstrings."""

    code = "DOC001"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each public definition without a docstring."""
        for definition in definitions(source):
            if not definition.is_public or nodes.docstring(definition.node) is not None:
                continue
            role = definition.property_role
            if role in ("setter", "deleter") or is_overload(definition) or is_override(definition):
                continue
            if definition.is_class:
                noun = "class"
            elif role is not None:
                noun = "property"
            else:
                noun = "method" if definition.is_method else "function"
            yield Violation(
                *name_position(source, definition),
                f"public {noun} `{definition.qualified_name}` has no docstring",
            )
