# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's findings on the latest releases of upstream ``cuda-core``, for the site's trend.

``nox -s upstream_report`` runs this module: it asks pip which releases
PyPI has (``pip index versions``), downloads the wheel of each of the
latest :data:`RELEASE_COUNT`, checks its ``.py`` and ``.pxd`` files
(:func:`cuda_core_guide.reports.upstream_report.build_report`: findings by rule
and by file) and writes one JSON file, oldest release first, with where
it comes from (checker version, commit, date, wheel names). The site shows
a copy, ``docs/_data/upstream.json``.

Usage::

    python -m cuda_core_guide.reports.upstream_releases [--latest N | --release VERSION ... | --wheel FILE ...]
        [--output FILE]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.reports.provenance import provenance
from cuda_core_guide.reports.upstream_report import build_report, download_wheel, extract_sources, write_report

__all__ = [
    "DEFAULT_OUTPUT",
    "FORMAT",
    "PACKAGE",
    "RELEASE_COUNT",
    "download_releases",
    "latest_releases",
    "main",
    "parse_index_versions",
    "releases_report",
    "wheel_version",
]

PACKAGE = "cuda-core"
"""The upstream distribution the report measures."""

RELEASE_COUNT = 3
"""How many of its latest releases the report measures."""

DEFAULT_OUTPUT = Path("reports/upstream.json")
"""Where the report goes by default."""

FORMAT = 1
"""The version of the report's layout."""

_PER_RELEASE_PROVENANCE = ("checker_version", "generated", "requirement")


def latest_releases(count: int = RELEASE_COUNT, package: str = PACKAGE) -> list[str]:
    """Ask pip for the latest final releases of a package on the index.

    Parameters
    ----------
    count : int, optional
        How many releases, :data:`RELEASE_COUNT` by default.
    package : str, optional
        The distribution, :data:`PACKAGE` by default.

    Returns
    -------
    list of str
        The versions, oldest first.

    Raises
    ------
    subprocess.CalledProcessError
        If pip cannot reach the index.
    ValueError
        If pip lists no versions.
    """
    command = [sys.executable, "-m", "pip", "index", "versions", package]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    versions = parse_index_versions(result.stdout)
    if not versions:
        raise ValueError(f"pip lists no versions of {package}")
    return list(reversed(versions[:count]))


def parse_index_versions(output: str) -> list[str]:
    """Return the versions that ``pip index versions`` printed.

    Parameters
    ----------
    output : str
        What the command printed.

    Returns
    -------
    list of str
        The versions, newest first, as pip lists them; empty when it
        listed none.
    """
    for line in output.splitlines():
        label, _, listed = line.partition(":")
        if label.strip() == "Available versions":
            return [version.strip() for version in listed.split(",") if version.strip()]
    return []


def download_releases(versions: Sequence[str], directory: Path, package: str = PACKAGE) -> list[Path]:
    """Download the binary wheel of each release, without dependencies.

    Parameters
    ----------
    versions : sequence of str
        The releases.
    directory : Path
        Where the wheels go, one folder per release.
    package : str, optional
        The distribution, :data:`PACKAGE` by default.

    Returns
    -------
    list of Path
        The wheels, in the order of ``versions``.
    """
    return [download_wheel(f"{package}=={version}", directory / version) for version in versions]


def releases_report(wheels: Sequence[Path], *, package: str = PACKAGE) -> dict[str, object]:
    """Check the sources of each wheel and gather the findings of every release in one report.

    Parameters
    ----------
    wheels : sequence of Path
        One wheel per release, oldest first.
    package : str, optional
        The distribution, :data:`PACKAGE` by default.

    Returns
    -------
    dict
        ``format``, ``package``, ``checker_version``, ``commit``, ``date``
        and ``releases``: for each wheel, in order, its ``version``,
        ``wheel`` name and the counts of
        :func:`~cuda_core_guide.reports.upstream_report.build_report` (``rules``,
        ``files``, ``total``, ...).
    """
    releases = []
    with tempfile.TemporaryDirectory(prefix="cuda-core-guide-releases-") as scratch:
        for position, wheel in enumerate(wheels):
            sources = Path(scratch) / str(position)
            extract_sources(wheel, sources)
            counts = build_report(sources, wheel_name=wheel.name)
            release = {"version": wheel_version(wheel), "wheel": wheel.name}
            release.update((key, value) for key, value in counts.items() if key not in _PER_RELEASE_PROVENANCE)
            releases.append(release)
    return {"format": FORMAT, "package": package, **provenance(), "releases": releases}


def wheel_version(wheel: Path) -> str:
    """Return the version a wheel's file name carries.

    Parameters
    ----------
    wheel : Path
        A wheel, named ``<name>-<version>-<tags>.whl``.

    Returns
    -------
    str
        Its version.
    """
    return wheel.name.split("-")[1]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m cuda_core_guide.reports.upstream_releases``.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 once every release is measured and the report written.
    """
    parser = argparse.ArgumentParser(
        prog="python -m cuda_core_guide.reports.upstream_releases", description=__doc__.split("\n")[0]
    )
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument(
        "--latest",
        type=int,
        default=RELEASE_COUNT,
        help="report the latest N releases on the index (default: %(default)s)",
    )
    chosen.add_argument("--release", action="append", help="report this release (repeat, oldest first)")
    chosen.add_argument("--wheel", type=Path, action="append", help="report this wheel (repeat, oldest first)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the JSON file (default: %(default)s)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cuda-core-guide-wheels-") as scratch:
        wheels = args.wheel
        if not wheels:
            versions = args.release or latest_releases(args.latest)
            wheels = download_releases(versions, Path(scratch))
        report = releases_report(wheels)
    write_report(report, args.output)
    for release in report["releases"]:
        print(
            f"{PACKAGE} {release['version']}: {release['total']} findings in {release['files_with_findings']} of "
            f"{release['files_checked']} files"
        )
    print(f"written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
