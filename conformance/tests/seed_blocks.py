# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The code examples of the guide's sources, as the checker should read them.

The guide is written from three documents that live outside this
repository (``test_seed_examples.py`` says where). This module finds their
code examples and prepares each for the checker; it knows nothing of
pytest or of the allow-list.

Where the code is. The two guides are Markdown: their examples are the
fenced and indented code blocks that markdown-it-py (CommonMark, the parser
the guide's own reader builds on) finds. The audit is plain text, which
marks code the way plain-text documents do, by indenting it as a literal
block; CommonMark's indented code block is that convention, so the same
parser reads the audit too, and takes only its code blocks. (The audit
names code inline, ``Event.is_done``, and has no block.)

How it is checked. Each block is checked as a file of its own:

- under the file name that the paragraph right before it gives (a code
  span such as ``_buffer.pxd`` ending in a colon), or that its first line
  gives in a comment (``# _device.pyx``);
- otherwise as ``example.py`` when Python's own parser accepts it, and as
  ``example.pyx`` when it needs Cython's (``cdef``, ``cimport``, C-typed
  parameters).

The sources leave code out in two ways: a comment that starts with an
ellipsis (``# ...``, ``# ... cleanup ...``), and a ``def`` or ``class``
header with nothing but comments under it. Both become ``...``, Python's
own statement for "left out", so that the block parses and the checker
sees the code the source shows. A definition whose whole body is left out
has left out its docstring too: :attr:`SeedBlock.elided_definitions` lists
those, for the test to pass over their missing docstrings.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import io
import re
import tokenize
from pathlib import Path

from markdown_it import MarkdownIt

__all__ = ["SeedBlock", "fill_elisions", "markdown_blocks", "seed_blocks", "text_blocks"]

_FILE_LABEL = re.compile(r"`(?P<name>[\w./]+\.(?:pyx|pxd|pxi|py))`\s*:?")
_FILE_COMMENT = re.compile(r"#\s*(?P<name>[\w./]+\.(?:pyx|pxd|pxi|py))\s*$")
_ELISION = re.compile(r"^(?P<indent>[ \t]*)#\s*\.\.\.")
_CODE_TOKENS = ("fence", "code_block")


def seed_blocks(path: Path) -> list[SeedBlock]:
    """Return the code blocks of a source document, in order.

    Parameters
    ----------
    path : Path
        A Markdown document (``.md``) or a plain-text one.

    Returns
    -------
    list of SeedBlock
        Its code examples.
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return markdown_blocks(text, path.name)
    return text_blocks(text, path.name)


@dataclasses.dataclass(frozen=True)
class SeedBlock:
    """One code example of a source document.

    Parameters
    ----------
    source : str
        The document's file name (``developer-guide.md``).
    line : int
        The 1-based line where the block starts (its opening fence).
    code : str
        The code as the document writes it.
    label : str
        The text of the paragraph right before the block (``**Avoid:**``,
        ``` `_buffer.pxd`: ```), or an empty string.
    """

    source: str
    line: int
    code: str
    label: str

    @property
    def digest(self) -> str:
        """The first 12 hex digits of the code's SHA-256: it names the block without quoting it."""
        return hashlib.sha256(self.code.encode("utf-8")).hexdigest()[:12]

    @functools.cached_property
    def filled(self) -> tuple[str, tuple[int, ...]]:
        """The code with its elisions filled, and the definitions whose whole body was left out."""
        return fill_elisions(self.code)

    @property
    def checked_code(self) -> str:
        """The code the checker reads: elisions filled with ``...``."""
        return self.filled[0]

    @property
    def elided_definitions(self) -> tuple[int, ...]:
        """The lines of :attr:`checked_code` that start a definition whose body is only ``...``."""
        return self.filled[1]

    @property
    def filename(self) -> str:
        """The file name to check the block under (see the module docstring)."""
        labelled = _FILE_LABEL.fullmatch(self.label.strip())
        if labelled is not None:
            return labelled.group("name")
        first = self.code.lstrip("\n").partition("\n")[0]
        commented = _FILE_COMMENT.fullmatch(first.strip())
        if commented is not None:
            return commented.group("name")
        try:
            ast.parse(self.checked_code)
        except SyntaxError:
            return "example.pyx"
        return "example.py"


def markdown_blocks(text: str, source: str) -> list[SeedBlock]:
    """Return the fenced and indented code blocks of a Markdown document.

    Parameters
    ----------
    text : str
        The document.
    source : str
        Its name, for the blocks.

    Returns
    -------
    list of SeedBlock
        Each block with the paragraph that ends right before it as its label.
    """
    blocks = []
    label, label_end = "", -1
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "inline" and token.map is not None:
            label, label_end = token.content, token.map[1]
        elif token.type in _CODE_TOKENS and token.map is not None:
            start = token.map[0]
            near = label_end == start or (label_end == start - 1 and not text.splitlines()[start - 1].strip())
            blocks.append(SeedBlock(source, start + 1, token.content, label if near else ""))
    return blocks


def text_blocks(text: str, source: str) -> list[SeedBlock]:
    """Return the literal blocks of a plain-text document: its runs of indented lines.

    Parameters
    ----------
    text : str
        The document.
    source : str
        Its name, for the blocks.

    Returns
    -------
    list of SeedBlock
        The blocks CommonMark reads as indented code (four spaces or a
        tab, after a blank line), without labels.
    """
    blocks = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "code_block" and token.map is not None:
            blocks.append(SeedBlock(source, token.map[0] + 1, token.content, ""))
    return blocks


def fill_elisions(code: str) -> tuple[str, tuple[int, ...]]:
    """Replace the ways the sources leave code out with ``...``.

    Parameters
    ----------
    code : str
        A block as written.

    Returns
    -------
    tuple of (str, tuple of int)
        The code, in which a comment line that starts with ``...`` has
        become ``...`` and a header with no statement under it has gained
        one; and the 1-based lines, in that code, of the definitions and
        other headers whose body now starts with ``...``, so that whatever
        starts their body, a docstring included, was left out.
    """
    lines = [_elided(line) for line in code.splitlines()]
    headers = _headers(lines)
    filled: list[str] = []
    position_of: dict[int, int] = {}
    elided: list[int] = []
    index = 0
    while index < len(lines):
        position_of[index] = len(filled)
        filled.append(lines[index])
        start = headers.get(index)
        index += 1
        if start is None:
            continue
        indent = _indent(lines[start])
        following = _next_statement(lines, index)
        if following is None or _indent(lines[following]) <= indent:
            stop = len(lines) if following is None else following
            comments = index
            while comments < stop and lines[comments].strip():
                comments += 1
            filled.extend(lines[index:comments])
            filled.append(" " * (indent + 4) + "...")
            elided.append(position_of[start] + 1)
            index = comments
        elif lines[following].strip() == "...":
            elided.append(position_of[start] + 1)
    return "\n".join(filled) + "\n", tuple(elided)


def _elided(line: str) -> str:
    """Return ``...`` at the line's indentation if the line is a comment that starts with an ellipsis."""
    match = _ELISION.match(line)
    return line if match is None else match.group("indent") + "..."


def _headers(lines: list[str]) -> dict[int, int]:
    """Map each line that ends a compound statement's header (``...:``) to the line it starts on."""
    headers: dict[int, int] = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return headers
    start = None
    previous = None
    for token in tokens:
        if token.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT):
            continue
        if start is None:
            start = token.start[0] - 1
        if token.type == tokenize.NEWLINE:
            if previous is not None and previous.type == tokenize.OP and previous.string == ":":
                headers[previous.start[0] - 1] = start
            start = None
        previous = token
    return headers


def _next_statement(lines: list[str], index: int) -> int | None:
    """Return the index of the first line from ``index`` that is neither blank nor a comment."""
    for position in range(index, len(lines)):
        stripped = lines[position].strip()
        if stripped and not stripped.startswith("#"):
            return position
    return None


def _indent(line: str) -> int:
    """Return the width of a line's indentation."""
    return len(line) - len(line.lstrip())
