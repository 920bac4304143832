# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""THR003: locks are taken before the GIL is released, not from inside ``nogil`` code."""

from __future__ import annotations

import re
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.cud001_cydriver_without_gil import gil_holder
from cuda_core_guide.rules.cud.tree import (
    FUNCTION_NODES,
    TreeIndex,
    call_function,
    expression_start,
    statement_start,
    tree_index,
)
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["LocksBeforeNogil"]

_LOCK_FACTORIES = frozenset(
    {
        "threading.Lock",
        "threading.RLock",
        "threading.Condition",
        "threading.Semaphore",
        "threading.BoundedSemaphore",
        "_thread.allocate_lock",
        "_thread.RLock",
    }
)
_LOCK_METHODS = frozenset({"acquire", "release", "__enter__", "__exit__"})
_LOCK_NAME = re.compile(r"(?:^|_)(?:r?lock|mutex)$", re.IGNORECASE)
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
        locks = _lock_names(index)
        for node in index.of(ExprNodes.SimpleCallNode, Nodes.WithStatNode):
            if isinstance(node, Nodes.WithStatNode):
                manager = node.manager
                name = nodes.dotted_name(manager)
                if name is None or not _is_lock(name, locks):
                    continue
                what = f"`with {name}:`"
                line, column = statement_start(source, node, "with")
            else:
                function = nodes.dotted_name(call_function(node))
                if function is None:
                    continue
                receiver, _, method = function.rpartition(".")
                if method not in _LOCK_METHODS or not receiver or not _is_lock(receiver, locks):
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


def _lock_names(index: TreeIndex) -> set[str]:
    """Return the names and attribute names assigned a new lock in the file."""
    factories = set(_LOCK_FACTORIES)
    modules = {"threading": "threading", "_thread": "_thread"}
    for node in index.of(Nodes.FromImportStatNode, Nodes.SingleAssignmentNode):
        if isinstance(node, Nodes.FromImportStatNode):
            module = getattr(node.module.module_name, "value", None)
            if module in modules and not node.module.level:
                for name, target in node.items:
                    if f"{module}.{name}" in _LOCK_FACTORIES:
                        factories.add(target.name)
        elif isinstance(node.rhs, ExprNodes.ImportNode) and isinstance(node.lhs, ExprNodes.NameNode):
            module = getattr(node.rhs.module_name, "value", None)
            if module in modules and node.lhs.name != module:
                factories.update(
                    f"{node.lhs.name}.{f.partition('.')[2]}" for f in _LOCK_FACTORIES if f.startswith(module + ".")
                )
    locks: set[str] = set()
    for node in index.of(Nodes.SingleAssignmentNode):
        if nodes.dotted_name(call_function(node.rhs)) in factories:
            target = nodes.dotted_name(node.lhs)
            if target is not None:
                locks.add(target.rpartition(".")[2])
    return locks


def _is_lock(name: str, locks: set[str]) -> bool:
    """Return whether a dotted name refers to a lock."""
    last = name.rpartition(".")[2]
    return last in locks or _LOCK_NAME.search(last) is not None


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
