# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The lifecycle phase: each abuse case of :mod:`lifecycle_cases` in a process of its own, judged from outside.

A case passes when its process exits with status 0 (a crash, a signal or
a hang fails it), writes its record, prints nothing on its standard error
but warnings of the allowed categories, and every step either returned or
raised the exception the reference implementation documents for it.
:func:`judge` decides this from the process's status, its error output and
its record, and needs no GPU.

A failure of another implementation that :data:`KNOWN_DEFECTS` lists, and
nothing else, is that implementation's known defect: the verdict keeps its
problems under ``known_defect`` and does not fail the run, as an ``xfail``
with a reason does in the API suite. It is not strict: the defects listed
depend on timing, so a run where one does not show passes. Only the
failure listed is excused: any other problem of the same case still fails it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["ALLOWED_WARNINGS", "CASE_TIMEOUT_S", "KNOWN_DEFECTS", "judge", "run_lifecycle", "split_error_output"]

_HERE = Path(__file__).resolve().parent

ALLOWED_WARNINGS = ("CUDAWarning", "RuntimeWarning")
"""The warning categories a case may print. Neither implementation defines
``CUDAWarning`` (issue 15 names it); both report a driver failure in a
destructor, where nothing can be raised, as a ``RuntimeWarning``."""

CASE_TIMEOUT_S = 120
"""Seconds a case may take before it counts as hung."""

KNOWN_DEFECTS: dict[tuple[str, str], dict[str, str]] = {
    ("upstream", "shutdown_with_live_objects"): {
        "problem": "the process crashed: killed by SIGSEGV",
        "output": "error output: Fatal Python error: Segmentation fault",
        "reason": "upstream 1.2.2 calls into Python from the driver's thread when a graph's host callback runs "
        "during interpreter shutdown; seen under memcheck on an H200 (2026-11-28), where the callbacks queued "
        "behind a two-second kernel run after finalization began. Whether it shows depends on timing: a run "
        "where the callbacks finish first passes",
    },
}
"""Failures of other implementations the soak knows, by (implementation, case):
the ``problem`` sentence :func:`judge` writes for it, how the ``output``
problem that may come with it (what :mod:`faulthandler` prints) begins,
and why it happens.
The reference has none: a failure of the reference always fails the run."""

_WARNING = re.compile(r"^(?P<where>.*?):(?P<line>\d+): (?P<category>[A-Za-z_][\w.]*): (?P<message>.*)$")


def split_error_output(stderr: str) -> tuple[list[dict[str, str]], list[str]]:
    """Split a process's error output into its warnings and everything else.

    A warning is a line ``where:line: Category: message`` (what
    :func:`warnings.showwarning` prints), with the indented source lines
    that follow it.

    Parameters
    ----------
    stderr : str
        The error output.

    Returns
    -------
    tuple of (list of dict, list of str)
        The warnings (``category``, ``message``, ``where``), and the other
        non-blank lines.
    """
    found: list[dict[str, str]] = []
    other: list[str] = []
    in_warning = False
    for line in stderr.splitlines():
        match = _WARNING.match(line)
        if match and match.group("category").rsplit(".", 1)[-1].endswith("Warning"):
            category = match.group("category").rsplit(".", 1)[-1]
            found.append({"category": category, "message": match.group("message"), "where": match.group("where")})
            in_warning = True
        elif in_warning and line.startswith((" ", "\t")):
            continue
        else:
            in_warning = False
            if line.strip():
                other.append(line)
    return found, other


