# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What a module defines and binds at top level, and what Python can see of it.

The file-structure and package-layout rules ask the same questions of a
module: which classes and functions it defines and in what order, which of
them are public and Python-visible, which names it binds at all, what its
``__all__`` lists, and which names a definition needs when the module is
imported (a base class, a decorator, a default value). The answers live
here, on top of Cython's tree, so that every rule answers them alike.
"""

from __future__ import annotations

import bisect
import dataclasses

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import nodes
from cuda_core_guide.source.model import SourceFile
from cuda_core_guide.source.nodes import is_dunder
from cuda_core_guide.source.tokens import LogicalLine

__all__ = [
    "AllEntry",
    "Definition",
    "DunderAll",
    "bound_names",
    "declaration_names",
    "definition_line",
    "dunder_all",
    "exported_or_deleted",
    "has_dynamic_namespace",
    "is_dunder",
    "is_python_visible",
    "logical_line_containing",
    "logical_line_index",
    "module_attributes",
    "module_bindings",
    "postpones_annotations",
    "statement_text",
    "top_level_definitions",
]

_CFUNC_DECORATORS = frozenset({"cython.cfunc", "cfunc"})
_MAX_QUOTE = 60
_BODY_STATEMENTS = (
    Nodes.ForInStatNode,
    Nodes.ForFromStatNode,
    Nodes.WhileStatNode,
    Nodes.WithStatNode,
    Nodes.CDefExternNode,
)
"""Compound statements whose body runs (or declares) at module level."""
_KIND_WORDS = {
    "class": "class",
    "cdef class": "cdef class",
    "def": "function",
    "cpdef": "cpdef function",
    "cdef": "cdef function",
}


@dataclasses.dataclass(frozen=True)
class Definition:
    """A class or function defined directly in a module's body.

    Parameters
    ----------
    name : str
        The defined name.
    kind : str
        ``"class"``, ``"cdef class"``, ``"def"``, ``"cdef"`` or ``"cpdef"``.
    node : Nodes.Node
        The definition's node.
    line : int
        The line of its ``def``/``class`` keyword (after any decorators).
    is_python_visible : bool
        Whether Python code can reach it: classes, ``cdef class``, ``def``
        (unless decorated ``@cython.cfunc``) and ``cpdef``; not ``cdef``
        functions.
    """

    name: str
    kind: str
    node: Nodes.Node
    line: int
    is_python_visible: bool

    def describe(self) -> str:
        """Return the definition quoted for a message: ``cdef class `Buffer```."""
        if self.kind == "def" and not self.is_python_visible:
            return f"cdef function `{self.name}`"
        return f"{_KIND_WORDS[self.kind]} `{self.name}`"

    @property
    def is_class(self) -> bool:
        """Whether it is a class (``class`` or ``cdef class``)."""
        return self.kind in ("class", "cdef class")

    @property
    def is_function(self) -> bool:
        """Whether it is a function (``def``, ``cdef`` or ``cpdef``)."""
        return not self.is_class

    @property
    def is_public(self) -> bool:
        """Whether it is part of the public API: Python-visible and without a leading underscore."""
        return self.is_python_visible and not self.name.startswith("_")

    @property
    def is_private(self) -> bool:
        """Whether it is an implementation detail.

        True for a name with a leading underscore (dunders such as a module
        ``__getattr__`` excepted) and for functions Python cannot call
        (``cdef``, ``cdef inline``, ``@cython.cfunc``), unless C code can:
        ``cdef public`` and ``cdef api`` functions are an exported C API.
        """
        if self.name.startswith("_"):
            return not is_dunder(self.name)
        if self.is_python_visible:
            return False
        node = self.node
        return not (getattr(node, "visibility", None) == "public" or getattr(node, "api", False))


@dataclasses.dataclass(frozen=True)
class AllEntry:
    """One string literal listed in ``__all__``.

    Parameters
    ----------
    name : str
        The listed name.
    line : int
        The line of the string literal.
    column : int
        Its 1-based column.
    """

    name: str
    line: int
    column: int


@dataclasses.dataclass(frozen=True)
class DunderAll:
    """A module's ``__all__``.

    Parameters
    ----------
    line : int
        The line of the first top-level ``__all__ =`` assignment.
    column : int
        Its 1-based column.
    entries : tuple of AllEntry
        The string literals the value lists, in order.
    is_exact : bool
        Whether ``entries`` is the whole of ``__all__``: the value is a
        list or tuple of string literals (or a sum of such) and nothing
        else in the module assigns, extends or changes ``__all__``.
    node : Nodes.Node
        The assignment.
    """

    line: int
    column: int
    entries: tuple[AllEntry, ...]
    is_exact: bool
    node: Nodes.Node

    @property
    def names(self) -> frozenset[str]:
        """The listed names."""
        return frozenset(entry.name for entry in self.entries)


def top_level_definitions(source: SourceFile) -> list[Definition]:
    """Return the classes and functions defined directly in a module's body.

    Parameters
    ----------
    source : SourceFile
        The module whose top-level statements, and the blocks nested in them, are read.

    Returns
    -------
    list of Definition
        In source order, a new list on each call (the analysis behind it is
        memoized per file). Definitions nested in ``if``/``try`` blocks,
        ``cdef extern`` declarations, ``ctypedef``, structs, enums and
        variables are not included.
    """
    return list(source.memo("top_level_definitions", _top_level_definitions))


def _top_level_definitions(source: SourceFile) -> tuple[Definition, ...]:
    """Compute :func:`top_level_definitions` (memoized per file; a tuple, so no caller can change it)."""
    result = []
    for stat in source.body:
        kind = nodes.definition_kind(stat)
        name = nodes.definition_name(stat)
        if kind is None or kind == "property" or not name:
            continue
        if isinstance(stat, Nodes.CClassDefNode) and stat.visibility == "extern":
            continue
        result.append(Definition(name, kind, stat, definition_line(source, stat), is_python_visible(stat)))
    return tuple(result)


def is_python_visible(node: Nodes.Node) -> bool:
    """Return whether Python code can reach a class or function definition.

    Parameters
    ----------
    node : Nodes.Node
        A definition.

    Returns
    -------
    bool
        True for ``class``, ``cdef class`` (not ``extern``), ``def`` (unless
        decorated ``@cython.cfunc``) and ``cpdef``; False for ``cdef``
        functions and anything else.
    """
    if isinstance(node, Nodes.PyClassDefNode):
        return True
    if isinstance(node, Nodes.CClassDefNode):
        return node.visibility != "extern"
    if isinstance(node, Nodes.DefNode):
        return not any(name in _CFUNC_DECORATORS for name in nodes.decorator_names(node))
    if isinstance(node, Nodes.CFuncDefNode):
        return bool(node.overridable)
    return False


def bound_names(stat: Nodes.Node) -> list[str]:
    """Return the names a module-level statement binds in the module's namespace.

    Parameters
    ----------
    stat : Nodes.Node
        A top-level statement.

    Returns
    -------
    list of str
        Classes, functions, assignment and loop targets, import and
        ``cimport`` bindings (``import a.b`` binds ``a``), C declarations
        (variables, ``ctypedef``, structs, enums and their members, fused
        types, ``cdef extern`` declarations), looking into ``if``, ``try``,
        ``for``, ``while`` and ``with`` blocks but not into function or
        class bodies.
    """
    names: list[str] = []
    _collect_bindings(stat, names)
    return names


def module_attributes(source: SourceFile) -> dict[str, int]:
    """Return the names that importing the compiled module makes attributes of it, with their lines.

    Unlike :func:`module_bindings`, C-level names are left out, because a
    module object does not have them: ``cimport`` bindings, ``cdef``
    variables and functions, ``ctypedef``, structs, fused types, and enums
    that are not ``cpdef``. ``cdef class`` types and ``cpdef`` functions and
    enums are attributes.

    Parameters
    ----------
    source : SourceFile
        The parsed file.

    Returns
    -------
    dict of str to int
        Name to line.
    """
    return source.memo("module_attributes", _module_attributes)


def module_bindings(source: SourceFile) -> dict[str, int]:
    """Return every name a module binds at module level, with the line of its first binding.

    Parameters
    ----------
    source : SourceFile
        The parsed file.

    Returns
    -------
    dict of str to int
        Name to line. Names that a function declares ``global`` count as
        module-level bindings too.
    """
    return source.memo("module_bindings", _module_bindings)


def _module_bindings(source: SourceFile) -> dict[str, int]:
    """Compute :func:`module_bindings` (memoized per file)."""
    result: dict[str, int] = {}
    for stat in source.body:
        for name in bound_names(stat):
            result.setdefault(name, nodes.line_of(stat))
    for node in source.nodes:
        if isinstance(node, Nodes.GlobalNode):
            for name in node.names:
                result.setdefault(name, nodes.line_of(node))
    return result


def _module_attributes(source: SourceFile) -> dict[str, int]:
    """Compute :func:`module_attributes` (memoized per file)."""
    result: dict[str, int] = {}
    for stat in source.body:
        names: list[str] = []
        _collect_bindings(stat, names, python_only=True)
        for name in names:
            result.setdefault(name, nodes.line_of(stat))
    for node in source.nodes:
        if isinstance(node, Nodes.GlobalNode):
            for name in node.names:
                result.setdefault(name, nodes.line_of(node))
    return result


def has_dynamic_namespace(source: SourceFile) -> bool:
    """Return whether a module may bind names that the tree does not show.

    Parameters
    ----------
    source : SourceFile
        The module whose top-level statements may bind names at run time.

    Returns
    -------
    bool
        True if it star-imports or star-cimports, defines a module-level
        ``__getattr__``, or calls ``globals()`` anywhere.
    """
    for stat in source.body:
        if nodes.definition_name(stat) == "__getattr__":
            return True
    for node in source.nodes:
        if isinstance(node, Nodes.FromImportStatNode) and any(name == "*" for name, _ in node.items):
            return True
        if isinstance(node, Nodes.FromCImportStatNode) and any(item[1] == "*" for item in node.imported_names):
            return True
        if isinstance(node, ExprNodes.SimpleCallNode) and nodes.dotted_name(node.function) == "globals":
            return True
    return False


def dunder_all(source: SourceFile) -> DunderAll | None:
    """Return a module's ``__all__``, if a top-level statement assigns it.

    Parameters
    ----------
    source : SourceFile
        The parsed file.

    Returns
    -------
    DunderAll or None
        The first top-level assignment to ``__all__`` with the string
        literals of its value, or ``None`` if the module's body assigns
        none.
    """
    return source.memo("dunder_all", _dunder_all)


def exported_or_deleted(source: SourceFile) -> set[str] | None:
    """Return the names a module's exact ``__all__`` lists or a top-level ``del`` removes.

    The rules that compare a module's names with its ``__all__`` pass over
    these names.

    Parameters
    ----------
    source : SourceFile
        The parsed file.

    Returns
    -------
    set of str or None
        A new set, which the caller may add to; ``None`` if the module has
        no ``__all__`` or one that is not exact (:attr:`DunderAll.is_exact`).
    """
    declaration = dunder_all(source)
    if declaration is None or not declaration.is_exact:
        return None
    names = set(declaration.names)
    for stat in source.body:
        if isinstance(stat, Nodes.DelStatNode):
            names.update(arg.name for arg in stat.args if isinstance(arg, ExprNodes.NameNode))
    return names


def _dunder_all(source: SourceFile) -> DunderAll | None:
    """Compute :func:`dunder_all` (memoized per file)."""
    declaration = None
    changed_elsewhere = False
    for stat in source.body:
        if declaration is None and _assigns_all(stat):
            declaration = stat
            continue
        if _mentions_all(stat):
            changed_elsewhere = True
    if declaration is None:
        return None
    entries: list[AllEntry] = []
    is_literal = _literal_strings(declaration.rhs, entries)
    target = declaration.lhs
    return DunderAll(
        nodes.line_of(target),
        nodes.column_of(target),
        tuple(entries),
        is_literal and not changed_elsewhere,
        declaration,
    )


def declaration_names(node: Nodes.Node, *, annotations: bool = True, c_types: bool = True) -> set[str]:
    """Return the names a top-level statement uses when the module is imported.

    A definition cannot move below a definition it needs at that time: a
    base class, a decorator, a default value, a type in a signature or a
    C attribute declaration, a metaclass, or anything a class body or a
    module-level statement evaluates. Function bodies run later and do not
    count.

    Parameters
    ----------
    node : Nodes.Node
        A top-level statement.
    annotations : bool, optional
        Whether Python annotations count; pass False for modules with
        ``from __future__ import annotations``, where they are not
        evaluated.
    c_types : bool, optional
        Whether the types of C declarations (``cdef Event _event``, a
        C-typed argument) count; Cython resolves them in a pass over the
        whole module, so in compiled code they never force an order.

    Returns
    -------
    set of str
        Names (and C type names) it uses; for a dotted ``a.b``, ``a``.
    """
    names: set[str] = set()
    _collect_declaration_names(node, names, annotations, c_types)
    return names


def postpones_annotations(source: SourceFile) -> bool:
    """Return whether a module has ``from __future__ import annotations``.

    Parameters
    ----------
    source : SourceFile
        The module whose ``__future__`` imports are read.

    Returns
    -------
    bool
        True if annotations are not evaluated when definitions run.
    """
    return any("annotations" in statement.names for statement in source.future_imports)


def definition_line(source: SourceFile, node: Nodes.Node) -> int:
    """Return the line of a definition's ``def`` or ``class`` keyword, after its decorators.

    Parameters
    ----------
    source : SourceFile
        The file.
    node : Nodes.Node
        A statement; Cython places some decorated definitions at their
        first decorator.

    Returns
    -------
    int
        The first line of the statement that is not a decorator.
    """
    logical_lines = source.tokens.logical_lines
    index = logical_line_index(source, nodes.line_of(node))
    if index is None:
        return nodes.line_of(node)
    logical = logical_lines[index]
    while logical.tokens[0].string == "@" and index + 1 < len(logical_lines):
        index += 1
        logical = logical_lines[index]
    return logical.start


def logical_line_containing(source: SourceFile, line: int) -> LogicalLine | None:
    """Return the logical line (statement) that spans physical line ``line``.

    Parameters
    ----------
    source : SourceFile
        The file.
    line : int
        A 1-based physical line.

    Returns
    -------
    LogicalLine or None
        The statement whose lines include ``line``, or ``None`` if the line
        is blank, a comment, or between statements.
    """
    index = logical_line_index(source, line)
    return source.tokens.logical_lines[index] if index is not None else None


def logical_line_index(source: SourceFile, line: int) -> int | None:
    """Return the position in ``source.tokens.logical_lines`` of the statement that spans physical line ``line``.

    Rules that step from a statement to its neighbours use the position;
    searching the list for the statement instead costs its length on
    every call, which made a file of n definitions cost n squared.

    Parameters
    ----------
    source : SourceFile
        The file.
    line : int
        A 1-based physical line.

    Returns
    -------
    int or None
        The index of :func:`logical_line_containing`'s statement, or
        ``None`` if the line is blank, a comment, or between statements.
    """
    starts = source.memo("definitions.logical_line_starts", _logical_line_starts)
    index = bisect.bisect_right(starts, line) - 1
    if index < 0 or line > source.tokens.logical_lines[index].end:
        return None
    return index


def _logical_line_starts(source: SourceFile) -> list[int]:
    """Return the first line of each logical line, in order, for bisection (memoized per file)."""
    return [logical.start for logical in source.tokens.logical_lines]


def statement_text(source: SourceFile, stat: Nodes.Node) -> str:
    """Return the first line of a statement's source, stripped and shortened, for messages.

    Parameters
    ----------
    source : SourceFile
        The file.
    stat : Nodes.Node
        A statement.

    Returns
    -------
    str
        ``cdef extern from "cuda.h":``, ``X = 1``...; decorators are
        skipped and long lines cut with an ellipsis.
    """
    text = source.line_text(definition_line(source, stat)).strip()
    if len(text) > _MAX_QUOTE:
        text = text[: _MAX_QUOTE - 3].rstrip() + "..."
    return text


def _collect_bindings(stat: Nodes.Node, names: list[str], *, python_only: bool = False) -> None:
    """Add the names ``stat`` binds at module level to ``names`` (only module attributes, if ``python_only``)."""
    if nodes.is_class(stat):
        name = getattr(stat, "as_name", None) or nodes.definition_name(stat)
        if name:
            names.append(name)
        return
    if nodes.is_function(stat):
        name = nodes.definition_name(stat)
        c_only = isinstance(stat, Nodes.CFuncDefNode) and not stat.overridable
        if name and not (python_only and c_only):
            names.append(name)
        return
    if python_only and isinstance(
        stat,
        (
            Nodes.FromCImportStatNode,
            Nodes.CImportStatNode,
            Nodes.CVarDefNode,
            Nodes.CTypeDefNode,
            Nodes.CStructOrUnionDefNode,
            Nodes.FusedTypeNode,
        ),
    ):
        return
    if python_only and isinstance(stat, Nodes.CEnumDefNode) and not stat.create_wrapper:
        return
    if isinstance(stat, Nodes.FromImportStatNode):
        names.extend(getattr(target, "name", name) for name, target in stat.items if name != "*")
        return
    if isinstance(stat, Nodes.FromCImportStatNode):
        names.extend(item[2] or item[1] for item in stat.imported_names if item[1] != "*")
        return
    if isinstance(stat, Nodes.CImportStatNode):
        names.append(stat.as_name or stat.module_name.split(".", 1)[0])
        return
    if isinstance(stat, (Nodes.SingleAssignmentNode, Nodes.InPlaceAssignmentNode)):
        _collect_targets(stat.lhs, names)
        return
    if isinstance(stat, Nodes.CascadedAssignmentNode):
        for lhs in stat.lhs_list:
            _collect_targets(lhs, names)
        return
    if isinstance(stat, Nodes.CVarDefNode):
        names.extend(n for n in (nodes.declarator_name(d) for d in stat.declarators) if n)
        return
    if isinstance(stat, Nodes.CTypeDefNode):
        name = nodes.declarator_name(stat.declarator)
        if name:
            names.append(name)
        return
    if isinstance(stat, Nodes.CStructOrUnionDefNode):
        names.append(stat.name)
        return
    if isinstance(stat, Nodes.CEnumDefNode):
        if stat.name:
            names.append(stat.name)
        names.extend(item.name for item in stat.items or ())
        return
    if isinstance(stat, Nodes.FusedTypeNode):
        names.append(stat.name)
        return
    if isinstance(stat, (Nodes.ForInStatNode, Nodes.WithStatNode)) and getattr(stat, "target", None) is not None:
        _collect_targets(stat.target, names)
    if isinstance(stat, Nodes.ExceptClauseNode) and stat.target is not None:
        _collect_targets(stat.target, names)
    for child in _statement_children(stat):
        _collect_bindings(child, names, python_only=python_only)


def _collect_targets(target: Nodes.Node | None, names: list[str]) -> None:
    """Add the names an assignment target binds."""
    if isinstance(target, ExprNodes.NameNode):
        names.append(target.name)
    elif isinstance(target, (ExprNodes.TupleNode, ExprNodes.ListNode)):
        for item in target.args:
            _collect_targets(item, names)
    elif isinstance(target, ExprNodes.StarredUnpackingNode):
        _collect_targets(target.target, names)


def _statement_children(stat: Nodes.Node) -> list[Nodes.Node]:
    """Return the statements nested in a compound statement that run at module level."""
    if isinstance(stat, Nodes.StatListNode):
        return list(stat.stats)
    if isinstance(stat, Nodes.IfStatNode):
        children = [clause.body for clause in stat.if_clauses]
    elif isinstance(stat, Nodes.TryExceptStatNode):
        children = [stat.body, *stat.except_clauses]
    elif isinstance(stat, Nodes.ExceptClauseNode):
        children = [stat.body]
    elif isinstance(stat, Nodes.TryFinallyStatNode):
        children = [stat.body, stat.finally_clause]
    elif isinstance(stat, _BODY_STATEMENTS):
        children = [stat.body]
    else:
        return []
    else_clause = getattr(stat, "else_clause", None)
    if else_clause is not None:
        children.append(else_clause)
    return [child for child in children if child is not None]


def _assigns_all(stat: Nodes.Node) -> bool:
    """Return whether ``stat`` is ``__all__ = ...`` (annotated or not)."""
    return (
        isinstance(stat, Nodes.SingleAssignmentNode)
        and isinstance(stat.lhs, ExprNodes.NameNode)
        and stat.lhs.name == "__all__"
        and not isinstance(stat.rhs, ExprNodes.ImportNode)
    )


def _mentions_all(stat: Nodes.Node) -> bool:
    """Return whether ``stat`` may change ``__all__``: assigns, augments or calls a method of it."""
    if "__all__" in bound_names(stat):
        return True
    for node in nodes.walk(stat):
        if isinstance(node, ExprNodes.AttributeNode) and nodes.dotted_name(node.obj) == "__all__":
            return True
        if isinstance(node, ExprNodes.NameNode) and node.name == "__all__" and isinstance(stat, Nodes.DelStatNode):
            return True
    return False


def _literal_strings(value: Nodes.Node, entries: list[AllEntry]) -> bool:
    """Add the string literals of an ``__all__`` value to ``entries``; return whether that was all of it."""
    exact = True
    pending = [value]
    while pending:
        part = pending.pop()
        if isinstance(part, ExprNodes.AddNode):
            pending.extend((part.operand2, part.operand1))
        elif isinstance(part, (ExprNodes.ListNode, ExprNodes.TupleNode)):
            for item in part.args:
                text = nodes.string_value(item)
                if text is None:
                    exact = False
                else:
                    entries.append(AllEntry(text, nodes.line_of(item), nodes.column_of(item)))
        else:
            exact = False
    return exact


def _collect_declaration_names(root: Nodes.Node | None, names: set[str], annotations: bool, c_types: bool) -> None:
    """Add the names ``root`` uses at import time, skipping function bodies (iteratively: trees may be deep)."""
    stack: list[Nodes.Node | None] = [root]
    while stack:
        node = stack.pop()
        if not isinstance(node, Nodes.Node) or isinstance(node, ExprNodes.LambdaNode):
            continue
        if isinstance(node, ExprNodes.AnnotationNode) and not annotations:
            continue
        if isinstance(node, ExprNodes.NameNode):
            names.add(node.name)
        elif isinstance(node, Nodes.CSimpleBaseTypeNode):
            if not c_types:
                continue
            if node.module_path:
                names.add(node.module_path[0])
            elif node.name:
                names.add(node.name)
        else:
            stack.extend(_declaration_parts(node))


def _declaration_parts(node: Nodes.Node) -> list[Nodes.Node | None]:
    """Return the children of ``node`` that run when it is declared: definitions give their headers only."""
    if isinstance(node, Nodes.CArgDeclNode):
        parts = [node.default, node.annotation, node.declarator]
        if nodes.declarator_name(node.declarator) or getattr(node.base_type, "is_basic_c_type", False):
            parts.append(node.base_type)  # else the "type" is the untyped argument's name
        return parts
    if isinstance(node, Nodes.PyArgDeclNode):
        return [node.annotation]
    if isinstance(node, Nodes.DefNode):
        return [*(node.decorators or ()), *node.args, node.star_arg, node.starstar_arg, node.return_type_annotation]
    if isinstance(node, Nodes.CFuncDefNode):
        return [*(node.decorators or ()), node.base_type, node.declarator]
    if isinstance(node, Nodes.CClassDefNode):
        return [*(node.decorators or ()), node.bases, node.body]
    if isinstance(node, Nodes.PyClassDefNode):
        return [*(node.decorators or ()), node.bases, node.metaclass, node.mkw, node.body]
    return list(nodes.children(node))
