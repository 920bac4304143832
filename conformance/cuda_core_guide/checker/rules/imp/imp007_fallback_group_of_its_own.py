# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP007: a ``try``/``except`` import fallback is set off from the other imports by blank lines."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.imp.ordering import has_blank_line_between
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.import_section import import_section

__all__ = ["FallbackGroupOfItsOwn"]


class FallbackGroupOfItsOwn(Rule):
    """Check for a blank line before and after each import fallback that has imports next to it."""

    code = "IMP007"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each fallback that touches a neighbouring import."""
        units = import_section(source).units
        for index, unit in enumerate(units):
            if unit.kind != "fallback":
                continue
            if index > 0 and not has_blank_line_between(source.lines, units[index - 1].end, unit.start):
                previous = units[index - 1]
                yield Violation(
                    unit.start,
                    unit.column,
                    f"add a blank line between {previous.describe()} and {unit.describe()}",
                )
            if index + 1 < len(units) and not has_blank_line_between(source.lines, unit.end, units[index + 1].start):
                following = units[index + 1]
                yield Violation(
                    following.start,
                    following.column,
                    f"add a blank line between {unit.describe()} and {following.describe()}",
                )
