# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The table of bad arguments on the site: each row, its expected exception and its outcomes.

``cuda_core_guide_bad_arguments`` names the JSON file that
``python -m cuda_core_guide.bad_arguments_report`` writes, a copy committed
with the site, relative to the configuration directory. The
``bad-arguments-table`` directive renders it, one table per callable's
class; a site without the data says so instead of failing.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.report_data import data_path, load_data, missing_data, note_report_page, recorded
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["BadArgumentsDirective"]

_IMPLEMENTATIONS = ("reference", "upstream")
_LABELS = {"xfailed": "expected failure", "not-run": "not run"}


class BadArgumentsDirective(SphinxDirective):
    """Insert the table of bad arguments: when it was recorded, then one table per class."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the summary and the tables."""
        path = data_path(self.env, "cuda_core_guide_bad_arguments")
        note_report_page(self.env, path)
        data = load_data(path, ("rows", "runs"))
        if not data:
            return [missing_data("bad-argument results", "python -m cuda_core_guide.bad_arguments_report")]
        rows = data["rows"]
        gpu = sum(1 for row in rows if row.get("gpus"))
        text = (
            f"{len(rows)} rows, {len(rows) - gpu} without a device and {gpu} on a GPU; "
            f"{recorded(data.get('date', ''))} at commit {str(data.get('commit', '?'))[:12]}, "
            f"with outcomes from {', '.join(data['runs']) or 'no run yet'}."
        )
        result: list[nodes.Node] = [nodes.paragraph(text, text)]
        groups: dict[str, list[dict]] = {}
        for row in rows:
            groups.setdefault(row["callable"].partition(".")[0], []).append(row)
        for group, members in sorted(groups.items()):
            section = nodes.section(ids=[nodes.make_id(f"bad-arguments-{group}")])
            section += nodes.title(group, group)
            section += table(
                (
                    ("Callable", 18),
                    ("Argument", 12),
                    ("Value", 14),
                    ("Raises", 14),
                    ("Message names", 14),
                    *((name.capitalize(), 14) for name in _IMPLEMENTATIONS),
                ),
                [_row(row) for row in members],
                ["guide-bad-arguments"],
            )
            result.append(section)
        return result


def _literal(text: str) -> nodes.paragraph:
    """Return a paragraph holding ``text`` as code."""
    return nodes.paragraph("", "", nodes.literal(text, text))


def _row(row: dict) -> Row:
    """Return one row: the call, the expectation and each implementation's outcome."""
    expected = row.get("expected", {})
    raises = nodes.paragraph("", "", nodes.literal(expected.get("exception", "?"), expected.get("exception", "?")))
    if expected.get("difference"):
        raises += nodes.Text(f" ({expected['difference']})")
    cells: list[nodes.Node] = [
        _literal(row.get("callable", "?")),
        _literal(row.get("argument", "?")),
        _literal(row.get("value", "?")),
        raises,
        _literal(expected.get("message", "")),
    ]
    for name in _IMPLEMENTATIONS:
        cells.append(_outcome(row, name))
    return cells, ["guide-bad-arguments-row"], []


def _outcome(row: dict, implementation: str) -> nodes.paragraph:
    """Return a badge of the row's outcome on one implementation, with upstream's own expectation."""
    entry = row.get("outcomes", {}).get(implementation)
    outcome = entry["outcome"] if entry else "not-run"
    text = _LABELS.get(outcome, outcome)
    badge = nodes.inline(text, text, classes=["guide-badge", f"guide-outcome-{outcome}"])
    paragraph = nodes.paragraph("", "", badge)
    upstream = row.get("upstream") if implementation == "upstream" else None
    if upstream:
        note = upstream.get("xfail") or (
            f"raises {upstream.get('exception', '?')} ({upstream.get('difference', 'a difference')})"
        )
        paragraph += nodes.Text(f" {note}")
    return paragraph
