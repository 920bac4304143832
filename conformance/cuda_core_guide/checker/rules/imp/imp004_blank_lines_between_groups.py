# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP004: a blank line separates import groups, and none splits a group."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Edit, Fix, newline_of
from cuda_core_guide.checker.rules import Rule, Violation, offset_of
from cuda_core_guide.checker.rules.imp.ordering import has_blank_line_between, subgroup
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.import_section import import_section

__all__ = ["BlankLinesBetweenGroups"]


class BlankLinesBetweenGroups(Rule):
    """Check the lines between neighbouring import statements of the import section.

    A statement of a later group needs a blank line before it; a statement
    of the same group must follow without one (comments are not blank),
    unless one of the two is a multi-line import, which the guide lets a
    blank line set off, or the blank line is where ruff's and isort's
    defaults split a group (Cython's own from third-party cimports, the
    standard library from third-party packages, absolute from relative
    first-party imports). Boundaries where the group goes backwards are
    IMP001's, and those next to ``try``/``if`` import blocks IMP007's.
    """

    code = "IMP004"
    settings = ("first-party",)
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each statement with a missing or extra blank line before it."""
        units = import_section(source).units
        for previous, unit in zip(units, units[1:], strict=False):
            if previous.is_block or unit.is_block or unit.start <= previous.end:
                continue
            before = previous.statement.group(config.first_party)
            group = unit.statement.group(config.first_party)
            blank = has_blank_line_between(source.lines, previous.end, unit.start)
            if group > before and not blank:
                yield Violation(
                    unit.start,
                    unit.column,
                    f"add a blank line between {before.title} and {group.title}, before {unit.describe()}",
                )
            elif (
                group == before
                and blank
                and previous.start == previous.end
                and unit.start == unit.end
                and subgroup(previous.statement, config.first_party) == subgroup(unit.statement, config.first_party)
            ):
                yield Violation(
                    unit.start,
                    unit.column,
                    f"blank line splits {group.title}; remove it between {previous.describe()} and {unit.describe()}",
                )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Add the missing blank line after the earlier statement, or remove the blank lines that split a group.

        A blank line goes right after the earlier statement, so that a
        comment above the later one stays with it. Removing keeps every
        comment line between the two statements.
        """
        units = import_section(source).units
        for previous, unit in zip(units, units[1:], strict=False):
            if unit.start != violation.line or previous.is_block or unit.is_block:
                continue
            if violation.message.startswith("add a blank line"):
                at = offset_of(source, previous.end + 1)
                return Fix.replace(at, at, newline_of(source.text))
            edits = tuple(
                Edit(offset_of(source, number), offset_of(source, number + 1), "")
                for number in range(previous.end + 1, unit.start)
                if not source.line_text(number).strip()
            )
            return Fix(edits) if edits else None
        return None
