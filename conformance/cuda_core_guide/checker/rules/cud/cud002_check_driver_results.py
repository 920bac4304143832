# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CUD002: the status of every driver, runtime, NVRTC and nvJitLink call is checked."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.cud.status import is_read_after, status_binding
from cuda_core_guide.checker.rules.cud.tree import expression_start, tree_index
from cuda_core_guide.source import SourceFile

__all__ = ["CheckDriverResults"]


class CheckDriverResults(Rule):
    """Check that no binding call's status is dropped.

    Two shapes drop it: the call as a bare expression statement (a call
    passed to any function, ``HANDLE_RETURN`` or another, is not bare), and
    a status assigned to a name that nothing reads afterwards in the same
    function (for the Python bindings, the first name of the tuple
    unpacking, or the name holding the whole result tuple).
    """

    code = "CUD002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each binding call whose status is never looked at."""
        index = tree_index(source)
        for call in bindings_of(source).calls():
            parent = index.parent(call.node)
            line, column = expression_start(call.node)
            if isinstance(parent, Nodes.ExprStatNode):
                yield Violation(line, column, f"the status returned by `{call.name}` is discarded; check it")
                continue
            binding = status_binding(index, call)
            if binding is None:
                continue
            if not is_read_after(index, binding, index.scope_of(binding.statement)):
                what = "result" if binding.whole_result else "status"
                yield Violation(
                    line,
                    column,
                    f"the {what} of `{call.name}` is assigned to `{binding.name}`, which is never read; check it",
                )
