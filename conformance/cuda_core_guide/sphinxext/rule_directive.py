# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``rule`` directive: one convention of the guide, in its chapter, with its code, level and examples.

Each rule is a section of its chapter, titled with its code and title, so
that the chapter's "On this page" contents list its rules. When the site
generates rule pages (``cuda_core_guide_rule_pages``), the rule's page is
its canonical description and the box links to it; otherwise the box is,
and the directive records the rule for references and search.
"""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.checker.rules import is_checked
from cuda_core_guide.findings import Level
from cuda_core_guide.guide.chapters import CHAPTER_PREFIXES
from cuda_core_guide.guide.plaintext import render_inline
from cuda_core_guide.sphinxext.domain import GuideDomain, RuleEntry, rule_anchor

__all__ = ["RuleDirective", "context_label", "rule_badges", "rule_index_entry", "unchecked_note"]

_logger = logging.getLogger(__name__)


class RuleDirective(SphinxDirective):
    """Render a rule as a section of its chapter.

    Usage (MyST)::

        ````{rule} IMP001
        :title: Order imports in five groups
        :level: required

        Rationale...

        ```{avoid}
        ...
        ```
        ````
    """

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict] = {
        "title": directives.unchanged_required,
        "level": lambda value: directives.choice(value, [level.value for level in Level]),
        "unchecked": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Build the rule's section."""
        code = self.arguments[0].strip()
        if len(code) != 6 or code[:3] not in CHAPTER_PREFIXES or not code[3:].isdigit():
            raise self.error(f"rule code {code!r} is not a chapter prefix and three digits")
        if "title" not in self.options or "level" not in self.options:
            raise self.error(f"rule {code} needs :title: and :level:")
        title = self.options["title"]
        level = self.options["level"]
        anchor = rule_anchor(code)
        section = nodes.section(ids=[anchor], classes=["guide-rule", f"guide-rule-{level}"])
        self.set_source_info(section)
        title_nodes, messages = self.parse_inline(title, lineno=self.lineno)
        section += nodes.title(
            "", "", nodes.literal(code, code, classes=["guide-rule-code"]), nodes.Text(" "), *title_nodes
        )
        meta = nodes.paragraph(classes=["guide-rule-meta"])
        checked = is_checked(code)
        meta.extend(rule_badges(level, checked))
        reason = self._unchecked_reason(code, checked)
        result: list[nodes.Node] = []
        if self.config.cuda_core_guide_rule_pages:
            meta += nodes.Text(" ")
            meta += addnodes.pending_xref(
                "",
                nodes.inline("", "Rule page", classes=["guide-rule-page-link"]),
                refdomain="guide",
                reftype="rule",
                reftarget=code,
                refexplicit=True,
                refwarn=True,
            )
        else:
            domain: GuideDomain = self.env.get_domain("guide")  # type: ignore[assignment]
            domain.note_rule(RuleEntry(code, render_inline(title), self.env.docname, self.lineno))
            result.append(rule_index_entry(code, title, anchor))
        section += meta
        if reason:
            section += unchecked_note(reason, self)
        section += self.parse_content_to_nodes()
        std = self.env.get_domain("std")
        std.note_hyperlink_target(context_label(code), self.env.docname, anchor, f"{code} {render_inline(title)}")
        return [*result, section, *messages]

    def _unchecked_reason(self, code: str, checked: bool) -> str:
        """Return why the rule is not checked, warning where that and the checker disagree."""
        reason = " ".join(self.options.get("unchecked", "").split())
        if checked and reason:
            _logger.warning(f"rule {code} is checked; remove its :unchecked: reason", location=self.get_location())
            return ""
        if not checked and not reason:
            _logger.warning(
                f"rule {code} is not checked; say why the checker cannot enforce it with :unchecked:",
                location=self.get_location(),
            )
        return reason


def unchecked_note(reason: str, directive: SphinxDirective) -> nodes.paragraph:
    """Return the paragraph that says why the checker cannot enforce a rule.

    Parameters
    ----------
    reason : str
        The rule's ``:unchecked:`` text, in MyST inline markup.
    directive : SphinxDirective
        The directive that renders the rule, which parses the markup.

    Returns
    -------
    docutils.nodes.paragraph
        "Why it is not checked:" and the reason.
    """
    inline, _ = directive.parse_inline(reason, lineno=directive.lineno)
    note = nodes.paragraph(classes=["guide-rule-unchecked"])
    note += nodes.strong("Why it is not checked: ", "Why it is not checked: ")
    note.extend(inline)
    return note


def rule_badges(level: str, checked: bool) -> list[nodes.Node]:
    """Return the level and "checked" badges of a rule.

    Parameters
    ----------
    level : str
        ``required`` or ``recommended``.
    checked : bool
        Whether the checker enforces the rule.

    Returns
    -------
    list of docutils.nodes.Node
        Two badges, separated by a space.
    """
    enforced = "checked" if checked else "not checked"
    return [
        nodes.inline(level, level, classes=["guide-badge", f"guide-badge-{level}"]),
        nodes.Text(" "),
        nodes.inline(
            enforced, enforced, classes=["guide-badge", "guide-badge-checked" if checked else "guide-badge-unchecked"]
        ),
    ]


def context_label(code: str) -> str:
    """Return the label of a rule's section in its chapter (``guide-rule-imp003``).

    Parameters
    ----------
    code : str
        The code of the rule whose page the label names.

    Returns
    -------
    str
        A label of Sphinx's standard domain, for ``{ref}`` references.
    """
    return f"guide-rule-{code.lower()}"


def rule_index_entry(code: str, title: str, anchor: str) -> addnodes.index:
    """Return the general-index entry of a rule: its code, with its plain title below.

    Parameters
    ----------
    code : str
        The rule code.
    title : str
        The title in MyST inline markup.
    anchor : str
        The anchor the entry links to.

    Returns
    -------
    sphinx.addnodes.index
        A main entry, so that searching the code ranks it first.
    """
    return addnodes.index(entries=[("single", f"{code}; {render_inline(title)}", anchor, "main", None)])
