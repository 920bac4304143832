# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Small questions about Cython parse-tree nodes, answered in one place.

Rules ask "what is this definition called", "what are its arguments",
"which function does this call name"; the answers depend on Cython's node
classes, whose quirks (untyped ``cdef`` arguments parse with their name in
the type slot, say) are handled here and nowhere else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from Cython.Compiler import ExprNodes, Nodes

__all__ = [
    "Argument",
    "annotation_text",
    "arguments",
    "children",
    "column_of",
    "decorator_names",
    "declarator_name",
    "definition_kind",
    "definition_name",
    "docstring",
    "dotted_name",
    "flatten",
    "held_nodes",
    "is_class",
    "is_dunder",
    "is_function",
    "is_property",
    "line_of",
    "string_value",
    "walk",
]

_CLASS_NODES = (Nodes.CClassDefNode, Nodes.PyClassDefNode)
_FUNCTION_NODES = (Nodes.DefNode, Nodes.CFuncDefNode)
_CHILD_ATTRS: dict[type, list[str] | None] = {}
_PER_INSTANCE = object()
_PROPERTY_DECORATORS = ("property", "cached_property", "functools.cached_property")


@dataclasses.dataclass(frozen=True)
class Argument:
    """One parameter of a function, Python or C.

    Parameters
    ----------
    name : str
        The parameter's name; empty for an unnamed C prototype argument.
    c_type : str or None
        The C type written before the name (``size_t``, ``Buffer``), if any.
    annotation : ExprNodes.AnnotationNode or None
        The Python annotation, if any.
    kind : str
        ``"positional"``, ``"keyword"`` (after ``*``), ``"star"`` (``*args``)
        or ``"starstar"`` (``**kwargs``).
    has_default : bool
        Whether the parameter has a default value.
    line : int
        The line it is declared on.
    """

    name: str
    c_type: str | None
    annotation: ExprNodes.AnnotationNode | None
    kind: str
    has_default: bool
    line: int


def line_of(node: Nodes.Node) -> int:
    """Return the 1-based line a node starts on."""
    return node.pos[1]


def column_of(node: Nodes.Node) -> int:
    """Return the 1-based column a node starts at."""
    return node.pos[2] + 1


def flatten(node: Nodes.Node | None) -> list[Nodes.Node]:
    """Return the statements of a body, with nested statement lists opened.

    Parameters
    ----------
    node : Nodes.Node or None
        A body: a ``StatListNode``, a single statement, or ``None``.

    Returns
    -------
    list of Nodes.Node
        The statements in source order. ``import a, b`` and ``cdef:``
        blocks come back as their individual statements.
    """
    if node is None:
        return []
    if isinstance(node, Nodes.StatListNode):
        result: list[Nodes.Node] = []
        for stat in node.stats:
            result.extend(flatten(stat))
        return result
    return [node]


def walk(node: Nodes.Node | None) -> Iterator[Nodes.Node]:
    """Yield a node and every node below it, depth first, in source order.

    Parameters
    ----------
    node : Nodes.Node or None
        The root.

    Yields
    ------
    Nodes.Node
        Each node once.
    """
    if node is None:
        return
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def children(node: Nodes.Node) -> list[Nodes.Node]:
    """Return the direct children of a node in the parse tree, in source order.

    Parameters
    ----------
    node : Nodes.Node
        Any node: a statement, an expression or a declaration.

    Returns
    -------
    list of Nodes.Node
        Statements, expressions and declarations below it; for classes,
        not the nodes Cython synthesizes beside the body.
    """
    return held_nodes(node, _child_attrs(node))


def held_nodes(node: Nodes.Node, attrs: Iterable[str], kind: type = Nodes.Node) -> list[Nodes.Node]:
    """Return the nodes that some attributes of a node hold, alone or in lists, in the order of the attributes.

    Parameters
    ----------
    node : Nodes.Node
        Any node.
    attrs : iterable of str
        The attributes to read (``child_attrs``, ``subexprs``).
    kind : type, optional
        The class of the nodes to keep; every node by default.

    Returns
    -------
    list of Nodes.Node
        The nodes of ``kind`` the attributes hold; other values are passed over.
    """
    held: list[Nodes.Node] = []
    for attr in attrs:
        value = getattr(node, attr, None)
        if isinstance(value, list):
            held.extend(item for item in value if isinstance(item, kind))
        elif isinstance(value, kind):
            held.append(value)
    return held


