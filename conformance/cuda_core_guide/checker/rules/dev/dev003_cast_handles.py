# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DEV003: Phase 2 code takes C handles from the ``cdef`` class, not with ``int(x.handle)``.

The rule reads functions that call a ``cydriver`` (or other ``cy``
binding) function, which makes them Phase 2 code. There, an
``int(<expression>.handle)`` call converts a Python handle object to an
integer with a Python call every time the function runs, where the
``cdef`` class holds the C handle already (``Stream_accept(stream)._handle``).
Other ``int()`` conversions are left alone: telling a handle from other
integers takes the types of the values, which the parser does not infer;
the attribute named ``handle`` is what cuda.core's objects expose.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.cud.tree import call_function, expression_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CastHandles"]


class CastHandles(Rule):
    """Check that functions calling ``cydriver`` do not convert ``.handle`` attributes with ``int()``."""

    code = "DEV003"
    kinds = frozenset({"pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``int(x.handle)`` in a function that calls a ``cy`` binding."""
        calls = [call for call in bindings_of(source).calls() if call.returns_status]
        if not calls:
            return
        index = tree_index(source)
        phase2 = {id(index.scope_of(call.node)) for call in calls}
        for node in index.of(ExprNodes.SimpleCallNode):
            if nodes.dotted_name(call_function(node)) != "int" or len(node.args) != 1:
                continue
            argument = node.args[0]
            if not isinstance(argument, ExprNodes.AttributeNode) or argument.attribute != "handle":
                continue
            function = index.scope_of(node)
            if id(function) not in phase2 or function is index.root:
                continue
            owner = nodes.dotted_name(argument.obj) or "..."
            line, column = expression_start(node)
            yield Violation(
                line,
                column,
                f"`int({owner}.handle)` converts a Python handle object with a Python call in "
                f"`{nodes.definition_name(function)}`, which calls cydriver; take the C handle from its cdef "
                "class instead, as `Stream_accept(stream)._handle` does for a stream",
            )
