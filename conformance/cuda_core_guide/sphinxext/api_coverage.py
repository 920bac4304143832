# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The API suite's coverage of upstream's public callables on the site, per implementation and per module.

``cuda_core_guide_api_coverage`` names the JSON file that
``python -m cuda_core_guide.api_coverage`` writes after ``nox -s
conformance``, a copy committed with the site, relative to the
configuration directory. The ``api-coverage`` directive renders it: the
share of callables covered on each implementation, and a table by module; a
site without the data says so instead of failing.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.report_data import data_path, load_data, missing_data, note_report_page
from cuda_core_guide.sphinxext.tables import table

__all__ = ["ApiCoverageDirective"]


class ApiCoverageDirective(SphinxDirective):
    """Insert the coverage counts: one line per implementation, then a table by module."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the summary and the table."""
        path = data_path(self.env, "cuda_core_guide_api_coverage")
        note_report_page(self.env, path)
        data = load_data(path, ("implementations",))
        if not data or not data["implementations"]:
            return [missing_data("API coverage counts", "nox -s conformance", "on a GPU runner")]
        implementations = data["implementations"]
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
        return [items, table(columns, rows, ["guide-api-coverage"])]