def judge(
    case: str, returncode: int | None, stderr: str, record: Mapping | None, implementation: str = "reference"
) -> dict[str, object]:
    """Return a case's verdict from its process's status, error output and record.

    Parameters
    ----------
    case : str
        The case's name.
    returncode : int or None
        The process's exit status: negative for a signal, ``None`` when it
        was killed for hanging.
    stderr : str
        Its error output.
    record : mapping or None
        What it wrote (``steps``, ``skipped``, ``notes``); ``None`` when it
        wrote nothing.
    implementation : str, optional
        What ran: ``reference`` (the default) or ``upstream``; it selects
        the :data:`KNOWN_DEFECTS` that may excuse the failure.

    Returns
    -------
    dict
        ``case``, ``passed``, ``skipped`` (the reason, or ``None``),
        ``returncode``, ``steps``, ``warnings``, ``notes``, ``problems``
        and ``known_defect`` (``None``, or the reason and the problems it
        excused: the case did not pass, yet ``problems``, the failures
        of the run, is empty).
    """
    problems = []
    if returncode is None:
        problems.append(f"the process hung: killed after {CASE_TIMEOUT_S} s")
    elif returncode < 0:
        problems.append(f"the process crashed: killed by {_signal_name(-returncode)}")
    elif returncode != 0:
        problems.append(f"the process exited with status {returncode}")
    found, other = split_error_output(stderr)
    for item in found:
        if item["category"] not in ALLOWED_WARNINGS:
            problems.append(f"a {item['category']} was printed: {item['message']}")
    if other:
        problems.append(f"error output: {' | '.join(other[:8])}")
    if record is None:
        if returncode is not None and returncode >= 0:
            problems.append("the case wrote no record")
        record = {}
    steps = list(record.get("steps", []))
    for step in steps:
        if not step.get("documented"):
            if step.get("outcome") == "raised":
                expected = step.get("expected")
                wanted = "to return" if expected == "returns" else f"{' or '.join(expected)}"
                problems.append(f"{step['step']}: raised {step.get('type')} ({step.get('message')}), expected {wanted}")
            else:
                problems.append(f"{step['step']}: returned, expected {' or '.join(step.get('expected', []))}")
    known_defect = None
    defect = KNOWN_DEFECTS.get((implementation, case))
    if (
        defect is not None
        and defect["problem"] in problems
        and all(problem == defect["problem"] or problem.startswith(defect["output"]) for problem in problems)
    ):
        known_defect = {"reason": defect["reason"], "problems": problems}
        problems = []
    return {
        "case": case,
        "passed": not problems and known_defect is None,
        "known_defect": known_defect,
        "skipped": record.get("skipped"),
        "returncode": returncode,
        "steps": steps,
        "warnings": found,
        "notes": list(record.get("notes", [])),
        "problems": problems,
    }


def run_lifecycle(
    cases: Sequence[str], python: str | None = None, implementation: str = "reference"
) -> list[dict[str, object]]:
    """Run each case in a process of its own and judge it.

    Parameters
    ----------
    cases : sequence of str
        The cases' names (keys of ``lifecycle_cases.CASES``).
    python : str, optional
        The interpreter to run them with; this one by default.
    implementation : str, optional
        What the interpreter imports as ``cuda.core`` (:func:`judge`).

    Returns
    -------
    list of dict
        Each case's verdict (:func:`judge`), with its ``stderr`` (the first
        4,000 characters) when it printed any.
    """
    verdicts = []
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONFAULTHANDLER": "1"}
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_HERE), environment.get("PYTHONPATH", "")]))
    with tempfile.TemporaryDirectory(prefix="soak-lifecycle-") as folder:
        for case in cases:
            output = Path(folder) / f"{case}.json"
            command = [python or sys.executable, str(_HERE / "lifecycle_cases.py"), case, "--output", str(output)]
            try:
                done = subprocess.run(
                    command, capture_output=True, text=True, timeout=CASE_TIMEOUT_S, env=environment, check=False
                )
                returncode, stderr = done.returncode, done.stderr
            except subprocess.TimeoutExpired as exc:
                returncode, stderr = None, _text(exc.stderr)
            try:
                record = json.loads(output.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                record = None
            verdict = judge(case, returncode, stderr, record, implementation)
            if stderr.strip():
                verdict["stderr"] = stderr[:4000]
            verdicts.append(verdict)
    return verdicts


def _signal_name(number: int) -> str:
    """Return a signal's name, such as ``SIGSEGV``."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _text(output: bytes | str | None) -> str:
    """Return captured output as text."""
    if output is None:
        return ""
    return output if isinstance(output, str) else output.decode("utf-8", "replace")
