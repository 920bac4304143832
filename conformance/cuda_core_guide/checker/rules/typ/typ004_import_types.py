# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TYP004: a type is imported, not named in a quoted annotation that nothing in the file defines.

The rule reads string annotations (``"Stream"``) and strings inside
annotations (``list["Stream"]``), parses them, and reports each name that
the file does not bind anywhere: not at module level, not in a function
(the import that breaks an inherent cycle), not under ``TYPE_CHECKING``
(TYP002 reports that guard), and not a builtin. The strings of
``Literal[...]`` are values, not types, and are not read. A quoted name the
file does define is left alone.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.typ.annotations import annotations, parse_expression
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import bound_names

__all__ = ["ImportTypes"]

_BUILTINS = frozenset(dir(builtins))
_LITERALS = frozenset({"Literal", "typing.Literal", "typing_extensions.Literal"})
_MAX_STRING_DEPTH = 3
_DECLARATIONS = (
    Nodes.FromImportStatNode,
    Nodes.FromCImportStatNode,
    Nodes.CImportStatNode,
    Nodes.SingleAssignmentNode,
    Nodes.CascadedAssignmentNode,
    Nodes.CVarDefNode,
    Nodes.CTypeDefNode,
    Nodes.CStructOrUnionDefNode,
    Nodes.CEnumDefNode,
    Nodes.FusedTypeNode,
)


class ImportTypes(Rule):
    """Check that each name in a quoted annotation is imported or defined in the file."""

    code = "TYP004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each quoted annotation that names something the file never binds."""
        found = annotations(source)
        if not found:
            return
        defined: frozenset[str] | None = None
        for annotation in found:
            for literal, names in _quoted_names(annotation.node.expr):
                if defined is None:
                    defined = _defined_names(source) | _BUILTINS
                missing = list(dict.fromkeys(name for name in names if _first(name) not in defined))
                if missing:
                    listed = ", ".join(f"`{name}`" for name in missing)
                    pronoun = "it" if len(missing) == 1 else "them"
                    yield Violation.at(
                        literal,
                        f"the {annotation.subject} quotes {listed}, which the file neither imports nor defines; "
                        f"import {pronoun} and write the annotation unquoted",
                    )


def _quoted_names(expr: ExprNodes.ExprNode | None) -> Iterator[tuple[ExprNodes.ExprNode, list[str]]]:
    """Yield each outermost string literal of an annotation with the names its text uses."""
    stack = [expr]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        if isinstance(current, ExprNodes.UnicodeNode):
            parsed = parse_expression(str(current.value))
            if parsed is not None:
                yield current, _names(parsed, 1)
            continue
        if isinstance(current, ExprNodes.IndexNode) and nodes.dotted_name(current.base) in _LITERALS:
            continue
        stack.extend(reversed(_subexpressions(current)))


def _first(name: str) -> str:
    """Return the first part of a dotted name."""
    return name.split(".", 1)[0]


def _names(expr: ExprNodes.ExprNode, depth: int) -> list[str]:
    """Return the name and attribute chains (``cuda.core.Device``) an expression uses, nested strings read."""
    names = []
    stack = [expr]
    while stack:
        current = stack.pop()
        dotted = nodes.dotted_name(current) if isinstance(current, ExprNodes.AttributeNode) else None
        if dotted is not None:
            names.append(dotted)
        elif isinstance(current, ExprNodes.NameNode):
            names.append(current.name)
        elif isinstance(current, ExprNodes.UnicodeNode):
            parsed = parse_expression(str(current.value)) if depth < _MAX_STRING_DEPTH else None
            if parsed is not None:
                names.extend(_names(parsed, depth + 1))
        elif not (isinstance(current, ExprNodes.IndexNode) and nodes.dotted_name(current.base) in _LITERALS):
            stack.extend(reversed(_subexpressions(current)))
        else:
            stack.append(current.base)
    return names


def _subexpressions(expr: ExprNodes.ExprNode) -> list[ExprNodes.ExprNode]:
    """Return the expressions directly inside an expression."""
    return nodes.held_nodes(expr, getattr(expr, "subexprs", None) or (), ExprNodes.ExprNode)


def _defined_names(source: SourceFile) -> frozenset[str]:
    """Return every name the file binds, at any depth: imports, definitions, assignments, declarations."""
    names: list[str] = []
    for node in source.nodes:
        if nodes.is_class(node) or nodes.is_function(node):
            names.append(getattr(node, "as_name", None) or nodes.definition_name(node) or "")
        elif isinstance(node, _DECLARATIONS):
            names.extend(bound_names(node))
        elif isinstance(node, (Nodes.ForInStatNode, Nodes.WithStatNode, Nodes.ExceptClauseNode)):
            target = getattr(node, "target", None)
            names.extend(name.name for name in nodes.walk(target) if isinstance(name, ExprNodes.NameNode))
        elif isinstance(node, Nodes.GlobalNode):
            names.extend(node.names)
    return frozenset(names)
