# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What the rules of the ``DOC`` chapter that read docstrings share: the walk over them, and the methods of classes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.doc.docstrings import Docstring, docstrings
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import Definition, definitions

__all__ = ["CONSTRUCTORS", "DocstringRule", "constructor_of", "methods_by_class"]

CONSTRUCTORS = ("__init__", "__cinit__")
"""The methods whose parameters a class's docstring documents, in the order they are looked for."""


class DocstringRule(Rule):
    """Check each docstring of a file that no ``# noqa`` exempts from the rule.

    Subclasses say which docstrings they read (:meth:`applies`) and what is
    wrong with one (:meth:`check_docstring`). A docstring is exempt when its
    definition's header line, or the line of its closing quotes, carries a
    ``# noqa`` for the rule.
    """

    kinds = frozenset({"py", "pyx", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield the violations of :meth:`check_docstring` on each docstring the rule applies to."""
        for docstring in docstrings(source):
            if self.applies(docstring) and not docstring.is_suppressed(source, self.code):
                yield from self.check_docstring(source, docstring)

    def applies(self, docstring: Docstring) -> bool:
        """Return whether the rule reads a docstring; every one by default.

        Parameters
        ----------
        docstring : Docstring
            A docstring of the file.

        Returns
        -------
        bool
            False to pass over it.
        """
        return True

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield the violations of the rule in one docstring.

        Parameters
        ----------
        source : SourceFile
            The file.
        docstring : Docstring
            A docstring the rule applies to, not exempt from it.

        Yields
        ------
        Violation
            Each violation, in any order.
        """
        raise NotImplementedError


def methods_by_class(source: SourceFile, *, prototypes: bool = False) -> dict[int, dict[str, Definition]]:
    """Return the functions defined in each class body of a file, by name, keyed by the ``id`` of the class's node.

    They are grouped once per file, which spares each class docstring a
    scan of the whole file. Of two functions of one name, the later one is
    kept, as Python would.

    Parameters
    ----------
    source : SourceFile
        The file.
    prototypes : bool, optional
        Keep C declarations without a body too; by default they are left out.

    Returns
    -------
    dict of int to dict of str to Definition
        The methods of each class.
    """
    return source.memo(f"doc.methods_by_class.{prototypes}", lambda source: _methods(definitions(source), prototypes))


def constructor_of(definition: Definition, methods: dict[int, dict[str, Definition]]) -> Definition | None:
    """Return the constructor whose parameters a class's docstring documents, or ``None``.

    Parameters
    ----------
    definition : Definition
        A class.
    methods : dict of int to dict of str to Definition
        The methods of each class, as :func:`methods_by_class` returns them.

    Returns
    -------
    Definition or None
        Its ``__init__``, or else its ``__cinit__``.
    """
    own = methods.get(id(definition.node), {})
    return next((own[name] for name in CONSTRUCTORS if name in own), None)


def _methods(found: Iterable[Definition], prototypes: bool) -> dict[int, dict[str, Definition]]:
    """Group the functions of class bodies by class and name (:func:`methods_by_class`)."""
    methods: dict[int, dict[str, Definition]] = {}
    for definition in found:
        if definition.parent is None or not definition.parent.is_class or not definition.is_function:
            continue
        if prototypes or not definition.is_prototype:
            methods.setdefault(id(definition.parent.node), {})[definition.name] = definition
    return methods
