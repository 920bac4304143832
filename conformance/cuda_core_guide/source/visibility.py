# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Definitions in a file, where they sit, and whether Python code can see them.

The class, naming and docstring rules ask the same questions of every
class, function and property: what encloses it, is it part of the public
API, where is its name written, which token is its docstring. This module
answers them once, from Cython's tree and the token stream.

What counts as *public* (Python-visible):

- ``class``, ``cdef class``, ``def`` and ``cpdef`` definitions and
  properties (``@property``, ``.setter``/``.deleter``, ``property x:``
  blocks); never ``cdef`` functions, which Python cannot call (in pure-Python
  mode, ``@cython.cfunc`` marks a ``cdef`` function and ``@cython.ccall`` a
  ``cpdef`` one);
- whose name has no leading underscore;
- that are not inside a function (nested definitions are implementation);
- whose enclosing classes are all public themselves;
- that are not inside a ``cdef extern`` block, and are not prototypes
  (``.pxd`` declarations of functions defined elsewhere).
"""

from __future__ import annotations

import bisect
import dataclasses
import tokenize
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import nodes
from cuda_core_guide.source.model import SourceFile
from cuda_core_guide.source.nodes import is_dunder
from cuda_core_guide.source.tokens import LogicalLine

__all__ = [
    "CLASS_KINDS",
    "FUNCTION_KINDS",
    "Definition",
    "Parameter",
    "definitions",
    "docstring_token",
    "header_line",
    "is_dunder",
    "is_overload",
    "is_override",
    "module_docstring_token",
    "name_declarator",
    "name_position",
    "parameter_name",
    "parameters",
]

CLASS_KINDS = frozenset({"class", "cdef class"})
"""Definition kinds that are classes."""

FUNCTION_KINDS = frozenset({"def", "cdef", "cpdef"})
"""Definition kinds that are functions or methods."""

_PYTHON_VISIBLE = frozenset({"class", "cdef class", "def", "cpdef", "property"})
_GETTER_DECORATORS = frozenset({"property", "cached_property", "functools.cached_property"})
_OVERLOAD_DECORATORS = frozenset({"overload", "typing.overload", "typing_extensions.overload"})
_CFUNC_DECORATORS = frozenset({"cython.cfunc", "cfunc"})
_CCALL_DECORATORS = frozenset({"cython.ccall", "ccall"})
_OVERRIDE_DECORATORS = frozenset({"override", "typing.override", "typing_extensions.override"})
_HEADER_KEYWORDS = frozenset({"def", "class", "property"})


@dataclasses.dataclass(frozen=True, eq=False)
class Definition:
    """One class, function, method or property in a file.

    Parameters
    ----------
    node : Nodes.Node
        The defining statement (for a prototype, its ``CVarDefNode``).
    name : str
        The defined name.
    kind : str
        ``"class"``, ``"cdef class"``, ``"def"``, ``"cdef"``, ``"cpdef"``
        or ``"property"`` (a ``property x:`` block; decorated properties
        keep the kind of their function). A ``def`` decorated
        ``@cython.cfunc`` is ``"cdef"``, one decorated ``@cython.ccall``
        ``"cpdef"``.
    parent : Definition or None
        The innermost enclosing definition.
    in_extern : bool
        Whether it sits in a ``cdef extern`` block.
    declarator : Nodes.Node or None
        For ``cdef``/``cpdef`` functions and prototypes, the name's
        declarator, which carries the name's position.
    is_prototype : bool
        Whether it declares a function without a body (``.pxd``
        declarations, forward declarations).
    prototype_declarator : Nodes.Node or None
        For a prototype, the function declarator among its statement's
        declarators (``cdef int f(int), g(int)`` declares two).
    """

    node: Nodes.Node
    name: str
    kind: str
    parent: Definition | None
    in_extern: bool = False
    declarator: Nodes.Node | None = None
    is_prototype: bool = False
    prototype_declarator: Nodes.Node | None = None

    @property
    def qualified_name(self) -> str:
        """The dotted name through the enclosing definitions (``Buffer.close``)."""
        parts = [self.name]
        parent = self.parent
        while parent is not None:
            parts.append(parent.name)
            parent = parent.parent
        return ".".join(reversed(parts))

    @property
    def is_class(self) -> bool:
        """Whether it is a ``class`` or ``cdef class``."""
        return self.kind in CLASS_KINDS

    @property
    def is_function(self) -> bool:
        """Whether it is a function or method (properties included when decorated)."""
        return self.kind in FUNCTION_KINDS

    @property
    def is_method(self) -> bool:
        """Whether it is a function defined directly in a class body."""
        return self.is_function and self.parent is not None and self.parent.is_class

    @property
    def in_function(self) -> bool:
        """Whether a function or property encloses it, at any depth."""
        parent = self.parent
        while parent is not None:
            if not parent.is_class:
                return True
            parent = parent.parent
        return False

    @property
    def property_role(self) -> str | None:
        """``"getter"``, ``"setter"`` or ``"deleter"`` for properties, else ``None``.

        A ``property x:`` block counts as a getter: it is where the
        property's docstring goes.
        """
        if self.kind == "property":
            return "getter"
        if not self.is_method:
            return None
        for name in nodes.decorator_names(self.node):
            if name in _GETTER_DECORATORS or name.endswith(".getter"):
                return "getter"
            if name.endswith(".setter"):
                return "setter"
            if name.endswith(".deleter"):
                return "deleter"
        return None

    @property
    def is_python_visible(self) -> bool:
        """Whether Python code can reach it (not ``cdef``, extern or a prototype)."""
        return self.kind in _PYTHON_VISIBLE and not self.in_extern and not self.is_prototype

    @property
    def is_public(self) -> bool:
        """Whether it belongs to the public API (see the module docstring)."""
        if not self.is_python_visible or self.name.startswith("_") or self.in_function:
            return False
        return self.parent is None or self.parent.is_public


@dataclasses.dataclass(frozen=True)
class Parameter:
    """One parameter of a function, with the position of its name.

    Parameters
    ----------
    name : str
        The name; empty for an unnamed C prototype argument.
    kind : str
        ``"positional"``, ``"keyword"``, ``"star"`` or ``"starstar"``.
    c_type : str or None
        The C type written before the name, if any.
    line : int
        The line of the name.
    column : int
        The 1-based column of the name.
    is_bare : bool
        Whether a C argument is a bare identifier. In a prototype that is
        ambiguous: ``cdef int f(Buffer)`` declares an unnamed ``Buffer``
        argument, ``cdef f(self, stream)`` two untyped ones; Cython's
        parser reads both as names.
    """

    name: str
    kind: str
    c_type: str | None
    line: int
    column: int
    is_bare: bool = False


def definitions(source: SourceFile) -> list[Definition]:
    """Return every class, function, method and property of a file, in source order.

    Parameters
    ----------
    source : SourceFile
        The file whose definitions are listed, at every depth.

    Returns
    -------
    list of Definition
        Definitions at any depth: in class bodies, in functions, under
        ``if``/``try``/``with`` statements and in ``cdef extern`` blocks
        (marked), including function prototypes.
    """
    return list(source.memo("visibility.definitions", _definitions_of))


def parameters(definition: Definition) -> list[Parameter]:
    """Return a function's parameters with the positions of their names.

    Parameters
    ----------
    definition : Definition
        A function, method or prototype.

    Returns
    -------
    list of Parameter
        In signature order (``*args`` between positional and keyword-only
        parameters); ``self``/``cls`` included. Empty for other definitions.
    """
    node = definition.node
    if isinstance(node, Nodes.DefNode):
        positions = {}
        for arg in node.args:
            name = _argument_name(arg)
            positions[name] = _argument_position(arg)
        for star in (node.star_arg, node.starstar_arg):
            if star is not None:
                positions[star.name] = (nodes.line_of(star), nodes.column_of(star))
        return [Parameter(a.name, a.kind, a.c_type, *positions.get(a.name, (a.line, 1))) for a in nodes.arguments(node)]
    if isinstance(node, Nodes.CFuncDefNode) or definition.is_prototype:
        if isinstance(node, Nodes.CFuncDefNode):
            declarator = _function_declarator(node.declarator)
        elif definition.prototype_declarator is not None:
            # Recorded when the prototype was found: searching the statement's
            # declarators for each of them costs quadratic time on a long one.
            declarator = definition.prototype_declarator
        else:
            declarator = next(
                (d for d in node.declarators if name_declarator(d) is definition.declarator),
                None,
            )
        if not isinstance(declarator, Nodes.CFuncDeclaratorNode):
            return []
        result = []
        for arg in declarator.args:
            kind = "keyword" if getattr(arg, "kw_only", False) else "positional"
            position = _argument_position(arg)
            result.append(Parameter(_argument_name(arg), kind, _argument_type(arg), *position, _is_untyped(arg)))
        return result
    return []


def parameter_name(arg: Nodes.CArgDeclNode) -> str:
    """Return the name of one parameter node, handling bare ``cdef`` arguments.

    Parameters
    ----------
    arg : Nodes.CArgDeclNode
        A parameter of a ``def``, ``cdef`` or ``cpdef`` function.

    Returns
    -------
    str
        Its name (``stream`` in ``cdef f(self, stream)``, where Cython's
        parser puts the name in the type slot); empty for an unnamed C
        argument.
    """
    return _argument_name(arg)


def name_declarator(declarator: Nodes.Node | None) -> Nodes.CNameDeclaratorNode | None:
    """Return the name declarator at the bottom of a C declarator chain.

    Parameters
    ----------
    declarator : Nodes.Node or None
        A declarator: a name, or a pointer, function or array declarator
        around one.

    Returns
    -------
    Nodes.CNameDeclaratorNode or None
        The declarator that holds the name and its position.
    """
    while declarator is not None:
        if isinstance(declarator, Nodes.CNameDeclaratorNode):
            return declarator
        declarator = getattr(declarator, "base", None)
    return None


def name_position(source: SourceFile, definition: Definition) -> tuple[int, int]:
    """Return the line and 1-based column where a definition's name is written.

    Parameters
    ----------
    source : SourceFile
        The file.
    definition : Definition
        The definition.

    Returns
    -------
    tuple of int
        ``(line, column)`` of the name; the statement's start if the name
        cannot be found among the tokens.
    """
    if definition.declarator is not None:
        return nodes.line_of(definition.declarator), nodes.column_of(definition.declarator)
    header = _header_logical_line(source, definition)
    if header is not None:
        after_keyword = False
        for token in header.tokens:
            if token.type == tokenize.NAME and token.string in _HEADER_KEYWORDS:
                after_keyword = True
            elif after_keyword and token.type == tokenize.NAME and token.string == definition.name:
                return token.start[0], token.start[1] + 1
    return nodes.line_of(definition.node), nodes.column_of(definition.node)


def header_line(source: SourceFile, definition: Definition) -> int:
    """Return the line of a definition's ``def``/``class``/``property`` keyword.

    Parameters
    ----------
    source : SourceFile
        The file, whose tokens place the keyword past the decorators.
    definition : Definition
        The definition.

    Returns
    -------
    int
        The first line of the definition after its decorators.
    """
    if definition.declarator is not None:
        return nodes.line_of(definition.declarator)
    header = _header_logical_line(source, definition)
    return header.start if header is not None else nodes.line_of(definition.node)


def docstring_token(source: SourceFile, definition: Definition) -> tokenize.TokenInfo | None:
    """Return the string token of a definition's docstring.

    Parameters
    ----------
    source : SourceFile
        The file.
    definition : Definition
        A class, function or property with a docstring.

    Returns
    -------
    tokenize.TokenInfo or None
        The docstring's first string token (a docstring may be several
        adjacent literals), or ``None`` if the definition has no docstring
        or it cannot be located.
    """
    if nodes.docstring(definition.node) is None:
        return None
    index = _header_index(source, definition)
    if index is None:
        return None
    logical_lines = source.tokens.logical_lines
    header = logical_lines[index]
    if index + 1 < len(logical_lines):
        following = logical_lines[index + 1]
        if all(token.type == tokenize.STRING for token in following.tokens):
            return following.tokens[0]
    # ``def f(): "doc"`` on one line: the docstring ends the header.
    if header.tokens and header.tokens[-1].type == tokenize.STRING:
        strings = []
        for token in reversed(header.tokens):
            if token.type != tokenize.STRING:
                break
            strings.append(token)
        return strings[-1]
    return None


def module_docstring_token(source: SourceFile) -> tokenize.TokenInfo | None:
    """Return the string token of the module docstring, if the module has one.

    Parameters
    ----------
    source : SourceFile
        The file.

    Returns
    -------
    tokenize.TokenInfo or None
        The first token of the first statement when it is the docstring.
    """
    if nodes.docstring(source.tree) is None or not source.tokens.logical_lines:
        return None
    first = source.tokens.logical_lines[0]
    if first.tokens and first.tokens[0].type == tokenize.STRING:
        return first.tokens[0]
    return None


def is_overload(definition: Definition) -> bool:
    """Return whether a function is a ``typing.overload`` signature stub."""
    return any(name in _OVERLOAD_DECORATORS for name in nodes.decorator_names(definition.node))


def is_override(definition: Definition) -> bool:
    """Return whether a method is marked ``typing.override`` (it inherits its documentation)."""
    return any(name in _OVERRIDE_DECORATORS for name in nodes.decorator_names(definition.node))


def _definitions_of(source: SourceFile) -> tuple[Definition, ...]:
    """Return the definitions of a file (memoized per file: every rule asks for them)."""
    found: list[Definition] = []
    _collect(source.tree.body, None, False, found)
    found.sort(key=lambda d: (nodes.line_of(d.node), nodes.column_of(d.node)))
    return tuple(found)


def _line_starts(source: SourceFile) -> list[int]:
    """Return the first line of every logical line, for bisection (memoized per file)."""
    return source.memo("visibility.line_starts", lambda src: [logical.start for logical in src.tokens.logical_lines])


def _collect(node: Nodes.Node | None, parent: Definition | None, in_extern: bool, found: list[Definition]) -> None:
    """Append the definitions at and below ``node`` to ``found``."""
    if node is None or isinstance(node, ExprNodes.ExprNode):
        return
    if isinstance(node, Nodes.CDefExternNode):
        _collect(node.body, parent, True, found)
        return
    definition = _as_definition(node, parent, in_extern)
    if definition is not None:
        found.append(definition)
        parent = definition
    elif isinstance(node, Nodes.CVarDefNode):
        found.extend(_prototypes(node, parent, in_extern))
        return
    for child in _children(node):
        _collect(child, parent, in_extern, found)


def _as_definition(node: Nodes.Node, parent: Definition | None, in_extern: bool) -> Definition | None:
    """Return ``node`` as a :class:`Definition` if it defines a class, function or property."""
    name = nodes.definition_name(node)
    kind = nodes.definition_kind(node)
    if name is None or kind is None:
        return None
    if isinstance(node, Nodes.CClassDefNode) and node.visibility == "extern":
        in_extern = True
    if isinstance(node, Nodes.DefNode):
        # Cython's pure-Python mode: ``@cython.cfunc`` makes a ``cdef``
        # function, ``@cython.ccall`` a ``cpdef`` one.
        decorators = set(nodes.decorator_names(node))
        if decorators & _CFUNC_DECORATORS:
            kind = "cdef"
        elif decorators & _CCALL_DECORATORS:
            kind = "cpdef"
    declarator = None
    if isinstance(node, Nodes.CFuncDefNode):
        declarator = name_declarator(node.declarator)
    return Definition(node, name, kind, parent, in_extern, declarator)


def _prototypes(node: Nodes.CVarDefNode, parent: Definition | None, in_extern: bool) -> Iterator[Definition]:
    """Yield the function prototypes that a ``cdef`` declaration statement declares."""
    kind = "cpdef" if node.overridable else "cdef"
    for declarator in node.declarators:
        if not isinstance(declarator, Nodes.CFuncDeclaratorNode):
            continue  # a variable, or a pointer to a function
        name = name_declarator(declarator)
        if isinstance(declarator.base, Nodes.CNameDeclaratorNode) and name is not None and name.name:
            yield Definition(
                node, name.name, kind, parent, in_extern, name, is_prototype=True, prototype_declarator=declarator
            )


def _children(node: Nodes.Node) -> list[Nodes.Node]:
    """Return the statement-level children of ``node``."""
    if isinstance(node, Nodes.PyClassDefNode):
        attrs = ["body"]  # the other attributes are nodes Cython synthesizes
    else:
        attrs = getattr(type(node), "child_attrs", None)
        if not isinstance(attrs, list):
            return []
    return nodes.held_nodes(node, attrs)


def _function_declarator(declarator: Nodes.Node | None) -> Nodes.CFuncDeclaratorNode | None:
    """Return the function declarator in a C declarator chain."""
    while declarator is not None:
        if isinstance(declarator, Nodes.CFuncDeclaratorNode):
            return declarator
        declarator = getattr(declarator, "base", None)
    return None


def _is_untyped(arg: Nodes.CArgDeclNode) -> bool:
    """Return whether a C argument was written as a bare name.

    ``cdef f(self, stream)`` parses ``stream`` as a type name with an
    empty declarator: Cython cannot tell it from a type until it analyses
    the types.
    """
    base = arg.base_type
    name = name_declarator(arg.declarator)
    return (
        isinstance(base, Nodes.CSimpleBaseTypeNode)
        and bool(base.name)
        and not base.is_basic_c_type
        and not base.module_path
        and (name is None or not name.name)
    )


def _argument_name(arg: Nodes.CArgDeclNode) -> str:
    """Return the name of a parameter, handling bare ``cdef`` arguments."""
    if _is_untyped(arg):
        return arg.base_type.name
    name = name_declarator(arg.declarator)
    return name.name if name is not None and name.name else ""


def _argument_type(arg: Nodes.CArgDeclNode) -> str | None:
    """Return the C type written before a parameter's name, if any."""
    base = arg.base_type
    if _is_untyped(arg) or not isinstance(base, Nodes.CSimpleBaseTypeNode) or not base.name:
        return None
    return ".".join([*base.module_path, base.name])


def _argument_position(arg: Nodes.CArgDeclNode) -> tuple[int, int]:
    """Return the line and 1-based column of a parameter's name."""
    if _is_untyped(arg):
        return nodes.line_of(arg.base_type), nodes.column_of(arg.base_type)
    name = name_declarator(arg.declarator)
    target = name if name is not None and name.name else arg
    return nodes.line_of(target), nodes.column_of(target)


def _header_logical_line(source: SourceFile, definition: Definition) -> LogicalLine | None:
    """Return the logical line holding the ``def``/``class`` keyword, after decorators."""
    index = _header_index(source, definition)
    return source.tokens.logical_lines[index] if index is not None else None


def _header_index(source: SourceFile, definition: Definition) -> int | None:
    """Return the index among the logical lines of a definition's header."""
    logical_lines = source.tokens.logical_lines
    index = bisect.bisect_right(_line_starts(source), nodes.line_of(definition.node)) - 1
    if index < 0:
        return None
    while index < len(logical_lines):
        tokens = logical_lines[index].tokens
        if not tokens or tokens[0].string != "@":
            return index
        index += 1
    return None
