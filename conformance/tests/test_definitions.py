# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Unit tests of :mod:`cuda_core_guide.source.definitions`."""

from __future__ import annotations

import textwrap

import pytest
from Cython.Compiler import ExprNodes

from cuda_core_guide.source import SourceFile, load_source, nodes
from cuda_core_guide.source import definitions as d


def parse(text: str, name: str = "_module.pyx") -> SourceFile:
    """Parse dedented text as the file ``name``."""
    return load_source(name, text=textwrap.dedent(text).lstrip("\n"))


def test_top_level_definitions_kinds_visibility_and_lines() -> None:
    """Check the kinds, lines, visibility and privacy of top-level definitions."""
    source = parse(
        """
        cimport cython

        cdef class Buffer:
            pass

        @cython.final
        cdef class Pinned(Buffer):
            pass

        class Resource:
            pass

        def allocate():
            pass

        cpdef int align():
            return 1

        cdef inline int _clamp():
            return 0

        cdef int helper():
            return 0

        @cython.cfunc
        def c_level():
            pass

        def __getattr__(name):
            pass

        if True:
            def nested():
                pass
        """
    )
    found = {x.name: x for x in d.top_level_definitions(source)}
    assert list(found) == [
        "Buffer",
        "Pinned",
        "Resource",
        "allocate",
        "align",
        "_clamp",
        "helper",
        "c_level",
        "__getattr__",
    ]
    assert found["Pinned"].line == 7  # the ``cdef class`` line, not the decorator's
    assert found["c_level"].line == 26
    assert [n for n, x in found.items() if x.is_public] == ["Buffer", "Pinned", "Resource", "allocate", "align"]
    assert [n for n, x in found.items() if x.is_private] == ["_clamp", "helper", "c_level"]
    assert found["align"].describe() == "cpdef function `align`"
    assert found["c_level"].describe() == "cdef function `c_level`"
    assert found["Buffer"].is_class
    assert found["allocate"].is_function


def test_exported_c_functions_are_not_private() -> None:
    """Check that ``cdef public`` and ``cdef api`` functions count as exported, not private."""
    source = parse(
        "cdef public int a():\n    return 0\n\ncdef api int b():\n    return 0\n\ncdef int c():\n    return 0\n"
    )
    assert [(x.name, x.is_private, x.is_public) for x in d.top_level_definitions(source)] == [
        ("a", False, False),
        ("b", False, False),
        ("c", True, False),
    ]


def test_module_bindings_cover_imports_declarations_and_targets() -> None:
    """Check that every way of binding a module-level name is seen."""
    source = parse(
        """
        cimport cpython.ref
        cimport numpy as cnp
        from libc.stdint cimport uintptr_t, intptr_t as ip
        import os.path
        import threading as thr
        from collections import OrderedDict as Ordered

        cdef extern from "cuda.h":
            ctypedef int CUresult
            CUresult cuInit(unsigned int flags)

        ctypedef double real
        cdef struct Span:
            int start
        cpdef enum Flags:
            NONE = 0
        cdef:
            int counter
            object cache

        first, (second, *rest) = 1, (2, 3)
        a = b = 0
        total: int = 0
        for item in range(3):
            pass
        with open("x") as handle:
            pass
        try:
            import numpy as np
        except ImportError as error:
            np = None

        def launch():
            global launched
            launched = True
        """
    )
    bound = d.module_bindings(source)
    for name in (
        "cpython",
        "cnp",
        "uintptr_t",
        "ip",
        "os",
        "thr",
        "Ordered",
        "CUresult",
        "cuInit",
        "real",
        "Span",
        "Flags",
        "NONE",
        "counter",
        "cache",
        "first",
        "second",
        "rest",
        "a",
        "b",
        "total",
        "item",
        "handle",
        "np",
        "error",
        "launch",
        "launched",
    ):
        assert name in bound, name
    assert "intptr_t" not in bound
    assert "OrderedDict" not in bound
    assert bound["np"] == 28  # the ``try`` statement


@pytest.mark.parametrize(
    ("text", "names", "exact"),
    [
        ('__all__ = ["a", "b"]\n', ["a", "b"], True),
        ('__all__ = ("a",)\n', ["a"], True),
        ('__all__: list[str] = ["a"]\n', ["a"], True),
        ('__all__ = ["a"] + ["b"]\n', ["a", "b"], True),
        ('__all__ = ["a", *other]\n', ["a"], False),
        ('__all__ = ["a"] + other\n', ["a"], False),
        ('__all__ = ["a"]\n__all__ += ["b"]\n', ["a"], False),
        ('__all__ = ["a"]\n__all__.append("b")\n', ["a"], False),
        ('__all__ = ["a"]\nif x:\n    __all__.extend(y)\n', ["a"], False),
        ("__all__ = sorted(names)\n", [], False),
    ],
)
def test_dunder_all(text: str, names: list[str], exact: bool) -> None:
    """Check the literal entries of ``__all__`` and whether they are all of it."""
    declaration = d.dunder_all(parse(text, "m.py"))
    assert declaration is not None
    assert [entry.name for entry in declaration.entries] == names
    assert declaration.is_exact is exact


