# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The bad-argument table as data and on a page, and the API coverage counts on a page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sites import build as build_site
from sites import write_site

from cuda_core_guide.reports.bad_arguments import CASES, BadArgument, Expectation
from cuda_core_guide.reports.bad_arguments_report import build, main, row_outcomes

pytest.importorskip("sphinx", reason="Sphinx is not installed")

ROW = CASES[0]
JUNIT = f"""<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="conformance.api_suite.test_bad_arguments" name="test_bad_argument_without_a_device[{ROW.id}]"/>
<testcase classname="conformance.api_suite.test_bad_arguments"
 name="test_bad_argument_on_a_device[Device-device_id--1]">
<skipped type="pytest.skip" message="needs a GPU"/></testcase>
<testcase classname="conformance.api_suite.test_device" name="test_other"/>
</testsuite></testsuites>
"""


def test_rows_are_read_from_a_junit_report(tmp_path) -> None:
    report = tmp_path / "conformance-reference.xml"
    report.write_text(JUNIT, encoding="utf-8")
    from cuda_core_guide.reports.conformance_report import junit_outcomes

    rows = row_outcomes(junit_outcomes(report))
    assert rows == {
        ROW.id: {"outcome": "passed"},
        "Device-device_id--1": {"outcome": "skipped", "reason": "needs a GPU"},
    }


def test_the_table_has_every_row_with_the_outcomes_found(tmp_path) -> None:
    report = tmp_path / "conformance-reference.xml"
    report.write_text(JUNIT, encoding="utf-8")
    table = build(CASES, {"reference": report, "upstream": tmp_path / "missing.xml"})
    assert table["runs"] == ["reference"]
    assert [row["id"] for row in table["rows"]] == [case.id for case in CASES]
    first = table["rows"][0]
    assert first["callable"] == ROW.callable
    assert first["expected"]["exception"] == ROW.expected.exception
    assert first["outcomes"] == {"reference": {"outcome": "passed"}}
    assert all(row["outcomes"] == {} for row in table["rows"][1:] if row["id"] != "Device-device_id--1")


def test_main_writes_the_table(tmp_path, capsys) -> None:
    output = tmp_path / "out" / "bad_arguments.json"
    assert main(["--reports", str(tmp_path), "--output", str(output)]) == 0
    assert len(json.loads(output.read_text(encoding="utf-8"))["rows"]) == len(CASES)
    assert "no run" in capsys.readouterr().out


def test_an_implementation_has_its_own_expectation_only_where_the_row_gives_one() -> None:
    row = BadArgument(
        "f", "x", "1", Expectation("ValueError", "x", "D2"), lambda c, s: None, 0, Expectation("TypeError", "x")
    )
    assert row.expectation("reference").exception == "ValueError"
    assert row.expectation("upstream").exception == "TypeError"
    assert ROW.expectation("upstream") == (ROW.upstream or ROW.expected)


def test_every_row_is_documented_enough_to_publish() -> None:
    for case in CASES:
        assert all((case.callable, case.argument, case.value)), case
        assert all((case.expected.exception, case.expected.match)), case
        if case.expected.difference or (case.upstream and case.upstream.difference):
            assert case.upstream is not None, case


def _site(root: Path, bad: dict | None, coverage: dict | None) -> Path:
    """Write a site with a bad-arguments page and an API coverage page."""
    settings = {
        "cuda_core_guide_bad_arguments": "_data/bad_arguments.json",
        "cuda_core_guide_api_coverage": "_data/api_coverage.json",
    }
    pages = {
        "bad": "# Bad arguments\n\n```{bad-arguments-table}\n```\n",
        "coverage": "# Coverage\n\n```{api-coverage}\n```\n",
    }
    return write_site(root, settings, pages, {"bad_arguments.json": bad, "api_coverage.json": coverage})


def _text(docs: Path, page: str) -> str:
    """Return a built page's HTML, whitespace runs collapsed."""
    return " ".join((docs / "_build" / f"{page}.html").read_text(encoding="utf-8").split())


