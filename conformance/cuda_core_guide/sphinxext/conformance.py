# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The conformance matrix on the site: a table of every GPU test's outcomes, and each runnable example's own.

``cuda_core_guide_conformance`` names the matrix that ``nox -s conformance``
writes (:mod:`cuda_core_guide.reports.conformance_report`), a copy committed with the
site, relative to the configuration directory. The ``conformance-matrix``
directive renders it: with the argument ``summary``, whether the data is
current, the targets (every test passes on the reference; upstream fails
only where a difference says it will; the API suite's coverage aim, from
``cuda_core_guide_api_coverage``) and the outcomes counted per test file;
without it, a filter (*only what did not pass*) and one table per test
file, the outcomes first, each reason under its test. Each runnable
example of the guide shows its latest outcome on both implementations
under its code and links to its row (so a site that sets
``cuda_core_guide_conformance`` has a page with the directive). A site
without the data says so instead of failing.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.api_coverage import coverage_targets
from cuda_core_guide.sphinxext.guide_source import guide_source
from cuda_core_guide.sphinxext.report_data import (
    MET,
    MISSED,
    commit_reasons,
    data_path,
    data_status,
    load_data,
    missing_data,
    note_report_page,
    recorded,
    targets_list,
)
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["ConformanceMatrixDirective", "example_anchor", "example_status", "load_matrix", "row_anchor"]

_LABELS = {
    "passed": "passed",
    "failed": "failed",
    "error": "error",
    "skipped": "skipped",
    "xfailed": "expected failure",
}
_IMPLEMENTATIONS = ("reference", "upstream")
_COMMAND = "nox -s conformance"
_FAILING = ("failed", "error")
_FILTER_FORM = """\
<form class="guide-outcome-filter" aria-label="Filter the tests" onsubmit="return false">
  <label><input type="checkbox" name="failing"> Show only the tests that did not pass on every implementation</label>
  <output class="guide-outcome-filter-count" aria-live="polite"></output>
</form>
"""


