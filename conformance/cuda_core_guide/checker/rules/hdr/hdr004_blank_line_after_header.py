# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""HDR004: a blank line separates the header from what follows."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.hdr.header import read_header
from cuda_core_guide.checker.rules.hdr.header_fixes import add_blank_line
from cuda_core_guide.source import SourceFile

__all__ = ["BlankLineAfterHeader"]


class BlankLineAfterHeader(Rule):
    """Check that the line after the licence identifier is blank, unless the file ends there."""

    code = "HDR004"
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation when code or a docstring follows the header directly."""
        header = read_header(source)
        if header.license_line is None:
            return
        following = header.license_line + 1
        if following > len(source.lines):
            return
        if source.line_text(following).strip():
            yield Violation(following, 1, "add a blank line between the SPDX header and what follows it")

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Insert the blank line before what follows the header."""
        return add_blank_line(source, violation.line)
