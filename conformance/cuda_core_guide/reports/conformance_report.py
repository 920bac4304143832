# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The conformance matrix: each GPU test's outcome on each implementation of ``cuda.core``, as data.

``nox -s conformance`` runs the GPU suite once per implementation, each time
writing JUnit XML. After each run this module folds that run's outcomes into
``reports/conformance.json``: one row per test, one column per implementation,
and for each implementation where and when it ran (device, driver, CUDA and
package versions, commit, date). Usage::

    python -m cuda_core_guide.reports.conformance_report reports/conformance-reference.xml \\
        --output reports/conformance.json

A row of a guide example carries the example's identifier, so that the site
can show each runnable example's latest outcome next to it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import re
import subprocess
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.gpu import cuda_toolkit
from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.reports.provenance import git_commit

__all__ = ["FORMAT", "junit_outcomes", "main", "merge", "provenance"]

FORMAT = 1
"""The version of the matrix's layout."""

_CRASHED = re.compile(r"worker '[^']*' crashed while running ('[^\n]*'|\"[^\n]*\")")
"""pytest-xdist's record of a test whose worker process died (a segfault, an abort) while running it."""


def junit_outcomes(path: Path) -> dict[str, dict[str, str]]:
    """Return each test case of a JUnit XML report, with its outcome.

    Parameters
    ----------
    path : Path
        A report written by ``pytest --junitxml``.

    Returns
    -------
    dict of str to dict
        ``classname::name`` to ``{"outcome": passed | failed | error |
        skipped | xfailed, "reason": ..., "example": ...}``; ``example``
        only for guide examples. A test that crashed the pytest-xdist
        worker running it, which the report lists as an error "on setup",
        is failed, with xdist's message ("worker 'gw0' crashed while
        running ...") as the reason.
    """
    cases: dict[str, dict[str, str]] = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        outcome, reason = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome, reason = ("failed" if child.tag == "failure" else "error"), child.get("message", "")
                crashed = _CRASHED.search(child.text or "") or _CRASHED.search(reason)
                if crashed:
                    outcome, reason = "failed", crashed.group(0)
            elif child.tag == "skipped":
                xfail = child.get("type") == "pytest.xfail"
                outcome, reason = ("xfailed" if xfail else "skipped"), child.get("message", "")
        row = {"outcome": outcome, "reason": reason[:300]}
        for prop in case.iter("property"):
            if prop.get("name") in ("example", "kind"):
                row[prop.get("name")] = prop.get("value", "")
        cases[f"{case.get('classname')}::{case.get('name')}"] = row
    return cases


def provenance() -> dict[str, str]:
    """Return where and when the tests ran: implementation, device, driver, versions, commit, date.

    Returns
    -------
    dict of str to str
        The facts this process can find; a missing one is ``"unknown"``.
    """
    from importlib.metadata import PackageNotFoundError, version

    under_test = implementation_under_test()
    facts = {
        "implementation": under_test[0] if under_test else "unknown",
        "version": under_test[1] if under_test else "unknown",
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "python": platform.python_version(),
        "commit": git_commit(),
    }
    try:
        facts["cuda-bindings"] = version("cuda-bindings")
    except PackageNotFoundError:
        facts["cuda-bindings"] = "unknown"
    facts["cuda-toolkit"] = cuda_toolkit()
    facts.update(_device())
    return facts


def merge(matrix: dict, outcomes: dict[str, dict[str, str]], facts: dict[str, str]) -> dict:
    """Put one run's outcomes into the matrix as its implementation's column.

    Parameters
    ----------
    matrix : dict
        The matrix so far (empty for a new one).
    outcomes : dict
        The run's test cases, from :func:`junit_outcomes`.
    facts : dict of str to str
        The run's :func:`provenance`.

    Returns
    -------
    dict
        A new matrix: ``matrix`` with this implementation's earlier column
        replaced; ``matrix`` itself is not changed.
    """
    column = facts["implementation"]
    earlier: dict[str, dict] = matrix.get("tests", {}) if matrix.get("format") == FORMAT else {}
    # Copies, without this implementation's column: the matrix given is left as it was.
    rows = {
        test: {**row, "outcomes": {name: cell for name, cell in row.get("outcomes", {}).items() if name != column}}
        for test, row in earlier.items()
    }
    for test, case in outcomes.items():
        row = rows.setdefault(test, {"outcomes": {}})
        row["outcomes"][column] = {"outcome": case["outcome"], **({"reason": case["reason"]} if case["reason"] else {})}
        for key in ("example", "kind"):
            if key in case:
                row[key] = case[key]
    # Columns in a fixed order, whichever implementation ran last: the file changes only where outcomes do.
    rows = {
        test: {**row, "outcomes": dict(sorted(row["outcomes"].items()))}
        for test, row in sorted(rows.items())
        if row["outcomes"]
    }
    runs = {**(matrix.get("runs", {}) if matrix.get("format") == FORMAT else {}), column: facts}
    return {"format": FORMAT, "runs": dict(sorted(runs.items())), "tests": rows}


def main(argv: Sequence[str] | None = None) -> int:
    """Fold a JUnit report into the matrix file.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0, or 2 if the report cannot be read.
    """
    parser = argparse.ArgumentParser(prog="python -m cuda_core_guide.reports.conformance_report", description=__doc__)
    parser.add_argument("junit", type=Path, help="the JUnit XML report of one run")
    parser.add_argument("--output", type=Path, required=True, help="the matrix to update (created if missing)")
    args = parser.parse_args(argv)
    try:
        outcomes = junit_outcomes(args.junit)
    except (OSError, ElementTree.ParseError) as exc:
        print(f"conformance_report: error: cannot read {args.junit}: {exc}")
        return 2
    try:
        matrix = json.loads(args.output.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        matrix = {}
    facts = provenance()
    result = merge(matrix, outcomes, facts)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for case in outcomes.values():
        counts[case["outcome"]] = counts.get(case["outcome"], 0) + 1
    print(f"{args.output}: {facts['implementation']} on {facts['device']}: {counts}")
    return 0


def _device() -> dict[str, str]:
    """Return the first GPU's name and the driver's and CUDA's versions, if a driver answers."""
    unknown = {"device": "unknown", "driver": "unknown", "cuda": "unknown"}
    try:
        from cuda.bindings import driver
    except ImportError:
        return unknown
    success = driver.CUresult.CUDA_SUCCESS
    try:
        (status,) = driver.cuInit(0)
        if status != success:
            return unknown
        status, device = driver.cuDeviceGet(0)
        if status != success:
            return unknown
        status, name = driver.cuDeviceGetName(128, device)
        if status != success:
            return unknown
        status, cuda = driver.cuDriverGetVersion()
    except RuntimeError:  # no driver library on this machine
        return unknown
    smi = subprocess.run(
        ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
        capture_output=True,
        text=True,
        check=False,
    )
    version = smi.stdout.strip().splitlines()[0] if smi.returncode == 0 and smi.stdout.strip() else "unknown"
    return {
        "device": name.split(b"\0", 1)[0].decode(),
        "driver": version,
        "cuda": f"{cuda // 1000}.{cuda % 1000 // 10}" if status == success else "unknown",
    }


if __name__ == "__main__":
    raise SystemExit(main())
