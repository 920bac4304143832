# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM007: module-level names left out of ``__all__`` carry a leading underscore.

The rule reads names that a top-level assignment binds (``x = ...``,
``x: T = ...``, ``a = b = ...``, tuple targets). Classes and functions are
left to FIL004, which asks for every public definition to be listed;
imports, C-level declarations (``cdef`` variables, which a module object does
not have), special names (``__version__``) and names a top-level ``del``
removes are exempt. Only an ``__all__`` that is exactly a list or tuple of
string literals is trusted: without one, the module's exports are unknown.

Three kinds of name are public without being listed, as the sources show
with ``DevicePointerT``: a type alias (annotated ``TypeAlias``, or a
CapWords name bound to a type expression: a ``|`` union, a subscripted
generic, a name, a forward reference in a string, or a call of a type
factory such as ``namedtuple`` or ``TypeVar``), and a name documented by a
string statement right after its assignment, which Sphinx renders as the
name's documentation. A re-export by another module cannot be seen from
one file; the type aliases that ``cuda.core.typing`` re-exports are covered
by the first exemption.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import is_cap_words
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import exported_or_deleted, is_dunder

__all__ = ["PrivateModuleNames"]

# Calls that make a type, by the last part of their name.
_TYPE_FACTORIES = frozenset(
    {"namedtuple", "NamedTuple", "NewType", "ParamSpec", "TypeAliasType", "TypedDict", "TypeVar", "TypeVarTuple"}
)


class PrivateModuleNames(Rule):
    """Check that names assigned at module level and missing from ``__all__`` start with ``_``."""

    code = "NAM007"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at the first assignment of each unexported name without an underscore."""
        skipped = exported_or_deleted(source)
        if skipped is None:
            return
        body = list(source.body)
        for position, stat in enumerate(body):
            if _is_documented(body, position) or _is_type_alias(stat):
                continue
            for target in _assigned_names(stat):
                name = target.name
                if name.startswith("_") or is_dunder(name) or name in skipped:
                    continue
                skipped.add(name)
                yield Violation.at(
                    target,
                    f"module-level name `{name}` is not in `__all__`; rename it `_{name}`, or list it if it is public",
                )


def _assigned_names(stat: Nodes.Node) -> list[ExprNodes.NameNode]:
    """Return the name targets of a top-level assignment that is not an import."""
    if isinstance(stat, Nodes.SingleAssignmentNode):
        targets = [stat.lhs]
    elif isinstance(stat, Nodes.CascadedAssignmentNode):
        targets = list(stat.lhs_list)
    else:
        return []
    if isinstance(stat.rhs, ExprNodes.ImportNode):
        return []
    names = []
    while targets:
        target = targets.pop()
        if isinstance(target, ExprNodes.NameNode):
            names.append(target)
        elif isinstance(target, (ExprNodes.TupleNode, ExprNodes.ListNode)):
            targets.extend(target.args)
        elif isinstance(target, ExprNodes.StarredUnpackingNode):
            targets.append(target.target)
    return sorted(names, key=lambda n: (nodes.line_of(n), nodes.column_of(n)))


def _is_documented(body: list[Nodes.Node], position: int) -> bool:
    """Return whether the statement after ``body[position]`` is a string: the assigned name's docstring."""
    if position + 1 >= len(body):
        return False
    following = body[position + 1]
    return isinstance(following, Nodes.ExprStatNode) and nodes.string_value(following.expr) is not None


def _is_type_alias(stat: Nodes.Node) -> bool:
    """Return whether a top-level assignment defines a type alias.

    An annotation ``TypeAlias`` (``typing.TypeAlias``, or imported under
    another name ending in it) makes any name an alias; otherwise the name
    is CapWords, as PEP 8 names types, and the value is a type expression.
    """
    if not isinstance(stat, Nodes.SingleAssignmentNode) or not isinstance(stat.lhs, ExprNodes.NameNode):
        return False
    annotation = getattr(stat.lhs, "annotation", None)
    if annotation is not None:
        name = nodes.dotted_name(getattr(annotation, "expr", None)) or ""
        if name.rpartition(".")[2].endswith("TypeAlias"):
            return True
    return is_cap_words(stat.lhs.name) and _is_type_expression(stat.rhs)


def _is_type_expression(expr: Nodes.Node | None) -> bool:
    """Return whether an expression reads as a type: a name, a union, a generic, a forward reference, a factory."""
    if isinstance(expr, (ExprNodes.NameNode, ExprNodes.AttributeNode, ExprNodes.NoneNode)):
        return True
    if nodes.string_value(expr) is not None:
        return True
    if isinstance(expr, ExprNodes.BitwiseOrNode):
        return _is_type_expression(expr.operand1) and _is_type_expression(expr.operand2)
    if isinstance(expr, ExprNodes.IndexNode):
        return isinstance(expr.base, (ExprNodes.NameNode, ExprNodes.AttributeNode))
    if isinstance(expr, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        name = nodes.dotted_name(expr.function) or ""
        return name.rpartition(".")[2] in _TYPE_FACTORIES
    return False
