# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The member order behind CLS002 and CLS003 (rules/cls/members.py)."""

from __future__ import annotations

import hypothesis
import pytest
from hypothesis import strategies as st

from cuda_core_guide.checker.rules.cls.members import Member, class_members, misplaced_members
from cuda_core_guide.source import load_source
from cuda_core_guide.source.visibility import definitions

_RANK = {"constructor": 0, "special": 0, "method": 1, "property": 2}
_DEFINITION = definitions(load_source("m.py", text="def f():\n    pass\n"))[0]


def _members(groups: list[str]) -> list[Member]:
    """Return members of the given groups, on lines 1, 2, ... (only the group matters to the order)."""
    return [Member(_DEFINITION, group, line, 1) for line, group in enumerate(groups, start=1)]


def _misplaced_by_every_pair(groups: list[str]) -> list[tuple[int, int, bool]]:
    """Compute what :func:`misplaced_members` promises, comparing every pair (the definition, in n squared)."""
    ranks = [_RANK[group] for group in groups]
    best = [1] * len(ranks)
    previous = [-1] * len(ranks)
    for i in range(len(ranks)):
        for j in range(i):
            if ranks[j] <= ranks[i] and best[j] + 1 > best[i]:
                best[i], previous[i] = best[j] + 1, j
    kept: set[int] = set()
    index = max(range(len(ranks)), key=lambda i: best[i], default=-1)
    while index >= 0:
        kept.add(index)
        index = previous[index]
    result = []
    for i in range(len(ranks)):
        if i in kept:
            continue
        after = next((j for j in sorted(kept) if j > i and ranks[j] < ranks[i]), None)
        if after is not None:
            result.append((i, after, True))
            continue
        before = next((j for j in sorted(kept, reverse=True) if j < i and ranks[j] > ranks[i]), None)
        if before is not None:
            result.append((i, before, False))
    return result


def _found(groups: list[str]) -> list[tuple[int, int, bool]]:
    """Return what :func:`misplaced_members` reports, as 0-based positions."""
    return [(m.member.line - 1, m.other.line - 1, m.early) for m in misplaced_members(_members(groups))]


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        ([], []),
        (["constructor", "special", "method", "property"], []),
        (["method", "special", "special"], [(0, 1, True)]),
        (["property", "method", "method"], [(0, 1, True)]),
        (["special", "method", "property", "special"], [(3, 2, False)]),
        (["property", "special"], [(1, 0, False)]),
    ],
)
def test_the_fewest_members_are_misplaced(groups: list[str], expected: list[tuple[int, int, bool]]) -> None:
    """Check that only the members outside the longest ordered run are reported, with their neighbour."""
    assert _found(groups) == expected


@hypothesis.settings(max_examples=400, deadline=None)
@hypothesis.given(st.lists(st.sampled_from(sorted(_RANK)), max_size=40))
def test_misplaced_members_agrees_with_comparing_every_pair(groups: list[str]) -> None:
    """Check the n log n search against the definition, ties and neighbours included."""
    assert _found(groups) == _misplaced_by_every_pair(groups)


def test_a_reversed_class_of_thousands_keeps_one_run() -> None:
    """Check a long reversed class: of three runs as long, the one that ends first is kept."""
    groups = ["property"] * 2_000 + ["method"] * 2_000 + ["special"] * 2_000
    found = _found(groups)
    assert len(found) == 4_000
    assert found[0] == (2_000, 1_999, False)


def test_class_members_of_each_class() -> None:
    """Check that members are grouped under their own class, nested classes apart."""
    text = (
        "class A:\n"
        "    def __init__(self):\n        pass\n"
        "    class B:\n"
        "        @property\n        def p(self):\n            return 1\n"
        "    def m(self):\n        pass\n"
    )
    found = {
        cls.name: [(m.name, m.group) for m in members] for cls, members in class_members(load_source("m.py", text=text))
    }
    assert found == {"A": [("__init__", "constructor"), ("m", "method")], "B": [("p", "property")]}
