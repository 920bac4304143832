# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The fixes of the ``HDR`` rules: only what the header's text leaves no doubt about.

A header is written only into a file that has none at all; a holder or a
licence that differs from the project's is never rewritten, since the file
may really be someone else's or under other terms.
"""

from __future__ import annotations

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix, newline_of
from cuda_core_guide.checker.rules import offset_of
from cuda_core_guide.checker.rules.hdr.header import COPYRIGHT_TAG, LICENSE_TAG, Header
from cuda_core_guide.source import SourceFile

__all__ = ["add_blank_line", "add_header", "add_license_line", "add_separator", "correct_years"]

# A leading comment that mentions either word may be a header in another
# form; writing a second one above it would leave two.
_HEADER_WORDS = ("spdx", "copyright")


def add_header(source: SourceFile, config: Config, header: Header) -> Fix | None:
    """Return the fix that writes the whole header into a file that has none.

    Parameters
    ----------
    source : SourceFile
        The file without a header, into whose top the fix writes one.
    config : Config
        Supplies the holder, the licence and the current year.
    header : Header
        What :func:`~cuda_core_guide.checker.rules.hdr.header.read_header` found.

    Returns
    -------
    Fix or None
        ``None`` when the first line is a comment (a ``# cython:`` directive
        or an encoding declaration must stay near the top) or when a
        comment near the top mentions a copyright or SPDX.
    """
    if header.copyright_text is not None or source.line_text(header.first_line).startswith("#"):
        return None
    line = header.first_line
    while line <= len(source.lines) and (not source.line_text(line).strip() or source.line_text(line).startswith("#")):
        if any(word in source.line_text(line).lower() for word in _HEADER_WORDS):
            return None
        line += 1
    newline = newline_of(source.text)
    lines = [
        f"# {COPYRIGHT_TAG} Copyright (c) {config.current_year} {config.copyright_holder}",
        "#",
        f"# {LICENSE_TAG} {config.license}",
    ]
    if source.line_text(header.first_line).strip():
        lines.append("")
    start = offset_of(source, header.first_line)
    return Fix.replace(start, start, newline.join(lines) + newline)


def add_license_line(source: SourceFile, config: Config, header: Header) -> Fix | None:
    """Return the fix that adds the ``#`` and licence lines under a copyright line that stands alone.

    Parameters
    ----------
    source : SourceFile
        The file whose copyright line has no licence line under it.
    config : Config
        Supplies the licence.
    header : Header
        The header, which has a copyright line and no licence line.

    Returns
    -------
    Fix or None
        ``None`` when other comment lines follow the copyright line: where
        the licence belongs among them is not certain.
    """
    if header.copyright_text is None or header.license_line is not None or header.last_line != header.first_line:
        return None
    newline = newline_of(source.text)
    start = offset_of(source, header.first_line + 1)
    ending = "" if source.text[:start].endswith("\n") else newline
    return Fix.replace(start, start, f"{ending}#{newline}# {LICENSE_TAG} {config.license}{newline}")


def add_separator(source: SourceFile, header: Header) -> Fix | None:
    """Return the fix that puts the lone ``#`` line between the copyright and the licence lines.

    Parameters
    ----------
    source : SourceFile
        The file.
    header : Header
        The header.

    Returns
    -------
    Fix or None
        ``None`` unless the licence line follows the copyright line directly.
    """
    if header.copyright_text is None or header.license_line != header.first_line + 1:
        return None
    start = offset_of(source, header.license_line)
    return Fix.replace(start, start, "#" + newline_of(source.text))


def correct_years(source: SourceFile, config: Config, header: Header) -> Fix | None:
    """Return the fix of a year range that runs backwards or ends in two digits.

    ``2026-2024`` becomes ``2024-2026`` and ``2024-26`` becomes
    ``2024-2026``, if the result ends no later than the current year; a
    year in the future is left alone, since the year meant is not known.

    Parameters
    ----------
    source : SourceFile
        The file.
    config : Config
        Supplies the current year.
    header : Header
        The header.

    Returns
    -------
    Fix or None
        The edit of the years, or ``None``.
    """
    if header.years is None or header.copyright_text is None:
        return None
    first, dash, last = header.years.partition("-")
    if not dash or not (len(first) == 4 and first.isdigit() and last.isdigit()):
        return None
    if len(last) == 2 and first[:2] + last >= first:
        wanted = f"{first}-{first[:2]}{last}"
    elif len(last) == 4 and last < first:
        wanted = f"{last}-{first}"
    else:
        return None
    if int(wanted[-4:]) > config.current_year:
        return None
    text = source.line_text(header.first_line)
    # The years follow the copyright words, which follow the tag.
    words = text.find(header.copyright_text)
    column = text.find(header.years, words)
    if words < 0 or column < 0:
        return None
    start = offset_of(source, header.first_line, column)
    return Fix.replace(start, start + len(header.years), wanted)


def add_blank_line(source: SourceFile, line: int) -> Fix:
    """Return the fix that puts a blank line before ``line``.

    Parameters
    ----------
    source : SourceFile
        The file whose header ends right above ``line``.
    line : int
        The line that follows the header directly.

    Returns
    -------
    Fix
        The insertion.
    """
    start = offset_of(source, line)
    return Fix.replace(start, start, newline_of(source.text))
