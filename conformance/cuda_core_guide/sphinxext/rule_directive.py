# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The ``rule`` directive: one convention of the guide, with its code, level and examples."""

from __future__ import annotations

from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.catalog import CHAPTER_PREFIXES
from cuda_core_guide.findings import Level
from cuda_core_guide.rules import all_rules
from cuda_core_guide.sphinxext.domain import GuideDomain, RuleEntry, rule_anchor

__all__ = ["RuleDirective"]


class RuleDirective(SphinxDirective):
    """Render a rule and record it in the ``guide`` domain.

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
    }

    def run(self) -> list[nodes.Node]:
        """Build the rule's nodes."""
        code = self.arguments[0].strip()
        if len(code) != 6 or code[:3] not in CHAPTER_PREFIXES or not code[3:].isdigit():
            raise self.error(f"rule code {code!r} is not a chapter prefix and three digits")
        if "title" not in self.options or "level" not in self.options:
            raise self.error(f"rule {code} needs :title: and :level:")
        title = self.options["title"]
        level = self.options["level"]
        checked = code in all_rules()
        domain: GuideDomain = self.env.get_domain("guide")  # type: ignore[assignment]
        domain.note_rule(RuleEntry(code, title, level, checked, self.env.docname, self.lineno))

        anchor = rule_anchor(code)
        container = nodes.container(classes=["guide-rule", f"guide-rule-{level}"], ids=[anchor])
        index = addnodes.index(entries=[("single", f"{code}; {title}", anchor, "", None)])
        heading = nodes.paragraph(classes=["guide-rule-heading"])
        heading += nodes.reference("", code, refid=anchor, classes=["guide-rule-code"])
        heading += nodes.Text(" ")
        title_nodes, messages = self.parse_inline(title, lineno=self.lineno)
        heading += nodes.strong(title, "", *title_nodes, classes=["guide-rule-title"])
        heading += nodes.Text(" ")
        heading += nodes.inline(level, level, classes=["guide-badge", f"guide-badge-{level}"])
        heading += nodes.Text(" ")
        enforced = "checked" if checked else "not checked"
        heading += nodes.inline(
            enforced,
            enforced,
            classes=["guide-badge", "guide-badge-checked" if checked else "guide-badge-unchecked"],
        )
        container += heading
        container += self.parse_content_to_nodes()
        return [index, container, *messages]
