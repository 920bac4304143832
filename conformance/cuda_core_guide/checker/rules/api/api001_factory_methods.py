# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""API001: ``from_*`` factories are class or static methods."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.status import is_read_within
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, TreeIndex, definition_position, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["FactoryMethods"]

_FACTORY_PREFIX = "from_"
_FACTORY_DECORATORS = frozenset({"classmethod", "staticmethod"})
_SELF = "self"


class FactoryMethods(Rule):
    """Check that methods named ``from_*`` are ``@classmethod`` or ``@staticmethod``.

    A factory builds a new object, so it must be callable on the class
    (``Buffer.from_handle(...)``); as an instance method it would need an
    object to exist first. A ``from_*`` method whose first parameter is
    ``self`` and is used in its body works on an existing object and is
    not a factory; a first parameter named ``cls`` is a forgotten
    ``@classmethod``. Functions outside classes are not checked.
    """

    code = "API001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``from_*`` method that is bound to instances."""
        index = tree_index(source)
        for cls in index.of(Nodes.CClassDefNode, Nodes.PyClassDefNode):
            class_name = nodes.definition_name(cls)
            for method in nodes.flatten(cls.body):
                if not isinstance(method, FUNCTION_NODES):
                    continue
                name = nodes.definition_name(method) or ""
                if not name.startswith(_FACTORY_PREFIX):
                    continue
                if {d.rpartition(".")[2] for d in nodes.decorator_names(method)} & _FACTORY_DECORATORS:
                    continue
                if _uses_self(index, method):
                    continue
                line, column = definition_position(source, method, name)
                yield Violation(
                    line,
                    column,
                    f"factory `{class_name}.{name}` is an instance method; make it a `@classmethod` or `@staticmethod`",
                )


def _uses_self(index: TreeIndex, method: Nodes.Node) -> bool:
    """Return whether a method's first parameter is ``self`` and its body reads it."""
    arguments = nodes.arguments(method)
    if not arguments or arguments[0].name != _SELF:
        return False
    return is_read_within(index, _SELF, method)
