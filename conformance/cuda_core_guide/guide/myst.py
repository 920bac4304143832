# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Read the directives of a MyST document with markdown-it-py, MyST's own parser.

MyST writes a directive as a fenced block whose info string is
``{name} argument`` (backticks, or colons with the ``colon_fence``
extension); options follow as ``:key: value`` lines at the top of the body.
Directive bodies are Markdown again, so nested directives (an ``avoid``
example inside a ``rule``) are found by parsing the body in turn.

The parser is markdown-it-py's CommonMark parser with the colon-fence,
front-matter and role plugins from mdit-py-plugins, the parts of MyST that
myst-parser builds on; the checker does not need Sphinx or docutils to read
the guide.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.colon_fence import colon_fence_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
from mdit_py_plugins.myst_role import myst_role_plugin

__all__ = [
    "CODE_DIRECTIVES",
    "Directive",
    "MystError",
    "first_heading",
    "iter_directives",
    "markdown_parser",
    "parse_directives",
    "role_targets",
    "split_directive",
]

CODE_DIRECTIVES = frozenset({"avoid", "prefer", "runnable", "code-block", "code", "sourcecode", "eval-rst"})
"""Directives whose body is code or reStructuredText rather than MyST Markdown."""


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
    for token in markdown_parser().parse(text):
        directive = split_directive(token, path, first_line)
        if directive is None:
            continue
        if _may_nest(token):
            children = tuple(parse_directives(directive.body, path, directive.body_line))
            directive = dataclasses.replace(directive, children=children)
        result.append(directive)
    return result


def split_directive(token: Token, path: str = "<string>", first_line: int = 1) -> Directive | None:
    """Return the directive a fence token writes, without its nested directives.

    Parameters
    ----------
    token : markdown_it.token.Token
        A block token of :func:`markdown_parser`.
    path : str, optional
        The document's path, for error messages.
    first_line : int, optional
        The document line that the parsed text starts on.

    Returns
    -------
    Directive or None
        The directive, or ``None`` if the token is not a directive fence.

    Raises
    ------
    MystError
        If the directive's options are malformed.
    """
    if token.type not in ("fence", "colon_fence") or not token.info.startswith("{"):
        return None
    name, _, argument = token.info[1:].partition("}")
    line = first_line + (token.map[0] if token.map else 0)
    options, body, offset = _split_options(token.content, path, line)
    return Directive(name.strip(), argument.strip(), options, body, line, line + 1 + offset)


def first_heading(text: str) -> str | None:
    """Return the MyST source of a document's first level-1 heading.

    Parameters
    ----------
    text : str
        The Markdown text.

    Returns
    -------
    str or None
        The heading's inline text, or ``None`` if there is none.
    """
    tokens = markdown_parser().parse(text)
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1":
            return tokens[index + 1].content.strip()
    return None


def role_targets(text: str, name: str) -> list[str]:
    """Return the content of every ``{name}`` role in a document, nested directives included.

    Parameters
    ----------
    text : str
        The Markdown text.
    name : str
        The role's name, such as ``rule``.

    Returns
    -------
    list of str
        The roles' contents in document order. Code, and the bodies of
        :data:`CODE_DIRECTIVES`, are not searched.
    """
    found = []
    for token in markdown_parser().parse(text):
        directive = split_directive(token)
        if directive is not None:
            if directive.name not in CODE_DIRECTIVES:
                found.extend(role_targets(directive.body, name))
            continue
        for child in token.children or ():
            if child.type == "myst_role" and child.meta.get("name") == name:
                found.append(child.content.strip())
    return found


def iter_directives(text: str, path: str = "<string>") -> Iterator[Directive]:
    """Yield every directive of a document, nested ones included.

    Parameters
    ----------
    text : str
        A MyST document, whose directives may nest.
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
def markdown_parser() -> MarkdownIt:
    """Return the parser the guide is read with.

    Returns
    -------
    markdown_it.MarkdownIt
        CommonMark with tables, and MyST's colon fences, definition
        lists, roles and front matter.
    """
    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(colon_fence_plugin)
        .use(deflist_plugin)
        .use(front_matter_plugin)
        .use(myst_role_plugin)
    )


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
