# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A crash is a test result: under the GPU suite's pytest options, a test that kills the interpreter fails by name.

``nox -s conformance`` runs the GPU tests with ``CRASH_ISOLATION``
(``noxfile.py``), in a pytest-xdist worker process. Here pytest runs, with
the same options, a module whose middle test dies of a segmentation fault:
that test fails by name in the summary, in the JUnit XML and in the
conformance matrix, the tests before and after it pass, and the run ends as
a run with failures (exit status 1), not as a crash.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from cuda_core_guide.reports.conformance_report import junit_outcomes

ROOT = Path(__file__).resolve().parents[2]

CRASHING = textwrap.dedent(
    """
    import ctypes


    def test_before():
        pass


    def test_crash():
        # Reads address 0: the process dies of SIGSEGV, with no Python exception to catch.
        ctypes.string_at(0)


    def test_after():
        pass
    """
)


def noxfile_assignments() -> dict[str, ast.expr]:
    """Return the values of noxfile.py's module-level assignments, by name (nox need not be installed)."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    return {
        node.targets[0].id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }


def crash_isolation() -> list[str]:
    """Return the options the conformance session runs the GPU tests with."""
    return ast.literal_eval(noxfile_assignments()["CRASH_ISOLATION"])


def test_the_conformance_session_runs_the_gpu_tests_in_a_worker_process() -> None:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    (session,) = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "conformance"]
    runs = [
        call
        for call in ast.walk(session)
        if isinstance(call, ast.Call) and ast.unparse(call.func) == "session.run" and "--junitxml" in ast.unparse(call)
    ]
    assert len(runs) == 1
    assert "*CRASH_ISOLATION" in ast.unparse(runs[0])
    options = crash_isolation()
    assert options[options.index("-n") + 1] == "1"
    # loadfile, loadscope and loadgroup would run the crashed test again in the new worker.
    assert options[options.index("--dist") + 1] == "load"
    # The offline wheelhouse carries what the session installs.
    suite = ast.literal_eval(noxfile_assignments()["GPU_SUITE_REQUIREMENTS"])
    assert any(requirement.startswith("pytest-xdist>=") for requirement in suite)


def test_a_crash_fails_its_test_by_name_and_the_run_goes_on(tmp_path) -> None:
    (tmp_path / "test_crashing.py").write_text(CRASHING, encoding="utf-8")
    junit = tmp_path / "junit.xml"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            *crash_isolation(),
            "-rA",
            "-p",
            "no:cacheprovider",
            f"--junitxml={junit}",
            "--rootdir",
            str(tmp_path),
            "-c",
            os.devnull,
            "test_crashing.py",
        ],
        cwd=tmp_path,
        # Wide enough that the summary's lines are not cut.
        env={**os.environ, "COLUMNS": "300"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = result.stdout + result.stderr
    # A run with a failed test, not a crash of pytest (a negative status) nor an internal error (3).
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, output
    # The test really killed its worker with a signal: faulthandler reports it.
    assert "Fatal Python error: Segmentation fault" in result.stderr, output
    crashed = "worker 'gw0' crashed while running 'test_crashing.py::test_crash'"
    assert f"FAILED test_crashing.py::test_crash - {crashed}" in result.stdout, output
    assert "PASSED test_crashing.py::test_before" in result.stdout, output
    assert "PASSED test_crashing.py::test_after" in result.stdout, output
    assert "1 failed, 2 passed" in result.stdout.splitlines()[-1], output

    cases = {case.get("name"): case for case in ElementTree.parse(junit).getroot().iter("testcase")}
    assert sorted(cases) == ["test_after", "test_before", "test_crash"]
    assert all(case.get("classname") == "test_crashing" for case in cases.values())
    assert list(cases["test_before"]) == list(cases["test_after"]) == []
    # pytest's JUnit writer lists it as an error ("failed on setup with ..."), naming the crash.
    (problem,) = list(cases["test_crash"])
    assert problem.tag in ("failure", "error")
    assert crashed in problem.get("message", "")
    assert problem.text == crashed

    # The conformance matrix records it as a failure, with xdist's message as the reason.
    assert junit_outcomes(junit) == {
        "test_crashing::test_before": {"outcome": "passed", "reason": ""},
        "test_crashing::test_crash": {"outcome": "failed", "reason": crashed},
        "test_crashing::test_after": {"outcome": "passed", "reason": ""},
    }