class ConformanceMatrixDirective(SphinxDirective):
    """Insert the conformance matrix's summary (argument ``summary``), or its filter and one table per test file."""

    has_content = False
    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Build the summary, or the filter and the tables."""
        matrix, path = _matrix(self.env)
        note_report_page(self.env, path)
        if not matrix:
            return [missing_data("conformance results", _COMMAND, "on a GPU runner")]
        groups = _groups(matrix)
        if self.arguments:
            if self.arguments[0] != "summary":
                raise self.error(f"unknown part {self.arguments[0]!r} of the conformance matrix; use summary")
            return self._summary(matrix, groups)
        self._examples = guide_source(self.env).example_documents
        result: list[nodes.Node] = [nodes.raw("", _FILTER_FORM, format="html")]
        for group, rows in groups.items():
            title = _group_title(group)
            section = nodes.section(ids=[_group_anchor(group)], classes=["guide-conformance-group"])
            section += nodes.title(title, title)
            section += table(
                (*((name.capitalize(), 17) for name in _IMPLEMENTATIONS), ("Test", 66)),
                [self._row(test, name, row) for test, name, row in rows],
                ["guide-conformance-matrix"],
                stack=True,
            )
            result.append(section)
        return result

    def _summary(self, matrix: dict, groups: dict[str, list[tuple[str, str, dict]]]) -> list[nodes.Node]:
        """Return whether the data is current, the targets, where each run was recorded, and the counts per file."""
        reasons = []
        for name in _IMPLEMENTATIONS:
            facts = matrix["runs"].get(name)
            if facts is None:
                reasons.append(f"it has no {name} run")
            else:
                reasons += commit_reasons(self.env.srcdir, facts.get("commit"), f"the {name} run's")
        commits = [facts.get("commit") for facts in matrix["runs"].values()]
        result: list[nodes.Node] = data_status(self.env.srcdir, commits, reasons, _COMMAND)
        counts = {name: _counts(matrix["tests"].values(), name) for name in _IMPLEMENTATIONS}
        targets = [
            (
                "every test passes on the reference implementation, or is skipped with its reason",
                _tally(counts["reference"]),
                MISSED if any(counts["reference"].get(o) for o in _FAILING) or not counts["reference"] else MET,
            ),
            (
                "upstream fails only where a deliberate difference says it will (an expected failure)",
                _tally(counts["upstream"]),
                MISSED if any(counts["upstream"].get(o) for o in _FAILING) or not counts["upstream"] else MET,
            ),
        ]
        coverage_path = data_path(self.env, "cuda_core_guide_api_coverage")
        if coverage_path is not None:
            note_report_page(self.env, coverage_path)
            targets += coverage_targets(load_data(coverage_path, ("implementations",)))
        summary = nodes.paragraph(classes=["guide-report-targets"])
        summary += nodes.strong("Targets: ", "Targets: ")
        met = sum(1 for target in targets if target[2] == MET)
        summary += nodes.Text(f"{met} of {len(targets)} met.")
        result += [summary, targets_list(targets), self._runs(matrix)]
        rows: list[Row] = []
        for group, members in groups.items():
            link = nodes.reference(
                "", "", nodes.literal(_group_title(group), _group_title(group)), refid=_group_anchor(group)
            )
            cells: list[nodes.Node] = [nodes.paragraph("", "", link), nodes.paragraph(text=str(len(members)))]
            for name in _IMPLEMENTATIONS:
                cells.append(nodes.paragraph(text=_tally(_counts((row for _, _, row in members), name)) or "not run"))
            rows.append((cells, ["guide-report-row"], ()))
        columns = (("Test file", 46), ("Tests", 8), *((f"{name.capitalize()}", 23) for name in _IMPLEMENTATIONS))
        text = "The outcomes by test file (each links to its table below):"
        result += [nodes.paragraph(text, text), table(columns, rows, ["guide-report-table"], stack=True)]
        return result

    def _runs(self, matrix: dict) -> nodes.bullet_list:
        """Return where and when each implementation's column was recorded."""
        items = nodes.bullet_list(classes=["guide-report-provenance"])
        for name in _IMPLEMENTATIONS:
            facts = matrix["runs"].get(name)
            if facts is None:
                text = f"{name}: not run"
            else:
                tally = _tally(_counts(matrix["tests"].values(), name))
                text = (
                    f"{name} ({facts.get('version', '?')}): {tally}; "
                    f"{recorded(facts.get('date', ''), facts.get('device', '?'))}, driver "
                    f"{facts.get('driver', '?')} (CUDA {facts.get('cuda', '?')}), cuda-bindings "
                    f"{facts.get('cuda-bindings', '?')}, Python {facts.get('python', '?')}, "
                    f"commit {facts.get('commit', '?')[:12]}"
                )
                if facts.get("cuda-toolkit", "none") != "none":
                    text += f"; CUDA toolkit {facts['cuda-toolkit']}"
            items += nodes.list_item("", nodes.paragraph(text, text))
        return items

    def _row(self, test: str, name: str, row: dict) -> Row:
        """Return one test's row: its outcomes, then its name and the reason of each outcome other than *passed*."""
        cell = nodes.paragraph("", "", nodes.literal(name, name))
        if "example" in row:
            cell += nodes.Text(" ")
            if row["example"] not in self._examples:
                cell += nodes.inline("", "(the example has changed since this run)", classes=["guide-stale"])
            else:
                cell += addnodes.pending_xref(
                    "",
                    nodes.inline("", "the example"),
                    refdomain="std",
                    reftype="ref",
                    reftarget=example_anchor(row["example"]),
                    refexplicit=True,
                    refwarn=True,
                )
        test_cell: list[nodes.Node] = [cell]
        for implementation in _IMPLEMENTATIONS:
            entry = row["outcomes"].get(implementation)
            if entry and entry.get("outcome") != "passed" and entry.get("reason"):
                reason = nodes.paragraph(classes=["guide-outcome-reason"])
                reason += nodes.strong(f"{implementation}: ", f"{implementation}: ")
                reason += nodes.Text(entry["reason"])
                test_cell.append(reason)
        cells: list[nodes.Node] = [_outcome(row["outcomes"].get(implementation)) for implementation in _IMPLEMENTATIONS]
        cells.append(nodes.container("", *test_cell, classes=["guide-test-cell"]))
        ids = []
        if "example" in row:
            anchor = row_anchor(row["example"])
            ids.append(anchor)
            self.env.get_domain("std").note_hyperlink_target(anchor, self.env.docname, anchor, name)
        passed = all((row["outcomes"].get(i) or {}).get("outcome") == "passed" for i in row["outcomes"])
        classes = ["guide-conformance-row", "guide-all-passed" if passed else "guide-not-all-passed"]
        return cells, classes, ids


