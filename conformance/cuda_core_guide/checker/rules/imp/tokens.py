# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Import statements as tokens, for the ``IMP`` rules about how an import is written.

Cython's tree does not keep backslashes or how many modules one ``import``
statement names (``import a, b`` becomes two statements), so these rules
read the tokens of every simple statement that starts with ``import``,
``cimport`` or ``from``, wherever it is in the file.
"""

from __future__ import annotations

import tokenize
from collections.abc import Iterator

from cuda_core_guide.source import SourceFile

__all__ = ["IMPORT_KEYWORDS", "import_statements", "module_names", "render"]

IMPORT_KEYWORDS = frozenset({"import", "cimport", "from"})
"""Words that start an import statement."""

_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")


def import_statements(source: SourceFile) -> Iterator[list[tokenize.TokenInfo]]:
    """Yield the tokens of each import statement in the file.

    Parameters
    ----------
    source : SourceFile
        The file whose tokens hold the import statements.

    Yields
    ------
    list of tokenize.TokenInfo
        One statement's tokens; statements that share a line through ``;``
        come separately.
    """
    for logical in source.tokens.logical_lines:
        statement: list[tokenize.TokenInfo] = []
        depth = 0
        for token in logical.tokens:
            if token.type == tokenize.OP and token.string == ";" and depth == 0:
                if _is_import(statement):
                    yield statement
                statement = []
                continue
            depth += _depth_change(token)
            statement.append(token)
        if _is_import(statement):
            yield statement


def module_names(statement: list[tokenize.TokenInfo]) -> list[str]:
    """Return what each comma-separated part of an ``import``/``cimport`` statement names.

    Parameters
    ----------
    statement : list of tokenize.TokenInfo
        Tokens of a plain ``import a, b as c`` statement.

    Returns
    -------
    list of str
        ``["a", "b as c"]``.
    """
    parts: list[list[tokenize.TokenInfo]] = [[]]
    depth = 0
    for token in statement[1:]:
        if token.type == tokenize.OP and token.string == "," and depth == 0:
            parts.append([])
            continue
        depth += _depth_change(token)
        parts[-1].append(token)
    return [render(part) for part in parts if part]


def render(tokens: list[tokenize.TokenInfo]) -> str:
    """Return tokens as one line of code: dots and brackets tight, words apart.

    Parameters
    ----------
    tokens : list of tokenize.TokenInfo
        Tokens of part of a statement.

    Returns
    -------
    str
        ``from a.b import (c, d)`` for the tokens of a multi-line import.
    """
    text = ""
    previous = None
    for token in tokens:
        string = token.string
        text += string if previous is None or _tight(previous, string) else " " + string
        previous = string
    return text


def _is_import(statement: list[tokenize.TokenInfo]) -> bool:
    """Return whether a statement's first token starts an import."""
    return bool(statement) and statement[0].type == tokenize.NAME and statement[0].string in IMPORT_KEYWORDS


def _depth_change(token: tokenize.TokenInfo) -> int:
    """Return how a token changes the bracket depth."""
    if token.type != tokenize.OP:
        return 0
    if token.string in _OPENING:
        return 1
    if token.string in _CLOSING:
        return -1
    return 0


def _tight(previous: str, string: str) -> bool:
    """Return whether ``string`` follows ``previous`` without a space."""
    if string in (",", *_CLOSING) or previous in _OPENING:
        return True
    if set(string) == {"."}:
        return previous not in IMPORT_KEYWORDS
    return set(previous) == {"."} and string not in IMPORT_KEYWORDS
