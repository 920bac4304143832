# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Measure how far an upstream ``cuda-core`` release is from the guide.

The report checks the ``.py`` and ``.pxd`` files of a released wheel (the
wheel ships no ``.pyx`` sources) with every rule and counts the findings
per rule. ``nox -s upstream_report`` writes it to
``reports/upstream-cuda-core-<version>.json``; :func:`read_report` gives
the site a way to show it.

Usage::

    python -m cuda_core_guide.reports.upstream_report [--requirement REQ] [--wheel FILE] [--output FILE]

Without ``--wheel`` the wheel is downloaded with ``pip download``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from cuda_core_guide import __version__
from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.runner import check_paths, discover

__all__ = [
    "DEFAULT_REQUIREMENT",
    "REPORT_SUFFIXES",
    "build_report",
    "download_wheel",
    "extract_sources",
    "main",
    "read_report",
    "report_path",
    "upstream_report",
    "write_report",
]

DEFAULT_REQUIREMENT = "cuda-core==1.2.2"
"""The upstream release the project measures."""

REPORT_SUFFIXES = (".py", ".pxd")
"""The source files a wheel ships that the report checks."""

_CHECKER_CODES = ("SYN001", "SYN002")


def upstream_report(
    requirement: str = DEFAULT_REQUIREMENT, output: Path | None = None, *, wheel: Path | None = None
) -> dict[str, object]:
    """Build the report of an upstream release and write it.

    Parameters
    ----------
    requirement : str, optional
        The pip requirement of the release, ``cuda-core==1.2.2`` by default.
    output : Path, optional
        Where to write the JSON report; :func:`report_path` of the
        requirement by default.
    wheel : Path, optional
        A wheel already downloaded; downloaded with pip when omitted.

    Returns
    -------
    dict
        The report, as written.

    Raises
    ------
    subprocess.CalledProcessError
        If pip cannot download the wheel.
    """
    output = output if output is not None else report_path(requirement)
    with tempfile.TemporaryDirectory(prefix="cuda-core-guide-upstream-") as scratch:
        scratch_dir = Path(scratch)
        if wheel is None:
            wheel = download_wheel(requirement, scratch_dir / "wheel")
        sources = scratch_dir / "sources"
        extract_sources(wheel, sources)
        report = build_report(sources, requirement=requirement, wheel_name=wheel.name)
    write_report(report, output)
    return report


def build_report(root: Path, *, requirement: str = "", wheel_name: str = "") -> dict[str, object]:
    """Check a tree with every rule and count the findings.

    Parameters
    ----------
    root : Path
        The extracted sources.
    requirement : str, optional
        The requirement the sources come from, recorded in the report.
    wheel_name : str, optional
        The wheel's file name, recorded in the report.

    Returns
    -------
    dict
        ``rules`` (code to count, every code with findings), ``files``
        (each file with findings, as a path relative to ``root``, to its
        count; most findings first), ``total``, ``files_checked``,
        ``files_with_findings``, ``levels`` (count per level), ``syntax``
        (``SYN001``/``SYN002`` counts: files that could not be parsed, rule
        failures), and what was checked.
    """
    config = Config(root=root, first_party=("cuda.core",))
    files = list(discover([root], config))
    findings = check_paths(files, config)
    per_rule = Counter(finding.rule for finding in findings)
    per_level = Counter(str(finding.level) for finding in findings)
    per_suffix = Counter(path.suffix for path in files)
    per_file = Counter(_relative(Path(finding.path), root) for finding in findings)
    return {
        "requirement": requirement,
        "wheel": wheel_name,
        "checker_version": __version__,
        "generated": datetime.date.today().isoformat(),
        "suffixes": list(REPORT_SUFFIXES),
        "files_checked": len(files),
        "files_by_suffix": dict(sorted(per_suffix.items())),
        "files_with_findings": len({finding.path for finding in findings}),
        "total": len(findings),
        "levels": dict(sorted(per_level.items())),
        "syntax": {code: per_rule.get(code, 0) for code in _CHECKER_CODES},
        "rules": dict(sorted(per_rule.items())),
        "files": dict(sorted(per_file.items(), key=lambda item: (-item[1], item[0]))),
    }


