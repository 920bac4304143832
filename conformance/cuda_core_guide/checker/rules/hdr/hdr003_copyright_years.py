# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""HDR003: the copyright years are ``YYYY`` or ``YYYY-YYYY``, in order, none in the future."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.hdr.header import read_header
from cuda_core_guide.checker.rules.hdr.header_fixes import correct_years
from cuda_core_guide.source import SourceFile

__all__ = ["CopyrightYears"]


class CopyrightYears(Rule):
    """Check the year or year range of the copyright line."""

    code = "HDR003"
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for a malformed, reversed or future year range."""
        header = read_header(source)
        if header.years is None:
            return  # HDR001 reports a malformed copyright line
        first, dash, last = header.years.partition("-")
        if not _is_year(first) or (dash and not _is_year(last)):
            yield Violation(header.first_line, 1, f"copyright years {header.years!r} are not `YYYY` or `YYYY-YYYY`")
            return
        start, end = int(first), int(last) if dash else int(first)
        if start > end:
            yield Violation(header.first_line, 1, f"copyright years {header.years!r} run backwards")
        elif end > config.current_year:
            yield Violation(
                header.first_line, 1, f"copyright year {end} is after the current year {config.current_year}"
            )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Put a backward range in order, or write a two-digit end year in full; never guess a future one."""
        return correct_years(source, config, read_header(source))


def _is_year(text: str) -> bool:
    """Return whether ``text`` is four digits."""
    return len(text) == 4 and text.isdigit()
