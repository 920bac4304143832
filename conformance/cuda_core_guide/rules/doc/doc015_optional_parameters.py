# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC015: a documented parameter that has a default is marked optional.

Checked wherever numpydoc reads a Parameters section, the scope of DOC004:
the entry of a parameter whose default in the signature is a value other
than ``None`` (C-typed or not, keyword-only or not) has ``optional`` in its
type, as in ``blocking : bool, optional``, or names its default there
(numpydoc's ``default 0`` or ``default=0`` forms). A default of ``None`` is
left to review: upstream gives some required parameters that default, so
that leaving them out raises a clear error (``LaunchConfig``'s ``grid``),
and only the author knows which ones. A class docstring's entries are
compared with its constructor, as DOC004 does. What the default means
belongs in the description, which the checker does not read.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.doc.docstrings import docstrings, numpydoc_sections
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import Definition, definitions

__all__ = ["OptionalParameters"]

_CONSTRUCTORS = ("__init__", "__cinit__")
_MARKERS = ("optional", "default")


class OptionalParameters(Rule):
    """Check that the Parameters entry of each parameter with a default says it is optional."""

    code = "DOC015"
    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at the entry of each defaulted parameter whose type does not say optional."""
        methods: dict[int, dict[str, Definition]] = {}
        for definition in definitions(source):
            if definition.parent is not None and definition.parent.is_class and definition.is_function:
                methods.setdefault(id(definition.parent.node), {})[definition.name] = definition
        for docstring in docstrings(source):
            definition = docstring.definition
            if definition is None or not docstring.parsed.has_parameters_section:
                continue
            if docstring.is_suppressed(source, self.code):
                continue
            function = definition
            if definition.is_class:
                own = methods.get(id(definition.node), {})
                function = next((own[name] for name in _CONSTRUCTORS if name in own), None)
            if function is None or not function.is_function:
                continue
            defaults = _valued_defaults(function.node)
            if not defaults:
                continue
            parsed = numpydoc_sections(docstring.text)
            if parsed is None:
                continue
            types = {}
            for entry in [*parsed["Parameters"], *parsed["Other Parameters"]]:
                # ``x: int`` is a common slip for ``x : int``; as for DOC004, it documents ``x``.
                names, _, slipped = entry.name.partition(":")
                for name in names.split(","):
                    types[name.strip()] = entry.type or slipped
            lines = dict(docstring.parsed.parameters)
            for name in sorted(defaults & types.keys(), key=lambda n: lines.get(n, 0)):
                kind = types[name].lower()
                if any(marker in kind for marker in _MARKERS):
                    continue
                yield Violation(
                    *docstring.position(source, lines.get(name, 0)),
                    f"parameter `{name}` of `{function.qualified_name}` has a default; write `, optional` after "
                    "its type, and say in its description what the default does",
                )


def _valued_defaults(function: Nodes.Node) -> set[str]:
    """Return the names of a function's parameters whose default is a value other than ``None``."""
    if isinstance(function, Nodes.DefNode):
        args = function.args
    else:
        declarator = getattr(function, "declarator", None)
        while declarator is not None and not isinstance(declarator, Nodes.CFuncDeclaratorNode):
            declarator = getattr(declarator, "base", None)
        args = declarator.args if declarator is not None else []
    names = set()
    for arg in args:
        default = arg.default if arg.default is not None else getattr(arg.declarator, "default", None)
        if default is None or isinstance(default, ExprNodes.NoneNode):
            continue
        name = nodes.declarator_name(arg.declarator) or getattr(arg.base_type, "name", None)
        if name:
            names.add(name)
    return names