def download_wheel(requirement: str, directory: Path) -> Path:
    """Download the binary wheel of a requirement with pip, without its dependencies.

    Parameters
    ----------
    requirement : str
        A pip requirement such as ``cuda-core==1.2.2``.
    directory : Path
        Where to put the wheel.

    Returns
    -------
    Path
        The downloaded wheel.

    Raises
    ------
    subprocess.CalledProcessError
        If pip fails.
    FileNotFoundError
        If pip succeeded but left no wheel.
    """
    directory.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(directory)]
    subprocess.run([*command, requirement], check=True)
    wheels = sorted(directory.glob("*.whl"))
    if not wheels:
        raise FileNotFoundError(f"pip downloaded no wheel for {requirement} into {directory}")
    return wheels[-1]


def extract_sources(wheel: Path, destination: Path, suffixes: Sequence[str] = REPORT_SUFFIXES) -> list[Path]:
    """Extract the source files of a wheel, keeping their package paths.

    Parameters
    ----------
    wheel : Path
        The wheel (a zip archive).
    destination : Path
        The directory to extract into.
    suffixes : sequence of str, optional
        The suffixes to extract, ``.py`` and ``.pxd`` by default.

    Returns
    -------
    list of Path
        The extracted files, in archive order. Members with absolute paths
        or ``..`` components are skipped, never written outside
        ``destination``.
    """
    extracted = []
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.infolist():
            name = PurePosixPath(member.filename)
            if member.is_dir() or name.suffix not in suffixes:
                continue
            if name.is_absolute() or ".." in name.parts:
                continue
            target = destination.joinpath(*name.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(member))
            extracted.append(target)
    return extracted


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m cuda_core_guide.reports.upstream_report``.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 on success.
    """
    parser = argparse.ArgumentParser(
        prog="python -m cuda_core_guide.reports.upstream_report", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--requirement", default=DEFAULT_REQUIREMENT, help="the release (default: %(default)s)")
    parser.add_argument("--wheel", type=Path, help="a wheel already downloaded (default: download it with pip)")
    parser.add_argument("--output", type=Path, help="the JSON file (default: reports/upstream-<name>-<version>.json)")
    args = parser.parse_args(argv)
    report = upstream_report(args.requirement, args.output, wheel=args.wheel)
    output = args.output if args.output is not None else report_path(args.requirement)
    print(
        f"{args.requirement}: {report['total']} findings in {report['files_with_findings']} of "
        f"{report['files_checked']} files; written to {output}"
    )
    return 0


def read_report(path: Path) -> dict[str, object] | None:
    """Return a written report, or ``None`` if there is none (for the documentation build).

    Parameters
    ----------
    path : Path
        The JSON report.

    Returns
    -------
    dict or None
        The report.
    """
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def report_path(requirement: str, directory: Path = Path("reports")) -> Path:
    """Return where the report of a requirement goes.

    Parameters
    ----------
    requirement : str
        ``cuda-core==1.2.2``.
    directory : Path, optional
        The reports directory, ``reports`` by default.

    Returns
    -------
    Path
        ``reports/upstream-cuda-core-1.2.2.json``.
    """
    name, _, version = requirement.partition("==")
    stem = f"upstream-{name.strip()}" + (f"-{version.strip()}" if version else "")
    return directory / f"{stem}.json"


def write_report(report: dict[str, object], path: Path) -> None:
    """Write a report as indented JSON, creating its directory.

    Parameters
    ----------
    report : dict
        The report.
    path : Path
        The file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def _relative(path: Path, root: Path) -> str:
    """Return a checked file's path relative to the extracted tree, with ``/`` separators."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


if __name__ == "__main__":
    sys.exit(main())
