# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""THR003: locks are taken before the GIL is released, not from inside ``nogil`` code."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.cud001_cydriver_without_gil import gil_holder
from cuda_core_guide.checker.rules.cud.tree import (
    FUNCTION_NODES,
    TreeIndex,
    call_function,
    expression_start,
    statement_start,
    tree_index,
)
from cuda_core_guide.checker.rules.thr.locks import is_lock, lock_names
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["LocksBeforeNogil"]

_LOCK_METHODS = frozenset({"acquire", "release", "__enter__", "__exit__"})
_NOGIL_MANAGERS = frozenset({"nogil", "cython.nogil"})
_GIL_MANAGERS = frozenset({"gil", "cython.gil"})


class LocksBeforeNogil(Rule):
    """Check that no lock is taken or dropped from a ``with gil:`` block inside ``nogil`` code.

    A lock is a name or attribute assigned a ``threading.Lock()``,
    ``RLock()``, ``Condition()``, ``Semaphore()`` or
    ``_thread.allocate_lock()`` in the file (through any import of those
    names), or one whose last part is named ``lock``, ``rlock`` or
    ``mutex``, alone or after an underscore (``_init_lock``,
    ``self._mutex``). Flagged are ``lock.acquire()`` and
    ``lock.release()`` calls and ``with lock:`` statements that sit in a
    ``with gil:`` block which itself runs without the GIL (in ``with
    nogil:`` or a function declared ``nogil``). C mutexes taken without
    the GIL are not Python locks and are not looked at.
    """

    code = "THR003"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each lock taken or dropped by going back for the GIL."""
        index = tree_index(source)
        if not index.of(Nodes.GILStatNode):
            return
        locks = lock_names(index)
        for node in index.of(ExprNodes.SimpleCallNode, Nodes.WithStatNode):
            if isinstance(node, Nodes.WithStatNode):
                manager = node.manager
                name = nodes.dotted_name(manager)
                if name is None or not is_lock(name, locks):
                    continue
                what = f"`with {name}:`"
                line, column = statement_start(source, node, "with")
            else:
                function = nodes.dotted_name(call_function(node))
                if function is None:
                    continue
                receiver, _, method = function.rpartition(".")
                if method not in _LOCK_METHODS or not receiver or not is_lock(receiver, locks):
                    continue
                what = f"`{function}()`"
                line, column = expression_start(node)
            block = _gil_block(index, node)
            if block is not None and gil_holder(index, block) is None:
                yield Violation(
                    line,
                    column,
                    f"{what} takes the GIL back inside `nogil` code to use a lock; take the lock "
                    "before releasing the GIL and hold it for the whole `nogil` section",
                )


def _gil_block(index: TreeIndex, node: Nodes.Node) -> Nodes.Node | None:
    """Return the ``with gil:`` block that ``node`` runs in, if the nearest GIL change is one."""
    child = node
    for ancestor in index.ancestors(node):
        if isinstance(ancestor, Nodes.GILStatNode) and child is ancestor.body:
            return ancestor if ancestor.state == "gil" else None
        if isinstance(ancestor, Nodes.WithStatNode) and child is ancestor.body:
            manager = ancestor.manager
            if isinstance(manager, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
                manager = manager.function
            name = nodes.dotted_name(manager)
            if name in _GIL_MANAGERS:
                return ancestor
            if name in _NOGIL_MANAGERS:
                return None
        if isinstance(ancestor, (*FUNCTION_NODES, ExprNodes.LambdaNode)):
            return None
        child = ancestor
    return None
