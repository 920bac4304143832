# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CMT001: ``TODO:`` and ``NOTE:`` tags are written in capitals with a colon."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation, offset_of
from cuda_core_guide.source import SourceFile

__all__ = ["TagFormat"]

_TODO_WORDS = frozenset({"todo", "fixme"})
_NOTE_WORD = "note"


class TagFormat(Rule):
    """Check the spelling of ``TODO:`` and ``NOTE:`` tags at the start of comments.

    A comment whose first word is ``todo`` or ``fixme`` in any case must
    start with ``TODO:`` (``TODO(owner):`` is accepted too). A comment that
    starts with ``NOTE`` without a colon, or with ``Note:``/``note:``, must
    start with ``NOTE:``; prose such as ``# Note that...`` is not a tag.
    """

    code = "CMT001"
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each misspelt tag."""
        for line, token in sorted(source.tokens.comments.items()):
            text = token.string
            start = _body_start(text)
            body = text[start:]
            word = _leading_word(body)
            after = body[len(word) : len(word) + 1]
            expected = _expected_tag(word, body)
            if expected is None:
                continue
            written = word + after if after and not after.isspace() else word
            yield Violation(
                line,
                token.start[1] + start + 1,
                f"write the comment tag `{written}` as `{expected}`",
            )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Rewrite the tag in capitals with its colon, when what follows it is plain text.

        ``# todo: x``, ``# Todo x`` and ``# FIXME`` become ``# TODO: x``,
        ``# TODO: x`` and ``# TODO:``; ``# NOTE x`` and ``# Note: x``
        become ``# NOTE: x``. A tag followed by other punctuation
        (``# TODO - x``) is left to its author, who may mean more than a tag.
        """
        token = source.tokens.comments.get(violation.line)
        if token is None:
            return None
        start = _body_start(token.string)
        if token.start[1] + start + 1 != violation.column:
            return None
        body = token.string[start:]
        word = _leading_word(body)
        expected = _expected_tag(word, body)
        if expected is None:
            return None
        rest = body[len(word) :]
        if rest.startswith(":"):
            replaced = word + ":"
        elif _is_owner_then_colon(rest):
            replaced, expected = word, expected.removesuffix(":")
        elif not rest.strip() or (rest[0].isspace() and rest.strip()[0].isalnum()):
            replaced = word
        else:
            return None
        first = offset_of(source, violation.line, token.start[1] + start)
        return Fix.replace(first, first + len(replaced), expected)


def _body_start(comment: str) -> int:
    """Return where a comment's text starts, after its ``#`` marks and the spaces that follow them."""
    start = len(comment) - len(comment.lstrip("#"))
    return start + len(comment[start:]) - len(comment[start:].lstrip())


def _leading_word(body: str) -> str:
    """Return the letters at the start of ``body``."""
    end = 0
    while end < len(body) and body[end].isalpha():
        end += 1
    return body[:end]


def _expected_tag(word: str, body: str) -> str | None:
    """Return the tag the comment should start with, or ``None`` if it is fine."""
    rest = body[len(word) :]
    lowered = word.lower()
    if lowered in _TODO_WORDS:
        if word == "TODO" and (rest.startswith(":") or _is_owner_then_colon(rest)):
            return None
        return "TODO:"
    if lowered == _NOTE_WORD:
        if word == "NOTE":
            return None if rest.startswith(":") else "NOTE:"
        return "NOTE:" if rest.startswith(":") else None
    return None


def _is_owner_then_colon(rest: str) -> bool:
    """Return whether ``rest`` reads ``(owner):``, as in ``TODO(owner):``."""
    if not rest.startswith("("):
        return False
    close = rest.find(")")
    return close > 1 and rest[close + 1 : close + 2] == ":"
