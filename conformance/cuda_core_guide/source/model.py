# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One checked file: its text, Cython's tree of it, and what the tree drops."""

from __future__ import annotations

import dataclasses
import functools
import tokenize
from collections.abc import Callable
from pathlib import Path
from typing import Self, TypeVar

from Cython.Compiler import Nodes
from Cython.Compiler.ModuleNode import ModuleNode

from cuda_core_guide.source import nodes
from cuda_core_guide.source.imports import ImportStatement, classify
from cuda_core_guide.source.parse import ParseFailure, parse_module
from cuda_core_guide.source.tokens import LogicalLine, Suppression, TokenView

__all__ = ["KINDS", "ImportBlock", "Memoizing", "SourceFile", "load_source", "module_name_for"]

_T = TypeVar("_T")

KINDS = {".pyx": "pyx", ".pxd": "pxd", ".pxi": "pxi", ".py": "py"}
"""File suffixes the checker reads, and the kind each one parses as."""


@dataclasses.dataclass(frozen=True)
class ImportBlock:
    """A run of import statements that the guide treats as one unit.

    A plain import statement is a block of its own; a ``try``/``except``
    fallback whose branches only import is one block of all its imports.

    Parameters
    ----------
    start : int
        The block's first line.
    end : int
        The block's last line.
    statements : tuple of ImportStatement
        The imports in it (for a fallback, those of the ``try`` branch).
    is_fallback : bool
        Whether it is a ``try``/``except`` fallback.
    """

    start: int
    end: int
    statements: tuple[ImportStatement, ...]
    is_fallback: bool


class Memoizing:
    """Keep the analyses of an object, each computed once, in the ``_memo`` dictionary the object creates.

    Rules that share an analysis (a module's ``__all__``, its bindings, the
    index of its tree) store it on what they analyse, so each file pays for
    it once however many rules ask.
    """

    _memo: dict[str, object]

    def memo(self, key: str, compute: Callable[[Self], _T]) -> _T:
        """Return a value derived from this object, computing it once.

        Parameters
        ----------
        key : str
            A name for the analysis, unique across the checker.
        compute : callable
            Computes the value from this object.

        Returns
        -------
        object
            The value.
        """
        if key not in self._memo:
            self._memo[key] = compute(self)
        return self._memo[key]


@dataclasses.dataclass
class SourceFile(Memoizing):
    """A parsed source file, ready for rules to inspect.

    Parameters
    ----------
    path : str
        The path as the user named it; findings report it unchanged.
    kind : str
        ``"pyx"``, ``"pxd"``, ``"pxi"`` or ``"py"``.
    text : str
        The decoded text.
    tree : ModuleNode
        Cython's parse tree.
    module_name : str
        The dotted module name, found by walking up through packages
        (directories with an ``__init__``); the file stem if there are none.
    """

    path: str
    kind: str
    text: str
    tree: ModuleNode
    module_name: str
    _memo: dict[str, object] = dataclasses.field(default_factory=dict, repr=False, compare=False)

    def line_text(self, line: int) -> str:
        """Return physical line ``line`` (1-based), or ``""`` past the end."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def logical_line(self, line: int) -> LogicalLine | None:
        """Return the logical line (statement) that starts on ``line``."""
        return self.tokens.at(line)

    def statement_end(self, line: int) -> int:
        """Return the last physical line of the simple statement starting on ``line``."""
        logical = self.tokens.at(line)
        return logical.end if logical is not None else line

    def suppression(self, line: int) -> Suppression | None:
        """Return the ``# noqa`` comment on ``line``, if any."""
        return self.tokens.suppression(line)

    def _with_statement_column(self, statement: ImportStatement) -> ImportStatement:
        """Take an import's column from its first token (the tree has the name's)."""
        logical = self.tokens.at(statement.line)
        if logical is None:
            return statement
        return dataclasses.replace(statement, column=logical.tokens[0].start[1] + 1)

    def _fallback_imports(self, stat: Nodes.Node) -> ImportBlock | None:
        """Return a ``try``/``except`` statement as an import block, if it is one."""
        if not isinstance(stat, Nodes.TryExceptStatNode):
            return None
        branches = [stat.body, *(clause.body for clause in stat.except_clauses)]
        if stat.else_clause is not None:
            branches.append(stat.else_clause)
        tried = [s for s in nodes.flatten(stat.body) if not isinstance(s, Nodes.PassStatNode)]
        statements = [imp for s in tried for imp in classify(s, in_try=True)]
        if not statements or len(statements) != len(tried):
            return None
        for branch in branches[1:]:
            for s in nodes.flatten(branch):
                if not (classify(s) or isinstance(s, (Nodes.SingleAssignmentNode, Nodes.PassStatNode))):
                    return None
        start = nodes.line_of(stat)
        last = max(nodes.line_of(n) for n in nodes.walk(stat))
        statements = [self._with_statement_column(s) for s in statements]
        return ImportBlock(start, self.statement_end(last), tuple(statements), True)

    @functools.cached_property
    def lines(self) -> list[str]:
        """The physical lines, without line endings (index 0 is line 1)."""
        return self.text.splitlines()

    @functools.cached_property
    def tokens(self) -> TokenView:
        """Comments, logical lines and suppressions from :mod:`tokenize`."""
        return TokenView(self.text)

    @property
    def stem(self) -> str:
        """The file name without its suffix (``_buffer`` for ``_buffer.pyx``)."""
        return Path(self.path).stem

    @property
    def is_package_init(self) -> bool:
        """Whether the file is a package's ``__init__``."""
        return self.stem == "__init__"

    @functools.cached_property
    def nodes(self) -> list[Nodes.Node]:
        """Every node of the tree, expressions included, depth first in source order."""
        return list(nodes.walk(self.tree))

    @functools.cached_property
    def body(self) -> list[Nodes.Node]:
        """The module's top-level statements, flattened."""
        return nodes.flatten(self.tree.body)

    @functools.cached_property
    def docstring_line(self) -> int | None:
        """The line of the module docstring, or ``None`` if there is none."""
        if nodes.docstring(self.tree) is None:
            return None
        first = self.tokens.logical_lines[0] if self.tokens.logical_lines else None
        return first.start if first is not None else None

    @functools.cached_property
    def future_imports(self) -> list[ImportStatement]:
        """The ``from __future__`` imports, which Cython's tree does not keep."""
        result = []
        for logical in self.tokens.logical_lines:
            words = [t.string for t in logical.tokens[:3]]
            if words[:2] == ["from", "__future__"] and logical.tokens[0].start[1] == 0:
                names = tuple(t.string for t in logical.tokens[3:] if t.type == tokenize.NAME and t.string != "as")
                result.append(ImportStatement(logical.start, 1, "__future__", names, False, True))
        return result

    @functools.cached_property
    def import_blocks(self) -> list[ImportBlock]:
        """The module's leading imports, as blocks in source order.

        The import section starts after the module docstring and ends at the
        first statement that is neither an import nor an import fallback.
        """
        blocks = [ImportBlock(s.line, s.line, (s,), False) for s in self.future_imports]
        for stat in self.body:
            statements = classify(stat)
            if statements:
                statements = [self._with_statement_column(s) for s in statements]
                start = statements[0].line
                end = self.statement_end(start)
                blocks.append(ImportBlock(start, end, tuple(statements), False))
                continue
            fallback = self._fallback_imports(stat)
            if fallback is not None:
                blocks.append(fallback)
                continue
            if isinstance(stat, Nodes.PassStatNode):
                continue  # what Cython leaves of a __future__ import
            if nodes.line_of(stat) == self.docstring_line:
                continue
            break
        blocks.sort(key=lambda block: block.start)
        return blocks


