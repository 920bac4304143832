# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Turn the guide's examples into tests, and skip GPU tests where there is no GPU.

Enable example collection with the ``cuda_core_guide_examples`` ini option,
a list of folders whose ``.md`` chapters to collect::

    [tool.pytest.ini_options]
    cuda_core_guide_examples = ["guide"]

Each ``avoid`` example becomes a test that the checker flags it with its
rule's code; each ``prefer`` example a test that no rule flags it (but
those it names in ``:breaks:``); each ``runnable`` example runs, on a GPU,
in a process of its own with a timeout; and each Cython example that is a
whole module (not a ``:fragment:``) is compiled to an extension. Examples of
rules the checker does not enforce are still parsed with Cython's parser.
A runnable example that upstream ``cuda.core`` fails because of a
deliberate difference names it in ``:upstream:``; against upstream, its
test is a strict expected failure.

Tests marked ``@pytest.mark.gpu`` (runnable examples included) are skipped,
with the reason, on machines without a usable CUDA device.

It may import every part of the package below it: the foundation modules,
the model of the guide, the checker and the examples
(:mod:`cuda_core_guide.examples`); never the Sphinx extension.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cuda_core_guide.gpu import gpu_status
from cuda_core_guide.pytest_plugin.chapter import GuideChapter

__all__ = ["pytest_addoption", "pytest_collect_file", "pytest_configure", "pytest_runtest_setup"]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Declare the ``cuda_core_guide_examples`` ini option."""
    parser.addini(
        "cuda_core_guide_examples",
        "folders whose MyST chapters' examples are collected as tests",
        type="paths",
        default=[],
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``gpu`` marker."""
    config.addinivalue_line("markers", "gpu: needs a CUDA device; skipped, with the reason, when there is none")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> GuideChapter | None:
    """Collect a guide chapter's examples when it lies in a configured folder."""
    if file_path.suffix != ".md":
        return None
    folders = [Path(p).resolve() for p in parent.config.getini("cuda_core_guide_examples")]
    resolved = file_path.resolve()
    if any(resolved.is_relative_to(folder) for folder in folders):
        return GuideChapter.from_parent(parent, path=file_path)
    return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip GPU tests, naming the reason, on machines without a usable device."""
    if item.get_closest_marker("gpu") is None:
        return
    available, reason = gpu_status()
    if not available:
        pytest.skip(f"needs a GPU: {reason}")
