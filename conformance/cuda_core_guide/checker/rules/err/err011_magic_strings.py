# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR011: a function of the public API does not answer with one of a few magic strings.

A public Python function or method (``def`` or ``cpdef``, no leading
underscore, in a public class, listed in ``__all__`` if the module has a
literal one) is reported when it has at least two ``return`` statements,
every one of them returns a string literal, the literals are not all the
same, and each is a short word (at most 16 letters, digits, ``_``, ``+`` or
``-``, the empty string included), as ``"rw"``, ``"r"`` and ``""`` are.
Messages and sentences are not reported, nor special methods
(``__repr__``, ``__format__``...), nor a function whose return annotation
is a ``Literal[...]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import is_python_api, tree_index
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.nodes import is_dunder

__all__ = ["MagicStrings"]

_WORD = re.compile(r"[A-Za-z0-9_+-]{0,16}")
_LITERAL = frozenset({"Literal", "typing.Literal", "typing_extensions.Literal"})


class MagicStrings(Rule):
    """Check that no public function returns only short string literals, some different from others."""

    code = "ERR011"
    kinds = frozenset({"pyx", "py", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation, at its first ``return``, for each function that returns magic strings."""
        index = tree_index(source)
        returns: dict[int, tuple[Nodes.Node, list[Nodes.ReturnStatNode]]] = {}
        for statement in index.of(Nodes.ReturnStatNode):
            scope = index.scope_of(statement)
            returns.setdefault(id(scope), (scope, []))[1].append(statement)
        for function, statements in returns.values():
            name = nodes.definition_name(function) or ""
            if len(statements) < 2 or is_dunder(name) or _returns_literal_type(function):
                continue
            if not is_python_api(index, function):
                continue
            values = [
                nodes.string_value(statement.value) if statement.value is not None else None for statement in statements
            ]
            if any(value is None or not _WORD.fullmatch(value) for value in values):
                continue
            distinct = list(dict.fromkeys(values))
            if len(distinct) < 2:
                continue
            first = min(statements, key=lambda s: (nodes.line_of(s), nodes.column_of(s)))
            listed = ", ".join(f'"{value}"' for value in distinct)
            yield Violation.at(
                first,
                f"`{name}` returns the magic strings {listed}; return members of an enumeration instead "
                "(derive it from `str` and `enum.Enum` so that comparisons with the strings keep working)",
            )


def _returns_literal_type(function: Nodes.Node) -> bool:
    """Return whether a function's return annotation is ``Literal[...]``."""
    annotation = getattr(function, "return_type_annotation", None)
    expr = getattr(annotation, "expr", None)
    base = getattr(expr, "base", None)
    return base is not None and nodes.dotted_name(base) in _LITERAL
