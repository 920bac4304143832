# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM004: ``cdef`` attributes of a ``cdef class`` that Python cannot see start with ``_``.

An attribute declared without ``public`` or ``readonly`` (in the ``.pyx``
or the ``.pxd``) is private to C code; the underscore says so to readers
of both. Method prototypes in a ``.pxd`` class body are not attributes.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import name_declarator

__all__ = ["PrivateCdefAttributes"]


class PrivateCdefAttributes(Rule):
    """Check that private ``cdef`` attributes of ``cdef class`` bodies have a leading underscore."""

    code = "NAM004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each private attribute named without an underscore."""
        for cls in source.nodes:
            if not isinstance(cls, Nodes.CClassDefNode) or cls.visibility == "extern":
                continue
            for stat in nodes.flatten(cls.body):
                if not isinstance(stat, Nodes.CVarDefNode) or stat.visibility != "private":
                    continue
                for declarator in stat.declarators:
                    if _is_method_prototype(declarator):
                        continue
                    name = name_declarator(declarator)
                    if name is None or not name.name or name.name.startswith("_"):
                        continue
                    yield Violation.at(
                        name,
                        f"private cdef attribute `{name.name}` of `{cls.class_name}` has no leading underscore; "
                        f"name it `_{name.name}` or declare it `readonly` or `public`",
                    )


def _is_method_prototype(declarator: Nodes.Node) -> bool:
    """Return whether a declarator declares a method rather than an attribute."""
    return isinstance(declarator, Nodes.CFuncDeclaratorNode) and isinstance(declarator.base, Nodes.CNameDeclaratorNode)
