# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Time ``cuda-core-guide check`` against ``cython-lint`` on the same tree of files.

The tree is upstream ``cuda.core``'s ``.py`` and ``.pxd`` files, the
reference implementation, and Cython's own compiler sources (plain Python
with a lot of code), copied into a scratch directory so that no
configuration or exclusion of this repository applies. Each tool is run as
a user runs it, each run in a fresh process, and timed in three ways:

cold
    the first run on a fresh copy of the tree, whose files, and those of
    the Python installation the tools run from, were first dropped from the
    operating system's page cache (``posix_fadvise``, which needs no
    privileges; best effort);
warm
    the run right after, on the same copy, with the caches warm;
single file
    checking one typical file of the tree (the one nearest to the mean in
    lines): mostly the cost of starting the tool.

This is repeated (``--repetitions``), the tools taking turns first, and
each measurement is summarized by its median, minimum and maximum
wall-clock time (interpreter start included). With ``--output``, the
numbers go to a JSON file with where they were taken: CPU count, machine,
Python, the tools' versions, date and commit. The site shows the copy in
``docs/_data/checker_speed.json``.

Usage::

    python conformance/benchmarks/checker_speed.py [--tree DIR] [--max-lines N] [--repetitions N] [--output FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from cuda_core_guide.reports.provenance import git_commit, utc_now
from cuda_core_guide.reports.speed_targets import speed_targets

__all__ = [
    "CACHED",
    "MEASURES",
    "TOOLS",
    "targets",
    "build_tree",
    "count_lines",
    "drop_from_cache",
    "machine_facts",
    "main",
    "measure",
    "speed_report",
    "summarize",
    "time_command",
    "typical_file",
]

_ROOT = Path(__file__).resolve().parents[2]
_MIN_FILES = 150
_MIN_LINES = 40_000
_DEFAULT_REPETITIONS = 5
_DEFAULT_MAX_LINES = 45_000
MEASURES = ("cold", "warm", "cached", "single_file")
"""What is measured of each tool, in the order of each repetition; ``cached`` only for a tool with a cache."""

TOOLS: dict[str, Callable[[Sequence[str]], list[str]]] = {
    # --no-cache: every run checks every file; a re-run over unchanged files
    # would otherwise only read the result cache.
    "cuda-core-guide": lambda files: [
        _tool("cuda-core-guide"),
        "check",
        *(files or ["."]),
        "--exit-zero",
        "--no-cache",
    ],
    "cython-lint": lambda files: [_tool("cython-lint"), *files],
    # What any tool built on Cython's parser pays before its first finding:
    # importing the parser and parsing one line (its lexicon is built then).
    "Cython start-up": lambda files: [
        sys.executable,
        "-c",
        "from cuda_core_guide.source.parse import parse_module; parse_module('x = 1\\n', 'x', 'pyx')",
    ],
}
"""The command of each tool for a list of files (the checker checks the whole tree for none)."""

CACHED: dict[str, Callable[[Sequence[str]], list[str]]] = {
    "cuda-core-guide": lambda files: [_tool("cuda-core-guide"), "check", *(files or ["."]), "--exit-zero"],
}
"""The tools with a result cache, and their command with it: timed on the run after the one that fills it."""

_SUFFIXES = (".py", ".pyx", ".pxd")
_FORMAT = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Build or take the tree, time both tools, print the numbers and write them if asked.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 when the tree is large enough and the checker meets every target
        of :func:`targets`, 1 otherwise.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", type=Path, help="time this directory instead of building the tree")
    parser.add_argument(
        "--max-lines",
        type=int,
        default=_DEFAULT_MAX_LINES,
        help="stop adding Cython compiler files past this many lines, 0 for all (default: %(default)s)",
    )
    parser.add_argument(
        "--repetitions",
        type=int,
        default=_DEFAULT_REPETITIONS,
        help="times to run each measurement (default: %(default)s)",
    )
    parser.add_argument("--output", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="checker-speed-") as scratch:
        tree = args.tree if args.tree is not None else build_tree(Path(scratch) / "tree", max_lines=args.max_lines)
        files = sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.suffix in _SUFFIXES)
        single = typical_file(tree, files)
        facts = {
            "files": len(files),
            "lines": count_lines(tree, files),
            "single_file": single,
            "single_file_lines": count_lines(tree, [single]),
        }
        installation = [Path(sysconfig.get_paths()[key]) for key in ("purelib", "stdlib")]
        machine = machine_facts()  # before the runs, whose own load would show in the load average
        samples, dropped = measure(tree, files, single, args.repetitions, Path(scratch) / "copies", installation)
    report = speed_report(samples, tree=facts, repetitions=args.repetitions, cache_dropped=dropped, machine=machine)
    print(f"{facts['files']} files, {facts['lines']} lines, {os.cpu_count()} CPUs, {args.repetitions} repetitions")
    for name, timings in report["tools"].items():
        cells = ", ".join(
            f"{key} {t['median_s']:.2f} s ({t['min_s']:.2f}-{t['max_s']:.2f})" for key, t in timings.items()
        )
        print(f"{name:>16}: {cells}")
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(report, indent=2) + "\n")
    large_enough = facts["files"] >= _MIN_FILES and facts["lines"] >= _MIN_LINES
    met = targets(report)
    for name, ok in met.items():
        print(f"{'met' if ok else 'MISSED':>6}: {name}")
    return 0 if large_enough and all(met.values()) else 1


