# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP002: among the external cimports, Cython's own come before third-party ones."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.imp.ordering import SUBGROUP_TITLES, misplaced_units, subgroup
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.import_section import import_section
from cuda_core_guide.source.imports import Group

__all__ = ["CythonCimportsFirst"]

_TITLES = SUBGROUP_TITLES[Group.EXTERNAL_CIMPORT]


class CythonCimportsFirst(Rule):
    """Check that ``libc``, ``cpython``, ``cython``... cimports precede ``cuda.bindings`` and other third-party ones."""

    code = "IMP002"
    settings = ("first-party",)
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each external cimport on the wrong side of the other kind."""
        units = [
            unit
            for unit in import_section(source).units
            if unit.statement.group(config.first_party) is Group.EXTERNAL_CIMPORT
        ]
        parts = [subgroup(unit.statement, config.first_party) for unit in units]
        yield from misplaced_units(units, parts, [_TITLES[part] for part in parts])
