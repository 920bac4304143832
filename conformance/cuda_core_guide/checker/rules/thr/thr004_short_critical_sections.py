# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""THR004: no synchronisation, compilation or file I/O while a lock is held.

A ``with lock:`` block (a lock as :mod:`cuda_core_guide.checker.rules.thr.locks`
recognises it) holds the lock for its whole body. Calls there that wait
for the GPU or for the disk make every other thread that wants the lock
wait as well:

- the bindings' synchronisations (``cuStreamSynchronize``,
  ``cuEventSynchronize``, ``cuCtxSynchronize`` and the runtime's
  ``cuda...Synchronize``), and ``.sync()`` with no arguments;
- compilations: ``nvrtcCompileProgram``, ``nvJitLinkComplete``,
  ``cuLinkComplete``, and ``.compile(...)`` on anything but the ``re``
  module;
- ``open()`` and ``time.sleep()``.

Calls in a function or lambda defined inside the block run when that is
called, not under the lock, and are left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import Bindings, bindings_of
from cuda_core_guide.checker.rules.cud.tree import (
    FUNCTION_NODES,
    call_function,
    expression_start,
    tree_index,
)
from cuda_core_guide.checker.rules.thr.locks import held_lock, lock_names
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["ShortCriticalSections"]

_SLOW_BINDINGS = frozenset({"nvrtcCompileProgram", "nvJitLinkComplete", "cuLinkComplete"})
_SLOW_FUNCTIONS = frozenset({"open", "io.open", "time.sleep"})
_REGEX_MODULES = frozenset({"re", "regex"})
_SCOPES = (*FUNCTION_NODES, ExprNodes.LambdaNode, Nodes.PyClassDefNode, Nodes.CClassDefNode)
"""The nodes that end a lock's hold, searching outwards: a ``with lock:`` outside them does not hold inside."""


class ShortCriticalSections(Rule):
    """Check that no ``with lock:`` block synchronises, compiles or does file I/O."""

    code = "THR004"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each slow call made while a lock is held."""
        index = tree_index(source)
        if not index.of(Nodes.WithStatNode):
            return
        bindings = bindings_of(source)
        locks = lock_names(index)
        for node in index.of(ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode):
            slow = _slow_call(node, bindings)
            if slow is None:
                continue
            lock = held_lock(index, node, locks, _SCOPES)
            if lock is None:
                continue
            line, column = expression_start(node)
            yield Violation(
                line,
                column,
                f"`{slow}` runs while `{lock}` is held, and every thread that wants the lock waits for it; "
                f"copy what it needs out of the shared state under the lock and call it after the `with {lock}:` "
                "block",
            )


def _slow_call(node: Nodes.Node, bindings: Bindings) -> str | None:
    """Return how a call is written if it synchronises, compiles or does file I/O."""
    call = bindings.resolve(node)
    if call is not None:
        if call.function.endswith("Synchronize") or call.function in _SLOW_BINDINGS:
            return f"{call.name}()"
        return None
    function = call_function(node)
    name = nodes.dotted_name(function)
    if name in _SLOW_FUNCTIONS:
        return f"{name}()"
    if not isinstance(function, ExprNodes.AttributeNode):
        return None
    if function.attribute == "sync" and isinstance(node, ExprNodes.SimpleCallNode) and not node.args:
        return f"{name}()" if name else ".sync()"
    if function.attribute == "compile" and nodes.dotted_name(function.obj) not in _REGEX_MODULES:
        return f"{name}()" if name else ".compile()"
    return None
