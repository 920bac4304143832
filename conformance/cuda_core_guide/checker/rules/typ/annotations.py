# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find a file's annotations, and read string annotations as expressions.

Annotations are those of parameters (``*args``/``**kwargs`` included),
returns, and variables (``x: int = 0``, ``self.x: int``, bare ``x: int``
in a class body). C declarations (``cdef size_t n``) are not annotations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.parse import ParseFailure, parse_module
from cuda_core_guide.source.visibility import parameter_name

__all__ = ["Annotation", "annotations", "expressions", "parse_expression"]

_MAX_STRING_DEPTH = 3


def annotations(source: SourceFile) -> list[Annotation]:
    """Return every annotation in a file, in source order.

    Parameters
    ----------
    source : SourceFile
        The file whose parameter, return and variable annotations are read.

    Returns
    -------
    list of Annotation
        Parameter, return and variable annotations.
    """
    found = []
    for node in source.nodes:
        if isinstance(node, Nodes.CArgDeclNode) and node.annotation is not None:
            found.append(Annotation(node.annotation, f"parameter `{parameter_name(node) or '?'}`"))
        elif isinstance(node, Nodes.DefNode):
            for star in (node.star_arg, node.starstar_arg):
                if star is not None and star.annotation is not None:
                    found.append(Annotation(star.annotation, f"parameter `{star.name}`"))
            if node.return_type_annotation is not None:
                found.append(Annotation(node.return_type_annotation, f"return of `{node.name}`"))
        else:
            found.extend(_variable_annotations(node))
    found.sort(key=lambda a: (a.line, a.column))
    return found


@dataclasses.dataclass(frozen=True)
class Annotation:
    """One annotation and what it annotates.

    Parameters
    ----------
    node : ExprNodes.AnnotationNode
        The annotation.
    subject : str
        What it annotates, for messages: ``parameter `stream```,
        ``return of `allocate```, ``variable `size```.
    """

    node: ExprNodes.AnnotationNode
    subject: str

    @property
    def line(self) -> int:
        """The line the annotation starts on."""
        return nodes.line_of(self.node)

    @property
    def column(self) -> int:
        """The 1-based column the annotation starts at."""
        return nodes.column_of(self.node)


def expressions(annotation: ExprNodes.ExprNode) -> Iterator[ExprNodes.ExprNode]:
    """Yield every expression node inside an annotation, string annotations parsed.

    Parameters
    ----------
    annotation : ExprNodes.ExprNode
        The annotation, or an expression inside one.

    Yields
    ------
    ExprNodes.ExprNode
        Each node of the annotation's expression; a string literal in it
        (``"Stream | None"``, ``Optional["Stream"]``) also yields the nodes
        of the expression it spells, when that parses.
    """
    if isinstance(annotation, ExprNodes.AnnotationNode):
        annotation = annotation.expr
    yield from _walk_expression(annotation, 0)


def _variable_annotations(node: Nodes.Node) -> Iterator[Annotation]:
    """Yield the annotations of the names and attributes a statement assigns or declares."""
    targets: list[ExprNodes.ExprNode] = []
    if isinstance(node, Nodes.SingleAssignmentNode):
        targets.append(node.lhs)
    elif isinstance(node, Nodes.ExprStatNode):
        targets.append(node.expr)
    for target in targets:
        annotation = getattr(target, "annotation", None)
        if isinstance(annotation, ExprNodes.AnnotationNode):
            name = nodes.dotted_name(target) or "?"
            yield Annotation(annotation, f"variable `{name}`")


def _walk_expression(expr: ExprNodes.ExprNode | None, depth: int) -> Iterator[ExprNodes.ExprNode]:
    """Yield ``expr`` and the nodes below it, parsing string literals up to a depth."""
    stack = [expr]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        if isinstance(current, ExprNodes.UnicodeNode) and depth < _MAX_STRING_DEPTH:
            parsed = parse_expression(str(current.value))
            if parsed is not None:
                yield from _walk_expression(parsed, depth + 1)
            continue
        stack.extend(reversed(nodes.held_nodes(current, getattr(current, "subexprs", None) or (), ExprNodes.ExprNode)))


def parse_expression(text: str) -> ExprNodes.ExprNode | None:
    """Parse the text of a string annotation with Cython's parser, as Python.

    Parameters
    ----------
    text : str
        The string's value (``"Stream | None"``).

    Returns
    -------
    ExprNodes.ExprNode or None
        The expression it spells, or ``None`` if it is not one expression.
    """
    try:
        tree = parse_module(f"({text.strip()})\n", "annotation", "py")
    except ParseFailure:
        return None
    body = nodes.flatten(tree.body)
    if len(body) == 1 and isinstance(body[0], Nodes.ExprStatNode):
        return body[0].expr
    return None
