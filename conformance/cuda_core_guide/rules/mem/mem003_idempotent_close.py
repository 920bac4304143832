# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""MEM003: ``close()`` clears a handle before the driver call that releases it.

The rule reads ``close`` methods and the ``ClassName_close`` helpers they
call. A release call of the bindings (a function whose name has
``Destroy``, ``Free``, ``Release``, ``Unload`` or ``Unregister`` in it)
that is passed an attribute of the first parameter (``self._handle``,
``<CUstream>self._handle``) releases the object's own field, which still
holds the handle: a second ``close()`` releases it again, and a failed
release is retried. Passing its address (``&self._handle``) is left alone,
since such a call clears the handle itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.bindings import bindings_of
from cuda_core_guide.rules.cud.tree import expression_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["IdempotentClose"]

_RELEASE = re.compile(r"Destroy|Free|Release|Unload|Unregister")


class IdempotentClose(Rule):
    """Check that ``close`` and ``*_close`` functions release a local copy of a handle, not the field."""

    code = "MEM003"
    kinds = frozenset({"pyx", "py", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each release call in a ``close`` that is passed a field of ``self``."""
        calls = [call for call in bindings_of(source).calls() if _RELEASE.search(call.function)]
        if not calls:
            return
        index = tree_index(source)
        for call in calls:
            function = index.scope_of(call.node)
            name = nodes.definition_name(function) or ""
            if name != "close" and not name.endswith("_close"):
                continue
            arguments = nodes.arguments(function)
            owner = arguments[0].name if arguments else None
            for argument in getattr(call.node, "args", None) or ():
                field = _field_of(argument, owner)
                if field is None:
                    continue
                line, column = expression_start(call.node)
                yield Violation(
                    line,
                    column,
                    f"`{name}` releases `{owner}.{field}` while the field still holds it; copy it to a local "
                    f"and clear `{owner}.{field}` before calling `{call.name}`, so that a second close or a "
                    "failed release does not release it again",
                )
                break


def _field_of(argument: Nodes.Node, owner: str | None) -> str | None:
    """Return ``attr`` if an argument is ``owner.attr``, cast or not."""
    while isinstance(argument, ExprNodes.TypecastNode):
        argument = argument.operand
    if (
        owner
        and isinstance(argument, ExprNodes.AttributeNode)
        and isinstance(argument.obj, ExprNodes.NameNode)
        and argument.obj.name == owner
    ):
        return argument.attribute
    return None
