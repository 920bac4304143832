# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Check that a release tag, the built distributions and the changelog agree.

Usage::

    python tools/check_release.py --tag v0.1.0 dist/

The tag must be ``v`` and the package's version (``cuda_core_guide.__version__``,
its only source); ``dist/`` must hold exactly one sdist and one wheel, whose
metadata carry that version; ``CHANGELOG.md`` must have a second-level
heading that starts with it. Exit status 0 when all hold, 1 with one line
per problem otherwise.
"""

from __future__ import annotations

import argparse
import ast
import email.parser
import sys
import tarfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

from markdown_it import MarkdownIt

__all__ = ["changelog_versions", "distribution_version", "main", "problems", "source_version"]

_ROOT = Path(__file__).resolve().parent.parent


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 when the release is consistent, 1 otherwise.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag", required=True, help="the pushed tag, such as v0.1.0")
    parser.add_argument("dist", type=Path, help="the folder holding the built sdist and wheel")
    args = parser.parse_args(argv)
    found = problems(args.tag, args.dist, _ROOT)
    for problem in found:
        print(f"check_release: {problem}", file=sys.stderr)
    return 1 if found else 0


def source_version(root: Path) -> str:
    """Return the version assigned to ``__version__`` in ``cuda_core_guide/__init__.py``.

    Parameters
    ----------
    root : Path
        The repository.

    Returns
    -------
    str
        The version.

    Raises
    ------
    ValueError
        If the module assigns no string to ``__version__``.
    """
    init = root / "conformance" / "cuda_core_guide" / "__init__.py"
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["__version__"]
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise ValueError(f"{init}: no string is assigned to __version__")


def distribution_version(path: Path) -> str | None:
    """Return the version in a wheel's ``METADATA`` or an sdist's ``PKG-INFO``.

    Parameters
    ----------
    path : Path
        A ``.whl`` or ``.tar.gz`` file.

    Returns
    -------
    str or None
        The ``Version`` field, or ``None`` if the file has no metadata.
    """
    text = None
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            names = [name for name in wheel.namelist() if name.endswith(".dist-info/METADATA")]
            text = wheel.read(names[0]).decode("utf-8") if len(names) == 1 else None
    else:
        with tarfile.open(path) as sdist:
            members = [m for m in sdist.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO")]
            stream = sdist.extractfile(members[0]) if len(members) == 1 else None
            text = stream.read().decode("utf-8") if stream is not None else None
    return None if text is None else email.parser.HeaderParser().parsestr(text).get("Version")


def changelog_versions(text: str) -> list[str]:
    """Return the first word of every second-level heading of a Markdown changelog.

    Parameters
    ----------
    text : str
        The changelog.

    Returns
    -------
    list of str
        The versions, in the order of their sections.
    """
    tokens = MarkdownIt("commonmark").parse(text)
    versions = []
    for opening, inline in zip(tokens, tokens[1:], strict=False):
        if opening.type == "heading_open" and opening.tag == "h2" and inline.content.split():
            versions.append(inline.content.split()[0])
    return versions


def problems(tag: str, dist: Path, root: Path) -> list[str]:
    """Return what is wrong with releasing ``dist`` under ``tag``.

    Parameters
    ----------
    tag : str
        The pushed tag.
    dist : Path
        The folder of built distributions.
    root : Path
        The repository (for the version and the changelog).

    Returns
    -------
    list of str
        One message per problem; empty when the release is consistent.
    """
    version = source_version(root)
    found = []
    if tag != f"v{version}":
        found.append(f"tag {tag!r} does not name the package's version {version!r} (expected 'v{version}')")
    for kind, pattern in (("sdist", "*.tar.gz"), ("wheel", "*.whl")):
        paths = sorted(dist.glob(pattern))
        if len(paths) != 1:
            found.append(f"{dist} must hold one {kind}; it holds {_names(paths)}")
            continue
        built = distribution_version(paths[0])
        if built != version:
            found.append(f"{paths[0].name} carries version {built!r}, not the package's {version!r}")
    if version not in changelog_versions((root / "CHANGELOG.md").read_text(encoding="utf-8")):
        found.append(f"CHANGELOG.md has no '## {version}' section")
    return found


def _names(paths: Sequence[Path]) -> str:
    """Return file names for a message."""
    return ", ".join(path.name for path in paths) or "none"


if __name__ == "__main__":
    sys.exit(main())
