# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The package as users get it: built into an sdist and a wheel, installed into a fresh venv.

The distributions are built once per test session with ``python -m build``
(the wheel from the sdist, as a release builds it), and the wheel is
installed, not editable, with its ``docs`` extra into a new virtual
environment, so a file missing from the package data fails here.
"""

from __future__ import annotations

import dataclasses
import fcntl
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


@dataclasses.dataclass(frozen=True)
class Installed:
    """A fresh virtual environment with the built wheel installed.

    Parameters
    ----------
    sdist : Path
        The source distribution.
    wheel : Path
        The wheel built from it.
    bin : Path
        The environment's scripts folder.
    """

    sdist: Path
    wheel: Path
    bin: Path

    def run(self, *argv: str | os.PathLike[str], cwd: Path, check: bool = False) -> subprocess.CompletedProcess[str]:
        """Run a command of the environment and capture its output.

        Parameters
        ----------
        *argv : str or path-like
            The command: a script of the environment (``cuda-core-guide``)
            or any program.
        cwd : Path
            The working directory.
        check : bool, optional
            Raise if the command fails.

        Returns
        -------
        subprocess.CompletedProcess
            Its status, standard output and standard error.
        """
        program = self.bin / str(argv[0])
        command = [str(program) if program.exists() else str(argv[0]), *map(str, argv[1:])]
        environment = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=check, env=environment)

    @property
    def python(self) -> Path:
        """The environment's interpreter."""
        return self.bin / "python"


@pytest.fixture(scope="session")
def installed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Build the sdist and the wheel, and install the wheel with its docs extra into a fresh venv."""
    sdist, wheel = _distributions(tmp_path_factory, in_a_worker=hasattr(request.config, "workerinput"))
    environment = tmp_path_factory.mktemp("venv")
    venv.create(environment, with_pip=True)
    bin_dir = environment / ("Scripts" if os.name == "nt" else "bin")
    _run_or_fail([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[docs]"])
    return Installed(sdist, wheel, bin_dir)


def _distributions(tmp_path_factory: pytest.TempPathFactory, *, in_a_worker: bool) -> tuple[Path, Path]:
    """Build the sdist and the wheel once per run, also when pytest-xdist's workers all ask for them.

    ``python -m build`` writes its metadata into the checkout, so two
    workers building at once break each other's build: under xdist the
    first worker builds into the run's shared folder, holding a lock, and
    the others wait and take what it built.
    """
    if not in_a_worker:  # no pytest-xdist workers: this process is the only one
        dist = tmp_path_factory.mktemp("dist")
        _run_or_fail([sys.executable, "-m", "build", "--outdir", str(dist), str(REPO)])
    else:
        shared = tmp_path_factory.getbasetemp().parent  # this run's folder, above every worker's own
        dist = shared / "dist"
        with open(shared / "dist.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not dist.is_dir():
                building = shared / "dist.building"
                _run_or_fail([sys.executable, "-m", "build", "--outdir", str(building), str(REPO)])
                building.rename(dist)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return sdist, wheel


def _run_or_fail(command: list[str]) -> None:
    """Run a build step; fail the test session with its output if it fails."""
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}", pytrace=False)
