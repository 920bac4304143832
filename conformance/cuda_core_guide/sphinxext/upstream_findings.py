# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The upstream findings on the site: the checker's findings on the latest ``cuda-core`` releases.

``cuda_core_guide_upstream_findings`` names the report that ``nox -s
upstream_report`` writes (:mod:`cuda_core_guide.reports.upstream_releases`), a copy
committed with the site, relative to the configuration directory. The
``upstream-findings`` directive renders it: when and from what it was
recorded and whether that is current, that the page has no target (it
describes upstream's code, which this project does not control), a table
of the findings per rule prefix across the releases (the trend) with a
chart of it when the counts move (when every file's count is the same in
every release, a note says so and why instead), then, for each release,
newest first, its findings by rule (each code linking to its rule) and the
files with the most findings. A site without the data says so instead of
failing.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.sphinxext.guide_source import guide_source
from cuda_core_guide.sphinxext.plot_style import PALETTE
from cuda_core_guide.sphinxext.report_data import (
    explanation,
    load_report,
    missing_data,
    recorded,
    report_status,
)
from cuda_core_guide.sphinxext.report_plot import ReportPlot
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["TOP_FILES", "UpstreamFindingsDirective", "rule_prefix"]

TOP_FILES = 10
"""How many of a release's files with the most findings the page lists."""

_COMMAND = "nox -s upstream_report"


class UpstreamFindingsDirective(SphinxDirective):
    """Insert the upstream findings: provenance, the trend across releases, then each release."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the provenance, the trend and one section per release."""
        report = load_report(self.env, "cuda_core_guide_upstream_findings", ("releases",))
        if not report or not report["releases"]:
            return [missing_data("upstream findings", _COMMAND)]
        self._rules = guide_source(self.env).rules
        releases = report["releases"]
        result = report_status(self.env, report, _COMMAND)
        target = nodes.paragraph(classes=["guide-report-targets"])
        target += nodes.strong("Target: ", "Target: ")
        target += nodes.Text(
            "none. The findings describe upstream's code, which this project does not control: "
            "they measure how far each release is from the guide."
        )
        result += [target, _provenance(report)]
        result.append(self._trend(report.get("package", "cuda-core"), releases))
        for release in reversed(releases):
            result.append(self._release(report.get("package", "cuda-core"), release))
        return result

    def _trend(self, package: str, releases: list[dict]) -> nodes.section:
        """Return the section of the findings per rule prefix across the releases: a chart and its table."""
        versions = [str(release["version"]) for release in releases]
        prefixes: dict[str, list[int]] = {}
        for position, release in enumerate(releases):
            for code, count in release.get("rules", {}).items():
                prefixes.setdefault(rule_prefix(code), [0] * len(releases))[position] += count
        ordered = sorted(prefixes.items(), key=lambda item: (-sum(item[1]), item[0]))
        section = nodes.section(ids=[nodes.make_id("upstream-trend")])
        title = "Findings per rule prefix across releases"
        section += nodes.title(title, title)
        totals = ", ".join(f"{release['version']}: {release.get('total', 0)}" for release in releases)
        first = releases[0]
        if len(releases) > 1 and all(
            (release.get("files"), release.get("rules")) == (first.get("files"), first.get("rules"))
            for release in releases
        ):
            section += explanation(
                "Why every release has the same findings",
                f"Each of the {len(releases)} releases has {releases[0].get('total', 0)} findings, and every file "
                f"has the same count in each ({len(releases[0].get('files', {}))} files with findings, of "
                f"{releases[0].get('files_checked', 0)} checked). The checker reads only the wheels' .py and .pxd "
                "files (the wheels ship no .pyx sources, where most of cuda-core's code is): between these releases "
                "those files either did not change or changed in ways that neither broke nor met a rule. So there "
                "is no trend to draw, and the table below says all there is.",
            )
        elif len(releases) > 1:
            shown = ordered[: len(PALETTE) - 1]
            rest = ordered[len(PALETTE) - 1 :]
            series = [{"label": prefix, "values": counts} for prefix, counts in shown]
            if rest:
                other = [sum(counts[position] for _, counts in rest) for position in range(len(releases))]
                series.append({"label": f"{len(rest)} other prefixes", "values": other})
            chart = {
                "kind": "lines",
                "title": f"Findings per rule prefix, {package} {versions[0]} to {versions[-1]}.",
                "xlabel": f"{package} release",
                "ylabel": "findings",
                "categories": versions,
                "series": series,
            }
            plot = ReportPlot(chart=chart, alt=f"Findings per rule prefix across {package} releases ({totals})")
            self.set_source_info(plot)
            section += plot
        rows: list[Row] = [
            ([_text(prefix, literal=True), *(_text(str(count)) for count in counts)], ["guide-report-row"], ())
            for prefix, counts in ordered
        ]
        rows.append(
            (
                [_text("all rules"), *(_text(str(release.get("total", 0))) for release in releases)],
                ["guide-report-total"],
                (),
            )
        )
        columns = (("Prefix", 30), *((version, 70 // len(versions)) for version in versions))
        section += table(columns, rows, ["guide-report-table", "guide-upstream-trend"], stack=True)
        return section

    def _release(self, package: str, release: dict) -> nodes.section:
        """Return one release's section: its totals, its findings by rule, and its files with the most."""
        version = str(release["version"])
        section = nodes.section(ids=[nodes.make_id(f"upstream-{package}-{version}")])
        title = f"{package} {version}"
        section += nodes.title(title, title)
        summary = nodes.paragraph()
        summary += nodes.Text(
            f"{release.get('total', 0)} findings in {release.get('files_with_findings', 0)} of "
            f"{release.get('files_checked', 0)} files, from the wheel "
        )
        wheel = str(release.get("wheel", "?"))
        summary += nodes.literal(wheel, wheel)
        summary += nodes.Text(".")
        section += summary
        by_rule = [self._rule_row(code, count) for code, count in release.get("rules", {}).items()]
        section += table((("Code", 14), ("Rule", 70), ("Findings", 16)), by_rule, ["guide-report-table"], stack=True)
        every_file = sorted(release.get("files", {}).items(), key=lambda item: (-item[1], item[0]))
        files = every_file[:TOP_FILES]
        if files:
            heading = nodes.paragraph()
            if len(every_file) > len(files):
                heading += nodes.strong("", f"The {len(files)} files with the most findings, of {len(every_file)}")
            else:
                heading += nodes.strong("", "Files with findings")
            section += heading
            rows: list[Row] = [
                ([_text(name, literal=True), _text(str(count))], ["guide-report-row"], ()) for name, count in files
            ]
            section += table((("File", 84), ("Findings", 16)), rows, ["guide-report-table"], stack=True)
        return section

    def _rule_row(self, code: str, count: int) -> Row:
        """Return a rule's row: its code (a link, where the guide has the rule), its title and its count."""
        rule = self._rules.get(code)
        if rule is None:
            return [_text(code, literal=True), _text("(not in the guide)"), _text(str(count))], ["guide-report-row"], ()
        link = addnodes.pending_xref(
            "",
            nodes.literal(code, code),
            refdomain="guide",
            reftype="rule",
            reftarget=code,
            refexplicit=True,
            refwarn=True,
        )
        title_nodes, _ = self.parse_inline(rule.title, lineno=self.lineno)
        cells = [nodes.paragraph("", "", link), nodes.paragraph("", "", *title_nodes), _text(str(count))]
        return cells, ["guide-report-row"], ()


def rule_prefix(code: str) -> str:
    """Return the letters a rule code starts with: its family.

    Parameters
    ----------
    code : str
        A rule code such as ``IMP004``.

    Returns
    -------
    str
        ``IMP``; the whole code when it starts with no letters.
    """
    match = re.match(r"[A-Za-z]+", code)
    return match.group(0) if match else code


def _provenance(report: dict) -> nodes.paragraph:
    """Return when, with what and from which wheels the report was recorded."""
    paragraph = nodes.paragraph(classes=["guide-report-provenance"])
    when = recorded(str(report.get("date", "")))
    paragraph += nodes.Text(
        f"{when[:1].upper()}{when[1:]} with cuda-core-guide "
        f"{report.get('checker_version', '?')}, at commit {str(report.get('commit', '?'))[:12]}, from the wheels "
    )
    for position, release in enumerate(report["releases"]):
        if position:
            paragraph += nodes.Text(", ")
        wheel = str(release.get("wheel", "?"))
        paragraph += nodes.literal(wheel, wheel)
    paragraph += nodes.Text(".")
    return paragraph


def _text(text: str, *, literal: bool = False) -> nodes.paragraph:
    """Return a table cell's paragraph of plain or literal text."""
    return nodes.paragraph("", "", nodes.literal(text, text) if literal else nodes.Text(text))
