# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR010: polled completion is reported as a boolean, not as a status or an exception."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import BindingCall, Bindings, bindings_of, is_raising_checker
from cuda_core_guide.checker.rules.cud.status import is_store, status_binding
from cuda_core_guide.checker.rules.cud.tree import TreeIndex, expression_start, is_python_api, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["PolledCompletion"]

_QUERIES = frozenset({"cuEventQuery", "cuStreamQuery", "cudaEventQuery", "cudaStreamQuery"})
_CASTS = frozenset({"int", "bool"})


class PolledCompletion(Rule):
    """Check that the status of ``cuEventQuery`` and ``cuStreamQuery`` is neither raised nor returned.

    Two shapes are flagged: the query call passed straight to a function
    that raises for an error status (``HANDLE_RETURN``, ``handle_return``),
    which turns "not ready" into an exception; and, in a public Python
    function, a ``return`` of the query's status: the call itself, its
    first element, or a name bound to its status, cast (``<int>err``,
    ``int(err)``) or not.
    """

    code = "ERR010"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each query status raised as an exception or returned."""
        index = tree_index(source)
        bindings = bindings_of(source)
        queries = [call for call in bindings.calls() if call.function in _QUERIES]
        if not queries:
            return
        statuses: dict[tuple[int, str], str] = {}
        for call in queries:
            parent = index.parent(call.node)
            if isinstance(parent, (ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode)) and is_raising_checker(parent):
                line, column = expression_start(parent)
                yield Violation(
                    line,
                    column,
                    f"`{nodes.dotted_name(parent.function)}` raises for the `CUDA_ERROR_NOT_READY` of "
                    f"`{call.name}`; compare the status and report completion as `True` or `False`",
                )
            binding = status_binding(index, call)
            if binding is not None and not binding.whole_result:
                statuses[(id(index.scope_of(binding.statement)), binding.name)] = call.name
        mixed: dict[str, set[int]] = {}
        for statement in index.of(Nodes.ReturnStatNode):
            if statement.value is None:
                continue
            function = index.scope_of(statement)
            if not is_python_api(index, function):
                continue
            returned = _returned_query(index, bindings, statuses, statement, mixed)
            if returned is not None:
                yield Violation.at(
                    statement,
                    f"`{nodes.definition_name(function)}` returns the status of `{returned}`; "
                    "return `True` or `False` for completion and raise for other errors",
                )


def _returned_query(
    index: TreeIndex,
    bindings: Bindings,
    statuses: dict[tuple[int, str], str],
    statement: Nodes.Node,
    mixed: dict[str, set[int]],
) -> str | None:
    """Return the query call whose status a ``return`` statement hands back, if any.

    ``mixed`` keeps, per name, the scopes where the name is also bound to
    something else, found in one pass over the name's uses: the answer
    does not depend on the ``return``, and many functions may return the
    same name.
    """
    value = _uncast(statement.value)
    if isinstance(value, ExprNodes.IndexNode) and _is_zero(value.index):
        call = _query(bindings.resolve(value.base))
        return call.name if call is not None and not call.returns_status else None
    call = _query(bindings.resolve(value))
    if call is not None:
        return call.name if call.returns_status else None
    if not isinstance(value, ExprNodes.NameNode):
        return None
    scope = index.scope_of(statement)
    query = statuses.get((id(scope), value.name))
    if query is None:
        return None
    if value.name not in mixed:
        mixed[value.name] = _scopes_binding_others(index, bindings, value.name)
    return None if id(scope) in mixed[value.name] else query


def _scopes_binding_others(index: TreeIndex, bindings: Bindings, name: str) -> set[int]:
    """Return the ids of the scopes where ``name`` is also bound to something other than a query's status."""
    found = set()
    for store in index.named(name):
        if is_store(index, store):
            parent = index.parent(store)
            while isinstance(parent, (ExprNodes.TupleNode, ExprNodes.ListNode)):
                parent = index.parent(parent)
            rhs = getattr(parent, "rhs", None)
            if isinstance(rhs, ExprNodes.IndexNode):
                rhs = rhs.base
            if rhs is None or _query(bindings.resolve(rhs)) is None:
                found.add(id(index.scope_of(store)))
    return found


def _query(call: BindingCall | None) -> BindingCall | None:
    """Return ``call`` if it is a completion query."""
    return call if call is not None and call.function in _QUERIES else None


def _uncast(value: Nodes.Node) -> Nodes.Node:
    """Strip ``<int>x``, ``<bint>x``, ``int(x)`` and ``bool(x)`` from an expression."""
    while True:
        if isinstance(value, ExprNodes.TypecastNode):
            value = value.operand
        elif (
            isinstance(value, ExprNodes.SimpleCallNode)
            and nodes.dotted_name(value.function) in _CASTS
            and len(value.args or ()) == 1
        ):
            value = value.args[0]
        else:
            return value


def _is_zero(node: Nodes.Node) -> bool:
    """Return whether an index expression is the literal ``0``."""
    return isinstance(node, ExprNodes.IntNode) and str(node.value) == "0"
