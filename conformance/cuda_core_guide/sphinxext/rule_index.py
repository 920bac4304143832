# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``rule-index`` and ``chapter-rules`` directives: tables of rules, with a filter on the index.

The tables are built from the chapters' sources (:mod:`.guide_source`), so
they do not wait for the chapters to be read. In HTML, a form above them
filters the rows by code or title words, by level and by whether the
checker enforces the rule (``cuda-core-guide.js``). When the site has rule
pages, the directive also lists them in a hidden table of contents, in
the chapters' order and under their titles (``IMP003: …``), so that each
rule page sits under the index in the navigation.

``chapter-rules``, at the top of a chapter, lists that chapter's rules in
the same form.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.checker.rules import is_checked, is_fixable
from cuda_core_guide.guide.chapters import RuleDoc
from cuda_core_guide.sphinxext.guide_source import Chapter, guide_source
from cuda_core_guide.sphinxext.rule_directive import rule_badges
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["ChapterRulesDirective", "RuleIndexDirective", "rules_table"]

_COLUMNS = (("Code", 12), ("Rule", 62), ("Level", 14), ("Checked", 12))
_FILTER_FORM = """\
<form class="guide-rule-filter" role="search" aria-label="Filter the rules" onsubmit="return false">
  <label>Find <input type="search" name="text" placeholder="Code or words of the title" autocomplete="off"></label>
  <label>Level <select name="level"><option value="">any</option>
    <option value="required">required</option><option value="recommended">recommended</option></select></label>
  <label>Checked <select name="checked"><option value="">any</option>
    <option value="yes">yes</option><option value="no">no</option></select></label>
  <output class="guide-rule-filter-count" aria-live="polite"></output>
</form>
"""


class RuleIndexDirective(SphinxDirective):
    """Insert the tables of rules, grouped by chapter."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the filter form, one section per chapter, and the rule pages' hidden toctree."""
        source = guide_source(self.env)
        for chapter in source.chapters:
            self.env.note_dependency(str(chapter.path))
        result: list[nodes.Node] = [nodes.raw("", _FILTER_FORM, format="html")]
        for chapter in source.chapters:
            if chapter.rules:
                result.append(self._chapter_section(chapter))
        folder = self.config.cuda_core_guide_rule_pages
        if folder:
            pages = [f"{folder.strip('/')}/{rule.code}" for chapter in source.chapters for rule in chapter.rules]
            result.append(self._toctree([(None, page) for page in pages]))
        return result

    def _chapter_section(self, chapter: Chapter) -> nodes.section:
        """Return a chapter's section: its title, linking to it, and its table of rules."""
        stem = chapter.docname.rpartition("/")[2]
        section = nodes.section(ids=[f"rules-{stem}"], classes=["guide-rule-group"])
        title_nodes, _ = self.parse_inline(chapter.title, lineno=self.lineno)
        section += nodes.title("", "", *title_nodes)
        link = addnodes.pending_xref(
            "",
            nodes.inline("", "Read the chapter"),
            refdomain="std",
            reftype="doc",
            reftarget=f"/{chapter.docname}",
            refexplicit=True,
            refwarn=True,
        )
        section += nodes.paragraph("", "", link, classes=["guide-rule-group-link"])
        section += rules_table(self, chapter.rules)
        return section

    def _toctree(self, entries: list[tuple[str | None, str]]) -> nodes.compound:
        """Return a hidden toctree of the rule pages, in chapter order, each under its own title (code and title)."""
        toctree = addnodes.toctree()
        toctree["parent"] = self.env.docname
        toctree["entries"] = entries
        toctree["includefiles"] = [docname for _, docname in entries]
        toctree["maxdepth"] = 1
        toctree["caption"] = None
        toctree["glob"] = False
        toctree["hidden"] = True
        toctree["includehidden"] = False
        toctree["numbered"] = 0
        toctree["titlesonly"] = True
        self.set_source_info(toctree)
        wrapper = nodes.compound(classes=["toctree-wrapper"])
        wrapper += toctree
        return wrapper


class ChapterRulesDirective(SphinxDirective):
    """Insert the table of the rules of the chapter the directive is in."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the table, or warn if the document is not a chapter of the guide."""
        chapter = next((c for c in guide_source(self.env).chapters if c.docname == self.env.docname), None)
        if chapter is None:
            raise self.error("chapter-rules is only meaningful in a chapter of the guide")
        if not chapter.rules:
            raise self.error(f"{chapter.docname} defines no rules to list")
        return [rules_table(self, chapter.rules)]


def rules_table(directive: SphinxDirective, rules: Sequence[RuleDoc]) -> nodes.table:
    """Return a table of rules in code order: code (linked), title, level, whether it is checked and fixable.

    Parameters
    ----------
    directive : SphinxDirective
        The directive that inserts the table (its parser renders the titles).
    rules : sequence of RuleDoc
        The rules.

    Returns
    -------
    docutils.nodes.table
        The table; its rows carry the classes the index's filter reads.
    """
    rows: list[Row] = []
    for rule in sorted(rules, key=lambda r: r.code):
        checked = is_checked(rule.code)
        code = addnodes.pending_xref(
            "",
            nodes.literal(rule.code, rule.code),
            refdomain="guide",
            reftype="rule",
            reftarget=rule.code,
            refexplicit=True,
            refwarn=True,
        )
        title_nodes, _ = directive.parse_inline(rule.title, lineno=directive.lineno)
        level, _, enforced = rule_badges(str(rule.level), checked)
        fixable = checked and is_fixable(rule.code)
        cells = [
            nodes.paragraph("", "", code),
            nodes.paragraph("", "", *title_nodes),
            nodes.paragraph("", "", level),
            nodes.paragraph("", "", enforced),
        ]
        if fixable:
            cells[3] += nodes.Text(" ")
            cells[3] += nodes.inline("fixable", "fixable", classes=["guide-badge", "guide-badge-fixable"])
        classes = ["guide-rule-row", f"guide-level-{rule.level}", f"guide-checked-{'yes' if checked else 'no'}"]
        classes.append(f"guide-fixable-{'yes' if fixable else 'no'}")
        rows.append((cells, classes, ()))
    return table(_COLUMNS, rows, ["guide-rule-index"])
