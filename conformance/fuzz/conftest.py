# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Fuzzing the installed command: hypothesis profiles, the corpus of real files, and the summary of counts.

The CPU suite runs the ``ci`` profile (a sample of about 600 inputs);
``nox -s fuzz`` runs the ``fuzz`` profile (more than 10,000) over the
reference implementation and upstream ``cuda-core``'s ``.py`` and ``.pxd``
files (``CUDA_CORE_GUIDE_FUZZ_CORPUS``: folders or wheels, separated by
``os.pathsep``; a wheel's sources are extracted as the upstream report does),
and writes the counts to ``reports/fuzz.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import fuzz_corpus  # noqa: F401 - registers and loads the hypothesis profiles
import pytest
from harness import COUNTS, summary


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the inputs run per category and write them to reports/fuzz.json when asked."""
    if not COUNTS:
        return
    terminalreporter.section("fuzzed inputs per category")
    terminalreporter.write_line(summary())
    output = os.environ.get("CUDA_CORE_GUIDE_FUZZ_REPORT")
    if output:
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        Path(output).write_text(
            json.dumps({"counts": dict(sorted(COUNTS.items())), "total": sum(COUNTS.values())}, indent=2) + "\n"
        )
