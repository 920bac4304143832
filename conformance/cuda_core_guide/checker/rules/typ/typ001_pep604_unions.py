# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TYP001: annotations write unions with ``|``, never ``Optional[...]`` or ``Union[...]``.

Parameter, return and variable annotations are checked, string annotations
(``"Optional[Stream]"``) included. ``Optional`` and ``Union`` are recognised
bare or through a module (``typing.Optional``, ``t.Union``). Each annotation
is reported once, at its start, for its outermost ``Optional``/``Union``
subscripts; the message spells the ``|`` form. Type aliases outside
annotations are not checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes
from Cython.Compiler.AutoDocTransforms import AnnotationWriter

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.typ.annotations import annotations, expressions
from cuda_core_guide.checker.rules.typ.union_fix import pep604_fix
from cuda_core_guide.source import SourceFile

__all__ = ["Pep604Unions"]

_LEGACY = frozenset({"Optional", "Union"})


class Pep604Unions(Rule):
    """Check annotations for ``Optional`` and ``Union`` subscripts."""

    code = "TYP001"
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation per annotation that uses ``Optional`` or ``Union``."""
        for annotation in annotations(source):
            legacy = [expr for expr in expressions(annotation.node) if _legacy_name(expr)]
            inner = {id(sub) for expr in legacy for sub in list(expressions(expr))[1:]}
            outermost = [expr for expr in legacy if id(expr) not in inner]
            if outermost:
                spelled = ", ".join(f"`{_render(expr)}`" for expr in outermost)
                wanted = ", ".join(f"`{_pep604(expr)}`" for expr in outermost)
                yield Violation(
                    annotation.line,
                    annotation.column,
                    f"annotation of {annotation.subject} uses {spelled}; write {wanted}",
                )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Write the annotation's unions with ``|`` where annotations are never evaluated at run time."""
        return pep604_fix(source, violation, _legacy_name)


def _legacy_name(expr: ExprNodes.ExprNode) -> str | None:
    """Return ``"Optional"`` or ``"Union"`` if ``expr`` subscripts one of them."""
    if not isinstance(expr, ExprNodes.IndexNode):
        return None
    base = expr.base
    if isinstance(base, ExprNodes.NameNode):
        name = base.name
    elif isinstance(base, ExprNodes.AttributeNode):
        name = base.attribute
    else:
        return None
    return name if name in _LEGACY else None


def _pep604(expr: ExprNodes.ExprNode) -> str:
    """Return an annotation expression with ``Optional``/``Union`` spelled with ``|``."""
    name = _legacy_name(expr)
    if name is not None:
        index = expr.index
        members = index.args if isinstance(index, ExprNodes.TupleNode) else [index]
        parts = [_pep604(member) for member in members]
        if name == "Optional":
            parts.append("None")
        return " | ".join(parts)
    if isinstance(expr, ExprNodes.IndexNode):
        index = expr.index
        members = index.args if isinstance(index, ExprNodes.TupleNode) else [index]
        return f"{_render(expr.base)}[{', '.join(_pep604(member) for member in members)}]"
    if isinstance(expr, ExprNodes.UnicodeNode):
        parsed = list(expressions(expr))
        if len(parsed) > 1:
            return _pep604(parsed[1])
    return _render(expr)


def _render(expr: ExprNodes.ExprNode) -> str:
    """Return an expression as Cython writes annotations back as text."""
    return AnnotationWriter(description="annotation").write(expr)
