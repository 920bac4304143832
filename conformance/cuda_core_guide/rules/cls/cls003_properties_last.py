# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CLS003: properties come after the methods."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cls.members import class_members
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
        """Yield a violation for each regular method placed after a property."""
        for cls, members in class_members(source):
            first_property = None
            for member in members:
                if member.group == "property":
                    first_property = first_property or member
                elif member.group == "method" and first_property is not None:
                    yield Violation(
                        member.line,
                        member.column,
                        f"method `{member.name}` of `{cls.name}` follows {first_property.describe()}; "
                        "define properties after the methods",
                    )
