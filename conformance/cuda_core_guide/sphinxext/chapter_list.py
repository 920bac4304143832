# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``chapter-list`` directive: every chapter of the guide, with its rule codes and one-line summary.

The chapters, their order and their summaries (the ``summary`` key of each
chapter's front matter) are read from the chapters' sources
(:mod:`.guide_source`), so the landing page and the guide's index list the
same chapters in the same words without repeating them.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.guide_source import guide_source
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["ChapterListDirective"]

_COLUMNS = (("Chapter", 30), ("Rules", 16), ("What it covers", 54))


class ChapterListDirective(SphinxDirective):
    """Insert the table of chapters."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the table: chapter title (linked), its codes and rule count, its summary."""
        source = guide_source(self.env)
        rows: list[Row] = []
        for chapter in source.chapters:
            self.env.note_dependency(str(chapter.path))
            title_nodes, _ = self.parse_inline(chapter.title, lineno=self.lineno)
            link = addnodes.pending_xref(
                "",
                nodes.inline("", "", *title_nodes),
                refdomain="std",
                reftype="doc",
                reftarget=f"/{chapter.docname}",
                refexplicit=True,
                refwarn=True,
            )
            codes = nodes.paragraph()
            for prefix in chapter.prefixes:
                codes += nodes.literal(prefix, prefix)
                codes += nodes.Text(" ")
            if chapter.rules:
                count = len(chapter.rules)
                codes += nodes.Text(f"{count} rule{'s' if count != 1 else ''}")
            summary_nodes, _ = self.parse_inline(chapter.summary, lineno=self.lineno) if chapter.summary else ([], [])
            rows.append(([nodes.paragraph("", "", link), codes, nodes.paragraph("", "", *summary_nodes)], (), ()))
        return [table(_COLUMNS, rows, ["guide-chapter-list"])]
