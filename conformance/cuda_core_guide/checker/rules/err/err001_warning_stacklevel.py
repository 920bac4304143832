# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR001: every warning names its ``stacklevel``.

The message suggests the value for the kind of file: in a ``.py`` module
each function is a frame, so the caller is at least ``stacklevel=2``;
compiled Cython code pushes no frame of its own, so ``stacklevel=1``
already names the line of Python that called into the extension.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import expression_start
from cuda_core_guide.checker.rules.err.calls import warn_calls_without
from cuda_core_guide.source import SourceFile

__all__ = ["WarningStacklevel"]

_STACKLEVEL_POSITION = 2
_PYTHON_ADVICE = "pass `stacklevel=2` or more"
_COMPILED_ADVICE = "pass `stacklevel=1`, which names the caller's line: compiled code pushes no frame of its own"


class WarningStacklevel(Rule):
    """Check that ``warnings.warn`` calls pass ``stacklevel``.

    ``stacklevel=N`` or a third positional argument both count. A call
    that unpacks ``*args`` or ``**kwargs`` may pass it and is not flagged.
    """

    code = "ERR001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``warnings.warn`` call without ``stacklevel``."""
        advice = _COMPILED_ADVICE if source.kind in {"pyx", "pxi"} else _PYTHON_ADVICE
        for call, name, _ in warn_calls_without(source, "stacklevel", _STACKLEVEL_POSITION):
            line, column = expression_start(call)
            yield Violation(line, column, f"`{name}()` has no `stacklevel`; {advice}")
