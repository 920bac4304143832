# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PKG002: ``.pxd`` files carry no docstrings; the documentation lives in the ``.pyx``."""

from __future__ import annotations

import tokenize
from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import definition_line, logical_line_containing, logical_line_index
from cuda_core_guide.source.import_section import is_docstring_statement

__all__ = ["NoDocstringsInPxd"]

_KIND_WORDS = {
    "cdef class": "cdef class",
    "def": "method",
    "cdef": "cdef function",
    "cpdef": "cpdef function",
    "property": "property",
}


class NoDocstringsInPxd(Rule):
    """Check a ``.pxd`` for module, class, function and attribute docstrings and other bare strings.

    The verbatim C code of a ``cdef extern from *: \"\"\"...\"\"\"`` block is
    not a docstring and is not reported.
    """

    code = "PKG002"
    kinds = frozenset({"pxd"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each docstring or bare string literal."""
        if source.docstring_line is not None:
            yield Violation(
                source.docstring_line, 1, "module docstring in a .pxd file; document the module in the .pyx"
            )
        for stat in source.body:
            yield from _check(source, stat)
            if isinstance(stat, Nodes.CClassDefNode):
                for member in nodes.flatten(stat.body):
                    yield from _check(source, member)


def _check(source: SourceFile, stat: Nodes.Node) -> Iterator[Violation]:
    """Yield a violation for a statement's own docstring, or for a bare string statement."""
    if is_docstring_statement(stat):
        logical = logical_line_containing(source, nodes.line_of(stat))
        line = logical.start if logical is not None else nodes.line_of(stat)
        column = logical.tokens[0].start[1] + 1 if logical is not None else 1
        yield Violation(line, column, "string literal in a .pxd file; keep documentation in the .pyx")
        return
    if nodes.docstring(stat) is None:
        return
    line, column = _docstring_position(source, stat)
    name = nodes.definition_name(stat)
    if isinstance(stat, Nodes.CVarDefNode):
        declarators = [getattr(d, "name", None) for d in stat.declarators]
        name = next((n for n in declarators if n), None)
        what = f"attribute `{name}`" if name else "a declaration"
    else:
        what = f"{_KIND_WORDS.get(nodes.definition_kind(stat), 'definition')} `{name}`"
    yield Violation(line, column, f"docstring of {what} in a .pxd file; document it in the .pyx")


def _docstring_position(source: SourceFile, stat: Nodes.Node) -> tuple[int, int]:
    """Return where the docstring of a definition or declaration starts: the statement after its header."""
    logical_lines = source.tokens.logical_lines
    header_index = logical_line_index(source, definition_line(source, stat))
    if header_index is None:
        return nodes.line_of(stat), 1
    header = logical_lines[header_index]
    index = header_index + 1
    if index < len(logical_lines) and logical_lines[index].tokens[0].type == tokenize.STRING:
        token = logical_lines[index].tokens[0]
        return token.start[0], token.start[1] + 1
    return header.start, header.tokens[0].start[1] + 1
