# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The import section at the top of a module, as the import and file-structure rules see it.

The section starts after the module docstring and runs while top-level
statements are imports, ``try``/``except`` import fallbacks or ``if`` blocks
that only import (``if sys.version_info >= ...:``, ``if TYPE_CHECKING:``).
It ends at the first other statement. :func:`import_section` returns its
units in source order; :func:`late_imports` returns the module-level imports
that come after it.

Unlike :attr:`SourceFile.import_blocks`, which stops at the first ``if``,
the section here carries on past conditional import blocks, and a fallback
may also re-raise in its ``except`` branch.
"""

from __future__ import annotations

import dataclasses
import tokenize

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import nodes
from cuda_core_guide.source.definitions import logical_line_containing
from cuda_core_guide.source.imports import ImportStatement, classify
from cuda_core_guide.source.model import SourceFile

__all__ = [
    "ImportSection",
    "ImportUnit",
    "describe_statement",
    "import_section",
    "import_units",
    "is_docstring_statement",
    "late_imports",
]

_MAX_NAMES = 3
_FALLBACK_BRANCH_NODES = (
    Nodes.SingleAssignmentNode,
    Nodes.CascadedAssignmentNode,
    Nodes.PassStatNode,
    Nodes.RaiseStatNode,
)
"""What the other branches of an import block may hold besides imports."""


@dataclasses.dataclass(frozen=True)
class ImportSection:
    """The imports at the top of a module.

    Parameters
    ----------
    units : tuple of ImportUnit
        The section's statements and blocks, in source order.
    end_index : int
        The index in :attr:`SourceFile.body` of the first statement after
        the section (``len(body)`` if the module has nothing else).
    """

    units: tuple[ImportUnit, ...]
    end_index: int


@dataclasses.dataclass(frozen=True)
class ImportUnit:
    """One import statement, or one block of imports that the guide treats as a unit.

    Parameters
    ----------
    kind : str
        ``"statement"`` for a plain import, ``"fallback"`` for a
        ``try``/``except`` import fallback, ``"compile-time"`` for an
        import in a compile-time ``IF`` branch, ``"conditional"`` for an ``if``
        block that only imports.
    start : int
        The first line.
    end : int
        The last line.
    column : int
        The 1-based column of its first token.
    statements : tuple of ImportStatement
        The imports (for a block, those of its first branch).
    text : str
        The statement as a short one-line quotation, for messages.
    """

    kind: str
    start: int
    end: int
    column: int
    statements: tuple[ImportStatement, ...]
    text: str

    def describe(self) -> str:
        """Return the unit quoted for a message.

        Returns
        -------
        str
            The statement in backticks; for a block, a phrase naming the
            kind of block and quoting its first import.
        """
        if self.kind == "fallback":
            return f"the `try` import fallback `{self.text}`"
        if self.kind == "compile-time":
            return f"the compile-time `IF` branch's import `{self.text}`"
        if self.kind == "conditional":
            return f"the `if` import block `{self.text}`"
        return f"`{self.text}`"

    @property
    def is_block(self) -> bool:
        """Whether the unit is a block (a fallback, an ``if`` or an ``IF`` branch) rather than a plain statement."""
        return self.kind != "statement"

    @property
    def statement(self) -> ImportStatement:
        """The unit's first import statement."""
        return self.statements[0]


def import_section(source: SourceFile) -> ImportSection:
    """Return the import section of a module.

    Parameters
    ----------
    source : SourceFile
        The module whose first statements, up to the first that is no import, are read.

    Returns
    -------
    ImportSection
        Its units, ``from __future__`` imports included (Cython's tree drops
        those; they come from the tokens), and where the section ends.
    """
    # Most IMP and FIL rules ask for the section; building it once per file
    # keeps a module of n imports at n, not n times the number of rules.
    return source.memo("import_section", _import_section)


def _import_section(source: SourceFile) -> ImportSection:
    """Compute :func:`import_section` (memoized per file)."""
    units = [_future_unit(source, statement) for statement in source.future_imports]
    body = source.body
    end_index = len(body)
    for index, stat in enumerate(body):
        found = import_units(source, stat)
        if found:
            units.extend(found)
            continue
        if isinstance(stat, Nodes.PassStatNode):
            continue  # what Cython leaves of an empty module or a ``from __future__`` import
        if source.docstring_line is not None and nodes.line_of(stat) == source.docstring_line:
            continue
        end_index = index
        break
    units.sort(key=lambda unit: (unit.start, unit.column))
    return ImportSection(tuple(units), end_index)


def late_imports(source: SourceFile) -> list[ImportUnit]:
    """Return the module-level imports that follow the import section.

    Parameters
    ----------
    source : SourceFile
        The module whose statements after ``import_section(source)`` ends are read.

    Returns
    -------
    list of ImportUnit
        Import statements, fallbacks and conditional import blocks among the
        module's top-level statements after the first statement that ends
        the import section, in source order.
    """
    body = source.body
    result: list[ImportUnit] = []
    for stat in body[import_section(source).end_index :]:
        result.extend(import_units(source, stat))
    return result


