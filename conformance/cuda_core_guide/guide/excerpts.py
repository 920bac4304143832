# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Cut one definition out of a source file, so the guide can quote real code.

The guide's ``prefer`` examples may name a file of the reference
implementation and a symbol in it (``Event.record``); the Sphinx extension
and the example tests both take the text from here, so what the site shows
is exactly what the checker and the tests saw.
"""

from __future__ import annotations

import dataclasses
import functools
import textwrap
from pathlib import Path

from Cython.Compiler import Nodes

from cuda_core_guide.source import ParseFailure, SourceFile, load_source, nodes

__all__ = ["Excerpt", "ExcerptError", "excerpt", "outline"]


class ExcerptError(LookupError):
    """Report a file or symbol that an ``include`` names but that cannot be found."""


@dataclasses.dataclass(frozen=True)
class Excerpt:
    """A definition's text and where it came from.

    Parameters
    ----------
    text : str
        The definition, decorators included, dedented.
    path : Path
        The file.
    start : int
        The first line (1-based).
    end : int
        The last line.
    """

    text: str
    path: Path
    start: int
    end: int


def excerpt(path: Path, symbol: str | None = None) -> Excerpt:
    """Return a whole file, or one definition in it.

    Parameters
    ----------
    path : Path
        A source file.
    symbol : str, optional
        ``name`` for a module-level class or function, ``Class.member`` for
        a member. Without it, the whole file.

    Returns
    -------
    Excerpt
        The text and its location.

    Raises
    ------
    ExcerptError
        If the file cannot be read or parsed, or has no such symbol.
    """
    source = _source(path)
    if not symbol:
        return Excerpt(source.text, path, 1, len(source.lines))
    body = source.body
    node = None
    for part in symbol.split("."):
        node = next((n for n in body if nodes.definition_name(n) == part and not _is_setter(n)), None)
        if node is None:
            raise ExcerptError(f"{path} defines no {symbol!r}")
        body = nodes.flatten(getattr(node, "body", None))
    start, end = _extent(source, node)
    text = "\n".join(source.lines[start - 1 : end])
    return Excerpt(textwrap.dedent(text).rstrip() + "\n", path, start, end)


def outline(path: Path) -> dict[str, tuple[str, int, int]]:
    """Return every class and function of a file, and every member of its classes, with their lines.

    Parameters
    ----------
    path : Path
        A source file.

    Returns
    -------
    dict of str to tuple of (str, int, int)
        ``name`` or ``Class.member`` to ``("class" or "def", first line,
        last line)``, decorators included: the tags that Sphinx's viewcode
        expects of a module's source.

    Raises
    ------
    ExcerptError
        If the file cannot be read or parsed.
    """
    source = _source(path)
    tags: dict[str, tuple[str, int, int]] = {}

    def visit(body: list[Nodes.Node], prefix: str) -> None:
        for node in body:
            name = nodes.definition_name(node)
            if name is None or _is_setter(node) or f"{prefix}{name}" in tags:
                continue
            kind = "class" if nodes.is_class(node) else "def"
            tags[f"{prefix}{name}"] = (kind, *_extent(source, node))
            if kind == "class":
                visit(nodes.flatten(getattr(node, "body", None)), f"{prefix}{name}.")

    visit(source.body, "")
    return tags


def _source(path: Path) -> SourceFile:
    """Return a parsed file, from the cache while it is unchanged."""
    try:
        stat = Path(path).stat()
        return _parsed(str(path), stat.st_mtime_ns, stat.st_size)
    except (OSError, ParseFailure) as exc:
        raise ExcerptError(f"cannot read {path}: {exc}") from None


@functools.lru_cache(maxsize=64)
def _parsed(path: str, mtime_ns: int, size: int) -> SourceFile:
    """Parse a file once for as long as it does not change (the guide quotes some files many times)."""
    return load_source(Path(path))


def _is_setter(node: Nodes.Node) -> bool:
    """Return whether a definition is a property's setter or deleter companion."""
    return any(name.endswith((".setter", ".deleter")) for name in nodes.decorator_names(node))


def _extent(source: SourceFile, node: Nodes.Node) -> tuple[int, int]:
    """Return the first and last line of a definition, decorators included.

    The definition ends with the last statement indented deeper than its
    header, so docstrings and multi-line statements come along whole.
    """
    start = min([nodes.line_of(d) for d in getattr(node, "decorators", None) or ()] + [nodes.line_of(node)])
    indent = nodes.column_of(node) - 1
    end = start
    in_header = True
    for logical in source.tokens.logical_lines:
        if logical.start < start:
            continue
        if in_header:
            # Decorators, then the ``def``/``class`` line itself.
            end = logical.end
            in_header = logical.tokens[0].string == "@"
            continue
        if logical.tokens[0].start[1] <= indent:
            break
        end = logical.end
    return start, end
