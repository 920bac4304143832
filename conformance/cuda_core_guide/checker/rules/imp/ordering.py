# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find the fewest misplaced items in a sequence, for the ordering rules of the ``IMP`` chapter.

An import out of order makes every later one look out of order too if each
is compared with the largest key so far. Keeping the longest ordered
subsequence and reporting only the rest names the imports that actually
have to move, and each report names the neighbour it is out of order with.
"""

from __future__ import annotations

import bisect
import dataclasses
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.source.import_section import ImportUnit
from cuda_core_guide.source.imports import CYTHON_STANDARD_PACKAGES, Group, ImportStatement

__all__ = ["SUBGROUP_TITLES", "Misplaced", "has_blank_line_between", "misplaced", "misplaced_units", "subgroup"]

SUBGROUP_TITLES = {
    Group.EXTERNAL_CIMPORT: ("Cython's own cimports", "third-party cimports"),
    Group.EXTERNAL_IMPORT: ("standard-library imports", "third-party imports"),
    Group.FIRST_PARTY_IMPORT: ("absolute first-party imports", "relative imports"),
}
"""The two parts of the groups that ruff's and isort's defaults split: what :func:`subgroup` numbers 0 and 1."""


@dataclasses.dataclass(frozen=True)
class Misplaced:
    """One item that is out of order.

    Parameters
    ----------
    index : int
        Its position in the sequence.
    other : int
        The position of the kept item it is out of order with.
    relation : str
        ``"after"`` if it follows ``other`` but belongs before it,
        ``"before"`` if it precedes ``other`` but belongs after it.
    target : int
        The position of the kept item it belongs next to: the first kept
        item with a greater key, or the last kept item when none is
        greater.
    place : str
        ``"before"`` or ``"after"`` ``target``: where it belongs.
    """

    index: int
    other: int
    relation: str
    target: int = -1
    place: str = "before"

    def destination(self, describe: Callable[[int], str]) -> str:
        """Return where the item belongs, as a message's remedy.

        Parameters
        ----------
        describe : callable
            Quotes the item at a position (``describe(3)``).

        Returns
        -------
        str
            ``move it before `import a``` or ``move it after `import z```.
        """
        return f"move it {self.place} {describe(self.target)}"


def misplaced(keys: Sequence[Any]) -> list[Misplaced]:
    """Return the items to move so that ``keys`` becomes non-decreasing.

    Parameters
    ----------
    keys : sequence
        Comparable sort keys, in source order.

    Returns
    -------
    list of Misplaced
        The items outside a longest non-decreasing subsequence, preferring
        to keep earlier items, in source order; empty if ``keys`` is
        sorted.
    """
    count = len(keys)
    longest = _longest_from(keys)
    kept = [False] * count
    remaining = max(longest, default=0)
    last = None
    for i in range(count):
        if remaining and longest[i] == remaining and (last is None or keys[i] >= keys[last]):
            kept[i] = True
            last = i
            remaining -= 1
    # The kept items are sorted, so the nearest kept neighbour on either side
    # is the only one that can be out of order with an item.
    next_kept: list[int | None] = [None] * count
    following = None
    for i in range(count - 1, -1, -1):
        next_kept[i] = following
        if kept[i]:
            following = i
    kept_at = [i for i in range(count) if kept[i]]
    kept_keys = [keys[i] for i in kept_at]
    result = []
    previous = None
    for i in range(count):
        if kept[i]:
            previous = i
            continue
        # The kept items are in order: the item belongs before the first
        # one with a greater key, or after the last when none is greater.
        slot = bisect.bisect_right(kept_keys, keys[i])
        target, place = (kept_at[slot], "before") if slot < len(kept_at) else (kept_at[-1], "after")
        if previous is not None and keys[previous] > keys[i]:
            result.append(Misplaced(i, previous, "after", target, place))
            continue
        after = next_kept[i]
        other = after if after is not None and keys[after] < keys[i] else i
        result.append(Misplaced(i, other, "before", target, place))
    return result


def misplaced_units(units: Sequence[ImportUnit], keys: Sequence[Any], titles: Sequence[str]) -> Iterator[Violation]:
    """Yield a violation at each import that must move so that ``keys`` becomes non-decreasing.

    Parameters
    ----------
    units : sequence of ImportUnit
        The imports, in source order.
    keys : sequence
        Each import's sort key (:func:`misplaced`).
    titles : sequence of str
        Each import's group or part, as messages name it.

    Yields
    ------
    Violation
        One per misplaced import, naming the neighbour it is out of order
        with and where it belongs.
    """
    for item in misplaced(keys):
        unit, other = units[item.index], units[item.other]
        yield Violation(
            unit.start,
            unit.column,
            f"{unit.describe()} ({titles[item.index]}) comes {item.relation} "
            f"{other.describe()} ({titles[item.other]}); "
            f"{item.destination(lambda at: units[at].describe())}",
        )


def _longest_from(keys: Sequence[Any]) -> list[int]:
    """Return, for each item, the length of the longest non-decreasing subsequence that starts there.

    A Fenwick tree of maxima over the keys' ranks, filled from the right,
    answers each item in logarithmic time: the whole costs n log n, where
    comparing every pair cost n squared (10,000 imports took a minute).
    """
    distinct: list[Any] = []
    for key in sorted(keys):
        if not distinct or distinct[-1] != key:
            distinct.append(key)
    size = len(distinct)
    tree = [0] * (size + 1)
    longest = [0] * len(keys)
    for i in range(len(keys) - 1, -1, -1):
        # Position 1 is the largest key, so a prefix holds the keys >= this one.
        position = size - bisect.bisect_left(distinct, keys[i])
        best, at = 0, position
        while at > 0:
            best = max(best, tree[at])
            at -= at & -at
        longest[i] = best + 1
        at = position
        while at <= size:
            tree[at] = max(tree[at], longest[i])
            at += at & -at
    return longest


def has_blank_line_between(lines: Sequence[str], first: int, last: int) -> bool:
    """Return whether a blank line lies strictly between lines ``first`` and ``last``.

    Parameters
    ----------
    lines : sequence of str
        The file's physical lines (index 0 is line 1).
    first : int
        The last line of the earlier statement.
    last : int
        The first line of the later statement.

    Returns
    -------
    bool
        True if any line in between is empty or whitespace; comment lines
        are not blank.
    """
    return any(not lines[number - 1].strip() for number in range(first + 1, last) if 0 < number <= len(lines))


def subgroup(statement: ImportStatement, first_party: tuple[str, ...]) -> int:
    """Return which part of its group an import belongs to.

    Parameters
    ----------
    statement : ImportStatement
        An import.
    first_party : tuple of str
        The configured first-party packages.

    Returns
    -------
    int
        0 or 1 for the parts :data:`SUBGROUP_TITLES` names: Cython's own
        cimports before third-party ones, standard-library imports before
        third-party ones, absolute first-party imports before relative
        ones; 0 in the other groups.
    """
    group = statement.group(first_party)
    if group is Group.EXTERNAL_CIMPORT:
        return 0 if statement.top_package in CYTHON_STANDARD_PACKAGES else 1
    if group is Group.EXTERNAL_IMPORT:
        return 0 if statement.top_package in sys.stdlib_module_names else 1
    if group is Group.FIRST_PARTY_IMPORT:
        return 1 if statement.is_relative else 0
    return 0
