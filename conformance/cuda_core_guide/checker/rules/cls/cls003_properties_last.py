# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CLS003: properties come after the methods."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cls.members import order_violations
from cuda_core_guide.source import SourceFile

__all__ = ["PropertiesLast"]


class PropertiesLast(Rule):
    """Check that no regular method follows a property.

    Class methods, static methods and ``cdef``/``cpdef`` methods are
    methods. A special method after a property is CLS002's finding, so it
    is not reported here.
    """

    code = "CLS003"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each member whose moving would put the properties last.

        The fewest members are reported: a property above all the methods
        is one finding, not one per method below it.
        """
        yield from order_violations(source, special=False, remedy="define properties after the methods")
