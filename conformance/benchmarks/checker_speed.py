# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Time ``cuda-core-guide check`` against ``cython-lint`` on the same tree of files.

The tree is upstream ``cuda.core``'s ``.py`` and ``.pxd`` files, the
reference implementation, and Cython's own compiler sources (plain Python
with a lot of code), copied into a scratch directory so that no
configuration or exclusion of this repository applies. Each tool runs
once, as a user would run it, and the wall-clock time of the whole run
(interpreter start included) and the CPU time of the process and its
workers are recorded.

Usage::

    python conformance/benchmarks/checker_speed.py [--tree DIR] [--max-lines N] [--output FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main", "build_tree", "count_lines", "time_command"]

ROOT = Path(__file__).resolve().parents[2]
MIN_FILES = 150
MIN_LINES = 40_000
TARGET_SECONDS = 3.0
_SUFFIXES = (".py", ".pyx", ".pxd")


def main(argv: Sequence[str] | None = None) -> int:
    """Build or take the tree, time both tools once each, and print the numbers.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 when the tree is large enough and the checker meets the target
        (at most 3 s and faster than cython-lint), 1 otherwise.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", type=Path, help="time this directory instead of building the tree")
    parser.add_argument(
        "--max-lines", type=int, default=0, help="stop adding Cython compiler files past this many lines (default: all)"
    )
    parser.add_argument("--output", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="checker-speed-") as scratch:
        tree = args.tree if args.tree is not None else build_tree(Path(scratch) / "tree", max_lines=args.max_lines)
        files = sorted(str(p.relative_to(tree)) for p in tree.rglob("*") if p.suffix in _SUFFIXES)
        lines = count_lines(tree, files)
        (tree / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
        checker = time_command([_tool("cuda-core-guide"), "check", ".", "--exit-zero"], tree)
        linter = time_command([_tool("cython-lint"), *files], tree)
    results = {
        "files": len(files),
        "lines": lines,
        "cpus": os.cpu_count(),
        "cuda-core-guide": checker,
        "cython-lint": linter,
    }
    print(f"{len(files)} files, {lines} lines, {os.cpu_count()} CPUs")
    for name in ("cuda-core-guide", "cython-lint"):
        numbers = results[name]
        print(f"{name:>16}: {numbers['wall_s']:6.2f} s wall, {numbers['cpu_s']:6.2f} s CPU, exit {numbers['status']}")
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(results, indent=2) + "\n")
    large_enough = len(files) >= MIN_FILES and lines >= MIN_LINES
    fast_enough = checker["wall_s"] <= TARGET_SECONDS and checker["wall_s"] < linter["wall_s"]
    return 0 if large_enough and fast_enough else 1


def build_tree(destination: Path, *, max_lines: int = 0) -> Path:
    """Copy the benchmark's files into ``destination``.

    Parameters
    ----------
    destination : Path
        A directory to create.
    max_lines : int, optional
        When positive, add Cython compiler files (smallest first) only
        until the tree has this many lines.

    Returns
    -------
    Path
        ``destination``.

    Raises
    ------
    FileNotFoundError
        If ``cuda.core`` or Cython is not installed next to this
        interpreter.
    """
    site = Path(sysconfig.get_paths()["purelib"])
    upstream = site / "cuda" / "core"
    compiler = site / "Cython" / "Compiler"
    for required in (upstream, compiler):
        if not required.is_dir():
            raise FileNotFoundError(f"{required} is missing: install cuda-core and Cython")
    copied = _copy(upstream, destination / "cuda_core", (".py", ".pxd"))
    copied += _copy(ROOT / "reference_impl" / "cuda", destination / "reference_impl", _SUFFIXES)
    lines = count_lines(destination, [str(p.relative_to(destination)) for p in copied])
    for source in sorted(compiler.glob("*.py"), key=lambda p: (p.stat().st_size, p.name)):
        if max_lines and lines >= max_lines:
            break
        target = destination / "cython_compiler" / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        lines += count_lines(destination, [str(target.relative_to(destination))])
    return destination


def count_lines(tree: Path, files: Sequence[str]) -> int:
    """Return the number of lines of ``files``, relative to ``tree``.

    Parameters
    ----------
    tree : Path
        The directory the names are relative to.
    files : sequence of str
        The files.

    Returns
    -------
    int
        Their line count.
    """
    return sum(len((tree / name).read_bytes().splitlines()) for name in files)


def time_command(command: list[str], cwd: Path) -> dict[str, object]:
    """Run a command once and measure it.

    Parameters
    ----------
    command : list of str
        The command.
    cwd : Path
        Its working directory.

    Returns
    -------
    dict
        ``wall_s`` (wall-clock seconds), ``cpu_s`` (user and system CPU
        seconds of the command and the processes it waited for),
        ``status`` (its exit status) and ``command``.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if completed.returncode not in (0, 1):
        sys.stderr.write(completed.stderr.decode(errors="replace"))
    return {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "status": completed.returncode, "command": command[0]}


def _copy(source: Path, destination: Path, suffixes: Sequence[str]) -> list[Path]:
    """Copy the files with ``suffixes`` below ``source``, keeping their layout."""
    copied = []
    for path in sorted(source.rglob("*")):
        if path.suffix in suffixes and path.is_file() and "__pycache__" not in path.parts:
            target = destination / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied.append(target)
    return copied


def _tool(name: str) -> str:
    """Return the console script ``name`` next to this interpreter, else on ``PATH``."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else (shutil.which(name) or name)


if __name__ == "__main__":
    sys.exit(main())
