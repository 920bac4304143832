# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The ``rule-index`` directive: a table of every rule, filled in once all documents are read."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from cuda_core_guide.catalog import CHAPTER_PREFIXES
from cuda_core_guide.sphinxext.domain import GuideDomain, rule_anchor

__all__ = ["RuleIndexDirective", "RuleIndexPlaceholder", "render_rule_indexes"]

_COLUMNS = ("Code", "Rule", "Level", "Checked", "Chapter")


class RuleIndexPlaceholder(nodes.General, nodes.Element):
    """Where the rule table goes; replaced after all documents are resolved."""


class RuleIndexDirective(SphinxDirective):
    """Insert the rule table."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Return the placeholder."""
        return [RuleIndexPlaceholder()]


def render_rule_indexes(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Replace each placeholder in a resolved document with the rule table.

    Parameters
    ----------
    app : Sphinx
        The application.
    doctree : nodes.document
        The resolved document.
    docname : str
        Its name.
    """
    domain: GuideDomain = app.env.get_domain("guide")  # type: ignore[assignment]
    for placeholder in list(doctree.findall(RuleIndexPlaceholder)):
        placeholder.replace_self(_table(app, domain, docname))


def _table(app: Sphinx, domain: GuideDomain, docname: str) -> nodes.table:
    """Build the table of rules, grouped by chapter prefix order."""
    order = {prefix: position for position, prefix in enumerate(CHAPTER_PREFIXES)}
    entries = sorted(domain.rules.values(), key=lambda e: (order.get(e.code[:3], 99), e.code))
    table = nodes.table(classes=["guide-rule-index"])
    group = nodes.tgroup(cols=len(_COLUMNS))
    table += group
    for width in (10, 50, 14, 10, 16):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row([nodes.paragraph(text=title) for title in _COLUMNS])
    group += head
    body = nodes.tbody()
    for entry in entries:
        code = make_refnode(
            app.builder, docname, entry.docname, rule_anchor(entry.code), nodes.literal(entry.code, entry.code)
        )
        chapter_title = app.env.titles[entry.docname].astext() if entry.docname in app.env.titles else entry.docname
        chapter = make_refnode(app.builder, docname, entry.docname, "", nodes.Text(chapter_title))
        body += _row(
            [
                nodes.paragraph("", "", code),
                nodes.paragraph(text=entry.title),
                nodes.paragraph(text=entry.level),
                nodes.paragraph(text="yes" if entry.checked else "no"),
                nodes.paragraph("", "", chapter),
            ]
        )
    group += body
    return table


def _row(cells: list[nodes.Node]) -> nodes.row:
    """Return a table row of the given cell contents."""
    row = nodes.row()
    for content in cells:
        entry = nodes.entry()
        entry += content
        row += entry
    return row
