# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""No line of code that the guide shows is wider than the site's content column.

The site's stylesheet leaves room for 104 columns of code beside both
sidebars on a 1400-pixel screen, inside a rule's box (the browser tests
check the rendered pages). 104 is the width of the longest line that the
guide prescribes: an SPDX copyright line with a year range. Examples,
what they quote from the reference implementation with ``:include:``, and
every other code block of the chapters are held to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cuda_core_guide.examples.check import example_code
from cuda_core_guide.guide.chapters import examples_of, include_root
from cuda_core_guide.guide.myst import CODE_DIRECTIVES, markdown_parser, parse_directives, split_directive

GUIDE = Path(__file__).resolve().parents[2] / "guide"
MAX_COLUMNS = 104


def code_blocks(chapter: Path) -> list[tuple[int, str]]:
    """Return the first line and the text of every code block of a chapter, examples included."""
    text = chapter.read_text(encoding="utf-8")
    blocks = [
        (example.line, example_code(example, include_root(chapter)))
        for example in examples_of(parse_directives(text, str(chapter)), str(chapter))
    ]
    return blocks + plain_blocks(text, 1)


def plain_blocks(text: str, first_line: int) -> list[tuple[int, str]]:
    """Return the code blocks that are not examples, in directive bodies too."""
    blocks = []
    for token in markdown_parser().parse(text):
        directive = split_directive(token, first_line=first_line)
        if directive is not None:
            if directive.name not in CODE_DIRECTIVES:
                blocks.extend(plain_blocks(directive.body, directive.body_line))
        elif token.type in ("fence", "code_block"):
            blocks.append((first_line + token.map[0], token.content))
    return blocks


@pytest.mark.parametrize("chapter", sorted(GUIDE.glob("*.md")), ids=lambda path: path.name)
def test_code_lines_fit_the_content_column(chapter: Path) -> None:
    wide = [
        f"{chapter.name}:{line}: {len(code_line)} columns: {code_line.strip()[:60]}"
        for line, code in code_blocks(chapter)
        for code_line in code.splitlines()
        if len(code_line) > MAX_COLUMNS
    ]
    assert not wide, "\n".join(wide)


def test_the_check_sees_examples_quotes_and_plain_blocks() -> None:
    blocks = code_blocks(GUIDE / "copyright.md")
    assert any("SPDX-FileCopyrightText: Copyright (c) 2024-2026" in code for _, code in blocks)
    quoted = code_blocks(GUIDE / "memory.md")
    assert any("def close(self)" in code for _, code in quoted)
    nested = plain_blocks("````{note}\n```toml\n" + "x" * 120 + "\n```\n````\n", 1)
    assert nested == [(2, "x" * 120 + "\n")]
