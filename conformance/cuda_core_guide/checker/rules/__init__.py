# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's rules: one module per rule, grouped by chapter.

A rule is a subclass of :class:`Rule` with a ``code`` that the guide
defines. Its title, level and documentation live in the guide's ``rule``
directive for that code, not here; the module holds only the check.
Each chapter folder has a ``fixtures/<CODE>/`` folder per rule with a
violating file, a clean file and the expected findings.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
from collections.abc import Iterator
from typing import ClassVar

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix, line_starts
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CHECKER_CODES", "Rule", "Violation", "all_rules", "is_checked", "is_fixable", "offset_of"]

_ALL_KINDS = frozenset({"pyx", "pxd", "pxi", "py"})

CHECKER_CODES = frozenset({"SYN001", "SYN002", "SYN003"})
"""The checker's own codes: a file it cannot parse, a rule that fails on a file."""


@dataclasses.dataclass(frozen=True)
class Violation:
    """One place where a file breaks a rule, before the runner adds path and level.

    Parameters
    ----------
    line : int
        The 1-based line.
    column : int
        The 1-based column.
    message : str
        What is wrong, naming the offending name or value.
    """

    line: int
    column: int
    message: str

    @classmethod
    def at(cls, node: Nodes.Node, message: str) -> Violation:
        """Return a violation at the start of a node, where Cython's parser positions it.

        Parameters
        ----------
        node : Nodes.Node
            The node at fault.
        message : str
            What is wrong.

        Returns
        -------
        Violation
            At the node's 1-based line and column.
        """
        return cls(nodes.line_of(node), nodes.column_of(node), message)


class Rule:
    """Check one rule of the guide.

    Subclasses set :attr:`code` and, if the rule only applies to some kinds
    of file, :attr:`kinds`; a rule that reads configuration keys besides
    the selection names them in :attr:`settings`. They implement
    :meth:`check`. A rule that can correct some of its violations with
    certainty sets :attr:`fixable` and implements :meth:`fix`.
    """

    code: ClassVar[str]
    kinds: ClassVar[frozenset[str]] = _ALL_KINDS
    settings: ClassVar[tuple[str, ...]] = ()
    fixable: ClassVar[bool] = False

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield the violations of this rule in ``source``.

        Parameters
        ----------
        source : SourceFile
            The parsed file.
        config : Config
            The configuration (first-party packages, copyright holder...).

        Yields
        ------
        Violation
            Each violation, in any order.
        """
        raise NotImplementedError

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Return the edits that correct one of this rule's violations, or ``None`` when not certain.

        A fix must not change what the code does, and the text it leaves
        must not break this rule again at that place. It is asked for only
        by ``check --fix`` and ``--diff``, so checking pays nothing for it.

        Parameters
        ----------
        source : SourceFile
            The parsed file the violation was found in.
        config : Config
            The configuration it was checked under.
        violation : Violation
            One violation :meth:`check` yielded for ``source``.

        Returns
        -------
        Fix or None
            Edits of ``source.text``; ``None`` (the default) for no fix.
        """
        return None


def offset_of(source: SourceFile, line: int, column: int = 0) -> int:
    """Return the character offset of a place in a file's text, for fixes.

    Parameters
    ----------
    source : SourceFile
        The parsed file.
    line : int
        The 1-based line; one past the last is the end of the text.
    column : int, optional
        The 0-based column in that line; 0, its start, by default.

    Returns
    -------
    int
        The offset in ``source.text``.
    """
    starts = source.memo("fix.line_starts", lambda source: line_starts(source.text))
    return starts[min(line, len(starts)) - 1] + column


@functools.cache
def all_rules() -> dict[str, Rule]:
    """Return one instance of every rule, by code.

    Returns
    -------
    dict of str to Rule
        Every :class:`Rule` subclass defined in the ``cuda_core_guide.checker.rules``
        package, ordered by code.

    Raises
    ------
    RuntimeError
        If two rules share a code.
    """
    for module in pkgutil.walk_packages(__path__, prefix=__name__ + "."):
        if ".fixtures" not in module.name:
            importlib.import_module(module.name)
    rules: dict[str, Rule] = {}
    for cls in _subclasses(Rule):
        code = getattr(cls, "code", None)
        if code is None:
            continue
        if code in rules:
            raise RuntimeError(f"two rules share code {code}: {type(rules[code]).__name__} and {cls.__name__}")
        rules[code] = cls()
    return dict(sorted(rules.items()))


def is_checked(code: str) -> bool:
    """Return whether the checker reports a rule.

    Parameters
    ----------
    code : str
        A code of the guide's rules, or of the checker's own diagnostics.

    Returns
    -------
    bool
        True for the rules of :func:`all_rules` and the checker's own
        :data:`CHECKER_CODES`.
    """
    return code in CHECKER_CODES or code in all_rules()


def is_fixable(code: str) -> bool:
    """Return whether a rule can fix some of its violations (``check --fix``).

    Parameters
    ----------
    code : str
        The code of a rule, which may offer fixes.

    Returns
    -------
    bool
        True for a rule of :func:`all_rules` that sets ``fixable``.
    """
    rule = all_rules().get(code)
    return rule is not None and rule.fixable


def _subclasses(cls: type) -> Iterator[type]:
    """Yield every subclass of ``cls``, recursively."""
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)
