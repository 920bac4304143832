# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The API suite's coverage of upstream's public callables on the site, per implementation and per module.

``cuda_core_guide_api_coverage`` names the JSON file that
``python -m cuda_core_guide.reports.api_coverage`` writes after ``nox -s
conformance``, a copy committed with the site, relative to the
configuration directory. The ``api-coverage`` directive renders it: when
the counts were recorded (or that they do not say), the aim of
:data:`AIM_PERCENT` and whether each implementation meets it, why an
implementation misses it where the data tells (callables of the groups the
reference defers, which it does not have), and a table by module; a site
without the data says so instead of failing. :func:`coverage_targets`
gives the aim's verdicts to the conformance page's summary.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.guide.myst import MystError
from cuda_core_guide.sphinxext.guide_source import chapters_folder
from cuda_core_guide.sphinxext.report_data import (
    MET,
    MISSED,
    commit_reasons,
    explanation,
    load_report,
    missing_data,
    recorded,
    targets_list,
)
from cuda_core_guide.sphinxext.tables import table
from cuda_core_guide.surface.listing import DEFERRABLE_GROUPS, read_listing

__all__ = ["AIM_PERCENT", "ApiCoverageDirective", "coverage_targets"]

AIM_PERCENT = 90.0
"""The share of upstream's public callables the API suite aims to call, on each implementation."""


class ApiCoverageDirective(SphinxDirective):
    """Insert the coverage: when recorded, the aim and its verdicts, what explains a miss, then a table by module."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the provenance, the targets, the explanations and the table."""
        data = load_report(self.env, "cuda_core_guide_api_coverage", ("implementations",))
        if not data or not data["implementations"]:
            return [missing_data("API coverage counts", "nox -s conformance", "on a GPU runner")]
        implementations = data["implementations"]
        result: list[nodes.Node] = [self._provenance(data)]
        result.append(targets_list(coverage_targets(data)))
        result += self._explanations(implementations)
        items = nodes.bullet_list()
        for name, counts in sorted(implementations.items()):
            text = (
                f"{name}: {counts['covered']} of {counts['total']} public callables of upstream "
                f"({counts['percent']}%); {len(counts.get('uncovered', []))} not called"
            )
            if counts.get("python"):
                text += f" (Python {counts['python']}, calls seen with {counts.get('hook', '?')})"
            if counts.get("gpu") is False:
                text += "; recorded without a GPU, so the GPU tests were skipped"
            items += nodes.list_item("", nodes.paragraph(text, text))
        result.append(items)
        names = sorted(implementations)
        modules = sorted({module for counts in implementations.values() for module in counts.get("modules", {})})
        rows = []
        for module in modules:
            cells: list[nodes.Node] = [nodes.paragraph("", "", nodes.literal(module, module))]
            for name in names:
                counts = implementations[name].get("modules", {}).get(module, {})
                text = f"{counts.get('covered', 0)} / {counts.get('total', 0)}"
                cells.append(nodes.paragraph(text, text))
            rows.append((cells, [], []))
        columns = (("Module", 40), *((name.capitalize(), 30) for name in names))
        result.append(table(columns, rows, ["guide-api-coverage", "guide-report-table"], stack=True))
        return result

    def _provenance(self, data: dict) -> nodes.paragraph:
        """Return when and at which commit the counts were recorded, or that they do not say."""
        paragraph = nodes.paragraph(classes=["guide-report-provenance"])
        if data.get("date"):
            when = recorded(str(data["date"]))
            text = f"{when[:1].upper()}{when[1:]} at commit {str(data.get('commit', '?'))[:12]}."
            stale = commit_reasons(self.env.srcdir, data.get("commit"))
            if stale:
                text += f" These counts may be stale: {'; '.join(stale)}."
        else:
            text = (
                "These counts name neither the date nor the commit they were recorded at (the counts record both "
                "from now on): they come from the same conformance run as the matrix, so read them as of its date."
            )
        paragraph += nodes.Text(text)
        return paragraph

    def _explanations(self, implementations: Mapping[str, dict]) -> list[nodes.Node]:
        """Return why an implementation misses the aim, where the reference's deferred groups explain it."""
        try:
            deferred = read_listing(chapters_folder(self.env)).deferred
        except (MystError, OSError):
            return []
        notes = []
        for name, counts in sorted(implementations.items()):
            if float(counts.get("percent", 0)) >= AIM_PERCENT:
                continue
            uncovered = counts.get("uncovered", [])
            by_group = {
                group.group: [n for n in uncovered if any(fnmatch.fnmatchcase(n, p) for p in group.names)]
                for group in deferred
            }
            missing = sum(len(found) for found in by_group.values())
            if not missing:
                continue
            implemented = counts["total"] - missing
            share = 100 * counts["covered"] / implemented if implemented else 0.0
            groups = ", ".join(
                f"{DEFERRABLE_GROUPS.get(group, group)}: {len(found)}" for group, found in by_group.items() if found
            )
            verdict = "meets" if share >= AIM_PERCENT else "is still short of"
            notes.append(
                explanation(
                    f"Why the {name} implementation misses the aim",
                    f"Of the {len(uncovered)} callables the API suite does not call on the {name} implementation, "
                    f"{missing} belong to groups that it defers and does not implement ({groups}; the guide's "
                    "chapter on the differences from upstream lists the groups and why): no test can call them "
                    f"there. Of the {implemented} callables it implements, the suite calls {counts['covered']}, "
                    f"{share:.1f}%, which {verdict} the aim of {AIM_PERCENT:g}%.",
                )
            )
        return notes


def coverage_targets(data: Mapping[str, object]) -> list[tuple[str, str, str]]:
    """Return the coverage aim for each implementation, what was measured, and the verdict.

    Parameters
    ----------
    data : mapping
        The coverage counts (``implementations``); empty when there are none.

    Returns
    -------
    list of tuple of (str, str, str)
        One target per implementation: the aim in words, the share
        covered, and :data:`~.report_data.MET` or :data:`~.report_data.MISSED`.
    """
    targets = []
    for name, counts in sorted(dict(data.get("implementations", {})).items()):
        percent = float(counts.get("percent", 0))
        targets.append(
            (
                f"the API suite calls at least {AIM_PERCENT:g}% of upstream's public callables on the {name} "
                "implementation",
                f"{percent:g}% ({counts.get('covered', 0)} of {counts.get('total', 0)})",
                MET if percent >= AIM_PERCENT else MISSED,
            )
        )
    return targets
