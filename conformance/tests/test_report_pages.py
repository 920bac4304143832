# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The report pages of the Sphinx extension: upstream findings and checker speed, built from data in small sites."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from sites import build, built_text, images, page_text, write_site

from cuda_core_guide import __version__

pytest.importorskip("sphinx", reason="Sphinx is not installed")
pytest.importorskip("myst_parser", reason="myst-parser is not installed")
pytest.importorskip("matplotlib", reason="matplotlib is not installed")

CHAPTER = "# Rules\n\n```{rule} ERR005\n:title: Raise a specific exception\n:level: required\n\nText.\n```\n"
UPSTREAM = {
    "format": 1,
    "package": "cuda-core",
    "checker_version": __version__,
    "commit": "unknown",
    "date": "2026-11-20T10:15:00Z",
    "releases": [
        {
            "version": "1.0.0",
            "wheel": "cuda_core-1.0.0-cp312-cp312-manylinux_2_28_x86_64.whl",
            "files_checked": 10,
            "files_with_findings": 2,
            "total": 5,
            "rules": {"ERR005": 3, "ZZZ001": 2},
            "files": {"cuda/core/_a.py": 4, "cuda/core/_b.py": 1},
        },
        {
            "version": "1.1.0",
            "wheel": "cuda_core-1.1.0-cp312-cp312-manylinux_2_28_x86_64.whl",
            "files_checked": 11,
            "files_with_findings": 1,
            "total": 7,
            "rules": {"ERR005": 7},
            "files": {"cuda/core/_c.py": 7},
        },
    ],
}
SPEED = {
    "format": 1,
    "date": "2026-11-21T08:00:00Z",
    "commit": "unknown",
    "checker_version": __version__,
    "machine": {"cpu": "Test CPU", "cpus": 8, "machine": "x86_64", "system": "Linux 6", "python": "3.12.1"},
    "versions": {"cuda-core-guide": __version__, "cython-lint": "0.22.1", "Cython": "3.3.1"},
    "tree": {"files": 200, "lines": 45000, "single_file": "cuda_core/_device.py", "single_file_lines": 250},
    "repetitions": 5,
    "cache_dropped": True,
    "tools": {
        "cuda-core-guide": {
            "cold": {"median_s": 2.5, "min_s": 2.25, "max_s": 3.0},
            "warm": {"median_s": 2.0, "min_s": 1.9, "max_s": 2.2},
            "cached": {"median_s": 0.25, "min_s": 0.2, "max_s": 0.3},
            "single_file": {"median_s": 0.4, "min_s": 0.35, "max_s": 0.5},
        },
        "cython-lint": {
            "cold": {"median_s": 4.0, "min_s": 3.5, "max_s": 4.5},
            "warm": {"median_s": 3.0, "min_s": 2.9, "max_s": 3.1},
            "single_file": {"median_s": 0.3, "min_s": 0.25, "max_s": 0.35},
        },
    },
}


def make_site(root: Path, upstream: dict | None = UPSTREAM, speed: dict | None = SPEED) -> Path:
    """Write a site with a rule, an upstream-findings page and a checker-speed page; return its folder."""
    settings = {
        "cuda_core_guide_upstream_findings": "_data/upstream.json",
        "cuda_core_guide_checker_speed": "_data/checker_speed.json",
    }
    pages = {
        "rules": CHAPTER,
        "upstream": "# Upstream findings\n\n```{upstream-findings}\n```\n",
        "speed": "# Checker speed\n\n```{checker-speed}\n```\n",
    }
    return write_site(root, settings, pages, {"upstream.json": upstream, "checker_speed.json": speed})


