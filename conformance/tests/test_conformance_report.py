# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The conformance matrix: JUnit outcomes folded, one column per implementation, with provenance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuda_core_guide.reports import conformance_report
from cuda_core_guide.reports.conformance_report import junit_outcomes, main, merge

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
  <testcase classname="guide.errors.md" name="runnable[ERR005:line40]">
    <properties>
      <property name="example" value="errors:0123456789ab"/><property name="kind" value="runnable"/>
    </properties>
  </testcase>
  <testcase classname="guide.errors.md" name="runnable[ERR006:line80]">
    <properties><property name="example" value="errors:ba9876543210"/></properties>
    <skipped type="pytest.xfail" message="deliberate difference D2"/>
  </testcase>
  <testcase classname="conformance.api_suite.test_event" name="test_sync">
    <failure message="AssertionError: late">trace</failure>
  </testcase>
  <testcase classname="conformance.api_suite.test_event" name="test_ipc">
    <skipped type="pytest.skip" message="no IPC here"/>
  </testcase>
</testsuite></testsuites>
"""


@pytest.fixture
def junit(tmp_path: Path) -> Path:
    """Return a JUnit report with a pass, an expected failure, a failure and a skip."""
    path = tmp_path / "conformance-reference.xml"
    path.write_text(JUNIT)
    return path


def facts(implementation: str) -> dict[str, str]:
    """Return provenance for a run of one implementation."""
    return {"implementation": implementation, "version": "1", "device": "GPU", "date": "2026-11-23"}


def test_outcomes_of_each_case(junit: Path) -> None:
    outcomes = junit_outcomes(junit)
    assert outcomes == {
        "guide.errors.md::runnable[ERR005:line40]": {
            "outcome": "passed",
            "reason": "",
            "example": "errors:0123456789ab",
            "kind": "runnable",
        },
        "guide.errors.md::runnable[ERR006:line80]": {
            "outcome": "xfailed",
            "reason": "deliberate difference D2",
            "example": "errors:ba9876543210",
        },
        "conformance.api_suite.test_event::test_sync": {"outcome": "failed", "reason": "AssertionError: late"},
        "conformance.api_suite.test_event::test_ipc": {"outcome": "skipped", "reason": "no IPC here"},
    }


def test_a_test_that_crashed_its_worker_is_a_failure_named_by_xdist(tmp_path: Path) -> None:
    # What pytest writes for pytest-xdist's report of a worker that died while running the test.
    crashed = "worker 'gw0' crashed while running 'conformance/api_suite/test_event.py::test_sync'"
    path = tmp_path / "conformance-reference.xml"
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">'
        '<testcase classname="conformance.api_suite.test_event" name="test_sync" time="0.000">'
        f'<error message="failed on setup with &quot;{crashed}&quot;">{crashed}</error></testcase>'
        '<testcase classname="conformance.api_suite.test_event" name="test_wait" time="0.000">'
        '<error message="failed on setup with &quot;RuntimeError: no context&quot;">trace</error></testcase>'
        "</testsuite></testsuites>"
    )
    assert junit_outcomes(path) == {
        "conformance.api_suite.test_event::test_sync": {"outcome": "failed", "reason": crashed},
        "conformance.api_suite.test_event::test_wait": {
            "outcome": "error",
            "reason": 'failed on setup with "RuntimeError: no context"',
        },
    }


def test_merge_gives_each_implementation_its_column(junit: Path) -> None:
    outcomes = junit_outcomes(junit)
    matrix = merge({}, outcomes, facts("reference"))
    matrix = merge(
        matrix, {"guide.errors.md::runnable[ERR005:line40]": {"outcome": "passed", "reason": ""}}, facts("upstream")
    )
    row = matrix["tests"]["guide.errors.md::runnable[ERR005:line40]"]
    assert row["outcomes"] == {"reference": {"outcome": "passed"}, "upstream": {"outcome": "passed"}}
    assert row["example"] == "errors:0123456789ab"
    assert set(matrix["runs"]) == {"reference", "upstream"}
    assert matrix["tests"]["conformance.api_suite.test_event::test_sync"]["outcomes"] == {
        "reference": {"outcome": "failed", "reason": "AssertionError: late"}
    }


def test_a_new_run_replaces_its_implementations_column(junit: Path) -> None:
    matrix = merge({}, junit_outcomes(junit), facts("reference"))
    again = merge(matrix, {"guide.x.md::runnable[new]": {"outcome": "passed", "reason": ""}}, facts("reference"))
    assert list(again["tests"]) == ["guide.x.md::runnable[new]"]


def test_a_column_run_again_keeps_its_place_in_each_row() -> None:
    # Running one implementation again must not reorder the file's other rows: the site's
    # data then changes only where outcomes do.
    case = {"guide.x.md::runnable[a]": {"outcome": "passed", "reason": ""}}
    matrix = merge(merge({}, case, facts("reference")), case, facts("upstream"))
    again = merge(matrix, case, facts("reference"))
    assert list(again["tests"]["guide.x.md::runnable[a]"]["outcomes"]) == ["reference", "upstream"]
    assert json.dumps(again["tests"]) == json.dumps(matrix["tests"])


def test_command_writes_the_matrix_with_provenance(
    junit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(conformance_report, "provenance", lambda: facts("reference"))
    output = tmp_path / "reports" / "conformance.json"
    assert main([str(junit), "--output", str(output)]) == 0
    matrix = json.loads(output.read_text())
    assert matrix["format"] == 1
    assert matrix["runs"]["reference"]["device"] == "GPU"
    assert len(matrix["tests"]) == 4


def test_unreadable_report_is_an_error_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text("<testsuites><testcase")
    assert main([str(broken), "--output", str(tmp_path / "out.json")]) == 2
    assert "cannot read" in capsys.readouterr().out


def test_provenance_names_the_implementation_and_the_date() -> None:
    found = conformance_report.provenance()
    assert {"implementation", "version", "date", "python", "commit", "device", "driver", "cuda"} <= set(found)


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"CUDA_HOME": "/usr/local/cuda"}, "/usr/local/cuda (CUDA_HOME)"),
        ({"CUDA_PATH": "/opt/cuda-13.5"}, "/opt/cuda-13.5 (CUDA_PATH)"),
        ({"CUDA_PATH": "/opt/cuda-13.5", "CUDA_HOME": "/usr/local/cuda"}, "/opt/cuda-13.5 (CUDA_PATH)"),
        ({"CUDA_PATH": "", "CUDA_HOME": "/usr/local/cuda"}, "/usr/local/cuda (CUDA_HOME)"),
        ({}, "none"),
    ],
)
def test_provenance_names_the_toolkit_from_cuda_path_or_cuda_home(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for name in ("CUDA_PATH", "CUDA_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert conformance_report.provenance()["cuda-toolkit"] == expected
