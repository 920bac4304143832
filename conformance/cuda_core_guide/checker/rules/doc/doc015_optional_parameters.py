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

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule, constructor_of, methods_by_class
from cuda_core_guide.checker.rules.doc.docstrings import Docstring, numpydoc_sections
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["OptionalParameters"]

_MARKERS = ("optional", "default")


class OptionalParameters(DocstringRule):
    """Check that the Parameters entry of each parameter with a default says it is optional."""

    code = "DOC015"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring documents a definition and has a Parameters section."""
        return docstring.definition is not None and docstring.parsed.has_parameters_section

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation at the entry of each defaulted parameter whose type does not say optional."""
        function = docstring.definition
        if function.is_class:
            function = constructor_of(function, methods_by_class(source, prototypes=True))
        if function is None or not function.is_function:
            return
        defaults = _valued_defaults(function.node)
        parsed = numpydoc_sections(docstring.text) if defaults else None
        if parsed is None:
            return
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
