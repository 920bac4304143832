# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""MEM004: memory is freed in stream order, not after synchronising the whole device.

The rule reads functions that free memory through the bindings (a call of
a function with ``Free`` in its name, ``cuMemRelease``, ``cuMemUnmap`` or
a memory pool's ``Destroy``). A synchronisation of the whole context or
device in the same function (``cuCtxSynchronize``,
``cudaDeviceSynchronize``, ``cudaThreadSynchronize``, or ``.sync()``
called on ``Device(...)`` or on a name ``device``) waits for every
stream of the context so that the free can be immediate. Which streams
used the memory is not stated in the code, but no single free needs the
whole device to go idle: the stream-ordered free on the stream that used
it last does the same without the stall.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.cud.tree import call_function, expression_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["StreamOrderedFree"]

_DEVICE_SYNCHRONISATIONS = frozenset({"cuCtxSynchronize", "cudaDeviceSynchronize", "cudaThreadSynchronize"})
_RELEASES = frozenset({"cuMemRelease", "cuMemUnmap", "cuMemPoolDestroy", "cudaMemPoolDestroy"})
_DEVICE_NAMES = frozenset({"device", "_device", "dev"})


class StreamOrderedFree(Rule):
    """Check that no function that frees memory synchronises the whole device or context."""

    code = "MEM004"
    kinds = frozenset({"pyx", "py", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each device-wide synchronisation in a function that frees memory."""
        calls = bindings_of(source).calls()
        if not calls:
            return
        index = tree_index(source)
        freeing: dict[int, str] = {}
        for call in calls:
            if "Free" in call.function or call.function in _RELEASES:
                freeing.setdefault(id(index.scope_of(call.node)), call.name)
        if not freeing:
            return
        synchronisations = [(call.node, call.name) for call in calls if call.function in _DEVICE_SYNCHRONISATIONS]
        for node in index.of(ExprNodes.SimpleCallNode):
            name = _device_sync(node)
            if name is not None:
                synchronisations.append((node, name))
        for node, name in synchronisations:
            function = index.scope_of(node)
            free = freeing.get(id(function))
            if free is None or function is index.root:
                continue
            line, column = expression_start(node)
            yield Violation(
                line,
                column,
                f"`{nodes.definition_name(function)}` waits for the whole device with `{name}` and frees "
                f"memory with `{free}`; free with the stream-ordered free (`cuMemFreeAsync`) on the stream "
                "that uses the memory last, and drop the synchronisation",
            )


def _device_sync(node: ExprNodes.SimpleCallNode) -> str | None:
    """Return ``Device(...).sync`` or ``device.sync`` if a call synchronises a ``Device``."""
    function = call_function(node)
    if not isinstance(function, ExprNodes.AttributeNode) or function.attribute != "sync" or node.args:
        return None
    receiver = function.obj
    if isinstance(receiver, ExprNodes.SimpleCallNode) and nodes.dotted_name(receiver.function) == "Device":
        return "Device(...).sync"
    name = nodes.dotted_name(receiver)
    if name is not None and name.rpartition(".")[2] in _DEVICE_NAMES:
        return f"{name}.sync"
    return None
