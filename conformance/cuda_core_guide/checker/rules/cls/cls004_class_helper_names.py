# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CLS004: module-level helpers that take ``self`` are named ``ClassName_method``.

A helper is a module-level ``cdef`` or ``cpdef`` function (or prototype)
whose first parameter is named ``self``. When that parameter has a class
type (``Buffer self``), the prefix is the class name (leading underscores
optional) or its capital letters (``DMR`` for ``DeviceMemoryResource``);
when it is untyped or ``object``, any CapWords or ALLCAPS prefix will do.
A private helper may add a leading underscore (``_Buffer_close``).
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.nam.case import acronym, is_class_helper, to_snake_case
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import definitions, name_position, parameters

__all__ = ["ClassHelperNames"]

_UNTYPED = frozenset({"object"})


class ClassHelperNames(Rule):
    """Check the names of module-level ``cdef``/``cpdef`` functions whose first parameter is ``self``."""

    code = "CLS004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each helper whose name is not ``Prefix_method``."""
        for definition in definitions(source):
            if definition.parent is not None or definition.in_extern or definition.kind not in ("cdef", "cpdef"):
                continue
            params = parameters(definition)
            if not params or params[0].name != "self":
                continue
            class_name = _class_name(params[0].c_type)
            if class_name is None:
                if not is_class_helper(definition.name):
                    yield Violation(
                        *name_position(source, definition),
                        f"helper `{definition.name}` takes `self`; "
                        f"name it `ClassName_{_method_part(definition.name)}` after the class it serves",
                    )
                continue
            bare = class_name.lstrip("_")
            prefixes = tuple(dict.fromkeys((class_name, bare, acronym(bare))))
            if not is_class_helper(definition.name, prefixes):
                yield Violation(
                    *name_position(source, definition),
                    f"helper `{definition.name}` takes `{class_name} self`; "
                    f"name it `{bare}_{_method_part(definition.name)}`"
                    + (f" or `{acronym(bare)}_...`" if len(acronym(bare)) > 1 else ""),
                )


def _class_name(c_type: str | None) -> str | None:
    """Return the class that a ``self`` parameter's C type names, or ``None`` if untyped."""
    if c_type is None:
        return None
    name = c_type.rstrip("*").rpartition(".")[2]
    return name if name and name not in _UNTYPED else None


def _method_part(name: str) -> str:
    """Return the method name a helper's name suggests, for the message."""
    core = name.lstrip("_")
    prefix, separator, rest = core.partition("_")
    if separator and prefix[:1].isupper() and rest:
        core = rest
    return to_snake_case(core).lstrip("_") or "method"
