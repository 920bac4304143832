# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""API002: the parameters of the public API are annotated."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import (
    FUNCTION_NODES,
    TreeIndex,
    definition_position,
    is_dunder,
    is_python_api,
    tree_index,
)
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["AnnotatePublicApi"]

_CONSTRUCTORS = frozenset({"__init__", "__new__", "__cinit__", "__call__"})
_RECEIVERS = frozenset({"self", "cls"})
_SKIPPED_KINDS = frozenset({"star", "starstar"})
_CLASS_NODES = (Nodes.CClassDefNode, Nodes.PyClassDefNode)


class AnnotatePublicApi(Rule):
    """Check that public ``def`` and ``cpdef`` functions annotate or C-type every parameter.

    Checked: module-level public functions and the public methods of
    public classes, including the constructor and call signatures
    (``__init__``, ``__new__``, ``__cinit__``, ``__call__``). Other special
    methods, property setters and deleters, ``self``/``cls``, ``*args`` and
    ``**kwargs`` are not checked. A parameter passes with an annotation
    (``stream: Stream | None``) or a C type (``size_t size``).
    """

    code = "API002"
    kinds = frozenset({"pyx", "pxi", "py"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield one violation per public function that has unannotated parameters."""
        index = tree_index(source)
        for function in index.of(*FUNCTION_NODES):
            name = nodes.definition_name(function) or ""
            if is_dunder(name) and name not in _CONSTRUCTORS:
                continue
            if not is_python_api(index, function) or _is_accessor(function):
                continue
            missing = [arg.name for arg in _checked_arguments(index, function) if not _is_typed(arg)]
            if not missing:
                continue
            line, column = definition_position(source, function, name)
            listed = ", ".join(f"`{arg}`" for arg in missing)
            noun = "parameter" if len(missing) == 1 else "parameters"
            yield Violation(line, column, f"public `{name}` has unannotated {noun} {listed}")


def _checked_arguments(index: TreeIndex, function: Nodes.Node) -> list[nodes.Argument]:
    """Return the parameters that must be typed: not the receiver, ``*args`` or ``**kwargs``."""
    arguments = [arg for arg in nodes.arguments(function) if arg.kind not in _SKIPPED_KINDS]
    in_class = isinstance(index.parent(function), _CLASS_NODES) or isinstance(
        index.parent(index.parent(function)), _CLASS_NODES
    )
    is_static = "staticmethod" in {d.rpartition(".")[2] for d in nodes.decorator_names(function)}
    if in_class and not is_static and arguments and arguments[0].kind == "positional":
        arguments = arguments[1:]
    return [arg for arg in arguments if arg.name and arg.name not in _RECEIVERS]


def _is_typed(argument: nodes.Argument) -> bool:
    """Return whether a parameter has an annotation or a C type."""
    return argument.annotation is not None or argument.c_type is not None


def _is_accessor(function: Nodes.Node) -> bool:
    """Return whether a function is a property setter or deleter."""
    return any(name.endswith((".setter", ".deleter")) for name in nodes.decorator_names(function))
