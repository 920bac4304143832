# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Place a built site into the tree of every published version (the gh-pages branch).

Usage::

    python tools/publish_docs.py --site SITE --html HTML --version VERSION

``VERSION`` is ``latest`` (built from main) or a release tag (``v0.1.0``).
The build replaces ``SITE/VERSION/`` whole; the other versions stay. Then
the root is rewritten from what ``SITE`` holds:

- ``switcher.json``, the list that the version menu of every page reads:
  ``latest`` first, then the releases, newest first, the newest marked
  ``preferred``;
- ``index.html``, a redirect to ``latest/``, the address the package's
  metadata gives for the documentation;
- ``.nojekyll``, so that GitHub Pages serves the ``_static`` folders.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main", "publish", "published_root", "switcher_entries"]

_ROOT = Path(__file__).resolve().parent.parent
_LATEST = "latest"
_RELEASE = re.compile(r"v(\d+)\.(\d+)\.(\d+)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 on success, 2 on a bad version name or a missing build.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True, help="the tree of every published version")
    parser.add_argument("--html", type=Path, required=True, help="the built site to publish")
    parser.add_argument("--version", required=True, help="'latest' or a release tag such as v0.1.0")
    args = parser.parse_args(argv)
    try:
        publish(args.site, args.html, args.version, published_root())
    except ValueError as exc:
        print(f"publish_docs: error: {exc}", file=sys.stderr)
        return 2
    return 0


def publish(site: Path, built: Path, version: str, root_url: str) -> None:
    """Copy a build to ``site/version`` and rewrite the switcher, the redirect and ``.nojekyll``.

    Parameters
    ----------
    site : Path
        The tree of every published version; created if missing.
    built : Path
        The built site (it holds ``index.html``).
    version : str
        ``latest`` or a release tag ``vX.Y.Z``.
    root_url : str
        The address the site is served from, ending in ``/``.

    Raises
    ------
    ValueError
        If the version is neither ``latest`` nor a release tag, or
        ``built`` holds no ``index.html``.
    """
    if version != _LATEST and not _RELEASE.fullmatch(version):
        raise ValueError(f"version {version!r} is neither {_LATEST!r} nor a release tag such as v0.1.0")
    if not (built / "index.html").is_file():
        raise ValueError(f"{built} holds no index.html: build the site first")
    site.mkdir(parents=True, exist_ok=True)
    target = site / version
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(built, target, ignore=shutil.ignore_patterns(".doctrees", ".buildinfo"))
    versions = [entry.name for entry in site.iterdir() if entry.is_dir() and _is_version(entry.name)]
    entries = switcher_entries(versions, root_url)
    (site / "switcher.json").write_text(json.dumps(entries, indent=2) + "\n", encoding="utf-8")
    (site / "index.html").write_text(_redirect(f"{_LATEST}/"), encoding="utf-8")
    (site / ".nojekyll").write_text("", encoding="utf-8")


def switcher_entries(versions: Sequence[str], root_url: str) -> list[dict[str, object]]:
    """Return the version menu's entries, in the format pydata-sphinx-theme reads.

    Parameters
    ----------
    versions : sequence of str
        The published folders: ``latest`` and release tags.
    root_url : str
        The address the site is served from, ending in ``/``.

    Returns
    -------
    list of dict
        ``latest`` first, then the releases, newest first; the newest
        release is ``preferred``.
    """
    releases = sorted((v for v in versions if _RELEASE.fullmatch(v)), key=_release_key, reverse=True)
    entries: list[dict[str, object]] = []
    if _LATEST in versions:
        entries.append({"name": "latest (main)", "version": _LATEST, "url": f"{root_url}{_LATEST}/"})
    for index, release in enumerate(releases):
        entry: dict[str, object] = {"name": release, "version": release, "url": f"{root_url}{release}/"}
        if index == 0:
            entry["preferred"] = True
        entries.append(entry)
    return entries


def published_root() -> str:
    """Return the address the site is served from: the ``Documentation`` URL without its ``latest/``.

    Returns
    -------
    str
        The address, ending in ``/``.
    """
    project = tomllib.loads((_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    documentation = project["urls"]["Documentation"]
    return documentation.removesuffix(f"{_LATEST}/")


def _is_version(name: str) -> bool:
    """Return whether a folder of the site is a published version."""
    return name == _LATEST or _RELEASE.fullmatch(name) is not None


def _release_key(tag: str) -> tuple[int, int, int]:
    """Return a release tag's version numbers, for sorting."""
    match = _RELEASE.fullmatch(tag)
    assert match is not None
    return int(match[1]), int(match[2]), int(match[3])


def _redirect(target: str) -> str:
    """Return a page that sends the reader to ``target``."""
    quoted = html.escape(target, quote=True)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="refresh" content="0; url={quoted}">\n<link rel="canonical" href="{quoted}">\n'
        "<title>cuda.core developer guide</title>\n</head>\n"
        f'<body><p>The guide is at <a href="{quoted}">{quoted}</a>.</p></body>\n</html>\n'
    )


if __name__ == "__main__":
    sys.exit(main())
