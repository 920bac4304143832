# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The import statements of a module, classified into the guide's five groups."""

from __future__ import annotations

import dataclasses
import enum

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.source import nodes

__all__ = ["CYTHON_STANDARD_PACKAGES", "Group", "ImportStatement", "classify"]

CYTHON_STANDARD_PACKAGES = frozenset({"cpython", "cython", "libc", "libcpp", "posix", "openmp"})
"""Top-level packages of the ``.pxd`` files that ship with Cython itself."""


class Group(enum.IntEnum):
    """Name the five import groups, in the order the guide requires."""

    FUTURE = 1
    EXTERNAL_CIMPORT = 2
    FIRST_PARTY_CIMPORT = 3
    EXTERNAL_IMPORT = 4
    FIRST_PARTY_IMPORT = 5

    @property
    def title(self) -> str:
        """The group's name as the guide writes it."""
        return {
            Group.FUTURE: "__future__ imports",
            Group.EXTERNAL_CIMPORT: "external cimports",
            Group.FIRST_PARTY_CIMPORT: "first-party cimports",
            Group.EXTERNAL_IMPORT: "external imports",
            Group.FIRST_PARTY_IMPORT: "first-party imports",
        }[self]


@dataclasses.dataclass(frozen=True)
class ImportStatement:
    """One ``import``, ``from ... import``, ``cimport`` or ``from ... cimport``.

    Parameters
    ----------
    line : int
        The first line of the statement.
    column : int
        Its 1-based column.
    module : str
        The imported module, with leading dots for relative imports.
    names : tuple of str
        The names a ``from`` import binds (``*`` for a star import); empty
        for plain ``import`` statements.
    is_cimport : bool
        Whether it is a ``cimport``.
    is_from : bool
        Whether it is a ``from`` import.
    in_try : bool
        Whether it sits in a ``try``/``except`` import fallback.
    """

    line: int
    column: int
    module: str
    names: tuple[str, ...]
    is_cimport: bool
    is_from: bool
    in_try: bool = False

    def group(self, first_party: tuple[str, ...]) -> Group:
        """Return the guide's group for this import.

        Parameters
        ----------
        first_party : tuple of str
            Dotted prefixes of the project's own packages (``cuda.core``).

        Returns
        -------
        Group
            The group it belongs to.
        """
        if self.bare_module == "__future__":
            return Group.FUTURE
        own = self.is_relative or any(
            self.module == prefix or self.module.startswith(prefix + ".") for prefix in first_party
        )
        if self.is_cimport:
            return Group.FIRST_PARTY_CIMPORT if own else Group.EXTERNAL_CIMPORT
        return Group.FIRST_PARTY_IMPORT if own else Group.EXTERNAL_IMPORT

    @property
    def bare_module(self) -> str:
        """The module without the dots of a relative import."""
        return self.module.lstrip(".")

    @property
    def is_relative(self) -> bool:
        """Whether the import is relative (``from . import x``)."""
        return self.module.startswith(".")

    @property
    def is_star(self) -> bool:
        """Whether it is ``from module import *``."""
        return self.names == ("*",)

    @property
    def top_package(self) -> str:
        """The first component of the module name."""
        return self.bare_module.split(".", 1)[0]


def classify(node: Nodes.Node, in_try: bool = False) -> list[ImportStatement]:
    """Return the import statements a top-level statement consists of.

    Parameters
    ----------
    node : Nodes.Node
        One statement from :func:`nodes.flatten` of a body.
    in_try : bool, optional
        Mark the results as part of a ``try``/``except`` fallback.

    Returns
    -------
    list of ImportStatement
        Empty if the statement is not an import.
    """
    line, column = nodes.line_of(node), nodes.column_of(node)
    if isinstance(node, Nodes.FromCImportStatNode):
        module = "." * (node.relative_level or 0) + node.module_name
        names = tuple(name for _, name, _ in node.imported_names)
        return [ImportStatement(line, column, module, names, True, True, in_try)]
    if isinstance(node, Nodes.CImportStatNode):
        return [ImportStatement(line, column, node.module_name, (), True, False, in_try)]
    if isinstance(node, Nodes.FromImportStatNode):
        importer = node.module
        module = "." * (importer.level or 0) + importer.module_name.value
        names = tuple(name for name, _ in node.items)
        return [ImportStatement(line, column, module, names, False, True, in_try)]
    if isinstance(node, Nodes.SingleAssignmentNode) and isinstance(node.rhs, ExprNodes.ImportNode):
        # ``import a`` and ``import a as b`` parse as assignments; ``import
        # a, b`` as several. The statement starts at the ``import`` keyword,
        # so the line comes from the first name and the column is the line's.
        return [ImportStatement(line, 1, node.rhs.module_name.value, (), False, False, in_try)]
    return []
