# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The order of a module's definitions, for the ``FIL`` rules: the principal and what must precede what."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cuda_core_guide.checker.config import Config
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.definitions import (
    Definition,
    declaration_names,
    postpones_annotations,
    top_level_definitions,
)

__all__ = ["movable_above", "principal_definition", "required_before"]

_NOT_MODULES = frozenset({"__init__", "__main__"})


def principal_definition(source: SourceFile, config: Config, definitions: list[Definition]) -> Definition | None:
    """Return the class or function the module centres on, if it has one.

    Parameters
    ----------
    source : SourceFile
        The file.
    config : Config
        Its ``principal`` table maps a file name (``_launcher.pyx``) or stem
        (``_launcher``) to the principal's name.
    definitions : list of Definition
        The module's top-level definitions.

    Returns
    -------
    Definition or None
        The configured principal, else the Python-visible class or function
        whose name is the file stem without underscores, compared
        case-insensitively (``_device_memory_resource`` gives
        ``DeviceMemoryResource``); a class wins over a function. ``None``
        for ``__init__`` files and when nothing matches.
    """
    configured = config.principal.get(Path(source.path).name) or config.principal.get(source.stem)
    if configured is not None:
        return next((d for d in definitions if d.name == configured), None)
    if source.stem in _NOT_MODULES:
        return None
    wanted = _squash(source.stem)
    if not wanted:
        return None
    matches = [d for d in definitions if d.is_python_visible and _squash(d.name) == wanted]
    matches.sort(key=lambda d: not d.is_class)
    return matches[0] if matches else None


def required_before(source: SourceFile, definitions: list[Definition], roots: list) -> set[str]:
    """Return the names of definitions that must precede the given statements.

    Parameters
    ----------
    source : SourceFile
        The file.
    definitions : list of Definition
        The module's top-level definitions.
    roots : list of Nodes.Node
        Statements (definitions or others) whose needs to follow.

    Returns
    -------
    set of str
        Every name used when the roots run at import time (base classes,
        decorators, defaults, signature types, class bodies; annotations
        too in a ``.py`` module that does not postpone them), followed
        through the module's own definitions transitively. Types count
        only where Python evaluates them: Cython keeps the annotations of
        a compiled module's functions as strings, ``from __future__ import
        annotations`` or not, and resolves the ``cdef`` classes that
        annotations and C declarations name at compile time, wherever in
        the module they are defined.
    """
    annotations = source.kind == "py" and not postpones_annotations(source)
    by_name: dict[str, Definition] = {}
    for definition in definitions:
        by_name.setdefault(definition.name, definition)
    needed: set[str] = set()
    pending = [name for root in roots for name in declaration_names(root, annotations=annotations, c_types=False)]
    while pending:
        name = pending.pop()
        if name in needed:
            continue
        needed.add(name)
        definition = by_name.get(name)
        if definition is not None:
            pending.extend(declaration_names(definition.node, annotations=annotations, c_types=False))
    return needed


def movable_above(source: SourceFile, boundary: Definition, roots: list) -> Iterator[Definition]:
    """Yield the top-level definitions above ``boundary`` that the given statements do not need first.

    Parameters
    ----------
    source : SourceFile
        The file.
    boundary : Definition
        One of its top-level definitions; those after it are not yielded.
    roots : list of Nodes.Node
        Statements whose needs (:func:`required_before`) may stay above it.

    Yields
    ------
    Definition
        Each definition before ``boundary`` that no root needs, in order.
    """
    definitions = top_level_definitions(source)
    needed = required_before(source, definitions, roots)
    for definition in definitions:
        if definition is boundary:
            return
        if definition.name not in needed:
            yield definition


def _squash(name: str) -> str:
    """Return ``name`` lower-cased, without underscores."""
    return name.replace("_", "").lower()
