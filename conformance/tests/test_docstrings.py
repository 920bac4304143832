# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Static docstring parsing for the DOC rules (rules/doc/docstrings.py)."""

from __future__ import annotations

import textwrap
import warnings

import pytest

from cuda_core_guide.config import Config
from cuda_core_guide.rules.doc.docstrings import docstrings, parse_docstring
from cuda_core_guide.runner import check_source
from cuda_core_guide.source import load_source

DOCSTRING = """Allocate memory.

    Parameters
    ----------
    size, count : int
        The size.
    stream: Stream
        A name-colon slip still names ``stream``.
    *args
        Passed on.

    Returns
    -------
    Buffer
        The allocation.
    """

ODD_SOURCES = {
    "empty.pyx": "",
    "comment.pyx": "# only a comment\n",
    "docstring_only.py": '"""Only a module docstring."""\n',
    "malformed.py": 'def f(x):\n    """Do.\n\n    Parameters\n    --\n    See Also\n    --------\n    :::\n    """\n',
    "empty_docstring.pyx": 'cdef class A:\n    """"""\n    def f(self): ""\n',
    "escapes.py": 'def f():\n    """Line one.\\n\\nParameters\\n----------\\nx : int"""\n',
    "declarations.pxd": "cdef class A:\n    cdef int x\n    cdef int f(self, int, Buffer)\n",
    "cython.pyx": textwrap.dedent(
        """\
        ctypedef fused number:
            int
            double

        cdef extern from *:
            ctypedef struct S:
                int x
            cdef cppclass V:
                V() except +

        cdef public class P [object PObj, type PType]:
            pass

        cdef inline void f(number x) noexcept nogil:
            pass

        @cython.boundscheck(False)
        cpdef g(self, int* p, *, k=1):
            def inner(): pass
            lambda q: q
        """
    ),
}


def test_summary_parameters_and_headers() -> None:
    parsed = parse_docstring(DOCSTRING)
    assert parsed.summary == ("Allocate memory.",)
    assert [name for name, _ in parsed.parameters] == ["size", "count", "stream", "*args"]
    assert [(h.title, h.index, h.underline) for h in parsed.headers] == [
        ("Parameters", 2, "----------"),
        ("Returns", 11, "-------"),
    ]
    assert parsed.has_parameters_section
    assert parsed.section_of(5).title == "Parameters"
    assert parsed.section_of(0) is None


def test_numpydoc_warnings_are_recorded_not_printed() -> None:
    text = "Do it.\n\nParameters\n-----------------\nx : int\n    X.\n"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parsed = parse_docstring(text)
    assert any("underline" in message for message in parsed.warnings)


def test_numpydoc_errors_become_a_message() -> None:
    parsed = parse_docstring("Do it.\n\nReceives\n--------\nint\n    A value.\n")
    assert parsed.error is not None
    assert "Receives" in parsed.error


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "\n\n\n",
        "----------",
        "Parameters\n----------",
        "x : int\n",
        "\t\tTabs\n\t-----",
        "See Also\n--------\n:bad",
    ],
)
def test_odd_docstrings_never_raise(text: str) -> None:
    parse_docstring(text)


def test_a_summary_that_looks_like_a_signature_is_still_the_summary() -> None:
    assert parse_docstring("launch(config, kernel)").summary == ("launch(config, kernel)",)


def test_lines_map_to_the_source_and_noqa_on_the_header_suppresses() -> None:
    text = textwrap.dedent(
        '''\
        def allocate(size):  # noqa: DOC002 kept for a downstream tool
            """
            Allocate.

            Args
            ----
            """
        '''
    )
    source = load_source("m.py", text=text)
    (docstring,) = docstrings(source)
    assert docstring.parsed.offset == 1
    header = docstring.parsed.headers[0]
    assert docstring.line_of(header.index) == 5
    assert docstring.position(source, header.index) == (5, 5)
    assert docstring.is_suppressed(source, "DOC002")
    assert not docstring.is_suppressed(source, "DOC003")


@pytest.mark.parametrize("name", sorted(ODD_SOURCES))
def test_rules_never_fail_on_odd_input(name: str) -> None:
    config = Config(select=("CLS", "NAM", "TYP", "DOC", "SYN002"))
    findings = check_source(name, ODD_SOURCES[name], config)
    assert [f for f in findings if f.rule == "SYN002"] == []
