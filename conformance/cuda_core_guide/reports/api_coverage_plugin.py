# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A pytest plugin that records which of upstream's public callables the tests call.

``pytest -p cuda_core_guide.reports.api_coverage_plugin --api-coverage=FILE`` runs a
:class:`cuda_core_guide.reports.api_coverage.CallRecorder` and writes the names it
saw to ``FILE``, with the interpreter, the hook and whether a GPU was there.
With ``--api-coverage-under=FOLDER`` only the tests of that folder (their
set-up, call and tear-down) are recorded, so that other tests of the same
run (the reference's own) do not count. ``--api-coverage-surface`` names
another surface snapshot than upstream's.

Under pytest-xdist (``-n``), each worker process records the tests it runs
and, after each test that added a name, writes all the names it has seen to
a part file of its own beside ``FILE``
(``FILE.<run>.<worker>-<pid>.part``, replaced whole), so that a worker that
crashes keeps what its earlier tests called. The controlling process, which
runs no tests and records nothing, merges the parts of its run into
``FILE`` at the end and deletes them. Without xdist the one process writes
``FILE`` at the end.
"""

from __future__ import annotations

import json
import os
import platform
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cuda_core_guide.reports.api_coverage import SURFACE, CallRecorder, hook_name, surface_callables

__all__ = [
    "pytest_addoption",
    "pytest_configure",
    "pytest_configure_node",
    "pytest_runtest_protocol",
    "pytest_unconfigure",
]

_RUN = "api_coverage_run"
"""The key of the run's name in an xdist worker's ``workerinput``."""


@dataclass
class _Recording:
    """What one process of a run records, and where it goes."""

    target: Path
    """The ``--api-coverage`` file."""
    folder: Path | None
    """The ``--api-coverage-under`` folder, if only its tests are recorded."""
    run: str
    """The run's name, which the names of its part files carry."""
    recorder: CallRecorder | None = None
    """The recorder; ``None`` in an xdist controller, which runs no tests."""
    part: Path | None = None
    """This xdist worker's part file; ``None`` in any other process."""
    written: int = 0
    """How many names the part file holds."""
    gpu: bool | None = None
    """Whether this process has a usable GPU, once asked."""


_RECORDING = pytest.StashKey[_Recording]()


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
    """Make the recorder when ``--api-coverage`` is given; start it now unless only a folder is recorded.

    An xdist controller only reads the snapshot (so that a bad one stops the
    run before any worker starts) and names the run; its workers record.
    """
    target = config.getoption("--api-coverage")
    if not target:
        return
    given = config.getoption("--api-coverage-surface")
    snapshot = Path(given) if given else config.rootpath / SURFACE
    try:
        callables = surface_callables(json.loads(snapshot.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise pytest.UsageError(f"--api-coverage: cannot read the surface snapshot {snapshot}: {exc}") from None
    under = config.getoption("--api-coverage-under")
    recording = _Recording(Path(target), Path(under).resolve() if under else None, uuid.uuid4().hex[:12])
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        recording.run = workerinput.get(_RUN, recording.run)
        worker = f"{workerinput.get('workerid', 'gw')}-{os.getpid()}"
        recording.part = recording.target.with_name(f"{_part_prefix(recording)}{worker}.part")
    if workerinput is not None or not _distributes(config):
        recording.recorder = CallRecorder(callables)
        if recording.folder is None:
            recording.recorder.start()
    config.stash[_RECORDING] = recording


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """Hand the run's name to a new xdist worker (an xdist hook: a worker that replaces a crashed one too).

    Parameters
    ----------
    node : xdist.workermanage.WorkerController
        The worker being set up.
    """
    recording = node.config.stash.get(_RECORDING, None)
    if recording is not None:
        node.workerinput[_RUN] = recording.run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Record one test of the recorded folder, from its set-up to its tear-down; then save a worker's part."""
    recording = item.config.stash.get(_RECORDING, None)
    if recording is None or recording.recorder is None:
        return (yield)
    folder = recording.folder
    counted = folder is not None and Path(item.path).resolve().is_relative_to(folder)
    if counted:
        recording.recorder.start()
    try:
        return (yield)
    finally:
        if counted:
            recording.recorder.stop()
        _save_part(recording)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop recording and write the names seen: a worker to its part, any other process to FILE."""
    recording = config.stash.get(_RECORDING, None)
    if recording is None:
        return
    if recording.recorder is not None and recording.folder is None:
        recording.recorder.stop()
    if recording.part is not None:
        _save_part(recording, always=True)
        return
    seen = set(recording.recorder.seen) if recording.recorder is not None else set()
    parts = sorted(recording.target.parent.glob(f"{_part_prefix(recording)}*.part"))
    gpus = []
    for part in parts:
        written = json.loads(part.read_text(encoding="utf-8"))
        seen.update(written["seen"])
        gpus.append(written["gpu"])
    record = {
        "python": platform.python_version(),
        "hook": hook_name(),
        # The workers' answer, where there are workers: the controller need not touch the driver.
        "gpu": any(gpus) if gpus else _gpu(recording),
        "seen": sorted(seen),
    }
    recording.target.parent.mkdir(parents=True, exist_ok=True)
    recording.target.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    # A worker that crashed while replacing its part may leave the new one half written.
    for part in [*parts, *recording.target.parent.glob(f"{_part_prefix(recording)}*.part.tmp")]:
        part.unlink()


def _distributes(config: pytest.Config) -> bool:
    """Return whether this process is an xdist controller, which hands the tests to workers (as xdist decides)."""
    return (
        getattr(config.option, "dist", "no") != "no"
        and bool(getattr(config.option, "tx", None))
        and not config.getoption("collectonly")
    )


def _part_prefix(recording: _Recording) -> str:
    """Return how the names of the run's part files start: ``FILE.<run>.``."""
    return f"{recording.target.name}.{recording.run}."


def _gpu(recording: _Recording) -> bool:
    """Return whether this process has a usable GPU, asking the driver once."""
    if recording.gpu is None:
        from cuda_core_guide.gpu import gpu_status

        recording.gpu = gpu_status()[0]
    return recording.gpu


def _save_part(recording: _Recording, *, always: bool = False) -> None:
    """Write a worker's names to its part file when they grew (or ``always``), replacing the file whole."""
    if recording.part is None or recording.recorder is None:
        return
    if len(recording.recorder.seen) == recording.written and not always:
        return
    names = sorted(recording.recorder.seen)
    record = {"python": platform.python_version(), "hook": hook_name(), "gpu": _gpu(recording), "seen": names}
    recording.part.parent.mkdir(parents=True, exist_ok=True)
    temporary = recording.part.with_name(recording.part.name + ".tmp")
    temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, recording.part)
    recording.written = len(names)
