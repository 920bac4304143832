# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""FIL003: every name ``__all__`` lists is an attribute of the module."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import (
    dunder_all,
    has_dynamic_namespace,
    module_attributes,
    module_bindings,
)

__all__ = ["AllNamesDefined"]


class AllNamesDefined(Rule):
    """Check the string literals of ``__all__`` against the attributes the module will have.

    A C-level name (a ``cimport``, a ``cdef`` variable or function, a
    ``ctypedef``) is not an attribute of the compiled module, so listing it
    breaks ``from module import *``; the message says so. Modules whose
    namespace the tree cannot show (star imports, a module ``__getattr__``,
    ``globals()``) are skipped.
    """

    code = "FIL003"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each listed name the module does not bind."""
        declaration = dunder_all(source)
        if declaration is None or not declaration.entries or has_dynamic_namespace(source):
            return
        attributes = module_attributes(source)
        bound = module_bindings(source)
        for entry in declaration.entries:
            if entry.name in attributes:
                continue
            if entry.name in bound:
                message = (
                    f"`__all__` lists `{entry.name}`, a C-level name that is not an attribute of the module; "
                    "`from module import *` fails on it"
                )
            else:
                message = f"`__all__` lists `{entry.name}`, which this module does not define"
            yield Violation(entry.line, entry.column, message)
