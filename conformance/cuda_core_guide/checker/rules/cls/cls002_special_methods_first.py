# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CLS002: special (dunder) methods come before the other methods and the properties."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cls.members import order_violations
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
        yield from order_violations(source, special=True, remedy="define special methods before the other methods")
