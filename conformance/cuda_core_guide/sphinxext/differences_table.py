# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``differences-table`` and ``surface-differences`` directives: the guide's differences from upstream.

Both render the guide's data (:mod:`cuda_core_guide.guide.differences`,
:mod:`cuda_core_guide.surface.listing`), the files that the tests check, so
the page and the tests cannot disagree.

- ``differences-table``: the deliberate differences, one row each: ID,
  where, what each implementation does, and why (the rule, then the reason).
- ``surface-differences``: the differences of the public surface by
  category (deliberate, each deferred group, not yet implemented), with
  their counts, then the deferred groups and the pending differences listed
  by module.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.guide.differences import DIFFERENCES_DATA, read_differences
from cuda_core_guide.sphinxext.guide_source import read_guide_data
from cuda_core_guide.sphinxext.tables import Row, table
from cuda_core_guide.surface.listing import DEFERRABLE_GROUPS, PENDING_DATA, PENDING_ISSUE, read_listing

__all__ = ["DifferencesTableDirective", "SurfaceDifferencesDirective"]

_COLUMNS = (("ID", 6), ("Where", 22), ("Reference", 24), ("Upstream", 24), ("Why", 24))


class DifferencesTableDirective(SphinxDirective):
    """Insert the table of deliberate differences."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build one row per deliberate difference, its ID an anchor (``#difference-d3``)."""
        differences, problems = read_guide_data(self, [DIFFERENCES_DATA], read_differences)
        if differences is None:
            return problems
        rows: list[Row] = []
        for difference in differences.values():
            cells = [nodes.paragraph("", "", nodes.literal(difference.id, difference.id))]
            for text in (difference.where, difference.reference, difference.upstream, difference.reason):
                inline, _ = self.parse_inline(text, lineno=self.lineno)
                cells.append(nodes.paragraph("", "", *inline))
            rows.append((cells, (), (f"difference-{difference.id.lower()}",)))
        return [table(_COLUMNS, rows, ["guide-differences"])]


class SurfaceDifferencesDirective(SphinxDirective):
    """Insert the surface differences: counts by category, the deferred groups, the pending list."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the counts table, then the deferred groups and the pending differences."""
        listing, problems = read_guide_data(self, [DIFFERENCES_DATA, PENDING_DATA], read_listing)
        if listing is None:
            return problems
        rows: list[Row] = [
            self._row("Deliberate (the table above)", len(listing.deliberate)),
            *(self._row(f"Deferred: {DEFERRABLE_GROUPS[group.group]}", group.count) for group in listing.deferred),
            self._row(f"Not yet implemented (issue {PENDING_ISSUE})", len(listing.pending)),
        ]
        total = len(listing.deliberate) + sum(group.count for group in listing.deferred) + len(listing.pending)
        rows.append(self._row("All differences", total))
        result: list[nodes.Node] = [table((("Category", 70), ("Differences", 30)), rows, ["guide-surface-counts"])]
        deferred = nodes.bullet_list()
        for group in listing.deferred:
            why, _ = self.parse_inline(group.why, lineno=self.lineno)
            item = nodes.paragraph("", "", nodes.strong("", DEFERRABLE_GROUPS[group.group]), nodes.Text(": "), *why)
            item += nodes.Text(f" ({group.count} difference{'s' if group.count != 1 else ''}: ")
            for index, pattern in enumerate(group.names):
                item += nodes.Text(", " if index else "")
                item += nodes.literal(pattern, pattern)
            item += nodes.Text(").")
            deferred += nodes.list_item("", item)
        if listing.deferred:
            result += [nodes.paragraph(text="The deferred groups:"), deferred]
        result += self._pending(listing.pending)
        return result

    def _row(self, category: str, count: int) -> Row:
        """Return a row of the counts table."""
        return ([nodes.paragraph(text=category), nodes.paragraph(text=str(count))], (), ())

    def _pending(self, pending: tuple[str, ...]) -> list[nodes.Node]:
        """Return the pending differences, by module, each module with its counts by kind of difference."""
        if not pending:
            return [nodes.paragraph(text="The reference implements everything else that upstream has.")]
        by_module: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for key in pending:
            what, _, name = key.partition(" ")
            module, _, qualified = name.partition(":")
            by_module[module].append((what, qualified or module))
        result: list[nodes.Node] = [
            nodes.paragraph(text=f"Not yet implemented (issue {PENDING_ISSUE}), {len(pending)} differences:")
        ]
        modules = nodes.bullet_list()
        for module, entries in sorted(by_module.items()):
            counts = Counter(what for what, _ in entries)
            summary = ", ".join(f"{count} {what}" for what, count in sorted(counts.items()))
            item = nodes.paragraph("", "", nodes.literal(module, module), nodes.Text(f" ({summary}): "))
            for index, (what, qualified) in enumerate(entries):
                item += nodes.Text(", " if index else "")
                item += nodes.literal(qualified, qualified)
                if what != "missing":
                    item += nodes.Text(f" ({what})")
            modules += nodes.list_item("", item)
        result.append(modules)
        return result
