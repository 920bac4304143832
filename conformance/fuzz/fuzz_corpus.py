# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The fuzz session's scale, its hypothesis profiles and its corpus of real files.

A module of its own rather than the folder's ``conftest``: a test that
imported ``conftest`` by name would get whichever folder's conftest came
first on ``sys.path``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings

from cuda_core_guide.reports.upstream_report import extract_sources

__all__ = ["FUZZ_SCALE", "corpus_files"]

_ROOT = Path(__file__).resolve().parents[2]
FUZZ_SCALE = {"ci": 1, "fuzz": 20}
"""Examples per category are ``BASE_EXAMPLES * scale`` (see the test module).

Bad configuration is counted apart: 120 in the CPU suite, 6,000 in the fuzz
session, as each is cheap and each key and sub-key meets every TOML type.
"""

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
    folders = [_ROOT / "reference_impl" / "cuda"]
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
