# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The fix of ``TYP001``: ``Optional[X]`` and ``Union[X, Y]`` written as ``X | None`` and ``X | Y``.

The rewrite keeps what the code does only where annotations are never
evaluated when the code runs: in a ``.py`` file with ``from __future__
import annotations``. Cython reads the annotations of a ``.pyx`` file to
type its variables, so those are left alone. The members are copied from
the text as they are written, and only a subscript the fix can be sure of
is rewritten: ``Optional`` or ``Union`` imported from ``typing``, on one
line, with members that ``|`` cannot bind differently (names, dotted names
and subscripts; no string, no tuple, no operator). A nested ``Optional``
is rewritten by the next pass, once it is the outermost one.
"""

from __future__ import annotations

import tokenize
from collections.abc import Callable

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.fixes import Edit, Fix
from cuda_core_guide.checker.rules import Violation, offset_of
from cuda_core_guide.checker.rules.typ.annotations import Annotation, annotations, expressions
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import logical_line_containing

__all__ = ["pep604_fix"]

_LegacyName = Callable[[ExprNodes.ExprNode], "str | None"]

_TYPING_MODULES = frozenset({"typing", "typing_extensions"})
_OPENING = {"[": "]", "(": ")", "{": "}"}
# Operators a member may hold outside its own brackets: the dots of a
# dotted name, and `|`, which binds as the new `|` does.
_PLAIN_OPERATORS = frozenset({".", "|"})
# Keywords that bind more loosely than `|`: a member holding one would change meaning.
_BINDING_LOOSER = frozenset({"lambda", "if", "else", "or", "and", "not", "in", "is", "await"})


def pep604_fix(source: SourceFile, violation: Violation, legacy_name: _LegacyName) -> Fix | None:
    """Return the fix of the annotation a ``TYP001`` violation points at, or ``None`` if not certain.

    Parameters
    ----------
    source : SourceFile
        The file.
    violation : Violation
        The violation, at the annotation's start.
    legacy_name : callable
        The rule's test of an expression: ``"Optional"``, ``"Union"`` or
        ``None``.

    Returns
    -------
    Fix or None
        One edit per outermost ``Optional``/``Union`` subscript of the
        annotation, written outside any string.
    """
    if source.kind != "py" or not any("annotations" in s.names for s in source.future_imports):
        return None
    annotation = next(
        (a for a in annotations(source) if (a.line, a.column) == (violation.line, violation.column)), None
    )
    if annotation is None:
        return None
    edits = []
    for expr in _outermost(annotation, legacy_name):
        edit = _rewrite(source, expr, legacy_name(expr))
        if edit is None:
            return None
        edits.append(edit)
    return Fix(tuple(edits)) if edits else None


def _outermost(annotation: Annotation, legacy_name: _LegacyName) -> list[ExprNodes.IndexNode]:
    """Return the annotation's outermost legacy subscripts, if none of them is inside a string."""
    legacy = [expr for expr in expressions(annotation.node) if legacy_name(expr)]
    inner = {id(sub) for expr in legacy for sub in list(expressions(expr))[1:]}
    outermost = [expr for expr in legacy if id(expr) not in inner]
    # A string annotation's nodes come from a parse of the string alone.
    if any(expr.pos[0] is not annotation.node.pos[0] for expr in outermost):
        return []
    return outermost


def _rewrite(source: SourceFile, expr: ExprNodes.IndexNode, name: str) -> Edit | None:
    """Return the edit that rewrites one subscript with ``|``, or ``None`` if it is not certain."""
    line, column = expr.pos[1], expr.pos[2]
    logical = logical_line_containing(source, line)
    if logical is None:
        return None
    tokens = list(logical.tokens)
    opening = next((i for i, t in enumerate(tokens) if t.start == (line, column) and t.string == "["), None)
    if opening is None:
        return None
    base = _base_start(tokens, opening)
    closing = _closing(tokens, opening)
    if base is None or closing is None or tokens[base].start[0] != tokens[closing].end[0]:
        return None
    if not _imported_from_typing(source, [t.string for t in tokens[base:opening:2]], name):
        return None
    members = _members(tokens[opening + 1 : closing])
    if not members or any(not _is_plain(member) for member in members):
        return None
    text = source.line_text(line)
    parts = [text[member[0].start[1] : member[-1].end[1]] for member in members]
    if name == "Optional":
        if len(parts) != 1:
            return None
        parts.append("None")
    start = offset_of(source, line, tokens[base].start[1])
    return Edit(start, offset_of(source, line, tokens[closing].end[1]), " | ".join(parts))


def _base_start(tokens: list[tokenize.TokenInfo], opening: int) -> int | None:
    """Return the index of the first token of the dotted name before ``[``."""
    index = opening - 1
    if index < 0 or tokens[index].type != tokenize.NAME:
        return None
    while index >= 2 and tokens[index - 1].string == "." and tokens[index - 2].type == tokenize.NAME:
        index -= 2
    return index


def _closing(tokens: list[tokenize.TokenInfo], opening: int) -> int | None:
    """Return the index of the bracket that closes the one at ``opening``."""
    stack: list[str] = []
    for index in range(opening, len(tokens)):
        string = tokens[index].string
        if tokens[index].type != tokenize.OP:
            continue
        if string in _OPENING:
            stack.append(_OPENING[string])
        elif stack and string == stack[-1]:
            stack.pop()
            if not stack:
                return index
    return None


def _members(tokens: list[tokenize.TokenInfo]) -> list[list[tokenize.TokenInfo]]:
    """Split a subscript's tokens at its top-level commas; an empty member (a trailing comma) is dropped."""
    members: list[list[tokenize.TokenInfo]] = [[]]
    depth = 0
    for token in tokens:
        if token.type == tokenize.OP and token.string in _OPENING:
            depth += 1
        elif token.type == tokenize.OP and token.string in _OPENING.values():
            depth -= 1
        elif token.type == tokenize.OP and token.string == "," and depth == 0:
            members.append([])
            continue
        members[-1].append(token)
    return [member for member in members if member]


def _is_plain(member: list[tokenize.TokenInfo]) -> bool:
    """Return whether a member is names, dots, ``|`` and subscripts at its top level, starting with a name."""
    if member[0].type != tokenize.NAME:
        return False
    depth = 0
    for token in member:
        if token.type == tokenize.OP and token.string in _OPENING:
            if token.string != "[" and depth == 0:
                return False
            depth += 1
        elif token.type == tokenize.OP and token.string in _OPENING.values():
            depth -= 1
        elif depth == 0 and not _plain_at_top(token):
            return False
    return True


def _plain_at_top(token: tokenize.TokenInfo) -> bool:
    """Return whether a token outside brackets keeps ``|`` binding as it did: a name or a dot."""
    if token.type == tokenize.NAME:
        return token.string not in _BINDING_LOOSER
    return token.string in _PLAIN_OPERATORS


def _imported_from_typing(source: SourceFile, dotted: list[str], name: str) -> bool:
    """Return whether ``Optional``/``Union`` (or ``typing.Union``) is the one ``typing`` defines."""
    if dotted[-1] != name:
        return False
    if len(dotted) == 2:
        module = dotted[0]
        return module in _TYPING_MODULES and any(
            s.module == module and not s.is_from for block in source.import_blocks for s in block.statements
        )
    if len(dotted) != 1:
        return False
    return any(
        isinstance(node, Nodes.FromImportStatNode)
        and node.module.module_name.value in _TYPING_MODULES
        and any(imported == name and target.name == name for imported, target in node.items)
        for node in source.nodes
    )
