# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Each finding with its source line and a link to its rule, as ruff's ``full`` format shows them.

::

    pkg/_event.pyx:12:5: ERR005 `raise Exception` is too generic; raise ...
       |
    12 |     raise Exception("generic")
       |     ^
       = https://.../rules/ERR005.html

The first line of each finding is the ``concise`` line, so tools that read
``path:line:col:`` prefixes still find every finding.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence

from cuda_core_guide.checker.formats.concise import count_line
from cuda_core_guide.findings import Finding

__all__ = ["render_text"]


def render_text(findings: Sequence[Finding], links: Callable[[str], str | None]) -> str:
    """Render findings with their source lines and rule links, then a count (a format of ``FORMATS``).

    The findings are separated by blank lines and followed by ``Found N
    finding(s).``; the output is ``""`` if there are none.
    """
    if not findings:
        return ""
    read = functools.lru_cache(maxsize=8)(_lines)
    blocks = []
    for finding in findings:
        lines = [str(finding)]
        source = read(finding.path)
        if 0 < finding.line <= len(source):
            lines.extend(_snippet(source[finding.line - 1], finding.line, finding.column))
        url = links(finding.rule)
        if url:
            gutter = " " * len(str(finding.line))
            lines.append(f"{gutter} = {url}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks) + "\n" + count_line(len(findings))


def _snippet(line: str, number: int, column: int) -> list[str]:
    """Return the source line under a gutter, with a caret under the finding's column."""
    gutter = " " * len(str(number))
    shown = line.expandtabs()
    caret = len(line[: max(column - 1, 0)].expandtabs())
    return [f"{gutter} |", f"{number} | {shown}".rstrip(), f"{gutter} | {' ' * caret}^"]


def _lines(path: str) -> list[str]:
    """Return a regular file's lines, or none if it cannot be read (a FIFO is never opened)."""
    if not os.path.isfile(path):
        return []
    try:
        with open(path, encoding="utf-8", errors="replace") as stream:
            return stream.read().splitlines()
    except OSError:
        return []
