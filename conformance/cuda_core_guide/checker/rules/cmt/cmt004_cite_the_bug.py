# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CMT004: a comment that works around a bug cites the bug.

Comments on consecutive lines are read as one comment. One that says it
works around something (``workaround``, ``work-around``, ``work around``,
``works around``, ``worked around``, ``working around``, ``hack around``,
or NVIDIA's ``WAR`` in capitals) and names a bug (``bug``, ``bugs``,
``regression``, ``defect``, ``broken``) but cites none is reported. A
citation is a URL, ``#1234``, ``gh-1234``, an ``nvbug`` reference, a
number after ``bug`` or ``issue``, a tracker key such as ``CUDA-1234``,
or any number of five digits or more. A workaround for a limitation
rather than a bug (``work around the fact that...``) has nothing to cite
and is left alone.
"""

from __future__ import annotations

import re
import tokenize
from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile

__all__ = ["CiteTheBug"]

_WORKAROUND = re.compile(
    r"\bwork-?arounds?\b|\b(?:work|works|worked|working)\s+around\b|\bhack(?:s|ed|ing)?\s+around\b|\bWAR\b(?!\w)",
    re.IGNORECASE,
)
_CAPITAL_WAR = re.compile(r"\bWAR\b")
_BUG = re.compile(r"\b(?:bugs?|regressions?|defects?|broken)\b", re.IGNORECASE)
_CITATION = re.compile(
    r"https?://|\bwww\.|#\d+|\bgh-\d+|\bnvbugs?\b|\b(?:bug|issue)s?\s*(?:#|no\.?\s*)?\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b\d{5,}\b",
    re.IGNORECASE,
)


class CiteTheBug(Rule):
    """Check that comments describing a workaround for a bug cite the bug."""

    code = "CMT004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each comment block that works around a bug without citing it."""
        block: list[tokenize.TokenInfo] = []
        for line, token in sorted(source.tokens.comments.items()):
            if block and block[-1].start[0] != line - 1:
                yield from _check_block(block)
                block = []
            block.append(token)
        if block:
            yield from _check_block(block)


def _check_block(block: list[tokenize.TokenInfo]) -> Iterator[Violation]:
    """Yield a violation for one block of comments on consecutive lines, if it needs a citation."""
    text = " ".join(token.string.lstrip("#").strip() for token in block)
    if _CITATION.search(text) or not _BUG.search(text):
        return
    for token in block:
        match = _WORKAROUND.search(token.string)
        if match is None or (match.group(0).upper() == "WAR" and not _CAPITAL_WAR.search(match.group(0))):
            continue
        yield Violation(
            token.start[0],
            token.start[1] + match.start() + 1,
            f"this comment describes a workaround (`{match.group(0)}`) for a bug but cites none; name the bug "
            "it works around (an nvbug number, a GitHub issue `#1234` or its URL) and, where known, the release "
            "that fixes it",
        )
        return
