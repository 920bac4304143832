# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Read the SPDX header at the top of a file, for the ``HDR`` rules."""

from __future__ import annotations

import dataclasses

from cuda_core_guide.source import SourceFile

__all__ = ["COPYRIGHT_TAG", "LICENSE_TAG", "Header", "read_header"]

COPYRIGHT_TAG = "SPDX-FileCopyrightText:"
LICENSE_TAG = "SPDX-License-Identifier:"
_COPYRIGHT_WORDS = "Copyright (c)"


@dataclasses.dataclass(frozen=True)
class Header:
    """Where the header's parts are, and what they say.

    Parameters
    ----------
    first_line : int
        The line the header should start on (2 after a ``#!`` line).
    copyright_text : str or None
        The text after ``SPDX-FileCopyrightText:`` on ``first_line``.
    years : str or None
        The year or year range after ``Copyright (c)``.
    holder : str or None
        The text after the years.
    license_line : int or None
        The line of ``SPDX-License-Identifier:``, if it is among the
        header's comment lines.
    license : str or None
        The identifier after it.
    last_line : int
        The header's last comment line.
    """

    first_line: int
    copyright_text: str | None
    years: str | None
    holder: str | None
    license_line: int | None
    license: str | None
    last_line: int


def read_header(source: SourceFile) -> Header:
    """Read the leading comment block of a file as an SPDX header.

    Parameters
    ----------
    source : SourceFile
        The file.

    Returns
    -------
    Header
        What was found; missing parts are ``None``.
    """
    first = 2 if source.line_text(1).startswith("#!") else 1
    last = first - 1
    while source.line_text(last + 1).startswith("#"):
        last += 1
    copyright_text = years = holder = None
    line = _comment_body(source.line_text(first))
    if line is not None and line.startswith(COPYRIGHT_TAG):
        copyright_text = line[len(COPYRIGHT_TAG) :].strip()
        if copyright_text.startswith(_COPYRIGHT_WORDS):
            rest = copyright_text[len(_COPYRIGHT_WORDS) :].strip()
            years, _, holder = rest.partition(" ")
            holder = holder.strip()
    license_line = license_id = None
    for number in range(first, last + 1):
        body = _comment_body(source.line_text(number))
        if body is not None and body.startswith(LICENSE_TAG):
            license_line, license_id = number, body[len(LICENSE_TAG) :].strip()
            break
    return Header(first, copyright_text, years, holder, license_line, license_id, last)


def _comment_body(line: str) -> str | None:
    """Return a comment line's text after ``#``, or ``None`` if it is no comment."""
    if not line.startswith("#"):
        return None
    return line[1:].strip()