def _groups(matrix: dict) -> dict[str, list[tuple[str, str, dict]]]:
    """Return the tests by file: each test's id, the name its row shows, and its outcomes.

    A module that was skipped whole (``::conformance.api_suite.test_system``,
    no class in the JUnit report) is a row of its own file's table.
    """
    groups: dict[str, list[tuple[str, str, dict]]] = {}
    for test, row in matrix["tests"].items():
        group, _, name = test.rpartition("::")
        if not group:
            group, name = name, "(the whole module)"
        groups.setdefault(group, []).append((test, name, row))
    return dict(sorted(groups.items(), key=lambda item: _group_title(item[0])))


def _group_anchor(group: str) -> str:
    """Return the id of a test file's section."""
    return nodes.make_id(f"tests-{group}")


def _counts(rows: object, implementation: str) -> dict[str, int]:
    """Return how many of the rows had each outcome on one implementation."""
    counts: dict[str, int] = {}
    for row in rows:
        outcome = row["outcomes"].get(implementation, {}).get("outcome")
        if outcome:
            counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def _tally(counts: dict[str, int]) -> str:
    """Return outcome counts in words: ``474 passed, 4 skipped``."""
    order = ("passed", "xfailed", "skipped", "failed", "error")
    keys = sorted(counts, key=lambda o: (order.index(o) if o in order else len(order), o))
    return ", ".join(f"{counts[o]} {_LABELS.get(o, o)}{'s' if o == 'xfailed' and counts[o] > 1 else ''}" for o in keys)


def example_status(env: BuildEnvironment, digest: str, docname: str) -> nodes.paragraph | None:
    """Return the line under a runnable example: its latest outcome on each implementation.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment.
    digest : str
        The example's identifier (:attr:`cuda_core_guide.guide.chapters.Example.digest`).
    docname : str
        The document that shows the example.

    Returns
    -------
    docutils.nodes.paragraph or None
        The status line; ``None`` when the site has no matrix configured.
    """
    matrix, path = _matrix(env)
    if path is None:
        return None
    env.note_dependency(str(path))
    line = nodes.paragraph(classes=["guide-example-status"])
    row = next((row for row in matrix.get("tests", {}).values() if row.get("example") == digest), None)
    if row is None:
        line += nodes.Text("Not run on a GPU since it last changed.")
        return line
    line += nodes.Text("Last GPU run: ")
    for position, implementation in enumerate(_IMPLEMENTATIONS):
        if position:
            line += nodes.Text(" · ")
        line += nodes.Text(f"{implementation} ")
        line += _outcome(row["outcomes"].get(implementation)).children[0]
    line += nodes.Text(" ")
    line += addnodes.pending_xref(
        "",
        nodes.inline("", "(details)"),
        refdomain="std",
        reftype="ref",
        reftarget=row_anchor(digest),
        refexplicit=True,
        refwarn=True,
    )
    return line


def example_anchor(digest: str) -> str:
    """Return the anchor of a runnable example in its chapter.

    Parameters
    ----------
    digest : str
        The example's identifier, its digest; colons become dashes.

    Returns
    -------
    str
        An HTML id.
    """
    return "run-" + digest.replace(":", "-")


def row_anchor(digest: str) -> str:
    """Return the anchor of an example's row in the matrix: the HTML id of :func:`example_anchor`'s digest there."""
    return "example-" + digest.replace(":", "-")


def load_matrix(path: Path) -> dict:
    """Read a matrix file, or return an empty matrix if there is none.

    Parameters
    ----------
    path : Path
        The file.

    Returns
    -------
    dict
        The matrix.
    """
    return load_data(path, ("tests", "runs"))


def _matrix(env: BuildEnvironment) -> tuple[dict, Path | None]:
    """Return the configured matrix and its path (``None`` when none is configured)."""
    path = data_path(env, "cuda_core_guide_conformance")
    return (load_matrix(path), path) if path is not None else ({}, None)


def _group_title(group: str) -> str:
    """Return a test file's path from its JUnit class name (``guide.errors.md``, ``pkg.test_x``)."""
    if group.endswith(".md"):
        return group[: -len(".md")].replace(".", "/") + ".md"
    return group.replace(".", "/") + ".py"


def _outcome(entry: dict | None) -> nodes.paragraph:
    """Return a badge for one outcome (``not run`` when there is none); the test's cell gives the reason."""
    outcome = entry["outcome"] if entry else "not-run"
    text = _LABELS.get(outcome, "not run")
    badge = nodes.inline(text, text, classes=["guide-badge", f"guide-outcome-{outcome}"])
    return nodes.paragraph("", "", badge)
