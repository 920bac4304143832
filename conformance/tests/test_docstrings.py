# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Static docstring parsing for the DOC rules (rules/doc/docstrings.py)."""

from __future__ import annotations

import inspect
import textwrap
import warnings
from pathlib import Path

import hypothesis
import pytest
from hypothesis import strategies as st
from numpydoc.docscrape import NumpyDocString

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules.doc import docstrings as docstrings_module
from cuda_core_guide.checker.rules.doc.docstrings import (
    _entry_index,
    _entry_lines,
    _linear_reader,
    docstrings,
    parse_docstring,
)
from cuda_core_guide.checker.runner import check_source
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


def _entry_index_by_scanning(lines: tuple[str, ...], start: int, entry: str) -> int:
    """Find a parameter entry's line the simple way, scanning from the section (the definition, in n squared)."""
    for index in range(start + 2, len(lines)):
        line = lines[index]
        if line and not line[0].isspace() and entry in (line.split(" : ")[0].strip(), line.strip().removesuffix(" :")):
            return index
    return start


@hypothesis.settings(max_examples=300, deadline=None)
@hypothesis.given(
    st.lists(st.sampled_from(["x : int", "x", "x :", "y : x", " x : int", "", "x, y : int", "y"]), max_size=20),
    st.integers(min_value=0, max_value=22),
    st.sampled_from(["x", "y", "x, y", "z", ""]),
)
def test_entry_index_agrees_with_scanning_the_lines(lines: list[str], start: int, entry: str) -> None:
    """Check the indexed search for parameter entries against a scan of every line."""
    found = _entry_index(_entry_lines(tuple(lines)), start, entry)
    assert found == _entry_index_by_scanning(tuple(lines), start, entry)


def test_parameter_entries_point_at_their_own_line_in_each_section() -> None:
    """Check that each documented name keeps the line of its entry, in Parameters and Other Parameters."""
    text = (
        "Do it.\n\nParameters\n----------\nx : int\n    X.\ny : int\n    Y.\n\n"
        "Other Parameters\n----------------\nx : int\n    Again.\nz\n    Z.\n"
    )
    assert parse_docstring(text).parameters == (("x", 4), ("y", 6), ("x", 11), ("z", 13))


def test_thousands_of_parameters_are_parsed_with_their_lines() -> None:
    """Check a long Parameters section: every entry keeps its own line."""
    entries = "".join(f"p{i} : int\n    P.\n" for i in range(3_000))
    parsed = parse_docstring(f"Do it.\n\nParameters\n----------\n{entries}")
    assert parsed.parameters[0] == ("p0", 4)
    assert parsed.parameters[-1] == ("p2999", 4 + 2 * 2_999)


def _numpydoc_parse(text: str) -> tuple[object, ...]:
    """Return what numpydoc makes of a cleaned docstring: its sections, or its error, and its warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            parsed: object = dict(NumpyDocString(text)._parsed_data)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            parsed = repr(exc)
    return parsed, [str(w.message) for w in caught]


def _fixture_docstrings() -> list[str]:
    """Return the cleaned docstrings of the DOC fixtures and of the docstring module itself."""
    root = Path(docstrings_module.__file__).parent
    paths = [
        Path(docstrings_module.__file__),
        *sorted(root.glob("fixtures/*/*.py")),
        *sorted(root.glob("fixtures/*/*.pyx")),
    ]
    found = []
    for path in paths:
        source = load_source(path.name, text=path.read_text(encoding="utf-8"))
        found += [inspect.cleandoc(docstring.text) for docstring in docstrings(source)]
    return found


def test_the_linear_reader_reads_as_numpydoc_does() -> None:
    """Check numpydoc's parse with the linear reader against its own, on every fixture docstring and odd texts."""
    texts = [
        *_fixture_docstrings(),
        DOCSTRING,
        "",
        "x\n\n\n",
        "Do.\n\nParameters\n----------\nx\n\n  y\n",
        "a\n\nNotes\n-----",
    ]
    assert len(texts) > 50
    for text in texts:
        expected = _numpydoc_parse(text)
        with _linear_reader():
            assert _numpydoc_parse(text) == expected, text
