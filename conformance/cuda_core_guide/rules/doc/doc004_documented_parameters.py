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

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.doc.docstrings import Docstring, docstrings
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import Definition, Parameter, definitions, parameters

__all__ = ["DocumentedParameters"]

_CONSTRUCTORS = ("__init__", "__cinit__")


class DocumentedParameters(Rule):
    """Compare a docstring's Parameters section with the real signature."""

    code = "DOC004"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield violations for undocumented parameters and documented names that are not parameters."""
        methods = _methods_by_class(definitions(source))
        for docstring in docstrings(source):
            definition = docstring.definition
            if definition is None or not docstring.parsed.has_parameters_section:
                continue
            if docstring.is_suppressed(source, self.code):
                continue
            function = _function(definition, methods)
            if function is not None:
                yield from _compare(source, docstring, function)


def _methods_by_class(found: list[Definition]) -> dict[int, dict[str, Definition]]:
    """Return the functions defined in each class body, by name, keyed by the ``id`` of the class's node.

    Grouping them once spares each class docstring a scan of the whole file.
    Of two functions of one name, the later one is kept, as Python would.
    """
    methods: dict[int, dict[str, Definition]] = {}
    for d in found:
        if d.parent is not None and d.is_function and not d.is_prototype:
            methods.setdefault(id(d.parent.node), {})[d.name] = d
    return methods


def _function(definition: Definition, methods: dict[int, dict[str, Definition]]) -> Definition | None:
    """Return the function whose signature a docstring documents, or ``None`` if unknown."""
    if definition.is_class:
        members = methods.get(id(definition.node), {})
        return next((members[name] for name in _CONSTRUCTORS if name in members), None)
    return definition if definition.is_function else None


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
