# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL005: module-level constants and type aliases come before the first class or function."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import is_dunder, module_bindings, top_level_definitions

__all__ = ["ConstantsBeforeDefinitions"]

_ALIAS_VALUES = (ExprNodes.BitwiseOrNode, ExprNodes.IndexNode, ExprNodes.AttributeNode)
"""Values that make a CapWords assignment a type alias: ``A | B``, ``X[...]``, ``mod.Type``."""


class ConstantsBeforeDefinitions(Rule):
    """Check that no UPPER_SNAKE constant or CapWords type alias follows the first definition.

    An assignment whose value uses a name bound at or after the first
    definition (``LEGACY_DEFAULT_STREAM = Stream._legacy()``) has to stay
    below it and is not reported.
    """

    code = "FIL005"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each constant or type alias defined after the first class or function."""
        definitions = top_level_definitions(source)
        if not definitions:
            return
        first = definitions[0]
        first_line = nodes.line_of(first.node)
        late = {name for name, line in module_bindings(source).items() if line >= first_line}
        for stat in source.body:
            if nodes.line_of(stat) <= first_line:
                continue
            for name, value, what in _constants(stat):
                used = {n.name for n in nodes.walk(value) if isinstance(n, ExprNodes.NameNode)}
                # Look each used name up rather than build ``late - {name}``: that copy costs every
                # late binding per constant, n squared for a module of n constants.
                if any(used_name in late and used_name != name for used_name in used):
                    continue
                yield Violation(
                    nodes.line_of(stat),
                    1,
                    f"{what} `{name}` comes after {first.describe()} (line {first.line}); "
                    "define constants and type aliases before classes and functions",
                )


def _constants(stat: Nodes.Node) -> list[tuple[str, Nodes.Node, str]]:
    """Return ``(name, value, "constant" or "type alias")`` for each constant a statement assigns."""
    if isinstance(stat, Nodes.SingleAssignmentNode) and isinstance(stat.lhs, ExprNodes.NameNode):
        if isinstance(stat.rhs, ExprNodes.ImportNode):
            return []
        name = stat.lhs.name
        if _is_upper_snake(name):
            return [(name, stat.rhs, "constant")]
        if _is_cap_words(name) and (isinstance(stat.rhs, _ALIAS_VALUES) or _annotated_type_alias(stat.lhs)):
            return [(name, stat.rhs, "type alias")]
        return []
    if isinstance(stat, Nodes.CVarDefNode):
        result = []
        for declarator in stat.declarators:
            default = getattr(declarator, "default", None)
            name = getattr(declarator, "name", None)
            if default is not None and name and _is_upper_snake(name):
                result.append((name, default, "constant"))
        return result
    return []


def _is_upper_snake(name: str) -> bool:
    """Return whether ``name`` is UPPER_SNAKE_CASE (leading underscores allowed, dunders not)."""
    core = name.lstrip("_")
    return (
        not is_dunder(name)
        and bool(core)
        and core[0].isalpha()
        and core == core.upper()
        and all(c.isalnum() or c == "_" for c in core)
    )


def _is_cap_words(name: str) -> bool:
    """Return whether ``name`` is CapWords (leading underscores allowed)."""
    core = name.lstrip("_")
    return bool(core) and core[0].isupper() and any(c.islower() for c in core) and "_" not in core


def _annotated_type_alias(target: ExprNodes.NameNode) -> bool:
    """Return whether an assignment target is annotated ``TypeAlias``."""
    annotation = getattr(target, "annotation", None)
    expr = getattr(annotation, "expr", None)
    name = nodes.dotted_name(expr) if expr is not None else None
    return name is not None and name.rsplit(".", 1)[-1] == "TypeAlias"
