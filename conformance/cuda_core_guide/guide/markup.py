# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find the mistakes in a guide page's markup that MyST renders without a word.

MyST accepts these, and the page comes out wrong:

- a fence (a directive such as ``avoid`` or ``rule``, or code) that is
  never closed: markdown-it closes it at the end of the document, or of
  the list or quote it is in, and everything after it becomes its content;
- a ``{rule}`` role without a code: followed by an empty pair of
  backticks, which MyST leaves as literal text, or by blank content;
- a ``rule`` directive inside another ``rule``;
- a rule ``:title:`` whose inline markup is broken: a backtick that opens
  no code span or role, left as a literal backtick.

Everything is read from the tokens of the guide's markdown-it-py parser
(:func:`cuda_core_guide.guide.myst.markdown_parser`), directive bodies that are
Markdown included; the bodies of :data:`~cuda_core_guide.guide.myst.CODE_DIRECTIVES`
are code and are not searched. The Sphinx extension warns for each problem
at its line; the readers outside Sphinx (the rule catalog, the pytest
plugin) stop at the first.
"""

from __future__ import annotations

from collections.abc import Iterator

from markdown_it.token import Token

from cuda_core_guide.guide.myst import CODE_DIRECTIVES, Directive, MystError, markdown_parser, split_directive

__all__ = ["RULE_ROLES", "check_markup", "markup_problems"]

RULE_ROLES = frozenset({"rule", "guide:rule"})
"""The names of the role that links to a rule."""

_FENCES = ("fence", "colon_fence")
_BREAKS = ("softbreak", "hardbreak")


def markup_problems(text: str, path: str = "<string>") -> list[MystError]:
    """Return every markup mistake of a MyST document, in line order.

    Parameters
    ----------
    text : str
        The Markdown text.
    path : str, optional
        The document's path, for the problems' locations.

    Returns
    -------
    list of cuda_core_guide.guide.myst.MystError
        One per problem, each at its 1-based line; empty for a sound
        document.
    """
    problems = list(_document(text, path, 1, None))
    return sorted(problems, key=lambda problem: problem.line)


def check_markup(text: str, path: str = "<string>") -> None:
    """Raise the first markup mistake of a MyST document, if it has one.

    Parameters
    ----------
    text : str
        The Markdown text.
    path : str, optional
        The document's path, for the error's location.

    Raises
    ------
    cuda_core_guide.guide.myst.MystError
        The first problem :func:`markup_problems` finds.
    """
    problems = markup_problems(text, path)
    if problems:
        raise problems[0]


def _document(text: str, path: str, first_line: int, rule: str | None) -> Iterator[MystError]:
    """Yield the problems of a document or directive body that starts at ``first_line``, inside ``rule`` if any."""
    if not text.endswith("\n"):
        text += "\n"  # so that the last line of an unclosed fence counts as a line
    for token in markdown_parser().parse(text):
        line = first_line + (token.map[0] if token.map else 0)
        if token.type == "inline":
            yield from _inline(token.children or [], path, line)
        elif token.type in _FENCES:
            yield from _fence(token, path, first_line, line, rule)


def _fence(token: Token, path: str, first_line: int, line: int, rule: str | None) -> Iterator[MystError]:
    """Yield the problems of a fence: unclosed, a nested rule, a rule's title, and those of its body."""
    try:
        directive = split_directive(token, path, first_line)
    except MystError as exc:
        yield exc
        return
    if not _closed(token):
        what = f"{{{directive.name}}} directive" if directive is not None else "code fence"
        yield MystError(path, line, f"the {what} opened here with {token.markup} is never closed")
    if directive is None:
        return
    if directive.name == "rule":
        code = directive.argument or "without a code"
        if rule is not None:
            yield MystError(path, line, f"rule {code} is nested in rule {rule}; a rule cannot hold another")
        yield from _title(directive, path)
        rule = code
    if directive.name not in CODE_DIRECTIVES:
        yield from _document(directive.body, path, directive.body_line, rule)


def _closed(token: Token) -> bool:
    """Return whether a fence token ends with its closing fence.

    markdown-it gives a fence the lines from its opening fence to its
    closing one; an unclosed fence's lines end with its last line of
    content instead, so it holds one line more content than a closed one.
    """
    if token.map is None:
        return True
    content = token.content
    lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
    return lines < token.map[1] - token.map[0] - 1


def _inline(children: list[Token], path: str, line: int) -> Iterator[MystError]:
    """Yield the broken ``{rule}`` roles of an inline token's children, whose first line is ``line``."""
    for child in children:
        if child.type in _BREAKS:
            line += 1
        elif child.type == "myst_role" and child.meta.get("name") in RULE_ROLES and not child.content.strip():
            yield MystError(path, line, f"the {{{child.meta['name']}}} role names no rule; write {{rule}}`CODE`")
        elif child.type == "text" and any(f"{{{name}}}`" in child.content for name in RULE_ROLES):
            # A role that myst's role plugin rejects stays text: {rule}`` or an unclosed {rule}`CODE.
            yield MystError(path, line, "a {rule} role without a rule code, or not closed; write {rule}`CODE`")


def _title(directive: Directive, path: str) -> Iterator[MystError]:
    """Yield the problems of a rule's ``:title:``: broken roles, and backticks that open nothing."""
    title = directive.options.get("title", "")
    tokens = markdown_parser().parseInline(title) if title else []
    children = (tokens[0].children or []) if tokens else []
    problems = list(_inline(children, path, directive.line))
    if not problems and any(child.type == "text" and "`" in child.content for child in children):
        # A backtick that opens a code span or a role is consumed by it; one left in the text opens nothing.
        problems.append(
            MystError(
                path, directive.line, f"the :title: of rule {directive.argument} has an unclosed backtick: {title!r}"
            )
        )
    yield from problems
