# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Render the guide's MyST as plain text, for the terminal and for SARIF.

``cuda-core-guide rule CODE`` prints a rule the way a reader of the site
sees it: paragraphs wrapped, roles reduced to the names they show
(``{py:class}`~cuda.core.Stream``` reads ``Stream``), inline code without
its backticks, and each example under an ``Avoid:`` or ``Preferred:``
label with its code indented. The document is read with the same
markdown-it-py parser as the rest of the guide
(:func:`cuda_core_guide.guide.myst.markdown_parser`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from markdown_it.tree import SyntaxTreeNode

from cuda_core_guide.guide.myst import markdown_parser, split_directive

__all__ = ["EXAMPLE_LABELS", "WIDTH", "render_inline", "render_markdown"]

WIDTH = 79
"""The column that paragraphs are wrapped at."""

EXAMPLE_LABELS = {"avoid": "Avoid", "prefer": "Preferred", "runnable": "Runnable example"}
"""The label each kind of example is printed under."""

_ADMONITIONS = {
    "admonition": "",
    "attention": "Attention",
    "caution": "Caution",
    "danger": "Danger",
    "error": "Error",
    "hint": "Hint",
    "important": "Important",
    "note": "Note",
    "seealso": "See also",
    "tip": "Tip",
    "warning": "Warning",
}
_OBJECT_ROLES = frozenset({"attr", "class", "const", "data", "exc", "func", "meth", "mod", "obj", "type"})
_CALLABLE_ROLES = frozenset({"func", "meth"})
_CODE_INDENT = "    "

_Include = Callable[[str, str | None], str]
"""Return the text that an example's ``include`` and ``symbol`` options quote."""


def render_inline(text: str) -> str:
    """Return one line of MyST inline markup as plain text.

    Parameters
    ----------
    text : str
        Inline markup, such as a rule title.

    Returns
    -------
    str
        The text a reader sees, on one line.
    """
    tokens = markdown_parser().parseInline(text)
    if not tokens:
        return ""
    return " ".join(_inline(SyntaxTreeNode(tokens).children[0]).split())


def render_markdown(text: str, *, width: int = WIDTH, include: _Include | None = None) -> str:
    """Return a MyST document, or a directive's body, as plain text.

    Parameters
    ----------
    text : str
        The Markdown text.
    width : int, optional
        The column that paragraphs are wrapped at; code is never wrapped.
    include : callable, optional
        Returns the code an example quotes with ``:include:`` (and
        ``:symbol:``); without it, such an example prints where it quotes
        from.

    Returns
    -------
    str
        The text, blocks separated by blank lines, ending in a newline.
    """
    tree = SyntaxTreeNode(markdown_parser().parse(text))
    blocks = _blocks(tree.children, width, include)
    return "\n\n".join(blocks).rstrip() + "\n" if blocks else ""


def _blocks(children: list[SyntaxTreeNode], width: int, include: _Include | None) -> list[str]:
    """Render block nodes, one string per block."""
    rendered = []
    for node in children:
        block = _block(node, width, include)
        if block:
            rendered.append(block)
    return rendered


def _block(node: SyntaxTreeNode, width: int, include: _Include | None) -> str:
    """Render one block node."""
    kind = node.type
    if kind == "paragraph":
        return _wrap(_inline(node.children[0]), width)
    if kind == "heading":
        title = _inline(node.children[0]).strip()
        return f"{title}\n{'-' * len(title)}"
    if kind in ("bullet_list", "ordered_list"):
        return _list(node, width, include)
    if kind in ("fence", "colon_fence"):
        return _fence(node, width, include)
    if kind == "code_block":
        return _code(node.content)
    if kind == "blockquote":
        inner = "\n\n".join(_blocks(node.children, width - 2, include))
        return "\n".join(f"> {line}".rstrip() for line in inner.splitlines())
    if kind == "table":
        return _table(node)
    if kind == "dl":
        return _definitions(node, width, include)
    if kind == "hr":
        return "-" * min(width, 20)
    # html_block (comments), front_matter: nothing a reader sees.
    return ""


def _wrap(text: str, width: int) -> str:
    """Wrap a paragraph, keeping its hard line breaks."""
    return "\n".join(
        textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) for line in text.split("\n")
    )