def git(repository: Path, *arguments: str) -> str:
    """Run git in a repository of the test and return its output."""
    identity = ["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"]
    result = subprocess.run(["git", *identity, *arguments], cwd=repository, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_upstream_page_has_each_release_by_rule_and_file_and_the_trend(tmp_path, capsys) -> None:
    docs = make_site(tmp_path)
    build(docs, capsys)
    html = (docs / "_build" / "upstream.html").read_text()
    text = page_text(html)
    assert "Recorded 2026-11-20 10:15 UTC with cuda-core-guide" in text
    assert "Stale data" not in text
    # Newest release first, each with its totals, rules and files.
    assert text.index("7 findings in 1 of 11 files") < text.index("5 findings in 2 of 10 files")
    assert "7 findings in 1 of 11 files, from the wheel cuda_core-1.1.0-" in text
    assert "5 findings in 2 of 10 files" in text
    assert "ERR005 Raise a specific exception 3" in text
    assert "ZZZ001 (not in the guide) 2" in text
    assert "cuda/core/_a.py 4" in text
    assert "Files with findings File Findings cuda/core/_c.py 7" in text
    # A code the guide documents links to its rule; one it does not stays text.
    assert html.count('href="rules.html#rule-ERR005"') == 2
    assert "#rule-ZZZ001" not in html
    # The trend: per prefix and release, in a table and a chart.
    assert "ERR 3 7" in text
    assert "ZZZ 2 0" in text
    assert "all rules 5 7" in text
    (chart,) = images(docs, "upstream")
    assert chart.parent.name == "_images"
    svg = chart.read_text()
    assert "1.0.0" in svg
    assert "1.1.0" in svg
    assert "ERR" in svg
    assert "LineCollection" not in svg  # counts have no spread: no error bars
    assert "Findings per rule prefix across cuda-core releases (1.0.0: 5, 1.1.0: 7)" in html
    assert "Target: none" in text


def test_checker_speed_page_has_the_table_and_a_bar_chart_with_error_bars(tmp_path, capsys) -> None:
    docs = make_site(tmp_path)
    build(docs, capsys)
    html = (docs / "_build" / "speed.html").read_text()
    text = page_text(html)
    assert "Recorded 2026-11-21 08:00 UTC on Test CPU (8 CPUs, Linux 6)" in text
    assert "cython-lint 0.22.1" in text
    assert "Both tools check the same 200 files (45000 lines)" in text
    assert "cuda_core/_device.py (250 lines)" in text
    assert "cuda-core-guide 2.50 s (2.25–3.00) 2.00 s (1.90–2.20) 0.25 s (0.20–0.30) 0.40 s (0.35–0.50)" in text
    assert "cython-lint 4.00 s (3.50–4.50) 3.00 s (2.90–3.10) not measured 0.30 s (0.25–0.35)" in text
    assert "met cold run at most 3 s: 2.50 s" in text
    assert "missed cold run at least 3 times faster than cython-lint’s: 1.6 times" in text
    (chart,) = images(docs, "speed")
    svg = chart.read_text()
    assert "cuda-core-guide" in svg
    assert "single file" in svg
    assert "not measured" in svg  # cython-lint has no cache: marked, never drawn as 0 s
    assert "-LineCollection_" in svg  # the spread, as error bars


def test_only_the_files_with_the_most_findings_are_listed(tmp_path, capsys) -> None:
    from cuda_core_guide.sphinxext.upstream_findings import TOP_FILES

    many = {f"cuda/core/_m{index:02}.py": 100 - index for index in range(TOP_FILES + 5)}
    release = {**UPSTREAM["releases"][1], "files": many}
    docs = make_site(tmp_path, upstream={**UPSTREAM, "releases": [release]})
    build(docs, capsys)
    text = built_text(docs, "upstream")
    assert f"The {TOP_FILES} files with the most findings, of {TOP_FILES + 5}" in text
    assert f"cuda/core/_m{TOP_FILES - 1:02}.py" in text
    assert f"cuda/core/_m{TOP_FILES:02}.py" not in text


def test_missing_data_is_said_and_the_build_goes_on(tmp_path, capsys) -> None:
    docs = make_site(tmp_path, upstream=None, speed=None)
    build(docs, capsys)
    upstream = built_text(docs, "upstream")
    assert "No upstream findings are recorded yet: run nox -s upstream_report." in upstream
    speed = built_text(docs, "speed")
    assert "No checker speed measurements are recorded yet: run python conformance/benchmarks/checker_speed.py" in speed
    assert not list((docs / "_build").glob("_images/*.svg"))


def test_data_of_another_checker_version_is_marked_stale(tmp_path, capsys) -> None:
    docs = make_site(tmp_path, upstream={**UPSTREAM, "checker_version": "0.0.1"})
    build(docs, capsys)
    upstream = built_text(docs, "upstream")
    assert "Stale data" in upstream
    assert f"it was recorded by cuda-core-guide 0.0.1, and this site is built with {__version__}" in upstream
    assert "nox -s upstream_report again" in upstream
    assert "Stale data" not in built_text(docs, "speed")


def test_data_of_a_commit_not_behind_head_is_marked_stale_and_rejudged_when_head_moves(tmp_path, capsys) -> None:
    git(tmp_path, "init", "-q")
    git(tmp_path, "commit", "-q", "--allow-empty", "-m", "first")
    first = git(tmp_path, "rev-parse", "HEAD")
    git(tmp_path, "checkout", "-q", "-b", "side")
    git(tmp_path, "commit", "-q", "--allow-empty", "-m", "on a side branch")
    side = git(tmp_path, "rev-parse", "HEAD")
    git(tmp_path, "checkout", "-q", "-")
    docs = make_site(tmp_path, upstream={**UPSTREAM, "commit": first}, speed={**SPEED, "commit": side})
    build(docs, capsys)
    assert "Stale data" not in built_text(docs, "upstream")  # first is HEAD
    speed = built_text(docs, "speed")
    assert f"its commit {side[:12]} is not an ancestor of HEAD ({first[:12]})" in speed
    # HEAD moves onto the side branch: no data file changed, yet the pages are judged again.
    git(tmp_path, "merge", "-q", "--ff-only", "side")
    build(docs, capsys)
    assert "Stale data" not in built_text(docs, "speed")


def test_data_that_names_no_commit_is_stale_inside_a_repository(tmp_path, capsys) -> None:
    git(tmp_path, "init", "-q")
    git(tmp_path, "commit", "-q", "--allow-empty", "-m", "first")
    docs = make_site(tmp_path)
    build(docs, capsys)
    assert "it does not name the commit it was recorded at" in built_text(docs, "speed")


def test_an_incremental_build_keeps_the_charts_and_draws_new_ones_for_new_data(tmp_path, capsys) -> None:
    docs = make_site(tmp_path)
    build(docs, capsys)
    (before,) = images(docs, "speed")
    build(docs, capsys)
    assert images(docs, "speed") == [before]
    faster = json.loads(json.dumps(SPEED))
    faster["tools"]["cuda-core-guide"]["warm"] = {"median_s": 1.0, "min_s": 0.9, "max_s": 1.1}
    (docs / "_data" / "checker_speed.json").write_text(json.dumps(faster))
    build(docs, capsys)
    (after,) = images(docs, "speed")
    assert after != before
    assert "1.00 s (0.90–1.10)" in built_text(docs, "speed")


def test_charts_are_drawn_when_pages_are_written_in_parallel(tmp_path, capsys) -> None:
    docs = make_site(tmp_path)
    build(docs, capsys, "-j", "2")
    assert len(images(docs, "upstream")) == 1
    assert len(images(docs, "speed")) == 1


def test_charts_are_the_same_svg_for_the_same_data_and_show_spread_as_error_bars() -> None:
    from cuda_core_guide.sphinxext.svg_plots import render_svg

    chart = {
        "kind": "hbars",
        "title": "Times",
        "xlabel": "seconds",
        "categories": ["cold", "warm"],
        "series": [{"label": "tool", "values": [2.0, 1.0], "low": [1.5, 0.9], "high": [3.0, 1.2]}],
    }
    svg = render_svg(chart)
    assert svg == render_svg(chart)  # no date, fixed ids: a rebuild writes the same file
    assert "<dc:date>" not in svg
    assert "<metadata" not in svg
    assert "<style" not in svg  # inline in a page, a stylesheet would apply to the whole page
    assert "-LineCollection_" in svg  # the spread, as error bars
    ids = re.findall(r' id="([^"]+)"', svg)
    assert ids
    assert len({identifier.split("-")[0] for identifier in ids}) == 1  # one prefix: unique to the chart
    assert set(re.findall(r' id="([^"]+)"', render_svg(chart, "narrow"))).isdisjoint(ids)
    without_spread = {**chart, "series": [{"label": "tool", "values": [2.0, 1.0]}]}
    assert "LineCollection" not in render_svg(without_spread)
    with pytest.raises(ValueError, match="unknown chart kind"):
        render_svg({**chart, "kind": "pie"})


def test_releases_with_the_same_findings_get_a_note_instead_of_a_flat_chart(tmp_path, capsys) -> None:
    release = UPSTREAM["releases"][1]
    same = [{**release, "version": version, "wheel": f"cuda_core-{version}.whl"} for version in ("1.2.0", "1.2.1")]
    docs = make_site(tmp_path, upstream={**UPSTREAM, "releases": same})
    build(docs, capsys)
    text = built_text(docs, "upstream")
    assert "Why every release has the same findings" in text
    assert "Each of the 2 releases has 7 findings, and every file has the same count in each" in text
    assert images(docs, "upstream") == []  # twelve flat lines would add nothing to the table


def test_the_trend_chart_gives_each_prefix_a_colour_of_its_own(tmp_path, capsys) -> None:
    from cuda_core_guide.sphinxext.plot_style import PALETTE

    prefixes = ["API", "CLS", "CMT", "CUD", "DOC", "ERR", "FIL", "HDR", "IMP", "NAM", "PKG", "TYP"]
    releases = [
        {
            **UPSTREAM["releases"][0],
            "version": str(step),
            "rules": {f"{p}001": index + step for index, p in enumerate(prefixes)},
        }
        for step in range(2)
    ]
    docs = make_site(tmp_path, upstream={**UPSTREAM, "releases": releases})
    build(docs, capsys)
    (chart,) = images(docs, "upstream")
    svg = chart.read_text()
    assert "5 other prefixes" in svg  # the smallest, together: never a colour twice
    assert len({colour for colour in PALETTE if colour.lower() in svg.lower()}) == len(PALETTE)


def test_a_module_skipped_whole_is_a_row_of_its_own_file_and_files_are_in_order() -> None:
    from cuda_core_guide.sphinxext.conformance import _groups, _tally

    skipped = {"outcomes": {"reference": {"outcome": "skipped", "reason": "collection skipped"}}}
    passed = {"outcomes": {"upstream": {"outcome": "passed"}}}
    matrix = {
        "tests": {
            "::conformance.api_suite.test_system": skipped,
            "guide.errors.md::runnable[example:line9]": passed,
            "conformance.api_suite.test_system::test_a_device_is_found": passed,
        }
    }
    groups = _groups(matrix)
    assert list(groups) == ["conformance.api_suite.test_system", "guide.errors.md"]  # no "" group, titled ".py"
    assert [name for _, name, _ in groups["conformance.api_suite.test_system"]] == [
        "(the whole module)",
        "test_a_device_is_found",
    ]
    assert _tally({"failed": 1, "xfailed": 43, "passed": 343}) == "343 passed, 43 expected failures, 1 failed"