def is_dunder(name: str) -> bool:
    """Return whether ``name`` is a special name such as ``__init__`` or ``__all__``."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def is_class(node: Nodes.Node) -> bool:
    """Return whether a statement defines a class (``class`` or ``cdef class``)."""
    return isinstance(node, _CLASS_NODES)


def is_function(node: Nodes.Node) -> bool:
    """Return whether a statement defines a function (``def``, ``cdef`` or ``cpdef``)."""
    return isinstance(node, _FUNCTION_NODES)


def definition_name(node: Nodes.Node) -> str | None:
    """Return the name a class, function or property statement defines.

    Parameters
    ----------
    node : Nodes.Node
        A statement.

    Returns
    -------
    str or None
        The defined name, or ``None`` for statements that define none.
    """
    if isinstance(node, Nodes.CClassDefNode):
        return node.class_name
    if isinstance(node, (Nodes.PyClassDefNode, Nodes.DefNode, Nodes.PropertyNode)):
        return node.name
    if isinstance(node, Nodes.CFuncDefNode):
        return declarator_name(node.declarator)
    return None


def definition_kind(node: Nodes.Node) -> str | None:
    """Return how a definition is declared.

    Parameters
    ----------
    node : Nodes.Node
        A statement that may define a class, function or property.

    Returns
    -------
    str or None
        ``"class"``, ``"cdef class"``, ``"def"``, ``"cdef"``, ``"cpdef"``
        or ``"property"``; ``None`` for other statements.
    """
    if isinstance(node, Nodes.CClassDefNode):
        return "cdef class"
    if isinstance(node, Nodes.PyClassDefNode):
        return "class"
    if isinstance(node, Nodes.PropertyNode):
        return "property"
    if isinstance(node, Nodes.DefNode):
        return "def"
    if isinstance(node, Nodes.CFuncDefNode):
        return "cpdef" if node.overridable else "cdef"
    return None


def decorator_names(node: Nodes.Node) -> list[str]:
    """Return the dotted names of a definition's decorators, outermost first.

    Parameters
    ----------
    node : Nodes.Node
        A class or function definition.

    Returns
    -------
    list of str
        ``["property"]``, ``["size.setter"]``, ``["classmethod"]``...; a
        decorator that is a call contributes the name it calls.
    """
    result = []
    for decorator in getattr(node, "decorators", None) or ():
        expr = decorator.decorator
        if isinstance(expr, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
            expr = expr.function
        name = dotted_name(expr)
        if name:
            result.append(name)
    return result


def is_property(node: Nodes.Node) -> bool:
    """Return whether a class member is a property.

    Parameters
    ----------
    node : Nodes.Node
        A class body statement.

    Returns
    -------
    bool
        True for ``@property`` functions, their ``.setter``/``.deleter``
        companions, and old-style ``property name:`` blocks.
    """
    if isinstance(node, Nodes.PropertyNode):
        return True
    for name in decorator_names(node):
        if name in _PROPERTY_DECORATORS or name.endswith((".setter", ".deleter", ".getter")):
            return True
    return False


def docstring(node: Nodes.Node) -> str | None:
    """Return the docstring of a module, class, function or property.

    Parameters
    ----------
    node : Nodes.Node
        A ``ModuleNode`` or a definition.

    Returns
    -------
    str or None
        The docstring's text, or ``None`` if it has none.
    """
    doc = getattr(node, "doc", None)
    if isinstance(doc, str):
        return str(doc)
    return None


def arguments(node: Nodes.Node) -> list[Argument]:
    """Return the parameters of a ``def``, ``cdef`` or ``cpdef`` function.

    Parameters
    ----------
    node : Nodes.Node
        A function definition.

    Returns
    -------
    list of Argument
        All parameters in order, ``self``/``cls`` included.
    """
    if isinstance(node, Nodes.DefNode):
        result = [_argument(arg) for arg in node.args]
        for attr, kind in (("star_arg", "star"), ("starstar_arg", "starstar")):
            star = getattr(node, attr, None)
            if star is not None:
                result.append(Argument(star.name, None, star.annotation, kind, False, line_of(star)))
        return _order_by_position(result)
    if isinstance(node, Nodes.CFuncDefNode):
        declarator = node.declarator
        while declarator is not None and not isinstance(declarator, Nodes.CFuncDeclaratorNode):
            declarator = getattr(declarator, "base", None)
        if declarator is None:
            return []
        return [_argument(arg) for arg in declarator.args]
    return []


def dotted_name(expr: Nodes.Node | None) -> str | None:
    """Return ``a.b.c`` for a name or attribute chain, else ``None``.

    Parameters
    ----------
    expr : Nodes.Node or None
        An expression.

    Returns
    -------
    str or None
        The dotted name.
    """
    parts = []
    while isinstance(expr, ExprNodes.AttributeNode):
        parts.append(expr.attribute)
        expr = expr.obj
    if isinstance(expr, ExprNodes.NameNode):
        parts.append(expr.name)
        return ".".join(reversed(parts))
    return None


def annotation_text(annotation: ExprNodes.AnnotationNode | None) -> str | None:
    """Return an annotation as it is written in the source.

    Parameters
    ----------
    annotation : ExprNodes.AnnotationNode or None
        The annotation node.

    Returns
    -------
    str or None
        The source text, or ``None`` if there is no annotation.
    """
    if annotation is None:
        return None
    text = getattr(annotation, "string", None)
    value = getattr(text, "value", None)
    return str(value) if value is not None else None


def string_value(node: Nodes.Node) -> str | None:
    """Return the value of a string literal node, else ``None``."""
    if isinstance(node, (ExprNodes.UnicodeNode, ExprNodes.BytesNode)):
        value = node.value
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    return None


def _child_attrs(node: Nodes.Node) -> list[str]:
    """Return the attributes of ``node`` that hold child nodes."""
    kind = type(node)
    attrs = _CHILD_ATTRS.get(kind, _PER_INSTANCE)
    if attrs is _PER_INSTANCE:
        attrs = _CHILD_ATTRS[kind] = _class_child_attrs(kind)
    if attrs is None:
        # Expression nodes compute ``child_attrs`` per instance (a property on
        # the class), so read it from the node itself.
        attrs = getattr(node, "child_attrs", None)
        return attrs if isinstance(attrs, list) else []
    return attrs


def _class_child_attrs(kind: type) -> list[str] | None:
    """Return the child attributes shared by every node of a class, or ``None`` if they vary."""
    if issubclass(kind, Nodes.PyClassDefNode):
        # The class body; the other attributes are nodes Cython synthesizes.
        return ["decorators", "bases", "body"]
    if issubclass(kind, ExprNodes.AnnotationNode):
        return ["expr"]  # not the string node Cython keeps beside the expression
    attrs = getattr(kind, "child_attrs", None)
    return attrs if isinstance(attrs, list) else None


def declarator_name(declarator: Nodes.Node | None) -> str | None:
    """Return the name at the bottom of a C declarator chain (``p`` in ``int *p``), if any."""
    while declarator is not None:
        if isinstance(declarator, Nodes.CNameDeclaratorNode):
            return declarator.name
        declarator = getattr(declarator, "base", None)
    return None


def _argument(arg: Nodes.CArgDeclNode) -> Argument:
    """Turn one ``CArgDeclNode`` into an :class:`Argument`."""
    name = declarator_name(arg.declarator) or ""
    base = arg.base_type
    c_type = None
    if isinstance(base, Nodes.CSimpleBaseTypeNode) and base.name:
        if not name and not base.is_basic_c_type and not base.module_path:
            # ``cdef f(self, stream)``: an untyped argument parses with its
            # name where a type would go and an empty declarator.
            name = base.name
        else:
            c_type = ".".join([*base.module_path, base.name])
    elif base is not None and not isinstance(base, Nodes.CSimpleBaseTypeNode):
        c_type = type(base).__name__
    if c_type is not None and not isinstance(arg.declarator, Nodes.CNameDeclaratorNode):
        c_type += "*"
    kind = "keyword" if getattr(arg, "kw_only", False) else "positional"
    has_default = arg.default is not None or getattr(arg.declarator, "default", None) is not None
    return Argument(name, c_type, arg.annotation, kind, has_default, line_of(arg))


def _order_by_position(args: list[Argument]) -> list[Argument]:
    """Put ``*args`` between positional and keyword-only parameters."""
    positional = [a for a in args if a.kind == "positional"]
    star = [a for a in args if a.kind == "star"]
    keyword = [a for a in args if a.kind == "keyword"]
    starstar = [a for a in args if a.kind == "starstar"]
    return positional + star + keyword + starstar
