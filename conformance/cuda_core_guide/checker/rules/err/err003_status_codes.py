# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR003: the public API raises exceptions instead of returning CUDA status codes."""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import BindingCall, Bindings, bindings_of, is_status_type
from cuda_core_guide.checker.rules.cud.status import is_store, status_binding
from cuda_core_guide.checker.rules.cud.tree import (
    FUNCTION_NODES,
    TreeIndex,
    definition_position,
    is_python_api,
    tree_index,
)
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["StatusCodes"]


class StatusCodes(Rule):
    """Check that public Python-visible functions never hand a CUDA status to their caller.

    A public ``def`` or ``cpdef`` function (or method of a public class)
    is flagged when its return annotation or C return type is a status
    type (``CUresult``, ``nvrtcResult``, ``nvJitLinkResult``,
    ``cudaError_t``, with any module prefix), and at each ``return`` that
    hands back a binding call's status unchanged: ``return
    driver.cuX(...)[0]``, ``return cydriver.cuX(...)``, or ``return err``
    where ``err`` was last bound to such a status. Private helpers
    (leading underscore) may pass statuses around internally.
    """

    code = "ERR003"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each status type returned and each status returned."""
        index = tree_index(source)
        bindings = bindings_of(source)
        statuses = _status_statements(index, bindings.calls())
        stores = _StatusStores(index, statuses)
        returns: dict[int, list[Nodes.Node]] = {}
        for statement in index.of(Nodes.ReturnStatNode):
            if statement.value is not None:
                returns.setdefault(id(index.scope_of(statement)), []).append(statement)
        for function in index.of(*FUNCTION_NODES):
            if not is_python_api(index, function):
                continue
            name = nodes.definition_name(function) or "?"
            declared = _declared_return_type(function)
            if is_status_type(declared):
                line, column = definition_position(source, function, name)
                yield Violation(
                    line, column, f"`{name}` is declared to return `{declared}`; raise an exception instead"
                )
            for statement in returns.get(id(function), ()):
                returned = _returned_status(bindings, stores, statement)
                if returned is not None:
                    yield Violation.at(
                        statement,
                        f"`{name}` returns the status of `{returned}`; raise an exception instead",
                    )


def _declared_return_type(function: Nodes.Node) -> str | None:
    """Return the declared return type of a function as written, if it names one."""
    if isinstance(function, Nodes.CFuncDefNode):
        base = function.base_type
        if isinstance(base, Nodes.CSimpleBaseTypeNode) and base.name:
            return ".".join([*base.module_path, base.name])
        return None
    annotation = getattr(function, "return_type_annotation", None)
    if annotation is None:
        return None
    expr = getattr(annotation, "expr", None)
    name = nodes.dotted_name(expr)
    if name is None and expr is not None:
        text = nodes.string_value(expr)
        if text is not None and all(part.isidentifier() for part in text.strip().split(".")):
            name = text.strip()
    return name


def _status_statements(index: TreeIndex, calls: list[BindingCall]) -> dict[int | str, str]:
    """Map each target a status (not a whole result) is bound to, its statement and its name, to the call's name."""
    result: dict[int | str, str] = {}
    for call in calls:
        binding = status_binding(index, call)
        if binding is not None and not binding.whole_result:
            result[id(binding.target)] = call.name
            result[binding.name] = call.name
            if isinstance(binding.statement, Nodes.CVarDefNode):
                result[id(binding.statement)] = call.name
    return result


class _StatusStores:
    """The stores and ``cdef`` declarations of the names that hold a status, grouped by name and scope.

    Built once per file, so that each ``return err`` looks up the last
    binding of ``err`` before it instead of going through every use of
    the name and every declaration of the file.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    statuses : dict
        What :func:`_status_statements` returns.
    """

    def __init__(self, index: TreeIndex, statuses: dict[int | str, str]) -> None:
        self.index = index
        self.statuses = statuses
        # (name, scope id) -> the positions and the stores, in source order.
        self._stores: dict[tuple[str, int], tuple[list[tuple[int, int]], list[Nodes.Node]]] = {}
        for name in statuses:
            if not isinstance(name, str):
                continue
            for store in index.named(name):
                if is_store(index, store):
                    positions, found = self._stores.setdefault((name, id(index.scope_of(store))), ([], []))
                    positions.append((store.pos[1], store.pos[2]))
                    found.append(store)
        # (name, scope id) -> the first declaration, in source order, that initialises a status and declares it.
        self._declared: dict[tuple[str, int], Nodes.Node] = {}
        for declaration in index.of(Nodes.CVarDefNode):
            if id(declaration) not in statuses:
                continue
            scope = id(index.scope_of(declaration))
            for declarator in declaration.declarators:
                name = getattr(declarator, "name", None)
                if name is not None:
                    self._declared.setdefault((name, scope), declaration)

    def latest_store(self, name: str, scope: Nodes.Node, position: tuple[int, int]) -> Nodes.Node | None:
        """Return the last store of ``name`` in ``scope`` before ``position``, if any."""
        positions, found = self._stores.get((name, id(scope)), ((), ()))
        before = bisect.bisect_left(positions, position)
        return found[before - 1] if before else None

    def declared_with_status(self, name: str, scope: Nodes.Node, position: tuple[int, int]) -> str | None:
        """Return the call of a ``cdef`` declaration that initialises ``name`` with a status, if any.

        The declarations are kept in source order, so the first one of a
        name and scope is before ``position`` if any is.
        """
        declaration = self._declared.get((name, id(scope)))
        if declaration is None or (declaration.pos[1], declaration.pos[2]) >= position:
            return None
        return self.statuses[id(declaration)]


def _returned_status(bindings: Bindings, stores: _StatusStores, statement: Nodes.Node) -> str | None:
    """Return the binding call whose status a ``return`` statement hands back, if any."""
    value = statement.value
    if isinstance(value, ExprNodes.IndexNode):
        call = bindings.resolve(value.base)
        index_value = value.index
        if (
            call is not None
            and not call.returns_status
            and isinstance(index_value, ExprNodes.IntNode)
            and str(index_value.value) == "0"
        ):
            return call.name
        return None
    call = bindings.resolve(value)
    if call is not None:
        return call.name if call.returns_status else None
    if not isinstance(value, ExprNodes.NameNode) or value.name not in stores.statuses:
        return None
    scope = stores.index.scope_of(statement)
    position = (statement.pos[1], statement.pos[2])
    latest = stores.latest_store(value.name, scope, position)
    if latest is None:
        return stores.declared_with_status(value.name, scope, position)
    return stores.statuses.get(id(latest))
