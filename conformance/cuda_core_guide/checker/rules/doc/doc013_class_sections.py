# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC013: a public class documents the parameters of its constructor and the fields of a dataclass.

Only docstrings that already have a numpydoc section are held to it, as for
DOC011: a class that users never construct, or a simple one, may have a
summary only. A class whose body defines ``__init__`` (else ``__cinit__``)
with parameters besides the instance and ``*args``/``**kwargs`` needs a
Parameters section; what it lists is DOC004's concern. A class decorated
``dataclass`` (or ``dataclasses.dataclass``, called or not) lists each of
its public fields (the names annotated in its body, ``ClassVar``\\ s aside)
in its Attributes or Parameters section.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule, constructor_of, methods_by_class
from cuda_core_guide.checker.rules.doc.docstrings import Docstring, has_sections, numpydoc_sections
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import Definition

__all__ = ["ClassSections"]

_VARIADIC = frozenset({"star", "starstar"})


class ClassSections(DocstringRule):
    """Check a sectioned class docstring for the constructor's Parameters and a dataclass's fields."""

    code = "DOC013"

    def applies(self, docstring: Docstring) -> bool:
        """Return whether a docstring with sections documents a public class."""
        definition = docstring.definition
        return (
            definition is not None and definition.is_class and definition.is_public and has_sections(docstring.parsed)
        )

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield a violation for a missing Parameters section and one for undocumented dataclass fields."""
        definition = docstring.definition
        constructor = constructor_of(definition, methods_by_class(source, prototypes=True))
        if constructor is not None and not docstring.parsed.has_parameters_section:
            names = [a.name for a in nodes.arguments(constructor.node)[1:] if a.kind not in _VARIADIC]
            if names:
                yield Violation(
                    *docstring.position(source, 0),
                    f"`{definition.qualified_name}` is constructed with {_listed(names)}, but its docstring "
                    f"has no Parameters section; document the arguments of `{constructor.name}` there",
                )
        missing = _undocumented_fields(definition, docstring)
        if missing:
            yield Violation(
                *docstring.position(source, 0),
                f"dataclass `{definition.qualified_name}` does not document its field{'s' * (len(missing) > 1)} "
                f"{_listed(missing)}; list {'them' if len(missing) > 1 else 'it'} in its Attributes section",
            )


def _undocumented_fields(definition: Definition, docstring: Docstring) -> list[str]:
    """Return the public fields of a dataclass that its Attributes and Parameters sections leave out."""
    if not any(name.rpartition(".")[2] == "dataclass" for name in nodes.decorator_names(definition.node)):
        return []
    fields = []
    for statement in nodes.flatten(getattr(definition.node, "body", None)):
        if isinstance(statement, Nodes.SingleAssignmentNode):
            target = statement.lhs
        elif isinstance(statement, Nodes.ExprStatNode):
            target = statement.expr
        else:
            continue
        annotation = getattr(target, "annotation", None)
        if not isinstance(target, ExprNodes.NameNode) or annotation is None or target.name.startswith("_"):
            continue
        if "ClassVar" not in (nodes.annotation_text(annotation) or ""):
            fields.append(target.name)
    if not fields:
        return []
    parsed = numpydoc_sections(docstring.text)
    if parsed is None:
        return []
    entries = [*parsed["Attributes"], *parsed["Parameters"], *parsed["Other Parameters"]]
    # ``x: int`` is a common slip for ``x : int``; as for DOC004, it documents ``x``.
    documented = {name.strip().lstrip("*") for entry in entries for name in entry.name.partition(":")[0].split(",")}
    return [name for name in fields if name not in documented]


def _listed(names: list[str]) -> str:
    """Write names as `a`, `a` and `b`, or `a`, `b` and `c`."""
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
