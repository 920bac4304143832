# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""HDR001: every file begins with the SPDX copyright line."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.hdr.header import COPYRIGHT_TAG, read_header
from cuda_core_guide.checker.rules.hdr.header_fixes import add_header
from cuda_core_guide.source import SourceFile

__all__ = ["SpdxCopyright"]


class SpdxCopyright(Rule):
    """Check that the first line is ``# SPDX-FileCopyrightText: Copyright (c) YEARS HOLDER``."""

    code = "HDR001"
    settings = ("copyright-holder",)
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation if the copyright line is missing or malformed.

        An empty file (a package marker such as an empty ``__init__.pxd``)
        holds nothing to license and needs no header.
        """
        if not source.text.strip():
            return
        header = read_header(source)
        found = source.line_text(header.first_line).strip()
        if header.copyright_text is None:
            shown = f"found {found[:60]!r}" if found else "found a blank line"
            yield Violation(header.first_line, 1, f"file does not begin with `# {COPYRIGHT_TAG}`; {shown}")
        elif header.years is None:
            yield Violation(
                header.first_line, 1, f"copyright line does not read `Copyright (c) YEARS HOLDER`: {found!r}"
            )
        elif header.holder != config.copyright_holder:
            yield Violation(
                header.first_line,
                1,
                f"copyright holder is {header.holder!r}; the project's is {config.copyright_holder!r}",
            )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Write the header into a file that has none; leave another holder or a malformed line alone."""
        return add_header(source, config, read_header(source))
