# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Read the directives of a MyST document with markdown-it-py, MyST's own parser.

MyST writes a directive as a fenced block whose info string is
``{name} argument`` (backticks, or colons with the ``colon_fence``
extension); options follow as ``:key: value`` lines at the top of the body.
Directive bodies are Markdown again, so nested directives (an ``avoid``
example inside a ``rule``) are found by parsing the body in turn.

The parser is markdown-it-py's CommonMark parser with the colon-fence plugin
from mdit-py-plugins, the pair myst-parser builds on; the checker does not
need Sphinx or docutils to read the guide.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

from markdown_it import MarkdownIt
from mdit_py_plugins.colon_fence import colon_fence_plugin

__all__ = ["Directive", "MystError", "iter_directives", "parse_directives"]


class MystError(ValueError):
    """Report a malformed directive, with its location.

    Parameters
    ----------
    path : str
        The document.
    line : int
        The 1-based line of the directive.
    message : str
        What is wrong.
    """

    def __init__(self, path: str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = path
        self.line = line
        self.message = message


@dataclasses.dataclass(frozen=True)
class Directive:
    """One directive found in a document.

    Parameters
    ----------
    name : str
        The directive name (``rule``, ``avoid``...).
    argument : str
        The text after the name on the opening line.
    options : dict of str to str
        The ``:key: value`` options.
    body : str
        The content after the options.
    line : int
        The 1-based line of the opening fence in the document.
    body_line : int
        The 1-based document line of the first line of ``body``.
    children : tuple of Directive
        Directives nested in the body.
    """

    name: str
    argument: str
    options: dict[str, str]
    body: str
    line: int
    body_line: int
    children: tuple[Directive, ...] = ()

    def walk(self) -> Iterator[Directive]:
        """Yield this directive and every directive nested in it.

        Yields
        ------
        Directive
            Depth first, in document order.
        """
        yield self
        for child in self.children:
            yield from child.walk()


def parse_directives(text: str, path: str = "<string>", first_line: int = 1) -> list[Directive]:
    """Return the top-level directives of a MyST document.

    Parameters
    ----------
    text : str
        The Markdown text.
    path : str, optional
        The document's path, for error messages.
    first_line : int, optional
        The document line that ``text`` starts on.

    Returns
    -------
    list of Directive
        The directives, each with its nested directives.

    Raises
    ------
    MystError
        If a directive's options are malformed.
    """
    result = []
    for token in _parser().parse(text):
        if token.type not in ("fence", "colon_fence") or not token.info.startswith("{"):
            continue
        name, _, argument = token.info[1:].partition("}")
        line = first_line + (token.map[0] if token.map else 0)
        options, body, offset = _split_options(token.content, path, line)
        body_line = line + 1 + offset
        children = tuple(parse_directives(body, path, body_line)) if _may_nest(token) else ()
        result.append(Directive(name.strip(), argument.strip(), options, body, line, body_line, children))
    return result


def iter_directives(text: str, path: str = "<string>") -> Iterator[Directive]:
    """Yield every directive of a document, nested ones included.

    Parameters
    ----------
    text : str
        The Markdown text.
    path : str, optional
        The document's path, for error messages.

    Yields
    ------
    Directive
        Depth first, in document order.
    """
    for directive in parse_directives(text, path):
        yield from directive.walk()


@functools.cache
def _parser() -> MarkdownIt:
    """Return a CommonMark markdown-it parser that also knows MyST's colon fences."""
    return MarkdownIt("commonmark").use(colon_fence_plugin)


def _may_nest(token) -> bool:
    """Return whether a fence may hold directives: colon fences, and backtick fences longer than three."""
    return token.type == "colon_fence" or len(token.markup) > 3


def _split_options(content: str, path: str, line: int) -> tuple[dict[str, str], str, int]:
    """Split a directive's content into options and body.

    Returns the options, the body, and how many lines the options took.
    """
    lines = content.splitlines(keepends=True)
    options: dict[str, str] = {}
    index = 0
    while index < len(lines) and lines[index].startswith(":"):
        key, sep, value = lines[index][1:].partition(":")
        if not sep or not key.strip() or " " in key.strip():
            raise MystError(path, line + 1 + index, f"malformed directive option {lines[index].strip()!r}")
        if key.strip() in options:
            raise MystError(path, line + 1 + index, f"directive option {key.strip()!r} given twice")
        options[key.strip()] = value.strip()
        index += 1
    if index and index < len(lines) and not lines[index].strip():
        index += 1
    return options, "".join(lines[index:]), index
