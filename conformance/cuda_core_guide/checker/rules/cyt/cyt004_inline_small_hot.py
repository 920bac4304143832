# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CYT004: ``inline`` is kept for small, hot helpers, not for cold ones.

Whether a helper is small and hot enough is a measurement, but two kinds
of ``cdef inline`` function are cold by what they do, and inlining them
only copies their code into every caller:

- one declared to return ``str``, ``unicode`` or ``bytes``: it builds
  text, such as a message, and the string object costs more than the
  call saved;
- one whose body, past its docstring, is a single ``raise``: it runs
  only on an error path.

Only ``.pyx`` and ``.pxi`` files are read: a function defined in a
``.pxd`` file must be ``inline``, so there the keyword is not a choice.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import definition_position, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["InlineSmallHot"]

_TEXT_TYPES = frozenset({"str", "unicode", "bytes"})


class InlineSmallHot(Rule):
    """Check that ``cdef inline`` is not used for functions that build text or only raise."""

    code = "CYT004"
    kinds = frozenset({"pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``cdef inline`` function that returns text or only raises."""
        for node in tree_index(source).of(Nodes.CFuncDefNode):
            if "inline" not in (node.modifiers or ()):
                continue
            name = nodes.definition_name(node) or "?"
            returned = getattr(node.base_type, "name", None)
            if isinstance(node.base_type, Nodes.CSimpleBaseTypeNode) and returned in _TEXT_TYPES:
                why = f"returns `{returned}`: building text costs more than the call that inlining saves"
            elif _only_raises(node):
                why = "only raises: it runs on an error path, where the call costs nothing that matters"
            else:
                continue
            line, column = definition_position(source, node, name)
            yield Violation(
                line,
                column,
                f"`{name}` is declared `inline` but {why}; drop `inline` and keep it for small helpers that "
                "run on every call",
            )


def _only_raises(node: Nodes.CFuncDefNode) -> bool:
    """Return whether a function's body, past its docstring, is one ``raise`` statement."""
    statements = nodes.flatten(node.body)
    if statements and isinstance(statements[0], Nodes.ExprStatNode) and nodes.string_value(statements[0].expr):
        statements = statements[1:]
    return len(statements) == 1 and isinstance(statements[0], Nodes.RaiseStatNode)
