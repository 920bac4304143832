# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP001: imports come in five groups, in the guide's order."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.imp.ordering import misplaced_units
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.import_section import import_section

__all__ = ["ImportGroups"]


class ImportGroups(Rule):
    """Check that the imports at the top of a module follow the order of the five groups.

    The groups are ``__future__`` imports, external cimports, first-party
    cimports, external imports and first-party imports. Only the imports
    that must move are reported: those outside the longest run already in
    group order.
    """

    code = "IMP001"
    settings = ("first-party",)

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each import that sits in another group's place."""
        units = import_section(source).units
        groups = [unit.statement.group(config.first_party) for unit in units]
        yield from misplaced_units(units, groups, [group.title for group in groups])
