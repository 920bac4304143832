# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC004: a docstring's Parameters section lists every parameter, and only real ones.

Checked only where numpydoc reads a ``Parameters`` section (``Other
Parameters`` counts too). The signature comes from Cython's tree, so C-typed
arguments (``size_t size``), untyped ``cdef`` arguments, keyword-only
arguments and ``*args``/``**kwargs`` all count; the instance or class
parameter of a method does not, nor ``self`` of a class helper. A class
docstring documents the parameters of the class's ``__init__``, else of its
``__cinit__``; with neither in the class body it is not checked.

``*args`` and ``**kwargs`` may be documented as ``*args``/``args``; they need
not be documented, since they often only pass arguments on, and a signature
that has them may accept documented names it does not spell out (``*args``
any name, ``**kwargs`` keyword ones), so those are not reported as unknown.
"""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule, constructor_of, methods_by_class
from cuda_core_guide.checker.rules.doc.docstrings import Docstring
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import Definition, Parameter, parameters

__all__ = ["DocumentedParameters"]


class DocumentedParameters(DocstringRule):
    """Compare a docstring's Parameters section with the real signature."""

    code = "DOC004"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring documents a definition and has a Parameters section."""
        return docstring.definition is not None and docstring.parsed.has_parameters_section

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield violations for undocumented parameters and documented names that are not parameters."""
        definition = docstring.definition
        function = constructor_of(definition, methods_by_class(source)) if definition.is_class else definition
        if function is not None and function.is_function:
            yield from _compare(source, docstring, function)


def _signature(function: Definition) -> list[Parameter]:
    """Return the parameters to document.

    A method's first parameter (``self``, ``cls``) is implicit unless the
    method is static; so is ``self`` of a module-level class helper
    (``Buffer_close(Buffer self)``). A module-level ``cls`` is a real
    parameter.
    """
    params = [p for p in parameters(function) if p.name]
    if not params or params[0].kind != "positional":
        return params
    if function.is_method:
        implicit = "staticmethod" not in nodes.decorator_names(function.node)
    else:
        implicit = params[0].name == "self"
    return params[1:] if implicit else params


def _compare(source: SourceFile, docstring: Docstring, function: Definition) -> Iterator[Violation]:
    """Yield the differences between a signature and a docstring's documented names."""
    parsed = docstring.parsed
    signature = _signature(function)
    documented = {}
    for name, index in parsed.parameters:
        if name.lstrip("*"):
            documented.setdefault(name.lstrip("*"), index)
    stars = {p.name for p in signature if p.kind in ("star", "starstar")}
    header = next(h.index for h in parsed.headers if h.title.lower() == "parameters")
    target = function.qualified_name
    for param in signature:
        if param.name not in documented and param.name not in stars:
            yield Violation(
                *docstring.position(source, header),
                f"parameter `{param.name}` of `{target}` is not documented in its Parameters section",
            )
    if stars:
        return
    real = {p.name for p in signature}
    for name, index in documented.items():
        if name not in real:
            yield Violation(
                *docstring.position(source, index),
                f"{docstring.label} documents `{name}`, which is not a parameter of `{target}`",
            )