def import_units(source: SourceFile, stat: Nodes.Node) -> list[ImportUnit]:
    """Return a top-level statement as import units, if it is an import.

    Parameters
    ----------
    source : SourceFile
        The file the statement belongs to.
    stat : Nodes.Node
        One statement of :attr:`SourceFile.body`.

    Returns
    -------
    list of ImportUnit
        One unit per import statement (``import a, b`` is two), one for a
        fallback or conditional block, none for anything else.
    """
    statements = classify(stat)
    if statements:
        logical = logical_line_containing(source, nodes.line_of(stat))
        start = logical.start if logical is not None else statements[0].line
        column = logical.tokens[0].start[1] + 1 if logical is not None else 1
        end = logical.end if logical is not None else start
        placed = tuple(dataclasses.replace(s, line=start, column=column) for s in statements)
        # An indented statement among the module's own is the body of a
        # compile-time IF branch, which Cython's parser puts in the IF's
        # place: like an `if` import block, it is not sorted with the rest.
        kind = "statement" if column == 1 else "compile-time"
        return [ImportUnit(kind, start, end, column, placed, describe_statement(stat))]
    block = _block_unit(source, stat)
    return [block] if block is not None else []


def describe_statement(stat: Nodes.Node) -> str:
    """Return an import statement as one short line of code.

    Parameters
    ----------
    stat : Nodes.Node
        An ``import``, ``from ... import`` or ``cimport`` statement node.

    Returns
    -------
    str
        ``import a.b as c``, ``from .x cimport y as z``, ``from m import a,
        b, c, ...`` (at most three names, then an ellipsis); an empty string
        for a node that is not an import.
    """
    if isinstance(stat, Nodes.FromCImportStatNode):
        module = "." * (stat.relative_level or 0) + stat.module_name
        names = [_alias(item[1], item[2]) for item in stat.imported_names]
        return f"from {module} cimport {_name_list(names)}"
    if isinstance(stat, Nodes.CImportStatNode):
        return f"cimport {_alias(stat.module_name, stat.as_name)}"
    if isinstance(stat, Nodes.FromImportStatNode):
        importer = stat.module
        module = "." * (importer.level or 0) + importer.module_name.value
        names = [_alias(name, getattr(target, "name", name)) for name, target in stat.items]
        return f"from {module} import {_name_list(names)}"
    if isinstance(stat, Nodes.SingleAssignmentNode) and isinstance(stat.rhs, ExprNodes.ImportNode):
        module = stat.rhs.module_name.value
        bound = getattr(stat.lhs, "name", None)
        if bound is None or bound in (module, module.split(".", 1)[0]):
            return f"import {module}"
        return f"import {module} as {bound}"
    return ""


def is_docstring_statement(stat: Nodes.Node) -> bool:
    """Return whether a statement is a bare string literal (a docstring in the wrong place).

    Parameters
    ----------
    stat : Nodes.Node
        A statement.

    Returns
    -------
    bool
        True for an expression statement that is only a string literal.
    """
    return isinstance(stat, Nodes.ExprStatNode) and nodes.string_value(stat.expr) is not None


def _future_unit(source: SourceFile, statement: ImportStatement) -> ImportUnit:
    """Return a ``from __future__`` import as a unit."""
    logical = source.logical_line(statement.line)
    end = logical.end if logical is not None else statement.line
    names = _name_list(list(statement.names))
    return ImportUnit("statement", statement.line, end, 1, (statement,), f"from __future__ import {names}")


def _block_unit(source: SourceFile, stat: Nodes.Node) -> ImportUnit | None:
    """Return a fallback or conditional import block as a unit, else ``None``."""
    found = _block_imports(stat)
    if found is None:
        return None
    statements, text = found
    kind = "fallback" if isinstance(stat, Nodes.TryExceptStatNode) else "conditional"
    start = nodes.line_of(stat)
    last = max(nodes.line_of(n) for n in nodes.walk(stat))
    logical = logical_line_containing(source, last)
    end = logical.end if logical is not None else last
    column = _first_token_column(source, start, "try" if kind == "fallback" else "if")
    return ImportUnit(kind, start, end, column, tuple(statements), text)


def _block_imports(stat: Nodes.Node) -> tuple[list[ImportStatement], str] | None:
    """Return the imports of a block's first branch and its first import's text, if it is an import block.

    The first branch (``try`` body, first ``if`` body) may hold only
    imports and nested import blocks; the other branches may also assign,
    ``pass`` or ``raise``.
    """
    if isinstance(stat, Nodes.TryExceptStatNode):
        first = stat.body
        others = [clause.body for clause in stat.except_clauses]
    elif isinstance(stat, Nodes.IfStatNode):
        first = stat.if_clauses[0].body
        others = [clause.body for clause in stat.if_clauses[1:]]
    else:
        return None
    if stat.else_clause is not None:
        others.append(stat.else_clause)
    statements: list[ImportStatement] = []
    text = ""
    for s in nodes.flatten(first):
        if isinstance(s, Nodes.PassStatNode):
            continue
        found = classify(s, in_try=True)
        if found:
            text = text or describe_statement(s)
        else:
            nested = _block_imports(s)
            if nested is None:
                return None
            found, nested_text = nested
            text = text or nested_text
        statements.extend(found)
    if not statements:
        return None
    for branch in others:
        for s in nodes.flatten(branch):
            if not (classify(s) or isinstance(s, _FALLBACK_BRANCH_NODES) or _block_imports(s) is not None):
                return None
    return statements, text


def _first_token_column(source: SourceFile, line: int, keyword: str) -> int:
    """Return the column of ``keyword`` on ``line``, or 1."""
    logical = source.logical_line(line)
    if logical is not None and logical.tokens[0].type == tokenize.NAME and logical.tokens[0].string == keyword:
        return logical.tokens[0].start[1] + 1
    return 1


def _alias(name: str, as_name: str | None) -> str:
    """Return ``name`` or ``name as alias``."""
    return f"{name} as {as_name}" if as_name and as_name != name else name


def _name_list(names: list[str]) -> str:
    """Return imported names joined, cut after a few."""
    if len(names) > _MAX_NAMES:
        return ", ".join(names[:_MAX_NAMES]) + ", ..."
    return ", ".join(names)
