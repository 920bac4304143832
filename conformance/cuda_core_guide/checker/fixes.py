# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What a fix is: text edits a rule is certain of, and how they are applied.

A fix replaces ranges of the text a rule checked. Offsets count
characters of that text (the decoded file, without a byte order mark).
Fixes whose edits overlap are not applied together: the first wins, and
the others are found again, if still needed, when the new text is checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

__all__ = ["Edit", "Fix", "apply_fixes", "has_plain_lines", "line_starts", "newline_of"]

# Line breaks that `str.splitlines` honours but `tokenize` does not: in a
# text with any of them, the lines the rules count and the lines the tokens
# count differ, and an offset taken from one could land wrong in the other.
_ODD_BREAKS = frozenset("\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


@dataclasses.dataclass(frozen=True, order=True)
class Edit:
    """Replace ``text[start:end]`` with ``replacement``.

    Parameters
    ----------
    start : int
        The first character replaced (an insertion when ``end == start``).
    end : int
        The character after the last one replaced.
    replacement : str
        The new text.
    """

    start: int
    end: int
    replacement: str


@dataclasses.dataclass(frozen=True)
class Fix:
    """Edits that together correct one violation; they are applied all or none.

    Parameters
    ----------
    edits : tuple of Edit
        Non-overlapping edits of the checked text.
    """

    edits: tuple[Edit, ...]

    @classmethod
    def replace(cls, start: int, end: int, replacement: str) -> Fix:
        """Return a fix of one edit.

        Parameters
        ----------
        start : int
            The first character replaced.
        end : int
            The character after the last one replaced.
        replacement : str
            The new text.

        Returns
        -------
        Fix
            The fix.
        """
        return cls((Edit(start, end, replacement),))

    @property
    def span(self) -> tuple[int, int]:
        """The first and the last character the fix touches."""
        return min(edit.start for edit in self.edits), max(edit.end for edit in self.edits)


def apply_fixes(text: str, fixes: Iterable[Fix]) -> tuple[str, int]:
    """Apply the fixes that do not overlap one another.

    Two fixes overlap when their spans touch, even at one point, so that
    two insertions at the same place are never applied in an arbitrary
    order: the second waits for the next pass.

    Parameters
    ----------
    text : str
        The text the fixes were made for.
    fixes : iterable of Fix
        The fixes, in any order; they are considered by where they start.

    Returns
    -------
    tuple of (str, int)
        The new text and how many fixes were applied.
    """
    chosen: list[Fix] = []
    taken: list[tuple[int, int]] = []
    for fix in sorted(fixes, key=lambda fix: (fix.span, fix.edits)):
        if not fix.edits or any(fix.span[0] <= end and start <= fix.span[1] for start, end in taken):
            continue
        if fix in chosen:
            continue
        chosen.append(fix)
        taken.append(fix.span)
    edits = sorted((edit for fix in chosen for edit in fix.edits), reverse=True)
    for edit in edits:
        text = text[: edit.start] + edit.replacement + text[edit.end :]
    return text, len(chosen)


def line_starts(text: str) -> list[int]:
    """Return the offset at which each line of a text starts, and the text's length last.

    Parameters
    ----------
    text : str
        The text of a whole file; its lines may end in any way.

    Returns
    -------
    list of int
        Index 0 is line 1; the last entry, one past the last line, is the
        length of the text.
    """
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def newline_of(text: str) -> str:
    """Return the line ending a text uses: that of its first line, ``"\\n"`` if it has none.

    Parameters
    ----------
    text : str
        The text.

    Returns
    -------
    str
        ``"\\r\\n"`` or ``"\\n"``.
    """
    end = text.find("\n")
    return "\r\n" if end > 0 and text[end - 1] == "\r" else "\n"


def has_plain_lines(text: str) -> bool:
    """Return whether the text breaks lines only with ``\\n`` or ``\\r\\n``, so that every line count agrees.

    Parameters
    ----------
    text : str
        The text to be fixed, which may end its lines in several ways.

    Returns
    -------
    bool
        False if it holds a lone ``\\r``, a form feed or another character
        that :meth:`str.splitlines` breaks at and :mod:`tokenize` does not.
    """
    if _ODD_BREAKS.intersection(text):
        return False
    return text.count("\r") == text.count("\r\n")
