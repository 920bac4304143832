# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""HDR002: the header names the project's licence, two lines below the copyright."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.hdr.header import LICENSE_TAG, read_header
from cuda_core_guide.checker.rules.hdr.header_fixes import add_license_line, add_separator
from cuda_core_guide.source import SourceFile

__all__ = ["LicenseIdentifier"]

_MISPLACED = "licence identifier must follow the copyright line after one `#` line"


class LicenseIdentifier(Rule):
    """Check for ``#``, then ``# SPDX-License-Identifier: <licence>`` after the copyright line."""

    code = "HDR002"
    settings = ("license",)
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for a missing, misplaced or wrong licence identifier."""
        header = read_header(source)
        if header.copyright_text is None:
            return  # HDR001 reports the missing header
        expected_line = header.first_line + 2
        if header.license_line is None:
            yield Violation(expected_line, 1, f"header has no `# {LICENSE_TAG} {config.license}` line")
            return
        if header.license != config.license:
            yield Violation(
                header.license_line, 1, f"licence identifier is {header.license!r}; the project's is {config.license!r}"
            )
        if header.license_line != expected_line or source.line_text(header.first_line + 1).strip() != "#":
            yield Violation(header.license_line, 1, _MISPLACED)

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Add a missing licence line under a lone copyright line, or the missing ``#`` line.

        A licence other than the project's is never rewritten.
        """
        header = read_header(source)
        if header.license_line is None:
            return add_license_line(source, config, header)
        if violation.message == _MISPLACED:
            return add_separator(source, header)
        return None
