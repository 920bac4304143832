# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The API reference's extras: typed compiled properties, source links, Cython pages, the guide's citations."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import SimpleNamespace

from sphinx.cmd.build import build_main as sphinx_build

from cuda_core_guide.sphinxext import cython_source


def test_the_type_a_cdef_class_property_embeds_is_read_from_its_first_line() -> None:
    getter = SimpleNamespace(__name__="handle", __doc__="handle: int\n\nReturn the address of the memory.")
    assert cython_source._embedded_type(getter) == "int"
    union = SimpleNamespace(__name__="memory_resource", __doc__="memory_resource: MemoryResource | None\n\nText.")
    assert cython_source._embedded_type(union) == "MemoryResource | None"
    assert cython_source._embedded_type(SimpleNamespace(__name__="size", __doc__="Return the size.")) is None
    descriptor = type("getset_descriptor", (), {})()  # what a cdef class property is, by its type's name
    descriptor.__name__, descriptor.__doc__ = "handle", "handle: int\n\nReturn the address."
    lines = ["handle: int", "", "Return the address."]
    cython_source._drop_embedded_type(None, "attribute", "Buffer.handle", descriptor, None, lines)
    assert lines == ["Return the address."]  # the type moves to the signature
    lines = ["handle: int", "", "Return the address."]
    cython_source._drop_embedded_type(None, "attribute", "Buffer.handle", getter, None, lines)
    assert lines == ["handle: int", "", "Return the address."]  # not a descriptor: left alone


def test_a_property_s_source_is_the_module_of_its_class() -> None:
    app = SimpleNamespace()
    assert cython_source.follow_members(app, "fractions", "Fraction.numerator") == "fractions"  # a property
    assert cython_source.follow_members(app, "datetime", "date.year") == "datetime"  # a getset_descriptor
    assert cython_source.follow_members(app, "fractions", "Fraction.limit_denominator") is None  # viewcode's own
    assert cython_source.follow_members(app, "no_such_module", "X.y") is None


def test_a_pyx_module_s_page_is_highlighted_as_cython_with_line_anchors(tmp_path: Path) -> None:
    source = tmp_path / "src" / "pkg" / "_things.pyx"
    source.parent.mkdir(parents=True)
    source.write_text("cdef class Thing:\n    pass\n")
    (tmp_path / "docs").mkdir()
    calls = []
    bridge = SimpleNamespace(highlight_block=lambda *args, **kwargs: calls.append((args, kwargs)) or "")
    env = SimpleNamespace(_viewcode_modules={"pkg._things": (source.read_text(), {}, {}, "pkg")})
    app = SimpleNamespace(
        confdir=str(tmp_path / "docs"), config=SimpleNamespace(cuda_core_guide_source_roots=["../src"]), env=env
    )
    highlighter = cython_source._SourcePageHighlighter(bridge, app)
    highlighter.highlight_block(source.read_text(), "default", linenos="inline")
    highlighter.highlight_block("x = 1\n", "default", linenos="inline")
    highlighter.highlight_block("cdef int x\n", "cython", location=object())
    assert [args[1] for args, _ in calls] == ["cython", "default", "cython"]
    assert calls[0][1]["lineanchors"] == cython_source.LINE_ANCHOR
    assert calls[1][1]["lineanchors"] == cython_source.LINE_ANCHOR  # every source page numbers its lines
    assert "lineanchors" not in calls[2][1]  # a document's code block is left as it is


def test_api_pages_list_the_rules_and_sections_that_cite_them(tmp_path: Path, capsys) -> None:
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "api").mkdir()
    (docs / "conf.py").write_text(
        textwrap.dedent(
            """\
            extensions = ["myst_parser", "cuda_core_guide.sphinxext"]
            nitpicky = True
            cuda_core_guide_chapters = "guide"
            """
        )
    )
    (docs / "index.md").write_text("# Site\n\n```{toctree}\nguide/index\napi/pkg.Thing\napi/pkg.Other\n```\n")
    (docs / "guide" / "index.md").write_text("# The guide\n\n```{toctree}\nthings\n```\n")
    (docs / "guide" / "things.md").write_text(
        textwrap.dedent(
            """\
            # Things

            ## Closing

            Close a thing with `Thing.close()` when you are done.

            ````{rule} ERR005
            :title: Raise a specific exception
            :level: required

            A {py:class}`pkg.Thing` raises `ValueError`.
            ````
            """
        )
    )
    (docs / "api" / "pkg.Thing.rst").write_text(
        "pkg.Thing\n=========\n\n.. py:class:: pkg.Thing\n\n   A thing.\n\n   .. py:method:: close()\n\n      Close.\n"
    )
    (docs / "api" / "pkg.Other.rst").write_text("pkg.Other\n=========\n\n.. py:class:: pkg.Other\n\n   Another.\n")
    status = sphinx_build(["-W", "--keep-going", "-q", "-n", "-b", "html", str(docs), str(docs / "_build")])
    captured = capsys.readouterr()
    assert status == 0, captured.out + captured.err
    page = (docs / "_build" / "api" / "pkg.Thing.html").read_text()
    assert 'id="in-the-guide"' in page
    assert "Rules that cite it:" in page
    assert "ERR005" in page
    assert 'href="../guide/things.html#closing"' in page  # the section, not the top of the chapter
    assert "Things › Closing" in page
    assert 'id="in-the-guide"' not in (docs / "_build" / "api" / "pkg.Other.html").read_text()  # nothing cites it
