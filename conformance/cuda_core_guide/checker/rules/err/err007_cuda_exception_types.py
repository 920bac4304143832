# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR007: CUDA failures are raised as ``CUDAError`` or ``NVRTCError``, not ``RuntimeError``."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import Bindings, bindings_of, is_status_type
from cuda_core_guide.checker.rules.cud.status import status_binding
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, SCOPE_NODES, TreeIndex, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CudaExceptionTypes"]

_DISGUISES = frozenset({"RuntimeError", "OSError", "IOError", "EnvironmentError"})
_CUDA_EXCEPTIONS = frozenset({"CUDAError", "NVRTCError"})
_STATUS_PREFIXES = ("CUDA_ERROR_", "NVRTC_ERROR_", "NVJITLINK_ERROR_", "cudaError")


class CudaExceptionTypes(Rule):
    """Check that no ``RuntimeError`` or ``OSError`` carries a CUDA failure.

    ``raise RuntimeError(...)`` and ``raise OSError(...)`` (with its
    aliases ``IOError`` and ``EnvironmentError``) are flagged when the
    exception is built from a CUDA status: its arguments read a name
    bound to a binding call's status (``err = cydriver.cuX(...)``,
    ``(err,) = driver.cuX(...)``), a variable or parameter declared with a
    status type (``cdef cydriver.CUresult err``), a binding call, or a
    status type or error code (``driver.CUresult(...)``,
    ``CUDA_ERROR_INVALID_VALUE``). They are also flagged inside an
    ``except`` clause that catches only ``CUDAError`` or ``NVRTCError``:
    the failure there comes from CUDA. A ``RuntimeError`` raised because a
    status has a documented meaning, with a message that does not repeat
    the status (``Event.__sub__``), is not flagged.
    """

    code = "ERR007"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``RuntimeError`` or ``OSError`` built from a CUDA failure."""
        index = tree_index(source)
        raises = [
            (statement, name)
            for statement in index.of(Nodes.RaiseStatNode)
            if (name := _raised_class(statement)) is not None and name.rpartition(".")[2] in _DISGUISES
        ]
        if not raises:
            return
        bindings = bindings_of(source)
        statuses = _status_names(index, bindings)
        for statement, name in raises:
            reason = _status_read(index, bindings, statement, statuses) or _cuda_handler(index, statement)
            if reason is not None:
                yield Violation.at(
                    statement,
                    f"`raise {name}` reports a CUDA failure ({reason}); raise `CUDAError` or `NVRTCError`, "
                    "or let `HANDLE_RETURN` or `handle_return` raise it",
                )


def _raised_class(statement: Nodes.RaiseStatNode) -> str | None:
    """Return the dotted name of the class a ``raise`` statement raises, if written as a name."""
    raised = statement.exc_type
    if isinstance(raised, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        raised = raised.function
    return nodes.dotted_name(raised) if raised is not None else None


def _status_names(index: TreeIndex, bindings: Bindings) -> set[tuple[int, str]]:
    """Return the (scope id, name) pairs of the names that hold a CUDA status."""
    result: set[tuple[int, str]] = set()
    for call in bindings.calls():
        binding = status_binding(index, call)
        if binding is not None and not binding.whole_result:
            result.add((id(index.scope_of(binding.statement)), binding.name))
    for declaration in index.of(Nodes.CVarDefNode):
        if _is_status_base(declaration.base_type):
            scope = id(index.scope_of(declaration))
            for declarator in declaration.declarators:
                if isinstance(declarator, Nodes.CNameDeclaratorNode) and declarator.name:
                    result.add((scope, declarator.name))
    for function in index.of(*FUNCTION_NODES):
        for argument in nodes.arguments(function):
            if argument.name and is_status_type(argument.c_type):
                result.add((id(function), argument.name))
    return result


def _is_status_base(base: Nodes.Node | None) -> bool:
    """Return whether a C base type node names a status type."""
    if not isinstance(base, Nodes.CSimpleBaseTypeNode) or not base.name:
        return False
    return is_status_type(".".join([*base.module_path, base.name]))


def _status_read(
    index: TreeIndex, bindings: Bindings, statement: Nodes.RaiseStatNode, statuses: set[tuple[int, str]]
) -> str | None:
    """Return what status the exception of a ``raise`` statement is built from, if any."""
    built = statement.exc_type
    if not isinstance(built, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
        return None
    scope = id(index.scope_of(statement))
    for node in _subtree(built):
        if node is built.function:
            continue
        if isinstance(node, ExprNodes.NameNode) and (scope, node.name) in statuses:
            return f"status `{node.name}`"
        if isinstance(node, (ExprNodes.NameNode, ExprNodes.AttributeNode)):
            name = nodes.dotted_name(node)
            if name is not None and any(
                is_status_type(part) or part.startswith(_STATUS_PREFIXES) for part in name.split(".")
            ):
                return f"`{name}`"
        if isinstance(node, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)):
            call = bindings.resolve(node)
            if call is not None:
                return f"the result of `{call.name}`"
    return None


def _subtree(root: Nodes.Node) -> Iterator[Nodes.Node]:
    """Yield the nodes inside ``root``, not entering nested scopes."""
    stack = list(nodes.children(root))
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPE_NODES):
            continue
        yield node
        stack.extend(nodes.children(node))


def _cuda_handler(index: TreeIndex, statement: Nodes.RaiseStatNode) -> str | None:
    """Return a description of the ``except CUDAError`` clause a ``raise`` statement is in, if any."""
    child: Nodes.Node = statement
    for ancestor in index.ancestors(statement):
        if isinstance(ancestor, SCOPE_NODES):
            return None
        if isinstance(ancestor, Nodes.ExceptClauseNode) and child is ancestor.body:
            caught = [nodes.dotted_name(pattern) for pattern in ancestor.pattern or ()]
            if caught and all(name is not None and name.rpartition(".")[2] in _CUDA_EXCEPTIONS for name in caught):
                return f"it replaces the caught `{caught[0]}`"
            return None
        child = ancestor
    return None
