# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The conformance matrix on the site: a table of every GPU test's outcomes, and each runnable example's own.

``cuda_core_guide_conformance`` names the matrix that ``nox -s conformance``
writes (:mod:`cuda_core_guide.conformance_report`), a copy committed with the
site, relative to the configuration directory. The ``conformance-matrix``
directive renders it, one table per test file; each runnable example of the
guide shows its latest outcome on both implementations under its code and
links to its row (so a site that sets ``cuda_core_guide_conformance`` has a
page with the directive). A site without the data says so instead of
failing.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.guide_source import guide_source
from cuda_core_guide.sphinxext.report_data import data_path, load_data, missing_data, recorded
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


class ConformanceMatrixDirective(SphinxDirective):
    """Insert the conformance matrix: where and when it ran, then one table per test file."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the provenance list and the tables."""
        matrix, path = _matrix(self.env)
        if path is not None:
            self.env.note_dependency(str(path))
        if not matrix:
            return [missing_data("conformance results", "nox -s conformance", "on a GPU runner")]
        result: list[nodes.Node] = [self._runs(matrix)]
        self._examples = guide_source(self.env).example_documents
        groups: dict[str, list[tuple[str, dict]]] = {}
        for test, row in matrix["tests"].items():
            groups.setdefault(test.rpartition("::")[0], []).append((test, row))
        for group, rows in groups.items():
            title = _group_title(group)
            section = nodes.section(ids=[nodes.make_id(f"tests-{group}")])
            section += nodes.title(title, title)
            section += table(
                (("Test", 60), *((name.capitalize(), 20) for name in _IMPLEMENTATIONS)),
                [self._row(test, row) for test, row in rows],
                ["guide-conformance-matrix"],
            )
            result.append(section)
        return result

    def _runs(self, matrix: dict) -> nodes.bullet_list:
        """Return where and when each implementation's column was recorded."""
        items = nodes.bullet_list()
        for name in _IMPLEMENTATIONS:
            facts = matrix["runs"].get(name)
            if facts is None:
                text = f"{name}: not run"
            else:
                counts: dict[str, int] = {}
                for row in matrix["tests"].values():
                    outcome = row["outcomes"].get(name, {}).get("outcome")
                    if outcome:
                        counts[outcome] = counts.get(outcome, 0) + 1
                tally = ", ".join(f"{count} {_LABELS.get(o, o)}" for o, count in sorted(counts.items()))
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

    def _row(self, test: str, row: dict) -> Row:
        """Return one test's row: its name (an example's links to it), then its outcome on each implementation."""
        name = test.rpartition("::")[2]
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
        cells: list[nodes.Node] = [cell]
        for implementation in _IMPLEMENTATIONS:
            cells.append(_outcome(row["outcomes"].get(implementation)))
        ids = []
        if "example" in row:
            anchor = row_anchor(row["example"])
            ids.append(anchor)
            self.env.get_domain("std").note_hyperlink_target(anchor, self.env.docname, anchor, name)
        return cells, ["guide-conformance-row"], ids


def example_status(env: BuildEnvironment, digest: str, docname: str) -> nodes.paragraph | None:
    """Return the line under a runnable example: its latest outcome on each implementation.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment.
    digest : str
        The example's identifier (:attr:`cuda_core_guide.guide_rules.Example.digest`).
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
        The example's identifier.

    Returns
    -------
    str
        An HTML id.
    """
    return "run-" + digest.replace(":", "-")


def row_anchor(digest: str) -> str:
    """Return the anchor of an example's row in the matrix.

    Parameters
    ----------
    digest : str
        The example's identifier.

    Returns
    -------
    str
        An HTML id.
    """
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
    """Return a badge for one outcome (``not run`` when there is none)."""
    outcome = entry["outcome"] if entry else "not-run"
    text = _LABELS.get(outcome, "not run")
    badge = nodes.inline(text, text, classes=["guide-badge", f"guide-outcome-{outcome}"])
    if entry and entry.get("reason") and outcome != "passed":
        badge["reftitle"] = entry["reason"]
    return nodes.paragraph("", "", badge)
