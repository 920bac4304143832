# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CUD004: code without the GIL raises only inside ``with gil:``."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.cud001_cydriver_without_gil import gil_holder
from cuda_core_guide.checker.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile

__all__ = ["RaiseWithGil"]


class RaiseWithGil(Rule):
    """Check that every ``raise`` in ``nogil`` code sits in a ``with gil:`` block.

    A ``raise`` statement is flagged when it runs without the GIL: inside
    ``with nogil:`` (or ``with cython.nogil:``, or a ``prange(...,
    nogil=True)`` loop) or in the body of a function declared ``nogil``,
    with no ``with gil:`` block (or function declared ``with gil``) in
    between. Cython takes the GIL implicitly around such a ``raise``; the
    guide asks for it to be taken explicitly.
    """

    code = "CUD004"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each ``raise`` that runs without the GIL."""
        index = tree_index(source)
        for statement in index.of(Nodes.RaiseStatNode, Nodes.ReraiseStatNode):
            if gil_holder(index, statement) is None:
                yield Violation.at(
                    statement,
                    "this `raise` runs without the GIL; put it, and what builds the exception, inside `with gil:`",
                )
