# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""NAM002: functions, methods and properties are named in snake_case.

Exempt: special names (``__init__``); ``cdef``/``cpdef`` class helpers
named ``Prefix_method`` (``DMR_close``, see CLS004); ``cdef`` functions in
ALL_CAPS, which read as C macros (``HANDLE_RETURN``); and everything in a
``cdef extern`` block. Nested functions and ``.pxd`` prototypes are
checked like any other function.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import is_class_helper, is_snake_case, is_upper_snake_case, to_snake_case
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import Definition, definitions, is_dunder, name_position

__all__ = ["FunctionNames"]


class FunctionNames(Rule):
    """Check that function, method and property names are snake_case."""

    code = "NAM002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each function whose name breaks the convention."""
        for definition in definitions(source):
            if definition.is_class or definition.in_extern or _is_allowed(definition):
                continue
            noun = "property" if definition.property_role else "method" if definition.is_method else "function"
            yield Violation(
                *name_position(source, definition),
                f"{noun} `{definition.name}` is not named in snake_case (`{to_snake_case(definition.name)}`)",
            )


def _is_allowed(definition: Definition) -> bool:
    """Return whether a function's name is snake_case or one of the exempt shapes."""
    name = definition.name
    if is_snake_case(name) or is_dunder(name):
        return True
    if definition.kind in ("cdef", "cpdef") and is_class_helper(name):
        return True
    return definition.kind == "cdef" and is_upper_snake_case(name)
