# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The table of bad arguments as data: each row, with its latest outcome on each implementation.

The rows come from :data:`cuda_core_guide.reports.bad_arguments.CASES`; the outcomes
from the JUnit reports that ``nox -s conformance`` writes
(``reports/conformance-<impl>.xml``). Usage::

    python -m cuda_core_guide.reports.bad_arguments_report --output reports/bad_arguments.json

A row that no report holds (a report is missing, or the row is newer) has no
outcome for that implementation. The site shows the copy committed as
``docs/_data/bad_arguments.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.reports.bad_arguments import CASES, BadArgument, Expectation
from cuda_core_guide.reports.conformance_report import junit_outcomes
from cuda_core_guide.reports.provenance import git_commit

__all__ = ["FORMAT", "IMPLEMENTATIONS", "build", "main", "row_outcomes"]

FORMAT = 1
"""The version of the file's layout."""

IMPLEMENTATIONS = ("reference", "upstream")
"""The implementations whose reports are read, as ``conformance-<name>.xml``."""

_TESTS = ("test_bad_argument_without_a_device", "test_bad_argument_on_a_device")


def row_outcomes(outcomes: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Return the outcome of each row of the table found in one JUnit report.

    Parameters
    ----------
    outcomes : dict
        A report's test cases, from :func:`cuda_core_guide.reports.conformance_report.junit_outcomes`.

    Returns
    -------
    dict of str to dict
        Row ID to ``{"outcome": ..., "reason": ...}``.
    """
    rows: dict[str, dict[str, str]] = {}
    for test, case in outcomes.items():
        name = test.rpartition("::")[2]
        function, _, rest = name.partition("[")
        if function in _TESTS and rest.endswith("]"):
            rows[rest[:-1]] = {key: case[key] for key in ("outcome", "reason") if case.get(key)}
    return rows


def _expectation(expectation: Expectation) -> dict[str, str]:
    """Return an expectation as JSON-ready data, leaving out its empty fields."""
    data = {
        "exception": expectation.exception,
        "message": expectation.match,
        "difference": expectation.difference,
        "xfail": expectation.xfail,
    }
    return {key: value for key, value in data.items() if value}


def _row(case: BadArgument, outcomes: dict[str, dict[str, dict[str, str]]]) -> dict:
    """Return one row as data, with its outcome on each implementation that ran it."""
    row: dict = {
        "id": case.id,
        "callable": case.callable,
        "argument": case.argument,
        "value": case.value,
        "gpus": case.gpus,
        "expected": _expectation(case.expected),
        "outcomes": {name: found[case.id] for name, found in outcomes.items() if case.id in found},
    }
    if case.upstream is not None:
        row["upstream"] = _expectation(case.upstream)
    return row


def build(cases: Sequence[BadArgument], reports: dict[str, Path]) -> dict:
    """Return the table as data.

    Parameters
    ----------
    cases : sequence of BadArgument
        The rows.
    reports : dict of str to Path
        Each implementation's JUnit report; a missing or unreadable one is left out.

    Returns
    -------
    dict
        ``format``, ``date``, ``commit``, ``runs`` (the implementations whose
        report was read) and ``rows``.
    """
    outcomes: dict[str, dict[str, dict[str, str]]] = {}
    for name, path in reports.items():
        try:
            outcomes[name] = row_outcomes(junit_outcomes(path))
        except (OSError, ElementTree.ParseError):
            continue
    return {
        "format": FORMAT,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": git_commit(),
        "runs": sorted(outcomes),
        "rows": [_row(case, outcomes) for case in cases],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write the table.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0.
    """
    parser = argparse.ArgumentParser(prog="python -m cuda_core_guide.reports.bad_arguments_report", description=__doc__)
    parser.add_argument("--reports", type=Path, default=Path("reports"), help="the folder of the JUnit reports")
    parser.add_argument("--output", type=Path, required=True, help="the JSON file to write")
    args = parser.parse_args(argv)
    reports = {name: args.reports / f"conformance-{name}.xml" for name in IMPLEMENTATIONS}
    table = build(CASES, reports)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"{args.output}: {len(table['rows'])} rows; outcomes from {', '.join(table['runs']) or 'no run'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
