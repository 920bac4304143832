# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
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

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.visibility import Definition, definitions, is_dunder, name_position

__all__ = ["CONSTRUCTORS", "Member", "Misplaced", "class_members", "misplaced_members", "order_violations"]

CONSTRUCTORS = frozenset({"__new__", "__cinit__", "__init__"})
"""The special methods that belong first in a class."""

_RANK = {"constructor": 0, "special": 0, "method": 1, "property": 2}


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
        return f"{self.describe_name()} (line {self.line})"

    def describe_name(self) -> str:
        """Return the member's kind and name (``property `size```)."""
        noun = {"constructor": "special method", "special": "special method"}.get(self.group, self.group)
        return f"{noun} `{self.name}`"

    @property
    def name(self) -> str:
        """The member's name."""
        return self.definition.name

    @property
    def is_special(self) -> bool:
        """Whether it is a special (dunder) method, constructors included."""
        return self.group in ("constructor", "special")


@dataclasses.dataclass(frozen=True)
class Misplaced:
    """A member out of the special-methods, methods, properties order.

    Parameters
    ----------
    member : Member
        The member to move.
    other : Member
        A member it is out of order with.
    early : bool
        Whether ``member`` comes too early (before ``other``) rather than
        too late (after it).
    """

    member: Member
    other: Member
    early: bool

    @property
    def involves_special(self) -> bool:
        """Whether one of the two is a special method (a CLS002 problem, else CLS003)."""
        return self.member.is_special or self.other.is_special


def misplaced_members(members: list[Member]) -> list[Misplaced]:
    """Return the fewest members whose moving would put a class in order.

    The members in order are the longest run, not necessarily contiguous,
    whose groups go special methods, then methods, then properties; every
    other member is misplaced, and is paired with the first member of that
    run that it is out of order with. One method defined above all the
    special methods is then one finding, not one per special method.

    Parameters
    ----------
    members : list of Member
        A class's members in source order.

    Returns
    -------
    list of Misplaced
        In source order.
    """
    ranks = [_RANK[m.group] for m in members]
    kept = [False] * len(members)
    for index in _longest_ordered_run(ranks):
        kept[index] = True
    # The kept ranks never decrease, so the nearest kept member on either
    # side is the one with the most extreme rank there: if it is not out of
    # order with a member, no kept member on that side is.
    next_kept: list[int | None] = [None] * len(members)
    following = None
    for i in range(len(members) - 1, -1, -1):
        next_kept[i] = following
        if kept[i]:
            following = i
    result = []
    previous = None
    for i, member in enumerate(members):
        if kept[i]:
            previous = i
            continue
        after = next_kept[i]
        if after is not None and ranks[after] < ranks[i]:
            result.append(Misplaced(member, members[after], early=True))
        elif previous is not None and ranks[previous] > ranks[i]:
            result.append(Misplaced(member, members[previous], early=False))
    return result


def _longest_ordered_run(ranks: list[int]) -> list[int]:
    """Return the positions of a longest non-decreasing subsequence of ``ranks``, in order.

    Of the longest ones, the run is the one that ends earliest, and each of
    its items is preceded by the earliest item that gives it its length.
    A Fenwick tree over the ranks finds that item in logarithmic time, where
    comparing every pair of members took quadratic time.

    Parameters
    ----------
    ranks : list of int
        Non-negative ranks, in source order.

    Returns
    -------
    list of int
        Increasing positions into ``ranks``; empty if ``ranks`` is.
    """
    size = max(ranks, default=-1) + 1
    # Each cell holds (length, -position): the maximum is the longest run
    # ending at a rank up to the cell's, ending earliest among the longest;
    # (0, 1) is no run at all, and its position -1 ends the walk back.
    tree: list[tuple[int, int]] = [(0, 1)] * (size + 1)
    previous = [-1] * len(ranks)
    best: tuple[int, int] = (0, 1)
    for i, rank in enumerate(ranks):
        found, at = (0, 1), rank + 1
        while at > 0:
            found = max(found, tree[at])
            at -= at & -at
        previous[i] = -found[1]
        ending = (found[0] + 1, -i)
        best = max(best, ending)
        at = rank + 1
        while at <= size:
            tree[at] = max(tree[at], ending)
            at += at & -at
    run = []
    index = -best[1] if best[0] else -1
    while index >= 0:
        run.append(index)
        index = previous[index]
    return run[::-1]


def class_members(source: SourceFile) -> Iterator[tuple[Definition, list[Member]]]:
    """Yield each class of a file with its members in source order.

    Parameters
    ----------
    source : SourceFile
        The file whose classes, nested ones included, are read.

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


def order_violations(source: SourceFile, *, special: bool, remedy: str) -> Iterator[Violation]:
    """Yield a violation at each member of a class whose moving would put the class in order.

    Parameters
    ----------
    source : SourceFile
        The parsed file.
    special : bool
        Report the members misplaced against a special method (``CLS002``),
        or the others (``CLS003``).
    remedy : str
        What to do, the message's last clause.

    Yields
    ------
    Violation
        One per misplaced member, naming the member it comes before or follows.
    """
    for cls, members in class_members(source):
        for wrong in misplaced_members(members):
            if wrong.involves_special != special:
                continue
            member, other = wrong.member, wrong.other
            where = "comes before" if wrong.early else "follows"
            yield Violation(
                member.line,
                member.column,
                f"{member.describe_name()} of `{cls.name}` {where} {other.describe()}; {remedy}",
            )


def _group(definition: Definition) -> str:
    """Return the group of a class member."""
    if definition.property_role is not None:
        return "property"
    if definition.name in CONSTRUCTORS:
        return "constructor"
    if is_dunder(definition.name):
        return "special"
    return "method"