def test_dunder_all_positions_and_absence() -> None:
    """Check where ``__all__`` and its entries are, and modules without one."""
    declaration = d.dunder_all(parse('import os\n__all__ = [\n    "a",\n    "b",\n]\n', "m.py"))
    assert (declaration.line, declaration.column) == (2, 1)
    assert [(e.line, e.column) for e in declaration.entries] == [(3, 5), (4, 5)]
    assert d.dunder_all(parse("x = 1\n", "m.py")) is None
    assert d.dunder_all(parse("", "m.py")) is None


@pytest.mark.parametrize(
    ("text", "dynamic"),
    [
        ("from x import *\n", True),
        ("from x cimport *\n", True),
        ("def __getattr__(name):\n    pass\n", True),
        ("globals().update({})\n", True),
        ("def f():\n    globals()['x'] = 1\n", True),
        ("from x import y\n", False),
    ],
)
def test_has_dynamic_namespace(text: str, dynamic: bool) -> None:
    """Check which modules may bind names the tree does not show."""
    assert d.has_dynamic_namespace(parse(text)) is dynamic


def test_declaration_names_skip_bodies_and_optionally_annotations() -> None:
    """Check the names definitions need at import time, without function bodies."""
    source = parse(
        """
        @register(REGISTRY)
        class Device(Base, metaclass=Meta):
            LIMIT = compute()

            def method(self, options: Options = DEFAULT) -> Result:
                return body_only()

        cdef class Stream(Owner):
            cdef Event _event

            cdef int sync(self, Handle h, stream):
                return not_needed()
        """
    )
    device, stream = source.body
    assert d.declaration_names(device) >= {"register", "REGISTRY", "Base", "Meta", "compute", "Options", "DEFAULT"}
    assert "body_only" not in d.declaration_names(device)
    assert "Options" not in d.declaration_names(device, annotations=False)
    names = d.declaration_names(stream)
    assert {"Owner", "Event", "Handle"} <= names
    assert "Owner" in d.declaration_names(stream, c_types=False)
    assert not {"Event", "Handle"} & d.declaration_names(stream, c_types=False)
    assert "stream" not in names  # an untyped argument, not a type
    assert "not_needed" not in names


def test_postpones_annotations() -> None:
    """Check the detection of ``from __future__ import annotations``."""
    assert d.postpones_annotations(parse("from __future__ import annotations\n", "m.py"))
    assert not d.postpones_annotations(parse("import os\n", "m.py"))


def test_statement_text_and_logical_lines() -> None:
    """Check quoting statements and finding the logical line of a physical one."""
    source = parse(
        """
        @decorator
        def f():
            pass

        VALUE = (
            1,
        )
        LONG = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        """,
        "m.py",
    )
    f, value, long = source.body
    assert d.statement_text(source, f) == "def f():"
    assert d.definition_line(source, f) == 2
    assert d.statement_text(source, value) == "VALUE = ("
    assert d.statement_text(source, long).endswith("...")
    assert len(d.statement_text(source, long)) == 60
    logical = d.logical_line_containing(source, 6)
    assert (logical.start, logical.end) == (5, 7)
    assert d.logical_line_containing(source, 4) is None


def _logical_line_by_scan(source: SourceFile, line: int):
    """Return the logical line spanning ``line`` by looking at every one: the simple definition."""
    return next((ll for ll in source.tokens.logical_lines if ll.start <= line <= ll.end), None)


def _definition_line_by_scan(source: SourceFile, stat) -> int:
    """Return a definition's line by searching the logical lines, as the first version did."""
    logical_lines = source.tokens.logical_lines
    logical = _logical_line_by_scan(source, nodes.line_of(stat))
    if logical is None:
        return nodes.line_of(stat)
    index = logical_lines.index(logical)
    while logical.tokens[0].string == "@" and index + 1 < len(logical_lines):
        index += 1
        logical = logical_lines[index]
    return logical.start


def test_logical_line_lookups_match_a_scan_of_every_line() -> None:
    """Check the bisecting lookups against a linear scan, on every physical line of a varied file."""
    source = parse(
        """
        \"\"\"Doc.\"\"\"
        # a comment

        @first
        @second(
            1,
        )
        cdef class A:
            x = 1; y = 2

        VALUE = (
            1,
            2,
        )
        @decorator
        def f(a,
              b):
            pass
        """,
    )
    for line in range(len(source.lines) + 3):
        expected = _logical_line_by_scan(source, line)
        assert d.logical_line_containing(source, line) is expected
        index = d.logical_line_index(source, line)
        assert (source.tokens.logical_lines[index] if index is not None else None) is expected
    for stat in source.body:
        assert d.definition_line(source, stat) == _definition_line_by_scan(source, stat)
    assert [definition.line for definition in d.top_level_definitions(source)] == [8, 16]


def test_top_level_definitions_are_a_new_list_each_call() -> None:
    """Check that the memoized definitions cannot be changed through a caller's list."""
    source = parse("def f():\n    pass\n\nclass C:\n    pass\n", "m.py")
    first = d.top_level_definitions(source)
    first.clear()
    assert [definition.name for definition in d.top_level_definitions(source)] == ["f", "C"]


def test_walk_enters_expressions() -> None:
    """Check that the walk reaches into calls and their arguments."""
    source = parse('globals().update({"a": b"x"})\n', "m.py")
    found = list(nodes.walk(source.body[0]))
    names = [n.name for n in found if isinstance(n, ExprNodes.NameNode)]
    assert names == ["globals"]


def test_is_dunder() -> None:
    """Check the dunder test."""
    assert d.is_dunder("__all__")
    assert not d.is_dunder("_private")
    assert not d.is_dunder("____")
