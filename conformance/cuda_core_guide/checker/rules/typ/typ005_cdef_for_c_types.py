# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TYP005: C types are declared with ``cdef`` syntax, Python types with annotations.

Two shapes are reported in ``.pyx``, ``.pxd`` and ``.pxi`` files (in a
``.py`` file, Cython's pure-Python mode declares C types with annotations
by design):

- a ``def`` parameter declared in C syntax with a type that the source
  shows to be a Python class: one that defaults to ``None``
  (``Event event=None``), that says ``not None`` or ``or None``, or that
  names a ``cdef class`` of the same file. A bare ``def f(Buffer b)`` with
  a class from another module is not reported: without its ``.pxd`` the
  name could be a C type;
- an annotation that names a C type: a ``cython.*`` type, a type of a
  ``cimport``-ed binding module (``cydriver.CUstream``), or a C-only name
  such as ``size_t``, ``Py_ssize_t`` or ``uintptr_t``, alone or as a member
  of a ``|`` union.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.bindings import bindings_of
from cuda_core_guide.checker.rules.typ.annotations import annotations
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import parameter_name

__all__ = ["CdefForCTypes"]

_C_TYPE_NAMES = frozenset(
    {
        "Py_UCS4",
        "Py_hash_t",
        "Py_ssize_t",
        "bint",
        "char",
        "double",
        "int8_t",
        "int16_t",
        "int32_t",
        "int64_t",
        "intptr_t",
        "long",
        "short",
        "size_t",
        "ssize_t",
        "uint8_t",
        "uint16_t",
        "uint32_t",
        "uint64_t",
        "uintptr_t",
        "unsigned",
    }
)


class CdefForCTypes(Rule):
    """Check for Python classes declared in C syntax on ``def`` parameters, and C types in annotations."""

    code = "TYP005"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each Python class written as a C type, and each C type written as an annotation."""
        classes = {
            node.class_name for node in source.nodes if isinstance(node, Nodes.CClassDefNode) and node.class_name
        }
        for node in source.nodes:
            if isinstance(node, Nodes.DefNode):
                yield from _class_parameters(node, classes)
        modules = bindings_of(source).modules
        for annotation in annotations(source):
            c_type = _c_type(annotation.node.expr, modules)
            if c_type is not None:
                declared = c_type.removeprefix("cython.")
                yield Violation(
                    annotation.line,
                    annotation.column,
                    f"the {annotation.subject} is annotated with the C type `{c_type}`; declare it in C syntax "
                    f"(`cdef {declared} name`, or `{declared} name` in a `cdef` function's signature)",
                )


def _class_parameters(function: Nodes.DefNode, classes: set[str]) -> Iterator[Violation]:
    """Yield a violation for each parameter of a ``def`` that declares a Python class in C syntax."""
    for arg in function.args:
        type_name = getattr(arg.base_type, "name", None)
        if type_name is None or not isinstance(arg.base_type, Nodes.CSimpleBaseTypeNode):
            continue
        if getattr(arg.base_type, "module_path", None):
            continue
        defaults_to_none = isinstance(arg.default, ExprNodes.NoneNode)
        if not (defaults_to_none or arg.not_none or arg.or_none or type_name in classes):
            continue
        name = parameter_name(arg) or "?"
        union = f"{type_name} | None" if defaults_to_none or arg.or_none else type_name
        yield Violation.at(
            arg,
            f"parameter `{name}` of `{function.name}` declares the class `{type_name}` in C syntax; annotate it "
            f"(`{name}: {union}`) and assign it to a `cdef {type_name}` variable where the body needs C access",
        )


def _c_type(expr: ExprNodes.ExprNode | None, modules: dict[str, str]) -> str | None:
    """Return the C type an annotation names, alone or in a ``|`` union, if it names one."""
    stack = [expr]
    while stack:
        current = stack.pop()
        if isinstance(current, ExprNodes.BinopNode) and current.operator == "|":
            stack.extend((current.operand2, current.operand1))
            continue
        if isinstance(current, ExprNodes.IndexNode):
            current = current.base
        dotted = nodes.dotted_name(current)
        if dotted is None:
            continue
        first = dotted.split(".", 1)[0]
        if "." in dotted and (first == "cython" or modules.get(first, "").startswith("cy")):
            return dotted
        if dotted in _C_TYPE_NAMES:
            return dotted
    return None
