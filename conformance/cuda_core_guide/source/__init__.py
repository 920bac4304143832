# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's view of a source file: Cython's parse tree plus the text it drops.

:mod:`.parse` runs Cython's parser, :mod:`.model` holds a file's tree,
text and tokens (:class:`SourceFile`), :mod:`.tokens` the text the tree
drops (comments, blank lines), and :mod:`.nodes`, :mod:`.definitions`,
:mod:`.imports`, :mod:`.import_section`, :mod:`.visibility` and
:mod:`.compile_time` answer the questions the rules and the guide's
excerpts ask of a tree. The helpers that only rules use live with the
rules (:mod:`cuda_core_guide.checker.rules.cud.tree`, for one).

It may import Cython and the standard library only: nothing of the rest of
the package, which is built on it.
"""

from __future__ import annotations

from cuda_core_guide.source.model import SourceFile, load_source
from cuda_core_guide.source.parse import ParseFailure

__all__ = ["ParseFailure", "SourceFile", "load_source"]
