# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What Cython's parse tree drops: comments, logical lines and suppressions.

Python's own :mod:`tokenize` reads Cython source: Cython adds keywords and
operators (``cdef``, ``<type>`` casts, ``&x``, ``except?-1``) but no new
string or comment syntax, so comments and line structure come out exact.
"""

from __future__ import annotations

import dataclasses
import io
import tokenize

__all__ = ["LogicalLine", "Suppression", "TokenView", "parse_suppression"]

_NOQA = "noqa"
_LAYOUT_TOKENS = frozenset({tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING, tokenize.ENDMARKER})
"""Token kinds that only lay the text out: no statement keeps them."""


@dataclasses.dataclass(frozen=True, eq=False)
class LogicalLine:
    """One statement's physical extent and tokens.

    Logical lines compare by identity: each statement of a file has one
    object, and ``logical_lines.index(line)`` stays fast on long files.

    Parameters
    ----------
    start : int
        The first physical line (1-based).
    end : int
        The last physical line.
    tokens : tuple of tokenize.TokenInfo
        The statement's tokens, without comments and line breaks.
    """

    start: int
    end: int
    tokens: tuple[tokenize.TokenInfo, ...]


@dataclasses.dataclass(frozen=True)
class Suppression:
    """A ``# noqa`` comment.

    Parameters
    ----------
    line : int
        The line it sits on.
    column : int
        The 1-based column of its ``#``.
    codes : frozenset of str
        The codes it names; empty for a bare ``# noqa``.
    reason : str
        The text after the codes, stripped.
    """

    line: int
    column: int
    codes: frozenset[str]
    reason: str

    def covers(self, code: str) -> bool:
        """Return whether this suppression silences ``code``.

        Parameters
        ----------
        code : str
            The code (``DOC001``) of the rule a finding is of.

        Returns
        -------
        bool
            True for a bare ``# noqa`` and for one that names ``code``.
        """
        return not self.codes or code in self.codes


class TokenView:
    """Tokens, comments and logical lines of one source text.

    Parameters
    ----------
    text : str
        The source text.

    Raises
    ------
    tokenize.TokenError
        If the text ends inside a string or bracket.
    """

    def __init__(self, text: str) -> None:
        self.comments: dict[int, tokenize.TokenInfo] = {}
        self.logical_lines: list[LogicalLine] = []
        self._by_line: dict[int, LogicalLine] = {}
        pending: list[tokenize.TokenInfo] = []
        # The loop runs once per token of every checked file: names are bound
        # locally and the token kind read by index, which halves its cost.
        comments = self.comments
        comment, newline, layout = tokenize.COMMENT, tokenize.NEWLINE, _LAYOUT_TOKENS
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = token[0]
            if kind in layout:
                continue
            if kind == newline:
                if pending:
                    self._add(pending, token[2][0])
                    pending = []
            elif kind == comment:
                comments[token[2][0]] = token
            else:
                pending.append(token)
        if pending:
            self._add(pending, pending[-1].end[0])

    def at(self, line: int) -> LogicalLine | None:
        """Return the logical line that starts on ``line``.

        Parameters
        ----------
        line : int
            A 1-based physical line.

        Returns
        -------
        LogicalLine or None
            The statement starting there, if any.
        """
        return self._by_line.get(line)

    def suppression(self, line: int) -> Suppression | None:
        """Return the ``# noqa`` comment on ``line``, if there is one.

        Parameters
        ----------
        line : int
            A 1-based physical line, which may carry a ``# noqa`` comment.

        Returns
        -------
        Suppression or None
            The parsed suppression.
        """
        comment = self.comments.get(line)
        if comment is None:
            return None
        return parse_suppression(comment.string, line, comment.start[1] + 1)

    def _add(self, tokens: list[tokenize.TokenInfo], end: int) -> None:
        """Record one logical line."""
        logical = LogicalLine(tokens[0].start[0], end, tuple(tokens))
        self.logical_lines.append(logical)
        self._by_line[logical.start] = logical


def parse_suppression(comment: str, line: int, column: int) -> Suppression | None:
    """Parse a comment as a ``# noqa`` suppression.

    The accepted forms are ``# noqa``, ``# noqa: CODE`` and
    ``# noqa: CODE, CODE reason text``; ``noqa`` may also follow other
    comment text (``# type: ignore  # noqa: X``).

    Parameters
    ----------
    comment : str
        The comment, ``#`` included.
    line : int
        The line it sits on.
    column : int
        The 1-based column of its ``#``.

    Returns
    -------
    Suppression or None
        The suppression, or ``None`` if the comment is not one.
    """
    body = comment.lstrip("#").strip()
    lowered = body.lower()
    start = lowered.find(_NOQA)
    while start > 0 and lowered[start - 1] not in " #":
        start = lowered.find(_NOQA, start + 1)
    if start < 0:
        return None
    rest = body[start + len(_NOQA) :]
    if rest and rest[0] not in ": ":
        return None
    if not rest.startswith(":"):
        return Suppression(line, column, frozenset(), rest.strip())
    remaining = rest[1:].strip()
    codes: list[str] = []
    while remaining:
        word, _, tail = remaining.partition(" ")
        parts = [part for part in word.split(",") if part]
        if not parts or not all(map(_looks_like_code, parts)):
            break
        codes.extend(parts)
        remaining = tail.lstrip(" ,")
    reason = remaining.lstrip("-:; ").strip()
    return Suppression(line, column, frozenset(codes), reason)


def _looks_like_code(word: str) -> bool:
    """Return whether ``word`` has the shape of a rule code (``IMP003``, ``F403``)."""
    letters = word.rstrip("0123456789")
    digits = word[len(letters) :]
    return bool(letters) and letters.isalpha() and letters.isupper() and bool(digits)
