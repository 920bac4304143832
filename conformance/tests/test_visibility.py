# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Definitions, their visibility, parameters and positions (source/visibility.py)."""

from __future__ import annotations

import textwrap

from cuda_core_guide.source import load_source
from cuda_core_guide.source.visibility import (
    definitions,
    docstring_token,
    header_line,
    module_docstring_token,
    name_position,
    parameters,
)

CYTHON = textwrap.dedent(
    '''\
    """Module."""

    cdef extern from "cuda.h":
        int cuInit(unsigned int Flags) nogil

    cdef class Buffer:
        """A buffer."""

        cdef size_t _size

        def __cinit__(self, size_t size, *, stream=None):
            pass

        cpdef close(self, stream):
            """Close."""

        cdef int _check(self) except -1:
            return 0

        @property
        def size(self):
            """Size."""
            return self._size

        @size.setter
        def size(self, value):
            pass

        property handle:
            """Handle."""

            def __get__(self):
                return 0

    cdef class _Hidden:
        def visible_name(self):
            pass

    cdef inline int Buffer_reset(Buffer self, flags) except -1:
        def nested():
            pass
        return 0

    def launch(*args, config: int = 0, **kwargs): "One line."

    @cython.cfunc
    def pure_helper(x):
        return x
    '''
)


def test_public_means_python_visible_unprefixed_and_in_public_classes() -> None:
    _, found = _by_name(CYTHON)
    public = {name for name, d in found.items() if d.is_public}
    assert public == {"Buffer", "Buffer.close", "Buffer.size", "Buffer.handle", "launch"}
    assert found["cuInit"].in_extern
    assert found["cuInit"].is_prototype
    assert found["Buffer._check"].kind == "cdef"
    assert found["pure_helper"].kind == "cdef"
    assert found["Buffer_reset.nested"].in_function


def test_property_roles() -> None:
    _, found = _by_name(CYTHON)
    roles = [(d.qualified_name, d.property_role) for d in definitions(load_source("m.pyx", text=CYTHON))]
    assert [role for role in roles if role[1]] == [
        ("Buffer.size", "getter"),
        ("Buffer.size", "setter"),
        ("Buffer.handle", "getter"),
    ]


def test_parameters_of_every_kind_of_function() -> None:
    _, found = _by_name(CYTHON)
    cinit = parameters(found["Buffer.__cinit__"])
    assert [(p.name, p.kind, p.c_type) for p in cinit] == [
        ("self", "positional", None),
        ("size", "positional", "size_t"),
        ("stream", "keyword", None),
    ]
    assert [p.name for p in parameters(found["Buffer.close"])] == ["self", "stream"]
    helper = parameters(found["Buffer_reset"])
    assert [(p.name, p.c_type) for p in helper] == [("self", "Buffer"), ("flags", None)]
    assert [(p.name, p.kind) for p in parameters(found["launch"])] == [
        ("args", "star"),
        ("config", "keyword"),
        ("kwargs", "starstar"),
    ]


def test_prototype_parameters_mark_bare_identifiers() -> None:
    source = load_source("m.pxd", text="cdef int release(Buffer, size_t n, flags) except -1\n")
    (proto,) = definitions(source)
    assert [(p.name, p.is_bare) for p in parameters(proto)] == [("Buffer", True), ("n", False), ("flags", True)]


def test_positions_skip_decorators() -> None:
    source, found = _by_name(CYTHON)
    assert name_position(source, found["Buffer"]) == (6, 12)
    assert name_position(source, found["Buffer.size"]) == (21, 9)
    assert header_line(source, found["Buffer.size"]) == 21
    assert name_position(source, found["Buffer.handle"]) == (29, 14)
    assert name_position(source, found["Buffer._check"]) == (17, 14)
    assert name_position(source, found["pure_helper"]) == (47, 5)


def test_docstring_tokens() -> None:
    source, found = _by_name(CYTHON)
    assert module_docstring_token(source).start == (1, 0)
    assert docstring_token(source, found["Buffer"]).start == (7, 4)
    assert docstring_token(source, found["Buffer.size"]).start == (22, 8)
    assert docstring_token(source, found["launch"]).string == '"One line."'
    assert docstring_token(source, found["Buffer.__cinit__"]) is None


def test_empty_and_comment_only_files() -> None:
    for text in ("", "# a comment\n", "\n\n"):
        source = load_source("empty.pyx", text=text)
        assert definitions(source) == []
        assert module_docstring_token(source) is None


def _by_name(text: str, suffix: str = ".pyx"):
    source = load_source(f"module{suffix}", text=text)
    found = {}
    for definition in definitions(source):
        found.setdefault(definition.qualified_name, definition)  # a getter before its setter
    return source, found


def test_prototypes_declared_together_keep_their_own_parameters() -> None:
    source = load_source("m.pxd", text="cdef int f(int a), g(double b, c), *h(long d)\n")
    found = {d.name: [(p.name, p.c_type) for p in parameters(d)] for d in definitions(source)}
    assert found == {"f": [("a", "int")], "g": [("b", "double"), ("c", None)]}
