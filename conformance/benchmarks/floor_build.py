# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Compile the benchmark's Cython floor module (``floor/cuda_core_floor.pyx``) into an extension.

The module is turned into C++ by Cython and compiled with optimisation,
against the ``cuda.bindings`` declarations and the C headers of the
``nvidia-cuda-runtime`` wheel (the reference implementation's pins), so
it compiles the same with or without a GPU::

    python conformance/benchmarks/floor_build.py --output build/floor
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

__all__ = ["MODULE", "SOURCE", "build_floor", "main"]

SOURCE = Path(__file__).resolve().parent / "floor" / "cuda_core_floor.pyx"
MODULE = SOURCE.stem
_CXX_FLAGS = ("-shared", "-fPIC", "-O3", "-std=c++17", "-w")


def build_floor(output: Path, include: Path | None = None) -> Path:
    """Compile the floor module into ``output`` and return the extension's path.

    Parameters
    ----------
    output : Path
        The folder the C++ source and the extension are written to; put it
        on ``sys.path`` to import ``cuda_core_floor``.
    include : Path, optional
        The folder with ``cuda.h``; the ``nvidia-cuda-runtime`` wheel's by
        default.

    Returns
    -------
    Path
        The compiled extension.

    Raises
    ------
    RuntimeError
        If Cython or the C++ compiler fails, with what it printed.
    """
    if include is None:
        from cuda_core_guide.examples.build import cuda_include_dir

        include = cuda_include_dir()
    output.mkdir(parents=True, exist_ok=True)
    cpp = output / f"{MODULE}.cpp"
    target = output / f"{MODULE}{sysconfig.get_config_var('EXT_SUFFIX')}"
    cython = [sys.executable, "-m", "cython", "--cplus", "-3", "-X", "binding=True", "-o", str(cpp), str(SOURCE)]
    _run(cython, "Cython")
    compiler = os.environ.get("CXX", "c++")
    includes = [f"-I{sysconfig.get_paths()['include']}", f"-I{include}"]
    _run([compiler, *_CXX_FLAGS, *includes, "-o", str(target), str(cpp)], "the C++ compiler")
    return target


def main(argv: list[str] | None = None) -> int:
    """Compile the floor module into the folder that ``--output`` of ``argv`` (``sys.argv[1:]`` by default) names.

    The exit status is 0 on success and 1 when compiling fails.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, required=True, help="folder for the extension")
    args = parser.parse_args(argv)
    try:
        print(build_floor(args.output))
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


def _run(command: list[str], tool: str) -> None:
    """Run a build step; raise ``RuntimeError`` with its output when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{tool} failed to compile the floor module:\n{result.stdout}{result.stderr}")


if __name__ == "__main__":
    sys.exit(main())
