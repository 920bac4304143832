# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The project's scripts (``conformance/benchmarks``, ``conformance/soak``), imported as the tests' modules.

The scripts import each other by name, as they do when run, so their
folder goes on the path first.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["BENCHMARKS", "SOAK", "import_script"]

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
"""The folder of the GPU benchmark's scripts."""

SOAK = Path(__file__).resolve().parents[1] / "soak"
"""The folder of the GPU soak's scripts."""


def import_script(name: str, folder: Path) -> ModuleType:
    """Import a script of one of the project's folders as a module, with the folder first on the path."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return importlib.import_module(name)
