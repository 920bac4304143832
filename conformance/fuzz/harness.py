# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the command on one fuzzed input and check its contract.

The contract: the command returns 0 (clean), 1 (findings) or 2 (usage or
configuration error, with one ``cuda-core-guide: error:`` line), or exits
through argparse (2, or 0 for ``--help``); it never lets an exception out
(a traceback); it ends within the time limit; JSON output parses; and no
input file is changed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.time_limit import time_limit

__all__ = ["COUNTS", "STATUSES", "Hang", "Outcome", "run_and_check", "snapshot", "summary"]

_TIME_LIMIT_SECONDS = 60
COUNTS: Counter[str] = Counter()
"""Inputs run per category in this process, for the session's summary."""
STATUSES: Counter[tuple[str, int]] = Counter()
"""Exit statuses per category: proof that the inputs reach every outcome."""


class Hang(BaseException):
    """The command outlasted the fuzzer's time limit."""


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one run of the command did."""

    status: int
    out: str
    err: str
    seconds: float


def snapshot(root: Path) -> dict[str, str]:
    """Return a digest of every regular file below ``root``, to prove the run changed none."""
    digests = {}
    for path in sorted(root.rglob("*")):
        with contextlib.suppress(OSError):
            if path.is_file() and not path.is_symlink():
                digests[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def run_and_check(category: str, argv: Sequence[str], cwd: Path, inputs: Path | None = None) -> Outcome:
    """Run ``cuda-core-guide ARGV`` in ``cwd`` and assert its contract.

    Parameters
    ----------
    category : str
        The kind of input, counted for the summary.
    argv : sequence of str
        The arguments after the program name.
    cwd : Path
        The working directory.
    inputs : Path, optional
        The folder whose files must be unchanged afterwards (``cwd`` by default).

    Returns
    -------
    Outcome
        The status, the output, and the time it took.

    Raises
    ------
    AssertionError
        If the command breaks its contract, or gives no result in time.
    """
    COUNTS[category] += 1
    watched = inputs or cwd
    before = snapshot(watched)
    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    started = time.perf_counter()
    os.chdir(cwd)
    try:
        with time_limit(_TIME_LIMIT_SECONDS, Hang), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as exit_:  # argparse: --help, --version, a bad command line
                status = exit_.code if isinstance(exit_.code, int) else -1
    except Hang:
        raise AssertionError(f"{category}: no result within {_TIME_LIMIT_SECONDS} s for {list(argv)!r}") from None
    finally:
        os.chdir(previous)
    outcome = Outcome(status, out.getvalue(), err.getvalue(), time.perf_counter() - started)
    STATUSES[category, status] += 1
    _assert_contract(outcome, argv)
    after = snapshot(watched)  # new files (the result cache) are allowed; changed or lost inputs are not
    assert {path: after.get(path) for path in before} == before, f"{category}: an input file changed"
    return outcome


def _assert_contract(outcome: Outcome, argv: Sequence[str]) -> None:
    """Assert the exit status and the output agree with the documented contract."""
    assert outcome.status in (0, 1, 2), f"exit status {outcome.status} for {list(argv)!r}"
    assert "Traceback (most recent call last)" not in outcome.err, outcome.err
    if outcome.status == 2 and argv and argv[0] == "check" and "usage:" not in outcome.err:
        lines = outcome.err.splitlines()
        assert len(lines) == 1, outcome.err
        assert lines[0].startswith("cuda-core-guide: error: "), outcome.err
    asked_for_help = outcome.status == 0 and outcome.out.startswith("usage:")
    if (
        outcome.status in (0, 1)
        and "--format" in argv
        and "json" in argv
        and "--show-settings" not in argv
        and not asked_for_help
    ):
        found = json.loads(outcome.out)
        assert isinstance(found, list)
        assert (outcome.status == 1) == bool(found) or "--exit-zero" in argv


def summary() -> str:
    """Return the counts per category as lines."""
    total = sum(COUNTS.values())
    lines = []
    for category, count in sorted(COUNTS.items()):
        statuses = ", ".join(
            f"{STATUSES[category, status]} exit {status}" for status in (0, 1, 2) if STATUSES[category, status]
        )
        lines.append(f"{count:7d}  {category} ({statuses})")
    return "\n".join([*lines, f"{total:7d}  inputs in all ({sys.platform})"])