def targets(report: dict) -> dict[str, bool]:
    """Return the project's speed targets, each with whether the report meets it.

    Parameters
    ----------
    report : dict
        :func:`speed_report`'s result.

    Returns
    -------
    dict of str to bool
        Each target, in words, and whether the medians meet it
        (:func:`cuda_core_guide.reports.speed_targets.speed_targets`, which the site's page reads too).
    """
    return {target: met for target, _, met in speed_targets(report)}


def measure(
    tree: Path,
    files: Sequence[str],
    single: str,
    repetitions: int,
    scratch: Path,
    installation: Sequence[Path] = (),
    *,
    run: Callable[[list[str], Path], dict[str, object]] | None = None,
) -> tuple[dict[str, dict[str, list[dict[str, object]]]], bool]:
    """Time every tool cold, warm and on a single file, ``repetitions`` times.

    Parameters
    ----------
    tree : Path
        The files to check; each repetition checks a fresh copy.
    files : sequence of str
        The files of the tree, relative to it.
    single : str
        The file the single-file runs check.
    repetitions : int
        How many times to take each measurement.
    scratch : Path
        Where the copies go (each is removed after its repetition).
    installation : sequence of Path, optional
        Folders of the Python installation the tools run from, dropped from
        the page cache with the copy before each cold run.
    run : callable, optional
        Runs a command in a folder and measures it; :func:`time_command`
        by default.

    Returns
    -------
    tuple of (dict, bool)
        For each tool, its runs (as ``run`` returns them) per measurement;
        and whether the files could be dropped from the page cache.
    """
    run = run if run is not None else time_command
    samples = {name: {key: [] for key in MEASURES} for name in TOOLS}
    dropped = True
    for repetition in range(repetitions):
        copy = scratch / f"copy-{repetition}"
        shutil.copytree(tree, copy)
        (copy / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
        order = list(TOOLS) if repetition % 2 == 0 else list(reversed(TOOLS))
        for name in order:
            command = TOOLS[name]
            if name == "Cython start-up":
                samples[name]["single_file"].append(run(command([]), copy))
                continue
            dropped &= drop_from_cache([copy, *installation])
            samples[name]["cold"].append(run(command(files), copy))
            samples[name]["warm"].append(run(command(files), copy))
            if name in CACHED:
                run(CACHED[name](files), copy)  # fills the cache
                samples[name]["cached"].append(run(CACHED[name](files), copy))
            samples[name]["single_file"].append(run(command([single]), copy))
        shutil.rmtree(copy)
    return samples, dropped


def speed_report(
    samples: dict[str, dict[str, list[dict[str, object]]]],
    *,
    tree: dict[str, object],
    repetitions: int,
    cache_dropped: bool,
    machine: dict[str, object] | None = None,
) -> dict[str, object]:
    """Return the measurements as the site reads them, with where and when they were taken.

    Parameters
    ----------
    samples : dict
        For each tool, its runs per measurement, as :func:`measure` returns
        them (each run with its ``wall_s``, ``cpu_s`` and ``status``).
    tree : dict
        What was checked: ``files``, ``lines``, ``single_file`` and
        ``single_file_lines``.
    repetitions : int
        How many times each measurement was taken.
    cache_dropped : bool
        Whether the cold runs' files were dropped from the page cache.
    machine : dict, optional
        :func:`machine_facts`, taken before the runs; taken now by default.

    Returns
    -------
    dict
        ``format``, ``date``, ``commit``, ``checker_version``, ``machine``
        (:func:`machine_facts`), ``versions`` (of the tools and Cython),
        ``tree``, ``repetitions``, ``cache_dropped``, ``commands`` (each
        tool's), and ``tools``: for each tool, per measurement, :func:`summarize` of its
        wall-clock times with the median CPU time and the exit statuses.
    """
    versions = {name: _version(name) for name in ("cuda-core-guide", "cython-lint", "Cython")}
    tools: dict[str, dict[str, object]] = {}
    for name, measured in samples.items():
        tools[name] = {}
        for key in MEASURES:
            runs = measured.get(key, [])
            if not runs:
                continue
            summary = summarize([float(run["wall_s"]) for run in runs])
            summary["cpu_median_s"] = round(statistics.median(float(run["cpu_s"]) for run in runs), 3)
            summary["statuses"] = sorted({int(run["status"]) for run in runs})
            tools[name][key] = summary
    return {
        "format": _FORMAT,
        "date": utc_now(),
        "commit": git_commit(_ROOT),
        "checker_version": versions["cuda-core-guide"],
        "machine": machine if machine is not None else machine_facts(),
        "versions": versions,
        "tree": dict(tree),
        "repetitions": repetitions,
        "cache_dropped": cache_dropped,
        "commands": {name: _shown(TOOLS[name](["FILE..."])) for name in TOOLS},
        "tools": tools,
    }


def summarize(values: Iterable[float]) -> dict[str, object]:
    """Return the median, minimum and maximum of some times, and the times.

    Parameters
    ----------
    values : iterable of float
        Seconds; at least one.

    Returns
    -------
    dict
        ``median_s``, ``min_s``, ``max_s`` (rounded to the millisecond) and
        ``samples_s``, in the order taken.
    """
    values = [round(float(value), 3) for value in values]
    return {
        "median_s": round(statistics.median(values), 3),
        "min_s": min(values),
        "max_s": max(values),
        "samples_s": values,
    }


def machine_facts() -> dict[str, object]:
    """Return what the times depend on: the CPU, how many there are, the system and Python.

    Returns
    -------
    dict
        ``cpu`` (the model, from ``/proc/cpuinfo`` where there is one),
        ``cpus``, ``machine``, ``system``, ``python`` and ``load_average``
        (over 1, 5 and 15 minutes, where the system tells: other work on
        the machine slows the tools down).
    """
    return {
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "load_average": [round(load, 2) for load in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }


def typical_file(tree: Path, files: Sequence[str]) -> str:
    """Return a file of about the average size of the tree: the single-file runs check it.

    Parameters
    ----------
    tree : Path
        The directory the names are relative to.
    files : sequence of str
        The files; at least one.

    Returns
    -------
    str
        The name, relative to ``tree``, of the file whose line count is
        nearest to the mean (the first by name among equals).
    """
    lines = {name: count_lines(tree, [name]) for name in files}
    mean = sum(lines.values()) / len(lines)
    return min(sorted(lines), key=lambda name: abs(lines[name] - mean))


def drop_from_cache(folders: Iterable[Path]) -> bool:
    """Ask the operating system to drop the files below some folders from its page cache.

    Parameters
    ----------
    folders : iterable of Path
        The folders.

    Returns
    -------
    bool
        ``False`` where the system offers no way to (no ``posix_fadvise``);
        files it cannot open are left alone.
    """
    if not hasattr(os, "posix_fadvise"):
        return False
    for folder in folders:
        for path in folder.rglob("*"):
            try:
                descriptor = os.open(path, os.O_RDONLY)
            except OSError:
                continue
            try:
                os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass
            finally:
                os.close(descriptor)
    return True


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
    copied += _copy(_ROOT / "reference_impl" / "cuda", destination / "reference_impl", _SUFFIXES)
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

    Raises
    ------
    RuntimeError
        If the command crashed (an exit status other than 0 or 1, or a
        traceback): its time is not the tool's.
    """
    # The tools start programs of their own (cython-lint runs pycodestyle):
    # those of this interpreter's environment come first on the path.
    scripts = str(Path(sys.executable).parent)
    environment = {**os.environ, "PATH": os.pathsep.join(filter(None, [scripts, os.environ.get("PATH")]))}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, env=environment
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    error = completed.stderr.decode(errors="replace")
    if completed.returncode not in (0, 1) or "Traceback (most recent call last)" in error:
        # A run that crashed did not do the work: its time must not be reported as the tool's.
        raise RuntimeError(f"{' '.join(command[:2])} ... failed with status {completed.returncode}:\n{error}")
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


def _cpu_model() -> str:
    """Return the CPU's model name, or what :func:`platform.processor` says."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return value.strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _shown(command: list[str]) -> str:
    """Return a command as the report shows it: the tool by its name, not its path."""
    return " ".join([Path(command[0]).name, *command[1:]])


def _version(distribution: str) -> str:
    """Return the installed version of a distribution, or ``"not installed"``."""
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "not installed"


if __name__ == "__main__":
    sys.exit(main())
