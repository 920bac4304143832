# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CLS002: special (dunder) methods come before the other methods and the properties."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cls.members import class_members, misplaced_members
from cuda_core_guide.source import SourceFile

__all__ = ["SpecialMethodsFirst"]


class SpecialMethodsFirst(Rule):
    """Check that the special methods precede the class's regular methods and properties."""

    code = "CLS002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each member whose moving would put special methods first.

        The fewest members are reported: a method above all the special
        methods is one finding, not one per special method below it.
        """
        for cls, members in class_members(source):
            for wrong in misplaced_members(members):
                if not wrong.involves_special:
                    continue
                member, other = wrong.member, wrong.other
                where = "comes before" if wrong.early else "follows"
                yield Violation(
                    member.line,
                    member.column,
                    f"{member.describe_name()} of `{cls.name}` {where} {other.describe()}; "
                    "define special methods before the other methods",
                )
