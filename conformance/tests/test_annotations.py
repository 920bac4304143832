# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Annotation discovery and string-annotation parsing for the TYP rules."""

from __future__ import annotations

import textwrap

from Cython.Compiler import ExprNodes

from cuda_core_guide.checker.rules.typ.annotations import annotations, expressions
from cuda_core_guide.source import load_source

TEXT = textwrap.dedent(
    """\
    class C:
        x: int

        def f(self, size_t n, a: "Optional[\'Stream\']", *args: int, **kw: str) -> bool:
            self.y: int = 0
            z: "broken [" = 1
    """
)


def test_every_kind_of_annotation_is_found_in_order() -> None:
    found = annotations(load_source("m.pyx", text=TEXT))
    assert [a.subject for a in found] == [
        "variable `x`",
        "parameter `a`",
        "parameter `args`",
        "parameter `kw`",
        "return of `f`",
        "variable `self.y`",
        "variable `z`",
    ]


def test_string_annotations_are_parsed_recursively() -> None:
    found = annotations(load_source("m.pyx", text=TEXT))
    names = [e.name for e in expressions(found[1].node) if isinstance(e, ExprNodes.NameNode)]
    assert names == ["Optional", "Stream"]


def test_unparsable_strings_are_left_alone() -> None:
    found = annotations(load_source("m.pyx", text=TEXT))
    kinds = [type(e).__name__ for e in expressions(found[-1].node)]
    assert kinds == ["UnicodeNode"]
