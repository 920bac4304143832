# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CMT001: ``TODO:`` and ``NOTE:`` tags are written in capitals with a colon."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
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

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each misspelt tag."""
        for line, token in sorted(source.tokens.comments.items()):
            text = token.string
            start = len(text) - len(text.lstrip("#"))
            start += len(text[start:]) - len(text[start:].lstrip())
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
