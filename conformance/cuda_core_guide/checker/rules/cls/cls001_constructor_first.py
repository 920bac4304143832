# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CLS001: ``__cinit__``/``__init__`` (and ``__new__``) come first among the special methods."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cls.members import class_members
from cuda_core_guide.source import SourceFile

__all__ = ["ConstructorFirst"]


class ConstructorFirst(Rule):
    """Check that no other special method precedes a class's constructors.

    ``__new__``, ``__cinit__`` and ``__init__`` may come in any order among
    themselves; each one that follows another special method is reported,
    naming the first special method before it.
    """

    code = "CLS001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each constructor placed after another special method."""
        for cls, members in class_members(source):
            first_special = None
            for member in members:
                if member.group == "special" and first_special is None:
                    first_special = member
                elif member.group == "constructor" and first_special is not None:
                    yield Violation(
                        member.line,
                        member.column,
                        f"`{member.name}` of `{cls.name}` follows {first_special.describe()}; "
                        "put `__cinit__`/`__init__` first among the special methods",
                    )
