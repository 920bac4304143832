# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP006: ``from __future__`` imports come first.

Cython's parser, like Python's, rejects a ``from __future__`` import that
follows any other statement (a docstring excepted), so such a file has no
tree for this rule to inspect. The runner reports IMP006 itself when the
parser fails with that error, blanks the offending line and checks the rest
of the file; this rule class only registers the code and yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import SourceFile

__all__ = ["FutureImportsFirst"]


class FutureImportsFirst(Rule):
    """Register IMP006; the runner reports it when the parser rejects a late ``from __future__`` import."""

    code = "IMP006"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield nothing: a file that parsed has its ``__future__`` imports first."""
        yield from ()
