# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A pytest plugin that records which of upstream's public callables the tests call.

``pytest -p cuda_core_guide.api_coverage_plugin --api-coverage=FILE`` runs a
:class:`cuda_core_guide.api_coverage.CallRecorder` and writes the names it
saw to ``FILE``, with the interpreter, the hook and whether a GPU was there.
With ``--api-coverage-under=FOLDER`` only the tests of that folder (their
set-up, call and tear-down) are recorded, so that other tests of the same
run (the reference's own) do not count. ``--api-coverage-surface`` names
another surface snapshot than upstream's.
"""

from __future__ import annotations

import json
import platform
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuda_core_guide.api_coverage import SURFACE, CallRecorder, hook_name, surface_callables

__all__ = ["pytest_addoption", "pytest_configure", "pytest_runtest_protocol", "pytest_unconfigure"]

_RECORDER = pytest.StashKey[tuple]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--api-coverage=FILE`` and ``--api-coverage-under=FOLDER``."""
    parser.addoption("--api-coverage", default=None, help="record the cuda.core callables the tests call into FILE")
    parser.addoption("--api-coverage-under", default=None, help="record only the tests under FOLDER")
    parser.addoption(
        "--api-coverage-surface",
        default=None,
        help=f"the surface snapshot (upstream's; default {SURFACE.as_posix()} under the root directory)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Make the recorder when ``--api-coverage`` is given; start it now unless only a folder is recorded."""
    target = config.getoption("--api-coverage")
    if target:
        given = config.getoption("--api-coverage-surface")
        snapshot = Path(given) if given else config.rootpath / SURFACE
        try:
            callables = surface_callables(json.loads(snapshot.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise pytest.UsageError(f"--api-coverage: cannot read the surface snapshot {snapshot}: {exc}") from None
        recorder = CallRecorder(callables)
        under = config.getoption("--api-coverage-under")
        folder = Path(under).resolve() if under else None
        config.stash[_RECORDER] = (recorder, Path(target), folder)
        if folder is None:
            recorder.start()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Record one test of the recorded folder, from its set-up to its tear-down."""
    entry = item.config.stash.get(_RECORDER, None)
    folder = entry[2] if entry is not None else None
    if folder is None or not Path(item.path).resolve().is_relative_to(folder):
        return (yield)
    entry[0].start()
    try:
        return (yield)
    finally:
        entry[0].stop()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop recording and write the names seen."""
    entry = config.stash.get(_RECORDER, None)
    if entry is None:
        return
    recorder, target, folder = entry
    if folder is None:
        recorder.stop()
    from cuda_core_guide.gpu import gpu_status

    record = {
        "python": platform.python_version(),
        "hook": hook_name(),
        "gpu": gpu_status()[0],
        "seen": sorted(recorder.seen),
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
