# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CLS002: special (dunder) methods come before the other methods and the properties."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cls.members import class_members
from cuda_core_guide.source import SourceFile

__all__ = ["SpecialMethodsFirst"]


class SpecialMethodsFirst(Rule):
    """Check that every special method precedes the class's regular methods and properties."""

    code = "CLS002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each special method placed after a regular method or property."""
        for cls, members in class_members(source):
            first_other = None
            for member in members:
                if not member.is_special:
                    first_other = first_other or member
                elif first_other is not None:
                    yield Violation(
                        member.line,
                        member.column,
                        f"special method `{member.name}` of `{cls.name}` follows {first_other.describe()}; "
                        "define special methods before the other methods",
                    )
