# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""ERR003: the public API raises exceptions instead of returning CUDA status codes."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.bindings import BindingCall, Bindings, bindings_of, is_status_type
from cuda_core_guide.rules.cud.status import is_store, status_binding
from cuda_core_guide.rules.cud.tree import (
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
                returned = _returned_status(index, bindings, statuses, statement)
                if returned is not None:
                    yield Violation(
                        nodes.line_of(statement),
                        nodes.column_of(statement),
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


def _returned_status(
    index: TreeIndex, bindings: Bindings, statuses: dict[int | str, str], statement: Nodes.Node
) -> str | None:
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
    if not isinstance(value, ExprNodes.NameNode) or value.name not in statuses:
        return None
    scope = index.scope_of(statement)
    position = (statement.pos[1], statement.pos[2])
    latest = None
    for store in index.named(value.name):
        if not is_store(index, store) or index.scope_of(store) is not scope:
            continue
        if (store.pos[1], store.pos[2]) < position:
            latest = store
    if latest is None:
        return _declared_with_status(index, value.name, scope, position, statuses)
    return statuses.get(id(latest))


def _declared_with_status(
    index: TreeIndex, name: str, scope: Nodes.Node, position: tuple[int, int], statuses: dict[int | str, str]
) -> str | None:
    """Return the call of a ``cdef`` declaration that initialises ``name`` with a status, if any."""
    for declaration in index.of(Nodes.CVarDefNode):
        if (
            id(declaration) in statuses
            and index.scope_of(declaration) is scope
            and (declaration.pos[1], declaration.pos[2]) < position
            and any(getattr(d, "name", None) == name for d in declaration.declarators)
        ):
            return statuses[id(declaration)]
    return None