def _list(node: SyntaxTreeNode, width: int, include: _Include | None) -> str:
    """Render a bullet or ordered list, continuation lines indented under the item's text."""
    start = int(node.attrs.get("start", 1)) if node.type == "ordered_list" else 0
    items = []
    tight = all(child.hidden for item in node.children for child in item.children if child.type == "paragraph")
    for number, item in enumerate(node.children, start):
        marker = f"{number}. " if node.type == "ordered_list" else "- "
        inner = "\n\n".join(_blocks(item.children, width - len(marker), include))
        lines = inner.splitlines() or [""]
        pad = " " * len(marker)
        items.append("\n".join([marker + lines[0], *((pad + line).rstrip() for line in lines[1:])]))
    return ("\n" if tight else "\n\n").join(items)


def _fence(node: SyntaxTreeNode, width: int, include: _Include | None) -> str:
    """Render a code fence, an example, an admonition, or nothing for other directives."""
    directive = split_directive(node.token) if node.token is not None else None
    if directive is None:
        return _code(node.content)
    if directive.name in EXAMPLE_LABELS:
        label = EXAMPLE_LABELS[directive.name]
        if directive.options.get("caption"):
            label = f"{label} ({directive.options['caption']})"
        where = directive.options.get("include")
        if where is None:
            return f"{label}:\n\n{_code(directive.body)}"
        symbol = directive.options.get("symbol")
        origin = f"{where} ({symbol})" if symbol else where
        if include is None:
            return f"{label}: see {origin}."
        return f"{label}, from {origin}:\n\n{_code(include(where, symbol))}"
    if directive.name in _ADMONITIONS:
        title = _ADMONITIONS[directive.name] or render_inline(directive.argument)
        inner = render_markdown(directive.body, width=width - len(_CODE_INDENT), include=include).rstrip()
        return f"{title}:\n" + textwrap.indent(inner, _CODE_INDENT)
    return ""


def _code(text: str) -> str:
    """Indent code, keeping its blank lines empty."""
    return textwrap.indent(text.rstrip("\n"), _CODE_INDENT)


def _table(node: SyntaxTreeNode) -> str:
    """Render a table as aligned columns."""
    rows = [
        [_inline(cell.children[0]).strip() if cell.children else "" for cell in row.children]
        for section in node.children
        for row in section.children
    ]
    if not rows:
        return ""
    widths = [max(len(row[column]) for row in rows if column < len(row)) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _definitions(node: SyntaxTreeNode, width: int, include: _Include | None) -> str:
    """Render a definition list: each term, then its definition indented."""
    parts = []
    for child in node.children:
        if child.type == "dt":
            parts.append(_inline(child.children[0]).strip())
        else:
            inner = "\n\n".join(_blocks(child.children, width - len(_CODE_INDENT), include))
            parts.append(textwrap.indent(inner, _CODE_INDENT))
    return "\n".join(parts)


def _inline(node: SyntaxTreeNode) -> str:
    """Render an ``inline`` node's children as text."""
    return "".join(_span(child) for child in node.children)


def _span(node: SyntaxTreeNode) -> str:
    """Render one inline node."""
    kind = node.type
    if kind in ("text", "code_inline"):
        return node.content
    if kind == "softbreak":
        return " "
    if kind == "hardbreak":
        return "\n"
    if kind == "myst_role":
        return _role(node.meta.get("name", ""), node.content)
    if kind == "link":
        text = "".join(_span(child) for child in node.children)
        href = str(node.attrs.get("href", ""))
        external = href.startswith(("http://", "https://"))
        return f"{text} ({href})" if external and text != href else text
    if kind == "image":
        return str(node.attrs.get("alt", "")) or node.content
    if kind == "html_inline":
        return ""
    return "".join(_span(child) for child in node.children)


def _role(name: str, content: str) -> str:
    """Return what Sphinx shows for a role: its explicit title, else its target as written."""
    content = content.strip()
    if content.endswith(">") and " <" in content:
        return content[: content.rindex(" <")].strip()
    role = name.rpartition(":")[2]
    if role not in _OBJECT_ROLES:
        return content
    shown = content.lstrip("!")
    if shown.startswith("~"):
        shown = shown[1:].rpartition(".")[2]
    return f"{shown}()" if role in _CALLABLE_ROLES else shown
