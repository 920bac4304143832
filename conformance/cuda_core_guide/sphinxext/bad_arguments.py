# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The table of bad arguments on the site: each row, its expected exception and its outcomes.

``cuda_core_guide_bad_arguments`` names the JSON file that
``python -m cuda_core_guide.reports.bad_arguments_report`` writes, a copy committed
with the site, relative to the configuration directory. The
``bad-arguments-table`` directive renders it: whether the data is current,
its targets (every row passes on the reference; upstream fails only where
the row expects it to), then one table per callable's class, the outcomes
first and what upstream does instead under the call; a site without the
data says so instead of failing.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide import __version__
from cuda_core_guide.sphinxext.report_data import (
    MET,
    MISSED,
    load_report,
    missing_data,
    recorded,
    report_status,
    stale_reasons,
    targets_list,
)
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["BadArgumentsDirective"]

_IMPLEMENTATIONS = ("reference", "upstream")
_LABELS = {"xfailed": "expected failure", "not-run": "not run"}
_COMMAND = "nox -s conformance"


class BadArgumentsDirective(SphinxDirective):
    """Insert the table of bad arguments: when it was recorded, then one table per class."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the summary and the tables."""
        data = load_report(self.env, "cuda_core_guide_bad_arguments", ("rows", "runs"))
        if not data:
            return [missing_data("bad-argument results", "python -m cuda_core_guide.reports.bad_arguments_report")]
        rows = data["rows"]
        gpu = sum(1 for row in rows if row.get("gpus"))
        # The table is written from the same run as the conformance matrix; its checker version is not recorded.
        reasons = stale_reasons(self.env.srcdir, {"checker_version": __version__, **data})
        result = report_status(self.env, data, _COMMAND, reasons)
        targets = []
        for name, target in (
            ("reference", "every row passes on the reference implementation"),
            (
                "upstream",
                "upstream fails only the rows that expect it to (an expected failure, which says what it does)",
            ),
        ):
            outcomes: dict[str, int] = {}
            for row in rows:
                outcome = row.get("outcomes", {}).get(name, {}).get("outcome", "not-run")
                outcomes[outcome] = outcomes.get(outcome, 0) + 1
            tally = ", ".join(f"{count} {_LABELS.get(o, o)}" for o, count in sorted(outcomes.items()))
            failing = outcomes.get("failed", 0) + outcomes.get("error", 0) + outcomes.get("not-run", 0)
            targets.append((target, tally, MISSED if failing else MET))
        summary = nodes.paragraph(classes=["guide-report-targets"])
        summary += nodes.strong("Targets: ", "Targets: ")
        summary += nodes.Text(f"{sum(1 for t in targets if t[2] == MET)} of {len(targets)} met.")
        result += [summary, targets_list(targets)]
        text = (
            f"{len(rows)} rows, {len(rows) - gpu} without a device and {gpu} on a GPU; "
            f"{recorded(data.get('date', ''))} at commit {str(data.get('commit', '?'))[:12]}, "
            f"with outcomes from {', '.join(data['runs']) or 'no run yet'}."
        )
        result.append(nodes.paragraph(text, text, classes=["guide-report-provenance"]))
        groups: dict[str, list[dict]] = {}
        for row in rows:
            groups.setdefault(row["callable"].partition(".")[0], []).append(row)
        for group, members in sorted(groups.items()):
            section = nodes.section(ids=[nodes.make_id(f"bad-arguments-{group}")])
            section += nodes.title(group, group)
            section += table(
                (
                    *((name.capitalize(), 14) for name in _IMPLEMENTATIONS),
                    ("Call", 40),
                    ("Raises, with a message that names", 32),
                ),
                [_row(row) for row in members],
                ["guide-bad-arguments", "guide-report-table"],
                stack=True,
            )
            result.append(section)
        return result


def _row(row: dict) -> Row:
    """Return one row: each implementation's outcome, the call (with what upstream does instead), the expectation."""
    expected = row.get("expected", {})
    exception = expected.get("exception", "?")
    raises = nodes.paragraph("", "", nodes.literal(exception, exception))
    if expected.get("difference"):
        raises += nodes.Text(f" ({expected['difference']})")
    message = expected.get("message", "")
    if message:
        raises += nodes.Text(" ")
        raises += nodes.literal(message, message)
    call = nodes.paragraph("", "", nodes.literal(row.get("callable", "?"), row.get("callable", "?")))
    call += nodes.Text(" with ")
    call += nodes.literal(row.get("argument", "?"), row.get("argument", "?"))
    call += nodes.Text(" = ")
    call += nodes.literal(row.get("value", "?"), row.get("value", "?"))
    call_cell: list[nodes.Node] = [call]
    upstream = row.get("upstream")
    if upstream:
        note = upstream.get("xfail") or (
            f"raises {upstream.get('exception', '?')} ({upstream.get('difference', 'a difference')})"
        )
        reason = nodes.paragraph(classes=["guide-outcome-reason"])
        reason += nodes.strong("upstream: ", "upstream: ")
        reason += nodes.Text(note)
        call_cell.append(reason)
    cells: list[nodes.Node] = [_outcome(row, name) for name in _IMPLEMENTATIONS]
    cells += [nodes.container("", *call_cell, classes=["guide-test-cell"]), raises]
    return cells, ["guide-bad-arguments-row"], []


def _outcome(row: dict, implementation: str) -> nodes.paragraph:
    """Return a badge of the row's outcome on one implementation."""
    entry = row.get("outcomes", {}).get(implementation)
    outcome = entry["outcome"] if entry else "not-run"
    text = _LABELS.get(outcome, outcome)
    badge = nodes.inline(text, text, classes=["guide-badge", f"guide-outcome-{outcome}"])
    return nodes.paragraph("", "", badge)
