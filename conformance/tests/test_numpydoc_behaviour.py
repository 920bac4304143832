# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What numpydoc does with sections, as the docstrings chapter states it (DOC002, DOC003).

The chapter's reasons for its docstring rules rest on these facts of
numpydoc's parser and renderer; if a new numpydoc changes them, this test
says which sentence of the chapter to revisit.
"""

from __future__ import annotations

import warnings

import pytest
from numpydoc.docscrape import NumpyDocString
from numpydoc.docscrape_sphinx import SphinxDocString


def parse(text: str) -> tuple[NumpyDocString, list[str]]:
    """Parse a docstring with numpydoc; return it and the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parsed = NumpyDocString(text)
    return parsed, [str(warning.message) for warning in caught]


def section(header: str, underline: str) -> str:
    """Return a docstring with one Parameters-like section."""
    return f"Scale a value.\n\n{header}\n{underline}\nvalue : int\n    The value.\n"


def test_an_unknown_section_warns_and_its_content_is_dropped() -> None:
    parsed, caught = parse(section("Arguments", "---------"))
    assert caught == ["Unknown section Arguments"]
    assert not parsed["Parameters"]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        rendered = str(SphinxDocString(section("Arguments", "---------")))
    assert "value : int" not in rendered


def test_sections_are_rendered_in_numpydocs_order() -> None:
    text = "Scale a value.\n\nNotes\n-----\nA note.\n\nParameters\n----------\nvalue : int\n    The value.\n"
    rendered = str(SphinxDocString(text))
    assert rendered.index(":Parameters:") < rendered.index("Notes")


@pytest.mark.parametrize("underline", ["----------", "=========="])
def test_dashes_and_equals_of_the_headers_length_make_a_section(underline: str) -> None:
    parsed, caught = parse(section("Parameters", underline))
    assert [parameter.name for parameter in parsed["Parameters"]] == ["value"]
    assert caught == []


def test_a_longer_underline_makes_a_section_with_a_warning() -> None:
    parsed, caught = parse(section("Parameters", "-" * 15))
    assert [parameter.name for parameter in parsed["Parameters"]] == ["value"]
    assert any("potentially wrong underline length" in message for message in caught)


@pytest.mark.parametrize("underline", ["-----", "~~~~~~~~~~"])
def test_a_shorter_or_tilde_underline_turns_the_section_into_text(underline: str) -> None:
    parsed, _ = parse(section("Parameters", underline))
    assert not parsed["Parameters"]
    assert "Parameters" in parsed["Extended Summary"]