def load_source(path: str | Path, text: str | None = None, module_name: str | None = None) -> SourceFile:
    """Read and parse one file.

    Parameters
    ----------
    path : str or Path
        The file. Its suffix decides how it parses.
    text : str, optional
        The text to parse instead of reading ``path`` (for examples and
        editors).
    module_name : str, optional
        The dotted module name; by default found from the package layout
        on disk.

    Returns
    -------
    SourceFile
        The parsed file.

    Raises
    ------
    ParseFailure
        If the text cannot be decoded, tokenized or parsed.
    OSError
        If the file cannot be read.
    """
    path = Path(path)
    kind = KINDS.get(path.suffix, "pyx")
    if text is None:
        text = _decode(path.read_bytes())
    tree = parse_module(text, path.stem, kind)
    source = SourceFile(str(path), kind, text, tree, module_name or module_name_for(path))
    try:
        source.tokens  # noqa: B018 - tokenize now, so a failure is a parse failure
    except (tokenize.TokenError, SyntaxError) as exc:
        line, column = _token_error_position(exc)
        raise ParseFailure(line, column, f"cannot tokenize: {exc.args[0]}") from None
    return source


def module_name_for(path: Path) -> str:
    """Return the dotted module name of a file from the packages around it.

    Parameters
    ----------
    path : Path
        A ``.py``, ``.pyx``, ``.pxd`` or ``.pxi`` file.

    Returns
    -------
    str
        ``core._memory._buffer`` for ``.../cuda/core/_memory/_buffer.pyx``:
        the walk goes up while a directory holds an ``__init__``, so it stops
        below a namespace package such as ``cuda``.
    """
    path = path.resolve() if path.exists() else path
    parts = [] if path.stem == "__init__" else [path.stem]
    directory = path.parent
    while directory != directory.parent and _is_package(directory):
        parts.append(directory.name)
        directory = directory.parent
    return ".".join(reversed(parts)) or path.stem


def _is_package(directory: Path) -> bool:
    """Return whether a directory holds an ``__init__`` module."""
    return any((directory / f"__init__{suffix}").exists() for suffix in (".py", ".pyx", ".pxd"))


def _decode(data: bytes) -> str:
    """Decode UTF-8 source, raising a located :class:`ParseFailure` if it is not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ParseFailure(line, column, f"not valid UTF-8: byte 0x{data[exc.start]:02x}") from None
    return text.removeprefix("\ufeff")


def _token_error_position(exc: Exception) -> tuple[int, int]:
    """Return the (line, column) a tokenize failure points at."""
    if isinstance(exc, SyntaxError) and exc.lineno:
        return exc.lineno, exc.offset or 1
    args = getattr(exc, "args", ())
    if len(args) > 1 and isinstance(args[1], tuple):
        return args[1][0], args[1][1] + 1
    return 1, 1
