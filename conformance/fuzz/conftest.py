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
import tempfile
from pathlib import Path

import pytest
from harness import COUNTS, summary
from hypothesis import HealthCheck, settings

from cuda_core_guide.upstream_report import extract_sources

ROOT = Path(__file__).resolve().parents[2]
FUZZ_SCALE = {"ci": 1, "fuzz": 20}
"""Examples per category are ``BASE_EXAMPLES * scale`` (see the test module)."""

for name in FUZZ_SCALE:
    settings.register_profile(
        name,
        deadline=None,
        derandomize=name == "ci",
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
settings.load_profile(os.environ.get("CUDA_CORE_GUIDE_FUZZ_PROFILE", "ci"))


def corpus_files() -> list[Path]:
    """Return the real source files that inputs are cut and mutated from."""
    folders = [ROOT / "reference_impl" / "cuda"]
    for item in os.environ.get("CUDA_CORE_GUIDE_FUZZ_CORPUS", "").split(os.pathsep):
        if item.endswith(".whl"):
            extracted = Path(tempfile.mkdtemp(prefix="fuzz-corpus-"))
            extract_sources(Path(item), extracted)
            folders.append(extracted)
        elif item:
            folders.append(Path(item))
    files = [
        path
        for folder in folders
        for path in sorted(folder.rglob("*"))
        if path.suffix in {".pyx", ".pxd", ".pxi", ".py"} and path.is_file() and "build" not in path.parts
    ]
    assert files, f"no source files in {folders}"
    return files


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