def test_pages_say_when_there_is_no_data(tmp_path, capsys) -> None:
    docs = _site(tmp_path, None, None)
    build_site(docs, capsys)
    assert "No bad-argument results are recorded yet" in _text(docs, "bad")
    assert "No API coverage counts are recorded yet" in _text(docs, "coverage")


def test_pages_show_the_rows_and_the_counts(tmp_path, capsys) -> None:
    bad = build(CASES, {})
    bad["rows"][0]["outcomes"] = {"upstream": {"outcome": "xfailed"}}
    coverage = {
        "format": 1,
        "implementations": {
            "reference": {
                "covered": 3,
                "total": 4,
                "percent": 75.0,
                "modules": {"cuda.core": {"covered": 3, "total": 4}},
                "uncovered": ["cuda.core:Device.x"],
                "python": "3.12.1",
                "hook": "sys.monitoring",
                "gpu": False,
            }
        },
    }
    docs = _site(tmp_path, bad, coverage)
    build_site(docs, capsys)
    page = _text(docs, "bad")
    assert f"{len(CASES)} rows" in page
    assert "expected failure" in page
    assert "D2" in page
    coverage_page = _text(docs, "coverage")
    assert "reference: 3 of 4 public callables of upstream (75.0%); 1 not called" in coverage_page
    assert "3 / 4" in coverage_page
    assert "recorded without a GPU, so the GPU tests were skipped" in coverage_page


def test_the_outcomes_come_first_and_what_upstream_does_is_under_the_call(tmp_path, capsys) -> None:
    bad = build(CASES, {})
    expected = next(row for row in bad["rows"] if row.get("upstream", {}).get("xfail"))
    expected["outcomes"] = {"reference": {"outcome": "passed"}, "upstream": {"outcome": "xfailed"}}
    docs = _site(tmp_path, bad, None)
    build_site(docs, capsys)
    page = _text(docs, "bad")
    assert "Targets:" in page
    assert "guide-report-stale" in page or "guide-report-current" in page
    header = page[page.index("<thead>") : page.index("</thead>")]
    assert header.index("Reference") < header.index("Upstream") < header.index("Call")
    assert '<p class="guide-outcome-reason"><strong>upstream: </strong>' in page
    assert "guide-stack" in page  # rows stack into labelled lines on a phone


def test_the_coverage_aim_is_flagged_and_a_miss_explained_by_the_deferred_groups(tmp_path, capsys) -> None:
    docs = _site(tmp_path, None, None)
    (docs / "_data" / "differences.toml").write_text(
        '[[deferred]]\ngroup = "texture"\nwhy = "arrays"\nnames = ["cuda.core.texture:*"]\ncount = 2\n'
    )
    with (docs / "conf.py").open("a") as conf:
        conf.write('cuda_core_guide_chapters = "."\n')
    uncovered = ["cuda.core.texture:Array", "cuda.core.texture:Array.shape", "cuda.core:Device.x"]
    coverage = {
        "format": 1,
        "date": "2026-11-27T22:56:02Z",
        "commit": "unknown",
        "implementations": {
            "reference": {"covered": 17, "total": 20, "percent": 85.0, "modules": {}, "uncovered": uncovered},
            "upstream": {"covered": 19, "total": 20, "percent": 95.0, "modules": {}, "uncovered": uncovered[2:]},
        },
    }
    (docs / "_data" / "api_coverage.json").write_text(json.dumps(coverage))
    build_site(docs, capsys)
    page = _text(docs, "coverage")
    assert page.count("guide-verdict-missed") == 1  # the reference's 85%; upstream's 95% meets the aim
    assert "Why the reference implementation misses the aim" in page
    assert "2 belong to groups that it defers and does not implement (texture and surface objects: 2" in page
    assert "Of the 18 callables it implements, the suite calls 17, 94.4%, which meets the aim of 90%." in page
    assert "Why the upstream" not in page
