# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Sort a class body's members into the groups the class-order rules compare.

A member is a function or property defined in the class body, also under an
``if`` or ``try`` there. Attributes, nested classes and ``.pxd`` prototypes
are not members. Every class is checked, nested ones and ``cdef class``
declarations included.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import Definition, definitions, is_dunder, name_position

__all__ = ["CONSTRUCTORS", "Member", "class_members"]

CONSTRUCTORS = frozenset({"__new__", "__cinit__", "__init__"})
"""The special methods that belong first in a class."""


@dataclasses.dataclass(frozen=True)
class Member:
    """One member of a class, with the group it belongs to.

    Parameters
    ----------
    definition : Definition
        The member's definition.
    group : str
        ``"constructor"``, ``"special"`` (another dunder), ``"method"``
        (regular, class, static, ``cdef`` and ``cpdef`` methods) or
        ``"property"`` (``@property``, ``.setter``/``.deleter``,
        ``cached_property`` and ``property x:`` blocks).
    line : int
        The line of its name.
    column : int
        The 1-based column of its name.
    """

    definition: Definition
    group: str
    line: int
    column: int

    def describe(self) -> str:
        """Return the member as a message names it (``property `size` (line 40)``)."""
        noun = {"constructor": "special method", "special": "special method"}.get(self.group, self.group)
        return f"{noun} `{self.name}` (line {self.line})"

    @property
    def name(self) -> str:
        """The member's name."""
        return self.definition.name

    @property
    def is_special(self) -> bool:
        """Whether it is a special (dunder) method, constructors included."""
        return self.group in ("constructor", "special")


def class_members(source: SourceFile) -> Iterator[tuple[Definition, list[Member]]]:
    """Yield each class of a file with its members in source order.

    Parameters
    ----------
    source : SourceFile
        The parsed file.

    Yields
    ------
    tuple of Definition and list of Member
        A class and its members.
    """
    found = definitions(source)
    by_parent: dict[int, list[Definition]] = {}
    for definition in found:
        if definition.parent is not None and not definition.is_prototype and not definition.is_class:
            by_parent.setdefault(id(definition.parent), []).append(definition)
    for cls in found:
        if cls.is_class:
            members = by_parent.get(id(cls), [])
            yield cls, [Member(d, _group(d), *name_position(source, d)) for d in members]


def _group(definition: Definition) -> str:
    """Return the group of a class member."""
    if definition.property_role is not None:
        return "property"
    if definition.name in CONSTRUCTORS:
        return "constructor"
    if is_dunder(definition.name):
        return "special"
    return "method"
