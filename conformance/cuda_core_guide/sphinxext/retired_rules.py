# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``retired-rules`` directive: the codes of rules the guide has taken back, which are never reused.

It renders the guide's data (:mod:`cuda_core_guide.guide.retired`), the
file the rule scaffold and the tests read, so the onboarding chapter cannot
list other codes than they refuse.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.guide.retired import RETIRED_DATA, read_retired
from cuda_core_guide.sphinxext.guide_source import read_guide_data

__all__ = ["RetiredRulesDirective"]


class RetiredRulesDirective(SphinxDirective):
    """Insert the list of retired codes, or a sentence saying that there is none."""

    def run(self) -> list[nodes.Node]:
        """Build one item per retired code: the code, the title the rule had, and why it was taken back."""
        retired, problems = read_guide_data(self, [RETIRED_DATA], read_retired)
        if retired is None:
            return problems
        if not retired:
            return [nodes.paragraph("", "No code has been retired yet.")]
        items = nodes.bullet_list(classes=["guide-retired-rules"])
        for rule in retired.values():
            why, _ = self.parse_inline(rule.why, lineno=self.lineno)
            text = nodes.paragraph("", "", nodes.literal(rule.code, rule.code), nodes.Text(f" ({rule.title}): "), *why)
            items += nodes.list_item("", text)
        return [items]
