# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Recognise Python locks: names assigned a ``threading`` lock, or named like one.

A lock is a name or attribute assigned a ``threading.Lock()``,
``RLock()``, ``Condition()``, ``Semaphore()`` or
``_thread.allocate_lock()`` in the file (through any import of those
names), or one whose last part is named ``lock``, ``rlock`` or ``mutex``,
alone or after an underscore (``_init_lock``, ``self._mutex``).
"""

from __future__ import annotations

import re

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.cud.tree import TreeIndex, call_function
from cuda_core_guide.source import nodes

__all__ = ["held_lock", "is_lock", "lock_names"]

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
_LOCK_NAME = re.compile(r"(?:^|_)(?:r?lock|mutex)$", re.IGNORECASE)


def lock_names(index: TreeIndex) -> frozenset[str]:
    """Return the names and attribute names assigned a new lock in a file.

    Parameters
    ----------
    index : TreeIndex
        The index of the file, whose assignments of ``threading`` locks are read.

    Returns
    -------
    frozenset of str
        The last part of each name or attribute assigned a lock
        (``_lock`` for ``self._lock = threading.Lock()``), computed once
        per file.
    """
    return index.memo("thr.lock_names", _lock_names)


def held_lock(index: TreeIndex, node: Nodes.Node, locks: frozenset[str], scopes: tuple[type, ...]) -> str | None:
    """Return the lock of the innermost ``with lock:`` block whose body runs a node, within its scope.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    node : Nodes.Node
        A node of the file.
    locks : frozenset of str
        The file's locks (:func:`lock_names`).
    scopes : tuple of type
        The nodes that end the search outwards (functions, and classes if
        the caller says so): a lock taken outside them does not hold here.

    Returns
    -------
    str or None
        The lock's dotted name, or ``None`` when no lock of the scope is held.
    """
    child = node
    for ancestor in index.ancestors(node):
        if isinstance(ancestor, scopes):
            return None
        if isinstance(ancestor, Nodes.WithStatNode) and child is ancestor.body:
            name = nodes.dotted_name(ancestor.manager)
            if name is not None and is_lock(name, locks):
                return name
        child = ancestor
    return None


def _lock_names(index: TreeIndex) -> frozenset[str]:
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
    return frozenset(locks)


def is_lock(name: str, locks: frozenset[str]) -> bool:
    """Return whether a dotted name refers to a lock.

    Parameters
    ----------
    name : str
        A dotted name such as ``self._lock``.
    locks : frozenset of str
        The file's :func:`lock_names`.

    Returns
    -------
    bool
        True if its last part was assigned a lock in the file, or is named
        ``lock``, ``rlock`` or ``mutex``, alone or after an underscore.
    """
    last = name.rpartition(".")[2]
    return last in locks or _LOCK_NAME.search(last) is not None
